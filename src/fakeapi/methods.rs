//! The Bot API methods the fake answers, over its state: sending, editing and deleting
//! messages, inline answers, chat members.

use super::state::Inner;
use super::types::{BOT_ID, BOT_USERNAME, StoredMessage, Upload, bot_user, now_unix};
use serde_json::{Value, json};
use std::collections::HashSet;
use std::sync::Arc;

pub(super) type ApiResult = Result<Arc<Value>, (u16, String)>;

pub(super) fn bad(d: &str) -> (u16, String) {
    (400, format!("Bad Request: {d}"))
}

pub(super) fn int(params: &Value, key: &str) -> Option<i64> {
    match params.get(key)? {
        Value::Number(n) => n.as_i64(),
        Value::String(s) => s.parse().ok(),
        _ => None,
    }
}

fn chat_json(chat_id: i64) -> Value {
    if chat_id < 0 {
        json!({ "id": chat_id, "type": "supergroup", "title": "group" })
    } else {
        json!({ "id": chat_id, "type": "private", "first_name": "user" })
    }
}

pub(super) fn new_file(g: &mut Inner, bytes: &[u8]) -> String {
    g.next_file += 1;
    let id = format!("file{}", g.next_file);
    if !g.lean {
        g.files.insert(id.clone(), bytes.to_vec());
    }
    id
}

/// The uploaded bytes for a media value: `attach://name`, an uploaded field, or a known file id.
fn media_bytes(
    g: &Inner,
    reference: Option<&Value>,
    field: &str,
    files: &[Upload],
) -> Option<Vec<u8>> {
    if let Some(Value::String(s)) = reference {
        if let Some(name) = s.strip_prefix("attach://") {
            return files
                .iter()
                .find(|f| f.field == name)
                .map(|f| f.bytes.clone());
        }
        if let Some(b) = g.files.get(s) {
            return Some(b.clone());
        }
    }
    files
        .iter()
        .find(|f| f.field == field)
        .or_else(|| files.first())
        .map(|f| f.bytes.clone())
}

pub(super) fn media_json(kind: &str, file_id: &str, len: usize) -> Value {
    match kind {
        "photo" => json!([
            { "file_id": format!("{file_id}s"), "file_unique_id": format!("u{file_id}s"), "width": 90, "height": 90, "file_size": len / 8 },
            { "file_id": file_id, "file_unique_id": format!("u{file_id}"), "width": 720, "height": 720, "file_size": len },
        ]),
        "animation" => {
            json!({ "file_id": file_id, "file_unique_id": format!("u{file_id}"), "width": 480, "height": 480, "duration": 10, "file_size": len })
        }
        _ => {
            json!({ "file_id": file_id, "file_unique_id": format!("u{file_id}"), "file_name": "game.txt", "file_size": len })
        }
    }
}

fn send(
    g: &mut Inner,
    chat: i64,
    mut msg: Value,
    media: Option<Vec<u8>>,
    params: &mut Value,
) -> ApiResult {
    let n = g.next_message_id.entry(chat).or_insert(1);
    let id = *n;
    *n += 1;
    msg["message_id"] = json!(id);
    msg["date"] = json!(now_unix());
    msg["chat"] = chat_json(chat);
    msg["from"] = bot_user();
    if let Some(m) = take_keyboard(params) {
        msg["reply_markup"] = m;
    }
    if let Some(r) = int(params, "reply_to_message_id").or_else(|| {
        params
            .get("reply_parameters")
            .and_then(|p| p.get("message_id"))
            .and_then(Value::as_i64)
    }) && let Some(m) = g.messages.get(&(chat, r))
    {
        msg["reply_to_message"] = Value::clone(&m.json);
    }
    let msg = Arc::new(msg);
    g.messages.insert(
        (chat, id),
        StoredMessage {
            json: msg.clone(),
            media,
            deleted: false,
        },
    );
    Ok(msg)
}

