//! What happens after a game changes, and the steps shared by text moves, taps and timers:
//! update the board, announce the end (result, replay GIF, record), let the program move.

use super::app::App;
use super::error::BotError;
use super::texts::{Texts, texts};
use super::tg;
use super::view;
use crate::ai;
use crate::engine::{Color, Game, Path, parse_move};
use crate::game::{
    Actor, ChatId, Expect, GameId, GameRecord, MoveInput, MoveOutcome, Player, ServiceError,
    Status, UserId,
};
use crate::render::GifOptions;
use std::collections::HashMap;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex, OnceLock};
use teloxide::payloads::SendAnimationSetters;
use teloxide::prelude::*;
use teloxide::types::{InputFile, ParseMode};

/// How a move attempt went, for the handler to tell the player.
#[derive(Debug)]
pub enum Attempt {
    /// Stored; the caller shows it with [`show_played`] (a tap is answered in between,
    /// so the answer comes before the edit).
    Played(Box<Stored>),
    /// The move returns a piece home after the deadline: ask first.
    Confirm {
        /// The path that would be played.
        path: Path,
    },
    /// Refused, with the reason in the player's language.
    Refused(String),
    /// The position changed since the player looked (the board was refreshed).
    Stale,
}

/// A move just stored, not yet shown.
#[derive(Debug)]
pub struct Stored {
    game: GameRecord,
    replayed: Option<Game>,
}

/// Show a stored move on the board (and let the program answer, or announce the end).
pub async fn show_played(app: &App, stored: Box<Stored>) -> Result<(), BotError> {
    after_move(app, stored.game, stored.replayed).await
}

/// The program's move for `game` at `level`, on the calling (blocking) thread.
pub fn program_choice(game: &Game, level: u8) -> Option<Path> {
    ai::best_move(
        game,
        &ai::Limits {
            level: ai::Level::new(level.clamp(1, 5)),
            ..ai::Limits::default()
        },
    )
}

/// A user-facing text for an expected service refusal; `None` for real failures.
pub fn refusal(e: &ServiceError, t: &dyn Texts) -> Option<String> {
    Some(match e {
        ServiceError::NotYourGame => t.not_your_game(),
        ServiceError::NotYourTurn => t.not_your_turn(),
        ServiceError::Illegal(m) => t.move_error(m),
        ServiceError::GameOver => t.game_over(),
        ServiceError::Paused => format!("⏸ {}", t.paused()),
        ServiceError::Stale { .. } => t.stale_button(),
        ServiceError::TooLateToAbort => t.too_late_to_abort(),
        ServiceError::NoDrawOffers => t.no_draw_offers(),
        ServiceError::NoDrawOffer => t.no_draw_offer(),
        ServiceError::AlreadyOffered => t.already_offered(),
        ServiceError::NoTakebacks => t.no_takebacks(),
        ServiceError::NothingToTakeBack => t.nothing_to_take_back(),
        ServiceError::NoTakebackRequest => t.no_takeback_request(),
        ServiceError::TimeNotUp => t.time_not_up(),
        ServiceError::TakebackPending => t.takeback_pending(),
        ServiceError::NotForYou => t.not_for_you(),
        ServiceError::OwnChallenge => t.own_challenge(),
        ServiceError::ChallengeClosed(_) | ServiceError::ChallengeExpired => t.challenge_closed(),
        ServiceError::NoSuchGame(_) | ServiceError::NoSuchChallenge(_) => t.bad_button(),
        ServiceError::BadSetup(s) => s.clone(),
        ServiceError::Busy => t.try_again(),
        ServiceError::Damaged { .. } => t.damaged_game(),
        ServiceError::Store(_) => t.try_again(),
        ServiceError::NotDue | ServiceError::NotInChat => return None,
    })
}

/// After any change to a game: show it, announce its end, or let the program move.
pub async fn after_change(app: &App, g: GameRecord) -> Result<(), BotError> {
    after_move(app, g, None).await
}

/// How long a move the program is to answer waits to be shown with the answer (see
/// [`after_move`]): levels 1 to 4 answer within it (their budgets are 120 to 200 ms), so
/// one edit shows both moves; level 5 thinks up to a second, and the player's own move
/// is not held back that long.
const ANSWER_WAIT: std::time::Duration = std::time::Duration::from_millis(300);

