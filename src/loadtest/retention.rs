//! `ugolki loadtest --offers N`: the store under a steady stream of inline queries.
//! Every inline query stores the games it offers as challenges, and most are never taken;
//! the retention sweep removes them a while after they lapse. The real bot binary runs
//! against the fake Bot API with its own sled store, offers lapsing and retained for
//! seconds instead of a day each (the same code paths; the clock is not moved, time just
//! passes). `N` queries from many people arrive in rounds, a round every few seconds;
//! after each round the driver notes the challenges stored (offered so far, less those
//! the bot reports removed in `/metrics`) and the database's size on disk. Then the
//! stream stops, the last offers lapse and are swept, and the bot is stopped and its store
//! counted. The size should level off once the sweep keeps pace with the stream.

use super::process::{BotProcess, BotSpec, panics_in_log};
use super::{LoadError, scratch_dir};
use crate::fakeapi::{Event, FakeApi, TgUser};
use crate::game::{AnyRecord, RecordKind, Storage};
use crate::store::{SledStore, StoreConfig};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// One soak.
#[derive(Clone, Debug)]
pub struct RetentionConfig {
    /// The `ugolki` executable.
    pub bot_exe: PathBuf,
    /// Inline queries in all.
    pub queries: usize,
    /// People sending them.
    pub people: usize,
    /// Rounds they arrive in.
    pub rounds: usize,
    /// Time from one round's start to the next's.
    pub round: Duration,
    /// `--inline-challenge-ttl-secs`: offers lapse this long after they are made.
    pub ttl_secs: u64,
    /// `--challenge-retention-secs`: lapsed offers are removed this long after.
    pub retention_secs: u64,
    /// `--sweep-every-secs`: how often the sweep looks.
    pub sweep_every: Duration,
    /// Keep the data directory and the bot's log.
    pub keep_data: bool,
}

impl RetentionConfig {
    /// `queries` inline queries from 500 people in 30 rounds 10 s apart (a steady stream
    /// for five minutes), offers lapsing after 20 s and removed 10 s after that, the sweep
    /// looking once a minute (as in production).
    pub fn standard(bot_exe: PathBuf, queries: usize) -> RetentionConfig {
        RetentionConfig {
            bot_exe,
            queries,
            people: 500,
            rounds: 30,
            round: Duration::from_secs(10),
            ttl_secs: 20,
            retention_secs: 10,
            sweep_every: crate::bot::RETENTION_EVERY,
            keep_data: false,
        }
    }
}

/// The store at one moment.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Sample {
    /// When (`before`, `round 1`, ..., `swept`, `after`).
    pub label: String,
    /// Seconds since the stream began.
    pub secs: f64,
    /// Challenges stored: counted in the store (`before`, `after`), else the games offered
    /// so far less those the bot reports removed.
    pub challenges: usize,
    /// Records of every kind (counted: `before` and `after` only).
    pub records: Option<usize>,
    /// The database's files on disk, bytes.
    pub bytes: u64,
}

/// What a soak measured.
#[derive(Clone, Debug, Default)]
pub struct RetentionReport {
    /// Queries sent.
    pub queries: usize,
    /// Of which answered by the bot.
    pub answered: usize,
    /// Games offered in the answers (each a stored challenge).
    pub offered: usize,
    /// Challenges the bot reports removed by its sweep.
    pub removed: usize,
    /// The store over the run.
    pub samples: Vec<Sample>,
    /// Panics in the bot's log.
    pub panics: usize,
    /// Anything wrong.
    pub problems: Vec<String>,
    /// The data directory, when kept.
    pub kept: Option<PathBuf>,
}

impl RetentionReport {
    /// No problems, every query answered, every offer removed in the end.
    pub fn clean(&self) -> bool {
        self.problems.is_empty() && self.panics == 0 && self.answered == self.queries
    }

    /// The report as text.
    pub fn render(&self) -> String {
        let mut out = vec![format!(
            "{} inline queries answered of {}: {} games offered (stored as challenges), {} removed by the sweep",
            self.answered, self.queries, self.offered, self.removed
        )];
        out.push(format!(
            "{:<9} {:>7} {:>11} {:>8} {:>9}",
            "store", "secs", "challenges", "records", "size"
        ));
        for s in &self.samples {
            let records = s.records.map_or("-".to_string(), |r| r.to_string());
            out.push(format!(
                "{:<9} {:>7.1} {:>11} {:>8} {:>6} KB",
                s.label,
                s.secs,
                s.challenges,
                records,
                s.bytes / 1024
            ));
        }
        out.push(format!("panics: {}", self.panics));
        for p in &self.problems {
            out.push(format!("PROBLEM: {p}"));
        }
        if let Some(k) = &self.kept {
            out.push(format!("kept: {}", k.display()));
        }
        out.join("\n")
    }
}

