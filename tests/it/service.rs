//! The game service over the three stores (memory, sled, PostgreSQL): moves and their checks, compare-and-swap races,
//! exactly-once finishing with stats and ratings, draws, aborts, clocks and deadlines,
//! challenges, users and chats.

use crate::common::{classic_challenge, classic_game};
use std::sync::{Arc, Barrier};
use tempfile::TempDir;
use ugolki_bot::engine::{Color, GameResult, Outcome, Path, Reason, Square, Variant, VariantId};
use ugolki_bot::game::*;
use ugolki_bot::store::postgres::{PgConfig, PgStore};
use ugolki_bot::store::{SledStore, StoreConfig};

const A: UserId = UserId(11);
const B: UserId = UserId(22);
const C: UserId = UserId(33);
const CHAT: ChatId = ChatId(-100);

struct Env {
    name: &'static str,
    svc: Arc<GameService>,
    mem: Option<Arc<MemoryStore>>,
    _dir: Option<TempDir>,
}

fn memory() -> Env {
    let m = Arc::new(MemoryStore::new());
    Env {
        name: "memory",
        svc: Arc::new(GameService::new(m.clone(), Timing::default())),
        mem: Some(m),
        _dir: None,
    }
}

fn sled() -> Env {
    let dir = tempfile::tempdir().unwrap();
    let store = SledStore::open(&StoreConfig::at(dir.path())).unwrap();
    Env {
        name: "sled",
        svc: Arc::new(GameService::new(Arc::new(store), Timing::default())),
        mem: None,
        _dir: Some(dir),
    }
}

fn postgres() -> Env {
    let store = PgStore::open(&PgConfig::new(crate::common::pg::fresh_database())).unwrap();
    Env {
        name: "postgres",
        svc: Arc::new(GameService::new(Arc::new(store), Timing::default())),
        mem: None,
        _dir: None,
    }
}

/// Every test here runs over the three stores: one contract, three implementations.
fn envs() -> Vec<Env> {
    vec![memory(), sled(), postgres()]
}

fn t(ms: u64) -> Timestamp {
    Timestamp(ms)
}

fn new_game(players: [Player; 2], tc: TimeControl) -> NewGame {
    NewGame {
        time_control: tc,
        message: Some(MessageId(5)),
        ..classic_game(players, CHAT)
    }
}

fn pvp(svc: &GameService) -> GameRecord {
    svc.create_game(
        new_game([Player::Human(A), Player::Human(B)], TimeControl::Untimed),
        t(0),
    )
    .unwrap()
}

fn text(s: &str) -> MoveInput {
    MoveInput::Text(s.to_string())
}

/// `u` plays the move typed as `m` in game `id` at `at` ms, whatever the game's version.
fn by(
    s: &GameService,
    id: GameId,
    u: UserId,
    m: &str,
    at: u64,
) -> Result<MoveOutcome, ServiceError> {
    s.play(id, Actor::User(u), Expect::Any, &text(m), t(at))
}

fn sq(s: &str) -> Square {
    Square::parse(s).unwrap()
}

fn legal_paths(g: &GameRecord) -> Vec<Path> {
    let game = g.replay().unwrap().into_two().unwrap();
    game.legal_moves()
        .into_iter()
        .map(|m| game.position().path(m).unwrap())
        .collect()
}

fn stats(svc: &GameService, u: UserId, v: VariantId) -> VariantStats {
    svc.user(u)
        .unwrap()
        .and_then(|r| r.stats(v).copied())
        .unwrap_or(VariantStats::new(v))
}

fn played(o: MoveOutcome) -> Moved {
    match o {
        MoveOutcome::Played(m) => m,
        MoveOutcome::Flagged(g) => panic!("flagged: {:?}", g.status),
    }
}

/// A move from a record and replay the caller already holds (the bot's hot path) plays
/// as a move from the store does, returns the engine game after it, and refuses or
/// accepts from the stored state when the caller's copy was overtaken by another move.
#[test]
fn a_move_from_a_known_replay_plays_as_from_the_store() {
    for env in envs() {
        let s = &env.svc;
        let g0 = pvp(s);
        let replay0 = g0.replay().unwrap();
        let first = MoveInput::Squares(legal_paths(&g0)[0].squares().to_vec());

        // A current copy: a refusal is the stored state's.
        let refused = s.play_known(
            (g0.clone(), replay0.clone()),
            Actor::User(B),
            Expect::Any,
            &first,
            t(1),
        );
        assert_eq!(
            refused.unwrap_err(),
            ServiceError::NotYourTurn,
            "{}",
            env.name
        );

        // White's move from the copy: the same record as the store's, and the engine
        // game after it equals a replay of that record.
        let (out, after) = s
            .play_known(
                (g0.clone(), replay0.clone()),
                Actor::User(A),
                Expect::Ply(0),
                &first,
                t(2),
            )
            .unwrap();
        let m = played(out);
        let stored = s.game(g0.id).unwrap();
        assert_eq!(m.game, stored, "{}", env.name);
        let after = after
            .expect("an active game's engine game comes back")
            .into_two()
            .unwrap();
        let replayed = stored.replay().unwrap().into_two().unwrap();
        assert_eq!(after.position(), replayed.position(), "{}", env.name);
        assert_eq!(after.moves(), replayed.moves(), "{}", env.name);
        assert_eq!(after.legal_moves(), replayed.legal_moves(), "{}", env.name);

        // Black's move from the old copy (White to move there): the refusal the copy
        // would give is not trusted; the stored game is read and the move is played.
        let reply = MoveInput::Squares(legal_paths(&stored)[0].squares().to_vec());
        let (out, after) = s
            .play_known(
                (g0.clone(), replay0.clone()),
                Actor::User(B),
                Expect::Ply(1),
                &reply,
                t(3),
            )
            .unwrap();
        let m = played(out);
        assert_eq!(m.game.moves.len(), 2, "{}", env.name);
        assert_eq!(m.game, s.game(g0.id).unwrap(), "{}", env.name);
        let replayed = m.game.replay().unwrap();
        assert_eq!(
            after.unwrap().position_text(),
            replayed.position_text(),
            "{}",
            env.name
        );

        // The old copy again, now for White's third move with the wrong expectation: the
        // store's answer (stale at ply 2), not the copy's.
        let third = MoveInput::Squares(legal_paths(&m.game)[0].squares().to_vec());
        assert_eq!(
            s.play_known(
                (g0.clone(), replay0),
                Actor::User(A),
                Expect::Ply(0),
                &third,
                t(4)
            )
            .unwrap_err(),
            ServiceError::Stale {
                ply: 2,
                version: m.game.version
            },
            "{}",
            env.name
        );
    }
}

/// The service keeps the engine game of each record it replayed or played (so that a
/// move need not replay its game at every read): what it gives back is always the replay of the
/// record asked for, at that record's version, whichever version was kept last.
#[test]
fn kept_replays_follow_the_record_version() {
    for env in envs() {
        let s = &env.svc;
        let g0 = pvp(s);
        let same = |a: &ugolki_bot::engine::AnyGame, b: &ugolki_bot::engine::AnyGame| {
            a.position_text() == b.position_text() && a.plies_played() == b.plies_played()
        };
        let at0 = s.replay(&g0).unwrap();
        assert!(same(&at0, &g0.replay().unwrap()), "{}", env.name);

        // A move through the store (not from a known replay): the new record's replay
        // is its own, not the one kept for version 0.
        let first = MoveInput::Squares(legal_paths(&g0)[0].squares().to_vec());
        let g1 = played(
            s.play(g0.id, Actor::User(A), Expect::Ply(0), &first, t(1))
                .unwrap(),
        )
        .game;
        let at1 = s.replay(&g1).unwrap();
        assert_eq!(at1.plies(), 1, "{}", env.name);
        assert!(same(&at1, &g1.replay().unwrap()), "{}", env.name);

        // The old record still replays to itself, and the newer one after that.
        assert!(same(&s.replay(&g0).unwrap(), &at0), "{}", env.name);
        assert!(same(&s.replay(&g1).unwrap(), &at1), "{}", env.name);

        // A reply from the kept game: the engine game that comes back, the kept one for
        // the stored record and a fresh replay all agree.
        let reply = MoveInput::Squares(legal_paths(&g1)[0].squares().to_vec());
        let (out, after) = s
            .play_known(
                (g1.clone(), at1),
                Actor::User(B),
                Expect::Ply(1),
                &reply,
                t(2),
            )
            .unwrap();
        let g2 = played(out).game;
        let stored = s.game(g0.id).unwrap();
        assert_eq!(g2, stored, "{}", env.name);
        let kept = s.replay(&stored).unwrap();
        assert!(same(&kept, &stored.replay().unwrap()), "{}", env.name);
        assert!(same(&kept, &after.unwrap()), "{}", env.name);
        assert_eq!(kept.plies(), 2, "{}", env.name);
    }
}

