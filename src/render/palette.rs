//! A palette of at most 255 colours for one board layer: the theme's key colours kept
//! exactly, the rest (shading ramps, anti-aliased edges, blends) chosen by median cut
//! over every colour the layer's static parts use. Index 255 stays free for GIF
//! transparency.

use super::raster::{Ink, LEVELS};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// A fast hasher for RGB triples (the layer build hashes about a million pixels; the
/// keys are not attacker-controlled, so SipHash buys nothing here).
#[derive(Default)]
pub(crate) struct RgbHasher(u64);

impl Hasher for RgbHasher {
    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.0 = (self.0 << 8) | *b as u64;
        }
    }

    fn write_usize(&mut self, _len: usize) {}

    fn finish(&self) -> u64 {
        let h = self.0.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        h ^ (h >> 29)
    }
}

/// A map keyed by RGB colour.
pub(crate) type ColorMap<V> = HashMap<[u8; 3], V, BuildHasherDefault<RgbHasher>>;

/// Most colours a layer palette holds (index 255 is reserved for transparency).
pub(crate) const MAX_COLORS: usize = 255;

/// An ordered palette and a memo of nearest-colour look-ups.
#[derive(Clone, Debug)]
pub(crate) struct Palette {
    pub(crate) colors: Vec<[u8; 3]>,
    memo: ColorMap<u8>,
}

/// Perceptually weighted squared distance (green counts most, blue least).
fn dist(a: [u8; 3], b: [u8; 3]) -> i32 {
    let d = |i: usize| a[i] as i32 - b[i] as i32;
    3 * d(0) * d(0) + 4 * d(1) * d(1) + 2 * d(2) * d(2)
}

/// Mix `top` over `base` with opacity `a`.
pub(crate) fn mix3(base: [u8; 3], top: [u8; 3], a: f32) -> [u8; 3] {
    let ch = |i: usize| (base[i] as f32 * (1.0 - a) + top[i] as f32 * a).round() as u8;
    [ch(0), ch(1), ch(2)]
}

impl Palette {
    /// Reserved colours first (exact), then up to `MAX_COLORS` in total chosen from `hist`.
    pub(crate) fn build(hist: &ColorMap<u64>, reserved: &[[u8; 3]]) -> Palette {
        let mut colors: Vec<[u8; 3]> = Vec::new();
        for c in reserved {
            if !colors.contains(c) && colors.len() < MAX_COLORS {
                colors.push(*c);
            }
        }
        let mut items: Vec<([u8; 3], u64)> = hist
            .iter()
            .filter(|(c, _)| !colors.contains(c))
            .map(|(c, w)| (*c, *w))
            .collect();
        // Deterministic order regardless of the hash map's iteration order.
        items.sort_unstable();
        let budget = MAX_COLORS - colors.len();
        if items.len() <= budget {
            colors.extend(items.iter().map(|(c, _)| *c));
        } else {
            colors.extend(median_cut(&mut items, budget));
        }
        // Order by lightness: neighbouring shades get neighbouring indices, so the PNG
        // filter's differences stay small and repetitive across gradients.
        colors.sort_by_key(|c| 299 * c[0] as u32 + 587 * c[1] as u32 + 114 * c[2] as u32);
        Palette {
            colors,
            memo: ColorMap::default(),
        }
    }

    /// The index of the palette colour nearest to `c`.
    pub(crate) fn nearest(&self, c: [u8; 3]) -> u8 {
        let mut best = (i32::MAX, 0usize);
        for (i, p) in self.colors.iter().enumerate() {
            let d = dist(*p, c);
            if d < best.0 {
                best = (d, i);
                if d == 0 {
                    break;
                }
            }
        }
        best.1 as u8
    }

    /// [`Palette::nearest`], memoised (layers map hundreds of thousands of pixels).
    pub(crate) fn index(&mut self, c: [u8; 3]) -> u8 {
        if let Some(i) = self.memo.get(&c) {
            return *i;
        }
        let i = self.nearest(c);
        self.memo.insert(c, i);
        i
    }

    /// The blend table for painting `color` over any palette colour.
    pub(crate) fn ink(&self, color: [u8; 3]) -> Ink {
        let mut table = Box::new([[0u8; 256]; LEVELS + 1]);
        let solid = self.nearest(color);
        for (k, row) in table.iter_mut().enumerate() {
            for (i, v) in row.iter_mut().enumerate() {
                *v = if k == 0 || i >= self.colors.len() {
                    i as u8
                } else if k == LEVELS {
                    solid
                } else {
                    self.nearest(mix3(self.colors[i], color, k as f32 / LEVELS as f32))
                };
            }
        }
        Ink { table }
    }

