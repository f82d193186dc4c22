//! Every user-facing text, one implementation per language (`en.rs`, `ru.rs`).
//!
//! Handlers never build sentences themselves: they pick a method of [`Texts`] and pass
//! data. Texts are Telegram HTML: names arrive already escaped or linked (see [`mention`]).

pub(crate) mod analysis;
mod en;
mod ru;
pub(crate) mod tables;
pub(crate) mod tournament;
pub(crate) mod webapp;

use crate::engine::{IllegalMove, InputError, MoveError, Outcome, Reason, VariantId};
use crate::game::standings::PlayerResult;
use crate::game::{GameId, Language, NoticeDelay, Pace, SetupError, TimeControl, TurnNotices};

/// What a board caption shows; the language decides the words.
#[derive(Clone, Debug, Default)]
pub struct CaptionData {
    /// White player's mention (HTML).
    pub white: String,
    /// Black player's mention (HTML), empty in the training room.
    pub black: String,
    /// The variant.
    pub variant: Option<VariantId>,
    /// Whether the variant carries house-rule options.
    pub house_rules: bool,
    /// Move number being played.
    pub move_number: u16,
    /// Whether White is to move.
    pub white_to_move: bool,
    /// The mention of the player to move.
    pub to_move: String,
    /// The last move's path.
    pub last_move: Option<String>,
    /// The exit deadline D and the moves left before it is checked, if still ahead.
    pub deadline: Option<(u16, u16)>,
    /// The move limit L, if any.
    pub move_limit: Option<u16>,
    /// Clocks (White, Black) as `m:ss`, when timed by a Fischer clock.
    pub clocks: Option<(String, String)>,
    /// Per-move limit in seconds.
    pub per_move: Option<u64>,
    /// A correspondence move: when it is due and the time left, in milliseconds.
    pub move_by: Option<(u64, u64)>,
    /// A pending draw offer by this player's mention.
    pub draw_offer_by: Option<String>,
    /// The result line when the game is over.
    pub result: Option<String>,
    /// Rating changes, one line each.
    pub ratings: Vec<String>,
    /// Moves played in the training room (solo).
    pub solo: bool,
    /// Tempo numbers (White, Black).
    pub tempo: Option<(i32, i32)>,
    /// The game is paused: the bot cannot write to a chat of its boards.
    pub paused: bool,
}

/// Where a game listed by `/games` has its board, seen from the chat that asked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardPlace {
    /// In this chat.
    Here,
    /// A message link (supergroups).
    Link(String),
    /// In a private chat with the bot (no link to give).
    Private,
    /// In a group without message links.
    Group,
    /// In the inline message the game was posted as, in the chat it was posted to.
    Inline,
}

/// One game in `/games`.
#[derive(Clone, Debug)]
pub struct GameLine {
    /// Each seat with its player's mention (the training room: its one player).
    pub players: Vec<(crate::engine::Seat, String)>,
    /// The training room.
    pub solo: bool,
    /// The variant's name.
    pub variant: String,
    /// A table's lobby, still gathering its players.
    pub lobby: bool,
    /// The time control.
    pub time_control: TimeControl,
    /// The mention of the player to move.
    pub to_move: String,
    /// Whether the asker is to move.
    pub asker_to_move: bool,
    /// The time the player to move has left (`m:ss`), if timed.
    pub left: Option<String>,
    /// Where the board is.
    pub place: BoardPlace,
    /// The game is paused: the bot cannot write to a chat of its boards.
    pub paused: bool,
}

/// Who is who in a result sentence.
#[derive(Clone, Debug)]
pub struct ResultContext {
    /// The exit deadline D of the variant.
    pub deadline: Option<u16>,
    /// The move limit L of the variant.
    pub move_limit: Option<u16>,
    /// Whether the limit is judged by tempo.
    pub by_tempo: bool,
    /// Training room.
    pub solo: bool,
    /// Moves made (for the training room).
    pub moves: u16,
}

