//! A small line chart of rating histories for `/stats` (people would rather look than
//! read): one line per variant over the player's rated games, the start rating as a
//! dashed reference, a legend with each variant's current rating. Drawn in true colour
//! with anti-aliased distance-field lines and the bundled DejaVu font, then reduced to
//! the board pictures' palette format and written as an indexed PNG (about 15 KB).
//!
//! Texts arrive as arguments, already in the reader's language: this module knows
//! nothing of languages or Telegram.

use super::RenderError;
use super::layer::FONT;
use super::palette::{ColorMap, Palette};
use super::theme;
use ab_glyph::{FontRef, PxScale};
use image::{Rgb, RgbImage};

/// Chart width in pixels.
pub const CHART_WIDTH: u32 = 720;
/// Chart height in pixels.
pub const CHART_HEIGHT: u32 = 400;

/// The background: the board frame's dark wood.
pub const BACKGROUND: Rgb<u8> = theme::FRAME;
/// The plot area, a shade lighter.
pub const PLOT: Rgb<u8> = Rgb([62, 46, 35]);
/// Grid lines.
pub const GRID: Rgb<u8> = Rgb([88, 68, 53]);
/// The dashed start-rating line.
pub const REFERENCE: Rgb<u8> = Rgb([132, 106, 82]);
/// Titles and labels (the board's coordinate colour).
pub const TEXT: Rgb<u8> = theme::LABEL;
/// Axis numbers.
pub const TEXT_DIM: Rgb<u8> = Rgb([180, 154, 124]);
/// Line colours, one per series in order (amber like the last-move path, then blue,
/// rose and green).
pub const SERIES: [Rgb<u8>; 4] = [
    theme::PATH,
    Rgb([112, 172, 236]),
    Rgb([236, 112, 92]),
    Rgb([120, 206, 132]),
];

/// One line: a label for the legend and the values, oldest first (the rating before
/// the first game, then after each game).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChartSeries {
    /// Legend text, e.g. `Classic 3×3 · 1532`.
    pub label: String,
    /// The ratings.
    pub values: Vec<i32>,
}

/// What to draw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RatingChart {
    /// Top-left title, e.g. the player's name.
    pub title: String,
    /// Caption of the horizontal axis, e.g. `rated games`.
    pub x_label: String,
    /// A rating drawn as a dashed line and always in range (the start rating).
    pub reference: Option<i32>,
    /// The lines; at most [`SERIES`]`.len()` are drawn.
    pub series: Vec<ChartSeries>,
    /// The least span of the vertical axis, so a flat line sits mid-plot (40 rating
    /// points; a few tempi for an analysis' balance).
    pub min_span: i32,
}

/// Where things go: the plot rectangle and the value ranges mapped onto it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ChartLayout {
    /// Plot rectangle: left, top, right, bottom, in pixels.
    pub plot: (f32, f32, f32, f32),
    /// Lowest and highest rating shown (grid-aligned).
    pub y_range: (i32, i32),
    /// Rating between horizontal grid lines.
    pub y_step: i32,
    /// Games on the horizontal axis (0 = before the first game).
    pub x_max: usize,
    /// Games between vertical grid lines.
    pub x_step: usize,
}

/// Rating steps the grid may use.
const Y_STEPS: [i32; 12] = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000];

