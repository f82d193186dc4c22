//! The sled store: locking, schema migration from real v0 and v1 databases, corrupt-record
//! quarantine, export/import, and a crash test with a real process killed by SIGKILL.

use crate::common::{classic_challenge, classic_game};
use std::collections::BTreeMap;
use std::io::{BufRead, BufReader};
use std::ops::ControlFlow;
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use ugolki_bot::ai::rng::Rng;
use ugolki_bot::cli::store::{ImportCounts, export_to, import_from};
use ugolki_bot::engine::multi::{MultiVariant, Seat};
use ugolki_bot::engine::{AnyVariant, Color, Outcome, Reason, Variant, VariantId};
use ugolki_bot::game::*;
use ugolki_bot::store::v0::{ChatV0, GameV0, StatsV0, UserV0};
use ugolki_bot::store::v1::{self, ChatV1};
use ugolki_bot::store::{OpenError, SledStore, StoreConfig, codec, keys};
use ugolki_bot::store::{v2, v3, v4, v5, v6, v7};

const A: UserId = UserId(11);
const B: UserId = UserId(22);
const CHAT: ChatId = ChatId(-100);

fn open(dir: &Path) -> Arc<SledStore> {
    Arc::new(
        SledStore::open(&StoreConfig::at(dir))
            .unwrap_or_else(|e| panic!("open {}: {e}", dir.display())),
    )
}

/// Open the database with sled directly (to write or inspect raw values), waiting out a
/// lock still held for a moment by a store this process just closed.
fn raw_sled(dir: &Path) -> sled::Db {
    let start = Instant::now();
    loop {
        match sled::open(dir.join("db")) {
            Ok(db) => return db,
            Err(_) if start.elapsed() < Duration::from_secs(10) => {
                std::thread::sleep(Duration::from_millis(20))
            }
            Err(e) => panic!("{e}"),
        }
    }
}

/// Mark a raw database as written by schema `n`, and flush it.
fn mark_schema(raw: &sled::Db, n: u8) {
    raw.open_tree("meta")
        .unwrap()
        .insert("schema", &[n])
        .unwrap();
    raw.flush().unwrap();
}

/// Every value in `trees` of the (closed) database in `dir` is in the current schema.
fn assert_current_schema(dir: &Path, trees: &[&str]) {
    let raw = raw_sled(dir);
    for tree in trees {
        for kv in raw.open_tree(tree).unwrap().iter() {
            assert_eq!(kv.unwrap().1[0], codec::SCHEMA, "{tree}");
        }
    }
}

/// Open, expecting the directory may be locked: do not wait.
fn open_now(dir: &Path) -> Result<SledStore, OpenError> {
    SledStore::open(&StoreConfig {
        lock_wait: Duration::ZERO,
        ..StoreConfig::at(dir)
    })
}

fn service(store: &Arc<SledStore>) -> GameService {
    GameService::new(store.clone(), Timing::default())
}

fn t(ms: u64) -> Timestamp {
    Timestamp(ms)
}

fn text(s: &str) -> MoveInput {
    MoveInput::Text(s.to_string())
}

fn pvp(s: &GameService, variant: VariantId, now: u64) -> GameRecord {
    s.create_game(
        NewGame {
            variant: Variant::new(variant).into(),
            message: Some(MessageId(1)),
            ..classic_game([Player::Human(A), Player::Human(B)], CHAT)
        },
        t(now),
    )
    .unwrap()
}

pub(crate) fn all(store: &dyn Storage, kind: RecordKind) -> Vec<AnyRecord> {
    let mut v = Vec::new();
    store
        .scan(kind, &mut |r| {
            v.push(r);
            ControlFlow::Continue(())
        })
        .unwrap();
    v
}

#[test]
fn data_dir_is_locked_and_must_be_writable() {
    let dir = tempfile::tempdir().unwrap();
    let first = open(dir.path());
    match open_now(dir.path()) {
        Err(OpenError::Locked { holder, .. }) => {
            assert_eq!(holder, Some(std::process::id().to_string()))
        }
        other => panic!("expected Locked, got {:?}", other.err()),
    }
    let msg = open_now(dir.path()).err().unwrap().to_string();
    assert!(msg.contains("in use by another running instance"), "{msg}");
    drop(first);
    open(dir.path());

    let file = dir.path().join("plain-file");
    std::fs::write(&file, b"x").unwrap();
    match SledStore::open(&StoreConfig::at(file.join("data"))) {
        Err(e @ OpenError::NotWritable { .. }) => assert!(e.to_string().contains("not writable")),
        other => panic!("expected NotWritable, got {:?}", other.err()),
    }
}

#[test]
fn records_survive_reopening() {
    let dir = tempfile::tempdir().unwrap();
    let (id, before) = {
        let store = open(dir.path());
        let s = service(&store);
        let g = pvp(&s, VariantId::Classic, 0);
        s.play(g.id, Actor::User(A), Expect::Any, &text("c3-d3"), t(1))
            .unwrap();
        s.touch_user(
            &UserProfile {
                id: A,
                name: "Ann".into(),
                username: Some("ann".into()),
            },
            t(2),
        )
        .unwrap();
        (g.id, s.game(g.id).unwrap())
    };
    let store = open(dir.path());
    let s = service(&store);
    assert_eq!(s.game(id).unwrap(), before);
    assert_eq!(store.schema().unwrap(), codec::SCHEMA);
    assert_eq!(s.users_by_username("ANN").unwrap()[0].name, "Ann");
    s.play(id, Actor::User(B), Expect::Ply(1), &text("f6-e6"), t(3))
        .unwrap();
    let ids = store.new_game_id().unwrap();
    assert!(ids.0 > id.0, "ids are never reused");
}

fn write_v0(dir: &Path) {
    let db = raw_sled(dir);
    let (games, users, chats) = (
        db.open_tree("games").unwrap(),
        db.open_tree("users").unwrap(),
        db.open_tree("chats").unwrap(),
    );
    let g = |id: u64| GameV0 {
        id,
        variant: "classic".into(),
        white: Some(11),
        black: Some(22),
        level: None,
        start: None,
        moves: vec![],
        result: None,
        reason: None,
        chat: -100,
        message: Some(5),
        created: 1_700_000_000,
        updated: 1_700_000_100,
        clock: None,
    };
    let put = |tree: &sled::Tree, key: &[u8], v: &[u8]| {
        tree.insert(key, v).unwrap();
    };
    let active = GameV0 {
        moves: vec!["c3-d3".into(), "f6-e6".into(), "b3-b4".into()],
        clock: Some("5+3".into()),
        ..g(1)
    };
    let finished = GameV0 {
        variant: "diagonal".into(),
        moves: vec!["c3-d4".into()],
        result: Some("0-1".into()),
        reason: Some("resignation".into()),
        ..g(2)
    };
    let program = GameV0 {
        black: None,
        level: Some(4),
        ..g(3)
    };
    let bad_variant = GameV0 {
        variant: "chess".into(),
        ..g(4)
    };
    let illegal = GameV0 {
        moves: vec!["c3-c7".into()],
        ..g(5)
    };
    for v in [&active, &finished, &program, &bad_variant, &illegal] {
        put(&games, &v.id.to_be_bytes(), &serde_json::to_vec(v).unwrap());
    }
    let ann = UserV0 {
        id: 11,
        name: "Ann".into(),
        username: Some("Ann_K".into()),
        lang: Some("ru-RU".into()),
        stats: BTreeMap::from([(
            "classic".to_string(),
            StatsV0 {
                w: 3,
                d: 1,
                l: 2,
                rating: 1532.6,
                rated: 6,
            },
        )]),
    };
    let bob = UserV0 {
        id: 22,
        name: "Bob".into(),
        username: None,
        lang: None,
        stats: BTreeMap::new(),
    };
    for u in [&ann, &bob] {
        put(&users, &u.id.to_be_bytes(), &serde_json::to_vec(u).unwrap());
    }
    let chat = ChatV0 {
        id: -100,
        lang: Some("en".into()),
        variant: Some("diagonal".into()),
        games: vec![1, 3],
    };
    put(
        &chats,
        &keys::chat(ChatId(-100)),
        &serde_json::to_vec(&chat).unwrap(),
    );
    db.flush().unwrap();
}

