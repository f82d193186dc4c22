//! The storage port ([`Storage`]) over sled: reads that set damaged values aside, and
//! commits, removals and imports.

use super::commit::{Prepared, deadline_target, index_keys, tx_current, tx_write};
use super::{SledStore, codec, index_slot, io, keys, kind_slot};
use crate::game::{
    AnalysisRecord, AnyRecord, ChallengeId, ChallengeRecord, ChatId, ChatRecord, CommitError,
    DeadlineEntry, GameId, GameRecord, Imported, RecordKind, RecordRef, Storage, StoreError,
    Timestamp, TournamentId, TournamentRecord, UserId, UserRecord, WriteSet,
};
use sled::Transactional;
use sled::transaction::ConflictableTransactionError;
use std::ops::ControlFlow;

impl SledStore {
    fn load(&self, kind: RecordKind, key: &[u8]) -> Result<Option<AnyRecord>, StoreError> {
        let slot = kind_slot(kind);
        let Some(b) = self.tx[slot].get(key).map_err(io)? else {
            return Ok(None);
        };
        match codec::decode(kind, key, &b, &self.timing) {
            Ok(r) => Ok(Some(r)),
            Err(d) => Err(self.quarantine(slot, key, &b, &d)),
        }
    }

    fn fresh_id(&self, slot: usize) -> Result<u64, StoreError> {
        loop {
            let id = self.db.generate_id().map_err(io)? + 1;
            if !self.tx[slot].contains_key(id.to_be_bytes()).map_err(io)? {
                return Ok(id);
            }
        }
    }
}

impl Storage for SledStore {
    fn new_game_id(&self) -> Result<GameId, StoreError> {
        self.fresh_id(0).map(GameId)
    }

    fn new_challenge_id(&self) -> Result<ChallengeId, StoreError> {
        self.fresh_id(3).map(ChallengeId)
    }

    fn new_tournament_id(&self) -> Result<TournamentId, StoreError> {
        self.fresh_id(kind_slot(RecordKind::Tournament))
            .map(TournamentId)
    }

    fn tournament(&self, id: TournamentId) -> Result<Option<TournamentRecord>, StoreError> {
        Ok(
            match self.load(RecordKind::Tournament, &keys::tournament(id))? {
                Some(AnyRecord::Tournament(t)) => Some(t),
                _ => None,
            },
        )
    }

    fn game(&self, id: GameId) -> Result<Option<GameRecord>, StoreError> {
        Ok(match self.load(RecordKind::Game, &keys::game(id))? {
            Some(AnyRecord::Game(g)) => Some(g),
            _ => None,
        })
    }

    fn user(&self, id: UserId) -> Result<Option<UserRecord>, StoreError> {
        Ok(match self.load(RecordKind::User, &keys::user(id))? {
            Some(AnyRecord::User(u)) => Some(u),
            _ => None,
        })
    }

    fn chat(&self, id: ChatId) -> Result<Option<ChatRecord>, StoreError> {
        Ok(match self.load(RecordKind::Chat, &keys::chat(id))? {
            Some(AnyRecord::Chat(c)) => Some(c),
            _ => None,
        })
    }

    fn challenge(&self, id: ChallengeId) -> Result<Option<ChallengeRecord>, StoreError> {
        Ok(
            match self.load(RecordKind::Challenge, &keys::challenge(id))? {
                Some(AnyRecord::Challenge(c)) => Some(c),
                _ => None,
            },
        )
    }

    fn commit(&self, writes: WriteSet) -> Result<(), CommitError> {
        self.apply(writes)?;
        self.group.wait_durable(&self.db)?;
        Ok(())
    }

    fn commit_unsynced(&self, writes: WriteSet) -> Result<(), CommitError> {
        self.apply(writes)
    }

    fn deadlines(&self, until: Timestamp, limit: usize) -> Result<Vec<DeadlineEntry>, StoreError> {
        Ok(self
            .due
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .due(until, limit))
    }

