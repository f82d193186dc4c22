//! Command-line tools: perft, moves, replay, variants, the engine protocol, board
//! pictures, the bot, the store's export, import and benchmark, the load test, and the
//! tournament arbiter's pairing and standings.
//!
//! Other programs call these; their output formats are a contract (docs/CLI.md).

pub mod analyze;
pub mod arena;
pub mod bench;
mod bench_analysis;
mod bench_timers;
mod bot;
mod loadtest;
pub mod multi;
pub mod play;
pub mod protocol;
pub mod render;
pub mod solve;
pub mod store;
pub mod tournament;

use crate::engine::{Game, Position, Record, Variant, VariantId, split_option};
use clap::{Args, Parser, Subcommand};
use std::io::{Read, Write};
use std::time::Instant;

/// `ugolki`: the Ugolki bot and its tools.
#[derive(Parser, Debug)]
#[command(
    name = "ugolki",
    version,
    about = "Ugolki (Corners): Telegram bot, rules engine and tools"
)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Subcommand, Debug)]
#[allow(
    clippy::large_enum_variant,
    reason = "parsed once per process; boxing the bot's flags would only add noise"
)]
pub enum Command {
    /// Run the Telegram bot (long polling, or a webhook with --webhook-url).
    Bot(bot::BotArgs),
    /// Count leaf nodes of the legal-move tree (the last line printed is the count).
    Perft(PerftArgs),
    /// List the legal moves as shortest paths, one a line, sorted.
    Moves(VariantArgs),
    /// Replay a record and print the result, reason, plies and final position.
    Replay(ReplayArgs),
    /// Analyse a two-player record in tempi: each move's class, loss and better move.
    Analyze(analyze::AnalyzeArgs),
    /// The table of variants and their options.
    Variants,
    /// A line protocol on stdin/stdout for programs that drive the engine.
    Engine(EngineArgs),
    /// Play two AI players (levels or the greedy baseline) against each other.
    Match(arena::MatchArgs),
    /// Three or four seats: the program in one, greedy one-ply seats in the others.
    Arena(multi::ArenaArgs),
    /// The training room's minimum number of moves, with one optimal line.
    Solve(solve::SolveArgs),
    /// Play against the AI in the terminal.
    Play(play::PlayArgs),
    /// Draw a position (PNG) or a whole record (animated GIF).
    Render(render::RenderArgs),
    /// Pair and score a tournament file (the next round; the standings and tie-breaks).
    Tournament(tournament::TournamentArgs),
    /// Write all games, users (with ratings and stats), chats and challenges as JSON lines.
    Export(store::ExportArgs),
    /// Read a JSON-lines export into the store (idempotent: re-importing changes nothing).
    Import(store::ImportArgs),
    /// Benchmarks that print their figures.
    Bench(store::BenchArgs),
    /// The real bot under load, faults or abuse through the fake Bot API; prints figures.
    Loadtest(loadtest::LoadtestArgs),
    /// Ask a running bot's /healthz (exit 0 if healthy, 1 if not): Docker's HEALTHCHECK.
    Health(bot::HealthArgs),
    /// (internal) the crash test's child: random moves, `ack` after each durable one.
    #[command(hide = true)]
    StoreCrashChild(store::CrashChildArgs),
}

/// Variant, house-rule options and an optional start position.
#[derive(Args, Debug, Clone)]
pub struct VariantArgs {
    /// Variant id (see `ugolki variants`); default classic (or a record's own `Variant` tag).
    #[arg(long)]
    pub variant: Option<String>,
    /// Override one option, NAME=VALUE (repeatable), e.g. forced_exit=true.
    #[arg(long = "option", value_name = "NAME=VALUE")]
    pub options: Vec<String>,
    /// Position text instead of the start (`W:... B:... w 1`).
    #[arg(long)]
    pub position: Option<String>,
}

/// `perft` arguments.
#[derive(Args, Debug)]
pub struct PerftArgs {
    /// Variant and position.
    #[command(flatten)]
    pub v: VariantArgs,
    /// Plies to search.
    #[arg(long)]
    pub depth: u32,
    /// List each first move with its count.
    #[arg(long)]
    pub divide: bool,
}

