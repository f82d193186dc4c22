//! A position of a three- or four-seat game (RULES.md §14): placement, the seat to
//! move, the round, and who has finished or left, with legal turns, finishing, rounds,
//! places and perft.

use super::board::{N, PIECES, TO_MOVE, board, from_frame, to_frame};
use super::seat::{MultiVariant, Seat, SeatSet};
use crate::engine::bits::{Bits, G16, U256};
use crate::engine::core::Pos;
use crate::engine::outcome::Reason;
use crate::engine::position::{IllegalMove, Path};
use crate::engine::square::{Color, Square};
use std::fmt;

/// The last round: the game is judged after it (RULES §14, `move_limit`).
pub const ROUND_LIMIT: u16 = 200;

/// One turn: a move (from, to) as square indices on the 16×16 board, or a pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Turn {
    /// A step or chain from one square to another.
    Move {
        /// Origin index (rank-major, a1 = 0).
        from: u8,
        /// Destination index.
        to: u8,
    },
    /// No legal move: the seat passes (`--`).
    Pass,
}

impl Turn {
    /// A move between two squares.
    pub fn between(from: Square, to: Square) -> Turn {
        Turn::Move {
            from: from.index(N),
            to: to.index(N),
        }
    }

    /// The origin and destination squares of a move.
    pub fn squares(self) -> Option<(Square, Square)> {
        match self {
            Turn::Move { from, to } => {
                Some((Square::from_index(from, N), Square::from_index(to, N)))
            }
            Turn::Pass => None,
        }
    }
}

/// How a seat left the game (RULES §14 "Leaving").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Leave {
    /// The player resigned.
    Resignation,
    /// A clock ran out, or a second per-move limit was missed in a row.
    Timeout,
}

impl Leave {
    /// The reason id it gives a game it ends.
    pub const fn reason(self) -> Reason {
        match self {
            Leave::Resignation => Reason::Resignation,
            Leave::Timeout => Reason::Timeout,
        }
    }
}

/// A three- or four-seat position with everything the rules need to go on and to rank.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MultiPos {
    variant: MultiVariant,
    pieces: [U256; 4],
    to_move: Seat,
    round: u16,
    finished: SeatSet,
    /// The round each finished seat finished in (0: before the loaded position).
    finish_round: [u16; 4],
    left: SeatSet,
    /// 1 for the first seat to leave, 2 for the second…
    left_order: [u8; 4],
    /// How each seat's player left (the reason a game ended by that leave gives).
    left_how: [Option<Leave>; 4],
    /// What last settled a seat's result (a finish or a leave): names the end.
    last_settled: Reason,
    ended: bool,
    hash: u64,
}

/// The places and why the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MultiOutcome {
    /// 1-based place per seat (`None` for an empty seat).
    pub places: [Option<u8>; 4],
    /// `goal`, `goal_both`, `move_limit`, `resignation` or `timeout`.
    pub reason: Reason,
}

impl MultiOutcome {
    /// `w1 g3 b2 r4`: the `Places` tag.
    pub fn places_text(&self) -> String {
        places_text(&self.places)
    }
}

/// `w1 g3 b2 r4` for the given places (seats without one are left out).
pub fn places_text(places: &[Option<u8>; 4]) -> String {
    Seat::ALL
        .into_iter()
        .filter_map(|s| places[s.index()].map(|p| format!("{}{p}", s.letter())))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A bad position text for a multi-player variant.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MultiPositionError {
    /// Not six fields.
    #[error(
        "expected 6 space-separated fields `W:<squares> G:<squares> B:<squares> R:<squares> <w|g|b|r> <round>`, found {0}"
    )]
    FieldCount(usize),
    /// A piece field does not start with its seat's letter.
    #[error("field {field} must start with '{expected}:'")]
    Prefix {
        /// 1-based field.
        field: usize,
        /// The expected letter.
        expected: char,
    },
    /// A square does not parse.
    #[error("'{0}' is not a square of the 16x16 board")]
    BadSquare(String),
    /// Two pieces on one square.
    #[error("{0} holds two pieces")]
    Twice(Square),
    /// A seat has the wrong number of pieces.
    #[error("{seat} has {found} pieces; {variant} gives it {expected}")]
    PieceCount {
        /// The seat's colour name.
        seat: &'static str,
        /// How many the text gives.
        found: usize,
        /// How many the variant gives.
        expected: usize,
        /// The variant.
        variant: MultiVariant,
    },
    /// The seat to move is not `w`, `g`, `b` or `r`, or is not seated.
    #[error("'{0}' is not a seat of this variant to move")]
    BadSeat(String),
    /// The seat to move has already finished.
    #[error("{0} has finished and cannot be the seat to move")]
    FinishedToMove(&'static str),
    /// The round is not a number from 1.
    #[error("'{0}' is not a round number (1 or more)")]
    BadRound(String),
}

