//! The schema check on open, and the upgrade of every older value to the current schema.

use super::{OpenError, SledStore, V7_TABLE_TREES, codec, index_slot, io, keys, kind_slot};
use crate::game::{AnyRecord, RecordKind, StoreError};
use sled::Transactional;
use sled::transaction::ConflictableTransactionError;

impl SledStore {
    pub(super) fn check_schema(&self) -> Result<(), OpenError> {
        let dberr = |e: StoreError| OpenError::Database {
            dir: self.dir.clone(),
            reason: e.to_string(),
        };
        let found = self.meta.get("schema").map_err(io).map_err(dberr)?;
        let found = match found {
            Some(v) => v.first().copied().unwrap_or(0),
            None if self.tx[..3].iter().all(|t| t.is_empty()) => {
                self.set_schema().map_err(dberr)?;
                return Ok(());
            }
            None => 0,
        };
        if found > codec::SCHEMA {
            return Err(OpenError::NewerSchema {
                dir: self.dir.clone(),
                found,
                supported: codec::SCHEMA,
            });
        }
        if found < codec::SCHEMA {
            tracing::info!(from = found, to = codec::SCHEMA, dir = %self.dir.display(), "migrating the database");
            self.migrate(found).map_err(dberr)?;
            self.set_schema().map_err(dberr)?;
        }
        Ok(())
    }

    fn set_schema(&self) -> Result<(), StoreError> {
        self.meta.insert("schema", &[codec::SCHEMA]).map_err(io)?;
        self.group.wait_durable(&self.db)
    }

    /// Rewrite every older value as the current schema, building the indexes older
    /// schemas lacked (v0: all of them; v1: each chat's active games), and move schema 7's
    /// tables into the games. Safe to interrupt: values are told apart by their first
    /// byte, so a rerun skips what is done, and a table leaves its tree only once its game
    /// is written.
    fn migrate(&self, from: u8) -> Result<(), StoreError> {
        let mut counts = [0usize; 9];
        for kind in [
            RecordKind::Game,
            RecordKind::User,
            RecordKind::Chat,
            RecordKind::Challenge,
            RecordKind::Tournament,
        ] {
            let slot = kind_slot(kind);
            let mut todo: Vec<(Vec<u8>, AnyRecord)> = Vec::new();
            let mut bad = Vec::new();
            for item in self.tx[slot].iter() {
                let (k, v) = item.map_err(io)?;
                if v.first() != Some(&codec::SCHEMA) {
                    match codec::decode(kind, &k, &v, &self.timing) {
                        Ok(r) => todo.push((k.to_vec(), r)),
                        Err(d) => bad.push((k.to_vec(), v.to_vec(), d)),
                    }
                }
            }
            counts[slot] = todo.len();
            for chunk in todo.chunks(256) {
                self.write_migrated(slot, chunk)?;
            }
            for (k, raw, d) in bad {
                self.quarantine(slot, &k, &raw, &format!("schema {from} upgrade: {d}"));
            }
        }
        let tables = self.migrate_tables()?;
        self.group.wait_durable(&self.db)?;
        tracing::info!(
            games = counts[0],
            users = counts[1],
            chats = counts[2],
            challenges = counts[3],
            tournaments = counts[8],
            tables,
            from,
            "migrated to schema {}",
            codec::SCHEMA
        );
        Ok(())
    }

    /// Write migrated records of the tree in `slot` with their index entries, in one
    /// transaction.
    fn write_migrated(
        &self,
        slot: usize,
        chunk: &[(Vec<u8>, AnyRecord)],
    ) -> Result<(), StoreError> {
        let enc: Vec<Migrated> = chunk
            .iter()
            .map(|(k, r)| {
                let idx = r
                    .index_entries()
                    .iter()
                    .map(|e| {
                        let (t, k) = keys::index(e);
                        (index_slot(t), k)
                    })
                    .collect();
                codec::encode_any(r).map(|v| (k.clone(), v, idx))
            })
            .collect::<Result<_, _>>()?;
        self.tx
            .as_slice()
            .transaction(|t| {
                for (k, v, idx) in &enc {
                    t[slot].insert(k.as_slice(), v.as_slice())?;
                    for (s, ik) in idx {
                        t[*s].insert(ik.as_slice(), &[codec::SCHEMA][..])?;
                    }
                }
                Ok::<(), ConflictableTransactionError<()>>(())
            })
            .map_err(|e| StoreError::Io(format!("{e:?}").into()))
    }

    /// Schema 7's tables become games under their own ids (they came from the games'
    /// sequence, so none collides), with their index entries; a table that does not
    /// decode is set aside in the quarantine with its bytes. The trees of tables and their
    /// chats' index are dropped once empty (the deadlines they named are dropped when the
    /// deadlines are loaded: such keys name no record any more). Returns how many moved.
    fn migrate_tables(&self) -> Result<usize, StoreError> {
        let names = self.db.tree_names();
        if !names
            .iter()
            .any(|n| n.as_ref() == V7_TABLE_TREES[0].as_bytes())
        {
            return Ok(0);
        }
        let tables = self.db.open_tree(V7_TABLE_TREES[0]).map_err(io)?;
        let mut todo: Vec<(Vec<u8>, AnyRecord)> = Vec::new();
        let mut bad = Vec::new();
        for item in tables.iter() {
            let (k, v) = item.map_err(io)?;
            match codec::decode_table_v7(&v, &self.timing) {
                Ok(g) if keys::game(g.id).as_slice() == k.as_ref() => {
                    todo.push((k.to_vec(), AnyRecord::Game(g)))
                }
                Ok(g) => bad.push((
                    k.to_vec(),
                    v.to_vec(),
                    format!("holds game {} under another key", g.id),
                )),
                Err(d) => bad.push((k.to_vec(), v.to_vec(), d)),
            }
        }
        let games = kind_slot(RecordKind::Game);
        for chunk in todo.chunks(256) {
            self.write_migrated(games, chunk)?;
            self.group.wait_durable(&self.db)?;
            for (k, _) in chunk {
                tables.remove(k.as_slice()).map_err(io)?;
            }
        }
        for (k, raw, d) in bad {
            self.set_aside(
                V7_TABLE_TREES[0],
                &k,
                &raw,
                &format!("schema 7 table upgrade: {d}"),
            )?;
            tables.remove(k.as_slice()).map_err(io)?;
        }
        self.group.wait_durable(&self.db)?;
        for name in V7_TABLE_TREES {
            self.db.drop_tree(name).map_err(io)?;
        }
        Ok(todo.len())
    }
}

/// A migrated record: key, encoded value, and (tree slot, key) of each index entry.
type Migrated = (Vec<u8>, Vec<u8>, Vec<(usize, Vec<u8>)>);
