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

pub mod codec;
mod deadlines;
pub mod keys;
pub mod v0;
pub mod v1;
pub mod v2;
pub mod v3;
pub mod v4;
pub mod v5;

use crate::game::{
    AnyRecord, ChallengeId, ChallengeRecord, ChatId, ChatRecord, CommitError, DeadlineEntry,
    DeadlineTarget, GameId, GameRecord, Imported, IndexEntry, RecordKind, RecordRef, Storage,
    StoreError, Timestamp, Timing, UserId, UserRecord, WriteSet,
};
use keys::IndexTree;
use serde::{Deserialize, Serialize};
use sled::Transactional;
use sled::transaction::{ConflictableTransactionError, TransactionError};
use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, Write as _};
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::sync::{Condvar, Mutex};

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

/// A record set aside because it did not decode.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Quarantined {
    /// The tree it was in.
    pub tree: String,
    /// Its key there.
    pub key: Vec<u8>,
    /// Why it was set aside.
    pub reason: String,
    /// When.
    pub at: Timestamp,
    /// The bytes as found.
    pub raw: Vec<u8>,
}

/// Trees taking part in commits, in this order.
const TX_TREES: [&str; 8] = [
    "games",
    "users",
    "chats",
    "challenges",
    "deadlines",
    "user_games",
    "usernames",
    "chat_games",
];

