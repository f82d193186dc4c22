//! The Mini App in real browsers (headless Chromium, each given a `Telegram.WebApp` as
//! Telegram's client gives it) against the real bot, paced as in production: two players'
//! pages and a spectator's on one group game, twenty plies by taps, a move typed in the
//! chat, a dropped connection, launch data forged; and games against the program on the
//! 10×10 and 16×16 boards. Screenshots go to target/webapp-screens for a person to look at.

use crate::common::browser::Browser;
use crate::common::harness::*;
use crate::common::webapp::*;
use serde_json::{Value, json};
use ugolki_bot::engine::{Color, VariantId};
use ugolki_bot::fakeapi::TgUser;

fn ply_is(n: u64) -> String {
    format!("return document.querySelector('#board')?.dataset.ply === '{n}'")
}

/// A browser showing the page as `user` opens it from a board's link to `token`, with
/// Telegram's `Telegram.WebApp` given to it.
async fn page_of(base: &str, user: &TgUser, token: &str) -> Browser {
    let b = Browser::start().await;
    b.as_telegram(&init_data_for(user, Some(token), TOKEN, 5), Some(token))
        .await;
    b.open(base).await;
    b.wait(
        "the board",
        "return document.querySelectorAll('[data-square]').length > 0",
    )
    .await;
    b
}

