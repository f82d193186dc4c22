//! `/games`: every game in play of the asker's in a private chat (with whose move it is,
//! the time left and where its board is), the group's games in a group.

use crate::common::harness::*;
use ugolki_bot::fakeapi::{Call, TgChat};

/// The bot's answer to `text` from `from` in `chat`.
async fn ask(h: &Harness, chat: &TgChat, from: &ugolki_bot::fakeapi::TgUser, text: &str) -> Call {
    let c0 = h.cursor();
    h.api.send_text(chat, from, text);
    h.expect(c0, "an answer", |c| {
        c.is("SendMessage") && c.chat_id() == Some(chat.id())
    })
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn games_lists_the_askers_games_and_the_groups() {
    let h = Harness::start().await;
    let (a, b, c) = (alice(), boris(), carol());
    let club = supergroup();
    // A blitz game between Alice and Boris in the supergroup, and Alice against the
    // program in her private chat.
    let opened = open_group_game(&h, &club, &a, &b, "/new classic 5+3").await;
    let board = message_id(&opened.board);
    let alice_white = white_id(&opened.board) == a.id;
    let private = TgChat::Private(a.clone());
    play_the_program(&h, &a, ugolki_bot::engine::Color::White).await;

    // In her private chat: both games, the group's with a link to its board.
    let list = ask(&h, &private, &a, "/games").await;
    let text = list.text().expect("a text");
    assert!(text.contains("Games in play"), "{text}");
    assert!(
        text.contains(&format!("https://t.me/c/1234567890/{board}")),
        "a link to the group board: {text}"
    );
    assert!(text.contains("the board is in this chat"), "{text}");
    assert!(text.contains("Program (level 1)"), "{text}");
    assert!(
        text.contains("5+3") || text.contains("5 + 3"),
        "the clock: {text}"
    );
    assert!(text.contains("left"), "the time left on the clock: {text}");
    // White moves first in both games: it is Alice's move in the one she has White.
    let yours = text.matches("your move").count();
    assert_eq!(yours, 1 + usize::from(alice_white), "{text}");

    // In the group: the group's game only, and no link to where one already is.
    let here = ask(&h, &club, &c, "/games").await;
    let text = here.text().expect("a text");
    assert!(text.contains("the board is in this chat"), "{text}");
    assert!(!text.contains("Program"), "only the group's games: {text}");
    assert!(!text.contains("t.me/c/"), "{text}");

    // Carol plays nothing; Boris asks in Russian.
    let none = ask(&h, &TgChat::Private(c.clone()), &c, "/games").await;
    assert!(none.text().expect("a text").contains("no games in play"));
    let ru = ask(&h, &TgChat::Private(b.clone()), &b, "/games").await;
    let text = ru.text().expect("a text");
    assert!(text.contains("Партии в игре"), "{text}");
    assert!(text.contains("к доске"), "{text}");
    h.assert_within_limits();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn games_in_a_group_without_games_says_how_to_start_one() {
    let h = Harness::start().await;
    let a = alice();
    let answer = ask(&h, &group(), &a, "/games").await;
    assert!(
        answer.text().expect("a text").contains("/new"),
        "{:?}",
        answer.text()
    );
}

/// Two people sending `/board` at once get one board posted anew, the one the game
/// tracks (two would leave one whose buttons lead nowhere).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_boards_asked_at_once_post_one() {
    use ugolki_bot::game::{ChatId, MessageId};
    let h = Harness::start().await;
    let club = group();
    let (a, b) = (alice(), boris());
    open_group_game(&h, &club, &a, &b, "/new classic").await;
    h.settle().await;
    let c0 = h.cursor();
    h.api.send_text(&club, &a, "/board");
    h.api.send_text(&club, &b, "/board");
    h.expect(c0, "a board posted anew", |c| {
        c.is("SendPhoto") && c.chat_id() == Some(club.id())
    })
    .await;
    h.settle().await;
    let posts: Vec<Call> = h
        .api
        .calls_since(c0)
        .into_iter()
        .filter(|c| c.is("SendPhoto") && c.chat_id() == Some(club.id()))
        .collect();
    assert_eq!(posts.len(), 1, "boards posted");
    let g = game_in(&h, &club);
    assert!(g.is_board(ChatId(club.id()), MessageId(message_id(&posts[0]) as i32)));
    h.assert_within_limits();
}