fn target<'a>(g: &'a mut Inner, params: &Value) -> Result<&'a mut StoredMessage, (u16, String)> {
    if let Some(id) = params.get("inline_message_id").and_then(Value::as_str) {
        return match g.inline_messages.get_mut(id) {
            Some(m) => Ok(m),
            None => Err(bad("MESSAGE_ID_INVALID")),
        };
    }
    let chat = int(params, "chat_id").ok_or_else(|| bad("chat_id is empty"))?;
    let id = int(params, "message_id").ok_or_else(|| bad("message_id is empty"))?;
    match g.messages.get_mut(&(chat, id)) {
        Some(m) if !m.deleted => Ok(m),
        _ => Err(bad("message to edit not found")),
    }
}

/// Move an inline keyboard out of a call's parameters (see [`Call::keyboard`](super::Call::keyboard)).
/// An edit of an inline message answers `true`, not the message: its call keeps the
/// keyboard (copied), so tests can read what was sent.
fn take_keyboard(params: &mut Value) -> Option<Value> {
    let inline = params.get("inline_message_id").is_some();
    let o = params.as_object_mut()?;
    if o.get("reply_markup")?.get("inline_keyboard").is_none() {
        None
    } else if inline {
        o.get("reply_markup").cloned()
    } else {
        o.remove("reply_markup")
    }
}

pub(super) fn dispatch(
    g: &mut Inner,
    method: &str,
    params: &mut Value,
    files: &[Upload],
) -> ApiResult {
    let chat = int(params, "chat_id");
    if let Some(c) = chat
        && c > 0
        && method.starts_with("send")
        && g.private_needs_start
        && !g.started.contains(&c)
    {
        return Err((
            403,
            "Forbidden: bot can't initiate conversation with a user".into(),
        ));
    }
    // Telegram takes `web_app` buttons in private chats only: elsewhere (groups, inline
    // messages) the call is refused.
    let web_app = params
        .get("reply_markup")
        .and_then(|k| k.get("inline_keyboard"))
        .and_then(Value::as_array)
        .is_some_and(|rows| {
            rows.iter()
                .filter_map(Value::as_array)
                .flatten()
                .any(|b| b.get("web_app").is_some())
        });
    if web_app && chat.is_none_or(|c| c < 0) {
        return Err(bad("BUTTON_TYPE_INVALID"));
    }
    match method {
        "getme" => Ok(Arc::new(json!({
            "id": BOT_ID, "is_bot": true, "first_name": "Ugolki", "username": BOT_USERNAME,
            "can_join_groups": true, "can_read_all_group_messages": false,
            "supports_inline_queries": true, "can_connect_to_business": false,
            "has_main_web_app": false,
        }))),
        "getwebhookinfo" => Ok(Arc::new(
            json!({ "url": "", "has_custom_certificate": false, "pending_update_count": 0 }),
        )),
        "deletewebhook"
        | "setmycommands"
        | "deletemycommands"
        | "setmydescription"
        | "setmyshortdescription"
        | "close"
        | "logout"
        | "setchatmenubutton" => Ok(Arc::new(json!(true))),
        "answercallbackquery" => Ok(Arc::new(json!(true))),
        "answerinlinequery" => answer_inline_query(g, params),
        "getchatmember" => chat_member(g, params, chat.ok_or_else(|| bad("chat_id is empty"))?),
        "sendmessage" => {
            let c = chat.ok_or_else(|| bad("chat_id is empty"))?;
            let text = params.get("text").and_then(Value::as_str).unwrap_or("");
            if text.is_empty() {
                return Err(bad("message text is empty"));
            }
            if text.chars().count() > 4096 {
                return Err(bad("message is too long"));
            }
            send(g, c, json!({ "text": text }), None, params)
        }
        "sendphoto" | "sendanimation" | "senddocument" => {
            let c = chat.ok_or_else(|| bad("chat_id is empty"))?;
            send_media(g, method, c, params, files)
        }
        "editmessagemedia" => edit_media(g, params, files),
        "editmessagecaption" | "editmessagetext" | "editmessagereplymarkup" => {
            edit_text_or_markup(g, params)
        }
        "deletemessage" => {
            let m = target(g, params).map_err(|_| bad("message to delete not found"))?;
            m.deleted = true;
            Ok(Arc::new(json!(true)))
        }
        _ => Err((404, "Not Found: method not found".into())),
    }
}

