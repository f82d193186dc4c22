//! The HTTP server: requests parsed, faults and rate limits applied, calls handed to the
//! methods and recorded, and the long polls of `getUpdates`.

use super::faults::{Fault, dropped};
use super::limits::inline_limit_key;
use super::methods::{bad, dispatch, int};
use super::state::{Inner, Shared, lock};
use super::types::{Call, Event, Upload};
use axum::Router;
use axum::body::Bytes;
use axum::extract::{FromRequest, Multipart, Path, Request, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde_json::{Map, Value, json};
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::Notify;

/// A running fake server. Dropping it stops the server.
pub struct FakeApi {
    pub(super) shared: Arc<Shared>,
    addr: SocketAddr,
    task: tokio::task::JoinHandle<()>,
}

impl Drop for FakeApi {
    fn drop(&mut self) {
        self.task.abort();
    }
}

impl FakeApi {
    /// Start on 127.0.0.1 with a random port.
    pub async fn start() -> std::io::Result<FakeApi> {
        let shared = Arc::new(Shared {
            inner: Mutex::new(Inner {
                next_update_id: 1,
                ..Inner::default()
            }),
            changed: Notify::new(),
        });
        let app = Router::new()
            .route("/{token}/{method}", axum::routing::post(handle).get(handle))
            .with_state(shared.clone());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
        let addr = listener.local_addr()?;
        let task = tokio::spawn(async move {
            let _ = axum::serve(listener, app).await;
        });
        Ok(FakeApi { shared, addr, task })
    }

    /// The API URL to give the bot (`--api-url`).
    pub fn url(&self) -> String {
        format!("http://{}/", self.addr)
    }
}

/// Parse a request body (JSON, form or multipart) into params and files; `None` when the
/// body broke off (the client died mid-upload: a killed bot), which Telegram would not
/// act on either.
async fn parse_body(req: Request) -> Option<(Value, Vec<Upload>)> {
    let ctype = req
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_string();
    let mut params = Map::new();
    let mut files = Vec::new();
    if ctype.starts_with("multipart/form-data") {
        if let Ok(mut mp) = Multipart::from_request(req, &()).await {
            loop {
                let field = match mp.next_field().await {
                    Ok(Some(f)) => f,
                    Ok(None) => break,
                    Err(_) => return None,
                };
                let name = field.name().unwrap_or("").to_string();
                let file_name = field.file_name().map(str::to_string);
                let Ok(bytes) = field.bytes().await else {
                    return None;
                };
                if file_name.is_some() {
                    files.push(Upload {
                        field: name,
                        file_name,
                        bytes: bytes.to_vec(),
                    });
                } else {
                    let s = String::from_utf8_lossy(&bytes).to_string();
                    let v = serde_json::from_str::<Value>(&s)
                        .ok()
                        .filter(|v| v.is_object() || v.is_array())
                        .unwrap_or(Value::String(s));
                    params.insert(name, v);
                }
            }
        }
    } else {
        let Ok(body) = Bytes::from_request(req, &()).await else {
            return None;
        };
        if let Ok(Value::Object(m)) = serde_json::from_slice::<Value>(&body) {
            params = m;
        } else if let Ok(pairs) = serde_urlencoded_pairs(&body) {
            for (k, v) in pairs {
                params.insert(k, Value::String(v));
            }
        }
    }
    Some((Value::Object(params), files))
}

fn serde_urlencoded_pairs(body: &[u8]) -> Result<Vec<(String, String)>, ()> {
    let s = std::str::from_utf8(body).map_err(|_| ())?;
    Ok(s.split('&')
        .filter(|p| !p.is_empty())
        .filter_map(|p| p.split_once('='))
        .map(|(k, v)| (k.to_string(), v.replace('+', " ")))
        .collect())
}

/// A successful answer, serialized from a borrowed result: the result is also recorded, and
/// a copy of a board message (its keyboard, its picture's sizes) per call is measurable
/// in a load test.
fn ok<T: serde::Serialize>(result: &T) -> Response {
    #[derive(serde::Serialize)]
    struct Ok<'a, T> {
        ok: bool,
        result: &'a T,
    }
    (StatusCode::OK, axum::Json(Ok { ok: true, result })).into_response()
}

