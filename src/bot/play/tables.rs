//! A table of three or four seats (RULES.md §14) after any change, whoever made it (a
//! typed turn, a tap, the Mini App, the timer): [`changed`] shows it everywhere through
//! [`show`] (the open pages woken at once, the one board edited in the background), tells
//! the group once what it must hear, announces the end once, and lets the program play its
//! seats and the seats of those who left. Also the board itself (picture, caption, picker)
//! and the program's turns the timer hands over.

use crate::ai::Level;
use crate::ai::multi::{MultiLimits, choose_multi};
use crate::bot::chat::messages::{Attachment, say, send_file};
use crate::bot::controls::callback::{Callback, Pick, TableAct};
use crate::bot::error::BotError;
use crate::bot::state::App;
use crate::bot::telegram;
use crate::bot::texts::tables::{SeatLine, TableView};
use crate::bot::texts::{Texts, texts};
use crate::engine::Square;
use crate::engine::multi::{MultiGame, Seat, Turn};
use crate::game::{
    DeadlineKind, Language, MessageId, Player, ServiceError, TableActor, TableChange, TableEvent,
    TableId, TableInput, TableRecord, TableStatus,
};
use crate::render::multi::{MultiOptions, render_multi_gif, render_multi_png};
use std::sync::Arc;
use teloxide::payloads::SendPhotoSetters;
use teloxide::prelude::*;
use teloxide::types::{
    InlineKeyboardButton, InlineKeyboardMarkup, InputFile, InputMedia, InputMediaPhoto, ParseMode,
};

/// The program's level where `/play halma4` names none, and for a missed limit's move.
pub(crate) const DEFAULT_LEVEL: u8 = 3;
/// The board picture's side: 16×16 squares need more pixels than 8×8.
pub(crate) const TABLE_PX: u32 = 640;

/// Draw the table pictures' shared parts in the background the first time a table is
/// opened, so that its first board is not the slow one.
pub(crate) fn warm_pictures() {
    static WARMED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);
    if !WARMED.swap(true, std::sync::atomic::Ordering::Relaxed) {
        tokio::task::spawn_blocking(|| crate::render::multi::warm(TABLE_PX));
    }
}

/// What the timer handed over: a lobby lapsed, or a program move or missed limit is due.
pub async fn fired_lapsed(app: &App, table: TableRecord) {
    let t = texts(app.chat_lang(table.chat, None).await);
    if let Some(mid) = table.message {
        let (chat, text) = (table.chat.0, t.lobby_closed(table.variant));
        let r = telegram::call(&app.pacer, chat, telegram::Kind::Edit, || {
            app.bot
                .edit_message_text(
                    teloxide::types::ChatId(chat),
                    teloxide::types::MessageId(mid.0),
                    text.clone(),
                )
                .parse_mode(ParseMode::Html)
        })
        .await;
        if let Err(e) = r {
            tracing::debug!(error = %e, "could not close a lobby");
        }
    }
}

/// A due program move or missed limit (from the timer, or right after a change).
pub fn fired_due(app: &App, table: TableRecord) {
    let id = table.id;
    {
        let mut th = app.thinking.lock().unwrap_or_else(|e| e.into_inner());
        if !th.insert(id.0) {
            return;
        }
    }
    let app = app.clone();
    tokio::spawn(async move {
        let r = program_turns(&app, id).await;
        app.thinking
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(&id.0);
        if let Err(e) = r {
            tracing::warn!(table = %id, error = %e, "the program's turn at a table failed");
        }
    });
}

pub(crate) fn program_if_due(app: &App, table: &TableRecord) {
    if table.status == TableStatus::Playing
        && table
            .deadline
            .is_some_and(|d| d.kind == DeadlineKind::ProgramMove)
    {
        fired_due(app, table.clone());
    }
}

