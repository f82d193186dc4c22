//! Tournaments as data: who entered, the rounds paired so far and their results, and the
//! pure functions that pair the next round and rank the field. No store and no Telegram:
//! the bot keeps an [`Event`] inside its tournament record and asks it what comes next,
//! and `ugolki tournament` runs the same functions on a file, for arbiters and tests.
//!
//! These types are stored inside the tournament record with postcard, which writes every
//! field in order: no field is skipped when empty, and enums are tagged externally.
//!
//! Players are numbered by their place in [`Event::players`] (a [`Seed`]); pairing ranks
//! them by score, then rating, then that number, as FIDE's Dutch system ranks by score and
//! then by the starting rank.
//!
//! Points are counted in half points ([`Points`]) for round-robin and Swiss (1 a win,
//! ½ a draw, 1 a pairing-allocated bye, 1 a win by forfeit) and in arena points for an
//! arena (2 a win, 1 a draw, doubled on a streak; see [`arena`]).

pub mod arena;
pub mod berger;
pub mod standings;
pub mod swiss;

use serde::{Deserialize, Serialize};
use std::fmt;

pub use standings::{Standing, TieBreak, standings};

/// A player's number in an event: their index in [`Event::players`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Seed(pub u32);

impl Seed {
    /// The index into [`Event::players`].
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for Seed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Arbiters number players from 1.
        write!(f, "{}", self.0 + 1)
    }
}

/// Half points: 2 a win, 1 a draw (round-robin and Swiss), or arena points.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct Points(pub u32);

impl fmt::Display for Points {
    /// As a score: `2½`, `3`, `½`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.0 / 2, self.0 % 2) {
            (0, 1) => write!(f, "½"),
            (w, 1) => write!(f, "{w}½"),
            (w, _) => write!(f, "{w}"),
        }
    }
}

/// How the event is paired.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Format {
    /// Everyone plays everyone, `cycles` times (1 single, 2 double), by Berger tables.
    RoundRobin {
        /// 1 or 2.
        cycles: u8,
    },
    /// A fixed number of rounds, each paired by score (the Dutch system).
    Swiss {
        /// Rounds to play.
        rounds: u8,
    },
    /// A fixed duration: a player is paired again as soon as their game ends.
    Arena {
        /// Minutes from the start until no new games are paired.
        minutes: u32,
    },
}

impl Format {
    /// The rounds the event has, when it has a fixed number of them (an arena has none).
    pub fn rounds(self, players: usize) -> Option<u32> {
        match self {
            Format::RoundRobin { cycles } => {
                Some(berger::rounds_per_cycle(players) * u32::from(cycles.max(1)))
            }
            Format::Swiss { rounds } => Some(u32::from(rounds)),
            Format::Arena { .. } => None,
        }
    }
}

/// One entrant.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entrant {
    /// Their name as shown.
    pub name: String,
    /// Their rating when the event began (orders the field for pairing).
    #[serde(default)]
    pub rating: i32,
    /// The first round (0-based) they can be paired in: a late entry misses the rounds
    /// before it, scoring nothing for them.
    #[serde(default)]
    pub joined: u32,
    /// The number of rounds after which they withdrew (they are paired no more).
    #[serde(default)]
    pub withdrew: Option<u32>,
}

impl Entrant {
    /// Whether they are paired in round `round` (0-based).
    pub fn plays_in(&self, round: u32) -> bool {
        round >= self.joined && self.withdrew.is_none_or(|w| round < w)
    }
}

/// A side of a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Colour {
    /// Moves first.
    White,
    /// Moves second.
    Black,
}

impl Colour {
    /// The other side.
    pub fn other(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }
}

/// How a pairing ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GameResult {
    /// White won over the board.
    White,
    /// Black won over the board.
    Black,
    /// A draw.
    Draw,
    /// Black did not play (no first move in time, or withdrew): White wins by forfeit.
    WhiteByForfeit,
    /// White did not play: Black wins by forfeit.
    BlackByForfeit,
    /// Neither played: both lose.
    DoubleForfeit,
    /// Called off without a result (an arbiter's decision): no points, not counted.
    Cancelled,
}

impl GameResult {
    /// Half points for `side` (round-robin and Swiss).
    pub fn half_points(self, side: Colour) -> u32 {
        match (self, side) {
            (GameResult::White | GameResult::WhiteByForfeit, Colour::White)
            | (GameResult::Black | GameResult::BlackByForfeit, Colour::Black) => 2,
            (GameResult::Draw, _) => 1,
            _ => 0,
        }
    }

