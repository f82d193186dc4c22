//! Ratings and statistics through the game service: the provisional K switch
//! over a long series, exactly-once updates when endings race or are retried (also
//! across a store reopen), rating histories read back from games, leaderboards with
//! shared ranks, and ratings in the export.

use crate::common::classic_game;
use std::sync::{Arc, Barrier};
use ugolki_bot::engine::{Color, Outcome, Reason, Variant, VariantId};
use ugolki_bot::game::rating::{K_ESTABLISHED, K_PROVISIONAL, PROVISIONAL_GAMES, START_RATING};
use ugolki_bot::game::standings::{head_to_head, leaderboard, rating_history};
use ugolki_bot::game::*;
use ugolki_bot::store::{SledStore, StoreConfig};

const A: UserId = UserId(11);
const B: UserId = UserId(22);
const CHAT: ChatId = ChatId(-100);

fn t(ms: u64) -> Timestamp {
    Timestamp(ms)
}

fn memory() -> (Arc<MemoryStore>, GameService) {
    let m = Arc::new(MemoryStore::new());
    let s = GameService::new(m.clone(), Timing::default());
    (m, s)
}

fn game(s: &GameService, white: UserId, black: UserId, tc: TimeControl, now: u64) -> GameRecord {
    s.create_game(
        NewGame {
            time_control: tc,
            message: Some(MessageId(1)),
            ..classic_game([Player::Human(white), Player::Human(black)], CHAT)
        },
        t(now),
    )
    .unwrap()
}

fn stats(s: &GameService, u: UserId) -> VariantStats {
    s.user(u)
        .unwrap()
        .and_then(|r| r.stats(VariantId::Classic).copied())
        .unwrap_or(VariantStats::new(VariantId::Classic))
}

/// The Elo update as docs/ARCHITECTURE.md states it, written out again as the test's model.
fn model_update(r: i32, games: u32, opp: i32, score: f64) -> i32 {
    let k = if games < 30 { 40.0 } else { 20.0 };
    let e = 1.0 / (1.0 + 10f64.powf(f64::from(opp - r) / 400.0));
    r + (k * (score - e)).round() as i32
}

/// 40 rated games between A and B in a fixed pattern of wins, losses and draws: every
/// stored change follows the model, K drops from 40 to 20 exactly at each player's
/// 31st rated game, and the history read back from the games matches the aggregates.
#[test]
fn k_switches_at_thirty_rated_games_over_a_long_series() {
    assert_eq!(
        (
            PROVISIONAL_GAMES,
            K_PROVISIONAL,
            K_ESTABLISHED,
            START_RATING
        ),
        (30, 40.0, 20.0, 1500)
    );
    let (_, s) = memory();
    let (mut ra, mut rb) = (START_RATING, START_RATING);
    let (mut best_a, mut streak_a) = (START_RATING, 0i32);
    let mut seen_k20 = false;
    for i in 0..40u32 {
        // A wins two, loses one, draws every fifth game.
        let now = 1000 * u64::from(i + 1);
        let g = game(&s, A, B, TimeControl::Untimed, now);
        let score_a = if i % 5 == 4 {
            0.5
        } else if i % 3 == 2 {
            0.0
        } else {
            1.0
        };
        let end = if score_a == 0.5 {
            s.offer_draw(g.id, A, t(now + 1)).unwrap();
            let DrawOutcome::Agreed(end) = s.offer_draw(g.id, B, t(now + 2)).unwrap() else {
                panic!("no agreement")
            };
            end
        } else if score_a == 1.0 {
            s.resign(g.id, B, t(now + 2)).unwrap()
        } else {
            s.resign(g.id, A, t(now + 2)).unwrap()
        };
        let (na, nb) = (
            model_update(ra, i, rb, score_a),
            model_update(rb, i, ra, 1.0 - score_a),
        );
        let [ca, cb] = end.two_ratings().expect("a rated game between people");
        assert_eq!((ca.before, ca.after), (ra, na), "game {i}");
        assert_eq!((cb.before, cb.after), (rb, nb), "game {i}");
        if i >= 30 {
            // The established K halves what the provisional one would have given.
            let k40 = model_update(ra, 0, rb, score_a) - ra;
            if k40.abs() >= 4 {
                assert!(
                    (ca.delta().abs() as f64) < k40.abs() as f64 * 0.75,
                    "game {i}"
                );
                seen_k20 = true;
            }
        }
        (ra, rb) = (na, nb);
        best_a = best_a.max(ra);
        streak_a = match score_a {
            x if x > 0.75 => streak_a.max(0) + 1,
            x if x < 0.25 => streak_a.min(0) - 1,
            _ => 0,
        };
        let sa = stats(&s, A);
        assert_eq!(sa.rated_games, i + 1);
        assert_eq!(sa.rating, ra);
        assert_eq!(sa.best_rating, best_a);
        assert_eq!(sa.last_change, ca.delta());
        assert_eq!(sa.streak, streak_a, "game {i}");
    }
    assert!(
        seen_k20,
        "a game after the switch moved the rating enough to tell"
    );
    let sa = stats(&s, A);
    assert_eq!((sa.wins, sa.draws, sa.losses), (21, 8, 11));

    // The chart's history, read back from the games, ends where the aggregate is.
    let games = s.user_games(A, None, 100).unwrap();
    let h = rating_history(&games, A);
    assert_eq!(h.len(), 1);
    let values = h[0].values();
    assert_eq!(values.len(), 41);
    assert_eq!(values[0], START_RATING);
    assert_eq!(*values.last().unwrap(), sa.rating);
    assert_eq!(h[0].best(), sa.best_rating);
    let hh = head_to_head(&games, A, B);
    assert_eq!((hh.wins, hh.draws, hh.losses), (21, 8, 11));
}

