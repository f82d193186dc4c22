//! A finished two-player game analysed in tempi (docs/ANALYSIS.md): for every move, the
//! balance it left, the better move where there was one, and how many tempi the move
//! lost.
//!
//! The balance of a position is B = (moves the opponent still needs) − (moves the side
//! still needs), each side's count being the moves it needs alone to fill its target.
//! Where the armies no longer meet ([`solo::separated`]) both counts are exact (the race
//! solver's optimum) and so is the best move (the first of an optimal plan). Before
//! that, a search of fixed effort (`effort` nodes) picks the best move and its expected
//! line, and the counts are taken at the end of that line (plus the moves each side made
//! along it), so that a move's worth is always in moves, the unit a race is lost by.
//! A move's loss is B after the best move less B after the move played, for its mover.

use super::deadline::exit_schedule_filter;
use super::eval::{Tables, Weights};
use super::solo::{self, Solo};
use super::{Limits, Score, search};
use crate::engine::bits::{Bits, Geometry};
use crate::engine::core::{Ctx, Pos, RawMove};
use crate::engine::{Color, CoreRef, Game, GameResult, Move, Path, Position, Reason, Square};

/// The default effort of a search where the armies still meet, in nodes.
pub const DEFAULT_EFFORT: u64 = 20_000;
/// Expansions an exact one-side solve may take before the estimate falls back to a beam.
const SOLVE_BUDGET: usize = 100_000;
/// Beam width of the estimate. A beam's count is a line found, not the optimum, and a
/// narrow one strays by ten moves and more between neighbouring positions of the opening
/// (48 did: whole blunders out of noise); at 160 the balance moves by a tempo or two a
/// move where the play is sound, for about twice the time (docs/BENCHMARKS.md).
const BEAM: usize = 160;

/// How a move is judged, by the tempi it lost (or a result or a rule it gave away).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Class {
    /// The best move.
    Best,
    /// Another move losing nothing.
    Good,
    /// A tempo lost.
    Inaccuracy,
    /// Two tempi.
    Mistake,
    /// Three or more, or a result given away (a win to a draw or a loss, a draw to a
    /// loss), or a rule broken (a losing return home, a piece left home at the exit
    /// deadline).
    Blunder,
}

impl Class {
    /// Every class, from the best.
    pub const ALL: [Class; 5] = [
        Class::Best,
        Class::Good,
        Class::Inaccuracy,
        Class::Mistake,
        Class::Blunder,
    ];

    /// Its name in the JSON (`"best"`, …, `"blunder"`).
    pub fn id(self) -> &'static str {
        match self {
            Class::Best => "best",
            Class::Good => "good",
            Class::Inaccuracy => "inaccuracy",
            Class::Mistake => "mistake",
            Class::Blunder => "blunder",
        }
    }

    fn of_loss(loss: u32) -> Class {
        match loss {
            0 => Class::Good,
            1 => Class::Inaccuracy,
            2 => Class::Mistake,
            _ => Class::Blunder,
        }
    }
}

/// Why a move is a blunder besides its tempi.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Why {
    /// It turned a won position into a draw or a loss, or a drawn one into a loss.
    Result,
    /// It returned a piece home after the exit deadline: lost at once.
    ReturnHome,
    /// It left the side unable to bring every piece out of home by the exit deadline,
    /// where another move kept it on schedule.
    ExitDeadline,
    /// The game ended on it, lost by this rule.
    Rule(Reason),
}

impl Why {
    /// Its name in the JSON.
    pub fn id(self) -> &'static str {
        match self {
            Why::Result => "result",
            Why::ReturnHome => "return_home",
            Why::ExitDeadline => "exit_deadline",
            Why::Rule(r) => r.id(),
        }
    }
}

/// One move judged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveReport {
    /// Its index in the game (0 = the first move).
    pub ply: usize,
    /// Who played it.
    pub side: Color,
    /// The move played.
    pub played: Path,
    /// The best move found (the move played when it was best).
    pub best: Path,
    /// Tempi lost (0 for the best move and any as good).
    pub loss: u32,
    /// Its class.
    pub class: Class,
    /// Why it is a blunder beyond its tempi, if so.
    pub why: Option<Why>,
    /// The balance after it, from White's side (moves Black needs less moves White needs).
    pub balance: i32,
    /// Whether the balance after it is exact (a separated race, or the game's end).
    pub exact: bool,
}

