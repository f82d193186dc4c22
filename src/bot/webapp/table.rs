//! A table of three or four seats (RULES.md §14) on the page: the same token, stream and
//! action routes as a two-player game (a table's id comes from the games' sequence, so a
//! token names one or the other), its JSON written here (docs/WEBAPP.md, "A table"), and
//! its moves, passes and leaving played through the game service and the tables' one
//! path to every view (`play::tables::changed`), as the chat's are.

use crate::bot::play::tables;
use crate::bot::state::App;
use crate::bot::texts::{Texts, texts, webapp as words};
use crate::bot::webapp::Shared;
use crate::bot::webapp::refusal::{ApiError, body, service};
use crate::bot::webapp::sessions::Viewer;
use crate::bot::webapp::view::plain;
use crate::engine::Square;
use crate::engine::multi::{MultiGame, MultiPos, Seat, Turn};
use crate::game::{
    GameId, Language, Player, ServiceError, TableActor, TableId, TableInput, TableRecord,
    TableRefusal, TableStatus, Timestamp,
};
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::http::StatusCode;
use serde::Deserialize;
use serde_json::{Map, Value, json};

/// A table read for the page: the record, its game and its people's names.
pub struct TableRead {
    /// The record.
    pub table: TableRecord,
    game: MultiGame,
    names: [Option<String>; 4],
}

/// The table `id` names, if the id is a table's (reads only).
pub fn read(app: &App, id: GameId) -> Result<Option<TableRead>, ServiceError> {
    app.games.read(|s| {
        let Some(table) = s.store().table(TableId(id.0))? else {
            return Ok(None);
        };
        let game = s.table_game(&table)?;
        let names = Seat::ALL.map(|seat| {
            table
                .player(seat)
                .user()
                .and_then(|u| s.user(u).ok().flatten())
                .map(|r| r.name)
        });
        Ok(Some(TableRead { table, game, names }))
    })
}

/// Who plays `seat` now: its person, or the program (a program seat, or a seat whose
/// player left).
fn seat_name(r: &TableRead, seat: Seat, lang: Language) -> String {
    if r.game.position().left().has(seat) {
        return plain(&crate::bot::texts::player_mention(
            Player::Program { level: 3 },
            None,
            lang,
        ));
    }
    match r.table.player(seat) {
        Player::Human(u) => r.names[seat.index()]
            .clone()
            .unwrap_or_else(|| format!("#{}", u.0)),
        p => plain(&crate::bot::texts::player_mention(p, None, lang)),
    }
}

fn squares(v: impl IntoIterator<Item = Square>) -> Vec<String> {
    v.into_iter().map(|s| s.to_string()).collect()
}

