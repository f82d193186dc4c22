//! A finished two-player game analysed in tempi (docs/ANALYSIS.md): for every move, the
//! balance it left, the better move where there was one, and how many tempi the move
//! lost.
//!
//! The balance is White's race as it stands: the moves Black still needs less the moves
//! White needs, less one when Black is to move ([`tempo_balance`]), so that it stays put
//! while both sides play soundly. Where the armies no longer meet ([`solo::separated`])
//! both needs are exact (the race solver's optimum) and so is the best move (the first of
//! an optimal plan). Before that, one search of fixed effort (`effort` nodes) from the
//! position before the move finds the best move, and the move played is scored by the same
//! search at the same depth; the scores (squares, in the evaluation's units) are read in
//! tempi at the position's own pace (squares still to cover over the moves still needed).
//! A move's loss is the best move's score less the move played's, for its mover; a loss
//! of two tempi or more is searched again deeper before it is called a mistake.

use super::deadline::exit_schedule_filter;
use super::eval::{TEMPO, Tables, Weights};
use super::history_counts;
use super::search::{Params, Searcher, WIN_BOUND};
use super::solo::{self, FastMap, Solo};
use super::tt::Tt;
use crate::engine::bits::{Bits, Geometry};
use crate::engine::core::{Ctx, Pos, RawMove};
use crate::engine::{Color, CoreRef, Game, GameResult, Move, Path, Position, Reason, Square};

/// The measure's version. An analysis stored by another measure is made again when asked
/// (the game service's `ANALYSIS_MEASURE` follows it; the store keeps analyses under it). 1: the balance
/// counted at the end of each move's own search line; 2: both moves scored by one search
/// at one depth, the side to move accounted for; 3: where the deeper look proves a result
/// or prefers the move played, it decides.
pub const MEASURE: u8 = 3;

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
    /// The balance after it, from White's side, in tempi ([`tempo_balance`], rounded):
    /// above 0 White wins the race as it stands, 0 a draw, below 0 Black wins.
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

/// The mover's view of a result: 2 a win, 1 a draw, 0 a loss.
fn points(r: GameResult, c: Color) -> u8 {
    match r.winner() {
        Some(w) if w == c => 2,
        Some(_) => 0,
        None => 1,
    }
}

/// The balance from White's side with the side to move accounted for: Black's need less
/// White's, less one when Black is to move. Positive: White wins the race as it stands;
/// 0: a draw (White finishes first, Black's last move draws); negative: Black wins. Sound
/// play keeps it where it is: a move takes a tempo off its side's need and hands the
/// move over. Where Black has no last move (`last_move` false) a race cannot be drawn and
/// the balance is half a tempo higher: +½ is White's narrowest win, −½ Black's.
pub fn tempo_balance(need: [u32; 2], to_move: Color, last_move: bool) -> f64 {
    f64::from(need[1]) - f64::from(need[0]) - f64::from(u8::from(to_move == Color::Black))
        + if last_move { 0.0 } else { 0.5 }
}

/// `c`'s chance to win, 0–100, from the balance (White's side) on a logistic curve (a
/// tempo ahead ≈ 71%, two ≈ 86%, three ≈ 94%). From the balance even where the result is
/// known, so that tempi thrown away in a race already won or lost still cost accuracy.
fn chance(balance: f64, c: Color) -> f64 {
    let b = if c == Color::White { balance } else { -balance };
    100.0 / (1.0 + (-0.9 * b).exp())
}

/// A position settled without a search: the game's end, or a separated race both of
/// whose needs the solver found.
#[derive(Clone, Debug)]
struct Settled {
    /// Its balance ([`tempo_balance`]).
    balance: f64,
    /// Both needs are the optimum.
    exact: bool,
    /// The result where it is known.
    result: Option<GameResult>,
    /// The side to move's best move (the first of its optimal plan; none at the end).
    best: Option<Path>,
}

fn settled(game: &Game) -> Option<Settled> {
    let pos = game.position();
    if let Some(o) = game.outcome() {
        let (need, exact) = needs(pos, SOLVE_BUDGET);
        return Some(Settled {
            balance: tempo_balance(
                need,
                pos.side_to_move(),
                pos.variant().rules().black_last_move,
            ),
            exact,
            result: Some(o.result),
            best: None,
        });
    }
    race(pos)
}

