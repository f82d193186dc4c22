//! The challenge record: whom it is for, the challenger's colour, where it stands, and
//! who may answer it.

use super::deadlines::{DeadlineEntry, DeadlineKind, DeadlineTarget};
use super::index::IndexEntry;
use crate::engine::Variant;
use crate::game::codec;
use crate::game::ids::{
    ChallengeId, ChatId, GameId, LinkToken, MessageId, Timestamp, UserId, Version,
};
use crate::game::time::TimeControl;
use serde::{Deserialize, Serialize};

/// Whom a challenge is for.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ChallengeTarget {
    /// Anyone in the chat.
    Open,
    /// A known user (from a reply or a text mention).
    User(UserId),
    /// Whoever has this `@username` (without `@`), compared case-insensitively when they tap.
    Username(String),
    /// Whoever opens the challenge's link, which carries this token (accepted from their
    /// own private chat with the bot).
    Link(LinkToken),
    /// A challenge offered through inline mode, accepted by a tap on the inline message
    /// it became (whose Accept button carries this token): by anyone but the challenger,
    /// or only by `user` / `username` when named.
    Inline {
        /// The token its buttons carry.
        token: LinkToken,
        /// The only user who may accept (a rematch).
        user: Option<UserId>,
        /// The only `@username` (without `@`) who may accept, compared case-insensitively.
        username: Option<String>,
    },
}

impl ChallengeTarget {
    /// Whether it is a challenge through inline mode.
    pub fn is_inline(&self) -> bool {
        matches!(self, ChallengeTarget::Inline { .. })
    }

    /// Whether it names the one person who may answer it.
    pub fn is_personal(&self) -> bool {
        match self {
            ChallengeTarget::User(_) | ChallengeTarget::Username(_) => true,
            ChallengeTarget::Inline { user, username, .. } => user.is_some() || username.is_some(),
            ChallengeTarget::Open | ChallengeTarget::Link(_) => false,
        }
    }
}

/// The challenger's colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum ColourChoice {
    /// White.
    White,
    /// Black.
    Black,
    /// Drawn when accepted.
    #[default]
    Random,
}

/// Where a challenge stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ChallengeStatus {
    /// Waiting for an answer.
    Open,
    /// Accepted; the game started.
    Accepted {
        /// The game.
        game: GameId,
        /// Who accepted.
        by: UserId,
    },
    /// Declined by the challenged user.
    Declined {
        /// Who declined.
        by: UserId,
    },
    /// Withdrawn by the challenger.
    Cancelled,
    /// Nobody answered in time.
    Expired,
}

/// A challenge to play.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChallengeRecord {
    /// Its id.
    pub id: ChallengeId,
    /// Revision for compare-and-swap.
    pub version: Version,
    /// Where it was posted.
    pub chat: ChatId,
    /// Its message (edited when answered or expired).
    pub message: Option<MessageId>,
    /// The challenger.
    pub from: UserId,
    /// Whom it is for.
    pub target: ChallengeTarget,
    /// Variant to play.
    #[serde(with = "codec::variant")]
    pub variant: Variant,
    /// Time control to play.
    pub time_control: TimeControl,
    /// The challenger's colour.
    pub colour: ColourChoice,
    /// Whether the game is rated (where the variant allows).
    pub rated: bool,
    /// When it was made.
    pub created_at: Timestamp,
    /// When it lapses.
    pub expires_at: Timestamp,
    /// Where it stands.
    pub status: ChallengeStatus,
    /// Last write.
    pub updated_at: Timestamp,
}

impl ChallengeRecord {
    /// The index entries this record implies (the expiry while open).
    pub fn index_entries(&self) -> Vec<IndexEntry> {
        if self.status == ChallengeStatus::Open {
            vec![IndexEntry::Deadline(DeadlineEntry {
                at: self.expires_at,
                kind: DeadlineKind::ChallengeExpiry,
                target: DeadlineTarget::Challenge(self.id),
            })]
        } else {
            Vec::new()
        }
    }

    /// Whether `user` (with `username`) may accept or decline it.
    pub fn is_for(&self, user: UserId, username: Option<&str>) -> bool {
        match &self.target {
            ChallengeTarget::Open | ChallengeTarget::Link(_) => user != self.from,
            ChallengeTarget::User(u) => *u == user,
            ChallengeTarget::Username(n) => same_username(username, n),
            ChallengeTarget::Inline {
                user: named,
                username: name,
                ..
            } => {
                user != self.from
                    && named.is_none_or(|u| u == user)
                    && name.as_deref().is_none_or(|n| same_username(username, n))
            }
        }
    }
}

/// Whether Telegram's `username` (with or without `@`) is `name`, as Telegram compares
/// them (case-insensitively).
fn same_username(username: Option<&str>, name: &str) -> bool {
    username.is_some_and(|u| u.trim_start_matches('@').eq_ignore_ascii_case(name))
}
