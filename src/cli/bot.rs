//! `ugolki bot`: configuration from flags and the environment, then the bot itself.

use super::CliError;
use crate::bot::{BotConfig, Updates};
use crate::game::{ChatId, Cluster, Millis, Solo, Storage, Timing};
use crate::store::postgres::{PgConfig, PgStore};
use crate::store::{SledStore, StoreConfig};
use clap::Args;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

/// `bot` arguments; every flag can also come from the environment.
#[derive(Args, Debug)]
pub struct BotArgs {
    /// The bot token from @BotFather.
    #[arg(long, env = "TELOXIDE_TOKEN", hide_env_values = true)]
    pub token: Option<String>,
    /// Where games are stored (created if missing).
    #[arg(long, env = "UGOLKI_DATA_DIR", default_value = "data")]
    pub data_dir: PathBuf,
    /// Keep games in this PostgreSQL database (`postgres://user:password@host/db`) instead
    /// of the data directory; several instances on one database elect one leader, the
    /// others stand by.
    #[arg(long, env = "UGOLKI_DATABASE_URL", hide_env_values = true)]
    pub database_url: Option<String>,
    /// Connections to the database for the store's calls.
    #[arg(long, env = "UGOLKI_DATABASE_POOL", default_value_t = 8)]
    pub database_pool: usize,
    /// Bot API server (default: Telegram's); tests and local Bot API servers set this.
    #[arg(long, env = "UGOLKI_API_URL")]
    pub api_url: Option<String>,
    /// Receive updates by webhook at this public HTTPS URL instead of long polling.
    #[arg(long, env = "UGOLKI_WEBHOOK_URL")]
    pub webhook_url: Option<String>,
    /// Address the webhook server listens on.
    #[arg(long, env = "UGOLKI_WEBHOOK_LISTEN", default_value = "0.0.0.0:8443")]
    pub webhook_listen: SocketAddr,
    /// Log filter (tracing syntax, e.g. `info` or `ugolki_bot=debug`); without it,
    /// `RUST_LOG`, else `info`.
    #[arg(long, env = "UGOLKI_LOG")]
    pub log: Option<String>,
    /// Log lines as text (for people) or JSON objects, one a line (for log shippers).
    #[arg(long, env = "UGOLKI_LOG_FORMAT", value_enum, default_value_t = LogFormat::Text)]
    pub log_format: LogFormat,
    /// Do not keep within Telegram's rate limits: only for raw-throughput benchmarks
    /// against the fake Bot API (a 429 is still honoured).
    #[arg(long, env = "UGOLKI_NO_PACING")]
    pub no_pacing: bool,
    /// Calls into one chat, private or group, as CALLS/SPAN (a burst, then spread out).
    #[arg(long, env = "UGOLKI_PACE_CHAT", default_value = "3/3s")]
    pub pace_chat: crate::bot::telegram::Window,
    /// New messages in one group, as CALLS/SPAN.
    #[arg(long, env = "UGOLKI_PACE_GROUP", default_value = "19/60s")]
    pub pace_group: crate::bot::telegram::Window,
    /// Messages and edits over all chats, as CALLS/SPAN.
    #[arg(long, env = "UGOLKI_PACE_GLOBAL", default_value = "29/1s")]
    pub pace_global: crate::bot::telegram::Window,
    /// Board picture size in pixels.
    #[arg(long, env = "UGOLKI_BOARD_PX", default_value_t = 720)]
    pub board_px: u32,
    /// AI level for moves made for a player who missed a per-move limit.
    #[arg(long, env = "UGOLKI_AUTO_MOVE_LEVEL", default_value_t = 2)]
    pub auto_move_level: u8,
    /// Actions one user may start per minute that cost work no game bounds (new games,
    /// `/board`, settings, refusal replies); moves are never limited. 0 = no limit.
    #[arg(long, env = "UGOLKI_ACTIONS_PER_MINUTE", default_value_t = crate::bot::DEFAULT_ACTIONS_PER_MINUTE)]
    pub actions_per_minute: u32,
    /// Untimed games nobody moves in for this many hours end as abandoned.
    #[arg(long, env = "UGOLKI_ABANDON_AFTER_HOURS", default_value_t = 7 * 24)]
    pub abandon_after_hours: u64,
    /// Open challenges lapse after this many seconds.
    #[arg(long, env = "UGOLKI_CHALLENGE_TTL_SECS", default_value_t = 600)]
    pub challenge_ttl_secs: u64,
    /// Draw offers lapse after this many seconds.
    #[arg(long, env = "UGOLKI_DRAW_OFFER_TTL_SECS", default_value_t = 120)]
    pub draw_offer_ttl_secs: u64,
    /// Challenges made through inline mode lapse after this many seconds.
    #[arg(
        long,
        env = "UGOLKI_INLINE_CHALLENGE_TTL_SECS",
        default_value_t = 86_400
    )]
    pub inline_challenge_ttl_secs: u64,
    /// A challenge accepted, declined, withdrawn or lapsed is removed from the store this
    /// many seconds later.
    #[arg(
        long,
        env = "UGOLKI_CHALLENGE_RETENTION_SECS",
        default_value_t = 86_400
    )]
    pub challenge_retention_secs: u64,
    /// How often, in seconds, the retention sweep looks for records past their retention.
    #[arg(long, env = "UGOLKI_SWEEP_EVERY_SECS", default_value_t = 60)]
    pub sweep_every_secs: u64,
    /// Serve `/healthz` and `/metrics` (Prometheus) on this address, e.g. 0.0.0.0:9090
    /// (off by default).
    #[arg(long, env = "UGOLKI_METRICS_LISTEN", alias = "health-listen")]
    pub metrics_listen: Option<SocketAddr>,
    /// `/healthz` answers 503 when Telegram has not answered a poll (or delivered an
    /// update to the webhook) for this many seconds.
    #[arg(long, env = "UGOLKI_UNHEALTHY_AFTER_SECS", default_value_t = 90)]
    pub unhealthy_after_secs: u64,
    /// Program searches run at once (default: one per core beyond the first, at least 1).
    #[arg(long, env = "UGOLKI_AI_THREADS")]
    pub ai_threads: Option<usize>,
    /// Threads for store calls, pictures and searches (tokio's blocking pool). Each
    /// waiting store call holds one, so this bounds threads and memory under load (each
    /// thread keeps an allocator heap: 16 threads peaked near 150 MB in the load test
    /// where 8 stayed under 130 MB, at the same throughput; docs/BENCHMARKS.md, "Load").
    #[arg(long, env = "UGOLKI_BLOCKING_THREADS", default_value_t = 8)]
    pub blocking_threads: usize,
    /// sled's page cache in MiB (part of the resident memory).
    #[arg(long, env = "UGOLKI_STORE_CACHE_MB", default_value_t = 16)]
    pub store_cache_mb: u64,
    /// A chat to upload inline games' board pictures to: a private channel of yours where
    /// the bot is an admin (Telegram edits an inline message only with a file id). Repeat
    /// it (or separate ids by commas) to spread uploads over more channels; without it,
    /// inline games are played on a board of buttons and text.
    // Channel ids are negative: `--media-chat -100…` must read as a value, not a flag.
    #[arg(
        long,
        env = "UGOLKI_MEDIA_CHAT",
        value_delimiter = ',',
        allow_hyphen_values = true
    )]
    pub media_chat: Vec<i64>,
    /// Serve the Mini App board (a web page inside Telegram) on this address, e.g.
    /// 127.0.0.1:8080 behind an HTTPS reverse proxy (off by default; needs --webapp-url).
    #[arg(long, env = "UGOLKI_WEBAPP_LISTEN")]
    pub webapp_listen: Option<SocketAddr>,
    /// The Mini App's public HTTPS address, forwarded to --webapp-listen (the URL given to
    /// BotFather); its path is the prefix the page is served under.
    #[arg(long, env = "UGOLKI_WEBAPP_URL")]
    pub webapp_url: Option<String>,
    /// The Mini App's short name from BotFather's /newapp: boards in groups and inline
    /// messages open it through https://t.me/<bot>/<short name> (without it they have no
    /// board button; private chats do).
    #[arg(long, env = "UGOLKI_WEBAPP_SHORT_NAME")]
    pub webapp_short_name: Option<String>,
    /// How old, in seconds, the signed launch data a page opens with may be.
    #[arg(long, env = "UGOLKI_WEBAPP_MAX_AGE_SECS", default_value_t = 86_400)]
    pub webapp_max_age_secs: u64,
}

