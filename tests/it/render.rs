//! Board pictures: decode what the renderer writes and check it square by square.

use image::codecs::gif::GifDecoder;
use image::{AnimationDecoder, Rgb, RgbImage};
use std::io::Cursor;
use ugolki_bot::engine::{Color, Game, Path, Position, Record, Square, Variant, VariantId};
use ugolki_bot::render::theme::{self, Shade, Tint, Zone};
use ugolki_bot::render::{
    Geometry, GifOptions, RenderError, RenderOptions, Renderer, Selection, square_center,
};

fn sq(s: &str) -> Square {
    Square::parse(s).expect("test square")
}

fn game(variant: &str, moves: &str) -> Game {
    let v = Variant::parse(variant).expect("variant");
    let r = Record::parse(moves).expect("record");
    Game::from_record(&r, Some(&v), None).expect("legal record")
}

fn decode(png: &[u8]) -> RgbImage {
    image::load_from_memory_with_format(png, image::ImageFormat::Png)
        .expect("a valid PNG")
        .to_rgb8()
}

fn zone(pos: &Position, s: Square) -> Zone {
    Color::ALL
        .into_iter()
        .find(|c| pos.variant().home(*c).contains(&s))
        .map_or(Zone::Plain, Zone::Home)
}

/// The colour an unmarked square must show at its centre.
fn expected_centre(pos: &Position, s: Square) -> Rgb<u8> {
    match pos.piece_at(s) {
        Some(c) => theme::face(c),
        None => theme::square_color(Shade::of(s), zone(pos, s), Tint::None),
    }
}

/// A pixel near the top-left corner of `s`'s cell, clear of pieces, dots and rings.
fn corner(geo: &Geometry, s: Square) -> (u32, u32) {
    let (x, y) = geo.square_origin(s);
    let k = geo.cell / 10;
    (x + k, y + k)
}

/// A pixel on the selection ring of `s` (left of the piece).
fn ring_point(geo: &Geometry, s: Square) -> (u32, u32) {
    let (cx, cy) = geo.center_f(s);
    ((cx - 0.445 * geo.cell as f32) as u32, cy as u32)
}

/// The classic start position drawn (default size) as `view` sees it.
fn classic_start_seen_by(view: Color) -> RgbImage {
    let opts = RenderOptions {
        view: view.into(),
        ..RenderOptions::default()
    };
    decode(
        &Renderer::new()
            .render_png(&Variant::new(VariantId::Classic).start(), &opts)
            .unwrap(),
    )
}

fn px(img: &RgbImage, (x, y): (u32, u32)) -> Rgb<u8> {
    *img.get_pixel(x, y)
}

/// Mid-game positions on all three board sizes (pieces out of their homes, empty home squares).
fn samples() -> Vec<Game> {
    vec![
        game(
            "classic",
            "c2-d2 f6-e6 c1-c2 h6-f6-d6 b3-d3-d1 g7-e7-e5 d1-e1 f8-f6-h6 c3-c1 h6-h5 b1-d1-f1 g6-g5",
        ),
        game(
            "halma10",
            "e1-f1 h8-g8 c3-e1-g1 j6-j5 a5-c3-e1 j10-h8-j6-j4 f1-e2 j4-j6-h8-f8 c1-c3 g9-h8 \
             e2-f2 j7-h7-f9-f7",
        ),
        game(
            "halma16",
            "d2-f2 o13-n12 a4-a6 l16-l14 e1-g3 l14-k14 g3-h2 n16-l14-j14 c1-e1-e3-g1-i3 o16-n16 \
             e2-d2 p16-o16",
        ),
    ]
}

