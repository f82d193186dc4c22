//! The game record, for two, three or four seats alike: players, status, offers, boards,
//! and what follows from a game (replay, the next deadline, index entries).

use super::deadlines::{
    Deadline, DeadlineEntry, DeadlineKind, DeadlineTarget, correspondence_deadline,
};
use super::index::IndexEntry;
use crate::engine::{
    AnyGame, AnyOutcome, AnyPositionError, AnyVariant, Color, Leave, MoveError, Outcome, Ply, Seat,
    SeatSet,
};
use crate::game::codec;
use crate::game::ids::{
    ChatId, GameId, InlineMessageId, MessageId, Millis, Timestamp, UserId, Version,
};
use crate::game::rating::RatingChange;
use crate::game::time::{Clocks, TimeControl, Timing};
use serde::{Deserialize, Serialize};

/// Who plays one seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Player {
    /// A Telegram user.
    Human(UserId),
    /// The program at a playing level.
    Program {
        /// AI level 1–5.
        level: u8,
    },
    /// Nobody: the empty side of a training-room game, or a lobby's free seat.
    Absent,
}

impl Player {
    /// The user, if a person plays this seat.
    pub fn user(self) -> Option<UserId> {
        match self {
            Player::Human(u) => Some(u),
            _ => None,
        }
    }
}

/// The level the program plays a table's seat at once its person has left (RULES §14
/// "Leaving": the program plays it on).
pub const LEFT_SEAT_LEVEL: u8 = 3;

/// How long a lobby waits for its host to start it.
pub const LOBBY_LAPSE: Millis = Millis::minutes(10);

/// Where a game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// Seats are being taken (a table's lobby in a group); it lapses after
    /// [`LOBBY_LAPSE`] unless its host starts it.
    Lobby,
    /// Being played.
    Active,
    /// Decided: on the board, by the seats' leaving, agreement, time or abandonment.
    Over {
        /// Result (two sides) or places (a table), and the reason.
        #[serde(with = "codec::any_outcome")]
        outcome: AnyOutcome,
        /// When it ended.
        at: Timestamp,
    },
    /// Called off: before both sides had moved, a training run given up, a game nobody
    /// could reach, or a lobby closed or lapsed. No result, no statistics.
    Aborted {
        /// Who called it off (none when the system did).
        by: Option<UserId>,
        /// When.
        at: Timestamp,
    },
}

impl Status {
    /// Decided now with `outcome`.
    pub fn over(outcome: impl Into<AnyOutcome>, at: Timestamp) -> Self {
        Status::Over {
            outcome: outcome.into(),
            at,
        }
    }

    /// Whether moves can still be made.
    pub fn is_active(&self) -> bool {
        matches!(self, Status::Active)
    }

    /// Whether it is a lobby or in play (shown in its chat's list of games).
    pub fn is_open(&self) -> bool {
        matches!(self, Status::Lobby | Status::Active)
    }

    /// The two-sided result of a decided game.
    pub fn outcome(&self) -> Option<Outcome> {
        self.ending().and_then(|o| o.two())
    }

