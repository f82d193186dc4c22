//! A chat's settings and language: `/settings` and its buttons, `/lang` and its buttons,
//! and the anonymous group admin (who may change them but cannot play).

use crate::bot::chat::context::{Answer, HandlerResult, Incoming, Tap};
use crate::bot::chat::messages::{remove_keyboard, say};
use crate::bot::controls::callback::{Callback, Setting};
use crate::bot::controls::commands::Command;
use crate::bot::controls::keyboard;
use crate::bot::state::App;
use crate::bot::texts::{Texts, texts};
use crate::engine::{Variant, VariantId};
use crate::game::{
    ChatId, ChatSettings, Language, NoticeDelay, Orientation, Pace, TimeControl, UserId,
};
use teloxide::prelude::*;
use teloxide::types::{InlineKeyboardButton, InlineKeyboardMarkup};

/// The time controls offered as chat defaults.
const TIME_CHOICES: [&str; 8] = ["untimed", "3+2", "5+3", "10+5", "60s", "1d", "3d", "7d"];
/// How long a turn notice may wait in slow games (untimed, days a move), in minutes:
/// at once, or after the time a glance at the group would take.
const SLOW_DELAYS: [NoticeDelay; 4] = [
    NoticeDelay::AT_ONCE,
    NoticeDelay::After { minutes: 15 },
    NoticeDelay::After { minutes: 60 },
    NoticeDelay::After { minutes: 240 },
];
/// The same for games on a clock, where the players are usually at the board: never by
/// default, and only short waits (a longer one would come after the flag).
const CLOCK_DELAYS: [NoticeDelay; 4] = [
    NoticeDelay::Never,
    NoticeDelay::AT_ONCE,
    NoticeDelay::After { minutes: 1 },
    NoticeDelay::After { minutes: 5 },
];

/// The variants offered as chat defaults (two rows of three).
const VARIANT_CHOICES: [VariantId; 6] = [
    VariantId::Classic,
    VariantId::Classic3x4,
    VariantId::Diagonal,
    VariantId::Triangle,
    VariantId::Gambiter,
    VariantId::Duelio,
];

/// `/settings`: the chat's defaults as buttons (anyone sees them; only admins change
/// them in a group).
pub async fn on_settings(
    app: App,
    m: Incoming,
    t: &'static dyn Texts,
    _arg: String,
) -> HandlerResult {
    menu(&app, m.chat, t).await
}

/// `/lang [en|ru]`: set the language, or offer the choice.
pub async fn on_lang(app: App, m: Incoming, t: &'static dyn Texts, arg: String) -> HandlerResult {
    match Language::from_code(arg.trim()) {
        Some(l) => set_language(&app, m.chat, m.user, l, Some(m.id())).await,
        None => {
            let kb = Some(keyboard::languages());
            say(&app, m.chat, None, &t.choose_language(), kb).await?;
            Ok(())
        }
    }
}

/// A language button.
pub async fn on_lang_tap(app: App, tap: Tap, l: Language) -> HandlerResult {
    tap.answer(Answer::Silent).await;
    set_language(&app, tap.chat(), tap.user(), l, None).await
}

/// A settings button (group admins only).
pub async fn on_setting(app: App, tap: Tap, setting: Setting) -> HandlerResult {
    let (chat, user, t) = (tap.chat(), tap.user(), tap.texts());
    if !crate::bot::chat::is_admin(&app, chat, user).await {
        return tap.reply(Answer::Alert(t.admins_only()));
    }
    if !offered(&setting) {
        return tap.reply(Answer::Alert(t.bad_button()));
    }
    let now = app.now();
    app.games
        .run(move |s| s.update_chat_settings(chat, now, |c| apply(&setting, c)))
        .await?;
    tap.answer(Answer::Toast("✓".into())).await;
    // The language may be the one just changed.
    let t = texts(app.chat_lang(chat, Some(user)).await);
    remove_keyboard(&app, tap.query()).await;
    menu(&app, chat, t).await
}

