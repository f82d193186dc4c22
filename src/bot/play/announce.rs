//! What is said where a game is played, besides its boards: in each chat that shows it,
//! in the language spoken there, or under an inline board's caption (no chat to say it in).

use crate::bot::chat::messages::say;
use crate::bot::error::BotError;
use crate::bot::play::board::{self, BoardAt};
use crate::bot::state::App;
use crate::bot::texts::texts;
use crate::engine::{Leave, Seat};
use crate::game::{GameRecord, Language};

/// Each board of `g` with the language spoken there.
pub(crate) async fn places(app: &App, g: &GameRecord) -> Vec<(BoardAt, Language)> {
    let mut out = Vec::new();
    for at in board::places(g) {
        let chat = match at {
            BoardAt::Chat(chat) => chat,
            // The game's language is its challenger's (see `GameRecord::chat`).
            BoardAt::Inline(_) => g.chat,
        };
        out.push((at, app.game_lang_in(g, chat).await));
    }
    out
}

/// Say `text` at a board: in its chat, or under an inline board's caption (there is no
/// chat to send it to).
pub(crate) async fn tell(
    app: &App,
    g: &GameRecord,
    at: BoardAt,
    text: String,
) -> Result<(), BotError> {
    match at {
        BoardAt::Chat(chat) => {
            say(app, chat, None, &text, None).await?;
        }
        BoardAt::Inline(_) => board::notice(app, g, text),
    }
    Ok(())
}

/// A seat's person left a game that goes on (resigned, or out on time): said where the
/// game is played, then shown. The words go first: a chat found closed by them costs the
/// board's update no call.
pub(crate) async fn seat_left(app: &App, game: GameRecord, seat: Seat, how: Leave) {
    for (at, lang) in places(app, &game).await {
        let who = app.player_mention(game.player(seat), lang).await;
        let text = texts(lang).table_left(&who, seat, how);
        if let Err(e) = tell(app, &game, at, text).await {
            tracing::debug!(error = %e, "a leaving could not be announced");
        }
    }
    super::changed(app, game);
}

/// After `seat` left `game` (its person resigned, or the others took it out on time): a
/// table that goes on says so where it is played, in the background; anything else (a
/// game that ended by it) is shown and announced as every change is.
pub(crate) fn left(app: &App, game: GameRecord, seat: Option<Seat>, how: Leave) {
    match seat {
        Some(seat) if game.is_table() && game.is_active() && game.left().has(seat) => {
            let app = app.clone();
            tokio::spawn(async move { seat_left(&app, game, seat, how).await });
        }
        _ => super::changed(app, game),
    }
}
