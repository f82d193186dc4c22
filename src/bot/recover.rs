//! Start-up repair after a crash. A move is stored (and so acknowledged) before its board
//! message is edited; a crash between the two leaves the board one move behind, showing
//! the wrong side to move and a keyboard for an old ply. Before polling for updates, the
//! bot redraws the boards of the active games that changed shortly before the last stored
//! change (the moment the previous process stopped), so every board matches its game.

use super::app::App;
use super::view;
use crate::game::{GameId, Player, ServiceError};

/// Games changed within this long before the last stored change are redrawn.
pub const RECENT_MS: u64 = 120_000;

/// Redraw recently changed boards (an edit that changes nothing is answered "not
/// modified", which costs one call). Games where the program is to move are left to the
/// timer task, which plays the program's move and redraws the board itself.
pub async fn refresh_recent_boards(app: &App) {
    let found = app
        .games
        .run(|s| {
            let mut active: Vec<GameId> = s
                .store()
                .all_chat_games()?
                .into_iter()
                .map(|(_, g)| g)
                .collect();
            active.sort_unstable();
            active.dedup();
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
        .await;
    let games = match found {
        Ok(g) => g,
        Err(e) => {
            tracing::warn!(error = %e, "cannot look for boards to redraw");
            return;
        }
    };
    let Some(last) = games.iter().map(|(t, _, _)| *t).max() else {
        return;
    };
    let recent: Vec<GameId> = games
        .into_iter()
        .filter(|(t, _, program)| !program && t.saturating_add(RECENT_MS) >= last)
        .map(|(_, id, _)| id)
        .collect();
    tracing::info!(
        games = recent.len(),
        "redrawing the boards of games changed just before the restart"
    );
    // A few at a time: pictures are drawn on the blocking pool while edits are in flight.
    let mut tasks = tokio::task::JoinSet::new();
    for id in recent {
        if tasks.len() >= PARALLEL {
            tasks.join_next().await;
        }
        let app = app.clone();
        tasks.spawn(async move {
            if let Err(e) = view::refresh(&app, id).await {
                tracing::warn!(game = %id, error = %e, "could not redraw a board");
            }
        });
    }
    while tasks.join_next().await.is_some() {}
}

/// Boards redrawn at once.
const PARALLEL: usize = 4;
