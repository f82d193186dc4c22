//! `GET api/game/{token}/analysis`: a finished game's analysis for the page to step
//! through (docs/WEBAPP.md): each move with its class, tempi lost, better move and the
//! balance after it, and every position. Asking for one not made yet queues it, the same
//! queue as the chat's ([`play::analysis`]); the page asks again until it is there.

use crate::bot::play;
use crate::bot::state::analyses::Asked;
use crate::bot::texts::{Texts, texts};
use crate::bot::webapp::Shared;
use crate::bot::webapp::api::{game_of, viewer};
use crate::bot::webapp::refusal::{ApiError, service};
use crate::engine::{Color, Game};
use crate::game::{AnalysisRecord, GameRecord};
use axum::Json;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use serde_json::{Value, json};

fn side(c: Color) -> &'static str {
    match c {
        Color::White => "w",
        Color::Black => "b",
    }
}

/// The analysis of the game `token` names, or where it waits.
pub async fn analysis(
    State(web): State<Shared>,
    headers: HeaderMap,
    Path(token): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let viewer = viewer(&web, &headers, None)?;
    let t = texts(viewer.lang);
    let id = game_of(&web, &token, t)?;
    let app = &web.app;
    let g = app.games.read(|s| s.game(id)).map_err(|e| service(e, t))?;
    // Anyone the page shows the game to may see its analysis (the token is the access); a
    // table of three or four is not analysed.
    if let Err(r) = play::analysis::may_analyse(&g, viewer.user, None) {
        return Err(refused(r.text(t)));
    }
    let stored = app
        .games
        .read(|s| s.analysis(id))
        .map_err(|e| service(e, t))?;
    let Some(a) = stored else {
        if app.tasks.analyses().recently_failed(id) {
            return Err(refused(t.analysis_failed()));
        }
        let asked = play::analysis::request_quietly(app, id, viewer.user);
        return match asked {
            Asked::Full | Asked::Busy => Err(ApiError::new(
                StatusCode::TOO_MANY_REQUESTS,
                "analysis_busy",
                plain(&play::analysis::Requested::Queue(asked).text(t)),
            )),
            Asked::Runs | Asked::Queued { .. } | Asked::Joined => {
                let ahead = app.tasks.analyses().place_of(id).unwrap_or(0);
                Ok(Json(json!({
                    "state": if ahead == 0 { "running" } else { "queued" },
                    "ahead": ahead,
                })))
            }
        };
    };
    let game = app
        .games
        .read(|s| s.replay(&g))
        .map_err(|e| service(e, t))?;
    let Some(game) = game.two() else {
        return Err(refused(t.analysis_two_players_only()));
    };
    Ok(Json(body(&g, game, &a, t)))
}

fn refused(message: String) -> ApiError {
    ApiError::new(StatusCode::CONFLICT, "no_analysis", plain(&message))
}

fn plain(html: &str) -> String {
    crate::bot::webapp::view::plain(html)
}

/// The analysis as the page reads it.
fn body(g: &GameRecord, game: &Game, a: &AnalysisRecord, t: &dyn Texts) -> Value {
    let squares = |p: &crate::engine::Path| -> Vec<String> {
        p.squares().iter().map(|s| s.to_string()).collect()
    };
    let mut positions = Vec::with_capacity(game.moves().len() + 1);
    let mut pos = game.start().clone();
    let pieces = |p: &crate::engine::Position| {
        json!({
            "w": p.pieces(Color::White).iter().map(|s| s.to_string()).collect::<Vec<_>>(),
            "b": p.pieces(Color::Black).iter().map(|s| s.to_string()).collect::<Vec<_>>(),
        })
    };
    positions.push(pieces(&pos));
    for p in game.moves() {
        match pos.play(p.as_move()) {
            Ok(next) => pos = next,
            Err(_) => break,
        }
        positions.push(pieces(&pos));
    }
    let moves: Vec<Value> = game
        .moves()
        .iter()
        .zip(&a.marks)
        .zip(&a.best)
        .enumerate()
        .map(|(i, ((played, m), best))| {
            json!({
                "ply": i,
                "side": side(m.side),
                "move": played.to_string(),
                "path": squares(played),
                "best": best.to_string(),
                "best_path": squares(best),
                "class": m.class.id(),
                "class_name": t.class_name(m.class),
                "loss": m.loss,
                "why": m.why.map(|w| w.id()),
                "balance": m.balance,
                "exact": m.exact,
            })
        })
        .collect();
    let counts = a.counts();
    let count = |c: Color| {
        let mut o = serde_json::Map::new();
        for (k, class) in crate::game::MoveClass::ALL.iter().enumerate() {
            o.insert(class.id().to_string(), json!(counts[c.index()][k]));
        }
        Value::Object(o)
    };
    let from_start = g.start == game.variant().start().to_text();
    json!({
        "state": "ready",
        "game": g.id.0,
        "moves": moves,
        "positions": positions,
        "balance": play::analysis::balances(a, from_start),
        "accuracy": { "w": a.accuracy[0], "b": a.accuracy[1] },
        "counts": { "w": count(Color::White), "b": count(Color::Black) },
    })
}
