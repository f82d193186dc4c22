//! Hostile input against the real bot binary: thousands of malformed and forged button
//! presses, 4,096-character messages, Unicode junk and command spam from one user while
//! others play (see `ugolki_bot::loadtest::abuse`).

use std::path::PathBuf;
use ugolki_bot::loadtest::abuse::{self, AbuseConfig};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_of_hostile_input_changes_nothing_and_is_limited() {
    let cfg = AbuseConfig {
        callbacks: 2000,
        long_messages: 80,
        junk: 200,
        commands: 400,
        victim_moves: 8,
        actions_per_minute: 30,
        board_px: 240,
        ..AbuseConfig::standard(PathBuf::from(env!("CARGO_BIN_EXE_ugolki")))
    };
    let r = abuse::run(cfg).await.expect("the run");
    eprintln!("{}", r.render());
    assert!(r.clean(), "{}", r.render());
    // The 2,000 forged presses, and some at the table among the typed turns there.
    assert!(r.callbacks > 2000 && r.callbacks <= 2200, "{}", r.render());
    assert_eq!(r.answered_once, r.callbacks, "{}", r.render());
    // The abuser's budget: at most 30 expensive actions in the minute the flood lasted.
    assert!(r.flood_secs < 60.0, "{}", r.render());
    assert!(r.pictures + r.challenges <= 30, "{}", r.render());
    // Told to slow down once, not once per refused message: her messages are bounded by the
    // budget plus that notice and the cheap refusals that came before the limit was hit.
    assert!(r.messages <= 30 + 2, "{}", r.render());
    assert_eq!(r.victims_during.count, 8, "{}", r.render());
    // Memory stays bounded (a few MB of queues and counters, not a copy per update).
    assert!(
        r.rss_after_kib < r.rss_before_kib + 64 * 1024,
        "{}",
        r.render()
    );
    assert_eq!(r.panics, 0);
    assert_eq!(r.bot_exit, "exit status: 0");
}
