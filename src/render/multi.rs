//! Pictures of three- and four-seat games (RULES.md §14) on the 16×16 board.
//!
//! Four piece colours chosen to stay apart for the common colour-vision deficiencies
//! (ivory, blue-green, near-black, orange-red: they differ in lightness as well as
//! hue), and each seat's pieces also carry their own mark (ring, triangle, dot,
//! cross), so no seat is told by colour alone. Camps are tinted in their seat's colour;
//! the viewer's camp is at the bottom left (the board turned by quarter turns); the
//! last move's path is drawn; a finished seat's pieces wear a gold ring.
//!
//! Drawn straight into RGB with signed-distance anti-aliasing over a cached empty board;
//! each piece is stamped from a sprite recorded once (the same pixels as painting it,
//! about a quarter of the time), and the picture is encoded as a palette PNG at zlib
//! level 3 over the "up" filter.

use super::layer::FONT;
use super::theme;
use super::{GifOptions, RenderError, RenderOptions};
use crate::engine::multi::{MultiGame, MultiPos, Seat};
use crate::engine::{Path, Square};
use ab_glyph::{Font, FontRef, PxScale, ScaleFont, point};
use image::{Rgb, RgbImage};

/// Smallest and largest picture side.
pub const SIZE_RANGE: (u32, u32) = (256, 1280);

/// Piece face, edge and mark colours per seat.
const FACE: [[u8; 3]; 4] = [
    [246, 242, 232], // White: ivory
    [0, 158, 115],   // Green: bluish green (Okabe–Ito)
    [36, 36, 42],    // Black
    [213, 94, 0],    // Red: vermilion (Okabe–Ito)
];
const EDGE: [[u8; 3]; 4] = [[70, 64, 56], [0, 70, 50], [8, 8, 10], [96, 40, 0]];
const MARK: [[u8; 3]; 4] = [
    [120, 112, 100],
    [230, 250, 240],
    [236, 236, 236],
    [255, 236, 214],
];
/// Camp tints (light, dark squares) per seat.
const CAMP: [[[u8; 3]; 2]; 4] = [
    [[236, 232, 218], [198, 190, 168]],
    [[190, 226, 210], [120, 180, 156]],
    [[196, 196, 204], [140, 140, 152]],
    [[244, 204, 176], [212, 150, 110]],
];
const GOLD: [u8; 3] = [240, 190, 20];
const GOLD_EDGE: [u8; 3] = [110, 80, 0];

/// Pixel geometry: the board's cells and the frame around it.
struct Geo {
    margin: f32,
    cell: f32,
    view: Seat,
}

impl Geo {
    /// The centre of `sq` on screen, with the viewer's camp at the bottom left.
    fn center(&self, sq: Square) -> (f32, f32) {
        let (mut x, mut y) = (sq.file as i32, 15 - sq.rank as i32);
        for _ in 0..self.view.quarter_turns() {
            (x, y) = (y, 15 - x);
        }
        (
            self.margin + (x as f32 + 0.5) * self.cell,
            self.margin + (y as f32 + 0.5) * self.cell,
        )
    }
}

/// Coverage steps of anti-aliasing: few enough that the picture keeps to one PNG
/// palette of at most 256 colours (about 40% of the bytes of RGB), many enough that
/// edges look smooth.
const LEVELS: f32 = 6.0;

fn blend(px: &mut Rgb<u8>, c: [u8; 3], a: f32) {
    let a = (a.min(1.0) * LEVELS).round() / LEVELS;
    if a <= 0.0 {
        return;
    }
    for (p, c) in px.0.iter_mut().zip(c) {
        *p = (*p as f32 * (1.0 - a) + c as f32 * a).round() as u8;
    }
}

/// What shapes are painted on: the picture, or a piece's [`Sprite`] being recorded.
trait Canvas {
    /// Width and height in pixels.
    fn dims(&self) -> (i32, i32);
    /// Cover pixel (x, y) with `c` at coverage `a` (in the picture's quantised steps).
    fn cover(&mut self, x: i32, y: i32, c: [u8; 3], a: f32);
}

impl Canvas for RgbImage {
    fn dims(&self) -> (i32, i32) {
        (self.width() as i32, self.height() as i32)
    }

