//! The playing levels: what a level is, the bounds of one search, tuning overrides, and
//! each level's style (budget, noise, mistakes).

use super::eval::{TEMPO, Weights};
use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// A playing level: 1 (beginner, makes human-like mistakes) to 5 (strongest, 1 s a move).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(try_from = "u8", into = "u8")]
pub struct Level(u8);

/// A level outside 1–5.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("level must be 1 to 5, not {0}")]
pub struct BadLevel(pub u8);

impl Level {
    /// The weakest level.
    pub const MIN: Level = Level(1);
    /// The strongest level.
    pub const MAX: Level = Level(5);

    /// The level `n` if it is 1–5.
    pub const fn new(n: u8) -> Option<Level> {
        if n >= 1 && n <= 5 {
            Some(Level(n))
        } else {
            None
        }
    }

    /// The number 1–5.
    pub const fn get(self) -> u8 {
        self.0
    }

    /// All levels, weakest first.
    pub fn all() -> impl Iterator<Item = Level> {
        (1..=5).map(Level)
    }

    /// The level's time budget as a node budget at `nps` nodes per second (never above the
    /// level's own node cap), so that matches are reproducible and independent of load.
    pub fn node_budget(self, nps: u64) -> u64 {
        let st = style(self);
        let by_time = st.movetime.map_or(u64::MAX, |t| {
            (t.as_secs_f64() * nps as f64).round().max(1.0) as u64
        });
        by_time.min(st.nodes)
    }
}

impl TryFrom<u8> for Level {
    type Error = BadLevel;
    fn try_from(n: u8) -> Result<Level, BadLevel> {
        Level::new(n).ok_or(BadLevel(n))
    }
}

impl From<Level> for u8 {
    fn from(l: Level) -> u8 {
        l.0
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl FromStr for Level {
    type Err = String;
    fn from_str(s: &str) -> Result<Level, String> {
        let n: u8 = s
            .trim()
            .parse()
            .map_err(|_| format!("level must be 1 to 5, not '{s}'"))?;
        Level::new(n).ok_or_else(|| format!("level must be 1 to 5, not {n}"))
    }
}

/// Bounds on one search; the first one reached stops it. With only `level` set the level's
/// own budget applies; explicit `movetime`/`nodes` replace the level's (a level keeps its
/// depth cap unless `depth` is given). With nothing set: level 5.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Wall-clock budget.
    pub movetime: Option<Duration>,
    /// Maximum depth in plies.
    pub depth: Option<u32>,
    /// Maximum nodes.
    pub nodes: Option<u64>,
    /// Playing level (sets budget, noise and mistakes).
    pub level: Option<Level>,
    /// Evaluation and search overrides (for tuning matches); `None` = the defaults.
    pub tuning: Option<Tuning>,
}

/// Overrides of the evaluation weights and search features, to compare versions in matches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tuning {
    /// Evaluation weights.
    pub weights: Weights,
    /// Switch off null-move pruning.
    pub no_null: bool,
    /// Switch off late-move reductions.
    pub no_lmr: bool,
    /// Switch off exact race scores inside the tree.
    pub no_race: bool,
    /// Horizon progress bonus in sixteenths (see `search::Params::leaf_gain`).
    pub leaf_gain: i32,
}

impl Default for Tuning {
    fn default() -> Self {
        Tuning {
            weights: Weights::default(),
            no_null: false,
            no_lmr: false,
            no_race: false,
            leaf_gain: 8,
        }
    }
}

impl FromStr for Tuning {
    type Err = String;
    /// `straggler=8,lane=0,null=0` (weights by name; `null`, `lmr`, `race` take 0 or 1).
    fn from_str(s: &str) -> Result<Tuning, String> {
        let mut t = Tuning::default();
        for part in s.split(',').filter(|p| !p.trim().is_empty()) {
            let (k, v) = part
                .split_once('=')
                .ok_or_else(|| format!("'{part}' is not NAME=VALUE"))?;
            let v: i32 = v
                .trim()
                .parse()
                .map_err(|_| format!("'{v}' is not a number"))?;
            match k.trim() {
                "null" => t.no_null = v == 0,
                "lmr" => t.no_lmr = v == 0,
                "race" => t.no_race = v == 0,
                "leaf" => t.leaf_gain = v,
                name => t.weights.set(name, v)?,
            }
        }
        Ok(t)
    }
}