    fn user_games(
        &self,
        user: UserId,
        before: Option<GameId>,
        limit: usize,
    ) -> Result<Vec<GameId>, StoreError> {
        let p = keys::user_games_prefix(user);
        let lo = keys::index(&crate::game::IndexEntry::UserGame(user, GameId(0))).1;
        let iter = match before {
            Some(b) => {
                self.tx[5].range(lo..keys::index(&crate::game::IndexEntry::UserGame(user, b)).1)
            }
            None => self.tx[5].scan_prefix(p),
        };
        let mut out = Vec::new();
        for item in iter.rev() {
            if out.len() >= limit {
                break;
            }
            let (k, _) = item.map_err(io)?;
            if let Some(g) = keys::parse_user_game(&k) {
                out.push(g);
            }
        }
        Ok(out)
    }

    fn chat_games(&self, chat: ChatId) -> Result<Vec<GameId>, StoreError> {
        let mut out = Vec::new();
        for item in self.tx[7].scan_prefix(keys::chat(chat)) {
            let (k, _) = item.map_err(io)?;
            if let Some((_, g)) = keys::parse_chat_game(&k) {
                out.push(g);
            }
        }
        Ok(out)
    }

    fn all_chat_games(&self) -> Result<Vec<(ChatId, GameId)>, StoreError> {
        let mut out = Vec::new();
        for item in self.tx[7].iter() {
            let (k, _) = item.map_err(io)?;
            if let Some(p) = keys::parse_chat_game(&k) {
                out.push(p);
            }
        }
        Ok(out)
    }

    fn users_by_username(&self, username: &str) -> Result<Vec<UserId>, StoreError> {
        let name = username.trim_start_matches('@').to_lowercase();
        let mut out = Vec::new();
        for item in self.tx[6].scan_prefix(keys::username_prefix(&name)) {
            let (k, _) = item.map_err(io)?;
            if let Some(u) = keys::parse_username(&k) {
                out.push(u);
            }
        }
        Ok(out)
    }

    fn scan(
        &self,
        kind: RecordKind,
        visit: &mut dyn FnMut(AnyRecord) -> ControlFlow<()>,
    ) -> Result<(), StoreError> {
        let slot = kind_slot(kind);
        let mut bad = Vec::new();
        for item in self.tx[slot].iter() {
            let (k, v) = item.map_err(io)?;
            match codec::decode(kind, &k, &v, &self.timing) {
                Ok(r) => {
                    if visit(r).is_break() {
                        break;
                    }
                }
                Err(d) => bad.push((k, v, d)),
            }
        }
        for (k, v, d) in bad {
            self.quarantine(slot, &k, &v, &d);
        }
        Ok(())
    }

    fn challenges_after(
        &self,
        after: ChallengeId,
        limit: usize,
    ) -> Result<Vec<ChallengeRecord>, StoreError> {
        let slot = kind_slot(RecordKind::Challenge);
        let from = keys::challenge(ChallengeId(after.0.saturating_add(1)));
        let mut out = Vec::new();
        let mut bad = Vec::new();
        for item in self.tx[slot].range(from..) {
            if out.len() >= limit {
                break;
            }
            let (k, v) = item.map_err(io)?;
            match codec::decode(RecordKind::Challenge, &k, &v, &self.timing) {
                Ok(AnyRecord::Challenge(c)) => out.push(c),
                Ok(_) => {}
                Err(d) => bad.push((k, v, d)),
            }
        }
        for (k, v, d) in bad {
            self.quarantine(slot, &k, &v, &d);
        }
        Ok(out)
    }

