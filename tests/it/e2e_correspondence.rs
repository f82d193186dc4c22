//! Correspondence games (days a move) through the fake Bot API, with the bot's clock moved
//! ahead instead of sleeping days: the deadline on the board, reminders with a day and
//! with an hour left, the time up with the choice to claim the win or keep waiting, the
//! same across a crash and a restart, and a game of one day a move.

use crate::common::harness::*;
use ugolki_bot::fakeapi::{Call, TgChat, TgUser};
use ugolki_bot::game::{ChatId, Millis, Status, Timing};

const HOUR: u64 = 3_600_000;

/// Move the bot's clock ahead by `ms` and wait for a call matching `pred`.
async fn after(h: &Harness, ms: u64, what: &str, pred: impl Fn(&Call) -> bool) -> Call {
    let c0 = h.cursor();
    h.advance_clock(Millis(ms));
    h.expect(c0, what, pred).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_correspondence_game_reminds_then_offers_the_win_also_across_a_restart() {
    let mut h = Harness::start_killable(Timing::default()).await;
    // As on Telegram, the bot may write privately only to people who started it.
    h.api.set_private_needs_start(true);
    a_redraw_later_in_a_turn_gives_no_time_back(&h).await;
    let (a, c) = (alice(), carol());
    let chat = group();
    let opened = open_group_game(&h, &chat, &a, &c, "/new classic 3d").await;
    let terms = opened.challenge.text().unwrap();
    assert!(terms.contains("3 days a move"), "{terms}");
    let caption = opened.board.text().unwrap();
    assert!(
        caption.contains("Move by") && caption.contains("3 d 0 h left"),
        "{caption}"
    );
    let (white, black) = colours(&opened.board, &a, &c);
    let board = message_id(&opened.board);
    // Black has started the bot: reminders reach them privately.
    let dm = TgChat::Private(black.clone());
    let c00 = h.cursor();
    h.api.send_text(&dm, &black, "/start");
    h.expect(c00, "the welcome", |c| c.chat_id() == Some(black.id))
        .await;
    let c0 = h.cursor();
    h.api.reply_text(&chat, &white, board, "c3-d3");
    h.expect(c0, "the move", |c| {
        c.is("EditMessageMedia") && c.text().is_some_and(|t| t.contains("c3-d3"))
    })
    .await;

    // Two days later a day is left: Black hears of it privately, with where the board is.
    let day = after(&h, 2 * 24 * HOUR + 60_000, "the day-left reminder", |c| {
        c.is("SendMessage") && c.text().is_some_and(|t| t.contains("left, until"))
    })
    .await;
    assert_eq!(day.chat_id(), Some(black.id), "in Black's private chat");
    let text = day.text().unwrap();
    assert!(text.contains("23 h 59 min left"), "{text}");
    assert!(text.contains("The board is in your group"), "{text}");
    assert_eq!(game_in(&h, &chat).clocks.notices, 1);
    // An hour before the end, again.
    let hour = after(&h, 23 * HOUR, "the hour-left reminder", |c| {
        c.is("SendMessage") && c.text().is_some_and(|t| t.contains("left, until"))
    })
    .await;
    assert_eq!(hour.chat_id(), Some(black.id));
    assert!(hour.text().unwrap().contains("59 min left"));

    // Time up: White is asked, in the group, to claim the win or keep waiting.
    let up = after(&h, HOUR, "the time-up question", |c| {
        c.is("SendMessage") && c.chat_id() == Some(chat.id()) && !c.buttons().is_empty()
    })
    .await;
    assert!(up.text().unwrap().contains("run out of time"));
    assert!(game_in(&h, &chat).is_active(), "not over until claimed");
    let wait = button(&up, "Keep waiting", |cb| {
        matches!(cb, Callback::Claim { claim: false, .. })
    });
    let claim = button(&up, "Claim", |cb| {
        matches!(cb, Callback::Claim { claim: true, .. })
    });
    // The late player cannot claim; White keeps waiting, and the question stays open.
    let c1 = h.cursor();
    let qid = h.api.tap(&chat, &black, message_id(&up), &claim);
    let refused = h
        .expect(c1, "the refusal", |c| {
            c.is("AnswerCallbackQuery") && c.str("callback_query_id") == Some(qid.as_str())
        })
        .await;
    assert_eq!(refused.params["show_alert"], serde_json::Value::Bool(true));
    // Told that the time up is their own, not that their opponent's is not up.
    let why = refused.str("text").unwrap_or_default();
    assert!(why.contains("your own time"), "{why}");
    let c2 = h.cursor();
    h.api.tap(&chat, &white, message_id(&up), &wait);
    let kept = h
        .expect(c2, "waiting", |c| {
            c.is("EditMessageText") && c.text().is_some_and(|t| t.contains("keeps waiting"))
        })
        .await;
    assert_eq!(kept.buttons().len(), 1, "Claim alone is left");
    // Then claims: Black loses on time.
    let c3 = h.cursor();
    h.api.tap(&chat, &white, message_id(&up), &claim);
    h.expect(c3, "the result", |c| {
        c.is("EditMessageMedia") && c.text().is_some_and(|t| t.contains("ran out of time"))
    })
    .await;
    let ids = h.store.chat_games(ChatId(chat.id())).unwrap();
    assert!(ids.is_empty(), "the game is over");

    // A second game, between two who never started the bot: the day-left reminder is one
    // line in the group. Then the bot crashes, and comes back after the time is up: the
    // question is asked once (the hour-left reminder it missed is not sent late).
    let (b, d) = (boris(), TgUser::new(104, "Dora", "en"));
    let opened = open_group_game(&h, &chat, &b, &d, "/new classic 2d").await;
    let (white, black) = colours(&opened.board, &b, &d);
    let c4 = h.cursor();
    h.api
        .reply_text(&chat, &white, message_id(&opened.board), "c3-d3");
    h.expect(c4, "the move", |c| {
        c.is("EditMessageMedia") && c.text().is_some_and(|t| t.contains("c3-d3"))
    })
    .await;
    let line = after(
        &h,
        24 * HOUR + 60_000,
        "the day-left line in the group",
        |c| {
            c.is("SendMessage")
                && c.chat_id() == Some(chat.id())
                && c.text().is_some_and(|t| t.contains("left for your move"))
        },
    )
    .await;
    assert!(line.text().unwrap().contains(&format!("id={}", black.id)));
    assert!(
        h.api
            .calls_since(c4)
            .iter()
            .any(|c| c.chat_id() == Some(black.id)
                && c.response.as_ref().is_err_and(|e| e.contains("initiate"))),
        "tried privately first"
    );
    h.settle().await;
    h.crash();
    // Down for a few seconds, as a real restart is: the new process cannot know what the
    // old one sent in the chat's last seconds.
    tokio::time::sleep(std::time::Duration::from_secs(3)).await;
    h.advance_clock(Millis(24 * HOUR));
    let c5 = h.cursor();
    h.restart(Timing::default()).await;
    let up = h
        .expect(c5, "the time-up question after the restart", |c| {
            c.is("SendMessage") && c.chat_id() == Some(chat.id()) && !c.buttons().is_empty()
        })
        .await;
    assert!(up.text().unwrap().contains("run out of time"));
    h.settle().await;
    let questions = h
        .api
        .calls_since(c5)
        .iter()
        .filter(|c| c.text().is_some_and(|t| t.contains("run out of time")))
        .count();
    assert_eq!(questions, 1, "asked once");
    let g = game_in(&h, &chat);
    assert!(matches!(g.status, Status::Active));
    assert_eq!(g.clocks.notices, 3);
    h.settle().await;

    // A day a move: the turn starts with a day left, so only the hour-left reminder comes
    // (at 23 h), then the time-up question at 24 h.
    let one = TgChat::Group(-1003, "Daily".into());
    let opened = open_group_game(&h, &one, &a, &c, "/new classic 1d").await;
    assert!(opened.board.text().unwrap().contains("1 d 0 h left"));
    let (white, black) = colours(&opened.board, &a, &c);
    let c6 = h.cursor();
    h.api
        .reply_text(&one, &white, message_id(&opened.board), "c3-d3");
    h.expect(c6, "the move", |x| {
        x.is("EditMessageMedia") && x.text().is_some_and(|t| t.contains("c3-d3"))
    })
    .await;
    let hour = after(&h, 23 * HOUR + 60_000, "the hour-left reminder", |x| {
        x.is("SendMessage") && x.text().is_some_and(|t| t.contains("left, until"))
    })
    .await;
    assert_eq!(hour.chat_id(), Some(black.id), "in Black's private chat");
    let text = hour.text().unwrap();
    assert!(
        text.contains(" min left") && !text.contains(" h "),
        "{text}"
    );
    let up = after(&h, HOUR, "the time-up question", |x| {
        x.is("SendMessage") && x.chat_id() == Some(one.id()) && !x.buttons().is_empty()
    })
    .await;
    assert!(up.text().unwrap().contains("run out of time"));
    let reminders = h
        .api
        .calls_since(c6)
        .iter()
        .filter(|x| x.text().is_some_and(|t| t.contains("left, until")))
        .count();
    assert_eq!(reminders, 1, "no day-left reminder in a one-day turn");
    h.settle().await;
    assert_eq!(h.api.rate_limited_by(), Default::default());
}

/// With the bot's clock moved ahead a minute into a Fischer turn, a tap that redraws the
/// board (a selection) gives the player no time back: only a board that shows its turn
/// late the first time moves the turn's start.
async fn a_redraw_later_in_a_turn_gives_no_time_back(h: &Harness) {
    let (a, c) = (alice(), carol());
    let chat = TgChat::Group(-1002, "Blitz".into());
    let opened = open_group_game(h, &chat, &a, &c, "/new classic 5+0").await;
    let (white, _) = colours(&opened.board, &a, &c);
    h.settle().await;
    let started = game_in(h, &chat).clocks.turn_started;
    h.advance_clock(Millis(60_000));
    let c3 = button(&opened.board, "", tap_on("c3"));
    let c0 = h.cursor();
    h.api.tap(&chat, &white, message_id(&opened.board), &c3);
    h.expect(c0, "the selection", |c| c.is("EditMessageReplyMarkup"))
        .await;
    h.settle().await;
    assert_eq!(game_in(h, &chat).clocks.turn_started, started);
}