/// Many threads end the same clocked game at once, after its flag fell: the timer's
/// flag, the late mover (who is flagged instead), both resignations and draw offers.
/// Exactly one ending is stored and both players are counted and rated once, in
/// agreement with that ending.
#[test]
fn racing_endings_are_counted_and_rated_once() {
    let dir = tempfile::tempdir().unwrap();
    let sled: Arc<dyn Storage> = Arc::new(SledStore::open(&StoreConfig::at(dir.path())).unwrap());
    let (_, in_memory) = memory();
    for (name, s) in [
        ("memory", Arc::new(in_memory)),
        ("sled", Arc::new(GameService::new(sled, Timing::default()))),
    ] {
        let rounds = 8u64;
        let (mut ra, mut rb) = (START_RATING, START_RATING);
        for round in 0..rounds {
            let base = round * 1_000_000;
            let g = game(&s, A, B, "1+0".parse().unwrap(), base);
            // The reminder is fired first, so the next due deadline is the flag at 60 s.
            let due = s.deadlines(t(base + 30_000), 10).unwrap();
            let rem = due
                .iter()
                .find(|d| d.target == DeadlineTarget::Game(g.id))
                .unwrap();
            assert!(matches!(
                s.fire_deadline(rem, t(base + 30_000), &mut |_| None)
                    .unwrap(),
                Fired::Reminder { .. }
            ));
            let flag = DeadlineEntry {
                at: t(base + 60_000),
                kind: DeadlineKind::ClockFlag,
                target: DeadlineTarget::Game(g.id),
            };
            let late = t(base + 61_000);
            let n = 8;
            let barrier = Arc::new(Barrier::new(n));
            let handles: Vec<_> = (0..n)
                .map(|i| {
                    let (s, b) = (Arc::clone(&s), Arc::clone(&barrier));
                    std::thread::spawn(move || {
                        b.wait();
                        match i {
                            0 | 1 => format!(
                                "{:?}",
                                s.fire_deadline(&flag, late, &mut |_| None)
                                    .map(|f| matches!(f, Fired::Ended(_)))
                            ),
                            2 => format!(
                                "{:?}",
                                s.play(
                                    g.id,
                                    Actor::User(A),
                                    Expect::Any,
                                    &MoveInput::Text("c3-d3".into()),
                                    late
                                )
                                .map(|o| matches!(o, MoveOutcome::Flagged(_)))
                            ),
                            3 | 4 => format!("{:?}", s.resign(g.id, A, late).map(|_| ())),
                            5 => format!("{:?}", s.resign(g.id, B, late).map(|_| ())),
                            _ => format!(
                                "{:?}",
                                s.offer_draw(g.id, if i == 6 { A } else { B }, late)
                                    .map(|_| ())
                            ),
                        }
                    })
                })
                .collect();
            let results: Vec<String> = handles.into_iter().map(|h| h.join().unwrap()).collect();
            let end = s.game(g.id).unwrap();
            let outcome = end
                .outcome()
                .unwrap_or_else(|| panic!("{name}: not over: {results:?}"));
            assert_eq!(end.ply(), 0, "{name}: the late move was not played");
            let (a, b) = (stats(&s, A), stats(&s, B));
            let n = round as u32 + 1;
            assert_eq!((a.games(), b.games()), (n, n), "{name}: {results:?}");
            assert_eq!((a.rated_games, b.rated_games), (n, n));
            // The stored change is the one the players' records took.
            let [cw, cb] = end.two_ratings().unwrap();
            assert_eq!((a.rating, b.rating), (cw.after, cb.after), "{name}");
            assert_eq!(a.last_change, cw.delta());
            // ... and it is the update for the stored result, from the ratings before.
            let score_a = match outcome.result.winner() {
                Some(Color::White) => 1.0,
                Some(Color::Black) => 0.0,
                None => 0.5,
            };
            assert_eq!((cw.before, cb.before), (ra, rb), "{name}");
            assert_eq!(
                cw.after,
                model_update(ra, n - 1, rb, score_a),
                "{name}: {outcome:?}"
            );
            (ra, rb) = (cw.after, cb.after);
            // Two provisional players with equal K: points are conserved.
            assert_eq!(a.rating + b.rating, 2 * START_RATING);
        }
        // Every one of those games is in both players' histories exactly once.
        let games = s.user_games(B, None, 100).unwrap();
        assert_eq!(games.len() as u64, rounds);
        let h = rating_history(&games, B);
        assert_eq!(h[0].points.len() as u64, rounds);
        assert_eq!(*h[0].values().last().unwrap(), stats(&s, B).rating);
    }
}

