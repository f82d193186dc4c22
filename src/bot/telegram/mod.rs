//! Outgoing Telegram calls: pacing within Telegram's rate limits, and retries that honour
//! `RetryAfter` and survive transient server and network errors.
//!
//! Telegram's limits are windows with bursts, not fixed gaps: about one message a second
//! in a chat (short bursts tolerated), at most 20 new messages a minute in a group, about
//! 30 a second overall. Each is kept here as "at most N calls in any span of W", so a quiet
//! chat gets its burst at once and a busy one is spread out. Callback answers are not
//! messages in a chat and pass unpaced (see [`call_unpaced`]); the only authoritative
//! signal is a 429, which freezes the chat it came from for its `retry_after`.

use crate::game::{ChatId, MessageId};
use std::collections::{HashMap, HashSet, VecDeque};
use std::future::Future;
use std::str::FromStr;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;
use teloxide::requests::{Output, Payload, Request};
use teloxide::{ApiError, RequestError};
use tokio::time::Instant;

/// At most `calls` calls in any span of `per`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Window {
    /// Calls allowed in one span.
    pub calls: u32,
    /// The span.
    pub per: Duration,
}

impl Window {
    /// `calls` in any `per`.
    pub const fn new(calls: u32, per: Duration) -> Window {
        Window { calls, per }
    }
}

impl std::fmt::Display for Window {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let ms = self.per.as_millis();
        if ms.is_multiple_of(1000) {
            write!(f, "{}/{}s", self.calls, ms / 1000)
        } else {
            write!(f, "{}/{}ms", self.calls, ms)
        }
    }
}

/// A window written as `CALLS/SPAN`, the span in `s` or `ms` (`20/60s`, `3/3s`, `30/1000ms`).
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("a rate window is written CALLS/SPAN, e.g. 20/60s or 30/1000ms: {0:?}")]
pub struct BadWindow(pub String);

impl FromStr for Window {
    type Err = BadWindow;
    fn from_str(s: &str) -> Result<Window, BadWindow> {
        let bad = || BadWindow(s.to_string());
        let (n, span) = s.trim().split_once('/').ok_or_else(bad)?;
        let calls: u32 = n.trim().parse().map_err(|_| bad())?;
        let span = span.trim();
        let per = if let Some(ms) = span.strip_suffix("ms") {
            Duration::from_millis(ms.trim().parse().map_err(|_| bad())?)
        } else if let Some(s) = span.strip_suffix('s') {
            Duration::from_secs(s.trim().parse().map_err(|_| bad())?)
        } else {
            return Err(bad());
        };
        if calls == 0 || per.is_zero() {
            return Err(bad());
        }
        Ok(Window { calls, per })
    }
}

/// The limits the bot keeps to (see the module documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PaceLimits {
    /// Every call into one chat, private or group (messages and edits).
    pub chat: Window,
    /// New messages in one group.
    pub group_sends: Window,
    /// Messages and edits over all chats.
    pub global: Window,
}

impl Default for PaceLimits {
    fn default() -> Self {
        PaceLimits {
            chat: Window::new(3, Duration::from_secs(3)),
            // One under Telegram's 20 a minute and 30 a second, and every span counted
            // [`JITTER`] longer: the bot's clock and Telegram's differ by the network's
            // jitter.
            group_sends: Window::new(19, Duration::from_secs(60)),
            global: Window::new(29, Duration::from_secs(1)),
        }
    }
}

/// Whether a call posts a new message (counted against a group's 20 a minute) or edits one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// `sendMessage`, `sendPhoto`, `sendDocument`, ...
    Send,
    /// `editMessage*`, `deleteMessage`.
    Edit,
}

/// How much longer than its window's span a call is counted. A call is counted when it
/// leaves the bot but Telegram counts it when it arrives, and calls of one burst arrive
/// spread over some milliseconds (a picture upload takes longer than a keyboard edit):
/// without the margin the first call of the next burst, counted exactly one span after
/// the last burst's first, could reach Telegram within the span of the last burst's
/// later calls.
pub const JITTER: Duration = Duration::from_millis(100);

/// The calls made in one window's span (times in order).
#[derive(Debug, Default)]
struct Log(VecDeque<Instant>);

impl Log {
    /// The earliest time from `now` at which one more call keeps within `w`.
    fn next_slot(&self, w: Window, now: Instant) -> Instant {
        let n = w.calls as usize;
        if self.0.len() < n {
            return now;
        }
        let oldest = self.0[self.0.len() - n];
        now.max(oldest + w.per + JITTER)
    }

    /// Record a call at `at`, forgetting those that no longer count in `w`.
    fn push(&mut self, at: Instant, w: Window) {
        while self.0.len() >= w.calls as usize
            || self
                .0
                .front()
                .is_some_and(|t| at.saturating_duration_since(*t) >= w.per + JITTER)
        {
            if self.0.pop_front().is_none() {
                break;
            }
        }
        self.0.push_back(at);
    }

