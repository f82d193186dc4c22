//! Typed positions, moves and paths over the size-generic core, and position text (RULES §11).

use super::bits::{Bits, G8, G10, G16};
use super::core::{ChainFault, Ctx, Pos, RawMove};
use super::outcome::Outcome;
use super::square::{BoardSize, Color, Square};
use super::variant::{OptionError, Rules, VariantId, split_option};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::sync::Arc;

/// The core tables for one board size.
#[derive(Debug)]
pub(crate) enum AnyCtx {
    S8(Ctx<G8>),
    S10(Ctx<G10>),
    S16(Ctx<G16>),
}

/// A named variant with its (possibly overridden) options and the precomputed tables.
/// Cheap to clone (the tables are shared).
#[derive(Clone)]
pub struct Variant {
    id: VariantId,
    rules: Rules,
    ctx: Arc<AnyCtx>,
}

impl fmt::Debug for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Variant({})", self.spec())
    }
}

impl PartialEq for Variant {
    fn eq(&self, o: &Variant) -> bool {
        self.id == o.id && self.rules == o.rules
    }
}
impl Eq for Variant {}

impl Variant {
    /// A named variant with its preset options.
    pub fn new(id: VariantId) -> Variant {
        Variant::with_rules(id, id.rules()).expect("preset rules are valid")
    }

    /// A variant with explicit options (house rules), validated.
    pub fn with_rules(id: VariantId, rules: Rules) -> Result<Variant, OptionError> {
        rules.validate()?;
        let ctx = match rules.board {
            BoardSize::N8 => AnyCtx::S8(Ctx::new(rules)),
            BoardSize::N10 => AnyCtx::S10(Ctx::new(rules)),
            BoardSize::N16 => AnyCtx::S16(Ctx::new(rules)),
        };
        Ok(Variant {
            id,
            rules,
            ctx: Arc::new(ctx),
        })
    }

    /// The same variant with one option changed by its RULES.md name.
    pub fn with_option(&self, name: &str, value: &str) -> Result<Variant, OptionError> {
        let mut rules = self.rules;
        rules.set_option(name, value)?;
        Variant::with_rules(self.id, rules)
    }

    /// Parse `classic` or `classic,forced_exit=true,exit_deadline=50`.
    pub fn parse(spec: &str) -> Result<Variant, OptionError> {
        let mut parts = spec.split([',', ';']);
        let id: VariantId = parts.next().unwrap_or("").parse()?;
        let mut rules = id.rules();
        for part in parts.filter(|p| !p.trim().is_empty()) {
            let (n, v) = split_option(part)?;
            rules.set_option(n, v)?;
        }
        Variant::with_rules(id, rules)
    }

    /// The variant id.
    pub fn id(&self) -> VariantId {
        self.id
    }

    /// All options in force.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Options that differ from the named preset, as `NAME=VALUE`.
    pub fn overrides(&self) -> Vec<(&'static str, String)> {
        let base = self.id.rules().option_pairs();
        self.rules
            .option_pairs()
            .into_iter()
            .zip(base)
            .filter(|(a, b)| a.1 != b.1)
            .map(|(a, _)| a)
            .collect()
    }

    /// The id with any overrides: `classic` or `classic,forced_exit=true` ([`Variant::parse`] reads it back).
    pub fn spec(&self) -> String {
        let mut s = self.id.id().to_string();
        for (n, v) in self.overrides() {
            s.push(',');
            s.push_str(n);
            s.push('=');
            s.push_str(&v);
        }
        s
    }

    /// Board size.
    pub fn board(&self) -> BoardSize {
        self.rules.board
    }

    /// The home squares of `c`, in (file, rank) order.
    pub fn home(&self, c: Color) -> Vec<Square> {
        let mut v: Vec<Square> = self
            .rules
            .home
            .white_squares()
            .into_iter()
            .map(|s| match c {
                Color::White => s,
                Color::Black => s.rotated(self.rules.board),
            })
            .collect();
        v.sort();
        v
    }

