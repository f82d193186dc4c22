//! A game with history: moves applied and adjudicated in the order of RULES.md §4.

use super::notation::{self, MoveError, Record, RecordError, quote};
use super::outcome::{GameResult, Outcome, Reason};
use super::position::{IllegalMove, Move, Path, Position, Variant};
use super::square::{Color, Square};
use std::collections::HashMap;

/// A game: start position, the paths played, the current position and the outcome once decided.
#[derive(Clone, Debug)]
pub struct Game {
    start: Position,
    position: Position,
    moves: Vec<Path>,
    seen: HashMap<u64, u8>,
    outcome: Option<Outcome>,
}

/// What one played move did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// The path as played (the shortest chain when only two squares were given).
    pub path: Path,
    /// The outcome if this move ended the game.
    pub outcome: Option<Outcome>,
}

impl Game {
    /// A new game from the variant's start, White first.
    pub fn new(variant: &Variant) -> Game {
        Game::from_position(variant.start())
    }

    /// A game from a loaded position, adjudicated as if its last move had just been played.
    pub fn from_position(start: Position) -> Game {
        let mut seen = HashMap::new();
        seen.insert(start.hash(), 1);
        let outcome = start.terminal();
        Game {
            position: start.clone(),
            start,
            moves: Vec::new(),
            seen,
            outcome,
        }
    }

    /// The variant.
    pub fn variant(&self) -> &Variant {
        self.start.variant()
    }

    /// The starting position.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// Paths played so far, in order.
    pub fn moves(&self) -> &[Path] {
        &self.moves
    }

    /// Number of plies played.
    pub fn plies(&self) -> usize {
        self.moves.len()
    }

    /// The outcome, once the game is decided.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Whether the game has ended.
    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// Side to move.
    pub fn side_to_move(&self) -> Color {
        self.position.side_to_move()
    }

    /// Legal moves now (none once the game is over).
    pub fn legal_moves(&self) -> Vec<Move> {
        if self.is_over() {
            Vec::new()
        } else {
            self.position.legal_moves()
        }
    }

    /// How many times the current position has occurred (the start counts).
    pub fn repetitions(&self) -> u8 {
        self.seen.get(&self.position.hash()).copied().unwrap_or(0)
    }

    /// Check typed squares without playing (for previews and confirmations).
    pub fn check(&self, squares: &[Square]) -> Result<Path, IllegalMove> {
        if self.is_over() {
            return Err(IllegalMove::GameOver);
        }
        self.position.check_squares(squares)
    }

    /// Play typed squares (two = (from, to) with the shortest chain; more = exact chain).
    pub fn play_squares(&mut self, squares: &[Square]) -> Result<Played, IllegalMove> {
        let path = self.check(squares)?;
        Ok(self.apply(path))
    }

    /// Play a (from, to) move.
    pub fn play(&mut self, m: Move) -> Result<Played, IllegalMove> {
        self.play_squares(&[m.from, m.to])
    }

    /// Play a move typed by a person (all the forgiving forms of [`notation::parse_move`]).
    pub fn play_text(&mut self, text: &str) -> Result<Played, MoveError> {
        if self.is_over() {
            return Err(MoveError::Illegal(IllegalMove::GameOver));
        }
        let path = notation::parse_move(&self.position, text)?;
        Ok(self.apply(path))
    }

    /// Apply a checked path and adjudicate, in RULES §4 order: return home, goal, exit
    /// deadline, move limit, repetition, no legal move.
    fn apply(&mut self, path: Path) -> Played {
        let m = path.as_move();
        let mover = self.position.side_to_move();
        let return_home = self.position.is_return_home(m);
        self.position = self.position.play_unchecked(m);
        self.moves.push(path.clone());
        let count = {
            let e = self.seen.entry(self.position.hash()).or_insert(0);
            *e = e.saturating_add(1);
            *e
        };
        let outcome = if return_home {
            Some(Outcome::win(!mover, Reason::ReturnHome))
        } else if let Some(o) = self.position.status() {
            Some(o)
        } else if count >= 3 && self.position.repetition_applies() {
            Some(Outcome::draw(Reason::Repetition))
        } else {
            self.position.terminal()
        };
        self.outcome = outcome;
        Played { path, outcome }
    }

