//! Statistics derived from stored records: leaderboards with shared ranks, a
//! player's rating history, head-to-head scores and a game's result from one player's
//! side. Pure functions, so the bot's commands stay thin and the arithmetic is testable
//! without Telegram.
//!
//! Ratings themselves are kept as aggregates in [`VariantStats`] (updated atomically
//! when a game ends); the history over time is read back from the finished rated games,
//! whose [`GameRecord::ratings`] hold every change, so no extra storage is needed.

use super::ids::{GameId, Timestamp, UserId};
use super::rating::provisional;
use super::record::{GameRecord, Status, UserRecord};
use crate::engine::{Reason, VariantId};

/// How one game ended for one player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayerResult {
    /// They won.
    Won,
    /// A draw.
    Drew,
    /// They lost.
    Lost,
    /// A table's place (1-based) among its seats.
    Placed {
        /// Their place.
        place: u8,
        /// Out of how many seats.
        of: u8,
    },
    /// Called off: no result.
    Aborted,
    /// Still being played (or waiting in its lobby).
    Playing,
}

impl PlayerResult {
    /// `user`'s result in `g` (`Playing` also for someone who does not play in it).
    pub fn of(g: &GameRecord, user: UserId) -> PlayerResult {
        let outcome = match g.status {
            Status::Lobby | Status::Active => return PlayerResult::Playing,
            Status::Aborted { .. } => return PlayerResult::Aborted,
            Status::Over { outcome, .. } => outcome,
        };
        let Some(seat) = g.seat_of(user) else {
            return PlayerResult::Playing;
        };
        // The training room: finishing is the only result there is.
        if g.is_solo() {
            return match outcome.reason() {
                Reason::Goal => PlayerResult::Won,
                _ => PlayerResult::Lost,
            };
        }
        let place = outcome.place(seat).unwrap_or(u8::MAX);
        if g.is_table() {
            return PlayerResult::Placed {
                place,
                of: g.variant.seat_count() as u8,
            };
        }
        let firsts = outcome.places().iter().filter(|p| **p == Some(1)).count();
        match place {
            1 if firsts > 1 => PlayerResult::Drew,
            1 => PlayerResult::Won,
            _ => PlayerResult::Lost,
        }
    }
}

/// When a game ended (`None` while it is played).
pub fn ended_at(g: &GameRecord) -> Option<Timestamp> {
    match g.status {
        Status::Lobby | Status::Active => None,
        Status::Over { at, .. } | Status::Aborted { at, .. } => Some(at),
    }
}

/// `user`'s rating change in a finished rated game.
pub fn rating_change_of(g: &GameRecord, user: UserId) -> Option<super::rating::RatingChange> {
    g.rating_of(g.seat_of(user)?)
}

/// One row of a leaderboard.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Standing {
    /// 1-based rank; players with equal ratings share it (1, 2, 2, 4).
    pub rank: usize,
    /// The player.
    pub user: UserId,
    /// Their display name.
    pub name: String,
    /// Current rating.
    pub rating: i32,
    /// Rated games played.
    pub rated_games: u32,
    /// Fewer than 30 rated games: the rating is still settling.
    pub provisional: bool,
    /// Games won in the variant (rated or not).
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
}

/// The leaderboard of `variant` among `users`: everyone with at least one rated game,
/// highest rating first. Equal ratings share a rank ("standard competition ranking":
/// 1, 2, 2, 4); within a tie, more rated games first, then by name and id so the order
/// is stable.
pub fn leaderboard(users: &[UserRecord], variant: VariantId) -> Vec<Standing> {
    let rows: Vec<Standing> = users
        .iter()
        .filter_map(|u| {
            let s = u.stats(variant)?;
            (s.rated_games > 0).then(|| Standing {
                rank: 0,
                user: u.id,
                name: u.name.clone(),
                rating: s.rating,
                rated_games: s.rated_games,
                provisional: provisional(s.rated_games),
                wins: s.wins,
                draws: s.draws,
                losses: s.losses,
            })
        })
        .collect();
    ranked(rows)
}

/// The leaderboard of the multi-player `variant` among `users`, as [`leaderboard`]
/// ranks it; "wins" are first places and "losses" last ones.
pub fn multi_leaderboard(
    users: &[UserRecord],
    variant: crate::engine::multi::MultiVariant,
) -> Vec<Standing> {
    let last = variant.seats().len().clamp(1, 4) - 1;
    let rows: Vec<Standing> = users
        .iter()
        .filter_map(|u| {
            let s = u.multi.iter().find(|s| s.variant == variant)?;
            (s.rated_games > 0).then(|| Standing {
                rank: 0,
                user: u.id,
                name: u.name.clone(),
                rating: s.rating,
                rated_games: s.rated_games,
                provisional: provisional(s.rated_games),
                wins: s.places[0],
                draws: s.games() - s.places[0] - s.places[last].min(s.games() - s.places[0]),
                losses: s.places[last],
            })
        })
        .collect();
    ranked(rows)
}