impl ChartLayout {
    /// The layout of `chart` at [`CHART_WIDTH`] × [`CHART_HEIGHT`].
    pub fn of(chart: &RatingChart) -> ChartLayout {
        let drawn = &chart.series[..chart.series.len().min(SERIES.len())];
        let values = drawn
            .iter()
            .flat_map(|s| s.values.iter().copied())
            .chain(chart.reference);
        let (mut lo, mut hi) =
            values.fold((i32::MAX, i32::MIN), |(lo, hi), v| (lo.min(v), hi.max(v)));
        if lo > hi {
            (lo, hi) = (1500, 1500);
        }
        // At least the least span, centred, so a flat line sits mid-plot.
        let least = chart.min_span.max(2);
        if hi - lo < least {
            let mid = (lo + hi).div_euclid(2);
            (lo, hi) = (mid - least / 2, mid + least - least / 2);
        }
        let span = hi - lo;
        let y_step = Y_STEPS.into_iter().find(|s| span / s <= 5).unwrap_or(2000);
        let y_lo = lo.div_euclid(y_step) * y_step;
        let y_hi = -((-hi).div_euclid(y_step)) * y_step;
        let x_max = drawn
            .iter()
            .map(|s| s.values.len().saturating_sub(1))
            .max()
            .unwrap_or(0)
            .max(1);
        let mut x_step = 1;
        while x_max / x_step > 8 {
            x_step = next_x_step(x_step);
        }
        ChartLayout {
            plot: (
                64.0,
                64.0,
                CHART_WIDTH as f32 - 24.0,
                CHART_HEIGHT as f32 - 52.0,
            ),
            y_range: (y_lo, y_hi.max(y_lo + y_step)),
            y_step,
            x_max,
            x_step,
        }
    }

    /// The pixel position of game `i` with rating `v`.
    pub fn point(&self, i: usize, v: i32) -> (f32, f32) {
        let (l, t, r, b) = self.plot;
        let x = l + (r - l) * i as f32 / self.x_max as f32;
        let (lo, hi) = self.y_range;
        let y = b - (b - t) * (v - lo) as f32 / (hi - lo) as f32;
        (x, y)
    }
}

/// 1, 2, 5, 10, 20, 50, ...: the next grid step after `s`.
fn next_x_step(s: usize) -> usize {
    let mut p = 1;
    while p * 10 <= s {
        p *= 10;
    }
    match s / p {
        1 => 2 * p,
        2..=4 => 5 * p,
        _ => 10 * p,
    }
}

/// A canvas with anti-aliased shape filling.
struct Canvas {
    img: RgbImage,
}

impl Canvas {
    /// Blend `color` over the pixels of the box `(x0, y0)..(x1, y1)` with the coverage
    /// given by the signed distance `d(x, y)` to a shape's edge (negative inside).
    fn fill(&mut self, bbox: (f32, f32, f32, f32), color: Rgb<u8>, d: impl Fn(f32, f32) -> f32) {
        let (w, h) = (self.img.width() as i64, self.img.height() as i64);
        let x0 = (bbox.0.floor() as i64 - 1).clamp(0, w);
        let y0 = (bbox.1.floor() as i64 - 1).clamp(0, h);
        let x1 = (bbox.2.ceil() as i64 + 1).clamp(0, w);
        let y1 = (bbox.3.ceil() as i64 + 1).clamp(0, h);
        for y in y0..y1 {
            for x in x0..x1 {
                let a = (0.5 - d(x as f32 + 0.5, y as f32 + 0.5)).clamp(0.0, 1.0);
                if a <= 0.0 {
                    continue;
                }
                let p = self.img.get_pixel_mut(x as u32, y as u32);
                *p = theme::mix(*p, color, a);
            }
        }
    }

    /// A line from `a` to `b` with round caps, `width` pixels wide.
    fn line(&mut self, a: (f32, f32), b: (f32, f32), width: f32, color: Rgb<u8>) {
        let r = width / 2.0;
        let bbox = (
            a.0.min(b.0) - r,
            a.1.min(b.1) - r,
            a.0.max(b.0) + r,
            a.1.max(b.1) + r,
        );
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let len2 = (dx * dx + dy * dy).max(1e-6);
        self.fill(bbox, color, |x, y| {
            let t = (((x - a.0) * dx + (y - a.1) * dy) / len2).clamp(0.0, 1.0);
            let (px, py) = (a.0 + t * dx - x, a.1 + t * dy - y);
            (px * px + py * py).sqrt() - r
        });
    }

    /// A filled disc.
    fn disc(&mut self, c: (f32, f32), r: f32, color: Rgb<u8>) {
        self.fill((c.0 - r, c.1 - r, c.0 + r, c.1 + r), color, |x, y| {
            ((x - c.0).powi(2) + (y - c.1).powi(2)).sqrt() - r
        });
    }

