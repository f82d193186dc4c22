//! The person's side: what simulated users (and Telegram around them) do — messages,
//! taps, inline queries, group migrations, the bot removed and added back — and the
//! messages they see.

use super::methods::media_json;
use super::server::FakeApi;
use super::state::{Inner, Queued, lock};
use super::types::{
    GROUP_ANONYMOUS_BOT, Pushed, StoredMessage, TgChat, TgUser, bot_user, now_unix,
};
use serde_json::{Value, json};
use std::sync::Arc;

impl FakeApi {
    /// The current state of a message.
    pub fn message(&self, chat: i64, id: i64) -> Option<StoredMessage> {
        lock(&self.shared).messages.get(&(chat, id)).cloned()
    }

    /// Delete a message as a person would (an admin removing the board): the bot is not
    /// told, and its next edit of it fails with "message to edit not found".
    pub fn delete_by_user(&self, chat: i64, id: i64) -> bool {
        lock(&self.shared)
            .messages
            .get_mut(&(chat, id))
            .map(|m| m.deleted = true)
            .is_some()
    }

    /// The group `old` becomes the supergroup `new`, as Telegram does it: a service
    /// message in each chat (`migrate_to_chat_id` in the old, `migrate_from_chat_id` in the
    /// new), and from then on every call into the old id fails with the new id in its
    /// parameters.
    pub fn migrate(&self, old: &TgChat, new: &TgChat, by: &TgUser) {
        let (old_id, new_id) = (old.id(), new.id());
        let mut group = old.json();
        group["type"] = json!("group");
        for (chat, field, other) in [
            (group, "migrate_to_chat_id", new_id),
            (new.json(), "migrate_from_chat_id", old_id),
        ] {
            let id = self.user_message_id(chat["id"].as_i64().unwrap_or_default());
            let msg = json!({
                "message_id": id, "date": now_unix(), "chat": chat, "from": by.json(),
                field: other,
            });
            self.push(json!({ "message": msg }));
        }
        lock(&self.shared).migrated.insert(old_id, new_id);
    }

    /// `by` removes the bot from `chat` (a group), or blocks it (a private chat), as
    /// Telegram does it: a `my_chat_member` update says so (unless `announce` is false, as
    /// when that update is lost), and from then on every call into the chat is refused
    /// with 403 and Telegram's description.
    pub fn remove_bot(&self, chat: &TgChat, by: &TgUser, announce: bool) {
        let why = match chat {
            TgChat::Private(_) => "Forbidden: bot was blocked by the user",
            TgChat::Group(..) => "Forbidden: bot was kicked from the supergroup chat",
        };
        lock(&self.shared).closed.insert(chat.id(), why.into());
        if announce {
            self.push_membership(
                chat,
                by,
                "member",
                json!({ "status": "kicked", "until_date": 0 }),
            );
        }
    }

    /// `by` adds the bot back to `chat` (or unblocks it): calls into it work again, and a
    /// `my_chat_member` update says so (unless `announce` is false, as when it is lost).
    pub fn add_bot_back(&self, chat: &TgChat, by: &TgUser, announce: bool) {
        lock(&self.shared).closed.remove(&chat.id());
        if announce {
            self.push_membership(chat, by, "kicked", json!({ "status": "member" }));
        }
    }

    fn push_membership(&self, chat: &TgChat, by: &TgUser, old: &str, new: Value) {
        let mut new_member = new;
        new_member["user"] = bot_user();
        let mut old_member = json!({ "status": old, "user": bot_user() });
        if old == "kicked" {
            old_member["until_date"] = json!(0);
        }
        let update = json!({ "my_chat_member": {
            "chat": chat.json(), "from": by.json(), "date": now_unix(),
            "old_chat_member": old_member, "new_chat_member": new_member,
        }});
        self.push(update);
    }

    /// The group `old` becomes the supergroup `new`, and both service messages are lost:
    /// the bot learns it only from the first call into the old id that fails.
    pub fn migrate_silently(&self, old: &TgChat, new: &TgChat) {
        lock(&self.shared).migrated.insert(old.id(), new.id());
    }

    /// A group admin writing anonymously, as the group: Telegram's stand-in bot is the
    /// sender and the group itself the `sender_chat`. Returns the message id.
    pub fn send_as_group(&self, chat: &TgChat, text: &str) -> i64 {
        let anonymous = TgUser {
            id: GROUP_ANONYMOUS_BOT,
            first_name: "Group".into(),
            username: Some("GroupAnonymousBot".into()),
            lang: None,
        };
        let mut p = self.push_text_as(chat, &anonymous, text, Some(chat.json()));
        p.message_id.take().unwrap_or_default()
    }

