//! A finished game's analysis in the chat (docs/ANALYSIS.md): asked for by the button
//! under its result, `/analyze`, or the Mini App; made once on the analysis thread
//! ([`crate::bot::state::analyses`]) and kept with the game; sent as one picture (the
//! balance chart and the three worst moves, each with the move played and the better
//! one) whose caption holds each side's accuracy and counts.

use crate::ai::analysis::{self as ai_analysis, Analysis, Class, Why};
use crate::bot::chat::messages::{say, send_photo};
use crate::bot::error::BotError;
use crate::bot::play::board;
use crate::bot::state::App;
use crate::bot::state::analyses::{Asked, Destination, Job};
use crate::bot::texts::analysis::{AnalysisView, WorstMove};
use crate::bot::texts::{Texts, texts};
use crate::engine::{AnyGame, Color, Game};
use crate::game::{
    AnalysisRecord, BlunderReason, ChatId, GameId, GameRecord, MoveClass, MoveMark, Status, UserId,
};
use crate::render::analysis::{AnalysisSheet, MAX_BOARDS, SheetBoard, render_analysis_sheet};
use crate::render::chart::{ChartSeries, RatingChart};
use teloxide::types::{InlineKeyboardButton, InlineKeyboardMarkup, WebAppInfo};

/// The search effort of the bot's analyses, in nodes (the CLI's default: an 80-move game
/// in about four seconds of one core, docs/BENCHMARKS.md).
pub const EFFORT: u64 = ai_analysis::DEFAULT_EFFORT;

/// Why a game cannot be analysed for someone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// Still being played.
    InPlay,
    /// Called off.
    Aborted,
    /// Someone else's game, not shown in the chat asked from.
    NotYours,
    /// A training run (one side).
    TwoPlayersOnly,
}

impl Refusal {
    /// Its words.
    pub fn text(self, t: &dyn Texts) -> String {
        match self {
            Refusal::InPlay => t.analysis_in_play(),
            Refusal::Aborted => t.analysis_aborted(),
            Refusal::NotYours => t.analysis_not_yours(),
            Refusal::TwoPlayersOnly => t.analysis_two_players_only(),
        }
    }
}

/// Whether `user`, asking in `chat` (`None`: from the Mini App, where the page's token
/// already shows the game to them), may have `g` analysed.
pub fn may_analyse(g: &GameRecord, user: UserId, chat: Option<ChatId>) -> Result<(), Refusal> {
    // Whose it is comes first: the other answers would tell what a stranger's game is.
    // In a chat: a game shown there, or one's own game asked for in one's private chat
    // (a player does not post a game into a group it was not played in).
    if let Some(chat) = chat
        && g.board_in(chat).is_none()
        && !(chat.0 > 0 && g.color_of(user).is_some())
    {
        return Err(Refusal::NotYours);
    }
    if g.is_solo() || g.is_table() {
        return Err(Refusal::TwoPlayersOnly);
    }
    match g.status {
        Status::Lobby | Status::Active => Err(Refusal::InPlay),
        Status::Aborted { .. } => Err(Refusal::Aborted),
        Status::Over { .. } => Ok(()),
    }
}

/// What asking led to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Requested {
    /// The analysis was made before: it is being sent.
    Stored,
    /// Queued (or running, or joined to a run of the same game), or refused for the
    /// queue's bounds.
    Queue(Asked),
    /// It failed a moment ago: not tried again yet.
    Failed,
}

impl Requested {
    /// What to tell the person who asked.
    pub fn text(self, t: &dyn Texts) -> String {
        match self {
            Requested::Stored | Requested::Queue(Asked::Runs) => t.analysis_started(),
            Requested::Queue(Asked::Queued { ahead }) => t.analysis_queued(ahead),
            Requested::Queue(Asked::Joined) => t.analysis_joined(),
            Requested::Queue(Asked::Full) => {
                t.analysis_full(crate::bot::state::analyses::PER_PERSON)
            }
            Requested::Queue(Asked::Busy) => t.analysis_busy(),
            Requested::Failed => t.analysis_failed(),
        }
    }
}

