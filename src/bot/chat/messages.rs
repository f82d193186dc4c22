//! Every message the bot sends, edits and closes in a chat but the boards (which
//! [`crate::bot::play::board`] owns): texts, pictures, replays and records. Every call goes
//! through [`telegram::call`], paced and retried.

use crate::bot::controls::callback::Callback;
use crate::bot::controls::keyboard;
use crate::bot::error::BotError;
use crate::bot::state::App;
use crate::bot::telegram;
use crate::game::{ChallengeRecord, ChatId, UserId};
use teloxide::payloads::{
    EditMessageTextSetters, SendAnimationSetters, SendDocumentSetters, SendMessageSetters,
    SendPhotoSetters,
};
use teloxide::prelude::*;
use teloxide::types::{CallbackQuery, InlineKeyboardMarkup, InputFile, ParseMode, ReplyParameters};

/// Send `text` (HTML) to a chat, optionally as a reply, with an optional keyboard.
pub async fn say(
    app: &App,
    chat: ChatId,
    reply_to: Option<teloxide::types::MessageId>,
    text: &str,
    keyboard: Option<InlineKeyboardMarkup>,
) -> Result<Message, BotError> {
    let text = if text.chars().count() > 4096 {
        text.chars().take(4090).collect::<String>() + "…"
    } else {
        text.to_string()
    };
    let m = telegram::call(app.tg.pacer(), chat.0, telegram::Kind::Send, || {
        let mut req = app
            .tg
            .bot()
            .send_message(teloxide::types::ChatId(chat.0), text.clone())
            .parse_mode(ParseMode::Html);
        if let Some(r) = reply_to {
            req = req.reply_parameters(ReplyParameters::new(r).allow_sending_without_reply());
        }
        if let Some(k) = &keyboard {
            req = req.reply_markup(k.clone());
        }
        req
    })
    .await?;
    Ok(m)
}

/// A file sent as a message of its own.
pub enum Attachment {
    /// A picture (PNG), shown inline.
    Photo(Vec<u8>),
    /// An animation (GIF), played inline.
    Animation(Vec<u8>),
    /// A document to download.
    Document(Vec<u8>),
}

/// Send a picture with an HTML caption, in reply to `reply_to` if given, with buttons.
pub async fn send_photo(
    app: &App,
    chat: ChatId,
    png: Vec<u8>,
    name: &str,
    caption: &str,
    reply_to: Option<teloxide::types::MessageId>,
    keyboard: Option<InlineKeyboardMarkup>,
) -> Result<(), BotError> {
    let to = teloxide::types::ChatId(chat.0);
    telegram::call(app.tg.pacer(), chat.0, telegram::Kind::Send, || {
        let mut req = app
            .tg
            .bot()
            .send_photo(
                to,
                InputFile::memory(png.clone()).file_name(name.to_string()),
            )
            .caption(caption.to_string())
            .parse_mode(ParseMode::Html);
        if let Some(r) = reply_to {
            req = req.reply_parameters(ReplyParameters::new(r).allow_sending_without_reply());
        }
        if let Some(kb) = &keyboard {
            req = req.reply_markup(kb.clone());
        }
        req
    })
    .await?;
    Ok(())
}

/// Send `file` named `name` to a chat, with an HTML `caption` if given.
pub async fn send_file(
    app: &App,
    chat: ChatId,
    file: Attachment,
    name: &str,
    caption: Option<&str>,
) -> Result<(), BotError> {
    let to = teloxide::types::ChatId(chat.0);
    let input = |bytes: &Vec<u8>| InputFile::memory(bytes.clone()).file_name(name.to_string());
    // The three requests are different types with the same setters.
    macro_rules! send {
        ($method:ident, $bytes:expr) => {
            telegram::call(&app.tg.pacer(), chat.0, telegram::Kind::Send, || {
                let mut req = app.tg.bot().$method(to, input($bytes));
                if let Some(c) = caption {
                    req = req.caption(c.to_string()).parse_mode(ParseMode::Html);
                }
                req
            })
            .await
            .map(|_| ())
        };
    }
    match &file {
        Attachment::Photo(png) => send!(send_photo, png)?,
        Attachment::Animation(gif) => send!(send_animation, gif)?,
        Attachment::Document(bytes) => send!(send_document, bytes)?,
    }
    Ok(())
}

/// Replace a challenge's message with how it ended (no buttons). `tapped`: the message
/// the answer was tapped on, if it is the challenge's own (its id may not be stored yet).
pub async fn close_challenge_message(
    app: &App,
    c: &ChallengeRecord,
    tapped: Option<crate::game::MessageId>,
    text: &str,
) {
    let Some(mid) = c.message.or(tapped) else {
        return;
    };
    let chat = c.chat.0;
    let r = telegram::call(app.tg.pacer(), chat, telegram::Kind::Edit, || {
        app.tg
            .bot()
            .edit_message_text(
                teloxide::types::ChatId(chat),
                teloxide::types::MessageId(mid.0),
                text.to_string(),
            )
            .parse_mode(ParseMode::Html)
    })
    .await;
    if let Err(e) = r
        && !telegram::not_modified(&e)
    {
        tracing::debug!(error = %e, "could not close a challenge message");
    }
}