/// The default number of concurrent program searches: leave a core for everything else.
fn default_ai_threads() -> usize {
    std::thread::available_parallelism()
        .map(|n| n.get().saturating_sub(1))
        .unwrap_or(1)
        .max(1)
}

impl BotArgs {
    /// The timing policy from the flags.
    pub fn timing(&self) -> Timing {
        let abandon = Millis(self.abandon_after_hours * 3_600_000);
        Timing {
            abandon_after: abandon,
            abandon_warning: Millis::days(1).min(Millis(abandon.0 / 2)),
            challenge_ttl: Millis::secs(self.challenge_ttl_secs),
            draw_offer_ttl: Millis::secs(self.draw_offer_ttl_secs),
            inline_challenge_ttl: Millis::secs(self.inline_challenge_ttl_secs),
            challenge_retention: Millis::secs(self.challenge_retention_secs),
            ..Timing::default()
        }
    }
}

/// How log lines are written.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum LogFormat {
    /// Human-readable lines.
    Text,
    /// One JSON object a line.
    Json,
}

/// Start logging as `--log` (or `RUST_LOG`) and `--log-format` say.
fn init_logs(a: &BotArgs) -> Result<(), CliError> {
    let spec = a
        .log
        .clone()
        .or_else(|| {
            std::env::var("RUST_LOG")
                .ok()
                .filter(|s| !s.trim().is_empty())
        })
        .unwrap_or_else(|| "info".into());
    let filter = tracing_subscriber::EnvFilter::try_new(&spec)
        .map_err(|e| CliError::usage(format!("log filter {spec:?}: {e}")))?;
    let logs = tracing_subscriber::fmt().with_env_filter(filter);
    // A second call (tests run several bots in one process) keeps the first subscriber.
    let _ = match a.log_format {
        LogFormat::Text => logs.try_init(),
        LogFormat::Json => logs.json().flatten_event(true).try_init(),
    };
    Ok(())
}

