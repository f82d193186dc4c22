//! The board message of a game: picture, caption and keyboard, posted once and then edited
//! in place after every change.

use super::app::{App, now};
use super::error::BotError;
use super::keyboard::{self, Selection};
use super::texts::{CaptionData, ResultContext, Texts, clock, texts};
use super::tg;
use crate::engine::{Color, Game, LimitRule, Square};
use crate::game::{
    ChatRecord, GameRecord, GameService, Language, MessageId, Orientation, Player, Status,
    TimeControl, UserId, UserRecord,
};
use crate::render::RenderOptions;
use std::collections::HashMap;
use std::sync::Arc;
use teloxide::payloads::{EditMessageMediaSetters, SendPhotoSetters};
use teloxide::prelude::*;
use teloxide::types::{InlineKeyboardMarkup, InputFile, InputMedia, InputMediaPhoto, ParseMode};

/// What the board shows besides the position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ui {
    /// Just the position and the last move.
    Plain,
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
#[derive(Clone, Debug, Default)]
pub struct Lookup {
    /// The group chat's record (`None` for private chats or when it could not be read).
    chat: Option<ChatRecord>,
    /// The people of the game (and the owner of a private chat), as stored.
    users: Vec<(UserId, Option<UserRecord>)>,
}

impl Lookup {
    /// Read what `g`'s board needs, on the calling (blocking) thread.
    pub fn read(s: &GameService, g: &GameRecord) -> Lookup {
        let chat = (g.chat.0 < 0).then(|| s.chat(g.chat, now()).ok()).flatten();
        let mut ids: Vec<UserId> = Color::ALL
            .into_iter()
            .filter_map(|c| g.player(c).user())
            .collect();
        if g.chat.0 > 0 {
            ids.push(UserId(g.chat.0 as u64));
        }
        ids.sort_unstable();
        ids.dedup();
        let users = ids
            .into_iter()
            .map(|u| (u, s.user(u).ok().flatten()))
            .collect();
        Lookup { chat, users }
    }

    /// [`Lookup::read`] on the blocking pool.
    pub async fn fetch(app: &App, g: &GameRecord) -> Lookup {
        let g = g.clone();
        app.games.run(move |s| Lookup::read(s, &g)).await
    }

    fn user(&self, u: UserId) -> Option<&UserRecord> {
        self.users
            .iter()
            .find(|(id, _)| *id == u)
            .and_then(|(_, r)| r.as_ref())
    }

    /// As [`App::game_lang`]: the group's language, else the first person's.
    fn lang(&self, app: &App, g: &GameRecord) -> Language {
        if let Some(l) = self.chat.as_ref().and_then(|c| c.settings.language) {
            return l;
        }
        let first_human = Color::ALL.into_iter().find_map(|c| g.player(c).user());
        let Some(u) = first_human.or_else(|| (g.chat.0 > 0).then_some(UserId(g.chat.0 as u64)))
        else {
            return Language::En;
        };
        self.user(u)
            .and_then(|r| r.language)
            .or_else(|| app.seen_language(u))
            .unwrap_or(Language::En)
    }

