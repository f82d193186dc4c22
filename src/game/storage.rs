//! The storage port: what the game service needs from a store. `store::SledStore` is the
//! real one, [`super::memory::MemoryStore`] the one for tests.
//!
//! The port is deliberately small: typed reads, scans, and one primitive write,
//! [`Storage::commit`], which applies a set of record writes atomically, each guarded by
//! the version the writer read (optimistic compare-and-swap), and returns only once the
//! write is durable. Everything else (moves, finishing games with both players' stats
//! and the chat index, challenges) is composed from it by the service, so a store needs
//! no game logic, and every store gives the same guarantees.
//!
//! Derived indexes (deadlines, each user's games, each chat's active games, usernames) are maintained by the store
//! itself from [`AnyRecord::index_entries`] inside the same atomic write, so they can
//! never disagree with the records.
//!
//! # Sync, not async
//! The trait is synchronous: sled calls block (a commit waits for an fsync), and keeping
//! the port sync keeps both stores and the service simple and testable with plain
//! threads. Async code (the bot, the timer task) must not call it on a runtime worker:
//! use [`super::AsyncGames`], which runs each service call with
//! `tokio::task::spawn_blocking`.

use super::ids::{ChallengeId, ChatId, GameId, TournamentId, UserId, Version};
use super::record::{
    AnalysisRecord, AnyRecord, ChallengeRecord, ChatRecord, DeadlineEntry, GameRecord, RecordKind,
    RecordRef, TournamentRecord, UserRecord,
};
use std::ops::ControlFlow;

/// What failed under a store (the database, the disk), kept as the error itself, so that
/// a log can show its whole chain.
#[derive(Clone, Debug)]
pub struct Cause(std::sync::Arc<dyn std::error::Error + Send + Sync>);

impl Cause {
    /// The failure `e`.
    pub fn of(e: impl std::error::Error + Send + Sync + 'static) -> Cause {
        Cause(std::sync::Arc::new(e))
    }
}

/// A failure known only by what it says (an error type that is no `Error`, a panic).
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
struct Said(String);

impl From<String> for Cause {
    fn from(s: String) -> Cause {
        Cause::of(Said(s))
    }
}

impl From<&str> for Cause {
    fn from(s: &str) -> Cause {
        Cause::of(Said(s.to_string()))
    }
}

impl std::fmt::Display for Cause {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl std::error::Error for Cause {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.0.source()
    }
}

/// Two causes are the same failure when they say the same.
impl PartialEq for Cause {
    fn eq(&self, other: &Cause) -> bool {
        self.to_string() == other.to_string()
    }
}

impl Eq for Cause {}

/// A storage failure.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StoreError {
    /// A stored record could not be decoded; it was moved to quarantine and the rest of the
    /// store keeps working.
    #[error("{record} is damaged and was set aside: {detail}")]
    Corrupt {
        /// Which record.
        record: RecordRef,
        /// What is wrong with it.
        detail: String,
    },
    /// The disk or the database failed.
    #[error("storage failure: {0}")]
    Io(#[source] Cause),
    /// A write that breaks the port's rules (a bug in the caller).
    #[error("invalid write: {0}")]
    Invalid(String),
}

/// Why a commit did not happen.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CommitError {
    /// A record changed since it was read; nothing was written. Re-read and retry.
    #[error("{0} changed concurrently")]
    Conflict(RecordRef),
    /// The store failed; nothing was written.
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// One guarded write: `record` replaces the stored record if its version is `expected`
/// (`None`: it must not exist yet). `record.version` must be `expected + 1` (1 for new).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Write {
    /// The version the writer read.
    pub expected: Option<Version>,
    /// The new record.
    pub record: AnyRecord,
}

/// Writes applied together or not at all.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct WriteSet {
    /// The writes, applied in order.
    pub writes: Vec<Write>,
}

impl WriteSet {
    /// Nothing yet.
    pub fn new() -> WriteSet {
        WriteSet::default()
    }

    /// Add a write of `record` guarded by `expected`.
    pub fn put(&mut self, expected: Option<Version>, record: AnyRecord) -> &mut WriteSet {
        self.writes.push(Write { expected, record });
        self
    }

    /// Check the version rule of every write.
    pub fn validate(&self) -> Result<(), StoreError> {
        for w in &self.writes {
            let want = w.expected.map_or(Version(1), Version::next);
            if w.record.version() != want {
                return Err(StoreError::Invalid(format!(
                    "{} written as version {} after {:?}",
                    w.record.reference(),
                    w.record.version(),
                    w.expected
                )));
            }
        }
        Ok(())
    }
}

/// What an import did with one record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Imported {
    /// It was not there: stored.
    Inserted,
    /// An older version was there: replaced.
    Updated,
    /// The same or a newer version was there: kept.
    Unchanged,
}

/// The storage port. Every method is blocking (see the module docs).
pub trait Storage: Send + Sync {
    /// A fresh game id (never reused, even across restarts and imports).
    fn new_game_id(&self) -> Result<GameId, StoreError>;
    /// A fresh challenge id.
    fn new_challenge_id(&self) -> Result<ChallengeId, StoreError>;
    /// A fresh tournament id.
    fn new_tournament_id(&self) -> Result<TournamentId, StoreError>;

