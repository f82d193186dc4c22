//! The training room's optimum: the fewest moves that bring all pieces from home to the
//! target with no opponent, and one line that achieves it.
//!
//! Method: a beam search gives a good line of length U; then a meet-in-the-middle search
//! proves whether anything shorter exists. Moves are reversible and the target is the home
//! rotated by 180°, so the placements `k` moves from the start, rotated, are exactly the
//! placements `k` moves before the goal: a line of length L exists iff some placement S
//! has d(S) + d(rot S) = L, where d is the distance from the start. A breadth-first search
//! from the start, pruned by an admissible bound (g + h(S) > U − 1 cannot lie on a line
//! shorter than U), only needs to reach depth ⌈(U − 1)/2⌉. Mirror images across the a1–h8
//! diagonal are merged when the home is symmetric.

use super::solo::{FastMap, Solo, move_between};
use crate::engine::bits::{Bits, Geometry};
use crate::engine::core::Ctx;
use crate::engine::{Color, CoreRef, Move, Path, Variant};

/// An optimal (or best known) line for the training room.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The moves, in order; their number is the optimum when `proven`.
    pub moves: Vec<Path>,
    /// Whether no shorter line exists (always true from [`solve`]).
    pub proven: bool,
    /// Placements stored by the proof search.
    pub states: usize,
}

impl Solution {
    /// Number of moves.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether the line is empty (the pieces already fill the target).
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }
}

/// Why the training solver cannot answer.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TrainingError {
    /// The variant is not a one-player variant.
    #[error("variant {0} is not the one-player training room")]
    NotSolo(String),
    /// No line fills the target (cannot happen for the standard homes).
    #[error("no line fills the target")]
    NoLine,
}

/// The published optimum for the standard training room (3×3 home on 8×8): 22 moves with
/// orthogonal moves, 15 with all eight directions, as computed and proven by [`solve`]
/// (see docs/ARCHITECTURE.md, "The training room"). `None` for other set-ups (call [`solve`]).
pub fn known_optimum(variant: &Variant) -> Option<u32> {
    let r = variant.rules();
    if !r.solo
        || r.board != crate::engine::BoardSize::N8
        || r.home != crate::engine::HomeShape::Square3
    {
        return None;
    }
    Some(match r.directions {
        crate::engine::Directions::Orthogonal => 22,
        crate::engine::Directions::All => 15,
    })
}

/// One optimal line of the standard training room with orthogonal moves, as found and
/// proven by [`solve`] (`ugolki solve`; see docs/ARCHITECTURE.md, "The training room").
pub const LINE_ORTHOGONAL: &str = "c2-c4 c3-c5 c5-d5 a3-c3-c5-e5 e5-e6 \
    b2-b4-d4-d6-f6 f6-f7 a1-a3-c3-c5-e5-e7-g7 g7-h7 c1-a1-a3-c3-c5-e5-e7-g7 \
    b1-a1 g7-g8 a1-a3-c3-c5-e5-e7-g7 a2-b2 b2-b4-d4-d6-f6-f8-h8-h6 \
    b3-b4 b4-d4-d6-f6-f8-h8 c4-d4 d4-d6-f6-f8 d5-d6 \
    d6-f6 e6-g6";

/// One optimal line of the standard training room with all eight directions, as found and
/// proven by [`solve`] (`ugolki solve --option directions=all`).
pub const LINE_ALL_DIRECTIONS: &str = "c3-d4 a1-c3-e5 e5-f6 c1-c3-e5-g7 a3-c3-e5 b1-d3-d5-f5-f7 \
    a2-c4-e4-e6-g6 f6-h8 d4-f6-h6 c2-a2-c4 b2-b4-d4-f6-f8 b3-d5 c4-e6-g8 d5-f5-h7 e5-f6";

/// The published optimal line for the standard training room (see [`known_optimum`]),
/// replayed through the engine, at once: the proof itself ([`solve`]) takes seconds to
/// minutes. `None` for other set-ups, or if the line does not replay to a filled target.
pub fn known_line(variant: &Variant) -> Option<Vec<Path>> {
    let optimum = known_optimum(variant)?;
    let text = match variant.rules().directions {
        crate::engine::Directions::Orthogonal => LINE_ORTHOGONAL,
        crate::engine::Directions::All => LINE_ALL_DIRECTIONS,
    };
    let mut game = crate::engine::Game::new(variant);
    for m in text.split_whitespace() {
        game.play_text(m).ok()?;
    }
    let goal = game
        .outcome()
        .is_some_and(|o| o.reason == crate::engine::Reason::Goal);
    let line = game.moves().to_vec();
    (goal && line.len() as u32 == optimum).then_some(line)
}

/// Solve the training room of `variant` exactly: the fewest moves and one optimal line.
pub fn solve(variant: &Variant) -> Result<Solution, TrainingError> {
    solve_with(variant, &mut |_| {})
}