    fn idle(&self, now: Instant, w: Window) -> bool {
        self.0
            .back()
            .is_none_or(|t| now.saturating_duration_since(*t) >= w.per + JITTER)
    }
}

#[derive(Debug, Default)]
struct ChatPace {
    calls: Log,
    sends: Log,
    frozen_until: Option<Instant>,
}

#[derive(Debug)]
struct PaceState {
    chats: HashMap<i64, ChatPace>,
    global: Log,
    frozen_until: Option<Instant>,
}

/// What the pacer has seen since the bot started (logged at stop, served as metrics).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PaceStats {
    /// 429 answers received.
    pub too_many_requests: u64,
    /// Calls that failed with a 5xx or a network error (each retried).
    pub transient_errors: u64,
    /// Calls that had to wait for a slot.
    pub waited: u64,
    /// Their total wait, in milliseconds.
    pub waited_ms: u64,
}

/// What a call into a chat learnt about that chat, for the bot to act on (see
/// [`Pacer::subscribe`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChatEvent {
    /// Telegram refused the bot the chat (removed from the group, blocked by the person,
    /// the chat gone): nothing more is sent there until it is written to again.
    Unreachable(i64),
    /// The group became a supergroup with the id `to` (a call into it failed naming it).
    Moved {
        /// The group's old id.
        from: i64,
        /// The supergroup's.
        to: i64,
    },
}

/// Keeps calls within [`PaceLimits`] per chat and overall, and freezes a chat that drew a
/// 429. Off (`None` limits) only for raw-throughput benchmarks; 429s are honoured either way.
/// It also keeps the chats the bot cannot write to (a call to one fails at once, without
/// reaching Telegram) and tells the bot what calls learn about their chats.
#[derive(Debug)]
pub struct Pacer {
    limits: Option<PaceLimits>,
    state: Mutex<PaceState>,
    too_many: AtomicU64,
    transient: AtomicU64,
    waited: AtomicU64,
    waited_ms: AtomicU64,
    unreachable: Mutex<HashSet<i64>>,
    events: Mutex<Option<tokio::sync::mpsc::UnboundedSender<ChatEvent>>>,
}

/// Chats remembered before idle ones are forgotten.
const CHATS_KEPT: usize = 10_000;

impl Pacer {
    /// A pacer with `limits`, or none at all.
    pub fn new(limits: Option<PaceLimits>) -> Pacer {
        Pacer {
            limits,
            state: Mutex::new(PaceState {
                chats: HashMap::new(),
                global: Log::default(),
                frozen_until: None,
            }),
            too_many: AtomicU64::new(0),
            transient: AtomicU64::new(0),
            waited: AtomicU64::new(0),
            waited_ms: AtomicU64::new(0),
            unreachable: Mutex::new(HashSet::new()),
            events: Mutex::new(None),
        }
    }

    /// The events calls report from now on (one receiver: a later call replaces it).
    pub fn subscribe(&self) -> tokio::sync::mpsc::UnboundedReceiver<ChatEvent> {
        let (tx, rx) = tokio::sync::mpsc::unbounded_channel();
        *self.events.lock().unwrap_or_else(|e| e.into_inner()) = Some(tx);
        rx
    }

    fn report(&self, event: ChatEvent) {
        if let Some(tx) = &*self.events.lock().unwrap_or_else(|e| e.into_inner()) {
            let _ = tx.send(event);
        }
    }

    /// Whether the bot cannot write to `chat` (see [`Pacer::set_unreachable`]).
    pub fn is_unreachable(&self, chat: i64) -> bool {
        self.unreachable
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .contains(&chat)
    }

    /// Mark `chat` as one the bot cannot write to (`false`: it can again); true if that
    /// changed anything. Calls into an unreachable chat fail at once with
    /// [`not_sent`]'s error.
    pub fn set_unreachable(&self, chat: i64, unreachable: bool) -> bool {
        let mut g = self.unreachable.lock().unwrap_or_else(|e| e.into_inner());
        if unreachable {
            g.insert(chat)
        } else {
            g.remove(&chat)
        }
    }

    /// Counters since start.
    pub fn stats(&self) -> PaceStats {
        PaceStats {
            too_many_requests: self.too_many.load(Ordering::Relaxed),
            transient_errors: self.transient.load(Ordering::Relaxed),
            waited: self.waited.load(Ordering::Relaxed),
            waited_ms: self.waited_ms.load(Ordering::Relaxed),
        }
    }