/// A database written in schema 0 (JSON values, no version byte, no indexes) opens,
/// is upgraded in place, and play continues.
#[test]
fn a_schema_0_database_is_migrated_on_open() {
    let dir = tempfile::tempdir().unwrap();
    write_v0(dir.path());
    {
        let raw = raw_sled(dir.path());
        assert!(
            raw.open_tree("meta")
                .unwrap()
                .get("schema")
                .unwrap()
                .is_none()
        );
        assert_eq!(
            raw.open_tree("games")
                .unwrap()
                .get(1u64.to_be_bytes())
                .unwrap()
                .unwrap()[0],
            b'{'
        );
    }
    let store = open(dir.path());
    assert_eq!(store.schema().unwrap(), codec::SCHEMA);
    let s = service(&store);

    let g1 = s.game(GameId(1)).unwrap();
    assert_eq!(
        g1.moves.iter().map(|p| p.to_string()).collect::<Vec<_>>(),
        ["c3-d3", "f6-e6", "b3-b4"]
    );
    assert_eq!(g1.position, g1.replay().unwrap().position_text());
    assert_eq!(g1.side_to_move(), Color::Black);
    assert_eq!(g1.time_control, "5+3".parse().unwrap());
    assert_eq!(
        (g1.created_at, g1.updated_at),
        (t(1_700_000_000_000), t(1_700_000_100_000))
    );
    assert!(g1.rated && g1.is_active());
    assert_eq!(
        g1.deadline,
        Some(Deadline {
            at: t(1_700_000_100_000 + 300_000 - 30_000),
            kind: DeadlineKind::ClockReminder
        })
    );
    let g2 = s.game(GameId(2)).unwrap();
    assert_eq!(
        g2.status,
        Status::over(
            Outcome::win(Color::Black, Reason::Resignation),
            t(1_700_000_100_000)
        )
    );
    assert_eq!(g2.variant.id(), VariantId::Diagonal.id());
    let g3 = s.game(GameId(3)).unwrap();
    assert_eq!(g3.players, [Player::Human(A), Player::Program { level: 4 }]);
    assert!(!g3.rated);

    // The two undecodable v0 games were set aside, not lost, and nothing else suffered.
    assert!(matches!(
        s.game(GameId(4)),
        Err(ServiceError::NoSuchGame(_))
    ));
    assert!(matches!(
        s.game(GameId(5)),
        Err(ServiceError::NoSuchGame(_))
    ));
    let q = store.quarantined().unwrap();
    assert_eq!(q.len(), 2);
    assert!(
        q.iter()
            .all(|q| q.tree == "games" && q.raw[0] == b'{' && q.reason.contains("schema 0"))
    );

    let ann = s.user(A).unwrap().unwrap();
    assert_eq!(ann.language, Some(Language::Ru));
    let st = ann.stats(VariantId::Classic).unwrap();
    assert_eq!(
        (st.wins, st.draws, st.losses, st.rating, st.rated_games),
        (3, 1, 2, 1533, 6)
    );
    let chat = s.chat(CHAT, t(0)).unwrap();
    assert_eq!(
        (chat.settings.language, chat.settings.variant.id()),
        (Some(Language::En), VariantId::Diagonal)
    );
    assert_eq!(store.chat_games(CHAT).unwrap(), vec![GameId(1), GameId(3)]);

    // Indexes v0 never had are built.
    assert_eq!(s.users_by_username("ann_k").unwrap()[0].id, A);
    let hist: Vec<GameId> = s
        .user_games(A, None, 10)
        .unwrap()
        .iter()
        .map(|g| g.id)
        .collect();
    assert_eq!(hist, vec![GameId(3), GameId(2), GameId(1)]);
    let dl = s.deadlines(Timestamp(u64::MAX), 10).unwrap();
    assert_eq!(dl.len(), 2);
    assert!(
        dl.iter()
            .any(|d| d.target == DeadlineTarget::Game(GameId(1)))
    );

    // Play on, finish, and count: the migrated stats are the base.
    s.play(
        GameId(1),
        Actor::User(B),
        Expect::Ply(3),
        &text("e6-e5"),
        t(1_700_000_200_000),
    )
    .unwrap();
    s.resign(GameId(1), B, t(1_700_000_300_000)).unwrap();
    assert_eq!(
        s.user(A)
            .unwrap()
            .unwrap()
            .stats(VariantId::Classic)
            .unwrap()
            .wins,
        4
    );
    drop(s);
    drop(store);

    // Values are now the current schema; reopening changes nothing.
    let store = open(dir.path());
    let before = all(&*store, RecordKind::Game);
    assert_eq!(before.len(), 3);
    drop(store);
    {
        let raw = raw_sled(dir.path());
        for kv in raw.open_tree("games").unwrap().iter() {
            assert_eq!(kv.unwrap().1[0], codec::SCHEMA);
        }
        // A straggler v0 value (e.g. restored from an old backup) still reads.
        let late = GameV0 {
            id: 9,
            variant: "classic".into(),
            white: Some(11),
            black: Some(22),
            level: None,
            start: None,
            moves: vec!["c3-d3".into()],
            result: None,
            reason: None,
            chat: -100,
            message: None,
            created: 1,
            updated: 2,
            clock: None,
        };
        raw.open_tree("games")
            .unwrap()
            .insert(9u64.to_be_bytes(), serde_json::to_vec(&late).unwrap())
            .unwrap();
        raw.flush().unwrap();
    }
    let store = open(dir.path());
    assert_eq!(all(&*store, RecordKind::Game)[..3], before[..]);
    assert_eq!(store.game(GameId(9)).unwrap().unwrap().ply(), 1);
}

/// A schema-1 database (chats listing their active games, games with one board) is
/// upgraded on open: the lists become the `chat_games` index, rebuilt from the games, and
/// nothing else changes.
#[test]
fn a_schema_1_database_is_migrated_on_open() {
    let dir = tempfile::tempdir().unwrap();
    let other = ChatId(-200);
    let (games, chats) = {
        let store = open(dir.path());
        let s = service(&store);
        let g1 = pvp(&s, VariantId::Classic, 0);
        s.play(g1.id, Actor::User(A), Expect::Any, &text("c3-d3"), t(1))
            .unwrap();
        let g2 = pvp(&s, VariantId::Diagonal, 2);
        s.resign(g2.id, A, t(3)).unwrap();
        let new3 = NewGame {
            message: Some(MessageId(5)),
            rated: false,
            ..classic_game([Player::Human(B), Player::Program { level: 2 }], other)
        };
        let g3 = s.create_game(new3, t(4)).unwrap();
        let games: Vec<GameRecord> = [g1.id, g2.id, g3.id]
            .iter()
            .map(|id| s.game(*id).unwrap())
            .collect();
        let chats = [s.chat(CHAT, t(5)).unwrap(), s.chat(other, t(5)).unwrap()];
        (games, chats)
    };
    // Rewrite it as schema 1, the way the previous program stored it.
    {
        let raw = raw_sled(dir.path());
        let gt = raw.open_tree("games").unwrap();
        for g in &games {
            gt.insert(
                keys::game(g.id),
                v1::encode(&v1::game_v1(&v7::game_v7(g).unwrap())).unwrap(),
            )
            .unwrap();
        }
        let ct = raw.open_tree("chats").unwrap();
        for c in &chats {
            let active = games
                .iter()
                .filter(|g| g.chat == c.id && g.is_active())
                .map(|g| g.id)
                .collect();
            let old = ChatV1 {
                id: c.id,
                version: c.version,
                settings: v2::settings_v2(&c.settings),
                active,
                players: c.players.clone(),
                created_at: c.created_at,
                updated_at: c.updated_at,
            };
            ct.insert(keys::chat(c.id), v1::encode(&old).unwrap())
                .unwrap();
        }
        raw.drop_tree("chat_games").unwrap();
        mark_schema(&raw, 1);
    }
    let store = open(dir.path());
    assert_eq!(store.schema().unwrap(), codec::SCHEMA);
    let s = service(&store);
    for g in &games {
        assert_eq!(&s.game(g.id).unwrap(), g);
    }
    assert_eq!(s.chat(CHAT, t(6)).unwrap(), chats[0]);
    assert_eq!(store.chat_games(CHAT).unwrap(), vec![games[0].id]);
    assert_eq!(store.chat_games(other).unwrap(), vec![games[2].id]);
    assert_eq!(
        s.active_games(CHAT)
            .unwrap()
            .iter()
            .map(|g| g.id)
            .collect::<Vec<_>>(),
        vec![games[0].id]
    );
    {
        // Every value was rewritten as the current schema.
        drop(s);
        drop(store);
        assert_current_schema(dir.path(), &["games", "chats"]);
    }
    // Play goes on; the game's end takes it off its chat's list without a chat write.
    let store = open(dir.path());
    let s = service(&store);
    s.play(
        games[0].id,
        Actor::User(B),
        Expect::Ply(1),
        &text("f6-e6"),
        t(7),
    )
    .unwrap();
    s.resign(games[0].id, B, t(8)).unwrap();
    assert!(store.chat_games(CHAT).unwrap().is_empty());
    assert_eq!(s.chat(CHAT, t(9)).unwrap().version, chats[0].version);
}