/// [`solve`], reporting progress lines (layer sizes) to `progress`.
pub fn solve_with(
    variant: &Variant,
    progress: &mut dyn FnMut(&str),
) -> Result<Solution, TrainingError> {
    if !variant.rules().solo {
        return Err(TrainingError::NotSolo(variant.spec()));
    }
    let start = variant.start();
    let (line, proven, states) = match start.core() {
        CoreRef::S8(c, _) => solve_core(c, progress)?,
        CoreRef::S10(c, _) => solve_core(c, progress)?,
        CoreRef::S16(c, _) => solve_core(c, progress)?,
    };
    let n = variant.board().n();
    let mut pos = start;
    let mut moves = Vec::with_capacity(line.len());
    for (from, to) in line {
        let m = Move {
            from: crate::engine::Square::from_index(from, n),
            to: crate::engine::Square::from_index(to, n),
        };
        let path = pos.path(m).map_err(|_| TrainingError::NoLine)?;
        pos = pos.play(m).map_err(|_| TrainingError::NoLine)?;
        moves.push(path);
    }
    Ok(Solution {
        moves,
        proven,
        states,
    })
}

type Line = Vec<(u8, u8)>;

fn solve_core<G: Geometry>(
    ctx: &Ctx<G>,
    progress: &mut dyn FnMut(&str),
) -> Result<(Line, bool, usize), TrainingError> {
    let mut solo = Solo::new(ctx);
    let home = ctx.home[0];
    let target = ctx.target[0];
    let none = G::B::EMPTY;
    let beam = solo
        .beam(Color::White, home, target, none, 10_000)
        .ok_or(TrainingError::NoLine)?;
    // The proof prunes harder with the exact assignment bound.
    solo.exact_k = 12;
    let upper = beam.len() as u32 - 1;
    progress(&format!("beam search: a line of {upper} moves"));
    let n = G::N;
    let transpose = |b: G::B| -> G::B {
        let mut t = G::B::EMPTY;
        for i in b.iter() {
            t |= G::B::single((i % n) * n + i / n);
        }
        t
    };
    let rotate = |b: G::B| -> G::B {
        let mut t = G::B::EMPTY;
        for i in b.iter() {
            t |= G::B::single(ctx.rotate(i));
        }
        t
    };
    let symmetric = transpose(home) == home;
    let canon = |b: G::B| -> G::B {
        if !symmetric {
            return b;
        }
        let t = transpose(b);
        if key_lt::<G>(t, b) { t } else { b }
    };
    if upper == 0 {
        return Ok((Vec::new(), true, 0));
    }
    let bound = upper - 1;
    let mut dist: FastMap<G::B, u8> = FastMap::default();
    dist.insert(canon(home), 0);
    let mut layer = vec![home];
    let mut best: Option<(u32, G::B)> = None;
    let mut succ = Vec::with_capacity(256);
    let max_depth = bound.div_ceil(2);
    for d in 1..=max_depth {
        let mut next = Vec::new();
        for &s in &layer {
            succ.clear();
            solo.successors(s, none, &mut succ);
            for &q in &succ {
                let c = canon(q);
                if dist.contains_key(&c) {
                    continue;
                }
                if d + solo.h_fast(q, target) > bound || d + solo.h(q, target) > bound {
                    continue;
                }
                dist.insert(c, d as u8);
                next.push(q);
            }
        }
        for &s in &next {
            if let Some(&e) = dist.get(&canon(rotate(s))) {
                let l = d + e as u32;
                if best.is_none_or(|(b, _)| l < b) {
                    best = Some((l, s));
                }
            }
        }
        progress(&format!(
            "depth {d}: {} placements kept ({} stored){}",
            next.len(),
            dist.len(),
            best.map_or(String::new(), |(l, _)| format!(
                ", shortest line so far {l}"
            ))
        ));
        layer = next;
        if best.is_some_and(|(l, _)| l <= 2 * d) {
            break;
        }
    }
    let states = dist.len();
    let Some((_, mid)) = best else {
        // Nothing shorter than the beam's line: it is optimal.
        return Ok((to_moves(&beam), true, states));
    };
    // Start → mid, then mid → goal as the rotated, reversed line start → rot(mid).
    let first = back_line(&solo, &dist, mid, &canon);
    let rmid = rotate(mid);
    let second = back_line(&solo, &dist, rmid, &canon);
    let mut placements = first;
    for b in second.iter().rev().skip(1) {
        placements.push(rotate(*b));
    }
    Ok((to_moves(&placements), true, states))
}

/// Compare two bitboards as keys (any fixed total order will do for canonical forms).
fn key_lt<G: Geometry>(a: G::B, b: G::B) -> bool {
    let mut x = a ^ b;
    if x.is_empty() {
        return false;
    }
    // The lowest differing square decides.
    let i = x.first();
    x = G::B::single(i);
    !(a & x).is_empty()
}

/// The line from the start to `s` through stored distances (moves are reversible, so the
/// predecessors of a placement are its successors).
fn back_line<G: Geometry>(
    solo: &Solo<'_, G>,
    dist: &FastMap<G::B, u8>,
    s: G::B,
    canon: &dyn Fn(G::B) -> G::B,
) -> Vec<G::B> {
    let mut line = vec![s];
    let mut cur = s;
    let mut d = dist.get(&canon(s)).copied().unwrap_or(0);
    let mut succ = Vec::new();
    while d > 0 {
        succ.clear();
        solo.successors(cur, G::B::EMPTY, &mut succ);
        let Some(&prev) = succ
            .iter()
            .find(|&&q| dist.get(&canon(q)).is_some_and(|&e| e + 1 == d))
        else {
            break;
        };
        line.push(prev);
        cur = prev;
        d -= 1;
    }
    line.reverse();
    line
}

fn to_moves<B: Bits>(placements: &[B]) -> Line {
    placements
        .windows(2)
        .map(|w| {
            let m = move_between(w[0], w[1]);
            (m.from, m.to)
        })
        .collect()
}
