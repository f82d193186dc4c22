//! The board message of a game: picture, caption and keyboard, posted once and then edited
//! in place after every change.

use super::app::App;
use super::error::BotError;
use super::keyboard::{self, Selection};
use super::outbox::Want;
use super::outbox::inline_lane;
pub use super::outbox::{BoardAt, Outbox, Ui};
use super::texts::{CaptionData, ResultContext, Texts, clock, texts};
use super::tg;
use crate::engine::{Color, Game, LimitRule};
use crate::game::{
    Board, ChatId, ChatRecord, GameId, GameRecord, GameService, InlineMessageId, Language,
    MessageId, Orientation, Player, Status, TimeControl, Timestamp, UserId, UserRecord, Version,
};
use crate::render::RenderOptions;
use std::sync::atomic::Ordering;
use teloxide::payloads::{
    EditMessageMediaSetters, EditMessageReplyMarkupSetters, SendPhotoSetters,
};
use teloxide::prelude::*;
use teloxide::types::{InlineKeyboardMarkup, InputFile, InputMedia, InputMediaPhoto, ParseMode};

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
/// to the blocking pool per board instead of five; see docs/BENCHMARKS.md, "Load").
#[derive(Clone, Debug)]
pub struct Lookup {
    /// The chat of the board this is for.
    at: ChatId,
    /// The group chat's record (`None` for private chats or when it could not be read).
    chat: Option<ChatRecord>,
    /// The people of the game (and the owner of a private chat), as stored.
    users: Vec<(UserId, Option<UserRecord>)>,
    /// The board is the game's inline message.
    inline: bool,
}

impl Lookup {
    /// Read what `g`'s board in chat `at` needs (reads only).
    pub fn read(s: &GameService, g: &GameRecord, at: ChatId, now: Timestamp) -> Lookup {
        let chat = (at.0 < 0).then(|| s.chat(at, now).ok()).flatten();
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
        Lookup {
            at,
            chat,
            users,
            inline: false,
        }
    }

    /// [`Lookup::read`] through the service (reads only, so on the calling thread).
    pub fn fetch(app: &App, g: &GameRecord, at: ChatId) -> Lookup {
        let now = app.now();
        app.games.read(|s| Lookup::read(s, g, at, now))
    }

    /// What the board at `at` needs: an inline board takes the language of the private
    /// chat the game belongs to (the challenger's) and is seen from White's side, since
    /// both players see the one message.
    pub fn fetch_at(app: &App, g: &GameRecord, at: BoardAt) -> Lookup {
        match at {
            BoardAt::Chat(chat) => Lookup::fetch(app, g, chat),
            BoardAt::Inline(_) => Lookup {
                inline: true,
                ..Lookup::fetch(app, g, g.chat)
            },
        }
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
        if self.inline {
            return Color::White;
        }
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
        let name = match p {
            Player::Human(u) => self.user(u).map(|r| r.name.clone()),
            _ => None,
        };
        super::texts::player_mention(p, name, lang)
    }
}

/// A private chat's board is seen from the side of the person the chat belongs to.
fn private_view(g: &GameRecord, chat: ChatId) -> Color {
    Color::ALL
        .into_iter()
        .find(|c| g.player(*c) == Player::Human(UserId(chat.0 as u64)))
        .unwrap_or(Color::White)
}

/// Which side the picture in `chat` is seen from.
pub fn view_in(app: &App, g: &GameRecord, chat: ChatId) -> Color {
    if chat.0 > 0 {
        return private_view(g, chat);
    }
    let now = app.now();
    let orientation = app
        .games
        .read(|s| s.chat(chat, now))
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
                let at = g.paused.unwrap_or_else(|| app.now());
                rem[i] = rem[i].saturating_sub(at.since(g.clocks.turn_started));
            }
            c.clocks = Some((clock(rem[0].0), clock(rem[1].0)));
        }
        TimeControl::PerMove { limit } => c.per_move = Some(limit.0 / 1000),
        TimeControl::Days { .. } => {
            c.move_by = g
                .move_due()
                .filter(|_| g.is_active())
                .map(|until| (until.0, until.since(app.now()).0));
        }
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
    c.paused = g.paused.is_some() && g.is_active();
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
    let known = Lookup::fetch(app, g, chat);
    compose_with(app, g, game, ui, &known).await
}