/// How an earlier schema stored a game and a chat.
struct OldSchema {
    schema: u8,
    game: fn(&GameRecord) -> Vec<u8>,
    chat: fn(&ChatRecord) -> Vec<u8>,
}

/// A database with a game (White has played c3-d3) and chat `chat`, its settings changed by
/// `settings`, both rewritten as `old` stored them, is opened: it is at the current schema,
/// the game and the chat read as they were (`check` looks further at them), and once it is
/// closed every game and chat is stored in the current schema.
fn migrates_from(
    old: OldSchema,
    chat: ChatId,
    settings: impl Fn(&mut ChatSettings),
    check: impl FnOnce(&GameRecord, &ChatRecord),
) {
    let dir = tempfile::tempdir().unwrap();
    let (game, before) = {
        let store = open(dir.path());
        let s = service(&store);
        let g = pvp(&s, VariantId::Classic, 0);
        s.play(g.id, Actor::User(A), Expect::Any, &text("c3-d3"), t(1))
            .unwrap();
        s.update_chat_settings(chat, t(2), settings).unwrap();
        (s.game(g.id).unwrap(), s.chat(chat, t(3)).unwrap())
    };
    // Rewrite them the way the program of that schema stored them.
    {
        let raw = raw_sled(dir.path());
        raw.open_tree("games")
            .unwrap()
            .insert(keys::game(game.id), (old.game)(&game))
            .unwrap();
        raw.open_tree("chats")
            .unwrap()
            .insert(keys::chat(chat), (old.chat)(&before))
            .unwrap();
        mark_schema(&raw, old.schema);
    }
    let store = open(dir.path());
    assert_eq!(store.schema().unwrap(), codec::SCHEMA);
    let s = service(&store);
    let g = s.game(game.id).unwrap();
    assert_eq!(g, game);
    let c = s.chat(chat, t(4)).unwrap();
    assert_eq!(c, before);
    check(&g, &c);
    drop(s);
    drop(store);
    assert_current_schema(dir.path(), &["games", "chats"]);
}

#[test]
fn a_schema_2_database_is_migrated_on_open() {
    let old = OldSchema {
        schema: 2,
        game: |g| v2::encode(&v2::game_v2(&v7::game_v7(g).unwrap())).unwrap(),
        chat: |c| v2::encode(&v2::chat_v2(c)).unwrap(),
    };
    let per_minute = |c: &mut ChatSettings| {
        c.time_control = TimeControl::PerMove {
            limit: Millis(60_000),
        }
    };
    migrates_from(old, CHAT, per_minute, |g, c| {
        // No takebacks so far; takebacks allowed, the other settings kept.
        assert_eq!((g.takeback, g.takebacks), (None, 0));
        assert!(c.settings.takebacks);
    });
}

#[test]
fn a_schema_3_database_is_migrated_on_open() {
    let dir = tempfile::tempdir().unwrap();
    let game = {
        let store = open(dir.path());
        let s = service(&store);
        let g = pvp(&s, VariantId::Classic, 0);
        s.play(g.id, Actor::User(A), Expect::Any, &text("c3-d3"), t(1))
            .unwrap();
        s.game(g.id).unwrap()
    };
    {
        let raw = raw_sled(dir.path());
        raw.open_tree("games")
            .unwrap()
            .insert(
                keys::game(game.id),
                v3::encode(&v3::game_v3(&v7::game_v7(&game).unwrap())).unwrap(),
            )
            .unwrap();
        mark_schema(&raw, 3);
    }
    let store = open(dir.path());
    assert_eq!(store.schema().unwrap(), codec::SCHEMA);
    let s = service(&store);
    // Every v3 game is played in a chat.
    let g = s.game(game.id).unwrap();
    assert_eq!(g, game);
    assert_eq!(g.inline, None);
    assert_eq!(store.chat_games(CHAT).unwrap(), vec![game.id]);
    drop(s);
    drop(store);
    assert_current_schema(dir.path(), &["games"]);
}

#[test]
fn a_schema_4_database_is_migrated_on_open() {
    let old = OldSchema {
        schema: 4,
        game: |g| v4::encode(&v4::game_v4(&v7::game_v7(g).unwrap())).unwrap(),
        chat: |c| v4::encode(&v4::chat_v4(c)).unwrap(),
    };
    let dm = ChatId(A.0 as i64);
    let settings = |c: &mut ChatSettings| {
        c.notify_turns = true;
        c.takebacks = false;
    };
    migrates_from(old, dm, settings, |g, c| {
        // No turn notice pending; turn notifications kept on, with the default waits.
        assert_eq!(g.turn_notice_at, None);
        assert!(c.settings.notify_turns && !c.settings.takebacks);
        assert_eq!(c.settings.turn_notices, TurnNotices::default());
    });
}

#[test]
fn a_schema_5_database_is_migrated_on_open() {
    let old = OldSchema {
        schema: 5,
        game: |g| v5::encode(&v5::game_v5(&v7::game_v7(g).unwrap())).unwrap(),
        chat: |c| v5::encode(&v5::chat_v5(c)).unwrap(),
    };
    let dm = ChatId(A.0 as i64);
    migrates_from(
        old,
        dm,
        |c| c.notify_turns = true,
        |g, c| {
            // Not paused, no turn already shown, the chat reachable.
            assert_eq!((g.paused, g.turn_seen), (None, None));
            assert_eq!(c.unreachable, None);
        },
    );
}

#[test]
fn a_schema_6_database_is_migrated_on_open() {
    let dir = tempfile::tempdir().unwrap();
    let user = {
        let store = open(dir.path());
        let s = service(&store);
        let g = pvp(&s, VariantId::Classic, 0);
        s.resign(g.id, A, t(1)).unwrap();
        store.user(A).unwrap().expect("the loser's record")
    };
    assert!(!user.stats.is_empty());
    {
        let raw = raw_sled(dir.path());
        raw.open_tree("users")
            .unwrap()
            .insert(
                keys::user(A),
                v6::encode(&v6::UserV6::from(user.clone())).unwrap(),
            )
            .unwrap();
        mark_schema(&raw, 6);
    }
    let store = open(dir.path());
    assert_eq!(store.schema().unwrap(), codec::SCHEMA);
    // The statistics kept; no games of three or four seats yet.
    let u = store.user(A).unwrap().unwrap();
    assert_eq!(u, user);
    assert!(u.multi.is_empty());
    drop(store);
    assert_current_schema(dir.path(), &["users"]);
}

