//! The game record: players, status, offers, boards, and what follows from a game
//! (replay, the next deadline, index entries).

use super::deadlines::{
    Deadline, DeadlineEntry, DeadlineKind, DeadlineTarget, correspondence_deadline,
};
use super::index::IndexEntry;
use crate::engine::{Color, Game, IllegalMove, Outcome, Path, Position, PositionError, Variant};
use crate::game::codec;
use crate::game::ids::{ChatId, GameId, InlineMessageId, MessageId, Timestamp, UserId, Version};
use crate::game::rating::RatingChange;
use crate::game::time::{Clocks, TimeControl, Timing};
use serde::{Deserialize, Serialize};

/// Who plays one colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Player {
    /// A Telegram user.
    Human(UserId),
    /// The program at a playing level (private games).
    Program {
        /// AI level 1–5.
        level: u8,
    },
    /// Nobody: the empty side of a training-room game.
    Absent,
}

impl Player {
    /// The user, if a person plays this side.
    pub fn user(self) -> Option<UserId> {
        match self {
            Player::Human(u) => Some(u),
            _ => None,
        }
    }
}

/// Where a game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// Being played.
    Active,
    /// Decided: on the board or by resignation, agreement, time or abandonment.
    Over {
        /// Result and reason.
        #[serde(with = "codec::outcome")]
        outcome: Outcome,
        /// When it ended.
        at: Timestamp,
    },
    /// Called off before both sides had moved (or a training run given up): no result,
    /// no statistics.
    Aborted {
        /// Who called it off (none when the system did).
        by: Option<UserId>,
        /// When.
        at: Timestamp,
    },
}

impl Status {
    /// Decided now with `outcome`.
    pub fn over(outcome: Outcome, at: Timestamp) -> Self {
        Status::Over { outcome, at }
    }

    /// Whether moves can still be made.
    pub fn is_active(&self) -> bool {
        matches!(self, Status::Active)
    }

    /// The outcome of a decided game.
    pub fn outcome(&self) -> Option<Outcome> {
        match self {
            Status::Over { outcome, .. } => Some(*outcome),
            _ => None,
        }
    }
}

/// A pending draw offer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DrawOffer {
    /// The side that offered.
    pub by: Color,
    /// When it lapses.
    pub expires_at: Timestamp,
}

/// A pending request to take back moves: valid while the game stands at `ply`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TakebackOffer {
    /// The side that asked.
    pub by: Color,
    /// The plies played when it asked (any move since voids it).
    pub ply: u32,
}

/// Where a board message of a game lives.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Board {
    /// The chat.
    pub chat: ChatId,
    /// The message there, once posted.
    pub message: Option<MessageId>,
}

/// One game, active or finished. Fields added since the first layout default when
/// missing, so a JSON export from an older program imports (postcard values always hold
/// every field).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameRecord {
    /// Its id.
    pub id: GameId,
    /// Revision for compare-and-swap.
    pub version: Version,
    /// Variant with any house-rule options.
    #[serde(with = "codec::variant")]
    pub variant: Variant,
    /// White, Black.
    pub players: [Player; 2],
    /// Start position text (RULES §11).
    pub start: String,
    /// The paths played, in order.
    #[serde(with = "codec::paths")]
    pub moves: Vec<Path>,
    /// Current position text, derived from start + moves (kept for fast queries).
    pub position: String,
    /// Active, over (with outcome) or aborted.
    pub status: Status,
    /// How the game is timed.
    pub time_control: TimeControl,
    /// Clock state.
    pub clocks: Clocks,
    /// A pending draw offer.
    pub draw_offer: Option<DrawOffer>,
    /// The chat the game is played in. A game played in an inline message (`inline`) has
    /// no chat of its own: this is then the challenger's private chat with the bot, whose
    /// settings and language the game takes, and which shows no board.
    pub chat: ChatId,
    /// The board message the bot edits after every move.
    pub message: Option<MessageId>,
    /// A second board kept in step with the first: a game accepted from a deep link is
    /// shown in both players' private chats, since neither can see the other's.
    pub mirror: Option<Board>,
    /// When it was created.
    pub created_at: Timestamp,
    /// Last write.
    pub updated_at: Timestamp,
    /// Whether the result changes ratings.
    pub rated: bool,
    /// Rating changes (White, Black) once a rated game is over.
    pub ratings: Option<[RatingChange; 2]>,
    /// The next timer event (mirrored in the deadline index).
    pub deadline: Option<Deadline>,
    /// A pending request to take back moves.
    #[serde(default)]
    pub takeback: Option<TakebackOffer>,
    /// Takebacks accepted in this game (the moves taken back leave no other trace).
    #[serde(default)]
    pub takebacks: u16,
    /// The inline message the game is played in, when it was challenged through inline
    /// mode: its only board (see `chat`).
    #[serde(default)]
    pub inline: Option<InlineMessageId>,
    /// When the player to move is told privately that it is their move, unless they have
    /// looked at the game since it became their move (their
    /// [`TurnNotices`](super::TurnNotices) setting; set by each move, cleared when it fires).
    #[serde(default)]
    pub turn_notice_at: Option<Timestamp>,
    /// Since when the game is paused: the bot cannot write to a chat one of its boards is
    /// in (it was removed from the group, or the person blocked it). Its clocks stand still
    /// and nothing fires but its end as called off ([`DeadlineKind::Unreachable`]) once the
    /// untimed abandonment period has passed; it resumes where it stopped when the chat
    /// can be written to again.
    #[serde(default)]
    pub paused: Option<Timestamp>,
    /// A ply whose turn the players have already been shown, although its boards are posted
    /// anew (the group became a supergroup, a paused game resumed): showing it again does
    /// not start the turn's time over (see [`crate::game::GameService::turn_shown`]).
    #[serde(default)]
    pub turn_seen: Option<u32>,
}