/// One move judged against the best, both measured the same way.
struct Judged {
    /// The best move (none when nothing could be searched).
    best: Option<Path>,
    /// The balance after the best move.
    after_best: f64,
    /// Tempi the move played lost against the best, for its mover (both measured alike).
    loss: f64,
    /// The balance after the move played (the race's optimum where it is known).
    after_played: f64,
    /// Whether the balance after the move played is the race's optimum (or the end's).
    exact: bool,
    /// The results known after the best move and after the move played.
    best_result: Option<GameResult>,
    played_result: Option<GameResult>,
}

/// What [`analyze`] keeps between moves: one transposition table for the whole game, and
/// the depth the last search reached (for a position whose only move needs no search).
struct Judge {
    effort: u64,
    tt: Tt,
    depth: u32,
    /// The balance after the last move judged (none before the first).
    prev: Option<f64>,
}

/// The transposition table of an analysis, in MB: one for the whole game, since its
/// positions follow each other and each search profits from the last.
const TT_MB: usize = 16;

impl Judge {
    /// Judge `played` in `before` (`after` is the game after it).
    fn judge(&mut self, before: &Game, after: &Game, played: &Path) -> Judged {
        let pos = before.position();
        let side = pos.side_to_move();
        let sign = if side == Color::White { 1.0 } else { -1.0 };
        let end = settled(after);
        // The position after `best`, settled where it is.
        let best_end = |best: &Path| -> Option<Settled> {
            if best.as_move() == played.as_move() {
                return end.clone();
            }
            let mut g = before.clone();
            g.play_squares(best.squares()).ok()?;
            settled(&g)
        };
        // A separated race: both moves measured by the solver, exactly.
        if let Some(here) = race(pos)
            && let Some(best) = here.best.clone()
            && let (Some(b), Some(a)) = (best_end(&best), end.clone())
            && b.exact
            && a.exact
        {
            return Judged {
                best: Some(best),
                after_best: b.balance,
                loss: (sign * (b.balance - a.balance)).max(0.0),
                after_played: a.balance,
                exact: true,
                best_result: b.result,
                played_result: a.result,
            };
        }
        let history = history_counts(before);
        let n = pos.variant().board().n();
        let m = (played.from().index(n), played.to().index(n));
        let scored = match pos.core() {
            CoreRef::S8(c, p) => scored(c, p, m, self, history),
            CoreRef::S10(c, p) => scored(c, p, m, self, history),
            CoreRef::S16(c, p) => scored(c, p, m, self, history),
        };
        let Some(sc) = scored else {
            let balance = end
                .as_ref()
                .map_or_else(|| counted(after.position()), |e| e.balance);
            return Judged {
                best: None,
                after_best: balance,
                loss: 0.0,
                after_played: balance,
                exact: end.as_ref().is_some_and(|e| e.exact),
                best_result: None,
                played_result: end.and_then(|e| e.result),
            };
        };
        let best = pos
            .path(Move {
                from: Square::from_index(sc.best.0, n),
                to: Square::from_index(sc.best.1, n),
            })
            .ok();
        let proven = |s: i32| -> Option<GameResult> {
            if s >= WIN_BOUND {
                Some(win_of(side))
            } else if s <= -WIN_BOUND {
                Some(win_of(!side))
            } else {
                None
            }
        };
        let (mut best_result, mut played_result) = (proven(sc.best_score), proven(sc.played_score));
        let (after_best, measured) = if best_result.is_some() || played_result.is_some() {
            // A proven result has no tempi in it: both positions are counted as they stand.
            let mut g = before.clone();
            let best_after = match best.as_ref().map(|b| g.play_squares(b.squares())) {
                Some(Ok(_)) => counted(g.position()),
                _ => counted(after.position()),
            };
            (best_after, counted(after.position()))
        } else {
            (
                sc.balance(sc.best_score, side),
                sc.balance(sc.played_score, side),
            )
        };
        let loss = (sign * (after_best - measured)).max(0.0);
        // The results the solver knows after either move (the search does not solve races
        // inside its tree).
        if best_result.is_none() {
            best_result = best.as_ref().and_then(best_end).and_then(|e| e.result);
        }
        let (mut after_played, mut exact) = (measured, false);
        // Where the position after the move is settled (a solved race, the end), its
        // balance is the truth; the loss stays as both moves were measured alike.
        if let Some(e) = end {
            if e.exact {
                after_played = e.balance;
                exact = true;
            }
            played_result = played_result.or(e.result);
        }
        Judged {
            best,
            after_best,
            loss,
            after_played,
            exact,
            best_result,
            played_result,
        }
    }
}