/// A lobby survives a reopen: its record, the chat's index of open games, and its
/// deadline (its lapse), which the timer then fires once.
#[test]
fn lobbies_survive_a_reopen_with_their_index_and_deadline() {
    let dir = tempfile::tempdir().unwrap();
    let id = {
        let store = open(dir.path());
        let s = service(&store);
        let g0 = s
            .open_lobby(CHAT, A, MultiVariant::Halma4, TimeControl::Untimed, t(0))
            .unwrap();
        let g1 = s.join_lobby(g0.id, B, t(1)).unwrap();
        assert_eq!(g1.seat_of(B), Some(Seat::Green));
        g0.id
    };
    let store = open(dir.path());
    let s = service(&store);
    let g1 = s.game(id).unwrap();
    assert_eq!(g1.status, Status::Lobby);
    assert_eq!(store.chat_games(CHAT).unwrap(), vec![id]);
    let due = store.deadlines(Timestamp(u64::MAX), 10).unwrap();
    assert_eq!(due.len(), 1);
    assert_eq!(due[0].target, DeadlineTarget::Game(id));
    let lapse = due[0].at;
    let mut never = |_: &ugolki_bot::engine::AnyGame| None;
    match s.fire_deadline(&due[0], lapse, &mut never).unwrap() {
        Fired::LobbyLapsed(g) => assert!(g.lapsed_lobby(), "{g:?}"),
        other => panic!("{other:?}"),
    }
    assert!(matches!(
        s.fire_deadline(&due[0], lapse, &mut never).unwrap(),
        Fired::NotDue
    ));
    assert!(store.chat_games(CHAT).unwrap().is_empty());
    // A lobby that never started is nobody's game, and it goes a day after it lapsed,
    // as a lapsed challenge does.
    assert!(store.user_games(A, None, 10).unwrap().is_empty());
    let due = store.deadlines(Timestamp(u64::MAX), 10).unwrap();
    assert_eq!(due.len(), 1);
    let gone = lapse.plus(Timing::default().challenge_retention);
    assert_eq!(due[0].at, gone);
    assert_eq!(
        s.fire_deadline(&due[0], gone, &mut never).unwrap(),
        Fired::Removed(id)
    );
    assert!(matches!(s.game(id), Err(ServiceError::NoSuchGame(_))));
    assert!(store.deadlines(Timestamp(u64::MAX), 10).unwrap().is_empty());
}

/// A genuine schema 7 database, with a two-sided game and a table of four in play (its
/// own tree, its chat's index and a deadline key of its kind), opens as schema 8: the
/// table is a game under its own id with its plies, leaves, seats and time, listed in its
/// chat's open games and its players' histories, its deadline re-armed; the two-sided game
/// is as it was; the old trees are gone.
#[test]
fn a_schema_7_database_with_tables_is_migrated_on_open() {
    use ugolki_bot::engine::multi::{Leave, MultiGame, Turn};
    let dir = tempfile::tempdir().unwrap();
    let pvp_game = {
        let store = open(dir.path());
        let s = service(&store);
        let g = pvp(&s, VariantId::Classic, 0);
        let out = s
            .play(g.id, Actor::User(A), Expect::Any, &text("c3-d3"), t(1))
            .unwrap();
        out.game().clone()
    };
    // A halma4 table 5 turns in, Green left, a 60 s limit, as the previous program kept it.
    let mut game = MultiGame::new(MultiVariant::Halma4);
    for _ in 0..5 {
        let turn = game.position().legal_turns()[0];
        game.play(turn).unwrap();
    }
    game.leave(Seat::Green, Leave::Resignation);
    let table = v7::TableV7 {
        id: GameId(77),
        version: Version(9),
        variant: MultiVariant::Halma4,
        host: A,
        seats: vec![
            Player::Human(A),
            Player::Human(B),
            Player::Program { level: 2 },
            Player::Human(UserId(33)),
        ],
        status: v7::TableStatusV7::Playing,
        record: game.write_record(&[]),
        chat: CHAT,
        message: Some(MessageId(40)),
        per_move: Some(60),
        missed: [0, 0, 0, 1],
        turn_started: t(5_000),
        created_at: t(1_000),
        updated_at: t(5_000),
        ratings: Vec::new(),
        deadline: Some(Deadline {
            at: t(65_000),
            kind: DeadlineKind::MoveMissed,
        }),
    };
    {
        let raw = raw_sled(dir.path());
        raw.open_tree("games")
            .unwrap()
            .insert(
                keys::game(pvp_game.id),
                v7::encode(&v7::game_v7(&pvp_game).unwrap()).unwrap(),
            )
            .unwrap();
        raw.open_tree("tables")
            .unwrap()
            .insert(keys::game(table.id), v7::encode(&table).unwrap())
            .unwrap();
        let mut ck = keys::chat(CHAT).to_vec();
        ck.extend_from_slice(&table.id.0.to_be_bytes());
        raw.open_tree("chat_tables")
            .unwrap()
            .insert(ck, &[7u8][..])
            .unwrap();
        let mut dk = vec![2u8];
        dk.extend_from_slice(&table.id.0.to_be_bytes());
        raw.open_tree("deadlines")
            .unwrap()
            .insert(dk, &[7u8][..])
            .unwrap();
        mark_schema(&raw, 7);
    }
    let store = open(dir.path());
    assert_eq!(store.schema().unwrap(), codec::SCHEMA);
    let s = service(&store);
    assert_eq!(s.game(pvp_game.id).unwrap(), pvp_game);
    let g = s.game(table.id).unwrap();
    assert_eq!(
        g.variant,
        ugolki_bot::engine::AnyVariant::Multi(MultiVariant::Halma4)
    );
    assert_eq!(g.players, table.seats);
    assert_eq!(
        (g.host, g.status, g.version),
        (Some(A), Status::Active, Version(9))
    );
    assert_eq!(g.ply(), 5);
    assert_eq!(
        g.leaves,
        [SeatLeft {
            ply: 5,
            seat: Seat::Green,
            how: Leave::Resignation
        }]
    );
    assert_eq!(
        g.time_control,
        TimeControl::PerMove {
            limit: Millis::secs(60)
        }
    );
    assert_eq!(g.clocks.missed, [0, 0, 0, 1]);
    assert_eq!(g.message, Some(MessageId(40)));
    let replay = g.replay().expect("the table replays as a game");
    assert_eq!(replay.plies(), 5);
    assert!(replay.left().has(Seat::Green));
    assert!(
        g.moves.iter().all(|p| p != &ugolki_bot::engine::Ply::Pass)
            || game.turns().contains(&Turn::Pass)
    );
    let mut open_games = store.chat_games(CHAT).unwrap();
    open_games.sort_unstable();
    assert_eq!(open_games, vec![pvp_game.id, table.id]);
    for u in [A, B, UserId(33)] {
        assert!(
            store.user_games(u, None, 10).unwrap().contains(&table.id),
            "{u}"
        );
    }
    let due = store.deadlines(Timestamp(u64::MAX), 10).unwrap();
    assert!(
        due.iter()
            .any(|d| d.target == DeadlineTarget::Game(table.id)),
        "{due:?}"
    );
    drop(s);
    drop(store);
    let raw = raw_sled(dir.path());
    let names: Vec<String> = raw
        .tree_names()
        .iter()
        .map(|n| String::from_utf8_lossy(n).to_string())
        .collect();
    assert!(!names.contains(&"tables".to_string()), "{names:?}");
    assert!(!names.contains(&"chat_tables".to_string()), "{names:?}");
    assert!(
        raw.open_tree("deadlines")
            .unwrap()
            .iter()
            .all(|kv| kv.unwrap().0[0] != 2)
    );
    drop(raw);
    assert_current_schema(dir.path(), &["games", "users", "chats"]);
}