#[test]
fn every_square_centre_shows_its_piece_or_its_square_colour() {
    let r = Renderer::new();
    for g in samples() {
        let pos = g.position();
        let board = pos.variant().board();
        // The samples must exercise every kind of square, or the test proves little.
        let kinds: std::collections::HashSet<_> = board
            .all_squares()
            .map(|s| (pos.piece_at(s), zone(pos, s), Shade::of(s)))
            .collect();
        assert!(kinds.len() >= 10, "{board}: only {} kinds", kinds.len());
        for view in Color::ALL {
            let opts = RenderOptions {
                view: view.into(),
                ..RenderOptions::default()
            };
            let img = decode(&r.render_png(pos, &opts).expect("renders"));
            assert_eq!(img.dimensions(), (720, 720));
            for s in board.all_squares() {
                let at = square_center(board, 720, view, s).expect("geometry");
                assert_eq!(
                    px(&img, at),
                    expected_centre(pos, s),
                    "{board} from {view}: square {s}"
                );
            }
        }
    }
}

#[test]
fn views_are_rotated_half_a_turn() {
    let geo_w = Geometry::new(Variant::new(VariantId::Classic).board(), 720, Color::White).unwrap();
    let geo_b = Geometry::new(Variant::new(VariantId::Classic).board(), 720, Color::Black).unwrap();
    // White's view: a1 bottom left, h8 top right; Black's view: the reverse.
    let (ax, ay) = geo_w.square_center(sq("a1"));
    let (hx, hy) = geo_w.square_center(sq("h8"));
    assert!(ax < hx && ay > hy);
    assert_eq!(geo_b.square_center(sq("h8")), (ax, ay));
    assert_eq!(geo_b.square_center(sq("a1")), (hx, hy));
    // Each side's own home is at the bottom left of its own view.
    for view in Color::ALL {
        let img = classic_start_seen_by(view);
        let geo = if view == Color::White { geo_w } else { geo_b };
        let bottom_left = geo.square_at_cell(0, 7);
        assert_eq!(px(&img, geo.square_center(bottom_left)), theme::face(view));
    }
}

#[test]
fn coordinate_labels_follow_the_orientation() {
    let start = Variant::new(VariantId::Classic).start();
    let (w, b) = (
        classic_start_seen_by(Color::White),
        classic_start_seen_by(Color::Black),
    );
    let geo = Geometry::new(start.variant().board(), 720, Color::White).unwrap();
    let band = geo.band();
    let cell = geo.cell;
    let label_pixels = |img: &RgbImage, x0: u32, y0: u32, w: u32, h: u32| -> Vec<Rgb<u8>> {
        let mut v = Vec::new();
        for y in y0..y0 + h {
            for x in x0..x0 + w {
                v.push(*img.get_pixel(x, y));
            }
        }
        v
    };
    let has_ink = |v: &[Rgb<u8>]| v.contains(&theme::LABEL);
    for i in 0..8 {
        let x = band + i * cell;
        let j = 7 - i;
        let xj = band + j * cell;
        // Files along the bottom (below the board's edge line) and top, ranks on both sides.
        let bottom = |img: &RgbImage, x| label_pixels(img, x, 720 - band + 3, cell, band - 3);
        let top = |img: &RgbImage, x| label_pixels(img, x, 0, cell, band - 3);
        let left = |img: &RgbImage, y| label_pixels(img, 0, y, band - 3, cell);
        let right = |img: &RgbImage, y| label_pixels(img, 720 - band + 3, y, band - 3, cell);
        for img in [&w, &b] {
            assert!(has_ink(&bottom(img, x)) && has_ink(&top(img, x)));
            assert!(has_ink(&left(img, x)) && has_ink(&right(img, x)));
        }
        // Column i from White is the same file as column 7 - i from Black: same glyph.
        assert_eq!(bottom(&w, x), bottom(&b, xj), "file label {i}");
        assert_eq!(top(&w, x), top(&b, xj));
        assert_eq!(left(&w, x), left(&b, xj), "rank label {i}");
        assert_eq!(right(&w, x), right(&b, xj));
        if i != j {
            assert_ne!(
                bottom(&w, x),
                bottom(&b, x),
                "column {i} differs between views"
            );
            assert_ne!(left(&w, x), left(&b, x));
        }
    }
}

