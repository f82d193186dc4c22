//! Challenges offered through inline mode, remembered per person and terms: Telegram
//! sends an inline query for every pause in typing, and the same choice offered again
//! reuses its challenge instead of storing a new one each time (the state behind
//! `inline`, kept apart so that `App` can hold it).

use crate::game::{ChallengeId, LinkToken, Millis, Timestamp, UserId};
use std::collections::HashMap;
use std::sync::Mutex;

/// Entries kept before the lapsed ones are dropped (bounds memory).
const KEPT: usize = 100_000;

/// An offered challenge is offered again only while it has this long to run: a friend
/// should have most of the day to answer.
pub const FRESH_FOR: Millis = Millis::minutes(20 * 60);

/// One offered challenge.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Offer {
    /// The challenge.
    pub id: ChallengeId,
    /// The token its buttons carry.
    pub token: LinkToken,
    /// When it lapses.
    pub expires_at: Timestamp,
}

/// The challenges offered to each person, by the terms they offer.
#[derive(Default)]
pub struct Offers(Mutex<HashMap<(u64, String), Offer>>);

impl Offers {
    /// The challenge offered to `user` on `terms` that still has [`FRESH_FOR`] to run.
    pub fn get(&self, user: UserId, terms: &str, now: Timestamp) -> Option<Offer> {
        let m = self.0.lock().unwrap_or_else(|e| e.into_inner());
        m.get(&(user.0, terms.to_string()))
            .filter(|o| o.expires_at > now.plus(FRESH_FOR))
            .copied()
    }

    /// Remember `offer` for `user` on `terms`.
    pub fn put(&self, user: UserId, terms: String, offer: Offer, now: Timestamp) {
        let mut m = self.0.lock().unwrap_or_else(|e| e.into_inner());
        if m.len() >= KEPT {
            m.retain(|_, o| o.expires_at > now.plus(FRESH_FOR));
            if m.len() >= KEPT {
                m.clear();
            }
        }
        m.insert((user.0, terms), offer);
    }

    /// Forget the offers too close to their lapse to be offered again.
    pub fn sweep(&self, now: Timestamp) {
        let mut m = self.0.lock().unwrap_or_else(|e| e.into_inner());
        m.retain(|_, o| o.expires_at > now.plus(FRESH_FOR));
        m.shrink_to_fit();
    }

    /// Forget an offer taken up (accepted, declined or withdrawn), so the next query
    /// offers a new challenge.
    pub fn forget(&self, id: ChallengeId) {
        let mut m = self.0.lock().unwrap_or_else(|e| e.into_inner());
        m.retain(|_, o| o.id != id);
    }
}
