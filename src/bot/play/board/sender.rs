//! One sender per board: it takes the board's newest request from the [`Outbox`](crate::bot::state::outbox::Outbox), waits
//! for the chat's slot, reads the game then, composes the board and sends it (the keyboard
//! alone, an edit of the whole message, or a new message when there is none), and tries
//! again after a failure.

use crate::bot::error::BotError;
use crate::bot::play::board::compose::{
    BoardMessage, Lookup, board_keyboard, compose_with, draw, inline_text, keyboard_only,
    lobby_message, parts, truncate_caption,
};
use crate::bot::play::board::reload;
use crate::bot::state::App;
use crate::bot::state::outbox::{BoardAt, Ui, Want, inline_lane};
use crate::bot::telegram;
use crate::bot::texts::texts;
use crate::engine::AnyGame;
use crate::game::{
    Board, ChatId, GameId, GameRecord, InlineMessageId, MessageId, Status, TimeControl, Timestamp,
};
use crate::render::RenderOptions;
use std::sync::atomic::Ordering;
use teloxide::payloads::{
    EditMessageMediaSetters, EditMessageReplyMarkupSetters, SendPhotoSetters,
};
use teloxide::prelude::*;
use teloxide::types::{InlineKeyboardMarkup, InputFile, InputMedia, InputMediaPhoto, ParseMode};

/// Post a new board message for `g` in `chat` and record it in the game.
pub async fn post(
    app: &App,
    g: &GameRecord,
    chat: ChatId,
    msg: BoardMessage,
) -> Result<MessageId, BotError> {
    let to = chat.0;
    let send = || {
        app.tg
            .bot()
            .send_photo(
                teloxide::types::ChatId(to),
                InputFile::memory(msg.png.clone()).file_name("board.png"),
            )
            .caption(msg.caption.clone())
            .parse_mode(ParseMode::Html)
            .reply_markup(msg.keyboard.clone())
    };
    let sent = telegram::call(app.tg.pacer(), to, telegram::Kind::Send, send).await?;
    posted(app, g, chat, MessageId(sent.id.0)).await
}

/// Record that `g`'s board in `chat` now lives in message `id`, just posted.
async fn posted(
    app: &App,
    g: &GameRecord,
    chat: ChatId,
    id: MessageId,
) -> Result<MessageId, BotError> {
    let gid = g.id;
    let now = app.now();
    let stored = app
        .games
        .run(move |s| s.set_board_message_in(gid, chat, id, now))
        .await?;
    // The new message shows `g` as it was; the record changed only where its board lives.
    if stored.ply() == g.ply() && stored.version == g.version.next() {
        app.views.boards().record(
            (gid.0, chat.0),
            stored.version,
            stored.ply(),
            Ui::Plain,
            true,
        );
    }
    Ok(id)
}

/// How often a failed board update is tried again (after 1, 2, 3 s).
const BOARD_RETRIES: u32 = 3;

/// Ask `g`'s board at `at` to show `ui` at `ply` (see [`Want`]); returns at once.
/// `done`, if given, is told when the request has been carried out.
pub(super) fn request(
    app: &App,
    id: GameId,
    at: BoardAt,
    ui: Ui,
    ply: u32,
    done: Option<tokio::sync::oneshot::Sender<()>>,
) {
    telegram::check_answered("a board update");
    let want = Want {
        ui,
        ply,
        done: done.into_iter().collect(),
    };
    if app.views.boards().put(id, at, want) {
        let app = app.clone();
        tokio::spawn(async move { run_sender(&app, id, at).await });
    }
}

/// Send board (`id`, `at`)'s requests until none is left.
async fn run_sender(app: &App, id: GameId, at: BoardAt) {
    let key = (id.0, at.lane());
    let mut failures = 0u32;
    while let Some(want) = app.views.boards().take(key, true) {
        let mut done = want.done;
        let (ui, ply) = (want.ui.clone(), want.ply);
        let r = send_newest(app, id, at, want.ui, want.ply, &mut done).await;
        match r {
            Ok(()) => failures = 0,
            // The chat is gone (its games pause) or has moved (its boards are posted in
            // the supergroup): trying again would only knock on a closed door.
            Err(BotError::Telegram(e))
                if telegram::forbidden(&e)
                    || matches!(e, teloxide::RequestError::MigrateToChatId(_)) =>
            {
                tracing::debug!(game = %id, board = ?at, error = %e, "board not updated: its chat is closed to the bot");
            }
            Err(e) => {
                tracing::warn!(game = %id, board = ?at, error = %e, "could not update a board");
                // A board left behind its game stays so until something else changes:
                // try again a few times (a newer request, if one comes, replaces this).
                failures += 1;
                if failures <= BOARD_RETRIES {
                    tokio::time::sleep(std::time::Duration::from_secs(u64::from(failures))).await;
                    app.views.boards().retry(
                        key,
                        Want {
                            ui,
                            ply,
                            done: std::mem::take(&mut done),
                        },
                    );
                }
            }
        }
        for d in done {
            let _ = d.send(());
        }
    }
}

