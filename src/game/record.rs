//! The stored records: games, chats, users, challenges, and the index entries derived
//! from them. Plain data with serde; every record carries a [`Version`] for
//! compare-and-swap.

use super::codec;
use super::ids::Millis;
use super::ids::{
    ChallengeId, ChatId, GameId, InlineMessageId, LinkToken, MessageId, Timestamp, UserId, Version,
};
use super::rating::{RatingChange, START_RATING};
use super::time::{Clocks, TimeControl, Timing};
use crate::engine::{
    Color, Game, IllegalMove, Outcome, Path, Position, PositionError, Variant, VariantId,
};
use serde::{Deserialize, Serialize};
use std::fmt;

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

/// What a deadline is for; the order breaks ties between deadlines due at the same time.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DeadlineKind {
    /// The program is to move (due at once; resumes a program move lost in a crash).
    ProgramMove,
    /// A draw offer lapses.
    DrawOfferExpiry,
    /// A Fischer clock reaches the reminder threshold.
    ClockReminder,
    /// A Fischer clock reaches zero: the side to move loses.
    ClockFlag,
    /// A per-move limit passes: the program moves for the player, or a second miss loses.
    MoveMissed,
    /// An untimed game will be abandoned in a day.
    AbandonWarning,
    /// An untimed game is abandoned by the side to move.
    Abandon,
    /// A challenge lapses.
    ChallengeExpiry,
    /// A correspondence move has a day left: the player to move is reminded.
    DayLeft,
    /// A correspondence move has an hour left: the player to move is reminded again.
    HourLeft,
    /// A correspondence move's time is up: the opponent may claim the win or wait.
    TimeUp,
    /// The player to move asked to hear of their turn if they have not looked at the game
    /// by now ([`GameRecord::turn_notice_at`]).
    TurnNotice,
    /// A game paused because the bot can no longer write to a chat of its boards
    /// ([`GameRecord::paused`]) is called off, nobody having been able to play it.
    Unreachable,
}

impl DeadlineKind {
    /// All kinds, in tie-break order (new kinds go last: the order is their index code).
    pub const ALL: [DeadlineKind; 13] = [
        DeadlineKind::ProgramMove,
        DeadlineKind::DrawOfferExpiry,
        DeadlineKind::ClockReminder,
        DeadlineKind::ClockFlag,
        DeadlineKind::MoveMissed,
        DeadlineKind::AbandonWarning,
        DeadlineKind::Abandon,
        DeadlineKind::ChallengeExpiry,
        DeadlineKind::DayLeft,
        DeadlineKind::HourLeft,
        DeadlineKind::TimeUp,
        DeadlineKind::TurnNotice,
        DeadlineKind::Unreachable,
    ];

    /// The byte used in index keys.
    pub fn code(self) -> u8 {
        self as u8
    }

    /// Inverse of [`DeadlineKind::code`].
    pub fn from_code(c: u8) -> Option<DeadlineKind> {
        DeadlineKind::ALL.get(c as usize).copied()
    }
}

/// The next timer event of one game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Deadline {
    /// When it is due.
    pub at: Timestamp,
    /// What happens then.
    pub kind: DeadlineKind,
}

/// What a deadline belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DeadlineTarget {
    /// A game.
    Game(GameId),
    /// A challenge.
    Challenge(ChallengeId),
}

/// One entry of the deadline index; entries sort by due time first, which is the order
/// the timer task wants.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct DeadlineEntry {
    /// When it is due.
    pub at: Timestamp,
    /// What happens.
    pub kind: DeadlineKind,
    /// To what.
    pub target: DeadlineTarget,
}

/// The next event of a correspondence turn of `days` a move: the reminders with a day
/// and with an hour left (where the turn is longer than that), the time up, and once the
/// opponent has been offered the win, the game's abandonment as in an untimed game.
fn correspondence_deadline(c: &Clocks, days: u8, abandon_after: Millis) -> Deadline {
    let due = c.turn_started.plus(Millis::days(u64::from(days)));
    let (day, hour) = (Millis::days(1), Millis::minutes(60));
    let per_move = Millis::days(u64::from(days));
    match c.notices {
        0 if per_move > day => Deadline {
            at: due.minus(day),
            kind: DeadlineKind::DayLeft,
        },
        0 | 1 => Deadline {
            at: due.minus(hour),
            kind: DeadlineKind::HourLeft,
        },
        2 => Deadline {
            at: due,
            kind: DeadlineKind::TimeUp,
        },
        _ => Deadline {
            at: due.plus(abandon_after),
            kind: DeadlineKind::Abandon,
        },
    }
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
    /// looked at the game since it became their move (their [`TurnNotices`] setting; set
    /// by each move, cleared when it fires).
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

/// Interface language.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Language {
    /// English.
    En,
    /// Russian.
    Ru,
}

