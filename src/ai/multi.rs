//! The program for any seat of a three- or four-seat game (RULES.md §14).
//!
//! **Search: the program's own next turns.** A race is won by the moves one makes, not
//! by the ones one prevents. The search looks at sequences of the program's own next
//! turns with the other seats' pieces held still (a max-n tree in which the others
//! pass), so it plans ladders two or three turns ahead and jumps over whatever stands
//! on the board now. Each sequence scores the sum of the estimates after each of its
//! turns, so of two plans that end equally well the one that gains earlier wins.
//! Inner turns are cut to the most promising by immediate gain (a beam).
//!
//! Paranoid and best-reply search were measured first and lost: letting one rival's
//! best reply answer each own move makes the program spend turns blocking that rival,
//! and in a four-way race every turn spent blocking one rival is a turn gained by the
//! other two (best-reply search at depth 2 or 3 came last in 12 of 16 arena games;
//! see docs/BENCHMARKS.md).
//!
//! **Evaluation: a tempo race.** A seat's estimate is its tempo number (RULES §6, the
//! distance still to go) plus a charge for its rearmost piece, because a straggler left
//! behind walks alone without jumps; in teams it is the slower partner's.

use super::rng::Rng;
use crate::engine::bits::{Bits, U256};
use crate::engine::multi::{MultiPos, Seat, Turn};
use std::time::{Duration, Instant};

/// Weight of the rearmost piece's distance against the tempo sum.
const STRAGGLER: i32 = 2;
/// Score for a finished seat's estimate (well below any reachable tempo).
const DONE: i32 = -10_000;

/// The bounds of one multi-player search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MultiLimits {
    /// Deepest iteration (plies of best-reply search).
    pub depth: u32,
    /// Node budget (reproducible).
    pub nodes: u64,
    /// Wall-clock budget, if any (not reproducible; the bot's bound).
    pub movetime: Option<Duration>,
    /// Random spread added to root scores (tempo units): lower levels err.
    pub noise: i32,
}

impl MultiLimits {
    /// The limits of a level 1–5: deeper and longer as the level rises; levels 1 and 2
    /// look one turn ahead and err by random noise (in tempo units).
    pub fn level(level: super::Level) -> MultiLimits {
        let (depth, nodes, ms, noise) = match level.get() {
            1 => (1, 1_000, 100, 12),
            2 => (1, 1_000, 100, 3),
            3 => (2, 20_000, 300, 0),
            4 => (3, 200_000, 800, 0),
            _ => (4, 1_000_000, 1500, 0),
        };
        MultiLimits {
            depth,
            nodes,
            movetime: Some(Duration::from_millis(ms)),
            noise,
        }
    }

    /// The same bounds without the clock, so a match replays move for move.
    pub fn reproducible(self) -> MultiLimits {
        MultiLimits {
            movetime: None,
            ..self
        }
    }
}

/// What a search chose, with the evidence.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MultiReport {
    /// The turn to play (always legal in the searched position).
    pub turn: Turn,
    /// Its score: minus the sum of the mover's estimates over the planned turns.
    pub score: i32,
    /// Last completed depth.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Time taken.
    pub elapsed: Duration,
}

/// Placement plus the per-seat distance sums, updated move by move.
#[derive(Clone, Copy)]
struct Board {
    pieces: [U256; 4],
    dsum: [i32; 4],
}

struct Search {
    me: Seat,
    teams: bool,
    nodes: u64,
    limits: MultiLimits,
    started: Instant,
    stopped: bool,
}

/// How much the team's slower partner outweighs the mover's own estimate in teams.
const TEAM_WEIGHT: i32 = 4;
/// The deepest plan: far beyond any level's, so `go depth N` cannot run unbounded.
const MAX_DEPTH: u32 = 12;

/// Turns kept at each inner level of a plan.
const BEAM: usize = 16;

fn dist(s: Seat, i: u8) -> i32 {
    MultiPos::distance(s, i) as i32
}

impl Board {
    fn of(pos: &MultiPos) -> Board {
        let mut b = Board {
            pieces: [U256::EMPTY; 4],
            dsum: [0; 4],
        };
        for s in Seat::ALL {
            b.pieces[s.index()] = pos.bits(s);
            b.dsum[s.index()] = pos.bits(s).iter().map(|i| dist(s, i)).sum();
        }
        b
    }

    fn occupied(&self) -> U256 {
        self.pieces[0] | self.pieces[1] | self.pieces[2] | self.pieces[3]
    }

    fn moved(&self, s: Seat, from: u8, to: u8) -> Board {
        let mut b = *self;
        b.pieces[s.index()] ^= U256::single(from) | U256::single(to);
        b.dsum[s.index()] += dist(s, to) - dist(s, from);
        b
    }

    /// The seat's estimate of what is left to do (lower is better).
    fn estimate(&self, s: Seat) -> i32 {
        let own = self.pieces[s.index()];
        let target = MultiPos::target_bits(s);
        let outside = own & !target;
        if outside.is_empty() || ((target & !self.occupied()).is_empty() && own.intersects(target))
        {
            return DONE;
        }
        let back = outside.iter().map(|i| dist(s, i)).max().unwrap_or(0);
        self.dsum[s.index()] - MultiPos::tempo_base(s) + STRAGGLER * back
    }