    /// The target squares of `c` (the opponent's home).
    pub fn target(&self, c: Color) -> Vec<Square> {
        self.home(!c)
    }

    /// The standard start, White to move.
    pub fn start(&self) -> Position {
        self.start_with(Color::White)
    }

    /// The start with `first` to move (Duelio draws the first player by lot).
    pub fn start_with(&self, first: Color) -> Position {
        let first = if self.rules.solo { Color::White } else { first };
        let state = match &*self.ctx {
            AnyCtx::S8(c) => State::S8(c.start(first)),
            AnyCtx::S10(c) => State::S10(c.start(first)),
            AnyCtx::S16(c) => State::S16(c.start(first)),
        };
        Position {
            variant: self.clone(),
            state,
        }
    }
}

#[derive(Serialize, Deserialize)]
struct VariantSpec {
    id: VariantId,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    options: Vec<(String, String)>,
}

impl Serialize for Variant {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        VariantSpec {
            id: self.id,
            options: self
                .overrides()
                .into_iter()
                .map(|(n, v)| (n.to_string(), v))
                .collect(),
        }
        .serialize(s)
    }
}

impl<'de> Deserialize<'de> for Variant {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Variant, D::Error> {
        let spec = VariantSpec::deserialize(d)?;
        let mut rules = spec.id.rules();
        for (n, v) in &spec.options {
            rules.set_option(n, v).map_err(serde::de::Error::custom)?;
        }
        Variant::with_rules(spec.id, rules).map_err(serde::de::Error::custom)
    }
}

/// A position's size-specific core tables and state, borrowed (see [`Position::core`]).
#[derive(Clone, Copy, Debug)]
pub enum CoreRef<'a> {
    /// 8×8.
    S8(&'a Ctx<G8>, &'a Pos<G8>),
    /// 10×10.
    S10(&'a Ctx<G10>, &'a Pos<G10>),
    /// 16×16.
    S16(&'a Ctx<G16>, &'a Pos<G16>),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum State {
    S8(Pos<G8>),
    S10(Pos<G10>),
    S16(Pos<G16>),
}

/// A position with its variant: everything needed to list, check and play moves.
#[derive(Clone)]
pub struct Position {
    variant: Variant,
    state: State,
}

impl PartialEq for Position {
    fn eq(&self, o: &Position) -> bool {
        self.variant == o.variant && self.state == o.state
    }
}
impl Eq for Position {}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({} | {})", self.variant.spec(), self.to_text())
    }
}

/// Run `$body` with `$c` bound to the core tables and `$p` to the core position.
macro_rules! with {
    ($self:expr, $c:ident, $p:ident => $body:expr) => {
        match (&*$self.variant.ctx, &$self.state) {
            (AnyCtx::S8($c), State::S8($p)) => $body,
            (AnyCtx::S10($c), State::S10($p)) => $body,
            (AnyCtx::S16($c), State::S16($p)) => $body,
            _ => unreachable!("a position is only ever built with its own variant's board size"),
        }
    };
}

/// Same as [`with!`] but the body yields a new core position to wrap.
macro_rules! with_new {
    ($self:expr, $c:ident, $p:ident => $body:expr) => {
        Position {
            variant: $self.variant.clone(),
            state: match (&*$self.variant.ctx, &$self.state) {
                (AnyCtx::S8($c), State::S8($p)) => State::S8($body),
                (AnyCtx::S10($c), State::S10($p)) => State::S10($body),
                (AnyCtx::S16($c), State::S16($p)) => State::S16($body),
                _ => {
                    unreachable!("a position is only ever built with its own variant's board size")
                }
            },
        }
    };
}

/// A move's identity: the (from, to) pair (RULES §3). The path is chosen when played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Move {
    /// Origin square.
    pub from: Square,
    /// Destination square.
    pub to: Square,
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.from, self.to)
    }
}

/// A move as the piece's path: two squares for a step, one more per jump.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Path(Vec<Square>);

