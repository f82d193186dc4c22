//! Iterative-deepening principal-variation search over the size-generic core: copy-make
//! positions, a transposition table keyed by the engine's Zobrist hash and the move number,
//! TT-move / killer / history / forward-progress ordering, null-move pruning and late-move
//! reductions, exact race scores once the armies have separated, and repetition handled
//! against the game's own history.

use super::eval::Tables;
use super::rng::mix;
use super::solo::{self, FastMap, Solo};
use super::tt::{Bound, Tt};
use crate::engine::bits::{Bits, Geometry};
use crate::engine::core::{Ctx, Pos, RawMove};
use crate::engine::{Color, Outcome};
use std::time::{Duration, Instant};

/// Score of a won game at the root; a win `k` plies away scores `WIN - k`.
pub const WIN: i32 = 1_000_000;
/// Scores beyond this are decided games (wins or losses with their distance).
pub const WIN_BOUND: i32 = WIN - 10_000;
const INF: i32 = WIN + 1;
const MAX_PLY: usize = 100;

/// How one search is bounded and flavoured.
#[derive(Clone, Debug)]
pub struct Params {
    /// Deepest iteration (plies).
    pub max_depth: u32,
    /// Node budget (negamax calls).
    pub nodes: u64,
    /// Hard wall-clock stop.
    pub deadline: Option<Instant>,
    /// No new iteration starts after this much time.
    pub soft: Option<Duration>,
    /// Amplitude of deterministic evaluation noise (evaluation units); 0 = none.
    pub noise: i32,
    /// Seed for the noise.
    pub seed: u64,
    /// Null-move pruning on.
    pub null_move: bool,
    /// Late-move reductions on.
    pub lmr: bool,
    /// Exact race scores in the tree.
    pub race: bool,
    /// Expansions allowed per one-side race solve inside the tree.
    pub race_budget: usize,
    /// Expansions allowed for all race solves of one search together.
    pub race_total: usize,
    /// In-tree race solves are tried only when both sides' lower bounds are at most this.
    pub race_h: u32,
    /// Search every root move with a full window (exact scores for all, slower).
    pub root_exact: bool,
    /// At the horizon, add this many sixteenths of the side to move's best one-move
    /// progress (a cheap look at the jump it is about to make); 0 = off.
    pub leaf_gain: i32,
}

impl Default for Params {
    fn default() -> Self {
        Params {
            max_depth: 64,
            nodes: u64::MAX,
            deadline: None,
            soft: None,
            noise: 0,
            seed: 0,
            null_move: true,
            lmr: true,
            race: true,
            race_budget: 400,
            race_total: 20_000,
            race_h: 8,
            root_exact: false,
            leaf_gain: 0,
        }
    }
}

/// One root move with the score of its last full search.
#[derive(Clone, Copy, Debug)]
pub struct RootMove {
    /// The move.
    pub mv: RawMove,
    /// Score from the side to move's view (exact only with `root_exact` or for the best).
    pub score: i32,
}

/// What a root search found.
#[derive(Clone, Debug)]
pub struct Found {
    /// Best move.
    pub best: RawMove,
    /// Its score.
    pub score: i32,
    /// Last completed iteration depth.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Principal variation (starts with `best`).
    pub pv: Vec<RawMove>,
    /// Root moves, best first, with their scores from the last completed iteration.
    pub root: Vec<RootMove>,
}

/// Searcher state for one call (tables, ordering heuristics, counters).
pub struct Searcher<'a, G: Geometry> {
    ctx: &'a Ctx<G>,
    tables: &'a Tables<G>,
    solo: Solo<'a, G>,
    tt: &'a mut Tt,
    params: Params,
    nsq: usize,
    history: Vec<i32>,
    killers: Vec<[RawMove; 2]>,
    bufs: Vec<Vec<(i32, RawMove)>>,
    raw: Vec<Vec<RawMove>>,
    path: Vec<u64>,
    game_counts: FastMap<u64, u8>,
    race_cache: FastMap<(u8, G::B), Option<u32>>,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Race-solver expansions so far.
    pub race_work: usize,
    stop: bool,
}

