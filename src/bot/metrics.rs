//! The bot's Prometheus metrics, through the `metrics` facade: events are counted where
//! they happen (here for Telegram and updates, in the game service for moves, game ends
//! and store commits, in the scheduler for timer lag), and `/metrics` renders them with
//! `metrics-exporter-prometheus`. The names are listed in docs/OPERATIONS.md.

use std::sync::OnceLock;
use std::time::Duration;
use teloxide::types::{Update, UpdateKind};

pub use metrics_exporter_prometheus::PrometheusHandle;

/// Counter: Telegram calls by `method` and `outcome` (`ok`, `429`, `5xx`, `network`,
/// `forbidden` (the chat is closed to the bot), `not_sent` (into a chat known to be
/// closed: no call made), `error` for any other refusal).
pub const TELEGRAM_CALLS_TOTAL: &str = "ugolki_telegram_calls_total";
/// Histogram: seconds a Telegram call took, by `method` (long polls excluded).
pub const TELEGRAM_CALL_SECONDS: &str = "ugolki_telegram_call_seconds";
/// Counter: updates received, by `kind` (`message`, `callback_query`, `other`: the bot
/// asks for the kinds its handlers take, so `other` stays rare).
pub const UPDATES_TOTAL: &str = "ugolki_updates_total";
/// Histogram: seconds a program move's search took, by `level`.
pub const PROGRAM_SEARCH_SECONDS: &str = "ugolki_program_search_seconds";
/// Counter: taps answered after a call made on their behalf (a bug: a tap's answer goes
/// first).
pub const TAPS_ANSWERED_LATE: &str = "ugolki_taps_answered_late_total";
/// Counter: records the retention sweep removed (challenges past their retention).
pub const RETENTION_REMOVED_TOTAL: &str = "ugolki_retention_removed_total";

/// Counter: the Mini App's refused calls, by `code` (`bad_init_data`, `no_session`,
/// `too_many_requests`, `not_your_game`, `bad_request`, ...; docs/WEBAPP.md).
pub const WEBAPP_REFUSED_TOTAL: &str = "ugolki_webapp_refused_total";
/// Gauge: the Mini App's live streams open.
pub const WEBAPP_STREAMS: &str = "ugolki_webapp_streams";

/// Bucket bounds for every histogram, in seconds: from a millisecond (a store commit, a
/// keyboard edit) to half a minute (a 429's wait, a level-5 search).
const BUCKETS: [f64; 14] = [
    0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0,
];

/// The process's recorder: installed by the first bot to start (tests start several in one
/// process; they share it).
pub fn handle() -> &'static PrometheusHandle {
    static HANDLE: OnceLock<PrometheusHandle> = OnceLock::new();
    HANDLE.get_or_init(|| {
        let builder = metrics_exporter_prometheus::PrometheusBuilder::new();
        let recorder = match builder.set_buckets(&BUCKETS) {
            Ok(b) => b.build_recorder(),
            // Only an empty bucket list is refused.
            Err(_) => metrics_exporter_prometheus::PrometheusBuilder::new().build_recorder(),
        };
        let handle = recorder.handle();
        if metrics::set_global_recorder(recorder).is_err() {
            tracing::warn!("another metrics recorder is installed; /metrics shows only gauges");
        }
        describe();
        handle
    })
}

