//! The page's JSON API (docs/WEBAPP.md), for games of any seat count. A refusal is a 4xx
//! with `{"error", "message"}`, counted and logged, and changes nothing. Every action goes
//! through the game service, as the chat's do, and its change through `play::changed`, so
//! the chat's boards, the program and every open page follow it.

use crate::bot::play;
use crate::bot::play::moves::{Attempt, Input, user_move};
use crate::bot::state::App;
use crate::bot::texts::{Texts, mention, texts, webapp as words};
use crate::bot::webapp::refusal::{ApiError, body, refused, service};
use crate::bot::webapp::sessions::{Refused, Viewer};
use crate::bot::webapp::view::{self, plain};
use crate::bot::webapp::{Shared, initdata};
use crate::engine::Square;
use crate::game::{DrawOutcome, Expect, GameId, Language, Player, ServiceError};
use axum::Json;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode, header};
use serde::Deserialize;
use serde_json::{Value, json};
use std::time::Instant;

/// The largest request body taken (a move is under a hundred bytes; initData under 4 KB).
pub const MAX_BODY: usize = 8 * 1024;

type Answer = Result<Json<Value>, ApiError>;
type Shown = Result<Json<view::GameView>, ApiError>;

/// Any path the page does not know.
pub async fn not_found() -> ApiError {
    ApiError::new(
        StatusCode::NOT_FOUND,
        "not_found",
        words::text(Language::En, "not_found"),
    )
}

/// Why a call without a good session is refused: open the page from Telegram again.
fn reopen(lang: Language, code: &'static str) -> ApiError {
    ApiError::new(StatusCode::UNAUTHORIZED, code, words::text(lang, "reopen"))
}

#[derive(Deserialize)]
pub(crate) struct SessionRequest {
    init_data: String,
}

/// `POST api/session`: Telegram's signed `initData` for a session.
pub async fn session(State(web): State<Shared>, raw: Result<Bytes, BytesRejection>) -> Answer {
    let req: SessionRequest = body(raw, Language::En)?;
    let now_secs = web.app.now().0 / 1000;
    let data = initdata::validate(&req.init_data, &web.key, now_secs, web.max_age.as_secs())
        .map_err(|e| {
            tracing::info!(error = %e, "Mini App initData refused");
            reopen(Language::En, "bad_init_data")
        })?;
    let user = crate::game::UserId(data.user.id);
    let stored = web
        .app
        .games
        .read(|s| s.user(user))
        .ok()
        .flatten()
        .and_then(|u| u.language);
    let lang = stored
        .or_else(|| {
            data.user
                .language_code
                .as_deref()
                .and_then(Language::from_code)
        })
        .unwrap_or(Language::En);
    let viewer = Viewer {
        user,
        name: data.user.full_name(),
        lang,
    };
    let name = viewer.name.clone();
    let session = web.sessions.open(viewer, Instant::now()).ok_or_else(|| {
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "busy",
            texts(lang).try_again(),
        )
    })?;
    let table: serde_json::Map<String, Value> = words::table(lang)
        .iter()
        .map(|(k, v)| (k.to_string(), json!(v)))
        .collect();
    Ok(Json(json!({
        "session": session,
        "expires_in": crate::bot::webapp::sessions::TTL.as_secs(),
        "user": { "id": user.0, "name": name },
        "lang": match lang { Language::En => "en", Language::Ru => "ru" },
        "texts": table,
        "start": data.start_param,
    })))
}

/// The viewer of the session a call carries (`Authorization: Bearer`, or `?session=` for
/// the event stream), counting the call against its budget.
pub(crate) fn viewer(
    web: &Shared,
    headers: &HeaderMap,
    query: Option<&str>,
) -> Result<Viewer, ApiError> {
    let bearer = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "));
    // Before a session is known, its language is not: English.
    let Some(name) = bearer.or(query) else {
        return Err(reopen(Language::En, "no_session"));
    };
    web.sessions
        .check(name.trim(), Instant::now())
        .map_err(|r| match r {
            Refused::Unknown => reopen(Language::En, "no_session"),
            Refused::TooFast(lang) => ApiError::new(
                StatusCode::TOO_MANY_REQUESTS,
                "too_many_requests",
                words::text(lang, "too_fast"),
            ),
        })
}

