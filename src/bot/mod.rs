//! The Telegram adapter. [`schema`] routes every update through its stages to one
//! feature module per command or button (`start`, `program`, `training`, `challenges`,
//! `moves`, `actions`, `settings`, `migration`, `stats`); below them, the flow after a
//! change, board messages, sending and pacing, keyboards, texts and the timer task.
//! Everything here translates between Telegram and the game service; no rules and no
//! storage details live here.

mod chat;
pub(crate) mod controls;
mod dispatch;
mod error;
mod features;
mod metrics;
mod play;
mod runtime;
mod state;
pub(crate) mod telegram;
pub(crate) mod texts;
mod webapp;

pub(crate) use controls::callback;
use controls::commands;
use dispatch::{schema, updates};
use features::membership;
pub(crate) use runtime::health;
use runtime::{recover, retention, timer};
use state::liveness::Liveness;
use state::replays;
use telegram as tg;

pub use error::BotError;
pub use health::UNHEALTHY_AFTER;
pub use retention::EVERY as RETENTION_EVERY;
pub use schema::schema;
pub use state::ACTION_WINDOW as ACTIONS_WINDOW;
pub use state::BotClock;
pub use tg::{PaceLimits, TapOrder};
pub use webapp::initdata::sign as sign_init_data;
pub use webapp::{MAX_AGE as WEBAPP_MAX_AGE, WebAppConfig};

/// What the integration tests need to predict the bot's answers and to read and make its
/// buttons.
#[cfg(feature = "testing")]
pub mod testing {
    pub use super::controls::callback::{Act, Callback, LobbyAct, Setting, TournamentAct};
    pub use super::play::end::date_of;
    pub use super::play::program::program_choice;
}

use crate::game::{AsyncGames, Cluster, GameService, Language, Solo, Storage, Timing};
use state::{App, AppInner, Tuning};

use std::net::SocketAddr;
use std::sync::Arc;
use teloxide::adaptors::CacheMe;
use teloxide::dispatching::Dispatcher;
use teloxide::prelude::*;
use teloxide::types::BotCommand;

/// The per-user limit of `ugolki bot` by default: actions a minute that cost the bot work
/// no game bounds (new games and challenges, `/board`, settings, renders of refused taps,
/// replies to refused input). Moves are never counted: a game bounds them, one a turn.
pub const DEFAULT_ACTIONS_PER_MINUTE: u32 = 40;

/// How the bot receives updates.
#[derive(Clone, Debug)]
pub enum Updates {
    /// Long polling (the default; works behind NAT).
    Polling,
    /// A webhook: Telegram posts to `url`, the bot listens on `listen`.
    Webhook {
        /// Public HTTPS URL registered with Telegram.
        url: String,
        /// Local address to listen on.
        listen: SocketAddr,
    },
}

