//! `/history` and `/export`, and the record and replay buttons under finished boards and
//! `/history`.

use super::{GAMES_READ, games_of};

use crate::bot::chat::context::{Answer, HandlerResult, Incoming, Tap};
use crate::bot::chat::messages::say;
use crate::bot::controls::callback::Callback;
use crate::bot::error::BotError;
use crate::bot::play;
use crate::bot::play::board;
use crate::bot::state::App;
use crate::bot::telegram;
use crate::bot::texts::{HistoryRow, Opponent, Texts, escape, texts};
use crate::game::standings::{PlayerResult, ended_at, rating_change_of};
use crate::game::{ChatId, GameId, GameRecord, MessageId, Player, ServiceError, Status, UserId};
use teloxide::prelude::*;
use teloxide::types::{InlineKeyboardButton, InlineKeyboardButtonKind, InlineKeyboardMarkup, Me};

/// Games listed by `/history`.
const HISTORY_ROWS: usize = 10;

/// Games looked at to fill `/history` (skipping games in progress).
const HISTORY_SCAN: usize = 400;

/// A record or replay button: the tap is answered, then the file is sent where it was
/// tapped. Tapped on an inline board, the file goes to the tapper's private chat with the
/// bot, which Telegram allows only once they have started it: if it cannot go there, the
/// inline board says where to start the bot.
pub async fn on_export_tap(
    app: App,
    tap: Tap,
    (game, gif): (GameId, bool),
    me: Me,
) -> HandlerResult {
    let t = tap.texts();
    if !app.people.allow_action(tap.user().0) {
        return tap.reply(Answer::Toast(t.slow_down()));
    }
    let g = match exportable(&app, tap.chat(), tap.user(), game, t).await? {
        Ok(g) => g,
        Err(alert) => return tap.reply(Answer::Alert(alert)),
    };
    tap.answer(Answer::Silent).await;
    match send_export(&app, tap.chat(), g.id, Some(gif), t).await {
        Err(BotError::Telegram(e)) if telegram::cannot_write_privately(&e) => {
            // Said on the board, which everyone sees in the game's language.
            let board_t = texts(app.game_lang(&g).await);
            board::notice(&app, &g, board_t.private_only(me.username()));
            Ok(())
        }
        r => r,
    }
}

/// Whether `/history` lists a game: decided, or called off after some moves.
fn listed(g: &GameRecord) -> bool {
    match g.status {
        Status::Over { .. } => true,
        Status::Aborted { .. } => g.ply() > 0,
        Status::Lobby | Status::Active => false,
    }
}

/// `/history`: the asker's last games, newest first, each with buttons for its record
/// and replay (sent to the chat where they are tapped).
pub async fn on_history(app: App, m: Incoming, t: &'static dyn Texts) -> HandlerResult {
    let app = &app;
    let (chat, me) = (m.chat, m.user);
    let games = games_of(app, me, HISTORY_SCAN, |gs| {
        gs.iter().filter(|g| listed(g)).count() >= HISTORY_ROWS
    })
    .await?;
    let mut rows = Vec::new();
    let mut buttons = Vec::new();
    for g in games.iter().filter(|g| listed(g)).take(HISTORY_ROWS) {
        let mine = g.color_of(me);
        let other = crate::engine::Color::ALL
            .into_iter()
            .find(|c| Some(*c) != mine)
            .map(|c| g.player(c));
        let opponent = match other {
            _ if g.is_table() => Opponent::Table(g.variant.seat_count() as u8),
            Some(Player::Human(u)) => {
                let name = app.user_name(u).unwrap_or_else(|| format!("#{u}"));
                Opponent::Person(escape(&name))
            }
            Some(Player::Program { level }) => Opponent::Program(level),
            Some(Player::Absent) | None => Opponent::Nobody,
        };
        rows.push(HistoryRow {
            game: g.id,
            date: play::end::date_of(ended_at(g).unwrap_or(g.created_at).0),
            opponent,
            variant: t.game_variant(&g.variant),
            result: PlayerResult::of(g, me),
            reason: g.ending().map(|o| o.reason()),
            moves: g.ply(),
            rating: rating_change_of(g, me).map(|c| (c.after, c.delta())),
        });
        buttons.push(vec![
            InlineKeyboardButton::callback(
                t.btn_record_of(g.id),
                Callback::Export {
                    game: g.id,
                    gif: false,
                }
                .encode(),
            ),
            InlineKeyboardButton::callback(
                t.btn_replay_of(g.id),
                Callback::Export {
                    game: g.id,
                    gif: true,
                }
                .encode(),
            ),
        ]);
    }
    let kb = (!buttons.is_empty()).then(|| InlineKeyboardMarkup::new(buttons));
    say(app, chat, None, &t.history(&rows), kb).await?;
    Ok(())
}