    fn cover(&mut self, x: i32, y: i32, c: [u8; 3], a: f32) {
        blend(self.get_pixel_mut(x as u32, y as u32), c, a);
    }
}

/// Paint a shape given by its signed distance (negative inside) over a box.
fn paint(
    img: &mut impl Canvas,
    bbox: (f32, f32, f32, f32),
    c: [u8; 3],
    sd: impl Fn(f32, f32) -> f32,
) {
    let (w, h) = img.dims();
    let x0 = (bbox.0.floor() as i32 - 1).max(0);
    let y0 = (bbox.1.floor() as i32 - 1).max(0);
    let x1 = (bbox.2.ceil() as i32 + 1).min(w);
    let y1 = (bbox.3.ceil() as i32 + 1).min(h);
    for y in y0..y1 {
        for x in x0..x1 {
            let d = sd(x as f32 + 0.5, y as f32 + 0.5);
            let a = 0.5 - d;
            if a > 0.0 {
                img.cover(x, y, c, a);
            }
        }
    }
}

fn disc(img: &mut impl Canvas, (cx, cy): (f32, f32), r: f32, c: [u8; 3]) {
    paint(img, (cx - r, cy - r, cx + r, cy + r), c, |x, y| {
        ((x - cx).powi(2) + (y - cy).powi(2)).sqrt() - r
    });
}

fn ring(img: &mut impl Canvas, (cx, cy): (f32, f32), r: f32, width: f32, c: [u8; 3]) {
    let ro = r + width / 2.0;
    paint(img, (cx - ro, cy - ro, cx + ro, cy + ro), c, |x, y| {
        (((x - cx).powi(2) + (y - cy).powi(2)).sqrt() - r).abs() - width / 2.0
    });
}

fn segment(img: &mut impl Canvas, a: (f32, f32), b: (f32, f32), r: f32, c: [u8; 3]) {
    let (bx, by) = (b.0 - a.0, b.1 - a.1);
    let bb = (bx * bx + by * by).max(1e-6);
    let bbox = (
        a.0.min(b.0) - r,
        a.1.min(b.1) - r,
        a.0.max(b.0) + r,
        a.1.max(b.1) + r,
    );
    paint(img, bbox, c, |x, y| {
        let (px, py) = (x - a.0, y - a.1);
        let t = ((px * bx + py * by) / bb).clamp(0.0, 1.0);
        ((px - bx * t).powi(2) + (py - by * t).powi(2)).sqrt() - r
    });
}

fn triangle(img: &mut impl Canvas, (cx, cy): (f32, f32), r: f32, c: [u8; 3]) {
    // An upward equilateral triangle inscribed in radius r, as three half-planes: the
    // largest of the three edge distances is exact near the edges, which is all that
    // anti-aliasing needs.
    let v = [
        (cx, cy - r),
        (cx + r * 0.866, cy + r * 0.5),
        (cx - r * 0.866, cy + r * 0.5),
    ];
    let edges: Vec<((f32, f32), (f32, f32))> = (0..3)
        .map(|k| {
            let (a, b) = (v[k], v[(k + 1) % 3]);
            let (dx, dy) = (b.0 - a.0, b.1 - a.1);
            let len = (dx * dx + dy * dy).sqrt();
            // Clockwise on screen (y down): the outward normal is (dy, -dx).
            (a, (dy / len, -dx / len))
        })
        .collect();
    paint(img, (cx - r, cy - r, cx + r, cy + r), c, |x, y| {
        edges
            .iter()
            .map(|(a, n)| (x - a.0) * n.0 + (y - a.1) * n.1)
            .fold(f32::MIN, f32::max)
    });
}