/// Everything needed to run the bot (built by `main` from flags and the environment).
#[derive(Clone)]
pub struct BotConfig {
    /// The bot token from @BotFather (never logged).
    pub token: String,
    /// Bot API server URL (`None` = Telegram's).
    pub api_url: Option<String>,
    /// Polling or webhook.
    pub updates: Updates,
    /// The rate limits calls are kept within (`None` only for raw-throughput benchmarks
    /// against the fake Bot API).
    pub pacing: Option<tg::PaceLimits>,
    /// Board picture size.
    pub board_px: u32,
    /// AI level for moves made for players who missed a per-move limit.
    pub auto_move_level: u8,
    /// Actions per user per minute that cost work no game bounds (0 = unlimited; see
    /// [`DEFAULT_ACTIONS_PER_MINUTE`]).
    pub actions_per_minute: u32,
    /// The span that limit counts in: a minute ([`ACTIONS_WINDOW`]); tests shorten it.
    pub actions_window: std::time::Duration,
    /// Timer policy.
    pub timing: Timing,
    /// Program searches run at once (each takes a core for up to its level's budget; more
    /// than the machine has cores would starve the updates of everyone else).
    pub ai_threads: usize,
    /// Serve `/healthz` and `/metrics` on this address (`None`: not served).
    pub metrics_listen: Option<std::net::SocketAddr>,
    /// `/healthz` fails when Telegram has not answered a poll or delivered an update for
    /// this long (see [`health::UNHEALTHY_AFTER`]).
    pub unhealthy_after: std::time::Duration,
    /// Chats (private channels of the operator's, where the bot is an admin) the pictures
    /// of inline games' boards are uploaded to: Telegram takes no new upload when an
    /// inline message is edited, only a file id. Empty: inline boards are text and buttons.
    pub media_chats: Vec<crate::game::ChatId>,
    /// How often the retention sweep looks for records past their retention
    /// ([`RETENTION_EVERY`] by default).
    pub sweep_every: std::time::Duration,
    /// The bot's clock: the wall clock ([`BotClock::default`]); tests keep a handle to
    /// move it ahead.
    pub clock: Arc<BotClock>,
    /// Where taps answered after a call they caused are recorded (tests read it).
    pub taps: Arc<tg::TapOrder>,
    /// Serve the Mini App board (`None`: not served, and boards have no button for it).
    pub webapp: Option<WebAppConfig>,
}

impl std::fmt::Debug for BotConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BotConfig")
            .field("token", &"<hidden>")
            .field("api_url", &self.api_url)
            .field("updates", &self.updates)
            .field("pacing", &self.pacing)
            .field("board_px", &self.board_px)
            .field("ai_threads", &self.ai_threads)
            .field("media_chats", &self.media_chats)
            .field("webapp", &self.webapp)
            .finish()
    }
}

/// Which updates the dispatcher handles one after another (each queue in order, queues side
/// by side). teloxide's default is one queue per chat, but a handler may wait for its chat's
/// rate-limit slot (posting a board, a challenge, a reply), and a tap behind it would keep
/// its spinner all that time: a tap must be answered at once. So taps queue only behind the
/// same person's taps, and messages behind the same person's messages in that chat. What
/// two people do at once in one chat is kept consistent by the game service's
/// compare-and-swap, not by this order.
#[derive(Clone, Debug, Hash, PartialEq, Eq)]
pub enum UpdateQueue {
    /// One person's messages in one chat (or the chat's, for a message without a sender).
    Messages(i64, Option<u64>),
    /// One person's taps, wherever they are.
    Taps(u64),
}

fn update_queue(u: &Update) -> Option<UpdateQueue> {
    use teloxide::types::UpdateKind;
    match &u.kind {
        UpdateKind::CallbackQuery(q) => Some(UpdateQueue::Taps(q.from.id.0)),
        _ => u
            .chat()
            .map(|c| UpdateQueue::Messages(c.id.0, u.from().map(|f| f.id.0))),
    }
}

/// Updates queued per queue before the dispatcher waits (bounds memory under a flood).
const WORKER_QUEUE: usize = 1024;

/// Register the command menus, per chat type ([`commands::Menu`]) in English and
/// Russian, with the same retries as every other call: a faulted call at start-up must not
/// leave a menu unset.
async fn register_commands(bot: &Bot) {
    let pacer = tg::Pacer::new(None);
    for menu in commands::Menu::ALL {
        for lang in [Language::En, Language::Ru] {
            let cmds: Vec<BotCommand> = texts::texts(lang)
                .command_list()
                .into_iter()
                .filter(|(c, _)| menu.offers(c))
                .map(|(c, d)| BotCommand::new(c, d))
                .collect();
            for scope in menu.scopes() {
                let r = tg::call(&pacer, 0, tg::Kind::Edit, || {
                    let mut req = bot.set_my_commands(cmds.clone()).scope(scope.clone());
                    if lang == Language::Ru {
                        req = req.language_code("ru");
                    }
                    req
                })
                .await;
                if let Err(e) = r {
                    tracing::warn!(error = %e, ?menu, "setMyCommands failed");
                }
            }
        }
    }
}

