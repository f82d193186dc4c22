//! The Telegram adapter: commands, callback data, keyboards, texts, handlers and the timer
//! task. Everything here translates between Telegram and the game service; no rules and no
//! storage details live here.

pub mod callback;
pub mod keyboard;
pub mod texts;