fn describe() {
    use crate::game::{scheduler, service};
    use metrics::{Unit, describe_counter, describe_gauge, describe_histogram};
    describe_counter!(
        TELEGRAM_CALLS_TOTAL,
        "Telegram Bot API calls by method and outcome."
    );
    describe_histogram!(
        TELEGRAM_CALL_SECONDS,
        Unit::Seconds,
        "Telegram call latency by method."
    );
    describe_counter!(UPDATES_TOTAL, "Updates received from Telegram, by kind.");
    describe_counter!(
        RETENTION_REMOVED_TOTAL,
        "Records removed by the retention sweep (challenges past their retention)."
    );
    describe_counter!(WEBAPP_REFUSED_TOTAL, "Mini App calls refused, by code.");
    describe_gauge!(WEBAPP_STREAMS, "Mini App live streams open.");
    describe_histogram!(
        PROGRAM_SEARCH_SECONDS,
        Unit::Seconds,
        "The program's move searches."
    );
    describe_counter!(
        TAPS_ANSWERED_LATE,
        "Taps answered after a call made on their behalf (should stay 0)."
    );
    // Shown at 0 from the start: an alert on it needs the series to exist.
    metrics::counter!(TAPS_ANSWERED_LATE).absolute(0);
    describe_counter!(service::MOVES_TOTAL, "Moves stored, by who made them.");
    describe_counter!(service::GAMES_ENDED_TOTAL, "Games ended, by reason.");
    describe_histogram!(
        service::STORE_COMMIT_SECONDS,
        Unit::Seconds,
        "Store commits."
    );
    describe_histogram!(
        scheduler::TIMER_LAG_SECONDS,
        Unit::Seconds,
        "How late deadlines fired."
    );
    for (name, help) in GAUGES {
        describe_gauge!(*name, *help);
    }
    for (name, help) in COUNTERS {
        describe_counter!(*name, *help);
    }
}

/// Gauges set when `/metrics` is read (see [`crate::bot::runtime::health`]).
pub const GAUGES: &[(&str, &str)] = &[
    ("ugolki_up", "1 while the bot runs and is not stopping."),
    ("ugolki_uptime_seconds", "Seconds since the bot started."),
    ("ugolki_games_active", "Games being played."),
    (
        "ugolki_updates_age_seconds",
        "Seconds since Telegram last answered getUpdates or delivered an update.",
    ),
    (
        "ugolki_program_moves_in_flight",
        "The program's searches running or waiting for a core.",
    ),
    (
        "ugolki_boards_queued",
        "Boards with an update waiting for its slot or a retry.",
    ),
    (
        "ugolki_webapp_games_watched",
        "Games with a Mini App page open on them.",
    ),
    (
        "ugolki_replays_queued",
        "Game-end replays and records waiting to be drawn.",
    ),
    (
        "ugolki_analyses_waiting",
        "Game analyses asked for and waiting for the one being made.",
    ),
];

/// Counters kept by the bot's parts themselves, copied when `/metrics` is read.
pub const COUNTERS: &[(&str, &str)] = &[
    (
        "ugolki_pacing_waits_total",
        "Calls that waited for a slot under Telegram's limits.",
    ),
    (
        "ugolki_pacing_wait_milliseconds_total",
        "Time calls spent waiting for their slot.",
    ),
    ("ugolki_boards_sent_total", "Board edits and posts sent."),
    (
        "ugolki_boards_coalesced_total",
        "Board updates replaced by a newer one while waiting.",
    ),
    (
        "ugolki_replies_collapsed_total",
        "Refusal replies to one person collapsed into a later one.",
    ),
    (
        "ugolki_timers_fired_total",
        "Deadlines fired (clocks, per-move limits, reminders, offers).",
    ),
    (
        "ugolki_timers_errors_total",
        "Deadlines that could not fire (logged).",
    ),
];

/// Count one attempt of a Telegram call that came to `outcome` (see
/// [`crate::bot::telegram::outcome`]).
pub fn telegram_call(method: &'static str, outcome: &'static str, took: Duration) {
    metrics::counter!(TELEGRAM_CALLS_TOTAL, "method" => method, "outcome" => outcome).increment(1);
    if method != "GetUpdates" {
        metrics::histogram!(TELEGRAM_CALL_SECONDS, "method" => method).record(took.as_secs_f64());
    }
}

/// Count an update by kind.
pub fn update(u: &Update) {
    let kind = match u.kind {
        UpdateKind::Message(_) => "message",
        UpdateKind::CallbackQuery(_) => "callback_query",
        _ => "other",
    };
    metrics::counter!(UPDATES_TOTAL, "kind" => kind).increment(1);
}

/// Count a refused Mini App call.
pub fn webapp_refused(code: &'static str) {
    metrics::counter!(WEBAPP_REFUSED_TOTAL, "code" => code).increment(1);
}

/// A Mini App live stream opened (`1.0`) or closed (`-1.0`).
pub fn webapp_streams(delta: f64) {
    metrics::gauge!(WEBAPP_STREAMS).increment(delta);
}
