//! Board pictures: a position of any game (with the last move, a selection or an error
//! mark) to PNG bytes, and a whole game to an animated GIF. Knows nothing of Telegram.
//!
//! One renderer for every game: [`Renderer::render_png`] and [`Renderer::render_game_gif`]
//! take a position or a game of two sides or of a table ([`PositionRef`], [`GameRef`]) and
//! the same options. Two-sided boards are drawn from cached layers and bands (below);
//! a table's four camps and marked pieces by the painter in `multi`.
//!
//! Everything static (frame, labels, empty squares, every shaded piece on every square
//! colour) is rendered once per board size, home shape, orientation and pixel size into
//! a palette-indexed [`Renderer`] cache. A render then copies that layer, pastes a tile
//! per occupied or tinted square, draws the marks through blend tables and writes an
//! indexed PNG: a few hundred microseconds plus compression.

pub mod analysis;
pub(crate) mod bands;
pub mod chart;
mod geometry;
mod layer;
mod multi;
mod palette;
mod raster;
pub mod standings;
mod text;
pub mod theme;

pub use geometry::{DEFAULT_SIZE_PX, Geometry, MAX_SIZE_PX, MIN_SIZE_PX, square_center};
pub use text::board_text;

use crate::engine::multi::{MultiGame, MultiPos};
use crate::engine::{AnyGame, BoardSize, Color, Game, IllegalMove, Path, Position, Seat, Square};
use layer::{Layer, LayerKey, PIECE_R, tile_id};
use raster::{Prim, Pt, paint};
use std::collections::HashMap;
use std::sync::{Arc, OnceLock, RwLock};
use theme::{Shade, Tint};

/// Why a picture could not be made.
#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    /// The requested picture side is out of range.
    #[error("picture size {size} px is outside {min}..={max} px")]
    Size {
        /// Requested side.
        size: u32,
        /// Smallest allowed.
        min: u32,
        /// Largest allowed.
        max: u32,
    },
    /// A highlighted square is not on the board.
    #[error("{square} is not on the {board} board")]
    OffBoard {
        /// The square.
        square: Square,
        /// The board.
        board: BoardSize,
    },
    /// The embedded font is unreadable (a build defect, reported rather than panicking).
    #[error("the embedded font could not be read")]
    Font,
    /// A game's move could not be replayed for the animation.
    #[error("replaying move {}: {error}", ply + 1)]
    Replay {
        /// 0-based ply.
        ply: usize,
        /// Why the engine refused it.
        error: IllegalMove,
    },
    /// PNG encoder failure.
    #[error("PNG encoding failed: {0}")]
    Png(#[from] png::EncodingError),
    /// The banded encoder's failure (see [`bands`]).
    #[error("picture encoding failed: {0}")]
    Encode(String),
    /// GIF encoder failure.
    #[error("GIF encoding failed: {0}")]
    Gif(#[from] gif::EncodingError),
}

/// The tap interface's state: a chosen piece and where it may go.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Selection {
    /// The selected piece's square (ringed, square tinted).
    pub piece: Square,
    /// Squares it can reach (dotted).
    pub targets: Vec<Square>,
}

impl Selection {
    /// Select the piece on `piece` with its legal destinations in `pos`.
    pub fn of(pos: &Position, piece: Square) -> Selection {
        Selection {
            piece,
            targets: pos.destinations(piece),
        }
    }
}

/// What to draw besides the pieces.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RenderOptions {
    /// Picture side in pixels ([`MIN_SIZE_PX`]..=[`MAX_SIZE_PX`]).
    pub size_px: u32,
    /// Whose seat the board is seen from: that seat's camp is at the bottom left (a
    /// two-sided board turns for Black only).
    pub view: Seat,
    /// The move that led here, drawn along its whole path.
    pub last_move: Option<Path>,
    /// Another move drawn beside it in the selection's green: the better move an
    /// analysis names (the two paths may share squares, so they differ in colour).
    pub better: Option<Path>,
    /// A selected piece and its destinations.
    pub selection: Option<Selection>,
    /// A square to cross out (e.g. a refused tap).
    pub error_mark: Option<Square>,
}

