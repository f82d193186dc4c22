//! Halma for three and four (RULES.md §14) in the chat: `/new halma4` (also `halma3`,
//! `halma4-teams`, with a per-move limit in seconds or days) opens a lobby in a group, with Join,
//! Leave, "+ Program" and Start; `/play halma4 [level]` in a private chat plays against
//! three program seats. Turns are typed (`c3-e5`, or a reply to the board); the program
//! moves for its seats, for a seat whose player left, and once for a player who missed
//! the per-move limit. A turn or a leave goes through `play::tables::changed`, which the
//! timer and the Mini App share (its views, its news, its end, the program's turns); the
//! lobby's own buttons edit the lobby.

use crate::bot::chat::context::{Answer, HandlerResult, Incoming, Tap};
use crate::bot::chat::messages::{self, edit_text, say};
use crate::bot::controls::callback::{Callback, Pick, TableAct};
use crate::bot::play::tables::{
    self, DEFAULT_LEVEL, board_rows, post_board, program_if_due, seat_player_name, table_view,
    warm_pictures,
};
use crate::bot::state::App;
use crate::bot::telegram;
use crate::bot::texts::{Texts, texts};
use crate::engine::multi::{MultiGame, MultiVariant, Turn};
use crate::engine::read_squares;
use crate::game::{
    MessageId, Player, ServiceError, TableActor, TableId, TableInput, TableRecord, TableRefusal,
    TableStatus, TimeControl,
};
use teloxide::prelude::*;
use teloxide::types::{InlineKeyboardButton, InlineKeyboardMarkup};

/// The multi-player variant a command's words name, if any (`halma4`, `halma3`,
/// `halma4-teams`), with a per-move limit in seconds (`60s`) or days (`3d`, one of the
/// correspondence choices) and a level.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableArgs {
    variant: MultiVariant,
    per_move: Option<u32>,
    level: Option<u8>,
}

/// Read `/new` or `/play` arguments naming a multi-player variant.
pub fn table_args(arg: &str) -> Option<TableArgs> {
    let mut variant = None;
    let (mut per_move, mut level) = (None, None);
    for w in arg.split_whitespace() {
        if let Ok(v) = w.parse::<MultiVariant>() {
            variant = Some(v);
        } else if let Some(s) = w.strip_suffix('s').and_then(|n| n.parse::<u32>().ok()) {
            per_move = Some(s.clamp(10, 86_400));
        } else if let Some(d) = w.strip_suffix('d').and_then(|n| n.parse::<u8>().ok())
            && TimeControl::DAYS.contains(&d)
        {
            // Days a move: a slow game, a turn a day or so, told by private notices.
            per_move = Some(u32::from(d) * 86_400);
        } else if let Ok(n) = w.parse::<u8>()
            && (1..=5).contains(&n)
        {
            level = Some(n);
        }
    }
    Some(TableArgs {
        variant: variant?,
        per_move,
        level,
    })
}

/// Whether `/new` or `/play` names a multi-player variant.
pub fn is_table_arg(arg: &str) -> bool {
    table_args(arg).is_some()
}

/// `/new halma4 [60s]` in a group (the command is routed in groups only): a lobby.
pub async fn on_new(app: App, m: Incoming, t: &'static dyn Texts, arg: String) -> HandlerResult {
    let Some(a) = table_args(&arg) else {
        return Ok(());
    };
    warm_pictures();
    let (chat, host, now) = (m.chat, m.user, app.now());
    let r = app
        .games
        .run(move |s| s.open_lobby(chat, host, a.variant, a.per_move, now))
        .await;
    let table = match r {
        Ok(table) => table,
        Err(ServiceError::Table(r)) => {
            say(&app, chat, Some(m.id()), &t.table_refusal(&r), None).await?;
            return Ok(());
        }
        Err(e) => return Err(e.into()),
    };
    post_lobby(&app, &table, t).await
}

async fn post_lobby(app: &App, table: &TableRecord, t: &dyn Texts) -> HandlerResult {
    let text = lobby_text(app, table).await;
    let sent = say(app, table.chat, None, &text, Some(lobby_keyboard(table, t))).await?;
    let (id, mid, now) = (table.id, MessageId(sent.id.0), app.now());
    app.games
        .run(move |s| s.set_table_message(id, mid, now))
        .await?;
    Ok(())
}

/// `/play halma4 [level]` in a private chat (where alone it is routed): against three
/// program seats.
pub async fn on_play(app: App, m: Incoming, t: &'static dyn Texts, arg: String) -> HandlerResult {
    let Some(a) = table_args(&arg) else {
        return Ok(());
    };
    warm_pictures();
    let (chat, user, now) = (m.chat, m.user, app.now());
    let level = a.level.unwrap_or(DEFAULT_LEVEL);
    let r = app
        .games
        .run(move |s| s.open_private_table(chat, user, a.variant, level, None, now))
        .await;
    let table = match r {
        Ok(table) => table,
        Err(ServiceError::Table(r)) => {
            say(&app, chat, Some(m.id()), &t.table_refusal(&r), None).await?;
            return Ok(());
        }
        Err(e) => return Err(e.into()),
    };
    post_board(&app, &table).await?;
    program_if_due(&app, &table);
    Ok(())
}