/// [`after_change`] with the engine game of `g` at hand (see [`crate::game::GameService::play_known`]).
async fn after_move(app: &App, g: GameRecord, game: Option<Game>) -> Result<(), BotError> {
    // A move the program is about to answer is shown together with the answer, in one
    // edit: each edit costs a second of the chat's pace, and a player who moves quickly
    // would otherwise see the board fall behind (two edits a move, three with a
    // selection). A new game's first board goes out at once (the program waits for it).
    let answer_next = g.is_active()
        && g.message.is_some()
        && matches!(g.player(g.side_to_move()), Player::Program { .. });
    if answer_next {
        spawn_program_move(app, g.id);
        let (app, id, version) = (app.clone(), g.id, g.version);
        tokio::spawn(async move {
            tokio::time::sleep(ANSWER_WAIT).await;
            // Unless the answer (or anything else) has changed the game, and shown it.
            let unchanged = app
                .games
                .read(|s| s.game(id))
                .is_ok_and(|g| g.version == version);
            if unchanged && let Err(e) = view::show_current(&app, id).await {
                tracing::warn!(game = %id, error = %e, "could not show a move");
            }
        });
        return Ok(());
    }
    // The board shows the latest state (a change racing this one included).
    view::show_latest(app, g.id, game.map(|game| (g.version, game))).await?;
    match g.status {
        Status::Over { .. } => spawn_announce_end(app, g),
        Status::Aborted { .. } => {}
        Status::Active => {
            if matches!(g.player(g.side_to_move()), Player::Program { .. }) {
                spawn_program_move(app, g.id);
            }
        }
    }
    Ok(())
}

/// Open `new` and show its board (the program moves first when it has White).
pub async fn open_game(app: &App, new: crate::game::NewGame) -> Result<(), BotError> {
    let now = app.now();
    let g = app.games.run(move |s| s.create_game(new, now)).await?;
    after_change(app, g).await
}

/// The record text of a game with the players' names.
pub async fn record_text(app: &App, g: &GameRecord, game: &Game) -> String {
    let name = |p: Player| {
        let app = app.clone();
        async move {
            match p {
                Player::Human(u) => app.user_name(u).unwrap_or_else(|| u.to_string()),
                Player::Program { level } => format!("ugolki-bot level {level}"),
                Player::Absent => "-".into(),
            }
        }
    };
    let white = name(g.player(Color::White)).await;
    let black = name(g.player(Color::Black)).await;
    let date = date_of(g.created_at.0);
    game.to_record(&[
        ("Site", "Telegram"),
        ("Date", &date),
        ("White", &white),
        ("Black", &black),
        ("Game", &g.id.to_string()),
    ])
}

/// `YYYY.MM.DD` of a Unix time in milliseconds (civil calendar, UTC).
pub fn date_of(ms: u64) -> String {
    let (y, m, d, _, _) = super::texts::civil(ms);
    format!("{y:04}.{m:02}.{d:02}")
}

/// Send a game's animated replay to the game's chat.
pub async fn send_replay(
    app: &App,
    g: &GameRecord,
    game: &Game,
    caption: &str,
) -> Result<(), BotError> {
    send_replay_to(app, g.chat, g, game, caption).await
}

/// Send a game's animated replay to `to` (a player's `/history` may be in another chat).
pub async fn send_replay_to(
    app: &App,
    to: ChatId,
    g: &GameRecord,
    game: &Game,
    caption: &str,
) -> Result<(), BotError> {
    let view = view::view_in(app, g, to);
    let a = app.clone();
    let gm = game.clone();
    let gif = app
        .replays
        .run(move || {
            a.renderer.render_game_gif(
                &gm,
                &GifOptions {
                    view,
                    ..GifOptions::default()
                },
            )
        })
        .await
        .map_err(|e| BotError::Internal(e.to_string()))??;
    let chat = to.0;
    let name = format!("ugolki-{}.gif", g.id);
    tg::call(&app.pacer, chat, tg::Kind::Send, || {
        app.bot
            .send_animation(
                teloxide::types::ChatId(chat),
                InputFile::memory(gif.clone()).file_name(name.clone()),
            )
            .caption(caption.to_string())
            .parse_mode(ParseMode::Html)
    })
    .await?;
    Ok(())
}

/// Send a game's record as a text document (the engine's record format) to `to`.
pub async fn send_record_to(
    app: &App,
    to: ChatId,
    g: &GameRecord,
    game: &Game,
) -> Result<(), BotError> {
    let text = record_text(app, g, game).await;
    let chat = to.0;
    let name = format!("ugolki-{}.txt", g.id);
    tg::call(&app.pacer, chat, tg::Kind::Send, || {
        app.bot.send_document(
            teloxide::types::ChatId(chat),
            InputFile::memory(text.clone().into_bytes()).file_name(name.clone()),
        )
    })
    .await?;
    Ok(())
}

