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
    /// A thick line segment with round ends.
    Capsule { a: Pt, b: Pt, r: f32 },
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
    /// Signed distance from `p` to the shape's edge (negative inside).
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
            Prim::Capsule { a, b, r } => {
                let pa = sub(p, a);
                let ba = sub(b, a);
                let bb = dot(ba, ba);
                let h = if bb > 0.0 {
                    (dot(pa, ba) / bb).clamp(0.0, 1.0)
                } else {
                    0.0
                };
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

    /// (min x, min y, max x, max y) enclosing the shape.
    fn bbox(&self) -> (f32, f32, f32, f32) {
        match *self {
            Prim::Circle { c, r } => (c.0 - r, c.1 - r, c.0 + r, c.1 + r),
            Prim::Ring { c, r_out, .. } => (c.0 - r_out, c.1 - r_out, c.0 + r_out, c.1 + r_out),
            Prim::Capsule { a, b, r } => (
                a.0.min(b.0) - r,
                a.1.min(b.1) - r,
                a.0.max(b.0) + r,
                a.1.max(b.1) + r,
            ),
            Prim::Triangle { p } => (
                p[0].0.min(p[1].0).min(p[2].0),
                p[0].1.min(p[1].1).min(p[2].1),
                p[0].0.max(p[1].0).max(p[2].0),
                p[0].1.max(p[1].1).max(p[2].1),
            ),
        }
    }
}

/// Signed distance to the union of `shape`, grown outward by `grow` pixels.
fn sd_union(shape: &[Prim], p: Pt, grow: f32) -> f32 {
    shape.iter().fold(f32::INFINITY, |m, s| m.min(s.sd(p))) - grow
}

/// Side of the culling blocks, in pixels.
const BLOCK: usize = 8;

/// Paint the union of `shape`, grown by `grow` pixels, with `ink` into a `width`-wide
/// indexed buffer. Overlapping primitives are painted once (no double blending).
pub(crate) fn paint(buf: &mut [u8], width: usize, shape: &[Prim], grow: f32, ink: &Ink) {
    if shape.is_empty() || width == 0 {
        return;
    }
    let height = buf.len() / width;
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
    let (x0, y0) = (clip(x0 - pad, width), clip(y0 - pad, height));
    let (x1, y1) = (clip(x1 + pad + 1.0, width), clip(y1 + pad + 1.0, height));
    // A block's pixel centres all lie within this distance of the block centre.
    let reach = (BLOCK as f32) * std::f32::consts::FRAC_1_SQRT_2 + 0.5;
    let solid = &ink.table[LEVELS];
    let mut by = y0;
    while by < y1 {
        let bh = BLOCK.min(y1 - by);
        let mut bx = x0;
        while bx < x1 {
            let bw = BLOCK.min(x1 - bx);
            let c = (bx as f32 + bw as f32 / 2.0, by as f32 + bh as f32 / 2.0);
            let d = sd_union(shape, c, grow);
            if d > reach {
                // Entirely outside.
            } else if d < -reach {
                for y in by..by + bh {
                    for px in &mut buf[y * width + bx..y * width + bx + bw] {
                        *px = solid[*px as usize];
                    }
                }
            } else {
                for y in by..by + bh {
                    let row = y * width;
                    for x in bx..bx + bw {
                        let d = sd_union(shape, (x as f32 + 0.5, y as f32 + 0.5), grow);
                        let cov = (0.5 - d).clamp(0.0, 1.0);
                        let k = (cov * LEVELS as f32).round() as usize;
                        if k > 0 {
                            let px = &mut buf[row + x];
                            *px = ink.table[k][*px as usize];
                        }
                    }
                }
            }
            bx += BLOCK;
        }
        by += BLOCK;
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
            &[Prim::Circle {
                c: (32.0, 32.0),
                r: 20.0,
            }],
            0.0,
            &ink(),
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
            &[Prim::Capsule {
                a: (-50.0, 8.0),
                b: (80.0, 8.0),
                r: 3.0,
            }],
            1.0,
            &ink(),
        );
        assert_eq!(buf[8 * 16], 2);
        assert_eq!(buf[8 * 16 + 15], 2);
        assert_eq!(buf[0], 0);
    }
}
