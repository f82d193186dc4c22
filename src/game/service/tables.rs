//! Tables of three or four seats (RULES.md §14): a lobby in a group (seats taken by people
//! and the program, started by its host), a private game against three program seats,
//! turns by the seat to move, a missed per-move limit (the program moves for the seat,
//! a second miss in a row means leaving), resignations, and the end written with every
//! person's statistics and ratings in one commit.

use super::*;
use crate::engine::multi::{Leave, MultiGame, MultiVariant, Seat, Turn};
use crate::game::ids::TableId;
use crate::game::rating::multi_update;
use crate::game::record::{Deadline, TableRecord, TableStatus};

/// How long a lobby waits for its host to start it.
pub const LOBBY_LAPSE: Millis = Millis::minutes(10);

/// Why a table refused a request; each is something the bot tells the person.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TableRefusal {
    /// No table with this id.
    #[error("there is no such table")]
    NoSuchTable,
    /// The chat already has an open lobby or a game of three or four in play.
    #[error("a table is already open in this chat")]
    AlreadyOpen,
    /// The lobby has lapsed, was closed, or its game has started.
    #[error("this lobby is closed")]
    LobbyClosed,
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
    /// The game is not in play.
    #[error("the game is not in play")]
    NotPlaying,
    /// Another seat is to move (its player named by the bot).
    #[error("it is {0}'s move")]
    NotYourSeat(Seat),
    /// The person's seat has finished, or they left: they move no more.
    #[error("your seat moves no more")]
    SeatDone,
}

/// What a table's change did, for the bot to tell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TableEvent {
    /// A turn was played by the seat's player (or the program for its seat).
    Played {
        /// The seat that moved.
        seat: Seat,
        /// The turn.
        turn: Turn,
    },
    /// The program moved for a seat whose player missed the per-move limit.
    AutoMoved {
        /// The seat.
        seat: Seat,
        /// The turn.
        turn: Turn,
    },
    /// A player left (a resignation, or a second missed limit in a row).
    Left {
        /// The seat.
        seat: Seat,
        /// How.
        how: Leave,
    },
}

/// A table after a change.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableChange {
    /// The table as stored.
    pub table: TableRecord,
    /// What happened.
    pub event: TableEvent,
}

/// Who acts at a table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableActor {
    /// A person.
    User(UserId),
    /// The program, for a program seat or a seat whose player left.
    Program,
}

/// The seat's player after the game's leaves: the program plays a seat whose player left.
fn moves_for(t: &TableRecord, game: &MultiGame, s: Seat) -> Player {
    if game.position().left().has(s) {
        Player::Program { level: 3 }
    } else {
        t.player(s)
    }
}

impl GameService {
    /// A table.
    pub fn table(&self, id: TableId) -> Result<TableRecord, ServiceError> {
        self.store
            .table(id)?
            .ok_or(ServiceError::Table(TableRefusal::NoSuchTable))
    }

    /// The open lobby or game in play of `chat`, if any (the newest).
    pub fn chat_table(&self, chat: ChatId) -> Result<Option<TableRecord>, ServiceError> {
        let ids = self.store.chat_tables(chat)?;
        for id in ids.into_iter().rev() {
            if let Some(t) = self.store.table(id)?
                && t.is_active()
            {
                return Ok(Some(t));
            }
        }
        Ok(None)
    }

    /// The engine game of a table, by replay.
    pub fn table_game(&self, t: &TableRecord) -> Result<MultiGame, ServiceError> {
        t.replay().map_err(|e| {
            tracing::error!(table = %t.id, error = %e, "stored table does not replay");
            ServiceError::BadSetup(format!("table {} is damaged: {e}", t.id))
        })
    }

