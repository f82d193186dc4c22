//! `ugolki tournament`: pair and score a tournament file, for arbiters and tests. The file
//! is the event as JSON (docs/CLI.md): its format, its players and the rounds so far with
//! their results. `pair` prints the next round (and with `--write` adds it to the file);
//! `standings` prints the standings with the format's tie-breaks.

use super::{CliError, io, read_record_arg};
use crate::game::tournament::{Event, Format, PairError, Points, TieBreak, standings};
use clap::{Args, Subcommand};
use std::io::Write;

/// `tournament` arguments.
#[derive(Args, Debug)]
pub struct TournamentArgs {
    /// What to do.
    #[command(subcommand)]
    pub what: TournamentCommand,
}

/// The tournament tools.
#[derive(Subcommand, Debug)]
pub enum TournamentCommand {
    /// Pair the next round (round-robin: its Berger table; Swiss: the Dutch system).
    Pair(PairArgs),
    /// The standings: points, then the format's tie-breaks in FIDE's order.
    Standings(StandingsArgs),
}

/// A tournament file.
#[derive(Args, Debug)]
pub struct FileArgs {
    /// The event as JSON (`-` for stdin).
    pub file: String,
    /// Print JSON instead of a table.
    #[arg(long)]
    pub json: bool,
}

/// `tournament standings` arguments.
#[derive(Args, Debug)]
pub struct StandingsArgs {
    /// The file and the output's form.
    #[command(flatten)]
    pub file: FileArgs,
    /// Also draw them as a PNG picture (as the bot posts them) into this file.
    #[arg(long, value_name = "PNG")]
    pub png: Option<std::path::PathBuf>,
    /// The picture's title.
    #[arg(long, default_value = "Tournament")]
    pub title: String,
}

/// `tournament pair` arguments.
#[derive(Args, Debug)]
pub struct PairArgs {
    /// The file and the output's form.
    #[command(flatten)]
    pub file: FileArgs,
    /// Add the round to the file (not with stdin).
    #[arg(long)]
    pub write: bool,
}

fn load(arg: &str) -> Result<Event, CliError> {
    let text = if arg == "-" || std::path::Path::new(arg).is_file() {
        read_record_arg(arg)?
    } else {
        return Err(CliError::usage(format!("no such file: {arg}")));
    };
    let e: Event = serde_json::from_str(&text)
        .map_err(|e| CliError::usage(format!("not a tournament file: {e}")))?;
    let n = e.players.len() as u32;
    for (i, r) in e.rounds.iter().enumerate() {
        let seeds = r
            .pairings
            .iter()
            .flat_map(|p| [p.white, p.black])
            .chain(r.tables.iter().flat_map(|t| t.seats.iter().copied()))
            .chain(r.bye);
        for s in seeds {
            if s.0 >= n {
                return Err(CliError::usage(format!(
                    "round {}: player {s} is not in the field of {n}",
                    i + 1
                )));
            }
        }
    }
    Ok(e)
}

/// Run a `tournament` subcommand.
pub fn run(a: &TournamentArgs, out: &mut dyn Write) -> Result<(), CliError> {
    match &a.what {
        TournamentCommand::Pair(p) => pair(p, out),
        TournamentCommand::Standings(s) => {
            table(&s.file, out)?;
            match &s.png {
                Some(path) => picture(s, path),
                None => Ok(()),
            }
        }
    }
}

