//! The words of tournaments: the entry message, each round's pairings and results, the
//! standings' headings, the end, and refusals. One implementation per language, next to
//! the rest of its texts (`en.rs`, `ru.rs`).

use crate::game::TournamentRefusal;
use crate::game::tournament::{Format, GameResult, Points, TieBreak};

/// What the entry message shows.
#[derive(Clone, Debug)]
pub struct EntryView {
    /// The format.
    pub format: Format,
    /// The variant's name.
    pub variant: String,
    /// The time control, in words.
    pub time: String,
    /// Rated or not.
    pub rated: bool,
    /// When it starts by itself (`HH:MM UTC`), if set.
    pub starts_at: Option<String>,
    /// The entrants' mentions (HTML), each with whether they withdrew.
    pub entrants: Vec<(String, bool)>,
    /// Where it stands.
    pub stage: Stage,
    /// Rounds played or begun, and the total (an arena: none).
    pub round: (u32, Option<u32>),
    /// An arena's end (`HH:MM UTC`).
    pub ends_at: Option<String>,
    /// The first-move limit, in words.
    pub first_move: String,
}

/// Where a tournament stands, for the entry message and lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// Entries open.
    Draft,
    /// Being played.
    Running,
    /// Paused by an admin.
    Paused,
    /// Over.
    Finished,
    /// Called off.
    Cancelled,
}

/// One board of a round, as the pairings and results show it.
#[derive(Clone, Debug)]
pub struct PairLine {
    /// White's mention (HTML) and score before the round.
    pub white: (String, Points),
    /// Black's mention (HTML) and score before the round.
    pub black: (String, Points),
    /// A link to the board, if it can be linked.
    pub link: Option<String>,
    /// The result, once there is one.
    pub result: Option<GameResult>,
}

/// One line of `/tournaments`.
#[derive(Clone, Debug)]
pub struct ListLine {
    /// The format.
    pub format: Format,
    /// The variant's name.
    pub variant: String,
    /// Entrants.
    pub players: usize,
    /// Where it stands.
    pub stage: Stage,
    /// The winner's mention(s) (HTML), once over.
    pub winners: Vec<String>,
    /// Rounds played and the total.
    pub round: (u32, Option<u32>),
    /// When it was opened (`YYYY-MM-DD`).
    pub date: String,
}

/// A tournament's words.
pub trait TournamentTexts {
    /// How `/tournament` is used.
    fn tournament_usage(&self) -> String;
    /// A format's name, e.g. `Swiss, 5 rounds`.
    fn tournament_format(&self, f: Format) -> String;
    /// The entry message.
    fn tournament_entry(&self, v: &EntryView) -> String;
    /// The Join button.
    fn btn_enter(&self) -> String;
    /// The Leave (or withdraw) button.
    fn btn_leave_event(&self) -> String;
    /// The button that opens the tournament's page (standings and games).
    fn btn_tournament_page(&self) -> String;
    /// The admin's Start button.
    fn btn_begin(&self) -> String;
    /// The admin's Cancel button.
    fn btn_call_off(&self) -> String;
    /// The admin's Pause button.
    fn btn_pause(&self) -> String;
    /// The admin's Resume button.
    fn btn_resume(&self) -> String;
    /// A refused tournament request.
    fn tournament_refusal(&self, r: &TournamentRefusal) -> String;
    /// Only the group's admins may do that.
    fn event_admins_only(&self) -> String;
    /// Toast: entered.
    fn entered(&self) -> String;
    /// Toast: entry taken back, or withdrawn once running.
    fn withdrawn(&self, running: bool) -> String;
    /// Toast: started, paused, resumed, cancelled.
    fn tournament_done(&self, what: Stage) -> String;
    /// A round's pairings (`private`: the boards are in the players' private chats).
    fn round_pairings(
        &self,
        round: u32,
        total: Option<u32>,
        lines: &[PairLine],
        bye: Option<&str>,
        private: bool,
    ) -> String;
    /// A round's results, the caption of the standings picture.
    fn round_results(&self, round: u32, total: Option<u32>, lines: &[PairLine]) -> String;
    /// Someone did not make their first move in time.
    fn forfeit(&self, loser: &str, winner: &str) -> String;
    /// At a table: a player did not make their first move in time and is out (the
    /// program plays their seat on; they take the last place).
    fn table_forfeit(&self, loser: &str) -> String;
    /// Someone withdrew.
    fn withdrew(&self, who: &str) -> String;
    /// The end: the winner(s) (shared first place) and the final standings' caption.
    fn tournament_won(&self, winners: &[String]) -> String;
    /// Called off by an admin.
    fn tournament_cancelled(&self) -> String;
    /// `/tournaments`.
    fn tournaments_list(&self, lines: &[ListLine]) -> String;
    /// The standings picture's title.
    fn standings_title(&self, round: u32, total: Option<u32>, last: bool) -> String;
    /// The page's standings title while round `round` is still being played: the
    /// results it counts include that round's finished games.
    fn standings_live(&self, round: u32, total: Option<u32>) -> String;
    /// The standings' column headings: place, player, points, games.
    fn standings_columns(&self) -> [String; 4];
    /// The pairings picture's column headings: board, White, Black, points before the
    /// round.
    fn pairings_columns(&self) -> [String; 4];
    /// The pairings picture's title line.
    fn pairings_title(&self, round: u32, total: Option<u32>) -> String;
    /// A tie-break's short heading.
    fn tie_break(&self, tb: TieBreak) -> String;
    /// One line of the standings as text: place, name (escaped), points and each
    /// tie-break's heading and value.
    fn standings_line(
        &self,
        rank: u32,
        name: &str,
        points: &str,
        tie_breaks: &[(String, String)],
    ) -> String {
        let tbs: Vec<String> = tie_breaks.iter().map(|(k, v)| format!("{k} {v}")).collect();
        if tbs.is_empty() {
            format!("{rank}. {name} — {points}")
        } else {
            format!("{rank}. {name} — {points} ({})", tbs.join(", "))
        }
    }
}