/// Records removed by retention leave nothing behind: not their index entries, nor their
/// deadlines (in memory or after a reopen); one changed since it was read stays.
#[test]
fn removed_records_take_their_index_entries_and_deadlines_with_them() {
    let dir = tempfile::tempdir().unwrap();
    let nc = || classic_challenge(CHAT, A, ChallengeTarget::Open);
    let (open_one, kept) = {
        let store = open(dir.path());
        let s = service(&store);
        let a = s.create_challenge(nc(), t(0)).unwrap();
        let b = s.create_challenge(nc(), t(0)).unwrap();
        assert_eq!(store.deadlines(Timestamp(u64::MAX), 10).unwrap().len(), 2);
        let listed = store.challenges_after(ChallengeId(0), 10).unwrap();
        assert_eq!(listed.len(), 2);
        // `b` changed since it was "read" at version 1: it stays.
        s.expire_challenge(b.id, t(700_000)).unwrap();
        let gone = store
            .remove(&[
                (RecordRef::Challenge(a.id), a.version),
                (RecordRef::Challenge(b.id), b.version),
            ])
            .unwrap();
        assert_eq!(gone, 1);
        assert!(store.challenge(a.id).unwrap().is_none());
        assert!(store.deadlines(Timestamp(u64::MAX), 10).unwrap().is_empty());
        assert_eq!(store.challenges_after(ChallengeId(0), 10).unwrap().len(), 1);
        (a.id, b.id)
    };
    let store = open(dir.path());
    assert!(store.challenge(open_one).unwrap().is_none());
    assert!(store.challenge(kept).unwrap().is_some());
    assert!(store.deadlines(Timestamp(u64::MAX), 10).unwrap().is_empty());
    drop(store);
    let raw = raw_sled(dir.path());
    assert_eq!(raw.open_tree("deadlines").unwrap().len(), 0);
}

#[test]
fn deadline_times_are_kept_in_memory_and_rebuilt_from_the_records() {
    let dir = tempfile::tempdir().unwrap();
    let due = |store: &SledStore| store.deadlines(Timestamp(u64::MAX), 10).unwrap();
    let raw_keys = |dir: &Path| -> Vec<Vec<u8>> {
        let db = raw_sled(dir);
        let keys = db
            .open_tree("deadlines")
            .unwrap()
            .iter()
            .map(|i| i.unwrap().0.to_vec())
            .collect();
        drop(db);
        keys
    };
    let (id, after_move) = {
        let store = open(dir.path());
        let s = service(&store);
        let g = pvp(&s, VariantId::Classic, 1_000);
        let before = due(&store);
        assert_eq!(before.len(), 1, "an untimed game's abandonment warning");
        s.play(
            g.id,
            Actor::User(A),
            Expect::Ply(0),
            &text("c3-d3"),
            t(50_000),
        )
        .unwrap();
        let after = due(&store);
        assert_eq!(after.len(), 1);
        assert_eq!(after[0].target, DeadlineTarget::Game(g.id));
        assert!(after[0].at > before[0].at, "{before:?} then {after:?}");
        (g.id, after[0])
    };
    // sled holds which records have a deadline, not when.
    let target = keys::deadline_target(DeadlineTarget::Game(id)).to_vec();
    assert_eq!(raw_keys(dir.path()), vec![target.clone()]);
    {
        let store = open(dir.path());
        assert_eq!(
            due(&store),
            vec![after_move],
            "rebuilt from the game's record"
        );
    }
    // The older layout (a key per deadline, time first, here a stale one) is converted.
    {
        let db = raw_sled(dir.path());
        let tree = db.open_tree("deadlines").unwrap();
        tree.remove(&target).unwrap();
        let stale = DeadlineEntry {
            at: Timestamp(7),
            ..after_move
        };
        tree.insert(keys::deadline(&stale), &[2u8][..]).unwrap();
        // A record listed that is not there (dropped on open).
        tree.insert(
            keys::deadline_target(DeadlineTarget::Game(GameId(999))),
            &[2u8][..],
        )
        .unwrap();
        db.flush().unwrap();
    }
    {
        let store = open(dir.path());
        assert_eq!(due(&store), vec![after_move]);
    }
    assert_eq!(raw_keys(dir.path()), vec![target.clone()], "converted");
    {
        let store = open(dir.path());
        let s = service(&store);
        s.resign(id, A, t(60_000)).unwrap();
        assert!(due(&store).is_empty(), "a finished game has no deadline");
    }
    assert!(raw_keys(dir.path()).is_empty());
    let store = open(dir.path());
    assert!(due(&store).is_empty());
}

#[test]
fn a_newer_schema_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    drop(open(dir.path()));
    {
        let raw = raw_sled(dir.path());
        mark_schema(&raw, codec::SCHEMA + 1);
    }
    match SledStore::open(&StoreConfig::at(dir.path())) {
        Err(OpenError::NewerSchema {
            found, supported, ..
        }) if supported == codec::SCHEMA && found == codec::SCHEMA + 1 => {}
        other => panic!("expected NewerSchema, got {:?}", other.err()),
    }
}

/// Damaged values are reported with the record's name, moved to quarantine, and the
/// rest of the store keeps working.
#[test]
fn a_damaged_private_chat_costs_its_owner_the_turn_notice_not_the_move() {
    let dir = tempfile::tempdir().unwrap();
    let store = open(dir.path());
    let s = service(&store);
    let dm = ChatId(B.0 as i64);
    s.update_chat_settings(dm, t(1), |c| c.notify_turns = true)
        .unwrap();
    let g = pvp(&s, VariantId::Classic, 2);
    let moved = s
        .play(g.id, Actor::User(A), Expect::Any, &text("c3-d3"), t(10))
        .unwrap();
    assert_eq!(moved.game().turn_notice_at, Some(t(10)), "at once");
    store
        .put_raw_for_test("chats", &keys::chat(dm), b"\x05\xff garbage")
        .unwrap();
    s.play(g.id, Actor::User(B), Expect::Any, &text("f6-e6"), t(20))
        .unwrap();
    let moved = s
        .play(g.id, Actor::User(A), Expect::Any, &text("d3-e3"), t(30))
        .unwrap();
    assert_eq!(moved.game().ply(), 3, "the move is played");
    assert_eq!(moved.game().turn_notice_at, None);
}

