//! The operator's endpoints: `/healthz` answers 200 while the bot runs, `/metrics` counts
//! what the bot did (games, Telegram's 429s and 5xx, board edits, timers) in the
//! Prometheus text format, and `ugolki health` (Docker's HEALTHCHECK) reads the first.

mod common;

use common::harness::*;
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::sync::Arc;
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
    write!(s, "GET {path} HTTP/1.1\r\nHost: x\r\n\r\n").unwrap();
    let mut answer = String::new();
    s.read_to_string(&mut answer).unwrap();
    let (head, body) = answer.split_once("\r\n\r\n").unwrap();
    (head.lines().next().unwrap().to_string(), body.to_string())
}

/// The value of an unlabelled metric in a Prometheus text body.
fn metric(body: &str, name: &str) -> f64 {
    body.lines()
        .find_map(|l| l.strip_prefix(&format!("{name} ")))
        .unwrap_or_else(|| panic!("no {name} in:\n{body}"))
        .parse()
        .unwrap()
}

async fn start() -> (Harness, SocketAddr) {
    let addr = free_addr();
    let api = FakeApi::start().await.unwrap();
    let mut cfg = config(&api, Timing::default());
    cfg.health = Some(addr);
    let h = Harness::start_with_config(api, Arc::new(MemoryStore::new()), cfg).await;
    (h, addr)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn health_and_metrics_follow_the_bot() {
    let (h, addr) = start().await;
    let (status, body) = tokio::task::spawn_blocking(move || get(addr, "/healthz"))
        .await
        .unwrap();
    assert_eq!(status, "HTTP/1.1 200 OK");
    assert_eq!(body, "ok\n");
    let (status, _) = tokio::task::spawn_blocking(move || get(addr, "/nothing"))
        .await
        .unwrap();
    assert_eq!(status, "HTTP/1.1 404 Not Found");

    let (_, before) = tokio::task::spawn_blocking(move || get(addr, "/metrics"))
        .await
        .unwrap();
    assert_eq!(metric(&before, "ugolki_up"), 1.0);
    assert_eq!(metric(&before, "ugolki_games_active"), 0.0);
    assert_eq!(metric(&before, "ugolki_telegram_429_total"), 0.0);

    // A game in the group, whose board post draws a 429 and then a 500 (both retried).
    let (g, a, b) = (group(), alice(), boris());
    let c0 = h.cursor();
    h.api.send_text(&g, &a, "/new classic");
    let ch = h
        .expect(c0, "challenge", |c| {
            c.is("SendMessage") && !c.buttons().is_empty()
        })
        .await;
    h.api
        .fault_next(Some("sendPhoto"), Fault::TooManyRequests(1));
    h.api.fault_next(Some("sendPhoto"), Fault::ServerError);
    let accept = button(&ch, "c:", "Accept");
    let c1 = h.cursor();
    h.api.tap(&g, &b, message_id(&ch), &accept);
    // teloxide itself pauses 10 s after a 5xx before the bot sees the error and retries.
    h.api
        .wait_for(c1, std::time::Duration::from_secs(30), |c| {
            c.is("SendPhoto") && c.response.is_ok()
        })
        .await
        .expect("the board, posted on the third try");
    h.settle().await;

    let (_, after) = tokio::task::spawn_blocking(move || get(addr, "/metrics"))
        .await
        .unwrap();
    assert_eq!(metric(&after, "ugolki_games_active"), 1.0);
    assert_eq!(metric(&after, "ugolki_telegram_429_total"), 1.0);
    assert_eq!(
        metric(&after, "ugolki_telegram_transient_errors_total"),
        1.0
    );
    assert!(metric(&after, "ugolki_boards_sent_total") >= 1.0);
    assert!(after.contains("# TYPE ugolki_telegram_429_total counter"));
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