    /// Open a lobby in a group: the host takes the first seat; it lapses after
    /// [`LOBBY_LAPSE`]. One table at a time per chat.
    pub fn open_lobby(
        &self,
        chat: ChatId,
        host: UserId,
        variant: MultiVariant,
        per_move: Option<u32>,
        now: Timestamp,
    ) -> Result<TableRecord, ServiceError> {
        if self.chat_table(chat)?.is_some() {
            return Err(TableRefusal::AlreadyOpen.into());
        }
        let id = self.store.new_table_id()?;
        let mut seats = vec![Player::Absent; variant.seats().len()];
        seats[0] = Player::Human(host);
        let t = TableRecord {
            id,
            version: Version(1),
            variant,
            host,
            seats,
            status: TableStatus::Lobby,
            record: String::new(),
            chat,
            message: None,
            per_move,
            missed: [0; 4],
            turn_started: now,
            created_at: now,
            updated_at: now,
            ratings: Vec::new(),
            deadline: Some(Deadline {
                at: now.plus(LOBBY_LAPSE),
                kind: DeadlineKind::ChallengeExpiry,
            }),
        };
        self.write_table(None, &t, WriteSet::new())?;
        Ok(t)
    }

    /// A private game: `user` as White, the program at `level` in every other seat;
    /// `start` (a position text) is a test hook, `None` for the variant's start.
    pub fn open_private_table(
        &self,
        chat: ChatId,
        user: UserId,
        variant: MultiVariant,
        level: u8,
        start: Option<&str>,
        now: Timestamp,
    ) -> Result<TableRecord, ServiceError> {
        if self.chat_table(chat)?.is_some() {
            return Err(TableRefusal::AlreadyOpen.into());
        }
        let id = self.store.new_table_id()?;
        let mut seats = vec![Player::Program { level }; variant.seats().len()];
        seats[0] = Player::Human(user);
        let record = match start {
            None => String::new(),
            Some(text) => {
                let pos = crate::engine::multi::MultiPos::from_text(variant, text)
                    .map_err(|e| ServiceError::BadSetup(format!("start position: {e}")))?;
                MultiGame::from_position(pos).write_record(&[])
            }
        };
        let mut t = TableRecord {
            id,
            version: Version(1),
            variant,
            host: user,
            seats,
            status: TableStatus::Playing,
            record,
            chat,
            message: None,
            per_move: None,
            missed: [0; 4],
            turn_started: now,
            created_at: now,
            updated_at: now,
            ratings: Vec::new(),
            deadline: None,
        };
        let game = self.table_game(&t)?;
        t.deadline = self.table_deadline(&t, &game, now);
        self.write_table(None, &t, WriteSet::new())?;
        Ok(t)
    }

    /// After a game's end, a person who played it opens a new lobby with the same seats
    /// (they host it; the others keep their seats and may leave).
    pub fn rematch_table(
        &self,
        id: TableId,
        user: UserId,
        now: Timestamp,
    ) -> Result<TableRecord, ServiceError> {
        let old = self.table(id)?;
        if old.status != TableStatus::Over {
            return Err(TableRefusal::NotPlaying.into());
        }
        if old.seat_of(user).is_none() {
            return Err(TableRefusal::NotSeated.into());
        }
        if self.chat_table(old.chat)?.is_some() {
            return Err(TableRefusal::AlreadyOpen.into());
        }
        let mut t = self.open_lobby(old.chat, user, old.variant, old.per_move, now)?;
        let expected = t.version;
        t.seats = old.seats.clone();
        t.version = expected.next();
        self.write_table(Some(expected), &t, WriteSet::new())?;
        Ok(t)
    }

    /// Take the next free seat of a lobby.
    pub fn join_table(
        &self,
        id: TableId,
        user: UserId,
        now: Timestamp,
    ) -> Result<TableRecord, ServiceError> {
        self.change_lobby(id, now, |t| {
            if t.seat_of(user).is_some() {
                return Err(TableRefusal::AlreadySeated);
            }
            let free = t
                .seats
                .iter()
                .position(|p| *p == Player::Absent)
                .ok_or(TableRefusal::Full)?;
            t.seats[free] = Player::Human(user);
            Ok(())
        })
    }