/// Why a stored game does not replay (a corrupt record or an engine change).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    /// The start text is not a position of the variant.
    #[error("start position: {0}")]
    Start(#[from] PositionError),
    /// A stored move is illegal.
    #[error("move {} ({path}): {error}", ply + 1)]
    Move {
        /// 0-based ply.
        ply: usize,
        /// The stored path.
        path: String,
        /// Why.
        error: IllegalMove,
    },
    /// Replaying gives another position than the one stored.
    #[error("replay reaches {replayed}, record says {stored}")]
    Mismatch {
        /// Stored text.
        stored: String,
        /// Replayed text.
        replayed: String,
    },
}

impl GameRecord {
    /// A game in `chat` that starts at `now` from the position `start` (its text): no
    /// moves, board message, offers or deadline yet, unrated.
    pub fn starting(
        id: GameId,
        variant: Variant,
        players: [Player; 2],
        start: String,
        time_control: TimeControl,
        chat: ChatId,
        now: Timestamp,
    ) -> GameRecord {
        GameRecord {
            id,
            version: Version(1),
            variant,
            players,
            start: start.clone(),
            moves: Vec::new(),
            position: start,
            status: Status::Active,
            time_control,
            clocks: Clocks::start(&time_control, now),
            draw_offer: None,
            chat,
            message: None,
            mirror: None,
            created_at: now,
            updated_at: now,
            rated: false,
            ratings: None,
            deadline: None,
            takeback: None,
            takebacks: 0,
            inline: None,
            turn_notice_at: None,
            paused: None,
            turn_seen: None,
        }
    }

    /// Side to move, read from the stored position text.
    pub fn side_to_move(&self) -> Color {
        match self.position.split_whitespace().nth(2) {
            Some("b") | Some("B") => Color::Black,
            _ => Color::White,
        }
    }

    /// Plies played.
    pub fn ply(&self) -> u32 {
        self.moves.len() as u32
    }

    /// Whether moves can still be made.
    pub fn is_active(&self) -> bool {
        self.status.is_active()
    }

    /// The outcome of a decided game.
    pub fn outcome(&self) -> Option<Outcome> {
        self.status.outcome()
    }

    /// Who plays `c`.
    pub fn player(&self, c: Color) -> Player {
        self.players[c.index()]
    }

    /// The colour `user` plays (White first if they play both).
    pub fn color_of(&self, user: UserId) -> Option<Color> {
        Color::ALL
            .into_iter()
            .find(|c| self.players[c.index()] == Player::Human(user))
    }

    /// When a correspondence (days a move) turn is due.
    pub fn move_due(&self) -> Option<Timestamp> {
        match self.time_control {
            TimeControl::Days { .. } => self
                .time_control
                .per_move()
                .map(|d| self.clocks.turn_started.plus(d)),
            _ => None,
        }
    }

    /// Whether a correspondence move is out of time and its win not yet claimed: the
    /// opponent of the side to move may claim it.
    pub fn time_is_up(&self) -> bool {
        self.is_active() && self.move_due().is_some() && self.clocks.notices >= 3
    }

    /// The training room: one player, no opponent.
    pub fn is_solo(&self) -> bool {
        self.variant.rules().solo
    }

    /// The engine game of the start position and the moves, without comparing it with the
    /// stored position (for a record whose moves are being changed).
    pub fn play_through(&self) -> Result<Game, ReplayError> {
        let start = Position::from_text(&self.variant, &self.start)?;
        let mut game = Game::from_position(start);
        for (ply, p) in self.moves.iter().enumerate() {
            game.play_squares(p.squares())
                .map_err(|error| ReplayError::Move {
                    ply,
                    path: p.to_string(),
                    error,
                })?;
        }
        Ok(game)
    }

