//! Static evaluation: how many moves each side still needs, in tempo units (RULES §6),
//! corrected for what plain distance misses: stragglers without ladders, pieces that must
//! leave home before the exit deadline, the move-limit count, and the side to move.

use crate::engine::bits::{Bits, Geometry};
use crate::engine::core::{Ctx, Pos};
use crate::engine::{Color, LimitRule};

/// Evaluation units per tempo unit (one square of distance).
pub const TEMPO: i32 = 16;

/// Tunable weights, in evaluation units (see [`TEMPO`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    /// Bonus for having the move (0 by default: the search's horizon look at the best
    /// immediate progress does this job better).
    pub to_move: i32,
    /// Per square a piece trails the average of its side's travelling pieces by more than `straggler_slack`.
    pub straggler: i32,
    /// Squares behind the average a piece may be before it counts as a straggler.
    pub straggler_slack: i32,
    /// Per square off the main diagonal (fewer ladders near the edges), travelling pieces only.
    pub lane: i32,
    /// Per piece still at home while the exit deadline is pending.
    pub home: i32,
    /// Extra per home piece per move within the last 20 moves before the deadline.
    pub home_ramp: i32,
    /// Per move of missing slack when evacuating home becomes tight.
    pub home_urgent: i32,
    /// Per opponent piece around a home piece (the opponent can wall it in and release it
    /// too late), growing towards the deadline.
    pub home_siege: i32,
    /// Flat penalty when home can no longer be evacuated in time.
    pub home_doomed: i32,
    /// Per piece in target per move within the last 10 moves before the move limit.
    pub limit_target: i32,
}

impl Default for Weights {
    fn default() -> Self {
        Weights {
            to_move: 0,
            straggler: 6,
            straggler_slack: 3,
            lane: 10,
            home: 16,
            home_ramp: 6,
            home_urgent: 48,
            home_siege: 6,
            home_doomed: 1600,
            limit_target: 12,
        }
    }
}

impl Weights {
    /// Set one weight by its field name (for tuning matches: `5:straggler=8`).
    pub fn set(&mut self, name: &str, value: i32) -> Result<(), String> {
        let slot = match name {
            "to_move" => &mut self.to_move,
            "straggler" => &mut self.straggler,
            "straggler_slack" => &mut self.straggler_slack,
            "lane" => &mut self.lane,
            "home" => &mut self.home,
            "home_ramp" => &mut self.home_ramp,
            "home_urgent" => &mut self.home_urgent,
            "home_siege" => &mut self.home_siege,
            "home_doomed" => &mut self.home_doomed,
            "limit_target" => &mut self.limit_target,
            _ => return Err(format!("unknown weight '{name}'")),
        };
        *slot = value;
        Ok(())
    }
}

/// Per-square tables for one rule set, derived once per search.
#[derive(Clone, Debug)]
pub struct Tables<G: Geometry> {
    /// Manhattan distance to the far corner of the side's target (the tempo measure).
    pub dist: [Vec<i32>; 2],
    /// Squares off the side's main diagonal.
    pub lane: [Vec<i32>; 2],
    /// Steps needed to leave own home from a home square (0 outside home).
    pub exit: [Vec<i32>; 2],
    /// Progress along the side's direction of travel (file + rank, oriented): used to see
    /// when two armies have passed each other.
    pub progress: [Vec<i32>; 2],
    /// The weights in force.
    pub w: Weights,
    _g: std::marker::PhantomData<G>,
}

impl<G: Geometry> Tables<G> {
    /// Build the tables for `ctx`.
    pub fn new(ctx: &Ctx<G>, w: Weights) -> Tables<G> {
        let n = G::N as i32;
        let nsq = (n * n) as usize;
        let mut dist = [vec![0; nsq], vec![0; nsq]];
        let mut lane = [vec![0; nsq], vec![0; nsq]];
        let mut progress = [vec![0; nsq], vec![0; nsq]];
        for i in 0..nsq {
            let s = ctx.square(i as u8);
            let (f, r) = (s.file as i32, s.rank as i32);
            dist[0][i] = (n - 1 - f) + (n - 1 - r);
            dist[1][i] = f + r;
            lane[0][i] = (f - r).abs();
            lane[1][i] = (f - r).abs();
            progress[0][i] = f + r;
            progress[1][i] = 2 * (n - 1) - f - r;
        }
        let mut exit = [vec![0; nsq], vec![0; nsq]];
        for c in Color::ALL {
            let home = ctx.home[c.index()];
            // Multi-source BFS from the squares just outside home, over allowed steps.
            let mut frontier: Vec<u8> = (0..nsq as u8).filter(|&i| !home.has(i)).collect();
            let mut seen = !home & ctx.all();
            let mut d = 0;
            while !frontier.is_empty() {
                d += 1;
                let mut next = Vec::new();
                for &i in &frontier {
                    for j in (ctx.adj(i) & !seen).iter() {
                        seen |= G::B::single(j);
                        exit[c.index()][j as usize] = d;
                        next.push(j);
                    }
                }
                frontier = next;
            }
        }
        Tables {
            dist,
            lane,
            exit,
            progress,
            w,
            _g: std::marker::PhantomData,
        }
    }

