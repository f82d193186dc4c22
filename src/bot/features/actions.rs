//! What players do to a game besides moving, whatever its seat count: `/board`,
//! resigning (at a table: leaving, the program playing the seat on), offering and
//! answering a draw, aborting, the board's action buttons, and the rematch button under a
//! finished board (a table's: a new lobby with the same seats).

use crate::bot::chat::context::{Answer, HandlerResult, Incoming, Tap};
use crate::bot::chat::messages::{edit_text, remove_keyboard, say};
use crate::bot::controls::callback::Act;
use crate::bot::controls::keyboard;
use crate::bot::error::BotError;
use crate::bot::play;
use crate::bot::play::board::{self, BoardAt, Ui};
use crate::bot::play::challenges;
use crate::bot::play::moves::{on_current_board, picked, played_game, tapped_game};
use crate::bot::state::App;
use crate::bot::texts::{Texts, escape, mention};
use crate::engine::Leave;
use crate::game::{
    ChatId, DrawOutcome, GameId, GameRecord, GameService, Player, ServiceError, Timestamp, UserId,
};

/// `/board`: post the board again at the bottom of the chat.
pub async fn on_board(app: App, m: Incoming, t: &'static dyn Texts) -> HandlerResult {
    match picked(&app, &m, t).await? {
        Some(g) => repost_board(&app, m.chat, &g, t).await,
        None => Ok(()),
    }
}

/// `/resign`: asks to confirm with a button.
pub async fn on_resign(app: App, m: Incoming, t: &'static dyn Texts) -> HandlerResult {
    let Some(g) = picked(&app, &m, t).await? else {
        return Ok(());
    };
    let kb = keyboard::confirm_resign(g.id, t);
    let question = match g.is_table() {
        true => t.confirm_leave_game(),
        false => t.confirm_resign(),
    };
    say(&app, m.chat, Some(m.id()), &question, Some(kb)).await?;
    Ok(())
}

/// `/abort`: ends a game before both sides have moved, unrated.
pub async fn on_abort(app: App, m: Incoming, t: &'static dyn Texts) -> HandlerResult {
    if let Some(g) = act(&app, &m, t, GameService::abort).await? {
        play::changed(&app, g);
    }
    Ok(())
}

/// `/draw`: offers a draw (or agrees to the opponent's offer).
pub async fn on_draw(app: App, m: Incoming, t: &'static dyn Texts) -> HandlerResult {
    match act(&app, &m, t, GameService::offer_draw).await? {
        Some(DrawOutcome::Agreed(g)) => play::changed(&app, g),
        Some(DrawOutcome::Offered(g)) => {
            let who = mention(m.user.0, &m.from.full_name());
            play::offers::draw_offered(&app, m.chat, &g, &who, t).await?;
        }
        None => {}
    }
    Ok(())
}

/// `/takeback`: asks the opponent to let the asker take back their last move (the
/// program lets them at once).
pub async fn on_takeback(app: App, m: Incoming, t: &'static dyn Texts) -> HandlerResult {
    if let Some(g) = act(&app, &m, t, GameService::request_takeback).await? {
        let who = mention(m.user.0, &m.from.full_name());
        play::offers::takeback_asked(&app, m.chat, &g, m.user, &who, t).await?;
    }
    Ok(())
}

/// Accept or decline a takeback request: the request's message says how it ended, and
/// an accepted one redraws the board.
pub async fn on_takeback_tap(app: App, tap: Tap, (game, accept): (GameId, bool)) -> HandlerResult {
    let (user, t) = (tap.user(), tap.texts());
    let Some(g) = answer(&app, &tap, game, accept, GameService::answer_takeback).await? else {
        return Ok(());
    };
    let who = app.user_mention(user).await;
    let text = if accept {
        t.takeback_accepted(&who)
    } else {
        t.takeback_declined(&who)
    };
    edit_text(&app, tap.query(), &text, None).await;
    if accept {
        play::changed(&app, g);
    }
    Ok(())
}

