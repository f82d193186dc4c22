//! A fake Telegram Bot API server on 127.0.0.1 for end-to-end tests and load tests.
//!
//! Telegram cannot be reached from the machines this project is built on, so the real bot
//! binary is pointed at this server (`--api-url`). It implements the methods the bot uses,
//! feeds scripted updates through `getUpdates`, keeps the chat's messages (so edits of unknown
//! messages fail as they do on Telegram), records every call with its uploaded files, and can
//! inject faults (429 with `retry_after`, 500, slow answers, dropped connections).
//!
//! Load tests switch the call history off ([`FakeApi::set_keep_history`]: thousands of
//! uploads a second would otherwise pile up) and follow the traffic through
//! [`FakeApi::subscribe`] instead: every call as it arrives, and when each update was
//! handed to the bot.
//!
//! The parts: the wire types a test reads and scripts with (`types`), Telegram's rate
//! limits (`limits`), scripted faults (`faults`), the state behind the lock (`state`), the
//! Bot API methods the fake answers (`methods`), the HTTP server (`server`), what a
//! simulated person does (`person`) and what a test sets and reads (`control`).

mod control;
mod faults;
mod limits;
mod methods;
mod person;
mod server;
mod state;
mod types;

pub use faults::Fault;
pub use limits::{RateLimited, TelegramLimits};
pub use server::FakeApi;
pub use types::{
    BOT_ID, BOT_USERNAME, Call, Event, GROUP_ANONYMOUS_BOT, Pushed, StoredMessage, TgChat, TgUser,
    Upload, keyboard_buttons,
};
