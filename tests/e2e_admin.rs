//! End to end against the fake Bot API: what group admins and operators meet. Command
//! menus per chat type, `/settings` and `/lang` in a group (admins, others, an anonymous
//! admin), one language per group, and a group that becomes a supergroup.

mod common;

use common::harness::*;
use serde_json::Value;
use ugolki_bot::fakeapi::{Call, TgChat};
use ugolki_bot::game::{ChatId, Language, MessageId, TimeControl};

/// The command names of a setMyCommands call.
fn commands(c: &Call) -> Vec<String> {
    c.params["commands"]
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|x| x["command"].as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default()
}

fn scope(c: &Call) -> String {
    c.params
        .pointer("/scope/type")
        .and_then(Value::as_str)
        .unwrap_or("default")
        .to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn command_menus_are_registered_per_chat_type_in_both_languages() {
    let h = Harness::start().await;
    h.settle().await;
    let menus: Vec<Call> = h
        .api
        .calls()
        .into_iter()
        .filter(|c| c.is("SetMyCommands") && c.response.is_ok())
        .collect();
    for lang in [None, Some("ru")] {
        let of = |s: &str| {
            menus
                .iter()
                .find(|c| scope(c) == s && c.str("language_code") == lang)
                .map(commands)
                .unwrap_or_else(|| panic!("no {s} menu in {lang:?}"))
        };
        let (default, private) = (of("default"), of("all_private_chats"));
        let (group, admins) = (of("all_group_chats"), of("all_chat_administrators"));
        assert_eq!(default, private);
        for c in ["play", "train", "challenge", "settings", "lang", "history"] {
            assert!(private.contains(&c.to_string()), "private lacks /{c}");
        }
        assert!(!private.contains(&"new".to_string()));
        for c in ["new", "challenge", "m", "board", "resign", "top"] {
            assert!(group.contains(&c.to_string()), "group lacks /{c}");
            assert!(admins.contains(&c.to_string()), "admins lack /{c}");
        }
        for c in ["play", "train", "settings", "lang"] {
            assert!(!group.contains(&c.to_string()), "group offers /{c}");
        }
        for c in ["settings", "lang"] {
            assert!(admins.contains(&c.to_string()), "admins lack /{c}");
        }
    }
}

fn chat_language(h: &Harness, chat: i64) -> Option<Language> {
    h.store
        .chat(ChatId(chat))
        .unwrap()
        .and_then(|c| c.settings.language)
}

/// `/lang` and the settings buttons change a group only for its admins; an anonymous
/// admin (writing as the group) may too, and is told that playing needs a person.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn group_settings_are_for_admins_anonymous_ones_included() {
    let h = Harness::start().await;
    let g = group();
    let (a, b) = (alice(), boris());
    h.api.set_admins(g.id(), &[a.id]);

    // Boris is no admin: refused, nothing changes.
    let c0 = h.cursor();
    h.api.send_text(&g, &b, "/lang ru");
    let no = h
        .expect(c0, "refusal", |c| {
            c.is("SendMessage") && c.chat_id() == Some(g.id())
        })
        .await;
    // In Russian: the first person the bot answered set the group's language, Boris's.
    assert!(
        no.text().unwrap().contains("администратор"),
        "{:?}",
        no.text()
    );
    assert_eq!(chat_language(&h, g.id()), Some(Language::Ru));

    // Alice is: the group speaks English now.
    let c1 = h.cursor();
    h.api.send_text(&g, &a, "/lang en");
    let yes = h
        .expect(c1, "done", |c| {
            c.is("SendMessage") && c.chat_id() == Some(g.id())
        })
        .await;
    assert_eq!(yes.text().as_deref(), Some("Language: English."));
    assert_eq!(chat_language(&h, g.id()), Some(Language::En));

    // The settings menu: anyone may open it, only admins change things.
    let c2 = h.cursor();
    h.api.send_text(&g, &b, "/settings");
    let menu = h
        .expect(c2, "menu", |c| {
            c.is("SendMessage") && !c.buttons().is_empty()
        })
        .await;
    let five = button(&menu, "s:t:", "5+3");
    let c3 = h.cursor();
    let tap = h.api.tap(&g, &b, message_id(&menu), &five);
    let alert = h
        .expect(c3, "admins only", |c| {
            c.is("AnswerCallbackQuery") && c.str("callback_query_id") == Some(tap.as_str())
        })
        .await;
    assert!(alert.str("text").unwrap().contains("admins"));
    let tc = |h: &Harness| {
        h.store
            .chat(ChatId(g.id()))
            .unwrap()
            .unwrap()
            .settings
            .time_control
    };
    assert_eq!(tc(&h), TimeControl::Untimed);
    let c4 = h.cursor();
    h.api.tap(&g, &a, message_id(&menu), &five);
    h.expect(c4, "the menu again", |c| {
        c.is("SendMessage") && !c.buttons().is_empty()
    })
    .await;
    assert_eq!(tc(&h), "5+3".parse().unwrap());

    // An anonymous admin: /lang and /settings work, /new is declined with a hint.
    let c5 = h.cursor();
    h.api.send_as_group(&g, "/lang ru");
    h.expect(c5, "anonymous /lang", |c| {
        c.is("SendMessage")
            && c.text()
                .is_some_and(|t| t.contains("Русский") || t.contains("русский"))
    })
    .await;
    assert_eq!(chat_language(&h, g.id()), Some(Language::Ru));
    let c6 = h.cursor();
    h.api.send_as_group(&g, "/settings");
    h.expect(c6, "anonymous /settings", |c| {
        c.is("SendMessage") && !c.buttons().is_empty()
    })
    .await;
    let c7 = h.cursor();
    h.api.send_as_group(&g, "/new");
    let hint = h
        .expect(c7, "anonymous /new", |c| c.is("SendMessage"))
        .await;
    assert!(
        hint.text().unwrap().contains("анонимный"),
        "{:?}",
        hint.text()
    );
    assert!(
        hint.buttons().is_empty(),
        "no challenge for an anonymous admin"
    );
    h.assert_within_limits();
}