    /// When a call of `kind` to `chat` could go if asked now (now, if at once); nothing is
    /// counted. Calls asked meanwhile may take that slot: it is an estimate.
    pub fn eta(&self, chat: i64, kind: Kind) -> Instant {
        let now = Instant::now();
        let g = self.state.lock().unwrap_or_else(|e| e.into_inner());
        let mut at = g.frozen_until.unwrap_or(now).max(now);
        let c = g.chats.get(&chat);
        if let Some(f) = c.and_then(|c| c.frozen_until) {
            at = at.max(f);
        }
        let Some(l) = self.limits else { return at };
        at = at.max(g.global.next_slot(l.global, now));
        if let Some(c) = c {
            at = at.max(c.calls.next_slot(l.chat, now));
            if chat < 0 && kind == Kind::Send {
                at = at.max(c.sends.next_slot(l.group_sends, now));
            }
        }
        at
    }

    /// When a call of `kind` to `chat` may go, or `None` if it may go now (then it is
    /// counted as made now).
    fn try_take(&self, chat: i64, kind: Kind) -> Option<Instant> {
        let now = Instant::now();
        let mut g = self.state.lock().unwrap_or_else(|e| e.into_inner());
        let global_frozen = g.frozen_until.filter(|t| *t > now);
        let Some(l) = self.limits else {
            // Unpaced: only a 429's freeze holds a call back.
            let c = g
                .chats
                .get(&chat)
                .and_then(|c| c.frozen_until)
                .filter(|t| *t > now);
            return match (c, global_frozen) {
                (None, None) => None,
                (a, b) => a.max(b),
            };
        };
        if g.chats.len() > CHATS_KEPT {
            g.chats.retain(|_, c| {
                !c.calls.idle(now, l.chat)
                    || !c.sends.idle(now, l.group_sends)
                    || c.frozen_until.is_some_and(|t| t > now)
            });
        }
        let group_send = chat < 0 && kind == Kind::Send;
        let c = g.chats.entry(chat).or_default();
        let mut at = c.calls.next_slot(l.chat, now);
        if group_send {
            at = at.max(c.sends.next_slot(l.group_sends, now));
        }
        if let Some(f) = c.frozen_until.filter(|t| *t > now) {
            at = at.max(f);
        }
        if at > now {
            return Some(at);
        }
        let mut at = g.global.next_slot(l.global, now);
        if let Some(f) = global_frozen {
            at = at.max(f);
        }
        if at > now {
            return Some(at);
        }
        g.global.push(now, l.global);
        let c = g.chats.entry(chat).or_default();
        c.calls.push(now, l.chat);
        if group_send {
            c.sends.push(now, l.group_sends);
        }
        None
    }

    /// Wait until a call of `kind` to `chat` keeps within the limits, and count it.
    pub async fn wait(&self, chat: i64, kind: Kind) {
        let start = Instant::now();
        let mut waited = false;
        while let Some(at) = self.try_take(chat, kind) {
            waited = true;
            tokio::time::sleep_until(at).await;
        }
        if waited {
            self.waited.fetch_add(1, Ordering::Relaxed);
            self.waited_ms
                .fetch_add(start.elapsed().as_millis() as u64, Ordering::Relaxed);
        }
    }

    /// Wait until a call of `kind` to `chat` could go, without taking its slot (the caller
    /// prepares the call, then takes the slot with [`Pacer::wait`] or [`call`]).
    pub async fn until_free(&self, chat: i64, kind: Kind) {
        loop {
            let at = self.eta(chat, kind);
            if at <= Instant::now() {
                return;
            }
            tokio::time::sleep_until(at).await;
        }
    }

    /// Telegram answered a call to `chat` with 429: hold that chat's calls (every call, for
    /// `chat` 0: a call that belongs to no chat) for `retry_after`.
    pub fn too_many_requests(&self, chat: i64, retry_after: Duration) {
        self.too_many.fetch_add(1, Ordering::Relaxed);
        let until = Instant::now() + retry_after;
        let mut g = self.state.lock().unwrap_or_else(|e| e.into_inner());
        let slot = if chat == 0 {
            &mut g.frozen_until
        } else {
            &mut g.chats.entry(chat).or_default().frozen_until
        };
        *slot = Some(slot.map_or(until, |t| t.max(until)));
    }

    /// Whether calls to `chat` are held by a 429 now.
    pub fn frozen(&self, chat: i64) -> bool {
        let now = Instant::now();
        let g = self.state.lock().unwrap_or_else(|e| e.into_inner());
        g.frozen_until.is_some_and(|t| t > now)
            || g.chats
                .get(&chat)
                .and_then(|c| c.frozen_until)
                .is_some_and(|t| t > now)
    }
}

/// Whether an error is worth retrying (the request may not have reached Telegram, or
/// Telegram failed on its side).
pub fn transient(e: &RequestError) -> bool {
    match e {
        RequestError::Network(_) | RequestError::Io(_) | RequestError::InvalidJson { .. } => true,
        RequestError::Api(ApiError::Unknown(d)) => {
            let d = d.to_ascii_lowercase();
            d.contains("internal server error")
                || d.contains("bad gateway")
                || d.contains("service unavailable")
                || d.contains("gateway timeout")
                || d.contains("too many requests")
        }
        _ => false,
    }
}

