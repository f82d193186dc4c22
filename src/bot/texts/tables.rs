//! The words of tables of three or four seats (RULES.md §14): lobbies, captions, the end.
//! One implementation per language, next to the rest of its texts (`en.rs`, `ru.rs`).

use crate::engine::Reason;
use crate::engine::multi::{Leave, MultiVariant, Seat};
use crate::game::{LobbyRefusal, MultiStats, TimeControl};

/// A seat as a lobby, a caption or a result shows it.
#[derive(Clone, Debug, Default)]
pub struct SeatLine {
    /// The seat.
    pub seat: Option<Seat>,
    /// Its person's mention (HTML), if a person sits there.
    pub person: Option<String>,
    /// The program's level, if the program sits there (or plays for one who left).
    pub program: Option<u8>,
    /// Its place, once known.
    pub place: Option<u8>,
    /// Its player left the game (the program plays it on).
    pub left: bool,
    /// It is to move.
    pub to_move: bool,
    /// Its Fischer clock (`m:ss`), in a game on a clock.
    pub clock: Option<String>,
}

/// What a table's lobby, caption or result shows.
#[derive(Clone, Debug)]
pub struct TableView {
    /// The variant.
    pub variant: MultiVariant,
    /// Every seat, in turn order.
    pub seats: Vec<SeatLine>,
    /// The round being played; once the game is over, the last round played.
    pub round: u16,
    /// The last turn (`c3-e5`, `--`) and who played it.
    pub last: Option<(Seat, String)>,
    /// How the game is timed.
    pub time: TimeControl,
    /// A days-a-move turn: when it is due and the time left, in milliseconds.
    pub move_by: Option<(u64, u64)>,
    /// Why the game ended, once it has.
    pub over: Option<Reason>,
    /// Rating changes, one line each (`name 1500 → 1512`).
    pub ratings: Vec<String>,
    /// The game is paused: the bot cannot write to its chat.
    pub paused: bool,
}

impl TableView {
    /// The limit a turn has, if any (a per-move limit or days a move).
    pub fn limit(&self) -> Option<TimeControl> {
        matches!(
            self.time,
            TimeControl::PerMove { .. } | TimeControl::Days { .. }
        )
        .then_some(self.time)
    }
}

/// The coloured mark of a seat (with its letter in captions, so colour is never alone).
pub fn seat_mark(s: Seat) -> &'static str {
    match s {
        Seat::White => "⚪",
        Seat::Green => "🟢",
        Seat::Black => "⚫",
        Seat::Red => "🔴",
    }
}

/// The words of tables.
pub trait TableTexts: Sync {
    /// A seat's colour name ("White").
    fn seat_name(&self, s: Seat) -> String;
    /// The variant's name.
    fn table_variant(&self, v: MultiVariant) -> String;
    /// The lobby message: the seats, the host, the limit, the lapse.
    fn lobby(&self, v: &TableView, host: &str, minutes: u64) -> String;
    /// The lobby lapsed or its host closed it.
    fn lobby_closed(&self, v: MultiVariant) -> String;
    /// Button: take a seat.
    fn btn_join(&self) -> String;
    /// Button: give up one's seat.
    fn btn_leave(&self) -> String;
    /// Button: seat the program at a level.
    fn btn_program(&self, level: u8) -> String;
    /// Button: start.
    fn btn_start(&self) -> String;
    /// Button: leave the game (the program plays on).
    fn btn_leave_game(&self) -> String;
    /// A board's caption.
    fn table_caption(&self, v: &TableView) -> String;
    /// The end: places, why, rating changes.
    fn table_end(&self, v: &TableView) -> String;
    /// A player left; the program plays their seat to the end.
    fn table_left(&self, name: &str, s: Seat, how: Leave) -> String;
    /// The program moved for a player who missed the per-move limit.
    fn table_auto_moved(&self, name: &str, s: Seat) -> String;
    /// Someone not to move tried to: it is `name`'s move.
    fn not_your_seat(&self, name: &str, s: Seat) -> String;
    /// A lobby's refusal.
    fn lobby_refusal(&self, r: &LobbyRefusal) -> String;
    /// The person's seat has finished or left: it moves no more.
    fn seat_done(&self) -> String;
    /// Asked on the board before a player leaves a table's game.
    fn confirm_leave_game(&self) -> String;
    /// A days-a-move turn at a table is out of time: the others may end it (the late
    /// player leaves, the program plays the seat on) or keep waiting.
    fn table_time_up(&self, late: &str, others: &str) -> String;
    /// Button: the late player is out (a table's claim).
    fn btn_table_claim(&self) -> String;
    /// Toast: seated at `s`.
    fn seated(&self, s: Seat) -> String;
    /// Toast: the seat was given up.
    fn unseated(&self) -> String;
    /// A private note: it is the reader's move at a table in a group; `board` says where.
    fn table_turn_notice(&self, v: MultiVariant, s: Seat, board: &str) -> String;
    /// The statistics of one variant of three or four seats, one line.
    fn multi_stats(&self, s: &MultiStats) -> String;
    /// The Mini App's status line while a table plays: whose move, the round.
    fn table_page_turn(&self, s: Seat, name: &str, round: u16) -> String;
    /// The Mini App's status line of a table still gathering its seats.
    fn table_page_lobby(&self, v: MultiVariant) -> String;
}
