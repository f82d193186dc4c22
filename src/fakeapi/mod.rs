//! A fake Telegram Bot API server on 127.0.0.1 for end-to-end tests and load tests.
//!
//! Telegram cannot be reached from the machines this project is built on, so the real bot
//! binary is pointed at this server (`--api-url`). It implements the methods the bot uses,
//! feeds scripted updates through `getUpdates`, keeps the chat's messages (so edits of unknown
//! messages fail as they do on Telegram), records every call with its uploaded files, and can
//! inject faults (429 with `retry_after`, 500, slow answers, dropped connections).
//!
//! Load tests switch the call history off ([`FakeApi::set_keep_history`]: thousands of
//! uploads a second would otherwise pile up) and follow the traffic through
//! [`FakeApi::subscribe`] instead: every call as it arrives, and when each update was
//! handed to the bot.

use axum::Router;
use axum::body::{Body, Bytes, HttpBody};
use axum::extract::{FromRequest, Multipart, Path, Request, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde_json::{Map, Value, json};
use std::collections::{HashMap, HashSet, VecDeque};
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::{Arc, Mutex, MutexGuard};
use std::task::{Context, Poll};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};
use tokio::sync::Notify;
use tokio::sync::mpsc::{UnboundedReceiver, UnboundedSender, unbounded_channel};

/// The bot's own user id in the fake world.
pub const BOT_ID: i64 = 7_000_000_001;
/// The stand-in sender of an anonymous group admin's messages (Telegram's
/// @GroupAnonymousBot).
pub const GROUP_ANONYMOUS_BOT: i64 = 1_087_968_824;
/// The bot's username.
pub const BOT_USERNAME: &str = "ugolki_test_bot";

/// A file uploaded in a multipart request.
#[derive(Clone, Debug)]
pub struct Upload {
    /// Form field name (for `attach://name` references).
    pub field: String,
    /// File name given by the client.
    pub file_name: Option<String>,
    /// The bytes.
    pub bytes: Vec<u8>,
}

/// One recorded API call.
#[derive(Clone, Debug)]
pub struct Call {
    /// Sequence number (0-based, in arrival order).
    pub seq: u64,
    /// Method name as sent (`SendPhoto`, `sendMessage`, ...), compared case-insensitively.
    pub method: String,
    /// Parameters: JSON body fields or multipart text fields (JSON-decoded where possible).
    pub params: Value,
    /// Uploaded files.
    pub files: Vec<Upload>,
    /// What the fake answered: `Ok` result or the error description. Shared with the
    /// stored message it describes, so an answer is not a copy of a board's keyboard.
    pub response: Result<Arc<Value>, String>,
    /// When the request arrived, before the fake read its body (latency measurements
    /// end here, so they leave out the fake's own time).
    pub at: Instant,
}

impl Call {
    /// Whether this is a call of `method` (case-insensitive).
    pub fn is(&self, method: &str) -> bool {
        self.method.eq_ignore_ascii_case(method)
    }

    /// A string parameter.
    pub fn str(&self, key: &str) -> Option<&str> {
        self.params.get(key).and_then(Value::as_str)
    }

    /// An integer parameter (numbers or numeric strings).
    pub fn int(&self, key: &str) -> Option<i64> {
        match self.params.get(key)? {
            Value::Number(n) => n.as_i64(),
            Value::String(s) => s.parse().ok(),
            _ => None,
        }
    }

    /// The chat id the call targets.
    pub fn chat_id(&self) -> Option<i64> {
        self.int("chat_id")
    }

    /// Text of a sendMessage/editMessageText, or the caption of media calls.
    pub fn text(&self) -> Option<String> {
        if let Some(t) = self.str("text").or_else(|| self.str("caption")) {
            return Some(t.to_string());
        }
        self.params
            .get("media")
            .and_then(|m| m.get("caption"))
            .and_then(Value::as_str)
            .map(str::to_string)
    }

    /// Every `callback_data` of the inline keyboard sent with the call, row by row.
    pub fn buttons(&self) -> Vec<(String, String)> {
        keyboard_buttons(self.keyboard())
    }

    /// The inline keyboard the call sent: a keyboard the fake keeps on a message is moved
    /// from the parameters into the answer, not copied (a board's has 64 buttons).
    pub fn keyboard(&self) -> Option<&Value> {
        self.params.get("reply_markup").or_else(|| {
            self.response
                .as_ref()
                .ok()
                .and_then(|r| r.get("reply_markup"))
        })
    }

    /// The first uploaded file's bytes (the photo, animation or document).
    pub fn upload(&self) -> Option<&[u8]> {
        self.files.first().map(|f| f.bytes.as_slice())
    }
}

/// (text, callback_data) of every callback button of an inline keyboard value.
pub fn keyboard_buttons(markup: Option<&Value>) -> Vec<(String, String)> {
    let mut out = Vec::new();
    if let Some(rows) = markup
        .and_then(|m| m.get("inline_keyboard"))
        .and_then(Value::as_array)
    {
        for row in rows {
            for b in row.as_array().into_iter().flatten() {
                let text = b.get("text").and_then(Value::as_str).unwrap_or("");
                if let Some(d) = b.get("callback_data").and_then(Value::as_str) {
                    out.push((text.to_string(), d.to_string()));
                }
            }
        }
    }
    out
}

/// A message as the fake keeps it (the latest state after edits).
#[derive(Clone, Debug)]
pub struct StoredMessage {
    /// The Telegram message JSON as last returned (shared with the calls that returned it;
    /// an edit copies it only while one of them is still held).
    pub json: Arc<Value>,
    /// Current photo/animation/document bytes, if any.
    pub media: Option<Vec<u8>>,
    /// Whether it was deleted.
    pub deleted: bool,
}