/// `rows` highest rating first (then more rated games, then by name), equal ratings
/// sharing a rank.
fn ranked(mut rows: Vec<Standing>) -> Vec<Standing> {
    rows.sort_by(|a, b| {
        b.rating
            .cmp(&a.rating)
            .then(b.rated_games.cmp(&a.rated_games))
            .then_with(|| a.name.cmp(&b.name))
            .then(a.user.cmp(&b.user))
    });
    let mut prev: Option<i32> = None;
    let mut rank = 0;
    for (i, r) in rows.iter_mut().enumerate() {
        if prev != Some(r.rating) {
            rank = i + 1;
            prev = Some(r.rating);
        }
        r.rank = rank;
    }
    rows
}

/// One point of a rating history: the rating after a rated game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RatingPoint {
    /// The game.
    pub game: GameId,
    /// When it ended.
    pub at: Timestamp,
    /// The rating after it.
    pub rating: i32,
}

/// A player's ratings in one variant over their rated games, oldest first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RatingHistory {
    /// The variant.
    pub variant: VariantId,
    /// The rating before the first game shown (1500 unless older games were left out).
    pub start: i32,
    /// After each rated game.
    pub points: Vec<RatingPoint>,
}

impl RatingHistory {
    /// The start and every point: what a chart draws.
    pub fn values(&self) -> Vec<i32> {
        std::iter::once(self.start)
            .chain(self.points.iter().map(|p| p.rating))
            .collect()
    }

    /// The highest rating in the history.
    pub fn best(&self) -> i32 {
        self.values().into_iter().max().unwrap_or(self.start)
    }
}

/// `user`'s rating history per rated variant from their games (any order; unrated,
/// active and aborted games are ignored), in [`VariantId::ALL`] order; variants without
/// a rated game are left out.
pub fn rating_history(games: &[GameRecord], user: UserId) -> Vec<RatingHistory> {
    let mut rated: Vec<(Timestamp, GameId, VariantId, i32, i32)> = games
        .iter()
        .filter_map(|g| {
            let change = rating_change_of(g, user)?;
            let at = match g.status {
                Status::Over { at, .. } => at,
                _ => return None,
            };
            let variant = g.variant.two()?.id();
            Some((at, g.id, variant, change.before, change.after))
        })
        .collect();
    rated.sort_by_key(|r| (r.0, r.1));
    VariantId::ALL
        .into_iter()
        .filter_map(|v| {
            let mine: Vec<_> = rated.iter().filter(|r| r.2 == v).collect();
            let first = mine.first()?;
            Some(RatingHistory {
                variant: v,
                start: first.3,
                points: mine
                    .iter()
                    .map(|r| RatingPoint {
                        game: r.1,
                        at: r.0,
                        rating: r.4,
                    })
                    .collect(),
            })
        })
        .collect()
}

/// Wins, draws and losses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Score {
    /// Won.
    pub wins: u32,
    /// Drawn.
    pub draws: u32,
    /// Lost.
    pub losses: u32,
}

impl Score {
    /// Games counted.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }
}

