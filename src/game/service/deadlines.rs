//! Deadlines: the timer's queue and what firing each kind does.

use super::games::apply_move;
use super::*;

impl GameService {
    /// Fire many due deadlines in one blocking call: each is still its own
    /// version-checked write, but they share one flush, done before this returns (so
    /// nothing is announced before it is durable). Results are in `entries` order.
    pub fn fire_batch(
        &self,
        entries: &[DeadlineEntry],
        now: Timestamp,
        auto_move: &mut dyn FnMut(&AnyGame) -> Option<Ply>,
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
        auto_move: &mut dyn FnMut(&AnyGame) -> Option<Ply>,
    ) -> Result<Fired, ServiceError> {
        let id = match entry.target {
            DeadlineTarget::Challenge(c) => return self.fire_challenge(c, now),
            DeadlineTarget::Game(id) => id,
        };
        let done = self.until_committed("deadline", || {
            let Some(cur) = self.store.game(id)? else {
                return Ok(Step::Done(Firing::Done(Box::new(Fired::NotDue))));
            };
            let Some(d) = cur.deadline.filter(|d| d.at <= now) else {
                return Ok(Step::Done(Firing::Done(Box::new(Fired::NotDue))));
            };
            if cur.lapsed_lobby() {
                // Past its retention: removed, as the retention sweep removes challenges.
                self.store.remove(&[(RecordRef::Game(id), cur.version)])?;
                return Ok(Step::Done(Firing::Done(Box::new(Fired::Removed(id)))));
            }
            let kind = self.due_kind(&cur, d.kind, now);
            let mut next = cur.clone();
            let effect = match self.deadline_effect(&cur, &mut next, kind, now, auto_move)? {
                Effect::None(fired) => return Ok(Step::Done(Firing::Done(fired))),
                effect => effect,
            };
            let ws = self.game_writes(&cur, &mut next, now)?;
            Ok(Step::Write(
                ws,
                Firing::Changed(Box::new((cur, next)), effect),
            ))
        })?;
        Ok(match done {
            Firing::Done(fired) => *fired,
            Firing::Changed(change, effect) => {
                let (cur, next) = *change;
                self.game_changed(&cur, &next);
                effect.fired(next)
            }
        })
    }

    fn fire_challenge(&self, c: ChallengeId, now: Timestamp) -> Result<Fired, ServiceError> {
        match self.expire_challenge(c, now) {
            Ok(ch) => Ok(Fired::ChallengeExpired(ch)),
            Err(
                ServiceError::NotDue
                | ServiceError::ChallengeClosed(_)
                | ServiceError::NoSuchChallenge(_),
            ) => Ok(Fired::NotDue),
            Err(e) => Err(e),
        }
    }

    /// What a due deadline of `kind` does now: a warning whose end is itself already due
    /// (the bot was down) is skipped, and the end applied at once, in the same single
    /// write.
    fn due_kind(&self, cur: &GameRecord, kind: DeadlineKind, now: Timestamp) -> DeadlineKind {
        let no = cur.seat_no(cur.to_move()).unwrap_or(0);
        match kind {
            DeadlineKind::ClockReminder
                if cur
                    .clocks
                    .flag_at(&cur.time_control, no)
                    .is_some_and(|f| f <= now) =>
            {
                DeadlineKind::ClockFlag
            }
            DeadlineKind::AbandonWarning
                if cur.clocks.turn_started.plus(self.timing.abandon_after) <= now =>
            {
                DeadlineKind::Abandon
            }
            DeadlineKind::DayLeft | DeadlineKind::HourLeft => {
                let due = cur.move_due().unwrap_or(cur.clocks.turn_started);
                if due <= now {
                    DeadlineKind::TimeUp
                } else if kind == DeadlineKind::DayLeft && due.minus(Millis::minutes(60)) <= now {
                    DeadlineKind::HourLeft
                } else {
                    kind
                }
            }
            k => k,
        }
    }

