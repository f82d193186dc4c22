//! The opponent: move choice over the engine only (synchronous, deterministic per seed when
//! bounded by depth or nodes rather than time).
//!
//! Entry points: [`best_move`] (a legal path for a game and limits), [`search`] (the same
//! with the score, depth, nodes and principal variation), [`choose`] (a [`Player`]: a level
//! or the greedy baseline) and [`training::solve`] (the training-room optimum).
//!
//! The levels and the bounds of a search are in `levels`; the rules that keep every
//! level from missing the home-exit deadline, whatever its budget or mistakes, in
//! `deadline`.

pub mod analysis;
pub mod arena;
mod deadline;
pub(crate) mod eval;
mod levels;
pub mod multi;
pub mod multi_arena;
pub mod rng;
pub mod search;
pub mod solo;
pub mod training;
pub(crate) mod tt;

use crate::engine::bits::{Bits, Geometry};
use crate::engine::core::{Ctx, Pos, RawMove};
use crate::engine::{Color, CoreRef, Game, Move, Path, Position};
use deadline::{deadline_urgent, exit_schedule_filter, leave_home_early};
use eval::{TEMPO, Tables};
pub use levels::{BadLevel, Level, Limits, Tuning};
use levels::{Style, resolve, style};
use rng::Rng;
use search::{Found, Params, Searcher, WIN, WIN_BOUND};
use solo::{FastMap, Solo};
use std::fmt;
use std::str::FromStr;
use std::time::{Duration, Instant};
pub use tt::Tt;

/// A search result as the score the mover sees.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Heuristic value in hundredths of a tempo unit (one square of distance), for the mover.
    Eval(i32),
    /// A forced (or, in a separated race, exactly computed) win that ends the game in this many plies.
    Win(u32),
    /// A loss that ends the game in this many plies.
    Loss(u32),
}

impl Score {
    fn from_internal(s: i32) -> Score {
        if s >= WIN_BOUND {
            Score::Win((WIN - s) as u32)
        } else if s <= -WIN_BOUND {
            Score::Loss((WIN + s) as u32)
        } else {
            Score::Eval(s * 100 / TEMPO)
        }
    }
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Score::Eval(cp) => write!(f, "cp {cp}"),
            Score::Win(n) => write!(f, "win {n}"),
            Score::Loss(n) => write!(f, "loss {n}"),
        }
    }
}

/// What a search decided, with the evidence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchReport {
    /// The move to play (always legal in the searched game).
    pub path: Path,
    /// Its score for the side to move.
    pub score: Score,
    /// Last completed depth (plies); 0 when the move was forced or read from a race plan.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Wall-clock time used.
    pub elapsed: Duration,
    /// Expected continuation, starting with `path`.
    pub pv: Vec<Path>,
    /// Whether the armies had separated and the result comes from the exact race solver.
    pub race: bool,
}

/// Who chooses a move: a level of the AI or the one-ply greedy baseline.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    /// The search at a level.
    Ai(Level),
    /// A level with overridden weights or features (written `5:straggler=8,null=0`).
    Tuned(Level, Tuning),
    /// One ply: the move that lowers its own tempo most (ties at random).
    Greedy,
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Player::Ai(l) => write!(f, "level {l}"),
            Player::Tuned(l, _) => write!(f, "level {l} (tuned)"),
            Player::Greedy => f.write_str("greedy"),
        }
    }
}

impl FromStr for Player {
    type Err = String;
    fn from_str(s: &str) -> Result<Player, String> {
        if s.trim().eq_ignore_ascii_case("greedy") {
            Ok(Player::Greedy)
        } else if let Some((l, t)) = s.split_once(':') {
            Ok(Player::Tuned(l.parse()?, t.parse()?))
        } else {
            s.parse::<Level>()
                .map(Player::Ai)
                .map_err(|e| format!("{e} (or 'greedy')"))
        }
    }
}

/// The fewest moves for the training room and one optimal line, if known: the proven line
/// for the standard 3×3 room (either direction option), instantly; `None` for other set-ups
/// (a full proof, [`training::solve`], can take minutes).
pub fn training_optimum(variant: &crate::engine::Variant) -> Option<Vec<Path>> {
    training::known_line(variant)
}

/// The move to play in `game`, or `None` if the game is over. Seed 0; see [`search`].
pub fn best_move(game: &Game, limits: &Limits) -> Option<Path> {
    search(game, limits, 0).map(|r| r.path)
}

/// The move `player` chooses in `game` (`movetime` replaces a level's own budget).
pub fn choose(game: &Game, player: Player, movetime: Option<Duration>, seed: u64) -> Option<Path> {
    let budget = Limits {
        movetime,
        ..Limits::default()
    };
    choose_with(game, player, &budget, seed, &mut table_for(player))
}

