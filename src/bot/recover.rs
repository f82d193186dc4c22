//! Start-up repair after a crash. A move is stored (and so acknowledged) before its board
//! message is edited; a crash between the two leaves the board one move behind, showing
//! the wrong side to move and a keyboard for an old ply. At start-up the bot redraws the
//! boards of the active games that changed shortly before the last stored change (the
//! moment the previous process stopped), so every board matches its game.
//!
//! The repair runs beside the update listener, not before it: after a crash under load it
//! covers every game played in the last two minutes (998 boards in the load test's fault
//! run), and redrawing them first would keep the bot deaf for about 16 s, after which the
//! backlog would arrive at once and push its memory past 150 MB. A stale board cannot mislead
//! meanwhile: a tap carries its ply and one from an old board is refused with the current
//! board, and every board update re-reads the game under the board's lock.

use super::app::App;
use super::view;
use crate::game::{GameId, Player, ServiceError};

/// Games changed within this long before the last stored change are redrawn.
pub const RECENT_MS: u64 = 120_000;

/// Redraw recently changed boards (an edit that changes nothing is answered "not
/// modified", which costs one call), skipping those a move has shown since the start.
/// Games where the program is to move are left to the timer task, which plays the
/// program's move and redraws the board itself.
pub async fn refresh_recent_boards(app: &App) {
    let recent = match recent_boards(app).await {
        Ok(r) => r,
        Err(e) => {
            tracing::warn!(error = %e, "cannot look for boards to redraw");
            return;
        }
    };
    app.mark_for_repair(&recent);
    tracing::info!(
        games = recent.len(),
        "redrawing the boards of games changed just before the restart"
    );
    // A few at a time, beside the live traffic: pictures share the render pool with moves.
    let mut tasks = tokio::task::JoinSet::new();
    let mut skipped = 0usize;
    for id in recent {
        if !app.needs_repair(id) {
            skipped += 1;
            continue;
        }
        if tasks.len() >= PARALLEL {
            tasks.join_next().await;
        }
        let app = app.clone();
        tasks.spawn(async move {
            if let Err(e) = view::refresh_and_wait(&app, id).await {
                tracing::warn!(game = %id, error = %e, "could not redraw a board");
            }
        });
    }
    while tasks.join_next().await.is_some() {}
    app.mark_for_repair(&[]);
    tracing::info!(already_shown = skipped, "boards redrawn after the restart");
}

/// The active games with a board, changed within [`RECENT_MS`] of the last change, that
/// a person is to move in.
async fn recent_boards(app: &App) -> Result<Vec<GameId>, ServiceError> {
    let games = app
        .games
        .run(|s| {
            let active = s.active_game_ids()?;
            let mut games = Vec::with_capacity(active.len());
            for id in active {
                match s.game(id) {
                    Ok(g) if g.is_active() && g.message.is_some() => {
                        let program = matches!(g.player(g.side_to_move()), Player::Program { .. });
                        games.push((g.updated_at.0, id, program));
                    }
                    Ok(_) => {}
                    Err(e) => tracing::warn!(game = %id, error = %e, "cannot check a board"),
                }
            }
            Ok::<_, ServiceError>(games)
        })
        .await?;
    let Some(last) = games.iter().map(|(t, _, _)| *t).max() else {
        return Ok(Vec::new());
    };
    Ok(games
        .into_iter()
        .filter(|(t, _, program)| !program && t.saturating_add(RECENT_MS) >= last)
        .map(|(_, id, _)| id)
        .collect())
}

/// Boards redrawn at once.
const PARALLEL: usize = 2;
