//! The static part of a picture, built once per (board size, home shape, view, pixel
//! size): the frame with its coordinate labels, the empty board, one pre-shaded tile
//! for every (square colour, zone, tint, piece) combination, the palette they all
//! share and the blend tables for the marks drawn on top.
//!
//! Building happens in true colour with 4×4 supersampling; the result is stored as
//! palette indices so that a render is mostly memory copies.

use super::RenderError;
use super::geometry::Geometry;
use super::palette::{ColorMap, Palette, mix3};
use super::raster::{Ink, LEVELS};
use super::theme::{self, Shade, Tint, Zone};
use crate::engine::{BoardSize, Color, HomeShape, Square, Variant};
use ab_glyph::{Font, FontRef, PxScale, Rect, ScaleFont, point};
use image::{Rgb, RgbImage};

/// DejaVu Sans Bold (see assets/fonts/LICENSE-DejaVu.txt).
pub(super) static FONT: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans-Bold.ttf");

/// What a layer depends on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct LayerKey {
    pub(crate) board: BoardSize,
    pub(crate) home: HomeShape,
    pub(crate) view: Color,
    pub(crate) size_px: u32,
}

/// Blend tables of every mark colour.
#[derive(Clone, Debug)]
pub(crate) struct Inks {
    pub(crate) path: Ink,
    pub(crate) path_edge: Ink,
    pub(crate) select: Ink,
    pub(crate) select_edge: Ink,
    pub(crate) error: Ink,
    pub(crate) error_edge: Ink,
}

/// A built layer (immutable, shared between renders).
#[derive(Debug)]
pub(crate) struct Layer {
    /// What it was built for (a board picture's band keys start with it).
    pub(crate) key: LayerKey,
    pub(crate) geo: Geometry,
    pub(crate) palette: Vec<u8>,
    /// Frame, labels and empty untinted squares: `size_px²` indices.
    pub(crate) base: Vec<u8>,
    /// Every tile, `cell²` indices each, in [`tile_id`] order.
    pub(crate) tiles: Vec<u8>,
    /// Zone of each square, by `rank * n + file`.
    pub(crate) zones: Vec<Zone>,
    pub(crate) inks: Inks,
}

/// Number of tiles: 2 shades × 3 zones × 4 tints × 3 occupants.
const TILES: usize = 2 * 3 * 4 * 3;

/// The tile for a square of this shade, zone and tint holding `piece`.
pub(crate) fn tile_id(shade: Shade, zone: Zone, tint: Tint, piece: Option<Color>) -> usize {
    let s = match shade {
        Shade::Light => 0,
        Shade::Dark => 1,
    };
    let z = match zone {
        Zone::Plain => 0,
        Zone::Home(Color::White) => 1,
        Zone::Home(Color::Black) => 2,
    };
    let t = match tint {
        Tint::None => 0,
        Tint::LastMove => 1,
        Tint::Selected => 2,
        Tint::Error => 3,
    };
    let p = match piece {
        None => 0,
        Some(Color::White) => 1,
        Some(Color::Black) => 2,
    };
    ((s * 3 + z) * 4 + t) * 3 + p
}

fn all_backgrounds() -> impl Iterator<Item = (Shade, Zone, Tint)> {
    [Shade::Light, Shade::Dark].into_iter().flat_map(|s| {
        [
            Zone::Plain,
            Zone::Home(Color::White),
            Zone::Home(Color::Black),
        ]
        .into_iter()
        .flat_map(move |z| Tint::ALL.into_iter().map(move |t| (s, z, t)))
    })
}

/// Piece radius as a fraction of the cell.
pub(crate) const PIECE_R: f32 = 0.39;

/// Shading colours of one piece colour.
struct Style {
    face: [f32; 3],
    hi: [f32; 3],
    lo: [f32; 3],
    outline: [f32; 3],
}

fn f3(c: Rgb<u8>) -> [f32; 3] {
    [c.0[0] as f32, c.0[1] as f32, c.0[2] as f32]
}

fn lerp3(a: [f32; 3], b: [f32; 3], t: f32) -> [f32; 3] {
    [
        a[0] + (b[0] - a[0]) * t,
        a[1] + (b[1] - a[1]) * t,
        a[2] + (b[2] - a[2]) * t,
    ]
}

