//! Store tools: `export` / `import` (JSON lines, for backups and moving stores), the
//! storage benchmark (`bench store`), and the child process of the crash test.

use super::CliError;
use crate::ai::rng::Rng;
use crate::engine::Path;
use crate::game::{
    Actor, AnyRecord, ChallengeRecord, ChatId, ChatRecord, Expect, GameRecord, GameService,
    Imported, MoveInput, NewGame, Player, RecordKind, ServiceError, Storage, Timestamp, Timing,
    UserId, UserRecord,
};
use clap::{Args, Subcommand};
use serde::{Deserialize, Serialize};
use std::io::{BufRead, Write};
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

/// The export file's format name (first line).
pub const EXPORT_FORMAT: &str = "ugolki-export";
/// The export file's format version. In version 2 a game of three or four seats is a
/// `game` line like any other; version 1's `table` lines are still read, as games.
pub const EXPORT_VERSION: u32 = 2;

/// `--data-dir` or `--database-url`, shared by the store tools.
#[derive(Args, Debug, Clone)]
pub struct DataDirArg {
    /// The data directory (the bot's `--data-dir`).
    #[arg(long, default_value = "data")]
    pub data_dir: PathBuf,
    /// A PostgreSQL database instead of the data directory (the bot's `--database-url`).
    #[arg(long, env = "UGOLKI_DATABASE_URL", hide_env_values = true)]
    pub database_url: Option<String>,
}

impl DataDirArg {
    /// The store these arguments name.
    pub fn open(&self) -> Result<Arc<dyn Storage>, CliError> {
        match &self.database_url {
            Some(url) => Ok(Arc::new(super::open_pg(url)?)),
            None => Ok(Arc::new(super::open_store(&self.data_dir)?)),
        }
    }
}

/// `export` arguments.
#[derive(Args, Debug)]
pub struct ExportArgs {
    /// The JSON-lines file to write.
    #[arg(long)]
    pub out: PathBuf,
    /// Data directory.
    #[command(flatten)]
    pub dir: DataDirArg,
}

/// `import` arguments.
#[derive(Args, Debug)]
pub struct ImportArgs {
    /// The JSON-lines file to read (as written by `export`).
    pub file: PathBuf,
    /// Data directory.
    #[command(flatten)]
    pub dir: DataDirArg,
}

/// `bench` arguments.
#[derive(Args, Debug)]
pub struct BenchArgs {
    /// What to measure.
    #[command(subcommand)]
    pub what: BenchWhat,
}

/// Benchmarks.
#[derive(Subcommand, Debug)]
pub enum BenchWhat {
    /// Acknowledged (flushed) moves per second, and resident memory over a large store.
    Store(StoreBenchArgs),
    /// Timer start-up with many pending deadlines, and many deadlines due at once.
    Timers(super::bench_timers::TimerBenchArgs),
    /// Search speed of the AI (nodes per second on one thread).
    Search(super::bench::BenchArgs),
    /// Three- and four-seat games: the program's time per turn by level, picture time and size.
    Multi(super::multi::MultiBenchArgs),
    /// Tournament pairing: each round of a large Swiss, and its standings.
    Pairing(super::tournament::PairingBenchArgs),
    /// The post-game analysis: how steady its balance is, its classes, time and memory.
    Analysis(super::bench_analysis::AnalysisBenchArgs),
    /// (internal) open a populated store and print resident memory figures.
    #[command(hide = true)]
    StoreRss(StoreRssArgs),
}

/// `bench store` arguments.
#[derive(Args, Debug)]
pub struct StoreBenchArgs {
    /// Games in play during the throughput run.
    #[arg(long, default_value_t = 1000)]
    pub games: usize,
    /// Concurrent writer threads.
    #[arg(long, default_value_t = 8)]
    pub writers: usize,
    /// Acknowledged moves to make.
    #[arg(long, default_value_t = 20_000)]
    pub moves: u64,
    /// Finished games to store for the memory figure (0 skips it).
    #[arg(long, default_value_t = 100_000)]
    pub finished: usize,
    /// Scratch directory (default: a fresh one under the system temp dir, removed after).
    #[arg(long)]
    pub dir: Option<PathBuf>,
    /// Measure the throughput on this PostgreSQL database instead of sled (an empty one:
    /// the games are left in it).
    #[arg(long, env = "UGOLKI_DATABASE_URL", hide_env_values = true)]
    pub database_url: Option<String>,
}

