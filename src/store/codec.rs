//! Value encoding: one schema-version byte, then the record in postcard.
//!
//! Why postcard: records are read and written on every move, and the store must hold
//! 100,000 finished games in little memory. postcard is compact (varint integers, no
//! field names: a finished 8×8 game is a few hundred bytes, about a third of its JSON),
//! fast, stable (1.x wire format is frozen), pure Rust, and serde-based, so the same
//! record types also serialize to JSON for export. Its cost, positional fields, is what
//! the schema byte is for: a changed record layout gets a new version and an upgrade
//! step here, and old values keep decoding.
//!
//! Versions:
//! - **0**: the first prototype: records as JSON objects, no version byte (a value
//!   starting with `{`), fewer fields; see [`super::v0`].
//! - **1**: `[1] ++ postcard(record)`, where a chat listed its active games and a game
//!   had one board; see [`super::v1`].
//! - **2**: `[2] ++ postcard(record)`: chats' active games are the `chat_games` index,
//!   and a game may have a second board ([`crate::game::Board`]); see [`super::v2`].
//! - **3**: `[3] ++ postcard(record)`: a game keeps a pending takeback request and its
//!   count of takebacks, a chat's settings whether takebacks are allowed and (a private
//!   chat's) whether its owner hears of their turns; see [`super::v3`].
//! - **4**: `[4] ++ postcard(record)`: a game may be played in an inline message
//!   (`GameRecord::inline`); challenges through inline mode are a new `ChallengeTarget`
//!   variant, which older values never hold; see [`super::v4`].
//! - **5**: `[5] ++ postcard(record)`: a game keeps when its player to move is to hear
//!   of their turn (`GameRecord::turn_notice_at`), and a chat's settings how long after a
//!   turn begins its owner hears of it (`ChatSettings::turn_notices`); see [`super::v5`].
//! - **6**: `[6] ++ postcard(record)`: a game may be paused while the bot
//!   cannot write to one of its chats (`GameRecord::paused`) and remembers a turn already
//!   shown on boards posted anew (`GameRecord::turn_seen`); a chat may be marked
//!   unreachable (`ChatRecord::unreachable`); see [`super::v6`].
//! - **7**: `[7] ++ postcard(record)`: tables of three or four seats (their own
//!   tree, `tables`, and each chat's active ones in `chat_tables`), and a user's
//!   statistics in those games (`UserRecord::multi`); see [`super::v7`].
//! - **8**: `[8] ++ postcard(record)`: one game record for two, three or four
//!   seats (the tables moved into `games` and `chat_games`; per-seat players, clocks,
//!   ratings and leaves; a lobby is a game's status); see [`super::v8`] for its
//!   tournaments.
//! - **9** (current): `[9] ++ postcard(record)`: a tournament's round may seat tables of
//!   three or four (`Round::tables`), and its variant may be one for three or four seats.
//!   Only tournaments changed: a game, user, chat or challenge of schema 8 reads as it is.
//!
//! Analyses have a byte of their own, [`ANALYSIS`]: derived data, made again rather than
//! upgraded when the layout or the measure changes.

use super::keys;
use super::schema::{v0, v1, v2, v3, v4, v5, v6, v7, v8};
use crate::game::{
    AnyRecord, ChallengeRecord, ChatRecord, GameRecord, RecordKind, StoreError, Timing,
    TournamentRecord, UserRecord,
};
use serde::Serialize;
use serde::de::DeserializeOwned;

/// The schema version this program writes.
pub const SCHEMA: u8 = 9;

/// The version byte an analysis is stored with. Analyses are derived data: one stored
/// under another version (an older layout, or made by an older measure: schemas 8 and 9
/// wrote the schema's own byte) is not read but made again when asked, so this moves with
/// the measure ([`crate::game::ANALYSIS_MEASURE`]), not with [`SCHEMA`]; 100 and up, apart
/// from the schemas' bytes.
pub const ANALYSIS: u8 = 100 + crate::game::ANALYSIS_MEASURE;

/// Encode an analysis under [`ANALYSIS`].
pub fn encode_analysis(a: &crate::game::AnalysisRecord) -> Result<Vec<u8>, StoreError> {
    postcard::to_extend(a, vec![ANALYSIS])
        .map_err(|e| StoreError::Invalid(format!("cannot encode: {e}")))
}

/// Decode the analysis stored for `game`: `None` for one of another version, or one that
/// does not read or names another game (logged), so that it is made again when asked.
pub fn decode_analysis(
    game: crate::game::GameId,
    value: &[u8],
) -> Option<crate::game::AnalysisRecord> {
    let Some((&ANALYSIS, body)) = value.split_first() else {
        return None;
    };
    match postcard::from_bytes::<crate::game::AnalysisRecord>(body) {
        Ok(a) if a.game == game => Some(a),
        _ => {
            tracing::warn!(game = %game, "a stored analysis does not read back: made again");
            None
        }
    }
}

/// Encode a record as the current schema.
pub fn encode<T: Serialize>(rec: &T) -> Result<Vec<u8>, StoreError> {
    postcard::to_extend(rec, vec![SCHEMA])
        .map_err(|e| StoreError::Invalid(format!("cannot encode: {e}")))
}