impl Default for RenderOptions {
    fn default() -> Self {
        RenderOptions {
            size_px: DEFAULT_SIZE_PX,
            view: Seat::White,
            last_move: None,
            better: None,
            selection: None,
            error_mark: None,
        }
    }
}

/// How to animate a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GifOptions {
    /// Picture side in pixels.
    pub size_px: u32,
    /// Whose seat the board is seen from.
    pub view: Seat,
    /// How long each position shows, in milliseconds (a table's: each round's).
    pub ply_ms: u32,
    /// How long the final position shows before the loop restarts.
    pub final_ms: u32,
}

impl Default for GifOptions {
    fn default() -> Self {
        GifOptions {
            size_px: 560,
            view: Seat::White,
            ply_ms: 700,
            final_ms: 4000,
        }
    }
}

/// A palette-indexed picture before encoding.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Picture {
    /// Side in pixels (pictures are square).
    pub size_px: u32,
    /// `r, g, b` per palette entry (at most 255 entries).
    pub palette: Vec<u8>,
    /// One palette index per pixel, row by row.
    pub pixels: Vec<u8>,
}

/// A position of any game, as the renderer takes it.
#[derive(Clone, Copy, Debug)]
pub enum PositionRef<'a> {
    /// Two sides.
    Two(&'a Position),
    /// A table of three or four seats.
    Multi(&'a MultiPos),
}

impl<'a> From<&'a Position> for PositionRef<'a> {
    fn from(p: &'a Position) -> PositionRef<'a> {
        PositionRef::Two(p)
    }
}

impl<'a> From<&'a MultiPos> for PositionRef<'a> {
    fn from(p: &'a MultiPos) -> PositionRef<'a> {
        PositionRef::Multi(p)
    }
}

impl<'a> From<&'a AnyGame> for PositionRef<'a> {
    fn from(g: &'a AnyGame) -> PositionRef<'a> {
        match g {
            AnyGame::Two(g) => PositionRef::Two(g.position()),
            AnyGame::Multi(g) => PositionRef::Multi(g.position()),
        }
    }
}

/// A whole game of any seat count, as the renderer animates it.
#[derive(Clone, Copy, Debug)]
pub enum GameRef<'a> {
    /// Two sides.
    Two(&'a Game),
    /// A table of three or four seats.
    Multi(&'a MultiGame),
}

impl<'a> From<&'a Game> for GameRef<'a> {
    fn from(g: &'a Game) -> GameRef<'a> {
        GameRef::Two(g)
    }
}

impl<'a> From<&'a MultiGame> for GameRef<'a> {
    fn from(g: &'a MultiGame) -> GameRef<'a> {
        GameRef::Multi(g)
    }
}

impl<'a> From<&'a AnyGame> for GameRef<'a> {
    fn from(g: &'a AnyGame) -> GameRef<'a> {
        match g {
            AnyGame::Two(g) => GameRef::Two(g),
            AnyGame::Multi(g) => GameRef::Multi(g),
        }
    }
}

/// The colour whose side a two-sided board is seen from.
fn side(view: Seat) -> Color {
    view.color().unwrap_or(Color::White)
}

/// Layers kept at most; beyond this the cache starts afresh (sizes are user input).
const MAX_LAYERS: usize = 32;

/// Renders pictures, caching the static layer of every (board, homes, view, size)
/// it has seen. Cheap to share: hold one and call it from any thread or task.
#[derive(Default)]
pub struct Renderer {
    layers: RwLock<HashMap<LayerKey, Arc<Layer>>>,
    bands: bands::BandCache,
}

impl std::fmt::Debug for Renderer {
    // Layers hold megabytes of pixels: show how many are cached, not their contents.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let n = self.layers.read().map_or(0, |m| m.len());
        f.debug_struct("Renderer")
            .field("cached_layers", &n)
            .finish()
    }
}

impl Renderer {
    /// An empty renderer; layers are built on first use.
    pub fn new() -> Renderer {
        Renderer::default()
    }

    /// A renderer keeping about `budget` bytes of compressed picture bands (0: none, so
    /// every band of every picture is compressed; for measurements).
    pub fn with_band_cache(budget: usize) -> Renderer {
        Renderer {
            layers: RwLock::default(),
            bands: bands::BandCache::new(budget),
        }
    }

    /// The process-wide renderer behind [`render_png`] and [`render_game_gif`].
    pub fn shared() -> &'static Renderer {
        static SHARED: OnceLock<Renderer> = OnceLock::new();
        SHARED.get_or_init(Renderer::new)
    }

    /// The cached layer for this position's board seen from `view` at `size_px`.
    fn layer(&self, pos: &Position, view: Color, size_px: u32) -> Result<Arc<Layer>, RenderError> {
        let v = pos.variant();
        let key = LayerKey {
            board: v.board(),
            home: v.rules().home,
            view,
            size_px,
        };
        {
            let map = self.layers.read().unwrap_or_else(|e| e.into_inner());
            if let Some(l) = map.get(&key) {
                return Ok(Arc::clone(l));
            }
        }
        let built = Arc::new(Layer::build(v, view, size_px)?);
        tracing::debug!(?key, "built a board layer");
        let mut map = self.layers.write().unwrap_or_else(|e| e.into_inner());
        if map.len() >= MAX_LAYERS {
            map.clear();
        }
        Ok(Arc::clone(map.entry(key).or_insert(built)))
    }

    /// The picture of a two-sided `pos` as palette indices.
    pub fn render(&self, pos: &Position, opts: &RenderOptions) -> Result<Picture, RenderError> {
        let layer = self.layer(pos, side(opts.view), opts.size_px)?;
        let pixels = compose(&layer, pos, opts)?;
        Ok(Picture {
            size_px: layer.geo.size_px,
            palette: layer.palette.clone(),
            pixels,
        })
    }

    /// The picture of `pos`, of any game, as PNG bytes.
    pub fn render_png<'a>(
        &self,
        pos: impl Into<PositionRef<'a>>,
        opts: &RenderOptions,
    ) -> Result<Vec<u8>, RenderError> {
        let pos = match pos.into() {
            PositionRef::Two(p) => p,
            PositionRef::Multi(p) => return multi::png(p, opts),
        };
        let layer = self.layer(pos, side(opts.view), opts.size_px)?;
        let scene = Scene::new(&layer, pos, opts)?;
        let side = layer.geo.size_px;
        bands::encode_planned(
            side,
            side,
            &layer.palette,
            &scene.plan(),
            &self.bands,
            |rows, out| {
                scene.draw(rows, out);
                Ok(())
            },
        )
    }

    /// How many compressed picture bands were reused and how many made (see [`bands`]).
    pub fn band_stats(&self) -> bands::BandStats {
        self.bands.stats()
    }

    /// `game`, of any seat count, as a looping GIF: the start, then one frame per ply
    /// (a table's: per round) with its path drawn, the last one held for
    /// [`GifOptions::final_ms`].
    pub fn render_game_gif<'a>(
        &self,
        game: impl Into<GameRef<'a>>,
        opts: &GifOptions,
    ) -> Result<Vec<u8>, RenderError> {
        let game = match game.into() {
            GameRef::Two(g) => g,
            GameRef::Multi(g) => return multi::gif(g, opts),
        };
        let layer = self.layer(game.start(), side(opts.view), opts.size_px)?;
        let size = layer.geo.size_px;
        let side = size as u16;
        let mut palette = layer.palette.clone();
        palette.resize(256 * 3, 0);
        let mut out = Vec::new();
        {
            let mut enc = gif::Encoder::new(&mut out, side, side, &palette)?;
            enc.set_repeat(gif::Repeat::Infinite)?;
            let centis = |ms: u32| (ms / 10).min(u16::MAX as u32) as u16;
            let plies = game.moves().len();
            let mut pos = game.start().clone();
            let mut prev: Option<Vec<u8>> = None;
            for ply in 0..=plies {
                let last_move = if ply == 0 {
                    None
                } else {
                    let path = &game.moves()[ply - 1];
                    pos = pos
                        .play(path.as_move())
                        .map_err(|error| RenderError::Replay {
                            ply: ply - 1,
                            error,
                        })?;
                    Some(path.clone())
                };
                let o = RenderOptions {
                    size_px: size,
                    view: opts.view,
                    last_move,
                    better: None,
                    selection: None,
                    error_mark: None,
                };
                let pixels = compose(&layer, &pos, &o)?;
                let delay = centis(if ply == plies {
                    opts.final_ms
                } else {
                    opts.ply_ms
                });
                let frame = match &prev {
                    None => gif::Frame {
                        delay,
                        width: side,
                        height: side,
                        buffer: std::borrow::Cow::Borrowed(&pixels),
                        ..gif::Frame::default()
                    },
                    Some(p) => delta_frame(p, &pixels, size as usize, delay),
                };
                enc.write_frame(&frame)?;
                prev = Some(pixels);
            }
        }
        Ok(out)
    }
}

