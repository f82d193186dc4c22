//! Variants and their options (RULES.md §4, §5, §8, §9).
//!
//! Every named variant fixes all options; `--option NAME=VALUE` overrides one of them
//! by the name RULES.md gives it, for house rules.

use super::square::{BoardSize, Square};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// Shape of White's home (Black's is its 180° rotation).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum HomeShape {
    /// a1–c3, 9 pieces.
    Square3,
    /// a1–d3 (4 files × 3 ranks), 12 pieces.
    Rect3x4,
    /// a1–d4, 16 pieces.
    Square4,
    /// Rows of 4-3-2-1, 10 pieces.
    Triangle4,
    /// Rows of 5-4-3-2-1, 15 pieces.
    Triangle5,
    /// Rows of 5-5-4-3-2, 19 pieces (Halma 16×16).
    Halma19,
}

impl HomeShape {
    /// All shapes, for listings.
    pub const ALL: [HomeShape; 6] = [
        HomeShape::Square3,
        HomeShape::Rect3x4,
        HomeShape::Square4,
        HomeShape::Triangle4,
        HomeShape::Triangle5,
        HomeShape::Halma19,
    ];

    /// The id used in RULES.md and options.
    pub const fn id(self) -> &'static str {
        match self {
            HomeShape::Square3 => "square3",
            HomeShape::Rect3x4 => "rect3x4",
            HomeShape::Square4 => "square4",
            HomeShape::Triangle4 => "triangle4",
            HomeShape::Triangle5 => "triangle5",
            HomeShape::Halma19 => "halma19",
        }
    }

    /// Whether White's home contains (file, rank).
    pub const fn contains(self, file: u8, rank: u8) -> bool {
        match self {
            HomeShape::Square3 => file < 3 && rank < 3,
            HomeShape::Rect3x4 => file < 4 && rank < 3,
            HomeShape::Square4 => file < 4 && rank < 4,
            HomeShape::Triangle4 => file + rank < 4,
            HomeShape::Triangle5 => file + rank < 5,
            HomeShape::Halma19 => match rank {
                0 | 1 => file < 5,
                2 => file < 4,
                3 => file < 3,
                4 => file < 2,
                _ => false,
            },
        }
    }

    /// White's home squares in (file, rank) order.
    pub fn white_squares(self) -> Vec<Square> {
        let mut v = Vec::new();
        for f in 0..6 {
            for r in 0..6 {
                if self.contains(f, r) {
                    v.push(Square::new(f, r));
                }
            }
        }
        v
    }

    /// Number of pieces per side.
    pub fn size(self) -> usize {
        self.white_squares().len()
    }

    /// Extent (files, ranks) of the home's bounding box.
    fn extent(self) -> u8 {
        match self {
            HomeShape::Square3 => 3,
            HomeShape::Rect3x4 | HomeShape::Square4 | HomeShape::Triangle4 => 4,
            HomeShape::Triangle5 | HomeShape::Halma19 => 5,
        }
    }
}

impl FromStr for HomeShape {
    type Err = OptionError;
    fn from_str(s: &str) -> Result<Self, OptionError> {
        HomeShape::ALL
            .into_iter()
            .find(|h| h.id() == s)
            .ok_or_else(|| OptionError::BadValue {
                name: "home".into(),
                value: s.into(),
                expected: "square3, rect3x4, square4, triangle4, triangle5 or halma19",
            })
    }
}

/// Which ways pieces may step and jump.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Directions {
    /// The 4 orthogonal directions (classic).
    Orthogonal,
    /// All 8 directions (diagonal variants).
    All,
}

/// How the move limit is adjudicated.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LimitRule {
    /// More own pieces on the target wins.
    PiecesInTarget,
    /// Lower tempo number wins.
    Tempo,
}

/// Which repeated positions end the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Repetition {
    /// Repetition never ends the game.
    None,
    /// Third occurrence of a position is a draw.
    Threefold,
    /// Third occurrence is a draw only if neither or both sides still have pieces at home.
    ThreefoldIfHomesEqual,
}