    /// Own moves `c` still plays up to and including move `deadline`.
    #[inline]
    pub fn moves_left(p: &Pos<G>, c: Color, deadline: u16) -> i32 {
        let base = deadline as i32 - p.number as i32 + 1;
        if c == Color::White && p.side == Color::Black {
            base - 1
        } else {
            base
        }
    }

    /// What `c` still has to do, in evaluation units (lower is better).
    pub fn cost(&self, ctx: &Ctx<G>, p: &Pos<G>, c: Color) -> i32 {
        let w = &self.w;
        let ci = c.index();
        let own = p.pieces[ci];
        let travel = own & !ctx.target[ci];
        let dist = &self.dist[ci];
        let mut total = 0;
        let mut k = 0;
        let mut lane = 0;
        for i in own.iter() {
            total += dist[i as usize];
        }
        for i in travel.iter() {
            k += 1;
            lane += self.lane[ci][i as usize];
        }
        let mut cost = total * TEMPO + lane * w.lane;
        if k >= 2 {
            let tsum: i32 = travel.iter().map(|i| dist[i as usize]).sum();
            let avg = tsum / k;
            let strag: i32 = travel
                .iter()
                .map(|i| (dist[i as usize] - avg - w.straggler_slack).max(0))
                .sum();
            cost += strag * w.straggler;
        }
        if let Some(d) = ctx.rules.exit_deadline
            && p.number <= d
        {
            let at_home = own & ctx.home[ci];
            if !at_home.is_empty() {
                let pieces = at_home.count() as i32;
                let near = p.number as i32 + 12 >= d as i32;
                // Near the deadline the real exits count: a piece the opponent has walled in
                // needs more than its plain distance to the edge of home.
                let need: i32 = at_home
                    .iter()
                    .map(|i| {
                        let stat = self.exit[ci][i as usize];
                        if near {
                            let out = ctx.pseudo_destinations(p, i) & !ctx.home[ci];
                            if out.is_empty() { stat.max(2) } else { 1 }
                        } else {
                            stat
                        }
                    })
                    .sum();
                let left = Self::moves_left(p, c, d);
                let ramp = (p.number as i32 - d as i32 / 4).max(0);
                // Deep corner pieces first: they are the ones that get walled in.
                let depth: i32 = at_home.iter().map(|i| self.exit[ci][i as usize]).sum();
                cost += depth * (w.home + ramp * w.home_ramp);
                let opp = p.pieces[1 - ci];
                let siege: i32 = at_home
                    .iter()
                    .map(|i| (ctx.ring(i) & opp).count() as i32)
                    .sum();
                cost += siege * w.home_siege * (4 + ramp) / 4;
                let slack = left - need;
                if slack < 0 {
                    cost += w.home_doomed;
                } else if slack < 8 {
                    cost += (8 - slack) * (8 - slack) * w.home_urgent * pieces / 4;
                }
            }
        }
        if let Some(l) = ctx.rules.move_limit
            && ctx.rules.limit_rule == LimitRule::PiecesInTarget
        {
            let near = p.number as i32 - (l as i32 - 10);
            if near > 0 {
                cost -= near * w.limit_target * ctx.in_target(p, c) as i32;
            }
        }
        cost
    }

    /// Evaluation from the side to move's point of view (higher is better for it).
    #[inline]
    pub fn eval(&self, ctx: &Ctx<G>, p: &Pos<G>) -> i32 {
        let us = p.side;
        self.cost(ctx, p, !us) - self.cost(ctx, p, us) + self.w.to_move
    }
}
