//! The timer task under tokio's paused clock: it sleeps until each stored deadline and
//! fires it at the right (virtual) time, exactly once, and recovers overdue deadlines at
//! start-up in deadline order.

use crate::common::{classic_challenge, classic_game};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use ugolki_bot::engine::{Color, GameResult, Reason};
use ugolki_bot::game::scheduler::{BoxFuture, Clock, Scheduler, Sink, Stats, Stop, TokioClock};
use ugolki_bot::game::*;

const A: UserId = UserId(11);
const B: UserId = UserId(22);
const CHAT: ChatId = ChatId(-100);
const T0: Timestamp = Timestamp(1_800_000_000_000);

/// Records what fired and when (virtual milliseconds since T0).
#[derive(Default)]
struct Record(Mutex<Vec<(u64, String, Fired)>>);

impl Record {
    fn events(&self) -> Vec<(u64, String)> {
        self.0
            .lock()
            .unwrap()
            .iter()
            .map(|(t, k, _)| (*t, k.clone()))
            .collect()
    }
}

struct Collect {
    rec: Arc<Record>,
    clock: TokioClock,
}

fn kind(f: &Fired) -> String {
    match f {
        Fired::NotDue => "not_due".into(),
        Fired::ProgramToMove(_) => "program_to_move".into(),
        Fired::Reminder { kind, .. } => format!("reminder:{kind:?}"),
        Fired::DrawOfferExpired(_) => "draw_offer_expired".into(),
        Fired::AutoMoved(m) => format!("auto_moved:{}", m.ply),
        Fired::Ended(g) => match g.status {
            Status::Over { .. } => {
                let o = g.outcome().expect("a two-sided result");
                format!("ended:{}:{}", o.result, o.reason)
            }
            Status::Aborted { .. } => "ended:aborted".into(),
            Status::Active | Status::Lobby => "ended:?".into(),
        },
        Fired::ChallengeExpired(_) => "challenge_expired".into(),
        Fired::TimeUp(_) => "time_up".into(),
        Fired::TurnNotice(g) => format!("turn_notice:{}", g.ply()),
        Fired::Left { game, seat, .. } => format!("left:{}:{seat}", game.id),
        Fired::LobbyLapsed(g) => format!("lobby_lapsed:{}", g.id),
        Fired::Removed(id) => format!("removed:{id}"),
    }
}

impl Sink for Collect {
    fn fired(&self, f: Fired) -> BoxFuture<'_> {
        let at = self.clock.now().since(T0).0;
        let k = kind(&f);
        self.rec.0.lock().unwrap().push((at, k, f));
        Box::pin(async {})
    }
}

struct Env {
    games: AsyncGames,
    clock: TokioClock,
    rec: Arc<Record>,
    stats: Arc<Stats>,
    stop: Stop,
    store: Arc<MemoryStore>,
}

impl Env {
    fn new() -> Env {
        let store = Arc::new(MemoryStore::new());
        Env::over(store)
    }

    fn over(store: Arc<MemoryStore>) -> Env {
        let svc = Arc::new(GameService::new(store.clone(), Timing::default()));
        Env {
            games: AsyncGames::new(svc),
            clock: TokioClock::starting_at(T0),
            rec: Arc::default(),
            stats: Arc::default(),
            stop: Stop::default(),
            store,
        }
    }

    fn start(&self) {
        let s = Scheduler {
            games: self.games.clone(),
            clock: Arc::new(self.clock),
            sink: Arc::new(Collect {
                rec: self.rec.clone(),
                clock: self.clock,
            }),
            // The program plays the first legal move for a player who missed.
            auto_move: Arc::new(|g| {
                let from = *g.movable().first()?;
                let to = *g.destinations(from).first()?;
                g.check(&[from, to]).ok()
            }),
            parallel: 2,
            batch: 16,
            stats: self.stats.clone(),
        };
        let stop = self.stop.clone();
        tokio::spawn(s.run(stop));
    }

