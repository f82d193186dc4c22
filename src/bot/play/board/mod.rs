//! A game's views, of any seat count, and the one place they are brought up to date.
//! Whatever changes a game (a move typed or tapped, the timer, the program, a resignation,
//! a chat that comes back) reports it to `play::changed`, which alone asks [`changed`]
//! here (the compiler keeps everyone else out); a person's look at one board (a piece
//! selected, a question asked) goes to [`show_ui`]. Each view of the game (its board
//! message in every chat, a lobby's message while it gathers its players, its inline
//! message) has one sender ([`sender`]) that coalesces requests, paces them per chat,
//! reads the newest state when its slot comes and composes it ([`compose`]) once for that
//! send; the [`Outbox`](crate::bot::state::outbox::Outbox) keeps what each board shows. Open Mini App pages of the game are
//! woken here too (`state::pages`): each reads the game when it wakes.

pub(crate) mod compose;
pub(crate) mod sender;

pub use crate::bot::state::outbox::{BoardAt, Ui, inline_lane};
pub use compose::{result_context, result_line, view_in};
pub use sender::edit_inline_text;

use crate::bot::error::BotError;
use crate::bot::state::App;
use crate::engine::AnyGame;
use crate::game::{ChatId, GameId, GameRecord};
use sender::request;

/// Every place `g` has a board.
pub fn places(g: &GameRecord) -> Vec<BoardAt> {
    let chats = g.boards().map(|b| BoardAt::Chat(b.chat));
    chats
        .chain(
            g.inline
                .as_ref()
                .map(|m| BoardAt::Inline(inline_lane(&m.0))),
        )
        .collect()
}

/// The game `g` changed (as stored): every view of it is asked to show its newest state.
/// Returns at once; each view's sender reads the game again when its slot comes, so two
/// changes racing (a person's move and the program's answer) leave it on the later one.
/// Only `play` asks (its `changed` is the one call every change ends in).
pub(in crate::bot::play) fn changed(app: &App, g: &GameRecord) {
    show_everywhere(app, g, false);
}

/// Ask every view of `g` for its newest state; with `wait`, the receivers told when each
/// request has been carried out.
fn show_everywhere(
    app: &App,
    g: &GameRecord,
    wait: bool,
) -> Vec<tokio::sync::oneshot::Receiver<()>> {
    let mut waits = Vec::new();
    for at in places(g) {
        let done = wait.then(|| {
            let (tx, rx) = tokio::sync::oneshot::channel();
            waits.push(rx);
            tx
        });
        request(app, g.id, at, Ui::Plain, g.ply(), done);
    }
    app.views.pages().changed(g.id, g.version);
    app.views.repaired(g.id);
    waits
}

/// [`changed`] for a game known by its id (a stale button's, whose views may be behind).
pub(in crate::bot::play) fn refresh(app: &App, id: GameId) -> Result<(), BotError> {
    let g = app.games.read(|s| s.game(id))?;
    changed(app, &g);
    Ok(())
}

/// [`refresh`], returning when every view of the game has been updated (the start-up
/// redraw goes a few games at a time, beside the live traffic).
pub(in crate::bot::play) async fn refresh_and_wait(app: &App, id: GameId) -> Result<(), BotError> {
    let g = app.games.read(|s| s.game(id))?;
    for w in show_everywhere(app, &g, true) {
        let _ = w.await;
    }
    Ok(())
}

/// Show `ui` (a selection, a question) on the game's board at `at` if the game is still
/// at `ply` when the edit goes out; if a move came first, the current state is shown
/// instead, so a selection drawn for an old position never covers a newer board.
pub fn show_ui(app: &App, id: GameId, ply: u32, at: BoardAt, ui: Ui) {
    request(app, id, at, ui, ply, None);
}

/// Show `news` under the caption of `g`'s inline board until the next move (an inline
/// game has no chat to say it in); nothing for a game played in chats.
pub fn notice(app: &App, g: &GameRecord, news: String) {
    if let Some(m) = &g.inline {
        let at = BoardAt::Inline(inline_lane(&m.0));
        request(app, g.id, at, Ui::News(news), g.ply(), None);
    }
}

/// Post `g`'s board anew in `chat` (`/board`: the board at the bottom of the chat, the
/// game's edits following it there), and retire the old one: it keeps its picture, loses
/// its buttons and says `moved` (where the game went).
pub async fn repost(
    app: &App,
    g: &GameRecord,
    game: &AnyGame,
    chat: ChatId,
    moved: &str,
) -> Result<(), BotError> {
    let old = g.board_in(chat).and_then(|b| b.message);
    let msg = compose::compose(app, g, game, chat, &Ui::Plain).await?;
    sender::post(app, g, chat, msg).await?;
    if let Some(old) = old {
        sender::retire(app, chat, old, moved).await;
    }
    Ok(())
}

/// Read game `id` and its replay.
pub fn reload(app: &App, id: GameId) -> Result<(GameRecord, AnyGame), BotError> {
    // Reads only, so in place (see `AsyncGames::read`).
    app.games
        .read(|s| {
            let g = s.game(id)?;
            let game = s.replay(&g)?;
            Ok::<_, crate::game::ServiceError>((g, game))
        })
        .map_err(Into::into)
}
