//! `ugolki match`: two players over N games, results from A's side with an Elo estimate.

use super::{CliError, VariantArgs, io};
use crate::ai::Player;
use crate::ai::arena::{self, GameSummary, MatchSpec};
use clap::Args;
use std::io::Write;
use std::time::{Duration, Instant};

/// `match` arguments.
#[derive(Args, Debug)]
pub struct MatchArgs {
    /// Player A: a level 1–5 or `greedy`.
    #[arg(long)]
    pub a: Player,
    /// Player B: a level 1–5 or `greedy`.
    #[arg(long)]
    pub b: Player,
    /// Number of games (colours alternate; each pair shares its opening).
    #[arg(long, default_value_t = 20)]
    pub games: u32,
    /// Play only games FROM..GAMES (1-based, as in the game lines); each game is the same as
    /// in the full match, so slices run in separate processes combine exactly.
    #[arg(long, default_value_t = 1)]
    pub from: u32,
    /// Variant, options and start position.
    #[command(flatten)]
    pub v: VariantArgs,
    /// Milliseconds per move for both players (default: each level's own budget).
    #[arg(long)]
    pub movetime: Option<u64>,
    /// Nodes per move for both players instead of time (reproducible for a seed).
    #[arg(long)]
    pub nodes: Option<u64>,
    /// Each level gets its own time budget as nodes at this rate (nodes per second; capped
    /// by the level's node cap): reproducible, and independent of the machine's load.
    #[arg(long, conflicts_with_all = ["movetime", "nodes"])]
    pub nps: Option<u64>,
    /// Seed for openings and the players' noise.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Games played at once.
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Random plies before the players take over.
    #[arg(long, default_value_t = 4)]
    pub openings: u32,
    /// Append every game record to this file.
    #[arg(long)]
    pub records: Option<std::path::PathBuf>,
    /// Do not print a line per game on stderr.
    #[arg(long)]
    pub quiet: bool,
}

/// What bounds each move, as printed in the summary.
fn budget_text(args: &MatchArgs) -> String {
    let per = |p: &Player| match (p, args.nps) {
        (Player::Ai(l) | Player::Tuned(l, _), Some(nps)) => {
            format!("{} nodes", l.node_budget(nps))
        }
        _ => "one ply".to_string(),
    };
    match (args.movetime, args.nodes, args.nps) {
        (Some(m), Some(n), _) => format!("movetime {m} ms, {n} nodes"),
        (Some(m), None, _) => format!("movetime {m} ms"),
        (None, Some(n), _) => format!("{n} nodes a move"),
        (None, None, Some(nps)) => format!(
            "level time as nodes at {nps}/s (A {}, B {})",
            per(&args.a),
            per(&args.b)
        ),
        (None, None, None) => "movetime per level".to_string(),
    }
}

/// Run `match`.
pub fn run(args: &MatchArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let spec = spec_of(args)?;
    let t = Instant::now();
    let quiet = args.quiet;
    let progress = move |g: &GameSummary| {
        if !quiet {
            print_game(g);
        }
    };
    let result = arena::run(&spec, &progress);
    if let Some(path) = &args.records {
        let mut f = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map_err(|e| CliError::usage(format!("{}: {e}", path.display())))?;
        for g in &result.games {
            writeln!(f, "{}\n", g.record).map_err(io)?;
        }
    }
    report(args, &spec, &result, out)?;
    writeln!(out, "time: {:.1} s", t.elapsed().as_secs_f64()).map_err(io)?;
    Ok(())
}

/// The match the arguments ask for, checked.
fn spec_of(args: &MatchArgs) -> Result<MatchSpec, CliError> {
    let variant = args.v.variant()?;
    if variant.rules().solo {
        return Err(CliError::usage(
            "the training variant has one player; use `ugolki solve` instead",
        ));
    }
    if args.games == 0 {
        return Err(CliError::usage("--games must be at least 1"));
    }
    if args.from == 0 || args.from > args.games {
        return Err(CliError::usage(format!(
            "--from must be 1 to --games ({}), not {}",
            args.games, args.from
        )));
    }
    let start = match &args.v.position {
        Some(_) => Some(args.v.position()?),
        None => None,
    };
    Ok(MatchSpec {
        a: args.a,
        b: args.b,
        games: args.games,
        first: args.from - 1,
        variant,
        start,
        movetime: args.movetime.map(Duration::from_millis),
        nodes: args.nodes,
        nps: args.nps,
        seed: args.seed,
        threads: args.threads.max(1),
        opening_plies: args.openings,
    })
}

/// One finished game's line on stderr.
fn print_game(g: &GameSummary) {
    let res = g
        .outcome
        .map_or("1/2-1/2".to_string(), |o| o.result.to_string());
    let why = g
        .outcome
        .map_or("cap".to_string(), |o| o.reason.id().to_string());
    eprintln!(
        "game {:>4}: A {} {} {} ({} plies)",
        g.index + 1,
        if g.a_white { "white" } else { "black" },
        res,
        why,
        g.plies
    );
}

fn fmt_elo(x: f64) -> String {
    match x {
        x if x == f64::INFINITY => "+inf".to_string(),
        x if x == f64::NEG_INFINITY => "-inf".to_string(),
        x => format!("{x:+.0}"),
    }
}

/// The match's result: score, Elo difference with its interval, and how games ended.
fn report(
    args: &MatchArgs,
    spec: &MatchSpec,
    result: &arena::MatchResult,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let elo = result.elo();
    let games = if args.from > 1 {
        format!("games {}-{} of {}", args.from, args.games, args.games)
    } else {
        format!("{} games", args.games)
    };
    writeln!(
        out,
        "match: A = {}, B = {}, variant {}, {}, {}, seed {}, {} opening plies",
        args.a,
        args.b,
        spec.variant.spec(),
        games,
        budget_text(args),
        args.seed,
        args.openings
    )
    .map_err(io)?;
    writeln!(
        out,
        "A: W {} D {} L {}, score {:.1}/{} = {:.1}%",
        result.wins(),
        result.draws(),
        result.losses(),
        result.points(),
        result.games.len(),
        100.0 * result.score()
    )
    .map_err(io)?;
    writeln!(
        out,
        "Elo difference A-B: {} (95% interval {} .. {})",
        fmt_elo(elo.diff),
        fmt_elo(elo.low),
        fmt_elo(elo.high)
    )
    .map_err(io)?;
    let reasons: Vec<String> = result
        .reasons()
        .into_iter()
        .map(|(k, n)| format!("{k} {n}"))
        .collect();
    writeln!(out, "ends: {}", reasons.join(", ")).map_err(io)
}
