//! The Mini App served by the real bot: the board buttons that open it, the menu button,
//! every refusal of its API (nothing changes), and one game played from the page and the
//! chat at once, the page kept live over its event stream.

use crate::common::harness::*;
use crate::common::webapp::*;
use serde_json::{Value, json};
use ugolki_bot::fakeapi::{BOT_USERNAME, TgUser};
use ugolki_bot::game::GameId;

fn version_of(h: &Harness, id: GameId) -> u64 {
    h.store
        .game(id)
        .expect("a read")
        .expect("the game")
        .version
        .0
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn boards_open_the_page_and_the_menu_button_lists_the_games() {
    let (h, base) = start_with_webapp().await;
    let menu = h
        .expect(0, "the menu button", |c| c.is("SetChatMenuButton"))
        .await;
    assert_eq!(menu.params["menu_button"]["type"], "web_app");
    assert_eq!(menu.params["menu_button"]["web_app"]["url"], base.as_str());

    // A private game: a `web_app` button on the page with the game's token.
    let a = alice();
    let board = play_the_program(&h, &a, ugolki_bot::engine::Color::White).await;
    let (kind, url) = board_button(&board).expect("a board button");
    assert_eq!(kind, "web_app");
    assert!(url.starts_with(&format!("{base}?game=")), "{url}");
    let token = token_in(&url);
    assert_eq!(token.len(), 32);
    let page = Page::new(&base);
    let s = page.session(&a).await;
    let g = page.game(&token, &s).await;
    assert_eq!(g["players"]["b"]["program"], true);
    assert_eq!(g["viewer"]["seat"], "w");
    assert_eq!(g["viewer"]["move"], true);
    // The games list names it.
    let (status, list) = page.get("api/games", &s).await;
    assert_eq!(status, 200);
    assert_eq!(list[0]["token"], token.as_str());
    assert_eq!(list[0]["your_turn"], true);

    // A group game: a link through t.me (Telegram refuses `web_app` buttons there).
    let (grp, b) = (group(), boris());
    let opened = open_group_game(&h, &grp, &a, &b, "/new classic").await;
    let (kind, url) = board_button(&opened.board).expect("a board button");
    assert_eq!(kind, "url");
    let prefix = format!("https://t.me/{BOT_USERNAME}/{SHORT_NAME}?startapp=");
    assert!(url.starts_with(&prefix), "{url}");
    // The token is no id: two games' tokens share nothing visible.
    assert_ne!(token_in(&url), token);
    h.assert_within_limits();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_bad_call_is_refused_with_a_reason_and_changes_nothing() {
    let (h, base) = start_with_webapp().await;
    let page = Page::new(&base);
    let (grp, a, b, c) = (group(), alice(), boris(), carol());
    let opened = open_group_game(&h, &grp, &a, &b, "/new classic").await;
    let (white, black) = colours(&opened.board, &a, &b);
    let token = token_in(&board_button(&opened.board).expect("a button").1);
    let id = game_in(&h, &grp).id;
    let before = version_of(&h, id);

    // Launch data: forged for another bot, altered, stale, malformed; a body too large.
    let refused = |(status, j): (u16, Value), want: u16, code: &str| {
        assert_eq!(status, want, "{j}");
        assert_eq!(j["error"], code, "{j}");
        assert!(j["message"].as_str().is_some_and(|m| !m.is_empty()), "{j}");
    };
    let other_bot = init_data_for(&a, None, "9999:ANOTHER", 5);
    refused(
        page.post("api/session", None, json!({ "init_data": other_bot }))
            .await,
        401,
        "bad_init_data",
    );
    let altered = init_data_for(&a, None, TOKEN, 5).replace("Alice", "Alicf");
    refused(
        page.post("api/session", None, json!({ "init_data": altered }))
            .await,
        401,
        "bad_init_data",
    );
    let stale = init_data_for(&a, None, TOKEN, 2 * 86_400);
    refused(
        page.post("api/session", None, json!({ "init_data": stale }))
            .await,
        401,
        "bad_init_data",
    );
    refused(
        page.call("POST", "api/session", None, Some(b"{not json".to_vec()))
            .await,
        400,
        "bad_request",
    );
    let huge = json!({ "init_data": "x".repeat(64 * 1024) })
        .to_string()
        .into_bytes();
    // The server answers 413 without reading the body and closes that connection, so the
    // refused call goes on a client of its own: a pooled connection could be reused after
    // the close and fail the next call with a broken pipe.
    refused(
        Page::new(&base)
            .call("POST", "api/session", None, Some(huge))
            .await,
        413,
        "too_large",
    );

    // No session, an unknown one, an unknown game, an unknown action.
    refused(
        page.call("GET", &format!("api/game/{token}"), None, None)
            .await,
        401,
        "no_session",
    );
    refused(
        page.get(&format!("api/game/{token}"), "0123").await,
        401,
        "no_session",
    );
    let sw = page.session(&white).await;
    let sb = page.session(&black).await;
    let sc = page.session(&c).await;
    refused(
        page.get(&format!("api/game/{}", "0".repeat(32)), &sw).await,
        404,
        "no_such_game",
    );
    refused(
        page.get(&format!("api/game/{id}", id = id.0), &sw).await,
        404,
        "no_such_game",
    );
    refused(
        page.post(&format!("api/game/{token}/castle"), Some(&sw), json!({}))
            .await,
        404,
        "no_such_action",
    );

    // A spectator may watch, not act.
    let seen = page.game(&token, &sc).await;
    assert_eq!(seen["viewer"]["seat"], Value::Null);
    assert_eq!(seen["viewer"]["move"], false);
    assert!(
        seen["pieces"]["w"]
            .as_array()
            .unwrap()
            .iter()
            .any(|s| s == "c3")
    );
    let mv = json!({ "from": "c3", "to": "d3", "ply": 0 });
    // The spectator acting; then out of turn, a malformed move, an illegal one, a stale
    // ply, an answer to no offer: (who, action, body, status, code).
    let cases: [(&str, &str, Vec<u8>, u16, &str); 8] = [
        (
            &sc,
            "move",
            mv.to_string().into_bytes(),
            403,
            "not_your_game",
        ),
        (&sc, "resign", b"{}".to_vec(), 403, "not_your_game"),
        (
            &sb,
            "move",
            br#"{"from":"f6","to":"e6","ply":0}"#.to_vec(),
            409,
            "not_your_turn",
        ),
        (&sw, "move", b"[1,2]".to_vec(), 400, "bad_request"),
        (
            &sw,
            "move",
            br#"{"from":"z9","to":"d3","ply":0}"#.to_vec(),
            400,
            "bad_request",
        ),
        (
            &sw,
            "move",
            br#"{"from":"c3","to":"c7","ply":0}"#.to_vec(),
            409,
            "illegal",
        ),
        (
            &sw,
            "move",
            br#"{"from":"c3","to":"d3","ply":5}"#.to_vec(),
            409,
            "stale",
        ),
        (&sw, "draw-accept", b"{}".to_vec(), 409, "refused"),
    ];
    for (who, action, body, status, code) in cases {
        let path = format!("api/game/{token}/{action}");
        refused(
            page.call("POST", &path, Some(who), Some(body)).await,
            status,
            code,
        );
    }
    assert_eq!(version_of(&h, id), before, "refusals change nothing");

    // A flood from one session: refused with 429 once its budget is spent.
    let mut limited = 0;
    for _ in 0..60 {
        let (status, _) = page.get(&format!("api/game/{token}"), &sc).await;
        if status == 429 {
            limited += 1;
        }
    }
    assert!(limited > 0, "a flood of requests is refused");
    // ...while other sessions go on.
    let g = page.game(&token, &sw).await;
    assert_eq!(g["version"].as_u64(), Some(before));

    // The game over: moves are refused.
    let (status, j) = page
        .post(
            &format!("api/game/{token}/resign"),
            Some(&sb),
            json!({ "ply": 0 }),
        )
        .await;
    assert_eq!(status, 200, "{j}");
    assert_eq!(j["result"]["winner"], "w");
    let ended = version_of(&h, id);
    refused(
        page.post(&format!("api/game/{token}/move"), Some(&sw), mv)
            .await,
        409,
        "game_over",
    );
    assert_eq!(version_of(&h, id), ended);
    h.settle().await;
    h.assert_within_limits();
}

/// Reads the event stream until a `game` event with `ply` comes.
async fn next_game_at(stream: &mut reqwest::Response, buf: &mut String, ply: u64) -> Value {
    next_game(stream, buf, |g| g["ply"].as_u64() == Some(ply)).await
}

/// Reads the event stream until a `game` event that `pred` takes comes.
async fn next_game(
    stream: &mut reqwest::Response,
    buf: &mut String,
    pred: impl Fn(&Value) -> bool,
) -> Value {
    next_event(stream, buf, "game", pred).await
}

/// Reads the event stream until an event `name` that `pred` takes comes.
async fn next_event(
    stream: &mut reqwest::Response,
    buf: &mut String,
    name: &str,
    pred: impl Fn(&Value) -> bool,
) -> Value {
    let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(20);
    loop {
        while let Some(end) = buf.find("\n\n") {
            let event: String = buf.drain(..end + 2).collect();
            if let Some(data) = event
                .lines()
                .find_map(|l| l.strip_prefix("data:"))
                .map(str::trim)
                && event.contains(&format!("event: {name}\n"))
            {
                let g: Value = serde_json::from_str(data).expect("the event's JSON");
                if pred(&g) {
                    return g;
                }
            }
        }
        let chunk = tokio::time::timeout_at(deadline, stream.chunk())
            .await
            .expect("an event in time")
            .expect("the stream reads")
            .expect("the stream stays open");
        buf.push_str(&String::from_utf8_lossy(&chunk));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_on_the_page_reaches_the_chat_and_a_move_in_the_chat_reaches_the_page() {
    let (h, base) = start_with_webapp().await;
    let page = Page::new(&base);
    let (grp, a, b) = (group(), alice(), boris());
    let opened = open_group_game(&h, &grp, &a, &b, "/new classic").await;
    let (white, black) = colours(&opened.board, &a, &b);
    let token = token_in(&board_button(&opened.board).expect("a button").1);
    let sw = page.session(&white).await;
    let sb = page.session(&black).await;

    // Black's page listens.
    let mut stream = page
        .client
        .get(format!("{base}api/game/{token}/events?session={sb}"))
        .send()
        .await
        .expect("the stream opens");
    assert_eq!(stream.status().as_u16(), 200);
    let mut buf = String::new();
    let first = next_game_at(&mut stream, &mut buf, 0).await;
    assert_eq!(first["viewer"]["seat"], "b");

    // White moves on the page: the answer is the new game, Black's page hears it, and the
    // chat's board is edited with the move.
    let c = h.cursor();
    let g = page.game(&token, &sw).await;
    // A jump over c3: the chain is the jump, and a step is a chain of two.
    assert_eq!(g["targets"]["b3"]["d3"], json!(["b3", "d3"]));
    assert_eq!(g["targets"]["c3"]["d3"], json!(["c3", "d3"]));
    assert_eq!(
        g["targets"]["a1"],
        Value::Null,
        "a blocked piece has no targets"
    );
    let (status, played) = page
        .post(
            &format!("api/game/{token}/move"),
            Some(&sw),
            json!({ "from": "b3", "to": "d3", "ply": 0 }),
        )
        .await;
    assert_eq!(status, 200, "{played}");
    assert_eq!(played["ply"], 1);
    assert_eq!(played["last"], json!(["b3", "d3"]));
    let heard = next_game_at(&mut stream, &mut buf, 1).await;
    assert_eq!(heard["turn"], "b");
    assert_eq!(heard["viewer"]["move"], true);
    h.expect(c, "the chat's board shows the page's move", |c| {
        c.is("EditMessageMedia") && c.text().is_some_and(|t| t.contains("b3-d3"))
    })
    .await;

    // Black moves in the chat: the page hears it.
    let bid = message_id(&opened.board);
    h.api.reply_text(&grp, &black, bid, "f6-e6");
    let heard = next_game_at(&mut stream, &mut buf, 2).await;
    assert_eq!(heard["moves"], json!([["w", "b3-d3"], ["b", "f6-e6"]]));
    assert_eq!(heard["viewer"]["move"], false);

    // A draw offered on the page is told in the chat with its buttons, and the other
    // page can answer it.
    let c = h.cursor();
    let (status, j) = page
        .post(
            &format!("api/game/{token}/draw"),
            Some(&sw),
            json!({ "ply": 2 }),
        )
        .await;
    assert_eq!(status, 200, "{j}");
    h.expect(c, "the offer in the chat", |c| {
        c.is("SendMessage") && !c.buttons().is_empty()
    })
    .await;
    let offered = next_game(&mut stream, &mut buf, |g| g["offer"]["draw"] == "w").await;
    assert_eq!(offered["viewer"]["draw_answer"], true);
    let (status, j) = page
        .post(
            &format!("api/game/{token}/draw-accept"),
            Some(&sb),
            json!({ "ply": 2 }),
        )
        .await;
    assert_eq!(status, 200, "{j}");
    assert_eq!(j["result"]["winner"], Value::Null);
    assert!(
        j["result"]["reason"]
            .as_str()
            .is_some_and(|r| !r.is_empty())
    );
    h.settle().await;
    h.assert_within_limits();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn clocks_takebacks_and_rematches_from_the_page() {
    let (h, base) = start_with_webapp().await;
    let page = Page::new(&base);
    let (grp, a, b) = (group(), alice(), boris());
    let opened = open_group_game(&h, &grp, &a, &b, "/new classic 5+3 casual").await;
    let (white, black) = colours(&opened.board, &a, &b);
    let token = token_in(&board_button(&opened.board).expect("a button").1);
    let sw = page.session(&white).await;
    let sb = page.session(&black).await;

    // The clocks with the server's time: White's runs.
    let g = page.game(&token, &sw).await;
    assert_eq!(g["clocks"]["running"], "w", "{g}");
    assert!(
        g["clocks"]["w"]
            .as_u64()
            .is_some_and(|ms| ms <= 300_000 && ms > 250_000)
    );
    assert_eq!(g["clocks"]["b"], 300_000);
    assert!(g["clocks"]["server_time"].as_u64().is_some());
    assert_eq!(g["viewer"]["takeback"], false, "nothing to take back yet");

    // A move, then a takeback asked on the page: the chat gets the request with its
    // buttons, the other page may answer it, and the position goes back.
    let (status, j) = page
        .post(
            &format!("api/game/{token}/move"),
            Some(&sw),
            json!({ "from": "b3", "to": "d3", "ply": 0 }),
        )
        .await;
    assert_eq!(status, 200, "{j}");
    assert_eq!(j["viewer"]["takeback"], true);
    let c = h.cursor();
    let (status, j) = page
        .post(
            &format!("api/game/{token}/takeback"),
            Some(&sw),
            json!({ "ply": 1 }),
        )
        .await;
    assert_eq!(status, 200, "{j}");
    assert_eq!(j["offer"]["takeback"], "w");
    h.expect(c, "the takeback request in the chat", |c| {
        c.is("SendMessage") && !c.buttons().is_empty()
    })
    .await;
    let seen = page.game(&token, &sb).await;
    assert_eq!(seen["viewer"]["takeback_answer"], true);
    let (status, j) = page
        .post(
            &format!("api/game/{token}/takeback-accept"),
            Some(&sb),
            json!({ "ply": 1 }),
        )
        .await;
    assert_eq!(status, 200, "{j}");
    assert_eq!(j["ply"], 0);
    assert_eq!(j["turn"], "w");

    // Black resigns on the page; White's rematch challenges Black in the chat.
    let (status, j) = page
        .post(&format!("api/game/{token}/resign"), Some(&sb), json!({}))
        .await;
    assert_eq!(status, 200, "{j}");
    assert_eq!(j["viewer"]["rematch"], true);
    let c = h.cursor();
    let (status, j) = page
        .post(&format!("api/game/{token}/rematch"), Some(&sw), json!({}))
        .await;
    assert_eq!(status, 200, "{j}");
    h.expect(c, "the rematch challenge in the chat", |c| {
        c.is("SendMessage")
            && c.chat_id() == Some(grp.id())
            && c.buttons().iter().any(|(_, d)| {
                matches!(
                    decoded(d),
                    Some(ugolki_bot::bot::testing::Callback::Challenge { accept: true, .. })
                )
            })
    })
    .await;

    // Against the program the rematch starts at once, and the page is given the new game.
    let carol = carol();
    let board = play_the_program(&h, &carol, ugolki_bot::engine::Color::White).await;
    let old = token_in(&board_button(&board).expect("a button").1);
    let sc = page.session(&carol).await;
    let (status, _) = page
        .post(&format!("api/game/{old}/resign"), Some(&sc), json!({}))
        .await;
    assert_eq!(status, 200);
    let c = h.cursor();
    let (status, j) = page
        .post(&format!("api/game/{old}/rematch"), Some(&sc), json!({}))
        .await;
    assert_eq!(status, 200, "{j}");
    let new = j["token"].as_str().expect("a token").to_string();
    assert_ne!(new, old, "the new game");
    assert_eq!(j["viewer"]["seat"], "b", "colours swapped");
    assert!(j["result"].is_null());
    h.expect(c, "the new game's board", |c| {
        c.is("SendPhoto") && c.chat_id() == Some(carol.id)
    })
    .await;
    h.settle().await;
    h.assert_within_limits();
}

/// A legal move of the seat to move, as the server lists them: the longest chain.
pub(crate) fn table_turn(g: &Value) -> (String, String) {
    let mut best: Option<(usize, String, String)> = None;
    for (from, tos) in g["targets"].as_object().expect("targets") {
        for (to, chain) in tos.as_object().expect("destinations") {
            let len = chain.as_array().map_or(0, Vec::len);
            if best.as_ref().is_none_or(|(b, _, _)| len > *b) {
                best = Some((len, from.clone(), to.clone()));
            }
        }
    }
    let (_, from, to) = best.expect("a legal move");
    (from, to)
}

/// A table of four on the page's API: what each seat sees, every refusal (another seat's
/// move names whose move it is; no seat, a stale position, bad squares, a pass with moves
/// left, leaving twice), a move played from the page reaching the chat, and a leave told
/// once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_of_four_is_shown_and_played_through_the_page() {
    let (h, base) = start_with_webapp().await;
    let (grp, a, b, c, d) = (group(), alice(), boris(), carol(), dana());
    let board = start_table(&h, &grp, &a, &[&b, &c, &d]).await;
    let (kind, link) = board_button(&board).expect("the board's button");
    assert_eq!(
        kind, "url",
        "a group's board opens the page by its t.me link"
    );
    let token = token_in(&link);
    let api = Page::new(&base);
    let (sa, sb, sd) = (
        api.session(&a).await,
        api.session(&b).await,
        api.session(&d).await,
    );
    let se = api.session(&TgUser::new(107, "Eve", "en")).await;

    // Everyone sees the table; each seat's page turned to its own camp.
    let g = api.game(&token, &se).await;
    assert_eq!(g["kind"], "table");
    assert_eq!(g["seats"], json!(["w", "g", "b", "r"]));
    for s in ["w", "g", "b", "r"] {
        assert_eq!(g["pieces"][s].as_array().map(Vec::len), Some(13), "{s}");
        assert_eq!(
            g["homes"][s], g["pieces"][s],
            "{s}: the camps hold the pieces"
        );
    }
    assert_eq!(g["turn"], "w");
    assert_eq!(g["players"]["w"]["name"], "Alice");
    assert_eq!(g["viewer"]["move"], false);
    assert_eq!(g["turns"], 0);
    assert!(
        g["status"]
            .as_str()
            .unwrap()
            .contains("White to move: Alice"),
        "{}",
        g["status"]
    );
    let gd = api.game(&token, &sd).await;
    assert_eq!(
        (gd["turns"].clone(), gd["viewer"]["seat"].clone()),
        (json!(3), json!("r"))
    );
    assert!(
        gd["status"].as_str().unwrap().starts_with("Ход"),
        "{}",
        gd["status"]
    );
    let ga = api.game(&token, &sa).await;
    assert_eq!(
        (ga["viewer"]["move"].clone(), ga["viewer"]["pass"].clone()),
        (json!(true), json!(false))
    );
    let (from, to) = table_turn(&ga);
    let path = format!("api/game/{token}/move");
    let body = |ply: u64| json!({ "from": from, "to": to, "ply": ply });

    // Refusals, each changing nothing.
    let (st, j) = api.post(&path, Some(&sb), body(0)).await;
    assert_eq!(st, 409, "{j}");
    assert_eq!(j["error"], "not_your_turn");
    let msg = j["message"].as_str().unwrap();
    assert!(msg.contains("Alice") && msg.contains("Белые"), "{msg}");
    let (st, j) = api.post(&path, Some(&se), body(0)).await;
    assert_eq!(
        (st, j["error"].clone(), j["message"].clone()),
        (403, json!("not_your_game"), json!("This is not your game."))
    );
    let (st, j) = api.post(&path, Some(&sa), body(5)).await;
    assert_eq!((st, j["error"].clone()), (409, json!("stale")));
    let (st, _) = api
        .post(
            &path,
            Some(&sa),
            json!({ "from": "z99", "to": to, "ply": 0 }),
        )
        .await;
    assert_eq!(st, 400);
    let (st, _) = api
        .post(
            &format!("api/game/{token}/pass"),
            Some(&sa),
            json!({ "ply": 0 }),
        )
        .await;
    assert_eq!(st, 409, "a pass while there are moves");
    let (st, j) = api
        .post(&format!("api/game/{token}/takeback"), Some(&sa), json!({}))
        .await;
    assert_eq!(st, 409, "a two-player action at a table: {j}");
    assert!(j["message"].as_str().is_some_and(|m| !m.is_empty()), "{j}");
    assert_eq!(api.game(&token, &se).await["ply"], 0);

    // Alice's move from the page: the answer shows it, and the chat's board follows.
    let c1 = h.cursor();
    let (st, j) = api.post(&path, Some(&sa), body(0)).await;
    assert_eq!(st, 200, "{j}");
    assert_eq!(
        (j["ply"].clone(), j["turn"].clone()),
        (json!(1), json!("g"))
    );
    assert_eq!(
        j["last"].as_array().and_then(|l| l.first()).cloned(),
        Some(json!(from))
    );
    h.expect(c1, "the chat's board after the page's move", |c| {
        c.is("EditMessageMedia") && c.text().is_some_and(|t| t.contains(&format!("{from}-")))
    })
    .await;

    // Dana leaves from the page: told once; she cannot leave twice.
    let leave = format!("api/game/{token}/leave");
    let (st, j) = api.post(&leave, Some(&sd), json!({})).await;
    assert_eq!(st, 200, "{j}");
    assert_eq!(j["players"]["r"]["left"], true);
    assert_eq!(j["viewer"]["leave"], false);
    let (st, j) = api.post(&leave, Some(&sd), json!({})).await;
    assert_eq!(st, 409, "{j}");
    h.expect(c1, "the leave told", |c| {
        c.is("SendMessage") && c.text().is_some_and(|t| t.contains("has left the game"))
    })
    .await;
    h.settle().await;
    let told = h
        .api
        .calls_since(c1)
        .iter()
        .filter(|c| c.text().is_some_and(|t| t.contains("has left the game")))
        .count();
    assert_eq!(told, 1);
    h.assert_within_limits();
}

/// `api/game/{token}/analysis`: a game in play is refused in words; a finished game's
/// analysis is queued at the first ask (the place said), then read: every move with its
/// class and better move, every position, the balance; a spectator may read it too.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_games_analysis_is_asked_for_and_read_through_the_api() {
    let (h, base) = start_with_webapp().await;
    let (grp, a, b, c) = (group(), alice(), boris(), carol());
    let opened = open_group_game(&h, &grp, &a, &b, "/new classic").await;
    let token = token_in(&board_button(&opened.board).expect("the board's button").1);
    let page = Page::new(&base);
    let sa = page.session(&a).await;
    let path = format!("api/game/{token}/analysis");
    let (status, j) = page.get(&path, &sa).await;
    assert_eq!(status, 409, "{j}");
    assert_eq!(j["error"], "no_analysis");
    assert!(
        j["message"]
            .as_str()
            .is_some_and(|m| m.contains("still being played")),
        "{j}"
    );
    let rec = crate::e2e_analysis::play_to_the_end(&h, &grp, &opened.board, &a, &b).await;
    let n = rec.moves.len();
    // A spectator asks: it is made (the first answer says it runs), then read.
    let sc = page.session(&c).await;
    let (status, first) = page.get(&path, &sc).await;
    assert_eq!(status, 200, "{first}");
    assert_eq!(first["state"], "running", "{first}");
    let mut ready = Value::Null;
    // Asked again as the page does, now and then (a session's calls are budgeted).
    for _ in 0..120 {
        tokio::time::sleep(std::time::Duration::from_millis(1000)).await;
        let (status, j) = page.get(&path, &sc).await;
        assert_eq!(status, 200, "{j}");
        if j["state"] == "ready" {
            ready = j;
            break;
        }
    }
    assert_eq!(ready["state"], "ready", "never made");
    let moves = ready["moves"].as_array().expect("moves");
    assert_eq!(moves.len(), n);
    assert_eq!(ready["positions"].as_array().map(Vec::len), Some(n + 1));
    assert_eq!(ready["balance"].as_array().map(Vec::len), Some(n + 1));
    let stored = h.store.analysis(rec.id).expect("read").expect("kept");
    for (i, m) in moves.iter().enumerate() {
        assert_eq!(m["move"], json!(rec.moves[i].to_string()));
        assert_eq!(m["class"], json!(stored.marks[i].class.id()));
        assert_eq!(m["best"], json!(stored.best[i].to_string()));
        assert_eq!(m["balance"], json!(stored.marks[i].balance));
    }
    assert_eq!(ready["accuracy"]["w"], json!(stored.accuracy[0]));
    // The last position is the game's.
    let last = page.game(&token, &sa).await;
    assert_eq!(ready["positions"][n]["w"], last["pieces"]["w"]);
    assert_eq!(ready["positions"][n]["b"], last["pieces"]["b"]);
    assert_eq!(last["viewer"]["analysis"], json!(true));
    h.assert_within_limits();
}

/// A tournament's pairings carry a link to its page; the page's API shows the standings
/// and the round's boards, each opening its game; a game's token is no tournament's, nor
/// the other way round.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_tournaments_page_shows_its_standings_and_opens_its_games() {
    let (h, base) = start_with_webapp().await;
    let grp = group();
    let (pairings, players) = swiss_of_four(&h, &grp).await;
    let token = tournament_token(&pairings);
    let page = Page::new(&base);
    let s = page.session(&carol()).await;
    let (status, t) = page.get(&format!("api/tournament/{token}"), &s).await;
    assert_eq!(status, 200, "{t}");
    assert_eq!(t["status"], "running");
    assert_eq!(t["round"], 1);
    assert_eq!(t["rounds"], 2);
    assert_eq!(t["rows"].as_array().map(Vec::len), Some(4), "{t}");
    // The round is still being played: the standings are not "after" it.
    assert_eq!(t["subtitle"], "Standings · round 1 of 2 in play", "{t}");
    let boards = t["boards"].as_array().expect("boards").clone();
    assert_eq!(boards.len(), 2);
    // Each board opens its game.
    for b in &boards {
        let game = b["token"].as_str().expect("a game's token");
        let g = page.game(game, &s).await;
        assert_eq!(g["token"], game, "{g}");
        // A game's token names no tournament.
        let (status, _) = page.get(&format!("api/tournament/{game}"), &s).await;
        assert_eq!(status, 404);
    }
    // A tournament's token names no game.
    let (status, _) = page.get(&format!("api/game/{token}"), &s).await;
    assert_eq!(status, 404);
    // The page is live: a game's end reaches it as the board's result.
    let mut stream = page
        .client
        .get(format!("{base}api/tournament/{token}/events?session={s}"))
        .send()
        .await
        .expect("the stream opens");
    assert_eq!(stream.status().as_u16(), 200);
    let mut buf = String::new();
    let first = next_event(&mut stream, &mut buf, "tournament", |_| true).await;
    assert_eq!(first["boards"], t["boards"]);
    let game = boards[0]["token"].as_str().expect("a token");
    let g = page.game(game, &s).await;
    let white_name = g["players"]["w"]["name"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    let white = players
        .iter()
        .find(|p| white_name.contains(p.first_name.as_str()))
        .expect("White is one of the four");
    let sw = page.session(white).await;
    let (status, j) = page
        .post(&format!("api/game/{game}/resign"), Some(&sw), json!({}))
        .await;
    assert_eq!(status, 200, "{j}");
    let heard = next_event(&mut stream, &mut buf, "tournament", |e| {
        !e["boards"][0]["result"].is_null()
    })
    .await;
    assert_eq!(heard["boards"][0]["result"], "0-1", "{heard}");
    assert_eq!(heard["boards"][1]["result"], Value::Null);
    // The pairings' caption links each board to its game's page, board by board.
    let caption = pairings.text().expect("a caption");
    let game_link = format!("https://t.me/{BOT_USERNAME}/{SHORT_NAME}?startapp=");
    let linked: Vec<String> = caption
        .split(&format!("href=\"{game_link}"))
        .skip(1)
        .map(|rest| rest.split('"').next().unwrap_or_default().to_string())
        .collect();
    let expected: Vec<&str> = boards
        .iter()
        .map(|b| b["token"].as_str().expect("a token"))
        .collect();
    assert_eq!(linked, expected, "{caption}");
    h.assert_within_limits();
}

/// An arena of tables on its page: once it runs the entry message opens the page; its
/// board is a table naming its three players and opening its game; a table's end, played
/// on the page (White steps, Green and Black leave, the program plays their seats out),
/// reaches the open stream as the standings by place (2 for each player below) and the
/// next table.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn an_arena_of_tables_shows_its_tables_on_its_page() {
    use ugolki_bot::bot::testing::{Callback, TournamentAct};
    let (h, base) = start_with_webapp().await;
    let grp = group();
    let players = [alice(), boris(), carol()];
    h.api.set_admins(grp.id(), &[players[0].id]);
    let c0 = h.cursor();
    h.api.send_text(
        &grp,
        &players[0],
        "/tournament arena 30 halma3 casual first 30m",
    );
    let entry = h
        .expect(c0, "the entry message", |c| {
            c.is("SendMessage") && !c.buttons().is_empty()
        })
        .await;
    let act = |a: TournamentAct| {
        button(
            &entry,
            "",
            move |cb| matches!(cb, Callback::Tournament { act, .. } if *act == a),
        )
    };
    for p in &players {
        let c = h.cursor();
        let id = h
            .api
            .tap(&grp, p, message_id(&entry), &act(TournamentAct::Join));
        h.expect(c, "joined", |c| {
            c.is("AnswerCallbackQuery") && c.params["callback_query_id"] == id
        })
        .await;
    }
    let c1 = h.cursor();
    h.api.tap(
        &grp,
        &players[0],
        message_id(&entry),
        &act(TournamentAct::Start),
    );
    let edit = h
        .expect_in_group(c1, "the entry with its page's link", |c| {
            c.is("EditMessageText") && board_button(c).is_some()
        })
        .await;
    let token = tournament_token(&edit);
    let page = Page::new(&base);
    let s = page.session(&players[0]).await;
    let (status, t) = page.get(&format!("api/tournament/{token}"), &s).await;
    assert_eq!(status, 200, "{t}");
    let boards = t["boards"].as_array().expect("boards").clone();
    assert_eq!(boards.len(), 1, "{t}");
    let seats = boards[0]["seats"]
        .as_array()
        .expect("a table's seats")
        .clone();
    assert_eq!(seats.len(), 3);
    for p in &players {
        assert!(
            seats.iter().any(|x| x["name"]
                .as_str()
                .unwrap_or_default()
                .contains(&p.first_name)),
            "{} at the table: {seats:?}",
            p.first_name
        );
    }
    let game = boards[0]["token"]
        .as_str()
        .expect("the table's game")
        .to_string();
    let g = page.game(&game, &s).await;
    let name = |seat: &str| {
        g["players"][seat]["name"]
            .as_str()
            .unwrap_or_default()
            .to_string()
    };
    let who = |seat: &str| {
        players
            .iter()
            .find(|p| name(seat).contains(p.first_name.as_str()))
            .unwrap_or_else(|| panic!("{seat} is one of the three: {g}"))
            .clone()
    };
    let (white, green, black) = (who("w"), who("g"), who("b"));
    let mut stream = page
        .client
        .get(format!("{base}api/tournament/{token}/events?session={s}"))
        .send()
        .await
        .expect("the stream opens");
    let mut buf = String::new();
    next_event(&mut stream, &mut buf, "tournament", |_| true).await;
    let sw = page.session(&white).await;
    let (status, j) = page
        .post(
            &format!("api/game/{game}/move"),
            Some(&sw),
            json!({ "from": "b4", "to": "b5", "ply": 0 }),
        )
        .await;
    assert_eq!(status, 200, "{j}");
    for p in [&green, &black] {
        let sp = page.session(p).await;
        let (status, j) = page
            .post(&format!("api/game/{game}/resign"), Some(&sp), json!({}))
            .await;
        assert_eq!(status, 200, "{j}");
    }
    let next = next_event(&mut stream, &mut buf, "tournament", |e| {
        e["boards"][0]["token"].as_str().is_some_and(|t| t != game)
    })
    .await;
    // White first (4), Black second (2), Green, who left first, last (0).
    let rows = next["rows"].as_array().expect("rows").clone();
    let points = |p: &TgUser| -> String {
        rows.iter()
            .find(|r| r[1].as_str().unwrap_or_default().contains(&p.first_name))
            .map(|r| r[2].as_str().unwrap_or_default().to_string())
            .unwrap_or_default()
    };
    assert_eq!(
        [points(&white), points(&black), points(&green)],
        ["4".to_string(), "2".to_string(), "0".to_string()],
        "{next}"
    );
    assert_eq!(
        next["boards"][0]["seats"].as_array().map(Vec::len),
        Some(3),
        "the whole field sits again: {next}"
    );
}