/// Who plays first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FirstPlayer {
    /// White always starts.
    White,
    /// The first player is drawn by lot (a game Black starts begins at `b 1`).
    Lot,
}

/// Every rule option of one game; a named variant is a preset of these.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Rules {
    /// Board size.
    pub board: BoardSize,
    /// Home shape.
    pub home: HomeShape,
    /// Step/jump directions.
    pub directions: Directions,
    /// RULES §4.2: Black gets the last move after White completes.
    pub black_last_move: bool,
    /// RULES §4.3: move D after which no piece may remain at (or return) home.
    pub exit_deadline: Option<u16>,
    /// RULES §4.4: move L after which the game is adjudicated.
    pub move_limit: Option<u16>,
    /// How the move limit is adjudicated.
    pub limit_rule: LimitRule,
    /// RULES §5: moves that lock an opponent piece are illegal.
    pub no_locking: bool,
    /// RULES §4.6.
    pub repetition: Repetition,
    /// RULES §8: at most this many of Black's first `mirror_window` moves may mirror White's.
    pub mirror_limit: Option<u8>,
    /// The number of opening moves the mirror rule looks at (12).
    pub mirror_window: u8,
    /// RULES §8 house rule: once the opponent has left home, move only home pieces.
    pub forced_exit: bool,
    /// Who moves first.
    pub first_player: FirstPlayer,
    /// One player alone (training room): no opponent pieces, White moves every turn.
    pub solo: bool,
}

impl Rules {
    /// Number of pieces per side.
    pub fn pieces(&self) -> usize {
        self.home.size()
    }

    /// Whether the deadline's locked-piece exception applies (8-direction variants with a deadline).
    pub fn deadline_lock_exception(&self) -> bool {
        self.directions == Directions::All && self.exit_deadline.is_some()
    }

    /// Check the options fit together (home fits the board, limits positive).
    pub fn validate(&self) -> Result<(), OptionError> {
        let n = self.board.n();
        if self.home.extent() * 2 > n {
            return Err(OptionError::Inconsistent(format!(
                "home {} does not fit twice on a {} board",
                self.home.id(),
                self.board
            )));
        }
        if self.exit_deadline == Some(0) || self.move_limit == Some(0) {
            return Err(OptionError::Inconsistent(
                "exit_deadline and move_limit must be at least 1 (or none)".into(),
            ));
        }
        if self.mirror_window == 0 {
            return Err(OptionError::Inconsistent(
                "mirror_window must be at least 1".into(),
            ));
        }
        Ok(())
    }

