//! The command-line tools on the three- and four-seat variants (RULES.md §14): `perft`,
//! `moves` and `replay` hand over here when `--variant` (or a record's `Variant` tag)
//! names `halma4`, `halma3` or `halma4-teams`.

use super::{CliError, PerftArgs, ReplayArgs, VariantArgs, io, thread_cpu};
use crate::engine::Record;
use crate::engine::multi::{MultiGame, MultiPos, MultiVariant, Seat};
use std::io::Write;
use std::time::Instant;

/// The multi-player variant `name` names, if it names one.
pub fn variant_named(name: &str) -> Option<MultiVariant> {
    name.parse().ok()
}

impl VariantArgs {
    /// The multi-player variant `--variant` names (house-rule options do not apply to it).
    pub fn multi(&self) -> Result<Option<MultiVariant>, CliError> {
        let Some(v) = self.variant.as_deref().and_then(variant_named) else {
            return Ok(None);
        };
        if !self.options.is_empty() {
            return Err(CliError::usage(format!(
                "{v} has no --option: its rules are fixed (RULES.md §14)"
            )));
        }
        Ok(Some(v))
    }

    /// `--position` or the start of the multi-player variant `v`.
    pub fn multi_position(&self, v: MultiVariant) -> Result<MultiPos, CliError> {
        match &self.position {
            Some(t) => {
                MultiPos::from_text(v, t).map_err(|e| CliError::usage(format!("--position: {e}")))
            }
            None => Ok(MultiPos::start(v)),
        }
    }
}

/// `perft` on a multi-player variant.
pub fn perft(v: MultiVariant, args: &PerftArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let pos = args.v.multi_position(v)?;
    let t = Instant::now();
    let cpu0 = thread_cpu();
    let total = if args.divide && args.depth > 0 {
        let mut rows: Vec<(String, u64)> = pos
            .legal_turns()
            .into_iter()
            .map(|turn| (pos.turn_text(turn), pos.play(turn).perft(args.depth - 1)))
            .collect();
        rows.sort();
        for (path, n) in &rows {
            writeln!(out, "{path} {n}").map_err(io)?;
        }
        rows.iter().map(|(_, n)| n).sum()
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
        "# perft {v} depth {}: {total} leaves in {secs:.3} s ({:.1} M leaves/s{per_cpu})",
        args.depth,
        total as f64 / secs.max(1e-9) / 1e6
    );
    writeln!(out, "{total}").map_err(io)?;
    Ok(())
}

/// The legal turns of `pos` as written: shortest paths sorted, or `--` for a pass.
pub fn turn_texts(pos: &MultiPos) -> Vec<String> {
    let mut v: Vec<String> = pos
        .legal_turns()
        .into_iter()
        .map(|t| pos.turn_text(t))
        .collect();
    v.sort();
    v
}

/// `moves` on a multi-player variant.
pub fn moves(v: MultiVariant, args: &VariantArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let pos = args.multi_position(v)?;
    for t in turn_texts(&pos) {
        writeln!(out, "{t}").map_err(io)?;
    }
    Ok(())
}

/// `{"w": 1, "g": 3, ...}` for the seats that have a place.
pub fn places_json(places: &[Option<u8>; 4]) -> serde_json::Value {
    let mut m = serde_json::Map::new();
    for s in Seat::ALL {
        if let Some(p) = places[s.index()] {
            m.insert(s.letter().to_string(), p.into());
        }
    }
    serde_json::Value::Object(m)
}

/// `replay` of a multi-player record.
pub fn replay(
    v: MultiVariant,
    args: &ReplayArgs,
    record: &Record,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let game = match MultiGame::from_record(record, Some(v), args.v.position.as_deref()) {
        Ok(g) => g,
        Err(e) => {
            let msg = match &e {
                crate::engine::multi::MultiRecordError::Move { error, .. } => error.to_string(),
                other => other.to_string(),
            };
            let j = serde_json::json!({ "error": msg, "ply": e.ply() });
            let _ = writeln!(out, "{j}");
            return Err(CliError {
                message: e.to_string(),
                code: 1,
            });
        }
    };
    let pos = game.position();
    let places = game.places_known();
    let termination = game.outcome().map(|o| o.reason.id());
    if args.json {
        let j = serde_json::json!({
            "variant": v.id(),
            "places": places_json(&places),
            "termination": termination,
            "plies": game.plies(),
            "round": pos.round(),
            "position": pos.to_text(),
        });
        writeln!(out, "{j}").map_err(io)?;
    } else {
        writeln!(
            out,
            "places: {}",
            crate::engine::multi::places_text(&places)
        )
        .map_err(io)?;
        writeln!(out, "termination: {}", termination.unwrap_or("none")).map_err(io)?;
        writeln!(out, "plies: {}", game.plies()).map_err(io)?;
        writeln!(out, "position: {}", pos.to_text()).map_err(io)?;
    }
    Ok(())
}