impl Language {
    /// From a Telegram `language_code` (`ru`, `ru-RU`, `en-GB` ...); unknown codes give `None`.
    pub fn from_code(code: &str) -> Option<Language> {
        let base = code.split(['-', '_']).next()?.to_ascii_lowercase();
        match base.as_str() {
            "en" => Some(Language::En),
            "ru" | "uk" | "be" => Some(Language::Ru),
            _ => None,
        }
    }

    /// The two-letter code.
    pub fn code(self) -> &'static str {
        match self {
            Language::En => "en",
            Language::Ru => "ru",
        }
    }
}

/// How a group's board is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Orientation {
    /// Always from White's side.
    #[default]
    White,
    /// From the side of the player to move.
    SideToMove,
}

/// A chat's defaults. Fields added since the first layout default when missing, so a
/// JSON export from an older program imports (postcard values always hold every field).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChatSettings {
    /// The chat's language (groups); `None` follows each user's language.
    pub language: Option<Language>,
    /// Variant for `/new` without one.
    #[serde(with = "codec::variant")]
    pub variant: Variant,
    /// Time control for `/new` without one.
    pub time_control: TimeControl,
    /// Board orientation in groups.
    pub orientation: Orientation,
    /// Whether players may take moves back in unrated games.
    #[serde(default = "allowed")]
    pub takebacks: bool,
    /// A private chat's owner hears privately when it is their move in a game elsewhere.
    #[serde(default)]
    pub notify_turns: bool,
    /// How long after it becomes their move, by kind of game (when `notify_turns`).
    #[serde(default)]
    pub turn_notices: TurnNotices,
}

/// Takebacks are allowed unless a chat says otherwise.
fn allowed() -> bool {
    true
}

/// How long a person who has not looked at a game waits before hearing privately that it
/// is their move there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NoticeDelay {
    /// Not told.
    Never,
    /// Told this many minutes after the opponent's move (0: at once).
    After {
        /// Minutes.
        minutes: u16,
    },
}

impl NoticeDelay {
    /// Told at once.
    pub const AT_ONCE: NoticeDelay = NoticeDelay::After { minutes: 0 };

    /// The wait, if told at all.
    pub fn wait(self) -> Option<Millis> {
        match self {
            NoticeDelay::Never => None,
            NoticeDelay::After { minutes } => Some(Millis::minutes(u64::from(minutes))),
        }
    }

    /// The choice's short text in buttons: `never`, `0`, `15`, `60` (minutes).
    pub fn code(self) -> String {
        match self {
            NoticeDelay::Never => "never".into(),
            NoticeDelay::After { minutes } => minutes.to_string(),
        }
    }
}

impl std::str::FromStr for NoticeDelay {
    type Err = std::num::ParseIntError;

    /// [`NoticeDelay::code`]'s inverse.
    fn from_str(s: &str) -> Result<NoticeDelay, Self::Err> {
        match s {
            "never" => Ok(NoticeDelay::Never),
            m => Ok(NoticeDelay::After {
                minutes: m.parse()?,
            }),
        }
    }
}

/// The two kinds of game for turn notifications: a game of days (or untimed) is played
/// between other things, a game on a clock at the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Pace {
    /// Untimed games and days a move.
    Slow,
    /// Games on a clock (Fischer or seconds a move).
    Clock,
}

impl Pace {
    /// The pace of a game of `tc`.
    pub fn of(tc: &TimeControl) -> Pace {
        match tc {
            TimeControl::Untimed | TimeControl::Days { .. } => Pace::Slow,
            TimeControl::Clock { .. } | TimeControl::PerMove { .. } => Pace::Clock,
        }
    }
}

/// Turn notifications by [`Pace`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TurnNotices {
    /// Untimed games and days a move.
    pub slow: NoticeDelay,
    /// Games on a clock (Fischer or seconds a move).
    pub clock: NoticeDelay,
}

