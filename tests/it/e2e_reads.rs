//! What a move costs the store, counted by the in-memory store under the real bot: the
//! handler reads its game once (a typed move is read and resolved once, a button decoded
//! once, and the record read then is the one the move is played on), and each board
//! update reads it twice: once to see whether the board shows it already, and once more
//! when the chat's slot comes, for the newest state.

use crate::common::harness::*;
use std::sync::Arc;
use ugolki_bot::fakeapi::keyboard_buttons;
use ugolki_bot::game::{MemoryStore, Timing};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_reads_its_game_once_in_the_handler_and_twice_to_show_it() {
    let store = Arc::new(MemoryStore::new());
    let h = Harness::start_on(store.clone(), Timing::default()).await;
    let (g, a, b) = (group(), alice(), boris());
    // An untimed game (the group's default): no turn's start to move when a board waits.
    let opened = open_group_game(&h, &g, &a, &b, "/new classic").await;
    let (white, black) = colours(&opened.board, &a, &b);
    let bid = message_id(&opened.board);
    h.settle().await;

    // A typed move, as a reply to the board.
    let before = store.game_reads();
    let c = h.cursor();
    h.api.reply_text(&g, &white, bid, "c3-d3");
    h.expect(c, "the typed move's board", |c| {
        c.is("EditMessageMedia") && c.text().is_some_and(|t| t.contains("c3-d3"))
    })
    .await;
    h.settle().await;
    assert_eq!(
        store.game_reads() - before,
        3,
        "a typed move: the handler's read and the board's two"
    );

    // A tap on a piece: its selection on the keyboard.
    let kb = keyboard_buttons(h.api.message(g.id(), bid).unwrap().json.get("reply_markup"));
    let piece = button_in(&kb, "", tap_on("f6"));
    let before = store.game_reads();
    let c = h.cursor();
    h.api.tap(&g, &black, bid, &piece);
    let selection = h
        .expect(c, "the selection", |c| c.is("EditMessageReplyMarkup"))
        .await;
    h.settle().await;
    assert_eq!(
        store.game_reads() - before,
        3,
        "a selection: the handler's read and the board's two"
    );

    // A tap on its destination: the move.
    let to = button(&selection, "", move_between("f6", "e6"));
    let before = store.game_reads();
    let c = h.cursor();
    h.api.tap(&g, &black, bid, &to);
    h.expect(c, "the tapped move's board", |c| {
        c.is("EditMessageMedia") && c.text().is_some_and(|t| t.contains("f6-e6"))
    })
    .await;
    h.settle().await;
    assert_eq!(
        store.game_reads() - before,
        3,
        "a tapped move: the handler's read and the board's two"
    );
    h.assert_within_limits();
}

/// A table's typed turn costs the same: the handler's read and the board's two (Green,
/// a person, is to move next, so no program's turn follows).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tables_turn_reads_its_game_as_a_move_does() {
    use crate::common::people::Person;
    use ugolki_bot::bot::testing::LobbyAct;
    let store = Arc::new(MemoryStore::new());
    let h = Harness::start_on(store.clone(), Timing::default()).await;
    let (a, b): (Person<'_>, Person<'_>) = (h.person(alice()), h.person(boris()));
    let g = group();
    h.api.set_admins(g.id(), &[a.id()]);
    a.says(&g, "/lang en").await;
    let lobby = a.says_and_reads(&g, "/new halma3", "Host").await;
    let act = |want: LobbyAct| move |cb: &Callback| matches!(cb, Callback::Lobby { act, .. } if *act == want);
    b.taps(&g, &lobby, act(LobbyAct::Join)).await;
    a.taps(&g, &lobby, act(LobbyAct::Program(2))).await;
    let c = h.cursor();
    a.taps(&g, &lobby, act(LobbyAct::Start)).await;
    let board = h
        .expect(c, "the board", |c| {
            c.is("SendPhoto") && c.chat_id() == Some(g.id())
        })
        .await;
    h.settle().await;

    let before = store.game_reads();
    let c = a.replies(&g, &board, "b2-d4");
    h.expect(c, "the turn's board", |c| {
        c.is("EditMessageMedia") && c.text().is_some_and(|t| t.contains("Last: ⚪ b2-d4"))
    })
    .await;
    h.settle().await;
    assert_eq!(
        store.game_reads() - before,
        3,
        "a table's typed turn: the handler's read and the board's two"
    );
}
