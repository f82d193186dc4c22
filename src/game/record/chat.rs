//! The chat record and its settings: language, board orientation, defaults for new games
//! and turn notifications.

use crate::engine::{Variant, VariantId};
use crate::game::codec;
use crate::game::ids::{ChatId, Millis, Timestamp, UserId, Version};
use crate::game::time::TimeControl;
use serde::{Deserialize, Serialize};

/// Interface language.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Language {
    /// English.
    En,
    /// Russian.
    Ru,
}

impl Language {
    /// From a Telegram `language_code` (`ru`, `ru-RU`, `en-GB` ...); unknown codes give `None`.
    pub fn from_code(code: &str) -> Option<Language> {
        let base = code.split(['-', '_']).next()?.to_ascii_lowercase();
        match base.as_str() {
            "en" => Some(Language::En),
            "ru" | "uk" | "be" => Some(Language::Ru),
            _ => None,
        }
    }

    /// The two-letter code.
    pub fn code(self) -> &'static str {
        match self {
            Language::En => "en",
            Language::Ru => "ru",
        }
    }
}

/// How a group's board is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Orientation {
    /// Always from White's side.
    #[default]
    White,
    /// From the side of the player to move.
    SideToMove,
}

/// A chat's defaults. Fields added since the first layout default when missing, so a
/// JSON export from an older program imports (postcard values always hold every field).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChatSettings {
    /// The chat's language (groups); `None` follows each user's language.
    pub language: Option<Language>,
    /// Variant for `/new` without one.
    #[serde(with = "codec::variant")]
    pub variant: Variant,
    /// Time control for `/new` without one.
    pub time_control: TimeControl,
    /// Board orientation in groups.
    pub orientation: Orientation,
    /// Whether players may take moves back in unrated games.
    #[serde(default = "allowed")]
    pub takebacks: bool,
    /// A private chat's owner hears privately when it is their move in a game elsewhere.
    #[serde(default)]
    pub notify_turns: bool,
    /// How long after it becomes their move, by kind of game (when `notify_turns`).
    #[serde(default)]
    pub turn_notices: TurnNotices,
}

/// Takebacks are allowed unless a chat says otherwise.
fn allowed() -> bool {
    true
}

/// How long a person who has not looked at a game waits before hearing privately that it
/// is their move there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NoticeDelay {
    /// Not told.
    Never,
    /// Told this many minutes after the opponent's move (0: at once).
    After {
        /// Minutes.
        minutes: u16,
    },
}

impl NoticeDelay {
    /// Told at once.
    pub const AT_ONCE: NoticeDelay = NoticeDelay::After { minutes: 0 };

    /// The wait, if told at all.
    pub fn wait(self) -> Option<Millis> {
        match self {
            NoticeDelay::Never => None,
            NoticeDelay::After { minutes } => Some(Millis::minutes(u64::from(minutes))),
        }
    }

    /// The choice's short text in buttons: `never`, `0`, `15`, `60` (minutes).
    pub fn code(self) -> String {
        match self {
            NoticeDelay::Never => "never".into(),
            NoticeDelay::After { minutes } => minutes.to_string(),
        }
    }
}

impl std::str::FromStr for NoticeDelay {
    type Err = std::num::ParseIntError;

    /// [`NoticeDelay::code`]'s inverse.
    fn from_str(s: &str) -> Result<NoticeDelay, Self::Err> {
        match s {
            "never" => Ok(NoticeDelay::Never),
            m => Ok(NoticeDelay::After {
                minutes: m.parse()?,
            }),
        }
    }
}

/// The two kinds of game for turn notifications: a game of days (or untimed) is played
/// between other things, a game on a clock at the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Pace {
    /// Untimed games and days a move.
    Slow,
    /// Games on a clock (Fischer or seconds a move).
    Clock,
}

impl Pace {
    /// The pace of a game of `tc`.
    pub fn of(tc: &TimeControl) -> Pace {
        match tc {
            TimeControl::Untimed | TimeControl::Days { .. } => Pace::Slow,
            TimeControl::Clock { .. } | TimeControl::PerMove { .. } => Pace::Clock,
        }
    }
}

/// Turn notifications by [`Pace`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TurnNotices {
    /// Untimed games and days a move.
    pub slow: NoticeDelay,
    /// Games on a clock (Fischer or seconds a move).
    pub clock: NoticeDelay,
}

impl Default for TurnNotices {
    /// At once in slow games, never in games on a clock.
    fn default() -> TurnNotices {
        TurnNotices {
            slow: NoticeDelay::AT_ONCE,
            clock: NoticeDelay::Never,
        }
    }
}

impl TurnNotices {
    /// The delay for games of `pace`.
    pub fn get(&self, pace: Pace) -> NoticeDelay {
        match pace {
            Pace::Slow => self.slow,
            Pace::Clock => self.clock,
        }
    }

    /// Set the delay for games of `pace`.
    pub fn set(&mut self, pace: Pace, d: NoticeDelay) {
        match pace {
            Pace::Slow => self.slow = d,
            Pace::Clock => self.clock = d,
        }
    }
}

impl Default for ChatSettings {
    fn default() -> ChatSettings {
        ChatSettings {
            language: None,
            variant: Variant::new(VariantId::Classic),
            time_control: TimeControl::Untimed,
            orientation: Orientation::White,
            takebacks: true,
            notify_turns: false,
            turn_notices: TurnNotices::default(),
        }
    }
}

/// A chat: its settings and who has played in it (its active games are an index).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChatRecord {
    /// Its id.
    pub id: ChatId,
    /// Revision for compare-and-swap.
    pub version: Version,
    /// Defaults.
    pub settings: ChatSettings,
    /// Everyone who has played here (for the chat's leaderboard).
    pub players: Vec<UserId>,
    /// First seen.
    pub created_at: Timestamp,
    /// Last write.
    pub updated_at: Timestamp,
    /// Since when the bot cannot write here: it was removed from the group, or the person
    /// blocked it (or never started it). Games with a board here are paused meanwhile.
    #[serde(default)]
    pub unreachable: Option<Timestamp>,
}

impl ChatRecord {
    /// A chat with default settings, not yet stored (version 0).
    pub fn new(id: ChatId, now: Timestamp) -> ChatRecord {
        ChatRecord {
            id,
            version: Version(0),
            settings: ChatSettings::default(),
            players: Vec::new(),
            created_at: now,
            updated_at: now,
            unreachable: None,
        }
    }
}
