//! Tournaments: a group's event from its draft to its end. Every step is one commit of
//! the tournament record guarded by its version, together with the games it starts or
//! ends, so a round is paired exactly once and a game is never started twice, whichever
//! instance, retry or restart takes the step.
//!
//! [`GameService::advance_tournament`] is the one step that moves a running event on: it
//! reads the games of the current round, records their results, ends the games of
//! players who did not make their first move in time (a forfeit), and pairs the next
//! round (or an arena's next wave) once the results allow. It is idempotent: called
//! again with nothing new, it writes nothing. The bot calls it when a game ends and on a
//! timer, and at start-up, so a deadline missed while the bot was down is applied then.

use super::{GameService, NewGame, ServiceError, Step, stored};
use crate::engine::{AnyOutcome, AnyVariant, Color, Leave, Seat};
use crate::game::ids::{ChatId, GameId, MessageId, Millis, Timestamp, TournamentId, UserId};
use crate::game::record::{
    AnyRecord, Board, ChatRecord, GameRecord, Player, RecordKind, Status, TournamentPlayer,
    TournamentRecord, TournamentSettings, TournamentStatus, Venue,
};
use crate::game::storage::WriteSet;
use crate::game::tournament::{
    Entrant, Event, Format, GameResult, PairError, Round, Seed, TableResult, arena,
};
use std::collections::BTreeMap;
use std::ops::ControlFlow;

/// A round with more boards than this is played in the players' private chats: a group
/// takes about 20 new messages a minute, so a round of many boards would take minutes to
/// post (and the group's chat would be nothing but boards).
pub const GROUP_BOARDS: usize = 6;

/// The most entrants a tournament takes.
pub const MAX_ENTRANTS: usize = 256;

/// Why a tournament request was refused; each is something the bot tells the person.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TournamentRefusal {
    /// The group already has a tournament open or running.
    #[error("a tournament is already open in this group")]
    AlreadyOpen,
    /// No such tournament, or not in this group.
    #[error("there is no such tournament")]
    NoSuchTournament,
    /// It has finished or was cancelled.
    #[error("this tournament is over")]
    Over,
    /// It has started, and its format takes no late entries (round-robin).
    #[error("this tournament has started")]
    Started,
    /// It has not started yet.
    #[error("this tournament has not started")]
    NotStarted,
    /// The person has entered already.
    #[error("you have entered already")]
    AlreadyEntered,
    /// The person has not entered.
    #[error("you have not entered")]
    NotEntered,
    /// No more entrants.
    #[error("the tournament is full")]
    Full,
    /// Too few entrants to start.
    #[error("too few players to start")]
    TooFew,
    /// Not paused (resume), or already paused (pause).
    #[error("the tournament is not in that state")]
    NotThatState,
    /// A variant for three or four seats asked for a round-robin or a Swiss: its tables
    /// are seated by an arena only.
    #[error("tables of three or four play only an arena")]
    TablesArenaOnly,
}

/// What one step of a running tournament did, for the bot to show.
#[derive(Clone, Debug, Default)]
pub struct Advanced {
    /// The record after the step.
    pub record: Option<TournamentRecord>,
    /// Games it started (their boards are to be posted).
    pub started: Vec<GameRecord>,
    /// Games it ended by forfeit, and tables a player left by not moving in time: (the
    /// game, the seat that did not play).
    pub forfeited: Vec<(GameRecord, Seat)>,
    /// Whether it recorded a result.
    pub results: bool,
}

impl GameService {
    /// A tournament by id.
    pub fn tournament(&self, id: TournamentId) -> Result<TournamentRecord, ServiceError> {
        self.store.tournament(id)?.ok_or(ServiceError::Tournament(
            TournamentRefusal::NoSuchTournament,
        ))
    }

