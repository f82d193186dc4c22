//! The Mini App's side for tests: a bot that serves it, Telegram's signed launch data for a
//! person, and the page's calls (sessions, the game, actions, the live stream).

use super::harness::*;
use serde_json::{Value, json};
use std::sync::Arc;
use ugolki_bot::bot::{WEBAPP_MAX_AGE, WebAppConfig};
use ugolki_bot::fakeapi::{BOT_USERNAME, Call, FakeApi, TgChat, TgUser};
use ugolki_bot::game::{MemoryStore, Storage, Timing};

/// The Mini App's short name the test bot is configured with.
pub const SHORT_NAME: &str = "board";
/// The test bot's token (see `harness::config`).
pub const TOKEN: &str = "4242:TESTTOKEN";

/// A free port on the loopback (bound and released: the bot binds it next).
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

/// A bot serving the Mini App under `/app/` on the loopback, and the page's base URL.
pub async fn start_with_webapp() -> (Harness, String) {
    let api = FakeApi::start().await.expect("fake api");
    let store: Arc<dyn Storage> = Arc::new(MemoryStore::new());
    let port = free_port();
    let base = format!("http://127.0.0.1:{port}/app/");
    let mut cfg = config(&api, Timing::default());
    cfg.webapp = Some(WebAppConfig {
        listen: ([127, 0, 0, 1], port).into(),
        url: base.parse().expect("a URL"),
        short_name: Some(SHORT_NAME.into()),
        max_age: WEBAPP_MAX_AGE,
    });
    let h = Harness::start_with_config(api, store, cfg).await;
    (h, base)
}

/// Unix seconds now.
pub fn unix_now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0)
}

/// `user`'s launch data as Telegram signs it for the bot with `token`, `age` seconds old.
pub fn init_data_for(user: &TgUser, start: Option<&str>, token: &str, age: u64) -> String {
    let who = json!({
        "id": user.id,
        "first_name": user.first_name,
        "username": user.username,
        "language_code": user.lang,
    })
    .to_string();
    let auth = (unix_now() - age).to_string();
    let mut fields = vec![
        ("query_id", "AAF0ZXN0"),
        ("user", who.as_str()),
        ("auth_date", auth.as_str()),
    ];
    if let Some(s) = start {
        fields.push(("start_param", s));
    }
    ugolki_bot::bot::sign_init_data(&fields, token)
}

/// The page's side of the API.
pub struct Page {
    pub base: String,
    pub client: reqwest::Client,
}

impl Page {
    pub fn new(base: &str) -> Page {
        Page {
            base: base.to_string(),
            client: reqwest::Client::new(),
        }
    }

    /// A raw call: the status and the JSON answer (`Null` if it is none).
    pub async fn call(
        &self,
        method: &str,
        path: &str,
        session: Option<&str>,
        body: Option<Vec<u8>>,
    ) -> (u16, Value) {
        let url = format!("{}{path}", self.base);
        let mut req = match method {
            "POST" => self.client.post(&url),
            _ => self.client.get(&url),
        };
        if let Some(s) = session {
            req = req.header("Authorization", format!("Bearer {s}"));
        }
        if let Some(b) = body {
            req = req.header("Content-Type", "application/json").body(b);
        }
        let r = req.send().await.expect("the Mini App answers");
        let status = r.status().as_u16();
        let bytes = r.bytes().await.expect("a body");
        (
            status,
            serde_json::from_slice(&bytes).unwrap_or(Value::Null),
        )
    }

    pub async fn post(&self, path: &str, session: Option<&str>, body: Value) -> (u16, Value) {
        self.call("POST", path, session, Some(body.to_string().into_bytes()))
            .await
    }

    pub async fn get(&self, path: &str, session: &str) -> (u16, Value) {
        self.call("GET", path, Some(session), None).await
    }

    /// A session for `user` (through correctly signed launch data).
    pub async fn session(&self, user: &TgUser) -> String {
        let (status, j) = self
            .post(
                "api/session",
                None,
                json!({ "init_data": init_data_for(user, None, TOKEN, 5) }),
            )
            .await;
        assert_eq!(status, 200, "a session: {j}");
        j["session"].as_str().expect("a session name").to_string()
    }

    /// The game `token` names, as `session` sees it.
    pub async fn game(&self, token: &str, session: &str) -> Value {
        let (status, j) = self.get(&format!("api/game/{token}"), session).await;
        assert_eq!(status, 200, "the game: {j}");
        j
    }
}

/// The Mini App button of a board message: its kind (`web_app` or `url`) and address.
pub fn board_button(c: &Call) -> Option<(String, String)> {
    let rows = c.keyboard()?.get("inline_keyboard")?.as_array()?;
    rows.iter()
        .filter_map(Value::as_array)
        .flatten()
        .find_map(|b| {
            if let Some(u) = b
                .get("web_app")
                .and_then(|w| w.get("url"))
                .and_then(Value::as_str)
            {
                return Some(("web_app".to_string(), u.to_string()));
            }
            let u = b.get("url").and_then(Value::as_str)?;
            u.contains("startapp=")
                .then(|| ("url".to_string(), u.to_string()))
        })
}

/// The game token in a board button's address.
pub fn token_in(url: &str) -> String {
    let key = if url.contains("startapp=") {
        "startapp="
    } else {
        "game="
    };
    let at = url.find(key).expect("a token in the address") + key.len();
    url[at..].split('&').next().unwrap_or_default().to_string()
}