/// Retry a start-up call until Telegram answers: at start-up the Bot API or the network
/// may be down for a while (a restart during an outage), and a bot that exited on the first
/// 500 would need an operator. Transient failures back off up to 30 s and retry, each
/// failure shown by `/healthz` meanwhile (through `live`); anything else (a revoked token)
/// is returned.
async fn at_start<T, F, Fut>(
    what: &'static str,
    live: &Liveness,
    mut call: F,
) -> Result<T, teloxide::RequestError>
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = Result<T, teloxide::RequestError>>,
{
    let mut delay = std::time::Duration::from_millis(250);
    loop {
        let r = call().await;
        if let Err(e) = &r {
            live.failed(format!("{what} failed: {e}"));
        }
        match r {
            Ok(v) => return Ok(v),
            Err(teloxide::RequestError::RetryAfter(s)) => {
                tracing::warn!(
                    call = what,
                    secs = s.seconds(),
                    "Telegram asks to retry later"
                );
                tokio::time::sleep(s.duration()).await;
            }
            Err(e) if tg::transient(&e) => {
                tracing::warn!(call = what, error = %e, retry_in_ms = delay.as_millis() as u64, "start-up call failed; retrying");
                tokio::time::sleep(delay).await;
                delay = (delay * 2).min(std::time::Duration::from_secs(30));
            }
            Err(e) => return Err(e),
        }
    }
}

/// Run the bot over `store` until SIGINT/SIGTERM; then stop polling, let in-flight updates
/// finish, stop the timer, let the program's moves in flight finish and flush the store.
pub async fn run(cfg: BotConfig, store: Arc<dyn Storage>) -> Result<(), BotError> {
    run_in(cfg, store, Arc::new(Solo::default())).await
}