/// A lobby's or a board's button.
pub async fn on_tap(app: App, tap: Tap, (id, act): (TableId, TableAct)) -> HandlerResult {
    let (user, now, t) = (tap.user(), app.now(), tap.texts());
    let games = app.games.clone();
    let r: Result<TableRecord, ServiceError> = match act {
        TableAct::Join => games.run(move |s| s.join_table(id, user, now)).await,
        TableAct::Leave => games.run(move |s| s.leave_lobby(id, user, now)).await,
        TableAct::Program(level) => {
            games
                .run(move |s| s.add_program_seat(id, user, level, now))
                .await
        }
        TableAct::Start => games.run(move |s| s.start_table(id, user, now)).await,
        TableAct::Resign => {
            let change = games.run(move |s| s.table_resign(id, user, now)).await?;
            tap.reply(Answer::Silent)?;
            tables::changed(&app, change).await;
            return Ok(());
        }
        TableAct::Rematch => games.run(move |s| s.rematch_table(id, user, now)).await,
    };
    let table = r?;
    match act {
        TableAct::Join => tap.reply(Answer::Toast(
            table
                .seat_of(user)
                .map_or_else(String::new, |s| t.seated(s)),
        ))?,
        TableAct::Leave => tap.reply(Answer::Toast(t.unseated()))?,
        _ => tap.reply(Answer::Silent)?,
    }
    match (act, table.status) {
        (TableAct::Rematch, _) => post_lobby(&app, &table, t).await?,
        (_, TableStatus::Lobby) => {
            let text = lobby_text(&app, &table).await;
            edit_text(&app, tap.query(), &text, Some(lobby_keyboard(&table, t))).await;
        }
        (_, TableStatus::Lapsed) => {
            edit_text(&app, tap.query(), &t.lobby_closed(table.variant), None).await;
        }
        (_, TableStatus::Playing) => {
            let text = lobby_text(&app, &table).await;
            edit_text(&app, tap.query(), &text, None).await;
            post_board(&app, &table).await?;
            program_if_due(&app, &table);
        }
        (_, TableStatus::Over) => {}
    }
    Ok(())
}

/// A typed turn meant for a table: the chat's table in play, and text that reads as
/// squares or a pass, from a person seated there or replying to its board.
#[derive(Clone, Debug)]
pub struct TableMove {
    table: TableRecord,
    text: String,
}

/// Whether a message is a turn at the chat's table (routed before two-player moves).
pub async fn table_move(app: App, m: Incoming) -> Option<TableMove> {
    let text = m.text.trim().to_string();
    let pass = text == "--" || text == "—";
    if !pass && (read_squares(&text).is_err() || text.chars().count() > 60) {
        return None;
    }
    let chat = m.chat;
    let table = app
        .games
        .read(|s| s.chat_table(chat))
        .ok()
        .flatten()
        .filter(|t| t.status == TableStatus::Playing)?;
    let replied = m
        .msg
        .reply_to_message()
        .is_some_and(|r| table.message.is_some_and(|b| b.0 == r.id.0));
    (m.private() || replied || table.seat_of(m.user).is_some()).then_some(TableMove {
        table,
        text: if pass { "--".into() } else { text },
    })
}

/// Play a typed turn.
pub async fn on_move(app: App, m: Incoming, mv: TableMove) -> HandlerResult {
    let (id, user, now) = (mv.table.id, m.user, app.now());
    let input = TableInput::Text(mv.text.clone());
    let r = app
        .games
        .run(move |s| s.table_play(id, TableActor::User(user), &input, None, now))
        .await;
    let t = m.texts(&app).await;
    match r {
        Ok(change) => {
            tables::changed(&app, change).await;
            Ok(())
        }
        Err(ServiceError::Table(TableRefusal::NotYourSeat(seat))) => {
            let name = seat_player_name(&app, &mv.table, seat).await;
            messages::refuse(
                &app,
                m.chat,
                user,
                Some(m.id()),
                t.not_your_seat(&name, seat),
            );
            Ok(())
        }
        Err(
            e @ (ServiceError::Table(_) | ServiceError::Illegal(_) | ServiceError::BadSetup(_)),
        ) => {
            let why = crate::bot::error::refusal(&e, t).unwrap_or_else(|| t.try_again());
            messages::refuse(&app, m.chat, user, Some(m.id()), why);
            Ok(())
        }
        Err(e) => Err(e.into()),
    }
}

