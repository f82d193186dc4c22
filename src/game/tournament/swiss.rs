//! Swiss pairing: FIDE's Dutch system (Handbook C.04.3) as a sequence of maximum-weight
//! matchings, the way bbpPairings and lichess pair it.
//!
//! The absolute criteria are edges left out of the graph: two players who have met are
//! not joined, nor two with the same absolute colour preference (so nobody gets a colour
//! difference beyond two or the same colour three times running), and the bye goes only
//! to someone who has had neither a bye nor a win by forfeit.
//!
//! Score brackets are paired from the top. Each bracket is one matching over everyone
//! still unpaired, where every edge carries a weight so large that the matching is
//! always of maximum cardinality: so the rest of the field can always be completed
//! (FIDE's completion criterion), and a bracket floats a player down only when it must.
//! Above that, an edge inside the bracket outweighs any mix of the lesser criteria, so
//! the bracket pairs as many of its players as it can; then, in order of weight, the
//! players floated down from above are paired first, colour preferences are granted
//! (strong ones before mild), and the top half meets the bottom half in rank order
//! (S1 against S2), with the lowest-ranked players, not those floated last round, the
//! ones that float on. The pairs inside the bracket are kept, the rest float down to the
//! next bracket, and so on. The bye is a vertex of the lowest bracket, so it goes to the
//! lowest-ranked eligible player of the lowest score.

use super::{Colour, Event, PairError, Pairing, Round, RoundEntry, Seed};
use integer_blossom::max_weight_matching;

/// Every edge: the matching is always of maximum cardinality.
///
/// Each level outweighs everything below it summed over a whole matching (fields of up to
/// a thousand players), so the criteria apply in order.
const CARDINALITY: i128 = 1 << 115;
/// An edge inside the bracket being paired.
const IN_BRACKET: i128 = 1 << 100;
/// Per player floated down from above who is paired in this bracket.
const MDP_PAIRED: i128 = 1 << 85;
/// A pair where one player will not get the colour they prefer.
const COLOUR_MISSED: i128 = 1 << 72;
/// ... and that preference was a strong one.
const STRONG_MISSED: i128 = 1 << 62;
/// A player floated down last round floats down again.
const FLOATS_AGAIN: i128 = 1 << 51;
/// Per rank of the player floating down (the lowest-ranked float first).
const FLOAT_RANK: i128 = 1 << 40;
/// A pair of two players of the same half of the bracket (an exchange between S1 and S2,
/// which the Dutch system tries only after every transposition of S2).
const EXCHANGE: i128 = 1 << 30;

/// A player's colour preference (Dutch system, A.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Preference {
    /// No game played yet.
    None,
    /// Equal colours: the other colour from the last game.
    Mild(Colour),
    /// One colour more than the other.
    Strong(Colour),
    /// Two more, or the same colour in the last two games: must get the other.
    Absolute(Colour),
}

impl Preference {
    /// The colour preferred, if any.
    pub fn colour(self) -> Option<Colour> {
        match self {
            Preference::None => None,
            Preference::Mild(c) | Preference::Strong(c) | Preference::Absolute(c) => Some(c),
        }
    }

    fn strength(self) -> u8 {
        match self {
            Preference::None => 0,
            Preference::Mild(_) => 1,
            Preference::Strong(_) => 2,
            Preference::Absolute(_) => 3,
        }
    }

    /// The preference of a player who played `colours` (games over the board, in order).
    pub fn of(colours: &[Colour]) -> Preference {
        let Some(&last) = colours.last() else {
            return Preference::None;
        };
        let whites = colours.iter().filter(|c| **c == Colour::White).count() as i64;
        let diff = 2 * whites - colours.len() as i64;
        let twice = colours.len() >= 2 && colours[colours.len() - 2] == last;
        if !(-1..=1).contains(&diff) || twice {
            let c = if diff > 1 {
                Colour::Black
            } else if diff < -1 {
                Colour::White
            } else {
                last.other()
            };
            Preference::Absolute(c)
        } else if diff == 1 {
            Preference::Strong(Colour::Black)
        } else if diff == -1 {
            Preference::Strong(Colour::White)
        } else {
            Preference::Mild(last.other())
        }
    }
}

/// What pairing needs to know about one player.
struct Player {
    seed: Seed,
    score: u32,
    rating: i32,
    colours: Vec<Colour>,
    pref: Preference,
    opponents: Vec<Seed>,
    bye_eligible: bool,
    floated_last: bool,
}