    /// A group's tournaments, newest first.
    pub fn chat_tournaments(&self, chat: ChatId) -> Result<Vec<TournamentRecord>, ServiceError> {
        let mut out = Vec::new();
        self.store.scan(RecordKind::Tournament, &mut |r| {
            if let AnyRecord::Tournament(t) = r
                && t.chat == chat
            {
                out.push(t);
            }
            ControlFlow::Continue(())
        })?;
        out.sort_by_key(|t| std::cmp::Reverse(t.id));
        Ok(out)
    }

    /// Every tournament not yet over (the bot keeps these moving).
    pub fn open_tournaments(&self) -> Result<Vec<TournamentRecord>, ServiceError> {
        let mut out = Vec::new();
        self.store.scan(RecordKind::Tournament, &mut |r| {
            if let AnyRecord::Tournament(t) = r
                && (t.status.is_open() || !t.end_told)
            {
                out.push(t);
            }
            ControlFlow::Continue(())
        })?;
        Ok(out)
    }

    /// Open a tournament's entries in `chat` (one open tournament a group).
    pub fn open_tournament(
        &self,
        chat: ChatId,
        host: UserId,
        settings: TournamentSettings,
        now: Timestamp,
    ) -> Result<TournamentRecord, ServiceError> {
        if settings.variant.seat_count() > 2 && !matches!(settings.format, Format::Arena { .. }) {
            return Err(TournamentRefusal::TablesArenaOnly.into());
        }
        if self
            .chat_tournaments(chat)?
            .iter()
            .any(|t| t.status.is_open())
        {
            return Err(TournamentRefusal::AlreadyOpen.into());
        }
        let id = self.store.new_tournament_id()?;
        let t = TournamentRecord {
            id,
            version: crate::game::Version(1),
            chat,
            host,
            message: None,
            event: Event::new(settings.format, Vec::new()),
            settings,
            status: TournamentStatus::Draft,
            people: Vec::new(),
            games: Vec::new(),
            venue: Venue::Group,
            round_started: None,
            ends_at: None,
            pairings_told: 0,
            results_told: 0,
            end_told: false,
            created_at: now,
            updated_at: now,
        };
        self.until_committed("new tournament", || {
            let mut ws = WriteSet::new();
            ws.put(None, AnyRecord::Tournament(t.clone()));
            Ok(Step::Write(ws, t.clone()))
        })
    }

    /// Change a tournament with `f`, retried on a lost race; `f` returns `false` for
    /// nothing to write.
    fn tournament_step<T>(
        &self,
        id: TournamentId,
        now: Timestamp,
        mut f: impl FnMut(&mut TournamentRecord) -> Result<T, ServiceError>,
    ) -> Result<(TournamentRecord, T), ServiceError> {
        self.until_committed("tournament", || {
            let cur = self.tournament(id)?;
            let mut next = cur.clone();
            let value = f(&mut next)?;
            if next == cur {
                return Ok(Step::Done((cur, value)));
            }
            next.version = cur.version.next();
            next.updated_at = now;
            let mut ws = WriteSet::new();
            ws.put(stored(cur.version), AnyRecord::Tournament(next.clone()));
            Ok(Step::Write(ws, (next, value)))
        })
    }

    /// Keep the entry message's id.
    pub fn set_tournament_message(
        &self,
        id: TournamentId,
        message: MessageId,
        now: Timestamp,
    ) -> Result<TournamentRecord, ServiceError> {
        self.tournament_step(id, now, |t| {
            t.message = Some(message);
            Ok(())
        })
        .map(|(t, ())| t)
    }

    /// Mark what the group has been told: the pairings of rounds below `pairings`, the
    /// results of rounds (an arena: waves) below `results`, and the end.
    pub fn tournament_told(
        &self,
        id: TournamentId,
        pairings: u32,
        results: u32,
        end: bool,
        now: Timestamp,
    ) -> Result<TournamentRecord, ServiceError> {
        self.tournament_step(id, now, |t| {
            t.pairings_told = t.pairings_told.max(pairings);
            t.results_told = t.results_told.max(results);
            t.end_told |= end;
            Ok(())
        })
        .map(|(t, ())| t)
    }

