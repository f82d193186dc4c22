//! The words of a game's analysis (docs/ANALYSIS.md): its message, the captions of its
//! picture, and the answers to asking for one. One implementation per language, next to
//! the rest of its texts (`en.rs`, `ru.rs`).

use crate::engine::Color;
use crate::game::{BlunderReason, GameId, MoveClass};

/// One move the message names.
#[derive(Clone, Debug)]
pub struct WorstMove {
    /// Its index in the game (0 = the first move).
    pub ply: usize,
    /// Who played it.
    pub side: Color,
    /// The move played.
    pub played: String,
    /// The better move.
    pub better: String,
    /// Tempi lost.
    pub loss: u32,
    /// Its class.
    pub class: MoveClass,
    /// Why it is a blunder beyond its tempi.
    pub why: Option<BlunderReason>,
}

/// What the analysis message says.
#[derive(Clone, Debug)]
pub struct AnalysisView {
    /// The game.
    pub game: GameId,
    /// The players' names (HTML), White and Black.
    pub names: [String; 2],
    /// Accuracy, White and Black.
    pub accuracy: [f64; 2],
    /// Moves per class, White and Black, in [`MoveClass::ALL`] order.
    pub counts: [[u32; 5]; 2],
    /// The worst moves, worst first (at most three).
    pub worst: Vec<WorstMove>,
}

/// The move number of `ply` as a record shows it: `14.` for White's, `14…` for Black's.
pub fn move_number(ply: usize, side: Color) -> String {
    let n = ply / 2 + 1;
    match side {
        Color::White => format!("{n}."),
        Color::Black => format!("{n}…"),
    }
}

/// ⚪ or ⚫.
pub fn side_mark(c: Color) -> &'static str {
    match c {
        Color::White => "⚪",
        Color::Black => "⚫",
    }
}

/// The annotation a record gives a move of this class (`?!`, `?`, `??`).
pub fn class_mark(c: MoveClass) -> &'static str {
    match c {
        MoveClass::Best | MoveClass::Good => "",
        MoveClass::Inaccuracy => "?!",
        MoveClass::Mistake => "?",
        MoveClass::Blunder => "??",
    }
}

/// The analysis' words in one language.
pub trait AnalysisTexts {
    /// The button under a finished game.
    fn btn_analysis(&self) -> String;
    /// The button under the analysis that opens it in the Mini App.
    fn btn_analysis_page(&self) -> String;
    /// The message (HTML), the caption of the picture.
    fn analysis(&self, v: &AnalysisView) -> String;
    /// A move's class, as a club player says it.
    fn class_name(&self, c: MoveClass) -> String;
    /// The caption above a worst move's board in the picture (plain text).
    fn analysis_board_caption(&self, m: &WorstMove) -> String;
    /// The chart's title (plain text).
    fn analysis_chart_title(&self) -> String;
    /// The chart's horizontal axis (plain text).
    fn analysis_chart_axis(&self) -> String;
    /// The analysis is being made.
    fn analysis_started(&self) -> String;
    /// It waits behind `ahead` others.
    fn analysis_queued(&self, ahead: usize) -> String;
    /// The game is being analysed already: it comes here too.
    fn analysis_joined(&self) -> String;
    /// The person waits for `limit` analyses already.
    fn analysis_full(&self, limit: usize) -> String;
    /// Everyone's queue is full.
    fn analysis_busy(&self) -> String;
    /// `/analyze` found no finished game of the asker's.
    fn analysis_nothing(&self) -> String;
    /// `/analyze` named no game (`/analyze 12x`).
    fn analysis_usage(&self) -> String;
    /// The game is still being played.
    fn analysis_in_play(&self) -> String;
    /// The game was called off.
    fn analysis_aborted(&self) -> String;
    /// Someone else's game, not shown in this chat.
    fn analysis_not_yours(&self) -> String;
    /// A training run or a table of three or four.
    fn analysis_two_players_only(&self) -> String;
    /// The analysis could not be made.
    fn analysis_failed(&self) -> String;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::texts::texts;
    use crate::game::Language;

    fn view() -> AnalysisView {
        AnalysisView {
            game: GameId(42),
            names: ["Alice".into(), "Boris".into()],
            accuracy: [91.5, 78.0],
            counts: [[30, 5, 1, 2, 1], [28, 6, 3, 0, 2]],
            worst: vec![WorstMove {
                ply: 13,
                side: Color::Black,
                played: "g6-e6".into(),
                better: "f7-e7".into(),
                loss: 3,
                class: MoveClass::Blunder,
                why: None,
            }],
        }
    }

    #[test]
    fn the_message_uses_the_words_a_club_player_knows() {
        let en = texts(Language::En).analysis(&view());
        assert!(en.contains("Analysis of game #42"), "{en}");
        assert!(
            en.contains("Alice: accuracy 91.5% · 1 inaccuracy, 2 mistakes, 1 blunder"),
            "{en}"
        );
        assert!(
            en.contains("7… g6-e6 — blunder, −3 tempi; better f7-e7"),
            "{en}"
        );
        let ru = texts(Language::Ru).analysis(&view());
        assert!(ru.contains("Разбор партии #42"), "{ru}");
        assert!(
            ru.contains("Alice: точность 91,5 % · неточностей 1, ошибок 2, зевков 1"),
            "{ru}"
        );
        assert!(
            ru.contains("7… g6-e6 — зевок, −3 темпа; лучше f7-e7"),
            "{ru}"
        );
        let w = &view().worst[0];
        assert_eq!(
            texts(Language::Ru).analysis_board_caption(w),
            "7… g6-e6 ?? → f7-e7"
        );
        assert_eq!(texts(Language::Ru).class_name(MoveClass::Mistake), "ошибка");
        assert_eq!(
            texts(Language::Ru).class_name(MoveClass::Inaccuracy),
            "неточность"
        );
    }
}
