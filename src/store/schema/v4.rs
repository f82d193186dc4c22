//! Schema version 4, frozen: postcard records as in version 5 (see [`super::v5`]), except that a game had no
//! pending turn notice and a chat's settings no delays for turn notifications. This
//! module reads v4 (and v3) chats and v4 games and upgrades them: no notice pending, the
//! default delays (at once in slow games, never on a clock). Users and challenges are
//! unchanged.

use super::v7::{ClocksV7, GameV7, StatusV7};
use crate::engine::{Path, Variant};
use crate::game::codec;
use crate::game::{
    Board, ChatId, ChatRecord, ChatSettings, Deadline, DrawOffer, GameId, InlineMessageId,
    Language, MessageId, Orientation, Player, RatingChange, TakebackOffer, TimeControl, Timestamp,
    UserId, Version,
};
use serde::{Deserialize, Serialize};

/// A v4 game (field order is the wire format).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameV4 {
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
}

impl From<GameV4> for GameV7 {
    fn from(g: GameV4) -> GameV7 {
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
            turn_notice_at: None,
            paused: None,
            turn_seen: None,
        }
    }
}

/// The v4 form of a current game (tests write genuine v4 databases with it).
pub fn game_v4(g: &GameV7) -> GameV4 {
    GameV4 {
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
    }
}

/// v4 (and v3) chat settings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChatSettingsV4 {
    /// Language.
    pub language: Option<Language>,
    /// Default variant.
    #[serde(with = "codec::variant")]
    pub variant: Variant,
    /// Default time control.
    pub time_control: TimeControl,
    /// Orientation.
    pub orientation: Orientation,
    /// Takebacks allowed.
    pub takebacks: bool,
    /// Turn notifications on.
    pub notify_turns: bool,
}

/// A v4 (and v3) chat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChatV4 {
    /// Id.
    pub id: ChatId,
    /// Revision.
    pub version: Version,
    /// Settings.
    pub settings: ChatSettingsV4,
    /// Players.
    pub players: Vec<UserId>,
    /// Created.
    pub created_at: Timestamp,
    /// Last write.
    pub updated_at: Timestamp,
}

impl From<ChatV4> for ChatRecord {
    fn from(c: ChatV4) -> ChatRecord {
        let s = c.settings;
        ChatRecord {
            id: c.id,
            version: c.version,
            settings: ChatSettings {
                language: s.language,
                variant: s.variant,
                time_control: s.time_control,
                orientation: s.orientation,
                takebacks: s.takebacks,
                notify_turns: s.notify_turns,
                turn_notices: Default::default(),
            },
            players: c.players,
            created_at: c.created_at,
            updated_at: c.updated_at,
            unreachable: None,
        }
    }
}

/// The v4 form of a current chat.
pub fn chat_v4(c: &ChatRecord) -> ChatV4 {
    let s = &c.settings;
    ChatV4 {
        id: c.id,
        version: c.version,
        settings: ChatSettingsV4 {
            language: s.language,
            variant: s.variant.clone(),
            time_control: s.time_control,
            orientation: s.orientation,
            takebacks: s.takebacks,
            notify_turns: s.notify_turns,
        },
        players: c.players.clone(),
        created_at: c.created_at,
        updated_at: c.updated_at,
    }
}

/// Encode a v4 value (`[4] ++ postcard`), for tests that write v4 databases.
pub fn encode<T: Serialize>(rec: &T) -> Result<Vec<u8>, String> {
    postcard::to_extend(rec, vec![4u8]).map_err(|e| e.to_string())
}