    /// `user` enters: before the start, or late into a running Swiss or arena (from its
    /// next round; an arena at once). Someone who withdrew may come back the same way.
    pub fn join_tournament(
        &self,
        id: TournamentId,
        user: UserId,
        username: Option<String>,
        name: String,
        now: Timestamp,
    ) -> Result<TournamentRecord, ServiceError> {
        let rating = self.rating_for(user, id)?;
        self.tournament_step(id, now, |t| {
            let late = match t.status {
                TournamentStatus::Draft => false,
                TournamentStatus::Running | TournamentStatus::Paused => true,
                _ => return Err(TournamentRefusal::Over.into()),
            };
            if late && matches!(t.settings.format, Format::RoundRobin { .. }) {
                return Err(TournamentRefusal::Started.into());
            }
            let next_round = match t.settings.format {
                Format::Arena { .. } => 0,
                _ => t.event.rounds.len() as u32,
            };
            if let Some(s) = t.seed_of(user) {
                let e = &mut t.event.players[s.index()];
                if e.withdrew.is_none() {
                    return Err(TournamentRefusal::AlreadyEntered.into());
                }
                if !late {
                    e.withdrew = None;
                    return Ok(());
                }
                // Back after a withdrawal: paired again from the next round. The rounds
                // missed in between count as absences.
                e.withdrew = None;
                e.joined = e.joined.max(next_round);
                return Ok(());
            }
            if t.people.len() >= max_entrants(t) {
                return Err(TournamentRefusal::Full.into());
            }
            t.people.push(TournamentPlayer {
                user,
                username: username.clone(),
            });
            t.event.players.push(Entrant {
                name: name.clone(),
                rating,
                joined: if late { next_round } else { 0 },
                withdrew: None,
            });
            Ok(())
        })
        .map(|(t, ())| t)
    }

    /// `user` leaves: before the start, their entry goes; once running, they withdraw
    /// (paired no more; the bot resigns a game they are playing). Returns the game they
    /// were playing in the current round, if any.
    pub fn leave_tournament(
        &self,
        id: TournamentId,
        user: UserId,
        now: Timestamp,
    ) -> Result<(TournamentRecord, Option<GameId>), ServiceError> {
        self.tournament_step(id, now, |t| {
            let Some(s) = t.seed_of(user) else {
                return Err(TournamentRefusal::NotEntered.into());
            };
            match t.status {
                TournamentStatus::Draft => {
                    t.people.remove(s.index());
                    t.event.players.remove(s.index());
                    Ok(None)
                }
                TournamentStatus::Running | TournamentStatus::Paused => {
                    let e = &mut t.event.players[s.index()];
                    if e.withdrew.is_some() {
                        return Err(TournamentRefusal::NotEntered.into());
                    }
                    let rounds = t.event.rounds.len();
                    e.withdrew = Some(match t.settings.format {
                        // An arena's waves are not rounds: withdrawn from now on.
                        Format::Arena { .. } => 0,
                        _ => rounds as u32,
                    });
                    let playing = (0..rounds).rev().find_map(|r| {
                        let g = t.game_of(r, s)?;
                        t.event.rounds[r].playing(s).then_some(g)
                    });
                    Ok(playing)
                }
                _ => Err(TournamentRefusal::Over.into()),
            }
        })
    }

    /// Start the tournament: its first round (or wave) is paired and its games started.
    pub fn start_tournament(
        &self,
        id: TournamentId,
        now: Timestamp,
    ) -> Result<Advanced, ServiceError> {
        let cur = self.tournament(id)?;
        if cur.status != TournamentStatus::Draft {
            return Err(match cur.status {
                TournamentStatus::Running | TournamentStatus::Paused => TournamentRefusal::Started,
                _ => TournamentRefusal::Over,
            }
            .into());
        }
        if cur.people.len() < min_players(&cur) {
            return Err(TournamentRefusal::TooFew.into());
        }
        self.advance(id, now, true)
    }