    /// Apply a due deadline of `kind` on `cur` to `next`.
    fn deadline_effect(
        &self,
        cur: &GameRecord,
        next: &mut GameRecord,
        kind: DeadlineKind,
        now: Timestamp,
        auto_move: &mut dyn FnMut(&AnyGame) -> Option<Ply>,
    ) -> Result<Effect, ServiceError> {
        let seat = cur.to_move();
        Ok(match kind {
            DeadlineKind::ProgramMove => Effect::None(Box::new(Fired::ProgramToMove(cur.clone()))),
            DeadlineKind::ChallengeExpiry if self.lapse_lobby(cur, next, now) => Effect::Lapsed,
            DeadlineKind::ChallengeExpiry => Effect::None(Box::new(Fired::NotDue)),
            DeadlineKind::DrawOfferExpiry => {
                next.draw_offer = None;
                Effect::DrawOfferExpired
            }
            DeadlineKind::ClockReminder | DeadlineKind::AbandonWarning | DeadlineKind::DayLeft => {
                next.clocks.notices = 1;
                Effect::Reminder(kind)
            }
            DeadlineKind::HourLeft => {
                next.clocks.notices = 2;
                Effect::Reminder(kind)
            }
            DeadlineKind::TimeUp => {
                next.clocks.notices = 3;
                Effect::TimeUp
            }
            DeadlineKind::ClockFlag => self.out_on_time(cur, next, seat, now)?,
            DeadlineKind::Abandon if cur.is_table() => self.out_on_time(cur, next, seat, now)?,
            DeadlineKind::Abandon => {
                next.status = if cur.is_solo() {
                    Status::Aborted { by: None, at: now }
                } else {
                    Status::over(Outcome::win(!cur.side_to_move(), Reason::Abandoned), now)
                };
                Effect::Ended
            }
            DeadlineKind::MoveMissed => self.miss_move(cur, next, now, auto_move)?,
            DeadlineKind::TurnNotice => {
                next.turn_notice_at = None;
                Effect::TurnNotice
            }
            // Nobody could play it: no result, nobody's statistics or rating change.
            DeadlineKind::Unreachable => {
                next.status = Status::Aborted { by: None, at: now };
                Effect::Ended
            }
        })
    }

    /// The player of `seat` is out on time: a two-sided game ends, a table plays on with
    /// the program in the seat (unless that ends it).
    fn out_on_time(
        &self,
        cur: &GameRecord,
        next: &mut GameRecord,
        seat: Seat,
        now: Timestamp,
    ) -> Result<Effect, ServiceError> {
        self.seat_out(cur, next, seat, Leave::Timeout, now)?;
        Ok(if next.is_active() {
            Effect::Left(seat, Leave::Timeout)
        } else {
            Effect::Ended
        })
    }

    /// A missed per-move limit: the program moves for the player the first time; the
    /// second time in a row the player is out on time.
    fn miss_move(
        &self,
        cur: &GameRecord,
        next: &mut GameRecord,
        now: Timestamp,
        auto_move: &mut dyn FnMut(&AnyGame) -> Option<Ply>,
    ) -> Result<Effect, ServiceError> {
        let seat = cur.to_move();
        let no = cur.seat_no(seat).unwrap_or(0);
        if cur.clocks.missed[no] >= 1 {
            return self.out_on_time(cur, next, seat, now);
        }
        let mut game = self.replay(cur)?;
        let chosen = auto_move(&game);
        let checked = match &chosen {
            Some(Ply::Move(p)) => game.check(p.squares()).ok(),
            Some(Ply::Pass) if game.must_pass() => Some(Ply::Pass),
            _ => None,
        };
        let played = match checked {
            Some(Ply::Move(p)) => game.play_squares(p.squares()),
            Some(Ply::Pass) => game.pass(),
            None if game.must_pass() => game.pass(),
            None => {
                let from = *game.movable().first().ok_or(ServiceError::GameOver)?;
                let to = *game
                    .destinations(from)
                    .first()
                    .ok_or(ServiceError::GameOver)?;
                game.play_squares(&[from, to])
            }
        }
        .map_err(|e| ServiceError::Illegal(e.into()))?;
        apply_move(next, &game, played.clone(), no, now, true);
        self.plan_turn_notice(next, now);
        Ok(Effect::AutoMoved(played, seat))
    }
}

/// A deadline fired: its result at once, or a change of the game to commit first.
enum Firing {
    Done(Box<Fired>),
    Changed(Box<(GameRecord, GameRecord)>, Effect),
}

/// What a due deadline did to its game.
enum Effect {
    /// Nothing to write; the result.
    None(Box<Fired>),
    DrawOfferExpired,
    Reminder(DeadlineKind),
    TimeUp,
    TurnNotice,
    Ended,
    Left(Seat, Leave),
    Lapsed,
    AutoMoved(Ply, Seat),
}

impl Effect {
    /// The result, with the game as committed.
    fn fired(self, game: GameRecord) -> Fired {
        match self {
            Effect::None(fired) => *fired,
            Effect::DrawOfferExpired => Fired::DrawOfferExpired(game),
            Effect::Reminder(kind) => Fired::Reminder { game, kind },
            Effect::Ended => Fired::Ended(game),
            Effect::TimeUp => Fired::TimeUp(game),
            Effect::TurnNotice => Fired::TurnNotice(game),
            Effect::Left(seat, how) => Fired::Left { game, seat, how },
            Effect::Lapsed => Fired::LobbyLapsed(game),
            Effect::AutoMoved(ply, seat) => Fired::AutoMoved(Moved {
                game,
                ply,
                seat,
                auto: true,
            }),
        }
    }
}
