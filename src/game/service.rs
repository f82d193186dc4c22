//! The game service: every change to a game is a compare-and-swap on its version, and a
//! game's end is written together with both players' statistics and the chat's index in
//! one commit, so it happens exactly once however often it is attempted.

use super::ids::{
    ChallengeId, ChatId, GameId, LinkToken, MessageId, Millis, Timestamp, UserId, Version,
};
use super::rating::{Rated, elo_update};
use super::record::{
    AnyRecord, Board, ChallengeRecord, ChallengeStatus, ChallengeTarget, ChatRecord, ChatSettings,
    ColourChoice, DeadlineEntry, DeadlineKind, DeadlineTarget, DrawOffer, GameRecord, Language,
    Player, RecordKind, ReplayError, Status, UserRecord,
};
use super::storage::{CommitError, Storage, StoreError, WriteSet};
use super::time::{Clocks, TimeControl, Timing};
use crate::engine::{
    Color, FirstPlayer, Game, MoveError, Outcome, Path, Played, Position, Reason, Square, Variant,
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
    /// The user does not play in this game.
    #[error("this is not your game")]
    NotYourGame,
    /// The user plays, but it is the opponent's turn.
    #[error("it is not your turn")]
    NotYourTurn,
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
    /// A new game or challenge that cannot be set up as asked.
    #[error("cannot set up the game: {0}")]
    BadSetup(String),
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
    /// The program (its own move in a game against it).
    Program,
}

/// A move as it arrives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveInput {
    /// Typed text in any of the engine's forgiving forms.
    Text(String),
    /// Squares (two = shortest chain; more = exact chain), e.g. from taps or the AI.
    Squares(Vec<Square>),
}

impl From<&Path> for MoveInput {
    fn from(p: &Path) -> MoveInput {
        MoveInput::Squares(p.squares().to_vec())
    }
}

/// A move that was played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Moved {
    /// The game after it (check `game.status` for an ending and `game.ratings`).
    pub game: GameRecord,
    /// The path played.
    pub path: Path,
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
    pub variant: Variant,
    /// White, Black (`Absent` Black for the training room).
    pub players: [Player; 2],
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
    /// A challenge lapsed.
    ChallengeExpired(ChallengeRecord),
}

/// Histogram: seconds a store commit took (its flush to disk included).
pub const STORE_COMMIT_SECONDS: &str = "ugolki_store_commit_seconds";
/// Counter: moves stored, by who made them (`person`, `program`).
pub const MOVES_TOTAL: &str = "ugolki_moves_total";
/// Counter: games ended, by reason (RULES.md §4 ids, and `aborted`).
pub const GAMES_ENDED_TOTAL: &str = "ugolki_games_ended_total";

/// Count what a stored change did: the moves it added and the game's end.
fn count_change(cur: &GameRecord, next: &GameRecord) {
    if next.moves.len() > cur.moves.len() {
        let by = match cur.player(cur.side_to_move()) {
            Player::Program { .. } => "program",
            _ => "person",
        };
        metrics::counter!(MOVES_TOTAL, "by" => by)
            .increment((next.moves.len() - cur.moves.len()) as u64);
    }
    if cur.is_active() && !next.is_active() {
        let reason = match &next.status {
            Status::Over { outcome, .. } => outcome.reason.id(),
            _ => "aborted",
        };
        metrics::counter!(GAMES_ENDED_TOTAL, "reason" => reason).increment(1);
    }
}

fn stored(v: Version) -> Option<Version> {
    (v.0 > 0).then_some(v)
}

fn coin(seed: u64) -> bool {
    use std::hash::BuildHasher;
    std::collections::hash_map::RandomState::new().hash_one(seed) & 1 == 1
}