fn style(c: Color) -> Style {
    match c {
        Color::White => Style {
            face: f3(theme::WHITE_FACE),
            hi: [255.0, 255.0, 255.0],
            lo: [150.0, 140.0, 126.0],
            outline: [58.0, 50.0, 42.0],
        },
        Color::Black => Style {
            face: f3(theme::BLACK_FACE),
            hi: [150.0, 150.0, 164.0],
            lo: [4.0, 4.0, 6.0],
            outline: [6.0, 6.0, 8.0],
        },
    }
}

/// The colour of a piece at (u, v), in units of the piece radius from its centre
/// (y grows downwards); `None` outside the disc. Lit from the top left: a convex
/// bevel round the rim, a concave groove, and a flat face (exactly `face` at the
/// centre, so the centre pixel identifies the piece).
fn piece_color(st: &Style, u: f32, v: f32, outline_w: f32) -> Option<[f32; 3]> {
    let d = (u * u + v * v).sqrt();
    if d > 1.0 {
        return None;
    }
    if d >= 1.0 - outline_w {
        return Some(st.outline);
    }
    let lam = if d > 1e-6 {
        (-u - v) / (d * std::f32::consts::SQRT_2)
    } else {
        0.0
    };
    let shade = |s: f32| {
        if s >= 0.0 {
            lerp3(st.face, st.hi, s.min(1.0))
        } else {
            lerp3(st.face, st.lo, (-s).min(1.0))
        }
    };
    let bevel_in = 0.78;
    let groove = (0.60, 0.70);
    if d >= bevel_in {
        let t = (d - bevel_in) / (1.0 - outline_w - bevel_in);
        Some(shade(lam * (0.35 + 0.6 * t)))
    } else if d >= groove.0 && d < groove.1 {
        let t = (d - groove.0) / (groove.1 - groove.0);
        let bump = (t * std::f32::consts::PI).sin();
        Some(shade(-lam * 0.55 * bump))
    } else {
        Some(st.face)
    }
}

/// A piece with its soft drop shadow, as premultiplied RGBA per pixel of a cell.
fn sprite(c: Color, cell: u32) -> Vec<[f32; 4]> {
    let st = style(c);
    let cf = cell as f32;
    let r = PIECE_R * cf;
    let centre = cf / 2.0;
    let outline_w = (1.3f32).max(0.045 * r) / r;
    let (sx, sy) = (0.03 * cf, 0.035 * cf);
    let soft = (0.045 * cf).max(1.0);
    const SS: usize = 4;
    let mut out = Vec::with_capacity((cell * cell) as usize);
    for y in 0..cell {
        for x in 0..cell {
            let mut acc = [0f32; 3];
            let mut hits = 0usize;
            for j in 0..SS {
                for i in 0..SS {
                    let px = x as f32 + (i as f32 + 0.5) / SS as f32;
                    let py = y as f32 + (j as f32 + 0.5) / SS as f32;
                    if let Some(col) =
                        piece_color(&st, (px - centre) / r, (py - centre) / r, outline_w)
                    {
                        for k in 0..3 {
                            acc[k] += col[k];
                        }
                        hits += 1;
                    }
                }
            }
            let pa = hits as f32 / (SS * SS) as f32;
            // The shadow: a blurred disc, offset down and right.
            let (dx, dy) = (x as f32 + 0.5 - centre - sx, y as f32 + 0.5 - centre - sy);
            let sd = (dx * dx + dy * dy).sqrt() - r;
            let t = ((soft - sd) / (2.0 * soft)).clamp(0.0, 1.0);
            let sa = 0.42 * t * t * (3.0 - 2.0 * t);
            let n = (SS * SS) as f32;
            out.push([acc[0] / n, acc[1] / n, acc[2] / n, pa + sa * (1.0 - pa)]);
        }
    }
    out
}

/// Ink bounds of `text` as drawn by imageproc at (0, 0): (min x, min y, max x, max y).
fn ink_bounds(font: &FontRef<'_>, scale: PxScale, text: &str) -> Rect {
    let sf = font.as_scaled(scale);
    let mut w = 0.0;
    let mut r = Rect {
        min: point(f32::MAX, f32::MAX),
        max: point(f32::MIN, f32::MIN),
    };
    for c in text.chars() {
        let id = sf.glyph_id(c);
        let g = id.with_scale_and_position(scale, point(w, sf.ascent()));
        w += sf.h_advance(id);
        if let Some(og) = sf.outline_glyph(g) {
            let b = og.px_bounds();
            r.min.x = r.min.x.min(b.min.x);
            r.min.y = r.min.y.min(b.min.y);
            r.max.x = r.max.x.max(b.max.x);
            r.max.y = r.max.y.max(b.max.y);
        }
    }
    r
}

