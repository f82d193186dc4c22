//! A three- or four-seat game: the start, the turns, who left and when, and its record
//! (RULES §14 "Records").

use super::position::{Leave, MultiOutcome, MultiPos, MultiPositionError, Turn, places_text};
use super::seat::{MultiVariant, Seat};
use crate::engine::notation::{InputError, MoveError, Record, quote, read_squares};
use crate::engine::position::IllegalMove;
use crate::engine::square::BoardSize;

/// A game from its start position, with every turn and every leave.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MultiGame {
    start: MultiPos,
    turns: Vec<Turn>,
    /// (plies played when the player left, seat, how).
    leaves: Vec<(usize, Seat, Leave)>,
    pos: MultiPos,
}

/// Why a multi-player record could not be replayed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MultiRecordError {
    /// The variant is not a multi-player one.
    #[error("'{0}' is not halma4, halma3 or halma4-teams")]
    Variant(String),
    /// The `Position` tag is bad.
    #[error("position: {0}")]
    Position(#[from] MultiPositionError),
    /// A move cannot be read or played.
    #[error("move {} ({text}): {error}", ply + 1)]
    Move {
        /// 0-based index of the bad turn (passes count).
        ply: usize,
        /// The turn as written.
        text: String,
        /// What is wrong.
        error: MoveError,
    },
    /// A `Left` tag entry does not read as `<seat> resignation|timeout <ply>`, or names a
    /// seat that cannot leave then.
    #[error("Left tag: '{0}' should name a seat still playing, as in 'g timeout 34'")]
    Left(String),
    /// The record text is malformed.
    #[error("record syntax: {0}")]
    Syntax(String),
}

impl MultiRecordError {
    /// The 0-based ply of a bad move, if that is the error.
    pub fn ply(&self) -> Option<usize> {
        match self {
            MultiRecordError::Move { ply, .. } => Some(*ply),
            _ => None,
        }
    }
}

impl MultiGame {
    /// A new game from the variant's start.
    pub fn new(variant: MultiVariant) -> MultiGame {
        MultiGame::from_position(MultiPos::start(variant))
    }

    /// A game from a loaded position.
    pub fn from_position(start: MultiPos) -> MultiGame {
        MultiGame {
            start,
            turns: Vec::new(),
            leaves: Vec::new(),
            pos: start,
        }
    }

    /// The variant.
    pub fn variant(&self) -> MultiVariant {
        self.start.variant()
    }

    /// The current position.
    pub fn position(&self) -> &MultiPos {
        &self.pos
    }

    /// The start position.
    pub fn start(&self) -> &MultiPos {
        &self.start
    }

    /// The turns played, passes included.
    pub fn turns(&self) -> &[Turn] {
        &self.turns
    }

    /// Number of turns played.
    pub fn plies(&self) -> usize {
        self.turns.len()
    }

    /// Who left, in order: (plies played then, seat, how).
    pub fn leaves(&self) -> &[(usize, Seat, Leave)] {
        &self.leaves
    }

    /// Whether the game has ended.
    pub fn is_over(&self) -> bool {
        self.pos.is_over()
    }

    /// Places and reason once ended.
    pub fn outcome(&self) -> Option<MultiOutcome> {
        self.pos.outcome()
    }

    /// The places a record shows: every seat's once the game has ended; before that,
    /// only seats that have finished (none in teams, whose places are by team).
    pub fn places_known(&self) -> [Option<u8>; 4] {
        if let Some(o) = self.outcome() {
            return o.places;
        }
        if self.variant().teams() {
            return [None; 4];
        }
        let mut p = self.pos.places_now();
        let done = self.pos.finished().without(self.pos.left());
        for s in Seat::ALL {
            if !done.has(s) {
                p[s.index()] = None;
            }
        }
        p
    }

    /// The positions before each turn and the current one (for replays and pictures).
    pub fn positions(&self) -> Vec<MultiPos> {
        let mut v = Vec::with_capacity(self.turns.len() + 1);
        let mut p = self.start;
        let mut leaves = self.leaves.iter().peekable();
        for (i, t) in self.turns.iter().enumerate() {
            while let Some((_, s, how)) = leaves.next_if(|(at, _, _)| *at == i) {
                p.leave(*s, *how);
            }
            v.push(p);
            p = p.play(*t);
        }
        v.push(self.pos);
        v
    }

