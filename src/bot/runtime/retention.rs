//! Retention: what the store and the bot's memory keep, and for how long. Finished games,
//! users and chats are kept for good (history, statistics, ratings). A challenge is
//! removed a day (`Timing::challenge_retention`, `--challenge-retention-secs`) after it was
//! accepted, declined, withdrawn or lapsed: every inline query stores the games it offers
//! as challenges, most of which nobody takes, and without this the store would grow with
//! every query. A table's lobby that nobody started is nobody's game and goes the same
//! day after it lapsed (by its own deadline, so no walk through the games finds it). In
//! memory, sightings that can no longer hold back a notice, offers too
//! close to their lapse to be offered again, and idle per-person limits are dropped.
//!
//! The sweep runs in the background, a bounded step at a time (a few hundred records read
//! per step, a few steps a pass) on the blocking pool, so it never holds up moves: it
//! walks the challenges in id order from where the last pass stopped and starts over at
//! the end. Passes follow each other a second apart until the walk is over (so a backlog,
//! such as the first start after an upgrade, clears in minutes, not days, and old records
//! never wait behind a walk through young ones), then the next walk starts a minute
//! later; the first comes a few seconds after start. A jump of the bot's clock (tests)
//! starts a pass at once.

use crate::bot::state::App;
use crate::game::ChallengeId;
use std::time::Duration;

/// How often a pass runs by default (`--sweep-every-secs`).
pub const EVERY: Duration = Duration::from_secs(60);
/// The pause between the passes of one walk.
const AGAIN: Duration = Duration::from_secs(1);
/// The first pass, after start-up.
const FIRST: Duration = Duration::from_secs(5);
/// Challenges read per step (one store call).
const STEP: usize = 256;
/// Steps per pass: at most this many times [`STEP`] challenges are read a minute, which
/// outpaces any stream of inline queries (each stores a few) by far.
const STEPS: usize = 8;

/// Run passes until the bot stops.
pub async fn run(app: App) {
    let mut cursor = ChallengeId(0);
    let mut wait = FIRST.min(app.tuning.sweep_every);
    loop {
        tokio::select! {
            () = tokio::time::sleep(wait) => {}
            () = app.tasks.clock().jumped() => {}
        }
        if app.tasks.is_stopping() {
            return;
        }
        pass(&app, &mut cursor).await;
        wait = if cursor == ChallengeId(0) {
            app.tuning.sweep_every
        } else {
            AGAIN
        };
    }
}

/// One pass from `cursor` (left where the next pass starts, 0 when the walk is over).
async fn pass(app: &App, cursor: &mut ChallengeId) {
    let (mut examined, mut removed) = (0usize, 0usize);
    for _ in 0..STEPS {
        let from = *cursor;
        let now = app.now();
        match app
            .games
            .run(move |s| s.sweep_challenges(from, STEP, now))
            .await
        {
            Ok(step) => {
                examined += step.examined;
                removed += step.removed;
                match step.next {
                    Some(next) => *cursor = next,
                    None => {
                        *cursor = ChallengeId(0);
                        break;
                    }
                }
            }
            Err(e) => {
                tracing::warn!(error = %e, "the retention sweep failed; it goes on next pass");
                break;
            }
        }
    }
    ::metrics::counter!(crate::bot::metrics::RETENTION_REMOVED_TOTAL).increment(removed as u64);
    if removed > 0 {
        tracing::info!(removed, examined, "challenges past their retention removed");
    }
    let at = app.now();
    app.people.notices().sweep(at);
    app.people.offers().sweep(at);
    app.people.sweep_actions();
}
