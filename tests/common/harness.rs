//! Start the real bot in-process against the fake Bot API (MemoryStore), plus helpers to
//! find the bot's messages and buttons.

use serde_json::Value;
use std::sync::Arc;
use std::time::Duration;
pub use ugolki_bot::bot::testing::{Act, Callback, Setting};
use ugolki_bot::bot::{self, BotClock, BotConfig, TapOrder, Updates};
use ugolki_bot::engine::{Color, Square, VariantId};
use ugolki_bot::fakeapi::{Call, FakeApi, TelegramLimits, TgChat, TgUser};
use ugolki_bot::game::{ChatId, GameRecord, MemoryStore, MessageId, Millis, Storage, Timing};

pub const WAIT: Duration = Duration::from_secs(10);
/// The bot's picture size in these tests (small: fast to draw and to compare).
pub const BOARD_PX: u32 = 320;

pub struct Harness {
    pub api: FakeApi,
    pub store: Arc<dyn Storage>,
    task: tokio::task::JoinHandle<()>,
    /// The bot's own runtime, when it has one (see [`Harness::start_killable`]).
    runtime: Option<tokio::runtime::Runtime>,
    /// The bot's clock, kept across a restart (see [`Harness::advance_clock`]).
    pub clock: Arc<BotClock>,
    /// Taps the bot answered after a call they caused: every test fails on any.
    taps: Arc<TapOrder>,
}

impl Drop for Harness {
    fn drop(&mut self) {
        self.crash();
        // Every tap in every end-to-end test is answered before anything it causes.
        if !std::thread::panicking() {
            let late = self.taps.late();
            assert!(
                late.is_empty(),
                "taps answered after a call they caused: {late:#?}"
            );
        }
    }
}

pub fn config(api: &FakeApi, timing: Timing) -> BotConfig {
    BotConfig {
        token: "4242:TESTTOKEN".into(),
        api_url: Some(api.url()),
        updates: Updates::Polling,
        pacing: Some(ugolki_bot::bot::PaceLimits::default()),
        board_px: BOARD_PX,
        auto_move_level: 1,
        actions_per_minute: 0,
        actions_window: ugolki_bot::bot::ACTIONS_WINDOW,
        timing,
        ai_threads: 1,
        metrics_listen: None,
        unhealthy_after: ugolki_bot::bot::UNHEALTHY_AFTER,
        media_chats: Vec::new(),
        sweep_every: ugolki_bot::bot::RETENTION_EVERY,
        clock: Arc::default(),
        taps: Arc::default(),
        webapp: None,
    }
}

impl Harness {
    pub async fn start() -> Harness {
        Self::start_with(Timing::default()).await
    }

    pub async fn start_with(timing: Timing) -> Harness {
        Self::start_on(Arc::new(MemoryStore::new()), timing).await
    }

    /// Start the bot over `store` (e.g. a store that can be made to fail).
    pub async fn start_on(store: Arc<dyn Storage>, timing: Timing) -> Harness {
        let api = FakeApi::start().await.expect("fake api");
        Self::start_with_api(api, store, timing).await
    }

    /// Start the bot against `api`, prepared beforehand (e.g. with faults for its first
    /// calls).
    pub async fn start_with_api(api: FakeApi, store: Arc<dyn Storage>, timing: Timing) -> Harness {
        let cfg = config(&api, timing);
        Self::start_with_config(api, store, cfg).await
    }

    /// Start the bot with `cfg` (from [`config`], changed) against `api`.
    pub async fn start_with_config(
        api: FakeApi,
        store: Arc<dyn Storage>,
        cfg: BotConfig,
    ) -> Harness {
        // Telegram's limits, as Telegram enforces them: the bot paces itself within them.
        api.set_limits(Some(TelegramLimits::default()));
        let s = store.clone();
        let clock = cfg.clock.clone();
        let taps = cfg.taps.clone();
        let task = tokio::spawn(async move {
            if let Err(e) = bot::run(cfg, s).await {
                panic!("bot stopped: {e}");
            }
        });
        let h = Harness {
            api,
            store,
            task,
            runtime: None,
            clock,
            taps,
        };
        // Ready once it has registered its commands (a generous wait: teloxide pauses 10 s
        // after a 5xx answer, which tests with faulted start-ups inject).
        h.api
            .wait_for(0, WAIT * 3, |c| c.is("SetMyCommands"))
            .await
            .expect("bot started");
        h
    }

