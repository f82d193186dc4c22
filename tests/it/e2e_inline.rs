//! Inline mode: `@bot` in a chat the bot is not in offers games; the chosen one is posted
//! "via @bot", another person accepts it there, and the game is played in that message
//! by taps, its board edited by `inline_message_id`. With production pacing against the
//! strict fake, which refuses a new upload on an inline message as Telegram does.

use crate::common::harness::*;
use serde_json::Value;
use ugolki_bot::fakeapi::{Call, TgChat, TgUser, keyboard_buttons};
use ugolki_bot::game::{ChallengeId, ChatId, GameRecord, LinkToken, Status, UserId};

/// `from` types `@bot <text>` in a private chat with someone; the bot's answer.
async fn query(h: &Harness, from: &TgUser, text: &str) -> (String, Vec<Value>) {
    let c0 = h.cursor();
    let qid = h.api.inline_query(from, text, "private");
    h.expect(c0, "an answer to the inline query", |c| {
        c.is("AnswerInlineQuery") && c.str("inline_query_id") == Some(qid.as_str())
    })
    .await;
    let answer = h.api.inline_answer(&qid).expect("answered");
    let results = answer["results"].as_array().cloned().unwrap_or_default();
    (qid, results)
}

/// The result whose title has every one of `words`.
fn result<'a>(results: &'a [Value], words: &[&str]) -> &'a Value {
    results
        .iter()
        .find(|r| {
            let title = r["title"].as_str().unwrap_or("");
            words.iter().all(|w| title.contains(w))
        })
        .unwrap_or_else(|| panic!("a result with {words:?} in {results:#?}"))
}

/// The buttons of inline message `id` as it is now.
fn buttons(h: &Harness, id: &str) -> Vec<(String, String)> {
    let m = h.api.inline_message(id).expect("the inline message");
    keyboard_buttons(m.json.get("reply_markup"))
}

/// How many squares inline message `id` shows as buttons.
fn squares(h: &Harness, id: &str) -> usize {
    buttons(h, id)
        .iter()
        .filter(|(_, d)| decoded(d).as_ref().is_some_and(is_tap))
        .count()
}

/// The text (or caption) of inline message `id` as it is now.
fn text_of(h: &Harness, id: &str) -> String {
    let m = h.api.inline_message(id).expect("the inline message");
    m.json
        .get("text")
        .or_else(|| m.json.get("caption"))
        .and_then(Value::as_str)
        .unwrap_or("")
        .to_string()
}

/// The data of the button of `id` whose label has `label` and whose decoded data `pred`
/// accepts.
fn data(h: &Harness, id: &str, label: &str, pred: impl Fn(&Callback) -> bool) -> String {
    button_in(&buttons(h, id), label, pred)
}

/// An answer to a challenge: accept or decline.
fn answer(accept: bool) -> impl Fn(&Callback) -> bool {
    move |cb| matches!(cb, Callback::Challenge { accept: a, .. } if *a == accept)
}

/// An inline board's action button.
fn act(act: Act) -> impl Fn(&Callback) -> bool {
    move |cb| matches!(cb, Callback::Act { act: a, .. } if *a == act)
}

/// `who` taps `data` on inline message `id`; the answer to the tap.
async fn tap(h: &Harness, who: &TgUser, id: &str, data: &str) -> Call {
    let c0 = h.cursor();
    let qid = h.api.tap_inline(who, id, data);
    h.expect(c0, "the tap answered", |c| {
        c.is("AnswerCallbackQuery") && c.str("callback_query_id") == Some(qid.as_str())
    })
    .await
}

/// Wait until inline message `id` is edited so that `pred` holds for its text.
async fn edited(h: &Harness, from: u64, id: &str, what: &str, pred: impl Fn(&str) -> bool) {
    h.expect(from, what, |c| {
        c.str("inline_message_id") == Some(id)
            && c.response.is_ok()
            && c.text().is_some_and(|t| pred(&t))
    })
    .await;
}