    /// Whether the game was played over the board (it counts for colours and
    /// tie-breaks as a game; a forfeit does not).
    pub fn played(self) -> bool {
        matches!(
            self,
            GameResult::White | GameResult::Black | GameResult::Draw
        )
    }

    /// Whether `side` won, over the board or by forfeit.
    pub fn won_by(self, side: Colour) -> bool {
        self.half_points(side) == 2
    }

    /// The notation arbiters use: `1-0`, `½-½`, `+--`...
    pub fn notation(self) -> &'static str {
        match self {
            GameResult::White => "1-0",
            GameResult::Black => "0-1",
            GameResult::Draw => "½-½",
            GameResult::WhiteByForfeit => "+--",
            GameResult::BlackByForfeit => "--+",
            GameResult::DoubleForfeit => "----",
            GameResult::Cancelled => "*",
        }
    }
}

/// One board of a round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pairing {
    /// Who has White.
    pub white: Seed,
    /// Who has Black.
    pub black: Seed,
    /// How it ended, once it has.
    #[serde(default)]
    pub result: Option<GameResult>,
}

impl Pairing {
    /// Whether `p` plays in it, and with which colour.
    pub fn colour_of(&self, p: Seed) -> Option<Colour> {
        if self.white == p {
            Some(Colour::White)
        } else if self.black == p {
            Some(Colour::Black)
        } else {
            None
        }
    }

    /// `p`'s opponent, if `p` plays in it.
    pub fn opponent_of(&self, p: Seed) -> Option<Seed> {
        match self.colour_of(p)? {
            Colour::White => Some(self.black),
            Colour::Black => Some(self.white),
        }
    }
}

/// How a table ended.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TableResult {
    /// Each seat's place (1-based), in seat order; seats that finished together share
    /// one, and the next place skips accordingly (RULES.md §14 "Places").
    Places(Vec<u8>),
    /// Called off without a result: no points, not counted.
    Cancelled,
}

/// A player's place at a finished table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Place {
    /// 1-based.
    pub place: u8,
    /// How many players took this place (them included).
    pub shared: u8,
    /// How many sat at the table.
    pub of: u8,
}

impl Place {
    /// How many finished below.
    pub fn below(self) -> u32 {
        u32::from(self.of).saturating_sub(u32::from(self.place) + u32::from(self.shared) - 1)
    }

    /// Arena points: 2 for each player placed below, 1 for each other player sharing the
    /// place, as if each two seats had played a game (a win 2, a draw 1).
    pub fn points(self) -> u32 {
        2 * self.below() + u32::from(self.shared.saturating_sub(1))
    }

    /// Whether the table was won: first, with someone below (everyone sharing the first
    /// place is a draw, not a win).
    pub fn won(self) -> bool {
        self.place == 1 && self.below() > 0
    }
}

/// One table of a round of an event for three or four seats.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Table {
    /// Who sits where, in the variant's seat order (the first moves first).
    pub seats: Vec<Seed>,
    /// How it ended, once it has.
    #[serde(default)]
    pub result: Option<TableResult>,
}

impl Table {
    /// The seat `p` has, if `p` sits here.
    pub fn seat_of(&self, p: Seed) -> Option<usize> {
        self.seats.iter().position(|s| *s == p)
    }

    /// `p`'s place, once the table has finished with places.
    pub fn place_of(&self, p: Seed) -> Option<Place> {
        let i = self.seat_of(p)?;
        let Some(TableResult::Places(places)) = &self.result else {
            return None;
        };
        let place = *places.get(i)?;
        Some(Place {
            place,
            shared: places.iter().filter(|q| **q == place).count() as u8,
            of: places.len() as u8,
        })
    }
}

/// A round: its boards and who sat out.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Round {
    /// The boards, in board order (the top board first).
    pub pairings: Vec<Pairing>,
    /// The player given the bye (a point without playing), if the field was odd.
    #[serde(default)]
    pub bye: Option<Seed>,
    /// An event for three or four seats: its tables, in board order (such a round has no
    /// pairings).
    #[serde(default)]
    pub tables: Vec<Table>,
}

