//! `ugolki bench analysis`: how steady and how fast the post-game analysis is, over games
//! of two kinds played here from fixed seeds: strong self-play (both sides level 5 on a
//! node budget) and races with random moves (the program at a small budget, a random
//! legal move in place of one move in five). Prints, per game and in all: the share of
//! plies classed best or good whose balance moved by at most two tempi, the worst class
//! among the first ten plies of a strong game, blunders a game, and the time and memory.

use super::bench::thread_cpu_time;
use super::{CliError, io};
use crate::ai::analysis::{Analysis, Class, DEFAULT_EFFORT, analyze};
use crate::ai::rng::{Rng, mix};
use crate::ai::{Level, Limits, Player, choose_with, table_for};
use crate::engine::{Game, Record, Variant};
use clap::Args;
use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

/// `bench analysis` arguments.
#[derive(Args, Debug)]
pub struct AnalysisBenchArgs {
    /// Games of each kind.
    #[arg(long, default_value_t = 10)]
    pub games: u32,
    /// Nodes an analysis search may take (the analysis's effort).
    #[arg(long, default_value_t = DEFAULT_EFFORT)]
    pub effort: u64,
    /// Nodes a move of the strong games (level 5 on both sides; game k gives White
    /// 10,000·k more and Black 10,000·k fewer, so the games differ).
    #[arg(long, default_value_t = 200_000)]
    pub strong_nodes: u64,
    /// Nodes a move of the race games' program moves.
    #[arg(long, default_value_t = 4_000)]
    pub race_nodes: u64,
    /// Share of the race games' moves that are random legal moves.
    #[arg(long, default_value_t = 0.2)]
    pub random: f64,
    /// Seed of the race games' random moves.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Keep the games' records here and read them back on the next run (the games take
    /// minutes to play; the analysis is what is measured).
    #[arg(long)]
    pub records: Option<PathBuf>,
}

/// A kind of game.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Strong,
    Race,
}

impl Kind {
    fn name(self) -> &'static str {
        match self {
            Kind::Strong => "level-5",
            Kind::Race => "race",
        }
    }
}

/// What one analysis showed.
struct Figures {
    plies: usize,
    sound: usize,
    steady: usize,
    largest_jump: i32,
    blunders: u32,
    mistakes: u32,
    worst_opening: Class,
    cpu: f64,
    wall: f64,
}

/// The share of best or good plies whose balance moved by at most 2 tempi, and the rest.
fn figures(a: &Analysis, cpu: f64, wall: f64) -> Figures {
    let mut f = Figures {
        plies: a.moves.len(),
        sound: 0,
        steady: 0,
        largest_jump: 0,
        blunders: 0,
        mistakes: 0,
        worst_opening: Class::Best,
        cpu,
        wall,
    };
    // The start is balanced: White finishes first, Black's last move draws.
    let mut before = 0;
    for m in &a.moves {
        if matches!(m.class, Class::Best | Class::Good) {
            f.sound += 1;
            let jump = (m.balance - before).abs();
            f.largest_jump = f.largest_jump.max(jump);
            if jump <= 2 {
                f.steady += 1;
            }
        }
        match m.class {
            Class::Blunder => f.blunders += 1,
            Class::Mistake => f.mistakes += 1,
            _ => {}
        }
        if m.ply < 10 {
            f.worst_opening = f.worst_opening.max(m.class);
        }
        before = m.balance;
    }
    f
}

/// Game `k` of `kind`, played from its seed.
fn play(kind: Kind, k: u32, args: &AnalysisBenchArgs, v: &Variant) -> Game {
    let five = Player::Ai(Level::MAX);
    let mut game = Game::new(v);
    let mut tables = [table_for(five), table_for(five)];
    let budget = |nodes: u64| Limits {
        nodes: Some(nodes.max(1)),
        ..Limits::default()
    };
    let step = 10_000 * u64::from(k);
    let budgets = match kind {
        Kind::Strong => [
            budget(args.strong_nodes + step),
            budget(args.strong_nodes.saturating_sub(step)),
        ],
        Kind::Race => [budget(args.race_nodes), budget(args.race_nodes)],
    };
    let mut rng = Rng::new(mix(args.seed ^ mix(u64::from(k) + 1)));
    while !game.is_over() && game.plies() < crate::ai::arena::PLY_CAP {
        let i = game.side_to_move().index();
        let random = kind == Kind::Race && rng.unit() < args.random;
        let path = if random {
            let pos = game.position().clone();
            let safe: Vec<_> = game
                .legal_moves()
                .into_iter()
                .filter(|m| !pos.is_return_home(*m))
                .collect();
            if safe.is_empty() {
                None
            } else {
                pos.path(safe[rng.below(safe.len() as u64) as usize]).ok()
            }
        } else {
            let s = mix(args.seed ^ game.plies() as u64);
            choose_with(&game, five, &budgets[i], s, &mut tables[i])
        };
        let Some(path) = path else { break };
        if game.play_squares(path.squares()).is_err() {
            break;
        }
    }
    game
}

