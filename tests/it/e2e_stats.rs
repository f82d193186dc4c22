//! End to end against the fake Bot API: `/stats` with its chart and
//! head-to-head, `/top` with shared ranks, `/history` with its buttons, `/export`, and a
//! training-room run from the first move to the comparison with the optimum.

use crate::common::classic_game;
use crate::common::harness::*;
use std::collections::{BinaryHeap, HashSet};
use std::sync::Arc;
use ugolki_bot::engine::{Color, Game, Path, Position, Square, Variant, VariantId};
use ugolki_bot::fakeapi::{Call, TgChat, TgUser};
use ugolki_bot::game::{ChatId, GameRecord, GameService, Player, Timestamp, Timing, UserId};

fn service(h: &Harness) -> GameService {
    GameService::new(Arc::clone(&h.store), Timing::default())
}

fn uid(u: &TgUser) -> UserId {
    UserId(u.id as u64)
}

/// A game stored directly (the bot reads the same store).
fn stored_game(s: &GameService, white: Player, black: Player, chat: i64) -> GameRecord {
    s.create_game(classic_game([white, black], ChatId(chat)), Timestamp::now())
        .unwrap()
}

/// `winner` beats `loser` in `chat` (rated): the loser resigns.
fn beats(s: &GameService, winner: &TgUser, loser: &TgUser, chat: i64) -> GameRecord {
    let g = stored_game(
        s,
        Player::Human(uid(winner)),
        Player::Human(uid(loser)),
        chat,
    );
    s.resign(g.id, uid(loser), Timestamp::now()).unwrap()
}

/// Every user sends one message, so the bot knows their names and languages.
async fn introduce(h: &Harness, chat: &TgChat, users: &[&TgUser]) {
    for u in users {
        h.api.send_text(chat, u, "hello");
    }
    h.settle().await;
}

fn dan() -> TgUser {
    TgUser::new(104, "Dan", "en")
}

fn eve() -> TgUser {
    TgUser::new(105, "Eve", "en")
}

/// Decode a PNG's size.
fn png_size(bytes: &[u8]) -> (u32, u32) {
    let r = png::Decoder::new(std::io::Cursor::new(bytes))
        .read_info()
        .unwrap();
    (r.info().width, r.info().height)
}