/// Index used for "unchanged" pixels in GIF delta frames.
const TRANSPARENT: u8 = 255;

/// The part of `next` that differs from `prev`, with unchanged pixels transparent.
fn delta_frame(prev: &[u8], next: &[u8], size: usize, delay: u16) -> gif::Frame<'static> {
    let (mut x0, mut y0, mut x1, mut y1) = (usize::MAX, usize::MAX, 0, 0);
    for y in 0..size {
        let (a, b) = (
            &prev[y * size..(y + 1) * size],
            &next[y * size..(y + 1) * size],
        );
        if a == b {
            continue;
        }
        let first = a.iter().zip(b).position(|(p, q)| p != q).unwrap_or(0);
        let last = size
            - 1
            - a.iter()
                .rev()
                .zip(b.iter().rev())
                .position(|(p, q)| p != q)
                .unwrap_or(0);
        x0 = x0.min(first);
        x1 = x1.max(last);
        y0 = y0.min(y);
        y1 = y;
    }
    if x0 == usize::MAX {
        // Nothing changed: one transparent pixel keeps the frame (and its delay).
        return gif::Frame {
            delay,
            width: 1,
            height: 1,
            transparent: Some(TRANSPARENT),
            buffer: std::borrow::Cow::Owned(vec![TRANSPARENT]),
            ..gif::Frame::default()
        };
    }
    let (w, h) = (x1 - x0 + 1, y1 - y0 + 1);
    let mut buf = Vec::with_capacity(w * h);
    for y in y0..=y1 {
        let row = y * size;
        buf.extend(
            prev[row + x0..=row + x1]
                .iter()
                .zip(&next[row + x0..=row + x1])
                .map(|(p, q)| if p == q { TRANSPARENT } else { *q }),
        );
    }
    gif::Frame {
        delay,
        left: x0 as u16,
        top: y0 as u16,
        width: w as u16,
        height: h as u16,
        transparent: Some(TRANSPARENT),
        buffer: std::borrow::Cow::Owned(buf),
        ..gif::Frame::default()
    }
}

