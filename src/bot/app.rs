//! The bot's shared state (handed to every handler by the dispatcher) and small helpers
//! around it: languages, names, time.

use super::tg::Pacer;
use crate::engine::Color;
use crate::game::{
    AsyncGames, ChatId, ChatRecord, GameRecord, Language, Player, ServiceError, Timestamp, UserId,
    UserProfile,
};
use crate::render::Renderer;
use std::collections::{HashMap, HashSet};
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
    /// Expensive actions (renders, AI moves) one user may start per minute.
    pub actions_per_minute: u32,
    /// The bot's @username (for deep links), filled from getMe.
    pub username: String,
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
    /// Tunables.
    pub tuning: Tuning,
    /// Games the program is thinking in (one search per game at a time).
    pub thinking: Mutex<HashSet<u64>>,
    /// Telegram's `language_code` per user, as last seen (not persisted).
    pub seen_lang: Mutex<HashMap<u64, Language>>,
    /// Per-user action timestamps for rate limiting.
    pub actions: Mutex<HashMap<u64, Vec<Instant>>>,
}

impl std::ops::Deref for App {
    type Target = AppInner;
    fn deref(&self) -> &AppInner {
        &self.0
    }
}

/// The wall clock for the service.
pub fn now() -> Timestamp {
    Timestamp::now()
}

impl App {
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
        let r = self.games.run(move |s| s.touch_user(&p, now())).await;
        if let Err(e) = r {
            tracing::warn!(error = %e, "could not record a user");
        }
    }

    /// The language to talk to `user` in: their /lang choice, then Telegram's, then English.
    pub async fn user_lang(&self, user: UserId) -> Language {
        let stored = self
            .games
            .run(move |s| s.user(user))
            .await
            .ok()
            .flatten()
            .and_then(|u| u.language);
        stored
            .or_else(|| {
                self.seen_lang
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .get(&user.0)
                    .copied()
            })
            .unwrap_or(Language::En)
    }

    /// The language of a chat: a group's setting, else the user's language.
    pub async fn chat_lang(&self, chat: ChatId, user: Option<UserId>) -> Language {
        if chat.0 < 0 {
            let c: Result<ChatRecord, ServiceError> =
                self.games.run(move |s| s.chat(chat, now())).await;
            if let Some(l) = c.ok().and_then(|c| c.settings.language) {
                return l;
            }
        }
        match user.or_else(|| (chat.0 > 0).then_some(UserId(chat.0 as u64))) {
            Some(u) => self.user_lang(u).await,
            None => Language::En,
        }
    }

    /// The language for a game's messages.
    pub async fn game_lang(&self, g: &GameRecord) -> Language {
        let first_human = Color::ALL.into_iter().find_map(|c| g.player(c).user());
        self.chat_lang(g.chat, first_human).await
    }

    /// Display name of a player, as an HTML mention.
    pub async fn player_mention(&self, p: Player, lang: Language) -> String {
        match p {
            Player::Human(u) => {
                let name = self
                    .games
                    .run(move |s| s.user(u))
                    .await
                    .ok()
                    .flatten()
                    .map(|r| r.name)
                    .unwrap_or_else(|| format!("#{}", u.0));
                super::texts::mention(u.0, &name)
            }
            Player::Program { level } => match lang {
                Language::Ru => format!("🤖 Программа (уровень {level})"),
                Language::En => format!("🤖 Program (level {level})"),
            },
            Player::Absent => String::new(),
        }
    }

    /// A mention of a user by id.
    pub async fn user_mention(&self, u: UserId) -> String {
        self.player_mention(Player::Human(u), Language::En).await
    }

    /// Rate limit for expensive actions: true if `user` may start one now.
    pub fn allow_action(&self, user: u64) -> bool {
        let per_min = self.tuning.actions_per_minute as usize;
        if per_min == 0 {
            return true;
        }
        let mut g = self.actions.lock().unwrap_or_else(|e| e.into_inner());
        let now = Instant::now();
        let v = g.entry(user).or_default();
        v.retain(|t| now.duration_since(*t) < Duration::from_secs(60));
        if v.len() >= per_min {
            return false;
        }
        v.push(now);
        if g.len() > 100_000 {
            g.retain(|_, v| {
                v.iter()
                    .any(|t| now.duration_since(*t) < Duration::from_secs(60))
            });
        }
        true
    }
}
