//! `GET api/tournament/{token}`: a tournament as its page shows it: the standings (the
//! crosstable of a small round-robin) as the group's picture has them, and the latest
//! round's boards, each with its game's token so the page opens it. Anyone with the link
//! may watch, as with a game.

use crate::bot::play::tournament::sheet;
use crate::bot::texts::{Texts, texts};
use crate::bot::webapp::Shared;
use crate::bot::webapp::api::viewer;
use crate::bot::webapp::refusal::{ApiError, service};
use crate::game::TournamentStatus;
use crate::game::tournament::Points;
use axum::Json;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use serde_json::{Value, json};

/// The tournament `token` names, as the page shows it.
pub async fn tournament(
    State(web): State<Shared>,
    headers: HeaderMap,
    Path(token): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let viewer = viewer(&web, &headers, None)?;
    let t: &'static dyn Texts = texts(viewer.lang);
    let Some(launch) = web.app.views.launch() else {
        return Err(missing(t));
    };
    let id = launch.links.tournament(&token).ok_or_else(|| missing(t))?;
    let rec = web
        .app
        .games
        .run(move |s| s.tournament(id))
        .await
        .map_err(|e| service(e, t))?;
    let rounds = rec.event.rounds.len() as u32;
    let total = rec.event.total_rounds();
    let over = !rec.status.is_open();
    let subtitle = t.standings_title(rounds, total, over);
    let table = sheet(&rec, &rec.event, t, subtitle);
    // The latest round's boards, with each player's score before it.
    let before = crate::game::tournament::Event {
        rounds: rec.event.rounds[..rec.event.rounds.len().saturating_sub(1)].to_vec(),
        ..rec.event.clone()
    };
    let name = |s: crate::game::tournament::Seed| rec.event.players[s.index()].name.clone();
    let boards: Vec<Value> = rec
        .event
        .rounds
        .last()
        .map(|round| {
            round
                .pairings
                .iter()
                .enumerate()
                .map(|(b, p)| {
                    let game = rec.games.last().and_then(|g| g.get(b)).copied().flatten();
                    json!({
                        "white": name(p.white),
                        "white_points": Points(before.half_points(p.white)).to_string(),
                        "black": name(p.black),
                        "black_points": Points(before.half_points(p.black)).to_string(),
                        "result": p.result.map(|r| r.notation()),
                        "token": game.map(|g| launch.links.token(g)),
                    })
                })
                .collect()
        })
        .unwrap_or_default();
    let bye = rec.event.rounds.last().and_then(|r| r.bye).map(name);
    Ok(Json(json!({
        "title": table.title,
        "subtitle": table.subtitle,
        "columns": table.columns,
        "rows": table.rows,
        "leaders": table.leaders,
        "round": rounds,
        "rounds": total,
        "status": match rec.status {
            TournamentStatus::Draft => "draft",
            TournamentStatus::Running => "running",
            TournamentStatus::Paused => "paused",
            TournamentStatus::Finished { .. } => "finished",
            TournamentStatus::Cancelled { .. } => "cancelled",
        },
        "boards": boards,
        "bye": bye,
    })))
}

fn missing(t: &dyn Texts) -> ApiError {
    ApiError::new(
        StatusCode::NOT_FOUND,
        "no_such_tournament",
        t.tournament_refusal(&crate::game::TournamentRefusal::NoSuchTournament),
    )
}
