//! `ugolki loadtest --webapp`: the Mini App under load, as players feel it. `--games`
//! games are stored before the bot starts; each player opens the game's page (a session
//! from signed launch data, then the live stream), and plays by the page's API when the
//! stream says it is their move, after a think time that keeps the moves at `--rate` a
//! second over all games. Measured: a move sent → the opponent's page hearing it (the
//! figure a player watching sees), the move's own answer, the bot's CPU per move, and the
//! page's weight. The bot is paced as in production, against the fake Bot API, so every
//! move also edits the chat's board within Telegram's limits.

use super::process::{self, BotProcess, BotSpec};
use super::{LoadError, Percentiles, in_scratch};
use crate::ai::rng::Rng;
use crate::fakeapi::{Event, FakeApi, TelegramLimits};
use serde_json::{Value, json};
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The token the load test's bot runs with (see `process::BotProcess::spawn`).
const TOKEN: &str = "4242:LOADTEST";

/// One Mini App load run.
#[derive(Clone, Debug)]
pub struct WebAppLoadConfig {
    /// The `ugolki` executable to run as the bot.
    pub bot_exe: PathBuf,
    /// Games, each watched by both its players' pages.
    pub games: usize,
    /// Moves a second over all games.
    pub rate: f64,
    /// Play before measuring.
    pub warmup: Duration,
    /// The measured play.
    pub duration: Duration,
    /// Seed of the players' choices.
    pub seed: u64,
    /// The bot's log filter.
    pub log_level: String,
    /// Keep the data directory and the bot's log.
    pub keep_data: bool,
}

/// What a Mini App load run measured.
#[derive(Clone, Debug, Default)]
pub struct WebAppLoadReport {
    /// Games.
    pub games: usize,
    /// Pages open (live streams) when measuring began.
    pub pages: usize,
    /// Moves answered while measuring.
    pub moves: u64,
    /// Seconds measured.
    pub measured_secs: f64,
    /// A move sent → the opponent's page hearing it.
    pub heard: Percentiles,
    /// A move sent → its answer.
    pub answered: Percentiles,
    /// The bot's CPU seconds while measuring.
    pub bot_cpu_secs: Option<f64>,
    /// The page, its script and style, in bytes (uncompressed).
    pub page_bytes: usize,
    /// Calls refused or failed, by kind.
    pub errors: HashMap<String, u64>,
    /// How the bot exited.
    pub bot_exit: String,
    /// Panics in the bot's log.
    pub panics: usize,
    /// The data directory, when kept.
    pub kept: Option<PathBuf>,
}

impl WebAppLoadReport {
    /// No errors, no panics, and moves were measured.
    pub fn clean(&self) -> bool {
        self.errors.is_empty() && self.panics == 0 && self.heard.count > 0
    }

    /// The report as people read it.
    pub fn render(&self) -> String {
        let cpu = self
            .bot_cpu_secs
            .filter(|_| self.moves > 0)
            .map(|c| format!("{:.2} ms", c * 1000.0 / self.moves as f64))
            .unwrap_or_else(|| "?".into());
        let mut s = format!(
            "Mini App load (production pacing): {} games, {} pages open\n\
             moves: {} in {:.1} s ({:.1}/s)\n\
             move sent → opponent's page: {}\n\
             move sent → its answer: {}\n\
             bot CPU per move: {cpu}\n\
             page weight: {} bytes (index.html, app.js, style.css; uncompressed)\n\
             bot exit: {}; panics: {}",
            self.games,
            self.pages,
            self.moves,
            self.measured_secs,
            self.moves as f64 / self.measured_secs.max(0.001),
            self.heard,
            self.answered,
            self.page_bytes,
            self.bot_exit,
            self.panics,
        );
        for (k, n) in &self.errors {
            s.push_str(&format!("\nerror: {k} × {n}"));
        }
        if let Some(d) = &self.kept {
            s.push_str(&format!("\nkept: {}", d.display()));
        }
        s
    }
}

