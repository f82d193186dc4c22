//! People and chats as the end-to-end tests see them: a person says something in a chat
//! and reads the bot's answer there, taps a button and reads its answer, replies to a
//! board; a chat shows the bot's messages since a moment. Everything goes through the
//! fake Bot API, the way Telegram would carry it.
//!
//! ```ignore
//! let alice = h.person(alice());
//! let lobby = alice.says(&group, "/new halma4").await;
//! let toast = boris.taps(&group, &lobby, |cb| matches!(cb, Callback::Lobby { .. })).await;
//! ```

use super::harness::{Harness, button, decoded, message_id};
use ugolki_bot::bot::testing::Callback;
use ugolki_bot::fakeapi::{Call, TgChat, TgUser};

/// A person talking to the bot.
pub struct Person<'h> {
    h: &'h Harness,
    /// Who they are on Telegram.
    pub user: TgUser,
}

/// The bot's methods that put a new message in a chat.
const SENDS: [&str; 4] = ["SendMessage", "SendPhoto", "SendAnimation", "SendDocument"];

/// Whether `c` is a new message of the bot's in `chat`.
pub fn sent_to(c: &Call, chat: i64) -> bool {
    SENDS.iter().any(|m| c.is(m)) && c.chat_id() == Some(chat)
}

impl Harness {
    /// `user` as a person talking to this bot.
    pub fn person(&self, user: TgUser) -> Person<'_> {
        Person { h: self, user }
    }
}

impl<'h> Person<'h> {
    /// Their Telegram id.
    pub fn id(&self) -> i64 {
        self.user.id
    }

    /// Their private chat with the bot.
    pub fn dm(&self) -> TgChat {
        TgChat::Private(self.user.clone())
    }

    /// Send `text` in `chat`; the cursor before it (what the bot does after is later).
    pub fn send(&self, chat: &TgChat, text: &str) -> u64 {
        let c = self.h.cursor();
        self.h.api.send_text(chat, &self.user, text);
        c
    }

    /// Send `text` in `chat` and read the bot's next new message there.
    pub async fn says(&self, chat: &TgChat, text: &str) -> Call {
        let c = self.send(chat, text);
        let id = chat.id();
        self.h
            .expect(c, &format!("the bot's answer to {text:?}"), move |m| {
                sent_to(m, id)
            })
            .await
    }

    /// Send `text` in `chat` and read the bot's next new message there whose text holds
    /// `needle`.
    pub async fn says_and_reads(&self, chat: &TgChat, text: &str, needle: &str) -> Call {
        let c = self.send(chat, text);
        let id = chat.id();
        let needle = needle.to_string();
        self.h
            .expect(c, &format!("{needle:?} after {text:?}"), move |m| {
                sent_to(m, id) && m.text().is_some_and(|t| t.contains(&needle))
            })
            .await
    }

    /// Reply to message `to` in `chat` with `text`; the cursor before it.
    pub fn replies(&self, chat: &TgChat, to: &Call, text: &str) -> u64 {
        let c = self.h.cursor();
        self.h
            .api
            .reply_text(chat, &self.user, message_id(to), text);
        c
    }

    /// Tap the button of `message` (in `chat`) whose data `pred` accepts; the text of the
    /// answer (empty when silent).
    pub async fn taps(
        &self,
        chat: &TgChat,
        message: &Call,
        pred: impl Fn(&Callback) -> bool,
    ) -> String {
        let data = button(message, "", pred);
        self.taps_data(chat, message_id(message), &data).await
    }

    /// Tap a button with raw `data` on message `message_id` of `chat` (forged data
    /// included); the text of the answer.
    pub async fn taps_data(&self, chat: &TgChat, message_id: i64, data: &str) -> String {
        let c = self.h.cursor();
        let q = self.h.api.tap(chat, &self.user, message_id, data);
        self.h
            .expect(c, "the tap's answer", move |m| {
                m.is("AnswerCallbackQuery") && m.str("callback_query_id") == Some(q.as_str())
            })
            .await
            .str("text")
            .unwrap_or("")
            .to_string()
    }
}

/// A chat as the people in it see the bot.
pub struct Chat<'h> {
    h: &'h Harness,
    /// The Telegram chat.
    pub tg: TgChat,
}

impl Harness {
    /// `tg` as its people see it.
    pub fn chat(&self, tg: TgChat) -> Chat<'_> {
        Chat { h: self, tg }
    }
}

impl Chat<'_> {
    /// Its id.
    pub fn id(&self) -> i64 {
        self.tg.id()
    }

    /// The bot's calls into this chat since `from` (sends and edits).
    pub fn since(&self, from: u64) -> Vec<Call> {
        let id = self.id();
        self.h
            .api
            .calls_since(from)
            .into_iter()
            .filter(|c| c.chat_id() == Some(id))
            .collect()
    }

    /// The bot's new messages in this chat since `from` whose text holds `needle`.
    pub fn said_since(&self, from: u64, needle: &str) -> Vec<Call> {
        let id = self.id();
        self.since(from)
            .into_iter()
            .filter(|c| sent_to(c, id) && c.text().is_some_and(|t| t.contains(needle)))
            .collect()
    }

    /// Wait for the bot's new message here, after `from`, whose text holds `needle`.
    pub async fn reads(&self, from: u64, needle: &str) -> Call {
        let (id, n) = (self.id(), needle.to_string());
        self.h
            .expect(from, &format!("{needle:?} in {id}"), move |m| {
                sent_to(m, id) && m.text().is_some_and(|t| t.contains(&n))
            })
            .await
    }

    /// Wait for a call here, after `from`, that `pred` accepts.
    pub async fn sees(&self, from: u64, what: &str, pred: impl Fn(&Call) -> bool) -> Call {
        let id = self.id();
        self.h
            .expect(from, what, move |m| m.chat_id() == Some(id) && pred(m))
            .await
    }

    /// The board message `board` as it stands now in the fake (its latest caption,
    /// keyboard and picture).
    pub fn now(&self, board: &Call) -> Option<ugolki_bot::fakeapi::StoredMessage> {
        self.h.api.message(self.id(), message_id(board))
    }
}

/// The buttons of a message as the fake keeps it now, decoded.
pub fn callbacks_of(m: &ugolki_bot::fakeapi::StoredMessage) -> Vec<Callback> {
    ugolki_bot::fakeapi::keyboard_buttons(m.json.get("reply_markup"))
        .into_iter()
        .filter_map(|(_, d)| decoded(&d))
        .collect()
}
