//! Perft speed from the classic start, single thread (target: ≥ 50 M leaves/s).
//! Run: `cargo bench --bench perft`; criterion prints leaves/s as "elem/s".

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use ugolki_bot::engine::{Variant, VariantId};

fn perft(c: &mut Criterion) {
    let mut g = c.benchmark_group("perft");
    g.sample_size(10);
    for (id, depth) in [
        (VariantId::Classic, 6),
        (VariantId::Diagonal, 5),
        (VariantId::Halma10, 3),
        (VariantId::Halma16, 3),
    ] {
        let start = Variant::new(id).start();
        let leaves = start.perft(depth);
        g.throughput(Throughput::Elements(leaves));
        g.bench_function(format!("{id} depth {depth} ({leaves} leaves)"), |b| {
            b.iter(|| black_box(&start).perft(black_box(depth)))
        });
    }
    g.finish();
}

criterion_group!(benches, perft);
criterion_main!(benches);
