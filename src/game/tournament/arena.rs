//! The arena: a fixed duration in which a player is paired again as soon as their game
//! ends, as on lichess. Points: 2 a win, 1 a draw, 0 a loss; after two wins running a
//! player is on a streak, and each game on it scores double (4 a win, 2 a draw) until a
//! game is not won. A win by forfeit scores 2 and leaves the streak as it was.
//!
//! Each pairing wave is stored as a [`super::Round`]: the players waiting at that moment,
//! paired among themselves.

use super::{Colour, Event, GameResult, Pairing, Round, RoundEntry, Seed};
use integer_blossom::max_weight_matching;

/// Every pair: as many pairs as possible.
const PAIR: i64 = 1 << 40;

/// Arena points of every player (by seed), over the finished games in wave order.
pub fn arena_scores(event: &Event) -> Vec<u32> {
    event
        .seeds()
        .map(|s| {
            let mut points = 0;
            let mut streak = 0u32;
            for e in event.history(s) {
                if let RoundEntry::Game {
                    colour,
                    result: Some(r),
                    ..
                } = e
                {
                    let (p, next) = game_points(r, colour, streak);
                    points += p;
                    streak = next;
                }
            }
            points
        })
        .collect()
}

/// Whether `p` is on a streak now (two or more wins running).
pub fn on_streak(event: &Event, p: Seed) -> bool {
    let mut streak = 0;
    for e in event.history(p) {
        if let RoundEntry::Game {
            colour,
            result: Some(r),
            ..
        } = e
        {
            streak = game_points(r, colour, streak).1;
        }
    }
    streak >= 2
}

/// Points for one game and the streak after it.
fn game_points(r: GameResult, colour: Colour, streak: u32) -> (u32, u32) {
    let on = streak >= 2;
    if !r.played() {
        return if r.won_by(colour) {
            (2, streak)
        } else {
            (0, 0)
        };
    }
    match r.half_points(colour) {
        2 => (if on { 4 } else { 2 }, streak + 1),
        1 => (if on { 2 } else { 1 }, 0),
        _ => (0, 0),
    }
}

/// Pair the players `waiting` (none of them in a game): each with someone close in arena
/// points who was not their last opponent, as many pairs as possible. An odd one out
/// waits for the next wave. Colours: whoever has had White less often takes it.
pub fn pair_waiting(event: &Event, waiting: &[Seed]) -> Round {
    let scores = arena_scores(event);
    let n = waiting.len();
    let last_opponent =
        |p: Seed| -> Option<Seed> { event.history(p).iter().rev().find_map(RoundEntry::opponent) };
    let mut w = vec![0i64; n * n];
    for i in 0..n {
        for j in (i + 1)..n {
            let (a, b) = (waiting[i], waiting[j]);
            if last_opponent(a) == Some(b) || last_opponent(b) == Some(a) {
                continue;
            }
            let gap = i64::from(scores[a.index()].abs_diff(scores[b.index()]));
            let rating_gap = i64::from(
                event.players[a.index()]
                    .rating
                    .abs_diff(event.players[b.index()].rating),
            );
            w[i * n + j] = PAIR - gap * gap * 1_000_000 - rating_gap;
        }
    }
    let mate = max_weight_matching(&w, n);
    let whites = |p: Seed| -> i64 {
        event
            .history(p)
            .iter()
            .map(|e| match e.played_colour() {
                Some(Colour::White) => 1,
                Some(Colour::Black) => -1,
                None => 0,
            })
            .sum()
    };
    let mut round = Round::default();
    for i in 0..n {
        let Some(j) = mate[i] else { continue };
        if i > j {
            continue;
        }
        let (a, b) = (waiting[i], waiting[j]);
        let (white, black) = if whites(a) <= whites(b) {
            (a, b)
        } else {
            (b, a)
        };
        round.pairings.push(Pairing {
            white,
            black,
            result: None,
        });
    }
    // The top scores on the top boards.
    round
        .pairings
        .sort_by_key(|p| std::cmp::Reverse(scores[p.white.index()].max(scores[p.black.index()])));
    round
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::tournament::{Entrant, Format};

    fn arena(n: usize) -> Event {
        Event::new(
            Format::Arena { minutes: 60 },
            (0..n)
                .map(|i| Entrant {
                    name: format!("P{}", i + 1),
                    rating: 1500,
                    joined: 0,
                    withdrew: None,
                })
                .collect(),
        )
    }

    fn wave(games: &[(u32, u32, GameResult)]) -> Round {
        Round {
            pairings: games
                .iter()
                .map(|&(w, b, r)| Pairing {
                    white: Seed(w),
                    black: Seed(b),
                    result: Some(r),
                })
                .collect(),
            bye: None,
        }
    }

    #[test]
    fn a_streak_doubles_points_until_a_game_is_not_won() {
        let mut e = arena(4);
        // P1 wins four, then draws, then wins: 2 + 2 + 4 + 4 + 2 (draw on streak) + 2.
        e.rounds.push(wave(&[(0, 1, GameResult::White)]));
        e.rounds.push(wave(&[(2, 0, GameResult::Black)]));
        e.rounds.push(wave(&[(0, 3, GameResult::White)]));
        e.rounds.push(wave(&[(1, 0, GameResult::Black)]));
        assert!(on_streak(&e, Seed(0)));
        e.rounds.push(wave(&[(0, 2, GameResult::Draw)]));
        assert!(!on_streak(&e, Seed(0)));
        e.rounds.push(wave(&[(3, 0, GameResult::Black)]));
        assert_eq!(arena_scores(&e)[0], 2 + 2 + 4 + 4 + 2 + 2);
        assert_eq!(arena_scores(&e)[2], 1, "a draw off a streak is 1");
    }

    #[test]
    fn the_last_opponent_is_not_met_again_at_once() {
        let mut e = arena(4);
        e.rounds.push(wave(&[
            (0, 1, GameResult::White),
            (2, 3, GameResult::White),
        ]));
        let r = pair_waiting(&e, &[Seed(0), Seed(1), Seed(2), Seed(3)]);
        assert_eq!(r.pairings.len(), 2);
        for p in &r.pairings {
            let pair = [p.white.0.min(p.black.0), p.white.0.max(p.black.0)];
            assert!(pair != [0, 1] && pair != [2, 3], "{pair:?}");
        }
        // The two winners meet (closest in points).
        let top = &r.pairings[0];
        assert_eq!(
            [top.white.0.min(top.black.0), top.white.0.max(top.black.0)],
            [0, 2]
        );
        // Two players who just met, alone in the queue, wait.
        assert!(pair_waiting(&e, &[Seed(0), Seed(1)]).pairings.is_empty());
    }
}
