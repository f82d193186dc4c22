//! Typed ids and times, so a chat id can never be passed where a user id is meant.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

macro_rules! id_type {
    ($(#[$doc:meta])* $name:ident($inner:ty)) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
        #[serde(transparent)]
        pub struct $name(pub $inner);

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{}", self.0)
            }
        }

        impl FromStr for $name {
            type Err = std::num::ParseIntError;
            fn from_str(s: &str) -> Result<Self, Self::Err> {
                s.parse().map($name)
            }
        }
    };
}

id_type!(
    /// A game; allocated by the store, printed in callback data and records.
    GameId(u64)
);
id_type!(
    /// A Telegram chat (negative for groups), as teloxide's `ChatId`.
    ChatId(i64)
);
id_type!(
    /// A Telegram user, as teloxide's `UserId`.
    UserId(u64)
);
id_type!(
    /// A Telegram message inside a chat (the board or a challenge), as teloxide's `MessageId`.
    MessageId(i32)
);
id_type!(
    /// A pending (or settled) challenge; allocated by the store.
    ChallengeId(u64)
);
id_type!(
    /// A record's revision for compare-and-swap: 1 when first stored, +1 on every write.
    Version(u64)
);

impl Version {
    /// The revision a write of this one produces.
    pub const fn next(self) -> Version {
        Version(self.0 + 1)
    }
}

/// A point in time in milliseconds since the Unix epoch; passed in by the caller so tests
/// and the timer task control time.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct Timestamp(pub u64);

/// A span of time in milliseconds (clock banks, increments, limits).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct Millis(pub u64);

impl Millis {
    /// `s` seconds.
    pub const fn secs(s: u64) -> Millis {
        Millis(s * 1000)
    }

    /// `m` minutes.
    pub const fn minutes(m: u64) -> Millis {
        Millis(m * 60_000)
    }

    /// `d` days.
    pub const fn days(d: u64) -> Millis {
        Millis(d * 86_400_000)
    }

    /// `self - o`, floored at zero (a clock never shows negative time).
    pub const fn saturating_sub(self, o: Millis) -> Millis {
        Millis(self.0.saturating_sub(o.0))
    }

    /// As a std duration (for tokio sleeps).
    pub const fn to_duration(self) -> std::time::Duration {
        std::time::Duration::from_millis(self.0)
    }
}

impl std::ops::Add for Millis {
    type Output = Millis;
    fn add(self, o: Millis) -> Millis {
        Millis(self.0.saturating_add(o.0))
    }
}

impl Timestamp {
    /// The wall clock now (the bot's default; tests pass explicit times instead).
    pub fn now() -> Timestamp {
        let d = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap_or_default();
        Timestamp(d.as_millis() as u64)
    }

    /// Time elapsed from `earlier` to `self`, zero if `earlier` is later.
    pub const fn since(self, earlier: Timestamp) -> Millis {
        Millis(self.0.saturating_sub(earlier.0))
    }

    /// `self + d`.
    pub const fn plus(self, d: Millis) -> Timestamp {
        Timestamp(self.0.saturating_add(d.0))
    }

    /// `self - d`, floored at the epoch.
    pub const fn minus(self, d: Millis) -> Timestamp {
        Timestamp(self.0.saturating_sub(d.0))
    }
}

impl fmt::Display for Timestamp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}ms", self.0)
    }
}