#[test]
fn moves_are_checked_in_order_and_persist() {
    for env in envs() {
        let s = &env.svc;
        let g = pvp(s);
        assert_eq!(g.version, Version(1));
        let err = |r: Result<MoveOutcome, ServiceError>| r.unwrap_err();
        assert_eq!(err(by(s, g.id, C, "c3-d3", 1)), ServiceError::NotYourGame);
        assert_eq!(err(by(s, g.id, B, "f6-e6", 1)), ServiceError::NotYourTurn);
        assert_eq!(
            err(s.play(g.id, Actor::User(A), Expect::Ply(1), &text("c3-d3"), t(1))),
            ServiceError::Stale {
                ply: 0,
                version: Version(1)
            }
        );
        assert_eq!(
            err(s.play(
                g.id,
                Actor::User(A),
                Expect::Version(Version(7)),
                &text("c3-d3"),
                t(1)
            )),
            ServiceError::Stale {
                ply: 0,
                version: Version(1)
            }
        );
        assert!(matches!(
            err(by(s, g.id, A, "c3-e5", 1)),
            ServiceError::Illegal(_)
        ));
        assert!(matches!(
            err(by(s, g.id, A, "zz", 1)),
            ServiceError::Illegal(_)
        ));
        assert_eq!(
            err(s.play(
                GameId(999_999),
                Actor::User(A),
                Expect::Any,
                &text("c3-d3"),
                t(1)
            )),
            ServiceError::NoSuchGame(GameId(999_999))
        );
        let m = played(
            s.play(g.id, Actor::User(A), Expect::Ply(0), &text("C3 d3"), t(1))
                .unwrap(),
        );
        assert_eq!(m.ply.to_string(), "c3-d3");
        assert_eq!((m.game.ply(), m.game.version), (1, Version(2)));
        assert_eq!(m.game.side_to_move(), Color::Black);
        let m2 = played(
            s.play(
                g.id,
                Actor::User(B),
                Expect::Version(Version(2)),
                &MoveInput::Squares(vec![sq("f6"), sq("e6")]),
                t(2),
            )
            .unwrap(),
        );
        let stored = s.game(g.id).unwrap();
        assert_eq!(stored, m2.game, "{}", env.name);
        assert_eq!(
            stored
                .moves
                .iter()
                .map(|p| p.to_string())
                .collect::<Vec<_>>(),
            ["c3-d3", "f6-e6"]
        );
        assert_eq!(stored.replay().unwrap().position_text(), stored.position);
        let chat = s.chat(CHAT, t(3)).unwrap();
        assert_eq!(s.store().chat_games(CHAT).unwrap(), vec![g.id]);
        assert_eq!(chat.players, vec![A, B]);
        assert_eq!(s.active_games(CHAT).unwrap(), vec![stored.clone()]);
        assert_eq!(s.user_games(A, None, 10).unwrap(), vec![stored]);
    }
}

/// Many threads tap at once for the same turn: exactly one move is played, the rest
/// learn that the position changed; without an expectation, the rest are refused the turn.
#[test]
fn racing_taps_apply_exactly_one_move_per_turn() {
    for env in envs() {
        let s = &env.svc;
        let g = pvp(s);
        for turn in 0..8u32 {
            let cur = s.game(g.id).unwrap();
            let user = cur.player(cur.side_to_move()).user().unwrap();
            let paths = legal_paths(&cur);
            let expect_any = turn % 2 == 1;
            let n = 12;
            let barrier = Arc::new(Barrier::new(n));
            let handles: Vec<_> = (0..n)
                .map(|i| {
                    let (s, b, p) = (s.clone(), barrier.clone(), paths[i % paths.len()].clone());
                    std::thread::spawn(move || {
                        b.wait();
                        let e = if expect_any {
                            Expect::Any
                        } else {
                            Expect::Ply(turn)
                        };
                        s.play(
                            g.id,
                            Actor::User(user),
                            e,
                            &MoveInput::from(&p),
                            t(10 + turn as u64),
                        )
                    })
                })
                .collect();
            let results: Vec<_> = handles.into_iter().map(|h| h.join().unwrap()).collect();
            let wins = results.iter().filter(|r| r.is_ok()).count();
            assert_eq!(wins, 1, "{} turn {turn}: {results:?}", env.name);
            for r in &results {
                match r {
                    Ok(_) => {}
                    Err(ServiceError::Stale { ply, .. }) if !expect_any => {
                        assert_eq!(*ply, turn + 1)
                    }
                    Err(ServiceError::NotYourTurn) if expect_any => {}
                    Err(e) => panic!("{} turn {turn}: unexpected {e:?}", env.name),
                }
            }
            let after = s.game(g.id).unwrap();
            assert_eq!(after.ply(), turn + 1);
            assert_eq!(after.version, Version(turn as u64 + 2));
            after.replay().unwrap();
        }
    }
}

/// The same race from tokio tasks through the async wrapper, on sled.
#[test]
fn racing_tokio_tasks_through_the_async_wrapper() {
    let env = sled();
    let games = AsyncGames::new(env.svc.clone());
    let g = pvp(&env.svc);
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(4)
        .build()
        .unwrap();
    rt.block_on(async {
        for turn in 0..6u32 {
            let cur = games.run(move |s| s.game(g.id)).await.unwrap();
            let user = cur.player(cur.side_to_move()).user().unwrap();
            let paths = legal_paths(&cur);
            let tasks: Vec<_> = (0..32)
                .map(|i| {
                    let games = games.clone();
                    let p = paths[i % paths.len()].clone();
                    tokio::spawn(async move {
                        games
                            .run(move |s| {
                                s.play(
                                    g.id,
                                    Actor::User(user),
                                    Expect::Ply(turn),
                                    &MoveInput::from(&p),
                                    t(1),
                                )
                            })
                            .await
                    })
                })
                .collect();
            let mut ok = 0;
            for task in tasks {
                match task.await.unwrap() {
                    Ok(_) => ok += 1,
                    Err(ServiceError::Stale { .. }) => {}
                    Err(e) => panic!("unexpected {e:?}"),
                }
            }
            assert_eq!(ok, 1, "turn {turn}");
        }
        assert_eq!(games.run(move |s| s.game(g.id)).await.unwrap().ply(), 6);
    });
}

/// Both players resign at once from many threads: one ending, counted once.
#[test]
fn finishing_happens_exactly_once_under_concurrency() {
    for env in envs() {
        let s = &env.svc;
        for round in 0..3 {
            let g = pvp(s);
            let n = 10;
            let barrier = Arc::new(Barrier::new(n));
            let handles: Vec<_> = (0..n)
                .map(|i| {
                    let (s, b) = (s.clone(), barrier.clone());
                    std::thread::spawn(move || {
                        b.wait();
                        match i % 3 {
                            0 => s.resign(g.id, A, t(5)).map(|_| ()),
                            1 => s.resign(g.id, B, t(5)).map(|_| ()),
                            _ => s
                                .offer_draw(g.id, if i % 2 == 0 { A } else { B }, t(5))
                                .map(|_| ()),
                        }
                    })
                })
                .collect();
            let results: Vec<_> = handles.into_iter().map(|h| h.join().unwrap()).collect();
            let end = s.game(g.id).unwrap();
            let outcome = end.outcome().expect("the game ended");
            let a = stats(s, A, VariantId::Classic);
            let b = stats(s, B, VariantId::Classic);
            assert_eq!(a.games(), round + 1, "{}: {results:?}", env.name);
            assert_eq!(b.games(), round + 1);
            assert_eq!(a.rated_games, round + 1);
            // Threads 0, 3, 6, 9 resign as A and 1, 4, 7 as B: exactly one resignation
            // takes effect if the game ended by resignation, none if by agreement.
            let resigned = results
                .iter()
                .enumerate()
                .filter(|(i, r)| i % 3 != 2 && r.is_ok())
                .count();
            match outcome.reason {
                Reason::Resignation => assert_eq!(resigned, 1, "{results:?}"),
                Reason::Agreement => {
                    assert_eq!(outcome.result, GameResult::Draw);
                    assert_eq!(resigned, 0, "{results:?}");
                }
                r => panic!("unexpected reason {r}"),
            }
            for r in &results {
                assert!(
                    matches!(
                        r,
                        Ok(()) | Err(ServiceError::GameOver | ServiceError::AlreadyOffered)
                    ),
                    "{r:?}"
                );
            }
            assert!(s.store().chat_games(CHAT).unwrap().is_empty());
            assert!(end.deadline.is_none());
            // Rating points are conserved between two provisional players.
            assert_eq!(a.rating + b.rating, 3000);
        }
    }
}

