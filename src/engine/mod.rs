//! The rules of Ugolki (RULES.md): pure, std + serde only.
//!
//! The size-generic bitboard core lives in [`core`]; [`Position`], [`Game`] and the
//! notation functions are the typed API everything else uses.

mod any;
pub(crate) mod bits;
pub(crate) mod core;
mod game;
pub mod multi;
mod notation;
mod outcome;
mod position;
mod square;
mod variant;
mod zobrist;

pub use any::{AnyGame, AnyOutcome, AnyPositionError, AnyVariant, Ply, UnknownVariant};
pub use game::{Game, Played, write_record};
pub use multi::{Leave, Seat, SeatSet};
pub use notation::{
    InputError, MoveError, Record, RecordError, parse_move, read_squares, resolve_readings,
};
pub use outcome::{GameResult, Outcome, Reason};
pub use position::{CoreRef, IllegalMove, Move, Path, Position, PositionError, Variant};
pub use square::{BoardSize, Color, Square};
pub use variant::{
    Directions, FirstPlayer, HomeShape, LimitRule, OptionError, Repetition, Rules, VariantId,
    split_option,
};
