//! What `GameService`'s replay cache saves a move: replaying a game record (every ply's
//! path checked against the legal moves, as `GameRecord::replay` does) against cloning
//! the kept engine game. Run: `cargo bench --bench replay`.

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use ugolki_bot::engine::{Game, Path, Variant, VariantId};

/// A classic game of `plies` moves, each the legal move at a fixed pseudo-random index.
fn game_of(plies: usize) -> (Game, Vec<Path>) {
    let mut game = Game::from_position(Variant::new(VariantId::Classic).start());
    let mut paths = Vec::new();
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    while paths.len() < plies && !game.is_over() {
        let moves = game.legal_moves();
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let m = moves[(x % moves.len() as u64) as usize];
        let path = game.position().path(m).expect("a legal move has a path");
        game.play(m).expect("legal");
        paths.push(path);
    }
    (game, paths)
}

fn replay(c: &mut Criterion) {
    let mut g = c.benchmark_group("replay");
    for plies in [40, 80] {
        let (game, paths) = game_of(plies);
        let start = game.start().clone();
        g.bench_function(format!("replay {} plies", paths.len()), |b| {
            b.iter(|| {
                let mut r = Game::from_position(black_box(&start).clone());
                for p in &paths {
                    r.play_squares(p.squares()).expect("replays");
                }
                r
            })
        });
        g.bench_function(format!("clone the kept game, {} plies", paths.len()), |b| {
            b.iter(|| black_box(&game).clone())
        });
    }
    g.finish();
}

criterion_group!(benches, replay);
criterion_main!(benches);