/// The store applied the finish but the caller never heard (a lost acknowledgement) and
/// retries: the retry finds the game over, and nothing is counted twice.
#[test]
fn a_retried_finish_after_a_lost_ack_counts_once() {
    let env = memory();
    let (s, mem) = (&env.svc, env.mem.as_ref().unwrap());
    let g = pvp(s);
    mem.inject_lost_acks(1);
    assert!(matches!(
        s.resign(g.id, A, t(1)),
        Err(ServiceError::Store(StoreError::Io(_)))
    ));
    assert_eq!(s.resign(g.id, A, t(2)), Err(ServiceError::GameOver));
    assert_eq!(s.resign(g.id, B, t(2)), Err(ServiceError::GameOver));
    let end = s.game(g.id).unwrap();
    assert_eq!(
        end.outcome(),
        Some(Outcome::win(Color::Black, Reason::Resignation))
    );
    let (a, b) = (
        stats(s, A, VariantId::Classic),
        stats(s, B, VariantId::Classic),
    );
    assert_eq!((a.losses, a.games(), b.wins, b.games()), (1, 1, 1, 1));
    assert_eq!((a.rating, b.rating), (1480, 1520));
}

/// A move that ends the game on the board writes game, stats and chat in one commit.
#[test]
fn an_ending_move_updates_stats_and_chat_in_one_commit() {
    for env in envs() {
        let s = &env.svc;
        let mut ng = new_game([Player::Human(A), Player::Human(B)], TimeControl::Untimed);
        ng.start = Some("W:e8,f6,g6,h6,f7,g7,h7,f8,h8 B:a1,b1,c1,a2,b2,c2,a3,b3,e4 w 30".into());
        let g = s.create_game(ng, t(0)).unwrap();
        assert!(!g.rated, "a game from a set-up position is not rated");
        let m = played(by(s, g.id, A, "e8-g8", 1).unwrap());
        assert!(m.game.is_active(), "Black still has the last move");
        let before = env.mem.as_ref().map(|m| m.commits());
        let m = played(by(s, g.id, B, "e4-e3", 2).unwrap());
        if let (Some(mem), Some(before)) = (env.mem.as_ref(), before) {
            assert_eq!(mem.commits(), before + 1, "the ending is one commit");
        }
        assert_eq!(
            m.game.outcome(),
            Some(Outcome::win(Color::White, Reason::Goal))
        );
        assert_eq!(
            m.game.status,
            Status::Over {
                outcome: Outcome::win(Color::White, Reason::Goal).into(),
                at: t(2)
            }
        );
        assert_eq!(m.game.two_ratings(), None);
        let (a, b) = (
            stats(s, A, VariantId::Classic),
            stats(s, B, VariantId::Classic),
        );
        assert_eq!(
            (a.wins, a.streak, a.rating, a.rated_games),
            (1, 1, 1500, 0),
            "{}",
            env.name
        );
        assert_eq!((b.losses, b.streak), (1, -1));
        assert!(s.store().chat_games(CHAT).unwrap().is_empty());
        assert_eq!(s.deadlines(Timestamp(u64::MAX), 100).unwrap(), vec![]);
        assert_eq!(
            by(s, g.id, A, "f6-e6", 3).unwrap_err(),
            ServiceError::GameOver
        );
    }
}

#[test]
fn ratings_change_only_in_rated_games_between_people() {
    for env in envs() {
        let s = &env.svc;
        let g = pvp(s);
        assert!(g.rated);
        let end = s.resign(g.id, B, t(1)).unwrap();
        assert_eq!(
            end.two_ratings(),
            Some([
                RatingChange {
                    before: 1500,
                    after: 1520
                },
                RatingChange {
                    before: 1500,
                    after: 1480
                }
            ])
        );
        let a = stats(s, A, VariantId::Classic);
        assert_eq!(
            (a.rating, a.best_rating, a.last_change, a.rated_games),
            (1520, 1520, 20, 1)
        );
        // B (1480) beats A (1520): E = 0.4425, 40 * 0.5575 = 22.3 -> 22.
        let g = s
            .create_game(
                new_game([Player::Human(B), Player::Human(A)], TimeControl::Untimed),
                t(2),
            )
            .unwrap();
        s.resign(g.id, A, t(3)).unwrap();
        let (a, b) = (
            stats(s, A, VariantId::Classic),
            stats(s, B, VariantId::Classic),
        );
        assert_eq!((a.rating, b.rating), (1498, 1502), "{}", env.name);
        assert_eq!((a.best_rating, a.last_change, a.streak), (1520, -22, -1));
        // Against the program: counted, never rated.
        let g = s
            .create_game(
                new_game(
                    [Player::Human(A), Player::Program { level: 3 }],
                    TimeControl::Untimed,
                ),
                t(4),
            )
            .unwrap();
        assert!(!g.rated);
        s.resign(g.id, A, t(5)).unwrap();
        let a = stats(s, A, VariantId::Classic);
        assert_eq!(
            (a.losses, a.rating, a.rated_games, a.streak),
            (2, 1498, 2, -2)
        );
        // An unrated variant: counted, not rated.
        let mut ng = new_game([Player::Human(A), Player::Human(B)], TimeControl::Untimed);
        ng.variant = Variant::new(VariantId::Triangle).into();
        let g = s.create_game(ng, t(6)).unwrap();
        assert!(!g.rated);
        s.resign(g.id, B, t(7)).unwrap();
        let tri = stats(s, A, VariantId::Triangle);
        assert_eq!((tri.wins, tri.rating, tri.rated_games), (1, 1500, 0));
    }
}

#[test]
fn draw_offers_answers_and_expiry() {
    for env in envs() {
        let s = &env.svc;
        let g = pvp(s);
        assert_eq!(
            s.answer_draw(g.id, B, true, t(1)).unwrap_err(),
            ServiceError::NoDrawOffer
        );
        let DrawOutcome::Offered(o) = s.offer_draw(g.id, A, t(1)).unwrap() else {
            panic!()
        };
        assert_eq!(
            o.draw_offer,
            Some(DrawOffer {
                by: Color::White,
                expires_at: t(120_001)
            })
        );
        assert_eq!(
            s.offer_draw(g.id, A, t(2)).unwrap_err(),
            ServiceError::AlreadyOffered
        );
        assert_eq!(
            s.answer_draw(g.id, A, true, t(2)).unwrap_err(),
            ServiceError::NoDrawOffer
        );
        assert_eq!(
            s.answer_draw(g.id, C, true, t(2)).unwrap_err(),
            ServiceError::NotYourGame
        );
        let d = s.answer_draw(g.id, B, false, t(3)).unwrap();
        assert!(d.is_active() && d.draw_offer.is_none());
        s.offer_draw(g.id, B, t(4)).unwrap();
        let DrawOutcome::Agreed(end) = s.offer_draw(g.id, A, t(5)).unwrap() else {
            panic!()
        };
        assert_eq!(end.outcome(), Some(Outcome::draw(Reason::Agreement)));
        assert_eq!(stats(s, A, VariantId::Classic).draws, 1);

        // Expiry through the deadline index.
        let g = pvp(s);
        s.offer_draw(g.id, A, t(10)).unwrap();
        let due = s.deadlines(t(120_010), 10).unwrap();
        assert_eq!(
            due,
            vec![DeadlineEntry {
                at: t(120_010),
                kind: DeadlineKind::DrawOfferExpiry,
                target: DeadlineTarget::Game(g.id)
            }]
        );
        assert_eq!(
            s.fire_deadline(&due[0], t(120_009), &mut |_| None).unwrap(),
            Fired::NotDue
        );
        let Fired::DrawOfferExpired(after) =
            s.fire_deadline(&due[0], t(120_010), &mut |_| None).unwrap()
        else {
            panic!()
        };
        assert!(after.draw_offer.is_none() && after.is_active());
        assert_eq!(
            s.answer_draw(g.id, B, true, t(120_011)).unwrap_err(),
            ServiceError::NoDrawOffer
        );
        // A move lets a pending offer lapse.
        s.offer_draw(g.id, A, t(120_012)).unwrap();
        let m = played(by(s, g.id, A, "c3-d3", 120_013).unwrap());
        assert!(m.game.draw_offer.is_none());

        // No offers against the program or in Duelio.
        let p = s
            .create_game(
                new_game(
                    [Player::Human(A), Player::Program { level: 1 }],
                    TimeControl::Untimed,
                ),
                t(0),
            )
            .unwrap();
        assert_eq!(
            s.offer_draw(p.id, A, t(1)).unwrap_err(),
            ServiceError::NoDrawOffers
        );
        let mut ng = new_game([Player::Human(A), Player::Human(B)], TimeControl::Untimed);
        ng.variant = Variant::new(VariantId::Duelio).into();
        let d = s.create_game(ng, t(0)).unwrap();
        assert_eq!(
            s.offer_draw(d.id, A, t(1)).unwrap_err(),
            ServiceError::NoDrawOffers
        );
    }
}

