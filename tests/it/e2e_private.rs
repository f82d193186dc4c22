//! End to end against the fake Bot API: a private game against the program.

use crate::common::harness::*;
use ugolki_bot::engine::{Color, VariantId};
use ugolki_bot::fakeapi::TgChat;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn private_game_against_the_program() {
    let h = Harness::start().await;
    let a = alice();
    let chat = TgChat::Private(a.clone());
    let c0 = h.cursor();
    h.api.send_text(&chat, &a, "/start");
    let welcome = h
        .expect(c0, "welcome", |c| {
            c.is("SendMessage") && c.text().is_some_and(|t| t.contains("Ugolki"))
        })
        .await;
    assert!(!welcome.buttons().is_empty());

    let c1 = h.cursor();
    h.api.send_text(&chat, &a, "/play");
    let colour = h
        .expect(c1, "colour choice", |c| {
            c.is("SendMessage") && !c.buttons().is_empty()
        })
        .await;
    let white = button(&colour, "White", |cb| {
        matches!(
            cb,
            Callback::Play {
                variant: VariantId::Classic,
                colour: Some(Some(Color::White)),
                level: None,
            }
        )
    });
    let c2 = h.cursor();
    h.api.tap(&chat, &a, message_id(&colour), &white);
    let level = h
        .expect(c2, "level choice", |c| c.is("EditMessageText"))
        .await;
    let l1 = button(&level, "1", |cb| {
        matches!(
            cb,
            Callback::Play {
                variant: VariantId::Classic,
                colour: Some(Some(Color::White)),
                level: Some(1),
            }
        )
    });
    let c3 = h.cursor();
    h.api.tap(&chat, &a, message_id(&colour), &l1);
    let board = h.expect(c3, "board photo", |c| c.is("SendPhoto")).await;
    let caption = board.text().unwrap();
    assert!(
        caption.contains("Alice") && caption.contains("Program"),
        "{caption}"
    );
    assert!(caption.contains("White to move"), "{caption}");
    let png = board.upload().expect("png uploaded");
    assert_eq!(&png[1..4], b"PNG");
    let board_id = message_id(&board);

    // A typed move; the program answers on the same message.
    let c4 = h.cursor();
    h.api.send_text(&chat, &a, "c3-d3");
    let after = h
        .expect(c4, "board edited", |c| c.is("EditMessageMedia"))
        .await;
    assert_eq!(after.int("message_id"), Some(board_id));
    let reply = h
        .expect(c4, "program's reply", |c| {
            c.is("EditMessageMedia")
                && c.text()
                    .is_some_and(|t| t.contains("White to move") && t.contains("move 2"))
        })
        .await;
    assert!(
        reply.text().unwrap().contains("Last move"),
        "{:?}",
        reply.text()
    );

    // An illegal move gets the engine's reason.
    let c5 = h.cursor();
    h.api.send_text(&chat, &a, "e4-e5");
    let err = h.expect(c5, "reason", |c| c.is("SendMessage")).await;
    assert_eq!(err.text().unwrap(), "There is no piece on e4.");

    // Taps: select c2, then its destination.
    h.settle().await;
    let msg = h.api.message(chat.id(), board_id).unwrap();
    let buttons = ugolki_bot::fakeapi::keyboard_buttons(msg.json.get("reply_markup"));
    let tap_c2 = button_in(&buttons, "", tap_on("c2"));
    let picture = h.api.message(chat.id(), board_id).and_then(|m| m.media);
    let c6 = h.cursor();
    h.api.tap(&chat, &a, board_id, &tap_c2);
    // On 8×8 the selection is drawn in the keyboard grid; the picture stays as it was.
    let sel = h
        .expect(c6, "selection", |c| c.is("EditMessageReplyMarkup"))
        .await;
    let marked = |label: &str| sel.buttons().iter().filter(|(t, _)| t == label).count();
    assert_eq!(marked("🟢"), 1, "the tapped piece is not marked");
    assert!(marked("•") >= 1, "no destination is marked");
    assert!(picture.is_some());
    assert_eq!(
        h.api.message(chat.id(), board_id).and_then(|m| m.media),
        picture,
        "a selection changed the picture"
    );
    let ok = h
        .expect(c6, "answer", |c| c.is("AnswerCallbackQuery"))
        .await;
    assert!(ok.str("text").is_none());

    // Tapping the selected piece again clears the marks, in the keyboard alone too.
    let unselect = button(&sel, "🟢", |cb| matches!(cb, Callback::Reset { .. }));
    h.settle().await;
    let c_un = h.cursor();
    h.api.tap(&chat, &a, board_id, &unselect);
    let plain = h
        .expect(c_un, "unselected", |c| c.is("EditMessageReplyMarkup"))
        .await;
    let marks = |label: &str| plain.buttons().iter().filter(|(t, _)| t == label).count();
    assert_eq!(
        (marks("🟢"), marks("•")),
        (0, 0),
        "marks left after unselecting"
    );
    h.expect(c_un, "answer", |c| c.is("AnswerCallbackQuery"))
        .await;
    h.settle().await;
    assert!(
        !h.api
            .calls_since(c_un)
            .iter()
            .any(|c| c.is("EditMessageMedia")),
        "unselecting redrew the picture"
    );
    assert_eq!(
        h.api.message(chat.id(), board_id).and_then(|m| m.media),
        picture,
        "unselecting changed the picture"
    );

    // Select again, then tap the destination.
    let c_again = h.cursor();
    h.api.tap(&chat, &a, board_id, &tap_c2);
    let sel = h
        .expect(c_again, "selection again", |c| {
            c.is("EditMessageReplyMarkup")
        })
        .await;
    let dest = button(&sel, "•", is_move);
    let c7 = h.cursor();
    h.api.tap(&chat, &a, board_id, &dest);
    h.expect(c7, "moved by taps", |c| {
        c.is("EditMessageMedia") && c.text().is_some_and(|t| t.contains("move 3"))
    })
    .await;
    h.expect(c7, "the program's answer", |c| {
        c.is("EditMessageMedia") && c.text().is_some_and(|t| t.contains("White to move"))
    })
    .await;
    h.settle().await;

    // The load test's board check agrees with this board, and catches a wrong picture.
    use ugolki_bot::loadtest::check::verify_store;
    let clean = verify_store(&*h.store, &[], Some((&h.api, BOARD_PX))).expect("check");
    assert_eq!(
        (clean.boards, clean.problems.len()),
        (1, 0),
        "{:?}",
        clean.problems
    );
    assert!(h.api.replace_media(chat.id(), board_id, png.to_vec()));
    let caught = verify_store(&*h.store, &[], Some((&h.api, BOARD_PX))).expect("check");
    assert_eq!(caught.problems.len(), 1, "{:?}", caught.problems);
    assert!(
        caught.problems[0].contains("not the stored position"),
        "{:?}",
        caught.problems
    );
}

