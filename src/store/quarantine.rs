//! Quarantine: a value that does not decode is moved aside to the `quarantine` tree and
//! reported as corrupt, naming its record.

use super::{SledStore, TX_TREES, codec, io, keys, slot_kind};
use crate::game::{DeadlineTarget, RecordRef, StoreError, Timestamp};
use serde::{Deserialize, Serialize};
use sled::Transactional;
use sled::transaction::ConflictableTransactionError;

/// A record set aside because it did not decode.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Quarantined {
    /// The tree it was in.
    pub tree: String,
    /// Its key there.
    pub key: Vec<u8>,
    /// Why it was set aside.
    pub reason: String,
    /// When.
    pub at: Timestamp,
    /// The bytes as found.
    pub raw: Vec<u8>,
}

impl SledStore {
    /// Move a value that does not decode to the quarantine tree (if it is still the same
    /// bytes), drop deadlines that point at it, and return the error that names it.
    pub(super) fn quarantine(
        &self,
        slot: usize,
        key: &[u8],
        raw: &[u8],
        detail: &str,
    ) -> StoreError {
        let tree = TX_TREES[slot];
        let record = slot_kind(slot)
            .and_then(|k| keys::reference(k, key))
            .unwrap_or_else(|| RecordRef::Other {
                tree: tree.to_string(),
                key: keys::hex(key),
            });
        tracing::error!(%record, tree, key = %keys::hex(key), detail, "damaged record moved to quarantine");
        let (qkey, entry) = entry(tree, key, raw, detail);
        let moved = codec::encode(&entry).and_then(|q| {
            [&self.tx[slot], &self.quarantine]
                .as_slice()
                .transaction(|t| {
                    if t[0].get(key)?.as_deref() == Some(raw) {
                        t[1].insert(qkey.as_slice(), q.as_slice())?;
                        t[0].remove(key)?;
                    }
                    Ok::<(), ConflictableTransactionError<()>>(())
                })
                .map_err(|e| StoreError::Io(format!("{e:?}").into()))
        });
        let target = match &record {
            RecordRef::Game(g) => Some(DeadlineTarget::Game(*g)),
            RecordRef::Challenge(c) => Some(DeadlineTarget::Challenge(*c)),
            _ => None,
        };
        if let Some(target) = target {
            let _ = self.tx[4].remove(keys::deadline_target(target));
            self.due
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .remove(target);
        }
        if let RecordRef::Game(g) = &record {
            for item in self.tx[7].iter() {
                if let Ok((k, _)) = item
                    && keys::parse_chat_game(&k).is_some_and(|(_, id)| id == *g)
                {
                    let _ = self.tx[7].remove(k);
                }
            }
        }
        if let Err(e) = moved.and_then(|()| self.group.wait_durable(&self.db)) {
            tracing::error!(%record, error = %e, "could not move the damaged record aside");
        }
        StoreError::Corrupt {
            record,
            detail: detail.to_string(),
        }
    }

    /// Keep a damaged value of a tree outside the commits (schema 7's tables) in the
    /// quarantine tree; the caller removes it from its tree.
    pub(super) fn set_aside(
        &self,
        tree: &str,
        key: &[u8],
        raw: &[u8],
        detail: &str,
    ) -> Result<(), StoreError> {
        tracing::error!(tree, key = %keys::hex(key), detail, "damaged record moved to quarantine");
        let (qkey, entry) = entry(tree, key, raw, detail);
        let q = codec::encode(&entry)?;
        self.quarantine.insert(qkey, q).map_err(io)?;
        Ok(())
    }

    /// Records set aside so far (for an operator to inspect).
    pub fn quarantined(&self) -> Result<Vec<Quarantined>, StoreError> {
        let mut out = Vec::new();
        for item in self.quarantine.iter() {
            let (_, v) = item.map_err(io)?;
            if v.first().is_some_and(|s| (1..=codec::SCHEMA).contains(s))
                && let Ok(q) = postcard::from_bytes::<Quarantined>(&v[1..])
            {
                out.push(q);
            }
        }
        Ok(out)
    }
}

/// The quarantine's key and entry for a value of `tree` set aside now.
fn entry(tree: &str, key: &[u8], raw: &[u8], detail: &str) -> (Vec<u8>, Quarantined) {
    let at = Timestamp::now();
    let mut qkey = tree.as_bytes().to_vec();
    qkey.push(0);
    qkey.extend_from_slice(key);
    qkey.push(0);
    qkey.extend_from_slice(&at.0.to_be_bytes());
    let entry = Quarantined {
        tree: tree.to_string(),
        key: key.to_vec(),
        reason: detail.to_string(),
        at,
        raw: raw.to_vec(),
    };
    (qkey, entry)
}
