//! Sessions: what a page holds after Telegram's `initData` was checked, sent with every
//! call and on the live stream. A session is a random 128-bit name kept in memory for an
//! hour (a restart asks the page to exchange its `initData` again, which it does on the
//! 401 by itself); each has its own request budget, so one page's flood is refused
//! without touching anyone else's.

use crate::bot::state::links::hex_encode;
use crate::game::{Language, UserId};
use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How long a session lasts.
pub const TTL: Duration = Duration::from_secs(3600);
/// Requests a session may make in a burst...
const BURST: f64 = 20.0;
/// ...and per second after it: a page makes one a tap at most.
const PER_SECOND: f64 = 5.0;
/// Sessions one person may hold at once (a page per device, and a few reopened).
const PER_USER: usize = 8;
/// Sessions held at once, over everyone.
const MAX: usize = 100_000;

/// Who a session speaks for.
#[derive(Clone, Debug)]
pub struct Viewer {
    /// The person.
    pub user: UserId,
    /// Their name, as Telegram gave it.
    pub name: String,
    /// The page's language.
    pub lang: Language,
}

#[derive(Debug)]
struct Entry {
    viewer: Viewer,
    expires: Instant,
    tokens: f64,
    at: Instant,
}

/// Why a session's call is refused.
#[derive(Debug, PartialEq, Eq)]
pub enum Refused {
    /// Unknown or lapsed: the page exchanges `initData` again.
    Unknown,
    /// Over its request budget (the session's language, for the answer).
    TooFast(Language),
}

/// The sessions held.
#[derive(Debug, Default)]
pub struct Sessions {
    map: Mutex<HashMap<String, Entry>>,
}

impl Sessions {
    /// A new session for `viewer`; `None` if the system has no randomness to give.
    pub fn open(&self, viewer: Viewer, now: Instant) -> Option<String> {
        let mut b = [0u8; 16];
        getrandom::fill(&mut b).ok()?;
        let name = hex_encode(&b);
        let mut map = self.map.lock().unwrap_or_else(|e| e.into_inner());
        if map.len() >= MAX {
            map.retain(|_, e| e.expires > now);
        }
        let mut mine: Vec<(String, Instant)> = map
            .iter()
            .filter(|(_, e)| e.viewer.user == viewer.user)
            .map(|(k, e)| (k.clone(), e.expires))
            .collect();
        if mine.len() >= PER_USER {
            mine.sort_by_key(|(_, at)| *at);
            for (k, _) in &mine[..=mine.len() - PER_USER] {
                map.remove(k);
            }
        }
        if map.len() >= MAX {
            return None;
        }
        map.insert(
            name.clone(),
            Entry {
                viewer,
                expires: now + TTL,
                tokens: BURST,
                at: now,
            },
        );
        Some(name)
    }

    /// The viewer of session `name`, counting one request against its budget.
    pub fn check(&self, name: &str, now: Instant) -> Result<Viewer, Refused> {
        let mut map = self.map.lock().unwrap_or_else(|e| e.into_inner());
        let Some(e) = map.get_mut(name) else {
            return Err(Refused::Unknown);
        };
        if e.expires <= now {
            map.remove(name);
            return Err(Refused::Unknown);
        }
        let dt = now.saturating_duration_since(e.at).as_secs_f64();
        e.tokens = (e.tokens + dt * PER_SECOND).min(BURST);
        e.at = now;
        if e.tokens < 1.0 {
            return Err(Refused::TooFast(e.viewer.lang));
        }
        e.tokens -= 1.0;
        Ok(e.viewer.clone())
    }

    /// Sessions held.
    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.map.lock().unwrap_or_else(|e| e.into_inner()).len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn viewer(u: u64) -> Viewer {
        Viewer {
            user: UserId(u),
            name: "A".into(),
            lang: Language::En,
        }
    }

    #[test]
    fn a_session_lapses_and_a_flood_is_refused() {
        let s = Sessions::default();
        let t0 = Instant::now();
        let name = s.open(viewer(1), t0).unwrap();
        assert_eq!(name.len(), 32);
        for _ in 0..20 {
            assert!(s.check(&name, t0).is_ok());
        }
        assert_eq!(
            s.check(&name, t0).unwrap_err(),
            Refused::TooFast(Language::En)
        );
        // A second later there is room for five more.
        let t1 = t0 + Duration::from_secs(1);
        for _ in 0..5 {
            assert!(s.check(&name, t1).is_ok());
        }
        assert_eq!(
            s.check(&name, t1).unwrap_err(),
            Refused::TooFast(Language::En)
        );
        assert_eq!(s.check("nope", t1).unwrap_err(), Refused::Unknown);
        assert_eq!(
            s.check(&name, t0 + TTL).unwrap_err(),
            Refused::Unknown,
            "lapsed"
        );
    }

    #[test]
    fn one_person_holds_a_bounded_number_of_sessions() {
        let s = Sessions::default();
        let t0 = Instant::now();
        let first = s.open(viewer(1), t0).unwrap();
        for i in 1..PER_USER as u64 + 3 {
            s.open(viewer(1), t0 + Duration::from_millis(i)).unwrap();
        }
        let other = s.open(viewer(2), t0).unwrap();
        assert_eq!(s.len(), PER_USER + 1);
        assert_eq!(s.check(&first, t0).unwrap_err(), Refused::Unknown);
        assert!(s.check(&other, t0).is_ok());
    }
}
