//! Time controls and clocks as plain data (RULES.md §7): the timer task reads them, the
//! service updates them inside the same compare-and-swap as the move.

use super::ids::{Millis, Timestamp};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// How a game is timed, chosen per game and as a chat default.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum TimeControl {
    /// No clock; a game nobody moves in for long is adjudicated as abandoned.
    #[default]
    Untimed,
    /// Fischer clock: a bank per side that runs on its turn, plus an increment per move.
    Clock {
        /// Starting bank.
        base: Millis,
        /// Added after each own move.
        increment: Millis,
    },
    /// A limit per move; a miss makes the program move, a second consecutive miss loses.
    PerMove {
        /// Time for one move.
        limit: Millis,
    },
    /// Correspondence: days a move (one of [`TimeControl::DAYS`]). The player to move is
    /// reminded with a day and with an hour left; when the time is up the opponent may
    /// claim the win or keep waiting.
    Days {
        /// Days for one move.
        days: u8,
    },
}

impl TimeControl {
    /// The correspondence choices (the ones lichess offers).
    pub const DAYS: [u8; 7] = [1, 2, 3, 5, 7, 10, 14];

    /// The time a move may take, for per-move limits and correspondence.
    pub fn per_move(&self) -> Option<Millis> {
        match self {
            TimeControl::PerMove { limit } => Some(*limit),
            TimeControl::Days { days } => Some(Millis::days(u64::from(*days))),
            TimeControl::Untimed | TimeControl::Clock { .. } => None,
        }
    }
}

/// Text that is not a time control.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "'{0}' is not a time control: use e.g. 5+3 (minutes + seconds a move), 60s (a move), 3d (days a move: 1d, 2d, 3d, 5d, 7d, 10d or 14d), or untimed"
)]
pub struct TimeControlError(pub String);

impl FromStr for TimeControl {
    type Err = TimeControlError;
    /// `untimed` / `none` / `-`, `M+S` (Fischer, minutes + seconds), `Ns` (per move).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim().to_ascii_lowercase();
        let err = || TimeControlError(s.to_string());
        if matches!(t.as_str(), "untimed" | "none" | "-" | "0" | "off") {
            return Ok(TimeControl::Untimed);
        }
        if let Some((b, i)) = t.split_once('+') {
            let base: u64 = b.trim().parse().map_err(|_| err())?;
            let inc: u64 = i.trim().parse().map_err(|_| err())?;
            if base == 0 || base > 24 * 60 || inc > 3600 {
                return Err(err());
            }
            return Ok(TimeControl::Clock {
                base: Millis::minutes(base),
                increment: Millis::secs(inc),
            });
        }
        if let Some(n) = t.strip_suffix('d') {
            let days: u8 = n.trim().parse().map_err(|_| err())?;
            if !TimeControl::DAYS.contains(&days) {
                return Err(err());
            }
            return Ok(TimeControl::Days { days });
        }
        if let Some(n) = t.strip_suffix('s') {
            let secs: u64 = n.trim().parse().map_err(|_| err())?;
            if secs == 0 || secs > 86_400 {
                return Err(err());
            }
            return Ok(TimeControl::PerMove {
                limit: Millis::secs(secs),
            });
        }
        Err(err())
    }
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TimeControl::Untimed => f.write_str("untimed"),
            TimeControl::Clock { base, increment } => {
                write!(f, "{}+{}", base.0 / 60_000, increment.0 / 1000)
            }
            TimeControl::PerMove { limit } => write!(f, "{}s", limit.0 / 1000),
            TimeControl::Days { days } => write!(f, "{days}d"),
        }
    }
}

/// The clock state of a game: what the timer task needs to know when the turn runs out.
/// Per-seat values are indexed by the seat's turn-order number (White 0 and Black 1 in a
/// two-sided game; a table's seats in their order).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct Clocks {
    /// Bank left per seat at the start of the current turn (Fischer only).
    #[serde(with = "crate::game::codec::seats4")]
    pub remaining: [Millis; 4],
    /// When the current turn began (game creation for the first move).
    pub turn_started: Timestamp,
    /// Consecutive per-move-limit misses per seat (a second one loses, or at a table
    /// takes the player out).
    #[serde(with = "crate::game::codec::seats4")]
    pub missed: [u8; 4],
    /// This turn's warnings sent so far: the 30 s left or abandonment-tomorrow warning
    /// (1); for correspondence, the day left (1), the hour left (2), and the time up (3).
    /// (Stored as one byte, as the flag it once was.)
    pub notices: u8,
}

impl Clocks {
    /// Clocks for a game starting at `now`.
    pub fn start(tc: &TimeControl, now: Timestamp) -> Clocks {
        let bank = match tc {
            TimeControl::Clock { base, .. } => *base,
            _ => Millis(0),
        };
        Clocks {
            remaining: [bank; 4],
            turn_started: now,
            missed: [0; 4],
            notices: 0,
        }
    }

    /// The bank of seat number `seat` at `now` (the running seat's bank shrinks), for
    /// captions.
    pub fn remaining_at(
        &self,
        tc: &TimeControl,
        seat: usize,
        to_move: usize,
        now: Timestamp,
    ) -> Option<Millis> {
        match tc {
            TimeControl::Clock { .. } => {
                let bank = self.remaining[seat];
                Some(if seat == to_move {
                    bank.saturating_sub(now.since(self.turn_started))
                } else {
                    bank
                })
            }
            _ => None,
        }
    }