/// A whole game judged.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    /// Every move, in order.
    pub moves: Vec<MoveReport>,
    /// Each side's accuracy, 0–100 (White, Black).
    pub accuracy: [f64; 2],
    /// Each side's moves per class (White, Black; in [`Class::ALL`] order).
    pub counts: [[u32; 5]; 2],
}

/// A position measured.
#[derive(Clone, Debug)]
struct Measure {
    /// Moves each side needs (White, Black).
    need: [u32; 2],
    /// Both counts exact.
    exact: bool,
    /// The result where it is known: proven by the search, the race's exact outcome, or
    /// the game's end.
    result: Option<GameResult>,
    /// The side to move's best move (none at the end).
    best: Option<Path>,
}

impl Measure {
    /// B from `c`'s side.
    fn balance(&self, c: Color) -> i32 {
        let b = self.need[1] as i32 - self.need[0] as i32;
        if c == Color::White { b } else { -b }
    }

    /// `c`'s chance to win, 0–100, from the balance on a logistic curve (a tempo ahead ≈
    /// 71%, two ≈ 86%, three ≈ 94%). From the balance even where the result is known, so
    /// that tempi thrown away in a race already won or lost still cost accuracy.
    fn chance(&self, c: Color) -> f64 {
        100.0 / (1.0 + (-0.9 * f64::from(self.balance(c))).exp())
    }
}

/// The mover's view of a result: 2 a win, 1 a draw, 0 a loss.
fn points(r: GameResult, c: Color) -> u8 {
    match r.winner() {
        Some(w) if w == c => 2,
        Some(_) => 0,
        None => 1,
    }
}

/// Analyse `game` (a two-player game; any number of moves), searching `effort` nodes
/// where the armies still meet. Deterministic: the same game and effort give the same
/// analysis.
pub fn analyze(game: &Game, effort: u64) -> Analysis {
    let mut cur = Game::from_position(game.start().clone());
    let mut before = measure(&cur, effort);
    let mut moves = Vec::with_capacity(game.moves().len());
    let mut accs: Vec<f64> = Vec::new();
    // Each side's last move that fell behind its exit schedule where another kept to it.
    let mut behind: [Option<usize>; 2] = [None, None];
    for (ply, played) in game.moves().iter().enumerate() {
        let pos = cur.position().clone();
        let side = pos.side_to_move();
        let mut after_game = cur.clone();
        if after_game.play_squares(played.squares()).is_err() {
            // A record replays before it is analysed: this cannot happen.
            break;
        }
        let after = measure(&after_game, effort);
        let best = before.best.clone().unwrap_or_else(|| played.clone());
        let best_after = if best == *played {
            after.clone()
        } else {
            let mut g = cur.clone();
            match g.play_squares(best.squares()) {
                Ok(_) => measure(&g, effort),
                Err(_) => after.clone(),
            }
        };
        // One measure for both: an exact race count against a line's estimate would
        // compare an optimum with an overestimate.
        let (after_m, best_m) = if after.exact == best_after.exact {
            (after.clone(), best_after.clone())
        } else {
            (
                estimated(&after_game, &after),
                estimated_best(&cur, &best, &best_after),
            )
        };
        let lost = best_m.balance(side) - after_m.balance(side);
        let loss = lost.max(0) as u32;
        let mut class = if before.best.is_none() {
            // Nothing to compare with (the search found no move): judged by nothing.
            Class::Good
        } else if best == *played {
            Class::Best
        } else {
            Class::of_loss(loss)
        };
        let mut why = None;
        if let (Some(b), Some(a)) = (best_after.result, after.result)
            && points(a, side) < points(b, side)
        {
            why = Some(Why::Result);
        }
        if deadline_broken(&pos, played) {
            behind[side.index()] = Some(moves.len());
        }
        if pos.is_return_home(played.as_move()) {
            why = Some(Why::ReturnHome);
        } else if let Some(o) = after_game.outcome()
            && o.result.winner() == Some(!side)
            && o.reason != Reason::Goal
            && best_after.result.is_none_or(|r| points(r, side) > 0)
        {
            // Lost by a rule on this move, where the better move would not have lost.
            why = why.or(Some(Why::Rule(o.reason)));
        }
        if why.is_some() {
            class = Class::Blunder;
        }
        let drop = (best_m.chance(side) - after_m.chance(side)).max(0.0);
        // A result given away or a rule broken is a move of no accuracy, whatever the
        // balance says.
        let acc = if why.is_some() {
            0.0
        } else {
            move_accuracy(drop)
        };
        accs.push(acc);
        moves.push(MoveReport {
            ply,
            side,
            played: played.clone(),
            best: if class == Class::Best || class == Class::Good {
                played.clone()
            } else {
                best
            },
            loss,
            class,
            why,
            balance: after.balance(Color::White),
            exact: after.exact,
        });
        cur = after_game;
        before = after;
    }
    // A game lost on the exit deadline: the loser's last move that fell behind its schedule
    // while another kept to it is the one that sealed it.
    if let Some(o) = game.outcome()
        && o.reason == Reason::ExitDeadline
        && let Some(w) = o.result.winner()
        && let Some(i) = behind[(!w).index()]
    {
        moves[i].why = Some(Why::ExitDeadline);
        moves[i].class = Class::Blunder;
        accs[i] = 0.0;
    }
    let mut chances = [Vec::new(), Vec::new()];
    for (m, a) in moves.iter().zip(&accs) {
        chances[m.side.index()].push(*a);
    }
    let mut counts = [[0u32; 5]; 2];
    for m in &moves {
        let k = Class::ALL.iter().position(|c| *c == m.class).unwrap_or(0);
        counts[m.side.index()][k] += 1;
    }
    let accuracy = [0, 1].map(|i| {
        let v = &chances[i];
        if v.is_empty() {
            100.0
        } else {
            (v.iter().sum::<f64>() / v.len() as f64 * 10.0).round() / 10.0
        }
    });
    Analysis {
        moves,
        accuracy,
        counts,
    }
}