/// `action` by the sender on the game their command means; a refusal is told in the
/// chat and `None` comes back (an error when it is no refusal).
async fn act<T: Send + 'static>(
    app: &App,
    m: &Incoming,
    t: &'static dyn Texts,
    action: impl FnOnce(&GameService, GameId, UserId, Timestamp) -> Result<T, ServiceError>
    + Send
    + 'static,
) -> Result<Option<T>, BotError> {
    let Some(g) = picked(app, m, t).await? else {
        return Ok(None);
    };
    let (id, user, now) = (g.id, m.user, app.now());
    match app.games.run(move |s| action(s, id, user, now)).await {
        Ok(v) => Ok(Some(v)),
        Err(e) => match crate::bot::error::refusal(&e, t) {
            Some(text) => {
                say(app, m.chat, Some(m.id()), &escape(&text), None).await?;
                Ok(None)
            }
            None => Err(BotError::Service(e)),
        },
    }
}

/// The tapper accepts or declines the pending request or offer in the tapped game; the
/// tap is answered, and the changed game comes back. A refusal is explained by the
/// routing (`Tap::finish`).
async fn answer(
    app: &App,
    tap: &Tap,
    game: GameId,
    accept: bool,
    reply: impl FnOnce(
        &GameService,
        GameId,
        UserId,
        bool,
        Timestamp,
    ) -> Result<GameRecord, ServiceError>
    + Send
    + 'static,
) -> Result<Option<GameRecord>, BotError> {
    let Some(g) = tapped_game(app, tap, game)? else {
        return Ok(None);
    };
    let (id, user, now) = (g.id, tap.user(), app.now());
    let g = app
        .games
        .run(move |s| reply(s, id, user, accept, now))
        .await?;
    tap.answer(Answer::Silent).await;
    Ok(Some(g))
}

/// Post a new board for `g` and retire the old one (it keeps its picture, loses its
/// buttons and says where the game went).
async fn repost_board(app: &App, chat: ChatId, g: &GameRecord, t: &dyn Texts) -> HandlerResult {
    // Two `/board`s at once (two people, or a double send) would post two boards, and
    // only the last stored would be tracked: the other's buttons would lead nowhere. The
    // second finds the first under way and leaves it to post the one board.
    let Some(_posting) = app.views.reposting(g.id, chat) else {
        return Ok(());
    };
    let (g, game) = board::reload(app, g.id)?;
    board::repost(app, &g, &game, chat, &t.board_moved()).await?;
    Ok(())
}

/// The confirmed Resign button.
pub async fn on_resign_tap(app: App, tap: Tap, game: GameId) -> HandlerResult {
    let (user, t) = (tap.user(), tap.texts());
    let Some(g) = tapped_game(&app, &tap, game)? else {
        return Ok(());
    };
    let id = g.id;
    let now = app.now();
    let r = app.games.run(move |s| s.resign(id, user, now)).await;
    if r.is_ok() {
        tap.answer(Answer::Silent).await;
    }
    // A question asked on the board itself is answered by the board's redraw.
    if !on_current_board(tap.query(), &g) {
        remove_keyboard(&app, tap.query()).await;
    }
    match r {
        Ok(g) => {
            let seat = g.seat_of(user);
            play::announce::left(&app, g, seat, Leave::Resignation);
            Ok(())
        }
        Err(e) => tap.reply(Answer::Alert(
            crate::bot::error::refusal(&e, t).unwrap_or_else(|| t.try_again()),
        )),
    }
}

/// Accept or decline a draw offer.
pub async fn on_draw_tap(app: App, tap: Tap, (game, accept): (GameId, bool)) -> HandlerResult {
    let (user, t) = (tap.user(), tap.texts());
    let Some(g) = answer(&app, &tap, game, accept, GameService::answer_draw).await? else {
        return Ok(());
    };
    remove_keyboard(&app, tap.query()).await;
    let declined = match accept {
        true => None,
        false => Some(t.draw_declined(&app.user_mention(user).await)),
    };
    match (declined, tap.board()) {
        // An inline board has no chat to say it in: it says so under its caption.
        (Some(text), BoardAt::Inline(_)) => {
            play::changed(&app, g.clone());
            board::notice(&app, &g, text);
            Ok(())
        }
        (Some(text), BoardAt::Chat(chat)) => {
            say(&app, chat, None, &text, None).await?;
            play::changed(&app, g);
            Ok(())
        }
        (None, _) => {
            play::changed(&app, g);
            Ok(())
        }
    }
}

