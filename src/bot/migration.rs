//! A group that becomes a supergroup: its settings, players and games move with it.

use super::app::{App, now};
use super::context::HandlerResult;
use super::view;
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

/// Move the group's settings and games to the supergroup, and post the moved games'
/// boards there (once, however many notices arrive).
pub async fn on_migrate(app: App, m: Migration) -> HandlerResult {
    let Migration { from, to } = m;
    let moved = match app
        .games
        .run(move |s| s.migrate_chat(from, to, now()))
        .await
    {
        Ok(moved) => moved,
        Err(e) => {
            tracing::warn!(%from, %to, error = %e, "could not move a group's games to its supergroup");
            return Ok(());
        }
    };
    tracing::info!(%from, %to, games = moved.len(), "a group became a supergroup");
    for g in moved {
        if let Err(e) = view::show_latest(&app, g.id, None).await {
            tracing::warn!(%from, %to, error = %e, "could not show a moved game's board");
        }
    }
    Ok(())
}