/// The search's scores of the best move and of the move played, from the mover's side in
/// evaluation units, both at one depth; and how to read them in tempi.
struct Scored {
    best: (u8, u8),
    best_score: i32,
    played_score: i32,
    /// Evaluation units a tempo is worth here: [`TEMPO`] a square times the squares a move
    /// covers in this position.
    per_tempo: f64,
    /// White's side of the evaluation that is not the race: the difference of the two
    /// targets' own distances, which a full target still counts.
    offset: f64,
    /// What [`tempo_balance`] adds at the search's horizon: −1 where Black is to move
    /// there, +½ where Black has no last move.
    shift: f64,
}

impl Scored {
    /// The balance ([`tempo_balance`]) a score of the mover `side` stands for: the
    /// evaluation at the horizon is the race in squares as it stands there, with no credit
    /// for the side to move, so the side to move there is accounted as in a count.
    fn balance(&self, score: i32, side: Color) -> f64 {
        let white = if side == Color::White { score } else { -score };
        (f64::from(white) - self.offset) / self.per_tempo + self.shift
    }
}

/// Search `p` for its best move and score the move played `m` the same way: the best at
/// the last depth the search completed (its score exact), the move played by a full-window
/// search of that depth, sharing the table. A loss of two tempi or more is searched again
/// two plies deeper for both moves, and the smaller loss kept: a mistake is called only
/// where a deeper look agrees.
fn scored<G: Geometry>(
    ctx: &Ctx<G>,
    p: &Pos<G>,
    m: (u8, u8),
    judge: &mut Judge,
    history: FastMap<u64, u8>,
) -> Option<Scored> {
    let mut legal = Vec::new();
    ctx.gen_moves(p, &mut legal);
    if legal.is_empty() {
        return None;
    }
    let played = RawMove { from: m.0, to: m.1 };
    let tables = Tables::new(ctx, measure_weights());
    // The best is never a move that falls behind the home-exit schedule where another
    // keeps to it: no level plays one.
    let candidates = exit_schedule_filter(ctx, &tables, p, &legal)
        .filter(|ok| !ok.is_empty())
        .unwrap_or_else(|| legal.clone());
    let effort = judge.effort;
    // No bonus for the side to move at the horizon (the program's levels credit half its
    // best step there): a score is then the race as it stands at the horizon, which the
    // balance reads with the side to move accounted for, whatever the depth's parity.
    let params = |nodes: u64| Params {
        nodes,
        race: false,
        leaf_gain: 0,
        ..Params::default()
    };
    let found = Searcher::new(ctx, &tables, &mut judge.tt, params(effort), history.clone())
        .search_root(p, &candidates);
    let (best, depth) = match found.root.first() {
        Some(r) if found.depth > 0 => (r.mv, found.depth),
        _ => (found.best, judge.depth),
    };
    judge.depth = depth;
    // The first search's bound for a root move, where it completed an iteration.
    let bound = |mv: RawMove| {
        found
            .root
            .iter()
            .find(|r| r.mv == mv && found.depth > 0)
            .map(|r| r.score)
    };
    let mut score = |mv: RawMove, depth: u32, nodes: u64| -> Option<i32> {
        Searcher::new(ctx, &tables, &mut judge.tt, params(nodes), history.clone())
            .score_move(p, mv, depth)
    };
    // Both moves scored alike: the same depth, a full window, the table as the search left
    // it (its unfinished deeper iteration included), one after the other.
    let best_score = score(best, depth, effort)
        .or_else(|| score(best, depth, 3 * effort))
        .or_else(|| bound(best))?;
    let played_score = if played == best {
        best_score
    } else {
        score(played, depth, effort)
            .or_else(|| score(played, depth, 3 * effort))
            .or_else(|| bound(played))
            .unwrap_or(best_score)
    };
    let (per_tempo, offset) = pace(ctx, p, &tables);
    // The side to move at the horizon of a search of `depth` plies from here.
    let shift_at = |depth: u32| {
        let leaf = if depth.is_multiple_of(2) {
            p.side
        } else {
            !p.side
        };
        let last = if ctx.rules.black_last_move { 0.0 } else { 0.5 };
        last - f64::from(u8::from(leaf == Color::Black))
    };
    let mut sc = Scored {
        best: (best.from, best.to),
        best_score,
        played_score,
        per_tempo,
        offset,
        shift: shift_at(depth),
    };
    let decided = |s: i32| s.abs() >= WIN_BOUND;
    let loss = (best_score - played_score).max(0);
    // Where the measure says a move lost two tempi or more, or moved the balance by more
    // than two from the last move's, a horizon may have cut a line short: both moves are
    // searched again, two plies deeper where the budget allows, else one.
    let lossy = played != best && f64::from(loss) / per_tempo >= 1.5;
    let jumped = judge
        .prev
        .is_some_and(|v| (sc.balance(played_score, p.side) - v).abs() > 2.5);
    if (lossy || jumped) && !decided(best_score) && !decided(played_score) {
        for extra in [2, 1] {
            let b2 = score(best, depth + extra, 3 * effort);
            let m2 = if played == best {
                b2
            } else {
                score(played, depth + extra, 3 * effort)
            };
            let (Some(b2), Some(m2)) = (b2, m2) else {
                continue;
            };
            // The smaller loss stands: a mistake is called only where both looks agree. A
            // proven result counts here as the best or worst score there is, so a move
            // the deeper look proves lost is no better move, and one it proves won costs
            // nothing.
            let kept = loss.min((b2 - m2).max(0));
            if m2 > b2 {
                // The deeper look prefers the move played: it is the best there is here.
                sc.best = (played.from, played.to);
            }
            match (decided(b2), decided(m2)) {
                (true, true) => {
                    // Both results proven: they stand, and the judge counts both positions
                    // as they stand, as where the first look proved them.
                    sc.best_score = b2.max(m2);
                    sc.played_score = m2;
                }
                (false, false) => {
                    if jumped {
                        // The deeper look's balance, for both moves: that of the better of
                        // the two there (the move played may be, where the first look's
                        // best falls into a line it could not see the end of).
                        sc.best_score = b2.max(m2);
                        sc.shift = shift_at(depth + extra);
                    }
                    sc.played_score = sc.best_score - kept;
                }
                (false, true) if m2 > 0 => {
                    // The move played proven won, the first look's best not: the move
                    // played is the best, and its result stands as a proven one does.
                    sc.best_score = m2;
                    sc.played_score = m2;
                }
                // Otherwise, one result proven and the other not: the balance stays the
                // first look's, the loss the smaller of the two.
                _ => sc.played_score = sc.best_score - kept,
            }
            break;
        }
    }
    Some(sc)
}

