//! The game service: records, the storage port, and the operations the bot and the timer
//! task use. No Telegram and no sled types here: the bot adapts Telegram to these calls,
//! and `store::SledStore` implements [`Storage`].
//!
//! Guarantees, whatever the store:
//! - every change to a game is a compare-and-swap on its [`Version`]: two racing taps can
//!   never play two moves for one turn or one move twice; the loser gets
//!   [`ServiceError::Stale`] (or `NotYourTurn` when it did not state an expectation);
//! - a game (of two, three or four seats) ends exactly once, and its end, its players'
//!   statistics and ratings, and the chat's list of open games are written in one atomic
//!   commit;
//! - a call that returns `Ok` is durable (the store flushed it).

pub(crate) mod cluster;
pub(crate) mod codec;
pub(crate) mod ids;
pub(crate) mod memory;
pub mod rating;
pub(crate) mod record;
pub mod scheduler;
pub(crate) mod service;
pub mod standings;
pub(crate) mod storage;
pub(crate) mod time;
pub mod tournament;

pub use cluster::{Changed, Cluster, Role, Solo};
pub use ids::{
    ChallengeId, ChatId, GameId, InlineMessageId, LinkToken, LinkTokenError, MessageId, Millis,
    Timestamp, TournamentId, UserId, Version,
};
pub use memory::MemoryStore;
pub use rating::{RatingChange, multi_update};
pub use record::{
    ANALYSIS_MEASURE, AnalysisRecord, AnyRecord, BlunderReason, Board, ChallengeRecord,
    ChallengeStatus, ChallengeTarget, ChatRecord, ChatSettings, ColourChoice, Deadline,
    DeadlineEntry, DeadlineKind, DeadlineTarget, DrawOffer, GameRecord, IndexEntry,
    LEFT_SEAT_LEVEL, LOBBY_LAPSE, Language, MoveClass, MoveMark, MultiStats, NoticeDelay,
    Orientation, Pace, Player, RecordKind, RecordRef, ReplayError, SeatLeft, SeatRating, Status,
    TakebackOffer, TournamentPlayer, TournamentRecord, TournamentSettings, TournamentStatus,
    TurnNotices, UserRecord, VariantStats, Venue,
};
pub use service::{
    Actor, Advanced, DrawOutcome, ErrorClass, Expect, Fired, GROUP_BOARDS, GameService, LATE_BOARD,
    LobbyRefusal, MAX_ENTRANTS, Migrated, MoveInput, MoveOutcome, Moved, NewChallenge, NewGame,
    ServiceError, SetupError, Swept, TournamentRefusal, UserProfile,
};
pub use storage::{Cause, CommitError, Imported, Storage, StoreError, Write, WriteSet};
pub use time::{Clocks, TimeControl, Timing};

use std::sync::Arc;

/// The service for async code: a call that may write runs on tokio's blocking pool
/// (`spawn_blocking`, [`AsyncGames::run`]), because a store write waits for an fsync and
/// must not stall a runtime worker; a read-only call may run in place
/// ([`AsyncGames::read`]). Clone it freely.
#[derive(Clone)]
pub struct AsyncGames(Arc<GameService>);

impl AsyncGames {
    /// Wrap a service.
    pub fn new(service: Arc<GameService>) -> AsyncGames {
        AsyncGames(service)
    }

    /// The service itself (for code already on a blocking thread).
    pub fn service(&self) -> &Arc<GameService> {
        &self.0
    }

    /// Run `f` with the service on the blocking pool, e.g.
    /// `games.run(move |s| s.play(id, actor, expect, &mv, now)).await`.
    /// A panic inside `f` is resumed in the caller.
    pub async fn run<T, F>(&self, f: F) -> T
    where
        T: Send + 'static,
        F: FnOnce(&GameService) -> T + Send + 'static,
    {
        let s = Arc::clone(&self.0);
        match tokio::task::spawn_blocking(move || f(&s)).await {
            Ok(t) => t,
            Err(e) if e.is_panic() => std::panic::resume_unwind(e.into_panic()),
            Err(e) => panic!("the blocking pool shut down during a store call: {e}"),
        }
    }

    /// Run `f` on the calling thread with the service's reads ([`Reads`], which cannot
    /// write). Reads never wait for an fsync (sled serves them from its page cache, or
    /// from disk in well under a millisecond; at most they wait for a transaction in
    /// progress, as sled's commits take a global lock, released before the flush), while a
    /// hand-off to the blocking pool costs two thread switches (reading a move's game,
    /// chat and names in place saves 4–11% of the bot's CPU per move under load, and the
    /// rest of a move's reads 2–3% more: docs/BENCHMARKS.md, "Load").
    pub fn read<T>(&self, f: impl FnOnce(Reads<'_>) -> T) -> T {
        f(self.0.reads())
    }
}

/// The service's reads alone: what [`AsyncGames::read`] hands out, so that a call made in
/// place on a runtime worker cannot write (a write waits for an fsync).
#[derive(Clone, Copy)]
pub struct Reads<'a>(&'a GameService);

impl Reads<'_> {
    /// A game by id.
    pub fn game(&self, id: GameId) -> Result<GameRecord, ServiceError> {
        self.0.game(id)
    }

    /// A game's engine game, replayed from its record (or cached).
    pub fn replay(&self, g: &GameRecord) -> Result<crate::engine::AnyGame, ServiceError> {
        self.0.replay(g)
    }

    /// A user's record, if stored.
    pub fn user(&self, id: UserId) -> Result<Option<UserRecord>, ServiceError> {
        self.0.user(id)
    }

    /// A chat's record, or a new chat's defaults (not stored).
    pub fn chat(&self, id: ChatId, now: Timestamp) -> Result<ChatRecord, ServiceError> {
        self.0.chat(id, now)
    }

    /// A chat's record, if stored.
    pub fn stored_chat(&self, id: ChatId) -> Result<Option<ChatRecord>, ServiceError> {
        Ok(self.0.store().chat(id)?)
    }

    /// The games in play shown in `chat`.
    pub fn active_games(&self, chat: ChatId) -> Result<Vec<GameRecord>, ServiceError> {
        self.0.active_games(chat)
    }

    /// A game's stored analysis, if made.
    pub fn analysis(&self, id: GameId) -> Result<Option<AnalysisRecord>, ServiceError> {
        self.0.analysis(id)
    }
}

impl GameService {
    /// The service's reads alone (see [`Reads`]).
    pub fn reads(&self) -> Reads<'_> {
        Reads(self)
    }
}
