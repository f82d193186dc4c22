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
    /// A group's tournament; allocated by the store.
    TournamentId(u64)
);
id_type!(
    /// A record's revision for compare-and-swap: 1 when first stored, +1 on every write.
    Version(u64)
);

/// A message the bot's inline mode posted in a chat the bot may not be in (Telegram's
/// `inline_message_id`): the bot can edit it but never learns its chat or message id.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct InlineMessageId(pub String);

impl fmt::Display for InlineMessageId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

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

/// The secret part of a challenge link: whoever holds the link may accept, and nobody
/// can find a challenge by counting. 96 bits from the operating system's generator, so
/// guessing is hopeless; written as 24 lower-case hex digits (inside Telegram's deep-link
/// payload alphabet).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct LinkToken(pub [u8; 12]);

/// Why a link token could not be made or read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LinkTokenError {
    /// The operating system's random generator failed.
    #[error("no random bytes from the operating system: {0}")]
    NoRandom(String),
    /// Not 24 lower-case hex digits.
    #[error("not a link token")]
    Malformed,
}

impl LinkToken {
    /// A fresh token from the operating system's generator.
    pub fn random() -> Result<LinkToken, LinkTokenError> {
        let mut b = [0u8; 12];
        getrandom::fill(&mut b).map_err(|e| LinkTokenError::NoRandom(e.to_string()))?;
        Ok(LinkToken(b))
    }

    /// Compare in time independent of where the tokens differ (a link is a password).
    pub fn matches(&self, other: &LinkToken) -> bool {
        self.0
            .iter()
            .zip(other.0.iter())
            .fold(0u8, |acc, (a, b)| acc | (a ^ b))
            == 0
    }
}

impl fmt::Display for LinkToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.iter().try_for_each(|b| write!(f, "{b:02x}"))
    }
}

/// Never printed whole in logs: the token is a password.
impl fmt::Debug for LinkToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "LinkToken({:02x}{:02x}…)", self.0[0], self.0[1])
    }
}

impl FromStr for LinkToken {
    type Err = LinkTokenError;
    fn from_str(s: &str) -> Result<LinkToken, LinkTokenError> {
        let digits = s.as_bytes();
        if digits.len() != 24 {
            return Err(LinkTokenError::Malformed);
        }
        let nibble = |c: u8| match c {
            b'0'..=b'9' => Ok(c - b'0'),
            b'a'..=b'f' => Ok(c - b'a' + 10),
            _ => Err(LinkTokenError::Malformed),
        };
        let mut b = [0u8; 12];
        for (i, pair) in digits.chunks(2).enumerate() {
            b[i] = (nibble(pair[0])? << 4) | nibble(pair[1])?;
        }
        Ok(LinkToken(b))
    }
}

/// Hex text in human-readable formats (JSON exports), the 12 bytes in postcard.
impl Serialize for LinkToken {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if s.is_human_readable() {
            s.collect_str(self)
        } else {
            self.0.serialize(s)
        }
    }
}

impl<'de> Deserialize<'de> for LinkToken {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<LinkToken, D::Error> {
        if d.is_human_readable() {
            let s = String::deserialize(d)?;
            s.parse().map_err(serde::de::Error::custom)
        } else {
            <[u8; 12]>::deserialize(d).map(LinkToken)
        }
    }
}

#[cfg(test)]
mod link_token_tests {
    use super::*;

    #[test]
    fn tokens_are_random_and_read_back_from_their_text() {
        let a = LinkToken::random().unwrap();
        let b = LinkToken::random().unwrap();
        assert_ne!(a, b);
        let text = a.to_string();
        assert_eq!(text.len(), 24);
        assert_eq!(text.parse::<LinkToken>().unwrap(), a);
        assert!(a.matches(&a) && !a.matches(&b));
        for bad in [
            "",
            "123",
            "00112233445566778899AABB",
            "00112233445566778899aabb0",
            "00112233445566778899aabg",
            "0011223344556677 899aabb",
        ] {
            assert!(bad.parse::<LinkToken>().is_err(), "{bad}");
        }
        assert!(!format!("{a:?}").contains(&text));
    }

    #[test]
    fn tokens_are_hex_in_json_and_bytes_in_postcard() {
        let t: LinkToken = "00112233445566778899aabb".parse().unwrap();
        assert_eq!(
            serde_json::to_string(&t).unwrap(),
            "\"00112233445566778899aabb\""
        );
        let bytes = postcard::to_allocvec(&t).unwrap();
        assert_eq!(bytes.len(), 12);
        assert_eq!(postcard::from_bytes::<LinkToken>(&bytes).unwrap(), t);
    }
}
