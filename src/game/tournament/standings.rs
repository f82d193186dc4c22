//! Standings: points, then the tie-breaks of the format, in FIDE's order.
//!
//! - Swiss: direct encounter, wins, Buchholz cut 1, Buchholz, Sonneborn-Berger.
//! - Round-robin: Sonneborn-Berger, then direct encounter.
//! - Arena: arena points, then performance.
//!
//! Definitions (FIDE Handbook C.07): Buchholz is the sum of the opponents' scores; cut 1
//! drops the lowest of them. A round without a game (a bye, a forfeit either way, a round
//! missed) counts, for the player's own Buchholz, as a game against a virtual opponent
//! who has the player's score before that round and draws every later round (FIDE's rule
//! for unplayed games of 2009–2023, before C.07's dummy opponent); an opponent's score is
//! counted as it stands. Sonneborn-Berger adds the scores of the opponents beaten and half
//! the scores of those drawn, over games played. Direct encounter is the score among the
//! players tied on points, used only when each of them has met every other. Wins count
//! games won over the board. Values are in half points, like the scores.

use super::arena::arena_scores;
use super::{Colour, Event, Format, GameResult, Points, RoundEntry, Seed};
use serde::{Deserialize, Serialize};
use std::cmp::Ordering;

/// A tie-break.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TieBreak {
    /// The score among the players tied on points.
    DirectEncounter,
    /// Games won over the board.
    Wins,
    /// Buchholz without the lowest opponent's score.
    BuchholzCut1,
    /// The sum of the opponents' scores.
    Buchholz,
    /// Beaten opponents' scores plus half the drawn ones'.
    SonnebornBerger,
    /// An arena's performance rating.
    Performance,
}

impl TieBreak {
    /// The order for `format`.
    pub fn order(format: Format) -> &'static [TieBreak] {
        match format {
            Format::Swiss { .. } => &[
                TieBreak::DirectEncounter,
                TieBreak::Wins,
                TieBreak::BuchholzCut1,
                TieBreak::Buchholz,
                TieBreak::SonnebornBerger,
            ],
            Format::RoundRobin { .. } => &[TieBreak::SonnebornBerger, TieBreak::DirectEncounter],
            Format::Arena { .. } => &[TieBreak::Performance],
        }
    }

    /// A value of this tie-break as people read it: a score in points (`2½`; Sonneborn-
    /// Berger, kept in quarter points, as `3¾`), a count of wins, a rating.
    pub fn show(self, v: i64) -> String {
        match self {
            TieBreak::Wins | TieBreak::Performance => v.to_string(),
            TieBreak::SonnebornBerger => {
                let frac = ["", "¼", "½", "¾"][v.rem_euclid(4) as usize];
                match (v.div_euclid(4), frac) {
                    (0, f) if !f.is_empty() => f.to_string(),
                    (w, f) => format!("{w}{f}"),
                }
            }
            _ => Points(v.max(0) as u32).to_string(),
        }
    }

    /// A short label: `DE`, `W`, `BH-1`, `BH`, `SB`, `Perf`.
    pub fn label(self) -> &'static str {
        match self {
            TieBreak::DirectEncounter => "DE",
            TieBreak::Wins => "W",
            TieBreak::BuchholzCut1 => "BH-1",
            TieBreak::Buchholz => "BH",
            TieBreak::SonnebornBerger => "SB",
            TieBreak::Performance => "Perf",
        }
    }
}

/// One line of the standings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Standing {
    /// The place (1-based); players equal on points and every tie-break share it.
    pub rank: u32,
    /// Who.
    pub player: Seed,
    /// Points (half points, or arena points).
    pub points: Points,
    /// The tie-breaks' values, in [`TieBreak::order`] (half points; performance as a
    /// rating).
    pub tie_breaks: Vec<i64>,
    /// Games played over the board.
    pub played: u32,
}

