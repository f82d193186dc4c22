//! The storage port ([`Storage`]) over PostgreSQL.

use super::{PgStore, pg_err, pool_err};
use crate::game::{
    AnalysisRecord, AnyRecord, ChallengeId, ChallengeRecord, ChatId, ChatRecord, CommitError,
    DeadlineEntry, GameId, GameRecord, Imported, IndexEntry, RecordKind, RecordRef, Storage,
    StoreError, Timestamp, TournamentId, TournamentRecord, UserId, UserRecord, Version, WriteSet,
};
use crate::store::codec;
use crate::store::keys::{self, IndexTree};
use std::ops::ControlFlow;
use tokio_postgres::error::SqlState;

fn kind_code(k: RecordKind) -> i16 {
    match k {
        RecordKind::Game => 0,
        RecordKind::User => 1,
        RecordKind::Chat => 2,
        RecordKind::Challenge => 3,
        RecordKind::Tournament => 4,
    }
}

const DEADLINES: i16 = 0;
const USER_GAMES: i16 = 1;
const USERNAMES: i16 = 2;
const CHAT_GAMES: i16 = 3;

/// An index entry's row: deadlines by time first (the timer reads them in that order),
/// the others as the sled store keys them.
fn index_row(e: &IndexEntry) -> (i16, Vec<u8>) {
    match e {
        IndexEntry::Deadline(d) => (DEADLINES, keys::deadline(d).to_vec()),
        other => {
            let (tree, key) = keys::index(other);
            let code = match tree {
                IndexTree::Deadlines => DEADLINES,
                IndexTree::UserGames => USER_GAMES,
                IndexTree::Usernames => USERNAMES,
                IndexTree::ChatGames => CHAT_GAMES,
            };
            (code, key)
        }
    }
}

/// A failed statement inside a commit: a lost race is a conflict on `r`.
fn commit_err(r: &RecordRef, e: tokio_postgres::Error) -> CommitError {
    match e.code() {
        Some(c)
            if *c == SqlState::T_R_SERIALIZATION_FAILURE
                || *c == SqlState::T_R_DEADLOCK_DETECTED
                || *c == SqlState::UNIQUE_VIOLATION =>
        {
            CommitError::Conflict(r.clone())
        }
        _ => CommitError::Store(pg_err(e)),
    }
}

type Tx<'a> = deadpool_postgres::Transaction<'a>;

impl PgStore {
    /// A record by kind and key; a value that does not decode is set aside.
    async fn load(&self, kind: RecordKind, key: &[u8]) -> Result<Option<AnyRecord>, StoreError> {
        let c = self.pool.get().await.map_err(pool_err)?;
        let st = c
            .prepare_cached("SELECT value FROM ugolki_records WHERE kind = $1 AND key = $2")
            .await
            .map_err(pg_err)?;
        let Some(row) = c
            .query_opt(&st, &[&kind_code(kind), &key])
            .await
            .map_err(pg_err)?
        else {
            return Ok(None);
        };
        let value: Vec<u8> = row.get(0);
        match codec::decode(kind, key, &value, &self.timing) {
            Ok(r) => Ok(Some(r)),
            Err(detail) => Err(self.set_aside(kind, key, &value, detail).await),
        }
    }

    /// Move a value that does not decode to `ugolki_quarantine`, and say which record it
    /// was.
    async fn set_aside(
        &self,
        kind: RecordKind,
        key: &[u8],
        value: &[u8],
        detail: String,
    ) -> StoreError {
        let record = keys::reference(kind, key).unwrap_or(RecordRef::Other {
            tree: format!("{kind:?}"),
            key: keys::hex(key),
        });
        tracing::error!(%record, %detail, "a damaged record is set aside in ugolki_quarantine");
        let moved = async {
            let mut c = self.pool.get().await.map_err(pool_err)?;
            let tx = c.transaction().await.map_err(pg_err)?;
            tx.execute(
                "INSERT INTO ugolki_quarantine (kind, key, value, reason) VALUES ($1, $2, $3, $4)",
                &[&kind_code(kind), &key, &value, &detail],
            )
            .await
            .map_err(pg_err)?;
            tx.execute(
                "DELETE FROM ugolki_records WHERE kind = $1 AND key = $2 AND value = $3",
                &[&kind_code(kind), &key, &value],
            )
            .await
            .map_err(pg_err)?;
            tx.commit().await.map_err(pg_err)
        }
        .await;
        if let Err(e) = moved {
            tracing::error!(%record, error = %e, "could not set the damaged record aside");
        }
        StoreError::Corrupt { record, detail }
    }

