//! Schema version 7, frozen: a game had two sides (White and Black, a bank and a miss
//! count each, a result rather than places), and games of three or four seats were a
//! record of their own, the table (its own trees `tables` and `chat_tables`, its game
//! kept as record text). This module reads v7 games and tables and upgrades both to the
//! one game record of version 8; users, chats and challenges are unchanged. Older
//! schemas' games are upgraded through [`GameV7`].

use crate::engine::multi::{MultiGame, MultiVariant};
use crate::engine::{AnyVariant, Color, Outcome, Path, Ply, Record, Seat};
use crate::game::codec;
use crate::game::{
    Board, ChatId, Clocks, Deadline, DrawOffer, GameId, GameRecord, InlineMessageId, MessageId,
    Millis, Player, RatingChange, SeatLeft, SeatRating, Status, TakebackOffer, TimeControl,
    Timestamp, Timing, UserId, Version,
};
use serde::{Deserialize, Serialize};

/// A v7 game's status (variant order is the wire format).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StatusV7 {
    /// Being played.
    Active,
    /// Decided.
    Over {
        /// Result and reason.
        #[serde(with = "codec::outcome")]
        outcome: Outcome,
        /// When.
        at: Timestamp,
    },
    /// Called off.
    Aborted {
        /// By whom.
        by: Option<UserId>,
        /// When.
        at: Timestamp,
    },
}

impl From<StatusV7> for Status {
    fn from(s: StatusV7) -> Status {
        match s {
            StatusV7::Active => Status::Active,
            StatusV7::Over { outcome, at } => Status::over(outcome, at),
            StatusV7::Aborted { by, at } => Status::Aborted { by, at },
        }
    }
}

/// A v7 game's clocks: a bank and a miss count for White and Black.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct ClocksV7 {
    /// Banks (White, Black).
    pub remaining: [Millis; 2],
    /// Turn start.
    pub turn_started: Timestamp,
    /// Misses in a row (White, Black).
    pub missed: [u8; 2],
    /// Warnings sent this turn (once a flag: 0 or 1).
    pub notices: u8,
}

impl From<ClocksV7> for Clocks {
    fn from(c: ClocksV7) -> Clocks {
        let [w, b] = c.remaining;
        let [mw, mb] = c.missed;
        Clocks {
            remaining: [w, b, Millis(0), Millis(0)],
            turn_started: c.turn_started,
            missed: [mw, mb, 0, 0],
            notices: c.notices,
        }
    }
}

impl ClocksV7 {
    /// Clocks for a two-sided game starting at `now` (as v7 made them).
    pub fn start(tc: &TimeControl, now: Timestamp) -> ClocksV7 {
        let c = Clocks::start(tc, now);
        ClocksV7 {
            remaining: [c.remaining[0], c.remaining[1]],
            turn_started: now,
            missed: [0, 0],
            notices: 0,
        }
    }
}

/// A v7 game (field order is the wire format).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameV7 {
    /// Id.
    pub id: GameId,
    /// Revision.
    pub version: Version,
    /// Variant.
    #[serde(with = "codec::variant")]
    pub variant: crate::engine::Variant,
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
    /// Rating changes (White, Black).
    pub ratings: Option<[RatingChange; 2]>,
    /// Next timer event.
    pub deadline: Option<Deadline>,
    /// Pending takeback request.
    #[serde(default)]
    pub takeback: Option<TakebackOffer>,
    /// Takebacks accepted.
    #[serde(default)]
    pub takebacks: u16,
    /// Inline message.
    #[serde(default)]
    pub inline: Option<InlineMessageId>,
    /// When the player to move hears of their turn.
    #[serde(default)]
    pub turn_notice_at: Option<Timestamp>,
    /// Paused since.
    #[serde(default)]
    pub paused: Option<Timestamp>,
    /// A turn already shown on boards posted anew.
    #[serde(default)]
    pub turn_seen: Option<u32>,
}

