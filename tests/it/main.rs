//! The integration tests that run no paced chat: rules, notation, perft and properties,
//! the AI, pictures, the store and the game service, timers, a failing store under the
//! bot, and the command line. One binary instead of one per file: each test binary links
//! teloxide, axum, sled and image again, which made the link step most of a test build.
//! The end-to-end files (`tests/e2e_*.rs`), the load test and the abuse test stay apart.

#[path = "../common/mod.rs"]
mod common;

mod adjudication;
mod ai;
mod architecture;
mod cli;
mod cli_ai;
mod notation;
mod perft;
mod properties;
mod ratings;
mod render;
mod service;
mod storage_failure;
mod store;
mod timers;