/// Whether the menu offers `setting`: a turn notice waits only as long as offered (a
/// forged wait changes nothing; sightings are kept no longer than the longest).
fn offered(setting: &Setting) -> bool {
    match setting {
        Setting::NoticeDelay(Pace::Slow, d) => SLOW_DELAYS.contains(d),
        Setting::NoticeDelay(Pace::Clock, d) => CLOCK_DELAYS.contains(d),
        _ => true,
    }
}

fn apply(setting: &Setting, c: &mut ChatSettings) {
    match setting {
        Setting::Variant(v) => c.variant = Variant::new(*v),
        Setting::Time(tc) => c.time_control = *tc,
        Setting::Language(l) => c.language = *l,
        Setting::Orientation(o) => c.orientation = *o,
        Setting::Takebacks(on) => c.takebacks = *on,
        Setting::Notify(on) => c.notify_turns = *on,
        Setting::NoticeDelay(pace, d) => c.turn_notices.set(*pace, *d),
    }
}

/// A message a group admin sent anonymously: Telegram shows it as from the group itself
/// (`sender_chat`), with a stand-in bot as the sender.
pub fn is_anonymous_admin(msg: Message) -> bool {
    msg.from.as_ref().is_some_and(|u| u.is_bot)
        && msg
            .sender_chat
            .as_ref()
            .is_some_and(|c| c.id == msg.chat.id)
}

/// An anonymous admin's command: they may change the group's settings and language
/// (only admins can be anonymous); playing needs a person, so the rest is declined with a
/// hint.
pub async fn anonymous_admin(app: App, msg: Message, cmd: Command) -> HandlerResult {
    let chat = ChatId(msg.chat.id.0);
    let t = texts(app.chat_lang(chat, None).await);
    match cmd {
        Command::Settings(_) => menu(&app, chat, t).await,
        Command::Lang(arg) => match Language::from_code(arg.trim()) {
            Some(l) => {
                let now = app.now();
                app.games
                    .run(move |s| s.update_chat_settings(chat, now, |c| c.language = Some(l)))
                    .await?;
                say(&app, chat, Some(msg.id), &texts(l).language_set(), None).await?;
                Ok(())
            }
            None => {
                let kb = Some(keyboard::languages());
                say(&app, chat, None, &t.choose_language(), kb).await?;
                Ok(())
            }
        },
        _ => {
            say(&app, chat, Some(msg.id), &t.anonymous_admin(), None).await?;
            Ok(())
        }
    }
}

/// Set a private chat's owner's language, or (by an admin) a group's.
async fn set_language(
    app: &App,
    chat: ChatId,
    user: UserId,
    l: Language,
    reply: Option<teloxide::types::MessageId>,
) -> HandlerResult {
    if chat.0 < 0 {
        if !crate::bot::chat::is_admin(app, chat, user).await {
            let t = texts(app.chat_lang(chat, Some(user)).await);
            say(app, chat, reply, &t.admins_only(), None).await?;
            return Ok(());
        }
        let now = app.now();
        app.games
            .run(move |s| s.update_chat_settings(chat, now, |c| c.language = Some(l)))
            .await?;
    } else {
        let now = app.now();
        app.games
            .run(move |s| s.set_user_language(user, Some(l), now))
            .await?;
    }
    say(app, chat, reply, &texts(l).language_set(), None).await?;
    Ok(())
}