/// The extras to show over `g`: `ui` if the game is still at `ply` and on (news, such as
/// where a finished game's record went, also under a finished board).
fn resolve(g: &GameRecord, ui: Ui, ply: u32) -> Ui {
    if g.ply() == ply && (g.is_active() || matches!(ui, Ui::News(_))) {
        ui
    } else {
        Ui::Plain
    }
}

/// One board update: skip it if the board shows it already, else wait for the chat's
/// slot, then read the newest state (and the newest request) and send that.
async fn send_newest(
    app: &App,
    id: GameId,
    at: BoardAt,
    mut ui: Ui,
    mut ply: u32,
    done: &mut Vec<tokio::sync::oneshot::Sender<()>>,
) -> Result<(), BotError> {
    let lane = at.lane();
    let key = (id.0, lane);
    // The record alone decides whether there is anything to send: no replay yet.
    let g = app.games.read(|s| s.game(id))?;
    let Some(posted) = shown_at(&g, at) else {
        return Ok(());
    };
    let (sent, _) = app.views.boards().sent(key);
    if sent.as_ref() == Some(&(g.version, resolve(&g, ui.clone(), ply))) {
        app.views.boards().unchanged.fetch_add(1, Ordering::Relaxed);
        return Ok(());
    }
    let kind = if posted {
        telegram::Kind::Edit
    } else {
        telegram::Kind::Send
    };
    // A board that must wait for its slot moves its turn's start to when the slot comes,
    // before the wait: a per-move limit shorter than the wait must not run out unseen.
    let eta = app.tg.pacer().eta(lane, kind);
    let wait = eta.saturating_duration_since(tokio::time::Instant::now());
    // Only a turn this board has not shown yet starts late: a later redraw (a selection,
    // a draw offer) gives no time back.
    let unseen = |g: &GameRecord| app.views.boards().shown_ply(key) != Some(g.ply());
    if !wait.is_zero() && unseen(&g) {
        let shown = app.now().plus(crate::game::Millis(wait.as_millis() as u64));
        shift_turn(app, &g, shown).await;
    }
    // Wait for the slot without taking it: the picture is drawn first and the slot taken
    // just before the call goes out, so the pacer counts the call when Telegram sees it
    // (a render under load would otherwise put two calls closer than their slots).
    app.tg.pacer().until_free(lane, kind).await;
    // Whatever was asked while this waited is newer.
    if let Some(newer) = app.views.boards().take(key, false) {
        app.views.boards().coalesced.fetch_add(1, Ordering::Relaxed);
        // As in `Outbox::put`: a plain redraw of the same turn keeps the selection.
        if !(newer.ui == Ui::Plain && newer.ply == ply) {
            ui = newer.ui;
        }
        ply = newer.ply;
        done.extend(newer.done);
    }
    let (mut g, mut game) = reload(app, id)?;
    let (sent, picture) = app.views.boards().sent(key);
    if let Some((v, _)) = &sent
        && *v > g.version
    {
        app.views.boards().older.fetch_add(1, Ordering::Relaxed);
        return Ok(());
    }
    let mut ui = resolve(&g, ui, ply);
    if sent.as_ref() == Some(&(g.version, ui.clone())) {
        app.views.boards().unchanged.fetch_add(1, Ordering::Relaxed);
        return Ok(());
    }
    // The turn this board shows starts now if the board is late (see `turn_shown`).
    let later = match unseen(&g) {
        true => shift_turn(app, &g, app.now()).await,
        false => None,
    };
    if let Some(later) = later {
        game = reload(app, id)?.1;
        ui = resolve(&later, ui, ply);
        g = later;
    }
    let Some(posted) = shown_at(&g, at) else {
        return Ok(());
    };
    let known = Lookup::fetch_at(app, &g, at);
    let keyboard_alone = posted && keyboard_only(&g, &ui) && picture == Some(g.version);
    let lobby = g.status == Status::Lobby || g.lapsed_lobby();
    let sent = match (at, &g.inline) {
        (BoardAt::Inline(_), Some(message)) => {
            send_inline(app, &g, &game, message, &ui, &known, keyboard_alone).await?
        }
        (BoardAt::Chat(chat), _) => match g.board_in(chat) {
            Some(board) if lobby => send_lobby(app, &g, board, &known).await?,
            Some(board) => send_board(app, &g, &game, board, &ui, &known, keyboard_alone).await?,
            None => return Ok(()),
        },
        (BoardAt::Inline(_), None) => return Ok(()),
    };
    match sent {
        // A new message: `post` has recorded it under the version that names it.
        Sent::Posted => {}
        Sent::Keyboard => app
            .views
            .boards()
            .record(key, g.version, g.ply(), ui, false),
        Sent::Whole => app.views.boards().record(key, g.version, g.ply(), ui, true),
    }
    Ok(())
}

