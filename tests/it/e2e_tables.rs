//! End to end against the fake Bot API, with production pacing: Halma for three and four
//! (RULES.md §14) played as people play it, through the same paths as every game: a
//! group's lobby to the end, a person against three program seats at a move a second, a
//! missed limit, leaving, days a move, a clock, the group removing the bot and adding it
//! back, the group becoming a supergroup, and the commands every game answers.

use crate::common::harness::*;
use crate::common::people::{Person, callbacks_of, sent_to};
use std::time::Duration;
use ugolki_bot::ai::Level;
use ugolki_bot::ai::multi::{MultiLimits, choose_multi};
use ugolki_bot::bot::testing::{Act, LobbyAct};
use ugolki_bot::engine::multi::{MultiPos, MultiVariant, Seat, Turn};
use ugolki_bot::engine::{AnyGame, Ply};
use ugolki_bot::fakeapi::{Call, TgChat, TgUser};
use ugolki_bot::game::{
    AnyRecord, ChatId, DeadlineKind, GameId, GameRecord, Millis, NoticeDelay, Pace, Player, Status,
    TimeControl, Timestamp, UserId, WriteSet,
};

fn erin() -> TgUser {
    TgUser::new(105, "Erin", "en")
}

/// The chat's open table (its lobby or its game in play).
fn table_in(h: &Harness, chat: &TgChat) -> Option<GameRecord> {
    let ids = h.store.chat_games(ChatId(chat.id())).expect("the index");
    ids.into_iter()
        .rev()
        .filter_map(|id| h.store.game(id).expect("a read"))
        .find(|g| g.is_table())
}

/// A game by id.
fn game(h: &Harness, id: GameId) -> GameRecord {
    h.store.game(id).expect("a read").expect("the game")
}

