//! The operator's endpoints: `/healthz` answers 200 with JSON while the bot runs and
//! Telegram answers its polls (503 with the reason otherwise), `/metrics` counts what the
//! bot did (moves, game ends, updates, Telegram calls by method and outcome, latencies) in
//! the Prometheus text format, and `ugolki health` (Docker's HEALTHCHECK) reads the first.
use crate::common::harness::*;
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::sync::Arc;
use std::time::Duration;
use ugolki_bot::fakeapi::{FakeApi, Fault};
use ugolki_bot::game::{MemoryStore, Timing};

/// A port nobody listens on now.
fn free_addr() -> SocketAddr {
    let l = TcpListener::bind("127.0.0.1:0").unwrap();
    l.local_addr().unwrap()
}

/// `GET path` on `addr`: (status line, body).
fn get(addr: SocketAddr, path: &str) -> (String, String) {
    let mut s = TcpStream::connect(addr).unwrap();
    write!(
        s,
        "GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut answer = String::new();
    s.read_to_string(&mut answer).unwrap();
    let (head, body) = answer.split_once("\r\n\r\n").unwrap();
    (head.lines().next().unwrap().to_string(), body.to_string())
}

/// The value of a metric (with its labels, as written) in a Prometheus text body; 0 when
/// it has not been counted yet.
fn metric(body: &str, series: &str) -> f64 {
    body.lines()
        .find_map(|l| l.strip_prefix(&format!("{series} ")))
        .map_or(0.0, |v| v.parse().unwrap())
}

async fn start_with(
    cfg_change: impl FnOnce(&mut ugolki_bot::bot::BotConfig),
) -> (Harness, SocketAddr) {
    let addr = free_addr();
    let api = FakeApi::start().await.unwrap();
    let mut cfg = config(&api, Timing::default());
    cfg.metrics_listen = Some(addr);
    cfg_change(&mut cfg);
    let h = Harness::start_with_config(api, Arc::new(MemoryStore::new()), cfg).await;
    (h, addr)
}

/// `ugolki bot` configured from the environment alone, as in the Docker image: its token,
/// `api`'s address, a data folder in `dir` and `/metrics` on `addr`.
fn bot_command(
    api: &FakeApi,
    addr: SocketAddr,
    dir: &tempfile::TempDir,
    token: &str,
) -> std::process::Command {
    let mut c = std::process::Command::new(env!("CARGO_BIN_EXE_ugolki"));
    c.arg("bot")
        .env("TELOXIDE_TOKEN", token)
        .env("UGOLKI_API_URL", api.url())
        .env("UGOLKI_DATA_DIR", dir.path().join("data"))
        .env("UGOLKI_METRICS_LISTEN", addr.to_string());
    c
}

/// The real binary in a process of its own against `api` (with Telegram's limits), serving
/// `/metrics` on `addr`. The Prometheus registry is the process's, so the tests that count
/// what the bot did run it apart from the other bots of the test binary, as it runs in
/// production: one bot per process.
struct ChildBot {
    child: std::process::Child,
    addr: SocketAddr,
    _dir: tempfile::TempDir,
}

impl ChildBot {
    /// Start it; `ready`: wait until it has registered its commands.
    async fn start(api: &FakeApi, ready: bool) -> ChildBot {
        Self::start_with_env(api, ready, &[]).await
    }

    /// [`ChildBot::start`] with more environment variables.
    async fn start_with_env(api: &FakeApi, ready: bool, env: &[(&str, String)]) -> ChildBot {
        api.set_limits(Some(ugolki_bot::fakeapi::TelegramLimits::default()));
        let addr = free_addr();
        let dir = tempfile::tempdir().unwrap();
        let child = bot_command(api, addr, &dir, "4242:TESTTOKEN")
            .envs(env.iter().map(|(k, v)| (*k, v.as_str())))
            .env("UGOLKI_BOARD_PX", BOARD_PX.to_string())
            .env("UGOLKI_LOG", "warn")
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        let bot = ChildBot {
            child,
            addr,
            _dir: dir,
        };
        if ready {
            api.wait_for(0, WAIT * 3, |c| c.is("SetMyCommands"))
                .await
                .expect("the bot started");
        }
        bot
    }
}

impl Drop for ChildBot {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Wait for a call matching `pred` at or after `from`, naming `what` if none comes.
async fn expect_call(
    api: &FakeApi,
    from: u64,
    what: &str,
    pred: impl Fn(&ugolki_bot::fakeapi::Call) -> bool,
) -> ugolki_bot::fakeapi::Call {
    match api.wait_for(from, WAIT, pred).await {
        Some(c) => c,
        None => panic!("expected {what}"),
    }
}

async fn get_async(addr: SocketAddr, path: &'static str) -> (String, String) {
    tokio::task::spawn_blocking(move || get(addr, path))
        .await
        .unwrap()
}

/// A table's turns are moves like any game's in `/metrics`: the person's typed turn by
/// `person`, the three program seats' by `program`, and no tap was answered late.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tables_turns_are_counted_as_moves() {
    let api = FakeApi::start().await.unwrap();
    let bot = ChildBot::start(&api, true).await;
    let addr = bot.addr;
    let person = r#"ugolki_moves_total{by="person"}"#;
    let program = r#"ugolki_moves_total{by="program"}"#;
    let (_, before) = get_async(addr, "/metrics").await;
    let a = alice();
    let dm = ugolki_bot::fakeapi::TgChat::Private(a.clone());
    let c0 = api.call_count();
    api.send_text(&dm, &a, "/play halma4 1");
    let board = expect_call(&api, c0, "the board", |c| c.is("SendPhoto")).await;
    let c1 = api.call_count();
    api.reply_text(&dm, &a, message_id(&board), "b2-d4");
    // One edit shows the person's turn with the three programs' after it.
    let shown = api
        .wait_for(c1, WAIT, |c| {
            c.is("EditMessageMedia") && c.text().is_some_and(|t| t.contains("round 2"))
        })
        .await
        .expect("the round played");
    assert!(
        shown.text().unwrap().contains("Last: 🔴"),
        "{:?}",
        shown.text()
    );
    let (_, after) = get_async(addr, "/metrics").await;
    assert_eq!(
        metric(&after, person) - metric(&before, person),
        1.0,
        "{after}"
    );
    assert_eq!(
        metric(&after, program) - metric(&before, program),
        3.0,
        "{after}"
    );
    assert_eq!(metric(&after, "ugolki_taps_answered_late_total"), 0.0);
    assert!(
        after.contains("ugolki_taps_answered_late_total"),
        "described"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn health_and_metrics_follow_the_bot() {
    let api = FakeApi::start().await.unwrap();
    let bot = ChildBot::start(&api, true).await;
    let addr = bot.addr;
    let (status, body) = get_async(addr, "/healthz").await;
    assert_eq!(status, "HTTP/1.1 200 OK");
    let json: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(json["status"], "ok", "{body}");
    assert!(
        json["updates_age_seconds"].as_f64().unwrap() < 5.0,
        "{body}"
    );
    let (status, _) = get_async(addr, "/nothing").await;
    assert_eq!(status, "HTTP/1.1 404 Not Found");

    let (_, before) = get_async(addr, "/metrics").await;
    assert_eq!(metric(&before, "ugolki_up"), 1.0);
    assert_eq!(metric(&before, "ugolki_games_active"), 0.0);
    let photo_429 = r#"ugolki_telegram_calls_total{method="SendPhoto",outcome="429"}"#;
    let photo_5xx = r#"ugolki_telegram_calls_total{method="SendPhoto",outcome="5xx"}"#;
    let photo_ok = r#"ugolki_telegram_calls_total{method="SendPhoto",outcome="ok"}"#;
    let taps = r#"ugolki_updates_total{kind="callback_query"}"#;
    let moves = r#"ugolki_moves_total{by="person"}"#;
    let resigned = r#"ugolki_games_ended_total{reason="resignation"}"#;

    // A game in the group, whose board post draws a 429 and then a 500 (both retried).
    let (g, a, b) = (group(), alice(), boris());
    let c0 = api.call_count();
    api.send_text(&g, &a, "/new classic");
    let ch = expect_call(&api, c0, "challenge", |c| {
        c.is("SendMessage") && !c.buttons().is_empty()
    })
    .await;
    api.fault_next(Some("sendPhoto"), Fault::TooManyRequests(1));
    api.fault_next(Some("sendPhoto"), Fault::ServerError);
    let accept = button(&ch, "Accept", |cb| {
        matches!(cb, Callback::Challenge { accept: true, .. })
    });
    let c1 = api.call_count();
    api.tap(&g, &b, message_id(&ch), &accept);
    let board = api
        .wait_for(c1, WAIT, |c| c.is("SendPhoto") && c.response.is_ok())
        .await
        .expect("the board, posted on the third try");
    // White moves, then Black resigns.
    let (w, bl) = if white_id(&board) == a.id {
        (&a, &b)
    } else {
        (&b, &a)
    };
    let c2 = api.call_count();
    api.reply_text(&g, w, message_id(&board), "c3-d3");
    expect_call(&api, c2, "the move", |c| c.is("EditMessageMedia")).await;
    let (_, during) = get_async(addr, "/metrics").await;
    assert_eq!(metric(&during, "ugolki_games_active"), 1.0, "{during}");
    let c3 = api.call_count();
    api.send_text(&g, bl, "/resign");
    let conf = expect_call(&api, c3, "confirm", |c| {
        c.is("SendMessage") && !c.buttons().is_empty()
    })
    .await;
    api.tap(
        &g,
        bl,
        message_id(&conf),
        &button(&conf, "", |cb| matches!(cb, Callback::Resign { .. })),
    );
    api.settle(Duration::from_millis(300), WAIT).await;

    let (_, after) = get_async(addr, "/metrics").await;
    assert_eq!(metric(&after, "ugolki_games_active"), 0.0);
    assert_eq!(metric(&after, photo_429) - metric(&before, photo_429), 1.0);
    assert_eq!(metric(&after, photo_5xx) - metric(&before, photo_5xx), 1.0);
    assert!(metric(&after, photo_ok) - metric(&before, photo_ok) >= 1.0);
    assert!(metric(&after, taps) - metric(&before, taps) >= 2.0);
    assert_eq!(metric(&after, moves) - metric(&before, moves), 1.0);
    assert_eq!(metric(&after, resigned) - metric(&before, resigned), 1.0);
    assert!(metric(&after, "ugolki_boards_sent_total") >= 1.0);
    let polls = r#"ugolki_telegram_calls_total{method="GetUpdates",outcome="ok"}"#;
    assert!(metric(&after, polls) >= 1.0, "{after}");
    assert!(after.contains("# TYPE ugolki_telegram_calls_total counter"));
    assert!(
        after.contains("ugolki_telegram_call_seconds_bucket{method=\"SendPhoto\",le=\"0.005\"}")
    );
    assert!(after.contains("ugolki_store_commit_seconds_count"));
    assert!(metric(&after, "ugolki_uptime_seconds") > 0.0);

    // The command Docker's HEALTHCHECK runs.
    let exe = env!("CARGO_BIN_EXE_ugolki");
    let ok = std::process::Command::new(exe)
        .args(["health", "--addr", &addr.to_string()])
        .output()
        .unwrap();
    assert!(ok.status.success(), "{ok:?}");
    let nobody = free_addr();
    let down = std::process::Command::new(exe)
        .args(["health", "--addr", &nobody.to_string()])
        .output()
        .unwrap();
    assert_eq!(down.status.code(), Some(1), "{down:?}");
}

/// When Telegram stops answering the polls, `/healthz` turns 503 with the reason once
/// `--unhealthy-after-secs` has passed, and 200 again when the polls come back.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn health_fails_while_telegram_does_not_answer() {
    let (h, addr) = start_with(|c| c.unhealthy_after = Duration::from_secs(4)).await;
    let (status, _) = get_async(addr, "/healthz").await;
    assert_eq!(status, "HTTP/1.1 200 OK");
    h.api.set_polls_fail(true);
    let t0 = std::time::Instant::now();
    let body = loop {
        let (status, body) = get_async(addr, "/healthz").await;
        if status == "HTTP/1.1 503 Service Unavailable" {
            break body;
        }
        assert!(
            t0.elapsed() < Duration::from_secs(30),
            "still healthy: {body}"
        );
        tokio::time::sleep(Duration::from_millis(250)).await;
    };
    let json: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(json["status"], "unhealthy");
    assert!(
        json["reason"]
            .as_str()
            .unwrap()
            .starts_with("no answer from Telegram for"),
        "{body}"
    );
    let exe = env!("CARGO_BIN_EXE_ugolki");
    let probe = std::process::Command::new(exe)
        .args(["health", "--addr", &addr.to_string()])
        .output()
        .unwrap();
    assert_eq!(probe.status.code(), Some(1), "{probe:?}");
    h.api.set_polls_fail(false);
    let t1 = std::time::Instant::now();
    loop {
        let (status, body) = get_async(addr, "/healthz").await;
        if status == "HTTP/1.1 200 OK" {
            break;
        }
        assert!(
            t1.elapsed() < Duration::from_secs(40),
            "not healthy again: {body}"
        );
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
}

/// The real binary configured from the environment alone, as in the Docker image: it
/// serves `/healthz` on `UGOLKI_METRICS_LISTEN`, logs JSON lines with
/// `UGOLKI_LOG_FORMAT=json` (the filter from `RUST_LOG` when `UGOLKI_LOG` is unset), never
/// prints its token, and stops cleanly on SIGTERM.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_binary_takes_its_configuration_from_the_environment() {
    let api = FakeApi::start().await.unwrap();
    let addr = free_addr();
    let dir = tempfile::tempdir().unwrap();
    let token = "4242:SECRET-TOKEN-VALUE";
    let child = bot_command(&api, addr, &dir, token)
        .env("UGOLKI_LOG_FORMAT", "json")
        .env_remove("UGOLKI_LOG")
        .env("RUST_LOG", "debug")
        .env("UGOLKI_BOARD_PX", "240")
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let t0 = std::time::Instant::now();
    loop {
        let ok = tokio::task::spawn_blocking(move || {
            TcpStream::connect(addr).is_ok() && get(addr, "/healthz").0 == "HTTP/1.1 200 OK"
        })
        .await
        .unwrap();
        if ok {
            break;
        }
        assert!(t0.elapsed() < Duration::from_secs(30), "never healthy");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    api.wait_for(0, WAIT, |c| c.is("SetMyCommands"))
        .await
        .unwrap();
    // SIGTERM: a clean stop.
    let pid = child.id() as libc::pid_t;
    // SAFETY: a signal to the child this test started.
    assert_eq!(unsafe { libc::kill(pid, libc::SIGTERM) }, 0);
    let out = tokio::task::spawn_blocking(move || child.wait_with_output())
        .await
        .unwrap()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let logs =
        String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    assert!(!logs.contains("SECRET-TOKEN-VALUE"), "the token was logged");
    let lines: Vec<serde_json::Value> = logs
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON ({e}): {l}")))
        .collect();
    assert!(
        lines
            .iter()
            .all(|l| l["level"].is_string() && l["timestamp"].is_string())
    );
    assert!(
        lines.iter().any(|l| l["level"] == "DEBUG"),
        "RUST_LOG=debug was not honoured"
    );
    assert!(
        lines.iter().any(|l| l["message"] == "stopped cleanly"),
        "{logs}"
    );
}

/// `GET path` on `addr`, failing (`None`) when nothing answers within 3 s.
fn get_within(addr: SocketAddr, path: &str) -> Option<(String, String)> {
    let mut s = TcpStream::connect(addr).ok()?;
    s.set_read_timeout(Some(Duration::from_secs(3))).ok()?;
    write!(
        s,
        "GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
    )
    .ok()?;
    let mut answer = String::new();
    s.read_to_string(&mut answer).ok()?;
    let (head, body) = answer.split_once("\r\n\r\n")?;
    Some((head.lines().next()?.to_string(), body.to_string()))
}

/// While Telegram cannot be reached at start-up (`getMe` failing), `/healthz` answers at
/// once, 503 with the reason, and `/metrics` counts every attempt; once Telegram answers,
/// the bot starts and is healthy.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn health_answers_while_the_first_calls_fail() {
    let api = FakeApi::start().await.unwrap();
    // Five failures: the retries back off 0.25, 0.5, 1, 2 and 4 s.
    for _ in 0..5 {
        api.fault_next(Some("getMe"), Fault::ServerError);
    }
    let bot = ChildBot::start(&api, false).await;
    let addr = bot.addr;
    // Some failures later, still starting.
    api.wait_for(0, WAIT, |c| c.is("getMe") && c.response.is_err())
        .await
        .expect("a failed getMe");
    tokio::time::sleep(Duration::from_millis(300)).await;
    let (status, body) = tokio::task::spawn_blocking(move || get_within(addr, "/healthz"))
        .await
        .unwrap()
        .expect("an answer from /healthz while Telegram fails");
    assert_eq!(status, "HTTP/1.1 503 Service Unavailable", "{body}");
    let json: serde_json::Value = serde_json::from_str(&body).unwrap();
    let reason = json["reason"].as_str().unwrap_or_default();
    assert!(
        reason.starts_with("starting: no answer from Telegram yet") && reason.contains("getMe"),
        "{body}"
    );
    let (_, metrics) = tokio::task::spawn_blocking(move || get_within(addr, "/metrics"))
        .await
        .unwrap()
        .expect("an answer from /metrics while Telegram fails");
    let failed = r#"ugolki_telegram_calls_total{method="GetMe",outcome="5xx"}"#;
    assert!((1.0..5.0).contains(&metric(&metrics, failed)), "{metrics}");
    // Telegram answers: the bot starts, healthy, having counted its start-up calls.
    api.wait_for(0, WAIT * 2, |c| c.is("SetMyCommands"))
        .await
        .expect("the bot started");
    let (status, body) = get_async(addr, "/healthz").await;
    assert_eq!(status, "HTTP/1.1 200 OK", "{body}");
    // The polling listener's first call (its webhook check) follows the menus.
    let started = [
        r#"ugolki_telegram_calls_total{method="GetMe",outcome="ok"}"#,
        r#"ugolki_telegram_calls_total{method="GetWebhookInfo",outcome="ok"}"#,
    ];
    let t0 = std::time::Instant::now();
    let metrics = loop {
        let (_, metrics) = get_async(addr, "/metrics").await;
        if started.iter().all(|s| metric(&metrics, s) >= 1.0) || t0.elapsed() > WAIT {
            break metrics;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    for series in started {
        assert!(metric(&metrics, series) >= 1.0, "{series}: {metrics}");
    }
    assert_eq!(metric(&metrics, failed), 5.0, "{metrics}");
    drop(bot);
}

/// A 5xx answer to a poll reaches the bot at once: it polls again after its own short
/// pause, not after teloxide's 10 s, so the next message is answered in seconds.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failed_poll_does_not_stall_the_bot() {
    let (h, _addr) = start_with(|_| {}).await;
    let a = alice();
    let dm = ugolki_bot::fakeapi::TgChat::Private(a.clone());
    // Polling, with a long poll under way.
    let ready = h.cursor();
    h.api.send_text(&dm, &a, "/help");
    h.expect(ready, "an answer", |c| c.is("SendMessage")).await;
    h.settle().await;
    h.api.set_polls_fail(true);
    // The poll under way delivers this; the next one fails.
    let c0 = h.cursor();
    h.api.send_text(&dm, &a, "/help");
    h.expect(c0, "the first answer", |c| c.is("SendMessage"))
        .await;
    h.api
        .wait_for(c0, WAIT, |c| c.is("GetUpdates") && c.response.is_err())
        .await
        .expect("a failed poll");
    h.api.set_polls_fail(false);
    let asked = std::time::Instant::now();
    let c1 = h.cursor();
    h.api.send_text(&dm, &a, "/help");
    h.expect(c1, "the answer after a failed poll", |c| {
        c.is("SendMessage")
    })
    .await;
    // teloxide would have held the failed poll's answer for 10 s before the next poll.
    assert!(
        asked.elapsed() < Duration::from_secs(6),
        "answered {:?} later",
        asked.elapsed()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_mini_apps_refusals_are_counted_by_reason() {
    let api = FakeApi::start().await.unwrap();
    let page = free_addr();
    let base = format!("http://{page}/");
    let env = [
        ("UGOLKI_WEBAPP_LISTEN", page.to_string()),
        ("UGOLKI_WEBAPP_URL", base.clone()),
    ];
    let bot = ChildBot::start_with_env(&api, true, &env).await;
    let client = reqwest::Client::new();
    // No session, twice; launch data signed for another bot, once.
    for _ in 0..2 {
        let r = client.get(format!("{base}api/games")).send().await.unwrap();
        assert_eq!(r.status().as_u16(), 401);
    }
    let who = serde_json::json!({ "id": 7, "first_name": "Eve" }).to_string();
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs()
        .to_string();
    let forged = ugolki_bot::bot::sign_init_data(&[("user", &who), ("auth_date", &now)], "1:OTHER");
    let r = client
        .post(format!("{base}api/session"))
        .header("Content-Type", "application/json")
        .body(serde_json::json!({ "init_data": forged }).to_string())
        .send()
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 401);
    let (_, body) = get_async(bot.addr, "/metrics").await;
    let refused = |code: &str| {
        metric(
            &body,
            &format!("ugolki_webapp_refused_total{{code=\"{code}\"}}"),
        )
    };
    assert_eq!(refused("no_session"), 2.0, "{body}");
    assert_eq!(refused("bad_init_data"), 1.0, "{body}");
    assert_eq!(metric(&body, "ugolki_webapp_games_watched"), 0.0);
}
