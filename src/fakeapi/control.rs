//! What a test sets and reads of the fake: the call history and subscriptions, fault and
//! rate-limit switches, outages, admins, and waiting for the bot to settle.

use super::faults::Fault;
use super::limits::{Limiter, RateLimited, TelegramLimits};
use super::server::FakeApi;
use super::state::lock;
use super::types::{Call, Event};
use std::collections::HashMap;
use std::time::{Duration, Instant};
use tokio::sync::mpsc::{UnboundedReceiver, unbounded_channel};

impl FakeApi {
    /// Keep the full call history (the default) or, for long load runs, only the state
    /// later calls need (bot messages and their latest media): calls, uploads and users'
    /// messages are then forgotten once answered, and [`FakeApi::calls`] stays empty.
    pub fn set_keep_history(&self, keep: bool) {
        let mut g = lock(&self.shared);
        g.lean = !keep;
        if g.lean {
            g.calls = Vec::new();
            g.files = HashMap::new();
        }
    }

    /// A stream of every call (without uploads) and every delivery of updates, from now on.
    pub fn subscribe(&self) -> UnboundedReceiver<Event> {
        let (tx, rx) = unbounded_channel();
        lock(&self.shared).subscribers.push(tx);
        rx
    }

    /// Every call so far.
    pub fn calls(&self) -> Vec<Call> {
        lock(&self.shared).calls.clone()
    }

    /// Calls with sequence number ≥ `from`.
    pub fn calls_since(&self, from: u64) -> Vec<Call> {
        let g = lock(&self.shared);
        let start = g.calls.partition_point(|c| c.seq < from);
        g.calls[start..].to_vec()
    }

    /// Long polls ended with 409 Conflict because another began (two instances polling).
    pub fn conflicts(&self) -> u64 {
        lock(&self.shared).conflicts
    }

    /// The number of calls so far (a cursor for [`FakeApi::calls_since`]).
    pub fn call_count(&self) -> u64 {
        lock(&self.shared).seq
    }

    /// Put another picture on a message, as no bot would: for tests of checks that
    /// compare a board with its game (the load test's).
    pub fn replace_media(&self, chat: i64, id: i64, bytes: Vec<u8>) -> bool {
        lock(&self.shared)
            .messages
            .get_mut(&(chat, id))
            .map(|m| m.media = Some(bytes))
            .is_some()
    }

    /// Updates not yet fetched by the bot.
    pub fn pending_updates(&self) -> usize {
        lock(&self.shared).updates.len()
    }

    /// Calls refused since the chat was closed to the bot, into `chat`.
    pub fn calls_into_closed(&self, chat: i64, since: u64) -> usize {
        self.calls_since(since)
            .iter()
            .filter(|c| {
                c.chat_id() == Some(chat)
                    && c.response
                        .as_ref()
                        .err()
                        .is_some_and(|e| e.starts_with("Forbidden"))
            })
            .count()
    }

    /// While `fail` is set, `getUpdates` answers 502 Bad Gateway, as during an outage of
    /// Telegram's (other methods keep working).
    pub fn set_polls_fail(&self, fail: bool) {
        lock(&self.shared).polls_fail = fail;
    }

    /// Make `users` the administrators of `chat` (for `getChatMember`).
    pub fn set_admins(&self, chat: i64, users: &[i64]) {
        lock(&self.shared).chat_admins.insert(chat, users.to_vec());
    }

    /// Refuse (403) messages to the private chat of a user who never wrote to the bot
    /// there, as Telegram does ("bot can't initiate conversation with a user").
    pub fn set_private_needs_start(&self, on: bool) {
        lock(&self.shared).private_needs_start = on;
    }

    /// Enforce Telegram's rate limits (`None`: accept every call, the default).
    pub fn set_limits(&self, limits: Option<TelegramLimits>) {
        let mut g = lock(&self.shared);
        g.limiter = Limiter::new(limits);
    }

    /// Calls refused with 429 for passing a rate limit (not counting scripted faults).
    pub fn rate_limited(&self) -> u64 {
        self.rate_limited_by().total()
    }

    /// [`FakeApi::rate_limited`] by the limit passed.
    pub fn rate_limited_by(&self) -> RateLimited {
        lock(&self.shared).limiter.refused
    }

    /// Inject `fault` into the next call of `method` (any method when `None`).
    pub fn fault_next(&self, method: Option<&str>, fault: Fault) {
        lock(&self.shared)
            .faults
            .push_next(method.map(str::to_string), fault);
    }

    /// Inject `fault` into every `n`th call (except getUpdates) until cleared with `None`.
    pub fn fault_every(&self, every: Option<(u64, Fault)>) {
        self.fault_rotation(every.map(|(n, f)| (n, vec![f])));
    }

    /// Inject a fault into every `n`th call (except getUpdates), taking the faults of the
    /// list in turn, until cleared with `None`.
    pub fn fault_rotation(&self, every: Option<(u64, Vec<Fault>)>) {
        lock(&self.shared).faults.rotate(every);
    }

    /// Wait until a call satisfies `pred` (checking calls from sequence `from`), or time out.
    pub async fn wait_for(
        &self,
        from: u64,
        timeout: Duration,
        pred: impl Fn(&Call) -> bool,
    ) -> Option<Call> {
        let deadline = tokio::time::Instant::now() + timeout;
        loop {
            let notified = self.shared.changed.notified();
            {
                let g = lock(&self.shared);
                // Calls are kept in sequence order: start at `from`, not at the beginning.
                let start = g.calls.partition_point(|c| c.seq < from);
                if let Some(c) = g.calls[start..].iter().find(|c| pred(c)) {
                    return Some(c.clone());
                }
            }
            if tokio::time::timeout_at(deadline, notified).await.is_err() {
                return None;
            }
        }
    }

    /// Wait until the bot has fetched every pending update and answered nothing new for
    /// `quiet` (a settle point for assertions).
    pub async fn settle(&self, quiet: Duration, timeout: Duration) -> bool {
        let deadline = Instant::now() + timeout;
        let mut last = (u64::MAX, usize::MAX);
        let mut since = Instant::now();
        while Instant::now() < deadline {
            let now = (self.call_count(), self.pending_updates());
            if now != last {
                last = now;
                since = Instant::now();
            } else if now.1 == 0 && since.elapsed() >= quiet {
                return true;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        false
    }
}