/// Ask for `g`'s analysis on behalf of `user` (already allowed by [`may_analyse`]), to be
/// sent to `to`. A stored analysis is sent at once; otherwise the game is queued.
pub async fn request(
    app: &App,
    g: &GameRecord,
    user: UserId,
    to: Destination,
) -> Result<Requested, BotError> {
    let id = g.id;
    if app.tasks.analyses().recently_failed(id) {
        return Ok(Requested::Failed);
    }
    if app.games.run(move |s| s.analysis(id)).await?.is_some() {
        let app = app.clone();
        tokio::spawn(async move {
            deliver(&app, id, &[to]).await;
        });
        return Ok(Requested::Stored);
    }
    let asked = app.tasks.analyses().ask(id, user, to);
    if asked == Asked::Runs
        && let Some(job) = app.tasks.analyses().running()
    {
        let app = app.clone();
        tokio::spawn(async move { run_queue(app, job).await });
    }
    Ok(Requested::Queue(asked))
}

/// Ask for game `id`'s analysis from the Mini App: queued like any other, sent nowhere.
pub fn request_quietly(app: &App, id: GameId, user: UserId) -> Asked {
    let asked = app.tasks.analyses().ask_quietly(id, user);
    if asked == Asked::Runs
        && let Some(job) = app.tasks.analyses().running()
    {
        let app = app.clone();
        tokio::spawn(async move { run_queue(app, job).await });
    }
    asked
}

/// Make the queue's analyses one after another, from `job` until none waits. Sending
/// each is left to a task of its own: a chat's pacing does not hold up the queue.
async fn run_queue(app: App, mut job: Job) {
    loop {
        let made = make(&app, job.game).await;
        if let Err(e) = &made {
            tracing::warn!(game = %job.game, error = %e, "an analysis failed");
            app.tasks.analyses().failed(job.game);
        }
        let (done, next) = app.tasks.analyses().finish();
        let to = done.map(|d| d.to).unwrap_or(job.to);
        let (a, id) = (app.clone(), job.game);
        tokio::spawn(async move {
            match made {
                Ok(()) => deliver(&a, id, &to).await,
                Err(_) => {
                    for d in &to {
                        let t = texts(d.lang);
                        let reply = d.reply_to.map(|m| teloxide::types::MessageId(m.0));
                        let _ = say(&a, d.chat, reply, &t.analysis_failed(), None).await;
                    }
                }
            }
        });
        match next {
            Some(n) => job = n,
            None => break,
        }
    }
}

/// Analyse game `id` and keep the analysis, unless it is kept already.
async fn make(app: &App, id: GameId) -> Result<(), BotError> {
    if app.games.run(move |s| s.analysis(id)).await?.is_some() {
        return Ok(());
    }
    let g = app.games.run(move |s| s.game(id)).await?;
    let AnyGame::Two(game) = app.games.run(move |s| s.replay(&g)).await? else {
        return Ok(());
    };
    let started = std::time::Instant::now();
    let analysis = app
        .tasks
        .analyses()
        .thread
        .run(move || ai_analysis::analyze(&game, EFFORT))
        .await?;
    tracing::info!(game = %id, ms = started.elapsed().as_millis() as u64, "game analysed");
    let rec = record_of(id, EFFORT, &analysis);
    app.games.run(move |s| s.save_analysis(&rec)).await?;
    Ok(())
}

/// The stored form of an analysis.
pub fn record_of(game: GameId, effort: u64, a: &Analysis) -> AnalysisRecord {
    AnalysisRecord {
        game,
        effort,
        best: a.moves.iter().map(|m| m.best.clone()).collect(),
        marks: a
            .moves
            .iter()
            .map(|m| MoveMark {
                side: m.side,
                loss: m.loss,
                class: match m.class {
                    Class::Best => MoveClass::Best,
                    Class::Good => MoveClass::Good,
                    Class::Inaccuracy => MoveClass::Inaccuracy,
                    Class::Mistake => MoveClass::Mistake,
                    Class::Blunder => MoveClass::Blunder,
                },
                why: m.why.map(|w| match w {
                    Why::Result => BlunderReason::Result,
                    Why::ReturnHome => BlunderReason::ReturnHome,
                    Why::ExitDeadline => BlunderReason::ExitDeadline,
                    Why::Rule(r) => BlunderReason::Rule(r),
                }),
                balance: m.balance,
                exact: m.exact,
            })
            .collect(),
        accuracy: a.accuracy,
    }
}

/// The moves worst first (class, then tempi, then the earlier), at most `n`, errors only.
pub fn worst(a: &AnalysisRecord, n: usize) -> Vec<usize> {
    let mut idx: Vec<usize> = (0..a.marks.len())
        .filter(|&i| a.marks[i].class.is_error())
        .collect();
    idx.sort_by_key(|&i| {
        let m = &a.marks[i];
        (std::cmp::Reverse(m.class), std::cmp::Reverse(m.loss), i)
    });
    idx.truncate(n);
    idx
}

