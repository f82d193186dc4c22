//! The timer task's core, independent of Telegram: one task sleeps until the earliest
//! stored deadline (or until the service signals that deadlines changed), fires every
//! deadline that is due, earliest first, and hands each result to a [`Sink`] that tells
//! the players. Deadlines live in the store, so after a restart the overdue ones fire at
//! once, each exactly once (the service re-checks every deadline against the game's
//! version, so a move that got there first wins and the deadline does nothing).
//!
//! Time comes from a [`Clock`]; [`TokioClock`] follows tokio's clock, so tests can run the
//! scheduler under `#[tokio::test(start_paused = true)]` and skip days in microseconds.

use super::AsyncGames;
use super::ids::{Millis, Timestamp};
use super::record::{DeadlineEntry, DeadlineKind, DeadlineTarget};
use super::service::Fired;
use crate::engine::{AnyGame, Ply};
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;
use tokio::sync::{Notify, Semaphore};

/// Where "now" comes from.
pub trait Clock: Send + Sync {
    /// The current time.
    fn now(&self) -> Timestamp;
}

/// The wall clock.
#[derive(Clone, Copy, Debug, Default)]
pub struct WallClock;

impl Clock for WallClock {
    fn now(&self) -> Timestamp {
        Timestamp::now()
    }
}

/// Wall time at creation plus tokio's (pausable) elapsed time: the wall clock in
/// production, a controllable clock under `start_paused` tests.
#[derive(Clone, Copy, Debug)]
pub struct TokioClock {
    wall0: Timestamp,
    mono0: tokio::time::Instant,
}

impl TokioClock {
    /// Starting at `wall0` now.
    pub fn starting_at(wall0: Timestamp) -> TokioClock {
        TokioClock {
            wall0,
            mono0: tokio::time::Instant::now(),
        }
    }
}

impl Clock for TokioClock {
    fn now(&self) -> Timestamp {
        self.wall0
            .plus(Millis(self.mono0.elapsed().as_millis() as u64))
    }
}

/// A boxed future, for the object-safe [`Sink`].
pub type BoxFuture<'a> = Pin<Box<dyn Future<Output = ()> + Send + 'a>>;

/// Receives what fired (the bot announces it in the chat).
pub trait Sink: Send + Sync + 'static {
    /// A deadline fired with this result.
    fn fired(&self, fired: Fired) -> BoxFuture<'_>;
    /// Whether `entry` is already being handled (e.g. the program is thinking in that
    /// game), so the scheduler neither fires it again nor wakes for it.
    fn busy(&self, _entry: &DeadlineEntry) -> bool {
        false
    }
}

/// Chooses the program's move for a player who missed a per-move limit.
pub type AutoMove = Arc<dyn Fn(&AnyGame) -> Option<Ply> + Send + Sync>;

/// Asks the scheduler to stop.
#[derive(Clone, Default)]
pub struct Stop(Arc<(AtomicBool, Notify)>);

impl Stop {
    /// Stop after the deadlines in hand.
    pub fn stop(&self) {
        self.0.0.store(true, Ordering::SeqCst);
        self.0.1.notify_waiters();
    }

    /// Whether stop was asked.
    pub fn is_stopped(&self) -> bool {
        self.0.0.load(Ordering::SeqCst)
    }

    async fn stopped(&self) {
        while !self.is_stopped() {
            let n = self.0.1.notified();
            if self.is_stopped() {
                return;
            }
            n.await;
        }
    }
}

/// Histogram: how late deadlines fired (due time to the moment the timer took them).
pub const TIMER_LAG_SECONDS: &str = "ugolki_timer_lag_seconds";

/// Counters for tests and benchmarks.
#[derive(Debug, Default)]
pub struct Stats {
    /// Deadlines fired (any result).
    pub fired: AtomicU64,
    /// Deadlines that turned out not to be due (a move won the race).
    pub not_due: AtomicU64,
    /// Failures (logged).
    pub errors: AtomicU64,
    /// How late the last fired deadline fired, in milliseconds (its due time to the
    /// moment it was taken): a timer task falling behind shows here first.
    pub last_lag_ms: AtomicU64,
}

