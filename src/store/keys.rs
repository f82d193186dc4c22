//! Key layout: fixed-width big-endian integers, so sled's byte order is the numeric
//! order (a user's games iterate newest-last).
//!
//! | tree | key | value |
//! |---|---|---|
//! | `games` | game id (u64 BE) | [`super::codec`] record |
//! | `users` | user id (u64 BE) | record |
//! | `chats` | chat id (i64, sign bit flipped, BE) | record |
//! | `challenges` | challenge id (u64 BE) | record |
//! | `tournaments` | tournament id (u64 BE) | record |
//! | `deadlines` | target tag (u8: 0 game, 1 challenge; 2 was a table in schema 7) · id (u64 BE): the records that have a deadline (their times are kept in memory, see `super::deadlines`) | schema byte |
//! | `user_games` | user id (u64 BE) · game id (u64 BE) | schema byte |
//! | `chat_games` | chat id (as `chats`) · game id (u64 BE): the chat's open games (lobbies and games in play) | schema byte |
//! | `usernames` | lower-cased username · 0x00 · user id (u64 BE) | schema byte |
//! | `quarantine` | tree name · 0x00 · original key · 0x00 · time (u64 BE) | encoded [`super::Quarantined`] |
//! | `meta` | `schema` | schema version (u8) |

use crate::game::{
    ChallengeId, ChatId, DeadlineEntry, DeadlineKind, DeadlineTarget, GameId, IndexEntry,
    RecordKind, RecordRef, Timestamp, TournamentId, UserId,
};

/// Key of a game.
pub fn game(id: GameId) -> [u8; 8] {
    id.0.to_be_bytes()
}

/// Key of a user.
pub fn user(id: UserId) -> [u8; 8] {
    id.0.to_be_bytes()
}

/// Key of a chat: flipping the sign bit makes negative (group) ids sort before positive ones.
pub fn chat(id: ChatId) -> [u8; 8] {
    ((id.0 as u64) ^ (1 << 63)).to_be_bytes()
}

/// Key of a challenge.
pub fn challenge(id: ChallengeId) -> [u8; 8] {
    id.0.to_be_bytes()
}

/// Key of a tournament.
pub fn tournament(id: TournamentId) -> [u8; 8] {
    id.0.to_be_bytes()
}

fn u64_at(b: &[u8], at: usize) -> Option<u64> {
    Some(u64::from_be_bytes(b.get(at..at + 8)?.try_into().ok()?))
}

/// Key of a record of `kind` with the record's own id.
pub fn record(r: &RecordRef) -> Option<(RecordKind, [u8; 8])> {
    Some(match r {
        RecordRef::Game(id) => (RecordKind::Game, game(*id)),
        RecordRef::User(id) => (RecordKind::User, user(*id)),
        RecordRef::Chat(id) => (RecordKind::Chat, chat(*id)),
        RecordRef::Challenge(id) => (RecordKind::Challenge, challenge(*id)),
        RecordRef::Tournament(id) => (RecordKind::Tournament, tournament(*id)),
        RecordRef::Other { .. } => return None,
    })
}

/// Which record a key of a record tree names.
pub fn reference(kind: RecordKind, key: &[u8]) -> Option<RecordRef> {
    if key.len() != 8 {
        return None;
    }
    let v = u64_at(key, 0)?;
    Some(match kind {
        RecordKind::Game => RecordRef::Game(GameId(v)),
        RecordKind::User => RecordRef::User(UserId(v)),
        RecordKind::Chat => RecordRef::Chat(ChatId((v ^ (1 << 63)) as i64)),
        RecordKind::Challenge => RecordRef::Challenge(ChallengeId(v)),
        RecordKind::Tournament => RecordRef::Tournament(TournamentId(v)),
    })
}

/// Which index tree an entry lives in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IndexTree {
    /// `deadlines`.
    Deadlines,
    /// `user_games`.
    UserGames,
    /// `usernames`.
    Usernames,
    /// `chat_games`.
    ChatGames,
}

/// Tree and key of an index entry.
pub fn index(e: &IndexEntry) -> (IndexTree, Vec<u8>) {
    match e {
        // Only that the record has a deadline: its time changes with every move, and a
        // key that stays put lets a move be one write (see `super::deadlines`).
        IndexEntry::Deadline(d) => (IndexTree::Deadlines, deadline_target(d.target).to_vec()),
        IndexEntry::UserGame(u, g) => {
            let mut k = Vec::with_capacity(16);
            k.extend_from_slice(&u.0.to_be_bytes());
            k.extend_from_slice(&g.0.to_be_bytes());
            (IndexTree::UserGames, k)
        }
        IndexEntry::Username(n, u) => {
            let mut k = Vec::with_capacity(n.len() + 9);
            k.extend_from_slice(n.as_bytes());
            k.push(0);
            k.extend_from_slice(&u.0.to_be_bytes());
            (IndexTree::Usernames, k)
        }
        IndexEntry::ChatGame(c, g) => {
            let mut k = Vec::with_capacity(16);
            k.extend_from_slice(&chat(*c));
            k.extend_from_slice(&g.0.to_be_bytes());
            (IndexTree::ChatGames, k)
        }
    }
}