impl Path {
    /// A path from its squares (at least two; not checked for legality here).
    pub fn new(squares: Vec<Square>) -> Option<Path> {
        (squares.len() >= 2).then_some(Path(squares))
    }

    /// The squares, origin first.
    pub fn squares(&self) -> &[Square] {
        &self.0
    }

    /// Origin.
    pub fn from(&self) -> Square {
        self.0[0]
    }

    /// Destination.
    pub fn to(&self) -> Square {
        self.0[self.0.len() - 1]
    }

    /// The (from, to) pair.
    pub fn as_move(&self) -> Move {
        Move {
            from: self.from(),
            to: self.to(),
        }
    }

    /// Whether the path is a step to an adjacent square (as opposed to jumps).
    pub fn is_step(&self) -> bool {
        let (a, b) = (self.0[0], self.0[1]);
        self.0.len() == 2 && a.file.abs_diff(b.file) <= 1 && a.rank.abs_diff(b.rank) <= 1
    }
}

impl fmt::Display for Path {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, s) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str("-")?;
            }
            write!(f, "{s}")?;
        }
        Ok(())
    }
}

impl Serialize for Path {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Path {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Path, D::Error> {
        let s = String::deserialize(d)?;
        let squares: Option<Vec<Square>> = s.split('-').map(Square::parse).collect();
        squares
            .and_then(Path::new)
            .ok_or_else(|| serde::de::Error::custom(format!("bad path '{s}'")))
    }
}

/// Why a move cannot be played; each says exactly what is wrong, for the player.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IllegalMove {
    /// The game has already ended.
    #[error("the game is over")]
    GameOver,
    /// A square of the move is not on this board.
    #[error("{square} is not on the {board} board")]
    OffBoard {
        /// The square.
        square: Square,
        /// The board.
        board: BoardSize,
    },
    /// The origin is empty.
    #[error("there is no piece on {0}")]
    NoPiece(Square),
    /// The origin holds an opponent piece.
    #[error("the piece on {0} is not yours")]
    NotYourPiece(Square),
    /// Origin and destination are the same square.
    #[error("a move must leave {0}")]
    SameSquare(Square),
    /// The destination is occupied.
    #[error("{0} is occupied")]
    Occupied(Square),
    /// No step or chain leads from origin to destination.
    #[error("{from} cannot reach {to}")]
    Unreachable {
        /// Origin.
        from: Square,
        /// Destination.
        to: Square,
    },
    /// Two consecutive squares of a typed chain are not a jump apart on an allowed line.
    #[error("{from}-{to} is not a jump")]
    NotAJump {
        /// Hop start.
        from: Square,
        /// Hop end.
        to: Square,
    },
    /// A hop of a typed chain has no piece to jump over.
    #[error("{from}-{to} has no piece to jump over")]
    NothingToJump {
        /// Hop start.
        from: Square,
        /// Hop end.
        to: Square,
    },
    /// A typed chain lands on an occupied square.
    #[error("the chain lands on {0}, which is occupied")]
    LandingOccupied(Square),
    /// A typed chain visits a square twice.
    #[error("the chain visits {0} twice")]
    Revisit(Square),
    /// The move would lock an opponent piece (RULES §5).
    #[error("that move would lock the piece on {piece}")]
    WouldLock {
        /// The opponent piece that would be locked.
        piece: Square,
    },
    /// The mirror rule (RULES §8).
    #[error("that would be mirrored move number {}, and only {limit} of the first {window} may mirror White's", limit + 1)]
    MirrorLimit {
        /// Allowed mirrored moves.
        limit: u8,
        /// Opening window.
        window: u8,
    },
    /// The forced-exit rule (RULES §8).
    #[error("you must move a piece that is still in your home")]
    ForcedExit,
    /// No squares were given at all.
    #[error("a move needs at least two squares")]
    NoSquares,
    /// The seat to move has no legal move and must pass (RULES §14).
    #[error("no piece can move: the turn is a pass (--)")]
    MustPass,
    /// A pass where a move exists (RULES §14).
    #[error("a pass is allowed only when no piece can move")]
    NoPass,
}

