//! The timer task: one task sleeps until the earliest stored deadline (or until woken
//! because deadlines changed), fires every deadline that is due in deadline order, and
//! tells the chats. Deadlines live in the store, so after a restart the overdue ones fire
//! at once, exactly once (the service re-checks each against the game's version).

use super::app::{App, now};
use super::flow;
use super::handlers::{close_challenge_message, say};
use super::texts::texts;
use crate::game::{DeadlineEntry, DeadlineKind, DeadlineTarget, Fired, Timestamp};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Semaphore;
use tokio_util_free::CancelToken;

/// A minimal cancellation flag (the bot stops the timer on shutdown).
mod tokio_util_free {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, Ordering};
    use tokio::sync::Notify;

    /// Set once; wakes the waiter.
    #[derive(Clone, Default)]
    pub struct CancelToken(Arc<(AtomicBool, Notify)>);

    impl CancelToken {
        /// Ask the task to stop.
        pub fn cancel(&self) {
            self.0.0.store(true, Ordering::SeqCst);
            self.0.1.notify_waiters();
        }
        /// Whether stop was asked.
        pub fn is_cancelled(&self) -> bool {
            self.0.0.load(Ordering::SeqCst)
        }
        /// Wait until stop is asked.
        pub async fn cancelled(&self) {
            while !self.is_cancelled() {
                let n = self.0.1.notified();
                if self.is_cancelled() {
                    return;
                }
                n.await;
            }
        }
    }
}

pub use tokio_util_free::CancelToken as TimerStop;

/// How many deadlines fire concurrently (each is one store commit).
const PARALLEL: usize = 32;
/// The longest the task sleeps without looking again (a safety net only).
const MAX_SLEEP: Duration = Duration::from_secs(300);

/// Run until `stop` is cancelled.
pub async fn run(app: App, stop: CancelToken) {
    let sem = Arc::new(Semaphore::new(PARALLEL));
    loop {
        if stop.is_cancelled() {
            return;
        }
        // Fire everything due now, earliest first.
        let t = now();
        let due = match app.games.run(move |s| s.deadlines(t, 4096)).await {
            Ok(d) => d,
            Err(e) => {
                tracing::error!(error = %e, "could not read deadlines");
                Vec::new()
            }
        };
        let due: Vec<DeadlineEntry> = due.into_iter().filter(|e| !in_progress(&app, e)).collect();
        let fired = due.len();
        let mut tasks = tokio::task::JoinSet::new();
        for e in due {
            let Ok(permit) = Arc::clone(&sem).acquire_owned().await else {
                return;
            };
            let app = app.clone();
            tasks.spawn(async move {
                fire(&app, e).await;
                drop(permit);
            });
        }
        while tasks.join_next().await.is_some() {}
        if fired > 0 {
            continue;
        }
        // Sleep until the next deadline that is not already being handled.
        let upcoming = app
            .games
            .run(|s| s.deadlines(Timestamp(u64::MAX), 64))
            .await
            .unwrap_or_default();
        let next = upcoming
            .iter()
            .find(|e| !in_progress(&app, e))
            .map(|e| e.at);
        let wait = match next {
            Some(at) => at.since(now()).to_duration().min(MAX_SLEEP),
            None => MAX_SLEEP,
        };
        if wait.is_zero() {
            tokio::task::yield_now().await;
            continue;
        }
        tokio::select! {
            _ = tokio::time::sleep(wait) => {}
            _ = app.timer.notified() => {}
            _ = stop.cancelled() => return,
        }
    }
}

/// A program move already being computed is not fired again.
fn in_progress(app: &App, e: &DeadlineEntry) -> bool {
    match (e.kind, e.target) {
        (DeadlineKind::ProgramMove, DeadlineTarget::Game(g)) => app
            .thinking
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .contains(&g.0),
        _ => false,
    }
}

async fn fire(app: &App, e: DeadlineEntry) {
    let level = app.tuning.auto_move_level;
    let t = now();
    let r = app
        .games
        .run(move |s| s.fire_deadline(&e, t, &mut |g| flow::program_choice(g, level)))
        .await;
    let fired = match r {
        Ok(f) => f,
        Err(err) => {
            tracing::warn!(error = %err, ?e, "a deadline could not fire");
            return;
        }
    };
    if let Err(err) = announce(app, fired).await {
        tracing::warn!(error = %err, "announcing a deadline failed");
    }
}

async fn announce(app: &App, f: Fired) -> Result<(), super::error::BotError> {
    match f {
        Fired::NotDue => {}
        Fired::ProgramToMove(g) => flow::spawn_program_move(app, g.id),
        Fired::Reminder { game, kind } => {
            let lang = app.game_lang(&game).await;
            let t = texts(lang);
            let who = app
                .player_mention(game.player(game.side_to_move()), lang)
                .await;
            let text = match kind {
                DeadlineKind::ClockReminder => {
                    let side = game.side_to_move().index();
                    let left = game.clocks.remaining[side]
                        .saturating_sub(now().since(game.clocks.turn_started));
                    t.clock_reminder(&who, left.0.div_ceil(1000))
                }
                _ => t.abandon_warning(
                    &who,
                    app.games.service().timing().abandon_warning.0 / 3_600_000,
                ),
            };
            say(app, game.chat, None, &text, None).await?;
        }
        Fired::DrawOfferExpired(g) => {
            let t = texts(app.game_lang(&g).await);
            say(app, g.chat, None, &t.draw_expired(), None).await?;
            flow::after_change(app, g).await?;
        }
        Fired::AutoMoved(m) => {
            let lang = app.game_lang(&m.game).await;
            let t = texts(lang);
            // The side that missed is the one that just moved.
            let missed = !m.game.side_to_move();
            let who = app.player_mention(m.game.player(missed), lang).await;
            say(
                app,
                m.game.chat,
                None,
                &t.auto_moved(&who, &m.path.to_string()),
                None,
            )
            .await?;
            flow::after_change(app, m.game).await?;
        }
        Fired::Ended(g) => flow::after_change(app, g).await?,
        Fired::ChallengeExpired(c) => {
            let t = texts(app.chat_lang(c.chat, Some(c.from)).await);
            let from = app.user_mention(c.from).await;
            close_challenge_message(app, &c, &t.challenge_expired(&from)).await;
        }
    }
    Ok(())
}