    /// One step of a running tournament (see the module docs). Nothing to do: nothing
    /// written, `record` is the stored one.
    pub fn advance_tournament(
        &self,
        id: TournamentId,
        now: Timestamp,
    ) -> Result<Advanced, ServiceError> {
        self.advance(id, now, false)
    }

    /// Pause, resume or cancel (an admin's decision; the bot checks who asks).
    pub fn set_tournament_status(
        &self,
        id: TournamentId,
        to: TournamentStatus,
        now: Timestamp,
    ) -> Result<TournamentRecord, ServiceError> {
        self.tournament_step(id, now, |t| {
            match (t.status, to) {
                (TournamentStatus::Running, TournamentStatus::Paused)
                | (TournamentStatus::Paused, TournamentStatus::Running) => {}
                (s, TournamentStatus::Cancelled { .. }) if s.is_open() => {}
                (s, _) if !s.is_open() => return Err(TournamentRefusal::Over.into()),
                _ => return Err(TournamentRefusal::NotThatState.into()),
            }
            t.status = to;
            Ok(())
        })
        .map(|(t, ())| t)
    }

    fn rating_for(&self, user: UserId, id: TournamentId) -> Result<i32, ServiceError> {
        let t = self.tournament(id)?;
        let u = self.store.user(user)?;
        let rating = match &t.settings.variant {
            AnyVariant::Two(v) => u.and_then(|u| u.stats(v.id()).map(|s| s.rating)),
            AnyVariant::Multi(m) => {
                u.and_then(|u| u.multi.iter().find(|s| s.variant == *m).map(|s| s.rating))
            }
        };
        Ok(rating.unwrap_or(crate::game::rating::START_RATING))
    }

    fn advance(
        &self,
        id: TournamentId,
        now: Timestamp,
        start: bool,
    ) -> Result<Advanced, ServiceError> {
        self.until_committed("tournament step", || {
            let cur = self.tournament(id)?;
            let mut t = cur.clone();
            let mut ws = WriteSet::new();
            let mut out = Advanced::default();
            // A draft starts by itself at its time, once it has enough players.
            let due = t.settings.starts_at.is_some_and(|at| at <= now)
                && t.people.len() >= min_players(&t);
            if start || (t.status == TournamentStatus::Draft && due) {
                if t.status != TournamentStatus::Draft {
                    return Err(TournamentRefusal::Started.into());
                }
                t.status = TournamentStatus::Running;
                t.event = Event::new(t.settings.format, t.event.players.clone());
                if let Format::Arena { minutes } = t.settings.format {
                    t.ends_at = Some(now.plus(Millis::minutes(u64::from(minutes))));
                    t.round_started = Some(now);
                }
            } else if t.status == TournamentStatus::Draft {
                return Ok(Step::Done(Advanced {
                    record: Some(cur),
                    ..Advanced::default()
                }));
            }
            let running = t.status == TournamentStatus::Running;
            self.record_results(&mut t, now, running, &mut ws, &mut out)?;
            if running {
                self.pair_what_is_due(&mut t, now, &mut ws, &mut out)?;
            }
            if t == cur {
                out.record = Some(cur);
                return Ok(Step::Done(out));
            }
            t.version = cur.version.next();
            t.updated_at = now;
            ws.put(stored(cur.version), AnyRecord::Tournament(t.clone()));
            out.record = Some(t);
            Ok(Step::Write(ws, out))
        })
        .inspect(|a| {
            if !a.started.is_empty() || !a.forfeited.is_empty() {
                self.deadlines_changed.notify_one();
            }
        })
    }

