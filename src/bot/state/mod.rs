//! The bot's shared state, handed to every handler by the dispatcher ([`App`]), and the
//! state it holds: what each board shows and what waits to be sent to it ([`outbox`]),
//! refusal replies waiting to collapse ([`replies`]), turn notices and where people look
//! ([`turn_notices`]), inline offers ([`offers`]), the replay thread ([`replays`]) and
//! Telegram's last answer ([`liveness`]); and small helpers around it: languages, names,
//! time, the per-person limit.

pub(crate) mod analyses;
pub(crate) mod links;
pub(crate) mod liveness;
pub(crate) mod offers;
pub(crate) mod outbox;
pub(crate) mod pages;
pub(crate) mod replays;
pub(crate) mod replies;
pub(crate) mod turn_notices;

use crate::bot::telegram::Pacer;
use crate::engine::Color;
use crate::game::{
    AsyncGames, ChatId, ChatRecord, GameId, GameRecord, Language, Millis, Player, ServiceError,
    Timestamp, UserId, UserProfile,
};
use crate::render::Renderer;
use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use teloxide::Bot;
use teloxide::types::User;

/// Tunables of a running bot (from configuration).
#[derive(Clone, Debug)]
pub struct Tuning {
    /// Board picture size in pixels.
    pub board_px: u32,
    /// Level the program plays when it moves for a player who missed the per-move limit.
    pub auto_move_level: u8,
    /// Actions one user may start per minute that cost the bot work no game bounds (new
    /// games, `/board`, renders, settings, refusal replies); moves are never counted.
    pub actions_per_minute: u32,
    /// The span that limit counts in (a minute; tests shorten it).
    pub actions_window: Duration,
    /// `/healthz` fails when Telegram has not answered for this long.
    pub unhealthy_after: std::time::Duration,
    /// Where inline boards' pictures are uploaded (see [`crate::bot::BotConfig::media_chats`]).
    pub media_chats: Vec<ChatId>,
    /// How often the retention sweep runs.
    pub sweep_every: Duration,
}

/// Everything handlers share. Cheap to clone.
#[derive(Clone)]
pub struct App(pub Arc<AppInner>);

/// The contents of [`App`].
pub struct AppInner {
    /// The Telegram client.
    pub bot: Bot,
    /// The game service.
    pub games: AsyncGames,
    /// Board pictures.
    pub renderer: Renderer,
    /// Outgoing pacing.
    pub pacer: Pacer,
    /// Board edits waiting for their chat's slot, newest state only.
    pub boards: crate::bot::state::outbox::Outbox,
    /// Refusal replies per person, a burst collapsed into its newest.
    pub replies: crate::bot::state::replies::Replies,
    /// Turn notifications sent.
    pub notices: crate::bot::state::turn_notices::Notices,
    /// Challenges offered through inline mode, for reuse while someone types.
    pub offers: crate::bot::state::offers::Offers,
    /// Tunables.
    pub tuning: Tuning,
    /// Games the program is thinking in (one search per game at a time).
    pub thinking: Mutex<HashSet<u64>>,
    /// Permits for program searches: at most this many run at once on the blocking pool,
    /// the rest wait their turn without holding a thread.
    pub ai_pool: Arc<tokio::sync::Semaphore>,
    /// Permits for board pictures: one per core. Pictures are drawn on the runtime's
    /// workers; more at once would only time-slice the cores while each holds its pixel
    /// buffers, which were a large part of the bot's memory under load.
    pub render_pool: Arc<tokio::sync::Semaphore>,
    /// Telegram's `language_code` per user, as last seen (not persisted).
    pub seen_lang: Mutex<HashMap<u64, Language>>,
    /// Per-user action timestamps for rate limiting.
    pub actions: Mutex<HashMap<u64, ActionLog>>,
    /// Name and username last stored per user by [`App::touch`] (skips the store call
    /// when nothing changed; cleared when it reaches [`TOUCHED_MAX`] entries).
    pub touched: Mutex<HashMap<u64, (String, Option<String>)>>,
    /// Games whose boards the start-up repair has yet to redraw (see `recover`); a board
    /// shown since by a move is taken off, so the repair does not draw it again.
    pub to_repair: Mutex<HashSet<u64>>,
    /// Boards (game, chat) being posted anew by `/board` right now.
    pub reposts: Mutex<HashSet<(u64, i64)>>,
    /// GIF replays are made here, one at a time and below the moves' priority.
    pub replays: crate::bot::state::replays::ReplayThread,
    /// Analyses asked for, made one at a time on a thread of their own below the moves'
    /// priority.
    pub analyses: crate::bot::state::analyses::Analyses,
    /// Game ends being announced in the background (see `flow::spawn_announce_end`); a
    /// stop waits for them.
    pub ending: std::sync::atomic::AtomicUsize,
    /// Set when the stop begins (the health check answers 503 from then on).
    pub stopping: std::sync::atomic::AtomicBool,
    /// When the bot started (for the uptime metric).
    pub started: std::time::Instant,
    /// The timer task's counters (served as metrics).
    pub timers: Arc<crate::game::scheduler::Stats>,
    /// When Telegram last answered a poll or delivered an update (for `/healthz`).
    pub live: Arc<crate::bot::state::liveness::Liveness>,
    /// The bot's clock (see [`BotClock`]).
    pub clock: Arc<BotClock>,
    /// Taps answered after a call they caused (see [`crate::bot::telegram::TapOrder`]).
    pub taps: Arc<crate::bot::telegram::TapOrder>,
    /// The Mini App's open pages, per game.
    pub pages: crate::bot::state::pages::Pages,
    /// How boards open the Mini App (`None`: it is not served).
    pub launch: Option<crate::bot::state::pages::Launch>,
    /// Held while a chat is marked closed to the bot or open again, so that the two
    /// happen one at a time (see `membership`).
    pub reachability: tokio::sync::Mutex<()>,
}