    /// Play a turn, checked.
    pub fn play(&mut self, t: Turn) -> Result<(), IllegalMove> {
        if self.pos.is_over() {
            return Err(IllegalMove::GameOver);
        }
        if !self.pos.is_legal(t) {
            return Err(match t {
                Turn::Pass => IllegalMove::NoPass,
                Turn::Move { .. } if self.pos.legal_turns() == [Turn::Pass] => {
                    IllegalMove::MustPass
                }
                Turn::Move { from, to } => {
                    let (a, b) = (
                        crate::engine::Square::from_index(from, 16),
                        crate::engine::Square::from_index(to, 16),
                    );
                    self.pos
                        .check_squares(&[a, b])
                        .err()
                        .unwrap_or(IllegalMove::Unreachable { from: a, to: b })
                }
            });
        }
        self.pos = self.pos.play(t);
        self.turns.push(t);
        Ok(())
    }

    /// Read typed text as the seat to move's turn (`--` is a pass) without playing it.
    pub fn parse_turn(&self, text: &str) -> Result<Turn, MoveError> {
        let t = text.trim();
        if t == "--" || t == "—" || t == "–" {
            return if self.pos.is_over() {
                Err(IllegalMove::GameOver.into())
            } else if self.pos.legal_turns() == [Turn::Pass] {
                Ok(Turn::Pass)
            } else {
                Err(IllegalMove::NoPass.into())
            };
        }
        let readings = read_squares(t)?;
        self.resolve(&readings)
    }

    /// The turn that one of the `readings` of typed text (see
    /// [`crate::engine::read_squares`]) names, the first that is legal; else why none is.
    pub fn resolve(&self, readings: &[Vec<crate::engine::Square>]) -> Result<Turn, MoveError> {
        let mut first_err = None;
        let mut off_board = None;
        for r in readings {
            if let Some(s) = r.iter().find(|s| !BoardSize::N16.contains(**s)) {
                off_board.get_or_insert(*s);
                continue;
            }
            match self.pos.check_squares(r) {
                Ok(turn) => return Ok(turn),
                Err(e) => {
                    first_err.get_or_insert(e);
                }
            }
        }
        if let Some(e) = first_err {
            if self.pos.legal_turns() == [Turn::Pass] && !matches!(e, IllegalMove::GameOver) {
                return Err(IllegalMove::MustPass.into());
            }
            return Err(e.into());
        }
        match off_board {
            Some(square) => Err(InputError::OffBoard {
                square,
                board: BoardSize::N16,
            }
            .into()),
            None => Err(InputError::Empty.into()),
        }
    }

    /// Read and play typed text; returns the turn.
    pub fn play_text(&mut self, text: &str) -> Result<Turn, MoveError> {
        let t = self.parse_turn(text)?;
        self.play(t)?;
        Ok(t)
    }

    /// The player of `s` leaves now (RULES §14 "Leaving"); the program plays the seat on.
    pub fn leave(&mut self, s: Seat, how: Leave) {
        let before = self.pos;
        self.pos.leave(s, how);
        if self.pos != before {
            self.leaves.push((self.turns.len(), s, how));
        }
    }