    /// Set one option by its RULES.md name from text (`--option NAME=VALUE`).
    pub fn set_option(&mut self, name: &str, value: &str) -> Result<(), OptionError> {
        let name = name.trim().to_ascii_lowercase().replace('-', "_");
        let value = value.trim();
        let bad = |expected: &'static str| OptionError::BadValue {
            name: name.clone(),
            value: value.to_string(),
            expected,
        };
        match name.as_str() {
            "board" => {
                self.board = value
                    .split(['x', '×'])
                    .next()
                    .and_then(|v| v.parse().ok())
                    .and_then(BoardSize::from_n)
                    .ok_or_else(|| bad("8, 10 or 16"))?
            }
            "home" => self.home = value.parse()?,
            "directions" => {
                self.directions = match value {
                    "orth" | "orthogonal" | "4" => Directions::Orthogonal,
                    "all" | "diagonal" | "8" => Directions::All,
                    _ => return Err(bad("orth or all")),
                }
            }
            "diagonal" => {
                self.directions = if parse_bool(value).ok_or_else(|| bad("true or false"))? {
                    Directions::All
                } else {
                    Directions::Orthogonal
                }
            }
            "black_last_move" => {
                self.black_last_move = parse_bool(value).ok_or_else(|| bad("true or false"))?
            }
            "exit_deadline" => {
                self.exit_deadline =
                    parse_opt_u16(value).ok_or_else(|| bad("a move number or none"))?
            }
            "move_limit" => {
                self.move_limit =
                    parse_opt_u16(value).ok_or_else(|| bad("a move number or none"))?
            }
            "limit_rule" => {
                self.limit_rule = match value {
                    "pieces_in_target" | "pieces" => LimitRule::PiecesInTarget,
                    "tempo" => LimitRule::Tempo,
                    _ => return Err(bad("pieces_in_target or tempo")),
                }
            }
            "no_locking" => {
                self.no_locking = parse_bool(value).ok_or_else(|| bad("true or false"))?
            }
            "repetition" => {
                self.repetition = match value {
                    "none" | "off" => Repetition::None,
                    "threefold" => Repetition::Threefold,
                    "threefold_if_homes_equal" => Repetition::ThreefoldIfHomesEqual,
                    _ => return Err(bad("none, threefold or threefold_if_homes_equal")),
                }
            }
            "mirror_limit" => {
                self.mirror_limit = match parse_opt_u16(value) {
                    Some(v) => v.map(|x| x.min(255) as u8),
                    None => return Err(bad("a count or none")),
                }
            }
            "mirror_window" => {
                self.mirror_window = value
                    .parse::<u8>()
                    .ok()
                    .filter(|v| *v > 0)
                    .ok_or_else(|| bad("a positive move count"))?
            }
            "forced_exit" => {
                self.forced_exit = parse_bool(value).ok_or_else(|| bad("true or false"))?
            }
            "first_player" => {
                self.first_player = match value {
                    "white" => FirstPlayer::White,
                    "lot" | "random" => FirstPlayer::Lot,
                    _ => return Err(bad("white or lot")),
                }
            }
            _ => return Err(OptionError::Unknown(name)),
        }
        self.validate()
    }

    /// The options as `NAME=VALUE` pairs, in the order [`Rules::set_option`] accepts them.
    pub fn option_pairs(&self) -> Vec<(&'static str, String)> {
        let opt = |v: Option<u16>| v.map_or_else(|| "none".to_string(), |x| x.to_string());
        vec![
            ("board", self.board.n().to_string()),
            ("home", self.home.id().to_string()),
            (
                "directions",
                match self.directions {
                    Directions::Orthogonal => "orth".into(),
                    Directions::All => "all".into(),
                },
            ),
            ("black_last_move", self.black_last_move.to_string()),
            ("exit_deadline", opt(self.exit_deadline)),
            ("move_limit", opt(self.move_limit)),
            (
                "limit_rule",
                match self.limit_rule {
                    LimitRule::PiecesInTarget => "pieces_in_target".into(),
                    LimitRule::Tempo => "tempo".into(),
                },
            ),
            ("no_locking", self.no_locking.to_string()),
            (
                "repetition",
                match self.repetition {
                    Repetition::None => "none".into(),
                    Repetition::Threefold => "threefold".into(),
                    Repetition::ThreefoldIfHomesEqual => "threefold_if_homes_equal".into(),
                },
            ),
            ("mirror_limit", opt(self.mirror_limit.map(u16::from))),
            ("mirror_window", self.mirror_window.to_string()),
            ("forced_exit", self.forced_exit.to_string()),
            (
                "first_player",
                match self.first_player {
                    FirstPlayer::White => "white".into(),
                    FirstPlayer::Lot => "lot".into(),
                },
            ),
        ]
    }
}

fn parse_bool(v: &str) -> Option<bool> {
    match v.to_ascii_lowercase().as_str() {
        "true" | "on" | "yes" | "1" => Some(true),
        "false" | "off" | "no" | "0" => Some(false),
        _ => None,
    }
}

fn parse_opt_u16(v: &str) -> Option<Option<u16>> {
    match v.to_ascii_lowercase().as_str() {
        "none" | "off" | "-" => Some(None),
        s => s.parse::<u16>().ok().map(Some),
    }
}

