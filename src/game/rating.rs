//! Elo ratings (RULES.md §8) as pure functions; the service applies them inside
//! the transaction that finishes a game.

use crate::engine::Seat;
use serde::{Deserialize, Serialize};

/// Every player's rating in a variant before their first rated game.
pub const START_RATING: i32 = 1500;
/// Rated games in a variant played with the provisional K.
pub const PROVISIONAL_GAMES: u32 = 30;
/// K while provisional.
pub const K_PROVISIONAL: f64 = 40.0;
/// K afterwards.
pub const K_ESTABLISHED: f64 = 20.0;

/// The expected score of a player rated `r` against one rated `opp` (0..1).
pub fn expected_score(r: i32, opp: i32) -> f64 {
    1.0 / (1.0 + 10f64.powf(f64::from(opp - r) / 400.0))
}

/// K for a player who has played `rated_games` rated games in the variant so far.
pub fn k_factor(rated_games: u32) -> f64 {
    if rated_games < PROVISIONAL_GAMES {
        K_PROVISIONAL
    } else {
        K_ESTABLISHED
    }
}

/// Whether a rating is still provisional (shown with a marker).
pub fn provisional(rated_games: u32) -> bool {
    rated_games < PROVISIONAL_GAMES
}

/// One side of a rated game going in: rating and rated games played so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rated {
    /// Rating before the game.
    pub rating: i32,
    /// Rated games in the variant before this one (chooses K).
    pub games: u32,
}

/// A rating before and after one game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RatingChange {
    /// Before the game.
    pub before: i32,
    /// After the game.
    pub after: i32,
}

impl RatingChange {
    /// `after - before`.
    pub fn delta(&self) -> i32 {
        self.after - self.before
    }
}

/// Both players' new ratings after a game where `a` scored `score_a` (1, ½ or 0). Each
/// side uses its own K, so the changes need not cancel out; each is rounded to the
/// nearest point (halves away from zero).
pub fn elo_update(a: Rated, b: Rated, score_a: f64) -> (RatingChange, RatingChange) {
    let ea = expected_score(a.rating, b.rating);
    let eb = 1.0 - ea;
    let da = (k_factor(a.games) * (score_a - ea)).round() as i32;
    let db = (k_factor(b.games) * ((1.0 - score_a) - eb)).round() as i32;
    (
        RatingChange {
            before: a.rating,
            after: a.rating + da,
        },
        RatingChange {
            before: b.rating,
            after: b.rating + db,
        },
    )
}

/// New ratings after a three- or four-seat game (RULES.md §14): each pair of rated
/// players counts as one game, the better place winning and the same place drawing, and
/// a player's change is the sum over their pairs with K divided by (`seats` − 1),
/// rounded once at the end. `seats` is the game's number of seats; seats the program
/// played from the start are left out of `players` by the caller and give no pair.
/// `players` is each rated player's rating going in and place (1 = first).
pub fn multi_update(players: &[(Rated, u8)], seats: usize) -> Vec<RatingChange> {
    let n = players.len();
    let share = seats.max(n).saturating_sub(1).max(1) as f64;
    players
        .iter()
        .enumerate()
        .map(|(i, &(me, place))| {
            if n < 2 {
                return RatingChange {
                    before: me.rating,
                    after: me.rating,
                };
            }
            let k = k_factor(me.games) / share;
            let delta: f64 = players
                .iter()
                .enumerate()
                .filter(|(j, _)| *j != i)
                .map(|(_, &(other, other_place))| {
                    let score = match place.cmp(&other_place) {
                        std::cmp::Ordering::Less => 1.0,
                        std::cmp::Ordering::Equal => 0.5,
                        std::cmp::Ordering::Greater => 0.0,
                    };
                    k * (score - expected_score(me.rating, other.rating))
                })
                .sum();
            RatingChange {
                before: me.rating,
                after: me.rating + delta.round() as i32,
            }
        })
        .collect()
}