/// Run it.
pub async fn run(cfg: WebAppLoadConfig) -> Result<WebAppLoadReport, LoadError> {
    let keep = cfg.keep_data;
    let (mut report, kept) = in_scratch(
        "webapp",
        keep,
        |dir| async move { run_in(&cfg, &dir).await },
    )
    .await?;
    report.kept = kept;
    Ok(report)
}

/// The players of game `i`.
fn players(i: usize) -> (u64, u64) {
    let w = 800_000 + 2 * i as u64;
    (w, w + 1)
}

/// Store the games before the bot starts: classic, untimed, in 125 groups.
fn store_games(data: &std::path::Path, games: usize) -> Result<(), LoadError> {
    use crate::game::{ChatId, GameService, NewGame, Player, Timestamp, Timing, UserId};
    use crate::store::{SledStore, StoreConfig};
    let err = |e: String| LoadError::Store(e);
    let store = SledStore::open(&StoreConfig::at(data)).map_err(|e| err(e.to_string()))?;
    let svc = GameService::new(Arc::new(store), Timing::default());
    let now = Timestamp(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_millis() as u64)
            .unwrap_or(0),
    );
    for i in 0..games {
        let (w, b) = players(i);
        let new = NewGame {
            variant: crate::engine::Variant::new(crate::engine::VariantId::Classic).into(),
            players: vec![Player::Human(UserId(w)), Player::Human(UserId(b))],
            time_control: crate::game::TimeControl::Untimed,
            chat: ChatId(-3_000_000_000_000 - (i % 125) as i64),
            message: None,
            rated: false,
            start: None,
        };
        svc.create_game(new, now).map_err(|e| err(e.to_string()))?;
    }
    svc.store().flush().map_err(|e| err(e.to_string()))
}

/// What the players share: when each move was sent, and the samples.
#[derive(Default)]
struct Shared {
    /// When each move was sent, by (game, ply after it), and by whom.
    sent: HashMap<(String, u64), (Instant, u64)>,
    heard_us: Vec<u64>,
    answered_us: Vec<u64>,
    moves: u64,
    measuring: bool,
    errors: HashMap<String, u64>,
    pages: usize,
}

fn error(s: &Mutex<Shared>, kind: String) {
    let mut s = s.lock().unwrap_or_else(|e| e.into_inner());
    *s.errors.entry(kind).or_default() += 1;
}

async fn post(
    client: &reqwest::Client,
    url: String,
    session: Option<&str>,
    body: Value,
) -> Result<Value, String> {
    let mut req = client
        .post(url)
        .header("Content-Type", "application/json")
        .body(body.to_string());
    if let Some(s) = session {
        req = req.header("Authorization", format!("Bearer {s}"));
    }
    let r = req.send().await.map_err(|e| format!("send: {e}"))?;
    let status = r.status().as_u16();
    let bytes = r.bytes().await.map_err(|e| format!("body: {e}"))?;
    let v: Value = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
    if status != 200 {
        return Err(format!("{status} {}", v["error"].as_str().unwrap_or("?")));
    }
    Ok(v)
}

/// A random legal move of the side to move in `g`, as the page would send it.
fn pick(g: &Value, rng: &mut Rng) -> Option<(String, String)> {
    let targets = g["targets"].as_object()?;
    let all: Vec<(&String, &String)> = targets
        .iter()
        .flat_map(|(from, tos)| {
            tos.as_object()
                .into_iter()
                .flat_map(move |o| o.keys().map(move |to| (from, to)))
        })
        .collect();
    if all.is_empty() {
        return None;
    }
    let (from, to) = all[(rng.next_u64() % all.len() as u64) as usize];
    Some((from.clone(), to.clone()))
}