/// The balance after each move, from the start (White's view).
pub fn balances(a: &AnalysisRecord, from_start: bool) -> Vec<i32> {
    let first = if from_start {
        0
    } else {
        a.marks.first().map_or(0, |m| m.balance)
    };
    std::iter::once(first)
        .chain(a.marks.iter().map(|m| m.balance))
        .collect()
}

/// Send game `id`'s stored analysis to each of `to`; failures are logged.
async fn deliver(app: &App, id: GameId, to: &[Destination]) {
    for d in to {
        if app.tg.pacer().is_unreachable(d.chat.0) {
            continue;
        }
        if let Err(e) = send(app, id, d).await {
            tracing::warn!(game = %id, chat = d.chat.0, error = %e, "sending an analysis failed");
        }
    }
}

/// Send game `id`'s stored analysis to `d`: the picture, its words as the caption.
async fn send(app: &App, id: GameId, d: &Destination) -> Result<(), BotError> {
    let (g, AnyGame::Two(game)) = board::reload(app, id)? else {
        return Ok(());
    };
    let Some(a) = app.games.run(move |s| s.analysis(id)).await? else {
        return Ok(());
    };
    let t = texts(d.lang);
    let mut names = [String::new(), String::new()];
    for c in Color::ALL {
        names[c.index()] = app.player_mention(g.player(c), d.lang).await;
    }
    let worst_idx = worst(&a, MAX_BOARDS);
    let worst: Vec<WorstMove> = worst_idx
        .iter()
        .filter_map(|&i| {
            let (m, played, better) = (a.marks.get(i)?, game.moves().get(i)?, a.best.get(i)?);
            Some(WorstMove {
                ply: i,
                side: m.side,
                played: played.to_string(),
                better: better.to_string(),
                loss: m.loss,
                class: m.class,
                why: m.why,
            })
        })
        .collect();
    let view = AnalysisView {
        game: id,
        names,
        accuracy: a.accuracy,
        counts: a.counts(),
        worst: worst.clone(),
    };
    let caption = t.analysis(&view);
    let view = board::view_in(app, &g, d.chat)
        .color()
        .unwrap_or(Color::White);
    let sheet = sheet(&g, &game, &a, &worst, view, t);
    let app2 = app.clone();
    let png = app
        .tasks
        .analyses()
        .thread
        .run(move || render_analysis_sheet(app2.views.renderer(), &sheet))
        .await??;
    let kb = page_button(app, &g, d.chat, t);
    send_photo(
        app,
        d.chat,
        png,
        &format!("ugolki-{id}-analysis.png"),
        &caption,
        d.reply_to.map(|m| teloxide::types::MessageId(m.0)),
        kb,
    )
    .await
}

/// The picture's contents: the balance chart and the worst moves' positions.
fn sheet(
    g: &GameRecord,
    game: &Game,
    a: &AnalysisRecord,
    worst: &[WorstMove],
    view: Color,
    t: &dyn Texts,
) -> AnalysisSheet {
    let from_start = g.start == game.variant().start().to_text();
    let chart = RatingChart {
        title: t.analysis_chart_title(),
        x_label: t.analysis_chart_axis(),
        reference: Some(0),
        series: vec![ChartSeries {
            label: String::new(),
            values: balances(a, from_start),
        }],
        min_span: 6,
    };
    let boards = worst
        .iter()
        .filter_map(|w| {
            let mut pos = game.start().clone();
            for p in game.moves().get(..w.ply)? {
                pos = pos.play(p.as_move()).ok()?;
            }
            Some(SheetBoard {
                position: pos,
                played: game.moves().get(w.ply)?.clone(),
                better: a.best.get(w.ply)?.clone(),
                caption: t.analysis_board_caption(w),
            })
        })
        .collect();
    AnalysisSheet {
        chart,
        boards,
        view,
    }
}

/// The Mini App's button under the analysis, when the bot serves the page: it opens the
/// game, where the analysis can be stepped through.
fn page_button(
    app: &App,
    g: &GameRecord,
    chat: ChatId,
    t: &dyn Texts,
) -> Option<InlineKeyboardMarkup> {
    let launch = app.views.launch()?;
    let button = if chat.0 > 0 {
        Some(InlineKeyboardButton::web_app(
            t.btn_analysis_page(),
            WebAppInfo {
                url: launch.page(g.id),
            },
        ))
    } else {
        launch
            .direct_link(g.id)
            .and_then(|l| l.parse().ok())
            .map(|u| InlineKeyboardButton::url(t.btn_analysis_page(), u))
    }?;
    Some(InlineKeyboardMarkup::new(vec![vec![button]]))
}
