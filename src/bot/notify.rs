//! Turn notifications: a private message to a player whose move it is in a game played
//! in another chat, for those who turned them on in `/settings` of their private chat
//! with the bot. The group stays quiet.

use super::app::App;
use super::error::BotError;
use super::send::say;
use super::texts::{BoardPlace, texts};
use super::tg;
use crate::game::{ChatId, GameRecord, Player, ServiceError, TimeControl, UserId};

/// The person to move in `g`, when they should hear of it privately: a slow game (untimed
/// or days a move: in a game on a clock the players are at the board) in play that has
/// moved (the first move's player accepted the game just now), a person to move, and no
/// board in their private chat.
fn to_tell(g: &GameRecord) -> Option<UserId> {
    let Player::Human(user) = g.player(g.side_to_move()) else {
        return None;
    };
    let slow = matches!(
        g.time_control,
        TimeControl::Untimed | TimeControl::Days { .. }
    );
    let in_their_chat = g.board_in(ChatId(user.0 as i64)).is_some();
    (slow && g.is_active() && g.ply() > 0 && !in_their_chat).then_some(user)
}

/// Tell the player to move in `g` that it is their turn, if they asked for it (in the
/// background: a move's answer does not wait for it).
pub fn your_turn(app: &App, g: &GameRecord) {
    if let Some(user) = to_tell(g) {
        let (app, g) = (app.clone(), g.clone());
        tokio::spawn(async move {
            if let Err(e) = notify(&app, &g, user, Notice::Turn).await {
                tracing::debug!(error = %e, "could not send a turn notification");
            }
        });
    }
}

/// Warn both players of `g` privately that it will end as abandoned (those who asked
/// for notifications, outside their private chat).
pub async fn abandon_warning(app: &App, g: &GameRecord, hours: u64) {
    for p in g.players {
        let Player::Human(user) = p else { continue };
        if g.board_in(ChatId(user.0 as i64)).is_some() {
            continue;
        }
        if let Err(e) = notify(app, g, user, Notice::Abandon(hours)).await {
            tracing::debug!(error = %e, "could not send an abandonment warning");
        }
    }
}

/// What to tell.
#[derive(Clone, Copy, Debug)]
enum Notice {
    Turn,
    Abandon(u64),
}

async fn notify(app: &App, g: &GameRecord, user: UserId, what: Notice) -> Result<(), BotError> {
    let dm = ChatId(user.0 as i64);
    let wanted = app
        .games
        .read(|s| s.store().chat(dm).map_err(ServiceError::from))?
        .is_some_and(|c| c.settings.notify_turns);
    if !wanted {
        return Ok(());
    }
    if let Notice::Turn = what
        && !app.notices.take(user, g.id.0, g.ply())
    {
        return Ok(());
    }
    let lang = app.chat_lang(dm, Some(user)).await;
    let t = texts(lang);
    let place = place(g);
    let text = match what {
        Notice::Turn => {
            let side = g.side_to_move();
            let opponent = app.player_mention(g.player(!side), lang).await;
            t.turn_notice(&opponent, &t.variant_name(g.variant.id()), &place)
        }
        Notice::Abandon(hours) => {
            let who = app.player_mention(g.player(g.side_to_move()), lang).await;
            format!("{}\n{}", t.abandon_warning(&who, hours), t.board_at(&place))
        }
    };
    say(app, dm, None, &text, None).await?;
    Ok(())
}

/// Where the game's main board is, for someone outside that chat.
pub fn place(g: &GameRecord) -> BoardPlace {
    if g.inline.is_some() {
        return BoardPlace::Inline;
    }
    match g.message.and_then(|m| tg::message_link(g.chat, m)) {
        Some(url) => BoardPlace::Link(url),
        None if g.chat.0 > 0 => BoardPlace::Private,
        None => BoardPlace::Group,
    }
}
