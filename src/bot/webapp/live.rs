//! A game live on the page: Server-Sent Events, one `game` event with the whole game at
//! once and after every change, and a comment every 15 s so proxies keep the connection.
//! The stream watches the game before reading it (`state::pages`), so no change can fall
//! between the read and the watch; each wake-up reads the game once and sends it only if
//! it is newer than what the stream sent last.

use crate::bot::metrics;
use crate::bot::state::App;
use crate::bot::texts::texts;
use crate::bot::webapp::api::{game_of, viewer};
use crate::bot::webapp::refusal::{ApiError, service};
use crate::bot::webapp::sessions::Viewer;
use crate::bot::webapp::{Shared, table, view};
use crate::game::{GameId, Version};
use axum::extract::{Path, Query, State};
use axum::http::HeaderMap;
use axum::response::sse::{Event, KeepAlive, Sse};
use futures::Stream;
use serde::Deserialize;
use std::convert::Infallible;
use std::time::Duration;
use tokio::sync::watch;

/// How often an idle stream sends a comment.
pub const PING: Duration = Duration::from_secs(15);

/// The event stream's query: `EventSource` cannot send headers.
#[derive(Deserialize)]
pub struct EventsQuery {
    session: Option<String>,
}

/// Counts the open streams (a gauge) while it lives.
struct Open;

impl Open {
    fn new() -> Open {
        metrics::webapp_streams(1.0);
        Open
    }
}

impl Drop for Open {
    fn drop(&mut self) {
        metrics::webapp_streams(-1.0);
    }
}

/// What a stream shows: a two-player game or a table (told apart once, when it opens).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Game,
    Table,
}

/// The newest stored version of what `id` names, and its JSON for `viewer`.
fn snapshot(
    app: &App,
    id: GameId,
    kind: Kind,
    viewer: &Viewer,
    token: &str,
) -> Result<Option<(Version, String)>, crate::game::ServiceError> {
    Ok(match kind {
        Kind::Game => {
            let r = view::read(app, id)?;
            Some((
                r.game.version,
                view::game(&r, viewer, token, app.now()).to_string(),
            ))
        }
        Kind::Table => table::read(app, id)?.map(|r| {
            (
                r.table.version,
                table::table(&r, viewer, token, app.now()).to_string(),
            )
        }),
    })
}

struct Watching {
    app: App,
    id: GameId,
    kind: Kind,
    viewer: Viewer,
    token: String,
    rx: watch::Receiver<Version>,
    first: Option<String>,
    last: Version,
    _open: Open,
}

fn event(json: String) -> Result<Event, Infallible> {
    Ok(Event::default().event("game").data(json))
}

/// `GET api/game/{token}/events?session=S`.
pub async fn events(
    State(web): State<Shared>,
    headers: HeaderMap,
    Path(token): Path<String>,
    Query(q): Query<EventsQuery>,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>>>, ApiError> {
    let viewer = viewer(&web, &headers, q.session.as_deref())?;
    let t = texts(viewer.lang);
    let id = game_of(&web, &token, t)?;
    let token = token.to_ascii_lowercase();
    let rx = web.app.pages.watch(id);
    let (kind, (last, first)) = match snapshot(&web.app, id, Kind::Game, &viewer, &token) {
        Ok(Some(s)) => (Kind::Game, s),
        Err(crate::game::ServiceError::NoSuchGame(_)) => {
            match snapshot(&web.app, id, Kind::Table, &viewer, &token).map_err(|e| service(e, t))? {
                Some(s) => (Kind::Table, s),
                None => return Err(service(crate::game::ServiceError::NoSuchGame(id), t)),
            }
        }
        Ok(None) => return Err(service(crate::game::ServiceError::NoSuchGame(id), t)),
        Err(e) => return Err(service(e, t)),
    };
    let start = Watching {
        app: web.app.clone(),
        id,
        kind,
        viewer,
        token,
        rx,
        first: Some(first),
        last,
        _open: Open::new(),
    };
    let stream = futures::stream::unfold(start, |mut w| async move {
        if let Some(first) = w.first.take() {
            return Some((event(first), w));
        }
        loop {
            // The channel closes only when the bot drops it: the stream ends.
            w.rx.changed().await.ok()?;
            let (version, json) = match snapshot(&w.app, w.id, w.kind, &w.viewer, &w.token) {
                Ok(Some(s)) => s,
                Ok(None) => continue,
                Err(e) => {
                    tracing::debug!(game = %w.id, error = %e, "a live page's game could not be read");
                    continue;
                }
            };
            if version <= w.last {
                continue;
            }
            w.last = version;
            return Some((event(json), w));
        }
    });
    Ok(Sse::new(stream).keep_alive(KeepAlive::new().interval(PING).text("ping")))
}
