//! A real PostgreSQL for the tests: the server at `UGOLKI_TEST_DATABASE_URL` if given (a
//! URL whose user may create databases), else a throwaway cluster of this test process's
//! own, made with Debian's `postgresql` binaries (`initdb`, `postgres`) in a temporary
//! folder and stopped when the process ends. PostgreSQL refuses to run as root, so as root
//! the cluster runs as the `postgres` user the package creates.
//!
//! Every test gets a database of its own ([`fresh_database`]).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{Duration, Instant};

/// The server: how to reach it as an administrator, and the cluster's folder if it is ours.
pub struct Server {
    /// `host`, `port`, `user` for URLs and psql.
    pub host: String,
    pub port: u16,
    pub user: String,
    /// The password, if the given URL had one.
    pub password: Option<String>,
}

impl Server {
    /// A URL for database `db` on this server.
    pub fn url(&self, db: &str) -> String {
        let auth = match &self.password {
            Some(p) => format!("{}:{}", self.user, p),
            None => self.user.clone(),
        };
        format!("postgres://{auth}@{}:{}/{db}", self.host, self.port)
    }

    /// Run SQL as the administrator, on database `db`.
    pub fn psql(&self, db: &str, sql: &str) -> String {
        let out = Command::new(bin("psql"))
            .args(["-X", "-q", "-t", "-A", "-v", "ON_ERROR_STOP=1", "-d"])
            .arg(self.url(db))
            .args(["-c", sql])
            .output()
            .unwrap_or_else(|e| panic!("psql: {e}"));
        assert!(
            out.status.success(),
            "psql {sql:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).trim().to_string()
    }
}

/// Where Debian's PostgreSQL binaries are (the newest installed version).
pub fn bin(name: &str) -> PathBuf {
    let mut dirs: Vec<PathBuf> = std::fs::read_dir("/usr/lib/postgresql")
        .map(|d| {
            d.filter_map(|e| e.ok())
                .map(|e| e.path().join("bin"))
                .collect()
        })
        .unwrap_or_default();
    dirs.sort();
    dirs.into_iter()
        .rev()
        .map(|d| d.join(name))
        .find(|p| p.exists())
        .unwrap_or_else(|| PathBuf::from(name))
}

fn is_root() -> bool {
    // SAFETY: geteuid has no preconditions.
    unsafe { libc::geteuid() == 0 }
}

/// A free TCP port on loopback (free a moment ago).
fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

/// `cmd` run as the cluster's owner: ourselves, or the `postgres` user when we are root.
fn as_owner(program: &Path) -> Command {
    if is_root() {
        let mut c = Command::new("setpriv");
        c.args([
            "--reuid=postgres",
            "--regid=postgres",
            "--init-groups",
            // The server goes when this process does (set after the user change, which
            // would clear it).
            "--pdeathsig=TERM",
        ]);
        c.arg(program);
        c
    } else {
        Command::new(program)
    }
}

fn start_own() -> Server {
    let dir = std::env::temp_dir().join(format!("ugolki-pg-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("the cluster's folder");
    if is_root() {
        let status = Command::new("chown")
            .args(["-R", "postgres:postgres"])
            .arg(&dir)
            .status()
            .expect("chown");
        assert!(status.success(), "chown {}", dir.display());
    }
    let data = dir.join("data");
    let initdb = bin("initdb");
    assert!(
        initdb.exists(),
        "the PostgreSQL tests need Debian's postgresql package (initdb not found under /usr/lib/postgresql); \
         install it, or set UGOLKI_TEST_DATABASE_URL to a server of yours"
    );
    let out = as_owner(&initdb)
        .args([
            "-A",
            "trust",
            "-U",
            "postgres",
            "-E",
            "UTF8",
            "--no-sync",
            "-D",
        ])
        .arg(&data)
        .output()
        .expect("initdb");
    assert!(
        out.status.success(),
        "initdb: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let port = free_port();
    // Started from a thread that lives as long as the process: the server's parent-death
    // signal follows the thread that started it.
    let (tx, rx) = std::sync::mpsc::channel();
    let (data2, dir2) = (data.clone(), dir.clone());
    std::thread::Builder::new()
        .name("postgres-parent".into())
        .spawn(move || {
            let mut child = as_owner(&bin("postgres"))
                .arg("-D")
                .arg(&data2)
                .args(["-p", &port.to_string(), "-k"])
                .arg(&dir2)
                .args([
                    "-c",
                    "listen_addresses=127.0.0.1",
                    // Durability of the server itself is not under test here: the tests
                    // kill bots, never the server.
                    "-c",
                    "fsync=off",
                    "-c",
                    "full_page_writes=off",
                    "-c",
                    "max_connections=400",
                ])
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .expect("postgres");
            let _ = tx.send(());
            // This thread lives as long as the server.
            let _ = child.wait();
        })
        .expect("a thread");
    rx.recv().expect("the server started");
    let server = Server {
        host: "127.0.0.1".into(),
        port,
        user: "postgres".into(),
        password: None,
    };
    wait_ready(&server);
    server
}

/// Wait until the server takes connections.
pub fn wait_ready(server: &Server) {
    let start = Instant::now();
    loop {
        let ok = Command::new(bin("pg_isready"))
            .args(["-h", &server.host, "-p", &server.port.to_string(), "-q"])
            .status()
            .is_ok_and(|s| s.success());
        if ok {
            return;
        }
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "PostgreSQL did not start on port {}",
            server.port
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

fn given(url: &str) -> Server {
    let u = url::Url::parse(url).expect("UGOLKI_TEST_DATABASE_URL is a URL");
    Server {
        host: u.host_str().unwrap_or("127.0.0.1").to_string(),
        port: u.port().unwrap_or(5432),
        user: if u.username().is_empty() {
            "postgres".into()
        } else {
            u.username().to_string()
        },
        password: u.password().map(str::to_string),
    }
}

/// The tests' server, started on first use.
pub fn server() -> &'static Server {
    static SERVER: OnceLock<Server> = OnceLock::new();
    SERVER.get_or_init(|| match std::env::var("UGOLKI_TEST_DATABASE_URL") {
        Ok(url) if !url.trim().is_empty() => given(url.trim()),
        _ => start_own(),
    })
}

/// A new empty database; its URL.
pub fn fresh_database() -> String {
    static N: AtomicU32 = AtomicU32::new(0);
    let s = server();
    let name = format!(
        "ugolki_t{}_{}",
        std::process::id(),
        N.fetch_add(1, Ordering::SeqCst)
    );
    s.psql("postgres", &format!("CREATE DATABASE {name}"));
    s.url(&name)
}

/// What a [`DbProxy`] does with connections.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Relays them to the server.
    Open,
    /// Not listening: connections are refused, as by a stopped server; open ones are cut.
    Refuse,
    /// Listening, but every connection is closed at once, and open ones are cut: a
    /// network that lets a process reach the host but not the database.
    Drop,
}

/// A TCP relay between a bot and the tests' server that a test can cut.
pub struct DbProxy {
    /// The port bots connect to.
    pub port: u16,
    mode: tokio::sync::watch::Sender<Mode>,
    task: tokio::task::JoinHandle<()>,
}

impl DbProxy {
    /// Relay to the tests' server.
    pub async fn start() -> DbProxy {
        let s = server();
        let target = format!("{}:{}", s.host, s.port);
        let port = free_port();
        let (tx, mut rx) = tokio::sync::watch::channel(Mode::Open);
        let task = tokio::spawn(async move {
            let mut open: Vec<tokio::task::JoinHandle<()>> = Vec::new();
            loop {
                if *rx.borrow_and_update() == Mode::Refuse {
                    for t in open.drain(..) {
                        t.abort();
                    }
                    if rx.changed().await.is_err() {
                        return;
                    }
                    continue;
                }
                let listener = loop {
                    match tokio::net::TcpListener::bind(("127.0.0.1", port)).await {
                        Ok(l) => break l,
                        Err(_) => tokio::time::sleep(Duration::from_millis(20)).await,
                    }
                };
                loop {
                    tokio::select! {
                        changed = rx.changed() => {
                            if changed.is_err() {
                                return;
                            }
                            let m = *rx.borrow();
                            if m != Mode::Open {
                                for t in open.drain(..) {
                                    t.abort();
                                }
                            }
                            if m == Mode::Refuse {
                                break;
                            }
                        }
                        accepted = listener.accept() => {
                            let Ok((mut inbound, _)) = accepted else { continue };
                            if *rx.borrow() != Mode::Open {
                                continue; // dropped: the connection closes
                            }
                            let target = target.clone();
                            open.push(tokio::spawn(async move {
                                if let Ok(mut outbound) = tokio::net::TcpStream::connect(&target).await {
                                    let _ = tokio::io::copy_bidirectional(&mut inbound, &mut outbound).await;
                                }
                            }));
                        }
                    }
                }
            }
        });
        DbProxy {
            port,
            mode: tx,
            task,
        }
    }

    /// The URL of `url`'s database through this relay.
    pub fn url(&self, url: &str) -> String {
        let db = url.rsplit('/').next().unwrap_or_default();
        let s = server();
        let auth = match &s.password {
            Some(p) => format!("{}:{}", s.user, p),
            None => s.user.clone(),
        };
        format!("postgres://{auth}@127.0.0.1:{}/{db}", self.port)
    }

    /// Relay, refuse or drop from now on.
    pub fn set(&self, mode: Mode) {
        self.mode.send_replace(mode);
    }
}

impl Drop for DbProxy {
    fn drop(&mut self) {
        self.task.abort();
    }
}