/// One player's page: a session, the live stream, and a move whenever it is theirs.
async fn page(base: String, user: u64, think: Duration, seed: u64, shared: Arc<Mutex<Shared>>) {
    let client = reqwest::Client::new();
    let who =
        json!({ "id": user, "first_name": format!("P{user}"), "language_code": "en" }).to_string();
    let auth = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0)
        .to_string();
    let init = crate::bot::sign_init_data(&[("user", &who), ("auth_date", &auth)], TOKEN);
    let session = match post(
        &client,
        format!("{base}api/session"),
        None,
        json!({ "init_data": init }),
    )
    .await
    {
        Ok(v) => v["session"].as_str().unwrap_or_default().to_string(),
        Err(e) => return error(&shared, format!("session: {e}")),
    };
    let list = client
        .get(format!("{base}api/games"))
        .header("Authorization", format!("Bearer {session}"))
        .send()
        .await;
    let token = match list {
        Ok(r) => match r
            .bytes()
            .await
            .ok()
            .and_then(|b| serde_json::from_slice::<Value>(&b).ok())
        {
            Some(v) => v[0]["token"].as_str().unwrap_or_default().to_string(),
            None => return error(&shared, "games list unreadable".into()),
        },
        Err(e) => return error(&shared, format!("games list: {e}")),
    };
    let mut stream = match client
        .get(format!("{base}api/game/{token}/events?session={session}"))
        .send()
        .await
    {
        Ok(r) if r.status().is_success() => r,
        Ok(r) => return error(&shared, format!("stream: {}", r.status())),
        Err(e) => return error(&shared, format!("stream: {e}")),
    };
    shared.lock().unwrap_or_else(|e| e.into_inner()).pages += 1;
    let mut rng = Rng::new(seed);
    let mut buf = String::new();
    let mut moved_at_ply: Option<u64> = None;
    loop {
        let chunk = match stream.chunk().await {
            Ok(Some(c)) => c,
            Ok(None) => return error(&shared, "stream ended".into()),
            Err(e) => return error(&shared, format!("stream: {e}")),
        };
        let heard_at = Instant::now();
        buf.push_str(&String::from_utf8_lossy(&chunk));
        while let Some(end) = buf.find("\n\n") {
            let event: String = buf.drain(..end + 2).collect();
            let Some(data) = event.lines().find_map(|l| l.strip_prefix("data:")) else {
                continue;
            };
            let Ok(g) = serde_json::from_str::<Value>(data.trim()) else {
                continue;
            };
            let ply = g["ply"].as_u64().unwrap_or(0);
            {
                let mut s = shared.lock().unwrap_or_else(|e| e.into_inner());
                let key = (token.clone(), ply);
                // The opponent's page: the mover's own hears it too, and is not counted.
                if let Some(&(at, mover)) = s.sent.get(&key)
                    && mover != user
                {
                    s.sent.remove(&key);
                    if s.measuring {
                        s.heard_us
                            .push(heard_at.duration_since(at).as_micros() as u64);
                    }
                }
            }
            if g["viewer"]["move"] != true || moved_at_ply == Some(ply) || !g["result"].is_null() {
                continue;
            }
            let Some((from, to)) = pick(&g, &mut rng) else {
                continue;
            };
            moved_at_ply = Some(ply);
            // Think, then move; the stream keeps reading meanwhile in the next turns.
            let (client, base, token, session, shared) = (
                client.clone(),
                base.clone(),
                token.clone(),
                session.clone(),
                shared.clone(),
            );
            let jitter = think.mul_f64(0.5 + (rng.next_u64() % 1000) as f64 / 1000.0);
            tokio::spawn(async move {
                tokio::time::sleep(jitter).await;
                let sent = Instant::now();
                shared
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .sent
                    .insert((token.clone(), ply + 1), (sent, user));
                let body = json!({ "from": from, "to": to, "ply": ply });
                let r = post(
                    &client,
                    format!("{base}api/game/{token}/move"),
                    Some(&session),
                    body,
                )
                .await;
                let mut s = shared.lock().unwrap_or_else(|e| e.into_inner());
                match r {
                    Ok(_) if s.measuring => {
                        s.moves += 1;
                        s.answered_us.push(sent.elapsed().as_micros() as u64);
                    }
                    Ok(_) => {}
                    Err(e) => {
                        s.sent.remove(&(token, ply + 1));
                        *s.errors.entry(format!("move: {e}")).or_default() += 1;
                    }
                }
            });
        }
    }
}

