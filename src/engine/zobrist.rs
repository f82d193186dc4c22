//! Zobrist keys for repetition detection and the AI's transposition table.
//!
//! Generated at compile time from a fixed seed so hashes are stable across runs and builds.

const fn splitmix(mut x: u64) -> (u64, u64) {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = x;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (x, z ^ (z >> 31))
}

const fn table() -> [[u64; 256]; 2] {
    let mut t = [[0u64; 256]; 2];
    let mut state = 0x5547_4F4C_4B49_u64; // "UGOLKI"
    let mut c = 0;
    while c < 2 {
        let mut i = 0;
        while i < 256 {
            let (s, v) = splitmix(state);
            state = s;
            t[c][i] = v;
            i += 1;
        }
        c += 1;
    }
    t
}

/// Key per (colour, square index).
pub static PIECE: [[u64; 256]; 2] = table();
/// Key xor-ed in when Black is to move.
pub const BLACK_TO_MOVE: u64 = 0xA5F1_52C3_1D2E_6B47;
