//! A board message composed, for a game of any seat count: its picture, caption and
//! keyboard for what the board is to show ([`Ui`]), with the chat and player records it
//! needs read once ([`Lookup`]).

use crate::bot::controls::keyboard::{self, Selection};
use crate::bot::error::BotError;
use crate::bot::state::App;
use crate::bot::state::outbox::{BoardAt, Ui};
use crate::bot::state::pages::Launch;
use crate::bot::texts::tables::{SeatLine, TableView};
use crate::bot::texts::{CaptionData, ResultContext, Texts, clock, texts};
use crate::engine::multi::MultiGame;
use crate::engine::{AnyGame, Color, Game, LimitRule, Seat};
use crate::game::{
    ChatId, ChatRecord, GameRecord, Language, Orientation, Player, Reads, Status, TimeControl,
    Timestamp, UserId, UserRecord,
};
use crate::render::RenderOptions;
use teloxide::types::{InlineKeyboardButton, InlineKeyboardMarkup, WebAppInfo};

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
    pub fn read(s: Reads<'_>, g: &GameRecord, at: ChatId, now: Timestamp) -> Lookup {
        let chat = (at.0 < 0).then(|| s.chat(at, now).ok()).flatten();
        let mut ids: Vec<UserId> = g.people();
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
    pub(super) fn lang(&self, app: &App, g: &GameRecord) -> Language {
        if let Some(l) = self.chat.as_ref().and_then(|c| c.settings.language) {
            return l;
        }
        let first_human = g.people().first().copied();
        let owner = (self.at.0 > 0).then_some(UserId(self.at.0 as u64));
        let Some(u) = owner.or(first_human) else {
            return Language::En;
        };
        self.user(u)
            .and_then(|r| r.language)
            .or_else(|| app.people.seen_language(u))
            .unwrap_or(Language::En)
    }

    /// As [`view_in`].
    fn view(&self, g: &GameRecord) -> Seat {
        if self.inline {
            return Seat::White;
        }
        if self.at.0 > 0 {
            return private_view(g, self.at);
        }
        let orientation = self
            .chat
            .as_ref()
            .map(|c| c.settings.orientation)
            .unwrap_or_default();
        group_view(g, orientation)
    }

    /// As [`App::player_mention`].
    pub(crate) fn mention(&self, p: Player, lang: Language) -> String {
        let name = match p {
            Player::Human(u) => self.user(u).map(|r| r.name.clone()),
            _ => None,
        };
        crate::bot::texts::player_mention(p, name, lang)
    }
}

/// A private chat's board is seen from the seat of the person the chat belongs to.
fn private_view(g: &GameRecord, chat: ChatId) -> Seat {
    g.seat_of(UserId(chat.0 as u64)).unwrap_or(Seat::White)
}

/// A group's board is seen as the group chose (White's side, or the side to move's); a
/// table's always from the seat to move, whose camp is then at the bottom left.
fn group_view(g: &GameRecord, orientation: Orientation) -> Seat {
    match orientation {
        _ if g.is_table() => g.to_move(),
        Orientation::White => Seat::White,
        Orientation::SideToMove => g.to_move(),
    }
}

/// Which seat the picture in `chat` is seen from.
pub fn view_in(app: &App, g: &GameRecord, chat: ChatId) -> Seat {
    if chat.0 > 0 {
        return private_view(g, chat);
    }
    let now = app.now();
    let orientation = app
        .games
        .read(|s| s.chat(chat, now))
        .map(|c| c.settings.orientation)
        .unwrap_or_default();
    group_view(g, orientation)
}

/// What the words of a two-sided game's result depend on: its rules and how many moves
/// were played.
pub fn result_context(g: &GameRecord, game: &Game) -> ResultContext {
    let rules = game.variant().rules();
    ResultContext {
        deadline: rules.exit_deadline,
        move_limit: rules.move_limit,
        by_tempo: rules.limit_rule == LimitRule::Tempo,
        solo: g.is_solo(),
        moves: game.plies() as u16,
    }
}

/// The result of a finished game (None while it is on): a two-sided game's sentence, a
/// table's places and ratings; a game called off gets its own.
pub async fn result_line(
    app: &App,
    g: &GameRecord,
    game: &AnyGame,
    t: &dyn Texts,
) -> Option<String> {
    match game {
        AnyGame::Two(two) => two_result(app, g, two, t).await,
        AnyGame::Multi(_) if matches!(g.status, Status::Aborted { .. }) => {
            Some(aborted(app, g, t).await)
        }
        AnyGame::Multi(m) if matches!(g.status, Status::Over { .. }) => {
            let known = Lookup::fetch(app, g, g.chat);
            let lang = known.lang(app, g);
            Some(t.table_end(&table_view(g, m, &known, lang, app.now())))
        }
        AnyGame::Multi(_) => None,
    }
}

