//! The data directory fills up or becomes read-only: the bot tells the chat that it could
//! not save, keeps running, keeps every game it has, and works again once the disk does.
//!
//! Two ways to make the store fail:
//! - in process, a store wrapper whose writes fail with the OS error a full (ENOSPC) or
//!   read-only (EROFS) disk gives (works everywhere, also without root);
//! - the real binary on a small tmpfs that is filled up, then remounted read-only (needs
//!   root and mount; skipped with a note otherwise: file permissions do not bind root).

use crate::common::harness::*;
use std::ops::ControlFlow;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;
use ugolki_bot::fakeapi::{Call, FakeApi, TgChat, TgUser};
use ugolki_bot::game::{
    AnyRecord, ChallengeId, ChallengeRecord, ChatId, ChatRecord, CommitError, DeadlineEntry,
    GameId, GameRecord, Imported, MemoryStore, RecordKind, RecordRef, Storage, StoreError,
    Timestamp, Timing, UserId, UserRecord, Version, WriteSet,
};

/// A memory store whose writes fail with `error` while `full` is set (reads still work,
/// as on a full or read-only disk).
struct FullDisk {
    inner: MemoryStore,
    full: AtomicBool,
    error: fn() -> StoreError,
}

fn enospc() -> StoreError {
    StoreError::Io("No space left on device (os error 28)".into())
}

fn erofs() -> StoreError {
    StoreError::Io("Read-only file system (os error 30)".into())
}

impl FullDisk {
    fn check(&self) -> Result<(), StoreError> {
        if self.full.load(Ordering::SeqCst) {
            Err((self.error)())
        } else {
            Ok(())
        }
    }
}

impl Storage for FullDisk {
    fn new_game_id(&self) -> Result<GameId, StoreError> {
        self.check()?;
        self.inner.new_game_id()
    }
    fn new_challenge_id(&self) -> Result<ChallengeId, StoreError> {
        self.check()?;
        self.inner.new_challenge_id()
    }
    fn new_tournament_id(&self) -> Result<ugolki_bot::game::TournamentId, StoreError> {
        self.check()?;
        self.inner.new_tournament_id()
    }
    fn tournament(
        &self,
        id: ugolki_bot::game::TournamentId,
    ) -> Result<Option<ugolki_bot::game::TournamentRecord>, StoreError> {
        self.inner.tournament(id)
    }
    fn game(&self, id: GameId) -> Result<Option<GameRecord>, StoreError> {
        self.inner.game(id)
    }
    fn analysis(&self, id: GameId) -> Result<Option<ugolki_bot::game::AnalysisRecord>, StoreError> {
        self.inner.analysis(id)
    }
    fn put_analysis(&self, a: &ugolki_bot::game::AnalysisRecord) -> Result<(), StoreError> {
        self.check()?;
        self.inner.put_analysis(a)
    }
    fn user(&self, id: UserId) -> Result<Option<UserRecord>, StoreError> {
        self.inner.user(id)
    }
    fn chat(&self, id: ChatId) -> Result<Option<ChatRecord>, StoreError> {
        self.inner.chat(id)
    }
    fn challenge(&self, id: ChallengeId) -> Result<Option<ChallengeRecord>, StoreError> {
        self.inner.challenge(id)
    }
    fn commit(&self, writes: WriteSet) -> Result<(), CommitError> {
        self.check()?;
        self.inner.commit(writes)
    }
    fn deadlines(&self, until: Timestamp, limit: usize) -> Result<Vec<DeadlineEntry>, StoreError> {
        self.inner.deadlines(until, limit)
    }
    fn user_games(
        &self,
        user: UserId,
        before: Option<GameId>,
        limit: usize,
    ) -> Result<Vec<GameId>, StoreError> {
        self.inner.user_games(user, before, limit)
    }
    fn users_by_username(&self, username: &str) -> Result<Vec<UserId>, StoreError> {
        self.inner.users_by_username(username)
    }
    fn chat_games(&self, chat: ChatId) -> Result<Vec<GameId>, StoreError> {
        self.inner.chat_games(chat)
    }
    fn all_chat_games(&self) -> Result<Vec<(ChatId, GameId)>, StoreError> {
        self.inner.all_chat_games()
    }
    fn scan(
        &self,
        kind: RecordKind,
        visit: &mut dyn FnMut(AnyRecord) -> ControlFlow<()>,
    ) -> Result<(), StoreError> {
        self.inner.scan(kind, visit)
    }
    fn challenges_after(
        &self,
        after: ChallengeId,
        limit: usize,
    ) -> Result<Vec<ChallengeRecord>, StoreError> {
        self.inner.challenges_after(after, limit)
    }
    fn remove(&self, records: &[(RecordRef, Version)]) -> Result<usize, StoreError> {
        self.check()?;
        self.inner.remove(records)
    }
    fn import(&self, records: Vec<AnyRecord>) -> Result<Vec<Imported>, StoreError> {
        self.check()?;
        self.inner.import(records)
    }
    fn flush(&self) -> Result<(), StoreError> {
        self.check()?;
        self.inner.flush()
    }
}