    /// Write `rec` over the row read as `old` (`None`: a new row), with its index changes.
    async fn write_row(
        &self,
        tx: &Tx<'_>,
        rec: &AnyRecord,
        value: &[u8],
        old: Option<&AnyRecord>,
    ) -> Result<(), tokio_postgres::Error> {
        let Some((kind, key)) = keys::record(&rec.reference()) else {
            return Ok(());
        };
        let version = rec.version().0 as i64;
        if old.is_some() {
            let st = tx
                .prepare_cached(
                    "UPDATE ugolki_records SET version = $3, value = $4 WHERE kind = $1 AND key = $2",
                )
                .await?;
            tx.execute(&st, &[&kind_code(kind), &key.as_slice(), &version, &value])
                .await?;
        } else {
            let st = tx
                .prepare_cached(
                    "INSERT INTO ugolki_records (kind, key, version, value) VALUES ($1, $2, $3, $4)",
                )
                .await?;
            tx.execute(&st, &[&kind_code(kind), &key.as_slice(), &version, &value])
                .await?;
        }
        let before = old.map(AnyRecord::index_entries).unwrap_or_default();
        let (removed, added) = crate::game::storage::index_diff(&before, &rec.index_entries());
        self.index_changes(tx, &removed, &added).await
    }

    async fn index_changes(
        &self,
        tx: &Tx<'_>,
        removed: &[IndexEntry],
        added: &[IndexEntry],
    ) -> Result<(), tokio_postgres::Error> {
        if !removed.is_empty() {
            let st = tx
                .prepare_cached("DELETE FROM ugolki_index WHERE tree = $1 AND key = $2")
                .await?;
            for e in removed {
                let (tree, key) = index_row(e);
                tx.execute(&st, &[&tree, &key]).await?;
            }
        }
        if !added.is_empty() {
            let st = tx
                .prepare_cached(
                    "INSERT INTO ugolki_index (tree, key) VALUES ($1, $2) ON CONFLICT DO NOTHING",
                )
                .await?;
            for e in added {
                let (tree, key) = index_row(e);
                tx.execute(&st, &[&tree, &key]).await?;
            }
        }
        Ok(())
    }

    /// The row of `r` locked for this transaction: its record (`None` if absent), or why
    /// it could not be read.
    async fn locked(
        &self,
        tx: &Tx<'_>,
        kind: RecordKind,
        key: &[u8],
    ) -> Result<Option<Result<AnyRecord, String>>, tokio_postgres::Error> {
        let st = tx
            .prepare_cached(
                "SELECT value FROM ugolki_records WHERE kind = $1 AND key = $2 FOR UPDATE",
            )
            .await?;
        Ok(tx
            .query_opt(&st, &[&kind_code(kind), &key])
            .await?
            .map(|row| codec::decode(kind, key, row.get(0), &self.timing)))
    }

    async fn commit_async(&self, writes: WriteSet) -> Result<(), CommitError> {
        writes.validate()?;
        let mut seen = std::collections::BTreeSet::new();
        for w in &writes.writes {
            let r = w.record.reference();
            if !seen.insert(r.to_string()) {
                return Err(StoreError::Invalid(format!("{r} written twice in one commit")).into());
            }
        }
        let Some(first) = writes.writes.first().map(|w| w.record.reference()) else {
            return Ok(());
        };
        let values = writes
            .writes
            .iter()
            .map(|w| codec::encode_any(&w.record))
            .collect::<Result<Vec<_>, _>>()?;
        let mut c = self.pool.get().await.map_err(pool_err)?;
        let tx = c.transaction().await.map_err(|e| commit_err(&first, e))?;
        for (w, value) in writes.writes.iter().zip(&values) {
            let r = w.record.reference();
            let Some((kind, key)) = keys::record(&r) else {
                return Err(StoreError::Invalid(format!("{r} is no record")).into());
            };
            let old = match self
                .locked(&tx, kind, &key)
                .await
                .map_err(|e| commit_err(&r, e))?
            {
                None => None,
                Some(Ok(old)) => Some(old),
                Some(Err(detail)) => {
                    return Err(StoreError::Corrupt { record: r, detail }.into());
                }
            };
            if old.as_ref().map(AnyRecord::version) != w.expected {
                return Err(CommitError::Conflict(r));
            }
            self.write_row(&tx, &w.record, value, old.as_ref())
                .await
                .map_err(|e| commit_err(&r, e))?;
        }
        tx.commit().await.map_err(|e| commit_err(&first, e))
    }