impl Round {
    /// Whether every board has a result.
    pub fn complete(&self) -> bool {
        self.pairings.iter().all(|p| p.result.is_some())
            && self.tables.iter().all(|t| t.result.is_some())
    }

    /// How many boards (pairings or tables) it has.
    pub fn boards(&self) -> usize {
        self.pairings.len() + self.tables.len()
    }

    /// The board `p` plays on (an index into the pairings, or into the tables when the
    /// round has tables), if any.
    pub fn board_of(&self, p: Seed) -> Option<usize> {
        if self.tables.is_empty() {
            self.pairings.iter().position(|g| g.colour_of(p).is_some())
        } else {
            self.tables.iter().position(|t| t.seat_of(p).is_some())
        }
    }

    /// Whether `p` has a board here with no result yet.
    pub fn playing(&self, p: Seed) -> bool {
        self.pairings
            .iter()
            .any(|g| g.colour_of(p).is_some() && g.result.is_none())
            || self
                .tables
                .iter()
                .any(|t| t.seat_of(p).is_some() && t.result.is_none())
    }

    /// Everyone with a board here that has no result yet.
    pub fn busy(&self) -> impl Iterator<Item = Seed> + '_ {
        let pairs = self
            .pairings
            .iter()
            .filter(|p| p.result.is_none())
            .flat_map(|p| [p.white, p.black]);
        let tables = self
            .tables
            .iter()
            .filter(|t| t.result.is_none())
            .flat_map(|t| t.seats.iter().copied());
        pairs.chain(tables)
    }
}

/// An event: its format, its field and its rounds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Event {
    /// How it is paired.
    pub format: Format,
    /// The field, in entry order.
    pub players: Vec<Entrant>,
    /// The rounds paired so far (an arena: each wave of pairings, in time order).
    #[serde(default)]
    pub rounds: Vec<Round>,
}

/// Why the next round cannot be paired.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PairError {
    /// The last round still has games without a result.
    #[error("round {0} is not finished")]
    RoundInProgress(u32),
    /// Every round has been played.
    #[error("the event is over: all {0} rounds are played")]
    Finished(u32),
    /// Fewer than two players can be paired.
    #[error("fewer than two players to pair")]
    TooFew,
    /// No pairing keeps the rules (no second game between two who played, no second bye,
    /// the colour limits): the
    /// field has played itself out.
    #[error(
        "no pairing keeps the rules: every remaining pairing would repeat a game played, give a second bye or break the colour limits"
    )]
    NoPairing,
    /// An arena is paired as games end, not by rounds.
    #[error("an arena is paired as games end, not by rounds")]
    Arena,
}

impl Event {
    /// A new event with no rounds.
    pub fn new(format: Format, players: Vec<Entrant>) -> Event {
        Event {
            format,
            players,
            rounds: Vec::new(),
        }
    }