/// `bench store-rss` arguments.
#[derive(Args, Debug)]
pub struct StoreRssArgs {
    /// Data directory to open.
    #[arg(long)]
    pub data_dir: PathBuf,
}

/// `store-crash-child` arguments (the crash test's child process).
#[derive(Args, Debug)]
pub struct CrashChildArgs {
    /// Data directory.
    #[arg(long)]
    pub data_dir: PathBuf,
    /// Games kept in play.
    #[arg(long, default_value_t = 8)]
    pub games: usize,
}

/// One line of an export file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[allow(
    clippy::large_enum_variant,
    reason = "one line is read or written at a time, and most lines are games"
)]
pub enum ExportLine {
    /// First line: what the file is.
    Header {
        /// [`EXPORT_FORMAT`].
        format: String,
        /// [`EXPORT_VERSION`].
        version: u32,
        /// When it was written.
        exported_at: Timestamp,
    },
    /// A chat.
    Chat(ChatRecord),
    /// A user with ratings and statistics.
    User(UserRecord),
    /// A game of two, three or four seats.
    Game(GameRecord),
    /// A challenge.
    Challenge(ChallengeRecord),
    /// A group's tournament.
    Tournament(crate::game::TournamentRecord),
    /// A table of three or four seats, as version 1 wrote it (read only: a table is a game).
    Table(crate::store::v7::TableV7),
}

impl ExportLine {
    fn into_record(self) -> Option<AnyRecord> {
        match self {
            ExportLine::Header { .. } => None,
            ExportLine::Chat(r) => Some(AnyRecord::Chat(r)),
            ExportLine::User(r) => Some(AnyRecord::User(r)),
            ExportLine::Game(r) => Some(AnyRecord::Game(r)),
            ExportLine::Challenge(r) => Some(AnyRecord::Challenge(r)),
            ExportLine::Tournament(r) => Some(AnyRecord::Tournament(r)),
            ExportLine::Table(t) => match t.upgrade(&Timing::default()) {
                Ok(g) => Some(AnyRecord::Game(g)),
                Err(e) => {
                    tracing::warn!(error = %e, "a table of an older export does not replay");
                    None
                }
            },
        }
    }
}

fn fail(code: i32, message: String) -> CliError {
    CliError { message, code }
}

/// Write every record as JSON lines (header first; chats, users, games, challenges,
/// tournaments);
/// returns the number of records written.
pub fn export_to(store: &dyn Storage, out: &mut dyn Write) -> Result<u64, CliError> {
    let w = |out: &mut dyn Write, line: &ExportLine| -> Result<(), CliError> {
        serde_json::to_writer(&mut *out, line)
            .map_err(|e| fail(1, format!("write failed: {e}")))?;
        out.write_all(b"\n")
            .map_err(|e| fail(1, format!("write failed: {e}")))
    };
    w(
        out,
        &ExportLine::Header {
            format: EXPORT_FORMAT.into(),
            version: EXPORT_VERSION,
            exported_at: Timestamp::now(),
        },
    )?;
    let mut n = 0u64;
    let mut err = None;
    for kind in RecordKind::ALL {
        store
            .scan(kind, &mut |r| {
                let line = match r {
                    AnyRecord::Chat(c) => ExportLine::Chat(c),
                    AnyRecord::User(u) => ExportLine::User(u),
                    AnyRecord::Game(g) => ExportLine::Game(g),
                    AnyRecord::Challenge(c) => ExportLine::Challenge(c),
                    AnyRecord::Tournament(t) => ExportLine::Tournament(t),
                };
                match w(out, &line) {
                    Ok(()) => {
                        n += 1;
                        ControlFlow::Continue(())
                    }
                    Err(e) => {
                        err = Some(e);
                        ControlFlow::Break(())
                    }
                }
            })
            .map_err(|e| fail(1, e.to_string()))?;
        if let Some(e) = err.take() {
            return Err(e);
        }
    }
    Ok(n)
}

