//! The game service, for games of two, three and four seats alike: every change to a
//! game is a compare-and-swap on its version, and a game's end is written together with
//! its players' statistics and ratings and the chat's index in one commit, so it happens
//! exactly once however often it is attempted.

use super::ids::{
    ChallengeId, ChatId, GameId, LinkToken, MessageId, Millis, Timestamp, UserId, Version,
};
use super::rating::{Rated, elo_update, multi_update};
use super::record::{
    AnalysisRecord, AnyRecord, Board, ChallengeRecord, ChallengeStatus, ChallengeTarget,
    ChatRecord, ChatSettings, ColourChoice, DeadlineEntry, DeadlineKind, DeadlineTarget, DrawOffer,
    GameRecord, Language, Pace, Player, RecordKind, RecordRef, ReplayError, SeatLeft, SeatRating,
    Status, TakebackOffer, UserRecord,
};
use super::storage::{CommitError, Storage, StoreError, WriteSet};
use super::time::{TimeControl, Timing};
use crate::engine::multi::MultiVariant;
use crate::engine::{
    AnyGame, AnyOutcome, AnyPositionError, AnyVariant, Color, FirstPlayer, Leave, MoveError,
    Outcome, Ply, Reason, Seat, Square, Variant,
};
use std::cell::Cell;
use std::collections::HashMap;
use std::ops::ControlFlow;
use std::sync::Arc;

thread_local! {
    /// Set while [`GameService::fire_batch`] runs on this thread: commits skip their own
    /// flush because the batch flushes once at the end.
    static DEFERRED: Cell<bool> = const { Cell::new(false) };
}

/// How often a write is retried after losing a race on a record other than the caller's
/// expectation (a chat index or a player's stats); each lost race means another write won.
const MAX_ATTEMPTS: usize = 64;

/// A board shown this long after the move that began its turn moves the turn's start to
/// when it was shown (see [`GameService::turn_shown`]); sooner ones are not worth a write.
pub const LATE_BOARD: Millis = Millis(200);

