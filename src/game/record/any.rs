//! Any record, for generic writes, export and import: its kind, its name and what it
//! implies.

use super::challenge::ChallengeRecord;
use super::chat::ChatRecord;
use super::game::GameRecord;
use super::index::IndexEntry;
use super::tournament::TournamentRecord;
use super::user::UserRecord;
use crate::game::ids::{ChallengeId, ChatId, GameId, TournamentId, UserId, Version};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Any record, for generic writes, export and import.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[allow(
    clippy::large_enum_variant,
    reason = "a record lives here only on its way to or from the store, one at a time; most writes are games, so boxing them would add an allocation to nearly every write"
)]
pub enum AnyRecord {
    /// A game of two, three or four seats.
    Game(GameRecord),
    /// A user.
    User(UserRecord),
    /// A chat.
    Chat(ChatRecord),
    /// A challenge.
    Challenge(ChallengeRecord),
    /// A group's tournament.
    Tournament(TournamentRecord),
}

/// The kinds of record, one store tree each.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RecordKind {
    /// Games.
    Game,
    /// Users.
    User,
    /// Chats.
    Chat,
    /// Challenges.
    Challenge,
    /// Tournaments.
    Tournament,
}

impl RecordKind {
    /// All kinds, in export order.
    pub const ALL: [RecordKind; 5] = [
        RecordKind::Chat,
        RecordKind::User,
        RecordKind::Game,
        RecordKind::Challenge,
        RecordKind::Tournament,
    ];
}

/// Names one record, for conflicts and corruption reports.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum RecordRef {
    /// A game.
    Game(GameId),
    /// A user.
    User(UserId),
    /// A chat.
    Chat(ChatId),
    /// A challenge.
    Challenge(ChallengeId),
    /// A tournament.
    Tournament(TournamentId),
    /// Anything else: store tree and key (hex).
    Other {
        /// Tree name.
        tree: String,
        /// Key bytes in hex.
        key: String,
    },
}

impl fmt::Display for RecordRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordRef::Game(id) => write!(f, "game {id}"),
            RecordRef::User(id) => write!(f, "user {id}"),
            RecordRef::Chat(id) => write!(f, "chat {id}"),
            RecordRef::Challenge(id) => write!(f, "challenge {id}"),
            RecordRef::Tournament(id) => write!(f, "tournament {id}"),
            RecordRef::Other { tree, key } => write!(f, "{tree} entry {key}"),
        }
    }
}

impl AnyRecord {
    /// The kind.
    pub fn kind(&self) -> RecordKind {
        match self {
            AnyRecord::Game(_) => RecordKind::Game,
            AnyRecord::User(_) => RecordKind::User,
            AnyRecord::Chat(_) => RecordKind::Chat,
            AnyRecord::Challenge(_) => RecordKind::Challenge,
            AnyRecord::Tournament(_) => RecordKind::Tournament,
        }
    }

    /// Which record this is.
    pub fn reference(&self) -> RecordRef {
        match self {
            AnyRecord::Game(r) => RecordRef::Game(r.id),
            AnyRecord::User(r) => RecordRef::User(r.id),
            AnyRecord::Chat(r) => RecordRef::Chat(r.id),
            AnyRecord::Challenge(r) => RecordRef::Challenge(r.id),
            AnyRecord::Tournament(r) => RecordRef::Tournament(r.id),
        }
    }

    /// Its revision.
    pub fn version(&self) -> Version {
        match self {
            AnyRecord::Game(r) => r.version,
            AnyRecord::User(r) => r.version,
            AnyRecord::Chat(r) => r.version,
            AnyRecord::Challenge(r) => r.version,
            AnyRecord::Tournament(r) => r.version,
        }
    }

    /// The index entries it implies.
    pub fn index_entries(&self) -> Vec<IndexEntry> {
        match self {
            AnyRecord::Game(r) => r.index_entries(),
            AnyRecord::User(r) => r.index_entries(),
            AnyRecord::Chat(_) => Vec::new(),
            AnyRecord::Challenge(r) => r.index_entries(),
            AnyRecord::Tournament(_) => Vec::new(),
        }
    }
}
