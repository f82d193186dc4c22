//! The PostgreSQL store beyond the shared contract (which `service` runs over all three
//! stores): moving games between sled and PostgreSQL with the real commands, the schema
//! check on start, damaged values, instances started together, one leader among many and
//! a standby taking over, the update log that keeps a new leader from applying an
//! update twice, and analyses kept under the measure's version.

use crate::common::pg::{fresh_database, server};
use crate::store::{all, populate};
use std::process::Command;
use std::sync::Arc;
use std::time::{Duration, Instant};
use ugolki_bot::game::*;
use ugolki_bot::store::postgres::{PgConfig, PgOpenError, PgStore};
use ugolki_bot::store::{SledStore, StoreConfig};

fn pg(url: &str) -> PgStore {
    PgStore::open(&PgConfig::new(url)).unwrap_or_else(|e| panic!("open {url}: {e}"))
}

fn database_name(url: &str) -> String {
    url.rsplit('/').next().unwrap().to_string()
}

fn export_body(path: &std::path::Path) -> Vec<String> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .skip(1)
        .map(String::from)
        .collect()
}

/// sled → PostgreSQL → sled with `ugolki export` and `ugolki import`: every game, user,
/// rating, chat and challenge arrives, with its indexes and deadlines, and the database
/// plays on with fresh ids.
#[test]
fn export_from_sled_import_into_postgres_and_back() {
    let dir = tempfile::tempdir().unwrap();
    let (d1, d2) = (dir.path().join("a"), dir.path().join("b"));
    let (f1, f2) = (dir.path().join("1.jsonl"), dir.path().join("2.jsonl"));
    {
        let s = Arc::new(SledStore::open(&StoreConfig::at(&d1)).unwrap());
        populate(&GameService::new(s, Timing::default()));
    }
    let url = fresh_database();
    let exe = env!("CARGO_BIN_EXE_ugolki");
    let run = |args: &[&str]| {
        let o = Command::new(exe)
            .args(args)
            .env_remove("UGOLKI_DATABASE_URL")
            .output()
            .unwrap();
        assert!(
            o.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        String::from_utf8_lossy(&o.stderr).to_string()
    };
    let p = |p: &std::path::Path| p.to_str().unwrap().to_string();
    run(&["export", "--out", &p(&f1), "--data-dir", &p(&d1)]);
    let said = run(&["import", &p(&f1), "--database-url", &url]);
    assert!(said.contains("0 updated, 0 unchanged"), "{said}");
    // Again: nothing changes.
    let said = run(&["import", &p(&f1), "--database-url", &url]);
    assert!(said.contains(" 0 new, 0 updated"), "{said}");
    run(&["export", "--out", &p(&f2), "--database-url", &url]);
    assert_eq!(export_body(&f1), export_body(&f2));
    run(&["import", &p(&f2), "--data-dir", &p(&d2)]);

    let src = SledStore::open(&StoreConfig::at(&d1)).unwrap();
    let back = SledStore::open(&StoreConfig::at(&d2)).unwrap();
    let db = pg(&url);
    for kind in RecordKind::ALL {
        let want = all(&src, kind);
        assert!(!want.is_empty(), "{kind:?}");
        assert_eq!(want, all(&db, kind), "{kind:?} in PostgreSQL");
        assert_eq!(want, all(&back, kind), "{kind:?} back in sled");
    }
    let every = Timestamp(u64::MAX);
    assert_eq!(
        src.deadlines(every, 100).unwrap(),
        db.deadlines(every, 100).unwrap()
    );
    assert_eq!(src.deadlines(every, 100).unwrap().len(), 3);
    for u in [UserId(11), UserId(22)] {
        assert_eq!(
            src.user_games(u, None, 100).unwrap(),
            db.user_games(u, None, 100).unwrap()
        );
    }
    assert_eq!(db.users_by_username("@ANN").unwrap(), vec![UserId(11)]);
    assert_eq!(src.all_chat_games().unwrap(), db.all_chat_games().unwrap());
    // The database plays on: a new game's id is above every imported one.
    let top = all(&src, RecordKind::Game)
        .iter()
        .filter_map(|r| match r.reference() {
            RecordRef::Game(g) => Some(g.0),
            _ => None,
        })
        .max()
        .unwrap();
    assert!(db.new_game_id().unwrap().0 > top);
}

/// A database written by a newer program is refused at start, by the store and by the
/// bot, and nothing is written to it.
#[test]
fn a_newer_schema_is_refused_and_nothing_is_written() {
    let url = fresh_database();
    drop(pg(&url));
    let name = database_name(&url);
    let s = server();
    s.psql(
        &name,
        "UPDATE ugolki_meta SET value = 99 WHERE name = 'schema'",
    );
    let before = s.psql(&name, "SELECT count(*) FROM ugolki_meta");
    match PgStore::open(&PgConfig::new(&url)) {
        Err(e @ PgOpenError::NewerSchema { found: 99, .. }) => {
            assert!(e.to_string().contains("run a newer ugolki"), "{e}");
        }
        Err(e) => panic!("{e}"),
        Ok(_) => panic!("a newer schema was opened"),
    }
    let o = Command::new(env!("CARGO_BIN_EXE_ugolki"))
        .args(["bot", "--token", "1:x", "--database-url", &url])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("schema 99"), "{err}");
    assert!(!err.contains("1:x"), "the token is never shown: {err}");
    assert_eq!(s.psql(&name, "SELECT count(*) FROM ugolki_meta"), before);
    assert_eq!(
        s.psql(&name, "SELECT value FROM ugolki_meta WHERE name = 'schema'"),
        "99"
    );
}