/// `--metrics-listen`, or the environment variable an earlier release read
/// (`UGOLKI_HEALTH_LISTEN`), so a deployment that sets it keeps its health check.
fn metrics_listen(a: &BotArgs) -> Option<SocketAddr> {
    a.metrics_listen.or_else(|| {
        let old = std::env::var("UGOLKI_HEALTH_LISTEN").ok()?;
        match old.parse() {
            Ok(addr) => {
                tracing::warn!("UGOLKI_HEALTH_LISTEN is read as UGOLKI_METRICS_LISTEN; rename it");
                Some(addr)
            }
            Err(e) => {
                tracing::warn!(error = %e, "UGOLKI_HEALTH_LISTEN is not an address; ignored");
                None
            }
        }
    })
}

/// The Mini App's configuration from the flags: both the address and the URL, or neither.
fn webapp(a: &BotArgs) -> Result<Option<crate::bot::WebAppConfig>, CliError> {
    let (listen, url) = match (a.webapp_listen, a.webapp_url.as_deref()) {
        (None, None) => return Ok(None),
        (Some(l), Some(u)) => (l, u),
        _ => {
            return Err(CliError::usage(
                "--webapp-listen and --webapp-url go together: where the page is served, and the public HTTPS address that reaches it",
            ));
        }
    };
    let url: url::Url = url
        .parse()
        .map_err(|e| CliError::usage(format!("--webapp-url {url}: {e}")))?;
    let loopback = matches!(url.host_str(), Some("localhost" | "127.0.0.1" | "[::1]"));
    if url.scheme() != "https" && !loopback {
        return Err(CliError::usage(format!(
            "--webapp-url {url}: Telegram opens Mini Apps over HTTPS only"
        )));
    }
    if let Some(s) = &a.webapp_short_name
        && (s.is_empty() || !s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'))
    {
        return Err(CliError::usage(format!(
            "--webapp-short-name {s:?}: letters, digits and underscores, as BotFather takes it"
        )));
    }
    Ok(Some(crate::bot::WebAppConfig {
        listen,
        url,
        short_name: a.webapp_short_name.clone(),
        max_age: std::time::Duration::from_secs(a.webapp_max_age_secs.max(60)),
    }))
}

/// Run the bot until SIGINT/SIGTERM.
pub fn run(a: &BotArgs) -> Result<(), CliError> {
    init_logs(a)?;
    let token = match a.token.as_deref().map(str::trim) {
        Some(t) if !t.is_empty() => t.to_string(),
        _ => {
            return Err(CliError::usage(
                "no bot token: set TELOXIDE_TOKEN (or --token). Create a bot and get its token from \
                 @BotFather in Telegram (https://t.me/BotFather, command /newbot).",
            ));
        }
    };
    let timing = a.timing();
    let webapp = webapp(a)?;
    let (store, cluster): (Arc<dyn Storage>, Arc<dyn Cluster>) = match &a.database_url {
        Some(url) => {
            let pg = PgStore::open(&PgConfig {
                pool: a.database_pool.max(1),
                timing,
                // A standby started again while the database cannot be reached waits
                // for it (a wrong password or database name still stops it at once).
                connect_wait: std::time::Duration::from_secs(365 * 86_400),
                ..PgConfig::new(url)
            })
            .map_err(|e| CliError {
                message: e.to_string(),
                code: 1,
            })?;
            tracing::info!(database = %pg.target(), "games are kept in PostgreSQL");
            let cluster = pg.cluster();
            (Arc::new(pg), cluster)
        }
        None => {
            let store = SledStore::open(&StoreConfig {
                timing,
                cache_bytes: a.store_cache_mb.max(1) << 20,
                ..StoreConfig::at(&a.data_dir)
            })
            .map_err(|e| CliError {
                message: e.to_string(),
                code: 1,
            })?;
            (Arc::new(store), Arc::new(Solo::default()))
        }
    };
    let cfg = BotConfig {
        taps: Arc::default(),
        token,
        api_url: a.api_url.clone(),
        updates: match &a.webhook_url {
            Some(url) => Updates::Webhook {
                url: url.clone(),
                listen: a.webhook_listen,
            },
            None => Updates::Polling,
        },
        pacing: (!a.no_pacing).then_some(crate::bot::telegram::PaceLimits {
            chat: a.pace_chat,
            group_sends: a.pace_group,
            global: a.pace_global,
        }),
        board_px: a.board_px,
        auto_move_level: a.auto_move_level.clamp(1, 5),
        actions_per_minute: a.actions_per_minute,
        actions_window: crate::bot::ACTIONS_WINDOW,
        timing,
        ai_threads: a.ai_threads.unwrap_or_else(default_ai_threads).max(1),
        metrics_listen: metrics_listen(a),
        unhealthy_after: std::time::Duration::from_secs(a.unhealthy_after_secs.max(1)),
        media_chats: a.media_chat.iter().map(|c| ChatId(*c)).collect(),
        sweep_every: std::time::Duration::from_secs(a.sweep_every_secs.max(1)),
        clock: Arc::default(),
        webapp,
    };
    tracing::info!(data_dir = %a.data_dir.display(), api = a.api_url.as_deref().unwrap_or("telegram"), "starting the bot");
    let rt = tokio::runtime::Builder::new_multi_thread()
        .max_blocking_threads(a.blocking_threads.max(2))
        .enable_all()
        .build()
        .map_err(|e| CliError {
            message: format!("cannot start the runtime: {e}"),
            code: 1,
        })?;
    rt.block_on(crate::bot::run_in(cfg, store, cluster))
        .map_err(|e| CliError {
            message: e.to_string(),
            code: 1,
        })
}

/// `health` arguments.
#[derive(Args, Debug)]
pub struct HealthArgs {
    /// The bot's metrics address (as given to `ugolki bot --metrics-listen`; an
    /// unspecified address such as 0.0.0.0 is asked on this host's loopback).
    #[arg(long, env = "UGOLKI_METRICS_LISTEN", default_value = "127.0.0.1:9090")]
    pub addr: SocketAddr,
}

/// Ask the bot's `/healthz`; healthy is exit code 0.
pub fn health(a: &HealthArgs, out: &mut dyn std::io::Write) -> Result<(), CliError> {
    let mut addr = a.addr;
    if addr.ip().is_unspecified() {
        addr.set_ip(match addr {
            SocketAddr::V4(_) => std::net::Ipv4Addr::LOCALHOST.into(),
            SocketAddr::V6(_) => std::net::Ipv6Addr::LOCALHOST.into(),
        });
    }
    let fail = |message: String| CliError { message, code: 1 };
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| fail(e.to_string()))?;
    match rt.block_on(crate::bot::health::probe(addr)) {
        Ok(true) => writeln!(out, "healthy").map_err(|e| fail(e.to_string())),
        Ok(false) => Err(fail(format!(
            "unhealthy: http://{addr}/healthz did not answer 200"
        ))),
        Err(e) => Err(fail(format!("no answer from http://{addr}/healthz: {e}"))),
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Cli, Command};
    use clap::Parser;

    fn media_chats(args: &[&str]) -> Vec<i64> {
        let cli = Cli::try_parse_from(args).expect("the flags parse");
        match cli.command {
            Command::Bot(b) => b.media_chat,
            other => panic!("not the bot: {other:?}"),
        }
    }

    #[test]
    fn a_channel_id_is_a_value_of_media_chat_not_a_flag() {
        // As docs/OPERATIONS.md writes it: a channel's id is negative.
        assert_eq!(
            media_chats(&["ugolki", "bot", "--media-chat", "-1002000000203"]),
            vec![-1_002_000_000_203]
        );
        assert_eq!(
            media_chats(&[
                "ugolki",
                "bot",
                "--media-chat",
                "-1001,-1002",
                "--board-px",
                "320"
            ]),
            vec![-1001, -1002]
        );
        assert_eq!(
            media_chats(&["ugolki", "bot", "--media-chat=-1003"]),
            vec![-1003]
        );
        assert!(Cli::try_parse_from(["ugolki", "bot", "--media-chat", "channel"]).is_err());
    }
}