#[test]
fn last_move_path_is_drawn_through_every_square_of_the_chain() {
    // The last move b3-d3-d1 is a chain of two jumps (over c3, then over d2).
    let g = game("classic", "c2-d2 f6-e6 c1-c2 h6-f6-d6 b3-d3-d1");
    let path = g.moves().last().unwrap().clone();
    assert_eq!(path.to_string(), "b3-d3-d1");
    let pos = g.position();
    let r = Renderer::new();
    for view in Color::ALL {
        let opts = RenderOptions {
            view: view.into(),
            last_move: Some(path.clone()),
            better: None,
            ..RenderOptions::default()
        };
        let img = decode(&r.render_png(pos, &opts).unwrap());
        let geo = Geometry::new(pos.variant().board(), 720, view).unwrap();
        let on_line = [sq("b3"), sq("c3"), sq("d3"), sq("d2")];
        for s in pos.variant().board().all_squares() {
            let tint = if s == path.from() || s == path.to() {
                Tint::LastMove
            } else {
                Tint::None
            };
            assert_eq!(
                px(&img, corner(&geo, s)),
                theme::square_color(Shade::of(s), zone(pos, s), tint),
                "{view}: tint of {s}"
            );
            let centre = px(&img, geo.square_center(s));
            if on_line.contains(&s) {
                // Origin dot, jumped pieces and the landing square all lie under the line.
                assert_eq!(centre, theme::PATH, "{view}: line through {s}");
            } else {
                // Everywhere else, including the destination's piece, is untouched.
                assert_eq!(centre, expected_centre(pos, s), "{view}: {s} is clear");
            }
        }
        // The arrowhead ends just short of the destination piece's rim.
        let (cx, cy) = geo.center_f(sq("d1"));
        let (fx, fy) = geo.center_f(sq("d2"));
        let toward = |t: f32| {
            let p = (cx + (fx - cx) * t, cy + (fy - cy) * t);
            px(&img, (p.0 as u32, p.1 as u32))
        };
        assert_eq!(toward(0.5), theme::PATH, "{view}: arrowhead");
        assert_eq!(
            toward(0.2),
            theme::WHITE_FACE,
            "{view}: piece left uncovered"
        );
    }
}

#[test]
fn a_diagonal_step_marks_only_its_two_squares() {
    let g = game("diagonal", "c3-d4");
    let path = g.moves()[0].clone();
    let pos = g.position();
    let opts = RenderOptions {
        last_move: Some(path),
        better: None,
        size_px: 480,
        ..RenderOptions::default()
    };
    let img = decode(&Renderer::new().render_png(pos, &opts).unwrap());
    let geo = Geometry::new(pos.variant().board(), 480, Color::White).unwrap();
    for s in pos.variant().board().all_squares() {
        let centre = px(&img, geo.square_center(s));
        if s == sq("c3") {
            assert_eq!(centre, theme::PATH);
        } else {
            assert_eq!(centre, expected_centre(pos, s), "{s}");
        }
        let marked = s == sq("c3") || s == sq("d4");
        let corner_px = px(&img, corner(&geo, s));
        let plain = theme::square_color(Shade::of(s), zone(pos, s), Tint::None);
        assert_eq!(corner_px != plain, marked, "{s}");
    }
}

#[test]
fn selection_rings_the_piece_and_dots_exactly_its_destinations() {
    for (variant, piece) in [("classic", "c3"), ("diagonal", "c3"), ("halma10", "d2")] {
        let pos = Variant::parse(variant).unwrap().start();
        let sel = Selection::of(&pos, sq(piece));
        assert!(!sel.targets.is_empty(), "{variant}: {piece} can move");
        for view in Color::ALL {
            let opts = RenderOptions {
                view: view.into(),
                selection: Some(sel.clone()),
                ..RenderOptions::default()
            };
            let img = decode(&Renderer::new().render_png(&pos, &opts).unwrap());
            let geo = Geometry::new(pos.variant().board(), 720, view).unwrap();
            for s in pos.variant().board().all_squares() {
                let selected = s == sel.piece;
                let target = sel.targets.contains(&s);
                let tint = if selected { Tint::Selected } else { Tint::None };
                assert_eq!(
                    px(&img, corner(&geo, s)),
                    theme::square_color(Shade::of(s), zone(&pos, s), tint),
                    "{variant} {view}: tint of {s}"
                );
                let centre = px(&img, geo.square_center(s));
                if target {
                    assert_eq!(centre, theme::SELECT, "{variant} {view}: dot on {s}");
                } else {
                    assert_eq!(centre, expected_centre(&pos, s), "{variant} {view}: {s}");
                }
                let ring = px(&img, ring_point(&geo, s)) == theme::SELECT;
                assert_eq!(ring, selected, "{variant} {view}: ring around {s}");
            }
        }
    }
}

