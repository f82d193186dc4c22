//! Anti-aliased marks drawn straight into palette-indexed pixels.
//!
//! A mark is a union of simple shapes given by signed distance functions. Coverage
//! is quantised to [`LEVELS`] steps and each step maps a palette index to the index of
//! the blended colour through a precomputed [`Ink`] table, so no pixel ever leaves
//! palette space. Blocks of pixels far outside (or deep inside) the shape are skipped
//! (or filled) after one distance evaluation at their centre, which keeps long
//! diagonal lines cheap.

/// Coverage steps per ink (level `LEVELS` is the solid colour).
pub(crate) const LEVELS: usize = 8;

/// For one colour: the palette index of "this colour at coverage k/LEVELS over index i".
#[derive(Clone, Debug)]
pub(crate) struct Ink {
    pub(crate) table: Box<[[u8; 256]; LEVELS + 1]>,
}

/// A point in continuous pixel coordinates (pixel (x, y) covers [x, x+1) × [y, y+1)).
pub(crate) type Pt = (f32, f32);

/// One primitive shape.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Prim {
    /// A filled disc.
    Circle { c: Pt, r: f32 },
    /// An annulus between two radii.
    Ring { c: Pt, r_in: f32, r_out: f32 },
    /// A thick line segment with round ends (build with [`Prim::capsule`]).
    Capsule { a: Pt, ba: Pt, inv_bb: f32, r: f32 },
    /// A filled triangle.
    Triangle { p: [Pt; 3] },
}

fn dot(a: Pt, b: Pt) -> f32 {
    a.0 * b.0 + a.1 * b.1
}

fn sub(a: Pt, b: Pt) -> Pt {
    (a.0 - b.0, a.1 - b.1)
}

impl Prim {
    /// A segment from `a` to `b`, `r` pixels thick on each side, with round ends.
    pub(crate) fn capsule(a: Pt, b: Pt, r: f32) -> Prim {
        let ba = sub(b, a);
        let bb = dot(ba, ba);
        Prim::Capsule {
            a,
            ba,
            inv_bb: if bb > 0.0 { 1.0 / bb } else { 0.0 },
            r,
        }
    }

    /// Signed distance from `p` to the shape's edge (negative inside).
    #[inline(always)]
    fn sd(&self, p: Pt) -> f32 {
        match *self {
            Prim::Circle { c, r } => {
                let d = sub(p, c);
                dot(d, d).sqrt() - r
            }
            Prim::Ring { c, r_in, r_out } => {
                let d = sub(p, c);
                let l = dot(d, d).sqrt();
                (l - r_out).max(r_in - l)
            }
            Prim::Capsule { a, ba, inv_bb, r } => {
                let pa = sub(p, a);
                let h = (dot(pa, ba) * inv_bb).clamp(0.0, 1.0);
                let q = (pa.0 - ba.0 * h, pa.1 - ba.1 * h);
                dot(q, q).sqrt() - r
            }
            Prim::Triangle { p: [p0, p1, p2] } => {
                let (e0, e1, e2) = (sub(p1, p0), sub(p2, p1), sub(p0, p2));
                let (v0, v1, v2) = (sub(p, p0), sub(p, p1), sub(p, p2));
                let proj = |v: Pt, e: Pt| {
                    let ee = dot(e, e);
                    let h = if ee > 0.0 {
                        (dot(v, e) / ee).clamp(0.0, 1.0)
                    } else {
                        0.0
                    };
                    (v.0 - e.0 * h, v.1 - e.1 * h)
                };
                let (q0, q1, q2) = (proj(v0, e0), proj(v1, e1), proj(v2, e2));
                let s = (e0.0 * e2.1 - e0.1 * e2.0).signum();
                let dx = dot(q0, q0).min(dot(q1, q1)).min(dot(q2, q2));
                let dy = (s * (v0.0 * e0.1 - v0.1 * e0.0))
                    .min(s * (v1.0 * e1.1 - v1.1 * e1.0))
                    .min(s * (v2.0 * e2.1 - v2.1 * e2.0));
                -dx.sqrt() * dy.signum()
            }
        }
    }

