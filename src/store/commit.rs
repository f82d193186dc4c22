//! Commits: a write set as one version-checked sled transaction over every tree it
//! touches, or one compare-and-swap when that is all it takes.

use super::{SledStore, codec, index_slot, io, keys, kind_slot};
use crate::game::{
    AnyRecord, CommitError, DeadlineTarget, IndexEntry, RecordKind, RecordRef, StoreError, Timing,
    WriteSet,
};
use keys::IndexTree;
use sled::Transactional;
use sled::transaction::{ConflictableTransactionError, TransactionError};

/// Why a transaction closure gave up.
#[derive(Debug)]
pub(super) enum Abort {
    Conflict(RecordRef),
    Corrupt {
        slot: usize,
        key: Vec<u8>,
        raw: Vec<u8>,
        detail: String,
    },
}

/// One record ready to write: its tree slot, key, encoded value and index entries.
pub(super) struct Prepared {
    pub(super) slot: usize,
    pub(super) kind: RecordKind,
    pub(super) key: Vec<u8>,
    pub(super) value: Vec<u8>,
    pub(super) index: Vec<crate::game::IndexEntry>,
    pub(super) reference: RecordRef,
    pub(super) version: crate::game::Version,
}

pub(super) type Tx = Vec<sled::transaction::TransactionalTree>;

/// Inside a transaction: read and decode the current record under `p`'s key.
pub(super) fn tx_current(
    t: &Tx,
    p: &Prepared,
    timing: &Timing,
) -> Result<Option<AnyRecord>, ConflictableTransactionError<Abort>> {
    match t[p.slot].get(p.key.as_slice())? {
        None => Ok(None),
        Some(b) => match codec::decode(p.kind, &p.key, &b, timing) {
            Ok(r) => Ok(Some(r)),
            Err(detail) => Err(ConflictableTransactionError::Abort(Abort::Corrupt {
                slot: p.slot,
                key: p.key.clone(),
                raw: b.to_vec(),
                detail,
            })),
        },
    }
}

/// Inside a transaction: write `p` over `old`, moving its index entries along.
pub(super) fn tx_write(
    t: &Tx,
    p: &Prepared,
    old: Option<&AnyRecord>,
) -> Result<(), ConflictableTransactionError<Abort>> {
    let old_keys = old
        .map(|o| index_keys(&o.index_entries()))
        .unwrap_or_default();
    let new_keys = index_keys(&p.index);
    for (tree, k) in old_keys.iter().filter(|e| !new_keys.contains(e)) {
        t[index_slot(*tree)].remove(k.as_slice())?;
    }
    for (tree, k) in new_keys.iter().filter(|e| !old_keys.contains(e)) {
        t[index_slot(*tree)].insert(k.as_slice(), &[codec::SCHEMA][..])?;
    }
    t[p.slot].insert(p.key.as_slice(), p.value.as_slice())?;
    Ok(())
}

/// The sled index keys of a record's index entries (a deadline's is only its record's).
pub(super) fn index_keys(index: &[IndexEntry]) -> Vec<(IndexTree, Vec<u8>)> {
    let mut v: Vec<(IndexTree, Vec<u8>)> = Vec::with_capacity(index.len());
    for e in index {
        let k = keys::index(e);
        if !v.contains(&k) {
            v.push(k);
        }
    }
    v
}

/// The record a deadline of `r` would name.
pub(super) fn deadline_target(r: &RecordRef) -> Option<DeadlineTarget> {
    match r {
        RecordRef::Game(g) => Some(DeadlineTarget::Game(*g)),
        RecordRef::Challenge(c) => Some(DeadlineTarget::Challenge(*c)),
        _ => None,
    }
}