/// Instances started at the same moment create the tables once between them.
#[test]
fn instances_started_together_prepare_the_database_once() {
    let url = fresh_database();
    let opened: Vec<_> = (0..4)
        .map(|_| {
            let url = url.clone();
            std::thread::spawn(move || PgStore::open(&PgConfig::new(url)).map(|_| ()))
        })
        .collect();
    for h in opened {
        h.join().unwrap().unwrap();
    }
    assert_eq!(
        pg(&url).schema().unwrap(),
        ugolki_bot::store::postgres::SCHEMA
    );
}

/// A value that does not decode is set aside with its reason; the other records work on.
#[test]
fn a_damaged_value_is_set_aside() {
    let url = fresh_database();
    let store = Arc::new(pg(&url));
    let svc = GameService::new(store.clone(), Timing::default());
    populate(&svc);
    let games = all(&*store, RecordKind::Game).len();
    store
        .execute_for_test(
            "UPDATE ugolki_records SET value = '\\x08ffff'::bytea
             WHERE kind = 0 AND key = (SELECT key FROM ugolki_records WHERE kind = 0 ORDER BY key LIMIT 1)",
        )
        .unwrap();
    // The scan sets it aside and goes on.
    assert_eq!(all(&*store, RecordKind::Game).len(), games - 1);
    let name = database_name(&url);
    assert_eq!(
        server().psql(&name, "SELECT count(*) FROM ugolki_quarantine"),
        "1"
    );
    assert!(
        !server()
            .psql(&name, "SELECT reason FROM ugolki_quarantine")
            .is_empty()
    );
    assert_eq!(store.user(UserId(11)).unwrap().unwrap().name, "Анна \"Q\"");
}

/// Analyses on PostgreSQL follow the measure as on sled: one of this version reads back;
/// one stored by an older measure, a newer one, or a damaged one is not read (made again
/// when asked), and the one made again is kept under the measure's byte.
#[test]
fn an_analysis_stored_by_another_measure_is_made_again() {
    use ugolki_bot::store::codec;
    let url = fresh_database();
    let store = pg(&url);
    let id = GameId(77);
    let rec = AnalysisRecord {
        game: id,
        effort: 20_000,
        best: Vec::new(),
        marks: Vec::new(),
        accuracy: [100.0, 100.0],
    };
    store.put_analysis(&rec).unwrap();
    assert_eq!(store.analysis(id).unwrap(), Some(rec.clone()));
    let hex = |b: &[u8]| b.iter().map(|x| format!("{x:02x}")).collect::<String>();
    let body = postcard::to_allocvec(&rec).unwrap();
    let cases = [
        ("schema 9's", [&[9u8][..], &body].concat()),
        (
            "an older measure's",
            [&[codec::ANALYSIS - 1][..], &body].concat(),
        ),
        (
            "a newer measure's",
            [&[codec::ANALYSIS + 1][..], &body].concat(),
        ),
        ("a damaged one", vec![codec::ANALYSIS, 0xff, 0xff]),
    ];
    let name = database_name(&url);
    for (what, bytes) in cases {
        store
            .execute_for_test(&format!(
                "UPDATE ugolki_analyses SET value = '\\x{}'::bytea WHERE game = 77",
                hex(&bytes)
            ))
            .unwrap();
        assert_eq!(store.analysis(id).unwrap(), None, "{what}");
        store.put_analysis(&rec).unwrap();
        assert_eq!(store.analysis(id).unwrap(), Some(rec.clone()), "{what}");
        assert_eq!(
            server().psql(
                &name,
                "SELECT get_byte(value, 0) FROM ugolki_analyses WHERE game = 77"
            ),
            codec::ANALYSIS.to_string(),
            "{what}"
        );
    }
}

