//! Leadership among the instances on one database: a session-level advisory lock held on
//! a connection of its own.
//!
//! - A standby asks for the lock every second. When it gets it, it waits [`LEASE`] before
//!   it leads: a leader that lost its connection gives up within that time (below), so
//!   two never send at once.
//! - The leader checks its connection every second. An answer later than [`PATIENCE`], or
//!   a connection that cannot be made again at once, means another instance may have
//!   the lock by now: the role becomes [`Role::Lost`] and the bot stops every call.
//! - A database that refuses connections (stopped, restarting) cannot give the lock to
//!   anyone: the leader goes on leading while it asks again every half second, and
//!   `/healthz` says the database is down; its store calls fail meanwhile, so moves are
//!   refused with a message, never taken and lost. When the database is back the leader
//!   takes the lock again, or, if a standby was quicker, gives up within the lease.
//! - The server drops a vanished leader's session (and the lock) by TCP keepalives
//!   within about [`KEEPALIVE_SECS`] seconds of silence; a killed process's at once.

use super::{pg_err, pool_err};
use crate::game::{Changed, Cluster, GameId, Role, StoreError, Version};
use deadpool_postgres::Pool;
use futures::StreamExt;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::{broadcast, watch};
use tokio_postgres::error::SqlState;
use tokio_postgres::{Client, NoTls};

/// The advisory lock's key ("ugolki" and 0).
const LEADER_LOCK: i64 = 0x7567_6f6c_6b69_0000;
/// How long a new leader waits after taking the lock before its first call.
pub const LEASE: Duration = Duration::from_secs(3);
/// How long the leader waits for its connection's answer before it gives up leading.
pub const PATIENCE: Duration = Duration::from_millis(1200);
/// How often the lock is asked for, and the leader's connection checked.
const TICK: Duration = Duration::from_secs(1);
/// The server's keepalive settings for the lock's session: idle, interval, count.
const KEEPALIVE_SECS: (u32, u32, u32) = (3, 1, 3);

/// The channel games' changes are announced on (`NOTIFY`), as `instance:game:version`.
const CHANNEL: &str = "ugolki_changes";

/// Leadership, the update log and games' changes over the database.
pub struct Leadership {
    role: watch::Sender<Role>,
    trouble: Arc<Mutex<Option<String>>>,
    pool: Pool,
    rt: tokio::runtime::Handle,
    claims: std::sync::atomic::AtomicU64,
    /// This instance's name on the channel (its own announcements come back to it).
    instance: u64,
    changes: broadcast::Sender<Changed>,
}

impl Leadership {
    /// Start asking for the lock (on the current runtime).
    pub fn start(pg: tokio_postgres::Config, pool: Pool, target: String) -> Arc<Leadership> {
        let role = watch::Sender::new(Role::Standby);
        let trouble = Arc::new(Mutex::new(None));
        let mut b = [0u8; 8];
        let instance = match getrandom::fill(&mut b) {
            Ok(()) => u64::from_le_bytes(b),
            Err(_) => u64::from(std::process::id()) << 32 | u64::from(rand_low()),
        };
        let changes = broadcast::Sender::new(4096);
        tokio::spawn(listen(pg.clone(), instance, changes.clone()));
        tokio::spawn(run(pg, target, role.clone(), trouble.clone()));
        Arc::new(Leadership {
            role,
            trouble,
            pool,
            rt: tokio::runtime::Handle::current(),
            claims: std::sync::atomic::AtomicU64::new(0),
            instance,
            changes,
        })
    }

    fn block<F: std::future::Future>(&self, f: F) -> F::Output {
        let _in = self.rt.enter();
        futures::executor::block_on(f)
    }
}

impl Cluster for Leadership {
    fn role(&self) -> watch::Receiver<Role> {
        self.role.subscribe()
    }

    fn claim_updates(&self, ids: &[i64]) -> Result<Vec<i64>, StoreError> {
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        let n = self
            .claims
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        self.block(async {
            let mut c = self.pool.get().await.map_err(pool_err)?;
            let tx = c.transaction().await.map_err(pg_err)?;
            let new: Vec<i64> = tx
                .query(
                    "INSERT INTO ugolki_updates (id) SELECT unnest($1::bigint[])
                     ON CONFLICT DO NOTHING RETURNING id",
                    &[&ids],
                )
                .await
                .map_err(pg_err)?
                .into_iter()
                .map(|r| r.get(0))
                .collect();
            let next = ids.iter().max().copied().unwrap_or(0) + 1;
            tx.execute(
                "INSERT INTO ugolki_meta (name, value) VALUES ('telegram_offset', $1)
                 ON CONFLICT (name) DO UPDATE SET value = GREATEST(ugolki_meta.value, EXCLUDED.value)",
                &[&next],
            )
            .await
            .map_err(pg_err)?;
            if n.is_multiple_of(1000) {
                // Telegram keeps an update a day; ids kept three days cover every retry.
                tx.execute(
                    "DELETE FROM ugolki_updates WHERE at < now() - interval '3 days'",
                    &[],
                )
                .await
                .map_err(pg_err)?;
            }
            tx.commit().await.map_err(pg_err)?;
            let mut new = new;
            new.sort_unstable();
            Ok(new)
        })
    }

