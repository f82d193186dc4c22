//! Round-robin by FIDE's Berger tables (FIDE Handbook C.05, annex 1).
//!
//! With an even number `n` of players, round `r` (1-based) seats the players other than
//! `n` around the table at offset `(r − 1)·n/2` modulo `n − 1`; the first seat meets player
//! `n` (White in even rounds, so `n`'s colours alternate), and seat `k` meets seat
//! `n − k`, the lower seat with White. With an odd number a dummy player `n + 1` is added,
//! and whoever meets the dummy has the bye, so byes rotate and everyone has exactly one
//! per cycle. A second cycle repeats the first with colours reversed.

use super::{Event, Pairing, Round, Seed};

/// Rounds in one cycle for `players` entrants (an odd field gets a bye each round).
pub fn rounds_per_cycle(players: usize) -> u32 {
    let n = players + players % 2;
    n.saturating_sub(1) as u32
}

/// The pairings of round `round` (0-based, over both cycles) as Berger numbers (1-based,
/// `n` the dummy when the field is odd): `(white, black)` in board order.
pub fn table(players: usize, round: u32) -> Vec<(u32, u32)> {
    let n = (players + players % 2) as u32;
    if n < 2 {
        return Vec::new();
    }
    let per_cycle = n - 1;
    let second_cycle = (round / per_cycle) % 2 == 1;
    let r = round % per_cycle; // 0-based within the cycle
    let half = n / 2;
    let seat = |k: u32| -> u32 { (k + r * half) % per_cycle + 1 }; // k: 0-based seat
    let mut boards = Vec::with_capacity(half as usize);
    // The fixed player n against the first seat: n has Black in odd rounds (1-based).
    let first = seat(0);
    if r.is_multiple_of(2) {
        boards.push((first, n));
    } else {
        boards.push((n, first));
    }
    for k in 1..half {
        boards.push((seat(k), seat(per_cycle - k)));
    }
    if second_cycle {
        for b in &mut boards {
            *b = (b.1, b.0);
        }
    }
    boards
}

/// The round-robin's round `round` (0-based) for `event`'s field, players numbered in
/// entry order.
pub(super) fn round(event: &Event, round: u32) -> Round {
    let players = event.players.len();
    let mut out = Round::default();
    for (w, b) in table(players, round) {
        let (w, b) = (w as usize, b as usize);
        // A Berger number above the field is the dummy: its opponent has the bye.
        match (w > players, b > players) {
            (true, _) => out.bye = Some(Seed(b as u32 - 1)),
            (_, true) => out.bye = Some(Seed(w as u32 - 1)),
            _ => out.pairings.push(Pairing {
                white: Seed(w as u32 - 1),
                black: Seed(b as u32 - 1),
                result: None,
            }),
        }
    }
    // A withdrawn player's games are not played: their opponents win by forfeit, which
    // the caller records; the pairing itself stays as the table has it.
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// FIDE Handbook C.05 annex 1, the table for 5 or 6 players.
    #[test]
    fn six_players_match_fides_table() {
        let want: [[(u32, u32); 3]; 5] = [
            [(1, 6), (2, 5), (3, 4)],
            [(6, 4), (5, 3), (1, 2)],
            [(2, 6), (3, 1), (4, 5)],
            [(6, 5), (1, 4), (2, 3)],
            [(3, 6), (4, 2), (5, 1)],
        ];
        for (r, boards) in want.iter().enumerate() {
            assert_eq!(table(6, r as u32), boards.to_vec(), "round {}", r + 1);
        }
    }

    /// FIDE Handbook C.05 annex 1, the table for 7 or 8 players (its first and last rounds).
    #[test]
    fn eight_players_match_fides_table() {
        assert_eq!(table(8, 0), vec![(1, 8), (2, 7), (3, 6), (4, 5)]);
        assert_eq!(table(8, 1), vec![(8, 5), (6, 4), (7, 3), (1, 2)]);
        assert_eq!(table(8, 2), vec![(2, 8), (3, 1), (4, 7), (5, 6)]);
        assert_eq!(table(8, 6), vec![(4, 8), (5, 3), (6, 2), (7, 1)]);
    }

    #[test]
    fn everyone_meets_everyone_once_and_colours_balance() {
        for players in 2..=14usize {
            let n = players + players % 2;
            let mut met = vec![vec![0u32; n + 1]; n + 1];
            let mut whites = vec![0i32; n + 1];
            for r in 0..rounds_per_cycle(players) {
                let mut seen = vec![false; n + 1];
                for (w, b) in table(players, r) {
                    assert!(
                        !seen[w as usize] && !seen[b as usize],
                        "{players}: round {r}"
                    );
                    seen[w as usize] = true;
                    seen[b as usize] = true;
                    met[w as usize][b as usize] += 1;
                    met[b as usize][w as usize] += 1;
                    whites[w as usize] += 1;
                    whites[b as usize] -= 1;
                }
            }
            for (a, row) in met.iter().enumerate().skip(1) {
                for (b, count) in row.iter().enumerate().skip(1) {
                    assert_eq!(*count, u32::from(a != b), "{players}: {a} and {b}");
                }
                // n-1 games: the colour difference is at most one.
                assert!(whites[a].abs() <= 1, "{players}: {a} has {}", whites[a]);
            }
        }
    }

    #[test]
    fn the_second_cycle_reverses_colours() {
        for r in 0..5 {
            let first = table(6, r);
            let second: Vec<_> = table(6, r + 5).into_iter().map(|(w, b)| (b, w)).collect();
            assert_eq!(first, second);
        }
    }
}