/// Game `k` of `kind`: read from `--records` if kept there, else played (and kept).
fn game_of(kind: Kind, k: u32, args: &AnalysisBenchArgs, v: &Variant) -> Result<Game, CliError> {
    let file = args
        .records
        .as_ref()
        .map(|d| d.join(format!("{}-{k}.txt", kind.name())));
    if let Some(f) = &file
        && let Ok(text) = std::fs::read_to_string(f)
    {
        let rec = Record::parse(&text).map_err(|e| CliError::usage(format!("{f:?}: {e}")))?;
        return Game::from_record(&rec, Some(v), None)
            .map_err(|e| CliError::usage(format!("{f:?}: {e}")));
    }
    let g = play(kind, k, args, v);
    if let Some(f) = &file {
        if let Some(dir) = f.parent() {
            std::fs::create_dir_all(dir).map_err(io)?;
        }
        let text = g.to_record(&[("Variant", "classic"), ("Kind", kind.name())]);
        std::fs::write(f, text).map_err(io)?;
    }
    Ok(g)
}

/// Run `bench analysis`.
pub fn run(args: &AnalysisBenchArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let v = Variant::parse("classic").map_err(|e| CliError::usage(e.to_string()))?;
    writeln!(
        out,
        "analysis bench: {} level-5 games ({} nodes a move) and {} race games ({}% random moves), effort {}",
        args.games,
        args.strong_nodes,
        args.games,
        (args.random * 100.0).round(),
        args.effort
    )
    .map_err(io)?;
    let mut all: Vec<(Kind, Figures)> = Vec::new();
    for kind in [Kind::Strong, Kind::Race] {
        for k in 0..args.games {
            let g = game_of(kind, k, args, &v)?;
            let (t, c0) = (Instant::now(), thread_cpu_time());
            let a = analyze(&g, args.effort);
            let wall = t.elapsed().as_secs_f64();
            let cpu = match (c0, thread_cpu_time()) {
                (Some(a), Some(b)) => (b - a).as_secs_f64(),
                _ => wall,
            };
            let f = figures(&a, cpu, wall);
            writeln!(
                out,
                "{} {k}: {} plies, {}/{} best or good plies steady ({:.1}%, largest move {}), first ten plies at worst {}, {} mistakes, {} blunders, {:.2} s CPU ({:.2} s wall; {:.2} s CPU per 80 plies)",
                kind.name(),
                f.plies,
                f.steady,
                f.sound,
                share(f.steady, f.sound),
                f.largest_jump,
                f.worst_opening.id(),
                f.mistakes,
                f.blunders,
                f.cpu,
                f.wall,
                f.cpu * 80.0 / f.plies.max(1) as f64,
            )
            .map_err(io)?;
            all.push((kind, f));
        }
    }
    let sum = |pick: &dyn Fn(&Figures) -> usize, kind: Option<Kind>| -> usize {
        all.iter()
            .filter(|(k, _)| kind.is_none_or(|want| *k == want))
            .map(|(_, f)| pick(f))
            .sum()
    };
    for kind in [Some(Kind::Strong), Some(Kind::Race), None] {
        let (steady, sound) = (sum(&|f| f.steady, kind), sum(&|f| f.sound, kind));
        writeln!(
            out,
            "steady, {}: {steady}/{sound} best or good plies moved the balance by at most 2 tempi ({:.1}%)",
            kind.map_or("all", Kind::name),
            share(steady, sound)
        )
        .map_err(io)?;
    }
    let strong: Vec<&Figures> = all
        .iter()
        .filter(|(k, _)| *k == Kind::Strong)
        .map(|(_, f)| f)
        .collect();
    let n = strong.len().max(1) as f64;
    let over = strong
        .iter()
        .filter(|f| f.worst_opening > Class::Inaccuracy)
        .count();
    writeln!(
        out,
        "level-5 games: first ten plies worse than an inaccuracy in {over} of {}; blunders a game {:.2}, mistakes a game {:.2}",
        strong.len(),
        strong.iter().map(|f| f.blunders).sum::<u32>() as f64 / n,
        strong.iter().map(|f| f.mistakes).sum::<u32>() as f64 / n,
    )
    .map_err(io)?;
    let per80 = |f: &Figures| f.cpu * 80.0 / f.plies.max(1) as f64;
    let worst = all.iter().map(|(_, f)| per80(f)).fold(0.0, f64::max);
    let longest = all.iter().map(|(_, f)| f.wall).fold(0.0, f64::max);
    writeln!(
        out,
        "time: worst {worst:.2} s CPU per 80 plies; longest analysis {longest:.2} s wall; peak memory (VmHWM) {:.1} MB",
        crate::loadtest::process::memory_of(std::process::id())
            .unwrap_or_default()
            .hwm_kib as f64
            / 1024.0
    )
    .map_err(io)?;
    Ok(())
}

fn share(a: usize, b: usize) -> f64 {
    if b == 0 {
        100.0
    } else {
        a as f64 * 100.0 / b as f64
    }
}