#[test]
fn takebacks_in_casual_games_and_against_the_program() {
    for env in envs() {
        let s = &env.svc;
        let n = env.name;
        let play = |id, u, m: &str, at| by(s, id, u, m, at).unwrap();
        // A rated game has none.
        let rated = pvp(s);
        assert!(rated.rated);
        play(rated.id, A, "c3-d3", 1);
        assert_eq!(
            s.request_takeback(rated.id, A, t(2)).unwrap_err(),
            ServiceError::NoTakebacks,
            "{n}"
        );
        // A casual one between two people.
        let people = [Player::Human(A), Player::Human(B)];
        let casual = NewGame {
            rated: false,
            ..new_game(people, TimeControl::Untimed)
        };
        let g = s.create_game(casual, t(0)).unwrap();
        let start = g.position.clone();
        assert_eq!(
            s.request_takeback(g.id, A, t(1)).unwrap_err(),
            ServiceError::NothingToTakeBack,
            "{n}"
        );
        // Asked right after moving: that move goes.
        play(g.id, A, "c3-d3", 2);
        let asked = s.request_takeback(g.id, A, t(3)).unwrap();
        assert_eq!(
            asked.takeback,
            Some(TakebackOffer {
                by: Color::White,
                ply: 1
            })
        );
        assert_eq!(
            s.request_takeback(g.id, A, t(3)).unwrap_err(),
            ServiceError::TakebackPending
        );
        assert_eq!(
            s.answer_takeback(g.id, A, true, t(4)).unwrap_err(),
            ServiceError::NoTakebackRequest,
            "the asker cannot answer"
        );
        assert_eq!(
            s.answer_takeback(g.id, C, true, t(4)).unwrap_err(),
            ServiceError::NotYourGame
        );
        let back = s.answer_takeback(g.id, B, true, t(5)).unwrap();
        assert!(back.moves.is_empty(), "{n}");
        assert_eq!(back.position, start);
        assert_eq!((back.takebacks, back.takeback), (1, None));
        assert_eq!(back.clocks.turn_started, t(5));
        assert!(back.replay().is_ok());
        // Asked after the opponent's reply: the reply goes too; declined first.
        play(g.id, A, "c3-d3", 6);
        let one = s.game(g.id).unwrap().position;
        play(g.id, B, "f6-e6", 7);
        s.request_takeback(g.id, A, t(8)).unwrap();
        let kept = s.answer_takeback(g.id, B, false, t(9)).unwrap();
        assert_eq!(
            (kept.moves.len(), kept.takeback, kept.takebacks),
            (2, None, 1)
        );
        s.request_takeback(g.id, B, t(10)).unwrap();
        let back = s.answer_takeback(g.id, A, true, t(11)).unwrap();
        assert_eq!(
            (back.moves.len(), back.position.clone()),
            (1, one),
            "Black's move only"
        );
        assert_eq!(back.takebacks, 2);
        // A move voids a request.
        s.request_takeback(g.id, A, t(12)).unwrap();
        play(g.id, B, "f6-e6", 13);
        assert_eq!(s.game(g.id).unwrap().takeback, None);
        assert_eq!(
            s.answer_takeback(g.id, B, true, t(14)).unwrap_err(),
            ServiceError::NoTakebackRequest
        );
        // The chat may turn them off.
        s.update_chat_settings(CHAT, t(15), |c| c.takebacks = false)
            .unwrap();
        assert_eq!(
            s.request_takeback(g.id, B, t(16)).unwrap_err(),
            ServiceError::NoTakebacks
        );
        s.update_chat_settings(CHAT, t(17), |c| c.takebacks = true)
            .unwrap();
        s.request_takeback(g.id, B, t(18)).unwrap();
        // The program grants one at once: the person's move and its reply go.
        let vs = NewGame {
            rated: false,
            ..new_game(
                [Player::Human(A), Player::Program { level: 1 }],
                TimeControl::Untimed,
            )
        };
        let p = s.create_game(vs, t(19)).unwrap();
        play(p.id, A, "c3-d3", 20);
        s.play(p.id, Actor::Program, Expect::Any, &text("f6-e6"), t(21))
            .unwrap();
        let back = s.request_takeback(p.id, A, t(22)).unwrap();
        assert_eq!(
            (back.moves.len(), back.takeback, back.takebacks),
            (0, None, 1),
            "{n}"
        );
        assert_eq!(back.position, p.position);
        assert_eq!(back.side_to_move(), Color::White);
        s.resign(g.id, A, t(22)).unwrap();
        assert_eq!(
            s.request_takeback(g.id, A, t(23)).unwrap_err(),
            ServiceError::GameOver
        );
    }
}

#[test]
fn abort_only_before_both_sides_have_moved() {
    for env in envs() {
        let s = &env.svc;
        let g = pvp(s);
        by(s, g.id, A, "c3-d3", 1).unwrap();
        assert_eq!(
            s.abort(g.id, C, t(2)).unwrap_err(),
            ServiceError::NotYourGame
        );
        let a = s.abort(g.id, B, t(2)).unwrap();
        assert_eq!(
            a.status,
            Status::Aborted {
                by: Some(B),
                at: t(2)
            }
        );
        assert!(
            s.user(A).unwrap().is_none(),
            "an aborted game counts for nobody"
        );
        assert!(s.store().chat_games(CHAT).unwrap().is_empty());
        assert_eq!(s.abort(g.id, B, t(3)).unwrap_err(), ServiceError::GameOver);
        let g = pvp(s);
        by(s, g.id, A, "c3-d3", 1).unwrap();
        by(s, g.id, B, "f6-e6", 2).unwrap();
        assert_eq!(
            s.abort(g.id, A, t(3)).unwrap_err(),
            ServiceError::TooLateToAbort
        );
    }
}

#[test]
fn fischer_clock_reminder_flag_and_late_move() {
    for env in envs() {
        let s = &env.svc;
        let tc: TimeControl = "1+2".parse().unwrap();
        let g = s
            .create_game(new_game([Player::Human(A), Player::Human(B)], tc), t(0))
            .unwrap();
        assert_eq!(
            g.deadline,
            Some(Deadline {
                at: t(30_000),
                kind: DeadlineKind::ClockReminder
            })
        );
        assert!(s.deadlines(t(29_999), 10).unwrap().is_empty());
        let due = s.deadlines(t(30_000), 10).unwrap();
        let Fired::Reminder { game, kind } =
            s.fire_deadline(&due[0], t(30_000), &mut |_| None).unwrap()
        else {
            panic!()
        };
        assert_eq!(kind, DeadlineKind::ClockReminder);
        assert_eq!(
            game.deadline,
            Some(Deadline {
                at: t(60_000),
                kind: DeadlineKind::ClockFlag
            })
        );
        // The same entry fired again is not due any more.
        assert_eq!(
            s.fire_deadline(&due[0], t(30_001), &mut |_| None).unwrap(),
            Fired::NotDue
        );
        let m = played(by(s, g.id, A, "c3-d3", 40_000).unwrap());
        assert_eq!(
            m.game.clocks.remaining[..2],
            [Millis(22_000), Millis(60_000)]
        );
        assert_eq!(
            m.game.deadline,
            Some(Deadline {
                at: t(70_000),
                kind: DeadlineKind::ClockReminder
            })
        );
        // Black answers too late: the move is refused and the game ends on time.
        let late = s
            .play(
                g.id,
                Actor::User(B),
                Expect::Any,
                &text("f6-e6"),
                t(100_000),
            )
            .unwrap();
        let MoveOutcome::Flagged(end) = late else {
            panic!("{late:?}")
        };
        assert_eq!(
            end.outcome(),
            Some(Outcome::win(Color::White, Reason::Timeout))
        );
        assert_eq!(end.ply(), 1);
        assert_eq!(stats(s, B, VariantId::Classic).losses, 1);

        // The timer gets there first.
        let g = s
            .create_game(new_game([Player::Human(A), Player::Human(B)], tc), t(0))
            .unwrap();
        let flag = DeadlineEntry {
            at: t(60_000),
            kind: DeadlineKind::ClockFlag,
            target: DeadlineTarget::Game(g.id),
        };
        // Whatever entry woke the timer, the record's own due deadline is what happens:
        // first the overdue reminder, then nothing until the flag falls.
        let Fired::Reminder { .. } = s.fire_deadline(&flag, t(59_999), &mut |_| None).unwrap()
        else {
            panic!()
        };
        assert_eq!(
            s.fire_deadline(&flag, t(59_999), &mut |_| None).unwrap(),
            Fired::NotDue
        );
        let Fired::Ended(end) = s.fire_deadline(&flag, t(60_000), &mut |_| None).unwrap() else {
            panic!()
        };
        assert_eq!(
            end.outcome(),
            Some(Outcome::win(Color::Black, Reason::Timeout))
        );
        assert_eq!(
            s.fire_deadline(&flag, t(60_001), &mut |_| None).unwrap(),
            Fired::NotDue
        );
        let a = stats(s, A, VariantId::Classic);
        assert_eq!((a.wins, a.losses), (1, 1), "{}", env.name);
    }
}