    /// The palette as `r, g, b, r, g, b, ...` bytes.
    pub(crate) fn bytes(&self) -> Vec<u8> {
        self.colors.iter().flat_map(|c| c.iter().copied()).collect()
    }
}

/// Split `items` into `n` boxes by repeatedly halving (at the weighted median of the
/// widest channel) the box whose spread matters most; each box yields its weighted mean.
fn median_cut(items: &mut [([u8; 3], u64)], n: usize) -> Vec<[u8; 3]> {
    // (start, end) ranges into `items`.
    let mut boxes: Vec<(usize, usize)> = vec![(0, items.len())];
    let spread = |s: &[([u8; 3], u64)]| -> (usize, u8, u64) {
        let mut lo = [255u8; 3];
        let mut hi = [0u8; 3];
        let mut w = 0;
        for (c, k) in s {
            for i in 0..3 {
                lo[i] = lo[i].min(c[i]);
                hi[i] = hi[i].max(c[i]);
            }
            w += k;
        }
        let r = [hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]];
        let axis = (0..3).max_by_key(|&i| r[i]).unwrap_or(0);
        (axis, r[axis], w)
    };
    while boxes.len() < n {
        let mut best: Option<(f64, usize, usize)> = None;
        for (bi, &(s, e)) in boxes.iter().enumerate() {
            if e - s < 2 {
                continue;
            }
            let (axis, range, w) = spread(&items[s..e]);
            if range == 0 {
                continue;
            }
            let score = (range as f64).powi(2) * (w as f64).sqrt();
            if best.is_none_or(|b| score > b.0) {
                best = Some((score, bi, axis));
            }
        }
        let Some((_, bi, axis)) = best else { break };
        let (s, e) = boxes[bi];
        let slice = &mut items[s..e];
        slice.sort_unstable_by_key(|(c, _)| (c[axis], *c));
        let total: u64 = slice.iter().map(|(_, w)| w).sum();
        let mut acc = 0;
        let mut cut = 1;
        for (i, (_, w)) in slice.iter().enumerate() {
            acc += w;
            if acc * 2 >= total {
                cut = i + 1;
                break;
            }
        }
        let cut = cut.clamp(1, slice.len() - 1);
        boxes[bi] = (s, s + cut);
        boxes.push((s + cut, e));
    }
    boxes
        .iter()
        .map(|&(s, e)| {
            let mut acc = [0u64; 3];
            let mut w = 0u64;
            for (c, k) in &items[s..e] {
                for i in 0..3 {
                    acc[i] += c[i] as u64 * k;
                }
                w += k;
            }
            let w = w.max(1);
            [
                ((acc[0] + w / 2) / w) as u8,
                ((acc[1] + w / 2) / w) as u8,
                ((acc[2] + w / 2) / w) as u8,
            ]
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reserved_colours_are_exact_and_the_palette_is_bounded() {
        let mut hist = ColorMap::default();
        for r in 0..40u8 {
            for g in 0..40u8 {
                hist.insert([r * 6, g * 6, 100], 1 + r as u64);
            }
        }
        let reserved = [[1, 2, 3], [250, 250, 250]];
        let mut p = Palette::build(&hist, &reserved);
        assert_eq!(p.colors.len(), MAX_COLORS);
        let (a, b) = (p.index([1, 2, 3]), p.index([250, 250, 250]));
        assert_eq!(p.colors[a as usize], [1, 2, 3]);
        assert_eq!(p.colors[b as usize], [250, 250, 250]);
        // Every input colour finds a close neighbour (1600 colours in 253 boxes).
        for c in hist.keys() {
            let q = p.colors[p.nearest(*c) as usize];
            let worst = (0..3).map(|i| q[i].abs_diff(c[i])).max().unwrap_or(0);
            assert!(worst <= 20, "{c:?} -> {q:?}");
        }
    }

    #[test]
    fn small_histograms_are_kept_verbatim() {
        let hist = ColorMap::from_iter([([9, 9, 9], 3), ([200, 0, 0], 1)]);
        let p = Palette::build(&hist, &[[0, 0, 0]]);
        assert_eq!(p.colors.len(), 3);
        assert!(p.colors.contains(&[200, 0, 0]));
    }
}
