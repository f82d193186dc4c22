//! Move text as people type it, and game records (tags + numbered move pairs).

use super::position::{IllegalMove, Path, Position, PositionError, Variant};
use super::square::{BoardSize, Square};
use super::variant::OptionError;
use std::fmt;

/// Why typed text is not a move the position allows.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// The text does not read as squares.
    #[error("{0}")]
    Input(#[from] InputError),
    /// It reads as squares, but the move is not legal here.
    #[error("{0}")]
    Illegal(#[from] IllegalMove),
}

/// Text that does not read as a move at all.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum InputError {
    /// Nothing typed.
    #[error("type a move such as c3-e5 or c3-e3-e5")]
    Empty,
    /// A character that is neither a square nor a separator.
    #[error("unexpected '{ch}' at position {column}")]
    UnexpectedChar {
        /// The character.
        ch: char,
        /// 1-based character position.
        column: usize,
    },
    /// A file letter with no rank number after it.
    #[error("'{letter}' at position {column} needs a rank number after it")]
    MissingRank {
        /// The letter as typed.
        letter: char,
        /// 1-based position.
        column: usize,
    },
    /// A number with no file letter before it, or a rank out of range.
    #[error("'{text}' at position {column} is not a square")]
    BadSquare {
        /// The text.
        text: String,
        /// 1-based position.
        column: usize,
    },
    /// Only one square was given.
    #[error("a move needs two squares: where from and where to (e.g. {0}-...)")]
    OneSquare(Square),
    /// A square is off the board in every reading.
    #[error("{square} is not on the {board} board")]
    OffBoard {
        /// The square.
        square: Square,
        /// The board.
        board: BoardSize,
    },
}

/// File candidates for one typed character, most likely reading first: Latin letters,
/// Cyrillic look-alikes, and keys typed with a Russian (ЙЦУКЕН) layout active.
fn file_candidates(c: char) -> &'static [u8] {
    match c {
        'a'..='p' => {
            const FILES: [u8; 16] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15];
            let i = (c as u8 - b'a') as usize;
            &FILES[i..=i]
        }
        'а' => &[0, 5],  // look-alike a; the F key
        'в' => &[1, 3],  // В looks like B; the D key
        'с' => &[2],     // look-alike c, and the C key
        'е' => &[4],     // look-alike e
        'у' => &[4],     // the E key
        'н' => &[7],     // Н looks like H (the Y key is no file)
        'р' => &[15, 7], // look-alike p; the H key
        'о' => &[14, 9], // look-alike o; the J key
        'к' => &[10],    // look-alike k
        'м' => &[12],    // М looks like M
        'т' => &[13],    // the N key
        'ь' => &[1, 12], // looks like b; the M key
        'ф' => &[0],     // the A key
        'и' => &[1],     // the B key
        'б' => &[1],     // looks like b
        'п' => &[6, 13], // the G key; looks like n
        'ш' => &[8],     // the I key
        'л' => &[10],    // the K key
        'д' => &[11],    // the L key
        'щ' => &[14],    // the O key
        'з' => &[15],    // the P key
        _ => &[],
    }
}

fn is_separator(c: char) -> bool {
    c.is_whitespace()
        || matches!(
            c,
            '-' | '–'
                | '—'
                | '−'
                | '‐'
                | '‑'
                | '‒'
                | '―'
                | ':'
                | '.'
                | ','
                | ';'
                | '>'
                | '→'
                | '/'
                | '_'
                | 'x'
                | '×'
                | 'х'
                | 'ю'
                | '!'
                | '?'
                | '*'
        )
}

/// Read typed text as squares. Each element is one reading (ambiguous Cyrillic letters give
/// several), most likely first; squares are not checked against a board here.
pub fn read_squares(text: &str) -> Result<Vec<Vec<Square>>, InputError> {
    let chars: Vec<char> = text.chars().flat_map(char::to_lowercase).collect();
    let mut tokens: Vec<(&'static [u8], u8)> = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let column = i + 1;
        if c.is_ascii_digit() {
            let mut j = i;
            while j < chars.len() && chars[j].is_ascii_digit() {
                j += 1;
            }
            return Err(InputError::BadSquare {
                text: chars[i..j].iter().collect(),
                column,
            });
        }
        let files = file_candidates(c);
        if !files.is_empty() {
            let mut j = i + 1;
            while j < chars.len() && chars[j].is_ascii_digit() {
                j += 1;
            }
            let digits: String = chars[i + 1..j].iter().collect();
            if digits.is_empty() {
                return Err(InputError::MissingRank {
                    letter: text.chars().nth(i).unwrap_or(c),
                    column,
                });
            }
            let rank = digits
                .parse::<u8>()
                .ok()
                .filter(|r| (1..=16).contains(r) && !digits.starts_with('0'))
                .ok_or_else(|| InputError::BadSquare {
                    text: chars[i..j].iter().collect(),
                    column,
                })?;
            tokens.push((files, rank - 1));
            i = j;
            continue;
        }
        if is_separator(c) {
            i += 1;
            continue;
        }
        return Err(InputError::UnexpectedChar {
            ch: text.chars().nth(i).unwrap_or(c),
            column,
        });
    }
    if tokens.is_empty() {
        return Err(InputError::Empty);
    }
    let mut readings: Vec<Vec<Square>> = vec![Vec::new()];
    for (files, rank) in &tokens {
        let mut next = Vec::new();
        for r in &readings {
            for f in files.iter() {
                let mut v = r.clone();
                v.push(Square::new(*f, *rank));
                next.push(v);
            }
        }
        next.truncate(256);
        readings = next;
    }
    if tokens.len() == 1 {
        return Err(InputError::OneSquare(readings[0][0]));
    }
    Ok(readings)
}

