//! The board message of a game: picture, caption and keyboard, posted once and then edited
//! in place after every change.

use super::app::{App, now};
use super::error::BotError;
use super::keyboard::{self, Selection};
use super::texts::{CaptionData, ResultContext, Texts, clock, texts};
use super::tg;
use crate::engine::{Color, Game, LimitRule, Square};
use crate::game::{
    Board, ChatId, ChatRecord, GameRecord, GameService, Language, MessageId, Orientation, Player,
    Status, TimeControl, UserId, UserRecord,
};
use crate::render::RenderOptions;
use std::collections::HashMap;
use std::sync::Arc;
use teloxide::payloads::{
    EditMessageMediaSetters, EditMessageReplyMarkupSetters, SendPhotoSetters,
};
use teloxide::prelude::*;
use teloxide::types::{InlineKeyboardMarkup, InputFile, InputMedia, InputMediaPhoto, ParseMode};

/// What the board shows besides the position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ui {
    /// Just the position and the last move.
    Plain,
    /// The same, replacing a selection shown in the keyboard alone (see
    /// [`keyboard_only`]): only the keyboard changes.
    Unselect,
    /// A piece selected with its destinations marked.
    Select(Square),
    /// A losing return home waiting for confirmation.
    ConfirmHome {
        /// Origin.
        from: Square,
        /// Destination.
        to: Square,
    },
}

/// A board message ready to send.
pub struct BoardMessage {
    /// PNG bytes.
    pub png: Vec<u8>,
    /// HTML caption.
    pub caption: String,
    /// Keyboard.
    pub keyboard: InlineKeyboardMarkup,
}

/// The chat and player records a board message needs, read in one store call (one trip
/// to the blocking pool per board instead of five; issue 9's load run).
#[derive(Clone, Debug)]
pub struct Lookup {
    /// The chat of the board this is for.
    at: ChatId,
    /// The group chat's record (`None` for private chats or when it could not be read).
    chat: Option<ChatRecord>,
    /// The people of the game (and the owner of a private chat), as stored.
    users: Vec<(UserId, Option<UserRecord>)>,
}

impl Lookup {
    /// Read what `g`'s board in chat `at` needs (reads only).
    pub fn read(s: &GameService, g: &GameRecord, at: ChatId) -> Lookup {
        let chat = (at.0 < 0).then(|| s.chat(at, now()).ok()).flatten();
        let mut ids: Vec<UserId> = Color::ALL
            .into_iter()
            .filter_map(|c| g.player(c).user())
            .collect();
        if at.0 > 0 {
            ids.push(UserId(at.0 as u64));
        }
        ids.sort_unstable();
        ids.dedup();
        let users = ids
            .into_iter()
            .map(|u| (u, s.user(u).ok().flatten()))
            .collect();
        Lookup { at, chat, users }
    }

    /// [`Lookup::read`] through the service (reads only, so on the calling thread).
    pub async fn fetch(app: &App, g: &GameRecord, at: ChatId) -> Lookup {
        app.games.read(|s| Lookup::read(s, g, at))
    }

    fn user(&self, u: UserId) -> Option<&UserRecord> {
        self.users
            .iter()
            .find(|(id, _)| *id == u)
            .and_then(|(_, r)| r.as_ref())
    }

    /// As [`App::game_lang_in`]: a private chat's owner's language, else the group's,
    /// else the first person's.
    fn lang(&self, app: &App, g: &GameRecord) -> Language {
        if let Some(l) = self.chat.as_ref().and_then(|c| c.settings.language) {
            return l;
        }
        let first_human = Color::ALL.into_iter().find_map(|c| g.player(c).user());
        let owner = (self.at.0 > 0).then_some(UserId(self.at.0 as u64));
        let Some(u) = owner.or(first_human) else {
            return Language::En;
        };
        self.user(u)
            .and_then(|r| r.language)
            .or_else(|| app.seen_language(u))
            .unwrap_or(Language::En)
    }

    /// As [`view_in`].
    fn view(&self, g: &GameRecord) -> Color {
        if self.at.0 > 0 {
            return private_view(g, self.at);
        }
        let orientation = self
            .chat
            .as_ref()
            .map(|c| c.settings.orientation)
            .unwrap_or_default();
        match orientation {
            Orientation::White => Color::White,
            Orientation::SideToMove => g.side_to_move(),
        }
    }

