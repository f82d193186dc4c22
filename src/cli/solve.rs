//! `ugolki solve`: the training room's optimum with one optimal line.

use super::{CliError, io};
use crate::ai::training;
use crate::engine::{Variant, split_option};
use clap::Args;
use std::io::Write;
use std::time::Instant;

/// `solve` arguments.
#[derive(Args, Debug)]
pub struct SolveArgs {
    /// Variant (the one-player `training` room).
    #[arg(long, default_value = "training")]
    pub variant: String,
    /// Override one option, NAME=VALUE (repeatable), e.g. directions=all.
    #[arg(long = "option", value_name = "NAME=VALUE")]
    pub options: Vec<String>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// Do not print search progress on stderr.
    #[arg(long)]
    pub quiet: bool,
}

/// Run `solve`.
pub fn run(args: &SolveArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let mut v = Variant::parse(&args.variant).map_err(|e| CliError::usage(e.to_string()))?;
    for o in &args.options {
        let (n, val) = split_option(o).map_err(|e| CliError::usage(e.to_string()))?;
        v = v
            .with_option(n, val)
            .map_err(|e| CliError::usage(e.to_string()))?;
    }
    let t = Instant::now();
    let quiet = args.quiet;
    let sol = training::solve_with(&v, &mut |line| {
        if !quiet {
            eprintln!("# {line}");
        }
    })
    .map_err(|e| CliError::usage(e.to_string()))?;
    let secs = t.elapsed().as_secs_f64();
    let line: Vec<String> = sol.moves.iter().map(|p| p.to_string()).collect();
    if args.json {
        let j = serde_json::json!({
            "variant": v.spec(),
            "moves": sol.len(),
            "proven": sol.proven,
            "line": line,
            "seconds": (secs * 10.0).round() / 10.0,
        });
        writeln!(out, "{j}").map_err(io)?;
    } else {
        writeln!(out, "variant: {}", v.spec()).map_err(io)?;
        writeln!(
            out,
            "minimum: {} moves{}",
            sol.len(),
            if sol.proven {
                " (proven)"
            } else {
                " (best found)"
            }
        )
        .map_err(io)?;
        let numbered: Vec<String> = line
            .iter()
            .enumerate()
            .map(|(i, p)| format!("{}. {p}", i + 1))
            .collect();
        writeln!(out, "line: {}", numbered.join(" ")).map_err(io)?;
        writeln!(out, "time: {secs:.1} s, {} placements stored", sol.states).map_err(io)?;
    }
    Ok(())
}
