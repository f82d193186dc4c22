//! Board pictures: render + encode time and output size.
//!
//! `cargo bench --bench render` first prints a summary (median over many calls on one
//! thread, bytes written), then runs the criterion benchmarks.
//! Targets (issue 3): one 8×8 position at the default size in ≤ 2 ms median and
//! ≤ 40 KB; an 80-move game as a GIF in ≤ 1 s and ≤ 2 MB.

use criterion::Criterion;
use std::hint::black_box;
use std::time::{Duration, Instant};
use ugolki_bot::engine::{Game, Record, Variant};
use ugolki_bot::render::{GifOptions, RenderOptions, Renderer};

/// A mid-game 8×8 position whose last move is a two-jump chain.
const MIDGAME: &str = "c2-d2 f6-e6 c1-c2 h6-f6-d6 b3-d3-d1 g7-e7-e5 d1-e1 f8-f6-h6 c3-c1 h6-h5 b1-d1-f1 g6-g5 \
     a2-a4 h5-f5-d5-d7 f1-d1-b1-b3";

fn midgame() -> Game {
    let v = Variant::parse("classic").expect("variant");
    Game::from_record(&Record::parse(MIDGAME).expect("record"), Some(&v), None).expect("legal")
}

/// A full 80-move (160-ply) classic game: a seeded random walk over legal moves that
/// prefers jumps, so pieces travel and chains appear. The home-exit deadline is off so
/// that wandering pieces do not end the game early; the move limit ends it after
/// Black's 80th move.
fn eighty_moves() -> Game {
    let v = Variant::parse("classic,exit_deadline=none").expect("variant");
    for seed in 1u64.. {
        let mut rng = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        let mut next = move || {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            rng
        };
        let mut g = Game::new(&v);
        while !g.is_over() {
            let moves = g.legal_moves();
            let paths: Vec<_> = moves
                .iter()
                .filter_map(|m| g.position().path(*m).ok())
                .collect();
            let jumps: Vec<_> = paths.iter().filter(|p| !p.is_step()).collect();
            let pick = if !jumps.is_empty() && next() % 3 != 0 {
                jumps[(next() % jumps.len() as u64) as usize].clone()
            } else {
                paths[(next() % paths.len() as u64) as usize].clone()
            };
            if g.play_squares(pick.squares()).is_err() {
                break;
            }
        }
        if g.plies() == 160 {
            return g;
        }
    }
    unreachable!("some seed plays out the full 80 moves")
}

/// Median and 90th percentile of `f` over `n` calls.
fn timing(n: usize, mut f: impl FnMut()) -> (Duration, Duration) {
    let mut v: Vec<Duration> = (0..n)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed()
        })
        .collect();
    v.sort();
    (v[n / 2], v[n * 9 / 10])
}

fn summary(r: &Renderer, mid: &Game, long: &Game) {
    let opts = RenderOptions {
        last_move: mid.moves().last().cloned(),
        ..RenderOptions::default()
    };
    let t = Instant::now();
    let png = r.render_png(mid.position(), &opts).expect("png");
    let cold = t.elapsed();
    let (med, p90) = timing(400, || {
        black_box(r.render_png(mid.position(), &opts).expect("png"));
    });
    println!(
        "png 8x8 {} px, mid-game + 2-jump last move: {} bytes, median {:.3} ms, p90 {:.3} ms \
         (first call, building the layer: {:.1} ms)",
        opts.size_px,
        png.len(),
        med.as_secs_f64() * 1e3,
        p90.as_secs_f64() * 1e3,
        cold.as_secs_f64() * 1e3
    );

    // Every position of the long game, each with its last move: the bot's real workload.
    let mut pos = long.start().clone();
    let mut frames = Vec::new();
    for p in long.moves() {
        pos = pos.play(p.as_move()).expect("replay");
        frames.push((pos.clone(), p.clone()));
    }
    let mut sizes = Vec::new();
    let mut i = 0;
    let (med, p90) = timing(frames.len() * 2, || {
        let (pos, last) = &frames[i % frames.len()];
        i += 1;
        let o = RenderOptions {
            last_move: Some(last.clone()),
            ..RenderOptions::default()
        };
        sizes.push(r.render_png(pos, &o).expect("png").len());
    });
    sizes.sort();
    println!(
        "png 8x8 720 px, all {} positions of an 80-move game: median {:.3} ms, p90 {:.3} ms; \
         bytes median {}, max {}",
        frames.len(),
        med.as_secs_f64() * 1e3,
        p90.as_secs_f64() * 1e3,
        sizes[sizes.len() / 2],
        sizes[sizes.len() - 1]
    );

    let gopts = GifOptions::default();
    let gif = r.render_game_gif(long, &gopts).expect("gif");
    let (med, _) = timing(5, || {
        black_box(r.render_game_gif(long, &gopts).expect("gif"));
    });
    println!(
        "gif 8x8 {} px, 80-move game ({} frames): {} bytes, median {:.0} ms",
        gopts.size_px,
        long.plies() + 1,
        gif.len(),
        med.as_secs_f64() * 1e3
    );
    let big = GifOptions {
        size_px: 720,
        ..GifOptions::default()
    };
    let gif = r.render_game_gif(long, &big).expect("gif");
    let (med, _) = timing(3, || {
        black_box(r.render_game_gif(long, &big).expect("gif"));
    });
    println!(
        "gif 8x8 720 px, 80-move game: {} bytes, median {:.0} ms",
        gif.len(),
        med.as_secs_f64() * 1e3
    );
}

fn main() {
    let r = Renderer::new();
    let mid = midgame();
    let long = eighty_moves();
    summary(&r, &mid, &long);

    let mut c = Criterion::default().configure_from_args();
    let opts = RenderOptions {
        last_move: mid.moves().last().cloned(),
        ..RenderOptions::default()
    };
    c.bench_function("png_8x8_720_midgame", |b| {
        b.iter(|| r.render_png(black_box(mid.position()), &opts).expect("png"))
    });
    c.bench_function("png_8x8_720_render_only", |b| {
        b.iter(|| r.render(black_box(mid.position()), &opts).expect("render"))
    });
    for variant in ["halma10", "halma16"] {
        let pos = Variant::parse(variant).expect("variant").start();
        let o = RenderOptions::default();
        c.bench_function(&format!("png_{variant}_720_start"), |b| {
            b.iter(|| r.render_png(black_box(&pos), &o).expect("png"))
        });
    }
    let mut g = c.benchmark_group("slow");
    g.sample_size(10);
    g.bench_function("layer_build_8x8_720", |b| {
        b.iter(|| Renderer::new().render_png(black_box(mid.position()), &opts))
    });
    let gopts = GifOptions::default();
    g.bench_function("gif_80_moves_560", |b| {
        b.iter(|| r.render_game_gif(black_box(&long), &gopts).expect("gif"))
    });
    g.finish();
    c.final_summary();
}