    fn update_offset(&self) -> Result<Option<i64>, StoreError> {
        self.block(async {
            let c = self.pool.get().await.map_err(pool_err)?;
            Ok(c.query_opt(
                "SELECT value FROM ugolki_meta WHERE name = 'telegram_offset'",
                &[],
            )
            .await
            .map_err(pg_err)?
            .map(|r| r.get(0)))
        })
    }

    fn trouble(&self) -> Option<String> {
        self.trouble
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }

    fn publish(&self, change: Changed) {
        let payload = format!("{}:{}:{}", self.instance, change.game.0, change.version.0);
        let pool = self.pool.clone();
        self.rt.spawn(async move {
            let sent = async {
                let c = pool.get().await.map_err(pool_err)?;
                c.execute("SELECT pg_notify($1, $2)", &[&CHANNEL, &payload])
                    .await
                    .map_err(pg_err)
            }
            .await;
            if let Err(e) = sent {
                tracing::warn!(error = %e, "cannot tell the other instances of a change");
            }
        });
    }

    fn changes(&self) -> broadcast::Receiver<Changed> {
        self.changes.subscribe()
    }
}

/// Some bits that differ between processes, when the system gives no randomness.
fn rand_low() -> u32 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos())
}

/// `instance:game:version`, unless it is `me`'s own.
fn parse_change(payload: &str, me: u64) -> Option<Changed> {
    let mut it = payload.split(':');
    let from: u64 = it.next()?.parse().ok()?;
    let game: u64 = it.next()?.parse().ok()?;
    let version: u64 = it.next()?.parse().ok()?;
    (from != me).then_some(Changed {
        game: GameId(game),
        version: Version(version),
    })
}

/// Listen for the other instances' changes on a connection of its own, connecting again
/// whenever it drops.
async fn listen(pg: tokio_postgres::Config, me: u64, tx: broadcast::Sender<Changed>) {
    loop {
        match pg.connect(NoTls).await {
            Ok((client, mut conn)) => {
                let (ntx, mut nrx) = tokio::sync::mpsc::unbounded_channel::<String>();
                let driver = tokio::spawn(async move {
                    let mut messages = futures::stream::poll_fn(move |cx| conn.poll_message(cx));
                    while let Some(m) = messages.next().await {
                        match m {
                            Ok(tokio_postgres::AsyncMessage::Notification(n)) => {
                                if ntx.send(n.payload().to_string()).is_err() {
                                    break;
                                }
                            }
                            Ok(_) => {}
                            Err(e) => {
                                tracing::debug!(error = %e, "the changes' connection ended");
                                break;
                            }
                        }
                    }
                });
                match client.batch_execute(&format!("LISTEN {CHANNEL}")).await {
                    Ok(()) => {
                        while let Some(p) = nrx.recv().await {
                            if let Some(c) = parse_change(&p, me) {
                                let _ = tx.send(c);
                            }
                        }
                    }
                    Err(e) => tracing::warn!(error = %pg_err(e), "cannot listen for changes"),
                }
                driver.abort();
                drop(client);
            }
            Err(e) => tracing::debug!(error = %pg_err(e), "cannot connect to listen for changes"),
        }
        tokio::time::sleep(TICK).await;
    }
}

/// Why a connection attempt or a check failed.
enum Failure {
    /// The server is not accepting connections (stopped, starting, shutting down): nobody
    /// can hold the lock.
    Down(String),
    /// Anything else: no answer in time, the network, a refused login.
    Other(String),
}

