//! From Telegram to a handler: how updates arrive ([`updates`]: long polling, or the
//! webhook's check) and where each goes ([`schema`]: the stages every update passes and
//! one endpoint per command and per kind of button).

pub(crate) mod schema;
pub(crate) mod updates;