    /// Leave a lobby's seat; the host leaving closes the lobby.
    pub fn leave_lobby(
        &self,
        id: TableId,
        user: UserId,
        now: Timestamp,
    ) -> Result<TableRecord, ServiceError> {
        self.change_lobby(id, now, |t| {
            let i = t
                .seats
                .iter()
                .position(|p| *p == Player::Human(user))
                .ok_or(TableRefusal::NotSeated)?;
            if user == t.host {
                t.status = TableStatus::Lapsed;
                t.deadline = None;
            } else {
                t.seats[i] = Player::Absent;
            }
            Ok(())
        })
    }

    /// The host seats the program at `level` in the next free seat.
    pub fn add_program_seat(
        &self,
        id: TableId,
        user: UserId,
        level: u8,
        now: Timestamp,
    ) -> Result<TableRecord, ServiceError> {
        self.change_lobby(id, now, |t| {
            if user != t.host {
                return Err(TableRefusal::NotHost);
            }
            let free = t
                .seats
                .iter()
                .position(|p| *p == Player::Absent)
                .ok_or(TableRefusal::Full)?;
            t.seats[free] = Player::Program {
                level: level.clamp(1, 5),
            };
            Ok(())
        })
    }

    /// The host starts the game once every seat is taken.
    pub fn start_table(
        &self,
        id: TableId,
        user: UserId,
        now: Timestamp,
    ) -> Result<TableRecord, ServiceError> {
        self.change_lobby(id, now, |t| {
            if user != t.host {
                return Err(TableRefusal::NotHost);
            }
            if !t.full() {
                return Err(TableRefusal::SeatsOpen);
            }
            if t.people().is_empty() {
                return Err(TableRefusal::SeatsOpen);
            }
            t.status = TableStatus::Playing;
            t.turn_started = now;
            Ok(())
        })
    }

    /// A lobby change by `f`, refused once the lobby has lapsed (even before its timer
    /// fired) or closed.
    fn change_lobby(
        &self,
        id: TableId,
        now: Timestamp,
        f: impl Fn(&mut TableRecord) -> Result<(), TableRefusal>,
    ) -> Result<TableRecord, ServiceError> {
        self.until_committed("lobby", || {
            let cur = self.table(id)?;
            if cur.status != TableStatus::Lobby || cur.created_at.plus(LOBBY_LAPSE) <= now {
                return Err(TableRefusal::LobbyClosed.into());
            }
            let mut next = cur.clone();
            f(&mut next)?;
            if next.status == TableStatus::Playing {
                let game = self.table_game(&next)?;
                next.deadline = self.table_deadline(&next, &game, now);
            }
            self.step_table(&cur, next, now, WriteSet::new(), ())
        })
    }

    /// Record the table's message (the lobby's, then the board's).
    pub fn set_table_message(
        &self,
        id: TableId,
        message: MessageId,
        now: Timestamp,
    ) -> Result<TableRecord, ServiceError> {
        self.until_committed("table message", || {
            let cur = self.table(id)?;
            if cur.message == Some(message) {
                return Ok(Step::Done(cur));
            }
            let mut next = cur.clone();
            next.message = Some(message);
            self.step_table(&cur, next, now, WriteSet::new(), ())
        })
    }

