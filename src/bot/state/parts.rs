//! The parts of the bot's shared state ([`super::AppInner`]), each reached through its
//! methods so that a feature touches only what it needs: Telegram ([`Telegram`]), each
//! game's views ([`Views`]), the people the bot answers ([`People`]) and the work beside
//! the chats ([`Tasks`]).

use super::{ActionLog, Allowance, BotClock, TOUCHED_MAX, analyses, liveness, outbox, pages};
use super::{offers, replays, replies, turn_notices};
use crate::bot::telegram::{Pacer, TapOrder};
use crate::game::scheduler::Stats;
use crate::game::{ChatId, GameId, Language, UserId};
use crate::render::Renderer;
use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};
use teloxide::Bot;
use tokio::sync::{AcquireError, OwnedSemaphorePermit, Semaphore};

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// Telegram: the client, the pacing of every call into it, the order of tap answers, and
/// when it last answered.
pub struct Telegram {
    bot: Bot,
    pacer: Pacer,
    taps: Arc<TapOrder>,
    live: Arc<liveness::Liveness>,
    reachability: tokio::sync::Mutex<()>,
}

impl Telegram {
    /// The parts of a bot's link to Telegram.
    pub fn new(bot: Bot, pacer: Pacer, taps: Arc<TapOrder>, live: Arc<liveness::Liveness>) -> Self {
        Telegram {
            bot,
            pacer,
            taps,
            live,
            reachability: tokio::sync::Mutex::new(()),
        }
    }

    /// The client (every call goes through [`Telegram::pacer`]).
    pub fn bot(&self) -> &Bot {
        &self.bot
    }

    /// Outgoing pacing.
    pub fn pacer(&self) -> &Pacer {
        &self.pacer
    }

    /// Taps answered after a call they caused (see [`TapOrder`]).
    pub fn taps(&self) -> &Arc<TapOrder> {
        &self.taps
    }

    /// When Telegram last answered a poll or delivered an update (for `/healthz`).
    pub fn live(&self) -> &Arc<liveness::Liveness> {
        &self.live
    }

    /// Held while a chat is marked closed to the bot or open again, so that the two happen
    /// one at a time.
    pub async fn reachability_change(&self) -> tokio::sync::MutexGuard<'_, ()> {
        self.reachability.lock().await
    }
}

/// Each game's views: the board messages and what waits to be sent to them, their
/// pictures, the Mini App's pages, and the start-up repair of boards.
pub struct Views {
    renderer: Renderer,
    render_pool: Arc<Semaphore>,
    boards: outbox::Outbox,
    pages: pages::Pages,
    launch: Option<pages::Launch>,
    to_repair: Mutex<HashSet<u64>>,
    reposts: Mutex<HashSet<(u64, i64)>>,
}

impl Views {
    /// Views drawing at most `renders` pictures at once, opening the Mini App as `launch`
    /// says (`None`: it is not served).
    pub fn new(renders: usize, launch: Option<pages::Launch>) -> Self {
        Views {
            renderer: Renderer::new(),
            render_pool: Arc::new(Semaphore::new(renders.max(1))),
            boards: outbox::Outbox::default(),
            pages: pages::Pages::default(),
            launch,
            to_repair: Mutex::new(HashSet::new()),
            reposts: Mutex::new(HashSet::new()),
        }
    }

    /// Board pictures.
    pub fn renderer(&self) -> &Renderer {
        &self.renderer
    }

    /// A permit to draw a picture: one per core. Pictures are drawn on the runtime's
    /// workers; more at once would only time-slice the cores while each holds its pixel
    /// buffers, which were a large part of the bot's memory under load.
    pub async fn render_permit(&self) -> Result<OwnedSemaphorePermit, AcquireError> {
        Arc::clone(&self.render_pool).acquire_owned().await
    }

    /// Board edits waiting for their chat's slot, newest state only.
    pub fn boards(&self) -> &outbox::Outbox {
        &self.boards
    }

    /// The Mini App's open pages, per game.
    pub fn pages(&self) -> &pages::Pages {
        &self.pages
    }

