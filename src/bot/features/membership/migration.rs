//! A group that becomes a supergroup: its settings, players, games and open challenges
//! move with it. Telegram says so in both chats; if both of those messages are lost, the
//! first call into the old chat fails naming the new one ([`crate::bot::telegram::ChatEvent::Moved`]),
//! which moves it just the same.

use crate::bot::chat::context::HandlerResult;
use crate::bot::play;
use crate::bot::play::challenges;
use crate::bot::state::App;
use crate::bot::texts::texts;
use crate::game::ChatId;
use teloxide::prelude::*;

/// A group's move to a supergroup: from the old chat's id to the new one's.
#[derive(Clone, Copy, Debug)]
pub struct Migration {
    from: ChatId,
    to: ChatId,
}

/// The migration a service message announces (Telegram announces it in both chats).
pub fn of(msg: Message) -> Option<Migration> {
    let here = ChatId(msg.chat.id.0);
    match (msg.migrate_to_chat_id(), msg.migrate_from_chat_id()) {
        (Some(to), _) => Some(Migration {
            from: here,
            to: ChatId(to.0),
        }),
        (_, Some(from)) => Some(Migration {
            from: ChatId(from.0),
            to: here,
        }),
        _ => None,
    }
}

/// A service message about a migration.
pub async fn on_migrate(app: App, m: Migration) -> HandlerResult {
    migrate(&app, m.from, m.to).await;
    Ok(())
}

/// Move the group's settings, games and open challenges to the supergroup, and post the
/// moved games' boards and challenges there (once, however often this is asked).
pub async fn migrate(app: &App, from: ChatId, to: ChatId) {
    let now = app.now();
    let moved = match app.games.run(move |s| s.migrate_chat(from, to, now)).await {
        Ok(moved) => moved,
        Err(e) => {
            tracing::warn!(%from, %to, error = %e, "could not move a group's games to its supergroup");
            return;
        }
    };
    if moved.games.is_empty() && moved.challenges.is_empty() {
        return;
    }
    tracing::info!(
        %from, %to,
        games = moved.games.len(),
        challenges = moved.challenges.len(),
        "a group became a supergroup"
    );
    for g in moved.games {
        play::changed(app, g);
    }
    for c in moved.challenges {
        let t = texts(app.chat_lang(to, Some(c.from)).await);
        if let Err(e) = challenges::post(app, &c, t).await {
            tracing::warn!(%from, %to, error = %e, "could not post a moved challenge");
        }
    }
}
