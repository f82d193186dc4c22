//! One module per feature, each owning its commands and buttons (routed in
//! [`crate::bot::dispatch::schema`]). Features never use each other: what several need
//! lives in [`crate::bot::play`] (a game's steps) or [`crate::bot::play::board`] (its views).

pub(crate) mod actions;
pub(crate) mod analysis;
pub(crate) mod challenges;
pub(crate) mod games;
pub(crate) mod inline;
pub(crate) mod lobby;
pub(crate) mod membership;
pub(crate) mod moves;
pub(crate) mod notify;
pub(crate) mod program;
pub(crate) mod settings;
pub(crate) mod start;
pub(crate) mod stats;
pub(crate) mod tournaments;
pub(crate) mod training;