fn kind_slot(k: RecordKind) -> usize {
    match k {
        RecordKind::Game => 0,
        RecordKind::User => 1,
        RecordKind::Chat => 2,
        RecordKind::Challenge => 3,
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
    [
        RecordKind::Game,
        RecordKind::User,
        RecordKind::Chat,
        RecordKind::Challenge,
    ]
    .get(slot)
    .copied()
}

/// Why a transaction closure gave up.
#[derive(Debug)]
enum Abort {
    Conflict(RecordRef),
    Corrupt {
        slot: usize,
        key: Vec<u8>,
        raw: Vec<u8>,
        detail: String,
    },
}

fn io(e: sled::Error) -> StoreError {
    StoreError::Io(e.to_string())
}

/// Group commit: callers that committed wait for a flush that started after their
/// commit; one of them (the leader) runs it for all.
#[derive(Default)]
struct GroupCommit {
    state: Mutex<(u64, u64, bool)>, // (tickets issued, tickets durable, flush running)
    cv: Condvar,
}

impl GroupCommit {
    fn wait_durable(&self, db: &sled::Db) -> Result<(), StoreError> {
        let mut s = self.state.lock().unwrap_or_else(|e| e.into_inner());
        s.0 += 1;
        let ticket = s.0;
        loop {
            if s.1 >= ticket {
                return Ok(());
            }
            if !s.2 {
                s.2 = true;
                let target = s.0;
                drop(s);
                let r = db.flush();
                s = self.state.lock().unwrap_or_else(|e| e.into_inner());
                s.2 = false;
                if r.is_ok() {
                    s.1 = s.1.max(target);
                }
                self.cv.notify_all();
                r.map_err(io)?;
            } else {
                s = self.cv.wait(s).unwrap_or_else(|e| e.into_inner());
            }
        }
    }
}

/// The sled store. Open once per process; share it behind an `Arc`.
pub struct SledStore {
    dir: PathBuf,
    db: sled::Db,
    tx: Vec<sled::Tree>,
    quarantine: sled::Tree,
    meta: sled::Tree,
    group: GroupCommit,
    timing: Timing,
    /// The pending deadlines; its lock is held across every record write, so the index
    /// follows the writes in their order.
    due: Mutex<deadlines::DeadlineIndex>,
    _lock: File,
}

fn lock_dir(dir: &Path, wait: std::time::Duration) -> Result<File, OpenError> {
    let not_writable = |e: std::io::Error| OpenError::NotWritable {
        dir: dir.to_path_buf(),
        reason: e.to_string(),
    };
    std::fs::create_dir_all(dir).map_err(not_writable)?;
    let mut f = OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(dir.join("LOCK"))
        .map_err(not_writable)?;
    let started = std::time::Instant::now();
    let mut attempt = f.try_lock();
    while matches!(attempt, Err(std::fs::TryLockError::WouldBlock)) && started.elapsed() < wait {
        std::thread::sleep(std::time::Duration::from_millis(10));
        attempt = f.try_lock();
    }
    match attempt {
        Ok(()) => {}
        Err(std::fs::TryLockError::WouldBlock) => {
            let mut holder = String::new();
            let _ = f.read_to_string(&mut holder);
            let holder = holder.trim();
            return Err(OpenError::Locked {
                dir: dir.to_path_buf(),
                holder: (!holder.is_empty()).then(|| holder.to_string()),
            });
        }
        Err(std::fs::TryLockError::Error(e)) => return Err(not_writable(e)),
    }
    f.set_len(0).map_err(not_writable)?;
    f.rewind().map_err(not_writable)?;
    write!(f, "{}", std::process::id()).map_err(not_writable)?;
    f.sync_all().map_err(not_writable)?;
    Ok(f)
}

impl SledStore {
    /// Open (creating if needed) the store in `cfg.data_dir`, upgrading an older schema.
    pub fn open(cfg: &StoreConfig) -> Result<SledStore, OpenError> {
        let dir = cfg.data_dir.clone();
        let lock = lock_dir(&dir, cfg.lock_wait)?;
        let db_err = |e: sled::Error| {
            let reason = e.to_string();
            if reason.contains("could not acquire lock") {
                OpenError::Locked {
                    dir: dir.clone(),
                    holder: None,
                }
            } else if matches!(&e, sled::Error::Io(io) if io.kind() == std::io::ErrorKind::PermissionDenied)
            {
                OpenError::NotWritable {
                    dir: dir.clone(),
                    reason,
                }
            } else {
                OpenError::Database {
                    dir: dir.clone(),
                    reason,
                }
            }
        };
        // Holding LOCK proves no other instance runs here; if sled still reports its own
        // file lock, a closed handle of this process is still alive for a moment (sled's
        // background I/O, or a descriptor shared with a child being spawned), so wait.
        let started = std::time::Instant::now();
        let db = loop {
            match sled::Config::new()
                .path(dir.join("db"))
                .cache_capacity(cfg.cache_bytes)
                .flush_every_ms(Some(1000))
                .open()
            {
                Ok(db) => break db,
                Err(e)
                    if e.to_string().contains("could not acquire lock")
                        && started.elapsed() < std::time::Duration::from_secs(10) =>
                {
                    std::thread::sleep(std::time::Duration::from_millis(20));
                }
                Err(e) => return Err(db_err(e)),
            }
        };
        let mut tx = Vec::with_capacity(TX_TREES.len());
        for name in TX_TREES {
            tx.push(db.open_tree(name).map_err(db_err)?);
        }
        let store = SledStore {
            quarantine: db.open_tree("quarantine").map_err(db_err)?,
            meta: db.open_tree("meta").map_err(db_err)?,
            tx,
            db,
            dir: dir.clone(),
            group: GroupCommit::default(),
            timing: cfg.timing,
            due: Mutex::default(),
            _lock: lock,
        };
        store.check_schema()?;
        store.load_deadlines().map_err(|e| OpenError::Database {
            dir: dir.clone(),
            reason: e.to_string(),
        })?;
        Ok(store)
    }

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

    /// Read the deadlines of every record listed in the `deadlines` tree into memory,
    /// converting the tree's older layout (one key per deadline, time first) and
    /// dropping keys whose record has none.
    fn load_deadlines(&self) -> Result<(), StoreError> {
        let started = std::time::Instant::now();
        let tree = &self.tx[index_slot(IndexTree::Deadlines)];
        let mut targets = Vec::new();
        // Records named only by keys of the older layout, and those keys.
        let mut unlisted = std::collections::BTreeSet::new();
        let mut stale = Vec::new();
        for item in tree.iter() {
            let (k, _) = item.map_err(io)?;
            if let Some(t) = keys::parse_deadline_target(&k) {
                targets.push(t);
            } else {
                if let Some(d) = keys::parse_deadline(&k) {
                    unlisted.insert(d.target);
                }
                stale.push(k);
            }
        }
        // The tree's keys sort as the targets do (tag, then big-endian id).
        for t in &targets {
            unlisted.remove(t);
        }
        targets.extend(unlisted.iter().copied());
        targets.sort_unstable();
        // Records are read in key order by range scans (far quicker than a lookup each
        // when most of them are listed), split over the cores: start-up with 110,000
        // pending deadlines is a figure of `ugolki bench timers`.
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
        let chunk = targets.len().div_ceil(threads).max(1024);
        let loaded: Vec<Loaded> = std::thread::scope(|s| {
            let parts: Vec<_> = targets
                .chunks(chunk)
                .map(|part| s.spawn(|| self.read_deadline_records(part)))
                .collect();
            let mut all = Vec::with_capacity(targets.len());
            for p in parts {
                let part = p
                    .join()
                    .map_err(|_| StoreError::Io("reading the deadlines panicked".into()))??;
                all.extend(part);
            }
            Ok::<_, StoreError>(all)
        })?;
        let mut changed = false;
        // New keys before old ones go, so an interrupted conversion loses nothing.
        for (t, _, has) in &loaded {
            let k = keys::deadline_target(*t);
            if *has && unlisted.contains(t) {
                tree.insert(k, &[codec::SCHEMA][..]).map_err(io)?;
                changed = true;
            } else if !*has {
                changed |= tree.remove(k).map_err(io)?.is_some();
            }
        }
        for k in &stale {
            tree.remove(k).map_err(io)?;
        }
        if changed || !stale.is_empty() {
            self.group.wait_durable(&self.db)?;
        }
        if !stale.is_empty() {
            tracing::info!(old_keys = stale.len(), "moved deadline times to memory");
        }
        let mut due = self.due.lock().unwrap_or_else(|e| e.into_inner());
        for (t, index, _) in &loaded {
            due.set(*t, index);
        }
        tracing::info!(
            pending = due.len(),
            records = loaded.len(),
            ms = started.elapsed().as_millis() as u64,
            "loaded the deadlines"
        );
        Ok(())
    }

    /// The index entries of each record in `targets` (sorted), and whether they include a
    /// deadline; a missing or damaged record (set aside, as when its deadline came due)
    /// has none.
    fn read_deadline_records(&self, targets: &[DeadlineTarget]) -> Result<Vec<Loaded>, StoreError> {
        let record_key = |t: DeadlineTarget| match t {
            DeadlineTarget::Game(g) => (RecordKind::Game, keys::game(g)),
            DeadlineTarget::Challenge(c) => (RecordKind::Challenge, keys::challenge(c)),
        };
        let mut out = Vec::with_capacity(targets.len());
        let mut push = |t: DeadlineTarget, r: Option<AnyRecord>| {
            let index = r.map(|r| r.index_entries()).unwrap_or_default();
            let has = index.iter().any(|e| matches!(e, IndexEntry::Deadline(_)));
            out.push((t, index, has));
        };
        // Runs of one kind: a merge of the sorted targets with a range scan of their tree.
        let mut rest = targets;
        while let Some(first) = rest.first() {
            let (kind, lo) = record_key(*first);
            let run = rest
                .iter()
                .take_while(|t| record_key(**t).0 == kind)
                .count();
            let (part, after) = rest.split_at(run);
            rest = after;
            let hi = record_key(part[run - 1]).1;
            let slot = kind_slot(kind);
            let mut want = part.iter().peekable();
            for item in self.tx[slot].range(lo..=hi) {
                let (k, v) = item.map_err(io)?;
                while let Some(t) = want.next_if(|t| record_key(**t).1.as_slice() < &k[..]) {
                    push(*t, None);
                }
                let Some(t) = want.next_if(|t| record_key(**t).1.as_slice() == &k[..]) else {
                    continue;
                };
                match codec::decode(kind, &k, &v, &self.timing) {
                    Ok(r) => push(*t, Some(r)),
                    Err(d) => {
                        self.quarantine(slot, &k, &v, &d);
                        push(*t, None);
                    }
                }
            }
            for t in want {
                push(*t, None);
            }
        }
        Ok(out)
    }

    /// Bytes the database occupies on disk.
    pub fn size_on_disk(&self) -> Result<u64, StoreError> {
        self.db.size_on_disk().map_err(io)
    }

    fn check_schema(&self) -> Result<(), OpenError> {
        let dberr = |e: StoreError| OpenError::Database {
            dir: self.dir.clone(),
            reason: e.to_string(),
        };
        let found = self.meta.get("schema").map_err(io).map_err(dberr)?;
        let found = match found {
            Some(v) => v.first().copied().unwrap_or(0),
            None if self.tx[..3].iter().all(|t| t.is_empty()) => {
                self.set_schema().map_err(dberr)?;
                return Ok(());
            }
            None => 0,
        };
        if found > codec::SCHEMA {
            return Err(OpenError::NewerSchema {
                dir: self.dir.clone(),
                found,
                supported: codec::SCHEMA,
            });
        }
        if found < codec::SCHEMA {
            tracing::info!(from = found, to = codec::SCHEMA, dir = %self.dir.display(), "migrating the database");
            self.migrate(found).map_err(dberr)?;
            self.set_schema().map_err(dberr)?;
        }
        Ok(())
    }

    fn set_schema(&self) -> Result<(), StoreError> {
        self.meta.insert("schema", &[codec::SCHEMA]).map_err(io)?;
        self.group.wait_durable(&self.db)
    }

    /// Rewrite every older value as the current schema, building the indexes older
    /// schemas lacked (v0: all of them; v1: each chat's active games). Safe to
    /// interrupt: values are told apart by their first byte, so a rerun skips what is done.
    fn migrate(&self, from: u8) -> Result<(), StoreError> {
        let mut counts = [0usize; 4];
        for kind in [
            RecordKind::Game,
            RecordKind::User,
            RecordKind::Chat,
            RecordKind::Challenge,
        ] {
            let slot = kind_slot(kind);
            let mut todo: Vec<(Vec<u8>, AnyRecord)> = Vec::new();
            let mut bad = Vec::new();
            for item in self.tx[slot].iter() {
                let (k, v) = item.map_err(io)?;
                if v.first() != Some(&codec::SCHEMA) {
                    match codec::decode(kind, &k, &v, &self.timing) {
                        Ok(r) => todo.push((k.to_vec(), r)),
                        Err(d) => bad.push((k.to_vec(), v.to_vec(), d)),
                    }
                }
            }
            counts[slot] = todo.len();
            for chunk in todo.chunks(256) {
                let enc: Vec<Migrated> = chunk
                    .iter()
                    .map(|(k, r)| {
                        let idx = r
                            .index_entries()
                            .iter()
                            .map(|e| {
                                let (t, k) = keys::index(e);
                                (index_slot(t), k)
                            })
                            .collect();
                        codec::encode_any(r).map(|v| (k.clone(), v, idx))
                    })
                    .collect::<Result<_, _>>()?;
                self.tx
                    .as_slice()
                    .transaction(|t| {
                        for (k, v, idx) in &enc {
                            t[slot].insert(k.as_slice(), v.as_slice())?;
                            for (s, ik) in idx {
                                t[*s].insert(ik.as_slice(), &[codec::SCHEMA][..])?;
                            }
                        }
                        Ok::<(), ConflictableTransactionError<()>>(())
                    })
                    .map_err(|e| StoreError::Io(format!("{e:?}")))?;
            }
            for (k, raw, d) in bad {
                self.quarantine(slot, &k, &raw, &format!("schema {from} upgrade: {d}"));
            }
        }
        self.group.wait_durable(&self.db)?;
        tracing::info!(
            games = counts[0],
            users = counts[1],
            chats = counts[2],
            challenges = counts[3],
            from,
            "migrated to schema {}",
            codec::SCHEMA
        );
        Ok(())
    }

    /// Move a value that does not decode to the quarantine tree (if it is still the same
    /// bytes), drop deadlines that point at it, and return the error that names it.
    fn quarantine(&self, slot: usize, key: &[u8], raw: &[u8], detail: &str) -> StoreError {
        let tree = TX_TREES[slot];
        let record = slot_kind(slot)
            .and_then(|k| keys::reference(k, key))
            .unwrap_or_else(|| RecordRef::Other {
                tree: tree.to_string(),
                key: keys::hex(key),
            });
        tracing::error!(%record, tree, key = %keys::hex(key), detail, "damaged record moved to quarantine");
        let at = Timestamp::now();
        let mut qkey = tree.as_bytes().to_vec();
        qkey.push(0);
        qkey.extend_from_slice(key);
        qkey.push(0);
        qkey.extend_from_slice(&at.0.to_be_bytes());
        let entry = Quarantined {
            tree: tree.to_string(),
            key: key.to_vec(),
            reason: detail.to_string(),
            at,
            raw: raw.to_vec(),
        };
        let moved = codec::encode(&entry).and_then(|q| {
            [&self.tx[slot], &self.quarantine]
                .as_slice()
                .transaction(|t| {
                    if t[0].get(key)?.as_deref() == Some(raw) {
                        t[1].insert(qkey.as_slice(), q.as_slice())?;
                        t[0].remove(key)?;
                    }
                    Ok::<(), ConflictableTransactionError<()>>(())
                })
                .map_err(|e| StoreError::Io(format!("{e:?}")))
        });
        let target = match &record {
            RecordRef::Game(g) => Some(DeadlineTarget::Game(*g)),
            RecordRef::Challenge(c) => Some(DeadlineTarget::Challenge(*c)),
            _ => None,
        };
        if let Some(target) = target {
            let _ = self.tx[4].remove(keys::deadline_target(target));
            self.due
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .remove(target);
        }
        if let RecordRef::Game(g) = &record {
            for item in self.tx[7].iter() {
                if let Ok((k, _)) = item
                    && keys::parse_chat_game(&k).is_some_and(|(_, id)| id == *g)
                {
                    let _ = self.tx[7].remove(k);
                }
            }
        }
        if let Err(e) = moved.and_then(|()| self.group.wait_durable(&self.db)) {
            tracing::error!(%record, error = %e, "could not move the damaged record aside");
        }
        StoreError::Corrupt {
            record,
            detail: detail.to_string(),
        }
    }

    /// Records set aside so far (for an operator to inspect).
    pub fn quarantined(&self) -> Result<Vec<Quarantined>, StoreError> {
        let mut out = Vec::new();
        for item in self.quarantine.iter() {
            let (_, v) = item.map_err(io)?;
            if v.first().is_some_and(|s| (1..=codec::SCHEMA).contains(s))
                && let Ok(q) = postcard::from_bytes::<Quarantined>(&v[1..])
            {
                out.push(q);
            }
        }
        Ok(out)
    }

    fn load(&self, kind: RecordKind, key: &[u8]) -> Result<Option<AnyRecord>, StoreError> {
        let slot = kind_slot(kind);
        let Some(b) = self.tx[slot].get(key).map_err(io)? else {
            return Ok(None);
        };
        match codec::decode(kind, key, &b, &self.timing) {
            Ok(r) => Ok(Some(r)),
            Err(d) => Err(self.quarantine(slot, key, &b, &d)),
        }
    }

    /// Test hook: overwrite a value with raw bytes (to simulate damage on disk).
    #[doc(hidden)]
    pub fn put_raw_for_test(&self, tree: &str, key: &[u8], value: &[u8]) -> Result<(), StoreError> {
        let t = self.db.open_tree(tree).map_err(io)?;
        t.insert(key, value).map_err(io)?;
        self.group.wait_durable(&self.db)
    }

    fn fresh_id(&self, slot: usize) -> Result<u64, StoreError> {
        loop {
            let id = self.db.generate_id().map_err(io)? + 1;
            if !self.tx[slot].contains_key(id.to_be_bytes()).map_err(io)? {
                return Ok(id);
            }
        }
    }

    /// Prepare one write: slot, key, encoded value, index keys.
    fn prepare(rec: &AnyRecord) -> Result<Prepared, StoreError> {
        let (kind, key) = keys::record(&rec.reference())
            .ok_or_else(|| StoreError::Invalid("record without a key".into()))?;
        Ok(Prepared {
            slot: kind_slot(kind),
            kind,
            key: key.to_vec(),
            value: codec::encode_any(rec)?,
            index: rec.index_entries(),
            reference: rec.reference(),
            version: rec.version(),
        })
    }

    fn after_abort(&self, e: TransactionError<Abort>) -> CommitError {
        match e {
            TransactionError::Abort(Abort::Conflict(r)) => CommitError::Conflict(r),
            TransactionError::Abort(Abort::Corrupt {
                slot,
                key,
                raw,
                detail,
            }) => CommitError::Store(self.quarantine(slot, &key, &raw, &detail)),
            TransactionError::Storage(e) => CommitError::Store(io(e)),
        }
    }
}

/// A record listed in the `deadlines` tree as read on open: its index entries, and
/// whether they include a deadline.
type Loaded = (DeadlineTarget, Vec<IndexEntry>, bool);

/// A migrated record: key, encoded value, and (tree slot, key) of each index entry.
type Migrated = (Vec<u8>, Vec<u8>, Vec<(usize, Vec<u8>)>);

struct Prepared {
    slot: usize,
    kind: RecordKind,
    key: Vec<u8>,
    value: Vec<u8>,
    index: Vec<crate::game::IndexEntry>,
    reference: RecordRef,
    version: crate::game::Version,
}

type Tx = Vec<sled::transaction::TransactionalTree>;

/// Inside a transaction: read and decode the current record under `p`'s key.
fn tx_current(
    t: &Tx,
    p: &Prepared,
    timing: &Timing,
) -> Result<Option<AnyRecord>, ConflictableTransactionError<Abort>> {
    match t[p.slot].get(p.key.as_slice())? {
        None => Ok(None),
        Some(b) => match codec::decode(p.kind, &p.key, &b, timing) {
            Ok(r) => Ok(Some(r)),
            Err(detail) => Err(ConflictableTransactionError::Abort(Abort::Corrupt {
                slot: p.slot,
                key: p.key.clone(),
                raw: b.to_vec(),
                detail,
            })),
        },
    }
}

/// Inside a transaction: write `p` over `old`, moving its index entries along.
fn tx_write(
    t: &Tx,
    p: &Prepared,
    old: Option<&AnyRecord>,
) -> Result<(), ConflictableTransactionError<Abort>> {
    let old_keys = old
        .map(|o| index_keys(&o.index_entries()))
        .unwrap_or_default();
    let new_keys = index_keys(&p.index);
    for (tree, k) in old_keys.iter().filter(|e| !new_keys.contains(e)) {
        t[index_slot(*tree)].remove(k.as_slice())?;
    }
    for (tree, k) in new_keys.iter().filter(|e| !old_keys.contains(e)) {
        t[index_slot(*tree)].insert(k.as_slice(), &[codec::SCHEMA][..])?;
    }
    t[p.slot].insert(p.key.as_slice(), p.value.as_slice())?;
    Ok(())
}

/// The sled index keys of a record's index entries (a deadline's is only its record's).
fn index_keys(index: &[IndexEntry]) -> Vec<(IndexTree, Vec<u8>)> {
    let mut v: Vec<(IndexTree, Vec<u8>)> = Vec::with_capacity(index.len());
    for e in index {
        let k = keys::index(e);
        if !v.contains(&k) {
            v.push(k);
        }
    }
    v
}

/// The record a deadline of `r` would name.
fn deadline_target(r: &RecordRef) -> Option<DeadlineTarget> {
    match r {
        RecordRef::Game(g) => Some(DeadlineTarget::Game(*g)),
        RecordRef::Challenge(c) => Some(DeadlineTarget::Challenge(*c)),
        _ => None,
    }
}

impl SledStore {
    /// One atomic, version-checked transaction over every tree (not yet durable).
    fn apply(&self, writes: WriteSet) -> Result<(), CommitError> {
        writes.validate()?;
        let prepared: Vec<(Prepared, Option<crate::game::Version>)> = writes
            .writes
            .iter()
            .map(|w| Self::prepare(&w.record).map(|p| (p, w.expected)))
            .collect::<Result<_, _>>()?;
        for (i, (p, _)) in prepared.iter().enumerate() {
            if prepared[..i]
                .iter()
                .any(|(q, _)| q.reference == p.reference)
            {
                return Err(StoreError::Invalid(format!(
                    "{} written twice in one commit",
                    p.reference
                ))
                .into());
            }
        }
        let timing = self.timing;
        let mut due = self.due.lock().unwrap_or_else(|e| e.into_inner());
        if let [(p, expected)] = prepared.as_slice()
            && self.swap_one(p, *expected)?
        {
            if let Some(t) = deadline_target(&p.reference) {
                due.set(t, &p.index);
            }
            return Ok(());
        }
        let done = self.tx.as_slice().transaction(|t| {
            for (p, expected) in &prepared {
                let old = tx_current(t, p, &timing)?;
                if old.as_ref().map(AnyRecord::version) != *expected {
                    return Err(ConflictableTransactionError::Abort(Abort::Conflict(
                        p.reference.clone(),
                    )));
                }
                tx_write(t, p, old.as_ref())?;
            }
            Ok(())
        });
        match done {
            Ok(()) => {
                for (p, _) in &prepared {
                    if let Some(t) = deadline_target(&p.reference) {
                        due.set(t, &p.index);
                    }
                }
                Ok(())
            }
            Err(e) => {
                drop(due);
                Err(self.after_abort(e))
            }
        }
    }

    /// Write one record without a transaction when that is all a commit does: the current
    /// value decodes at the expected version and the new one keeps its index keys (a
    /// move, whose deadline time is only in memory). `Ok(true)` when written,
    /// `Err(Conflict)` on another version, `Ok(false)` when the transaction must decide
    /// (no current value, a damaged one, index keys that change, or a value that changed
    /// under the compare-and-swap).
    fn swap_one(
        &self,
        p: &Prepared,
        expected: Option<crate::game::Version>,
    ) -> Result<bool, CommitError> {
        let tree = &self.tx[p.slot];
        let Some(cur) = tree.get(p.key.as_slice()).map_err(io)? else {
            return Ok(false);
        };
        let Ok(old) = codec::decode(p.kind, &p.key, &cur, &self.timing) else {
            return Ok(false);
        };
        if Some(old.version()) != expected {
            return Err(CommitError::Conflict(p.reference.clone()));
        }
        let (old_keys, new_keys) = (index_keys(&old.index_entries()), index_keys(&p.index));
        if old_keys.len() != new_keys.len() || old_keys.iter().any(|k| !new_keys.contains(k)) {
            return Ok(false);
        }
        Ok(tree
            .compare_and_swap(p.key.as_slice(), Some(cur), Some(p.value.as_slice()))
            .map_err(io)?
            .is_ok())
    }
}

impl Storage for SledStore {
    fn new_game_id(&self) -> Result<GameId, StoreError> {
        self.fresh_id(0).map(GameId)
    }

    fn new_challenge_id(&self) -> Result<ChallengeId, StoreError> {
        self.fresh_id(3).map(ChallengeId)
    }

    fn game(&self, id: GameId) -> Result<Option<GameRecord>, StoreError> {
        Ok(match self.load(RecordKind::Game, &keys::game(id))? {
            Some(AnyRecord::Game(g)) => Some(g),
            _ => None,
        })
    }

    fn user(&self, id: UserId) -> Result<Option<UserRecord>, StoreError> {
        Ok(match self.load(RecordKind::User, &keys::user(id))? {
            Some(AnyRecord::User(u)) => Some(u),
            _ => None,
        })
    }

    fn chat(&self, id: ChatId) -> Result<Option<ChatRecord>, StoreError> {
        Ok(match self.load(RecordKind::Chat, &keys::chat(id))? {
            Some(AnyRecord::Chat(c)) => Some(c),
            _ => None,
        })
    }

    fn challenge(&self, id: ChallengeId) -> Result<Option<ChallengeRecord>, StoreError> {
        Ok(
            match self.load(RecordKind::Challenge, &keys::challenge(id))? {
                Some(AnyRecord::Challenge(c)) => Some(c),
                _ => None,
            },
        )
    }

    fn commit(&self, writes: WriteSet) -> Result<(), CommitError> {
        self.apply(writes)?;
        self.group.wait_durable(&self.db)?;
        Ok(())
    }

    fn commit_unsynced(&self, writes: WriteSet) -> Result<(), CommitError> {
        self.apply(writes)
    }

    fn deadlines(&self, until: Timestamp, limit: usize) -> Result<Vec<DeadlineEntry>, StoreError> {
        Ok(self
            .due
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .due(until, limit))
    }

    fn user_games(
        &self,
        user: UserId,
        before: Option<GameId>,
        limit: usize,
    ) -> Result<Vec<GameId>, StoreError> {
        let p = keys::user_games_prefix(user);
        let lo = keys::index(&crate::game::IndexEntry::UserGame(user, GameId(0))).1;
        let iter = match before {
            Some(b) => {
                self.tx[5].range(lo..keys::index(&crate::game::IndexEntry::UserGame(user, b)).1)
            }
            None => self.tx[5].scan_prefix(p),
        };
        let mut out = Vec::new();
        for item in iter.rev() {
            if out.len() >= limit {
                break;
            }
            let (k, _) = item.map_err(io)?;
            if let Some(g) = keys::parse_user_game(&k) {
                out.push(g);
            }
        }
        Ok(out)
    }

    fn chat_games(&self, chat: ChatId) -> Result<Vec<GameId>, StoreError> {
        let mut out = Vec::new();
        for item in self.tx[7].scan_prefix(keys::chat(chat)) {
            let (k, _) = item.map_err(io)?;
            if let Some((_, g)) = keys::parse_chat_game(&k) {
                out.push(g);
            }
        }
        Ok(out)
    }

    fn all_chat_games(&self) -> Result<Vec<(ChatId, GameId)>, StoreError> {
        let mut out = Vec::new();
        for item in self.tx[7].iter() {
            let (k, _) = item.map_err(io)?;
            if let Some(p) = keys::parse_chat_game(&k) {
                out.push(p);
            }
        }
        Ok(out)
    }

    fn users_by_username(&self, username: &str) -> Result<Vec<UserId>, StoreError> {
        let name = username.trim_start_matches('@').to_lowercase();
        let mut out = Vec::new();
        for item in self.tx[6].scan_prefix(keys::username_prefix(&name)) {
            let (k, _) = item.map_err(io)?;
            if let Some(u) = keys::parse_username(&k) {
                out.push(u);
            }
        }
        Ok(out)
    }

    fn scan(
        &self,
        kind: RecordKind,
        visit: &mut dyn FnMut(AnyRecord) -> ControlFlow<()>,
    ) -> Result<(), StoreError> {
        let slot = kind_slot(kind);
        let mut bad = Vec::new();
        for item in self.tx[slot].iter() {
            let (k, v) = item.map_err(io)?;
            match codec::decode(kind, &k, &v, &self.timing) {
                Ok(r) => {
                    if visit(r).is_break() {
                        break;
                    }
                }
                Err(d) => bad.push((k, v, d)),
            }
        }
        for (k, v, d) in bad {
            self.quarantine(slot, &k, &v, &d);
        }
        Ok(())
    }

    fn challenges_after(
        &self,
        after: ChallengeId,
        limit: usize,
    ) -> Result<Vec<ChallengeRecord>, StoreError> {
        let slot = kind_slot(RecordKind::Challenge);
        let from = keys::challenge(ChallengeId(after.0.saturating_add(1)));
        let mut out = Vec::new();
        let mut bad = Vec::new();
        for item in self.tx[slot].range(from..) {
            if out.len() >= limit {
                break;
            }
            let (k, v) = item.map_err(io)?;
            match codec::decode(RecordKind::Challenge, &k, &v, &self.timing) {
                Ok(AnyRecord::Challenge(c)) => out.push(c),
                Ok(_) => {}
                Err(d) => bad.push((k, v, d)),
            }
        }
        for (k, v, d) in bad {
            self.quarantine(slot, &k, &v, &d);
        }
        Ok(out)
    }

    fn remove(&self, records: &[(RecordRef, crate::game::Version)]) -> Result<usize, StoreError> {
        let mut removed = 0;
        for chunk in records.chunks(128) {
            let items: Vec<(usize, RecordKind, [u8; 8], &RecordRef, crate::game::Version)> = chunk
                .iter()
                .filter_map(|(r, v)| {
                    let (kind, key) = keys::record(r)?;
                    Some((kind_slot(kind), kind, key, r, *v))
                })
                .collect();
            let timing = self.timing;
            let mut due = self.due.lock().unwrap_or_else(|e| e.into_inner());
            let gone = self
                .tx
                .as_slice()
                .transaction(|t| {
                    let mut gone = Vec::new();
                    for (slot, kind, key, r, v) in &items {
                        let Some(b) = t[*slot].get(key)? else {
                            continue;
                        };
                        // A damaged value is left for the quarantine, which keeps its bytes.
                        let Ok(old) = codec::decode(*kind, key, &b, &timing) else {
                            continue;
                        };
                        if old.version() != *v {
                            continue;
                        }
                        for (tree, k) in index_keys(&old.index_entries()) {
                            t[index_slot(tree)].remove(k.as_slice())?;
                        }
                        t[*slot].remove(&key[..])?;
                        gone.push((*r).clone());
                    }
                    Ok::<_, ConflictableTransactionError<()>>(gone)
                })
                .map_err(|e| StoreError::Io(format!("{e:?}")))?;
            for r in &gone {
                if let Some(t) = deadline_target(r) {
                    due.set(t, &[]);
                }
            }
            removed += gone.len();
        }
        self.group.wait_durable(&self.db)?;
        Ok(removed)
    }

    fn import(&self, records: Vec<AnyRecord>) -> Result<Vec<Imported>, StoreError> {
        let mut out = Vec::with_capacity(records.len());
        for chunk in records.chunks(256) {
            let prepared: Vec<Prepared> =
                chunk.iter().map(Self::prepare).collect::<Result<_, _>>()?;
            // Damaged records in the way are set aside first (the import replaces them).
            for p in &prepared {
                match self.load(p.kind, &p.key) {
                    Ok(_) | Err(StoreError::Corrupt { .. }) => {}
                    Err(e) => return Err(e),
                }
            }
            let timing = self.timing;
            let mut due = self.due.lock().unwrap_or_else(|e| e.into_inner());
            let done = self.tx.as_slice().transaction(|t| {
                let mut res = Vec::with_capacity(prepared.len());
                for p in &prepared {
                    let old = tx_current(t, p, &timing)?;
                    let r = match old.as_ref().map(AnyRecord::version) {
                        None => Imported::Inserted,
                        Some(v) if v < p.version => Imported::Updated,
                        Some(_) => {
                            res.push(Imported::Unchanged);
                            continue;
                        }
                    };
                    tx_write(t, p, old.as_ref())?;
                    res.push(r);
                }
                Ok(res)
            });
            let done = match done {
                Ok(done) => done,
                Err(e) => {
                    drop(due);
                    return Err(match self.after_abort(e) {
                        CommitError::Store(s) => s,
                        CommitError::Conflict(r) => StoreError::Io(format!("conflict on {r}")),
                    });
                }
            };
            for (p, r) in prepared.iter().zip(&done) {
                if *r != Imported::Unchanged
                    && let Some(t) = deadline_target(&p.reference)
                {
                    due.set(t, &p.index);
                }
            }
            drop(due);
            out.extend(done);
        }
        self.group.wait_durable(&self.db)?;
        Ok(out)
    }

    fn flush(&self) -> Result<(), StoreError> {
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
