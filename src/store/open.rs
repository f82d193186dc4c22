//! Opening the store: the directory lock, sled and its trees, the schema check, and the
//! pending deadlines rebuilt from the records.

use super::flush::GroupCommit;
use super::lock::lock_dir;
use super::{OpenError, SledStore, StoreConfig, TX_TREES, codec, index_slot, io, keys, kind_slot};
use crate::game::{AnyRecord, DeadlineTarget, IndexEntry, RecordKind, StoreError};
use keys::IndexTree;
use std::sync::Mutex;

impl SledStore {
    /// Open (creating if needed) the store in `cfg.data_dir`, upgrading an older schema.
    pub fn open(cfg: &StoreConfig) -> Result<SledStore, OpenError> {
        let dir = cfg.data_dir.clone();
        let lock = lock_dir(&dir, cfg.lock_wait)?;
        let db_err = |e: sled::Error| {
            let reason = e.to_string();
            if reason.contains("could not acquire lock") {
                OpenError::Locked {
                    dir: dir.clone(),
                    holder: None,
                }
            } else if matches!(&e, sled::Error::Io(io) if io.kind() == std::io::ErrorKind::PermissionDenied)
            {
                OpenError::NotWritable {
                    dir: dir.clone(),
                    reason,
                }
            } else {
                OpenError::Database {
                    dir: dir.clone(),
                    reason,
                }
            }
        };
        // Holding LOCK proves no other instance runs here; if sled still reports its own
        // file lock, a closed handle of this process is still alive for a moment (sled's
        // background I/O, or a descriptor shared with a child being spawned), so wait.
        let started = std::time::Instant::now();
        let db = loop {
            match sled::Config::new()
                .path(dir.join("db"))
                .cache_capacity(cfg.cache_bytes)
                .flush_every_ms(Some(1000))
                .open()
            {
                Ok(db) => break db,
                Err(e)
                    if e.to_string().contains("could not acquire lock")
                        && started.elapsed() < std::time::Duration::from_secs(10) =>
                {
                    std::thread::sleep(std::time::Duration::from_millis(20));
                }
                Err(e) => return Err(db_err(e)),
            }
        };
        let mut tx = Vec::with_capacity(TX_TREES.len());
        for name in TX_TREES {
            tx.push(db.open_tree(name).map_err(db_err)?);
        }
        let store = SledStore {
            quarantine: db.open_tree("quarantine").map_err(db_err)?,
            meta: db.open_tree("meta").map_err(db_err)?,
            analyses: db.open_tree("analyses").map_err(db_err)?,
            tx,
            db,
            dir: dir.clone(),
            group: GroupCommit::default(),
            timing: cfg.timing,
            due: Mutex::default(),
            _lock: lock,
        };
        store.check_schema()?;
        store.load_deadlines().map_err(|e| OpenError::Database {
            dir: dir.clone(),
            reason: e.to_string(),
        })?;
        Ok(store)
    }