/// [`choose`] with explicit bounds (`budget`'s movetime, depth and nodes replace the level's
/// own; its level and tuning are ignored) and a caller-owned transposition table (one per
/// player, kept between moves).
pub fn choose_with(
    game: &Game,
    player: Player,
    budget: &Limits,
    seed: u64,
    tt: &mut Tt,
) -> Option<Path> {
    let (level, tuning) = match player {
        Player::Greedy => return greedy_move(game, seed),
        Player::Ai(level) => (level, None),
        Player::Tuned(level, t) => (level, Some(t)),
    };
    let limits = Limits {
        level: Some(level),
        tuning,
        ..*budget
    };
    search_with(game, &limits, seed, tt).map(|r| r.path)
}

/// A transposition table of the size `player` uses by default.
pub fn table_for(player: Player) -> Tt {
    match player {
        Player::Greedy => Tt::new(1),
        Player::Ai(level) | Player::Tuned(level, _) => Tt::new(style(level).tt_mb),
    }
}

/// Search `game` within `limits`; `seed` drives the low levels' noise and mistakes.
/// `None` only when the game is over (or has no legal move).
pub fn search(game: &Game, limits: &Limits, seed: u64) -> Option<SearchReport> {
    let st = resolve(limits);
    let mut tt = Tt::new(st.tt_mb);
    search_with(game, limits, seed, &mut tt)
}

/// [`search`] with a caller-owned transposition table (reuse it between moves of one game).
pub fn search_with(game: &Game, limits: &Limits, seed: u64, tt: &mut Tt) -> Option<SearchReport> {
    if game.is_over() {
        return None;
    }
    let start = Instant::now();
    let st = resolve(limits);
    let pos = game.position();
    let history = history_counts(game);
    let raw = match pos.core() {
        CoreRef::S8(c, p) => think(c, p, &st, limits, seed, tt, history),
        CoreRef::S10(c, p) => think(c, p, &st, limits, seed, tt, history),
        CoreRef::S16(c, p) => think(c, p, &st, limits, seed, tt, history),
    };
    let report = match raw {
        Some(t) => to_report(pos, t, start),
        None => None,
    };
    // Whatever happened above, a legal move is returned while one exists.
    report.or_else(|| {
        let m = game.legal_moves().into_iter().next()?;
        Some(SearchReport {
            path: pos.path(m).ok()?,
            score: Score::Eval(0),
            depth: 0,
            nodes: 0,
            elapsed: start.elapsed(),
            pv: Vec::new(),
            race: false,
        })
    })
}

/// The one-ply greedy baseline: the move that lowers its own tempo most; ties by `seed`.
/// A move that loses at once (a return home after the deadline) only when nothing else is legal.
pub fn greedy_move(game: &Game, seed: u64) -> Option<Path> {
    if game.is_over() {
        return None;
    }
    let pos = game.position();
    let side = pos.side_to_move();
    let moves = game.legal_moves();
    let safe: Vec<Move> = moves
        .iter()
        .copied()
        .filter(|m| !pos.is_return_home(*m))
        .collect();
    let pool = if safe.is_empty() { moves } else { safe };
    let gain = |m: &Move| -> i32 {
        let d = |s: crate::engine::Square| -> i32 {
            let n = pos.variant().board().n() as i32;
            match side {
                Color::White => (n - 1 - s.file as i32) + (n - 1 - s.rank as i32),
                Color::Black => s.file as i32 + s.rank as i32,
            }
        };
        d(m.from) - d(m.to)
    };
    let best = pool.iter().map(gain).max()?;
    let ties: Vec<Move> = pool.into_iter().filter(|m| gain(m) == best).collect();
    let mut rng = Rng::new(seed ^ pos.hash());
    let m = ties[rng.below(ties.len() as u64) as usize];
    pos.path(m).ok()
}

/// How often each position (hash) occurred in the game so far, start and current included.
fn history_counts(game: &Game) -> FastMap<u64, u8> {
    let mut counts: FastMap<u64, u8> = FastMap::default();
    let mut pos = game.start().clone();
    *counts.entry(pos.hash()).or_insert(0) += 1;
    for path in game.moves() {
        match pos.play(path.as_move()) {
            Ok(next) => pos = next,
            Err(_) => break,
        }
        let e = counts.entry(pos.hash()).or_insert(0);
        *e = e.saturating_add(1);
    }
    counts
}

/// The raw result of [`think`] before it is turned into paths.
struct Thought {
    best: (u8, u8),
    score: i32,
    depth: u32,
    nodes: u64,
    pv: Vec<(u8, u8)>,
    race: bool,
}

