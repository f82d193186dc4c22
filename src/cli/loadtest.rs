//! `ugolki loadtest`: the real bot under load (or under faults, a SIGKILL, or abuse),
//! driven through the fake Bot API; prints the figures (see [`crate::loadtest`]).

use super::CliError;
use crate::loadtest::abuse::{self, AbuseConfig};
use crate::loadtest::inline;
use crate::loadtest::retention::{self, RetentionConfig};
use crate::loadtest::{self as lt, FaultPlan, LoadConfig};
use clap::Args;
use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;

/// `loadtest` arguments.
#[derive(Args, Debug)]
pub struct LoadtestArgs {
    /// Games played at once.
    #[arg(long, default_value_t = 1000)]
    pub games: usize,
    /// Chats they are played in.
    #[arg(long, default_value_t = 200)]
    pub chats: usize,
    /// How many of the chats are private games against the program.
    #[arg(long, default_value_t = 40)]
    pub private_chats: usize,
    /// Moves offered per second over all games (0 = each move as soon as possible).
    #[arg(long, default_value_t = 1000.0)]
    pub rate: f64,
    /// Measured seconds of play.
    #[arg(long, default_value_t = 30)]
    pub secs: u64,
    /// Seconds of play before measuring.
    #[arg(long, default_value_t = 5)]
    pub warmup_secs: u64,
    /// Finished games stored before the bot starts.
    #[arg(long, default_value_t = 10_000)]
    pub stored_games: usize,
    /// Analyses asked for as the measured play starts, each by a player of a stored game
    /// (`/analyze` in their private chat; up to 64, needs `--stored-games`).
    #[arg(long, default_value_t = 0)]
    pub analyses: usize,
    /// Tables of four played beside the games, each in a group of its own: three people
    /// tapping their turns through the piece picker and the program's seat (with
    /// `--games 0`, tables alone).
    #[arg(long, default_value_t = 0)]
    pub tables: usize,
    /// How long a person at a table looks at the board before each tap, on average.
    #[arg(long, value_name = "SECS", default_value_t = 3.0)]
    pub table_think_secs: f64,
    /// Share of moves made by taps (the rest typed).
    #[arg(long, default_value_t = 0.5)]
    pub tap_share: f64,
    /// The bot's board picture size.
    #[arg(long, default_value_t = 720)]
    pub board_px: u32,
    /// Inject a fault (429, 500, stall, dropped connection before/after) into every N-th call.
    #[arg(long, value_name = "N")]
    pub faults: Option<u64>,
    /// Kill the bot with SIGKILL this many seconds into the measured play and restart it.
    #[arg(long, value_name = "SECS")]
    pub kill_after: Option<u64>,
    /// With `--kill-after`: keep the bot down this many seconds before the restart, while
    /// the players go on sending (an outage).
    #[arg(long, value_name = "SECS", default_value_t = 0)]
    pub down_secs: u64,
    /// Pace the bot as in production, against a fake Bot API that answers 429 past
    /// Telegram's limits (without it the bot runs `--no-pacing`: raw throughput only).
    #[arg(long)]
    pub pacing: bool,
    /// Games started a second while setting up (0 = all at once; with `--pacing`, 8 if
    /// not given: a new group game costs the bot three calls, under Telegram's 30 a second)
    #[arg(long, value_name = "N")]
    pub setup_rate: Option<f64>,
    /// Run the abuse scenario instead (floods of hostile input while others play).
    #[arg(long)]
    pub abuse: bool,
    /// Play the games through inline mode instead, each in its own inline message, by
    /// taps (`--games` pairs; `--chats` and `--private-chats` are not used).
    #[arg(long)]
    pub inline: bool,
    /// Play through the Mini App's API instead: each game watched by both players' pages
    /// (`--games` games, `--rate` moves a second over all of them), measuring a move →
    /// the opponent's page.
    #[arg(long)]
    pub webapp: bool,
    /// Send this many inline queries a cycle instead, offers lapsing and removed within
    /// seconds, and print the store's records and size before, at each peak and after
    /// each retention sweep (three cycles).
    #[arg(long, value_name = "QUERIES")]
    pub offers: Option<usize>,
    /// Play an arena tournament of this many minutes instead: `--players` people in one
    /// group join and play their games (in their private chats when the field is larger
    /// than the group's boards) until the group is told the winner. Always paced.
    #[arg(long, value_name = "MINUTES")]
    pub arena: Option<u32>,
    /// With `--arena`: people in it.
    #[arg(long, default_value_t = 100)]
    pub players: usize,
    /// With `--arena`: its games' clock.
    #[arg(long, default_value = "5+3")]
    pub clock: String,
    /// With `--arena`: how long a person looks at the board before moving, on average.
    #[arg(long, value_name = "SECS", default_value_t = 8.0)]
    pub think_secs: f64,
    /// Seed of the simulated people's choices.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Keep the data directory and the bot's log (printed at the end).
    #[arg(long)]
    pub keep: bool,
    /// Skip the check of the store and the boards afterwards.
    #[arg(long)]
    pub no_check: bool,
    /// The bot's log filter.
    #[arg(long, default_value = "warn")]
    pub bot_log: String,
    /// The bot executable (default: this one).
    #[arg(long)]
    pub bot_exe: Option<PathBuf>,
}

