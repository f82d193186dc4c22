//! A draw offered and a takeback asked, told where the game is played, whoever asked
//! and from where (a command in the chat, a button on an inline board, the Mini App):
//! the chat gets the message with the buttons to answer, an inline board its notice.

use crate::bot::chat::messages::say;
use crate::bot::controls::keyboard;
use crate::bot::error::BotError;
use crate::bot::play::board;
use crate::bot::state::App;
use crate::bot::texts::{Texts, texts};
use crate::game::{ChatId, GameRecord, UserId};

/// Say `text` where `g` is played: in `chat`, or under an inline game's board (it has no
/// chat to say it in).
pub async fn tell(app: &App, chat: ChatId, g: &GameRecord, text: String) -> Result<(), BotError> {
    if g.inline.is_some() {
        board::notice(app, g, text);
    } else {
        say(app, chat, None, &text, None).await?;
    }
    Ok(())
}

/// `who` has offered a draw in `g` (as stored): say so in `chat` with the buttons to
/// answer (an inline game's board says it under its caption), and show the offer on the
/// boards.
pub async fn draw_offered(
    app: &App,
    chat: ChatId,
    g: &GameRecord,
    who: &str,
    t: &dyn Texts,
) -> Result<(), BotError> {
    if g.inline.is_some() {
        board::notice(app, g, t.draw_offered(who));
    } else {
        let kb = keyboard::draw_offer(g.id, t);
        say(app, chat, None, &t.draw_offered(who), Some(kb)).await?;
    }
    board::changed(app, g);
    Ok(())
}

/// `user` (`who`) has asked to take back their move in `g` (as stored): the program
/// grants it at once (the request is gone and the boards go back), a person is asked in
/// `chat` with the buttons to answer.
pub async fn takeback_asked(
    app: &App,
    chat: ChatId,
    g: &GameRecord,
    user: UserId,
    who: &str,
    t: &dyn Texts,
) -> Result<(), BotError> {
    if g.takeback.is_none() {
        let lang = app.chat_lang(chat, Some(user)).await;
        let program = app.player_mention(g.player(!g.side_to_move()), lang).await;
        tell(app, chat, g, t.takeback_accepted(&program)).await?;
        board::changed(app, g);
        return Ok(());
    }
    if g.inline.is_some() {
        board::notice(app, g, t.takeback_requested(who));
    } else {
        let kb = keyboard::takeback_request(g.id, t);
        say(app, chat, None, &t.takeback_requested(who), Some(kb)).await?;
    }
    Ok(())
}

/// The chat a game's messages go to from outside it (the Mini App): its own chat, in
/// that chat's language.
pub async fn home_chat(app: &App, g: &GameRecord, user: UserId) -> (ChatId, &'static dyn Texts) {
    let lang = app.chat_lang(g.chat, Some(user)).await;
    (g.chat, texts(lang))
}