impl MultiPos {
    /// The start of `variant`: every seated seat in its camp, White to move, round 1.
    pub fn start(variant: MultiVariant) -> MultiPos {
        let b = board();
        let mut pieces = [U256::EMPTY; 4];
        for s in variant.seats().iter() {
            pieces[s.index()] = b.camp[s.index()];
        }
        MultiPos::from_parts(variant, pieces, Seat::White, 1)
    }

    /// A position from its placement, as loaded (RULES §14): seats meeting the finishing
    /// condition have finished (before this round), and a position with at most one
    /// seat (or one team) left playing, or past the last round, is an ended game.
    fn from_parts(variant: MultiVariant, pieces: [U256; 4], to_move: Seat, round: u16) -> MultiPos {
        let mut p = MultiPos {
            variant,
            pieces,
            to_move,
            round,
            finished: SeatSet::EMPTY,
            finish_round: [0; 4],
            left: SeatSet::EMPTY,
            left_order: [0; 4],
            left_how: [None; 4],
            last_settled: Reason::Goal,
            ended: false,
            hash: 0,
        };
        for s in variant.seats().iter() {
            if p.meets_finish(s) {
                p.finished = p.finished.with(s);
            }
        }
        p.hash = p.compute_hash();
        p.ended = p.round > ROUND_LIMIT || p.end_condition();
        p
    }

    fn compute_hash(&self) -> u64 {
        let b = board();
        let mut h = TO_MOVE[self.to_move.index()];
        for s in Seat::ALL {
            for i in self.pieces[s.index()].iter() {
                h ^= b.zobrist[s.index()][i as usize];
            }
        }
        h
    }

    /// The variant.
    pub fn variant(&self) -> MultiVariant {
        self.variant
    }

    /// The seat to move.
    pub fn to_move(&self) -> Seat {
        self.to_move
    }

    /// The round being played (1-based).
    pub fn round(&self) -> u16 {
        self.round
    }

    /// Seats that have finished.
    pub fn finished(&self) -> SeatSet {
        self.finished
    }

    /// Seats whose players have left (the program plays them on).
    pub fn left(&self) -> SeatSet {
        self.left
    }

    /// Seats still racing: seated, not finished (seats that left still move).
    pub fn playing(&self) -> SeatSet {
        self.variant.seats().without(self.finished)
    }

    /// Whether the game has ended.
    pub fn is_over(&self) -> bool {
        self.ended
    }

    /// Zobrist hash of placement and seat to move.
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The pieces of `s` as a bitboard.
    pub(crate) fn bits(&self, s: Seat) -> U256 {
        self.pieces[s.index()]
    }

    /// Manhattan distance from square index `i` to the far corner of `s`'s target.
    #[inline]
    pub(crate) fn distance(s: Seat, i: u8) -> u8 {
        board().dist[s.index()][i as usize]
    }

    /// `s`'s target squares.
    #[inline]
    pub(crate) fn target_bits(s: Seat) -> U256 {
        board().target[s.index()]
    }

    /// The distance sum of `s`'s completed target (its tempo is measured from it).
    #[inline]
    pub(crate) fn tempo_base(s: Seat) -> i32 {
        board().tempo_base[s.index()]
    }

    /// Destinations of a piece on `from` with occupancy `occ` (which holds `from`).
    #[inline]
    pub(crate) fn reach(from: u8, occ: U256) -> U256 {
        let ctx = &board().ctx;
        let empty = ctx.all() & !occ;
        (ctx.adj(from) & empty) | ctx.jump_reach(from, occ ^ U256::single(from), empty)
    }

