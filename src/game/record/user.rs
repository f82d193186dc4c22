//! The user record and a player's statistics and rating in each variant.

use super::chat::Language;
use super::index::IndexEntry;
use crate::engine::VariantId;
use crate::engine::multi::MultiVariant;
use crate::game::codec;
use crate::game::ids::{Timestamp, UserId, Version};
use crate::game::rating::{RatingChange, START_RATING};
use serde::{Deserialize, Serialize};

/// A player's record in one variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct VariantStats {
    /// The variant.
    #[serde(with = "codec::variant_id")]
    pub variant: VariantId,
    /// Games won (against people and the program).
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
    /// Elo rating (rated variants, games between people).
    pub rating: i32,
    /// Rated games played (K = 40 for the first 30).
    pub rated_games: u32,
    /// Highest rating reached.
    pub best_rating: i32,
    /// The last rated game's change.
    pub last_change: i32,
    /// Current streak: +n wins or -n losses in a row; 0 after a draw.
    pub streak: i32,
}

impl VariantStats {
    /// Nothing played yet.
    pub fn new(variant: VariantId) -> VariantStats {
        VariantStats {
            variant,
            wins: 0,
            draws: 0,
            losses: 0,
            rating: START_RATING,
            rated_games: 0,
            best_rating: START_RATING,
            last_change: 0,
            streak: 0,
        }
    }

    /// Count one finished game scored `score` (1, ½, 0).
    pub fn count(&mut self, score: f64) {
        if score > 0.75 {
            self.wins += 1;
            self.streak = self.streak.max(0) + 1;
        } else if score < 0.25 {
            self.losses += 1;
            self.streak = self.streak.min(0) - 1;
        } else {
            self.draws += 1;
            self.streak = 0;
        }
    }

    /// Apply a rated game's rating change.
    pub fn rate(&mut self, change: RatingChange) {
        self.rating = change.after;
        self.rated_games += 1;
        self.best_rating = self.best_rating.max(change.after);
        self.last_change = change.delta();
    }

    /// Games played.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }
}

/// A player's record in one game of three or four seats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MultiStats {
    /// The variant.
    pub variant: MultiVariant,
    /// Games finished, by place taken (first to fourth).
    pub places: [u32; 4],
    /// Elo rating (games between people, RULES §14 "Ratings").
    pub rating: i32,
    /// Rated games played.
    pub rated_games: u32,
    /// Highest rating reached.
    pub best_rating: i32,
    /// The last rated game's change.
    pub last_change: i32,
}

impl MultiStats {
    /// Nothing played yet.
    pub fn new(variant: MultiVariant) -> MultiStats {
        MultiStats {
            variant,
            places: [0; 4],
            rating: START_RATING,
            rated_games: 0,
            best_rating: START_RATING,
            last_change: 0,
        }
    }

    /// Games finished.
    pub fn games(&self) -> u32 {
        self.places.iter().sum()
    }

    /// Count a finished game in `place` (1-based).
    pub fn count(&mut self, place: u8) {
        let i = usize::from(place.clamp(1, 4)) - 1;
        self.places[i] += 1;
    }

    /// Apply a rated game's rating change.
    pub fn rate(&mut self, change: RatingChange) {
        self.rating = change.after;
        self.rated_games += 1;
        self.best_rating = self.best_rating.max(change.after);
        self.last_change = change.delta();
    }
}

/// A Telegram user as the bot knows them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UserRecord {
    /// Their id.
    pub id: UserId,
    /// Revision for compare-and-swap.
    pub version: Version,
    /// Display name (first + last).
    pub name: String,
    /// `@username` without the `@`, as last seen (challenges by mention match it).
    pub username: Option<String>,
    /// Chosen with `/lang`; `None` follows Telegram's `language_code`.
    pub language: Option<Language>,
    /// Per-variant statistics.
    pub stats: Vec<VariantStats>,
    /// Per-variant statistics of games of three or four seats (absent in exports written
    /// before there were such games; postcard's layout is positional, so this changes
    /// nothing there).
    #[serde(default)]
    pub multi: Vec<MultiStats>,
    /// First seen.
    pub created_at: Timestamp,
    /// Last write.
    pub updated_at: Timestamp,
}

impl UserRecord {
    /// A user not yet stored (version 0).
    pub fn new(id: UserId, name: &str, now: Timestamp) -> UserRecord {
        UserRecord {
            id,
            version: Version(0),
            name: name.to_string(),
            username: None,
            language: None,
            stats: Vec::new(),
            multi: Vec::new(),
            created_at: now,
            updated_at: now,
        }
    }

    /// Statistics in `v`, if any game was played.
    pub fn stats(&self, v: VariantId) -> Option<&VariantStats> {
        self.stats.iter().find(|s| s.variant == v)
    }

    /// Statistics in `v`, created empty if needed.
    pub fn stats_mut(&mut self, v: VariantId) -> &mut VariantStats {
        let i = match self.stats.iter().position(|s| s.variant == v) {
            Some(i) => i,
            None => {
                self.stats.push(VariantStats::new(v));
                self.stats.len() - 1
            }
        };
        &mut self.stats[i]
    }

    /// Statistics in the multi-player `v`, created empty if needed.
    pub fn multi_mut(&mut self, v: MultiVariant) -> &mut MultiStats {
        let i = match self.multi.iter().position(|s| s.variant == v) {
            Some(i) => i,
            None => {
                self.multi.push(MultiStats::new(v));
                self.multi.len() - 1
            }
        };
        &mut self.multi[i]
    }

    /// The index entries this record implies (lower-cased username).
    pub fn index_entries(&self) -> Vec<IndexEntry> {
        self.username
            .iter()
            .filter(|u| !u.is_empty())
            .map(|u| IndexEntry::Username(u.to_lowercase(), self.id))
            .collect()
    }
}
