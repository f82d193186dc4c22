//! Moves in a game of any seat count: typed (`c3-e5`, `/m c3-e5`, a reply to a board, a
//! table's `--` pass) and tapped on the board keyboard (a piece, then its destination;
//! the picker's pass), and which game a message means.

use crate::bot::chat::context::{Answer, HandlerResult, Incoming, Tap};
use crate::bot::chat::messages::{self, remove_keyboard, say};
use crate::bot::controls::callback::Callback;
use crate::bot::controls::keyboard;
use crate::bot::play;
use crate::bot::play::board::{self, Ui};
use crate::bot::play::moves::{
    Attempt, Input, Pick, board_game, on_current_board, pick_game, picked, played_game,
    tapped_game, user_move,
};
use crate::bot::state::App;
use crate::bot::texts::{Texts, escape};
use crate::engine::{AnyGame, IllegalMove, InputError, Seat, Square, read_squares};
use crate::game::{Expect, GameId, GameRecord};
use teloxide::types::{CallbackQuery, InlineKeyboardButtonKind};

/// The most squares a typed move is read with: more than any chain of jumps visits (a
/// jump lands on a new square of one colour each time, at most 64 on a 16×16 board).
const MOST_SQUARES: usize = 65;

/// Whether free text looks like an attempted move (so a reason is worth replying).
fn looks_like_move(text: &str, read: &Result<Vec<Vec<Square>>, InputError>) -> bool {
    // Squares alone are a move, up to the longest chain a board allows (one across a
    // 16×16 board runs past 40 characters); longer text that is not squares is talk.
    if read
        .as_ref()
        .is_ok_and(|squares| squares.len() <= MOST_SQUARES)
    {
        return true;
    }
    if text.chars().count() > 40 {
        return false;
    }
    match read {
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
    // A table's seat with no move passes: `--` (or a dash a phone made of it).
    let pass = matches!(text.trim(), "--" | "—" | "–");
    let read = read_squares(text);
    if !m.private() && reply_to_board.is_none() && read.is_err() && !pass {
        return Ok(());
    }
    if !pass && !looks_like_move(text, &read) && reply_to_board.is_none() {
        return Ok(());
    }
    let t = m.texts(&app).await;
    let input = match pass {
        true => Input::Pass,
        false => Input::Typed(read),
    };
    match pick_game(&app, &m)? {
        Pick::One(g) => typed_move(&app, &m, *g, input, t).await,
        // Replies to text that is no move count against the limit like commands do.
        Pick::None => {
            if m.private() || reply_to_board.is_some() {
                messages::refuse(&app, m.chat, m.user, Some(m.id()), t.no_active_game());
            }
            Ok(())
        }
        Pick::Several => {
            messages::refuse(&app, m.chat, m.user, Some(m.id()), t.several_games());
            Ok(())
        }
    }
}

/// `/m c3-e5`.
pub async fn on_m(app: App, m: Incoming, t: &'static dyn Texts, arg: String) -> HandlerResult {
    let input = match arg.trim() {
        "--" | "—" | "–" => Input::Pass,
        _ => Input::Typed(read_squares(&arg)),
    };
    match picked(&app, &m, t).await? {
        Some(g) => typed_move(&app, &m, g, input, t).await,
        None => Ok(()),
    }
}

async fn typed_move(
    app: &App,
    m: &Incoming,
    g: GameRecord,
    input: Input,
    t: &dyn Texts,
) -> HandlerResult {
    // A move is never refused for speed: the game bounds moves (one per turn). What a
    // refusal costs (its reply) counts against the person's limit instead.
    let (chat, user) = (m.chat, m.user);
    let deadline = g.variant.two().and_then(|v| v.rules().exit_deadline);
    let (id, ply) = (g.id, g.ply());
    match user_move(app, g, user, input, Expect::Any, false).await? {
        Attempt::Played(stored) => play::changed(app, *stored),
        Attempt::Confirm { path, .. } => {
            let kb = keyboard::confirm_return_home(id, ply, path.from(), path.to(), t);
            let text = t.confirm_return_home(&path.to_string(), deadline.unwrap_or(0));
            say(app, chat, Some(m.id()), &text, Some(kb)).await?;
        }
        Attempt::Flagged(g) => {
            messages::refuse(app, chat, user, Some(m.id()), t.game_over());
            play::changed(app, *g);
        }
        // A flood of bad moves gets the newest explanation, not one each.
        Attempt::Refused(g, why) => {
            let reason = play::moves::refusal_words(app, &g, &why, t).await;
            messages::refuse(app, chat, user, Some(m.id()), escape(&reason))
        }
        Attempt::Stale(id) => {
            messages::refuse(app, chat, user, Some(m.id()), t.stale_button());
            play::refresh(app, id)?;
        }
    }
    Ok(())
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

/// A square tapped on the board keyboard (or a piece named by a picker): select the
/// piece there.
pub async fn on_square(
    app: App,
    tap: Tap,
    (game, ply, square): (GameId, u32, Square),
) -> HandlerResult {
    let (user, t) = (tap.user(), tap.texts());
    let Some((g, seat)) = played_game(&app, &tap, game).await? else {
        return Ok(());
    };
    if ply != g.ply() || !on_current_board(tap.query(), &g) {
        tap.answer(Answer::Alert(t.stale_button())).await;
        // Redrawing is expensive: a flood of old taps gets the alert only.
        if app.people.allow_action(user.0) {
            play::refresh(&app, g.id)?;
        }
        return Ok(());
    }
    let _ = seat;
    let game = app.games.read(|s| s.replay(&g))?;
    if g.player_to_move() != crate::game::Player::Human(user) && !g.is_solo() {
        app.people.count_action(user.0);
        let why = play::moves::turn_refusal(&game, &g, user);
        let words = play::moves::refusal_words(&app, &g, &why, t).await;
        return tap.reply(Answer::Alert(words));
    }
    // Selecting a piece is half a move: never limited (its keyboard edit waits for the
    // chat's slot, newer selections replacing older ones).
    if !game.destinations(square).is_empty() {
        tap.answer(Answer::Silent).await;
        board::show_ui(&app, g.id, g.ply(), tap.board(), Ui::Select(square));
        return Ok(());
    }
    app.people.count_action(user.0);
    let why = t.illegal(&no_move_reason(&game, square, g.to_move()));
    tap.reply(Answer::Toast(format!("{square}: {why}")))
}

fn no_move_reason(game: &AnyGame, square: Square, mover: Seat) -> IllegalMove {
    match game.seat_at(square) {
        None => IllegalMove::NoPiece(square),
        Some(s) if s != mover => IllegalMove::NotYourPiece(square),
        Some(_) => IllegalMove::Unreachable {
            from: square,
            to: square,
        },
    }
}

/// The picker's pass (a table's seat with no move).
pub async fn on_pass(app: App, tap: Tap, (game, ply): (GameId, u32)) -> HandlerResult {
    let user = tap.user();
    let Some((g, _)) = played_game(&app, &tap, game).await? else {
        return Ok(());
    };
    let attempt = user_move(&app, g, user, Input::Pass, Expect::Ply(ply), false).await?;
    answer_attempt(&app, &tap, attempt, ply).await
}

/// A destination tapped while a piece is selected (or a confirmed return home).
pub async fn on_move(
    app: App,
    tap: Tap,
    (game, ply, from, to, confirmed): (GameId, u32, Square, Square, bool),
) -> HandlerResult {
    let (user, t, q) = (tap.user(), tap.texts(), tap.query());
    let Some(g) = tapped_game(&app, &tap, game)? else {
        return Ok(());
    };
    if g.seat_of(user).is_none() {
        app.people.count_action(user.0);
        return tap.reply(Answer::Alert(t.not_your_game()));
    }
    let input = Input::Tapped { from, to };
    let attempt = user_move(&app, g.clone(), user, input, Expect::Ply(ply), confirmed).await?;
    // A confirmation asked in a separate message (typed moves) is done with (once the tap
    // is answered).
    let leftover = confirmed && !on_current_board(q, &g);
    let r = answer_attempt(&app, &tap, attempt, ply).await;
    if leftover {
        remove_keyboard(&app, q).await;
    }
    r
}

/// Answer a tap's move attempt (before anything it causes is shown): played, asked to
/// confirm on the board, refused or stale.
async fn answer_attempt(app: &App, tap: &Tap, attempt: Attempt, ply: u32) -> HandlerResult {
    let (user, t) = (tap.user(), tap.texts());
    match attempt {
        Attempt::Played(stored) => {
            tap.answer(Answer::Silent).await;
            play::changed(app, *stored);
            Ok(())
        }
        Attempt::Confirm { id, path } => {
            tap.answer(Answer::Silent).await;
            let (from, to) = (path.from(), path.to());
            board::show_ui(app, id, ply, tap.board(), Ui::ConfirmHome { from, to });
            Ok(())
        }
        Attempt::Flagged(g) => {
            tap.answer(Answer::Alert(t.game_over())).await;
            play::changed(app, *g);
            Ok(())
        }
        Attempt::Refused(g, why) => {
            app.people.count_action(user.0);
            let words = play::moves::refusal_words(app, &g, &why, t).await;
            tap.reply(Answer::Alert(words))
        }
        Attempt::Stale(id) => {
            app.people.count_action(user.0);
            tap.answer(Answer::Alert(t.stale_button())).await;
            play::refresh(app, id)?;
            Ok(())
        }
    }
}

/// Drop the selection, or cancel a confirmation: the plain board again.
pub async fn on_reset(app: App, tap: Tap, (game, ply): (GameId, u32)) -> HandlerResult {
    let (user, t, q) = (tap.user(), tap.texts(), tap.query());
    let Some(g) = board_game(&app, &tap, game)? else {
        app.people.count_action(user.0);
        return tap.reply(Answer::Alert(t.bad_button()));
    };
    if !on_current_board(q, &g) {
        tap.answer(Answer::Silent).await;
        if app.people.allow_action(user.0) {
            remove_keyboard(&app, q).await;
        }
        return Ok(());
    }
    if g.seat_of(user).is_none() {
        app.people.count_action(user.0);
        return tap.reply(Answer::Alert(t.not_your_game()));
    }
    tap.answer(Answer::Silent).await;
    if asks_return_home(q) {
        // The question is in the caption: the whole board is redrawn.
        play::refresh(&app, g.id)?;
        Ok(())
    } else {
        board::show_ui(&app, g.id, ply, tap.board(), Ui::Unselect);
        Ok(())
    }
}