/// A scripted fault for the next matching calls.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// Answer 429 Too Many Requests with this `retry_after` (seconds).
    TooManyRequests(u32),
    /// Answer 500.
    ServerError,
    /// Wait this long before handling the call.
    Slow(Duration),
    /// Drop the connection without handling the call (the client sees the connection
    /// break after the status line).
    Drop,
    /// Handle the call, then drop the connection before the answer: the call took effect
    /// but the client cannot know (a retry repeats it, as on a flaky network).
    DropAfter,
}

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
struct Limiter {
    limits: Option<TelegramLimits>,
    chats: HashMap<i64, (Arrivals, Arrivals)>,
    global: Arrivals,
    refused: RateLimited,
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
    /// Count a call of `method` into `chat`, or refuse it with the seconds to wait.
    fn admit(&mut self, method: &str, chat: Option<i64>, now: Instant) -> Option<u32> {
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

/// What subscribers of [`FakeApi::subscribe`] see, in order.
#[derive(Clone, Debug)]
pub enum Event {
    /// A `getUpdates` answer handed updates `first..=last` (by id) to the bot at `at`.
    Delivered {
        /// First update id in the batch.
        first: i64,
        /// Last update id in the batch.
        last: i64,
        /// When the answer was built.
        at: Instant,
    },
    /// A call was answered (uploads left out: read the message state for media). Shared,
    /// not copied: a load test's driver sees thousands a second.
    Call(Arc<Call>),
}

/// An update pushed by a scripted user: the ids a load driver needs to follow it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pushed {
    /// The update's id (see [`Event::Delivered`]).
    pub update_id: i64,
    /// The new message's id, for messages.
    pub message_id: Option<i64>,
    /// The callback query id, for taps.
    pub callback_id: Option<String>,
}

#[derive(Default)]
struct Inner {
    calls: Vec<Call>,
    /// Updates not yet confirmed, serialized once when pushed: a long poll sends each
    /// at least once and the load test pushes thousands a second.
    updates: VecDeque<Queued>,
    next_update_id: i64,
    next_message_id: HashMap<i64, i64>,
    messages: HashMap<(i64, i64), StoredMessage>,
    next_file: u64,
    files: HashMap<String, Vec<u8>>,
    faults: VecDeque<(Option<String>, Fault)>,
    fault_every: Option<(u64, Vec<Fault>)>,
    fault_counter: u64,
    chat_admins: HashMap<i64, Vec<i64>>,
    /// Inline queries the bot has not answered yet.
    inline_queries: HashSet<String>,
    /// The results the bot answered each inline query with.
    inline_answers: HashMap<String, Value>,
    /// Messages posted "via @bot" from inline results, by `inline_message_id`.
    inline_messages: HashMap<String, StoredMessage>,
    /// Groups that became supergroups: old id to new.
    migrated: HashMap<i64, i64>,
    /// Chats closed to the bot (removed from the group, blocked by the person), with the
    /// 403 description every call into them gets.
    closed: HashMap<i64, String>,
    /// Refuse messages to a private chat whose user never wrote to the bot there, as
    /// Telegram does (off: every private chat takes messages).
    private_needs_start: bool,
    /// Users who wrote to the bot in their private chat.
    started: HashSet<i64>,
    /// `getUpdates` answers 502 Bad Gateway (Telegram unreachable).
    polls_fail: bool,
    limiter: Limiter,
    /// Calls answered so far (the history may be off).
    seq: u64,
    /// Keep every call, upload and user message (tests) or only what later calls need
    /// (load tests).
    lean: bool,
    subscribers: Vec<UnboundedSender<Event>>,
}

/// An update waiting for `getUpdates`.
struct Queued {
    id: i64,
    json: String,
}

/// Shared state and the wake-up signal for long polls and waiters.
struct Shared {
    inner: Mutex<Inner>,
    changed: Notify,
}

/// A running fake server. Dropping it stops the server.
pub struct FakeApi {
    shared: Arc<Shared>,
    addr: SocketAddr,
    task: tokio::task::JoinHandle<()>,
}

impl Drop for FakeApi {
    fn drop(&mut self) {
        self.task.abort();
    }
}

/// A Telegram user for scripted updates.
#[derive(Clone, Debug)]
pub struct TgUser {
    /// User id.
    pub id: i64,
    /// First name.
    pub first_name: String,
    /// Username without `@`.
    pub username: Option<String>,
    /// `language_code`.
    pub lang: Option<String>,
}

impl TgUser {
    /// A user with a username equal to the lower-cased first name.
    pub fn new(id: i64, name: &str, lang: &str) -> TgUser {
        TgUser {
            id,
            first_name: name.to_string(),
            username: Some(name.to_lowercase()),
            lang: Some(lang.to_string()),
        }
    }

    /// The Telegram `User` JSON.
    pub fn json(&self) -> Value {
        let mut u = json!({ "id": self.id, "is_bot": false, "first_name": self.first_name });
        if let Some(n) = &self.username {
            u["username"] = json!(n);
        }
        if let Some(l) = &self.lang {
            u["language_code"] = json!(l);
        }
        u
    }
}

/// A chat for scripted updates.
#[derive(Clone, Debug)]
pub enum TgChat {
    /// A private chat with this user.
    Private(TgUser),
    /// A supergroup with this id (negative) and title.
    Group(i64, String),
}

impl TgChat {
    /// Chat id.
    pub fn id(&self) -> i64 {
        match self {
            TgChat::Private(u) => u.id,
            TgChat::Group(id, _) => *id,
        }
    }

    /// The Telegram `Chat` JSON.
    pub fn json(&self) -> Value {
        match self {
            TgChat::Private(u) => {
                json!({ "id": u.id, "type": "private", "first_name": u.first_name })
            }
            TgChat::Group(id, title) => json!({ "id": id, "type": "supergroup", "title": title }),
        }
    }
}

fn now_unix() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or(1_700_000_000)
}

fn bot_user() -> Value {
    json!({ "id": BOT_ID, "is_bot": true, "first_name": "Ugolki", "username": BOT_USERNAME })
}

fn lock(shared: &Shared) -> MutexGuard<'_, Inner> {
    // A panic while holding the lock only happens in a failing test; keep serving.
    shared.inner.lock().unwrap_or_else(|e| e.into_inner())
}

impl FakeApi {
    /// Start on 127.0.0.1 with a random port.
    pub async fn start() -> std::io::Result<FakeApi> {
        let shared = Arc::new(Shared {
            inner: Mutex::new(Inner {
                next_update_id: 1,
                ..Inner::default()
            }),
            changed: Notify::new(),
        });
        let app = Router::new()
            .route("/{token}/{method}", axum::routing::post(handle).get(handle))
            .with_state(shared.clone());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
        let addr = listener.local_addr()?;
        let task = tokio::spawn(async move {
            let _ = axum::serve(listener, app).await;
        });
        Ok(FakeApi { shared, addr, task })
    }

    /// The API URL to give the bot (`--api-url`).
    pub fn url(&self) -> String {
        format!("http://{}/", self.addr)
    }

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

    /// The number of calls so far (a cursor for [`FakeApi::calls_since`]).
    pub fn call_count(&self) -> u64 {
        lock(&self.shared).seq
    }

    /// The current state of a message.
    pub fn message(&self, chat: i64, id: i64) -> Option<StoredMessage> {
        lock(&self.shared).messages.get(&(chat, id)).cloned()
    }

