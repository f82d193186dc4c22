//! Schema version 3, frozen: postcard records as in version 4, except that a game could
//! not be played in an inline message. This module reads v3 games and upgrades them
//! (every v3 game is played in a chat); users and challenges are unchanged, and chats
//! are v4's ([`super::v4::ChatV4`]).

use super::v7::{ClocksV7, GameV7, StatusV7};
use crate::engine::{Path, Variant};
use crate::game::codec;
use crate::game::{
    Board, ChatId, Deadline, DrawOffer, GameId, MessageId, Player, RatingChange, TakebackOffer,
    TimeControl, Timestamp, Version,
};
use serde::{Deserialize, Serialize};

/// A v3 game (field order is the wire format).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameV3 {
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
}

impl From<GameV3> for GameV7 {
    fn from(g: GameV3) -> GameV7 {
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
            inline: None,
            turn_notice_at: None,
            paused: None,
            turn_seen: None,
        }
    }
}

/// The v3 form of a current game (tests write genuine v3 databases with it).
pub fn game_v3(g: &GameV7) -> GameV3 {
    GameV3 {
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
    }
}

/// Encode a v3 value (`[3] ++ postcard`), for tests that write v3 databases.
pub fn encode<T: Serialize>(rec: &T) -> Result<Vec<u8>, String> {
    postcard::to_extend(rec, vec![3u8]).map_err(|e| e.to_string())
}