/// The standings of `event`, over the finished games.
pub fn standings(event: &Event) -> Vec<Standing> {
    let order = TieBreak::order(event.format);
    let n = event.players.len();
    let histories: Vec<Vec<RoundEntry>> = event.seeds().map(|s| event.history(s)).collect();
    let points: Vec<u32> = match event.format {
        Format::Arena { .. } => arena_scores(event),
        _ => histories
            .iter()
            .map(|h| h.iter().map(RoundEntry::half_points).sum())
            .collect(),
    };
    let half: Vec<u32> = histories
        .iter()
        .map(|h| h.iter().map(RoundEntry::half_points).sum())
        .collect();
    let mut lines: Vec<Standing> = (0..n)
        .map(|i| Standing {
            rank: 0,
            player: Seed(i as u32),
            points: Points(points[i]),
            tie_breaks: Vec::new(),
            played: histories[i]
                .iter()
                .filter(|e| {
                    e.played_colour().is_some() || matches!(e, RoundEntry::Table { place: Some(_) })
                })
                .count() as u32,
        })
        .collect();
    for tb in order {
        for i in 0..n {
            let v = match tb {
                TieBreak::DirectEncounter => 0, // below, per group of ties
                TieBreak::Wins => wins(&histories[i]),
                TieBreak::Buchholz => buchholz(event, &histories, &half, i, false),
                TieBreak::BuchholzCut1 => buchholz(event, &histories, &half, i, true),
                TieBreak::SonnebornBerger => sonneborn_berger(&histories[i], &half),
                TieBreak::Performance => performance(event, &histories[i], Seed(i as u32)),
            };
            lines[i].tie_breaks.push(v);
        }
    }
    if let Some(k) = order.iter().position(|t| *t == TieBreak::DirectEncounter) {
        direct_encounter(&mut lines, &histories, k);
    }
    lines.sort_by(|a, b| compare(a, b).then(a.player.cmp(&b.player)));
    for i in 0..lines.len() {
        lines[i].rank = if i > 0 && compare(&lines[i - 1], &lines[i]) == Ordering::Equal {
            lines[i - 1].rank
        } else {
            i as u32 + 1
        };
    }
    lines
}

/// Better first: points, then each tie-break in order.
fn compare(a: &Standing, b: &Standing) -> Ordering {
    b.points
        .cmp(&a.points)
        .then_with(|| b.tie_breaks.cmp(&a.tie_breaks))
}

fn wins(h: &[RoundEntry]) -> i64 {
    h.iter()
        .filter(|e| match **e {
            RoundEntry::Game {
                colour,
                result: Some(r),
                ..
            } => r.played() && r.won_by(colour),
            RoundEntry::Table { place: Some(p) } => p.won(),
            _ => false,
        })
        .count() as i64
}

/// Buchholz in half points; a round without a game counts as a virtual opponent with the
/// player's score before it, drawing every later round.
fn buchholz(
    event: &Event,
    histories: &[Vec<RoundEntry>],
    half: &[u32],
    i: usize,
    cut: bool,
) -> i64 {
    let rounds = event.rounds.len();
    let h = &histories[i];
    let mut values: Vec<i64> = Vec::with_capacity(rounds);
    let mut before = 0u32;
    for (r, e) in h.iter().enumerate() {
        let played_opp = match *e {
            RoundEntry::Game {
                opponent,
                result: Some(res),
                ..
            } if res.played() => Some(opponent),
            _ => None,
        };
        let pending = matches!(e, RoundEntry::Game { result: None, .. });
        match played_opp {
            Some(o) => values.push(i64::from(half[o.index()])),
            None if pending => {}
            None => {
                // Virtual opponent: the player's score before the round, plus the
                // result against the player (the complement of the player's), plus a
                // draw for each later round played so far.
                let own = e.half_points();
                let later = (rounds - r - 1) as u32;
                values.push(i64::from(before + (2 - own.min(2)) + later));
            }
        }
        before += e.half_points();
    }
    if cut && !values.is_empty() {
        let (k, _) = values
            .iter()
            .enumerate()
            .min_by_key(|(_, v)| **v)
            .unwrap_or((0, &0));
        values.remove(k);
    }
    values.iter().sum()
}

fn sonneborn_berger(h: &[RoundEntry], half: &[u32]) -> i64 {
    h.iter()
        .map(|e| match *e {
            RoundEntry::Game {
                opponent,
                colour,
                result: Some(r),
            } if r.played() => {
                let opp = i64::from(half[opponent.index()]);
                match r.half_points(colour) {
                    2 => opp * 2,
                    1 => opp,
                    _ => 0,
                }
            }
            _ => 0,
        })
        .sum()
}