/// Indexed PNG bytes of a `width`×`height` picture (charts are not square).
fn encode_png_rect(
    width: u32,
    height: u32,
    palette: &[u8],
    pixels: &[u8],
) -> Result<Vec<u8>, RenderError> {
    let mut out = Vec::with_capacity(48 * 1024);
    let mut enc = png::Encoder::new(&mut out, width, height);
    enc.set_color(png::ColorType::Indexed);
    enc.set_depth(png::BitDepth::Eight);
    enc.set_palette(palette.to_vec());
    // zlib-rs level 1 over the "up" filter: repeated rows become zero runs, which level 1
    // still compresses to under 40 KB at 720 px, in about 2/3 of level 2's time (the
    // bot encodes a picture per move; measured in docs/BENCHMARKS.md, "Board pictures").
    // fdeflate was faster again but doubled the size (59 KB at 720 px).
    enc.set_deflate_compression(png::DeflateCompression::Level(1));
    enc.set_filter(png::Filter::Up);
    let mut w = enc.write_header()?;
    w.write_image_data(pixels)?;
    w.finish()?;
    Ok(out)
}

/// Check that a highlighted square is on the board.
fn on_board(board: BoardSize, sq: Square) -> Result<Square, RenderError> {
    if board.contains(sq) {
        Ok(sq)
    } else {
        Err(RenderError::OffBoard { square: sq, board })
    }
}