/// Telegram's answer to an edit that changes nothing.
const NOT_MODIFIED: &str = "message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message";

/// `getChatMember`: an administrator for the chat's admins (see `FakeApi::set_admins`),
/// else a member.
fn chat_member(g: &Inner, params: &Value, c: i64) -> ApiResult {
    let u = int(params, "user_id").ok_or_else(|| bad("user_id is empty"))?;
    let admin = g.chat_admins.get(&c).is_some_and(|a| a.contains(&u));
    let user = json!({ "id": u, "is_bot": false, "first_name": "user" });
    Ok(Arc::new(if admin {
        json!({
            "status": "administrator", "user": user, "can_be_edited": false,
            "is_anonymous": false, "can_manage_chat": true, "can_delete_messages": true,
            "can_manage_video_chats": true, "can_restrict_members": true,
            "can_promote_members": false, "can_change_info": true, "can_invite_users": true,
            "can_post_stories": false, "can_edit_stories": false, "can_delete_stories": false,
        })
    } else {
        json!({ "status": "member", "user": user })
    }))
}

/// `sendPhoto`, `sendAnimation` and `sendDocument`.
fn send_media(
    g: &mut Inner,
    method: &str,
    c: i64,
    params: &mut Value,
    files: &[Upload],
) -> ApiResult {
    let (kind, field) = match method {
        "sendphoto" => ("photo", "photo"),
        "sendanimation" => ("animation", "animation"),
        _ => ("document", "document"),
    };
    let bytes = media_bytes(g, params.get(field), field, files)
        .ok_or_else(|| bad("there is no file in the request"))?;
    let caption = params.get("caption").and_then(Value::as_str).unwrap_or("");
    if caption.chars().count() > 1024 {
        return Err(bad("message caption is too long"));
    }
    let fid = new_file(g, &bytes);
    let mut msg = json!({ kind: media_json(kind, &fid, bytes.len()) });
    if !caption.is_empty() {
        msg["caption"] = json!(caption);
    }
    // Lean mode keeps only board pictures (replays and records are not looked at).
    let keep = !g.lean || kind == "photo";
    send(g, c, msg, keep.then_some(bytes), params)
}

/// `editMessageMedia`: the new picture, caption and keyboard replace the old ones.
fn edit_media(g: &mut Inner, params: &mut Value, files: &[Upload]) -> ApiResult {
    let media = params.get("media").cloned().unwrap_or(Value::Null);
    let inline = params.get("inline_message_id").is_some();
    if inline {
        // Telegram takes no new file for a message sent via the bot: a file id of an
        // earlier upload, or a URL.
        let reference = media.get("media").and_then(Value::as_str).unwrap_or("");
        if !files.is_empty() || reference.starts_with("attach://") {
            return Err(bad(
                "can't upload file for an inline message: use a file_id or a URL",
            ));
        }
        if reference.starts_with("http://") || reference.starts_with("https://") {
            return edit_inline_media_url(g, params, &media, reference);
        }
    }
    let kind = media
        .get("type")
        .and_then(Value::as_str)
        .unwrap_or("photo")
        .to_string();
    let bytes = media_bytes(g, media.get("media"), "media", files)
        .ok_or_else(|| bad("there is no file in the request"))?;
    let fid = new_file(g, &bytes);
    let m = target(g, params)?;
    if m.media.as_deref() == Some(bytes.as_slice())
        && media.get("caption") == m.json.get("caption")
        && params.get("reply_markup") == m.json.get("reply_markup")
    {
        return Err(bad(NOT_MODIFIED));
    }
    let json = Arc::make_mut(&mut m.json);
    if let Some(o) = json.as_object_mut() {
        // A text message sent via the bot becomes a photo: its text goes.
        for key in [
            "photo",
            "animation",
            "document",
            "caption",
            "text",
            "reply_markup",
        ] {
            o.remove(key);
        }
    }
    json[kind.as_str()] = media_json(&kind, &fid, bytes.len());
    if let Some(c) = media.get("caption") {
        json["caption"] = c.clone();
    }
    if let Some(k) = take_keyboard(params) {
        json["reply_markup"] = k;
    }
    json["edit_date"] = json!(now_unix());
    m.media = Some(bytes);
    Ok(if inline {
        Arc::new(json!(true))
    } else {
        m.json.clone()
    })
}