fn pair(a: &PairArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let mut event = load(&a.file.file)?;
    let round = event.pair_next().map_err(|e| CliError {
        message: e.to_string(),
        code: match e {
            PairError::NoPairing | PairError::Finished(_) => 3,
            _ => 1,
        },
    })?;
    let number = event.rounds.len() + 1;
    if a.file.json {
        let j =
            serde_json::json!({ "round": number, "pairings": round.pairings, "bye": round.bye });
        writeln!(out, "{j}").map_err(io)?;
    } else {
        writeln!(out, "Round {number}").map_err(io)?;
        for (i, p) in round.pairings.iter().enumerate() {
            let name = |s: crate::game::tournament::Seed| &event.players[s.index()].name;
            writeln!(
                out,
                "{:>3}. {:>3} {} ({}) – {:>3} {} ({})",
                i + 1,
                p.white,
                name(p.white),
                Points(event.half_points(p.white)),
                p.black,
                name(p.black),
                Points(event.half_points(p.black))
            )
            .map_err(io)?;
        }
        if let Some(b) = round.bye {
            writeln!(out, "bye: {b} {}", event.players[b.index()].name).map_err(io)?;
        }
    }
    if a.write {
        if a.file.file == "-" {
            return Err(CliError::usage("--write needs a file, not stdin"));
        }
        event.rounds.push(round);
        let text = serde_json::to_string_pretty(&event)
            .map_err(|e| CliError::usage(format!("cannot write: {e}")))?;
        std::fs::write(&a.file.file, text + "\n").map_err(io)?;
    }
    Ok(())
}

fn table(a: &FileArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let event = load(&a.file)?;
    let lines = standings(&event);
    let order = TieBreak::order(event.format);
    if a.json {
        let rows: Vec<serde_json::Value> = lines
            .iter()
            .map(|l| {
                let tbs: serde_json::Map<String, serde_json::Value> = order
                    .iter()
                    .zip(&l.tie_breaks)
                    .map(|(tb, v)| (tb.label().to_string(), serde_json::json!(value(*tb, *v))))
                    .collect();
                serde_json::json!({
                    "rank": l.rank,
                    "player": l.player.0 + 1,
                    "name": event.players[l.player.index()].name,
                    "points": points(event.format, l.points),
                    "played": l.played,
                    "tie_breaks": tbs,
                })
            })
            .collect();
        writeln!(out, "{}", serde_json::Value::Array(rows)).map_err(io)?;
        return Ok(());
    }
    // Each tie-break right-aligned in a column as wide as its widest entry.
    let cells: Vec<Vec<String>> = lines
        .iter()
        .map(|l| {
            order
                .iter()
                .zip(&l.tie_breaks)
                .map(|(tb, v)| value(*tb, *v).to_string())
                .collect()
        })
        .collect();
    let widths: Vec<usize> = order
        .iter()
        .enumerate()
        .map(|(k, tb)| {
            cells
                .iter()
                .map(|r| r[k].chars().count())
                .chain([tb.label().len()])
                .max()
                .unwrap_or(0)
        })
        .collect();
    let row = |cells: &[String]| -> String {
        cells
            .iter()
            .zip(&widths)
            .map(|(c, w)| format!("{c:>w$}"))
            .collect::<Vec<_>>()
            .join("  ")
    };
    let heads: Vec<String> = order.iter().map(|t| t.label().to_string()).collect();
    writeln!(out, "  # {:<20} {:>4}  {}", "player", "pts", row(&heads)).map_err(io)?;
    for (l, tbs) in lines.iter().zip(&cells) {
        writeln!(
            out,
            "{:>3} {:<20} {:>4}  {}",
            l.rank,
            event.players[l.player.index()].name,
            points(event.format, l.points),
            row(tbs)
        )
        .map_err(io)?;
    }
    Ok(())
}

/// The standings as the bot draws them, with English headings.
fn picture(a: &StandingsArgs, path: &std::path::Path) -> Result<(), CliError> {
    let event = load(&a.file.file)?;
    let order = TieBreak::order(event.format);
    let mut columns: Vec<String> = ["#", "Player", "Pts", "Games"].map(String::from).to_vec();
    columns.extend(order.iter().map(|t| t.label().to_string()));
    let table = standings(&event);
    let rows = table
        .iter()
        .map(|l| {
            let mut r = vec![
                l.rank.to_string(),
                event.players[l.player.index()].name.clone(),
                match event.format {
                    Format::Arena { .. } => l.points.0.to_string(),
                    _ => l.points.to_string(),
                },
                l.played.to_string(),
            ];
            r.extend(order.iter().zip(&l.tie_breaks).map(|(tb, v)| tb.show(*v)));
            r
        })
        .collect();
    let rounds = event.rounds.len();
    let sheet = crate::render::standings::Sheet {
        title: a.title.clone(),
        subtitle: match event.total_rounds() {
            Some(n) if rounds as u32 >= n => "Final standings".into(),
            Some(n) => format!("Standings after round {rounds} of {n}"),
            None => "Standings".into(),
        },
        columns,
        name_columns: vec![1],
        rows,
        leaders: table.iter().filter(|l| l.rank == 1).count(),
    };
    let png = crate::render::standings::render_sheet(&sheet)
        .map_err(|e| CliError::usage(format!("cannot draw: {e}")))?;
    std::fs::write(path, png).map_err(io)
}

