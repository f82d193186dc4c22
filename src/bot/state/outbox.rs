//! The state of every board's outgoing edits: the newest request waiting per board and
//! what the board shows. The sender that drains it is in [`crate::bot::play::board`].

use crate::engine::Square;
use crate::game::{ChatId, GameId, Version};
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};

/// Where one board of a game is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BoardAt {
    /// A message in this chat.
    Chat(ChatId),
    /// The game's inline message (`GameRecord::inline`), by its lane ([`inline_lane`]).
    Inline(i64),
}

/// Inline messages' lanes start here and go down: Telegram's chat ids have at most 52
/// significant bits, so no chat reaches this range.
const INLINE_LANES: i64 = -(1 << 61);

impl BoardAt {
    /// The key of the board's pacing lane ([`crate::bot::telegram::Pacer`]) and, with the game, of
    /// its slot here: the chat's id, or the inline message's lane.
    pub fn lane(self) -> i64 {
        match self {
            BoardAt::Chat(c) => c.0,
            BoardAt::Inline(lane) => lane,
        }
    }
}

/// The pacing lane of an inline message, whose chat the bot never learns: one per
/// message, whatever it shows (a challenge, its game, a rematch offer, the next game).
pub fn inline_lane(message: &str) -> i64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    message.hash(&mut h);
    INLINE_LANES - (h.finish() >> 4) as i64
}

/// What the board shows besides the position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ui {
    /// Just the position and the last move.
    Plain,
    /// The same, replacing a selection shown in the keyboard alone (see
    /// [`keyboard_only`]): only the keyboard changes.
    Unselect,
    /// A piece selected with its destinations marked.
    Select(Square),
    /// A losing return home waiting for confirmation.
    ConfirmHome {
        /// Origin.
        from: Square,
        /// Destination.
        to: Square,
    },
    /// "Resign?" with Yes and No (inline boards, whose players have no chat to type in).
    ConfirmResign,
    /// A line of news under the caption until the next move (inline boards: a timer's
    /// announcement, since there is no chat to send it to).
    News(String),
}

/// What a board is asked to show next: `ui` if the game is still at `ply` and on (a
/// selection or a question belongs to one position), else the plain current state.
pub struct Want {
    pub ui: Ui,
    pub ply: u32,
    /// Callers waiting until this request is done (sent, found shown, or failed).
    pub done: Vec<tokio::sync::oneshot::Sender<()>>,
}

/// One board's outgoing state.
#[derive(Default)]
struct Slot {
    /// A sender task runs for this board.
    running: bool,
    /// The newest request not yet taken by the sender: a newer one replaces it.
    next: Option<Want>,
    /// The version and extras last shown.
    sent: Option<(Version, Ui)>,
    /// The version whose picture and caption the message shows (a selection on an 8×8
    /// board changes the keyboard alone, so the picture may be older than `sent`).
    picture: Option<Version>,
    /// The ply the board last showed: a turn is shown late only the first time.
    ply: Option<u32>,
}

/// Where a game's boards are with showing a turn (see [`Outbox::progress`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Progress {
    /// Every board shows it.
    Shown,
    /// A board's update waits for its slot or is going out.
    Pending,
    /// Nothing is pending, yet not every board is known to show it.
    Idle,
}

/// Counters of the board sender (logged at stop, served as metrics).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OutboxStats {
    /// Board edits and posts sent.
    pub sent: u64,
    /// Requests replaced by a newer one while they waited for their slot.
    pub coalesced: u64,
    /// Requests found already shown (nothing sent).
    pub unchanged: u64,
    /// States read older than the one the board already shows (dropped).
    pub older: u64,
}

/// Every board's outgoing edits, one sender per board.
///
/// A board's edit waits for its chat's slot (see [`tg::Pacer`]) and only then reads the
/// game and draws the picture, so what goes out is the newest state with its clocks as
/// of the send; requests made while it waits collapse into one. The version last sent is
/// kept per board, and a state older than it is never sent, whatever path asked for it
/// (a move, the timer, the start-up redraw, a selection).
#[derive(Default)]
pub struct Outbox {
    slots: std::sync::Mutex<HashMap<(u64, i64), Slot>>,
    /// Told whenever a board goes out or a sender stops (see [`Outbox::progress`]).
    changed: tokio::sync::Notify,
    sent: AtomicU64,
    pub(in crate::bot) coalesced: AtomicU64,
    pub(in crate::bot) unchanged: AtomicU64,
    pub(in crate::bot) older: AtomicU64,
}

/// Boards remembered before idle ones are forgotten (a forgotten board's next selection
/// redraws its picture once).
const SLOTS_KEPT: usize = 50_000;

