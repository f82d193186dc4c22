//! After a run: open the bot's store and check it against itself, against the moves the
//! driver saw acknowledged, and against the board messages the fake kept.
//!
//! - every stored game replays legally to its stored position; an active game is not
//!   decided, a finished one has an outcome, no game has fewer versions than moves;
//! - every chat's list of active games holds exactly its active games;
//! - every move the driver saw on a board is in the store, in order, and at most the
//!   allowed few more (a move sent but not yet shown, the program's answer);
//! - every board message (latest caption, keyboard and picture bytes) shows its game's
//!   stored state: the picture is drawn again here and compared byte for byte.

use super::{LoadError, TrackedGame};
use crate::bot::callback::Callback;
use crate::engine::{AnyGame, Ply, Seat};
use crate::fakeapi::{FakeApi, keyboard_buttons};
use crate::game::{AnyRecord, GameRecord, Orientation, RecordKind, Storage};
use crate::render::{RenderOptions, Renderer, Selection};
use crate::store::{SledStore, StoreConfig};
use std::collections::{HashMap, HashSet};
use std::ops::ControlFlow;

/// What the check found.
#[derive(Clone, Debug, Default)]
pub struct CheckReport {
    /// Games stored.
    pub games: usize,
    /// Of which active.
    pub active: usize,
    /// Moves stored over all games.
    pub moves: u64,
    /// Games the driver followed, compared with the store.
    pub tracked: usize,
    /// Board messages compared with their games.
    pub boards: usize,
    /// Everything wrong (empty when all is well).
    pub problems: Vec<String>,
}

impl CheckReport {
    /// One line.
    pub fn summary(&self) -> String {
        format!(
            "check: {} games stored ({} active, {} moves) all replay: {}; {} followed games and {} board messages compared; {} problems",
            self.games,
            self.active,
            self.moves,
            if self.problems.iter().any(|p| p.contains("replay")) {
                "no"
            } else {
                "yes"
            },
            self.tracked,
            self.boards,
            self.problems.len()
        )
    }
}

/// Open the store in `data_dir` (the bot must have stopped) and check it.
pub fn verify(
    data_dir: &std::path::Path,
    tracked: &[TrackedGame],
    api: &FakeApi,
    board_px: u32,
) -> Result<CheckReport, LoadError> {
    let store = SledStore::open(&StoreConfig::at(data_dir))
        .map_err(|e| LoadError::Store(format!("cannot open the store to check it: {e}")))?;
    verify_store(&store, tracked, Some((api, board_px)))
}

/// Games by id, each with its replay once checked.
type Games = HashMap<u64, (GameRecord, Option<AnyGame>)>;

/// Check an open store (the boards too when a fake API and picture size are given).
pub fn verify_store(
    store: &dyn Storage,
    tracked: &[TrackedGame],
    boards: Option<(&FakeApi, u32)>,
) -> Result<CheckReport, LoadError> {
    let mut r = CheckReport::default();
    let serr = |e: crate::game::StoreError| LoadError::Store(e.to_string());
    let mut games: Games = HashMap::new();
    store
        .scan(RecordKind::Game, &mut |rec| {
            if let AnyRecord::Game(g) = rec {
                games.insert(g.id.0, (g, None));
            }
            ControlFlow::Continue(())
        })
        .map_err(serr)?;
    r.games = games.len();
    for (g, replayed) in games.values_mut() {
        check_game(g, replayed, &mut r);
    }
    let mut chats: HashMap<i64, crate::game::ChatRecord> = HashMap::new();
    store
        .scan(RecordKind::Chat, &mut |rec| {
            if let AnyRecord::Chat(c) = rec {
                chats.insert(c.id.0, c);
            }
            ControlFlow::Continue(())
        })
        .map_err(serr)?;
    let index = store.all_chat_games().map_err(serr)?;
    check_chat_index(&games, &index, &mut r);
    check_acknowledged(&games, tracked, &mut r);
    if let Some((api, px)) = boards {
        let renderer = Renderer::new();
        for (g, game) in games.values() {
            let (Some(_), Some(game)) = (g.message, game) else {
                continue;
            };
            r.boards += 1;
            if let Some(p) = board_problem(api, &renderer, px, g, game, chats.get(&g.chat.0)) {
                r.problems.push(p);
            }
        }
    }
    Ok(r)
}

