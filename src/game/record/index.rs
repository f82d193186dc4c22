//! The index entries derived from records.

use super::deadlines::DeadlineEntry;
use crate::game::ids::{ChatId, GameId, UserId};

/// A derived index entry; stores keep these in step with the records in the same write.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum IndexEntry {
    /// The deadline index (next deadline first).
    Deadline(DeadlineEntry),
    /// A user's games (newest last by id).
    UserGame(UserId, GameId),
    /// Lower-cased username to user.
    Username(String, UserId),
    /// A chat's open games, lobbies included (oldest first by id); kept per game so a
    /// game's end touches one small key, not a list shared by every game of the chat.
    ChatGame(ChatId, GameId),
}
