//! ugolki-bot: a Telegram bot for Ugolki (Corners).
//!
//! Layers point inward: [`engine`] (pure rules) ← `ai`, `render`, `game` ← `store`, `bot`.
//! The binary `ugolki` wires them and offers the command-line tools.

pub mod ai;
pub mod cli;
pub mod engine;
pub mod render;