    /// All occupied squares.
    #[inline]
    pub(crate) fn occupied(&self) -> U256 {
        self.pieces[0] | self.pieces[1] | self.pieces[2] | self.pieces[3]
    }

    /// The squares of `s`'s pieces.
    pub fn pieces(&self, s: Seat) -> Vec<Square> {
        self.pieces[s.index()]
            .iter()
            .map(|i| Square::from_index(i, N))
            .collect()
    }

    /// Whose piece stands on `sq`.
    pub fn seat_at(&self, sq: Square) -> Option<Seat> {
        if sq.file >= N || sq.rank >= N {
            return None;
        }
        let i = sq.index(N);
        Seat::ALL
            .into_iter()
            .find(|s| self.pieces[s.index()].has(i))
    }

    /// Pieces of `s` on its target.
    pub fn in_target(&self, s: Seat) -> u32 {
        (self.pieces[s.index()] & board().target[s.index()]).count()
    }

    /// Tempo number of `s` (RULES §6, to the far corner of its target): 0 when complete.
    pub fn tempo(&self, s: Seat) -> i32 {
        let b = board();
        let d = &b.dist[s.index()];
        self.pieces[s.index()]
            .iter()
            .map(|i| d[i as usize] as i32)
            .sum::<i32>()
            - b.tempo_base[s.index()]
    }

    /// The finishing condition (RULES §14, anti-spoiling): all pieces on the target, or
    /// the target full with at least one own piece on it.
    pub(crate) fn meets_finish(&self, s: Seat) -> bool {
        let own = self.pieces[s.index()];
        if own.is_empty() {
            return false;
        }
        let target = board().target[s.index()];
        (own & !target).is_empty()
            || ((target & !self.occupied()).is_empty() && own.intersects(target))
    }

    /// Destinations of the piece on index `from` (steps and chains in 8 directions).
    #[inline]
    pub(crate) fn destinations_of(&self, from: u8, occ: U256) -> U256 {
        MultiPos::reach(from, occ)
    }

    /// Legal destinations of the piece on `from`, if it belongs to the seat to move.
    pub fn destinations(&self, from: Square) -> Vec<Square> {
        if self.ended || self.seat_at(from) != Some(self.to_move) {
            return Vec::new();
        }
        self.destinations_of(from.index(N), self.occupied())
            .iter()
            .map(|i| Square::from_index(i, N))
            .collect()
    }

    /// The legal turns of the seat to move: its moves, or a single pass when it has none;
    /// nothing once the game has ended.
    pub fn turns(&self, out: &mut Vec<Turn>) {
        out.clear();
        if self.ended {
            return;
        }
        let occ = self.occupied();
        for from in self.pieces[self.to_move.index()].iter() {
            for to in self.destinations_of(from, occ).iter() {
                out.push(Turn::Move { from, to });
            }
        }
        if out.is_empty() {
            out.push(Turn::Pass);
        }
    }

    /// The legal turns as a new vector.
    pub fn legal_turns(&self) -> Vec<Turn> {
        let mut v = Vec::with_capacity(128);
        self.turns(&mut v);
        v
    }

    /// Number of legal turns (a pass counts one).
    pub fn count_turns(&self) -> u64 {
        if self.ended {
            return 0;
        }
        let occ = self.occupied();
        let n: u64 = self.pieces[self.to_move.index()]
            .iter()
            .map(|from| self.destinations_of(from, occ).count() as u64)
            .sum();
        n.max(1)
    }

    /// Whether `t` is legal here.
    pub fn is_legal(&self, t: Turn) -> bool {
        if self.ended {
            return false;
        }
        match t {
            Turn::Pass => self.legal_turns() == [Turn::Pass],
            Turn::Move { from, to } => {
                self.pieces[self.to_move.index()].has(from)
                    && self.destinations_of(from, self.occupied()).has(to)
            }
        }
    }

