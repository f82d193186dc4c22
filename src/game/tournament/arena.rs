//! The arena: a fixed duration in which a player is paired again as soon as their game
//! ends, as on lichess. Points: 2 a win, 1 a draw, 0 a loss; after two wins running a
//! player is on a streak, and each game on it scores double (4 a win, 2 a draw) until a
//! game is not won. A win by forfeit scores 2 and leaves the streak as it was.
//!
//! Each pairing wave is stored as a [`super::Round`]: the players waiting at that moment,
//! paired among themselves.

use super::{Colour, Event, GameResult, Pairing, Round, RoundEntry, Seed, Table};
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
                if let Some((p, next)) = entry_points(e, streak) {
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
        if let Some((_, next)) = entry_points(e, streak) {
            streak = next;
        }
    }
    streak >= 2
}

/// Points for one finished game or table and the streak after it (`None`: nothing
/// finished in that round).
fn entry_points(e: RoundEntry, streak: u32) -> Option<(u32, u32)> {
    match e {
        RoundEntry::Game {
            colour,
            result: Some(r),
            ..
        } => Some(game_points(r, colour, streak)),
        RoundEntry::Table { place: Some(p) } => {
            let on = streak >= 2;
            let points = if on { 2 * p.points() } else { p.points() };
            Some((points, if p.won() { streak + 1 } else { 0 }))
        }
        _ => None,
    }
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

/// Seat the players `waiting` at tables of `seats` (an arena of a variant for three or
/// four): from the top score down, each table takes the highest-placed player still
/// waiting and the next ones closest to them who did not sit with any of the table at
/// their last table; failing that, the next ones in order, unless that would seat again
/// exactly someone's last table while the field (`field` players still in the event) has
/// others who could come. The rest wait for the next wave. Seats: whoever has moved
/// first least often takes the first seat, and so on down.
pub fn seat_waiting(event: &Event, waiting: &[Seed], seats: usize, field: usize) -> Round {
    let mut round = Round::default();
    if seats < 2 || waiting.len() < seats {
        return round;
    }
    let scores = arena_scores(event);
    let last_table = |p: Seed| -> Vec<Seed> {
        event
            .rounds
            .iter()
            .rev()
            .find_map(|r| {
                r.tables
                    .iter()
                    .find(|t| t.seat_of(p).is_some() && t.result.is_some())
            })
            .map(|t| t.seats.clone())
            .unwrap_or_default()
    };
    let sat_with = |a: Seed, b: Seed| last_table(a).contains(&b) || last_table(b).contains(&a);
    let mut queue: Vec<Seed> = waiting.to_vec();
    queue.sort_by_key(|s| {
        (
            std::cmp::Reverse(scores[s.index()]),
            std::cmp::Reverse(event.players[s.index()].rating),
            *s,
        )
    });
    let mut tables: Vec<Vec<Seed>> = Vec::new();
    let mut skipped: Vec<Seed> = Vec::new();
    while queue.len() >= seats {
        let top = queue.remove(0);
        let mut table = vec![top];
        for &c in &queue {
            if table.len() == seats {
                break;
            }
            if table.iter().all(|t| !sat_with(*t, c)) {
                table.push(c);
            }
        }
        for &c in &queue {
            if table.len() == seats {
                break;
            }
            if !table.contains(&c) {
                table.push(c);
            }
        }
        let mut sorted = table.clone();
        sorted.sort();
        let repeat = table.iter().any(|p| {
            let mut last = last_table(*p);
            last.sort();
            last == sorted
        });
        if repeat && field > seats {
            // Someone else may come: the top player waits rather than sit with the same
            // table again.
            skipped.push(top);
            continue;
        }
        queue.retain(|c| !table.contains(c));
        tables.push(table);
    }
    let firsts = |p: Seed| -> usize {
        event
            .rounds
            .iter()
            .flat_map(|r| &r.tables)
            .filter(|t| {
                t.seats.first() == Some(&p) && t.result != Some(super::TableResult::Cancelled)
            })
            .count()
    };
    for mut t in tables {
        t.sort_by_key(|p| (firsts(*p), *p));
        round.tables.push(Table {
            seats: t,
            result: None,
        });
    }
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
            tables: Vec::new(),
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

    fn table(seats: &[u32], places: Option<&[u8]>) -> Table {
        Table {
            seats: seats.iter().map(|s| Seed(*s)).collect(),
            result: places.map(|p| crate::game::tournament::TableResult::Places(p.to_vec())),
        }
    }

    fn tables(ts: Vec<Table>) -> Round {
        Round {
            tables: ts,
            ..Round::default()
        }
    }

    #[test]
    fn a_place_scores_two_for_each_player_below_and_one_for_each_level() {
        let e = {
            let mut e = arena(8);
            // A table of four with places 1, 3, 2, 4; a table of three where the first two
            // finished in the same round.
            e.rounds.push(tables(vec![
                table(&[0, 1, 2, 3], Some(&[1, 3, 2, 4])),
                table(&[4, 5, 6], Some(&[1, 1, 3])),
            ]));
            e
        };
        assert_eq!(&arena_scores(&e)[..7], &[6, 2, 4, 0, 3, 3, 0]);
        let p = e.rounds[0].tables[1].place_of(Seed(4)).unwrap();
        assert_eq!((p.place, p.shared, p.of, p.won()), (1, 2, 3, true));
        // With two seats it is the ordinary arena: a win 2, a draw 1.
        let two = Table {
            seats: vec![Seed(0), Seed(1)],
            result: Some(crate::game::tournament::TableResult::Places(vec![1, 1])),
        };
        let d = two.place_of(Seed(0)).unwrap();
        assert_eq!((d.points(), d.won()), (1, false));
    }

    #[test]
    fn a_table_won_twice_running_puts_its_winner_on_a_streak() {
        let mut e = arena(6);
        e.rounds
            .push(tables(vec![table(&[0, 1, 2], Some(&[1, 2, 3]))]));
        e.rounds
            .push(tables(vec![table(&[3, 0, 4], Some(&[2, 1, 3]))]));
        assert!(on_streak(&e, Seed(0)));
        // On the streak a first place of three is worth double: 4 + 4 + 8.
        e.rounds
            .push(tables(vec![table(&[0, 5, 1], Some(&[1, 3, 2]))]));
        assert_eq!(arena_scores(&e)[0], 4 + 4 + 8);
        // A second place ends it.
        e.rounds
            .push(tables(vec![table(&[2, 0, 3], Some(&[1, 2, 3]))]));
        assert!(!on_streak(&e, Seed(0)));
        assert_eq!(arena_scores(&e)[0], 4 + 4 + 8 + 4);
    }

    #[test]
    fn tables_are_seated_by_score_without_the_same_table_again() {
        let mut e = arena(8);
        e.rounds.push(tables(vec![
            table(&[0, 1, 2, 3], Some(&[1, 2, 3, 4])),
            table(&[4, 5, 6, 7], Some(&[1, 2, 3, 4])),
        ]));
        let all: Vec<Seed> = (0..8).map(Seed).collect();
        let r = seat_waiting(&e, &all, 4, 8);
        assert_eq!(r.tables.len(), 2);
        assert!(r.pairings.is_empty());
        for t in &r.tables {
            // Each new table mixes the old ones: two from each.
            let from_first = t.seats.iter().filter(|s| s.0 < 4).count();
            assert_eq!(from_first, 2, "{:?}", t.seats);
        }
        // The two winners (6 points each) sit at the top table.
        let top: Vec<u32> = r.tables[0].seats.iter().map(|s| s.0).collect();
        assert!(top.contains(&0) && top.contains(&4), "{top:?}");
        // Five waiting at tables of four: one table, one waits.
        let five: Vec<Seed> = (0..5).map(Seed).collect();
        let r = seat_waiting(&e, &five, 4, 8);
        assert_eq!(r.tables.len(), 1);
        assert_eq!(r.tables[0].seats.len(), 4);
        assert!(
            !r.tables[0].seats.contains(&Seed(3)),
            "the lowest score waits"
        );
    }

    #[test]
    fn the_same_table_waits_for_others_unless_it_is_the_whole_field() {
        let mut e = arena(5);
        e.rounds
            .push(tables(vec![table(&[0, 1, 2, 3], Some(&[1, 2, 3, 4]))]));
        let four: Vec<Seed> = (0..4).map(Seed).collect();
        // A fifth player is in a game elsewhere and will come: the table waits.
        assert!(seat_waiting(&e, &four, 4, 5).tables.is_empty());
        // Four is the whole field: they sit together again, the one who moved first
        // before now not first.
        let r = seat_waiting(&e, &four, 4, 4);
        assert_eq!(r.tables.len(), 1);
        assert_ne!(r.tables[0].seats[0], Seed(0));
        // Too few waiting: nothing.
        assert!(seat_waiting(&e, &four[..3], 4, 4).tables.is_empty());
    }
}