#[test]
fn error_mark_crosses_out_one_square() {
    let pos = Variant::new(VariantId::Classic).start();
    for mark in [sq("e4"), sq("b2")] {
        let opts = RenderOptions {
            error_mark: Some(mark),
            ..RenderOptions::default()
        };
        let img = decode(&Renderer::new().render_png(&pos, &opts).unwrap());
        let geo = Geometry::new(pos.variant().board(), 720, Color::White).unwrap();
        for s in pos.variant().board().all_squares() {
            let (tint, centre) = if s == mark {
                (Tint::Error, theme::ERROR)
            } else {
                (Tint::None, expected_centre(&pos, s))
            };
            assert_eq!(px(&img, geo.square_center(s)), centre, "{s}");
            assert_eq!(
                px(&img, corner(&geo, s)),
                theme::square_color(Shade::of(s), zone(&pos, s), tint),
                "{s}"
            );
        }
    }
}

#[test]
fn bad_requests_are_refused_with_a_reason() {
    let pos = Variant::new(VariantId::Classic).start();
    let r = Renderer::new();
    let off = Square::new(9, 0);
    let cases = [
        RenderOptions {
            size_px: 100,
            ..RenderOptions::default()
        },
        RenderOptions {
            size_px: 100_000,
            ..RenderOptions::default()
        },
        RenderOptions {
            error_mark: Some(off),
            ..RenderOptions::default()
        },
        RenderOptions {
            last_move: Path::new(vec![sq("c3"), off]),
            better: None,
            ..RenderOptions::default()
        },
        RenderOptions {
            selection: Some(Selection {
                piece: sq("c3"),
                targets: vec![off],
            }),
            ..RenderOptions::default()
        },
    ];
    for (i, o) in cases.iter().enumerate() {
        match r.render_png(&pos, o) {
            Err(RenderError::Size { .. }) => assert!(i < 2),
            Err(RenderError::OffBoard { square, .. }) => assert_eq!(square, off),
            other => panic!("case {i}: {other:?}"),
        }
    }
}

#[test]
fn sizes_and_the_cache_give_the_same_picture() {
    let g = &samples()[0];
    let r = Renderer::new();
    let opts = RenderOptions {
        last_move: g.moves().last().cloned(),
        better: None,
        ..RenderOptions::default()
    };
    let a = r.render_png(g.position(), &opts).unwrap();
    let b = r.render_png(g.position(), &opts).unwrap();
    let c = Renderer::new().render_png(g.position(), &opts).unwrap();
    assert_eq!(a, b);
    assert_eq!(a, c);
    for size in [240, 333, 1024] {
        let img = decode(
            &r.render_png(
                g.position(),
                &RenderOptions {
                    size_px: size,
                    ..RenderOptions::default()
                },
            )
            .unwrap(),
        );
        assert_eq!(img.dimensions(), (size, size));
        let geo = Geometry::new(g.position().variant().board(), size, Color::White).unwrap();
        for s in g.position().variant().board().all_squares() {
            assert_eq!(
                px(&img, geo.square_center(s)),
                expected_centre(g.position(), s)
            );
        }
    }
}

/// The RGB picture of `render`'s palette indices.
fn rgb(p: &ugolki_bot::render::Picture) -> RgbImage {
    let rgb = p
        .pixels
        .iter()
        .flat_map(|&i| {
            let i = i as usize * 3;
            [p.palette[i], p.palette[i + 1], p.palette[i + 2]]
        })
        .collect();
    RgbImage::from_raw(p.size_px, p.size_px, rgb).expect("a whole picture")
}

