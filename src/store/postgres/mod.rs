//! The PostgreSQL implementation of the storage port, and leadership among the instances
//! that share one database ([`crate::game::Cluster`]).
//!
//! - Records are rows of `ugolki_records` (kind, key, version, value): the key and the
//!   value are the sled store's ([`super::keys`], [`super::codec`]), so both stores read
//!   and write the same bytes, a value carries its schema version as on sled, and
//!   `ugolki export`/`import` move games between them unchanged.
//! - The derived indexes are rows of `ugolki_index` (tree, key), written in the same
//!   transaction as their records; deadlines sort by time in their keys, so the timer's
//!   question is one range scan.
//! - A commit is one transaction: every record it writes is read `FOR UPDATE`, its
//!   version compared with the writer's, then written with its index changes. A
//!   deadlock or a serialization failure between two commits is a conflict, retried by
//!   the service as any other.
//! - The tables are created and upgraded on start ([`schema`]), under a transaction-level
//!   advisory lock so that instances started together do it once; a database written by a
//!   newer program is refused before anything is written.
//! - The port is blocking: each call runs its queries on the store's own small runtime,
//!   where the connections live, and the caller's thread waits (see
//!   [`crate::game::Storage`]'s notes on threads).

mod leader;
mod schema;
mod storage;

pub use schema::SCHEMA;

use crate::game::{Cause, Cluster, Role, StoreError, Timing};
use deadpool_postgres::{Manager, ManagerConfig, Pool, RecyclingMethod};
use std::sync::Arc;
use std::time::Duration;
use tokio_postgres::NoTls;

/// How to reach the database.
#[derive(Clone, Debug)]
pub struct PgConfig {
    /// A `postgres://` URL (or key=value connection string).
    pub url: String,
    /// Connections for the store's calls (each waiting call holds one).
    pub pool: usize,
    /// Timing policy (for records upgraded from older value layouts).
    pub timing: Timing,
    /// How long start-up keeps trying to reach the database before giving up.
    pub connect_wait: Duration,
}

impl PgConfig {
    /// Defaults for `url`.
    pub fn new(url: impl Into<String>) -> PgConfig {
        PgConfig {
            url: url.into(),
            pool: 8,
            timing: Timing::default(),
            connect_wait: Duration::from_secs(30),
        }
    }
}

/// Why the PostgreSQL store could not be opened.
#[derive(Debug, thiserror::Error)]
pub enum PgOpenError {
    /// The URL does not parse.
    #[error("--database-url is not a PostgreSQL connection string: {0}")]
    Url(String),
    /// The database cannot be reached.
    #[error("cannot reach the database at {target}: {reason}")]
    Unreachable {
        /// Host and database, without the password.
        target: String,
        /// What failed.
        reason: String,
    },
    /// The database was written by a newer program.
    #[error(
        "the database at {target} has ugolki schema {found}, but this program knows only up to {supported}; run a newer ugolki"
    )]
    NewerSchema {
        /// Host and database.
        target: String,
        /// Stored version.
        found: i64,
        /// This program's version.
        supported: i64,
    },
    /// Creating or upgrading the tables failed.
    #[error("cannot prepare the database at {target}: {reason}")]
    Schema {
        /// Host and database.
        target: String,
        /// What failed.
        reason: String,
    },
    /// The store's runtime could not start.
    #[error("cannot start the database runtime: {0}")]
    Runtime(String),
}

/// The PostgreSQL store. Open once per process; share it behind an `Arc`.
pub struct PgStore {
    /// `None` only while dropped.
    rt: Option<tokio::runtime::Runtime>,
    pool: Pool,
    pg: tokio_postgres::Config,
    target: String,
    timing: Timing,
    leader: std::sync::OnceLock<Arc<leader::Leadership>>,
}

/// Host, port and database of `c`, for messages (never the password).
fn target_of(c: &tokio_postgres::Config) -> String {
    let host = c
        .get_hosts()
        .first()
        .map(|h| match h {
            tokio_postgres::config::Host::Tcp(s) => s.clone(),
            #[cfg(unix)]
            tokio_postgres::config::Host::Unix(p) => p.display().to_string(),
        })
        .unwrap_or_else(|| "localhost".into());
    let port = c.get_ports().first().copied().unwrap_or(5432);
    let db = c.get_dbname().or(c.get_user()).unwrap_or("postgres");
    format!("{host}:{port}/{db}")
}

/// Whether the server refused this client for good: authentication (class 28) or a
/// database that does not exist.
fn refuses_us(e: &tokio_postgres::Error) -> bool {
    e.code().is_some_and(|c| {
        c.code().starts_with("28") || *c == tokio_postgres::error::SqlState::INVALID_CATALOG_NAME
    })
}

pub(crate) fn pg_err(e: tokio_postgres::Error) -> StoreError {
    ::metrics::counter!("ugolki_database_errors_total").increment(1);
    StoreError::Io(Cause::of(e))
}

