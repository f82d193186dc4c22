//! Takebacks: in a casual game a player asks to take back their last move and the
//! opponent accepts or declines; never in a rated game.

use crate::common::harness::*;
use ugolki_bot::fakeapi::{Call, TgChat, TgUser};

/// `from` sends `/takeback`; the bot's message about it.
async fn ask_takeback(h: &Harness, chat: &TgChat, from: &TgUser) -> Call {
    let c0 = h.cursor();
    h.api.send_text(chat, from, "/takeback");
    h.expect(c0, "an answer to /takeback", |c| {
        c.is("SendMessage") && c.chat_id() == Some(chat.id())
    })
    .await
}

/// A takeback request's Accept (`accept`) or Decline.
fn takeback(accept: bool) -> impl Fn(&Callback) -> bool {
    move |cb| matches!(cb, Callback::Takeback { accept: a, .. } if *a == accept)
}

/// `who` taps the request's Accept (`accept`) or Decline; the request's message after.
async fn answer(h: &Harness, chat: &TgChat, who: &TgUser, request: &Call, accept: bool) -> Call {
    let data = button(request, "", takeback(accept));
    let c0 = h.cursor();
    h.api.tap(chat, who, message_id(request), &data);
    h.expect(c0, "the request closed", |c| {
        c.is("EditMessageText") && c.int("message_id") == Some(message_id(request))
    })
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_casual_game_takes_moves_back_on_agreement() {
    let h = Harness::start().await;
    let (a, b) = (alice(), carol());
    let chat = group();
    let opened = open_group_game(&h, &chat, &a, &b, "/new classic casual").await;
    assert!(
        opened
            .challenge
            .text()
            .is_some_and(|t| t.contains("casual")),
        "the challenge says it is unrated: {:?}",
        opened.challenge.text()
    );
    let board = message_id(&opened.board);
    let (white, black) = colours(&opened.board, &a, &b);
    assert!(!game_in(&h, &chat).rated);

    // Nothing to take back before moving.
    let none = ask_takeback(&h, &chat, &white).await;
    assert!(
        none.text()
            .is_some_and(|t| t.contains("nothing to take back"))
    );

    // White moves, asks, Black accepts: the game is back at the start.
    let start = game_in(&h, &chat).position;
    h.api.reply_text(&chat, &white, board, "c3-d3");
    h.settle().await;
    assert_eq!(game_in(&h, &chat).moves.len(), 1);
    let request = ask_takeback(&h, &chat, &white).await;
    assert!(request.text().is_some_and(|t| t.contains("take back")));
    // Only the opponent answers.
    let c0 = h.cursor();
    let own = button(&request, "", takeback(true));
    h.api.tap(&chat, &white, message_id(&request), &own);
    let refused = h
        .expect(c0, "the asker's own tap", |c| c.is("AnswerCallbackQuery"))
        .await;
    assert!(refused.str("text").is_some(), "an alert");
    assert_eq!(game_in(&h, &chat).moves.len(), 1, "nothing changed");
    let c1 = h.cursor();
    let closed = answer(&h, &chat, &black, &request, true).await;
    assert!(closed.text().is_some_and(|t| t.contains("taken back")));
    let g = game_in(&h, &chat);
    assert_eq!((g.moves.len(), g.takebacks), (0, 1));
    assert_eq!(g.position, start);
    h.expect(c1, "the board redrawn", |c| {
        c.is("EditMessageMedia") && c.int("message_id") == Some(board)
    })
    .await;

    // Again, after Black's reply: both moves go; declined first.
    h.api.reply_text(&chat, &white, board, "c3-d3");
    h.settle().await;
    h.api.reply_text(&chat, &black, board, "f6-e6");
    h.settle().await;
    let request = ask_takeback(&h, &chat, &white).await;
    let closed = answer(&h, &chat, &black, &request, false).await;
    assert!(closed.text().is_some_and(|t| t.contains("declined")));
    assert_eq!(game_in(&h, &chat).moves.len(), 2);
    let request = ask_takeback(&h, &chat, &white).await;
    answer(&h, &chat, &black, &request, true).await;
    let g = game_in(&h, &chat);
    assert_eq!((g.moves.len(), g.takebacks), (0, 2));
    h.assert_within_limits();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rated_game_has_no_takebacks() {
    let h = Harness::start().await;
    let (a, b) = (alice(), carol());
    let chat = group();
    let opened = open_group_game(&h, &chat, &a, &b, "/new classic").await;
    let (white, _) = colours(&opened.board, &a, &b);
    assert!(game_in(&h, &chat).rated);
    h.api
        .reply_text(&chat, &white, message_id(&opened.board), "c3-d3");
    h.settle().await;
    let refused = ask_takeback(&h, &chat, &white).await;
    assert!(
        refused.text().is_some_and(|t| t.contains("unrated")),
        "{:?}",
        refused.text()
    );
    assert!(refused.buttons().is_empty());
    assert_eq!(game_in(&h, &chat).moves.len(), 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_program_grants_a_takeback_at_once() {
    let h = Harness::start().await;
    let a = alice();
    let chat = TgChat::Private(a.clone());
    let board = play_the_program(&h, &a, ugolki_bot::engine::Color::White).await;
    let start = game_in(&h, &chat).position;
    let c3 = h.cursor();
    h.api.send_text(&chat, &a, "c3-d3");
    h.expect(c3, "the program's reply", |c| {
        c.is("EditMessageMedia") && c.text().is_some_and(|t| t.contains("move 2"))
    })
    .await;
    h.settle().await;
    // The move and the program's reply go back; no question is asked.
    let c4 = h.cursor();
    h.api.send_text(&chat, &a, "/takeback");
    let said = h.expect(c4, "the takeback", |c| c.is("SendMessage")).await;
    assert!(said.buttons().is_empty(), "{:?}", said.params);
    h.expect(c4, "the board back at the start", |c| {
        c.is("EditMessageMedia")
            && c.int("message_id") == Some(message_id(&board))
            && c.text().is_some_and(|t| t.contains("move 1"))
    })
    .await;
    let g = game_in(&h, &chat);
    assert_eq!((g.ply(), g.takebacks), (0, 1));
    assert_eq!(g.position, start);
}