    /// Delete a message as a person would (an admin removing the board): the bot is not
    /// told, and its next edit of it fails with "message to edit not found".
    pub fn delete_by_user(&self, chat: i64, id: i64) -> bool {
        lock(&self.shared)
            .messages
            .get_mut(&(chat, id))
            .map(|m| m.deleted = true)
            .is_some()
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

    /// The group `old` becomes the supergroup `new`, as Telegram does it: a service
    /// message in each chat (`migrate_to_chat_id` in the old, `migrate_from_chat_id` in the
    /// new), and from then on every call into the old id fails with the new id in its
    /// parameters.
    pub fn migrate(&self, old: &TgChat, new: &TgChat, by: &TgUser) {
        let (old_id, new_id) = (old.id(), new.id());
        let mut group = old.json();
        group["type"] = json!("group");
        for (chat, field, other) in [
            (group, "migrate_to_chat_id", new_id),
            (new.json(), "migrate_from_chat_id", old_id),
        ] {
            let id = self.user_message_id(chat["id"].as_i64().unwrap_or_default());
            let msg = json!({
                "message_id": id, "date": now_unix(), "chat": chat, "from": by.json(),
                field: other,
            });
            self.push(json!({ "message": msg }));
        }
        lock(&self.shared).migrated.insert(old_id, new_id);
    }

    /// `by` removes the bot from `chat` (a group), or blocks it (a private chat), as
    /// Telegram does it: a `my_chat_member` update says so (unless `announce` is false, as
    /// when that update is lost), and from then on every call into the chat is refused
    /// with 403 and Telegram's description.
    pub fn remove_bot(&self, chat: &TgChat, by: &TgUser, announce: bool) {
        let why = match chat {
            TgChat::Private(_) => "Forbidden: bot was blocked by the user",
            TgChat::Group(..) => "Forbidden: bot was kicked from the supergroup chat",
        };
        lock(&self.shared).closed.insert(chat.id(), why.into());
        if announce {
            self.push_membership(
                chat,
                by,
                "member",
                json!({ "status": "kicked", "until_date": 0 }),
            );
        }
    }

    /// `by` adds the bot back to `chat` (or unblocks it): calls into it work again, and a
    /// `my_chat_member` update says so (unless `announce` is false, as when it is lost).
    pub fn add_bot_back(&self, chat: &TgChat, by: &TgUser, announce: bool) {
        lock(&self.shared).closed.remove(&chat.id());
        if announce {
            self.push_membership(chat, by, "kicked", json!({ "status": "member" }));
        }
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

    fn push_membership(&self, chat: &TgChat, by: &TgUser, old: &str, new: Value) {
        let mut new_member = new;
        new_member["user"] = bot_user();
        let mut old_member = json!({ "status": old, "user": bot_user() });
        if old == "kicked" {
            old_member["until_date"] = json!(0);
        }
        let update = json!({ "my_chat_member": {
            "chat": chat.json(), "from": by.json(), "date": now_unix(),
            "old_chat_member": old_member, "new_chat_member": new_member,
        }});
        self.push(update);
    }

    /// The group `old` becomes the supergroup `new`, and both service messages are lost:
    /// the bot learns it only from the first call into the old id that fails.
    pub fn migrate_silently(&self, old: &TgChat, new: &TgChat) {
        lock(&self.shared).migrated.insert(old.id(), new.id());
    }

    /// A group admin writing anonymously, as the group: Telegram's stand-in bot is the
    /// sender and the group itself the `sender_chat`. Returns the message id.
    pub fn send_as_group(&self, chat: &TgChat, text: &str) -> i64 {
        let anonymous = TgUser {
            id: GROUP_ANONYMOUS_BOT,
            first_name: "Group".into(),
            username: Some("GroupAnonymousBot".into()),
            lang: None,
        };
        let mut p = self.push_text_as(chat, &anonymous, text, Some(chat.json()));
        p.message_id.take().unwrap_or_default()
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
        g.limiter = Limiter {
            limits,
            ..Limiter::default()
        };
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
            .push_back((method.map(str::to_string), fault));
    }

    /// Inject `fault` into every `n`th call (except getUpdates) until cleared with `None`.
    pub fn fault_every(&self, every: Option<(u64, Fault)>) {
        self.fault_rotation(every.map(|(n, f)| (n, vec![f])));
    }

    /// Inject a fault into every `n`th call (except getUpdates), taking the faults of the
    /// list in turn, until cleared with `None`.
    pub fn fault_rotation(&self, every: Option<(u64, Vec<Fault>)>) {
        let mut g = lock(&self.shared);
        g.fault_every = every.filter(|(n, f)| *n > 0 && !f.is_empty());
        g.fault_counter = 0;
    }

    fn push(&self, update: Value) -> i64 {
        self.push_with(|_, id| {
            let mut u = update;
            u["update_id"] = json!(id);
            u.to_string()
        })
    }

    /// Queue the update that `make` serializes for update id `id`, with the fake's state
    /// at hand (a tap embeds its message without copying it).
    fn push_with(&self, make: impl FnOnce(&Inner, i64) -> String) -> i64 {
        let mut g = lock(&self.shared);
        let id = g.next_update_id;
        g.next_update_id += 1;
        let json = make(&g, id);
        g.updates.push_back(Queued { id, json });
        drop(g);
        self.shared.changed.notify_waiters();
        id
    }

    fn user_message_id(&self, chat: i64) -> i64 {
        let mut g = lock(&self.shared);
        let n = g.next_message_id.entry(chat).or_insert(1);
        let id = *n;
        *n += 1;
        id
    }

    /// A user sends `text` in `chat`; returns the new message id. Commands get a
    /// `bot_command` entity as Telegram adds one.
    pub fn send_text(&self, chat: &TgChat, from: &TgUser, text: &str) -> i64 {
        self.send_text_with(chat, from, text, None, Vec::new())
    }

    /// A user replies to message `reply_to` with `text`.
    pub fn reply_text(&self, chat: &TgChat, from: &TgUser, reply_to: i64, text: &str) -> i64 {
        self.send_text_with(chat, from, text, Some(reply_to), Vec::new())
    }

    /// A message with explicit extra entities (e.g. a `text_mention`) and an optional reply.
    pub fn send_text_with(
        &self,
        chat: &TgChat,
        from: &TgUser,
        text: &str,
        reply_to: Option<i64>,
        entities: Vec<Value>,
    ) -> i64 {
        let p = self.push_text(chat, from, text, reply_to, entities);
        p.message_id.unwrap_or_default()
    }

    /// As [`FakeApi::send_text_with`], returning the update id too.
    pub fn push_text(
        &self,
        chat: &TgChat,
        from: &TgUser,
        text: &str,
        reply_to: Option<i64>,
        entities: Vec<Value>,
    ) -> Pushed {
        if let TgChat::Private(u) = chat {
            lock(&self.shared).started.insert(u.id);
        }
        self.push_message(chat, from.json(), text, reply_to, entities, None)
    }

    fn push_text_as(
        &self,
        chat: &TgChat,
        from: &TgUser,
        text: &str,
        sender_chat: Option<Value>,
    ) -> Pushed {
        let mut user = from.json();
        user["is_bot"] = json!(true);
        self.push_message(chat, user, text, None, Vec::new(), sender_chat)
    }

    fn push_message(
        &self,
        chat: &TgChat,
        from: Value,
        text: &str,
        reply_to: Option<i64>,
        mut entities: Vec<Value>,
        sender_chat: Option<Value>,
    ) -> Pushed {
        let id = self.user_message_id(chat.id());
        if text.starts_with('/') {
            let len = text
                .split_whitespace()
                .next()
                .map_or(0, |w| w.encode_utf16().count());
            entities.insert(
                0,
                json!({ "type": "bot_command", "offset": 0, "length": len }),
            );
        }
        let mut msg = json!({
            "message_id": id,
            "date": now_unix(),
            "chat": chat.json(),
            "from": from,
            "text": text,
        });
        if let Some(s) = sender_chat {
            msg["sender_chat"] = s;
        }
        if !entities.is_empty() {
            msg["entities"] = Value::Array(entities);
        }
        if let Some(r) = reply_to {
            let replied = self
                .message(chat.id(), r)
                .map(|m| Value::clone(&m.json))
                .unwrap_or_else(
                    || json!({ "message_id": r, "date": now_unix(), "chat": chat.json() }),
                );
            msg["reply_to_message"] = replied;
        }
        {
            let mut g = lock(&self.shared);
            if !g.lean {
                g.messages.insert(
                    (chat.id(), id),
                    StoredMessage {
                        json: Arc::new(msg.clone()),
                        media: None,
                        deleted: false,
                    },
                );
            }
        }
        let update_id = self.push(json!({ "message": msg }));
        Pushed {
            update_id,
            message_id: Some(id),
            callback_id: None,
        }
    }

    /// A user taps an inline button with `data` on message `message_id`; returns the
    /// callback query id.
    pub fn tap(&self, chat: &TgChat, from: &TgUser, message_id: i64, data: &str) -> String {
        self.push_tap(chat, from, message_id, data)
            .callback_id
            .unwrap_or_default()
    }

    /// As [`FakeApi::tap`], returning the update id too.
    pub fn push_tap(&self, chat: &TgChat, from: &TgUser, message_id: i64, data: &str) -> Pushed {
        /// The update, serialized from borrowed parts: the message (a board's keyboard
        /// of 64 buttons) is not copied.
        #[derive(serde::Serialize)]
        struct Tap<'a> {
            update_id: i64,
            callback_query: Query<'a>,
        }
        #[derive(serde::Serialize)]
        struct Query<'a> {
            id: &'a str,
            from: Value,
            message: &'a Value,
            chat_instance: String,
            data: &'a str,
        }
        let mut qid = String::new();
        let update_id = self.push_with(|g, update_id| {
            qid = format!("cb{update_id}");
            let unknown;
            let message = match g.messages.get(&(chat.id(), message_id)) {
                Some(m) => &*m.json,
                None => {
                    unknown = json!({ "message_id": message_id, "date": now_unix(), "chat": chat.json(), "from": bot_user(), "text": "?" });
                    &unknown
                }
            };
            serde_json::to_string(&Tap {
                update_id,
                callback_query: Query {
                    id: &qid,
                    from: from.json(),
                    message,
                    chat_instance: format!("ci{}", chat.id()),
                    data,
                },
            })
            .unwrap_or_default()
        });
        Pushed {
            update_id,
            message_id: None,
            callback_id: Some(qid),
        }
    }