/// A game ended, the program stopped, and the same ending is tried again after the
/// store is reopened (a retry after a crash or a lost reply): nothing is counted twice.
#[test]
fn an_ending_retried_after_reopening_the_store_counts_once() {
    let dir = tempfile::tempdir().unwrap();
    let open = || -> GameService {
        let store = SledStore::open(&StoreConfig::at(dir.path())).unwrap();
        GameService::new(Arc::new(store), Timing::default())
    };
    let s = open();
    let g = game(&s, A, B, "1+0".parse().unwrap(), 0);
    let end = s.resign(g.id, A, t(5)).unwrap();
    assert_eq!(
        end.outcome(),
        Some(Outcome::win(Color::Black, Reason::Resignation))
    );
    let before = (s.user(A).unwrap(), s.user(B).unwrap());
    drop(s);

    let s = open();
    assert_eq!(s.resign(g.id, A, t(6)), Err(ServiceError::GameOver));
    assert_eq!(s.resign(g.id, B, t(6)), Err(ServiceError::GameOver));
    let flag = DeadlineEntry {
        at: t(60_000),
        kind: DeadlineKind::ClockFlag,
        target: DeadlineTarget::Game(g.id),
    };
    assert_eq!(
        s.fire_deadline(&flag, t(70_000), &mut |_| None).unwrap(),
        Fired::NotDue
    );
    assert_eq!((s.user(A).unwrap(), s.user(B).unwrap()), before);
    let (a, b) = (stats(&s, A), stats(&s, B));
    assert_eq!((a.losses, a.rating, b.wins, b.rating), (1, 1480, 1, 1520));
}

/// An ending move whose acknowledgement was lost is retried: the retry is refused as
/// stale, and the stats (counted for unrated games too) are counted once.
#[test]
fn an_ending_move_retried_after_a_lost_ack_counts_once() {
    let (mem, s) = memory();
    let g = s
        .create_game(
            NewGame {
                start: Some(
                    // White has filled Black's home; Black's last move ends the game.
                    "W:g8,f6,g6,h6,f7,g7,h7,f8,h8 B:a1,b1,c1,a2,b2,c2,a3,b3,e4 b 30".into(),
                ),
                ..classic_game([Player::Human(A), Player::Human(B)], CHAT)
            },
            t(0),
        )
        .unwrap();
    assert!(!g.rated, "a set-up position is never rated");
    mem.inject_lost_acks(1);
    let mv = MoveInput::Text("e4-e3".into());
    assert!(matches!(
        s.play(g.id, Actor::User(B), Expect::Ply(0), &mv, t(1)),
        Err(ServiceError::Store(StoreError::Io(_)))
    ));
    // The caller retries exactly what it sent.
    assert!(matches!(
        s.play(g.id, Actor::User(B), Expect::Ply(0), &mv, t(2)),
        Err(ServiceError::Stale { ply: 1, .. })
    ));
    let end = s.game(g.id).unwrap();
    assert_eq!(
        end.outcome(),
        Some(Outcome::win(Color::White, Reason::Goal))
    );
    let (a, b) = (stats(&s, A), stats(&s, B));
    assert_eq!((a.wins, a.games(), b.losses, b.games()), (1, 1, 1, 1));
    assert_eq!((a.rated_games, a.rating), (0, START_RATING));
}

