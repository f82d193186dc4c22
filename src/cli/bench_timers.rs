//! `ugolki bench timers`: start-up with many pending deadlines, and many deadlines due at
//! once, through the real timer core over a sled store.

use super::CliError;
use crate::engine::{Variant, VariantId};
use crate::game::scheduler::{BoxFuture, Scheduler, Sink, Stats, Stop, WallClock};
use crate::game::{
    AnyRecord, AsyncGames, ChatId, Fired, GameService, MemoryStore, Millis, NewGame, Player,
    RecordKind, Storage, TimeControl, Timestamp, Timing, UserId,
};
use clap::Args;
use std::io::Write;
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

/// `bench timers` arguments.
#[derive(Args, Debug)]
pub struct TimerBenchArgs {
    /// Pending (future) deadlines in the store at start-up.
    #[arg(long, default_value_t = 100_000)]
    pub pending: usize,
    /// Deadlines due at once.
    #[arg(long, default_value_t = 10_000)]
    pub due: usize,
    /// Batches fired concurrently.
    #[arg(long, default_value_t = 2)]
    pub parallel: usize,
    /// Deadlines per batch (one shared flush each).
    #[arg(long, default_value_t = 128)]
    pub batch: usize,
    /// Scratch directory (default: a temporary one, removed afterwards).
    #[arg(long)]
    pub dir: Option<PathBuf>,
    /// Populate `DIR/seed` once and keep it; each run fires on a fresh copy of it
    /// (`DIR/run`), so repeated runs (A/B comparisons, a profiler) skip the populating.
    #[arg(long, requires = "dir")]
    pub reuse: bool,
}

fn fail(e: impl std::fmt::Display) -> CliError {
    CliError {
        message: e.to_string(),
        code: 1,
    }
}

/// Create `n` games in `svc` (an in-memory service: fast), timed as given, created at `at`.
fn create(
    svc: &GameService,
    n: usize,
    tc: TimeControl,
    at: Timestamp,
    id_base: u64,
) -> Result<(), CliError> {
    for i in 0..n {
        let u = id_base + 2 * i as u64;
        svc.create_game(
            NewGame {
                variant: Variant::new(VariantId::Classic).into(),
                players: vec![Player::Human(UserId(u)), Player::Human(UserId(u + 1))],
                time_control: tc,
                chat: ChatId(-1 - (i as i64 % 200)),
                message: None,
                rated: false,
                start: None,
            },
            at,
        )
        .map_err(fail)?;
    }
    Ok(())
}

/// Every game and chat record of an in-memory store.
fn records(mem: &MemoryStore) -> Result<Vec<AnyRecord>, CliError> {
    let mut out = Vec::new();
    for kind in [RecordKind::Game, RecordKind::Chat] {
        mem.scan(kind, &mut |r| {
            out.push(r);
            ControlFlow::Continue(())
        })
        .map_err(fail)?;
    }
    Ok(out)
}

fn load(store: &dyn Storage, recs: Vec<AnyRecord>) -> Result<(), CliError> {
    let mut it = recs.into_iter().peekable();
    while it.peek().is_some() {
        let chunk: Vec<AnyRecord> = it.by_ref().take(10_000).collect();
        store.import(chunk).map_err(fail)?;
    }
    Ok(())
}

struct Count;

/// CPU time of the whole process so far (user + system, from `/proc/self/stat`), so the
/// figure means something on a busy machine; None where procfs is missing.
fn process_cpu() -> Option<Duration> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // Fields after the command name (which may contain spaces) start at state (field 3).
    let rest = stat.rsplit_once(')')?.1;
    let f: Vec<&str> = rest.split_whitespace().collect();
    let ticks: u64 = f.get(11)?.parse::<u64>().ok()? + f.get(12)?.parse::<u64>().ok()?;
    // USER_HZ is 100 on Linux.
    Some(Duration::from_millis(ticks * 10))
}

/// Bytes this process has written so far (`wchar` in `/proc/self/io`: every write and
/// pwrite, whether or not it has reached the disk yet); None where procfs is missing.
fn process_written() -> Option<u64> {
    let io = std::fs::read_to_string("/proc/self/io").ok()?;
    io.lines()
        .find_map(|l| l.strip_prefix("wchar:"))
        .and_then(|v| v.trim().parse().ok())
}

impl Sink for Count {
    fn fired(&self, _f: Fired) -> BoxFuture<'_> {
        Box::pin(async {})
    }
}

/// Run the benchmark and print its figures.
pub fn run(a: &TimerBenchArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let root = a.dir.clone().unwrap_or_else(|| {
        std::env::temp_dir().join(format!("ugolki-bench-timers-{}", std::process::id()))
    });
    let cleanup = a.dir.is_none();
    if a.reuse {
        let (seed, run) = (root.join("seed"), root.join("run"));
        if !seed.join("db").exists() {
            populate(a, &seed, out)?;
        }
        let _ = std::fs::remove_dir_all(&run);
        copy_dir(&seed, &run).map_err(fail)?;
        fire(a, &run, out)?;
    } else {
        populate(a, &root, out)?;
        fire(a, &root, out)?;
    }
    if cleanup {
        let _ = std::fs::remove_dir_all(&root);
    }
    Ok(())
}