/// Play the program's turns while one is due (several program seats may follow each
/// other), and a missed limit's move once it is due.
async fn program_turns(app: &App, id: TableId) -> Result<(), BotError> {
    loop {
        let table = app.games.read(|s| s.table(id))?;
        let Some(d) = table
            .deadline
            .filter(|_| table.status == TableStatus::Playing)
        else {
            return Ok(());
        };
        let now = app.now();
        if d.at > now {
            return Ok(());
        }
        let game = app.games.read(|s| s.table_game(&table))?;
        let seat = game.position().to_move();
        let level = match table.player(seat) {
            Player::Program { level } if !game.position().left().has(seat) => level,
            _ => DEFAULT_LEVEL,
        };
        let pos = *game.position();
        let permit = Arc::clone(&app.ai_pool)
            .acquire_owned()
            .await
            .map_err(|_| BotError::Stopping)?;
        let seed = id.0 ^ game.plies() as u64;
        let turn = tokio::task::spawn_blocking(move || {
            let _permit = permit;
            let limits = MultiLimits::level(Level::new(level).unwrap_or(Level::MIN));
            choose_multi(&pos, &limits, seed).map_or(Turn::Pass, |r| r.turn)
        })
        .await?;
        let (version, now) = (table.version, app.now());
        let change = match d.kind {
            DeadlineKind::MoveMissed => {
                match app
                    .games
                    .run(move |s| s.table_missed(id, version, turn, now))
                    .await?
                {
                    Some(c) => c,
                    None => return Ok(()),
                }
            }
            _ => {
                let input = TableInput::Turn(turn);
                let r = app
                    .games
                    .run(move |s| s.table_play(id, TableActor::Program, &input, Some(version), now))
                    .await;
                match r {
                    Ok(c) => c,
                    // A person's move or another write got there first: look again.
                    Err(ServiceError::Stale { .. }) => continue,
                    Err(ServiceError::Table(_)) => return Ok(()),
                    Err(e) => return Err(e.into()),
                }
            }
        };
        let over = change.table.status == TableStatus::Over;
        // The same path as any change; its own start of the program finds this loop
        // already thinking for the table, and the loop plays on.
        changed(app, change).await;
        if over {
            return Ok(());
        }
    }
}

/// Show a change everywhere, tell its news, announce an end, and start the program where
/// due: whatever made the change (a typed move, a tap, the page).
pub(crate) async fn changed(app: &App, change: TableChange) {
    show(app, &change.table);
    tell_change(app, &change).await;
    notify_turn(app, &change.table);
    if change.table.status == TableStatus::Over {
        announce_end(app, &change.table).await;
    }
    program_if_due(app, &change.table);
}

/// How long a turn notice waits, so that the board shows the turn before the note's link
/// opens it, and a person already looking at the group (a message or a tap there since
/// the turn began) gets none.
const NOTICE_GRACE: std::time::Duration = std::time::Duration::from_secs(2);

/// Tell the person whose move it now is at a group's table privately, if they turned
/// turn notifications on in their private chat and have not looked at the group since
/// their turn began.
fn notify_turn(app: &App, table: &TableRecord) {
    if table.chat.0 > 0 || table.status != TableStatus::Playing {
        return;
    }
    let Ok(game) = table.replay() else { return };
    let seat = game.position().to_move();
    let Player::Human(user) = table.player(seat) else {
        return;
    };
    if game.position().left().has(seat) {
        return;
    }
    let (app, table) = (app.clone(), table.clone());
    tokio::spawn(async move {
        tokio::time::sleep(NOTICE_GRACE).await;
        let still = app
            .games
            .read(|s| s.table(table.id))
            .is_ok_and(|now| now.status == TableStatus::Playing && now.record == table.record);
        let looked = app.notices.looked_since(
            user,
            &[crate::bot::state::turn_notices::Place::Chat(table.chat)],
            table.turn_started,
        );
        if !still || looked {
            return;
        }
        let dm = crate::game::ChatId(user.0 as i64);
        let wanted = app
            .games
            .read(|s| s.store().chat(dm).map_err(ServiceError::from))
            .ok()
            .flatten()
            .is_some_and(|c| c.settings.notify_turns);
        if !wanted {
            return;
        }
        let t = texts(app.chat_lang(dm, Some(user)).await);
        let place = match table
            .message
            .and_then(|m| telegram::message_link(table.chat, m))
        {
            Some(url) => crate::bot::texts::BoardPlace::Link(url),
            None => crate::bot::texts::BoardPlace::Group,
        };
        let text = t.table_turn_notice(table.variant, seat, &t.board_at(&place));
        if let Err(e) = say(&app, dm, None, &text, None).await {
            tracing::debug!(error = %e, "could not send a table's turn notice");
        }
    });
}

