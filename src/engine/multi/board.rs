//! The fixed tables of the 16×16 board for three or four seats: camps, targets, the
//! corners tempo is measured to, and Zobrist keys per seat.

use super::seat::Seat;
use crate::engine::bits::{Bits, G16, U256};
use crate::engine::core::Ctx;
use crate::engine::square::Square;
use crate::engine::variant::VariantId;
use std::sync::OnceLock;

/// Side length.
pub(crate) const N: u8 = 16;
/// Pieces per seat (the `halma13` camp).
pub const PIECES: usize = 13;

/// Whether White's camp (shape `halma13`: rows of 4-4-3-2 from the corner) holds (file, rank).
const fn in_white_camp(file: u8, rank: u8) -> bool {
    match rank {
        0 | 1 => file < 4,
        2 => file < 3,
        3 => file < 2,
        _ => false,
    }
}

/// The square that (file, rank) of White's frame is in `seat`'s frame: each seat sees
/// its own camp in the a1 corner.
pub(crate) const fn from_frame(seat: Seat, file: u8, rank: u8) -> Square {
    let m = N - 1;
    match seat {
        Seat::White => Square::new(file, rank),
        Seat::Green => Square::new(file, m - rank),
        Seat::Black => Square::new(m - file, m - rank),
        Seat::Red => Square::new(m - file, rank),
    }
}

/// `sq` in `seat`'s own frame (the inverse of [`from_frame`]; each map is an involution).
pub(crate) const fn to_frame(seat: Seat, sq: Square) -> Square {
    from_frame(seat, sq.file, sq.rank)
}

/// Tables shared by every multi-player position.
pub(crate) struct Board {
    /// Steps and jumps in all 8 directions on 16×16 (the two-player core's tables).
    pub ctx: Ctx<G16>,
    /// Each seat's camp.
    pub camp: [U256; 4],
    /// Each seat's target (the camp in the opposite corner).
    pub target: [U256; 4],
    /// Manhattan distance of every square to the far corner of each seat's target.
    pub dist: [[u8; 256]; 4],
    /// The distance sum of a completed target, per seat (tempo 0).
    pub tempo_base: [i32; 4],
    /// Zobrist keys per (seat, square).
    pub zobrist: [[u64; 256]; 4],
}

fn splitmix(x: &mut u64) -> u64 {
    *x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *x;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Board {
    fn new() -> Board {
        let ctx = Ctx::<G16>::new(VariantId::Halma16.rules());
        let mut camp = [U256::EMPTY; 4];
        for s in Seat::ALL {
            for f in 0..N {
                for r in 0..N {
                    if in_white_camp(f, r) {
                        camp[s.index()] |= U256::single(from_frame(s, f, r).index(N));
                    }
                }
            }
        }
        let target = Seat::ALL.map(|s| camp[s.opposite().index()]);
        let mut dist = [[0u8; 256]; 4];
        for s in Seat::ALL {
            let corner = from_frame(s.opposite(), 0, 0);
            for i in 0..=255u8 {
                let sq = Square::from_index(i, N);
                dist[s.index()][i as usize] =
                    sq.file.abs_diff(corner.file) + sq.rank.abs_diff(corner.rank);
            }
        }
        let tempo_base = Seat::ALL.map(|s| {
            target[s.index()]
                .iter()
                .map(|i| dist[s.index()][i as usize] as i32)
                .sum()
        });
        let mut state = 0x4841_4C4D_4134_u64; // "HALMA4"
        let mut zobrist = [[0u64; 256]; 4];
        for row in &mut zobrist {
            for k in row.iter_mut() {
                *k = splitmix(&mut state);
            }
        }
        Board {
            ctx,
            camp,
            target,
            dist,
            tempo_base,
            zobrist,
        }
    }
}

/// The shared tables, built once.
pub(crate) fn board() -> &'static Board {
    static BOARD: OnceLock<Board> = OnceLock::new();
    BOARD.get_or_init(Board::new)
}

/// Key of the seat to move, xor-ed into a position's hash.
pub(crate) const TO_MOVE: [u64; 4] = [
    0,
    0x2D35_8DCC_AA6C_78A5,
    0x8BB8_4B93_962E_ACC9,
    0x4B33_A62E_D433_D4A3,
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn camps_are_thirteen_squares_in_four_corners() {
        let b = board();
        let names = |s: Seat| {
            let mut v: Vec<String> = b.camp[s.index()]
                .iter()
                .map(|i| Square::from_index(i, N).to_string())
                .collect();
            v.sort();
            v.join(",")
        };
        assert_eq!(names(Seat::White), "a1,a2,a3,a4,b1,b2,b3,b4,c1,c2,c3,d1,d2");
        assert_eq!(
            names(Seat::Green),
            "a13,a14,a15,a16,b13,b14,b15,b16,c14,c15,c16,d15,d16"
        );
        for s in Seat::ALL {
            assert_eq!(b.camp[s.index()].count(), PIECES as u32);
            for t in Seat::ALL {
                if s != t {
                    assert!(!b.camp[s.index()].intersects(b.camp[t.index()]));
                }
            }
        }
        // White's far corner is p16: 30 steps from a1.
        assert_eq!(b.dist[0][0], 30);
        assert_eq!(
            b.dist[Seat::Green.index()][Square::new(0, 15).index(N) as usize],
            30
        );
    }
}