fn could_not_save(t: &str) -> bool {
    t.contains("Could not save") || t.contains("Не удалось сохранить")
}

/// White's user id from a board caption (the first mention).
fn white_of(board: &Call) -> i64 {
    let caption = board.text().unwrap_or_default();
    let at = caption.find("tg://user?id=").expect("a mention") + "tg://user?id=".len();
    caption[at..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect::<String>()
        .parse()
        .expect("an id")
}

async fn open_game(api: &FakeApi, g: &TgChat, a: &TgUser, b: &TgUser) -> (Call, TgUser, TgUser) {
    let c0 = api.call_count();
    api.send_text(g, a, "/new classic");
    let ch = api
        .wait_for(c0, WAIT, |c| c.is("SendMessage") && !c.buttons().is_empty())
        .await
        .expect("a challenge");
    let c1 = api.call_count();
    let accept = button(&ch, "", |cb| {
        matches!(cb, Callback::Challenge { accept: true, .. })
    });
    api.tap(g, b, message_id(&ch), &accept);
    let board = api
        .wait_for(c1, WAIT, |c| c.is("SendPhoto"))
        .await
        .expect("a board");
    if white_of(&board) == a.id {
        (board, a.clone(), b.clone())
    } else {
        (board, b.clone(), a.clone())
    }
}

/// Reply `mv` to the board and wait for the board to show it.
async fn play(api: &FakeApi, g: &TgChat, u: &TgUser, board: i64, mv: &str) -> Option<Call> {
    let c = api.call_count();
    api.reply_text(g, u, board, mv);
    api.wait_for(c, WAIT, |c| {
        c.is("EditMessageMedia") && c.text().is_some_and(|t| t.contains(mv))
    })
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_disk_is_reported_and_loses_nothing() {
    failing_writes_are_reported_and_lose_nothing(enospc).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_read_only_disk_is_reported_and_loses_nothing() {
    failing_writes_are_reported_and_lose_nothing(erofs).await;
}

/// Writes start failing with `error` mid-game; the chat is told, nothing changes or is
/// lost, and the refused move plays once writes work again.
async fn failing_writes_are_reported_and_lose_nothing(error: fn() -> StoreError) {
    let store = Arc::new(FullDisk {
        inner: MemoryStore::new(),
        full: AtomicBool::new(false),
        error,
    });
    let h = Harness::start_on(store.clone(), Timing::default()).await;
    let g = group();
    let (board, white, black) = open_game(&h.api, &g, &alice(), &boris()).await;
    let bid = message_id(&board);
    let gid = board
        .buttons()
        .iter()
        .find_map(|(_, d)| decoded(d).and_then(|cb| cb.game()))
        .expect("a game id");
    play(&h.api, &g, &white, bid, "c3-d3").await.expect("c3-d3");

    store.full.store(true, Ordering::SeqCst);
    // A typed move: the chat is told, the board does not change.
    let c0 = h.cursor();
    h.api.reply_text(&g, &black, bid, "f6-e6");
    let told = h
        .expect(c0, "the error", |c| {
            c.is("SendMessage") && c.text().is_some_and(|t| could_not_save(&t))
        })
        .await;
    assert_eq!(told.chat_id(), Some(g.id()));
    // A move by taps: the piece can still be selected (no write), the move is refused with
    // an alert.
    let c1 = h.cursor();
    let sel = Callback::Tap {
        game: gid,
        ply: 1,
        square: sq("f6"),
    };
    h.api.tap(&g, &black, bid, &sel.encode());
    h.expect(c1, "selection", |c| c.is("EditMessageReplyMarkup"))
        .await;
    let c2 = h.cursor();
    let mv = Callback::Move {
        game: gid,
        ply: 1,
        from: sq("f6"),
        to: sq("e6"),
        confirmed: false,
    };
    let qid = h.api.tap(&g, &black, bid, &mv.encode());
    // The selection's own answer may come after its edit: wait for this press's answer.
    let alert = h
        .expect(c2, "an alert", |c| {
            c.is("AnswerCallbackQuery") && c.str("callback_query_id") == Some(qid.as_str())
        })
        .await;
    assert!(
        alert.str("text").is_some_and(could_not_save),
        "{:?}",
        alert.params
    );
    // A new challenge cannot be stored either: said so.
    let c3 = h.cursor();
    h.api.send_text(&g, &carol(), "/new");
    h.expect(c3, "the error for /new", |c| {
        c.is("SendMessage") && c.text().is_some_and(|t| could_not_save(&t))
    })
    .await;
    h.settle().await;
    let calls = h.api.calls_since(c0);
    assert!(
        !calls
            .iter()
            .any(|c| c.is("EditMessageMedia") && c.text().is_some_and(|t| t.contains("f6-e6"))),
        "a refused move was shown"
    );
    let stored = store.game(gid).unwrap().unwrap();
    assert_eq!(
        stored.moves.len(),
        1,
        "the game kept exactly its stored move"
    );

    // Space again: the same move now plays, nothing was lost.
    store.full.store(false, Ordering::SeqCst);
    play(&h.api, &g, &black, bid, "f6-e6")
        .await
        .expect("the move plays once the disk has room");
    let stored = store.game(gid).unwrap().unwrap();
    let moves: Vec<String> = stored.moves.iter().map(ToString::to_string).collect();
    assert_eq!(moves, ["c3-d3", "f6-e6"]);
}

fn spawn_bot(api: &FakeApi, dir: &std::path::Path) -> Child {
    Command::new(env!("CARGO_BIN_EXE_ugolki"))
        .args(["bot", "--board-px", "240"])
        .args(["--actions-per-minute", "0"])
        .arg("--api-url")
        .arg(api.url())
        .arg("--data-dir")
        .arg(dir)
        .env("TELOXIDE_TOKEN", "4242:TESTTOKEN")
        .env("UGOLKI_LOG", "error")
        .stdout(Stdio::null())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("start the bot")
}

fn sh(cmd: &str, args: &[&str]) -> bool {
    Command::new(cmd)
        .args(args)
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// Kills a bot process if the test panics (a std `Child` is not killed on drop, and a
/// leaked bot would hold the test's output pipe open).
struct KillOnPanic(u32);

impl Drop for KillOnPanic {
    fn drop(&mut self) {
        if std::thread::panicking() {
            let _ = sh("kill", &["-KILL", &self.0.to_string()]);
        }
    }
}

struct Mount(std::path::PathBuf);

impl Drop for Mount {
    fn drop(&mut self) {
        let p = self.0.to_string_lossy().to_string();
        let _ = sh("umount", &["-l", &p]);
    }
}

async fn terminate(mut bot: Child) -> std::process::ExitStatus {
    let _ = sh("kill", &["-TERM", &bot.id().to_string()]);
    for _ in 0..300 {
        if let Ok(Some(s)) = bot.try_wait() {
            return s;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let _ = bot.kill();
    bot.wait().expect("the bot")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_real_bot_on_a_full_then_read_only_disk() {
    let root = tempfile::tempdir().unwrap();
    let mnt = root.path().join("disk");
    std::fs::create_dir_all(&mnt).unwrap();
    let m = mnt.to_string_lossy().to_string();
    if !sh("mount", &["-t", "tmpfs", "-o", "size=24m", "tmpfs", &m]) {
        eprintln!("skipped: cannot mount a tmpfs here (needs root); the in-process test covers it");
        return;
    }
    let _mount = Mount(mnt.clone());
    let data = mnt.join("data");
    let api = FakeApi::start().await.unwrap();
    api.set_limits(Some(ugolki_bot::fakeapi::TelegramLimits::default()));
    let g = group();
    let bot = spawn_bot(&api, &data);
    let _guard = KillOnPanic(bot.id());
    api.wait_for(0, WAIT, |c| c.is("SetMyCommands"))
        .await
        .expect("bot up");
    let (board, white, black) = open_game(&api, &g, &alice(), &boris()).await;
    let bid = message_id(&board);
    play(&api, &g, &white, bid, "c3-d3").await.expect("c3-d3");
    play(&api, &g, &black, bid, "f6-e6").await.expect("f6-e6");

    // Fill the disk to the last byte.
    let filler = mnt.join("filler");
    let _ = Command::new("dd")
        .args(["if=/dev/zero", "bs=1M", "count=64"])
        .arg(format!("of={}", filler.display()))
        .stderr(Stdio::null())
        .status();
    let c0 = api.call_count();
    api.reply_text(&g, &white, bid, "d3-e3");
    let told = api
        .wait_for(c0, WAIT, |c| {
            (c.is("SendMessage") && c.text().is_some_and(|t| could_not_save(&t)))
                || (c.is("EditMessageMedia") && c.text().is_some_and(|t| t.contains("d3-e3")))
        })
        .await
        .expect("an answer on a full disk");
    let full_disk_told = told.is("SendMessage");
    eprintln!(
        "full disk: the move was {}",
        if full_disk_told {
            "refused and the chat told"
        } else {
            "stored in space sled had already reserved"
        }
    );

    // Read-only. Linux refuses to remount a file system read-only (EBUSY) while a process
    // has files on it open for writing, as the bot has: then this part cannot be staged
    // with a running bot and is skipped (the in-process test covers the failing writes).
    let _ = std::fs::remove_file(&filler);
    let read_only = sh("mount", &["-o", "remount,ro", &m]);
    let (mover, mv) = if full_disk_told {
        (&white, "d3-e3")
    } else {
        (&black, "e6-e5")
    };
    if read_only {
        let c1 = api.call_count();
        api.reply_text(&g, mover, bid, mv);
        api.wait_for(c1, WAIT, |c| {
            c.is("SendMessage") && c.text().is_some_and(|t| could_not_save(&t))
        })
        .await
        .expect("the chat is told the store cannot be written");
    } else {
        eprintln!("read-only part skipped: the kernel refuses to remount while the bot writes");
    }
    // The bot is still there: it answers a command.
    let c2 = api.call_count();
    api.send_text(&g, &carol(), "/help");
    api.wait_for(c2, WAIT, |c| c.is("SendMessage"))
        .await
        .expect("still answering");
    let _ = terminate(bot).await;

    // Writable again: a new process has every acknowledged move.
    if read_only {
        assert!(sh("mount", &["-o", "remount,rw", &m]), "remount read-write");
    }
    let bot = spawn_bot(&api, &data);
    let _guard2 = KillOnPanic(bot.id());
    let c3 = api.call_count();
    api.wait_for(c3, WAIT, |c| c.is("SetMyCommands"))
        .await
        .expect("bot back");
    let next = if full_disk_told { "d3-e3" } else { "e6-e5" };
    let who = if full_disk_told { &white } else { &black };
    play(&api, &g, who, bid, next)
        .await
        .expect("the game goes on from its stored moves");
    let status = terminate(bot).await;
    assert!(status.success(), "{status:?}");
    let store = ugolki_bot::store::SledStore::open(&ugolki_bot::store::StoreConfig::at(&data))
        .expect("the store opens");
    let mut games = Vec::new();
    store
        .scan(RecordKind::Game, &mut |r| {
            if let AnyRecord::Game(g) = r {
                games.push(g);
            }
            ControlFlow::Continue(())
        })
        .unwrap();
    assert_eq!(games.len(), 1);
    let moves: Vec<String> = games[0].moves.iter().map(ToString::to_string).collect();
    let mut want = vec!["c3-d3", "f6-e6"];
    if !full_disk_told {
        want.push("d3-e3");
    }
    want.push(next);
    assert_eq!(moves, want);
    assert!(games[0].replay().is_ok());
}