fn server_down(e: &tokio_postgres::Error) -> bool {
    if let Some(code) = e.code()
        && (*code == SqlState::CANNOT_CONNECT_NOW
            || *code == SqlState::ADMIN_SHUTDOWN
            || *code == SqlState::CRASH_SHUTDOWN)
    {
        return true;
    }
    let mut source: Option<&(dyn std::error::Error + 'static)> = std::error::Error::source(e);
    while let Some(s) = source {
        if let Some(io) = s.downcast_ref::<std::io::Error>()
            && matches!(
                io.kind(),
                std::io::ErrorKind::ConnectionRefused | std::io::ErrorKind::NotFound
            )
        {
            return true;
        }
        source = s.source();
    }
    false
}

fn failure(e: tokio_postgres::Error) -> Failure {
    if server_down(&e) {
        Failure::Down(pg_err(e).to_string())
    } else {
        Failure::Other(pg_err(e).to_string())
    }
}

/// A connection for the lock, whose session the server drops soon after its client goes
/// silent; and whether the lock was taken on it.
async fn connect_and_try(pg: &tokio_postgres::Config) -> Result<(Client, bool), Failure> {
    let (client, conn) = pg.connect(NoTls).await.map_err(failure)?;
    tokio::spawn(async move {
        if let Err(e) = conn.await {
            tracing::debug!(error = %e, "the leader lock's connection ended");
        }
    });
    let (idle, interval, count) = KEEPALIVE_SECS;
    client
        .batch_execute(&format!(
            "SET tcp_keepalives_idle = {idle}; SET tcp_keepalives_interval = {interval}; \
             SET tcp_keepalives_count = {count}; SET application_name = 'ugolki leader lock'"
        ))
        .await
        .map_err(failure)?;
    let got = try_lock(&client).await?;
    Ok((client, got))
}

async fn try_lock(client: &Client) -> Result<bool, Failure> {
    Ok(client
        .query_one("SELECT pg_try_advisory_lock($1)", &[&LEADER_LOCK])
        .await
        .map_err(failure)?
        .get(0))
}

fn set_trouble(trouble: &Mutex<Option<String>>, t: Option<String>) {
    *trouble.lock().unwrap_or_else(|e| e.into_inner()) = t;
}

/// The leadership task: stand by until the lock is taken, lead while it is held.
async fn run(
    pg: tokio_postgres::Config,
    target: String,
    role: watch::Sender<Role>,
    trouble: Arc<Mutex<Option<String>>>,
) {
    let lost = |why: String| {
        tracing::error!(%target, reason = %why, "no longer sure to lead: every call to Telegram stops");
        crate::store::postgres::leader::note_failover_lost();
        role.send_replace(Role::Lost);
    };
    // Standing by.
    let mut client = loop {
        match tokio::time::timeout(TICK * 5, connect_and_try(&pg)).await {
            Ok(Ok((client, true))) => {
                set_trouble(&trouble, None);
                tracing::info!(%target, lease_ms = LEASE.as_millis() as u64, "took the leader lock; leading after the lease");
                tokio::time::sleep(LEASE).await;
                role.send_replace(Role::Leader);
                break client;
            }
            Ok(Ok((client, false))) => {
                set_trouble(&trouble, None);
                // Keep the connection and ask on it every tick.
                let mut c = Some(client);
                while let Some(cl) = c.take() {
                    tokio::time::sleep(TICK).await;
                    match tokio::time::timeout(TICK * 5, try_lock(&cl)).await {
                        Ok(Ok(false)) => c = Some(cl),
                        Ok(Ok(true)) => {
                            tracing::info!(%target, lease_ms = LEASE.as_millis() as u64, "took the leader lock; leading after the lease");
                            tokio::time::sleep(LEASE).await;
                            role.send_replace(Role::Leader);
                            c = Some(cl);
                            break;
                        }
                        Ok(Err(Failure::Down(e) | Failure::Other(e))) => {
                            set_trouble(&trouble, Some(format!("database unreachable: {e}")));
                        }
                        Err(_) => set_trouble(
                            &trouble,
                            Some("database unreachable: no answer in time".into()),
                        ),
                    }
                }
                if *role.borrow() == Role::Leader
                    && let Some(cl) = c
                {
                    break cl;
                }
            }
            Ok(Err(Failure::Down(e) | Failure::Other(e))) => {
                set_trouble(&trouble, Some(format!("database unreachable: {e}")));
                tokio::time::sleep(TICK).await;
            }
            Err(_) => {
                set_trouble(
                    &trouble,
                    Some("database unreachable: no answer in time".into()),
                );
                tokio::time::sleep(TICK).await;
            }
        }
    };
    // Leading.
    loop {
        tokio::time::sleep(TICK).await;
        match tokio::time::timeout(PATIENCE, client.simple_query("SELECT 1")).await {
            Ok(Ok(_)) => continue,
            Err(_) => return lost(format!("the database did not answer within {PATIENCE:?}")),
            Ok(Err(e)) if !(e.is_closed() || server_down(&e)) => {
                return lost(pg_err(e).to_string());
            }
            Ok(Err(e)) => {
                tracing::warn!(%target, error = %pg_err(e), "the leader lock's connection closed; taking the lock again");
            }
        }
        // The connection closed: the server went away, or dropped the session.
        loop {
            match tokio::time::timeout(PATIENCE, connect_and_try(&pg)).await {
                Ok(Ok((c, true))) => {
                    set_trouble(&trouble, None);
                    tracing::info!(%target, "the database is back; still leading");
                    client = c;
                    break;
                }
                Ok(Ok((_, false))) => return lost("another instance holds the leader lock".into()),
                Ok(Err(Failure::Down(e))) => {
                    set_trouble(&trouble, Some(format!("database down: {e}")));
                    tokio::time::sleep(TICK / 2).await;
                }
                Ok(Err(Failure::Other(e))) => return lost(e),
                Err(_) => {
                    return lost(format!("the database did not answer within {PATIENCE:?}"));
                }
            }
        }
    }
}

/// Count a leadership lost (for the failover metrics).
pub fn note_failover_lost() {
    metrics::counter!("ugolki_leadership_lost_total").increment(1);
}