impl Default for TurnNotices {
    /// At once in slow games, never in games on a clock.
    fn default() -> TurnNotices {
        TurnNotices {
            slow: NoticeDelay::AT_ONCE,
            clock: NoticeDelay::Never,
        }
    }
}

impl TurnNotices {
    /// The delay for games of `pace`.
    pub fn get(&self, pace: Pace) -> NoticeDelay {
        match pace {
            Pace::Slow => self.slow,
            Pace::Clock => self.clock,
        }
    }

    /// Set the delay for games of `pace`.
    pub fn set(&mut self, pace: Pace, d: NoticeDelay) {
        match pace {
            Pace::Slow => self.slow = d,
            Pace::Clock => self.clock = d,
        }
    }
}

impl Default for ChatSettings {
    fn default() -> ChatSettings {
        ChatSettings {
            language: None,
            variant: Variant::new(VariantId::Classic),
            time_control: TimeControl::Untimed,
            orientation: Orientation::White,
            takebacks: true,
            notify_turns: false,
            turn_notices: TurnNotices::default(),
        }
    }
}

/// A chat: its settings and who has played in it (its active games are an index).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChatRecord {
    /// Its id.
    pub id: ChatId,
    /// Revision for compare-and-swap.
    pub version: Version,
    /// Defaults.
    pub settings: ChatSettings,
    /// Everyone who has played here (for the chat's leaderboard).
    pub players: Vec<UserId>,
    /// First seen.
    pub created_at: Timestamp,
    /// Last write.
    pub updated_at: Timestamp,
    /// Since when the bot cannot write here: it was removed from the group, or the person
    /// blocked it (or never started it). Games with a board here are paused meanwhile.
    #[serde(default)]
    pub unreachable: Option<Timestamp>,
}

impl ChatRecord {
    /// A chat with default settings, not yet stored (version 0).
    pub fn new(id: ChatId, now: Timestamp) -> ChatRecord {
        ChatRecord {
            id,
            version: Version(0),
            settings: ChatSettings::default(),
            players: Vec::new(),
            created_at: now,
            updated_at: now,
            unreachable: None,
        }
    }
}

/// A player's record in one variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct VariantStats {
    /// The variant.
    #[serde(with = "codec::variant_id")]
    pub variant: VariantId,
    /// Games won (against people and the program).
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
    /// Elo rating (rated variants, games between people).
    pub rating: i32,
    /// Rated games played (K = 40 for the first 30).
    pub rated_games: u32,
    /// Highest rating reached.
    pub best_rating: i32,
    /// The last rated game's change.
    pub last_change: i32,
    /// Current streak: +n wins or -n losses in a row; 0 after a draw.
    pub streak: i32,
}

impl VariantStats {
    /// Nothing played yet.
    pub fn new(variant: VariantId) -> VariantStats {
        VariantStats {
            variant,
            wins: 0,
            draws: 0,
            losses: 0,
            rating: START_RATING,
            rated_games: 0,
            best_rating: START_RATING,
            last_change: 0,
            streak: 0,
        }
    }

    /// Count one finished game scored `score` (1, ½, 0).
    pub fn count(&mut self, score: f64) {
        if score > 0.75 {
            self.wins += 1;
            self.streak = self.streak.max(0) + 1;
        } else if score < 0.25 {
            self.losses += 1;
            self.streak = self.streak.min(0) - 1;
        } else {
            self.draws += 1;
            self.streak = 0;
        }
    }

    /// Apply a rated game's rating change.
    pub fn rate(&mut self, change: RatingChange) {
        self.rating = change.after;
        self.rated_games += 1;
        self.best_rating = self.best_rating.max(change.after);
        self.last_change = change.delta();
    }

    /// Games played.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }
}

/// A Telegram user as the bot knows them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UserRecord {
    /// Their id.
    pub id: UserId,
    /// Revision for compare-and-swap.
    pub version: Version,
    /// Display name (first + last).
    pub name: String,
    /// `@username` without the `@`, as last seen (challenges by mention match it).
    pub username: Option<String>,
    /// Chosen with `/lang`; `None` follows Telegram's `language_code`.
    pub language: Option<Language>,
    /// Per-variant statistics.
    pub stats: Vec<VariantStats>,
    /// First seen.
    pub created_at: Timestamp,
    /// Last write.
    pub updated_at: Timestamp,
}

impl UserRecord {
    /// A user not yet stored (version 0).
    pub fn new(id: UserId, name: &str, now: Timestamp) -> UserRecord {
        UserRecord {
            id,
            version: Version(0),
            name: name.to_string(),
            username: None,
            language: None,
            stats: Vec::new(),
            created_at: now,
            updated_at: now,
        }
    }

