//! The sled implementation of the storage port ([`crate::game::Storage`]).
//!
//! - One tree per record kind plus one per derived index (layout in [`keys`]); every value
//!   starts with its schema version ([`codec`]), older schemas are upgraded on open
//!   ([`v0`]).
//! - A commit is one sled transaction over all the trees it touches (records, the
//!   records with deadlines, users' games, usernames), with every expected version
//!   checked inside it; a commit of one record whose index keys stay the same (a move)
//!   is a single compare-and-swap instead. It returns only after a flush to disk.
//!   Concurrent commits share flushes (group commit): one caller flushes for everyone who
//!   committed before it started, the rest wait for that flush instead of issuing their own.
//! - Deadline times are kept in memory ([`deadlines`]), rebuilt from the records on open.
//! - A value that does not decode is moved to the `quarantine` tree (logged, and reported
//!   as [`StoreError::Corrupt`] naming the record); everything else keeps working.
//! - The data directory is locked with an OS file lock (`LOCK`, holding the owner's pid),
//!   so a second instance gets [`OpenError::Locked`] rather than a corrupted database.
//!
//! Files: opening (`open`: the directory lock in `lock`, the schema check and upgrade in
//! `migrate`, the deadlines rebuilt), commits (`commit`, flushed by `flush`), the storage
//! port's reads and writes (`storage`), damaged records (`quarantine`), and the frozen
//! old schemas (`schema`).

pub mod codec;
mod commit;
mod deadlines;
mod flush;
pub mod keys;
mod lock;
mod migrate;
mod open;
pub mod postgres;
mod quarantine;
mod schema;
mod storage;

pub use quarantine::Quarantined;
pub use schema::{v0, v1, v2, v3, v4, v5, v6, v7, v8};

use crate::game::{Cause, RecordKind, StoreError, Timing};
use keys::IndexTree;
use std::fs::File;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// Where and how to open the store.
#[derive(Clone, Debug)]
pub struct StoreConfig {
    /// The data directory (default `./data`); the database lives in `db/` inside it.
    pub data_dir: PathBuf,
    /// sled's page cache budget in bytes (bounds resident memory).
    pub cache_bytes: u64,
    /// Timing policy, used to compute deadlines of records upgraded from old schemas.
    pub timing: Timing,
    /// How long to keep trying a held lock before reporting [`OpenError::Locked`]: a
    /// lock can outlive its closed handle for a moment (a child process being spawned by
    /// another thread shares the descriptor until it execs).
    pub lock_wait: std::time::Duration,
}

impl Default for StoreConfig {
    fn default() -> StoreConfig {
        StoreConfig {
            data_dir: PathBuf::from("data"),
            cache_bytes: 16 << 20,
            timing: Timing::default(),
            lock_wait: std::time::Duration::from_millis(500),
        }
    }
}

impl StoreConfig {
    /// Defaults with another data directory.
    pub fn at(dir: impl Into<PathBuf>) -> StoreConfig {
        StoreConfig {
            data_dir: dir.into(),
            ..StoreConfig::default()
        }
    }
}

/// Why the store could not be opened.
#[derive(Debug, thiserror::Error)]
pub enum OpenError {
    /// Another running instance holds the data directory.
    #[error("data directory {} is in use by another running instance{}; stop it first or use another --data-dir", dir.display(), holder.as_deref().map(|h| format!(" (pid {h})")).unwrap_or_default())]
    Locked {
        /// The directory.
        dir: PathBuf,
        /// The holder's pid as it wrote it.
        holder: Option<String>,
    },
    /// The directory cannot be created or written.
    #[error("data directory {} is not writable: {reason}", dir.display())]
    NotWritable {
        /// The directory.
        dir: PathBuf,
        /// The OS error.
        reason: String,
    },
    /// The database was written by a newer program.
    #[error("database in {} has schema version {found}, but this program knows only up to {supported}; run a newer ugolki", dir.display())]
    NewerSchema {
        /// The directory.
        dir: PathBuf,
        /// Stored version.
        found: u8,
        /// This program's version.
        supported: u8,
    },
    /// sled could not open or migrate the database.
    #[error("database in {} cannot be opened: {reason}", dir.display())]
    Database {
        /// The directory.
        dir: PathBuf,
        /// What failed.
        reason: String,
    },
}

/// Trees taking part in commits, in this order.
const TX_TREES: [&str; 9] = [
    "games",
    "users",
    "chats",
    "challenges",
    "deadlines",
    "user_games",
    "usernames",
    "chat_games",
    // Added last: the slots above are named by number elsewhere.
    "tournaments",
];

/// Schema 7's trees of tables and their chats' index, emptied into `games` and
/// `chat_games` by the upgrade to schema 8 (see `migrate`).
const V7_TABLE_TREES: [&str; 2] = ["tables", "chat_tables"];

fn kind_slot(k: RecordKind) -> usize {
    match k {
        RecordKind::Game => 0,
        RecordKind::User => 1,
        RecordKind::Chat => 2,
        RecordKind::Challenge => 3,
        RecordKind::Tournament => 8,
    }
}

fn index_slot(t: IndexTree) -> usize {
    match t {
        IndexTree::Deadlines => 4,
        IndexTree::UserGames => 5,
        IndexTree::Usernames => 6,
        IndexTree::ChatGames => 7,
    }
}

fn slot_kind(slot: usize) -> Option<RecordKind> {
    match slot {
        0 => Some(RecordKind::Game),
        1 => Some(RecordKind::User),
        2 => Some(RecordKind::Chat),
        3 => Some(RecordKind::Challenge),
        8 => Some(RecordKind::Tournament),
        _ => None,
    }
}

fn io(e: sled::Error) -> StoreError {
    StoreError::Io(Cause::of(e))
}

/// The sled store. Open once per process; share it behind an `Arc`.
pub struct SledStore {
    dir: PathBuf,
    db: sled::Db,
    tx: Vec<sled::Tree>,
    quarantine: sled::Tree,
    meta: sled::Tree,
    /// Finished games' analyses by game id: derived data outside the records'
    /// transactions and schema (see [`Storage::analysis`](crate::game::Storage::analysis)).
    analyses: sled::Tree,
    group: flush::GroupCommit,
    timing: Timing,
    /// The pending deadlines; its lock is held across every record write, so the index
    /// follows the writes in their order.
    due: Mutex<deadlines::DeadlineIndex>,
    _lock: File,
}

impl SledStore {
    /// The data directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The schema version stored in the database.
    pub fn schema(&self) -> Result<u8, StoreError> {
        Ok(self
            .meta
            .get("schema")
            .map_err(io)?
            .and_then(|v| v.first().copied())
            .unwrap_or(0))
    }

    /// Bytes the database occupies on disk.
    pub fn size_on_disk(&self) -> Result<u64, StoreError> {
        self.db.size_on_disk().map_err(io)
    }

    /// Test hook: overwrite a value with raw bytes (to simulate damage on disk).
    #[doc(hidden)]
    pub fn put_raw_for_test(&self, tree: &str, key: &[u8], value: &[u8]) -> Result<(), StoreError> {
        let t = self.db.open_tree(tree).map_err(io)?;
        t.insert(key, value).map_err(io)?;
        self.group.wait_durable(&self.db)
    }
}

impl Drop for SledStore {
    fn drop(&mut self) {
        if let Err(e) = self.db.flush() {
            tracing::error!(error = %e, "flush on close failed");
        }
    }
}
