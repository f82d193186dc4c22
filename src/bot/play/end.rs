//! The end of a game of any seat count: the result with its replay GIF and record in
//! every chat that shows it, the training room's comparison with the optimum; and the
//! replay and record sent on request (`/export`, `/history`).

use crate::ai;
use crate::bot::chat::messages::{Attachment, say, send_file};
use crate::bot::error::BotError;
use crate::bot::play::board;
use crate::bot::state::App;
use crate::bot::texts::{Texts, texts};
use crate::engine::{AnyGame, Game, Path};
use crate::game::{ChatId, GameRecord, Player, Status};
use crate::render::GifOptions;
use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

/// The record text of a game with the players' names, a tag per seat (`White`, `Black`;
/// at a table also `Green`, `Red`).
pub async fn record_text(app: &App, g: &GameRecord, game: &AnyGame) -> String {
    let name = |p: Player| match p {
        Player::Human(u) => app.user_name(u).unwrap_or_else(|| u.to_string()),
        Player::Program { level } => format!("ugolki-bot level {level}"),
        Player::Absent => "-".into(),
    };
    let date = date_of(g.created_at.0);
    let id = g.id.to_string();
    let seats: Vec<(&str, String)> = g.seated().map(|(s, p)| (s.name(), name(p))).collect();
    let mut tags: Vec<(&str, &str)> = vec![("Site", "Telegram"), ("Date", &date)];
    tags.extend(seats.iter().map(|(k, v)| (*k, v.as_str())));
    tags.push(("Game", &id));
    game.to_record(&tags)
}

/// The name of a game's files (`ugolki-12.gif`; a table's `halma-12.txt`).
fn file_name(g: &GameRecord, ext: &str) -> String {
    let stem = if g.is_table() { "halma" } else { "ugolki" };
    format!("{stem}-{}.{ext}", g.id)
}

/// `YYYY.MM.DD` of a Unix time in milliseconds (civil calendar, UTC).
pub fn date_of(ms: u64) -> String {
    let (y, m, d, _, _) = crate::bot::texts::civil(ms);
    format!("{y:04}.{m:02}.{d:02}")
}

/// Send a game's animated replay to the game's chat.
pub async fn send_replay(
    app: &App,
    g: &GameRecord,
    game: &AnyGame,
    caption: &str,
) -> Result<(), BotError> {
    send_replay_to(app, g.chat, g, game, caption).await
}

/// Send a game's animated replay to `to` (a player's `/history` may be in another chat).
pub async fn send_replay_to(
    app: &App,
    to: ChatId,
    g: &GameRecord,
    game: &AnyGame,
    caption: &str,
) -> Result<(), BotError> {
    let view = board::view_in(app, g, to);
    let a = app.clone();
    let gm = game.clone();
    // A table's replay shows a round a frame: hundreds of turns at a ply a frame would
    // make a file too long to watch.
    let opts = match g.is_table() {
        true => GifOptions {
            view,
            size_px: 480,
            ply_ms: 600,
            final_ms: 2500,
        },
        false => GifOptions {
            view,
            ..GifOptions::default()
        },
    };
    let gif = app
        .tasks
        .replays()
        .run(move || a.views.renderer().render_game_gif(&gm, &opts))
        .await??;
    let name = file_name(g, "gif");
    send_file(app, to, Attachment::Animation(gif), &name, Some(caption)).await
}

/// Send a game's record as a text document (the engine's record format) to `to`.
pub async fn send_record_to(
    app: &App,
    to: ChatId,
    g: &GameRecord,
    game: &AnyGame,
) -> Result<(), BotError> {
    let text = record_text(app, g, game).await;
    let name = file_name(g, "txt");
    send_file(
        app,
        to,
        Attachment::Document(text.into_bytes()),
        &name,
        None,
    )
    .await
}

/// Announce the end of `g` in the background: its replay takes a while to make and send,
/// and the chat's next updates (other games' moves) must not wait for it. A stop waits
/// for these ([`Tasks::ending`](crate::bot::state::parts::Tasks::ending)).
pub(in crate::bot::play) fn spawn_announce_end(
    app: &App,
    g: GameRecord,
    replayed: Option<AnyGame>,
) {
    let ending = app.tasks.ending();
    let app = app.clone();
    tokio::spawn(async move {
        let _ending = ending;
        let app = &app;
        // A game that ended by a move comes with its replay; one that ended otherwise (on
        // time, by resignation) is replayed here, off the handler's path.
        let g2 = g.clone();
        let game = match replayed {
            Some(game) => Ok(game),
            None => app.games.run(move |s| s.replay(&g2)).await,
        };
        let r = match game {
            Ok(game) => announce_end(app, &g, &game).await,
            Err(e) => Err(e.into()),
        };
        if let Err(e) = r {
            tracing::warn!(game = %g.id, error = %e, "announcing the end of a game failed");
        }
    });
}