/// Draw `text` centred on (cx, cy) in `c`.
fn label(
    img: &mut RgbImage,
    font: &FontRef<'_>,
    px: f32,
    (cx, cy): (f32, f32),
    text: &str,
    c: [u8; 3],
) {
    let scale = PxScale::from(px);
    let sf = font.as_scaled(scale);
    let width: f32 = text.chars().map(|ch| sf.h_advance(sf.glyph_id(ch))).sum();
    let mut x = cx - width / 2.0;
    let base = cy + (sf.ascent() + sf.descent()) / 2.0;
    for ch in text.chars() {
        let id = sf.glyph_id(ch);
        let g = id.with_scale_and_position(scale, point(x, base));
        x += sf.h_advance(id);
        if let Some(og) = font.outline_glyph(g) {
            let b = og.px_bounds();
            og.draw(|gx, gy, a| {
                let (ix, iy) = (b.min.x as i32 + gx as i32, b.min.y as i32 + gy as i32);
                if ix >= 0 && iy >= 0 && (ix as u32) < img.width() && (iy as u32) < img.height() {
                    blend(img.get_pixel_mut(ix as u32, iy as u32), c, a);
                }
            });
        }
    }
}

/// The seat's mark on a piece centred at `p` with radius `r`.
fn mark(img: &mut impl Canvas, seat: Seat, p: (f32, f32), r: f32) {
    let c = MARK[seat.index()];
    match seat {
        Seat::White => ring(img, p, r * 0.45, r * 0.16, c),
        Seat::Green => triangle(img, p, r * 0.62, c),
        Seat::Black => disc(img, p, r * 0.26, c),
        Seat::Red => {
            let d = r * 0.36;
            segment(img, (p.0 - d, p.1 - d), (p.0 + d, p.1 + d), r * 0.09, c);
            segment(img, (p.0 - d, p.1 + d), (p.0 + d, p.1 - d), r * 0.09, c);
        }
    }
}

/// A piece drawn once and stamped many times: for each pixel of its box, the colour
/// layers (colour, coverage step) that painting its shapes would blend there, in order,
/// dropping layers a fully covering one hides. Stamping blends the same layers over the
/// picture, so a stamped piece is the painted one, at a fraction of the cost (no distance
/// per pixel and shape). Kept per seat, gold ring, picture size and the sub-pixel
/// offset of the piece's centre (four per axis at 640 px).
struct Sprite {
    /// Side of the recorded box; the piece's centre is at `(OFF + fx, OFF + fy)` in it.
    side: i32,
    /// Pixels with any layer: (offset in the box, first layer, layer count).
    pixels: Vec<(u16, u32, u8)>,
    /// Every pixel's layers, one after another: colour and coverage step (1..=LEVELS).
    layers: Vec<([u8; 3], u8)>,
}

/// Records the layers of each pixel of a sprite's box.
struct Recorder {
    side: i32,
    cells: Vec<Vec<([u8; 3], u8)>>,
}

impl Canvas for Recorder {
    fn dims(&self) -> (i32, i32) {
        (self.side, self.side)
    }

    fn cover(&mut self, x: i32, y: i32, c: [u8; 3], a: f32) {
        let step = (a.min(1.0) * LEVELS).round() as u8;
        if step == 0 {
            return;
        }
        let cell = &mut self.cells[(y * self.side + x) as usize];
        if f32::from(step) >= LEVELS {
            cell.clear();
        }
        cell.push((c, step));
    }
}

/// A piece's sprite: `pieces` paints it centred at `centre` on any canvas.
fn record(side: i32, centre: (f32, f32), piece: impl Fn(&mut Recorder, (f32, f32))) -> Sprite {
    let mut rec = Recorder {
        side,
        cells: vec![Vec::new(); (side * side) as usize],
    };
    piece(&mut rec, centre);
    let mut pixels = Vec::new();
    let mut layers = Vec::new();
    for (i, cell) in rec.cells.iter().enumerate() {
        if !cell.is_empty() {
            pixels.push((i as u16, layers.len() as u32, cell.len() as u8));
            layers.extend_from_slice(cell);
        }
    }
    Sprite {
        side,
        pixels,
        layers,
    }
}

impl Sprite {
    /// Blend the sprite's layers onto `img` with the box's corner at (x0, y0).
    fn stamp(&self, img: &mut RgbImage, x0: i32, y0: i32) {
        let (w, h) = (img.width() as i32, img.height() as i32);
        for &(at, first, n) in &self.pixels {
            let (x, y) = (x0 + at as i32 % self.side, y0 + at as i32 / self.side);
            if x < 0 || y < 0 || x >= w || y >= h {
                continue;
            }
            let px = img.get_pixel_mut(x as u32, y as u32);
            for &(c, step) in &self.layers[first as usize..first as usize + n as usize] {
                if f32::from(step) >= LEVELS {
                    px.0 = c;
                } else {
                    blend(px, c, f32::from(step) / LEVELS);
                }
            }
        }
    }
}