/// The only game in the store.
fn only_game(h: &Harness) -> ugolki_bot::game::GameRecord {
    use std::ops::ControlFlow;
    use ugolki_bot::game::{AnyRecord, RecordKind};
    let mut found = Vec::new();
    h.store
        .scan(RecordKind::Game, &mut |r| {
            if let AnyRecord::Game(g) = r {
                found.push(g);
            }
            ControlFlow::Continue(())
        })
        .unwrap();
    assert_eq!(found.len(), 1, "exactly one game");
    found.pop().unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn private_game_against_the_program_to_a_result() {
    use ugolki_bot::ai::{self, Limits};
    let h = Harness::start().await;
    let a = alice();
    let chat = TgChat::Private(a.clone());
    let board = play_the_program(&h, &a, Color::White).await;
    let (c1, board_id) = (board.seq, message_id(&board));

    // Alice plays a quick search's move each turn, typed; the program answers on the board.
    let mut plies = 0;
    let started = std::time::Instant::now();
    loop {
        let g = only_game(&h);
        if !g.is_active() {
            break;
        }
        assert!(plies < 400, "the game should end");
        assert!(
            started.elapsed() < std::time::Duration::from_secs(60),
            "stuck after {} plies, {:?} to move; calls:\n{}",
            g.moves.len(),
            g.side_to_move(),
            h.api
                .calls_since(c1)
                .iter()
                .rev()
                .take(8)
                .map(|c| format!("{} {}", c.method, c.params))
                .collect::<Vec<_>>()
                .join("\n")
        );
        if g.side_to_move() != Color::White {
            tokio::time::sleep(std::time::Duration::from_millis(5)).await;
            continue;
        }
        let game = g.replay().unwrap().into_two().unwrap();
        let limits = Limits {
            nodes: Some(3_000),
            ..Limits::default()
        };
        let path = ai::best_move(&game, &limits).expect("a legal move while the game is on");
        let before = g.moves.len();
        h.api.send_text(&chat, &a, &path.to_string());
        // Wait until the move is stored (and, unless it ended the game, answered).
        for _ in 0..2_000 {
            let now = only_game(&h);
            if now.moves.len() > before + 1 || (now.moves.len() > before && !now.is_active()) {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(5)).await;
        }
        plies += 2;
    }

    // The end: result in words on the replay, the record as a document, the board final.
    let g = only_game(&h);
    assert!(g.outcome().is_some());
    let gif = h.expect(c1, "replay GIF", |c| c.is("SendAnimation")).await;
    assert_eq!(&gif.upload().expect("gif uploaded")[..3], b"GIF");
    let caption = gif.text().unwrap_or_default();
    assert!(
        caption.contains("wins") || caption.contains("draw") || caption.contains("Draw"),
        "{caption}"
    );
    h.expect(c1, "record document", |c| c.is("SendDocument"))
        .await;
    h.settle().await;
    let msg = h.api.message(chat.id(), board_id).unwrap();
    let buttons = ugolki_bot::fakeapi::keyboard_buttons(msg.json.get("reply_markup"));
    assert!(
        !has_button(&buttons, is_tap),
        "no move buttons after the end: {buttons:?}"
    );
}

/// A challenge by deep link: Alice makes a link in her private chat, Boris opens it in
/// his and accepts. The game gets a board in both private chats (each seen from its
/// owner's side, in its owner's language); every move updates both, and the result goes
/// to both.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deep_link_challenge_is_played_in_both_private_chats() {
    use ugolki_bot::game::{ChallengeId, ChatId, LinkToken, Player, UserId};
    let h = Harness::start().await;
    let (a, b) = (alice(), boris());
    let (ca, cb) = (TgChat::Private(a.clone()), TgChat::Private(b.clone()));
    let (link, arg) = challenge_link(&h, &a).await;
    // The link carries a random token, and a Share button forwards it in one tap.
    let (id36, token) = arg[1..].split_once('_').expect("c<id>_<token>");
    assert_eq!(token.len(), 24, "{arg}");
    let share = link
        .keyboard()
        .and_then(|k| k.pointer("/inline_keyboard/0/0/url"))
        .and_then(|u| u.as_str())
        .expect("a share button");
    assert!(share.starts_with("https://t.me/share/url?url="), "{share}");
    assert!(share.contains(token), "{share}");

    // Guesses take nothing: the old numeric form, another token, forged button data.
    let (c, cc) = (carol(), TgChat::Private(carol()));
    let id = i64::from_str_radix(id36, 36).unwrap();
    let forged_link = LinkToken([0; 12]);
    let forged_token = forged_link.to_string();
    for guess in [format!("c{id}"), format!("c{id36}_{forged_token}")] {
        let cg = h.cursor();
        h.api.send_text(&cc, &c, &format!("/start {guess}"));
        let refused = h
            .expect(cg, "a refused guess", |x| {
                x.is("SendMessage") && x.chat_id() == Some(cc.id())
            })
            .await;
        assert!(refused.buttons().is_empty(), "{guess}");
        assert!(refused.text().unwrap().contains("not valid"), "{guess}");
    }
    // The real link opened in a group is refused too: its Accept would be anyone's there.
    let g = group();
    let cg = h.cursor();
    h.api.send_text(&g, &c, &format!("/start {arg}"));
    let in_group = h
        .expect(cg, "the link refused in a group", |x| {
            x.is("SendMessage") && x.chat_id() == Some(g.id())
        })
        .await;
    assert!(in_group.buttons().is_empty());
    for link in [None, Some(forged_link)] {
        let forged = Callback::Challenge {
            id: ChallengeId(id as u64),
            accept: true,
            link,
        }
        .encode();
        let cg = h.cursor();
        let tap = h.api.tap(&cc, &c, 1, &forged);
        let alert = h
            .expect(cg, "the forged tap's answer", |x| {
                x.is("AnswerCallbackQuery") && x.str("callback_query_id") == Some(tap.as_str())
            })
            .await;
        assert!(alert.str("text").is_some(), "{forged}: {:?}", alert.params);
    }
    h.settle().await;
    assert!(
        h.store.chat_games(ChatId(c.id)).unwrap().is_empty(),
        "a guess started a game"
    );

    let (in_a, in_b) = accept_link(&h, &a, &b, &arg).await;
    assert!(
        in_a.text().unwrap().contains("to move"),
        "{:?}",
        in_a.text()
    );
    assert!(in_b.text().unwrap().contains("ход"), "{:?}", in_b.text());
    let (ma, mb) = (message_id(&in_a), message_id(&in_b));
    h.settle().await;
    // The link is single use.
    let cg = h.cursor();
    h.api.send_text(&cc, &c, &format!("/start {arg}"));
    let used = h
        .expect(cg, "the used link refused", |x| {
            x.is("SendMessage") && x.chat_id() == Some(cc.id())
        })
        .await;
    assert!(used.text().unwrap().contains("not valid"));

    let g = only_game(&h);
    assert_eq!(g.chat, ChatId(a.id));
    assert_eq!(g.mirror.map(|m| m.chat), Some(ChatId(b.id)));
    for (chat, m) in [(a.id, ma), (b.id, mb)] {
        assert!(g.is_board(ChatId(chat), ugolki_bot::game::MessageId(m as i32)));
        assert_eq!(h.store.chat_games(ChatId(chat)).unwrap(), vec![g.id]);
    }
    let (white, white_chat, black, black_chat) =
        if g.player(Color::White) == Player::Human(UserId(a.id as u64)) {
            (&a, &ca, &b, &cb)
        } else {
            (&b, &cb, &a, &ca)
        };

    // White moves in their chat: both boards show it.
    let c3 = h.cursor();
    h.api.send_text(white_chat, white, "c3-d3");
    for (chat, m) in [(ca.id(), ma), (cb.id(), mb)] {
        let e = h
            .expect(c3, "both boards edited", |c| {
                c.is("EditMessageMedia")
                    && c.chat_id() == Some(chat)
                    && c.int("message_id") == Some(m)
            })
            .await;
        let cap = e.text().unwrap();
        assert!(cap.contains("c3-d3"), "{cap}");
    }
    // The friend's taps work on the mirror board: Black selects f6 in their own chat.
    h.settle().await;
    let mine = if black_chat.id() == ca.id() { ma } else { mb };
    let msg = h.api.message(black_chat.id(), mine).unwrap();
    let buttons = ugolki_bot::fakeapi::keyboard_buttons(msg.json.get("reply_markup"));
    let tap_f6 = button_in(&buttons, "", tap_on("f6"));
    let c4 = h.cursor();
    h.api.tap(black_chat, black, mine, &tap_f6);
    let sel = h
        .expect(c4, "selection on the mirror board", |c| {
            c.is("EditMessageReplyMarkup") && c.chat_id() == Some(black_chat.id())
        })
        .await;
    let dest = button(&sel, "•", is_move);
    let c5 = h.cursor();
    h.api.tap(black_chat, black, mine, &dest);
    for chat in [ca.id(), cb.id()] {
        h.expect(c5, "Black's tap move on both boards", |c| {
            c.is("EditMessageMedia")
                && c.chat_id() == Some(chat)
                && c.text()
                    .is_some_and(|t| t.contains("move 2") || t.contains("ход 2"))
        })
        .await;
    }

    // Black resigns from their chat; the result goes to both chats.
    h.settle().await;
    let c6 = h.cursor();
    h.api.send_text(black_chat, black, "/resign");
    let conf = h
        .expect(c6, "confirm", |c| {
            c.is("SendMessage") && c.chat_id() == Some(black_chat.id()) && !c.buttons().is_empty()
        })
        .await;
    let yes = button(&conf, "", |cb| matches!(cb, Callback::Resign { .. }));
    let c7 = h.cursor();
    h.api.tap(black_chat, black, message_id(&conf), &yes);
    for chat in [ca.id(), cb.id()] {
        h.expect(c7, "replay in both chats", |c| {
            c.is("SendAnimation") && c.chat_id() == Some(chat)
        })
        .await;
        h.expect(c7, "record in both chats", |c| {
            c.is("SendDocument") && c.chat_id() == Some(chat)
        })
        .await;
    }
    h.settle().await;
    for chat in [a.id, b.id] {
        assert!(h.store.chat_games(ChatId(chat)).unwrap().is_empty());
    }
}

