//! End to end against the fake Bot API: what group admins and operators meet. Command
//! menus per chat type, `/settings` and `/lang` in a group (admins, others, an anonymous
//! admin), one language per group, and a group that becomes a supergroup.

use crate::common::harness::*;
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
    let five = button(&menu, "5+3", |cb| {
        matches!(cb, Callback::Setting(Setting::Time(_)))
    });
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

/// The games in play in `chat`, as stored.
fn games_in(h: &Harness, chat: i64) -> Vec<ugolki_bot::game::GameRecord> {
    h.store
        .chat_games(ChatId(chat))
        .expect("the index")
        .into_iter()
        .map(|id| h.store.game(id).expect("a read").expect("the game"))
        .collect()
}

/// Wait until every game in play in `chat` is paused (or, with `false`, none is).
async fn paused_in(h: &Harness, chat: i64, paused: bool) -> Vec<ugolki_bot::game::GameRecord> {
    for _ in 0..2_000 {
        let games = games_in(h, chat);
        if !games.is_empty() && games.iter().all(|g| g.paused.is_some() == paused) {
            return games;
        }
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    panic!(
        "the games in {chat} never became paused = {paused}: {:?}",
        games_in(h, chat)
    );
}

/// Calls into `chat` since `from`.
fn calls_into(h: &Harness, chat: i64, from: u64) -> Vec<String> {
    h.api
        .calls_since(from)
        .iter()
        .filter(|c| c.chat_id() == Some(chat))
        .map(|c| format!("{} {:?}", c.method, c.response.as_ref().err()))
        .collect()
}

/// Removed from a group (Telegram says so with `my_chat_member`), the bot writes nothing
/// there any more: the group's games pause, a timed one included (no automatic move, no
/// loss on time, nothing announced), `/games` shows them paused, and when the bot is
/// added back their boards are posted anew and the clocks go on from where they stopped.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_group_that_removes_the_bot_pauses_its_games_until_it_is_back() {
    use ugolki_bot::game::{DeadlineKind, Timestamp};
    let h = Harness::start().await;
    let group = supergroup();
    let (a, b, c) = (alice(), boris(), carol());
    open_group_game(&h, &group, &a, &b, "/new classic 10s").await;
    open_group_game(&h, &group, &c, &a, "/new classic").await;
    h.settle().await;
    let before = games_in(&h, group.id());
    assert_eq!(before.len(), 2);

    let kicked = h.cursor();
    let at = Timestamp::now();
    h.api.remove_bot(&group, &c, true);
    let paused = paused_in(&h, group.id(), true).await;
    for g in &paused {
        assert_eq!(
            g.deadline.map(|d| d.kind),
            Some(DeadlineKind::Unreachable),
            "{g:?}"
        );
    }
    // Two per-move limits' worth of time: nothing moves, nothing ends, nothing is said.
    tokio::time::sleep(std::time::Duration::from_secs(12)).await;
    assert_eq!(calls_into(&h, group.id(), kicked), Vec::<String>::new());
    for (g, was) in games_in(&h, group.id()).iter().zip(&before) {
        assert!(g.is_active() && g.paused.is_some(), "{g:?}");
        assert_eq!(g.moves, was.moves);
    }

    // Alice's /games says so.
    let dm = TgChat::Private(a.clone());
    let c0 = h.cursor();
    h.api.send_text(&dm, &a, "/games");
    let list = h
        .expect(c0, "/games", |x| {
            x.is("SendMessage") && x.chat_id() == Some(a.id)
        })
        .await;
    let text = list.text().unwrap_or_default();
    assert_eq!(text.matches("⏸").count(), 2, "{text}");

    // Added back: both boards posted anew, the games on again, the timed one with the
    // time it had left when it stopped (about 10 s), not the time it stood still.
    let back = h.cursor();
    h.api.add_bot_back(&group, &c, true);
    let resumed = paused_in(&h, group.id(), false).await;
    for _ in 0..2 {
        h.expect(back, "a board posted anew", |x| {
            x.is("SendPhoto") && x.chat_id() == Some(group.id())
        })
        .await;
    }
    h.settle().await;
    let posts = h
        .api
        .calls_since(back)
        .iter()
        .filter(|x| x.is("SendPhoto") && x.chat_id() == Some(group.id()))
        .count();
    assert_eq!(posts, 2, "one board each");
    let timed = resumed
        .iter()
        .find(|g| matches!(g.time_control, TimeControl::PerMove { .. }))
        .expect("the timed game");
    let was = before.iter().find(|g| g.id == timed.id).expect("as before");
    let used = at.since(was.clocks.turn_started);
    let due = timed.deadline.expect("a deadline");
    assert_eq!(due.kind, DeadlineKind::MoveMissed);
    let left = due.at.since(Timestamp::now());
    assert!(
        left.0 + used.0 + 2_000 >= 10_000,
        "{left:?} left after {used:?} used: the pause was counted"
    );
    for g in &resumed {
        assert!(
            g.board_in(ChatId(group.id()))
                .is_some_and(|b| b.message.is_some())
        );
    }
    h.assert_within_limits();
}