    /// A user types `@bot <query>` in a chat of `chat_type` (`sender`, `private`, `group`,
    /// `supergroup`), which the bot need not be in; returns the inline query's id.
    pub fn inline_query(&self, from: &TgUser, query: &str, chat_type: &str) -> String {
        let mut qid = String::new();
        self.push_with(|_, update_id| {
            qid = format!("iq{update_id}");
            json!({
                "update_id": update_id,
                "inline_query": {
                    "id": qid, "from": from.json(), "query": query, "offset": "",
                    "chat_type": chat_type,
                },
            })
            .to_string()
        });
        lock(&self.shared).inline_queries.insert(qid.clone());
        qid
    }

    /// The results the bot answered inline query `id` with (`None` until it answers).
    pub fn inline_answer(&self, id: &str) -> Option<Value> {
        lock(&self.shared).inline_answers.get(id).cloned()
    }

    /// The user picks result `result_id` of the answer to inline query `query_id`: it is
    /// posted "via @bot" in the user's chat. Returns its `inline_message_id`. Telegram
    /// tells the bot of the choice only when inline feedback is on in @BotFather, so no
    /// update is sent.
    pub fn choose_inline_result(&self, query_id: &str, result_id: &str) -> Option<String> {
        let mut g = lock(&self.shared);
        let results = g.inline_answers.get(query_id)?.get("results")?.as_array()?;
        let r = results
            .iter()
            .find(|r| r.get("id").and_then(Value::as_str) == Some(result_id))?
            .clone();
        let mut msg = json!({ "via_bot": bot_user() });
        let mut media = None;
        match r.get("type").and_then(Value::as_str) {
            Some("article") => {
                let content = r.get("input_message_content")?;
                msg["text"] = content.get("message_text")?.clone();
            }
            Some("photo") => {
                let fid = r.get("photo_file_id").and_then(Value::as_str)?;
                let bytes = g.files.get(fid)?.clone();
                msg["photo"] = media_json("photo", fid, bytes.len());
                if let Some(c) = r.get("caption") {
                    msg["caption"] = c.clone();
                }
                media = Some(bytes);
            }
            _ => return None,
        }
        if let Some(k) = r.get("reply_markup") {
            msg["reply_markup"] = k.clone();
        }
        let id = format!("inl{}{result_id}", g.inline_messages.len() + 1);
        g.inline_messages.insert(
            id.clone(),
            StoredMessage {
                json: Arc::new(msg),
                media,
                deleted: false,
            },
        );
        Some(id)
    }

    /// An inline message as it is now.
    pub fn inline_message(&self, id: &str) -> Option<StoredMessage> {
        lock(&self.shared).inline_messages.get(id).cloned()
    }

    /// A user taps a button with `data` on inline message `inline_message_id`: the query
    /// carries that id and no message or chat. Returns the callback query id.
    pub fn tap_inline(&self, from: &TgUser, inline_message_id: &str, data: &str) -> String {
        self.push_tap_inline(from, inline_message_id, data)
            .callback_id
            .unwrap_or_default()
    }

    /// [`FakeApi::tap_inline`], returning the ids a load driver follows.
    pub fn push_tap_inline(&self, from: &TgUser, inline_message_id: &str, data: &str) -> Pushed {
        let mut qid = String::new();
        let update_id = self.push_with(|_, update_id| {
            qid = format!("cb{update_id}");
            json!({
                "update_id": update_id,
                "callback_query": {
                    "id": qid, "from": from.json(), "inline_message_id": inline_message_id,
                    "chat_instance": format!("ci-{inline_message_id}"), "data": data,
                },
            })
            .to_string()
        });
        Pushed {
            update_id,
            message_id: None,
            callback_id: Some(qid),
        }
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

/// Parse a request body (JSON, form or multipart) into params and files; `None` when the
/// body broke off (the client died mid-upload: a killed bot), which Telegram would not
/// act on either.
async fn parse_body(req: Request) -> Option<(Value, Vec<Upload>)> {
    let ctype = req
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_string();
    let mut params = Map::new();
    let mut files = Vec::new();
    if ctype.starts_with("multipart/form-data") {
        if let Ok(mut mp) = Multipart::from_request(req, &()).await {
            loop {
                let field = match mp.next_field().await {
                    Ok(Some(f)) => f,
                    Ok(None) => break,
                    Err(_) => return None,
                };
                let name = field.name().unwrap_or("").to_string();
                let file_name = field.file_name().map(str::to_string);
                let Ok(bytes) = field.bytes().await else {
                    return None;
                };
                if file_name.is_some() {
                    files.push(Upload {
                        field: name,
                        file_name,
                        bytes: bytes.to_vec(),
                    });
                } else {
                    let s = String::from_utf8_lossy(&bytes).to_string();
                    let v = serde_json::from_str::<Value>(&s)
                        .ok()
                        .filter(|v| v.is_object() || v.is_array())
                        .unwrap_or(Value::String(s));
                    params.insert(name, v);
                }
            }
        }
    } else {
        let Ok(body) = Bytes::from_request(req, &()).await else {
            return None;
        };
        if let Ok(Value::Object(m)) = serde_json::from_slice::<Value>(&body) {
            params = m;
        } else if let Ok(pairs) = serde_urlencoded_pairs(&body) {
            for (k, v) in pairs {
                params.insert(k, Value::String(v));
            }
        }
    }
    Some((Value::Object(params), files))
}

fn serde_urlencoded_pairs(body: &[u8]) -> Result<Vec<(String, String)>, ()> {
    let s = std::str::from_utf8(body).map_err(|_| ())?;
    Ok(s.split('&')
        .filter(|p| !p.is_empty())
        .filter_map(|p| p.split_once('='))
        .map(|(k, v)| (k.to_string(), v.replace('+', " ")))
        .collect())
}

/// A successful answer, serialized from a borrowed result: the result is also recorded, and
/// a copy of a board message (its keyboard, its picture's sizes) per call is measurable
/// in a load test.
fn ok<T: serde::Serialize>(result: &T) -> Response {
    #[derive(serde::Serialize)]
    struct Ok<'a, T> {
        ok: bool,
        result: &'a T,
    }
    (StatusCode::OK, axum::Json(Ok { ok: true, result })).into_response()
}

fn err(code: u16, description: &str, retry_after: Option<u32>) -> Response {
    let mut body = json!({ "ok": false, "error_code": code, "description": description });
    if let Some(r) = retry_after {
        body["parameters"] = json!({ "retry_after": r });
    }
    (
        StatusCode::from_u16(code).unwrap_or(StatusCode::BAD_REQUEST),
        axum::Json(body),
    )
        .into_response()
}

/// A response body that fails at once: hyper breaks the connection after the status line,
/// which the client sees as a network error (a dropped connection).
struct BrokenBody;

impl HttpBody for BrokenBody {
    type Data = Bytes;
    type Error = std::io::Error;

