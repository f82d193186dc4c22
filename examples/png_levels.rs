//! PNG compression settings for the board picture, compared on one position: the size
//! and encode time of each: the figures behind zlib level 1 over the "up" filter
//! (docs/BENCHMARKS.md, "Board pictures").
//!
//! `cargo run --release --example png_levels` prints one line per setting and size.

use std::time::Instant;
use ugolki_bot::engine::{Color, Game, Record, Variant};
use ugolki_bot::render::{RenderOptions, Renderer};

/// The mid-game position of `benches/render.rs` (last move a three-jump chain).
const MIDGAME: &str = "c2-d2 f6-e6 c1-c2 h6-f6-d6 b3-d3-d1 g7-e7-e5 d1-e1 f8-f6-h6 c3-c1 h6-h5 \
     b1-d1-f1 g6-g5 a2-a4 h5-f5-d5-d7 f1-d1-b1-b3";

/// Calls timed per setting (the median is printed).
const CALLS: usize = 200;

fn median_ms(mut f: impl FnMut()) -> f64 {
    let mut t: Vec<f64> = (0..CALLS)
        .map(|_| {
            let s = Instant::now();
            f();
            s.elapsed().as_secs_f64() * 1000.0
        })
        .collect();
    t.sort_by(f64::total_cmp);
    t[CALLS / 2]
}

fn encode(
    px: u32,
    pal: &[u8],
    pixels: &[u8],
    c: png::DeflateCompression,
    f: png::Filter,
) -> Vec<u8> {
    let mut out = Vec::with_capacity(64 * 1024);
    {
        let mut e = png::Encoder::new(&mut out, px, px);
        e.set_color(png::ColorType::Indexed);
        e.set_depth(png::BitDepth::Eight);
        e.set_palette(pal.to_vec());
        e.set_deflate_compression(c);
        e.set_filter(f);
        let mut w = e.write_header().expect("header");
        w.write_image_data(pixels).expect("data");
        w.finish().expect("finish");
    }
    out
}

fn main() {
    let v = Variant::parse("classic").expect("variant");
    let g =
        Game::from_record(&Record::parse(MIDGAME).expect("record"), Some(&v), None).expect("legal");
    let r = Renderer::new();
    for px in [720u32, 640, 560] {
        let opts = RenderOptions {
            size_px: px,
            view: Color::White.into(),
            last_move: g.moves().last().cloned(),
            better: None,
            selection: None,
            error_mark: None,
        };
        let png = r.render_png(g.position(), &opts).expect("render");
        let ms = median_ms(|| {
            std::hint::black_box(r.render_png(g.position(), &opts).expect("render"));
        });
        println!(
            "{px} px: the renderer as built: {} bytes, render + encode median {ms:.3} ms",
            png.len()
        );
        // The same pixels, encoded again with each setting.
        let mut rd = png::Decoder::new(std::io::Cursor::new(png))
            .read_info()
            .expect("decode");
        let pal = rd.info().palette.clone().expect("palette").to_vec();
        let mut pixels = vec![0; rd.output_buffer_size().expect("size")];
        rd.next_frame(&mut pixels).expect("frame");
        use png::{DeflateCompression as D, Filter as F};
        for (name, c, f) in [
            ("zlib 2, up", D::Level(2), F::Up),
            ("zlib 1, up", D::Level(1), F::Up),
            ("zlib 1, none", D::Level(1), F::NoFilter),
            ("fdeflate, up", D::FdeflateUltraFast, F::Up),
        ] {
            let n = encode(px, &pal, &pixels, c, f).len();
            let ms = median_ms(|| {
                std::hint::black_box(encode(px, &pal, &pixels, c, f));
            });
            println!("  {name}: {n} bytes, encode median {ms:.3} ms");
        }
    }
}