    /// As [`App::player_mention`].
    fn mention(&self, p: Player, lang: Language) -> String {
        match p {
            Player::Human(u) => {
                let name = self
                    .user(u)
                    .map(|r| r.name.clone())
                    .unwrap_or_else(|| format!("#{}", u.0));
                super::texts::mention(u.0, &name)
            }
            Player::Program { level } => match lang {
                Language::Ru => format!("🤖 Программа (уровень {level})"),
                Language::En => format!("🤖 Program (level {level})"),
            },
            Player::Absent => String::new(),
        }
    }
}

/// A private chat's board is seen from the side of the person the chat belongs to.
fn private_view(g: &GameRecord, chat: ChatId) -> Color {
    Color::ALL
        .into_iter()
        .find(|c| g.player(*c) == Player::Human(UserId(chat.0 as u64)))
        .unwrap_or(Color::White)
}

/// Which side the picture of the game's main board is seen from.
pub async fn view_for(app: &App, g: &GameRecord) -> Color {
    view_in(app, g, g.chat).await
}

/// Which side the picture in `chat` is seen from.
pub async fn view_in(app: &App, g: &GameRecord, chat: ChatId) -> Color {
    if chat.0 > 0 {
        return private_view(g, chat);
    }
    let orientation = app
        .games
        .read(|s| s.chat(chat, now()))
        .map(|c| c.settings.orientation)
        .unwrap_or_default();
    match orientation {
        Orientation::White => Color::White,
        Orientation::SideToMove => g.side_to_move(),
    }
}

/// The result sentence of a finished game (None while active; aborted games get their own).
pub async fn result_line(app: &App, g: &GameRecord, game: &Game, t: &dyn Texts) -> Option<String> {
    match g.status {
        Status::Active => None,
        Status::Aborted { by, .. } => {
            let who = match by {
                Some(u) => app.user_mention(u).await,
                None => "—".into(),
            };
            Some(t.aborted(&who))
        }
        Status::Over { outcome, .. } => {
            let rules = g.variant.rules();
            let ctx = ResultContext {
                deadline: rules.exit_deadline,
                move_limit: rules.move_limit,
                by_tempo: rules.limit_rule == LimitRule::Tempo,
                white: String::new(),
                black: String::new(),
                solo: rules.solo,
                moves: game.plies() as u16,
            };
            Some(t.result(outcome, &ctx))
        }
    }
}

/// Build the caption of a game's board.
pub async fn caption(
    app: &App,
    g: &GameRecord,
    game: &Game,
    lang: Language,
    known: &Lookup,
) -> String {
    let t = texts(lang);
    let rules = *g.variant.rules();
    let pos = game.position();
    let white = known.mention(g.player(Color::White), lang);
    let black = known.mention(g.player(Color::Black), lang);
    let side = pos.side_to_move();
    let mut c = CaptionData {
        to_move: if side == Color::White {
            white.clone()
        } else {
            black.clone()
        },
        white,
        black,
        variant: Some(g.variant.id()),
        house_rules: !g.variant.overrides().is_empty(),
        move_number: pos.move_number(),
        white_to_move: side == Color::White,
        last_move: game.moves().last().map(|p| p.to_string()),
        solo: rules.solo,
        ..CaptionData::default()
    };
    if let Some(d) = rules.exit_deadline
        && pos.move_number() <= d
    {
        c.deadline = Some((d, d - pos.move_number() + 1));
    }
    c.move_limit = rules.move_limit;
    match g.time_control {
        TimeControl::Clock { .. } => {
            let mut rem = g.clocks.remaining;
            if g.is_active() {
                let i = side.index();
                rem[i] = rem[i].saturating_sub(now().since(g.clocks.turn_started));
            }
            c.clocks = Some((clock(rem[0].0), clock(rem[1].0)));
        }
        TimeControl::PerMove { limit } => c.per_move = Some(limit.0 / 1000),
        TimeControl::Untimed => {}
    }
    if let Some(o) = g.draw_offer {
        c.draw_offer_by = Some(known.mention(g.player(o.by), lang));
    }
    c.result = result_line(app, g, game, t).await;
    if let Some(r) = g.ratings {
        for col in Color::ALL {
            if let Player::Human(u) = g.player(col) {
                let name = known.mention(Player::Human(u), Language::En);
                c.ratings
                    .push(t.rating_line(&name, r[col.index()].before, r[col.index()].after));
            }
        }
    }
    c.tempo = Some((pos.tempo(Color::White), pos.tempo(Color::Black)));
    t.caption(&c)
}