    /// How boards open the Mini App (`None`: it is not served).
    pub fn launch(&self) -> Option<&pages::Launch> {
        self.launch.as_ref()
    }

    /// Take the right to post game `id`'s board in `chat` anew; `None` while another
    /// caller holds it (dropping the [`Reposting`] gives it back).
    pub fn reposting(self: &Arc<Self>, id: GameId, chat: ChatId) -> Option<Reposting> {
        let key = (id.0, chat.0);
        lock(&self.reposts).insert(key).then(|| Reposting {
            views: Arc::clone(self),
            key,
        })
    }

    /// Start the start-up repair's list over with `games` (empty when it is done).
    pub fn mark_for_repair(&self, games: &[GameId]) {
        let mut r = lock(&self.to_repair);
        r.clear();
        r.extend(games.iter().map(|g| g.0));
        r.shrink_to_fit();
    }

    /// Whether game `id`'s boards still wait for the start-up repair.
    pub fn needs_repair(&self, id: GameId) -> bool {
        lock(&self.to_repair).contains(&id.0)
    }

    /// Every board of game `id` now shows its stored state (a board shown since by a move
    /// is taken off the repair's list, so the repair does not draw it again).
    pub fn repaired(&self, id: GameId) {
        let mut r = lock(&self.to_repair);
        if !r.is_empty() {
            r.remove(&id.0);
        }
    }
}

/// A board being posted anew (see [`Views::reposting`]); dropping it ends that.
pub struct Reposting {
    views: Arc<Views>,
    key: (u64, i64),
}

impl Drop for Reposting {
    fn drop(&mut self) {
        lock(&self.views.reposts).remove(&self.key);
    }
}

/// The people the bot answers: what Telegram says of them, the per-person limit, the
/// refusals waiting to collapse, their turn notices and inline offers.
pub struct People {
    seen_lang: Mutex<HashMap<u64, Language>>,
    actions: Mutex<HashMap<u64, ActionLog>>,
    touched: Mutex<HashMap<u64, (String, Option<String>)>>,
    per_minute: usize,
    window: Duration,
    replies: replies::Replies,
    notices: turn_notices::Notices,
    offers: offers::Offers,
}

impl People {
    /// People limited to `per_minute` actions in each `window` (0: no limit).
    pub fn new(per_minute: u32, window: Duration) -> Self {
        People {
            seen_lang: Mutex::new(HashMap::new()),
            actions: Mutex::new(HashMap::new()),
            touched: Mutex::new(HashMap::new()),
            per_minute: per_minute as usize,
            window,
            replies: replies::Replies::default(),
            notices: turn_notices::Notices::default(),
            offers: offers::Offers::default(),
        }
    }

    /// Refusal replies per person, a burst collapsed into its newest.
    pub fn replies(&self) -> &replies::Replies {
        &self.replies
    }

    /// Turn notifications sent, and where people look.
    pub fn notices(&self) -> &turn_notices::Notices {
        &self.notices
    }

    /// Challenges offered through inline mode, for reuse while someone types.
    pub fn offers(&self) -> &offers::Offers {
        &self.offers
    }

    /// Remember the language Telegram reports for `user` (not persisted).
    pub fn saw_language(&self, user: UserId, l: Language) {
        lock(&self.seen_lang).insert(user.0, l);
    }

    /// The language Telegram last reported for `user`.
    pub fn seen_language(&self, user: UserId) -> Option<Language> {
        lock(&self.seen_lang).get(&user.0).copied()
    }

    /// Whether `user`'s name and username were stored as `seen` by this process (a store
    /// call per update saved).
    pub fn stored_as(&self, user: UserId, seen: &(String, Option<String>)) -> bool {
        lock(&self.touched).get(&user.0).is_some_and(|k| k == seen)
    }

    /// `user`'s name and username were stored as `seen` (forgotten all at once at
    /// [`TOUCHED_MAX`] people).
    pub fn stored(&self, user: UserId, seen: (String, Option<String>)) {
        let mut t = lock(&self.touched);
        if t.len() >= TOUCHED_MAX {
            t.clear();
        }
        t.insert(user.0, seen);
    }