    fn poll_frame(
        self: Pin<&mut Self>,
        _cx: &mut Context<'_>,
    ) -> Poll<Option<Result<http_body::Frame<Bytes>, std::io::Error>>> {
        Poll::Ready(Some(Err(std::io::Error::other(
            "connection dropped by the fake Bot API",
        ))))
    }
}

fn dropped() -> Response {
    (StatusCode::OK, Body::new(BrokenBody)).into_response()
}

async fn handle(
    State(shared): State<Arc<Shared>>,
    Path((token, method)): Path<(String, String)>,
    _headers: HeaderMap,
    req: Request,
) -> Response {
    let arrived = Instant::now();
    if !token.starts_with("bot") {
        return err(404, "Not Found", None);
    }
    let lower = method.to_ascii_lowercase();
    let Some((mut params, files)) = parse_body(req).await else {
        // Nobody is left to read an answer; nothing is done or recorded.
        return err(400, "Bad Request: the request body broke off", None);
    };
    if lower == "getupdates" {
        if lock(&shared).polls_fail {
            record(&shared, &method, params, files, Err("502".into()), arrived);
            return err(502, "Bad Gateway", None);
        }
        return get_updates(&shared, &params).await;
    }
    // Faults (never on getUpdates, so the bot keeps receiving).
    let fault = {
        let mut g = lock(&shared);
        let pos = g
            .faults
            .iter()
            .position(|(m, _)| m.as_ref().is_none_or(|m| m.eq_ignore_ascii_case(&method)));
        let mut f = pos.and_then(|i| g.faults.remove(i)).map(|(_, f)| f);
        if f.is_none()
            && let Some((n, list)) = g.fault_every.clone()
        {
            g.fault_counter += 1;
            if g.fault_counter.is_multiple_of(n) {
                let k = (g.fault_counter / n - 1) as usize % list.len();
                f = list.get(k).cloned();
            }
        }
        f
    };
    let limited = {
        let mut g = lock(&shared);
        let chat = int(&params, "chat_id").or_else(|| {
            params
                .get("inline_message_id")
                .and_then(Value::as_str)
                .map(inline_limit_key)
        });
        g.limiter.admit(&lower, chat, arrived)
    };
    if let Some(secs) = limited {
        record(&shared, &method, params, files, Err("429".into()), arrived);
        return err(
            429,
            &format!("Too Many Requests: retry after {secs}"),
            Some(secs),
        );
    }
    match fault {
        Some(Fault::Slow(d)) => tokio::time::sleep(d).await,
        Some(Fault::TooManyRequests(s)) => {
            record(&shared, &method, params, files, Err("429".into()), arrived);
            return err(429, &format!("Too Many Requests: retry after {s}"), Some(s));
        }
        Some(Fault::ServerError) => {
            record(&shared, &method, params, files, Err("500".into()), arrived);
            return err(500, "Internal Server Error", None);
        }
        Some(Fault::Drop) => {
            record(
                &shared,
                &method,
                params,
                files,
                Err("dropped".into()),
                arrived,
            );
            return dropped();
        }
        Some(Fault::DropAfter) | None => {}
    }
    let closed = {
        let g = lock(&shared);
        int(&params, "chat_id").and_then(|c| g.closed.get(&c).cloned())
    };
    if let Some(why) = closed {
        record(&shared, &method, params, files, Err(why.clone()), arrived);
        return err(403, &why, None);
    }
    let (result, moved_to) = {
        let mut g = lock(&shared);
        // A call into a group that became a supergroup fails, naming the new id.
        match int(&params, "chat_id").and_then(|c| g.migrated.get(&c).copied()) {
            Some(to) => (
                Err(bad("group chat was upgraded to a supergroup chat")),
                Some(to),
            ),
            None => (dispatch(&mut g, &lower, &mut params, &files), None),
        }
    };
    let response = match (&result, moved_to) {
        (Ok(v), _) => ok(&**v),
        (Err((code, d)), Some(to)) => {
            let body = json!({ "ok": false, "error_code": code, "description": d,
                "parameters": { "migrate_to_chat_id": to } });
            (StatusCode::BAD_REQUEST, axum::Json(body)).into_response()
        }
        (Err((code, d)), None) => err(*code, d, None),
    };
    let response = if fault == Some(Fault::DropAfter) {
        dropped()
    } else {
        response
    };
    record(
        &shared,
        &method,
        params,
        files,
        result.map_err(|(_, d)| d),
        arrived,
    );
    response
}

fn record(
    shared: &Shared,
    method: &str,
    params: Value,
    files: Vec<Upload>,
    response: Result<Arc<Value>, String>,
    at: Instant,
) {
    let mut g = lock(shared);
    let seq = g.seq;
    g.seq += 1;
    let mut call = Call {
        seq,
        method: method.to_string(),
        params,
        files: Vec::new(),
        response,
        at,
    };
    let watched = !g.subscribers.is_empty();
    if g.lean {
        // Not kept: the subscribers get the call itself.
        if watched {
            let ev = Event::Call(Arc::new(call));
            g.subscribers.retain(|s| s.send(ev.clone()).is_ok());
        }
    } else {
        if watched {
            let ev = Event::Call(Arc::new(call.clone()));
            g.subscribers.retain(|s| s.send(ev.clone()).is_ok());
        }
        call.files = files;
        g.calls.push(call);
    }
    drop(g);
    shared.changed.notify_waiters();
}

async fn get_updates(shared: &Shared, params: &Value) -> Response {
    let offset = params
        .get("offset")
        .and_then(|v| v.as_i64().or_else(|| v.as_str()?.parse().ok()))
        .unwrap_or(0);
    let timeout = params
        .get("timeout")
        .and_then(|v| v.as_u64().or_else(|| v.as_str()?.parse().ok()))
        .unwrap_or(0)
        .min(2);
    let deadline = tokio::time::Instant::now() + Duration::from_secs(timeout);
    loop {
        let notified = shared.changed.notified();
        {
            let mut g = lock(shared);
            // Confirmed updates (id < offset) are dropped, as Telegram does.
            while g.updates.front().is_some_and(|u| u.id < offset) {
                g.updates.pop_front();
            }
            if !g.updates.is_empty() {
                let at = Instant::now();
                let batch = g.updates.iter().take(100);
                let first = g.updates.front().map(|u| u.id);
                let last = batch.clone().next_back().map(|u| u.id);
                // Kept until confirmed, as Telegram keeps them.
                let mut body = String::from(r#"{"ok":true,"result":["#);
                for (i, u) in batch.enumerate() {
                    if i > 0 {
                        body.push(',');
                    }
                    body.push_str(&u.json);
                }
                body.push_str("]}");
                if let (Some(first), Some(last)) = (first, last)
                    && !g.subscribers.is_empty()
                {
                    let ev = Event::Delivered { first, last, at };
                    g.subscribers.retain(|s| s.send(ev.clone()).is_ok());
                }
                return (
                    StatusCode::OK,
                    [(header::CONTENT_TYPE, "application/json")],
                    body,
                )
                    .into_response();
            }
        }
        if tokio::time::timeout_at(deadline, notified).await.is_err() {
            return ok(&json!([]));
        }
    }
}

type ApiResult = Result<Arc<Value>, (u16, String)>;

fn bad(d: &str) -> (u16, String) {
    (400, format!("Bad Request: {d}"))
}

fn int(params: &Value, key: &str) -> Option<i64> {
    match params.get(key)? {
        Value::Number(n) => n.as_i64(),
        Value::String(s) => s.parse().ok(),
        _ => None,
    }
}

fn chat_json(chat_id: i64) -> Value {
    if chat_id < 0 {
        json!({ "id": chat_id, "type": "supergroup", "title": "group" })
    } else {
        json!({ "id": chat_id, "type": "private", "first_name": "user" })
    }
}

fn new_file(g: &mut Inner, bytes: &[u8]) -> String {
    g.next_file += 1;
    let id = format!("file{}", g.next_file);
    if !g.lean {
        g.files.insert(id.clone(), bytes.to_vec());
    }
    id
}

/// The uploaded bytes for a media value: `attach://name`, an uploaded field, or a known file id.
fn media_bytes(
    g: &Inner,
    reference: Option<&Value>,
    field: &str,
    files: &[Upload],
) -> Option<Vec<u8>> {
    if let Some(Value::String(s)) = reference {
        if let Some(name) = s.strip_prefix("attach://") {
            return files
                .iter()
                .find(|f| f.field == name)
                .map(|f| f.bytes.clone());
        }
        if let Some(b) = g.files.get(s) {
            return Some(b.clone());
        }
    }
    files
        .iter()
        .find(|f| f.field == field)
        .or_else(|| files.first())
        .map(|f| f.bytes.clone())
}

fn media_json(kind: &str, file_id: &str, len: usize) -> Value {
    match kind {
        "photo" => json!([
            { "file_id": format!("{file_id}s"), "file_unique_id": format!("u{file_id}s"), "width": 90, "height": 90, "file_size": len / 8 },
            { "file_id": file_id, "file_unique_id": format!("u{file_id}"), "width": 720, "height": 720, "file_size": len },
        ]),
        "animation" => {
            json!({ "file_id": file_id, "file_unique_id": format!("u{file_id}"), "width": 480, "height": 480, "duration": 10, "file_size": len })
        }
        _ => {
            json!({ "file_id": file_id, "file_unique_id": format!("u{file_id}"), "file_name": "game.txt", "file_size": len })
        }
    }
}

fn send(
    g: &mut Inner,
    chat: i64,
    mut msg: Value,
    media: Option<Vec<u8>>,
    params: &mut Value,
) -> ApiResult {
    let n = g.next_message_id.entry(chat).or_insert(1);
    let id = *n;
    *n += 1;
    msg["message_id"] = json!(id);
    msg["date"] = json!(now_unix());
    msg["chat"] = chat_json(chat);
    msg["from"] = bot_user();
    if let Some(m) = take_keyboard(params) {
        msg["reply_markup"] = m;
    }
    if let Some(r) = int(params, "reply_to_message_id").or_else(|| {
        params
            .get("reply_parameters")
            .and_then(|p| p.get("message_id"))
            .and_then(Value::as_i64)
    }) && let Some(m) = g.messages.get(&(chat, r))
    {
        msg["reply_to_message"] = Value::clone(&m.json);
    }
    let msg = Arc::new(msg);
    g.messages.insert(
        (chat, id),
        StoredMessage {
            json: msg.clone(),
            media,
            deleted: false,
        },
    );
    Ok(msg)
}

fn target<'a>(g: &'a mut Inner, params: &Value) -> Result<&'a mut StoredMessage, (u16, String)> {
    if let Some(id) = params.get("inline_message_id").and_then(Value::as_str) {
        return match g.inline_messages.get_mut(id) {
            Some(m) => Ok(m),
            None => Err(bad("MESSAGE_ID_INVALID")),
        };
    }
    let chat = int(params, "chat_id").ok_or_else(|| bad("chat_id is empty"))?;
    let id = int(params, "message_id").ok_or_else(|| bad("message_id is empty"))?;
    match g.messages.get_mut(&(chat, id)) {
        Some(m) if !m.deleted => Ok(m),
        _ => Err(bad("message to edit not found")),
    }
}

