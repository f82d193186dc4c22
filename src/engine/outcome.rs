//! How games end: results and the fixed reason ids of RULES.md §4.

use super::square::Color;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// The score of a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum GameResult {
    /// `1-0`.
    #[serde(rename = "1-0")]
    WhiteWins,
    /// `0-1`.
    #[serde(rename = "0-1")]
    BlackWins,
    /// `1/2-1/2`.
    #[serde(rename = "1/2-1/2")]
    Draw,
}

impl GameResult {
    /// The result in which `c` wins.
    pub const fn win_for(c: Color) -> GameResult {
        match c {
            Color::White => GameResult::WhiteWins,
            Color::Black => GameResult::BlackWins,
        }
    }

    /// The winner, if any.
    pub const fn winner(self) -> Option<Color> {
        match self {
            GameResult::WhiteWins => Some(Color::White),
            GameResult::BlackWins => Some(Color::Black),
            GameResult::Draw => None,
        }
    }

    /// Record notation: `1-0`, `0-1`, `1/2-1/2`.
    pub const fn as_str(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
        }
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for GameResult {
    type Err = ();
    fn from_str(s: &str) -> Result<Self, ()> {
        match s {
            "1-0" => Ok(GameResult::WhiteWins),
            "0-1" => Ok(GameResult::BlackWins),
            "1/2-1/2" | "½-½" => Ok(GameResult::Draw),
            _ => Err(()),
        }
    }
}

/// Why a game ended; the ids are fixed by RULES.md §4 and used in records, JSON and tests.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Reason {
    /// A side filled its target.
    Goal,
    /// White filled first and Black equalised with the last move.
    GoalBoth,
    /// A piece was still at home after Black's move D.
    ExitDeadline,
    /// A piece returned home after move D.
    ReturnHome,
    /// Black's move L was played.
    MoveLimit,
    /// The side to move had no legal move.
    NoMoves,
    /// Third occurrence of a position.
    Repetition,
    /// A clock ran out (or a second missed per-move limit).
    Timeout,
    /// A player resigned.
    Resignation,
    /// Both players agreed to a draw.
    Agreement,
    /// Nobody moved in an untimed game for too long.
    Abandoned,
}

impl Reason {
    /// All reasons, for listings and tests.
    pub const ALL: [Reason; 11] = [
        Reason::Goal,
        Reason::GoalBoth,
        Reason::ExitDeadline,
        Reason::ReturnHome,
        Reason::MoveLimit,
        Reason::NoMoves,
        Reason::Repetition,
        Reason::Timeout,
        Reason::Resignation,
        Reason::Agreement,
        Reason::Abandoned,
    ];

    /// The reason id of RULES.md §4.
    pub const fn id(self) -> &'static str {
        match self {
            Reason::Goal => "goal",
            Reason::GoalBoth => "goal_both",
            Reason::ExitDeadline => "exit_deadline",
            Reason::ReturnHome => "return_home",
            Reason::MoveLimit => "move_limit",
            Reason::NoMoves => "no_moves",
            Reason::Repetition => "repetition",
            Reason::Timeout => "timeout",
            Reason::Resignation => "resignation",
            Reason::Agreement => "agreement",
            Reason::Abandoned => "abandoned",
        }
    }
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl FromStr for Reason {
    type Err = ();
    fn from_str(s: &str) -> Result<Self, ()> {
        Reason::ALL.into_iter().find(|r| r.id() == s).ok_or(())
    }
}

/// A finished game's result together with its reason.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Outcome {
    /// Who won.
    pub result: GameResult,
    /// Why.
    pub reason: Reason,
}

impl Outcome {
    /// `c` wins for `reason`.
    pub const fn win(c: Color, reason: Reason) -> Outcome {
        Outcome {
            result: GameResult::win_for(c),
            reason,
        }
    }

    /// A draw for `reason`.
    pub const fn draw(reason: Reason) -> Outcome {
        Outcome {
            result: GameResult::Draw,
            reason,
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.result, self.reason)
    }
}