/// When the `my_chat_member` update is lost, the first call the group refuses (403,
/// "Forbidden: bot was kicked") tells the bot: one call into the dead chat, then the game
/// pauses there as above (no more automatic moves, no loss on time, no retries).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_group_closed_without_notice_costs_one_call_per_game() {
    let h = Harness::start().await;
    let group = supergroup();
    let (a, b) = (alice(), boris());
    open_group_game(&h, &group, &a, &b, "/new classic 10s").await;
    h.settle().await;
    let cut = h.cursor();
    h.api.remove_bot(&group, &a, false);
    // The per-move limit passes: the bot moves for White and says so, into a closed chat.
    let paused = paused_in(&h, group.id(), true).await;
    assert!(paused[0].moves.len() <= 1, "{:?}", paused[0].moves);
    // Another two limits' worth: nothing more.
    tokio::time::sleep(std::time::Duration::from_secs(22)).await;
    let calls = calls_into(&h, group.id(), cut);
    assert_eq!(calls.len(), 1, "{calls:?}");
    assert!(calls[0].contains("Forbidden"), "{calls:?}");
    let g = &games_in(&h, group.id())[0];
    assert!(g.is_active() && g.paused.is_some(), "{g:?}");
    assert_eq!(g.moves, paused[0].moves);
}

/// A game between two private chats whose player blocks the bot: the bot learns it from
/// the first refused call (the update was lost), pauses the game, writes nothing more to
/// that chat, shows the other player the game paused and refuses moves meanwhile; when
/// the player unblocks the bot and writes to it, the board comes back to them anew and
/// play goes on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_blocked_private_chat_pauses_its_game_until_its_person_writes_again() {
    use ugolki_bot::engine::Color;
    let h = Harness::start().await;
    let (a, b) = (alice(), boris());
    let (ca, cb) = (TgChat::Private(a.clone()), TgChat::Private(b.clone()));
    // A game by link: its boards are in both private chats.
    let (_, arg) = challenge_link(&h, &a).await;
    let (in_a, _) = accept_link(&h, &a, &b, &arg).await;
    h.settle().await;
    let g = &games_in(&h, a.id)[0];
    let (white, black, white_chat) =
        if g.player(Color::White).user().map(|u| u.0 as i64) == Some(a.id) {
            (a.clone(), b.clone(), ca.clone())
        } else {
            (b.clone(), a.clone(), cb.clone())
        };
    let black_chat = TgChat::Private(black.clone());

    // Black blocks the bot; Telegram's update about it is lost. White moves.
    h.api.remove_bot(&black_chat, &black, false);
    let cut = h.cursor();
    h.api.send_text(&white_chat, &white, "c3-d3");
    let paused = paused_in(&h, white.id, true).await;
    assert_eq!(paused[0].moves.len(), 1);
    h.settle().await;
    // White sees the game paused; Black's chat got one call (refused), no more.
    let shown = h.api.message(white.id, {
        let g = &paused[0];
        g.board_in(ChatId(white.id))
            .and_then(|b| b.message)
            .expect("White's board")
            .0 as i64
    });
    let caption = shown
        .and_then(|m| {
            m.json
                .get("caption")
                .and_then(Value::as_str)
                .map(str::to_string)
        })
        .unwrap_or_default();
    assert!(caption.contains("⏸"), "{caption}");
    let c3 = h.cursor();
    h.api.send_text(&white_chat, &white, "c2-d2");
    let refused = h
        .expect(c3, "a move refused while paused", |x| {
            x.is("SendMessage") && x.chat_id() == Some(white.id)
        })
        .await;
    assert!(
        refused.text().unwrap_or_default().contains("⏸"),
        "{:?}",
        refused.text()
    );
    let calls = calls_into(&h, black.id, cut);
    assert_eq!(calls.len(), 1, "{calls:?}");

    // Black unblocks the bot (Telegram's update about that is lost too) and writes: the
    // board comes back, anew, and play goes on.
    h.api.add_bot_back(&black_chat, &black, false);
    let back = h.cursor();
    h.api.send_text(&black_chat, &black, "/games");
    let board = h
        .expect(back, "Black's board anew", |x| {
            x.is("SendPhoto") && x.chat_id() == Some(black.id)
        })
        .await;
    paused_in(&h, white.id, false).await;
    h.board_stored(black.id, message_id(&board)).await;
    let c4 = h.cursor();
    h.api.send_text(&black_chat, &black, "f6-e6");
    h.expect(c4, "Black's move shown to White", |x| {
        x.is("EditMessageMedia")
            && x.chat_id() == Some(white.id)
            && x.text().is_some_and(|t| t.contains("f6-e6"))
    })
    .await;
    let _ = in_a;
    h.assert_within_limits();
}