/// Points as a number: half points as points (`2.5`), arena points as they are.
fn points(format: Format, p: Points) -> f64 {
    match format {
        Format::Arena { .. } => f64::from(p.0),
        _ => f64::from(p.0) / 2.0,
    }
}

/// A tie-break's value in points (Sonneborn-Berger is kept in quarter points, the others
/// in half points; wins and performance are counts).
fn value(tb: TieBreak, v: i64) -> f64 {
    match tb {
        TieBreak::Wins | TieBreak::Performance => v as f64,
        TieBreak::SonnebornBerger => v as f64 / 4.0,
        _ => v as f64 / 2.0,
    }
}

/// `bench pairing` arguments.
#[derive(Args, Debug)]
pub struct PairingBenchArgs {
    /// Players in the Swiss.
    #[arg(long, default_value_t = 200)]
    pub players: usize,
    /// Rounds paired (each after random results of the one before).
    #[arg(long, default_value_t = 9)]
    pub rounds: u8,
    /// Seed of the results.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

/// Time the pairing of each round of a Swiss of `players` over random results (one
/// thread), and a round-robin's and an arena wave's for comparison.
pub fn bench_pairing(a: &PairingBenchArgs, out: &mut dyn Write) -> Result<(), CliError> {
    use crate::game::tournament::{Entrant, GameResult};
    use std::time::Instant;
    let mut rng = crate::ai::rng::Rng::new(a.seed);
    let players: Vec<Entrant> = (0..a.players)
        .map(|i| Entrant {
            name: format!("P{}", i + 1),
            rating: 2400 - (i as i32) * 3,
            joined: 0,
            withdrew: None,
        })
        .collect();
    let mut event = Event::new(Format::Swiss { rounds: a.rounds }, players);
    let mut worst = 0f64;
    let mut total = 0f64;
    writeln!(
        out,
        "Swiss, {} players, {} rounds (Dutch system as matchings):",
        a.players, a.rounds
    )
    .map_err(io)?;
    for r in 0..a.rounds {
        let t0 = Instant::now();
        let round = event.pair_next().map_err(|e| CliError {
            message: format!("round {}: {e}", r + 1),
            code: 1,
        })?;
        let ms = t0.elapsed().as_secs_f64() * 1000.0;
        worst = worst.max(ms);
        total += ms;
        writeln!(
            out,
            "  round {}: {:.1} ms ({} boards)",
            r + 1,
            ms,
            round.pairings.len()
        )
        .map_err(io)?;
        event.rounds.push(round);
        let last = event.rounds.len() - 1;
        for p in &mut event.rounds[last].pairings {
            p.result = Some(match rng.below(10) {
                0..=3 => GameResult::White,
                4..=7 => GameResult::Black,
                _ => GameResult::Draw,
            });
        }
    }
    writeln!(
        out,
        "worst round: {worst:.1} ms; mean {:.1} ms",
        total / f64::from(a.rounds)
    )
    .map_err(io)?;
    let t0 = Instant::now();
    let table = standings(&event);
    writeln!(
        out,
        "standings with tie-breaks: {:.1} ms ({} lines)",
        t0.elapsed().as_secs_f64() * 1000.0,
        table.len()
    )
    .map_err(io)?;
    Ok(())
}