    fn moves(&self, s: Seat, out: &mut Vec<(u8, u8, i32)>) {
        let occ = self.occupied();
        for from in self.pieces[s.index()].iter() {
            for to in MultiPos::reach(from, occ).iter() {
                out.push((from, to, dist(s, from) - dist(s, to)));
            }
        }
    }
}

impl Search {
    /// The mover's estimate; in teams the slower partner's counts first (the team
    /// finishes with it), and the mover's own after it, because only the mover's pieces
    /// move in the plan and a score of the partner's alone would not tell its turns apart.
    fn estimate(&self, b: &Board) -> i32 {
        let own = b.estimate(self.me);
        if self.teams && own != DONE {
            let team = own.max(b.estimate(self.me.opposite()));
            TEAM_WEIGHT * team + own
        } else {
            own
        }
    }

    fn out_of_budget(&mut self) -> bool {
        if self.nodes >= self.limits.nodes {
            self.stopped = true;
        } else if self.nodes.is_multiple_of(1024)
            && let Some(t) = self.limits.movetime
            && self.started.elapsed() >= t
        {
            self.stopped = true;
        }
        self.stopped
    }

    /// The best value of `depth` more own turns from `b`: minus the sum of the estimates
    /// after each turn (a finished seat scores its finish for every turn left).
    fn plan(&mut self, b: &Board, depth: u32) -> i32 {
        if depth == 0 {
            return 0;
        }
        let e = self.estimate(b);
        if e == DONE {
            return DONE.saturating_mul(-(depth as i32));
        }
        if self.out_of_budget() {
            return e.saturating_mul(-(depth as i32));
        }
        let mut moves = Vec::with_capacity(128);
        b.moves(self.me, &mut moves);
        if moves.is_empty() {
            return e.saturating_mul(-(depth as i32));
        }
        moves.sort_by_key(|m| -m.2);
        moves.truncate(BEAM);
        let mut best = i32::MIN;
        for (from, to, _) in moves {
            self.nodes += 1;
            let child = b.moved(self.me, from, to);
            let v = self
                .plan(&child, depth - 1)
                .saturating_sub(self.estimate(&child));
            best = best.max(v);
        }
        best
    }
}

/// The program's turn for the seat to move of `pos`; `None` once the game is over.
pub fn choose_multi(pos: &MultiPos, limits: &MultiLimits, seed: u64) -> Option<MultiReport> {
    let started = Instant::now();
    let turns = pos.legal_turns();
    let first = *turns.first()?;
    if turns.len() == 1 {
        return Some(MultiReport {
            turn: first,
            score: 0,
            depth: 0,
            nodes: 0,
            elapsed: started.elapsed(),
        });
    }
    let me = pos.to_move();
    let board = Board::of(pos);
    let mut search = Search {
        me,
        teams: pos.variant().teams(),
        nodes: 0,
        limits: *limits,
        started,
        stopped: false,
    };
    let mut rng = Rng::new(seed ^ pos.hash());
    let mut root: Vec<(u8, u8, i32)> = Vec::new();
    board.moves(me, &mut root);
    // Noise is drawn once per root turn, so every depth sees the same.
    let noise: Vec<i32> = root
        .iter()
        .map(|_| {
            if limits.noise > 0 {
                rng.below(limits.noise as u64 * 2 + 1) as i32 - limits.noise
            } else {
                0
            }
        })
        .collect();
    let tie: Vec<u64> = root.iter().map(|_| rng.next_u64()).collect();
    let mut best = (0usize, i32::MIN, 0u32);
    for depth in 1..=limits.depth.clamp(1, MAX_DEPTH) {
        let mut top: Option<(i32, u64, usize)> = None;
        for (k, &(from, to, _)) in root.iter().enumerate() {
            search.nodes += 1;
            if search.out_of_budget() && depth > 1 {
                break;
            }
            let child = board.moved(me, from, to);
            let v = search
                .plan(&child, depth - 1)
                .saturating_sub(search.estimate(&child))
                .saturating_add(noise[k]);
            if search.stopped && depth > 1 {
                break;
            }
            if top.is_none_or(|t| (v, std::cmp::Reverse(tie[k])) > (t.0, std::cmp::Reverse(t.1))) {
                top = Some((v, tie[k], k));
            }
        }
        if search.stopped && depth > 1 {
            break;
        }
        if let Some((v, _, k)) = top {
            best = (k, v, depth);
        }
        if search.stopped {
            break;
        }
    }
    let (from, to, _) = root[best.0];
    Some(MultiReport {
        turn: Turn::Move { from, to },
        score: best.1,
        depth: best.2,
        nodes: search.nodes,
        elapsed: started.elapsed(),
    })
}

/// The greedy one-ply baseline: the turn that gains the most distance now (ties at
/// random by `rng`).
pub fn greedy_multi(pos: &MultiPos, rng: &mut Rng) -> Option<Turn> {
    let turns = pos.legal_turns();
    let me = pos.to_move();
    turns
        .iter()
        .map(|t| {
            let gain = match *t {
                Turn::Move { from, to } => dist(me, from) - dist(me, to),
                Turn::Pass => 0,
            };
            (gain, rng.next_u64(), *t)
        })
        .max_by(|a, b| a.0.cmp(&b.0).then(a.1.cmp(&b.1)))
        .map(|x| x.2)
}
