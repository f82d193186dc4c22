//! Seats and the three multi-player variants (RULES.md §14).

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// One of the four seats, in turn order (clockwise as White sees the board).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Seat {
    /// White: camp in the a1 corner.
    #[serde(rename = "w")]
    White,
    /// Green: camp in the a16 corner.
    #[serde(rename = "g")]
    Green,
    /// Black: camp in the p16 corner.
    #[serde(rename = "b")]
    Black,
    /// Red: camp in the p1 corner.
    #[serde(rename = "r")]
    Red,
}

impl Seat {
    /// All seats in turn order.
    pub const ALL: [Seat; 4] = [Seat::White, Seat::Green, Seat::Black, Seat::Red];

    /// 0..4 in turn order.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The seat with turn-order index `i` (taken modulo 4).
    #[inline]
    pub const fn from_index(i: usize) -> Seat {
        Seat::ALL[i % 4]
    }

    /// The letter of position text and records (`w`, `g`, `b`, `r`).
    pub const fn letter(self) -> char {
        match self {
            Seat::White => 'w',
            Seat::Green => 'g',
            Seat::Black => 'b',
            Seat::Red => 'r',
        }
    }

    /// The seat of a letter (either case).
    pub fn from_letter(c: char) -> Option<Seat> {
        Seat::ALL
            .into_iter()
            .find(|s| s.letter() == c.to_ascii_lowercase())
    }

    /// English colour name.
    pub const fn name(self) -> &'static str {
        match self {
            Seat::White => "White",
            Seat::Green => "Green",
            Seat::Black => "Black",
            Seat::Red => "Red",
        }
    }

    /// The seat in the opposite corner: whose camp this seat's target is.
    pub const fn opposite(self) -> Seat {
        Seat::from_index(self.index() + 2)
    }

    /// Quarter turns (counter-clockwise) that bring this seat's camp to White's corner.
    pub const fn quarter_turns(self) -> u8 {
        self as u8
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// A set of seats.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SeatSet(u8);

impl SeatSet {
    /// No seat.
    pub const EMPTY: SeatSet = SeatSet(0);
    /// All four seats.
    pub const ALL: SeatSet = SeatSet(0b1111);

    /// The set of the given seats.
    pub fn of(seats: &[Seat]) -> SeatSet {
        seats.iter().fold(SeatSet::EMPTY, |s, &x| s.with(x))
    }

    /// Whether `s` is in the set.
    #[inline]
    pub const fn has(self, s: Seat) -> bool {
        self.0 & (1 << s as u8) != 0
    }

    /// The set with `s` added.
    #[inline]
    #[must_use]
    pub const fn with(self, s: Seat) -> SeatSet {
        SeatSet(self.0 | (1 << s as u8))
    }

    /// The seats in both sets.
    #[inline]
    #[must_use]
    pub const fn and(self, o: SeatSet) -> SeatSet {
        SeatSet(self.0 & o.0)
    }

    /// The seats in either set.
    #[inline]
    #[must_use]
    pub const fn union(self, o: SeatSet) -> SeatSet {
        SeatSet(self.0 | o.0)
    }

    /// The seats of `self` not in `o`.
    #[inline]
    #[must_use]
    pub const fn without(self, o: SeatSet) -> SeatSet {
        SeatSet(self.0 & !o.0)
    }

    /// Number of seats.
    #[inline]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether no seat is in the set.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The seats in turn order.
    pub fn iter(self) -> impl Iterator<Item = Seat> {
        Seat::ALL.into_iter().filter(move |s| self.has(*s))
    }
}

/// The three multi-player variants of RULES.md §14.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MultiVariant {
    /// Four players, each for themselves.
    #[serde(rename = "halma4")]
    Halma4,
    /// Three players (White, Green, Black); Red's camp stays empty.
    #[serde(rename = "halma3")]
    Halma3,
    /// Four players in two teams: White with Black, Green with Red.
    #[serde(rename = "halma4-teams")]
    Halma4Teams,
}

impl MultiVariant {
    /// All multi-player variants.
    pub const ALL: [MultiVariant; 3] = [
        MultiVariant::Halma4,
        MultiVariant::Halma3,
        MultiVariant::Halma4Teams,
    ];

    /// The id of RULES.md §14.
    pub const fn id(self) -> &'static str {
        match self {
            MultiVariant::Halma4 => "halma4",
            MultiVariant::Halma3 => "halma3",
            MultiVariant::Halma4Teams => "halma4-teams",
        }
    }

    /// The seated seats.
    pub const fn seats(self) -> SeatSet {
        match self {
            MultiVariant::Halma3 => SeatSet(0b0111),
            _ => SeatSet::ALL,
        }
    }

    /// Whether partners play as teams.
    pub const fn teams(self) -> bool {
        matches!(self, MultiVariant::Halma4Teams)
    }

    /// The partner of `s` in the teams variant (the seat in the opposite corner).
    pub const fn partner(self, s: Seat) -> Option<Seat> {
        if self.teams() {
            Some(s.opposite())
        } else {
            None
        }
    }

    /// One line for listings.
    pub const fn description(self) -> &'static str {
        match self {
            MultiVariant::Halma4 => {
                "Halma for four on 16x16: 13 pieces each, all 8 directions, places by round"
            }
            MultiVariant::Halma3 => "Halma for three on 16x16 (White, Green, Black)",
            MultiVariant::Halma4Teams => {
                "Halma for two teams of two on 16x16 (White with Black, Green with Red)"
            }
        }
    }
}

impl fmt::Display for MultiVariant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl FromStr for MultiVariant {
    type Err = ();
    fn from_str(s: &str) -> Result<Self, ()> {
        MultiVariant::ALL
            .into_iter()
            .find(|v| v.id().eq_ignore_ascii_case(s.trim()))
            .ok_or(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_letters_and_partners() {
        for s in Seat::ALL {
            assert_eq!(Seat::from_letter(s.letter()), Some(s));
            assert_eq!(s.opposite().opposite(), s);
        }
        assert_eq!(Seat::White.opposite(), Seat::Black);
        assert_eq!(Seat::Green.opposite(), Seat::Red);
        assert_eq!(MultiVariant::Halma3.seats().len(), 3);
        assert!(!MultiVariant::Halma3.seats().has(Seat::Red));
        assert_eq!(
            MultiVariant::Halma4Teams.partner(Seat::Green),
            Some(Seat::Red)
        );
        assert_eq!("HALMA4-teams".parse(), Ok(MultiVariant::Halma4Teams));
    }
}