/// [`run`] as one of the instances of `cluster`: until this one leads, it serves
/// `/healthz`, `/metrics` and the Mini App and makes no call to Telegram; when it leads it
/// starts as after a restart (boards redrawn, deadlines read from the store); when it can
/// no longer be sure it leads, it stops every call at once and starts again as a standby
/// ([`runtime::leader`]).
pub async fn run_in(
    cfg: BotConfig,
    store: Arc<dyn Storage>,
    cluster: Arc<dyn Cluster>,
) -> Result<(), BotError> {
    let mut bot = Bot::new(cfg.token.clone());
    if let Some(url) = &cfg.api_url {
        let url = url
            .parse()
            .map_err(|e| BotError::config(format!("--api-url {url}"), e))?;
        bot = bot.set_api_url(url);
    }
    // Bound first: a port already taken fails the start at once, not the first probe.
    let health_listener = match cfg.metrics_listen {
        Some(addr) => Some(
            health::bind(addr)
                .await
                .map_err(|e| BotError::config(format!("serving /healthz on {addr}"), e))?,
        ),
        None => None,
    };
    if let Some(l) = &health_listener
        && let Ok(addr) = l.local_addr()
    {
        tracing::info!(%addr, "serving /healthz and /metrics");
    }
    let webapp_listener =
        match &cfg.webapp {
            Some(w) => Some(webapp::bind(w.listen).await.map_err(|e| {
                BotError::config(format!("serving the Mini App on {}", w.listen), e)
            })?),
            None => None,
        };
    let mut signals = Signals::new();
    // The metrics recorder before anything is counted.
    metrics::handle();
    // Health and metrics answer from the start: while Telegram cannot be reached, `/healthz`
    // says so (503, with the last start-up failure) instead of leaving its callers waiting.
    let live = Arc::new(Liveness::default());
    let app = build_app(
        &cfg,
        bot.clone(),
        store.clone(),
        live.clone(),
        cluster.clone(),
    )?;
    if let Some(l) = health_listener {
        tokio::spawn(health::serve(l, app.clone()));
    }
    if let (Some(l), Some(w)) = (webapp_listener, &cfg.webapp) {
        if let Ok(addr) = l.local_addr() {
            tracing::info!(%addr, url = %w.url, "serving the Mini App");
        }
        tokio::spawn(webapp::serve(l, webapp::router(app.clone(), &cfg.token, w)));
    }
    tokio::spawn(runtime::leader::follow(app.clone()));
    let polling_bot = bot.clone().cache_me();
    let led = tokio::select! {
        r = runtime::leader::until_leading(&cluster) => r,
        () = signals.recv() => {
            tracing::info!("stopped while standing by");
            return Ok(());
        }
    };
    if !led {
        return Ok(());
    }
    tokio::spawn(runtime::leader::watch(cluster.clone()));
    let connected = tokio::select! {
        r = connect(&bot, &polling_bot, &live) => r,
        () = signals.recv() => {
            tracing::info!("stopped during start-up");
            store.flush().map_err(|e| BotError::Service(e.into()))?;
            return Ok(());
        }
    };
    let username = connected?;
    if let Some(launch) = app.views.launch() {
        let _ = launch.username.set(username);
        set_menu_button(&bot, &launch.url).await;
    }
    // What calls learn about their chats (removed, blocked, moved) is acted on here; the
    // chats already known to be unreachable get no calls from the start.
    let events = app.tg.pacer().subscribe();
    tokio::spawn(membership::watch(app.clone(), events));
    membership::load(&app).await;
    let stop = crate::game::scheduler::Stop::default();
    let timer_task = tokio::spawn(timer::run(app.clone(), stop.clone()));
    let sweeper = tokio::spawn(retention::run(app.clone()));
    let repair = tokio::spawn({
        let app = app.clone();
        async move { recover::refresh_recent_boards(&app).await }
    });
    // Tournaments move on from what is stored: a round due while the bot was down is
    // paired now, a first move missed is a forfeit now.
    let tournaments = tokio::spawn(crate::bot::play::tournament::run(app.clone()));
    dispatch(&app, polling_bot, cfg.updates, signals).await?;
    // A stop right after a start lets the repair finish (bounded): the next start may no
    // longer count those games among the last changed.
    if tokio::time::timeout(std::time::Duration::from_secs(20), repair)
        .await
        .is_err()
    {
        tracing::warn!("stopping before every board was redrawn after the restart");
    }
    app.tasks.begin_stop();
    stop.stop();
    sweeper.abort();
    tournaments.abort();
    let _ = timer_task.await;
    finish_background(&app, std::time::Duration::from_secs(25)).await;
    store.flush().map_err(|e| BotError::Service(e.into()))?;
    log_totals(&app);
    tracing::info!("stopped cleanly");
    Ok(())
}

/// The private chats' menu button opens the Mini App on the player's games.
async fn set_menu_button(bot: &Bot, url: &url::Url) {
    use teloxide::types::{MenuButton, WebAppInfo};
    let pacer = tg::Pacer::new(None);
    let button = MenuButton::WebApp {
        text: texts::texts(Language::En).btn_my_games(),
        web_app: WebAppInfo { url: url.clone() },
    };
    let r = tg::call(&pacer, 0, tg::Kind::Edit, || {
        bot.set_chat_menu_button().menu_button(button.clone())
    })
    .await;
    if let Err(e) = r {
        tracing::warn!(error = %e, "setChatMenuButton failed");
    }
}

/// Reach Telegram (retrying while it cannot be reached) and register the command menus;
/// the bot's username comes back.
async fn connect(
    bot: &Bot,
    polling_bot: &CacheMe<Bot>,
    live: &Liveness,
) -> Result<String, BotError> {
    // The first answer is awaited through the bot's own client, as the polls are (see
    // `tg::direct`).
    let get_me = teloxide::payloads::GetMe::new();
    at_start("getMe", live, || tg::direct(bot, &get_me)).await?;
    // The dispatcher asks `getMe` again when it starts, and teloxide panics if that call
    // fails; through the cache it is answered by the retried call here, never the network.
    let me = at_start("getMe", live, || {
        tg::counted("GetMe", polling_bot.get_me().into_future())
    })
    .await?;
    // Telegram has answered: the health check counts from here.
    live.touch();
    tracing::info!(username = %me.username(), "connected to the Bot API");
    register_commands(bot).await;
    Ok(me.username().to_string())
}