#[test]
fn pictures_made_of_cached_bands_are_the_pictures_drawn_whole() {
    // One renderer reuses bands across every game, ply, view and mark below; the other
    // keeps none, so it draws and compresses every band.
    let warm = Renderer::new();
    let cold = Renderer::with_band_cache(0);
    let mut cases = 0;
    for g in samples() {
        let mut pos = g.start().clone();
        let mut positions = vec![(pos.clone(), None)];
        for m in g.moves() {
            pos = pos.play(m.as_move()).expect("legal record");
            positions.push((pos.clone(), Some(m.clone())));
        }
        for (i, (pos, last)) in positions.iter().enumerate() {
            let movable: Vec<Square> = pos
                .pieces(pos.side_to_move())
                .into_iter()
                .filter(|s| !pos.destinations(*s).is_empty())
                .collect();
            let selection = (i % 2 == 1)
                .then(|| movable.get(i % movable.len().max(1)))
                .flatten()
                .map(|s| Selection::of(pos, *s));
            let error_mark = (i % 3 == 2).then(|| movable.first().copied()).flatten();
            for (view, size_px) in [(Color::White, 720), (Color::Black, 333)] {
                let opts = RenderOptions {
                    size_px,
                    view: view.into(),
                    last_move: last.clone(),
                    better: None,
                    selection: selection.clone(),
                    error_mark,
                };
                let png = warm.render_png(pos, &opts).unwrap();
                assert_eq!(
                    png,
                    cold.render_png(pos, &opts).unwrap(),
                    "ply {i}, {opts:?}"
                );
                assert!(
                    decode(&png) == rgb(&warm.render(pos, &opts).unwrap()),
                    "ply {i}, {opts:?}: the PNG is not the picture drawn whole"
                );
                cases += 1;
            }
        }
    }
    let s = warm.band_stats();
    assert!(cases > 60 && s.hits > cases, "{cases} pictures, {s:?}");
    assert_eq!(cold.band_stats().hits, 0);
}

#[test]
fn gif_has_a_frame_per_ply_and_holds_the_last() {
    let g = game(
        "classic",
        "c2-d2 f6-e6 c1-c2 h6-f6-d6 b3-d3-d1 g7-e7-e5 d1-e1 f8-f6-h6 c3-c1 h6-h5 b1-d1-f1",
    );
    let plies = g.plies();
    assert_eq!(plies, 11);
    let opts = GifOptions {
        size_px: 320,
        view: Color::Black.into(),
        ply_ms: 500,
        final_ms: 3000,
    };
    let r = Renderer::new();
    let bytes = r.render_game_gif(&g, &opts).unwrap();

    let mut dec = gif::DecodeOptions::new()
        .read_info(Cursor::new(&bytes))
        .unwrap();
    while dec.read_next_frame().unwrap().is_some() {}
    assert_eq!(dec.repeat(), gif::Repeat::Infinite);

    let frames = GifDecoder::new(Cursor::new(&bytes))
        .unwrap()
        .into_frames()
        .collect_frames()
        .unwrap();
    assert_eq!(frames.len(), plies + 1, "the start, then one frame per ply");
    // Every frame, composited, is exactly the picture of that ply with its last move.
    let mut pos = g.start().clone();
    for (i, f) in frames.iter().enumerate() {
        let (num, den) = f.delay().numer_denom_ms();
        let ms = num / den;
        assert_eq!(ms, if i == plies { 3000 } else { 500 }, "frame {i} delay");
        let last_move = if i == 0 {
            None
        } else {
            let p = g.moves()[i - 1].clone();
            pos = pos.play(p.as_move()).unwrap();
            Some(p)
        };
        let want = decode(
            &r.render_png(
                &pos,
                &RenderOptions {
                    size_px: 320,
                    view: Color::Black.into(),
                    last_move,
                    better: None,
                    ..RenderOptions::default()
                },
            )
            .unwrap(),
        );
        let got = image::DynamicImage::ImageRgba8(f.buffer().clone()).to_rgb8();
        assert!(
            got == want,
            "frame {i} differs from the position after ply {i}"
        );
    }
    assert_eq!(&pos, g.position());
}