/// Copy a directory tree (the store is closed, so a plain copy is consistent).
fn copy_dir(from: &std::path::Path, to: &std::path::Path) -> std::io::Result<()> {
    std::fs::create_dir_all(to)?;
    for entry in std::fs::read_dir(from)? {
        let entry = entry?;
        let target = to.join(entry.file_name());
        if entry.file_type()?.is_dir() {
            copy_dir(&entry.path(), &target)?;
        } else {
            std::fs::copy(entry.path(), target)?;
        }
    }
    Ok(())
}

/// Fill a fresh store at `root` with the pending and due games.
fn populate(
    a: &TimerBenchArgs,
    root: &std::path::Path,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let _ = std::fs::remove_dir_all(root);
    let now = Timestamp::now();
    // Pending: untimed games whose next deadline (the abandonment warning) is days away.
    // Due: Fischer 1+0 games created two minutes ago (White's flag fell a minute ago).
    let mem = Arc::new(MemoryStore::new());
    let svc = GameService::new(mem.clone(), Timing::default());
    create(&svc, a.pending, TimeControl::Untimed, now, 1_000_000)?;
    create(
        &svc,
        a.due,
        TimeControl::Clock {
            base: Millis::minutes(1),
            increment: Millis(0),
        },
        now.minus(Millis::minutes(2)),
        10_000_000,
    )?;
    let recs = records(&mem)?;
    drop(svc);
    {
        let store = super::open_store(root)?;
        let t = Instant::now();
        load(&store, recs)?;
        writeln!(
            out,
            "populated {} + {} games in {:.1} s",
            a.pending,
            a.due,
            t.elapsed().as_secs_f64()
        )
        .map_err(fail)?;
    }
    Ok(())
}

/// Start the timer over the store at `root` and fire everything due.
fn fire(a: &TimerBenchArgs, root: &std::path::Path, out: &mut dyn Write) -> Result<(), CliError> {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(fail)?;
    let (armed, fired) = rt.block_on(async {
        // Start-up: open the store and arm the timer (read the next deadlines).
        let t = Instant::now();
        let store: Arc<dyn Storage> = Arc::new(super::open_store(root)?);
        let svc = Arc::new(GameService::new(store, Timing::default()));
        let games = AsyncGames::new(svc);
        let next = games
            .run(|s| s.deadlines(Timestamp(u64::MAX), 64))
            .await
            .map_err(fail)?;
        let armed = t.elapsed();
        if next.is_empty() {
            return Err(fail("no deadlines found"));
        }
        // Fire everything due.
        let stats = Arc::new(Stats::default());
        let stop = Stop::default();
        let sched = Scheduler {
            games: games.clone(),
            clock: Arc::new(WallClock),
            sink: Arc::new(Count),
            auto_move: Arc::new(|_| None),
            parallel: a.parallel,
            batch: a.batch,
            stats: stats.clone(),
        };
        let t = Instant::now();
        let cpu0 = process_cpu();
        let written0 = process_written();
        let task = tokio::spawn(sched.run(stop.clone()));
        while (stats.fired.load(Ordering::Relaxed) as usize) < a.due {
            if t.elapsed() > Duration::from_secs(120) {
                break;
            }
            tokio::time::sleep(Duration::from_millis(2)).await;
        }
        let fired = (
            t.elapsed(),
            stats.fired.load(Ordering::Relaxed),
            cpu0.zip(process_cpu()).map(|(a, b)| b.saturating_sub(a)),
            written0
                .zip(process_written())
                .map(|(a, b)| b.saturating_sub(a)),
        );
        let (nd, er) = (
            stats.not_due.load(Ordering::Relaxed),
            stats.errors.load(Ordering::Relaxed),
        );
        if nd + er > 0 {
            eprintln!("not due: {nd}, errors: {er}");
        }
        stop.stop();
        let _ = task.await;
        Ok::<_, CliError>((armed, fired))
    })?;
    writeln!(
        out,
        "start-up with {} pending deadlines: store opened and timer armed in {:.1} ms (target < 1000 ms)",
        a.pending + a.due,
        armed.as_secs_f64() * 1e3
    )
    .map_err(fail)?;
    writeln!(
        out,
        "fired {} deadlines due at once in {:.2} s ({:.0}/s, batches of {} x {} in parallel; target < 2 s for 10,000)",
        fired.1,
        fired.0.as_secs_f64(),
        fired.1 as f64 / fired.0.as_secs_f64(),
        a.batch,
        a.parallel
    )
    .map_err(fail)?;
    if let Some(cpu) = fired.2 {
        writeln!(
            out,
            "firing used {:.2} s of CPU (user + system, all threads): {:.0} us per deadline",
            cpu.as_secs_f64(),
            cpu.as_secs_f64() * 1e6 / fired.1.max(1) as f64
        )
        .map_err(fail)?;
    }
    if let Some(bytes) = fired.3 {
        writeln!(
            out,
            "firing wrote {:.1} MB to the store's files: {:.0} bytes per deadline",
            bytes as f64 / 1e6,
            bytes as f64 / fired.1.max(1) as f64
        )
        .map_err(fail)?;
    }
    Ok(())
}