/// Counts of what an import did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ImportCounts {
    /// New records.
    pub inserted: u64,
    /// Records replaced by a newer version.
    pub updated: u64,
    /// Records already present at the same or a newer version.
    pub unchanged: u64,
}

/// Read JSON lines and store them. The whole file is checked before anything is written,
/// so a bad file changes nothing; importing the same file again changes nothing.
pub fn import_from(store: &dyn Storage, input: &mut dyn BufRead) -> Result<ImportCounts, CliError> {
    let mut records = Vec::new();
    let mut header = false;
    for (i, line) in input.lines().enumerate() {
        let line = line.map_err(|e| fail(1, format!("line {}: {e}", i + 1)))?;
        if line.trim().is_empty() {
            continue;
        }
        let parsed: ExportLine = serde_json::from_str(&line)
            .map_err(|e| fail(1, format!("line {}: not an export record: {e}", i + 1)))?;
        if let ExportLine::Header {
            format, version, ..
        } = &parsed
        {
            if format != EXPORT_FORMAT || *version > EXPORT_VERSION {
                return Err(fail(
                    1,
                    format!(
                        "line {}: unsupported export format {format} version {version}",
                        i + 1
                    ),
                ));
            }
            header = true;
        }
        if let ExportLine::Game(g) = &parsed
            && let Err(e) = g.replay()
        {
            return Err(fail(
                1,
                format!("line {}: game {} does not replay: {e}", i + 1, g.id),
            ));
        }
        records.extend(parsed.into_record());
    }
    if !header && !records.is_empty() {
        return Err(fail(1, "missing the export header line".into()));
    }
    let done = store.import(records).map_err(|e| fail(1, e.to_string()))?;
    let mut c = ImportCounts::default();
    for d in done {
        match d {
            Imported::Inserted => c.inserted += 1,
            Imported::Updated => c.updated += 1,
            Imported::Unchanged => c.unchanged += 1,
        }
    }
    Ok(c)
}

/// Run `export`.
pub fn export(a: &ExportArgs) -> Result<(), CliError> {
    if a.dir.database_url.is_none() && !a.dir.data_dir.join("db").is_dir() {
        return Err(fail(
            1,
            format!(
                "there is no store in {} (check --data-dir)",
                a.dir.data_dir.display()
            ),
        ));
    }
    let store = a.dir.open()?;
    let tmp = a.out.with_extension("jsonl.partial");
    let file = std::fs::File::create(&tmp)
        .map_err(|e| fail(1, format!("cannot write {}: {e}", tmp.display())))?;
    let mut w = std::io::BufWriter::new(file);
    let n = export_to(&*store, &mut w)?;
    w.flush()
        .and_then(|()| w.get_ref().sync_all())
        .map_err(|e| fail(1, format!("cannot write {}: {e}", tmp.display())))?;
    std::fs::rename(&tmp, &a.out)
        .map_err(|e| fail(1, format!("cannot write {}: {e}", a.out.display())))?;
    eprintln!("exported {n} records to {}", a.out.display());
    Ok(())
}

/// Run `import`.
pub fn import(a: &ImportArgs) -> Result<(), CliError> {
    let file = std::fs::File::open(&a.file)
        .map_err(|e| fail(1, format!("cannot read {}: {e}", a.file.display())))?;
    let store = a.dir.open()?;
    let c = import_from(&*store, &mut std::io::BufReader::new(file))?;
    eprintln!(
        "imported {}: {} new, {} updated, {} unchanged",
        a.file.display(),
        c.inserted,
        c.updated,
        c.unchanged
    );
    Ok(())
}

/// A random legal move's path in the two-sided game `g`, if any.
pub fn random_path(g: &GameRecord, rng: &mut Rng) -> Option<Path> {
    let game = g.replay().ok()?;
    let game = game.two()?;
    let moves = game.legal_moves();
    let m = *moves.get(rng.index(moves.len()))?;
    game.position().path(m).ok()
}

/// The user to move in a two-person game.
fn mover(g: &GameRecord) -> Option<UserId> {
    g.player(g.side_to_move()).user()
}

fn new_pvp(chat: i64, a: u64, b: u64) -> NewGame {
    NewGame {
        variant: crate::engine::Variant::new(crate::engine::VariantId::Classic).into(),
        players: vec![Player::Human(UserId(a)), Player::Human(UserId(b))],
        time_control: crate::game::TimeControl::Untimed,
        chat: ChatId(chat),
        message: None,
        rated: true,
        start: None,
    }
}