#[test]
fn per_move_limit_auto_move_then_loss_on_second_miss() {
    for env in envs() {
        let s = &env.svc;
        let tc: TimeControl = "60s".parse().unwrap();
        let g = s
            .create_game(new_game([Player::Human(A), Player::Human(B)], tc), t(0))
            .unwrap();
        assert_eq!(
            g.deadline,
            Some(Deadline {
                at: t(60_000),
                kind: DeadlineKind::MoveMissed
            })
        );
        let entry = s.deadlines(t(60_000), 10).unwrap()[0];
        let mut asked = 0;
        let Fired::AutoMoved(m) = s
            .fire_deadline(&entry, t(60_000), &mut |game| {
                asked += 1;
                let game = game.two().unwrap();
                Some(game.position().path(game.legal_moves()[3]).unwrap().into())
            })
            .unwrap()
        else {
            panic!()
        };
        assert_eq!(asked, 1);
        assert!(m.auto);
        assert_eq!(m.game.clocks.missed[..2], [1, 0]);
        assert_eq!(m.game.ply(), 1);
        // Black moves in time; White misses again: White loses on time.
        by(s, g.id, B, "f6-e6", 70_000).unwrap();
        let entry = s.deadlines(t(130_000), 10).unwrap()[0];
        assert_eq!(entry.at, t(130_000));
        let Fired::Ended(end) = s.fire_deadline(&entry, t(130_000), &mut |_| None).unwrap() else {
            panic!()
        };
        assert_eq!(
            end.outcome(),
            Some(Outcome::win(Color::Black, Reason::Timeout)),
            "{}",
            env.name
        );

        // A move of one's own resets the count; a bad suggestion falls back to a legal move.
        let g = s
            .create_game(new_game([Player::Human(A), Player::Human(B)], tc), t(0))
            .unwrap();
        let e = s.deadlines(t(60_000), 10).unwrap()[0];
        let Fired::AutoMoved(_) = s
            .fire_deadline(&e, t(60_000), &mut |_| {
                Path::new(vec![sq("a1"), sq("h8")]).map(Into::into)
            })
            .unwrap()
        else {
            panic!()
        };
        let e = s.deadlines(t(120_000), 10).unwrap()[0];
        let Fired::AutoMoved(m) = s.fire_deadline(&e, t(120_000), &mut |_| None).unwrap() else {
            panic!()
        };
        assert_eq!(m.game.clocks.missed[..2], [1, 1]);
        let m = played(
            s.play(
                g.id,
                Actor::User(A),
                Expect::Any,
                &MoveInput::from(&legal_paths(&m.game)[0]),
                t(121_000),
            )
            .unwrap(),
        );
        assert_eq!(m.game.clocks.missed[..2], [0, 1]);
        let e = s.deadlines(t(181_000), 10).unwrap()[0];
        let Fired::Ended(end) = s.fire_deadline(&e, t(181_000), &mut |_| None).unwrap() else {
            panic!()
        };
        assert_eq!(
            end.outcome(),
            Some(Outcome::win(Color::White, Reason::Timeout))
        );
    }
}

#[test]
fn untimed_games_warn_then_end_as_abandoned() {
    for env in envs() {
        let s = &env.svc;
        let day = 86_400_000;
        let g = pvp(s);
        by(s, g.id, A, "c3-d3", 1000).unwrap();
        let entry = s.deadlines(Timestamp(u64::MAX), 10).unwrap()[0];
        assert_eq!(
            entry,
            DeadlineEntry {
                at: t(1000 + 6 * day),
                kind: DeadlineKind::AbandonWarning,
                target: DeadlineTarget::Game(g.id)
            }
        );
        let Fired::Reminder { kind, .. } = s
            .fire_deadline(&entry, t(1000 + 6 * day), &mut |_| None)
            .unwrap()
        else {
            panic!()
        };
        assert_eq!(kind, DeadlineKind::AbandonWarning);
        let entry = s.deadlines(Timestamp(u64::MAX), 10).unwrap()[0];
        assert_eq!(
            (entry.at, entry.kind),
            (t(1000 + 7 * day), DeadlineKind::Abandon)
        );
        let Fired::Ended(end) = s
            .fire_deadline(&entry, t(1000 + 7 * day), &mut |_| None)
            .unwrap()
        else {
            panic!()
        };
        assert_eq!(
            end.outcome(),
            Some(Outcome::win(Color::White, Reason::Abandoned)),
            "{}",
            env.name
        );
        assert!(s.deadlines(Timestamp(u64::MAX), 10).unwrap().is_empty());
    }
}

/// A move and the flag arrive together: either the move counts or the timeout, never both.
#[test]
fn a_move_racing_its_timeout_resolves_one_way() {
    for env in envs() {
        let s = &env.svc;
        let tc: TimeControl = "1+0".parse().unwrap();
        let (mut moves_won, mut flags_won) = (0, 0);
        for _ in 0..30 {
            let g = s
                .create_game(new_game([Player::Human(A), Player::Human(B)], tc), t(0))
                .unwrap();
            // Send the reminder first so the flag is the pending deadline.
            let r = s
                .deadlines(t(30_000), 100)
                .unwrap()
                .into_iter()
                .find(|d| d.target == DeadlineTarget::Game(g.id))
                .unwrap();
            s.fire_deadline(&r, t(30_000), &mut |_| None).unwrap();
            let flag = DeadlineEntry {
                at: t(60_000),
                kind: DeadlineKind::ClockFlag,
                target: DeadlineTarget::Game(g.id),
            };
            let barrier = Arc::new(Barrier::new(2));
            let (s1, b1) = (s.clone(), barrier.clone());
            let mover = std::thread::spawn(move || {
                b1.wait();
                s1.play(
                    g.id,
                    Actor::User(A),
                    Expect::Ply(0),
                    &text("c3-d3"),
                    t(59_999),
                )
            });
            let (s2, b2) = (s.clone(), barrier);
            let timer = std::thread::spawn(move || {
                b2.wait();
                s2.fire_deadline(&flag, t(60_000), &mut |_| None)
            });
            let (m, f) = (mover.join().unwrap(), timer.join().unwrap().unwrap());
            let end = s.game(g.id).unwrap();
            match (m, f) {
                (Ok(MoveOutcome::Played(_)), Fired::NotDue) => {
                    moves_won += 1;
                    assert!(end.is_active() && end.ply() == 1);
                }
                (Err(ServiceError::GameOver), Fired::Ended(_)) => {
                    flags_won += 1;
                    assert_eq!(
                        end.outcome(),
                        Some(Outcome::win(Color::Black, Reason::Timeout))
                    );
                    assert_eq!(end.ply(), 0);
                }
                other => panic!("{}: inconsistent race result {other:?}", env.name),
            }
        }
        assert_eq!(moves_won + flags_won, 30);
    }
}

/// A challenge link accepted in the friend's private chat: the game is shown in both
/// private chats (the friend's is its mirror board), listed in both chats' active games,
/// and leaves both lists when it ends.
#[test]
fn a_link_challenge_gets_a_board_in_both_private_chats() {
    for env in envs() {
        let s = &env.svc;
        let (mine, friends) = (ChatId(A.0 as i64), ChatId(B.0 as i64));
        let open_challenge = |chat, target, now| {
            s.create_challenge(
                NewChallenge {
                    colour: ColourChoice::White,
                    ..classic_challenge(chat, A, target)
                },
                t(now),
            )
            .unwrap()
        };
        let token = LinkToken::random().unwrap();
        let c = open_challenge(mine, ChallengeTarget::Link(token), 0);
        // Not from a group, even with the token: a link is taken in one's own private chat.
        assert_eq!(
            s.accept_challenge_in(c.id, B, None, Some(CHAT), Some(token), t(1))
                .unwrap_err(),
            ServiceError::NotForYou
        );
        // Without the link's token, or with another, nobody takes it; nor can they decline
        // it for the challenger.
        let guess = LinkToken::random().unwrap();
        for proof in [None, Some(guess)] {
            assert_eq!(
                s.accept_challenge_in(c.id, B, None, Some(friends), proof, t(1))
                    .unwrap_err(),
                ServiceError::NotForYou
            );
        }
        assert_eq!(
            s.decline_challenge(c.id, B, None, t(1)).unwrap_err(),
            ServiceError::NotForYou
        );
        let (_, g) = s
            .accept_challenge_in(c.id, B, None, Some(friends), Some(token), t(1))
            .unwrap();
        // Single use: the link takes nobody else.
        assert!(matches!(
            s.accept_challenge_in(c.id, C, None, Some(ChatId(C.0 as i64)), Some(token), t(1)),
            Err(ServiceError::ChallengeClosed(_))
        ));
        assert_eq!((g.chat, g.message), (mine, None));
        assert_eq!(
            g.mirror,
            Some(Board {
                chat: friends,
                message: None
            })
        );
        assert_eq!(g.boards().count(), 2, "{}", env.name);
        for chat in [mine, friends] {
            assert_eq!(s.store().chat_games(chat).unwrap(), vec![g.id]);
            assert_eq!(s.active_games(chat).unwrap()[0].id, g.id);
        }
        // Each board's message is recorded where it lives; a third chat is refused.
        s.set_board_message_in(g.id, mine, MessageId(7), t(2))
            .unwrap();
        let g = s
            .set_board_message_in(g.id, friends, MessageId(9), t(2))
            .unwrap();
        assert!(g.is_board(mine, MessageId(7)) && g.is_board(friends, MessageId(9)));
        assert!(!g.is_board(mine, MessageId(9)));
        assert_eq!(
            s.set_board_message_in(g.id, ChatId(5), MessageId(1), t(2))
                .unwrap_err(),
            ServiceError::NotInChat
        );
        s.resign(g.id, B, t(3)).unwrap();
        for chat in [mine, friends] {
            assert!(s.store().chat_games(chat).unwrap().is_empty());
        }
        // An open challenge in a group is taken only there, not from anyone's private
        // chat with forged button data; in the group it gets one board.
        let c = open_challenge(CHAT, ChallengeTarget::Open, 4);
        assert_eq!(
            s.accept_challenge_in(c.id, B, None, Some(friends), None, t(5))
                .unwrap_err(),
            ServiceError::NotForYou
        );
        let (_, g) = s
            .accept_challenge_in(c.id, B, None, Some(CHAT), None, t(5))
            .unwrap();
        assert_eq!(g.mirror, None);
    }
}