    /// A filled axis-aligned rectangle (pixel-exact).
    fn rect(&mut self, x0: u32, y0: u32, x1: u32, y1: u32, color: Rgb<u8>) {
        for y in y0..y1.min(self.img.height()) {
            for x in x0..x1.min(self.img.width()) {
                self.img.put_pixel(x, y, color);
            }
        }
    }

    /// `text` with its top-left corner at (x, y).
    fn text(&mut self, font: &FontRef<'_>, px: f32, x: f32, y: f32, color: Rgb<u8>, text: &str) {
        imageproc::drawing::draw_text_mut(
            &mut self.img,
            color,
            x.round() as i32,
            y.round() as i32,
            PxScale::from(px),
            font,
            text,
        );
    }
}

/// The width of `text` in pixels at `px`.
pub(super) fn text_width(font: &FontRef<'_>, px: f32, text: &str) -> f32 {
    imageproc::drawing::text_size(PxScale::from(px), font, text).0 as f32
}

/// `text`, shortened with an ellipsis to fit `max` pixels at `px`.
pub(super) fn fit(font: &FontRef<'_>, px: f32, text: &str, max: f32) -> String {
    if text_width(font, px, text) <= max {
        return text.to_string();
    }
    let mut chars: Vec<char> = text.chars().collect();
    while !chars.is_empty() {
        chars.pop();
        let s: String = chars.iter().collect::<String>() + "…";
        if text_width(font, px, &s) <= max {
            return s;
        }
    }
    String::new()
}

/// `chart` as an indexed PNG of [`CHART_WIDTH`] × [`CHART_HEIGHT`] pixels.
pub fn render_rating_chart(chart: &RatingChart) -> Result<Vec<u8>, RenderError> {
    let (width, height, pixels, palette) = draw(chart)?;
    super::encode_png_rect(width, height, &palette, &pixels)
}

/// The chart as palette indices: (width, height, pixels, palette bytes).
fn draw(chart: &RatingChart) -> Result<(u32, u32, Vec<u8>, Vec<u8>), RenderError> {
    let img = draw_rgb(chart)?;
    let (pixels, palette) = to_palette(&img);
    Ok((CHART_WIDTH, CHART_HEIGHT, pixels, palette))
}

/// The chart in true colour, [`CHART_WIDTH`] × [`CHART_HEIGHT`] (for pictures that
/// hold it among others).
pub fn draw_rgb(chart: &RatingChart) -> Result<RgbImage, RenderError> {
    let font = FontRef::try_from_slice(FONT).map_err(|_| RenderError::Font)?;
    let lay = ChartLayout::of(chart);
    let mut c = Canvas {
        img: RgbImage::from_pixel(CHART_WIDTH, CHART_HEIGHT, BACKGROUND),
    };
    let (l, t, r, b) = lay.plot;
    c.rect(l as u32, t as u32, r as u32 + 1, b as u32 + 1, PLOT);
    draw_grid(&mut c, &font, &lay, &chart.x_label);
    // The start rating, dashed.
    if let Some(refv) = chart.reference {
        let (_, y) = lay.point(0, refv);
        let mut x = l;
        while x < r {
            c.line((x, y), ((x + 8.0).min(r), y), 2.0, REFERENCE);
            x += 14.0;
        }
    }
    let drawn: Vec<(usize, &ChartSeries)> =
        chart.series.iter().take(SERIES.len()).enumerate().collect();
    draw_series(&mut c, &lay, &drawn);
    draw_title_and_legend(&mut c, &font, &chart.title, r, &drawn);
    Ok(c.img)
}

/// The grid: ratings on the left, game numbers below, and the x axis's label.
fn draw_grid(c: &mut Canvas, font: &FontRef<'_>, lay: &ChartLayout, x_label: &str) {
    let (l, t, r, b) = lay.plot;
    let (lo, hi) = lay.y_range;
    let mut v = lo;
    while v <= hi {
        let (_, y) = lay.point(0, v);
        c.line((l, y), (r, y), 1.0, GRID);
        let label = v.to_string();
        let w = text_width(font, 15.0, &label);
        c.text(font, 15.0, l - 8.0 - w, y - 9.0, TEXT_DIM, &label);
        v += lay.y_step;
    }
    let mut i = 0;
    while i <= lay.x_max {
        let (x, _) = lay.point(i, lo);
        c.line((x, t), (x, b), 1.0, GRID);
        let label = i.to_string();
        let w = text_width(font, 15.0, &label);
        c.text(font, 15.0, x - w / 2.0, b + 6.0, TEXT_DIM, &label);
        i += lay.x_step;
    }
    let xl = text_width(font, 15.0, x_label);
    c.text(
        font,
        15.0,
        (l + r) / 2.0 - xl / 2.0,
        b + 26.0,
        TEXT_DIM,
        x_label,
    );
}