/// A two-sided game's result sentence (see [`result_line`]).
async fn two_result(app: &App, g: &GameRecord, game: &Game, t: &dyn Texts) -> Option<String> {
    match g.status {
        Status::Lobby | Status::Active => None,
        Status::Aborted { .. } => Some(aborted(app, g, t).await),
        Status::Over { outcome, .. } => Some(t.result(outcome.two()?, &result_context(g, game))),
    }
}

/// Who called `g` off.
async fn aborted(app: &App, g: &GameRecord, t: &dyn Texts) -> String {
    let who = match g.status {
        Status::Aborted { by: Some(u), .. } => app.user_mention(u).await,
        _ => "—".into(),
    };
    t.aborted(&who)
}

/// The caption of a two-sided game's board.
async fn two_caption(
    app: &App,
    g: &GameRecord,
    game: &Game,
    lang: Language,
    known: &Lookup,
) -> String {
    let t = texts(lang);
    let rules = *game.variant().rules();
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
        variant: Some(game.variant().id()),
        house_rules: !game.variant().overrides().is_empty(),
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
            let at = g.paused.unwrap_or_else(|| app.now());
            let left = |c: Color| {
                let live = g.is_active() && c == side;
                let bank = g.clocks.remaining[c.index()];
                match live {
                    true => bank.saturating_sub(at.since(g.clocks.turn_started)),
                    false => bank,
                }
            };
            c.clocks = Some((clock(left(Color::White).0), clock(left(Color::Black).0)));
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
    c.result = two_result(app, g, game, t).await;
    for col in Color::ALL {
        if let (Player::Human(u), Some(r)) = (g.player(col), g.rating_of(col)) {
            let name = known.mention(Player::Human(u), Language::En);
            c.ratings.push(t.rating_line(&name, r.before, r.after));
        }
    }
    c.tempo = Some((pos.tempo(Color::White), pos.tempo(Color::Black)));
    c.paused = g.paused.is_some() && g.is_active();
    t.caption(&c)
}

/// A table's seats, round, last turn, time and result as its caption, lobby and end show
/// them, with the people's mentions from `known`.
pub(crate) fn table_view(
    g: &GameRecord,
    game: &MultiGame,
    known: &Lookup,
    lang: Language,
    now: Timestamp,
) -> TableView {
    let pos = game.position();
    let over = game.outcome();
    let places = match over {
        Some(o) => o.places,
        None => game.places_known(),
    };
    let playing = g.is_active();
    let to_move = pos.to_move();
    let at = g.paused.unwrap_or(now);
    let mut seats = Vec::new();
    for (no, (seat, p)) in g.seated().enumerate() {
        let clock_text = match g.time_control {
            TimeControl::Clock { .. } if g.status != Status::Lobby => {
                let bank = g.clocks.remaining[no];
                let live = playing && seat == to_move;
                Some(clock(
                    match live {
                        true => bank.saturating_sub(at.since(g.clocks.turn_started)),
                        false => bank,
                    }
                    .0,
                ))
            }
            _ => None,
        };
        seats.push(SeatLine {
            seat: Some(seat),
            person: p.user().map(|_| known.mention(p, lang)),
            program: match p {
                Player::Program { level } => Some(level),
                _ => None,
            },
            place: places[seat.index()],
            left: pos.left().has(seat),
            to_move: playing && to_move == seat,
            clock: clock_text,
        });
    }
    let positions = game.positions();
    let last = game.turns().len().checked_sub(1).map(|i| {
        let before = positions[i];
        (before.to_move(), before.turn_text(game.turns()[i]))
    });
    // Once over, the round is the last one played (the position has moved past it).
    let round = match (over, game.turns().len().checked_sub(1)) {
        (Some(_), Some(i)) => positions[i].round(),
        _ => pos.round(),
    };
    let ratings = g
        .ratings
        .iter()
        .map(|r| {
            let name = known.mention(g.player(r.seat), lang);
            format!(
                "{name}: {} → {} ({:+})",
                r.change.before,
                r.change.after,
                r.change.delta()
            )
        })
        .collect();
    TableView {
        variant: game.variant(),
        seats,
        round,
        last,
        time: g.time_control,
        move_by: g
            .move_due()
            .filter(|_| playing)
            .map(|until| (until.0, until.since(now).0)),
        over: over.map(|o| o.reason),
        ratings,
        paused: g.paused.is_some() && playing,
    }
}