    /// Play a turn the caller knows to be legal (from [`MultiPos::turns`]).
    pub fn play(&self, t: Turn) -> MultiPos {
        let mut p = *self;
        let s = self.to_move;
        if let Turn::Move { from, to } = t {
            let z = &board().zobrist[s.index()];
            p.pieces[s.index()] ^= U256::single(from) | U256::single(to);
            p.hash ^= z[from as usize] ^ z[to as usize];
        }
        if !p.finished.has(s) && p.meets_finish(s) {
            p.finished = p.finished.with(s);
            p.finish_round[s.index()] = p.round;
            if !p.left.has(s) {
                p.last_settled = Reason::Goal;
            }
        }
        p.hash ^= TO_MOVE[s.index()];
        match p.playing().iter().find(|n| n.index() > s.index()) {
            Some(next) => p.to_move = next,
            None => {
                // The round is over: ends are judged here.
                if p.round >= ROUND_LIMIT || p.end_condition() {
                    p.ended = true;
                }
                p.round += 1;
                p.to_move = p.playing().iter().next().unwrap_or(Seat::White);
                if p.playing().is_empty() {
                    p.ended = true;
                }
            }
        }
        p.hash ^= TO_MOVE[p.to_move.index()];
        p
    }

    /// The player of `s` leaves (RULES §14): the seat's result is fixed at the last place
    /// among those not yet finished, and the program plays it on. A seat that has
    /// finished or left already, or an empty one, changes nothing.
    pub fn leave(&mut self, s: Seat, how: Leave) {
        if !self.variant.seats().has(s) || self.finished.has(s) || self.left.has(s) || self.ended {
            return;
        }
        self.left = self.left.with(s);
        self.left_order[s.index()] = self.left.len() as u8;
        self.left_how[s.index()] = Some(how);
        self.last_settled = how.reason();
    }

    /// Seats whose result is not yet settled: seated, not finished, not left.
    fn undecided(&self) -> SeatSet {
        self.variant
            .seats()
            .without(self.finished)
            .without(self.left)
    }

    fn team_done(&self, s: Seat) -> bool {
        self.finished.has(s) && self.finished.has(s.opposite()) && !self.team_left(s)
    }

    fn team_left(&self, s: Seat) -> bool {
        self.left.has(s) || self.left.has(s.opposite())
    }

    /// Whether the game ends when judged now (at the end of a round, or on loading).
    fn end_condition(&self) -> bool {
        if self.variant.teams() {
            [Seat::White, Seat::Green]
                .into_iter()
                .any(|s| self.team_done(s) || self.team_left(s))
        } else {
            self.undecided().len() <= 1
        }
    }

    /// Places and reason once the game has ended; `None` while it is in play.
    pub fn outcome(&self) -> Option<MultiOutcome> {
        self.ended.then(|| {
            if self.variant.teams() {
                self.team_outcome()
            } else {
                let places = self.places_now();
                let reason = if self.undecided().len() <= 1 {
                    self.last_settled
                } else {
                    Reason::MoveLimit
                };
                MultiOutcome { places, reason }
            }
        })
    }

    /// The places known now: finished seats and seats that left; once the game has
    /// ended, every seat (RULES §14 "Places").
    pub fn places_now(&self) -> [Option<u8>; 4] {
        if self.ended && self.variant.teams() {
            return self.team_outcome().places;
        }
        let seats = self.variant.seats();
        let finished = self.finished.without(self.left);
        let undecided = self.undecided();
        let mut places = [None; 4];
        for s in finished.iter() {
            let before = finished
                .iter()
                .filter(|o| self.finish_round[o.index()] < self.finish_round[s.index()])
                .count();
            places[s.index()] = Some(1 + before as u8);
        }
        for s in self.left.iter() {
            places[s.index()] = Some(seats.len() as u8 + 1 - self.left_order[s.index()]);
        }
        if self.ended {
            let key = |s: Seat| (std::cmp::Reverse(self.in_target(s)), self.tempo(s));
            for s in undecided.iter() {
                let better = undecided.iter().filter(|o| key(*o) < key(s)).count();
                places[s.index()] = Some((finished.len() + 1 + better) as u8);
            }
        }
        places
    }