/// A piece of `seat` (gold-ringed when `gold`) centred at `p` on a board of `cell`-pixel
/// squares: shadow, edge, face and mark.
fn paint_piece(img: &mut impl Canvas, seat: Seat, gold: bool, p: (f32, f32), cell: f32) {
    let r = cell * 0.40;
    if gold {
        disc(img, p, r + cell * 0.07, GOLD_EDGE);
        disc(img, p, r + cell * 0.05, GOLD);
    }
    disc(img, (p.0, p.1 + cell * 0.03), r, [20, 14, 10]);
    disc(img, p, r, EDGE[seat.index()]);
    disc(img, p, r - cell * 0.05, FACE[seat.index()]);
    mark(img, seat, p, r);
}

/// Sprite key: seat, gold ring, picture size, the centre's sub-pixel offsets (in 1/64).
type SpriteKey = (Seat, bool, u32, u8, u8);

/// The sprites of `pieces` (seat, gold, centre) for pictures of `size` px, recorded on
/// first use and kept (a few hundred at most per size).
fn sprites(
    size: u32,
    cell: f32,
    pieces: &[(Seat, bool, (f32, f32))],
) -> Vec<std::sync::Arc<Sprite>> {
    type Cache = std::sync::Mutex<std::collections::HashMap<SpriteKey, std::sync::Arc<Sprite>>>;
    static CACHE: std::sync::OnceLock<Cache> = std::sync::OnceLock::new();
    let cache = CACHE.get_or_init(Default::default);
    let mut c = cache.lock().unwrap_or_else(|e| e.into_inner());
    if c.len() >= 4096 {
        c.clear();
    }
    let off = sprite_off(cell);
    pieces
        .iter()
        .map(|&(seat, gold, (x, y))| {
            let (fx, fy) = (x - x.floor(), y - y.floor());
            let key = (seat, gold, size, (fx * 64.0) as u8, (fy * 64.0) as u8);
            c.entry(key)
                .or_insert_with(|| {
                    let centre = (off as f32 + fx, off as f32 + fy);
                    std::sync::Arc::new(record(2 * off + 2, centre, |rec, p| {
                        paint_piece(rec, seat, gold, p, cell)
                    }))
                })
                .clone()
        })
        .collect()
}

/// Pixels from a sprite's corner to its piece's centre: past the gold ring and the shadow.
fn sprite_off(cell: f32) -> i32 {
    (cell * 0.52).ceil() as i32 + 2
}

/// The board without pieces for one view and size (squares, camp tints, coordinates),
/// drawn once and kept: most of a picture's pixels, and the same on every move.
fn background(geo: &Geo, size: u32, font: &FontRef<'_>) -> RgbImage {
    type Cache = std::sync::Mutex<std::collections::HashMap<(Seat, u32), std::sync::Arc<RgbImage>>>;
    static CACHE: std::sync::OnceLock<Cache> = std::sync::OnceLock::new();
    let cache = CACHE.get_or_init(Default::default);
    if let Ok(c) = cache.lock()
        && let Some(img) = c.get(&(geo.view, size))
    {
        return (**img).clone();
    }
    let img = draw_background(geo, size, font);
    if let Ok(mut c) = cache.lock() {
        // A few sizes at most are asked for; a bound keeps odd sizes from piling up.
        if c.len() >= 16 {
            c.clear();
        }
        c.insert((geo.view, size), std::sync::Arc::new(img.clone()));
    }
    img
}