/// A lobby's message and its buttons while it gathers its players; once it has closed
/// unstarted, its last words and no buttons.
pub(crate) fn lobby_message(
    g: &GameRecord,
    known: &Lookup,
    lang: Language,
) -> (String, Option<InlineKeyboardMarkup>) {
    let t = texts(lang);
    let Some(variant) = g.variant.multi() else {
        return (String::new(), None);
    };
    if g.status != Status::Lobby {
        return (t.lobby_closed(variant), None);
    }
    let view = table_view(g, &MultiGame::new(variant), known, lang, Timestamp(0));
    let host = g
        .host
        .map(|h| known.mention(Player::Human(h), lang))
        .unwrap_or_default();
    let minutes = crate::game::LOBBY_LAPSE.0 / 60_000;
    (
        t.lobby(&view, &host, minutes),
        Some(keyboard::lobby(g.id, t)),
    )
}

/// Build the caption of a game's board.
pub async fn caption(
    app: &App,
    g: &GameRecord,
    game: &AnyGame,
    lang: Language,
    known: &Lookup,
) -> String {
    match game {
        AnyGame::Two(two) => two_caption(app, g, two, lang, known).await,
        AnyGame::Multi(m) => texts(lang).table_caption(&table_view(g, m, known, lang, app.now())),
    }
}

/// Compose the whole board message of the game's board in `chat` for `ui`.
pub async fn compose(
    app: &App,
    g: &GameRecord,
    game: &AnyGame,
    chat: ChatId,
    ui: &Ui,
) -> Result<BoardMessage, BotError> {
    let known = Lookup::fetch(app, g, chat);
    compose_with(app, g, game, ui, &known).await
}

/// The keyboard for `ui`, and the selection the picture draws (only a selection draws).
/// An inline board also carries the buttons for what players elsewhere type as commands;
/// every board, the Mini App's button when the bot serves it.
pub(super) fn board_keyboard(
    g: &GameRecord,
    game: &AnyGame,
    ui: &Ui,
    known: &Lookup,
    launch: Option<&Launch>,
    t: &dyn Texts,
) -> (InlineKeyboardMarkup, Option<crate::render::Selection>) {
    let (mut kb, sel) = grid_or_picker(g, game, ui, known.view(g), t);
    let asking = matches!(ui, Ui::ConfirmResign | Ui::ConfirmHome { .. });
    if known.inline && g.is_active() && !asking {
        kb.inline_keyboard.extend(keyboard::inline_actions(g, t));
    }
    if let Some(launch) = launch.filter(|_| !asking) {
        let button = match (known.inline, known.at.0 > 0) {
            // Telegram takes `web_app` buttons in private chats only.
            (false, true) => Some(InlineKeyboardButton::web_app(
                t.btn_open_board(),
                WebAppInfo {
                    url: launch.page(g.id),
                },
            )),
            _ => launch
                .direct_link(g.id)
                .and_then(|l| l.parse().ok())
                .map(|u| InlineKeyboardButton::url(t.btn_open_board(), u)),
        };
        kb.inline_keyboard.extend(button.map(|b| vec![b]));
    }
    (kb, sel)
}