    /// End the game for a reason outside the board (time, resignation, agreement,
    /// abandonment). Does nothing and returns false if it is already over.
    pub fn end(&mut self, outcome: Outcome) -> bool {
        if self.is_over() {
            return false;
        }
        self.outcome = Some(outcome);
        true
    }

    /// `c` resigns.
    pub fn resign(&mut self, c: Color) -> bool {
        self.end(Outcome::win(!c, Reason::Resignation))
    }

    /// `c` ran out of time.
    pub fn timeout(&mut self, c: Color) -> bool {
        self.end(Outcome::win(!c, Reason::Timeout))
    }

    /// Replay a record onto `variant` (or the record's own `Variant` tag when `None`),
    /// from `start` (or the record's `Position` tag, or the variant's start).
    pub fn from_record(
        record: &Record,
        variant: Option<&Variant>,
        start: Option<&str>,
    ) -> Result<Game, RecordError> {
        let variant = match variant {
            Some(v) => v.clone(),
            None => record.variant()?,
        };
        let start_text = start
            .map(str::to_string)
            .or_else(|| record.tag("Position").map(str::to_string));
        let start = match start_text {
            Some(t) => Position::from_text(&variant, &t)?,
            None => variant.start(),
        };
        let mut game = Game::from_position(start);
        for (ply, text) in record.moves.iter().enumerate() {
            game.play_text(text).map_err(|error| RecordError::Move {
                ply,
                text: text.clone(),
                error,
            })?;
        }
        // A record may carry an off-board ending (resignation, time, agreement).
        if !game.is_over()
            && let (Some(res), Some(reason)) = (
                record
                    .tag("Result")
                    .and_then(|r| r.parse::<GameResult>().ok()),
                record
                    .tag("Termination")
                    .and_then(|r| r.parse::<Reason>().ok()),
            )
            && matches!(
                reason,
                Reason::Timeout | Reason::Resignation | Reason::Agreement | Reason::Abandoned
            )
        {
            game.end(Outcome {
                result: res,
                reason,
            });
        }
        Ok(game)
    }

    /// The game record text with the given extra tags (White, Black, Date, ...).
    pub fn to_record(&self, tags: &[(&str, &str)]) -> String {
        write_record(self, tags)
    }
}

/// Write a record: `Variant`, the caller's tags, `Position` when not the standard start,
/// `Result` and `Termination`, then numbered move pairs wrapped at 80 columns.
pub fn write_record(game: &Game, tags: &[(&str, &str)]) -> String {
    let mut out = String::new();
    let variant = game.variant();
    out.push_str(&format!("[Variant \"{}\"]\n", quote(&variant.spec())));
    for (n, v) in tags {
        if ["Variant", "Position", "Result", "Termination"]
            .iter()
            .any(|k| k.eq_ignore_ascii_case(n))
        {
            continue;
        }
        out.push_str(&format!("[{n} \"{}\"]\n", quote(v)));
    }
    if *game.start() != variant.start() {
        out.push_str(&format!("[Position \"{}\"]\n", game.start().to_text()));
    }
    let result = game.outcome().map_or("*", |o| o.result.as_str());
    out.push_str(&format!("[Result \"{result}\"]\n"));
    if let Some(o) = game.outcome() {
        out.push_str(&format!("[Termination \"{}\"]\n", o.reason.id()));
    }
    out.push('\n');
    let solo = variant.rules().solo;
    let mut number = game.start().move_number();
    let mut side = game.start().side_to_move();
    let mut words: Vec<String> = Vec::new();
    for (i, p) in game.moves().iter().enumerate() {
        if side == Color::White {
            words.push(format!("{number}."));
        } else if i == 0 {
            words.push(format!("{number}..."));
        }
        words.push(p.to_string());
        if solo {
            number += 1;
        } else {
            if side == Color::Black {
                number += 1;
            }
            side = !side;
        }
    }
    words.push(result.to_string());
    let mut line = String::new();
    for w in words {
        if !line.is_empty() && line.len() + 1 + w.len() > 80 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&w);
    }
    out.push_str(&line);
    out.push('\n');
    out
}
