//! Challenges: posting, accepting, declining and lapsing.

use super::*;
use crate::game::InlineMessageId;

impl GameService {
    /// A challenge.
    pub fn challenge(&self, id: ChallengeId) -> Result<ChallengeRecord, ServiceError> {
        self.store
            .challenge(id)?
            .ok_or(ServiceError::NoSuchChallenge(id))
    }

    /// Post a challenge; it expires after [`Timing::challenge_ttl`] (one through inline
    /// mode after [`Timing::inline_challenge_ttl`]).
    pub fn create_challenge(
        &self,
        new: NewChallenge,
        now: Timestamp,
    ) -> Result<ChallengeRecord, ServiceError> {
        let mut made = self.create_challenges(vec![new], now)?;
        made.pop()
            .ok_or_else(|| ServiceError::Store(StoreError::Invalid("no challenge made".into())))
    }

    /// Post several challenges in one commit (the choices of an inline query), in order.
    pub fn create_challenges(
        &self,
        news: Vec<NewChallenge>,
        now: Timestamp,
    ) -> Result<Vec<ChallengeRecord>, ServiceError> {
        let mut ws = WriteSet::new();
        let mut made = Vec::with_capacity(news.len());
        for new in news {
            let c = self.challenge_record(new, now)?;
            ws.put(None, AnyRecord::Challenge(c.clone()));
            made.push(c);
        }
        self.commit(ws).map_err(|e| match e {
            CommitError::Store(s) => ServiceError::Store(s),
            CommitError::Conflict(r) => {
                ServiceError::Store(StoreError::Invalid(format!("{r} already exists")))
            }
        })?;
        self.deadlines_changed.notify_one();
        Ok(made)
    }

    /// A new challenge's record, checked.
    fn challenge_record(
        &self,
        new: NewChallenge,
        now: Timestamp,
    ) -> Result<ChallengeRecord, ServiceError> {
        if new.target == ChallengeTarget::User(new.from) {
            return Err(ServiceError::BadSetup(SetupError::OwnChallenge));
        }
        if new.variant.rules().solo {
            return Err(ServiceError::BadSetup(SetupError::TrainingAlone));
        }
        let target = match new.target {
            ChallengeTarget::Username(n) => ChallengeTarget::Username(username(&n)?),
            ChallengeTarget::Inline {
                token,
                user,
                username: Some(n),
            } => ChallengeTarget::Inline {
                token,
                user,
                username: Some(username(&n)?),
            },
            t => t,
        };
        let ttl = if target.is_inline() {
            self.timing.inline_challenge_ttl
        } else {
            self.timing.challenge_ttl
        };
        Ok(ChallengeRecord {
            id: self.store.new_challenge_id()?,
            version: Version(1),
            chat: new.chat,
            message: new.message,
            from: new.from,
            target,
            variant: new.variant,
            time_control: new.time_control,
            colour: new.colour,
            rated: new.rated,
            created_at: now,
            expires_at: now.plus(ttl),
            status: ChallengeStatus::Open,
            updated_at: now,
        })
    }

    /// A read-modify-write of one challenge with retries on conflict.
    pub(super) fn change_challenge(
        &self,
        id: ChallengeId,
        now: Timestamp,
        f: impl Fn(&ChallengeRecord, &mut ChallengeRecord) -> Result<(), ServiceError>,
    ) -> Result<ChallengeRecord, ServiceError> {
        let (status, next) = self.until_committed("challenge", || {
            let cur = self.challenge(id)?;
            let mut next = cur.clone();
            f(&cur, &mut next)?;
            next.version = cur.version.next();
            next.updated_at = now;
            let mut ws = WriteSet::new();
            ws.put(Some(cur.version), AnyRecord::Challenge(next.clone()));
            Ok(Step::Write(ws, (cur.status, next)))
        })?;
        if next.status != status {
            self.deadlines_changed.notify_one();
        }
        Ok(next)
    }

    /// Record the challenge's message once posted.
    pub fn set_challenge_message(
        &self,
        id: ChallengeId,
        message: MessageId,
        now: Timestamp,
    ) -> Result<ChallengeRecord, ServiceError> {
        self.change_challenge(id, now, |_, n| {
            n.message = Some(message);
            Ok(())
        })
    }

