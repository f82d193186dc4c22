//! A table: a game of three or four seats (RULES.md §14), from its lobby to its end.
//!
//! The game itself is kept as its record text (RULES §14 "Records": the turns, who left
//! and when, and a start position other than the variant's), which the engine replays;
//! a four-player game is a few hundred turns, read a few times a minute, so the text
//! costs nothing that matters and the record is the one format every view and export
//! already reads.

use super::deadlines::{Deadline, DeadlineEntry, DeadlineTarget};
use super::game::Player;
use super::index::IndexEntry;
use crate::engine::Record;
use crate::engine::multi::{MultiGame, MultiRecordError, MultiVariant, Seat};
use crate::game::ids::{ChatId, MessageId, TableId, Timestamp, UserId, Version};
use crate::game::rating::RatingChange;
use serde::{Deserialize, Serialize};

/// Where a table stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TableStatus {
    /// Seats are being taken.
    Lobby,
    /// The game is on.
    Playing,
    /// The game has ended (the record holds the places and why).
    Over,
    /// The lobby lapsed before its host started it.
    Lapsed,
}

/// A table in a chat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableRecord {
    /// Id.
    pub id: TableId,
    /// Revision for compare-and-swap.
    pub version: Version,
    /// Variant.
    pub variant: MultiVariant,
    /// Who opened it (only they may start it).
    pub host: UserId,
    /// Who sits where: one entry per seat of the variant in turn order; `Absent` is a
    /// free seat (lobby only).
    pub seats: Vec<Player>,
    /// Status.
    pub status: TableStatus,
    /// The game's record text (empty in the lobby).
    pub record: String,
    /// The chat.
    pub chat: ChatId,
    /// The lobby's message, then the board's.
    pub message: Option<MessageId>,
    /// Seconds a move (None: no limit).
    pub per_move: Option<u32>,
    /// Per-move limits missed in a row, per seat (turn order index).
    pub missed: [u8; 4],
    /// When the current turn began.
    pub turn_started: Timestamp,
    /// Created.
    pub created_at: Timestamp,
    /// Last write.
    pub updated_at: Timestamp,
    /// Rating changes applied at the end (people only).
    pub ratings: Vec<(UserId, RatingChange)>,
    /// Next timer event (the lobby's lapse, the program's move, a missed limit).
    pub deadline: Option<Deadline>,
}

/// Why a stored table's record does not replay.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TableReplayError {
    /// The text is no record.
    #[error("the record does not parse: {0}")]
    Syntax(String),
    /// A turn or a leave is illegal.
    #[error(transparent)]
    Game(#[from] MultiRecordError),
}

impl TableRecord {
    /// The seats of the variant in turn order, each with its player.
    pub fn seated(&self) -> impl Iterator<Item = (Seat, Player)> + '_ {
        self.variant.seats().iter().zip(self.seats.iter().copied())
    }

    /// Who sits at `s`.
    pub fn player(&self, s: Seat) -> Player {
        self.seated()
            .find(|(x, _)| *x == s)
            .map_or(Player::Absent, |(_, p)| p)
    }

    /// The seat `user` takes (the first if several).
    pub fn seat_of(&self, user: UserId) -> Option<Seat> {
        self.seated()
            .find(|(_, p)| *p == Player::Human(user))
            .map(|(s, _)| s)
    }

    /// The people at the table, each once.
    pub fn people(&self) -> Vec<UserId> {
        let mut out: Vec<UserId> = Vec::new();
        for u in self.seats.iter().filter_map(|p| p.user()) {
            if !out.contains(&u) {
                out.push(u);
            }
        }
        out
    }

    /// Whether every seat is taken.
    pub fn full(&self) -> bool {
        self.seats.iter().all(|p| *p != Player::Absent)
    }

    /// Whether the lobby is open or the game on.
    pub fn is_active(&self) -> bool {
        matches!(self.status, TableStatus::Lobby | TableStatus::Playing)
    }

    /// The game so far (the start in the lobby).
    pub fn replay(&self) -> Result<MultiGame, TableReplayError> {
        if self.record.trim().is_empty() {
            return Ok(MultiGame::new(self.variant));
        }
        let rec =
            Record::parse(&self.record).map_err(|e| TableReplayError::Syntax(e.to_string()))?;
        Ok(MultiGame::from_record(&rec, Some(self.variant), None)?)
    }

    /// The index entries this record implies.
    pub fn index_entries(&self) -> Vec<IndexEntry> {
        let mut out = Vec::new();
        if self.is_active() {
            out.push(IndexEntry::ChatTable(self.chat, self.id));
        }
        if let Some(d) = self.deadline {
            out.push(IndexEntry::Deadline(DeadlineEntry {
                at: d.at,
                kind: d.kind,
                target: DeadlineTarget::Table(self.id),
            }));
        }
        out
    }
}
