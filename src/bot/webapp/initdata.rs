//! Telegram's `initData`: the signed query string a Mini App is opened with, checked as
//! the Bot API documents ("Validating data received via the Mini App"): the data-check
//! string is every field but `hash`, as `key=value` sorted by key and joined by `\n`; the
//! secret key is HMAC-SHA256 of the bot token keyed with `WebAppData`; `hash` is the hex
//! HMAC-SHA256 of the data-check string under that key. The comparison is constant-time
//! (`ring::hmac::verify`), and a payload older than the allowed age is refused, so a
//! leaked one cannot be replayed for ever.

use crate::bot::state::links::{hex_decode, hex_encode};
use ring::hmac;
use serde::Deserialize;

/// Why an `initData` string was refused (each is a 401 to the page).
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum InitDataError {
    /// Not a query string of the expected fields.
    #[error("initData is malformed: {0}")]
    Malformed(&'static str),
    /// No `hash` field.
    #[error("initData carries no hash")]
    NoHash,
    /// The hash does not match: altered, or signed for another bot.
    #[error("initData's signature does not match")]
    BadSignature,
    /// `auth_date` is older than the allowed age (or in the future).
    #[error("initData is too old")]
    Stale,
    /// Signed, but names no user (opened from an attachment menu without one).
    #[error("initData names no user")]
    NoUser,
}

/// The user as Telegram describes them in `initData`.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
pub struct WebUser {
    /// Their Telegram id.
    pub id: u64,
    /// First name.
    pub first_name: String,
    /// Last name, if any.
    #[serde(default)]
    pub last_name: Option<String>,
    /// Username, if any.
    #[serde(default)]
    pub username: Option<String>,
    /// Their client's language (an IETF tag).
    #[serde(default)]
    pub language_code: Option<String>,
}

impl WebUser {
    /// First and last name, as chat messages show them.
    pub fn full_name(&self) -> String {
        match &self.last_name {
            Some(l) if !l.is_empty() => format!("{} {l}", self.first_name),
            _ => self.first_name.clone(),
        }
    }
}

/// A checked `initData`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InitData {
    /// Who opened the page.
    pub user: WebUser,
    /// When Telegram signed it (Unix seconds).
    pub auth_date: u64,
    /// The `startapp` parameter of the link the page was opened by, if any.
    pub start_param: Option<String>,
}

/// The key every `initData` of the bot with `token` is signed with.
pub fn secret_key(token: &str) -> hmac::Key {
    let outer = hmac::Key::new(hmac::HMAC_SHA256, b"WebAppData");
    let secret = hmac::sign(&outer, token.as_bytes());
    hmac::Key::new(hmac::HMAC_SHA256, secret.as_ref())
}

/// `initData` taken apart: the data-check string, the hash, and the fields but `hash`.
struct Parsed {
    check: String,
    hash: Vec<u8>,
    fields: Vec<(String, String)>,
}

/// The decoded fields of `raw` but `hash`, sorted, as the data-check string; and `hash`.
fn data_check(raw: &str) -> Result<Parsed, InitDataError> {
    let mut fields: Vec<(String, String)> = Vec::new();
    let mut hash = None;
    for (k, v) in url::form_urlencoded::parse(raw.as_bytes()) {
        if fields.iter().any(|(f, _)| *f == k) || (k == "hash" && hash.is_some()) {
            return Err(InitDataError::Malformed("a field given twice"));
        }
        if k == "hash" {
            hash = Some(v.into_owned());
        } else {
            fields.push((k.into_owned(), v.into_owned()));
        }
    }
    let hash = hash.ok_or(InitDataError::NoHash)?;
    let hash = hex_decode(&hash).ok_or(InitDataError::Malformed("hash is not hex"))?;
    fields.sort();
    let check = fields
        .iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect::<Vec<_>>()
        .join("\n");
    Ok(Parsed {
        check,
        hash,
        fields,
    })
}

