//! Where the bot may write. Removed from a group (kicked, or left) or blocked by a person,
//! the bot learns it from a `my_chat_member` update, or from a call refused with 403 when
//! that update was lost ([`crate::bot::telegram::ChatEvent::Unreachable`]). The chat is then marked
//! unreachable, in the store and in the pacer (which fails every further call into it at
//! once, so the dead chat costs no calls and no retries), and its games pause: clocks
//! stand still and nothing is announced. Added back to the group (`my_chat_member` says
//! so), or written to again by the person in a private chat (a person must unblock a bot
//! to write to it; a group's members may write while the bot is still shut out), the mark
//! goes and the games resume where they stopped, their boards posted anew at the bottom of
//! the chat. A game still paused when the untimed abandonment period is over is called
//! off, without a result (see `DeadlineKind::Unreachable`). Marking and clearing run one
//! at a time, so the pacer and the store cannot end up disagreeing.

pub(crate) mod migration;

use crate::bot::chat::context::HandlerResult;
use crate::bot::play;
use crate::bot::state::App;
use crate::bot::telegram::ChatEvent;
use crate::game::ChatId;
use teloxide::types::{ChatMemberKind, ChatMemberUpdated};

/// The bot's own membership changed in a chat: whether it may write there now.
#[derive(Clone, Copy, Debug)]
pub struct Membership {
    chat: ChatId,
    can_write: bool,
}

/// The change a `my_chat_member` update reports (for a private chat: blocked, or not).
pub fn of(u: ChatMemberUpdated) -> Option<Membership> {
    let can_write = match &u.new_chat_member.kind {
        ChatMemberKind::Restricted(r) => r.is_member && r.can_send_messages,
        k => k.is_present(),
    };
    Some(Membership {
        chat: ChatId(u.chat.id.0),
        can_write,
    })
}

/// `my_chat_member`: the bot was removed (or blocked), or added back (or unblocked).
pub async fn on_my_member(app: App, m: Membership) -> HandlerResult {
    if m.can_write {
        back(&app, m.chat).await;
    } else {
        gone(&app, m.chat).await;
    }
    Ok(())
}

/// A person wrote or tapped in their private chat with the bot: if the bot could not
/// write there (they had blocked it), it can now.
pub async fn seen(app: &App, chat: ChatId) {
    if chat.0 > 0 && app.tg.pacer().is_unreachable(chat.0) {
        back(app, chat).await;
    }
}

/// The bot cannot write to `chat`: mark it, and pause its games (a board of theirs in
/// another chat, such as the opponent's private chat, shows them paused).
pub async fn gone(app: &App, chat: ChatId) {
    let _one = app.tg.reachability_change().await;
    app.tg.pacer().set_unreachable(chat.0, true);
    let now = app.now();
    let paused = match app.games.run(move |s| s.chat_unreachable(chat, now)).await {
        Ok(paused) => paused,
        Err(e) => {
            // Unmarked, the next call into the chat is refused again and retries this.
            app.tg.pacer().set_unreachable(chat.0, false);
            tracing::warn!(%chat, error = %e, "could not pause the games of an unreachable chat");
            return;
        }
    };
    if paused.is_empty() {
        return;
    }
    tracing::info!(%chat, games = paused.len(), "the bot cannot write to this chat: its games are paused");
    for g in paused {
        if g.boards().any(|b| b.chat != chat) {
            play::changed(app, g);
        }
    }
}

/// The bot can write to `chat` again: its games resume and their boards are posted anew.
pub async fn back(app: &App, chat: ChatId) {
    let one = app.tg.reachability_change().await;
    let now = app.now();
    let games = match app.games.run(move |s| s.chat_reachable(chat, now)).await {
        Ok(games) => games,
        Err(e) => {
            tracing::warn!(%chat, error = %e, "could not resume the games of a chat");
            return;
        }
    };
    app.tg.pacer().set_unreachable(chat.0, false);
    drop(one);
    if games.is_empty() {
        return;
    }
    tracing::info!(%chat, games = games.len(), "the bot can write to this chat again: its games resume");
    for g in games {
        play::changed(app, g);
    }
}

/// Act on what calls learn about their chats ([`crate::bot::telegram::Pacer::subscribe`]) until the
/// bot stops.
pub async fn watch(app: App, mut events: tokio::sync::mpsc::UnboundedReceiver<ChatEvent>) {
    while let Some(e) = events.recv().await {
        match e {
            ChatEvent::Unreachable(chat) => gone(&app, ChatId(chat)).await,
            ChatEvent::Moved { from, to } => {
                migration::migrate(&app, ChatId(from), ChatId(to)).await
            }
        }
    }
}

/// At start-up: the pacer learns which chats the store marks unreachable, so that
/// nothing is sent there after a restart either.
pub async fn load(app: &App) {
    match app.games.run(|s| s.unreachable_chats()).await {
        Ok(chats) => {
            for c in &chats {
                app.tg.pacer().set_unreachable(c.0, true);
            }
            if !chats.is_empty() {
                tracing::info!(chats = chats.len(), "chats the bot cannot write to");
            }
        }
        Err(e) => tracing::warn!(error = %e, "could not read the unreachable chats"),
    }
}