/// Bound of [`AppInner::touched`].
pub const TOUCHED_MAX: usize = 100_000;

/// One user's expensive actions in the last minute, and when they were last told to slow
/// down (so a flood of refused messages gets one reply, not one each).
#[derive(Debug, Default)]
pub struct ActionLog {
    times: VecDeque<Instant>,
    told: Option<Instant>,
}

/// The span the limit counts in by default: a minute (`--actions-per-minute`).
pub const ACTION_WINDOW: Duration = Duration::from_secs(60);

impl ActionLog {
    /// Count an action at `now` if fewer than `per_min` happened in the last minute.
    pub fn check(&mut self, now: Instant, per_min: usize, window: Duration) -> Allowance {
        while self
            .times
            .front()
            .is_some_and(|t| now.saturating_duration_since(*t) >= window)
        {
            self.times.pop_front();
        }
        if self.times.len() < per_min {
            self.times.push_back(now);
            return Allowance::Allowed;
        }
        let tell = self
            .told
            .is_none_or(|t| now.saturating_duration_since(t) >= window);
        if tell {
            self.told = Some(now);
        }
        Allowance::Refused { tell }
    }

    /// When one more action fits in the window (now, if it does).
    fn free_at(&self, now: Instant, per_min: usize, window: Duration) -> Instant {
        let n = self.times.len();
        if n < per_min || per_min == 0 {
            return now;
        }
        (self.times[n - per_min] + window).max(now)
    }

    /// Whether anything happened in the last minute (else the entry can be dropped).
    fn recent(&self, now: Instant, window: Duration) -> bool {
        let fresh = |t: &Instant| now.saturating_duration_since(*t) < window;
        self.times.back().is_some_and(fresh) || self.told.as_ref().is_some_and(fresh)
    }
}

/// The rate limiter's verdict.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Allowance {
    /// Go ahead (counted).
    Allowed,
    /// Over the limit; `tell` is true for the first refusal in a minute (say so once,
    /// then stay quiet: answering every refused message would amplify a flood).
    Refused {
        /// Whether to tell the user now.
        tell: bool,
    },
}

impl std::ops::Deref for App {
    type Target = AppInner;
    fn deref(&self) -> &AppInner {
        &self.0
    }
}

/// The bot's clock: the wall clock, which tests move ahead to skip days of a
/// correspondence game ([`BotClock::advance`]). Each bot has its own, so two bots in one
/// process (tests) keep their own time.
#[derive(Debug, Default)]
pub struct BotClock {
    /// Milliseconds ahead of the wall clock: none in production.
    ahead: AtomicU64,
    /// Told when the clock jumps, so that the timer looks at its deadlines again.
    jumped: tokio::sync::Notify,
}

impl BotClock {
    /// The time now on this clock.
    pub fn now(&self) -> Timestamp {
        Timestamp::now().plus(Millis(self.ahead.load(Ordering::SeqCst)))
    }

    /// Wait until the clock jumps.
    pub async fn jumped(&self) {
        self.jumped.notified().await;
    }

    /// Move the clock `by` ahead, and wake the timer.
    #[cfg(any(test, feature = "testing"))]
    pub fn advance(&self, by: Millis) {
        self.ahead.fetch_add(by.0, Ordering::SeqCst);
        self.jumped.notify_waiters();
    }
}