/// What the inline queries ask for: a mix of the forms people type, each offering one or
/// more games (a variant, a time control, a named friend).
const QUERIES: [&str; 8] = [
    "",
    "classic",
    "diagonal 5+3",
    "classic 10s",
    "3d",
    "classic casual",
    "@friend",
    "diagonal 1+0 @friend",
];

/// Run the soak.
pub async fn run(cfg: RetentionConfig) -> Result<RetentionReport, LoadError> {
    let dir = scratch_dir("retention")?;
    let data = dir.join("data");
    let log = dir.join("bot.log");
    let api = FakeApi::start()
        .await
        .map_err(|e| LoadError::Io(format!("fake api: {e}")))?;
    api.set_keep_history(false);
    let metrics = free_addr()?;
    let mut report = RetentionReport::default();
    let spec = BotSpec {
        extra: vec![
            "--inline-challenge-ttl-secs".into(),
            cfg.ttl_secs.to_string(),
            "--challenge-retention-secs".into(),
            cfg.retention_secs.to_string(),
            "--metrics-listen".into(),
            metrics.to_string(),
            "--sweep-every-secs".into(),
            cfg.sweep_every.as_secs().max(1).to_string(),
        ],
        ..BotSpec::new(&cfg.bot_exe, &dir, api.url())
    };
    let people: Vec<TgUser> = (0..cfg.people.max(1))
        .map(|i| TgUser::new(900_000 + i as i64, &format!("Offerer{i}"), "en"))
        .collect();
    // The store as a fresh bot leaves it.
    let bot = start(&spec, &api).await?;
    stop(bot).await?;
    let mut before = count(&data, "before")?;
    before.bytes = size_of(&data);
    report.samples.push(before);

    let bot = start(&spec, &api).await?;
    let began = Instant::now();
    let rounds = cfg.rounds.max(1);
    let mut sent = 0;
    for r in 1..=rounds {
        let due = began + cfg.round * (r as u32 - 1);
        tokio::time::sleep_until(due.into()).await;
        let n = cfg.queries * r / rounds - sent;
        let (answered, offered) = ask(&api, &people, sent, n).await;
        sent += n;
        report.queries += n;
        report.answered += answered;
        report.offered += offered;
        report.removed = removed(metrics).await.unwrap_or(report.removed);
        report.samples.push(Sample {
            label: format!("round {r}"),
            secs: began.elapsed().as_secs_f64(),
            challenges: report.offered.saturating_sub(report.removed),
            records: None,
            bytes: size_of(&data),
        });
    }
    // The last offers lapse, their retention passes, and the sweep takes them.
    let limit = Instant::now()
        + Duration::from_secs(cfg.ttl_secs + cfg.retention_secs)
        + cfg.sweep_every * 2;
    while report.removed < report.offered && Instant::now() < limit {
        tokio::time::sleep(Duration::from_millis(500)).await;
        report.removed = removed(metrics).await.unwrap_or(report.removed);
    }
    report.samples.push(Sample {
        label: "swept".into(),
        secs: began.elapsed().as_secs_f64(),
        challenges: report.offered.saturating_sub(report.removed),
        records: None,
        bytes: size_of(&data),
    });
    stop(bot).await?;
    let mut after = count(&data, "after")?;
    after.secs = began.elapsed().as_secs_f64();
    after.bytes = size_of(&data);
    if after.challenges > 0 {
        report.problems.push(format!(
            "{} challenges left after the sweep",
            after.challenges
        ));
    }
    report.samples.push(after);
    report.panics = panics_in_log(&log);
    if cfg.keep_data {
        report.kept = Some(dir);
    } else {
        let _ = std::fs::remove_dir_all(&dir);
    }
    Ok(report)
}

/// A local address nothing listens on now.
fn free_addr() -> Result<std::net::SocketAddr, LoadError> {
    let l = std::net::TcpListener::bind("127.0.0.1:0").map_err(|e| LoadError::Io(e.to_string()))?;
    l.local_addr().map_err(|e| LoadError::Io(e.to_string()))
}