    /// Start the bot in a runtime of its own, so that [`Harness::crash`] stops all of it
    /// at once, its timer and senders included, as a kill -9 would.
    pub async fn start_killable(timing: Timing) -> Harness {
        let api = FakeApi::start().await.expect("fake api");
        api.set_limits(Some(TelegramLimits::default()));
        let store: Arc<dyn Storage> = Arc::new(MemoryStore::new());
        let clock: Arc<BotClock> = Arc::default();
        let taps: Arc<TapOrder> = Arc::default();
        let (task, runtime) = spawn_own(&api, store.clone(), timing, clock.clone(), taps.clone());
        let h = Harness {
            api,
            store,
            task,
            runtime: Some(runtime),
            clock,
            taps,
        };
        h.api
            .wait_for(0, WAIT * 3, |c| c.is("SetMyCommands"))
            .await
            .expect("bot started");
        h
    }

    /// Move the bot's clock `by` ahead (days of a correspondence game in no time); its
    /// timer looks at its deadlines again at once.
    pub fn advance_clock(&self, by: Millis) {
        self.clock.advance(by);
    }

    /// Stop the bot at once, whatever it was doing (the store and the fake stay).
    pub fn crash(&mut self) {
        self.task.abort();
        if let Some(rt) = self.runtime.take() {
            rt.shutdown_background();
        }
    }

    /// After [`Harness::crash`], start the bot again on the same store and fake.
    pub async fn restart(&mut self, timing: Timing) {
        let c0 = self.cursor();
        let (task, runtime) = spawn_own(
            &self.api,
            self.store.clone(),
            timing,
            self.clock.clone(),
            self.taps.clone(),
        );
        (self.task, self.runtime) = (task, Some(runtime));
        self.api
            .wait_for(c0, WAIT * 3, |c| c.is("SetMyCommands"))
            .await
            .expect("bot restarted");
    }

    /// Wait for a call matching `pred` after cursor `from`.
    pub async fn expect(&self, from: u64, what: &str, pred: impl Fn(&Call) -> bool) -> Call {
        match self.api.wait_for(from, WAIT, pred).await {
            Some(c) => c,
            None => {
                let calls: Vec<String> = self
                    .api
                    .calls_since(from)
                    .iter()
                    .map(|c| format!("{} {}", c.method, c.params))
                    .collect();
                panic!("expected {what}; calls since {from}:\n{}", calls.join("\n"));
            }
        }
    }

    /// Wait for a message into a group matching `pred` after cursor `from`: a group takes
    /// 20 new messages a minute, so a reply after a busy stretch may wait up to a minute
    /// for its turn.
    pub async fn expect_in_group(
        &self,
        from: u64,
        what: &str,
        pred: impl Fn(&Call) -> bool,
    ) -> Call {
        match self.api.wait_for(from, WAIT * 7, pred).await {
            Some(c) => c,
            None => self.expect(from, what, |_| false).await,
        }
    }

    /// Let the bot finish everything in flight.
    pub async fn settle(&self) {
        self.api.settle(Duration::from_millis(300), WAIT).await;
    }

    /// Whether the bot is still running (it has not returned or panicked).
    pub fn running(&self) -> bool {
        !self.task.is_finished()
    }

    /// The bot kept within Telegram's limits: the fake refused nothing with 429.
    pub fn assert_within_limits(&self) {
        assert_eq!(
            self.api.rate_limited(),
            0,
            "calls refused for passing a rate limit: {:?}",
            self.api.rate_limited_by()
        );
    }

