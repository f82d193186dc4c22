//! How the page's API refuses: a 4xx with `{"error", "message"}` (a code for programs, words
//! for the player), counted and logged; a service error's refusal in the chat's words; a
//! request body read as JSON or refused. Shared by the game's and the table's routes.

use crate::bot::error::refusal;
use crate::bot::metrics;
use crate::bot::texts::{Texts, webapp as words};
use crate::bot::webapp::view::plain;
use crate::game::{Language, ServiceError};
use axum::Json;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde_json::json;

/// A refusal: its status, a code for programs and words for the player.
#[derive(Debug)]
pub struct ApiError {
    status: StatusCode,
    code: &'static str,
    message: String,
}

impl ApiError {
    pub(crate) fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> Self {
        ApiError {
            status,
            code,
            message: message.into(),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        metrics::webapp_refused(self.code);
        if self.status.is_server_error() {
            tracing::warn!(code = self.code, message = %self.message, "a Mini App call failed");
        } else {
            tracing::debug!(
                code = self.code,
                status = self.status.as_u16(),
                "a Mini App call refused"
            );
        }
        let body = Json(json!({ "error": self.code, "message": self.message }));
        (self.status, body).into_response()
    }
}

/// A JSON body of type `T`, or the refusal (in `lang`) for a missing, oversized or
/// malformed one.
pub(crate) fn body<T: serde::de::DeserializeOwned>(
    raw: Result<Bytes, BytesRejection>,
    lang: Language,
) -> Result<T, ApiError> {
    let raw = raw.map_err(|e| {
        if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
            ApiError::new(
                StatusCode::PAYLOAD_TOO_LARGE,
                "too_large",
                words::text(lang, "too_large"),
            )
        } else {
            tracing::debug!(error = %e.body_text(), "a Mini App body unread");
            ApiError::new(
                StatusCode::BAD_REQUEST,
                "bad_request",
                words::text(lang, "bad_json"),
            )
        }
    })?;
    serde_json::from_slice(&raw).map_err(|e| {
        tracing::debug!(error = %e, "a Mini App body is not the expected JSON");
        ApiError::new(
            StatusCode::BAD_REQUEST,
            "bad_request",
            words::text(lang, "bad_json"),
        )
    })
}

/// The status a refusal of `e` answers with.
fn status_of(e: &ServiceError) -> StatusCode {
    match e {
        ServiceError::NoSuchGame(_) => StatusCode::NOT_FOUND,
        ServiceError::NotYourGame => StatusCode::FORBIDDEN,
        ServiceError::Busy => StatusCode::SERVICE_UNAVAILABLE,
        _ => StatusCode::CONFLICT,
    }
}

/// A refusal `e` already put in the player's `words`.
pub(crate) fn refused(e: &ServiceError, words: String) -> ApiError {
    ApiError::new(status_of(e), code_of(e), words)
}

/// A service error as a refusal (or a 500 for a failure).
pub(crate) fn service(e: ServiceError, t: &dyn Texts) -> ApiError {
    let status = status_of(&e);
    match refusal(&e, t) {
        Some(text) if !matches!(e, ServiceError::Store(_)) => {
            ApiError::new(status, code_of(&e), plain(&text))
        }
        _ => {
            tracing::warn!(error = %e, "a Mini App action failed");
            ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "failure", t.try_again())
        }
    }
}

fn code_of(e: &ServiceError) -> &'static str {
    match e {
        ServiceError::NoSuchGame(_) => "no_such_game",
        ServiceError::NotYourGame => "not_your_game",
        ServiceError::NotYourTurn => "not_your_turn",
        ServiceError::GameOver => "game_over",
        ServiceError::Stale { .. } => "stale",
        ServiceError::Illegal(_) => "illegal",
        ServiceError::SeatDone => "seat_done",
        ServiceError::Paused => "paused",
        _ => "refused",
    }
}