impl SledStore {
    /// Prepare one write: slot, key, encoded value, index keys.
    pub(super) fn prepare(rec: &AnyRecord) -> Result<Prepared, StoreError> {
        let (kind, key) = keys::record(&rec.reference())
            .ok_or_else(|| StoreError::Invalid("record without a key".into()))?;
        Ok(Prepared {
            slot: kind_slot(kind),
            kind,
            key: key.to_vec(),
            value: codec::encode_any(rec)?,
            index: rec.index_entries(),
            reference: rec.reference(),
            version: rec.version(),
        })
    }

    pub(super) fn after_abort(&self, e: TransactionError<Abort>) -> CommitError {
        match e {
            TransactionError::Abort(Abort::Conflict(r)) => CommitError::Conflict(r),
            TransactionError::Abort(Abort::Corrupt {
                slot,
                key,
                raw,
                detail,
            }) => CommitError::Store(self.quarantine(slot, &key, &raw, &detail)),
            TransactionError::Storage(e) => CommitError::Store(io(e)),
        }
    }

    /// One atomic, version-checked transaction over every tree (not yet durable).
    pub(super) fn apply(&self, writes: WriteSet) -> Result<(), CommitError> {
        writes.validate()?;
        let prepared: Vec<(Prepared, Option<crate::game::Version>)> = writes
            .writes
            .iter()
            .map(|w| Self::prepare(&w.record).map(|p| (p, w.expected)))
            .collect::<Result<_, _>>()?;
        for (i, (p, _)) in prepared.iter().enumerate() {
            if prepared[..i]
                .iter()
                .any(|(q, _)| q.reference == p.reference)
            {
                return Err(StoreError::Invalid(format!(
                    "{} written twice in one commit",
                    p.reference
                ))
                .into());
            }
        }
        let timing = self.timing;
        let mut due = self.due.lock().unwrap_or_else(|e| e.into_inner());
        if let [(p, expected)] = prepared.as_slice()
            && self.swap_one(p, *expected)?
        {
            if let Some(t) = deadline_target(&p.reference) {
                due.set(t, &p.index);
            }
            return Ok(());
        }
        let done = self.tx.as_slice().transaction(|t| {
            for (p, expected) in &prepared {
                let old = tx_current(t, p, &timing)?;
                if old.as_ref().map(AnyRecord::version) != *expected {
                    return Err(ConflictableTransactionError::Abort(Abort::Conflict(
                        p.reference.clone(),
                    )));
                }
                tx_write(t, p, old.as_ref())?;
            }
            Ok(())
        });
        match done {
            Ok(()) => {
                for (p, _) in &prepared {
                    if let Some(t) = deadline_target(&p.reference) {
                        due.set(t, &p.index);
                    }
                }
                Ok(())
            }
            Err(e) => {
                drop(due);
                Err(self.after_abort(e))
            }
        }
    }

    /// Write one record without a transaction when that is all a commit does: the current
    /// value decodes at the expected version and the new one keeps its index keys (a
    /// move, whose deadline time is only in memory). `Ok(true)` when written,
    /// `Err(Conflict)` on another version, `Ok(false)` when the transaction must decide
    /// (no current value, a damaged one, index keys that change, or a value that changed
    /// under the compare-and-swap).
    fn swap_one(
        &self,
        p: &Prepared,
        expected: Option<crate::game::Version>,
    ) -> Result<bool, CommitError> {
        let tree = &self.tx[p.slot];
        let Some(cur) = tree.get(p.key.as_slice()).map_err(io)? else {
            return Ok(false);
        };
        let Ok(old) = codec::decode(p.kind, &p.key, &cur, &self.timing) else {
            return Ok(false);
        };
        if Some(old.version()) != expected {
            return Err(CommitError::Conflict(p.reference.clone()));
        }
        let (old_keys, new_keys) = (index_keys(&old.index_entries()), index_keys(&p.index));
        if old_keys.len() != new_keys.len() || old_keys.iter().any(|k| !new_keys.contains(k)) {
            return Ok(false);
        }
        Ok(tree
            .compare_and_swap(p.key.as_slice(), Some(cur), Some(p.value.as_slice()))
            .map_err(io)?
            .is_ok())
    }
}
