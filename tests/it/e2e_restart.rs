//! The real `ugolki bot` process against the fake Bot API with the sled store: killed with
//! SIGKILL in the middle of a game and restarted, the game continues on the same message.

use crate::common::harness::{
    Callback, WAIT, alice, boris, button, button_in, group, has_button, is_move, message_id, tap_on,
};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};
use ugolki_bot::fakeapi::{FakeApi, Fault, TgChat, TgUser, keyboard_buttons};
use ugolki_bot::game::{
    Actor, Expect, GameService, MoveInput, MoveOutcome, Timestamp, Timing, UserId,
};
use ugolki_bot::store::{SledStore, StoreConfig};

fn spawn_bot(api: &FakeApi, dir: &std::path::Path) -> Child {
    Command::new(env!("CARGO_BIN_EXE_ugolki"))
        .args(["bot", "--board-px", "320", "--actions-per-minute", "0"])
        .arg("--api-url")
        .arg(api.url())
        .arg("--data-dir")
        .arg(dir)
        .env("TELOXIDE_TOKEN", "4242:TESTTOKEN")
        .env("UGOLKI_LOG", "warn")
        .stdout(Stdio::null())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("start the bot")
}

/// A fake Bot API, a fresh data directory, and the bot process over them, up.
async fn bot_up() -> (FakeApi, tempfile::TempDir, Child) {
    let api = FakeApi::start().await.unwrap();
    api.set_limits(Some(ugolki_bot::fakeapi::TelegramLimits::default()));
    let dir = tempfile::tempdir().unwrap();
    let bot = spawn_bot(&api, dir.path());
    api.wait_for(0, WAIT, |c| c.is("SetMyCommands"))
        .await
        .expect("bot up");
    (api, dir, bot)
}

/// `who` replies `mv` to the group's board `bid`; the board's edit that shows it.
async fn group_move(api: &FakeApi, who: &TgUser, bid: i64, mv: &str) -> ugolki_bot::fakeapi::Call {
    let c0 = api.call_count();
    api.reply_text(&group(), who, bid, mv);
    api.wait_for(c0, WAIT, |c| {
        c.is("EditMessageMedia") && c.text().is_some_and(|t| t.contains(mv))
    })
    .await
    .unwrap_or_else(|| panic!("the move {mv} shown"))
}