/// `replay` arguments.
#[derive(Args, Debug)]
pub struct ReplayArgs {
    /// Variant and start position (a record's own tags are used when not given).
    #[command(flatten)]
    pub v: VariantArgs,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
    /// The record: `-` for stdin, a file path, or the move text itself.
    pub record: String,
}

/// `engine` arguments.
#[derive(Args, Debug)]
pub struct EngineArgs {
    /// Initial variant (the `variant` command changes it).
    #[arg(long, default_value = "classic")]
    pub variant: String,
}

/// A CLI failure: message for stderr and the exit code.
#[derive(Debug, thiserror::Error)]
#[error("{message}")]
pub struct CliError {
    /// What went wrong.
    pub message: String,
    /// Process exit code.
    pub code: i32,
}

impl CliError {
    pub(crate) fn usage(message: impl Into<String>) -> CliError {
        CliError {
            message: message.into(),
            code: 2,
        }
    }
}

impl VariantArgs {
    /// The variant with every `--option` applied.
    pub fn variant(&self) -> Result<Variant, CliError> {
        self.variant_or("classic")
    }

    /// As [`VariantArgs::variant`], with `fallback` when `--variant` is absent.
    pub fn variant_or(&self, fallback: &str) -> Result<Variant, CliError> {
        let name = self.variant.as_deref().unwrap_or(fallback);
        let mut v = Variant::parse(name).map_err(|e| CliError::usage(e.to_string()))?;
        for o in &self.options {
            let (n, val) = split_option(o).map_err(|e| CliError::usage(e.to_string()))?;
            v = v
                .with_option(n, val)
                .map_err(|e| CliError::usage(e.to_string()))?;
        }
        Ok(v)
    }

    /// The start position: `--position` or the variant's start.
    pub fn position(&self) -> Result<Position, CliError> {
        let v = self.variant()?;
        match &self.position {
            Some(t) => {
                Position::from_text(&v, t).map_err(|e| CliError::usage(format!("--position: {e}")))
            }
            None => Ok(v.start()),
        }
    }
}

/// CPU time of the calling thread (`/proc/thread-self/schedstat`), so a speed figure
/// holds on a busy machine; None where procfs is missing.
pub(crate) fn thread_cpu() -> Option<std::time::Duration> {
    let s = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: u64 = s.split_whitespace().next()?.parse().ok()?;
    Some(std::time::Duration::from_nanos(ns))
}

/// Run `perft`, writing to `out`.
pub fn perft(args: &PerftArgs, out: &mut dyn Write) -> Result<(), CliError> {
    if let Some(v) = args.v.multi()? {
        return multi::perft(v, args, out);
    }
    let pos = args.v.position()?;
    let t = Instant::now();
    let cpu0 = thread_cpu();
    let total = if args.divide {
        let mut total = 0;
        for (path, n) in pos.divide(args.depth) {
            writeln!(out, "{path} {n}").map_err(io)?;
            total += n;
        }
        if args.depth == 0 { 1 } else { total }
    } else {
        pos.perft(args.depth)
    };
    let secs = t.elapsed().as_secs_f64();
    let per_cpu = match cpu0.zip(thread_cpu()) {
        Some((a, b)) => format!(
            "; {:.1} M per CPU second",
            total as f64 / b.saturating_sub(a).as_secs_f64().max(1e-9) / 1e6
        ),
        None => String::new(),
    };
    eprintln!(
        "# perft {} depth {}: {} leaves in {:.3} s ({:.1} M leaves/s{per_cpu})",
        pos.variant().spec(),
        args.depth,
        total,
        secs,
        total as f64 / secs.max(1e-9) / 1e6
    );
    writeln!(out, "{total}").map_err(io)?;
    Ok(())
}

/// Run `moves`.
pub fn moves(args: &VariantArgs, out: &mut dyn Write) -> Result<(), CliError> {
    if let Some(v) = args.multi()? {
        return multi::moves(v, args, out);
    }
    let pos = args.position()?;
    let mut paths: Vec<_> = pos
        .legal_moves()
        .into_iter()
        .map(|m| pos.path(m).expect("listed moves are legal"))
        .collect();
    paths.sort();
    for p in paths {
        writeln!(out, "{p}").map_err(io)?;
    }
    Ok(())
}

/// The legal moves of the side to move in `game`, as paths in notation.
pub(crate) fn legal_paths(game: &Game) -> Vec<String> {
    let pos = game.position();
    game.legal_moves()
        .into_iter()
        .filter_map(|m| pos.path(m).ok())
        .map(|p| p.to_string())
        .collect()
}

