//! An analysis in one picture: the balance chart on top, and below it up to three
//! positions, each with the move played (amber, as the last move is drawn) and the
//! better move (green), under a caption. One picture makes the whole analysis one chat
//! message with the words as its caption.
//!
//! Texts arrive as arguments, already in the reader's language.

use super::chart::{self, CHART_HEIGHT, CHART_WIDTH, RatingChart, fit, text_width};
use super::palette::{ColorMap, Palette};
use super::{RenderError, RenderOptions, Renderer, theme};
use crate::engine::{Color, Path, Position};
use ab_glyph::{FontRef, PxScale};
use image::{Rgb, RgbImage};

/// The picture's width: three boards side by side.
pub const SHEET_WIDTH: u32 = 1080;
/// Each board's side in pixels.
const BOARD_PX: u32 = 352;
/// The gap between and around the boards.
const GAP: u32 = 9;
/// The height of a board's caption.
const CAPTION: u32 = 34;
/// Boards shown at most.
pub const MAX_BOARDS: usize = 3;

/// One position of the sheet.
#[derive(Clone, Debug)]
pub struct SheetBoard {
    /// The position the move was played from.
    pub position: Position,
    /// The move played (amber).
    pub played: Path,
    /// The better move (green).
    pub better: Path,
    /// Its caption, e.g. `14. c3-d3 ?? → c3-e3-e5`.
    pub caption: String,
}

/// What the picture shows.
#[derive(Clone, Debug)]
pub struct AnalysisSheet {
    /// The balance over the game.
    pub chart: RatingChart,
    /// Up to [`MAX_BOARDS`] positions (more are ignored).
    pub boards: Vec<SheetBoard>,
    /// Whose side the boards are seen from.
    pub view: Color,
}

/// The sheet as an indexed PNG, [`SHEET_WIDTH`] wide.
pub fn render_analysis_sheet(
    renderer: &Renderer,
    sheet: &AnalysisSheet,
) -> Result<Vec<u8>, RenderError> {
    let boards = &sheet.boards[..sheet.boards.len().min(MAX_BOARDS)];
    let row = if boards.is_empty() {
        0
    } else {
        CAPTION + BOARD_PX + GAP
    };
    let height = CHART_HEIGHT + row;
    let mut img = RgbImage::from_pixel(SHEET_WIDTH, height, chart::BACKGROUND);
    let chart_img = chart::draw_rgb(&sheet.chart)?;
    paste(&mut img, &chart_img, (SHEET_WIDTH - CHART_WIDTH) / 2, 0);
    let font = FontRef::try_from_slice(super::layer::FONT).map_err(|_| RenderError::Font)?;
    let n = boards.len() as u32;
    let used = n * BOARD_PX + n.saturating_sub(1) * GAP;
    let mut x = (SHEET_WIDTH - used) / 2;
    for b in boards {
        let opts = RenderOptions {
            size_px: BOARD_PX,
            view: sheet.view.into(),
            last_move: Some(b.played.clone()),
            better: Some(b.better.clone()),
            ..RenderOptions::default()
        };
        let pic = renderer.render(&b.position, &opts)?;
        let mut board = RgbImage::new(pic.size_px, pic.size_px);
        for (px, &i) in board.pixels_mut().zip(&pic.pixels) {
            let k = i as usize * 3;
            *px = Rgb([pic.palette[k], pic.palette[k + 1], pic.palette[k + 2]]);
        }
        let caption = fit(&font, 17.0, &b.caption, BOARD_PX as f32);
        let w = text_width(&font, 17.0, &caption);
        imageproc::drawing::draw_text_mut(
            &mut img,
            chart::TEXT,
            (x as f32 + (BOARD_PX as f32 - w) / 2.0).round() as i32,
            (CHART_HEIGHT + 8) as i32,
            PxScale::from(17.0),
            &font,
            &caption,
        );
        paste(&mut img, &board, x, CHART_HEIGHT + CAPTION);
        x += BOARD_PX + GAP;
    }
    let (pixels, palette) = quantize(&img);
    super::encode_png_rect(SHEET_WIDTH, height, &palette, &pixels)
}

fn paste(dst: &mut RgbImage, src: &RgbImage, x0: u32, y0: u32) {
    for (x, y, p) in src.enumerate_pixels() {
        if x0 + x < dst.width() && y0 + y < dst.height() {
            dst.put_pixel(x0 + x, y0 + y, *p);
        }
    }
}

/// Reduce to one palette: the board's and chart's key colours exactly, the rest (the
/// pieces' shading, anti-aliased edges) by median cut.
fn quantize(img: &RgbImage) -> (Vec<u8>, Vec<u8>) {
    let mut reserved = vec![
        chart::BACKGROUND.0,
        chart::PLOT.0,
        chart::GRID.0,
        chart::REFERENCE.0,
        chart::TEXT.0,
        chart::TEXT_DIM.0,
        theme::PATH.0,
        theme::PATH_EDGE.0,
        theme::SELECT.0,
        theme::SELECT_EDGE.0,
        theme::WHITE_FACE.0,
        theme::BLACK_FACE.0,
        theme::LABEL.0,
    ];
    reserved.extend(chart::SERIES.iter().map(|s| s.0));
    let flat: Vec<[u8; 3]> = img.pixels().map(|p| p.0).collect();
    let mut hist: ColorMap<u64> = ColorMap::default();
    for run in flat.chunk_by(|a, b| a == b) {
        *hist.entry(run[0]).or_insert(0) += run.len() as u64;
    }
    let mut palette = Palette::build(&hist, &reserved);
    let mut pixels = Vec::with_capacity(flat.len());
    for run in flat.chunk_by(|a, b| a == b) {
        let i = palette.index(run[0]);
        pixels.extend(std::iter::repeat_n(i, run.len()));
    }
    (pixels, palette.bytes())
}
