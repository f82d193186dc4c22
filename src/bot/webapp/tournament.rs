//! `GET api/tournament/{token}`: a tournament as its page shows it: the standings (the
//! crosstable of a small round-robin) as the group's picture has them, and the latest
//! round's boards, each with its game's token so the page opens it; and the same live,
//! over Server-Sent Events. Anyone with the link may watch, as with a game.

use crate::bot::play::tournament::sheet;
use crate::bot::state::App;
use crate::bot::texts::{Texts, texts};
use crate::bot::webapp::Shared;
use crate::bot::webapp::api::viewer;
use crate::bot::webapp::live::{EventsQuery, Open, PING};
use crate::bot::webapp::refusal::{ApiError, service};
use crate::game::tournament::arena::arena_scores;
use crate::game::tournament::{Event as Standings, Format, Points, Round, Seed, TableResult};
use crate::game::{TournamentId, TournamentRecord, TournamentStatus, Version};
use axum::Json;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::sse::{Event, KeepAlive, Sse};
use futures::Stream;
use serde_json::{Value, json};
use std::convert::Infallible;
use tokio::sync::watch;

/// The tournament `token` names, as the page shows it.
pub async fn tournament(
    State(web): State<Shared>,
    headers: HeaderMap,
    Path(token): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let viewer = viewer(&web, &headers, None)?;
    let t: &'static dyn Texts = texts(viewer.lang);
    let id = tournament_of(&web, &token, t)?;
    let rec = web
        .app
        .games
        .run(move |s| s.tournament(id))
        .await
        .map_err(|e| service(e, t))?;
    Ok(Json(view(&web.app, &rec, t)))
}

/// `GET api/tournament/{token}/events?session=S`: the page live, as a game's
/// (`live::events`): one `tournament` event with the whole view at once and after every
/// change (a round paired, a result, the end), a comment every 15 s otherwise.
pub async fn events(
    State(web): State<Shared>,
    headers: HeaderMap,
    Path(token): Path<String>,
    Query(q): Query<EventsQuery>,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>>>, ApiError> {
    let viewer = viewer(&web, &headers, q.session.as_deref())?;
    let t: &'static dyn Texts = texts(viewer.lang);
    let id = tournament_of(&web, &token, t)?;
    // Watch first, read after: no change falls between.
    let rx = web.app.views.pages().watch_tournament(id);
    let app = web.app.clone();
    let rec = app
        .games
        .run(move |s| s.tournament(id))
        .await
        .map_err(|e| service(e, t))?;
    let start = Watching {
        first: Some(view(&app, &rec, t).to_string()),
        last: rec.version,
        app,
        id,
        t,
        rx,
        _open: Open::new(),
    };
    let stream = futures::stream::unfold(start, |mut w| async move {
        if let Some(first) = w.first.take() {
            return Some((event(first), w));
        }
        loop {
            // The channel closes only when the bot drops it: the stream ends.
            w.rx.changed().await.ok()?;
            let id = w.id;
            let rec = match w.app.games.run(move |s| s.tournament(id)).await {
                Ok(r) => r,
                Err(e) => {
                    tracing::debug!(tournament = %w.id, error = %e, "a live page's tournament could not be read");
                    continue;
                }
            };
            if rec.version <= w.last {
                continue;
            }
            w.last = rec.version;
            return Some((event(view(&w.app, &rec, w.t).to_string()), w));
        }
    });
    Ok(Sse::new(stream).keep_alive(KeepAlive::new().interval(PING).text("ping")))
}

struct Watching {
    app: App,
    id: TournamentId,
    t: &'static dyn Texts,
    rx: watch::Receiver<Version>,
    first: Option<String>,
    last: Version,
    _open: Open,
}

fn event(json: String) -> Result<Event, Infallible> {
    Ok(Event::default().event("tournament").data(json))
}

/// The tournament a token names, if the bot serves the page and the token is one.
fn tournament_of(web: &Shared, token: &str, t: &dyn Texts) -> Result<TournamentId, ApiError> {
    let launch = web.app.views.launch().ok_or_else(|| missing(t))?;
    launch.links.tournament(token).ok_or_else(|| missing(t))
}

/// The page's view of tournament `rec`: its standings as the group's picture has them,
/// its boards (the latest round's; an arena's every game in play and its latest wave),
/// each with its game's token, and its bye.
fn view(app: &App, rec: &TournamentRecord, t: &dyn Texts) -> Value {
    let rounds = rec.event.rounds.len() as u32;
    let total = rec.event.total_rounds();
    let over = !rec.status.is_open();
    let in_play = rec.event.rounds.last().is_some_and(|r| !r.complete());
    let subtitle = if !over && in_play {
        t.standings_live(rounds, total)
    } else {
        t.standings_title(rounds, total, over)
    };
    let table = sheet(rec, &rec.event, t, subtitle);
    let arena = matches!(rec.event.format, Format::Arena { .. });
    let name = |s: Seed| rec.event.players[s.index()].name.clone();
    // Points as the standings count them: an arena's now, a round's before it.
    let points = |s: Seed, before: &Standings| -> String {
        if arena {
            arena_scores(&rec.event)[s.index()].to_string()
        } else {
            Points(before.half_points(s)).to_string()
        }
    };
    let launch = app.views.launch();
    let last = rec.event.rounds.len().saturating_sub(1);
    let shown = |r: usize, round: &Round| r == last || (arena && !round.complete());
    let mut boards: Vec<Value> = Vec::new();
    for (r, round) in rec.event.rounds.iter().enumerate() {
        if !shown(r, round) {
            continue;
        }
        let before = Standings {
            rounds: rec.event.rounds[..r].to_vec(),
            ..rec.event.clone()
        };
        let token = |b: usize| {
            let game = rec.games.get(r).and_then(|g| g.get(b)).copied().flatten();
            game.zip(launch).map(|(g, l)| l.links.token(g))
        };
        for (b, p) in round.pairings.iter().enumerate() {
            if arena && r != last && p.result.is_some() {
                continue;
            }
            boards.push(json!({
                "white": name(p.white),
                "white_points": points(p.white, &before),
                "black": name(p.black),
                "black_points": points(p.black, &before),
                "result": p.result.map(|r| r.notation()),
                "token": token(b),
            }));
        }
        for (b, table) in round.tables.iter().enumerate() {
            if arena && r != last && table.result.is_some() {
                continue;
            }
            let seats: Vec<Value> = table
                .seats
                .iter()
                .map(|s| json!({"name": name(*s), "points": points(*s, &before)}))
                .collect();
            let result = match &table.result {
                Some(TableResult::Places(p)) => Some(
                    p.iter()
                        .map(|x| x.to_string())
                        .collect::<Vec<_>>()
                        .join("-"),
                ),
                Some(TableResult::Cancelled) => Some("*".to_string()),
                None => None,
            };
            boards.push(json!({
                "seats": seats,
                "result": result,
                "token": token(b),
            }));
        }
    }
    let bye = rec.event.rounds.last().and_then(|r| r.bye).map(name);
    json!({
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
        "version": rec.version.0,
        "boards": boards,
        "bye": bye,
    })
}

fn missing(t: &dyn Texts) -> ApiError {
    ApiError::new(
        StatusCode::NOT_FOUND,
        "no_such_tournament",
        t.tournament_refusal(&crate::game::TournamentRefusal::NoSuchTournament),
    )
}