/// The table `r` as `viewer` sees it at `now`, named by `token`.
pub fn table(r: &TableRead, viewer: &Viewer, token: &str, now: Timestamp) -> Value {
    let (t, game) = (&r.table, &r.game);
    let lang = viewer.lang;
    let tx = texts(lang);
    let pos = game.position();
    let seats: Vec<Seat> = t.variant.seats().iter().collect();
    let playing = t.status == TableStatus::Playing && !game.is_over();
    let to_move = pos.to_move();
    let mine = t.seat_of(viewer.user);
    let done = |s: Seat| pos.finished().has(s) || pos.left().has(s);
    // Camps: the start position's pieces are each seat's camp.
    let start = MultiPos::start(t.variant);

    let mut targets = Map::new();
    if playing {
        for from in pos.pieces(to_move) {
            let mut to_map = Map::new();
            for to in pos.destinations(from) {
                if let Some(path) = pos.path(Turn::between(from, to)) {
                    to_map.insert(to.to_string(), json!(squares(path.squares().to_vec())));
                }
            }
            if !to_map.is_empty() {
                targets.insert(from.to_string(), Value::Object(to_map));
            }
        }
    }
    let places = if game.is_over() {
        game.outcome().map(|o| o.places).unwrap_or_default()
    } else {
        game.places_known()
    };
    let by_seat = |f: &dyn Fn(Seat) -> Value| -> Map<String, Value> {
        seats.iter().map(|s| (s.to_string(), f(*s))).collect()
    };
    let players = by_seat(&|s| {
        json!({
            "name": seat_name(r, s, lang),
            "program": matches!(t.player(s), Player::Program { .. }),
            "place": places[s.index()],
            "left": pos.left().has(s),
            "finished": pos.finished().has(s),
            "mark": crate::bot::texts::tables::seat_mark(s),
            "seat": tx.seat_name(s),
        })
    });
    let positions = game.positions();
    let moves: Vec<Value> = game
        .turns()
        .iter()
        .zip(&positions)
        .map(|(turn, before)| json!([before.to_move().to_string(), before.turn_text(*turn)]))
        .collect();
    let last = game.turns().last().and_then(|turn| {
        positions
            .get(game.turns().len() - 1)
            .and_then(|p| p.path(*turn))
            .map(|p| squares(p.squares().to_vec()))
    });

    let mut out = json!({
        "kind": "table",
        "token": token,
        "version": t.version.0,
        "variant": t.variant.to_string(),
        "title": tx.table_variant(t.variant),
        "size": 16,
        "seats": seats.iter().map(|s| s.to_string()).collect::<Vec<_>>(),
        // The viewer's camp at the bottom, as the chat's picture turns it; White's for
        // someone without a seat.
        "turns": mine.unwrap_or(Seat::White).quarter_turns(),
        "homes": by_seat(&|s| json!(squares(start.pieces(s)))),
        "pieces": by_seat(&|s| json!(squares(pos.pieces(s)))),
        "ply": game.plies(),
        "round": pos.round(),
        "turn": to_move.to_string(),
        "last": last.unwrap_or_default(),
        "moves": moves,
        "targets": targets,
        "players": players,
        "result": Value::Null,
        "server_time": now.0,
    });
    if playing
        && let Some(d) = t
            .deadline
            .filter(|d| d.kind == crate::game::DeadlineKind::MoveMissed)
    {
        out["deadline"] = json!(d.at.0);
    }
    let status = if playing {
        tx.table_page_turn(to_move, &seat_name(r, to_move, lang), pos.round())
    } else if t.status == TableStatus::Lobby {
        tx.table_page_lobby(t.variant)
    } else {
        let view = crate::bot::texts::tables::TableView {
            variant: t.variant,
            seats: Vec::new(),
            round: pos.round(),
            last: None,
            per_move: t.per_move,
            over: game.outcome().map(|o| o.reason),
            ratings: Vec::new(),
        };
        let first = tx
            .table_end(&view)
            .lines()
            .next()
            .unwrap_or_default()
            .to_string();
        let reason = plain(&first);
        out["result"] = json!({
            "places": by_seat(&|s| json!(places[s.index()])),
            "reason": reason,
        });
        reason
    };
    out["status"] = json!(status);
    let moving = playing
        && mine == Some(to_move)
        && matches!(t.player(to_move), Player::Human(u) if u == viewer.user)
        && !done(to_move);
    out["viewer"] = json!({
        "seat": mine.map(|s| s.to_string()),
        "move": moving,
        "pass": moving && targets.is_empty(),
        "leave": playing && mine.is_some_and(|s| !done(s)),
    });
    out
}

/// The page's answer for table `id`, read afresh.
pub fn shown(app: &App, id: GameId, viewer: &Viewer, token: &str) -> Result<Value, ApiError> {
    let t = texts(viewer.lang);
    match read(app, id).map_err(|e| service(e, t))? {
        Some(r) => Ok(table(&r, viewer, token, app.now())),
        None => Err(service(ServiceError::NoSuchGame(id), t)),
    }
}

#[derive(Deserialize)]
struct TurnRequest {
    #[serde(default)]
    from: Option<String>,
    #[serde(default)]
    to: Option<String>,
    ply: u32,
}

/// What the page may ask of a table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum TableAction {
    Move,
    Pass,
    Leave,
}