    /// Record the results of the games that ended, and end by forfeit those whose player
    /// to move has not made a first move in time.
    fn record_results(
        &self,
        t: &mut TournamentRecord,
        now: Timestamp,
        running: bool,
        ws: &mut WriteSet,
        out: &mut Advanced,
    ) -> Result<(), ServiceError> {
        let limit = t.settings.first_move;
        for r in 0..t.event.rounds.len() {
            for b in 0..t.event.rounds[r].pairings.len() {
                if t.event.rounds[r].pairings[b].result.is_some() {
                    continue;
                }
                let Some(gid) = t.games.get(r).and_then(|g| g.get(b)).copied().flatten() else {
                    continue;
                };
                let g = self.game(gid)?;
                let result = match g.status {
                    Status::Over { outcome, .. } => Some(result_of(outcome)),
                    Status::Aborted { by, .. } => Some(forfeit_by(&g, by)),
                    Status::Active | Status::Lobby
                        if running && g.ply() < 2 && g.paused.is_none() =>
                    {
                        // From when the player could first see it: a board posted late in
                        // a busy group (its message stored then) does not cost them the
                        // wait.
                        let since = g.clocks.turn_started.0.max(g.updated_at.0);
                        if now.0 >= since.saturating_add(limit.0) {
                            // The player to move did not come: their game ends, and they
                            // lose by forfeit.
                            let side = if g.ply() == 0 {
                                Color::White
                            } else {
                                Color::Black
                            };
                            let mut next = g.clone();
                            next.status = Status::Aborted {
                                by: g.player(side).user(),
                                at: now,
                            };
                            let writes = self.game_writes(&g, &mut next, now)?;
                            ws.writes.extend(writes.writes);
                            out.forfeited.push((next, side.into()));
                            Some(if side == Color::White {
                                GameResult::BlackByForfeit
                            } else {
                                GameResult::WhiteByForfeit
                            })
                        } else {
                            None
                        }
                    }
                    _ => None,
                };
                if let Some(res) = result {
                    t.event.rounds[r].pairings[b].result = Some(res);
                    out.results = true;
                }
            }
            for b in 0..t.event.rounds[r].tables.len() {
                if t.event.rounds[r].tables[b].result.is_some() {
                    continue;
                }
                let Some(gid) = t.games.get(r).and_then(|g| g.get(b)).copied().flatten() else {
                    continue;
                };
                let mut g = self.game(gid)?;
                if running
                    && g.status == Status::Active
                    && g.paused.is_none()
                    && (g.ply() as usize) < g.variant.seat_count()
                {
                    // A seat's first turn: a player who does not come leaves the table
                    // on time, the program playing their seat on (RULES.md §14), and the
                    // others play on.
                    let seat = g.to_move();
                    let since = g.clocks.turn_started.0.max(g.updated_at.0);
                    if !g.left().has(seat) && now.0 >= since.saturating_add(limit.0) {
                        let mut next = g.clone();
                        if self.seat_out(&g, &mut next, seat, Leave::Timeout, now)? {
                            let writes = self.game_writes(&g, &mut next, now)?;
                            ws.writes.extend(writes.writes);
                            out.forfeited.push((next.clone(), seat));
                            g = next;
                        }
                    }
                }
                let result = match g.status {
                    Status::Over {
                        outcome: AnyOutcome::Places(o),
                        ..
                    } => Some(TableResult::Places(
                        g.variant
                            .seats()
                            .iter()
                            .map(|s| o.places[s.index()].unwrap_or(4))
                            .collect(),
                    )),
                    Status::Over { .. } | Status::Aborted { .. } => Some(TableResult::Cancelled),
                    _ => None,
                };
                if let Some(res) = result {
                    t.event.rounds[r].tables[b].result = Some(res);
                    out.results = true;
                }
            }
        }
        Ok(())
    }

