//! Deadlines: what the timer fires, for which game or challenge, and the index entries
//! it reads them from.

use crate::game::ids::{ChallengeId, GameId, Millis, Timestamp};
use crate::game::time::Clocks;
use serde::{Deserialize, Serialize};

/// What a deadline is for; the order breaks ties between deadlines due at the same time.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DeadlineKind {
    /// The program is to move (due at once; resumes a program move lost in a crash).
    ProgramMove,
    /// A draw offer lapses.
    DrawOfferExpiry,
    /// A Fischer clock reaches the reminder threshold.
    ClockReminder,
    /// A Fischer clock reaches zero: the side to move loses.
    ClockFlag,
    /// A per-move limit passes: the program moves for the player, or a second miss loses.
    MoveMissed,
    /// An untimed game will be abandoned in a day.
    AbandonWarning,
    /// An untimed game is abandoned by the side to move.
    Abandon,
    /// A challenge lapses, or a lobby its host did not start.
    ChallengeExpiry,
    /// A correspondence move has a day left: the player to move is reminded.
    DayLeft,
    /// A correspondence move has an hour left: the player to move is reminded again.
    HourLeft,
    /// A correspondence move's time is up: the opponent may claim the win or wait.
    TimeUp,
    /// The player to move asked to hear of their turn if they have not looked at the game
    /// by now ([`GameRecord::turn_notice_at`](super::GameRecord::turn_notice_at)).
    TurnNotice,
    /// A game paused because the bot can no longer write to a chat of its boards
    /// ([`GameRecord::paused`](super::GameRecord::paused)) is called off, nobody having
    /// been able to play it.
    Unreachable,
}

impl DeadlineKind {
    /// All kinds, in tie-break order (new kinds go last: the order is their index code).
    pub const ALL: [DeadlineKind; 13] = [
        DeadlineKind::ProgramMove,
        DeadlineKind::DrawOfferExpiry,
        DeadlineKind::ClockReminder,
        DeadlineKind::ClockFlag,
        DeadlineKind::MoveMissed,
        DeadlineKind::AbandonWarning,
        DeadlineKind::Abandon,
        DeadlineKind::ChallengeExpiry,
        DeadlineKind::DayLeft,
        DeadlineKind::HourLeft,
        DeadlineKind::TimeUp,
        DeadlineKind::TurnNotice,
        DeadlineKind::Unreachable,
    ];

    /// The byte used in index keys.
    pub fn code(self) -> u8 {
        self as u8
    }

    /// Inverse of [`DeadlineKind::code`].
    pub fn from_code(c: u8) -> Option<DeadlineKind> {
        DeadlineKind::ALL.get(c as usize).copied()
    }
}

/// The next timer event of one game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Deadline {
    /// When it is due.
    pub at: Timestamp,
    /// What happens then.
    pub kind: DeadlineKind,
}

/// What a deadline belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DeadlineTarget {
    /// A game.
    Game(GameId),
    /// A challenge.
    Challenge(ChallengeId),
}

/// One entry of the deadline index; entries sort by due time first, which is the order
/// the timer task wants.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct DeadlineEntry {
    /// When it is due.
    pub at: Timestamp,
    /// What happens.
    pub kind: DeadlineKind,
    /// To what.
    pub target: DeadlineTarget,
}

/// The next event of a correspondence turn of `days` a move: the reminders with a day
/// and with an hour left (where the turn is longer than that), the time up, and once the
/// opponent has been offered the win, the game's abandonment as in an untimed game.
pub(super) fn correspondence_deadline(c: &Clocks, days: u8, abandon_after: Millis) -> Deadline {
    let due = c.turn_started.plus(Millis::days(u64::from(days)));
    let (day, hour) = (Millis::days(1), Millis::minutes(60));
    let per_move = Millis::days(u64::from(days));
    match c.notices {
        0 if per_move > day => Deadline {
            at: due.minus(day),
            kind: DeadlineKind::DayLeft,
        },
        0 | 1 => Deadline {
            at: due.minus(hour),
            kind: DeadlineKind::HourLeft,
        },
        2 => Deadline {
            at: due,
            kind: DeadlineKind::TimeUp,
        },
        _ => Deadline {
            at: due.plus(abandon_after),
            kind: DeadlineKind::Abandon,
        },
    }
}
