//! An in-memory [`Storage`] for tests: the same compare-and-swap and index rules as the
//! sled store, under one mutex, plus fault injection for retry tests.

use super::ids::{ChallengeId, ChatId, GameId, Timestamp, TournamentId, UserId, Version};
use super::record::{
    AnalysisRecord, AnyRecord, ChallengeRecord, ChatRecord, DeadlineEntry, DeadlineKind,
    DeadlineTarget, GameRecord, IndexEntry, RecordKind, RecordRef, TournamentRecord, UserRecord,
};
use super::storage::{CommitError, Imported, Storage, StoreError, WriteSet, index_diff};
use std::collections::{BTreeMap, BTreeSet};
use std::ops::ControlFlow;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

#[derive(Default)]
struct Inner {
    games: BTreeMap<GameId, GameRecord>,
    users: BTreeMap<UserId, UserRecord>,
    chats: BTreeMap<ChatId, ChatRecord>,
    challenges: BTreeMap<ChallengeId, ChallengeRecord>,
    tournaments: BTreeMap<TournamentId, TournamentRecord>,
    analyses: BTreeMap<GameId, AnalysisRecord>,
    index: BTreeSet<IndexEntry>,
}

impl Inner {
    fn get(&self, r: &RecordRef) -> Option<AnyRecord> {
        match r {
            RecordRef::Game(id) => self.games.get(id).cloned().map(AnyRecord::Game),
            RecordRef::User(id) => self.users.get(id).cloned().map(AnyRecord::User),
            RecordRef::Chat(id) => self.chats.get(id).cloned().map(AnyRecord::Chat),
            RecordRef::Challenge(id) => self.challenges.get(id).cloned().map(AnyRecord::Challenge),
            RecordRef::Tournament(id) => {
                self.tournaments.get(id).cloned().map(AnyRecord::Tournament)
            }
            RecordRef::Other { .. } => None,
        }
    }

    fn put(&mut self, rec: AnyRecord) {
        let old = self
            .get(&rec.reference())
            .map(|o| o.index_entries())
            .unwrap_or_default();
        let (removed, added) = index_diff(&old, &rec.index_entries());
        for e in removed {
            self.index.remove(&e);
        }
        self.index.extend(added);
        match rec {
            AnyRecord::Game(r) => {
                self.games.insert(r.id, r);
            }
            AnyRecord::User(r) => {
                self.users.insert(r.id, r);
            }
            AnyRecord::Chat(r) => {
                self.chats.insert(r.id, r);
            }
            AnyRecord::Challenge(r) => {
                self.challenges.insert(r.id, r);
            }
            AnyRecord::Tournament(r) => {
                self.tournaments.insert(r.id, r);
            }
        }
    }
}

/// Records in maps behind a mutex; nothing is persisted.
#[derive(Default)]
pub struct MemoryStore {
    inner: Mutex<Inner>,
    next_id: AtomicU64,
    lost_acks: AtomicUsize,
    commits: AtomicU64,
    game_reads: AtomicU64,
}

impl MemoryStore {
    /// An empty store.
    pub fn new() -> MemoryStore {
        MemoryStore::default()
    }

    /// Make the next `n` successful commits report a storage failure anyway, as when the
    /// process loses the acknowledgement of a write that did happen (retry tests).
    pub fn inject_lost_acks(&self, n: usize) {
        self.lost_acks.store(n, Ordering::SeqCst);
    }

    /// Game records read so far: what a handler or a board update costs the store.
    pub fn game_reads(&self) -> u64 {
        self.game_reads.load(Ordering::SeqCst)
    }

    /// Commits applied so far.
    pub fn commits(&self) -> u64 {
        self.commits.load(Ordering::SeqCst)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn fresh_id(&self, taken: impl Fn(&Inner, u64) -> bool) -> u64 {
        loop {
            let id = self.next_id.fetch_add(1, Ordering::SeqCst) + 1;
            if !taken(&self.lock(), id) {
                return id;
            }
        }
    }
}

impl Storage for MemoryStore {
    fn new_game_id(&self) -> Result<GameId, StoreError> {
        Ok(GameId(
            self.fresh_id(|i, id| i.games.contains_key(&GameId(id))),
        ))
    }