/// The timer task.
pub struct Scheduler {
    /// The service.
    pub games: AsyncGames,
    /// Time.
    pub clock: Arc<dyn Clock>,
    /// Who is told.
    pub sink: Arc<dyn Sink>,
    /// Moves for missed per-move limits.
    pub auto_move: AutoMove,
    /// How many batches fire at once.
    pub parallel: usize,
    /// Deadlines per batch: each is its own write, and a batch shares one flush.
    pub batch: usize,
    /// Counters.
    pub stats: Arc<Stats>,
}

/// The longest the task sleeps without looking again (a safety net only).
const MAX_SLEEP: Duration = Duration::from_secs(300);
/// Due deadlines read per batch.
const BATCH: usize = 4096;

impl Scheduler {
    /// Run until `stop`.
    pub async fn run(self, stop: Stop) {
        let wake = self.games.service().deadlines_changed();
        let sem = Arc::new(Semaphore::new(self.parallel.max(1)));
        loop {
            if stop.is_stopped() {
                return;
            }
            let now = self.clock.now();
            let due = match self.games.run(move |s| s.deadlines(now, BATCH)).await {
                Ok(d) => d,
                Err(e) => {
                    tracing::error!(error = %e, "could not read the deadline index");
                    Vec::new()
                }
            };
            let due: Vec<DeadlineEntry> = due.into_iter().filter(|e| !self.sink.busy(e)).collect();
            if !due.is_empty() {
                let mut tasks = tokio::task::JoinSet::new();
                for chunk in due.chunks(self.batch.max(1)) {
                    let Ok(permit) = Arc::clone(&sem).acquire_owned().await else {
                        return;
                    };
                    let chunk = chunk.to_vec();
                    let (games, sink, auto, stats) = (
                        self.games.clone(),
                        Arc::clone(&self.sink),
                        Arc::clone(&self.auto_move),
                        Arc::clone(&self.stats),
                    );
                    tasks.spawn(async move {
                        fire_batch(&games, sink, auto, now, &stats, chunk).await;
                        drop(permit);
                    });
                }
                while tasks.join_next().await.is_some() {}
                continue;
            }
            // Sleep until the next deadline nobody is handling, or a change, or stop.
            let upcoming = self
                .games
                .run(|s| s.deadlines(Timestamp(u64::MAX), 64))
                .await
                .unwrap_or_default();
            let next = upcoming.iter().find(|e| !self.sink.busy(e)).map(|e| e.at);
            let wait = match next {
                Some(at) => at.since(self.clock.now()).to_duration().min(MAX_SLEEP),
                None => MAX_SLEEP,
            };
            if wait.is_zero() {
                tokio::task::yield_now().await;
                continue;
            }
            tokio::select! {
                _ = tokio::time::sleep(wait) => {}
                _ = wake.notified() => {}
                _ = stop.stopped() => return,
            }
        }
    }
}

async fn fire_batch(
    games: &AsyncGames,
    sink: Arc<dyn Sink>,
    auto: AutoMove,
    now: Timestamp,
    stats: &Stats,
    chunk: Vec<DeadlineEntry>,
) {
    let entries = chunk.clone();
    let results = games
        .run(move |s| s.fire_batch(&entries, now, &mut |g| auto(g)))
        .await;
    // Announce concurrently: each announcement talks to the outside world.
    let mut tell = tokio::task::JoinSet::new();
    for (e, r) in chunk.into_iter().zip(results) {
        match r {
            Ok(Fired::NotDue) => {
                stats.not_due.fetch_add(1, Ordering::Relaxed);
            }
            Ok(f) => {
                stats.fired.fetch_add(1, Ordering::Relaxed);
                let lag = now.since(e.at).0;
                stats.last_lag_ms.store(lag, Ordering::Relaxed);
                metrics::histogram!(TIMER_LAG_SECONDS).record(lag as f64 / 1000.0);
                let sink = Arc::clone(&sink);
                tell.spawn(async move { sink.fired(f).await });
            }
            Err(err) => {
                stats.errors.fetch_add(1, Ordering::Relaxed);
                tracing::warn!(error = %err, kind = ?e.kind, target = ?e.target, "a deadline could not fire");
            }
        }
    }
    while tell.join_next().await.is_some() {}
}

/// Whether an entry is the program's own move (the bot marks those busy while thinking).
pub fn program_move_of(e: &DeadlineEntry) -> Option<super::ids::GameId> {
    match (e.kind, e.target) {
        (DeadlineKind::ProgramMove, DeadlineTarget::Game(g)) => Some(g),
        _ => None,
    }
}