/// The state every handler shares.
fn build_app(
    cfg: &BotConfig,
    bot: Bot,
    store: Arc<dyn Storage>,
    live: Arc<Liveness>,
    cluster: Arc<dyn Cluster>,
) -> Result<App, BotError> {
    let service = Arc::new(GameService::new(store, cfg.timing));
    let launch = cfg.webapp.as_ref().map(|w| state::pages::Launch {
        url: w.url.clone(),
        short_name: w.short_name.clone(),
        username: std::sync::OnceLock::new(),
        links: state::links::Links::new(&cfg.token),
    });
    let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
    let replays = replays::ReplayThread::start("ugolki-replays")
        .map_err(|e| BotError::config("starting the replay thread", e))?;
    let analyses = state::analyses::Analyses::start()
        .map_err(|e| BotError::config("starting the analysis thread", e))?;
    Ok(App(Arc::new(AppInner {
        tg: state::parts::Telegram::new(bot, tg::Pacer::new(cfg.pacing), cfg.taps.clone(), live),
        games: AsyncGames::new(service),
        views: Arc::new(state::parts::Views::new(cores, launch)),
        people: state::parts::People::new(cfg.actions_per_minute, cfg.actions_window),
        tasks: Arc::new(state::parts::Tasks::new(
            cfg.ai_threads,
            replays,
            analyses,
            cfg.clock.clone(),
        )),
        tuning: Tuning {
            board_px: cfg.board_px,
            auto_move_level: cfg.auto_move_level,
            unhealthy_after: cfg.unhealthy_after,
            media_chats: cfg.media_chats.clone(),
            sweep_every: cfg.sweep_every,
        },
        cluster,
    })))
}

/// Receive and handle updates until a signal stops the dispatcher.
async fn dispatch(
    app: &App,
    bot: CacheMe<Bot>,
    updates: Updates,
    signals: Signals,
) -> Result<(), BotError> {
    let mut dispatcher: Dispatcher<CacheMe<Bot>, BotError, UpdateQueue> =
        Dispatcher::builder(bot.clone(), schema())
            .dependencies(dptree::deps![app.clone()])
            .distribution_function(update_queue)
            // When one chat's queue is full the dispatcher stops fetching updates for every
            // chat; a deeper queue (teloxide's default is 64) lets a flood in one chat wait
            // there instead of stalling the others.
            .worker_queue_size(WORKER_QUEUE)
            .default_handler(|_| async {})
            .error_handler(LoggingErrorHandler::with_custom_text(
                "an update handler failed",
            ))
            .build();
    tokio::spawn(stop_on_signal(
        app.clone(),
        dispatcher.shutdown_token(),
        signals,
    ));
    match updates {
        Updates::Polling => {
            let listener =
                updates::Polling::new(bot, app.tg.live().clone(), app.cluster.clone()).await;
            dispatcher
                .dispatch_with_listener(
                    listener,
                    LoggingErrorHandler::with_custom_text("getUpdates failed"),
                )
                .await
        }
        Updates::Webhook { url, listen } => {
            let url: url::Url = url
                .parse()
                .map_err(|e| BotError::config("the webhook URL", e))?;
            // Registering the webhook is retried like getMe: an outage at start-up must not
            // stop the bot.
            let listener = at_start("setWebhook", app.tg.live(), || {
                tg::counted(
                    "SetWebhook",
                    teloxide::update_listeners::webhooks::axum(
                        bot.clone(),
                        teloxide::update_listeners::webhooks::Options::new(listen, url.clone()),
                    ),
                )
            })
            .await?;
            tokio::spawn(updates::watch_webhook(bot.clone(), app.tg.live().clone()));
            dispatcher
                .dispatch_with_listener(
                    updates::Claimed::new(listener, app.cluster.clone()),
                    LoggingErrorHandler::with_custom_text("the webhook listener failed"),
                )
                .await
        }
    }
    Ok(())
}