    /// As [`view_for`].
    fn view(&self, g: &GameRecord) -> Color {
        if g.chat.0 > 0 {
            return private_view(g);
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
fn private_view(g: &GameRecord) -> Color {
    Color::ALL
        .into_iter()
        .find(|c| g.player(*c) == Player::Human(crate::game::UserId(g.chat.0 as u64)))
        .unwrap_or(Color::White)
}

/// Which side the picture is seen from.
pub async fn view_for(app: &App, g: &GameRecord) -> Color {
    if g.chat.0 > 0 {
        return private_view(g);
    }
    let chat = g.chat;
    let orientation = app
        .games
        .run(move |s| s.chat(chat, now()))
        .await
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

/// Compose the whole board message for `ui`.
pub async fn compose(
    app: &App,
    g: &GameRecord,
    game: &Game,
    ui: &Ui,
) -> Result<BoardMessage, BotError> {
    let known = Lookup::fetch(app, g).await;
    compose_with(app, g, game, ui, &known).await
}

/// [`compose`] with the records it needs already read.
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
    let ply = g.ply();
    let mut sel = None;
    let keyboard = if !g.is_active() {
        let rematch =
            !g.variant.rules().solo && g.players.iter().all(|p| !matches!(p, Player::Absent));
        keyboard::finished(g.id, rematch, t)
    } else {
        match ui {
            Ui::Plain => keyboard::board(g.id, ply, &pos, view, &Selection::default(), t),
            Ui::Select(sq) => {
                let targets = pos.destinations(*sq);
                let s = Selection {
                    piece: Some(*sq),
                    targets: targets.clone(),
                };
                sel = Some(crate::render::Selection {
                    piece: *sq,
                    targets,
                });
                keyboard::board(g.id, ply, &pos, view, &s, t)
            }
            Ui::ConfirmHome { from, to } => keyboard::confirm_return_home(g.id, ply, *from, *to, t),
        }
    };
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
    let a = app.clone();
    let permit = Arc::clone(&app.render_pool)
        .acquire_owned()
        .await
        .map_err(|e| BotError::Internal(e.to_string()))?;
    let png = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        a.renderer.render_png(&pos, &opts)
    })
    .await
    .map_err(|e| BotError::Internal(e.to_string()))??;
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

/// Post a new board message for `g` and record it in the game.
pub async fn post(app: &App, g: &GameRecord, msg: BoardMessage) -> Result<MessageId, BotError> {
    let chat = g.chat.0;
    let sent = tg::call(&app.pacer, chat, || {
        app.bot
            .send_photo(
                teloxide::types::ChatId(chat),
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
        .run(move |s| s.set_board_message(gid, id, now()))
        .await?;
    Ok(id)
}

/// Show `g` with `ui`: edit its board message in place, or post it if there is none or it
/// is gone. "Not modified" is not an error.
pub async fn show(app: &App, g: &GameRecord, game: &Game, ui: &Ui) -> Result<(), BotError> {
    let known = Lookup::fetch(app, g).await;
    show_with(app, g, game, ui, &known).await
}

/// [`show`] with the records it needs already read.
pub async fn show_with(
    app: &App,
    g: &GameRecord,
    game: &Game,
    ui: &Ui,
    known: &Lookup,
) -> Result<(), BotError> {
    let msg = compose_with(app, g, game, ui, known).await?;
    let Some(mid) = g.message else {
        post(app, g, msg).await?;
        return Ok(());
    };
    let chat = g.chat.0;
    let r = tg::call(&app.pacer, chat, || {
        let media = InputMedia::Photo(
            InputMediaPhoto::new(InputFile::memory(msg.png.clone()).file_name("board.png"))
                .caption(msg.caption.clone())
                .parse_mode(ParseMode::Html),
        );
        app.bot
            .edit_message_media(
                teloxide::types::ChatId(chat),
                teloxide::types::MessageId(mid.0),
                media,
            )
            .reply_markup(msg.keyboard.clone())
            .into_future()
    })
    .await;
    match r {
        Ok(_) => Ok(()),
        Err(e) if tg::not_modified(&e) => Ok(()),
        Err(e) if tg::gone(&e) => {
            tracing::info!(game = %g.id, "board message gone; posting it anew");
            post(app, g, msg).await?;
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

/// Show the game's latest stored state, one update of a game's board at a time.
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
    let lock = {
        let mut m = SHOWING.lock().unwrap_or_else(|e| e.into_inner());
        Arc::clone(m.entry(id.0).or_default())
    };
    let r = {
        let _turn = lock.lock().await;
        let r = app
            .games
            .run(move |s| {
                let g = s.game(id)?;
                let game = s.replay(&g)?;
                let known = Lookup::read(s, &g);
                Ok::<_, crate::game::ServiceError>((g, game, known))
            })
            .await;
        match r {
            Ok((g, game, known)) => show_with(app, &g, &game, &Ui::Plain, &known)
                .await
                .map(|()| (g, game)),
            Err(e) => Err(e.into()),
        }
    };
    let mut m = SHOWING.lock().unwrap_or_else(|e| e.into_inner());
    // Ours and the map's: nobody else waits for this game.
    if Arc::strong_count(&lock) == 2 {
        m.remove(&id.0);
    }
    r
}