    async fn ids(
        &self,
        sql: &str,
        params: &[&(dyn tokio_postgres::types::ToSql + Sync)],
    ) -> Result<Vec<Vec<u8>>, StoreError> {
        let c = self.pool.get().await.map_err(pool_err)?;
        let st = c.prepare_cached(sql).await.map_err(pg_err)?;
        Ok(c.query(&st, params)
            .await
            .map_err(pg_err)?
            .into_iter()
            .map(|r| r.get::<_, Vec<u8>>(0))
            .collect())
    }

    async fn fresh_id(&self) -> Result<u64, StoreError> {
        let c = self.pool.get().await.map_err(pool_err)?;
        loop {
            let id: i64 = c
                .query_one("SELECT nextval('ugolki_ids')", &[])
                .await
                .map_err(pg_err)?
                .get(0);
            let key = (id as u64).to_be_bytes();
            let taken: bool = c
                .query_one(
                    "SELECT EXISTS (SELECT 1 FROM ugolki_records WHERE kind IN (0, 3, 4) AND key = $1)",
                    &[&key.as_slice()],
                )
                .await
                .map_err(pg_err)?
                .get(0);
            if !taken {
                return Ok(id as u64);
            }
        }
    }
}

fn limit_of(n: usize) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

impl Storage for PgStore {
    fn new_game_id(&self) -> Result<GameId, StoreError> {
        self.block(self.fresh_id()).map(GameId)
    }

    fn new_challenge_id(&self) -> Result<ChallengeId, StoreError> {
        self.block(self.fresh_id()).map(ChallengeId)
    }

    fn new_tournament_id(&self) -> Result<TournamentId, StoreError> {
        self.block(self.fresh_id()).map(TournamentId)
    }

    fn tournament(&self, id: TournamentId) -> Result<Option<TournamentRecord>, StoreError> {
        Ok(
            match self.block(self.load(RecordKind::Tournament, &keys::tournament(id)))? {
                Some(AnyRecord::Tournament(t)) => Some(t),
                _ => None,
            },
        )
    }

    fn game(&self, id: GameId) -> Result<Option<GameRecord>, StoreError> {
        Ok(
            match self.block(self.load(RecordKind::Game, &keys::game(id)))? {
                Some(AnyRecord::Game(g)) => Some(g),
                _ => None,
            },
        )
    }

    fn user(&self, id: UserId) -> Result<Option<UserRecord>, StoreError> {
        Ok(
            match self.block(self.load(RecordKind::User, &keys::user(id)))? {
                Some(AnyRecord::User(u)) => Some(u),
                _ => None,
            },
        )
    }

    fn chat(&self, id: ChatId) -> Result<Option<ChatRecord>, StoreError> {
        Ok(
            match self.block(self.load(RecordKind::Chat, &keys::chat(id)))? {
                Some(AnyRecord::Chat(c)) => Some(c),
                _ => None,
            },
        )
    }

    fn challenge(&self, id: ChallengeId) -> Result<Option<ChallengeRecord>, StoreError> {
        Ok(
            match self.block(self.load(RecordKind::Challenge, &keys::challenge(id)))? {
                Some(AnyRecord::Challenge(c)) => Some(c),
                _ => None,
            },
        )
    }

    fn commit(&self, writes: WriteSet) -> Result<(), CommitError> {
        self.block(self.commit_async(writes))
    }

    fn deadlines(&self, until: Timestamp, limit: usize) -> Result<Vec<DeadlineEntry>, StoreError> {
        let keys = if until.0 == u64::MAX {
            self.block(self.ids(
                "SELECT key FROM ugolki_index WHERE tree = 0 ORDER BY key LIMIT $1",
                &[&limit_of(limit)],
            ))?
        } else {
            let below = (until.0 + 1).to_be_bytes();
            self.block(self.ids(
                "SELECT key FROM ugolki_index WHERE tree = 0 AND key < $1 ORDER BY key LIMIT $2",
                &[&below.as_slice(), &limit_of(limit)],
            ))?
        };
        Ok(keys
            .iter()
            .filter_map(|k| keys::parse_deadline(k))
            .collect())
    }

    fn user_games(
        &self,
        user: UserId,
        before: Option<GameId>,
        limit: usize,
    ) -> Result<Vec<GameId>, StoreError> {
        if before == Some(GameId(0)) {
            return Ok(Vec::new());
        }
        let prefix = keys::user_games_prefix(user);
        let lo = [prefix.as_slice(), &[0u8; 8]].concat();
        let hi_id = before.map_or(u64::MAX, |b| b.0 - 1);
        let hi = [prefix.as_slice(), &hi_id.to_be_bytes()].concat();
        let keys = self.block(self.ids(
            "SELECT key FROM ugolki_index WHERE tree = 1 AND key >= $1 AND key <= $2 ORDER BY key DESC LIMIT $3",
            &[&lo, &hi, &limit_of(limit)],
        ))?;
        Ok(keys
            .iter()
            .filter_map(|k| keys::parse_user_game(k))
            .collect())
    }