    /// Wait until the bot has stored `message` in `chat` as a game's board. Telegram shows
    /// a player the board only after the bot's post is answered, and the bot stores its id
    /// right then; a test that replies to it at once could otherwise win that race.
    pub async fn board_stored(&self, chat: i64, message: i64) {
        let (chat, message) = (ChatId(chat), MessageId(message as i32));
        let deadline = tokio::time::Instant::now() + WAIT;
        loop {
            let games = self.store.chat_games(chat).expect("the store");
            if games.into_iter().any(|id| {
                self.store
                    .game(id)
                    .ok()
                    .flatten()
                    .is_some_and(|g| g.is_board(chat, message))
            }) {
                return;
            }
            assert!(
                tokio::time::Instant::now() < deadline,
                "board {message:?} in {chat:?} never stored"
            );
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }

    pub fn cursor(&self) -> u64 {
        self.api.call_count()
    }
}

/// A group game opened through the bot: `challenge` sent by its challenger, `tap` (the
/// Accept's callback id) by the other player at cursor `accepted_at`, and the `board`
/// the bot posted (its id stored).
pub struct Opened {
    pub challenge: Call,
    pub tap: String,
    pub accepted_at: u64,
    pub board: Call,
}

/// `challenger` sends `command` (e.g. `/new classic 10s`) in `chat`, `accepter` taps Accept.
pub async fn open_group_game(
    h: &Harness,
    chat: &TgChat,
    challenger: &TgUser,
    accepter: &TgUser,
    command: &str,
) -> Opened {
    let c0 = h.cursor();
    h.api.send_text(chat, challenger, command);
    let challenge = h
        .expect(c0, "challenge", |c| {
            c.is("SendMessage") && !c.buttons().is_empty()
        })
        .await;
    // Accept by its data, whatever the group's language.
    let accept = button(&challenge, "", |cb| {
        matches!(cb, Callback::Challenge { accept: true, .. })
    });
    let accepted_at = h.cursor();
    let tap = h.api.tap(chat, accepter, message_id(&challenge), &accept);
    let board = h.expect(accepted_at, "board", |c| c.is("SendPhoto")).await;
    h.board_stored(chat.id(), message_id(&board)).await;
    Opened {
        challenge,
        tap,
        accepted_at,
        board,
    }
}

/// `user` opens /settings in their private chat and taps the button that sets `setting`
/// (e.g. turn notifications on); returns the menu the bot shows again after the change.
pub async fn tap_setting(h: &Harness, user: &TgUser, setting: Setting) -> Call {
    let setting = Callback::Setting(setting);
    let dm = TgChat::Private(user.clone());
    let c0 = h.cursor();
    h.api.send_text(&dm, user, "/settings");
    let menu = h
        .expect(c0, "the settings menu", |c| {
            c.is("SendMessage") && c.chat_id() == Some(user.id) && !c.buttons().is_empty()
        })
        .await;
    let data = button(&menu, "", |cb| *cb == setting);
    let c1 = h.cursor();
    h.api.tap(&dm, user, message_id(&menu), &data);
    h.expect(c1, "the menu again", |c| {
        c.is("SendMessage") && c.chat_id() == Some(user.id) && !c.buttons().is_empty()
    })
    .await
}

/// `user` asks for a challenge link in their private chat: the bot's message with it, and
/// the link's `/start` payload.
pub async fn challenge_link(h: &Harness, user: &TgUser) -> (Call, String) {
    let c0 = h.cursor();
    h.api
        .send_text(&TgChat::Private(user.clone()), user, "/challenge");
    let link = h
        .expect(c0, "the challenge link", |c| {
            c.is("SendMessage") && c.text().is_some_and(|t| t.contains("?start=c"))
        })
        .await;
    let text = link.text().expect("a text");
    let payload = text
        .split("?start=")
        .nth(1)
        .and_then(|s| s.split_whitespace().next())
        .expect("a link")
        .to_string();
    (link, payload)
}

/// `friend` opens the challenge link with `payload` in their private chat and accepts the
/// challenge there: the game's boards in the challenger's and in the friend's private chat.
pub async fn accept_link(
    h: &Harness,
    challenger: &TgUser,
    friend: &TgUser,
    payload: &str,
) -> (Call, Call) {
    let dm = TgChat::Private(friend.clone());
    let c1 = h.cursor();
    h.api.send_text(&dm, friend, &format!("/start {payload}"));
    let invite = h
        .expect(c1, "the invitation", |c| {
            c.is("SendMessage") && c.chat_id() == Some(friend.id) && !c.buttons().is_empty()
        })
        .await;
    let accept = button(&invite, "", |cb| {
        matches!(
            cb,
            Callback::Challenge {
                accept: true,
                link: Some(_),
                ..
            }
        )
    });
    let c2 = h.cursor();
    h.api.tap(&dm, friend, message_id(&invite), &accept);
    let board = |who: &TgUser| {
        let id = who.id;
        h.expect(c2, "a board in a player's chat", move |c| {
            c.is("SendPhoto") && c.chat_id() == Some(id)
        })
    };
    (board(challenger).await, board(friend).await)
}

/// `user` starts a classic game against the program (level 1) in their private chat and
/// takes `colour`; the board the bot posts there, once stored.
pub async fn play_the_program(h: &Harness, user: &TgUser, colour: Color) -> Call {
    play_the_program_in(h, user, VariantId::Classic, colour).await
}

/// [`play_the_program`] in `variant`.
pub async fn play_the_program_in(
    h: &Harness,
    user: &TgUser,
    variant: VariantId,
    colour: Color,
) -> Call {
    let chat = TgChat::Private(user.clone());
    let c0 = h.cursor();
    h.api
        .send_text(&chat, user, &format!("/play {} 1", variant.id()));
    let choice = h
        .expect(c0, "the colour choice", |c| {
            c.is("SendMessage") && c.chat_id() == Some(user.id) && !c.buttons().is_empty()
        })
        .await;
    let pick = button(&choice, "", |cb| {
        matches!(
            cb,
            Callback::Play {
                variant: v,
                colour: Some(Some(c)),
                ..
            } if *c == colour && *v == variant
        )
    });
    let c1 = h.cursor();
    h.api.tap(&chat, user, message_id(&choice), &pick);
    let board = h
        .expect(c1, "the board", |c| {
            c.is("SendPhoto") && c.chat_id() == Some(user.id)
        })
        .await;
    h.board_stored(user.id, message_id(&board)).await;
    board
}

/// A turn notice: a private note with the bell (the settings menu, which has buttons,
/// may also show it).
pub fn is_turn_notice(c: &Call) -> bool {
    c.is("SendMessage") && c.buttons().is_empty() && c.text().is_some_and(|t| t.contains("🔔"))
}

/// The turn notices `user` got in their private chat since `from`.
pub fn turn_notices(h: &Harness, from: u64, user: &TgUser) -> Vec<Call> {
    h.api
        .calls_since(from)
        .into_iter()
        .filter(|c| c.chat_id() == Some(user.id) && is_turn_notice(c))
        .collect()
}

/// Settled, and past the private chats' rate-limit slot: a notice that was going to be
/// sent has been.
pub async fn quiet(h: &Harness) {
    h.settle().await;
    tokio::time::sleep(Duration::from_millis(1500)).await;
    h.settle().await;
}

/// (White, Black) of a board between `a` and `b`.
pub fn colours(board: &Call, a: &TgUser, b: &TgUser) -> (TgUser, TgUser) {
    if white_id(board) == a.id {
        (a.clone(), b.clone())
    } else {
        (b.clone(), a.clone())
    }
}

/// Who plays White according to a board caption (its first mention).
pub fn white_id(board: &Call) -> i64 {
    let html = board.text().expect("a caption");
    let at = html.find("tg://user?id=").expect("a mention") + "tg://user?id=".len();
    html[at..]
        .split('"')
        .next()
        .and_then(|id| id.parse().ok())
        .expect("a user id")
}

/// The message id a call's response carries.
pub fn message_id(c: &Call) -> i64 {
    c.response
        .as_ref()
        .ok()
        .and_then(|r| r.get("message_id"))
        .and_then(Value::as_i64)
        .expect("a message in the response")
}

/// A button's data as the bot reads it; `None` for data its codec rejects.
pub fn decoded(data: &str) -> Option<Callback> {
    Callback::decode(data).ok()
}

/// The data of the first of `buttons` whose label contains `label` and whose data decodes
/// to a callback that `pred` accepts.
pub fn find_button(
    buttons: &[(String, String)],
    label: &str,
    pred: impl Fn(&Callback) -> bool,
) -> Option<String> {
    buttons
        .iter()
        .find(|(t, d)| t.contains(label) && decoded(d).is_some_and(|cb| pred(&cb)))
        .map(|(_, d)| d.clone())
}

/// Whether any of `buttons` decodes to a callback that `pred` accepts.
pub fn has_button(buttons: &[(String, String)], pred: impl Fn(&Callback) -> bool) -> bool {
    find_button(buttons, "", pred).is_some()
}

/// Like [`find_button`], for a button that must be there.
pub fn button_in(
    buttons: &[(String, String)],
    label: &str,
    pred: impl Fn(&Callback) -> bool,
) -> String {
    find_button(buttons, label, pred)
        .unwrap_or_else(|| panic!("no such button labelled *{label}* in {buttons:?}"))
}

/// The data of the button of `c` whose label contains `label` and whose decoded data
/// `pred` accepts.
pub fn button(c: &Call, label: &str, pred: impl Fn(&Callback) -> bool) -> String {
    button_in(&c.buttons(), label, pred)
}

/// A square by its name (`c3`).
pub fn sq(name: &str) -> Square {
    Square::parse(name).unwrap_or_else(|| panic!("no square {name}"))
}

/// A board keyboard's tap on `square` (to select its piece).
pub fn tap_on(square: &str) -> impl Fn(&Callback) -> bool {
    let at = sq(square);
    move |cb| matches!(cb, Callback::Tap { square, .. } if *square == at)
}

/// A board keyboard's move from `from` to `to`, confirmed (a losing return home) or not.
pub fn move_between(from: &str, to: &str) -> impl Fn(&Callback) -> bool {
    let (a, b) = (sq(from), sq(to));
    move |cb| matches!(cb, Callback::Move { from, to, .. } if *from == a && *to == b)
}

/// A tap on any square of a board keyboard.
pub fn is_tap(cb: &Callback) -> bool {
    matches!(cb, Callback::Tap { .. })
}

/// An unconfirmed move button (a destination of the selected piece).
pub fn is_move(cb: &Callback) -> bool {
    matches!(
        cb,
        Callback::Move {
            confirmed: false,
            ..
        }
    )
}

pub fn alice() -> TgUser {
    TgUser::new(101, "Alice", "en")
}
pub fn boris() -> TgUser {
    TgUser::new(102, "Boris", "ru")
}
pub fn carol() -> TgUser {
    TgUser::new(103, "Carol", "en")
}
/// A supergroup (its board messages have `t.me/c/...` links).
pub fn supergroup() -> TgChat {
    TgChat::Group(-1_001_234_567_890, "Corner club".into())
}

/// The only game in play in `chat`.
pub fn game_in(h: &Harness, chat: &TgChat) -> GameRecord {
    let ids = h.store.chat_games(ChatId(chat.id())).expect("the index");
    assert_eq!(ids.len(), 1, "one game in play in the chat");
    h.store.game(ids[0]).expect("a read").expect("the game")
}

pub fn group() -> TgChat {
    TgChat::Group(-1001, "Ugolki club".into())
}

/// The bot against `api` over `store`, in a runtime of its own.
fn spawn_own(
    api: &FakeApi,
    store: Arc<dyn Storage>,
    timing: Timing,
    clock: Arc<BotClock>,
    taps: Arc<TapOrder>,
) -> (tokio::task::JoinHandle<()>, tokio::runtime::Runtime) {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a runtime for the bot");
    let cfg = BotConfig {
        clock,
        taps,
        ..config(api, timing)
    };
    let task = rt.spawn(async move {
        if let Err(e) = bot::run(cfg, store).await {
            panic!("bot stopped: {e}");
        }
    });
    (task, rt)
}
