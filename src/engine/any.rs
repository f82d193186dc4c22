//! One interface over the two move generators: a game of two sides ([`Game`], the hot
//! path with its two-colour bitboards) or of three or four seats ([`MultiGame`], RULES.md
//! §14). Everything above the engine speaks of seats, plies and places through these
//! types, so a game is one thing whatever its seat count; only the engine's insides
//! differ.
//!
//! Seats are the four corners ([`Seat`]); a two-sided game seats White and Black, which
//! sit in opposite corners as they do at a four-seat table.

use super::multi::{
    Leave, MultiGame, MultiOutcome, MultiPos, MultiPositionError, MultiVariant, Seat, SeatSet, Turn,
};
use super::notation::{MoveError, parse_move, resolve_readings};
use super::outcome::{GameResult, Outcome, Reason};
use super::position::{IllegalMove, Path, Position, PositionError, Variant};
use super::square::{Color, Square};
use crate::engine::game::{Game, Played};
use std::fmt;

impl From<Color> for Seat {
    fn from(c: Color) -> Seat {
        match c {
            Color::White => Seat::White,
            Color::Black => Seat::Black,
        }
    }
}

impl Seat {
    /// The two-sided game's colour of this seat (White's and Black's corners).
    pub const fn color(self) -> Option<Color> {
        match self {
            Seat::White => Some(Color::White),
            Seat::Black => Some(Color::Black),
            Seat::Green | Seat::Red => None,
        }
    }
}

/// The seats of a two-sided game, in turn order.
const TWO_SEATS: [Seat; 2] = [Seat::White, Seat::Black];
const THREE_SEATS: [Seat; 3] = [Seat::White, Seat::Green, Seat::Black];

/// A variant of any seat count.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnyVariant {
    /// Two sides (RULES.md §§1–13), with any house rules.
    Two(Variant),
    /// Three or four seats on 16×16 (RULES.md §14).
    Multi(MultiVariant),
}

/// Text that names no variant.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct UnknownVariant(pub String);

impl AnyVariant {
    /// Read a spec: a table's id (`halma4`, `halma3`, `halma4-teams`) or a two-sided
    /// variant's spec (`classic`, `classic,forced_exit=true`).
    pub fn parse(spec: &str) -> Result<AnyVariant, UnknownVariant> {
        if let Ok(m) = spec.parse::<MultiVariant>() {
            return Ok(AnyVariant::Multi(m));
        }
        Variant::parse(spec)
            .map(AnyVariant::Two)
            .map_err(|e| UnknownVariant(e.to_string()))
    }

    /// The spec [`AnyVariant::parse`] reads back.
    pub fn spec(&self) -> String {
        match self {
            AnyVariant::Two(v) => v.spec(),
            AnyVariant::Multi(m) => m.id().to_string(),
        }
    }