/// Rematch: the same game again with colours swapped (against the program it starts at
/// once; a person is challenged).
pub async fn on_rematch(app: App, tap: Tap, game: GameId) -> HandlerResult {
    let (chat, user, t) = (tap.chat(), tap.user(), tap.texts());
    let Some(g) = tapped_game(&app, &tap, game)? else {
        return Ok(());
    };
    // The button is only on finished boards; forged data for a game in play must not
    // open a second game between the same people.
    if g.is_open() {
        return tap.reply(Answer::Alert(t.bad_button()));
    }
    if g.is_table() {
        // A new lobby with the same seats, its message posted by its board sender.
        let (id, now) = (g.id, app.now());
        let lobby = app
            .games
            .run(move |s| s.rematch_lobby(id, user, now))
            .await?;
        tap.answer(Answer::Silent).await;
        play::changed(&app, lobby);
        return Ok(());
    }
    let (Some(colour), Some(variant)) = (g.color_of(user), g.variant.two()) else {
        return tap.reply(Answer::Alert(t.not_your_game()));
    };
    tap.answer(Answer::Silent).await;
    match g.player(!colour) {
        Player::Program { level } => {
            play::start::against_program(&app, chat, user, variant.id(), Some(!colour), level).await
        }
        Player::Human(opp) => challenges::rematch(&app, chat, user, opp, &g, colour, t).await,
        Player::Absent => Ok(()),
    }
}

/// After a correspondence move's time ran out: its opponent claims the win, or keeps
/// waiting (the late player may still move; the win stays claimable until then).
pub async fn on_claim(
    app: App,
    tap: Tap,
    (game, ply, claim): (GameId, u32, bool),
) -> HandlerResult {
    let (user, t) = (tap.user(), tap.texts());
    let Some((g, seat)) = played_game(&app, &tap, game).await? else {
        return Ok(());
    };
    if g.ply() != ply {
        tap.answer(Answer::Alert(t.stale_button())).await;
        remove_keyboard(&app, tap.query()).await;
        return Ok(());
    }
    if g.time_is_up() && seat == g.to_move() {
        return tap.reply(Answer::Alert(t.claim_own_time()));
    }
    if !g.time_is_up() {
        return tap.reply(Answer::Alert(t.time_not_up()));
    }
    if claim {
        let id = g.id;
        // A refusal is explained by the routing (`Tap::finish`).
        let now = app.now();
        let late = g.to_move();
        let g = app.games.run(move |s| s.claim_win(id, user, now)).await?;
        tap.answer(Answer::Silent).await;
        remove_keyboard(&app, tap.query()).await;
        play::announce::left(&app, g, Some(late), Leave::Timeout);
        return Ok(());
    }
    tap.answer(Answer::Silent).await;
    let who = app.user_mention(user).await;
    let late = app
        .player_mention(g.player(g.to_move()), crate::game::Language::En)
        .await;
    let text = t.kept_waiting(&who, &late);
    match tap.board() {
        BoardAt::Inline(_) => board::notice(&app, &g, text),
        BoardAt::Chat(_) => {
            let kb = keyboard::time_up(g.id, ply, g.is_table(), true, t);
            edit_text(&app, tap.query(), &text, Some(kb)).await;
        }
    }
    Ok(())
}

/// An action button of a board: resign or leave a table's game (asked first, on the board),
/// offer a draw, abort (an inline board's, whose players cannot type the commands).
pub async fn on_act(app: App, tap: Tap, (game, ply, act): (GameId, u32, Act)) -> HandlerResult {
    let (user, t) = (tap.user(), tap.texts());
    let Some((g, _)) = played_game(&app, &tap, game).await? else {
        return Ok(());
    };
    if g.ply() != ply {
        play::refresh(&app, g.id)?;
        return tap.reply(Answer::Alert(t.stale_button()));
    }
    let id = g.id;
    match act {
        Act::Resign => {
            tap.answer(Answer::Silent).await;
            board::show_ui(&app, id, ply, tap.board(), Ui::ConfirmResign);
            Ok(())
        }
        Act::Draw => {
            // A refusal is explained by the routing (`Tap::finish`).
            let now = app.now();
            let r = app.games.run(move |s| s.offer_draw(id, user, now)).await?;
            tap.answer(Answer::Silent).await;
            match r {
                crate::game::DrawOutcome::Agreed(g) | crate::game::DrawOutcome::Offered(g) => {
                    play::changed(&app, g);
                    Ok(())
                }
            }
        }
        Act::Abort => {
            let now = app.now();
            let g = app.games.run(move |s| s.abort(id, user, now)).await?;
            tap.answer(Answer::Silent).await;
            play::changed(&app, g);
            Ok(())
        }
    }
}