/// Check `raw` (the page's `Telegram.WebApp.initData`) against `key` at `now` (Unix
/// seconds), allowing payloads up to `max_age_secs` old.
pub fn validate(
    raw: &str,
    key: &hmac::Key,
    now: u64,
    max_age_secs: u64,
) -> Result<InitData, InitDataError> {
    if raw.len() > 8192 {
        return Err(InitDataError::Malformed("too long"));
    }
    let Parsed {
        check,
        hash,
        fields,
    } = data_check(raw)?;
    hmac::verify(key, check.as_bytes(), &hash).map_err(|_| InitDataError::BadSignature)?;
    let field = |name: &str| {
        fields
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    };
    let auth_date: u64 = field("auth_date")
        .ok_or(InitDataError::Malformed("no auth_date"))?
        .parse()
        .map_err(|_| InitDataError::Malformed("auth_date is not a number"))?;
    // A minute of grace for a clock running ahead of Telegram's.
    if auth_date > now + 60 || now.saturating_sub(auth_date) > max_age_secs {
        return Err(InitDataError::Stale);
    }
    let user: WebUser = serde_json::from_str(field("user").ok_or(InitDataError::NoUser)?)
        .map_err(|_| InitDataError::Malformed("user is not the expected JSON"))?;
    Ok(InitData {
        user,
        auth_date,
        start_param: field("start_param").map(str::to_owned),
    })
}