/// A bad `--option`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OptionError {
    /// No option has this name.
    #[error(
        "unknown option '{0}' (known: board, home, directions, diagonal, black_last_move, exit_deadline, move_limit, limit_rule, no_locking, repetition, mirror_limit, mirror_window, forced_exit, first_player)"
    )]
    Unknown(String),
    /// The value does not parse for this option.
    #[error("bad value '{value}' for option {name}: expected {expected}")]
    BadValue {
        /// Option name.
        name: String,
        /// The rejected value.
        value: String,
        /// What would have been accepted.
        expected: &'static str,
    },
    /// Options that cannot hold together.
    #[error("{0}")]
    Inconsistent(String),
    /// `NAME=VALUE` was not of that form.
    #[error("option '{0}' is not of the form NAME=VALUE")]
    Syntax(String),
    /// No variant has this id.
    #[error("unknown variant '{0}' (see `ugolki variants`)")]
    UnknownVariant(String),
}

/// The named variants of RULES.md §9.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum VariantId {
    /// 3×3 home, orthogonal (the default).
    Classic,
    /// 3×4 home, orthogonal.
    #[serde(rename = "classic-3x4")]
    Classic3x4,
    /// 3×3 home, 8 directions.
    Diagonal,
    /// 3×4 home, 8 directions.
    #[serde(rename = "diagonal-3x4")]
    Diagonal3x4,
    /// Triangle of 10, 8 directions.
    Triangle,
    /// 4×4 home, orthogonal.
    Square4,
    /// Gambiter club rules: tempo adjudication and the mirror rule.
    Gambiter,
    /// 10×10 Halma with 15 pieces.
    Halma10,
    /// 16×16 Halma with 19 pieces.
    Halma16,
    /// Duelio: 8 directions, first to fill wins, per-move limit.
    Duelio,
    /// The training room: one player alone.
    Training,
}

impl VariantId {
    /// All variants, in the order of RULES.md §9.
    pub const ALL: [VariantId; 11] = [
        VariantId::Classic,
        VariantId::Classic3x4,
        VariantId::Diagonal,
        VariantId::Diagonal3x4,
        VariantId::Triangle,
        VariantId::Square4,
        VariantId::Gambiter,
        VariantId::Halma10,
        VariantId::Halma16,
        VariantId::Duelio,
        VariantId::Training,
    ];