/// The move the side to move makes next: the destination that goes furthest towards the
/// far corner (so the game goes forward), as the server lists them.
fn next_move(g: &Value) -> (String, String) {
    let white = g["turn"] == "w";
    let progress = |sq: &str| {
        let file = i32::from(sq.as_bytes()[0] - b'a');
        let rank: i32 = sq[1..].parse().unwrap_or(0) - 1;
        if white { file + rank } else { -(file + rank) }
    };
    let mut best: Option<(i32, String, String)> = None;
    for (from, tos) in g["targets"].as_object().expect("targets") {
        for to in tos.as_object().expect("destinations").keys() {
            let gain = progress(to) - progress(from);
            if best.as_ref().is_none_or(|(b, _, _)| gain > *b) {
                best = Some((gain, from.clone(), to.clone()));
            }
        }
    }
    let (_, from, to) = best.expect("a legal move");
    (from, to)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_players_play_twenty_plies_on_their_pages_while_a_spectator_watches() {
    let (h, base) = start_with_webapp().await;
    let (grp, a, b, c) = (group(), alice(), boris(), carol());
    let opened = open_group_game(&h, &grp, &a, &b, "/new classic").await;
    let (white, black) = colours(&opened.board, &a, &b);
    let link = board_button(&opened.board).expect("the board's button").1;
    let token = token_in(&link);
    let pw = page_of(&base, &white, &token).await;
    // Black's page reaches the bot through a relay that the test cuts later.
    let bot_at = base
        .trim_start_matches("http://")
        .split('/')
        .next()
        .expect("host:port")
        .to_string();
    let relay = Relay::start(&bot_at).await;
    let relayed = base.replace(&bot_at, &format!("127.0.0.1:{}", relay.port));
    let pb = page_of(&relayed, &black, &token).await;
    let ps = page_of(&base, &c, &token).await;
    for p in [&pw, &pb, &ps] {
        p.wait("the start", &ply_is(0)).await;
    }
    // The page told Telegram it is ready, and took the whole height.
    let calls = pw.eval("return Telegram.WebApp.calls.join(' ')").await;
    for call in ["ready", "expand", "disableVerticalSwipes"] {
        assert!(calls.as_str().unwrap_or_default().contains(call), "{calls}");
    }
    let status = pw
        .eval("return document.querySelector('[data-status]').textContent")
        .await;
    let want = if white.lang.as_deref() == Some("ru") {
        "Ход белых"
    } else {
        "White to move"
    };
    assert_eq!(status, want);
    // Nine pieces a side; each player's side at the bottom.
    let pieces = pw
        .eval("return [...document.querySelectorAll('[data-piece]')].map(p => p.dataset.piece).join('')")
        .await;
    let pieces = pieces.as_str().unwrap_or_default();
    assert_eq!(
        (pieces.matches('w').count(), pieces.matches('b').count()),
        (9, 9)
    );
    let top_left = "return document.querySelector('[data-square]').dataset.square";
    assert_eq!(pw.eval(top_left).await, "a8");
    assert_eq!(pb.eval(top_left).await, "h1");
    pw.screenshot("classic-start").await;

    // The spectator cannot pick a piece, and has no buttons.
    ps.click("[data-square='c3']").await;
    let picked = ps
        .eval("return document.querySelectorAll('[data-selected], [data-target]').length")
        .await;
    assert_eq!(picked, Value::from(0));
    assert_eq!(
        ps.eval("return document.querySelectorAll('[data-action]').length")
            .await,
        Value::from(0)
    );

    // Twenty plies by taps, each seen on the other player's page and the spectator's.
    let api = Page::new(&base);
    let sw = api.session(&white).await;
    let mut seen = Vec::new();
    let mut last = String::new();
    for ply in 0..20u64 {
        let g = api.game(&token, &sw).await;
        let (from, to) = next_move(&g);
        let (mover, other) = if ply % 2 == 0 { (&pw, &pb) } else { (&pb, &pw) };
        mover.click(&format!("[data-square='{from}']")).await;
        mover
            .wait(
                "the destinations",
                &format!("return !!document.querySelector(\"[data-square='{to}'][data-target]\")"),
            )
            .await;
        mover.click(&format!("[data-square='{to}']")).await;
        seen.push(
            other
                .wait("the other player's move", &ply_is(ply + 1))
                .await,
        );
        ps.wait("the move, on the spectator's page", &ply_is(ply + 1))
            .await;
        last = g["targets"][&from][&to]
            .as_array()
            .expect("a chain")
            .iter()
            .filter_map(Value::as_str)
            .collect::<Vec<_>>()
            .join("-");
        if ply == 9 {
            pb.screenshot("classic-midgame").await;
        }
    }
    seen.sort();
    println!(
        "a move tapped → the other page: median {:?}, slowest {:?} (taps through WebDriver, read every 10 ms)",
        seen[seen.len() / 2],
        seen[seen.len() - 1]
    );
    // Both players felt the taps.
    let haptics = pw
        .eval("return Telegram.WebApp.calls.filter(c => c.startsWith('haptic')).length")
        .await;
    assert_eq!(haptics, Value::from(10));
    // The chat's board comes to the same position.
    h.expect(0, "the chat's board at the last move", |c| {
        c.is("EditMessageMedia") && c.text().is_some_and(|t| t.contains(&last))
    })
    .await;

    // A move typed in the chat appears on every page.
    let g = api.game(&token, &sw).await;
    let (from, to) = next_move(&g);
    h.api.reply_text(
        &grp,
        &white,
        message_id(&opened.board),
        &format!("{from}-{to}"),
    );
    for p in [&pw, &pb, &ps] {
        p.wait("the chat's move", &ply_is(21)).await;
    }

    // A dropped connection: Black's page loses the bot, misses a move, and catches up
    // once the network is back.
    relay.cut(true);
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    let g = api.game(&token, &api.session(&black).await).await;
    let (from, to) = next_move(&g);
    h.api.reply_text(
        &grp,
        &black,
        message_id(&opened.board),
        &format!("{from}-{to}"),
    );
    pw.wait("the move while Black is offline", &ply_is(22))
        .await;
    tokio::time::sleep(std::time::Duration::from_millis(1500)).await;
    assert_eq!(
        pb.eval(&ply_is(22)).await,
        false,
        "the offline page heard nothing"
    );
    relay.cut(false);
    pb.wait("the page catching up after the drop", &ply_is(22))
        .await;
    let last = pb
        .eval("return document.querySelector('#board svg polyline') !== null")
        .await;
    assert_eq!(last, true, "the last move's path is drawn");

    // A page brought back to the screen fetches the game at once rather than at its next
    // retry: cut long enough for the retries to be 8 s apart (after 1, 2 and 4 s), a move
    // made, the network back, and the page shown again.
    relay.cut(true);
    tokio::time::sleep(std::time::Duration::from_millis(7500)).await;
    let g = api.game(&token, &sw).await;
    let (from, to) = next_move(&g);
    let (status, j) = api
        .post(
            &format!("api/game/{token}/move"),
            Some(&sw),
            json!({ "from": from, "to": to, "ply": 22 }),
        )
        .await;
    assert_eq!(status, 200, "{j}");
    relay.cut(false);
    pb.eval("document.dispatchEvent(new Event('visibilitychange')); return true")
        .await;
    pb.wait_up_to(
        std::time::Duration::from_secs(4),
        "the move, fetched when the page was shown again",
        &ply_is(23),
    )
    .await;

    // Launch data signed for another bot: refused, and no board.
    let forged = Browser::start().await;
    forged
        .as_telegram(
            &init_data_for(&c, Some(&token), "9999:ANOTHER", 5),
            Some(&token),
        )
        .await;
    forged.open(&base).await;
    forged
        .wait(
            "the refusal",
            "return document.querySelector('[data-status]').textContent.includes('Telegram')",
        )
        .await;
    assert_eq!(
        forged
            .eval("return document.querySelectorAll('[data-piece]').length")
            .await,
        Value::from(0)
    );
    for p in [pw, pb, ps, forged] {
        p.close().await;
    }
    h.settle().await;
    h.assert_within_limits();
}

/// `user` starts `variant` against the program in their private chat as White; the
/// address of the board's page button.
async fn against_the_program(h: &Harness, user: &TgUser, variant: VariantId) -> String {
    let board = play_the_program_in(h, user, variant, Color::White).await;
    let (kind, url) = board_button(&board).expect("the board's button");
    assert_eq!(kind, "web_app");
    url
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_large_boards_are_played_on_the_page_against_the_program() {
    let (h, base) = start_with_webapp().await;
    let browser = Browser::start().await;
    let page = Page::new(&base);
    for (user, id, n) in [
        (boris(), VariantId::Halma10, 10),
        (carol(), VariantId::Halma16, 16),
    ] {
        let variant = id.id();
        let url = against_the_program(&h, &user, id).await;
        let token = token_in(&url);
        let query = &url[base.len()..];
        browser
            .as_telegram(&init_data_for(&user, None, TOKEN, 5), None)
            .await;
        browser.open(&format!("{base}{query}")).await;
        let squares = format!(
            "return document.querySelectorAll('[data-square]').length === {}",
            n * n
        );
        browser.wait("the board", &squares).await;
        browser.wait("the start", &ply_is(0)).await;
        // A piece with somewhere to go, as the server lists it.
        let s = page.session(&user).await;
        let g = page.game(&token, &s).await;
        let targets = g["targets"].as_object().expect("targets");
        let (from, tos) = targets
            .iter()
            .max_by_key(|(_, t)| t.as_object().map_or(0, |o| o.len()))
            .expect("a piece that can move");
        let to = tos
            .as_object()
            .and_then(|o| o.keys().next())
            .expect("a destination");
        browser.click(&format!("[data-square='{from}']")).await;
        browser
            .wait(
                "the destinations",
                &format!("return !!document.querySelector(\"[data-square='{to}'][data-target]\")"),
            )
            .await;
        browser.screenshot(&format!("{variant}-start")).await;
        if n == 10 {
            // Telegram's dark theme (its colours), as telegram-web-app.js sets them: the page
            // follows.
            let dark = browser
                .eval(
                    "const r = document.documentElement.style;
                     const dark = { 'bg-color': '#17212b', 'text-color': '#f5f5f5',
                       'hint-color': '#708499', 'button-color': '#5288c1',
                       'button-text-color': '#ffffff', 'secondary-bg-color': '#232e3c' };
                     for (const [k, v] of Object.entries(dark)) r.setProperty('--tg-theme-' + k, v);
                     return getComputedStyle(document.body).backgroundColor",
                )
                .await;
            assert_eq!(dark, "rgb(23, 33, 43)");
            browser.screenshot(&format!("{variant}-dark")).await;
        }
        browser.click(&format!("[data-square='{to}']")).await;
        // The page's move, then the program's answer, live.
        browser.wait("the program's answer", &ply_is(2)).await;
        let moves = browser
            .eval("return document.querySelectorAll('#moves .mv').length")
            .await;
        assert_eq!(moves, Value::from(2));
        // Two more moves each, to a mid-game board.
        for ply in [2u64, 4] {
            let g = page.game(&token, &s).await;
            let (from, to) = next_move(&g);
            browser.click(&format!("[data-square='{from}']")).await;
            browser
                .wait(
                    "the destinations",
                    &format!(
                        "return !!document.querySelector(\"[data-square='{to}'][data-target]\")"
                    ),
                )
                .await;
            browser.click(&format!("[data-square='{to}']")).await;
            browser.wait("the program's answer", &ply_is(ply + 2)).await;
        }
        browser.screenshot(&format!("{variant}-midgame")).await;
    }
    browser.close().await;
    h.settle().await;
    h.assert_within_limits();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_piece_is_dragged_and_a_losing_move_is_confirmed_first() {
    use crate::common::classic_game;
    use std::sync::Arc;
    use ugolki_bot::game::{ChatId, GameService, NewGame, Player, Timestamp, Timing, UserId};
    let (h, base) = start_with_webapp().await;
    let (grp, a, b) = (group(), alice(), boris());
    // Past the exit deadline (move 45), White to move: c4-c3 returns home and loses.
    let svc = GameService::new(Arc::clone(&h.store), Timing::default());
    let players = [
        Player::Human(UserId(a.id as u64)),
        Player::Human(UserId(b.id as u64)),
    ];
    svc.create_game(
        NewGame {
            rated: false,
            start: Some("W:c4,d4,b4,d5,e5,f5,d6,e6,f4 B:a5,a6,a7,a8,b8,c8,b6,c6,h1 w 45".into()),
            ..classic_game(players, ChatId(grp.id()))
        },
        Timestamp::now(),
    )
    .expect("the game");
    let api = Page::new(&base);
    let sa = api.session(&a).await;
    let (status, list) = api.get("api/games", &sa).await;
    assert_eq!(status, 200);
    let token = list[0]["token"]
        .as_str()
        .expect("the game's token")
        .to_string();
    // The server refuses the losing move unless it is confirmed.
    let (status, j) = api
        .post(
            &format!("api/game/{token}/move"),
            Some(&sa),
            json!({ "from": "c4", "to": "c3", "ply": 0 }),
        )
        .await;
    assert_eq!((status, j["error"].as_str()), (409, Some("confirm")), "{j}");

    let page = page_of(&base, &a, &token).await;
    page.wait("the position", &ply_is(0)).await;
    // A drag: e6 to e7, no taps.
    page.drag("[data-square='e6'] [data-piece]", "[data-square='e7']")
        .await;
    page.wait("the dragged move", &ply_is(1)).await;
    assert_eq!(
        page.eval(
            "return document.querySelector(\"[data-square='e7'] [data-piece]\")?.dataset.piece"
        )
        .await,
        "w"
    );
    // Black answers through the API.
    let sb = api.session(&b).await;
    let g = api.game(&token, &sb).await;
    let (from, to) = next_move(&g);
    let (status, j) = api
        .post(
            &format!("api/game/{token}/move"),
            Some(&sb),
            json!({ "from": from, "to": to, "ply": 1 }),
        )
        .await;
    assert_eq!(status, 200, "{j}");
    page.wait("Black's answer", &ply_is(2)).await;
    // The losing move: its square is marked, Telegram's confirmation is asked, then the
    // game is over.
    // The page ignores a click within 0.4 s of a drop (the click that ends a drag).
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    page.click("[data-square='c4']").await;
    page.wait(
        "the losing destination",
        "return document.querySelector(\"[data-square='c3']\").classList.contains('lose')",
    )
    .await;
    page.click("[data-square='c3']").await;
    page.wait(
        "the result",
        "return document.querySelector('#board').dataset.ply === '3' && document.querySelectorAll('[data-action=rematch]').length === 1",
    )
    .await;
    let calls = page.eval("return Telegram.WebApp.calls.join(' ')").await;
    assert!(
        calls.as_str().unwrap_or_default().contains("confirm"),
        "{calls}"
    );
    let g = api.game(&token, &sa).await;
    assert_eq!(g["result"]["winner"], "b");
    page.screenshot("classic-lost-by-return-home").await;
    page.close().await;
    h.settle().await;
    h.assert_within_limits();
}

/// Whether the page shows `seat`'s pieces in the bottom-left corner of the board.
fn own_camp_at_the_bottom_left(seat: &str) -> String {
    format!(
        "const b = document.querySelector('.squares').getBoundingClientRect();
         const ps = [...document.querySelectorAll('.piece.{seat}')].map(p => p.getBoundingClientRect());
         if (ps.length !== 13) return false;
         const x = ps.reduce((a, r) => a + r.left + r.width / 2, 0) / ps.length;
         const y = ps.reduce((a, r) => a + r.top + r.height / 2, 0) / ps.length;
         return x < b.left + b.width * 0.3 && y > b.top + b.height * 0.7;"
    )
}

/// Four people play one table of four on their own pages: each sees its camp at the
/// bottom, two rounds are tapped in turn and each reaches the three other pages, a move
/// typed in the chat reaches them all, a page of a seat not to move picks nothing, and a
/// player leaves from the page (the program plays the seat on).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn four_pages_play_one_table_of_four() {
    let (h, base) = start_with_webapp().await;
    let (grp, a, b, c, d) = (group(), alice(), boris(), carol(), dana());
    let board = start_table(&h, &grp, &a, &[&b, &c, &d]).await;
    let token = token_in(&board_button(&board).expect("the board's button").1);
    let people = [&a, &b, &c, &d];
    let seats = ["w", "g", "b", "r"];
    let mut pages = Vec::new();
    for u in people {
        pages.push(page_of(&base, u, &token).await);
    }
    for (p, s) in pages.iter().zip(seats) {
        p.wait("the start", &ply_is(0)).await;
        p.wait(
            &format!("{s}'s camp at the bottom left of {s}'s page"),
            &own_camp_at_the_bottom_left(s),
        )
        .await;
        let rows = p
            .eval("return [...document.querySelectorAll('#seats [data-seat]')].map(r => r.dataset.seat).join('')")
            .await;
        assert_eq!(rows, "wgbr");
    }
    let status = "return document.querySelector('[data-status]').textContent";
    let s0 = pages[0].eval(status).await;
    assert!(
        s0.as_str()
            .unwrap_or_default()
            .contains("White to move: Alice"),
        "{s0}"
    );
    let s3 = pages[3].eval(status).await;
    assert!(s3.as_str().unwrap_or_default().starts_with("Ход"), "{s3}");
    pages[0].screenshot("halma4-start").await;

    // Boris's page, not to move, picks nothing.
    let api = Page::new(&base);
    let sessions = [
        api.session(&a).await,
        api.session(&b).await,
        api.session(&c).await,
        api.session(&d).await,
    ];
    let gb = api.game(&token, &sessions[1]).await;
    let green = gb["pieces"]["g"][0]
        .as_str()
        .expect("a green piece")
        .to_string();
    pages[1].click(&format!("[data-square='{green}']")).await;
    let picked = pages[1]
        .eval("return document.querySelectorAll('[data-selected], [data-target]').length")
        .await;
    assert_eq!(picked, Value::from(0));

    // Two rounds by taps, each seen on every other page.
    for ply in 0..8u64 {
        let i = (ply % 4) as usize;
        let g = api.game(&token, &sessions[i]).await;
        assert_eq!(g["turn"], seats[i]);
        let (from, to) = crate::webapp::table_turn(&g);
        let mover = &pages[i];
        mover.click(&format!("[data-square='{from}']")).await;
        mover
            .wait(
                "the destinations",
                &format!("return !!document.querySelector(\"[data-square='{to}'][data-target]\")"),
            )
            .await;
        mover.click(&format!("[data-square='{to}']")).await;
        for p in &pages {
            p.wait("the turn on every page", &ply_is(ply + 1)).await;
        }
    }
    // A move typed in the chat reaches every page.
    let g = api.game(&token, &sessions[0]).await;
    let (from, to) = crate::webapp::table_turn(&g);
    h.api
        .reply_text(&grp, &a, message_id(&board), &format!("{from}-{to}"));
    for p in &pages {
        p.wait("the chat's move on every page", &ply_is(9)).await;
    }
    pages[1].screenshot("halma4-green").await;

    // Carol (Black) leaves from her page; Boris moves; the program plays Black.
    let c1 = h.cursor();
    pages[2].click("[data-action='leave']").await;
    pages[2]
        .wait(
            "Carol's page says she left",
            "return !document.querySelector(\"[data-action='leave']\") && document.querySelector(\"#seats [data-seat='b']\").textContent.includes('left')",
        )
        .await;
    h.expect(c1, "the leave told", |c| {
        c.is("SendMessage") && c.text().is_some_and(|t| t.contains("has left the game"))
    })
    .await;
    let g = api.game(&token, &sessions[1]).await;
    let (from, to) = crate::webapp::table_turn(&g);
    pages[1].click(&format!("[data-square='{from}']")).await;
    pages[1]
        .wait(
            "the destinations",
            &format!("return !!document.querySelector(\"[data-square='{to}'][data-target]\")"),
        )
        .await;
    pages[1].click(&format!("[data-square='{to}']")).await;
    for p in &pages {
        p.wait("Green's move and the program's for Black", &ply_is(11))
            .await;
    }
    let turn = pages[3]
        .eval("return document.querySelector('#seats .player.turn').dataset.seat")
        .await;
    assert_eq!(turn, "r", "Dana's turn after the program's");
    pages[3].screenshot("halma4-red").await;
    for p in pages {
        p.close().await;
    }
    h.settle().await;
    h.assert_within_limits();
}

/// A finished game's analysis on the page: the Analysis button, the analysis made while
/// the page waits, the moves with their classes, stepping by keys, by a tap on a move and
/// by swipes, the better move drawn on the board, the balance chart; and the page's
/// analysis is the one the chat sends (one analysis, kept).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_analysis_page_steps_through_a_finished_game() {
    let (h, base) = start_with_webapp().await;
    let (grp, a, b) = (group(), alice(), boris());
    let opened = open_group_game(&h, &grp, &a, &b, "/new classic").await;
    let link = board_button(&opened.board).expect("the board's button").1;
    let token = token_in(&link);
    let rec = crate::e2e_analysis::play_to_the_end(&h, &grp, &opened.board, &a, &b).await;
    let n = rec.moves.len();
    h.settle().await;
    let p = page_of(&base, &a, &token).await;
    p.wait(
        "the result and the Analysis button",
        "return !!document.querySelector('#actions [data-action=analysis]')",
    )
    .await;
    p.click("#actions [data-action=analysis]").await;
    // Made while the page waits (a few seconds on one core).
    p.wait_up_to(
        std::time::Duration::from_secs(60),
        "the analysis",
        "return document.querySelector('#review')?.dataset.state === 'ready'",
    )
    .await;
    p.wait("the last position", &ply_is(n as u64)).await;
    let stored = h.store.analysis(rec.id).expect("read").expect("kept");
    // Every move listed with its class, as the stored analysis has it.
    let classes = p
        .eval("return [...document.querySelectorAll('#moves .mv')].map(e => e.dataset.class)")
        .await;
    let want: Vec<&str> = stored.marks.iter().map(|m| m.class.id()).collect();
    assert_eq!(classes, json!(want));
    // The accuracy as stored.
    let acc = p
        .eval("return document.querySelector('#review .acc').textContent")
        .await;
    let acc = acc.as_str().unwrap_or_default().to_string();
    assert!(acc.contains(&format!("{}%", stored.accuracy[0])), "{acc}");
    // Keys step back and forth.
    p.eval("document.dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowLeft'})); return 1")
        .await;
    p.wait("a move back", &ply_is(n as u64 - 1)).await;
    p.eval("document.dispatchEvent(new KeyboardEvent('keydown', {key: 'Home'})); return 1")
        .await;
    p.wait("the start", &ply_is(0)).await;
    // A tap on the worst move shows it, with the better move drawn.
    // (Not the last move: the page swipes forward from it.)
    let worst = stored
        .marks
        .iter()
        .enumerate()
        .filter(|(i, m)| m.class.is_error() && *i + 1 < n)
        .max_by_key(|(i, m)| (m.class, m.loss, std::cmp::Reverse(*i)))
        .map(|(i, _)| i)
        .expect("an error to look at");
    p.click(&format!("#moves .mv[data-ply='{}']", worst + 1))
        .await;
    p.wait("the worst move", &ply_is(worst as u64 + 1)).await;
    let better = p
        .eval("return document.querySelector('#board svg [data-better]')?.getAttribute('data-better')")
        .await;
    let best: Vec<String> = stored.best[worst]
        .squares()
        .iter()
        .map(|s| s.to_string())
        .collect();
    assert_eq!(better, json!(best.join("-")));
    let verdict = p
        .eval("return document.querySelector('#review .verdict').textContent")
        .await;
    assert!(
        verdict
            .as_str()
            .is_some_and(|v| v.contains(&stored.best[worst].to_string())),
        "{verdict}"
    );
    p.screenshot("analysis-worst").await;
    // A swipe to the left: the next move; to the right: back.
    let swipe = |dx: i32| {
        format!(
            "const b = document.querySelector('#board'); const r = b.getBoundingClientRect();
             const x = r.left + r.width / 2, y = r.top + r.height / 2;
             const o = (cx) => ({{clientX: cx, clientY: y, pointerId: 7, bubbles: true, isPrimary: true}});
             b.dispatchEvent(new PointerEvent('pointerdown', o(x)));
             b.dispatchEvent(new PointerEvent('pointerup', o(x + ({dx}))));
             return 1"
        )
    };
    p.eval(&swipe(-120)).await;
    p.wait("a swipe forward", &ply_is(worst as u64 + 2)).await;
    p.eval(&swipe(120)).await;
    p.wait("a swipe back", &ply_is(worst as u64 + 1)).await;
    // The chart: the balance after every move, the move shown marked.
    let points = p
        .eval("return document.querySelector('#review .chart .line').getAttribute('points').split(' ').length")
        .await;
    assert_eq!(points, json!(n + 1));
    // Back to the game: the final position again.
    p.click("#actions [data-action=analysis-back]").await;
    p.wait("the game", &ply_is(n as u64)).await;
    p.close().await;
    // The chat's Analysis button sends the same analysis, not a second one.
    assert_eq!(h.store.analysis(rec.id).expect("read"), Some(stored));
    h.assert_within_limits();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tournaments_page_follows_its_round_live() {
    let (h, base) = start_with_webapp().await;
    let grp = group();
    let (pairings, players) = swiss_of_four(&h, &grp).await;
    let token = tournament_token(&pairings);
    // A spectator opens the page from the pairings' link.
    let watcher = Browser::start().await;
    let start = format!("t{token}");
    watcher
        .as_telegram(
            &init_data_for(&carol(), Some(&start), TOKEN, 5),
            Some(&start),
        )
        .await;
    watcher.open(&base).await;
    watcher
        .wait(
            "the standings and the round's two boards",
            "return document.querySelectorAll('table.standings tr').length === 5
                && document.querySelectorAll('#list .item').length === 2",
        )
        .await;
    watcher.screenshot("tournament-round-1").await;
    // White of the first board resigns on their own page: the watcher's page shows the
    // result without being reloaded.
    let page = Page::new(&base);
    let s = page.session(&carol()).await;
    let (_, t) = page.get(&format!("api/tournament/{token}"), &s).await;
    let game = t["boards"][0]["token"]
        .as_str()
        .expect("a game")
        .to_string();
    let g = page.game(&game, &s).await;
    let white_name = g["players"]["w"]["name"].as_str().unwrap_or_default();
    let white = players
        .iter()
        .find(|p| white_name.contains(p.first_name.as_str()))
        .expect("White is one of the four");
    let sw = page.session(white).await;
    let (status, j) = page
        .post(&format!("api/game/{game}/resign"), Some(&sw), json!({}))
        .await;
    assert_eq!(status, 200, "{j}");
    watcher
        .wait(
            "the result on the page",
            "return [...document.querySelectorAll('#list .item .badge')].some(b => b.textContent === '0-1')",
        )
        .await;
    watcher.screenshot("tournament-live-result").await;
    // The first board opens its game.
    watcher.click("#list a.item").await;
    watcher
        .wait(
            "the game",
            "return document.querySelectorAll('[data-square]').length > 0",
        )
        .await;
    watcher.close().await;
    h.assert_within_limits();
}