    fn new_challenge_id(&self) -> Result<ChallengeId, StoreError> {
        Ok(ChallengeId(self.fresh_id(|i, id| {
            i.challenges.contains_key(&ChallengeId(id))
        })))
    }

    fn new_tournament_id(&self) -> Result<TournamentId, StoreError> {
        Ok(TournamentId(self.fresh_id(|i, id| {
            i.tournaments.contains_key(&TournamentId(id))
        })))
    }

    fn tournament(&self, id: TournamentId) -> Result<Option<TournamentRecord>, StoreError> {
        Ok(self.lock().tournaments.get(&id).cloned())
    }

    fn game(&self, id: GameId) -> Result<Option<GameRecord>, StoreError> {
        self.game_reads.fetch_add(1, Ordering::SeqCst);
        Ok(self.lock().games.get(&id).cloned())
    }

    fn user(&self, id: UserId) -> Result<Option<UserRecord>, StoreError> {
        Ok(self.lock().users.get(&id).cloned())
    }

    fn chat(&self, id: ChatId) -> Result<Option<ChatRecord>, StoreError> {
        Ok(self.lock().chats.get(&id).cloned())
    }

    fn challenge(&self, id: ChallengeId) -> Result<Option<ChallengeRecord>, StoreError> {
        Ok(self.lock().challenges.get(&id).cloned())
    }

    fn commit(&self, writes: WriteSet) -> Result<(), CommitError> {
        writes.validate()?;
        let mut inner = self.lock();
        let mut seen = BTreeSet::new();
        for w in &writes.writes {
            let r = w.record.reference();
            if !seen.insert(format!("{r}")) {
                return Err(StoreError::Invalid(format!("{r} written twice in one commit")).into());
            }
            let cur = inner.get(&r).map(|c| c.version());
            if cur != w.expected {
                return Err(CommitError::Conflict(r));
            }
        }
        for w in writes.writes {
            inner.put(w.record);
        }
        self.commits.fetch_add(1, Ordering::SeqCst);
        drop(inner);
        if self
            .lost_acks
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| n.checked_sub(1))
            .is_ok()
        {
            return Err(StoreError::Io("injected: acknowledgement lost".into()).into());
        }
        Ok(())
    }

    fn deadlines(&self, until: Timestamp, limit: usize) -> Result<Vec<DeadlineEntry>, StoreError> {
        let inner = self.lock();
        let from = IndexEntry::Deadline(DeadlineEntry {
            at: Timestamp(0),
            kind: DeadlineKind::ProgramMove,
            target: DeadlineTarget::Game(GameId(0)),
        });
        Ok(inner
            .index
            .range(from..)
            .map_while(|e| match e {
                IndexEntry::Deadline(d) if d.at <= until => Some(*d),
                _ => None,
            })
            .take(limit)
            .collect())
    }

    fn user_games(
        &self,
        user: UserId,
        before: Option<GameId>,
        limit: usize,
    ) -> Result<Vec<GameId>, StoreError> {
        let inner = self.lock();
        let hi = before.map_or(GameId(u64::MAX), |b| GameId(b.0.saturating_sub(1)));
        if before == Some(GameId(0)) {
            return Ok(Vec::new());
        }
        Ok(inner
            .index
            .range(IndexEntry::UserGame(user, GameId(0))..=IndexEntry::UserGame(user, hi))
            .rev()
            .filter_map(|e| match e {
                IndexEntry::UserGame(_, g) => Some(*g),
                _ => None,
            })
            .take(limit)
            .collect())
    }

    fn chat_games(&self, chat: ChatId) -> Result<Vec<GameId>, StoreError> {
        let inner = self.lock();
        Ok(inner
            .index
            .range(
                IndexEntry::ChatGame(chat, GameId(0))
                    ..=IndexEntry::ChatGame(chat, GameId(u64::MAX)),
            )
            .filter_map(|e| match e {
                IndexEntry::ChatGame(_, g) => Some(*g),
                _ => None,
            })
            .collect())
    }

