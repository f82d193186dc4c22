//! The stored records: games, chats, users, challenges, and the index entries derived
//! from them. Plain data with serde; every record carries a
//! [`Version`](crate::game::Version) for compare-and-swap.
//!
//! One file per record: `game` (of two, three or four seats, with its players and status), `chat` (with its settings),
//! `user` (with per-variant statistics), `challenge`, `tournament`; the timer's deadlines (`deadlines`),
//! the derived index entries (`index`) and any record with its kind and name (`any`).

mod analysis;
mod any;
mod challenge;
mod chat;
mod deadlines;
mod game;
mod index;
mod tournament;
mod user;

pub use analysis::{ANALYSIS_MEASURE, AnalysisRecord, BlunderReason, MoveClass, MoveMark};
pub use any::{AnyRecord, RecordKind, RecordRef};
pub use challenge::{ChallengeRecord, ChallengeStatus, ChallengeTarget, ColourChoice};
pub use chat::{ChatRecord, ChatSettings, Language, NoticeDelay, Orientation, Pace, TurnNotices};
pub use deadlines::{Deadline, DeadlineEntry, DeadlineKind, DeadlineTarget};
pub use game::{
    Board, DrawOffer, GameRecord, LEFT_SEAT_LEVEL, LOBBY_LAPSE, Player, ReplayError, SeatLeft,
    SeatRating, Status, TakebackOffer,
};
pub use index::IndexEntry;
pub use tournament::{
    TournamentPlayer, TournamentRecord, TournamentSettings, TournamentStatus, Venue,
};
pub use user::{MultiStats, UserRecord, VariantStats};