/// [`board_keyboard`] without the inline board's action buttons.
fn grid_or_picker(
    g: &GameRecord,
    game: &AnyGame,
    ui: &Ui,
    view: Seat,
    t: &dyn Texts,
) -> (InlineKeyboardMarkup, Option<crate::render::Selection>) {
    let ply = g.ply();
    if !g.is_active() {
        let rematch = !g.is_solo() && g.players.iter().all(|p| !matches!(p, Player::Absent));
        // A two-sided game with a result can be analysed (one called off has none; a
        // training run has one side).
        let analysis = !g.is_solo() && !g.is_table() && matches!(g.status, Status::Over { .. });
        return (keyboard::finished(g.id, rematch, analysis, t), None);
    }
    // A picker of pieces is for the person to move: none while the program moves.
    let picker = g.is_table() || g.variant.board_n() as usize > keyboard::MAX_ROW;
    let person = matches!(g.player_to_move(), Player::Human(_));
    let leave = |kb: &mut InlineKeyboardMarkup| {
        if g.is_table() {
            kb.inline_keyboard.push(keyboard::leave_game(g.id, ply, t));
        }
    };
    match ui {
        Ui::Plain | Ui::Unselect | Ui::News(_) => {
            let mut kb = if picker && !person {
                InlineKeyboardMarkup::default()
            } else {
                keyboard::board(g.id, ply, game, view, &Selection::default(), t)
            };
            leave(&mut kb);
            (kb, None)
        }
        Ui::Select(sq) => {
            let targets = game.destinations(*sq);
            let s = Selection {
                piece: Some(*sq),
                targets: targets.clone(),
            };
            let mut kb = keyboard::board(g.id, ply, game, view, &s, t);
            leave(&mut kb);
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
pub(super) fn keyboard_only(g: &GameRecord, ui: &Ui) -> bool {
    matches!(ui, Ui::Select(_) | Ui::Unselect)
        && g.is_active()
        && !g.is_table()
        && g.variant.board_n() as usize <= keyboard::MAX_ROW
}

/// A board message before its picture is drawn.
pub(super) struct Parts {
    pub(super) caption: String,
    pub(super) keyboard: InlineKeyboardMarkup,
    pub(super) opts: RenderOptions,
}

/// The caption, keyboard and picture options of the board in `known`'s place for `ui`.
pub(super) async fn parts(
    app: &App,
    g: &GameRecord,
    game: &AnyGame,
    ui: &Ui,
    known: &Lookup,
) -> Parts {
    let lang = known.lang(app, g);
    let t = texts(lang);
    let view = known.view(g);
    let (keyboard, sel) = board_keyboard(g, game, ui, known, app.views.launch(), t);
    // A grid's selection lives in its keyboard only (see `keyboard_only`), also on a board
    // posted anew.
    let sel = sel.filter(|_| !keyboard_only(g, ui));
    let mut caption = caption(app, g, game, lang, known).await;
    match ui {
        Ui::ConfirmHome { from, to } => {
            let path = game
                .check(&[*from, *to])
                .map(|p| p.to_string())
                .unwrap_or_else(|_| format!("{from}-{to}"));
            let deadline = g
                .variant
                .two()
                .and_then(|v| v.rules().exit_deadline)
                .unwrap_or(0);
            caption.push_str("\n\n");
            caption.push_str(&t.confirm_return_home(&path, deadline));
        }
        Ui::ConfirmResign => {
            caption.push_str("\n\n");
            caption.push_str(&match g.is_table() {
                true => t.confirm_leave_game(),
                false => t.confirm_resign(),
            });
        }
        Ui::News(news) => {
            caption.push_str("\n\n");
            caption.push_str(news);
        }
        Ui::Plain | Ui::Unselect | Ui::Select(_) => {}
    }
    let opts = RenderOptions {
        size_px: board_px(app, g),
        view,
        last_move: game.last_path(),
        better: None,
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
    game: &AnyGame,
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

/// The smallest side a table's picture is drawn at: four camps on 16×16 squares need more
/// pixels than a two-sided 8×8 board.
pub(crate) const TABLE_PX: u32 = 640;

/// The picture side of `g`'s boards.
fn board_px(app: &App, g: &GameRecord) -> u32 {
    match g.is_table() {
        true => app.tuning.board_px.max(TABLE_PX),
        false => app.tuning.board_px,
    }
}

/// The picture of `game`'s position.
pub(super) async fn draw(
    app: &App,
    game: &AnyGame,
    opts: &RenderOptions,
) -> Result<Vec<u8>, BotError> {
    // Drawn here on the runtime's worker (about 0.3 ms): a hand-off to the blocking pool
    // costs more in thread switches under load (docs/BENCHMARKS.md, "Load"). The permit
    // still bounds how many pictures are in memory at once.
    let _permit = app
        .views
        .render_permit()
        .await
        .map_err(|_| BotError::Stopping)?;
    Ok(app.views.renderer().render_png(game, opts)?)
}

/// Captions are limited to 1024 characters.
pub(crate) fn truncate_caption(s: String) -> String {
    if s.chars().count() <= 1024 {
        s
    } else {
        s.chars().take(1020).collect::<String>() + "…"
    }
}

/// An inline board without a picture: the caption, the position as text where the
/// keyboard is no grid of the board (10×10 and 16×16, and every finished game, whose
/// keyboard becomes Rematch and Record: the final position stays on the message), and on
/// the first board a word on why there is no picture.
pub(super) fn inline_text(
    g: &GameRecord,
    game: &AnyGame,
    caption: String,
    t: &dyn Texts,
) -> String {
    let mut text = caption;
    if let Some(two) = game.two() {
        let pos = two.position();
        if pos.variant().board().n() as usize > keyboard::MAX_ROW || !g.is_active() {
            let last = two.moves().last().map(|p| p.squares().to_vec());
            let diagram = crate::render::board_text(pos, last.as_deref());
            text = format!("<pre>{}</pre>\n{text}", crate::bot::texts::escape(&diagram));
        }
    }
    if g.ply() == 0 && g.is_active() {
        text.push_str("\n\n");
        text.push_str(&t.inline_no_pictures());
    }
    text.chars().take(4096).collect()
}