/// Take the buttons off the tapped message (a menu or a question once answered), unless
/// it is a board.
pub async fn remove_keyboard(app: &App, q: &CallbackQuery) {
    let Some(m) = q.regular_message() else { return };
    let Some(markup) = m.reply_markup() else {
        return;
    };
    // Anyone can send any button data on any message: a forged "resign" or "keep playing"
    // pressed on a board must not strip the board's keyboard (tests/abuse.rs sends such presses).
    if is_board_keyboard(markup) {
        return;
    }
    let (chat, id) = (m.chat.id, m.id);
    let r = telegram::call(app.tg.pacer(), chat.0, telegram::Kind::Edit, || {
        app.tg.bot().edit_message_reply_markup(chat, id)
    })
    .await;
    if let Err(e) = r
        && !telegram::not_modified(&e)
        && !telegram::gone(&e)
    {
        tracing::debug!(error = %e, "could not remove a keyboard");
    }
}

/// Whether a keyboard is a board's (squares and targets, or a finished game's rematch and
/// export), as opposed to a confirmation or menu message's.
fn is_board_keyboard(k: &InlineKeyboardMarkup) -> bool {
    keyboard::callbacks(k).iter().any(|d| {
        matches!(
            Callback::decode(d),
            Ok(Callback::Tap { .. }
                | Callback::Move {
                    confirmed: false,
                    ..
                }
                | Callback::Rematch { .. }
                | Callback::Export { .. })
        )
    })
}

/// Replace the tapped message's text (and keyboard).
pub async fn edit_text(app: &App, q: &CallbackQuery, text: &str, kb: Option<InlineKeyboardMarkup>) {
    let Some(m) = q.regular_message() else { return };
    let (chat, id) = (m.chat.id, m.id);
    let r = telegram::call(app.tg.pacer(), chat.0, telegram::Kind::Edit, || {
        let mut req = app
            .tg
            .bot()
            .edit_message_text(chat, id, text.to_string())
            .parse_mode(ParseMode::Html);
        if let Some(k) = &kb {
            req = req.reply_markup(k.clone());
        }
        req
    })
    .await;
    if let Err(e) = r
        && !telegram::not_modified(&e)
    {
        tracing::debug!(error = %e, "could not edit a message");
    }
}

/// Explain to `user` in `chat` why their input was refused (an illegal or mistimed move,
/// no game here, a stale button's typed answer), as a reply to `reply_to`: at once if
/// nothing was said to them here within the cooldown, else once the cooldown is over,
/// replaced by any newer explanation meanwhile ([`crate::bot::state::replies`]). Each one sent counts
/// against the person's limit: past it the explanation waits until the limit lets one
/// more through, so a refusal is never left unanswered, and a flood of refused input
/// costs the chat no more messages than the limit. Returns at once.
pub fn refuse(
    app: &App,
    chat: ChatId,
    user: UserId,
    reply_to: Option<teloxide::types::MessageId>,
    text: String,
) {
    if app.people.replies().put(chat, user, reply_to, text) {
        // The first reply of a burst is taken here, in the order the updates came: were
        // it left for the sender task, refusals handled before that task runs (a busy
        // machine) would replace it, and only the newest would ever be answered.
        let first = next_reply(app, chat, user).ok().flatten();
        let app = app.clone();
        tokio::spawn(async move { send_replies(&app, chat, user, first).await });
    }
}

/// A refusal's reply: its text and the message it answers.
type Reply = (String, Option<teloxide::types::MessageId>);

/// The reply to `user` in `chat` to send now, if one waits and may go: its cooldown is
/// over and the person's limit lets it through (which counts it). `Ok(None)`: none waits
/// (the sender stops); `Err`: when to look again (the newest reply replacing the waiting
/// one meanwhile).
fn next_reply(
    app: &App,
    chat: ChatId,
    user: UserId,
) -> Result<Option<Reply>, tokio::time::Instant> {
    if let Some(t) = app.people.replies().ready_at(chat, user)
        && t > tokio::time::Instant::now()
    {
        return Err(t);
    }
    if app.people.replies().waiting(chat, user)
        && let Some(free) = app.people.reply_slot(user.0)
    {
        return Err(tokio::time::Instant::from_std(free));
    }
    Ok(app.people.replies().take(chat, user))
}

/// Send `user`'s replies in `chat`, `first` at once, until none waits.
async fn send_replies(app: &App, chat: ChatId, user: UserId, mut first: Option<Reply>) {
    loop {
        let next = match first.take() {
            Some(reply) => Ok(Some(reply)),
            None => next_reply(app, chat, user),
        };
        let (text, reply_to) = match next {
            Ok(Some(reply)) => reply,
            Ok(None) => return,
            Err(at) => {
                tokio::time::sleep_until(at).await;
                continue;
            }
        };
        if let Err(e) = say(app, chat, reply_to, &text, None).await {
            tracing::debug!(chat = %chat, error = %e, "could not send a reply");
        }
    }
}