/// The evaluation the measure searches with: the program's, without the terms that rush
/// home pieces out as the exit deadline nears (a growing charge per home piece, a steep
/// one as the slack runs out, a flat one when it has): they steer a player's search away
/// from danger it cannot see yet, but they are no tempi, and read as tempi they put tens
/// of them on a piece that is a step from leaving in time. The deadline itself stays: a
/// side that cannot leave in time loses inside the search's tree, the best move keeps to
/// the exit schedule, and a game lost so names the move that sealed it.
fn measure_weights() -> Weights {
    Weights {
        home_ramp: 0,
        home_urgent: 0,
        home_doomed: 0,
        ..Weights::default()
    }
}

/// How many evaluation units a tempo is worth in `p`, and the part of the evaluation a
/// finished race would still count (White's side). A tempo is a move, the evaluation counts
/// squares: the squares still to cover (both sides) over the moves both still need (each
/// counted by the beam), so that one wasted move costs a tempo whether the game is in its
/// jumping opening or its stepping end.
fn pace<G: Geometry>(ctx: &Ctx<G>, p: &Pos<G>, tables: &Tables<G>) -> (f64, f64) {
    let s = Solo::new(ctx);
    let mut to_cover = 0i64;
    let mut moves = 0i64;
    let mut floor = [0i64; 2];
    for c in [Color::White, Color::Black] {
        let ci = c.index();
        let d = &tables.dist[ci];
        let (pieces, target) = (p.pieces[ci], ctx.target[ci]);
        floor[ci] = target.iter().map(|i| i64::from(d[i as usize])).sum();
        let at: i64 = pieces.iter().map(|i| i64::from(d[i as usize])).sum();
        to_cover += (at - floor[ci]).max(0);
        moves += i64::from(beam_need(&s, c, pieces, target));
    }
    let squares_a_move = if moves > 0 {
        (to_cover as f64 / moves as f64).max(1.0)
    } else {
        1.0
    };
    (
        squares_a_move * f64::from(TEMPO),
        (floor[1] - floor[0]) as f64 * f64::from(TEMPO),
    )
}

