//! Engine matches: two players, colours alternating, varied openings, and the statistics
//! (W/D/L, score, Elo difference with a 95% interval) to compare them.

use super::rng::{Rng, mix};
use super::{Player, choose_with, table_for};
use crate::engine::{Color, FirstPlayer, Game, Outcome, Position, Variant};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

/// A game that passes this many plies without an end is stopped and counted as a draw
/// (only variants with neither move limit nor repetition rule can get there).
pub const PLY_CAP: usize = 1000;

/// What to play.
#[derive(Clone, Debug)]
pub struct MatchSpec {
    /// Player A (results are given from A's side).
    pub a: Player,
    /// Player B.
    pub b: Player,
    /// Number of games (A has White in even-numbered games, 0-based).
    pub games: u32,
    /// First game index played (0-based): games `first..games` only, each exactly as in the
    /// full match, so that slices run in separate processes combine into the whole.
    pub first: u32,
    /// The variant.
    pub variant: Variant,
    /// Start position (default: the variant's start).
    pub start: Option<Position>,
    /// Replaces each level's own time budget.
    pub movetime: Option<Duration>,
    /// Replaces each level's own node budget (with no movetime: node-bounded, reproducible).
    pub nodes: Option<u64>,
    /// Gives each level its own time budget as nodes at this many nodes per second
    /// ([`super::Level::node_budget`]); ignored when `movetime` or `nodes` is set.
    pub nps: Option<u64>,
    /// Seed for openings and the players' noise.
    pub seed: u64,
    /// Worker threads.
    pub threads: usize,
    /// Random plies played before the players take over (both games of a pair share them).
    pub opening_plies: u32,
}

/// One finished game.
#[derive(Clone, Debug)]
pub struct GameSummary {
    /// 0-based index.
    pub index: u32,
    /// Whether A had White.
    pub a_white: bool,
    /// The outcome; `None` when the game was stopped at [`PLY_CAP`] (a draw).
    pub outcome: Option<Outcome>,
    /// Plies played.
    pub plies: usize,
    /// The game record.
    pub record: String,
}

impl GameSummary {
    /// A's points: 1, ½ or 0.
    pub fn a_points(&self) -> f64 {
        match self.outcome.and_then(|o| o.result.winner()) {
            None => 0.5,
            Some(w) => {
                if (w == Color::White) == self.a_white {
                    1.0
                } else {
                    0.0
                }
            }
        }
    }
}

/// The results of a match, from A's point of view.
#[derive(Clone, Debug, Default)]
pub struct MatchResult {
    /// Every game, in index order.
    pub games: Vec<GameSummary>,
}

/// An Elo difference with its 95% confidence interval (infinite ends for shut-outs).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Elo {
    /// Point estimate.
    pub diff: f64,
    /// Lower end of the 95% interval.
    pub low: f64,
    /// Upper end.
    pub high: f64,
}

fn elo_of(s: f64) -> f64 {
    if s <= 0.0 {
        f64::NEG_INFINITY
    } else if s >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / s - 1.0).log10()
    }
}

impl MatchResult {
    /// A's wins.
    pub fn wins(&self) -> usize {
        self.games.iter().filter(|g| g.a_points() == 1.0).count()
    }
    /// Draws.
    pub fn draws(&self) -> usize {
        self.games.iter().filter(|g| g.a_points() == 0.5).count()
    }
    /// A's losses.
    pub fn losses(&self) -> usize {
        self.games.iter().filter(|g| g.a_points() == 0.0).count()
    }
    /// A's points.
    pub fn points(&self) -> f64 {
        self.games.iter().map(GameSummary::a_points).sum()
    }
    /// A's score fraction (0–1).
    pub fn score(&self) -> f64 {
        if self.games.is_empty() {
            0.5
        } else {
            self.points() / self.games.len() as f64
        }
    }
    /// Elo difference A − B with a 95% interval from the per-game score variance
    /// (normal approximation, trinomial results).
    pub fn elo(&self) -> Elo {
        let n = self.games.len() as f64;
        let s = self.score();
        if n == 0.0 {
            return Elo {
                diff: 0.0,
                low: f64::NEG_INFINITY,
                high: f64::INFINITY,
            };
        }
        let var = self
            .games
            .iter()
            .map(|g| (g.a_points() - s).powi(2))
            .sum::<f64>()
            / n;
        let se = (var / n).sqrt();
        Elo {
            diff: elo_of(s),
            low: elo_of((s - 1.96 * se).max(0.0)),
            high: elo_of((s + 1.96 * se).min(1.0)),
        }
    }
    /// How the games ended: reason id (or `cap`) and count, most frequent first.
    pub fn reasons(&self) -> Vec<(String, usize)> {
        let mut v: Vec<(String, usize)> = Vec::new();
        for g in &self.games {
            let id = g
                .outcome
                .map_or("cap".to_string(), |o| o.reason.id().to_string());
            match v.iter_mut().find(|(k, _)| *k == id) {
                Some(e) => e.1 += 1,
                None => v.push((id, 1)),
            }
        }
        v.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        v
    }
}