impl crate::game::scheduler::Clock for BotClock {
    fn now(&self) -> Timestamp {
        BotClock::now(self)
    }
}

/// A board being posted anew (see [`App::reposting`]); dropping it ends that.
pub struct Reposting {
    app: App,
    key: (u64, i64),
}

impl Drop for Reposting {
    fn drop(&mut self) {
        self.app
            .reposts
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(&self.key);
    }
}

impl App {
    /// The time now on the bot's clock.
    pub fn now(&self) -> Timestamp {
        self.clock.now()
    }

    /// Take the right to post game `id`'s board in `chat` anew; `None` while another
    /// caller holds it.
    pub fn reposting(&self, id: GameId, chat: ChatId) -> Option<Reposting> {
        let key = (id.0, chat.0);
        let fresh = self
            .reposts
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(key);
        fresh.then(|| Reposting {
            app: self.clone(),
            key,
        })
    }

    /// Start the start-up repair's list over with `games` (empty when it is done).
    pub fn mark_for_repair(&self, games: &[GameId]) {
        let mut r = self.to_repair.lock().unwrap_or_else(|e| e.into_inner());
        r.clear();
        r.extend(games.iter().map(|g| g.0));
        r.shrink_to_fit();
    }

    /// Whether game `id`'s boards still wait for the start-up repair.
    pub fn needs_repair(&self, id: GameId) -> bool {
        self.to_repair
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .contains(&id.0)
    }

    /// Every board of game `id` now shows its stored state.
    pub fn repaired(&self, id: GameId) {
        let mut r = self.to_repair.lock().unwrap_or_else(|e| e.into_inner());
        if !r.is_empty() {
            r.remove(&id.0);
        }
    }

    /// Remember the user's name/username (for challenges by mention) and Telegram language.
    pub async fn touch(&self, u: &User) {
        if let Some(l) = u.language_code.as_deref().and_then(Language::from_code) {
            self.seen_lang
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .insert(u.id.0, l);
        }
        let p = UserProfile {
            id: UserId(u.id.0),
            name: u.full_name(),
            username: u.username.clone(),
        };
        let seen = (p.name.clone(), p.username.clone());
        let known = self
            .touched
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(&u.id.0)
            .is_some_and(|k| *k == seen);
        if known {
            // Stored already by this process (a store call per update saved).
            return;
        }
        let now = self.now();
        let r = self.games.run(move |s| s.touch_user(&p, now)).await;
        match r {
            Ok(_) => {
                let mut t = self.touched.lock().unwrap_or_else(|e| e.into_inner());
                if t.len() >= TOUCHED_MAX {
                    t.clear();
                }
                t.insert(u.id.0, seen);
            }
            Err(e) => tracing::warn!(error = %e, "could not record a user"),
        }
    }

    /// The language Telegram last reported for `user` (not persisted).
    pub fn seen_language(&self, user: UserId) -> Option<Language> {
        self.seen_lang
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(&user.0)
            .copied()
    }

    /// The language of a chat: a private chat's owner's; a group's setting, which the
    /// first person the bot answers there sets (admins change it in `/settings`), so a
    /// group hears one language whoever acts.
    pub async fn chat_lang(&self, chat: ChatId, user: Option<UserId>) -> Language {
        let user = user.or_else(|| (chat.0 > 0).then_some(UserId(chat.0 as u64)));
        let now = self.now();
        // Reads only, so in place (this runs for every update; see `AsyncGames::read`).
        let (group, stored) = self.games.read(|s| {
            let group = if chat.0 < 0 {
                let c: Result<ChatRecord, ServiceError> = s.chat(chat, now);
                c.ok().and_then(|c| c.settings.language)
            } else {
                None
            };
            let stored = match (group, user) {
                (None, Some(u)) => s.user(u).ok().flatten().and_then(|u| u.language),
                _ => None,
            };
            (group, stored)
        });
        if let Some(l) = group {
            return l;
        }
        let lang = match user {
            Some(u) => stored
                .or_else(|| self.seen_language(u))
                .unwrap_or(Language::En),
            None => Language::En,
        };
        if chat.0 < 0 && user.is_some() {
            let r = self
                .games
                .run(move |s| {
                    s.update_chat_settings(chat, now, |c| {
                        c.language.get_or_insert(lang);
                    })
                })
                .await;
            match r {
                Ok(c) => return c.settings.language.unwrap_or(lang),
                Err(e) => tracing::warn!(error = %e, "could not store a group's language"),
            }
        }
        lang
    }

    /// The language for a game's messages in its main chat.
    pub async fn game_lang(&self, g: &GameRecord) -> Language {
        self.game_lang_in(g, g.chat).await
    }

