//! Schema version 0, frozen: the first prototype stored records as JSON objects without a
//! version byte, with second-resolution times, moves as text, a program player as a
//! missing user id, no clock state, and no challenges or indexes. This module reads it
//! and upgrades each record to the current types; the structs also serialize, so tests
//! can write genuine v0 databases.

use super::v7::{ClocksV7, GameV7, StatusV7};
use crate::engine::{Game, GameResult, Outcome, Reason, Square};
use crate::game::codec::variant_from_spec;
use crate::game::{
    AnyRecord, ChatId, ChatRecord, ChatSettings, GameId, GameRecord, Language, Player, RecordKind,
    TimeControl, Timestamp, Timing, UserId, UserRecord, VariantStats, Version,
};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A v0 game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameV0 {
    /// Id.
    pub id: u64,
    /// Variant spec.
    pub variant: String,
    /// White's user id; `None` was the program.
    pub white: Option<u64>,
    /// Black's user id; `None` was the program.
    pub black: Option<u64>,
    /// The program's level, when it played.
    #[serde(default)]
    pub level: Option<u8>,
    /// Start position text, `None` for the variant's start.
    #[serde(default)]
    pub start: Option<String>,
    /// Moves as typed paths.
    pub moves: Vec<String>,
    /// `1-0`, `0-1`, `1/2-1/2`, or `None` while playing.
    pub result: Option<String>,
    /// Reason id.
    pub reason: Option<String>,
    /// Chat.
    pub chat: i64,
    /// Board message.
    pub message: Option<i32>,
    /// Created, seconds since the epoch.
    pub created: u64,
    /// Last change, seconds since the epoch.
    pub updated: u64,
    /// `M+S` clock, if timed.
    #[serde(default)]
    pub clock: Option<String>,
}

/// A v0 per-variant statistic.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StatsV0 {
    /// Wins.
    pub w: u32,
    /// Draws.
    pub d: u32,
    /// Losses.
    pub l: u32,
    /// Rating (v0 kept fractions).
    pub rating: f64,
    /// Rated games.
    pub rated: u32,
}

/// A v0 user.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct UserV0 {
    /// Id.
    pub id: u64,
    /// Display name.
    pub name: String,
    /// Username.
    pub username: Option<String>,
    /// Language code.
    pub lang: Option<String>,
    /// Per variant id.
    pub stats: BTreeMap<String, StatsV0>,
}

/// A v0 chat.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ChatV0 {
    /// Id.
    pub id: i64,
    /// Language code.
    pub lang: Option<String>,
    /// Default variant spec.
    pub variant: Option<String>,
    /// Active games.
    pub games: Vec<u64>,
}

/// Upgrade a v0 value of a `kind` tree.
pub fn upgrade(kind: RecordKind, b: &[u8], timing: &Timing) -> Result<AnyRecord, String> {
    let bad = |e: serde_json::Error| format!("schema 0: {e}");
    Ok(match kind {
        RecordKind::Game => AnyRecord::Game(game(serde_json::from_slice(b).map_err(bad)?, timing)?),
        RecordKind::User => AnyRecord::User(user(serde_json::from_slice(b).map_err(bad)?)),
        RecordKind::Chat => AnyRecord::Chat(chat(serde_json::from_slice(b).map_err(bad)?)?),
        RecordKind::Challenge => return Err("schema 0 had no challenges".into()),
        RecordKind::Tournament => return Err("schema 0 had no tournaments".into()),
    })
}

fn player(id: Option<u64>, level: Option<u8>) -> Player {
    match id {
        Some(u) => Player::Human(UserId(u)),
        None => Player::Program {
            level: level.unwrap_or(2),
        },
    }
}

