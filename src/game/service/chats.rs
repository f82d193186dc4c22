//! Chats: settings, active games and a group's move to a supergroup.

use super::*;

impl GameService {
    /// The active games of a chat, oldest first (damaged ones are reported and skipped).
    pub fn active_games(&self, chat: ChatId) -> Result<Vec<GameRecord>, ServiceError> {
        let ids = self.store.chat_games(chat)?;
        let mut out = Vec::with_capacity(ids.len());
        for id in ids {
            match self.store.game(id) {
                Ok(Some(g)) => out.push(g),
                Ok(None) => tracing::warn!(game = %id, %chat, "chat lists a missing game"),
                Err(StoreError::Corrupt { record, detail }) => {
                    tracing::warn!(%record, %detail, "skipping a damaged game")
                }
                Err(e) => return Err(e.into()),
            }
        }
        Ok(out)
    }

    /// A chat (defaults if never stored; version 0 then).
    pub fn chat(&self, id: ChatId, now: Timestamp) -> Result<ChatRecord, ServiceError> {
        Ok(self
            .store
            .chat(id)?
            .unwrap_or_else(|| ChatRecord::new(id, now)))
    }

    /// Every active game, once each (a game shown in two chats is listed under both).
    pub fn active_game_ids(&self) -> Result<Vec<GameId>, ServiceError> {
        let mut ids: Vec<GameId> = self
            .store
            .all_chat_games()?
            .into_iter()
            .map(|(_, g)| g)
            .collect();
        ids.sort_unstable();
        ids.dedup();
        Ok(ids)
    }

    /// A group became a supergroup, which Telegram gives a new id: its settings, players
    /// and active games move from `from` to `to` in one write. The moved games' boards
    /// lose their message (it is in the old chat, which the bot can no longer edit), so
    /// the caller posts them anew. Telegram announces a migration in both chats; the second
    /// call finds nothing left to move.
    pub fn migrate_chat(
        &self,
        from: ChatId,
        to: ChatId,
        now: Timestamp,
    ) -> Result<Vec<GameRecord>, ServiceError> {
        self.until_committed("chat migration", || {
            let mut ws = WriteSet::new();
            let games = self.store.chat_games(from)?;
            if let Some(old) = self.store.chat(from)? {
                let cur = self.chat(to, now)?;
                let mut next = cur.clone();
                // The group's settings were made by its admins: they replace a fresh record
                // for the new id (the bot may have answered there first). Once the games
                // have moved, the other notice leaves the supergroup's settings alone (they
                // may have been changed there meanwhile).
                if cur.version.0 == 0 || !games.is_empty() {
                    next.settings = old.settings.clone();
                }
                for p in &old.players {
                    if !next.players.contains(p) {
                        next.players.push(*p);
                    }
                }
                if next != cur || cur.version.0 == 0 {
                    next.version = cur.version.next();
                    next.updated_at = now;
                    ws.put(stored(cur.version), AnyRecord::Chat(next));
                }
            }
            let mut moved = Vec::new();
            for id in games {
                let Some(cur) = self.store.game(id)? else {
                    continue;
                };
                let mut g = cur.clone();
                if g.chat == from {
                    g.chat = to;
                    g.message = None;
                }
                if let Some(m) = g.mirror.as_mut().filter(|m| m.chat == from) {
                    *m = Board {
                        chat: to,
                        message: None,
                    };
                }
                g.version = cur.version.next();
                g.updated_at = now;
                ws.put(Some(cur.version), AnyRecord::Game(g.clone()));
                moved.push(g);
            }
            if ws.writes.is_empty() {
                return Ok(Step::Done(moved));
            }
            Ok(Step::Write(ws, moved))
        })
    }

    /// Change a chat's settings (`/settings`; the bot checks who may).
    pub fn update_chat_settings(
        &self,
        id: ChatId,
        now: Timestamp,
        f: impl Fn(&mut ChatSettings),
    ) -> Result<ChatRecord, ServiceError> {
        self.until_committed("chat settings", || {
            let mut c = self.chat(id, now)?;
            let expected = stored(c.version);
            f(&mut c.settings);
            c.version = c.version.next();
            c.updated_at = now;
            let mut ws = WriteSet::new();
            ws.put(expected, AnyRecord::Chat(c.clone()));
            Ok(Step::Write(ws, c))
        })
    }
}
