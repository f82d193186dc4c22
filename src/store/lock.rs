//! The data-directory lock: an OS file lock on `LOCK`, which holds the owner's pid.

use super::OpenError;
use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, Write as _};
use std::path::Path;

/// Lock `dir` (created if needed) for this process, trying for up to `wait` while another
/// holds it.
pub(super) fn lock_dir(dir: &Path, wait: std::time::Duration) -> Result<File, OpenError> {
    let not_writable = |e: std::io::Error| OpenError::NotWritable {
        dir: dir.to_path_buf(),
        reason: e.to_string(),
    };
    std::fs::create_dir_all(dir).map_err(not_writable)?;
    let mut f = OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(dir.join("LOCK"))
        .map_err(not_writable)?;
    let started = std::time::Instant::now();
    let mut attempt = f.try_lock();
    while matches!(attempt, Err(std::fs::TryLockError::WouldBlock)) && started.elapsed() < wait {
        std::thread::sleep(std::time::Duration::from_millis(10));
        attempt = f.try_lock();
    }
    match attempt {
        Ok(()) => {}
        Err(std::fs::TryLockError::WouldBlock) => {
            let mut holder = String::new();
            let _ = f.read_to_string(&mut holder);
            let holder = holder.trim();
            return Err(OpenError::Locked {
                dir: dir.to_path_buf(),
                holder: (!holder.is_empty()).then(|| holder.to_string()),
            });
        }
        Err(std::fs::TryLockError::Error(e)) => return Err(not_writable(e)),
    }
    f.set_len(0).map_err(not_writable)?;
    f.rewind().map_err(not_writable)?;
    write!(f, "{}", std::process::id()).map_err(not_writable)?;
    f.sync_all().map_err(not_writable)?;
    Ok(f)
}