    fn svc(&self) -> &GameService {
        self.games.service()
    }

    fn now(&self) -> Timestamp {
        self.clock.now()
    }

    fn game(&self, tc: TimeControl) -> GameRecord {
        self.svc()
            .create_game(
                NewGame {
                    time_control: tc,
                    rated: false,
                    ..classic_game([Player::Human(A), Player::Human(B)], CHAT)
                },
                self.now(),
            )
            .unwrap()
    }

    fn play(&self, id: GameId, u: UserId, m: &str) -> MoveOutcome {
        self.svc()
            .play(
                id,
                Actor::User(u),
                Expect::Any,
                &MoveInput::Text(m.into()),
                self.now(),
            )
            .unwrap()
    }
}

async fn wait(secs: u64) {
    tokio::time::sleep(Duration::from_secs(secs)).await;
}

fn fischer(min: u64, inc: u64) -> TimeControl {
    TimeControl::Clock {
        base: Millis::minutes(min),
        increment: Millis::secs(inc),
    }
}

#[tokio::test(start_paused = true)]
async fn fischer_clock_reminder_then_flag_at_the_right_time() {
    let env = Env::new();
    env.start();
    let g = env.game(fischer(1, 2));
    wait(10).await;
    env.play(g.id, A, "c3-d3");
    // Increment arithmetic: 60 s - 10 s used + 2 s.
    let g = env.svc().game(g.id).unwrap();
    assert_eq!(g.clocks.remaining[Color::White.index()], Millis::secs(52));
    assert_eq!(g.clocks.remaining[Color::Black.index()], Millis::secs(60));
    // Black never moves: reminder at 30 s left (t = 10 + 30), flag at t = 70 s.
    wait(200).await;
    assert_eq!(
        env.rec.events(),
        vec![
            (40_000, "reminder:ClockReminder".to_string()),
            (70_000, "ended:1-0:timeout".to_string()),
        ]
    );
    let g = env.svc().game(g.id).unwrap();
    assert_eq!(
        g.status.outcome().map(|o| (o.result, o.reason)),
        Some((GameResult::WhiteWins, Reason::Timeout))
    );
    env.stop.stop();
}

#[tokio::test(start_paused = true)]
async fn a_correspondence_turn_reminds_twice_then_waits_for_a_claim() {
    const HOUR: u64 = 3600;
    let env = Env::new();
    env.start();
    let g = env.game(TimeControl::Days { days: 3 });
    wait(HOUR).await;
    env.play(g.id, A, "c3-d3");
    // Black's three days run from t = 1 h: a day left at 49 h, an hour left at 72 h, the
    // time up at 73 h; then nothing until the claim (or the abandonment, 7 days on).
    wait(100 * HOUR).await;
    let h = |n: u64| n * HOUR * 1000;
    assert_eq!(
        env.rec.events(),
        vec![
            (h(49), "reminder:DayLeft".to_string()),
            (h(72), "reminder:HourLeft".to_string()),
            (h(73), "time_up".to_string()),
        ]
    );
    let cur = env.svc().game(g.id).unwrap();
    assert!(cur.is_active());
    assert_eq!(cur.clocks.notices, 3);
    // Only the opponent of the late side may claim.
    assert_eq!(
        env.svc().claim_win(g.id, B, env.now()).unwrap_err(),
        ServiceError::TimeNotUp
    );
    let over = env.svc().claim_win(g.id, A, env.now()).unwrap();
    assert_eq!(
        over.status.outcome().map(|o| (o.result, o.reason)),
        Some((GameResult::WhiteWins, Reason::Timeout))
    );
    env.stop.stop();
}