/// The game a token names, or 404.
pub(crate) fn game_of(web: &Shared, token: &str, t: &dyn Texts) -> Result<GameId, ApiError> {
    web.app
        .views
        .launch()
        .and_then(|l| l.links.game_only(token))
        .ok_or_else(|| ApiError::new(StatusCode::NOT_FOUND, "no_such_game", t.bad_button()))
}

/// Game `id` as `viewer` sees it, named by `token`.
pub(crate) fn shown(app: &App, id: GameId, viewer: &Viewer, token: &str) -> Shown {
    let t = texts(viewer.lang);
    let r = view::read(app, id).map_err(|e| service(e, t))?;
    Ok(Json(view::game(&r, viewer, token, app.now())))
}

/// `GET api/games`: the viewer's games in play.
pub async fn games(
    State(web): State<Shared>,
    headers: HeaderMap,
) -> Result<Json<Vec<view::GameEntry>>, ApiError> {
    let viewer = viewer(&web, &headers, None)?;
    let t = texts(viewer.lang);
    let user = viewer.user;
    let Some(launch) = web.app.views.launch() else {
        return Ok(Json(Vec::new()));
    };
    // The records and their players' names in one trip; no replay, the list shows none.
    let games = web
        .app
        .games
        .run(move |s| {
            let games = s.user_games(user, None, 200)?;
            Ok::<_, ServiceError>(
                games
                    .into_iter()
                    .filter(|g| g.is_active())
                    .take(50)
                    .map(|g| {
                        let names = view::names(s.reads(), &g);
                        (g, names)
                    })
                    .collect::<Vec<_>>(),
            )
        })
        .await
        .map_err(|e| service(e, t))?;
    let out = games
        .iter()
        .map(|(g, names)| view::entry(g, names, &viewer, &launch.links.token(g.id)))
        .collect();
    Ok(Json(out))
}

/// `GET api/game/{token}`: anyone with the link may watch.
pub async fn game(
    State(web): State<Shared>,
    headers: HeaderMap,
    Path(token): Path<String>,
) -> Shown {
    let viewer = viewer(&web, &headers, None)?;
    let id = game_of(&web, &token, texts(viewer.lang))?;
    shown(&web.app, id, &viewer, &token.to_ascii_lowercase())
}

#[derive(Deserialize)]
struct MoveRequest {
    from: String,
    to: String,
    ply: u32,
    #[serde(default)]
    confirm: bool,
}

/// What the page asks for in `api/game/{token}/{action}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Action {
    Move,
    /// A table's seat with no move passes.
    Pass,
    /// Resign; at a table, leave the game (the program plays the seat on).
    Resign,
    Draw,
    /// An answer to the opponent's draw offer (`true`: accept).
    DrawAnswer(bool),
    Takeback,
    /// An answer to the opponent's takeback request (`true`: accept).
    TakebackAnswer(bool),
    Rematch,
}

impl Action {
    fn parse(s: &str) -> Option<Action> {
        Some(match s {
            "move" => Action::Move,
            "pass" => Action::Pass,
            "resign" | "leave" => Action::Resign,
            "draw" => Action::Draw,
            "draw-accept" => Action::DrawAnswer(true),
            "draw-decline" => Action::DrawAnswer(false),
            "takeback" => Action::Takeback,
            "takeback-accept" => Action::TakebackAnswer(true),
            "takeback-decline" => Action::TakebackAnswer(false),
            "rematch" => Action::Rematch,
            _ => return None,
        })
    }
}

#[derive(Deserialize, Default)]
struct ActionRequest {
    #[serde(default)]
    ply: Option<u32>,
}