/// `arena` arguments.
#[derive(clap::Args, Debug)]
pub struct ArenaArgs {
    /// halma4, halma3 or halma4-teams.
    #[arg(long, default_value = "halma4")]
    pub variant: String,
    /// Games to play; the program's seat goes round the seats.
    #[arg(long, default_value_t = 40)]
    pub games: u32,
    /// The program's level (1–5), bounded by its node budget so games replay exactly.
    #[arg(long, default_value_t = 3)]
    pub level: u8,
    /// Seed of every random choice.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Worker threads.
    #[arg(long, default_value_t = 2)]
    pub threads: usize,
    /// Print one JSON object per game and a summary object.
    #[arg(long)]
    pub json: bool,
}

/// Run `arena`: the program in one seat against greedy one-ply seats.
pub fn arena(args: &ArenaArgs, out: &mut dyn Write) -> Result<(), CliError> {
    use crate::ai::multi_arena::{ArenaGame, ArenaSpec, run};
    let variant = variant_named(&args.variant).ok_or_else(|| {
        CliError::usage(format!(
            "--variant: '{}' is not halma4, halma3 or halma4-teams",
            args.variant
        ))
    })?;
    let level = crate::ai::Level::new(args.level)
        .ok_or_else(|| CliError::usage(format!("--level must be 1 to 5, not {}", args.level)))?;
    let spec = ArenaSpec {
        variant,
        games: args.games,
        level,
        seed: args.seed,
        threads: args.threads,
    };
    let line = |g: &ArenaGame| -> String {
        if args.json {
            serde_json::json!({
                "game": g.index + 1,
                "seat": g.seat.letter().to_string(),
                "place": g.place(),
                "places": places_json(&g.places),
                "termination": g.reason.id(),
                "rounds": g.rounds,
                "program_turns": g.program_turns,
                "illegal": g.illegal,
                "program_ms": g.program_time.as_millis() as u64,
            })
            .to_string()
        } else {
            format!(
                "game {:>3}: program as {} took place {} ({}), {} rounds; {}",
                g.index + 1,
                g.seat.name(),
                g.place(),
                g.reason.id(),
                g.rounds,
                crate::engine::multi::places_text(&g.places)
            )
        }
    };
    let t = Instant::now();
    let games = run(&spec, &|g| eprintln!("{}", line(g)));
    for g in &games {
        writeln!(out, "{}", line(g)).map_err(io)?;
    }
    let n = games.len().max(1);
    let firsts = games.iter().filter(|g| g.place() == 1).count();
    let illegal: u32 = games.iter().map(|g| g.illegal).sum();
    let turns: u32 = games.iter().map(|g| g.program_turns).sum();
    let think: f64 = games.iter().map(|g| g.program_time.as_secs_f64()).sum();
    let mut by_place = [0usize; 5];
    for g in &games {
        by_place[(g.place() as usize).clamp(1, 4)] += 1;
    }
    let per_turn_ms = think * 1000.0 / f64::from(turns.max(1));
    if args.json {
        let j = serde_json::json!({
            "variant": variant.id(),
            "level": args.level,
            "games": games.len(),
            "first": firsts,
            "first_share": firsts as f64 / n as f64,
            "places": {"1": by_place[1], "2": by_place[2], "3": by_place[3], "4": by_place[4]},
            "illegal": illegal,
            "program_ms_per_turn": per_turn_ms,
        });
        writeln!(out, "{j}").map_err(io)?;
    } else {
        writeln!(
            out,
            "program (level {}) first in {firsts} of {} games ({:.1}%); places 1st {} 2nd {} 3rd {} 4th {}; illegal moves {illegal}; {:.1} ms a turn (node-bounded); {:.1} s",
            args.level,
            games.len(),
            100.0 * firsts as f64 / n as f64,
            by_place[1],
            by_place[2],
            by_place[3],
            by_place[4],
            per_turn_ms,
            t.elapsed().as_secs_f64()
        )
        .map_err(io)?;
    }
    Ok(())
}

