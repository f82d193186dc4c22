//! ugolki-bot: a Telegram bot for Ugolki (Corners).
//!
//! Layers point inward: [`engine`] (pure rules) ← `ai`, `render`, `game` ← `store`, `bot`.
//! The binary `ugolki` wires them and offers the command-line tools.

pub mod ai;
pub mod bot;
pub mod cli;
pub mod engine;
pub mod fakeapi;
pub mod game;
pub mod loadtest;
pub mod render;
pub mod store;
