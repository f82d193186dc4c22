//! Halma for three or four players (RULES.md §14): `halma4`, `halma3`, `halma4-teams`.
//!
//! A separate type from the two-player [`crate::engine::Position`] so the two-player
//! hot path keeps its two-colour bitboards; the 16×16 step and jump tables are shared.

mod board;
mod game;
mod position;
mod seat;

pub use board::PIECES;
pub use game::{MultiGame, MultiRecordError};
pub use position::{
    Leave, MultiOutcome, MultiPos, MultiPositionError, ROUND_LIMIT, Turn, places_text,
};
pub use seat::{MultiVariant, Seat, SeatSet};