/// Say once what the group must hear: a player left, or the program moved for one.
async fn tell_change(app: &App, change: &TableChange) {
    let t = texts(app.chat_lang(change.table.chat, None).await);
    let text = match change.event {
        TableEvent::Left { seat, how } => {
            let name = seat_player_name(app, &change.table, seat).await;
            t.table_left(&name, seat, how)
        }
        TableEvent::AutoMoved { seat, .. } => {
            let name = seat_player_name(app, &change.table, seat).await;
            t.table_auto_moved(&name, seat)
        }
        TableEvent::Played { .. } => return,
    };
    if let Err(e) = say(app, change.table.chat, None, &text, None).await {
        tracing::debug!(error = %e, "could not tell a table's news");
    }
}

/// The end, once: the places and rating changes, the replay GIF and the record.
async fn announce_end(app: &App, table: &TableRecord) {
    let lang = app.chat_lang(table.chat, None).await;
    let t = texts(lang);
    let Ok(game) = app.games.read(|s| s.table_game(table)) else {
        return;
    };
    let view = table_view(app, table, &game, lang).await;
    let kb = InlineKeyboardMarkup::new(vec![vec![InlineKeyboardButton::callback(
        t.btn_table_rematch(),
        Callback::Table {
            id: table.id,
            act: TableAct::Rematch,
        }
        .encode(),
    )]]);
    let chat = table.chat;
    if let Err(e) = say(
        app,
        chat,
        table.message.map(|m| teloxide::types::MessageId(m.0)),
        &t.table_end(&view),
        (chat.0 < 0).then_some(kb),
    )
    .await
    {
        tracing::debug!(error = %e, "could not announce a table's end");
    }
    let record = game.write_record(&[("Event", "ugolki-bot"), ("Table", &table.id.to_string())]);
    let g2 = game.clone();
    let gif = app
        .replays
        .run(move || render_multi_gif(&g2, Seat::White, 480, 600, 2500))
        .await;
    if let Ok(Ok(gif)) = gif {
        let name = format!("halma-{}.gif", table.id);
        if let Err(e) = send_file(app, chat, Attachment::Animation(gif), &name, None).await {
            tracing::debug!(error = %e, "could not send a table's replay");
        }
    }
    let name = format!("halma-{}.txt", table.id);
    if let Err(e) = send_file(
        app,
        chat,
        Attachment::Document(record.into_bytes()),
        &name,
        None,
    )
    .await
    {
        tracing::debug!(error = %e, "could not send a table's record");
    }
}

/// Post the board of a table that has just started.
pub(crate) async fn post_board(app: &App, table: &TableRecord) -> Result<(), BotError> {
    let lane = app.table_boards.lane(table.id);
    let mut shown = lane.lock().await;
    let lang = app.chat_lang(table.chat, None).await;
    let game = app.games.read(|s| s.table_game(table))?;
    let (png, caption, kb) = compose(app, table, &game, lang).await?;
    let to = table.chat.0;
    let sent = telegram::call(&app.pacer, to, telegram::Kind::Send, || {
        app.bot
            .send_photo(
                teloxide::types::ChatId(to),
                InputFile::memory(png.clone()).file_name("board.png"),
            )
            .caption(caption.clone())
            .parse_mode(ParseMode::Html)
            .reply_markup(kb.clone())
    })
    .await?;
    let (id, mid, now) = (table.id, MessageId(sent.id.0), app.now());
    let stored = app
        .games
        .run(move |s| s.set_table_message(id, mid, now))
        .await?;
    *shown = stored.version.0.max(table.version.0);
    drop(shown);
    // Whatever changed while the board was being posted.
    show(app, &stored);
    Ok(())
}