    /// How a decided game ended, whatever its seat count.
    pub fn ending(&self) -> Option<AnyOutcome> {
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

/// A seat whose player left a table's game in play (RULES §14 "Leaving"); the program
/// plays it on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatLeft {
    /// Plies played when it happened.
    pub ply: u32,
    /// The seat.
    pub seat: Seat,
    /// By resignation or on time.
    pub how: Leave,
}

pub use crate::game::rating::SeatRating;

/// One game of two, three or four seats, from its lobby (a table in a group) or its
/// start to its end. Fields added since the first layout default when missing, so a JSON
/// export from an older program imports (postcard values always hold every field).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameRecord {
    /// Its id.
    pub id: GameId,
    /// Revision for compare-and-swap.
    pub version: Version,
    /// Variant (with any house-rule options), which fixes the seats.
    #[serde(with = "codec::any_variant")]
    pub variant: AnyVariant,
    /// Who plays each seat of the variant, in turn order (White, Black for two sides).
    pub players: Vec<Player>,
    /// Who opened the game's lobby: only they start it or seat the program.
    #[serde(default)]
    pub host: Option<UserId>,
    /// Start position text (RULES §11 and §14).
    pub start: String,
    /// The plies played, in order (a table's passes included).
    #[serde(with = "codec::plies")]
    pub moves: Vec<Ply>,
    /// The seats whose players left a table's game, in order.
    #[serde(default)]
    pub leaves: Vec<SeatLeft>,
    /// Current position text, derived from start + moves (kept for fast queries).
    pub position: String,
    /// Lobby, active, over (with outcome) or aborted.
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
    /// The board message the bot edits after every move (a lobby's message first).
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
    /// Rating changes once a rated game is over, per seat of a person.
    #[serde(default, with = "codec::seat_ratings")]
    pub ratings: Vec<SeatRating>,
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
    Start(#[from] AnyPositionError),
    /// A stored move is illegal.
    #[error("move {} ({path}): {error}", ply + 1)]
    Move {
        /// 0-based ply.
        ply: usize,
        /// The stored ply.
        path: String,
        /// Why.
        error: MoveError,
    },
    /// A stored leave names a seat that cannot leave then.
    #[error("seat {seat} cannot leave at ply {ply}")]
    Leave {
        /// Plies played then.
        ply: u32,
        /// The seat.
        seat: Seat,
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
        variant: impl Into<AnyVariant>,
        players: Vec<Player>,
        start: String,
        time_control: TimeControl,
        chat: ChatId,
        now: Timestamp,
    ) -> GameRecord {
        GameRecord {
            id,
            version: Version(1),
            variant: variant.into(),
            players,
            host: None,
            start: start.clone(),
            moves: Vec::new(),
            leaves: Vec::new(),
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
            ratings: Vec::new(),
            deadline: None,
            takeback: None,
            takebacks: 0,
            inline: None,
            turn_notice_at: None,
            paused: None,
            turn_seen: None,
        }
    }

    /// Whether it has three or four seats (a table).
    pub fn is_table(&self) -> bool {
        self.variant.multi().is_some()
    }

    /// The seat to move, read from the stored position text.
    pub fn to_move(&self) -> Seat {
        let field = if self.is_table() { 4 } else { 2 };
        self.position
            .split_whitespace()
            .nth(field)
            .and_then(|f| f.chars().next())
            .and_then(Seat::from_letter)
            .unwrap_or(Seat::White)
    }

    /// The side to move of a two-sided game (White for a table's seats other than Black).
    pub fn side_to_move(&self) -> Color {
        self.to_move().color().unwrap_or(Color::White)
    }

    /// Plies played.
    pub fn ply(&self) -> u32 {
        self.moves.len() as u32
    }

    /// Whether moves can still be made.
    pub fn is_active(&self) -> bool {
        self.status.is_active()
    }

    /// Whether it is a lobby or in play.
    pub fn is_open(&self) -> bool {
        self.status.is_open()
    }

    /// The two-sided result of a decided game.
    pub fn outcome(&self) -> Option<Outcome> {
        self.status.outcome()
    }

    /// How a decided game ended, whatever its seat count.
    pub fn ending(&self) -> Option<AnyOutcome> {
        self.status.ending()
    }

    /// The turn-order number of `s` (its index in `players`).
    pub fn seat_no(&self, s: impl Into<Seat>) -> Option<usize> {
        self.variant.seat_no(s.into())
    }

    /// The seats in turn order, each with its player.
    pub fn seated(&self) -> impl Iterator<Item = (Seat, Player)> + '_ {
        self.variant
            .seats()
            .iter()
            .copied()
            .zip(self.players.iter().copied())
    }

    /// Who sits at `s` (`Absent` for a seat the variant has not).
    pub fn player(&self, s: impl Into<Seat>) -> Player {
        self.seat_no(s)
            .and_then(|i| self.players.get(i).copied())
            .unwrap_or(Player::Absent)
    }

    /// The seat `user` plays (the first, White before Black, if they play several).
    pub fn seat_of(&self, user: UserId) -> Option<Seat> {
        self.seated()
            .find(|(_, p)| *p == Player::Human(user))
            .map(|(s, _)| s)
    }

    /// The colour `user` plays in a two-sided game (White first if they play both).
    pub fn color_of(&self, user: UserId) -> Option<Color> {
        Color::ALL
            .into_iter()
            .find(|c| self.player(*c) == Player::Human(user))
    }

    /// The people who play it, each once, in seat order.
    pub fn people(&self) -> Vec<UserId> {
        let mut out: Vec<UserId> = Vec::new();
        for u in self.players.iter().filter_map(|p| p.user()) {
            if !out.contains(&u) {
                out.push(u);
            }
        }
        out
    }

    /// Whether every seat is taken.
    pub fn full(&self) -> bool {
        self.players.iter().all(|p| *p != Player::Absent)
    }

    /// The seats whose players left.
    pub fn left(&self) -> SeatSet {
        SeatSet::of(&self.leaves.iter().map(|l| l.seat).collect::<Vec<_>>())
    }

    /// Who moves for the seat to move: its player, or the program once its person left.
    pub fn player_to_move(&self) -> Player {
        let s = self.to_move();
        if self.left().has(s) {
            Player::Program {
                level: LEFT_SEAT_LEVEL,
            }
        } else {
            self.player(s)
        }
    }