/// A Bot API that fails the bot's first calls at start-up (a restart during an outage): the
/// bot retries getMe and setMyCommands instead of exiting or leaving its menu unset, then
/// serves players as usual. Its first getMe goes through the bot's own client (teloxide
/// would wait 10 s after each 5xx); once that is answered, one getMe through teloxide's
/// cache, which teloxide's dispatcher asks again when it starts (and panics if that
/// fails): it is answered from the cache, so a fault queued for a later getMe never
/// reaches the network.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn start_up_survives_failing_first_calls() {
    use std::sync::Arc;
    use ugolki_bot::fakeapi::{FakeApi, Fault};
    use ugolki_bot::game::{MemoryStore, Timing};

    let api = FakeApi::start().await.expect("fake api");
    api.fault_next(Some("getMe"), Fault::ServerError);
    api.fault_next(Some("getMe"), Fault::Drop);
    api.fault_next(Some("getMe"), Fault::TooManyRequests(1));
    // The fourth getMe succeeds (a zero delay changes nothing), and the fifth (the
    // cache's); a sixth would fail.
    api.fault_next(Some("getMe"), Fault::Slow(std::time::Duration::ZERO));
    api.fault_next(Some("getMe"), Fault::Slow(std::time::Duration::ZERO));
    api.fault_next(Some("getMe"), Fault::ServerError);
    api.fault_next(Some("setMyCommands"), Fault::TooManyRequests(1));
    api.fault_next(Some("setMyCommands"), Fault::DropAfter);
    // teloxide itself waits 10 s after any 5xx answer before it reports the error; the
    // harness returns at the first (faulted) setMyCommands.
    let h = Harness::start_with_api(api, Arc::new(MemoryStore::new()), Timing::default()).await;
    // Both menus (English, then Russian) end up registered.
    let ru = h
        .api
        .wait_for(0, WAIT * 3, |c| {
            c.is("SetMyCommands") && c.response.is_ok() && c.str("language_code") == Some("ru")
        })
        .await;
    assert!(
        ru.is_some(),
        "the Russian menu was not registered: {:?}",
        h.api
            .calls()
            .iter()
            .map(|c| format!("{} {} {:?}", c.method, c.params, c.response))
            .collect::<Vec<_>>()
    );
    let calls = h.api.calls();
    let en_ok = calls
        .iter()
        .any(|c| c.is("SetMyCommands") && c.response.is_ok() && c.str("language_code").is_none());
    assert!(en_ok, "the English menu was not registered");
    assert!(h.running(), "the bot stopped");

    // And it plays.
    let a = alice();
    let chat = TgChat::Private(a.clone());
    let c0 = h.cursor();
    h.api.send_text(&chat, &a, "/start");
    h.expect(c0, "welcome after a faulty start-up", |c| {
        c.is("SendMessage") && c.text().is_some_and(|t| t.contains("Ugolki"))
    })
    .await;
    // The dispatcher is running now (it delivered /start): three failures, then the
    // success and the cache's call, and no getMe from the dispatcher.
    let get_me: Vec<bool> = h
        .api
        .calls()
        .iter()
        .filter(|c| c.is("getMe"))
        .map(|c| c.response.is_ok())
        .collect();
    assert_eq!(get_me, [false, false, false, true, true], "getMe attempts");
}

