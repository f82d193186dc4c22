//! A game as the page sees it (the JSON of docs/WEBAPP.md, "The game"): the position, the
//! legal destinations of every piece of the side to move with the chain a tap plays, the
//! clocks with the server's time, the move list, the players, the result in words and what
//! the viewer may do. Written from one read of the game, its replay and its players.

use crate::bot::board::result_context;
use crate::bot::state::App;
use crate::bot::texts::{texts, webapp};
use crate::bot::webapp::sessions::Viewer;
use crate::engine::{Color, Game, Move};
use crate::game::{
    GameId, GameRecord, GameService, Language, Player, ServiceError, Status, TimeControl, Timestamp,
};
use serde_json::{Map, Value, json};

/// A game read for the page: the record, its replay and its players' names.
pub struct Read {
    /// The record.
    pub game: GameRecord,
    /// Its replay.
    pub replay: Game,
    names: [Option<String>; 2],
}

/// The names of `g`'s players as stored (people only), for [`player_name`].
pub fn names(s: &GameService, g: &GameRecord) -> [Option<String>; 2] {
    Color::ALL.map(|c| {
        g.player(c)
            .user()
            .and_then(|u| s.user(u).ok().flatten())
            .map(|r| r.name)
    })
}

/// Read game `id` for the page (reads only, in place).
pub fn read(app: &App, id: GameId) -> Result<Read, ServiceError> {
    app.games.read(|s| {
        let g = s.game(id)?;
        let replay = s.replay(&g)?;
        let names = names(s, &g);
        Ok(Read {
            game: g,
            replay,
            names,
        })
    })
}

/// How the page names the player of colour `c` in `g`: a person by name, the program as
/// the chat does.
fn player_name(g: &GameRecord, names: &[Option<String>; 2], c: Color, lang: Language) -> String {
    match g.player(c) {
        Player::Human(u) => names[c.index()]
            .clone()
            .unwrap_or_else(|| format!("#{}", u.0)),
        p => plain(&crate::bot::texts::player_mention(p, None, lang)),
    }
}

fn side(c: Color) -> &'static str {
    match c {
        Color::White => "w",
        Color::Black => "b",
    }
}

/// Drop the HTML tags of a chat text (the page shows words, not markup).
pub(crate) fn plain(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut tag = false;
    for c in html.chars() {
        match c {
            '<' => tag = true,
            '>' if tag => tag = false,
            _ if !tag => out.push(c),
            _ => {}
        }
    }
    out.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&amp;", "&")
}

