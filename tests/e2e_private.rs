//! End to end against the fake Bot API: a private game against the program.

mod common;

use common::harness::*;
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
    let white = button(&colour, "p:classic:w", "White");
    let c2 = h.cursor();
    h.api.tap(&chat, &a, message_id(&colour), &white);
    let level = h
        .expect(c2, "level choice", |c| c.is("EditMessageText"))
        .await;
    let l1 = button(&level, "p:classic:w:1", "1");
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
    let tap_c2 = buttons
        .iter()
        .find(|(_, d)| d.starts_with("t:") && d.ends_with(":c2"))
        .unwrap()
        .1
        .clone();
    let c6 = h.cursor();
    h.api.tap(&chat, &a, board_id, &tap_c2);
    let sel = h
        .expect(c6, "selection", |c| c.is("EditMessageMedia"))
        .await;
    let dest = button(&sel, "m:", "•");
    let ok = h
        .expect(c6, "answer", |c| c.is("AnswerCallbackQuery"))
        .await;
    assert!(ok.str("text").is_none());
    let c7 = h.cursor();
    h.api.tap(&chat, &a, board_id, &dest);
    h.expect(c7, "moved by taps", |c| {
        c.is("EditMessageMedia") && c.text().is_some_and(|t| t.contains("move 3"))
    })
    .await;
}
