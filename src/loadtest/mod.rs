//! `ugolki loadtest`: the real bot under load, faults and abuse, measured from outside.
//!
//! The driver starts the fake Bot API ([`crate::fakeapi`]) in this process and the real
//! bot binary as a child process against it, with its own sled store. Simulated people in
//! group and private chats play real games (legal moves from the engine, by taps and by
//! typed moves, some against the program), and the driver measures what a user would:
//! moves acknowledged per second, the time from the moment the bot received an update
//! (the `getUpdates` answer) to its board edit arriving at the fake (so the fake's own work
//! is left out), the bot's resident memory, and every error. Optionally the fake injects
//! faults (429 with `retry_after`, 500, slow answers, dropped connections), the bot is
//! killed with SIGKILL mid-load and restarted, and afterwards the store and every board
//! message are checked ([`check`]). [`abuse`] floods the bot with hostile input,
//! [`inline`] plays through inline mode, [`retention`] measures the store under a stream
//! of inline queries; [`tables`] plays tables of four beside the two-player games.

pub mod abuse;
pub mod arena;
pub mod check;
pub mod inline;
pub(crate) mod process;
pub mod retention;
pub(crate) mod sim;
pub mod tables;
pub mod webapp;

use crate::ai::rng::Rng;
use crate::engine::Path;
use crate::fakeapi::{FakeApi, Fault};
use process::{BotProcess, BotSpec, Memory};
use sim::{Driver, SimConfig, SimStats};
use std::path::PathBuf;
use std::time::{Duration, Instant};
use tables::{TableConfig, TableDriver, TableStats};

/// Why a load run could not run (a failed target is not an error: it is in the report).
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// A file or directory problem.
    #[error("i/o: {0}")]
    Io(String),
    /// The bot process could not be started, stopped or reached.
    #[error("bot: {0}")]
    Bot(String),
    /// The store could not be prepared or opened for checking.
    #[error("store: {0}")]
    Store(String),
    /// The games could not be set up.
    #[error("setup: {0}")]
    Setup(String),
}

/// A game the driver played, with the moves it saw the bot acknowledge (show on the
/// board), for the check against the store.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrackedGame {
    /// Game id.
    pub id: u64,
    /// Its chat.
    pub chat: i64,
    /// Moves shown, in order.
    pub acked: Vec<Path>,
    /// How many more moves the store may hold (a move sent but not yet shown, the
    /// program's answer).
    pub may_have_more: u32,
}

/// Faults the fake injects: every `every`-th call (getUpdates excepted) gets the next
/// fault of the list.
#[derive(Clone, Debug)]
pub struct FaultPlan {
    /// Period in calls.
    pub every: u64,
    /// Faults taken in turn.
    pub faults: Vec<Fault>,
}

impl FaultPlan {
    /// 429 (retry after 1 s), 500, a 300 ms stall, a dropped connection before and one
    /// after the call took effect, every `every`-th call.
    pub fn mixed(every: u64) -> FaultPlan {
        FaultPlan {
            every,
            faults: vec![
                Fault::TooManyRequests(1),
                Fault::ServerError,
                Fault::Slow(Duration::from_millis(300)),
                Fault::Drop,
                Fault::DropAfter,
            ],
        }
    }
}