/// Run the crash test's child: keep `games` games going with random legal moves and
/// print `ack GAME PLY PATH` after each acknowledged (durable) move, forever.
pub fn crash_child(a: &CrashChildArgs) -> Result<(), CliError> {
    let store = Arc::new(super::open_store(&a.data_dir)?);
    let svc = GameService::new(store.clone(), Timing::default());
    let mut rng = Rng::from_entropy();
    let mut active: Vec<crate::game::GameId> = Vec::new();
    store
        .scan(RecordKind::Game, &mut |r| {
            if let AnyRecord::Game(g) = r
                && g.is_active()
            {
                active.push(g.id);
            }
            ControlFlow::Continue(())
        })
        .map_err(|e| fail(1, e.to_string()))?;
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let now = || Timestamp::now();
    loop {
        while active.len() < a.games {
            let g = svc
                .create_game(new_pvp(-1, 1, 2), now())
                .map_err(|e| fail(1, e.to_string()))?;
            writeln!(out, "new {}", g.id).map_err(|e| fail(1, e.to_string()))?;
            active.push(g.id);
        }
        let i = rng.index(active.len());
        let g = svc.game(active[i]).map_err(|e| fail(1, e.to_string()))?;
        let (Some(user), Some(path)) = (mover(&g), random_path(&g, &mut rng)) else {
            active.swap_remove(i);
            continue;
        };
        let ply = g.ply();
        match svc.play(
            g.id,
            Actor::User(user),
            Expect::Ply(ply),
            &MoveInput::from(&path),
            now(),
        ) {
            Ok(m) => {
                writeln!(out, "ack {} {} {}", g.id, ply, path)
                    .map_err(|e| fail(1, e.to_string()))?;
                if !m.game().is_active() {
                    active.swap_remove(i);
                }
            }
            Err(e) => return Err(fail(1, format!("move refused: {e}"))),
        }
    }
}

/// This process's resident memory now and at its peak, in KiB (0 where it cannot be read).
fn rss_kib() -> (u64, u64) {
    let m = crate::loadtest::process::memory_of(std::process::id()).unwrap_or_default();
    (m.rss_kib, m.hwm_kib)
}

/// Run `bench store-rss`: open a store, read it the way the bot would, print memory.
pub fn store_rss(a: &StoreRssArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let (base, _) = rss_kib();
    let store = Arc::new(super::open_store(&a.data_dir)?);
    let svc = GameService::new(store.clone(), Timing::default());
    let deadlines = svc
        .deadlines(Timestamp(u64::MAX), usize::MAX)
        .map_err(|e| fail(1, e.to_string()))?;
    let (opened, _) = rss_kib();
    let mut rng = Rng::new(7);
    let mut max_id = 0;
    store
        .scan(RecordKind::User, &mut |_| ControlFlow::Continue(()))
        .map_err(|e| fail(1, e.to_string()))?;
    let mut games = 0u64;
    store
        .scan(RecordKind::Game, &mut |r| {
            if let AnyRecord::Game(g) = r {
                max_id = max_id.max(g.id.0);
                games += 1;
            }
            ControlFlow::Continue(())
        })
        .map_err(|e| fail(1, e.to_string()))?;
    let (scanned, _) = rss_kib();
    let mut found = 0;
    for _ in 0..10_000 {
        let id = crate::game::GameId(1 + rng.next_u64() % max_id.max(1));
        if let Ok(g) = svc.game(id) {
            found += 1;
            let _ = svc.replay(&g);
        }
    }
    let (random, hwm) = rss_kib();
    let w =
        |out: &mut dyn Write, s: String| writeln!(out, "{s}").map_err(|e| fail(1, e.to_string()));
    w(
        out,
        format!(
            "games stored: {games}, pending deadlines: {}",
            deadlines.len()
        ),
    )?;
    w(
        out,
        format!("rss before open: {:.1} MB", base as f64 / 1024.0),
    )?;
    w(
        out,
        format!(
            "rss after open + loading all deadlines: {:.1} MB",
            opened as f64 / 1024.0
        ),
    )?;
    w(
        out,
        format!(
            "rss after scanning every game and user: {:.1} MB",
            scanned as f64 / 1024.0
        ),
    )?;
    w(
        out,
        format!(
            "rss after 10,000 random game reads + replays ({found} found): {:.1} MB",
            random as f64 / 1024.0
        ),
    )?;
    w(
        out,
        format!("peak rss (VmHWM): {:.1} MB", hwm as f64 / 1024.0),
    )?;
    Ok(())
}