/// Sign `fields` as Telegram would for the bot with `token`: the query string with its
/// `hash` (for tests and the load test, which play Telegram's part).
pub fn sign(fields: &[(&str, &str)], token: &str) -> String {
    let mut sorted: Vec<(&str, &str)> = fields.to_vec();
    sorted.sort();
    let check = sorted
        .iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect::<Vec<_>>()
        .join("\n");
    let tag = hmac::sign(&secret_key(token), check.as_bytes());
    let mut q = url::form_urlencoded::Serializer::new(String::new());
    for (k, v) in fields {
        q.append_pair(k, v);
    }
    q.append_pair("hash", &hex_encode(tag.as_ref()));
    q.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    const TOKEN: &str = "123456:ABC-the-bot-token";
    const NOW: u64 = 1_796_000_000;
    const DAY: u64 = 86_400;
    const USER: &str = r#"{"id":42,"first_name":"Alice","last_name":"Liddell","username":"alice","language_code":"ru"}"#;

    fn fields(auth: &str) -> Vec<(&'static str, String)> {
        vec![
            ("query_id", "AAHdF6IQAAAAAN0XohDhrOrc".to_string()),
            ("user", USER.to_string()),
            ("auth_date", auth.to_string()),
            (
                "start_param",
                "0123456789abcdef0123456789abcdef".to_string(),
            ),
        ]
    }

    fn signed(f: &[(&'static str, String)], token: &str) -> String {
        let pairs: Vec<(&str, &str)> = f.iter().map(|(k, v)| (*k, v.as_str())).collect();
        sign(&pairs, token)
    }

    fn check(raw: &str) -> Result<InitData, InitDataError> {
        validate(raw, &secret_key(TOKEN), NOW, DAY)
    }

    /// The hash computed independently of [`sign`]: the steps of the Bot API's page.
    #[test]
    fn the_signature_is_the_one_the_bot_api_describes() {
        let raw = signed(&fields(&NOW.to_string()), TOKEN);
        let hash = raw
            .rsplit_once("hash=")
            .map(|(_, h)| h.to_string())
            .unwrap();
        let secret = hmac::sign(
            &hmac::Key::new(hmac::HMAC_SHA256, b"WebAppData"),
            TOKEN.as_bytes(),
        );
        let check = format!(
            "auth_date={NOW}\nquery_id=AAHdF6IQAAAAAN0XohDhrOrc\nstart_param=0123456789abcdef0123456789abcdef\nuser={USER}"
        );
        let want = hmac::sign(
            &hmac::Key::new(hmac::HMAC_SHA256, secret.as_ref()),
            check.as_bytes(),
        );
        assert_eq!(hash, hex_encode(want.as_ref()));
    }

    #[test]
    fn a_correctly_signed_payload_passes() {
        let d = check(&signed(&fields(&NOW.to_string()), TOKEN)).unwrap();
        assert_eq!(d.user.id, 42);
        assert_eq!(d.user.full_name(), "Alice Liddell");
        assert_eq!(d.user.language_code.as_deref(), Some("ru"));
        assert_eq!(d.auth_date, NOW);
        assert_eq!(
            d.start_param.as_deref(),
            Some("0123456789abcdef0123456789abcdef")
        );
        // A day old is still inside the allowed age.
        assert!(check(&signed(&fields(&(NOW - DAY).to_string()), TOKEN)).is_ok());
    }

    #[test]
    fn each_field_altered_is_refused() {
        let good = signed(&fields(&NOW.to_string()), TOKEN);
        let hash = good.rsplit_once("&hash=").unwrap().1.to_string();
        for i in 0..4 {
            let mut f = fields(&NOW.to_string());
            f[i].1.push('x');
            // The altered field with the original hash.
            let pairs: Vec<(&str, &str)> = f.iter().map(|(k, v)| (*k, v.as_str())).collect();
            let mut q = url::form_urlencoded::Serializer::new(String::new());
            for (k, v) in &pairs {
                q.append_pair(k, v);
            }
            q.append_pair("hash", &hash);
            assert_eq!(
                check(&q.finish()),
                Err(InitDataError::BadSignature),
                "field {} altered",
                f[i].0
            );
        }
        // A field added, or one taken away.
        assert_eq!(
            check(&format!("chat_type=private&{good}")),
            Err(InitDataError::BadSignature)
        );
        let without_query = good.replacen("query_id=AAHdF6IQAAAAAN0XohDhrOrc&", "", 1);
        assert_eq!(check(&without_query), Err(InitDataError::BadSignature));
    }

    #[test]
    fn an_altered_or_missing_hash_is_refused() {
        let good = signed(&fields(&NOW.to_string()), TOKEN);
        let (rest, hash) = good.rsplit_once("&hash=").unwrap();
        let mut flipped = hash.as_bytes().to_vec();
        flipped[0] = if flipped[0] == b'0' { b'1' } else { b'0' };
        let flipped = String::from_utf8(flipped).unwrap();
        assert_eq!(
            check(&format!("{rest}&hash={flipped}")),
            Err(InitDataError::BadSignature)
        );
        assert_eq!(
            check(&format!("{rest}&hash={}", &hash[..62])),
            Err(InitDataError::BadSignature)
        );
        assert_eq!(check(rest), Err(InitDataError::NoHash));
        assert!(matches!(
            check(&format!("{rest}&hash=zz")),
            Err(InitDataError::Malformed(_))
        ));
        assert!(matches!(check(""), Err(InitDataError::NoHash)));
    }

    #[test]
    fn another_bots_payload_is_refused() {
        let theirs = signed(&fields(&NOW.to_string()), "654321:another-bot");
        assert_eq!(check(&theirs), Err(InitDataError::BadSignature));
    }

    #[test]
    fn a_stale_or_future_auth_date_is_refused() {
        let old = signed(&fields(&(NOW - DAY - 1).to_string()), TOKEN);
        assert_eq!(check(&old), Err(InitDataError::Stale));
        let ahead = signed(&fields(&(NOW + 3600).to_string()), TOKEN);
        assert_eq!(check(&ahead), Err(InitDataError::Stale));
        // The allowed age is the caller's.
        let hour_old = signed(&fields(&(NOW - 3601).to_string()), TOKEN);
        assert_eq!(
            validate(&hour_old, &secret_key(TOKEN), NOW, 3600),
            Err(InitDataError::Stale)
        );
    }

    #[test]
    fn a_signed_payload_without_a_user_is_refused() {
        let f = [("auth_date", NOW.to_string())];
        let pairs: Vec<(&str, &str)> = f.iter().map(|(k, v)| (*k, v.as_str())).collect();
        assert_eq!(check(&sign(&pairs, TOKEN)), Err(InitDataError::NoUser));
    }
}