/// How a fast player makes each move against the program.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Input {
    /// Types the move's path.
    Typed,
    /// Taps the piece, then (once the board marks them) its destination.
    Tapped,
}

/// The move the fast player makes: a short search's, so that the game goes to a result.
fn fast_players_move(g: &ugolki_bot::game::GameRecord) -> ugolki_bot::engine::Path {
    use ugolki_bot::ai::{self, Limits};
    let limits = Limits {
        nodes: Some(3_000),
        ..Limits::default()
    };
    let game = g
        .replay()
        .expect("the game replays")
        .into_two()
        .expect("two sides");
    ai::best_move(&game, &limits).expect("a legal move")
}

/// The current keyboard of the board message, once it shows `ply` (the board a player
/// sees after the bot's edit has arrived).
async fn keyboard_at(h: &Harness, chat: i64, board: i64, ply: u32) -> Vec<(String, String)> {
    for _ in 0..2_000 {
        let buttons = h
            .api
            .message(chat, board)
            .map(|m| ugolki_bot::fakeapi::keyboard_buttons(m.json.get("reply_markup")))
            .unwrap_or_default();
        // Each square's button carries the ply its board shows.
        if has_button(
            &buttons,
            |cb| matches!(cb, Callback::Tap { ply: p, .. } if *p == ply),
        ) {
            return buttons;
        }
        tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    }
    panic!("the board never showed ply {ply}");
}

