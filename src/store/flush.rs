//! Group commit: concurrent commits share one flush to disk.

use super::io;
use crate::game::StoreError;
use std::sync::{Condvar, Mutex};

/// Group commit: callers that committed wait for a flush that started after their
/// commit; one of them (the leader) runs it for all.
#[derive(Default)]
pub(super) struct GroupCommit {
    state: Mutex<(u64, u64, bool)>, // (tickets issued, tickets durable, flush running)
    cv: Condvar,
}

impl GroupCommit {
    pub(super) fn wait_durable(&self, db: &sled::Db) -> Result<(), StoreError> {
        let mut s = self.state.lock().unwrap_or_else(|e| e.into_inner());
        s.0 += 1;
        let ticket = s.0;
        loop {
            if s.1 >= ticket {
                return Ok(());
            }
            if !s.2 {
                s.2 = true;
                let target = s.0;
                drop(s);
                let r = db.flush();
                s = self.state.lock().unwrap_or_else(|e| e.into_inner());
                s.2 = false;
                if r.is_ok() {
                    s.1 = s.1.max(target);
                }
                self.cv.notify_all();
                r.map_err(io)?;
            } else {
                s = self.cv.wait(s).unwrap_or_else(|e| e.into_inner());
            }
        }
    }
}
