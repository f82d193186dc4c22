//! Fault injection: the scripted faults, which call gets one, and the dropped connection.

use axum::body::{Body, Bytes, HttpBody};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use std::collections::VecDeque;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;

/// A scripted fault for the next matching calls.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// Answer 429 Too Many Requests with this `retry_after` (seconds).
    TooManyRequests(u32),
    /// Answer 500.
    ServerError,
    /// Wait this long before handling the call.
    Slow(Duration),
    /// Drop the connection without handling the call (the client sees the connection
    /// break after the status line).
    Drop,
    /// Handle the call, then drop the connection before the answer: the call took effect
    /// but the client cannot know (a retry repeats it, as on a flaky network).
    DropAfter,
}

/// The faults scripted for coming calls.
#[derive(Default)]
pub(super) struct Faults {
    /// For the next call of a method (any method when `None`), in order.
    next: VecDeque<(Option<String>, Fault)>,
    /// Every `n`th call gets the next fault of the list.
    every: Option<(u64, Vec<Fault>)>,
    /// Calls counted for `every`.
    counter: u64,
}

impl Faults {
    /// Inject `fault` into the next call of `method` (any method when `None`).
    pub(super) fn push_next(&mut self, method: Option<String>, fault: Fault) {
        self.next.push_back((method, fault));
    }

    /// Inject a fault into every `n`th call, the list's in turn (none when `None`), counting
    /// from now.
    pub(super) fn rotate(&mut self, every: Option<(u64, Vec<Fault>)>) {
        self.every = every.filter(|(n, f)| *n > 0 && !f.is_empty());
        self.counter = 0;
    }

    /// The fault for this call of `method`, if any: the first scripted for it, else the
    /// rotation's.
    pub(super) fn take(&mut self, method: &str) -> Option<Fault> {
        let pos = self
            .next
            .iter()
            .position(|(m, _)| m.as_ref().is_none_or(|m| m.eq_ignore_ascii_case(method)));
        let mut f = pos.and_then(|i| self.next.remove(i)).map(|(_, f)| f);
        if f.is_none()
            && let Some((n, list)) = &self.every
        {
            self.counter += 1;
            if self.counter.is_multiple_of(*n) {
                let k = (self.counter / n - 1) as usize % list.len();
                f = list.get(k).cloned();
            }
        }
        f
    }
}

/// A response body that fails at once: hyper breaks the connection after the status line,
/// which the client sees as a network error (a dropped connection).
struct BrokenBody;

impl HttpBody for BrokenBody {
    type Data = Bytes;
    type Error = std::io::Error;

    fn poll_frame(
        self: Pin<&mut Self>,
        _cx: &mut Context<'_>,
    ) -> Poll<Option<Result<http_body::Frame<Bytes>, std::io::Error>>> {
        Poll::Ready(Some(Err(std::io::Error::other(
            "connection dropped by the fake Bot API",
        ))))
    }
}

pub(super) fn dropped() -> Response {
    (StatusCode::OK, Body::new(BrokenBody)).into_response()
}