/// Parse a move as a person types it (`c3-e3-e5`, `c3-e5`, `C3 E5`, `c3e5`, `c3:e5`, dashes of
/// every kind, Cyrillic look-alikes, Russian layout) and check it; where readings differ the
/// legal one wins, otherwise the most likely reading's reason is given.
pub fn parse_move(position: &Position, text: &str) -> Result<Path, MoveError> {
    resolve_readings(position, &read_squares(text)?)
}

/// The move that [`read_squares`]'s `readings` of a typed text make in `position` (see
/// [`parse_move`]), for a caller that has read the text already (to tell a move from a
/// chat message) and need not read it again.
pub fn resolve_readings(position: &Position, readings: &[Vec<Square>]) -> Result<Path, MoveError> {
    let board = position.variant().board();
    let mut first_err: Option<IllegalMove> = None;
    let mut off_board: Option<Square> = None;
    for r in readings {
        if let Some(s) = r.iter().find(|s| !board.contains(**s)) {
            off_board.get_or_insert(*s);
            continue;
        }
        match position.check_squares(r) {
            Ok(p) => return Ok(p),
            Err(e) => {
                first_err.get_or_insert(e);
            }
        }
    }
    match (first_err, off_board) {
        (Some(e), _) => Err(MoveError::Illegal(e)),
        (None, Some(square)) => Err(MoveError::Input(InputError::OffBoard { square, board })),
        (None, None) => Err(MoveError::Input(InputError::Empty)),
    }
}

/// Why a record could not be replayed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    /// A tag names an unknown variant or bad option.
    #[error("{0}")]
    Variant(#[from] OptionError),
    /// The `Position` tag or `--position` text is bad.
    #[error("position: {0}")]
    Position(#[from] PositionError),
    /// A move cannot be read or played.
    #[error("move {} ({text}): {error}", ply + 1)]
    Move {
        /// 0-based index of the bad move.
        ply: usize,
        /// The move as written.
        text: String,
        /// What is wrong.
        error: MoveError,
    },
    /// The record text itself is malformed (unclosed tag or comment).
    #[error("record syntax: {0}")]
    Syntax(String),
}

impl RecordError {
    /// The 0-based ply of a bad move, if that is the error.
    pub fn ply(&self) -> Option<usize> {
        match self {
            RecordError::Move { ply, .. } => Some(*ply),
            _ => None,
        }
    }
}

/// A game record: tags and the moves as written.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Record {
    /// `[Name "Value"]` tags in order.
    pub tags: Vec<(String, String)>,
    /// Move tokens in order (numbers and results removed).
    pub moves: Vec<String>,
    /// The result token at the end of the move text, if any.
    pub result: Option<String>,
}

impl Record {
    /// The value of tag `name` (case-insensitive name).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// The variant named by the `Variant` tag (`classic` when absent).
    pub fn variant(&self) -> Result<Variant, OptionError> {
        Variant::parse(self.tag("Variant").unwrap_or("classic"))
    }

    /// Parse record text: optional tags, then numbered (`1. c3-d3 f6-e6`) or plain move lists,
    /// `{comments}`, and a result token.
    pub fn parse(text: &str) -> Result<Record, RecordError> {
        let mut rec = Record::default();
        let mut rest = String::new();
        for line in text.lines() {
            let t = line.trim();
            if t.starts_with('[') {
                let inner = t
                    .strip_prefix('[')
                    .and_then(|s| s.strip_suffix(']'))
                    .ok_or_else(|| RecordError::Syntax(format!("unclosed tag: {t}")))?;
                let (name, value) = inner
                    .split_once(char::is_whitespace)
                    .ok_or_else(|| RecordError::Syntax(format!("tag without value: {t}")))?;
                let value = value.trim();
                let value = value
                    .strip_prefix('"')
                    .and_then(|v| v.strip_suffix('"'))
                    .ok_or_else(|| RecordError::Syntax(format!("tag value must be quoted: {t}")))?;
                rec.tags.push((
                    name.to_string(),
                    value.replace("\\\"", "\"").replace("\\\\", "\\"),
                ));
            } else {
                rest.push_str(line);
                rest.push('\n');
            }
        }
        let mut text = String::new();
        let mut depth = 0;
        for c in rest.chars() {
            match c {
                '{' => depth += 1,
                '}' if depth > 0 => depth -= 1,
                _ if depth == 0 => text.push(c),
                _ => {}
            }
        }
        if depth != 0 {
            return Err(RecordError::Syntax("unclosed {comment}".into()));
        }
        for tok in text.split(|c: char| c.is_whitespace() || c == ',' || c == ';') {
            let tok = tok.trim();
            if tok.is_empty() {
                continue;
            }
            if matches!(tok, "1-0" | "0-1" | "1/2-1/2" | "½-½" | "*") {
                rec.result = Some(tok.to_string());
                continue;
            }
            // Strip a move number: `12.`, `12...`, or glued `12.c3-d3`.
            let digits = tok.chars().take_while(char::is_ascii_digit).count();
            let after = &tok[digits..];
            let tok = if digits > 0 && after.starts_with('.') {
                after.trim_start_matches('.')
            } else {
                tok
            };
            if !tok.is_empty() {
                rec.moves.push(tok.to_string());
            }
        }
        Ok(rec)
    }
}

/// A tag value with `\` and `"` escaped.
pub(super) fn quote(v: &str) -> String {
    v.replace('\\', "\\\\").replace('"', "\\\"")
}

impl fmt::Display for Record {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (n, v) in &self.tags {
            writeln!(f, "[{n} \"{}\"]", quote(v))?;
        }
        write!(f, "{}", self.moves.join(" "))
    }
}