/// A tap on a table's piece picker: only the seat to move's player picks; a piece shows
/// its destinations on the board's keyboard, a destination (or the pass) plays the turn.
pub async fn on_pick(app: App, tap: Tap, (id, ply, pick): (TableId, u32, Pick)) -> HandlerResult {
    let (user, t) = (tap.user(), tap.texts());
    let table = app.games.read(|s| s.table(id))?;
    let game = app.games.read(|s| s.table_game(&table))?;
    if table.status != TableStatus::Playing || game.plies() as u32 != ply {
        return tap.reply(Answer::Toast(t.stale_button()));
    }
    let seat = game.position().to_move();
    let Some(mine) = table.seat_of(user) else {
        return tap.reply(Answer::Alert(t.table_refusal(&TableRefusal::NotSeated)));
    };
    if table.player(seat) != Player::Human(user) || game.position().left().has(seat) {
        let done = game.position().finished().has(mine) || game.position().left().has(mine);
        let why = if done {
            t.table_refusal(&TableRefusal::SeatDone)
        } else {
            t.not_your_seat(&seat_player_name(&app, &table, seat).await, seat)
        };
        return tap.reply(Answer::Alert(why));
    }
    let turn = match pick {
        Pick::Reset | Pick::Piece(_) => {
            let from = match pick {
                Pick::Piece(sq) if game.position().seat_at(sq) == Some(seat) => Some(sq),
                _ => None,
            };
            let rows = board_rows(&app, &table, &game, from, t);
            tap.reply(Answer::Silent)?;
            edit_keyboard(&app, tap.query(), InlineKeyboardMarkup::new(rows)).await;
            return Ok(());
        }
        Pick::Move(f, to) => Turn::between(f, to),
        Pick::Pass => Turn::Pass,
    };
    let (version, now) = (table.version, app.now());
    let input = TableInput::Turn(turn);
    let r = app
        .games
        .run(move |s| s.table_play(id, TableActor::User(user), &input, Some(version), now))
        .await;
    match r {
        Ok(change) => {
            tap.reply(Answer::Silent)?;
            tables::changed(&app, change).await;
            Ok(())
        }
        Err(ServiceError::Stale { .. }) => tap.reply(Answer::Toast(t.stale_button())),
        Err(e) => Err(e.into()),
    }
}

/// Replace the tapped board's keyboard (a picker step).
async fn edit_keyboard(app: &App, q: &teloxide::types::CallbackQuery, kb: InlineKeyboardMarkup) {
    let Some(m) = q.regular_message() else { return };
    let (chat, mid) = (m.chat.id, m.id);
    let r = telegram::call(&app.pacer, chat.0, telegram::Kind::Edit, || {
        app.bot
            .edit_message_reply_markup(chat, mid)
            .reply_markup(kb.clone())
    })
    .await;
    if let Err(e) = r
        && !telegram::not_modified(&e)
    {
        tracing::debug!(error = %e, "could not show a table's picker");
    }
}

async fn lobby_text(app: &App, table: &TableRecord) -> String {
    let lang = app.chat_lang(table.chat, None).await;
    let t = texts(lang);
    let game = MultiGame::new(table.variant);
    let mut view = table_view(app, table, &game, lang).await;
    for l in &mut view.seats {
        l.to_move = false;
    }
    let host = app.player_mention(Player::Human(table.host), lang).await;
    let minutes = crate::game::LOBBY_LAPSE.0 / 60_000;
    t.lobby(&view, &host, minutes)
}

fn lobby_keyboard(table: &TableRecord, t: &dyn Texts) -> InlineKeyboardMarkup {
    let b = |label: String, act: TableAct| {
        InlineKeyboardButton::callback(label, Callback::Table { id: table.id, act }.encode())
    };
    InlineKeyboardMarkup::new(vec![
        vec![
            b(t.btn_join(), TableAct::Join),
            b(t.btn_leave(), TableAct::Leave),
        ],
        vec![
            b(t.btn_program(2), TableAct::Program(2)),
            b(t.btn_program(4), TableAct::Program(4)),
        ],
        vec![b(t.btn_start(), TableAct::Start)],
    ])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_takes_seconds_or_days_a_move() {
        let a = table_args("halma4 45s").expect("halma4");
        assert_eq!((a.variant, a.per_move), (MultiVariant::Halma4, Some(45)));
        assert_eq!(
            table_args("halma3 3d").and_then(|a| a.per_move),
            Some(3 * 86_400)
        );
        // Days outside the correspondence choices, and no variant, are not a table's.
        assert_eq!(table_args("halma4 4d").and_then(|a| a.per_move), None);
        assert_eq!(table_args("classic 3d"), None);
        assert_eq!(table_args("halma4 5s").and_then(|a| a.per_move), Some(10));
    }
}
