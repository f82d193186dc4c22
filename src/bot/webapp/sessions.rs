//! Sessions: what a page holds after Telegram's `initData` was checked, sent with every
//! call and on the live stream. A session's name is signed (HMAC-SHA256 under a key
//! derived from the bot token) and says who it speaks for and until when (an hour), so
//! every instance of the bot takes it, whichever one opened it: behind a load balancer a
//! page may reach any of them, and a standby taking over keeps the pages open. Each
//! instance keeps a session it has seen in memory with its own request budget, so one
//! page's flood is refused without touching anyone else's.

use crate::bot::state::links::{hex_decode, hex_encode};
use crate::game::{Language, UserId};
use ring::hmac;
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
pub struct Sessions {
    map: Mutex<HashMap<String, Entry>>,
    key: hmac::Key,
}

impl std::fmt::Debug for Sessions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Sessions").finish_non_exhaustive()
    }
}

/// The longest name a session carries (Telegram allows 64 characters and a last name).
const NAME_MAX: usize = 128;

fn unix_now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

impl Sessions {
    /// Sessions signed with a key derived from the bot `token` (the same on every instance).
    pub fn new(token: &str) -> Sessions {
        let root = hmac::Key::new(hmac::HMAC_SHA256, token.as_bytes());
        let derived = hmac::sign(&root, b"ugolki page sessions");
        Sessions {
            map: Mutex::default(),
            key: hmac::Key::new(hmac::HMAC_SHA256, derived.as_ref()),
        }
    }

    /// `user-lang-expiry-nonce-name` (the name in hex), and its signature after a dot.
    fn sign(&self, viewer: &Viewer, expires: u64, nonce: &[u8]) -> String {
        let mut name = viewer.name.clone();
        while name.len() > NAME_MAX {
            name.pop();
        }
        let lang = match viewer.lang {
            Language::En => "en",
            Language::Ru => "ru",
        };
        let body = format!(
            "{}-{lang}-{expires}-{}-{}",
            viewer.user.0,
            hex_encode(nonce),
            hex_encode(name.as_bytes())
        );
        let tag = hmac::sign(&self.key, body.as_bytes());
        format!("{body}.{}", hex_encode(tag.as_ref()))
    }

    /// The viewer a signed session name speaks for and its expiry (Unix seconds), if the
    /// signature holds.
    fn verify(&self, token: &str) -> Option<(Viewer, u64)> {
        let (body, tag) = token.rsplit_once('.')?;
        hmac::verify(&self.key, body.as_bytes(), &hex_decode(tag)?).ok()?;
        let mut parts = body.splitn(5, '-');
        let user = parts.next()?.parse().ok()?;
        let lang = Language::from_code(parts.next()?)?;
        let expires = parts.next()?.parse().ok()?;
        let _nonce = parts.next()?;
        let name = String::from_utf8(hex_decode(parts.next()?)?).ok()?;
        Some((
            Viewer {
                user: UserId(user),
                name,
                lang,
            },
            expires,
        ))
    }

    /// A new session for `viewer`; `None` if the system has no randomness to give.
    pub fn open(&self, viewer: Viewer, now: Instant) -> Option<String> {
        let mut b = [0u8; 8];
        getrandom::fill(&mut b).ok()?;
        let name = self.sign(&viewer, unix_now() + TTL.as_secs(), &b);
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
        if !map.contains_key(name) {
            // Opened by another instance (or by this one before a restart).
            let (viewer, expires) = self.verify(name).ok_or(Refused::Unknown)?;
            let left = expires.saturating_sub(unix_now());
            if left == 0 || left > TTL.as_secs() {
                return Err(Refused::Unknown);
            }
            if map.len() >= MAX {
                map.retain(|_, e| e.expires > now);
                if map.len() >= MAX {
                    return Err(Refused::Unknown);
                }
            }
            map.insert(
                name.to_string(),
                Entry {
                    viewer,
                    expires: now + Duration::from_secs(left),
                    tokens: BURST,
                    at: now,
                },
            );
        }
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
        let s = Sessions::new("1:token");
        let t0 = Instant::now();
        let name = s.open(viewer(1), t0).unwrap();
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
        let s = Sessions::new("1:token");
        let t0 = Instant::now();
        let first = s.open(viewer(1), t0).unwrap();
        for i in 1..PER_USER as u64 + 3 {
            s.open(viewer(1), t0 + Duration::from_millis(i)).unwrap();
        }
        let other = s.open(viewer(2), t0).unwrap();
        assert_eq!(s.len(), PER_USER + 1);
        assert!(s.check(&other, t0).is_ok());
        // The oldest was let go here; its signature still holds, so it comes back with
        // a budget of its own (as on any other instance).
        assert!(s.check(&first, t0).is_ok());
    }

    #[test]
    fn a_session_opened_by_one_instance_is_taken_by_another() {
        let (a, b) = (Sessions::new("1:token"), Sessions::new("1:token"));
        let t0 = Instant::now();
        let v = Viewer {
            user: UserId(42),
            name: "Анна-Мария".into(),
            lang: Language::Ru,
        };
        let name = a.open(v, t0).unwrap();
        let seen = b.check(&name, t0).expect("taken by the other instance");
        assert_eq!(
            (seen.user, seen.name.as_str(), seen.lang),
            (UserId(42), "Анна-Мария", Language::Ru)
        );
        // Another bot's key, a changed user or a forged tag: refused.
        let other = Sessions::new("2:token");
        assert_eq!(other.check(&name, t0).unwrap_err(), Refused::Unknown);
        let forged = name.replacen("42-", "43-", 1);
        assert_eq!(b.check(&forged, t0).unwrap_err(), Refused::Unknown);
        let (body, _) = name.rsplit_once('.').unwrap();
        assert_eq!(
            b.check(&format!("{body}.{}", "0".repeat(64)), t0)
                .unwrap_err(),
            Refused::Unknown
        );
        assert_eq!(b.check("garbage", t0).unwrap_err(), Refused::Unknown);
        // A lapsed one, however well signed.
        let old = a.sign(&viewer(7), unix_now() - 1, &[0; 8]);
        assert_eq!(b.check(&old, t0).unwrap_err(), Refused::Unknown);
    }
}