/// `m` (the measure of `game`'s position) recounted by the line estimate for both sides.
fn estimated(game: &Game, m: &Measure) -> Measure {
    Measure {
        need: estimate(game.position()),
        exact: false,
        ..m.clone()
    }
}

/// The measure after `best` from `cur`, recounted by the line estimate.
fn estimated_best(cur: &Game, best: &Path, m: &Measure) -> Measure {
    let mut g = cur.clone();
    if g.play_squares(best.squares()).is_err() {
        return m.clone();
    }
    estimated(&g, m)
}

/// A move's accuracy, 0–100, from the drop in its mover's winning chance (in points of
/// percentage): lichess's curve, 100 for no drop, about 50 for a drop of 16 points.
fn move_accuracy(drop: f64) -> f64 {
    (103.1668 * (-0.04354 * drop).exp() - 3.1669).clamp(0.0, 100.0)
}

/// Whether `played` fell behind the side's home-exit schedule where another move kept to it
/// (the AI's own schedule, with a spare move a piece in the last moves).
fn deadline_broken(pos: &Position, played: &Path) -> bool {
    fn typed<G: Geometry>(ctx: &Ctx<G>, p: &Pos<G>, m: (u8, u8)) -> bool {
        let mut legal = Vec::new();
        ctx.gen_moves(p, &mut legal);
        let tables = Tables::new(ctx, Weights::default());
        exit_schedule_filter(ctx, &tables, p, &legal)
            .is_some_and(|ok| !ok.contains(&RawMove { from: m.0, to: m.1 }))
    }
    let n = pos.variant().board().n();
    let m = (played.from().index(n), played.to().index(n));
    match pos.core() {
        CoreRef::S8(c, p) => typed(c, p, m),
        CoreRef::S10(c, p) => typed(c, p, m),
        CoreRef::S16(c, p) => typed(c, p, m),
    }
}

/// Measure the game's position: exactly where the race is separated or the game over,
/// else by a search of `effort` nodes and the counts at the end of its line.
fn measure(game: &Game, effort: u64) -> Measure {
    let pos = game.position();
    if let Some(o) = game.outcome() {
        let (need, exact) = needs(pos, SOLVE_BUDGET);
        return Measure {
            need,
            exact,
            result: Some(o.result),
            best: None,
        };
    }
    if let Some(m) = race(pos) {
        return m;
    }
    let limits = Limits {
        nodes: Some(effort),
        ..Limits::default()
    };
    let Some(report) = search(game, &limits, 1) else {
        let (need, exact) = needs(pos, SOLVE_BUDGET);
        return Measure {
            need,
            exact,
            result: None,
            best: None,
        };
    };
    // Follow the expected line to its end (or the game's), counting each side's moves.
    let mut leaf = game.clone();
    let mut made = [0u32; 2];
    for p in &report.pv {
        let c = leaf.position().side_to_move();
        if leaf.play_squares(p.squares()).is_err() {
            break;
        }
        made[c.index()] += 1;
        if leaf.is_over() {
            break;
        }
    }
    let at_leaf = estimate(leaf.position());
    let side = pos.side_to_move();
    let result = match report.score {
        Score::Win(_) => Some(win_of(side)),
        Score::Loss(_) => Some(win_of(!side)),
        Score::Eval(_) => None,
    };
    Measure {
        need: [at_leaf[0] + made[0], at_leaf[1] + made[1]],
        exact: false,
        result,
        best: Some(report.path),
    }
}

