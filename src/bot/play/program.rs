//! The program's moves, in a game of any seat count: its choice at a level (the search of
//! two sides, or the plan of a table's seat), and its move played in the background when
//! it is its turn (its own seat, or a table's seat whose person left).

use super::Change;
use crate::ai;
use crate::ai::multi::{MultiLimits, choose_multi};
use crate::bot::error::BotError;
use crate::bot::play::board;
use crate::bot::state::App;
use crate::engine::multi::Turn;
use crate::engine::{AnyGame, Ply};
use crate::game::{Actor, Expect, GameId, MoveInput, Player, ServiceError};

/// The program's ply for `game` at `level`, on the calling (blocking) thread.
pub fn program_choice(game: &AnyGame, level: u8) -> Option<Ply> {
    let level = ai::Level::new(level.clamp(1, 5)).unwrap_or(ai::Level::MIN);
    match game {
        AnyGame::Two(g) => ai::best_move(
            g,
            &ai::Limits {
                level: Some(level),
                ..ai::Limits::default()
            },
        )
        .map(Ply::Move),
        AnyGame::Multi(g) => {
            if g.is_over() {
                return None;
            }
            let pos = g.position();
            let turn = choose_multi(pos, &MultiLimits::level(level), g.plies() as u64)
                .map_or(Turn::Pass, |r| r.turn);
            Some(pos.path(turn).map_or(Ply::Pass, Ply::Move))
        }
    }
}

/// Let the program move in game `id` in the background (once at a time per game).
pub fn spawn_program_move(app: &App, id: GameId) {
    if !app.tasks.start_thinking(id) {
        return;
    }
    let app = app.clone();
    tokio::spawn(async move {
        let r = program_move(&app, id).await;
        app.tasks.done_thinking(id);
        // Reported only once this search no longer holds the game: at a table the next
        // seat may be the program's too, and its move starts from this report.
        match r {
            Ok(Some(change)) => super::changed(&app, change),
            Ok(None) => {}
            Err(e) => tracing::warn!(game = %id, error = %e, "the program's move failed"),
        }
    });
}

/// The program's move in game `id`, if it is to move: the change to report.
async fn program_move(app: &App, id: GameId) -> Result<Option<Change>, BotError> {
    let (mut g, mut game) = board::reload(app, id)?;
    // A new game's board is posted by the handler that created it, and the timer may fire
    // the program's first move before that: wait for the board (up to 2 s) instead of
    // posting a second one (two boards would split the game's edits between them).
    for _ in 0..100 {
        if g.message.is_some() || !g.is_active() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        (g, game) = board::reload(app, id)?;
    }
    let Player::Program { level } = g.player_to_move() else {
        return Ok(None);
    };
    if !g.is_active() || g.paused.is_some() {
        return Ok(None);
    }
    // One of the AI pool's permits first: a search takes a whole core for up to its
    // level's budget, and unbounded searches on the blocking pool starve every other
    // chat's moves under load.
    let permit = app
        .tasks
        .search_permit()
        .await
        .map_err(|_| BotError::Stopping)?;
    let (ply, game) = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        let started = std::time::Instant::now();
        let ply = program_choice(&game, level);
        metrics::histogram!(crate::bot::metrics::PROGRAM_SEARCH_SECONDS, "level" => level.to_string())
            .record(started.elapsed().as_secs_f64());
        (ply, game)
    })
    .await?;
    let Some(ply) = ply else { return Ok(None) };
    let version = g.version;
    let mv = MoveInput::from(&ply);
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
        Ok((out, after)) => Ok(Some(Change::played(out.game().clone(), after))),
        // Someone (a resignation, a timer) changed the game first: nothing to do.
        Err(ServiceError::Stale { .. } | ServiceError::GameOver) => Ok(None),
        Err(e) => Err(e.into()),
    }
}