/// The key under which edits of one inline message are counted like calls into a chat
/// (Telegram limits quick edits of one message; the bot never learns its chat): a number
/// below every chat id.
fn inline_limit_key(id: &str) -> i64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    id.hash(&mut h);
    i64::MIN / 2 - (h.finish() >> 24) as i64
}

/// Move an inline keyboard out of a call's parameters (see [`Call::keyboard`]).
/// An edit of an inline message answers `true`, not the message: its call keeps the
/// keyboard (copied), so tests can read what was sent.
fn take_keyboard(params: &mut Value) -> Option<Value> {
    let inline = params.get("inline_message_id").is_some();
    let o = params.as_object_mut()?;
    if o.get("reply_markup")?.get("inline_keyboard").is_none() {
        None
    } else if inline {
        o.get("reply_markup").cloned()
    } else {
        o.remove("reply_markup")
    }
}

fn dispatch(g: &mut Inner, method: &str, params: &mut Value, files: &[Upload]) -> ApiResult {
    let chat = int(params, "chat_id");
    if let Some(c) = chat
        && c > 0
        && method.starts_with("send")
        && g.private_needs_start
        && !g.started.contains(&c)
    {
        return Err((
            403,
            "Forbidden: bot can't initiate conversation with a user".into(),
        ));
    }
    match method {
        "getme" => Ok(Arc::new(json!({
            "id": BOT_ID, "is_bot": true, "first_name": "Ugolki", "username": BOT_USERNAME,
            "can_join_groups": true, "can_read_all_group_messages": false,
            "supports_inline_queries": true, "can_connect_to_business": false,
            "has_main_web_app": false,
        }))),
        "getwebhookinfo" => Ok(Arc::new(
            json!({ "url": "", "has_custom_certificate": false, "pending_update_count": 0 }),
        )),
        "deletewebhook"
        | "setmycommands"
        | "deletemycommands"
        | "setmydescription"
        | "setmyshortdescription"
        | "close"
        | "logout"
        | "setchatmenubutton" => Ok(Arc::new(json!(true))),
        "answercallbackquery" => Ok(Arc::new(json!(true))),
        "answerinlinequery" => answer_inline_query(g, params),
        "getchatmember" => chat_member(g, params, chat.ok_or_else(|| bad("chat_id is empty"))?),
        "sendmessage" => {
            let c = chat.ok_or_else(|| bad("chat_id is empty"))?;
            let text = params.get("text").and_then(Value::as_str).unwrap_or("");
            if text.is_empty() {
                return Err(bad("message text is empty"));
            }
            if text.chars().count() > 4096 {
                return Err(bad("message is too long"));
            }
            send(g, c, json!({ "text": text }), None, params)
        }
        "sendphoto" | "sendanimation" | "senddocument" => {
            let c = chat.ok_or_else(|| bad("chat_id is empty"))?;
            send_media(g, method, c, params, files)
        }
        "editmessagemedia" => edit_media(g, params, files),
        "editmessagecaption" | "editmessagetext" | "editmessagereplymarkup" => {
            edit_text_or_markup(g, params)
        }
        "deletemessage" => {
            let m = target(g, params).map_err(|_| bad("message to delete not found"))?;
            m.deleted = true;
            Ok(Arc::new(json!(true)))
        }
        _ => Err((404, "Not Found: method not found".into())),
    }
}