    /// The per-user limit on what costs the bot work that no game bounds (new games and
    /// challenges, `/board`, renders, settings, store scans, refusal replies): true if
    /// `user` may start one now (it is then counted). Moves are never asked about: a game
    /// bounds them (one per turn), and a legal move in one's own game is always played.
    pub fn allow_action(&self, user: u64) -> bool {
        self.check_action(user) == Allowance::Allowed
    }

    /// Count a refused input of `user`'s against the limit (its answer is free, a tap's
    /// alert, but the input cost a read; a flood of them uses the budget up).
    pub fn count_action(&self, user: u64) {
        let _ = self.check_action(user);
    }

    /// As [`People::allow_action`], also saying whether a refusal should be told.
    pub fn check_action(&self, user: u64) -> Allowance {
        if self.per_minute == 0 {
            return Allowance::Allowed;
        }
        let mut g = lock(&self.actions);
        let now = Instant::now();
        let verdict = g
            .entry(user)
            .or_default()
            .check(now, self.per_minute, self.window);
        if g.len() > 100_000 {
            g.retain(|_, l| l.recent(now, self.window));
        }
        verdict
    }

    /// Forget the people who have done nothing in the last minute.
    pub fn sweep_actions(&self) {
        let now = Instant::now();
        let mut g = lock(&self.actions);
        g.retain(|_, l| l.recent(now, self.window));
        g.shrink_to_fit();
    }

    /// Count a refusal's reply to `user` against the limit: `None` when it may go now
    /// (counted), else when the limit lets one more through (the reply waits until then,
    /// so a refusal is never silent, and a flood of refused input costs no more than its
    /// budget).
    pub fn reply_slot(&self, user: u64) -> Option<Instant> {
        if self.per_minute == 0 {
            return None;
        }
        let mut g = lock(&self.actions);
        let now = Instant::now();
        let log = g.entry(user).or_default();
        match log.check(now, self.per_minute, self.window) {
            Allowance::Allowed => None,
            Allowance::Refused { .. } => Some(log.free_at(now, self.per_minute, self.window)),
        }
    }
}

/// The work beside the chats: the program's searches, replays and analyses on threads of
/// their own, the game ends being announced, the timer's counters, the bot's clock, and
/// the stop.
pub struct Tasks {
    thinking: Mutex<HashSet<u64>>,
    ai_pool: Arc<Semaphore>,
    replays: replays::ReplayThread,
    analyses: analyses::Analyses,
    ending: AtomicUsize,
    stopping: AtomicBool,
    started: Instant,
    timers: Arc<Stats>,
    clock: Arc<BotClock>,
    tournaments: tokio::sync::Notify,
    tournament_games: Mutex<HashSet<u64>>,
    tournament_steps: tokio::sync::Mutex<()>,
    entries: Mutex<HashMap<u64, bool>>,
}

impl Tasks {
    /// The tasks of a bot running at most `searches` program searches at once, on `clock`.
    pub fn new(
        searches: usize,
        replays: replays::ReplayThread,
        analyses: analyses::Analyses,
        clock: Arc<BotClock>,
    ) -> Self {
        Tasks {
            thinking: Mutex::new(HashSet::new()),
            ai_pool: Arc::new(Semaphore::new(searches.max(1))),
            replays,
            analyses,
            ending: AtomicUsize::new(0),
            stopping: AtomicBool::new(false),
            started: Instant::now(),
            timers: Arc::default(),
            clock,
            tournaments: tokio::sync::Notify::new(),
            tournament_games: Mutex::new(HashSet::new()),
            tournament_steps: tokio::sync::Mutex::new(()),
            entries: Mutex::new(HashMap::new()),
        }
    }

    /// Held while a tournament is moved on and the group told: one step at a time, so two
    /// steps (a tap and the task) never tell the group the same thing.
    pub fn tournament_steps(&self) -> &tokio::sync::Mutex<()> {
        &self.tournament_steps
    }