    /// The id used in commands, records and the CLI.
    pub const fn id(self) -> &'static str {
        match self {
            VariantId::Classic => "classic",
            VariantId::Classic3x4 => "classic-3x4",
            VariantId::Diagonal => "diagonal",
            VariantId::Diagonal3x4 => "diagonal-3x4",
            VariantId::Triangle => "triangle",
            VariantId::Square4 => "square4",
            VariantId::Gambiter => "gambiter",
            VariantId::Halma10 => "halma10",
            VariantId::Halma16 => "halma16",
            VariantId::Duelio => "duelio",
            VariantId::Training => "training",
        }
    }

    /// Whether games between two people change ratings.
    pub const fn rated(self) -> bool {
        matches!(
            self,
            VariantId::Classic | VariantId::Classic3x4 | VariantId::Diagonal
        )
    }

    /// Whether players may offer draws (Duelio has none).
    pub const fn draw_offers(self) -> bool {
        !matches!(self, VariantId::Duelio | VariantId::Training)
    }

    /// A per-move time limit in seconds that the variant itself prescribes.
    pub const fn per_move_seconds(self) -> Option<u32> {
        match self {
            VariantId::Duelio => Some(60),
            _ => None,
        }
    }

    /// The preset options.
    pub fn rules(self) -> Rules {
        let base = Rules {
            board: BoardSize::N8,
            home: HomeShape::Square3,
            directions: Directions::Orthogonal,
            black_last_move: true,
            exit_deadline: Some(40),
            move_limit: Some(80),
            limit_rule: LimitRule::PiecesInTarget,
            no_locking: true,
            repetition: Repetition::Threefold,
            mirror_limit: None,
            mirror_window: 12,
            forced_exit: false,
            first_player: FirstPlayer::White,
            solo: false,
        };
        let diag = Rules {
            directions: Directions::All,
            exit_deadline: Some(30),
            no_locking: false,
            ..base
        };
        match self {
            VariantId::Classic => base,
            VariantId::Classic3x4 => Rules {
                home: HomeShape::Rect3x4,
                ..base
            },
            VariantId::Diagonal => diag,
            VariantId::Diagonal3x4 => Rules {
                home: HomeShape::Rect3x4,
                ..diag
            },
            VariantId::Triangle => Rules {
                home: HomeShape::Triangle4,
                ..diag
            },
            VariantId::Square4 => Rules {
                home: HomeShape::Square4,
                ..base
            },
            VariantId::Gambiter => Rules {
                limit_rule: LimitRule::Tempo,
                repetition: Repetition::ThreefoldIfHomesEqual,
                mirror_limit: Some(10),
                ..base
            },
            VariantId::Halma10 => Rules {
                board: BoardSize::N10,
                home: HomeShape::Triangle5,
                exit_deadline: Some(50),
                move_limit: Some(120),
                limit_rule: LimitRule::Tempo,
                repetition: Repetition::ThreefoldIfHomesEqual,
                ..diag
            },
            VariantId::Halma16 => Rules {
                board: BoardSize::N16,
                home: HomeShape::Halma19,
                exit_deadline: None,
                move_limit: None,
                ..diag
            },
            VariantId::Duelio => Rules {
                black_last_move: false,
                exit_deadline: None,
                move_limit: None,
                repetition: Repetition::None,
                first_player: FirstPlayer::Lot,
                ..diag
            },
            VariantId::Training => Rules {
                black_last_move: false,
                exit_deadline: None,
                move_limit: None,
                no_locking: false,
                repetition: Repetition::None,
                solo: true,
                ..base
            },
        }
    }

    /// A one-line description for `ugolki variants` and help texts.
    pub const fn description(self) -> &'static str {
        match self {
            VariantId::Classic => "3×3 home, steps and jumps orthogonally (the default)",
            VariantId::Classic3x4 => "3×4 home (12 pieces), orthogonal",
            VariantId::Diagonal => "3×3 home, all 8 directions",
            VariantId::Diagonal3x4 => "3×4 home, all 8 directions",
            VariantId::Triangle => "triangle home of 10, all 8 directions",
            VariantId::Square4 => "4×4 home (16 pieces), orthogonal",
            VariantId::Gambiter => "Gambiter club: tempo at move 80, mirror rule",
            VariantId::Halma10 => "10×10 Halma, triangle of 15, all 8 directions",
            VariantId::Halma16 => "16×16 Halma, 19 pieces, all 8 directions",
            VariantId::Duelio => "Duelio: all 8 directions, first to fill wins, 60 s a move",
            VariantId::Training => "training room: one player, fewest moves across",
        }
    }
}

impl FromStr for VariantId {
    type Err = OptionError;
    fn from_str(s: &str) -> Result<Self, OptionError> {
        let t = s.trim().to_ascii_lowercase().replace('_', "-");
        let alias = match t.as_str() {
            "3x3" | "classic-3x3" => "classic",
            "3x4" => "classic-3x4",
            "diag" | "diagonal-3x3" => "diagonal",
            "4x4" => "square4",
            "halma" => "halma16",
            "train" => "training",
            other => other,
        };
        VariantId::ALL
            .into_iter()
            .find(|v| v.id() == alias)
            .ok_or_else(|| OptionError::UnknownVariant(s.to_string()))
    }
}

impl fmt::Display for VariantId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// Split `NAME=VALUE`.
pub fn split_option(s: &str) -> Result<(&str, &str), OptionError> {
    s.split_once('=')
        .filter(|(n, _)| !n.trim().is_empty())
        .ok_or_else(|| OptionError::Syntax(s.to_string()))
}