pub(crate) fn io(e: std::io::Error) -> CliError {
    CliError {
        message: format!("write failed: {e}"),
        code: 1,
    }
}

/// Read a RECORD argument: `-` is stdin, an existing file is read, anything else is the text.
pub fn read_record_arg(arg: &str) -> Result<String, CliError> {
    if arg == "-" {
        let mut s = String::new();
        std::io::stdin()
            .read_to_string(&mut s)
            .map_err(|e| CliError::usage(format!("reading stdin: {e}")))?;
        return Ok(s);
    }
    let p = std::path::Path::new(arg);
    if p.is_file() {
        return std::fs::read_to_string(p)
            .map_err(|e| CliError::usage(format!("reading {arg}: {e}")));
    }
    Ok(arg.to_string())
}

/// Run `replay` on record text.
pub fn replay(args: &ReplayArgs, text: &str, out: &mut dyn Write) -> Result<(), CliError> {
    let fail = |out: &mut dyn Write, msg: String, ply: Option<usize>| -> CliError {
        let j = serde_json::json!({ "error": msg, "ply": ply });
        let _ = writeln!(out, "{j}");
        CliError {
            message: msg,
            code: 1,
        }
    };
    let record = match Record::parse(text) {
        Ok(r) => r,
        Err(e) => return Err(fail(out, e.to_string(), None)),
    };
    let fallback = record.tag("Variant").unwrap_or("classic").to_string();
    let named = args.v.variant.as_deref().unwrap_or(&fallback);
    if let Some(v) = multi::variant_named(named) {
        if !args.v.options.is_empty() {
            return Err(CliError::usage(format!(
                "{v} has no --option: its rules are fixed"
            )));
        }
        return multi::replay(v, args, &record, out);
    }
    let variant = args.v.variant_or(&fallback)?;
    let game = match Game::from_record(&record, Some(&variant), args.v.position.as_deref()) {
        Ok(g) => g,
        Err(e) => {
            let ply = e.ply();
            let msg = match &e {
                crate::engine::RecordError::Move { error, .. } => error.to_string(),
                other => other.to_string(),
            };
            return Err(fail(out, msg, ply));
        }
    };
    let result = game.outcome().map_or("*", |o| o.result.as_str());
    let termination = game.outcome().map(|o| o.reason.id());
    if args.json {
        let j = serde_json::json!({
            "result": result,
            "termination": termination,
            "plies": game.plies(),
            "position": game.position().to_text(),
        });
        writeln!(out, "{j}").map_err(io)?;
    } else {
        writeln!(out, "result: {result}").map_err(io)?;
        writeln!(out, "termination: {}", termination.unwrap_or("none")).map_err(io)?;
        writeln!(out, "plies: {}", game.plies()).map_err(io)?;
        writeln!(out, "position: {}", game.position().to_text()).map_err(io)?;
    }
    Ok(())
}

/// Run `variants`: one row per variant with all its options.
pub fn variants(out: &mut dyn Write) -> Result<(), CliError> {
    writeln!(
        out,
        "{:<13} {:<5} {:<9} {:<5} {:<5} {:<5} {:<5} {:<16} {:<4} {:<24} {:<6} {:<5} description",
        "id",
        "board",
        "home",
        "dirs",
        "blm",
        "exit",
        "limit",
        "limit_rule",
        "lock",
        "repetition",
        "mirror",
        "rated"
    )
    .map_err(io)?;
    for id in VariantId::ALL {
        let r = id.rules();
        let opt = |v: Option<u16>| v.map_or_else(|| "-".to_string(), |x| x.to_string());
        let yn = |b: bool| if b { "on" } else { "off" };
        let rep = match r.repetition {
            crate::engine::Repetition::None => "none",
            crate::engine::Repetition::Threefold => "threefold",
            crate::engine::Repetition::ThreefoldIfHomesEqual => "threefold_if_homes_equal",
        };
        writeln!(
            out,
            "{:<13} {:<5} {:<9} {:<5} {:<5} {:<5} {:<5} {:<16} {:<4} {:<24} {:<6} {:<5} {}",
            id.id(),
            r.board.to_string(),
            r.home.id(),
            match r.directions {
                crate::engine::Directions::Orthogonal => "orth",
                crate::engine::Directions::All => "all8",
            },
            yn(r.black_last_move),
            opt(r.exit_deadline),
            opt(r.move_limit),
            match r.limit_rule {
                crate::engine::LimitRule::PiecesInTarget => "pieces_in_target",
                crate::engine::LimitRule::Tempo => "tempo",
            },
            yn(r.no_locking),
            rep,
            r.mirror_limit
                .map_or_else(|| "-".to_string(), |m| format!("{m}/{}", r.mirror_window)),
            if id.rated() { "yes" } else { "no" },
            id.description()
        )
        .map_err(io)?;
    }
    writeln!(
        out,
        "\nFor three or four players (RULES.md §14; 16x16, halma13 camps, all 8 directions, no options):"
    )
    .map_err(io)?;
    for v in crate::engine::multi::MultiVariant::ALL {
        writeln!(out, "{:<13} {}", v.id(), v.description()).map_err(io)?;
    }
    writeln!(
        out,
        "\nOptions for --option NAME=VALUE: {}",
        VariantId::Classic
            .rules()
            .option_pairs()
            .iter()
            .map(|(n, _)| *n)
            .collect::<Vec<_>>()
            .join(", ")
    )
    .map_err(io)?;
    Ok(())
}

