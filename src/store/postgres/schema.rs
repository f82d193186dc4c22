//! The tables, created and upgraded on start. Each step is SQL embedded in the binary; the
//! version reached is kept in `ugolki_meta`.

use super::PgOpenError;
use deadpool_postgres::GenericClient;

/// The schema of the tables this program writes.
pub const SCHEMA: i64 = 1;

/// A transaction-level advisory lock held while the tables are checked and upgraded, so
/// that instances started together upgrade once, one after the other.
const MIGRATION_LOCK: i64 = 0x7567_6f6c_6b69_0001;

/// The steps from an empty database, each bringing it to the next version.
const STEPS: [&str; 1] = [r#"
CREATE TABLE ugolki_meta (
    name text PRIMARY KEY,
    value bigint NOT NULL
);
-- Games, users, chats and challenges: the sled store's key and value bytes.
CREATE TABLE ugolki_records (
    kind smallint NOT NULL,
    key bytea NOT NULL,
    version bigint NOT NULL,
    value bytea NOT NULL,
    PRIMARY KEY (kind, key)
);
-- The derived indexes: deadlines (by time), users' games, usernames, chats' games.
CREATE TABLE ugolki_index (
    tree smallint NOT NULL,
    key bytea NOT NULL,
    PRIMARY KEY (tree, key)
);
CREATE TABLE ugolki_analyses (
    game bigint PRIMARY KEY,
    value bytea NOT NULL
);
-- Values that did not decode, set aside with the reason.
CREATE TABLE ugolki_quarantine (
    kind smallint NOT NULL,
    key bytea NOT NULL,
    value bytea NOT NULL,
    reason text NOT NULL,
    at timestamptz NOT NULL DEFAULT now()
);
-- The Telegram updates the leaders took: a new leader skips them.
CREATE TABLE ugolki_updates (
    id bigint PRIMARY KEY,
    at timestamptz NOT NULL DEFAULT now()
);
-- Game and challenge ids, one sequence as on sled.
CREATE SEQUENCE ugolki_ids;
"#];

/// The version stored (0: no tables yet).
pub async fn stored(c: &impl GenericClient) -> Result<i64, tokio_postgres::Error> {
    let exists: bool = c
        .query_one("SELECT to_regclass('ugolki_meta') IS NOT NULL", &[])
        .await?
        .get(0);
    if !exists {
        return Ok(0);
    }
    Ok(
        c.query_opt("SELECT value FROM ugolki_meta WHERE name = 'schema'", &[])
            .await?
            .map_or(0, |r| r.get(0)),
    )
}

/// Bring the database to [`SCHEMA`], or refuse one that is newer (writing nothing).
pub async fn prepare(
    client: &mut deadpool_postgres::Object,
    target: &str,
) -> Result<(), PgOpenError> {
    let fail = |e: tokio_postgres::Error| PgOpenError::Schema {
        target: target.to_string(),
        reason: super::pg_err(e).to_string(),
    };
    let tx = client.transaction().await.map_err(fail)?;
    tx.execute("SELECT pg_advisory_xact_lock($1)", &[&MIGRATION_LOCK])
        .await
        .map_err(fail)?;
    let found = stored(&tx).await.map_err(fail)?;
    if found > SCHEMA {
        return Err(PgOpenError::NewerSchema {
            target: target.to_string(),
            found,
            supported: SCHEMA,
        });
    }
    if found == SCHEMA {
        return Ok(());
    }
    for (i, step) in STEPS.iter().enumerate().skip(found as usize) {
        tx.batch_execute(step).await.map_err(fail)?;
        tracing::info!(target, schema = i + 1, "database upgraded");
    }
    tx.execute(
        "INSERT INTO ugolki_meta (name, value) VALUES ('schema', $1)
         ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value",
        &[&SCHEMA],
    )
    .await
    .map_err(fail)?;
    tx.commit().await.map_err(fail)
}
