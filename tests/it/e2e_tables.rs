//! End to end against the fake Bot API, with production pacing: Halma for three and four
//! (RULES.md §14) from a group's lobby to the end, a private game against three program
//! seats, and the lobby's abuse cases.

use crate::common::harness::*;
use std::time::Duration;
use ugolki_bot::ai::Level;
use ugolki_bot::ai::multi::{MultiLimits, choose_multi};
use ugolki_bot::bot::testing::{Pick, TableAct};
use ugolki_bot::engine::multi::{MultiGame, MultiPos, MultiVariant, Seat, Turn};
use ugolki_bot::fakeapi::{Call, TgChat, TgUser};
use ugolki_bot::game::{
    AnyRecord, ChatId, Millis, Player, TableRecord, TableStatus, UserId, WriteSet,
};

fn erin() -> TgUser {
    TgUser::new(105, "Erin", "en")
}

/// The chat's active table.
fn table_in(h: &Harness, chat: &TgChat) -> Option<TableRecord> {
    let ids = h.store.chat_tables(ChatId(chat.id())).expect("the index");
    ids.last()
        .and_then(|id| h.store.table(*id).expect("a read"))
}

/// A table by id.
fn table(h: &Harness, id: ugolki_bot::game::TableId) -> TableRecord {
    h.store.table(id).expect("a read").expect("the table")
}

