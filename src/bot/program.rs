//! Playing against the program in a private chat: `/play`, its variant, colour and level
//! buttons, and the game they start.

use super::app::App;
use super::context::{Answer, HandlerResult, Incoming, Tap};
use super::flow;
use super::keyboard;
use super::send::{edit_text, remove_keyboard, say};
use super::texts::{Texts, escape};
use super::training;
use crate::engine::{Color, Variant, VariantId};
use crate::game::{ChatId, NewGame, Player, TimeControl, UserId};

/// `/play [variant] [level 1-5]`: asks for a colour (and a level, when not given).
pub async fn on_play(app: App, m: Incoming, t: &'static dyn Texts, arg: String) -> HandlerResult {
    let mut variant = VariantId::Classic;
    let mut level = None;
    for w in arg.split_whitespace() {
        if let Ok(v) = w.parse::<VariantId>() {
            variant = v;
        } else if let Ok(l) = w.parse::<u8>()
            && (1..=5).contains(&l)
        {
            level = Some(l);
        } else {
            say(
                &app,
                m.chat,
                Some(m.id()),
                &t.unknown_variant(&escape(w)),
                None,
            )
            .await?;
            return Ok(());
        }
    }
    if variant == VariantId::Training {
        return training::start(&app, m.chat, m.user, Variant::new(VariantId::Training)).await;
    }
    let kb = keyboard::play_colour(variant, level, t);
    say(&app, m.chat, None, &t.choose_colour(variant), Some(kb)).await?;
    Ok(())
}

/// A step of `/play`'s buttons: the variant, then the colour, then the level starts the
/// game.
pub async fn on_play_step(
    app: App,
    tap: Tap,
    (variant, colour, level): (VariantId, Option<Option<Color>>, Option<u8>),
) -> HandlerResult {
    let (chat, user, t, q) = (tap.chat(), tap.user(), tap.texts(), tap.query());
    if chat.0 < 0 {
        return tap.reply(Answer::Alert(t.bad_button()));
    }
    if variant == VariantId::Training {
        tap.answer(Answer::Silent).await;
        remove_keyboard(&app, q).await;
        return training::start(&app, chat, user, Variant::new(VariantId::Training)).await;
    }
    match (colour, level) {
        (None, _) => {
            tap.answer(Answer::Silent).await;
            let kb = keyboard::play_colour(variant, level, t);
            say(&app, chat, None, &t.choose_colour(variant), Some(kb)).await?;
        }
        (Some(c), None) => {
            let name = match c {
                Some(Color::White) => t.btn_white(),
                Some(Color::Black) => t.btn_black(),
                None => t.btn_random(),
            };
            tap.answer(Answer::Silent).await;
            let kb = keyboard::play_level(variant, c, t);
            edit_text(&app, q, &t.choose_level(variant, &name), Some(kb)).await;
        }
        (Some(c), Some(l)) => {
            if !app.allow_action(user.0) {
                return tap.reply(Answer::Toast(t.slow_down()));
            }
            tap.answer(Answer::Silent).await;
            remove_keyboard(&app, q).await;
            start(&app, chat, user, variant, c, l).await?;
        }
    }
    Ok(())
}

/// Open a game between `user` and the program at `level` in `chat` and show its board
/// (the program moves first when it has White). `colour` is the user's (`None`: drawn).
pub async fn start(
    app: &App,
    chat: ChatId,
    user: UserId,
    variant: VariantId,
    colour: Option<Color>,
    level: u8,
) -> HandlerResult {
    let colour = colour.unwrap_or_else(|| {
        if app.now().0.is_multiple_of(2) {
            Color::White
        } else {
            Color::Black
        }
    });
    let human = Player::Human(user);
    let program = Player::Program { level };
    let players = match colour {
        Color::White => [human, program],
        Color::Black => [program, human],
    };
    let new = NewGame {
        variant: Variant::new(variant),
        players,
        time_control: TimeControl::Untimed,
        chat,
        message: None,
        rated: false,
        start: None,
    };
    flow::open_game(app, new).await
}