#[test]
fn challenges_open_targeted_declined_expired() {
    for env in envs() {
        let s = &env.svc;
        let nc = |target, colour| NewChallenge {
            colour,
            ..classic_challenge(CHAT, A, target)
        };
        // Open: anyone but the challenger.
        let c = s
            .create_challenge(nc(ChallengeTarget::Open, ColourChoice::White), t(0))
            .unwrap();
        assert_eq!(c.expires_at, t(600_000));
        assert_eq!(
            s.accept_challenge(c.id, A, None, t(1)).unwrap_err(),
            ServiceError::OwnChallenge
        );
        assert_eq!(
            s.decline_challenge(c.id, B, None, t(1)).unwrap_err(),
            ServiceError::NotForYou
        );
        let (closed, g) = s.accept_challenge(c.id, B, None, t(2)).unwrap();
        assert_eq!(
            closed.status,
            ChallengeStatus::Accepted { game: g.id, by: B }
        );
        assert_eq!(g.players, [Player::Human(A), Player::Human(B)]);
        assert!(g.rated);
        assert_eq!(s.store().chat_games(CHAT).unwrap(), vec![g.id]);
        assert!(matches!(
            s.accept_challenge(c.id, C, None, t(3)),
            Err(ServiceError::ChallengeClosed(_))
        ));

        // By username, case-insensitively; nobody else.
        let c = s
            .create_challenge(
                nc(
                    ChallengeTarget::Username("@Bob_X".into()),
                    ColourChoice::Black,
                ),
                t(0),
            )
            .unwrap();
        assert_eq!(c.target, ChallengeTarget::Username("Bob_X".into()));
        assert_eq!(
            s.accept_challenge(c.id, C, Some("alice"), t(1))
                .unwrap_err(),
            ServiceError::NotForYou
        );
        assert_eq!(
            s.accept_challenge(c.id, C, None, t(1)).unwrap_err(),
            ServiceError::NotForYou
        );
        let (_, g) = s.accept_challenge(c.id, B, Some("bob_x"), t(1)).unwrap();
        assert_eq!(g.players, [Player::Human(B), Player::Human(A)]);

        // By id: decline by the target, withdrawal by the challenger.
        let c = s
            .create_challenge(nc(ChallengeTarget::User(B), ColourChoice::Random), t(0))
            .unwrap();
        assert_eq!(
            s.decline_challenge(c.id, C, Some("bob_x"), t(1))
                .unwrap_err(),
            ServiceError::NotForYou
        );
        assert_eq!(
            s.decline_challenge(c.id, B, None, t(1)).unwrap().status,
            ChallengeStatus::Declined { by: B }
        );
        let c = s
            .create_challenge(nc(ChallengeTarget::User(B), ColourChoice::Random), t(0))
            .unwrap();
        assert_eq!(
            s.decline_challenge(c.id, A, None, t(1)).unwrap().status,
            ChallengeStatus::Cancelled
        );
        assert_eq!(
            s.create_challenge(
                NewChallenge {
                    target: ChallengeTarget::User(A),
                    ..nc(ChallengeTarget::Open, ColourChoice::Random)
                },
                t(0)
            )
            .unwrap_err(),
            ServiceError::BadSetup(ugolki_bot::game::SetupError::OwnChallenge)
        );

        // Expiry: by the deadline index, and a late tap before the timer.
        let c = s
            .create_challenge(nc(ChallengeTarget::User(B), ColourChoice::Random), t(1000))
            .unwrap();
        let mine = |s: &GameService| {
            s.deadlines(Timestamp(u64::MAX), 100)
                .unwrap()
                .into_iter()
                .filter(|d| d.target == DeadlineTarget::Challenge(c.id))
                .collect::<Vec<_>>()
        };
        let entries = mine(s);
        assert_eq!(
            entries,
            vec![DeadlineEntry {
                at: t(601_000),
                kind: DeadlineKind::ChallengeExpiry,
                target: DeadlineTarget::Challenge(c.id)
            }]
        );
        assert_eq!(
            s.expire_challenge(c.id, t(600_999)).unwrap_err(),
            ServiceError::NotDue
        );
        assert_eq!(
            s.accept_challenge(c.id, B, None, t(601_000)).unwrap_err(),
            ServiceError::ChallengeExpired
        );
        let Fired::ChallengeExpired(x) = s
            .fire_deadline(&entries[0], t(601_000), &mut |_| None)
            .unwrap()
        else {
            panic!()
        };
        assert_eq!(x.status, ChallengeStatus::Expired);
        assert!(mine(s).is_empty(), "{}", env.name);
        assert_eq!(
            s.fire_deadline(&entries[0], t(601_001), &mut |_| None)
                .unwrap(),
            Fired::NotDue
        );
    }
}

/// Eight people tap Accept on one open challenge at once: one game starts.
#[test]
fn racing_accepts_start_one_game() {
    for env in envs() {
        let s = &env.svc;
        let chat = ChatId(-7);
        let c = s
            .create_challenge(
                NewChallenge {
                    message: Some(MessageId(3)),
                    rated: false,
                    ..classic_challenge(chat, A, ChallengeTarget::Open)
                },
                t(0),
            )
            .unwrap();
        let barrier = Arc::new(Barrier::new(8));
        let handles: Vec<_> = (0..8u64)
            .map(|i| {
                let (s, b) = (s.clone(), barrier.clone());
                std::thread::spawn(move || {
                    b.wait();
                    s.accept_challenge(c.id, UserId(100 + i), None, t(1))
                })
            })
            .collect();
        let results: Vec<_> = handles.into_iter().map(|h| h.join().unwrap()).collect();
        assert_eq!(
            results.iter().filter(|r| r.is_ok()).count(),
            1,
            "{}",
            env.name
        );
        assert!(
            results
                .iter()
                .all(|r| matches!(r, Ok(_) | Err(ServiceError::ChallengeClosed(_))))
        );
        assert_eq!(s.store().chat_games(chat).unwrap().len(), 1);
    }
}

#[test]
fn games_against_the_program() {
    for env in envs() {
        let s = &env.svc;
        let g = s
            .create_game(
                new_game(
                    [Player::Human(A), Player::Program { level: 3 }],
                    TimeControl::Untimed,
                ),
                t(0),
            )
            .unwrap();
        by(s, g.id, A, "c3-d3", 5).unwrap();
        assert_eq!(
            by(s, g.id, A, "b3-b4", 6).unwrap_err(),
            ServiceError::NotYourTurn
        );
        // The program's pending move is a deadline due at once (it survives a restart).
        let due = s.deadlines(t(5), 10).unwrap();
        assert_eq!(
            due,
            vec![DeadlineEntry {
                at: t(5),
                kind: DeadlineKind::ProgramMove,
                target: DeadlineTarget::Game(g.id)
            }]
        );
        let Fired::ProgramToMove(rec) = s.fire_deadline(&due[0], t(6), &mut |_| None).unwrap()
        else {
            panic!()
        };
        let p = legal_paths(&rec)[0].clone();
        let m = played(
            s.play(
                g.id,
                Actor::Program,
                Expect::Ply(1),
                &MoveInput::from(&p),
                t(7),
            )
            .unwrap(),
        );
        assert_eq!(m.game.ply(), 2);
        let pvp = pvp(s);
        assert_eq!(
            s.play(pvp.id, Actor::Program, Expect::Any, &text("c3-d3"), t(1))
                .unwrap_err(),
            ServiceError::NotYourGame
        );
    }
}

