//! What the fake keeps (calls, updates, messages, files, chats' states) and the lock
//! around it.

use super::faults::Faults;
use super::limits::Limiter;
use super::types::{Call, Event, StoredMessage};
use serde_json::Value;
use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::{Mutex, MutexGuard};
use tokio::sync::Notify;
use tokio::sync::mpsc::UnboundedSender;

/// Everything the fake keeps, behind [`Shared`]'s lock.
#[derive(Default)]
pub(super) struct Inner {
    pub(super) calls: Vec<Call>,
    /// Updates not yet confirmed, serialized once when pushed: a long poll sends each
    /// at least once and the load test pushes thousands a second.
    pub(super) updates: VecDeque<Queued>,
    pub(super) next_update_id: i64,
    pub(super) next_message_id: HashMap<i64, i64>,
    pub(super) messages: HashMap<(i64, i64), StoredMessage>,
    pub(super) next_file: u64,
    pub(super) files: HashMap<String, Vec<u8>>,
    pub(super) faults: Faults,
    pub(super) chat_admins: HashMap<i64, Vec<i64>>,
    /// Inline queries the bot has not answered yet.
    pub(super) inline_queries: HashSet<String>,
    /// The results the bot answered each inline query with.
    pub(super) inline_answers: HashMap<String, Value>,
    /// Messages posted "via @bot" from inline results, by `inline_message_id`.
    pub(super) inline_messages: HashMap<String, StoredMessage>,
    /// Groups that became supergroups: old id to new.
    pub(super) migrated: HashMap<i64, i64>,
    /// Chats closed to the bot (removed from the group, blocked by the person), with the
    /// 403 description every call into them gets.
    pub(super) closed: HashMap<i64, String>,
    /// Refuse messages to a private chat whose user never wrote to the bot there, as
    /// Telegram does (off: every private chat takes messages).
    pub(super) private_needs_start: bool,
    /// Users who wrote to the bot in their private chat.
    pub(super) started: HashSet<i64>,
    /// `getUpdates` answers 502 Bad Gateway (Telegram unreachable).
    pub(super) polls_fail: bool,
    /// `getUpdates` requests so far: a long poll still waiting when a newer one arrives is
    /// ended with 409 Conflict, as Telegram ends it (two instances polling one token).
    pub(super) polls: u64,
    /// Long polls ended with 409 Conflict.
    pub(super) conflicts: u64,
    pub(super) limiter: Limiter,
    /// Calls answered so far (the history may be off).
    pub(super) seq: u64,
    /// Keep every call, upload and user message (tests) or only what later calls need
    /// (load tests).
    pub(super) lean: bool,
    pub(super) subscribers: Vec<UnboundedSender<Event>>,
}

/// An update waiting for `getUpdates`.
pub(super) struct Queued {
    pub(super) id: i64,
    pub(super) json: String,
}

/// Shared state and the wake-up signal for long polls and waiters.
pub(super) struct Shared {
    pub(super) inner: Mutex<Inner>,
    pub(super) changed: Notify,
}

pub(super) fn lock(shared: &Shared) -> MutexGuard<'_, Inner> {
    // A panic while holding the lock only happens in a failing test; keep serving.
    shared.inner.lock().unwrap_or_else(|e| e.into_inner())
}