fn draw_background(geo: &Geo, size: u32, font: &FontRef<'_>) -> RgbImage {
    let (margin, cell) = (geo.margin, geo.cell);
    let view = geo.view;
    let mut img = RgbImage::from_pixel(size, size, theme::FRAME);
    // Squares: camp tints or the plain board.
    let mut camp_of = [None; 256];
    for s in Seat::ALL {
        for sq in MultiPos::start(crate::engine::multi::MultiVariant::Halma4).pieces(s) {
            camp_of[sq.index(16) as usize] = Some(s);
        }
    }
    for rank in 0..16u8 {
        for file in 0..16u8 {
            let sq = Square::new(file, rank);
            let dark = (file + rank) % 2 == 0;
            let c = match camp_of[sq.index(16) as usize] {
                Some(s) => CAMP[s.index()][dark as usize],
                None => {
                    if dark {
                        theme::DARK.0
                    } else {
                        theme::LIGHT.0
                    }
                }
            };
            let (cx, cy) = geo.center(sq);
            let h = cell / 2.0;
            let (x0, y0) = ((cx - h).round() as u32, (cy - h).round() as u32);
            let (x1, y1) = ((cx + h).round() as u32, (cy + h).round() as u32);
            for y in y0..y1.min(size) {
                for x in x0..x1.min(size) {
                    img.put_pixel(x, y, Rgb(c));
                }
            }
        }
    }
    // Coordinates along the bottom and left edges, as the turned board shows them.
    let px = (margin * 0.62).max(9.0);
    for k in 0..16u8 {
        let bottom = (0..16u8)
            .flat_map(|r| (0..16u8).map(move |f| Square::new(f, r)))
            .find(|s| {
                let (cx, cy) = geo.center(*s);
                ((cx - margin) / cell).floor() as u8 == k
                    && ((cy - margin) / cell).floor() as u8 == 15
            });
        let left = (0..16u8)
            .flat_map(|r| (0..16u8).map(move |f| Square::new(f, r)))
            .find(|s| {
                let (cx, cy) = geo.center(*s);
                ((cx - margin) / cell).floor() as u8 == 0
                    && ((cy - margin) / cell).floor() as u8 == k
            });
        let turned = view.quarter_turns() % 2 == 1;
        if let Some(s) = bottom {
            let t = if turned {
                (s.rank + 1).to_string()
            } else {
                ((b'a' + s.file) as char).to_string()
            };
            let (cx, _) = geo.center(s);
            label(
                &mut img,
                font,
                px,
                (cx, size as f32 - margin / 2.0),
                &t,
                theme::LABEL.0,
            );
        }
        if let Some(s) = left {
            let t = if turned {
                ((b'a' + s.file) as char).to_string()
            } else {
                (s.rank + 1).to_string()
            };
            let (_, cy) = geo.center(s);
            label(&mut img, font, px, (margin / 2.0, cy), &t, theme::LABEL.0);
        }
    }
    img
}

/// The picture as RGB.
pub(super) fn draw(pos: &MultiPos, opts: &RenderOptions) -> Result<RgbImage, RenderError> {
    let size = opts.size_px;
    if size < SIZE_RANGE.0 || size > SIZE_RANGE.1 {
        return Err(RenderError::Size {
            size,
            min: SIZE_RANGE.0,
            max: SIZE_RANGE.1,
        });
    }
    let font = FontRef::try_from_slice(FONT).map_err(|_| RenderError::Font)?;
    let margin = (size as f32 * 0.04).round();
    let cell = (size as f32 - 2.0 * margin) / 16.0;
    let geo = Geo {
        margin,
        cell,
        view: opts.view,
    };
    let mut img = background(&geo, size, &font);
    // The last move's squares and path.
    if let Some(path) = &opts.last_move {
        let pts: Vec<(f32, f32)> = path.squares().iter().map(|s| geo.center(*s)).collect();
        for w in pts.windows(2) {
            segment(&mut img, w[0], w[1], cell * 0.13, theme::PATH_EDGE.0);
        }
        for w in pts.windows(2) {
            segment(&mut img, w[0], w[1], cell * 0.08, theme::PATH.0);
        }
        ring(&mut img, pts[0], cell * 0.22, cell * 0.08, theme::PATH.0);
    }
    // Pieces, stamped from their sprites.
    let r = cell * 0.40;
    let finished = pos.finished();
    let pieces: Vec<(Seat, bool, (f32, f32))> = Seat::ALL
        .into_iter()
        .flat_map(|s| {
            pos.pieces(s)
                .into_iter()
                .map(move |sq| (s, finished.has(s), sq))
        })
        .map(|(s, gold, sq)| (s, gold, geo.center(sq)))
        .collect();
    let off = sprite_off(cell);
    for (sprite, &(_, _, (x, y))) in sprites(size, cell, &pieces).iter().zip(&pieces) {
        sprite.stamp(&mut img, x.floor() as i32 - off, y.floor() as i32 - off);
    }
    if let Some(sel) = &opts.selection {
        let targets = &sel.targets;
        ring(
            &mut img,
            geo.center(sel.piece),
            r + cell * 0.02,
            cell * 0.08,
            theme::SELECT.0,
        );
        for t in targets {
            let p = geo.center(*t);
            disc(&mut img, p, cell * 0.15, theme::SELECT_EDGE.0);
            disc(&mut img, p, cell * 0.12, theme::SELECT.0);
        }
    }
    Ok(img)
}