/// Draw `text` centred on (cx, cy).
fn label(canvas: &mut RgbImage, font: &FontRef<'_>, scale: PxScale, cx: f32, cy: f32, text: &str) {
    let b = ink_bounds(font, scale, text);
    if b.min.x > b.max.x {
        return;
    }
    let x = (cx - (b.min.x + b.max.x) / 2.0).round() as i32;
    let y = (cy - (b.min.y + b.max.y) / 2.0).round() as i32;
    imageproc::drawing::draw_text_mut(canvas, theme::LABEL, x, y, scale, font, text);
}

/// The zone of every square (by `rank * n + file`) for this variant's homes.
fn zones(variant: &Variant) -> Vec<Zone> {
    let n = variant.board().n() as usize;
    let mut z = vec![Zone::Plain; n * n];
    for c in Color::ALL {
        for s in variant.home(c) {
            z[s.rank as usize * n + s.file as usize] = Zone::Home(c);
        }
    }
    z
}

/// The board without pieces: frame, board edge, squares and coordinates.
fn draw_board(geo: &Geometry, zones: &[Zone], font: &FontRef<'_>, size_px: u32) -> RgbImage {
    let n = geo.board.n() as u32;
    let zone_of = |s: Square| zones[s.rank as usize * n as usize + s.file as usize];
    let (cell, o, b) = (geo.cell, geo.origin, geo.board_px());
    let mut canvas = RgbImage::from_pixel(size_px, size_px, theme::FRAME);
    let edge = (cell / 28).max(2);
    for y in o.saturating_sub(edge)..(o + b + edge).min(size_px) {
        for x in o.saturating_sub(edge)..(o + b + edge).min(size_px) {
            canvas.put_pixel(x, y, theme::FRAME_EDGE);
        }
    }
    for row in 0..n {
        for col in 0..n {
            let sq = geo.square_at_cell(col, row);
            let c = theme::square_color(Shade::of(sq), zone_of(sq), Tint::None);
            for y in 0..cell {
                for x in 0..cell {
                    canvas.put_pixel(o + col * cell + x, o + row * cell + y, c);
                }
            }
        }
    }
    draw_coordinates(&mut canvas, geo, font, edge);
    canvas
}

/// Coordinates on all four edges, following the orientation.
fn draw_coordinates(canvas: &mut RgbImage, geo: &Geometry, font: &FontRef<'_>, edge: u32) {
    let (cell, o, b) = (geo.cell, geo.origin, geo.board_px());
    let band = geo.band() as f32;
    let scale = PxScale::from((band * 0.58).max(8.0));
    let near = band / 2.0 - edge as f32 / 2.0;
    let far = (o + b) as f32 + edge as f32 / 2.0 + band / 2.0;
    for i in 0..geo.board.n() as u32 {
        let mid = o as f32 + (i as f32 + 0.5) * cell as f32;
        let file = geo.square_at_cell(i, 0).file;
        let letter = ((b'a' + file) as char).to_string();
        label(canvas, font, scale, mid, near, &letter);
        label(canvas, font, scale, mid, far, &letter);
        let rank = (geo.square_at_cell(0, i).rank + 1).to_string();
        label(canvas, font, scale, near, mid, &rank);
        label(canvas, font, scale, far, mid, &rank);
    }
}

/// Every tile (each background with no piece, a white or a black one) in true colour,
/// one after another.
fn draw_tiles(cell: u32) -> Vec<[u8; 3]> {
    let sprites = [sprite(Color::White, cell), sprite(Color::Black, cell)];
    let cc = (cell * cell) as usize;
    let mut rgb_tiles: Vec<[u8; 3]> = vec![[0; 3]; TILES * cc];
    for (shade, zone, tint) in all_backgrounds() {
        let bg = f3(theme::square_color(shade, zone, tint));
        for piece in [None, Some(Color::White), Some(Color::Black)] {
            let id = tile_id(shade, zone, tint, piece);
            let tile = &mut rgb_tiles[id * cc..(id + 1) * cc];
            for (i, px) in tile.iter_mut().enumerate() {
                let c = match piece {
                    None => bg,
                    Some(p) => {
                        let s = sprites[p.index()][i];
                        [
                            s[0] + bg[0] * (1.0 - s[3]),
                            s[1] + bg[1] * (1.0 - s[3]),
                            s[2] + bg[2] * (1.0 - s[3]),
                        ]
                    }
                };
                *px = [c[0].round() as u8, c[1].round() as u8, c[2].round() as u8];
            }
        }
    }
    rgb_tiles
}

