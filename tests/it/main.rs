//! Every integration test, in one binary: rules, notation, perft and properties, the AI,
//! pictures, the store and the game service, timers, a failing store under the bot, the
//! command line, the bot end to end against the fake Bot API (`e2e_*`), the load and
//! abuse simulators. One binary instead of one per file: each test binary links
//! teloxide, axum, sled and image again, which made linking most of a test build, and
//! the shared helpers (`tests/common`) are compiled once.
//!
//! Each bot started here has its own clock and state; what a process holds once (the
//! Prometheus registry) is asserted only by tests that run the bot binary as a process of
//! its own (`e2e_health`).

#[path = "../common/mod.rs"]
mod common;

mod abuse;
mod adjudication;
mod ai;
mod analysis;
mod architecture;
mod cli;
mod cli_ai;
mod cli_tournament;
mod e2e_admin;
mod e2e_analysis;
mod e2e_correspondence;
mod e2e_failover;
mod e2e_games;
mod e2e_group;
mod e2e_health;
mod e2e_inline;
mod e2e_notify;
mod e2e_notify_later;
mod e2e_pacing;
mod e2e_private;
mod e2e_reads;
mod e2e_restart;
mod e2e_stats;
mod e2e_tables;
mod e2e_takeback;
mod e2e_tournament;
mod loadtest;
mod multi;
mod notation;
mod perft;
mod properties;
mod ratings;
mod render;
mod service;
mod storage_failure;
mod store;
mod store_postgres;
mod timers;
mod tournament_pairing;
mod tournament_service;
mod webapp;
mod webapp_browser;