/// The keyboard for `ui`, and the selection the picture draws (only a selection draws).
/// An inline board also carries the buttons for what players elsewhere type as commands.
fn board_keyboard(
    g: &GameRecord,
    game: &Game,
    ui: &Ui,
    known: &Lookup,
    t: &dyn Texts,
) -> (InlineKeyboardMarkup, Option<crate::render::Selection>) {
    let (mut kb, sel) = grid_or_picker(g, game, ui, known.view(g), t);
    if known.inline && g.is_active() && !matches!(ui, Ui::ConfirmResign | Ui::ConfirmHome { .. }) {
        kb.inline_keyboard.extend(keyboard::inline_actions(g, t));
    }
    (kb, sel)
}

/// [`board_keyboard`] without the inline board's action buttons.
fn grid_or_picker(
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
        Ui::Plain | Ui::Unselect | Ui::Notice(_) => (
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
        Ui::ConfirmResign => (keyboard::confirm_resign_on_board(g.id, ply, t), None),
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

/// A board message before its picture is drawn.
struct Parts {
    caption: String,
    keyboard: InlineKeyboardMarkup,
    opts: RenderOptions,
}

/// The caption, keyboard and picture options of the board in `known`'s place for `ui`.
async fn parts(app: &App, g: &GameRecord, game: &Game, ui: &Ui, known: &Lookup) -> Parts {
    let lang = known.lang(app, g);
    let t = texts(lang);
    let view = known.view(g);
    let pos = game.position();
    let (keyboard, sel) = board_keyboard(g, game, ui, known, t);
    // A grid's selection lives in its keyboard only (see `keyboard_only`), also on a board
    // posted anew.
    let sel = sel.filter(|_| !keyboard_only(g, game, ui));
    let mut caption = caption(app, g, game, lang, known).await;
    match ui {
        Ui::ConfirmHome { from, to } => {
            let path = pos
                .path(crate::engine::Move {
                    from: *from,
                    to: *to,
                })
                .map(|p| p.to_string())
                .unwrap_or_else(|_| format!("{from}-{to}"));
            caption.push_str("\n\n");
            caption.push_str(
                &t.confirm_return_home(&path, g.variant.rules().exit_deadline.unwrap_or(0)),
            );
        }
        Ui::ConfirmResign => {
            caption.push_str("\n\n");
            caption.push_str(&t.confirm_resign());
        }
        Ui::Notice(news) => {
            caption.push_str("\n\n");
            caption.push_str(news);
        }
        Ui::Plain | Ui::Unselect | Ui::Select(_) => {}
    }
    let opts = RenderOptions {
        size_px: app.tuning.board_px,
        view,
        last_move: game.moves().last().cloned(),
        selection: sel,
        error_mark: None,
    };
    Parts {
        caption,
        keyboard,
        opts,
    }
}

/// [`compose`] with the records it needs already read (for the board in `known`'s chat).
pub async fn compose_with(
    app: &App,
    g: &GameRecord,
    game: &Game,
    ui: &Ui,
    known: &Lookup,
) -> Result<BoardMessage, BotError> {
    let p = parts(app, g, game, ui, known).await;
    let png = draw(app, game, &p.opts).await?;
    Ok(BoardMessage {
        png,
        caption: truncate_caption(p.caption),
        keyboard: p.keyboard,
    })
}

/// The picture of `game`'s position.
async fn draw(app: &App, game: &Game, opts: &RenderOptions) -> Result<Vec<u8>, BotError> {
    // Drawn here on the runtime's worker (about 0.3 ms): a hand-off to the blocking pool
    // costs more in thread switches under load (docs/BENCHMARKS.md, "Load"). The permit
    // still bounds how many pictures are in memory at once.
    let _permit = app
        .render_pool
        .acquire()
        .await
        .map_err(|e| BotError::Internal(e.to_string()))?;
    Ok(app.renderer.render_png(game.position(), opts)?)
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
    let send = || {
        app.bot
            .send_photo(
                teloxide::types::ChatId(to),
                InputFile::memory(msg.png.clone()).file_name("board.png"),
            )
            .caption(msg.caption.clone())
            .parse_mode(ParseMode::Html)
            .reply_markup(msg.keyboard.clone())
    };
    let sent = tg::call(&app.pacer, to, tg::Kind::Send, send).await?;
    let id = MessageId(sent.id.0);
    let gid = g.id;
    let now = app.now();
    let stored = app
        .games
        .run(move |s| s.set_board_message_in(gid, chat, id, now))
        .await?;
    // The new message shows `g` as it was; the record changed only where its board lives.
    if stored.ply() == g.ply() && stored.version == g.version.next() {
        app.boards.record(
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
fn request(
    app: &App,
    id: GameId,
    at: BoardAt,
    ui: Ui,
    ply: u32,
    done: Option<tokio::sync::oneshot::Sender<()>>,
) {
    let want = Want {
        ui,
        ply,
        done: done.into_iter().collect(),
    };
    if app.boards.put(id, at, want) {
        let app = app.clone();
        tokio::spawn(async move { run_sender(&app, id, at).await });
    }
}

/// Send board (`id`, `at`)'s requests until none is left.
async fn run_sender(app: &App, id: GameId, at: BoardAt) {
    let key = (id.0, at.lane());
    let mut failures = 0u32;
    while let Some(want) = app.boards.take(key, true) {
        let mut done = want.done;
        let (ui, ply) = (want.ui.clone(), want.ply);
        let r = send_newest(app, id, at, want.ui, want.ply, &mut done).await;
        match r {
            Ok(()) => failures = 0,
            // The chat is gone (its games pause) or has moved (its boards are posted in
            // the supergroup): trying again would only knock on a closed door.
            Err(BotError::Telegram(e))
                if tg::forbidden(&e) || matches!(e, teloxide::RequestError::MigrateToChatId(_)) =>
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
                    app.boards.retry(
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

/// The extras to show over `g`: `ui` if the game is still at `ply` and on.
fn resolve(g: &GameRecord, ui: Ui, ply: u32) -> Ui {
    if g.is_active() && g.ply() == ply {
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
    let (g, _) = reload(app, id)?;
    let Some(posted) = shown_at(&g, at) else {
        return Ok(());
    };
    let (sent, _) = app.boards.sent(key);
    if sent.as_ref() == Some(&(g.version, resolve(&g, ui.clone(), ply))) {
        app.boards.unchanged.fetch_add(1, Ordering::Relaxed);
        return Ok(());
    }
    let kind = if posted {
        tg::Kind::Edit
    } else {
        tg::Kind::Send
    };
    // A board that must wait for its slot moves its turn's start to when the slot comes,
    // before the wait: a per-move limit shorter than the wait must not run out unseen.
    let eta = app.pacer.eta(lane, kind);
    let wait = eta.saturating_duration_since(tokio::time::Instant::now());
    // Only a turn this board has not shown yet starts late: a later redraw (a selection,
    // a draw offer) gives no time back.
    let unseen = |g: &GameRecord| app.boards.shown_ply(key) != Some(g.ply());
    if !wait.is_zero() && unseen(&g) {
        let shown = app.now().plus(crate::game::Millis(wait.as_millis() as u64));
        shift_turn(app, &g, shown).await;
    }
    // Wait for the slot without taking it: the picture is drawn first and the slot taken
    // just before the call goes out, so the pacer counts the call when Telegram sees it
    // (a render under load would otherwise put two calls closer than their slots).
    app.pacer.until_free(lane, kind).await;
    // Whatever was asked while this waited is newer.
    if let Some(newer) = app.boards.take(key, false) {
        app.boards.coalesced.fetch_add(1, Ordering::Relaxed);
        // As in `Outbox::put`: a plain redraw of the same turn keeps the selection.
        if !(newer.ui == Ui::Plain && newer.ply == ply) {
            ui = newer.ui;
        }
        ply = newer.ply;
        done.extend(newer.done);
    }
    let (mut g, mut game) = reload(app, id)?;
    let (sent, picture) = app.boards.sent(key);
    if let Some((v, _)) = &sent
        && *v > g.version
    {
        app.boards.older.fetch_add(1, Ordering::Relaxed);
        return Ok(());
    }
    let mut ui = resolve(&g, ui, ply);
    if sent.as_ref() == Some(&(g.version, ui.clone())) {
        app.boards.unchanged.fetch_add(1, Ordering::Relaxed);
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
    let keyboard_alone = posted && keyboard_only(&g, &game, &ui) && picture == Some(g.version);
    let sent = match (at, &g.inline) {
        (BoardAt::Inline(_), Some(message)) => {
            send_inline(app, &g, &game, message, &ui, &known, keyboard_alone).await?
        }
        (BoardAt::Chat(chat), _) => match g.board_in(chat) {
            Some(board) => send_board(app, &g, &game, board, &ui, &known, keyboard_alone).await?,
            None => return Ok(()),
        },
        (BoardAt::Inline(_), None) => return Ok(()),
    };
    match sent {
        // A new message: `post` has recorded it under the version that names it.
        Sent::Posted => {}
        Sent::Keyboard => app.boards.record(key, g.version, g.ply(), ui, false),
        Sent::Whole => app.boards.record(key, g.version, g.ply(), ui, true),
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

/// Show `g` on every board it has; returns at once (see [`Outbox`]).
pub fn show(app: &App, g: &GameRecord) -> Result<(), BotError> {
    for at in places(g) {
        request(app, g.id, at, Ui::Plain, g.ply(), None);
    }
    app.repaired(g.id);
    Ok(())
}

/// Show `news` under the caption of `g`'s inline board until the next move (an inline
/// game has no chat to say it in); nothing for a game played in chats.
pub fn notice(app: &App, g: &GameRecord, news: String) {
    if let Some(m) = &g.inline {
        let at = BoardAt::Inline(inline_lane(&m.0));
        request(app, g.id, at, Ui::Notice(news), g.ply(), None);
    }
}

/// Send the board message of `g` with `ui` to `board`, in the slot its caller has taken:
/// the keyboard alone (`keyboard_alone`), or the picture, caption and keyboard by an edit,
/// or a new message if there is none or it is gone. "Not modified" is not an error.
/// Returns what was sent.
async fn send_board(
    app: &App,
    g: &GameRecord,
    game: &Game,
    board: Board,
    ui: &Ui,
    known: &Lookup,
    keyboard_alone: bool,
) -> Result<Sent, BotError> {
    if let Some(mid) = board.message
        && keyboard_alone
    {
        let (keyboard, _) = board_keyboard(g, game, ui, known, texts(known.lang(app, g)));
        let chat = board.chat.0;
        let r = tg::call(&app.pacer, chat, tg::Kind::Edit, || {
            let edit = teloxide::payloads::EditMessageReplyMarkup::new(
                teloxide::types::ChatId(chat),
                teloxide::types::MessageId(mid.0),
            )
            .reply_markup(keyboard.clone());
            teloxide::requests::JsonRequest::new(app.bot.clone(), tg::EditMarkup(edit))
        })
        .await;
        match r {
            Ok(_) => return Ok(Sent::Keyboard),
            Err(e) if tg::not_modified(&e) => return Ok(Sent::Keyboard),
            Err(e) if tg::gone(&e) => {
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
    let r = tg::call(&app.pacer, chat, tg::Kind::Edit, || {
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
    })
    .await;
    match r {
        Ok(_) => Ok(Sent::Whole),
        Err(e) if tg::not_modified(&e) => Ok(Sent::Whole),
        Err(e) if tg::gone(&e) => {
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
    game: &Game,
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
        tg::call(&app.pacer, lane, tg::Kind::Edit, || {
            app.bot
                .edit_message_reply_markup_inline(id.clone())
                .reply_markup(kb.clone())
        })
        .await
        .map(|_| Sent::Keyboard)
    } else if let Some(file) = upload(app, game, &p.opts).await? {
        let caption = truncate_caption(p.caption);
        let kb = p.keyboard;
        tg::call(&app.pacer, lane, tg::Kind::Edit, || {
            let media = InputMedia::Photo(
                InputMediaPhoto::new(InputFile::file_id(file.clone().into()))
                    .caption(caption.clone())
                    .parse_mode(ParseMode::Html),
            );
            app.bot
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
        Err(e) if tg::not_modified(&e) => Ok(if keyboard_alone {
            Sent::Keyboard
        } else {
            Sent::Whole
        }),
        Err(e) if tg::gone(&e) => {
            tracing::info!(game = %g.id, "inline board gone");
            Ok(Sent::Whole)
        }
        Err(e) => Err(e.into()),
    }
}

/// An inline board without a picture: the caption, the position as text where the
/// keyboard is no grid of the board (10×10 and 16×16, and every finished game, whose
/// keyboard becomes Rematch and Record: the final position stays on the message), and on
/// the first board a word on why there is no picture.
fn inline_text(g: &GameRecord, game: &Game, caption: String, t: &dyn Texts) -> String {
    let mut text = caption;
    let pos = game.position();
    if pos.variant().board().n() as usize > keyboard::MAX_ROW || !g.is_active() {
        let last = game.moves().last().map(|p| p.squares().to_vec());
        let diagram = crate::render::board_text(pos, last.as_deref());
        text = format!("<pre>{}</pre>\n{text}", super::texts::escape(&diagram));
    }
    if g.ply() == 0 && g.is_active() {
        text.push_str("\n\n");
        text.push_str(&t.inline_no_pictures());
    }
    text.chars().take(4096).collect()
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
    let r = tg::call(&app.pacer, lane, tg::Kind::Edit, || {
        app.bot
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
            tg::call(&app.pacer, lane, tg::Kind::Edit, || {
                app.bot
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
async fn upload(app: &App, game: &Game, opts: &RenderOptions) -> Result<Option<String>, BotError> {
    let Some(chat) = app
        .tuning
        .media_chats
        .iter()
        .filter(|c| !app.pacer.is_unreachable(c.0))
        .min_by_key(|c| app.pacer.eta(c.0, tg::Kind::Send))
        .copied()
    else {
        return Ok(None);
    };
    let png = draw(app, game, opts).await?;
    let sent = tg::call(&app.pacer, chat.0, tg::Kind::Send, || {
        app.bot.send_photo(
            teloxide::types::ChatId(chat.0),
            InputFile::memory(png.clone()).file_name("board.png"),
        )
    })
    .await?;
    let file = sent
        .photo()
        .and_then(|sizes| sizes.iter().max_by_key(|p| p.width))
        .map(|p| p.file.id.to_string())
        .ok_or_else(|| BotError::Internal("the media chat's upload has no photo".into()))?;
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

/// Ask for the game's current state on all its boards; returns at once.
pub async fn refresh(app: &App, id: GameId) -> Result<(), BotError> {
    show_current(app, id).await.map(|_| ())
}

/// [`refresh`], returning when every board of the game has been updated (the start-up
/// redraw goes a few games at a time, beside the live traffic).
pub async fn refresh_and_wait(app: &App, id: GameId) -> Result<(), BotError> {
    let (g, _) = reload(app, id)?;
    let mut waits = Vec::new();
    for at in places(&g) {
        let (tx, rx) = tokio::sync::oneshot::channel();
        request(app, id, at, Ui::Plain, g.ply(), Some(tx));
        waits.push(rx);
    }
    for w in waits {
        let _ = w.await;
    }
    app.repaired(id);
    Ok(())
}

/// Re-read game `id` and its replay.
pub fn reload(app: &App, id: GameId) -> Result<(GameRecord, Game), BotError> {
    // Reads only, so in place (see `AsyncGames::read`).
    app.games
        .read(|s| {
            let g = s.game(id)?;
            let game = s.replay(&g)?;
            Ok::<_, crate::game::ServiceError>((g, game))
        })
        .map_err(Into::into)
}

/// Ask for the game's latest stored state on every board; returns what was read. Each
/// board's sender reads the game again when its slot comes, so two changes racing (a
/// person's move and the program's answer started by the timer) leave the board on the
/// later one.
pub async fn show_current(app: &App, id: GameId) -> Result<(GameRecord, Game), BotError> {
    show_latest(app, id, None).await
}

/// [`show_current`] with the engine game of version `known.0` at hand (a move just made
/// it): if the read finds that version, it is not replayed again.
pub async fn show_latest(
    app: &App,
    id: GameId,
    known: Option<(Version, Game)>,
) -> Result<(GameRecord, Game), BotError> {
    let (g, game) = app.games.read(|s| {
        let g = s.game(id)?;
        let game = match known {
            Some((version, game)) if version == g.version => game,
            _ => s.replay(&g)?,
        };
        Ok::<_, crate::game::ServiceError>((g, game))
    })?;
    show(app, &g)?;
    Ok((g, game))
}

/// Show `ui` (a selection, a question) on the game's board at `at` if the game is still
/// at `ply` when the edit goes out; if a move came first, the current state is shown
/// instead, so a selection drawn for an old position never covers a newer board.
pub fn show_ui_at(app: &App, id: GameId, ply: u32, at: BoardAt, ui: &Ui) -> Result<(), BotError> {
    request(app, id, at, ui.clone(), ply, None);
    Ok(())
}