/// `bench multi` arguments.
#[derive(clap::Args, Debug)]
pub struct MultiBenchArgs {
    /// halma4, halma3 or halma4-teams.
    #[arg(long, default_value = "halma4")]
    pub variant: String,
    /// Pictures to draw per position.
    #[arg(long, default_value_t = 50)]
    pub renders: u32,
}

/// Positions of a seeded greedy playout: the start and after 40, 120 and 240 turns.
fn bench_positions(v: MultiVariant) -> Vec<(MultiPos, Option<crate::engine::Path>)> {
    let mut rng = crate::ai::rng::Rng::new(20_261_204);
    let mut pos = MultiPos::start(v);
    let mut out = vec![(pos, None)];
    for ply in 1..=240 {
        if pos.is_over() {
            break;
        }
        let Some(t) = crate::ai::multi::greedy_multi(&pos, &mut rng) else {
            break;
        };
        let path = pos.path(t);
        pos = pos.play(t);
        if [40, 120, 240].contains(&ply) {
            out.push((pos, path));
        }
    }
    out
}

/// Run `bench multi`: the program's time per turn at each level, and picture time and size.
pub fn bench(args: &MultiBenchArgs, out: &mut dyn Write) -> Result<(), CliError> {
    use crate::ai::multi::{MultiLimits, choose_multi};
    use crate::render::{RenderOptions, Renderer};
    let renderer = Renderer::new();
    const PX: u32 = 640;
    let v = variant_named(&args.variant).ok_or_else(|| {
        CliError::usage(format!(
            "--variant: '{}' is not a multi-player variant",
            args.variant
        ))
    })?;
    let positions = bench_positions(v);
    writeln!(
        out,
        "# {v}: {} positions (start, then a greedy playout)",
        positions.len()
    )
    .map_err(io)?;
    for level in crate::ai::Level::all() {
        let limits = MultiLimits::level(level);
        let (mut ms, mut nodes, mut depth) = (0.0, 0u64, 0u32);
        for (p, _) in &positions {
            let r = choose_multi(p, &limits, 1).ok_or_else(|| CliError::usage("no turn"))?;
            ms += r.elapsed.as_secs_f64() * 1000.0;
            nodes += r.nodes;
            depth = depth.max(r.depth);
        }
        let n = positions.len() as f64;
        writeln!(
            out,
            "program level {}: {:.1} ms a turn (mean), {:.0} nodes, depth up to {depth}",
            level.get(),
            ms / n,
            nodes as f64 / n
        )
        .map_err(io)?;
    }
    for view in [Seat::White, Seat::Green] {
        let (mut total, mut bytes, mut count) = (0.0, 0usize, 0u32);
        let mut worst = 0.0f64;
        // The first picture of a view draws its empty board and the pieces' sprites,
        // which every later one reuses: timed apart from the steady state.
        let first = {
            let (p, last) = &positions[0];
            let opts = RenderOptions {
                view,
                size_px: PX,
                last_move: last.clone(),
                ..RenderOptions::default()
            };
            let t = Instant::now();
            renderer.render_png(p, &opts).map_err(|e| CliError {
                message: e.to_string(),
                code: 1,
            })?;
            t.elapsed().as_secs_f64()
        };
        for (p, last) in &positions {
            let opts = RenderOptions {
                view,
                size_px: PX,
                last_move: last.clone(),
                ..RenderOptions::default()
            };
            for _ in 0..args.renders.max(1) {
                let t = Instant::now();
                let png = renderer.render_png(p, &opts).map_err(|e| CliError {
                    message: e.to_string(),
                    code: 1,
                })?;
                let el = t.elapsed().as_secs_f64();
                total += el;
                worst = worst.max(el);
                bytes = bytes.max(png.len());
                count += 1;
            }
        }
        writeln!(
            out,
            "picture ({} view, {} px): {:.2} ms a picture (mean of {count}, one thread), worst {:.2} ms, largest {bytes} bytes; the view's first {:.2} ms",
            view.name(),
            PX,
            total * 1000.0 / f64::from(count),
            worst * 1000.0,
            first * 1000.0
        )
        .map_err(io)?;
    }
    Ok(())
}