/// Whether `g` has a board at `at` and, if so, whether its message exists already (an
/// inline message always does).
fn shown_at(g: &GameRecord, at: BoardAt) -> Option<bool> {
    match at {
        BoardAt::Chat(chat) => g.board_in(chat).map(|b| b.message.is_some()),
        BoardAt::Inline(_) => g.inline.as_ref().map(|_| true),
    }
}

/// Start the turn `g` shows at `shown` if that is late (see
/// [`crate::game::GameService::turn_shown`]); the record after, if it changed.
async fn shift_turn(app: &App, g: &GameRecord, shown: Timestamp) -> Option<GameRecord> {
    // Seconds matter to clocks and per-move limits, not to days a move.
    let late = g.is_active()
        && matches!(
            g.time_control,
            TimeControl::Clock { .. } | TimeControl::PerMove { .. }
        )
        && shown.since(g.clocks.turn_started) >= crate::game::LATE_BOARD;
    if !late {
        return None;
    }
    let (id, ply) = (g.id, g.ply());
    let now = app.now();
    match app
        .games
        .run(move |s| s.turn_shown(id, ply, shown, now))
        .await
    {
        Ok(later) => later,
        Err(e) => {
            tracing::warn!(game = %id, error = %e, "could not move a late turn's start");
            None
        }
    }
}

/// Send a lobby's message (its seats and buttons), or once it has closed unstarted its
/// last words without buttons, in the slot its caller has taken: a new text message when
/// there is none, else an edit.
async fn send_lobby(
    app: &App,
    g: &GameRecord,
    board: Board,
    known: &Lookup,
) -> Result<Sent, BotError> {
    let (text, keyboard) = lobby_message(g, known, known.lang(app, g));
    let chat = board.chat.0;
    let Some(mid) = board.message else {
        let sent = telegram::call(app.tg.pacer(), chat, telegram::Kind::Send, || {
            let send = app
                .tg
                .bot()
                .send_message(teloxide::types::ChatId(chat), text.clone())
                .parse_mode(ParseMode::Html);
            match &keyboard {
                Some(kb) => send.reply_markup(kb.clone()),
                None => send,
            }
        })
        .await?;
        posted(app, g, board.chat, MessageId(sent.id.0)).await?;
        return Ok(Sent::Posted);
    };
    let r = telegram::call(app.tg.pacer(), chat, telegram::Kind::Edit, || {
        app.tg
            .bot()
            .edit_message_text(
                teloxide::types::ChatId(chat),
                teloxide::types::MessageId(mid.0),
                text.clone(),
            )
            .parse_mode(ParseMode::Html)
            .reply_markup(keyboard.clone().unwrap_or_default())
    })
    .await;
    match r {
        Ok(_) => Ok(Sent::Whole),
        Err(e) if telegram::not_modified(&e) || telegram::gone(&e) => Ok(Sent::Whole),
        Err(e) => Err(e.into()),
    }
}