    /// Replay a record: the `Variant` tag (or `variant`), the `Position` tag (or
    /// `start`), the turns and the `Left` tag.
    pub fn from_record(
        record: &Record,
        variant: Option<MultiVariant>,
        start: Option<&str>,
    ) -> Result<MultiGame, MultiRecordError> {
        let variant = match variant {
            Some(v) => v,
            None => {
                let name = record.tag("Variant").unwrap_or("halma4");
                name.parse()
                    .map_err(|()| MultiRecordError::Variant(name.to_string()))?
            }
        };
        let start_pos = match start.or_else(|| record.tag("Position")) {
            Some(t) => MultiPos::from_text(variant, t)?,
            None => MultiPos::start(variant),
        };
        let leaves = parse_left(record.tag("Left").unwrap_or(""))?;
        let mut game = MultiGame::from_position(start_pos);
        let mut pending = leaves.into_iter().peekable();
        // Each leave must change the game (a seated seat, not finished, not left twice,
        // in a game still in play), or rewriting the record would silently drop it.
        let leave = |game: &mut MultiGame, at: usize, s: Seat, how: Leave| {
            let n = game.leaves.len();
            game.leave(s, how);
            if game.leaves.len() == n {
                let how = match how {
                    Leave::Resignation => "resignation",
                    Leave::Timeout => "timeout",
                };
                return Err(MultiRecordError::Left(format!("{s} {how} {at}")));
            }
            Ok(())
        };
        for (ply, text) in record.moves.iter().enumerate() {
            while let Some((at, s, how)) = pending.next_if(|(at, _, _)| *at == ply) {
                leave(&mut game, at, s, how)?;
            }
            game.play_text(text)
                .map_err(|error| MultiRecordError::Move {
                    ply,
                    text: text.clone(),
                    error,
                })?;
        }
        let plies = record.moves.len();
        for (at, s, how) in pending {
            if at != plies {
                return Err(MultiRecordError::Left(format!(
                    "{s} at {at}, after the last of {plies} turns"
                )));
            }
            leave(&mut game, at, s, how)?;
        }
        Ok(game)
    }

    /// The record (RULES §14): tags, then the turns numbered by round.
    pub fn write_record(&self, tags: &[(&str, &str)]) -> String {
        let mut out = format!("[Variant \"{}\"]\n", self.variant().id());
        for (n, v) in tags {
            if ["Variant", "Position", "Places", "Termination", "Left"]
                .iter()
                .any(|k| k.eq_ignore_ascii_case(n))
            {
                continue;
            }
            out.push_str(&format!("[{n} \"{}\"]\n", quote(v)));
        }
        if self.start != MultiPos::start(self.variant()) {
            out.push_str(&format!("[Position \"{}\"]\n", self.start.to_text()));
        }
        if !self.leaves.is_empty() {
            let list: Vec<String> = self
                .leaves
                .iter()
                .map(|(at, s, how)| {
                    let how = match how {
                        Leave::Resignation => "resignation",
                        Leave::Timeout => "timeout",
                    };
                    format!("{s} {how} {at}")
                })
                .collect();
            out.push_str(&format!("[Left \"{}\"]\n", list.join("; ")));
        }
        let text = places_text(&self.places_known());
        if !text.is_empty() {
            out.push_str(&format!("[Places \"{text}\"]\n"));
        }
        if let Some(o) = self.outcome() {
            out.push_str(&format!("[Termination \"{}\"]\n", o.reason.id()));
        }
        out.push('\n');
        let mut words: Vec<String> = Vec::new();
        let positions = self.positions();
        let mut round = 0;
        for (i, t) in self.turns.iter().enumerate() {
            let p = &positions[i];
            if p.round() != round {
                round = p.round();
                let first = p.playing().iter().next();
                if i == 0 && first != Some(p.to_move()) {
                    words.push(format!("{round}..."));
                } else {
                    words.push(format!("{round}."));
                }
            }
            words.push(p.turn_text(*t));
        }
        if !self.is_over() {
            words.push("*".into());
        }
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
}

/// `g timeout 34; r resignation 51`: who left, how, and after how many turns.
fn parse_left(text: &str) -> Result<Vec<(usize, Seat, Leave)>, MultiRecordError> {
    let mut v = Vec::new();
    for entry in text.split(';').map(str::trim).filter(|e| !e.is_empty()) {
        let bad = || MultiRecordError::Left(entry.to_string());
        let parts: Vec<&str> = entry.split_whitespace().collect();
        let [seat, how, at] = parts.as_slice() else {
            return Err(bad());
        };
        let seat = seat
            .chars()
            .next()
            .filter(|_| seat.len() == 1)
            .and_then(Seat::from_letter)
            .ok_or_else(bad)?;
        let how = match *how {
            "resignation" => Leave::Resignation,
            "timeout" => Leave::Timeout,
            _ => return Err(bad()),
        };
        let at: usize = at.parse().map_err(|_| bad())?;
        v.push((at, seat, how));
    }
    v.sort_by_key(|(at, _, _)| *at);
    Ok(v)
}