fn fail(message: String) -> CliError {
    CliError { message, code: 1 }
}

/// Run `loadtest`, printing the report to `out`.
pub fn run(a: &LoadtestArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let exe = match &a.bot_exe {
        Some(p) => p.clone(),
        None => std::env::current_exe().map_err(|e| fail(format!("cannot find myself: {e}")))?,
    };
    let tables_alone = a.games == 0 && a.tables > 0;
    if !tables_alone
        && (a.games == 0 || a.chats == 0 || a.private_chats > a.chats || a.private_chats > a.games)
    {
        return Err(CliError::usage(
            "--games and --chats must be positive (or --games 0 with --tables) and --private-chats at most both",
        ));
    }
    if a.games > a.private_chats && a.chats <= a.private_chats {
        return Err(CliError::usage(
            "group games need at least one group chat (--chats above --private-chats)",
        ));
    }
    // One thread for the driver and the fake API: they need about 0.4 of a core at
    // 1,000 moves/s, and two workers spend a fifth more CPU than one (cross-thread wake-ups
    // and work stealing), CPU the bot under test shares on a two-core machine
    // (docs/BENCHMARKS.md, "Load").
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| fail(format!("cannot start the runtime: {e}")))?;
    let w = |out: &mut dyn Write, s: &str| writeln!(out, "{s}").map_err(|e| fail(e.to_string()));
    if a.abuse {
        let cfg = AbuseConfig {
            board_px: a.board_px,
            seed: a.seed,
            keep_data: a.keep,
            ..AbuseConfig::standard(exe)
        };
        let r = rt
            .block_on(abuse::run(cfg))
            .map_err(|e| fail(e.to_string()))?;
        w(out, &r.render())?;
        return if r.clean() {
            Ok(())
        } else {
            Err(fail("the abuse run found problems (listed above)".into()))
        };
    }
    if a.inline {
        return run_inline(a, exe, &rt, out);
    }
    if let Some(minutes) = a.arena {
        return run_arena(a, minutes, exe, &rt, out);
    }
    if a.webapp {
        return run_webapp(a, exe, &rt, out);
    }
    if let Some(queries) = a.offers {
        let cfg = RetentionConfig {
            keep_data: a.keep,
            ..RetentionConfig::standard(exe, queries)
        };
        let r = rt
            .block_on(retention::run(cfg))
            .map_err(|e| fail(e.to_string()))?;
        w(out, &r.render())?;
        return if r.clean() {
            Ok(())
        } else {
            Err(fail(
                "the retention run found problems (listed above)".into(),
            ))
        };
    }
    let mut cfg = LoadConfig::standard(exe);
    cfg.sim.games = a.games;
    cfg.sim.chats = a.chats;
    cfg.sim.private_chats = a.private_chats;
    cfg.sim.rate = a.rate.max(0.0);
    cfg.sim.seed = a.seed;
    cfg.sim.tap_share = a.tap_share.clamp(0.0, 1.0);
    cfg.duration = Duration::from_secs(a.secs.max(1));
    cfg.warmup = Duration::from_secs(a.warmup_secs);
    cfg.stored_games = a.stored_games;
    cfg.analyses = a.analyses;
    cfg.board_px = a.board_px;
    cfg.faults = a.faults.map(FaultPlan::mixed);
    cfg.kill_after = a.kill_after.map(Duration::from_secs);
    cfg.down_for = Duration::from_secs(a.down_secs);
    cfg.keep_data = a.keep;
    cfg.check = !a.no_check;
    cfg.log_level = a.bot_log.clone();
    cfg.pacing = a.pacing;
    cfg.sim.setup_rate = a.setup_rate.unwrap_or(if a.pacing { 8.0 } else { 0.0 });
    if tables_alone {
        cfg.sim.private_chats = 0;
        cfg.sim.chats = 1;
    }
    cfg.tables = (a.tables > 0).then(|| crate::loadtest::tables::TableConfig {
        tables: a.tables,
        think: Duration::from_secs_f64(a.table_think_secs.max(0.0)),
        level: 2,
        seed: a.seed,
        ack_timeout: Duration::from_secs(30),
    });
    let r = rt.block_on(lt::run(cfg)).map_err(|e| fail(e.to_string()))?;
    w(out, &r.render())?;
    let verdict = |ok: bool| if ok { "met" } else { "missed" };
    if a.pacing {
        // With pacing, what players feel: taps answered and moves shown at once, within
        // Telegram's limits (throughput is bounded by those limits, not by the bot).
        w(
            out,
            &format!(
                "targets (pacing): tap answered p99 <= 100 ms {}; move shown p99 <= 250 ms {}; no 429 {}",
                verdict(
                    (r.answer.count > 0 || tables_alone)
                        && r.answer.p99 <= 100.0
                        && r.tables.as_ref().is_none_or(|t| t.answer.p99 <= 100.0)
                ),
                verdict(
                    (r.latency.count > 0 || tables_alone)
                        && r.latency.p99 <= 250.0
                        && r.tables.as_ref().is_none_or(|t| t.shown.p99 <= 250.0)
                ),
                verdict(r.rate_limited.total() == 0)
            ),
        )?;
        return if r.clean() {
            Ok(())
        } else {
            Err(fail("the load run found problems (listed above)".into()))
        };
    }
    w(
        out,
        &format!(
            "targets: >= 1000 moves/s {}; p99 <= 50 ms {}; memory <= 150 MB {}",
            verdict(r.moves_per_sec >= 1000.0),
            verdict(r.latency.count > 0 && r.latency.p99 <= 50.0),
            verdict(r.peak_rss_kib <= 150 * 1024)
        ),
    )?;
    if r.clean() {
        Ok(())
    } else {
        Err(fail("the run found problems (listed above)".into()))
    }
}

