//! A game of any seat count as the page sees it (the JSON of docs/WEBAPP.md, "The
//! game"): the position, the legal destinations of every piece of the seat to move with the
//! chain a tap plays, the clocks with the server's time, the move list, the players, the
//! result in words and what the viewer may do. One struct for two to four seats, written
//! from one read of the game, its replay and its players.

use crate::bot::play::board::result_context;
use crate::bot::state::App;
use crate::bot::texts::tables::seat_mark;
use crate::bot::texts::{texts, webapp};
use crate::bot::webapp::sessions::Viewer;
use crate::engine::multi::MultiPos;
use crate::engine::{AnyGame, Color, GameResult, Ply, Seat, Square};
use crate::game::{
    GameId, GameRecord, Language, Player, Reads, ServiceError, Status, TimeControl, Timestamp,
};
use serde::Serialize;
use std::collections::BTreeMap;

/// A game read for the page: the record, its replay and its people's names by seat.
pub struct Read {
    /// The record.
    pub game: GameRecord,
    /// Its replay.
    pub replay: AnyGame,
    names: Vec<Option<String>>,
}

/// The names of `g`'s players as stored (people only), one per seat in turn order.
pub fn names(s: Reads<'_>, g: &GameRecord) -> Vec<Option<String>> {
    g.players
        .iter()
        .map(|p| {
            p.user()
                .and_then(|u| s.user(u).ok().flatten())
                .map(|r| r.name)
        })
        .collect()
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

/// How the page names whoever plays `seat` in `g` now: a person by name, the program (a
/// program seat, or a seat whose person left) as the chat does.
fn player_name(g: &GameRecord, names: &[Option<String>], seat: Seat, lang: Language) -> String {
    let p = match g.left().has(seat) {
        true => Player::Program {
            level: crate::game::LEFT_SEAT_LEVEL,
        },
        false => g.player(seat),
    };
    match p {
        Player::Human(u) => g
            .seat_no(seat)
            .and_then(|i| names.get(i).cloned().flatten())
            .unwrap_or_else(|| format!("#{}", u.0)),
        p => plain(&crate::bot::texts::player_mention(p, None, lang)),
    }
}

/// A seat's letter in the page's JSON (`w`, `g`, `b`, `r`).
fn letter(s: Seat) -> String {
    s.letter().to_string()
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

/// How the page lays a game out: two players above and below the board, or a table's
/// seats in a list.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// Two sides.
    Two,
    /// Three or four seats.
    Table,
}

/// A game as the page sees it.
#[derive(Clone, Debug, Serialize)]
pub struct GameView {
    /// Two sides or a table.
    pub kind: Kind,
    /// The token that names the game.
    pub token: String,
    /// The stored version (the page draws only newer ones).
    pub version: u64,
    /// The variant's id.
    pub variant: String,
    /// The variant's name in the viewer's language.
    pub title: String,
    /// Squares per side of the board.
    pub size: u8,
    /// The seats in turn order.
    pub seats: Vec<String>,
    /// Quarter turns that bring the viewer's camp to the bottom left.
    pub turns: u8,
    /// Each seat's home (its camp) squares.
    pub homes: BTreeMap<String, Vec<String>>,
    /// Each seat's pieces.
    pub pieces: BTreeMap<String, Vec<String>>,
    /// Plies played.
    pub ply: u32,
    /// The move number (two sides) or round (a table) being played.
    pub round: u16,
    /// The seat to move.
    pub turn: String,
    /// The last move's squares.
    pub last: Vec<String>,
    /// Every ply: the seat that played it and its text (`c3-e5`, `--`).
    pub moves: Vec<(String, String)>,
    /// For each movable piece of the seat to move, each destination with the chain a tap
    /// there plays.
    pub targets: BTreeMap<String, BTreeMap<String, Vec<String>>>,
    /// Destinations that return a piece home after the deadline (a loss, asked first).
    pub losing: BTreeMap<String, Vec<String>>,
    /// Each seat's player.
    pub players: BTreeMap<String, PlayerView>,
    /// Pending offers, by the seat that made them.
    pub offer: Offers,
    /// The result, once the game is over or called off.
    pub result: Option<ResultView>,
    /// Fischer clocks, in a game on a clock.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub clocks: Option<ClocksView>,
    /// When the turn's time (a per-move limit, days a move) runs out.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deadline: Option<u64>,
    /// One line on where the game stands.
    pub status: String,
    /// The server's time, for the clocks.
    pub server_time: u64,
    /// What the viewer may do.
    pub viewer: ViewerView,
}

/// One seat's player.
#[derive(Clone, Debug, Serialize)]
pub struct PlayerView {
    /// Their name (the program's in words).
    pub name: String,
    /// The program plays the seat (from the start, or since its person left).
    pub program: bool,
    /// Its place, once known.
    pub place: Option<u8>,
    /// Its person left the game.
    pub left: bool,
    /// Its pieces have all arrived (a table).
    pub finished: bool,
    /// The seat's coloured mark.
    pub mark: &'static str,
    /// The seat's colour in words.
    pub seat: String,
}

/// Pending offers (two sides): the seat that offered.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Offers {
    /// A draw offer.
    pub draw: Option<String>,
    /// A takeback request.
    pub takeback: Option<String>,
}

