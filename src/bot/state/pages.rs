//! The Mini App's side of a game's views: who is watching which game ([`Pages`]), told
//! of every change by the one path that brings views up to date (`board::changed`), and
//! what a board needs to offer the page ([`Launch`]: its address and the game tokens).

use crate::bot::state::links::Links;
use crate::game::{GameId, TournamentId, Version};
use std::collections::HashMap;
use std::hash::Hash;
use std::sync::{Mutex, OnceLock};
use tokio::sync::watch;

/// Open pages per game (and per tournament): each page's live stream holds a receiver of
/// the record's channel, which carries the newest stored version. A change only sends a
/// number; each page reads the record itself when it wakes, so a burst of changes costs
/// one read per page, and a page never goes back to an older version.
#[derive(Debug, Default)]
pub struct Pages {
    games: Mutex<HashMap<GameId, watch::Sender<Version>>>,
    tournaments: Mutex<HashMap<TournamentId, watch::Sender<Version>>>,
}

/// Record `id` is stored at `version`: wake the pages watching it.
fn changed_in<K: Eq + Hash>(
    map: &Mutex<HashMap<K, watch::Sender<Version>>>,
    id: K,
    version: Version,
) {
    let mut map = map.lock().unwrap_or_else(|e| e.into_inner());
    let Some(tx) = map.get(&id) else {
        return;
    };
    if tx.receiver_count() == 0 {
        map.remove(&id);
        return;
    }
    tx.send_if_modified(|v| {
        let newer = version > *v;
        if newer {
            *v = version;
        }
        newer
    });
}

/// A receiver told of every version of record `id` stored from now on.
fn watch_in<K: Eq + Hash>(
    map: &Mutex<HashMap<K, watch::Sender<Version>>>,
    id: K,
) -> watch::Receiver<Version> {
    let mut map = map.lock().unwrap_or_else(|e| e.into_inner());
    // Channels whose pages have all gone are dropped as others open.
    if map.len() >= 1024 && map.len().is_power_of_two() {
        map.retain(|_, tx| tx.receiver_count() > 0);
    }
    map.entry(id)
        .or_insert_with(|| watch::channel(Version(0)).0)
        .subscribe()
}

impl Pages {
    /// Game `id` is stored at `version`: wake the pages watching it.
    pub fn changed(&self, id: GameId, version: Version) {
        changed_in(&self.games, id, version);
    }

    /// Watch game `id`: the receiver is told of every version stored from now on (a
    /// page watches first and reads the game after, so no change falls between).
    pub fn watch(&self, id: GameId) -> watch::Receiver<Version> {
        watch_in(&self.games, id)
    }

    /// Tournament `id` is stored at `version`: wake its pages.
    pub fn tournament_changed(&self, id: TournamentId, version: Version) {
        changed_in(&self.tournaments, id, version);
    }

    /// Watch tournament `id`, as [`Pages::watch`] a game.
    pub fn watch_tournament(&self, id: TournamentId) -> watch::Receiver<Version> {
        watch_in(&self.tournaments, id)
    }

    /// Games with at least one open page (a gauge).
    pub fn watched(&self) -> usize {
        let games = self.games.lock().unwrap_or_else(|e| e.into_inner());
        games.values().filter(|tx| tx.receiver_count() > 0).count()
    }
}

/// How a board links to the Mini App: set when the bot serves it (`--webapp-url`).
#[derive(Debug)]
pub struct Launch {
    /// The page's public HTTPS address.
    pub url: url::Url,
    /// The Mini App's short name from BotFather's `/newapp`: groups and inline messages
    /// can only open it through `https://t.me/<bot>/<short name>`.
    pub short_name: Option<String>,
    /// The bot's username, known once Telegram has answered `getMe`.
    pub username: OnceLock<String>,
    /// Game tokens.
    pub links: Links,
}

impl Launch {
    /// The page showing game `id`, as a private chat's `web_app` button opens it.
    pub fn page(&self, id: GameId) -> url::Url {
        let mut u = self.url.clone();
        u.query_pairs_mut()
            .clear()
            .append_pair("game", &self.links.token(id));
        u
    }

    /// The `t.me` link that opens the page on tournament `id` (its standings, its round's
    /// games), if the Mini App has a short name and the bot's username is known.
    pub fn tournament_link(&self, id: crate::game::TournamentId) -> Option<String> {
        let short = self.short_name.as_deref()?;
        let bot = self.username.get()?;
        Some(format!(
            "https://t.me/{bot}/{short}?startapp=t{}",
            self.links.tournament_token(id)
        ))
    }

    /// The `t.me` link that opens the page on game `id` anywhere (groups, inline
    /// messages), if the Mini App has a short name and the bot's username is known.
    pub fn direct_link(&self, id: GameId) -> Option<String> {
        let short = self.short_name.as_deref()?;
        let bot = self.username.get()?;
        Some(format!(
            "https://t.me/{bot}/{short}?startapp={}",
            self.links.token(id)
        ))
    }
}