impl From<GameV7> for GameRecord {
    fn from(g: GameV7) -> GameRecord {
        let ratings = g
            .ratings
            .map(|[w, b]| {
                vec![
                    SeatRating {
                        seat: Seat::White,
                        change: w,
                    },
                    SeatRating {
                        seat: Seat::Black,
                        change: b,
                    },
                ]
            })
            .unwrap_or_default();
        GameRecord {
            id: g.id,
            version: g.version,
            variant: AnyVariant::Two(g.variant),
            players: g.players.to_vec(),
            host: None,
            start: g.start,
            moves: g.moves.into_iter().map(Ply::Move).collect(),
            leaves: Vec::new(),
            position: g.position,
            status: g.status.into(),
            time_control: g.time_control,
            clocks: g.clocks.into(),
            draw_offer: g.draw_offer,
            chat: g.chat,
            message: g.message,
            mirror: g.mirror,
            created_at: g.created_at,
            updated_at: g.updated_at,
            rated: g.rated,
            ratings,
            deadline: g.deadline,
            takeback: g.takeback,
            takebacks: g.takebacks,
            inline: g.inline,
            turn_notice_at: g.turn_notice_at,
            paused: g.paused,
            turn_seen: g.turn_seen,
        }
    }
}

/// The v7 form of a current two-sided game (tests write genuine older databases with it);
/// `None` for a game of three or four seats, which v7 kept as a table.
pub fn game_v7(g: &GameRecord) -> Option<GameV7> {
    let variant = g.variant.two()?.clone();
    let status = match g.status {
        Status::Active | Status::Lobby => StatusV7::Active,
        Status::Over { outcome, at } => StatusV7::Over {
            outcome: outcome.two()?,
            at,
        },
        Status::Aborted { by, at } => StatusV7::Aborted { by, at },
    };
    let rating = |c: Color| g.rating_of(c);
    let ratings = match (rating(Color::White), rating(Color::Black)) {
        (Some(w), Some(b)) => Some([w, b]),
        _ => None,
    };
    Some(GameV7 {
        id: g.id,
        version: g.version,
        variant,
        players: [g.player(Color::White), g.player(Color::Black)],
        start: g.start.clone(),
        moves: g.moves.iter().filter_map(|p| p.path().cloned()).collect(),
        position: g.position.clone(),
        status,
        time_control: g.time_control,
        clocks: ClocksV7 {
            remaining: [g.clocks.remaining[0], g.clocks.remaining[1]],
            turn_started: g.clocks.turn_started,
            missed: [g.clocks.missed[0], g.clocks.missed[1]],
            notices: g.clocks.notices,
        },
        draw_offer: g.draw_offer,
        chat: g.chat,
        message: g.message,
        mirror: g.mirror,
        created_at: g.created_at,
        updated_at: g.updated_at,
        rated: g.rated,
        ratings,
        deadline: g.deadline,
        takeback: g.takeback,
        takebacks: g.takebacks,
        inline: g.inline.clone(),
        turn_notice_at: g.turn_notice_at,
        paused: g.paused,
        turn_seen: g.turn_seen,
    })
}

/// A v7 table's status.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TableStatusV7 {
    /// Seats being taken.
    Lobby,
    /// In play.
    Playing,
    /// Ended.
    Over,
    /// The lobby lapsed.
    Lapsed,
}

/// A v7 table of three or four seats (field order is the wire format).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableV7 {
    /// Id (from the games' sequence).
    pub id: GameId,
    /// Revision.
    pub version: Version,
    /// Variant.
    pub variant: MultiVariant,
    /// Who opened it.
    pub host: UserId,
    /// One player per seat of the variant, in turn order.
    pub seats: Vec<Player>,
    /// Status.
    pub status: TableStatusV7,
    /// The game's record text (empty in the lobby).
    pub record: String,
    /// The chat.
    pub chat: ChatId,
    /// The lobby's message, then the board's.
    pub message: Option<MessageId>,
    /// Seconds a move.
    pub per_move: Option<u32>,
    /// Misses in a row per seat (by seat index).
    pub missed: [u8; 4],
    /// When the turn began.
    pub turn_started: Timestamp,
    /// Created.
    pub created_at: Timestamp,
    /// Last write.
    pub updated_at: Timestamp,
    /// Rating changes at the end.
    pub ratings: Vec<(UserId, RatingChange)>,
    /// Next timer event.
    pub deadline: Option<Deadline>,
}

