//! The tournament record: a group's event, from its draft (entries open) through its
//! rounds to its end, with the games it started and what the group has been told.
//!
//! The pairing and scoring live in [`crate::game::tournament::Event`], kept here whole;
//! this record adds the people behind its seeds, the games behind its pairings, the
//! settings the games are started with, and the announcements already made, so that
//! whatever stops the bot, the next step is taken exactly once (each is a
//! compare-and-swap on the record's version) and nothing is announced twice.

use crate::engine::AnyVariant;
use crate::game::codec;
use crate::game::ids::{
    ChatId, GameId, MessageId, Millis, Timestamp, TournamentId, UserId, Version,
};
use crate::game::time::TimeControl;
use crate::game::tournament::{Event, Format, Seed};
use serde::{Deserialize, Serialize};

/// Where a tournament stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TournamentStatus {
    /// Entries are open; an admin starts it (or it starts at its time).
    Draft,
    /// Rounds are being played.
    Running,
    /// An admin paused it: no new round or wave is paired until it resumes.
    Paused,
    /// Every round was played (or the arena's time ran out and its games ended).
    Finished {
        /// When.
        at: Timestamp,
    },
    /// Called off by an admin.
    Cancelled {
        /// When.
        at: Timestamp,
    },
}

impl TournamentStatus {
    /// Whether it is still open or running (a group has at most one such).
    pub fn is_open(self) -> bool {
        matches!(
            self,
            TournamentStatus::Draft | TournamentStatus::Running | TournamentStatus::Paused
        )
    }
}

/// Where a tournament's games are played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Venue {
    /// Boards in the group (a round that fits the group's pace).
    Group,
    /// Boards in each player's private chat with the bot (and on the board page).
    Private,
}

/// How a tournament's games are set up.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TournamentSettings {
    /// The pairing format.
    pub format: Format,
    /// The variant of its games: two sides, or (an arena only) a table of three or four
    /// seats.
    #[serde(with = "codec::any_variant")]
    pub variant: AnyVariant,
    /// Their time control.
    pub time_control: TimeControl,
    /// Whether the games are rated.
    pub rated: bool,
    /// When it starts by itself, if set.
    pub starts_at: Option<Timestamp>,
    /// How long a player has for their first move of a round before losing by forfeit.
    pub first_move: Millis,
}

/// One entrant behind a seed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TournamentPlayer {
    /// The Telegram user.
    pub user: UserId,
    /// Their username (without `@`), for mentions that stay links.
    pub username: Option<String>,
}

/// A group's tournament.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TournamentRecord {
    /// Its id.
    pub id: TournamentId,
    /// Revision for compare-and-swap.
    pub version: Version,
    /// The group it belongs to.
    pub chat: ChatId,
    /// Who opened it.
    pub host: UserId,
    /// Its entry message (with Join and Leave), edited as people enter.
    pub message: Option<MessageId>,
    /// How its games are set up.
    pub settings: TournamentSettings,
    /// Where it stands.
    pub status: TournamentStatus,
    /// The people behind the event's seeds, in seed order.
    pub people: Vec<TournamentPlayer>,
    /// The pairings and results.
    pub event: Event,
    /// The game behind each pairing, round by round, board by board (`None`: decided
    /// without a game, a forfeit).
    pub games: Vec<Vec<Option<GameId>>>,
    /// Where the current round's games are played.
    pub venue: Venue,
    /// When the current round (an arena: the event) began.
    pub round_started: Option<Timestamp>,
    /// An arena's end: no game is paired after it.
    pub ends_at: Option<Timestamp>,
    /// Rounds whose pairings the group has been shown.
    pub pairings_told: u32,
    /// Rounds whose results and standings the group has been shown (an arena: waves).
    pub results_told: u32,
    /// Whether the end (the winner) has been announced.
    pub end_told: bool,
    /// When it was opened.
    pub created_at: Timestamp,
    /// Last write.
    pub updated_at: Timestamp,
}

impl TournamentRecord {
    /// The seed of `user`, if they entered.
    pub fn seed_of(&self, user: UserId) -> Option<Seed> {
        self.people
            .iter()
            .position(|p| p.user == user)
            .map(|i| Seed(i as u32))
    }

    /// The user behind `seed`.
    pub fn user_of(&self, seed: Seed) -> Option<UserId> {
        self.people.get(seed.index()).map(|p| p.user)
    }

    /// The game of `seed` in round `round` (0-based), if one was started.
    pub fn game_of(&self, round: usize, seed: Seed) -> Option<GameId> {
        let board = self.event.rounds.get(round)?.board_of(seed)?;
        self.games.get(round)?.get(board).copied().flatten()
    }

    /// Every game it started, with its round and board.
    pub fn all_games(&self) -> impl Iterator<Item = (usize, usize, GameId)> + '_ {
        self.games.iter().enumerate().flat_map(|(r, boards)| {
            boards
                .iter()
                .enumerate()
                .filter_map(move |(b, g)| g.map(|g| (r, b, g)))
        })
    }

    /// How many sit at each of its boards: 2, or a table's 3 or 4.
    pub fn seats(&self) -> usize {
        self.settings.variant.seat_count()
    }

    /// Whether `user` is an entrant still in the event (not withdrawn).
    pub fn is_playing(&self, user: UserId) -> bool {
        self.seed_of(user)
            .is_some_and(|s| self.event.players[s.index()].withdrew.is_none())
    }
}
