//! A thread of its own, at a lower CPU priority, for work that no tap waits on: the GIF
//! replays sent when a game ends (or asked for by `/export` and `/history`).
//!
//! A replay is LZW-encoding a frame per ply: about 115 ms of CPU for an 80-move game at
//! 560 px, against about 1.3 ms for a whole move under load (docs/BENCHMARKS.md, "Load").
//! On the blocking pool, at the moves' own priority, every game end would take a core from
//! the moves for that long, and several ends at once would take both. Here replays are
//! made one at a time, and when the cores are busy the scheduler gives them to moves
//! first; an idle machine makes a replay just as fast.

use std::sync::mpsc;

/// A job for the replay thread.
type Job = Box<dyn FnOnce() + Send + 'static>;

/// How much lower than the rest of the bot the replay thread runs (a nice value, 0–19).
pub const NICENESS: i32 = 10;

/// The replay thread has stopped (its thread could not start, or the process is going down).
#[derive(Debug, thiserror::Error)]
pub enum ReplayError {
    /// The thread is gone.
    #[error("the replay thread has stopped")]
    Stopped,
    /// The job panicked (the thread itself goes on).
    #[error("a background job panicked")]
    Panicked,
}

/// A handle to the replay thread; jobs run in the order given.
#[derive(Debug)]
pub struct ReplayThread {
    tx: mpsc::Sender<Job>,
    /// Jobs given and not yet finished.
    queued: std::sync::Arc<std::sync::atomic::AtomicUsize>,
}

impl ReplayThread {
    /// Start the replay thread, named `name`, [`NICENESS`] below the caller's priority
    /// (where the OS has per-thread priorities; elsewhere at the normal one).
    pub fn start(name: &str) -> std::io::Result<ReplayThread> {
        let (tx, rx) = mpsc::channel::<Job>();
        // The thread inherits the nice value of the thread that starts it.
        std::thread::Builder::new()
            .name(name.to_string())
            .spawn(move || {
                lower_priority();
                // A panicking job drops its answer channel; the thread itself goes on.
                while let Ok(job) = rx.recv() {
                    let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(job));
                }
            })?;
        Ok(ReplayThread {
            tx,
            queued: std::sync::Arc::default(),
        })
    }

    /// Jobs given to the replay thread and not yet finished.
    pub fn queued(&self) -> usize {
        self.queued.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// Run `f` on the replay thread and wait for its result without holding a runtime thread.
    pub async fn run<T, F>(&self, f: F) -> Result<T, ReplayError>
    where
        F: FnOnce() -> T + Send + 'static,
        T: Send + 'static,
    {
        use std::sync::atomic::Ordering;
        let (tx, rx) = tokio::sync::oneshot::channel();
        let queued = std::sync::Arc::clone(&self.queued);
        queued.fetch_add(1, Ordering::Relaxed);
        let done = std::sync::Arc::clone(&queued);
        let sent = self.tx.send(Box::new(move || {
            let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(f));
            done.fetch_sub(1, Ordering::Relaxed);
            if let Ok(v) = r {
                let _ = tx.send(v);
            }
        }));
        if sent.is_err() {
            queued.fetch_sub(1, Ordering::Relaxed);
            return Err(ReplayError::Stopped);
        }
        rx.await.map_err(|_| ReplayError::Panicked)
    }
}

/// Lower the calling thread's priority by [`NICENESS`] from where it is (a bot started
/// under `nice` keeps its replays below its moves).
#[cfg(target_os = "linux")]
fn lower_priority() {
    // On Linux the nice value is per thread: PRIO_PROCESS with a thread id changes that
    // thread alone (setpriority(2), NOTES). getpriority may return -1 as a value, so
    // errno tells a failure apart.
    // SAFETY: plain system calls on the calling thread's own id.
    let r = unsafe {
        let tid = libc::syscall(libc::SYS_gettid) as libc::id_t;
        *libc::__errno_location() = 0;
        let now = libc::getpriority(libc::PRIO_PROCESS, tid);
        if now == -1 && *libc::__errno_location() != 0 {
            -1
        } else {
            libc::setpriority(libc::PRIO_PROCESS, tid, (now + NICENESS).min(19))
        }
    };
    if r != 0 {
        tracing::warn!(
            error = %std::io::Error::last_os_error(),
            "could not lower the replay thread's priority"
        );
    }
}

/// Elsewhere the replay thread runs at the normal priority (still one job at a time).
#[cfg(not(target_os = "linux"))]
fn lower_priority() {}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn jobs_run_in_order_and_a_panic_does_not_stop_the_thread() {
        let thread = ReplayThread::start("test-replays").expect("thread");
        let order = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
        let o = order.clone();
        let first = thread.run(move || o.lock().expect("lock").push(1));
        let o = order.clone();
        let second = thread.run(move || o.lock().expect("lock").push(2));
        let (a, b) = tokio::join!(first, second);
        assert!(a.is_ok() && b.is_ok());
        assert_eq!(*order.lock().expect("lock"), vec![1, 2]);
        let r: Result<(), _> = thread.run(|| panic!("a job fails")).await;
        assert!(matches!(r, Err(ReplayError::Panicked)));
        assert_eq!(thread.run(|| 6 * 7).await.expect("the thread goes on"), 42);
    }

    #[cfg(target_os = "linux")]
    #[tokio::test]
    async fn the_replay_thread_runs_at_a_lower_priority() {
        let thread = ReplayThread::start("test-nice").expect("thread");
        let mine = unsafe { libc::getpriority(libc::PRIO_PROCESS, 0) };
        let theirs = thread
            .run(|| unsafe {
                let tid = libc::syscall(libc::SYS_gettid) as libc::id_t;
                libc::getpriority(libc::PRIO_PROCESS, tid)
            })
            .await
            .expect("the replay thread");
        assert_eq!(theirs, (mine + NICENESS).min(19));
    }
}