/// A finished game for the memory benchmark: random legal moves to the end.
fn finished_game(svc: &GameService, rng: &mut Rng, chat: i64) -> Result<GameRecord, ServiceError> {
    let g = svc.create_game(new_pvp(chat, 1, 2), Timestamp(1))?;
    let mut t = 2;
    loop {
        let g = svc.game(g.id)?;
        if !g.is_active() {
            return Ok(g);
        }
        let (Some(u), Some(p)) = (mover(&g), random_path(&g, rng)) else {
            return Ok(g);
        };
        svc.play(
            g.id,
            Actor::User(u),
            Expect::Any,
            &MoveInput::from(&p),
            Timestamp(t),
        )?;
        t += 1;
    }
}

/// Run `bench store`.
pub fn bench_store(a: &StoreBenchArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let root = a.dir.clone().unwrap_or_else(|| {
        std::env::temp_dir().join(format!("ugolki-bench-{}", std::process::id()))
    });
    let tput = root.join("throughput");
    let _ = std::fs::remove_dir_all(&tput);
    bench_throughput(a, &tput, out)?;
    let _ = std::fs::remove_dir_all(&tput);
    if a.finished > 0 {
        let mem = root.join("memory");
        let _ = std::fs::remove_dir_all(&mem);
        fill_store(a, &mem, out)?;
        probe_memory(&mem, out)?;
        let _ = std::fs::remove_dir_all(&mem);
    }
    if a.dir.is_none() {
        let _ = std::fs::remove_dir_all(&root);
    }
    Ok(())
}

fn service_failed(e: ServiceError) -> CliError {
    fail(1, e.to_string())
}

fn say(out: &mut dyn Write, s: String) -> Result<(), CliError> {
    writeln!(out, "{s}").map_err(|e| fail(1, e.to_string()))
}

/// Throughput: `games` games in play, `writers` threads, each acknowledged move flushed.
fn bench_throughput(
    a: &StoreBenchArgs,
    dir: &std::path::Path,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let (store, name): (Arc<dyn Storage>, &str) = match &a.database_url {
        Some(url) => (Arc::new(super::open_pg(url)?), "PostgreSQL"),
        None => (Arc::new(super::open_store(dir)?), "sled"),
    };
    let svc = Arc::new(GameService::new(store.clone(), Timing::default()));
    let mut ids = Vec::with_capacity(a.games);
    for i in 0..a.games {
        let u = 2 * i as u64 + 1;
        let new = new_pvp(-(i as i64 % 100) - 1, u, u + 1);
        ids.push(
            svc.create_game(new, Timestamp::now())
                .map_err(service_failed)?
                .id,
        );
    }
    let done = Arc::new(AtomicU64::new(0));
    let start = Instant::now();
    let handles: Vec<_> = (0..a.writers)
        .map(|wi| {
            let (svc, done, target) = (svc.clone(), done.clone(), a.moves);
            let mine: Vec<_> = ids.iter().copied().skip(wi).step_by(a.writers).collect();
            std::thread::spawn(move || writer(&svc, &done, target, mine, wi as u64 + 1))
        })
        .collect();
    for h in handles {
        h.join()
            .map_err(|_| fail(1, "a writer panicked".into()))?
            .map_err(service_failed)?;
    }
    let secs = start.elapsed().as_secs_f64();
    let n = done.load(Ordering::Relaxed);
    say(
        out,
        format!(
            "throughput ({name}): {n} acknowledged moves in {secs:.2} s = {:.0} moves/s ({} games, {} writers, durable before every ack)",
            n as f64 / secs,
            a.games,
            a.writers
        ),
    )
}

