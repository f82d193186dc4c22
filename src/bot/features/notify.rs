//! Turn notifications: a private message to a player whose move it is in a game played
//! in another chat, for those who turned them on in `/settings` of their private chat
//! with the bot. The group stays quiet.
//!
//! When is decided by the game service, which sets each turn's notice time from the
//! player's settings (a deadline, so a pending notice survives a restart); here the notice
//! is sent when it falls due, unless the player has looked at the game meanwhile.

use crate::bot::chat::messages::say;
use crate::bot::error::BotError;
use crate::bot::play::board;
use crate::bot::state::App;
use crate::bot::state::turn_notices::Place;
use crate::bot::telegram;
use crate::bot::texts::{BoardPlace, texts};
use crate::game::{ChatId, GameRecord, Player, UserId, Version};

/// A notice of `g`'s turn fell due (see [`crate::game::GameRecord::turn_notice_at`]):
/// tell the player to move, unless they have looked at the game since their turn began.
/// Sent in the background: the timer task goes on to other deadlines meanwhile.
pub fn turn_due(app: &App, g: &GameRecord) {
    // Firing the notice changed the record but nothing its boards show.
    if let Some(before) = g.version.0.checked_sub(1).map(Version) {
        for at in board::places(g) {
            app.views
                .boards()
                .carry((g.id.0, at.lane()), before, g.version);
        }
    }
    let Player::Human(user) = g.player_to_move() else {
        return;
    };
    if !g.is_active() {
        return;
    }
    let mut places = vec![Place::Game(g.id)];
    if g.inline.is_none() {
        places.extend(g.boards().map(|b| Place::Chat(b.chat)));
    }
    if app
        .people
        .notices()
        .looked_since(user, &places, g.clocks.turn_started)
    {
        tracing::debug!(game = %g.id, "the player has looked since: no turn notice");
        return;
    }
    let (app, g) = (app.clone(), g.clone());
    tokio::spawn(async move {
        if !board_shows_turn(&app, &g).await {
            return;
        }
        if let Err(e) = notify(&app, &g, user, Notice::Turn).await {
            tracing::debug!(error = %e, "could not send a turn notification");
        }
    });
}

/// A notice due at once would otherwise reach the player before the board that shows
/// the opponent's move (that edit waits for its chat's slot: seconds in a busy group), and
/// its link would open on the old position.
const BOARD_GRACE: std::time::Duration = std::time::Duration::from_secs(1);

/// How long a notice waits at most for a board that is still to go out.
const BOARD_WAIT: std::time::Duration = std::time::Duration::from_secs(60);

/// Wait until the boards of `g` show its turn (the edit that shows the opponent's move has
/// gone out); false if the game has moved on meanwhile (that turn is over: no notice).
/// A board whose update is pending is waited for (up to [`BOARD_WAIT`]); when none is
/// pending, a moment is left for the move's own request to be made, then the notice
/// goes (after a restart nothing says what an untouched board shows).
async fn board_shows_turn(app: &App, g: &GameRecord) -> bool {
    use crate::bot::state::outbox::Progress;
    let places = board::places(g);
    let started = tokio::time::Instant::now();
    loop {
        let waited = started.elapsed();
        match app.views.boards().progress(g.id, &places, g.ply()) {
            Progress::Shown => break,
            Progress::Pending if waited < BOARD_WAIT => {}
            Progress::Idle if waited < BOARD_GRACE => {}
            Progress::Pending | Progress::Idle => break,
        }
        let _ = tokio::time::timeout(
            std::time::Duration::from_millis(100),
            app.views.boards().changed(),
        )
        .await;
    }
    match board::reload(app, g.id) {
        Ok((now, _)) => now.is_active() && now.ply() == g.ply(),
        Err(_) => false,
    }
}

/// Warn both players of `g` privately that it will end as abandoned (those who asked
/// for notifications, outside their private chat).
pub async fn abandon_warning(app: &App, g: &GameRecord, hours: u64) {
    for user in g.people() {
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
        .read(|s| s.stored_chat(dm))?
        .is_some_and(|c| c.settings.notify_turns);
    if !wanted {
        return Ok(());
    }
    if let Notice::Turn = what
        && !app.people.notices().take(user, g.id.0, g.ply())
    {
        return Ok(());
    }
    let lang = app.chat_lang(dm, Some(user)).await;
    let t = texts(lang);
    let place = place(g);
    let text = match what {
        Notice::Turn => match g.variant.multi() {
            Some(v) => t.table_turn_notice(v, g.to_move(), &t.board_at(&place)),
            None => {
                let side = g.side_to_move();
                let opponent = app.player_mention(g.player(!side), lang).await;
                t.turn_notice(&opponent, &t.game_variant(&g.variant), &place)
            }
        },
        Notice::Abandon(hours) => {
            let who = app.player_mention(g.player_to_move(), lang).await;
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
    match g.message.and_then(|m| telegram::message_link(g.chat, m)) {
        Some(url) => BoardPlace::Link(url),
        None if g.chat.0 > 0 => BoardPlace::Private,
        None => BoardPlace::Group,
    }
}