    fn push(&self, update: Value) -> i64 {
        self.push_with(|_, id| {
            let mut u = update;
            u["update_id"] = json!(id);
            u.to_string()
        })
    }

    /// Queue the update that `make` serializes for update id `id`, with the fake's state
    /// at hand (a tap embeds its message without copying it).
    fn push_with(&self, make: impl FnOnce(&Inner, i64) -> String) -> i64 {
        let mut g = lock(&self.shared);
        let id = g.next_update_id;
        g.next_update_id += 1;
        let json = make(&g, id);
        g.updates.push_back(Queued { id, json });
        drop(g);
        self.shared.changed.notify_waiters();
        id
    }

    fn user_message_id(&self, chat: i64) -> i64 {
        let mut g = lock(&self.shared);
        let n = g.next_message_id.entry(chat).or_insert(1);
        let id = *n;
        *n += 1;
        id
    }

    /// A user sends `text` in `chat`; returns the new message id. Commands get a
    /// `bot_command` entity as Telegram adds one.
    pub fn send_text(&self, chat: &TgChat, from: &TgUser, text: &str) -> i64 {
        self.push_text(chat, from, text, None, Vec::new())
            .message_id
            .unwrap_or_default()
    }

    /// A user replies to message `reply_to` with `text`.
    pub fn reply_text(&self, chat: &TgChat, from: &TgUser, reply_to: i64, text: &str) -> i64 {
        self.push_text(chat, from, text, Some(reply_to), Vec::new())
            .message_id
            .unwrap_or_default()
    }

    /// A message with explicit extra entities (e.g. a `text_mention`) and an optional
    /// reply; its message and update ids.
    pub fn push_text(
        &self,
        chat: &TgChat,
        from: &TgUser,
        text: &str,
        reply_to: Option<i64>,
        entities: Vec<Value>,
    ) -> Pushed {
        if let TgChat::Private(u) = chat {
            lock(&self.shared).started.insert(u.id);
        }
        self.push_message(chat, from.json(), text, reply_to, entities, None)
    }

    fn push_text_as(
        &self,
        chat: &TgChat,
        from: &TgUser,
        text: &str,
        sender_chat: Option<Value>,
    ) -> Pushed {
        let mut user = from.json();
        user["is_bot"] = json!(true);
        self.push_message(chat, user, text, None, Vec::new(), sender_chat)
    }

    fn push_message(
        &self,
        chat: &TgChat,
        from: Value,
        text: &str,
        reply_to: Option<i64>,
        mut entities: Vec<Value>,
        sender_chat: Option<Value>,
    ) -> Pushed {
        let id = self.user_message_id(chat.id());
        if text.starts_with('/') {
            let len = text
                .split_whitespace()
                .next()
                .map_or(0, |w| w.encode_utf16().count());
            entities.insert(
                0,
                json!({ "type": "bot_command", "offset": 0, "length": len }),
            );
        }
        let mut msg = json!({
            "message_id": id,
            "date": now_unix(),
            "chat": chat.json(),
            "from": from,
            "text": text,
        });
        if let Some(s) = sender_chat {
            msg["sender_chat"] = s;
        }
        if !entities.is_empty() {
            msg["entities"] = Value::Array(entities);
        }
        if let Some(r) = reply_to {
            let replied = self
                .message(chat.id(), r)
                .map(|m| Value::clone(&m.json))
                .unwrap_or_else(
                    || json!({ "message_id": r, "date": now_unix(), "chat": chat.json() }),
                );
            msg["reply_to_message"] = replied;
        }
        {
            let mut g = lock(&self.shared);
            if !g.lean {
                g.messages.insert(
                    (chat.id(), id),
                    StoredMessage {
                        json: Arc::new(msg.clone()),
                        media: None,
                        deleted: false,
                    },
                );
            }
        }
        let update_id = self.push(json!({ "message": msg }));
        Pushed {
            update_id,
            message_id: Some(id),
            callback_id: None,
        }
    }

    /// A user taps an inline button with `data` on message `message_id`; returns the
    /// callback query id.
    pub fn tap(&self, chat: &TgChat, from: &TgUser, message_id: i64, data: &str) -> String {
        self.push_tap(chat, from, message_id, data)
            .callback_id
            .unwrap_or_default()
    }