/// Draw, once, what every picture of `size_px` reuses (each view's empty board, the
/// pieces' sprites), so that the first board a table posts is as quick as the rest.
pub(super) fn warm(size_px: u32) {
    let start = MultiPos::start(crate::engine::multi::MultiVariant::Halma4);
    for view in Seat::ALL {
        let opts = RenderOptions {
            view,
            size_px,
            ..RenderOptions::default()
        };
        if let Err(e) = draw(&start, &opts) {
            tracing::debug!(error = %e, "could not warm the table pictures");
            return;
        }
    }
}

/// PNG bytes of the picture: indexed when it has at most 256 colours (as it does with
/// quantised coverage), RGB otherwise.
pub(super) fn png(pos: &MultiPos, opts: &RenderOptions) -> Result<Vec<u8>, RenderError> {
    let img = draw(pos, opts)?;
    let mut out = Vec::with_capacity(64 * 1024);
    let mut enc = png::Encoder::new(&mut out, img.width(), img.height());
    enc.set_depth(png::BitDepth::Eight);
    // Level 3 over the "up" filter: the 16×16 checkerboard keeps a picture under 60 KB
    // only from level 3 (67 KB at level 1; docs/BENCHMARKS.md).
    enc.set_deflate_compression(png::DeflateCompression::Level(3));
    enc.set_filter(png::Filter::Up);
    match indexed(&img) {
        Some((palette, pixels)) => {
            enc.set_color(png::ColorType::Indexed);
            enc.set_palette(palette);
            let mut w = enc.write_header()?;
            w.write_image_data(&pixels)?;
            w.finish()?;
        }
        None => {
            enc.set_color(png::ColorType::Rgb);
            let mut w = enc.write_header()?;
            w.write_image_data(img.as_raw())?;
            w.finish()?;
        }
    }
    Ok(out)
}

/// The palette and indices of a picture with at most 256 colours.
///
/// Colours are looked up in a small open-addressing table (runs of one colour skip
/// even that), which is several times faster than a general hash map here.
fn indexed(img: &RgbImage) -> Option<(Vec<u8>, Vec<u8>)> {
    const SLOTS: usize = 1024;
    let mut keys = [u32::MAX; SLOTS];
    let mut vals = [0u8; SLOTS];
    let mut used = 0usize;
    let mut palette = Vec::with_capacity(768);
    let mut pixels = Vec::with_capacity((img.width() * img.height()) as usize);
    let (mut last_key, mut last_idx) = (u32::MAX, 0u8);
    for px in img.pixels() {
        let [r, g, b] = px.0;
        let key = (r as u32) << 16 | (g as u32) << 8 | b as u32;
        if key != last_key {
            let mut slot = (key.wrapping_mul(0x9E37_79B1) >> 22) as usize;
            loop {
                if keys[slot] == key {
                    last_idx = vals[slot];
                    break;
                }
                if keys[slot] == u32::MAX {
                    let i = u8::try_from(used).ok()?;
                    keys[slot] = key;
                    vals[slot] = i;
                    used += 1;
                    palette.extend_from_slice(&[r, g, b]);
                    last_idx = i;
                    break;
                }
                slot = (slot + 1) % SLOTS;
            }
            last_key = key;
        }
        pixels.push(last_idx);
    }
    Some((palette, pixels))
}

