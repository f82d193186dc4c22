//! `/start` (the greeting, and challenge links), `/help`, `/rules` and `/variants`.

use crate::bot::chat::context::{HandlerResult, Incoming};
use crate::bot::chat::messages::say;
use crate::bot::controls::callback;
use crate::bot::controls::keyboard;
use crate::bot::play::challenges;
use crate::bot::state::App;
use crate::bot::texts::{Texts, escape};
use crate::engine::VariantId;

/// `/start [payload]`: the greeting with the main menu in a private chat, a short one in a
/// group; a challenge link's payload shows that challenge.
pub async fn on_start(app: App, m: Incoming, t: &'static dyn Texts, arg: String) -> HandlerResult {
    if arg.starts_with('c') {
        // A link is opened in one's own private chat: in a group its Accept button would
        // be anyone's.
        let link = callback::parse_link_payload(arg.trim()).filter(|_| m.private());
        return match link {
            Some((id, token)) => challenges::open_link(&app, &m, id, token, t).await,
            None => {
                say(&app, m.chat, None, &t.bad_link(), None).await?;
                Ok(())
            }
        };
    }
    if m.private() {
        let text = t.welcome_private(&escape(&m.from.first_name));
        say(&app, m.chat, None, &text, Some(keyboard::start_menu(t))).await?;
    } else {
        say(&app, m.chat, None, &t.welcome_group(), None).await?;
    }
    Ok(())
}

/// `/help`.
pub async fn on_help(app: App, m: Incoming, t: &'static dyn Texts) -> HandlerResult {
    say(&app, m.chat, None, &t.help(), None).await?;
    Ok(())
}

/// `/rules [variant]`.
pub async fn on_rules(app: App, m: Incoming, t: &'static dyn Texts, arg: String) -> HandlerResult {
    let v = match arg.trim() {
        "" => VariantId::Classic,
        s => match s.parse::<VariantId>() {
            Ok(v) => v,
            Err(_) => {
                say(
                    &app,
                    m.chat,
                    Some(m.id()),
                    &t.unknown_variant(&escape(s)),
                    None,
                )
                .await?;
                return Ok(());
            }
        },
    };
    say(&app, m.chat, None, &t.rules(v), None).await?;
    Ok(())
}

/// `/variants`.
pub async fn on_variants(app: App, m: Incoming, t: &'static dyn Texts) -> HandlerResult {
    say(&app, m.chat, None, &t.variants(), None).await?;
    Ok(())
}