/// Within each group tied on points, the score among them when all have met each other.
fn direct_encounter(lines: &mut [Standing], histories: &[Vec<RoundEntry>], k: usize) {
    let mut by_points: std::collections::BTreeMap<Points, Vec<usize>> = Default::default();
    for (i, l) in lines.iter().enumerate() {
        by_points.entry(l.points).or_default().push(i);
    }
    for group in by_points.values().filter(|g| g.len() > 1) {
        let seeds: Vec<Seed> = group.iter().map(|i| lines[*i].player).collect();
        let met = |a: Seed, b: Seed| {
            histories[a.index()]
                .iter()
                .any(|e| matches!(*e, RoundEntry::Game { opponent, result: Some(_), .. } if opponent == b))
        };
        let all_met = seeds
            .iter()
            .all(|a| seeds.iter().all(|b| a == b || met(*a, *b)));
        if !all_met {
            continue;
        }
        for &i in group {
            let me = lines[i].player;
            let score: u32 = histories[me.index()]
                .iter()
                .filter(|e| matches!(**e, RoundEntry::Game { opponent, .. } if seeds.contains(&opponent)))
                .map(RoundEntry::half_points)
                .sum();
            lines[i].tie_breaks[k] = i64::from(score);
        }
    }
}

/// A performance rating over games played (FIDE's linear approximation): the opponents'
/// average rating plus 400 × (wins − losses) / games. A table counts as a game against
/// each other seat, as its rating does (RULES.md §14): a better place wins, the same
/// place draws. Nothing played: 0.
fn performance(event: &Event, h: &[RoundEntry], me: Seed) -> i64 {
    let mut sum = 0i64;
    let mut games = 0i64;
    let mut balance = 0i64;
    for e in h {
        if let RoundEntry::Game {
            opponent,
            colour,
            result: Some(r),
        } = *e
            && r.played()
        {
            sum += i64::from(event.players[opponent.index()].rating);
            games += 1;
            balance += match r.half_points(colour) {
                2 => 1,
                0 => -1,
                _ => 0,
            };
        }
    }
    for t in event.rounds.iter().flat_map(|r| &r.tables) {
        let Some(mine) = t.place_of(me) else {
            continue;
        };
        for &o in t.seats.iter().filter(|o| **o != me) {
            let Some(theirs) = t.place_of(o) else {
                continue;
            };
            sum += i64::from(event.players[o.index()].rating);
            games += 1;
            balance += match mine.place.cmp(&theirs.place) {
                Ordering::Less => 1,
                Ordering::Greater => -1,
                Ordering::Equal => 0,
            };
        }
    }
    if games == 0 {
        0
    } else {
        (sum + 400 * balance) / games
    }
}