    /// Append the shape's kind and exact coordinates to `out` (a band's key describes the
    /// shapes near it; equal descriptions paint equal pixels).
    pub(crate) fn describe(&self, out: &mut Vec<u8>) {
        let mut put = |tag: u8, vals: &[f32]| {
            out.push(tag);
            for v in vals {
                out.extend_from_slice(&v.to_bits().to_le_bytes());
            }
        };
        match *self {
            Prim::Circle { c, r } => put(0, &[c.0, c.1, r]),
            Prim::Ring { c, r_in, r_out } => put(1, &[c.0, c.1, r_in, r_out]),
            Prim::Capsule { a, ba, inv_bb, r } => put(2, &[a.0, a.1, ba.0, ba.1, inv_bb, r]),
            Prim::Triangle { p } => put(3, &[p[0].0, p[0].1, p[1].0, p[1].1, p[2].0, p[2].1]),
        }
    }

    /// (min x, min y, max x, max y) enclosing the shape.
    pub(crate) fn bbox(&self) -> (f32, f32, f32, f32) {
        match *self {
            Prim::Circle { c, r } => (c.0 - r, c.1 - r, c.0 + r, c.1 + r),
            Prim::Ring { c, r_out, .. } => (c.0 - r_out, c.1 - r_out, c.0 + r_out, c.1 + r_out),
            Prim::Capsule { a, ba, r, .. } => {
                let b = (a.0 + ba.0, a.1 + ba.1);
                (
                    a.0.min(b.0) - r,
                    a.1.min(b.1) - r,
                    a.0.max(b.0) + r,
                    a.1.max(b.1) + r,
                )
            }
            Prim::Triangle { p } => (
                p[0].0.min(p[1].0).min(p[2].0),
                p[0].1.min(p[1].1).min(p[2].1),
                p[0].0.max(p[1].0).max(p[2].0),
                p[0].1.max(p[1].1).max(p[2].1),
            ),
        }
    }
}

/// Side of the fine culling blocks, in pixels.
const BLOCK: usize = 6;
/// Fine blocks per side of a coarse block.
const SUB: usize = 4;

/// Paint the union of `shape` into a `width`-wide indexed buffer whose first row is the
/// picture's row `top`, once per `(grow, ink)` coat, outermost coat first (e.g. a dark
/// edge grown by 2 px, then the colour itself). Overlapping primitives are painted once
/// (no double blending), and all coats share one distance evaluation per pixel. A
/// pixel's value depends only on the shape and the pixel (the blocks only skip work), so
/// a picture painted in strips of rows is the same as one painted whole.
pub(crate) fn paint(
    buf: &mut [u8],
    width: usize,
    top: usize,
    shape: &[Prim],
    coats: &[(f32, &Ink)],
) {
    if shape.is_empty() || width == 0 || coats.is_empty() {
        return;
    }
    let height = top + buf.len() / width;
    let grow = coats.iter().fold(0f32, |m, c| m.max(c.0));
    let (mut x0, mut y0, mut x1, mut y1) = (f32::MAX, f32::MAX, f32::MIN, f32::MIN);
    for s in shape {
        let b = s.bbox();
        x0 = x0.min(b.0);
        y0 = y0.min(b.1);
        x1 = x1.max(b.2);
        y1 = y1.max(b.3);
    }
    let pad = grow + 1.0;
    let clip = |v: f32, hi: usize| (v.floor().max(0.0) as usize).min(hi);
    let (x0, y0) = (clip(x0 - pad, width), clip(y0 - pad, height).max(top));
    let (x1, y1) = (clip(x1 + pad + 1.0, width), clip(y1 + pad + 1.0, height));
    if y0 >= y1 {
        return;
    }
    let mut p = Painter {
        buf,
        width,
        top,
        coats,
        grow,
        inner: coats.iter().fold(f32::MAX, |m, c| m.min(c.0)),
    };
    let big = BLOCK * SUB;
    let mut near: Vec<Prim> = Vec::with_capacity(shape.len());
    let mut nearer: Vec<Prim> = Vec::with_capacity(shape.len());
    for by in (y0..y1).step_by(big) {
        for bx in (x0..x1).step_by(big) {
            let (bw, bh) = (big.min(x1 - bx), big.min(y1 - by));
            match p.classify(shape, (bx, by, bw, bh), &mut near) {
                Cover::Outside => {}
                Cover::Solid => p.fill(bx, by, bw, bh),
                Cover::Edge => {
                    for sy in (by..by + bh).step_by(BLOCK) {
                        for sx in (bx..bx + bw).step_by(BLOCK) {
                            let (sw, sh) = (BLOCK.min(bx + bw - sx), BLOCK.min(by + bh - sy));
                            match p.classify(&near, (sx, sy, sw, sh), &mut nearer) {
                                Cover::Outside => {}
                                Cover::Solid => p.fill(sx, sy, sw, sh),
                                Cover::Edge => p.pixels(&nearer, sx, sy, sw, sh),
                            }
                        }
                    }
                }
            }
        }
    }
}

