//! The home-exit deadline's safety rules: when a side must hurry, which moves keep it on
//! its exit schedule, and when home pieces leave early. They bind every level, whatever
//! its budget, noise or mistakes.

use super::eval::Tables;
use super::levels::Style;
use crate::engine::bits::{Bits, Geometry};
use crate::engine::core::{Ctx, Pos, RawMove};

/// Whether `side` must hurry its last home pieces out before the exit deadline (no
/// mistakes are allowed then, whatever the level).
pub(super) fn deadline_urgent<G: Geometry>(ctx: &Ctx<G>, tables: &Tables<G>, p: &Pos<G>) -> bool {
    let Some(d) = ctx.rules.exit_deadline else {
        return false;
    };
    if p.number > d {
        return false;
    }
    let ci = p.side.index();
    let home = p.pieces[ci] & ctx.home[ci];
    if home.is_empty() {
        return false;
    }
    let need: i32 = home.iter().map(|i| tables.exit[ci][i as usize]).sum();
    let opp = p.pieces[1 - ci];
    let siege = home.iter().any(|i| ctx.ring(i).intersects(opp));
    Tables::moves_left(p, p.side, d) <= need + 8
        || p.number >= d / 2
        || (siege && p.number >= d / 3)
}

/// Own moves before the deadline check in which the home-exit schedule is checked move by
/// move with step distances; earlier only the piece count is (jumps make step distances far
/// too pessimistic in the opening, e.g. 16 home pieces on `square4`).
const SCHEDULE_WINDOW: i32 = 8;

/// How far behind its home-exit schedule `m` leaves the side to move (0 = on schedule,
/// negative = short by that much), for a position before the deadline check with deadline `d`.
///
/// A piece needs one of the side's own moves to leave home, so more home pieces than moves
/// left is lost outright (ranked below everything else). In the last [`SCHEDULE_WINDOW`]
/// moves each home piece is also charged its step distance out of home plus one spare move
/// (a step can be blocked, as in the match game where a piece jumped back into its home on
/// move 39 and could not step out on move 40).
fn exit_shortfall<G: Geometry>(
    ctx: &Ctx<G>,
    tables: &Tables<G>,
    p: &Pos<G>,
    d: u16,
    m: RawMove,
) -> i32 {
    let ci = p.side.index();
    let home = ctx.home[ci];
    let mut at_home = p.pieces[ci] & home;
    if at_home.has(m.from) {
        at_home ^= G::B::single(m.from);
    }
    if home.has(m.to) {
        at_home |= G::B::single(m.to);
    }
    let left = Tables::moves_left(p, p.side, d) - 1;
    let count = at_home.count() as i32;
    if count > left {
        return -1000 * (count - left);
    }
    if left > SCHEDULE_WINDOW {
        return 0;
    }
    let need: i32 = at_home
        .iter()
        .map(|i| tables.exit[ci][i as usize] + 1)
        .sum();
    (left - need).min(0)
}

/// Before the exit deadline: the legal moves that keep the side on its home-exit schedule
/// (or, if none does, those that fall least behind); `None` when no deadline is ahead or
/// every move is equally fine.
pub(super) fn exit_schedule_filter<G: Geometry>(
    ctx: &Ctx<G>,
    tables: &Tables<G>,
    p: &Pos<G>,
    legal: &[RawMove],
) -> Option<Vec<RawMove>> {
    let d = ctx.rules.exit_deadline?;
    if p.number > d {
        return None;
    }
    let scored: Vec<(i32, RawMove)> = legal
        .iter()
        .map(|&m| (exit_shortfall(ctx, tables, p, d, m), m))
        .collect();
    let best = scored.iter().map(|e| e.0).max()?;
    if scored.iter().all(|e| e.0 == best) {
        return None;
    }
    Some(
        scored
            .into_iter()
            .filter(|e| e.0 == best)
            .map(|e| e.1)
            .collect(),
    )
}

/// A home piece under siege past half the exit deadline leaves at the first chance: the
/// opponent can wall it in faster than a shallow search notices (it can release it too
/// late, which the rules allow in orthogonal variants). The shallow levels do so from a
/// quarter of the deadline on, siege or not.
pub(super) fn leave_home_early<G: Geometry>(
    ctx: &Ctx<G>,
    p: &Pos<G>,
    st: &Style,
    candidates: &mut Vec<RawMove>,
) {
    let Some(d) = ctx.rules.exit_deadline else {
        return;
    };
    let from = if st.early_exit { d / 4 } else { d / 2 };
    if p.number < from || p.number > d {
        return;
    }
    let ci = p.side.index();
    let home = ctx.home[ci];
    let opp = p.pieces[1 - ci];
    let sieged = (p.pieces[ci] & home)
        .iter()
        .any(|i| ctx.ring(i).intersects(opp));
    if !sieged && !st.early_exit {
        return;
    }
    let out: Vec<RawMove> = candidates
        .iter()
        .copied()
        .filter(|m| home.has(m.from) && !home.has(m.to))
        .collect();
    if !out.is_empty() {
        *candidates = out;
    }
}
