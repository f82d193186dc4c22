//! Moves: typed (`c3-e5`, `/m c3-e5`, a reply to a board) and tapped on the board
//! keyboard (a piece, then its destination), and which game a message means.

use super::app::App;
use super::callback::Callback;
use super::context::{Answer, HandlerResult, Incoming, Tap};
use super::error::BotError;
use super::flow::{self, Attempt};
use super::keyboard;
use super::send::{self, remove_keyboard, say};
use super::texts::{Texts, escape};
use super::view::{self, BoardAt, Ui};
use crate::engine::{Color, IllegalMove, InputError, Position, Square, read_squares};
use crate::game::{ChatId, Expect, GameId, GameRecord, MessageId, MoveInput, ServiceError};
use teloxide::types::{CallbackQuery, InlineKeyboardButtonKind};

/// Which of the user's games a message refers to: a reply to a board picks that game,
/// otherwise their only game here (or the only one where it is their turn).
pub enum Pick {
    /// This one.
    One(Box<GameRecord>),
    /// The user plays no game here.
    None,
    /// Several, and the message does not say which.
    Several,
}

/// The game `m` refers to (see [`Pick`]).
pub fn pick_game(app: &App, m: &Incoming) -> Result<Pick, BotError> {
    let (chat, user) = (m.chat, m.user);
    let games = app.games.read(|s| s.active_games(chat))?;
    if let Some(r) = m.msg.reply_to_message() {
        let mid = MessageId(r.id.0);
        if let Some(g) = games.iter().find(|g| g.is_board(chat, mid)) {
            return Ok(Pick::One(Box::new(g.clone())));
        }
    }
    let mine: Vec<GameRecord> = games
        .into_iter()
        .filter(|g| g.color_of(user).is_some())
        .collect();
    if mine.len() <= 1 {
        return Ok(mine
            .into_iter()
            .next()
            .map_or(Pick::None, |g| Pick::One(Box::new(g))));
    }
    let mut my_turn: Vec<GameRecord> = mine
        .into_iter()
        .filter(|g| g.color_of(user) == Some(g.side_to_move()) || g.is_solo())
        .collect();
    Ok(match (my_turn.pop(), my_turn.is_empty()) {
        (Some(g), true) => Pick::One(Box::new(g)),
        _ => Pick::Several,
    })
}

/// The game `m` refers to, or `None` after saying why there is none.
pub async fn picked(
    app: &App,
    m: &Incoming,
    t: &dyn Texts,
) -> Result<Option<GameRecord>, BotError> {
    let text = match pick_game(app, m)? {
        Pick::One(g) => return Ok(Some(*g)),
        Pick::None => t.no_active_game(),
        Pick::Several => t.several_games(),
    };
    say(app, m.chat, Some(m.id()), &text, None).await?;
    Ok(None)
}

/// Whether free text looks like an attempted move (so a reason is worth replying).
fn looks_like_move(text: &str) -> bool {
    if text.chars().count() > 40 {
        return false;
    }
    match read_squares(text) {
        Ok(_) => true,
        Err(InputError::OneSquare(_)) => text.trim().chars().count() <= 4,
        Err(InputError::BadSquare { .. } | InputError::OffBoard { .. }) => {
            text.split_whitespace().count() <= 3
        }
        Err(_) => false,
    }
}

/// Text that is no command: a move when it reads as one (in a group, only squares or a
/// reply to a board).
pub async fn on_text(app: App, m: Incoming) -> HandlerResult {
    let reply_to_board = m
        .msg
        .reply_to_message()
        .filter(|r| r.from.as_ref().is_some_and(|u| u.is_bot));
    let text = m.text.as_str();
    if !m.private() && reply_to_board.is_none() && read_squares(text).is_err() {
        return Ok(());
    }
    if !looks_like_move(text) && reply_to_board.is_none() {
        return Ok(());
    }
    let t = m.texts(&app).await;
    match pick_game(&app, &m)? {
        Pick::One(g) => typed_move(&app, &m, &g, text, t).await,
        // Replies to text that is no move count against the limit like commands do.
        Pick::None => {
            if m.private() || reply_to_board.is_some() {
                send::refuse(&app, m.chat, m.user, Some(m.id()), t.no_active_game());
            }
            Ok(())
        }
        Pick::Several => {
            send::refuse(&app, m.chat, m.user, Some(m.id()), t.several_games());
            Ok(())
        }
    }
}

