//! Short runs of `ugolki loadtest` (the real bot binary against the fake Bot API): a clean
//! run under load, and a run with injected faults and a SIGKILL in the middle, each checked
//! afterwards against the store and the board messages. Figures are not asserted here
//! (they are benchmarks: docs/CLI.md, "ugolki loadtest", and docs/BENCHMARKS.md).

use std::path::PathBuf;
use std::time::Duration;
use ugolki_bot::loadtest::{self, FaultPlan, LoadConfig, LoadReport};

/// A small population played with production pacing against a fake Bot API that answers
/// 429 past Telegram's limits, at a pace those limits can show (eight chats show about
/// five moves a second between them).
fn small(seed: u64) -> LoadConfig {
    let mut cfg = LoadConfig::standard(PathBuf::from(env!("CARGO_BIN_EXE_ugolki")));
    cfg.sim.games = 24;
    cfg.sim.chats = 8;
    cfg.sim.private_chats = 4;
    cfg.sim.rate = 4.0;
    cfg.sim.setup_rate = 8.0;
    cfg.pacing = true;
    cfg.sim.seed = seed;
    // A group's games start one call a second once its burst is spent.
    cfg.sim.ack_timeout = Duration::from_secs(15);
    cfg.warmup = Duration::from_millis(300);
    cfg.duration = Duration::from_secs(6);
    cfg.stored_games = 300;
    cfg.board_px = 240;
    cfg
}

fn show(r: &LoadReport) -> String {
    r.render()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn short_load_run_is_clean() {
    let r = loadtest::run(small(11)).await.expect("the run");
    eprintln!("{}", show(&r));
    assert!(r.clean(), "{}", show(&r));
    assert_eq!(r.stored_before, 300);
    assert!(r.stats.moves > 15, "{}", show(&r));
    assert_eq!(r.rate_limited.total(), 0, "{}", show(&r));
    assert!(r.stats.program_moves > 0, "{}", show(&r));
    // Every person's move (and piece selection) shown in the window is a latency sample.
    assert!(r.latency.count as u64 >= r.stats.moves - r.stats.program_moves);
    assert_eq!(r.stats.late_acks, 0);
    assert!(r.peak_rss_kib > 0);
    let c = r.check.as_ref().expect("checked");
    assert!(c.games >= 300 + 24, "{}", c.summary());
    assert_eq!(c.active, 24, "{}", c.summary());
    assert!(c.tracked >= 24 && c.boards >= 24, "{}", c.summary());
    assert_eq!(r.bot_exit, "exit status: 0");
}

// This guards two failure modes: the bot freezing at its first log line from a runtime
// worker (if `main_with` held stdout's lock for the whole run), and a restart whose first
// getMe or setMyCommands meets an injected fault ending the bot ("the bot did not
// restart"), which start-up calls avoid by retrying like every other call.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn faults_and_a_kill_lose_and_repeat_nothing() {
    let mut cfg = small(12);
    // Every 5th call: 429 (retry after 1 s), 500, a stall, a connection dropped before the
    // call and one dropped after it took effect.
    cfg.faults = Some(FaultPlan::mixed(5));
    cfg.duration = Duration::from_secs(8);
    cfg.kill_after = Some(Duration::from_secs(2));
    let r = loadtest::run(cfg).await.expect("the run");
    eprintln!("{}", show(&r));
    // Every 5th call is faulted and 3 of the 5 kinds are counted here (429, 500, a drop
    // before the call): about 12% of the calls. Paced, eight chats make about 170 calls
    // in the run (setup included; 10 counted faults in one 5 s run), so more than 8 shows
    // that the rotation ran all along.
    assert!(r.stats.faulted_calls > 8, "{}", show(&r));
    assert!(r.kill.is_some());
    assert!(r.stats.moves > 10, "{}", show(&r));
    // Around the kill some moves were in flight: the driver retries them (timeouts), and
    // updates the dead process had fetched come again (a stale tap gets an alert, a typed
    // move that was played gets "not your turn"). Nothing else may go wrong.
    for kind in r.stats.errors.keys() {
        assert!(
            // "desync": under faults a board edit may be lost and the next one, coalesced,
            // shows two plies at once; the driver stops following that game (the store
            // and board check below still covers it).
            ["timeout", "alert", "bot message", "desync"].contains(&kind.as_str()),
            "unexpected {kind}: {}",
            show(&r)
        );
    }
    let desyncs = r.stats.errors.get("desync").copied().unwrap_or(0) as usize;
    assert!(r.dead_slots <= desyncs, "{}", show(&r));
    assert_eq!(r.panics, 0);
    let c = r.check.as_ref().expect("checked");
    assert!(c.problems.is_empty(), "{}", show(&r));
    assert!(c.tracked >= 24 && c.boards >= 24, "{}", c.summary());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_short_inline_run_is_clean() {
    let cfg = loadtest::inline::InlineConfig {
        bot_exe: PathBuf::from(env!("CARGO_BIN_EXE_ugolki")),
        games: 12,
        rate: 4.0,
        setup_rate: 8.0,
        warmup: Duration::from_millis(500),
        duration: Duration::from_secs(6),
        board_px: 240,
        seed: 5,
        pacing: true,
        log_level: "warn".into(),
        keep_data: false,
    };
    let r = loadtest::inline::run(cfg).await.expect("the run");
    eprintln!("{}", r.render());
    assert!(r.clean(), "{}", r.render());
    assert_eq!(r.started, 12, "{}", r.render());
    assert!(r.moves > 10, "{}", r.render());
    // Each move took two taps, each answered.
    assert!(r.answer.count as u64 >= 2 * r.moves, "{}", r.render());
    assert_eq!(r.shown.count as u64, r.moves);
    assert_eq!(r.bot_exit, "exit status: 0");
}

/// Inline queries stream in, their offers lapse, and the retention sweep removes them
/// while more come: in the end no challenge is left (the people who asked stay).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn offers_nobody_takes_are_swept_away() {
    use ugolki_bot::loadtest::retention::{self, RetentionConfig};
    let cfg = RetentionConfig {
        people: 40,
        rounds: 4,
        round: Duration::from_secs(2),
        ttl_secs: 2,
        retention_secs: 1,
        sweep_every: Duration::from_secs(1),
        ..RetentionConfig::standard(PathBuf::from(env!("CARGO_BIN_EXE_ugolki")), 400)
    };
    let r = retention::run(cfg).await.expect("the run");
    eprintln!("{}", r.render());
    assert!(r.clean(), "{}", r.render());
    assert!(r.offered >= 400, "{}", r.render());
    assert_eq!(r.removed, r.offered, "{}", r.render());
    let after = r.samples.last().expect("the store at the end");
    assert_eq!(after.challenges, 0, "{}", r.render());
    assert_eq!(
        after.records,
        Some(40),
        "the people who asked: {}",
        r.render()
    );
}