/// The indexed pixels of `pos` with `opts`' marks over `layer`.
fn compose(layer: &Layer, pos: &Position, opts: &RenderOptions) -> Result<Vec<u8>, RenderError> {
    let scene = Scene::new(layer, pos, opts)?;
    let size = layer.geo.size_px as usize;
    let mut px = vec![0; size * size];
    scene.draw(0..size, &mut px);
    Ok(px)
}

/// A position with its marks, ready to draw in any strip of rows: a board picture's
/// bands are drawn only when the band cache does not have them (see [`bands`]).
struct Scene<'a> {
    layer: &'a Layer,
    /// The tile of each square by `rank * n + file`; `None` where the base layer shows.
    tiles: Vec<Option<usize>>,
    /// The marks in painting order.
    marks: Vec<Mark<'a>>,
}

/// A mark's shape and its coats (grow, ink), outermost first.
type Mark<'a> = (Vec<Prim>, [(f32, &'a raster::Ink); 2]);

impl<'a> Scene<'a> {
    fn new(
        layer: &'a Layer,
        pos: &Position,
        opts: &RenderOptions,
    ) -> Result<Scene<'a>, RenderError> {
        let geo = &layer.geo;
        let board = geo.board;
        let n = board.n() as usize;
        let idx = |s: Square| s.rank as usize * n + s.file as usize;

        // Validate every mark before drawing anything.
        for p in opts.last_move.iter().chain(&opts.better) {
            for s in p.squares() {
                on_board(board, *s)?;
            }
        }
        if let Some(sel) = &opts.selection {
            on_board(board, sel.piece)?;
            for s in &sel.targets {
                on_board(board, *s)?;
            }
        }
        if let Some(e) = opts.error_mark {
            on_board(board, e)?;
        }

        let mut occupant: Vec<Option<Color>> = vec![None; n * n];
        for c in Color::ALL {
            for s in pos.pieces(c) {
                occupant[idx(s)] = Some(c);
            }
        }
        let mut tint = vec![Tint::None; n * n];
        if let Some(p) = &opts.last_move {
            tint[idx(p.from())] = Tint::LastMove;
            tint[idx(p.to())] = Tint::LastMove;
        }
        if let Some(sel) = &opts.selection {
            tint[idx(sel.piece)] = Tint::Selected;
        }
        if let Some(e) = opts.error_mark {
            tint[idx(e)] = Tint::Error;
        }
        let mut tiles = vec![None; n * n];
        for sq in board.all_squares() {
            let (piece, t) = (occupant[idx(sq)], tint[idx(sq)]);
            if piece.is_some() || t != Tint::None {
                tiles[idx(sq)] = Some(tile_id(Shade::of(sq), layer.zone(sq), t, piece));
            }
        }