/// One language's texts.
pub trait Texts:
    tables::TableTexts + analysis::AnalysisTexts + tournament::TournamentTexts + Send + Sync
{
    /// The language (the tests check [`texts`] against it).
    #[cfg(test)]
    fn lang(&self) -> Language;

    // ---- commands and menus ----
    /// Greeting in a private chat.
    fn welcome_private(&self, name: &str) -> String;
    /// Greeting in a group.
    fn welcome_group(&self) -> String;
    /// The full help text.
    fn help(&self) -> String;
    /// Command descriptions for setMyCommands: (command, description).
    fn command_list(&self) -> Vec<(&'static str, String)>;
    /// A short summary of a variant's rules.
    fn rules(&self, v: VariantId) -> String;
    /// The list of variants.
    fn variants(&self) -> String;
    /// The variant's name for captions.
    fn variant_name(&self, v: VariantId) -> String;
    /// Any game's variant by name (a table's: its name among the tables').
    fn game_variant(&self, v: &crate::engine::AnyVariant) -> String {
        match v {
            crate::engine::AnyVariant::Two(v) => self.variant_name(v.id()),
            crate::engine::AnyVariant::Multi(m) => self.table_variant(*m),
        }
    }
    /// A time control in words.
    fn time_control(&self, tc: &TimeControl) -> String;
    /// Language changed.
    fn language_set(&self) -> String;
    /// Choose a language.
    fn choose_language(&self) -> String;

    // ---- buttons ----
    /// Button: play the program.
    fn btn_play_program(&self) -> String;
    /// Button: training room.
    fn btn_training(&self) -> String;
    /// Button: White.
    fn btn_white(&self) -> String;
    /// Button: Black.
    fn btn_black(&self) -> String;
    /// Button: random colour.
    fn btn_random(&self) -> String;
    /// Button: accept.
    fn btn_accept(&self) -> String;
    /// Button: decline.
    fn btn_decline(&self) -> String;
    /// Button: withdraw a challenge.
    fn btn_withdraw(&self) -> String;
    /// Button: confirm a losing return home.
    fn btn_play_anyway(&self) -> String;
    /// Button: cancel.
    fn btn_cancel(&self) -> String;
    /// Button: resign for real.
    fn btn_resign_yes(&self) -> String;
    /// Button: keep playing.
    fn btn_keep_playing(&self) -> String;
    /// Button: open the game's board in the Mini App.
    fn btn_open_board(&self) -> String;
    /// The private chat's menu button: the player's games in the Mini App.
    fn btn_my_games(&self) -> String;
    /// Button: rematch.
    fn btn_rematch(&self) -> String;
    /// Button: the game record.
    fn btn_record(&self) -> String;
    /// Button: the replay GIF.
    fn btn_replay(&self) -> String;
    /// When a correspondence move is due, and how long is left (a caption line).
    fn move_by(&self, until_ms: u64, left_ms: u64) -> String {
        format!(
            "⏳ {}",
            self.due_by(&self.when(until_ms), &self.left(left_ms))
        )
    }
    /// "Move by {when} ({left} left)".
    fn due_by(&self, when: &str, left: &str) -> String;
    /// A moment as day, month, hour and minute (UTC).
    fn when(&self, ms: u64) -> String;
    /// A span as days and hours, or hours and minutes ("2 d 4 h").
    fn left(&self, ms: u64) -> String;
    /// A correspondence reminder in the player's private chat.
    fn days_notice(
        &self,
        opponent: &str,
        variant: &str,
        left: &str,
        when: &str,
        place: &BoardPlace,
    ) -> String;
    /// A correspondence reminder as one line in the game's chat.
    fn days_line(&self, who: &str, left: &str, when: &str) -> String;
    /// A correspondence move's time is up: the opponent may claim the win or wait.
    fn time_up(&self, late: &str, opponent: &str) -> String;
    /// The opponent chose to keep waiting.
    fn kept_waiting(&self, who: &str, late: &str) -> String;
    /// Button: claim the win on time.
    fn btn_claim_win(&self) -> String;
    /// Button: keep waiting for the late player.
    fn btn_keep_waiting(&self) -> String;
    /// A claim before the opponent's time is up.
    fn time_not_up(&self) -> String;
    /// The late player taps the claim meant for their opponent.
    fn claim_own_time(&self) -> String;
    /// Button: resign (on an inline board; asks first).
    fn btn_resign(&self) -> String;
    /// Button: offer a draw (on an inline board).
    fn btn_offer_draw(&self) -> String;
    /// Button: call the game off (on an inline board).
    fn btn_abort(&self) -> String;
    /// Button: accept the draw offered (on an inline board).
    fn btn_accept_draw(&self) -> String;
    /// Button: decline the draw offered (on an inline board).
    fn btn_decline_draw(&self) -> String;
    /// Button: challenge a friend in any chat through inline mode.
    fn btn_challenge_friend(&self) -> String;
    /// An inline result's title: the game it offers.
    fn inline_result_title(&self, v: &str, tc: &str) -> String;
    /// An inline result's second line: whom it is for.
    fn inline_result_for(&self, to: Option<&str>) -> String;
    /// A challenge through inline mode, for anyone in the chat (`to` = None) or one person.
    fn inline_challenge(&self, from: &str, to: Option<&str>, v: &str, tc: &str) -> String;
    /// Under the first inline board when the bot uploads no pictures.
    fn inline_no_pictures(&self) -> String;
    /// Shown above the inline results when the query names an unknown game.
    fn inline_nothing_found(&self) -> String;
    /// Button label for a level.
    fn level_label(&self, level: u8) -> String;

    // ---- starting games ----
    /// Ask for a colour against the program.
    fn choose_colour(&self, v: VariantId) -> String;
    /// Ask for the program's level.
    fn choose_level(&self, v: VariantId, colour: &str) -> String;
    /// A command that only works in a private chat.
    fn private_only(&self, bot_username: &str) -> String;
    /// A command that only works in a group.
    fn group_only(&self) -> String;
    /// An open challenge in a group.
    fn open_challenge(&self, from: &str, v: &str, tc: &str) -> String;
    /// A challenge to one person.
    fn targeted_challenge(&self, from: &str, to: &str, v: &str, tc: &str) -> String;
    /// A challenge link to share from a private chat.
    fn challenge_link(&self, v: &str, tc: &str, link: &str) -> String;
    /// Someone opened a challenge link.
    fn link_challenge(&self, from: &str, v: &str, tc: &str) -> String;
    /// The challenge was accepted.
    fn challenge_accepted(&self, from: &str, by: &str) -> String;
    /// The challenge was declined.
    fn challenge_declined(&self, from: &str, by: &str) -> String;
    /// The challenge was withdrawn.
    fn challenge_withdrawn(&self, from: &str) -> String;
    /// The challenge ran out.
    fn challenge_expired(&self, from: &str) -> String;
    /// `/challenge` without a target.
    fn challenge_usage(&self) -> String;
    /// Alert: this challenge is for someone else.
    fn not_for_you(&self) -> String;
    /// Alert: you cannot accept your own challenge.
    fn own_challenge(&self) -> String;
    /// Alert: the challenge is closed.
    fn challenge_closed(&self) -> String;
    /// A challenge link that names no open challenge (mistyped, forged, used or lapsed).
    fn bad_link(&self) -> String;
    /// Button: forward a challenge link.
    fn btn_share(&self) -> String;
    /// The text that goes with a shared challenge link.
    fn share_text(&self, v: &str, tc: &str) -> String;

    // ---- the board ----
    /// The caption under a board.
    /// A board's caption: the players, the variant, then the result or whose move it is
    /// with the last move, the rules' checks, the clocks and a draw offer.
    fn caption(&self, c: &CaptionData) -> String {
        let mut s = if c.solo {
            format!("🎯 {}", c.white)
        } else {
            format!("⚪ {} — ⚫ {}", c.white, c.black)
        };
        if let Some(v) = c.variant {
            let house = if c.house_rules {
                self.house_rules()
            } else {
                String::new()
            };
            s.push_str(&format!("\n{}{house}", self.variant_name(v)));
        }
        if let Some(r) = &c.result {
            s.push_str(&format!("\n\n<b>{r}</b>"));
            for l in &c.ratings {
                s.push_str(&format!("\n{l}"));
            }
            if let Some(m) = &c.last_move {
                s.push_str(&format!("\n{}", self.last_move(m)));
            }
            return s;
        }
        if c.solo {
            let made = self.moves_made(c.move_number.saturating_sub(1));
            s.push_str(&format!(" · {made}"));
        } else {
            s.push_str(&format!(" · {}", self.move_number(c.move_number)));
            s.push_str(&format!("\n{}", self.to_move(c.white_to_move, &c.to_move)));
        }
        let lines = [
            c.last_move.as_deref().map(|m| self.last_move(m)),
            c.deadline.map(|(d, left)| self.exit_check(d, left)),
            c.move_limit.map(|l| self.move_limit(l)),
            c.clocks.as_ref().map(|(w, b)| format!("⏱ ⚪ {w} · ⚫ {b}")),
            c.per_move.map(|p| format!("⏱ {}", self.per_move(p))),
            c.move_by.map(|(until, left)| self.move_by(until, left)),
            c.draw_offer_by
                .as_deref()
                .map(|by| format!("🤝 {}", self.draw_offer_by(by))),
            c.paused.then(|| format!("⏸ {}", self.paused())),
        ];
        for l in lines.into_iter().flatten() {
            s.push('\n');
            s.push_str(&l);
        }
        s
    }

    /// `/games` with nothing to list (`private`: the asker's own, else the group's).
    fn no_games(&self, private: bool) -> String;
    /// `/games`: the listed games, and how many more there are.
    fn games(&self, lines: &[String], more: usize) -> String;
    /// One game of `/games`.
    fn game_line(&self, l: &GameLine) -> String;

    /// The caption's note on a variant with house-rule options.
    fn house_rules(&self) -> String;
    /// "Last move: …".
    fn last_move(&self, m: &str) -> String;
    /// Moves made so far in the training room.
    fn moves_made(&self, n: u16) -> String;
    /// The move number being played.
    fn move_number(&self, n: u16) -> String;
    /// Whose move it is (`white`: White's), with the player's mention.
    fn to_move(&self, white: bool, who: &str) -> String;
    /// The home-exit check after move `d`, `left` moves away.
    fn exit_check(&self, d: u16, left: u16) -> String;
    /// The variant's move limit.
    fn move_limit(&self, l: u16) -> String;
    /// A per-move time limit.
    fn per_move(&self, secs: u64) -> String;
    /// A pending draw offer.
    fn draw_offer_by(&self, by: &str) -> String;
    /// A game paused because the bot cannot write to one of its chats (the caption's and
    /// `/games`' line).
    fn paused(&self) -> String;
    /// The result sentence.
    fn result(&self, o: Outcome, ctx: &ResultContext) -> String;
    /// One rating change line.
    fn rating_line(&self, name: &str, before: i32, after: i32) -> String;
    /// The board was posted anew below.
    fn board_moved(&self) -> String;
    /// The program moved for a player who ran out of per-move time.
    fn auto_moved(&self, who: &str, path: &str) -> String;
    /// A player has little time left.
    fn clock_reminder(&self, who: &str, secs: u64) -> String;
    /// An untimed game will be abandoned soon.
    fn abandon_warning(&self, who: &str, hours: u64) -> String;

    // ---- confirmations ----
    /// Confirm a move that returns home after the deadline (it loses).
    fn confirm_return_home(&self, path: &str, deadline: u16) -> String;
    /// Confirm resignation.
    fn confirm_resign(&self) -> String;
    /// A draw offer.
    fn draw_offered(&self, who: &str) -> String;
    /// The draw offer was declined.
    fn draw_declined(&self, who: &str) -> String;
    /// `who` asks to take back their last move (buttons follow).
    fn takeback_requested(&self, who: &str) -> String;
    /// `who` agreed: the moves were taken back.
    fn takeback_accepted(&self, who: &str) -> String;
    /// `who` declined the takeback.
    fn takeback_declined(&self, who: &str) -> String;
    /// Takebacks are for unrated games between people, where the chat allows them.
    fn no_takebacks(&self) -> String;
    /// The asker has no move to take back.
    fn nothing_to_take_back(&self) -> String;
    /// There is no takeback request to answer.
    fn no_takeback_request(&self) -> String;
    /// The asker's request is still pending.
    fn takeback_pending(&self) -> String;
    /// The settings buttons for takebacks (`on`: allowed).
    fn takebacks_setting(&self, on: bool) -> String;
    /// A challenge's note that the game will be unrated.
    fn casual(&self) -> String;
    /// A private note that it is the reader's move against `opponent`.
    fn turn_notice(&self, opponent: &str, variant: &str, place: &BoardPlace) -> String;
    /// Where a game's board is, for a private note.
    fn board_at(&self, place: &BoardPlace) -> String;
    /// The settings buttons for turn notifications (`on`: wanted).
    fn notify_setting(&self, on: bool) -> String;
    /// A settings button for how long a turn notice waits in games of `pace`.
    fn notice_delay_button(&self, pace: Pace, d: NoticeDelay) -> String;
    /// The settings menu's lines on turn notifications that are on.
    fn notice_delays(&self, n: &TurnNotices) -> String;
    /// The draw offer lapsed.
    fn draw_expired(&self) -> String;
    // ---- training ----
    /// The training room was completed.
    fn training_done(&self, moves: u16, optimum: Option<u16>) -> String;
    /// Caption for the optimal line GIF.
    fn training_optimal_line(&self, optimum: u16) -> String;

    // ---- alerts and errors ----
    /// Alert: not a player of this game.
    fn not_your_game(&self) -> String;
    /// Alert: the opponent's turn.
    fn not_your_turn(&self) -> String;
    /// Alert: the button belongs to an older position.
    fn stale_button(&self) -> String;
    /// Alert: malformed or forged button data.
    fn bad_button(&self) -> String;
    /// The game is over.
    fn game_over(&self) -> String;
    /// No game to play a move in.
    fn no_active_game(&self) -> String;
    /// Several games: reply to a board.
    fn several_games(&self) -> String;
    /// Storage is busy or failing; nothing was lost.
    fn try_again(&self) -> String;
    /// A stored game cannot be read.
    fn damaged_game(&self) -> String;
    /// A game or challenge that cannot be set up as asked.
    fn setup_error(&self, e: &SetupError) -> String;
    /// Only admins may change a group's settings.
    fn admins_only(&self) -> String;
    /// An anonymous admin sent a command that needs a person (playing, statistics).
    fn anonymous_admin(&self) -> String;
    /// Abort is too late.
    fn too_late_to_abort(&self) -> String;
    /// The game was aborted.
    fn aborted(&self, by: &str) -> String;
    /// No draw offers in this game.
    fn no_draw_offers(&self) -> String;
    /// No pending draw offer to answer.
    fn no_draw_offer(&self) -> String;
    /// Own offer pending.
    fn already_offered(&self) -> String;
    /// A move that is not legal, with its reason.
    fn illegal(&self, e: &IllegalMove) -> String;
    /// Text that is not a move.
    fn input_error(&self, e: &InputError) -> String;
    /// Unknown command arguments.
    fn bad_arguments(&self, usage: &str) -> String;
    /// Unknown variant name.
    fn unknown_variant(&self, name: &str) -> String;
    /// Slow down (rate limit).
    fn slow_down(&self) -> String;

    /// A move error in words.
    fn move_error(&self, e: &MoveError) -> String {
        match e {
            MoveError::Input(i) => self.input_error(i),
            MoveError::Illegal(i) => self.illegal(i),
        }
    }

    // ---- stats, history, training ----
    /// `/stats`: a player's results per variant, ratings and head-to-head (HTML; short
    /// enough for a photo caption in the usual case).
    fn stats(&self, s: &StatsView) -> String;
    /// `/stats @name` for a username the bot has never seen.
    fn unknown_user(&self, name: &str) -> String;
    /// The rating chart's title (plain text, drawn into the picture).
    fn chart_title(&self, name: &str) -> String;
    /// The rating chart's horizontal axis (plain text).
    fn chart_x_label(&self) -> String;
    /// A chart legend entry: variant and current rating (plain text).
    fn chart_legend(&self, v: VariantId, rating: i32, provisional: bool) -> String;
    /// `/top`: a leaderboard (HTML).
    fn top(&self, variant: &str, scope: TopScope, rows: &[TopRow], more: bool) -> String;
    /// `/top` for a variant that has no ratings.
    fn not_rated_variant(&self, v: VariantId) -> String;
    /// `/history`: the last games, newest first (HTML).
    fn history(&self, rows: &[HistoryRow]) -> String;
    /// Button: one game's record.
    fn btn_record_of(&self, game: GameId) -> String;
    /// Button: one game's replay.
    fn btn_replay_of(&self, game: GameId) -> String;
    /// `/export` without a finished game to export.
    fn export_nothing(&self) -> String;
    /// `/export` (or its button) on a game still being played.
    fn export_not_finished(&self) -> String;
}

/// One variant in `/stats`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariantStatsView {
    /// The variant.
    pub variant: VariantId,
    /// Won.
    pub wins: u32,
    /// Drawn.
    pub draws: u32,
    /// Lost.
    pub losses: u32,
    /// +n wins or -n losses in a row.
    pub streak: i32,
    /// The rating, once a rated game was played.
    pub rating: Option<RatingView>,
}

