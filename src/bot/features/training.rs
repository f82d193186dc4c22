//! The training room (`/train`): one player alone, racing their own pieces home.

use crate::bot::chat::context::{HandlerResult, Incoming};
use crate::bot::chat::messages::say;
use crate::bot::play;
use crate::bot::state::App;
use crate::bot::texts::Texts;
use crate::engine::{Variant, VariantId};

/// `/train [classic|diagonal]`, in a private chat.
pub async fn on_train(app: App, m: Incoming, t: &'static dyn Texts, arg: String) -> HandlerResult {
    let variant = match arg.trim() {
        "" | "classic" | "orth" => Variant::new(VariantId::Training),
        "diagonal" | "diag" => {
            Variant::new(VariantId::Training).with_option("directions", "all")?
        }
        other => {
            let usage = t.bad_arguments("/train [classic|diagonal]");
            say(&app, m.chat, Some(m.id()), &usage, None).await?;
            tracing::debug!(arg = other, "bad /train argument");
            return Ok(());
        }
    };
    play::start::training(&app, m.chat, m.user, variant).await
}