    /// The variant's id (RULES.md §2 and §14), without house rules.
    pub fn id(&self) -> &'static str {
        match self {
            AnyVariant::Two(v) => v.id().id(),
            AnyVariant::Multi(m) => m.id(),
        }
    }

    /// The two-sided variant, if it is one.
    pub fn two(&self) -> Option<&Variant> {
        match self {
            AnyVariant::Two(v) => Some(v),
            AnyVariant::Multi(_) => None,
        }
    }

    /// The three- or four-seat variant, if it is one.
    pub fn multi(&self) -> Option<MultiVariant> {
        match self {
            AnyVariant::Two(_) => None,
            AnyVariant::Multi(m) => Some(*m),
        }
    }

    /// The seats, in turn order (a two-sided game: White, Black).
    pub fn seats(&self) -> &'static [Seat] {
        match self {
            AnyVariant::Two(_) => &TWO_SEATS,
            AnyVariant::Multi(MultiVariant::Halma3) => &THREE_SEATS,
            AnyVariant::Multi(_) => &Seat::ALL,
        }
    }

    /// The seats as a set.
    pub fn seat_set(&self) -> SeatSet {
        SeatSet::of(self.seats())
    }

    /// How many seats.
    pub fn seat_count(&self) -> usize {
        self.seats().len()
    }

    /// The turn-order index of `s` (White 0, Black 1 in a two-sided game), if seated.
    pub fn seat_no(&self, s: Seat) -> Option<usize> {
        self.seats().iter().position(|x| *x == s)
    }

    /// Whether partners play as teams (`halma4-teams`).
    pub fn teams(&self) -> bool {
        matches!(self, AnyVariant::Multi(m) if m.teams())
    }

    /// Squares per side of the board.
    pub fn board_n(&self) -> u8 {
        match self {
            AnyVariant::Two(v) => v.board().n(),
            AnyVariant::Multi(_) => 16,
        }
    }

    /// The training room: one side alone.
    pub fn solo(&self) -> bool {
        matches!(self, AnyVariant::Two(v) if v.rules().solo)
    }

    /// Whether a game between people may be rated (RULES §8 and §14 "Ratings"): the
    /// rated two-sided variants without house rules, and `halma4`.
    pub fn rated(&self) -> bool {
        match self {
            AnyVariant::Two(v) => v.id().rated() && v.overrides().is_empty(),
            AnyVariant::Multi(m) => *m == MultiVariant::Halma4,
        }
    }

    /// Whether players may offer draws (two sides only; a table ends by places).
    pub fn draw_offers(&self) -> bool {
        match self {
            AnyVariant::Two(v) => v.id().draw_offers(),
            AnyVariant::Multi(_) => false,
        }
    }

    /// The start position's text (White first where the variant draws lots: the caller
    /// who draws them builds its own).
    pub fn start_text(&self) -> String {
        match self {
            AnyVariant::Two(v) => v.start().to_text(),
            AnyVariant::Multi(m) => MultiPos::start(*m).to_text(),
        }
    }
}

impl fmt::Display for AnyVariant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.spec())
    }
}

impl From<Variant> for AnyVariant {
    fn from(v: Variant) -> AnyVariant {
        AnyVariant::Two(v)
    }
}

impl From<MultiVariant> for AnyVariant {
    fn from(m: MultiVariant) -> AnyVariant {
        AnyVariant::Multi(m)
    }
}

/// One ply of any game: a move along its path, or a pass (a seat of a three- or
/// four-seat game with no legal move).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Ply {
    /// A step or a chain of jumps.
    Move(Path),
    /// No move (`--`).
    Pass,
}

impl Ply {
    /// The path of a move.
    pub fn path(&self) -> Option<&Path> {
        match self {
            Ply::Move(p) => Some(p),
            Ply::Pass => None,
        }
    }

    /// Read `c3-e3-e5` or `--` (squares only, not checked against any position).
    pub fn parse(text: &str) -> Option<Ply> {
        let t = text.trim();
        if t == "--" {
            return Some(Ply::Pass);
        }
        let squares: Option<Vec<Square>> = t.split('-').map(Square::parse).collect();
        Path::new(squares?).map(Ply::Move)
    }
}

impl fmt::Display for Ply {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ply::Move(p) => write!(f, "{p}"),
            Ply::Pass => f.write_str("--"),
        }
    }
}

impl From<Path> for Ply {
    fn from(p: Path) -> Ply {
        Ply::Move(p)
    }
}

/// How a finished game of any seat count ended: a two-sided result, or a table's places.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AnyOutcome {
    /// A two-sided game's result and reason.
    Two(Outcome),
    /// A table's places and reason.
    Places(MultiOutcome),
}

impl AnyOutcome {
    /// Why it ended (RULES §4 and §14 ids).
    pub fn reason(&self) -> Reason {
        match self {
            AnyOutcome::Two(o) => o.reason,
            AnyOutcome::Places(o) => o.reason,
        }
    }

    /// The two-sided result.
    pub fn two(&self) -> Option<Outcome> {
        match self {
            AnyOutcome::Two(o) => Some(*o),
            AnyOutcome::Places(_) => None,
        }
    }

