//! Schema version 2, frozen: postcard records as in version 3, except that a game had
//! no takeback request or count and a chat's settings no takeback or notification switch.
//! This module reads v2 values and upgrades them (no takebacks yet, takebacks allowed,
//! notifications off).

use super::v7::{ClocksV7, GameV7, StatusV7};
use crate::engine::{Path, Variant};
use crate::game::codec;
use crate::game::{
    Board, ChatId, ChatRecord, ChatSettings, Deadline, DrawOffer, GameId, Language, MessageId,
    Orientation, Player, RatingChange, TimeControl, Timestamp, UserId, Version,
};
use serde::{Deserialize, Serialize};

/// A v2 game (field order is the wire format).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameV2 {
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
}

/// v2 chat settings (field order is the wire format; schema 1 used them too).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChatSettingsV2 {
    /// Language.
    pub language: Option<Language>,
    /// Default variant.
    #[serde(with = "codec::variant")]
    pub variant: Variant,
    /// Default time control.
    pub time_control: TimeControl,
    /// Board orientation.
    pub orientation: Orientation,
}

/// A v2 chat (field order is the wire format).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChatV2 {
    /// Id.
    pub id: ChatId,
    /// Revision.
    pub version: Version,
    /// Settings.
    pub settings: ChatSettingsV2,
    /// Everyone who has played here.
    pub players: Vec<UserId>,
    /// First seen.
    pub created_at: Timestamp,
    /// Last write.
    pub updated_at: Timestamp,
}

impl From<GameV2> for GameV7 {
    fn from(g: GameV2) -> GameV7 {
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
            takeback: None,
            takebacks: 0,
            inline: None,
            turn_notice_at: None,
            paused: None,
            turn_seen: None,
        }
    }
}

impl From<ChatSettingsV2> for ChatSettings {
    fn from(s: ChatSettingsV2) -> ChatSettings {
        ChatSettings {
            language: s.language,
            variant: s.variant,
            time_control: s.time_control,
            orientation: s.orientation,
            takebacks: true,
            notify_turns: false,
            turn_notices: Default::default(),
        }
    }
}

impl From<ChatV2> for ChatRecord {
    fn from(c: ChatV2) -> ChatRecord {
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

/// The v2 form of a current game (tests write genuine v2 databases with it).
pub fn game_v2(g: &GameV7) -> GameV2 {
    GameV2 {
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
    }
}

/// The v2 form of current chat settings.
pub fn settings_v2(s: &ChatSettings) -> ChatSettingsV2 {
    ChatSettingsV2 {
        language: s.language,
        variant: s.variant.clone(),
        time_control: s.time_control,
        orientation: s.orientation,
    }
}

/// The v2 form of a current chat.
pub fn chat_v2(c: &ChatRecord) -> ChatV2 {
    ChatV2 {
        id: c.id,
        version: c.version,
        settings: settings_v2(&c.settings),
        players: c.players.clone(),
        created_at: c.created_at,
        updated_at: c.updated_at,
    }
}

/// Encode a v2 value (`[2] ++ postcard`), for tests that write v2 databases.
pub fn encode<T: Serialize>(rec: &T) -> Result<Vec<u8>, String> {
    postcard::to_extend(rec, vec![2u8]).map_err(|e| e.to_string())
}
