//! Which turns have been notified, and how many notices each person got lately (the
//! state behind `notify`, kept apart so that `App` can hold it).

use crate::game::UserId;
use std::collections::{HashMap, VecDeque};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Notifications to one person at most in a minute, over all their games (a flood of
/// quick games must not turn into a flood of messages).
const PER_MINUTE: usize = 6;

/// Entries kept before the oldest are dropped (bounds memory).
const KEPT: usize = 100_000;

/// Which turns have been notified, and when each person was last notified.
#[derive(Default)]
pub struct Notices {
    /// (user, game) → the ply whose turn was notified: one notification per turn.
    turns: Mutex<HashMap<(u64, u64), u32>>,
    /// Each person's notifications in the last minute.
    sent: Mutex<HashMap<u64, VecDeque<Instant>>>,
}

impl Notices {
    /// Whether `user` may be told of their turn at `ply` of `game` now (and record it).
    pub fn take(&self, user: UserId, game: u64, ply: u32) -> bool {
        {
            let mut turns = self.turns.lock().unwrap_or_else(|e| e.into_inner());
            if turns.get(&(user.0, game)) == Some(&ply) {
                return false;
            }
            if turns.len() >= KEPT {
                turns.clear();
            }
            turns.insert((user.0, game), ply);
        }
        let mut sent = self.sent.lock().unwrap_or_else(|e| e.into_inner());
        if sent.len() >= KEPT {
            sent.clear();
        }
        let now = Instant::now();
        let recent = sent.entry(user.0).or_default();
        while recent
            .front()
            .is_some_and(|t| now.duration_since(*t) > Duration::from_secs(60))
        {
            recent.pop_front();
        }
        if recent.len() >= PER_MINUTE {
            return false;
        }
        recent.push_back(now);
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_notice_per_turn_and_a_few_a_minute() {
        let n = Notices::default();
        let u = UserId(7);
        assert!(n.take(u, 1, 3));
        assert!(!n.take(u, 1, 3), "the same turn once");
        assert!(n.take(u, 1, 5), "the next turn again");
        for game in 2..=5 {
            assert!(n.take(u, game, 1));
        }
        assert!(!n.take(u, 9, 1), "six a minute at most");
        assert!(n.take(UserId(8), 9, 1), "per person");
    }
}