/// Why a request was refused. Each variant is something the bot tells the user.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ServiceError {
    /// No game with this id.
    #[error("there is no game {0}")]
    NoSuchGame(GameId),
    /// The user does not play in this game (has no seat at it).
    #[error("this is not your game")]
    NotYourGame,
    /// The user plays, but another seat is to move (the bot names whose move it is).
    #[error("it is not your turn")]
    NotYourTurn,
    /// The user's seat has finished or its player left: it moves no more.
    #[error("your seat moves no more")]
    SeatDone,
    /// The engine refused the move, with its reason.
    #[error("{0}")]
    Illegal(MoveError),
    /// The game has ended.
    #[error("the game is over")]
    GameOver,
    /// The position changed since the caller looked (another tap or move won the race).
    #[error("the position changed (now at ply {ply})")]
    Stale {
        /// The current ply.
        ply: u32,
        /// The current version.
        version: Version,
    },
    /// Both sides have moved, so the game can no longer be aborted.
    #[error("both sides have moved: resign instead of aborting")]
    TooLateToAbort,
    /// The variant or the opponent (the program) takes no draw offers.
    #[error("draw offers are not possible in this game")]
    NoDrawOffers,
    /// There is no pending offer by the opponent.
    #[error("there is no draw offer to answer")]
    NoDrawOffer,
    /// The user's own offer is still pending.
    #[error("your draw offer is still pending")]
    AlreadyOffered,
    /// Takebacks are for unrated games between two people, where the chat allows them.
    #[error("takebacks are not possible in this game")]
    NoTakebacks,
    /// The player has made no move to take back.
    #[error("you have no move to take back")]
    NothingToTakeBack,
    /// There is no pending takeback request by the opponent.
    #[error("there is no takeback request to answer")]
    NoTakebackRequest,
    /// The user's own takeback request is still pending.
    #[error("your takeback request is still pending")]
    TakebackPending,
    /// No challenge with this id.
    #[error("there is no challenge {0}")]
    NoSuchChallenge(ChallengeId),
    /// The challenge names someone else.
    #[error("this challenge is for someone else")]
    NotForYou,
    /// A challenger cannot accept their own challenge.
    #[error("you cannot accept your own challenge")]
    OwnChallenge,
    /// The challenge was already answered, withdrawn or expired.
    #[error("this challenge is closed")]
    ChallengeClosed(ChallengeStatus),
    /// The challenge ran out of time.
    #[error("this challenge has expired")]
    ChallengeExpired,
    /// A timer event was asked for before it was due.
    #[error("not due yet")]
    NotDue,
    /// A win on time claimed before the opponent's time is up (or in a game without days
    /// a move).
    #[error("the opponent's time is not up")]
    TimeNotUp,
    /// A new game or challenge that cannot be set up as asked.
    #[error("cannot set up the game: {0}")]
    BadSetup(SetupError),
    /// A lobby refused the request.
    #[error(transparent)]
    Lobby(#[from] LobbyRefusal),
    /// A tournament refused the request.
    #[error(transparent)]
    Tournament(TournamentRefusal),
    /// The game is paused: the bot cannot write to a chat of its boards (it was removed
    /// from the group, or the person blocked it) until that chat can be written to again.
    #[error("the game is paused: the bot cannot write to one of its chats")]
    Paused,
    /// The game has no board in that chat (a caller's mistake, not a user's).
    #[error("the game is not shown in that chat")]
    NotInChat,
    /// Too many concurrent writes to the same records; try again.
    #[error("too many concurrent changes; try again")]
    Busy,
    /// A stored game does not replay (reported, left in place for inspection).
    #[error("game {id} is damaged: {error}")]
    Damaged {
        /// The game.
        id: GameId,
        /// What does not replay.
        error: ReplayError,
    },
    /// The store failed or found a damaged record.
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// Why a new game or challenge cannot be set up as asked; the bot puts each into words.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// A challenge of oneself.
    #[error("you cannot challenge yourself")]
    OwnChallenge,
    /// The training room is one person alone.
    #[error("the training room is for one player")]
    TrainingAlone,
    /// A seat without a player (outside a lobby).
    #[error("every seat needs a player")]
    EmptySeat,
    /// Only the program at the board.
    #[error("at least one player must be a person")]
    NoPerson,
    /// The seats given do not fit the variant.
    #[error("the variant seats {0}")]
    SeatCount(usize),
    /// The start position does not fit the variant.
    #[error("start position: {0}")]
    Start(AnyPositionError),
    /// The start position is already decided.
    #[error("that position is already decided")]
    Decided,
    /// A challenge by mention without a name.
    #[error("empty username")]
    EmptyUsername,
    /// Lobbies are for games of three or four seats.
    #[error("lobbies are for games of three or four")]
    NoLobby,
}

/// Why a lobby refused a request; each is something the bot tells the person.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LobbyRefusal {
    /// The chat already has an open lobby or a game of three or four in play.
    #[error("a table is already open in this chat")]
    AlreadyOpen,
    /// The lobby has lapsed, was closed, or its game has started.
    #[error("this lobby is closed")]
    Closed,
    /// Every seat is taken.
    #[error("every seat is taken")]
    Full,
    /// The person already sits at the table.
    #[error("you already have a seat")]
    AlreadySeated,
    /// The person does not sit at the table.
    #[error("you have no seat at this table")]
    NotSeated,
    /// Only the host may start the game or add the program.
    #[error("only the host may do that")]
    NotHost,
    /// Start asked before every seat is taken.
    #[error("not every seat is taken yet")]
    SeatsOpen,
}

/// What kind of error a [`ServiceError`] is, for whoever reports it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorClass {
    /// The rules or the game's state refuse what a person asked (not their turn, an
    /// illegal move, a closed challenge): they are told why, and nothing failed.
    Refusal,
    /// The store or the machine failed (a full disk, a damaged record, too much
    /// contention): nothing changed, and the same request may work later.
    Failure,
    /// A caller asked for something no person can (a timer event before it is due, a board
    /// in a chat the game is not shown in): a bug in the caller.
    Bug,
}