/// What a call's attempt came to, as a metrics label: `ok`, `429`, `network`, `5xx` (any
/// other failure worth retrying) or `error` (a refusal).
pub fn outcome<T>(r: &Result<T, RequestError>) -> &'static str {
    match r {
        Ok(_) => "ok",
        Err(RequestError::RetryAfter(_)) => "429",
        Err(RequestError::Api(ApiError::Unknown(d)))
            if d.to_ascii_lowercase().contains("too many requests") =>
        {
            "429"
        }
        Err(RequestError::Network(_) | RequestError::Io(_)) => "network",
        Err(e) if transient(e) => "5xx",
        Err(e) if forbidden(e) => "forbidden",
        Err(_) => "error",
    }
}

/// Whether Telegram says the edit changed nothing (a normal event: ignore it).
pub fn not_modified(e: &RequestError) -> bool {
    matches!(e, RequestError::Api(ApiError::MessageNotModified))
}

/// Whether Telegram refuses the bot a private chat: the person never started the bot,
/// blocked it, or is gone. (Telegram now says "Forbidden", where teloxide still expects
/// "Unauthorized", so the text is matched too.)
pub fn cannot_write_privately(e: &RequestError) -> bool {
    match e {
        RequestError::Api(
            ApiError::CantInitiateConversation | ApiError::BotBlocked | ApiError::UserDeactivated,
        ) => true,
        RequestError::Api(ApiError::Unknown(m)) => {
            m.contains("can't initiate conversation") || m == NOT_SENT
        }
        _ => false,
    }
}

/// The error of a call into a chat the bot knows it cannot write to: it is not made.
const NOT_SENT: &str = "Forbidden: the bot cannot write to this chat (not sent)";

/// The error a call into an unreachable chat fails with, at once (see
/// [`Pacer::set_unreachable`]).
pub fn not_sent() -> RequestError {
    RequestError::Api(ApiError::Unknown(NOT_SENT.into()))
}

/// Whether Telegram refuses the bot the chat for good (until someone acts): the bot was
/// removed from the group or channel, or may post nothing there; the person blocked it,
/// never started it, or deleted their account; the chat is gone. Telegram writes most of
/// these as "Forbidden: ..." (403), which teloxide knows only partly, so the text is
/// matched too. A refusal of one kind of message only (a group that takes no pictures or
/// animations) is not one of these: that call fails, the chat stays open.
pub fn forbidden(e: &RequestError) -> bool {
    match e {
        RequestError::Api(
            ApiError::BotBlocked
            | ApiError::BotKicked
            | ApiError::BotKickedFromSupergroup
            | ApiError::BotKickedFromChannel
            | ApiError::UserDeactivated
            | ApiError::CantInitiateConversation
            | ApiError::CantTalkWithBots
            | ApiError::ChatNotFound
            | ApiError::GroupDeactivated
            | ApiError::NotEnoughRightsToPostMessages,
        ) => true,
        RequestError::Api(ApiError::Unknown(m)) => {
            let m = m.to_ascii_lowercase();
            let membership = (m.starts_with("forbidden") || m.starts_with("unauthorized: bot"))
                && !m.contains("rights");
            membership
                || m.contains("not enough rights to send text messages")
                || m.contains("have no rights to send a message")
        }
        _ => false,
    }
}

/// Whether `lane` is a Telegram chat (not 0, a call that belongs to no chat, nor an inline
/// message's lane: see `outbox::inline_lane`). Chat ids have at most 52 significant bits.
fn is_chat(lane: i64) -> bool {
    lane != 0 && lane.unsigned_abs() < 1 << 53
}

/// Whether the message to edit is gone (post the board anew).
pub fn gone(e: &RequestError) -> bool {
    matches!(
        e,
        RequestError::Api(ApiError::MessageToEditNotFound)
            | RequestError::Api(ApiError::MessageIdInvalid)
            | RequestError::Api(ApiError::MessageCantBeEdited)
    )
}

/// Taps answered after a call made on their behalf: a tap's spinner must stop before
/// anything it causes is sent (docs/PACING.md). Counted (the `ugolki_taps_answered_late`
/// metric), logged as a bug, and kept for the tests, which fail on any.
#[derive(Debug, Default)]
pub struct TapOrder {
    late: Mutex<Vec<String>>,
}

impl TapOrder {
    fn record(&self, what: String) {
        tracing::error!(what, "a tap was answered after a call it caused");
        metrics::counter!(crate::bot::metrics::TAPS_ANSWERED_LATE).increment(1);
        let mut late = self.late.lock().unwrap_or_else(|e| e.into_inner());
        if late.len() < 100 {
            late.push(what);
        }
    }