#[tokio::test(start_paused = true)]
async fn a_late_move_after_the_time_up_goes_on() {
    const HOUR: u64 = 3600;
    let env = Env::new();
    env.start();
    let g = env.game(TimeControl::Days { days: 2 });
    wait(25 * HOUR).await;
    // White is reminded at 24 h, then moves with a day left.
    env.play(g.id, A, "c3-d3");
    // Black does not move in time; asked, White keeps waiting, and Black moves after all.
    wait(50 * HOUR).await;
    env.play(g.id, B, "f6-e6");
    let cur = env.svc().game(g.id).unwrap();
    assert!(cur.is_active());
    assert_eq!(cur.clocks.notices, 0, "a new turn starts afresh");
    assert_eq!(
        env.rec.events(),
        vec![
            (24 * HOUR * 1000, "reminder:DayLeft".to_string()),
            (49 * HOUR * 1000, "reminder:DayLeft".to_string()),
            (72 * HOUR * 1000, "reminder:HourLeft".to_string()),
            (73 * HOUR * 1000, "time_up".to_string()),
        ]
    );
    env.stop.stop();
}

/// `user` asks in their private chat to hear of their turns after `slow` and `clock`.
fn notices(env: &Env, user: UserId, slow: NoticeDelay, clock: NoticeDelay) {
    env.svc()
        .update_chat_settings(ChatId(user.0 as i64), env.now(), |c| {
            c.notify_turns = true;
            c.turn_notices = TurnNotices { slow, clock };
        })
        .unwrap();
}

#[tokio::test(start_paused = true)]
async fn a_turn_notice_waits_as_long_as_its_player_asked_and_a_move_replaces_it() {
    const MIN: u64 = 60;
    let env = Env::new();
    env.start();
    let after = |minutes| NoticeDelay::After { minutes };
    notices(&env, A, after(15), NoticeDelay::Never);
    notices(&env, B, after(60), after(1));
    let g = env.game(TimeControl::Untimed);
    // White's first move: Black's notice an hour later.
    env.play(g.id, A, "c3-d3");
    let cur = env.svc().game(g.id).unwrap();
    assert_eq!(
        cur.turn_notice_at,
        Some(env.now().plus(Millis::minutes(60)))
    );
    assert_eq!(cur.deadline.map(|d| d.kind), Some(DeadlineKind::TurnNotice));
    wait(61 * MIN).await;
    // Black moves: White's comes 15 minutes later. Then each moves within the other's
    // wait, and each move replaces the pending notice with the opponent's.
    env.play(g.id, B, "f6-e6");
    wait(16 * MIN).await;
    env.play(g.id, A, "d3-e3");
    wait(30 * MIN).await;
    env.play(g.id, B, "e6-e5");
    wait(10 * MIN).await;
    env.play(g.id, A, "e3-e4");
    // Black's waits an hour; the game ends (resigned) before: nothing more fires.
    wait(30 * MIN).await;
    env.svc().resign(g.id, B, env.now()).unwrap();
    wait(120 * MIN).await;
    let m = |n: u64| n * MIN * 1000;
    assert_eq!(
        env.rec.events(),
        vec![
            (m(60), "turn_notice:1".to_string()),
            (m(61 + 15), "turn_notice:2".to_string()),
        ]
    );
    let over = env.svc().game(g.id).unwrap();
    assert_eq!((over.turn_notice_at, over.deadline), (None, None));

    // On a clock Black asked for a minute, White for nothing.
    let g = env.game(fischer(5, 0));
    let start = env.now().since(T0).0;
    env.play(g.id, A, "c3-d3");
    wait(2 * MIN).await;
    env.play(g.id, B, "f6-e6");
    assert_eq!(env.svc().game(g.id).unwrap().turn_notice_at, None);
    env.svc().resign(g.id, A, env.now()).unwrap();
    let events = env.rec.events();
    assert_eq!(
        events.last(),
        Some(&(start + 60_000, "turn_notice:1".to_string()))
    );
    assert_eq!(events.len(), 3);
    env.stop.stop();
}