/// The opening of pair `pair`: a few random plies, forward or sideways moves only, never a
/// move that loses at once.
pub fn opening(start: &Position, plies: u32, seed: u64) -> Game {
    let mut game = Game::from_position(start.clone());
    let mut rng = Rng::new(seed);
    for _ in 0..plies {
        if game.is_over() {
            break;
        }
        let pos = game.position().clone();
        let side = pos.side_to_move();
        let n = pos.variant().board().n() as i32;
        let progress = |s: crate::engine::Square| match side {
            Color::White => s.file as i32 + s.rank as i32,
            Color::Black => 2 * (n - 1) - s.file as i32 - s.rank as i32,
        };
        let all = game.legal_moves();
        let fwd: Vec<_> = all
            .iter()
            .copied()
            .filter(|m| !pos.is_return_home(*m) && progress(m.to) >= progress(m.from))
            .collect();
        let pool = if fwd.is_empty() { all } else { fwd };
        if pool.is_empty() {
            break;
        }
        let m = pool[rng.below(pool.len() as u64) as usize];
        if game.play(m).is_err() {
            break;
        }
    }
    game
}

/// Play one game from `game` (an opening) to the end, with a budget per colour (White's
/// first).
pub fn play_out_with(
    mut game: Game,
    white: Player,
    black: Player,
    budgets: [&super::Limits; 2],
    seed: u64,
) -> Game {
    let mut tables = [table_for(white), table_for(black)];
    while !game.is_over() && game.plies() < PLY_CAP {
        let side = game.side_to_move();
        let who = match side {
            Color::White => white,
            Color::Black => black,
        };
        let s = mix(seed ^ (game.plies() as u64).wrapping_mul(0x9E37_79B9));
        let i = side.index();
        let Some(path) = choose_with(&game, who, budgets[i], s, &mut tables[i]) else {
            break;
        };
        if game.play_squares(path.squares()).is_err() {
            break;
        }
    }
    game
}

/// Game `index` of a match.
pub fn play_match_game(spec: &MatchSpec, index: u32) -> GameSummary {
    let pair = index / 2;
    let a_white = index.is_multiple_of(2);
    let pair_seed = mix(spec.seed ^ mix(pair as u64 + 1));
    let start = match &spec.start {
        Some(p) => p.clone(),
        None => {
            let first =
                if spec.variant.rules().first_player == FirstPlayer::Lot && pair_seed & 1 == 1 {
                    Color::Black
                } else {
                    Color::White
                };
            spec.variant.start_with(first)
        }
    };
    let game = opening(&start, spec.opening_plies, pair_seed);
    let (white, black) = if a_white {
        (spec.a, spec.b)
    } else {
        (spec.b, spec.a)
    };
    let budget_of = |p: Player| {
        let nodes = match (spec.movetime, spec.nodes, spec.nps, p) {
            (None, None, Some(nps), Player::Ai(l) | Player::Tuned(l, _)) => {
                Some(l.node_budget(nps))
            }
            _ => spec.nodes,
        };
        super::Limits {
            movetime: spec.movetime,
            nodes,
            ..super::Limits::default()
        }
    };
    let (wb, bb) = (budget_of(white), budget_of(black));
    let game = play_out_with(
        game,
        white,
        black,
        [&wb, &bb],
        mix(pair_seed ^ index as u64),
    );
    let (wn, bn) = (white.to_string(), black.to_string());
    GameSummary {
        index,
        a_white,
        outcome: game.outcome(),
        plies: game.plies(),
        record: game.to_record(&[("White", &wn), ("Black", &bn)]),
    }
}

/// Play the whole match on `spec.threads` threads; `progress` sees each game as it ends.
pub fn run(spec: &MatchSpec, progress: &(dyn Fn(&GameSummary) + Sync)) -> MatchResult {
    let next = AtomicUsize::new(spec.first as usize);
    let done: Mutex<Vec<GameSummary>> = Mutex::new(Vec::new());
    let threads = spec.threads.clamp(1, 64);
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= spec.games as usize {
                        break;
                    }
                    let g = play_match_game(spec, i as u32);
                    progress(&g);
                    if let Ok(mut d) = done.lock() {
                        d.push(g);
                    }
                }
            });
        }
    });
    let mut games = done.into_inner().unwrap_or_default();
    games.sort_by_key(|g| g.index);
    MatchResult { games }
}
