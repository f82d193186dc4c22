//! Schema version 6, frozen: postcard records as in version 7, except that a user had
//! no statistics of games of three or four seats and there were no tables. This module
//! reads v6 users and upgrades them (no such games played); the other records are
//! unchanged.

use crate::game::{Language, Timestamp, UserId, UserRecord, VariantStats, Version};
use serde::{Deserialize, Serialize};

/// A v6 user (field order is the wire format).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UserV6 {
    /// Id.
    pub id: UserId,
    /// Revision.
    pub version: Version,
    /// Display name.
    pub name: String,
    /// Username.
    pub username: Option<String>,
    /// Language.
    pub language: Option<Language>,
    /// Per-variant statistics.
    pub stats: Vec<VariantStats>,
    /// First seen.
    pub created_at: Timestamp,
    /// Last write.
    pub updated_at: Timestamp,
}

impl From<UserV6> for UserRecord {
    fn from(u: UserV6) -> UserRecord {
        UserRecord {
            id: u.id,
            version: u.version,
            name: u.name,
            username: u.username,
            language: u.language,
            stats: u.stats,
            multi: Vec::new(),
            created_at: u.created_at,
            updated_at: u.updated_at,
        }
    }
}

impl From<UserRecord> for UserV6 {
    fn from(u: UserRecord) -> UserV6 {
        UserV6 {
            id: u.id,
            version: u.version,
            name: u.name,
            username: u.username,
            language: u.language,
            stats: u.stats,
            created_at: u.created_at,
            updated_at: u.updated_at,
        }
    }
}

/// Encode a v6 value (`[6] ++ postcard`), for tests that write v6 databases.
pub fn encode<T: Serialize>(rec: &T) -> Result<Vec<u8>, String> {
    postcard::to_extend(rec, vec![6]).map_err(|e| e.to_string())
}