/// One load run.
#[derive(Clone, Debug)]
pub struct LoadConfig {
    /// The `ugolki` executable to run as the bot.
    pub bot_exe: PathBuf,
    /// The population and pace.
    pub sim: SimConfig,
    /// Play before measuring (first pictures, caches).
    pub warmup: Duration,
    /// The measured play.
    pub duration: Duration,
    /// Finished games stored before the bot starts (for the memory figure).
    pub stored_games: usize,
    /// Board picture size (`--board-px`).
    pub board_px: u32,
    /// Injected faults, if any.
    pub faults: Option<FaultPlan>,
    /// Kill the bot with SIGKILL this far into the measured play, then restart it.
    pub kill_after: Option<Duration>,
    /// How long the killed bot stays down before the restart (the players go on sending
    /// moves and taps meanwhile, as they would during an outage); it lengthens the run.
    pub down_for: Duration,
    /// Data directory (default: a fresh temporary one, removed afterwards).
    pub data_dir: Option<PathBuf>,
    /// Keep the data directory (and the bot's log) afterwards.
    pub keep_data: bool,
    /// Check the store and every board message afterwards.
    pub check: bool,
    /// The bot's log filter.
    pub log_level: String,
    /// Production pacing against a fake Bot API that enforces Telegram's limits (429s);
    /// off, the bot runs `--no-pacing` for raw throughput.
    pub pacing: bool,
    /// Analyses asked for as the measured play starts: each by a player of a stored
    /// finished game (`/analyze <game>` in their private chat; at most `stored_games`).
    pub analyses: usize,
    /// Tables of four played beside the games, if any (not with a kill).
    pub tables: Option<TableConfig>,
}

impl LoadConfig {
    /// The figures the load targets are set for (docs/BENCHMARKS.md, "Load"): 1,000 games
    /// in 200 chats (40 of them private games against the program), 1,000 moves/s offered,
    /// 10,000 stored games.
    pub fn standard(bot_exe: PathBuf) -> LoadConfig {
        LoadConfig {
            bot_exe,
            sim: SimConfig {
                games: 1000,
                chats: 200,
                private_chats: 40,
                tap_share: 0.5,
                rate: 1000.0,
                seed: 1,
                ack_timeout: Duration::from_secs(15),
                program_level: 1,
                setup_rate: 0.0,
            },
            warmup: Duration::from_secs(5),
            duration: Duration::from_secs(30),
            stored_games: 10_000,
            analyses: 0,
            tables: None,
            board_px: 720,
            faults: None,
            kill_after: None,
            down_for: Duration::ZERO,
            data_dir: None,
            keep_data: false,
            check: true,
            log_level: "warn".into(),
            pacing: false,
        }
    }
}

/// p50/p95/p99/max of a sample, in milliseconds.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Percentiles {
    /// Sample size.
    pub count: usize,
    /// Median.
    pub p50: f64,
    /// 95th percentile.
    pub p95: f64,
    /// 99th percentile.
    pub p99: f64,
    /// Largest.
    pub max: f64,
}

impl Percentiles {
    /// From microsecond samples.
    pub fn of_micros(samples: &[u64]) -> Percentiles {
        if samples.is_empty() {
            return Percentiles::default();
        }
        let mut v = samples.to_vec();
        v.sort_unstable();
        let at = |q: f64| {
            let i = ((v.len() as f64 * q).ceil() as usize).clamp(1, v.len()) - 1;
            v[i] as f64 / 1000.0
        };
        Percentiles {
            count: v.len(),
            p50: at(0.50),
            p95: at(0.95),
            p99: at(0.99),
            max: v[v.len() - 1] as f64 / 1000.0,
        }
    }
}

impl std::fmt::Display for Percentiles {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "p50 {:.1} ms, p95 {:.1} ms, p99 {:.1} ms, max {:.1} ms ({} samples)",
            self.p50, self.p95, self.p99, self.max, self.count
        )
    }
}

/// What happened around the SIGKILL.
#[derive(Clone, Debug, Default)]
pub struct KillReport {
    /// Moves acknowledged before the kill.
    pub acked_before: u64,
    /// From the kill to the restarted bot registering its commands.
    pub restart_secs: f64,
    /// From the kill to the restarted bot fetching updates again.
    pub polling_secs: f64,
    /// Peak `VmRSS` of the killed process (KiB); the report's peak covers both.
    pub peak_rss_before_kib: u64,
    /// Updates waiting in the fake API when the new process started: its backlog.
    pub backlog: usize,
}