    fn all_chat_games(&self) -> Result<Vec<(ChatId, GameId)>, StoreError> {
        let inner = self.lock();
        Ok(inner
            .index
            .iter()
            .filter_map(|e| match e {
                IndexEntry::ChatGame(c, g) => Some((*c, *g)),
                _ => None,
            })
            .collect())
    }

    fn users_by_username(&self, username: &str) -> Result<Vec<UserId>, StoreError> {
        let name = username.trim_start_matches('@').to_lowercase();
        let inner = self.lock();
        Ok(inner
            .index
            .range(
                IndexEntry::Username(name.clone(), UserId(0))
                    ..=IndexEntry::Username(name, UserId(u64::MAX)),
            )
            .filter_map(|e| match e {
                IndexEntry::Username(_, u) => Some(*u),
                _ => None,
            })
            .collect())
    }

    fn scan(
        &self,
        kind: RecordKind,
        visit: &mut dyn FnMut(AnyRecord) -> ControlFlow<()>,
    ) -> Result<(), StoreError> {
        let all: Vec<AnyRecord> = {
            let inner = self.lock();
            match kind {
                RecordKind::Game => inner.games.values().cloned().map(AnyRecord::Game).collect(),
                RecordKind::User => inner.users.values().cloned().map(AnyRecord::User).collect(),
                RecordKind::Chat => inner.chats.values().cloned().map(AnyRecord::Chat).collect(),
                RecordKind::Challenge => inner
                    .challenges
                    .values()
                    .cloned()
                    .map(AnyRecord::Challenge)
                    .collect(),
                RecordKind::Tournament => inner
                    .tournaments
                    .values()
                    .cloned()
                    .map(AnyRecord::Tournament)
                    .collect(),
            }
        };
        for r in all {
            if visit(r).is_break() {
                break;
            }
        }
        Ok(())
    }

    fn challenges_after(
        &self,
        after: ChallengeId,
        limit: usize,
    ) -> Result<Vec<ChallengeRecord>, StoreError> {
        let inner = self.lock();
        Ok(inner
            .challenges
            .range(ChallengeId(after.0.saturating_add(1))..)
            .take(limit)
            .map(|(_, c)| c.clone())
            .collect())
    }

    fn remove(&self, records: &[(RecordRef, Version)]) -> Result<usize, StoreError> {
        let mut inner = self.lock();
        let mut removed = 0;
        for (r, v) in records {
            let Some(cur) = inner.get(r).filter(|c| c.version() == *v) else {
                continue;
            };
            for e in cur.index_entries() {
                inner.index.remove(&e);
            }
            match r {
                RecordRef::Game(id) => drop(inner.games.remove(id)),
                RecordRef::User(id) => drop(inner.users.remove(id)),
                RecordRef::Chat(id) => drop(inner.chats.remove(id)),
                RecordRef::Challenge(id) => drop(inner.challenges.remove(id)),
                RecordRef::Tournament(id) => drop(inner.tournaments.remove(id)),
                RecordRef::Other { .. } => continue,
            }
            removed += 1;
        }
        Ok(removed)
    }

    fn import(&self, records: Vec<AnyRecord>) -> Result<Vec<Imported>, StoreError> {
        let mut inner = self.lock();
        Ok(records
            .into_iter()
            .map(|r| match inner.get(&r.reference()).map(|c| c.version()) {
                None => {
                    inner.put(r);
                    Imported::Inserted
                }
                Some(v) if v < r.version() => {
                    inner.put(r);
                    Imported::Updated
                }
                Some(_) => Imported::Unchanged,
            })
            .collect())
    }

    fn analysis(&self, game: GameId) -> Result<Option<AnalysisRecord>, StoreError> {
        Ok(self.lock().analyses.get(&game).cloned())
    }

    fn put_analysis(&self, analysis: &AnalysisRecord) -> Result<(), StoreError> {
        self.lock().analyses.insert(analysis.game, analysis.clone());
        Ok(())
    }

    fn flush(&self) -> Result<(), StoreError> {
        Ok(())
    }
}