/// One stored game: its version, that it replays, and that its status fits its position.
fn check_game(g: &GameRecord, replayed: &mut Option<AnyGame>, r: &mut CheckReport) {
    r.moves += g.moves.len() as u64;
    if g.is_active() {
        r.active += 1;
    }
    if (g.version.0 as usize) < g.moves.len() + 1 {
        r.problems.push(format!(
            "game {}: version {} with {} moves",
            g.id,
            g.version.0,
            g.moves.len()
        ));
    }
    let game = match g.replay() {
        Ok(game) => game,
        Err(e) => {
            r.problems
                .push(format!("game {} does not replay: {e}", g.id));
            return;
        }
    };
    if g.is_active() && game.is_over() {
        r.problems.push(format!(
            "game {}: active, but its position is decided",
            g.id
        ));
    }
    let aborted = matches!(g.status, crate::game::Status::Aborted { .. });
    let lobby = g.status == crate::game::Status::Lobby;
    if !g.is_active() && g.ending().is_none() && !g.is_solo() && !aborted && !lobby {
        r.problems
            .push(format!("game {}: finished without an outcome", g.id));
    }
    *replayed = Some(game);
}

/// Chats' lists of active games (the `chat_games` index) against the games.
fn check_chat_index(
    games: &Games,
    index: &[(crate::game::ChatId, crate::game::GameId)],
    r: &mut CheckReport,
) {
    let mut listed: HashSet<u64> = HashSet::new();
    for &(chat, id) in index {
        listed.insert(id.0);
        match games.get(&id.0) {
            None => r
                .problems
                .push(format!("chat {chat} lists missing game {id}")),
            Some((g, _)) if !g.is_active() => r
                .problems
                .push(format!("chat {chat} lists finished game {id}")),
            Some((g, _)) if g.board_in(chat).is_none() => r
                .problems
                .push(format!("chat {chat} lists game {id} of chat {}", g.chat)),
            _ => {}
        }
    }
    for (g, _) in games.values() {
        if g.is_active() && !listed.contains(&g.id.0) {
            r.problems
                .push(format!("active game {} is not listed in its chat", g.id));
        }
    }
}

/// Every acknowledged move is stored, in order, with no more after it than expected.
fn check_acknowledged(games: &Games, tracked: &[TrackedGame], r: &mut CheckReport) {
    for t in tracked {
        r.tracked += 1;
        let Some((g, _)) = games.get(&t.id) else {
            r.problems
                .push(format!("game {} was played but is not stored", t.id));
            continue;
        };
        let n = t.acked.len();
        let extra = g.moves.len().saturating_sub(n);
        let same = |p: &Ply, a: &crate::engine::Path| p.path() == Some(a);
        let agree = g.moves.len() >= n && g.moves.iter().zip(&t.acked).all(|(p, a)| same(p, a));
        if !agree {
            let shown: Vec<String> = t.acked.iter().map(ToString::to_string).collect();
            let stored: Vec<String> = g.moves.iter().map(ToString::to_string).collect();
            r.problems.push(format!(
                "game {}: acknowledged moves [{}] are not the start of the stored [{}]",
                t.id,
                shown.join(" "),
                stored.join(" ")
            ));
        } else if extra > t.may_have_more as usize {
            r.problems.push(format!(
                "game {}: {extra} stored moves beyond the {n} acknowledged (at most {} expected)",
                t.id, t.may_have_more
            ));
        }
    }
}