#[tokio::test(start_paused = true)]
async fn an_accepted_takeback_tells_its_asker_that_the_move_is_theirs_again() {
    let env = Env::new();
    env.start();
    notices(
        &env,
        A,
        NoticeDelay::After { minutes: 15 },
        NoticeDelay::Never,
    );
    let g = env.game(TimeControl::Untimed);
    env.play(g.id, A, "c3-d3");
    wait(60).await;
    env.svc().request_takeback(g.id, A, env.now()).unwrap();
    // Accepted an hour later: White is to move again, and hears of it 15 minutes on.
    wait(3600).await;
    let back = env.svc().answer_takeback(g.id, B, true, env.now()).unwrap();
    assert_eq!(back.ply(), 0);
    wait(20 * 60).await;
    assert_eq!(
        env.rec.events(),
        vec![((3660 + 15 * 60) * 1000, "turn_notice:0".to_string())]
    );
    env.stop.stop();
}

#[tokio::test(start_paused = true)]
async fn a_move_before_the_flag_moves_the_deadline() {
    let env = Env::new();
    env.start();
    let g = env.game(fischer(1, 0));
    wait(50).await;
    // 10 s left: the reminder fired at 30 s; moving now re-arms for Black.
    env.play(g.id, A, "c3-d3");
    wait(20).await;
    env.play(g.id, B, "f6-e6");
    // White has 10 s left and reminders only above 30 s: flag at t = 70 + 10 = 80 s.
    wait(100).await;
    assert_eq!(
        env.rec.events(),
        vec![
            (30_000, "reminder:ClockReminder".to_string()),
            (80_000, "ended:0-1:timeout".to_string()),
        ]
    );
    env.stop.stop();
}

#[tokio::test(start_paused = true)]
async fn per_move_limit_auto_move_then_loss_on_the_second_miss() {
    let env = Env::new();
    env.start();
    let g = env.game(TimeControl::PerMove {
        limit: Millis::secs(60),
    });
    // White misses: the program moves for White at 60 s.
    wait(61).await;
    let ev = env.rec.events();
    assert_eq!(ev.len(), 1);
    assert_eq!(ev[0].0, 60_000);
    assert!(ev[0].1.starts_with("auto_moved:"), "{ev:?}");
    // Black moves in time; White misses again: loses at 60 + 5 + 60.
    wait(4).await;
    env.play(g.id, B, "f6-e6");
    wait(120).await;
    let ev = env.rec.events();
    assert_eq!(ev[1], (125_000, "ended:0-1:timeout".to_string()), "{ev:?}");
    assert_eq!(ev.len(), 2);
    env.stop.stop();
}

#[tokio::test(start_paused = true)]
async fn challenge_and_draw_offer_expire() {
    let env = Env::new();
    env.start();
    let c = env
        .svc()
        .create_challenge(
            NewChallenge {
                rated: false,
                ..classic_challenge(CHAT, A, ChallengeTarget::Open)
            },
            env.now(),
        )
        .unwrap();
    let g = env.game(TimeControl::Untimed);
    wait(5).await;
    env.play(g.id, A, "c3-d3");
    env.svc().offer_draw(g.id, A, env.now()).unwrap();
    wait(700).await;
    assert_eq!(
        env.rec.events(),
        vec![
            (125_000, "draw_offer_expired".to_string()),
            (600_000, "challenge_expired".to_string()),
        ]
    );
    assert_eq!(
        env.svc().challenge(c.id).unwrap().status,
        ChallengeStatus::Expired
    );
    assert!(env.svc().game(g.id).unwrap().draw_offer.is_none());
    env.stop.stop();
}

#[tokio::test(start_paused = true)]
async fn untimed_game_warned_then_abandoned() {
    let env = Env::new();
    env.start();
    let g = env.game(TimeControl::Untimed);
    env.play(g.id, A, "c3-d3");
    wait(8 * 86_400).await;
    assert_eq!(
        env.rec.events(),
        vec![
            (6 * 86_400_000, "reminder:AbandonWarning".to_string()),
            (7 * 86_400_000, "ended:1-0:abandoned".to_string()),
        ]
    );
    let _ = g;
    env.stop.stop();
}