#[test]
fn the_training_room_has_one_player() {
    for env in envs() {
        let s = &env.svc;
        let mut ng = new_game(
            [Player::Human(A), Player::Absent],
            TimeControl::Clock {
                base: Millis(1),
                increment: Millis(0),
            },
        );
        ng.variant = Variant::new(VariantId::Training).into();
        let g = s.create_game(ng.clone(), t(0)).unwrap();
        assert_eq!(g.time_control, TimeControl::Untimed);
        assert!(!g.rated);
        by(s, g.id, A, "c3-d3", 1).unwrap();
        let m = played(by(s, g.id, A, "c2-d2", 2).unwrap());
        assert_eq!(m.game.side_to_move(), Color::White);
        let end = s.resign(g.id, A, t(3)).unwrap();
        assert!(matches!(end.status, Status::Aborted { .. }));
        assert!(s.user(A).unwrap().is_none());
        ng.players = vec![Player::Human(A), Player::Program { level: 1 }];
        assert!(matches!(
            s.create_game(ng, t(0)),
            Err(ServiceError::BadSetup(_))
        ));
        let bad = new_game(
            [Player::Program { level: 1 }, Player::Program { level: 1 }],
            TimeControl::Untimed,
        );
        assert!(matches!(
            s.create_game(bad, t(0)),
            Err(ServiceError::BadSetup(_))
        ));
    }
}

#[test]
fn users_chats_and_history() {
    for env in envs() {
        let s = &env.svc;
        let p = UserProfile {
            id: B,
            name: "Bob".into(),
            username: Some("@Bob_X".into()),
        };
        let u = s.touch_user(&p, t(1)).unwrap();
        assert_eq!(
            (u.version, u.username.as_deref()),
            (Version(1), Some("Bob_X"))
        );
        assert_eq!(
            s.touch_user(&p, t(2)).unwrap().version,
            Version(1),
            "no write when unchanged"
        );
        assert_eq!(s.users_by_username("bob_x").unwrap().len(), 1);
        let u = s
            .touch_user(
                &UserProfile {
                    username: Some("bobby".into()),
                    ..p.clone()
                },
                t(3),
            )
            .unwrap();
        assert_eq!(u.version, Version(2));
        assert!(s.users_by_username("@BOB_X").unwrap().is_empty());
        assert_eq!(s.users_by_username("Bobby").unwrap()[0].id, B);
        assert_eq!(
            s.set_user_language(B, Some(Language::Ru), t(4))
                .unwrap()
                .language,
            Some(Language::Ru)
        );

        let c = s
            .update_chat_settings(CHAT, t(5), |st| {
                st.variant = Variant::new(VariantId::Diagonal);
                st.time_control = "5+3".parse().unwrap();
                st.orientation = Orientation::SideToMove;
            })
            .unwrap();
        let again = s.chat(CHAT, t(6)).unwrap();
        assert_eq!(again, c);
        assert_eq!(again.settings.variant.id(), VariantId::Diagonal);

        let ids: Vec<GameId> = (0..3).map(|_| pvp(s).id).collect();
        let newest: Vec<GameId> = s
            .user_games(A, None, 2)
            .unwrap()
            .iter()
            .map(|g| g.id)
            .collect();
        assert_eq!(newest, vec![ids[2], ids[1]], "{}", env.name);
        let older: Vec<GameId> = s
            .user_games(A, Some(ids[1]), 10)
            .unwrap()
            .iter()
            .map(|g| g.id)
            .collect();
        assert_eq!(older, vec![ids[0]]);
        assert_eq!(s.active_games(CHAT).unwrap().len(), 3);
        assert_eq!(s.all_users().unwrap().len(), 1);
    }
}

/// The timer task sleeps on `deadlines_changed`: a write that moves a deadline wakes it
/// (even if it was not waiting yet), one that does not, does not.
#[test]
fn deadline_changes_wake_the_timer() {
    use std::time::Duration;
    let env = memory();
    let s = &env.svc;
    let n = s.deadlines_changed();
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_time()
        .build()
        .unwrap();
    rt.block_on(async {
        let g = pvp(s);
        let woke = tokio::time::timeout(Duration::from_secs(5), n.notified()).await;
        assert!(woke.is_ok(), "a new game's deadline wakes the timer");
        s.set_board_message_in(g.id, g.chat, MessageId(9), t(0))
            .unwrap();
        let woke = tokio::time::timeout(Duration::from_millis(50), n.notified()).await;
        assert!(
            woke.is_err(),
            "moving the board message changes no deadline"
        );
        by(s, g.id, A, "c3-d3", 5).unwrap();
        let woke = tokio::time::timeout(Duration::from_secs(5), n.notified()).await;
        assert!(woke.is_ok(), "a move moves the deadline");
    });
}

/// A group becomes a supergroup: its settings, players and active games (with their
/// mirror boards) move to the new id in one write, boards to be posted anew; the other
/// notice of the same migration moves nothing and keeps settings changed meanwhile.
#[test]
fn a_migrated_group_keeps_its_settings_and_games() {
    let (old, new) = (ChatId(-42), ChatId(-10042));
    for env in envs() {
        let s = &env.svc;
        s.update_chat_settings(old, t(0), |c| c.language = Some(Language::Ru))
            .unwrap();
        let g = s
            .create_game(
                NewGame {
                    chat: old,
                    ..new_game([Player::Human(A), Player::Human(B)], TimeControl::Untimed)
                },
                t(1),
            )
            .unwrap();
        s.set_board_message_in(g.id, g.chat, MessageId(5), t(2))
            .unwrap();
        let moved = s.migrate_chat(old, new, t(3)).unwrap().games;
        assert_eq!(moved.len(), 1, "{}", env.name);
        assert_eq!((moved[0].chat, moved[0].message), (new, None));
        assert!(s.store().chat_games(old).unwrap().is_empty());
        assert_eq!(s.store().chat_games(new).unwrap(), vec![g.id]);
        let c = s.chat(new, t(3)).unwrap();
        assert_eq!(c.settings.language, Some(Language::Ru));
        assert!(c.players.contains(&A) && c.players.contains(&B));
        // An admin changes the supergroup's language before the other notice arrives.
        s.update_chat_settings(new, t(4), |c| c.language = Some(Language::En))
            .unwrap();
        assert!(s.migrate_chat(old, new, t(5)).unwrap().games.is_empty());
        assert_eq!(
            s.chat(new, t(5)).unwrap().settings.language,
            Some(Language::En)
        );
        assert_eq!(s.game(g.id).unwrap().chat, new);
    }
}

/// `chat` becomes unreachable at `at` (in env `env`): its one game pauses then, to be
/// called off once the abandonment period is over, and the chat is marked. The paused game.
fn pause_chat(s: &GameService, chat: ChatId, at: u64, env: &str) -> GameRecord {
    let mut paused = s.chat_unreachable(chat, t(at)).unwrap();
    assert_eq!(paused.len(), 1, "{env}");
    let p = paused.remove(0);
    assert_eq!(p.paused, Some(t(at)), "{env}");
    assert_eq!(
        p.deadline,
        Some(Deadline {
            at: t(at).plus(Timing::default().abandon_after),
            kind: DeadlineKind::Unreachable
        }),
        "{env}"
    );
    assert!(s.chat(chat, t(at)).unwrap().unreachable.is_some(), "{env}");
    p
}