/// A position's balance counted as it stands: both needs by the beam.
fn counted(pos: &Position) -> f64 {
    tempo_balance(
        estimate(pos),
        pos.side_to_move(),
        pos.variant().rules().black_last_move,
    )
}

/// Analyse `game` (a two-player game; any number of moves), searching `effort` nodes
/// where the armies still meet. Deterministic: the same game and effort give the same
/// analysis.
pub fn analyze(game: &Game, effort: u64) -> Analysis {
    let mut judge = Judge {
        effort: effort.max(1),
        tt: Tt::new(TT_MB),
        depth: 4,
        prev: None,
    };
    let mut cur = Game::from_position(game.start().clone());
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
        let j = judge.judge(&cur, &after_game, played);
        judge.prev = Some(j.after_played);
        let sign = if side == Color::White { 1.0 } else { -1.0 };
        let lost = j.loss;
        let loss = lost.round() as u32;
        let best = j.best.clone().unwrap_or_else(|| played.clone());
        let mut class = if j.best.is_none() {
            // Nothing to compare with (no move could be searched): judged by nothing.
            Class::Good
        } else if best.as_move() == played.as_move() {
            Class::Best
        } else {
            Class::of_loss(loss)
        };
        let mut why = None;
        // A result given away: both known and the played one worse, or the move played
        // proven lost where the best move is not.
        let given_away = match (j.best_result, j.played_result) {
            (Some(b), Some(a)) => points(a, side) < points(b, side),
            (None, Some(a)) => {
                points(a, side) == 0
                    && best.as_move() != played.as_move()
                    && after_game.outcome().is_none()
            }
            _ => false,
        };
        if given_away {
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
            && j.best_result.is_none_or(|r| points(r, side) > 0)
        {
            // Lost by a rule on this move, where the better move would not have lost.
            why = why.or(Some(Why::Rule(o.reason)));
        }
        if why.is_some() {
            class = Class::Blunder;
        }
        let drop = (chance(j.after_best, side) - chance(j.after_best - sign * lost, side)).max(0.0);
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
            balance: j.after_played.round() as i32,
            exact: j.exact,
        });
        cur = after_game;
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

fn win_of(c: Color) -> GameResult {
    match c {
        Color::White => GameResult::WhiteWins,
        Color::Black => GameResult::BlackWins,
    }
}

/// A separated race measured exactly: both sides' optimal counts, the outcome they give,
/// and the first move of the side to move's optimal plan. `None` if the armies still meet
/// or a solve does not fit its budget.
fn race(pos: &Position) -> Option<Settled> {
    fn typed<G: Geometry>(ctx: &Ctx<G>, p: &Pos<G>, n: u8, pos: &Position) -> Option<Settled> {
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
        Some(Settled {
            balance: tempo_balance(need, p.side, ctx.rules.black_last_move),
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
        [Color::White, Color::Black]
            .map(|c| beam_need(&s, c, p.pieces[c.index()], ctx.target[c.index()]))
    }
    match pos.core() {
        CoreRef::S8(c, p) => typed(c, p),
        CoreRef::S10(c, p) => typed(c, p),
        CoreRef::S16(c, p) => typed(c, p),
    }
}

/// The moves `c` needs alone to bring `pieces` into `target`, by the beam (no square
/// barred; the heuristic's count where the beam finds no line).
fn beam_need<G: Geometry>(s: &Solo<'_, G>, c: Color, pieces: G::B, target: G::B) -> u32 {
    s.beam(c, pieces, target, G::B::EMPTY, BEAM)
        .map_or_else(|| s.h(pieces, target), |l| l.len() as u32 - 1)
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