    /// Play a turn at a table: typed text (`c3-e5`, `--` for a pass) or a turn the
    /// program chose. `expect`: the version the caller saw (the program's move), or any.
    pub fn table_play(
        &self,
        id: TableId,
        actor: TableActor,
        input: &TableInput,
        expect: Option<Version>,
        now: Timestamp,
    ) -> Result<TableChange, ServiceError> {
        self.until_committed("table move", || {
            let cur = self.table(id)?;
            if cur.status != TableStatus::Playing {
                return Err(TableRefusal::NotPlaying.into());
            }
            if let Some(v) = expect
                && v != cur.version
            {
                return Err(ServiceError::Stale {
                    ply: 0,
                    version: cur.version,
                });
            }
            let mut game = self.table_game(&cur)?;
            let seat = game.position().to_move();
            let player = moves_for(&cur, &game, seat);
            match actor {
                TableActor::User(u) => {
                    let Some(mine) = cur.seat_of(u) else {
                        return Err(TableRefusal::NotSeated.into());
                    };
                    let done =
                        game.position().finished().has(mine) || game.position().left().has(mine);
                    if done {
                        return Err(TableRefusal::SeatDone.into());
                    }
                    if player != Player::Human(u) {
                        return Err(TableRefusal::NotYourSeat(seat).into());
                    }
                }
                TableActor::Program => {
                    if !matches!(player, Player::Program { .. }) {
                        return Err(TableRefusal::NotYourSeat(seat).into());
                    }
                }
            }
            let turn = match input {
                TableInput::Text(text) => game
                    .parse_turn(text)
                    .map_err(|e| ServiceError::BadSetup(e.to_string()))?,
                TableInput::Turn(t) => *t,
            };
            game.play(turn)
                .map_err(|e| ServiceError::Illegal(crate::engine::MoveError::Illegal(e)))?;
            let mut next = cur.clone();
            next.missed[seat.index()] = 0;
            self.after_turn(&mut next, &game, now);
            let ws = self.table_end_writes(&mut next, &game, now)?;
            self.step_table(&cur, next, now, ws, TableEvent::Played { seat, turn })
        })
    }

    /// A person leaves a game in play by resigning (RULES §14 "Leaving"): the program
    /// plays their seat to the end.
    pub fn table_resign(
        &self,
        id: TableId,
        user: UserId,
        now: Timestamp,
    ) -> Result<TableChange, ServiceError> {
        self.until_committed("table resign", || {
            let cur = self.table(id)?;
            if cur.status != TableStatus::Playing {
                return Err(TableRefusal::NotPlaying.into());
            }
            let Some(seat) = cur.seat_of(user) else {
                return Err(TableRefusal::NotSeated.into());
            };
            let mut game = self.table_game(&cur)?;
            let before = game.leaves().len();
            game.leave(seat, Leave::Resignation);
            if game.leaves().len() == before {
                return Err(TableRefusal::SeatDone.into());
            }
            let mut next = cur.clone();
            self.after_turn(&mut next, &game, now);
            let ws = self.table_end_writes(&mut next, &game, now)?;
            let how = Leave::Resignation;
            self.step_table(&cur, next, now, ws, TableEvent::Left { seat, how })
        })
    }

    /// A due per-move limit: the program moves for the seat (`turn`, chosen by the bot's
    /// AI for the table at `version`), or on a second miss in a row the player leaves.
    pub fn table_missed(
        &self,
        id: TableId,
        version: Version,
        turn: Turn,
        now: Timestamp,
    ) -> Result<Option<TableChange>, ServiceError> {
        self.until_committed("table missed", || {
            let cur = self.table(id)?;
            let due = cur
                .deadline
                .is_some_and(|d| d.kind == DeadlineKind::MoveMissed && d.at <= now);
            if cur.status != TableStatus::Playing || !due || cur.version != version {
                return Ok(Step::Done(None));
            }
            let mut game = self.table_game(&cur)?;
            let seat = game.position().to_move();
            let mut next = cur.clone();
            next.missed[seat.index()] += 1;
            let event = if next.missed[seat.index()] >= 2 {
                game.leave(seat, Leave::Timeout);
                TableEvent::Left {
                    seat,
                    how: Leave::Timeout,
                }
            } else {
                game.play(turn)
                    .map_err(|e| ServiceError::Illegal(crate::engine::MoveError::Illegal(e)))?;
                TableEvent::AutoMoved { seat, turn }
            };
            self.after_turn(&mut next, &game, now);
            let ws = self.table_end_writes(&mut next, &game, now)?;
            self.step_table(&cur, next, now, ws, event)
                .map(|s| match s {
                    Step::Write(ws, c) => Step::Write(ws, Some(c)),
                    Step::Done(c) => Step::Done(Some(c)),
                    Step::Again => Step::Again,
                })
        })
    }