/// The game `r` as `viewer` sees it at `now`, named by `token`.
pub fn game(r: &Read, viewer: &Viewer, token: &str, now: Timestamp) -> Value {
    let (g, game) = (&r.game, &r.replay);
    let lang = viewer.lang;
    let t = texts(lang);
    let pos = game.position();
    let variant = pos.variant();
    let n = variant.board().n();
    let turn = pos.side_to_move();
    let active = g.is_active();
    let mine = g.color_of(viewer.user);

    let squares = |v: Vec<crate::engine::Square>| -> Vec<String> {
        v.into_iter().map(|s| s.to_string()).collect()
    };
    let mut targets = Map::new();
    let mut losing = Map::new();
    if active {
        for from in pos.pieces(turn) {
            let mut to_map = Map::new();
            let mut lose = Vec::new();
            for to in pos.destinations(from) {
                let Ok(path) = pos.path(Move { from, to }) else {
                    continue;
                };
                let chain: Vec<String> = path.squares().iter().map(|s| s.to_string()).collect();
                to_map.insert(to.to_string(), json!(chain));
                if pos.is_return_home(Move { from, to }) {
                    lose.push(to.to_string());
                }
            }
            if !to_map.is_empty() {
                targets.insert(from.to_string(), Value::Object(to_map));
            }
            if !lose.is_empty() {
                losing.insert(from.to_string(), json!(lose));
            }
        }
    }

    let player = |c: Color| {
        json!({
            "name": player_name(g, &r.names, c, lang),
            "program": matches!(g.player(c), Player::Program { .. }),
        })
    };

    let mut out = json!({
        "token": token,
        "version": g.version.0,
        "variant": variant.id().to_string(),
        "size": n,
        "homes": { "w": squares(variant.home(Color::White)), "b": squares(variant.home(Color::Black)) },
        "pieces": { "w": squares(pos.pieces(Color::White)), "b": squares(pos.pieces(Color::Black)) },
        "ply": g.ply(),
        "turn": side(turn),
        "last": game.moves().last().map(|p| squares(p.squares().to_vec())).unwrap_or_default(),
        "moves": game.moves().iter().map(|p| p.to_string()).collect::<Vec<_>>(),
        "targets": targets,
        "losing": losing,
        "players": { "w": player(Color::White), "b": player(Color::Black) },
        "offer": {
            "draw": g.draw_offer.filter(|o| active && o.expires_at > now).map(|o| side(o.by)),
            "takeback": g.takeback.filter(|o| active && o.ply == g.ply()).map(|o| side(o.by)),
        },
        "result": Value::Null,
        "server_time": now.0,
    });

    // Clocks and the move's deadline, frozen while the game is paused or over.
    let at = g.paused.unwrap_or(now);
    match g.time_control {
        TimeControl::Clock { .. } if active || matches!(g.status, Status::Over { .. }) => {
            let mut rem = g.clocks.remaining;
            if active {
                let i = turn.index();
                rem[i] = rem[i].saturating_sub(at.since(g.clocks.turn_started));
            }
            out["clocks"] = json!({
                "w": rem[0].0, "b": rem[1].0,
                "running": (active && g.paused.is_none()).then(|| side(turn)),
                "server_time": now.0,
            });
        }
        TimeControl::PerMove { limit } if active => {
            out["deadline"] = json!(g.clocks.turn_started.plus(limit).0);
        }
        TimeControl::Days { .. } if active => {
            if let Some(due) = g.move_due() {
                out["deadline"] = json!(due.0);
            }
        }
        _ => {}
    }

    let status = match g.status {
        Status::Active if g.paused.is_some() => plain(&t.paused()),
        Status::Active => webapp::text(
            lang,
            if turn == Color::White {
                "turn_w"
            } else {
                "turn_b"
            },
        )
        .to_string(),
        Status::Over { outcome, .. } => {
            let ctx = result_context(g, game);
            let winner = outcome.result.winner();
            out["result"] = json!({
                "winner": winner.map(side),
                "reason": plain(&t.result(outcome, &ctx)),
            });
            match winner {
                Some(Color::White) => webapp::text(lang, "win_w"),
                Some(Color::Black) => webapp::text(lang, "win_b"),
                None => webapp::text(lang, "drawn"),
            }
            .to_string()
        }
        Status::Aborted { .. } => {
            let words = plain(&t.aborted("—"));
            out["result"] = json!({ "winner": Value::Null, "reason": words.clone() });
            words
        }
    };
    out["status"] = json!(status);

    let seat = mine;
    let playing = active && seat.is_some() && g.paused.is_none();
    let opponent_is = |p: fn(&Player) -> bool| seat.is_some_and(|c| p(&g.player(!c)));
    let draw_pending = g.draw_offer.filter(|o| o.expires_at > now);
    let takeback_pending = g.takeback.filter(|o| o.ply == g.ply());
    let others_offer = |by: Option<Color>| seat.is_some_and(|c| by.is_some_and(|b| b != c));
    out["viewer"] = json!({
        "seat": seat.map(side),
        "move": playing && (seat == Some(turn) || g.is_solo()),
        "resign": active && seat.is_some(),
        "draw": playing
            && g.variant.id().draw_offers()
            && opponent_is(|p| matches!(p, Player::Human(_)))
            && draw_pending.is_none(),
        "draw_answer": playing && others_offer(draw_pending.map(|o| o.by)),
        "takeback": playing
            && !g.rated
            && g.ply() > 0
            && !opponent_is(|p| matches!(p, Player::Absent))
            && takeback_pending.is_none(),
        "takeback_answer": playing && others_offer(takeback_pending.map(|o| o.by)),
        "analysis": matches!(g.status, Status::Over { .. }) && !g.variant.rules().solo,
        "rematch": !active
            && matches!(g.status, Status::Over { .. })
            && seat.is_some()
            && !g.variant.rules().solo
            && g.players.iter().all(|p| !matches!(p, Player::Absent)),
    });
    out
}

/// One entry of the viewer's games list: `g`, whose players are called `names`.
pub fn entry(g: &GameRecord, names: &[Option<String>; 2], viewer: &Viewer, token: &str) -> Value {
    let mine = g.color_of(viewer.user);
    let opponent = mine.map(|c| !c).unwrap_or(Color::Black);
    json!({
        "token": token,
        "variant": g.variant.id().to_string(),
        "opponent": player_name(g, names, opponent, viewer.lang),
        "your_turn": g.is_active() && (mine == Some(g.side_to_move()) || g.is_solo()),
    })
}