        let inks = &layer.inks;
        let c = geo.cell as f32;
        let edge = (0.028 * c).max(1.5);
        let mut marks = Vec::new();
        if let Some(p) = &opts.last_move {
            marks.push((
                path_shape(geo, p),
                [(edge, &inks.path_edge), (0.0, &inks.path)],
            ));
        }
        if let Some(p) = &opts.better {
            marks.push((
                path_shape(geo, p),
                [(edge, &inks.select_edge), (0.0, &inks.select)],
            ));
        }
        if let Some(sel) = &opts.selection {
            let mut shape = vec![Prim::Ring {
                c: geo.center_f(sel.piece),
                r_in: 0.415 * c,
                r_out: 0.475 * c,
            }];
            shape.extend(sel.targets.iter().map(|t| Prim::Circle {
                c: geo.center_f(*t),
                r: 0.13 * c,
            }));
            marks.push((shape, [(edge, &inks.select_edge), (0.0, &inks.select)]));
        }
        if let Some(e) = opts.error_mark {
            let (x, y) = geo.center_f(e);
            let k = 0.27 * c;
            let r = 0.06 * c;
            let shape = vec![
                Prim::capsule((x - k, y - k), (x + k, y + k), r),
                Prim::capsule((x - k, y + k), (x + k, y - k), r),
            ];
            marks.push((shape, [(edge * 1.3, &inks.error_edge), (0.0, &inks.error)]));
        }
        Ok(Scene {
            layer,
            tiles,
            marks,
        })
    }

    /// Draw the picture's `rows` into `out` (`rows.len()` rows of `size_px` indices).
    fn draw(&self, rows: std::ops::Range<usize>, out: &mut [u8]) {
        let layer = self.layer;
        let geo = &layer.geo;
        let size = geo.size_px as usize;
        let cell = geo.cell as usize;
        let n = geo.board.n() as usize;
        out.copy_from_slice(&layer.base[rows.start * size..rows.end * size]);
        for sq in geo.board.all_squares() {
            let Some(id) = self.tiles[sq.rank as usize * n + sq.file as usize] else {
                continue;
            };
            let (x, y) = geo.square_origin(sq);
            let (x, y) = (x as usize, y as usize);
            let (from, to) = (y.max(rows.start), (y + cell).min(rows.end));
            let tile = layer.tile(id);
            for r in from..to {
                let d = (r - rows.start) * size + x;
                let t = (r - y) * cell;
                out[d..d + cell].copy_from_slice(&tile[t..t + cell]);
            }
        }
        for (shape, coats) in &self.marks {
            paint(out, size, rows.start, shape, coats);
        }
    }

    /// The picture's bands, one per rank and one per frame edge, each keyed by what it
    /// shows: the layer, its rows, the tile of each of its squares and the marks' shapes
    /// that come near it (a mark's pixels depend only on shapes within its coats' reach).
    fn plan(&self) -> Vec<bands::BandPlan> {
        use std::hash::{Hash, Hasher};
        /// A `Hasher` that keeps the bytes written to it: a description to key a band by.
        struct Bytes(Vec<u8>);
        impl Hasher for Bytes {
            fn write(&mut self, bytes: &[u8]) {
                self.0.extend_from_slice(bytes);
            }
            fn finish(&self) -> u64 {
                0
            }
        }
        let layer = self.layer;
        let geo = &layer.geo;
        let size = geo.size_px as usize;
        let (cell, origin) = (geo.cell as usize, geo.origin as usize);
        let n = geo.board.n() as usize;
        let mut tops = vec![0, origin];
        tops.extend((1..=n).map(|k| origin + k * cell));
        tops.push(size);
        tops.dedup();
        let key = layer.key;
        let mut d = Bytes(Vec::with_capacity(256));
        tops.windows(2)
            .filter(|t| t[0] < t[1])
            .map(|t| {
                let rows = t[0]..t[1];
                d.0.clear();
                key.hash(&mut d);
                d.write_u64(rows.start as u64);
                d.write_u64(rows.end as u64);
                for sq in geo.board.all_squares() {
                    let (_, y) = geo.square_origin(sq);
                    let y = y as usize;
                    if y < rows.end && y + cell > rows.start {
                        let i = sq.rank as usize * n + sq.file as usize;
                        d.write_u16(i as u16);
                        d.write_u16(self.tiles[i].map_or(u16::MAX, |id| id as u16));
                    }
                }
                for (k, (shape, coats)) in self.marks.iter().enumerate() {
                    let grow = coats.iter().fold(0f32, |m, c| m.max(c.0));
                    d.write_u8(k as u8);
                    for c in coats {
                        d.write_u32(c.0.to_bits());
                    }
                    for p in shape {
                        let (_, y0, _, y1) = p.bbox();
                        if y0 - grow - 2.0 < rows.end as f32 && y1 + grow + 2.0 > rows.start as f32
                        {
                            p.describe(&mut d.0);
                        }
                    }
                }
                bands::BandPlan {
                    rows,
                    key: bands::content_key(&d.0),
                }
            })
            .collect()
    }
}