/// `loadtest --inline`: inline games by taps; with `--pacing`, the targets players feel.
fn run_webapp(
    a: &LoadtestArgs,
    exe: PathBuf,
    rt: &tokio::runtime::Runtime,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let cfg = crate::loadtest::webapp::WebAppLoadConfig {
        bot_exe: exe,
        games: a.games,
        rate: a.rate.max(0.1),
        warmup: Duration::from_secs(a.warmup_secs),
        duration: Duration::from_secs(a.secs.max(1)),
        seed: a.seed,
        log_level: a.bot_log.clone(),
        keep_data: a.keep,
    };
    let r = rt
        .block_on(crate::loadtest::webapp::run(cfg))
        .map_err(|e| fail(e.to_string()))?;
    writeln!(out, "{}", r.render()).map_err(|e| fail(e.to_string()))?;
    let verdict = |ok: bool| if ok { "met" } else { "missed" };
    writeln!(
        out,
        "targets: move → opponent's page p99 <= 50 ms {}; page <= 100 KB {}",
        verdict(r.heard.count > 0 && r.heard.p99 <= 50.0),
        verdict(r.page_bytes <= 100 * 1024)
    )
    .map_err(|e| fail(e.to_string()))?;
    if r.clean() {
        Ok(())
    } else {
        Err(fail(
            "the Mini App run found problems (listed above)".into(),
        ))
    }
}

