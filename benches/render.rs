//! Board pictures: render + encode time and output size.
//!
//! `cargo bench --bench render` first prints a summary (median over many calls on one
//! thread, bytes written), then runs the criterion benchmarks.
//! Targets: one 8×8 position at the default size in ≤ 2 ms median and
//! ≤ 40 KB; an 80-move game as a GIF in ≤ 1 s and ≤ 2 MB.

use criterion::Criterion;
use std::hint::black_box;
use std::time::{Duration, Instant};
use ugolki_bot::engine::{Game, Record, Variant};
use ugolki_bot::render::{GifOptions, RenderOptions, Renderer};

/// A mid-game 8×8 position whose last move is a three-jump chain (f1-d1-b1-b3).
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

/// CPU time this thread has run, to separate our own work from waiting for a core on
/// a shared machine.
fn thread_cpu() -> Option<Duration> {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable timespec for the duration of the call.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    (rc == 0).then(|| Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32))
}

/// Wall-clock (median, 90th percentile) and CPU-time median of `f` over `n` calls.
struct Timing {
    median: Duration,
    p90: Duration,
    cpu_median: Option<Duration>,
}

fn timing(n: usize, mut f: impl FnMut()) -> Timing {
    let mut wall = Vec::with_capacity(n);
    let mut cpu = Vec::with_capacity(n);
    for _ in 0..n {
        let c = thread_cpu();
        let t = Instant::now();
        f();
        wall.push(t.elapsed());
        if let (Some(a), Some(b)) = (c, thread_cpu()) {
            cpu.push(b.saturating_sub(a));
        }
    }
    wall.sort();
    cpu.sort();
    Timing {
        median: wall[n / 2],
        p90: wall[n * 9 / 10],
        cpu_median: (cpu.len() == n).then(|| cpu[n / 2]),
    }
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

impl std::fmt::Display for Timing {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "median {:.3} ms, p90 {:.3} ms",
            ms(self.median),
            ms(self.p90)
        )?;
        if let Some(c) = self.cpu_median {
            write!(f, " (CPU time median {:.3} ms)", ms(c))?;
        }
        Ok(())
    }
}

fn summary(r: &Renderer, mid: &Game, long: &Game) {
    let opts = RenderOptions {
        last_move: mid.moves().last().cloned(),
        better: None,
        ..RenderOptions::default()
    };
    // Without the band cache: every band of every picture is compressed.
    let uncached = Renderer::with_band_cache(0);
    let t = Instant::now();
    let png = uncached.render_png(mid.position(), &opts).expect("png");
    let cold = t.elapsed();
    let t = timing(400, || {
        black_box(uncached.render_png(mid.position(), &opts).expect("png"));
    });
    println!(
        "png 8x8 {} px, mid-game + 3-jump last move, no band cache: {} bytes, {t}; first call \
         (builds the layer) {:.1} ms",
        opts.size_px,
        png.len(),
        ms(cold)
    );
    let t = timing(400, || {
        black_box(r.render_png(mid.position(), &opts).expect("png"));
    });
    println!("  the same picture again and again (every band cached): {t}");
    let t = timing(400, || {
        black_box(r.render(mid.position(), &opts).expect("render"));
    });
    println!("  of which drawing (no encoding): {t}");

    // Every position of the long game, each with its last move: the bot's real workload.
    let mut pos = long.start().clone();
    let mut frames = Vec::new();
    for p in long.moves() {
        pos = pos.play(p.as_move()).expect("replay");
        frames.push((pos.clone(), p.clone()));
    }
    for (name, renderer) in [
        ("no band cache", &uncached),
        ("band cache", &Renderer::new()),
    ] {
        let mut sizes = Vec::new();
        let mut i = 0;
        let t = timing(frames.len(), || {
            let (pos, last) = &frames[i % frames.len()];
            i += 1;
            let o = RenderOptions {
                last_move: Some(last.clone()),
                better: None,
                ..RenderOptions::default()
            };
            sizes.push(renderer.render_png(pos, &o).expect("png").len());
        });
        sizes.sort();
        let s = renderer.band_stats();
        println!(
            "png 8x8 720 px, the {} positions of an 80-move game in order, {name}: {t}; bytes \
             median {}, max {}; bands reused {} of {}",
            frames.len(),
            sizes[sizes.len() / 2],
            sizes[sizes.len() - 1],
            s.hits,
            s.hits + s.misses
        );
        if s.hits == 0 {
            one_stream(renderer, &frames);
        }
    }

    let gopts = GifOptions::default();
    let gif = r.render_game_gif(long, &gopts).expect("gif");
    let t = timing(5, || {
        black_box(r.render_game_gif(long, &gopts).expect("gif"));
    });
    println!(
        "gif 8x8 {} px, 80-move game ({} frames): {} bytes, {t}",
        gopts.size_px,
        long.plies() + 1,
        gif.len()
    );
    let big = GifOptions {
        size_px: 720,
        ..GifOptions::default()
    };
    let gif = r.render_game_gif(long, &big).expect("gif");
    let t = timing(3, || {
        black_box(r.render_game_gif(long, &big).expect("gif"));
    });
    println!("gif 8x8 720 px, 80-move game: {} bytes, {t}", gif.len());
}

/// The same pictures as one zlib stream (the png crate, level 1, "up" filter: the
/// encoder before the banded one), for the size and time the bands cost or save.
fn one_stream(r: &Renderer, frames: &[(ugolki_bot::engine::Position, ugolki_bot::engine::Path)]) {
    let pictures: Vec<_> = frames
        .iter()
        .map(|(pos, last)| {
            let o = RenderOptions {
                last_move: Some(last.clone()),
                better: None,
                ..RenderOptions::default()
            };
            r.render(pos, &o).expect("render")
        })
        .collect();
    let mut sizes = Vec::new();
    let mut i = 0;
    let t = timing(pictures.len(), || {
        let p = &pictures[i % pictures.len()];
        i += 1;
        let mut out = Vec::with_capacity(64 * 1024);
        let mut e = png::Encoder::new(&mut out, p.size_px, p.size_px);
        e.set_color(png::ColorType::Indexed);
        e.set_depth(png::BitDepth::Eight);
        e.set_palette(p.palette.clone());
        e.set_deflate_compression(png::DeflateCompression::Level(1));
        e.set_filter(png::Filter::Up);
        let mut w = e.write_header().expect("header");
        w.write_image_data(&p.pixels).expect("data");
        w.finish().expect("finish");
        sizes.push(out.len());
    });
    sizes.sort();
    println!(
        "  the same pixels as one zlib stream (encoding only): {t}; bytes median {}, max {}",
        sizes[sizes.len() / 2],
        sizes[sizes.len() - 1]
    );
}

fn main() {
    let r = Renderer::new();
    let mid = midgame();
    let long = eighty_moves();
    summary(&r, &mid, &long);
    if std::env::var_os("RENDER_SUMMARY_ONLY").is_some() {
        return;
    }

    let mut c = Criterion::default().configure_from_args();
    // Repeating one picture would take every band from the cache: measure the full work.
    let r = Renderer::with_band_cache(0);
    let opts = RenderOptions {
        last_move: mid.moves().last().cloned(),
        better: None,
        ..RenderOptions::default()
    };
    c.bench_function("png_8x8_720_midgame", |b| {
        b.iter(|| r.render_png(black_box(mid.position()), &opts).expect("png"))
    });
    let cached = Renderer::new();
    c.bench_function("png_8x8_720_midgame_bands_cached", |b| {
        b.iter(|| {
            cached
                .render_png(black_box(mid.position()), &opts)
                .expect("png")
        })
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