/// Announce the end of `g` in the background: its replay takes a while to make and send,
/// and the chat's next updates (other games' moves) must not wait for it. A stop waits
/// for these (`AppInner::ending`).
fn spawn_announce_end(app: &App, g: GameRecord) {
    /// Counts the announcement in [`AppInner::ending`](super::app::AppInner) while it runs.
    struct Ending(App);
    impl Drop for Ending {
        fn drop(&mut self) {
            self.0.ending.fetch_sub(1, Ordering::SeqCst);
        }
    }
    app.ending.fetch_add(1, Ordering::SeqCst);
    let guard = Ending(app.clone());
    tokio::spawn(async move {
        let app = &guard.0;
        // Only the end needs the replay of `g` itself (an active game's was done by
        // show_current: one replay per move less).
        let g2 = g.clone();
        let r = match app.games.run(move |s| s.replay(&g2)).await {
            Ok(game) => announce_end(app, &g, &game).await,
            Err(e) => Err(e.into()),
        };
        if let Err(e) = r {
            tracing::warn!(game = %g.id, error = %e, "announcing the end of a game failed");
        }
    });
}

/// The end of a game: the replay GIF with the result and the record in every chat that
/// shows the game, and for the training room the comparison with the optimum.
async fn announce_end(app: &App, g: &GameRecord, game: &Game) -> Result<(), BotError> {
    for b in g.boards().filter(|b| !app.pacer.is_unreachable(b.chat.0)) {
        let t = texts(app.game_lang_in(g, b.chat).await);
        let result = view::result_line(app, g, game, t).await.unwrap_or_default();
        send_replay_to(app, b.chat, g, game, &format!("<b>{result}</b>")).await?;
        send_record_to(app, b.chat, g, game).await?;
    }
    if g.variant.rules().solo
        && let Status::Over { outcome, .. } = g.status
        && outcome.reason == crate::engine::Reason::Goal
    {
        let t = texts(app.game_lang(g).await);
        training_report(app, g, game, t).await?;
    }
    Ok(())
}

/// Compare a finished training run with the optimum and show the optimal line.
///
/// The optimum is the solver's (`ai::training_optimum`), for runs from the variant's
/// own start; a line that does not replay to the goal is distrusted (logged, not shown).
/// The line is sent as a GIF whenever it is shorter than the player's run.
async fn training_report(
    app: &App,
    g: &GameRecord,
    game: &Game,
    t: &dyn Texts,
) -> Result<(), BotError> {
    let moves = game.plies() as u16;
    let from_start = g.start == g.variant.start().to_text();
    let optimum = if from_start {
        training_line(&g.variant).await?
    } else {
        None
    };
    let chat = g.chat.0;
    let text = t.training_done(moves, optimum.as_ref().map(|b| b.plies() as u16));
    tg::call(&app.pacer, chat, tg::Kind::Send, || {
        app.bot
            .send_message(teloxide::types::ChatId(chat), text.clone())
            .parse_mode(ParseMode::Html)
    })
    .await?;
    if let Some(best) = optimum
        && (best.plies() as u16) < moves
    {
        let caption = t.training_optimal_line(best.plies() as u16);
        send_replay(app, g, &best, &caption).await?;
    }
    Ok(())
}

/// The solver's optimal line for `variant` replayed from its start, if it has one and
/// it really finishes there. Remembered per variant: the solver may take a while, and
/// its answer never changes while the program runs.
async fn training_line(variant: &crate::engine::Variant) -> Result<Option<Game>, BotError> {
    type Cache = Mutex<HashMap<String, Vec<Path>>>;
    static SOLVED: OnceLock<Cache> = OnceLock::new();
    let key = variant.spec();
    let known = SOLVED
        .get_or_init(Cache::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .get(&key)
        .cloned();
    let line = match known {
        Some(line) => Some(line),
        None => {
            let v = variant.clone();
            let line = tokio::task::spawn_blocking(move || ai::training_optimum(&v))
                .await
                .map_err(|e| BotError::Internal(e.to_string()))?;
            // Only answers are kept: a solver that gave up (or is not there yet) is
            // asked again next time.
            if let Some(l) = &line {
                SOLVED
                    .get_or_init(Cache::default)
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .insert(key, l.clone());
            }
            line
        }
    };
    let Some(line) = line else {
        return Ok(None);
    };
    let mut best = Game::new(variant);
    for p in &line {
        if let Err(e) = best.play_squares(p.squares()) {
            tracing::error!(variant = %variant.spec(), error = %e, "the training solver returned an illegal line");
            return Ok(None);
        }
    }
    if best.outcome().map(|o| o.reason) != Some(crate::engine::Reason::Goal) {
        tracing::error!(variant = %variant.spec(), "the training solver's line does not finish");
        return Ok(None);
    }
    Ok(Some(best))
}

/// Let the program move in game `id` in the background (once at a time per game).
pub fn spawn_program_move(app: &App, id: GameId) {
    {
        let mut th = app.thinking.lock().unwrap_or_else(|e| e.into_inner());
        if !th.insert(id.0) {
            return;
        }
    }
    let app = app.clone();
    tokio::spawn(async move {
        let r = program_move(&app, id).await;
        app.thinking
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(&id.0);
        if let Err(e) = r {
            tracing::warn!(game = %id, error = %e, "the program's move failed");
        }
    });
}

async fn program_move(app: &App, id: GameId) -> Result<(), BotError> {
    let (mut g, mut game) = view::reload(app, id)?;
    // A new game's board is posted by the handler that created it, and the timer may fire
    // the program's first move before that: wait for the board (up to 2 s) instead of
    // posting a second one (two boards would split the game's edits between them).
    for _ in 0..100 {
        if g.message.is_some() || !g.is_active() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        (g, game) = view::reload(app, id)?;
    }
    let side = g.side_to_move();
    let Player::Program { level } = g.player(side) else {
        return Ok(());
    };
    if !g.is_active() {
        return Ok(());
    }
    // One of the AI pool's permits first: a search takes a whole core for up to its
    // level's budget, and unbounded searches on the blocking pool starve every other
    // chat's moves under load.
    let permit = Arc::clone(&app.ai_pool)
        .acquire_owned()
        .await
        .map_err(|e| BotError::Internal(e.to_string()))?;
    let (path, game) = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        let started = std::time::Instant::now();
        let path = program_choice(&game, level);
        metrics::histogram!(super::metrics::PROGRAM_SEARCH_SECONDS, "level" => level.to_string())
            .record(started.elapsed().as_secs_f64());
        (path, game)
    })
    .await
    .map_err(|e| BotError::Internal(e.to_string()))?;
    let Some(path) = path else { return Ok(()) };
    let version = g.version;
    let mv = MoveInput::from(&path);
    let now = app.now();
    let r = app
        .games
        .run(move |s| {
            s.play_known(
                (g, game),
                Actor::Program,
                Expect::Version(version),
                &mv,
                now,
            )
        })
        .await;
    match r {
        Ok((out, after)) => after_move(app, out.game().clone(), after).await,
        // Someone (a resignation, a timer) changed the game first: nothing to do.
        Err(ServiceError::Stale { .. } | ServiceError::GameOver) => Ok(()),
        Err(e) => Err(e.into()),
    }
}

