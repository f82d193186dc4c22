//! The boards of tables of three or four seats: one lane each, so a table's changes are
//! shown in order and a burst collapses into one edit for the newest.

use crate::game::TableId;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// Per-table state of the one board: held while it is drawn and sent, so changes are
/// shown in order; the last version shown lets a burst collapse into its newest.
#[derive(Default)]
pub struct TableBoards(Mutex<HashMap<u64, Arc<tokio::sync::Mutex<u64>>>>);

impl TableBoards {
    pub fn lane(&self, id: TableId) -> Arc<tokio::sync::Mutex<u64>> {
        let mut m = self.0.lock().unwrap_or_else(|e| e.into_inner());
        if m.len() > 10_000 {
            m.retain(|_, l| Arc::strong_count(l) > 1);
        }
        Arc::clone(m.entry(id.0).or_default())
    }
}
