//! The bot under test as a child process: started from the real binary, killed with SIGKILL,
//! stopped with SIGTERM, and measured through `/proc/<pid>/status`.

use super::LoadError;
use std::path::PathBuf;
use std::process::{ExitStatus, Stdio};
use std::time::Duration;

/// How to start the bot.
#[derive(Clone, Debug)]
pub struct BotSpec {
    /// The `ugolki` executable.
    pub exe: PathBuf,
    /// Its data directory (`--data-dir`).
    pub data_dir: PathBuf,
    /// The fake Bot API (`--api-url`).
    pub api_url: String,
    /// `--actions-per-minute` (0 = no per-user limit).
    pub actions_per_minute: u32,
    /// `--board-px`.
    pub board_px: u32,
    /// The bot's stderr is appended here (its log, and any panic message).
    pub log_file: PathBuf,
    /// `--log` filter.
    pub log_level: String,
    /// Keep within Telegram's rate limits as in production (else `--no-pacing`: raw
    /// throughput only).
    pub pacing: bool,
    /// More flags for `ugolki bot`.
    pub extra: Vec<String>,
}

impl BotSpec {
    /// A bot run from `exe` against the API at `api_url`, keeping its store and log in
    /// `dir`, paced as in production, without a per-user limit, logging at `info`.
    pub fn new(exe: &std::path::Path, dir: &std::path::Path, api_url: String) -> BotSpec {
        BotSpec {
            exe: exe.to_path_buf(),
            data_dir: dir.join("data"),
            api_url,
            actions_per_minute: 0,
            board_px: 320,
            log_file: dir.join("bot.log"),
            log_level: "info".into(),
            pacing: true,
            extra: Vec::new(),
        }
    }
}

/// Resident memory of a process, in KiB.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Memory {
    /// `VmRSS`: resident now.
    pub rss_kib: u64,
    /// `VmHWM`: the peak resident size so far.
    pub hwm_kib: u64,
}

/// Read `VmRSS` and `VmHWM` of `pid` (Linux only; `None` elsewhere or once it exited).
pub fn memory_of(pid: u32) -> Option<Memory> {
    let s = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let field = |name: &str| -> Option<u64> {
        s.lines()
            .find(|l| l.starts_with(name))?
            .split_whitespace()
            .nth(1)?
            .parse()
            .ok()
    };
    Some(Memory {
        rss_kib: field("VmRSS:")?,
        hwm_kib: field("VmHWM:")?,
    })
}

/// CPU time (user + system) `pid` has used so far (Linux only; `None` elsewhere or once
/// it exited). On a shared machine this, per acknowledged move, is the figure that does
/// not depend on how many cores the other jobs left to the bot.
pub fn cpu_of(pid: u32) -> Option<std::time::Duration> {
    let s = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The command name (field 2) may contain spaces: count from the closing parenthesis.
    let rest = &s[s.rfind(')')? + 1..];
    let f: Vec<&str> = rest.split_whitespace().collect();
    // Fields 14 and 15 (utime, stime) are the 12th and 13th after the name.
    let ticks: u64 = f.get(11)?.parse::<u64>().ok()? + f.get(12)?.parse::<u64>().ok()?;
    // SAFETY: sysconf has no preconditions.
    let hz = unsafe { libc::sysconf(libc::_SC_CLK_TCK) };
    let hz = if hz > 0 { hz as u64 } else { 100 };
    Some(std::time::Duration::from_micros(ticks * 1_000_000 / hz))
}

/// A running bot process. Dropping it kills the process.
pub struct BotProcess {
    child: tokio::process::Child,
    pid: u32,
}

impl BotProcess {
    /// Start `ugolki bot` as `spec` says.
    pub fn spawn(spec: &BotSpec) -> Result<BotProcess, LoadError> {
        let log = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&spec.log_file)
            .map_err(|e| LoadError::Io(format!("{}: {e}", spec.log_file.display())))?;
        let child = tokio::process::Command::new(&spec.exe)
            .arg("bot")
            .arg("--api-url")
            .arg(&spec.api_url)
            .args((!spec.pacing).then_some("--no-pacing"))
            .arg("--data-dir")
            .arg(&spec.data_dir)
            .arg("--actions-per-minute")
            .arg(spec.actions_per_minute.to_string())
            .arg("--board-px")
            .arg(spec.board_px.to_string())
            .arg("--log")
            .arg(&spec.log_level)
            .args(&spec.extra)
            .env("TELOXIDE_TOKEN", "4242:LOADTEST")
            .stdin(Stdio::null())
            .stdout(Stdio::from(log.try_clone().map_err(|e| {
                LoadError::Io(format!("{}: {e}", spec.log_file.display()))
            })?))
            .stderr(Stdio::from(log))
            .kill_on_drop(true)
            .spawn()
            .map_err(|e| LoadError::Bot(format!("cannot start {}: {e}", spec.exe.display())))?;
        let pid = child
            .id()
            .ok_or_else(|| LoadError::Bot("the bot exited at once".into()))?;
        Ok(BotProcess { child, pid })
    }

    /// The process id.
    pub fn pid(&self) -> u32 {
        self.pid
    }

    /// Its memory now.
    pub fn memory(&self) -> Option<Memory> {
        memory_of(self.pid)
    }

    /// SIGKILL: no chance to flush or finish anything.
    pub async fn kill(mut self) -> Result<(), LoadError> {
        self.child
            .kill()
            .await
            .map_err(|e| LoadError::Bot(format!("cannot kill the bot: {e}")))
    }

    /// SIGTERM, then wait up to `grace` for a clean exit (SIGKILL after that).
    pub async fn terminate(mut self, grace: Duration) -> Result<ExitStatus, LoadError> {
        let _ = std::process::Command::new("kill")
            .arg("-TERM")
            .arg(self.pid.to_string())
            .status();
        match tokio::time::timeout(grace, self.child.wait()).await {
            Ok(r) => r.map_err(|e| LoadError::Bot(format!("waiting for the bot: {e}"))),
            Err(_) => {
                let _ = self.child.kill().await;
                Err(LoadError::Bot(format!(
                    "the bot did not stop within {} s of SIGTERM",
                    grace.as_secs()
                )))
            }
        }
    }
}

/// Count panics in a bot log (the default hook prints `panicked at`).
pub fn panics_in_log(log: &std::path::Path) -> usize {
    std::fs::read_to_string(log)
        .map(|s| s.matches("panicked at").count())
        .unwrap_or(0)
}