    /// What was done before its tap's answer, so far.
    pub fn late(&self) -> Vec<String> {
        self.late.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }
}

/// The tap a handler is answering, for as long as it runs: whether it has been answered,
/// what it is (for the report) and where a late answer is recorded.
#[derive(Debug)]
pub struct TapCause {
    answered: std::sync::atomic::AtomicBool,
    what: String,
    order: std::sync::Arc<TapOrder>,
}

impl TapCause {
    /// A tap described by `what` (its button's data), reported to `order`.
    pub fn new(what: String, order: std::sync::Arc<TapOrder>) -> TapCause {
        TapCause {
            answered: std::sync::atomic::AtomicBool::new(false),
            what,
            order,
        }
    }

    /// The tap is being answered: from now on its handler may cause calls.
    pub fn answering(&self) {
        self.answered.store(true, Ordering::SeqCst);
    }
}

tokio::task_local! {
    static CAUSE: std::sync::Arc<TapCause>;
}

/// Run a tap's handler `f`: every call it makes, and every view update it asks for, is
/// checked against its answer ([`check_answered`]).
pub async fn on_behalf_of<F: Future>(cause: std::sync::Arc<TapCause>, f: F) -> F::Output {
    CAUSE.scope(cause, f).await
}

/// What a handler may ask Telegram before it answers a tap: questions whose answer decides
/// the tap's (is the tapper an admin?), which change nothing anyone sees.
const ASKS: [&str; 3] = ["GetChatMember", "GetChatAdministrators", "GetMe"];

/// `what` is about to happen on behalf of the tap being handled, if any: it must have been
/// answered already.
pub fn check_answered(what: &str) {
    if ASKS.contains(&what) {
        return;
    }
    let _ = CAUSE.try_with(|c| {
        if !c.answered.load(Ordering::SeqCst) {
            c.order.record(format!("{}: {what}", c.what));
        }
    });
}

/// Run the Telegram request `f` builds, of `kind` to `chat`, within the limits, with
/// retries: a 429 freezes the chat for its `retry_after` and the call waits it out (up to
/// 5 times); transient failures back off and retry (up to 3 times). Every attempt is
/// counted by method and outcome ([`crate::bot::metrics`]).
pub async fn call<R, F>(
    pacer: &Pacer,
    chat: i64,
    kind: Kind,
    mut f: F,
) -> Result<Output<R>, RequestError>
where
    F: FnMut() -> R,
    R: Request<Err = RequestError>,
{
    check_answered(method_of::<R>());
    retried(pacer, chat, Mode::Paced(kind), method_of::<R>(), || {
        f().send()
    })
    .await
}

/// Run `answerCallbackQuery` (or another call that is no message in a chat) at once: it
/// is not under the per-chat limits, and the client shows a spinner until it arrives. Only
/// a 429 for the whole bot holds it back.
pub async fn call_unpaced<R, F>(pacer: &Pacer, mut f: F) -> Result<Output<R>, RequestError>
where
    F: FnMut() -> R,
    R: Request<Err = RequestError>,
{
    check_answered(method_of::<R>());
    retried(pacer, 0, Mode::Unpaced, method_of::<R>(), || f().send()).await
}

/// The Bot API method a request calls, as teloxide names it (`SendPhoto`, ...).
fn method_of<R: Request>() -> &'static str {
    <R::Payload as Payload>::NAME
}

#[derive(Clone, Copy)]
enum Mode {
    Paced(Kind),
    Unpaced,
}

async fn retried<T, F, Fut>(
    pacer: &Pacer,
    chat: i64,
    mode: Mode,
    method: &'static str,
    mut f: F,
) -> Result<T, RequestError>
where
    F: FnMut() -> Fut,
    Fut: Future<Output = Result<T, RequestError>>,
{
    let mut waits = 0;
    let mut failures = 0;
    let into_chat = matches!(mode, Mode::Paced(_)) && is_chat(chat);
    if into_chat && pacer.is_unreachable(chat) {
        crate::bot::metrics::telegram_call(method, "not_sent", Duration::ZERO);
        return Err(not_sent());
    }
    loop {
        match mode {
            Mode::Paced(kind) => pacer.wait(chat, kind).await,
            Mode::Unpaced => {
                while pacer.frozen(0) {
                    tokio::time::sleep(Duration::from_millis(50)).await;
                }
            }
        }
        let started = std::time::Instant::now();
        let r = f().await;
        crate::bot::metrics::telegram_call(method, outcome(&r), started.elapsed());
        match r {
            Ok(t) => return Ok(t),
            Err(RequestError::RetryAfter(s)) if waits < 5 => {
                waits += 1;
                tracing::warn!(chat, secs = s.seconds(), "Telegram asks to retry later");
                let frozen = if matches!(mode, Mode::Unpaced) {
                    0
                } else {
                    chat
                };
                pacer.too_many_requests(frozen, s.duration());
                if matches!(mode, Mode::Unpaced) {
                    tokio::time::sleep(s.duration()).await;
                }
            }
            Err(e) if into_chat && forbidden(&e) => {
                if pacer.set_unreachable(chat, true) {
                    tracing::info!(chat, error = %e, "the bot cannot write to this chat: its games pause");
                    pacer.report(ChatEvent::Unreachable(chat));
                }
                return Err(e);
            }
            Err(RequestError::MigrateToChatId(to)) if into_chat => {
                // The old group is gone for good: every later call into it (a board edit
                // right behind a notice) fails here at once instead of reaching Telegram,
                // while the games move to the supergroup and post their boards there.
                pacer.set_unreachable(chat, true);
                pacer.report(ChatEvent::Moved {
                    from: chat,
                    to: to.0,
                });
                return Err(RequestError::MigrateToChatId(to));
            }
            Err(e) if transient(&e) && failures < 3 => {
                failures += 1;
                pacer.transient.fetch_add(1, Ordering::Relaxed);
                tracing::warn!(chat, error = %e, attempt = failures, "transient Telegram error, retrying");
                tokio::time::sleep(Duration::from_millis(100 << failures)).await;
            }
            Err(e) => return Err(e),
        }
    }
}

