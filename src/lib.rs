//! ugolki-bot: a Telegram bot for Ugolki (Corners).
//!
//! Layers point inward: [`engine`] (pure rules) ← [`ai`], [`render`], [`game`] ← [`store`],
//! [`bot`]. The binary `ugolki` wires them and offers the command-line tools ([`cli`]);
//! [`fakeapi`] and [`loadtest`] drive the real bot in the tests and in `ugolki loadtest`.
//! docs/ARCHITECTURE.md draws the dependencies and the paths through them.
//!
//! ```no_run
//! use ugolki_bot::{Game, Limits, Variant, VariantId, best_move, render_png, RenderOptions};
//!
//! let mut game = Game::new(&Variant::new(VariantId::Classic));
//! let path = best_move(&game, &Limits::default()).expect("a move at the start");
//! game.play_squares(path.squares()).expect("the AI plays legal moves");
//! let png = render_png(game.position(), &RenderOptions::default()).expect("a picture");
//! # let _ = png;
//! ```

pub mod ai;
pub mod bot;
pub mod cli;
pub mod engine;
pub mod fakeapi;
pub mod game;
pub mod loadtest;
pub mod render;
pub mod store;

pub use ai::{Level, Limits, best_move};
pub use bot::{BotConfig, run};
pub use engine::{Color, Game, Outcome, Path, Position, Square, Variant, VariantId};
pub use game::{GameService, MemoryStore, Storage};
pub use render::{RenderOptions, Renderer, render_png};
pub use store::{SledStore, StoreConfig};
