//! What a handler is given besides the update: who sent a message or tapped a button,
//! where, and (for taps) the one answer Telegram waits for.

use crate::bot::chat::messages::say;
use crate::bot::error::BotError;
use crate::bot::state::App;
use crate::bot::state::outbox::{BoardAt, inline_lane};
use crate::bot::telegram;
use crate::bot::texts::{Texts, texts};
use crate::game::{ChatId, InlineMessageId, UserId};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use teloxide::payloads::AnswerCallbackQuerySetters;
use teloxide::prelude::*;
use teloxide::types::{CallbackQuery, User};

/// The handler result type the dispatcher expects.
pub type HandlerResult = Result<(), BotError>;

/// A text message from a person (not a bot), with its chat and sender resolved.
#[derive(Clone, Debug)]
pub struct Incoming {
    /// The message.
    pub msg: Message,
    /// Its sender.
    pub from: User,
    /// Its chat.
    pub chat: ChatId,
    /// Its sender's id.
    pub user: UserId,
    /// Its text.
    pub text: String,
}

impl Incoming {
    /// The message when it has text and a human sender.
    pub fn of(msg: Message) -> Option<Incoming> {
        let from = msg.from.clone().filter(|u| !u.is_bot)?;
        let text = msg.text()?.to_string();
        Some(Incoming {
            chat: ChatId(msg.chat.id.0),
            user: UserId(from.id.0),
            msg,
            from,
            text,
        })
    }

    /// Whether it was sent in a private chat with the bot.
    pub fn private(&self) -> bool {
        self.chat.0 > 0
    }

    /// The id to reply to.
    pub fn id(&self) -> teloxide::types::MessageId {
        self.msg.id
    }

    /// The language to answer in (see [`App::chat_lang`]: in a group the first answer
    /// fixes it, so this is asked only where the bot will answer).
    pub async fn texts(&self, app: &App) -> &'static dyn Texts {
        texts(app.chat_lang(self.chat, Some(self.user)).await)
    }
}

/// Tell the chat that something failed (nothing is lost), and log it.
pub async fn report(app: &App, chat: ChatId, user: Option<UserId>, e: &BotError) {
    e.log(&format!("a message in {chat}"));
    if let BotError::Telegram(_) = e {
        return;
    }
    let t = texts(app.chat_lang(chat, user).await);
    if let Some(text) = crate::bot::error::told(e, t) {
        let _ = say(app, chat, None, &text, None).await;
    }
}

/// How a tap is answered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// Just stop the spinner.
    Silent,
    /// A short text at the top of the chat.
    Toast(String),
    /// A dialog the tapper closes.
    Alert(String),
}

/// A tap being handled. Telegram shows a spinner until its query is answered, so it is
/// answered exactly once: early, by [`Tap::answer`], where the handler has edits to make
/// after it knows the answer, else by the routing once the handler returns, with what
/// the handler gave [`Tap::reply`] (or the error's explanation).
#[derive(Clone)]
pub struct Tap(Arc<TapInner>);

struct TapInner {
    app: App,
    q: CallbackQuery,
    chat: ChatId,
    user: UserId,
    t: &'static dyn Texts,
    answered: AtomicBool,
    reply: Mutex<Option<Answer>>,
    /// What its handler's calls are checked against (see [`telegram::TapCause`]).
    cause: Arc<telegram::TapCause>,
}

impl Tap {
    /// A tap on `q`: its chat is the tapped message's (else the tapper's private chat),
    /// and its language that chat's.
    pub async fn new(app: App, q: CallbackQuery) -> Tap {
        let user = UserId(q.from.id.0);
        let chat = q
            .regular_message()
            .map(|m| ChatId(m.chat.id.0))
            .unwrap_or(ChatId(user.0 as i64));
        let t = texts(app.chat_lang(chat, Some(user)).await);
        let what = format!("the tap {}", q.data.as_deref().unwrap_or("(no data)"));
        let cause = Arc::new(telegram::TapCause::new(what, app.tg.taps().clone()));
        Tap(Arc::new(TapInner {
            app,
            q,
            chat,
            user,
            t,
            answered: AtomicBool::new(false),
            reply: Mutex::new(None),
            cause,
        }))
    }

    /// What the calls its handler makes are checked against: its answer goes first.
    pub fn cause(&self) -> Arc<telegram::TapCause> {
        Arc::clone(&self.0.cause)
    }

    /// The query.
    pub fn query(&self) -> &CallbackQuery {
        &self.0.q
    }

    /// The chat of the tapped message (the tapper's private chat with the bot for an
    /// inline message, whose chat the bot never learns).
    pub fn chat(&self) -> ChatId {
        self.0.chat
    }

    /// The inline message tapped, if it is one.
    pub fn inline(&self) -> Option<InlineMessageId> {
        self.0.q.inline_message_id.clone().map(InlineMessageId)
    }

    /// Where the tapped board is, if it is a game's: the inline message, or a message in
    /// the tapped chat.
    pub fn board(&self) -> BoardAt {
        match self.0.q.inline_message_id {
            Some(ref id) => BoardAt::Inline(inline_lane(id)),
            None => BoardAt::Chat(self.0.chat),
        }
    }

    /// Who tapped.
    pub fn user(&self) -> UserId {
        self.0.user
    }

    /// The chat's language.
    pub fn texts(&self) -> &'static dyn Texts {
        self.0.t
    }

    /// The answer to give when the handler returns (unless one was given already).
    pub fn reply(&self, answer: Answer) -> HandlerResult {
        *self.0.reply.lock().unwrap_or_else(|e| e.into_inner()) = Some(answer);
        Ok(())
    }

    /// Answer with what the handler chose, or with an explanation of its error.
    pub async fn finish(&self, r: &HandlerResult) {
        let answer = match r {
            Ok(()) => self
                .0
                .reply
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .take()
                .unwrap_or(Answer::Silent),
            Err(e) => {
                e.log("a tap");
                match crate::bot::error::told(e, self.0.t) {
                    Some(why) => Answer::Alert(why),
                    None => Answer::Silent,
                }
            }
        };
        self.answer(answer).await;
    }

    /// Answer the query now (later calls do nothing). Not paced: an answer is no message
    /// in the chat, and the client shows a spinner until it comes.
    pub async fn answer(&self, answer: Answer) {
        if self.0.answered.swap(true, Ordering::SeqCst) {
            return;
        }
        self.0.cause.answering();
        let (app, q) = (&self.0.app, &self.0.q);
        let r = telegram::call_unpaced(app.tg.pacer(), || {
            let mut req = app.tg.bot().answer_callback_query(q.id.clone());
            match &answer {
                Answer::Silent => {}
                Answer::Toast(s) => req = req.text(truncate200(s)),
                Answer::Alert(s) => req = req.text(truncate200(s)).show_alert(true),
            }
            req
        })
        .await;
        if let Err(e) = r {
            tracing::debug!(error = %e, "answerCallbackQuery failed");
        }
    }
}

/// Telegram's limit on a callback answer's text.
fn truncate200(s: &str) -> String {
    s.chars().take(200).collect()
}