/// `call`, one attempt of Bot API `method` made outside [`call`] and [`direct`], counted in
/// the metrics like every other attempt.
pub async fn counted<T>(
    method: &'static str,
    call: impl Future<Output = Result<T, RequestError>>,
) -> Result<T, RequestError> {
    let started = std::time::Instant::now();
    let r = call.await;
    crate::bot::metrics::telegram_call(method, outcome(&r), started.elapsed());
    r
}

/// Call a Bot API method with JSON over the bot's own HTTP client, outside teloxide's
/// request path, whose release sleeps 10 s after every 5xx answer before returning it
/// (the copy in vendor/teloxide-core does not): a long poll must never leave the bot deaf
/// that long after a failed poll, whichever teloxide is built. The answer is read as
/// teloxide reads it (result, or description and parameters). For JSON methods only (no
/// uploads).
pub async fn direct<P>(bot: &teloxide::Bot, payload: &P) -> Result<P::Output, RequestError>
where
    P: Payload + serde::Serialize,
    P::Output: serde::de::DeserializeOwned,
{
    let invalid = |e: serde_json::Error| RequestError::InvalidJson {
        source: std::sync::Arc::new(e),
        raw: "".into(),
    };
    let mut url = bot.api_url();
    url.path_segments_mut()
        .map_err(|()| RequestError::Api(ApiError::Unknown("the API URL has no path".into())))?
        .push(&format!("bot{}", bot.token()))
        .push(P::NAME);
    let body = serde_json::to_vec(payload).map_err(invalid)?;
    let started = std::time::Instant::now();
    let r = async {
        let response = bot
            .client()
            .post(url)
            .header("content-type", "application/json")
            .body(body)
            .send()
            .await?;
        response.text().await
    }
    .await
    .map_err(RequestError::from);
    let r = r.and_then(|text| answer::<P::Output>(&text));
    crate::bot::metrics::telegram_call(P::NAME, outcome(&r), started.elapsed());
    r
}

/// A Bot API answer read as teloxide reads it.
fn answer<R: serde::de::DeserializeOwned>(text: &str) -> Result<R, RequestError> {
    #[derive(serde::Deserialize)]
    struct Answer<R> {
        ok: bool,
        result: Option<R>,
        description: Option<String>,
        parameters: Option<teloxide::types::ResponseParameters>,
    }
    let invalid = |e: serde_json::Error| RequestError::InvalidJson {
        source: std::sync::Arc::new(e),
        raw: text.into(),
    };
    let a: Answer<R> = serde_json::from_str(text).map_err(invalid)?;
    match (a.ok, a.result, a.parameters) {
        (true, Some(r), _) => Ok(r),
        (_, _, Some(teloxide::types::ResponseParameters::RetryAfter(s))) => {
            Err(RequestError::RetryAfter(s))
        }
        (_, _, Some(teloxide::types::ResponseParameters::MigrateToChatId(to))) => {
            Err(RequestError::MigrateToChatId(to))
        }
        _ => {
            let d = serde_json::Value::String(a.description.unwrap_or_default());
            let e: ApiError = serde_json::from_value(d).map_err(invalid)?;
            Err(RequestError::Api(e))
        }
    }
}