/// Alice plays the program (level 1) with the bot's default per-user limit, one move per
/// `every` whenever it is her turn, typed or tapped, until the game ends. Returns her moves'
/// send times and the calls since the board was posted.
async fn fast_game(
    input: Input,
    every: std::time::Duration,
) -> (
    Vec<std::time::Instant>,
    Vec<ugolki_bot::fakeapi::Call>,
    Harness,
) {
    use std::sync::Arc;
    use ugolki_bot::fakeapi::FakeApi;
    use ugolki_bot::game::{MemoryStore, Timing};
    let api = FakeApi::start().await.expect("fake api");
    let mut cfg = config(&api, Timing::default());
    cfg.actions_per_minute = ugolki_bot::bot::DEFAULT_ACTIONS_PER_MINUTE;
    let h = Harness::start_with_config(api, Arc::new(MemoryStore::new()), cfg).await;
    let a = alice();
    let chat = TgChat::Private(a.clone());
    let board = play_the_program(&h, &a, Color::White).await;
    let (c1, board_id) = (board.seq, message_id(&board));
    let mut sent: Vec<std::time::Instant> = Vec::new();
    let started = std::time::Instant::now();
    loop {
        let g = only_game(&h);
        if !g.is_active() {
            break;
        }
        assert!(
            started.elapsed() < std::time::Duration::from_secs(240),
            "stuck after {} plies",
            g.moves.len()
        );
        if g.side_to_move() != Color::White {
            tokio::time::sleep(std::time::Duration::from_millis(5)).await;
            continue;
        }
        if let Some(last) = sent.last() {
            let next = *last + every;
            tokio::time::sleep_until(next.into()).await;
        }
        let path = fast_players_move(&g);
        let before = g.moves.len();
        sent.push(std::time::Instant::now());
        match input {
            Input::Typed => {
                h.api.send_text(&chat, &a, &path.to_string());
            }
            Input::Tapped => {
                // A player taps what the board shows: wait for the keyboard of this turn.
                let keys = keyboard_at(&h, chat.id(), board_id, g.ply()).await;
                let piece = button_in(&keys, "", tap_on(&path.from().to_string()));
                let c = h.cursor();
                h.api.tap(&chat, &a, board_id, &piece);
                let Some(marked) = h
                    .api
                    .wait_for(c, WAIT, |c| {
                        c.is("EditMessageReplyMarkup") && has_button(&c.buttons(), is_move)
                    })
                    .await
                else {
                    for c in h.api.calls() {
                        eprintln!(
                            "{} {} {} {:?}",
                            c.seq,
                            c.method,
                            c.params,
                            c.response.as_ref().err()
                        );
                    }
                    panic!("no selection; piece {piece}");
                };
                let target = button(
                    &marked,
                    "",
                    |cb| matches!(cb, Callback::Move { to, confirmed: false, .. } if *to == path.to()),
                );
                h.api.tap(&chat, &a, board_id, &target);
            }
        }
        // Stored (and answered, unless it ended the game) before the next turn.
        let mut stored = false;
        for _ in 0..4_000 {
            let now = only_game(&h);
            if now.moves.len() > before + 1 || (now.moves.len() > before && !now.is_active()) {
                stored = true;
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(5)).await;
        }
        assert!(stored, "move {} ({path}) was not played", sent.len());
    }
    h.expect(c1, "the record at the end", |c| c.is("SendDocument"))
        .await;
    h.settle().await;
    let calls = h.api.calls_since(c1);
    (sent, calls, h)
}

