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
use crate::bot::webapp::{Shared, view};
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
    pub(crate) session: Option<String>,
}

/// Counts the open streams (a gauge) while it lives.
pub(crate) struct Open;

impl Open {
    pub(crate) fn new() -> Open {
        metrics::webapp_streams(1.0);
        Open
    }
}

impl Drop for Open {
    fn drop(&mut self) {
        metrics::webapp_streams(-1.0);
    }
}

/// The newest stored version of game `id`, and its JSON for `viewer`.
fn snapshot(
    app: &App,
    id: GameId,
    viewer: &Viewer,
    token: &str,
) -> Result<(Version, String), crate::game::ServiceError> {
    let r = view::read(app, id)?;
    let json = serde_json::to_string(&view::game(&r, viewer, token, app.now()))
        .map_err(|e| crate::game::StoreError::Invalid(format!("a game's page view: {e}")))?;
    Ok((r.game.version, json))
}

struct Watching {
    app: App,
    id: GameId,
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
    let rx = web.app.views.pages().watch(id);
    let (last, first) = snapshot(&web.app, id, &viewer, &token).map_err(|e| service(e, t))?;
    let start = Watching {
        app: web.app.clone(),
        id,
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
            let (version, json) = match snapshot(&w.app, w.id, &w.viewer, &w.token) {
                Ok(s) => s,
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