fn to_report(pos: &Position, t: Thought, start: Instant) -> Option<SearchReport> {
    let n = pos.variant().board().n();
    let sq = |i: u8| crate::engine::Square::from_index(i, n);
    let mv = |(f, t): (u8, u8)| Move {
        from: sq(f),
        to: sq(t),
    };
    let path = pos.path(mv(t.best)).ok()?;
    let mut pv = Vec::new();
    let mut cur = pos.clone();
    for &m in &t.pv {
        let Ok(p) = cur.path(mv(m)) else { break };
        let Ok(next) = cur.play(mv(m)) else { break };
        pv.push(p);
        cur = next;
        if cur.status().is_some() {
            break;
        }
    }
    if pv.first() != Some(&path) {
        pv.insert(0, path.clone());
        pv.truncate(1);
    }
    Some(SearchReport {
        path,
        score: Score::from_internal(t.score),
        depth: t.depth,
        nodes: t.nodes,
        elapsed: start.elapsed(),
        pv,
        race: t.race,
    })
}

/// Moves of the training room: follow a proven-optimal plan when one fits the budget,
/// else a beam-search plan.
fn think_solo<G: Geometry>(ctx: &Ctx<G>, p: &Pos<G>, st: &Style) -> Option<Thought> {
    let solo = Solo::new(ctx);
    let target = ctx.target[0];
    let own = p.pieces[0];
    let budget = st.movetime.unwrap_or(Duration::from_millis(500));
    let until = Instant::now() + budget / 2;
    let expansions = (st.nodes / 10).clamp(2_000, 50_000) as usize;
    let (line, exact) = match solo.astar_until(own, target, G::B::EMPTY, expansions, Some(until)) {
        Ok((l, _)) => (l, true),
        Err(_) => (
            solo.beam(Color::White, own, target, G::B::EMPTY, 200)?,
            false,
        ),
    };
    if line.len() < 2 {
        return None;
    }
    let moves = plan_moves(&line);
    let left = moves.len() as u32;
    Some(Thought {
        best: moves[0],
        score: if exact {
            WIN - left as i32
        } else {
            -(left as i32) * TEMPO
        },
        depth: 0,
        nodes: 0,
        pv: moves,
        race: exact,
    })
}

fn think<G: Geometry>(
    ctx: &Ctx<G>,
    p: &Pos<G>,
    st: &Style,
    limits: &Limits,
    seed: u64,
    tt: &mut Tt,
    history: FastMap<u64, u8>,
) -> Option<Thought> {
    if ctx.rules.solo {
        return think_solo(ctx, p, st);
    }
    let start = Instant::now();
    let mut legal = Vec::new();
    ctx.gen_moves(p, &mut legal);
    if legal.is_empty() {
        return None;
    }
    let tuning = limits.tuning.unwrap_or_default();
    let tables = Tables::new(ctx, tuning.weights);
    let urgent = deadline_urgent(ctx, &tables, p);
    let mut rng = Rng::new(seed ^ p.hash ^ (p.number as u64) << 48);
    let mut candidates = short_chains(ctx, p, st, &legal, urgent);
    leave_home_early(ctx, p, st, &mut candidates);
    // Near the exit deadline no level, noise or mistake may pick a move that leaves the side
    // unable to get its last pieces out in time while a move that keeps it on schedule exists.
    let on_schedule = exit_schedule_filter(ctx, &tables, p, &legal);
    if let Some(ok) = &on_schedule {
        let kept: Vec<RawMove> = candidates
            .iter()
            .copied()
            .filter(|m| ok.contains(m))
            .collect();
        candidates = if kept.is_empty() { ok.clone() } else { kept };
    }
    let params = search_params(st, &tuning, urgent, start, seed);
    let (deadline, nodes) = (params.deadline, params.nodes);
    let mut searcher = Searcher::new(ctx, &tables, tt, params, history);
    // A separated race is played from an exact plan.
    if solo::separated(ctx, p)
        && let Some(t) = race_plan(
            ctx,
            p,
            &mut searcher,
            deadline,
            (nodes / 2).clamp(2_000, 400_000) as usize,
        )
        && on_schedule.as_ref().is_none_or(|ok| {
            ok.contains(&RawMove {
                from: t.best.0,
                to: t.best.1,
            })
        })
    {
        return Some(t);
    }
    let found = searcher.search_root(p, &candidates);
    let (best, score) = if urgent {
        (found.best, found.score)
    } else {
        maybe_mistake(&found, st, &mut rng)
    };
    let pv = if best == found.best {
        found.pv.iter().map(|m| (m.from, m.to)).collect()
    } else {
        vec![(best.from, best.to)]
    };
    Some(Thought {
        best: (best.from, best.to),
        score,
        depth: found.depth,
        nodes: found.nodes,
        pv,
        race: false,
    })
}

