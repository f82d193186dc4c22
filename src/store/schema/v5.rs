//! Schema version 5, frozen: postcard records as in version 6, except that a game could
//! not be paused (nor remember a turn already shown on boards posted anew) and a chat
//! could not be marked unreachable. This module reads v5 games and chats and upgrades
//! them: not paused, reachable. Users and challenges are unchanged.

use super::v7::{ClocksV7, GameV7, StatusV7};
use crate::engine::{Path, Variant};
use crate::game::codec;
use crate::game::{
    Board, ChatId, ChatRecord, ChatSettings, Deadline, DrawOffer, GameId, InlineMessageId,
    MessageId, Player, RatingChange, TakebackOffer, TimeControl, Timestamp, UserId, Version,
};
use serde::{Deserialize, Serialize};

/// A v5 game (field order is the wire format).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameV5 {
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
    /// Second board.
    pub mirror: Option<Board>,
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
    /// Pending takeback request.
    pub takeback: Option<TakebackOffer>,
    /// Takebacks accepted.
    pub takebacks: u16,
    /// Inline message.
    pub inline: Option<InlineMessageId>,
    /// When the player to move hears of their turn.
    pub turn_notice_at: Option<Timestamp>,
}

impl From<GameV5> for GameV7 {
    fn from(g: GameV5) -> GameV7 {
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
            mirror: g.mirror,
            created_at: g.created_at,
            updated_at: g.updated_at,
            rated: g.rated,
            ratings: g.ratings,
            deadline: g.deadline,
            takeback: g.takeback,
            takebacks: g.takebacks,
            inline: g.inline,
            turn_notice_at: g.turn_notice_at,
            paused: None,
            turn_seen: None,
        }
    }
}

/// The v5 form of a current game (tests write genuine v5 databases with it).
pub fn game_v5(g: &GameV7) -> GameV5 {
    GameV5 {
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
        mirror: g.mirror,
        created_at: g.created_at,
        updated_at: g.updated_at,
        rated: g.rated,
        ratings: g.ratings,
        deadline: g.deadline,
        takeback: g.takeback,
        takebacks: g.takebacks,
        inline: g.inline.clone(),
        turn_notice_at: g.turn_notice_at,
    }
}

/// A v5 chat (its settings are the current ones).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChatV5 {
    /// Id.
    pub id: ChatId,
    /// Revision.
    pub version: Version,
    /// Settings.
    pub settings: ChatSettings,
    /// Players.
    pub players: Vec<UserId>,
    /// Created.
    pub created_at: Timestamp,
    /// Last write.
    pub updated_at: Timestamp,
}

impl From<ChatV5> for ChatRecord {
    fn from(c: ChatV5) -> ChatRecord {
        ChatRecord {
            id: c.id,
            version: c.version,
            settings: c.settings,
            players: c.players,
            created_at: c.created_at,
            updated_at: c.updated_at,
            unreachable: None,
        }
    }
}

/// The v5 form of a current chat.
pub fn chat_v5(c: &ChatRecord) -> ChatV5 {
    ChatV5 {
        id: c.id,
        version: c.version,
        settings: c.settings.clone(),
        players: c.players.clone(),
        created_at: c.created_at,
        updated_at: c.updated_at,
    }
}

/// Encode a v5 value (`[5] ++ postcard`), for tests that write v5 databases.
pub fn encode<T: Serialize>(rec: &T) -> Result<Vec<u8>, String> {
    postcard::to_extend(rec, vec![5]).map_err(|e| e.to_string())
}