    /// The rating change of `s`, once a rated game is over.
    pub fn rating_of(&self, s: impl Into<Seat>) -> Option<RatingChange> {
        let s = s.into();
        self.ratings.iter().find(|r| r.seat == s).map(|r| r.change)
    }

    /// A rated two-sided game's rating changes (White, Black).
    pub fn two_ratings(&self) -> Option<[RatingChange; 2]> {
        Some([self.rating_of(Seat::White)?, self.rating_of(Seat::Black)?])
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
        self.variant.solo()
    }

    /// The engine game of the start position, the plies and the leaves, without
    /// comparing it with the stored position (for a record whose moves are being changed).
    pub fn play_through(&self) -> Result<AnyGame, ReplayError> {
        let mut game = AnyGame::from_text(&self.variant, &self.start)?;
        let mut leaves = self.leaves.iter().peekable();
        for (ply, p) in self.moves.iter().enumerate() {
            while let Some(l) = leaves.next_if(|l| l.ply as usize == ply) {
                leave(&mut game, l)?;
            }
            game.play(p).map_err(|error| ReplayError::Move {
                ply,
                path: p.to_string(),
                error,
            })?;
        }
        for l in leaves {
            if l.ply as usize != self.moves.len() {
                return Err(ReplayError::Leave {
                    ply: l.ply,
                    seat: l.seat,
                });
            }
            leave(&mut game, l)?;
        }
        Ok(game)
    }

    /// Rebuild the engine game by replaying the moves (cheap: microseconds a ply), checking
    /// that it reaches the stored position; an off-board ending is re-applied.
    pub fn replay(&self) -> Result<AnyGame, ReplayError> {
        let mut game = self.play_through()?;
        let replayed = game.position_text();
        if replayed != self.position {
            return Err(ReplayError::Mismatch {
                stored: self.position.clone(),
                replayed,
            });
        }
        if let Some(AnyOutcome::Two(outcome)) = self.ending() {
            game.end(outcome);
        }
        Ok(game)
    }

    /// The next timer event: for a lobby its lapse; in play, the earliest of the
    /// draw-offer expiry and the turn's clock, per-move limit, abandonment (or its
    /// warning), or the program's pending move.
    pub fn compute_deadline(&self, t: &Timing) -> Option<Deadline> {
        if self.status == Status::Lobby {
            return Some(Deadline {
                at: self.created_at.plus(LOBBY_LAPSE),
                kind: DeadlineKind::ChallengeExpiry,
            });
        }
        // A lobby nobody started is nobody's game: it goes when a lapsed challenge would.
        if let Status::Aborted { at, .. } = self.status
            && self.lapsed_lobby()
        {
            return Some(Deadline {
                at: at.plus(t.challenge_retention),
                kind: DeadlineKind::ChallengeExpiry,
            });
        }
        if !self.is_active() {
            return None;
        }
        if let Some(since) = self.paused {
            return Some(Deadline {
                at: since.plus(t.abandon_after),
                kind: DeadlineKind::Unreachable,
            });
        }
        let no = self.seat_no(self.to_move()).unwrap_or(0);
        let c = &self.clocks;
        let mut cands: Vec<Deadline> = Vec::with_capacity(3);
        if let Some(o) = self.draw_offer {
            cands.push(Deadline {
                at: o.expires_at,
                kind: DeadlineKind::DrawOfferExpiry,
            });
        }
        let to_move = self.player_to_move();
        match to_move {
            Player::Program { .. } => cands.push(Deadline {
                at: c.turn_started,
                kind: DeadlineKind::ProgramMove,
            }),
            Player::Absent => {}
            Player::Human(_) => match self.time_control {
                TimeControl::Clock { .. } => {
                    let bank = c.remaining[no];
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
        if let (Some(at), Player::Human(_)) = (self.turn_notice_at, to_move) {
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
    /// open-game lists of the chats it is shown in).
    pub fn index_entries(&self) -> Vec<IndexEntry> {
        let mut v = Vec::with_capacity(6);
        if self.is_open() {
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
        // A lobby that closed unstarted is nobody's game: it stays out of their history.
        if !self.lapsed_lobby() {
            for u in self.people() {
                v.push(IndexEntry::UserGame(u, self.id));
            }
        }
        v
    }

    /// A lobby that closed before its game started.
    pub fn lapsed_lobby(&self) -> bool {
        self.host.is_some() && matches!(self.status, Status::Aborted { .. }) && self.ply() == 0
    }
}

fn leave(game: &mut AnyGame, l: &SeatLeft) -> Result<(), ReplayError> {
    if game.leave(l.seat, l.how) {
        Ok(())
    } else {
        Err(ReplayError::Leave {
            ply: l.ply,
            seat: l.seat,
        })
    }
}