/// Telegram's answer to an edit that changes nothing.
const NOT_MODIFIED: &str = "message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message";

/// `getChatMember`: an administrator for the chat's admins (see `FakeApi::set_admins`),
/// else a member.
fn chat_member(g: &Inner, params: &Value, c: i64) -> ApiResult {
    let u = int(params, "user_id").ok_or_else(|| bad("user_id is empty"))?;
    let admin = g.chat_admins.get(&c).is_some_and(|a| a.contains(&u));
    let user = json!({ "id": u, "is_bot": false, "first_name": "user" });
    Ok(Arc::new(if admin {
        json!({
            "status": "administrator", "user": user, "can_be_edited": false,
            "is_anonymous": false, "can_manage_chat": true, "can_delete_messages": true,
            "can_manage_video_chats": true, "can_restrict_members": true,
            "can_promote_members": false, "can_change_info": true, "can_invite_users": true,
            "can_post_stories": false, "can_edit_stories": false, "can_delete_stories": false,
        })
    } else {
        json!({ "status": "member", "user": user })
    }))
}

/// `sendPhoto`, `sendAnimation` and `sendDocument`.
fn send_media(
    g: &mut Inner,
    method: &str,
    c: i64,
    params: &mut Value,
    files: &[Upload],
) -> ApiResult {
    let (kind, field) = match method {
        "sendphoto" => ("photo", "photo"),
        "sendanimation" => ("animation", "animation"),
        _ => ("document", "document"),
    };
    let bytes = media_bytes(g, params.get(field), field, files)
        .ok_or_else(|| bad("there is no file in the request"))?;
    let caption = params.get("caption").and_then(Value::as_str).unwrap_or("");
    if caption.chars().count() > 1024 {
        return Err(bad("message caption is too long"));
    }
    let fid = new_file(g, &bytes);
    let mut msg = json!({ kind: media_json(kind, &fid, bytes.len()) });
    if !caption.is_empty() {
        msg["caption"] = json!(caption);
    }
    // Lean mode keeps only board pictures (replays and records are not looked at).
    let keep = !g.lean || kind == "photo";
    send(g, c, msg, keep.then_some(bytes), params)
}

/// `editMessageMedia`: the new picture, caption and keyboard replace the old ones.
fn edit_media(g: &mut Inner, params: &mut Value, files: &[Upload]) -> ApiResult {
    let media = params.get("media").cloned().unwrap_or(Value::Null);
    let inline = params.get("inline_message_id").is_some();
    if inline {
        // Telegram takes no new file for a message sent via the bot: a file id of an
        // earlier upload, or a URL.
        let reference = media.get("media").and_then(Value::as_str).unwrap_or("");
        if !files.is_empty() || reference.starts_with("attach://") {
            return Err(bad(
                "can't upload file for an inline message: use a file_id or a URL",
            ));
        }
        if reference.starts_with("http://") || reference.starts_with("https://") {
            return edit_inline_media_url(g, params, &media, reference);
        }
    }
    let kind = media
        .get("type")
        .and_then(Value::as_str)
        .unwrap_or("photo")
        .to_string();
    let bytes = media_bytes(g, media.get("media"), "media", files)
        .ok_or_else(|| bad("there is no file in the request"))?;
    let fid = new_file(g, &bytes);
    let m = target(g, params)?;
    if m.media.as_deref() == Some(bytes.as_slice())
        && media.get("caption") == m.json.get("caption")
        && params.get("reply_markup") == m.json.get("reply_markup")
    {
        return Err(bad(NOT_MODIFIED));
    }
    let json = Arc::make_mut(&mut m.json);
    if let Some(o) = json.as_object_mut() {
        // A text message sent via the bot becomes a photo: its text goes.
        for key in [
            "photo",
            "animation",
            "document",
            "caption",
            "text",
            "reply_markup",
        ] {
            o.remove(key);
        }
    }
    json[kind.as_str()] = media_json(&kind, &fid, bytes.len());
    if let Some(c) = media.get("caption") {
        json["caption"] = c.clone();
    }
    if let Some(k) = take_keyboard(params) {
        json["reply_markup"] = k;
    }
    json["edit_date"] = json!(now_unix());
    m.media = Some(bytes);
    Ok(if inline {
        Arc::new(json!(true))
    } else {
        m.json.clone()
    })
}

/// An inline message's picture replaced by one at a URL (the fake keeps the URL; it
/// cannot fetch it).
fn edit_inline_media_url(g: &mut Inner, params: &mut Value, media: &Value, url: &str) -> ApiResult {
    let m = target(g, params)?;
    let json = Arc::make_mut(&mut m.json);
    if let Some(o) = json.as_object_mut() {
        for key in ["photo", "text", "caption", "reply_markup"] {
            o.remove(key);
        }
    }
    json["photo"] = json!([{ "file_id": url, "file_unique_id": url, "width": 720, "height": 720 }]);
    if let Some(c) = media.get("caption") {
        json["caption"] = c.clone();
    }
    if let Some(k) = take_keyboard(params) {
        json["reply_markup"] = k;
    }
    m.media = None;
    Ok(Arc::new(json!(true)))
}

/// `answerInlineQuery`: at most 50 results with distinct ids of 1–64 bytes, once per
/// query.
fn answer_inline_query(g: &mut Inner, params: &Value) -> ApiResult {
    let id = params
        .get("inline_query_id")
        .and_then(Value::as_str)
        .ok_or_else(|| bad("inline_query_id is empty"))?;
    if !g.inline_queries.contains(id) {
        return Err(bad(
            "query is too old and response timeout expired or query ID is invalid",
        ));
    }
    let results = params
        .get("results")
        .and_then(Value::as_array)
        .ok_or_else(|| bad("results are empty"))?;
    if results.len() > 50 {
        return Err(bad("RESULTS_TOO_MUCH"));
    }
    let mut ids = HashSet::new();
    for r in results {
        let rid = r.get("id").and_then(Value::as_str).unwrap_or("");
        if rid.is_empty() || rid.len() > 64 {
            return Err(bad("RESULT_ID_INVALID"));
        }
        if !ids.insert(rid) {
            return Err(bad("RESULT_ID_DUPLICATE"));
        }
    }
    g.inline_queries.remove(id);
    g.inline_answers.insert(id.to_string(), params.clone());
    Ok(Arc::new(json!(true)))
}

