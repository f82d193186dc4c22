//! End to end with production pacing against a fake Bot API that enforces Telegram's rate
//! limits (429 with `retry_after`, as Telegram answers): taps are answered before the edits
//! they cause and never wait behind their chat's edits, boards coalesce under bursts, a
//! 429 freezes its chat, and a flood of bad moves costs a few replies.

use crate::common::harness::*;
use std::time::Duration;
use ugolki_bot::engine::{Game, Variant, VariantId};
use ugolki_bot::fakeapi::{Call, Fault, TgUser};

/// A generous bound on the time from a typed move reaching the fake Bot API to the bot
/// having fetched and stored it (it takes milliseconds; a loaded CI machine is slower).
const STORED: Duration = Duration::from_millis(500);

/// Alice challenges in the group, Boris accepts: the board and (White, Black). The tap
/// was answered before the edits it caused: the closed challenge and the board.
async fn open_game(h: &Harness) -> (Call, TgUser, TgUser) {
    let (a, b) = (alice(), boris());
    let o = open_group_game(h, &group(), &a, &b, "/new classic").await;
    let answer = h
        .expect(o.accepted_at, "accept answered", |c| {
            c.is("AnswerCallbackQuery") && c.str("callback_query_id") == Some(o.tap.as_str())
        })
        .await;
    let closed = h
        .expect(o.accepted_at, "challenge closed", |c| {
            c.is("EditMessageText")
        })
        .await;
    assert!(answer.seq < closed.seq && answer.seq < o.board.seq);
    if white_id(&o.board) == a.id {
        (o.board, a, b)
    } else {
        (o.board, b, a)
    }
}

/// Whether a board caption names `m` as the last move (in either language: the group's
/// language is its first player's).
fn last_move_is(c: &Call, m: &str) -> bool {
    let end = format!(": {m}");
    c.text().is_some_and(|t| {
        t.lines().any(|l| {
            (l.starts_with("Last move") || l.starts_with("Последний ход")) && l.ends_with(&end)
        })
    })
}

/// The button of `square` on a board keyboard.
fn tap_data(c: &Call, square: &str) -> String {
    button(c, "", tap_on(square))
}

/// The picture edits of message `board` since `from`.
fn board_calls(h: &Harness, from: u64, board: i64) -> Vec<Call> {
    h.api
        .calls_since(from)
        .into_iter()
        .filter(|c| c.is("EditMessageMedia") && c.int("message_id") == Some(board))
        .collect()
}

/// A group's burst is spent by the game's opening (challenge, its closing, the board), so
/// the next edits there wait for the chat's window: a tap is answered at once all the same,
/// before the keyboard edit it causes, and so is the tap that makes the move.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn taps_are_answered_before_their_edits_and_never_wait_behind_the_chat() {
    let h = Harness::start().await;
    let g = group();
    let (board, white, _black) = open_game(&h).await;
    let bid = message_id(&board);
    let c0 = h.cursor();
    let select = h.api.tap(&g, &white, bid, &tap_data(&board, "c3"));
    let answered = h
        .expect(c0, "the selection's answer", |c| {
            c.is("AnswerCallbackQuery") && c.str("callback_query_id") == Some(select.as_str())
        })
        .await;
    let sel = h
        .expect(c0, "the selection", |c| c.is("EditMessageReplyMarkup"))
        .await;
    assert!(
        answered.seq < sel.seq,
        "the answer came after the edit it caused"
    );
    // A stranger's tap while the chat is busy: answered with its alert.
    let c1 = h.cursor();
    let stranger = h.api.tap(&g, &carol(), bid, &tap_data(&board, "c3"));
    let alert = h
        .expect(c1, "the stranger's answer", |c| {
            c.is("AnswerCallbackQuery") && c.str("callback_query_id") == Some(stranger.as_str())
        })
        .await;
    assert!(alert.str("text").is_some_and(|t| t.contains("not")));
    // The move: answered before the board edit that shows it.
    let from_c3 = sq("c3");
    let to = button(
        &sel,
        "",
        |cb| matches!(cb, Callback::Move { from, confirmed: false, .. } if *from == from_c3),
    );
    let c2 = h.cursor();
    let mv = h.api.tap(&g, &white, bid, &to);
    let answered = h
        .expect(c2, "the move's answer", |c| {
            c.is("AnswerCallbackQuery") && c.str("callback_query_id") == Some(mv.as_str())
        })
        .await;
    let shown = h
        .expect(c2, "the move", |c| {
            c.is("EditMessageMedia") && c.text().is_some_and(|t| t.contains(": c3-"))
        })
        .await;
    assert!(answered.seq < shown.seq);
    h.assert_within_limits();
}