/// Alice (English) opens a challenge, Boris (Russian) accepts: every message in the
/// group, the acceptance and the board included, is in the group's language.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_group_hears_one_language_whoever_acts() {
    let h = Harness::start().await;
    let g = group();
    let (a, b) = (alice(), boris());
    let c0 = h.cursor();
    open_group_game(&h, &g, &a, &b, "/new").await;
    h.settle().await;
    let texts: Vec<String> = h
        .api
        .calls_since(c0)
        .into_iter()
        .filter(|c| c.chat_id() == Some(g.id()))
        .filter_map(|c| c.text())
        .collect();
    assert!(
        texts.len() >= 3,
        "{texts:?}\n{:?}",
        h.api
            .calls_since(c0)
            .iter()
            .map(|c| format!("{} {}", c.method, c.params))
            .collect::<Vec<_>>()
    );
    for t in &texts {
        let cyrillic = t
            .chars()
            .any(|c| ('а'..='я').contains(&c.to_ascii_lowercase()));
        assert!(!cyrillic, "a Russian message in an English group: {t}");
    }
    assert!(texts.iter().any(|t| t.contains("accepted")), "{texts:?}");
}

/// A group becomes a supergroup (Telegram's two service messages): its settings and its
/// game move to the new id in one write, the board is posted there once, and play goes on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_group_that_becomes_a_supergroup_keeps_its_games() {
    let h = Harness::start().await;
    let old = TgChat::Group(-4242, "Ugolki corner".into());
    let new = TgChat::Group(-1004242, "Ugolki corner".into());
    let (a, b) = (alice(), boris());
    h.api.set_admins(old.id(), &[a.id]);
    let c0 = h.cursor();
    h.api.send_text(&old, &a, "/lang ru");
    h.expect(c0, "language", |c| c.is("SendMessage")).await;
    open_group_game(&h, &old, &a, &b, "/new").await;
    let gid = h.store.chat_games(ChatId(old.id())).unwrap()[0];

    let c2 = h.cursor();
    h.api.migrate(&old, &new, &a);
    let moved = h
        .expect(c2, "the board in the supergroup", |c| {
            c.is("SendPhoto") && c.chat_id() == Some(new.id())
        })
        .await;
    h.board_stored(new.id(), message_id(&moved)).await;
    h.settle().await;
    let posts = h
        .api
        .calls_since(c2)
        .into_iter()
        .filter(|c| c.is("SendPhoto"))
        .count();
    assert_eq!(posts, 1, "the board posted once");
    assert!(h.store.chat_games(ChatId(old.id())).unwrap().is_empty());
    assert_eq!(h.store.chat_games(ChatId(new.id())).unwrap(), vec![gid]);
    assert_eq!(chat_language(&h, new.id()), Some(Language::Ru));
    let g = h.store.game(gid).unwrap().unwrap();
    assert!(g.is_board(ChatId(new.id()), MessageId(message_id(&moved) as i32)));

    // Play goes on in the supergroup, by reply to the new board (White, the first
    // mention in the caption, moves first).
    let mover = if white_id(&moved) == a.id {
        a.clone()
    } else {
        b.clone()
    };
    let c3 = h.cursor();
    h.api.reply_text(&new, &mover, message_id(&moved), "c3-d3");
    h.expect(c3, "the move shown", |c| {
        c.is("EditMessageMedia")
            && c.chat_id() == Some(new.id())
            && c.text().is_some_and(|t| t.contains("c3-d3"))
    })
    .await;
    assert_eq!(h.store.game(gid).unwrap().unwrap().moves.len(), 1);
    h.assert_within_limits();
}