/// A bad position text, saying what is wrong and where.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// Not four fields.
    #[error(
        "expected 4 space-separated fields `W:<squares> B:<squares> <w|b> <move number>`, found {0}"
    )]
    FieldCount(usize),
    /// A piece field does not start with `W:` / `B:`.
    #[error("field {field} must start with '{expected}', found '{found}'")]
    Prefix {
        /// 1-based field.
        field: usize,
        /// Expected prefix.
        expected: &'static str,
        /// What was there.
        found: String,
    },
    /// A square does not parse.
    #[error("field {field}, column {column}: '{text}' is not a square")]
    BadSquare {
        /// 1-based field.
        field: usize,
        /// 1-based column in the whole text.
        column: usize,
        /// The token.
        text: String,
    },
    /// A square lies outside the board.
    #[error("field {field}, column {column}: {square} is not on the {board} board")]
    OffBoard {
        /// 1-based field.
        field: usize,
        /// 1-based column.
        column: usize,
        /// The square.
        square: Square,
        /// The board.
        board: BoardSize,
    },
    /// A square is listed twice.
    #[error("field {field}, column {column}: {square} is listed twice")]
    Duplicate {
        /// 1-based field.
        field: usize,
        /// 1-based column.
        column: usize,
        /// The square.
        square: Square,
    },
    /// The side field is not `w` / `b`.
    #[error("field 3: side to move must be 'w' or 'b', found '{0}'")]
    Side(String),
    /// The move number is not a positive integer.
    #[error("field 4: move number must be a whole number from 1, found '{0}'")]
    Number(String),
    /// Piece count does not match the variant.
    #[error("{color} has {found} pieces, but this variant has {expected}")]
    PieceCount {
        /// The side.
        color: Color,
        /// Pieces given.
        found: usize,
        /// Pieces required.
        expected: usize,
    },
    /// Black to move in the one-player training room.
    #[error("the training room has only White to move")]
    SoloSide,
}

impl Position {
    /// The variant this position is played under.
    pub fn variant(&self) -> &Variant {
        &self.variant
    }

    /// Side to move.
    pub fn side_to_move(&self) -> Color {
        with!(self, _c, p => p.side)
    }

    /// Number of the move pair being played.
    pub fn move_number(&self) -> u16 {
        with!(self, _c, p => p.number)
    }

    /// Zobrist hash of placement + side to move (repetition identity).
    pub fn hash(&self) -> u64 {
        with!(self, _c, p => p.hash)
    }

    /// Pieces of `c` in (file, rank) order.
    pub fn pieces(&self, c: Color) -> Vec<Square> {
        let mut v: Vec<Square> =
            with!(self, ctx, p => p.pieces[c.index()].iter().map(|i| ctx.square(i)).collect());
        v.sort();
        v
    }

    /// Who stands on `sq` (None if empty or off the board).
    pub fn piece_at(&self, sq: Square) -> Option<Color> {
        if !self.variant.board().contains(sq) {
            return None;
        }
        with!(self, ctx, p => {
            let i = ctx.index(sq);
            Color::ALL.into_iter().find(|c| p.pieces[c.index()].has(i))
        })
    }

    /// Adjudication as if the last move had just been played (goal, deadline, move limit).
    pub fn status(&self) -> Option<Outcome> {
        with!(self, c, p => c.status(p))
    }

    /// [`Position::status`] plus "no legal move".
    pub fn terminal(&self) -> Option<Outcome> {
        with!(self, c, p => c.terminal(p))
    }

    /// Legal moves in (from, to) order; none if the position is already decided.
    pub fn legal_moves(&self) -> Vec<Move> {
        if self.status().is_some() {
            return Vec::new();
        }
        let mut v: Vec<Move> = with!(self, c, p => {
            let mut raw = Vec::new();
            c.gen_moves(p, &mut raw);
            raw.into_iter()
                .map(|m| Move { from: c.square(m.from), to: c.square(m.to) })
                .collect()
        });
        v.sort();
        v
    }