    /// A due lobby lapses.
    pub(super) fn lapse_table(
        &self,
        id: TableId,
        now: Timestamp,
    ) -> Result<Option<TableRecord>, ServiceError> {
        self.until_committed("lobby lapse", || {
            let Some(cur) = self.store.table(id)? else {
                return Ok(Step::Done(None));
            };
            let due = cur.deadline.is_some_and(|d| d.at <= now);
            if cur.status != TableStatus::Lobby || !due {
                return Ok(Step::Done(None));
            }
            let mut next = cur.clone();
            next.status = TableStatus::Lapsed;
            next.deadline = None;
            Ok(
                match self.step_table(&cur, next, now, WriteSet::new(), ())? {
                    Step::Write(ws, t) => Step::Write(ws, Some(t)),
                    Step::Done(t) => Step::Done(Some(t)),
                    Step::Again => Step::Again,
                },
            )
        })
    }

    /// The game's record text, turn start and next deadline after a turn or a leave.
    fn after_turn(&self, next: &mut TableRecord, game: &MultiGame, now: Timestamp) {
        next.record = game.write_record(&[]);
        next.turn_started = now;
        next.deadline = self.table_deadline(next, game, now);
        if game.is_over() {
            next.status = TableStatus::Over;
            next.deadline = None;
        }
    }

    /// The next timer event of a table in play: the program's move at once where it
    /// plays the seat to move, else the per-move limit if any.
    fn table_deadline(
        &self,
        t: &TableRecord,
        game: &MultiGame,
        now: Timestamp,
    ) -> Option<Deadline> {
        if t.status != TableStatus::Playing || game.is_over() {
            return None;
        }
        let seat = game.position().to_move();
        match moves_for(t, game, seat) {
            Player::Program { .. } => Some(Deadline {
                at: now,
                kind: DeadlineKind::ProgramMove,
            }),
            _ => t.per_move.map(|s| Deadline {
                at: now.plus(Millis::secs(u64::from(s))),
                kind: DeadlineKind::MoveMissed,
            }),
        }
    }

    /// At a game's end: every person's place counted, and in a rated variant with two or
    /// more people their ratings (RULES §14 "Ratings"), written with the table.
    fn table_end_writes(
        &self,
        next: &mut TableRecord,
        game: &MultiGame,
        now: Timestamp,
    ) -> Result<WriteSet, ServiceError> {
        let mut ws = WriteSet::new();
        let Some(outcome) = game.outcome() else {
            return Ok(ws);
        };
        let v = next.variant;
        let mut people: Vec<(Seat, UserRecord)> = Vec::new();
        for (s, p) in next.seated() {
            if let Player::Human(u) = p {
                let r = self
                    .store
                    .user(u)?
                    .unwrap_or_else(|| UserRecord::new(u, "", now));
                people.push((s, r));
            }
        }
        for (s, r) in &mut people {
            r.multi_mut(v).count(outcome.places[s.index()].unwrap_or(4));
        }
        if v == MultiVariant::Halma4 && people.len() >= 2 {
            let rated: Vec<(Rated, u8)> = people
                .iter_mut()
                .map(|(s, r)| {
                    let st = r.multi_mut(v);
                    (
                        Rated {
                            rating: st.rating,
                            games: st.rated_games,
                        },
                        outcome.places[s.index()].unwrap_or(4),
                    )
                })
                .collect();
            let changes = multi_update(&rated, v.seats().len());
            next.ratings.clear();
            for ((_, r), c) in people.iter_mut().zip(changes) {
                r.multi_mut(v).rate(c);
                next.ratings.push((r.id, c));
            }
        }
        // The group's players (its `/top`) include those of its tables.
        if next.chat.0 < 0 {
            let mut chat = self
                .store
                .chat(next.chat)?
                .unwrap_or_else(|| ChatRecord::new(next.chat, now));
            let expected = stored(chat.version);
            let mut changed = expected.is_none();
            for (_, r) in &people {
                if !chat.players.contains(&r.id) {
                    chat.players.push(r.id);
                    changed = true;
                }
            }
            if changed {
                chat.version = chat.version.next();
                chat.updated_at = now;
                ws.put(expected, AnyRecord::Chat(chat));
            }
        }
        for (_, mut r) in people {
            let expected = stored(r.version);
            r.version = r.version.next();
            r.updated_at = now;
            ws.put(expected, AnyRecord::User(r));
        }
        Ok(ws)
    }

