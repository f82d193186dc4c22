//! End to end against the fake Bot API with the production pacing: a game's analysis asked
//! for in the chat (docs/ANALYSIS.md).

use crate::common::harness::*;
use ugolki_bot::ai::{self, Limits};
use ugolki_bot::engine::{Color, Game, Variant};
use ugolki_bot::fakeapi::{Call, TgChat, TgUser};
use ugolki_bot::game::{GameId, GameRecord, Status, UserId};

/// Play a whole `classic` game in the group by typed replies to its board: White's moves a
/// deeper search's than Black's, so Black errs. Returns the finished record.
pub(crate) async fn play_to_the_end(
    h: &Harness,
    g: &TgChat,
    board: &Call,
    a: &TgUser,
    b: &TgUser,
) -> GameRecord {
    let (white, black) = colours(board, a, b);
    let bid = message_id(board);
    let id = game_in(h, g).id;
    let mut local = Game::new(&Variant::parse("classic").expect("classic"));
    while local.outcome().is_none() {
        let (who, nodes) = match local.position().side_to_move() {
            Color::White => (&white, 6_000),
            Color::Black => (&black, 300),
        };
        let limits = Limits {
            nodes: Some(nodes),
            ..Limits::default()
        };
        let path = ai::best_move(&local, &limits).expect("a move");
        local.play_squares(path.squares()).expect("legal");
        h.api.reply_text(g, who, bid, &path.to_string());
        let want = local.plies();
        let mut stored = false;
        for _ in 0..4_000 {
            let now = h.store.game(id).expect("read").expect("the game");
            if now.moves.len() >= want {
                stored = true;
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(5)).await;
        }
        assert!(stored, "move {want} ({path}) was not played");
    }
    let rec = h.store.game(id).expect("read").expect("the game");
    assert!(
        matches!(rec.status, Status::Over { .. }),
        "{:?}",
        rec.status
    );
    rec
}

fn caption(c: &Call) -> String {
    c.str("caption").unwrap_or_default().to_string()
}

fn png_size(c: &Call) -> (u32, u32) {
    let img = image::load_from_memory(c.upload().expect("an upload")).expect("a PNG");
    (img.width(), img.height())
}

/// A group game played to its end; the Analysis button under the result; one message with
/// each side's accuracy and counts, the worst moves drawn and the balance chart, made once
/// and kept (a second ask is answered from the store); ratings untouched.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_group_game_is_analysed_from_the_button_under_its_result() {
    let h = Harness::start().await;
    let g = group();
    let (a, b, c) = (alice(), boris(), carol());
    let opened = open_group_game(&h, &g, &a, &b, "/new classic").await;
    let c0 = h.cursor();
    let rec = play_to_the_end(&h, &g, &opened.board, &a, &b).await;
    let id = rec.id;
    // The final board carries the Analysis button.
    let last = h
        .expect(c0, "the final board with its analysis button", |call| {
            call.is("EditMessageMedia")
                && has_button(
                    &call.buttons(),
                    |cb| matches!(cb, Callback::Analyze { game } if *game == id),
                )
        })
        .await;
    h.expect(c0, "the record at the end", |call| call.is("SendDocument"))
        .await;
    h.settle().await;
    let ratings = |u: &TgUser| {
        h.store
            .user(UserId(u.id as u64))
            .expect("read")
            .map(|r| format!("{:?}", r.stats))
    };
    let before = (
        ratings(&a),
        ratings(&b),
        h.store.game(id).expect("read").map(|g| g.version),
    );

    // Someone in the group who did not play may ask: it is the group's game.
    let analyse = button(&last, "", |cb| matches!(cb, Callback::Analyze { .. }));
    let c1 = h.cursor();
    h.api.tap(&g, &c, message_id(&last), &analyse);
    let told = h
        .expect(c1, "the tap answered", |call| {
            call.is("AnswerCallbackQuery")
        })
        .await;
    assert!(
        told.str("text").is_some_and(|t| t.contains("Analysing")),
        "{:?}",
        told.params
    );
    let sent = h
        .expect(c1, "the analysis", |call| {
            call.is("SendPhoto") && caption(call).contains("Analysis of game")
        })
        .await;
    let words = caption(&sent);
    eprintln!("{words}");
    assert!(words.contains(&format!("#{id}")), "{words}");
    assert_eq!(words.matches(": accuracy ").count(), 2, "{words}");
    assert!(
        words.contains("Alice") && words.contains("Boris"),
        "{words}"
    );
    let stored = h
        .store
        .analysis(id)
        .expect("read")
        .expect("the analysis is kept with the game");
    assert_eq!(stored.marks.len(), rec.moves.len());
    let errors = stored.marks.iter().filter(|m| m.class.is_error()).count();
    assert!(errors > 0, "the weaker side made no error the analysis saw");
    // The worst moves are listed and drawn under the chart.
    assert!(words.contains("The worst moves"), "{words}");
    assert!(words.contains("better "), "{words}");
    assert_eq!(png_size(&sent), (1080, 400 + 34 + 352 + 9));
    std::fs::create_dir_all("target/analysis-screens").expect("dir");
    std::fs::write(
        "target/analysis-screens/group-analysis.png",
        sent.upload().expect("png"),
    )
    .expect("write");

    // Nothing else changed: ratings and the game as they were.
    let after = (
        ratings(&a),
        ratings(&b),
        h.store.game(id).expect("read").map(|g| g.version),
    );
    assert_eq!(before, after, "an analysis changes nothing but itself");

    // Asked again, the kept analysis is sent, not made anew: mark it and look for the mark.
    let mut marked = stored.clone();
    marked.accuracy = [12.25, 87.75];
    h.store.put_analysis(&marked).expect("write");
    let c2 = h.cursor();
    h.api.tap(&g, &a, message_id(&last), &analyse);
    let again = h
        .expect(c2, "the kept analysis", |call| {
            call.is("SendPhoto") && caption(call).contains("Analysis of game")
        })
        .await;
    assert!(
        caption(&again).contains("12.2%") || caption(&again).contains("12.3%"),
        "{}",
        caption(&again)
    );

    // `/analyze <game>` by number, in the group, in reply to the asker.
    let c3 = h.cursor();
    let asked = h.api.send_text(&g, &b, &format!("/analyze {id}"));
    let by_number = h
        .expect(c3, "the analysis by number", |call| {
            call.is("SendPhoto") && caption(call).contains(&format!("#{id}"))
        })
        .await;
    assert_eq!(
        by_number.params["reply_parameters"]["message_id"].as_i64(),
        Some(asked),
        "{:?}",
        by_number.params
    );

    // Not into a group the game was not played in, even by one of its players.
    let t = hear(&h, &supergroup(), &a, &format!("/analyze {id}")).await;
    assert!(t.contains("someone else's game"), "{t}");

    // `/analyze` in Alice's private chat: her last finished game, in reply.
    let mine = TgChat::Private(a.clone());
    let c4 = h.cursor();
    let asked = h.api.send_text(&mine, &a, "/analyze");
    let private = h
        .expect(c4, "the analysis in private", |call| {
            call.is("SendPhoto") && caption(call).contains(&format!("#{id}"))
        })
        .await;
    assert_eq!(
        private.params["reply_parameters"]["message_id"].as_i64(),
        Some(asked),
        "{:?}",
        private.params
    );
    h.settle().await;
    h.assert_within_limits();
}

