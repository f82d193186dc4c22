//! Playing against the program in a private chat: `/play`, its variant, colour and level
//! buttons, and the game they start.

use crate::bot::chat::context::{Answer, HandlerResult, Incoming, Tap};
use crate::bot::chat::messages::{edit_text, remove_keyboard, say};
use crate::bot::controls::keyboard;
use crate::bot::play;
use crate::bot::state::App;
use crate::bot::texts::{Texts, escape};
use crate::engine::{Color, Variant, VariantId};

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
        return play::start::training(&app, m.chat, m.user, Variant::new(VariantId::Training))
            .await;
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
        return play::start::training(&app, chat, user, Variant::new(VariantId::Training)).await;
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
            if !app.people.allow_action(user.0) {
                return tap.reply(Answer::Toast(t.slow_down()));
            }
            tap.answer(Answer::Silent).await;
            remove_keyboard(&app, q).await;
            play::start::against_program(&app, chat, user, variant, c, l).await?;
        }
    }
    Ok(())
}
