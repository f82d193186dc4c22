//! When Telegram last answered: every answer to a long poll, and every update a webhook
//! delivers, stamps it; `/healthz` reads it.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// When Telegram last answered a poll or delivered an update.
#[derive(Debug)]
pub struct Liveness {
    start: Instant,
    /// Milliseconds from `start` to the last contact, plus one (0: none yet).
    last: AtomicU64,
    /// While no contact has been made: why the last start-up call failed.
    failing: std::sync::Mutex<Option<String>>,
}

impl Default for Liveness {
    fn default() -> Self {
        Liveness {
            start: Instant::now(),
            last: AtomicU64::new(0),
            failing: std::sync::Mutex::new(None),
        }
    }
}

impl Liveness {
    /// Telegram answered just now.
    pub fn touch(&self) {
        let ms = self.start.elapsed().as_millis() as u64 + 1;
        self.last.fetch_max(ms, Ordering::Relaxed);
    }

    /// A start-up call failed for `why` (shown by `/healthz` until Telegram answers).
    pub fn failed(&self, why: String) {
        *self.failing.lock().unwrap_or_else(|e| e.into_inner()) = Some(why);
    }

    /// Why the start-up calls are failing, if they are.
    pub fn failing(&self) -> Option<String> {
        self.failing
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }

    /// How long ago Telegram last answered (`None`: never).
    pub fn age(&self) -> Option<Duration> {
        match self.last.load(Ordering::Relaxed) {
            0 => None,
            ms => Some(
                self.start
                    .elapsed()
                    .saturating_sub(Duration::from_millis(ms - 1)),
            ),
        }
    }
}