/// In a private chat the menu taps are answered before the messages they edit or send.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn private_menu_taps_are_answered_first() {
    let h = Harness::start().await;
    let a = alice();
    let dm = ugolki_bot::fakeapi::TgChat::Private(a.clone());
    let c0 = h.cursor();
    h.api.send_text(&dm, &a, "/play classic");
    let menu = h
        .expect(c0, "colour menu", |c| {
            c.is("SendMessage") && !c.buttons().is_empty()
        })
        .await;
    let (_, white) = menu
        .buttons()
        .into_iter()
        .find(|(t, _)| t.contains("White"))
        .expect("a White button");
    let c1 = h.cursor();
    let tap = h.api.tap(&dm, &a, message_id(&menu), &white);
    let answered = h
        .expect(c1, "answer", |c| {
            c.is("AnswerCallbackQuery") && c.str("callback_query_id") == Some(tap.as_str())
        })
        .await;
    let next = h
        .expect(c1, "the next step", |c| {
            (c.is("EditMessageText") || c.is("SendMessage") || c.is("SendPhoto"))
                && c.chat_id() == Some(a.id)
        })
        .await;
    assert!(answered.seq < next.seq);
    h.assert_within_limits();
}

/// Moves typed every four seconds, as people play: each is shown before the next is made.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_group_game_at_human_pace_shows_every_move_before_the_next() {
    let h = Harness::start().await;
    let g = group();
    let (board, white, black) = open_game(&h).await;
    let bid = message_id(&board);
    let mut game = ugolki_bot::engine::AnyGame::Two(Game::new(&Variant::new(VariantId::Classic)));
    for ply in 0..5 {
        let who = if ply % 2 == 0 { &white } else { &black };
        let path = ugolki_bot::bot::testing::program_choice(&game, 1).expect("a move");
        game.play(&path).expect("legal");
        let text = path.to_string();
        let c = h.cursor();
        h.api.reply_text(&g, who, bid, &text);
        let shown = h
            .api
            .wait_for(c, Duration::from_secs(4), |c| {
                c.is("EditMessageMedia") && last_move_is(c, &text)
            })
            .await;
        assert!(shown.is_some(), "ply {ply} ({text}) not shown within 4 s");
        tokio::time::sleep(Duration::from_secs(4)).await;
    }
    h.assert_within_limits();
}

/// Both players move every second for 20 plies: every move is played, the board's edits
/// never go back to an older ply, the board is never more than one coalesced edit behind
/// (an edit drawn after a move was stored shows it), the last shows the last move, and
/// Telegram is never asked for more than it allows.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_burst_of_moves_in_a_group_coalesces_within_the_limits() {
    let h = Harness::start().await;
    let g = group();
    let (board, white, black) = open_game(&h).await;
    let bid = message_id(&board);
    let c0 = h.cursor();
    let mut game = ugolki_bot::engine::AnyGame::Two(Game::new(&Variant::new(VariantId::Classic)));
    let mut played = Vec::new();
    let mut sent_at = Vec::new();
    for ply in 0..20 {
        let who = if ply % 2 == 0 { &white } else { &black };
        let path = ugolki_bot::bot::testing::program_choice(&game, 1).expect("a move");
        game.play(&path).expect("legal");
        played.push(path.to_string());
        sent_at.push(std::time::Instant::now());
        h.api.reply_text(&g, who, bid, &path.to_string());
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
    let last = played.last().unwrap().clone();
    h.api
        .wait_for(c0, Duration::from_secs(70), |c| {
            c.is("EditMessageMedia") && last_move_is(c, &last)
        })
        .await
        .expect("the last move shown");
    h.settle().await;
    let edits = board_calls(&h, c0, bid);
    let mut shown = 0;
    for (k, e) in edits.iter().enumerate() {
        let ply = played
            .iter()
            .rposition(|m| last_move_is(e, m))
            .map(|i| i + 1)
            .expect("an edit shows one of the moves");
        assert!(ply > shown, "an edit went back from ply {shown} to {ply}");
        shown = ply;
        // The board has one sender: edit k is drawn after edit k-1 went out. So every move
        // stored before then (sent, delivered and stored within STORED) is in edit k: the
        // board is at most the edit in flight behind.
        if let Some(prev) = k.checked_sub(1).map(|j| &edits[j]) {
            let stored = sent_at.iter().filter(|&&t| t + STORED <= prev.at).count();
            assert!(
                ply >= stored,
                "edit {k} shows ply {ply}, but {stored} moves were stored before edit {} went out",
                k - 1
            );
        }
    }
    assert_eq!(shown, 20);
    assert!(edits.len() <= 20);
    // Every move was played: nobody was told it was not their turn or the move was bad.
    let refusals = h
        .api
        .calls_since(c0)
        .into_iter()
        .filter(|c| c.is("SendMessage"))
        .count();
    assert_eq!(refusals, 0);
    h.assert_within_limits();
}