/// Everything a run measured.
#[derive(Clone, Debug, Default)]
pub struct LoadReport {
    /// Games played at once.
    pub games: usize,
    /// Chats.
    pub chats: usize,
    /// Private chats (games against the program).
    pub private_chats: usize,
    /// Finished games stored before the start.
    pub stored_before: usize,
    /// Time to create every game.
    pub setup_secs: f64,
    /// The measured window.
    pub measured_secs: f64,
    /// Moves acknowledged per second in the window.
    pub moves_per_sec: f64,
    /// Update delivered → board edit.
    pub latency: Percentiles,
    /// A person's move shown → the program's answer shown.
    pub program: Percentiles,
    /// A tap delivered → its `answerCallbackQuery`.
    pub answer: Percentiles,
    /// Whether the bot ran with production pacing against the strict fake API.
    pub pacing: bool,
    /// Calls the fake refused with 429 for passing one of Telegram's limits.
    pub rate_limited: crate::fakeapi::RateLimited,
    /// Peak `VmRSS` sampled every 250 ms.
    pub peak_rss_kib: u64,
    /// CPU time the bot used in the measured window (`None` if it was restarted in it).
    pub bot_cpu_secs: Option<f64>,
    /// CPU time this process (the driver and the fake Bot API) used in the window.
    pub driver_cpu_secs: Option<f64>,
    /// Memory at the end of play.
    pub end_memory: Memory,
    /// Counters and errors.
    pub stats: SimStats,
    /// Games that fell out of step.
    pub dead_slots: usize,
    /// The kill, if any.
    pub kill: Option<KillReport>,
    /// With a kill: the restarted process's peak `VmRSS` (KiB).
    pub peak_rss_after_kill_kib: Option<u64>,
    /// The check afterwards, if asked.
    pub check: Option<check::CheckReport>,
    /// How the bot stopped on SIGTERM.
    pub bot_exit: String,
    /// Panics in the bot's log.
    pub panics: usize,
    /// `/proc/loadavg` at the start and the end.
    pub load_avg: (String, String),
    /// The data directory when kept.
    pub kept: Option<PathBuf>,
    /// The tables of four, if any were played.
    pub tables: Option<TablesReport>,
}

/// What the tables of four met.
#[derive(Clone, Debug, Default)]
pub struct TablesReport {
    /// Tables played.
    pub tables: usize,
    /// A tap at a table (lobby or picker) delivered → its answer.
    pub answer: Percentiles,
    /// A person's destination tap delivered → the board edit showing the turn.
    pub shown: Percentiles,
    /// Counters and errors.
    pub stats: TableStats,
    /// Tables out of step.
    pub dead: usize,
}

impl LoadReport {
    /// Whether nothing went wrong (figures aside).
    pub fn clean(&self) -> bool {
        self.stats.error_count() == 0
            && self.dead_slots == 0
            && self
                .tables
                .as_ref()
                .is_none_or(|t| t.stats.error_count() == 0 && t.dead == 0)
            && self.panics == 0
            && self.bot_exit == "exit status: 0"
            && self.check.as_ref().is_none_or(|c| c.problems.is_empty())
    }