/// How a game ended.
#[derive(Clone, Debug, Serialize)]
pub struct ResultView {
    /// The winning side of a two-sided game (none: a draw, or places).
    pub winner: Option<String>,
    /// Each seat's place (a two-sided game's winner 1st).
    pub places: BTreeMap<String, Option<u8>>,
    /// Why, in words.
    pub reason: String,
}

/// Fischer clocks: each seat's bank at `server_time`, the running one's shrinking.
#[derive(Clone, Debug, Serialize)]
pub struct ClocksView {
    /// Milliseconds left by seat.
    #[serde(flatten)]
    pub banks: BTreeMap<String, u64>,
    /// The seat whose clock runs.
    pub running: Option<String>,
    /// When the banks were read.
    pub server_time: u64,
}

/// What the viewer may do now.
#[derive(Clone, Debug, Default, Serialize)]
pub struct ViewerView {
    /// The viewer's seat, if they play.
    pub seat: Option<String>,
    /// Move (their seat is to move).
    #[serde(rename = "move")]
    pub play: bool,
    /// Pass (a table's seat with no move).
    pub pass: bool,
    /// Resign (two sides).
    pub resign: bool,
    /// Leave the game (a table: the program plays the seat on).
    pub leave: bool,
    /// Offer a draw.
    pub draw: bool,
    /// Answer the opponent's draw offer.
    pub draw_answer: bool,
    /// Ask to take back a move.
    pub takeback: bool,
    /// Answer the opponent's takeback request.
    pub takeback_answer: bool,
    /// See the analysis.
    pub analysis: bool,
    /// Ask for a rematch.
    pub rematch: bool,
}

fn squares(v: impl IntoIterator<Item = Square>) -> Vec<String> {
    v.into_iter().map(|s| s.to_string()).collect()
}

