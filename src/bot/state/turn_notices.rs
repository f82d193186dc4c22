//! Which turns have been notified, how many notices each person got lately, and when
//! each person last showed they were looking at a chat or a game (the state behind
//! `notify`, kept apart so that `App` can hold it).
//!
//! Telegram tells a bot nothing of what people read, so "looked" means what the bot can
//! see: a message of theirs in the game's chat, or a tap on one of the game's buttons.
//! It is kept in memory only: after a restart a pending notice is sent even to someone
//! who looked before it, which errs towards telling.

use crate::game::{ChatId, GameId, Timestamp, UserId};
use std::collections::{HashMap, VecDeque};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Notifications to one person at most in a minute, over all their games (a flood of
/// quick games must not turn into a flood of messages).
const PER_MINUTE: usize = 6;

/// Entries kept before the oldest are dropped (bounds memory).
const KEPT: usize = 100_000;

/// The longest a notice can wait (the longest delay offered in `/settings`), in hours.
pub const LONGEST_WAIT_HOURS: u64 = 4;

/// Where someone showed they were looking.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Place {
    /// A chat: they wrote there (any game's board in it is before their eyes).
    Chat(ChatId),
    /// A game: they tapped one of its buttons (an inline board's only sign).
    Game(GameId),
}

/// Which turns have been notified, and when each person was last notified.
#[derive(Default)]
pub struct Notices {
    /// (user, game) → the ply whose turn was notified: one notification per turn.
    turns: Mutex<HashMap<(u64, u64), u32>>,
    /// Each person's notifications in the last minute.
    sent: Mutex<HashMap<u64, VecDeque<Instant>>>,
    /// (user, place) → when they were last seen there.
    seen: Mutex<HashMap<(u64, Place), Timestamp>>,
}

impl Notices {
    /// `user` showed at `at` that they are looking at `place`.
    pub fn looked(&self, user: UserId, place: Place, at: Timestamp) {
        let mut seen = self.seen.lock().unwrap_or_else(|e| e.into_inner());
        if seen.len() >= KEPT {
            // The oldest sightings first: no notice waits longer than a few hours, so
            // what is older than that decides nothing. Unless that frees half the room,
            // all go (a forgotten sighting only lets a notice through), so a sweep comes
            // at most once per KEPT / 2 sightings.
            let cutoff = at.minus(crate::game::Millis::minutes(LONGEST_WAIT_HOURS * 60));
            seen.retain(|_, t| *t >= cutoff);
            if seen.len() >= KEPT / 2 {
                seen.clear();
            }
        }
        seen.insert((user.0, place), at);
    }

    /// Forget the sightings too old to hold back any notice (the longest wait offered).
    pub fn sweep(&self, now: Timestamp) {
        let cutoff = now.minus(crate::game::Millis::minutes(LONGEST_WAIT_HOURS * 60));
        let mut seen = self.seen.lock().unwrap_or_else(|e| e.into_inner());
        seen.retain(|_, t| *t >= cutoff);
        seen.shrink_to_fit();
    }

    /// Whether `user` has looked at any of `places` at or after `since`.
    pub fn looked_since(&self, user: UserId, places: &[Place], since: Timestamp) -> bool {
        let seen = self.seen.lock().unwrap_or_else(|e| e.into_inner());
        places
            .iter()
            .any(|p| seen.get(&(user.0, *p)).is_some_and(|t| *t >= since))
    }

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

    #[test]
    fn a_look_counts_from_its_time_for_its_person_and_place() {
        let n = Notices::default();
        let (u, v) = (UserId(7), UserId(8));
        let (chat, game) = (Place::Chat(ChatId(-5)), Place::Game(GameId(3)));
        n.looked(u, chat, Timestamp(1_000));
        assert!(n.looked_since(u, &[chat], Timestamp(1_000)));
        assert!(n.looked_since(u, &[game, chat], Timestamp(900)));
        assert!(
            !n.looked_since(u, &[chat], Timestamp(1_001)),
            "before the turn"
        );
        assert!(!n.looked_since(u, &[game], Timestamp(0)), "another place");
        assert!(!n.looked_since(v, &[chat], Timestamp(0)), "another person");
        n.looked(u, game, Timestamp(2_000));
        assert!(n.looked_since(u, &[chat, game], Timestamp(1_500)));
    }
}
