//! A handler's side of a chat: what it is given ([`context`]: the message or the tap, who
//! and where) and how it answers in text ([`messages`]: replies, edits, refusals). Board
//! messages are [`crate::bot::play::board`]'s.

pub(crate) mod context;
pub(crate) mod messages;