impl TableV7 {
    /// The table as a game of version 8: its record replayed into plies, leaves and the
    /// position, its per-move limit a time control (whole days are days a move), its
    /// status and deadline as a game's.
    pub fn upgrade(self, timing: &Timing) -> Result<GameRecord, String> {
        let v = AnyVariant::Multi(self.variant);
        let game = if self.record.trim().is_empty() {
            MultiGame::new(self.variant)
        } else {
            let rec = Record::parse(&self.record).map_err(|e| e.to_string())?;
            MultiGame::from_record(&rec, Some(self.variant), None).map_err(|e| e.to_string())?
        };
        let any = crate::engine::AnyGame::Multi(game.clone());
        let time_control = match self.per_move {
            None => TimeControl::Untimed,
            Some(s) if s >= 86_400 && s % 86_400 == 0 => TimeControl::Days {
                days: (s / 86_400).min(u32::from(u8::MAX)) as u8,
            },
            Some(s) => TimeControl::PerMove {
                limit: Millis::secs(u64::from(s)),
            },
        };
        let status = match self.status {
            TableStatusV7::Lobby => Status::Lobby,
            TableStatusV7::Playing => Status::Active,
            TableStatusV7::Over => match any.outcome() {
                Some(o) => Status::over(o, self.updated_at),
                None => Status::Aborted {
                    by: None,
                    at: self.updated_at,
                },
            },
            TableStatusV7::Lapsed => Status::Aborted {
                by: None,
                at: self.updated_at,
            },
        };
        let seats = v.seats();
        let mut missed = [0u8; 4];
        for (no, s) in seats.iter().enumerate() {
            missed[no] = self.missed[s.index()];
        }
        let people: Vec<UserId> = self.seats.iter().filter_map(|p| p.user()).collect();
        let ratings = self
            .ratings
            .iter()
            .filter_map(|(u, change)| {
                let no = self.seats.iter().position(|p| *p == Player::Human(*u))?;
                Some(SeatRating {
                    seat: seats[no],
                    change: *change,
                })
            })
            .collect();
        let mut g = GameRecord {
            host: Some(self.host),
            moves: any.plies_played(),
            leaves: game
                .leaves()
                .iter()
                .map(|(ply, seat, how)| SeatLeft {
                    ply: *ply as u32,
                    seat: *seat,
                    how: *how,
                })
                .collect(),
            position: any.position_text(),
            status,
            clocks: Clocks {
                remaining: [Millis(0); 4],
                turn_started: self.turn_started,
                missed,
                notices: 0,
            },
            message: self.message,
            updated_at: self.updated_at,
            rated: self.variant == MultiVariant::Halma4 && people.len() >= 2,
            ratings,
            ..GameRecord::starting(
                self.id,
                v.clone(),
                self.seats.clone(),
                game.start().to_text(),
                time_control,
                self.chat,
                self.created_at,
            )
        };
        g.version = self.version;
        g.deadline = g.compute_deadline(timing);
        Ok(g)
    }
}

/// Encode a v7 value (`[7] ++ postcard`), for tests that write v7 databases.
pub fn encode<T: Serialize>(rec: &T) -> Result<Vec<u8>, String> {
    postcard::to_extend(rec, vec![7]).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_notices_count_keeps_the_flags_wire_format() {
        // A clock stored when the count was a flag reads as a count of 0 or 1.
        #[derive(Serialize)]
        struct Old {
            remaining: [Millis; 2],
            turn_started: Timestamp,
            missed: [u8; 2],
            notice_sent: bool,
        }
        for flag in [false, true] {
            let old = Old {
                remaining: [Millis(5), Millis(6)],
                turn_started: Timestamp(7),
                missed: [1, 0],
                notice_sent: flag,
            };
            let bytes = postcard::to_allocvec(&old).expect("encodes");
            let now: ClocksV7 = postcard::from_bytes(&bytes).expect("decodes");
            assert_eq!(now.notices, u8::from(flag));
            assert_eq!(now.missed, [1, 0]);
            let clocks = Clocks::from(now);
            assert_eq!(clocks.remaining[..2], [Millis(5), Millis(6)]);
        }
    }
}