/// Wait until the table satisfies `pred`.
async fn wait_table(
    h: &Harness,
    id: ugolki_bot::game::TableId,
    what: &str,
    pred: impl Fn(&TableRecord) -> bool,
) -> TableRecord {
    let deadline = tokio::time::Instant::now() + WAIT * 6;
    loop {
        let t = table(h, id);
        if pred(&t) {
            return t;
        }
        assert!(tokio::time::Instant::now() < deadline, "{what}: {t:?}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

fn tap_table(c: &Call, act: TableAct) -> String {
    button(
        c,
        "",
        move |cb| matches!(cb, Callback::Table { act: a, .. } if *a == act),
    )
}

/// The answer to the tap `query` made at `from`.
async fn answer(h: &Harness, from: u64, query: &str) -> String {
    h.expect(from, "the tap's answer", |c| {
        c.is("AnswerCallbackQuery") && c.str("callback_query_id") == Some(query)
    })
    .await
    .str("text")
    .unwrap_or("")
    .to_string()
}

/// A position `rounds` rounds or so before the end of a game played by level-1 seats,
/// with White to move and still racing: where the tests pick a game up, so that a whole
/// game's end fits in a test under the real pacing.
fn near_the_end(variant: MultiVariant, rounds: usize) -> MultiPos {
    let mut pos = MultiPos::start(variant);
    let mut seen = vec![pos];
    let limits = MultiLimits::level(Level::new(2).unwrap()).reproducible();
    let mut seed = 7;
    while !pos.is_over() {
        let turn = choose_multi(&pos, &limits, seed).map_or(Turn::Pass, |r| r.turn);
        seed += 1;
        pos = pos.play(turn);
        seen.push(pos);
    }
    let back = seen.len().saturating_sub(rounds * variant.seats().len());
    seen[..back]
        .iter()
        .rev()
        .find(|p| p.to_move() == Seat::White && p.finished().is_empty())
        .copied()
        .expect("a position with White to move")
}

/// Put the table's game at `pos` (the test hook: the store is the bot's own).
fn load_position(h: &Harness, t: &TableRecord, pos: MultiPos) {
    let mut next = t.clone();
    next.record = MultiGame::from_position(pos).write_record(&[]);
    next.version = t.version.next();
    let mut ws = WriteSet::new();
    ws.put(Some(t.version), AnyRecord::Table(next));
    h.store.commit(ws).expect("the position loaded");
}

/// The turn a seat's person would play: the program's choice at level 3.
fn good_turn(t: &TableRecord) -> (Seat, String) {
    let game = t.replay().expect("the table replays");
    let pos = *game.position();
    let limits = MultiLimits::level(Level::new(3).unwrap()).reproducible();
    let turn = choose_multi(&pos, &limits, 1).map_or(Turn::Pass, |r| r.turn);
    (pos.to_move(), pos.turn_text(turn))
}

/// Wait for the end's message, replay and record (paced behind the board's last edits),
/// then for anything else in flight.
async fn end_announced(h: &Harness, from: u64) {
    h.expect(from, "the end", |m| {
        m.is("SendMessage") && m.text().is_some_and(|t| t.contains("the game is over"))
    })
    .await;
    h.expect(from, "the replay", |m| m.is("SendAnimation"))
        .await;
    h.expect(from, "the record", |m| m.is("SendDocument")).await;
    h.settle().await;
}

fn user_of(t: &TableRecord, s: Seat) -> Option<UserId> {
    match t.player(s) {
        Player::Human(u) => Some(u),
        _ => None,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_four_seat_group_game_from_the_lobby_to_the_end() {
    let h = Harness::start().await;
    let g = group();
    let (a, b, c, e) = (alice(), boris(), carol(), erin());
    // Carol hears of her turns privately.
    tap_setting(&h, &c, SettingKey::Notify, "on").await;

    // The lobby.
    let c0 = h.cursor();
    h.api.send_text(&g, &a, "/new halma4 30s");
    let lobby = h
        .expect(c0, "the lobby", |c| {
            c.is("SendMessage") && c.text().is_some_and(|t| t.contains("Halma for four"))
        })
        .await;
    let lid = message_id(&lobby);
    let text = lobby.text().unwrap();
    assert!(
        text.contains("White") && text.contains("free seat"),
        "{text}"
    );
    assert!(text.contains("30 s a move"), "{text}");
    let (join, start, program) = (
        tap_table(&lobby, TableAct::Join),
        tap_table(&lobby, TableAct::Start),
        tap_table(&lobby, TableAct::Program(2)),
    );

    // Start before the seats are full; the host joining twice.
    let c1 = h.cursor();
    let q = h.api.tap(&g, &a, lid, &start);
    assert_eq!(answer(&h, c1, &q).await, "Not every seat is taken yet.");
    let c2 = h.cursor();
    let q = h.api.tap(&g, &a, lid, &join);
    assert_eq!(answer(&h, c2, &q).await, "You already have a seat.");

    // Boris and Carol join; Carol twice.
    let c3 = h.cursor();
    let q = h.api.tap(&g, &b, lid, &join);
    assert!(answer(&h, c3, &q).await.contains("Green"));
    let c4 = h.cursor();
    let q = h.api.tap(&g, &c, lid, &join);
    assert!(answer(&h, c4, &q).await.contains("Black"));
    let c5 = h.cursor();
    let q = h.api.tap(&g, &c, lid, &join);
    assert_eq!(answer(&h, c5, &q).await, "You already have a seat.");
    // Only the host seats the program.
    let c6 = h.cursor();
    let q = h.api.tap(&g, &b, lid, &program);
    assert_eq!(answer(&h, c6, &q).await, "Only the host may do that.");
    h.api.tap(&g, &a, lid, &program);
    let t = wait_table(
        &h,
        table_in(&h, &g).unwrap().id,
        "the program seated",
        |t| t.full(),
    )
    .await;
    assert_eq!(t.player(Seat::Red), Player::Program { level: 2 });
    // A fifth joiner.
    let c7 = h.cursor();
    let q = h.api.tap(&g, &e, lid, &join);
    assert_eq!(answer(&h, c7, &q).await, "Every seat is taken.");
    // Only the host starts.
    let c8 = h.cursor();
    let q = h.api.tap(&g, &b, lid, &start);
    assert_eq!(answer(&h, c8, &q).await, "Only the host may do that.");
    let c9 = h.cursor();
    h.api.tap(&g, &a, lid, &start);
    let board = h
        .expect(c9, "the board", |c| {
            c.is("SendPhoto") && c.chat_id() == Some(g.id())
        })
        .await;
    let cap = board.text().unwrap();
    assert!(cap.contains("round 1") && cap.contains("⚪"), "{cap}");
    assert!(cap.contains("to move"), "{cap}");
    let id = t.id;
    let t = wait_table(&h, id, "the board stored", |t| {
        t.status == TableStatus::Playing
            && t.message == Some(ugolki_bot::game::MessageId(message_id(&board) as i32))
    })
    .await;

    // A tap on the piece picker by someone not to move names whose move it is.
    let piece = button(&board, "", |cb| {
        matches!(
            cb,
            Callback::TablePick {
                pick: Pick::Piece(_),
                ..
            }
        )
    });
    let c9b = h.cursor();
    let q = h.api.tap(&g, &c, message_id(&board), &piece);
    let alert = answer(&h, c9b, &q).await;
    assert!(
        alert.contains("Alice") && alert.contains("White"),
        "{alert}"
    );
    // A move out of turn names whose move it is; a move of another seat's piece is refused.
    let c10 = h.cursor();
    h.api.send_text(&g, &c, "n14-m13");
    let out_of_turn = h
        .expect(c10, "not your move", |m| {
            m.is("SendMessage") && m.text().is_some_and(|t| t.contains("move ("))
        })
        .await;
    assert!(
        out_of_turn.text().unwrap().contains("Alice"),
        "{:?}",
        out_of_turn.text()
    );
    let c11 = h.cursor();
    h.api.send_text(&g, &a, "a16-b15");
    h.expect(c11, "another seat's piece", |m| {
        m.is("SendMessage") && m.chat_id() == Some(g.id()) && m.text().is_some()
    })
    .await;
    assert_eq!(table(&h, id).version, t.version, "refusals change nothing");

    // Pick the game up near its end.
    load_position(&h, &t, near_the_end(MultiVariant::Halma4, 8));
    // Boris (Green) misses two limits in a row: the program moves for him once, then he
    // leaves and the program plays his seat to the end.
    let people = [
        (a.id as u64, a.clone()),
        (b.id as u64, b.clone()),
        (c.id as u64, c.clone()),
    ];
    let mut misses = 0;
    let mut noticed = false;
    let mut guard = 0;
    loop {
        guard += 1;
        assert!(guard < 400, "the game never ended");
        let t = table(&h, id);
        if t.status == TableStatus::Over {
            break;
        }
        let game = t.replay().unwrap();
        let seat = game.position().to_move();
        let deadline = t.deadline.expect("a deadline in play");
        let human = user_of(&t, seat).filter(|_| !game.position().left().has(seat));
        match human {
            Some(u) if u.0 == b.id as u64 && misses < 2 => {
                // Let the limit pass.
                let v = t.version;
                h.advance_clock(Millis::secs(31));
                wait_table(&h, id, "the missed limit handled", |x| x.version > v).await;
                misses += 1;
            }
            Some(u) => {
                let who = &people.iter().find(|(id, _)| *id == u.0).unwrap().1;
                if u.0 == c.id as u64 && !noticed {
                    // Her turn is told in her private chat (she has not looked since).
                    let since = h.cursor().saturating_sub(40);
                    let note = h
                        .expect(since, "Carol's turn notice", |m| {
                            is_turn_notice(m)
                                && m.chat_id() == Some(c.id)
                                && m.text().is_some_and(|t| t.contains("Halma for four"))
                        })
                        .await;
                    assert!(note.text().unwrap().contains("Black"), "{:?}", note.text());
                    noticed = true;
                }
                let (_, text) = good_turn(&t);
                let v = t.version;
                h.api.send_text(&g, who, &text);
                wait_table(&h, id, "the typed turn played", |x| x.version > v).await;
            }
            None => {
                assert_eq!(deadline.kind, ugolki_bot::game::DeadlineKind::ProgramMove);
                let v = t.version;
                wait_table(&h, id, "the program moved", |x| x.version > v).await;
            }
        }
    }
    end_announced(&h, c9).await;
    let calls = h.api.calls_since(c9);
    let said = |needle: &str| {
        calls
            .iter()
            .filter(|m| m.is("SendMessage") && m.text().is_some_and(|t| t.contains(needle)))
            .count()
    };
    assert_eq!(said("missed the move limit: the program moved"), 1);
    assert_eq!(said("has left the game"), 1, "the leave is told once");
    assert_eq!(said("the game is over"), 1, "the end is announced once");
    let end = calls
        .iter()
        .find(|m| m.is("SendMessage") && m.text().is_some_and(|t| t.contains("the game is over")))
        .unwrap();
    let text = end.text().unwrap();
    assert!(text.contains("1. "), "{text}");
    assert!(text.contains("Ratings"), "{text}");
    assert!(
        calls.iter().any(|m| m.is("SendAnimation")),
        "the replay GIF"
    );
    let record = calls
        .iter()
        .find(|m| m.is("SendDocument"))
        .expect("the record");
    assert_eq!(record.chat_id(), Some(g.id()));
    // The board shows the end: places, no buttons to leave.
    let t = table(&h, id);
    assert_eq!(t.status, TableStatus::Over);
    assert!(t.record.contains("[Left \"g timeout"), "{}", t.record);
    assert!(t.record.contains("[Places"), "{}", t.record);
    // Ratings changed once, for the three people.
    assert_eq!(t.ratings.len(), 3);
    for p in [&a, &b, &c] {
        let u = h.store.user(UserId(p.id as u64)).unwrap().unwrap();
        let s = u
            .multi
            .iter()
            .find(|s| s.variant == MultiVariant::Halma4)
            .unwrap();
        assert_eq!(s.games(), 1, "{}", p.first_name);
        assert_eq!(s.rated_games, 1, "{}", p.first_name);
    }
    let sum: i32 = t.ratings.iter().map(|(_, c)| c.delta()).sum();
    assert!(sum.abs() <= 3, "pairs are zero-sum up to rounding: {sum}");
    // The finished table is out of the chat's index; a move now goes nowhere.
    assert!(table_in(&h, &g).is_none());
    // /stats shows the variant.
    let c12 = h.cursor();
    h.api.send_text(&g, &a, "/stats");
    let stats = h
        .expect(c12, "stats", |m| {
            m.is("SendMessage") && m.text().is_some_and(|t| t.contains("Halma for four"))
        })
        .await;
    assert!(
        stats.text().unwrap().contains("1 games"),
        "{:?}",
        stats.text()
    );
    // /top halma4 ranks the group's three people by their new ratings.
    let c12b = h.cursor();
    h.api.send_text(&g, &b, "/top halma4");
    let top = h
        .expect(c12b, "top", |m| {
            m.is("SendMessage") && m.text().is_some_and(|t| t.contains("🏆"))
        })
        .await;
    let top = top.text().unwrap();
    assert!(top.contains("Halma for four"), "{top}");
    for p in ["Alice", "Boris", "Carol"] {
        assert!(top.contains(p), "{top}");
    }
    // Rematch opens a lobby with the same seats.
    let c13 = h.cursor();
    let rematch = tap_table(end, TableAct::Rematch);
    h.api.tap(&g, &c, message_id(end), &rematch);
    let lobby2 = h
        .expect(c13, "the rematch lobby", |m| {
            m.is("SendMessage")
                && m.text()
                    .is_some_and(|t| t.contains("Halma for four") && t.contains("Host"))
        })
        .await;
    let t2 = table_in(&h, &g).expect("a new lobby");
    assert_eq!(t2.status, TableStatus::Lobby);
    assert_eq!(t2.seats, t.seats);
    assert!(lobby2.text().unwrap().contains("Carol"));
    h.assert_within_limits();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lobby_lapses_and_a_tap_on_it_changes_nothing() {
    let h = Harness::start().await;
    let g = group();
    let (a, b) = (alice(), boris());
    let c0 = h.cursor();
    h.api.send_text(&g, &a, "/new halma3");
    let lobby = h
        .expect(c0, "the lobby", |c| {
            c.is("SendMessage") && c.text().is_some_and(|t| t.contains("Halma for three"))
        })
        .await;
    let lid = message_id(&lobby);
    // A second table while one is open.
    let c1 = h.cursor();
    h.api.send_text(&g, &b, "/new halma4");
    h.expect(c1, "one table at a time", |c| {
        c.is("SendMessage") && c.text().is_some_and(|t| t.contains("already open"))
    })
    .await;
    let id = table_in(&h, &g).unwrap().id;
    h.advance_clock(Millis::minutes(11));
    h.expect(c1, "the lobby closed", |c| {
        c.is("EditMessageText") && c.text().is_some_and(|t| t.contains("lobby is closed"))
    })
    .await;
    let t = wait_table(&h, id, "lapsed", |t| t.status == TableStatus::Lapsed).await;
    let c2 = h.cursor();
    let q = h.api.tap(&g, &b, lid, &tap_table(&lobby, TableAct::Join));
    assert_eq!(answer(&h, c2, &q).await, "This lobby is closed.");
    assert_eq!(table(&h, id), t, "the tap changed nothing");
    // A forged button for a table that does not exist.
    let c3 = h.cursor();
    let forged = Callback::Table {
        id: ugolki_bot::game::TableId(999_999),
        act: TableAct::Start,
    }
    .encode();
    let q = h.api.tap(&g, &b, lid, &forged);
    assert_eq!(answer(&h, c3, &q).await, "This table no longer exists.");
    // In a private chat /new halma4 says where it works.
    let p = TgChat::Private(a.clone());
    let c4 = h.cursor();
    h.api.send_text(&p, &a, "/new halma4");
    h.expect(c4, "where tables are", |c| {
        c.is("SendMessage") && c.text().is_some_and(|t| t.contains("works in a group"))
    })
    .await;
    h.assert_within_limits();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_private_game_against_three_program_seats_to_the_end() {
    let h = Harness::start().await;
    let a = alice();
    let p = TgChat::Private(a.clone());
    let c0 = h.cursor();
    h.api.send_text(&p, &a, "/play halma4 1");
    let board = h
        .expect(c0, "the board", |c| {
            c.is("SendPhoto") && c.chat_id() == Some(a.id)
        })
        .await;
    assert!(board.text().unwrap().contains("program, level 1"));
    let t = table_in(&h, &p).expect("the table");
    let t = wait_table(&h, t.id, "the board stored", |t| t.message.is_some()).await;
    let id = t.id;
    // The first turn by the piece picker: a piece, its destinations, one of them.
    let bid = message_id(&board);
    let piece = button(&board, "", |cb| {
        matches!(
            cb,
            Callback::TablePick {
                pick: Pick::Piece(_),
                ..
            }
        )
    });
    let c1 = h.cursor();
    h.api.tap(&p, &a, bid, &piece);
    let targets = h
        .expect(c1, "the piece's destinations", |c| {
            c.is("EditMessageReplyMarkup")
        })
        .await;
    let dest = button(&targets, "", |cb| {
        matches!(
            cb,
            Callback::TablePick {
                pick: Pick::Move(..),
                ..
            }
        )
    });
    h.api.tap(&p, &a, bid, &dest);
    let t = wait_table(
        &h,
        id,
        "the picked turn played and the programs answered",
        |t| {
            t.replay()
                .is_ok_and(|g| g.plies() >= 4 && g.position().to_move() == Seat::White)
        },
    )
    .await;
    assert!(t.record.starts_with("[Variant \"halma4\"]"), "{}", t.record);
    load_position(&h, &t, near_the_end(MultiVariant::Halma4, 4));
    let mut tried = false;
    let mut guard = 0;
    loop {
        guard += 1;
        assert!(guard < 400, "the game never ended");
        let t = table(&h, id);
        if t.status == TableStatus::Over {
            break;
        }
        let game = t.replay().unwrap();
        let v = t.version;
        if game.position().to_move() == Seat::White && !game.position().finished().has(Seat::White)
        {
            let (_, text) = good_turn(&t);
            h.api.send_text(&p, &a, &text);
        } else if game.position().finished().has(Seat::White) && !tried {
            // A finished seat moves no more; the game goes on without it.
            let c = h.cursor();
            h.api.send_text(&p, &a, "a1-b2");
            h.expect(c, "a finished seat's move refused", |m| {
                m.is("SendMessage") && m.text().is_some_and(|x| x.contains("moves no more"))
            })
            .await;
            tried = true;
        }
        wait_table(&h, id, "a turn", |x| x.version > v).await;
    }
    assert!(tried, "White finished before the others (its place is 1)");
    end_announced(&h, c0).await;
    let calls = h.api.calls_since(c0);
    let ends: Vec<&Call> = calls
        .iter()
        .filter(|m| m.is("SendMessage") && m.text().is_some_and(|t| t.contains("the game is over")))
        .collect();
    assert_eq!(ends.len(), 1);
    assert!(ends[0].text().unwrap().contains("Alice"));
    assert!(calls.iter().any(|m| m.is("SendAnimation")));
    assert!(calls.iter().any(|m| m.is("SendDocument")));
    let u = h.store.user(UserId(a.id as u64)).unwrap().unwrap();
    let s = u
        .multi
        .iter()
        .find(|s| s.variant == MultiVariant::Halma4)
        .unwrap();
    assert_eq!(s.games(), 1);
    assert_eq!(s.rated_games, 0, "no rating against the program");
    h.assert_within_limits();
}

/// A kill -9 after a person's turn was stored and before the program seats answered:
/// on restart their moves are due at once and they play, and the board shows it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_program_seats_move_after_a_crash() {
    let mut h = Harness::start_killable(ugolki_bot::game::Timing::default()).await;
    let a = alice();
    let p = TgChat::Private(a.clone());
    let c0 = h.cursor();
    h.api.send_text(&p, &a, "/play halma3 2");
    h.expect(c0, "the board", |c| {
        c.is("SendPhoto") && c.chat_id() == Some(a.id)
    })
    .await;
    let t = table_in(&h, &p).expect("the table");
    let t = wait_table(&h, t.id, "the board stored", |t| t.message.is_some()).await;
    h.settle().await;
    h.crash();
    // White's turn stored, the program's move due: what a crash right after the
    // acknowledgement leaves.
    let (_, text) = good_turn(&t);
    let mut game = t.replay().unwrap();
    game.play_text(&text).unwrap();
    let mut next = t.clone();
    next.record = game.write_record(&[]);
    next.version = t.version.next();
    next.deadline = Some(ugolki_bot::game::Deadline {
        at: t.updated_at,
        kind: ugolki_bot::game::DeadlineKind::ProgramMove,
    });
    let mut ws = WriteSet::new();
    ws.put(Some(t.version), AnyRecord::Table(next));
    h.store.commit(ws).unwrap();
    let c1 = h.cursor();
    h.restart(ugolki_bot::game::Timing::default()).await;
    let t = wait_table(&h, t.id, "the program seats moved", |t| {
        t.replay()
            .is_ok_and(|g| g.plies() == 3 && g.position().to_move() == Seat::White)
    })
    .await;
    assert_eq!(t.deadline, None, "no limit: nothing due while White thinks");
    h.expect(c1, "the board shows the programs' moves", |c| {
        c.is("EditMessageMedia") && c.text().is_some_and(|x| x.contains("Last: ⚫"))
    })
    .await;
    h.assert_within_limits();
}

/// "Leave the game" on the board: the player leaves (told once), the program plays the
/// seat on, and the record names the resignation.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn leaving_the_game_by_its_button_hands_the_seat_to_the_program() {
    let h = Harness::start().await;
    let g = group();
    let (a, b) = (alice(), boris());
    let c0 = h.cursor();
    h.api.send_text(&g, &a, "/new halma3");
    let lobby = h
        .expect(c0, "the lobby", |c| {
            c.is("SendMessage") && c.text().is_some_and(|t| t.contains("Halma for three"))
        })
        .await;
    let lid = message_id(&lobby);
    h.api.tap(&g, &b, lid, &tap_table(&lobby, TableAct::Join));
    let id = table_in(&h, &g).unwrap().id;
    wait_table(&h, id, "Boris seated", |t| {
        t.seat_of(UserId(b.id as u64)).is_some()
    })
    .await;
    h.api
        .tap(&g, &a, lid, &tap_table(&lobby, TableAct::Program(4)));
    wait_table(&h, id, "full", |t| t.full()).await;
    let c1 = h.cursor();
    h.api.tap(&g, &a, lid, &tap_table(&lobby, TableAct::Start));
    let board = h
        .expect(c1, "the board", |c| {
            c.is("SendPhoto") && c.chat_id() == Some(g.id())
        })
        .await;
    let leave = tap_table(&board, TableAct::Resign);
    // Someone without a seat cannot leave for anyone.
    let c2 = h.cursor();
    let q = h.api.tap(&g, &carol(), message_id(&board), &leave);
    assert_eq!(answer(&h, c2, &q).await, "You have no seat at this table.");
    // Boris (Green, not to move) leaves.
    let c3 = h.cursor();
    h.api.tap(&g, &b, message_id(&board), &leave);
    h.expect(c3, "the leave told", |c| {
        c.is("SendMessage") && c.text().is_some_and(|t| t.contains("has left the game"))
    })
    .await;
    let t = table(&h, id);
    assert!(t.record.contains("g resignation 0"), "{}", t.record);
    // Leaving twice changes nothing.
    let c4 = h.cursor();
    let q = h.api.tap(&g, &b, message_id(&board), &leave);
    assert!(answer(&h, c4, &q).await.contains("moves no more"));
    // Alice moves; the program then plays Green and Black.
    let (_, text) = good_turn(&t);
    h.api.send_text(&g, &a, &text);
    wait_table(&h, id, "Green and Black moved", |t| {
        t.replay()
            .is_ok_and(|g| g.plies() == 3 && g.position().to_move() == Seat::White)
    })
    .await;
    h.settle().await;
    let told = h
        .api
        .calls_since(c3)
        .iter()
        .filter(|c| c.text().is_some_and(|t| t.contains("has left the game")))
        .count();
    assert_eq!(told, 1);
    h.assert_within_limits();
}

/// Days a move at a table: the lobby and the caption say it; nothing happens a minute
/// before the limit; at the limit the program moves for the seat, and at the next one the
/// player leaves, told once each.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn days_a_move_hand_a_silent_seat_to_the_program() {
    const DAY: u64 = 86_400_000;
    let h = Harness::start().await;
    let g = group();
    let a = alice();
    let c0 = h.cursor();
    h.api.send_text(&g, &a, "/new halma3 2d");
    let lobby = h
        .expect(c0, "the lobby", |c| {
            c.is("SendMessage") && c.text().is_some_and(|t| t.contains("Halma for three"))
        })
        .await;
    assert!(
        lobby.text().unwrap().contains("2 days a move"),
        "{:?}",
        lobby.text()
    );
    let lid = message_id(&lobby);
    let id = table_in(&h, &g).unwrap().id;
    for n in 1..=2 {
        h.api
            .tap(&g, &a, lid, &tap_table(&lobby, TableAct::Program(2)));
        wait_table(&h, id, "the program seated", |t| {
            t.seated()
                .filter(|(_, p)| matches!(p, Player::Program { .. }))
                .count()
                == n
        })
        .await;
    }
    let c1 = h.cursor();
    h.api.tap(&g, &a, lid, &tap_table(&lobby, TableAct::Start));
    let board = h
        .expect(c1, "the board", |c| {
            c.is("SendPhoto") && c.chat_id() == Some(g.id())
        })
        .await;
    let cap = board.text().unwrap();
    assert!(cap.contains("⏱ 2 days a move"), "{cap}");
    let mid = ugolki_bot::game::MessageId(message_id(&board) as i32);
    let t = wait_table(&h, id, "the board stored", |t| t.message == Some(mid)).await;
    let due = t.deadline.expect("Alice's limit");
    assert_eq!(due.at.0 - t.turn_started.0, 2 * DAY);

    // A minute before the limit: nothing.
    let c2 = h.cursor();
    h.advance_clock(Millis(2 * DAY - 60_000));
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let now = table(&h, id);
    assert_eq!(now.version, t.version, "{t:?}\n{now:?}");
    assert!(
        h.api
            .calls_since(c2)
            .iter()
            .all(|c| !c.text().is_some_and(|t| t.contains("missed"))),
        "nothing before the limit"
    );
    // At the limit the program moves for Alice, then its seats play, and it is her turn.
    h.advance_clock(Millis(61_000));
    h.expect(c2, "the program moved for Alice", |c| {
        c.is("SendMessage")
            && c.text()
                .is_some_and(|t| t.contains("missed the move limit"))
    })
    .await;
    let t = wait_table(&h, id, "Alice's turn again", |t| {
        t.replay()
            .is_ok_and(|g| g.plies() == 3 && g.position().to_move() == Seat::White)
    })
    .await;
    assert_eq!(t.missed[Seat::White.index()], 1);
    // Her second silent turn: she leaves, and the program plays her seat.
    let c3 = h.cursor();
    h.advance_clock(Millis(2 * DAY + 1000));
    h.expect(c3, "Alice left", |c| {
        c.is("SendMessage") && c.text().is_some_and(|t| t.contains("has left the game"))
    })
    .await;
    wait_table(&h, id, "the program plays on", |t| {
        t.replay().is_ok_and(|g| g.plies() >= 5)
    })
    .await;
    h.settle().await;
    let told = h
        .api
        .calls_since(c2)
        .iter()
        .filter(|c| {
            c.text().is_some_and(|t| {
                t.contains("has left the game") || t.contains("missed the move limit")
            })
        })
        .count();
    assert_eq!(told, 2);
    h.assert_within_limits();
}

/// A player who types a move a second at a private table (the program's three seats
/// answering in between) plays on with the bot's default limit: more moves in a minute
/// than it allows actions, none refused, nothing to read but the board.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_fast_typist_plays_a_table_a_move_a_second() {
    let h = Harness::start().await;
    let a = alice();
    let p = TgChat::Private(a.clone());
    h.api.send_text(&p, &a, "/play halma4 1");
    let id = loop {
        if let Some(t) = table_in(&h, &p) {
            break t.id;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    wait_table(&h, id, "the board stored", |t| t.message.is_some()).await;
    let c0 = h.cursor();
    let mut sent: Vec<std::time::Instant> = Vec::new();
    let want = ugolki_bot::bot::DEFAULT_ACTIONS_PER_MINUTE as usize + 5;
    while sent.len() < want {
        let t = wait_table(&h, id, "Alice's turn", |t| {
            t.replay().is_ok_and(|g| {
                g.is_over()
                    || g.position().finished().has(Seat::White)
                    || g.position().to_move() == Seat::White
            })
        })
        .await;
        let game = t.replay().expect("replays");
        if game.is_over() || game.position().finished().has(Seat::White) {
            break;
        }
        if let Some(last) = sent.last() {
            let next = *last + Duration::from_secs(1);
            tokio::time::sleep_until(next.into()).await;
        }
        let (_, text) = good_turn(&t);
        let plies = game.plies();
        h.api.send_text(&p, &a, &text);
        sent.push(std::time::Instant::now());
        wait_table(&h, id, "the move taken", |t| {
            t.replay().is_ok_and(|g| g.plies() > plies)
        })
        .await;
    }
    let most = crate::e2e_private::most_in_a_minute(&sent);
    eprintln!("{} moves typed, {most} in the busiest minute", sent.len());
    assert!(
        most > ugolki_bot::bot::DEFAULT_ACTIONS_PER_MINUTE as usize,
        "{most} moves in a minute"
    );
    h.settle().await;
    let said: Vec<String> = h
        .api
        .calls_since(c0)
        .iter()
        .filter(|c| c.is("SendMessage") && c.chat_id() == Some(a.id))
        .map(|c| c.text().unwrap_or_default())
        .collect();
    assert_eq!(said, Vec::<String>::new(), "refusals");
    h.assert_within_limits();
}