/// The lines, the oldest-listed on top so the first variant stays readable.
fn draw_series(c: &mut Canvas, lay: &ChartLayout, drawn: &[(usize, &ChartSeries)]) {
    for (k, s) in drawn.iter().rev() {
        let colour = SERIES[*k];
        let pts: Vec<(f32, f32)> = s
            .values
            .iter()
            .enumerate()
            .map(|(i, v)| lay.point(i, *v))
            .collect();
        for w in pts.windows(2) {
            c.line(w[0], w[1], 3.0, colour);
        }
        if pts.len() <= 41 {
            for p in &pts {
                c.disc(*p, 3.5, colour);
            }
        }
        if let Some(last) = pts.last() {
            c.disc(*last, 6.0, BACKGROUND);
            c.disc(*last, 4.5, colour);
        }
    }
}

/// Title and legend; the legend drops below a title too long to share the line.
fn draw_title_and_legend(
    c: &mut Canvas,
    font: &FontRef<'_>,
    title: &str,
    right: f32,
    drawn: &[(usize, &ChartSeries)],
) {
    let title = fit(font, 22.0, title, CHART_WIDTH as f32 - 40.0);
    // A series without a label (a chart of one line) has no legend entry.
    let drawn: Vec<(usize, &ChartSeries)> = drawn
        .iter()
        .filter(|(_, s)| !s.label.is_empty())
        .copied()
        .collect();
    let legend_w: f32 = drawn
        .iter()
        .map(|(_, s)| text_width(font, 15.0, &s.label) + 48.0)
        .sum();
    let title_w = text_width(font, 22.0, &title);
    let (title_y, legend_y) = if 20.0 + title_w + 24.0 + legend_w <= right {
        (18.0, 24.0)
    } else {
        (8.0, 38.0)
    };
    c.text(font, 22.0, 20.0, title_y, TEXT, &title);
    let mut x = right;
    for (k, s) in drawn.iter().rev() {
        let w = text_width(font, 15.0, &s.label);
        x -= w;
        c.text(font, 15.0, x, legend_y, TEXT, &s.label);
        x -= 30.0;
        let y = legend_y + 9.0;
        c.line((x + 4.0, y), (x + 22.0, y), 3.0, SERIES[*k]);
        c.disc((x + 13.0, y), 4.0, SERIES[*k]);
        x -= 18.0;
    }
}

