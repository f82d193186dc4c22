//! The bot's error type: what can fail while handling an update.

use crate::game::ServiceError;
use crate::render::RenderError;
use teloxide::RequestError;

/// A failure while handling an update or a timer event. Users get a clear message for
/// the expected cases (see `flow::refusal`); these are for logs and the generic reply.
#[derive(Debug, thiserror::Error)]
pub enum BotError {
    /// Telegram refused or could not be reached (after retries).
    #[error("telegram: {0}")]
    Telegram(#[from] RequestError),
    /// The game service refused or failed.
    #[error("service: {0}")]
    Service(#[from] ServiceError),
    /// A picture could not be drawn.
    #[error("render: {0}")]
    Render(#[from] RenderError),
    /// Something that should not happen (a task panicked, ...).
    #[error("internal: {0}")]
    Internal(String),
}