/// Send the board message of `g` with `ui` to `board`, in the slot its caller has taken:
/// the keyboard alone (`keyboard_alone`), or the picture, caption and keyboard by an edit,
/// or a new message if there is none or it is gone. "Not modified" is not an error.
/// Returns what was sent.
async fn send_board(
    app: &App,
    g: &GameRecord,
    game: &AnyGame,
    board: Board,
    ui: &Ui,
    known: &Lookup,
    keyboard_alone: bool,
) -> Result<Sent, BotError> {
    if let Some(mid) = board.message
        && keyboard_alone
    {
        let (keyboard, _) = board_keyboard(
            g,
            game,
            ui,
            known,
            app.views.launch(),
            texts(known.lang(app, g)),
        );
        let chat = board.chat.0;
        let r = telegram::call(app.tg.pacer(), chat, telegram::Kind::Edit, || {
            let edit = teloxide::payloads::EditMessageReplyMarkup::new(
                teloxide::types::ChatId(chat),
                teloxide::types::MessageId(mid.0),
            )
            .reply_markup(keyboard.clone());
            teloxide::requests::JsonRequest::new(app.tg.bot().clone(), telegram::EditMarkup(edit))
        })
        .await;
        match r {
            Ok(_) => return Ok(Sent::Keyboard),
            Err(e) if telegram::not_modified(&e) => return Ok(Sent::Keyboard),
            Err(e) if telegram::gone(&e) => {
                tracing::info!(game = %g.id, "board message gone; posting it anew");
                let msg = compose_with(app, g, game, ui, known).await?;
                post(app, g, board.chat, msg).await?;
                return Ok(Sent::Posted);
            }
            Err(e) => return Err(e.into()),
        }
    }
    let msg = compose_with(app, g, game, ui, known).await?;
    let Some(mid) = board.message else {
        post(app, g, board.chat, msg).await?;
        return Ok(Sent::Posted);
    };
    let chat = board.chat.0;
    let r = telegram::call(app.tg.pacer(), chat, telegram::Kind::Edit, || {
        let media = InputMedia::Photo(
            InputMediaPhoto::new(InputFile::memory(msg.png.clone()).file_name("board.png"))
                .caption(msg.caption.clone())
                .parse_mode(ParseMode::Html),
        );
        let edit = teloxide::payloads::EditMessageMedia::new(
            teloxide::types::ChatId(chat),
            teloxide::types::MessageId(mid.0),
            media,
        )
        .reply_markup(msg.keyboard.clone());
        // The answer (the edited message) is not read: see `telegram::EditMedia`.
        teloxide::requests::MultipartRequest::new(app.tg.bot().clone(), telegram::EditMedia(edit))
    })
    .await;
    match r {
        Ok(_) => Ok(Sent::Whole),
        Err(e) if telegram::not_modified(&e) => Ok(Sent::Whole),
        Err(e) if telegram::gone(&e) => {
            tracing::info!(game = %g.id, "board message gone; posting it anew");
            post(app, g, board.chat, msg).await?;
            Ok(Sent::Posted)
        }
        Err(e) => Err(e.into()),
    }
}

/// Send the board of `g` with `ui` to its inline message `message`, in the slot its caller
/// has taken. Telegram takes no new upload for an inline message, so with a media chat
/// configured the picture is uploaded there first and the message edited with its file id
/// (a text message becomes a photo that way); without one, the board is the message's
/// text and its keyboard (see [`inline_text`]). An inline message deleted by its chat's
/// people leaves nothing to update.
async fn send_inline(
    app: &App,
    g: &GameRecord,
    game: &AnyGame,
    message: &InlineMessageId,
    ui: &Ui,
    known: &Lookup,
    keyboard_alone: bool,
) -> Result<Sent, BotError> {
    let lane = inline_lane(&message.0);
    let id = message.0.clone();
    let p = parts(app, g, game, ui, known).await;
    let r = if keyboard_alone {
        let kb = p.keyboard;
        telegram::call(app.tg.pacer(), lane, telegram::Kind::Edit, || {
            app.tg
                .bot()
                .edit_message_reply_markup_inline(id.clone())
                .reply_markup(kb.clone())
        })
        .await
        .map(|_| Sent::Keyboard)
    } else if let Some(file) = upload(app, game, &p.opts).await? {
        let caption = truncate_caption(p.caption);
        let kb = p.keyboard;
        telegram::call(app.tg.pacer(), lane, telegram::Kind::Edit, || {
            let media = InputMedia::Photo(
                InputMediaPhoto::new(InputFile::file_id(file.clone().into()))
                    .caption(caption.clone())
                    .parse_mode(ParseMode::Html),
            );
            app.tg
                .bot()
                .edit_message_media_inline(id.clone(), media)
                .reply_markup(kb.clone())
        })
        .await
        .map(|_| Sent::Whole)
    } else {
        let text = inline_text(g, game, p.caption, texts(known.lang(app, g)));
        edit_inline_text(app, lane, &id, text, p.keyboard)
            .await
            .map(|()| Sent::Whole)
    };
    match r {
        Ok(sent) => Ok(sent),
        Err(e) if telegram::not_modified(&e) => Ok(if keyboard_alone {
            Sent::Keyboard
        } else {
            Sent::Whole
        }),
        Err(e) if telegram::gone(&e) => {
            tracing::info!(game = %g.id, "inline board gone");
            Ok(Sent::Whole)
        }
        Err(e) => Err(e.into()),
    }
}