    /// Legal destinations of the piece on `from` (for the tap interface), sorted.
    pub fn destinations(&self, from: Square) -> Vec<Square> {
        if self.status().is_some() || !self.variant.board().contains(from) {
            return Vec::new();
        }
        let mut v: Vec<Square> = with!(self, c, p => c
            .legal_destinations(p, c.index(from))
            .iter()
            .map(|i| c.square(i))
            .collect());
        v.sort();
        v
    }

    /// The shortest chain for a legal (from, to) pair, as it will be played.
    pub fn path(&self, m: Move) -> Result<Path, IllegalMove> {
        self.check_move(m)
    }

    fn on_board(&self, sq: Square) -> Result<(), IllegalMove> {
        if self.variant.board().contains(sq) {
            Ok(())
        } else {
            Err(IllegalMove::OffBoard {
                square: sq,
                board: self.variant.board(),
            })
        }
    }

    /// Check a (from, to) pair; on success the shortest path (RULES §3).
    pub fn check_move(&self, m: Move) -> Result<Path, IllegalMove> {
        self.check_squares(&[m.from, m.to])
    }

    /// Check a typed path: two squares are a (from, to) pair (shorthand allowed), three or
    /// more must be a legal chain exactly as written (RULES §13).
    pub fn check_squares(&self, squares: &[Square]) -> Result<Path, IllegalMove> {
        match squares {
            [] => return Err(IllegalMove::NoSquares),
            [only] => return Err(IllegalMove::SameSquare(*only)),
            _ => {}
        }
        for &s in squares {
            self.on_board(s)?;
        }
        if self.status().is_some() {
            return Err(IllegalMove::GameOver);
        }
        let from = squares[0];
        let to = squares[squares.len() - 1];
        let side = self.side_to_move();
        match self.piece_at(from) {
            None => return Err(IllegalMove::NoPiece(from)),
            Some(c) if c != side => return Err(IllegalMove::NotYourPiece(from)),
            _ => {}
        }
        if from == to && squares.len() == 2 {
            return Err(IllegalMove::SameSquare(from));
        }
        with!(self, c, p => {
            let raw: Vec<u8> = squares.iter().map(|s| c.index(*s)).collect();
            let path = if raw.len() == 2 {
                if self.piece_at(to).is_some() {
                    return Err(IllegalMove::Occupied(to));
                }
                c.shortest_path(p, raw[0], raw[1])
                    .ok_or(IllegalMove::Unreachable { from, to })?
            } else {
                if let Err((k, fault)) = c.check_path(p, &raw) {
                    let (a, b) = (squares[k], squares[k + 1]);
                    return Err(match fault {
                        ChainFault::NotAJump => IllegalMove::NotAJump { from: a, to: b },
                        ChainFault::NothingToJump => IllegalMove::NothingToJump { from: a, to: b },
                        ChainFault::LandingOccupied => IllegalMove::LandingOccupied(b),
                        ChainFault::Revisit => IllegalMove::Revisit(b),
                    });
                }
                raw
            };
            let m = RawMove { from: path[0], to: path[path.len() - 1] };
            if !c.movers(p).has(m.from) {
                return Err(IllegalMove::ForcedExit);
            }
            if let Some(q) = c.locks_piece(p, m) {
                return Err(IllegalMove::WouldLock { piece: c.square(q) });
            }
            if c.mirror_banned(p, m) {
                return Err(IllegalMove::MirrorLimit {
                    limit: c.rules.mirror_limit.unwrap_or(0),
                    window: c.rules.mirror_window,
                });
            }
            Ok(Path(path.into_iter().map(|i| c.square(i)).collect()))
        })
    }

