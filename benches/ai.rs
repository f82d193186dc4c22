//! AI speed: nodes searched per second on fixed positions, and the race solver.
//! Run with `cargo bench --bench ai`; `ugolki bench` prints nodes/s directly.

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use ugolki_bot::ai::{self, Limits};
use ugolki_bot::engine::{Game, Variant};

const NODES: u64 = 200_000;

fn positions(spec: &str) -> Vec<Game> {
    let v = Variant::parse(spec).expect("variant");
    [0u32, 8, 16, 24]
        .iter()
        .map(|&k| ai::arena::opening(&v.start(), k, 20_260_101 + k as u64))
        .collect()
}

fn search(c: &mut Criterion) {
    let mut group = c.benchmark_group("search");
    group.sample_size(10);
    for spec in ["classic", "diagonal"] {
        let games = positions(spec);
        group.throughput(criterion::Throughput::Elements(NODES * games.len() as u64));
        group.bench_function(
            format!("{spec}, {NODES} nodes x {} positions", games.len()),
            |b| {
                b.iter(|| {
                    for g in &games {
                        let limits = Limits {
                            nodes: Some(NODES),
                            depth: Some(64),
                            ..Limits::default()
                        };
                        black_box(ai::search(g, &limits, 0));
                    }
                })
            },
        );
    }
    group.finish();
}

fn training(c: &mut Criterion) {
    let mut group = c.benchmark_group("training");
    group.sample_size(10);
    let v = Variant::parse("training,directions=all").expect("variant");
    group.bench_function("solve training directions=all", |b| {
        b.iter(|| black_box(ai::training::solve(&v).expect("solved").len()))
    });
    group.finish();
}

criterion_group!(benches, search, training);
criterion_main!(benches);