/// A chat the bot can no longer write to pauses its games: their clocks stand still,
/// nothing fires but their end, moves are refused; once the chat can be written to
/// again they resume with the time they had, their boards there to be posted anew.
#[test]
fn an_unreachable_chat_pauses_its_games_and_they_resume_where_they_stopped() {
    let per_move = TimeControl::PerMove {
        limit: Millis::secs(60),
    };
    for env in envs() {
        let s = &env.svc;
        let g = s
            .create_game(
                new_game([Player::Human(A), Player::Human(B)], per_move),
                t(0),
            )
            .unwrap();
        // White used 10 s of the minute when the bot was removed.
        pause_chat(s, CHAT, 10_000, env.name);
        assert_eq!(s.unreachable_chats().unwrap(), vec![CHAT]);
        // Marked again (another refused call): nothing more to do.
        assert!(s.chat_unreachable(CHAT, t(11_000)).unwrap().is_empty());
        // Nothing is due at the minute's end; a move is refused.
        assert!(s.deadlines(t(120_000), 10).unwrap().is_empty());
        let mv = legal_paths(&g)[0].clone();
        assert_eq!(
            s.play(
                g.id,
                Actor::User(A),
                Expect::Any,
                &MoveInput::from(&mv),
                t(20_000)
            )
            .unwrap_err(),
            ServiceError::Paused
        );
        // Back an hour later: 50 s left, the board to be posted anew, the turn not to be
        // started over when it is.
        let back = s.chat_reachable(CHAT, t(3_610_000)).unwrap();
        assert_eq!(back.len(), 1);
        let r = &back[0];
        assert_eq!((r.paused, r.message, r.turn_seen), (None, None, Some(0)));
        assert_eq!(
            r.deadline,
            Some(Deadline {
                at: t(3_660_000),
                kind: DeadlineKind::MoveMissed
            })
        );
        assert_eq!(s.chat(CHAT, t(3_610_000)).unwrap().unreachable, None);
        assert!(s.unreachable_chats().unwrap().is_empty());
        assert!(s.chat_reachable(CHAT, t(3_620_000)).unwrap().is_empty());
        assert_eq!(
            s.turn_shown(r.id, 0, t(3_615_000), t(3_615_000)).unwrap(),
            None,
            "a board posted anew gives the turn's time back"
        );
        s.set_board_message_in(r.id, CHAT, MessageId(9), t(3_611_000))
            .unwrap();
        s.play(
            g.id,
            Actor::User(A),
            Expect::Any,
            &MoveInput::from(&mv),
            t(3_620_000),
        )
        .unwrap();
    }
}

/// A game still paused when the untimed abandonment period is over is called off: no
/// result, nobody's statistics or rating change (a rated game between two people).
#[test]
fn a_game_paused_for_the_abandonment_period_is_called_off_without_a_result() {
    for env in envs() {
        let s = &env.svc;
        let g = pvp(s);
        assert!(g.rated);
        pause_chat(s, CHAT, 1_000, env.name);
        let due = s.deadlines(t(u64::MAX), 10).unwrap();
        assert_eq!(due.len(), 1, "{}", env.name);
        let end = t(1_000).plus(Timing::default().abandon_after);
        assert_eq!(
            s.fire_deadline(&due[0], t(end.0 - 1), &mut |_| None)
                .unwrap(),
            Fired::NotDue
        );
        let Fired::Ended(over) = s.fire_deadline(&due[0], end, &mut |_| None).unwrap() else {
            panic!("not ended");
        };
        assert_eq!(over.status, Status::Aborted { by: None, at: end });
        assert_eq!(over.two_ratings(), None);
        for u in [A, B] {
            assert_eq!(stats(s, u, VariantId::Classic).games(), 0, "{}", env.name);
        }
        assert!(s.store().chat_games(CHAT).unwrap().is_empty());
    }
}

/// A game between two private chats waits for both: it resumes only when neither is
/// unreachable any more.
#[test]
fn a_game_resumes_only_when_every_chat_of_its_boards_is_reachable() {
    for env in envs() {
        let s = &env.svc;
        let (dm_a, dm_b) = (ChatId(A.0 as i64), ChatId(B.0 as i64));
        let token = LinkToken([7; 12]);
        let c = s
            .create_challenge(
                classic_challenge(dm_a, A, ChallengeTarget::Link(token)),
                t(0),
            )
            .unwrap();
        let (_, g) = s
            .accept_challenge_in(c.id, B, None, Some(dm_b), Some(token), t(1))
            .unwrap();
        assert!(g.board_in(dm_a).is_some() && g.board_in(dm_b).is_some());
        pause_chat(s, dm_a, 10, env.name);
        assert!(
            s.chat_unreachable(dm_b, t(20)).unwrap().is_empty(),
            "paused already"
        );
        let back = s.chat_reachable(dm_b, t(30)).unwrap();
        assert_eq!(back.len(), 1, "{}", env.name);
        assert!(back[0].paused.is_some(), "the other chat is still closed");
        let back = s.chat_reachable(dm_a, t(40)).unwrap();
        assert_eq!(back[0].paused, None);
    }
}

/// A group's move to a supergroup takes its open challenges along (their messages to be
/// posted anew), not those already answered, and marks the moved games' turn as shown.
#[test]
fn a_migration_moves_the_groups_open_challenges() {
    for env in envs() {
        let s = &env.svc;
        let new = ChatId(-1_000_000_000_100);
        let nc = |target| NewChallenge {
            message: Some(MessageId(3)),
            ..classic_challenge(CHAT, A, target)
        };
        let open = s.create_challenge(nc(ChallengeTarget::Open), t(0)).unwrap();
        let taken = s
            .create_challenge(nc(ChallengeTarget::User(C)), t(0))
            .unwrap();
        s.accept_challenge(taken.id, C, None, t(1)).unwrap();
        let moved = s.migrate_chat(CHAT, new, t(2)).unwrap();
        assert_eq!(moved.challenges.len(), 1, "{}", env.name);
        assert_eq!(moved.challenges[0].id, open.id);
        assert_eq!(
            (moved.challenges[0].chat, moved.challenges[0].message),
            (new, None)
        );
        assert_eq!(moved.games.len(), 1);
        assert_eq!(moved.games[0].turn_seen, Some(0));
        assert_eq!(s.challenge(taken.id).unwrap().chat, CHAT);
        assert_eq!(
            s.migrate_chat(CHAT, new, t(3)).unwrap(),
            Migrated::default()
        );
    }
}

/// The retention sweep removes challenges a retention period after they closed (from
/// their lapse for those that lapsed, however late the timer got to them), in bounded
/// steps, and never an open one or one closed more recently.
#[test]
fn the_sweep_removes_challenges_a_retention_period_after_they_closed() {
    let day = Millis::days(1).0;
    for env in envs() {
        let s = &env.svc;
        let nc = |target| classic_challenge(CHAT, A, target);
        // Five lapse (10 min), one is declined at 1 min, one accepted at 2 min, one is made
        // a day later.
        let mut lapsed = Vec::new();
        for _ in 0..5 {
            lapsed.push(s.create_challenge(nc(ChallengeTarget::Open), t(0)).unwrap());
        }
        let declined = s
            .create_challenge(nc(ChallengeTarget::User(B)), t(0))
            .unwrap();
        let accepted = s
            .create_challenge(nc(ChallengeTarget::User(C)), t(0))
            .unwrap();
        s.decline_challenge(declined.id, B, None, t(60_000))
            .unwrap();
        s.accept_challenge(accepted.id, C, None, t(120_000))
            .unwrap();
        // The bot was down: the lapses are applied half a day late.
        for c in &lapsed {
            s.expire_challenge(c.id, t(day / 2)).unwrap();
        }
        let open = s
            .create_challenge(nc(ChallengeTarget::Open), t(day))
            .unwrap();
        let count = |s: &GameService| {
            let mut n = 0;
            s.store()
                .scan(RecordKind::Challenge, &mut |_| {
                    n += 1;
                    std::ops::ControlFlow::Continue(())
                })
                .unwrap();
            n
        };
        assert_eq!(count(s), 8);
        // A day after the decline: it alone goes.
        let all = s
            .sweep_challenges(ChallengeId(0), 100, t(100_000 + day))
            .unwrap();
        assert_eq!(
            (all.examined, all.removed, all.next),
            (8, 1, None),
            "{}",
            env.name
        );
        assert!(matches!(
            s.challenge(declined.id),
            Err(ServiceError::NoSuchChallenge(_))
        ));
        // A day after the lapses (counted from when they were due, not from when the
        // timer got to them) the five go, and the acceptance's day is over too: in steps
        // of three, the open one stays.
        let at = t(600_000 + day);
        let first = s.sweep_challenges(ChallengeId(0), 3, at).unwrap();
        assert_eq!((first.examined, first.removed), (3, 3));
        let second = s
            .sweep_challenges(first.next.expect("more"), 3, at)
            .unwrap();
        assert_eq!((second.examined, second.removed), (3, 3));
        let third = s
            .sweep_challenges(second.next.expect("more"), 3, at)
            .unwrap();
        assert_eq!((third.examined, third.removed, third.next), (1, 0, None));
        assert_eq!(count(s), 1);
        assert!(s.challenge(open.id).is_ok());
        assert!(matches!(
            s.challenge(accepted.id),
            Err(ServiceError::NoSuchChallenge(_))
        ));
        // The open one still lapses when it is due, and goes a day later.
        let due: Vec<DeadlineEntry> = s
            .deadlines(t(u64::MAX), 10)
            .unwrap()
            .into_iter()
            .filter(|e| matches!(e.target, DeadlineTarget::Challenge(_)))
            .collect();
        assert_eq!(due.len(), 1);
        s.fire_deadline(&due[0], t(day + 600_000), &mut |_| None)
            .unwrap();
        let end = s
            .sweep_challenges(ChallengeId(0), 100, t(2 * day + 600_000))
            .unwrap();
        assert_eq!(end.removed, 1);
        assert_eq!(count(s), 0);
    }
}