/// How a block relates to a painted shape.
enum Cover {
    /// No coat touches it.
    Outside,
    /// Every coat covers all of it.
    Solid,
    /// Needs pixel-by-pixel work.
    Edge,
}

struct Painter<'a> {
    buf: &'a mut [u8],
    width: usize,
    /// The picture row of `buf`'s first row.
    top: usize,
    coats: &'a [(f32, &'a Ink)],
    /// Largest coat growth.
    grow: f32,
    /// Smallest coat growth.
    inner: f32,
}

impl Painter<'_> {
    /// Classify the block (x, y, w, h) from one distance per primitive at its centre, and
    /// collect in `near` the primitives that can touch it.
    fn classify(
        &self,
        shape: &[Prim],
        (x, y, w, h): (usize, usize, usize, usize),
        near: &mut Vec<Prim>,
    ) -> Cover {
        let c = (x as f32 + w as f32 / 2.0, y as f32 + h as f32 / 2.0);
        // Distance functions are 1-Lipschitz: nothing in the block is further than this.
        let reach = ((w * w + h * h) as f32).sqrt() / 2.0 + 0.5;
        near.clear();
        let mut d = f32::INFINITY;
        for s in shape {
            let sd = s.sd(c);
            d = d.min(sd);
            if sd - self.grow <= reach + 0.5 {
                near.push(*s);
            }
        }
        if d - self.grow > reach + 0.5 {
            Cover::Outside
        } else if d - self.inner < -reach - 0.5 {
            Cover::Solid
        } else {
            Cover::Edge
        }
    }

    /// Every coat at full strength over the block: the innermost coat's colour.
    fn fill(&mut self, x: usize, y: usize, w: usize, h: usize) {
        let solid = &self.coats[self.coats.len() - 1].1.table[LEVELS];
        for r in y - self.top..y - self.top + h {
            for px in &mut self.buf[r * self.width + x..r * self.width + x + w] {
                *px = solid[*px as usize];
            }
        }
    }

    /// Per-pixel coverage of every coat.
    fn pixels(&mut self, near: &[Prim], x: usize, y: usize, w: usize, h: usize) {
        // The solid table maps every index to the same one.
        let solid = self.coats[self.coats.len() - 1].1.table[LEVELS][0];
        for r in y..y + h {
            let row = (r - self.top) * self.width;
            for c in x..x + w {
                let p = (c as f32 + 0.5, r as f32 + 0.5);
                let d = near.iter().fold(f32::INFINITY, |m, s| m.min(s.sd(p)));
                let px = &mut self.buf[row + c];
                if d >= self.grow + 0.5 {
                    continue;
                }
                if d <= self.inner - 0.5 {
                    *px = solid;
                    continue;
                }
                for (g, ink) in self.coats {
                    let cov = (0.5 - (d - g)).clamp(0.0, 1.0);
                    // cov ≥ 0, so adding ½ and truncating rounds to nearest.
                    let k = (cov * LEVELS as f32 + 0.5) as usize;
                    if k > 0 {
                        *px = ink.table[k][*px as usize];
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ink() -> Ink {
        // Index 0 is the background; any coverage gives 1, solid gives 2.
        let mut table = Box::new([[0u8; 256]; LEVELS + 1]);
        for (k, row) in table.iter_mut().enumerate() {
            for (i, v) in row.iter_mut().enumerate() {
                *v = match k {
                    0 => i as u8,
                    LEVELS => 2,
                    _ => 1,
                };
            }
        }
        Ink { table }
    }

    #[test]
    fn circle_is_solid_inside_blank_outside_and_soft_on_the_edge() {
        let mut buf = vec![0u8; 64 * 64];
        paint(
            &mut buf,
            64,
            0,
            &[Prim::Circle {
                c: (32.0, 32.0),
                r: 20.0,
            }],
            &[(0.0, &ink())],
        );
        assert_eq!(buf[32 * 64 + 32], 2);
        assert_eq!(buf[32 * 64 + 14], 2);
        assert_eq!(buf[32 * 64 + 10], 0);
        assert_eq!(buf[2 * 64 + 2], 0);
        assert!(buf.contains(&1), "edge pixels are blended");
    }

    #[test]
    fn triangle_sign_is_negative_inside_either_winding() {
        for p in [
            [(0.0, 0.0), (10.0, 0.0), (0.0, 10.0)],
            [(0.0, 0.0), (0.0, 10.0), (10.0, 0.0)],
        ] {
            let t = Prim::Triangle { p };
            assert!(t.sd((2.0, 2.0)) < 0.0);
            assert!(t.sd((9.0, 9.0)) > 0.0);
            assert!((t.sd((-3.0, 5.0)) - 3.0).abs() < 1e-4);
        }
    }

    #[test]
    fn clipped_at_the_image_edge() {
        let mut buf = vec![0u8; 16 * 16];
        paint(
            &mut buf,
            16,
            0,
            &[Prim::capsule((-50.0, 8.0), (80.0, 8.0), 3.0)],
            &[(1.0, &ink())],
        );
        assert_eq!(buf[8 * 16], 2);
        assert_eq!(buf[8 * 16 + 15], 2);
        assert_eq!(buf[0], 0);
    }

    #[test]
    fn a_shape_painted_in_strips_of_rows_is_the_shape_painted_whole() {
        let (w, h) = (97, 90);
        let shape = [
            Prim::capsule((5.0, 7.5), (80.3, 71.2), 4.2),
            Prim::Ring {
                c: (40.5, 44.0),
                r_in: 17.0,
                r_out: 21.5,
            },
            Prim::Triangle {
                p: [(60.0, 10.0), (90.0, 30.0), (70.0, 55.0)],
            },
        ];
        let (edge, fill) = (ink(), ink());
        let coats = [(2.5, &edge), (0.0, &fill)];
        let base: Vec<u8> = (0..w * h).map(|i| (i % 7) as u8 + 3).collect();
        let mut whole = base.clone();
        paint(&mut whole, w, 0, &shape, &coats);
        for strip in [1, 7, 13, 45] {
            let mut strips = Vec::new();
            for top in (0..h).step_by(strip) {
                let bottom = (top + strip).min(h);
                let mut rows = base[top * w..bottom * w].to_vec();
                paint(&mut rows, w, top, &shape, &coats);
                strips.extend(rows);
            }
            assert_eq!(strips, whole, "strips of {strip} rows");
        }
        assert_ne!(whole, base);
    }
}
