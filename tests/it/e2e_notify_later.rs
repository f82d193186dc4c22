//! Turn notifications that wait: a player who chose to hear of their turn an hour after it
//! begins hears of it then, not before, not at all if they looked at the game meanwhile,
//! and also when the bot was restarted in between. The bot's clock is moved ahead instead
//! of waiting an hour.

use crate::common::harness::*;
use ugolki_bot::fakeapi::{TgChat, TgUser};
use ugolki_bot::game::{ChatId, Millis, NoticeDelay, Pace, Timing};

const MINUTE: u64 = 60_000;

/// `who` plays `mv` by replying to the board, and the board shows it.
async fn play(h: &Harness, chat: &TgChat, board: i64, who: &TgUser, mv: &str) {
    let c0 = h.cursor();
    h.api.reply_text(chat, who, board, mv);
    h.expect(c0, mv, |c| {
        c.is("EditMessageMedia") && c.text().is_some_and(|t| t.contains(mv))
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_notice_waits_the_chosen_hour_and_is_dropped_if_the_player_looked() {
    let mut h = Harness::start_killable(Timing::default()).await;
    let (a, c) = (alice(), carol());
    // Alice turns notifications on, and chooses an hour in slow games.
    tap_setting(&h, &a, Setting::Notify(true)).await;
    let hour = Setting::NoticeDelay(Pace::Slow, NoticeDelay::After { minutes: 60 });
    let menu = tap_setting(&h, &a, hour.clone()).await;
    let hour = Callback::Setting(hour);
    let text = menu.text().expect("the menu's text");
    assert!(text.contains("untimed or days a move: after 1 h"), "{text}");
    assert!(text.contains("on a clock: never"), "{text}");
    assert!(
        menu.buttons()
            .iter()
            .any(|(label, d)| decoded(d) == Some(hour.clone()) && label.starts_with('✅')),
        "{:?}",
        menu.buttons()
    );
    let stored = h.store.chat(ChatId(a.id)).unwrap().unwrap().settings;
    assert_eq!(stored.turn_notices.slow, NoticeDelay::After { minutes: 60 });
    // A forged wait is refused and changes nothing.
    let dm = TgChat::Private(a.clone());
    let c0 = h.cursor();
    let forged = Callback::Setting(Setting::NoticeDelay(
        Pace::Slow,
        NoticeDelay::After { minutes: 7 },
    ));
    let qid = h.api.tap(&dm, &a, message_id(&menu), &forged.encode());
    h.expect(c0, "the refusal", |c| {
        c.is("AnswerCallbackQuery") && c.str("callback_query_id") == Some(qid.as_str())
    })
    .await;
    assert_eq!(
        h.store.chat(ChatId(a.id)).unwrap().unwrap().settings,
        stored
    );

    let club = supergroup();
    let opened = open_group_game(&h, &club, &a, &c, "/new classic 3d").await;
    let board = message_id(&opened.board);
    let alice_white = white_id(&opened.board) == a.id;
    // Moves in order of plies, White's and Black's in turn.
    let mut moves = [
        "c3-d3", "f6-e6", "d3-e3", "e6-e5", "e3-e4", "f7-f6", "c2-d2", "f8-e8", "d2-d3", "g6-g5",
    ]
    .into_iter();
    if alice_white {
        // Alice opens; Carol's reply makes it her move.
        play(&h, &club, board, &a, moves.next().unwrap()).await;
    }
    let start = h.cursor();
    play(&h, &club, board, &c, moves.next().unwrap()).await;
    let g = game_in(&h, &club);
    let due = g.turn_notice_at.expect("a notice pending");
    assert_eq!(due.since(g.clocks.turn_started), Millis(60 * MINUTE));

    // Not at once, not after 59 minutes; after the hour, once, with the board's link.
    quiet(&h).await;
    h.advance_clock(Millis(59 * MINUTE));
    quiet(&h).await;
    assert!(
        turn_notices(&h, start, &a).is_empty(),
        "not before the hour"
    );
    h.advance_clock(Millis(2 * MINUTE));
    h.expect(start, "the notice after an hour", |x| {
        x.chat_id() == Some(a.id) && is_turn_notice(x)
    })
    .await;
    quiet(&h).await;
    let got = turn_notices(&h, start, &a);
    assert_eq!(got.len(), 1, "{got:?}");
    let text = got[0].text().unwrap();
    assert!(text.contains("Your move"), "{text}");
    assert!(
        text.contains(&format!("https://t.me/c/1234567890/{board}")),
        "{text}"
    );
    assert_eq!(game_in(&h, &club).turn_notice_at, None);
    // Sending it changed nothing on the board: selecting a piece edits the keyboard alone.
    let piece = if alice_white { "d3" } else { "f6" };
    let keyboard = h
        .api
        .calls_since(0)
        .into_iter()
        .rev()
        .find(|x| x.chat_id() == Some(club.id()) && !x.buttons().is_empty())
        .expect("the board's keyboard");
    let select = button(&keyboard, "", tap_on(piece));
    let c1 = h.cursor();
    h.api.tap(&club, &a, board, &select);
    h.expect(c1, "the selection", |x| x.is("EditMessageReplyMarkup"))
        .await;
    h.settle().await;
    assert!(
        !h.api
            .calls_since(c1)
            .iter()
            .any(|x| x.is("EditMessageMedia")),
        "no new picture"
    );
    assert!(
        !h.api
            .calls_since(start)
            .iter()
            .any(|x| x.chat_id() == Some(club.id()) && is_turn_notice(x)),
        "the group stays quiet"
    );

    // Alice moves, Carol answers; Alice taps her board within the hour: she has looked,
    // and is not told.
    play(&h, &club, board, &a, moves.next().unwrap()).await;
    play(&h, &club, board, &c, moves.next().unwrap()).await;
    let turn = h.cursor();
    h.advance_clock(Millis(10 * MINUTE));
    let keyboard = h
        .api
        .calls_since(0)
        .into_iter()
        .rev()
        .find(|x| x.chat_id() == Some(club.id()) && has_button(&x.buttons(), is_tap))
        .expect("the board's keyboard");
    let square = button(&keyboard, "", is_tap);
    let c1 = h.cursor();
    h.api.tap(&club, &a, board, &square);
    h.expect(c1, "the tap answered", |x| x.is("AnswerCallbackQuery"))
        .await;
    h.advance_clock(Millis(55 * MINUTE));
    quiet(&h).await;
    assert!(turn_notices(&h, turn, &a).is_empty(), "she had looked");
    assert_eq!(
        game_in(&h, &club).turn_notice_at,
        None,
        "the notice was due"
    );

    // Again; then the bot crashes and is back after the hour: the notice comes, once.
    play(&h, &club, board, &a, moves.next().unwrap()).await;
    play(&h, &club, board, &c, moves.next().unwrap()).await;
    assert!(game_in(&h, &club).turn_notice_at.is_some());
    h.settle().await;
    h.crash();
    tokio::time::sleep(std::time::Duration::from_secs(2)).await;
    h.advance_clock(Millis(61 * MINUTE));
    let back = h.cursor();
    h.restart(Timing::default()).await;
    h.expect(back, "the notice after the restart", |x| {
        x.chat_id() == Some(a.id) && is_turn_notice(x)
    })
    .await;
    quiet(&h).await;
    assert_eq!(turn_notices(&h, back, &a).len(), 1, "once");
    assert_eq!(game_in(&h, &club).turn_notice_at, None);
    // Carol asked for nothing and heard nothing.
    assert!(turn_notices(&h, 0, &c).is_empty());
    assert_eq!(h.api.rate_limited_by(), Default::default());
}