impl ServiceError {
    /// Whether this is a refusal to tell a person, a failure, or a bug.
    pub fn class(&self) -> ErrorClass {
        match self {
            ServiceError::Busy | ServiceError::Damaged { .. } => ErrorClass::Failure,
            ServiceError::Store(StoreError::Invalid(_)) => ErrorClass::Bug,
            ServiceError::Store(_) => ErrorClass::Failure,
            ServiceError::NotDue | ServiceError::NotInChat => ErrorClass::Bug,
            ServiceError::NoSuchGame(_)
            | ServiceError::NotYourGame
            | ServiceError::NotYourTurn
            | ServiceError::SeatDone
            | ServiceError::Illegal(_)
            | ServiceError::GameOver
            | ServiceError::Stale { .. }
            | ServiceError::TooLateToAbort
            | ServiceError::NoDrawOffers
            | ServiceError::NoDrawOffer
            | ServiceError::AlreadyOffered
            | ServiceError::NoTakebacks
            | ServiceError::NothingToTakeBack
            | ServiceError::NoTakebackRequest
            | ServiceError::TakebackPending
            | ServiceError::NoSuchChallenge(_)
            | ServiceError::NotForYou
            | ServiceError::OwnChallenge
            | ServiceError::ChallengeClosed(_)
            | ServiceError::ChallengeExpired
            | ServiceError::TimeNotUp
            | ServiceError::BadSetup(_)
            | ServiceError::Paused
            | ServiceError::Lobby(_)
            | ServiceError::Tournament(_) => ErrorClass::Refusal,
        }
    }
}

/// What the caller believes about the game; a mismatch is [`ServiceError::Stale`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Expect {
    /// Whatever the current state is (typed moves: the turn check still applies).
    Any,
    /// Exactly this version.
    Version(Version),
    /// This many plies played (a tap on the board of that ply; callback data carries it).
    Ply(u32),
}

impl Expect {
    fn check(self, g: &GameRecord) -> Result<(), ServiceError> {
        let ok = match self {
            Expect::Any => true,
            Expect::Version(v) => g.version == v,
            Expect::Ply(p) => g.ply() == p,
        };
        if ok {
            Ok(())
        } else {
            Err(ServiceError::Stale {
                ply: g.ply(),
                version: g.version,
            })
        }
    }
}

/// Who makes a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Actor {
    /// A person.
    User(UserId),
    /// The program (its own seat, or a table's seat whose person left).
    Program,
}

/// A move as it arrives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveInput {
    /// Typed text in any of the engine's forgiving forms.
    Text(String),
    /// Squares (two = shortest chain; more = exact chain), e.g. from taps or the AI.
    Squares(Vec<Square>),
    /// A pass (a table's seat with no legal move).
    Pass,
}

impl From<&Ply> for MoveInput {
    fn from(p: &Ply) -> MoveInput {
        match p {
            Ply::Move(path) => MoveInput::Squares(path.squares().to_vec()),
            Ply::Pass => MoveInput::Pass,
        }
    }
}

impl From<&crate::engine::Path> for MoveInput {
    fn from(p: &crate::engine::Path) -> MoveInput {
        MoveInput::Squares(p.squares().to_vec())
    }
}

/// A move that was played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Moved {
    /// The game after it (check `game.status` for an ending and `game.ratings`).
    pub game: GameRecord,
    /// The ply played.
    pub ply: Ply,
    /// The seat it was played for.
    pub seat: Seat,
    /// Whether the program moved for a player who missed the per-move limit.
    pub auto: bool,
}

/// The result of a move request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveOutcome {
    /// The move was played.
    Played(Moved),
    /// The mover's clock had already run out: the game ended on time instead.
    Flagged(GameRecord),
}

impl MoveOutcome {
    /// The game after the request.
    pub fn game(&self) -> &GameRecord {
        match self {
            MoveOutcome::Played(m) => &m.game,
            MoveOutcome::Flagged(g) => g,
        }
    }
}

