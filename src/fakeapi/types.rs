//! The fake's wire types: recorded calls and uploads, stored messages, what subscribers
//! see, and the users and chats that scripted updates come from.

use serde_json::{Value, json};
use std::sync::Arc;
use std::time::{Instant, SystemTime, UNIX_EPOCH};

/// The bot's own user id in the fake world.
pub const BOT_ID: i64 = 7_000_000_001;
/// The stand-in sender of an anonymous group admin's messages (Telegram's
/// @GroupAnonymousBot).
pub const GROUP_ANONYMOUS_BOT: i64 = 1_087_968_824;
/// The bot's username.
pub const BOT_USERNAME: &str = "ugolki_test_bot";

/// A file uploaded in a multipart request.
#[derive(Clone, Debug)]
pub struct Upload {
    /// Form field name (for `attach://name` references).
    pub field: String,
    /// File name given by the client.
    pub file_name: Option<String>,
    /// The bytes.
    pub bytes: Vec<u8>,
}

/// One recorded API call.
#[derive(Clone, Debug)]
pub struct Call {
    /// Sequence number (0-based, in arrival order).
    pub seq: u64,
    /// Method name as sent (`SendPhoto`, `sendMessage`, ...), compared case-insensitively.
    pub method: String,
    /// Parameters: JSON body fields or multipart text fields (JSON-decoded where possible).
    pub params: Value,
    /// Uploaded files.
    pub files: Vec<Upload>,
    /// What the fake answered: `Ok` result or the error description. Shared with the
    /// stored message it describes, so an answer is not a copy of a board's keyboard.
    pub response: Result<Arc<Value>, String>,
    /// When the request arrived, before the fake read its body (latency measurements
    /// end here, so they leave out the fake's own time).
    pub at: Instant,
}

impl Call {
    /// Whether this is a call of `method` (case-insensitive).
    pub fn is(&self, method: &str) -> bool {
        self.method.eq_ignore_ascii_case(method)
    }

    /// A string parameter.
    pub fn str(&self, key: &str) -> Option<&str> {
        self.params.get(key).and_then(Value::as_str)
    }

    /// An integer parameter (numbers or numeric strings).
    pub fn int(&self, key: &str) -> Option<i64> {
        match self.params.get(key)? {
            Value::Number(n) => n.as_i64(),
            Value::String(s) => s.parse().ok(),
            _ => None,
        }
    }

    /// The chat id the call targets.
    pub fn chat_id(&self) -> Option<i64> {
        self.int("chat_id")
    }

    /// Text of a sendMessage/editMessageText, or the caption of media calls.
    pub fn text(&self) -> Option<String> {
        if let Some(t) = self.str("text").or_else(|| self.str("caption")) {
            return Some(t.to_string());
        }
        self.params
            .get("media")
            .and_then(|m| m.get("caption"))
            .and_then(Value::as_str)
            .map(str::to_string)
    }

    /// Every `callback_data` of the inline keyboard sent with the call, row by row.
    pub fn buttons(&self) -> Vec<(String, String)> {
        keyboard_buttons(self.keyboard())
    }

    /// The inline keyboard the call sent: a keyboard the fake keeps on a message is moved
    /// from the parameters into the answer, not copied (a board's has 64 buttons).
    pub fn keyboard(&self) -> Option<&Value> {
        self.params.get("reply_markup").or_else(|| {
            self.response
                .as_ref()
                .ok()
                .and_then(|r| r.get("reply_markup"))
        })
    }

    /// The first uploaded file's bytes (the photo, animation or document).
    pub fn upload(&self) -> Option<&[u8]> {
        self.files.first().map(|f| f.bytes.as_slice())
    }
}

/// (text, callback_data) of every callback button of an inline keyboard value.
pub fn keyboard_buttons(markup: Option<&Value>) -> Vec<(String, String)> {
    let mut out = Vec::new();
    if let Some(rows) = markup
        .and_then(|m| m.get("inline_keyboard"))
        .and_then(Value::as_array)
    {
        for row in rows {
            for b in row.as_array().into_iter().flatten() {
                let text = b.get("text").and_then(Value::as_str).unwrap_or("");
                if let Some(d) = b.get("callback_data").and_then(Value::as_str) {
                    out.push((text.to_string(), d.to_string()));
                }
            }
        }
    }
    out
}

/// A message as the fake keeps it (the latest state after edits).
#[derive(Clone, Debug)]
pub struct StoredMessage {
    /// The Telegram message JSON as last returned (shared with the calls that returned it;
    /// an edit copies it only while one of them is still held).
    pub json: Arc<Value>,
    /// Current photo/animation/document bytes, if any.
    pub media: Option<Vec<u8>>,
    /// Whether it was deleted.
    pub deleted: bool,
}

/// What subscribers of [`FakeApi::subscribe`](super::FakeApi::subscribe) see, in order.
#[derive(Clone, Debug)]
pub enum Event {
    /// A `getUpdates` answer handed updates `first..=last` (by id) to the bot at `at`.
    Delivered {
        /// First update id in the batch.
        first: i64,
        /// Last update id in the batch.
        last: i64,
        /// When the answer was built.
        at: Instant,
    },
    /// A call was answered (uploads left out: read the message state for media). Shared,
    /// not copied: a load test's driver sees thousands a second.
    Call(Arc<Call>),
}

/// An update pushed by a scripted user: the ids a load driver needs to follow it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pushed {
    /// The update's id (see [`Event::Delivered`]).
    pub update_id: i64,
    /// The new message's id, for messages.
    pub message_id: Option<i64>,
    /// The callback query id, for taps.
    pub callback_id: Option<String>,
}

/// A Telegram user for scripted updates.
#[derive(Clone, Debug)]
pub struct TgUser {
    /// User id.
    pub id: i64,
    /// First name.
    pub first_name: String,
    /// Username without `@`.
    pub username: Option<String>,
    /// `language_code`.
    pub lang: Option<String>,
}

impl TgUser {
    /// A user with a username equal to the lower-cased first name.
    pub fn new(id: i64, name: &str, lang: &str) -> TgUser {
        TgUser {
            id,
            first_name: name.to_string(),
            username: Some(name.to_lowercase()),
            lang: Some(lang.to_string()),
        }
    }

    /// The Telegram `User` JSON.
    pub fn json(&self) -> Value {
        let mut u = json!({ "id": self.id, "is_bot": false, "first_name": self.first_name });
        if let Some(n) = &self.username {
            u["username"] = json!(n);
        }
        if let Some(l) = &self.lang {
            u["language_code"] = json!(l);
        }
        u
    }
}

/// A chat for scripted updates.
#[derive(Clone, Debug)]
pub enum TgChat {
    /// A private chat with this user.
    Private(TgUser),
    /// A supergroup with this id (negative) and title.
    Group(i64, String),
}

impl TgChat {
    /// Chat id.
    pub fn id(&self) -> i64 {
        match self {
            TgChat::Private(u) => u.id,
            TgChat::Group(id, _) => *id,
        }
    }

    /// The Telegram `Chat` JSON.
    pub fn json(&self) -> Value {
        match self {
            TgChat::Private(u) => {
                json!({ "id": u.id, "type": "private", "first_name": u.first_name })
            }
            TgChat::Group(id, title) => json!({ "id": id, "type": "supergroup", "title": title }),
        }
    }
}

pub(super) fn now_unix() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or(1_700_000_000)
}

pub(super) fn bot_user() -> Value {
    json!({ "id": BOT_ID, "is_bot": true, "first_name": "Ugolki", "username": BOT_USERNAME })
}
