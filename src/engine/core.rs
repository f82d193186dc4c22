//! The rules core, generic over board size: positions as bitboards, legal move generation
//! with every filter (locking, mirror, forced exit), shortest chains, adjudication and perft.
//!
//! This layer works on raw square indices (`u8`, rank-major) for speed; the public
//! [`crate::engine::Position`] wraps it with typed squares. The AI uses this layer directly.

use super::bits::{Bits, Geometry};
use super::outcome::{Outcome, Reason};
use super::square::{Color, Square};
use super::variant::{Directions, LimitRule, Repetition, Rules};
use super::zobrist;

/// A direction as (file delta, rank delta).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dir {
    /// File delta (−1, 0, 1).
    pub df: i8,
    /// Rank delta (−1, 0, 1).
    pub dr: i8,
}

const ORTH: [Dir; 4] = [
    Dir { df: 1, dr: 0 },
    Dir { df: -1, dr: 0 },
    Dir { df: 0, dr: 1 },
    Dir { df: 0, dr: -1 },
];
const ALL8: [Dir; 8] = [
    Dir { df: 1, dr: 0 },
    Dir { df: -1, dr: 0 },
    Dir { df: 0, dr: 1 },
    Dir { df: 0, dr: -1 },
    Dir { df: 1, dr: 1 },
    Dir { df: -1, dr: 1 },
    Dir { df: 1, dr: -1 },
    Dir { df: -1, dr: -1 },
];

/// A move as a (from, to) pair of square indices: the identity of a move (RULES §3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RawMove {
    /// Origin index.
    pub from: u8,
    /// Destination index.
    pub to: u8,
}

/// The game state the rules need, small and `Copy` so search can copy-make.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pos<G: Geometry> {
    /// Pieces per colour.
    pub pieces: [G::B; 2],
    /// Side to move.
    pub side: Color,
    /// Number of the move pair being played (RULES §11).
    pub number: u16,
    /// Black's mirrored moves so far (RULES §8 mirror rule).
    pub mirror_count: u8,
    /// White's move with the current number, for the mirror rule.
    pub last_white: Option<RawMove>,
    /// Zobrist hash of placement and side to move.
    pub hash: u64,
}

/// Why a typed chain is not a legal chain (RULES §3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChainFault {
    /// Two consecutive squares are not two apart on an allowed line.
    NotAJump,
    /// The square between two chain squares is empty.
    NothingToJump,
    /// A landing square is occupied.
    LandingOccupied,
    /// The chain visits a square twice.
    Revisit,
}

/// Precomputed tables and options for one rule set on one board size.
#[derive(Clone, Debug)]
pub struct Ctx<G: Geometry> {
    /// The options these tables were built for.
    pub rules: Rules,
    all: G::B,
    not_first_file: G::B,
    not_last_file: G::B,
    dirs: &'static [Dir],
    adj: Vec<G::B>,
    ring: Vec<G::B>,
    /// Home squares per colour.
    pub home: [G::B; 2],
    /// Target squares per colour (the opponent's home).
    pub target: [G::B; 2],
    corner: [Square; 2],
    tempo_base: [i32; 2],
}

/// Per-node filters derived once and applied to every piece's destinations.
struct Filters<B: Bits> {
    movers: B,
    crit: [(u8, u8, B); 20],
    ncrit: usize,
    banned: Option<RawMove>,
}