    /// `user` (with `username`, for challenges by mention) accepts: the challenge closes
    /// and the game starts in one commit, so two people tapping Accept cannot both get it.
    /// (The bot always knows the chat: it uses [`GameService::accept_challenge_in`].)
    #[cfg(any(test, feature = "testing"))]
    pub fn accept_challenge(
        &self,
        id: ChallengeId,
        user: UserId,
        username: Option<&str>,
        now: Timestamp,
    ) -> Result<(ChallengeRecord, GameRecord), ServiceError> {
        self.accept_challenge_in(id, user, username, None, None, now)
    }

    /// `user` (with `username`, for challenges by mention) accepts, tapped in `chat` with
    /// the `link` token the button carried: the challenge closes and the game starts in
    /// one commit, so two people tapping Accept cannot both get it. A challenge by link is accepted only with its token, from another
    /// chat (the friend's private chat with the bot), and the game gets a second board
    /// there so both players see it; any other challenge only in its own chat.
    pub fn accept_challenge_in(
        &self,
        id: ChallengeId,
        user: UserId,
        username: Option<&str>,
        chat: Option<ChatId>,
        link: Option<LinkToken>,
        now: Timestamp,
    ) -> Result<(ChallengeRecord, GameRecord), ServiceError> {
        let admits = |cur: &ChallengeRecord| {
            let elsewhere = chat.is_some_and(|c| c != cur.chat);
            // A link is taken in the taker's own private chat with the bot (where the game's
            // second board goes), never in a group where anyone could tap it.
            let own_private = chat.is_none_or(|c| c == ChatId(user.0 as i64));
            match &cur.target {
                ChallengeTarget::Link(token) => {
                    own_private && link.is_some_and(|l| l.matches(token))
                }
                ChallengeTarget::Inline { .. } => false,
                _ => !elsewhere,
            }
        };
        self.accept(id, user, username, now, admits, |g, cur| {
            g.mirror = chat.filter(|c| *c != cur.chat).map(|chat| Board {
                chat,
                message: None,
            });
        })
    }

    /// `user` accepts a challenge through inline mode by tapping the inline message
    /// `message`, whose button carried `token`: the game starts, to be played in that
    /// message.
    pub fn accept_inline_challenge(
        &self,
        id: ChallengeId,
        user: UserId,
        username: Option<&str>,
        message: InlineMessageId,
        token: LinkToken,
        now: Timestamp,
    ) -> Result<(ChallengeRecord, GameRecord), ServiceError> {
        let admits = |cur: &ChallengeRecord| matches!(&cur.target, ChallengeTarget::Inline { token: t, .. } if t.matches(&token));
        self.accept(id, user, username, now, admits, |g, _| {
            g.inline = Some(message.clone());
        })
    }

    /// Accept challenge `id` for `user` if it is open, for them, and `admits` the place it
    /// was tapped in; `place` puts the new game's board there. The challenge closes and the
    /// game starts in one commit.
    fn accept(
        &self,
        id: ChallengeId,
        user: UserId,
        username: Option<&str>,
        now: Timestamp,
        admits: impl Fn(&ChallengeRecord) -> bool,
        place: impl Fn(&mut GameRecord, &ChallengeRecord),
    ) -> Result<(ChallengeRecord, GameRecord), ServiceError> {
        let game_id = self.store.new_game_id()?;
        let accepted = self.until_committed("accept", || {
            let cur = self.challenge(id)?;
            if cur.status != ChallengeStatus::Open {
                return Err(ServiceError::ChallengeClosed(cur.status));
            }
            if now >= cur.expires_at {
                return Err(ServiceError::ChallengeExpired);
            }
            if user == cur.from {
                return Err(ServiceError::OwnChallenge);
            }
            if !cur.is_for(user, username) || !admits(&cur) {
                return Err(ServiceError::NotForYou);
            }
            let challenger_white = match cur.colour {
                ColourChoice::White => true,
                ColourChoice::Black => false,
                ColourChoice::Random => coin(id.0 ^ now.0),
            };
            let (w, b) = if challenger_white {
                (cur.from, user)
            } else {
                (user, cur.from)
            };
            let mut g = self.build_game(
                game_id,
                NewGame {
                    variant: AnyVariant::Two(cur.variant.clone()),
                    players: vec![Player::Human(w), Player::Human(b)],
                    time_control: cur.time_control,
                    chat: cur.chat,
                    message: None,
                    rated: cur.rated,
                    start: None,
                },
                now,
            )?;
            place(&mut g, &cur);
            self.pause_where_unreachable(&mut g, now)?;
            let mut next = cur.clone();
            next.status = ChallengeStatus::Accepted {
                game: game_id,
                by: user,
            };
            next.version = cur.version.next();
            next.updated_at = now;
            let mut ws = WriteSet::new();
            ws.put(Some(cur.version), AnyRecord::Challenge(next.clone()));
            self.chat_gains(&g, now, &mut ws)?;
            ws.put(None, AnyRecord::Game(g.clone()));
            Ok(Step::Write(ws, (next, g)))
        })?;
        self.deadlines_changed.notify_one();
        Ok(accepted)
    }