/// What the bot answers `who` in words after they send `text` in `chat`.
async fn hear(h: &Harness, chat: &TgChat, who: &TgUser, text: &str) -> String {
    let c0 = h.cursor();
    h.api.send_text(chat, who, text);
    h.expect(c0, "an answer", |call| call.is("SendMessage"))
        .await
        .text()
        .unwrap_or_default()
}

/// Refusals: someone else's game asked for from another chat, a game in play, a game
/// called off, a number that names no game; each answered in words, nothing queued.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn analyses_of_games_in_play_called_off_or_someone_elses_are_refused() {
    let h = Harness::start().await;
    let g = group();
    let (a, b, c) = (alice(), boris(), carol());
    // Nothing finished yet.
    let carols = TgChat::Private(c.clone());
    let t = hear(&h, &carols, &c, "/analyze").await;
    assert!(t.contains("No finished game to analyse"), "{t}");
    let t = hear(&h, &carols, &c, "/analyze twelve").await;
    assert!(t.contains("Name a game by its number"), "{t}");
    let t = hear(&h, &carols, &c, "/analyze 987654321").await;
    assert!(t.contains("someone else's game"), "{t}");

    // A game in play, even one's own.
    let opened = open_group_game(&h, &g, &a, &b, "/new classic").await;
    let id = game_in(&h, &g).id;
    let t = hear(&h, &g, &a, &format!("/analyze {id}")).await;
    assert!(t.contains("still being played"), "{t}");
    // Called off before both sides moved.
    let (white, _) = colours(&opened.board, &a, &b);
    let c0 = h.cursor();
    h.api.send_text(&g, &white, "/abort");
    h.expect(c0, "aborted", |call| call.is("EditMessageMedia"))
        .await;
    let aborted = h.store.game(id).expect("read").expect("the game");
    assert!(matches!(aborted.status, Status::Aborted { .. }));
    let t = hear(&h, &g, &a, &format!("/analyze {id}")).await;
    assert!(t.contains("called off"), "{t}");
    // The group's game asked for in the private chat of someone who did not play in it.
    let t = hear(&h, &carols, &c, &format!("/analyze {id}")).await;
    assert!(t.contains("someone else's game"), "{t}");
    // A forged Analysis button for a game that does not exist.
    let c1 = h.cursor();
    h.api.tap(
        &g,
        &c,
        message_id(&opened.board),
        &Callback::Analyze {
            game: GameId(987_654_321),
        }
        .encode(),
    );
    let alert = h
        .expect(c1, "the forged tap answered", |call| {
            call.is("AnswerCallbackQuery")
        })
        .await;
    assert!(alert.str("text").is_some(), "{:?}", alert.params);
    assert!(h.store.analysis(id).expect("read").is_none());
    h.settle().await;
    h.assert_within_limits();
}