fn win_of(c: Color) -> GameResult {
    match c {
        Color::White => GameResult::WhiteWins,
        Color::Black => GameResult::BlackWins,
    }
}

/// A separated race measured exactly: both sides' optimal counts, the outcome they give,
/// and the first move of the side to move's optimal plan. `None` if the armies still meet
/// or a solve does not fit its budget.
fn race(pos: &Position) -> Option<Measure> {
    fn typed<G: Geometry>(ctx: &Ctx<G>, p: &Pos<G>, n: u8, pos: &Position) -> Option<Measure> {
        if !solo::separated(ctx, p) {
            return None;
        }
        let s = Solo::new(ctx);
        let mut need = [0u32; 2];
        let mut first = None;
        for c in [Color::White, Color::Black] {
            let line = s
                .astar(
                    p.pieces[c.index()],
                    ctx.target[c.index()],
                    solo::forbidden(ctx, c),
                    SOLVE_BUDGET,
                )
                .ok()?;
            need[c.index()] = line.len() as u32 - 1;
            if c == p.side && line.len() >= 2 {
                let m = solo::move_between(line[0], line[1]);
                let sq = |i: u8| Square::from_index(i, n);
                first = pos
                    .path(Move {
                        from: sq(m.from),
                        to: sq(m.to),
                    })
                    .ok();
            }
        }
        let result = solo::race_outcome(ctx, p, need[0], need[1]).map(|(o, _)| o.result);
        Some(Measure {
            need,
            exact: true,
            result,
            best: first,
        })
    }
    let n = pos.variant().board().n();
    match pos.core() {
        CoreRef::S8(c, p) => typed(c, p, n, pos),
        CoreRef::S10(c, p) => typed(c, p, n, pos),
        CoreRef::S16(c, p) => typed(c, p, n, pos),
    }
}

/// Each side's moves needed alone (White, Black) at the end of a searched line, where the
/// armies may still meet: both by the same beam search, so that neither side's count is
/// the optimum while the other's is an overestimate (which would tilt the balance).
/// Own home squares are not barred here: before the exit deadline a piece may move
/// within its home (barring them walls a corner piece in and counts it as stuck), and
/// after it no piece is there and a short line does not go back.
fn estimate(pos: &Position) -> [u32; 2] {
    fn typed<G: Geometry>(ctx: &Ctx<G>, p: &Pos<G>) -> [u32; 2] {
        let s = Solo::new(ctx);
        [Color::White, Color::Black].map(|c| {
            let (pieces, target) = (p.pieces[c.index()], ctx.target[c.index()]);
            s.beam(c, pieces, target, G::B::EMPTY, BEAM)
                .map_or_else(|| s.h(pieces, target), |l| l.len() as u32 - 1)
        })
    }
    match pos.core() {
        CoreRef::S8(c, p) => typed(c, p),
        CoreRef::S10(c, p) => typed(c, p),
        CoreRef::S16(c, p) => typed(c, p),
    }
}

/// Each side's moves needed alone (White, Black): the optimum when a solve fits `budget`
/// expansions, else a beam search's count; and whether both are the optimum.
fn needs(pos: &Position, budget: usize) -> ([u32; 2], bool) {
    fn typed<G: Geometry>(ctx: &Ctx<G>, p: &Pos<G>, budget: usize) -> ([u32; 2], bool) {
        let s = Solo::new(ctx);
        let mut need = [0u32; 2];
        let mut exact = true;
        for c in [Color::White, Color::Black] {
            let (pieces, target) = (p.pieces[c.index()], ctx.target[c.index()]);
            let forbidden = solo::forbidden(ctx, c);
            need[c.index()] = match s.astar(pieces, target, forbidden, budget) {
                Ok(line) => line.len() as u32 - 1,
                Err(_) => {
                    exact = false;
                    s.beam(c, pieces, target, forbidden, BEAM)
                        .map_or_else(|| s.h(pieces, target), |l| l.len() as u32 - 1)
                }
            };
        }
        (need, exact)
    }
    match pos.core() {
        CoreRef::S8(c, p) => typed(c, p, budget),
        CoreRef::S10(c, p) => typed(c, p, budget),
        CoreRef::S16(c, p) => typed(c, p, budget),
    }
}