/// The game played in inline message `id` (among `user`'s games).
fn game_in(h: &Harness, user: &TgUser, id: &str) -> Option<GameRecord> {
    let ids = h
        .store
        .user_games(UserId(user.id as u64), None, 50)
        .expect("the index");
    ids.into_iter()
        .filter_map(|g| h.store.game(g).ok().flatten())
        .find(|g| g.inline.as_ref().is_some_and(|m| m.0 == id))
}

/// Alice offers `text`'s first game, posts it, `taker` accepts: the inline message's id
/// and the game, once its board is shown.
async fn start_inline_game(
    h: &Harness,
    a: &TgUser,
    taker: &TgUser,
    text: &str,
) -> (String, GameRecord) {
    let (qid, results) = query(h, a, text).await;
    let first = results.first().expect("a result");
    let id = h
        .api
        .choose_inline_result(&qid, first["id"].as_str().unwrap())
        .expect("posted");
    let accept = data(h, &id, "Accept", answer(true));
    let c0 = h.cursor();
    let answer = tap(h, taker, &id, &accept).await;
    assert_ne!(
        answer.params["show_alert"],
        Value::Bool(true),
        "{:?}",
        answer.params
    );
    edited(h, c0, &id, "the board in the inline message", |t| {
        t.contains("move 1")
    })
    .await;
    let g = game_in(h, a, &id).expect("the game in the inline message");
    (id, g)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_inline_challenge_is_accepted_and_played_by_taps_to_a_result() {
    let h = Harness::start().await;
    let (a, b) = (alice(), boris());

    // `@bot` alone: the usual variants with and without a clock; distinct random ids.
    let (qid, results) = query(&h, &a, "").await;
    assert_eq!(results.len(), 9, "3 variants × 3 time controls");
    let mut ids: Vec<&str> = results.iter().map(|r| r["id"].as_str().unwrap()).collect();
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), 9);
    assert!(ids.iter().all(|i| i.len() == 24), "{ids:?}");
    // Text narrows it.
    let (_, narrowed) = query(&h, &a, "diagonal 3+2").await;
    assert!(!narrowed.is_empty());
    assert!(narrowed.iter().all(|r| {
        let t = r["title"].as_str().unwrap();
        t.contains("Diagonal") && t.contains("3+2")
    }));
    let (_, none) = query(&h, &a, "chess").await;
    assert!(none.is_empty());

    // Posted via the bot; the challenger cannot take their own challenge.
    let chosen = result(&results, &["Classic 3×3", "no clock"]);
    let id = h
        .api
        .choose_inline_result(&qid, chosen["id"].as_str().unwrap())
        .expect("posted");
    assert!(text_of(&h, &id).contains("Alice"));
    let accept = data(&h, &id, "Accept", answer(true));
    let own = tap(&h, &a, &id, &accept).await;
    assert_eq!(
        own.params["show_alert"],
        Value::Bool(true),
        "{:?}",
        own.params
    );
    assert!(game_in(&h, &a, &id).is_none());

    // Boris accepts: the message becomes the board, played in it.
    let c0 = h.cursor();
    let answer = tap(&h, &b, &id, &accept).await;
    assert_ne!(
        answer.params["show_alert"],
        Value::Bool(true),
        "{:?}",
        answer.params
    );
    edited(&h, c0, &id, "the board", |t| t.contains("move 1")).await;
    let g = game_in(&h, &a, &id).expect("the game");
    assert!(g.rated, "rated like a group game");
    assert!(g.boards().next().is_none(), "no board in any chat");
    assert!(
        h.store.chat_games(ChatId(a.id)).unwrap().is_empty(),
        "not listed as a game of the challenger's private chat"
    );
    // No media chat: the board is the 8×8 keyboard, and the message says so once.
    assert!(text_of(&h, &id).contains("buttons are the board"));
    assert_eq!(squares(&h, &id), 64);
    let (white, black) = if g.players[0] == ugolki_bot::game::Player::Human(UserId(a.id as u64)) {
        (a.clone(), b.clone())
    } else {
        (b.clone(), a.clone())
    };

    // The opponent's tap is refused; White selects c3 and plays a move by taps.
    let not_yours = tap(&h, &black, &id, &data(&h, &id, "", is_tap)).await;
    assert_eq!(not_yours.params["show_alert"], Value::Bool(true));
    play_from(&h, &white, &id, "c3").await;
    assert_eq!(game_in(&h, &a, &id).unwrap().ply(), 1);
    assert!(
        !text_of(&h, &id).contains("buttons are the board"),
        "said once"
    );

    // Black resigns with the buttons: asked first, then the result.
    let resign = data(&h, &id, "Resign", act(Act::Resign));
    let c3 = h.cursor();
    tap(&h, &black, &id, &resign).await;
    edited(&h, c3, &id, "the question", |t| {
        t.contains("Resign this game?")
    })
    .await;
    let yes = data(&h, &id, "", |cb| matches!(cb, Callback::Resign { .. }));
    let c4 = h.cursor();
    tap(&h, &black, &id, &yes).await;
    edited(&h, c4, &id, "the result", |t| t.contains("resigned")).await;
    let g = game_in(&h, &a, &id).unwrap();
    assert!(matches!(g.status, Status::Over { .. }));
    assert!(!g.ratings.is_empty(), "ratings changed");
    // A finished board offers a rematch and the record, and (its keyboard being no
    // board any more) keeps the final position in its text.
    assert!(has_button(&buttons(&h, &id), |cb| matches!(
        cb,
        Callback::Rematch { .. }
    )));
    let final_text = text_of(&h, &id);
    assert!(
        final_text.contains("<pre>") && final_text.contains("a b c d e f g h"),
        "the final position is gone: {final_text}"
    );
    assert!(!has_button(&buttons(&h, &id), is_tap), "no squares to tap");
    // The record button sends to the tapper's private chat: the tap is answered first,
    // and one who never started the bot is told under the board where to (Telegram
    // refuses the bot a chat they did not open).
    h.api.set_private_needs_start(true);
    let record = data(&h, &id, "", |cb| {
        matches!(cb, Callback::Export { gif: false, .. })
    });
    let told = tap(&h, &b, &id, &record).await;
    assert_ne!(
        told.params["show_alert"],
        Value::Bool(true),
        "{:?}",
        told.params
    );
    let mut said = String::new();
    for _ in 0..300 {
        said = text_of(&h, &id);
        if said.contains("This works in a private chat with me: @") {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    assert!(
        said.contains("This works in a private chat with me: @"),
        "{said}\n{:#?}",
        h.api
            .calls_since(0)
            .iter()
            .rev()
            .take(8)
            .map(|c| (&c.method, &c.params, &c.response))
            .collect::<Vec<_>>()
    );
    // `/export` in the private chat with the bot finds the inline game.
    let dm = TgChat::Private(a.clone());
    let c5 = h.cursor();
    h.api.send_text(&dm, &a, "/export");
    h.expect(c5, "the record in the private chat", |c| {
        c.is("SendDocument") && c.chat_id() == Some(a.id)
    })
    .await;
    h.settle().await;
    h.assert_within_limits();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_challenge_for_a_named_user_is_refused_to_anyone_else() {
    let h = Harness::start().await;
    let (a, b, c) = (alice(), boris(), carol());
    let (qid, results) = query(&h, &a, "@Carol classic 5+3").await;
    let r = result(&results, &["Classic 3×3", "5+3"]);
    assert!(r["description"].as_str().unwrap().contains("@Carol"));
    let id = h
        .api
        .choose_inline_result(&qid, r["id"].as_str().unwrap())
        .expect("posted");
    assert!(text_of(&h, &id).contains("@Carol"));
    let accept = data(&h, &id, "Accept", answer(true));
    let refused = tap(&h, &b, &id, &accept).await;
    assert_eq!(refused.params["show_alert"], Value::Bool(true));
    assert!(
        refused
            .str("text")
            .is_some_and(|t| t.contains("someone else") || t.contains("не вам")),
        "{:?}",
        refused.params
    );
    // Nor can Boris decline it for Carol.
    let decline = data(&h, &id, "Decline", answer(false));
    let refused = tap(&h, &b, &id, &decline).await;
    assert_eq!(refused.params["show_alert"], Value::Bool(true));
    assert!(game_in(&h, &a, &id).is_none());
    // Carol (username compared case-insensitively) takes it.
    let c0 = h.cursor();
    tap(&h, &c, &id, &accept).await;
    edited(&h, c0, &id, "the board", |t| t.contains("move 1")).await;
    let g = game_in(&h, &a, &id).expect("the game");
    assert!(g.color_of(UserId(c.id as u64)).is_some());
    assert_eq!(g.time_control.to_string(), "5+3");
}

/// The button of square `sq` on inline board `id`.
fn square(h: &Harness, id: &str, sq: &str) -> String {
    data(h, id, "", tap_on(sq))
}

/// `who` plays from `from` by taps on inline board `id` (the first destination offered).
async fn play_from(h: &Harness, who: &TgUser, id: &str, from: &str) {
    let c0 = h.cursor();
    tap(h, who, id, &square(h, id, from)).await;
    h.expect(c0, "the selection", |c| {
        c.str("inline_message_id") == Some(id) && has_button(&c.buttons(), is_move)
    })
    .await;
    let go = data(h, id, "", is_move);
    let c1 = h.cursor();
    tap(h, who, id, &go).await;
    edited(h, c1, id, "the move", |t| t.contains(&format!("{from}-"))).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn forged_and_stale_buttons_on_inline_boards_change_nothing() {
    let h = Harness::start().await;
    let (a, b, c) = (alice(), boris(), carol());
    let (id, g) = start_inline_game(&h, &a, &b, "classic untimed").await;
    // Another inline message (Carol's challenge elsewhere).
    let (qid, results) = query(&h, &c, "diagonal 60s").await;
    let elsewhere = h
        .api
        .choose_inline_result(&qid, results[0]["id"].as_str().unwrap())
        .expect("another inline message");
    let alert = |c: &Call| c.params["show_alert"] == Value::Bool(true);
    // This game's button tapped on that message: it is not this game's board.
    assert!(alert(
        &tap(&h, &a, &elsewhere, &square(&h, &id, "c3")).await
    ));
    // Someone outside the game; a forged Accept with a wrong token; unreadable data.
    assert!(alert(
        &tap(&h, &c, &id, &data(&h, &id, "Resign", act(Act::Resign))).await
    ));
    let wrong = Callback::Challenge {
        id: ChallengeId(1),
        accept: true,
        link: Some(LinkToken([0; 12])),
    }
    .encode();
    assert!(alert(&tap(&h, &c, &id, &wrong).await));
    assert!(alert(&tap(&h, &c, &id, "zz:top").await));
    assert_eq!(game_in(&h, &a, &id).unwrap().ply(), 0);
    // A square from before a move is stale.
    let white = if g.color_of(UserId(a.id as u64)) == Some(ugolki_bot::engine::Color::White) {
        a.clone()
    } else {
        b.clone()
    };
    let old = square(&h, &id, "c3");
    play_from(&h, &white, &id, "c3").await;
    assert!(alert(&tap(&h, &white, &id, &old).await));
    let after = game_in(&h, &a, &id).unwrap();
    assert_eq!(after.ply(), 1, "only the real move was played");
    assert!(after.is_active());
    h.settle().await;
    h.assert_within_limits();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_a_media_chat_the_inline_board_is_a_picture_by_file_id() {
    let api = ugolki_bot::fakeapi::FakeApi::start()
        .await
        .expect("fake api");
    let store: std::sync::Arc<dyn ugolki_bot::game::Storage> =
        std::sync::Arc::new(ugolki_bot::game::MemoryStore::new());
    let mut cfg = config(&api, ugolki_bot::game::Timing::default());
    let media = -100_777;
    cfg.media_chats = vec![ChatId(media)];
    let h = Harness::start_with_config(api, store, cfg).await;
    let (a, b) = (alice(), boris());
    let c0 = h.cursor();
    let (id, _) = start_inline_game(&h, &a, &b, "classic").await;
    // Uploaded to the media chat, then the inline message edited with that file's id.
    let upload = h
        .expect(c0, "an upload to the media chat", |c| {
            c.is("SendPhoto") && c.chat_id() == Some(media)
        })
        .await;
    let edit = h
        .expect(
            upload.seq,
            "the inline message edited to the picture",
            |c| c.is("EditMessageMedia") && c.str("inline_message_id") == Some(id.as_str()),
        )
        .await;
    assert!(edit.response.is_ok(), "{:?}", edit.response);
    assert!(edit.files.is_empty(), "no new upload on an inline message");
    let m = h.api.inline_message(&id).unwrap();
    assert!(m.json.get("photo").is_some(), "the message became a photo");
    assert!(text_of(&h, &id).contains("move 1"));
    assert_eq!(squares(&h, &id), 64);
    h.settle().await;
    h.assert_within_limits();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn draw_rematch_and_abort_are_buttons_on_the_inline_board() {
    let h = Harness::start().await;
    let (a, c) = (alice(), carol());
    let (id, g) = start_inline_game(&h, &a, &c, "classic untimed").await;
    let (white, black) =
        if g.color_of(UserId(a.id as u64)) == Some(ugolki_bot::engine::Color::White) {
            (a.clone(), c.clone())
        } else {
            (c.clone(), a.clone())
        };
    play_from(&h, &white, &id, "c3").await;
    // Black offers a draw: the board shows it, with the answer for White.
    let c0 = h.cursor();
    tap(
        &h,
        &black,
        &id,
        &data(&h, &id, "Offer a draw", act(Act::Draw)),
    )
    .await;
    edited(&h, c0, &id, "the offer", |t| t.contains("offers a draw")).await;
    let agree = data(&h, &id, "Accept the draw", |cb| {
        matches!(cb, Callback::Draw { accept: true, .. })
    });
    // The one who offered cannot accept it.
    let own = tap(&h, &black, &id, &agree).await;
    assert_eq!(own.params["show_alert"], Value::Bool(true));
    let c1 = h.cursor();
    tap(&h, &white, &id, &agree).await;
    edited(&h, c1, &id, "the draw", |t| t.contains("agreed")).await;
    // A rematch turns the message into the offer, for the opponent alone.
    let c2 = h.cursor();
    tap(
        &h,
        &white,
        &id,
        &data(&h, &id, "", |cb| matches!(cb, Callback::Rematch { .. })),
    )
    .await;
    edited(&h, c2, &id, "the rematch offer", |t| {
        t.contains("challenges")
    })
    .await;
    let accept = data(&h, &id, "Accept", answer(true));
    let outsider = tap(&h, &boris(), &id, &accept).await;
    assert_eq!(outsider.params["show_alert"], Value::Bool(true));
    let c3 = h.cursor();
    tap(&h, &black, &id, &accept).await;
    edited(&h, c3, &id, "the new game", |t| t.contains("move 1")).await;
    let next = game_in(&h, &a, &id).expect("the rematch");
    assert_ne!(next.id, g.id);
    assert_eq!(
        next.color_of(UserId(white.id as u64)),
        Some(ugolki_bot::engine::Color::Black),
        "colours swapped"
    );
    // The old game's rematch button is stale now.
    let stale = Callback::Rematch { game: g.id }.encode();
    assert_eq!(
        tap(&h, &white, &id, &stale).await.params["show_alert"],
        Value::Bool(true)
    );
    // Before both have moved, the game can be called off.
    let c4 = h.cursor();
    tap(&h, &white, &id, &data(&h, &id, "Abort", act(Act::Abort))).await;
    edited(&h, c4, &id, "the abort", |t| {
        t.contains("aborted") || t.contains("called off")
    })
    .await;
    assert!(matches!(
        game_in(&h, &a, &id).unwrap().status,
        Status::Aborted { .. }
    ));
    h.settle().await;
    h.assert_within_limits();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_private_chat_offers_to_challenge_a_friend_through_inline_mode() {
    let h = Harness::start().await;
    let a = alice();
    let dm = TgChat::Private(a.clone());
    // The /start menu's "Challenge a friend" opens the choice of games in a chat.
    let c0 = h.cursor();
    h.api.send_text(&dm, &a, "/start");
    let menu = h
        .expect(c0, "the start menu", |c| {
            c.is("SendMessage") && c.keyboard().is_some()
        })
        .await;
    let switch = switch_queries(&menu);
    assert_eq!(switch, vec![String::new()], "{:?}", menu.keyboard());
    // /challenge in a private chat offers the same game through inline mode.
    let c1 = h.cursor();
    h.api.send_text(&dm, &a, "/challenge diagonal 5+3");
    let link = h
        .expect(c1, "the challenge link", |c| {
            c.is("SendMessage") && c.text().is_some_and(|t| t.contains("t.me/"))
        })
        .await;
    assert_eq!(switch_queries(&link), vec!["diagonal 5+3".to_string()]);
    // That query offers that game first.
    let (_, results) = query(&h, &a, "diagonal 5+3").await;
    let first = results[0]["title"].as_str().unwrap();
    assert!(
        first.contains("Diagonal 3×3") && first.contains("5+3"),
        "{first}"
    );
}

/// The queries of a message's "switch to inline" buttons.
fn switch_queries(c: &Call) -> Vec<String> {
    c.keyboard()
        .and_then(|k| k.get("inline_keyboard"))
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(Value::as_array)
        .flatten()
        .filter_map(|b| b.get("switch_inline_query").and_then(Value::as_str))
        .map(str::to_string)
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_inline_board_links_to_the_page_and_a_move_there_edits_it() {
    use crate::common::webapp::*;
    let (h, base) = start_with_webapp().await;
    let (a, b) = (alice(), boris());
    let (id, g) = start_inline_game(&h, &a, &b, "classic").await;
    // Telegram takes no `web_app` button on an inline message: a t.me link instead.
    let m = h.api.inline_message(&id).expect("the inline message");
    let link = m.json["reply_markup"]["inline_keyboard"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(Value::as_array)
        .flatten()
        .find_map(|b| b["url"].as_str().filter(|u| u.contains("startapp=")))
        .expect("the page's link on the inline board")
        .to_string();
    assert!(link.starts_with(&format!(
        "https://t.me/{}/{SHORT_NAME}?startapp=",
        ugolki_bot::fakeapi::BOT_USERNAME
    )));
    let token = token_in(&link);
    let white = match g.players[0] {
        ugolki_bot::game::Player::Human(u) if u.0 == a.id as u64 => a.clone(),
        _ => b.clone(),
    };
    let page = Page::new(&base);
    let s = page.session(&white).await;
    let c0 = h.cursor();
    let (status, j) = page
        .post(
            &format!("api/game/{token}/move"),
            Some(&s),
            serde_json::json!({ "from": "b3", "to": "d3", "ply": 0 }),
        )
        .await;
    assert_eq!(status, 200, "{j}");
    edited(&h, c0, &id, "the inline board with the page's move", |t| {
        t.contains("b3-d3")
    })
    .await;
    h.settle().await;
    h.assert_within_limits();
}