/// `me`'s score against `other` over the decided games among `games` in which they met
/// (each game once, whatever order or duplicates `games` has): at a table the better
/// place wins and the same place draws, as its rating counts it (RULES §14).
pub fn head_to_head(games: &[GameRecord], me: UserId, other: UserId) -> Score {
    let mut seen = std::collections::HashSet::new();
    let mut s = Score::default();
    if me == other {
        return s;
    }
    for g in games {
        let (Some(a), Some(b)) = (g.seat_of(me), g.seat_of(other)) else {
            continue;
        };
        let Some(outcome) = g.ending() else {
            continue;
        };
        if !seen.insert(g.id) {
            continue;
        }
        let place = |s| outcome.place(s).unwrap_or(u8::MAX);
        match place(a).cmp(&place(b)) {
            std::cmp::Ordering::Less => s.wins += 1,
            std::cmp::Ordering::Equal => s.draws += 1,
            std::cmp::Ordering::Greater => s.losses += 1,
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Color, Outcome, Seat, Variant};
    use crate::game::SeatRating;
    use crate::game::rating::RatingChange;
    use crate::game::{ChatId, Player, TimeControl, UserRecord};

    const A: UserId = UserId(1);
    const B: UserId = UserId(2);

    fn game(
        id: u64,
        w: UserId,
        b: UserId,
        status: Status,
        ratings: Option<[(i32, i32); 2]>,
    ) -> GameRecord {
        let v = Variant::new(VariantId::Classic);
        let start = v.start().to_text();
        GameRecord {
            status,
            rated: ratings.is_some(),
            ratings: ratings
                .map(|[(wb, wa), (bb, ba)]| {
                    vec![
                        SeatRating {
                            seat: Seat::White,
                            change: RatingChange {
                                before: wb,
                                after: wa,
                            },
                        },
                        SeatRating {
                            seat: Seat::Black,
                            change: RatingChange {
                                before: bb,
                                after: ba,
                            },
                        },
                    ]
                })
                .unwrap_or_default(),
            ..GameRecord::starting(
                GameId(id),
                v,
                vec![Player::Human(w), Player::Human(b)],
                start,
                TimeControl::Untimed,
                ChatId(-1),
                Timestamp(0),
            )
        }
    }

    fn over(winner: Option<Color>, at: u64) -> Status {
        Status::over(
            match winner {
                Some(c) => Outcome::win(c, Reason::Resignation),
                None => Outcome::draw(Reason::Agreement),
            },
            Timestamp(at),
        )
    }

    fn user(id: u64, name: &str, rating: i32, rated: u32) -> UserRecord {
        let mut u = UserRecord::new(UserId(id), name, Timestamp(0));
        let s = u.stats_mut(VariantId::Classic);
        s.rating = rating;
        s.rated_games = rated;
        s.wins = rated;
        u
    }

    #[test]
    fn ties_share_a_rank() {
        let users = vec![
            user(1, "Dan", 1500, 3),
            user(2, "Ann", 1550, 40),
            user(3, "Cid", 1500, 7),
            user(4, "Bea", 1500, 3),
            user(5, "Eve", 1490, 1),
            user(6, "Fay", 1600, 0), // no rated game: not listed
            UserRecord::new(UserId(7), "Gus", Timestamp(0)),
        ];
        let rows = leaderboard(&users, VariantId::Classic);
        let got: Vec<(usize, &str, bool)> = rows
            .iter()
            .map(|r| (r.rank, r.name.as_str(), r.provisional))
            .collect();
        assert_eq!(
            got,
            vec![
                (1, "Ann", false),
                (2, "Cid", true),
                (2, "Bea", true),
                (2, "Dan", true),
                (5, "Eve", true),
            ]
        );
        assert!(leaderboard(&users, VariantId::Diagonal).is_empty());
    }

    #[test]
    fn history_is_ordered_by_end_and_skips_unrated_and_unfinished() {
        let games = vec![
            game(
                3,
                B,
                A,
                over(Some(Color::Black), 30),
                Some([(1480, 1462), (1520, 1538)]),
            ),
            game(
                1,
                A,
                B,
                over(Some(Color::White), 10),
                Some([(1500, 1520), (1500, 1480)]),
            ),
            game(2, A, B, over(None, 20), None),
            game(4, A, B, Status::Active, None),
            game(
                5,
                A,
                B,
                Status::Aborted {
                    by: Some(A),
                    at: Timestamp(50),
                },
                None,
            ),
        ];
        let h = rating_history(&games, A);
        assert_eq!(h.len(), 1);
        assert_eq!(h[0].variant, VariantId::Classic);
        assert_eq!(h[0].values(), vec![1500, 1520, 1538]);
        assert_eq!(h[0].best(), 1538);
        let hb = rating_history(&games, B);
        assert_eq!(hb[0].values(), vec![1500, 1480, 1462]);
        assert_eq!(hb[0].best(), 1500);
        assert!(rating_history(&games, UserId(9)).is_empty());

        let s = head_to_head(&games, A, B);
        assert_eq!((s.wins, s.draws, s.losses), (2, 1, 0));
        let s = head_to_head(&games, B, A);
        assert_eq!((s.wins, s.draws, s.losses), (0, 1, 2));
        assert_eq!(head_to_head(&games, A, A).games(), 0);
        let twice: Vec<GameRecord> = games.iter().chain(games.iter()).cloned().collect();
        assert_eq!(head_to_head(&twice, A, B).games(), 3);

        assert_eq!(PlayerResult::of(&games[3], A), PlayerResult::Playing);
        assert_eq!(PlayerResult::of(&games[4], A), PlayerResult::Aborted);
        assert_eq!(PlayerResult::of(&games[0], B), PlayerResult::Lost);
        assert_eq!(ended_at(&games[4]), Some(Timestamp(50)));
        assert_eq!(ended_at(&games[3]), None);
    }
}