/// The game ids named by a message's buttons (a board's keyboard carries its game).
fn games_in_keyboard(m: &Message) -> Vec<GameId> {
    let mut ids = Vec::new();
    for row in m
        .reply_markup()
        .map(|k| &k.inline_keyboard[..])
        .unwrap_or(&[])
    {
        for b in row {
            let InlineKeyboardButtonKind::CallbackData(d) = &b.kind else {
                continue;
            };
            let id = match Callback::decode(d) {
                Ok(
                    Callback::Tap { game, .. }
                    | Callback::Move { game, .. }
                    | Callback::Reset { game, .. }
                    | Callback::Resign { game }
                    | Callback::Draw { game, .. }
                    | Callback::Rematch { game }
                    | Callback::Export { game, .. },
                ) => game,
                _ => continue,
            };
            if !ids.contains(&id) {
                ids.push(id);
            }
        }
    }
    ids
}

/// The game whose board `replied` is, in `chat`: named by the board's buttons, or else
/// found among the asker's games.
async fn replied_game(
    app: &App,
    chat: ChatId,
    me: UserId,
    replied: &Message,
) -> Result<Option<GameRecord>, BotError> {
    let mid = MessageId(replied.id.0);
    for id in games_in_keyboard(replied) {
        match app.games.run(move |s| s.game(id)).await {
            Ok(g) if g.is_board(chat, mid) => return Ok(Some(g)),
            Ok(_) | Err(ServiceError::NoSuchGame(_)) => {}
            Err(e) => return Err(e.into()),
        }
    }
    let mine = games_of(app, me, GAMES_READ, |_| false).await?;
    Ok(mine.into_iter().find(|g| g.is_board(chat, mid)))
}

/// `/export`: a finished game's record (`.txt`) and replay (GIF): the game whose board
/// the command replies to, else the asker's last finished game in this chat (in a
/// private chat, or played through inline mode).
pub async fn on_export(app: App, m: Incoming, t: &'static dyn Texts) -> HandlerResult {
    let (app, msg) = (&app, &m.msg);
    let (chat, me) = (m.chat, m.user);
    let board = msg
        .reply_to_message()
        .filter(|r| r.from.as_ref().is_some_and(|u| u.is_bot));
    let found = match board {
        Some(r) => replied_game(app, chat, me, r).await?,
        None => None,
    };
    let found = match found {
        Some(g) => Some(g),
        None => games_of(app, me, GAMES_READ, |_| false)
            .await?
            .into_iter()
            .find(|g| {
                // A private chat also has the asker's games played through inline mode.
                let here = g.board_in(chat).is_some() || (m.private() && g.inline.is_some());
                here && matches!(g.status, Status::Over { .. })
            }),
    };
    let Some(g) = found else {
        say(app, chat, Some(msg.id), &t.export_nothing(), None).await?;
        return Ok(());
    };
    if g.is_active() {
        say(app, chat, Some(msg.id), &t.export_not_finished(), None).await?;
        return Ok(());
    }
    if !app.people.allow_action(me.0) {
        say(app, chat, Some(msg.id), &t.slow_down(), None).await?;
        return Ok(());
    }
    send_export(app, chat, g.id, None, t).await
}

/// Send game `id`'s record, replay or both (`gif`: `None`) to `to`.
async fn send_export(
    app: &App,
    to: ChatId,
    id: GameId,
    gif: Option<bool>,
    t: &dyn Texts,
) -> Result<(), BotError> {
    let (g, game) = board::reload(app, id)?;
    if gif != Some(true) {
        play::end::send_record_to(app, to, &g, &game).await?;
    }
    if gif != Some(false) {
        let caption = board::result_line(app, &g, &game, t)
            .await
            .unwrap_or_default();
        play::end::send_replay_to(app, to, &g, &game, &caption).await?;
    }
    Ok(())
}

/// Game `id` when `user` may have its record and replay in `chat` (tapped under a
/// finished board or in `/history`): a game of this chat or one of the user's own, and
/// finished; else why not.
async fn exportable(
    app: &App,
    chat: ChatId,
    user: UserId,
    id: GameId,
    t: &dyn Texts,
) -> Result<Result<GameRecord, String>, BotError> {
    let g = match app.games.run(move |s| s.game(id)).await {
        Ok(g) => g,
        Err(ServiceError::NoSuchGame(_)) => return Ok(Err(t.bad_button())),
        Err(e) => return Err(e.into()),
    };
    if g.board_in(chat).is_none() && g.seat_of(user).is_none() {
        return Ok(Err(t.not_your_game()));
    }
    if g.is_open() {
        return Ok(Err(t.export_not_finished()));
    }
    Ok(Ok(g))
}
