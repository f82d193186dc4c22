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
            DeadlineTarget::Challenge(c) => return self.fire_challenge(c, now),
            DeadlineTarget::Game(id) => id,
        };
        for _ in 0..MAX_ATTEMPTS {
            let Some(cur) = self.store.game(id)? else {
                return Ok(Fired::NotDue);
            };
            let Some(d) = cur.deadline.filter(|d| d.at <= now) else {
                return Ok(Fired::NotDue);
            };
            let kind = self.due_kind(&cur, d.kind, now);
            match self.fire_game_deadline(cur, kind, now, auto_move) {
                Err(ServiceError::Stale { .. }) => continue,
                other => return other,
            }
        }
        Err(ServiceError::Busy)
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
        let side = cur.side_to_move();
        match kind {
            DeadlineKind::ClockReminder
                if cur
                    .clocks
                    .flag_at(&cur.time_control, side)
                    .is_some_and(|f| f <= now) =>
            {
                DeadlineKind::ClockFlag
            }
            DeadlineKind::AbandonWarning
                if cur.clocks.turn_started.plus(self.timing.abandon_after) <= now =>
            {
                DeadlineKind::Abandon
            }
            k => k,
        }
    }

    /// Carry out a due deadline of `kind` on `cur`, version-checked.
    fn fire_game_deadline(
        &self,
        cur: GameRecord,
        kind: DeadlineKind,
        now: Timestamp,
        auto_move: &mut dyn FnMut(&Game) -> Option<Path>,
    ) -> Result<Fired, ServiceError> {
        let (id, side) = (cur.id, cur.side_to_move());
        let expect = Expect::Version(cur.version);
        let change = |cur: GameRecord, f: &mut dyn FnMut(&GameRecord, &mut GameRecord)| {
            self.change_game_from(id, Some(cur), now, |c, n| {
                expect.check(c)?;
                f(c, n);
                Ok(())
            })
            .map(|(g, ())| g)
        };
        match kind {
            DeadlineKind::ProgramMove => Ok(Fired::ProgramToMove(cur)),
            DeadlineKind::ChallengeExpiry => Ok(Fired::NotDue),
            DeadlineKind::DrawOfferExpiry => {
                change(cur, &mut |_, n| n.draw_offer = None).map(Fired::DrawOfferExpired)
            }
            DeadlineKind::ClockReminder | DeadlineKind::AbandonWarning => {
                change(cur, &mut |_, n| n.clocks.notice_sent = true)
                    .map(|game| Fired::Reminder { game, kind })
            }
            DeadlineKind::ClockFlag => change(cur, &mut |_, n| {
                n.status = Status::Over {
                    outcome: Outcome::win(!side, Reason::Timeout),
                    at: now,
                }
            })
            .map(Fired::Ended),
            DeadlineKind::Abandon => change(cur, &mut |c, n| {
                n.status = if c.is_solo() {
                    Status::Aborted { by: None, at: now }
                } else {
                    Status::Over {
                        outcome: Outcome::win(!side, Reason::Abandoned),
                        at: now,
                    }
                }
            })
            .map(Fired::Ended),
            DeadlineKind::MoveMissed => self.miss_move(cur, now, auto_move),
        }
    }

    /// A missed per-move limit: the program moves for the player the first time, the
    /// second time the game is lost on time.
    fn miss_move(
        &self,
        cur: GameRecord,
        now: Timestamp,
        auto_move: &mut dyn FnMut(&Game) -> Option<Path>,
    ) -> Result<Fired, ServiceError> {
        let (id, side) = (cur.id, cur.side_to_move());
        let expect = Expect::Version(cur.version);
        self.change_game_from(id, Some(cur), now, |c, n| {
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
        })
    }
}
