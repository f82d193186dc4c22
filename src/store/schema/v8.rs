//! Schema version 8, frozen: a tournament's round held only two-player pairings (no
//! tables of three or four), and its settings a two-player variant (written, as now, by
//! its spec). This module reads v8 tournaments and upgrades them to version 9; games,
//! users, chats, challenges and analyses are unchanged.

use crate::game::ids::{ChatId, MessageId, Timestamp, TournamentId, UserId, Version};
use crate::game::tournament::{Entrant, Event, Format, Pairing, Round, Seed};
use crate::game::{
    TournamentPlayer, TournamentRecord, TournamentSettings, TournamentStatus, Venue,
};
use serde::{Deserialize, Serialize};

/// A v8 round: its pairings and its bye.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundV8 {
    /// The boards.
    pub pairings: Vec<Pairing>,
    /// The bye.
    pub bye: Option<Seed>,
}

/// A v8 event.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EventV8 {
    /// How it is paired.
    pub format: Format,
    /// The field.
    pub players: Vec<Entrant>,
    /// The rounds.
    pub rounds: Vec<RoundV8>,
}

/// A v8 tournament record (field order is the wire format); each field is today's
/// field of the same name.
#[allow(missing_docs)]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TournamentV8 {
    pub id: TournamentId,
    pub version: Version,
    pub chat: ChatId,
    pub host: UserId,
    pub message: Option<MessageId>,
    pub settings: TournamentSettings,
    pub status: TournamentStatus,
    pub people: Vec<TournamentPlayer>,
    pub event: EventV8,
    pub games: Vec<Vec<Option<crate::game::ids::GameId>>>,
    pub venue: Venue,
    pub round_started: Option<Timestamp>,
    pub ends_at: Option<Timestamp>,
    pub pairings_told: u32,
    pub results_told: u32,
    pub end_told: bool,
    pub created_at: Timestamp,
    pub updated_at: Timestamp,
}

impl From<TournamentV8> for TournamentRecord {
    fn from(t: TournamentV8) -> TournamentRecord {
        TournamentRecord {
            id: t.id,
            version: t.version,
            chat: t.chat,
            host: t.host,
            message: t.message,
            settings: t.settings,
            status: t.status,
            people: t.people,
            event: Event {
                format: t.event.format,
                players: t.event.players,
                rounds: t
                    .event
                    .rounds
                    .into_iter()
                    .map(|r| Round {
                        pairings: r.pairings,
                        bye: r.bye,
                        tables: Vec::new(),
                    })
                    .collect(),
            },
            games: t.games,
            venue: t.venue,
            round_started: t.round_started,
            ends_at: t.ends_at,
            pairings_told: t.pairings_told,
            results_told: t.results_told,
            end_told: t.end_told,
            created_at: t.created_at,
            updated_at: t.updated_at,
        }
    }
}