    /// Write `next` (the successor of `cur`) with `ws`; the value on success.
    fn step_table<T>(
        &self,
        cur: &TableRecord,
        mut next: TableRecord,
        now: Timestamp,
        mut ws: WriteSet,
        value: T,
    ) -> Result<Step<T::Out>, ServiceError>
    where
        T: IntoChange,
    {
        next.version = cur.version.next();
        next.updated_at = now;
        ws.put(Some(cur.version), AnyRecord::Table(next.clone()));
        if next.deadline != cur.deadline {
            self.deadlines_changed.notify_one();
        }
        Ok(Step::Write(ws, value.with(next)))
    }

    fn write_table(
        &self,
        expected: Option<Version>,
        t: &TableRecord,
        mut ws: WriteSet,
    ) -> Result<(), ServiceError> {
        ws.put(expected, AnyRecord::Table(t.clone()));
        self.commit(ws).map_err(|e| match e {
            CommitError::Conflict(_) => ServiceError::Busy,
            CommitError::Store(s) => ServiceError::Store(s),
        })?;
        if t.deadline.is_some() {
            self.deadlines_changed.notify_one();
        }
        Ok(())
    }

    /// A table's due deadline: a lobby lapses here; the program's move and a missed
    /// limit are the bot's to act on (it runs the AI), so they are handed over unchanged.
    pub(super) fn fire_table(&self, id: TableId, now: Timestamp) -> Result<Fired, ServiceError> {
        let Some(t) = self.store.table(id)? else {
            return Ok(Fired::NotDue);
        };
        let Some(d) = t.deadline.filter(|d| d.at <= now) else {
            return Ok(Fired::NotDue);
        };
        match (t.status, d.kind) {
            (TableStatus::Lobby, _) => Ok(match self.lapse_table(id, now)? {
                Some(t) => Fired::TableLapsed(t),
                None => Fired::NotDue,
            }),
            (TableStatus::Playing, DeadlineKind::ProgramMove | DeadlineKind::MoveMissed) => {
                Ok(Fired::TableDue(t))
            }
            _ => Ok(Fired::NotDue),
        }
    }
}

/// A turn as it arrives at a table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TableInput {
    /// Typed (`c3-e5`, a chain, or `--` for a pass).
    Text(String),
    /// Chosen by the program.
    Turn(Turn),
}

/// What a table write returns: the value with the table as written.
pub(super) trait IntoChange {
    /// The value for the written table.
    type Out;
    /// Attach the table.
    fn with(self, t: TableRecord) -> Self::Out;
}

impl IntoChange for () {
    type Out = TableRecord;
    fn with(self, t: TableRecord) -> TableRecord {
        t
    }
}

impl IntoChange for TableEvent {
    type Out = TableChange;
    fn with(self, table: TableRecord) -> TableChange {
        TableChange { table, event: self }
    }
}
