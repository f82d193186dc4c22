//! The bot's error type: what can fail while handling an update.

use crate::bot::texts::Texts;
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

/// A user-facing text for an expected service refusal; `None` for real failures.
pub fn refusal(e: &ServiceError, t: &dyn Texts) -> Option<String> {
    Some(match e {
        ServiceError::NotYourGame => t.not_your_game(),
        ServiceError::NotYourTurn => t.not_your_turn(),
        ServiceError::Illegal(m) => t.move_error(m),
        ServiceError::GameOver => t.game_over(),
        ServiceError::Paused => format!("⏸ {}", t.paused()),
        ServiceError::Stale { .. } => t.stale_button(),
        ServiceError::TooLateToAbort => t.too_late_to_abort(),
        ServiceError::NoDrawOffers => t.no_draw_offers(),
        ServiceError::NoDrawOffer => t.no_draw_offer(),
        ServiceError::AlreadyOffered => t.already_offered(),
        ServiceError::NoTakebacks => t.no_takebacks(),
        ServiceError::NothingToTakeBack => t.nothing_to_take_back(),
        ServiceError::NoTakebackRequest => t.no_takeback_request(),
        ServiceError::TimeNotUp => t.time_not_up(),
        ServiceError::TakebackPending => t.takeback_pending(),
        ServiceError::NotForYou => t.not_for_you(),
        ServiceError::OwnChallenge => t.own_challenge(),
        ServiceError::ChallengeClosed(_) | ServiceError::ChallengeExpired => t.challenge_closed(),
        ServiceError::NoSuchGame(_) | ServiceError::NoSuchChallenge(_) => t.bad_button(),
        ServiceError::BadSetup(s) => s.clone(),
        ServiceError::Busy => t.try_again(),
        ServiceError::Damaged { .. } => t.damaged_game(),
        ServiceError::Store(_) => t.try_again(),
        ServiceError::NotDue | ServiceError::NotInChat => return None,
    })
}