    /// The language for a game's messages in `chat`: a private chat's owner's, else the
    /// chat's setting or the first player's.
    pub async fn game_lang_in(&self, g: &GameRecord, chat: ChatId) -> Language {
        if chat.0 > 0 {
            return self.chat_lang(chat, None).await;
        }
        let first_human = Color::ALL.into_iter().find_map(|c| g.player(c).user());
        self.chat_lang(chat, first_human).await
    }

    /// A user's stored display name (`None` if unknown or unreadable: callers choose
    /// their own stand-in).
    pub fn user_name(&self, u: UserId) -> Option<String> {
        self.games
            .read(|s| s.user(u))
            .ok()
            .flatten()
            .map(|r| r.name)
    }

    /// Display name of a player, as an HTML mention.
    pub async fn player_mention(&self, p: Player, lang: Language) -> String {
        let name = match p {
            Player::Human(u) => self.user_name(u),
            _ => None,
        };
        crate::bot::texts::player_mention(p, name, lang)
    }

    /// A mention of a user by id.
    pub async fn user_mention(&self, u: UserId) -> String {
        self.player_mention(Player::Human(u), Language::En).await
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

    /// As [`App::allow_action`], also saying whether a refusal should be told.
    pub fn check_action(&self, user: u64) -> Allowance {
        let per_min = self.tuning.actions_per_minute as usize;
        if per_min == 0 {
            return Allowance::Allowed;
        }
        let mut g = self.actions.lock().unwrap_or_else(|e| e.into_inner());
        let now = Instant::now();
        let window = self.tuning.actions_window;
        let verdict = g.entry(user).or_default().check(now, per_min, window);
        if g.len() > 100_000 {
            g.retain(|_, l| l.recent(now, window));
        }
        verdict
    }

    /// Forget the people who have done nothing in the last minute.
    pub fn sweep_actions(&self) {
        let now = Instant::now();
        let mut g = self.actions.lock().unwrap_or_else(|e| e.into_inner());
        let window = self.tuning.actions_window;
        g.retain(|_, l| l.recent(now, window));
        g.shrink_to_fit();
    }

    /// Count a refusal's reply to `user` against the limit: `None` when it may go now
    /// (counted), else when the limit lets one more through (the reply waits until then,
    /// so a refusal is never silent, and a flood of refused input costs no more than its
    /// budget).
    pub fn reply_slot(&self, user: u64) -> Option<Instant> {
        let per_min = self.tuning.actions_per_minute as usize;
        if per_min == 0 {
            return None;
        }
        let mut g = self.actions.lock().unwrap_or_else(|e| e.into_inner());
        let now = Instant::now();
        let log = g.entry(user).or_default();
        let window = self.tuning.actions_window;
        match log.check(now, per_min, window) {
            Allowance::Allowed => None,
            Allowance::Refused { .. } => Some(log.free_at(now, per_min, window)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{ACTION_WINDOW as W, ActionLog, Allowance};
    use std::time::{Duration, Instant};

    #[test]
    fn limit_counts_a_sliding_minute_and_tells_once() {
        let t0 = Instant::now();
        let mut log = ActionLog::default();
        for i in 0..3 {
            assert_eq!(
                log.check(t0 + Duration::from_secs(i), 3, W),
                Allowance::Allowed
            );
        }
        // Over the limit: told once, then quiet.
        let t = t0 + Duration::from_secs(10);
        assert_eq!(log.check(t, 3, W), Allowance::Refused { tell: true });
        for k in 0..100 {
            let at = t + Duration::from_millis(k);
            assert_eq!(log.check(at, 3, W), Allowance::Refused { tell: false });
        }
        // The first action leaves the window at 60 s: one more is allowed.
        assert_eq!(
            log.check(t0 + Duration::from_secs(60), 3, W),
            Allowance::Allowed
        );
        assert_eq!(
            log.check(t0 + Duration::from_secs(60), 3, W),
            Allowance::Refused { tell: false }
        );
        // A minute after the last telling, a refusal is told again.
        for _ in 0..2 {
            assert_eq!(
                log.check(t0 + Duration::from_secs(71), 3, W),
                Allowance::Allowed
            );
        }
        assert_eq!(
            log.check(t0 + Duration::from_secs(71), 3, W),
            Allowance::Refused { tell: true }
        );
        // The next slot opens when the oldest counted action leaves the minute.
        assert_eq!(
            log.free_at(t0 + Duration::from_secs(72), 3, W),
            t0 + Duration::from_secs(120)
        );
        assert!(log.recent(t0 + Duration::from_secs(100), W));
        assert!(!log.recent(t0 + Duration::from_secs(200), W));
    }
}
