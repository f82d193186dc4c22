//! Squares, colours and board sizes: the small typed values every other module speaks.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A side of the game; White starts in the a1 corner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Color {
    /// The side whose home is the a1 corner.
    White = 0,
    /// The side whose home is the opposite corner.
    Black = 1,
}

impl Color {
    /// Both colours, White first, for loops over sides.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// Array index (White 0, Black 1) for per-side tables.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The opponent.
    #[inline]
    pub const fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// The letter used in position text (`w` / `b`).
    pub const fn letter(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }

    /// Lower-case English name, as used in CLI flags and JSON.
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }
}

impl std::ops::Not for Color {
    type Output = Color;
    #[inline]
    fn not(self) -> Color {
        self.other()
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The three supported board sizes; the size fixes the bitboard width used.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum BoardSize {
    /// 8×8, files a–h.
    #[serde(rename = "8")]
    N8,
    /// 10×10, files a–j.
    #[serde(rename = "10")]
    N10,
    /// 16×16, files a–p.
    #[serde(rename = "16")]
    N16,
}

impl BoardSize {
    /// Number of files (= ranks).
    #[inline]
    pub const fn n(self) -> u8 {
        match self {
            BoardSize::N8 => 8,
            BoardSize::N10 => 10,
            BoardSize::N16 => 16,
        }
    }

    /// The size with `n` files, if supported.
    pub fn from_n(n: u32) -> Option<BoardSize> {
        match n {
            8 => Some(BoardSize::N8),
            10 => Some(BoardSize::N10),
            16 => Some(BoardSize::N16),
            _ => None,
        }
    }

    /// Number of squares.
    pub const fn squares(self) -> usize {
        let n = self.n() as usize;
        n * n
    }

    /// Whether `sq` lies on this board.
    pub const fn contains(self, sq: Square) -> bool {
        sq.file < self.n() && sq.rank < self.n()
    }

    /// Every square, ordered by bit index (a1, b1, ..., then rank 2).
    pub fn all_squares(self) -> impl Iterator<Item = Square> {
        let n = self.n();
        (0..n).flat_map(move |r| (0..n).map(move |f| Square::new(f, r)))
    }
}

impl fmt::Display for BoardSize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.n(), self.n())
    }
}

/// A board square as 0-based (file, rank); independent of board size so `c3` means the same everywhere.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Square {
    /// 0 = file a.
    pub file: u8,
    /// 0 = rank 1.
    pub rank: u8,
}

impl Square {
    /// A square from 0-based file and rank.
    #[inline]
    pub const fn new(file: u8, rank: u8) -> Square {
        Square { file, rank }
    }

    /// Bit index on a board with `n` files (rank-major, a1 = 0).
    #[inline]
    pub const fn index(self, n: u8) -> u8 {
        self.rank * n + self.file
    }

    /// The square with bit index `i` on a board with `n` files.
    #[inline]
    pub const fn from_index(i: u8, n: u8) -> Square {
        Square {
            file: i % n,
            rank: i / n,
        }
    }

    /// The 180° rotation about the board centre (how Black's home mirrors White's).
    #[inline]
    pub const fn rotated(self, size: BoardSize) -> Square {
        let n = size.n();
        Square::new(n - 1 - self.file, n - 1 - self.rank)
    }

    /// Key for the (file, rank) order RULES.md uses to break ties between paths.
    #[inline]
    pub const fn order_key(self) -> u16 {
        ((self.file as u16) << 8) | self.rank as u16
    }

    /// Parse `c3` / `p16` (ASCII, lower or upper case) without checking a board.
    pub fn parse(s: &str) -> Option<Square> {
        let mut chars = s.chars();
        let letter = chars.next()?.to_ascii_lowercase();
        if !letter.is_ascii_lowercase() {
            return None;
        }
        let digits = chars.as_str();
        if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        if digits.starts_with('0') {
            return None;
        }
        let rank: u8 = digits.parse().ok()?;
        let file = letter as u8 - b'a';
        if file >= 16 || rank == 0 || rank > 16 {
            return None;
        }
        Some(Square::new(file, rank - 1))
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file) as char, self.rank + 1)
    }
}

impl PartialOrd for Square {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

/// Squares order by (file, rank), the order RULES.md §3 uses for tie-breaks and listings.
impl Ord for Square {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.order_key().cmp(&other.order_key())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_and_print() {
        assert_eq!(Square::parse("c3"), Some(Square::new(2, 2)));
        assert_eq!(Square::parse("P16"), Some(Square::new(15, 15)));
        assert_eq!(Square::parse("a0"), None);
        assert_eq!(Square::parse("a17"), None);
        assert_eq!(Square::parse("q1"), None);
        assert_eq!(Square::parse("a03"), None);
        assert_eq!(Square::new(7, 7).to_string(), "h8");
        assert_eq!(Square::new(9, 9).to_string(), "j10");
    }

    #[test]
    fn rotation_and_order() {
        assert_eq!(Square::new(0, 0).rotated(BoardSize::N8), Square::new(7, 7));
        assert_eq!(Square::new(2, 1).rotated(BoardSize::N10), Square::new(7, 8));
        assert!(Square::parse("a3").unwrap() < Square::parse("b1").unwrap());
        assert!(Square::parse("a2").unwrap() < Square::parse("a10").unwrap());
    }
}
