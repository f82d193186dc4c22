//! Turn notifications: a player who turned them on in their private chat's /settings
//! hears there when it is their move in a group game, with a link to the board; once per
//! turn, not for games in that private chat, and not when turned off.

use crate::common::harness::*;
use ugolki_bot::fakeapi::{TgChat, TgUser};
use ugolki_bot::game::{ChatId, NoticeDelay, Pace};

/// `user` sets turn notifications `on` or off with the /settings buttons of their
/// private chat.
async fn set_notify(h: &Harness, user: &TgUser, on: bool) {
    let menu = tap_setting(h, user, Setting::Notify(on)).await;
    // The waits are offered while notifications are on.
    let waits = has_button(&menu.buttons(), |cb| {
        matches!(cb, Callback::Setting(Setting::NoticeDelay(Pace::Slow, _)))
    });
    assert_eq!(waits, on, "{:?}", menu.buttons());
    let stored = h
        .store
        .chat(ChatId(user.id))
        .expect("a read")
        .expect("the private chat");
    assert_eq!(stored.settings.notify_turns, on);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_hears_of_their_turn_once_and_only_when_they_asked() {
    let h = Harness::start().await;
    let (a, b) = (alice(), carol());
    set_notify(&h, &a, true).await;
    let club = supergroup();
    let opened = open_group_game(&h, &club, &a, &b, "/new classic").await;
    let board = message_id(&opened.board);
    let (white, black) = if white_id(&opened.board) == a.id {
        (a.clone(), b.clone())
    } else {
        (b.clone(), a.clone())
    };
    let start = h.cursor();
    // White, then Black: each move hands the turn to the other, and each player moves
    // once the board shows the other's move (and Alice has been told of her turn: the
    // notice waits for that board, and a move of hers makes it moot).
    for (mover, path) in [(&white, "c3-d3"), (&black, "f6-e6")] {
        let c = h.cursor();
        h.api.reply_text(&club, mover, board, path);
        h.expect(c, "the move on the board", |x| {
            x.is("EditMessageMedia") && x.text().is_some_and(|t| t.contains(path))
        })
        .await;
        if mover.id != a.id {
            h.expect(c, "the turn notice", |x| {
                x.is("SendMessage") && x.chat_id() == Some(a.id) && is_turn_notice(x)
            })
            .await;
        }
    }
    h.settle().await;
    // Alice heard once, of the turn the opponent's move gave her, with the board's link;
    // Carol asked for nothing and heard nothing; the group heard no notice.
    let got = turn_notices(&h, start, &a);
    assert_eq!(got.len(), 1, "{got:?}");
    let text = got[0].text().expect("a text");
    assert!(text.contains("Your move"), "{text}");
    assert!(
        text.contains(&format!("https://t.me/c/1234567890/{board}")),
        "{text}"
    );
    assert!(turn_notices(&h, start, &b).is_empty());
    assert!(
        !h.api
            .calls_since(start)
            .iter()
            .any(|c| c.chat_id() == Some(club.id()) && is_turn_notice(c))
    );

    // Make it Alice's move (one more notice if she is Black), then redraw that turn
    // without a move (a draw offer declined): no second notice for it.
    let alice_white = white.id == a.id;
    if !alice_white {
        h.api.reply_text(&club, &white, board, "d3-e3");
        h.settle().await;
        h.expect(start, "the second turn's notice", |c| {
            c.is("SendMessage")
                && c.chat_id() == Some(a.id)
                && is_turn_notice(c)
                && c.seq > got[0].seq
        })
        .await;
    }
    let n = turn_notices(&h, start, &a).len();
    assert_eq!(n, if alice_white { 1 } else { 2 });
    let c1 = h.cursor();
    h.api.send_text(&club, &b, "/draw");
    let offer = h
        .expect(c1, "a draw offer", |c| {
            c.is("SendMessage") && !c.buttons().is_empty()
        })
        .await;
    let decline = button(&offer, "", |cb| {
        matches!(cb, Callback::Draw { accept: false, .. })
    });
    h.api.tap(&club, &a, message_id(&offer), &decline);
    quiet(&h).await;
    assert_eq!(turn_notices(&h, start, &a).len(), n, "one notice per turn");

    // Turned off: the next turns pass quietly (Alice moves, then Carol).
    set_notify(&h, &a, false).await;
    let c2 = h.cursor();
    let (mine, theirs) = if alice_white {
        ("d3-e3", "e6-e5")
    } else {
        ("e6-e5", "e3-e4")
    };
    h.api.reply_text(&club, &a, board, mine);
    h.settle().await;
    h.api.reply_text(&club, &b, board, theirs);
    quiet(&h).await;
    let id = h.store.chat_games(ChatId(club.id())).expect("index")[0];
    assert_eq!(
        h.store.game(id).expect("read").expect("game").moves.len(),
        if alice_white { 4 } else { 5 },
        "every move was played"
    );
    assert!(turn_notices(&h, c2, &a).is_empty(), "off means off");
    // In all, one notice per turn that became Alice's while they were on (a late
    // duplicate would have arrived by now: notices wait at most a few rate-limit slots).
    tokio::time::sleep(std::time::Duration::from_secs(3)).await;
    h.settle().await;
    assert_eq!(turn_notices(&h, start, &a).len(), n, "one notice per turn");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_notice_for_a_game_in_the_players_own_chat() {
    let h = Harness::start().await;
    let a = alice();
    set_notify(&h, &a, true).await;
    // Black: the program moves first, and its move hands Alice the turn.
    let c1 = h.cursor();
    play_the_program(&h, &a, ugolki_bot::engine::Color::Black).await;
    h.expect(c1, "the program's move", |c| c.is("EditMessageMedia"))
        .await;
    h.settle().await;
    assert!(turn_notices(&h, c1, &a).is_empty());
}

/// `a` and `b` open `command` in `chat` and White plays c3-d3: Black, and the cursor from
/// before that move.
async fn white_opens(
    h: &Harness,
    chat: &TgChat,
    a: &TgUser,
    b: &TgUser,
    command: &str,
) -> (TgUser, u64) {
    let opened = open_group_game(h, chat, a, b, command).await;
    let (white, black) = colours(&opened.board, a, b);
    let start = h.cursor();
    h.api
        .reply_text(chat, &white, message_id(&opened.board), "c3-d3");
    (black, start)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn on_a_clock_a_notice_only_for_who_asked_and_one_in_a_game_of_days() {
    let h = Harness::start().await;
    let (a, b) = (alice(), carol());
    set_notify(&h, &a, true).await;
    set_notify(&h, &b, true).await;
    // On a clock both players are at the board: nobody is told.
    let club = supergroup();
    let (black, start) = white_opens(&h, &club, &a, &b, "/new classic 5+3").await;
    quiet(&h).await;
    assert!(turn_notices(&h, start, &black).is_empty());
    // Days a move: the player to move is told.
    let other = TgChat::Group(-1_001_234_567_891, "Slow club".into());
    let (black, start) = white_opens(&h, &other, &a, &b, "/new classic 3d").await;
    h.expect(start, "the turn notice", |c| {
        c.is("SendMessage") && c.chat_id() == Some(black.id) && is_turn_notice(c)
    })
    .await;
    // Asked for at once on a clock too: told in a 5+3 game.
    for u in [&a, &b] {
        let menu = tap_setting(
            &h,
            u,
            Setting::NoticeDelay(Pace::Clock, NoticeDelay::AT_ONCE),
        )
        .await;
        let text = menu.text().expect("the menu's text");
        assert!(text.contains("on a clock: at once"), "{text}");
    }
    let fast = TgChat::Group(-1_001_234_567_892, "Fast club".into());
    let (black, start) = white_opens(&h, &fast, &a, &b, "/new classic 5+3").await;
    h.expect(start, "the turn notice on a clock", |c| {
        c.is("SendMessage") && c.chat_id() == Some(black.id) && is_turn_notice(c)
    })
    .await;
}

/// A notice due at once waits for the board that shows the opponent's move: in a busy
/// group that edit waits for the group's slot, and a notice sent before it would link to
/// a board still showing the old position.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_notice_comes_after_the_board_that_shows_the_turn() {
    let h = Harness::start().await;
    let (a, b, c) = (alice(), carol(), boris());
    set_notify(&h, &a, true).await;
    let club = supergroup();
    let opened = open_group_game(&h, &club, &a, &b, "/new classic").await;
    let board = message_id(&opened.board);
    // Alice's opponent is to move (White moves first; if that is Alice, she moves).
    if white_id(&opened.board) == a.id {
        let c0 = h.cursor();
        h.api.reply_text(&club, &a, board, "c3-d3");
        h.expect(c0, "Alice's move", |x| x.is("EditMessageMedia"))
            .await;
    }
    let reply = if white_id(&opened.board) == a.id {
        "f6-e6"
    } else {
        "c3-d3"
    };
    h.settle().await;
    tokio::time::sleep(std::time::Duration::from_millis(3_200)).await;
    // Boris fills the group's slots (three messages in three seconds).
    let c1 = h.cursor();
    for _ in 0..3 {
        h.api.send_text(&club, &c, "/variants");
    }
    for _ in 0..3 {
        h.expect(c1, "the answers", |x| {
            x.is("SendMessage") && x.chat_id() == Some(club.id())
        })
        .await;
    }
    let start = h.cursor();
    h.api.reply_text(&club, &b, board, reply);
    let edit = h
        .expect(start, "the move on the board", |x| {
            x.is("EditMessageMedia") && x.text().is_some_and(|t| t.contains(reply))
        })
        .await;
    let notice = h
        .expect(start, "the turn notice", |x| {
            x.chat_id() == Some(a.id) && is_turn_notice(x)
        })
        .await;
    assert!(
        notice.seq > edit.seq,
        "the notice ({}) went before the board ({})",
        notice.seq,
        edit.seq
    );
}
