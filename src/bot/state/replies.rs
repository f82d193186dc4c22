//! Replies that explain a refusal to one person (an illegal move, "not your turn", no
//! game here): a burst of them collapses into the newest, so that one user's flood cannot
//! spend a group's budget of messages.

use crate::game::{ChatId, UserId};
use std::collections::HashMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;
use tokio::time::Instant;

/// After a reply to someone, further replies to them in the same chat wait this long,
/// and only the newest of those waiting is sent.
fn cooldown(chat: ChatId) -> Duration {
    if chat.0 < 0 {
        Duration::from_secs(5)
    } else {
        Duration::from_secs(1)
    }
}

/// A reply waiting to go.
struct Pending {
    text: String,
    reply_to: Option<teloxide::types::MessageId>,
}

#[derive(Default)]
struct Slot {
    running: bool,
    pending: Option<Pending>,
    last: Option<Instant>,
}

/// The refusal replies of every (chat, person) pair.
#[derive(Default)]
pub struct Replies {
    slots: Mutex<HashMap<(i64, u64), Slot>>,
    collapsed: AtomicU64,
}

/// Pairs remembered before idle ones are forgotten.
const KEPT: usize = 50_000;

impl Replies {
    /// Replies replaced by a newer one before they went out.
    pub fn collapsed(&self) -> u64 {
        self.collapsed.load(Ordering::Relaxed)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<(i64, u64), Slot>> {
        self.slots.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Queue `text` for `user` in `chat` (replacing one waiting); true when no sender runs
    /// for them, so the caller must start one ([`crate::bot::chat::messages::refuse`]).
    pub fn put(
        &self,
        chat: ChatId,
        user: UserId,
        reply_to: Option<teloxide::types::MessageId>,
        text: String,
    ) -> bool {
        let mut m = self.lock();
        if m.len() > KEPT {
            let now = Instant::now();
            m.retain(|k, s| s.running || s.last.is_some_and(|t| now - t < cooldown(ChatId(k.0))));
        }
        let s = m.entry((chat.0, user.0)).or_default();
        if s.pending.replace(Pending { text, reply_to }).is_some() {
            self.collapsed.fetch_add(1, Ordering::Relaxed);
        }
        !std::mem::replace(&mut s.running, true)
    }

    /// Whether a reply to `user` in `chat` waits.
    pub fn waiting(&self, chat: ChatId, user: UserId) -> bool {
        self.lock()
            .get(&(chat.0, user.0))
            .is_some_and(|s| s.pending.is_some())
    }

    /// When the next reply to `user` in `chat` may go (`None`: now).
    pub fn ready_at(&self, chat: ChatId, user: UserId) -> Option<Instant> {
        let m = self.lock();
        m.get(&(chat.0, user.0))
            .and_then(|s| s.last)
            .map(|t| t + cooldown(chat))
    }

    /// The reply to send now (its time recorded), or `None` when none waits: the sender
    /// then stops.
    pub fn take(
        &self,
        chat: ChatId,
        user: UserId,
    ) -> Option<(String, Option<teloxide::types::MessageId>)> {
        let mut m = self.lock();
        let s = m.get_mut(&(chat.0, user.0))?;
        match s.pending.take() {
            Some(p) => {
                s.last = Some(Instant::now());
                Some((p.text, p.reply_to))
            }
            None => {
                s.running = false;
                None
            }
        }
    }
}