    fn chat_games(&self, chat: ChatId) -> Result<Vec<GameId>, StoreError> {
        let prefix = keys::chat(chat);
        let lo = [prefix.as_slice(), &[0u8; 8]].concat();
        let hi = [prefix.as_slice(), &[0xffu8; 8]].concat();
        let keys = self.block(self.ids(
            "SELECT key FROM ugolki_index WHERE tree = 3 AND key >= $1 AND key <= $2 ORDER BY key",
            &[&lo, &hi],
        ))?;
        Ok(keys
            .iter()
            .filter_map(|k| keys::parse_chat_game(k).map(|(_, g)| g))
            .collect())
    }

    fn all_chat_games(&self) -> Result<Vec<(ChatId, GameId)>, StoreError> {
        let keys = self.block(self.ids(
            "SELECT key FROM ugolki_index WHERE tree = 3 ORDER BY key",
            &[],
        ))?;
        Ok(keys
            .iter()
            .filter_map(|k| keys::parse_chat_game(k))
            .collect())
    }

    fn users_by_username(&self, username: &str) -> Result<Vec<UserId>, StoreError> {
        let name = username.trim_start_matches('@').to_lowercase();
        let prefix = keys::username_prefix(&name);
        let lo = [prefix.as_slice(), &[0u8; 8]].concat();
        let hi = [prefix.as_slice(), &[0xffu8; 8]].concat();
        let keys = self.block(self.ids(
            "SELECT key FROM ugolki_index WHERE tree = 2 AND key >= $1 AND key <= $2 ORDER BY key",
            &[&lo, &hi],
        ))?;
        Ok(keys
            .iter()
            .filter(|k| k.len() == prefix.len() + 8)
            .filter_map(|k| keys::parse_username(k))
            .collect())
    }

    fn challenges_after(
        &self,
        after: ChallengeId,
        limit: usize,
    ) -> Result<Vec<ChallengeRecord>, StoreError> {
        let mut out = Vec::new();
        let mut from = after;
        // Damaged values are set aside and skipped: ask again until `limit` read or none left.
        loop {
            let rows = self.block(async {
                let c = self.pool.get().await.map_err(pool_err)?;
                c.query(
                    "SELECT key, value FROM ugolki_records WHERE kind = 3 AND key > $1 ORDER BY key LIMIT $2",
                    &[&keys::challenge(from).as_slice(), &limit_of(limit - out.len())],
                )
                .await
                .map_err(pg_err)
            })?;
            let n = rows.len();
            for row in rows {
                let key: Vec<u8> = row.get(0);
                let value: Vec<u8> = row.get(1);
                if let Some(RecordRef::Challenge(id)) = keys::reference(RecordKind::Challenge, &key)
                {
                    from = id;
                }
                match codec::decode(RecordKind::Challenge, &key, &value, &self.timing) {
                    Ok(AnyRecord::Challenge(c)) => out.push(c),
                    Ok(_) => {}
                    Err(d) => {
                        let _ = self.block(self.set_aside(RecordKind::Challenge, &key, &value, d));
                    }
                }
            }
            if n == 0 || out.len() >= limit || n < limit {
                return Ok(out);
            }
        }
    }

    fn remove(&self, records: &[(RecordRef, Version)]) -> Result<usize, StoreError> {
        self.block(async {
            let mut removed = 0;
            for chunk in records.chunks(128) {
                let mut c = self.pool.get().await.map_err(pool_err)?;
                let tx = c.transaction().await.map_err(pg_err)?;
                for (r, v) in chunk {
                    let Some((kind, key)) = keys::record(r) else {
                        continue;
                    };
                    // A damaged value is left for the quarantine, which keeps its bytes.
                    let Some(Ok(old)) = self.locked(&tx, kind, &key).await.map_err(pg_err)? else {
                        continue;
                    };
                    if old.version() != *v {
                        continue;
                    }
                    self.index_changes(&tx, &old.index_entries(), &[])
                        .await
                        .map_err(pg_err)?;
                    tx.execute(
                        "DELETE FROM ugolki_records WHERE kind = $1 AND key = $2",
                        &[&kind_code(kind), &key.as_slice()],
                    )
                    .await
                    .map_err(pg_err)?;
                    removed += 1;
                }
                tx.commit().await.map_err(pg_err)?;
            }
            Ok(removed)
        })
    }