/// Upgrade a v0 game: replay its moves (which also derives the position and a board
/// result), convert times to milliseconds, restart the clock banks (v0 kept none).
pub fn game(g: GameV0, timing: &Timing) -> Result<GameRecord, String> {
    let variant = variant_from_spec(&g.variant)?;
    let start = match &g.start {
        Some(t) => crate::engine::Position::from_text(&variant, t).map_err(|e| e.to_string())?,
        None => variant.start(),
    };
    let mut replay = Game::from_position(start.clone());
    let mut moves = Vec::with_capacity(g.moves.len());
    for (i, m) in g.moves.iter().enumerate() {
        let squares: Option<Vec<Square>> = m.split('-').map(Square::parse).collect();
        let squares = squares.ok_or_else(|| format!("move {} '{m}' is not a path", i + 1))?;
        let p = replay
            .play_squares(&squares)
            .map_err(|e| format!("move {} '{m}': {e}", i + 1))?;
        moves.push(p.path);
    }
    let updated = Timestamp(g.updated * 1000);
    let status = match (&g.result, &g.reason) {
        (Some(r), Some(why)) => {
            let result: GameResult = r.parse().map_err(|_| format!("bad result '{r}'"))?;
            let reason: Reason = why.parse().map_err(|_| format!("bad reason '{why}'"))?;
            StatusV7::Over {
                outcome: Outcome { result, reason },
                at: updated,
            }
        }
        (Some(r), None) if r == "*" => StatusV7::Aborted {
            by: None,
            at: updated,
        },
        _ => match replay.outcome() {
            Some(outcome) => StatusV7::Over {
                outcome,
                at: updated,
            },
            None => StatusV7::Active,
        },
    };
    let time_control = match &g.clock {
        Some(c) => c.parse::<TimeControl>().map_err(|e| e.to_string())?,
        None => TimeControl::Untimed,
    };
    let players = [player(g.white, g.level), player(g.black, g.level)];
    let rated = variant.id().rated()
        && variant.overrides().is_empty()
        && matches!((g.white, g.black), (Some(a), Some(b)) if a != b);
    let rec = GameV7 {
        id: GameId(g.id),
        version: Version(1),
        variant,
        players,
        start: start.to_text(),
        moves,
        position: replay.position().to_text(),
        status,
        time_control,
        clocks: ClocksV7::start(&time_control, updated),
        draw_offer: None,
        chat: ChatId(g.chat),
        message: g.message.map(crate::game::MessageId),
        mirror: None,
        created_at: Timestamp(g.created * 1000),
        updated_at: updated,
        rated,
        ratings: None,
        deadline: None,
        takeback: None,
        takebacks: 0,
        inline: None,
        turn_notice_at: None,
        paused: None,
        turn_seen: None,
    };
    let mut rec = GameRecord::from(rec);
    rec.deadline = rec.compute_deadline(timing);
    Ok(rec)
}

/// Upgrade a v0 user (ratings rounded to whole points).
pub fn user(u: UserV0) -> UserRecord {
    let stats = u
        .stats
        .iter()
        .filter_map(|(v, s)| {
            let variant = v.parse().ok()?;
            let rating = s.rating.round() as i32;
            Some(VariantStats {
                variant,
                wins: s.w,
                draws: s.d,
                losses: s.l,
                rating,
                rated_games: s.rated,
                best_rating: rating,
                last_change: 0,
                streak: 0,
            })
        })
        .collect();
    UserRecord {
        id: UserId(u.id),
        version: Version(1),
        name: u.name,
        username: u.username,
        language: u.lang.as_deref().and_then(Language::from_code),
        stats,
        multi: Vec::new(),
        created_at: Timestamp(0),
        updated_at: Timestamp(0),
    }
}

/// Upgrade a v0 chat.
pub fn chat(c: ChatV0) -> Result<ChatRecord, String> {
    let mut settings = ChatSettings {
        language: c.lang.as_deref().and_then(Language::from_code),
        ..ChatSettings::default()
    };
    if let Some(v) = &c.variant {
        settings.variant = variant_from_spec(v)?;
    }
    Ok(ChatRecord {
        id: ChatId(c.id),
        version: Version(1),
        settings,
        players: Vec::new(),
        created_at: Timestamp(0),
        updated_at: Timestamp(0),
        unreachable: None,
    })
}