/// `editMessageCaption`, `editMessageText` and `editMessageReplyMarkup`.
fn edit_text_or_markup(g: &mut Inner, params: &mut Value) -> ApiResult {
    let m = target(g, params)?;
    let mut changed = false;
    for key in ["caption", "text"] {
        if let Some(v) = params.get(key)
            && m.json.get(key) != Some(v)
        {
            Arc::make_mut(&mut m.json)[key] = v.clone();
            changed = true;
        }
    }
    let markup = params
        .get("reply_markup")
        .filter(|k| k.get("inline_keyboard").is_some());
    if markup != m.json.get("reply_markup") {
        let json = Arc::make_mut(&mut m.json);
        match take_keyboard(params) {
            Some(k) => json["reply_markup"] = k,
            None => {
                if let Some(o) = json.as_object_mut() {
                    o.remove("reply_markup");
                }
            }
        }
        changed = true;
    }
    if !changed {
        return Err(bad(NOT_MODIFIED));
    }
    Arc::make_mut(&mut m.json)["edit_date"] = json!(now_unix());
    Ok(if params.get("inline_message_id").is_some() {
        Arc::new(json!(true))
    } else {
        m.json.clone()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::io::{AsyncReadExt, AsyncWriteExt};

    /// A `sendPhoto` upload as raw HTTP, its body cut after `keep` bytes when given (a
    /// client killed mid-upload).
    async fn raw_send_photo(api: &FakeApi, keep: Option<usize>) {
        let mut body = Vec::new();
        body.extend_from_slice(
            b"--XYZ\r\nContent-Disposition: form-data; name=\"chat_id\"\r\n\r\n42\r\n\
              --XYZ\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"b.png\"\r\n\
              Content-Type: image/png\r\n\r\n",
        );
        body.extend(std::iter::repeat_n(7u8, 4096));
        body.extend_from_slice(b"\r\n--XYZ--\r\n");
        let head = format!(
            "POST /bot1:T/sendPhoto HTTP/1.1\r\nHost: 127.0.0.1\r\n\
             Content-Type: multipart/form-data; boundary=XYZ\r\nContent-Length: {}\r\n\
             Connection: close\r\n\r\n",
            body.len()
        );
        let mut s = tokio::net::TcpStream::connect(api.addr)
            .await
            .expect("connect");
        s.write_all(head.as_bytes()).await.expect("head");
        s.write_all(&body[..keep.unwrap_or(body.len())])
            .await
            .expect("body");
        s.shutdown().await.expect("shutdown");
        let mut answer = Vec::new();
        // The answer (or the closed connection) ends the exchange.
        let _ = tokio::time::timeout(Duration::from_secs(5), s.read_to_end(&mut answer)).await;
    }

    /// A call as the bot makes it, by JSON.
    async fn call(api: &FakeApi, method: &str, body: Value) -> Value {
        let body = body.to_string();
        let head = format!(
            "POST /bot1:T/{method} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n\
             Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        );
        let mut s = tokio::net::TcpStream::connect(api.addr)
            .await
            .expect("connect");
        s.write_all(head.as_bytes()).await.expect("request");
        let mut answer = Vec::new();
        let _ = tokio::time::timeout(Duration::from_secs(5), s.read_to_end(&mut answer)).await;
        let text = String::from_utf8_lossy(&answer);
        let json = text.split("\r\n\r\n").nth(1).unwrap_or("{}");
        serde_json::from_str(json).unwrap_or(Value::Null)
    }

    #[tokio::test]
    async fn inline_queries_results_taps_and_edits() {
        let api = FakeApi::start().await.expect("start");
        let ann = TgUser::new(7, "Ann", "en");
        let q = api.inline_query(&ann, "diagonal", "private");
        let kb = json!({ "inline_keyboard": [[{ "text": "Accept", "callback_data": "a" }]] });
        let article = json!({
            "type": "article", "id": "tok1", "title": "Diagonal",
            "input_message_content": { "message_text": "Ann wants to play" },
            "reply_markup": kb,
        });
        // Duplicate ids are refused; a good answer is kept, once.
        let dup = call(
            &api,
            "answerInlineQuery",
            json!({ "inline_query_id": q, "results": [article, article] }),
        )
        .await;
        assert_eq!(dup["ok"], json!(false), "{dup}");
        let ok = call(
            &api,
            "answerInlineQuery",
            json!({ "inline_query_id": q, "results": [article] }),
        )
        .await;
        assert_eq!(ok["ok"], json!(true), "{ok}");
        let again = call(
            &api,
            "answerInlineQuery",
            json!({ "inline_query_id": q, "results": [article] }),
        )
        .await;
        assert_eq!(
            again["ok"],
            json!(false),
            "a query is answered once: {again}"
        );
        assert!(api.inline_answer(&q).is_some());

        // Posted via the bot; a tap carries the inline message's id and no chat.
        let id = api.choose_inline_result(&q, "tok1").expect("posted");
        let m = api.inline_message(&id).expect("stored");
        assert_eq!(m.json["text"], json!("Ann wants to play"));
        assert_eq!(
            keyboard_buttons(m.json.get("reply_markup")),
            vec![("Accept".into(), "a".into())]
        );
        api.tap_inline(&ann, &id, "a");
        {
            let g = lock(&api.shared);
            let update: Value =
                serde_json::from_str(&g.updates.back().expect("a tap").json).expect("json");
            assert_eq!(update["callback_query"]["inline_message_id"], json!(id));
            assert!(update["callback_query"].get("message").is_none());
        }

        // Edits by inline_message_id answer `true`; a new upload is refused, a known file
        // id or a URL is taken.
        let edited = call(
            &api,
            "editMessageText",
            json!({ "inline_message_id": id, "text": "Game on" }),
        )
        .await;
        assert_eq!(edited["result"], json!(true), "{edited}");
        assert_eq!(
            api.inline_message(&id).expect("stored").json["text"],
            json!("Game on")
        );
        let upload = call(
            &api,
            "editMessageMedia",
            json!({ "inline_message_id": id, "media": { "type": "photo", "media": "attach://p" } }),
        )
        .await;
        assert_eq!(upload["ok"], json!(false), "{upload}");
        let fid = {
            let mut g = lock(&api.shared);
            new_file(&mut g, b"png")
        };
        let by_id = call(&api, "editMessageMedia", json!({ "inline_message_id": id, "media": { "type": "photo", "media": fid, "caption": "Move 1" } })).await;
        assert_eq!(by_id["result"], json!(true), "{by_id}");
        let m = api.inline_message(&id).expect("stored");
        assert_eq!(m.media.as_deref(), Some(&b"png"[..]));
        assert_eq!(m.json["caption"], json!("Move 1"));
        let by_url = call(&api, "editMessageMedia", json!({ "inline_message_id": id, "media": { "type": "photo", "media": "https://example.org/b.png" } })).await;
        assert_eq!(by_url["result"], json!(true), "{by_url}");
        let unknown = call(
            &api,
            "editMessageText",
            json!({ "inline_message_id": "nope", "text": "x" }),
        )
        .await;
        assert_eq!(unknown["ok"], json!(false), "{unknown}");
    }

    #[tokio::test]
    async fn a_request_whose_body_broke_off_is_not_acted_on() {
        let api = FakeApi::start().await.expect("start");
        // Cut inside the file: the fields read so far must not become a call.
        raw_send_photo(&api, Some(300)).await;
        tokio::time::sleep(Duration::from_millis(100)).await;
        assert!(api.calls().is_empty(), "{:?}", api.calls());
        assert!(api.message(42, 1).is_none());
        // The same request whole is a call and a message (so the cut made the difference).
        raw_send_photo(&api, None).await;
        let calls = api.calls();
        assert_eq!(calls.len(), 1);
        assert!(calls[0].is("sendPhoto") && calls[0].response.is_ok());
        assert_eq!(calls[0].upload().map(<[u8]>::len), Some(4096));
        assert!(api.message(42, 1).is_some());
    }
}