    /// Whether playing `m` now returns a piece home after the deadline, which loses at once
    /// (interfaces must ask for confirmation first).
    pub fn is_return_home(&self, m: Move) -> bool {
        if !self.variant.board().contains(m.to) || !self.variant.board().contains(m.from) {
            return false;
        }
        with!(self, c, p => c.is_return_home(p, RawMove { from: c.index(m.from), to: c.index(m.to) }))
    }

    /// Play a legal path (as returned by [`Position::check_squares`]) without re-checking it.
    pub(crate) fn play_unchecked(&self, m: Move) -> Position {
        with_new!(self, c, p => c.play(p, RawMove { from: c.index(m.from), to: c.index(m.to) }))
    }

    /// Play a move (a (from, to) pair, shortest chain); the new position or why not.
    pub fn play(&self, m: Move) -> Result<Position, IllegalMove> {
        self.check_move(m)?;
        Ok(self.play_unchecked(m))
    }

    /// Tempo number of `c` (RULES §6).
    pub fn tempo(&self, c: Color) -> i32 {
        with!(self, ctx, p => ctx.tempo(p, c))
    }

    /// Pieces of `c` standing on its target.
    pub fn in_target(&self, c: Color) -> u32 {
        with!(self, ctx, p => ctx.in_target(p, c))
    }

    /// Pieces of `c` still on its own home squares.
    pub fn at_home(&self, c: Color) -> u32 {
        with!(self, ctx, p => (p.pieces[c.index()] & ctx.home[c.index()]).count())
    }

    /// Whether `c` would fail the exit-deadline check now (with the diagonal exception).
    pub fn fails_deadline(&self, c: Color) -> bool {
        with!(self, ctx, p => ctx.fails_deadline(p, c))
    }

    /// Whether a third occurrence of this position would end the game (the variant's repetition option).
    pub fn repetition_applies(&self) -> bool {
        with!(self, c, p => c.repetition_applies(p))
    }

    /// Black's mirrored moves counted so far.
    pub fn mirror_count(&self) -> u8 {
        with!(self, _c, p => p.mirror_count)
    }

    /// perft (RULES §12).
    pub fn perft(&self, depth: u32) -> u64 {
        with!(self, c, p => c.perft(p, depth))
    }

    /// perft split by first move, in (from, to) order, each with its shortest path.
    pub fn divide(&self, depth: u32) -> Vec<(Path, u64)> {
        let depth = depth.max(1);
        self.legal_moves()
            .into_iter()
            .map(|m| {
                let path = self.check_move(m).expect("listed moves are legal");
                let n = if depth == 1 {
                    1
                } else if self.is_return_home(m) {
                    0
                } else {
                    self.play_unchecked(m).perft(depth - 1)
                };
                (path, n)
            })
            .collect()
    }