fn score(outcome: Outcome, c: Color) -> f64 {
    match outcome.result.winner() {
        None => 0.5,
        Some(w) if w == c => 1.0,
        Some(_) => 0.0,
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
struct ReplayCache(std::sync::Mutex<HashMap<GameId, (Version, Arc<Game>)>>);

impl ReplayCache {
    fn get(&self, g: &GameRecord) -> Option<Game> {
        let hit = {
            let m = self.0.lock().unwrap_or_else(|e| e.into_inner());
            m.get(&g.id)
                .filter(|(v, _)| *v == g.version)
                .map(|(_, game)| Arc::clone(game))
        };
        hit.map(|game| Game::clone(&game))
    }

    fn put(&self, id: GameId, version: Version, game: &Game) {
        let game = Arc::new(game.clone());
        let mut m = self.0.lock().unwrap_or_else(|e| e.into_inner());
        if m.len() >= REPLAY_CACHE_GAMES && !m.contains_key(&id) {
            // Crude but bounded: start over rather than track recency.
            m.clear();
        }
        m.insert(id, (version, game));
    }
}

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

    /// Fire many due deadlines in one blocking call: each is still its own
    /// version-checked write, but they share one flush, done before this returns (so
    /// nothing is announced before it is durable). Results are in `entries` order.
    pub fn fire_batch(
        &self,
        entries: &[DeadlineEntry],
        now: Timestamp,
        auto_move: &mut dyn FnMut(&Game) -> Option<Path>,
    ) -> Vec<Result<Fired, ServiceError>> {
        struct Defer;
        impl Drop for Defer {
            fn drop(&mut self) {
                DEFERRED.with(|d| d.set(false));
            }
        }
        let results: Vec<Result<Fired, ServiceError>> = {
            DEFERRED.with(|d| d.set(true));
            let _guard = Defer;
            entries
                .iter()
                .map(|e| self.fire_deadline(e, now, auto_move))
                .collect()
        };
        match self.store.flush() {
            Ok(()) => results,
            Err(e) => results
                .into_iter()
                .map(|r| r.and(Err(ServiceError::Store(e.clone()))))
                .collect(),
        }
    }

    /// A game.
    pub fn game(&self, id: GameId) -> Result<GameRecord, ServiceError> {
        self.store.game(id)?.ok_or(ServiceError::NoSuchGame(id))
    }

    /// The engine game of a record, by replay (kept per game and version, so a record is
    /// replayed once; see [`ReplayCache`]).
    pub fn replay(&self, g: &GameRecord) -> Result<Game, ServiceError> {
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

    /// The core of every game change: read, let `f` derive the next record from the
    /// current one, recompute the deadline, add the finishing writes if `f` ended the
    /// game, and commit guarded by the version read. A lost race re-reads and re-runs `f`,
    /// which re-checks everything (turn, expectation, legality) against the new state.
    fn change_game<T>(
        &self,
        id: GameId,
        now: Timestamp,
        f: impl FnMut(&GameRecord, &mut GameRecord) -> Result<T, ServiceError>,
    ) -> Result<(GameRecord, T), ServiceError> {
        self.change_game_from(id, None, now, f)
    }

    /// [`Self::change_game`] starting from a record the caller has just read (the timer
    /// reads every game it fires anyway), which saves one store read per change; a lost
    /// race re-reads as usual, and so does a refusal: it must come from the stored
    /// state, not from a copy that a change may have overtaken.
    fn change_game_from<T>(
        &self,
        id: GameId,
        mut first: Option<GameRecord>,
        now: Timestamp,
        mut f: impl FnMut(&GameRecord, &mut GameRecord) -> Result<T, ServiceError>,
    ) -> Result<(GameRecord, T), ServiceError> {
        for _ in 0..MAX_ATTEMPTS {
            let (cur, supplied) = match first.take() {
                Some(g) if g.id == id => (g, true),
                _ => (self.game(id)?, false),
            };
            let mut next = cur.clone();
            let value = match f(&cur, &mut next) {
                Ok(value) => value,
                Err(e) if supplied => {
                    let stored = self.game(id)?;
                    if stored.version == cur.version {
                        return Err(e);
                    }
                    first = Some(stored);
                    continue;
                }
                Err(e) => return Err(e),
            };
            next.version = cur.version.next();
            next.updated_at = now;
            next.deadline = next.compute_deadline(&self.timing);
            let mut ws = WriteSet::new();
            if cur.is_active() && !next.is_active() {
                self.finish_writes(&mut next, now, &mut ws)?;
            }
            ws.put(Some(cur.version), AnyRecord::Game(next.clone()));
            match self.commit(ws) {
                Ok(()) => {
                    if next.deadline != cur.deadline {
                        self.deadlines_changed.notify_one();
                    }
                    count_change(&cur, &next);
                    return Ok((next, value));
                }
                Err(CommitError::Conflict(r)) => {
                    tracing::debug!(game = %id, conflict = %r, "lost a race; retrying");
                }
                Err(CommitError::Store(e)) => return Err(e.into()),
            }
        }
        Err(ServiceError::Busy)
    }

    /// The writes that accompany a game's end: for a decided game between distinct sides
    /// both players' statistics and, if rated, their ratings. (The chat's active-game
    /// index follows the game record in the same commit.)
    fn finish_writes(
        &self,
        g: &mut GameRecord,
        now: Timestamp,
        ws: &mut WriteSet,
    ) -> Result<(), ServiceError> {
        g.deadline = None;
        g.draw_offer = None;
        let Some(outcome) = g.outcome() else {
            return Ok(());
        };
        let users = [g.players[0].user(), g.players[1].user()];
        if g.is_solo() || (users[0].is_some() && users[0] == users[1]) {
            return Ok(());
        }
        let vid = g.variant.id();
        let mut recs: [Option<UserRecord>; 2] = [None, None];
        for c in Color::ALL {
            if let Some(u) = users[c.index()] {
                let mut r = self
                    .store
                    .user(u)?
                    .unwrap_or_else(|| UserRecord::new(u, "", now));
                r.stats_mut(vid).count(score(outcome, c));
                recs[c.index()] = Some(r);
            }
        }
        if let [Some(w), Some(b)] = &mut recs
            && g.rated
        {
            let (sw, sb) = (w.stats_mut(vid), b.stats_mut(vid));
            let (cw, cb) = elo_update(
                Rated {
                    rating: sw.rating,
                    games: sw.rated_games,
                },
                Rated {
                    rating: sb.rating,
                    games: sb.rated_games,
                },
                score(outcome, Color::White),
            );
            w.stats_mut(vid).rate(cw);
            b.stats_mut(vid).rate(cb);
            g.ratings = Some([cw, cb]);
        }
        for mut r in recs.into_iter().flatten() {
            let expected = stored(r.version);
            r.version = r.version.next();
            r.updated_at = now;
            ws.put(expected, AnyRecord::User(r));
        }
        Ok(())
    }

    /// A new game record (not stored), validated.
    fn build_game(
        &self,
        id: GameId,
        new: NewGame,
        now: Timestamp,
    ) -> Result<GameRecord, ServiceError> {
        let solo = new.variant.rules().solo;
        let [w, b] = new.players;
        if solo {
            if !matches!(w, Player::Human(_)) || b != Player::Absent {
                return Err(ServiceError::BadSetup(
                    "the training room needs one person as White and nobody as Black".into(),
                ));
            }
        } else if w == Player::Absent || b == Player::Absent {
            return Err(ServiceError::BadSetup("both sides need a player".into()));
        } else if w.user().is_none() && b.user().is_none() {
            return Err(ServiceError::BadSetup(
                "at least one player must be a person".into(),
            ));
        }
        let start = match &new.start {
            Some(t) => Position::from_text(&new.variant, t)
                .map_err(|e| ServiceError::BadSetup(format!("start position: {e}")))?,
            None if new.variant.rules().first_player == FirstPlayer::Lot => {
                let first = if coin(id.0 ^ now.0) {
                    Color::Black
                } else {
                    Color::White
                };
                new.variant.start_with(first)
            }
            None => new.variant.start(),
        };
        let game = Game::from_position(start.clone());
        if game.is_over() {
            return Err(ServiceError::BadSetup(
                "that position is already decided".into(),
            ));
        }
        let time_control = match new.variant.id().per_move_seconds() {
            Some(s) => TimeControl::PerMove {
                limit: super::ids::Millis::secs(u64::from(s)),
            },
            None if solo => TimeControl::Untimed,
            None => new.time_control,
        };
        let rated = new.rated
            && new.variant.id().rated()
            && new.variant.overrides().is_empty()
            && new.start.is_none()
            && matches!((w.user(), b.user()), (Some(x), Some(y)) if x != y);
        let text = start.to_text();
        let mut g = GameRecord {
            id,
            version: Version(1),
            variant: new.variant,
            players: new.players,
            start: text.clone(),
            moves: Vec::new(),
            position: text,
            status: Status::Active,
            time_control,
            clocks: Clocks::start(&time_control, now),
            draw_offer: None,
            chat: new.chat,
            message: new.message,
            mirror: None,
            created_at: now,
            updated_at: now,
            rated,
            ratings: None,
            deadline: None,
        };
        g.deadline = g.compute_deadline(&self.timing);
        Ok(g)
    }

    /// Add the write that records a new game's players in its chat (for the chat's
    /// leaderboard), if any is new there. The chat's active-game index follows the game
    /// record itself.
    fn chat_gains(
        &self,
        g: &GameRecord,
        now: Timestamp,
        ws: &mut WriteSet,
    ) -> Result<(), ServiceError> {
        let mut chat = self
            .store
            .chat(g.chat)?
            .unwrap_or_else(|| ChatRecord::new(g.chat, now));
        let expected = stored(chat.version);
        let mut changed = expected.is_none();
        for u in g.players.iter().filter_map(|p| p.user()) {
            if !chat.players.contains(&u) {
                chat.players.push(u);
                changed = true;
            }
        }
        if changed {
            chat.version = chat.version.next();
            chat.updated_at = now;
            ws.put(expected, AnyRecord::Chat(chat));
        }
        Ok(())
    }

    /// Create and store a game (registered in its chat's index in the same commit).
    pub fn create_game(&self, new: NewGame, now: Timestamp) -> Result<GameRecord, ServiceError> {
        let id = self.store.new_game_id()?;
        let g = self.build_game(id, new, now)?;
        for _ in 0..MAX_ATTEMPTS {
            let mut ws = WriteSet::new();
            self.chat_gains(&g, now, &mut ws)?;
            ws.put(None, AnyRecord::Game(g.clone()));
            match self.commit(ws) {
                Ok(()) => {
                    self.deadlines_changed.notify_one();
                    return Ok(g);
                }
                Err(CommitError::Conflict(r)) => {
                    tracing::debug!(conflict = %r, "create_game lost a race; retrying");
                }
                Err(CommitError::Store(e)) => return Err(e.into()),
            }
        }
        Err(ServiceError::Busy)
    }

    /// Play a move. Checks, in order: the actor plays in this game, the expectation
    /// (else [`ServiceError::Stale`]), the game is on, it is the actor's turn, the clock
    /// has not run out (else the game ends on time), and the engine accepts the move.
    pub fn play(
        &self,
        id: GameId,
        actor: Actor,
        expect: Expect,
        mv: &MoveInput,
        now: Timestamp,
    ) -> Result<MoveOutcome, ServiceError> {
        self.play_from(id, None, actor, expect, mv, now)
            .map(|(outcome, _)| outcome)
    }

    /// [`Self::play`] from a record and its replay that the caller has just read (a
    /// person's move is checked against both first): unless the game changed meanwhile,
    /// neither is read or replayed again. Also returns the engine game after the move
    /// while the game goes on, so that showing it needs no replay either (otherwise a
    /// move would read and replay its game three times).
    pub fn play_known(
        &self,
        known: (GameRecord, Game),
        actor: Actor,
        expect: Expect,
        mv: &MoveInput,
        now: Timestamp,
    ) -> Result<(MoveOutcome, Option<Game>), ServiceError> {
        let id = known.0.id;
        self.play_from(id, Some(known), actor, expect, mv, now)
    }

    fn play_from(
        &self,
        id: GameId,
        known: Option<(GameRecord, Game)>,
        actor: Actor,
        expect: Expect,
        mv: &MoveInput,
        now: Timestamp,
    ) -> Result<(MoveOutcome, Option<Game>), ServiceError> {
        let (first, mut known_game) = match known {
            Some((g, game)) if g.id == id => {
                let version = g.version;
                (Some(g), Some((version, game)))
            }
            _ => (None, None),
        };
        let (game, played) = self.change_game_from(id, first, now, |cur, next| {
            let side = cur.side_to_move();
            let (mine, my_turn) = match actor {
                Actor::User(u) => (
                    cur.color_of(u).is_some(),
                    cur.player(side) == Player::Human(u),
                ),
                Actor::Program => (
                    cur.players
                        .iter()
                        .any(|p| matches!(p, Player::Program { .. })),
                    matches!(cur.player(side), Player::Program { .. }),
                ),
            };
            if !mine {
                return Err(ServiceError::NotYourGame);
            }
            expect.check(cur)?;
            if !cur.is_active() {
                return Err(ServiceError::GameOver);
            }
            if !my_turn {
                return Err(ServiceError::NotYourTurn);
            }
            if cur.clocks.flagged(&cur.time_control, side, now) {
                next.status = Status::Over {
                    outcome: Outcome::win(!side, Reason::Timeout),
                    at: now,
                };
                return Ok(None);
            }
            // The caller's replay serves while the game is the one it read (a lost race
            // re-reads, and the replay is then redone).
            let mut game = match known_game.take() {
                Some((version, game)) if version == cur.version => game,
                _ => self.replay(cur)?,
            };
            let played = match mv {
                MoveInput::Text(t) => game.play_text(t),
                MoveInput::Squares(s) => game.play_squares(s).map_err(MoveError::from),
            }
            .map_err(ServiceError::Illegal)?;
            let path = apply_move(next, &game, played, side, now, false);
            // An ended game's replay also carries its outcome: left to a replay of the
            // record.
            Ok(Some((path, next.is_active().then_some(game))))
        })?;
        if let Some((_, Some(after))) = &played {
            // The next move's read of this game finds its replay.
            self.replays.put(game.id, game.version, after);
        }
        Ok(match played {
            Some((path, after)) => (
                MoveOutcome::Played(Moved {
                    game,
                    path,
                    auto: false,
                }),
                after,
            ),
            None => (MoveOutcome::Flagged(game), None),
        })
    }

    /// `user` resigns (a training run is aborted instead: it has no opponent).
    pub fn resign(
        &self,
        id: GameId,
        user: UserId,
        now: Timestamp,
    ) -> Result<GameRecord, ServiceError> {
        self.change_game(id, now, |cur, next| {
            let c = cur.color_of(user).ok_or(ServiceError::NotYourGame)?;
            if !cur.is_active() {
                return Err(ServiceError::GameOver);
            }
            next.status = if cur.is_solo() {
                Status::Aborted {
                    by: Some(user),
                    at: now,
                }
            } else {
                Status::Over {
                    outcome: Outcome::win(!c, Reason::Resignation),
                    at: now,
                }
            };
            Ok(())
        })
        .map(|(g, ())| g)
    }

    /// `user` calls the game off; only before both sides have moved (any time in the
    /// training room). No result, no statistics.
    pub fn abort(
        &self,
        id: GameId,
        user: UserId,
        now: Timestamp,
    ) -> Result<GameRecord, ServiceError> {
        self.change_game(id, now, |cur, next| {
            cur.color_of(user).ok_or(ServiceError::NotYourGame)?;
            if !cur.is_active() {
                return Err(ServiceError::GameOver);
            }
            if cur.ply() >= 2 && !cur.is_solo() {
                return Err(ServiceError::TooLateToAbort);
            }
            next.status = Status::Aborted {
                by: Some(user),
                at: now,
            };
            Ok(())
        })
        .map(|(g, ())| g)
    }

    /// `user` offers a draw; if the opponent's offer is pending, the game is drawn.
    pub fn offer_draw(
        &self,
        id: GameId,
        user: UserId,
        now: Timestamp,
    ) -> Result<DrawOutcome, ServiceError> {
        let (g, agreed) = self.change_game(id, now, |cur, next| {
            let c = cur.color_of(user).ok_or(ServiceError::NotYourGame)?;
            if !cur.is_active() {
                return Err(ServiceError::GameOver);
            }
            if !cur.variant.id().draw_offers() || cur.player(!c).user().is_none() {
                return Err(ServiceError::NoDrawOffers);
            }
            match cur.draw_offer {
                Some(o) if o.expires_at > now && o.by != c => {
                    next.status = Status::Over {
                        outcome: Outcome::draw(Reason::Agreement),
                        at: now,
                    };
                    Ok(true)
                }
                Some(o) if o.expires_at > now => Err(ServiceError::AlreadyOffered),
                _ => {
                    next.draw_offer = Some(DrawOffer {
                        by: c,
                        expires_at: now.plus(self.timing.draw_offer_ttl),
                    });
                    Ok(false)
                }
            }
        })?;
        Ok(if agreed {
            DrawOutcome::Agreed(g)
        } else {
            DrawOutcome::Offered(g)
        })
    }

    /// The opponent of the offering side accepts (drawn by agreement) or declines.
    pub fn answer_draw(
        &self,
        id: GameId,
        user: UserId,
        accept: bool,
        now: Timestamp,
    ) -> Result<GameRecord, ServiceError> {
        self.change_game(id, now, |cur, next| {
            let c = cur.color_of(user).ok_or(ServiceError::NotYourGame)?;
            if !cur.is_active() {
                return Err(ServiceError::GameOver);
            }
            match cur.draw_offer {
                Some(o) if o.by != c && o.expires_at > now => {}
                _ => return Err(ServiceError::NoDrawOffer),
            }
            next.draw_offer = None;
            if accept {
                next.status = Status::Over {
                    outcome: Outcome::draw(Reason::Agreement),
                    at: now,
                };
            }
            Ok(())
        })
        .map(|(g, ())| g)
    }

    /// Record that the board now lives in `message` (after `/board` or a lost message).
    pub fn set_board_message(
        &self,
        id: GameId,
        message: MessageId,
        now: Timestamp,
    ) -> Result<GameRecord, ServiceError> {
        self.change_game(id, now, |_, next| {
            next.message = Some(message);
            Ok(())
        })
        .map(|(g, ())| g)
    }

    /// Record that the game's board in `chat` (the main one or its mirror) now lives in
    /// `message`; a chat the game is not shown in is refused.
    pub fn set_board_message_in(
        &self,
        id: GameId,
        chat: ChatId,
        message: MessageId,
        now: Timestamp,
    ) -> Result<GameRecord, ServiceError> {
        self.change_game(id, now, |cur, next| {
            if cur.chat == chat {
                next.message = Some(message);
            } else if let Some(m) = next.mirror.as_mut().filter(|m| m.chat == chat) {
                m.message = Some(message);
            } else {
                return Err(ServiceError::NotInChat);
            }
            Ok(())
        })
        .map(|(g, ())| g)
    }

    /// The board that shows the turn at `ply` reaches the players only at `shown` (it
    /// waits, or waited, for Telegram's rate limits; `shown` may be later than `now`): that
    /// turn's clock or per-move limit starts then, so pacing costs the player to move no
    /// time. Nothing changes (`None`) when the game has moved on or ended, is untimed, the
    /// program is to move, the board comes sooner than [`LATE_BOARD`] after the turn's
    /// start, or the turn has already run out at `now` (an overdue deadline stays the
    /// timer's to apply).
    pub fn turn_shown(
        &self,
        id: GameId,
        ply: u32,
        shown: Timestamp,
        now: Timestamp,
    ) -> Result<Option<GameRecord>, ServiceError> {
        let late = |g: &GameRecord| {
            g.is_active()
                && g.ply() == ply
                && matches!(g.player(g.side_to_move()), Player::Human(_))
                && !matches!(g.time_control, TimeControl::Untimed)
                && shown.since(g.clocks.turn_started) >= LATE_BOARD
                && g.deadline.is_none_or(|d| d.at > now)
        };
        if !late(&self.game(id)?) {
            return Ok(None);
        }
        let r = self.change_game(id, now, |cur, next| {
            if !late(cur) {
                return Err(ServiceError::Stale {
                    ply: cur.ply(),
                    version: cur.version,
                });
            }
            next.clocks.turn_started = shown;
            Ok(())
        });
        match r {
            Ok((g, ())) => Ok(Some(g)),
            Err(ServiceError::Stale { .. }) => Ok(None),
            Err(e) => Err(e),
        }
    }

    /// Pending deadlines due by `until`, earliest first (the timer task's queue).
    pub fn deadlines(
        &self,
        until: Timestamp,
        limit: usize,
    ) -> Result<Vec<DeadlineEntry>, ServiceError> {
        Ok(self.store.deadlines(until, limit)?)
    }

    /// Act on a deadline from the index at `now`, re-checked against the current record
    /// (so it happens once, and never after a move that beat it). For a missed per-move
    /// limit, `auto_move` chooses the program's move for the player (`None`, or an
    /// illegal path, falls back to the first legal move).
    pub fn fire_deadline(
        &self,
        entry: &DeadlineEntry,
        now: Timestamp,
        auto_move: &mut dyn FnMut(&Game) -> Option<Path>,
    ) -> Result<Fired, ServiceError> {
        let id = match entry.target {
            DeadlineTarget::Challenge(c) => {
                return match self.expire_challenge(c, now) {
                    Ok(ch) => Ok(Fired::ChallengeExpired(ch)),
                    Err(
                        ServiceError::NotDue
                        | ServiceError::ChallengeClosed(_)
                        | ServiceError::NoSuchChallenge(_),
                    ) => Ok(Fired::NotDue),
                    Err(e) => Err(e),
                };
            }
            DeadlineTarget::Game(id) => id,
        };
        for _ in 0..MAX_ATTEMPTS {
            let Some(cur) = self.store.game(id)? else {
                return Ok(Fired::NotDue);
            };
            let Some(mut d) = cur.deadline.filter(|d| d.at <= now) else {
                return Ok(Fired::NotDue);
            };
            let side = cur.side_to_move();
            // A warning whose end is itself already due (the bot was down) is skipped:
            // the end is applied at once, in the same single write.
            match d.kind {
                DeadlineKind::ClockReminder
                    if cur
                        .clocks
                        .flag_at(&cur.time_control, side)
                        .is_some_and(|f| f <= now) =>
                {
                    d.kind = DeadlineKind::ClockFlag
                }
                DeadlineKind::AbandonWarning
                    if cur.clocks.turn_started.plus(self.timing.abandon_after) <= now =>
                {
                    d.kind = DeadlineKind::Abandon
                }
                _ => {}
            }
            let expect = Expect::Version(cur.version);
            let r = match d.kind {
                DeadlineKind::ProgramMove => return Ok(Fired::ProgramToMove(cur)),
                DeadlineKind::ChallengeExpiry => return Ok(Fired::NotDue),
                DeadlineKind::DrawOfferExpiry => self
                    .change_game_from(id, Some(cur), now, |c, n| {
                        expect.check(c)?;
                        n.draw_offer = None;
                        Ok(())
                    })
                    .map(|(g, ())| Fired::DrawOfferExpired(g)),
                DeadlineKind::ClockReminder | DeadlineKind::AbandonWarning => self
                    .change_game_from(id, Some(cur), now, |c, n| {
                        expect.check(c)?;
                        n.clocks.notice_sent = true;
                        Ok(())
                    })
                    .map(|(game, ())| Fired::Reminder { game, kind: d.kind }),
                DeadlineKind::ClockFlag => self
                    .change_game_from(id, Some(cur), now, |c, n| {
                        expect.check(c)?;
                        n.status = Status::Over {
                            outcome: Outcome::win(!side, Reason::Timeout),
                            at: now,
                        };
                        Ok(())
                    })
                    .map(|(g, ())| Fired::Ended(g)),
                DeadlineKind::Abandon => self
                    .change_game_from(id, Some(cur), now, |c, n| {
                        expect.check(c)?;
                        n.status = if c.is_solo() {
                            Status::Aborted { by: None, at: now }
                        } else {
                            Status::Over {
                                outcome: Outcome::win(!side, Reason::Abandoned),
                                at: now,
                            }
                        };
                        Ok(())
                    })
                    .map(|(g, ())| Fired::Ended(g)),
                DeadlineKind::MoveMissed => self
                    .change_game_from(id, Some(cur), now, |c, n| {
                        expect.check(c)?;
                        if c.clocks.missed[side.index()] >= 1 {
                            n.status = Status::Over {
                                outcome: Outcome::win(!side, Reason::Timeout),
                                at: now,
                            };
                            return Ok(None);
                        }
                        let mut game = self.replay(c)?;
                        let chosen = auto_move(&game);
                        let played = match chosen.and_then(|p| game.check(p.squares()).ok()) {
                            Some(p) => game.play_squares(p.squares()),
                            None => {
                                let m = game
                                    .legal_moves()
                                    .into_iter()
                                    .next()
                                    .ok_or(ServiceError::GameOver)?;
                                game.play(m)
                            }
                        }
                        .map_err(|e| ServiceError::Illegal(e.into()))?;
                        Ok(Some(apply_move(n, &game, played, side, now, true)))
                    })
                    .map(|(game, p)| match p {
                        Some(path) => Fired::AutoMoved(Moved {
                            game,
                            path,
                            auto: true,
                        }),
                        None => Fired::Ended(game),
                    }),
            };
            match r {
                Err(ServiceError::Stale { .. }) => continue,
                other => return other,
            }
        }
        Err(ServiceError::Busy)
    }

    /// The active games of a chat, oldest first (damaged ones are reported and skipped).
    pub fn active_games(&self, chat: ChatId) -> Result<Vec<GameRecord>, ServiceError> {
        let ids = self.store.chat_games(chat)?;
        let mut out = Vec::with_capacity(ids.len());
        for id in ids {
            match self.store.game(id) {
                Ok(Some(g)) => out.push(g),
                Ok(None) => tracing::warn!(game = %id, %chat, "chat lists a missing game"),
                Err(StoreError::Corrupt { record, detail }) => {
                    tracing::warn!(%record, %detail, "skipping a damaged game")
                }
                Err(e) => return Err(e.into()),
            }
        }
        Ok(out)
    }

    /// A user's games, newest first (for `/history` and head-to-head).
    pub fn user_games(
        &self,
        user: UserId,
        before: Option<GameId>,
        limit: usize,
    ) -> Result<Vec<GameRecord>, ServiceError> {
        let ids = self.store.user_games(user, before, limit)?;
        let mut out = Vec::with_capacity(ids.len());
        for id in ids {
            match self.store.game(id) {
                Ok(Some(g)) => out.push(g),
                Ok(None) | Err(StoreError::Corrupt { .. }) => {}
                Err(e) => return Err(e.into()),
            }
        }
        Ok(out)
    }

    /// A user, if known.
    pub fn user(&self, id: UserId) -> Result<Option<UserRecord>, ServiceError> {
        Ok(self.store.user(id)?)
    }

    /// Users last seen with `username` (for `/stats @user`).
    pub fn users_by_username(&self, username: &str) -> Result<Vec<UserRecord>, ServiceError> {
        let mut out = Vec::new();
        for id in self.store.users_by_username(username)? {
            if let Some(u) = self.store.user(id)? {
                out.push(u);
            }
        }
        Ok(out)
    }

    /// Every user (leaderboards), in id order.
    pub fn all_users(&self) -> Result<Vec<UserRecord>, ServiceError> {
        let mut out = Vec::new();
        self.store.scan(RecordKind::User, &mut |r| {
            if let AnyRecord::User(u) = r {
                out.push(u);
            }
            ControlFlow::Continue(())
        })?;
        Ok(out)
    }

    /// A read-modify-write of one user record with retries on conflict; `f` returns
    /// false when nothing needs writing.
    fn change_user(
        &self,
        id: UserId,
        now: Timestamp,
        f: impl Fn(&mut UserRecord) -> bool,
    ) -> Result<UserRecord, ServiceError> {
        for _ in 0..MAX_ATTEMPTS {
            let mut u = self
                .store
                .user(id)?
                .unwrap_or_else(|| UserRecord::new(id, "", now));
            let expected = stored(u.version);
            if !f(&mut u) && expected.is_some() {
                return Ok(u);
            }
            u.version = u.version.next();
            u.updated_at = now;
            let mut ws = WriteSet::new();
            ws.put(expected, AnyRecord::User(u.clone()));
            match self.commit(ws) {
                Ok(()) => return Ok(u),
                Err(CommitError::Conflict(_)) => {}
                Err(CommitError::Store(e)) => return Err(e.into()),
            }
        }
        Err(ServiceError::Busy)
    }

    /// Remember a user's name and username as seen in an update (writes only on change).
    pub fn touch_user(&self, p: &UserProfile, now: Timestamp) -> Result<UserRecord, ServiceError> {
        self.change_user(p.id, now, |u| {
            let username = p
                .username
                .as_ref()
                .map(|s| s.trim_start_matches('@').to_string());
            if u.name == p.name && u.username == username {
                return false;
            }
            u.name = p.name.clone();
            u.username = username;
            true
        })
    }

    /// Set (or clear) a user's language.
    pub fn set_user_language(
        &self,
        id: UserId,
        language: Option<Language>,
        now: Timestamp,
    ) -> Result<UserRecord, ServiceError> {
        self.change_user(id, now, |u| {
            let changed = u.language != language;
            u.language = language;
            changed
        })
    }

    /// A chat (defaults if never stored; version 0 then).
    pub fn chat(&self, id: ChatId, now: Timestamp) -> Result<ChatRecord, ServiceError> {
        Ok(self
            .store
            .chat(id)?
            .unwrap_or_else(|| ChatRecord::new(id, now)))
    }

    /// Every active game, once each (a game shown in two chats is listed under both).
    pub fn active_game_ids(&self) -> Result<Vec<GameId>, ServiceError> {
        let mut ids: Vec<GameId> = self
            .store
            .all_chat_games()?
            .into_iter()
            .map(|(_, g)| g)
            .collect();
        ids.sort_unstable();
        ids.dedup();
        Ok(ids)
    }

    /// A group became a supergroup, which Telegram gives a new id: its settings, players
    /// and active games move from `from` to `to` in one write. The moved games' boards
    /// lose their message (it is in the old chat, which the bot can no longer edit), so
    /// the caller posts them anew. Telegram announces a migration in both chats; the second
    /// call finds nothing left to move.
    pub fn migrate_chat(
        &self,
        from: ChatId,
        to: ChatId,
        now: Timestamp,
    ) -> Result<Vec<GameRecord>, ServiceError> {
        for _ in 0..MAX_ATTEMPTS {
            let mut ws = WriteSet::new();
            if let Some(old) = self.store.chat(from)? {
                let cur = self.chat(to, now)?;
                let mut next = cur.clone();
                // The group's settings were made by its admins; a fresh record for the
                // new id (the bot may have answered there first) holds only defaults.
                next.settings = old.settings.clone();
                for p in &old.players {
                    if !next.players.contains(p) {
                        next.players.push(*p);
                    }
                }
                if next != cur || cur.version.0 == 0 {
                    next.version = cur.version.next();
                    next.updated_at = now;
                    ws.put(stored(cur.version), AnyRecord::Chat(next));
                }
            }
            let mut moved = Vec::new();
            for id in self.store.chat_games(from)? {
                let Some(cur) = self.store.game(id)? else {
                    continue;
                };
                let mut g = cur.clone();
                if g.chat == from {
                    g.chat = to;
                    g.message = None;
                }
                if let Some(m) = g.mirror.as_mut().filter(|m| m.chat == from) {
                    *m = Board {
                        chat: to,
                        message: None,
                    };
                }
                g.version = cur.version.next();
                g.updated_at = now;
                ws.put(Some(cur.version), AnyRecord::Game(g.clone()));
                moved.push(g);
            }
            if ws.writes.is_empty() {
                return Ok(moved);
            }
            match self.commit(ws) {
                Ok(()) => return Ok(moved),
                Err(CommitError::Conflict(_)) => {}
                Err(CommitError::Store(e)) => return Err(e.into()),
            }
        }
        Err(ServiceError::Busy)
    }

    /// Change a chat's settings (`/settings`; the bot checks who may).
    pub fn update_chat_settings(
        &self,
        id: ChatId,
        now: Timestamp,
        f: impl Fn(&mut ChatSettings),
    ) -> Result<ChatRecord, ServiceError> {
        for _ in 0..MAX_ATTEMPTS {
            let mut c = self.chat(id, now)?;
            let expected = stored(c.version);
            f(&mut c.settings);
            c.version = c.version.next();
            c.updated_at = now;
            let mut ws = WriteSet::new();
            ws.put(expected, AnyRecord::Chat(c.clone()));
            match self.commit(ws) {
                Ok(()) => return Ok(c),
                Err(CommitError::Conflict(_)) => {}
                Err(CommitError::Store(e)) => return Err(e.into()),
            }
        }
        Err(ServiceError::Busy)
    }

    /// A challenge.
    pub fn challenge(&self, id: ChallengeId) -> Result<ChallengeRecord, ServiceError> {
        self.store
            .challenge(id)?
            .ok_or(ServiceError::NoSuchChallenge(id))
    }

    /// Post a challenge; it expires after [`Timing::challenge_ttl`].
    pub fn create_challenge(
        &self,
        new: NewChallenge,
        now: Timestamp,
    ) -> Result<ChallengeRecord, ServiceError> {
        if new.target == ChallengeTarget::User(new.from) {
            return Err(ServiceError::BadSetup(
                "you cannot challenge yourself".into(),
            ));
        }
        if new.variant.rules().solo {
            return Err(ServiceError::BadSetup(
                "the training room is for one player".into(),
            ));
        }
        let target = match new.target {
            ChallengeTarget::Username(n) => {
                let n = n.trim_start_matches('@').to_string();
                if n.is_empty() {
                    return Err(ServiceError::BadSetup("empty username".into()));
                }
                ChallengeTarget::Username(n)
            }
            t => t,
        };
        let c = ChallengeRecord {
            id: self.store.new_challenge_id()?,
            version: Version(1),
            chat: new.chat,
            message: new.message,
            from: new.from,
            target,
            variant: new.variant,
            time_control: new.time_control,
            colour: new.colour,
            rated: new.rated,
            created_at: now,
            expires_at: now.plus(self.timing.challenge_ttl),
            status: ChallengeStatus::Open,
            updated_at: now,
        };
        let mut ws = WriteSet::new();
        ws.put(None, AnyRecord::Challenge(c.clone()));
        self.commit(ws).map_err(|e| match e {
            CommitError::Store(s) => ServiceError::Store(s),
            CommitError::Conflict(r) => {
                ServiceError::Store(StoreError::Invalid(format!("{r} already exists")))
            }
        })?;
        self.deadlines_changed.notify_one();
        Ok(c)
    }

    /// A read-modify-write of one challenge with retries on conflict.
    fn change_challenge(
        &self,
        id: ChallengeId,
        now: Timestamp,
        f: impl Fn(&ChallengeRecord, &mut ChallengeRecord) -> Result<(), ServiceError>,
    ) -> Result<ChallengeRecord, ServiceError> {
        for _ in 0..MAX_ATTEMPTS {
            let cur = self.challenge(id)?;
            let mut next = cur.clone();
            f(&cur, &mut next)?;
            next.version = cur.version.next();
            next.updated_at = now;
            let mut ws = WriteSet::new();
            ws.put(Some(cur.version), AnyRecord::Challenge(next.clone()));
            match self.commit(ws) {
                Ok(()) => {
                    if next.status != cur.status {
                        self.deadlines_changed.notify_one();
                    }
                    return Ok(next);
                }
                Err(CommitError::Conflict(_)) => {}
                Err(CommitError::Store(e)) => return Err(e.into()),
            }
        }
        Err(ServiceError::Busy)
    }

    /// Record the challenge's message once posted.
    pub fn set_challenge_message(
        &self,
        id: ChallengeId,
        message: MessageId,
        now: Timestamp,
    ) -> Result<ChallengeRecord, ServiceError> {
        self.change_challenge(id, now, |_, n| {
            n.message = Some(message);
            Ok(())
        })
    }

    /// `user` (with `username`, for challenges by mention) accepts: the challenge closes
    /// and the game starts in one commit, so two people tapping Accept cannot both get it.
    pub fn accept_challenge(
        &self,
        id: ChallengeId,
        user: UserId,
        username: Option<&str>,
        now: Timestamp,
    ) -> Result<(ChallengeRecord, GameRecord), ServiceError> {
        self.accept_challenge_in(id, user, username, None, None, now)
    }

    /// As [`GameService::accept_challenge`], tapped in `chat` with the `link` token the
    /// button carried. A challenge by link is accepted only with its token, from another
    /// chat (the friend's private chat with the bot), and the game gets a second board
    /// there so both players see it; any other challenge only in its own chat.
    pub fn accept_challenge_in(
        &self,
        id: ChallengeId,
        user: UserId,
        username: Option<&str>,
        chat: Option<ChatId>,
        link: Option<LinkToken>,
        now: Timestamp,
    ) -> Result<(ChallengeRecord, GameRecord), ServiceError> {
        let game_id = self.store.new_game_id()?;
        for _ in 0..MAX_ATTEMPTS {
            let cur = self.challenge(id)?;
            if cur.status != ChallengeStatus::Open {
                return Err(ServiceError::ChallengeClosed(cur.status));
            }
            if now >= cur.expires_at {
                return Err(ServiceError::ChallengeExpired);
            }
            if user == cur.from {
                return Err(ServiceError::OwnChallenge);
            }
            if !cur.is_for(user, username) {
                return Err(ServiceError::NotForYou);
            }
            let elsewhere = chat.is_some_and(|c| c != cur.chat);
            let holds_link = match &cur.target {
                ChallengeTarget::Link(token) => link.is_some_and(|l| l.matches(token)),
                _ => !elsewhere,
            };
            if !holds_link {
                return Err(ServiceError::NotForYou);
            }
            let challenger_white = match cur.colour {
                ColourChoice::White => true,
                ColourChoice::Black => false,
                ColourChoice::Random => coin(id.0 ^ now.0),
            };
            let (w, b) = if challenger_white {
                (cur.from, user)
            } else {
                (user, cur.from)
            };
            let mut g = self.build_game(
                game_id,
                NewGame {
                    variant: cur.variant.clone(),
                    players: [Player::Human(w), Player::Human(b)],
                    time_control: cur.time_control,
                    chat: cur.chat,
                    message: None,
                    rated: cur.rated,
                    start: None,
                },
                now,
            )?;
            g.mirror = chat.filter(|c| *c != cur.chat).map(|chat| Board {
                chat,
                message: None,
            });
            let mut next = cur.clone();
            next.status = ChallengeStatus::Accepted {
                game: game_id,
                by: user,
            };
            next.version = cur.version.next();
            next.updated_at = now;
            let mut ws = WriteSet::new();
            ws.put(Some(cur.version), AnyRecord::Challenge(next.clone()));
            self.chat_gains(&g, now, &mut ws)?;
            ws.put(None, AnyRecord::Game(g.clone()));
            match self.commit(ws) {
                Ok(()) => {
                    self.deadlines_changed.notify_one();
                    return Ok((next, g));
                }
                Err(CommitError::Conflict(r)) => {
                    tracing::debug!(conflict = %r, "accept lost a race; retrying");
                }
                Err(CommitError::Store(e)) => return Err(e.into()),
            }
        }
        Err(ServiceError::Busy)
    }

    /// The challenged user declines, or the challenger withdraws.
    pub fn decline_challenge(
        &self,
        id: ChallengeId,
        user: UserId,
        username: Option<&str>,
        now: Timestamp,
    ) -> Result<ChallengeRecord, ServiceError> {
        self.change_challenge(id, now, |cur, next| {
            if cur.status != ChallengeStatus::Open {
                return Err(ServiceError::ChallengeClosed(cur.status));
            }
            next.status = if user == cur.from {
                ChallengeStatus::Cancelled
            } else if matches!(
                cur.target,
                ChallengeTarget::User(_) | ChallengeTarget::Username(_)
            ) && cur.is_for(user, username)
            {
                ChallengeStatus::Declined { by: user }
            } else {
                return Err(ServiceError::NotForYou);
            };
            Ok(())
        })
    }

    /// Close a challenge whose time is up ([`ServiceError::NotDue`] before that).
    pub fn expire_challenge(
        &self,
        id: ChallengeId,
        now: Timestamp,
    ) -> Result<ChallengeRecord, ServiceError> {
        self.change_challenge(id, now, |cur, next| {
            if cur.status != ChallengeStatus::Open {
                return Err(ServiceError::ChallengeClosed(cur.status));
            }
            if now < cur.expires_at {
                return Err(ServiceError::NotDue);
            }
            next.status = ChallengeStatus::Expired;
            Ok(())
        })
    }
}

/// Write a played move into `next`: path, position, clocks, the end if it ended the game;
/// any draw offer lapses with the move.
fn apply_move(
    next: &mut GameRecord,
    game: &Game,
    played: Played,
    side: Color,
    now: Timestamp,
    auto: bool,
) -> Path {
    next.moves.push(played.path.clone());
    next.position = game.position().to_text();
    next.clocks.on_move(&next.time_control, side, now, auto);
    next.draw_offer = None;
    if let Some(outcome) = played.outcome {
        next.status = Status::Over { outcome, at: now };
    }
    played.path
}
