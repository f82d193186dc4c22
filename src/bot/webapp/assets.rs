//! The page, its script and its style sheet, embedded in the binary: no bundler, no files
//! to deploy beside it. Each is sent with `no-cache` (a client revalidates, so a new
//! release reaches open pages at their next load) and an ETag of its content.

use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

const INDEX: &str = include_str!("../../../assets/webapp/index.html");
const SCRIPT: &str = include_str!("../../../assets/webapp/app.js");
const STYLE: &str = include_str!("../../../assets/webapp/style.css");

/// A weak content hash for the ETag (FNV-1a): not a secret, only a change detector.
fn etag(body: &str) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in body.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("\"{h:016x}\"")
}

fn file(req: &HeaderMap, body: &'static str, kind: &'static str) -> Response {
    let tag = etag(body);
    let fresh = req
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v == tag);
    let mut headers = HeaderMap::new();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(kind));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    if let Ok(v) = HeaderValue::from_str(&tag) {
        headers.insert(header::ETAG, v);
    }
    if fresh {
        return (StatusCode::NOT_MODIFIED, headers).into_response();
    }
    (headers, body).into_response()
}

/// `GET /`: the page.
pub async fn index(req: HeaderMap) -> Response {
    file(&req, INDEX, "text/html; charset=utf-8")
}

/// `GET /app.js`.
pub async fn script(req: HeaderMap) -> Response {
    file(&req, SCRIPT, "text/javascript; charset=utf-8")
}

/// `GET /style.css`.
pub async fn style(req: HeaderMap) -> Response {
    file(&req, STYLE, "text/css; charset=utf-8")
}