/// The moves a level considers: a beginner overlooks long chains (unless the exit
/// deadline is urgent).
fn short_chains<G: Geometry>(
    ctx: &Ctx<G>,
    p: &Pos<G>,
    st: &Style,
    legal: &[RawMove],
    urgent: bool,
) -> Vec<RawMove> {
    let Some(maxc) = st.max_chain.filter(|_| !urgent) else {
        return legal.to_vec();
    };
    let short: Vec<RawMove> = legal
        .iter()
        .copied()
        .filter(|m| {
            ctx.shortest_path(p, m.from, m.to)
                .is_none_or(|path| path.len() - 1 <= maxc || ctx.adj(m.from).has(m.to))
        })
        .collect();
    if short.is_empty() {
        legal.to_vec()
    } else {
        short
    }
}

/// The search's parameters for a level's style. Getting the last pieces out of home
/// before the deadline is never left to a shallow search, whatever the level or node
/// budget.
fn search_params(st: &Style, tuning: &Tuning, urgent: bool, start: Instant, seed: u64) -> Params {
    let (depth, nodes) = if urgent {
        (st.depth.max(6), st.nodes.max(20_000))
    } else {
        (st.depth, st.nodes)
    };
    Params {
        max_depth: depth,
        nodes,
        deadline: st.movetime.map(|t| start + t),
        soft: st.movetime.map(|t| t.mul_f64(0.45)),
        noise: if urgent { 0 } else { st.noise },
        seed,
        null_move: st.pruning && !tuning.no_null,
        lmr: st.pruning && !tuning.no_lmr,
        race: !tuning.no_race,
        race_budget: 400,
        race_total: (nodes / 2).clamp(500, 20_000) as usize,
        race_h: 8,
        root_exact: st.root_exact,
        leaf_gain: tuning.leaf_gain,
    }
}

/// The level's deliberate mistakes: now and then a move within its margin of the best,
/// never a lost one.
fn maybe_mistake(found: &Found, st: &Style, rng: &mut Rng) -> (RawMove, i32) {
    if st.mistake > 0.0 && found.root.len() > 1 && rng.unit() < st.mistake {
        let top = found.root[0].score;
        let pool: Vec<_> = found
            .root
            .iter()
            .filter(|r| {
                r.score > -WIN_BOUND && r.score >= top - st.margin && r.score > -search_inf()
            })
            .collect();
        if !pool.is_empty() {
            let pick = pool[rng.below(pool.len() as u64) as usize];
            return (pick.mv, pick.score);
        }
    }
    (found.best, found.score)
}

fn search_inf() -> i32 {
    WIN + 1
}

/// In a separated race: the first move of an optimal plan for the side to move, with the
/// exact result, or `None` if a plan is too costly to prove.
fn race_plan<G: Geometry>(
    ctx: &Ctx<G>,
    p: &Pos<G>,
    s: &mut Searcher<'_, G>,
    deadline: Option<Instant>,
    budget: usize,
) -> Option<Thought> {
    let us = p.side;
    let solo = Solo::new(ctx);
    // Half the budget at most, so a normal search still fits if the plan is too costly.
    let half = deadline.map(|d| Instant::now() + d.saturating_duration_since(Instant::now()) / 2);
    let (line, _) = solo
        .astar_until(
            p.pieces[us.index()],
            ctx.target[us.index()],
            solo::forbidden(ctx, us),
            budget,
            half,
        )
        .ok()?;
    if line.len() < 2 {
        return None;
    }
    let them = s.solo_distance(!us, p.pieces[(!us).index()], budget, false)?;
    let ours = line.len() as u32 - 1;
    let (dw, db) = match us {
        Color::White => (ours, them),
        Color::Black => (them, ours),
    };
    let (o, plies) = solo::race_outcome(ctx, p, dw, db)?;
    let score = match o.result.winner() {
        Some(w) if w == us => WIN - plies as i32,
        Some(_) => -(WIN - plies as i32),
        None => 0,
    };
    let moves = plan_moves(&line);
    // The plan's first move must be legal here (it is: no filter bites in a separated race).
    let mut legal = Vec::new();
    ctx.gen_moves(p, &mut legal);
    let first = RawMove {
        from: moves[0].0,
        to: moves[0].1,
    };
    if !legal.contains(&first) {
        return None;
    }
    Some(Thought {
        best: moves[0],
        score,
        depth: 0,
        nodes: 0,
        pv: vec![moves[0]],
        race: true,
    })
}

/// The moves (from, to) between a solo plan's successive piece sets.
fn plan_moves<B: Bits>(line: &[B]) -> Vec<(u8, u8)> {
    line.windows(2)
        .map(|w| {
            let m = solo::move_between(w[0], w[1]);
            (m.from, m.to)
        })
        .collect()
}