/// A rating in `/stats`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RatingView {
    /// Current rating.
    pub rating: i32,
    /// Fewer than 30 rated games.
    pub provisional: bool,
    /// Rated games played.
    pub rated_games: u32,
    /// Highest rating reached.
    pub best: i32,
    /// The last rated game's change.
    pub last_change: i32,
}

/// Two players' record against each other.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeadToHeadView {
    /// The asker (HTML).
    pub me: String,
    /// The one asked about (HTML).
    pub other: String,
    /// The asker's wins.
    pub wins: u32,
    /// Draws.
    pub draws: u32,
    /// The asker's losses.
    pub losses: u32,
}

/// Everything `/stats` shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StatsView {
    /// The player (HTML).
    pub name: String,
    /// Variants with at least one decided game, in the usual variant order.
    pub variants: Vec<VariantStatsView>,
    /// Against the asker, when they asked about someone else.
    pub head_to_head: Option<HeadToHeadView>,
}

/// Whose leaderboard `/top` shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TopScope {
    /// Players who have played in this group.
    Chat,
    /// Everyone (a private chat).
    Everyone,
}

/// One `/top` row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TopRow {
    /// Rank (ties share one).
    pub rank: usize,
    /// The player (HTML).
    pub name: String,
    /// Rating.
    pub rating: i32,
    /// Fewer than 30 rated games.
    pub provisional: bool,
    /// Rated games played.
    pub rated_games: u32,
    /// The asker's own row.
    pub me: bool,
}