/// `/m c3-e5`.
pub async fn on_m(app: App, m: Incoming, t: &'static dyn Texts, arg: String) -> HandlerResult {
    match picked(&app, &m, t).await? {
        Some(g) => typed_move(&app, &m, &g, &arg, t).await,
        None => Ok(()),
    }
}

async fn typed_move(
    app: &App,
    m: &Incoming,
    g: &GameRecord,
    text: &str,
    t: &dyn Texts,
) -> HandlerResult {
    // A move is never refused for speed: the game bounds moves (one per turn). What a
    // refusal costs (its reply) counts against the person's limit instead.
    let (chat, user) = (m.chat, m.user);
    let input = MoveInput::Text(text.to_string());
    match flow::user_move(app, g.id, user, input, Expect::Any, false, t).await? {
        Attempt::Played(stored) => flow::show_played(app, stored).await?,
        Attempt::Confirm { path } => {
            let kb = keyboard::confirm_return_home(g.id, g.ply(), path.from(), path.to(), t);
            let d = g.variant.rules().exit_deadline.unwrap_or(0);
            let text = t.confirm_return_home(&path.to_string(), d);
            say(app, chat, Some(m.id()), &text, Some(kb)).await?;
        }
        // A flood of bad moves gets the newest explanation, not one each.
        Attempt::Refused(reason) => send::refuse(app, chat, user, Some(m.id()), escape(&reason)),
        Attempt::Stale => send::refuse(app, chat, user, Some(m.id()), t.stale_button()),
    }
    Ok(())
}

/// The game a board button names, when that game has a board where it was tapped: in
/// the tapped chat, or in the tapped inline message.
pub fn board_game(app: &App, tap: &Tap, id: GameId) -> Result<Option<GameRecord>, BotError> {
    let g = match app.games.read(|s| s.game(id)) {
        Ok(g) => g,
        Err(ServiceError::NoSuchGame(_)) => return Ok(None),
        Err(e) => return Err(e.into()),
    };
    let here = match (tap.inline(), tap.board()) {
        (Some(message), _) => g.inline.as_ref() == Some(&message),
        (None, BoardAt::Chat(chat)) => g.board_in(chat).is_some(),
        (None, BoardAt::Inline(_)) => false,
    };
    Ok(here.then_some(g))
}

/// The game a board button names and the tapper's colour in it, when the tapper plays
/// it and it is on; otherwise the tap is given its alert (counted against the tapper's
/// limit, like every refused tap) and `None` comes back.
pub async fn played_game(
    app: &App,
    tap: &Tap,
    id: GameId,
) -> Result<Option<(GameRecord, Color)>, BotError> {
    let t = tap.texts();
    let why = match board_game(app, tap, id)? {
        None => t.bad_button(),
        Some(g) => match g.color_of(tap.user()) {
            None => t.not_your_game(),
            Some(_) if !g.is_active() => t.game_over(),
            Some(c) => return Ok(Some((g, c))),
        },
    };
    app.count_action(tap.user().0);
    tap.reply(Answer::Alert(why))?;
    Ok(None)
}

/// Whether the tapped message is the game's current board.
pub fn on_current_board(q: &CallbackQuery, g: &GameRecord) -> bool {
    if let Some(id) = &q.inline_message_id {
        return g.inline.as_ref().is_some_and(|m| &m.0 == id);
    }
    q.regular_message()
        .is_some_and(|m| g.is_board(ChatId(m.chat.id.0), MessageId(m.id.0)))
}

/// Whether the tapped message asks to confirm a losing return home (its "Cancel" is a
/// reset too, but the question is in the caption, unlike a selection).
fn asks_return_home(q: &CallbackQuery) -> bool {
    q.regular_message()
        .and_then(|m| m.reply_markup())
        .is_some_and(|k| {
            k.inline_keyboard.iter().flatten().any(|b| {
                matches!(&b.kind, InlineKeyboardButtonKind::CallbackData(d)
                    if matches!(Callback::decode(d), Ok(Callback::Move { confirmed: true, .. })))
            })
        })
}

/// A label button: nothing to do but drop a leftover keyboard.
pub async fn on_noop(app: App, tap: Tap) -> HandlerResult {
    tap.answer(Answer::Silent).await;
    remove_keyboard(&app, tap.query()).await;
    Ok(())
}

