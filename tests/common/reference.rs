//! An independent, deliberately naive implementation of the rules for cross-checking the
//! engine: a cell array, plain loops over squares, depth-first enumeration of every simple
//! chain, and locking judged by re-checking every opponent piece before and after each move.
//! No bitboards, no code shared with `src/engine/core.rs`; only the option values (Rules) and
//! the square/text types are reused.

use std::collections::BTreeSet;
use ugolki_bot::engine::{Color, Directions, LimitRule, Position, Rules, Square, Variant};

/// (file, rank) as signed ints for easy arithmetic.
pub type Sq = (i32, i32);

/// A naive position.
#[derive(Clone, Debug)]
pub struct RefPos {
    /// cells[rank][file]: None or Some(colour index).
    pub cells: Vec<Vec<Option<usize>>>,
    pub side: usize,
    pub number: u32,
    pub mirror_count: u32,
    pub last_white: Option<(Sq, Sq)>,
}

/// The naive rules for one variant.
pub struct RefRules {
    pub rules: Rules,
    pub n: i32,
    pub dirs: Vec<(i32, i32)>,
    /// home[c] as a set of squares.
    pub home: [BTreeSet<Sq>; 2],
}

pub enum RefEnd {
    Win(usize, &'static str),
    Draw(&'static str),
}

impl RefEnd {
    pub fn describe(&self) -> (String, &'static str) {
        match self {
            RefEnd::Win(0, r) => ("1-0".into(), r),
            RefEnd::Win(_, r) => ("0-1".into(), r),
            RefEnd::Draw(r) => ("1/2-1/2".into(), r),
        }
    }
}

impl RefRules {
    pub fn new(v: &Variant) -> RefRules {
        let rules = *v.rules();
        let n = rules.board.n() as i32;
        let mut dirs = vec![(1, 0), (-1, 0), (0, 1), (0, -1)];
        if rules.directions == Directions::All {
            dirs.extend([(1, 1), (1, -1), (-1, 1), (-1, -1)]);
        }
        let mut home = [BTreeSet::new(), BTreeSet::new()];
        for f in 0..n {
            for r in 0..n {
                if rules.home.contains(f as u8, r as u8) {
                    home[0].insert((f, r));
                    home[1].insert((n - 1 - f, n - 1 - r));
                }
            }
        }
        RefRules {
            rules,
            n,
            dirs,
            home,
        }
    }

    pub fn load(&self, p: &Position) -> RefPos {
        let n = self.n;
        let mut cells = vec![vec![None; n as usize]; n as usize];
        for c in Color::ALL {
            for s in p.pieces(c) {
                cells[s.rank as usize][s.file as usize] = Some(c.index());
            }
        }
        RefPos {
            cells,
            side: p.side_to_move().index(),
            number: p.move_number() as u32,
            mirror_count: 0,
            last_white: None,
        }
    }

    fn on(&self, s: Sq) -> bool {
        s.0 >= 0 && s.1 >= 0 && s.0 < self.n && s.1 < self.n
    }

    fn at(&self, p: &RefPos, s: Sq) -> Option<usize> {
        p.cells[s.1 as usize][s.0 as usize]
    }

    /// Whether the piece on `s` has neither a step nor a jump (RULES §5, section 3 only).
    pub fn locked(&self, p: &RefPos, s: Sq) -> bool {
        for &(df, dr) in &self.dirs {
            let a = (s.0 + df, s.1 + dr);
            if !self.on(a) {
                continue;
            }
            if self.at(p, a).is_none() {
                return false;
            }
            let b = (s.0 + 2 * df, s.1 + 2 * dr);
            if self.on(b) && self.at(p, b).is_none() {
                return false;
            }
        }
        true
    }

    fn chains(&self, p: &RefPos, cur: Sq, visited: &mut Vec<Sq>, out: &mut BTreeSet<Sq>) {
        for &(df, dr) in &self.dirs {
            let mid = (cur.0 + df, cur.1 + dr);
            let land = (cur.0 + 2 * df, cur.1 + 2 * dr);
            if !self.on(land) {
                continue;
            }
            // The moving piece has left its start square, so that square counts as empty.
            let start = visited[0];
            let mid_occupied = mid != start && self.at(p, mid).is_some();
            let land_empty = land == start || self.at(p, land).is_none();
            if mid_occupied && land_empty && !visited.contains(&land) {
                out.insert(land);
                visited.push(land);
                self.chains(p, land, visited, out);
                visited.pop();
            }
        }
    }

    /// Every (from, to) pair allowed by section 3 alone.
    pub fn pseudo_moves(&self, p: &RefPos) -> BTreeSet<(Sq, Sq)> {
        let mut out = BTreeSet::new();
        for r in 0..self.n {
            for f in 0..self.n {
                if self.at(p, (f, r)) != Some(p.side) {
                    continue;
                }
                for &(df, dr) in &self.dirs {
                    let t = (f + df, r + dr);
                    if self.on(t) && self.at(p, t).is_none() {
                        out.insert(((f, r), t));
                    }
                }
                let mut dests = BTreeSet::new();
                self.chains(p, (f, r), &mut vec![(f, r)], &mut dests);
                for t in dests {
                    out.insert(((f, r), t));
                }
            }
        }
        out
    }

    pub fn apply(&self, p: &RefPos, m: (Sq, Sq)) -> RefPos {
        let mut q = p.clone();
        q.cells[m.0.1 as usize][m.0.0 as usize] = None;
        q.cells[m.1.1 as usize][m.1.0 as usize] = Some(p.side);
        if self.rules.solo {
            q.number += 1;
            return q;
        }
        if p.side == 0 {
            q.last_white = Some(m);
        } else {
            if self.rules.mirror_limit.is_some()
                && p.number <= self.rules.mirror_window as u32
                && p.last_white.map(|w| (self.rot(w.0), self.rot(w.1))) == Some(m)
            {
                q.mirror_count += 1;
            }
            q.last_white = None;
            q.number += 1;
        }
        q.side = 1 - p.side;
        q
    }

    fn rot(&self, s: Sq) -> Sq {
        (self.n - 1 - s.0, self.n - 1 - s.1)
    }

    fn pieces_of(&self, p: &RefPos, c: usize) -> Vec<Sq> {
        let mut v = Vec::new();
        for r in 0..self.n {
            for f in 0..self.n {
                if self.at(p, (f, r)) == Some(c) {
                    v.push((f, r));
                }
            }
        }
        v
    }

    /// Legal moves: section 3, then forced exit, locking and the mirror rule.
    pub fn legal_moves(&self, p: &RefPos) -> BTreeSet<(Sq, Sq)> {
        let us = p.side;
        let them = 1 - us;
        let mut moves = self.pseudo_moves(p);
        if self.rules.forced_exit {
            let opp_home = self
                .pieces_of(p, them)
                .iter()
                .any(|s| self.home[them].contains(s));
            let own_home = self
                .pieces_of(p, us)
                .iter()
                .any(|s| self.home[us].contains(s));
            if !opp_home && own_home {
                moves.retain(|m| self.home[us].contains(&m.0));
            }
        }
        if self.rules.no_locking {
            let opp = self.pieces_of(p, them);
            moves.retain(|&m| {
                let after = self.apply_placement(p, m);
                !opp.iter()
                    .any(|&q| !self.locked(p, q) && self.locked(&after, q))
            });
        }
        if let Some(limit) = self.rules.mirror_limit
            && us == 1
            && p.number <= self.rules.mirror_window as u32
            && p.mirror_count >= limit as u32
            && let Some(w) = p.last_white
        {
            let banned = (self.rot(w.0), self.rot(w.1));
            moves.remove(&banned);
        }
        moves
    }

    fn apply_placement(&self, p: &RefPos, m: (Sq, Sq)) -> RefPos {
        let mut q = p.clone();
        q.cells[m.0.1 as usize][m.0.0 as usize] = None;
        q.cells[m.1.1 as usize][m.1.0 as usize] = Some(p.side);
        q
    }

    fn complete(&self, p: &RefPos, c: usize) -> bool {
        self.home[1 - c].iter().all(|&s| self.at(p, s) == Some(c))
    }

    fn count_in_target(&self, p: &RefPos, c: usize) -> i32 {
        self.home[1 - c]
            .iter()
            .filter(|&&s| self.at(p, s) == Some(c))
            .count() as i32
    }

    fn tempo(&self, p: &RefPos, c: usize) -> i32 {
        let corner = if c == 0 {
            (self.n - 1, self.n - 1)
        } else {
            (0, 0)
        };
        let d = |s: &Sq| (s.0 - corner.0).abs() + (s.1 - corner.1).abs();
        self.pieces_of(p, c).iter().map(d).sum::<i32>()
            - self.home[1 - c].iter().map(d).sum::<i32>()
    }

    fn still_home(&self, p: &RefPos, c: usize) -> bool {
        let diag = self.rules.directions == Directions::All;
        self.pieces_of(p, c).into_iter().any(|s| {
            if !self.home[c].contains(&s) {
                return false;
            }
            if !diag {
                return true;
            }
            // Excused when locked and at least one blocker is an opponent piece.
            if !self.locked(p, s) {
                return true;
            }
            let mut opp_blocker = false;
            for &(df, dr) in &self.dirs {
                for k in 1..=2 {
                    let t = (s.0 + k * df, s.1 + k * dr);
                    if self.on(t) && self.at(p, t) == Some(1 - c) {
                        opp_blocker = true;
                    }
                }
            }
            !opp_blocker
        })
    }

    /// End of game as if the last move had just been played (goal, deadline, limit, no moves).
    pub fn end(&self, p: &RefPos) -> Option<RefEnd> {
        let r = &self.rules;
        if r.solo {
            if self.complete(p, 0) {
                return Some(RefEnd::Win(0, "goal"));
            }
        } else {
            let w = self.complete(p, 0);
            let b = self.complete(p, 1);
            let just_moved = 1 - p.side;
            if r.black_last_move {
                if just_moved == 1 {
                    if w && b {
                        return Some(RefEnd::Draw("goal_both"));
                    }
                    if w {
                        return Some(RefEnd::Win(0, "goal"));
                    }
                    if b {
                        return Some(RefEnd::Win(1, "goal"));
                    }
                } else if b {
                    return Some(RefEnd::Win(1, "goal"));
                }
            } else {
                let to_move = p.side;
                if (to_move == 0 && w) || (to_move == 1 && b) {
                    return Some(RefEnd::Win(to_move, "goal"));
                }
                if (just_moved == 0 && w) || (just_moved == 1 && b) {
                    return Some(RefEnd::Win(just_moved, "goal"));
                }
            }
            if let Some(d) = r.exit_deadline
                && p.side == 0
                && p.number == d as u32 + 1
            {
                match (self.still_home(p, 0), self.still_home(p, 1)) {
                    (true, true) => return Some(RefEnd::Draw("exit_deadline")),
                    (true, false) => return Some(RefEnd::Win(1, "exit_deadline")),
                    (false, true) => return Some(RefEnd::Win(0, "exit_deadline")),
                    _ => {}
                }
            }
            if let Some(l) = r.move_limit {
                let after_black_l = p.side == 0 && p.number > l as u32; // after Black's move L
                let after_white_gt_l = p.side == 1 && p.number > l as u32;
                if after_black_l || after_white_gt_l {
                    let (a, b) = match r.limit_rule {
                        LimitRule::PiecesInTarget => {
                            (-self.count_in_target(p, 0), -self.count_in_target(p, 1))
                        }
                        LimitRule::Tempo => (self.tempo(p, 0), self.tempo(p, 1)),
                    };
                    return Some(if a < b {
                        RefEnd::Win(0, "move_limit")
                    } else if b < a {
                        RefEnd::Win(1, "move_limit")
                    } else {
                        RefEnd::Draw("move_limit")
                    });
                }
            }
        }
        if self.legal_moves(p).is_empty() {
            if !r.solo && r.black_last_move && p.side == 1 && self.complete(p, 0) {
                return Some(RefEnd::Win(0, "goal"));
            }
            return Some(RefEnd::Draw("no_moves"));
        }
        None
    }

    fn is_return_home(&self, p: &RefPos, m: (Sq, Sq)) -> bool {
        matches!(self.rules.exit_deadline, Some(d) if p.number > d as u32)
            && self.home[p.side].contains(&m.1)
    }

    pub fn perft(&self, p: &RefPos, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if self.end(p).is_some() {
            return 0;
        }
        let moves = self.legal_moves(p);
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .into_iter()
            .filter(|&m| !self.is_return_home(p, m))
            .map(|m| self.perft(&self.apply(p, m), depth - 1))
            .sum()
    }

    /// Check a path hop by hop against section 3 on this position.
    pub fn path_is_legal(&self, p: &RefPos, path: &[Square]) -> bool {
        let sq = |s: &Square| (s.file as i32, s.rank as i32);
        let start = sq(&path[0]);
        if self.at(p, start) != Some(p.side) || path.len() < 2 {
            return false;
        }
        if path.len() == 2 {
            let t = sq(&path[1]);
            if self
                .dirs
                .iter()
                .any(|&(df, dr)| (start.0 + df, start.1 + dr) == t)
            {
                return self.at(p, t).is_none();
            }
        }
        let mut visited = vec![start];
        for w in path.windows(2) {
            let (a, b) = (sq(&w[0]), sq(&w[1]));
            let Some(&(df, dr)) = self
                .dirs
                .iter()
                .find(|&&(df, dr)| (a.0 + 2 * df, a.1 + 2 * dr) == b)
            else {
                return false;
            };
            let mid = (a.0 + df, a.1 + dr);
            if mid == start || self.at(p, mid).is_none() {
                return false;
            }
            if visited.contains(&b) || (b != start && self.at(p, b).is_some()) {
                return false;
            }
            visited.push(b);
        }
        true
    }
}

/// Convert a reference move into the engine's typed squares.
pub fn to_squares(m: (Sq, Sq)) -> (Square, Square) {
    (
        Square::new(m.0.0 as u8, m.0.1 as u8),
        Square::new(m.1.0 as u8, m.1.1 as u8),
    )
}