    /// The challenged user declines, or the challenger withdraws.
    pub fn decline_challenge(
        &self,
        id: ChallengeId,
        user: UserId,
        username: Option<&str>,
        now: Timestamp,
    ) -> Result<ChallengeRecord, ServiceError> {
        self.change_challenge(id, now, |cur, next| {
            if cur.status != ChallengeStatus::Open {
                return Err(ServiceError::ChallengeClosed(cur.status));
            }
            next.status = if user == cur.from {
                ChallengeStatus::Cancelled
            } else if cur.target.is_personal() && cur.is_for(user, username) {
                ChallengeStatus::Declined { by: user }
            } else {
                return Err(ServiceError::NotForYou);
            };
            Ok(())
        })
    }

    /// Close a challenge whose time is up ([`ServiceError::NotDue`] before that).
    pub fn expire_challenge(
        &self,
        id: ChallengeId,
        now: Timestamp,
    ) -> Result<ChallengeRecord, ServiceError> {
        self.change_challenge(id, now, |cur, next| {
            if cur.status != ChallengeStatus::Open {
                return Err(ServiceError::ChallengeClosed(cur.status));
            }
            if now < cur.expires_at {
                return Err(ServiceError::NotDue);
            }
            next.status = ChallengeStatus::Expired;
            Ok(())
        })
    }

    /// One bounded step of the retention sweep: reads up to `limit` challenges with ids
    /// above `cursor` and removes those closed (accepted, declined, withdrawn, lapsed) more
    /// than [`Timing::challenge_retention`] ago. A challenge still open past its lapse
    /// counts as closed then. A lost race leaves a challenge for the next round.
    pub fn sweep_challenges(
        &self,
        cursor: ChallengeId,
        limit: usize,
        now: Timestamp,
    ) -> Result<Swept, ServiceError> {
        let batch = self.store.challenges_after(cursor, limit)?;
        let keep = self.timing.challenge_retention;
        let dead: Vec<(RecordRef, Version)> = batch
            .iter()
            .filter(|c| {
                // A lapse counts from when it was due, not from when the timer got to it
                // (the bot may have been down).
                let closed = match c.status {
                    ChallengeStatus::Open | ChallengeStatus::Expired => c.expires_at,
                    _ => c.updated_at,
                };
                closed.plus(keep) <= now
            })
            .map(|c| (RecordRef::Challenge(c.id), c.version))
            .collect();
        let removed = if dead.is_empty() {
            0
        } else {
            self.store.remove(&dead)?
        };
        Ok(Swept {
            examined: batch.len(),
            removed,
            next: batch.last().map(|c| c.id).filter(|_| batch.len() == limit),
        })
    }
}

/// A challenged `@username` without its `@`.
fn username(n: &str) -> Result<String, ServiceError> {
    let n = n.trim_start_matches('@');
    if n.is_empty() {
        return Err(ServiceError::BadSetup(SetupError::EmptyUsername));
    }
    Ok(n.to_string())
}

/// What one step of the retention sweep did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Swept {
    /// Challenges read.
    pub examined: usize,
    /// Of which removed.
    pub removed: usize,
    /// Where the next step starts (`None`: the end was reached, start over).
    pub next: Option<ChallengeId>,
}
