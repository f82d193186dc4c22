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

use crate::bot::state::App;
use crate::game::{DeadlineKind, GameId, GameRecord, Millis, Player, ServiceError, Timestamp};

/// Games changed within this long before the last stored change are redrawn.
pub const RECENT_MS: u64 = 120_000;

/// Redraw recently changed boards (an edit that changes nothing is answered "not
/// modified", which costs one call), skipping those a move has shown since the start.
/// Games the timer task is about to change are left to it, since it redraws their boards
/// itself: those where the program is to move (it plays the program's move) and those
/// whose deadline fell due while the bot was down (a flag, a move made for a player who
/// missed the limit). Redrawing them here would show the position before the timer's
/// change and then the one after, a flicker and a call spent. Paused games are left
/// alone: their chats cannot be written to.
pub async fn refresh_recent_boards(app: &App) {
    let recent = match recent_boards(app).await {
        Ok(r) => r,
        Err(e) => {
            tracing::warn!(error = %e, "cannot look for boards to redraw");
            return;
        }
    };
    app.views.mark_for_repair(&recent);
    tracing::info!(
        games = recent.len(),
        "redrawing the boards of games changed just before the restart"
    );
    // A few at a time, beside the live traffic: pictures share the render pool with moves.
    let mut tasks = tokio::task::JoinSet::new();
    let mut skipped = 0usize;
    for id in recent {
        if !app.views.needs_repair(id) {
            skipped += 1;
            continue;
        }
        if tasks.len() >= PARALLEL {
            tasks.join_next().await;
        }
        let app = app.clone();
        tasks.spawn(async move {
            if let Err(e) = crate::bot::play::refresh_and_wait(&app, id).await {
                tracing::warn!(game = %id, error = %e, "could not redraw a board");
            }
        });
    }
    while tasks.join_next().await.is_some() {}
    app.views.mark_for_repair(&[]);
    tracing::info!(already_shown = skipped, "boards redrawn after the restart");
}

/// The active games with a board, changed within [`RECENT_MS`] of the last change, that
/// a person is to move in, with no deadline that redraws the board due by
/// [`DUE_SOON_MS`] from now, and not paused.
async fn recent_boards(app: &App) -> Result<Vec<GameId>, ServiceError> {
    let soon = app.now().plus(Millis(DUE_SOON_MS));
    let abandon_after = app.games.service().timing().abandon_after;
    let games = app
        .games
        .run(move |s| {
            let active = s.active_game_ids()?;
            let mut games = Vec::with_capacity(active.len());
            for id in active {
                match s.game(id) {
                    Ok(g) if g.is_active() && g.message.is_some() => {
                        let timer = matches!(g.player_to_move(), Player::Program { .. })
                            || redraws_soon(&g, soon, abandon_after)
                            || g.paused.is_some();
                        games.push((g.updated_at.0, id, timer));
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
        .filter(|(t, _, timer)| !timer && t.saturating_add(RECENT_MS) >= last)
        .map(|(_, id, _)| id)
        .collect())
}

/// A deadline due this soon is as good as due: the timer will change the game (and redraw
/// its boards) before the redraw could go out.
const DUE_SOON_MS: u64 = 1_000;

/// Whether `g`'s deadline is due by `soon` and its firing redraws the boards. Reminders
/// and turn notices only say something: a board a crash left behind still needs its
/// redraw, unless the end they warn of is due too (then the end is applied instead).
fn redraws_soon(g: &GameRecord, soon: Timestamp, abandon_after: Millis) -> bool {
    let Some(d) = g.deadline.filter(|d| d.at <= soon) else {
        return false;
    };
    match d.kind {
        DeadlineKind::TurnNotice => false,
        DeadlineKind::ClockReminder => g
            .clocks
            .flag_at(&g.time_control, g.seat_no(g.to_move()).unwrap_or(0))
            .is_some_and(|f| f <= soon),
        DeadlineKind::AbandonWarning => g.clocks.turn_started.plus(abandon_after) <= soon,
        _ => true,
    }
}

/// Boards redrawn at once.
const PARALLEL: usize = 2;