/// One writer thread: random legal moves in its games, round robin, until `target` moves
/// were made by all writers; a finished game is replaced by a new one.
fn writer(
    svc: &GameService,
    done: &AtomicU64,
    target: u64,
    mut mine: Vec<crate::game::GameId>,
    seed: u64,
) -> Result<(), ServiceError> {
    let mut rng = Rng::new(seed);
    let mut k = 0;
    while done.load(Ordering::Relaxed) < target && !mine.is_empty() {
        k = (k + 1) % mine.len();
        let g = svc.game(mine[k])?;
        let (Some(u), Some(p)) = (mover(&g), random_path(&g, &mut rng)) else {
            continue;
        };
        let input = MoveInput::from(&p);
        let m = svc.play(
            g.id,
            Actor::User(u),
            Expect::Ply(g.ply()),
            &input,
            Timestamp::now(),
        )?;
        done.fetch_add(1, Ordering::Relaxed);
        if !m.game().is_active() {
            let [a, b] = [g.players[0].user(), g.players[1].user()];
            let (a, b) = (a.map_or(1, |x| x.0), b.map_or(2, |x| x.0));
            mine[k] = svc
                .create_game(new_pvp(g.chat.0, b, a), Timestamp::now())?
                .id;
        }
    }
    Ok(())
}

/// Store `finished` finished games (copies of real random games with varied ids,
/// players and chats) and their players.
fn fill_store(
    a: &StoreBenchArgs,
    dir: &std::path::Path,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let t0 = Instant::now();
    let scratch = Arc::new(crate::game::MemoryStore::new());
    let svc = GameService::new(scratch, Timing::default());
    let mut rng = Rng::new(42);
    let templates: Vec<GameRecord> = (0..64)
        .map(|i| finished_game(&svc, &mut rng, -(i as i64) - 1))
        .collect::<Result<_, _>>()
        .map_err(service_failed)?;
    let store = super::open_store(dir)?;
    let users = 2000u64;
    let import = |batch: Vec<AnyRecord>| store.import(batch).map_err(|e| fail(1, e.to_string()));
    let mut batch = Vec::with_capacity(10_000);
    for i in 0..a.finished {
        let mut g = templates[i % templates.len()].clone();
        g.id = crate::game::GameId(i as u64 + 1);
        let wu = 1 + rng.next_u64() % users;
        let bu = 1 + (wu + 1 + rng.next_u64() % (users - 1)) % users;
        g.players = vec![Player::Human(UserId(wu)), Player::Human(UserId(bu))];
        g.chat = ChatId(-1 - (i as i64 % 500));
        batch.push(AnyRecord::Game(g));
        if batch.len() == 10_000 {
            import(std::mem::take(&mut batch))?;
        }
    }
    for u in 1..=users {
        let mut r = UserRecord::new(UserId(u), &format!("Player {u}"), Timestamp(1));
        r.version = crate::game::Version(1);
        r.username = Some(format!("player{u}"));
        r.stats_mut(crate::engine::VariantId::Classic).count(1.0);
        batch.push(AnyRecord::User(r));
    }
    import(batch)?;
    let size = store.size_on_disk().map_err(|e| fail(1, e.to_string()))?;
    let plies = templates.iter().map(|g| g.moves.len()).sum::<usize>() / templates.len();
    say(
        out,
        format!(
            "memory: stored {} finished games ({plies} plies on average) in {:.1} s, {:.1} MB on disk",
            a.finished,
            t0.elapsed().as_secs_f64(),
            size as f64 / 1e6
        ),
    )
}

/// Open the filled store in a fresh process (`bench store-rss`) and report its memory.
fn probe_memory(dir: &std::path::Path, out: &mut dyn Write) -> Result<(), CliError> {
    let exe = std::env::current_exe().map_err(|e| fail(1, e.to_string()))?;
    let child = std::process::Command::new(exe)
        .args(["bench", "store-rss", "--data-dir"])
        .arg(dir)
        .output()
        .map_err(|e| fail(1, format!("cannot run the memory probe: {e}")))?;
    if !child.status.success() {
        let stderr = String::from_utf8_lossy(&child.stderr);
        return Err(fail(1, format!("memory probe failed: {stderr}")));
    }
    for line in String::from_utf8_lossy(&child.stdout).lines() {
        say(out, format!("memory (fresh process): {line}"))?;
    }
    Ok(())
}