fn err(code: u16, description: &str, retry_after: Option<u32>) -> Response {
    let mut body = json!({ "ok": false, "error_code": code, "description": description });
    if let Some(r) = retry_after {
        body["parameters"] = json!({ "retry_after": r });
    }
    (
        StatusCode::from_u16(code).unwrap_or(StatusCode::BAD_REQUEST),
        axum::Json(body),
    )
        .into_response()
}

async fn handle(
    State(shared): State<Arc<Shared>>,
    Path((token, method)): Path<(String, String)>,
    _headers: HeaderMap,
    req: Request,
) -> Response {
    let arrived = Instant::now();
    if !token.starts_with("bot") {
        return err(404, "Not Found", None);
    }
    let lower = method.to_ascii_lowercase();
    let Some((mut params, files)) = parse_body(req).await else {
        // Nobody is left to read an answer; nothing is done or recorded.
        return err(400, "Bad Request: the request body broke off", None);
    };
    if lower == "getupdates" {
        if lock(&shared).polls_fail {
            record(&shared, &method, params, files, Err("502".into()), arrived);
            return err(502, "Bad Gateway", None);
        }
        return get_updates(&shared, &params).await;
    }
    // Faults (never on getUpdates, so the bot keeps receiving).
    let fault = lock(&shared).faults.take(&method);
    let limited = {
        let mut g = lock(&shared);
        let chat = int(&params, "chat_id").or_else(|| {
            params
                .get("inline_message_id")
                .and_then(Value::as_str)
                .map(inline_limit_key)
        });
        g.limiter.admit(&lower, chat, arrived)
    };
    if let Some(secs) = limited {
        record(&shared, &method, params, files, Err("429".into()), arrived);
        return err(
            429,
            &format!("Too Many Requests: retry after {secs}"),
            Some(secs),
        );
    }
    match fault {
        Some(Fault::Slow(d)) => tokio::time::sleep(d).await,
        Some(Fault::TooManyRequests(s)) => {
            record(&shared, &method, params, files, Err("429".into()), arrived);
            return err(429, &format!("Too Many Requests: retry after {s}"), Some(s));
        }
        Some(Fault::ServerError) => {
            record(&shared, &method, params, files, Err("500".into()), arrived);
            return err(500, "Internal Server Error", None);
        }
        Some(Fault::Drop) => {
            record(
                &shared,
                &method,
                params,
                files,
                Err("dropped".into()),
                arrived,
            );
            return dropped();
        }
        Some(Fault::DropAfter) | None => {}
    }
    let closed = {
        let g = lock(&shared);
        int(&params, "chat_id").and_then(|c| g.closed.get(&c).cloned())
    };
    if let Some(why) = closed {
        record(&shared, &method, params, files, Err(why.clone()), arrived);
        return err(403, &why, None);
    }
    let (result, moved_to) = {
        let mut g = lock(&shared);
        // A call into a group that became a supergroup fails, naming the new id.
        match int(&params, "chat_id").and_then(|c| g.migrated.get(&c).copied()) {
            Some(to) => (
                Err(bad("group chat was upgraded to a supergroup chat")),
                Some(to),
            ),
            None => (dispatch(&mut g, &lower, &mut params, &files), None),
        }
    };
    let response = match (&result, moved_to) {
        (Ok(v), _) => ok(&**v),
        (Err((code, d)), Some(to)) => {
            let body = json!({ "ok": false, "error_code": code, "description": d,
                "parameters": { "migrate_to_chat_id": to } });
            (StatusCode::BAD_REQUEST, axum::Json(body)).into_response()
        }
        (Err((code, d)), None) => err(*code, d, None),
    };
    let response = if fault == Some(Fault::DropAfter) {
        dropped()
    } else {
        response
    };
    record(
        &shared,
        &method,
        params,
        files,
        result.map_err(|(_, d)| d),
        arrived,
    );
    response
}