/// A link to a message in a supergroup (`t.me/c/…`; its members can open it). Basic
/// groups and private chats have no message links.
pub fn message_link(chat: ChatId, message: MessageId) -> Option<String> {
    const SUPERGROUP: i64 = -1_000_000_000_000;
    (chat.0 < SUPERGROUP).then(|| format!("https://t.me/c/{}/{}", SUPERGROUP - chat.0, message.0))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{ChatId, MessageId};

    #[test]
    fn only_supergroup_messages_have_links() {
        assert_eq!(
            message_link(ChatId(-1_001_234_567_890), MessageId(42)).as_deref(),
            Some("https://t.me/c/1234567890/42")
        );
        assert_eq!(message_link(ChatId(-1001), MessageId(42)), None);
        assert_eq!(message_link(ChatId(5), MessageId(42)), None);
    }

    fn limits() -> PaceLimits {
        PaceLimits::default()
    }

    fn secs(n: u64) -> Duration {
        Duration::from_secs(n)
    }

    #[test]
    fn a_chat_is_closed_by_membership_refusals_not_by_one_kind_of_message() {
        let unknown = |m: &str| RequestError::Api(ApiError::Unknown(m.into()));
        for closed in [
            unknown("Forbidden: bot was kicked from the group chat"),
            unknown("Forbidden: bot is not a member of the supergroup chat"),
            unknown("Forbidden: the group chat was deleted"),
            unknown("Bad Request: not enough rights to send text messages to the chat"),
            RequestError::Api(ApiError::BotBlocked),
            RequestError::Api(ApiError::BotKickedFromSupergroup),
            RequestError::Api(ApiError::ChatNotFound),
            not_sent(),
        ] {
            assert!(forbidden(&closed), "{closed:?}");
        }
        for open in [
            unknown("Bad Request: not enough rights to send animations to the chat"),
            unknown("Forbidden: not enough rights to send photos to the chat"),
            RequestError::Api(ApiError::MessageNotModified),
            RequestError::Api(ApiError::MessageToEditNotFound),
            unknown("Internal Server Error"),
        ] {
            assert!(!forbidden(&open), "{open:?}");
        }
        assert_eq!(outcome::<()>(&Err(not_sent())), "forbidden");
    }

    #[test]
    fn windows_are_read_and_written_as_calls_per_span() {
        assert_eq!(
            "20/60s".parse(),
            Ok(Window::new(20, Duration::from_secs(60)))
        );
        assert_eq!(
            " 30 / 1000ms ".parse(),
            Ok(Window::new(30, Duration::from_millis(1000)))
        );
        for bad in ["", "20", "20/60", "0/1s", "3/0s", "x/1s", "3/1m"] {
            assert!(bad.parse::<Window>().is_err(), "{bad:?}");
        }
        assert_eq!(
            Window::new(20, Duration::from_secs(60)).to_string(),
            "20/60s"
        );
        assert_eq!(
            Window::new(3, Duration::from_millis(1500)).to_string(),
            "3/1500ms"
        );
    }

    #[tokio::test(start_paused = true)]
    async fn a_quiet_chat_gets_its_burst_then_one_call_a_second() {
        let p = Pacer::new(Some(limits()));
        let t0 = Instant::now();
        for _ in 0..3 {
            p.wait(5, Kind::Edit).await;
        }
        assert_eq!(
            t0.elapsed(),
            Duration::ZERO,
            "a burst of three goes at once"
        );
        p.wait(5, Kind::Edit).await;
        assert_eq!(t0.elapsed(), secs(3) + JITTER);
        let t1 = Instant::now();
        p.wait(6, Kind::Edit).await;
        assert_eq!(t1.elapsed(), Duration::ZERO, "another chat is not delayed");
    }

    #[tokio::test(start_paused = true)]
    async fn waiting_for_a_free_slot_does_not_take_it() {
        let p = Pacer::new(Some(limits()));
        for _ in 0..3 {
            p.wait(5, Kind::Edit).await;
        }
        let t0 = Instant::now();
        let free = secs(3) + JITTER;
        p.until_free(5, Kind::Edit).await;
        assert_eq!(t0.elapsed(), free);
        // The slot it found is still there for the call itself ...
        p.wait(5, Kind::Edit).await;
        assert_eq!(t0.elapsed(), free);
        // ... and taken by it: two more fill the window again.
        p.wait(5, Kind::Edit).await;
        p.wait(5, Kind::Edit).await;
        assert_eq!(t0.elapsed(), free);
        p.until_free(5, Kind::Edit).await;
        assert_eq!(t0.elapsed(), free * 2);
    }

    #[tokio::test(start_paused = true)]
    async fn a_group_gets_nineteen_new_messages_a_minute() {
        let p = Pacer::new(Some(limits()));
        let t0 = Instant::now();
        let mut at = Vec::new();
        for _ in 0..20 {
            p.wait(-7, Kind::Send).await;
            at.push(t0.elapsed());
        }
        // Three at once, then three every three seconds (the chat window, each span
        // counted with the margin for jitter) ...
        let span = secs(3) + JITTER;
        assert_eq!(at[2], Duration::ZERO);
        assert_eq!(at[3], span);
        assert_eq!(at[18], span * 6);
        // ... and the 20th waits for the first to leave the minute.
        assert_eq!(at[19], secs(60) + JITTER);
        // Edits are not new messages: the group's minute does not hold them.
        let t1 = Instant::now();
        p.wait(-7, Kind::Edit).await;
        assert!(t1.elapsed() <= Duration::from_secs(3));
    }

    #[tokio::test(start_paused = true)]
    async fn twenty_nine_calls_a_second_overall() {
        let p = Pacer::new(Some(limits()));
        let t0 = Instant::now();
        for chat in 1..=30 {
            p.wait(chat, Kind::Send).await;
        }
        assert_eq!(t0.elapsed(), secs(1) + JITTER);
    }

    #[tokio::test(start_paused = true)]
    async fn a_429_freezes_its_chat_even_unpaced() {
        let p = Pacer::new(None);
        let t0 = Instant::now();
        for _ in 0..10 {
            p.wait(-1, Kind::Send).await;
        }
        assert_eq!(t0.elapsed(), Duration::ZERO, "unpaced");
        p.too_many_requests(-1, Duration::from_secs(4));
        p.wait(-2, Kind::Edit).await;
        assert_eq!(t0.elapsed(), Duration::ZERO, "other chats go on");
        p.wait(-1, Kind::Edit).await;
        assert_eq!(t0.elapsed(), Duration::from_secs(4));
        assert_eq!(p.stats().too_many_requests, 1);
    }

    #[tokio::test(start_paused = true)]
    async fn retries_after_retry_after() {
        let p = Pacer::new(None);
        let mut n = 0;
        let t0 = Instant::now();
        let r: Result<u32, RequestError> = retried(&p, 1, Mode::Paced(Kind::Edit), "test", || {
            n += 1;
            let k = n;
            async move {
                if k < 3 {
                    Err(RequestError::RetryAfter(
                        teloxide::types::Seconds::from_seconds(2),
                    ))
                } else {
                    Ok(k)
                }
            }
        })
        .await;
        assert_eq!(r.unwrap(), 3);
        assert_eq!(t0.elapsed(), Duration::from_secs(4));
        assert_eq!(p.stats().too_many_requests, 2);
        let r: Result<u32, RequestError> =
            retried(&p, 1, Mode::Paced(Kind::Edit), "test", || async {
                Err(RequestError::Api(ApiError::MessageNotModified))
            })
            .await;
        assert!(not_modified(&r.unwrap_err()));
    }

    #[tokio::test(start_paused = true)]
    async fn answers_pass_a_busy_chat() {
        let p = Pacer::new(Some(limits()));
        for _ in 0..3 {
            p.wait(9, Kind::Edit).await;
        }
        let t0 = Instant::now();
        let r: Result<(), RequestError> =
            retried(&p, 0, Mode::Unpaced, "test", || async { Ok(()) }).await;
        assert!(r.is_ok());
        assert_eq!(t0.elapsed(), Duration::ZERO);
    }
}

