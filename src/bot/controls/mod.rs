//! What a person can send the bot besides moves: its commands ([`commands`]), and its
//! buttons: the data each carries ([`callback`]) and the keyboards that lay them out
//! ([`keyboard`]).

pub(crate) mod callback;
pub(crate) mod commands;
pub(crate) mod keyboard;