    fn remove(&self, records: &[(RecordRef, crate::game::Version)]) -> Result<usize, StoreError> {
        let mut removed = 0;
        for chunk in records.chunks(128) {
            let items: Vec<(usize, RecordKind, [u8; 8], &RecordRef, crate::game::Version)> = chunk
                .iter()
                .filter_map(|(r, v)| {
                    let (kind, key) = keys::record(r)?;
                    Some((kind_slot(kind), kind, key, r, *v))
                })
                .collect();
            let timing = self.timing;
            let mut due = self.due.lock().unwrap_or_else(|e| e.into_inner());
            let gone = self
                .tx
                .as_slice()
                .transaction(|t| {
                    let mut gone = Vec::new();
                    for (slot, kind, key, r, v) in &items {
                        let Some(b) = t[*slot].get(key)? else {
                            continue;
                        };
                        // A damaged value is left for the quarantine, which keeps its bytes.
                        let Ok(old) = codec::decode(*kind, key, &b, &timing) else {
                            continue;
                        };
                        if old.version() != *v {
                            continue;
                        }
                        for (tree, k) in index_keys(&old.index_entries()) {
                            t[index_slot(tree)].remove(k.as_slice())?;
                        }
                        t[*slot].remove(&key[..])?;
                        gone.push((*r).clone());
                    }
                    Ok::<_, ConflictableTransactionError<()>>(gone)
                })
                .map_err(|e| StoreError::Io(format!("{e:?}").into()))?;
            for r in &gone {
                if let Some(t) = deadline_target(r) {
                    due.set(t, &[]);
                }
            }
            removed += gone.len();
        }
        self.group.wait_durable(&self.db)?;
        Ok(removed)
    }

    fn import(&self, records: Vec<AnyRecord>) -> Result<Vec<Imported>, StoreError> {
        let mut out = Vec::with_capacity(records.len());
        for chunk in records.chunks(256) {
            let prepared: Vec<Prepared> =
                chunk.iter().map(Self::prepare).collect::<Result<_, _>>()?;
            // Damaged records in the way are set aside first (the import replaces them).
            for p in &prepared {
                match self.load(p.kind, &p.key) {
                    Ok(_) | Err(StoreError::Corrupt { .. }) => {}
                    Err(e) => return Err(e),
                }
            }
            let timing = self.timing;
            let mut due = self.due.lock().unwrap_or_else(|e| e.into_inner());
            let done = self.tx.as_slice().transaction(|t| {
                let mut res = Vec::with_capacity(prepared.len());
                for p in &prepared {
                    let old = tx_current(t, p, &timing)?;
                    let r = match old.as_ref().map(AnyRecord::version) {
                        None => Imported::Inserted,
                        Some(v) if v < p.version => Imported::Updated,
                        Some(_) => {
                            res.push(Imported::Unchanged);
                            continue;
                        }
                    };
                    tx_write(t, p, old.as_ref())?;
                    res.push(r);
                }
                Ok(res)
            });
            let done = match done {
                Ok(done) => done,
                Err(e) => {
                    drop(due);
                    return Err(match self.after_abort(e) {
                        CommitError::Store(s) => s,
                        CommitError::Conflict(r) => {
                            StoreError::Io(format!("conflict on {r}").into())
                        }
                    });
                }
            };
            for (p, r) in prepared.iter().zip(&done) {
                if *r != Imported::Unchanged
                    && let Some(t) = deadline_target(&p.reference)
                {
                    due.set(t, &p.index);
                }
            }
            drop(due);
            out.extend(done);
        }
        self.group.wait_durable(&self.db)?;
        Ok(out)
    }

    fn flush(&self) -> Result<(), StoreError> {
        self.group.wait_durable(&self.db)
    }

    fn analysis(&self, game: GameId) -> Result<Option<AnalysisRecord>, StoreError> {
        let Some(b) = self.analyses.get(keys::game(game)).map_err(io)? else {
            return Ok(None);
        };
        Ok(codec::decode_analysis(game, &b))
    }

    fn put_analysis(&self, analysis: &AnalysisRecord) -> Result<(), StoreError> {
        let value = codec::encode_analysis(analysis)?;
        self.analyses
            .insert(keys::game(analysis.game), value)
            .map_err(io)?;
        Ok(())
    }
}