/// `loadtest --arena`: an arena tournament in a group, paced as in production.
fn run_arena(
    a: &LoadtestArgs,
    minutes: u32,
    exe: PathBuf,
    rt: &tokio::runtime::Runtime,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    if a.players < 2 || minutes < 5 || a.think_secs <= 0.0 {
        return Err(CliError::usage(
            "--arena needs at least 5 minutes, --players at least 2 and a positive --think-secs",
        ));
    }
    let cfg = crate::loadtest::arena::ArenaConfig {
        bot_exe: exe,
        players: a.players,
        minutes,
        clock: a.clock.clone(),
        think: Duration::from_secs_f64(a.think_secs),
        tap_share: a.tap_share,
        join_rate: 5.0,
        seed: a.seed,
        board_px: a.board_px,
        log_level: a.bot_log.clone(),
        keep_data: a.keep,
    };
    let r = rt
        .block_on(crate::loadtest::arena::run(cfg))
        .map_err(|e| fail(e.to_string()))?;
    writeln!(out, "{}", r.render()).map_err(|e| fail(e.to_string()))?;
    let verdict = |ok: bool| if ok { "met" } else { "missed" };
    writeln!(
        out,
        "targets (pacing): tap answered p99 <= 100 ms {}; move shown p99 <= 250 ms {}; no 429 {}",
        verdict(r.answer.count > 0 && r.answer.p99 <= 100.0),
        verdict(r.shown.count > 0 && r.shown.p99 <= 250.0),
        verdict(r.rate_limited.total() == 0)
    )
    .map_err(|e| fail(e.to_string()))?;
    if r.clean() {
        Ok(())
    } else {
        Err(fail("the arena run found problems (listed above)".into()))
    }
}

fn run_inline(
    a: &LoadtestArgs,
    exe: PathBuf,
    rt: &tokio::runtime::Runtime,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let cfg = inline::InlineConfig {
        bot_exe: exe,
        games: a.games,
        rate: a.rate.max(0.01),
        setup_rate: a.setup_rate.unwrap_or(8.0).max(0.1),
        warmup: Duration::from_secs(a.warmup_secs),
        duration: Duration::from_secs(a.secs.max(1)),
        board_px: a.board_px,
        seed: a.seed,
        pacing: a.pacing,
        log_level: a.bot_log.clone(),
        keep_data: a.keep,
    };
    let r = rt
        .block_on(inline::run(cfg))
        .map_err(|e| fail(e.to_string()))?;
    writeln!(out, "{}", r.render()).map_err(|e| fail(e.to_string()))?;
    if a.pacing {
        let verdict = |ok: bool| if ok { "met" } else { "missed" };
        writeln!(
            out,
            "targets (pacing): tap answered p99 <= 100 ms {}; no 429 {}",
            verdict(r.answer.count > 0 && r.answer.p99 <= 100.0),
            verdict(r.rate_limited.total() == 0)
        )
        .map_err(|e| fail(e.to_string()))?;
    }
    if r.clean() {
        Ok(())
    } else {
        Err(fail("the inline run found problems (listed above)".into()))
    }
}