/// The last move as one shape: a dot on the origin, the line through every square of
/// the chain with a dot on each landing square, and an arrowhead stopping at the rim
/// of the piece on the destination.
fn path_shape(geo: &Geometry, path: &Path) -> Vec<Prim> {
    let c = geo.cell as f32;
    let pts: Vec<Pt> = path.squares().iter().map(|s| geo.center_f(*s)).collect();
    let r_line = 0.07 * c;
    let mut shape = vec![Prim::Circle {
        c: pts[0],
        r: 0.15 * c,
    }];
    let k = pts.len();
    for w in pts.windows(2).take(k.saturating_sub(2)) {
        shape.push(Prim::capsule(w[0], w[1], r_line));
        shape.push(Prim::Circle {
            c: w[1],
            r: 0.1 * c,
        });
    }
    if k >= 2 {
        let (a, b) = (pts[k - 2], pts[k - 1]);
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let len = (dx * dx + dy * dy).sqrt().max(1e-3);
        let (ux, uy) = (dx / len, dy / len);
        let tip_back = (PIECE_R + 0.02) * c;
        let head = 0.26 * c;
        let half = 0.17 * c;
        let tip = (b.0 - ux * tip_back, b.1 - uy * tip_back);
        let base = (tip.0 - ux * head, tip.1 - uy * head);
        let shaft_end = (base.0 + ux * 0.02 * c, base.1 + uy * 0.02 * c);
        shape.push(Prim::capsule(a, shaft_end, r_line));
        shape.push(Prim::Triangle {
            p: [
                tip,
                (base.0 - uy * half, base.1 + ux * half),
                (base.0 + uy * half, base.1 - ux * half),
            ],
        });
    }
    shape
}

/// [`Renderer::render_png`] on the shared renderer.
pub fn render_png<'a>(
    pos: impl Into<PositionRef<'a>>,
    opts: &RenderOptions,
) -> Result<Vec<u8>, RenderError> {
    Renderer::shared().render_png(pos, opts)
}

/// [`Renderer::render_game_gif`] on the shared renderer.
pub fn render_game_gif<'a>(
    game: impl Into<GameRef<'a>>,
    opts: &GifOptions,
) -> Result<Vec<u8>, RenderError> {
    Renderer::shared().render_game_gif(game, opts)
}

/// Draw, once, what every table picture of `size_px` reuses (each view's empty board,
/// the pieces' sprites), so that a table's first board is as quick as the rest.
pub fn warm_tables(size_px: u32) {
    multi::warm(size_px)
}

/// A table picture's pixels (RGB, row by row), for tests that look at its colours.
#[doc(hidden)]
pub fn table_pixels(pos: &MultiPos, opts: &RenderOptions) -> Result<image::RgbImage, RenderError> {
    multi::draw(pos, opts)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renderer_is_shareable_between_threads() {
        fn check<T: Send + Sync>() {}
        check::<Renderer>();
    }
}