/// The crosstable cell of `a` against `b`: each result of theirs, `1`, `½`, `0`, `+`,
/// `-` (forfeits), `*` (in play); empty when they have not met.
pub fn crosstable_cell(event: &Event, a: Seed, b: Seed) -> String {
    let mut out = String::new();
    for r in &event.rounds {
        for p in &r.pairings {
            if p.colour_of(a).is_some() && p.opponent_of(a) == Some(b) {
                let colour = p.colour_of(a).unwrap_or(Colour::White);
                out.push_str(match p.result {
                    None => "*",
                    Some(GameResult::Cancelled) => "",
                    Some(res) if !res.played() => {
                        if res.won_by(colour) {
                            "+"
                        } else {
                            "-"
                        }
                    }
                    Some(res) => match res.half_points(colour) {
                        2 => "1",
                        1 => "½",
                        _ => "0",
                    },
                });
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::tournament::{Entrant, Pairing, Round};

    fn entrants(n: usize) -> Vec<Entrant> {
        (0..n)
            .map(|i| Entrant {
                name: format!("P{}", i + 1),
                rating: 1500,
                joined: 0,
                withdrew: None,
            })
            .collect()
    }

    fn game(w: u32, b: u32, r: GameResult) -> Pairing {
        Pairing {
            white: Seed(w),
            black: Seed(b),
            result: Some(r),
        }
    }

    /// A four-player Swiss of two rounds, computed by hand:
    /// R1: 1-3 1-0, 4-2 0-1. R2: 2-1 ½-½, 3-4 1-0.
    /// Scores: P1 1½, P2 1½, P3 1, P4 0.
    /// Buchholz: P1 = P3 + P2 = 1 + 1½ = 2½; P2 = P4 + P1 = 1½.
    /// Cut 1: P1 2½ − 1 = 1½; P2 1½ − 0 = 1½.
    /// Sonneborn-Berger: P1 = 1 (beat P3) + ½·1½ (drew P2) = 1¾; P2 = 0 (beat P4) + ¾ = ¾.
    /// Direct encounter: P1 and P2 met and drew, ½ each. Wins: one each.
    /// In the values' units (half points; Sonneborn-Berger in quarter points):
    /// P1 [1, 1, 3, 5, 7], P2 [1, 1, 3, 3, 3]; P1 ahead on Buchholz.
    #[test]
    fn a_small_swiss_matches_a_hand_computation() {
        let mut e = Event::new(Format::Swiss { rounds: 2 }, entrants(4));
        e.rounds.push(Round {
            pairings: vec![game(0, 2, GameResult::White), game(3, 1, GameResult::Black)],
            bye: None,
            tables: Vec::new(),
        });
        e.rounds.push(Round {
            pairings: vec![game(1, 0, GameResult::Draw), game(2, 3, GameResult::White)],
            bye: None,
            tables: Vec::new(),
        });
        let s = standings(&e);
        let row = |p: u32| s.iter().find(|l| l.player == Seed(p)).unwrap().clone();
        assert_eq!(row(0).points, Points(3));
        assert_eq!(row(1).points, Points(3));
        assert_eq!(row(2).points, Points(2));
        assert_eq!(row(3).points, Points(0));
        // Order: DE, W, BH-1, BH, SB.
        assert_eq!(row(0).tie_breaks, vec![1, 1, 3, 5, 2 * 2 + 3]);
        assert_eq!(row(1).tie_breaks, vec![1, 1, 3, 3, 3]);
        // P1 ahead of P2 on Buchholz (cut 1 equal).
        assert_eq!(s[0].player, Seed(0));
        assert_eq!(s[1].player, Seed(1));
        assert_eq!((s[0].rank, s[1].rank), (1, 2));
    }

    #[test]
    fn a_bye_counts_as_a_virtual_opponent_for_buchholz() {
        // Three players, one round: 1-2 1-0, 3 has the bye.
        let mut e = Event::new(Format::Swiss { rounds: 1 }, entrants(3));
        e.rounds.push(Round {
            pairings: vec![game(0, 1, GameResult::White)],
            bye: Some(Seed(2)),
            tables: Vec::new(),
        });
        let s = standings(&e);
        let p3 = s.iter().find(|l| l.player == Seed(2)).unwrap();
        assert_eq!(p3.points, Points(2));
        // Before the round 0, the virtual opponent lost to the bye: 0 + 0 later rounds.
        assert_eq!(p3.tie_breaks[3], 0);
        assert_eq!(p3.tie_breaks[1], 0, "a bye is not a win over the board");
    }

    #[test]
    fn round_robin_ranks_by_sonneborn_berger() {
        // Three players: 1 beats 2, 2 beats 3, 3 beats 1: all on 1 point; SB each = the
        // beaten opponent's score = 1 point = 2 half points ×2 = 4. All equal: shared rank.
        let mut e = Event::new(Format::RoundRobin { cycles: 1 }, entrants(3));
        e.rounds.push(Round {
            pairings: vec![game(0, 1, GameResult::White)],
            bye: Some(Seed(2)),
            tables: Vec::new(),
        });
        e.rounds.push(Round {
            pairings: vec![game(1, 2, GameResult::White)],
            bye: Some(Seed(0)),
            tables: Vec::new(),
        });
        e.rounds.push(Round {
            pairings: vec![game(2, 0, GameResult::White)],
            bye: Some(Seed(1)),
            tables: Vec::new(),
        });
        let s = standings(&e);
        assert!(s.iter().all(|l| l.rank == 1), "{s:?}");
        assert!(s.iter().all(|l| l.tie_breaks == vec![4, 2]), "{s:?}");
    }
}
