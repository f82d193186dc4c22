//! Pending deadlines in memory, ordered by due time.
//!
//! Every move moves its game's deadline (the next turn's timeout, clock flag or
//! abandonment warning), so a deadline index in sled made each move a multi-tree
//! transaction: a global commit lock, and two IO-buffer writes each waiting for the disk
//! (`ugolki bench store`: 0.19 ms of CPU per acknowledged move against 0.07 ms for a
//! single-key write). The times are derived data, though: each game's and challenge's
//! record holds its own deadline. So sled's `deadlines` tree keeps only *which* records
//! have one (a key that changes when a game starts or ends, not on every move), and the
//! times live here, rebuilt from those records when the store opens and updated after
//! every write, under the lock that orders the writes.

use super::keys;
use crate::game::{DeadlineEntry, DeadlineTarget, IndexEntry, Timestamp};
use std::collections::{BTreeSet, HashMap};

/// Every record's pending deadlines.
#[derive(Debug, Default)]
pub(crate) struct DeadlineIndex {
    /// Entries as [`keys::deadline`] keys, which sort by due time.
    due: BTreeSet<[u8; 18]>,
    /// Each record's entries, to replace them when it is written.
    by_target: HashMap<DeadlineTarget, Vec<[u8; 18]>>,
}

impl DeadlineIndex {
    /// Make `target`'s deadlines the `Deadline` entries of `index` (a record's index
    /// entries as just written; none: the record has no deadline).
    pub(crate) fn set(&mut self, target: DeadlineTarget, index: &[IndexEntry]) {
        if let Some(old) = self.by_target.remove(&target) {
            for k in &old {
                self.due.remove(k);
            }
        }
        let mine: Vec<[u8; 18]> = index
            .iter()
            .filter_map(|e| match e {
                IndexEntry::Deadline(d) if d.target == target => Some(keys::deadline(d)),
                _ => None,
            })
            .collect();
        if !mine.is_empty() {
            self.due.extend(mine.iter().copied());
            self.by_target.insert(target, mine);
        }
    }

    /// Forget `target`'s deadlines (its record was set aside).
    pub(crate) fn remove(&mut self, target: DeadlineTarget) {
        self.set(target, &[]);
    }

    /// Deadlines due by `until`, earliest first, at most `limit`.
    pub(crate) fn due(&self, until: Timestamp, limit: usize) -> Vec<DeadlineEntry> {
        self.due
            .iter()
            .map_while(|k| keys::parse_deadline(k))
            .take_while(|d| d.at <= until)
            .take(limit)
            .collect()
    }

    /// How many deadlines are pending.
    pub(crate) fn len(&self) -> usize {
        self.due.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{ChallengeId, DeadlineKind, GameId, UserId};

    fn entry(at: u64, kind: DeadlineKind, target: DeadlineTarget) -> IndexEntry {
        IndexEntry::Deadline(DeadlineEntry {
            at: Timestamp(at),
            kind,
            target,
        })
    }

    #[test]
    fn a_record_written_again_replaces_its_deadlines() {
        let g = DeadlineTarget::Game(GameId(7));
        let c = DeadlineTarget::Challenge(ChallengeId(3));
        let mut ix = DeadlineIndex::default();
        ix.set(
            g,
            &[
                IndexEntry::UserGame(UserId(1), GameId(7)),
                entry(500, DeadlineKind::ClockReminder, g),
                entry(900, DeadlineKind::ClockFlag, g),
            ],
        );
        ix.set(c, &[entry(300, DeadlineKind::ChallengeExpiry, c)]);
        let at = |v: Vec<DeadlineEntry>| v.iter().map(|d| d.at.0).collect::<Vec<_>>();
        assert_eq!(at(ix.due(Timestamp(1000), 10)), vec![300, 500, 900]);
        assert_eq!(at(ix.due(Timestamp(500), 10)), vec![300, 500]);
        assert_eq!(at(ix.due(Timestamp(1000), 2)), vec![300, 500]);
        // The next move: one deadline, later.
        ix.set(g, &[entry(2000, DeadlineKind::MoveMissed, g)]);
        assert_eq!(at(ix.due(Timestamp(u64::MAX), 10)), vec![300, 2000]);
        // Entries of another record are not taken for this one.
        ix.set(g, &[entry(100, DeadlineKind::MoveMissed, c)]);
        assert_eq!(at(ix.due(Timestamp(u64::MAX), 10)), vec![300]);
        ix.remove(c);
        assert_eq!(ix.len(), 0);
    }
}
