//! The opponent: move choice over the engine only (synchronous, deterministic per seed).
//!
//! Until the search of issue 4 lands, [`best_move`] plays the first legal move in
//! (from, to) order so that the engine protocol is complete and testable.

use crate::engine::{Game, Path};
use std::time::Duration;

/// Bounds on one search; the first one reached stops it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Wall-clock budget.
    pub movetime: Option<Duration>,
    /// Maximum depth in plies.
    pub depth: Option<u32>,
    /// Maximum nodes.
    pub nodes: Option<u64>,
    /// Playing level 1–5 (sets budget and noise).
    pub level: Option<u8>,
}

/// The move to play in `game`, or `None` if the game is over.
pub fn best_move(game: &Game, _limits: &Limits) -> Option<Path> {
    let m = game.legal_moves().into_iter().next()?;
    game.position().path(m).ok()
}

/// The fewest moves for the training room and one optimal line, if known.
pub fn training_optimum(_variant: &crate::engine::Variant) -> Option<Vec<Path>> {
    None
}