/// Encode any record.
pub fn encode_any(rec: &AnyRecord) -> Result<Vec<u8>, StoreError> {
    match rec {
        AnyRecord::Game(r) => encode(r),
        AnyRecord::User(r) => encode(r),
        AnyRecord::Chat(r) => encode(r),
        AnyRecord::Challenge(r) => encode(r),
        AnyRecord::Tournament(r) => encode(r),
    }
}

fn postcard_exact<T: DeserializeOwned>(b: &[u8]) -> Result<T, String> {
    let (v, rest) = postcard::take_from_bytes::<T>(b).map_err(|e| e.to_string())?;
    if rest.is_empty() {
        Ok(v)
    } else {
        Err(format!("{} stray bytes after the record", rest.len()))
    }
}

/// Decode a value of a `kind` tree stored under `key`, upgrading older schemas; the
/// record must name the key it is stored under.
pub fn decode(
    kind: RecordKind,
    key: &[u8],
    b: &[u8],
    timing: &Timing,
) -> Result<AnyRecord, String> {
    let rec = match b.first() {
        Some(&SCHEMA) => {
            let body = &b[1..];
            match kind {
                RecordKind::Game => postcard_exact::<GameRecord>(body).map(AnyRecord::Game),
                RecordKind::User => postcard_exact::<UserRecord>(body).map(AnyRecord::User),
                RecordKind::Chat => postcard_exact::<ChatRecord>(body).map(AnyRecord::Chat),
                RecordKind::Challenge => {
                    postcard_exact::<ChallengeRecord>(body).map(AnyRecord::Challenge)
                }
                RecordKind::Tournament => {
                    postcard_exact::<TournamentRecord>(body).map(AnyRecord::Tournament)
                }
            }?
        }
        Some(&v @ 1..=8) => decode_old(v, kind, &b[1..]).map_err(|e| format!("schema {v}: {e}"))?,
        Some(b'{') => v0::upgrade(kind, b, timing)?,
        Some(v) => return Err(format!("unknown schema version {v}")),
        None => return Err("empty value".into()),
    };
    match keys::record(&rec.reference()) {
        Some((k, own)) if k == kind && own.as_slice() == key => Ok(rec),
        _ => Err(format!(
            "holds {} under key {}",
            rec.reference(),
            keys::hex(key)
        )),
    }
}

/// A postcard value of schema `v` (1 to 8) as the current record: each older layout reads
/// into the one after it, up to version 7's game ([`v7::GameV7`]) and user
/// ([`v6::UserV6`] until 6), then into today's. Schema 8 differs from today's only in
/// its tournaments ([`v8::TournamentV8`]).
fn decode_old(v: u8, kind: RecordKind, body: &[u8]) -> Result<AnyRecord, String> {
    if v == 8 {
        return Ok(match kind {
            RecordKind::Game => AnyRecord::Game(postcard_exact::<GameRecord>(body)?),
            RecordKind::User => AnyRecord::User(postcard_exact::<UserRecord>(body)?),
            RecordKind::Chat => AnyRecord::Chat(postcard_exact::<ChatRecord>(body)?),
            RecordKind::Challenge => AnyRecord::Challenge(postcard_exact::<ChallengeRecord>(body)?),
            RecordKind::Tournament => {
                AnyRecord::Tournament(postcard_exact::<v8::TournamentV8>(body)?.into())
            }
        });
    }
    Ok(match kind {
        RecordKind::Game => {
            let g: v7::GameV7 = match v {
                1 => postcard_exact::<v1::GameV1>(body)?.into(),
                2 => postcard_exact::<v2::GameV2>(body)?.into(),
                3 => postcard_exact::<v3::GameV3>(body)?.into(),
                4 => postcard_exact::<v4::GameV4>(body)?.into(),
                5 => postcard_exact::<v5::GameV5>(body)?.into(),
                _ => postcard_exact::<v7::GameV7>(body)?,
            };
            AnyRecord::Game(g.into())
        }
        RecordKind::User if v == 7 => AnyRecord::User(postcard_exact::<UserRecord>(body)?),
        RecordKind::User => AnyRecord::User(postcard_exact::<v6::UserV6>(body)?.into()),
        RecordKind::Chat => AnyRecord::Chat(match v {
            1 => postcard_exact::<v1::ChatV1>(body)?.into(),
            2 => postcard_exact::<v2::ChatV2>(body)?.into(),
            3 | 4 => postcard_exact::<v4::ChatV4>(body)?.into(),
            5 => postcard_exact::<v5::ChatV5>(body)?.into(),
            _ => postcard_exact::<ChatRecord>(body)?,
        }),
        RecordKind::Challenge => AnyRecord::Challenge(postcard_exact::<ChallengeRecord>(body)?),
        RecordKind::Tournament => return Err(format!("schema {v} had no tournaments")),
    })
}

/// A value of schema 7's `tables` tree as the game it is now (see [`v7::TableV7`]).
pub fn decode_table_v7(b: &[u8], timing: &Timing) -> Result<GameRecord, String> {
    match b.first() {
        Some(7) => postcard_exact::<v7::TableV7>(&b[1..])?.upgrade(timing),
        Some(v) => Err(format!("a table of schema {v}")),
        None => Err("empty value".into()),
    }
}