/// Compose the whole board message of the game's board in `chat` for `ui`.
pub async fn compose(
    app: &App,
    g: &GameRecord,
    game: &Game,
    chat: ChatId,
    ui: &Ui,
) -> Result<BoardMessage, BotError> {
    let known = Lookup::fetch(app, g, chat).await;
    compose_with(app, g, game, ui, &known).await
}

/// The keyboard for `ui`, and the selection the picture draws (only a selection draws).
fn board_keyboard(
    g: &GameRecord,
    game: &Game,
    ui: &Ui,
    view: Color,
    t: &dyn Texts,
) -> (InlineKeyboardMarkup, Option<crate::render::Selection>) {
    let pos = game.position();
    let ply = g.ply();
    if !g.is_active() {
        let rematch =
            !g.variant.rules().solo && g.players.iter().all(|p| !matches!(p, Player::Absent));
        return (keyboard::finished(g.id, rematch, t), None);
    }
    match ui {
        Ui::Plain | Ui::Unselect => (
            keyboard::board(g.id, ply, pos, view, &Selection::default(), t),
            None,
        ),
        Ui::Select(sq) => {
            let targets = pos.destinations(*sq);
            let s = Selection {
                piece: Some(*sq),
                targets: targets.clone(),
            };
            let kb = keyboard::board(g.id, ply, pos, view, &s, t);
            (
                kb,
                Some(crate::render::Selection {
                    piece: *sq,
                    targets,
                }),
            )
        }
        Ui::ConfirmHome { from, to } => (
            keyboard::confirm_return_home(g.id, ply, *from, *to, t),
            None,
        ),
    }
}

/// Whether `ui` is shown by editing the keyboard alone. On a board whose keyboard is the
/// grid of squares (8×8), a selection is drawn there (the piece and its destinations),
/// where the player is tapping: the picture keeps the position and the last move, and a
/// tap costs no new picture (no render, no upload, no image reload in the client).
/// Larger boards name pieces in a two-step picker, so their picture marks the selection.
fn keyboard_only(g: &GameRecord, game: &Game, ui: &Ui) -> bool {
    matches!(ui, Ui::Select(_) | Ui::Unselect)
        && g.is_active()
        && game.position().variant().board().n() as usize <= keyboard::MAX_ROW
}

/// [`compose`] with the records it needs already read (for the board in `known`'s chat).
pub async fn compose_with(
    app: &App,
    g: &GameRecord,
    game: &Game,
    ui: &Ui,
    known: &Lookup,
) -> Result<BoardMessage, BotError> {
    let lang = known.lang(app, g);
    let t = texts(lang);
    let view = known.view(g);
    let pos = game.position().clone();
    let (keyboard, sel) = board_keyboard(g, game, ui, view, t);
    // A grid's selection lives in its keyboard only (see `keyboard_only`), also on a board
    // posted anew.
    let sel = sel.filter(|_| !keyboard_only(g, game, ui));
    let mut caption = caption(app, g, game, lang, known).await;
    if let Ui::ConfirmHome { from, to } = ui {
        let path = pos
            .path(crate::engine::Move {
                from: *from,
                to: *to,
            })
            .map(|p| p.to_string())
            .unwrap_or_else(|_| format!("{from}-{to}"));
        caption.push_str("\n\n");
        caption
            .push_str(&t.confirm_return_home(&path, g.variant.rules().exit_deadline.unwrap_or(0)));
    }
    let opts = RenderOptions {
        size_px: app.tuning.board_px,
        view,
        last_move: game.moves().last().cloned(),
        selection: sel,
        error_mark: None,
    };
    // Drawn here on the runtime's worker (about 0.3 ms): a hand-off to the blocking pool
    // cost more in thread switches under load (issue 9, BENCHMARKS run 9). The permit
    // still bounds how many pictures are in memory at once.
    let png = {
        let _permit = app
            .render_pool
            .acquire()
            .await
            .map_err(|e| BotError::Internal(e.to_string()))?;
        app.renderer.render_png(&pos, &opts)?
    };
    Ok(BoardMessage {
        png,
        caption: truncate_caption(caption),
        keyboard,
    })
}