impl<G: Geometry> Ctx<G> {
    /// Build the tables for `rules` (whose board must be `G`'s).
    pub fn new(rules: Rules) -> Ctx<G> {
        debug_assert_eq!(rules.board.n(), G::N);
        let n = G::N;
        let nsq = n as usize * n as usize;
        let mut all = G::B::EMPTY;
        let mut first = G::B::EMPTY;
        let mut last = G::B::EMPTY;
        for i in 0..nsq {
            let i = i as u8;
            all |= G::B::single(i);
            if i.is_multiple_of(n) {
                first |= G::B::single(i);
            }
            if i % n == n - 1 {
                last |= G::B::single(i);
            }
        }
        let dirs: &'static [Dir] = match rules.directions {
            Directions::Orthogonal => &ORTH,
            Directions::All => &ALL8,
        };
        let mut adj = vec![G::B::EMPTY; nsq];
        let mut ring = vec![G::B::EMPTY; nsq];
        for i in 0..nsq {
            let sq = Square::from_index(i as u8, n);
            for d in dirs {
                if let Some(a) = offset(sq, *d, 1, n) {
                    adj[i] |= G::B::single(a.index(n));
                    ring[i] |= G::B::single(a.index(n));
                }
                if let Some(b) = offset(sq, *d, 2, n) {
                    ring[i] |= G::B::single(b.index(n));
                }
            }
        }
        let mut home = [G::B::EMPTY; 2];
        for sq in rules.home.white_squares() {
            home[0] |= G::B::single(sq.index(n));
            home[1] |= G::B::single(sq.rotated(rules.board).index(n));
        }
        let corner = [Square::new(n - 1, n - 1), Square::new(0, 0)];
        let mut ctx = Ctx {
            rules,
            all,
            not_first_file: !first,
            not_last_file: !last,
            dirs,
            adj,
            ring,
            home,
            target: [home[1], home[0]],
            corner,
            tempo_base: [0, 0],
        };
        for c in Color::ALL {
            ctx.tempo_base[c.index()] = ctx.distance_sum(ctx.target[c.index()], c);
        }
        ctx
    }

    /// Side length.
    #[inline]
    pub fn n(&self) -> u8 {
        G::N
    }

    /// All squares of the board.
    #[inline]
    pub fn all(&self) -> G::B {
        self.all
    }

    /// The squares a piece on `i` must see occupied to be locked (RULES §5).
    #[inline]
    pub fn ring(&self, i: u8) -> G::B {
        self.ring[i as usize]
    }

    /// Adjacent squares of `i` in the allowed directions.
    #[inline]
    pub fn adj(&self, i: u8) -> G::B {
        self.adj[i as usize]
    }

    /// The allowed directions.
    #[inline]
    pub fn dirs(&self) -> &'static [Dir] {
        self.dirs
    }

    /// Shift a set one square in direction `d`, dropping squares that leave the board.
    #[inline(always)]
    pub fn shift(&self, b: G::B, d: Dir) -> G::B {
        let delta = d.dr as i32 * G::N as i32 + d.df as i32;
        let s = if delta > 0 {
            b.shl(delta as u32)
        } else {
            b.shr((-delta) as u32)
        };
        let s = match d.df {
            1 => s & self.not_first_file,
            -1 => s & self.not_last_file,
            _ => s,
        };
        s & self.all
    }

    /// Square index of `sq`.
    #[inline]
    pub fn index(&self, sq: Square) -> u8 {
        sq.index(G::N)
    }

    /// Square at index `i`.
    #[inline]
    pub fn square(&self, i: u8) -> Square {
        Square::from_index(i, G::N)
    }

    /// The index of the 180°-rotated square.
    #[inline]
    pub fn rotate(&self, i: u8) -> u8 {
        (G::N as u16 * G::N as u16 - 1 - i as u16) as u8
    }

    /// Hash of a placement and side to move.
    pub fn hash_of(&self, pieces: [G::B; 2], side: Color) -> u64 {
        let mut h = if side == Color::Black {
            zobrist::BLACK_TO_MOVE
        } else {
            0
        };
        for c in Color::ALL {
            for i in pieces[c.index()].iter() {
                h ^= zobrist::PIECE[c.index()][i as usize];
            }
        }
        h
    }

    /// A position from its parts (no validation; see `Position::from_text`).
    pub fn make_pos(&self, pieces: [G::B; 2], side: Color, number: u16) -> Pos<G> {
        Pos {
            pieces,
            side,
            number,
            mirror_count: 0,
            last_white: None,
            hash: self.hash_of(pieces, side),
        }
    }

    /// The start position with `first` to move.
    pub fn start(&self, first: Color) -> Pos<G> {
        let black = if self.rules.solo {
            G::B::EMPTY
        } else {
            self.home[1]
        };
        self.make_pos([self.home[0], black], first, 1)
    }

    /// Occupied squares.
    #[inline]
    pub fn occupied(&self, p: &Pos<G>) -> G::B {
        p.pieces[0] | p.pieces[1]
    }

    /// Squares reachable by a chain of jumps from `from` (excluded), with `occ` not holding
    /// `from` and `empty` the empty squares (not holding `from` either).
    #[inline]
    pub fn jump_reach(&self, from: u8, occ: G::B, empty: G::B) -> G::B {
        // Monomorphised per direction set so the shifts are compile-time constants.
        match self.rules.directions {
            Directions::Orthogonal => self.jump_reach_in::<false>(from, occ, empty),
            Directions::All => self.jump_reach_in::<true>(from, occ, empty),
        }
    }

    #[inline(always)]
    fn jump_reach_in<const DIAG: bool>(&self, from: u8, occ: G::B, empty: G::B) -> G::B {
        let dirs: &[Dir] = if DIAG { &ALL8 } else { &ORTH };
        let start = G::B::single(from);
        let mut visited = start;
        let mut frontier = start;
        let mut reach = G::B::EMPTY;
        loop {
            let mut new = G::B::EMPTY;
            for &d in dirs {
                new |= self.shift(self.shift(frontier, d) & occ, d) & empty;
            }
            new &= !visited;
            if new.is_empty() {
                return reach;
            }
            visited |= new;
            reach |= new;
            frontier = new;
        }
    }

    /// Destinations of the piece on `from` by section 3 alone (steps and chains).
    #[inline]
    pub fn pseudo_destinations(&self, p: &Pos<G>, from: u8) -> G::B {
        let occ = self.occupied(p);
        let empty = self.all & !occ;
        (self.adj[from as usize] & empty) | self.jump_reach(from, occ ^ G::B::single(from), empty)
    }

    /// Whether the piece on `i` would be locked with occupancy `occ` (RULES §5).
    #[inline]
    pub fn locked(&self, occ: G::B, i: u8) -> bool {
        (self.ring[i as usize] & !occ).is_empty()
    }

    fn filters(&self, p: &Pos<G>) -> Filters<G::B> {
        let us = p.side.index();
        let them = 1 - us;
        let own = p.pieces[us];
        let opp = p.pieces[them];
        let mut movers = own;
        if self.rules.forced_exit
            && (opp & self.home[them]).is_empty()
            && own.intersects(self.home[us])
        {
            movers = own & self.home[us];
        }
        let mut f = Filters {
            movers,
            crit: [(0, 0, G::B::EMPTY); 20],
            ncrit: 0,
            banned: None,
        };
        if self.rules.no_locking {
            let empty = self.all & !(own | opp);
            for q in opp.iter() {
                let r = self.ring[q as usize];
                let e = r & empty;
                if e.count() == 1 && f.ncrit < f.crit.len() {
                    f.crit[f.ncrit] = (e.first(), q, r);
                    f.ncrit += 1;
                }
            }
        }
        if let Some(limit) = self.rules.mirror_limit
            && p.side == Color::Black
            && p.number <= self.rules.mirror_window as u16
            && p.mirror_count >= limit
            && let Some(w) = p.last_white
        {
            f.banned = Some(RawMove {
                from: self.rotate(w.from),
                to: self.rotate(w.to),
            });
        }
        f
    }

    #[inline]
    fn filtered(&self, f: &Filters<G::B>, from: u8, mut dest: G::B) -> G::B {
        for &(s, _, r) in &f.crit[..f.ncrit] {
            if !r.has(from) {
                dest &= !G::B::single(s);
            }
        }
        if let Some(b) = f.banned
            && b.from == from
        {
            dest &= !G::B::single(b.to);
        }
        dest
    }

    /// Legal destinations of the piece on `from` (empty if it is not the mover's or may not move).
    pub fn legal_destinations(&self, p: &Pos<G>, from: u8) -> G::B {
        let f = self.filters(p);
        if !f.movers.has(from) {
            return G::B::EMPTY;
        }
        self.filtered(&f, from, self.pseudo_destinations(p, from))
    }

    /// Append every legal move (distinct (from, to) pairs, every filter applied).
    /// The caller decides whether the game is already over.
    pub fn gen_moves(&self, p: &Pos<G>, out: &mut Vec<RawMove>) {
        let f = self.filters(p);
        let occ = self.occupied(p);
        let empty = self.all & !occ;
        for from in f.movers.iter() {
            let d = (self.adj[from as usize] & empty)
                | self.jump_reach(from, occ ^ G::B::single(from), empty);
            for to in self.filtered(&f, from, d).iter() {
                out.push(RawMove { from, to });
            }
        }
    }

    /// Number of legal moves (as [`Ctx::gen_moves`] would list).
    pub fn count_moves(&self, p: &Pos<G>) -> u64 {
        let f = self.filters(p);
        let occ = self.occupied(p);
        let empty = self.all & !occ;
        let mut n = 0u64;
        for from in f.movers.iter() {
            let d = (self.adj[from as usize] & empty)
                | self.jump_reach(from, occ ^ G::B::single(from), empty);
            n += if f.ncrit == 0 && f.banned.is_none() {
                d.count()
            } else {
                self.filtered(&f, from, d).count()
            } as u64;
        }
        n
    }

    /// Whether the side to move has any legal move.
    pub fn has_moves(&self, p: &Pos<G>) -> bool {
        let f = self.filters(p);
        let occ = self.occupied(p);
        let empty = self.all & !occ;
        f.movers.iter().any(|from| {
            let d = (self.adj[from as usize] & empty)
                | self.jump_reach(from, occ ^ G::B::single(from), empty);
            !self.filtered(&f, from, d).is_empty()
        })
    }

    /// The opponent piece a move would newly lock, if the locking rule forbids it.
    pub fn locks_piece(&self, p: &Pos<G>, m: RawMove) -> Option<u8> {
        if !self.rules.no_locking {
            return None;
        }
        let f = self.filters(p);
        f.crit[..f.ncrit]
            .iter()
            .find(|&&(s, _, r)| s == m.to && !r.has(m.from))
            .map(|&(_, q, _)| q)
    }

    /// Whether the mirror rule forbids `m` now.
    pub fn mirror_banned(&self, p: &Pos<G>, m: RawMove) -> bool {
        self.filters(p).banned == Some(m)
    }

    /// The pieces allowed to move under the forced-exit rule (all own pieces otherwise).
    pub fn movers(&self, p: &Pos<G>) -> G::B {
        self.filters(p).movers
    }

    /// Play a move known to be legal (copy-make).
    #[inline]
    pub fn play(&self, p: &Pos<G>, m: RawMove) -> Pos<G> {
        let mut q = *p;
        let us = p.side.index();
        q.pieces[us] ^= G::B::single(m.from) | G::B::single(m.to);
        q.hash ^= zobrist::PIECE[us][m.from as usize] ^ zobrist::PIECE[us][m.to as usize];
        if self.rules.solo {
            q.number += 1;
            return q;
        }
        match p.side {
            Color::White => q.last_white = Some(m),
            Color::Black => {
                if self.rules.mirror_limit.is_some()
                    && p.number <= self.rules.mirror_window as u16
                    && let Some(w) = p.last_white
                    && self.rotate(w.from) == m.from
                    && self.rotate(w.to) == m.to
                {
                    q.mirror_count = q.mirror_count.saturating_add(1);
                }
                q.last_white = None;
                q.number += 1;
            }
        }
        q.side = !p.side;
        q.hash ^= zobrist::BLACK_TO_MOVE;
        q
    }

    /// Whether `m` ends on the mover's own home after the exit deadline (a losing move).
    #[inline]
    pub fn is_return_home(&self, p: &Pos<G>, m: RawMove) -> bool {
        match self.rules.exit_deadline {
            Some(d) => p.number > d && self.home[p.side.index()].has(m.to),
            None => false,
        }
    }

    /// Whether `c` fills its whole target.
    #[inline]
    pub fn complete(&self, p: &Pos<G>, c: Color) -> bool {
        let t = self.target[c.index()];
        (p.pieces[c.index()] & t) == t
    }

    /// Pieces of `c` on its target.
    #[inline]
    pub fn in_target(&self, p: &Pos<G>, c: Color) -> u32 {
        (p.pieces[c.index()] & self.target[c.index()]).count()
    }

    /// Whether `c` has any piece on its own home squares (plain count, no exception).
    #[inline]
    pub fn has_home_piece(&self, p: &Pos<G>, c: Color) -> bool {
        p.pieces[c.index()].intersects(self.home[c.index()])
    }

    /// Whether `c` fails the exit-deadline check (RULES §4.3, with the locked-piece exception).
    pub fn fails_deadline(&self, p: &Pos<G>, c: Color) -> bool {
        let at_home = p.pieces[c.index()] & self.home[c.index()];
        if !self.rules.deadline_lock_exception() {
            return !at_home.is_empty();
        }
        let occ = self.occupied(p);
        let opp = p.pieces[1 - c.index()];
        at_home
            .iter()
            .any(|i| !(self.locked(occ, i) && self.ring[i as usize].intersects(opp)))
    }

    fn distance_sum(&self, b: G::B, c: Color) -> i32 {
        let k = self.corner[c.index()];
        b.iter()
            .map(|i| {
                let s = self.square(i);
                (s.file as i32 - k.file as i32).abs() + (s.rank as i32 - k.rank as i32).abs()
            })
            .sum()
    }

    /// Tempo number of `c` (RULES §6): 0 when complete, lower is better, unclamped.
    pub fn tempo(&self, p: &Pos<G>, c: Color) -> i32 {
        self.distance_sum(p.pieces[c.index()], c) - self.tempo_base[c.index()]
    }

    /// Adjudicate a position as if its last move had just been played: goal, exit deadline
    /// and move limit (RULES §4 and §13 "Loaded positions"). Not repetition, return home
    /// or no legal move.
    pub fn status(&self, p: &Pos<G>) -> Option<Outcome> {
        let r = &self.rules;
        if r.solo {
            return self
                .complete(p, Color::White)
                .then_some(Outcome::win(Color::White, Reason::Goal));
        }
        let wc = self.complete(p, Color::White);
        let bc = self.complete(p, Color::Black);
        if wc || bc {
            let mover = !p.side;
            if r.black_last_move {
                match p.side {
                    Color::White => {
                        return Some(match (wc, bc) {
                            (true, true) => Outcome::draw(Reason::GoalBoth),
                            (true, false) => Outcome::win(Color::White, Reason::Goal),
                            _ => Outcome::win(Color::Black, Reason::Goal),
                        });
                    }
                    Color::Black => {
                        if bc {
                            return Some(Outcome::win(Color::Black, Reason::Goal));
                        }
                        // White completed: Black still plays the last move.
                    }
                }
            } else if self.complete(p, p.side) {
                return Some(Outcome::win(p.side, Reason::Goal));
            } else {
                return Some(Outcome::win(mover, Reason::Goal));
            }
        }
        if let Some(d) = r.exit_deadline
            && p.side == Color::White
            && p.number == d + 1
        {
            let wf = self.fails_deadline(p, Color::White);
            let bf = self.fails_deadline(p, Color::Black);
            match (wf, bf) {
                (true, true) => return Some(Outcome::draw(Reason::ExitDeadline)),
                (true, false) => return Some(Outcome::win(Color::Black, Reason::ExitDeadline)),
                (false, true) => return Some(Outcome::win(Color::White, Reason::ExitDeadline)),
                (false, false) => {}
            }
        }
        if let Some(l) = r.move_limit {
            // After Black's move L (`w L+1`), or a loaded `b N` with White's move N > L.
            if p.number > l {
                return Some(self.limit_outcome(p));
            }
        }
        None
    }

    /// The move-limit adjudication of the current placement.
    pub fn limit_outcome(&self, p: &Pos<G>) -> Outcome {
        let (w, b) = match self.rules.limit_rule {
            LimitRule::PiecesInTarget => (
                -(self.in_target(p, Color::White) as i32),
                -(self.in_target(p, Color::Black) as i32),
            ),
            LimitRule::Tempo => (self.tempo(p, Color::White), self.tempo(p, Color::Black)),
        };
        match w.cmp(&b) {
            std::cmp::Ordering::Less => Outcome::win(Color::White, Reason::MoveLimit),
            std::cmp::Ordering::Greater => Outcome::win(Color::Black, Reason::MoveLimit),
            std::cmp::Ordering::Equal => Outcome::draw(Reason::MoveLimit),
        }
    }

    /// The outcome when the side to move has no legal move (RULES §4.5, §13).
    pub fn no_moves_outcome(&self, p: &Pos<G>) -> Outcome {
        if !self.rules.solo
            && self.rules.black_last_move
            && p.side == Color::Black
            && self.complete(p, Color::White)
        {
            Outcome::win(Color::White, Reason::Goal)
        } else {
            Outcome::draw(Reason::NoMoves)
        }
    }

    /// [`Ctx::status`] plus the no-legal-move check: the full end test perft uses.
    pub fn terminal(&self, p: &Pos<G>) -> Option<Outcome> {
        self.status(p)
            .or_else(|| (!self.has_moves(p)).then(|| self.no_moves_outcome(p)))
    }

    /// Whether a repeated position may end the game under `threefold_if_homes_equal`.
    pub fn homes_equal(&self, p: &Pos<G>) -> bool {
        self.has_home_piece(p, Color::White) == self.has_home_piece(p, Color::Black)
    }

    /// Whether repetition rules apply to this position at all.
    pub fn repetition_applies(&self, p: &Pos<G>) -> bool {
        match self.rules.repetition {
            Repetition::None => false,
            Repetition::Threefold => true,
            Repetition::ThreefoldIfHomesEqual => self.homes_equal(p),
        }
    }

    /// The square one or two steps from `i` in direction `d`, if on the board.
    #[inline]
    pub fn step(&self, i: u8, d: Dir, k: i8) -> Option<u8> {
        offset(self.square(i), d, k, G::N).map(|s| s.index(G::N))
    }

    /// Landing squares of single jumps from `i` (with `occ`/`empty` as in [`Ctx::jump_reach`]).
    fn jump_targets(&self, i: u8, occ: G::B, empty: G::B) -> G::B {
        let b = G::B::single(i);
        let mut t = G::B::EMPTY;
        for &d in self.dirs {
            t |= self.shift(self.shift(b, d) & occ, d) & empty;
        }
        t
    }

    /// The shortest legal chain (or the step) from `from` to `to`, RULES §3 tie-break:
    /// fewest jumps, then the path that is first square by square in (file, rank) order.
    /// Ignores the move filters; `None` if `to` is not reachable by section 3.
    pub fn shortest_path(&self, p: &Pos<G>, from: u8, to: u8) -> Option<Vec<u8>> {
        let occ_all = self.occupied(p);
        let empty = self.all & !occ_all;
        if self.adj[from as usize].has(to) {
            return empty.has(to).then(|| vec![from, to]);
        }
        if !empty.has(to) {
            return None;
        }
        let occ = occ_all ^ G::B::single(from);
        // Forward BFS layers from `from`.
        let mut layers = vec![G::B::single(from)];
        let mut visited = G::B::single(from);
        while !layers.last().is_some_and(|l| l.has(to)) {
            let frontier = *layers.last()?;
            let mut new = G::B::EMPTY;
            for &d in self.dirs {
                new |= self.shift(self.shift(frontier, d) & occ, d) & empty;
            }
            new &= !visited;
            if new.is_empty() {
                return None;
            }
            visited |= new;
            layers.push(new);
        }
        let dist = layers.len() - 1;
        // Backward layers from `to` (the jump graph is symmetric).
        let mut back = vec![G::B::single(to)];
        let mut bvis = G::B::single(to);
        let empty_or_from = empty | G::B::single(from);
        for _ in 0..dist {
            let frontier = back[back.len() - 1];
            let mut new = G::B::EMPTY;
            for &d in self.dirs {
                new |= self.shift(self.shift(frontier, d) & occ, d) & empty_or_from;
            }
            new &= !bvis;
            bvis |= new;
            back.push(new);
        }
        let mut path = vec![from];
        let mut cur = from;
        for k in 1..=dist {
            let cands = self.jump_targets(cur, occ, empty) & layers[k] & back[dist - k];
            let next = cands.iter().min_by_key(|&i| self.square(i).order_key())?;
            path.push(next);
            cur = next;
        }
        Some(path)
    }

    /// Check a typed chain of two or more jumps, or a single step/jump, against RULES §3.
    /// Returns the index of the faulty hop (0 = first hop) and the fault.
    pub fn check_path(&self, p: &Pos<G>, path: &[u8]) -> Result<(), (usize, ChainFault)> {
        let from = path[0];
        let occ = self.occupied(p) ^ G::B::single(from);
        if path.len() == 2 && self.adj[from as usize].has(path[1]) {
            return if occ.has(path[1]) {
                Err((0, ChainFault::LandingOccupied))
            } else {
                Ok(())
            };
        }
        let mut seen = G::B::single(from);
        for (k, w) in path.windows(2).enumerate() {
            let (a, b) = (self.square(w[0]), self.square(w[1]));
            let df = b.file as i32 - a.file as i32;
            let dr = b.rank as i32 - a.rank as i32;
            let d = Dir {
                df: (df / 2) as i8,
                dr: (dr / 2) as i8,
            };
            let on_line = (df == 0 || df.abs() == 2)
                && (dr == 0 || dr.abs() == 2)
                && (df, dr) != (0, 0)
                && self.dirs.contains(&d);
            if !on_line {
                return Err((k, ChainFault::NotAJump));
            }
            let mid = self.step(w[0], d, 1).ok_or((k, ChainFault::NotAJump))?;
            if !occ.has(mid) {
                return Err((k, ChainFault::NothingToJump));
            }
            if seen.has(w[1]) {
                return Err((k, ChainFault::Revisit));
            }
            if occ.has(w[1]) {
                return Err((k, ChainFault::LandingOccupied));
            }
            seen |= G::B::single(w[1]);
        }
        Ok(())
    }

    /// perft: leaf nodes of the legal-move tree (RULES §12), bulk-counted at the last ply.
    pub fn perft(&self, p: &Pos<G>, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if self.status(p).is_some() {
            return 0;
        }
        if depth == 1 {
            return self.count_moves(p);
        }
        let mut moves = Vec::with_capacity(64);
        self.gen_moves(p, &mut moves);
        let mut n = 0;
        for m in moves {
            if self.is_return_home(p, m) {
                continue;
            }
            n += self.perft(&self.play(p, m), depth - 1);
        }
        n
    }
}

fn offset(sq: Square, d: Dir, k: i8, n: u8) -> Option<Square> {
    let f = sq.file as i16 + d.df as i16 * k as i16;
    let r = sq.rank as i16 + d.dr as i16 * k as i16;
    (f >= 0 && r >= 0 && f < n as i16 && r < n as i16).then(|| Square::new(f as u8, r as u8))
}
