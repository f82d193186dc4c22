//! Replies that explain a refusal to one person (an illegal move, "not your turn", no
//! game here): a burst of them collapses into the newest, so that one user's flood cannot
//! spend a group's budget of messages.

use super::app::App;
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
}

/// Tell `user` in `chat` `text` (HTML), as a reply to `reply_to`: at once if nothing was
/// said to them here within the cooldown, else once the cooldown is over, replaced by any
/// newer reply meanwhile. Returns at once.
pub fn tell(
    app: &App,
    chat: ChatId,
    user: UserId,
    reply_to: Option<teloxide::types::MessageId>,
    text: String,
) {
    let key = (chat.0, user.0);
    let start = {
        let mut m = app.replies.lock();
        if m.len() > KEPT {
            let now = Instant::now();
            m.retain(|k, s| s.running || s.last.is_some_and(|t| now - t < cooldown(ChatId(k.0))));
        }
        let s = m.entry(key).or_default();
        if s.pending.replace(Pending { text, reply_to }).is_some() {
            app.replies.collapsed.fetch_add(1, Ordering::Relaxed);
        }
        !std::mem::replace(&mut s.running, true)
    };
    if start {
        let app = app.clone();
        tokio::spawn(async move { send_replies(&app, chat, key).await });
    }
}

async fn send_replies(app: &App, chat: ChatId, key: (i64, u64)) {
    loop {
        let wait_until = {
            let m = app.replies.lock();
            m.get(&key).and_then(|s| s.last).map(|t| t + cooldown(chat))
        };
        if let Some(t) = wait_until {
            tokio::time::sleep_until(t).await;
        }
        let next = {
            let mut m = app.replies.lock();
            let Some(s) = m.get_mut(&key) else { return };
            match s.pending.take() {
                Some(p) => {
                    s.last = Some(Instant::now());
                    p
                }
                None => {
                    s.running = false;
                    return;
                }
            }
        };
        if let Err(e) = super::send::say(app, chat, next.reply_to, &next.text, None).await {
            tracing::debug!(chat = %chat, error = %e, "could not send a reply");
        }
    }
}