fn record(
    shared: &Shared,
    method: &str,
    params: Value,
    files: Vec<Upload>,
    response: Result<Arc<Value>, String>,
    at: Instant,
) {
    let mut g = lock(shared);
    let seq = g.seq;
    g.seq += 1;
    let mut call = Call {
        seq,
        method: method.to_string(),
        params,
        files: Vec::new(),
        response,
        at,
    };
    let watched = !g.subscribers.is_empty();
    if g.lean {
        // Not kept: the subscribers get the call itself.
        if watched {
            let ev = Event::Call(Arc::new(call));
            g.subscribers.retain(|s| s.send(ev.clone()).is_ok());
        }
    } else {
        if watched {
            let ev = Event::Call(Arc::new(call.clone()));
            g.subscribers.retain(|s| s.send(ev.clone()).is_ok());
        }
        call.files = files;
        g.calls.push(call);
    }
    drop(g);
    shared.changed.notify_waiters();
}

async fn get_updates(shared: &Shared, params: &Value) -> Response {
    let offset = params
        .get("offset")
        .and_then(|v| v.as_i64().or_else(|| v.as_str()?.parse().ok()))
        .unwrap_or(0);
    let timeout = params
        .get("timeout")
        .and_then(|v| v.as_u64().or_else(|| v.as_str()?.parse().ok()))
        .unwrap_or(0)
        .min(2);
    let deadline = tokio::time::Instant::now() + Duration::from_secs(timeout);
    let this = {
        let mut g = lock(shared);
        g.polls += 1;
        g.polls
    };
    // Wake a poll still waiting, which this one ends.
    shared.changed.notify_waiters();
    loop {
        let notified = shared.changed.notified();
        {
            let mut g = lock(shared);
            if g.polls != this {
                g.conflicts += 1;
                drop(g);
                return err(
                    409,
                    "Conflict: terminated by other getUpdates request; make sure that only one bot instance is running",
                    None,
                );
            }
            // Confirmed updates (id < offset) are dropped, as Telegram does.
            while g.updates.front().is_some_and(|u| u.id < offset) {
                g.updates.pop_front();
            }
            if !g.updates.is_empty() {
                let at = Instant::now();
                let batch = g.updates.iter().take(100);
                let first = g.updates.front().map(|u| u.id);
                let last = batch.clone().next_back().map(|u| u.id);
                // Kept until confirmed, as Telegram keeps them.
                let mut body = String::from(r#"{"ok":true,"result":["#);
                for (i, u) in batch.enumerate() {
                    if i > 0 {
                        body.push(',');
                    }
                    body.push_str(&u.json);
                }
                body.push_str("]}");
                if let (Some(first), Some(last)) = (first, last)
                    && !g.subscribers.is_empty()
                {
                    let ev = Event::Delivered { first, last, at };
                    g.subscribers.retain(|s| s.send(ev.clone()).is_ok());
                }
                return (
                    StatusCode::OK,
                    [(header::CONTENT_TYPE, "application/json")],
                    body,
                )
                    .into_response();
            }
        }
        if tokio::time::timeout_at(deadline, notified).await.is_err() {
            return ok(&json!([]));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fakeapi::methods::new_file;
    use crate::fakeapi::types::{TgUser, keyboard_buttons};
    use tokio::io::{AsyncReadExt, AsyncWriteExt};

    /// A `sendPhoto` upload as raw HTTP, its body cut after `keep` bytes when given (a
    /// client killed mid-upload).
    async fn raw_send_photo(api: &FakeApi, keep: Option<usize>) {
        let mut body = Vec::new();
        body.extend_from_slice(
            b"--XYZ\r\nContent-Disposition: form-data; name=\"chat_id\"\r\n\r\n42\r\n\
              --XYZ\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"b.png\"\r\n\
              Content-Type: image/png\r\n\r\n",
        );
        body.extend(std::iter::repeat_n(7u8, 4096));
        body.extend_from_slice(b"\r\n--XYZ--\r\n");
        let head = format!(
            "POST /bot1:T/sendPhoto HTTP/1.1\r\nHost: 127.0.0.1\r\n\
             Content-Type: multipart/form-data; boundary=XYZ\r\nContent-Length: {}\r\n\
             Connection: close\r\n\r\n",
            body.len()
        );
        let mut s = tokio::net::TcpStream::connect(api.addr)
            .await
            .expect("connect");
        s.write_all(head.as_bytes()).await.expect("head");
        s.write_all(&body[..keep.unwrap_or(body.len())])
            .await
            .expect("body");
        s.shutdown().await.expect("shutdown");
        let mut answer = Vec::new();
        // The answer (or the closed connection) ends the exchange.
        let _ = tokio::time::timeout(Duration::from_secs(5), s.read_to_end(&mut answer)).await;
    }

    /// A call as the bot makes it, by JSON.
    async fn call(api: &FakeApi, method: &str, body: Value) -> Value {
        let body = body.to_string();
        let head = format!(
            "POST /bot1:T/{method} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n\
             Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        );
        let mut s = tokio::net::TcpStream::connect(api.addr)
            .await
            .expect("connect");
        s.write_all(head.as_bytes()).await.expect("request");
        let mut answer = Vec::new();
        let _ = tokio::time::timeout(Duration::from_secs(5), s.read_to_end(&mut answer)).await;
        let text = String::from_utf8_lossy(&answer);
        let json = text.split("\r\n\r\n").nth(1).unwrap_or("{}");
        serde_json::from_str(json).unwrap_or(Value::Null)
    }

    #[tokio::test]
    async fn inline_queries_results_taps_and_edits() {
        let api = FakeApi::start().await.expect("start");
        let ann = TgUser::new(7, "Ann", "en");
        let q = api.inline_query(&ann, "diagonal", "private");
        let kb = json!({ "inline_keyboard": [[{ "text": "Accept", "callback_data": "a" }]] });
        let article = json!({
            "type": "article", "id": "tok1", "title": "Diagonal",
            "input_message_content": { "message_text": "Ann wants to play" },
            "reply_markup": kb,
        });
        // Duplicate ids are refused; a good answer is kept, once.
        let dup = call(
            &api,
            "answerInlineQuery",
            json!({ "inline_query_id": q, "results": [article, article] }),
        )
        .await;
        assert_eq!(dup["ok"], json!(false), "{dup}");
        let ok = call(
            &api,
            "answerInlineQuery",
            json!({ "inline_query_id": q, "results": [article] }),
        )
        .await;
        assert_eq!(ok["ok"], json!(true), "{ok}");
        let again = call(
            &api,
            "answerInlineQuery",
            json!({ "inline_query_id": q, "results": [article] }),
        )
        .await;
        assert_eq!(
            again["ok"],
            json!(false),
            "a query is answered once: {again}"
        );
        assert!(api.inline_answer(&q).is_some());

        // Posted via the bot; a tap carries the inline message's id and no chat.
        let id = api.choose_inline_result(&q, "tok1").expect("posted");
        let m = api.inline_message(&id).expect("stored");
        assert_eq!(m.json["text"], json!("Ann wants to play"));
        assert_eq!(
            keyboard_buttons(m.json.get("reply_markup")),
            vec![("Accept".into(), "a".into())]
        );
        api.tap_inline(&ann, &id, "a");
        {
            let g = lock(&api.shared);
            let update: Value =
                serde_json::from_str(&g.updates.back().expect("a tap").json).expect("json");
            assert_eq!(update["callback_query"]["inline_message_id"], json!(id));
            assert!(update["callback_query"].get("message").is_none());
        }

        // Edits by inline_message_id answer `true`; a new upload is refused, a known file
        // id or a URL is taken.
        let edited = call(
            &api,
            "editMessageText",
            json!({ "inline_message_id": id, "text": "Game on" }),
        )
        .await;
        assert_eq!(edited["result"], json!(true), "{edited}");
        assert_eq!(
            api.inline_message(&id).expect("stored").json["text"],
            json!("Game on")
        );
        let upload = call(
            &api,
            "editMessageMedia",
            json!({ "inline_message_id": id, "media": { "type": "photo", "media": "attach://p" } }),
        )
        .await;
        assert_eq!(upload["ok"], json!(false), "{upload}");
        let fid = {
            let mut g = lock(&api.shared);
            new_file(&mut g, b"png")
        };
        let by_id = call(&api, "editMessageMedia", json!({ "inline_message_id": id, "media": { "type": "photo", "media": fid, "caption": "Move 1" } })).await;
        assert_eq!(by_id["result"], json!(true), "{by_id}");
        let m = api.inline_message(&id).expect("stored");
        assert_eq!(m.media.as_deref(), Some(&b"png"[..]));
        assert_eq!(m.json["caption"], json!("Move 1"));
        let by_url = call(&api, "editMessageMedia", json!({ "inline_message_id": id, "media": { "type": "photo", "media": "https://example.org/b.png" } })).await;
        assert_eq!(by_url["result"], json!(true), "{by_url}");
        let unknown = call(
            &api,
            "editMessageText",
            json!({ "inline_message_id": "nope", "text": "x" }),
        )
        .await;
        assert_eq!(unknown["ok"], json!(false), "{unknown}");
    }

    #[tokio::test]
    async fn a_request_whose_body_broke_off_is_not_acted_on() {
        let api = FakeApi::start().await.expect("start");
        // Cut inside the file: the fields read so far must not become a call.
        raw_send_photo(&api, Some(300)).await;
        tokio::time::sleep(Duration::from_millis(100)).await;
        assert!(api.calls().is_empty(), "{:?}", api.calls());
        assert!(api.message(42, 1).is_none());
        // The same request whole is a call and a message (so the cut made the difference).
        raw_send_photo(&api, None).await;
        let calls = api.calls();
        assert_eq!(calls.len(), 1);
        assert!(calls[0].is("sendPhoto") && calls[0].response.is_ok());
        assert_eq!(calls[0].upload().map(<[u8]>::len), Some(4096));
        assert!(api.message(42, 1).is_some());
    }

    /// Two long polls on one token, as two instances of a bot would make: the newer one
    /// ends the waiting one with 409 Conflict, as Telegram does, and goes on to get the
    /// updates.
    #[tokio::test]
    async fn a_second_poll_ends_the_first_with_a_conflict() {
        let api = Arc::new(FakeApi::start().await.expect("start"));
        let first = tokio::spawn({
            let api = Arc::clone(&api);
            async move { call(&api, "getUpdates", json!({ "timeout": 2 })).await }
        });
        tokio::time::sleep(Duration::from_millis(200)).await;
        let second = tokio::spawn({
            let api = Arc::clone(&api);
            async move { call(&api, "getUpdates", json!({ "timeout": 2 })).await }
        });
        let first = first.await.expect("the first poll");
        assert_eq!(first["error_code"], json!(409), "{first}");
        assert!(
            first["description"]
                .as_str()
                .is_some_and(|d| d.starts_with("Conflict: terminated by other getUpdates")),
            "{first}"
        );
        let second = second.await.expect("the second poll");
        assert_eq!(second["ok"], json!(true), "{second}");
    }
}