    /// The core view for any board size, so generic code (the AI) can dispatch once.
    pub fn core(&self) -> CoreRef<'_> {
        match (&*self.variant.ctx, &self.state) {
            (AnyCtx::S8(c), State::S8(p)) => CoreRef::S8(c, p),
            (AnyCtx::S10(c), State::S10(p)) => CoreRef::S10(c, p),
            (AnyCtx::S16(c), State::S16(p)) => CoreRef::S16(c, p),
            _ => unreachable!("a position is only ever built with its own variant's board size"),
        }
    }

    /// Position text (RULES §11), squares in board order (a1, b1, ..., a2, ...).
    pub fn to_text(&self) -> String {
        with!(self, c, p => {
            let list = |col: Color| {
                p.pieces[col.index()]
                    .iter()
                    .map(|i| c.square(i).to_string())
                    .collect::<Vec<_>>()
                    .join(",")
            };
            format!(
                "W:{} B:{} {} {}",
                list(Color::White),
                list(Color::Black),
                p.side.letter(),
                p.number
            )
        })
    }

    /// Parse position text (RULES §11) for `variant`; errors say what and where.
    pub fn from_text(variant: &Variant, text: &str) -> Result<Position, PositionError> {
        let board = variant.board();
        let mut fields: Vec<(usize, &str)> = Vec::new();
        let mut start = None;
        for (i, ch) in text.char_indices() {
            if ch.is_whitespace() {
                if let Some(s) = start.take() {
                    fields.push((s, &text[s..i]));
                }
            } else if start.is_none() {
                start = Some(i);
            }
        }
        if let Some(s) = start {
            fields.push((s, &text[s..]));
        }
        if fields.len() != 4 {
            return Err(PositionError::FieldCount(fields.len()));
        }
        let mut sets: [Vec<Square>; 2] = [Vec::new(), Vec::new()];
        let mut seen: Vec<Square> = Vec::new();
        for (k, (prefix, color)) in [("W:", Color::White), ("B:", Color::Black)]
            .into_iter()
            .enumerate()
        {
            let (off, f) = fields[k];
            let field = k + 1;
            if f.len() < 2 || !f[..2].eq_ignore_ascii_case(prefix) {
                return Err(PositionError::Prefix {
                    field,
                    expected: prefix,
                    found: f.chars().take(2).collect(),
                });
            }
            let mut pos = off + 2;
            for tok in f[2..].split(',') {
                let column = text[..pos].chars().count() + 1;
                pos += tok.len() + 1;
                if tok.is_empty() {
                    continue;
                }
                let sq = Square::parse(tok).ok_or_else(|| PositionError::BadSquare {
                    field,
                    column,
                    text: tok.to_string(),
                })?;
                if !board.contains(sq) {
                    return Err(PositionError::OffBoard {
                        field,
                        column,
                        square: sq,
                        board,
                    });
                }
                if seen.contains(&sq) {
                    return Err(PositionError::Duplicate {
                        field,
                        column,
                        square: sq,
                    });
                }
                seen.push(sq);
                sets[color.index()].push(sq);
            }
        }
        let side = match fields[2].1 {
            "w" | "W" => Color::White,
            "b" | "B" => Color::Black,
            other => return Err(PositionError::Side(other.to_string())),
        };
        let number: u16 = fields[3]
            .1
            .parse()
            .ok()
            .filter(|n| *n >= 1)
            .ok_or_else(|| PositionError::Number(fields[3].1.to_string()))?;
        let rules = variant.rules();
        let expected = [rules.pieces(), if rules.solo { 0 } else { rules.pieces() }];
        for c in Color::ALL {
            if sets[c.index()].len() != expected[c.index()] {
                return Err(PositionError::PieceCount {
                    color: c,
                    found: sets[c.index()].len(),
                    expected: expected[c.index()],
                });
            }
        }
        if rules.solo && side == Color::Black {
            return Err(PositionError::SoloSide);
        }
        fn build<G: super::bits::Geometry>(
            c: &Ctx<G>,
            sets: &[Vec<Square>; 2],
            side: Color,
            number: u16,
        ) -> Pos<G> {
            let mut pieces = [G::B::EMPTY; 2];
            for col in Color::ALL {
                for s in &sets[col.index()] {
                    pieces[col.index()] |= G::B::single(c.index(*s));
                }
            }
            c.make_pos(pieces, side, number)
        }
        let state = match &*variant.ctx {
            AnyCtx::S8(c) => State::S8(build(c, &sets, side, number)),
            AnyCtx::S10(c) => State::S10(build(c, &sets, side, number)),
            AnyCtx::S16(c) => State::S16(build(c, &sets, side, number)),
        };
        Ok(Position {
            variant: variant.clone(),
            state,
        })
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_text())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::VariantId;

    #[test]
    fn an_empty_square_list_is_refused_not_a_panic() {
        let pos = Variant::new(VariantId::Classic).start();
        assert_eq!(pos.check_squares(&[]), Err(IllegalMove::NoSquares));
        let c3 = Square::new(2, 2);
        assert_eq!(pos.check_squares(&[c3]), Err(IllegalMove::SameSquare(c3)));
    }
}