/// What a draw offer led to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DrawOutcome {
    /// The offer is pending.
    Offered(GameRecord),
    /// The opponent had offered too: drawn by agreement.
    Agreed(GameRecord),
}

/// A game to create.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewGame {
    /// Variant.
    pub variant: AnyVariant,
    /// Who plays each seat in turn order (White, Black; `Absent` Black for the training
    /// room).
    pub players: Vec<Player>,
    /// Time control (a variant's own per-move limit overrides it).
    pub time_control: TimeControl,
    /// Chat.
    pub chat: ChatId,
    /// Board message, if already posted.
    pub message: Option<MessageId>,
    /// Ask for a rated game (granted only where RULES §9 allows).
    pub rated: bool,
    /// Start position text; `None` for the variant's start (first player by lot where the
    /// variant says so).
    pub start: Option<String>,
}

/// A challenge to create.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewChallenge {
    /// Chat.
    pub chat: ChatId,
    /// Its message, if already posted.
    pub message: Option<MessageId>,
    /// Challenger.
    pub from: UserId,
    /// Whom for.
    pub target: ChallengeTarget,
    /// Variant.
    pub variant: Variant,
    /// Time control.
    pub time_control: TimeControl,
    /// Challenger's colour.
    pub colour: ColourChoice,
    /// Ask for a rated game.
    pub rated: bool,
}

/// A user as Telegram shows them in an update.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UserProfile {
    /// Id.
    pub id: UserId,
    /// Display name.
    pub name: String,
    /// `@username` without `@`.
    pub username: Option<String>,
}

/// What a due deadline did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fired {
    /// Nothing is due any more (a move or another timer got there first).
    NotDue,
    /// A lobby that lapsed was removed, its retention over (nobody's game, nothing to
    /// show).
    Removed(GameId),
    /// The program is to move in this game (e.g. after a restart): run the AI and call
    /// [`GameService::play`] with [`Actor::Program`].
    ProgramToMove(GameRecord),
    /// Tell the side to move: little time left ([`DeadlineKind::ClockReminder`]) or the
    /// game will be abandoned tomorrow ([`DeadlineKind::AbandonWarning`]). Marked as sent.
    Reminder {
        /// The game.
        game: GameRecord,
        /// Which warning.
        kind: DeadlineKind,
    },
    /// A draw offer lapsed.
    DrawOfferExpired(GameRecord),
    /// The program moved for a player who missed the per-move limit.
    AutoMoved(Moved),
    /// The game ended on time or by abandonment (see its status).
    Ended(GameRecord),
    /// A correspondence move's time is up: the opponent of the side to move may claim the
    /// win ([`GameService::claim_win`]) or keep waiting.
    TimeUp(GameRecord),
    /// The player to move in this game is to hear privately that it is their move, unless
    /// they have looked at the game since it became their move (the service cannot know).
    TurnNotice(GameRecord),
    /// A challenge lapsed.
    ChallengeExpired(ChallengeRecord),
    /// A table's player is out: a second missed per-move limit in a row, a clock run
    /// out, a game abandoned by them (the program plays their seat on).
    Left {
        /// The game after it.
        game: GameRecord,
        /// The seat.
        seat: Seat,
        /// How.
        how: Leave,
    },
    /// A lobby lapsed before its host started it.
    LobbyLapsed(GameRecord),
}

/// Histogram: seconds a store commit took (its flush to disk included).
pub const STORE_COMMIT_SECONDS: &str = "ugolki_store_commit_seconds";
/// Counter: moves stored, by who made them (`person`, `program`, or `timer` for the
/// program's move for a person who missed a per-move limit).
pub const MOVES_TOTAL: &str = "ugolki_moves_total";
/// Counter: games ended, by reason (RULES.md §4 ids, and `aborted`).
pub const GAMES_ENDED_TOTAL: &str = "ugolki_games_ended_total";