/// An answer whose content the bot does not use (an edited board message: the bot knows
/// what it sent). Skipping it saves building teloxide's `Message` (its keyboard, photo
/// sizes, nested enums) on every move; errors are still parsed by teloxide as usual.
#[derive(Clone, Copy, Debug)]
pub struct Ignored;

impl<'de> serde::Deserialize<'de> for Ignored {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_ignored_any(serde::de::IgnoredAny)
            .map(|_| Ignored)
    }
}

/// `editMessageMedia` answered as [`Ignored`]: the same request on the wire (the same
/// multipart form, built by teloxide from the inner payload).
#[derive(Clone, Debug, serde::Serialize)]
#[serde(transparent)]
pub struct EditMedia(pub teloxide::payloads::EditMessageMedia);

impl teloxide::requests::Payload for EditMedia {
    type Output = Ignored;
    const NAME: &'static str =
        <teloxide::payloads::EditMessageMedia as teloxide::requests::Payload>::NAME;
}

impl teloxide::requests::MultipartPayload for EditMedia {
    fn copy_files(&self, into: &mut dyn FnMut(teloxide::types::InputFile)) {
        self.0.copy_files(into)
    }

    fn move_files(&mut self, into: &mut dyn FnMut(teloxide::types::InputFile)) {
        self.0.move_files(into)
    }
}

/// `editMessageReplyMarkup` answered as [`Ignored`] (a selection on an 8×8 board).
#[derive(Clone, Debug, serde::Serialize)]
#[serde(transparent)]
pub struct EditMarkup(pub teloxide::payloads::EditMessageReplyMarkup);

impl teloxide::requests::Payload for EditMarkup {
    type Output = Ignored;
    const NAME: &'static str =
        <teloxide::payloads::EditMessageReplyMarkup as teloxide::requests::Payload>::NAME;
}
