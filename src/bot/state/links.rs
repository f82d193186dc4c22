//! Game tokens: what a Mini App link names a game by. The sequential id never appears: a
//! token is the id enciphered (a four-round Feistel permutation of its 64 bits) followed
//! by a 64-bit tag, both keyed by a secret derived from the bot token, so a token cannot be
//! guessed or walked from another (1 in 2^64 per guess) and needs no store. Changing the
//! bot token changes every token: links posted before lead nowhere (the boards get new
//! buttons at their next edit).

use crate::game::GameId;
use ring::hmac;

/// Enciphers and checks game tokens.
pub struct Links {
    key: hmac::Key,
}

impl std::fmt::Debug for Links {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Links(<key>)")
    }
}

/// Marks a tournament's id inside a token (ids are far below it).
const TOURNAMENT_BIT: u64 = 1 << 63;

impl Links {
    /// The links of the bot with `token`.
    pub fn new(token: &str) -> Links {
        let root = hmac::Key::new(hmac::HMAC_SHA256, token.as_bytes());
        let derived = hmac::sign(&root, b"ugolki game links");
        Links {
            key: hmac::Key::new(hmac::HMAC_SHA256, derived.as_ref()),
        }
    }

    fn round(&self, round: u8, half: u32) -> u32 {
        let mut msg = [0u8; 5];
        msg[0] = round;
        msg[1..].copy_from_slice(&half.to_le_bytes());
        let t = hmac::sign(&self.key, &msg);
        let b = t.as_ref();
        u32::from_le_bytes([b[0], b[1], b[2], b[3]])
    }

    fn tag(&self, id: u64) -> [u8; 8] {
        let mut msg = [0u8; 9];
        msg[0] = 0xff;
        msg[1..].copy_from_slice(&id.to_le_bytes());
        let t = hmac::sign(&self.key, &msg);
        let mut out = [0u8; 8];
        out.copy_from_slice(&t.as_ref()[..8]);
        out
    }

    /// The token of game `id` (32 lower-case hex digits, fit for `startapp`).
    pub fn token(&self, id: GameId) -> String {
        let (mut l, mut r) = ((id.0 >> 32) as u32, id.0 as u32);
        for i in 0..4 {
            (l, r) = (r, l ^ self.round(i, r));
        }
        let enc = (u64::from(l) << 32) | u64::from(r);
        let mut bytes = enc.to_be_bytes().to_vec();
        bytes.extend_from_slice(&self.tag(id.0));
        hex_encode(&bytes)
    }

    /// The token of tournament `id`: a game's token for an id no game has (the top bit
    /// set), so both share one key and one format.
    pub fn tournament_token(&self, id: crate::game::TournamentId) -> String {
        self.token(GameId(id.0 | TOURNAMENT_BIT))
    }

    /// The tournament `token` names, if it is one of this bot's tournament tokens.
    pub fn tournament(&self, token: &str) -> Option<crate::game::TournamentId> {
        let id = self.game(token)?;
        (id.0 & TOURNAMENT_BIT != 0).then_some(crate::game::TournamentId(id.0 & !TOURNAMENT_BIT))
    }

    /// The game `token` names, if it is one of this bot's tokens.
    pub fn game(&self, token: &str) -> Option<GameId> {
        if token.len() != 32 {
            return None;
        }
        let bytes = hex_decode(token)?;
        let mut enc = [0u8; 8];
        enc.copy_from_slice(&bytes[..8]);
        let enc = u64::from_be_bytes(enc);
        let (mut l, mut r) = ((enc >> 32) as u32, enc as u32);
        for i in (0..4).rev() {
            (l, r) = (r ^ self.round(i, l), l);
        }
        let id = (u64::from(l) << 32) | u64::from(r);
        // Compared in constant time: the tag is what stops a guessed token.
        ring_eq(&self.tag(id), &bytes[8..]).then_some(GameId(id))
    }

    /// The game `token` names, if it is one of this bot's game tokens (not a tournament's).
    pub fn game_only(&self, token: &str) -> Option<GameId> {
        self.game(token).filter(|g| g.0 & TOURNAMENT_BIT == 0)
    }
}

/// Lower-case hex of `bytes`.
pub fn hex_encode(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The bytes of hex text (either case), if it is hex.
pub fn hex_decode(s: &str) -> Option<Vec<u8>> {
    if !s.len().is_multiple_of(2) || !s.is_ascii() {
        return None;
    }
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).ok())
        .collect()
}

/// Constant-time equality of two byte strings of one length.
fn ring_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_names_its_game_and_only_it() {
        let links = Links::new("123:abc");
        for id in [0u64, 1, 2, 41, 1 << 40, u64::MAX] {
            let t = links.token(GameId(id));
            assert_eq!(t.len(), 32);
            assert_eq!(links.game(&t), Some(GameId(id)), "{id}");
        }
        // Neighbouring ids give unrelated tokens.
        let (a, b) = (links.token(GameId(7)), links.token(GameId(8)));
        assert_ne!(a[..8], b[..8]);
        assert!(!a.contains("0000000000000007"));
    }

    #[test]
    fn a_tournaments_token_is_no_games_and_a_games_no_tournaments() {
        let links = Links::new("123:abc");
        let t = links.tournament_token(crate::game::TournamentId(5));
        assert_eq!(t.len(), 32);
        assert_eq!(links.tournament(&t), Some(crate::game::TournamentId(5)));
        assert_eq!(links.game_only(&t), None);
        let g = links.token(GameId(5));
        assert_eq!(links.tournament(&g), None);
        assert_eq!(links.game_only(&g), Some(GameId(5)));
    }

    #[test]
    fn an_altered_or_foreign_token_names_nothing() {
        let links = Links::new("123:abc");
        let t = links.token(GameId(12));
        for i in 0..32 {
            let mut b = t.clone().into_bytes();
            b[i] = if b[i] == b'0' { b'1' } else { b'0' };
            assert_eq!(
                links.game(&String::from_utf8(b).unwrap()),
                None,
                "digit {i}"
            );
        }
        assert_eq!(Links::new("456:def").game(&t), None);
        assert_eq!(links.game("12"), None);
        assert_eq!(links.game(&"g".repeat(32)), None);
        assert_eq!(links.game(&t.to_uppercase()).map(|g| g.0), Some(12));
    }
}