    /// Pair the next round once the last is complete (an arena: the next wave of players
    /// waiting), or finish.
    fn pair_what_is_due(
        &self,
        t: &mut TournamentRecord,
        now: Timestamp,
        ws: &mut WriteSet,
        out: &mut Advanced,
    ) -> Result<(), ServiceError> {
        match t.settings.format {
            Format::Arena { .. } => {
                let over = t.ends_at.is_some_and(|e| now >= e);
                let busy: Vec<Seed> = t.event.rounds.iter().flat_map(Round::busy).collect();
                if over {
                    if busy.is_empty() {
                        t.status = TournamentStatus::Finished { at: now };
                    }
                    return Ok(());
                }
                let waiting: Vec<Seed> = t
                    .event
                    .seeds()
                    .filter(|s| t.event.players[s.index()].withdrew.is_none() && !busy.contains(s))
                    .collect();
                let seats = t.seats();
                if waiting.len() < seats {
                    return Ok(());
                }
                let wave = if seats > 2 {
                    let field = t
                        .event
                        .players
                        .iter()
                        .filter(|p| p.withdrew.is_none())
                        .count();
                    arena::seat_waiting(&t.event, &waiting, seats, field)
                } else {
                    arena::pair_waiting(&t.event, &waiting)
                };
                if wave.boards() > 0 {
                    self.start_round(t, wave, now, ws, out)?;
                }
                Ok(())
            }
            _ => {
                if t.event.rounds.last().is_some_and(|r| !r.complete()) {
                    return Ok(());
                }
                match t.event.pair_next() {
                    Ok(round) => {
                        t.round_started = Some(now);
                        self.start_round(t, round, now, ws, out)
                    }
                    Err(PairError::Finished(_) | PairError::NoPairing | PairError::TooFew) => {
                        t.status = TournamentStatus::Finished { at: now };
                        Ok(())
                    }
                    Err(PairError::RoundInProgress(_) | PairError::Arena) => Ok(()),
                }
            }
        }
    }

