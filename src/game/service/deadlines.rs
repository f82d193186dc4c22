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
}