/// An inline message's picture replaced by one at a URL (the fake keeps the URL; it
/// cannot fetch it).
fn edit_inline_media_url(g: &mut Inner, params: &mut Value, media: &Value, url: &str) -> ApiResult {
    let m = target(g, params)?;
    let json = Arc::make_mut(&mut m.json);
    if let Some(o) = json.as_object_mut() {
        for key in ["photo", "text", "caption", "reply_markup"] {
            o.remove(key);
        }
    }
    json["photo"] = json!([{ "file_id": url, "file_unique_id": url, "width": 720, "height": 720 }]);
    if let Some(c) = media.get("caption") {
        json["caption"] = c.clone();
    }
    if let Some(k) = take_keyboard(params) {
        json["reply_markup"] = k;
    }
    m.media = None;
    Ok(Arc::new(json!(true)))
}

/// `answerInlineQuery`: at most 50 results with distinct ids of 1–64 bytes, once per
/// query.
fn answer_inline_query(g: &mut Inner, params: &Value) -> ApiResult {
    let id = params
        .get("inline_query_id")
        .and_then(Value::as_str)
        .ok_or_else(|| bad("inline_query_id is empty"))?;
    if !g.inline_queries.contains(id) {
        return Err(bad(
            "query is too old and response timeout expired or query ID is invalid",
        ));
    }
    let results = params
        .get("results")
        .and_then(Value::as_array)
        .ok_or_else(|| bad("results are empty"))?;
    if results.len() > 50 {
        return Err(bad("RESULTS_TOO_MUCH"));
    }
    let mut ids = HashSet::new();
    for r in results {
        let rid = r.get("id").and_then(Value::as_str).unwrap_or("");
        if rid.is_empty() || rid.len() > 64 {
            return Err(bad("RESULT_ID_INVALID"));
        }
        if !ids.insert(rid) {
            return Err(bad("RESULT_ID_DUPLICATE"));
        }
    }
    g.inline_queries.remove(id);
    g.inline_answers.insert(id.to_string(), params.clone());
    Ok(Arc::new(json!(true)))
}

/// `editMessageCaption`, `editMessageText` and `editMessageReplyMarkup`.
fn edit_text_or_markup(g: &mut Inner, params: &mut Value) -> ApiResult {
    let m = target(g, params)?;
    let mut changed = false;
    for key in ["caption", "text"] {
        if let Some(v) = params.get(key)
            && m.json.get(key) != Some(v)
        {
            Arc::make_mut(&mut m.json)[key] = v.clone();
            changed = true;
        }
    }
    let markup = params
        .get("reply_markup")
        .filter(|k| k.get("inline_keyboard").is_some());
    if markup != m.json.get("reply_markup") {
        let json = Arc::make_mut(&mut m.json);
        match take_keyboard(params) {
            Some(k) => json["reply_markup"] = k,
            None => {
                if let Some(o) = json.as_object_mut() {
                    o.remove("reply_markup");
                }
            }
        }
        changed = true;
    }
    if !changed {
        return Err(bad(NOT_MODIFIED));
    }
    Arc::make_mut(&mut m.json)["edit_date"] = json!(now_unix());
    Ok(if params.get("inline_message_id").is_some() {
        Arc::new(json!(true))
    } else {
        m.json.clone()
    })
}