/// The palette: exact key colours, then the rest by median cut over the board, the
/// tiles and the marks' anti-aliased edges.
fn build_palette(flat: &[[u8; 3]], rgb_tiles: &[[u8; 3]], cell: u32) -> Palette {
    let cc = (cell * cell) as usize;
    let ink_colors = [
        theme::PATH,
        theme::PATH_EDGE,
        theme::SELECT,
        theme::SELECT_EDGE,
        theme::ERROR,
        theme::ERROR_EDGE,
    ];
    let mut reserved: Vec<[u8; 3]> = vec![
        theme::FRAME.0,
        theme::FRAME_EDGE.0,
        theme::LABEL.0,
        theme::WHITE_FACE.0,
        theme::BLACK_FACE.0,
    ];
    reserved.extend(ink_colors.iter().map(|c| c.0));
    reserved.extend(all_backgrounds().map(|(s, z, t)| theme::square_color(s, z, t).0));
    let mut hist: ColorMap<u64> = ColorMap::default();
    for run in flat
        .chunk_by(|a, b| a == b)
        .chain(rgb_tiles.chunk_by(|a, b| a == b))
    {
        *hist.entry(run[0]).or_insert(0) += run.len() as u64;
    }
    // The marks' anti-aliased edges over the backgrounds they are drawn on.
    let mut unders: Vec<[u8; 3]> = all_backgrounds()
        .map(|(s, z, t)| theme::square_color(s, z, t).0)
        .collect();
    unders.extend([theme::WHITE_FACE.0, theme::BLACK_FACE.0]);
    let pairs = [
        (theme::PATH_EDGE, theme::PATH),
        (theme::SELECT_EDGE, theme::SELECT),
        (theme::ERROR_EDGE, theme::ERROR),
    ];
    for k in 1..LEVELS {
        let a = k as f32 / LEVELS as f32;
        for (edge_c, main_c) in pairs {
            for u in &unders {
                *hist.entry(mix3(*u, edge_c.0, a)).or_insert(0) += cc as u64 / 64;
            }
            *hist.entry(mix3(edge_c.0, main_c.0, a)).or_insert(0) += cc as u64 / 4;
        }
    }
    Palette::build(&hist, &reserved)
}

impl Layer {
    /// Build the layer for `variant`'s board and homes seen from `view` at `size_px`.
    pub(crate) fn build(
        variant: &Variant,
        view: Color,
        size_px: u32,
    ) -> Result<Layer, RenderError> {
        let geo = Geometry::new(variant.board(), size_px, view)?;
        let font = FontRef::try_from_slice(FONT).map_err(|_| RenderError::Font)?;
        let zones = zones(variant);
        let canvas = draw_board(&geo, &zones, &font, size_px);
        let rgb_tiles = draw_tiles(geo.cell);
        let flat: Vec<[u8; 3]> = canvas.pixels().map(|p| p.0).collect();
        let mut palette = build_palette(&flat, &rgb_tiles, geo.cell);
        let mut to_index = |rgb: &[[u8; 3]]| -> Vec<u8> {
            let mut out = Vec::with_capacity(rgb.len());
            for run in rgb.chunk_by(|a, b| a == b) {
                let i = palette.index(run[0]);
                out.extend(std::iter::repeat_n(i, run.len()));
            }
            out
        };
        let base = to_index(&flat);
        let tiles = to_index(&rgb_tiles);
        let inks = Inks {
            path: palette.ink(theme::PATH.0),
            path_edge: palette.ink(theme::PATH_EDGE.0),
            select: palette.ink(theme::SELECT.0),
            select_edge: palette.ink(theme::SELECT_EDGE.0),
            error: palette.ink(theme::ERROR.0),
            error_edge: palette.ink(theme::ERROR_EDGE.0),
        };
        Ok(Layer {
            key: LayerKey {
                board: variant.board(),
                home: variant.rules().home,
                view,
                size_px,
            },
            geo,
            palette: palette.bytes(),
            base,
            tiles,
            zones,
            inks,
        })
    }

    /// The indices of one tile.
    pub(crate) fn tile(&self, id: usize) -> &[u8] {
        let cc = (self.geo.cell * self.geo.cell) as usize;
        &self.tiles[id * cc..(id + 1) * cc]
    }

    /// The zone of `sq`.
    pub(crate) fn zone(&self, sq: Square) -> Zone {
        let n = self.geo.board.n() as usize;
        self.zones[sq.rank as usize * n + sq.file as usize]
    }
}