/// Captions are limited to 1024 characters.
fn truncate_caption(s: String) -> String {
    if s.chars().count() <= 1024 {
        s
    } else {
        s.chars().take(1020).collect::<String>() + "…"
    }
}

/// Post a new board message for `g` in `chat` and record it in the game.
pub async fn post(
    app: &App,
    g: &GameRecord,
    chat: ChatId,
    msg: BoardMessage,
) -> Result<MessageId, BotError> {
    let to = chat.0;
    let sent = tg::call(&app.pacer, to, || {
        app.bot
            .send_photo(
                teloxide::types::ChatId(to),
                InputFile::memory(msg.png.clone()).file_name("board.png"),
            )
            .caption(msg.caption.clone())
            .parse_mode(ParseMode::Html)
            .reply_markup(msg.keyboard.clone())
            .into_future()
    })
    .await?;
    let id = MessageId(sent.id.0);
    let gid = g.id;
    app.games
        .run(move |s| s.set_board_message_in(gid, chat, id, now()))
        .await?;
    Ok(id)
}

/// Show `g` on every board it has (see [`show_in`]): a game accepted from a deep link
/// lives in both players' private chats.
pub async fn show(app: &App, g: &GameRecord, game: &Game) -> Result<(), BotError> {
    let mut first = Ok(());
    for b in g.boards() {
        let r = show_in(app, g, game, b, &Ui::Plain).await;
        if let Err(e) = r {
            tracing::warn!(game = %g.id, chat = %b.chat, error = %e, "could not update a board");
            if first.is_ok() {
                first = Err(e);
            }
        }
    }
    first
}

/// Show `g` with `ui` on its board in `chat` (a selection or a question is shown only
/// where it was asked for); the main board if the game has none there.
pub async fn show_ui(
    app: &App,
    g: &GameRecord,
    game: &Game,
    chat: ChatId,
    ui: &Ui,
) -> Result<(), BotError> {
    let board = g.board_in(chat).unwrap_or(Board {
        chat: g.chat,
        message: g.message,
    });
    show_in(app, g, game, board, ui).await
}

/// Show `g` with `ui` on its board `board`: edit the message in place, or post it if
/// there is none or it is gone. "Not modified" is not an error.
pub async fn show_in(
    app: &App,
    g: &GameRecord,
    game: &Game,
    board: Board,
    ui: &Ui,
) -> Result<(), BotError> {
    let known = Lookup::fetch(app, g, board.chat).await;
    show_with(app, g, game, board, ui, &known).await
}

/// [`show_in`] with the records it needs already read.
pub async fn show_with(
    app: &App,
    g: &GameRecord,
    game: &Game,
    board: Board,
    ui: &Ui,
    known: &Lookup,
) -> Result<(), BotError> {
    if let Some(mid) = board.message
        && keyboard_only(g, game, ui)
    {
        let (keyboard, _) = board_keyboard(g, game, ui, known.view(g), texts(known.lang(app, g)));
        let chat = board.chat.0;
        let r = tg::call(&app.pacer, chat, || {
            let edit = teloxide::payloads::EditMessageReplyMarkup::new(
                teloxide::types::ChatId(chat),
                teloxide::types::MessageId(mid.0),
            )
            .reply_markup(keyboard.clone());
            teloxide::requests::JsonRequest::new(app.bot.clone(), tg::EditMarkup(edit))
                .into_future()
        })
        .await;
        match r {
            Ok(_) => return Ok(()),
            Err(e) if tg::not_modified(&e) => return Ok(()),
            // The message is gone: post the whole board anew below.
            Err(e) if tg::gone(&e) => {
                tracing::info!(game = %g.id, "board message gone; posting it anew");
            }
            Err(e) => return Err(e.into()),
        }
    }
    let msg = compose_with(app, g, game, ui, known).await?;
    let Some(mid) = board.message.filter(|_| !keyboard_only(g, game, ui)) else {
        post(app, g, board.chat, msg).await?;
        return Ok(());
    };
    let chat = board.chat.0;
    let r = tg::call(&app.pacer, chat, || {
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
        // The answer (the edited message) is not read: see `tg::EditMedia`.
        teloxide::requests::MultipartRequest::new(app.bot.clone(), tg::EditMedia(edit))
            .into_future()
    })
    .await;
    match r {
        Ok(_) => Ok(()),
        Err(e) if tg::not_modified(&e) => Ok(()),
        Err(e) if tg::gone(&e) => {
            tracing::info!(game = %g.id, "board message gone; posting it anew");
            post(app, g, board.chat, msg).await?;
            Ok(())
        }
        Err(e) => Err(e.into()),
    }
}

