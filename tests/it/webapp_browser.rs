//! The Mini App in a real browser (headless Chromium) against the real bot: a group game
//! opened from its board's link, a move made by two taps and seen in the chat, the
//! opponent's move in the chat seen on the page at once; and games against the program on
//! 10×10 and 16×16 boards played on the page. Screenshots are saved under
//! target/webapp-screens for a person to look at.

use crate::common::browser::Browser;
use crate::common::harness::*;
use crate::common::webapp::*;
use serde_json::Value;
use ugolki_bot::bot::testing::Callback;
use ugolki_bot::engine::{Color, VariantId};
use ugolki_bot::fakeapi::{TgChat, TgUser};

/// The page's address as Telegram opens it: the launch data in the fragment.
fn launch(base: &str, user: &TgUser, start: Option<&str>, query: &str) -> String {
    let data = init_data_for(user, start, TOKEN, 5);
    let frag: String = url::form_urlencoded::Serializer::new(String::new())
        .append_pair("tgWebAppData", &data)
        .append_pair("tgWebAppVersion", "8.0")
        .finish();
    format!("{base}{query}#{frag}")
}

fn ply_is(n: u64) -> String {
    format!("return document.querySelector('#board')?.dataset.ply === '{n}'")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_group_game_is_played_by_taps_on_the_page_and_stays_live() {
    let (h, base) = start_with_webapp().await;
    let (grp, a, b) = (group(), alice(), boris());
    let opened = open_group_game(&h, &grp, &a, &b, "/new classic").await;
    let (white, black) = colours(&opened.board, &a, &b);
    let link = board_button(&opened.board).expect("the board's button").1;
    let token = token_in(&link);
    let browser = Browser::start().await;
    // The t.me link opens the page with the token as the start parameter.
    browser.open(&launch(&base, &white, Some(&token), "")).await;
    browser
        .wait(
            "the board",
            "return document.querySelectorAll('[data-square]').length === 64",
        )
        .await;
    browser
        .wait(
            "whose turn it is",
            "return document.querySelector('[data-status]').textContent.length > 0 && document.querySelector('#board').dataset.ply === '0'",
        )
        .await;
    let status = browser
        .eval("return document.querySelector('[data-status]').textContent")
        .await;
    let want = if white.lang.as_deref() == Some("ru") {
        "Ход белых"
    } else {
        "White to move"
    };
    assert_eq!(status, want);
    // Nine pieces a side, White's at the bottom (a8 is the top-left square).
    let pieces = browser
        .eval("return [...document.querySelectorAll('[data-piece]')].map(p => p.dataset.piece).join('')")
        .await;
    let pieces = pieces.as_str().unwrap_or_default();
    assert_eq!(pieces.matches('w').count(), 9);
    assert_eq!(pieces.matches('b').count(), 9);
    let first = browser
        .eval("return document.querySelector('[data-square]').dataset.square")
        .await;
    assert_eq!(first, "a8");

    // Tap b3: it is selected and its destinations light up; tap d3: the move is made.
    browser.click("[data-square='b3']").await;
    browser
        .wait(
            "the selection",
            "return !!document.querySelector(\"[data-square='b3'] [data-selected]\") && !!document.querySelector(\"[data-square='d3'][data-target]\")",
        )
        .await;
    let targets = browser
        .eval("return [...document.querySelectorAll('[data-target]')].map(e => e.dataset.square).sort().join(' ')")
        .await;
    assert_eq!(targets, "b4 d3", "a step up and the jump over c3");
    browser.screenshot("classic-selected").await;
    let c = h.cursor();
    browser.click("[data-square='d3']").await;
    browser.wait("the move", &ply_is(1)).await;
    h.expect(c, "the chat's board shows the page's move", |c| {
        c.is("EditMessageMedia") && c.text().is_some_and(|t| t.contains("b3-d3"))
    })
    .await;
    let on_d3 = browser
        .eval("return document.querySelector(\"[data-square='d3'] [data-piece]\")?.dataset.piece")
        .await;
    assert_eq!(on_d3, "w");

    // The opponent moves in the chat: the page shows it without a reload.
    h.api
        .reply_text(&grp, &black, message_id(&opened.board), "f6-e6");
    browser.wait("the chat's move", &ply_is(2)).await;
    let last = browser
        .eval("return document.querySelector('#board svg polyline') !== null")
        .await;
    assert_eq!(last, true, "the last move's path is drawn");
    browser.screenshot("classic-live").await;
    browser.close().await;
    h.settle().await;
    h.assert_within_limits();
}

/// `user` starts `variant` against the program in their private chat as White; the
/// board posted there.
async fn against_the_program(h: &Harness, user: &TgUser, variant: &str, id: VariantId) -> String {
    let chat = TgChat::Private(user.clone());
    let c0 = h.cursor();
    h.api.send_text(&chat, user, &format!("/play {variant} 1"));
    let choice = h
        .expect(c0, "the colour choice", |c| {
            c.is("SendMessage") && c.chat_id() == Some(user.id) && !c.buttons().is_empty()
        })
        .await;
    let pick = button(
        &choice,
        "",
        |cb| matches!(cb, Callback::Play { variant: v, colour: Some(Some(Color::White)), .. } if *v == id),
    );
    let c1 = h.cursor();
    h.api.tap(&chat, user, message_id(&choice), &pick);
    let board = h
        .expect(c1, "the board", |c| {
            c.is("SendPhoto") && c.chat_id() == Some(user.id)
        })
        .await;
    h.board_stored(user.id, message_id(&board)).await;
    let (kind, url) = board_button(&board).expect("the board's button");
    assert_eq!(kind, "web_app");
    url
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_large_boards_are_played_on_the_page_against_the_program() {
    let (h, base) = start_with_webapp().await;
    let browser = Browser::start().await;
    let page = Page::new(&base);
    for (user, variant, id, n) in [
        (boris(), "halma10", VariantId::Halma10, 10),
        (carol(), "halma16", VariantId::Halma16, 16),
    ] {
        let url = against_the_program(&h, &user, variant, id).await;
        let token = token_in(&url);
        let query = &url[base.len()..];
        browser.open(&launch(&base, &user, None, query)).await;
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
        browser.screenshot(&format!("{variant}-selected")).await;
        browser.click(&format!("[data-square='{to}']")).await;
        // The page's move, then the program's answer, live.
        browser.wait("the program's answer", &ply_is(2)).await;
        let moves = browser
            .eval("return document.querySelectorAll('#moves .mv').length")
            .await;
        assert_eq!(moves, Value::from(2));
        browser.screenshot(&format!("{variant}-answered")).await;
    }
    browser.close().await;
    h.settle().await;
    h.assert_within_limits();
}