/// `POST api/game/{token}/{action}`: a move or a pass, or resign (at a table: leave),
/// draw, takeback and their answers, or rematch. Only a player of the game acts, and only
/// for their own seat.
pub async fn act(
    State(web): State<Shared>,
    headers: HeaderMap,
    Path((token, action)): Path<(String, String)>,
    raw: Result<Bytes, BytesRejection>,
) -> Shown {
    let viewer = viewer(&web, &headers, None)?;
    let t = texts(viewer.lang);
    let id = game_of(&web, &token, t)?;
    let token = token.to_ascii_lowercase();
    let app = &web.app;
    let g = app.games.read(|s| s.game(id)).map_err(|e| service(e, t))?;
    let Some(action) = Action::parse(&action) else {
        return Err(ApiError::new(
            StatusCode::NOT_FOUND,
            "no_such_action",
            words::text(viewer.lang, "not_found"),
        ));
    };
    if g.seat_of(viewer.user).is_none() {
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            "not_your_game",
            plain(&t.not_your_game()),
        ));
    }
    let user = viewer.user;
    let now = app.now();
    if matches!(action, Action::Move | Action::Pass) {
        let (input, ply, confirm) = match action {
            Action::Pass => {
                let req: ActionRequest = match raw {
                    Ok(b) if b.is_empty() => ActionRequest::default(),
                    other => body(other, viewer.lang)?,
                };
                (Input::Pass, req.ply.unwrap_or(g.ply()), false)
            }
            _ => {
                let req: MoveRequest = body(raw, viewer.lang)?;
                let n = g.variant.board_n();
                let square = |s: &str| Square::parse(s).filter(|q| q.file < n && q.rank < n);
                let (Some(from), Some(to)) = (square(&req.from), square(&req.to)) else {
                    return Err(ApiError::new(
                        StatusCode::BAD_REQUEST,
                        "bad_request",
                        words::text(viewer.lang, "bad_squares"),
                    ));
                };
                (Input::Tapped { from, to }, req.ply, req.confirm)
            }
        };
        let attempt = user_move(app, g, user, input, Expect::Ply(ply), confirm)
            .await
            .map_err(|e| {
                tracing::warn!(error = %e, "a Mini App move failed");
                ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "failure", t.try_again())
            })?;
        return match attempt {
            Attempt::Played(change) => {
                play::changed(app, *change);
                shown(app, id, &viewer, &token)
            }
            Attempt::Confirm { .. } => Err(ApiError::new(
                StatusCode::CONFLICT,
                "confirm",
                words::text(viewer.lang, "losing_confirm"),
            )),
            Attempt::Flagged(g) => {
                play::changed(app, *g);
                Err(refused(&ServiceError::GameOver, plain(&t.game_over())))
            }
            Attempt::Refused(g, why) => {
                let text = play::moves::refusal_words(app, &g, &why, t).await;
                Err(refused(&why, plain(&text)))
            }
            Attempt::Stale(_) => Err(ApiError::new(
                StatusCode::CONFLICT,
                "stale",
                plain(&t.stale_button()),
            )),
        };
    }
    let req: ActionRequest = match raw {
        Ok(b) if b.is_empty() => ActionRequest::default(),
        other => body(other, viewer.lang)?,
    };
    if req.ply.is_some_and(|p| p != g.ply()) {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "stale",
            plain(&t.stale_button()),
        ));
    }
    let (chat, ct) = play::offers::home_chat(app, &g, user).await;
    let who = mention(user.0, &viewer.name);
    let run = |f: fn(
        &crate::game::GameService,
        GameId,
        crate::game::UserId,
        crate::game::Timestamp,
    ) -> Result<crate::game::GameRecord, ServiceError>| {
        app.games.run(move |s| f(s, id, user, now))
    };
    let failed = |e: crate::bot::error::BotError| {
        tracing::warn!(error = %e, "telling the chat of a Mini App action failed");
    };
    match action {
        Action::Resign => {
            let g = run(crate::game::GameService::resign)
                .await
                .map_err(|e| service(e, t))?;
            let seat = g.seat_of(user);
            play::announce::left(app, g, seat, crate::engine::Leave::Resignation);
        }
        Action::Draw => match app
            .games
            .run(move |s| s.offer_draw(id, user, now))
            .await
            .map_err(|e| service(e, t))?
        {
            DrawOutcome::Agreed(g) => play::changed(app, g),
            DrawOutcome::Offered(g) => {
                if let Err(e) = play::offers::draw_offered(app, chat, &g, &who, ct).await {
                    failed(e);
                }
            }
        },
        Action::Takeback => {
            let g = run(crate::game::GameService::request_takeback)
                .await
                .map_err(|e| service(e, t))?;
            if let Err(e) = play::offers::takeback_asked(app, chat, &g, user, &who, ct).await {
                failed(e);
            }
        }
        Action::DrawAnswer(accept) | Action::TakebackAnswer(accept) => {
            let draw = matches!(action, Action::DrawAnswer(_));
            let answer = if draw {
                crate::game::GameService::answer_draw
            } else {
                crate::game::GameService::answer_takeback
            };
            let g = app
                .games
                .run(move |s| answer(s, id, user, accept, now))
                .await
                .map_err(|e| service(e, t))?;
            let said = match (draw, accept) {
                (true, true) => None,
                (true, false) => Some(ct.draw_declined(&who)),
                (false, true) => Some(ct.takeback_accepted(&who)),
                (false, false) => Some(ct.takeback_declined(&who)),
            };
            if let Some(text) = said
                && let Err(e) = play::offers::tell(app, chat, &g, text).await
            {
                failed(e);
            }
            play::changed(app, g);
        }
        Action::Rematch => return rematch(app, &g, &viewer, &token).await,
        Action::Move | Action::Pass => unreachable!("a move or a pass is played above"),
    }
    shown(app, id, &viewer, &token)
}