/// The one path of a table's change to its views: its open pages are woken at once, its
/// board is brought up to date in the background (a burst of changes costs one edit for
/// the newest).
pub fn show(app: &App, table: &TableRecord) {
    app.pages
        .changed(crate::bot::state::pages::table_key(table.id), table.version);
    let (app, id) = (app.clone(), table.id);
    tokio::spawn(async move {
        if let Err(e) = show_now(&app, id).await {
            tracing::debug!(table = %id, error = %e, "could not update a table's board");
        }
    });
}

async fn show_now(app: &App, id: TableId) -> Result<(), BotError> {
    let lane = app.table_boards.lane(id);
    let mut shown = lane.lock().await;
    let table = app.games.read(|s| s.table(id))?;
    let Some(mid) = table.message.filter(|_| table.status != TableStatus::Lobby) else {
        return Ok(());
    };
    if table.version.0 <= *shown {
        return Ok(());
    }
    let lang = app.chat_lang(table.chat, None).await;
    let game = app.games.read(|s| s.table_game(&table))?;
    let (png, caption, kb) = compose(app, &table, &game, lang).await?;
    let chat = table.chat.0;
    let r = telegram::call(&app.pacer, chat, telegram::Kind::Edit, || {
        let media = InputMedia::Photo(
            InputMediaPhoto::new(InputFile::memory(png.clone()).file_name("board.png"))
                .caption(caption.clone())
                .parse_mode(ParseMode::Html),
        );
        let edit = teloxide::payloads::EditMessageMedia::new(
            teloxide::types::ChatId(chat),
            teloxide::types::MessageId(mid.0),
            media,
        )
        .reply_markup(kb.clone());
        teloxide::requests::MultipartRequest::new(app.bot.clone(), telegram::EditMedia(edit))
    })
    .await;
    match r {
        Ok(_) => {}
        Err(e) if telegram::not_modified(&e) => {}
        Err(e) => return Err(e.into()),
    }
    *shown = table.version.0;
    Ok(())
}

/// The board picture (the viewer's seat at the bottom: in a private chat the person's,
/// in a group the seat to move's), its caption and its buttons.
async fn compose(
    app: &App,
    table: &TableRecord,
    game: &MultiGame,
    lang: Language,
) -> Result<(Vec<u8>, String, InlineKeyboardMarkup), BotError> {
    let t = texts(lang);
    let view = table_view(app, table, game, lang).await;
    let caption = crate::bot::board::truncate_caption(t.table_caption(&view));
    let pos = *game.position();
    let seat = if table.chat.0 > 0 {
        table.seat_of(table.host).unwrap_or(Seat::White)
    } else {
        pos.to_move()
    };
    let last = game.turns().len().checked_sub(1).and_then(|i| {
        game.positions()
            .get(i)
            .and_then(|p| p.path(game.turns()[i]))
    });
    let permit = Arc::clone(&app.render_pool)
        .acquire_owned()
        .await
        .map_err(|_| BotError::Stopping)?;
    let png = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        let opts = MultiOptions {
            view: seat,
            size_px: TABLE_PX,
            last,
            selected: None,
        };
        render_multi_png(&pos, &opts)
    })
    .await??;
    let rows = board_rows(app, table, game, None, t);
    Ok((png, caption, InlineKeyboardMarkup::new(rows)))
}

/// A board's buttons: the picker (`from` chosen, or not), Leave the game while it plays,
/// and the Mini App board where the bot serves it (a `web_app` button in a private chat,
/// the `t.me` link in a group, where Telegram takes no `web_app` button).
pub(crate) fn board_rows(
    app: &App,
    table: &TableRecord,
    game: &MultiGame,
    from: Option<Square>,
    t: &dyn Texts,
) -> Vec<Vec<InlineKeyboardButton>> {
    let mut rows = picker(table, game, from);
    if table.status == TableStatus::Playing {
        rows.push(vec![InlineKeyboardButton::callback(
            t.btn_leave_game(),
            Callback::Table {
                id: table.id,
                act: TableAct::Resign,
            }
            .encode(),
        )]);
    }
    if let Some(launch) = app.launch.as_ref() {
        let key = crate::bot::state::pages::table_key(table.id);
        let button = if table.chat.0 > 0 {
            Some(InlineKeyboardButton::web_app(
                t.btn_open_board(),
                teloxide::types::WebAppInfo {
                    url: launch.page(key),
                },
            ))
        } else {
            launch
                .direct_link(key)
                .and_then(|l| l.parse().ok())
                .map(|u| InlineKeyboardButton::url(t.btn_open_board(), u))
        };
        rows.extend(button.map(|b| vec![b]));
    }
    rows
}