/// Players with equal ratings share a place, the next place skips (1, 1, 3, 3, 5, 5);
/// the order inside a tie is stable; players without rated games are not listed.
#[test]
fn leaderboards_share_ranks_between_equal_ratings() {
    let (_, s) = memory();
    let (c, d, e, f, x) = (UserId(33), UserId(44), UserId(55), UserId(66), UserId(77));
    for (u, name) in [
        (A, "Ann"),
        (B, "Bob"),
        (c, "Cid"),
        (d, "Dan"),
        (e, "Eve"),
        (f, "Fay"),
        (x, "Xia"),
    ] {
        s.touch_user(
            &UserProfile {
                id: u,
                name: name.into(),
                username: None,
            },
            t(1),
        )
        .unwrap();
    }
    // A beats B, C beats D (1520 / 1480 each), E and F draw (1500 each).
    let g = game(&s, A, B, TimeControl::Untimed, 10);
    s.resign(g.id, B, t(11)).unwrap();
    let g = game(&s, d, c, TimeControl::Untimed, 12);
    s.resign(g.id, d, t(13)).unwrap();
    let g = game(&s, e, f, TimeControl::Untimed, 14);
    s.offer_draw(g.id, e, t(15)).unwrap();
    s.offer_draw(g.id, f, t(16)).unwrap();
    // X only played the program: counted, unrated, not on the board.
    let g = s
        .create_game(
            classic_game([Player::Human(x), Player::Program { level: 1 }], CHAT),
            t(17),
        )
        .unwrap();
    s.resign(g.id, x, t(18)).unwrap();

    let users = s.all_users().unwrap();
    let board = leaderboard(&users, VariantId::Classic);
    let got: Vec<(usize, &str, i32)> = board
        .iter()
        .map(|r| (r.rank, r.name.as_str(), r.rating))
        .collect();
    assert_eq!(
        got,
        vec![
            (1, "Ann", 1520),
            (1, "Cid", 1520),
            (3, "Eve", 1500),
            (3, "Fay", 1500),
            (5, "Bob", 1480),
            (5, "Dan", 1480),
        ]
    );
    assert!(board.iter().all(|r| r.provisional && r.rated_games == 1));
    // The chat's roster is everyone who played there.
    let chat = s.chat(CHAT, t(20)).unwrap();
    for u in [A, B, c, d, e, f, x] {
        assert!(chat.players.contains(&u), "{u}");
    }
}

/// A game between A and B in `variant` (rated if the rules allow), that `loser` resigns.
fn decided(s: &GameService, variant: Variant, loser: UserId, now: u64) -> GameRecord {
    let g = s
        .create_game(
            NewGame {
                variant: variant.into(),
                ..classic_game([Player::Human(A), Player::Human(B)], CHAT)
            },
            t(now),
        )
        .unwrap();
    s.resign(g.id, loser, t(now + 1)).unwrap()
}

fn stats_in(s: &GameService, u: UserId, v: VariantId) -> Option<VariantStats> {
    s.user(u).unwrap().and_then(|r| r.stats(v).copied())
}