fn is_to(c: &Call, method: &str, chat: i64) -> bool {
    c.is(method) && c.chat_id() == Some(chat)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stats_show_ratings_a_chart_and_head_to_head() {
    let h = Harness::start().await;
    let g = group();
    let (a, b, c) = (alice(), boris(), carol());
    introduce(&h, &g, &[&a, &b, &c]).await;
    let s = service(&h);
    // Boris beats Alice (1520 / 1480), then Alice beats Boris: +22 for her.
    beats(&s, &b, &a, g.id());
    beats(&s, &a, &b, g.id());

    let c0 = h.cursor();
    h.api.send_text(&g, &a, "/stats");
    let photo = h
        .expect(c0, "stats photo", |c| is_to(c, "SendPhoto", g.id()))
        .await;
    let cap = photo.text().unwrap();
    assert!(cap.contains("📊 <b>Alice</b>"), "{cap}");
    assert!(
        cap.contains("<b>Classic 3×3</b>: 2 games, +1 =0 −1"),
        "{cap}"
    );
    assert!(
        cap.contains("Rating <b>1502?</b> (2 rated) · best 1502 · last +22"),
        "{cap}"
    );
    assert!(cap.contains("Streak: 1 win in a row"), "{cap}");
    assert!(cap.contains("? provisional"), "{cap}");
    assert!(!cap.contains('⚔'), "no head-to-head with oneself: {cap}");
    assert_eq!(png_size(photo.upload().unwrap()), (720, 400));

    // Named by @username: head-to-head from the asker's side.
    let c1 = h.cursor();
    h.api.send_text(&g, &a, "/stats @Boris");
    let photo = h
        .expect(c1, "stats of Boris", |c| is_to(c, "SendPhoto", g.id()))
        .await;
    let cap = photo.text().unwrap();
    assert!(cap.contains("📊 <b>Boris</b>"), "{cap}");
    assert!(cap.contains("Rating <b>1498?</b>"), "{cap}");
    assert!(cap.contains("⚔ Alice vs Boris: +1 =0 −1"), "{cap}");

    // As a reply to Boris's message, asked by Carol, who never played him.
    let m = h.api.send_text(&g, &b, "gg");
    let c2 = h.cursor();
    h.api.reply_text(&g, &c, m, "/stats");
    let photo = h
        .expect(c2, "stats by reply", |c| is_to(c, "SendPhoto", g.id()))
        .await;
    let cap = photo.text().unwrap();
    assert!(cap.contains("📊 <b>Boris</b>"), "{cap}");
    assert!(cap.contains("⚔ Carol vs Boris: +0 =0 −0"), "{cap}");

    // Boris asks in his private chat, in Russian (the group speaks the language of
    // whoever the bot answered first there).
    let c3 = h.cursor();
    h.api.send_text(&TgChat::Private(b.clone()), &b, "/stats");
    let photo = h
        .expect(c3, "Russian stats", |c| is_to(c, "SendPhoto", b.id))
        .await;
    let cap = photo.text().unwrap();
    assert!(
        cap.contains("<b>Классика 3×3</b>: 2 партии, +1 =0 −1"),
        "{cap}"
    );
    assert!(
        cap.contains(
            "Рейтинг <b>1498?</b> (2 рейтинговые) · лучший 1520 · последнее изменение −22"
        ) || cap.contains(
            "Рейтинг <b>1498?</b> (2 рейтинговые) · лучший 1520 · последнее изменение -22"
        ),
        "{cap}"
    );
    assert!(cap.contains("Серия: 1 поражение подряд"), "{cap}");

    // Nobody rated yet: text only. An unknown name: a clear answer.
    let c4 = h.cursor();
    h.api.send_text(&g, &c, "/stats");
    let text = h
        .expect(c4, "plain stats", |c| is_to(c, "SendMessage", g.id()))
        .await;
    assert_eq!(
        text.text().unwrap(),
        "📊 <b>Carol</b>\nNo finished games yet."
    );
    let c5 = h.cursor();
    h.api.send_text(&g, &c, "/stats @nobody_here");
    let text = h
        .expect(c5, "unknown user", |c| is_to(c, "SendMessage", g.id()))
        .await;
    assert!(
        text.text()
            .unwrap()
            .contains("I do not know @nobody_here yet"),
        "{:?}",
        text.text()
    );
    h.settle().await;
    assert!(
        h.api.calls_since(c4).iter().all(|c| !c.is("SendPhoto")),
        "no chart without rated games"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn leaderboards_in_a_group_and_everyone_with_shared_ranks() {
    let h = Harness::start().await;
    let g = group();
    let other = TgChat::Group(-2002, "Elsewhere".into());
    let (a, b, c, d, e) = (alice(), boris(), carol(), dan(), eve());
    introduce(&h, &g, &[&a, &b, &c, &d]).await;
    introduce(&h, &other, &[&e]).await;
    let s = service(&h);
    beats(&s, &a, &b, g.id());
    beats(&s, &c, &d, g.id());
    // Eve plays elsewhere: she beats Alice twice, so she leads everyone's board.
    beats(&s, &e, &a, other.id());
    beats(&s, &e, &a, other.id());

    let c0 = h.cursor();
    h.api.send_text(&g, &d, "/top");
    let top = h
        .expect(c0, "group top", |c| is_to(c, "SendMessage", g.id()))
        .await;
    let text = top.text().unwrap();
    // Alice lost 21 and 19 points to Eve: 1480, level with Boris and Dan. Ties share the
    // place; within one, more rated games first, then by name.
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines,
        vec![
            "🏆 <b>Classic 3×3</b> — this chat",
            "1. Carol — 1520? · 1 game",
            "2. Alice — 1480? · 3 games",
            "2. Boris — 1480? · 1 game",
            "<b>2. Dan — 1480? · 1 game</b>",
            "",
            "<i>? provisional: fewer than 30 rated games</i>",
        ],
        "{text}"
    );

    // Private: everyone, Eve first; Alice's own row in bold.
    let pa = TgChat::Private(a.clone());
    let c1 = h.cursor();
    h.api.send_text(&pa, &a, "/top classic");
    let top = h
        .expect(c1, "global top", |c| is_to(c, "SendMessage", a.id))
        .await;
    let text = top.text().unwrap();
    let lines: Vec<&str> = text.lines().take(6).collect();
    assert_eq!(
        lines,
        vec![
            "🏆 <b>Classic 3×3</b> — everyone",
            "1. Eve — 1540? · 2 games",
            "2. Carol — 1520? · 1 game",
            "<b>3. Alice — 1480? · 3 games</b>",
            "3. Boris — 1480? · 1 game",
            "3. Dan — 1480? · 1 game",
        ],
        "{text}"
    );

    // Unrated and unknown variants.
    let c2 = h.cursor();
    h.api.send_text(&pa, &a, "/top triangle");
    let t = h
        .expect(c2, "unrated", |c| is_to(c, "SendMessage", a.id))
        .await;
    assert!(
        t.text().unwrap().contains("Triangle has no ratings"),
        "{:?}",
        t.text()
    );
    let c3 = h.cursor();
    h.api.send_text(&pa, &a, "/top chess");
    let t = h
        .expect(c3, "unknown", |c| is_to(c, "SendMessage", a.id))
        .await;
    assert!(t.text().unwrap().contains("chess"), "{:?}", t.text());
    // A rated variant nobody has played.
    let c4 = h.cursor();
    h.api.send_text(&pa, &a, "/top diagonal");
    let t = h
        .expect(c4, "empty", |c| is_to(c, "SendMessage", a.id))
        .await;
    assert!(
        t.text().unwrap().contains("No rated games yet"),
        "{:?}",
        t.text()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn history_lists_games_with_record_and_replay_buttons() {
    let h = Harness::start().await;
    let g = group();
    let (a, b, c) = (alice(), boris(), carol());
    let pa = TgChat::Private(a.clone());
    introduce(&h, &g, &[&a, &b, &c]).await;
    let s = service(&h);
    let won = beats(&s, &a, &b, g.id());
    // Against the program in her private chat: she resigns after one move.
    let vs = stored_game(
        &s,
        Player::Human(uid(&a)),
        Player::Program { level: 2 },
        a.id,
    );
    s.play(
        vs.id,
        ugolki_bot::game::Actor::User(uid(&a)),
        ugolki_bot::game::Expect::Any,
        &ugolki_bot::game::MoveInput::Text("c3-d3".into()),
        Timestamp::now(),
    )
    .unwrap();
    let lost = s.resign(vs.id, uid(&a), Timestamp::now()).unwrap();
    // Not listed: one called off before any move, one still being played.
    let off = stored_game(&s, Player::Human(uid(&a)), Player::Human(uid(&c)), g.id());
    s.abort(off.id, uid(&a), Timestamp::now()).unwrap();
    let active = stored_game(&s, Player::Human(uid(&c)), Player::Human(uid(&a)), g.id());

    let c0 = h.cursor();
    h.api.send_text(&pa, &a, "/history");
    let hist = h
        .expect(c0, "history", |c| is_to(c, "SendMessage", a.id))
        .await;
    let text = hist.text().unwrap();
    let lines: Vec<&str> = text.lines().filter(|l| l.contains('#')).collect();
    assert_eq!(lines.len(), 2, "{text}");
    assert!(
        lines[0].starts_with(&format!("❌ <b>#{}</b>", lost.id)),
        "{text}"
    );
    assert!(
        lines[0].contains(&format!(
            " {} · vs 🤖 level 2 · Classic 3×3 · lost (resignation)",
            ugolki_bot::bot::testing::date_of(lost.updated_at.0)
        )),
        "{text}"
    );
    assert!(
        lines[1].starts_with(&format!("✅ <b>#{}</b>", won.id)),
        "{text}"
    );
    assert!(
        lines[1].contains("vs Boris · Classic 3×3 · won (resignation) · 1520 (+20)"),
        "{text}"
    );
    let buttons = hist.buttons();
    assert_eq!(buttons.len(), 4, "{buttons:?}");
    assert_eq!(
        buttons[2],
        (
            format!("📄 #{}", won.id),
            Callback::Export {
                game: won.id,
                gif: false
            }
            .encode()
        )
    );

    // The group game's record and replay, from the private chat: sent here.
    let c1 = h.cursor();
    h.api.tap(&pa, &a, message_id(&hist), &buttons[2].1);
    let doc = h
        .expect(c1, "record", |c| is_to(c, "SendDocument", a.id))
        .await;
    let record = String::from_utf8(doc.upload().unwrap().to_vec()).unwrap();
    assert!(record.contains("[White \"Alice\"]"), "{record}");
    assert!(record.contains("[Black \"Boris\"]"), "{record}");
    assert!(record.contains("[Termination \"resignation\"]"), "{record}");
    assert!(
        record.contains(&format!("[Game \"{}\"]", won.id)),
        "{record}"
    );
    let c2 = h.cursor();
    h.api.tap(&pa, &a, message_id(&hist), &buttons[3].1);
    let gif = h
        .expect(c2, "replay", |c| is_to(c, "SendAnimation", a.id))
        .await;
    assert_eq!(&gif.upload().unwrap()[..3], b"GIF");
    assert!(
        gif.text().unwrap().contains("White wins"),
        "{:?}",
        gif.text()
    );

    // Someone else cannot pull Alice's private game into a group; an active game has no
    // record yet.
    let some_msg = h.api.send_text(&g, &c, "hm");
    h.settle().await;
    let quiet = h.cursor();
    for (who, data, want) in [
        (
            &c,
            Callback::Export {
                game: lost.id,
                gif: false,
            }
            .encode(),
            "This is not your game.",
        ),
        (
            &a,
            Callback::Export {
                game: active.id,
                gif: true,
            }
            .encode(),
            "This game is still being played: its record comes when it ends.",
        ),
    ] {
        let c3 = h.cursor();
        h.api.tap(&g, who, some_msg, &data);
        let ans = h
            .expect(c3, "refusal", |c| c.is("AnswerCallbackQuery"))
            .await;
        assert_eq!(ans.str("text"), Some(want));
    }
    h.settle().await;
    assert!(
        h.api
            .calls_since(quiet)
            .iter()
            .all(|c| !c.is("SendDocument") && !c.is("SendAnimation")),
        "nothing sent for refused taps"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn export_by_reply_and_the_last_finished_game() {
    let h = Harness::start().await;
    let g = group();
    let (a, b, c) = (alice(), boris(), carol());
    introduce(&h, &g, &[&a, &b, &c]).await;

    // Nothing finished yet.
    let c0 = h.cursor();
    h.api.send_text(&g, &a, "/export");
    let none = h
        .expect(c0, "nothing", |c| is_to(c, "SendMessage", g.id()))
        .await;
    assert!(
        none.text()
            .unwrap()
            .starts_with("No finished game to export")
    );

    // A game through the bot: Alice resigns.
    let c1 = h.cursor();
    h.api.send_text(&g, &a, "/new");
    let ch = h
        .expect(c1, "challenge", |c| {
            c.is("SendMessage") && !c.buttons().is_empty()
        })
        .await;
    let accept = button(&ch, "Accept", |cb| {
        matches!(cb, Callback::Challenge { accept: true, .. })
    });
    let c2 = h.cursor();
    h.api.tap(&g, &b, message_id(&ch), &accept);
    let board = h.expect(c2, "board", |c| c.is("SendPhoto")).await;
    let bid = message_id(&board);
    h.board_stored(g.id(), bid).await;

    // An active game's board: not yet.
    let c3 = h.cursor();
    h.api.reply_text(&g, &c, bid, "/export");
    let not_yet = h
        .expect(c3, "not finished", |c| is_to(c, "SendMessage", g.id()))
        .await;
    assert!(not_yet.text().unwrap().contains("still being played"));

    let c4 = h.cursor();
    h.api.send_text(&g, &a, "/resign");
    let conf = h
        .expect(c4, "confirm", |c| {
            c.is("SendMessage") && !c.buttons().is_empty()
        })
        .await;
    let yes = button(&conf, "", |cb| matches!(cb, Callback::Resign { .. }));
    let c5 = h.cursor();
    h.api.tap(&g, &a, message_id(&conf), &yes);
    h.expect(c5, "over", |c| {
        c.is("EditMessageMedia")
            && c.text()
                .is_some_and(|t| t.contains("resigned") || t.contains("сдались"))
    })
    .await;
    h.settle().await;

    // Carol (a bystander) replies to the finished board: record and replay.
    let c6 = h.cursor();
    h.api.reply_text(&g, &c, bid, "/export");
    let doc = h
        .expect(c6, "record", |c| is_to(c, "SendDocument", g.id()))
        .await;
    let record = String::from_utf8(doc.upload().unwrap().to_vec()).unwrap();
    assert!(record.contains("[Termination \"resignation\"]"), "{record}");
    let gif = h
        .expect(c6, "replay", |c| is_to(c, "SendAnimation", g.id()))
        .await;
    assert_eq!(&gif.upload().unwrap()[..3], b"GIF");

    // Boris without a reply: his last finished game here, the same one.
    h.settle().await;
    let c7 = h.cursor();
    h.api.send_text(&g, &b, "/export");
    let doc2 = h
        .expect(c7, "record 2", |c| is_to(c, "SendDocument", g.id()))
        .await;
    assert_eq!(doc2.upload(), doc.upload());
    h.expect(c7, "replay 2", |c| is_to(c, "SendAnimation", g.id()))
        .await;
    // Carol has no game of her own here.
    h.settle().await;
    let c8 = h.cursor();
    h.api.send_text(&g, &c, "/export");
    let none = h
        .expect(c8, "nothing for Carol", |c| is_to(c, "SendMessage", g.id()))
        .await;
    assert!(
        none.text()
            .unwrap()
            .starts_with("No finished game to export")
    );
}

/// Manhattan (orthogonal moves) or Chebyshev (all 8 directions) distance.
fn distance(a: Square, b: Square, diagonal: bool) -> u32 {
    let df = (a.file as i32 - b.file as i32).unsigned_abs();
    let dr = (a.rank as i32 - b.rank as i32).unsigned_abs();
    if diagonal { df.max(dr) } else { df + dr }
}

/// A legal line that finishes a training run, by best-first search on the pieces'
/// distance to the target corner (not optimal, just quick and deterministic).
fn finishing_line(v: &Variant) -> Vec<Path> {
    let target = v.target(Color::White);
    let diagonal = v.rules().directions == ugolki_bot::engine::Directions::All;
    let h = |p: &Position| -> u32 {
        p.pieces(Color::White)
            .iter()
            .map(|s| {
                target
                    .iter()
                    .map(|t| distance(*s, *t, diagonal))
                    .min()
                    .unwrap_or(0)
            })
            .sum()
    };
    let start = v.start();
    let mut nodes: Vec<(Position, Option<(usize, Path)>)> = vec![(start.clone(), None)];
    let mut seen: HashSet<u64> = HashSet::from([start.hash()]);
    let mut open = BinaryHeap::new();
    open.push(std::cmp::Reverse((h(&start), 0usize, 0usize)));
    while let Some(std::cmp::Reverse((_, depth, i))) = open.pop() {
        let pos = nodes[i].0.clone();
        if pos.status().is_some() {
            let mut line = Vec::new();
            let mut k = i;
            while let Some((parent, path)) = nodes[k].1.clone() {
                line.push(path);
                k = parent;
            }
            line.reverse();
            return line;
        }
        for m in pos.legal_moves() {
            let next = pos.play(m).unwrap();
            if seen.insert(next.hash()) {
                let path = pos.path(m).unwrap();
                nodes.push((next.clone(), Some((i, path))));
                open.push(std::cmp::Reverse((h(&next), depth + 1, nodes.len() - 1)));
            }
        }
        assert!(nodes.len() < 2_000_000, "search blew up");
    }
    panic!("no finishing line found");
}

/// What one training run through the bot produced.
struct Run {
    /// Moves played.
    n: usize,
    /// The record document's text.
    record: String,
    /// The animations sent at the end, in order (the run's replay first).
    replays: Vec<Call>,
    /// The last plain message: the report.
    report: String,
}

/// `user` opens the training room with `command` in their private chat and plays `line`
/// by typed moves; every move edits the one board with the new count. Waits for at least
/// `replays` GIFs at the end (the run's, and the best line's when the run was longer).
async fn train(h: &Harness, user: &TgUser, command: &str, line: &[Path], replays: usize) -> Run {
    let chat = TgChat::Private(user.clone());
    let n = line.len();
    let c0 = h.cursor();
    h.api.send_text(&chat, user, command);
    let board = h
        .expect(c0, "training board", |c| is_to(c, "SendPhoto", user.id))
        .await;
    assert!(board.text().unwrap().contains("🎯"), "{:?}", board.text());
    let bid = message_id(&board);
    for (k, p) in line.iter().enumerate() {
        let ck = h.cursor();
        h.api.send_text(&chat, user, &p.to_string());
        let want = if k + 1 < n {
            format!("moves made: {}", k + 1)
        } else {
            format!("Done in {n} moves!")
        };
        let edit = h
            .expect(ck, "board after the move", |c| {
                c.is("EditMessageMedia") && c.text().is_some_and(|t| t.contains(&want))
            })
            .await;
        assert_eq!(edit.int("message_id"), Some(bid));
    }
    // The end (replay, record, report, then the best line when the run was longer) is
    // waited for call by call: a debug build draws the GIFs slower than `settle`'s quiet
    // window, which would then return before the record is sent.
    let to_user = |c: &Call| c.chat_id() == Some(user.id);
    let mut from = c0;
    for k in 0..replays {
        let gif = h
            .expect(from, &format!("replay {}", k + 1), |c| {
                c.is("SendAnimation") && to_user(c)
            })
            .await;
        from = gif.seq + 1;
    }
    let doc = h
        .expect(c0, "record", |c| c.is("SendDocument") && to_user(c))
        .await;
    h.expect(doc.seq + 1, "the training report", |c| {
        c.is("SendMessage") && to_user(c)
    })
    .await;
    h.settle().await;
    let end: Vec<Call> = h
        .api
        .calls_since(c0)
        .into_iter()
        .filter(|c| c.chat_id() == Some(user.id))
        .collect();
    let doc = end.iter().find(|c| c.is("SendDocument")).expect("record");
    let record = String::from_utf8(doc.upload().unwrap().to_vec()).unwrap();
    let report = end
        .iter()
        .rfind(|c| c.is("SendMessage"))
        .expect("the training report")
        .text()
        .unwrap()
        .to_string();
    let replays = end.into_iter().filter(|c| c.is("SendAnimation")).collect();
    Run {
        n,
        record,
        replays,
        report,
    }
}

/// A line that finishes `variant`'s training run but wastes two moves at the start (a
/// step forward and back), so it is always longer than the optimum.
fn roundabout_line(variant: &Variant) -> Vec<Path> {
    let start = variant.start();
    let (a, b) = (Square::parse("c3").unwrap(), Square::parse("d3").unwrap());
    let there = start
        .path(ugolki_bot::engine::Move { from: a, to: b })
        .unwrap();
    let after = start.play(there.as_move()).unwrap();
    let back = after
        .path(ugolki_bot::engine::Move { from: b, to: a })
        .unwrap();
    let mut line = vec![there, back];
    line.extend(finishing_line(variant));
    // The line really finishes (checked with the engine, independent of the bot).
    let mut check = Game::new(variant);
    for p in &line {
        assert!(!check.is_over());
        check.play_squares(p.squares()).unwrap();
    }
    assert!(check.is_over());
    line
}

fn diagonal_training() -> Variant {
    Variant::new(VariantId::Training)
        .with_option("directions", "all")
        .unwrap()
}

/// The flow, whatever the optimum: the board is edited move by move, the run ends with its
/// replay and its record and a report of the count; `/train` is private-only and checks
/// its argument.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_training_room_from_first_move_to_the_report() {
    let h = Harness::start().await;
    let a = alice();
    let variant = Variant::new(VariantId::Training);
    let line = roundabout_line(&variant);
    let run = train(&h, &a, "/train", &line, 1).await;
    let n = run.n;
    assert!(
        run.record.contains("[Variant \"training\"]"),
        "{}",
        run.record
    );
    assert!(
        run.record.contains(&format!("{n}. {}", line[n - 1])),
        "{}",
        run.record
    );
    let replay = &run.replays[0];
    assert!(
        replay
            .text()
            .unwrap()
            .contains(&format!("Done in {n} moves!")),
        "{:?}",
        replay.text()
    );
    assert_eq!(gif_frames(replay.upload().unwrap()), n + 1);
    assert!(
        run.report.starts_with(&format!("Done in {n} moves")),
        "{}",
        run.report
    );

    // Not in a group; an unknown room is named back with the usage.
    let g = group();
    let c0 = h.cursor();
    h.api.send_text(&g, &a, "/train");
    let no = h
        .expect(c0, "private only", |c| is_to(c, "SendMessage", g.id()))
        .await;
    assert!(no.text().unwrap().contains("private"), "{:?}", no.text());
    let pa = TgChat::Private(a.clone());
    let c1 = h.cursor();
    h.api.send_text(&pa, &a, "/train hexagon");
    let bad = h
        .expect(c1, "usage", |c| is_to(c, "SendMessage", a.id))
        .await;
    assert!(
        bad.text().unwrap().contains("/train [classic|diagonal]"),
        "{:?}",
        bad.text()
    );
    h.settle().await;
    assert!(
        h.api.calls_since(c0).iter().all(|c| !c.is("SendPhoto")),
        "no board for refused /train"
    );
}

/// The report against the AI's proven optimum (22 moves orthogonally, 15 with diagonal
/// moves): a longer run is told the optimum and gets the optimal line as a GIF; a run
/// that matches it is congratulated and gets no second GIF. The four runs go at once, each
/// in its own person's private chat (each chat is paced alone, as in production).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_training_report_compares_with_the_proven_optimum() {
    let h = Harness::start().await;
    let people = [alice(), carol(), dan(), eve()];
    let cases = [
        ("/train", Variant::new(VariantId::Training), 22usize),
        ("/train diagonal", diagonal_training(), 15),
    ];
    let mut runs = Vec::new();
    for (k, (command, variant, optimum)) in cases.into_iter().enumerate() {
        // The solver's line has the proven length and really finishes.
        let best = ugolki_bot::ai::training_optimum(&variant).expect("the solver's line");
        assert_eq!(best.len(), optimum, "{command}");
        let mut g = Game::new(&variant);
        for p in &best {
            assert!(!g.is_over());
            g.play_squares(p.squares()).unwrap();
        }
        assert!(g.is_over(), "the solver's line finishes");
        let longer = roundabout_line(&variant);
        let (h, roundabout, perfect) = (&h, &people[2 * k], &people[2 * k + 1]);
        runs.push(Box::pin(async move {
            let run = train(h, roundabout, command, &longer, 2).await;
            let n = run.n;
            assert!(n > optimum);
            assert_eq!(
                run.report,
                format!(
                    "Done in {n} moves. The optimum is {optimum}: {} to spare. Watch the best line below.",
                    n - optimum
                ),
                "{command}"
            );
            assert_eq!(
                run.replays.len(),
                2,
                "{command}: the run and the optimal line"
            );
            let gif = &run.replays[1];
            assert_eq!(
                gif.text().unwrap(),
                format!("An optimal line: {optimum} moves."),
                "{command}"
            );
            assert_eq!(
                gif_frames(gif.upload().unwrap()),
                optimum + 1,
                "{command}: the start and one frame per move"
            );
        }) as std::pin::Pin<Box<dyn std::future::Future<Output = ()> + Send + '_>>);
        runs.push(Box::pin(async move {
            // Playing the optimal line itself.
            let run = train(h, perfect, command, &best, 1).await;
            assert_eq!(
                run.report,
                format!("🏆 Done in {optimum} moves: that is the optimum!"),
                "{command}"
            );
            assert_eq!(run.replays.len(), 1, "{command}: nothing better to show");
        }));
    }
    futures::future::join_all(runs).await;
    h.assert_within_limits();
}

/// Frames in a GIF.
fn gif_frames(bytes: &[u8]) -> usize {
    let mut opts = gif::DecodeOptions::new();
    opts.set_color_output(gif::ColorOutput::Indexed);
    let mut d = opts.read_info(std::io::Cursor::new(bytes)).unwrap();
    let mut n = 0;
    while d.read_next_frame().unwrap().is_some() {
        n += 1;
    }
    n
}
