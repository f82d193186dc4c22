//! `ugolki analyze`: a two-player record analysed in tempi (docs/ANALYSIS.md): each move's
//! class, the tempi it lost, the better move and the balance after it, then each side's
//! accuracy and counts.

use super::{CliError, io, read_record_arg};
use crate::ai::analysis::{Class, DEFAULT_EFFORT, analyze};
use crate::engine::{Color, Game, Record, Variant};
use clap::Args;
use serde_json::{Map, Value, json};
use std::io::Write;

/// `analyze` arguments.
#[derive(Args, Debug)]
pub struct AnalyzeArgs {
    /// The record: a file path, `-` for stdin, or the move text itself.
    #[arg(long)]
    pub record: String,
    /// Variant id (default: the record's own `Variant` tag, else classic).
    #[arg(long)]
    pub variant: Option<String>,
    /// Print JSON lines: one object a move, then the summary.
    #[arg(long)]
    pub json: bool,
    /// Nodes a search may take where the armies still meet (more: slower, surer).
    #[arg(long, default_value_t = DEFAULT_EFFORT)]
    pub effort: u64,
}

fn side(c: Color) -> &'static str {
    match c {
        Color::White => "w",
        Color::Black => "b",
    }
}

/// Run `analyze`.
pub fn run(args: &AnalyzeArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let text = read_record_arg(&args.record)?;
    let fail = |out: &mut dyn Write, msg: String, ply: Option<usize>| -> CliError {
        if args.json {
            let _ = writeln!(out, "{}", json!({ "error": msg, "ply": ply }));
        }
        let at = ply.map(|p| format!(" (ply {p})")).unwrap_or_default();
        CliError {
            message: format!("{msg}{at}"),
            code: 1,
        }
    };
    let record = Record::parse(&text).map_err(|e| fail(out, e.to_string(), None))?;
    let named = args
        .variant
        .clone()
        .or_else(|| record.tag("Variant").map(str::to_string))
        .unwrap_or_else(|| "classic".into());
    // A usage error too is one JSON line in `--json` mode, as every other refusal.
    let usage = |out: &mut dyn Write, msg: String| -> CliError {
        if args.json {
            let _ = writeln!(out, "{}", json!({ "error": msg, "ply": Value::Null }));
        }
        CliError::usage(msg)
    };
    if super::multi::variant_named(&named).is_some() {
        return Err(usage(
            out,
            format!("{named}: the analysis is for two-player games"),
        ));
    }
    let variant = Variant::parse(&named).map_err(|e| usage(out, e.to_string()))?;
    let game = Game::from_record(&record, Some(&variant), None).map_err(|e| {
        let msg = match &e {
            crate::engine::RecordError::Move { error, .. } => error.to_string(),
            other => other.to_string(),
        };
        fail(out, msg, e.ply())
    })?;
    let a = analyze(&game, args.effort.max(1));
    for m in &a.moves {
        if args.json {
            let j = json!({
                "ply": m.ply,
                "side": side(m.side),
                "move": m.played.to_string(),
                "best": m.best.to_string(),
                "loss": m.loss,
                "class": m.class.id(),
                "why": m.why.map(|w| w.id()),
                "balance": m.balance,
                "exact": m.exact,
            });
            writeln!(out, "{j}").map_err(io)?;
        } else {
            let better = if m.best == m.played {
                String::new()
            } else {
                format!(", better {}", m.best)
            };
            let why = m.why.map(|w| format!(", {}", w.id())).unwrap_or_default();
            writeln!(
                out,
                "{:>3}. {} {:<14} {:<10} loss {}{why}{better}; balance {:+}{}",
                m.ply,
                side(m.side),
                m.played.to_string(),
                m.class.id(),
                m.loss,
                m.balance,
                if m.exact { " (exact)" } else { "" }
            )
            .map_err(io)?;
        }
    }
    let counts = |i: usize| -> Value {
        let mut o = Map::new();
        for (k, c) in Class::ALL.iter().enumerate() {
            o.insert(c.id().into(), json!(a.counts[i][k]));
        }
        Value::Object(o)
    };
    if args.json {
        let j = json!({
            "accuracy": { "w": a.accuracy[0], "b": a.accuracy[1] },
            "counts": { "w": counts(0), "b": counts(1) },
        });
        writeln!(out, "{j}").map_err(io)?;
    } else {
        for (i, c) in [Color::White, Color::Black].into_iter().enumerate() {
            writeln!(
                out,
                "{}: accuracy {:.1}, {}",
                side(c),
                a.accuracy[i],
                counts(i)
            )
            .map_err(io)?;
        }
    }
    Ok(())
}