#[test]
fn corrupt_records_are_quarantined() {
    let dir = tempfile::tempdir().unwrap();
    let store = open(dir.path());
    let s = service(&store);
    let gs: Vec<GameRecord> = (0..4).map(|i| pvp(&s, VariantId::Classic, i)).collect();
    for g in &gs {
        s.play(g.id, Actor::User(A), Expect::Any, &text("c3-d3"), t(10))
            .unwrap();
    }
    s.touch_user(
        &UserProfile {
            id: A,
            name: "Ann".into(),
            username: None,
        },
        t(1),
    )
    .unwrap();
    s.touch_user(
        &UserProfile {
            id: B,
            name: "Bob".into(),
            username: None,
        },
        t(1),
    )
    .unwrap();
    let good = s.game(gs[0].id).unwrap();
    let bytes_of = |id: GameId| ugolki_bot::store::codec::encode(&s.game(id).unwrap()).unwrap();
    // Garbage, an unknown schema byte, a truncated value, a record under another key.
    let truncated = bytes_of(gs[2].id);
    store
        .put_raw_for_test("games", &keys::game(gs[1].id), b"\x01\xff\xff garbage")
        .unwrap();
    store
        .put_raw_for_test(
            "games",
            &keys::game(gs[2].id),
            &truncated[..truncated.len() / 2],
        )
        .unwrap();
    store
        .put_raw_for_test("games", &keys::game(gs[3].id), &bytes_of(gs[0].id))
        .unwrap();
    let mut user = ugolki_bot::store::codec::encode(&s.user(B).unwrap().unwrap()).unwrap();
    user[0] = 99;
    store
        .put_raw_for_test("users", &keys::user(B), &user)
        .unwrap();

    match s.game(gs[1].id) {
        Err(ServiceError::Store(StoreError::Corrupt { record, detail })) => {
            assert_eq!(record, RecordRef::Game(gs[1].id));
            assert!(!detail.is_empty());
        }
        other => panic!("expected Corrupt, got {other:?}"),
    }
    let err = s
        .play(gs[3].id, Actor::User(B), Expect::Any, &text("f6-e6"), t(20))
        .unwrap_err();
    assert!(
        err.to_string().contains(&format!("game {}", gs[3].id)),
        "{err}"
    );
    assert!(err.to_string().contains("damaged"), "{err}");
    // Listing the chat reports and skips the truncated one; the good game plays on.
    let listed: Vec<GameId> = s.active_games(CHAT).unwrap().iter().map(|g| g.id).collect();
    assert_eq!(listed, vec![gs[0].id]);
    assert_eq!(s.game(gs[0].id).unwrap(), good);
    s.play(
        gs[0].id,
        Actor::User(B),
        Expect::Ply(1),
        &text("f6-e6"),
        t(30),
    )
    .unwrap();
    // The user is set aside during a finishing commit; the finish is refused, not half-done.
    let fin = s.resign(gs[0].id, A, t(31));
    assert!(
        matches!(
            fin,
            Err(ServiceError::Store(StoreError::Corrupt {
                record: RecordRef::User(B),
                ..
            }))
        ),
        "{fin:?}"
    );
    assert!(s.game(gs[0].id).unwrap().is_active());
    let end = s.resign(gs[0].id, A, t(32)).unwrap();
    assert_eq!(
        end.outcome(),
        Some(Outcome::win(Color::Black, Reason::Resignation))
    );

    let q = store.quarantined().unwrap();
    let names: Vec<(String, Vec<u8>)> = q.iter().map(|q| (q.tree.clone(), q.key.clone())).collect();
    assert_eq!(q.len(), 4, "{names:?}");
    assert!(q.iter().any(|q| q.raw == b"\x01\xff\xff garbage"));
    // Gone from the live trees, from the deadline index, and later scans.
    assert!(matches!(s.game(gs[1].id), Err(ServiceError::NoSuchGame(_))));
    let live: Vec<DeadlineTarget> = s
        .deadlines(Timestamp(u64::MAX), 100)
        .unwrap()
        .iter()
        .map(|d| d.target)
        .collect();
    assert!(!live.iter().any(|t| {
        [gs[1].id, gs[2].id, gs[3].id]
            .iter()
            .any(|g| *t == DeadlineTarget::Game(*g))
    }));
    assert_eq!(all(&*store, RecordKind::Game).len(), 1);
    drop(s);
    drop(store);
    let store = open(dir.path());
    assert_eq!(store.quarantined().unwrap().len(), 4);
}

pub(crate) fn populate(s: &GameService) {
    for (i, v) in [VariantId::Classic, VariantId::Diagonal, VariantId::Halma10]
        .into_iter()
        .enumerate()
    {
        let g = pvp(s, v, i as u64);
        let game = g.replay().unwrap().into_two().unwrap();
        let p = game.position().path(game.legal_moves()[0]).unwrap();
        s.play(
            g.id,
            Actor::User(A),
            Expect::Any,
            &MoveInput::from(&p),
            t(100),
        )
        .unwrap();
        if i == 1 {
            s.resign(g.id, B, t(200)).unwrap();
        }
    }
    let g = pvp(s, VariantId::Classic, 5);
    s.abort(g.id, A, t(6)).unwrap();
    s.touch_user(
        &UserProfile {
            id: A,
            name: "Анна \"Q\"".into(),
            username: Some("ann".into()),
        },
        t(7),
    )
    .unwrap();
    s.set_user_language(B, Some(Language::En), t(8)).unwrap();
    s.update_chat_settings(ChatId(42), t(9), |c| {
        c.time_control = "3+2".parse().unwrap()
    })
    .unwrap();
    let c = s
        .create_challenge(
            NewChallenge {
                chat: CHAT,
                message: Some(MessageId(77)),
                from: B,
                target: ChallengeTarget::Username("ann".into()),
                variant: Variant::parse("classic,forced_exit=true").unwrap(),
                time_control: TimeControl::PerMove {
                    limit: Millis(45_000),
                },
                colour: ColourChoice::Black,
                rated: false,
            },
            t(10),
        )
        .unwrap();
    assert_eq!(c.status, ChallengeStatus::Open);
    // A tournament taking entries (a started one would add games and deadlines).
    let tid = s
        .open_tournament(
            CHAT,
            A,
            TournamentSettings {
                format: ugolki_bot::game::tournament::Format::Swiss { rounds: 3 },
                variant: AnyVariant::Two(Variant::new(VariantId::Classic)),
                time_control: "5+3".parse().unwrap(),
                rated: true,
                starts_at: Some(t(3_600_000)),
                first_move: Millis(60_000),
            },
            t(11),
        )
        .unwrap()
        .id;
    s.join_tournament(tid, A, Some("ann".into()), "Анна".into(), t(12))
        .unwrap();
    s.join_tournament(tid, B, None, "B".into(), t(13)).unwrap();
}

#[test]
fn an_export_from_before_the_newer_fields_imports_with_their_defaults() {
    let (d1, d2) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let src = open(d1.path());
    populate(&service(&src));
    let mut out = Vec::new();
    export_to(&*src, &mut out).unwrap();
    // Drop what older programs did not write: takebacks, inline games, turn notices.
    let mut old = Vec::new();
    let mut dropped = 0;
    for line in String::from_utf8(out).unwrap().lines() {
        let mut v: serde_json::Value = serde_json::from_str(line).unwrap();
        let game = v.get_mut("game").and_then(|g| g.as_object_mut());
        if let Some(g) = game {
            for k in ["takeback", "takebacks", "inline", "turn_notice_at"] {
                dropped += usize::from(g.remove(k).is_some());
            }
        }
        let settings = v
            .get_mut("chat")
            .and_then(|c| c.get_mut("settings"))
            .and_then(|s| s.as_object_mut());
        if let Some(s) = settings {
            for k in ["takebacks", "notify_turns", "turn_notices"] {
                dropped += usize::from(s.remove(k).is_some());
            }
        }
        old.extend(serde_json::to_vec(&v).unwrap());
        old.push(b'\n');
    }
    assert!(
        dropped >= 7,
        "games and chats lost their newer fields: {dropped}"
    );
    let dst = open(d2.path());
    import_from(&*dst, &mut old.as_slice()).unwrap();
    // populate() leaves every one of them at its default.
    for kind in RecordKind::ALL {
        assert_eq!(all(&*src, kind), all(&*dst, kind), "{kind:?}");
    }
}

