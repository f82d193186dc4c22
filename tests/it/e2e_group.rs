//! End to end against the fake Bot API: group games, challenges, access rules, confirmations.

use crate::common::harness::*;
use ugolki_bot::fakeapi::{Call, TgUser, keyboard_buttons};
use ugolki_bot::game::GameId;

/// Who plays White according to a board caption (the first mention).
fn white_id(caption_call: &Call) -> u64 {
    let html = caption_call
        .params
        .get("caption")
        .or_else(|| {
            caption_call
                .params
                .get("media")
                .and_then(|m| m.get("caption"))
        })
        .and_then(|v| v.as_str())
        .unwrap()
        .to_string();
    let at = html.find("tg://user?id=").unwrap() + "tg://user?id=".len();
    html[at..].split('"').next().unwrap().parse().unwrap()
}

async fn open_game(h: &Harness, variant: &str) -> (Call, TgUser, TgUser) {
    open_game_between(h, variant, alice(), boris()).await
}

/// Open a game in the group: `a` challenges, `b` accepts; the board and (White, Black).
async fn open_game_between(
    h: &Harness,
    variant: &str,
    a: TgUser,
    b: TgUser,
) -> (Call, TgUser, TgUser) {
    let g = group();
    let c0 = h.cursor();
    h.api.send_text(&g, &a, &format!("/new {variant}"));
    let ch = h
        .expect(c0, "challenge", |c| {
            c.is("SendMessage") && !c.buttons().is_empty()
        })
        .await;
    assert!(
        ch.text().unwrap().contains("Anyone may accept"),
        "{:?}",
        ch.text()
    );
    let accept = button(&ch, "Accept", |cb| {
        matches!(cb, Callback::Challenge { accept: true, .. })
    });
    // The challenger cannot accept their own challenge.
    let c1 = h.cursor();
    h.api.tap(&g, &a, message_id(&ch), &accept);
    let own = h
        .expect(c1, "own challenge alert", |c| c.is("AnswerCallbackQuery"))
        .await;
    assert_eq!(
        own.str("text"),
        Some("You cannot accept your own challenge.")
    );
    let c2 = h.cursor();
    h.api.tap(&g, &b, message_id(&ch), &accept);
    let board = h.expect(c2, "board", |c| c.is("SendPhoto")).await;
    h.expect(c2, "challenge closed", |c| {
        c.is("EditMessageText")
            && c.text()
                .is_some_and(|t| t.contains("accepted") || t.contains("принял"))
    })
    .await;
    let (w, bl) = if white_id(&board) == a.id as u64 {
        (a, b)
    } else {
        (b, a)
    };
    (board, w, bl)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn group_game_with_typed_moves_taps_and_access_rules() {
    let h = Harness::start().await;
    let g = group();
    // exit_deadline=2: the game is decided by the home-exit rule after Black's move 2.
    let (board, white, black) = open_game(&h, "classic,exit_deadline=2").await;
    let bid = message_id(&board);
    let cap = board.text().unwrap();
    assert!(
        cap.contains("house rules") || cap.contains("свои правила"),
        "{cap}"
    );

    // White moves by replying to the board.
    let c0 = h.cursor();
    h.api.reply_text(&g, &white, bid, "c3-d3");
    h.expect(c0, "edit after reply move", |c| {
        c.is("EditMessageMedia") && c.text().is_some_and(|t| t.contains("c3-d3"))
    })
    .await;

    // Black out of turn / a stranger tapping.
    h.settle().await;
    let kb = keyboard_buttons(h.api.message(g.id(), bid).unwrap().json.get("reply_markup"));
    let tap_f6 = button_in(&kb, "", tap_on("f6"));
    let tap_b2 = button_in(&kb, "", tap_on("b2"));
    let c1 = h.cursor();
    h.api.tap(&g, &carol(), bid, &tap_f6);
    let foreign = h
        .expect(c1, "foreign tap", |c| c.is("AnswerCallbackQuery"))
        .await;
    assert_eq!(foreign.str("text"), Some("This is not your game."));
    assert_eq!(
        foreign.params.get("show_alert").and_then(|v| v.as_bool()),
        Some(true)
    );
    let c2 = h.cursor();
    h.api.tap(&g, &white, bid, &tap_b2);
    let turn = h
        .expect(c2, "not your turn", |c| c.is("AnswerCallbackQuery"))
        .await;
    assert!(
        turn.str("text")
            .is_some_and(|t| t == "Not your turn." || t == "Сейчас не ваш ход."),
        "{:?}",
        turn.str("text")
    );

    // Malformed and forged data: a tap in a game that does not exist, a move of White's
    // in this game at a ply long gone.
    let game = game_in(&h, &g).id;
    let forged = [
        Callback::Tap {
            game: GameId(999),
            ply: 0,
            square: sq("c3"),
        },
        Callback::Move {
            game,
            ply: 0,
            from: sq("c3"),
            to: sq("c4"),
            confirmed: false,
        },
    ]
    .map(|cb| cb.encode());
    for bad in ["t:zz", "garbage"]
        .into_iter()
        .chain(forged.iter().map(String::as_str))
    {
        let c = h.cursor();
        h.api.tap(&g, &black, bid, bad);
        let a = h
            .expect(c, "bad data alert", |c| c.is("AnswerCallbackQuery"))
            .await;
        assert!(a.str("text").is_some(), "{bad}: {:?}", a.params);
    }

    // Black moves with /m.
    let c3 = h.cursor();
    h.api.send_text(&g, &black, "/m f6-e6");
    h.expect(c3, "edit after /m", |c| {
        c.is("EditMessageMedia") && c.text().is_some_and(|t| t.contains("f6-e6"))
    })
    .await;

    // An old keyboard (ply 0) is stale now.
    let c4 = h.cursor();
    h.api.tap(&g, &white, bid, &tap_b2);
    let stale = h.expect(c4, "stale", |c| c.is("AnswerCallbackQuery")).await;
    assert!(
        stale.str("text").unwrap().contains("out of date")
            || stale.str("text").unwrap().contains("устарела")
    );

    // White by taps: b3 then b4.
    h.settle().await;
    let kb = keyboard_buttons(h.api.message(g.id(), bid).unwrap().json.get("reply_markup"));
    let tap_b3 = button_in(&kb, "", tap_on("b3"));
    let c5 = h.cursor();
    h.api.tap(&g, &white, bid, &tap_b3);
    let sel = h
        .expect(c5, "selection", |c| c.is("EditMessageReplyMarkup"))
        .await;
    let to_b4 = button(&sel, "", move_between("b3", "b4"));
    let c6 = h.cursor();
    h.api.tap(&g, &white, bid, &to_b4);
    h.expect(c6, "tap move", |c| {
        c.is("EditMessageMedia") && c.text().is_some_and(|t| t.contains("b3-b4"))
    })
    .await;

    // Garbled typed move by Black gets a reason; then Black's move 2 ends the game.
    let c7 = h.cursor();
    h.api.reply_text(&g, &black, bid, "g6-g9");
    let why = h.expect(c7, "reason", |c| c.is("SendMessage")).await;
    assert!(why.text().unwrap().contains("g9"), "{:?}", why.text());
    let c8 = h.cursor();
    h.api.reply_text(&g, &black, bid, "g6 g5");
    let end = h
        .expect(c8, "final board", |c| {
            c.is("EditMessageMedia")
                && c.text()
                    .is_some_and(|t| t.contains("Draw") || t.contains("Ничья"))
        })
        .await;
    let text = end.text().unwrap();
    assert!(
        text.contains("after move 2") || text.contains("за 2"),
        "{text}"
    );
    assert!(
        has_button(&end.buttons(), |cb| matches!(cb, Callback::Rematch { .. })),
        "rematch button"
    );
    h.expect(c8, "replay gif", |c| c.is("SendAnimation")).await;
    let doc = h.expect(c8, "record", |c| c.is("SendDocument")).await;
    let record = String::from_utf8(doc.upload().unwrap().to_vec()).unwrap();
    assert!(record.contains("1. c3-d3 f6-e6 2. b3-b4 g6-g5"), "{record}");
    assert!(record.contains("[Termination \"exit_deadline\"]"));
    let gif = h
        .api
        .calls_since(c8)
        .into_iter()
        .find(|c| c.is("SendAnimation"))
        .unwrap();
    assert_eq!(&gif.upload().unwrap()[..3], b"GIF");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn challenge_by_mention_only_the_named_user_can_accept() {
    let h = Harness::start().await;
    let g = group();
    let (a, b, c) = (alice(), boris(), carol());
    let c0 = h.cursor();
    h.api.send_text(&g, &a, "/challenge @Carol diagonal");
    let ch = h
        .expect(c0, "challenge", |x| {
            x.is("SendMessage") && !x.buttons().is_empty()
        })
        .await;
    assert!(ch.text().unwrap().contains("@Carol"));
    let accept = button(&ch, "Accept", |cb| {
        matches!(cb, Callback::Challenge { accept: true, .. })
    });
    let c1 = h.cursor();
    h.api.tap(&g, &b, message_id(&ch), &accept);
    let no = h
        .expect(c1, "not for you", |x| x.is("AnswerCallbackQuery"))
        .await;
    assert_eq!(
        no.str("text"),
        Some("This challenge is for someone else."),
        "the group speaks Alice's language (she spoke first), whoever taps"
    );
    let c2 = h.cursor();
    h.api.tap(&g, &c, message_id(&ch), &accept);
    let board = h.expect(c2, "board", |x| x.is("SendPhoto")).await;
    assert!(board.text().unwrap().contains("Diagonal"));

    // A reply-based challenge that the target declines.
    let m = h.api.send_text(&g, &b, "hi all");
    let c3 = h.cursor();
    h.api.reply_text(&g, &a, m, "/challenge");
    let ch2 = h
        .expect(c3, "reply challenge", |x| {
            x.is("SendMessage") && !x.buttons().is_empty()
        })
        .await;
    let decline = button(&ch2, "", |cb| {
        matches!(cb, Callback::Challenge { accept: false, .. })
    });
    let c4 = h.cursor();
    h.api.tap(&g, &b, message_id(&ch2), &decline);
    h.expect(c4, "declined", |x| {
        x.is("EditMessageText")
            && x.text()
                .is_some_and(|t| t.contains("отклонил") || t.contains("declined"))
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn resign_draw_abort_and_rematch() {
    let h = Harness::start().await;
    let g = group();
    // Abort before both have moved.
    let (board, white, black) = open_game(&h, "classic").await;
    let c0 = h.cursor();
    h.api.send_text(&g, &white, "/abort");
    h.expect(c0, "aborted", |c| {
        c.is("EditMessageMedia")
            && c.text()
                .is_some_and(|t| t.contains("aborted") || t.contains("отменена"))
    })
    .await;
    let _ = board;

    // Draw offer declined, then accepted.
    let (board, white, black2) = open_game(&h, "classic").await;
    let _ = black;
    let bid = message_id(&board);
    h.api.reply_text(&g, &white, bid, "c3-d3");
    h.settle().await;
    let c1 = h.cursor();
    h.api.send_text(&g, &white, "/draw");
    let offer = h
        .expect(c1, "offer", |c| {
            c.is("SendMessage") && !c.buttons().is_empty()
        })
        .await;
    let decline = button(&offer, "", |cb| {
        matches!(cb, Callback::Draw { accept: false, .. })
    });
    // The offerer cannot answer their own offer.
    let c2 = h.cursor();
    h.api.tap(&g, &white, message_id(&offer), &decline);
    let own = h
        .expect(c2, "own offer", |c| c.is("AnswerCallbackQuery"))
        .await;
    assert!(own.str("text").is_some());
    let c3 = h.cursor();
    h.api.tap(&g, &black2, message_id(&offer), &decline);
    h.expect(c3, "declined", |c| {
        c.is("SendMessage")
            && c.text()
                .is_some_and(|t| t.contains("declined") || t.contains("отклонил"))
    })
    .await;
    h.settle().await;
    let c4 = h.cursor();
    h.api.send_text(&g, &black2, "/draw");
    let offer2 = h
        .expect(c4, "offer 2", |c| {
            c.is("SendMessage") && !c.buttons().is_empty()
        })
        .await;
    let accept = button(&offer2, "", |cb| {
        matches!(cb, Callback::Draw { accept: true, .. })
    });
    let c5 = h.cursor();
    h.api.tap(&g, &white, message_id(&offer2), &accept);
    let drawn = h
        .expect(c5, "drawn", |c| {
            c.is("EditMessageMedia")
                && c.text()
                    .is_some_and(|t| t.contains("agreed") || t.contains("соглашению"))
        })
        .await;

    // Rematch: a targeted challenge with colours swapped.
    let rematch = button(&drawn, "", |cb| matches!(cb, Callback::Rematch { .. }));
    let c6 = h.cursor();
    h.api.tap(&g, &white, bid, &rematch);
    let ch = h
        .expect(c6, "rematch challenge", |c| {
            c.is("SendMessage") && !c.buttons().is_empty()
        })
        .await;
    let acc = button(&ch, "", |cb| {
        matches!(cb, Callback::Challenge { accept: true, .. })
    });
    let c7 = h.cursor();
    h.api.tap(&g, &black2, message_id(&ch), &acc);
    let b2 = h.expect(c7, "rematch board", |c| c.is("SendPhoto")).await;
    assert_eq!(white_id(&b2), black2.id as u64, "colours swapped");

    // Resign with confirmation.
    let c8 = h.cursor();
    h.api.send_text(&g, &white, "/resign");
    let conf = h
        .expect(c8, "confirm", |c| {
            c.is("SendMessage") && !c.buttons().is_empty()
        })
        .await;
    let yes = button(&conf, "", |cb| matches!(cb, Callback::Resign { .. }));
    let c9 = h.cursor();
    h.api.tap(&g, &white, message_id(&conf), &yes);
    h.expect(c9, "resigned", |c| {
        c.is("EditMessageMedia")
            && c.text()
                .is_some_and(|t| t.contains("resigned") || t.contains("сдались"))
    })
    .await;
}

/// A game's end (its replay made and sent) runs beside the chat's other updates: before,
/// the chat's other games waited until the replay was uploaded.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_end_does_not_hold_up_the_chats_other_games() {
    use std::time::{Duration, Instant};
    use ugolki_bot::fakeapi::Fault;
    let h = Harness::start().await;
    let g = group();
    let (_, white, _) = open_game(&h, "classic").await;
    let dave = TgUser::new(104, "Dave", "en");
    let (board2, white2, _) = open_game_between(&h, "classic", carol(), dave).await;
    let c0 = h.cursor();
    h.api.send_text(&g, &white, "/resign");
    let conf = h
        .expect(c0, "confirm", |c| {
            c.is("SendMessage") && !c.buttons().is_empty()
        })
        .await;
    let yes = button(&conf, "", |cb| matches!(cb, Callback::Resign { .. }));
    // The first game's replay upload hangs for a while (longer than the group's pacing
    // can hold a board edit: the game's end used the chat's burst).
    let stall = Duration::from_secs(8);
    h.api.fault_next(Some("sendAnimation"), Fault::Slow(stall));
    let c1 = h.cursor();
    h.api.tap(&g, &white, message_id(&conf), &yes);
    h.expect(c1, "resigned", |c| {
        c.is("EditMessageMedia")
            && c.text()
                .is_some_and(|t| t.contains("resigned") || t.contains("сдались"))
    })
    .await;
    // A move in the other game of the same chat is shown meanwhile.
    let asked = Instant::now();
    let c2 = h.cursor();
    h.api.reply_text(&g, &white2, message_id(&board2), "c3-d3");
    h.expect(c2, "the other game's move", |c| {
        c.is("EditMessageMedia") && c.text().is_some_and(|t| t.contains("c3-d3"))
    })
    .await;
    let waited = asked.elapsed();
    assert!(
        waited < stall - Duration::from_secs(3),
        "the other game's move was shown after {waited:?}, behind the replay's upload"
    );
    // The replay and the record still arrive.
    let replay = h.expect(c1, "replay", |c| c.is("SendAnimation")).await;
    assert!(replay.response.is_ok(), "{:?}", replay.response);
    h.expect(c1, "record", |c| c.is("SendDocument")).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn return_home_asks_for_confirmation() {
    use crate::common::classic_game;
    use std::sync::Arc;
    use ugolki_bot::game::{ChatId, GameService, NewGame, Player, Timestamp, Timing, UserId};
    let h = Harness::start().await;
    let g = group();
    let (a, b) = (alice(), boris());
    // A game past the exit deadline (move 45), set up directly in the store.
    let svc = GameService::new(Arc::clone(&h.store), Timing::default());
    let (ua, ub) = (a.clone(), b.clone());
    svc.create_game(
        NewGame {
            rated: false,
            start: Some("W:c4,d4,b4,d5,e5,f5,d6,e6,f4 B:a5,a6,a7,a8,b8,c8,b6,c6,h1 w 45".into()),
            ..classic_game(
                [
                    Player::Human(UserId(ua.id as u64)),
                    Player::Human(UserId(ub.id as u64)),
                ],
                ChatId(g.id()),
            )
        },
        Timestamp::now(),
    )
    .unwrap();
    let c0 = h.cursor();
    h.api.send_text(&g, &a, "/board");
    let board = h.expect(c0, "board", |c| c.is("SendPhoto")).await;
    let bid = message_id(&board);
    h.board_stored(g.id(), bid).await;

    // Typed: a confirmation message, then "play it" loses.
    let c1 = h.cursor();
    h.api.reply_text(&g, &a, bid, "c4-c3");
    let conf = h
        .expect(c1, "confirmation", |c| {
            c.is("SendMessage") && !c.buttons().is_empty()
        })
        .await;
    assert!(
        conf.text().unwrap().contains("loses the game"),
        "{:?}",
        conf.text()
    );
    let cancel = button(&conf, "", |cb| matches!(cb, Callback::Reset { .. }));
    let play = button(&conf, "", |cb| {
        matches!(
            cb,
            Callback::Move {
                confirmed: true,
                ..
            }
        )
    });

    // Taps: select c4, tap c3: the board itself asks; cancel restores it.
    h.settle().await;
    let kb = keyboard_buttons(h.api.message(g.id(), bid).unwrap().json.get("reply_markup"));
    let tap_c4 = button_in(&kb, "", tap_on("c4"));
    let c2 = h.cursor();
    h.api.tap(&g, &a, bid, &tap_c4);
    let sel = h
        .expect(c2, "selection", |c| c.is("EditMessageReplyMarkup"))
        .await;
    let to_c3 = button(&sel, "", move_between("c4", "c3"));
    let c3 = h.cursor();
    h.api.tap(&g, &a, bid, &to_c3);
    let ask = h
        .expect(c3, "board asks", |c| {
            c.is("EditMessageMedia") && c.text().is_some_and(|t| t.contains("Play it anyway"))
        })
        .await;
    let board_cancel = button(&ask, "", |cb| matches!(cb, Callback::Reset { .. }));
    let c4 = h.cursor();
    h.api.tap(&g, &a, bid, &board_cancel);
    h.expect(c4, "board restored", |c| {
        c.is("EditMessageMedia") && c.buttons().len() == 64
    })
    .await;
    let _ = cancel;

    // Confirm from the typed confirmation message: Alice (White) loses by returning home.
    let c5 = h.cursor();
    h.api.tap(&g, &a, message_id(&conf), &play);
    let end = h
        .expect(c5, "lost", |c| {
            c.is("EditMessageMedia") && c.text().is_some_and(|t| t.contains("Black wins"))
        })
        .await;
    assert!(
        end.text().unwrap().contains("back home after move 40"),
        "{:?}",
        end.text()
    );
}

/// Someone deletes the board message: the next move is still played and stored, and the
/// bot posts the board anew (its edit finds no message), with the move on it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deleted_board_is_posted_anew_after_the_next_move() {
    let h = Harness::start().await;
    let g = group();
    let (board, white, _black) = open_game(&h, "classic").await;
    let bid = message_id(&board);
    h.settle().await;
    assert!(h.api.delete_by_user(g.id(), bid));
    let c0 = h.cursor();
    h.api.send_text(&g, &white, "c3-d3");
    let failed = h
        .expect(c0, "the edit of the deleted board", |c| {
            c.is("EditMessageMedia") && c.int("message_id") == Some(bid)
        })
        .await;
    assert!(
        failed
            .response
            .as_ref()
            .is_err_and(|e| e.contains("message to edit not found")),
        "{:?}",
        failed.response
    );
    let again = h
        .expect(c0, "the board posted anew", |c| {
            c.is("SendPhoto") && c.chat_id() == Some(g.id())
        })
        .await;
    assert!(
        again.text().is_some_and(|t| t.contains("c3-d3")),
        "{:?}",
        again.text()
    );
    // The new board is the game's board now: a tap on it selects (keyboard only).
    h.settle().await;
    let new_id = again
        .response
        .as_ref()
        .ok()
        .and_then(|r| r.get("message_id"))
        .and_then(|v| v.as_i64())
        .expect("message id");
    let kb = keyboard_buttons(
        h.api
            .message(g.id(), new_id)
            .unwrap()
            .json
            .get("reply_markup"),
    );
    assert!(
        has_button(&kb, tap_on("f6")),
        "the new board has no keyboard: {kb:?}"
    );
}