/// The end of a game: the replay GIF with the result and the record in every chat that
/// shows the game (a table's places and ratings said first, in reply to its board), and
/// for the training room the comparison with the optimum.
async fn announce_end(app: &App, g: &GameRecord, game: &AnyGame) -> Result<(), BotError> {
    // A tournament's game in a group is told in its round's results: the group's pace
    // is for the round's boards, its pairings and its standings.
    let in_round = app.tasks.is_tournament_game(g.id);
    for b in g
        .boards()
        .filter(|b| !app.tg.pacer().is_unreachable(b.chat.0))
        .filter(|b| !(in_round && b.chat.0 < 0))
    {
        let t = texts(app.game_lang_in(g, b.chat).await);
        let result = board::result_line(app, g, game, t)
            .await
            .unwrap_or_default();
        let caption = match g.is_table() {
            true => {
                let reply = b.message.map(|m| teloxide::types::MessageId(m.0));
                say(app, b.chat, reply, &result, None).await?;
                String::new()
            }
            false => format!("<b>{result}</b>"),
        };
        send_replay_to(app, b.chat, g, game, &caption).await?;
        send_record_to(app, b.chat, g, game).await?;
    }
    if let (Some(two), Status::Over { outcome, .. }) = (game.two(), g.status)
        && g.is_solo()
        && outcome.reason() == crate::engine::Reason::Goal
    {
        let t = texts(app.game_lang(g).await);
        training_report(app, g, two, t).await?;
    }
    Ok(())
}

/// Compare a finished training run with the optimum and show the optimal line.
///
/// The optimum is the solver's (`ai::training_optimum`), for runs from the variant's
/// own start; a line that does not replay to the goal is distrusted (logged, not shown).
/// The line is sent as a GIF whenever it is shorter than the player's run.
async fn training_report(
    app: &App,
    g: &GameRecord,
    game: &Game,
    t: &dyn Texts,
) -> Result<(), BotError> {
    let moves = game.plies() as u16;
    let variant = game.variant();
    let from_start = g.start == variant.start().to_text();
    let optimum = if from_start {
        training_line(variant).await?
    } else {
        None
    };
    let text = t.training_done(moves, optimum.as_ref().map(|b| b.plies() as u16));
    say(app, g.chat, None, &text, None).await?;
    if let Some(best) = optimum
        && (best.plies() as u16) < moves
    {
        let caption = t.training_optimal_line(best.plies() as u16);
        send_replay(app, g, &AnyGame::Two(best), &caption).await?;
    }
    Ok(())
}

/// The solver's optimal line for `variant` replayed from its start, if it has one and
/// it really finishes there. Remembered per variant: the solver may take a while, and
/// its answer never changes while the program runs.
async fn training_line(variant: &crate::engine::Variant) -> Result<Option<Game>, BotError> {
    type Cache = Mutex<HashMap<String, Vec<Path>>>;
    static SOLVED: OnceLock<Cache> = OnceLock::new();
    let key = variant.spec();
    let known = SOLVED
        .get_or_init(Cache::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .get(&key)
        .cloned();
    let line = match known {
        Some(line) => Some(line),
        None => {
            let v = variant.clone();
            let line = tokio::task::spawn_blocking(move || ai::training_optimum(&v)).await?;
            // Only answers are kept: a solver that gave up (or is not there yet) is
            // asked again next time.
            if let Some(l) = &line {
                SOLVED
                    .get_or_init(Cache::default)
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .insert(key, l.clone());
            }
            line
        }
    };
    let Some(line) = line else {
        return Ok(None);
    };
    let mut best = Game::new(variant);
    for p in &line {
        if let Err(e) = best.play_squares(p.squares()) {
            tracing::error!(variant = %variant.spec(), error = %e, "the training solver returned an illegal line");
            return Ok(None);
        }
    }
    if best.outcome().map(|o| o.reason) != Some(crate::engine::Reason::Goal) {
        tracing::error!(variant = %variant.spec(), "the training solver's line does not finish");
        return Ok(None);
    }
    Ok(Some(best))
}

#[cfg(test)]
mod tests {
    use super::date_of;

    #[test]
    fn civil_dates() {
        assert_eq!(date_of(0), "1970.01.01");
        assert_eq!(date_of(1_795_000_000_000), "2026.11.18");
        assert_eq!(date_of(951_782_400_000), "2000.02.29");
    }
}