fn leaders(roles: &[tokio::sync::watch::Receiver<Role>]) -> usize {
    roles.iter().filter(|r| *r.borrow() == Role::Leader).count()
}

/// Watch `roles` every 5 ms until `done` says so (or 20 s pass); never two leaders.
fn watch_until(
    roles: &[tokio::sync::watch::Receiver<Role>],
    done: impl Fn(&[tokio::sync::watch::Receiver<Role>]) -> bool,
) -> Duration {
    let start = Instant::now();
    loop {
        assert!(leaders(roles) <= 1, "two instances lead at once");
        if done(roles) {
            return start.elapsed();
        }
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "roles: {:?}",
            roles.iter().map(|r| *r.borrow()).collect::<Vec<_>>()
        );
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// Three instances on one database: one leads, the others stand by; when the leader's
/// process goes (its connections close), one standby leads within 10 s; when the leader's
/// session is cut by the server, it either takes the lock again or stops, and never two
/// lead at once.
#[test]
fn one_leader_among_instances_and_a_standby_takes_over() {
    let url = fresh_database();
    let mut stores: Vec<Option<PgStore>> = (0..3).map(|_| Some(pg(&url))).collect();
    let mut roles: Vec<_> = stores
        .iter()
        .map(|s| s.as_ref().unwrap().cluster().role())
        .collect();
    watch_until(&roles, |r| leaders(r) == 1);
    // For a while, the same one leads and the others stand by.
    let first = roles
        .iter()
        .position(|r| *r.borrow() == Role::Leader)
        .unwrap();
    let until = Instant::now() + Duration::from_secs(3);
    while Instant::now() < until {
        assert_eq!(leaders(&roles), 1);
        assert_eq!(*roles[first].borrow(), Role::Leader);
        std::thread::sleep(Duration::from_millis(20));
    }
    // The leader's process goes.
    stores[first] = None;
    let _ = roles.remove(first);
    stores.remove(first);
    let took = watch_until(&roles, |r| leaders(r) == 1);
    assert!(took < Duration::from_secs(10), "failover took {took:?}");
    // The server cuts the new leader's lock session: never two leaders meanwhile, and in
    // the end one leads again.
    server().psql(
        &database_name(&url),
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity
         WHERE application_name = 'ugolki leader lock' AND datname = current_database()
           AND pid IN (SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted)",
    );
    watch_until(&roles, |r| leaders(r) == 1);
    let until = Instant::now() + Duration::from_secs(5);
    while Instant::now() < until {
        assert!(leaders(&roles) <= 1);
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// Two instances taking the same updates: each update is taken once, and the stored
/// offset is one past the last.
#[test]
fn each_update_is_taken_once() {
    let url = fresh_database();
    let (a, b) = (pg(&url), pg(&url));
    let (ca, cb) = (a.cluster(), b.cluster());
    assert_eq!(ca.update_offset().unwrap(), None);
    assert_eq!(ca.claim_updates(&[3, 1, 2]).unwrap(), vec![1, 2, 3]);
    assert_eq!(cb.claim_updates(&[2, 3, 4]).unwrap(), vec![4]);
    assert_eq!(cb.claim_updates(&[4]).unwrap(), Vec::<i64>::new());
    assert_eq!(ca.update_offset().unwrap(), Some(5));
    assert_eq!(cb.update_offset().unwrap(), Some(5));
}
