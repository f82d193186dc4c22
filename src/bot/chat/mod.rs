//! A handler's side of a chat: what it is given ([`context`]: the message or the tap, who
//! and where) and how it answers in text ([`messages`]: replies, edits, refusals). Board
//! messages are [`crate::bot::play::board`]'s.

pub(crate) mod context;
pub(crate) mod messages;

use crate::bot::state::App;
use crate::bot::telegram;
use crate::game::{ChatId, UserId};
use teloxide::prelude::Requester;

/// Whether `user` is one of `chat`'s administrators (anyone is, in a private chat): they
/// change a group's settings and run its tournaments. Telegram is asked each time, since
/// admins change; a failed question counts as no.
pub async fn is_admin(app: &App, chat: ChatId, user: UserId) -> bool {
    if chat.0 > 0 {
        return true;
    }
    let r = telegram::call_unpaced(app.tg.pacer(), || {
        app.tg.bot().get_chat_member(
            teloxide::types::ChatId(chat.0),
            teloxide::types::UserId(user.0),
        )
    })
    .await;
    match r {
        Ok(m) => m.is_privileged(),
        Err(e) => {
            tracing::warn!(error = %e, "getChatMember failed");
            false
        }
    }
}