/// The most of `times` within any minute.
pub(crate) fn most_in_a_minute(times: &[std::time::Instant]) -> usize {
    let minute = std::time::Duration::from_secs(60);
    (0..times.len())
        .map(|i| {
            times[i..]
                .iter()
                .take_while(|t| **t - times[i] < minute)
                .count()
        })
        .max()
        .unwrap_or(0)
}

/// What the bot said to Alice in words during the game (a refusal would be one).
fn messages(calls: &[ugolki_bot::fakeapi::Call]) -> Vec<String> {
    calls
        .iter()
        .filter(|c| c.is("SendMessage"))
        .map(|c| c.text().unwrap_or_default())
        .collect()
}

/// A player who types a move every second against the program, with the bot's default
/// per-user limit, plays the game to its end: no move refused, none dropped, nothing to
/// read but the board.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_fast_typist_plays_the_program_to_the_end() {
    let (sent, calls, h) = fast_game(Input::Typed, std::time::Duration::from_secs(1)).await;
    let g = only_game(&h);
    assert!(g.outcome().is_some(), "{:?}", g.status);
    let most = most_in_a_minute(&sent);
    eprintln!("{} moves typed, {most} in the busiest minute", sent.len());
    // The game is the same every time (both sides' searches are bounded by nodes): 43
    // moves of Alice's, more than the limit allows actions in a minute.
    assert!(
        sent.len() > ugolki_bot::bot::DEFAULT_ACTIONS_PER_MINUTE as usize,
        "too short a game to tell: {} moves",
        sent.len()
    );
    // More moves in a minute than the limit allows actions: moves are not counted.
    assert!(
        most > ugolki_bot::bot::DEFAULT_ACTIONS_PER_MINUTE as usize,
        "{most} moves in a minute"
    );
    assert_eq!(messages(&calls), Vec::<String>::new(), "refusals");
    h.assert_within_limits();
}

