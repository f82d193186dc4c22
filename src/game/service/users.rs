//! Users: names, languages and their games.

use super::*;

impl GameService {
    /// A user's games, newest first (for `/history` and head-to-head).
    pub fn user_games(
        &self,
        user: UserId,
        before: Option<GameId>,
        limit: usize,
    ) -> Result<Vec<GameRecord>, ServiceError> {
        let ids = self.store.user_games(user, before, limit)?;
        let mut out = Vec::with_capacity(ids.len());
        for id in ids {
            match self.store.game(id) {
                Ok(Some(g)) => out.push(g),
                Ok(None) | Err(StoreError::Corrupt { .. }) => {}
                Err(e) => return Err(e.into()),
            }
        }
        Ok(out)
    }

    /// A user, if known.
    pub fn user(&self, id: UserId) -> Result<Option<UserRecord>, ServiceError> {
        Ok(self.store.user(id)?)
    }

    /// Users last seen with `username` (for `/stats @user`).
    pub fn users_by_username(&self, username: &str) -> Result<Vec<UserRecord>, ServiceError> {
        let mut out = Vec::new();
        for id in self.store.users_by_username(username)? {
            if let Some(u) = self.store.user(id)? {
                out.push(u);
            }
        }
        Ok(out)
    }

    /// Every user (leaderboards), in id order.
    pub fn all_users(&self) -> Result<Vec<UserRecord>, ServiceError> {
        let mut out = Vec::new();
        self.store.scan(RecordKind::User, &mut |r| {
            if let AnyRecord::User(u) = r {
                out.push(u);
            }
            ControlFlow::Continue(())
        })?;
        Ok(out)
    }

    /// A read-modify-write of one user record with retries on conflict; `f` returns
    /// false when nothing needs writing.
    pub(super) fn change_user(
        &self,
        id: UserId,
        now: Timestamp,
        f: impl Fn(&mut UserRecord) -> bool,
    ) -> Result<UserRecord, ServiceError> {
        self.until_committed("user", || {
            let mut u = self
                .store
                .user(id)?
                .unwrap_or_else(|| UserRecord::new(id, "", now));
            let expected = stored(u.version);
            if !f(&mut u) && expected.is_some() {
                return Ok(Step::Done(u));
            }
            u.version = u.version.next();
            u.updated_at = now;
            let mut ws = WriteSet::new();
            ws.put(expected, AnyRecord::User(u.clone()));
            Ok(Step::Write(ws, u))
        })
    }

    /// Remember a user's name and username as seen in an update (writes only on change).
    pub fn touch_user(&self, p: &UserProfile, now: Timestamp) -> Result<UserRecord, ServiceError> {
        self.change_user(p.id, now, |u| {
            let username = p
                .username
                .as_ref()
                .map(|s| s.trim_start_matches('@').to_string());
            if u.name == p.name && u.username == username {
                return false;
            }
            u.name = p.name.clone();
            u.username = username;
            true
        })
    }

    /// Set (or clear) a user's language.
    pub fn set_user_language(
        &self,
        id: UserId,
        language: Option<Language>,
        now: Timestamp,
    ) -> Result<UserRecord, ServiceError> {
        self.change_user(id, now, |u| {
            let changed = u.language != language;
            u.language = language;
            changed
        })
    }
}