    /// 1-based place per seat (by [`Seat::index`]): a two-sided win is places 1 and 2,
    /// a draw shares the first.
    pub fn places(&self) -> [Option<u8>; 4] {
        match self {
            AnyOutcome::Places(o) => o.places,
            AnyOutcome::Two(o) => {
                let (w, b) = match o.result {
                    GameResult::WhiteWins => (1, 2),
                    GameResult::BlackWins => (2, 1),
                    GameResult::Draw => (1, 1),
                };
                let mut p = [None; 4];
                p[Seat::White.index()] = Some(w);
                p[Seat::Black.index()] = Some(b);
                p
            }
        }
    }

    /// The place of `s`.
    pub fn place(&self, s: Seat) -> Option<u8> {
        self.places()[s.index()]
    }
}

impl From<Outcome> for AnyOutcome {
    fn from(o: Outcome) -> AnyOutcome {
        AnyOutcome::Two(o)
    }
}

impl From<MultiOutcome> for AnyOutcome {
    fn from(o: MultiOutcome) -> AnyOutcome {
        AnyOutcome::Places(o)
    }
}

/// A start position that does not fit its variant.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AnyPositionError {
    /// A two-sided position.
    #[error(transparent)]
    Two(#[from] PositionError),
    /// A three- or four-seat position.
    #[error(transparent)]
    Multi(#[from] MultiPositionError),
}

/// A game of any seat count, from its start: the engine's game behind one interface.
#[derive(Clone, Debug)]
pub enum AnyGame {
    /// Two sides.
    Two(Game),
    /// Three or four seats.
    Multi(MultiGame),
}

impl AnyGame {
    /// A new game of `variant` from the position `start` (its text).
    pub fn from_text(variant: &AnyVariant, start: &str) -> Result<AnyGame, AnyPositionError> {
        Ok(match variant {
            AnyVariant::Two(v) => AnyGame::Two(Game::from_position(Position::from_text(v, start)?)),
            AnyVariant::Multi(m) => {
                AnyGame::Multi(MultiGame::from_position(MultiPos::from_text(*m, start)?))
            }
        })
    }

    /// The variant.
    pub fn variant(&self) -> AnyVariant {
        match self {
            AnyGame::Two(g) => AnyVariant::Two(g.variant().clone()),
            AnyGame::Multi(g) => AnyVariant::Multi(g.variant()),
        }
    }

    /// The two-sided game, if it is one.
    pub fn two(&self) -> Option<&Game> {
        match self {
            AnyGame::Two(g) => Some(g),
            AnyGame::Multi(_) => None,
        }
    }

    /// The two-sided game, if it is one, by value.
    pub fn into_two(self) -> Option<Game> {
        match self {
            AnyGame::Two(g) => Some(g),
            AnyGame::Multi(_) => None,
        }
    }

    /// The three- or four-seat game, if it is one.
    pub fn multi(&self) -> Option<&MultiGame> {
        match self {
            AnyGame::Two(_) => None,
            AnyGame::Multi(g) => Some(g),
        }
    }

    /// The seat to move.
    pub fn to_move(&self) -> Seat {
        match self {
            AnyGame::Two(g) => g.side_to_move().into(),
            AnyGame::Multi(g) => g.position().to_move(),
        }
    }

    /// Plies played (a table's passes count).
    pub fn plies(&self) -> usize {
        match self {
            AnyGame::Two(g) => g.plies(),
            AnyGame::Multi(g) => g.plies(),
        }
    }

    /// Whether the game has ended (on the board, or by the seats' leaving).
    pub fn is_over(&self) -> bool {
        match self {
            AnyGame::Two(g) => g.is_over(),
            AnyGame::Multi(g) => g.is_over(),
        }
    }

    /// How it ended.
    pub fn outcome(&self) -> Option<AnyOutcome> {
        match self {
            AnyGame::Two(g) => g.outcome().map(AnyOutcome::Two),
            AnyGame::Multi(g) => g.outcome().map(AnyOutcome::Places),
        }
    }

    /// The current position as text (RULES §11 and §14).
    pub fn position_text(&self) -> String {
        match self {
            AnyGame::Two(g) => g.position().to_text(),
            AnyGame::Multi(g) => g.position().to_text(),
        }
    }

    /// The seats that have finished or left (none in a two-sided game, which ends when
    /// one side does): they move no more.
    pub fn done(&self) -> SeatSet {
        match self {
            AnyGame::Two(_) => SeatSet::EMPTY,
            AnyGame::Multi(g) => g.position().finished().union(g.position().left()),
        }
    }

    /// The seats whose player left (a table's program plays them on).
    pub fn left(&self) -> SeatSet {
        match self {
            AnyGame::Two(_) => SeatSet::EMPTY,
            AnyGame::Multi(g) => g.position().left(),
        }
    }

    /// Every ply played, in order.
    pub fn plies_played(&self) -> Vec<Ply> {
        match self {
            AnyGame::Two(g) => g.moves().iter().cloned().map(Ply::Move).collect(),
            AnyGame::Multi(g) => {
                let positions = g.positions();
                g.turns()
                    .iter()
                    .zip(&positions)
                    .map(|(t, p)| p.path(*t).map_or(Ply::Pass, Ply::Move))
                    .collect()
            }
        }
    }

    /// The last move's path, for pictures (none after a pass or before the first move).
    pub fn last_path(&self) -> Option<Path> {
        match self {
            AnyGame::Two(g) => g.moves().last().cloned(),
            AnyGame::Multi(g) => {
                let i = g.turns().len().checked_sub(1)?;
                g.positions().get(i).and_then(|p| p.path(g.turns()[i]))
            }
        }
    }

    /// The seat's leave at `plies` plies, in a three- or four-seat game.
    pub fn leaves(&self) -> Vec<(usize, Seat, Leave)> {
        match self {
            AnyGame::Two(_) => Vec::new(),
            AnyGame::Multi(g) => g.leaves().to_vec(),
        }
    }

    /// The seat whose piece stands on `sq`.
    pub fn seat_at(&self, sq: Square) -> Option<Seat> {
        match self {
            AnyGame::Two(g) => g.position().piece_at(sq).map(Seat::from),
            AnyGame::Multi(g) => g.position().seat_at(sq),
        }
    }

    /// The squares the piece on `from` can reach now (empty if it is not the seat to
    /// move's piece, or the game is over).
    pub fn destinations(&self, from: Square) -> Vec<Square> {
        if self.is_over() {
            return Vec::new();
        }
        match self {
            AnyGame::Two(g) => {
                let pos = g.position();
                if pos.piece_at(from) == Some(pos.side_to_move()) {
                    pos.destinations(from)
                } else {
                    Vec::new()
                }
            }
            AnyGame::Multi(g) => {
                let pos = g.position();
                if pos.seat_at(from) == Some(pos.to_move()) {
                    pos.destinations(from)
                } else {
                    Vec::new()
                }
            }
        }
    }

    /// The seat to move's pieces that have a move, in square order.
    pub fn movable(&self) -> Vec<Square> {
        if self.is_over() {
            return Vec::new();
        }
        match self {
            AnyGame::Two(g) => {
                let pos = g.position();
                pos.pieces(pos.side_to_move())
                    .into_iter()
                    .filter(|s| !pos.destinations(*s).is_empty())
                    .collect()
            }
            AnyGame::Multi(g) => {
                let pos = g.position();
                pos.pieces(pos.to_move())
                    .into_iter()
                    .filter(|s| !pos.destinations(*s).is_empty())
                    .collect()
            }
        }
    }

    /// Whether the seat to move can only pass.
    pub fn must_pass(&self) -> bool {
        match self {
            AnyGame::Two(_) => false,
            AnyGame::Multi(g) => !g.is_over() && g.position().legal_turns() == [Turn::Pass],
        }
    }

    /// The path `squares` (two: the shortest chain; more: that chain) would play, checked.
    pub fn check(&self, squares: &[Square]) -> Result<Ply, IllegalMove> {
        match self {
            AnyGame::Two(g) => g.check(squares).map(Ply::Move),
            AnyGame::Multi(g) => {
                if g.is_over() {
                    return Err(IllegalMove::GameOver);
                }
                let pos = g.position();
                let t = pos.check_squares(squares)?;
                Ok(pos.path(t).map_or(Ply::Pass, Ply::Move))
            }
        }
    }

    /// Play squares (two = the shortest chain; more = that chain). A two-sided game also
    /// says whether the move ended it and how, in [`Played`].
    pub fn play_squares(&mut self, squares: &[Square]) -> Result<Ply, IllegalMove> {
        match self {
            AnyGame::Two(g) => g.play_squares(squares).map(|p| Ply::Move(p.path)),
            AnyGame::Multi(g) => {
                let pos = *g.position();
                if g.is_over() {
                    return Err(IllegalMove::GameOver);
                }
                let t = pos.check_squares(squares)?;
                g.play(t)?;
                Ok(pos.path(t).map_or(Ply::Pass, Ply::Move))
            }
        }
    }

    /// Play a two-sided game's move and get what it did ([`Played`]); `None` for a table.
    pub fn play_two(&mut self, squares: &[Square]) -> Option<Result<Played, IllegalMove>> {
        match self {
            AnyGame::Two(g) => Some(g.play_squares(squares)),
            AnyGame::Multi(_) => None,
        }
    }

    /// Play typed text in any of the forgiving forms (`--` for a table's pass).
    pub fn play_text(&mut self, text: &str) -> Result<Ply, MoveError> {
        match self {
            AnyGame::Two(g) => {
                if g.is_over() {
                    return Err(IllegalMove::GameOver.into());
                }
                let path = parse_move(g.position(), text)?;
                g.play_squares(path.squares())
                    .map(|p| Ply::Move(p.path))
                    .map_err(Into::into)
            }
            AnyGame::Multi(g) => {
                let pos = *g.position();
                let t = g.play_text(text)?;
                Ok(pos.path(t).map_or(Ply::Pass, Ply::Move))
            }
        }
    }

    /// The ply one of the `readings` of typed text names (see
    /// [`crate::engine::read_squares`]): the first legal one, else why none is.
    pub fn resolve(&self, readings: &[Vec<Square>]) -> Result<Ply, MoveError> {
        if self.is_over() {
            return Err(IllegalMove::GameOver.into());
        }
        match self {
            AnyGame::Two(g) => resolve_readings(g.position(), readings).map(Ply::Move),
            AnyGame::Multi(g) => {
                let t = g.resolve(readings)?;
                Ok(g.position().path(t).map_or(Ply::Pass, Ply::Move))
            }
        }
    }

    /// Whether playing `ply` returns a piece home after the exit deadline, which loses
    /// (two sides only; a player is asked first).
    pub fn is_return_home(&self, ply: &Ply) -> bool {
        match (self, ply) {
            (AnyGame::Two(g), Ply::Move(p)) => g.position().is_return_home(p.as_move()),
            _ => false,
        }
    }

    /// Play a recorded ply.
    pub fn play(&mut self, ply: &Ply) -> Result<(), MoveError> {
        match (self, ply) {
            (AnyGame::Two(g), Ply::Move(p)) => {
                g.play_squares(p.squares()).map(|_| ()).map_err(Into::into)
            }
            (AnyGame::Two(_), Ply::Pass) => Err(IllegalMove::NoPass.into()),
            (AnyGame::Multi(g), Ply::Move(p)) => {
                g.play(Turn::between(p.from(), p.to())).map_err(Into::into)
            }
            (AnyGame::Multi(g), Ply::Pass) => g.play(Turn::Pass).map_err(Into::into),
        }
    }

    /// Pass (a table's seat with no legal move).
    pub fn pass(&mut self) -> Result<Ply, IllegalMove> {
        match self {
            AnyGame::Two(_) => Err(IllegalMove::NoPass),
            AnyGame::Multi(g) => g.play(Turn::Pass).map(|()| Ply::Pass),
        }
    }

    /// The player of `s` is out of the game (RULES §14 "Leaving", and for two sides the
    /// game lost by resignation or on time). A table plays on with the program in that
    /// seat; a two-sided game ends. False if nothing changed (the seat was done already,
    /// or the game is over).
    pub fn leave(&mut self, s: Seat, how: Leave) -> bool {
        match self {
            AnyGame::Two(g) => match s.color() {
                Some(c) => g.end(Outcome::win(!c, how.reason())),
                None => false,
            },
            AnyGame::Multi(g) => {
                let n = g.leaves().len();
                g.leave(s, how);
                g.leaves().len() > n
            }
        }
    }

    /// End a two-sided game for a reason off the board (agreement, abandonment...).
    pub fn end(&mut self, outcome: Outcome) -> bool {
        match self {
            AnyGame::Two(g) => g.end(outcome),
            AnyGame::Multi(_) => false,
        }
    }

    /// The game's record with the given extra tags (RULES §10 and §14 "Records").
    pub fn to_record(&self, tags: &[(&str, &str)]) -> String {
        match self {
            AnyGame::Two(g) => g.to_record(tags),
            AnyGame::Multi(g) => g.write_record(tags),
        }
    }

    /// The round (a table) or the move number (two sides) now.
    pub fn round(&self) -> u16 {
        match self {
            AnyGame::Two(g) => g.position().move_number(),
            AnyGame::Multi(g) => g.position().round(),
        }
    }
}

impl From<Game> for AnyGame {
    fn from(g: Game) -> AnyGame {
        AnyGame::Two(g)
    }
}

impl From<MultiGame> for AnyGame {
    fn from(g: MultiGame) -> AnyGame {
        AnyGame::Multi(g)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::VariantId;

    #[test]
    fn specs_name_both_kinds_and_seats_follow_the_corners() {
        let v = AnyVariant::parse("halma3").unwrap();
        assert_eq!(v.seats(), &[Seat::White, Seat::Green, Seat::Black]);
        assert_eq!(v.seat_no(Seat::Black), Some(2));
        let c = AnyVariant::parse("classic").unwrap();
        assert_eq!(c.two().map(|v| v.id()), Some(VariantId::Classic));
        assert_eq!(c.seat_no(Seat::Black), Some(1));
        assert_eq!(c.seat_no(Seat::Green), None);
        assert_eq!(Seat::from(Color::Black).color(), Some(Color::Black));
        assert!(AnyVariant::parse("nonsense").is_err());
        assert_eq!(AnyVariant::parse(&c.spec()).unwrap(), c);
    }

    #[test]
    fn a_two_sided_result_gives_places() {
        let o = AnyOutcome::Two(Outcome::win(Color::Black, Reason::Goal));
        assert_eq!(o.place(Seat::Black), Some(1));
        assert_eq!(o.place(Seat::White), Some(2));
        assert_eq!(o.place(Seat::Green), None);
    }

    #[test]
    fn both_kinds_play_and_leave_through_one_interface() {
        let v = AnyVariant::parse("halma4").unwrap();
        let mut g = AnyGame::from_text(&v, &v.start_text()).unwrap();
        let from = g.movable()[0];
        let to = g.destinations(from)[0];
        let ply = g.play_squares(&[from, to]).unwrap();
        assert_eq!(ply.path().map(|p| (p.from(), p.to())), Some((from, to)));
        assert_eq!(g.to_move(), Seat::Green);
        assert!(g.leave(Seat::Green, Leave::Resignation));
        assert!(!g.leave(Seat::Green, Leave::Resignation));
        assert!(g.left().has(Seat::Green));

        let v = AnyVariant::parse("classic").unwrap();
        let mut g = AnyGame::from_text(&v, &v.start_text()).unwrap();
        assert!(g.pass().is_err());
        assert!(g.leave(Seat::White, Leave::Resignation));
        let o = g.outcome().unwrap();
        assert_eq!(o.reason(), Reason::Resignation);
        assert_eq!(o.place(Seat::Black), Some(1));
    }

    #[test]
    fn plies_read_and_print() {
        assert_eq!(Ply::parse("--"), Some(Ply::Pass));
        let p = Ply::parse("c3-e3-e5").unwrap();
        assert_eq!(p.to_string(), "c3-e3-e5");
        assert_eq!(Ply::parse("c3"), None);
    }
}