/// A version 1 export kept tables on `table` lines of their own; imported now, each is a
/// game (its seats, turns, limit and deadline kept), and importing it again changes
/// nothing.
#[test]
fn a_version_1_exports_table_lines_import_as_games() {
    use ugolki_bot::engine::multi::MultiGame;
    let mut game = MultiGame::new(MultiVariant::Halma3);
    for _ in 0..3 {
        let turn = game.position().legal_turns()[0];
        game.play(turn).unwrap();
    }
    let table = v7::TableV7 {
        id: GameId(91),
        version: Version(5),
        variant: MultiVariant::Halma3,
        host: A,
        seats: vec![
            Player::Human(A),
            Player::Program { level: 3 },
            Player::Human(B),
        ],
        status: v7::TableStatusV7::Playing,
        record: game.write_record(&[]),
        chat: CHAT,
        message: Some(MessageId(12)),
        per_move: Some(30),
        missed: [0, 1, 0, 0],
        turn_started: t(4_000),
        created_at: t(1_000),
        updated_at: t(4_000),
        ratings: Vec::new(),
        deadline: Some(Deadline {
            at: t(34_000),
            kind: DeadlineKind::MoveMissed,
        }),
    };
    let file = format!(
        "{}\n{}\n",
        serde_json::json!({"header": {"format": "ugolki-export", "version": 1, "exported_at": 5_000}}),
        serde_json::json!({ "table": table }),
    );
    let dir = tempfile::tempdir().unwrap();
    let store = open(dir.path());
    let counts = import_from(&*store, &mut file.as_bytes()).unwrap();
    assert_eq!((counts.inserted, counts.updated), (1, 0), "{counts:?}");
    let g = service(&store).game(table.id).unwrap();
    assert_eq!(
        g.variant,
        ugolki_bot::engine::AnyVariant::Multi(MultiVariant::Halma3)
    );
    assert_eq!(g.players, table.seats);
    assert_eq!(
        (g.status, g.version, g.ply()),
        (Status::Active, Version(5), 3)
    );
    assert_eq!(
        g.time_control,
        TimeControl::PerMove {
            limit: Millis::secs(30)
        }
    );
    // Alice (White) to move: her 30 s run from the turn's start.
    assert_eq!(
        g.deadline.map(|d| (d.kind, d.at)),
        Some((DeadlineKind::MoveMissed, t(34_000)))
    );
    assert_eq!(store.chat_games(CHAT).unwrap(), vec![table.id]);
    assert_eq!(store.deadlines(Timestamp(u64::MAX), 10).unwrap().len(), 1);
    let again = import_from(&*store, &mut file.as_bytes()).unwrap();
    assert_eq!((again.inserted, again.updated), (0, 0), "{again:?}");
    // Written out again, it is a game line of the current version.
    let mut out = Vec::new();
    export_to(&*store, &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    assert!(
        text.lines().next().unwrap().contains("\"version\":2"),
        "{text}"
    );
    assert!(
        text.lines().skip(1).all(|l| l.starts_with("{\"game\"")),
        "{text}"
    );
}

#[test]
fn export_then_import_round_trips_and_is_idempotent() {
    let (d1, d2) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let src = open(d1.path());
    populate(&service(&src));
    let mut out = Vec::new();
    let n = export_to(&*src, &mut out).unwrap();
    let text_out = String::from_utf8(out.clone()).unwrap();
    let lines: Vec<&str> = text_out.lines().collect();
    assert_eq!(lines.len() as u64, n + 1);
    assert!(
        lines[0].starts_with(r#"{"header":{"format":"ugolki-export","version":2"#),
        "{}",
        lines[0]
    );
    assert!(text_out.contains(r#""moves":["#) && text_out.contains("Анна"));

    let dst = open(d2.path());
    let c = import_from(&*dst, &mut out.as_slice()).unwrap();
    assert_eq!(
        c,
        ImportCounts {
            inserted: n,
            updated: 0,
            unchanged: 0
        }
    );
    for kind in RecordKind::ALL {
        assert_eq!(all(&*src, kind), all(&*dst, kind), "{kind:?}");
    }
    let every = Timestamp(u64::MAX);
    assert_eq!(
        src.deadlines(every, 100).unwrap(),
        dst.deadlines(every, 100).unwrap()
    );
    assert_eq!(
        src.user_games(A, None, 100).unwrap(),
        dst.user_games(A, None, 100).unwrap()
    );
    assert_eq!(dst.users_by_username("ANN").unwrap(), vec![A]);
    assert_eq!(
        src.deadlines(every, 100).unwrap().len(),
        3,
        "2 active games + 1 challenge"
    );

    // Again: nothing changes.
    let again = import_from(&*dst, &mut out.as_slice()).unwrap();
    assert_eq!(
        again,
        ImportCounts {
            inserted: 0,
            updated: 0,
            unchanged: n
        }
    );
    for kind in RecordKind::ALL {
        assert_eq!(all(&*src, kind), all(&*dst, kind));
    }
    let mut out2 = Vec::new();
    export_to(&*dst, &mut out2).unwrap();
    let body = |s: &[u8]| {
        String::from_utf8(s.to_vec())
            .unwrap()
            .lines()
            .skip(1)
            .map(String::from)
            .collect::<Vec<_>>()
    };
    assert_eq!(body(&out), body(&out2));

    // The imported store plays on, and new ids do not collide with imported ones.
    let s2 = service(&dst);
    let fresh = pvp(&s2, VariantId::Classic, 1000);
    assert!(
        all(&*src, RecordKind::Game)
            .iter()
            .all(|g| g.reference() != RecordRef::Game(fresh.id))
    );

    // A newer version of a record replaces an older one.
    let newer: String = text_out
        .lines()
        .map(|l| {
            let mut v: serde_json::Value = serde_json::from_str(l).unwrap();
            if let Some(u) = v.get_mut("user").filter(|u| u["id"] == 11) {
                u["version"] = 9.into();
                u["name"] = "Ann".into();
            }
            format!("{v}\n")
        })
        .collect();
    let c = import_from(&*dst, &mut newer.as_bytes()).unwrap();
    assert_eq!(c.updated, 1, "{c:?}");
    assert_eq!(dst.user(A).unwrap().unwrap().name, "Ann");
}

#[test]
fn a_bad_import_file_changes_nothing() {
    let (d1, d2) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let src = open(d1.path());
    populate(&service(&src));
    let mut out = Vec::new();
    export_to(&*src, &mut out).unwrap();
    let good = String::from_utf8(out).unwrap();
    let dst = open(d2.path());
    let mut lines: Vec<String> = good.lines().map(String::from).collect();
    lines.insert(3, "{\"game\": {\"id\": 1".into());
    let err = import_from(&*dst, &mut lines.join("\n").as_bytes()).unwrap_err();
    assert!(err.message.contains("line 4"), "{}", err.message);
    // A game whose moves do not replay is refused too.
    let bad = good.replacen(r#""moves":["a2-a4"]"#, r#""moves":["a2-a7"]"#, 1);
    assert_ne!(bad, good);
    let err = import_from(&*dst, &mut bad.as_bytes()).unwrap_err();
    assert!(err.message.contains("does not replay"), "{}", err.message);
    for kind in RecordKind::ALL {
        assert!(all(&*dst, kind).is_empty());
    }
}

#[test]
fn the_export_and_import_commands() {
    let dir = tempfile::tempdir().unwrap();
    let (d1, d2, file) = (
        dir.path().join("a"),
        dir.path().join("b"),
        dir.path().join("backup.jsonl"),
    );
    {
        let s = open(&d1);
        populate(&service(&s));
    }
    let exe = env!("CARGO_BIN_EXE_ugolki");
    let run = |args: &[&std::ffi::OsStr]| Command::new(exe).args(args).output().unwrap();
    let o = run(&[
        "export".as_ref(),
        "--out".as_ref(),
        file.as_os_str(),
        "--data-dir".as_ref(),
        d1.as_os_str(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(String::from_utf8_lossy(&o.stderr).contains("exported"));
    let o = run(&[
        "import".as_ref(),
        file.as_os_str(),
        "--data-dir".as_ref(),
        d2.as_os_str(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let msg = String::from_utf8_lossy(&o.stderr).to_string();
    assert!(msg.contains("0 updated, 0 unchanged"), "{msg}");
    let o = run(&[
        "import".as_ref(),
        file.as_os_str(),
        "--data-dir".as_ref(),
        d2.as_os_str(),
    ]);
    assert!(
        String::from_utf8_lossy(&o.stderr).contains(" 0 new, 0 updated"),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    // A mistyped directory is an error, not an empty export.
    let o = run(&[
        "export".as_ref(),
        "--out".as_ref(),
        file.as_os_str(),
        "--data-dir".as_ref(),
        dir.path().join("nope").as_os_str(),
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("there is no store in"));
    assert!(!dir.path().join("nope").exists());
    // While another instance holds the directory, the tool says so and exits 1.
    let held = open(&d2);
    let o = run(&[
        "import".as_ref(),
        file.as_os_str(),
        "--data-dir".as_ref(),
        d2.as_os_str(),
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("in use by another running instance"));
    drop(held);
    let src = open(&d1);
    let dst = open(&d2);
    for kind in RecordKind::ALL {
        assert_eq!(all(&*src, kind), all(&*dst, kind));
    }
}

/// A real process plays random moves and prints `ack` after each durable one; it is
/// killed with SIGKILL at a random moment, several times over the same data directory.
/// Every acknowledged move must be there and every game must replay to its position.
#[test]
fn acknowledged_moves_survive_sigkill() {
    let dir = tempfile::tempdir().unwrap();
    let mut rng = Rng::from_entropy();
    let mut acked: Vec<(GameId, u32, String)> = Vec::new();
    for round in 0..5 {
        let mut child = Command::new(env!("CARGO_BIN_EXE_ugolki"))
            .args(["store-crash-child", "--games", "6", "--data-dir"])
            .arg(dir.path())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let stdout = child.stdout.take().unwrap();
        let lines = Arc::new(Mutex::new(Vec::<String>::new()));
        let reader = {
            let lines = lines.clone();
            std::thread::spawn(move || {
                for l in BufReader::new(stdout).lines() {
                    match l {
                        Ok(l) => lines.lock().unwrap().push(l),
                        Err(_) => break,
                    }
                }
            })
        };
        // Wait for the first acknowledgement, then kill at a random later moment.
        let start = Instant::now();
        while !lines.lock().unwrap().iter().any(|l| l.starts_with("ack ")) {
            if let Some(status) = child.try_wait().unwrap() {
                let mut err = String::new();
                std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut err).unwrap();
                panic!("child exited early ({status}): {err}");
            }
            assert!(
                start.elapsed() < Duration::from_secs(20),
                "no acknowledgement from the child"
            );
            std::thread::sleep(Duration::from_millis(2));
        }
        std::thread::sleep(Duration::from_millis(rng.below(250)));
        child.kill().unwrap(); // SIGKILL on Unix
        child.wait().unwrap();
        reader.join().unwrap();
        let round_acks: Vec<(GameId, u32, String)> = lines
            .lock()
            .unwrap()
            .iter()
            .filter_map(|l| {
                let mut f = l.split(' ');
                (f.next()? == "ack").then_some(())?;
                let g = GameId(f.next()?.parse().ok()?);
                let ply = f.next()?.parse().ok()?;
                let path = f.next()?.to_string();
                Some((g, ply, path))
            })
            .collect();
        assert!(!round_acks.is_empty(), "round {round}");
        acked.extend(round_acks);

        let store = open(dir.path());
        let mut games = BTreeMap::new();
        for r in all(&*store, RecordKind::Game) {
            if let AnyRecord::Game(g) = r {
                g.replay().unwrap_or_else(|e| {
                    panic!("round {round}: game {} does not replay: {e}", g.id)
                });
                games.insert(g.id, g);
            }
        }
        for (g, ply, path) in &acked {
            let rec = games
                .get(g)
                .unwrap_or_else(|| panic!("round {round}: acknowledged game {g} is missing"));
            let stored = rec.moves.get(*ply as usize).map(|p| p.to_string());
            assert_eq!(
                stored.as_deref(),
                Some(path.as_str()),
                "round {round}: game {g} ply {ply}"
            );
        }
        assert!(store.quarantined().unwrap().is_empty());
    }
    assert!(acked.len() >= 5);
}

/// A tournament stored by schema 8 (rounds of pairings only) reads as today's record with
/// no tables, in a database opened by this program, which writes it anew as schema 9.
#[test]
fn a_schema_8_tournament_reads_and_is_upgraded() {
    use ugolki_bot::game::tournament::{Entrant, Format, GameResult, Pairing, Seed};
    use ugolki_bot::store::v8::{EventV8, RoundV8, TournamentV8};
    let old = TournamentV8 {
        id: TournamentId(7),
        version: Version(3),
        chat: CHAT,
        host: A,
        message: Some(MessageId(40)),
        settings: TournamentSettings {
            format: Format::Swiss { rounds: 3 },
            variant: AnyVariant::Two(Variant::new(VariantId::Classic)),
            time_control: TimeControl::Untimed,
            rated: false,
            starts_at: None,
            first_move: Millis(60_000),
        },
        status: TournamentStatus::Running,
        people: vec![
            TournamentPlayer {
                user: A,
                username: None,
            },
            TournamentPlayer {
                user: B,
                username: Some("b".into()),
            },
        ],
        event: EventV8 {
            format: Format::Swiss { rounds: 3 },
            players: ["A", "B"]
                .iter()
                .map(|n| Entrant {
                    name: n.to_string(),
                    rating: 1500,
                    joined: 0,
                    withdrew: None,
                })
                .collect(),
            rounds: vec![RoundV8 {
                pairings: vec![Pairing {
                    white: Seed(0),
                    black: Seed(1),
                    result: Some(GameResult::Draw),
                }],
                bye: None,
            }],
        },
        games: vec![vec![Some(GameId(5))]],
        venue: Venue::Group,
        round_started: Some(t(1)),
        ends_at: None,
        pairings_told: 1,
        results_told: 1,
        end_told: false,
        created_at: t(0),
        updated_at: t(2),
    };
    let bytes = postcard::to_extend(&old, vec![8u8]).unwrap();
    let key = keys::tournament(TournamentId(7));
    let rec = match codec::decode(RecordKind::Tournament, &key, &bytes, &Timing::default()) {
        Ok(AnyRecord::Tournament(t)) => t,
        other => panic!("{other:?}"),
    };
    assert_eq!(rec.event.rounds.len(), 1);
    assert!(rec.event.rounds[0].tables.is_empty());
    assert_eq!(rec.event.rounds[0].pairings, old.event.rounds[0].pairings);
    assert_eq!(rec.version, Version(3));
    assert_eq!(rec.games, old.games);
    // In a sled database of schema 8, opening upgrades it in place.
    let dir = tempfile::tempdir().unwrap();
    {
        let db = raw_sled(dir.path());
        db.open_tree("tournaments")
            .unwrap()
            .insert(key, bytes.as_slice())
            .unwrap();
        mark_schema(&db, 8);
    }
    let store = open(dir.path());
    assert_eq!(store.schema().unwrap(), codec::SCHEMA);
    let again = store.tournament(TournamentId(7)).unwrap().unwrap();
    assert_eq!(again, rec);
    drop(store);
    assert_current_schema(dir.path(), &["tournaments"]);
}

/// An analysis is kept under the measure's own version byte: one stored by an older
/// measure (schemas 8 and 9 wrote the schema's byte) or damaged is not read, so it is
/// made again when asked; one of this version reads back.
#[test]
fn an_analysis_stored_by_another_measure_is_made_again() {
    let dir = tempfile::tempdir().unwrap();
    let id = GameId(77);
    let rec = AnalysisRecord {
        game: id,
        effort: 20_000,
        best: Vec::new(),
        marks: vec![MoveMark {
            side: Color::White,
            loss: 0,
            class: MoveClass::Best,
            why: None,
            balance: 0,
            exact: false,
        }],
        accuracy: [100.0, 100.0],
    };
    {
        let store = open(dir.path());
        store.put_analysis(&rec).unwrap();
        assert_eq!(store.analysis(id).unwrap(), Some(rec.clone()));
    }
    let cases: [(&str, Vec<u8>); 5] = [
        ("schema 8's", postcard::to_extend(&rec, vec![8u8]).unwrap()),
        ("schema 9's", postcard::to_extend(&rec, vec![9u8]).unwrap()),
        (
            "an older measure's",
            postcard::to_extend(&rec, vec![codec::ANALYSIS - 1]).unwrap(),
        ),
        (
            "a newer measure's",
            postcard::to_extend(&rec, vec![codec::ANALYSIS + 1]).unwrap(),
        ),
        ("a damaged one", vec![codec::ANALYSIS, 0xff, 0xff]),
    ];
    for (what, bytes) in cases {
        {
            let db = raw_sled(dir.path());
            db.open_tree("analyses")
                .unwrap()
                .insert(keys::game(id), bytes)
                .unwrap();
            db.flush().unwrap();
        }
        let store = open(dir.path());
        assert_eq!(store.analysis(id).unwrap(), None, "{what}");
        // Made again, it is kept and read back.
        store.put_analysis(&rec).unwrap();
        assert_eq!(store.analysis(id).unwrap(), Some(rec.clone()), "{what}");
    }
    // Kept under the measure's byte, not the schema's.
    let raw = raw_sled(dir.path());
    let kept = raw
        .open_tree("analyses")
        .unwrap()
        .get(keys::game(id))
        .unwrap()
        .expect("kept");
    assert_eq!(kept[0], codec::ANALYSIS);
    assert_ne!(kept[0], codec::SCHEMA);
}