/// The chat and game of a `chat_games` key.
pub fn parse_chat_game(k: &[u8]) -> Option<(ChatId, GameId)> {
    if k.len() != 16 {
        return None;
    }
    let c = ChatId((u64_at(k, 0)? ^ (1 << 63)) as i64);
    Some((c, GameId(u64_at(k, 8)?)))
}

/// Key of a record with a deadline in the `deadlines` tree.
pub fn deadline_target(t: DeadlineTarget) -> [u8; 9] {
    let (tag, id) = match t {
        DeadlineTarget::Game(g) => (0, g.0),
        DeadlineTarget::Challenge(c) => (1, c.0),
    };
    let mut k = [0u8; 9];
    k[0] = tag;
    k[1..].copy_from_slice(&id.to_be_bytes());
    k
}

/// Inverse of [`deadline_target`].
pub fn parse_deadline_target(k: &[u8]) -> Option<DeadlineTarget> {
    if k.len() != 9 {
        return None;
    }
    let id = u64_at(k, 1)?;
    match k[0] {
        0 => Some(DeadlineTarget::Game(GameId(id))),
        1 => Some(DeadlineTarget::Challenge(ChallengeId(id))),
        _ => None,
    }
}

/// A deadline as a key that sorts by due time (then kind and target): the in-memory
/// index's order, and the `deadlines` tree's key in databases written before the times
/// moved to memory (converted on open).
pub fn deadline(d: &DeadlineEntry) -> [u8; 18] {
    let mut k = [0u8; 18];
    k[..8].copy_from_slice(&d.at.0.to_be_bytes());
    k[8] = d.kind.code();
    let (tag, id) = match d.target {
        DeadlineTarget::Game(g) => (0, g.0),
        DeadlineTarget::Challenge(c) => (1, c.0),
    };
    k[9] = tag;
    k[10..].copy_from_slice(&id.to_be_bytes());
    k
}

/// Inverse of [`deadline`].
pub fn parse_deadline(k: &[u8]) -> Option<DeadlineEntry> {
    if k.len() != 18 {
        return None;
    }
    let at = Timestamp(u64_at(k, 0)?);
    let kind = DeadlineKind::from_code(k[8])?;
    let id = u64_at(k, 10)?;
    let target = match k[9] {
        0 => DeadlineTarget::Game(GameId(id)),
        1 => DeadlineTarget::Challenge(ChallengeId(id)),
        _ => return None,
    };
    Some(DeadlineEntry { at, kind, target })
}

/// Prefix of a user's entries in `user_games`.
pub fn user_games_prefix(u: UserId) -> [u8; 8] {
    u.0.to_be_bytes()
}

/// The game id of a `user_games` key.
pub fn parse_user_game(k: &[u8]) -> Option<GameId> {
    (k.len() == 16).then(|| u64_at(k, 8).map(GameId))?
}

/// Prefix of a username's entries in `usernames`.
pub fn username_prefix(name: &str) -> Vec<u8> {
    let mut k = name.as_bytes().to_vec();
    k.push(0);
    k
}

/// The user id of a `usernames` key.
pub fn parse_username(k: &[u8]) -> Option<UserId> {
    (k.len() >= 9).then(|| u64_at(k, k.len() - 8).map(UserId))?
}

/// Lower-case hex, for naming keys in reports.
pub fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_sort_like_their_values() {
        let a = chat(ChatId(-100_123));
        let b = chat(ChatId(-5));
        let c = chat(ChatId(7));
        assert!(a < b && b < c);
        for id in [-100_123, -5, 0, 7, i64::MIN, i64::MAX] {
            assert_eq!(
                reference(RecordKind::Chat, &chat(ChatId(id))),
                Some(RecordRef::Chat(ChatId(id)))
            );
        }
        let d1 = DeadlineEntry {
            at: Timestamp(1000),
            kind: DeadlineKind::Abandon,
            target: DeadlineTarget::Game(GameId(9)),
        };
        let d2 = DeadlineEntry {
            at: Timestamp(999),
            kind: DeadlineKind::ChallengeExpiry,
            target: DeadlineTarget::Challenge(ChallengeId(u64::MAX)),
        };
        assert!(deadline(&d2) < deadline(&d1));
        assert_eq!(parse_deadline(&deadline(&d1)), Some(d1));
        assert_eq!(parse_deadline(&deadline(&d2)), Some(d2));
        assert_eq!(parse_deadline(&[0; 17]), None);
        for t in [d1.target, d2.target] {
            assert_eq!(parse_deadline_target(&deadline_target(t)), Some(t));
        }
        assert_eq!(parse_deadline_target(&[3; 9]), None);
        assert_eq!(parse_deadline_target(&deadline(&d1)), None);
    }
}