    /// Statistics in `v`, if any game was played.
    pub fn stats(&self, v: VariantId) -> Option<&VariantStats> {
        self.stats.iter().find(|s| s.variant == v)
    }

    /// Statistics in `v`, created empty if needed.
    pub fn stats_mut(&mut self, v: VariantId) -> &mut VariantStats {
        let i = match self.stats.iter().position(|s| s.variant == v) {
            Some(i) => i,
            None => {
                self.stats.push(VariantStats::new(v));
                self.stats.len() - 1
            }
        };
        &mut self.stats[i]
    }

    /// The index entries this record implies (lower-cased username).
    pub fn index_entries(&self) -> Vec<IndexEntry> {
        self.username
            .iter()
            .filter(|u| !u.is_empty())
            .map(|u| IndexEntry::Username(u.to_lowercase(), self.id))
            .collect()
    }
}

/// Whom a challenge is for.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ChallengeTarget {
    /// Anyone in the chat.
    Open,
    /// A known user (from a reply or a text mention).
    User(UserId),
    /// Whoever has this `@username` (without `@`), compared case-insensitively when they tap.
    Username(String),
    /// Whoever opens the challenge's link, which carries this token (accepted from their
    /// own private chat with the bot).
    Link(LinkToken),
    /// A challenge offered through inline mode, accepted by a tap on the inline message
    /// it became (whose Accept button carries this token): by anyone but the challenger,
    /// or only by `user` / `username` when named.
    Inline {
        /// The token its buttons carry.
        token: LinkToken,
        /// The only user who may accept (a rematch).
        user: Option<UserId>,
        /// The only `@username` (without `@`) who may accept, compared case-insensitively.
        username: Option<String>,
    },
}

impl ChallengeTarget {
    /// Whether it is a challenge through inline mode.
    pub fn is_inline(&self) -> bool {
        matches!(self, ChallengeTarget::Inline { .. })
    }

    /// Whether it names the one person who may answer it.
    pub fn is_personal(&self) -> bool {
        match self {
            ChallengeTarget::User(_) | ChallengeTarget::Username(_) => true,
            ChallengeTarget::Inline { user, username, .. } => user.is_some() || username.is_some(),
            ChallengeTarget::Open | ChallengeTarget::Link(_) => false,
        }
    }
}

/// The challenger's colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum ColourChoice {
    /// White.
    White,
    /// Black.
    Black,
    /// Drawn when accepted.
    #[default]
    Random,
}

/// Where a challenge stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ChallengeStatus {
    /// Waiting for an answer.
    Open,
    /// Accepted; the game started.
    Accepted {
        /// The game.
        game: GameId,
        /// Who accepted.
        by: UserId,
    },
    /// Declined by the challenged user.
    Declined {
        /// Who declined.
        by: UserId,
    },
    /// Withdrawn by the challenger.
    Cancelled,
    /// Nobody answered in time.
    Expired,
}

/// A challenge to play.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChallengeRecord {
    /// Its id.
    pub id: ChallengeId,
    /// Revision for compare-and-swap.
    pub version: Version,
    /// Where it was posted.
    pub chat: ChatId,
    /// Its message (edited when answered or expired).
    pub message: Option<MessageId>,
    /// The challenger.
    pub from: UserId,
    /// Whom it is for.
    pub target: ChallengeTarget,
    /// Variant to play.
    #[serde(with = "codec::variant")]
    pub variant: Variant,
    /// Time control to play.
    pub time_control: TimeControl,
    /// The challenger's colour.
    pub colour: ColourChoice,
    /// Whether the game is rated (where the variant allows).
    pub rated: bool,
    /// When it was made.
    pub created_at: Timestamp,
    /// When it lapses.
    pub expires_at: Timestamp,
    /// Where it stands.
    pub status: ChallengeStatus,
    /// Last write.
    pub updated_at: Timestamp,
}

impl ChallengeRecord {
    /// The index entries this record implies (the expiry while open).
    pub fn index_entries(&self) -> Vec<IndexEntry> {
        if self.status == ChallengeStatus::Open {
            vec![IndexEntry::Deadline(DeadlineEntry {
                at: self.expires_at,
                kind: DeadlineKind::ChallengeExpiry,
                target: DeadlineTarget::Challenge(self.id),
            })]
        } else {
            Vec::new()
        }
    }