    /// A game.
    fn game(&self, id: GameId) -> Result<Option<GameRecord>, StoreError>;
    /// A user.
    fn user(&self, id: UserId) -> Result<Option<UserRecord>, StoreError>;
    /// A chat.
    fn chat(&self, id: ChatId) -> Result<Option<ChatRecord>, StoreError>;
    /// A challenge.
    fn challenge(&self, id: ChallengeId) -> Result<Option<ChallengeRecord>, StoreError>;
    /// A tournament (a group's tournaments are found by [`Storage::scan`]: a group holds
    /// a few a month, not enough for an index of their own).
    fn tournament(&self, id: TournamentId) -> Result<Option<TournamentRecord>, StoreError>;

    /// Apply `writes` atomically if every expected version matches; durable on return.
    fn commit(&self, writes: WriteSet) -> Result<(), CommitError>;
    /// As [`Storage::commit`], but returns before the write is durable: the caller must
    /// call [`Storage::flush`] before it tells anyone (batches of timer events share one
    /// flush this way). Stores without a cheaper path just commit durably.
    fn commit_unsynced(&self, writes: WriteSet) -> Result<(), CommitError> {
        self.commit(writes)
    }

    /// Pending deadlines due at or before `until` (all with `u64::MAX`), earliest first,
    /// at most `limit`.
    fn deadlines(
        &self,
        until: super::ids::Timestamp,
        limit: usize,
    ) -> Result<Vec<DeadlineEntry>, StoreError>;
    /// A user's games, newest first, at most `limit`, older than `before` if given.
    fn user_games(
        &self,
        user: UserId,
        before: Option<GameId>,
        limit: usize,
    ) -> Result<Vec<GameId>, StoreError>;
    /// The active games shown in `chat`, oldest first.
    fn chat_games(&self, chat: ChatId) -> Result<Vec<GameId>, StoreError>;
    /// Every (chat, active game) pair, for start-up checks.
    fn all_chat_games(&self) -> Result<Vec<(ChatId, GameId)>, StoreError>;
    /// Users last seen with `username` (case-insensitive, without `@`).
    fn users_by_username(&self, username: &str) -> Result<Vec<UserId>, StoreError>;

    /// Up to `limit` challenges with ids above `after`, in id order; damaged ones are
    /// quarantined and skipped (the retention sweep reads the store in such steps).
    fn challenges_after(
        &self,
        after: ChallengeId,
        limit: usize,
    ) -> Result<Vec<ChallengeRecord>, StoreError>;
    /// Remove each of `records` that is still at the version given (one that changed
    /// meanwhile stays), with its index entries; durable on return. Returns how many went.
    /// For records nothing needs any longer (retention), so not one atomic write.
    fn remove(&self, records: &[(RecordRef, Version)]) -> Result<usize, StoreError>;

    /// Visit every record of `kind` in key order; damaged ones are quarantined and skipped.
    fn scan(
        &self,
        kind: RecordKind,
        visit: &mut dyn FnMut(AnyRecord) -> ControlFlow<()>,
    ) -> Result<(), StoreError>;
    /// Store records as they are (export/import, migrations), unguarded but idempotent: a
    /// record replaces a stored one only if its version is higher. Durable on return.
    fn import(&self, records: Vec<AnyRecord>) -> Result<Vec<Imported>, StoreError>;
    /// Make everything written so far durable (shutdown).
    fn flush(&self) -> Result<(), StoreError>;

    /// A game's stored analysis. A value this program cannot read (an older layout) is
    /// as good as none: analyses are derived data, made again on request.
    fn analysis(&self, game: GameId) -> Result<Option<AnalysisRecord>, StoreError>;
    /// Keep a game's analysis (replacing any). Not flushed at once: a lost analysis is
    /// only made again.
    fn put_analysis(&self, analysis: &AnalysisRecord) -> Result<(), StoreError>;
}

/// The index entries to remove and to add when `old` becomes `new`.
pub fn index_diff(
    old: &[super::record::IndexEntry],
    new: &[super::record::IndexEntry],
) -> (
    Vec<super::record::IndexEntry>,
    Vec<super::record::IndexEntry>,
) {
    let removed = old.iter().filter(|e| !new.contains(e)).cloned().collect();
    let added = new.iter().filter(|e| !old.contains(e)).cloned().collect();
    (removed, added)
}

#[cfg(test)]
mod tests {
    use super::{Cause, StoreError};
    use std::error::Error;

    #[test]
    fn a_storage_failure_keeps_the_error_beneath_it() {
        /// A database error over the disk's, as sled's are.
        #[derive(Debug, thiserror::Error)]
        #[error("the database failed")]
        struct Database(#[source] std::io::Error);
        let e = StoreError::Io(Cause::of(Database(std::io::Error::from_raw_os_error(28))));
        assert_eq!(e.to_string(), "storage failure: the database failed");
        // The error itself is kept, with its own chain: a string would have no source.
        let cause = e.source().expect("the cause");
        let beneath = cause
            .source()
            .expect("the disk's error beneath the database's");
        assert!(beneath.to_string().contains("os error 28"), "{beneath}");
        // Two causes that say the same are the same failure (records compare errors).
        assert_eq!(
            StoreError::Io("conflict on game 1".into()),
            StoreError::Io(Cause::from("conflict on game 1".to_string()))
        );
    }
}