    /// The report as text, one figure a line.
    pub fn render(&self) -> String {
        let mb = |k: u64| k as f64 / 1024.0;
        let s = &self.stats;
        let mut out = vec![
            format!(
                "population: {} games in {} chats ({} private games against the program), {} finished games stored before the start",
                self.games, self.chats, self.private_chats, self.stored_before
            ),
            format!("setup: {:.1} s", self.setup_secs),
            format!(
                "throughput: {} moves acknowledged in {:.1} s = {:.0} moves/s ({} by the program)",
                s.moves, self.measured_secs, self.moves_per_sec, s.program_moves
            ),
            if self.pacing {
                "pacing: production limits, against a fake Bot API that answers 429 past Telegram's"
                    .into()
            } else {
                "pacing: off (--no-pacing; raw throughput, not what players meet)".into()
            },
            format!("latency, update delivered -> board edit: {}", self.latency),
            format!("latency, tap delivered -> its answer: {}", self.answer),
            format!(
                "429 answers for passing Telegram's limits: {} (a chat's {}, a group's minute {}, the overall second {})",
                self.rate_limited.total(),
                self.rate_limited.chat,
                self.rate_limited.group,
                self.rate_limited.overall
            ),
            format!("program's answer after a move is shown: {}", self.program),
            format!(
                "bot memory: peak VmRSS {:.1} MB (sampled), VmRSS at the end {:.1} MB, VmHWM {:.1} MB",
                mb(self.peak_rss_kib),
                mb(self.end_memory.rss_kib),
                mb(self.end_memory.hwm_kib)
            ),
            match (self.bot_cpu_secs, self.driver_cpu_secs) {
                (Some(b), d) if s.moves == 0 => format!(
                    "bot CPU in the window: {b:.2} s, {:.0}% of one core (driver and fake API: {})",
                    100.0 * b / self.measured_secs.max(1e-9),
                    d.map(|d| format!("{d:.2} s")).unwrap_or_else(|| "?".into())
                ),
                (Some(b), d) => format!(
                    "bot CPU in the window: {b:.2} s = {:.2} ms per acknowledged move, {:.0}% of one core (driver and fake API: {})",
                    1000.0 * b / (s.moves.max(1) as f64),
                    100.0 * b / self.measured_secs.max(1e-9),
                    d.map(|d| format!("{d:.2} s")).unwrap_or_else(|| "?".into())
                ),
                (None, _) => "bot CPU in the window: not measured (restarted or not Linux)".into(),
            },
            format!(
                "games: {} started, {} finished (replay and record sent: {})",
                s.games_started, s.games_finished, s.replays
            ),
        ];
        if let Some(t) = &self.tables {
            let ts = &t.stats;
            out.push(format!(
                "tables of four: {} played ({} started, {} over), {} turns shown in the window ({} by the people, the rest by the program's seats) = {:.1} turns/s",
                t.tables,
                ts.started,
                ts.finished,
                ts.turns,
                ts.people_turns,
                ts.turns as f64 / self.measured_secs.max(1e-9)
            ));
            out.push(format!("tables, tap delivered -> its answer: {}", t.answer));
            out.push(format!(
                "tables, a person's turn delivered -> board edit showing it: {}",
                t.shown
            ));
            if let Some(b) = self.bot_cpu_secs {
                let work = s.moves + ts.turns;
                out.push(match s.moves {
                    0 => format!(
                        "bot CPU per table turn: {:.2} ms ({} turns, tables alone)",
                        1000.0 * b / ts.turns.max(1) as f64,
                        ts.turns
                    ),
                    _ => format!(
                        "bot CPU per move or table turn: {:.2} ms ({} moves and {} table turns)",
                        1000.0 * b / work.max(1) as f64,
                        s.moves,
                        ts.turns
                    ),
                });
            }
            if ts.error_count() > 0 || t.dead > 0 {
                out.push(format!(
                    "tables' errors: {} ({}); out of step: {}",
                    ts.error_count(),
                    ts.errors
                        .iter()
                        .map(|(k, v)| format!("{k}: {v}"))
                        .collect::<Vec<_>>()
                        .join(", "),
                    t.dead
                ));
                for e in &ts.samples {
                    out.push(format!("  {e}"));
                }
            }
        }
        out.extend([
            format!(
                "analyses: {} asked as the window opened, {} sent by the end",
                s.analyses_asked, s.analyses_sent
            ),
            format!(
                "calls: {} by the bot, {} answered with an injected fault, {} not modified; {} moves sent again after a timeout, {} acknowledged late",
                s.calls, s.faulted_calls, s.not_modified, s.resent, s.late_acks
            ),
            format!(
                "calls by method over the whole run ({} moves acknowledged): {}",
                s.moves_total,
                s.calls_by_method
                    .iter()
                    .map(|(m, n)| format!("{m} {n}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        ]);
        if let Some(k) = &self.kill {
            out.push(format!(
                "kill: SIGKILL after {} acknowledged moves; restarted with {} updates waiting, up in {:.1} s and fetching updates in {:.1} s; peak VmRSS {:.1} MB before the kill, {:.1} MB after the restart",
                k.acked_before,
                k.backlog,
                k.restart_secs,
                k.polling_secs,
                mb(k.peak_rss_before_kib),
                mb(self.peak_rss_after_kill_kib.unwrap_or_default())
            ));
        }
        out.push(format!(
            "errors: {}{}",
            s.error_count(),
            if s.errors.is_empty() {
                String::new()
            } else {
                format!(
                    " ({})",
                    s.errors
                        .iter()
                        .map(|(k, v)| format!("{k}: {v}"))
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            }
        ));
        for e in &s.samples {
            out.push(format!("  {e}"));
        }
        if self.dead_slots > 0 {
            out.push(format!("games out of step: {}", self.dead_slots));
        }
        out.push(format!(
            "bot: {} on SIGTERM, {} panics in its log",
            self.bot_exit, self.panics
        ));
        if let Some(c) = &self.check {
            out.push(c.summary());
            for p in c.problems.iter().take(20) {
                out.push(format!("  {p}"));
            }
        }
        out.push(format!(
            "load average: {} at the start, {} at the end",
            self.load_avg.0, self.load_avg.1
        ));
        if let Some(d) = &self.kept {
            out.push(format!("data kept in {}", d.display()));
        }
        out.join("\n")
    }
}

fn load_avg() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "?".into())
}

/// Run `f` in a fresh scratch directory, removed afterwards unless `keep` (then its path
/// comes back with the result).
pub async fn in_scratch<R, Fut>(
    tag: &str,
    keep: bool,
    f: impl FnOnce(PathBuf) -> Fut,
) -> Result<(R, Option<PathBuf>), LoadError>
where
    Fut: std::future::Future<Output = Result<R, LoadError>>,
{
    let dir = scratch_dir(tag)?;
    let r = f(dir.clone()).await;
    if !keep {
        let _ = std::fs::remove_dir_all(&dir);
    }
    Ok((r?, keep.then_some(dir)))
}

/// A fresh scratch directory under the system temp dir.
pub fn scratch_dir(tag: &str) -> Result<PathBuf, LoadError> {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or(0);
    let dir = std::env::temp_dir().join(format!("ugolki-{tag}-{}-{nanos}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|e| LoadError::Io(format!("{}: {e}", dir.display())))?;
    Ok(dir)
}

/// Store `n` finished games (random legal games to their end, copied with fresh ids,
/// players and chats) before the bot starts, as a long-running bot would have.
pub fn prefill(dir: &std::path::Path, n: usize, seed: u64) -> Result<Prefilled, LoadError> {
    use crate::game::{
        Actor, AnyRecord, ChatId, Expect, GameId, GameService, MemoryStore, MoveInput, NewGame,
        Player, Storage, Timestamp, Timing, UserId, UserRecord, Version,
    };
    use crate::store::{SledStore, StoreConfig};
    use std::sync::Arc;
    let err = |e: String| LoadError::Store(e);
    let scratch = Arc::new(MemoryStore::new());
    let svc = GameService::new(scratch, Timing::default());
    let mut rng = Rng::new(seed);
    let mut templates = Vec::new();
    for i in 0..32u64 {
        let new = NewGame {
            variant: crate::engine::Variant::new(crate::engine::VariantId::Classic).into(),
            players: vec![Player::Human(UserId(1)), Player::Human(UserId(2))],
            time_control: crate::game::TimeControl::Untimed,
            chat: ChatId(-1),
            message: None,
            rated: true,
            start: None,
        };
        let mut g = svc
            .create_game(new, Timestamp(1))
            .map_err(|e| err(e.to_string()))?;
        let mut t = 2;
        while g.is_active() {
            let game = g.replay().map_err(|e| err(e.to_string()))?;
            let Some(path) = game.two().and_then(|game| sim::choose_move(game, &mut rng)) else {
                break;
            };
            let u = g.player(g.side_to_move()).user().unwrap_or(UserId(1));
            g = svc
                .play(
                    g.id,
                    Actor::User(u),
                    Expect::Any,
                    &MoveInput::from(&path),
                    Timestamp(t),
                )
                .map_err(|e| err(format!("template {i}: {e}")))?
                .game()
                .clone();
            t += 1;
        }
        templates.push(g);
    }
    let store = SledStore::open(&StoreConfig::at(dir)).map_err(|e| err(e.to_string()))?;
    let users = 2000u64;
    let base_user = 9_000_000u64;
    let mut batch = Vec::with_capacity(5000);
    let mut players = Vec::new();
    for i in 0..n {
        let mut g = templates[i % templates.len()].clone();
        // Far above the ids the bot hands out, so they never collide.
        g.id = GameId((1 << 40) + i as u64);
        let w = base_user + rng.next_u64() % users;
        let b = base_user + (w - base_user + 1 + rng.next_u64() % (users - 1)) % users;
        g.players = vec![Player::Human(UserId(w)), Player::Human(UserId(b))];
        if players.len() < 64 {
            players.push((w, g.id.0));
        }
        g.chat = ChatId(-2_000_000_000_000 - (i as i64 % 500));
        g.deadline = None;
        batch.push(AnyRecord::Game(g));
        if batch.len() == 5000 {
            store
                .import(std::mem::take(&mut batch))
                .map_err(|e| err(e.to_string()))?;
        }
    }
    for u in 0..users {
        let id = UserId(base_user + u);
        let mut r = UserRecord::new(id, &format!("Stored {u}"), Timestamp(1));
        r.version = Version(1);
        r.username = Some(format!("stored{u}"));
        r.stats_mut(crate::engine::VariantId::Classic).count(0.5);
        batch.push(AnyRecord::User(r));
    }
    store.import(batch).map_err(|e| err(e.to_string()))?;
    Ok(Prefilled { games: n, players })
}

/// What [`prefill`] stored.
#[derive(Clone, Debug, Default)]
pub struct Prefilled {
    /// Finished games stored.
    pub games: usize,
    /// (White's user id, game id) of the first 64 of them.
    pub players: Vec<(u64, u64)>,
}

/// Run the bot under load as `cfg` says.
pub async fn run(cfg: LoadConfig) -> Result<LoadReport, LoadError> {
    let (dir, temporary) = match &cfg.data_dir {
        Some(d) => {
            std::fs::create_dir_all(d)
                .map_err(|e| LoadError::Io(format!("{}: {e}", d.display())))?;
            (d.clone(), false)
        }
        None => (scratch_dir("load")?, true),
    };
    let result = run_in(&cfg, &dir).await;
    let keep = cfg.keep_data || !temporary;
    if !keep {
        let _ = std::fs::remove_dir_all(&dir);
    }
    let mut report = result?;
    if keep {
        report.kept = Some(dir);
    }
    Ok(report)
}

async fn run_in(cfg: &LoadConfig, dir: &std::path::Path) -> Result<LoadReport, LoadError> {
    let mut report = LoadReport {
        games: cfg.sim.games,
        private_chats: cfg.sim.private_chats.min(cfg.sim.games).min(cfg.sim.chats),
        load_avg: (load_avg(), String::new()),
        pacing: cfg.pacing,
        ..LoadReport::default()
    };
    let data = dir.join("data");
    let mut stored = Prefilled::default();
    if cfg.stored_games > 0 {
        let d = data.clone();
        let (n, seed) = (cfg.stored_games, cfg.sim.seed);
        stored = tokio::task::spawn_blocking(move || prefill(&d, n, seed))
            .await
            .map_err(|e| LoadError::Store(e.to_string()))??;
        report.stored_before = stored.games;
    }
    let api = FakeApi::start()
        .await
        .map_err(|e| LoadError::Io(format!("fake Bot API: {e}")))?;
    api.set_keep_history(false);
    let spec = BotSpec {
        board_px: cfg.board_px,
        log_level: cfg.log_level.clone(),
        pacing: cfg.pacing,
        ..BotSpec::new(&cfg.bot_exe, dir, api.url())
    };
    if cfg.pacing {
        api.set_limits(Some(crate::fakeapi::TelegramLimits::default()));
    }
    if cfg.tables.is_some() && cfg.kill_after.is_some() {
        return Err(LoadError::Setup(
            "tables of four are not played across a kill".into(),
        ));
    }
    let mut driver = Driver::new(&api, api.subscribe(), cfg.sim.clone());
    let mut tables = cfg
        .tables
        .clone()
        .map(|t| TableDriver::new(&api, api.subscribe(), t));
    report.chats = driver.chat_count();
    let mut bot = BotProcess::spawn(&spec)?;
    driver.set_pid(Some(bot.pid()));
    if !driver.wait_started(2, Duration::from_secs(60)).await {
        return Err(LoadError::Bot(format!(
            "the bot did not start; see {}",
            spec.log_file.display()
        )));
    }
    report.setup_secs = set_up(cfg, &mut driver).await?;
    if let Some(t) = tables.as_mut() {
        let timeout = Duration::from_secs(60) + Duration::from_millis(300 * t.len() as u64);
        if !t.setup(timeout).await {
            return Err(LoadError::Setup(format!(
                "not every table started within {} s: {}",
                timeout.as_secs(),
                t.stats.samples.join("; ")
            )));
        }
    }
    if let Some(f) = &cfg.faults {
        api.fault_rotation(Some((f.every, f.faults.clone())));
    }
    driver.playing = true;
    if let Some(t) = tables.as_mut() {
        t.playing = true;
    }
    play(&mut driver, &mut tables, cfg.warmup).await;
    driver.set_measuring(true);
    if let Some(t) = tables.as_mut() {
        t.set_measuring(true);
    }
    if cfg.analyses > 0 {
        let n = cfg.analyses.min(stored.players.len());
        driver.ask_analyses(&stored.players[..n]);
    }
    let m0 = Instant::now();
    let cpu0 = (
        process::cpu_of(bot.pid()),
        process::cpu_of(std::process::id()),
    );
    match cfg.kill_after {
        Some(k) if k < cfg.duration => {
            driver.run_for(k).await;
            let kill;
            (bot, kill) = kill_and_restart(cfg, &spec, &api, &mut driver, bot).await?;
            report.kill = Some(kill);
            driver.run_for(cfg.duration - k).await;
        }
        _ => play(&mut driver, &mut tables, cfg.duration).await,
    }
    report.measured_secs = m0.elapsed().as_secs_f64();
    driver.set_measuring(false);
    if let Some(t) = tables.as_mut() {
        t.set_measuring(false);
        t.playing = false;
    }
    if report.kill.is_none() {
        let used = |a: Option<Duration>, b: Option<Duration>| {
            a.zip(b).map(|(a, b)| b.saturating_sub(a).as_secs_f64())
        };
        report.bot_cpu_secs = used(cpu0.0, process::cpu_of(bot.pid()));
        report.driver_cpu_secs = used(cpu0.1, process::cpu_of(std::process::id()));
    }
    driver.drain(Duration::from_secs(30)).await;
    report.end_memory = bot.memory().unwrap_or_default();
    api.fault_rotation(None);
    report.bot_exit = match bot.terminate(Duration::from_secs(30)).await {
        Ok(s) => s.to_string(),
        Err(e) => e.to_string(),
    };
    report.panics = process::panics_in_log(&spec.log_file);
    summarise(&mut report, &mut driver, &api);
    report.tables = tables.map(|t| TablesReport {
        tables: t.len(),
        answer: Percentiles::of_micros(&t.stats.answer_us),
        shown: Percentiles::of_micros(&t.stats.shown_us),
        dead: t.dead(),
        stats: t.stats,
    });
    if cfg.check {
        let tracked = driver.tracked();
        report.check = Some(check::verify(&data, &tracked, &api, cfg.board_px)?);
    }
    Ok(report)
}

/// Play the games and the tables, if any, side by side for `d`.
async fn play(driver: &mut Driver<'_>, tables: &mut Option<TableDriver<'_>>, d: Duration) {
    match tables {
        Some(t) => {
            tokio::join!(driver.run_for(d), t.run_for(d));
        }
        None => driver.run_for(d).await,
    }
}

/// Open every game (spread over the set-up rate); the seconds it took.
async fn set_up(cfg: &LoadConfig, driver: &mut Driver<'_>) -> Result<f64, LoadError> {
    let t0 = Instant::now();
    let spread = if cfg.sim.setup_rate > 0.0 {
        Duration::from_secs_f64(cfg.sim.games as f64 / cfg.sim.setup_rate)
    } else {
        Duration::ZERO
    };
    let setup_time =
        Duration::from_secs(60) + Duration::from_millis(20 * cfg.sim.games as u64) + spread;
    if !driver.setup(setup_time).await {
        return Err(LoadError::Setup(format!(
            "not every game started within {} s: {}",
            setup_time.as_secs(),
            driver.stats.samples.join("; ")
        )));
    }
    Ok(t0.elapsed().as_secs_f64())
}

/// SIGKILL the bot under load, keep playing while it is down, start it again and wait
/// until it fetches updates.
async fn kill_and_restart(
    cfg: &LoadConfig,
    spec: &BotSpec,
    api: &FakeApi,
    driver: &mut Driver<'_>,
    bot: BotProcess,
) -> Result<(BotProcess, KillReport), LoadError> {
    let killed = Instant::now();
    let acked_before = driver.stats.moves_total;
    // Each process's own peak: is memory spent under load or in the restart?
    let peak_rss_before_kib = std::mem::take(&mut driver.stats.peak_rss_kib);
    bot.kill().await?;
    driver.set_pid(None);
    if !cfg.down_for.is_zero() {
        driver.run_for(cfg.down_for).await;
    }
    let backlog = api.pending_updates();
    let bot = BotProcess::spawn(spec)?;
    driver.set_pid(Some(bot.pid()));
    if !driver.wait_started(4, Duration::from_secs(60)).await {
        return Err(LoadError::Bot("the bot did not restart".into()));
    }
    let started = Instant::now();
    if !driver.wait_polling(Duration::from_secs(60)).await {
        return Err(LoadError::Bot(
            "the restarted bot did not fetch updates".into(),
        ));
    }
    let back = Instant::now();
    driver.add_outage(killed, back);
    let kill = KillReport {
        acked_before,
        restart_secs: started.duration_since(killed).as_secs_f64(),
        polling_secs: back.duration_since(killed).as_secs_f64(),
        peak_rss_before_kib,
        backlog,
    };
    Ok((bot, kill))
}

/// The run's figures from the driver's samples.
fn summarise(report: &mut LoadReport, driver: &mut Driver<'_>, api: &FakeApi) {
    report.load_avg.1 = load_avg();
    report.dead_slots = driver.dead_slots();
    report.latency = Percentiles::of_micros(&driver.stats.latency_us);
    report.program = Percentiles::of_micros(&driver.stats.program_us);
    report.answer = Percentiles::of_micros(&driver.stats.answer_us);
    report.rate_limited = api.rate_limited_by();
    report.moves_per_sec = driver.stats.moves as f64 / report.measured_secs.max(1e-9);
    report.peak_rss_kib = driver.stats.peak_rss_kib.max(report.end_memory.rss_kib);
    let after_kib = report.peak_rss_kib;
    if let Some(k) = &report.kill {
        report.peak_rss_kib = report.peak_rss_kib.max(k.peak_rss_before_kib);
        report.peak_rss_after_kill_kib = Some(after_kib);
    }
    report.stats = std::mem::take(&mut driver.stats);
}

/// Telegram user ids in a caption or text, in order (`tg://user?id=N`).
pub fn mentioned_ids(text: &str) -> Vec<i64> {
    text.split("tg://user?id=")
        .skip(1)
        .filter_map(|s| {
            let digits: String = s.chars().take_while(char::is_ascii_digit).collect();
            digits.parse().ok()
        })
        .collect()
}