/// A TCP relay between a page and the bot that a test can cut, as a phone's network
/// drops: every open connection ends at once and new ones are refused until it is
/// restored.
pub struct Relay {
    /// The port pages connect to.
    pub port: u16,
    open: Arc<std::sync::Mutex<Vec<tokio::task::JoinHandle<()>>>>,
    cut: Arc<std::sync::atomic::AtomicBool>,
    accept: tokio::task::JoinHandle<()>,
}

impl Relay {
    /// Relay to `target` (host:port).
    pub async fn start(target: &str) -> Relay {
        use std::sync::atomic::Ordering;
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("a relay port");
        let port = listener.local_addr().expect("its address").port();
        let open: Arc<std::sync::Mutex<Vec<tokio::task::JoinHandle<()>>>> = Arc::default();
        let cut: Arc<std::sync::atomic::AtomicBool> = Arc::default();
        let (o, c, target) = (open.clone(), cut.clone(), target.to_string());
        let accept = tokio::spawn(async move {
            while let Ok((mut inbound, _)) = listener.accept().await {
                if c.load(Ordering::SeqCst) {
                    continue; // dropped: the connection closes
                }
                let target = target.clone();
                let task = tokio::spawn(async move {
                    if let Ok(mut outbound) = tokio::net::TcpStream::connect(&target).await {
                        let _ = tokio::io::copy_bidirectional(&mut inbound, &mut outbound).await;
                    }
                });
                o.lock().expect("the relay's connections").push(task);
            }
        });
        Relay {
            port,
            open,
            cut,
            accept,
        }
    }

    /// Drop every connection and refuse new ones (`true`), or let them through again.
    pub fn cut(&self, cut: bool) {
        self.cut.store(cut, std::sync::atomic::Ordering::SeqCst);
        if cut {
            for t in self.open.lock().expect("the relay's connections").drain(..) {
                t.abort();
            }
        }
    }
}

impl Drop for Relay {
    fn drop(&mut self) {
        self.accept.abort();
        self.cut(true);
    }
}

/// A fourth person, for tables of four (a Russian speaker: the page speaks her language).
pub fn dana() -> TgUser {
    TgUser::new(106, "Dana", "ru")
}

/// A `halma4` table in `grp` opened by `host`, `others` seated in turn (Green, Black,
/// Red), started: its board as first posted.
pub async fn start_table(h: &Harness, grp: &TgChat, host: &TgUser, others: &[&TgUser]) -> Call {
    use ugolki_bot::bot::testing::LobbyAct;
    let c0 = h.cursor();
    h.api.send_text(grp, host, "/new halma4");
    let lobby = h
        .expect(c0, "the lobby", |c| {
            c.is("SendMessage") && c.keyboard().is_some() && c.chat_id() == Some(grp.id())
        })
        .await;
    let lid = message_id(&lobby);
    let act = |want: LobbyAct| {
        button(
            &lobby,
            "",
            move |cb| matches!(cb, Callback::Lobby { act, .. } if *act == want),
        )
    };
    for u in others {
        let c = h.cursor();
        let q = h.api.tap(grp, u, lid, &act(LobbyAct::Join));
        h.expect(c, "seated", |c| {
            c.is("AnswerCallbackQuery") && c.str("callback_query_id") == Some(q.as_str())
        })
        .await;
    }
    let c1 = h.cursor();
    h.api.tap(grp, host, lid, &act(LobbyAct::Start));
    h.expect(c1, "the board", |c| {
        c.is("SendPhoto") && c.chat_id() == Some(grp.id())
    })
    .await
}

/// Four players (Alice, Boris, Carol, Dana) enter a two-round Swiss that Alice opens in
/// `grp` and starts: the first round's pairings message (its button opens the page).
pub async fn swiss_of_four(h: &Harness, grp: &TgChat) -> (Call, [TgUser; 4]) {
    use ugolki_bot::bot::testing::{Callback, TournamentAct};
    let players = [alice(), boris(), carol(), dana()];
    h.api.set_admins(grp.id(), &[players[0].id]);
    let c0 = h.cursor();
    h.api
        .send_text(grp, &players[0], "/tournament swiss 2 classic casual");
    let entry = h
        .expect(c0, "the entry message", |c| {
            c.is("SendMessage") && !c.buttons().is_empty()
        })
        .await;
    let act = |a: TournamentAct| {
        button(
            &entry,
            "",
            move |cb| matches!(cb, Callback::Tournament { act, .. } if *act == a),
        )
    };
    for p in &players {
        let c = h.cursor();
        let id = h
            .api
            .tap(grp, p, message_id(&entry), &act(TournamentAct::Join));
        h.expect(c, "joined", |c| {
            c.is("AnswerCallbackQuery") && c.params["callback_query_id"] == id
        })
        .await;
    }
    let c1 = h.cursor();
    h.api.tap(
        grp,
        &players[0],
        message_id(&entry),
        &act(TournamentAct::Start),
    );
    let pairings = h
        .expect(c1, "the pairings with the page's link", |c| {
            c.is("SendPhoto")
                && c.text()
                    .is_some_and(|t| t.contains("pairings") || t.contains("пары"))
        })
        .await;
    (pairings, players)
}

/// The tournament token in a pairings message's page button.
pub fn tournament_token(pairings: &Call) -> String {
    let (kind, url) = board_button(pairings).expect("the page's button");
    assert_eq!(kind, "url");
    let prefix = format!("https://t.me/{BOT_USERNAME}/{SHORT_NAME}?startapp=t");
    assert!(url.starts_with(&prefix), "{url}");
    url[prefix.len()..].to_string()
}