/// Who the other side of a game in `/history` was.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Opponent {
    /// A person (HTML).
    Person(String),
    /// The program at a level.
    Program(u8),
    /// Nobody: the training room.
    Nobody,
    /// The others at a table of this many seats.
    Table(u8),
}

/// One `/history` row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HistoryRow {
    /// The game.
    pub game: GameId,
    /// When it ended, `YYYY.MM.DD`.
    pub date: String,
    /// The other side.
    pub opponent: Opponent,
    /// The variant's name.
    pub variant: String,
    /// The result for the asker.
    pub result: PlayerResult,
    /// Why it ended (decided games).
    pub reason: Option<Reason>,
    /// Moves played (the training room's score).
    pub moves: u32,
    /// The rating afterwards and its change, in a rated game.
    pub rating: Option<(i32, i32)>,
}

/// The texts for `lang`.
pub fn texts(lang: Language) -> &'static dyn Texts {
    match lang {
        Language::En => &en::En,
        Language::Ru => &ru::Ru,
    }
}

/// Escape text for Telegram HTML.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            _ => out.push(c),
        }
    }
    out
}

/// A player as messages show them: a person as a mention with their stored `name` (else
/// their id), the program with its level, nobody as nothing.
pub fn player_mention(p: crate::game::Player, name: Option<String>, lang: Language) -> String {
    use crate::game::Player;
    match p {
        Player::Human(u) => mention(u.0, &name.unwrap_or_else(|| format!("#{}", u.0))),
        Player::Program { level } => match lang {
            Language::Ru => format!("🤖 Программа (уровень {level})"),
            Language::En => format!("🤖 Program (level {level})"),
        },
        Player::Absent => String::new(),
    }
}