/// A group's move to a supergroup takes its open challenges along (posted anew there, and
/// accepted there), and the board posted anew does not start the turn's time over: the
/// players had seen that turn in the old group.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_supergroup_gets_the_groups_challenges_and_its_turns_go_on() {
    let h = Harness::start().await;
    let old = TgChat::Group(-5151, "Corner club".into());
    let new = TgChat::Group(-1005151, "Corner club".into());
    let (a, b, c) = (alice(), boris(), carol());
    open_group_game(&h, &old, &a, &b, "/new classic 20s").await;
    let c0 = h.cursor();
    h.api.send_text(&old, &c, "/new diagonal");
    h.expect(c0, "Carol's challenge", |x| {
        x.is("SendMessage") && !x.buttons().is_empty()
    })
    .await;
    h.settle().await;
    let before = games_in(&h, old.id());
    assert_eq!(before.len(), 1);
    tokio::time::sleep(std::time::Duration::from_secs(2)).await;
    let c1 = h.cursor();
    h.api.migrate(&old, &new, &a);
    let board = h
        .expect(c1, "the board in the supergroup", |x| {
            x.is("SendPhoto") && x.chat_id() == Some(new.id())
        })
        .await;
    let challenge = h
        .expect(c1, "the challenge in the supergroup", |x| {
            x.is("SendMessage") && x.chat_id() == Some(new.id()) && !x.buttons().is_empty()
        })
        .await;
    h.board_stored(new.id(), message_id(&board)).await;
    h.settle().await;
    let moved = games_in(&h, new.id());
    assert_eq!(
        moved[0].clocks.turn_started, before[0].clocks.turn_started,
        "the turn started over when its board was posted anew"
    );
    // Alice takes Carol's challenge in the supergroup.
    let accept = button(&challenge, "", |cb| {
        matches!(cb, Callback::Challenge { accept: true, .. })
    });
    let c2 = h.cursor();
    h.api.tap(&new, &a, message_id(&challenge), &accept);
    h.expect(c2, "the new game's board", |x| {
        x.is("SendPhoto") && x.chat_id() == Some(new.id())
    })
    .await;
    h.settle().await;
    assert_eq!(games_in(&h, new.id()).len(), 2);
    h.assert_within_limits();
}

/// When both service messages of the move are lost, the first call into the old group
/// fails naming the supergroup (400 with `migrate_to_chat_id`): the bot moves the games
/// then and posts their boards there, trying the old group once, not four times.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_group_moved_without_notice_is_followed_where_it_went() {
    let h = Harness::start().await;
    let old = TgChat::Group(-6161, "Quiet club".into());
    let new = TgChat::Group(-1006161, "Quiet club".into());
    let (a, b) = (alice(), boris());
    open_group_game(&h, &old, &a, &b, "/new classic 10s").await;
    h.settle().await;
    let c0 = h.cursor();
    h.api.migrate_silently(&old, &new);
    // The per-move limit passes: the bot moves for White and shows it, into the old id.
    let board = h
        .api
        .wait_for(c0, WAIT * 2, |x| {
            x.is("SendPhoto") && x.chat_id() == Some(new.id())
        })
        .await
        .expect("the board posted in the supergroup");
    h.board_stored(new.id(), message_id(&board)).await;
    h.settle().await;
    // One call into the old group (the notice of the automatic move or the board's
    // edit, whichever goes first), refused naming the supergroup; nothing after it.
    let into_old = calls_into(&h, old.id(), c0);
    assert_eq!(
        into_old.len(),
        1,
        "the old group is tried once: {into_old:?}"
    );
    assert!(
        into_old[0].contains("upgraded to a supergroup"),
        "{into_old:?}"
    );
    let g = &games_in(&h, new.id())[0];
    assert_eq!(g.chat, ChatId(new.id()));
    assert!(games_in(&h, old.id()).is_empty());
}