/// Pair round `round` (0-based) of a Swiss event.
pub(super) fn pair(event: &Event, round: u32) -> Result<Round, PairError> {
    let mut players: Vec<Player> = event
        .seeds()
        .filter(|s| event.players[s.index()].plays_in(round))
        .map(|seed| {
            let history = event.history(seed);
            let colours: Vec<Colour> = history
                .iter()
                .filter_map(RoundEntry::played_colour)
                .collect();
            let score = history.iter().map(RoundEntry::half_points).sum();
            let floated_last = history.last().is_some_and(|last| match *last {
                RoundEntry::Game { opponent, .. } => {
                    let before = |p: Seed| -> u32 {
                        let h = event.history(p);
                        h[..h.len() - 1].iter().map(RoundEntry::half_points).sum()
                    };
                    before(opponent) < before(seed)
                }
                RoundEntry::Bye => true,
                RoundEntry::Absent | RoundEntry::Table { .. } => false,
            });
            Player {
                seed,
                score,
                rating: event.players[seed.index()].rating,
                pref: Preference::of(&colours),
                colours,
                opponents: history.iter().filter_map(RoundEntry::opponent).collect(),
                bye_eligible: !history.iter().any(RoundEntry::unplayed_point),
                floated_last,
            }
        })
        .collect();
    if players.len() < 2 {
        return Err(PairError::TooFew);
    }
    // Rank: score, then rating, then entry order.
    players.sort_by(|a, b| {
        b.score
            .cmp(&a.score)
            .then(b.rating.cmp(&a.rating))
            .then(a.seed.cmp(&b.seed))
    });
    let pairs = match_brackets(&players)?;
    let mut out = Round::default();
    let mut boards: Vec<(usize, usize)> = Vec::new();
    for (a, b) in pairs {
        match (a, b) {
            (Vertex::Bye, Vertex::Player(p)) | (Vertex::Player(p), Vertex::Bye) => {
                out.bye = Some(players[p].seed)
            }
            (Vertex::Player(a), Vertex::Player(b)) => boards.push((a.min(b), a.max(b))),
            (Vertex::Bye, Vertex::Bye) => {}
        }
    }
    // Board order: the higher score of the pair, then the lower score, then rank.
    boards.sort_by(|x, y| {
        let key = |(a, b): (usize, usize)| {
            (
                players[a].score.max(players[b].score),
                players[a].score.min(players[b].score),
            )
        };
        key(*y).cmp(&key(*x)).then(x.0.cmp(&y.0))
    });
    for (board, (hi, lo)) in boards.into_iter().enumerate() {
        let white_is_hi = allocate(&players[hi], &players[lo], round, board);
        let (w, b) = if white_is_hi { (hi, lo) } else { (lo, hi) };
        out.pairings.push(Pairing {
            white: players[w].seed,
            black: players[b].seed,
            result: None,
        });
    }
    Ok(out)
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Vertex {
    Player(usize),
    Bye,
}

/// Whether `a` and `b` may meet at all (the absolute criteria).
fn compatible(a: &Player, b: &Player) -> bool {
    if a.opponents.contains(&b.seed) {
        return false;
    }
    !matches!((a.pref, b.pref), (Preference::Absolute(x), Preference::Absolute(y)) if x == y)
}

/// Pair the ranked field bracket by bracket; the pairs as indices into `players`.
fn match_brackets(players: &[Player]) -> Result<Vec<(Vertex, Vertex)>, PairError> {
    let odd = players.len() % 2 == 1;
    let lowest = players.last().map_or(0, |p| p.score);
    let mut scores: Vec<u32> = players.iter().map(|p| p.score).collect();
    scores.dedup();
    // Unpaired vertices, in rank order (the bye last).
    let mut open: Vec<Vertex> = (0..players.len()).map(Vertex::Player).collect();
    if odd {
        open.push(Vertex::Bye);
    }
    let mut floaters: Vec<usize> = Vec::new(); // downfloaters into the bracket, as player indices
    let mut pairs = Vec::with_capacity(players.len() / 2 + 1);
    for &score in &scores {
        // The bracket: the floaters from above, then this score's players (and the bye
        // in the lowest bracket).
        let in_bracket = |v: Vertex| match v {
            Vertex::Player(p) => players[p].score == score || floaters.contains(&p),
            Vertex::Bye => score == lowest,
        };
        let n = open.len();
        // Rank within the bracket (its players only), for S1/S2 and floating.
        let bracket: Vec<usize> = open
            .iter()
            .filter_map(|v| match *v {
                Vertex::Player(p) if in_bracket(*v) => Some(p),
                _ => None,
            })
            .collect();
        let rank = |p: usize| bracket.iter().position(|q| *q == p);
        let half = bracket.len() / 2;
        let mut w = vec![0i128; n * n];
        for i in 0..n {
            for j in (i + 1)..n {
                let (a, b) = (open[i], open[j]);
                let weight = match (a, b) {
                    (Vertex::Player(x), Vertex::Player(y)) => {
                        if !compatible(&players[x], &players[y]) {
                            continue;
                        }
                        let (ina, inb) = (in_bracket(a), in_bracket(b));
                        let mut wt = CARDINALITY;
                        if ina && inb {
                            wt += IN_BRACKET;
                            wt += MDP_PAIRED
                                * (floaters.contains(&x) as i128 + floaters.contains(&y) as i128);
                            wt -= colour_cost(&players[x], &players[y]);
                            // S1 against S2: rank r meets rank r + half; a transposition
                            // costs its distance, more at the top of the bracket.
                            let (rx, ry) =
                                (rank(x).unwrap_or(0) as i128, rank(y).unwrap_or(0) as i128);
                            let (hi, lo) = (rx.min(ry), rx.max(ry));
                            let h = half as i128;
                            if hi >= h || lo < h {
                                wt -= EXCHANGE;
                            }
                            let off = (lo - hi - h).abs();
                            wt -= off * (2 * bracket.len() as i128 - hi);
                        } else if ina || inb {
                            let f = if ina { x } else { y };
                            wt += float_weight(&players[f], rank(f).unwrap_or(0));
                        }
                        wt
                    }
                    (Vertex::Player(x), Vertex::Bye) | (Vertex::Bye, Vertex::Player(x)) => {
                        if !players[x].bye_eligible {
                            continue;
                        }
                        let mut wt = CARDINALITY;
                        let (ina, iny) = (in_bracket(Vertex::Player(x)), in_bracket(Vertex::Bye));
                        if ina && iny {
                            // The bye to the lowest-ranked of the lowest bracket.
                            wt += IN_BRACKET + FLOAT_RANK * rank(x).unwrap_or(0) as i128;
                        } else if ina {
                            wt += float_weight(&players[x], rank(x).unwrap_or(0));
                        }
                        wt
                    }
                    (Vertex::Bye, Vertex::Bye) => continue,
                };
                w[i * n + j] = weight;
            }
        }
        let mate = max_weight_matching(&w, n);
        if mate.iter().any(Option::is_none) {
            return Err(PairError::NoPairing);
        }
        let mut rest = Vec::with_capacity(n);
        let mut next_floaters = Vec::new();
        for i in 0..n {
            let Some(j) = mate[i] else { continue };
            let (a, b) = (open[i], open[j]);
            if in_bracket(a) && in_bracket(b) {
                if i < j {
                    pairs.push((a, b));
                }
            } else {
                rest.push(a);
                if let (true, Vertex::Player(p)) = (in_bracket(a), a) {
                    next_floaters.push(p);
                }
            }
        }
        open = rest;
        floaters = next_floaters;
    }
    if !open.is_empty() {
        return Err(PairError::NoPairing);
    }
    Ok(pairs)
}

/// The weight of `p` (ranked `rank` in its bracket) floating down: the lowest-ranked
/// float first, and not someone who floated down last round.
fn float_weight(p: &Player, rank: usize) -> i128 {
    FLOAT_RANK * rank as i128 - if p.floated_last { FLOATS_AGAIN } else { 0 }
}

/// What pairing `a` with `b` costs in colour preferences.
fn colour_cost(a: &Player, b: &Player) -> i128 {
    match (a.pref.colour(), b.pref.colour()) {
        (Some(x), Some(y)) if x == y => {
            // The stronger preference is granted; the other is missed.
            let missed = a.pref.strength().min(b.pref.strength());
            COLOUR_MISSED + if missed >= 2 { STRONG_MISSED } else { 0 }
        }
        _ => 0,
    }
}

/// Whether the higher-ranked `hi` gets White against `lo` (Dutch system, E): both
/// preferences when they differ, else the stronger one (an absolute one always), else
/// the colours alternate from the last round they differed, else the higher-ranked
/// player's preference; with no preference at all, the initial colour alternates by
/// board, White on the top board.
fn allocate(hi: &Player, lo: &Player, round: u32, board: usize) -> bool {
    let _ = round;
    match (hi.pref.colour(), lo.pref.colour()) {
        (None, None) => board.is_multiple_of(2),
        (Some(h), None) => h == Colour::White,
        (None, Some(l)) => l == Colour::Black,
        (Some(h), Some(l)) if h != l => h == Colour::White,
        (Some(h), Some(_)) => {
            let (sh, sl) = (hi.pref.strength(), lo.pref.strength());
            if sh != sl {
                return if sh > sl {
                    h == Colour::White
                } else {
                    h != Colour::White
                };
            }
            // Alternate from the latest game where their colours differed.
            let (ch, cl) = (&hi.colours, &lo.colours);
            for k in 1..=ch.len().min(cl.len()) {
                let (x, y) = (ch[ch.len() - k], cl[cl.len() - k]);
                if x != y {
                    return x == Colour::Black;
                }
            }
            h == Colour::White
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::tournament::{Entrant, Format, GameResult};

    fn event(n: usize, rounds: u8) -> Event {
        Event::new(
            Format::Swiss { rounds },
            (0..n)
                .map(|i| Entrant {
                    name: format!("P{}", i + 1),
                    rating: 2000 - i as i32 * 10,
                    joined: 0,
                    withdrew: None,
                })
                .collect(),
        )
    }

    #[test]
    fn preferences_follow_the_dutch_rules() {
        use Colour::{Black as B, White as W};
        assert_eq!(Preference::of(&[]), Preference::None);
        assert_eq!(Preference::of(&[W]), Preference::Strong(B));
        assert_eq!(Preference::of(&[W, B]), Preference::Mild(W));
        assert_eq!(Preference::of(&[W, W]), Preference::Absolute(B));
        assert_eq!(Preference::of(&[B, W, W]), Preference::Absolute(B));
        assert_eq!(Preference::of(&[W, B, B, W]), Preference::Mild(B));
        assert_eq!(Preference::of(&[B, W, B]), Preference::Strong(W));
    }

    /// Round 1: the top half meets the bottom half, colours alternating from White on
    /// the top board (Dutch system; the handbook's first-round example).
    #[test]
    fn the_first_round_splits_the_field() {
        let e = event(8, 5);
        let r = e.pair_next().unwrap();
        let got: Vec<(u32, u32)> = r
            .pairings
            .iter()
            .map(|p| (p.white.0 + 1, p.black.0 + 1))
            .collect();
        assert_eq!(got, vec![(1, 5), (6, 2), (3, 7), (8, 4)]);
        assert_eq!(r.bye, None);
    }

    #[test]
    fn an_odd_field_gives_the_bye_to_the_lowest_ranked() {
        let e = event(7, 5);
        let r = e.pair_next().unwrap();
        assert_eq!(r.bye, Some(Seed(6)));
        let got: Vec<(u32, u32)> = r
            .pairings
            .iter()
            .map(|p| (p.white.0 + 1, p.black.0 + 1))
            .collect();
        assert_eq!(got, vec![(1, 4), (5, 2), (3, 6)]);
    }

    /// Round 2 after a first round the top half won: the winners meet among themselves,
    /// each getting the other colour.
    #[test]
    fn winners_meet_winners_with_alternating_colours() {
        let mut e = event(8, 5);
        let mut r = e.pair_next().unwrap();
        for p in &mut r.pairings {
            // The higher seed wins.
            p.result = Some(if p.white < p.black {
                GameResult::White
            } else {
                GameResult::Black
            });
        }
        e.rounds.push(r);
        let r2 = e.pair_next().unwrap();
        let got: Vec<(u32, u32)> = r2
            .pairings
            .iter()
            .map(|p| (p.white.0 + 1, p.black.0 + 1))
            .collect();
        // Winners 1..4 (1 and 3 had White, 2 and 4 Black). S1 = {1, 2}, S2 = {3, 4}: the
        // natural 1-3 and 2-4 would deny two colour preferences each, so S2 is transposed
        // to {4, 3} (Dutch system: the quality criteria before the S2 order), and every
        // player gets the colour they prefer. The same in the losers' bracket.
        assert_eq!(got, vec![(4, 1), (2, 3), (5, 8), (7, 6)]);
    }
}