/// A square tapped on the board keyboard: select the piece there.
pub async fn on_square(
    app: App,
    tap: Tap,
    (game, ply, square): (GameId, u32, Square),
) -> HandlerResult {
    let (user, t) = (tap.user(), tap.texts());
    let Some((g, colour)) = played_game(&app, &tap, game).await? else {
        return Ok(());
    };
    if ply != g.ply() || !on_current_board(tap.query(), &g) {
        // Redrawing is expensive: a flood of old taps gets the alert only.
        if app.allow_action(user.0) {
            view::refresh(&app, g.id).await?;
        }
        return tap.reply(Answer::Alert(t.stale_button()));
    }
    if g.side_to_move() != colour {
        app.count_action(user.0);
        return tap.reply(Answer::Alert(t.not_your_turn()));
    }
    // Selecting a piece is half a move: never limited (its keyboard edit waits for the
    // chat's slot, newer selections replacing older ones).
    let (g, game) = view::reload(&app, game)?;
    let pos = game.position();
    if pos.piece_at(square) == Some(colour) && !pos.destinations(square).is_empty() {
        tap.answer(Answer::Silent).await;
        view::show_ui_at(&app, g.id, g.ply(), tap.board(), &Ui::Select(square))?;
        return Ok(());
    }
    app.count_action(user.0);
    let why = t.illegal(&no_move_reason(pos, square, colour));
    tap.reply(Answer::Toast(format!("{square}: {why}")))
}

fn no_move_reason(pos: &Position, square: Square, colour: Color) -> IllegalMove {
    match pos.piece_at(square) {
        None => IllegalMove::NoPiece(square),
        Some(c) if c != colour => IllegalMove::NotYourPiece(square),
        Some(_) => IllegalMove::Unreachable {
            from: square,
            to: square,
        },
    }
}

/// A destination tapped while a piece is selected (or a confirmed return home).
pub async fn on_move(
    app: App,
    tap: Tap,
    (game, ply, from, to, confirmed): (GameId, u32, Square, Square, bool),
) -> HandlerResult {
    let (user, t, q) = (tap.user(), tap.texts(), tap.query());
    let Some(g) = board_game(&app, &tap, game)? else {
        return tap.reply(Answer::Alert(t.bad_button()));
    };
    if g.color_of(user).is_none() {
        app.count_action(user.0);
        return tap.reply(Answer::Alert(t.not_your_game()));
    }
    let input = MoveInput::Squares(vec![from, to]);
    let attempt = flow::user_move(&app, g.id, user, input, Expect::Ply(ply), confirmed, t).await?;
    // A confirmation asked in a separate message (typed moves) is done with.
    if confirmed && !on_current_board(q, &g) {
        remove_keyboard(&app, q).await;
    }
    match attempt {
        Attempt::Played(stored) => {
            tap.answer(Answer::Silent).await;
            flow::show_played(&app, stored).await
        }
        Attempt::Confirm { path } => {
            tap.answer(Answer::Silent).await;
            let (from, to) = (path.from(), path.to());
            view::show_ui_at(&app, g.id, ply, tap.board(), &Ui::ConfirmHome { from, to })
        }
        Attempt::Refused(s) => {
            app.count_action(user.0);
            tap.reply(Answer::Alert(s))
        }
        Attempt::Stale => {
            app.count_action(user.0);
            tap.reply(Answer::Alert(t.stale_button()))
        }
    }
}

/// Drop the selection, or cancel a confirmation: the plain board again.
pub async fn on_reset(app: App, tap: Tap, (game, ply): (GameId, u32)) -> HandlerResult {
    let (user, t, q) = (tap.user(), tap.texts(), tap.query());
    let Some(g) = board_game(&app, &tap, game)? else {
        app.count_action(user.0);
        return tap.reply(Answer::Alert(t.bad_button()));
    };
    if !on_current_board(q, &g) {
        if app.allow_action(user.0) {
            remove_keyboard(&app, q).await;
        }
        return Ok(());
    }
    if g.color_of(user).is_none() {
        app.count_action(user.0);
        return tap.reply(Answer::Alert(t.not_your_game()));
    }
    tap.answer(Answer::Silent).await;
    if asks_return_home(q) {
        // The question is in the caption: the whole board is redrawn.
        view::refresh(&app, g.id).await
    } else {
        view::show_ui_at(&app, g.id, ply, tap.board(), &Ui::Unselect)
    }
}