impl Limits {
    /// The limits of a level alone.
    pub fn level(level: Level) -> Limits {
        Limits {
            level: Some(level),
            ..Limits::default()
        }
    }
}

/// How a level plays: its budget and how human its mistakes are.
#[derive(Clone, Copy, Debug)]
pub(super) struct Style {
    pub(super) movetime: Option<Duration>,
    pub(super) depth: u32,
    pub(super) nodes: u64,
    /// Evaluation noise amplitude.
    pub(super) noise: i32,
    /// Chance of picking a near-best move instead of the best.
    pub(super) mistake: f64,
    /// How much worse (evaluation units) a mistaken pick may be.
    pub(super) margin: i32,
    /// Longest chain (in jumps) the level sees at the root.
    pub(super) max_chain: Option<usize>,
    /// Exact scores for all root moves (needed for mistakes).
    pub(super) root_exact: bool,
    pub(super) pruning: bool,
    pub(super) tt_mb: usize,
    /// Take home pieces out at the first chance from a quarter of the exit deadline on,
    /// siege or not: a shallow search cannot see an opponent walling a piece in over many
    /// moves (without it level 2 can lose a match game so, its last home piece boxed in by
    /// move 21).
    pub(super) early_exit: bool,
}

pub(super) fn style(level: Level) -> Style {
    match level.get() {
        1 => Style {
            movetime: Some(Duration::from_millis(200)),
            depth: 2,
            nodes: 5_000,
            noise: 3 * TEMPO,
            mistake: 0.35,
            margin: 5 * TEMPO,
            max_chain: Some(2),
            root_exact: true,
            pruning: false,
            tt_mb: 1,
            early_exit: true,
        },
        2 => Style {
            movetime: Some(Duration::from_millis(200)),
            depth: 3,
            nodes: 40_000,
            noise: 3 * TEMPO / 2,
            mistake: 0.15,
            margin: 2 * TEMPO,
            max_chain: Some(4),
            root_exact: true,
            pruning: false,
            tt_mb: 2,
            early_exit: true,
        },
        3 => Style {
            movetime: Some(Duration::from_millis(150)),
            depth: 5,
            nodes: 300_000,
            noise: TEMPO / 2,
            mistake: 0.05,
            margin: TEMPO,
            max_chain: None,
            root_exact: true,
            pruning: true,
            tt_mb: 4,
            early_exit: false,
        },
        4 => Style {
            movetime: Some(Duration::from_millis(120)),
            tt_mb: 8,
            ..FULL_STRENGTH
        },
        _ => FULL_STRENGTH,
    }
}

/// The strongest level: the whole search, no deliberate mistakes.
const FULL_STRENGTH: Style = Style {
    movetime: Some(Duration::from_millis(1000)),
    depth: 64,
    nodes: u64::MAX,
    noise: 0,
    mistake: 0.0,
    margin: 0,
    max_chain: None,
    root_exact: false,
    pruning: true,
    tt_mb: 16,
    early_exit: false,
};

pub(super) fn resolve(limits: &Limits) -> Style {
    let explicit = limits.movetime.is_some() || limits.depth.is_some() || limits.nodes.is_some();
    let mut st = style(limits.level.unwrap_or(Level::MAX));
    if explicit {
        st.movetime = limits.movetime;
        st.nodes = limits.nodes.unwrap_or(u64::MAX);
        // A level keeps its own depth cap unless a depth is given.
        st.depth = limits
            .depth
            .unwrap_or(if limits.level.is_some() { st.depth } else { 64 });
    }
    st
}
