//! The Mini App: the board page Telegram opens inside a chat, served by the bot's own
//! process (docs/WEBAPP.md). The page and its script are embedded in the binary
//! ([`assets`]); the JSON API ([`api`]) checks Telegram's signed `initData` once
//! ([`initdata`]) and hands out a short-lived session ([`sessions`]); a game is shown as
//! [`view`] writes it and kept live over Server-Sent Events ([`live`]), woken by the one
//! path that brings every view of a game up to date (`board::changed`). Every action goes
//! through the game service as the chat's do, so the two can never disagree. A game of two,
//! three or four seats is one view and the same routes. A finished game's analysis is read
//! and asked for through [`analysis`].

pub(crate) mod analysis;
pub(crate) mod api;
pub(crate) mod assets;
pub mod initdata;
pub(crate) mod live;
pub(crate) mod refusal;
pub(crate) mod sessions;
pub(crate) mod tournament;
pub(crate) mod view;

use crate::bot::state::App;
use axum::Router;
use axum::routing::{get, post};
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpListener;

/// How the bot serves the Mini App (`--webapp-*` flags).
#[derive(Clone, Debug)]
pub struct WebAppConfig {
    /// The address the page and its API are served on (a reverse proxy with HTTPS in
    /// front of it).
    pub listen: SocketAddr,
    /// The page's public HTTPS address, as registered with BotFather; its path is the
    /// prefix every route is served under.
    pub url: url::Url,
    /// The Mini App's short name from BotFather's `/newapp`: boards in groups and inline
    /// messages open the page through `https://t.me/<bot>/<short name>` (Telegram takes
    /// `web_app` buttons in private chats only).
    pub short_name: Option<String>,
    /// How old a page's `initData` may be when it asks for a session.
    pub max_age: Duration,
}

/// The default allowed age of `initData`: a day, so a page left open overnight is asked to
/// reopen, while a leaked payload is not good for ever.
pub const MAX_AGE: Duration = Duration::from_secs(86_400);

/// What every route is given.
pub(crate) struct Web {
    pub(crate) app: App,
    pub(crate) key: ring::hmac::Key,
    pub(crate) sessions: sessions::Sessions,
    pub(crate) max_age: Duration,
}

pub(crate) type Shared = Arc<Web>;

/// The path prefix of `url`, ending in `/`.
fn prefix(url: &url::Url) -> String {
    let p = url.path();
    if p.ends_with('/') {
        p.to_string()
    } else {
        format!("{p}/")
    }
}

/// The page's routes under `cfg.url`'s path.
pub fn router(app: App, token: &str, cfg: &WebAppConfig) -> Router {
    let web = Arc::new(Web {
        app,
        key: initdata::secret_key(token),
        sessions: sessions::Sessions::new(token),
        max_age: cfg.max_age,
    });
    let p = prefix(&cfg.url);
    let mut r = Router::new()
        .route(&p, get(assets::index))
        .route(&format!("{p}index.html"), get(assets::index))
        .route(&format!("{p}app.js"), get(assets::script))
        .route(&format!("{p}style.css"), get(assets::style))
        .route(&format!("{p}api/session"), post(api::session))
        .route(&format!("{p}api/games"), get(api::games))
        .route(&format!("{p}api/game/{{token}}"), get(api::game))
        .route(&format!("{p}api/game/{{token}}/events"), get(live::events))
        .route(
            &format!("{p}api/game/{{token}}/analysis"),
            get(analysis::analysis),
        )
        .route(&format!("{p}api/game/{{token}}/{{action}}"), post(api::act))
        .route(
            &format!("{p}api/tournament/{{token}}"),
            get(tournament::tournament),
        )
        .route(
            &format!("{p}api/tournament/{{token}}/events"),
            get(tournament::events),
        );
    if p.len() > 1 {
        // `https://host/app` opens the page too (relative paths need the slash).
        let bare = p.trim_end_matches('/').to_string();
        let to = p.clone();
        r = r.route(
            &bare,
            get(move || async move { axum::response::Redirect::permanent(&to) }),
        );
    }
    r.fallback(api::not_found)
        .layer(axum::extract::DefaultBodyLimit::max(api::MAX_BODY))
        .with_state(web)
}

/// Bind `addr` (before the bot connects, so a taken port fails the start at once).
pub async fn bind(addr: SocketAddr) -> std::io::Result<TcpListener> {
    TcpListener::bind(addr).await
}

/// Serve the Mini App on `listener` until the process ends.
pub async fn serve(listener: TcpListener, router: Router) {
    if let Err(e) = axum::serve(listener, router).await {
        tracing::warn!(error = %e, "the Mini App server stopped");
    }
}