    fn team_outcome(&self) -> MultiOutcome {
        let teams = [Seat::White, Seat::Green];
        let placed = |first: Seat| {
            let mut places = [Some(3); 4];
            places[first.index()] = Some(1);
            places[first.opposite().index()] = Some(1);
            places
        };
        let draw = [Some(1); 4];
        // A team whose player left cannot win; with leavers on both sides, the team whose
        // player left first is lower. The reason is that first leave's.
        let first_leaver = |team: Seat| {
            [team, team.opposite()]
                .into_iter()
                .filter(|x| self.left_order[x.index()] > 0)
                .min_by_key(|x| self.left_order[x.index()])
        };
        let leavers: Vec<Seat> = teams.into_iter().filter_map(first_leaver).collect();
        if let Some(loser) = leavers.iter().min_by_key(|x| self.left_order[x.index()]) {
            let reason = self.left_how[loser.index()].map_or(Reason::Resignation, Leave::reason);
            return MultiOutcome {
                places: placed(loser.opposite_team()),
                reason,
            };
        }
        let done: Vec<Seat> = teams.into_iter().filter(|s| self.team_done(*s)).collect();
        match done.as_slice() {
            [one] => MultiOutcome {
                places: placed(*one),
                reason: Reason::Goal,
            },
            [_, _] => MultiOutcome {
                places: draw,
                reason: Reason::GoalBoth,
            },
            _ => {
                let key = |s: Seat| {
                    let pair = [s, s.opposite()];
                    (
                        pair.iter().filter(|x| self.finished.has(**x)).count(),
                        pair.iter().map(|x| self.in_target(*x)).sum::<u32>(),
                        std::cmp::Reverse(pair.iter().map(|x| self.tempo(*x)).sum::<i32>()),
                    )
                };
                let (a, b) = (key(Seat::White), key(Seat::Green));
                let places = match a.cmp(&b) {
                    std::cmp::Ordering::Greater => placed(Seat::White),
                    std::cmp::Ordering::Less => placed(Seat::Green),
                    std::cmp::Ordering::Equal => draw,
                };
                MultiOutcome {
                    places,
                    reason: Reason::MoveLimit,
                }
            }
        }
    }

