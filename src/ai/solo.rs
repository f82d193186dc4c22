//! One side alone: the fewest moves to fill its target (the training room, and each side's
//! task once the armies can no longer interact), solved exactly by A* with an admissible,
//! consistent lower bound; plus race detection and the race arithmetic of RULES §4.

use crate::engine::bits::{Bits, Geometry};
use crate::engine::core::{Ctx, Pos, RawMove};
use crate::engine::{Color, Directions, Outcome, Reason};
use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

/// A fast hasher for bitboard keys (the keys are already well spread; this only mixes).
#[derive(Default, Clone, Copy)]
pub struct FastHasher(u64);

impl Hasher for FastHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut b = [0u8; 8];
            b[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(b));
        }
    }
    #[inline]
    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(23) ^ x).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
    #[inline]
    fn finish(&self) -> u64 {
        super::rng::mix(self.0)
    }
}

/// Hash maps keyed by placements.
pub type FastMap<K, V> = HashMap<K, V, BuildHasherDefault<FastHasher>>;
/// Hash sets of placements.
pub type FastSet<K> = HashSet<K, BuildHasherDefault<FastHasher>>;

/// Why a one-side problem has no answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SoloError {
    /// The node, time or memory budget ran out before the optimum was proven.
    #[error("search budget exhausted")]
    Budget,
    /// The target cannot be filled from this placement.
    #[error("the target cannot be reached")]
    Unreachable,
}

/// Lower-bound tables and move generation for the one-side problem on one rule set.
pub struct Solo<'a, G: Geometry> {
    ctx: &'a Ctx<G>,
    nsq: usize,
    /// Minimum moves a lone piece needs from square a to square b if helpers were
    /// everywhere: colour-class changes need steps (jumps keep file and rank parity), and
    /// anything farther than those steps reach needs at least one more move.
    cost: Vec<u8>,
    /// Manhattan distance to the far target corner, per colour (for the beam fallback).
    dist: [Vec<i32>; 2],
    /// Squares by parity class: bit 0 = file odd, bit 1 = rank odd (jumps keep the class).
    class: [G::B; 4],
    diag: bool,
    /// Pieces outside the target up to which [`Solo::h`] solves the assignment exactly.
    pub exact_k: usize,
    /// Placements one [`Solo::astar_until`] may store before giving up: an expansion on
    /// 16×16 can store hundreds of successors, so an expansion budget alone let one solve
    /// grow to gigabytes.
    max_stored: usize,
}

/// Memory one exact race solve may use (its visited map and open list), in bytes.
pub const SOLVE_MEMORY: usize = 48 << 20;

/// What one stored placement costs a solve: a map slot (counted twice, for the table's
/// growth by doubling) and an open-list entry.
fn stored_cost<B>() -> usize {
    2 * (std::mem::size_of::<(B, (u16, B))>() + 1) + std::mem::size_of::<(B, u16)>()
}