    /// Whether `user` (with `username`) may accept or decline it.
    pub fn is_for(&self, user: UserId, username: Option<&str>) -> bool {
        match &self.target {
            ChallengeTarget::Open | ChallengeTarget::Link(_) => user != self.from,
            ChallengeTarget::User(u) => *u == user,
            ChallengeTarget::Username(n) => same_username(username, n),
            ChallengeTarget::Inline {
                user: named,
                username: name,
                ..
            } => {
                user != self.from
                    && named.is_none_or(|u| u == user)
                    && name.as_deref().is_none_or(|n| same_username(username, n))
            }
        }
    }
}

/// Whether Telegram's `username` (with or without `@`) is `name`, as Telegram compares
/// them (case-insensitively).
fn same_username(username: Option<&str>, name: &str) -> bool {
    username.is_some_and(|u| u.trim_start_matches('@').eq_ignore_ascii_case(name))
}

/// A derived index entry; stores keep these in step with the records in the same write.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum IndexEntry {
    /// The deadline index (next deadline first).
    Deadline(DeadlineEntry),
    /// A user's games (newest last by id).
    UserGame(UserId, GameId),
    /// Lower-cased username to user.
    Username(String, UserId),
    /// A chat's active games (oldest first by id); kept per game so a game's end touches
    /// one small key, not a list shared by every game of the chat.
    ChatGame(ChatId, GameId),
}

/// Any record, for generic writes, export and import.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AnyRecord {
    /// A game.
    Game(GameRecord),
    /// A user.
    User(UserRecord),
    /// A chat.
    Chat(ChatRecord),
    /// A challenge.
    Challenge(ChallengeRecord),
}

/// The kinds of record, one store tree each.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RecordKind {
    /// Games.
    Game,
    /// Users.
    User,
    /// Chats.
    Chat,
    /// Challenges.
    Challenge,
}

impl RecordKind {
    /// All kinds, in export order.
    pub const ALL: [RecordKind; 4] = [
        RecordKind::Chat,
        RecordKind::User,
        RecordKind::Game,
        RecordKind::Challenge,
    ];
}

/// Names one record, for conflicts and corruption reports.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum RecordRef {
    /// A game.
    Game(GameId),
    /// A user.
    User(UserId),
    /// A chat.
    Chat(ChatId),
    /// A challenge.
    Challenge(ChallengeId),
    /// Anything else: store tree and key (hex).
    Other {
        /// Tree name.
        tree: String,
        /// Key bytes in hex.
        key: String,
    },
}

impl fmt::Display for RecordRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordRef::Game(id) => write!(f, "game {id}"),
            RecordRef::User(id) => write!(f, "user {id}"),
            RecordRef::Chat(id) => write!(f, "chat {id}"),
            RecordRef::Challenge(id) => write!(f, "challenge {id}"),
            RecordRef::Other { tree, key } => write!(f, "{tree} entry {key}"),
        }
    }
}

impl AnyRecord {
    /// The kind.
    pub fn kind(&self) -> RecordKind {
        match self {
            AnyRecord::Game(_) => RecordKind::Game,
            AnyRecord::User(_) => RecordKind::User,
            AnyRecord::Chat(_) => RecordKind::Chat,
            AnyRecord::Challenge(_) => RecordKind::Challenge,
        }
    }

    /// Which record this is.
    pub fn reference(&self) -> RecordRef {
        match self {
            AnyRecord::Game(r) => RecordRef::Game(r.id),
            AnyRecord::User(r) => RecordRef::User(r.id),
            AnyRecord::Chat(r) => RecordRef::Chat(r.id),
            AnyRecord::Challenge(r) => RecordRef::Challenge(r.id),
        }
    }

    /// Its revision.
    pub fn version(&self) -> Version {
        match self {
            AnyRecord::Game(r) => r.version,
            AnyRecord::User(r) => r.version,
            AnyRecord::Chat(r) => r.version,
            AnyRecord::Challenge(r) => r.version,
        }
    }

    /// The index entries it implies.
    pub fn index_entries(&self) -> Vec<IndexEntry> {
        match self {
            AnyRecord::Game(r) => r.index_entries(),
            AnyRecord::User(r) => r.index_entries(),
            AnyRecord::Chat(_) => Vec::new(),
            AnyRecord::Challenge(r) => r.index_entries(),
        }
    }
}