/// Edit an inline message's text; a message that became a photo while pictures were on
/// gets its caption edited instead.
pub async fn edit_inline_text(
    app: &App,
    lane: i64,
    id: &str,
    text: String,
    kb: InlineKeyboardMarkup,
) -> Result<(), teloxide::RequestError> {
    let r = telegram::call(app.tg.pacer(), lane, telegram::Kind::Edit, || {
        app.tg
            .bot()
            .edit_message_text_inline(id.to_string(), text.clone())
            .parse_mode(ParseMode::Html)
            .reply_markup(kb.clone())
    })
    .await;
    match r {
        Err(teloxide::RequestError::Api(teloxide::ApiError::Unknown(m)))
            if m.contains("no text in the message") =>
        {
            let caption = truncate_caption(text);
            telegram::call(app.tg.pacer(), lane, telegram::Kind::Edit, || {
                app.tg
                    .bot()
                    .edit_message_caption_inline(id.to_string())
                    .caption(caption.clone())
                    .parse_mode(ParseMode::Html)
                    .reply_markup(kb.clone())
            })
            .await
            .map(|_| ())
        }
        r => r.map(|_| ()),
    }
}

/// Upload the picture of `game` to the media chat whose slot comes first; its file id, or
/// `None` when no media chat is configured.
async fn upload(
    app: &App,
    game: &AnyGame,
    opts: &RenderOptions,
) -> Result<Option<String>, BotError> {
    let Some(chat) = app
        .tuning
        .media_chats
        .iter()
        .filter(|c| !app.tg.pacer().is_unreachable(c.0))
        .min_by_key(|c| app.tg.pacer().eta(c.0, telegram::Kind::Send))
        .copied()
    else {
        return Ok(None);
    };
    let png = draw(app, game, opts).await?;
    let sent = telegram::call(app.tg.pacer(), chat.0, telegram::Kind::Send, || {
        app.tg.bot().send_photo(
            teloxide::types::ChatId(chat.0),
            InputFile::memory(png.clone()).file_name("board.png"),
        )
    })
    .await?;
    let file = sent
        .photo()
        .and_then(|sizes| sizes.iter().max_by_key(|p| p.width))
        .map(|p| p.file.id.to_string())
        .ok_or(BotError::Unexpected("the media chat's upload has no photo"))?;
    Ok(Some(file))
}

/// What [`send_board`] sent.
enum Sent {
    /// The keyboard alone (the picture and caption stay as they were).
    Keyboard,
    /// Picture, caption and keyboard, by an edit.
    Whole,
    /// A new message (recorded by [`post`]).
    Posted,
}

/// Replace the caption of board message `old` in `chat` with `text`, its buttons gone (a
/// board posted anew below it). A message already gone or unchanged is no failure.
pub(super) async fn retire(app: &App, chat: ChatId, old: MessageId, text: &str) {
    let r = telegram::call(app.tg.pacer(), chat.0, telegram::Kind::Edit, || {
        app.tg
            .bot()
            .edit_message_caption(
                teloxide::types::ChatId(chat.0),
                teloxide::types::MessageId(old.0),
            )
            .caption(text.to_string())
    })
    .await;
    if let Err(e) = r
        && !telegram::not_modified(&e)
        && !telegram::gone(&e)
    {
        tracing::debug!(error = %e, "could not retire the old board");
    }
}