    /// Rebuild the engine game by replaying the moves (cheap: microseconds a ply), checking
    /// that it reaches the stored position; an off-board ending is re-applied.
    pub fn replay(&self) -> Result<Game, ReplayError> {
        let mut game = self.play_through()?;
        let replayed = game.position().to_text();
        if replayed != self.position {
            return Err(ReplayError::Mismatch {
                stored: self.position.clone(),
                replayed,
            });
        }
        if let Status::Over { outcome, .. } = self.status {
            game.end(outcome);
        }
        Ok(game)
    }

    /// The next timer event: the earliest of the draw-offer expiry and the turn's clock,
    /// per-move limit, abandonment (or its warning), or the program's pending move.
    pub fn compute_deadline(&self, t: &Timing) -> Option<Deadline> {
        if !self.is_active() {
            return None;
        }
        if let Some(since) = self.paused {
            return Some(Deadline {
                at: since.plus(t.abandon_after),
                kind: DeadlineKind::Unreachable,
            });
        }
        let side = self.side_to_move();
        let c = &self.clocks;
        let mut cands: Vec<Deadline> = Vec::with_capacity(3);
        if let Some(o) = self.draw_offer {
            cands.push(Deadline {
                at: o.expires_at,
                kind: DeadlineKind::DrawOfferExpiry,
            });
        }
        match self.player(side) {
            Player::Program { .. } => cands.push(Deadline {
                at: c.turn_started,
                kind: DeadlineKind::ProgramMove,
            }),
            Player::Absent => {}
            Player::Human(_) => match self.time_control {
                TimeControl::Clock { .. } => {
                    let bank = c.remaining[side.index()];
                    let flag = c.turn_started.plus(bank);
                    if c.notices == 0 && bank > t.clock_reminder {
                        cands.push(Deadline {
                            at: flag.minus(t.clock_reminder),
                            kind: DeadlineKind::ClockReminder,
                        });
                    }
                    cands.push(Deadline {
                        at: flag,
                        kind: DeadlineKind::ClockFlag,
                    });
                }
                TimeControl::PerMove { limit } => cands.push(Deadline {
                    at: c.turn_started.plus(limit),
                    kind: DeadlineKind::MoveMissed,
                }),
                TimeControl::Days { days } => {
                    cands.push(correspondence_deadline(c, days, t.abandon_after))
                }
                TimeControl::Untimed => {
                    let end = c.turn_started.plus(t.abandon_after);
                    if c.notices == 0 && t.abandon_after > t.abandon_warning {
                        cands.push(Deadline {
                            at: end.minus(t.abandon_warning),
                            kind: DeadlineKind::AbandonWarning,
                        });
                    }
                    cands.push(Deadline {
                        at: end,
                        kind: DeadlineKind::Abandon,
                    });
                }
            },
        }
        if let (Some(at), Player::Human(_)) = (self.turn_notice_at, self.player(side)) {
            cands.push(Deadline {
                at,
                kind: DeadlineKind::TurnNotice,
            });
        }
        cands.into_iter().min_by_key(|d| (d.at, d.kind))
    }

    /// Every board of the game in a chat, the main one first (none for a game played in
    /// an inline message).
    pub fn boards(&self) -> impl Iterator<Item = Board> + use<> {
        let main = Board {
            chat: self.chat,
            message: self.message,
        };
        let in_chats = self.inline.is_none();
        std::iter::once(main)
            .chain(self.mirror)
            .filter(move |_| in_chats)
    }

    /// The game's board in `chat`, if it is shown there.
    pub fn board_in(&self, chat: ChatId) -> Option<Board> {
        self.boards().find(|b| b.chat == chat)
    }

    /// Whether `message` in `chat` is one of the game's boards.
    pub fn is_board(&self, chat: ChatId, message: MessageId) -> bool {
        self.board_in(chat)
            .is_some_and(|b| b.message == Some(message))
    }

    /// The index entries this record implies (deadline, each player's history, the
    /// active-game lists of the chats it is shown in).
    pub fn index_entries(&self) -> Vec<IndexEntry> {
        let mut v = Vec::with_capacity(5);
        if self.is_active() {
            for b in self.boards() {
                let e = IndexEntry::ChatGame(b.chat, self.id);
                if !v.contains(&e) {
                    v.push(e);
                }
            }
        }
        if let Some(d) = self.deadline {
            v.push(IndexEntry::Deadline(DeadlineEntry {
                at: d.at,
                kind: d.kind,
                target: DeadlineTarget::Game(self.id),
            }));
        }
        for p in self.players {
            if let Some(u) = p.user()
                && !v.contains(&IndexEntry::UserGame(u, self.id))
            {
                v.push(IndexEntry::UserGame(u, self.id));
            }
        }
        v
    }
}
