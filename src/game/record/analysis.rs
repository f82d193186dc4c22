//! A finished game's analysis as stored: for each move its better move, tempi lost,
//! class and balance, and each side's accuracy (docs/ANALYSIS.md). It is derived data
//! (the same record and effort always give the same analysis), kept so that a game is
//! never analysed twice; the moves played are the game's own, not repeated here.

use crate::engine::{Color, Path, Reason};
use crate::game::codec;
use crate::game::ids::GameId;
use serde::{Deserialize, Serialize};

/// The version of the measure an analysis stored now was made by: the engine's
/// `ai::analysis::MEASURE` (a test keeps the two equal; the game service does not depend on
/// the engine's search). The store keeps analyses under it, so that one made by another
/// measure is made again when asked.
pub const ANALYSIS_MEASURE: u8 = 3;

/// How a move is judged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum MoveClass {
    /// The best move found.
    Best,
    /// Another move losing nothing.
    Good,
    /// One tempo lost.
    Inaccuracy,
    /// Two tempi lost.
    Mistake,
    /// Three or more, a result given away, or a rule broken.
    Blunder,
}

impl MoveClass {
    /// Every class, from the best.
    pub const ALL: [MoveClass; 5] = [
        MoveClass::Best,
        MoveClass::Good,
        MoveClass::Inaccuracy,
        MoveClass::Mistake,
        MoveClass::Blunder,
    ];

    /// Its name in JSON (`"best"` … `"blunder"`).
    pub fn id(self) -> &'static str {
        match self {
            MoveClass::Best => "best",
            MoveClass::Good => "good",
            MoveClass::Inaccuracy => "inaccuracy",
            MoveClass::Mistake => "mistake",
            MoveClass::Blunder => "blunder",
        }
    }

    /// Whether the move lost anything.
    pub fn is_error(self) -> bool {
        self >= MoveClass::Inaccuracy
    }
}

/// Why a move is a blunder beyond its tempi.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum BlunderReason {
    /// It gave a result away (a win to a draw or a loss, a draw to a loss).
    Result,
    /// A losing return home.
    ReturnHome,
    /// It left a piece home at the exit deadline where another move kept to schedule.
    ExitDeadline,
    /// The game was lost on it by this rule.
    Rule(Reason),
}

impl BlunderReason {
    /// Its name in JSON.
    pub fn id(self) -> &'static str {
        match self {
            BlunderReason::Result => "result",
            BlunderReason::ReturnHome => "return_home",
            BlunderReason::ExitDeadline => "exit_deadline",
            BlunderReason::Rule(r) => r.id(),
        }
    }
}

/// One move judged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveMark {
    /// Who played it.
    pub side: Color,
    /// Tempi lost.
    pub loss: u32,
    /// Its class.
    pub class: MoveClass,
    /// Why it is a blunder beyond its tempi.
    pub why: Option<BlunderReason>,
    /// The balance after it, from White's side, in tempi.
    pub balance: i32,
    /// Whether that balance is exact (a solved race, or the game's end).
    pub exact: bool,
}

/// A game's analysis.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AnalysisRecord {
    /// The game.
    pub game: GameId,
    /// The search effort it was made with, in nodes.
    pub effort: u64,
    /// The better move for each move (the move itself where it was best).
    #[serde(with = "codec::paths")]
    pub best: Vec<Path>,
    /// Each move's judgement, in order.
    pub marks: Vec<MoveMark>,
    /// Each side's accuracy, 0–100 (White, Black).
    pub accuracy: [f64; 2],
}

impl AnalysisRecord {
    /// Whether it is the analysis of a game of `moves` moves (a value that does not fit
    /// its game is not used).
    pub fn fits(&self, moves: usize) -> bool {
        self.marks.len() == moves && self.best.len() == moves
    }

    /// Each side's moves per class (White, Black; in [`MoveClass::ALL`] order).
    pub fn counts(&self) -> [[u32; 5]; 2] {
        let mut c = [[0; 5]; 2];
        for m in &self.marks {
            c[m.side.index()][m.class as usize] += 1;
        }
        c
    }
}