/// Alice opens `command` in the group, Boris accepts: the board's message id and the
/// players as (White, Black), read from the board's caption.
async fn open_group_game(api: &FakeApi, command: &str) -> (i64, TgUser, TgUser) {
    let g = group();
    let (a, b) = (alice(), boris());
    let c0 = api.call_count();
    api.send_text(&g, &a, command);
    let ch = api
        .wait_for(c0, WAIT, |c| c.is("SendMessage") && !c.buttons().is_empty())
        .await
        .unwrap();
    let acc = button(&ch, "Accept", |cb| {
        matches!(cb, Callback::Challenge { accept: true, .. })
    });
    let c1 = api.call_count();
    api.tap(&g, &b, message_id(&ch), &acc);
    let board = api.wait_for(c1, WAIT, |c| c.is("SendPhoto")).await.unwrap();
    let caption = board.text().unwrap();
    if caption.find("id=101").unwrap() < caption.find("id=102").unwrap() {
        (message_id(&board), a, b)
    } else {
        (message_id(&board), b, a)
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn game_survives_kill_and_restart() {
    let (api, dir, mut bot) = bot_up().await;
    let g = group();

    let (bid, white, black) = open_group_game(&api, "/new classic").await;
    group_move(&api, &white, bid, "c3-d3").await;

    // Crash: no chance to flush or say goodbye.
    bot.kill().unwrap();
    bot.wait().unwrap();

    let mut bot = spawn_bot(&api, dir.path());
    let c3 = api.call_count();
    api.wait_for(c3, WAIT, |c| c.is("SetMyCommands"))
        .await
        .expect("bot back");
    let edit = group_move(&api, &black, bid, "f6-e6").await;
    assert_eq!(edit.int("message_id"), Some(bid), "same board message");
    assert!(edit.text().unwrap().contains("move 2"));
    // The keyboard still works (ply 2).
    let kb = keyboard_buttons(api.message(g.id(), bid).unwrap().json.get("reply_markup"));
    assert!(
        kb.iter()
            .all(|(_, d)| matches!(Callback::decode(d), Ok(Callback::Tap { ply: 2, .. }))),
        "{kb:?}"
    );
    // A new graceful stop flushes and exits cleanly.
    unsafe_terminate(&bot);
    let status = bot.wait().unwrap();
    assert!(status.success(), "clean exit on SIGTERM: {status:?}");
}

/// A crash between storing a move and editing its board leaves the board one move behind.
/// The restarted bot redraws it, and does so beside the update listener: while the
/// redraw's edit hangs (a slow Telegram), the bot already answers other chats.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_board_left_behind_by_a_crash_is_redrawn_while_the_bot_serves_others() {
    let (api, dir, mut bot) = bot_up().await;
    let (bid, white, black) = open_group_game(&api, "/new classic").await;
    group_move(&api, &white, bid, "c3-d3").await;
    bot.kill().unwrap();
    bot.wait().unwrap();

    // Black's move is stored, but the process died before the board was edited.
    {
        let store = SledStore::open(&StoreConfig::at(dir.path())).unwrap();
        let svc = GameService::new(Arc::new(store), Timing::default());
        let games = svc.store().all_chat_games().unwrap();
        assert_eq!(games.len(), 1, "{games:?}");
        let outcome = svc
            .play(
                games[0].1,
                Actor::User(UserId(black.id as u64)),
                Expect::Ply(1),
                &MoveInput::Text("f6-e6".into()),
                Timestamp::now(),
            )
            .unwrap();
        assert!(matches!(outcome, MoveOutcome::Played(_)), "{outcome:?}");
        svc.store().flush().unwrap();
    }
    let shown = api.message(group().id(), bid).unwrap();
    assert!(!shown.json.to_string().contains("f6-e6"), "not shown yet");

    // Telegram is slow to take the redraw.
    let stall = Duration::from_secs(4);
    api.fault_next(Some("editMessageMedia"), Fault::Slow(stall));
    let c2 = api.call_count();
    let mut bot = KillOnDrop(spawn_bot(&api, dir.path()));
    api.wait_for(c2, WAIT, |c| c.is("SetMyCommands"))
        .await
        .expect("bot back");
    let asked = Instant::now();
    let other = TgChat::Private(alice());
    api.send_text(&other, &alice(), "/help");
    api.wait_for(c2, WAIT, |c| {
        c.is("SendMessage") && c.chat_id() == Some(other.id())
    })
    .await
    .expect("another chat is answered");
    let answered = asked.elapsed();
    let redraw = api
        .wait_for(c2, WAIT, |c| {
            c.is("EditMessageMedia") && c.int("message_id") == Some(bid)
        })
        .await
        .expect("the board is redrawn");
    assert!(
        redraw.text().is_some_and(|t| t.contains("f6-e6")),
        "{:?}",
        redraw.text()
    );
    assert!(
        answered < stall,
        "answered after {answered:?}, behind the redraw's {stall:?}"
    );
    // The redrawn keyboard is the current ply's: White plays on.
    group_move(&api, &white, bid, "d3-e3").await;
    unsafe_terminate(&bot.0);
    assert!(bot.0.wait().unwrap().success());
}

/// A bot process that a failed assertion does not leave running.
struct KillOnDrop(Child);

impl Drop for KillOnDrop {
    fn drop(&mut self) {
        if let Ok(None) = self.0.try_wait() {
            let _ = self.0.kill();
            let _ = self.0.wait();
        }
    }
}

fn unsafe_terminate(child: &Child) {
    let _ = Command::new("kill")
        .arg("-TERM")
        .arg(child.id().to_string())
        .status();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deadline_that_falls_while_the_bot_is_down_is_applied_once_after_restart() {
    let (api, dir, mut bot) = bot_up().await;
    // Two seconds a move: a miss makes the program move, a second miss in a row loses.
    let (bid, white, _black) = open_group_game(&api, "/new classic 2s").await;
    group_move(&api, &white, bid, "c3-d3").await;
    // Down before Black's deadline, back long after it: Black misses, then White, then
    // Black again (second miss in a row): Black loses on time.
    bot.kill().unwrap();
    bot.wait().unwrap();
    tokio::time::sleep(std::time::Duration::from_secs(3)).await;
    let c3 = api.call_count();
    let mut bot = spawn_bot(&api, dir.path());
    let end = api
        .wait_for(c3, std::time::Duration::from_secs(20), |c| {
            c.is("EditMessageMedia")
                && c.text()
                    .is_some_and(|t| t.contains("ran out of time") || t.contains("кончилось время"))
        })
        .await
        .expect("the result is applied after the restart");
    assert_eq!(end.int("message_id"), Some(bid));
    tokio::time::sleep(std::time::Duration::from_secs(2)).await;
    let calls = api.calls_since(c3);
    let autos = calls
        .iter()
        .filter(|c| {
            c.is("SendMessage")
                && c.text()
                    .is_some_and(|t| t.contains("did not move in time") || t.contains("не успел"))
        })
        .count();
    assert_eq!(autos, 2, "one automatic move for each side's first miss");
    let replays = calls.iter().filter(|c| c.is("SendAnimation")).count();
    assert_eq!(replays, 1, "the result is announced exactly once");
    // The start-up redraw left the game to the timer: no board showed the position
    // before the timer's moves (a flicker back, and a call spent).
    let stale: Vec<String> = calls
        .iter()
        .filter(|c| c.is("EditMessageMedia") && c.text().is_some_and(|t| t.contains("c3-d3")))
        .map(|c| c.text().unwrap_or_default())
        .collect();
    assert_eq!(
        stale,
        Vec::<String>::new(),
        "a board redrawn from before the restart"
    );
    bot.kill().unwrap();
    bot.wait().unwrap();
}

/// An inline game's buttons as its message shows them now.
fn inline_buttons(api: &FakeApi, id: &str) -> Vec<(String, String)> {
    let m = api.inline_message(id).expect("the inline message");
    keyboard_buttons(m.json.get("reply_markup"))
}

/// The data of the first button of inline message `id` whose decoded data `pred` picks.
fn inline_button(api: &FakeApi, id: &str, pred: impl Fn(&Callback) -> bool) -> String {
    button_in(&inline_buttons(api, id), "", pred)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_timed_inline_game_ends_on_time_across_a_restart() {
    let (api, dir, mut bot) = bot_up().await;
    let (a, b) = (alice(), boris());
    // Alice offers a game of two seconds a move in her chat with Boris; he accepts.
    let c0 = api.call_count();
    let qid = api.inline_query(&a, "classic 2s", "private");
    api.wait_for(c0, WAIT, |c| c.is("AnswerInlineQuery"))
        .await
        .expect("answered");
    let answer = api.inline_answer(&qid).unwrap();
    let first = answer["results"][0]["id"].as_str().unwrap().to_string();
    let id = api.choose_inline_result(&qid, &first).unwrap();
    let accept = inline_button(&api, &id, |cb| {
        matches!(cb, Callback::Challenge { accept: true, .. })
    });
    let c1 = api.call_count();
    api.tap_inline(&b, &id, &accept);
    api.wait_for(c1, WAIT, |c| {
        c.str("inline_message_id") == Some(id.as_str())
            && c.text().is_some_and(|t| t.contains("move 1"))
    })
    .await
    .expect("the board");
    // Whoever is White (named first on the board) plays c3 by taps.
    let m = api.inline_message(&id).unwrap();
    let text = m.json["text"].as_str().unwrap().to_string();
    let white = if text.find("id=101").unwrap() < text.find("id=102").unwrap() {
        a.clone()
    } else {
        b.clone()
    };
    let c3 = inline_button(&api, &id, tap_on("c3"));
    let c2 = api.call_count();
    api.tap_inline(&white, &id, &c3);
    api.wait_for(c2, WAIT, |c| {
        c.str("inline_message_id") == Some(id.as_str()) && c.is("EditMessageReplyMarkup")
    })
    .await
    .expect("the selection");
    let go = inline_button(&api, &id, is_move);
    let c3 = api.call_count();
    api.tap_inline(&white, &id, &go);
    api.wait_for(c3, WAIT, |c| {
        c.str("inline_message_id") == Some(id.as_str())
            && c.text().is_some_and(|t| t.contains("c3-"))
    })
    .await
    .expect("move acknowledged");
    // Killed before Black's deadline, back long after it: Black misses, then White, then
    // Black again: Black loses on time, told on the inline message (there is no chat).
    bot.kill().unwrap();
    bot.wait().unwrap();
    tokio::time::sleep(Duration::from_secs(3)).await;
    let c4 = api.call_count();
    let mut bot = spawn_bot(&api, dir.path());
    api.wait_for(c4, Duration::from_secs(20), |c| {
        c.str("inline_message_id") == Some(id.as_str())
            && c.text()
                .is_some_and(|t| t.contains("ran out of time") || t.contains("кончилось время"))
    })
    .await
    .expect("the result is applied after the restart");
    let m = api.inline_message(&id).unwrap();
    assert!(
        has_button(&inline_buttons(&api, &id), |cb| matches!(
            cb,
            Callback::Rematch { .. }
        )),
        "a finished board: {:?}",
        m.json
    );
    // Nothing went to a chat: the game has none.
    let to_chats = api
        .calls_since(c4)
        .iter()
        .filter(|c| c.is("SendMessage") || c.is("SendPhoto") || c.is("SendAnimation"))
        .count();
    assert_eq!(to_chats, 0);
    bot.kill().unwrap();
    bot.wait().unwrap();
}