/// A 429 on a board edit freezes that chat for its `retry_after`: the edit is sent again
/// only after it, and a tap in that chat meanwhile is still answered at once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_429_freezes_its_chat_for_retry_after() {
    let h = Harness::start().await;
    let g = group();
    let (board, white, _black) = open_game(&h).await;
    let bid = message_id(&board);
    h.api
        .fault_next(Some("editMessageMedia"), Fault::TooManyRequests(3));
    let c0 = h.cursor();
    h.api.reply_text(&g, &white, bid, "c3-d3");
    let refused = h
        .expect(c0, "the refused edit", |c| {
            c.is("EditMessageMedia") && c.response.is_err()
        })
        .await;
    let stranger = h.api.tap(&g, &carol(), bid, &tap_data(&board, "c3"));
    let answered = h
        .expect(c0, "the stranger's answer", |c| {
            c.is("AnswerCallbackQuery") && c.str("callback_query_id") == Some(stranger.as_str())
        })
        .await;
    let retried = h
        .expect(refused.seq + 1, "the edit again", |c| {
            c.is("EditMessageMedia") && c.response.is_ok()
        })
        .await;
    assert!(last_move_is(&retried, "c3-d3"), "{:?}", retried.text());
    assert!(
        retried.at.duration_since(refused.at) >= Duration::from_secs(3),
        "sent again {:?} after a 429 with retry_after 3",
        retried.at.duration_since(refused.at)
    );
    assert!(answered.seq < retried.seq);
    h.assert_within_limits();
}

/// Twenty bad moves typed in a burst: a few replies, the newest explanation among them,
/// and no 429.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_of_bad_moves_costs_a_few_replies() {
    let h = Harness::start().await;
    let g = group();
    let (board, white, _black) = open_game(&h).await;
    let bid = message_id(&board);
    let c0 = h.cursor();
    for i in 0..20 {
        let bad = if i == 19 { "h8-h7" } else { "a1-a2" };
        h.api.reply_text(&g, &white, bid, bad);
    }
    // The first explanation at once, the collapsed rest after the reply cooldown.
    h.expect(c0, "the newest explanation", |c| {
        c.is("SendMessage") && c.text().is_some_and(|t| t.contains("h8"))
    })
    .await;
    tokio::time::sleep(Duration::from_secs(6)).await;
    let replies = h
        .api
        .calls_since(c0)
        .into_iter()
        .filter(|c| c.is("SendMessage"))
        .count();
    assert!(replies <= 3, "{replies} replies to one burst");
    h.assert_within_limits();
}

/// A per-move limit loses nothing to pacing: the group's burst is spent by the game's
/// opening, so the board of White's move waits for its slot, and Black's 10 s run from
/// when that board went out, not from when White's move was stored.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_turn_starts_when_its_board_is_shown() {
    use ugolki_bot::game::{ChatId, Timestamp};
    let h = Harness::start().await;
    let g = group();
    let (a, b) = (alice(), boris());
    let board = open_group_game(&h, &g, &a, &b, "/new classic 10s")
        .await
        .board;
    let bid = message_id(&board);
    let white = if white_id(&board) == a.id { &a } else { &b };
    let c2 = h.cursor();
    let moved = Timestamp::now();
    h.api.reply_text(&g, white, bid, "c3-d3");
    h.expect(c2, "the move shown", |c| {
        c.is("EditMessageMedia") && last_move_is(c, "c3-d3")
    })
    .await;
    let shown = Timestamp::now();
    // The chat's window (3 calls in 3 s) held the edit back.
    assert!(
        shown.since(moved).0 >= 1000,
        "the board was not held back: {} ms",
        shown.since(moved).0
    );
    h.settle().await;
    let id = h.store.chat_games(ChatId(g.id())).unwrap()[0];
    let game = h.store.game(id).unwrap().unwrap();
    let deadline = game.deadline.expect("a per-move deadline").at;
    // Black's limit counts from the board (observed here a little after it went out).
    assert!(
        deadline.0 + 300 >= shown.0 + 10_000,
        "Black's 10 s end {} ms after the board was shown",
        deadline.0 as i64 - shown.0 as i64
    );
    assert!(deadline.0 <= shown.0 + 10_500);
    h.assert_within_limits();
}

/// A server error on a board edit costs that edit a retry a moment later, not a pause of
/// seconds (teloxide's release waits 10 s after every 5xx before it returns the error).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_error_on_a_board_edit_costs_a_quick_retry() {
    let h = Harness::start().await;
    let g = group();
    let (a, b) = (alice(), boris());
    let opened = open_group_game(&h, &g, &a, &b, "/new classic").await;
    let bid = message_id(&opened.board);
    let (white, _) = colours(&opened.board, &a, &b);
    h.settle().await;
    h.api
        .fault_next(Some("editMessageMedia"), Fault::ServerError);
    let c0 = h.cursor();
    let sent = std::time::Instant::now();
    h.api.reply_text(&g, &white, bid, "c3-d3");
    let shown = h
        .expect(c0, "the move shown after the retry", |c| {
            c.is("EditMessageMedia")
                && c.response.is_ok()
                && c.text().is_some_and(|t| t.contains("c3-d3"))
        })
        .await;
    let took = sent.elapsed();
    let failed = h
        .api
        .calls_since(c0)
        .iter()
        .filter(|c| c.is("EditMessageMedia") && c.response.is_err())
        .count();
    assert_eq!(failed, 1, "the first edit met the server error");
    assert_eq!(shown.int("message_id"), Some(bid));
    assert!(
        took < Duration::from_secs(5),
        "the retry waited {took:?} (a 5xx must not pause the edit for seconds)"
    );
    h.assert_within_limits();
}