/// A person's move: check whose turn it is, ask before a losing return home, play it
/// with the expectation `expect`, then update the board (and let the program answer).
pub async fn user_move(
    app: &App,
    id: GameId,
    user: UserId,
    input: MoveInput,
    expect: Expect,
    confirmed: bool,
    t: &dyn Texts,
) -> Result<Attempt, BotError> {
    let (g, game) = match view::reload(app, id) {
        Ok(x) => x,
        Err(BotError::Service(e)) => {
            return refusal(&e, t)
                .map(Attempt::Refused)
                .ok_or(BotError::Service(e));
        }
        Err(e) => return Err(e),
    };
    let Some(colour) = g.color_of(user) else {
        return Ok(Attempt::Refused(t.not_your_game()));
    };
    if let Expect::Ply(p) = expect
        && p != g.ply()
    {
        view::show(app, &g)?;
        return Ok(Attempt::Stale);
    }
    if !g.is_active() {
        return Ok(Attempt::Refused(t.game_over()));
    }
    if g.paused.is_some() {
        return Ok(Attempt::Refused(format!("⏸ {}", t.paused())));
    }
    if g.side_to_move() != colour && !g.is_solo() {
        return Ok(Attempt::Refused(t.not_your_turn()));
    }
    let path = match &input {
        MoveInput::Text(s) => parse_move(game.position(), s),
        MoveInput::Squares(sq) => game.check(sq).map_err(Into::into),
    };
    let path = match path {
        Ok(p) => p,
        Err(e) => return Ok(Attempt::Refused(t.move_error(&e))),
    };
    if !confirmed && game.position().is_return_home(path.as_move()) {
        return Ok(Attempt::Confirm { path });
    }
    let mv = MoveInput::Squares(path.squares().to_vec());
    let now = app.now();
    let r = app
        .games
        .run(move |s| s.play_known((g, game), Actor::User(user), expect, &mv, now))
        .await;
    match r {
        Ok((MoveOutcome::Played(m), after)) => Ok(Attempt::Played(Box::new(Stored {
            game: m.game,
            replayed: after,
        }))),
        Ok((MoveOutcome::Flagged(g), _)) => {
            after_change(app, g).await?;
            Ok(Attempt::Refused(t.game_over()))
        }
        Err(ServiceError::Stale { .. }) => {
            view::refresh(app, id).await?;
            Ok(Attempt::Stale)
        }
        Err(e) => match refusal(&e, t) {
            Some(text) => Ok(Attempt::Refused(text)),
            None => Err(e.into()),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::date_of;

    #[test]
    fn civil_dates() {
        assert_eq!(date_of(0), "1970.01.01");
        assert_eq!(date_of(1_795_000_000_000), "2026.11.18");
        assert_eq!(date_of(951_782_400_000), "2000.02.29");
    }
}