/// Post the settings menu, the current choices marked.
async fn menu(app: &App, chat: ChatId, t: &dyn Texts) -> HandlerResult {
    let now = app.now();
    let c = app.games.run(move |s| s.chat(chat, now)).await?;
    let s = &c.settings;
    let mark = |on: bool, label: String| if on { format!("✅ {label}") } else { label };
    let variant = |v: &VariantId| {
        let label = mark(s.variant.id() == *v, t.variant_name(*v));
        button(label, Setting::Variant(*v))
    };
    let times: Vec<TimeControl> = TIME_CHOICES.iter().filter_map(|x| x.parse().ok()).collect();
    let time = |tc: &TimeControl| {
        let label = mark(s.time_control == *tc, t.time_control(tc));
        button(label, Setting::Time(*tc))
    };
    let mut rows = vec![
        VARIANT_CHOICES[..3].iter().map(variant).collect::<Vec<_>>(),
        VARIANT_CHOICES[3..].iter().map(variant).collect(),
        // Clocks, then days a move (correspondence).
        times[..5].iter().map(time).collect(),
        times[5..].iter().map(time).collect(),
        [(Language::En, "English"), (Language::Ru, "Русский")]
            .into_iter()
            .map(|(l, name)| {
                let label = mark(s.language == Some(l), name.into());
                button(label, Setting::Language(Some(l)))
            })
            .collect(),
    ];
    rows.push(
        [true, false]
            .into_iter()
            .map(|on| {
                let label = mark(s.takebacks == on, t.takebacks_setting(on));
                button(label, Setting::Takebacks(on))
            })
            .collect(),
    );
    if chat.0 > 0 {
        rows.push(
            [true, false]
                .into_iter()
                .map(|on| {
                    let label = mark(s.notify_turns == on, t.notify_setting(on));
                    button(label, Setting::Notify(on))
                })
                .collect(),
        );
        if s.notify_turns {
            let n = s.turn_notices;
            let delays = |pace: Pace, choices: [NoticeDelay; 4]| {
                choices
                    .into_iter()
                    .map(|d| {
                        let label = mark(n.get(pace) == d, t.notice_delay_button(pace, d));
                        button(label, Setting::NoticeDelay(pace, d))
                    })
                    .collect::<Vec<_>>()
            };
            rows.push(delays(Pace::Slow, SLOW_DELAYS));
            rows.push(delays(Pace::Clock, CLOCK_DELAYS));
        }
    }
    if chat.0 < 0 {
        rows.push(vec![
            button(
                mark(s.orientation == Orientation::White, t.btn_white()),
                Setting::Orientation(Orientation::White),
            ),
            button(
                mark(s.orientation == Orientation::SideToMove, "⇅".into()),
                Setting::Orientation(Orientation::SideToMove),
            ),
        ]);
    }
    let mut text = format!(
        "⚙ {} · {}",
        t.variant_name(s.variant.id()),
        t.time_control(&s.time_control)
    );
    if chat.0 > 0 && s.notify_turns {
        text.push_str("\n\n");
        text.push_str(&t.notice_delays(&s.turn_notices));
    }
    let kb = InlineKeyboardMarkup::new(rows);
    say(app, chat, None, &text, Some(kb)).await?;
    Ok(())
}

fn button(label: String, setting: Setting) -> InlineKeyboardButton {
    InlineKeyboardButton::callback(label, Callback::Setting(setting).encode())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Millis;

    #[test]
    fn every_wait_offered_is_within_what_sightings_are_kept_for() {
        let longest = Millis::minutes(crate::bot::state::turn_notices::LONGEST_WAIT_HOURS * 60);
        for d in SLOW_DELAYS.into_iter().chain(CLOCK_DELAYS) {
            assert!(d.wait().is_none_or(|w| w <= longest), "{d:?}");
            assert_eq!(d.code().parse::<NoticeDelay>(), Ok(d), "round trip");
        }
    }

    #[test]
    fn every_time_offered_is_a_time_control() {
        for x in TIME_CHOICES {
            let tc: TimeControl = x.parse().expect(x);
            assert_eq!(tc.to_string(), x, "a button's value is its canonical text");
        }
    }

    #[test]
    fn only_the_waits_offered_are_accepted() {
        let wait = |pace, code: &str| Setting::NoticeDelay(pace, code.parse().unwrap());
        assert!(offered(&wait(Pace::Slow, "15")));
        assert!(!offered(&wait(Pace::Slow, "never")));
        assert!(!offered(&wait(Pace::Slow, "7")));
        assert!(offered(&wait(Pace::Clock, "never")));
        assert!(!offered(&wait(Pace::Clock, "60")));
    }
}