/// An animated GIF of a whole game: one frame per round (the position after the round,
/// its last move drawn), `round_ms` each, the end held `final_ms`.
///
/// Drawn twice: a first pass collects the colours of every frame for the GIF's one
/// palette (a few more than any single picture holds; past 255 the rest take their
/// nearest), the second encodes each frame as the part that changed.
pub(super) fn gif(game: &MultiGame, opts: &GifOptions) -> Result<Vec<u8>, RenderError> {
    let (size_px, round_ms, final_ms) = (opts.size_px, opts.ply_ms, opts.final_ms);
    let frames = round_frames(game);
    let opts_of = |last: &Option<Path>| RenderOptions {
        view: opts.view,
        size_px,
        last_move: last.clone(),
        ..RenderOptions::default()
    };
    let mut colours: Vec<[u8; 3]> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for (pos, last) in &frames {
        let img = draw(pos, &opts_of(last))?;
        for px in img.pixels() {
            if seen.insert(px.0) {
                colours.push(px.0);
            }
        }
    }
    let (palette, lookup) = gif_palette(&colours);
    let side = u16::try_from(size_px).map_err(|_| RenderError::Size {
        size: size_px,
        min: SIZE_RANGE.0,
        max: SIZE_RANGE.1,
    })?;
    let mut out = Vec::new();
    {
        let mut enc = gif::Encoder::new(&mut out, side, side, &palette)?;
        enc.set_repeat(gif::Repeat::Infinite)?;
        let centis = |ms: u32| (ms / 10).min(u16::MAX as u32) as u16;
        let mut prev: Option<Vec<u8>> = None;
        for (k, (pos, last)) in frames.iter().enumerate() {
            let img = draw(pos, &opts_of(last))?;
            let pixels: Vec<u8> = img
                .pixels()
                .map(|p| lookup.get(&p.0).copied().unwrap_or(0))
                .collect();
            let delay = centis(if k + 1 == frames.len() {
                final_ms
            } else {
                round_ms
            });
            let frame = match &prev {
                None => gif::Frame {
                    delay,
                    width: side,
                    height: side,
                    buffer: std::borrow::Cow::Borrowed(&pixels),
                    ..gif::Frame::default()
                },
                Some(p) => super::delta_frame(p, &pixels, size_px as usize, delay),
            };
            enc.write_frame(&frame)?;
            prev = Some(pixels);
        }
    }
    Ok(out)
}

/// The start, then the position after each round with that round's last move.
fn round_frames(game: &MultiGame) -> Vec<(MultiPos, Option<Path>)> {
    let positions = game.positions();
    let mut frames = vec![(*game.start(), None)];
    for (i, t) in game.turns().iter().enumerate() {
        let before = &positions[i];
        let after = &positions[i + 1];
        if after.round() != before.round() || i + 1 == game.turns().len() {
            frames.push((*after, before.path(*t)));
        }
    }
    frames
}

/// A GIF palette (768 bytes, index 255 left for "unchanged") and each colour's index:
/// the first 255 colours as they are, any further one mapped to its nearest.
fn gif_palette(colours: &[[u8; 3]]) -> (Vec<u8>, std::collections::HashMap<[u8; 3], u8>) {
    let kept: Vec<[u8; 3]> = colours.iter().take(255).copied().collect();
    let mut lookup = std::collections::HashMap::new();
    for (i, c) in kept.iter().enumerate() {
        lookup.insert(*c, i as u8);
    }
    for c in colours.iter().skip(255) {
        let d = |k: &[u8; 3]| -> i32 { (0..3).map(|j| (k[j] as i32 - c[j] as i32).pow(2)).sum() };
        let nearest = kept
            .iter()
            .enumerate()
            .min_by_key(|(_, k)| d(k))
            .map_or(0, |(i, _)| i as u8);
        lookup.insert(*c, nearest);
    }
    let mut palette: Vec<u8> = kept.iter().flatten().copied().collect();
    palette.resize(256 * 3, 0);
    (palette, lookup)
}