impl Outbox {
    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<(u64, i64), Slot>> {
        self.slots.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// How far the boards `at` of game `id` are with showing `ply`: every one shows it
    /// (or a later one), an update of one is still waiting or going out, or none is
    /// pending though not all show it (nothing asked yet, or unknown since a restart).
    pub(in crate::bot) fn progress(&self, id: GameId, at: &[BoardAt], ply: u32) -> Progress {
        let m = self.lock();
        let mut all = true;
        for b in at {
            let s = m.get(&(id.0, b.lane()));
            if s.is_some_and(|s| s.running) {
                return Progress::Pending;
            }
            all &= s.and_then(|s| s.ply).is_some_and(|p| p >= ply);
        }
        if all { Progress::Shown } else { Progress::Idle }
    }

    /// Wait until a board goes out or a sender stops.
    pub(in crate::bot) async fn changed(&self) {
        self.changed.notified().await;
    }

    /// Counters since start.
    pub fn stats(&self) -> OutboxStats {
        OutboxStats {
            sent: self.sent.load(Ordering::Relaxed),
            coalesced: self.coalesced.load(Ordering::Relaxed),
            unchanged: self.unchanged.load(Ordering::Relaxed),
            older: self.older.load(Ordering::Relaxed),
        }
    }

    /// Boards whose sender is still running (a send waiting for its slot or a retry).
    pub fn busy(&self) -> usize {
        self.lock().values().filter(|s| s.running).count()
    }

    /// Ask board (`id`, `at`) to show `want`; true if a sender must be started.
    pub(in crate::bot) fn put(&self, id: GameId, at: BoardAt, want: Want) -> bool {
        let mut m = self.lock();
        if m.len() > SLOTS_KEPT {
            m.retain(|_, s| s.running);
        }
        let s = m.entry((id.0, at.lane())).or_default();
        let mut want = want;
        if let Some(old) = s.next.take() {
            self.coalesced.fetch_add(1, Ordering::Relaxed);
            want.done.extend(old.done);
            // A plain "show the latest state" for the same turn keeps what the waiting
            // request shows over it (a selection the player just made, a question): the
            // sender draws it over the newest state, and a move drops it anyway.
            if want.ui == Ui::Plain && old.ply == want.ply {
                want.ui = old.ui;
            }
        }
        s.next = Some(want);
        !std::mem::replace(&mut s.running, true)
    }

    /// The newest request for the board, or `None` (and the sender stops) when there is
    /// none.
    pub(in crate::bot) fn take(&self, key: (u64, i64), stop: bool) -> Option<Want> {
        let mut m = self.lock();
        let s = m.get_mut(&key)?;
        let w = s.next.take();
        if w.is_none() && stop {
            s.running = false;
            self.changed.notify_waiters();
        }
        w
    }

    /// Put a failed request back, unless a newer one came meanwhile (its waiters join it).
    pub(in crate::bot) fn retry(&self, key: (u64, i64), want: Want) {
        let mut m = self.lock();
        let s = m.entry(key).or_default();
        match s.next.as_mut() {
            Some(newer) => newer.done.extend(want.done),
            None => s.next = Some(want),
        }
    }

    pub(in crate::bot) fn sent(&self, key: (u64, i64)) -> (Option<(Version, Ui)>, Option<Version>) {
        self.lock()
            .get(&key)
            .map(|s| (s.sent.clone(), s.picture))
            .unwrap_or_default()
    }

    /// The ply the board last showed (none known since start).
    pub(in crate::bot) fn shown_ply(&self, key: (u64, i64)) -> Option<u32> {
        self.lock().get(&key).and_then(|s| s.ply)
    }

    /// A change of the game that shows nothing new (a turn notice sent) took its record
    /// from `from` to the next version: a board showing `from` shows that one too, so the
    /// next selection still edits the keyboard alone.
    pub(in crate::bot) fn carry(&self, key: (u64, i64), from: Version, to: Version) {
        let mut m = self.lock();
        if let Some(s) = m.get_mut(&key) {
            if let Some((v, _)) = s.sent.as_mut().filter(|(v, _)| *v == from) {
                *v = to;
            }
            if s.picture == Some(from) {
                s.picture = Some(to);
            }
        }
    }

    pub(in crate::bot) fn record(
        &self,
        key: (u64, i64),
        version: Version,
        ply: u32,
        ui: Ui,
        picture: bool,
    ) {
        self.sent.fetch_add(1, Ordering::Relaxed);
        let mut m = self.lock();
        let s = m.entry(key).or_default();
        s.sent = Some((version, ui));
        s.ply = Some(ply);
        if picture {
            s.picture = Some(version);
        }
        drop(m);
        self.changed.notify_waiters();
    }
}