/// The game `r` as `viewer` sees it at `now`, named by `token`.
pub fn game(r: &Read, viewer: &Viewer, token: &str, now: Timestamp) -> GameView {
    let (g, game) = (&r.game, &r.replay);
    let lang = viewer.lang;
    let t = texts(lang);
    let active = g.is_active();
    let seats = g.variant.seats();
    let turn = game.to_move();
    let mine = g.seat_of(viewer.user);
    let table = g.is_table();

    // Each movable piece's destinations and the chain a tap there plays.
    let mut targets = BTreeMap::new();
    let mut losing = BTreeMap::new();
    if active && !game.must_pass() {
        for from in game.movable() {
            let mut to_map = BTreeMap::new();
            let mut lose = Vec::new();
            for to in game.destinations(from) {
                let Ok(Ply::Move(path)) = game.check(&[from, to]) else {
                    continue;
                };
                if game.is_return_home(&Ply::Move(path.clone())) {
                    lose.push(to.to_string());
                }
                to_map.insert(to.to_string(), squares(path.squares().to_vec()));
            }
            if !to_map.is_empty() {
                targets.insert(from.to_string(), to_map);
            }
            if !lose.is_empty() {
                losing.insert(from.to_string(), lose);
            }
        }
    }
    let (homes, pieces) = placement(game);
    let places = match g.ending() {
        Some(o) => o.places(),
        None => game.multi().map(|m| m.places_known()).unwrap_or([None; 4]),
    };
    let done = game.done();
    let left = g.left();
    let players = seats
        .iter()
        .map(|s| {
            let view = PlayerView {
                name: player_name(g, &r.names, *s, lang),
                program: matches!(g.player(*s), Player::Program { .. }) || left.has(*s),
                place: places[s.index()],
                left: left.has(*s),
                finished: table && done.has(*s) && !left.has(*s),
                mark: seat_mark(*s),
                seat: t.seat_name(*s),
            };
            (letter(*s), view)
        })
        .collect();
    let plies = game.plies_played();
    let movers = movers(game);
    let moves = plies
        .iter()
        .zip(&movers)
        .map(|(p, s)| (letter(*s), p.to_string()))
        .collect();

    let mut view = GameView {
        kind: if table { Kind::Table } else { Kind::Two },
        token: token.to_string(),
        version: g.version.0,
        variant: g.variant.id().to_string(),
        title: t.game_variant(&g.variant),
        size: g.variant.board_n(),
        seats: seats.iter().copied().map(letter).collect(),
        turns: mine.unwrap_or(Seat::White).quarter_turns(),
        homes,
        pieces,
        ply: g.ply(),
        round: game.round(),
        turn: letter(turn),
        last: game
            .last_path()
            .map(|p| squares(p.squares().to_vec()))
            .unwrap_or_default(),
        moves,
        targets,
        losing,
        players,
        offer: Offers {
            draw: g
                .draw_offer
                .filter(|o| active && o.expires_at > now)
                .map(|o| letter(o.by.into())),
            takeback: g
                .takeback
                .filter(|o| active && o.ply == g.ply())
                .map(|o| letter(o.by.into())),
        },
        result: None,
        clocks: None,
        deadline: None,
        status: String::new(),
        server_time: now.0,
        viewer: ViewerView::default(),
    };

    // Clocks and the move's deadline, frozen while the game is paused or over.
    let at = g.paused.unwrap_or(now);
    let no = g.seat_no(turn).unwrap_or(0);
    match g.time_control {
        TimeControl::Clock { .. } if active || matches!(g.status, Status::Over { .. }) => {
            let banks = seats
                .iter()
                .enumerate()
                .map(|(i, s)| {
                    let bank = g.clocks.remaining[i];
                    let ms = match active && i == no {
                        true => bank.saturating_sub(at.since(g.clocks.turn_started)),
                        false => bank,
                    };
                    (letter(*s), ms.0)
                })
                .collect();
            view.clocks = Some(ClocksView {
                banks,
                running: (active && g.paused.is_none()).then(|| letter(turn)),
                server_time: now.0,
            });
        }
        TimeControl::PerMove { limit } if active => {
            view.deadline = Some(g.clocks.turn_started.plus(limit).0);
        }
        TimeControl::Days { .. } if active => {
            view.deadline = g.move_due().map(|d| d.0);
        }
        _ => {}
    }

    view.status = match (g.status, game) {
        (Status::Lobby, _) => g
            .variant
            .multi()
            .map(|v| t.table_page_lobby(v))
            .unwrap_or_default(),
        (Status::Active, _) if g.paused.is_some() => plain(&t.paused()),
        (Status::Active, AnyGame::Multi(_)) => {
            let name = player_name(g, &r.names, turn, lang);
            t.table_page_turn(turn, &name, game.round())
        }
        (Status::Active, AnyGame::Two(_)) => webapp::text(
            lang,
            if turn == Seat::Black {
                "turn_b"
            } else {
                "turn_w"
            },
        )
        .to_string(),
        (Status::Over { outcome, .. }, _) => {
            let by_seat = seats
                .iter()
                .map(|s| (letter(*s), outcome.place(*s)))
                .collect();
            let (winner, status, reason) = match (outcome.two(), game) {
                (Some(o), AnyGame::Two(two)) => {
                    let winner = o.result.winner();
                    let status = match o.result {
                        GameResult::WhiteWins => webapp::text(lang, "win_w"),
                        GameResult::BlackWins => webapp::text(lang, "win_b"),
                        GameResult::Draw => webapp::text(lang, "drawn"),
                    };
                    let reason = plain(&t.result(o, &result_context(g, two)));
                    (winner.map(|c| letter(c.into())), status.to_string(), reason)
                }
                _ => {
                    let first = table_end_line(g, game, lang);
                    (None, first.clone(), first)
                }
            };
            view.result = Some(ResultView {
                winner,
                places: by_seat,
                reason,
            });
            status
        }
        (Status::Aborted { .. }, _) => {
            let words = plain(&t.aborted("—"));
            view.result = Some(ResultView {
                winner: None,
                places: BTreeMap::new(),
                reason: words.clone(),
            });
            words
        }
    };

    let playing = active && mine.is_some() && g.paused.is_none();
    let opponent_is = |p: fn(&Player) -> bool| {
        mine.and_then(Seat::color)
            .is_some_and(|c| !table && p(&g.player(!c)))
    };
    let draw_pending = g.draw_offer.filter(|o| o.expires_at > now);
    let takeback_pending = g.takeback.filter(|o| o.ply == g.ply());
    let others_offer = |by: Option<Color>| {
        mine.and_then(Seat::color)
            .is_some_and(|c| by.is_some_and(|b| b != c))
    };
    let my_move = playing
        && (g.player_to_move() == Player::Human(viewer.user) || (g.is_solo() && mine.is_some()));
    let still_in = mine.is_some_and(|s| !done.has(s));
    view.viewer = ViewerView {
        seat: mine.map(letter),
        play: my_move,
        pass: my_move && game.must_pass(),
        resign: active && mine.is_some() && !table,
        leave: active && table && still_in,
        draw: playing
            && g.variant.draw_offers()
            && opponent_is(|p| matches!(p, Player::Human(_)))
            && draw_pending.is_none(),
        draw_answer: playing && others_offer(draw_pending.map(|o| o.by)),
        takeback: playing
            && !g.rated
            && !table
            && g.ply() > 0
            && !opponent_is(|p| matches!(p, Player::Absent))
            && takeback_pending.is_none(),
        takeback_answer: playing && others_offer(takeback_pending.map(|o| o.by)),
        analysis: matches!(g.status, Status::Over { .. }) && !g.is_solo() && !table,
        rematch: matches!(g.status, Status::Over { .. })
            && mine.is_some()
            && !g.is_solo()
            && g.inline.is_none()
            && g.players.iter().all(|p| !matches!(p, Player::Absent)),
    };
    view
}