/// Reduce to a palette: the fixed colours exactly, anti-aliased edges by median cut.
/// (pixels as indices, palette bytes)
fn to_palette(img: &RgbImage) -> (Vec<u8>, Vec<u8>) {
    let mut reserved = vec![
        BACKGROUND.0,
        PLOT.0,
        GRID.0,
        REFERENCE.0,
        TEXT.0,
        TEXT_DIM.0,
    ];
    reserved.extend(SERIES.iter().map(|s| s.0));
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

#[cfg(test)]
mod tests {
    use super::*;

    fn chart(series: Vec<Vec<i32>>) -> RatingChart {
        RatingChart {
            min_span: 40,
            title: "Рейтинг · Alice".into(),
            x_label: "rated games".into(),
            reference: Some(1500),
            series: series
                .into_iter()
                .enumerate()
                .map(|(i, values)| ChartSeries {
                    label: format!("Variant {i} · {}", values.last().copied().unwrap_or(0)),
                    values,
                })
                .collect(),
        }
    }

    /// Decode a PNG to RGB rows.
    fn decode(png: &[u8]) -> (u32, u32, Vec<[u8; 3]>) {
        let dec = png::Decoder::new(std::io::Cursor::new(png));
        let mut r = dec.read_info().unwrap();
        let info = r.info().clone();
        assert_eq!(info.color_type, png::ColorType::Indexed);
        let pal = info.palette.clone().unwrap().to_vec();
        let mut buf = vec![0; r.output_buffer_size().unwrap()];
        r.next_frame(&mut buf).unwrap();
        let px = buf
            .iter()
            .map(|&i| {
                let i = i as usize * 3;
                [pal[i], pal[i + 1], pal[i + 2]]
            })
            .collect();
        (info.width, info.height, px)
    }

    #[test]
    fn steps_and_ranges() {
        assert_eq!(next_x_step(1), 2);
        assert_eq!(next_x_step(2), 5);
        assert_eq!(next_x_step(5), 10);
        assert_eq!(next_x_step(10), 20);
        assert_eq!(next_x_step(50), 100);
        let l = ChartLayout::of(&chart(vec![vec![1500, 1520, 1538, 1519]]));
        assert_eq!(l.x_max, 3);
        assert_eq!(l.x_step, 1);
        assert!(l.y_range.0 <= 1500 && l.y_range.1 >= 1538, "{l:?}");
        assert_eq!((l.y_range.0 % l.y_step, l.y_range.1 % l.y_step), (0, 0));
        assert!((l.y_range.1 - l.y_range.0) / l.y_step <= 6, "{l:?}");
        let long: Vec<i32> = (0..=137).map(|i| 1500 + (i % 17) * 9 - 40).collect();
        let l = ChartLayout::of(&chart(vec![long, vec![1500, 1400]]));
        assert_eq!(l.x_max, 137);
        assert!(l.x_max / l.x_step <= 8 && l.x_step >= 10, "{l:?}");
        assert!(l.y_range.0 <= 1400 && l.y_range.1 >= 1604, "{l:?}");
        // Nothing to draw: still a sane frame.
        let l = ChartLayout::of(&chart(vec![]));
        assert_eq!(l.x_max, 1);
        assert!(l.y_range.0 < 1500 && l.y_range.1 > 1500);
    }

    #[test]
    fn lines_are_drawn_where_the_layout_says() {
        let c = chart(vec![vec![1500, 1520, 1540, 1560], vec![1500, 1480, 1460]]);
        let png = render_rating_chart(&c).unwrap();
        assert_eq!(&png[1..4], b"PNG");
        let (w, h, px) = decode(&png);
        assert_eq!((w, h), (CHART_WIDTH, CHART_HEIGHT));
        let at = |p: (f32, f32)| px[p.1 as usize * w as usize + p.0 as usize];
        let lay = ChartLayout::of(&c);
        // Each series' last point carries its own colour; the first series rises.
        assert_eq!(at(lay.point(3, 1560)), SERIES[0].0);
        assert_eq!(at(lay.point(2, 1460)), SERIES[1].0);
        let mid = |a: (f32, f32), b: (f32, f32)| ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
        assert_eq!(
            at(mid(lay.point(1, 1520), lay.point(2, 1540))),
            SERIES[0].0,
            "the line between two points"
        );
        assert!(lay.point(3, 1560).1 < lay.point(0, 1500).1);
        // The plot background and the frame around it.
        assert_eq!(px[5 * w as usize + 5], BACKGROUND.0);
        let (l, _, r, b) = lay.plot;
        assert_eq!(at((l + (r - l) * 0.93, b - 3.0)), PLOT.0);
        // The title is drawn in the text colour.
        let title_px = (18..44)
            .flat_map(|y| (20..140).map(move |x| (x, y)))
            .filter(|&(x, y)| px[y * w as usize + x] == TEXT.0)
            .count();
        assert!(title_px > 50, "{title_px}");
    }

    #[test]
    fn a_chart_is_deterministic_and_small() {
        let c = chart(vec![(0..60).map(|i| 1500 + i * 3 - (i % 4) * 7).collect()]);
        let a = render_rating_chart(&c).unwrap();
        let b = render_rating_chart(&c).unwrap();
        assert_eq!(a, b);
        assert!(a.len() < 60_000, "{} bytes", a.len());
    }
}
