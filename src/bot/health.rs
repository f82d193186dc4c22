//! `/healthz` and `/metrics` (the Prometheus text format) on a plain HTTP port, for
//! Docker's HEALTHCHECK, an orchestrator's probes and a scraper. Written over tokio: two
//! read-only routes do not justify a web framework, and they answer beside the dispatcher
//! however busy it is.
//!
//! Healthy means: the bot is not stopping and its store answers a read within
//! [`STORE_TIMEOUT`]. A bot that cannot reach Telegram is still healthy (it retries, and
//! restarting it would not help); its failed calls show in the metrics.

use super::app::App;
use std::fmt::Write as _;
use std::net::SocketAddr;
use std::sync::atomic::Ordering;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

/// How long the health check waits for the store.
pub const STORE_TIMEOUT: Duration = Duration::from_secs(3);

/// A request is read up to this many bytes (its first line is all that is used).
const REQUEST_MAX: usize = 8 * 1024;

/// Bind `addr` (before the bot connects to Telegram, so a taken port fails the start).
pub async fn bind(addr: SocketAddr) -> std::io::Result<TcpListener> {
    TcpListener::bind(addr).await
}

/// Serve `/healthz` and `/metrics` on `listener` until the process ends.
pub async fn serve(listener: TcpListener, app: App) {
    loop {
        let (stream, _) = match listener.accept().await {
            Ok(s) => s,
            Err(e) => {
                tracing::warn!(error = %e, "health endpoint: accept failed");
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        let app = app.clone();
        tokio::spawn(async move {
            let _ = tokio::time::timeout(Duration::from_secs(10), answer(stream, &app)).await;
        });
    }
}

async fn answer(mut stream: TcpStream, app: &App) -> std::io::Result<()> {
    let mut buf = Vec::with_capacity(512);
    let mut chunk = [0u8; 1024];
    while !buf.windows(4).any(|w| w == b"\r\n\r\n") && buf.len() < REQUEST_MAX {
        let n = stream.read(&mut chunk).await?;
        if n == 0 {
            break;
        }
        buf.extend_from_slice(&chunk[..n]);
    }
    let head = String::from_utf8_lossy(&buf);
    let mut words = head.lines().next().unwrap_or("").split_whitespace();
    let (method, path) = (words.next().unwrap_or(""), words.next().unwrap_or(""));
    let path = path.split('?').next().unwrap_or("");
    let (status, kind, body) = match (method, path) {
        ("GET" | "HEAD", "/healthz") => match health(app).await {
            Ok(()) => ("200 OK", "text/plain", "ok\n".to_string()),
            Err(why) => (
                "503 Service Unavailable",
                "text/plain",
                format!("unhealthy: {why}\n"),
            ),
        },
        ("GET" | "HEAD", "/metrics") => ("200 OK", "text/plain; version=0.0.4", metrics(app).await),
        ("GET" | "HEAD", _) => ("404 Not Found", "text/plain", "not found\n".into()),
        _ => ("405 Method Not Allowed", "text/plain", "GET only\n".into()),
    };
    let mut out = format!(
        "HTTP/1.1 {status}\r\nContent-Type: {kind}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    if method != "HEAD" {
        out.push_str(&body);
    }
    stream.write_all(out.as_bytes()).await?;
    stream.shutdown().await
}

/// `Ok` when healthy (see the module documentation), else why not.
async fn health(app: &App) -> Result<(), String> {
    if app.stopping.load(Ordering::SeqCst) {
        return Err("stopping".into());
    }
    let read = app
        .games
        .run(|s| s.store().all_chat_games().map(|g| g.len()));
    match tokio::time::timeout(STORE_TIMEOUT, read).await {
        Ok(Ok(_)) => Ok(()),
        Ok(Err(e)) => Err(format!("the store cannot be read: {e}")),
        Err(_) => Err(format!(
            "the store did not answer within {} s",
            STORE_TIMEOUT.as_secs()
        )),
    }
}

/// The metrics in the Prometheus text format.
async fn metrics(app: &App) -> String {
    let mut out = String::new();
    let mut metric = |name: &str, kind: &str, help: &str, value: String| {
        let _ = writeln!(
            out,
            "# HELP {name} {help}\n# TYPE {name} {kind}\n{name} {value}"
        );
    };
    let active = app
        .games
        .run(|s| {
            let mut ids: Vec<u64> = s
                .store()
                .all_chat_games()?
                .into_iter()
                .map(|(_, g)| g.0)
                .collect();
            ids.sort_unstable();
            ids.dedup();
            Ok::<_, crate::game::ServiceError>(ids.len())
        })
        .await;
    metric(
        "ugolki_up",
        "gauge",
        "1 while the bot runs and is not stopping.",
        u8::from(!app.stopping.load(Ordering::SeqCst)).to_string(),
    );
    metric(
        "ugolki_uptime_seconds",
        "gauge",
        "Seconds since the bot started.",
        format!("{:.1}", app.started.elapsed().as_secs_f64()),
    );
    if let Ok(n) = active {
        metric(
            "ugolki_games_active",
            "gauge",
            "Games being played (with a board in some chat).",
            n.to_string(),
        );
    }
    let thinking = app.thinking.lock().unwrap_or_else(|e| e.into_inner()).len();
    metric(
        "ugolki_program_moves_in_flight",
        "gauge",
        "The program's searches running or queued.",
        thinking.to_string(),
    );
    let pace = app.pacer.stats();
    metric(
        "ugolki_telegram_429_total",
        "counter",
        "Telegram calls answered 429 Too Many Requests.",
        pace.too_many_requests.to_string(),
    );
    metric(
        "ugolki_telegram_transient_errors_total",
        "counter",
        "Telegram calls that failed with a 5xx or a network error (each was retried).",
        pace.transient_errors.to_string(),
    );
    metric(
        "ugolki_pacing_waits_total",
        "counter",
        "Calls that waited for a slot under Telegram's rate limits.",
        pace.waited.to_string(),
    );
    metric(
        "ugolki_pacing_wait_seconds_total",
        "counter",
        "Time calls spent waiting for their slot.",
        format!("{:.3}", pace.waited_ms as f64 / 1000.0),
    );
    let boards = app.boards.stats();
    for (name, help, v) in [
        ("sent", "Board edits and posts sent.", boards.sent),
        (
            "coalesced",
            "Board updates replaced by a newer one while waiting.",
            boards.coalesced,
        ),
        (
            "unchanged",
            "Board updates found already shown.",
            boards.unchanged,
        ),
        (
            "older_dropped",
            "Board states older than the one shown (dropped).",
            boards.older,
        ),
    ] {
        metric(
            &format!("ugolki_boards_{name}_total"),
            "counter",
            help,
            v.to_string(),
        );
    }
    metric(
        "ugolki_boards_queued",
        "gauge",
        "Boards with an update waiting for its slot or a retry.",
        app.boards.busy().to_string(),
    );
    metric(
        "ugolki_replies_collapsed_total",
        "counter",
        "Refusal replies to one person collapsed into a later one.",
        app.replies.collapsed().to_string(),
    );
    let timers = &app.timers;
    metric(
        "ugolki_timers_fired_total",
        "counter",
        "Deadlines fired (clocks, per-move limits, reminders, lapsed offers).",
        timers.fired.load(Ordering::Relaxed).to_string(),
    );
    metric(
        "ugolki_timers_errors_total",
        "counter",
        "Deadlines that could not fire (logged).",
        timers.errors.load(Ordering::Relaxed).to_string(),
    );
    metric(
        "ugolki_timers_last_lag_seconds",
        "gauge",
        "How late the last fired deadline fired.",
        format!(
            "{:.3}",
            timers.last_lag_ms.load(Ordering::Relaxed) as f64 / 1000.0
        ),
    );
    out
}

/// `ugolki health`: ask a running bot's `/healthz` at `addr`; true if healthy.
pub async fn probe(addr: SocketAddr) -> Result<bool, std::io::Error> {
    let mut s = tokio::time::timeout(Duration::from_secs(5), TcpStream::connect(addr))
        .await
        .map_err(|_| std::io::Error::new(std::io::ErrorKind::TimedOut, "connect timed out"))??;
    s.write_all(b"GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
        .await?;
    let mut answer = Vec::new();
    tokio::time::timeout(Duration::from_secs(5), s.read_to_end(&mut answer))
        .await
        .map_err(|_| std::io::Error::new(std::io::ErrorKind::TimedOut, "no answer"))??;
    Ok(answer.starts_with(b"HTTP/1.1 200"))
}
