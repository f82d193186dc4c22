//! Schema version 1, frozen: postcard records as in version 2, except that a chat kept
//! the list of its active games (rewritten by every game's start and end, which made
//! game ends slow in busy chats) and a game had no second board. This module reads v1
//! values and upgrades them; the active-game lists become the `chat_games` index, which
//! the migration rebuilds from the games themselves.

use super::v2::ChatSettingsV2;
use super::v7::{ClocksV7, GameV7, StatusV7};
use crate::engine::{Path, Variant};
use crate::game::Deadline;
use crate::game::codec;
use crate::game::{
    ChatId, ChatRecord, DrawOffer, GameId, MessageId, Player, RatingChange, TimeControl, Timestamp,
    UserId, Version,
};
use serde::{Deserialize, Serialize};

/// A v1 game (field order is the wire format).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameV1 {
    /// Id.
    pub id: GameId,
    /// Revision.
    pub version: Version,
    /// Variant.
    #[serde(with = "codec::variant")]
    pub variant: Variant,
    /// White, Black.
    pub players: [Player; 2],
    /// Start position text.
    pub start: String,
    /// Paths played.
    #[serde(with = "codec::paths")]
    pub moves: Vec<Path>,
    /// Current position text.
    pub position: String,
    /// Status.
    pub status: StatusV7,
    /// Time control.
    pub time_control: TimeControl,
    /// Clocks.
    pub clocks: ClocksV7,
    /// Draw offer.
    pub draw_offer: Option<DrawOffer>,
    /// Chat.
    pub chat: ChatId,
    /// Board message.
    pub message: Option<MessageId>,
    /// Created.
    pub created_at: Timestamp,
    /// Last write.
    pub updated_at: Timestamp,
    /// Rated.
    pub rated: bool,
    /// Rating changes.
    pub ratings: Option<[RatingChange; 2]>,
    /// Next timer event.
    pub deadline: Option<Deadline>,
}

/// A v1 chat (field order is the wire format).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChatV1 {
    /// Id.
    pub id: ChatId,
    /// Revision.
    pub version: Version,
    /// Settings.
    pub settings: ChatSettingsV2,
    /// Active games, oldest first (now the `chat_games` index).
    pub active: Vec<GameId>,
    /// Everyone who has played here.
    pub players: Vec<UserId>,
    /// First seen.
    pub created_at: Timestamp,
    /// Last write.
    pub updated_at: Timestamp,
}

impl From<GameV1> for GameV7 {
    fn from(g: GameV1) -> GameV7 {
        GameV7 {
            id: g.id,
            version: g.version,
            variant: g.variant,
            players: g.players,
            start: g.start,
            moves: g.moves,
            position: g.position,
            status: g.status,
            time_control: g.time_control,
            clocks: g.clocks,
            draw_offer: g.draw_offer,
            chat: g.chat,
            message: g.message,
            mirror: None,
            created_at: g.created_at,
            updated_at: g.updated_at,
            rated: g.rated,
            ratings: g.ratings,
            deadline: g.deadline,
            takeback: None,
            takebacks: 0,
            inline: None,
            turn_notice_at: None,
            paused: None,
            turn_seen: None,
        }
    }
}

impl From<ChatV1> for ChatRecord {
    fn from(c: ChatV1) -> ChatRecord {
        ChatRecord {
            id: c.id,
            version: c.version,
            settings: c.settings.into(),
            players: c.players,
            created_at: c.created_at,
            updated_at: c.updated_at,
            unreachable: None,
        }
    }
}

/// The v1 form of a current game (tests write genuine v1 databases with it).
pub fn game_v1(g: &GameV7) -> GameV1 {
    GameV1 {
        id: g.id,
        version: g.version,
        variant: g.variant.clone(),
        players: g.players,
        start: g.start.clone(),
        moves: g.moves.clone(),
        position: g.position.clone(),
        status: g.status,
        time_control: g.time_control,
        clocks: g.clocks,
        draw_offer: g.draw_offer,
        chat: g.chat,
        message: g.message,
        created_at: g.created_at,
        updated_at: g.updated_at,
        rated: g.rated,
        ratings: g.ratings,
        deadline: g.deadline,
    }
}

/// Encode a v1 value (`[1] ++ postcard`), for tests that write v1 databases.
pub fn encode<T: Serialize>(rec: &T) -> Result<Vec<u8>, String> {
    postcard::to_extend(rec, vec![1u8]).map_err(|e| e.to_string())
}
