//! Several bot instances over one store: which of them talks to Telegram.
//!
//! One bot token has one update stream, and two processes sending for it would answer
//! every move twice, so exactly one instance leads: it polls (or takes the webhook's
//! updates), makes every call, runs the timers and the sweep. The others stand by and
//! take over when the leader is gone. A store that cannot be shared (sled, memory) has one
//! instance, which always leads ([`Solo`]); the PostgreSQL store elects its leader with an
//! advisory lock (`store::postgres`).
//!
//! The updates a leader took are claimed in the store ([`Cluster::claim_updates`]), so one
//! that takes over after a crash and asks Telegram again skips those its predecessor
//! already took: no update is applied twice.

use super::ids::{GameId, Version};
use super::storage::StoreError;
use tokio::sync::{broadcast, watch};

/// A game changed on some instance: its views elsewhere are behind until they read it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Changed {
    /// The game.
    pub game: GameId,
    /// Its version after the change.
    pub version: Version,
}

/// What this instance is to the others.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// Another instance leads (or none yet): make no call to Telegram.
    Standby,
    /// This instance talks to Telegram.
    Leader,
    /// This instance led and can no longer be sure it does (another may lead now): it must
    /// stop every call at once and start again as a standby.
    Lost,
}

/// Leadership and the update log, as the bot needs them.
pub trait Cluster: Send + Sync {
    /// This instance's role, as it changes.
    fn role(&self) -> watch::Receiver<Role>;
    /// Of the update ids `ids` (just received from Telegram), those no instance took
    /// before, recording them as taken. Blocking.
    fn claim_updates(&self, ids: &[i64]) -> Result<Vec<i64>, StoreError>;
    /// The offset to poll from: one past the last update taken (`None`: Telegram's own).
    /// Blocking.
    fn update_offset(&self) -> Result<Option<i64>, StoreError>;
    /// Why the store cannot be used now (`None`: it can), for `/healthz`.
    fn trouble(&self) -> Option<String>;
    /// Whether this instance leads now.
    fn leads(&self) -> bool {
        *self.role().borrow() == Role::Leader
    }
    /// Tell the other instances that a game changed here (a move made on a standby's
    /// page must reach the leader, which shows it in the chats; every instance's pages
    /// must see it). Returns at once.
    fn publish(&self, change: Changed);
    /// The changes the other instances published.
    fn changes(&self) -> broadcast::Receiver<Changed>;
}

/// The one instance of a store nothing else shares: always the leader.
pub struct Solo {
    role: watch::Sender<Role>,
    /// Never sent on: nothing else shares the store.
    changes: broadcast::Sender<Changed>,
}

impl Default for Solo {
    fn default() -> Solo {
        Solo {
            role: watch::Sender::new(Role::Leader),
            changes: broadcast::Sender::new(1),
        }
    }
}

impl Cluster for Solo {
    fn role(&self) -> watch::Receiver<Role> {
        self.role.subscribe()
    }

    fn claim_updates(&self, ids: &[i64]) -> Result<Vec<i64>, StoreError> {
        Ok(ids.to_vec())
    }

    fn update_offset(&self) -> Result<Option<i64>, StoreError> {
        Ok(None)
    }

    fn trouble(&self) -> Option<String> {
        None
    }

    fn leads(&self) -> bool {
        true
    }

    fn publish(&self, _: Changed) {}

    fn changes(&self) -> broadcast::Receiver<Changed> {
        self.changes.subscribe()
    }
}