    /// Add `round` to the event and start its games (a withdrawn player's game is a
    /// forfeit at once, with no game).
    fn start_round(
        &self,
        t: &mut TournamentRecord,
        mut round: Round,
        now: Timestamp,
        ws: &mut WriteSet,
        out: &mut Advanced,
    ) -> Result<(), ServiceError> {
        let index = t.event.rounds.len() as u32;
        let gone = |s: Seed| {
            !t.event.players[s.index()].plays_in(index)
                && !matches!(t.settings.format, Format::Arena { .. })
        };
        // An arena's waves come and go: its games are where its whole field would fit.
        // Tables are always in the group (a game has one mirror board, not one for each
        // of four players), and an arena of tables takes no more than fit there.
        let boards = match t.settings.format {
            Format::Arena { .. } if t.seats() > 2 => 0,
            Format::Arena { .. } => t.event.players.len() / 2,
            _ => round
                .pairings
                .iter()
                .filter(|p| !gone(p.white) && !gone(p.black))
                .count(),
        };
        let venue = if boards <= GROUP_BOARDS {
            Venue::Group
        } else {
            Venue::Private
        };
        t.venue = venue;
        let mut ids = Vec::with_capacity(round.pairings.len());
        let mut gains: BTreeMap<ChatId, Vec<UserId>> = BTreeMap::new();
        for p in &mut round.pairings {
            let (w, b) = (gone(p.white), gone(p.black));
            if w || b {
                p.result = Some(match (w, b) {
                    (true, true) => GameResult::DoubleForfeit,
                    (true, false) => GameResult::BlackByForfeit,
                    _ => GameResult::WhiteByForfeit,
                });
                out.results = true;
                ids.push(None);
                continue;
            }
            let (Some(white), Some(black)) = (t.user_of(p.white), t.user_of(p.black)) else {
                ids.push(None);
                continue;
            };
            let chat = match venue {
                Venue::Group => t.chat,
                Venue::Private => ChatId(white.0 as i64),
            };
            let id = self.store.new_game_id()?;
            let mut g = self.build_game(
                id,
                NewGame {
                    variant: t.settings.variant.clone(),
                    players: vec![Player::Human(white), Player::Human(black)],
                    time_control: t.settings.time_control,
                    chat,
                    message: None,
                    rated: t.settings.rated,
                    start: None,
                },
                now,
            )?;
            if venue == Venue::Private {
                g.mirror = Some(Board {
                    chat: ChatId(black.0 as i64),
                    message: None,
                });
            }
            self.pause_where_unreachable(&mut g, now)?;
            for b in g.boards() {
                gains.entry(b.chat).or_default().extend([white, black]);
            }
            ids.push(Some(id));
            ws.put(None, AnyRecord::Game(g.clone()));
            out.started.push(g);
        }
        for table in &round.tables {
            let users: Option<Vec<UserId>> = table.seats.iter().map(|s| t.user_of(*s)).collect();
            let Some(users) = users else {
                ids.push(None);
                continue;
            };
            let id = self.store.new_game_id()?;
            let mut g = self.build_game(
                id,
                NewGame {
                    variant: t.settings.variant.clone(),
                    players: users.iter().map(|u| Player::Human(*u)).collect(),
                    time_control: t.settings.time_control,
                    chat: t.chat,
                    message: None,
                    rated: t.settings.rated,
                    start: None,
                },
                now,
            )?;
            self.pause_where_unreachable(&mut g, now)?;
            gains.entry(t.chat).or_default().extend(users);
            ids.push(Some(id));
            ws.put(None, AnyRecord::Game(g.clone()));
            out.started.push(g);
        }
        // One write a chat, however many of the round's games it shows.
        for (chat, users) in gains {
            let mut c = self
                .store
                .chat(chat)?
                .unwrap_or_else(|| ChatRecord::new(chat, now));
            let expected = stored(c.version);
            let before = c.players.len();
            for u in users {
                if !c.players.contains(&u) {
                    c.players.push(u);
                }
            }
            if c.players.len() != before || expected.is_none() {
                c.version = c.version.next();
                c.updated_at = now;
                ws.put(expected, AnyRecord::Chat(c));
            }
        }
        t.event.rounds.push(round);
        t.games.push(ids);
        Ok(())
    }
}

/// The fewest entrants it starts with: a round-robin three, an arena of tables a table.
fn min_players(t: &TournamentRecord) -> usize {
    match t.settings.format {
        Format::RoundRobin { .. } => 3,
        _ => t.seats().max(2),
    }
}

/// The most entrants it takes: an arena of tables as many as its group's boards seat.
fn max_entrants(t: &TournamentRecord) -> usize {
    match t.seats() {
        2 => MAX_ENTRANTS,
        n => GROUP_BOARDS * n,
    }
}

/// A finished game's result for the tournament.
fn result_of(outcome: AnyOutcome) -> GameResult {
    match outcome {
        AnyOutcome::Two(o) => match o.result.winner() {
            Some(Color::White) => GameResult::White,
            Some(Color::Black) => GameResult::Black,
            None => GameResult::Draw,
        },
        // Tournaments pair two sides; a table's result counts its winner's seat.
        AnyOutcome::Places(_) => GameResult::Draw,
    }
}

/// A game called off: whoever called it off (or, called off by nobody, whoever was to
/// move) loses by forfeit.
fn forfeit_by(g: &GameRecord, by: Option<UserId>) -> GameResult {
    let white = g.player(Color::White).user();
    let loser_white = match by {
        Some(u) => white == Some(u),
        None => g.ply().is_multiple_of(2),
    };
    if loser_white {
        GameResult::BlackByForfeit
    } else {
        GameResult::WhiteByForfeit
    }
}

impl From<TournamentRefusal> for ServiceError {
    fn from(r: TournamentRefusal) -> ServiceError {
        ServiceError::Tournament(r)
    }
}