#[test]
fn a_game_without_moves_is_one_held_frame() {
    let g = Game::new(&Variant::new(VariantId::Halma16));
    let bytes = Renderer::new()
        .render_game_gif(&g, &GifOptions::default())
        .unwrap();
    let frames = GifDecoder::new(Cursor::new(&bytes))
        .unwrap()
        .into_frames()
        .collect_frames()
        .unwrap();
    assert_eq!(frames.len(), 1);
    let (num, den) = frames[0].delay().numer_denom_ms();
    assert_eq!(num / den, GifOptions::default().final_ms);
}

#[test]
fn one_renderer_serves_many_threads() {
    let r = std::sync::Arc::new(Renderer::new());
    let pos = samples()[1].position().clone();
    let want = r.render_png(&pos, &RenderOptions::default()).unwrap();
    let handles: Vec<_> = (0..4)
        .map(|i| {
            let (r, pos) = (r.clone(), pos.clone());
            std::thread::spawn(move || {
                let view = if i % 2 == 0 {
                    Color::White
                } else {
                    Color::Black
                };
                let o = RenderOptions {
                    view: view.into(),
                    ..RenderOptions::default()
                };
                (view, r.render_png(&pos, &o).unwrap())
            })
        })
        .collect();
    for h in handles {
        let (view, png) = h.join().unwrap();
        assert_eq!(png == want, view == Color::White);
    }
}

/// Parse an `ugolki render ...` command line and run it, returning its stdout.
fn cli_render(args: &[&str]) -> Result<String, ugolki_bot::cli::CliError> {
    use clap::Parser;
    let mut argv = vec!["ugolki", "render"];
    argv.extend_from_slice(args);
    let cli = ugolki_bot::cli::Cli::try_parse_from(argv).expect("arguments parse");
    let ugolki_bot::cli::Command::Render(a) = cli.command else {
        panic!("not the render subcommand");
    };
    let mut out = Vec::new();
    ugolki_bot::cli::render::run(&a, &mut out)?;
    Ok(String::from_utf8(out).expect("utf-8"))
}

#[test]
fn cli_draws_the_record_end_with_its_last_move_and_a_gif_of_it() {
    let dir = std::env::temp_dir().join(format!("ugolki-render-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let png = dir.join("end.png");
    let gif = dir.join("game.gif");
    let record = "c2-d2 f6-e6 c1-c2 h6-f6-d6 b3-d3-d1";
    let said = cli_render(&[
        "--variant",
        "classic",
        "--record",
        record,
        "--view",
        "black",
        "--size",
        "480",
        "--out",
        png.to_str().unwrap(),
    ])
    .unwrap();
    assert!(said.contains("480x480 PNG"), "{said}");
    let img = decode(&std::fs::read(&png).unwrap());
    let g = game("classic", record);
    let geo = Geometry::new(g.position().variant().board(), 480, Color::Black).unwrap();
    let pos = g.position();
    for s in pos.variant().board().all_squares() {
        let on_line = ["b3", "c3", "d3", "d2"].contains(&s.to_string().as_str());
        let want = if on_line {
            theme::PATH
        } else {
            expected_centre(pos, s)
        };
        assert_eq!(px(&img, geo.square_center(s)), want, "{s}");
    }

    let said = cli_render(&[
        "--gif",
        "--variant",
        "classic",
        "--record",
        record,
        "--out",
        gif.to_str().unwrap(),
    ])
    .unwrap();
    assert!(said.contains("GIF, 6 frames"), "{said}");
    let frames = GifDecoder::new(Cursor::new(std::fs::read(&gif).unwrap()))
        .unwrap()
        .into_frames()
        .collect_frames()
        .unwrap();
    assert_eq!(frames.len(), 6);

    let bad = cli_render(&["--variant", "classic", "--select", "e4", "--out", "x.png"]);
    assert_eq!(bad.map_err(|e| e.code).unwrap_err(), 2, "no piece on e4");
    let bad = cli_render(&[
        "--variant",
        "classic",
        "--record",
        "c3-c5",
        "--out",
        "x.png",
    ]);
    assert_eq!(
        bad.map_err(|e| e.code).unwrap_err(),
        1,
        "illegal record move"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