    fn scan(
        &self,
        kind: RecordKind,
        visit: &mut dyn FnMut(AnyRecord) -> ControlFlow<()>,
    ) -> Result<(), StoreError> {
        const PAGE: i64 = 512;
        let mut after: Vec<u8> = Vec::new();
        loop {
            let rows = self.block(async {
                let c = self.pool.get().await.map_err(pool_err)?;
                c.query(
                    "SELECT key, value FROM ugolki_records WHERE kind = $1 AND key > $2 ORDER BY key LIMIT $3",
                    &[&kind_code(kind), &after, &PAGE],
                )
                .await
                .map_err(pg_err)
            })?;
            let n = rows.len();
            for row in rows {
                let key: Vec<u8> = row.get(0);
                let value: Vec<u8> = row.get(1);
                match codec::decode(kind, &key, &value, &self.timing) {
                    Ok(r) => {
                        if visit(r).is_break() {
                            return Ok(());
                        }
                    }
                    Err(d) => {
                        let _ = self.block(self.set_aside(kind, &key, &value, d));
                    }
                }
                after = key;
            }
            if (n as i64) < PAGE {
                return Ok(());
            }
        }
    }

    fn import(&self, records: Vec<AnyRecord>) -> Result<Vec<Imported>, StoreError> {
        self.block(async {
            let mut out = Vec::with_capacity(records.len());
            let mut top = 0u64;
            for chunk in records.chunks(256) {
                let mut c = self.pool.get().await.map_err(pool_err)?;
                let tx = c.transaction().await.map_err(pg_err)?;
                for rec in chunk {
                    let r = rec.reference();
                    let Some((kind, key)) = keys::record(&r) else {
                        continue;
                    };
                    if let RecordRef::Game(GameId(id))
                    | RecordRef::Challenge(ChallengeId(id))
                    | RecordRef::Tournament(TournamentId(id)) = r
                    {
                        top = top.max(id);
                    }
                    let old = match self.locked(&tx, kind, &key).await.map_err(pg_err)? {
                        None => None,
                        Some(Ok(o)) => Some(o),
                        // A damaged value is replaced by the imported record.
                        Some(Err(_)) => {
                            tx.execute(
                                "DELETE FROM ugolki_records WHERE kind = $1 AND key = $2",
                                &[&kind_code(kind), &key.as_slice()],
                            )
                            .await
                            .map_err(pg_err)?;
                            None
                        }
                    };
                    let what = match old.as_ref().map(AnyRecord::version) {
                        None => Imported::Inserted,
                        Some(v) if v < rec.version() => Imported::Updated,
                        Some(_) => {
                            out.push(Imported::Unchanged);
                            continue;
                        }
                    };
                    let value = codec::encode_any(rec)?;
                    self.write_row(&tx, rec, &value, old.as_ref())
                        .await
                        .map_err(pg_err)?;
                    out.push(what);
                }
                tx.commit().await.map_err(pg_err)?;
            }
            if top > 0 {
                // New ids start above every imported one.
                let c = self.pool.get().await.map_err(pool_err)?;
                c.execute(
                    "SELECT setval('ugolki_ids', GREATEST($1, (SELECT last_value FROM ugolki_ids)))",
                    &[&(top.min(i64::MAX as u64) as i64)],
                )
                .await
                .map_err(pg_err)?;
            }
            Ok(out)
        })
    }

    fn flush(&self) -> Result<(), StoreError> {
        // Every commit is durable when it returns (synchronous_commit).
        Ok(())
    }

    fn analysis(&self, game: GameId) -> Result<Option<AnalysisRecord>, StoreError> {
        let row = self.block(async {
            let c = self.pool.get().await.map_err(pool_err)?;
            c.query_opt(
                "SELECT value FROM ugolki_analyses WHERE game = $1",
                &[&(game.0 as i64)],
            )
            .await
            .map_err(pg_err)
        })?;
        let Some(row) = row else {
            return Ok(None);
        };
        let b: Vec<u8> = row.get(0);
        Ok(codec::decode_analysis(game, &b))
    }

    fn put_analysis(&self, analysis: &AnalysisRecord) -> Result<(), StoreError> {
        let value = codec::encode_analysis(analysis)?;
        self.block(async {
            let c = self.pool.get().await.map_err(pool_err)?;
            c.execute(
                "INSERT INTO ugolki_analyses (game, value) VALUES ($1, $2)
                 ON CONFLICT (game) DO UPDATE SET value = EXCLUDED.value",
                &[&(analysis.game.0 as i64), &value],
            )
            .await
            .map_err(pg_err)
        })?;
        Ok(())
    }
}