pub(crate) fn pool_err(e: deadpool_postgres::PoolError) -> StoreError {
    match e {
        deadpool_postgres::PoolError::Backend(e) => pg_err(e),
        other => {
            ::metrics::counter!("ugolki_database_errors_total").increment(1);
            StoreError::Io(Cause::of(other))
        }
    }
}

impl PgStore {
    /// Connect (retrying for `connect_wait` while the database cannot be reached), then
    /// create or upgrade the tables.
    pub fn open(cfg: &PgConfig) -> Result<PgStore, PgOpenError> {
        let mut pg: tokio_postgres::Config = cfg
            .url
            .parse()
            .map_err(|e: tokio_postgres::Error| PgOpenError::Url(e.to_string()))?;
        if pg.get_application_name().is_none() {
            pg.application_name("ugolki");
        }
        pg.connect_timeout(Duration::from_secs(5));
        let target = target_of(&pg);
        let rt = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .thread_name("ugolki-pg")
            .enable_all()
            .build()
            .map_err(|e| PgOpenError::Runtime(e.to_string()))?;
        let manager = Manager::from_config(
            pg.clone(),
            NoTls,
            ManagerConfig {
                recycling_method: RecyclingMethod::Fast,
            },
        );
        let pool = Pool::builder(manager)
            .max_size(cfg.pool.max(1))
            .runtime(deadpool_postgres::Runtime::Tokio1)
            .wait_timeout(Some(Duration::from_secs(10)))
            .create_timeout(Some(Duration::from_secs(5)))
            .recycle_timeout(Some(Duration::from_secs(5)))
            .build()
            .map_err(|e| PgOpenError::Runtime(e.to_string()))?;
        let store = PgStore {
            rt: Some(rt),
            pool,
            pg,
            target,
            timing: cfg.timing,
            leader: std::sync::OnceLock::new(),
        };
        store.block(store.prepare(cfg.connect_wait))?;
        Ok(store)
    }

    /// Run `f` to its end on the store's runtime, from a thread outside any runtime or on
    /// a blocking one.
    fn block<F: std::future::Future>(&self, f: F) -> F::Output {
        let _in = self.rt.as_ref().map(|rt| rt.enter());
        futures::executor::block_on(f)
    }

    /// Wait for the database, then bring its tables to [`SCHEMA`].
    async fn prepare(&self, wait: Duration) -> Result<(), PgOpenError> {
        let start = tokio::time::Instant::now();
        let mut delay = Duration::from_millis(200);
        let mut client = loop {
            match self.pool.get().await {
                Ok(c) => break c,
                // The server answered and refuses us (a wrong password, no such database):
                // waiting will not change that.
                Err(deadpool_postgres::PoolError::Backend(e)) if refuses_us(&e) => {
                    return Err(PgOpenError::Unreachable {
                        target: self.target.clone(),
                        reason: pg_err(e).to_string(),
                    });
                }
                Err(e) if start.elapsed() < wait => {
                    tracing::warn!(target = %self.target, error = %e, "the database cannot be reached yet; retrying");
                    tokio::time::sleep(delay).await;
                    delay = (delay * 2).min(Duration::from_secs(2));
                }
                Err(e) => {
                    return Err(PgOpenError::Unreachable {
                        target: self.target.clone(),
                        reason: pool_err(e).to_string(),
                    });
                }
            }
        };
        schema::prepare(&mut client, &self.target).await
    }

    /// Where the database is (host, port, name).
    pub fn target(&self) -> &str {
        &self.target
    }

    /// The schema version stored in the database.
    pub fn schema(&self) -> Result<i64, StoreError> {
        self.block(async {
            let c = self.pool.get().await.map_err(pool_err)?;
            schema::stored(&c).await.map_err(pg_err)
        })
    }

    /// Leadership among the instances on this database (started on first use; the
    /// command-line tools never ask, so they never lead).
    pub fn cluster(&self) -> Arc<dyn Cluster> {
        self.leader
            .get_or_init(|| {
                let _in = self.rt.as_ref().map(|rt| rt.enter());
                leader::Leadership::start(self.pg.clone(), self.pool.clone(), self.target.clone())
            })
            .clone()
    }

    /// This instance's role now (a standby before [`PgStore::cluster`] is asked).
    pub fn role(&self) -> Role {
        self.leader
            .get()
            .map_or(Role::Standby, |l| *l.role().borrow())
    }

    /// Test hook: run SQL as it is (to damage a value, say).
    #[doc(hidden)]
    pub fn execute_for_test(&self, sql: &str) -> Result<(), StoreError> {
        self.block(async {
            let c = self.pool.get().await.map_err(pool_err)?;
            c.batch_execute(sql).await.map_err(pg_err)
        })
    }
}

impl Drop for PgStore {
    /// The connections close without waiting (a store may be dropped on a runtime's
    /// thread, where waiting for another runtime's threads is not allowed).
    fn drop(&mut self) {
        if let Some(rt) = self.rt.take() {
            rt.shutdown_background();
        }
    }
}
