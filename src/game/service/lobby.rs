//! Lobbies: a game of three or four seats opened in a group waits in [`Status::Lobby`]
//! while people take seats and the host seats the program, until the host starts it or
//! it lapses ([`LOBBY_LAPSE`](crate::game::LOBBY_LAPSE)). A lobby is a game record like
//! any other: started, it is played, timed, shown and ended as every game is.

use super::*;
use crate::game::record::LOBBY_LAPSE;

impl GameService {
    /// The chat's open table (a lobby or a game of three or four seats in play), if any:
    /// a chat has one at a time.
    pub fn chat_table(&self, chat: ChatId) -> Result<Option<GameRecord>, ServiceError> {
        Ok(self
            .active_games(chat)?
            .into_iter()
            .rev()
            .find(|g| g.is_table() && g.is_open()))
    }

    /// Open a lobby of `variant` (three or four seats) in a group: the host takes the first
    /// seat. One table at a time per chat.
    pub fn open_lobby(
        &self,
        chat: ChatId,
        host: UserId,
        variant: MultiVariant,
        time_control: TimeControl,
        now: Timestamp,
    ) -> Result<GameRecord, ServiceError> {
        self.open_lobby_seated(chat, host, variant, time_control, None, now)
    }

    fn open_lobby_seated(
        &self,
        chat: ChatId,
        host: UserId,
        variant: MultiVariant,
        time_control: TimeControl,
        seats: Option<Vec<Player>>,
        now: Timestamp,
    ) -> Result<GameRecord, ServiceError> {
        if self.chat_table(chat)?.is_some() {
            return Err(LobbyRefusal::AlreadyOpen.into());
        }
        let id = self.store.new_game_id()?;
        let v = AnyVariant::Multi(variant);
        let players = seats.unwrap_or_else(|| {
            let mut p = vec![Player::Absent; v.seat_count()];
            p[0] = Player::Human(host);
            p
        });
        let mut g = GameRecord {
            host: Some(host),
            status: Status::Lobby,
            ..GameRecord::starting(
                id,
                v.clone(),
                players,
                v.start_text(),
                time_control,
                chat,
                now,
            )
        };
        g.deadline = g.compute_deadline(&self.timing);
        let g = self.until_committed("new lobby", || {
            let mut ws = WriteSet::new();
            ws.put(None, AnyRecord::Game(g.clone()));
            Ok(Step::Write(ws, g.clone()))
        })?;
        self.deadlines_changed.notify_one();
        Ok(g)
    }

    /// After a table's game has ended, a person who played it opens a new lobby with the
    /// same seats (they host it; the others keep their seats and may leave).
    pub fn rematch_lobby(
        &self,
        id: GameId,
        user: UserId,
        now: Timestamp,
    ) -> Result<GameRecord, ServiceError> {
        let old = self.game(id)?;
        let Some(variant) = old.variant.multi() else {
            return Err(ServiceError::BadSetup(SetupError::NoLobby));
        };
        if old.is_open() {
            return Err(LobbyRefusal::Closed.into());
        }
        if old.seat_of(user).is_none() {
            return Err(LobbyRefusal::NotSeated.into());
        }
        self.open_lobby_seated(
            old.chat,
            user,
            variant,
            old.time_control,
            Some(old.players.clone()),
            now,
        )
    }

    /// Take the next free seat of a lobby.
    pub fn join_lobby(
        &self,
        id: GameId,
        user: UserId,
        now: Timestamp,
    ) -> Result<GameRecord, ServiceError> {
        self.change_lobby(id, now, |g| {
            if g.seat_of(user).is_some() {
                return Err(LobbyRefusal::AlreadySeated);
            }
            let free = g
                .players
                .iter()
                .position(|p| *p == Player::Absent)
                .ok_or(LobbyRefusal::Full)?;
            g.players[free] = Player::Human(user);
            Ok(())
        })
    }

    /// Leave a lobby's seat; the host leaving closes the lobby.
    pub fn leave_lobby(
        &self,
        id: GameId,
        user: UserId,
        now: Timestamp,
    ) -> Result<GameRecord, ServiceError> {
        self.change_lobby(id, now, |g| {
            let i = g
                .players
                .iter()
                .position(|p| *p == Player::Human(user))
                .ok_or(LobbyRefusal::NotSeated)?;
            if Some(user) == g.host {
                g.status = Status::Aborted {
                    by: Some(user),
                    at: now,
                };
            } else {
                g.players[i] = Player::Absent;
            }
            Ok(())
        })
    }

    /// The host seats the program at `level` in the next free seat.
    pub fn add_program_seat(
        &self,
        id: GameId,
        user: UserId,
        level: u8,
        now: Timestamp,
    ) -> Result<GameRecord, ServiceError> {
        self.change_lobby(id, now, |g| {
            if Some(user) != g.host {
                return Err(LobbyRefusal::NotHost);
            }
            let free = g
                .players
                .iter()
                .position(|p| *p == Player::Absent)
                .ok_or(LobbyRefusal::Full)?;
            g.players[free] = Player::Program {
                level: level.clamp(1, 5),
            };
            Ok(())
        })
    }

    /// The host starts the game once every seat is taken: its clock starts now, and it is
    /// rated where the variant is and two people or more sit at it.
    pub fn start_lobby(
        &self,
        id: GameId,
        user: UserId,
        now: Timestamp,
    ) -> Result<GameRecord, ServiceError> {
        self.change_lobby(id, now, |g| {
            if Some(user) != g.host {
                return Err(LobbyRefusal::NotHost);
            }
            if !g.full() || g.people().is_empty() {
                return Err(LobbyRefusal::SeatsOpen);
            }
            g.status = Status::Active;
            // The lobby's message stays as it is; the game's board is a new message.
            g.message = None;
            g.clocks = crate::game::Clocks::start(&g.time_control, now);
            g.rated = g.variant.rated() && g.people().len() >= 2;
            Ok(())
        })
    }

    /// A lobby change by `f`, refused once the lobby has lapsed (even before its timer
    /// fired) or closed.
    fn change_lobby(
        &self,
        id: GameId,
        now: Timestamp,
        f: impl Fn(&mut GameRecord) -> Result<(), LobbyRefusal>,
    ) -> Result<GameRecord, ServiceError> {
        self.change_game(id, now, |cur, next| {
            let open = cur.status == Status::Lobby && cur.created_at.plus(LOBBY_LAPSE) > now;
            if !open {
                return Err(LobbyRefusal::Closed.into());
            }
            f(next).map_err(ServiceError::from)
        })
        .map(|(g, ())| g)
    }

    /// A due lobby lapses (called off, nobody's game).
    pub(super) fn lapse_lobby(
        &self,
        cur: &GameRecord,
        next: &mut GameRecord,
        now: Timestamp,
    ) -> bool {
        if cur.status != Status::Lobby {
            return false;
        }
        next.status = Status::Aborted { by: None, at: now };
        true
    }
}