/// Each rated variant (classic, classic-3x4, diagonal) keeps its own rating, starting
/// at 1500; other variants, and a rated variant played with a house-rule option, are
/// counted in the statistics but change no rating.
#[test]
fn each_rated_variant_has_its_own_rating() {
    let (_, s) = memory();
    // A wins at diagonal; B wins twice at classic-3x4.
    let d = decided(&s, Variant::new(VariantId::Diagonal), B, 10);
    let x1 = decided(&s, Variant::new(VariantId::Classic3x4), A, 20);
    let x2 = decided(&s, Variant::new(VariantId::Classic3x4), A, 30);
    assert!(d.rated && x1.rated && x2.rated);
    // Unrated: a variant without ratings, and classic with a house rule.
    let tri = decided(&s, Variant::new(VariantId::Triangle), A, 40);
    let house = decided(
        &s,
        Variant::new(VariantId::Classic)
            .with_option("forced_exit", "true")
            .unwrap(),
        B,
        50,
    );
    assert!(!tri.rated && !house.rated);
    assert_eq!((tri.two_ratings(), house.two_ratings()), (None, None));

    let a_diag = stats_in(&s, A, VariantId::Diagonal).unwrap();
    assert_eq!(
        (a_diag.wins, a_diag.rating, a_diag.rated_games),
        (1, 1520, 1)
    );
    let b_diag = stats_in(&s, B, VariantId::Diagonal).unwrap();
    assert_eq!((b_diag.losses, b_diag.rating), (1, 1480));
    // classic-3x4 starts again from 1500: 1480 after the first loss, then the second
    // loss against a 1520 opponent is worth less.
    let second = model_update(1480, 1, 1520, 0.0);
    assert_eq!(second, 1480 - 18);
    let a_3x4 = stats_in(&s, A, VariantId::Classic3x4).unwrap();
    assert_eq!(
        (
            a_3x4.losses,
            a_3x4.rating,
            a_3x4.rated_games,
            a_3x4.best_rating
        ),
        (2, second, 2, START_RATING)
    );
    let b_3x4 = stats_in(&s, B, VariantId::Classic3x4).unwrap();
    assert_eq!((b_3x4.wins, b_3x4.rating), (2, 1500 + 20 + 18));
    assert_eq!(x2.two_ratings().unwrap()[0].after, second);
    // Counted, not rated.
    let a_tri = stats_in(&s, A, VariantId::Triangle).unwrap();
    assert_eq!(
        (a_tri.losses, a_tri.rated_games, a_tri.rating),
        (1, 0, 1500)
    );
    let a_classic = stats_in(&s, A, VariantId::Classic).unwrap();
    assert_eq!(
        (a_classic.wins, a_classic.rated_games, a_classic.rating),
        (1, 0, START_RATING)
    );
    // Each variant's leaderboard lists only its own rated players and ratings.
    let users = s.all_users().unwrap();
    let rows = |v| -> Vec<(UserId, i32)> {
        leaderboard(&users, v)
            .iter()
            .map(|r| (r.user, r.rating))
            .collect()
    };
    assert_eq!(rows(VariantId::Diagonal), vec![(A, 1520), (B, 1480)]);
    assert_eq!(rows(VariantId::Classic3x4), vec![(B, 1538), (A, 1462)]);
    assert!(rows(VariantId::Classic).is_empty());
}

/// `ugolki export` (the command, on a sled data directory) writes each user's
/// per-variant statistics and ratings, and each rated game's rating changes.
#[test]
fn the_export_carries_ratings_and_stats() {
    let dir = tempfile::tempdir().unwrap();
    let (data, file) = (dir.path().join("data"), dir.path().join("out.jsonl"));
    {
        let store = SledStore::open(&StoreConfig::at(&data)).unwrap();
        let s = GameService::new(Arc::new(store), Timing::default());
        let g = game(&s, A, B, TimeControl::Untimed, 1);
        s.resign(g.id, B, t(2)).unwrap();
    }
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_ugolki"))
        .arg("export")
        .arg("--out")
        .arg(&file)
        .arg("--data-dir")
        .arg(&data)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let lines: Vec<serde_json::Value> = std::fs::read_to_string(&file)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let user = lines
        .iter()
        .find_map(|l| l.get("user").filter(|u| u["id"] == A.0))
        .expect("user A exported");
    let st = &user["stats"][0];
    assert_eq!(st["variant"], "classic");
    assert_eq!(
        (
            &st["wins"],
            &st["rating"],
            &st["rated_games"],
            &st["best_rating"],
            &st["last_change"],
            &st["streak"]
        ),
        (
            &1.into(),
            &1520.into(),
            &1.into(),
            &1520.into(),
            &20.into(),
            &1.into()
        )
    );
    let exported = lines
        .iter()
        .find_map(|l| l.get("game"))
        .expect("the game exported");
    // Each seat's change: Black's second.
    assert_eq!(exported["ratings"][1]["seat"], "b");
    assert_eq!(exported["ratings"][1]["change"]["after"], 1480);
}
