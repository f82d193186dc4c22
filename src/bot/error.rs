//! The bot's error type: what can fail while handling an update, each kept with its
//! source, and sorted for whoever reports it ([`BotError::class`]): a refusal the person is
//! told ([`refusal`]), a failure (the store, Telegram, the machine) they are asked to try
//! again after, or a bug.

use crate::bot::state::replays::ReplayError;
use crate::bot::texts::Texts;
use crate::engine::OptionError;
use crate::game::{ErrorClass, LinkTokenError, ServiceError};
use crate::render::RenderError;
use teloxide::RequestError;

/// A failure while handling an update or a timer event.
#[derive(Debug, thiserror::Error)]
pub enum BotError {
    /// Telegram refused or could not be reached (after retries).
    #[error("telegram: {0}")]
    Telegram(#[from] RequestError),
    /// Telegram answered in a way the Bot API does not document (an uploaded photo's
    /// message without a photo).
    #[error("telegram answered unexpectedly: {0}")]
    Unexpected(&'static str),
    /// The game service refused or failed (see [`ServiceError::class`]).
    #[error("service: {0}")]
    Service(#[from] ServiceError),
    /// A picture could not be drawn.
    #[error("render: {0}")]
    Render(#[from] RenderError),
    /// A blocking task the handler waited for panicked or was cancelled.
    #[error("a background task failed: {0}")]
    Task(#[from] tokio::task::JoinError),
    /// The replay thread stopped or its job panicked.
    #[error("replay: {0}")]
    Replay(#[from] ReplayError),
    /// No token for a challenge link (the operating system's generator failed).
    #[error("challenge link: {0}")]
    Token(#[from] LinkTokenError),
    /// A pool the handler needed is closed: the bot is stopping.
    #[error("the bot is stopping")]
    Stopping,
    /// The configuration cannot be used (a bad address or URL), found at start-up.
    #[error("configuration: {what}: {source}")]
    Config {
        /// What is wrong.
        what: String,
        /// Why.
        source: Box<dyn std::error::Error + Send + Sync>,
    },
    /// A variant option the bot itself sets was refused: a bug.
    #[error("variant option: {0}")]
    Option(#[from] OptionError),
}

impl BotError {
    /// Whether the person is told why (a refusal), asked to try again (a failure), or this
    /// is a bug (logged as an error).
    pub fn class(&self) -> ErrorClass {
        match self {
            BotError::Service(e) => e.class(),
            BotError::Telegram(_)
            | BotError::Unexpected(_)
            | BotError::Token(_)
            | BotError::Stopping
            | BotError::Config { .. } => ErrorClass::Failure,
            BotError::Render(_) | BotError::Task(_) | BotError::Replay(_) | BotError::Option(_) => {
                ErrorClass::Bug
            }
        }
    }

    /// A configuration error: `what` could not be used because of `source`.
    pub fn config(
        what: impl Into<String>,
        source: impl std::error::Error + Send + Sync + 'static,
    ) -> BotError {
        BotError::Config {
            what: what.into(),
            source: Box::new(source),
        }
    }

    /// Log the error at the level its class deserves (a refusal is no failure).
    pub fn log(&self, what: &str) {
        match self.class() {
            ErrorClass::Refusal => tracing::debug!(error = %self, "{what}: refused"),
            ErrorClass::Failure => tracing::warn!(error = %self, "{what} failed"),
            ErrorClass::Bug => tracing::error!(error = %self, "{what} failed (a bug)"),
        }
    }
}

/// What a person is told of a service refusal ([`ErrorClass::Refusal`]), and of the
/// failures they can do something about (try again, a damaged game); `None` for the rest.
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
        ServiceError::BadSetup(e) => t.setup_error(e),
        ServiceError::Busy => t.try_again(),
        ServiceError::Damaged { .. } => t.damaged_game(),
        ServiceError::Store(_) => t.try_again(),
        ServiceError::Lobby(r) => t.lobby_refusal(r),
        ServiceError::Tournament(r) => t.tournament_refusal(r),
        ServiceError::SeatDone => t.seat_done(),
        ServiceError::NotDue | ServiceError::NotInChat => return None,
    })
}

/// What the person whose update failed with `e` is told: the refusal's reason, or "try
/// again"; nothing when Telegram itself failed (an answer would fail as well).
pub fn told(e: &BotError, t: &dyn Texts) -> Option<String> {
    match e {
        BotError::Telegram(_) => None,
        BotError::Service(s) => Some(refusal(s, t).unwrap_or_else(|| t.try_again())),
        _ => Some(t.try_again()),
    }
}

#[cfg(test)]
mod tests {
    use super::{BotError, refusal, told};
    use crate::bot::texts::{Texts, texts};
    use crate::game::{ErrorClass, GameId, Language, ServiceError, StoreError};

    #[test]
    fn refusals_failures_and_bugs_are_told_apart() {
        let t: &dyn Texts = texts(Language::En);
        let refused = BotError::Service(ServiceError::NotYourTurn);
        assert_eq!(refused.class(), ErrorClass::Refusal);
        assert_eq!(told(&refused, t), Some(t.not_your_turn()));
        let failed = BotError::Service(ServiceError::Store(StoreError::Io("disk full".into())));
        assert_eq!(failed.class(), ErrorClass::Failure);
        assert_eq!(told(&failed, t), Some(t.try_again()));
        let bug = BotError::Service(ServiceError::NotInChat);
        assert_eq!(bug.class(), ErrorClass::Bug);
        assert_eq!(refusal(&ServiceError::NotInChat, t), None);
        assert_eq!(told(&bug, t), Some(t.try_again()));
        assert_eq!(
            BotError::Service(ServiceError::NoSuchGame(GameId(7))).class(),
            ErrorClass::Refusal
        );
        assert_eq!(BotError::Stopping.class(), ErrorClass::Failure);
        // Telegram itself failed: nothing to tell (the answer would fail as well).
        let tg = BotError::Telegram(teloxide::RequestError::Io(
            std::io::Error::other("down").into(),
        ));
        assert_eq!(told(&tg, t), None);
    }
}
