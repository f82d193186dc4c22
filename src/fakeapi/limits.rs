//! Telegram's rate limits as the fake enforces them: a call past one is refused with 429.

use std::collections::{HashMap, VecDeque};
use std::time::{Duration, Instant};

/// The rate limits the fake enforces as Telegram does: a call past one of them is
/// answered 429 with the `retry_after` that would let it through. Messages and edits
/// count; `answerCallbackQuery`, `getChatMember` and the other calls that are no message
/// in a chat do not.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TelegramLimits {
    /// At most this many calls into one chat in any `chat_span` ("about one a second,
    /// short bursts tolerated").
    pub chat_calls: u32,
    /// See `chat_calls`.
    pub chat_span: Duration,
    /// At most this many new messages in one group a minute.
    pub group_sends_per_minute: u32,
    /// At most this many messages and edits over all chats a second.
    pub global_per_second: u32,
}

impl Default for TelegramLimits {
    /// Telegram's published figures (a group's 20 a minute, 30 a second overall) and,
    /// for a chat's "about one a second", 4 calls in 3 s; the bot's defaults stay one
    /// call under each, since its clock and the fake's differ by the network's jitter.
    fn default() -> Self {
        TelegramLimits {
            chat_calls: 4,
            chat_span: Duration::from_secs(3),
            group_sends_per_minute: 20,
            global_per_second: 30,
        }
    }
}

/// Arrival times of the calls that count against one limit.
#[derive(Default)]
struct Arrivals(VecDeque<Instant>);

impl Arrivals {
    /// If one more call at `now` would make more than `max` in `span`, how long until it
    /// would not; else `None`.
    fn over(&mut self, now: Instant, max: u32, span: Duration) -> Option<Duration> {
        while self
            .0
            .front()
            .is_some_and(|t| now.saturating_duration_since(*t) >= span)
        {
            self.0.pop_front();
        }
        if self.0.len() < max as usize {
            return None;
        }
        let oldest = self.0[self.0.len() - max as usize];
        Some((oldest + span).saturating_duration_since(now))
    }
}

#[derive(Default)]
pub(super) struct Limiter {
    limits: Option<TelegramLimits>,
    chats: HashMap<i64, (Arrivals, Arrivals)>,
    global: Arrivals,
    pub(super) refused: RateLimited,
}

/// Calls the fake refused with 429, by the limit they passed (a call past several counts
/// under the first: the chat's, the group's minute, the overall second).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RateLimited {
    pub chat: u64,
    pub group: u64,
    pub overall: u64,
}

impl RateLimited {
    pub fn total(&self) -> u64 {
        self.chat + self.group + self.overall
    }
}

impl Limiter {
    /// A limiter enforcing `limits` (none when `None`), with nothing counted yet.
    pub(super) fn new(limits: Option<TelegramLimits>) -> Limiter {
        Limiter {
            limits,
            ..Limiter::default()
        }
    }

    /// Count a call of `method` into `chat`, or refuse it with the seconds to wait.
    pub(super) fn admit(&mut self, method: &str, chat: Option<i64>, now: Instant) -> Option<u32> {
        let l = self.limits?;
        let chat = chat?;
        let send = method.starts_with("send") && method != "sendchataction";
        let counted = send || method.starts_with("edit") || method == "deletemessage";
        if !counted {
            return None;
        }
        let (calls, sends) = self.chats.entry(chat).or_default();
        let by_chat = calls.over(now, l.chat_calls, l.chat_span);
        let by_group = if send && chat < 0 {
            sends.over(now, l.group_sends_per_minute, Duration::from_secs(60))
        } else {
            None
        };
        let overall = self
            .global
            .over(now, l.global_per_second, Duration::from_secs(1));
        if by_chat.is_some() {
            self.refused.chat += 1;
        } else if by_group.is_some() {
            self.refused.group += 1;
        } else if overall.is_some() {
            self.refused.overall += 1;
        }
        if let Some(w) = by_chat.max(by_group).max(overall) {
            // Telegram's `retry_after` is whole seconds, rounded up.
            return Some((w.as_millis().div_ceil(1000) as u32).max(1));
        }
        let (calls, sends) = self.chats.entry(chat).or_default();
        calls.0.push_back(now);
        if send && chat < 0 {
            sends.0.push_back(now);
        }
        self.global.0.push_back(now);
        None
    }
}

/// The key under which edits of one inline message are counted like calls into a chat
/// (Telegram limits quick edits of one message; the bot never learns its chat): a number
/// below every chat id.
pub(super) fn inline_limit_key(id: &str) -> i64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    id.hash(&mut h);
    i64::MIN / 2 - (h.finish() >> 24) as i64
}