/// Count what a stored change did: the moves it added and the game's end.
fn count_change(cur: &GameRecord, next: &GameRecord) {
    if next.moves.len() > cur.moves.len() {
        let no = cur.seat_no(cur.to_move()).unwrap_or(0);
        let by = match cur.player_to_move() {
            Player::Program { .. } => "program",
            _ if next.clocks.missed[no] > cur.clocks.missed[no] => "timer",
            _ => "person",
        };
        metrics::counter!(MOVES_TOTAL, "by" => by)
            .increment((next.moves.len() - cur.moves.len()) as u64);
    }
    if cur.is_active() && !next.is_active() {
        let reason = match &next.status {
            Status::Over { outcome, .. } => outcome.reason().id(),
            _ => "aborted",
        };
        metrics::counter!(GAMES_ENDED_TOTAL, "reason" => reason).increment(1);
    }
}

/// What one attempt of a guarded write decided (see [`GameService::until_committed`]).
enum Step<T> {
    /// Commit these writes, then return the value.
    Write(WriteSet, T),
    /// Nothing to write: return the value.
    Done(T),
    /// The state read was overtaken: read and decide again.
    Again,
}

fn stored(v: Version) -> Option<Version> {
    (v.0 > 0).then_some(v)
}

fn coin(seed: u64) -> bool {
    use std::hash::BuildHasher;
    std::collections::hash_map::RandomState::new().hash_one(seed) & 1 == 1
}

/// A two-sided game's score for the seat with `place` (1 alone: a win; 1 shared: a draw).
fn score(outcome: AnyOutcome, s: Seat) -> f64 {
    let places = outcome.places();
    let firsts = places.iter().filter(|p| **p == Some(1)).count();
    match outcome.place(s) {
        Some(1) if firsts > 1 => 0.5,
        Some(1) => 1.0,
        _ => 0.0,
    }
}

/// The game service over a [`Storage`]. Cheap to share (`Arc`); all methods are blocking.
pub struct GameService {
    store: Arc<dyn Storage>,
    timing: Timing,
    deadlines_changed: Arc<tokio::sync::Notify>,
    replays: ReplayCache,
}

/// Games whose engine replay is kept (see [`ReplayCache`]; each holds its moves and a map
/// of the positions seen): about what the load test's 1,000 games in play need.
const REPLAY_CACHE_GAMES: usize = 1024;

/// The engine game of each recently read or played game at its version. Without it,
/// showing a tap's selection and playing the move would each replay the whole record, a
/// legality check per ply, so the longer the game the more each move would cost. A version
/// is only ever written once per game, so a game kept at the record's version is that
/// record's replay.
#[derive(Default)]
struct ReplayCache(std::sync::Mutex<HashMap<GameId, (Version, Arc<AnyGame>)>>);

impl ReplayCache {
    fn get(&self, g: &GameRecord) -> Option<AnyGame> {
        let hit = {
            let m = self.0.lock().unwrap_or_else(|e| e.into_inner());
            m.get(&g.id)
                .filter(|(v, _)| *v == g.version)
                .map(|(_, game)| Arc::clone(game))
        };
        hit.map(|game| AnyGame::clone(&game))
    }

    fn put(&self, id: GameId, version: Version, game: &AnyGame) {
        let game = Arc::new(game.clone());
        let mut m = self.0.lock().unwrap_or_else(|e| e.into_inner());
        if m.len() >= REPLAY_CACHE_GAMES && !m.contains_key(&id) {
            // Crude but bounded: start over rather than track recency.
            m.clear();
        }
        m.insert(id, (version, game));
    }
}

mod challenges;
pub use challenges::Swept;
mod chats;
pub use chats::Migrated;
mod deadlines;
mod games;
mod lobby;
mod tournaments;
pub use tournaments::{Advanced, GROUP_BOARDS, MAX_ENTRANTS, TournamentRefusal};
mod users;

impl GameService {
    /// A service over `store` with the timing policy `timing`.
    pub fn new(store: Arc<dyn Storage>, timing: Timing) -> GameService {
        GameService {
            store,
            timing,
            deadlines_changed: Arc::new(tokio::sync::Notify::new()),
            replays: ReplayCache::default(),
        }
    }