/// Start the bot and wait until it has registered its commands (it is serving then).
async fn start(spec: &BotSpec, api: &FakeApi) -> Result<BotProcess, LoadError> {
    // The fake keeps no history here (tens of thousands of answers): watch its calls.
    let mut calls = api.subscribe();
    let bot = BotProcess::spawn(spec)?;
    let registered = async {
        while let Some(e) = calls.recv().await {
            if matches!(&e, Event::Call(c) if c.is("SetMyCommands")) {
                return true;
            }
        }
        false
    };
    match tokio::time::timeout(Duration::from_secs(60), registered).await {
        Ok(true) => Ok(bot),
        _ => Err(LoadError::Bot("the bot did not start".into())),
    }
}

async fn stop(bot: BotProcess) -> Result<(), LoadError> {
    let status = bot.terminate(Duration::from_secs(60)).await?;
    if !status.success() {
        return Err(LoadError::Bot(format!("the bot exited with {status}")));
    }
    Ok(())
}

/// Send `n` inline queries (the `first`-th on), round-robin over `people` and
/// [`QUERIES`], a few hundred in flight at a time; how many were answered, with how many
/// results.
async fn ask(api: &FakeApi, people: &[TgUser], first: usize, n: usize) -> (usize, usize) {
    const IN_FLIGHT: usize = 200;
    let (mut answered, mut offered) = (0, 0);
    let mut waiting = std::collections::VecDeque::new();
    let mut k = first;
    while k < first + n || !waiting.is_empty() {
        while k < first + n && waiting.len() < IN_FLIGHT {
            let who = &people[k % people.len()];
            let q = QUERIES[(k / people.len()) % QUERIES.len()];
            waiting.push_back(api.inline_query(who, q, "private"));
            k += 1;
        }
        let Some(id) = waiting.pop_front() else { break };
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            if let Some(a) = api.inline_answer(&id) {
                answered += 1;
                offered += a
                    .get("results")
                    .and_then(serde_json::Value::as_array)
                    .map_or(0, Vec::len);
                break;
            }
            if Instant::now() > deadline {
                break;
            }
            tokio::time::sleep(Duration::from_millis(2)).await;
        }
    }
    (answered, offered)
}

/// The records the bot's sweep has removed, from its `/metrics`.
async fn removed(addr: std::net::SocketAddr) -> Option<usize> {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut s = tokio::net::TcpStream::connect(addr).await.ok()?;
    s.write_all(b"GET /metrics HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        .await
        .ok()?;
    let mut body = String::new();
    tokio::time::timeout(Duration::from_secs(5), s.read_to_string(&mut body))
        .await
        .ok()?
        .ok()?;
    Some(
        body.lines()
            .find_map(|l| l.strip_prefix("ugolki_retention_removed_total "))
            .and_then(|v| v.trim().parse::<f64>().ok())
            .map_or(0, |v| v as usize),
    )
}

/// The bytes of the database's files.
fn size_of(data: &Path) -> u64 {
    fn walk(p: &Path) -> u64 {
        let Ok(entries) = std::fs::read_dir(p) else {
            return 0;
        };
        entries
            .flatten()
            .map(|e| match e.metadata() {
                Ok(m) if m.is_dir() => walk(&e.path()),
                Ok(m) => m.len(),
                Err(_) => 0,
            })
            .sum()
    }
    walk(&data.join("db"))
}

/// Count the stored records (the bot stopped): `records` of every kind, `challenges`
/// those left, open or not.
fn count(data: &Path, label: &str) -> Result<Sample, LoadError> {
    let store =
        SledStore::open(&StoreConfig::at(data)).map_err(|e| LoadError::Store(e.to_string()))?;
    let (mut records, mut challenges) = (0, 0);
    for kind in RecordKind::ALL {
        store
            .scan(kind, &mut |r| {
                records += 1;
                challenges += usize::from(matches!(r, AnyRecord::Challenge(_)));
                std::ops::ControlFlow::Continue(())
            })
            .map_err(|e| LoadError::Store(e.to_string()))?;
    }
    Ok(Sample {
        label: label.into(),
        secs: 0.0,
        challenges,
        records: Some(records),
        bytes: 0,
    })
}