/// Reload a game and show its current state (used after any change and for stale taps).
pub async fn refresh(app: &App, id: crate::game::GameId) -> Result<(), BotError> {
    show_current(app, id).await.map(|_| ())
}

/// Per-game locks for [`show_current`].
static SHOWING: std::sync::LazyLock<std::sync::Mutex<HashMap<u64, Arc<tokio::sync::Mutex<()>>>>> =
    std::sync::LazyLock::new(Default::default);

/// Run `f` while holding game `id`'s board lock: one update of a game's boards at a time.
async fn with_board_lock<T>(id: crate::game::GameId, f: impl Future<Output = T>) -> T {
    let lock = {
        let mut m = SHOWING.lock().unwrap_or_else(|e| e.into_inner());
        Arc::clone(m.entry(id.0).or_default())
    };
    let r = {
        let _turn = lock.lock().await;
        f.await
    };
    let mut m = SHOWING.lock().unwrap_or_else(|e| e.into_inner());
    // Ours and the map's: nobody else waits for this game.
    if Arc::strong_count(&lock) == 2 {
        m.remove(&id.0);
    }
    r
}

/// Re-read game `id` and its replay (also [`super::flow::load`]).
pub async fn reload(app: &App, id: crate::game::GameId) -> Result<(GameRecord, Game), BotError> {
    // Reads only, so in place (see `AsyncGames::read`).
    app.games
        .read(|s| {
            let g = s.game(id)?;
            let game = s.replay(&g)?;
            Ok::<_, crate::game::ServiceError>((g, game))
        })
        .map_err(Into::into)
}

/// Show the game's latest stored state, one update of a game's boards at a time.
///
/// Two flows can change a game at once (a person's move and the program's answer started
/// by the timer); each used to show the state it had produced, and when their edits
/// crossed, the board was left one move behind (found by the load test). Under the lock,
/// each re-reads the game, so whichever edit comes last shows the latest state. Returns
/// what was shown.
pub async fn show_current(
    app: &App,
    id: crate::game::GameId,
) -> Result<(GameRecord, Game), BotError> {
    show_latest(app, id, None).await
}

/// [`show_current`] with the engine game of version `known.0` at hand (a move just made
/// it): if the re-read finds that version, it is not replayed again.
pub async fn show_latest(
    app: &App,
    id: crate::game::GameId,
    known: Option<(crate::game::Version, Game)>,
) -> Result<(GameRecord, Game), BotError> {
    with_board_lock(id, async {
        // Reads only, so in place (see `AsyncGames::read`).
        let (g, game, known) = app.games.read(|s| {
            let g = s.game(id)?;
            let game = match known {
                Some((version, game)) if version == g.version => game,
                _ => s.replay(&g)?,
            };
            let known: Vec<Lookup> = g.boards().map(|b| Lookup::read(s, &g, b.chat)).collect();
            Ok::<_, crate::game::ServiceError>((g, game, known))
        })?;
        let mut first = Ok(());
        for (b, k) in g.boards().zip(&known) {
            if let Err(e) = show_with(app, &g, &game, b, &Ui::Plain, k).await {
                tracing::warn!(game = %g.id, chat = %b.chat, error = %e, "could not update a board");
                if first.is_ok() {
                    first = Err(e);
                }
            }
        }
        if first.is_ok() {
            app.repaired(g.id);
        }
        first.map(|()| (g, game))
    })
    .await
}

/// Show `ui` (a selection, a question) on the game's board in `chat` if the game is still
/// at `ply`, under the board lock; if a move came first, show the current state instead,
/// so a selection drawn for an old position never covers a newer board.
pub async fn show_ui_at(
    app: &App,
    id: crate::game::GameId,
    ply: u32,
    chat: ChatId,
    ui: &Ui,
) -> Result<(), BotError> {
    with_board_lock(id, async {
        let (g, game) = reload(app, id).await?;
        if g.ply() == ply && g.is_active() {
            show_ui(app, &g, &game, chat, ui).await
        } else {
            show(app, &g, &game).await
        }
    })
    .await
}