/// Rematch from a finished game's page: against the program the new game starts at once
/// and the page follows it; a person is challenged in the game's chat, as the chat's
/// button does; a table's players get a new lobby with the same seats.
async fn rematch(app: &App, g: &crate::game::GameRecord, viewer: &Viewer, token: &str) -> Shown {
    let t = texts(viewer.lang);
    let over = matches!(g.status, crate::game::Status::Over { .. });
    if !over || g.is_solo() || g.inline.is_some() {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "refused",
            plain(&t.bad_button()),
        ));
    }
    let user = viewer.user;
    if g.is_table() {
        let (id, now) = (g.id, app.now());
        let lobby = app
            .games
            .run(move |s| s.rematch_lobby(id, user, now))
            .await
            .map_err(|e| service(e, t))?;
        play::changed(app, lobby);
        return shown(app, g.id, viewer, token);
    }
    let (Some(colour), Some(variant)) = (g.color_of(user), g.variant.two()) else {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "refused",
            plain(&t.bad_button()),
        ));
    };
    let (chat, ct) = play::offers::home_chat(app, g, viewer.user).await;
    let r = match g.player(!colour) {
        Player::Program { level } => {
            play::start::against_program(app, chat, user, variant.id(), Some(!colour), level).await
        }
        Player::Human(opp) => play::challenges::rematch(app, chat, user, opp, g, colour, ct).await,
        Player::Absent => Ok(()),
    };
    if let Err(e) = r {
        tracing::warn!(error = %e, "a Mini App rematch failed");
        return Err(ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "failure",
            t.try_again(),
        ));
    }
    // The new game, when one started: the page follows it.
    let newest = app
        .games
        .run(move |s| s.user_games(user, None, 1))
        .await
        .ok()
        .and_then(|v| v.into_iter().next())
        .filter(|n| n.id != g.id && n.is_active());
    match (newest, app.views.launch()) {
        (Some(n), Some(l)) => shown(app, n.id, viewer, &l.links.token(n.id)),
        _ => shown(app, g.id, viewer, token),
    }
}