    /// Signalled (`notify_one`, so a wake-up is never lost) after every write that
    /// changed the deadline index: the timer task sleeps until the earliest deadline or
    /// this, whichever comes first, then re-reads [`GameService::deadlines`].
    pub fn deadlines_changed(&self) -> Arc<tokio::sync::Notify> {
        Arc::clone(&self.deadlines_changed)
    }

    /// The store (for scans and export).
    pub fn store(&self) -> &Arc<dyn Storage> {
        &self.store
    }

    /// The timing policy.
    pub fn timing(&self) -> &Timing {
        &self.timing
    }

    /// Decide and commit until the writes land. Every write is guarded by the version it
    /// read, so a lost race reads again and `decide` re-checks everything against the new
    /// state; a refusal or a store failure ends it, and so do [`MAX_ATTEMPTS`] lost races
    /// ([`ServiceError::Busy`]).
    fn until_committed<T>(
        &self,
        what: &'static str,
        mut decide: impl FnMut() -> Result<Step<T>, ServiceError>,
    ) -> Result<T, ServiceError> {
        for _ in 0..MAX_ATTEMPTS {
            let (ws, value) = match decide()? {
                Step::Done(v) => return Ok(v),
                Step::Again => continue,
                Step::Write(ws, v) => (ws, v),
            };
            match self.commit(ws) {
                Ok(()) => return Ok(value),
                Err(CommitError::Conflict(r)) => {
                    tracing::debug!(conflict = %r, what, "lost a race; retrying");
                }
                Err(CommitError::Store(e)) => return Err(e.into()),
            }
        }
        Err(ServiceError::Busy)
    }

    /// Commit through the store: durable on return, unless inside [`GameService::fire_batch`],
    /// which flushes once for the whole batch before returning anything.
    fn commit(&self, ws: WriteSet) -> Result<(), CommitError> {
        let started = std::time::Instant::now();
        let r = if DEFERRED.with(Cell::get) {
            self.store.commit_unsynced(ws)
        } else {
            self.store.commit(ws)
        };
        metrics::histogram!(STORE_COMMIT_SECONDS).record(started.elapsed().as_secs_f64());
        r
    }

    /// A game.
    pub fn game(&self, id: GameId) -> Result<GameRecord, ServiceError> {
        self.store.game(id)?.ok_or(ServiceError::NoSuchGame(id))
    }

    /// A finished game's stored analysis, if it has one.
    pub fn analysis(&self, id: GameId) -> Result<Option<AnalysisRecord>, ServiceError> {
        let Some(a) = self.store.analysis(id)? else {
            return Ok(None);
        };
        // One that does not fit its game (a damaged value) is as good as none: made again.
        let moves = self.game(id)?.moves.len();
        Ok(a.fits(moves).then_some(a))
    }

    /// Keep a finished game's analysis. Nothing else is written: ratings, statistics and
    /// the game itself stay as they are.
    pub fn save_analysis(&self, analysis: &AnalysisRecord) -> Result<(), ServiceError> {
        let g = self.game(analysis.game)?;
        if g.is_active() || !analysis.fits(g.moves.len()) {
            return Err(ServiceError::Store(StoreError::Invalid(format!(
                "an analysis of {} moves does not fit game {}",
                analysis.marks.len(),
                g.id
            ))));
        }
        Ok(self.store.put_analysis(analysis)?)
    }

    /// The engine game of a record, by replay (kept per game and version, so a record is
    /// replayed once; see [`ReplayCache`]).
    pub fn replay(&self, g: &GameRecord) -> Result<AnyGame, ServiceError> {
        if let Some(game) = self.replays.get(g) {
            return Ok(game);
        }
        let game = g.replay().map_err(|error| {
            tracing::error!(game = %g.id, %error, "stored game does not replay");
            ServiceError::Damaged { id: g.id, error }
        })?;
        self.replays.put(g.id, g.version, &game);
        Ok(game)
    }
}