/// A clickable mention of a user (works without a username).
pub fn mention(id: u64, name: &str) -> String {
    format!("<a href=\"tg://user?id={id}\">{}</a>", escape(name))
}

/// `m:ss` for a duration in milliseconds.
pub fn clock(ms: u64) -> String {
    let s = ms.div_ceil(1000);
    format!("{}:{:02}", s / 60, s % 60)
}

/// The civil date and time (UTC) of a Unix time in milliseconds: year, month (1–12), day,
/// hour, minute (Howard Hinnant's days-to-civil algorithm).
pub fn civil(ms: u64) -> (i64, u32, u32, u32, u32) {
    let days = (ms / 86_400_000) as i64;
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = (if mp < 10 { mp + 3 } else { mp - 9 }) as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    let in_day = ms % 86_400_000;
    let (hh, mm) = ((in_day / 3_600_000) as u32, ((in_day / 60_000) % 60) as u32);
    (y, m, d, hh, mm)
}

/// A span in whole days, hours and minutes: (days, hours, minutes), rounded up to the
/// minute.
pub fn span(ms: u64) -> (u64, u64, u64) {
    let minutes = ms.div_ceil(60_000);
    (minutes / 1440, (minutes / 60) % 24, minutes % 60)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn html_escaping_and_mentions() {
        assert_eq!(escape("<b>&\"x\""), "&lt;b&gt;&amp;&quot;x&quot;");
        assert_eq!(mention(5, "A<B"), "<a href=\"tg://user?id=5\">A&lt;B</a>");
        assert_eq!(clock(61_001), "1:02");
        assert_eq!(clock(0), "0:00");
    }

    #[test]
    fn both_languages_cover_every_variant_and_command() {
        for lang in [Language::En, Language::Ru] {
            let t = texts(lang);
            assert_eq!(t.lang(), lang);
            for v in VariantId::ALL {
                assert!(!t.rules(v).is_empty());
                assert!(!t.variant_name(v).is_empty());
            }
            let cmds = t.command_list();
            assert!(cmds.iter().any(|(c, _)| *c == "play"));
            assert!(
                cmds.iter()
                    .all(|(_, d)| !d.is_empty() && d.chars().count() <= 256)
            );
        }
        // The two languages really differ.
        assert_ne!(texts(Language::En).help(), texts(Language::Ru).help());
    }

    #[test]
    fn civil_times_and_spans_left() {
        assert_eq!(civil(0), (1970, 1, 1, 0, 0));
        assert_eq!(
            civil(951_782_400_000 + 13 * 3_600_000 + 5 * 60_000),
            (2000, 2, 29, 13, 5)
        );
        assert_eq!(span(0), (0, 0, 0));
        assert_eq!(span(1), (0, 0, 1), "rounded up to the minute");
        assert_eq!(span(2 * 86_400_000 + 4 * 3_600_000), (2, 4, 0));
        let en = texts(Language::En);
        assert_eq!(en.left(2 * 86_400_000 + 4 * 3_600_000), "2 d 4 h");
        assert_eq!(en.left(59 * 60_000), "59 min");
        assert_eq!(
            en.when(951_782_400_000 + 13 * 3_600_000 + 5 * 60_000),
            "29 Feb 13:05 UTC"
        );
        assert_eq!(texts(Language::Ru).left(3_600_000 + 60_000), "1 ч 1 мин");
    }
}