    /// The seeds of the field.
    pub fn seeds(&self) -> impl Iterator<Item = Seed> + '_ {
        (0..self.players.len() as u32).map(Seed)
    }

    /// The rounds the event will have (an arena: `None`).
    pub fn total_rounds(&self) -> Option<u32> {
        self.format.rounds(self.players.len())
    }

    /// Whether no further round will be paired (every round played; an arena ends by time).
    pub fn all_rounds_played(&self) -> bool {
        match self.total_rounds() {
            Some(n) => self.rounds.len() as u32 >= n && self.rounds.iter().all(Round::complete),
            None => false,
        }
    }

    /// Pair the next round (round-robin and Swiss). Pure: the caller stores the round.
    pub fn pair_next(&self) -> Result<Round, PairError> {
        if let Some(last) = self.rounds.last()
            && !last.complete()
        {
            return Err(PairError::RoundInProgress(self.rounds.len() as u32));
        }
        let round = self.rounds.len() as u32;
        match self.format {
            Format::Arena { .. } => Err(PairError::Arena),
            Format::RoundRobin { cycles } => {
                let total = berger::rounds_per_cycle(self.players.len()) * u32::from(cycles.max(1));
                if round >= total {
                    return Err(PairError::Finished(total));
                }
                if self.players.len() < 2 {
                    return Err(PairError::TooFew);
                }
                Ok(berger::round(self, round))
            }
            Format::Swiss { rounds } => {
                if round >= u32::from(rounds) {
                    return Err(PairError::Finished(u32::from(rounds)));
                }
                swiss::pair(self, round)
            }
        }
    }

    /// Record `result` for `player`'s board in the last round; `false` if they have no
    /// board there.
    pub fn record(&mut self, player: Seed, result: GameResult) -> bool {
        let Some(round) = self.rounds.last_mut() else {
            return false;
        };
        match round
            .pairings
            .iter_mut()
            .find(|p| p.colour_of(player).is_some())
        {
            Some(p) => {
                p.result = Some(result);
                true
            }
            None => false,
        }
    }

    /// Each player's games so far, round by round: what they did in every round.
    pub fn history(&self, p: Seed) -> Vec<RoundEntry> {
        self.rounds
            .iter()
            .map(|r| {
                if r.bye == Some(p) {
                    // A round-robin's bye is only a round off: the field is odd.
                    return match self.format {
                        Format::RoundRobin { .. } => RoundEntry::Absent,
                        _ => RoundEntry::Bye,
                    };
                }
                if let Some(t) = r.tables.iter().find(|t| t.seat_of(p).is_some()) {
                    return match &t.result {
                        None => RoundEntry::Table { place: None },
                        Some(TableResult::Cancelled) => RoundEntry::Absent,
                        Some(TableResult::Places(_)) => RoundEntry::Table {
                            place: t.place_of(p),
                        },
                    };
                }
                match r.pairings.iter().find(|g| g.colour_of(p).is_some()) {
                    Some(g) => RoundEntry::Game {
                        opponent: g.opponent_of(p).unwrap_or(p),
                        colour: g.colour_of(p).unwrap_or(Colour::White),
                        result: g.result,
                    },
                    None => RoundEntry::Absent,
                }
            })
            .collect()
    }

    /// A player's score in half points (round-robin and Swiss), over finished games.
    pub fn half_points(&self, p: Seed) -> u32 {
        self.history(p).iter().map(RoundEntry::half_points).sum()
    }
}

/// What a player did in one round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RoundEntry {
    /// They had a board.
    Game {
        /// Against whom.
        opponent: Seed,
        /// With which colour.
        colour: Colour,
        /// How it ended, if it has.
        result: Option<GameResult>,
    },
    /// They sat at a table (an event for three or four seats).
    Table {
        /// Their place, once the table has finished.
        place: Option<Place>,
    },
    /// The pairing-allocated bye: a point without playing.
    Bye,
    /// Not paired (not yet entered, or withdrawn): nothing.
    Absent,
}

impl RoundEntry {
    /// Half points scored.
    pub fn half_points(&self) -> u32 {
        match *self {
            RoundEntry::Game {
                colour,
                result: Some(r),
                ..
            } => r.half_points(colour),
            RoundEntry::Bye => 2,
            _ => 0,
        }
    }

    /// The colour played over the board, if a game was played.
    pub fn played_colour(&self) -> Option<Colour> {
        match *self {
            RoundEntry::Game {
                colour,
                result: Some(r),
                ..
            } if r.played() => Some(colour),
            _ => None,
        }
    }

    /// The opponent met (over the board or by forfeit: either way they do not meet again).
    pub fn opponent(&self) -> Option<Seed> {
        match *self {
            RoundEntry::Game {
                opponent, result, ..
            } if result != Some(GameResult::Cancelled) => Some(opponent),
            _ => None,
        }
    }

    /// Whether the round gave a point without a game: the bye, or a win by forfeit
    /// (FIDE: such a player gets no further bye).
    pub fn unplayed_point(&self) -> bool {
        match *self {
            RoundEntry::Bye => true,
            RoundEntry::Game {
                colour,
                result: Some(r),
                ..
            } => !r.played() && r.won_by(colour),
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_print_as_scores() {
        assert_eq!(Points(0).to_string(), "0");
        assert_eq!(Points(1).to_string(), "½");
        assert_eq!(Points(5).to_string(), "2½");
        assert_eq!(Points(6).to_string(), "3");
    }

    #[test]
    fn a_forfeit_is_a_point_but_not_a_game() {
        assert_eq!(GameResult::WhiteByForfeit.half_points(Colour::White), 2);
        assert!(!GameResult::WhiteByForfeit.played());
        assert_eq!(GameResult::DoubleForfeit.half_points(Colour::White), 0);
        assert_eq!(GameResult::DoubleForfeit.half_points(Colour::Black), 0);
    }
}
