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
pub(crate) mod parts;
pub(crate) mod replays;
pub(crate) mod replies;
pub(crate) mod turn_notices;

use crate::game::{
    AsyncGames, ChatId, ChatRecord, GameRecord, Language, Millis, Player, ServiceError, Timestamp,
    UserId, UserProfile,
};
use std::collections::VecDeque;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};
use teloxide::types::User;

/// Tunables of a running bot (from configuration).
#[derive(Clone, Debug)]
pub struct Tuning {
    /// Board picture size in pixels.
    pub board_px: u32,
    /// Level the program plays when it moves for a player who missed the per-move limit.
    pub auto_move_level: u8,
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

/// The contents of [`App`]: a few parts, each reached through its methods, so that a
/// feature touches only what it needs.
pub struct AppInner {
    /// Telegram: the client, pacing, the order of tap answers, liveness.
    pub tg: parts::Telegram,
    /// The game service (reads in place through a type that cannot write).
    pub games: AsyncGames,
    /// Each game's views: boards, pictures, the Mini App's pages.
    pub views: Arc<parts::Views>,
    /// The people the bot answers: languages, names, limits, refusals, notices.
    pub people: parts::People,
    /// The work beside the chats: searches, replays, analyses, ends, clock, stop.
    pub tasks: Arc<parts::Tasks>,
    /// Tunables.
    pub tuning: Tuning,
    /// Which instance talks to Telegram, and the updates taken.
    pub cluster: Arc<dyn crate::game::Cluster>,
}

/// How many people's stored names are remembered (see [`parts::People::stored_as`]).
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

impl App {
    /// The time now on the bot's clock.
    pub fn now(&self) -> Timestamp {
        self.tasks.clock().now()
    }

    /// Remember the user's name/username (for challenges by mention) and Telegram language.
    pub async fn touch(&self, u: &User) {
        let user = UserId(u.id.0);
        if let Some(l) = u.language_code.as_deref().and_then(Language::from_code) {
            self.people.saw_language(user, l);
        }
        let p = UserProfile {
            id: user,
            name: u.full_name(),
            username: u.username.clone(),
        };
        let seen = (p.name.clone(), p.username.clone());
        if self.people.stored_as(user, &seen) {
            return;
        }
        let now = self.now();
        let r = self.games.run(move |s| s.touch_user(&p, now)).await;
        match r {
            Ok(_) => self.people.stored(user, seen),
            Err(e) => tracing::warn!(error = %e, "could not record a user"),
        }
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
                .or_else(|| self.people.seen_language(u))
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
        let first_human = g.people().into_iter().next();
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
