//! `ugolki bench`: search speed (nodes per second on one thread) on fixed positions.

use super::{CliError, VariantArgs, io};
use crate::ai::{self, Limits, arena};
use clap::Args;
use std::io::Write;
use std::time::Instant;

/// `bench` arguments.
#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Variant (default classic).
    #[command(flatten)]
    pub v: VariantArgs,
    /// Nodes per position.
    #[arg(long, default_value_t = 2_000_000)]
    pub nodes: u64,
}

/// The benchmark positions: the start and positions after 8, 16 and 24 seeded random
/// forward plies (reproducible).
pub fn positions(v: &crate::engine::Variant) -> Vec<crate::engine::Game> {
    [0u32, 8, 16, 24]
        .iter()
        .map(|&k| arena::opening(&v.start(), k, 20_260_101 + k as u64))
        .collect()
}

/// CPU time of the calling thread (Linux: /proc/thread-self/schedstat), so the figure is
/// per core even when other processes share the machine.
pub fn thread_cpu_time() -> Option<std::time::Duration> {
    let s = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: u64 = s.split_whitespace().next()?.parse().ok()?;
    Some(std::time::Duration::from_nanos(ns))
}

/// Run `bench`.
pub fn run(args: &BenchArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let v = args.v.variant()?;
    if v.rules().solo {
        return Err(CliError::usage("bench needs a two-player variant"));
    }
    let mut total_nodes = 0u64;
    let mut total_secs = 0.0f64;
    let mut total_cpu = 0.0f64;
    for g in positions(&v) {
        let limits = Limits {
            nodes: Some(args.nodes),
            depth: Some(64),
            ..Limits::default()
        };
        let t = Instant::now();
        let c0 = thread_cpu_time();
        let Some(r) = ai::search(&g, &limits, 0) else {
            continue;
        };
        let secs = t.elapsed().as_secs_f64();
        let cpu = match (c0, thread_cpu_time()) {
            (Some(a), Some(b)) => (b - a).as_secs_f64(),
            _ => secs,
        };
        total_nodes += r.nodes;
        total_secs += secs;
        total_cpu += cpu;
        writeln!(
            out,
            "{}: depth {} nodes {} in {:.2} s ({:.2} s CPU) = {:.2} M nodes/s per CPU second, best {}",
            g.position().to_text(),
            r.depth,
            r.nodes,
            secs,
            cpu,
            r.nodes as f64 / cpu.max(1e-9) / 1e6,
            r.path
        )
        .map_err(io)?;
    }
    writeln!(
        out,
        "total: {} nodes in {:.2} s wall, {:.2} s CPU = {:.2} M nodes/s per CPU second ({:.2} M/s wall) ({}, one thread)",
        total_nodes,
        total_secs,
        total_cpu,
        total_nodes as f64 / total_cpu.max(1e-9) / 1e6,
        total_nodes as f64 / total_secs.max(1e-9) / 1e6,
        v.spec()
    )
    .map_err(io)?;
    Ok(())
}