    /// Tournament `id`'s entry message is to be shown anew. Returns true when nobody is
    /// showing it yet: the caller starts the one sender, which takes each change with
    /// [`Self::entry_next`] (a group's edits are paced, so changes made while one edit
    /// waits go out together in the next).
    pub fn entry_changed(&self, id: u64) -> bool {
        let mut e = lock(&self.entries);
        let first = !e.contains_key(&id);
        e.insert(id, true);
        first
    }

    /// For the sender of tournament `id`'s entry: whether there is a change to show
    /// (taken), or none, and the sender stops.
    pub fn entry_next(&self, id: u64) -> bool {
        let mut e = lock(&self.entries);
        match e.get_mut(&id) {
            Some(dirty) if *dirty => {
                *dirty = false;
                true
            }
            _ => {
                e.remove(&id);
                false
            }
        }
    }

    /// Remember that these games are a running tournament's (kept by the task that moves
    /// tournaments on, from the stored records).
    pub fn tournament_games(&self, ids: impl IntoIterator<Item = GameId>) {
        lock(&self.tournament_games).extend(ids.into_iter().map(|g| g.0));
    }

    /// Whether game `id` is a running tournament's: its end is told in the round's results
    /// rather than with a replay of its own in the group, whose pace the round needs.
    pub fn is_tournament_game(&self, id: GameId) -> bool {
        lock(&self.tournament_games).contains(&id.0)
    }

    /// Wakes the task that moves tournaments on (a game of one may have ended).
    pub fn tournaments(&self) -> &tokio::sync::Notify {
        &self.tournaments
    }

    /// Mark the program as thinking in game `id`; false if it already is (one search per
    /// game at a time).
    pub fn start_thinking(&self, id: GameId) -> bool {
        lock(&self.thinking).insert(id.0)
    }

    /// The program's search in game `id` is over.
    pub fn done_thinking(&self, id: GameId) {
        lock(&self.thinking).remove(&id.0);
    }

    /// Whether the program is thinking in game `id`.
    pub fn is_thinking(&self, id: GameId) -> bool {
        lock(&self.thinking).contains(&id.0)
    }

    /// How many games the program is thinking in.
    pub fn thinking(&self) -> usize {
        lock(&self.thinking).len()
    }

    /// A permit for a program search: at most so many run at once on the blocking pool,
    /// the rest wait their turn without holding a thread.
    pub async fn search_permit(&self) -> Result<OwnedSemaphorePermit, AcquireError> {
        Arc::clone(&self.ai_pool).acquire_owned().await
    }

    /// GIF replays are made here, one at a time and below the moves' priority.
    pub fn replays(&self) -> &replays::ReplayThread {
        &self.replays
    }

    /// Analyses asked for, made one at a time on a thread of their own below the moves'
    /// priority.
    pub fn analyses(&self) -> &analyses::Analyses {
        &self.analyses
    }

    /// A game's end is being announced until the guard is dropped (a stop waits for it).
    pub fn ending(self: &Arc<Self>) -> Ending {
        self.ending.fetch_add(1, Ordering::SeqCst);
        Ending(Arc::clone(self))
    }

    /// How many game ends are being announced.
    pub fn endings(&self) -> usize {
        self.ending.load(Ordering::SeqCst)
    }

    /// The stop begins (the health check answers 503 from then on).
    pub fn begin_stop(&self) {
        self.stopping.store(true, Ordering::SeqCst);
    }

    /// Whether the stop has begun.
    pub fn is_stopping(&self) -> bool {
        self.stopping.load(Ordering::SeqCst)
    }

    /// How long the bot has run.
    pub fn uptime(&self) -> Duration {
        self.started.elapsed()
    }

    /// The timer task's counters (served as metrics).
    pub fn timers(&self) -> &Arc<Stats> {
        &self.timers
    }

    /// The bot's clock.
    pub fn clock(&self) -> &Arc<BotClock> {
        &self.clock
    }
}

/// A game's end being announced (see [`Tasks::ending`]).
pub struct Ending(Arc<Tasks>);

impl Drop for Ending {
    fn drop(&mut self) {
        self.0.ending.fetch_sub(1, Ordering::SeqCst);
    }
}
