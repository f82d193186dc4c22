//! The training room (`/train`): one player alone, racing their own pieces home.

use super::app::App;
use super::context::{HandlerResult, Incoming};
use super::error::BotError;
use super::flow;
use super::send::say;
use super::texts::Texts;
use crate::engine::{Variant, VariantId};
use crate::game::{ChatId, NewGame, Player, TimeControl, UserId};

/// `/train [classic|diagonal]`, in a private chat.
pub async fn on_train(app: App, m: Incoming, t: &'static dyn Texts, arg: String) -> HandlerResult {
    let variant = match arg.trim() {
        "" | "classic" | "orth" => Variant::new(VariantId::Training),
        "diagonal" | "diag" => Variant::new(VariantId::Training)
            .with_option("directions", "all")
            .map_err(|e| BotError::Internal(e.to_string()))?,
        other => {
            let usage = t.bad_arguments("/train [classic|diagonal]");
            say(&app, m.chat, Some(m.id()), &usage, None).await?;
            tracing::debug!(arg = other, "bad /train argument");
            return Ok(());
        }
    };
    start(&app, m.chat, m.user, variant).await
}

/// Open a training game for `user` in `chat` and show its board.
pub async fn start(app: &App, chat: ChatId, user: UserId, variant: Variant) -> HandlerResult {
    let new = NewGame {
        variant,
        players: [Player::Human(user), Player::Absent],
        time_control: TimeControl::Untimed,
        chat,
        message: None,
        rated: false,
        start: None,
    };
    flow::open_game(app, new).await
}