/// On SIGINT or SIGTERM: mark the bot as stopping and shut the dispatcher down (it lets
/// the updates in flight finish).
async fn stop_on_signal(
    app: App,
    token: teloxide::dispatching::ShutdownToken,
    mut signals: Signals,
) {
    signals.recv().await;
    app.tasks.begin_stop();
    tracing::info!("shutting down: finishing in-flight updates");
    // teloxide refuses to shut down a dispatcher that is not running yet (a signal during
    // start-up): ask again until it takes it, or the signal is lost and the bot runs on.
    loop {
        match token.shutdown() {
            Ok(f) => {
                f.await;
                break;
            }
            Err(_) => tokio::time::sleep(std::time::Duration::from_millis(50)).await,
        }
    }
}

/// The process's totals, logged at a clean stop.
fn log_totals(app: &App) {
    // How well the picture band cache did over the process's life: a low share of reused
    // bands under load means its budget is too small for the games in play.
    let bands = app.views.renderer().band_stats();
    tracing::info!(
        reused = bands.hits,
        compressed = bands.misses,
        "picture bands"
    );
    // How much Telegram's limits held the bot back, and whether it ever overstepped them.
    let pace = app.tg.pacer().stats();
    let boards = app.views.boards().stats();
    tracing::info!(
        too_many_requests = pace.too_many_requests,
        waited = pace.waited,
        waited_ms = pace.waited_ms,
        boards_sent = boards.sent,
        boards_coalesced = boards.coalesced,
        boards_unchanged = boards.unchanged,
        boards_older_dropped = boards.older,
        replies_collapsed = app.people.replies().collapsed(),
        "pacing"
    );
}

/// Let the program's moves in flight finish (their search, store write and board edit),
/// the board edits still queued (waiting for their slot or a retry), and the
/// announcements of games that just ended (result, replay, record), before the process exits, so a clean stop leaves no board
/// behind its game and no finished game unannounced. Bounded, so a stuck call cannot hold
/// the stop for ever.
async fn finish_background(app: &App, limit: std::time::Duration) {
    let end = tokio::time::Instant::now() + limit;
    loop {
        let moves = app.tasks.thinking();
        let ends = app.tasks.endings();
        let boards = app.views.boards().busy();
        if moves == 0 && ends == 0 && boards == 0 {
            return;
        }
        if tokio::time::Instant::now() >= end {
            tracing::warn!(
                games = moves,
                ends,
                boards,
                "stopping with program moves, game ends or board edits still in flight"
            );
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
}

/// SIGINT and SIGTERM, caught from the moment this is made: a signal during start-up
/// (while Telegram is unreachable, say) stops the bot cleanly instead of killing it.
struct Signals {
    #[cfg(unix)]
    streams: Vec<tokio::signal::unix::Signal>,
}

impl Signals {
    fn new() -> Signals {
        #[cfg(unix)]
        {
            use tokio::signal::unix::{SignalKind, signal};
            let streams = [SignalKind::interrupt(), SignalKind::terminate()]
                .into_iter()
                .filter_map(|k| match signal(k) {
                    Ok(s) => Some(s),
                    Err(e) => {
                        tracing::warn!(error = %e, "cannot catch a stop signal");
                        None
                    }
                })
                .collect();
            Signals { streams }
        }
        #[cfg(not(unix))]
        Signals {}
    }

    /// The next SIGINT or SIGTERM.
    async fn recv(&mut self) {
        #[cfg(unix)]
        {
            if self.streams.is_empty() {
                return std::future::pending().await;
            }
            let next = self.streams.iter_mut().map(|s| Box::pin(s.recv()));
            futures::future::select_all(next).await;
        }
        #[cfg(not(unix))]
        {
            let _ = tokio::signal::ctrl_c().await;
        }
    }
}