    /// Whether seat number `seat` (to move) has run out of time at `now` on a Fischer
    /// clock.
    pub fn flagged(&self, tc: &TimeControl, seat: usize, now: Timestamp) -> bool {
        matches!(tc, TimeControl::Clock { .. })
            && now.since(self.turn_started) >= self.remaining[seat]
    }

    /// When seat number `seat`'s Fischer bank runs out, if the clock runs.
    pub fn flag_at(&self, tc: &TimeControl, seat: usize) -> Option<Timestamp> {
        match tc {
            TimeControl::Clock { .. } => Some(self.turn_started.plus(self.remaining[seat])),
            _ => None,
        }
    }

    /// Account for a move by seat number `seat` at `now`: charge the elapsed time, add the
    /// increment, count (`auto`) or reset the per-move misses, and start the next turn.
    pub fn on_move(&mut self, tc: &TimeControl, seat: usize, now: Timestamp, auto: bool) {
        let i = seat;
        if let TimeControl::Clock { increment, .. } = tc {
            let used = now.since(self.turn_started);
            self.remaining[i] = self.remaining[i].saturating_sub(used) + *increment;
        }
        self.missed[i] = if auto {
            self.missed[i].saturating_add(1)
        } else {
            0
        };
        self.turn_started = now;
        self.notices = 0;
    }
}

/// The service's timing policy (RULES.md §7); the bot's flags can change the defaults
/// (docs/OPERATIONS.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Timing {
    /// An untimed game nobody moves in for this long is abandoned by the side to move.
    pub abandon_after: Millis,
    /// The abandonment warning comes this long before.
    pub abandon_warning: Millis,
    /// A Fischer-clock reminder when this much time is left.
    pub clock_reminder: Millis,
    /// A draw offer lapses after this long.
    pub draw_offer_ttl: Millis,
    /// A challenge lapses after this long.
    pub challenge_ttl: Millis,
    /// A challenge through inline mode lapses after this long: it waits in a private chat
    /// for a friend who may read it hours later.
    pub inline_challenge_ttl: Millis,
    /// A challenge that was accepted, declined, withdrawn or has lapsed is removed from
    /// the store this long after (a game it started keeps its own record).
    pub challenge_retention: Millis,
}

impl Default for Timing {
    fn default() -> Timing {
        Timing {
            abandon_after: Millis::days(7),
            abandon_warning: Millis::days(1),
            clock_reminder: Millis::secs(30),
            draw_offer_ttl: Millis::minutes(2),
            challenge_ttl: Millis::minutes(10),
            inline_challenge_ttl: Millis::days(1),
            challenge_retention: Millis::days(1),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_and_print_time_controls() {
        let c: TimeControl = "5+3".parse().unwrap();
        assert_eq!(
            c,
            TimeControl::Clock {
                base: Millis(300_000),
                increment: Millis(3000)
            }
        );
        assert_eq!(c.to_string(), "5+3");
        let p: TimeControl = "60s".parse().unwrap();
        assert_eq!(
            p,
            TimeControl::PerMove {
                limit: Millis(60_000)
            }
        );
        assert_eq!(p.to_string(), "60s");
        assert_eq!(
            "Untimed".parse::<TimeControl>().unwrap(),
            TimeControl::Untimed
        );
        for bad in [
            "", "5+", "+3", "abc", "0+2", "0s", "5m", "4d", "0d", "15d", "d",
        ] {
            assert!(bad.parse::<TimeControl>().is_err(), "{bad}");
        }
        for days in TimeControl::DAYS {
            let tc: TimeControl = format!("{days}d").parse().unwrap();
            assert_eq!(tc, TimeControl::Days { days });
            assert_eq!(tc.to_string(), format!("{days}d"));
            assert_eq!(tc.per_move(), Some(Millis::days(u64::from(days))));
        }
    }

    #[test]
    fn fischer_arithmetic() {
        let tc: TimeControl = "1+2".parse().unwrap();
        let mut c = Clocks::start(&tc, Timestamp(1000));
        assert_eq!(c.flag_at(&tc, 0), Some(Timestamp(61_000)));
        c.on_move(&tc, 0, Timestamp(11_000), false);
        // 60 s - 10 s used + 2 s increment.
        assert_eq!(c.remaining[..2], [Millis(52_000), Millis(60_000)]);
        assert_eq!(c.turn_started, Timestamp(11_000));
        assert!(!c.flagged(&tc, 1, Timestamp(70_999)));
        assert!(c.flagged(&tc, 1, Timestamp(71_000)));
        assert_eq!(
            c.remaining_at(&tc, 1, 1, Timestamp(31_000)),
            Some(Millis(40_000))
        );
        // A move after the bank ran out leaves zero plus the increment.
        c.on_move(&tc, 1, Timestamp(100_000), false);
        assert_eq!(c.remaining[1], Millis(2000));
    }

    #[test]
    fn per_move_misses_count_and_reset() {
        let tc: TimeControl = "60s".parse().unwrap();
        let mut c = Clocks::start(&tc, Timestamp(0));
        c.on_move(&tc, 0, Timestamp(61_000), true);
        assert_eq!(c.missed, [1, 0, 0, 0]);
        c.on_move(&tc, 1, Timestamp(62_000), false);
        c.on_move(&tc, 0, Timestamp(63_000), false);
        assert_eq!(c.missed, [0; 4]);
    }
}