/// `POST api/game/{token}/{move|pass|leave}` for a table: only a seated person, only for
/// their own seat, only at the position they saw.
pub async fn act(
    web: &Shared,
    viewer: &Viewer,
    r: TableRead,
    action: &str,
    raw: Result<Bytes, BytesRejection>,
    token: &str,
) -> Result<Value, ApiError> {
    let t = texts(viewer.lang);
    let app = &web.app;
    let action = match action {
        "move" => TableAction::Move,
        "pass" => TableAction::Pass,
        "leave" => TableAction::Leave,
        _ => {
            return Err(ApiError::new(
                StatusCode::NOT_FOUND,
                "no_such_action",
                words::text(viewer.lang, "not_found"),
            ));
        }
    };
    let (id, user, now) = (r.table.id, viewer.user, app.now());
    if r.table.seat_of(user).is_none() {
        return Err(refused(&r, &TableRefusal::NotSeated, t, viewer.lang));
    }
    let change = if action == TableAction::Leave {
        app.games.run(move |s| s.table_resign(id, user, now)).await
    } else {
        let req: TurnRequest = body(raw, viewer.lang)?;
        if req.ply as usize != r.game.plies() {
            return Err(ApiError::new(
                StatusCode::CONFLICT,
                "stale",
                plain(&t.stale_button()),
            ));
        }
        let turn = match action {
            TableAction::Pass => Turn::Pass,
            _ => {
                let square = |s: &Option<String>| {
                    s.as_deref()
                        .and_then(Square::parse)
                        .filter(|q| q.file < 16 && q.rank < 16)
                };
                let (Some(from), Some(to)) = (square(&req.from), square(&req.to)) else {
                    return Err(ApiError::new(
                        StatusCode::BAD_REQUEST,
                        "bad_request",
                        words::text(viewer.lang, "bad_squares"),
                    ));
                };
                Turn::between(from, to)
            }
        };
        let (input, version) = (TableInput::Turn(turn), r.table.version);
        app.games
            .run(move |s| s.table_play(id, TableActor::User(user), &input, Some(version), now))
            .await
    };
    match change {
        Ok(change) => {
            // The chat's board, the program's turns, the news and the end follow in the
            // background; the page gets its answer at once.
            let app2 = app.clone();
            let table = change.table.clone();
            tokio::spawn(async move { tables::changed(&app2, change).await });
            let fresh = read(app, crate::bot::state::pages::table_key(table.id))
                .map_err(|e| service(e, t))?;
            match fresh {
                Some(r) => Ok(self::table(&r, viewer, token, app.now())),
                None => Err(service(
                    ServiceError::NoSuchGame(crate::bot::state::pages::table_key(id)),
                    t,
                )),
            }
        }
        Err(ServiceError::Table(why)) => Err(refused(&r, &why, t, viewer.lang)),
        Err(ServiceError::Stale { .. }) => Err(ApiError::new(
            StatusCode::CONFLICT,
            "stale",
            plain(&t.stale_button()),
        )),
        Err(e) => Err(service(e, t)),
    }
}

/// A table's refusal in the page's words: "it is Alice's move" names the seat's player.
fn refused(r: &TableRead, why: &TableRefusal, t: &dyn Texts, lang: Language) -> ApiError {
    let (status, code) = match why {
        TableRefusal::NoSuchTable => (StatusCode::NOT_FOUND, "no_such_game"),
        TableRefusal::NotSeated => (StatusCode::FORBIDDEN, "not_your_game"),
        TableRefusal::NotYourSeat(_) => (StatusCode::CONFLICT, "not_your_turn"),
        TableRefusal::NotPlaying => (StatusCode::CONFLICT, "game_over"),
        _ => (StatusCode::CONFLICT, "refused"),
    };
    let text = match why {
        // The name is escaped as the chat's mention would be, so `plain` keeps it whole.
        TableRefusal::NotYourSeat(seat) => t.not_your_seat(
            &crate::bot::texts::escape(&seat_name(r, *seat, lang)),
            *seat,
        ),
        other => t.table_refusal(other),
    };
    ApiError::new(status, code, plain(&text))
}