async fn run_in(
    cfg: &WebAppLoadConfig,
    dir: &std::path::Path,
) -> Result<WebAppLoadReport, LoadError> {
    let spec0 = BotSpec::new(&cfg.bot_exe, dir, String::new());
    store_games(&spec0.data_dir, cfg.games)?;
    let api = FakeApi::start()
        .await
        .map_err(|e| LoadError::Io(format!("fake Bot API: {e}")))?;
    api.set_keep_history(false);
    api.set_limits(Some(TelegramLimits::default()));
    let mut rx = api.subscribe();
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .map_err(|e| LoadError::Io(format!("a free port: {e}")))?;
    let base = format!("http://127.0.0.1:{port}/");
    let spec = BotSpec {
        log_level: cfg.log_level.clone(),
        extra: vec![
            "--webapp-listen".into(),
            format!("127.0.0.1:{port}"),
            "--webapp-url".into(),
            base.clone(),
        ],
        ..BotSpec::new(&cfg.bot_exe, dir, api.url())
    };
    let bot = BotProcess::spawn(&spec)?;
    let ready = Instant::now() + Duration::from_secs(60);
    loop {
        match tokio::time::timeout_at(ready.into(), rx.recv()).await {
            Ok(Some(Event::Call(c))) if c.is("SetMyCommands") => break,
            Ok(Some(_)) => {}
            _ => {
                return Err(LoadError::Bot(format!(
                    "the bot did not start; see {}",
                    spec.log_file.display()
                )));
            }
        }
    }
    // The fake's events are not needed past the start.
    drop(rx);
    let client = reqwest::Client::new();
    let mut page_bytes = 0;
    for f in ["", "app.js", "style.css"] {
        let r = client
            .get(format!("{base}{f}"))
            .send()
            .await
            .map_err(|e| LoadError::Bot(format!("the page: {e}")))?;
        page_bytes += r.bytes().await.map(|b| b.len()).unwrap_or(0);
    }
    let shared = Arc::new(Mutex::new(Shared::default()));
    let think = Duration::from_secs_f64(cfg.games as f64 / cfg.rate.max(0.1));
    let mut rng = Rng::new(cfg.seed);
    for i in 0..cfg.games {
        let (w, b) = players(i);
        for u in [w, b] {
            tokio::spawn(page(base.clone(), u, think, rng.next_u64(), shared.clone()));
        }
        if i % 50 == 49 {
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
    tokio::time::sleep(cfg.warmup).await;
    let pages = {
        let mut s = shared.lock().unwrap_or_else(|e| e.into_inner());
        s.measuring = true;
        s.pages
    };
    let cpu0 = process::cpu_of(bot.pid());
    let m0 = Instant::now();
    tokio::time::sleep(cfg.duration).await;
    let measured_secs = m0.elapsed().as_secs_f64();
    let bot_cpu_secs = cpu0
        .zip(process::cpu_of(bot.pid()))
        .map(|(a, b)| b.saturating_sub(a).as_secs_f64());
    let mut report = {
        let mut s = shared.lock().unwrap_or_else(|e| e.into_inner());
        s.measuring = false;
        WebAppLoadReport {
            games: cfg.games,
            pages,
            moves: s.moves,
            measured_secs,
            heard: Percentiles::of_micros(&s.heard_us),
            answered: Percentiles::of_micros(&s.answered_us),
            bot_cpu_secs,
            page_bytes,
            errors: std::mem::take(&mut s.errors),
            ..WebAppLoadReport::default()
        }
    };
    report.bot_exit = match bot.terminate(Duration::from_secs(30)).await {
        Ok(s) => s.to_string(),
        Err(e) => e.to_string(),
    };
    report.panics = process::panics_in_log(&spec.log_file);
    Ok(report)
}
