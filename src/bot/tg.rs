//! Outgoing Telegram calls: pacing within Telegram's rate limits, and retries that honour
//! `RetryAfter` and survive transient server and network errors.

use std::collections::HashMap;
use std::future::Future;
use std::sync::Mutex;
use std::time::Duration;
use teloxide::{ApiError, RequestError};
use tokio::time::Instant;

/// Telegram's published limits, enforced before each call when pacing is on.
#[derive(Clone, Copy, Debug)]
pub struct PaceLimits {
    /// Minimum gap between calls to one private chat.
    pub private_gap: Duration,
    /// Minimum gap between calls to one group (20 a minute).
    pub group_gap: Duration,
    /// Minimum gap between any two calls (30 a second).
    pub global_gap: Duration,
}

impl Default for PaceLimits {
    fn default() -> Self {
        PaceLimits {
            private_gap: Duration::from_millis(1000),
            group_gap: Duration::from_millis(3000),
            global_gap: Duration::from_millis(34),
        }
    }
}

/// Spaces calls per chat and overall. Off (`None` limits) for tests against the fake API.
#[derive(Debug)]
pub struct Pacer {
    limits: Option<PaceLimits>,
    next: Mutex<(Instant, HashMap<i64, Instant>)>,
}

impl Pacer {
    /// A pacer with `limits`, or none at all.
    pub fn new(limits: Option<PaceLimits>) -> Pacer {
        Pacer {
            limits,
            next: Mutex::new((Instant::now(), HashMap::new())),
        }
    }

    /// Wait for this chat's (and the global) turn.
    pub async fn wait(&self, chat: i64) {
        let Some(l) = self.limits else { return };
        let at = {
            let mut g = self.next.lock().unwrap_or_else(|e| e.into_inner());
            let now = Instant::now();
            let gap = if chat < 0 { l.group_gap } else { l.private_gap };
            let chat_at = g.1.get(&chat).copied().unwrap_or(now).max(now);
            let at = chat_at.max(g.0);
            g.0 = at + l.global_gap;
            g.1.insert(chat, at + gap);
            if g.1.len() > 100_000 {
                g.1.retain(|_, t| *t > now);
            }
            at
        };
        tokio::time::sleep_until(at).await;
    }
}

/// Whether an error is worth retrying (the request may not have reached Telegram, or
/// Telegram failed on its side).
pub fn transient(e: &RequestError) -> bool {
    match e {
        RequestError::Network(_) | RequestError::Io(_) | RequestError::InvalidJson { .. } => true,
        RequestError::Api(ApiError::Unknown(d)) => {
            let d = d.to_ascii_lowercase();
            d.contains("internal server error")
                || d.contains("bad gateway")
                || d.contains("too many requests")
        }
        _ => false,
    }
}

/// Whether Telegram says the edit changed nothing (a normal event: ignore it).
pub fn not_modified(e: &RequestError) -> bool {
    matches!(e, RequestError::Api(ApiError::MessageNotModified))
}

/// Whether the message to edit is gone (post the board anew).
pub fn gone(e: &RequestError) -> bool {
    matches!(
        e,
        RequestError::Api(ApiError::MessageToEditNotFound)
            | RequestError::Api(ApiError::MessageIdInvalid)
            | RequestError::Api(ApiError::MessageCantBeEdited)
    )
}

/// Run a Telegram call for `chat` with pacing and retries: `RetryAfter` waits as told
/// (up to 5 times), transient failures back off and retry (up to 3 times).
pub async fn call<T, F, Fut>(pacer: &Pacer, chat: i64, mut f: F) -> Result<T, RequestError>
where
    F: FnMut() -> Fut,
    Fut: Future<Output = Result<T, RequestError>>,
{
    let mut waits = 0;
    let mut failures = 0;
    loop {
        pacer.wait(chat).await;
        match f().await {
            Ok(t) => return Ok(t),
            Err(RequestError::RetryAfter(s)) if waits < 5 => {
                waits += 1;
                tracing::warn!(chat, secs = s.seconds(), "Telegram asks to retry later");
                tokio::time::sleep(s.duration()).await;
            }
            Err(e) if transient(&e) && failures < 3 => {
                failures += 1;
                tracing::warn!(chat, error = %e, attempt = failures, "transient Telegram error, retrying");
                tokio::time::sleep(Duration::from_millis(100 << failures)).await;
            }
            Err(e) => return Err(e),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test(start_paused = true)]
    async fn pacer_spaces_calls_per_chat() {
        let p = Pacer::new(Some(PaceLimits::default()));
        let t0 = Instant::now();
        p.wait(5).await;
        p.wait(5).await;
        assert!(t0.elapsed() >= Duration::from_millis(1000));
        let t1 = Instant::now();
        p.wait(6).await;
        assert!(
            t1.elapsed() < Duration::from_millis(100),
            "another chat is not delayed"
        );
        let off = Pacer::new(None);
        let t2 = Instant::now();
        for _ in 0..10 {
            off.wait(-1).await;
        }
        assert_eq!(t2.elapsed(), Duration::ZERO);
    }

    #[tokio::test(start_paused = true)]
    async fn retries_after_retry_after() {
        let p = Pacer::new(None);
        let mut n = 0;
        let r: Result<u32, RequestError> = call(&p, 1, || {
            n += 1;
            let k = n;
            async move {
                if k < 3 {
                    Err(RequestError::RetryAfter(
                        teloxide::types::Seconds::from_seconds(2),
                    ))
                } else {
                    Ok(k)
                }
            }
        })
        .await;
        assert_eq!(r.unwrap(), 3);
        let r: Result<u32, RequestError> = call(&p, 1, || async {
            Err(RequestError::Api(ApiError::MessageNotModified))
        })
        .await;
        assert!(not_modified(&r.unwrap_err()));
    }
}

/// An answer whose content the bot does not use (an edited board message: the bot knows
/// what it sent). Skipping it saves building teloxide's `Message` (its keyboard, photo
/// sizes, nested enums) on every move; errors are still parsed by teloxide as usual.
#[derive(Clone, Copy, Debug)]
pub struct Ignored;

impl<'de> serde::Deserialize<'de> for Ignored {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_ignored_any(serde::de::IgnoredAny)
            .map(|_| Ignored)
    }
}

/// `editMessageMedia` answered as [`Ignored`]: the same request on the wire (the same
/// multipart form, built by teloxide from the inner payload).
#[derive(Clone, Debug, serde::Serialize)]
#[serde(transparent)]
pub struct EditMedia(pub teloxide::payloads::EditMessageMedia);

impl teloxide::requests::Payload for EditMedia {
    type Output = Ignored;
    const NAME: &'static str =
        <teloxide::payloads::EditMessageMedia as teloxide::requests::Payload>::NAME;
}

impl teloxide::requests::MultipartPayload for EditMedia {
    fn copy_files(&self, into: &mut dyn FnMut(teloxide::types::InputFile)) {
        self.0.copy_files(into)
    }

    fn move_files(&mut self, into: &mut dyn FnMut(teloxide::types::InputFile)) {
        self.0.move_files(into)
    }
}

/// `editMessageReplyMarkup` answered as [`Ignored`] (a selection on an 8×8 board).
#[derive(Clone, Debug, serde::Serialize)]
#[serde(transparent)]
pub struct EditMarkup(pub teloxide::payloads::EditMessageReplyMarkup);

impl teloxide::requests::Payload for EditMarkup {
    type Output = Ignored;
    const NAME: &'static str =
        <teloxide::payloads::EditMessageReplyMarkup as teloxide::requests::Payload>::NAME;
}