/// The piece picker of the seat to move, where a person plays it: its movable pieces,
/// or with `from` chosen that piece's destinations and a way back; a pass button where
/// the seat has no move. Nothing while the program plays the seat.
fn picker(
    table: &TableRecord,
    game: &MultiGame,
    from: Option<Square>,
) -> Vec<Vec<InlineKeyboardButton>> {
    let pos = game.position();
    let seat = pos.to_move();
    let person = matches!(table.player(seat), Player::Human(_)) && !pos.left().has(seat);
    if table.status != TableStatus::Playing || game.is_over() || !person {
        return Vec::new();
    }
    let (id, ply) = (table.id, game.plies() as u32);
    let b = |label: String, pick: Pick| {
        InlineKeyboardButton::callback(label, Callback::TablePick { id, ply, pick }.encode())
    };
    let mut buttons = Vec::new();
    match from {
        None => {
            for sq in pos.pieces(seat) {
                if !pos.destinations(sq).is_empty() {
                    buttons.push(b(sq.to_string(), Pick::Piece(sq)));
                }
            }
            if buttons.is_empty() {
                buttons.push(b("--".into(), Pick::Pass));
            }
        }
        Some(f) => {
            for to in pos.destinations(f) {
                buttons.push(b(format!("{f}→{to}"), Pick::Move(f, to)));
            }
        }
    }
    let per_row = if from.is_some() { 4 } else { 6 };
    let mut rows: Vec<Vec<InlineKeyboardButton>> =
        buttons.chunks(per_row).map(|c| c.to_vec()).collect();
    rows.truncate(90 / per_row);
    if from.is_some() {
        rows.push(vec![b("✖".into(), Pick::Reset)]);
    }
    rows
}

/// The seats, round and last turn of a table, with the people's mentions.
pub(crate) async fn table_view(
    app: &App,
    table: &TableRecord,
    game: &MultiGame,
    lang: Language,
) -> TableView {
    let pos = game.position();
    let places = if game.is_over() {
        game.outcome().map(|o| o.places).unwrap_or_default()
    } else {
        game.places_known()
    };
    let mut seats = Vec::new();
    for (seat, p) in table.seated() {
        let person = match p {
            Player::Human(_) => Some(app.player_mention(p, lang).await),
            _ => None,
        };
        let program = match p {
            Player::Program { level } => Some(level),
            _ => None,
        };
        seats.push(SeatLine {
            seat: Some(seat),
            person,
            program,
            place: places[seat.index()],
            left: pos.left().has(seat),
            to_move: table.status == TableStatus::Playing && pos.to_move() == seat,
        });
    }
    let last = game.turns().len().checked_sub(1).map(|i| {
        let before = game.positions()[i];
        (before.to_move(), before.turn_text(game.turns()[i]))
    });
    let mut ratings = Vec::new();
    for (u, c) in &table.ratings {
        let name = app.player_mention(Player::Human(*u), lang).await;
        ratings.push(format!(
            "{name}: {} → {} ({:+})",
            c.before,
            c.after,
            c.delta()
        ));
    }
    TableView {
        variant: table.variant,
        seats,
        round: pos.round(),
        last,
        per_move: table.per_move,
        over: game.outcome().map(|o| o.reason),
        ratings,
    }
}

/// Who plays `seat`: the person's mention, or the program.
pub(crate) async fn seat_player_name(app: &App, table: &TableRecord, seat: Seat) -> String {
    let lang = app.chat_lang(table.chat, None).await;
    match table.player(seat) {
        p @ Player::Human(_) => app.player_mention(p, lang).await,
        _ => format!("🤖 {}", texts(lang).seat_name(seat)),
    }
}