/// A seat's rating change in a rated game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatRating {
    /// The seat.
    pub seat: Seat,
    /// Before and after.
    pub change: RatingChange,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(rating: i32, games: u32) -> Rated {
        Rated { rating, games }
    }

    #[test]
    fn expected_scores() {
        assert!((expected_score(1500, 1500) - 0.5).abs() < 1e-12);
        // 200 points: 1 / (1 + 10^0.5) = 0.24025...
        assert!((expected_score(1500, 1700) - 0.240_253).abs() < 1e-6);
        assert!((expected_score(1700, 1500) - 0.759_747).abs() < 1e-6);
        // 400 points: 1/11.
        assert!((expected_score(1200, 1600) - 1.0 / 11.0).abs() < 1e-12);
    }

    #[test]
    fn updates_between_newcomers() {
        let (a, b) = elo_update(r(1500, 0), r(1500, 0), 1.0);
        assert_eq!((a.after, b.after), (1520, 1480));
        let (a, b) = elo_update(r(1500, 0), r(1500, 0), 0.5);
        assert_eq!((a.delta(), b.delta()), (0, 0));
        let (a, b) = elo_update(r(1500, 3), r(1500, 7), 0.0);
        assert_eq!((a.after, b.after), (1480, 1520));
    }

    #[test]
    fn k_switches_after_thirty_rated_games() {
        assert_eq!(k_factor(29), 40.0);
        assert_eq!(k_factor(30), 20.0);
        assert!(provisional(29) && !provisional(30));
        // Underdog (provisional, K=40) beats an established favourite (K=20):
        // 40 * 0.7597 = 30.39 -> +30; 20 * -0.7597 = -15.19 -> -15.
        let (a, b) = elo_update(r(1500, 29), r(1700, 30), 1.0);
        assert_eq!((a.delta(), b.delta()), (30, -15));
        // Same game once the underdog is established too: 20 * 0.7597 -> +15.
        let (a, _) = elo_update(r(1500, 30), r(1700, 30), 1.0);
        assert_eq!(a.delta(), 15);
        // A draw against a stronger player gains: 40 * (0.5 - 0.2403) = 10.39 -> +10.
        let (a, b) = elo_update(r(1500, 0), r(1700, 0), 0.5);
        assert_eq!((a.delta(), b.delta()), (10, -10));
    }

    /// Vectors computed independently (Python: `E = 1/(1+10**((o-r)/400))`,
    /// `round(K*(S-E))` with halves away from zero, K = 40 below 30 rated games else 20).
    #[test]
    fn independent_vectors() {
        /// Rating and rated games before the game.
        type Side = (i32, u32);
        #[rustfmt::skip]
        let cases: [(Side, Side, f64, (i32, i32)); 11] = [
            ((1500, 0), (1500, 0), 1.0, (1520, 1480)),
            ((1600, 10), (1400, 40), 1.0, (1610, 1395)),
            ((1600, 10), (1400, 40), 0.0, (1570, 1415)),
            ((1600, 10), (1400, 40), 0.5, (1590, 1405)),
            // The K switch, side by side: 29 games (K 40) against 29, 30 against 29, 29 against 30.
            ((1400, 29), (1600, 29), 1.0, (1430, 1570)),
            ((1400, 30), (1600, 29), 1.0, (1415, 1570)),
            ((1400, 29), (1600, 30), 0.0, (1390, 1605)),
            // A huge favourite: a win moves nothing (20 * 0.0099 rounds to 0), a loss a lot.
            ((2000, 50), (1200, 5), 0.0, (1980, 1240)),
            ((2000, 50), (1200, 5), 1.0, (2000, 1200)),
            ((1832, 31), (1790, 12), 0.5, (1831, 1792)),
            ((1500, 0), (1900, 0), 1.0, (1536, 1864)),
        ];
        for (a, b, score, want) in cases {
            let (ca, cb) = elo_update(r(a.0, a.1), r(b.0, b.1), score);
            assert_eq!((ca.after, cb.after), want, "{a:?} vs {b:?} scoring {score}");
            assert_eq!((ca.before, cb.before), (a.0, b.0));
        }
        assert!((expected_score(1500, 1600) - 0.359_935).abs() < 1e-6);
        assert!((expected_score(1000, 2000) - 0.003_152_309).abs() < 1e-9);
    }

    #[test]
    fn expected_scores_are_complementary_and_monotonic() {
        for (x, y) in [(1500, 1500), (1234, 1876), (2400, 800), (1500, 1501)] {
            let s = expected_score(x, y) + expected_score(y, x);
            assert!((s - 1.0).abs() < 1e-12, "{x} {y}");
        }
        let mut last = 0.0;
        for r in (1000..=2000).step_by(50) {
            let e = expected_score(r, 1500);
            assert!(e > last);
            last = e;
        }
        // With equal K, the points won are the points lost.
        for score in [0.0, 0.5, 1.0] {
            let (a, b) = elo_update(r(1623, 3), r(1488, 17), score);
            assert_eq!(a.delta() + b.delta(), 0, "{score}");
        }
    }

    #[test]
    fn a_four_seat_game_counts_each_pair_with_k_shared_out() {
        // Four newcomers at 1500 (K 40, K/3 a pair), places 1, 2, 3, 4: the winner beats
        // three (3 * 40/3 * 0.5 = +20), the second beats two and loses one (+6.67 -> +7).
        let p = [
            (r(1500, 0), 1),
            (r(1500, 0), 2),
            (r(1500, 0), 3),
            (r(1500, 0), 4),
        ];
        let d: Vec<i32> = multi_update(&p, 4)
            .iter()
            .map(RatingChange::delta)
            .collect();
        assert_eq!(d, vec![20, 7, -7, -20]);
        // Two sharing first draw with each other and beat the rest.
        let p = [
            (r(1500, 0), 1),
            (r(1500, 0), 1),
            (r(1500, 0), 3),
            (r(1500, 0), 4),
        ];
        let d: Vec<i32> = multi_update(&p, 4)
            .iter()
            .map(RatingChange::delta)
            .collect();
        assert_eq!(d, vec![13, 13, -7, -20]);
        // Three people and a program seat: the program gives no pair, K stays K/3.
        let p = [(r(1500, 0), 2), (r(1500, 0), 3), (r(1500, 0), 4)];
        let d: Vec<i32> = multi_update(&p, 4)
            .iter()
            .map(RatingChange::delta)
            .collect();
        assert_eq!(d, vec![13, 0, -13]);
        // Three seats, three people: K/2.
        let d: Vec<i32> = multi_update(&p, 3)
            .iter()
            .map(RatingChange::delta)
            .collect();
        assert_eq!(d, vec![20, 0, -20]);
        // Two people (two program seats): one pair at K/3, whatever their ratings' K.
        let p = [(r(1500, 29), 1), (r(1700, 30), 2)];
        let d: Vec<i32> = multi_update(&p, 4)
            .iter()
            .map(RatingChange::delta)
            .collect();
        assert_eq!(d, vec![10, -5]);
        // Alone: no change.
        assert_eq!(multi_update(&[(r(1500, 0), 1)], 4)[0].delta(), 0);
    }
}