    /// Read the deadlines of every record listed in the `deadlines` tree into memory,
    /// converting the tree's older layout (one key per deadline, time first) and
    /// dropping keys whose record has none.
    fn load_deadlines(&self) -> Result<(), StoreError> {
        let started = std::time::Instant::now();
        let tree = &self.tx[index_slot(IndexTree::Deadlines)];
        let mut targets = Vec::new();
        // Records named only by keys of the older layout, and those keys.
        let mut unlisted = std::collections::BTreeSet::new();
        let mut stale = Vec::new();
        for item in tree.iter() {
            let (k, _) = item.map_err(io)?;
            if let Some(t) = keys::parse_deadline_target(&k) {
                targets.push(t);
            } else {
                if let Some(d) = keys::parse_deadline(&k) {
                    unlisted.insert(d.target);
                }
                stale.push(k);
            }
        }
        // The tree's keys sort as the targets do (tag, then big-endian id).
        for t in &targets {
            unlisted.remove(t);
        }
        targets.extend(unlisted.iter().copied());
        targets.sort_unstable();
        // Records are read in key order by range scans (far quicker than a lookup each
        // when most of them are listed), split over the cores: start-up with 110,000
        // pending deadlines is a figure of `ugolki bench timers`.
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
        let chunk = targets.len().div_ceil(threads).max(1024);
        let loaded: Vec<Loaded> = std::thread::scope(|s| {
            let parts: Vec<_> = targets
                .chunks(chunk)
                .map(|part| s.spawn(|| self.read_deadline_records(part)))
                .collect();
            let mut all = Vec::with_capacity(targets.len());
            for p in parts {
                let part = p
                    .join()
                    .map_err(|_| StoreError::Io("reading the deadlines panicked".into()))??;
                all.extend(part);
            }
            Ok::<_, StoreError>(all)
        })?;
        let mut changed = false;
        // New keys before old ones go, so an interrupted conversion loses nothing.
        for (t, _, has) in &loaded {
            let k = keys::deadline_target(*t);
            if *has && unlisted.contains(t) {
                tree.insert(k, &[codec::SCHEMA][..]).map_err(io)?;
                changed = true;
            } else if !*has {
                changed |= tree.remove(k).map_err(io)?.is_some();
            }
        }
        for k in &stale {
            tree.remove(k).map_err(io)?;
        }
        if changed || !stale.is_empty() {
            self.group.wait_durable(&self.db)?;
        }
        if !stale.is_empty() {
            tracing::info!(old_keys = stale.len(), "moved deadline times to memory");
        }
        let mut due = self.due.lock().unwrap_or_else(|e| e.into_inner());
        for (t, index, _) in &loaded {
            due.set(*t, index);
        }
        tracing::info!(
            pending = due.len(),
            records = loaded.len(),
            ms = started.elapsed().as_millis() as u64,
            "loaded the deadlines"
        );
        Ok(())
    }

    /// The index entries of each record in `targets` (sorted), and whether they include a
    /// deadline; a missing or damaged record (set aside, as when its deadline came due)
    /// has none.
    fn read_deadline_records(&self, targets: &[DeadlineTarget]) -> Result<Vec<Loaded>, StoreError> {
        let record_key = |t: DeadlineTarget| match t {
            DeadlineTarget::Game(g) => (RecordKind::Game, keys::game(g)),
            DeadlineTarget::Challenge(c) => (RecordKind::Challenge, keys::challenge(c)),
        };
        let mut out = Vec::with_capacity(targets.len());
        let mut push = |t: DeadlineTarget, r: Option<AnyRecord>| {
            let index = r.map(|r| r.index_entries()).unwrap_or_default();
            let has = index.iter().any(|e| matches!(e, IndexEntry::Deadline(_)));
            out.push((t, index, has));
        };
        // Runs of one kind: a merge of the sorted targets with a range scan of their tree.
        let mut rest = targets;
        while let Some(first) = rest.first() {
            let (kind, lo) = record_key(*first);
            let run = rest
                .iter()
                .take_while(|t| record_key(**t).0 == kind)
                .count();
            let (part, after) = rest.split_at(run);
            rest = after;
            let hi = record_key(part[run - 1]).1;
            let slot = kind_slot(kind);
            let mut want = part.iter().peekable();
            for item in self.tx[slot].range(lo..=hi) {
                let (k, v) = item.map_err(io)?;
                while let Some(t) = want.next_if(|t| record_key(**t).1.as_slice() < &k[..]) {
                    push(*t, None);
                }
                let Some(t) = want.next_if(|t| record_key(**t).1.as_slice() == &k[..]) else {
                    continue;
                };
                match codec::decode(kind, &k, &v, &self.timing) {
                    Ok(r) => push(*t, Some(r)),
                    Err(d) => {
                        self.quarantine(slot, &k, &v, &d);
                        push(*t, None);
                    }
                }
            }
            for t in want {
                push(*t, None);
            }
        }
        Ok(out)
    }
}

/// A record listed in the `deadlines` tree as read on open: its index entries, and
/// whether they include a deadline.
type Loaded = (DeadlineTarget, Vec<IndexEntry>, bool);