const NO_MOVE: RawMove = RawMove { from: 0, to: 0 };

impl<'a, G: Geometry> Searcher<'a, G> {
    /// A searcher; `history` holds how often each position (hash) occurred in the game.
    pub fn new(
        ctx: &'a Ctx<G>,
        tables: &'a Tables<G>,
        tt: &'a mut Tt,
        params: Params,
        history: FastMap<u64, u8>,
    ) -> Searcher<'a, G> {
        let nsq = G::N as usize * G::N as usize;
        Searcher {
            ctx,
            tables,
            solo: Solo::new(ctx),
            tt,
            params,
            nsq,
            history: vec![0; nsq * nsq],
            killers: vec![[NO_MOVE; 2]; MAX_PLY + 1],
            bufs: (0..=MAX_PLY).map(|_| Vec::with_capacity(64)).collect(),
            raw: (0..=MAX_PLY).map(|_| Vec::with_capacity(64)).collect(),
            path: vec![0; MAX_PLY + 2],
            game_counts: history,
            race_cache: FastMap::default(),
            nodes: 0,
            race_work: 0,
            stop: false,
        }
    }

    /// The transposition key: placement and side (Zobrist), the move number (deadline, limit
    /// and return-home depend on it) and, while the mirror rule is live, its state.
    #[inline]
    fn key(&self, p: &Pos<G>) -> u64 {
        let mut k = p.hash ^ mix(p.number as u64 ^ 0xD1B5_4A32_D192_ED03);
        if self.ctx.rules.mirror_limit.is_some() && p.number <= self.ctx.rules.mirror_window as u16
        {
            let lw = p
                .last_white
                .map_or(0, |m| 1 + m.from as u64 * 256 + m.to as u64);
            k ^= mix(lw ^ ((p.mirror_count as u64) << 20) ^ 0x1234_5678);
        }
        k
    }

    fn outcome_score(o: Outcome, side: Color, ply: usize) -> i32 {
        match o.result.winner() {
            Some(w) if w == side => WIN - ply as i32,
            Some(_) => -(WIN - ply as i32),
            None => 0,
        }
    }

    #[inline]
    fn noise(&self, p: &Pos<G>) -> i32 {
        if self.params.noise == 0 {
            return 0;
        }
        let r = mix(p.hash ^ self.params.seed ^ (p.number as u64).wrapping_mul(0x9E37));
        let span = 2 * self.params.noise as u64 + 1;
        (r % span) as i32 - self.params.noise
    }

    /// Static value of `p` for its side to move.
    #[inline]
    pub fn evaluate(&self, p: &Pos<G>) -> i32 {
        self.tables.eval(self.ctx, p) + self.noise(p)
    }

    /// Value at the horizon: the static evaluation, plus (optionally) part of the best
    /// progress the side to move can make at once.
    #[inline]
    fn leaf(&self, p: &Pos<G>, alpha: i32, beta: i32) -> i32 {
        let v = self.evaluate(p);
        if self.params.leaf_gain == 0 || v >= beta {
            // The bonus is never negative: a fail-high stays one.
            return v;
        }
        // A chain gains at most two squares per jump; a full board's worth bounds it.
        let most = 2 * G::N as i32 * super::eval::TEMPO * self.params.leaf_gain / 16;
        if v + most <= alpha {
            return v + most;
        }
        let us = p.side.index();
        let d = &self.tables.dist[us];
        let occ = self.ctx.occupied(p);
        let empty = self.ctx.all() & !occ;
        let mut best = 0;
        for from in p.pieces[us].iter() {
            let fb = G::B::single(from);
            let dest = (self.ctx.adj(from) & empty) | self.ctx.jump_reach(from, occ ^ fb, empty);
            let df = d[from as usize];
            for to in dest.iter() {
                best = best.max(df - d[to as usize]);
            }
        }
        v + best * super::eval::TEMPO * self.params.leaf_gain / 16
    }

    /// Fewest moves `c` needs alone from placement `b` (cached; `None` past the budget).
    /// In-tree calls (`in_tree`) are skipped when the task is far from done and share the
    /// per-search total budget.
    pub fn solo_distance(
        &mut self,
        c: Color,
        b: G::B,
        budget: usize,
        in_tree: bool,
    ) -> Option<u32> {
        if let Some(&d) = self.race_cache.get(&(c as u8, b)) {
            return d;
        }
        let target = self.ctx.target[c.index()];
        let mut budget = budget;
        if in_tree {
            if self.solo.h(b, target) > self.params.race_h {
                // Far from done: a solve would cost too much; the evaluation judges.
                return None;
            }
            budget = budget.min(self.params.race_total.saturating_sub(self.race_work));
            if budget == 0 {
                return None;
            }
        }
        let forbidden = solo::forbidden(self.ctx, c);
        let d = match self
            .solo
            .astar_until(b, target, forbidden, budget, self.params.deadline)
        {
            Ok((line, used)) => {
                if in_tree {
                    self.race_work += used;
                }
                Some(line.len() as u32 - 1)
            }
            Err(_) => {
                if in_tree {
                    self.race_work += budget;
                }
                None
            }
        };
        self.race_cache.insert((c as u8, b), d);
        d
    }

    /// The exact score of a separated race at `ply`, if both sides' tasks were solved.
    pub fn race_score(&mut self, p: &Pos<G>, ply: usize, budget: usize) -> Option<i32> {
        let dw = self.solo_distance(Color::White, p.pieces[0], budget, true)?;
        let db = self.solo_distance(Color::Black, p.pieces[1], budget, true)?;
        let (o, plies) = solo::race_outcome(self.ctx, p, dw, db)?;
        Some(Self::outcome_score(o, p.side, ply + plies as usize))
    }

    fn check_limits(&mut self) {
        if self.nodes >= self.params.nodes {
            self.stop = true;
        }
        if self.nodes & 1023 == 0
            && let Some(d) = self.params.deadline
            && Instant::now() >= d
        {
            self.stop = true;
        }
    }

    /// Occurrences of `hash` so far: in the game and on the current search path up to `ply`.
    fn occurrences(&self, hash: u64, from: isize) -> (u32, u32) {
        let game = self.game_counts.get(&hash).copied().unwrap_or(0) as u32;
        let mut path = 0;
        let mut i = from;
        // Index 0 is the root, already counted in the game history.
        while i >= 1 {
            if self.path[i as usize] == hash {
                path += 1;
            }
            i -= 2;
        }
        (game, path)
    }

    /// The value of `child` (reached from the node at `ply` by `m`) if it ends the game or
    /// repeats; from the mover's point of view.
    #[inline]
    fn child_end(&self, p: &Pos<G>, m: RawMove, child: &Pos<G>, ply: usize) -> Option<i32> {
        if self.ctx.is_return_home(p, m) {
            return Some(-(WIN - (ply as i32 + 1)));
        }
        if let Some(o) = self.ctx.status(child) {
            return Some(-Self::outcome_score(o, child.side, ply + 1));
        }
        let (g, inpath) = self.occurrences(child.hash, ply as isize - 1);
        if g + inpath >= 2 || inpath >= 1 {
            if self.ctx.repetition_applies(child) {
                return Some(0);
            } else if inpath >= 1 {
                // A cycle inside the search that the rules do not end: worth standing still.
                return Some(-self.evaluate(child));
            }
        }
        None
    }

    #[inline]
    fn gain(&self, side: Color, m: RawMove) -> i32 {
        let d = &self.tables.dist[side.index()];
        d[m.from as usize] - d[m.to as usize]
    }

    fn order(
        &self,
        p: &Pos<G>,
        ply: usize,
        tt_move: Option<RawMove>,
        raw: &[RawMove],
        out: &mut Vec<(i32, RawMove)>,
    ) {
        out.clear();
        let side = p.side;
        let k = self.killers[ply];
        for &m in raw {
            let s = if Some(m) == tt_move {
                1 << 30
            } else if self.ctx.is_return_home(p, m) {
                -(1 << 30)
            } else {
                let mut s = self.gain(side, m) * 10_000
                    + self.history[m.from as usize * self.nsq + m.to as usize].min(8_000);
                if m == k[0] || m == k[1] {
                    s += 5_000;
                }
                s
            };
            out.push((s, m));
        }
        out.sort_unstable_by_key(|e| std::cmp::Reverse(e.0));
    }

    fn null_ok(&self, p: &Pos<G>) -> bool {
        let ci = p.side.index();
        let travel = (p.pieces[ci] & !self.ctx.target[ci]).count();
        if travel < 3 {
            return false;
        }
        let r = &self.ctx.rules;
        if let Some(d) = r.exit_deadline
            && p.number + 3 >= d
            && p.number <= d + 1
        {
            return false;
        }
        if let Some(l) = r.move_limit
            && p.number + 3 >= l
        {
            return false;
        }
        !(r.mirror_limit.is_some() && p.number <= r.mirror_window as u16)
    }

    fn null_pos(&self, p: &Pos<G>) -> Pos<G> {
        let mut q = *p;
        q.side = !p.side;
        if p.side == Color::Black {
            q.number += 1;
        }
        q.last_white = None;
        q.hash = self.ctx.hash_of(q.pieces, q.side);
        q
    }

    /// Negamax with alpha-beta (PVS) from the side to move of `p` (not terminal, not a repeat).
    pub fn negamax(
        &mut self,
        p: &Pos<G>,
        depth: i32,
        ply: usize,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        self.nodes += 1;
        self.check_limits();
        if self.stop {
            return 0;
        }
        if ply >= MAX_PLY - 1 {
            return self.evaluate(p);
        }
        if self.params.race
            && solo::separated(self.ctx, p)
            && let Some(s) = self.race_score(p, ply, self.params.race_budget)
        {
            return s;
        }
        if depth <= 0 {
            return self.leaf(p, alpha, beta);
        }
        let pv_node = beta - alpha > 1;
        let key = self.key(p);
        let (tt_move, cut) = self.probe(key, depth, ply, alpha, beta, pv_node);
        if let Some(s) = cut {
            return s;
        }
        if self.params.null_move
            && !pv_node
            && depth >= 3
            && ply > 0
            && let Some(s) = self.null_move_cut(p, depth, ply, beta)
        {
            return s;
        }
        let mut raw = std::mem::take(&mut self.raw[ply]);
        raw.clear();
        self.ctx.gen_moves(p, &mut raw);
        if raw.is_empty() {
            self.raw[ply] = raw;
            let o = self.ctx.no_moves_outcome(p);
            return Self::outcome_score(o, p.side, ply);
        }
        let mut moves = std::mem::take(&mut self.bufs[ply]);
        self.order(p, ply, tt_move, &raw, &mut moves);
        self.raw[ply] = raw;
        let alpha0 = alpha;
        let mut best = -INF;
        let mut best_move = moves[0].1;
        for (i, &(os, m)) in moves.iter().enumerate() {
            let child = self.ctx.play(p, m);
            let s = match self.child_end(p, m, &child, ply) {
                Some(v) => v,
                None => self.search_child(&child, (i, os), depth, ply, alpha, beta),
            };
            if self.stop {
                self.bufs[ply] = moves;
                return 0;
            }
            if s > best {
                best = s;
                best_move = m;
                if s > alpha {
                    alpha = s;
                    if s >= beta {
                        self.remember_cutoff(m, depth, ply);
                        break;
                    }
                }
            }
        }
        self.bufs[ply] = moves;
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha0 {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt.store(
            key,
            depth.clamp(0, 255) as u8,
            to_tt(best, ply),
            bound,
            Some(best_move),
        );
        best
    }

    /// The table's move for `key`, and its score when that settles the node already
    /// (never at a PV node).
    #[inline]
    fn probe(
        &self,
        key: u64,
        depth: i32,
        ply: usize,
        alpha: i32,
        beta: i32,
        pv_node: bool,
    ) -> (Option<RawMove>, Option<i32>) {
        let Some(h) = self.tt.probe(key) else {
            return (None, None);
        };
        if pv_node || (h.depth as i32) < depth {
            return (h.mv, None);
        }
        let s = from_tt(h.score, ply);
        let cut = match h.bound {
            Bound::Exact => true,
            Bound::Lower => s >= beta,
            Bound::Upper => s <= alpha,
        };
        (h.mv, cut.then_some(s))
    }

    /// Null-move pruning: when passing still holds `beta` in a reduced search, the node
    /// is cut (the score to return; 0 when the search was stopped).
    fn null_move_cut(&mut self, p: &Pos<G>, depth: i32, ply: usize, beta: i32) -> Option<i32> {
        if !self.null_ok(p) || self.evaluate(p) < beta {
            return None;
        }
        let q = self.null_pos(p);
        if self.ctx.status(&q).is_some() {
            return None;
        }
        let r = 2 + depth / 6;
        self.path[ply + 1] = q.hash;
        let s = -self.negamax(&q, depth - 1 - r, ply + 1, -beta, -beta + 1);
        if self.stop {
            return Some(0);
        }
        (s >= beta && s < WIN_BOUND).then_some(s)
    }

    /// The score of the `i`th move (ordering score `os`) at a node: a full window for the
    /// first, then a null window, reduced for late quiet moves, re-searched when it beats
    /// `alpha`.
    #[inline]
    fn search_child(
        &mut self,
        child: &Pos<G>,
        (i, os): (usize, i32),
        depth: i32,
        ply: usize,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        self.path[ply + 1] = child.hash;
        if i == 0 {
            return -self.negamax(child, depth - 1, ply + 1, -beta, -alpha);
        }
        let mut r = 0;
        if self.params.lmr && depth >= 3 && i >= 3 && os < 10_000 && os < (1 << 29) {
            r = 1 + i32::from(i >= 8 && depth >= 5);
        }
        let mut s = -self.negamax(child, depth - 1 - r, ply + 1, -alpha - 1, -alpha);
        if s > alpha && r > 0 && !self.stop {
            s = -self.negamax(child, depth - 1, ply + 1, -alpha - 1, -alpha);
        }
        if s > alpha && s < beta && !self.stop {
            s = -self.negamax(child, depth - 1, ply + 1, -beta, -alpha);
        }
        s
    }

    /// A move that caused a beta cutoff: a killer at this ply, and history credit.
    #[inline]
    fn remember_cutoff(&mut self, m: RawMove, depth: i32, ply: usize) {
        if self.killers[ply][0] != m {
            self.killers[ply][1] = self.killers[ply][0];
            self.killers[ply][0] = m;
        }
        let h = &mut self.history[m.from as usize * self.nsq + m.to as usize];
        *h = (*h + depth * depth).min(1 << 20);
    }

    /// The principal variation from `p` by following stored best moves.
    fn pv(&self, p: &Pos<G>, first: RawMove, max: usize) -> Vec<RawMove> {
        let mut pv = vec![first];
        let mut cur = self.ctx.play(p, first);
        let mut raw = Vec::new();
        while pv.len() < max {
            if self.ctx.status(&cur).is_some() {
                break;
            }
            let Some(m) = self.tt.probe(self.key(&cur)).and_then(|h| h.mv) else {
                break;
            };
            raw.clear();
            self.ctx.gen_moves(&cur, &mut raw);
            if !raw.contains(&m) {
                break;
            }
            pv.push(m);
            cur = self.ctx.play(&cur, m);
        }
        pv
    }

    /// The exact score of the root move `m` of `p` searched to `depth` plies (the move
    /// counted), with a full window: what `root_exact` gives every root move, for one.
    /// `None` if the node budget ran out first.
    pub fn score_move(&mut self, p: &Pos<G>, m: RawMove, depth: u32) -> Option<i32> {
        self.path[0] = p.hash;
        let child = self.ctx.play(p, m);
        if let Some(v) = self.child_end(p, m, &child, 0) {
            return Some(v);
        }
        self.path[1] = child.hash;
        let s = -self.negamax(&child, depth.max(1) as i32 - 1, 1, -INF, INF);
        (!self.stop).then_some(s)
    }

    /// Iterative deepening over `candidates` (legal moves of `p`, not empty).
    pub fn search_root(&mut self, p: &Pos<G>, candidates: &[RawMove]) -> Found {
        let start = Instant::now();
        self.tt.new_search();
        self.path[0] = p.hash;
        let mut root: Vec<RootMove> = candidates
            .iter()
            .map(|&m| RootMove { mv: m, score: -INF })
            .collect();
        let side = p.side;
        root.sort_by_key(|r| -(self.gain(side, r.mv)));
        let mut found = Found {
            best: root[0].mv,
            score: 0,
            depth: 0,
            nodes: 0,
            pv: vec![root[0].mv],
            root: root.clone(),
        };
        if root.len() == 1 && !self.params.root_exact {
            found.nodes = self.nodes;
            return found;
        }
        for depth in 1..=self.params.max_depth.max(1) as i32 {
            let mut alpha = -INF;
            let beta = INF;
            let mut best_i = None;
            #[allow(clippy::needless_range_loop)]
            for i in 0..root.len() {
                let m = root[i].mv;
                let child = self.ctx.play(p, m);
                let s = if let Some(v) = self.child_end(p, m, &child, 0) {
                    v
                } else {
                    self.path[1] = child.hash;
                    if i == 0 || self.params.root_exact {
                        let (a, b) = if self.params.root_exact {
                            (-INF, INF)
                        } else {
                            (alpha, beta)
                        };
                        -self.negamax(&child, depth - 1, 1, -b, -a)
                    } else {
                        let mut s = -self.negamax(&child, depth - 1, 1, -alpha - 1, -alpha);
                        if s > alpha && !self.stop {
                            s = -self.negamax(&child, depth - 1, 1, -beta, -alpha);
                        }
                        s
                    }
                };
                if self.stop {
                    break;
                }
                root[i].score = s;
                if s > alpha || best_i.is_none() {
                    if s > alpha {
                        alpha = s;
                    }
                    best_i = Some(i);
                }
            }
            if let Some(bi) = best_i
                && (!self.stop || bi != 0 && root[bi].score > found.score)
            {
                let mv = root[bi].mv;
                found.best = mv;
                found.score = root[bi].score;
                if !self.stop {
                    found.depth = depth as u32;
                }
                let key = self.key(p);
                self.tt.store(
                    key,
                    depth.clamp(0, 255) as u8,
                    found.score,
                    Bound::Exact,
                    Some(mv),
                );
            }
            if self.stop {
                break;
            }
            // Best first; the others keep their relative order (stable sort).
            root.sort_by_key(|r| std::cmp::Reverse(r.score));
            found.root = root.clone();
            found.pv = self.pv(p, found.best, depth as usize);
            if found.score.abs() >= WIN_BOUND && (WIN - found.score.abs()) <= depth {
                break;
            }
            if let Some(soft) = self.params.soft
                && start.elapsed() >= soft
            {
                break;
            }
        }
        if found.pv.first() != Some(&found.best) {
            found.pv = self.pv(p, found.best, found.depth.max(1) as usize);
        }
        found.nodes = self.nodes;
        found
    }
}

#[inline]
fn to_tt(s: i32, ply: usize) -> i32 {
    if s >= WIN_BOUND {
        s + ply as i32
    } else if s <= -WIN_BOUND {
        s - ply as i32
    } else {
        s
    }
}

#[inline]
fn from_tt(s: i32, ply: usize) -> i32 {
    if s >= WIN_BOUND {
        s - ply as i32
    } else if s <= -WIN_BOUND {
        s + ply as i32
    } else {
        s
    }
}