/// Each seat's camp and pieces (a table's camps are its start position's pieces).
type Placement = (BTreeMap<String, Vec<String>>, BTreeMap<String, Vec<String>>);

fn placement(game: &AnyGame) -> Placement {
    match game {
        AnyGame::Two(g) => {
            let (v, pos) = (g.variant(), g.position());
            let by = |f: &dyn Fn(Color) -> Vec<Square>| {
                Color::ALL
                    .into_iter()
                    .map(|c| (letter(c.into()), squares(f(c))))
                    .collect()
            };
            (by(&|c| v.home(c)), by(&|c| pos.pieces(c)))
        }
        AnyGame::Multi(g) => {
            let start = MultiPos::start(g.variant());
            let pos = g.position();
            let seats = g.variant().seats();
            let by = |p: &MultiPos| {
                seats
                    .iter()
                    .map(|s| (letter(s), squares(p.pieces(s))))
                    .collect()
            };
            (by(&start), by(pos))
        }
    }
}

/// The seat that played each ply.
fn movers(game: &AnyGame) -> Vec<Seat> {
    match game {
        AnyGame::Two(g) => {
            let mut side = g.start().side_to_move();
            g.moves()
                .iter()
                .map(|_| {
                    let s = side;
                    side = !side;
                    Seat::from(s)
                })
                .collect()
        }
        AnyGame::Multi(g) => {
            let positions = g.positions();
            positions[..g.turns().len()]
                .iter()
                .map(|p| p.to_move())
                .collect()
        }
    }
}

/// The first line of a table's end in words: why it ended.
fn table_end_line(g: &GameRecord, game: &AnyGame, lang: Language) -> String {
    let Some(m) = game.multi() else {
        return String::new();
    };
    let view = crate::bot::texts::tables::TableView {
        variant: m.variant(),
        seats: Vec::new(),
        round: game.round(),
        last: None,
        time: g.time_control,
        move_by: None,
        over: g.ending().map(|o| o.reason()),
        ratings: Vec::new(),
        paused: false,
    };
    plain(
        texts(lang)
            .table_end(&view)
            .lines()
            .next()
            .unwrap_or_default(),
    )
}

/// One entry of the viewer's games list.
#[derive(Clone, Debug, Serialize)]
pub struct GameEntry {
    /// The token that names the game.
    pub token: String,
    /// The variant's id.
    pub variant: String,
    /// The other players, by name.
    pub opponent: String,
    /// The viewer is to move.
    pub your_turn: bool,
}

/// One entry of the viewer's games list: `g`, whose players are called `names`.
pub fn entry(g: &GameRecord, names: &[Option<String>], viewer: &Viewer, token: &str) -> GameEntry {
    let mine = g.seat_of(viewer.user);
    let others: Vec<String> = g
        .variant
        .seats()
        .iter()
        .filter(|s| Some(**s) != mine && g.player(**s) != Player::Absent)
        .map(|s| player_name(g, names, *s, viewer.lang))
        .collect();
    GameEntry {
        token: token.to_string(),
        variant: g.variant.id().to_string(),
        opponent: others.join(", "),
        your_turn: g.is_active()
            && (g.player_to_move() == Player::Human(viewer.user)
                || (g.is_solo() && mine.is_some())),
    }
}