    /// As [`FakeApi::tap`], returning the update id too.
    pub fn push_tap(&self, chat: &TgChat, from: &TgUser, message_id: i64, data: &str) -> Pushed {
        /// The update, serialized from borrowed parts: the message (a board's keyboard
        /// of 64 buttons) is not copied.
        #[derive(serde::Serialize)]
        struct Tap<'a> {
            update_id: i64,
            callback_query: Query<'a>,
        }
        #[derive(serde::Serialize)]
        struct Query<'a> {
            id: &'a str,
            from: Value,
            message: &'a Value,
            chat_instance: String,
            data: &'a str,
        }
        let mut qid = String::new();
        let update_id = self.push_with(|g, update_id| {
            qid = format!("cb{update_id}");
            let unknown;
            let message = match g.messages.get(&(chat.id(), message_id)) {
                Some(m) => &*m.json,
                None => {
                    unknown = json!({ "message_id": message_id, "date": now_unix(), "chat": chat.json(), "from": bot_user(), "text": "?" });
                    &unknown
                }
            };
            serde_json::to_string(&Tap {
                update_id,
                callback_query: Query {
                    id: &qid,
                    from: from.json(),
                    message,
                    chat_instance: format!("ci{}", chat.id()),
                    data,
                },
            })
            .unwrap_or_default()
        });
        Pushed {
            update_id,
            message_id: None,
            callback_id: Some(qid),
        }
    }

    /// A user types `@bot <query>` in a chat of `chat_type` (`sender`, `private`, `group`,
    /// `supergroup`), which the bot need not be in; returns the inline query's id.
    pub fn inline_query(&self, from: &TgUser, query: &str, chat_type: &str) -> String {
        let mut qid = String::new();
        self.push_with(|_, update_id| {
            qid = format!("iq{update_id}");
            json!({
                "update_id": update_id,
                "inline_query": {
                    "id": qid, "from": from.json(), "query": query, "offset": "",
                    "chat_type": chat_type,
                },
            })
            .to_string()
        });
        lock(&self.shared).inline_queries.insert(qid.clone());
        qid
    }

    /// The results the bot answered inline query `id` with (`None` until it answers).
    pub fn inline_answer(&self, id: &str) -> Option<Value> {
        lock(&self.shared).inline_answers.get(id).cloned()
    }

    /// The user picks result `result_id` of the answer to inline query `query_id`: it is
    /// posted "via @bot" in the user's chat. Returns its `inline_message_id`. Telegram
    /// tells the bot of the choice only when inline feedback is on in @BotFather, so no
    /// update is sent.
    pub fn choose_inline_result(&self, query_id: &str, result_id: &str) -> Option<String> {
        let mut g = lock(&self.shared);
        let results = g.inline_answers.get(query_id)?.get("results")?.as_array()?;
        let r = results
            .iter()
            .find(|r| r.get("id").and_then(Value::as_str) == Some(result_id))?
            .clone();
        let mut msg = json!({ "via_bot": bot_user() });
        let mut media = None;
        match r.get("type").and_then(Value::as_str) {
            Some("article") => {
                let content = r.get("input_message_content")?;
                msg["text"] = content.get("message_text")?.clone();
            }
            Some("photo") => {
                let fid = r.get("photo_file_id").and_then(Value::as_str)?;
                let bytes = g.files.get(fid)?.clone();
                msg["photo"] = media_json("photo", fid, bytes.len());
                if let Some(c) = r.get("caption") {
                    msg["caption"] = c.clone();
                }
                media = Some(bytes);
            }
            _ => return None,
        }
        if let Some(k) = r.get("reply_markup") {
            msg["reply_markup"] = k.clone();
        }
        let id = format!("inl{}{result_id}", g.inline_messages.len() + 1);
        g.inline_messages.insert(
            id.clone(),
            StoredMessage {
                json: Arc::new(msg),
                media,
                deleted: false,
            },
        );
        Some(id)
    }

    /// An inline message as it is now.
    pub fn inline_message(&self, id: &str) -> Option<StoredMessage> {
        lock(&self.shared).inline_messages.get(id).cloned()
    }

    /// A user taps a button with `data` on inline message `inline_message_id`: the query
    /// carries that id and no message or chat. Returns the callback query id.
    pub fn tap_inline(&self, from: &TgUser, inline_message_id: &str, data: &str) -> String {
        self.push_tap_inline(from, inline_message_id, data)
            .callback_id
            .unwrap_or_default()
    }

    /// [`FakeApi::tap_inline`], returning the ids a load driver follows.
    pub fn push_tap_inline(&self, from: &TgUser, inline_message_id: &str, data: &str) -> Pushed {
        let mut qid = String::new();
        let update_id = self.push_with(|_, update_id| {
            qid = format!("cb{update_id}");
            json!({
                "update_id": update_id,
                "callback_query": {
                    "id": qid, "from": from.json(), "inline_message_id": inline_message_id,
                    "chat_instance": format!("ci-{inline_message_id}"), "data": data,
                },
            })
            .to_string()
        });
        Pushed {
            update_id,
            message_id: None,
            callback_id: Some(qid),
        }
    }
}