/// How a board message differs from its game, if it does.
fn board_problem(
    api: &FakeApi,
    renderer: &Renderer,
    px: u32,
    g: &GameRecord,
    game: &AnyGame,
    chat: Option<&crate::game::ChatRecord>,
) -> Option<String> {
    let mid = g.message?;
    let Some(m) = api.message(g.chat.0, i64::from(mid.0)) else {
        return Some(format!("game {}: board message {mid} not found", g.id));
    };
    if m.deleted {
        return Some(format!("game {}: board message {mid} was deleted", g.id));
    }
    let caption = m
        .json
        .get("caption")
        .and_then(serde_json::Value::as_str)
        .unwrap_or("");
    // A table's caption names a move by its ends (`c3-e5`), a two-sided one by its path.
    let shows = |last: &Ply| match (last, g.is_table()) {
        (Ply::Move(p), true) => {
            caption.contains(&p.from().to_string()) && caption.contains(&p.to().to_string())
        }
        (p, _) => caption.contains(&p.to_string()),
    };
    if let Some(last) = g.moves.last()
        && !shows(last)
    {
        return Some(format!(
            "game {}: the caption does not show the last move {last}: {caption:?}",
            g.id
        ));
    }
    let buttons = keyboard_buttons(m.json.get("reply_markup"));
    for (_, d) in &buttons {
        let ok = match Callback::decode(d) {
            Ok(Callback::Tap { game, ply, .. })
            | Ok(Callback::Reset { game, ply })
            | Ok(Callback::Pass { game, ply })
            | Ok(Callback::Act { game, ply, .. })
            | Ok(Callback::Move { game, ply, .. }) => {
                g.is_active() && game == g.id && ply == g.ply()
            }
            Ok(Callback::Rematch { game }) | Ok(Callback::Export { game, .. }) => {
                !g.is_active() && game == g.id
            }
            _ => true,
        };
        if !ok {
            return Some(format!(
                "game {} (ply {}, {}): board button {d} does not match",
                g.id,
                g.ply(),
                if g.is_active() { "active" } else { "finished" }
            ));
        }
    }
    // A table's board has no picker while the program moves, but always Leave.
    if buttons.is_empty() {
        return Some(format!("game {}: the board has no keyboard", g.id));
    }
    let Some(bytes) = m.media.as_deref() else {
        return Some(format!("game {}: the board has no picture", g.id));
    };
    let view = if g.chat.0 > 0 {
        g.seat_of(crate::game::UserId(g.chat.0 as u64))
            .unwrap_or(Seat::White)
    } else {
        match chat.map(|c| c.settings.orientation).unwrap_or_default() {
            _ if g.is_table() => g.to_move(),
            Orientation::White => Seat::White,
            Orientation::SideToMove => g.to_move(),
        }
    };
    let game = match game {
        AnyGame::Two(two) => two,
        AnyGame::Multi(_) => {
            // A table's picture is drawn again and compared byte for byte.
            let opts = RenderOptions {
                size_px: px.max(640),
                view,
                last_move: game.last_path(),
                ..RenderOptions::default()
            };
            let mut candidates = vec![opts.clone()];
            for sq in game.movable() {
                candidates.push(RenderOptions {
                    selection: Some(Selection {
                        piece: sq,
                        targets: game.destinations(sq),
                    }),
                    ..opts.clone()
                });
            }
            let same = candidates
                .iter()
                .any(|o| renderer.render_png(game, o).is_ok_and(|png| png == *bytes));
            return (!same).then(|| {
                format!(
                    "game {} (ply {}): the table's picture is not the stored position",
                    g.id,
                    g.ply()
                )
            });
        }
    };
    // Pixels, not bytes: a bot built with another PNG encoder (an A/B run with
    // `--bot-exe`) draws the same board in other bytes.
    let Some(shown) = indexed_pixels(bytes) else {
        return Some(format!(
            "game {}: the board picture is not an indexed PNG",
            g.id
        ));
    };
    let pos = game.position();
    let base = RenderOptions {
        size_px: px,
        view,
        last_move: game.moves().last().cloned(),
        better: None,
        selection: None,
        error_mark: None,
    };
    let draw = |o: &RenderOptions| {
        renderer
            .render(pos, o)
            .is_ok_and(|p| p.palette == shown.0 && p.pixels == shown.1)
    };
    if draw(&base) {
        return None;
    }
    // A piece may be selected (a tap waiting for its destination).
    if g.is_active() {
        for sq in pos.pieces(pos.side_to_move()) {
            let targets = pos.destinations(sq);
            if targets.is_empty() {
                continue;
            }
            let o = RenderOptions {
                selection: Some(Selection { piece: sq, targets }),
                ..base.clone()
            };
            if draw(&o) {
                return None;
            }
        }
    }
    Some(format!(
        "game {} (ply {}): the board picture is not the stored position",
        g.id,
        g.ply()
    ))
}

/// The palette and the pixels (palette indices) of an indexed PNG.
fn indexed_pixels(bytes: &[u8]) -> Option<(Vec<u8>, Vec<u8>)> {
    let mut d = png::Decoder::new(std::io::Cursor::new(bytes));
    d.set_transformations(png::Transformations::IDENTITY);
    let mut r = d.read_info().ok()?;
    let palette = r.info().palette.as_ref()?.to_vec();
    let mut pixels = vec![0; r.output_buffer_size()?];
    let info = r.next_frame(&mut pixels).ok()?;
    pixels.truncate(info.buffer_size());
    Some((palette, pixels))
}
