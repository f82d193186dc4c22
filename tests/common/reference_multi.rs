//! An independent, deliberately naive generator for RULES.md §14 (Halma for three or
//! four): a 16×16 array of seats, depth-first chains, its own finishing, round and end
//! logic. It shares nothing with the engine but the text of the rules, so perft
//! agreement between the two checks move legality, passes, finishing and ends.

const N: i32 = 16;
const LIMIT: u32 = 200;

/// Seats 0..4 = w, g, b, r.
#[derive(Clone, Debug)]
pub struct RefMulti {
    pub board: [Option<u8>; 256],
    pub seated: [bool; 4],
    pub teams: bool,
    pub to_move: u8,
    pub round: u32,
    pub finished: [bool; 4],
    pub ended: bool,
}

fn sq(f: i32, r: i32) -> usize {
    (r * N + f) as usize
}

fn camp_of(seat: u8) -> Vec<usize> {
    let mut v = Vec::new();
    for r in 0..4 {
        let width = [4, 4, 3, 2][r as usize];
        for f in 0..width {
            let (ff, rr) = match seat {
                0 => (f, r),
                1 => (f, 15 - r),
                2 => (15 - f, 15 - r),
                _ => (15 - f, r),
            };
            v.push(sq(ff, rr));
        }
    }
    v
}

fn parse_square(t: &str) -> usize {
    let f = (t.as_bytes()[0] - b'a') as i32;
    let r: i32 = t[1..].parse().expect("rank");
    sq(f, r - 1)
}

impl RefMulti {
    /// From a variant id and position text (RULES §14).
    pub fn from_text(variant: &str, text: &str) -> RefMulti {
        let fields: Vec<&str> = text.split_whitespace().collect();
        assert_eq!(fields.len(), 6, "{text}");
        let mut board = [None; 256];
        for (seat, field) in fields[..4].iter().enumerate() {
            let list = &field[2..];
            for t in list.split(',').filter(|t| !t.is_empty()) {
                board[parse_square(t)] = Some(seat as u8);
            }
        }
        let seated = match variant {
            "halma3" => [true, true, true, false],
            _ => [true; 4],
        };
        let to_move = "wgbr".find(fields[4]).expect("seat") as u8;
        let round: u32 = fields[5].parse().expect("round");
        let mut p = RefMulti {
            board,
            seated,
            teams: variant == "halma4-teams",
            to_move,
            round,
            finished: [false; 4],
            ended: false,
        };
        for s in 0..4 {
            p.finished[s] = p.seated[s] && p.finish_condition(s as u8);
        }
        p.ended = p.round > LIMIT || p.over();
        p
    }

    fn finish_condition(&self, s: u8) -> bool {
        let target = camp_of((s + 2) % 4);
        let own_total = self.board.iter().filter(|x| **x == Some(s)).count();
        let own_in = target.iter().filter(|i| self.board[**i] == Some(s)).count();
        let full = target.iter().all(|i| self.board[*i].is_some());
        own_total > 0 && (own_in == own_total || (full && own_in > 0))
    }

    fn over(&self) -> bool {
        if self.teams {
            (self.finished[0] && self.finished[2]) || (self.finished[1] && self.finished[3])
        } else {
            (0..4)
                .filter(|s| self.seated[*s] && !self.finished[*s])
                .count()
                <= 1
        }
    }

    fn chains(&self, from: usize, at: usize, seen: &mut Vec<usize>, out: &mut Vec<usize>) {
        let (f, r) = (at as i32 % N, at as i32 / N);
        for df in -1..=1 {
            for dr in -1..=1 {
                if df == 0 && dr == 0 {
                    continue;
                }
                let (mf, mr, lf, lr) = (f + df, r + dr, f + 2 * df, r + 2 * dr);
                if !(0..N).contains(&lf) || !(0..N).contains(&lr) {
                    continue;
                }
                let over = sq(mf, mr);
                let land = sq(lf, lr);
                let over_full = over != from && self.board[over].is_some();
                let land_free = self.board[land].is_none() || land == from;
                if over_full && land_free && land != from && !seen.contains(&land) {
                    seen.push(land);
                    if !out.contains(&land) {
                        out.push(land);
                    }
                    self.chains(from, land, seen, out);
                }
            }
        }
    }

    /// Legal (from, to) pairs of the seat to move; `None` in the list is a pass.
    pub fn turns(&self) -> Vec<Option<(usize, usize)>> {
        if self.ended {
            return Vec::new();
        }
        let mut v = Vec::new();
        for from in 0..256 {
            if self.board[from] != Some(self.to_move) {
                continue;
            }
            let (f, r) = (from as i32 % N, from as i32 / N);
            let mut dests = Vec::new();
            for df in -1..=1 {
                for dr in -1..=1 {
                    let (nf, nr) = (f + df, r + dr);
                    if (df, dr) != (0, 0)
                        && (0..N).contains(&nf)
                        && (0..N).contains(&nr)
                        && self.board[sq(nf, nr)].is_none()
                    {
                        dests.push(sq(nf, nr));
                    }
                }
            }
            let mut seen = vec![from];
            self.chains(from, from, &mut seen, &mut dests);
            for d in dests {
                v.push(Some((from, d)));
            }
        }
        if v.is_empty() {
            v.push(None);
        }
        v
    }

    /// Play a turn from [`RefMulti::turns`].
    pub fn play(&self, t: Option<(usize, usize)>) -> RefMulti {
        let mut p = self.clone();
        let s = p.to_move;
        if let Some((a, b)) = t {
            p.board[a] = None;
            p.board[b] = Some(s);
        }
        if !p.finished[s as usize] && p.finish_condition(s) {
            p.finished[s as usize] = true;
        }
        let next = ((s + 1)..4).find(|x| p.seated[*x as usize] && !p.finished[*x as usize]);
        match next {
            Some(x) => p.to_move = x,
            None => {
                if p.round >= LIMIT || p.over() {
                    p.ended = true;
                }
                p.round += 1;
                match (0..4).find(|x| p.seated[*x as usize] && !p.finished[*x as usize]) {
                    Some(x) => p.to_move = x,
                    None => p.ended = true,
                }
            }
        }
        p
    }

    /// Leaf count to `depth`.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.turns()
            .into_iter()
            .map(|t| self.play(t).perft(depth - 1))
            .sum()
    }
}