    /// perft (RULES §14): each turn one ply, a pass one node, an ended game no moves.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if self.ended {
            return 0;
        }
        if depth == 1 {
            return self.count_turns();
        }
        let mut turns = Vec::with_capacity(128);
        self.turns(&mut turns);
        turns
            .into_iter()
            .map(|t| self.play(t).perft(depth - 1))
            .sum()
    }

    /// The two-colour view the path helpers of the two-player core work on: the seat to
    /// move as White, every other piece as Black.
    fn as_pair(&self) -> Pos<G16> {
        let own = self.pieces[self.to_move.index()];
        board()
            .ctx
            .make_pos([own, self.occupied() & !own], Color::White, 1)
    }

    /// The path a turn is written with: the step, or the shortest chain (RULES §3
    /// tie-break); `None` for a pass.
    pub fn path(&self, t: Turn) -> Option<Path> {
        let Turn::Move { from, to } = t else {
            return None;
        };
        let ctx = &board().ctx;
        let squares = ctx
            .shortest_path(&self.as_pair(), from, to)?
            .into_iter()
            .map(|i| Square::from_index(i, N))
            .collect();
        Path::new(squares)
    }

    /// A turn as written in records: the path, or `--`.
    pub fn turn_text(&self, t: Turn) -> String {
        match self.path(t) {
            Some(p) => p.to_string(),
            None => "--".into(),
        }
    }

    /// Check typed squares as a move of the seat to move: a step, a (from, to) pair
    /// reached by some chain, or a chain exactly as written (RULES §13).
    pub fn check_squares(&self, squares: &[Square]) -> Result<Turn, IllegalMove> {
        if self.ended {
            return Err(IllegalMove::GameOver);
        }
        let (Some(&from), Some(&to)) = (squares.first(), squares.last()) else {
            return Err(IllegalMove::NoSquares);
        };
        if squares.len() < 2 {
            return Err(IllegalMove::NoSquares);
        }
        match self.seat_at(from) {
            None => return Err(IllegalMove::NoPiece(from)),
            Some(s) if s != self.to_move => return Err(IllegalMove::NotYourPiece(from)),
            Some(_) => {}
        }
        if from == to {
            return Err(IllegalMove::SameSquare(from));
        }
        if self.seat_at(to).is_some() {
            return Err(IllegalMove::Occupied(to));
        }
        let (fi, ti) = (from.index(N), to.index(N));
        if squares.len() > 2 {
            let path: Vec<u8> = squares.iter().map(|s| s.index(N)).collect();
            if let Err((k, fault)) = board().ctx.check_path(&self.as_pair(), &path) {
                use crate::engine::core::ChainFault;
                let (a, b) = (squares[k], squares[k + 1]);
                return Err(match fault {
                    ChainFault::NotAJump => IllegalMove::NotAJump { from: a, to: b },
                    ChainFault::NothingToJump => IllegalMove::NothingToJump { from: a, to: b },
                    ChainFault::LandingOccupied => IllegalMove::LandingOccupied(b),
                    ChainFault::Revisit => IllegalMove::Revisit(b),
                });
            }
        } else if !self.destinations_of(fi, self.occupied()).has(ti) {
            return Err(IllegalMove::Unreachable { from, to });
        }
        Ok(Turn::Move { from: fi, to: ti })
    }

    /// Position text (RULES §14): `W:… G:… B:… R:… <seat> <round>`.
    pub fn to_text(&self) -> String {
        let mut fields: Vec<String> = Seat::ALL
            .into_iter()
            .map(|s| {
                let mut sq = self.pieces(s);
                sq.sort_by_key(|x| {
                    let f = to_frame(s, *x);
                    (f.rank, f.file)
                });
                let list: Vec<String> = sq.iter().map(Square::to_string).collect();
                format!("{}:{}", s.letter().to_ascii_uppercase(), list.join(","))
            })
            .collect();
        fields.push(self.to_move.letter().to_string());
        fields.push(self.round.to_string());
        fields.join(" ")
    }

    /// Read position text for `variant` (RULES §14).
    pub fn from_text(variant: MultiVariant, text: &str) -> Result<MultiPos, MultiPositionError> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        if fields.len() != 6 {
            return Err(MultiPositionError::FieldCount(fields.len()));
        }
        let mut pieces = [U256::EMPTY; 4];
        let mut all = U256::EMPTY;
        for s in Seat::ALL {
            let field = fields[s.index()];
            let upper = s.letter().to_ascii_uppercase();
            let list = field
                .strip_prefix(upper)
                .or_else(|| field.strip_prefix(s.letter()))
                .and_then(|f| f.strip_prefix(':'))
                .ok_or(MultiPositionError::Prefix {
                    field: s.index() + 1,
                    expected: upper,
                })?;
            for tok in list.split(',').filter(|t| !t.is_empty()) {
                let sq = Square::parse(tok)
                    .ok_or_else(|| MultiPositionError::BadSquare(tok.to_string()))?;
                let i = sq.index(N);
                if all.has(i) {
                    return Err(MultiPositionError::Twice(sq));
                }
                all |= U256::single(i);
                pieces[s.index()] |= U256::single(i);
            }
            let expected = if variant.seats().has(s) { PIECES } else { 0 };
            let found = pieces[s.index()].count() as usize;
            if found != expected {
                return Err(MultiPositionError::PieceCount {
                    seat: s.name(),
                    found,
                    expected,
                    variant,
                });
            }
        }
        let to_move = fields[4]
            .chars()
            .next()
            .filter(|_| fields[4].len() == 1)
            .and_then(Seat::from_letter)
            .filter(|s| variant.seats().has(*s))
            .ok_or_else(|| MultiPositionError::BadSeat(fields[4].to_string()))?;
        let round: u16 = fields[5]
            .parse()
            .ok()
            .filter(|r| *r >= 1)
            .ok_or_else(|| MultiPositionError::BadRound(fields[5].to_string()))?;
        let p = MultiPos::from_parts(variant, pieces, to_move, round);
        // An ended game's last position is taken whoever it names to move, so a finished
        // game's position text can be loaded again.
        if p.finished.has(to_move) && !p.ended {
            return Err(MultiPositionError::FinishedToMove(to_move.name()));
        }
        Ok(p)
    }

    /// The square of (file, rank) in `seat`'s own frame (its camp in the a1 corner): for
    /// drawing the board from a seat's side.
    pub fn frame_square(seat: Seat, file: u8, rank: u8) -> Square {
        from_frame(seat, file, rank)
    }
}

impl fmt::Display for MultiPos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_text())
    }
}

impl Seat {
    /// The first seat of the other team (teams variant: White's team is White and Black).
    fn opposite_team(self) -> Seat {
        match self {
            Seat::White | Seat::Black => Seat::Green,
            Seat::Green | Seat::Red => Seat::White,
        }
    }
}
