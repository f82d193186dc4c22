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

    /// A group became a supergroup, which Telegram gives a new id: its settings, players,
    /// active games and open challenges move from `from` to `to` in one write. The moved
    /// games' boards and challenges lose their message (it is in the old chat, which the
    /// bot can no longer edit), so the caller posts them anew; the turn on the moved boards
    /// has been shown already ([`GameRecord::turn_seen`]), so posting it again gives no
    /// time back. Telegram announces a migration in both chats (and a call into the old
    /// chat fails naming the new one); a later call finds nothing left to move.
    pub fn migrate_chat(
        &self,
        from: ChatId,
        to: ChatId,
        now: Timestamp,
    ) -> Result<Migrated, ServiceError> {
        let moved = self.until_committed("chat migration", || {
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
                g.turn_seen = Some(cur.ply());
                // The bot hears of the move from inside the supergroup: a game paused in
                // the old group (the bot shut out there) goes on.
                if let Some(since) = cur.paused
                    && self.store.chat(to)?.is_none_or(|c| c.unreachable.is_none())
                {
                    resume(&mut g, since, now);
                    g.deadline = g.compute_deadline(&self.timing);
                }
                g.version = cur.version.next();
                g.updated_at = now;
                ws.put(Some(cur.version), AnyRecord::Game(g.clone()));
                moved.push(g);
            }
            let mut challenges = Vec::new();
            for cur in self.open_challenges_in(from)? {
                let mut c = cur.clone();
                c.chat = to;
                c.message = None;
                c.version = cur.version.next();
                c.updated_at = now;
                ws.put(Some(cur.version), AnyRecord::Challenge(c.clone()));
                challenges.push(c);
            }
            // The group's tournaments, running and past, go with it (their entry message
            // stays behind in the old group).
            for cur in self.chat_tournaments(from)? {
                let mut t = cur.clone();
                t.chat = to;
                t.message = None;
                t.version = cur.version.next();
                t.updated_at = now;
                ws.put(Some(cur.version), AnyRecord::Tournament(t));
            }
            let migrated = Migrated {
                games: moved,
                challenges,
            };
            if ws.writes.is_empty() {
                return Ok(Step::Done(migrated));
            }
            Ok(Step::Write(ws, migrated))
        })?;
        if !moved.games.is_empty() {
            self.deadlines_changed.notify_one();
        }
        Ok(moved)
    }

    /// The open challenges posted in `chat` (those still waiting have a deadline, their
    /// lapse, so the pending deadlines list every one).
    fn open_challenges_in(&self, chat: ChatId) -> Result<Vec<ChallengeRecord>, ServiceError> {
        let mut out = Vec::new();
        for e in self.store.deadlines(Timestamp(u64::MAX), usize::MAX)? {
            let DeadlineTarget::Challenge(id) = e.target else {
                continue;
            };
            match self.store.challenge(id) {
                Ok(Some(c)) if c.chat == chat && c.status == ChallengeStatus::Open => out.push(c),
                Ok(_) => {}
                Err(StoreError::Corrupt { record, detail }) => {
                    tracing::warn!(%record, %detail, "skipping a damaged challenge")
                }
                Err(e) => return Err(e.into()),
            }
        }
        Ok(out)
    }

    /// The bot can no longer write to `chat`: it was removed from the group (or left it),
    /// or the person blocked it (or never started it). The chat is marked unreachable and
    /// every game in play with a board there pauses (its clocks stand still, nothing is
    /// announced), to be called off after the untimed abandonment period unless the chat
    /// can be written to again first ([`Self::chat_reachable`]). Returns the games paused
    /// now (none when it was known already).
    pub fn chat_unreachable(
        &self,
        chat: ChatId,
        now: Timestamp,
    ) -> Result<Vec<GameRecord>, ServiceError> {
        let changes = self.until_committed("unreachable chat", || {
            let mut ws = WriteSet::new();
            let cur = self.chat(chat, now)?;
            if cur.unreachable.is_none() {
                let mut next = cur.clone();
                next.unreachable = Some(now);
                next.version = cur.version.next();
                next.updated_at = now;
                ws.put(stored(cur.version), AnyRecord::Chat(next));
            }
            let mut changes = Vec::new();
            for g in self.active_games(chat)? {
                if g.paused.is_some() {
                    continue;
                }
                let mut next = g.clone();
                next.paused = Some(now);
                ws.writes
                    .extend(self.game_writes(&g, &mut next, now)?.writes);
                changes.push((g, next));
            }
            if ws.writes.is_empty() {
                return Ok(Step::Done(Vec::new()));
            }
            Ok(Step::Write(ws, changes))
        })?;
        for (cur, next) in &changes {
            self.game_changed(cur, next);
        }
        Ok(changes.into_iter().map(|(_, next)| next).collect())
    }

    /// The bot can write to `chat` again (added back to the group, or the person wrote to
    /// it): the mark goes, the games with a board there get it posted anew (the old message
    /// is far up the chat, if it is still there), and those paused resume where they
    /// stopped, their clocks and deadlines moved on by the time they stood still, unless
    /// another chat of theirs is still unreachable. Returns the games whose boards are to
    /// be posted (none when the chat was not marked).
    pub fn chat_reachable(
        &self,
        chat: ChatId,
        now: Timestamp,
    ) -> Result<Vec<GameRecord>, ServiceError> {
        let changes = self.until_committed("reachable chat", || {
            let Some(cur) = self.store.chat(chat)? else {
                return Ok(Step::Done(Vec::new()));
            };
            if cur.unreachable.is_none() {
                return Ok(Step::Done(Vec::new()));
            }
            let mut ws = WriteSet::new();
            let mut next = cur.clone();
            next.unreachable = None;
            next.version = cur.version.next();
            next.updated_at = now;
            ws.put(Some(cur.version), AnyRecord::Chat(next));
            let mut changes = Vec::new();
            for g in self.active_games(chat)? {
                let mut next = g.clone();
                if next.chat == chat {
                    next.message = None;
                }
                if let Some(m) = next.mirror.as_mut().filter(|m| m.chat == chat) {
                    m.message = None;
                }
                next.turn_seen = Some(g.ply());
                if let Some(since) = g.paused {
                    let mut elsewhere = false;
                    for b in g.boards().filter(|b| b.chat != chat) {
                        elsewhere |= self
                            .store
                            .chat(b.chat)?
                            .is_some_and(|c| c.unreachable.is_some());
                    }
                    if !elsewhere {
                        resume(&mut next, since, now);
                    }
                }
                ws.writes
                    .extend(self.game_writes(&g, &mut next, now)?.writes);
                changes.push((g, next));
            }
            Ok(Step::Write(ws, changes))
        })?;
        for (cur, next) in &changes {
            self.game_changed(cur, next);
        }
        Ok(changes.into_iter().map(|(_, next)| next).collect())
    }

    /// The chats marked unreachable (read at start-up: the bot writes nothing to them).
    pub fn unreachable_chats(&self) -> Result<Vec<ChatId>, ServiceError> {
        let mut out = Vec::new();
        self.store.scan(RecordKind::Chat, &mut |r| {
            if let AnyRecord::Chat(c) = r
                && c.unreachable.is_some()
            {
                out.push(c.id);
            }
            std::ops::ControlFlow::Continue(())
        })?;
        Ok(out)
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

/// What a group's move to a supergroup moved.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Migrated {
    /// The games in play, their boards to be posted anew.
    pub games: Vec<GameRecord>,
    /// The open challenges, their messages to be posted anew.
    pub challenges: Vec<ChallengeRecord>,
}

/// Resume a game paused `since`: every time of its turn moves on by the time it stood
/// still, so each player has the time they had when it stopped.
fn resume(g: &mut GameRecord, since: Timestamp, now: Timestamp) {
    let away = now.since(since);
    g.paused = None;
    g.clocks.turn_started = g.clocks.turn_started.plus(away);
    if let Some(o) = g.draw_offer.as_mut() {
        o.expires_at = o.expires_at.plus(away);
    }
    g.turn_notice_at = g.turn_notice_at.map(|t| t.plus(away));
}
