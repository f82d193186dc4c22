//! Halma for three and four (RULES.md §14): `/new halma4` (also `halma3`, `halma4-teams`,
//! with a time control as for any game: `60s`, `3d`, `5+3`) opens a lobby in a group, with
//! Join, Leave, "+ Program" and Start; `/play halma4 [level]` in a private chat plays
//! against three program seats. A lobby is a game waiting for its players: its message is
//! the game's board while it gathers them, so every change reaches it through
//! `play::changed` like any game's; once started, the game is played, timed, shown and
//! ended as every game is (moves, picker, Leave and the end are the moves', actions' and
//! play's).

use crate::bot::chat::context::{Answer, HandlerResult, Incoming, Tap};
use crate::bot::chat::messages::{edit_text, say};
use crate::bot::controls::callback::LobbyAct;
use crate::bot::play;
use crate::bot::state::App;
use crate::bot::texts::Texts;
use crate::engine::multi::MultiVariant;
use crate::game::{GameId, ServiceError, Status, TimeControl};

/// The program's level where `/play halma4` names none.
pub(crate) const DEFAULT_LEVEL: u8 = 3;

/// The multi-player variant a command's words name, if any (`halma4`, `halma3`,
/// `halma4-teams`), with a time control (`60s`, `3d`, `5+3`) and a level.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableArgs {
    variant: MultiVariant,
    time: TimeControl,
    level: Option<u8>,
}

/// Read `/new` or `/play` arguments naming a multi-player variant.
pub fn table_args(arg: &str) -> Option<TableArgs> {
    let mut variant = None;
    let (mut time, mut level) = (TimeControl::Untimed, None);
    for w in arg.split_whitespace() {
        if let Ok(v) = w.parse::<MultiVariant>() {
            variant = Some(v);
        } else if let Some(s) = w.strip_suffix('s').and_then(|n| n.parse::<u64>().ok()) {
            // A limit too short to move in would only hand every turn to the program.
            time = TimeControl::PerMove {
                limit: crate::game::Millis::secs(s.clamp(10, 86_400)),
            };
        } else if let Ok(tc) = w.parse::<TimeControl>() {
            time = tc;
        } else if let Ok(n) = w.parse::<u8>()
            && (1..=5).contains(&n)
        {
            level = Some(n);
        }
    }
    Some(TableArgs {
        variant: variant?,
        time,
        level,
    })
}

/// Whether `/new` or `/play` names a multi-player variant.
pub fn is_table_arg(arg: &str) -> bool {
    table_args(arg).is_some()
}

/// `/new halma4 [time]` in a group (the command is routed in groups only): a lobby, its
/// message posted by the game's board sender.
pub async fn on_new(app: App, m: Incoming, t: &'static dyn Texts, arg: String) -> HandlerResult {
    let Some(a) = table_args(&arg) else {
        return Ok(());
    };
    crate::render::warm_tables(crate::bot::play::board::compose::TABLE_PX);
    let (chat, host, now) = (m.chat, m.user, app.now());
    let r = app
        .games
        .run(move |s| s.open_lobby(chat, host, a.variant, a.time, now))
        .await;
    match r {
        Ok(g) => play::changed(&app, g),
        Err(ServiceError::Lobby(r)) => {
            say(&app, chat, Some(m.id()), &t.lobby_refusal(&r), None).await?;
        }
        Err(e) => return Err(e.into()),
    }
    Ok(())
}

/// `/play halma4 [level]` in a private chat (where alone it is routed): against three
/// program seats.
pub async fn on_play(app: App, m: Incoming, t: &'static dyn Texts, arg: String) -> HandlerResult {
    let Some(a) = table_args(&arg) else {
        return Ok(());
    };
    crate::render::warm_tables(crate::bot::play::board::compose::TABLE_PX);
    let level = a.level.unwrap_or(DEFAULT_LEVEL);
    let r = play::start::table_against_program(&app, m.chat, m.user, a.variant, level).await;
    match r {
        Err(crate::bot::error::BotError::Service(ServiceError::Lobby(r))) => {
            say(&app, m.chat, Some(m.id()), &t.lobby_refusal(&r), None).await?;
            Ok(())
        }
        r => r,
    }
}

/// A lobby's button: the tap is answered first, then the lobby's message shows the
/// change (through `play::changed`, like any game's board).
pub async fn on_tap(app: App, tap: Tap, (id, act): (GameId, LobbyAct)) -> HandlerResult {
    let (user, now, t) = (tap.user(), app.now(), tap.texts());
    let games = app.games.clone();
    let g = match act {
        LobbyAct::Join => games.run(move |s| s.join_lobby(id, user, now)).await,
        LobbyAct::Leave => games.run(move |s| s.leave_lobby(id, user, now)).await,
        LobbyAct::Program(level) => {
            games
                .run(move |s| s.add_program_seat(id, user, level, now))
                .await
        }
        LobbyAct::Start => games.run(move |s| s.start_lobby(id, user, now)).await,
    }?;
    let answer = match act {
        LobbyAct::Join => Answer::Toast(g.seat_of(user).map_or_else(String::new, |s| t.seated(s))),
        LobbyAct::Leave => Answer::Toast(t.unseated()),
        _ => Answer::Silent,
    };
    tap.answer(answer).await;
    let started = match g.status {
        Status::Active => Some(lobby_words(&app, &g).await),
        _ => None,
    };
    play::changed(&app, g);
    if let Some(words) = started {
        // The lobby's message keeps its seats, without its buttons; the game's board is a
        // new message below it.
        edit_text(&app, tap.query(), &words, None).await;
    }
    Ok(())
}

/// The lobby's words as they stood when it started (its seats, taken).
async fn lobby_words(app: &App, g: &crate::game::GameRecord) -> String {
    let lang = app.chat_lang(g.chat, None).await;
    let known = play::board::compose::Lookup::fetch(app, g, g.chat);
    let lobby = crate::game::GameRecord {
        status: Status::Lobby,
        ..g.clone()
    };
    play::board::compose::lobby_message(&lobby, &known, lang).0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Millis;

    #[test]
    fn a_table_takes_any_time_control() {
        let a = table_args("halma4 45s").expect("halma4");
        assert_eq!(
            (a.variant, a.time),
            (
                MultiVariant::Halma4,
                TimeControl::PerMove {
                    limit: Millis::secs(45)
                }
            )
        );
        assert_eq!(
            table_args("halma3 3d").map(|a| a.time),
            Some(TimeControl::Days { days: 3 })
        );
        assert_eq!(
            table_args("halma4 5+3").map(|a| a.time),
            Some("5+3".parse().expect("a clock"))
        );
        // Days outside the correspondence choices, and no variant, are not a table's.
        assert_eq!(
            table_args("halma4 4d").map(|a| a.time),
            Some(TimeControl::Untimed)
        );
        assert_eq!(table_args("classic 3d"), None);
        assert_eq!(
            table_args("halma4 5s").map(|a| a.time),
            Some(TimeControl::PerMove {
                limit: Millis::secs(10)
            })
        );
    }
}
