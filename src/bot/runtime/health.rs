//! `/healthz` and `/metrics` (Prometheus text format) on their own port, for Docker's
//! HEALTHCHECK, an orchestrator's probes and a scraper. They answer beside the dispatcher
//! however busy it is.
//!
//! Healthy means: the bot is not stopping, its store answers a read within
//! [`STORE_TIMEOUT`], and Telegram answered a poll or delivered an update within
//! `--unhealthy-after-secs` ([`UNHEALTHY_AFTER`] by default: a bot that hears nothing from
//! Telegram serves nobody, whatever the cause). Unhealthy answers 503 with the reason in a
//! short JSON object.

use crate::bot::metrics;
use crate::bot::state::App;
use axum::Router;
use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use serde_json::json;
use std::net::SocketAddr;
use std::sync::atomic::Ordering;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

/// How long the health check waits for the store.
pub const STORE_TIMEOUT: Duration = Duration::from_secs(3);

/// How old the last answer from Telegram may be, by default. A long poll is answered
/// within [`crate::bot::dispatch::updates::POLL_TIMEOUT`] even when nobody writes, and a webhook bot asks
/// about its webhook every [`crate::bot::dispatch::updates::WEBHOOK_CHECK`]; three of those missed is an
/// outage.
pub const UNHEALTHY_AFTER: Duration = Duration::from_secs(90);

/// Bind `addr` (before the bot connects to Telegram, so a taken port fails the start).
pub async fn bind(addr: SocketAddr) -> std::io::Result<TcpListener> {
    TcpListener::bind(addr).await
}

/// The routes, for [`serve`] (and tests).
pub fn router(app: App) -> Router {
    Router::new()
        .route("/healthz", get(healthz))
        .route("/metrics", get(render_metrics))
        .with_state(app)
}

/// Serve `/healthz` and `/metrics` on `listener` until the process ends.
pub async fn serve(listener: TcpListener, app: App) {
    if let Err(e) = axum::serve(listener, router(app)).await {
        tracing::warn!(error = %e, "the health endpoint stopped");
    }
}

async fn healthz(State(app): State<App>) -> Response {
    match health(&app).await {
        Ok(None) => (
            StatusCode::OK,
            axum::Json(json!({ "status": "ok", "role": "standby" })),
        )
            .into_response(),
        Ok(Some(age)) => (
            StatusCode::OK,
            axum::Json(json!({ "status": "ok", "role": "leader", "updates_age_seconds": age.as_secs_f64() })),
        )
            .into_response(),
        Err(reason) => (
            StatusCode::SERVICE_UNAVAILABLE,
            axum::Json(json!({ "status": "unhealthy", "reason": reason })),
        )
            .into_response(),
    }
}

/// The age of the last answer from Telegram when healthy (see the module documentation;
/// `None` for a standby, which asks Telegram nothing), else why not.
async fn health(app: &App) -> Result<Option<Duration>, String> {
    if app.tasks.is_stopping() {
        return Err("stopping".into());
    }
    if let Some(why) = app.cluster.trouble() {
        return Err(why);
    }
    // One key's read: it goes through the same store, without scanning it.
    let read = app
        .games
        .run(|s| s.store().chat(crate::game::ChatId(0)).map(|_| ()));
    match tokio::time::timeout(STORE_TIMEOUT, read).await {
        Ok(Ok(())) => {}
        Ok(Err(e)) => return Err(format!("the store cannot be read: {e}")),
        Err(_) => {
            return Err(format!(
                "the store did not answer within {} s",
                STORE_TIMEOUT.as_secs()
            ));
        }
    }
    if *app.cluster.role().borrow() != crate::game::Role::Leader {
        return Ok(None);
    }
    match app.tg.live().age() {
        None => Err(match app.tg.live().failing() {
            Some(why) => format!("starting: no answer from Telegram yet ({why})"),
            None => "starting: no answer from Telegram yet".into(),
        }),
        Some(age) if age > app.tuning.unhealthy_after => {
            Err(format!("no answer from Telegram for {} s", age.as_secs()))
        }
        Some(age) => Ok(Some(age)),
    }
}

async fn render_metrics(State(app): State<App>) -> Response {
    set_gauges(&app).await;
    (
        [(header::CONTENT_TYPE, "text/plain; version=0.0.4")],
        metrics::handle().render(),
    )
        .into_response()
}

/// The gauges, read when scraped: they describe the moment, not events.
async fn set_gauges(app: &App) {
    let gauge = |name: &'static str, v: f64| ::metrics::gauge!(name).set(v);
    gauge("ugolki_up", f64::from(u8::from(!app.tasks.is_stopping())));
    gauge("ugolki_uptime_seconds", app.tasks.uptime().as_secs_f64());
    if let Ok(ids) = app.games.run(|s| s.active_game_ids()).await {
        gauge("ugolki_games_active", ids.len() as f64);
    }
    if let Some(age) = app.tg.live().age() {
        gauge("ugolki_updates_age_seconds", age.as_secs_f64());
    }
    let thinking = app.tasks.thinking();
    gauge("ugolki_program_moves_in_flight", thinking as f64);
    gauge("ugolki_boards_queued", app.views.boards().busy() as f64);
    gauge(
        "ugolki_webapp_games_watched",
        app.views.pages().watched() as f64,
    );
    gauge("ugolki_replays_queued", app.tasks.replays().queued() as f64);
    gauge(
        "ugolki_analyses_waiting",
        app.tasks.analyses().waiting() as f64,
    );
    let counter = |name: &'static str, v: u64| ::metrics::counter!(name).absolute(v);
    let pace = app.tg.pacer().stats();
    counter("ugolki_pacing_waits_total", pace.waited);
    counter("ugolki_pacing_wait_milliseconds_total", pace.waited_ms);
    let boards = app.views.boards().stats();
    counter("ugolki_boards_sent_total", boards.sent);
    counter("ugolki_boards_coalesced_total", boards.coalesced);
    counter(
        "ugolki_replies_collapsed_total",
        app.people.replies().collapsed(),
    );
    counter(
        "ugolki_timers_fired_total",
        app.tasks.timers().fired.load(Ordering::Relaxed),
    );
    counter(
        "ugolki_timers_errors_total",
        app.tasks.timers().errors.load(Ordering::Relaxed),
    );
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