impl<'a, G: Geometry> Solo<'a, G> {
    /// Tables for `ctx`'s directions.
    pub fn new(ctx: &'a Ctx<G>) -> Solo<'a, G> {
        let n = G::N as i32;
        let nsq = (n * n) as usize;
        let diag = ctx.rules.directions == Directions::All;
        let mut cost = vec![0u8; nsq * nsq];
        for a in 0..nsq {
            for b in 0..nsq {
                if a == b {
                    continue;
                }
                let (sa, sb) = (ctx.square(a as u8), ctx.square(b as u8));
                let df = (sa.file as i32 - sb.file as i32).abs();
                let dr = (sa.rank as i32 - sb.rank as i32).abs();
                let (pf, pr) = (df & 1, dr & 1);
                let c = if diag {
                    let dp = pf | pr;
                    dp + i32::from(df.max(dr) > dp)
                } else {
                    let dp = pf + pr;
                    dp + i32::from(df + dr > dp)
                };
                cost[a * nsq + b] = c as u8;
            }
        }
        let mut dist = [vec![0; nsq], vec![0; nsq]];
        #[allow(clippy::needless_range_loop)]
        for i in 0..nsq {
            let s = ctx.square(i as u8);
            let (f, r) = (s.file as i32, s.rank as i32);
            dist[0][i] = (n - 1 - f) + (n - 1 - r);
            dist[1][i] = f + r;
        }
        let mut class = [G::B::EMPTY; 4];
        for i in 0..nsq {
            let s = ctx.square(i as u8);
            class[(s.file as usize & 1) | (s.rank as usize & 1) << 1] |= G::B::single(i as u8);
        }
        Solo {
            ctx,
            nsq,
            cost,
            dist,
            class,
            diag,
            exact_k: 6,
            max_stored: SOLVE_MEMORY / stored_cost::<G::B>(),
        }
    }

    /// The squares at king distance one from `b`.
    #[inline]
    fn ring8(&self, b: G::B) -> G::B {
        let mut r = G::B::EMPTY;
        for df in -1i8..=1 {
            for dr in -1i8..=1 {
                if df != 0 || dr != 0 {
                    r |= self.ctx.shift(b, crate::engine::core::Dir { df, dr });
                }
            }
        }
        r
    }

    /// Fewest steps that change the pieces' parity classes into the holes' classes
    /// (a transport problem on the four classes: a 4-cycle with unit edges for orthogonal
    /// steps, any class one step away with diagonal ones).
    #[inline]
    fn class_steps(&self, out: G::B, holes: G::B) -> u32 {
        let mut e = [0i32; 4];
        for (c, m) in self.class.iter().enumerate() {
            e[c] = (out & *m).count() as i32 - (holes & *m).count() as i32;
        }
        if self.diag {
            return e.iter().filter(|&&x| x > 0).sum::<i32>() as u32;
        }
        // Cycle order 00 - 01 - 11 - 10 - 00 (one parity flips per edge).
        let cyc = [e[0], e[1], e[3], e[2]];
        let mut pre = [0i32; 4];
        let mut acc = 0;
        for i in 0..4 {
            acc += cyc[i];
            pre[i] = acc;
        }
        // Flow on edge i (node i to i+1) is x + pre[i]; minimise the sum of |.| over x.
        let mut v = pre.map(|p| -p);
        v.sort_unstable();
        let x = v[1];
        pre.iter().map(|p| (x + p).abs()).sum::<i32>() as u32
    }

    /// The rules tables.
    pub fn ctx(&self) -> &Ctx<G> {
        self.ctx
    }

    /// Admissible and consistent lower bound on the moves `pieces` need to fill `target`:
    /// a minimum-cost assignment of the pieces outside the target to the empty target
    /// squares (pieces already on target squares may be kept there without loss, since
    /// the cost obeys the triangle inequality).
    pub fn h(&self, pieces: G::B, target: G::B) -> u32 {
        let out = pieces & !target;
        let holes = target & !pieces;
        let k = out.count() as usize;
        if k == 0 {
            return 0;
        }
        let hk = holes.count() as usize;
        if k > self.exact_k.min(12) || k != hk {
            return self.h_fast(pieces, target);
        }
        let mut ps = [0u8; 12];
        let mut hs = [0u8; 12];
        for (j, i) in out.iter().enumerate() {
            ps[j] = i;
        }
        for (j, i) in holes.iter().enumerate() {
            hs[j] = i;
        }
        if k <= 9 {
            let mut dp = [u8::MAX; 1 << 9];
            assign(&mut dp[..1 << k], &ps[..k], &hs[..k], &self.cost, self.nsq)
        } else {
            let mut dp = vec![u8::MAX; 1 << k];
            assign(&mut dp, &ps[..k], &hs[..k], &self.cost, self.nsq)
        }
    }

    /// A cheaper admissible bound (never above [`Solo::h`]): steps for the class changes,
    /// plus one move for every piece that no step alone brings onto a hole (only pieces next
    /// to a hole can arrive by steps alone without at least two steps more than the class
    /// change needs), and at least one move per piece outside the target.
    #[inline]
    pub fn h_fast(&self, pieces: G::B, target: G::B) -> u32 {
        let out = pieces & !target;
        let holes = target & !pieces;
        let k = out.count();
        if k == 0 {
            return 0;
        }
        let near = (out & self.ring8(holes))
            .count()
            .min((holes & self.ring8(out)).count());
        let c = self.class_steps(out, holes);
        (c + k - near.min(k)).max(k)
    }

    /// Every placement one move away (steps and chains; no destination in `forbidden`).
    #[inline]
    pub fn successors(&self, pieces: G::B, forbidden: G::B, out: &mut Vec<G::B>) {
        let empty = self.ctx.all() & !pieces;
        for from in pieces.iter() {
            let fb = G::B::single(from);
            let dest = ((self.ctx.adj(from) & empty)
                | self.ctx.jump_reach(from, pieces ^ fb, empty))
                & !forbidden;
            for to in dest.iter() {
                out.push(pieces ^ fb ^ G::B::single(to));
            }
        }
    }

    /// The same tables with solves limited to about `bytes` of memory each.
    pub fn with_memory(mut self, bytes: usize) -> Self {
        self.max_stored = (bytes / stored_cost::<G::B>()).max(1);
        self
    }

    /// Placements one solve may store (see [`SOLVE_MEMORY`]).
    pub fn max_stored(&self) -> usize {
        self.max_stored
    }

    /// The fewest moves from `start` to a full `target`, with one optimal line (the
    /// placements from `start` to the goal, both included). Gives up after
    /// `max_expansions` expanded placements or [`Solo::max_stored`] stored ones.
    pub fn astar(
        &self,
        start: G::B,
        target: G::B,
        forbidden: G::B,
        max_expansions: usize,
    ) -> Result<Vec<G::B>, SoloError> {
        self.astar_until(start, target, forbidden, max_expansions, None)
            .map(|(line, _)| line)
    }

    /// [`Solo::astar`] that also stops at `deadline`; returns the line and the expansions used
    /// (on failure the expansions are lost with the error).
    pub fn astar_until(
        &self,
        start: G::B,
        target: G::B,
        forbidden: G::B,
        max_expansions: usize,
        deadline: Option<std::time::Instant>,
    ) -> Result<(Vec<G::B>, usize), SoloError> {
        if (start & target) == target {
            return Ok((vec![start], 0));
        }
        let mut seen: FastMap<G::B, (u16, G::B)> = FastMap::default();
        let mut buckets: Vec<Vec<(G::B, u16)>> = Vec::new();
        let h0 = self.h(start, target) as usize;
        seen.insert(start, (0, start));
        push_bucket(&mut buckets, h0, (start, 0));
        let mut f = h0;
        let mut expansions = 0usize;
        let mut stored = 1usize;
        let mut succ = Vec::with_capacity(256);
        loop {
            while f < buckets.len() && buckets[f].is_empty() {
                f += 1;
            }
            if f >= buckets.len() {
                return Err(SoloError::Unreachable);
            }
            let Some((cur, g)) = buckets[f].pop() else {
                continue;
            };
            if seen.get(&cur).is_some_and(|&(sg, _)| sg < g) {
                continue;
            }
            if (cur & target) == target {
                let mut line = vec![cur];
                let mut x = cur;
                while x != start {
                    x = seen[&x].1;
                    line.push(x);
                }
                line.reverse();
                return Ok((line, expansions));
            }
            expansions += 1;
            if expansions > max_expansions {
                return Err(SoloError::Budget);
            }
            if expansions & 255 == 0
                && let Some(d) = deadline
                && std::time::Instant::now() >= d
            {
                return Err(SoloError::Budget);
            }
            succ.clear();
            self.successors(cur, forbidden, &mut succ);
            for &s in &succ {
                let g2 = g + 1;
                if seen.get(&s).is_some_and(|&(sg, _)| sg <= g2) {
                    continue;
                }
                seen.insert(s, (g2, cur));
                let f2 = g2 as usize + self.h(s, target) as usize;
                push_bucket(&mut buckets, f2, (s, g2));
                stored += 1;
            }
            if stored > self.max_stored {
                return Err(SoloError::Budget);
            }
        }
    }

    /// A good (not necessarily shortest) line by beam search, for when proving the optimum
    /// would cost too much. `c` picks the distance table used to rank placements.
    pub fn beam(
        &self,
        c: Color,
        start: G::B,
        target: G::B,
        forbidden: G::B,
        width: usize,
    ) -> Option<Vec<G::B>> {
        let dist = &self.dist[c.index()];
        let score = |b: G::B| -> i64 {
            let mut sum = 0i64;
            let mut mx = 0i64;
            for i in (b & !target).iter() {
                let d = dist[i as usize] as i64;
                sum += d;
                mx = mx.max(d);
            }
            let base: i64 = b.iter().map(|i| dist[i as usize] as i64).sum();
            base * 4 + mx * 2 + sum + self.h(b, target) as i64 * 4
        };
        let mut parent: FastMap<G::B, G::B> = FastMap::default();
        parent.insert(start, start);
        let mut layer = vec![start];
        let mut succ = Vec::new();
        for _ in 0..400 {
            if let Some(&goal) = layer.iter().find(|&&b| (b & target) == target) {
                let mut line = vec![goal];
                let mut x = goal;
                while x != start {
                    x = parent[&x];
                    line.push(x);
                }
                line.reverse();
                return Some(line);
            }
            let mut next: Vec<(i64, G::B)> = Vec::new();
            for &b in &layer {
                succ.clear();
                self.successors(b, forbidden, &mut succ);
                for &s in &succ {
                    if let std::collections::hash_map::Entry::Vacant(e) = parent.entry(s) {
                        e.insert(b);
                        next.push((score(s), s));
                    }
                }
            }
            if next.is_empty() {
                return None;
            }
            next.sort_by_key(|&(k, _)| k);
            next.truncate(width);
            layer = next.into_iter().map(|(_, b)| b).collect();
        }
        None
    }
}

/// Minimum-cost assignment of pieces `ps` to holes `hs` by dynamic programming over the
/// subsets of holes (`dp` has `1 << k` entries, all `u8::MAX`).
fn assign(dp: &mut [u8], ps: &[u8], hs: &[u8], cost: &[u8], nsq: usize) -> u32 {
    let k = ps.len();
    dp[0] = 0;
    for mask in 0..(1usize << k) {
        let cur = dp[mask];
        if cur == u8::MAX {
            continue;
        }
        let i = mask.count_ones() as usize;
        if i >= k {
            continue;
        }
        let row = ps[i] as usize * nsq;
        for (j, &hj) in hs.iter().enumerate() {
            if mask >> j & 1 == 0 {
                let v = cur + cost[row + hj as usize];
                let nm = mask | 1 << j;
                if v < dp[nm] {
                    dp[nm] = v;
                }
            }
        }
    }
    dp[(1 << k) - 1] as u32
}

fn push_bucket<T>(buckets: &mut Vec<Vec<T>>, f: usize, item: T) {
    if buckets.len() <= f {
        buckets.resize_with(f + 1, Vec::new);
    }
    buckets[f].push(item);
}

/// The move that turns placement `a` into placement `b` (they differ by one piece).
pub fn move_between<B: Bits>(a: B, b: B) -> RawMove {
    RawMove {
        from: (a & !b).first(),
        to: (b & !a).first(),
    }
}

/// Squares `c` may not end a move on for the rest of the game in a one-side plan: its own
/// home when the variant has an exit deadline (a return home after it loses).
pub fn forbidden<G: Geometry>(ctx: &Ctx<G>, c: Color) -> G::B {
    if ctx.rules.exit_deadline.is_some() && !ctx.rules.solo {
        ctx.home[c.index()]
    } else {
        G::B::EMPTY
    }
}

/// Whether the two armies can no longer meet: every White piece is at least three
/// diagonals (file + rank) beyond every Black piece, so no piece touches, jumps or locks an
/// opponent piece while both only move on, and no rule other than the race is pending.
pub fn separated<G: Geometry>(ctx: &Ctx<G>, p: &Pos<G>) -> bool {
    let r = &ctx.rules;
    if r.solo {
        return false;
    }
    if r.mirror_limit.is_some() && p.number <= r.mirror_window as u16 {
        return false;
    }
    if let Some(d) = r.exit_deadline
        && p.number <= d
        && (ctx.has_home_piece(p, Color::White) || ctx.has_home_piece(p, Color::Black))
    {
        return false;
    }
    let n = G::N as i32;
    let mut wmin = i32::MAX;
    for i in p.pieces[0].iter() {
        wmin = wmin.min(i as i32 / n + i as i32 % n);
    }
    let mut bmax = i32::MIN;
    for i in p.pieces[1].iter() {
        bmax = bmax.max(i as i32 / n + i as i32 % n);
    }
    wmin >= bmax + 3
}

/// How a race ends when White needs `dw` more moves and Black `db` (each side alone, from
/// `p`): the outcome and the number of plies until the deciding move, or `None` when the
/// move limit would end the game first (then the count of pieces in target decides, which
/// plain distances do not tell).
pub fn race_outcome<G: Geometry>(
    ctx: &Ctx<G>,
    p: &Pos<G>,
    dw: u32,
    db: u32,
) -> Option<(Outcome, u32)> {
    let n = p.number as i64;
    let side = p.side;
    // Ply offset (0 = the move about to be played) of White's and Black's move number k.
    let off_w = |k: i64| match side {
        Color::White => 2 * (k - n),
        Color::Black => 2 * (k - n) - 1,
    };
    let off_b = |k: i64| match side {
        Color::White => 2 * (k - n) + 1,
        Color::Black => 2 * (k - n),
    };
    let next_w = if side == Color::White { n } else { n + 1 };
    let limit = ctx.rules.move_limit.map(|l| l as i64);
    let within = |k: i64| limit.is_none_or(|l| k <= l);
    if db == 0 {
        // Black already complete: the game would have ended unless this is impossible.
        return None;
    }
    let nb = n + db as i64 - 1;
    let ob = off_b(nb);
    if dw == 0 {
        // White complete, Black to play the last move.
        if side != Color::Black || !ctx.rules.black_last_move {
            return None;
        }
        let o = if db == 1 {
            Outcome::draw(Reason::GoalBoth)
        } else {
            Outcome::win(Color::White, Reason::Goal)
        };
        return Some((o, 1));
    }
    let nw = next_w + dw as i64 - 1;
    let ow = off_w(nw);
    if ctx.rules.black_last_move {
        if ob < ow {
            within(nb).then(|| (Outcome::win(Color::Black, Reason::Goal), ob as u32 + 1))
        } else if nb == nw {
            within(nb).then(|| (Outcome::draw(Reason::GoalBoth), ob as u32 + 1))
        } else {
            // Black plays its move nw, then White's goal stands.
            within(nw).then(|| (Outcome::win(Color::White, Reason::Goal), ow as u32 + 2))
        }
    } else if ow < ob {
        within(nw).then(|| (Outcome::win(Color::White, Reason::Goal), ow as u32 + 1))
    } else {
        within(nb).then(|| (Outcome::win(Color::Black, Reason::Goal), ob as u32 + 1))
    }
}