/// Wait until game `id` satisfies `pred`.
async fn wait_game(
    h: &Harness,
    id: GameId,
    what: &str,
    pred: impl Fn(&GameRecord) -> bool,
) -> GameRecord {
    let deadline = tokio::time::Instant::now() + WAIT * 6;
    loop {
        let g = game(h, id);
        if pred(&g) {
            return g;
        }
        assert!(tokio::time::Instant::now() < deadline, "{what}: {g:?}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// The open table of `chat`, once there is one.
async fn wait_table(h: &Harness, chat: &TgChat) -> GameRecord {
    for _ in 0..1000 {
        if let Some(g) = table_in(h, chat) {
            return g;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    panic!("no table in {}", chat.id());
}

/// The engine game of a stored table.
fn replay(g: &GameRecord) -> ugolki_bot::engine::multi::MultiGame {
    match g.replay().expect("the table replays") {
        AnyGame::Multi(m) => m,
        AnyGame::Two(_) => panic!("not a table"),
    }
}

/// A lobby's button.
fn lobby_act(act: LobbyAct) -> impl Fn(&Callback) -> bool {
    move |cb| matches!(cb, Callback::Lobby { act: a, .. } if *a == act)
}

/// A position `rounds` rounds or so before the end of a game played by level-2 seats,
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
fn load_position(h: &Harness, g: &GameRecord, pos: MultiPos) {
    let mut next = g.clone();
    next.start = pos.to_text();
    next.position = pos.to_text();
    next.moves.clear();
    next.leaves.clear();
    next.version = g.version.next();
    let mut ws = WriteSet::new();
    ws.put(Some(g.version), AnyRecord::Game(next));
    h.store.commit(ws).expect("the position loaded");
}

/// The turn a seat's person would play: the program's choice at level 3.
fn good_turn(g: &GameRecord) -> (Seat, String) {
    let game = replay(g);
    let pos = *game.position();
    let limits = MultiLimits::level(Level::new(3).unwrap()).reproducible();
    let turn = choose_multi(&pos, &limits, 1).map_or(Turn::Pass, |r| r.turn);
    (pos.to_move(), pos.turn_text(turn))
}

/// Who plays the seat to move of `g`, if a person does.
fn person_to_move(g: &GameRecord) -> Option<UserId> {
    match g.player_to_move() {
        Player::Human(u) => Some(u),
        _ => None,
    }
}

/// Wait for the end's message, replay and record (paced behind the board's last edits),
/// then for anything else in flight.
async fn end_announced(h: &Harness, chat: &TgChat, from: u64) -> Call {
    let id = chat.id();
    let end = h
        .expect(from, "the end", move |m| {
            sent_to(m, id) && m.text().is_some_and(|t| t.contains("the game is over"))
        })
        .await;
    // The replay is made below the moves' priority: on a busy machine it takes its time.
    h.api
        .wait_for(from, WAIT * 4, move |m| {
            m.is("SendAnimation") && m.chat_id() == Some(id)
        })
        .await
        .expect("the replay");
    h.expect(from, "the record", move |m| {
        m.is("SendDocument") && m.chat_id() == Some(id)
    })
    .await;
    h.settle().await;
    end
}

/// `host` opens a lobby of `command` (`/new halma4 30s`) in an English-speaking group, each
/// of `others` takes a seat, the host seats the program in the rest (level 2) and starts:
/// the lobby message, the board as first posted, and the game.
async fn started(
    h: &Harness,
    group: &TgChat,
    host: &Person<'_>,
    others: &[&Person<'_>],
    command: &str,
) -> (Call, Call, GameRecord) {
    let lobby = host.says_and_reads(group, command, "Host").await;
    for p in others {
        let said = p.taps(group, &lobby, lobby_act(LobbyAct::Join)).await;
        assert!(said.starts_with("You play"), "{said}");
    }
    let id = wait_table(h, group).await.id;
    while !game(h, id).full() {
        host.taps(group, &lobby, lobby_act(LobbyAct::Program(2)))
            .await;
    }
    let c = h.cursor();
    let said = host.taps(group, &lobby, lobby_act(LobbyAct::Start)).await;
    assert_eq!(said, "");
    let gid = group.id();
    let board = h
        .expect(c, "the board", move |c| {
            c.is("SendPhoto") && c.chat_id() == Some(gid)
        })
        .await;
    let mid = ugolki_bot::game::MessageId(message_id(&board) as i32);
    let g = wait_game(h, id, "the board stored", |g| {
        g.is_active() && g.message == Some(mid)
    })
    .await;
    (lobby, board, g)
}

/// A group whose language is English (its admin said so).
async fn english_group(h: &Harness, tg: TgChat, admin: &Person<'_>) -> TgChat {
    h.api.set_admins(tg.id(), &[admin.id()]);
    admin.says(&tg, "/lang en").await;
    tg
}

/// Play the game `id` to its end: each person's turn typed in `chat` (`silent` lets their
/// limit pass twice), the program's seats left to the bot; `notified` waits for the notice
/// of their first turn (in their private chat) before playing it.
async fn play_to_the_end(
    h: &Harness,
    chat: &TgChat,
    id: GameId,
    people: &[&Person<'_>],
    silent: Option<UserId>,
    notified: Option<&Person<'_>>,
    limit: Millis,
) -> u32 {
    let mut misses = 0;
    let mut heard = notified.is_none();
    let mut guard = 0;
    loop {
        guard += 1;
        assert!(guard < 600, "the game never ended");
        let g = game(h, id);
        if !g.is_active() {
            return misses;
        }
        let v = g.version;
        match person_to_move(&g) {
            Some(u) if Some(u) == silent && misses < 2 => {
                // The limit is applied as soon as it falls, right after a program seat's
                // turn too (a second is the promise; the bound leaves room for a busy
                // machine and catches a timer that sleeps through it).
                let jumped = std::time::Instant::now();
                h.advance_clock(Millis(limit.0 + 1000));
                wait_game(h, id, "the missed limit handled", |x| x.version > v).await;
                let lag = jumped.elapsed();
                assert!(
                    lag < Duration::from_secs(3),
                    "the limit applied {lag:?} late"
                );
                misses += 1;
            }
            Some(u) => {
                let who = people
                    .iter()
                    .find(|p| p.id() as u64 == u.0)
                    .expect("a person at the table");
                if !heard && notified.is_some_and(|n| n.id() == who.id()) {
                    let dm = who.id();
                    h.expect(0, "the turn notice", move |c| {
                        c.chat_id() == Some(dm) && is_turn_notice(c)
                    })
                    .await;
                    heard = true;
                }
                let (_, text) = good_turn(&g);
                who.send(chat, &text);
                wait_game(h, id, "the typed turn played", |x| x.version > v).await;
            }
            None => {
                wait_game(h, id, "the program moved", |x| x.version > v).await;
            }
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_four_seat_group_game_from_the_lobby_to_the_end() {
    let h = Harness::start().await;
    let (a, b, c, e) = (
        h.person(alice()),
        h.person(boris()),
        h.person(carol()),
        h.person(erin()),
    );
    let g = english_group(&h, group(), &a).await;
    // Carol hears of her turns privately, at once in games on a clock.
    tap_setting(&h, &c.user, Setting::Notify(true)).await;
    let at_once = Setting::NoticeDelay(Pace::Clock, NoticeDelay::AT_ONCE);
    tap_setting(&h, &c.user, at_once).await;

    // The lobby.
    let lobby = a
        .says_and_reads(&g, "/new halma4 30s", "Halma for four")
        .await;
    let text = lobby.text().unwrap();
    assert!(
        text.contains("White") && text.contains("free seat"),
        "{text}"
    );
    assert!(text.contains("30 s a move"), "{text}");

    // Start before the seats are full; the host joining twice.
    let start = lobby_act(LobbyAct::Start);
    let join = || lobby_act(LobbyAct::Join);
    assert_eq!(
        a.taps(&g, &lobby, &start).await,
        "Not every seat is taken yet."
    );
    assert_eq!(a.taps(&g, &lobby, join()).await, "You already have a seat.");
    // Boris and Carol join; Carol twice.
    assert!(b.taps(&g, &lobby, join()).await.contains("Green"));
    assert!(c.taps(&g, &lobby, join()).await.contains("Black"));
    assert_eq!(c.taps(&g, &lobby, join()).await, "You already have a seat.");
    // The lobby's message shows the seats taken (an edit through the game's board sender).
    let shown = h
        .chat(g.clone())
        .sees(0, "the lobby with Carol", |m| {
            m.is("EditMessageText") && m.text().is_some_and(|t| t.contains("Carol"))
        })
        .await;
    assert!(shown.text().unwrap().contains("Boris"));
    // Only the host seats the program.
    let program = || lobby_act(LobbyAct::Program(2));
    assert_eq!(
        b.taps(&g, &lobby, program()).await,
        "Only the host may do that."
    );
    a.taps(&g, &lobby, program()).await;
    let id = table_in(&h, &g).unwrap().id;
    let t = wait_game(&h, id, "the program seated", GameRecord::full).await;
    assert_eq!(t.player(Seat::Red), Player::Program { level: 2 });
    // A fifth joiner.
    assert_eq!(e.taps(&g, &lobby, join()).await, "Every seat is taken.");
    // Only the host starts.
    assert_eq!(
        b.taps(&g, &lobby, &start).await,
        "Only the host may do that."
    );
    let c9 = h.cursor();
    a.taps(&g, &lobby, &start).await;
    let gid = g.id();
    let board = h
        .expect(c9, "the board", move |c| {
            c.is("SendPhoto") && c.chat_id() == Some(gid)
        })
        .await;
    let cap = board.text().unwrap();
    assert!(cap.contains("round 1") && cap.contains("⚪"), "{cap}");
    assert!(cap.contains("to move"), "{cap}");
    let t = wait_game(&h, id, "the board stored", |t| {
        t.is_active() && t.message == Some(ugolki_bot::game::MessageId(message_id(&board) as i32))
    })
    .await;
    assert!(t.rated, "three people at halma4: rated");
    // A tap on the piece picker by someone not to move names whose move it is.
    let alert = c
        .taps(&g, &board, |cb| matches!(cb, Callback::Tap { .. }))
        .await;
    assert!(
        alert.contains("Alice") && alert.contains("White"),
        "{alert}"
    );
    // A move out of turn names whose move it is; a move of another seat's piece is
    // refused; a pass where a move exists is refused.
    let out_of_turn = c.says(&g, "n14-m13").await;
    let said = out_of_turn.text().unwrap();
    assert!(said.contains("Alice") && said.contains("move"), "{said}");
    let wrong = a.says(&g, "a16-b15").await;
    assert!(wrong.text().is_some(), "{wrong:?}");
    let pass = a.says(&g, "--").await;
    assert!(pass.text().unwrap().contains("pass"), "{:?}", pass.text());
    assert_eq!(game(&h, id).version, t.version, "refusals change nothing");

    // Pick the game up near its end; Boris (Green) misses two limits in a row: the
    // program moves for him once, then he is out and the program plays his seat to the end.
    load_position(&h, &t, near_the_end(MultiVariant::Halma4, 8));
    let misses = play_to_the_end(
        &h,
        &g,
        id,
        &[&a, &b, &c],
        Some(UserId(b.id() as u64)),
        Some(&c),
        Millis::secs(30),
    )
    .await;
    assert_eq!(misses, 2);
    let end = end_announced(&h, &g, c9).await;
    // Carol was told of a turn privately (she had not looked at the group since).
    let notes = turn_notices(&h, c9, &c.user);
    assert!(!notes.is_empty(), "Carol's turn notice");
    assert!(notes[0].text().unwrap().contains("Halma for four"));
    let chat = h.chat(g.clone());
    assert_eq!(
        chat.said_since(c9, "missed the move limit: the program moved")
            .len(),
        1
    );
    assert_eq!(
        chat.said_since(c9, "has left the game").len(),
        1,
        "the leave is told once"
    );
    assert_eq!(
        chat.said_since(c9, "the game is over").len(),
        1,
        "the end is announced once"
    );
    let text = end.text().unwrap();
    assert!(text.contains("1. "), "{text}");
    assert!(text.contains("Ratings"), "{text}");
    let t = game(&h, id);
    let outcome = t.ending().expect("places");
    assert!(matches!(t.status, Status::Over { .. }));
    // The round in words is the last round the record holds.
    let record_text = replay(&t).write_record(&[]);
    let last_round = record_text
        .split_whitespace()
        .filter_map(|w| w.strip_suffix('.')?.parse::<u16>().ok())
        .max()
        .expect("numbered rounds");
    assert!(
        text.contains(&format!("after {last_round} rounds")),
        "{text}\n{record_text}"
    );
    // Boris left on time: the record says so, and his place is below the others'.
    assert!(record_text.contains("[Left \"g timeout"), "{record_text}");
    assert!(record_text.contains("[Places"), "{record_text}");
    let places = outcome.places();
    assert!(places.iter().flatten().all(|p| *p >= 1 && *p <= 4));
    // The board's last keyboard: Rematch, the record and the replay; no picker, no Leave.
    let last = chat.now(&board).expect("the board");
    let cbs = callbacks_of(&last);
    assert!(
        cbs.iter().any(|cb| matches!(cb, Callback::Rematch { .. })),
        "{cbs:?}"
    );
    assert!(
        cbs.iter()
            .all(|cb| !matches!(cb, Callback::Tap { .. } | Callback::Act { .. }))
    );
    // Ratings changed once, for the three people.
    assert_eq!(t.ratings.len(), 3);
    for p in [&a, &b, &c] {
        let u = h.store.user(UserId(p.id() as u64)).unwrap().unwrap();
        let s = u
            .multi
            .iter()
            .find(|s| s.variant == MultiVariant::Halma4)
            .unwrap();
        assert_eq!((s.games(), s.rated_games), (1, 1), "{}", p.user.first_name);
    }
    let sum: i32 = t.ratings.iter().map(|r| r.change.delta()).sum();
    assert!(sum.abs() <= 3, "pairs are zero-sum up to rounding: {sum}");
    // The finished table is out of the chat's open games; in its players' histories.
    assert!(table_in(&h, &g).is_none());
    let history = a
        .says_and_reads(&a.dm(), "/history", "Your last games")
        .await;
    assert!(
        history.text().unwrap().contains("table of 4"),
        "{:?}",
        history.text()
    );
    // /stats shows the variant; /top halma4 ranks the group's three people.
    let stats = a.says_and_reads(&g, "/stats", "Halma for four").await;
    assert!(
        stats.text().unwrap().contains("1 games"),
        "{:?}",
        stats.text()
    );
    let top = b.says_and_reads(&g, "/top halma4", "🏆").await;
    let top = top.text().unwrap();
    for p in ["Alice", "Boris", "Carol"] {
        assert!(top.contains(p), "{top}");
    }
    // Rematch under the board opens a lobby with the same seats, hosted by Carol.
    let c13 = h.cursor();
    c.taps_data(
        &g,
        message_id(&board),
        &Callback::Rematch { game: id }.encode(),
    )
    .await;
    let lobby2 = chat.reads(c13, "Host").await;
    assert!(lobby2.text().unwrap().contains("Carol"));
    let t2 = table_in(&h, &g).expect("a new lobby");
    assert_eq!(t2.status, Status::Lobby);
    assert_eq!(t2.players, t.players);
    h.assert_within_limits();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lobby_lapses_and_a_tap_on_it_changes_nothing() {
    let h = Harness::start().await;
    let (a, b) = (h.person(alice()), h.person(boris()));
    let g = english_group(&h, group(), &a).await;
    let lobby = a.says_and_reads(&g, "/new halma3", "Halma for three").await;
    // A second table while one is open.
    a.says_and_reads(&g, "/new halma4", "already open").await;
    let id = table_in(&h, &g).unwrap().id;
    let c1 = h.cursor();
    h.advance_clock(Millis::minutes(11));
    h.chat(g.clone())
        .sees(c1, "the lobby closed", |c| {
            c.is("EditMessageText") && c.text().is_some_and(|t| t.contains("lobby is closed"))
        })
        .await;
    let t = wait_game(&h, id, "lapsed", GameRecord::lapsed_lobby).await;
    assert!(table_in(&h, &g).is_none(), "no longer the group's table");
    assert_eq!(
        b.taps(&g, &lobby, lobby_act(LobbyAct::Join)).await,
        "This lobby is closed."
    );
    assert_eq!(game(&h, id), t, "the tap changed nothing");
    // A forged button for a game that does not exist.
    let forged = Callback::Lobby {
        game: GameId(999_999),
        act: LobbyAct::Start,
    }
    .encode();
    let said = b.taps_data(&g, message_id(&lobby), &forged).await;
    assert_eq!(said, "This button is not valid.");
    // A lapsed lobby is nobody's game and the retention sweep removes it.
    assert!(
        h.store
            .user_games(UserId(a.id() as u64), None, 10)
            .unwrap()
            .is_empty()
    );
    h.advance_clock(Millis::days(400));
    for _ in 0..500 {
        if h.store.game(id).unwrap().is_none() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert!(
        h.store.game(id).unwrap().is_none(),
        "the lapsed lobby swept"
    );
    // In a private chat /new halma4 says where it works.
    a.says_and_reads(&a.dm(), "/new halma4", "works in a group")
        .await;
    h.assert_within_limits();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_private_game_against_three_program_seats_to_the_end() {
    let h = Harness::start().await;
    let a = h.person(alice());
    let p = a.dm();
    let c0 = h.cursor();
    let board = a.says(&p, "/play halma4 1").await;
    assert!(board.is("SendPhoto"), "{board:?}");
    assert!(board.text().unwrap().contains("program, level 1"));
    let t = wait_table(&h, &p).await;
    let id = t.id;
    let mid = ugolki_bot::game::MessageId(message_id(&board) as i32);
    wait_game(&h, id, "the board stored", |t| t.message == Some(mid)).await;
    // A second table in the same chat is refused.
    a.says_and_reads(&p, "/play halma3", "already open").await;
    // The first turn by the piece picker: a piece, its destinations, one of them.
    let c1 = h.cursor();
    a.taps(&p, &board, |cb| matches!(cb, Callback::Tap { .. }))
        .await;
    let targets = h
        .chat(p.clone())
        .sees(c1, "the piece's destinations", |c| {
            c.is("EditMessageMedia")
                && c.buttons()
                    .iter()
                    .any(|(_, d)| matches!(decoded(d), Some(Callback::Move { .. })))
        })
        .await;
    a.taps(&p, &targets, |cb| matches!(cb, Callback::Move { .. }))
        .await;
    let t = wait_game(
        &h,
        id,
        "the picked turn played and the programs answered",
        |t| t.ply() >= 4 && t.to_move() == Seat::White,
    )
    .await;
    load_position(&h, &t, near_the_end(MultiVariant::Halma4, 4));
    let mut tried = false;
    let mut guard = 0;
    loop {
        guard += 1;
        assert!(guard < 400, "the game never ended");
        let t = game(&h, id);
        if !t.is_active() {
            break;
        }
        let m = replay(&t);
        let v = t.version;
        let white_done = m.position().finished().has(Seat::White);
        if m.position().to_move() == Seat::White && !white_done {
            let (_, text) = good_turn(&t);
            a.send(&p, &text);
        } else if white_done && !tried {
            // A finished seat moves no more; the game goes on without it.
            a.says_and_reads(&p, "a1-b2", "moves no more").await;
            tried = true;
        }
        wait_game(&h, id, "a turn", |x| x.version > v).await;
    }
    assert!(tried, "White finished before the others");
    let end = end_announced(&h, &p, c0).await;
    assert!(end.text().unwrap().contains("Alice"));
    let u = h.store.user(UserId(a.id() as u64)).unwrap().unwrap();
    let s = u
        .multi
        .iter()
        .find(|s| s.variant == MultiVariant::Halma4)
        .unwrap();
    assert_eq!(
        (s.games(), s.rated_games),
        (1, 0),
        "no rating against the program"
    );
    h.assert_within_limits();
}

/// A person types a move a second against three program seats: every move is taken, none
/// refused, more than the action limit allows in a minute; each of their moves and the
/// program's three turns that follow are shown in one edit (no edit shows the person's
/// move alone), and the turn comes back quickly (the median printed).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_against_three_program_seats_keeps_a_move_a_second() {
    let h = Harness::start().await;
    let a = h.person(alice());
    let p = a.dm();
    let board = a.says(&p, "/play halma4").await;
    let t = wait_table(&h, &p).await;
    let id = t.id;
    let mid = ugolki_bot::game::MessageId(message_id(&board) as i32);
    wait_game(&h, id, "the board stored", |t| t.message == Some(mid)).await;
    h.settle().await;
    let c0 = h.cursor();
    let mut sent: Vec<std::time::Instant> = Vec::new();
    let mut back: Vec<Duration> = Vec::new();
    let want = ugolki_bot::bot::DEFAULT_ACTIONS_PER_MINUTE as usize + 5;
    while sent.len() < want {
        let t = game(&h, id);
        let m = replay(&t);
        if !t.is_active() || m.position().finished().has(Seat::White) {
            break;
        }
        assert_eq!(m.position().to_move(), Seat::White, "the turn came back");
        if let Some(last) = sent.last() {
            tokio::time::sleep_until((*last + Duration::from_secs(1)).into()).await;
        }
        let (_, text) = good_turn(&t);
        let plies = m.plies();
        let start = std::time::Instant::now();
        a.send(&p, &text);
        sent.push(start);
        let answered = tokio::time::timeout(WAIT * 6, async {
            loop {
                let t = game(&h, id);
                if t.ply() as usize >= plies + 4 || !t.is_active() {
                    return;
                }
                tokio::time::sleep(Duration::from_millis(10)).await;
            }
        })
        .await;
        if answered.is_err() {
            let said: Vec<_> = h
                .chat(p.clone())
                .since(c0)
                .iter()
                .map(|c| (c.method.clone(), c.text()))
                .collect();
            panic!(
                "{text} after {plies} plies not answered: {:?}; the bot: {said:?}",
                game(&h, id)
            );
        }
        back.push(start.elapsed());
    }
    let most = crate::e2e_private::most_in_a_minute(&sent);
    back.sort();
    let median = back[back.len() / 2];
    eprintln!(
        "{} moves typed, {most} in the busiest minute; the turn came back in {median:?} (median), {:?} at worst",
        sent.len(),
        back.last()
    );
    assert!(
        most > ugolki_bot::bot::DEFAULT_ACTIONS_PER_MINUTE as usize,
        "{most} moves in a minute"
    );
    h.settle().await;
    let calls = h.chat(p.clone()).since(c0);
    let said: Vec<String> = calls
        .iter()
        .filter(|c| c.is("SendMessage"))
        .map(|c| c.text().unwrap_or_default())
        .collect();
    assert_eq!(said, Vec::<String>::new(), "refusals");
    // The person's move and the programs' turns go out together: an edit shows a
    // program seat to move only when a search took longer than the bot's wait (a busy
    // machine; without the wait, every move would show one).
    let edits: Vec<String> = calls
        .iter()
        .filter(|c| c.is("EditMessageMedia"))
        .map(|c| c.text().unwrap_or_default())
        .collect();
    let programs_turn = edits
        .iter()
        .filter(|cap| {
            let to_move = cap.lines().find(|l| l.contains("⬅️")).unwrap_or_default();
            !to_move.contains("Alice")
        })
        .count();
    eprintln!(
        "{programs_turn} of {} edits show a program seat to move",
        edits.len()
    );
    assert!(
        programs_turn * 10 <= edits.len(),
        "{programs_turn} of {} edits show a program seat to move",
        edits.len()
    );
    h.assert_within_limits();
}

/// The same through the piece picker: a piece and its destination every two seconds.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_taps_a_move_every_two_seconds_through_the_picker() {
    let h = Harness::start().await;
    let a = h.person(alice());
    let p = a.dm();
    let board = a.says(&p, "/play halma3").await;
    let id = wait_table(&h, &p).await.id;
    let bid = message_id(&board);
    let mid = ugolki_bot::game::MessageId(bid as i32);
    wait_game(&h, id, "the board stored", |t| t.message == Some(mid)).await;
    h.settle().await;
    let chat = h.chat(p.clone());
    for turn in 0..8 {
        let t = wait_game(&h, id, "Alice's turn", |t| t.to_move() == Seat::White).await;
        let ply = t.ply();
        let started = std::time::Instant::now();
        // The board as Alice sees it now: its picker for this turn.
        let now = loop {
            let m = chat.now(&board).expect("the board");
            let fresh = callbacks_of(&m)
                .iter()
                .any(|cb| matches!(cb, Callback::Tap { ply: p, .. } if *p == ply));
            if fresh {
                break m;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        };
        let (_, text) = good_turn(&t);
        let (from, to) = text.split_once('-').expect("a move");
        let to = to.rsplit('-').next().unwrap_or(to);
        let piece = callbacks_of(&now)
            .into_iter()
            .find(|cb| matches!(cb, Callback::Tap { square, .. } if square.to_string() == from))
            .expect("the piece in the picker");
        assert_eq!(a.taps_data(&p, bid, &piece.encode()).await, "");
        let dest = loop {
            let m = chat.now(&board).expect("the board");
            if let Some(cb) = callbacks_of(&m)
                .into_iter()
                .find(|cb| matches!(cb, Callback::Move { to: t, .. } if t.to_string() == to))
            {
                break cb;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        };
        assert_eq!(a.taps_data(&p, bid, &dest.encode()).await, "");
        wait_game(&h, id, "the turn played", |t| t.ply() > ply).await;
        eprintln!(
            "turn {turn}: a piece and its destination in {:?}",
            started.elapsed()
        );
        tokio::time::sleep_until((started + Duration::from_secs(2)).into()).await;
    }
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
    let t = wait_table(&h, &p).await;
    let t = wait_game(&h, t.id, "the board stored", |t| t.message.is_some()).await;
    h.settle().await;
    h.crash();
    // White's turn stored, the program's move due: what a crash right after the
    // acknowledgement leaves.
    let (_, text) = good_turn(&t);
    let mut m = replay(&t);
    let before = *m.position();
    let turn = m.play_text(&text).unwrap();
    let mut next = t.clone();
    next.moves
        .push(before.path(turn).map_or(Ply::Pass, Ply::Move));
    next.position = m.position().to_text();
    next.version = t.version.next();
    next.clocks.turn_started = t.updated_at;
    next.deadline = next.compute_deadline(&ugolki_bot::game::Timing::default());
    assert_eq!(
        next.deadline.map(|d| d.kind),
        Some(DeadlineKind::ProgramMove)
    );
    let mut ws = WriteSet::new();
    ws.put(Some(t.version), AnyRecord::Game(next));
    h.store.commit(ws).unwrap();
    let c1 = h.cursor();
    h.restart(ugolki_bot::game::Timing::default()).await;
    let t = wait_game(&h, t.id, "the program seats moved", |t| {
        t.ply() == 3 && t.to_move() == Seat::White
    })
    .await;
    assert_eq!(
        t.deadline.map(|d| d.kind),
        Some(DeadlineKind::AbandonWarning),
        "untimed: only the abandonment clock runs for White"
    );
    h.expect(c1, "the board shows the programs' moves", |c| {
        c.is("EditMessageMedia") && c.text().is_some_and(|x| x.contains("Last: ⚫"))
    })
    .await;
    h.assert_within_limits();
}

/// Leave the game on the board asks first, on the board; Yes hands the seat to the
/// program (told once), the record names the resignation; someone without a seat cannot
/// leave for anyone, and leaving twice changes nothing. `/resign` asks the same in the
/// chat.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn leaving_the_game_asks_first_and_hands_the_seat_to_the_program() {
    let h = Harness::start().await;
    let (a, b, c) = (h.person(alice()), h.person(boris()), h.person(carol()));
    let g = english_group(&h, group(), &a).await;
    let (_, board, t) = started(&h, &g, &a, &[&b, &c], "/new halma4").await;
    let id = t.id;
    let leave = |cb: &Callback| {
        matches!(
            cb,
            Callback::Act {
                act: Act::Resign,
                ..
            }
        )
    };
    // Someone without a seat cannot leave for anyone.
    let erin = h.person(erin());
    assert_eq!(erin.taps(&g, &board, leave).await, "This is not your game.");
    // Boris (Green, not to move) asks: the board asks him back.
    let c3 = h.cursor();
    assert_eq!(b.taps(&g, &board, leave).await, "");
    let asked = h
        .chat(g.clone())
        .sees(c3, "Leave the game?", |m| {
            m.is("EditMessageMedia") && m.text().is_some_and(|t| t.contains("Leave the game?"))
        })
        .await;
    let yes = |cb: &Callback| matches!(cb, Callback::Resign { .. });
    assert_eq!(b.taps(&g, &asked, yes).await, "");
    let left = wait_game(&h, id, "Boris left", |t| t.left().has(Seat::Green)).await;
    assert!(left.is_active(), "the game goes on");
    let record = replay(&left).write_record(&[]);
    assert!(record.contains("g resignation 0"), "{record}");
    // Leaving twice changes nothing.
    let again = b
        .taps_data(
            &g,
            message_id(&board),
            &Callback::Resign { game: id }.encode(),
        )
        .await;
    assert!(again.contains("moves no more"), "{again}");
    // Carol leaves by /resign, confirmed.
    let question = c.says_and_reads(&g, "/resign", "Leave the game?").await;
    c.taps(&g, &question, yes).await;
    let t = wait_game(&h, id, "Carol left", |t| t.left().has(Seat::Black)).await;
    assert!(t.is_active(), "Alice still plays");
    // Alice moves; the program then plays Green, Black and Red.
    let (_, text) = good_turn(&t);
    a.send(&g, &text);
    wait_game(&h, id, "the program's seats moved", |t| {
        t.ply() == 4 && t.to_move() == Seat::White
    })
    .await;
    // The last person leaves: no person races any more, and the game ends after this
    // round with every place settled.
    let q = a.says_and_reads(&g, "/resign", "Leave the game?").await;
    let c4 = h.cursor();
    a.taps(&g, &q, yes).await;
    let end = end_announced(&h, &g, c4).await;
    let text = end.text().unwrap();
    assert!(text.contains("every other player has left"), "{text}");
    assert!(!text.contains("team"), "{text}");
    // Each leaving is said once (Alice's too: the round was played out after it, so her
    // leaving and the end are said side by side, as the group's pace lets them out).
    let chat = h.chat(g.clone());
    let said = || chat.said_since(c3, "has left the game").len();
    let until = tokio::time::Instant::now() + WAIT * 2;
    while said() < 3 && tokio::time::Instant::now() < until {
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    h.settle().await;
    assert_eq!(said(), 3);
    h.assert_within_limits();
}

/// Days a move at a table: the lobby and the caption say it; a day and an hour before the
/// limit the player is reminded; at the limit the others may take the seat out (the
/// program plays it on) or keep waiting, and the late player may still move until then.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn days_a_move_at_a_table_remind_and_let_the_others_take_a_late_seat_out() {
    const DAY: u64 = 86_400_000;
    let h = Harness::start().await;
    let (a, b) = (h.person(alice()), h.person(boris()));
    let g = english_group(&h, group(), &a).await;
    let (lobby, board, t) = started(&h, &g, &a, &[&b], "/new halma3 2d").await;
    assert!(
        lobby.text().unwrap().contains("2 days a move"),
        "{:?}",
        lobby.text()
    );
    assert!(
        board.text().unwrap().contains("2 days a move"),
        "{:?}",
        board.text()
    );
    let id = t.id;
    let due = t.move_due().expect("Alice's limit");
    assert_eq!(due.since(t.clocks.turn_started).0, 2 * DAY);
    // A day left: Alice is reminded in her private chat, then an hour before.
    let reminded = |from: u64, what: &'static str| {
        let dm = a.id();
        h.expect(from, what, move |m| {
            sent_to(m, dm)
                && m.text().is_some_and(|t| {
                    t.contains("Your move against") && t.contains("Halma for three")
                })
        })
    };
    let c1 = h.cursor();
    h.advance_clock(Millis(DAY + 1000));
    let day = reminded(c1, "a day left").await;
    assert!(
        day.text().unwrap().contains(" left, until"),
        "{:?}",
        day.text()
    );
    let c2 = h.cursor();
    h.advance_clock(Millis(DAY - 3_600_000 + 1000));
    let hour = reminded(c2, "an hour left").await;
    let hour = hour.text().unwrap();
    assert!(
        hour.contains(" min left") && !hour.contains(" d "),
        "{hour}"
    );
    // The time is up: Boris may take her seat out.
    let chat = h.chat(g.clone());
    h.advance_clock(Millis(3_600_000));
    let up = chat.reads(c1, "run out of time").await;
    assert!(up.text().unwrap().contains("Boris"), "{:?}", up.text());
    let t = game(&h, id);
    assert!(t.time_is_up() && t.is_active(), "{t:?}");
    // Alice cannot take her own seat out.
    let own = a
        .taps(&g, &up, |cb| {
            matches!(cb, Callback::Claim { claim: true, .. })
        })
        .await;
    assert!(!own.is_empty(), "refused: {own}");
    assert_eq!(
        b.taps(&g, &up, |cb| matches!(
            cb,
            Callback::Claim { claim: true, .. }
        ))
        .await,
        ""
    );
    let t = wait_game(&h, id, "Alice's seat taken out", |t| {
        t.left().has(Seat::White)
    })
    .await;
    assert!(t.is_active(), "the program plays White on");
    wait_game(&h, id, "the program played White's turn", |t| t.ply() >= 1).await;
    h.assert_within_limits();
}

/// A table on a Fischer clock: each seat's time in the caption, the running one counts
/// down, and a clock run out takes the seat out (the program plays it on).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_on_a_clock_shows_each_seats_time_and_a_flag_takes_the_seat_out() {
    let h = Harness::start().await;
    let (a, b) = (h.person(alice()), h.person(boris()));
    let g = english_group(&h, group(), &a).await;
    let (_, board, t) = started(&h, &g, &a, &[&b], "/new halma3 1+0").await;
    let cap = board.text().unwrap();
    assert!(cap.matches("⏱ 1:00").count() >= 2, "{cap}");
    assert_eq!(t.time_control, "1+0".parse::<TimeControl>().unwrap());
    // Alice moves within her minute; then Boris lets his run out.
    let (_, text) = good_turn(&t);
    a.send(&g, &text);
    let t = wait_game(&h, t.id, "Boris to move", |t| t.to_move() == Seat::Green).await;
    let c1 = h.cursor();
    h.advance_clock(Millis::secs(61));
    h.chat(g.clone()).reads(c1, "has left the game").await;
    let t = wait_game(&h, t.id, "Boris out on time", |t| t.left().has(Seat::Green)).await;
    assert!(t.is_active());
    let record = replay(&t).write_record(&[]);
    assert!(record.contains("g timeout"), "{record}");
    h.assert_within_limits();
}

/// The group removes the bot while a table plays: the table pauses (nothing more is sent
/// there, no program moves for a silent seat, no limit runs out), Alice's `/games` shows it
/// paused; added back, the bot posts its board anew and the limit goes on where it stopped.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tables_group_removes_the_bot_and_adds_it_back() {
    let h = Harness::start().await;
    let (a, b) = (h.person(alice()), h.person(boris()));
    let g = english_group(&h, supergroup(), &a).await;
    let (_, _, t) = started(&h, &g, &a, &[&b], "/new halma4 30s").await;
    let id = t.id;
    // Alice moves: Boris's 30 s run.
    let (_, text) = good_turn(&t);
    a.send(&g, &text);
    let t = wait_game(&h, id, "Boris to move", |t| t.to_move() == Seat::Green).await;
    h.settle().await;
    let kicked = h.cursor();
    let at = Timestamp::now();
    h.api.remove_bot(&g, &b.user, true);
    let paused = wait_game(&h, id, "paused", |t| t.paused.is_some()).await;
    assert_eq!(
        paused.deadline.map(|d| d.kind),
        Some(DeadlineKind::Unreachable)
    );
    // Two limits' worth of time: nothing moves, nothing is said, nothing is sent there.
    h.advance_clock(Millis::secs(70));
    tokio::time::sleep(Duration::from_secs(2)).await;
    let now = game(&h, id);
    assert_eq!((now.moves.len(), now.is_active()), (t.moves.len(), true));
    assert!(
        h.chat(g.clone()).since(kicked).is_empty(),
        "{:?}",
        h.chat(g.clone()).since(kicked)
    );
    // /games in Alice's private chat shows it paused.
    let list = a.says(&a.dm(), "/games").await;
    let text = list.text().unwrap();
    assert!(
        text.contains("⏸") && text.contains("Halma for four"),
        "{text}"
    );
    // Added back: the board posted anew, the game on, Boris's limit where it stopped.
    let back = h.cursor();
    h.api.add_bot_back(&g, &b.user, true);
    h.chat(g.clone())
        .sees(back, "the board posted anew", |m| m.is("SendPhoto"))
        .await;
    let resumed = wait_game(&h, id, "resumed", |t| t.paused.is_none()).await;
    let due = resumed.deadline.expect("Boris's limit");
    assert_eq!(due.kind, DeadlineKind::MoveMissed);
    let used = at.since(t.clocks.turn_started).0;
    let left = due.at.0 as i64 - h.clock.now().0 as i64;
    assert!(
        left + used as i64 + 2_000 >= 30_000,
        "{left} ms left after {used} ms used: the pause was counted"
    );
    h.settle().await;
    let posts = h
        .chat(g.clone())
        .since(back)
        .iter()
        .filter(|c| c.is("SendPhoto"))
        .count();
    assert_eq!(posts, 1, "one board");
    h.assert_within_limits();
}

/// Removed from the group for longer than the abandonment period, a paused table is
/// called off: no result, nobody's rating or statistics change, nothing said there.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_paused_past_the_abandonment_period_is_called_off_unrated() {
    let h = Harness::start().await;
    let (a, b) = (h.person(alice()), h.person(boris()));
    let g = english_group(&h, supergroup(), &a).await;
    let (_, _, t) = started(&h, &g, &a, &[&b], "/new halma4 30s").await;
    let id = t.id;
    let (_, text) = good_turn(&t);
    a.send(&g, &text);
    wait_game(&h, id, "Boris to move", |t| t.to_move() == Seat::Green).await;
    h.settle().await;
    let kicked = h.cursor();
    h.api.remove_bot(&g, &b.user, true);
    let paused = wait_game(&h, id, "paused", |t| t.paused.is_some()).await;
    let off = paused.deadline.expect("the pause's end");
    assert_eq!(off.kind, DeadlineKind::Unreachable);
    h.advance_clock(Millis(off.at.0.saturating_sub(h.clock.now().0) + 1000));
    let t = wait_game(&h, id, "called off", |t| !t.is_active()).await;
    assert!(
        matches!(t.status, Status::Aborted { by: None, .. }),
        "{:?}",
        t.status
    );
    assert!(t.ratings.is_empty(), "{:?}", t.ratings);
    for p in [&a, &b] {
        let played = h
            .store
            .user(UserId(p.id() as u64))
            .unwrap()
            .map(|u| u.multi.iter().map(|s| s.games()).sum::<u32>())
            .unwrap_or(0);
        assert_eq!(played, 0, "{}", p.user.first_name);
    }
    h.settle().await;
    assert!(
        h.chat(g.clone()).since(kicked).is_empty(),
        "{:?}",
        h.chat(g.clone()).since(kicked)
    );
    h.assert_within_limits();
}

/// A table's group becomes a supergroup and both service messages are lost: the first
/// call into the old group is refused naming the supergroup (400 with
/// `migrate_to_chat_id`), and the table follows it there, the old group tried once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tables_group_moved_without_notice_is_followed_where_it_went() {
    let h = Harness::start().await;
    let (a, b) = (h.person(alice()), h.person(boris()));
    let old = english_group(&h, TgChat::Group(-4545, "Quiet halma".into()), &a).await;
    let new = TgChat::Group(-1_004_545, "Quiet halma".into());
    let (_, _, t) = started(&h, &old, &a, &[&b], "/new halma4 10s").await;
    let id = t.id;
    h.settle().await;
    let c0 = h.cursor();
    h.api.migrate_silently(&old, &new);
    // Alice's limit passes: the program moves for her seat and the bot says so, into the
    // old id; the refusal names the supergroup, where the board is posted.
    h.chat(new.clone())
        .sees(c0, "the board in the supergroup", |c| c.is("SendPhoto"))
        .await;
    let g = wait_game(&h, id, "the table moved", |g| g.chat == ChatId(new.id())).await;
    assert_eq!(table_in(&h, &new).map(|t| t.id), Some(id));
    assert!(table_in(&h, &old).is_none());
    assert!(g.is_active());
    h.settle().await;
    let into_old = h.chat(old.clone()).since(c0);
    assert_eq!(
        into_old.len(),
        1,
        "the old group is tried once: {into_old:?}"
    );
    h.assert_within_limits();
}

/// A table's group becomes a supergroup: the table goes with it (its board posted there
/// once), a move typed in the supergroup plays, and nothing more goes to the old group.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tables_group_becomes_a_supergroup_and_the_table_goes_along() {
    let h = Harness::start().await;
    let (a, b) = (h.person(alice()), h.person(boris()));
    let old = english_group(&h, TgChat::Group(-4343, "Halma corner".into()), &a).await;
    let new = TgChat::Group(-1_004_343, "Halma corner".into());
    let (_, _, t) = started(&h, &old, &a, &[&b], "/new halma4 60s").await;
    let id = t.id;
    let c2 = h.cursor();
    h.api.migrate(&old, &new, &a.user);
    let moved = h
        .chat(new.clone())
        .sees(c2, "the board in the supergroup", |c| c.is("SendPhoto"))
        .await;
    let mid = ugolki_bot::game::MessageId(message_id(&moved) as i32);
    let g = wait_game(&h, id, "the board stored there", |g| {
        g.is_board(ChatId(new.id()), mid)
    })
    .await;
    assert_eq!(g.chat, ChatId(new.id()));
    assert_eq!(table_in(&h, &new).map(|t| t.id), Some(id));
    assert!(table_in(&h, &old).is_none());
    // Alice's move typed in the supergroup plays.
    let (_, text) = good_turn(&g);
    let c3 = h.cursor();
    a.send(&new, &text);
    wait_game(&h, id, "the move", |g| g.ply() == 1).await;
    h.settle().await;
    assert!(
        h.chat(old.clone())
            .since(c2)
            .iter()
            .all(|c| !c.is("SendPhoto"))
    );
    assert!(
        h.chat(old.clone()).since(c3).is_empty(),
        "nothing into the old group"
    );
    h.assert_within_limits();
}

/// The commands every game answers, at a table: `/m` plays, `/board` posts the board
/// again, `/games` lists it (in the group and privately), `/export` and `/history` after
/// its end send its record and replay.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_commands_of_every_game_reach_a_table() {
    let h = Harness::start().await;
    let (a, b) = (h.person(alice()), h.person(boris()));
    let g = english_group(&h, group(), &a).await;
    let (_, board, t) = started(&h, &g, &a, &[&b], "/new halma3").await;
    let id = t.id;
    // /m plays Alice's turn.
    let (_, text) = good_turn(&t);
    a.send(&g, &format!("/m {text}"));
    wait_game(&h, id, "the /m move", |g| g.ply() == 1).await;
    // /games in the group lists the table; Boris's private /games too, in his Russian.
    let list = a.says(&g, "/games").await;
    assert!(
        list.text().unwrap().contains("Halma for three"),
        "{:?}",
        list.text()
    );
    let mine = b.says(&b.dm(), "/games").await;
    let text = mine.text().unwrap();
    assert!(
        text.contains("Хальма втроём") && text.contains("ваш ход"),
        "{text}"
    );
    // /board posts the board again at the bottom; the old one says where it went.
    let c1 = h.cursor();
    b.send(&g, "/board");
    let again = h
        .chat(g.clone())
        .sees(c1, "the board again", |c| c.is("SendPhoto"))
        .await;
    assert_ne!(message_id(&again), message_id(&board));
    let mid = ugolki_bot::game::MessageId(message_id(&again) as i32);
    wait_game(&h, id, "the new board stored", |g| g.message == Some(mid)).await;
    // Boris plays by reply to the new board.
    let t = game(&h, id);
    let (_, text) = good_turn(&t);
    b.replies(&g, &again, &text);
    wait_game(&h, id, "Boris's reply played", |g| g.ply() >= 2).await;
    // Both leave: the game ends.
    for p in [&a, &b] {
        let q = p.says_and_reads(&g, "/resign", "Leave the game?").await;
        p.taps(&g, &q, |cb| matches!(cb, Callback::Resign { .. }))
            .await;
    }
    let c2 = h.cursor();
    wait_game(&h, id, "over", |g| !g.is_active()).await;
    end_announced(&h, &g, c2).await;
    // /export in the group sends the record of the game played there.
    let c3 = h.cursor();
    a.send(&g, "/export");
    let doc = h
        .chat(g.clone())
        .sees(c3, "the record", |c| c.is("SendDocument"))
        .await;
    assert!(
        doc.upload().is_some() || doc.str("document").is_some(),
        "{doc:?}"
    );
    // Alice's /history in her private chat lists the table with her place; its buttons
    // send the record and the replay there.
    let dm = a.dm();
    let history = a.says_and_reads(&dm, "/history", "Halma for three").await;
    let c4 = h.cursor();
    let record = |gif: bool| move |cb: &Callback| matches!(cb, Callback::Export { game, gif: x } if *game == id && *x == gif);
    assert_eq!(a.taps(&dm, &history, record(false)).await, "");
    h.chat(dm.clone())
        .sees(c4, "the record", |c| c.is("SendDocument"))
        .await;
    let c5 = h.cursor();
    assert_eq!(a.taps(&dm, &history, record(true)).await, "");
    h.chat(dm.clone())
        .sees(c5, "the replay", |c| c.is("SendAnimation"))
        .await;
    h.assert_within_limits();
}

/// A turn's limit starts when the board that shows it is sent: the group's burst is spent
/// (the board, then two answers to Boris), so the board of Alice's move waits for its
/// slot, and the next seat's 10 s run from when it went out.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tables_turn_starts_when_its_board_is_shown() {
    let h = Harness::start().await;
    let (a, b) = (h.person(alice()), h.person(boris()));
    let g = english_group(&h, group(), &a).await;
    let (_, board, t) = started(&h, &g, &a, &[&b], "/new halma4 10s").await;
    let (_, text) = good_turn(&t);
    // Boris asks for help until the chat's window is full: three calls within a second.
    let c1 = h.cursor();
    let chat = h.chat(g.clone());
    for _ in 0..8 {
        b.says(&g, "/help").await;
        let at: Vec<_> = chat.since(c1).iter().map(|c| c.at).collect();
        if at.len() >= 3
            && at[at.len() - 1].duration_since(at[at.len() - 3]) < Duration::from_secs(1)
        {
            break;
        }
    }
    let c2 = h.cursor();
    let moved = Timestamp::now();
    a.replies(&g, &board, &text);
    chat.sees(c2, "the move shown", |c| {
        c.is("EditMessageMedia") && c.text().is_some_and(|t| t.contains("Last: ⚪"))
    })
    .await;
    let shown = Timestamp::now();
    let calls: Vec<_> = chat
        .since(c1)
        .iter()
        .map(|c| (c.method.clone(), c.at))
        .collect();
    assert!(
        shown.since(moved).0 >= 1000,
        "the board was not held back: {} ms; {calls:?}",
        shown.since(moved).0
    );
    h.settle().await;
    let t = game(&h, t.id);
    let deadline = t.deadline.expect("Boris's limit").at;
    assert!(
        deadline.0 + 300 >= shown.0 + 10_000,
        "Boris's 10 s end {} ms after the board was shown",
        deadline.0 as i64 - shown.0 as i64
    );
    assert!(deadline.0 <= shown.0 + 10_500);
    h.assert_within_limits();
}

/// Buttons forged, stale or someone else's, on lobbies and table boards, and moves for
/// another seat: each gets a clear answer and nothing changes.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn forged_stale_and_foreign_buttons_at_a_table_change_nothing() {
    let h = Harness::start().await;
    let (a, b, e) = (h.person(alice()), h.person(boris()), h.person(erin()));
    let g = english_group(&h, group(), &a).await;
    let (lobby, board, t) = started(&h, &g, &a, &[&b], "/new halma3").await;
    let id = t.id;
    let before = game(&h, id);
    // The lobby's buttons once its game has started.
    assert_eq!(
        e.taps(&g, &lobby, lobby_act(LobbyAct::Join)).await,
        "This lobby is closed."
    );
    // Someone without a seat taps the picker.
    let alert = e
        .taps(&g, &board, |cb| matches!(cb, Callback::Tap { .. }))
        .await;
    assert_eq!(alert, "This is not your game.");
    // A stale ply.
    let stale = Callback::Tap {
        game: id,
        ply: 7,
        square: sq("a1"),
    }
    .encode();
    let said = a.taps_data(&g, message_id(&board), &stale).await;
    assert!(said.contains("out of date"), "{said}");
    // A pass where a move exists.
    let pass = Callback::Pass { game: id, ply: 0 }.encode();
    let said = a.taps_data(&g, message_id(&board), &pass).await;
    assert!(said.to_lowercase().contains("pass"), "{said}");
    // Boris's move for Alice's seat, by button and typed.
    let m = Callback::Move {
        game: id,
        ply: 0,
        from: sq("c3"),
        to: sq("d4"),
        confirmed: false,
    }
    .encode();
    let said = b.taps_data(&g, message_id(&board), &m).await;
    assert!(said.contains("Alice"), "{said}");
    let typed = b.says(&g, "c3-d4").await;
    assert!(
        typed.text().unwrap().contains("Alice"),
        "{:?}",
        typed.text()
    );
    // A button naming a game of another chat.
    let other = Callback::Tap {
        game: GameId(id.0 + 1000),
        ply: 0,
        square: sq("a1"),
    }
    .encode();
    assert!(!a.taps_data(&g, message_id(&board), &other).await.is_empty());
    // Undecodable data.
    assert!(
        !a.taps_data(&g, message_id(&board), "q:zz:zz:zz")
            .await
            .is_empty()
    );
    assert_eq!(game(&h, id), before, "nothing changed");
    h.assert_within_limits();
}

/// In a Russian group a table's refusals are in Russian: the service refuses with a typed
/// reason, put into words only at the edge, in the group's language.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_russian_groups_table_refuses_in_russian() {
    let h = Harness::start().await;
    let (a, b) = (h.person(alice()), h.person(boris()));
    let g = group();
    h.api.set_admins(g.id(), &[a.id()]);
    a.says(&g, "/lang ru").await;
    let lobby = a.says_and_reads(&g, "/new halma3", "Хальма втроём").await;
    a.says_and_reads(&g, "/new halma4", "уже идёт набор").await;
    assert_eq!(
        a.taps(&g, &lobby, lobby_act(LobbyAct::Join)).await,
        "Вы уже сидите за доской."
    );
    assert_eq!(
        a.taps(&g, &lobby, lobby_act(LobbyAct::Start)).await,
        "Ещё не все места заняты."
    );
    assert_eq!(
        b.taps(&g, &lobby, lobby_act(LobbyAct::Start)).await,
        "Это может только создатель."
    );
    assert_eq!(
        b.taps(&g, &lobby, lobby_act(LobbyAct::Leave)).await,
        "Вы не играете в этой партии."
    );
    h.assert_within_limits();
}

/// A person playing three program seats blocks the bot: the table pauses (no call into
/// the blocked chat, no turn played, nothing said), and when they unblock it the board
/// comes back anew and play goes on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_private_table_pauses_while_its_person_blocks_the_bot() {
    let h = Harness::start().await;
    let a = h.person(alice());
    let p = a.dm();
    a.says(&p, "/play halma4").await;
    let t = wait_table(&h, &p).await;
    let id = t.id;
    let (_, text) = good_turn(&t);
    a.send(&p, &text);
    let t = wait_game(&h, id, "Alice's turn again", |t| t.ply() >= 4).await;
    h.settle().await;
    let blocked = h.cursor();
    h.api.remove_bot(&p, &a.user, true);
    let paused = wait_game(&h, id, "paused", |t| t.paused.is_some()).await;
    assert_eq!(paused.moves.len(), t.moves.len());
    h.advance_clock(Millis::days(2));
    tokio::time::sleep(Duration::from_secs(2)).await;
    let now = game(&h, id);
    assert_eq!(
        (now.moves.len(), now.is_active(), now.paused.is_some()),
        (t.moves.len(), true, true)
    );
    assert!(
        h.chat(p.clone()).since(blocked).is_empty(),
        "{:?}",
        h.chat(p.clone()).since(blocked)
    );
    // Unblocked: the board anew, and Alice's move plays.
    let back = h.cursor();
    h.api.add_bot_back(&p, &a.user, true);
    h.chat(p.clone())
        .sees(back, "the board anew", |c| c.is("SendPhoto"))
        .await;
    let resumed = wait_game(&h, id, "resumed", |t| t.paused.is_none()).await;
    let (_, text) = good_turn(&resumed);
    a.send(&p, &text);
    wait_game(&h, id, "the game goes on", |t| t.ply() >= resumed.ply() + 4).await;
    h.assert_within_limits();
}