#[tokio::test(start_paused = true)]
async fn overdue_deadlines_fire_once_at_start_up_in_order() {
    // Games and a challenge set up while "the bot was down".
    let store = Arc::new(MemoryStore::new());
    let env = Env::over(store.clone());
    let g1 = env.game(fischer(1, 0));
    let g2 = env.game(TimeControl::PerMove {
        limit: Millis::secs(30),
    });
    let g3 = env.game(TimeControl::Untimed);
    wait(90).await;
    // Now the scheduler starts: flag (60 s) and the missed move (30 s) are overdue.
    env.start();
    wait(1).await;
    let ev = env.rec.events();
    assert_eq!(ev.len(), 2, "{ev:?}");
    assert!(ev.iter().any(|e| e.1 == "ended:0-1:timeout"));
    assert!(ev.iter().any(|e| e.1.starts_with("auto_moved:")));
    assert_eq!(
        env.svc()
            .game(g1.id)
            .unwrap()
            .status
            .outcome()
            .unwrap()
            .reason,
        Reason::Timeout
    );
    assert_eq!(env.svc().game(g2.id).unwrap().ply(), 1);
    assert!(env.svc().game(g3.id).unwrap().is_active());
    // A second scheduler over the same store (a restart) finds nothing left to do now.
    env.stop.stop();
    let env2 = Env::over(store);
    env2.start();
    wait(1).await;
    assert!(env2.rec.events().is_empty(), "nothing fires twice");
    env2.stop.stop();
}

#[tokio::test(start_paused = true)]
async fn a_move_racing_the_flag_resolves_one_way() {
    for offset in [0u64, 1] {
        let env = Env::new();
        env.start();
        let g = env.game(fischer(1, 0));
        // Arrive exactly at the flag (offset 0) or 1 ms before it.
        tokio::time::sleep(Duration::from_millis(60_000 - offset)).await;
        let played = env.svc().play(
            g.id,
            Actor::User(A),
            Expect::Any,
            &MoveInput::Text("c3-d3".into()),
            env.now(),
        );
        wait(5).await;
        let rec = env.svc().game(g.id).unwrap();
        match played {
            Ok(MoveOutcome::Played(_)) => {
                assert_eq!(rec.ply(), 1);
                assert!(rec.is_active(), "the move counted: no timeout");
            }
            Ok(MoveOutcome::Flagged(_)) | Err(_) => {
                assert_eq!(rec.ply(), 0, "the timeout counted: no move");
                assert_eq!(rec.status.outcome().unwrap().reason, Reason::Timeout);
            }
        }
        // Exactly one ending event at most, never both a move and a timeout.
        let ends = env
            .rec
            .events()
            .iter()
            .filter(|e| e.1.starts_with("ended"))
            .count();
        assert!(ends <= 1);
        env.stop.stop();
        let _ = env.store.commits();
    }
}

/// A lobby nobody starts lapses after its ten minutes (called off, its message closed)
/// and is removed a day after that, its retention over: the timers do both, so no walk
/// through the games is needed to find it.
#[tokio::test(start_paused = true)]
async fn a_lobby_lapses_then_goes_a_day_later() {
    let env = Env::new();
    env.start();
    let lobby = env
        .svc()
        .open_lobby(
            CHAT,
            A,
            ugolki_bot::engine::multi::MultiVariant::Halma4,
            TimeControl::Untimed,
            env.now(),
        )
        .unwrap();
    let lapse = LOBBY_LAPSE.0;
    let day = Timing::default().challenge_retention.0;
    wait((lapse + day) / 1000 + 60).await;
    assert_eq!(
        env.rec.events(),
        vec![
            (lapse, format!("lobby_lapsed:{}", lobby.id)),
            (lapse + day, format!("removed:{}", lobby.id)),
        ]
    );
    assert_eq!(env.store.game(lobby.id).unwrap(), None);
    env.stop.stop();
}
