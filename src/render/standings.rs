//! A tournament's standings (or a round-robin's crosstable) as a picture: a title, a row
//! of headings and one row a player, the leaders marked, in the board pictures' colours
//! and font. Texts arrive ready, in the reader's language: this module knows nothing of
//! tournaments' rules or of Telegram.

use super::RenderError;
use super::chart::{BACKGROUND, GRID, PLOT, TEXT, TEXT_DIM};
use super::layer::FONT;
use super::theme;
use ab_glyph::{FontRef, PxScale};
use image::{Rgb, RgbImage};

/// What to draw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sheet {
    /// The title (the event), top left.
    pub title: String,
    /// A line under it (e.g. `Standings after round 2 of 3`).
    pub subtitle: String,
    /// The column headings.
    pub columns: Vec<String>,
    /// Which columns are players' names (left-aligned, as wide as they need).
    pub name_columns: Vec<usize>,
    /// The rows.
    pub rows: Vec<Vec<String>>,
    /// Rows marked as the leaders (the first `leaders`).
    pub leaders: usize,
}

const PX: f32 = 20.0;
const TITLE_PX: f32 = 26.0;
const ROW: u32 = 30;
const PAD: u32 = 16;
const GAP: u32 = 18;
/// The longest name drawn, in pixels (longer ones end in an ellipsis).
const MAX_NAME: f32 = 280.0;
/// The most rows drawn (a larger field shows its top, then "…").
pub const MAX_ROWS: usize = 40;

/// `sheet` as a PNG.
pub fn render_sheet(sheet: &Sheet) -> Result<Vec<u8>, RenderError> {
    let font = FontRef::try_from_slice(FONT).map_err(|_| RenderError::Font)?;
    let width_of = |s: &str, px: f32| -> f32 {
        imageproc::drawing::text_size(PxScale::from(px), &font, s).0 as f32
    };
    let rows: Vec<&Vec<String>> = sheet.rows.iter().take(MAX_ROWS).collect();
    let cols = sheet.columns.len();
    let mut widths = vec![0f32; cols];
    for (c, w) in widths.iter_mut().enumerate() {
        let head = width_of(&sheet.columns[c], PX);
        let cells = rows
            .iter()
            .filter_map(|r| r.get(c))
            .map(|s| width_of(s, PX))
            .fold(0f32, f32::max);
        *w = head.max(cells);
        if sheet.name_columns.contains(&c) {
            *w = w.min(MAX_NAME);
        }
    }
    let table_w: f32 = widths.iter().sum::<f32>() + GAP as f32 * cols.saturating_sub(1) as f32;
    let title_w = width_of(&sheet.title, TITLE_PX).max(width_of(&sheet.subtitle, PX));
    let width = (table_w.max(title_w) as u32 + 2 * PAD).clamp(360, 1600);
    let more = sheet.rows.len() > rows.len();
    let body_rows = rows.len() as u32 + 1 + u32::from(more);
    let top = PAD + 34 + 28 + 8;
    let height = top + body_rows * ROW + PAD;
    let mut img = RgbImage::from_pixel(width, height, BACKGROUND);
    let text = |img: &mut RgbImage, px: f32, x: f32, y: u32, color: Rgb<u8>, s: &str| {
        imageproc::drawing::draw_text_mut(
            img,
            color,
            x.round() as i32,
            y as i32,
            PxScale::from(px),
            &font,
            s,
        );
    };
    text(&mut img, TITLE_PX, PAD as f32, PAD, TEXT, &sheet.title);
    text(
        &mut img,
        PX,
        PAD as f32,
        PAD + 36,
        TEXT_DIM,
        &sheet.subtitle,
    );
    // The table's background and its heading row.
    fill(
        &mut img,
        PAD / 2,
        top - 4,
        width - PAD / 2,
        height - PAD / 2,
        PLOT,
    );
    let mut x = PAD as f32;
    let xs: Vec<f32> = widths
        .iter()
        .map(|w| {
            let at = x;
            x += w + GAP as f32;
            at
        })
        .collect();
    let place = |c: usize, s: &str| -> f32 {
        if sheet.name_columns.contains(&c) {
            xs[c]
        } else {
            // Numbers are right-aligned.
            xs[c] + widths[c] - width_of(s, PX)
        }
    };
    for (c, h) in sheet.columns.iter().enumerate() {
        text(&mut img, PX, place(c, h), top, TEXT_DIM, h);
    }
    fill(
        &mut img,
        PAD / 2,
        top + ROW - 4,
        width - PAD / 2,
        top + ROW - 2,
        GRID,
    );
    for (i, row) in rows.iter().enumerate() {
        let y = top + (i as u32 + 1) * ROW;
        if i < sheet.leaders {
            fill(
                &mut img,
                PAD / 2,
                y - 3,
                width - PAD / 2,
                y + ROW - 5,
                theme::mix(PLOT, theme::PATH, 0.25),
            );
        } else if i % 2 == 1 {
            fill(
                &mut img,
                PAD / 2,
                y - 3,
                width - PAD / 2,
                y + ROW - 5,
                theme::mix(PLOT, GRID, 0.35),
            );
        }
        for (c, cell) in row.iter().enumerate().take(cols) {
            let s = if sheet.name_columns.contains(&c) {
                super::chart::fit(&font, PX, cell, MAX_NAME)
            } else {
                cell.clone()
            };
            text(&mut img, PX, place(c, &s), y, TEXT, &s);
        }
    }
    if more {
        let y = top + (rows.len() as u32 + 1) * ROW;
        text(&mut img, PX, PAD as f32, y, TEXT_DIM, "…");
    }
    let mut out = std::io::Cursor::new(Vec::new());
    image::DynamicImage::ImageRgb8(img)
        .write_to(&mut out, image::ImageFormat::Png)
        .map_err(|e| RenderError::Encode(e.to_string()))?;
    Ok(out.into_inner())
}

fn fill(img: &mut RgbImage, x0: u32, y0: u32, x1: u32, y1: u32, color: Rgb<u8>) {
    for y in y0..y1.min(img.height()) {
        for x in x0..x1.min(img.width()) {
            img.put_pixel(x, y, color);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sheet_is_a_png_as_wide_as_its_table() {
        let sheet = Sheet {
            title: "Swiss, 3 rounds · Classic 3×3".into(),
            subtitle: "Final standings".into(),
            columns: vec!["#".into(), "Player".into(), "Pts".into(), "BH".into()],
            name_columns: vec![1],
            rows: (1..=8)
                .map(|i| {
                    vec![
                        i.to_string(),
                        format!("Player {i}"),
                        "2½".into(),
                        "4".into(),
                    ]
                })
                .collect(),
            leaders: 1,
        };
        let png = render_sheet(&sheet).unwrap();
        let img = image::load_from_memory(&png).unwrap();
        assert!(img.width() >= 360 && img.height() > 9 * ROW);
    }
}