/// Open the store for a CLI tool, with the error told plainly.
pub fn open_store(dir: &std::path::Path) -> Result<crate::store::SledStore, CliError> {
    crate::store::SledStore::open(&crate::store::StoreConfig::at(dir)).map_err(|e| CliError {
        message: e.to_string(),
        code: 1,
    })
}

/// Open a PostgreSQL store for a CLI tool, with the error told plainly.
pub fn open_pg(url: &str) -> Result<crate::store::postgres::PgStore, CliError> {
    crate::store::postgres::PgStore::open(&crate::store::postgres::PgConfig::new(url)).map_err(
        |e| CliError {
            message: e.to_string(),
            code: 1,
        },
    )
}

/// Parse arguments and run; returns the process exit code.
pub fn main_with(cli: Cli) -> i32 {
    // Not `stdout().lock()` for the whole run: `ugolki bot` logs to stdout from its
    // runtime's worker threads, and a lock held by the main thread would freeze the bot at
    // its first log line from a worker. Each write locks.
    let mut out = std::io::stdout();
    let r = match &cli.command {
        Command::Bot(a) => bot::run(a),
        Command::Perft(a) => perft(a, &mut out),
        Command::Moves(a) => moves(a, &mut out),
        Command::Replay(a) => read_record_arg(&a.record).and_then(|t| replay(a, &t, &mut out)),
        Command::Analyze(a) => analyze::run(a, &mut out),
        Command::Variants => variants(&mut out),
        Command::Match(a) => arena::run(a, &mut out),
        Command::Arena(a) => multi::arena(a, &mut out),
        Command::Solve(a) => solve::run(a, &mut out),
        Command::Play(a) => {
            let stdin = std::io::stdin();
            play::run(a, &mut stdin.lock(), &mut out)
        }
        Command::Engine(a) => {
            let stdin = std::io::stdin();
            protocol::run(&a.variant, stdin.lock(), &mut out)
        }
        Command::Render(a) => render::run(a, &mut out),
        Command::Tournament(a) => tournament::run(a, &mut out),
        Command::Export(a) => store::export(a),
        Command::Import(a) => store::import(a),
        Command::Bench(a) => match &a.what {
            store::BenchWhat::Store(b) => store::bench_store(b, &mut out),
            store::BenchWhat::StoreRss(b) => store::store_rss(b, &mut out),
            store::BenchWhat::Timers(b) => bench_timers::run(b, &mut out),
            store::BenchWhat::Search(b) => bench::run(b, &mut out),
            store::BenchWhat::Multi(b) => multi::bench(b, &mut out),
            store::BenchWhat::Pairing(b) => tournament::bench_pairing(b, &mut out),
            store::BenchWhat::Analysis(b) => bench_analysis::run(b, &mut out),
        },
        Command::Loadtest(a) => loadtest::run(a, &mut out),
        Command::Health(a) => bot::health(a, &mut out),
        Command::StoreCrashChild(a) => store::crash_child(a),
    };
    match r {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("ugolki: {}", e.message);
            e.code
        }
    }
}