/// A player who taps a move every two seconds (a piece, then its destination: two taps a
/// move) plays the program to the end with the default limit, none refused.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_fast_tapper_plays_the_program_to_the_end() {
    let (sent, calls, h) = fast_game(Input::Tapped, std::time::Duration::from_secs(2)).await;
    let g = only_game(&h);
    assert!(g.outcome().is_some(), "{:?}", g.status);
    let most = most_in_a_minute(&sent);
    eprintln!("{} moves tapped, {most} in the busiest minute", sent.len());
    // Two taps a move: more taps in a minute than the limit allows actions.
    assert!(
        2 * most > ugolki_bot::bot::DEFAULT_ACTIONS_PER_MINUTE as usize,
        "{most} moves in a minute"
    );
    let refused: Vec<_> = calls
        .iter()
        .filter(|c| c.is("AnswerCallbackQuery") && c.str("text").is_some())
        .map(|c| c.str("text").unwrap_or_default().to_string())
        .collect();
    assert_eq!(
        refused,
        Vec::<String>::new(),
        "taps answered with a refusal"
    );
    assert_eq!(messages(&calls), Vec::<String>::new(), "refusals");
    h.assert_within_limits();
}

/// Past the per-person limit a refusal is not dropped: its explanation waits until the
/// limit lets one more through, the newest of those waiting going out (the limit here: one
/// action in 3 s).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refusal_past_the_limit_is_answered_late_not_dropped() {
    use std::sync::Arc;
    use std::time::Duration;
    use ugolki_bot::fakeapi::FakeApi;
    use ugolki_bot::game::{MemoryStore, Timing};
    let api = FakeApi::start().await.expect("fake api");
    let mut cfg = config(&api, Timing::default());
    cfg.actions_per_minute = 1;
    cfg.actions_window = Duration::from_secs(3);
    let h = Harness::start_with_config(api, Arc::new(MemoryStore::new()), cfg).await;
    let a = alice();
    let chat = TgChat::Private(a.clone());
    let c0 = h.cursor();
    h.api.send_text(&chat, &a, "/play classic 1");
    let colour = h
        .expect(c0, "colour choice", |c| {
            c.is("SendMessage") && !c.buttons().is_empty()
        })
        .await;
    // Starting the game is an action: each waits for the window.
    tokio::time::sleep(Duration::from_millis(3_200)).await;
    let c1 = h.cursor();
    h.api.tap(
        &chat,
        &a,
        message_id(&colour),
        &button(&colour, "White", |cb| {
            matches!(
                cb,
                Callback::Play {
                    colour: Some(Some(Color::White)),
                    ..
                }
            )
        }),
    );
    h.expect(c1, "the board", |c| c.is("SendPhoto")).await;
    h.settle().await;
    tokio::time::sleep(Duration::from_millis(3_200)).await;
    // Four bad moves at once: the first is answered, the newest after the window.
    let c2 = h.cursor();
    for bad in ["e4-e5", "e3-e4", "d4-d5", "d5-d6"] {
        h.api.send_text(&chat, &a, bad);
    }
    let first = h
        .expect(c2, "the first reason", |c| c.is("SendMessage"))
        .await;
    let last = h
        .expect(c2, "the newest reason", |c| {
            c.is("SendMessage") && c.seq > first.seq
        })
        .await;
    assert!(
        first.text().is_some_and(|t| t.contains("e4")),
        "{:?}",
        first.text()
    );
    assert!(
        last.text().is_some_and(|t| t.contains("d5")),
        "{:?}",
        last.text()
    );
    assert!(
        last.at.duration_since(first.at) >= Duration::from_millis(2_500),
        "the limit did not hold it back: {:?}",
        last.at.duration_since(first.at)
    );
    tokio::time::sleep(Duration::from_secs(4)).await;
    let said = h
        .api
        .calls_since(c2)
        .iter()
        .filter(|c| c.is("SendMessage"))
        .count();
    assert_eq!(said, 2, "the two others were collapsed");
}
