//! English texts.

use super::analysis::{AnalysisTexts, AnalysisView, WorstMove, class_mark, move_number, side_mark};
use super::tables::{SeatLine, TableTexts, TableView, seat_mark};
use super::tournament::{EntryView, ListLine, PairLine, Stage};
use super::{
    BoardPlace, GameLine, HistoryRow, Opponent, ResultContext, StatsView, Texts, TopRow, TopScope,
};
use crate::engine::multi::{Leave, MultiVariant, Seat};
use crate::engine::{Color, IllegalMove, InputError, Outcome, Reason, VariantId};
use crate::game::GameId;
use crate::game::standings::PlayerResult;
use crate::game::tournament::{Format, GameResult, TieBreak};
use crate::game::{BlunderReason, MoveClass};
use crate::game::{LobbyRefusal, MultiStats, SetupError};
use crate::game::{NoticeDelay, Pace, TimeControl, TournamentRefusal, TurnNotices};

/// English.
pub struct En;

fn side(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
}

impl Texts for En {
    #[cfg(test)]
    fn lang(&self) -> crate::game::Language {
        crate::game::Language::En
    }

    fn welcome_private(&self, name: &str) -> String {
        format!(
            "Hi, {name}! This is <b>Ugolki</b> (Corners): move all your pieces into the opposite \
             corner before your opponent does. Pieces step to a neighbouring square or jump over \
             any piece, chaining jumps as far as they go.\n\n\
             /play — a game against me\n/train — the training room\n/rules — the rules\n\
             Add me to a group to play your friends: /new there opens a challenge."
        )
    }

    fn welcome_group(&self) -> String {
        "Ugolki is here! /new opens a challenge anyone may accept, /challenge @user challenges \
         one person. Moves: tap the board, reply to it with a move like c3-e5, or send /m c3-e5."
            .into()
    }

    fn help(&self) -> String {
        let mut s = String::from("<b>Ugolki bot</b>\n\n");
        for (c, d) in self.command_list() {
            s.push_str(&format!("/{c} — {d}\n"));
        }
        s.push_str(
            "\n<b>Moves</b>: tap a piece, then a marked square; or type the path: <code>c3-e3-e5</code>, \
             or just <code>c3-e5</code> (the shortest chain is played). In a group, reply to the \
             board or use <code>/m c3-e5</code>.",
        );
        s
    }

    fn command_list(&self) -> Vec<(&'static str, String)> {
        vec![
            (
                "play",
                "play against the program: /play [variant] [level 1-5]".into(),
            ),
            (
                "new",
                "open a challenge in a group: /new [variant] [time, e.g. 5+3]".into(),
            ),
            (
                "challenge",
                "challenge someone: /challenge @user [variant] [time]".into(),
            ),
            ("m", "make a move: /m c3-e5".into()),
            (
                "games",
                "games in play: yours (in a group: the group's)".into(),
            ),
            (
                "board",
                "post the board again at the bottom of the chat".into(),
            ),
            ("resign", "resign the game".into()),
            ("draw", "offer a draw".into()),
            ("abort", "abort a game before both sides have moved".into()),
            (
                "takeback",
                "ask to take back your last move (casual games)".into(),
            ),
            (
                "train",
                "the training room: /train [classic|diagonal]".into(),
            ),
            ("rules", "the rules: /rules [variant]".into()),
            ("variants", "all variants".into()),
            ("stats", "statistics and ratings: /stats [@user]".into()),
            ("top", "leaderboard: /top [variant]".into()),
            (
                "history",
                "your last games, with their records and replays".into(),
            ),
            (
                "export",
                "a finished game's record and replay: reply to its board".into(),
            ),
            (
                "analyze",
                "a finished game's mistakes and better moves: /analyze [game]".into(),
            ),
            (
                "settings",
                "chat defaults: variant, time, language, board".into(),
            ),
            ("lang", "language: /lang en|ru".into()),
            (
                "tournament",
                "open a tournament (admins): /tournament swiss 5 [variant] [time]".into(),
            ),
            ("tournaments", "this group's tournaments".into()),
            ("help", "this help".into()),
        ]
    }

    fn rules(&self, v: VariantId) -> String {
        let r = v.rules();
        let mut s = format!("<b>{}</b>\n", self.variant_name(v));
        let moves = match r.directions {
            crate::engine::Directions::Orthogonal => "horizontally or vertically",
            crate::engine::Directions::All => "in any of the 8 directions, diagonals included",
        };
        s.push_str(&format!(
            "Board {b}, {p} pieces each in a corner. A move is a step to a neighbouring empty \
             square or a chain of jumps over single pieces (yours or the opponent's) to the empty \
             square behind, {moves}. The chain may stop after any jump; no square twice in one \
             chain; nothing is captured.\n",
            b = r.board,
            p = r.pieces()
        ));
        if r.solo {
            s.push_str(
                "You are alone: bring all pieces to the opposite corner in as few moves as \
                 possible, then compare your count with the optimum.",
            );
            return s;
        }
        s.push_str("Goal: fill the opponent's home (the opposite corner) with your pieces.\n");
        if r.black_last_move {
            s.push_str(
                "White starts, so Black always gets the last move: if Black then completes too, \
                 it is a draw.\n",
            );
        } else {
            s.push_str("Whoever completes first wins at once.\n");
        }
        if let Some(d) = r.exit_deadline {
            s.push_str(&format!(
                "All pieces must leave home within {d} moves (checked after Black's move {d}); \
                 after that, a move back into your own home loses.\n"
            ));
        }
        if let Some(l) = r.move_limit {
            let how = match r.limit_rule {
                crate::engine::LimitRule::PiecesInTarget => {
                    "more pieces in the opponent's home wins"
                }
                crate::engine::LimitRule::Tempo => {
                    "the lower tempo number (total distance left) wins"
                }
            };
            s.push_str(&format!("After move {l} the game ends: {how}.\n"));
        }
        if r.no_locking {
            s.push_str(
                "You may not lock an opponent's piece so that it can neither step nor jump.\n",
            );
        }
        if r.mirror_limit.is_some() {
            s.push_str("Black may mirror at most 10 of White's first 12 moves.\n");
        }
        match r.repetition {
            crate::engine::Repetition::None => {}
            _ => s.push_str("A position repeated three times is a draw.\n"),
        }
        if v == VariantId::Duelio {
            s.push_str("The first player is drawn by lot; 60 seconds a move, a missed move is made by the program, a second miss loses.\n");
        }
        s
    }

    fn variants(&self) -> String {
        let mut s = String::from("<b>Variants</b>\n");
        for v in VariantId::ALL {
            s.push_str(&format!(
                "<code>{}</code> — {}{}\n",
                v.id(),
                self.variant_name(v),
                if v.rated() { " (rated)" } else { "" }
            ));
        }
        s.push_str("\n/rules &lt;variant&gt; explains one.");
        s
    }

    fn variant_name(&self, v: VariantId) -> String {
        match v {
            VariantId::Classic => "Classic 3×3",
            VariantId::Classic3x4 => "Classic 3×4",
            VariantId::Diagonal => "Diagonal 3×3",
            VariantId::Diagonal3x4 => "Diagonal 3×4",
            VariantId::Triangle => "Triangle",
            VariantId::Square4 => "Square 4×4",
            VariantId::Gambiter => "Gambiter",
            VariantId::Halma10 => "Halma 10×10",
            VariantId::Halma16 => "Halma 16×16",
            VariantId::Duelio => "Duelio",
            VariantId::Training => "Training room",
        }
        .into()
    }

    fn time_control(&self, tc: &TimeControl) -> String {
        match tc {
            TimeControl::Untimed => "no clock".into(),
            TimeControl::Clock { base, increment } => {
                format!("{}+{}", base.0 / 60_000, increment.0 / 1000)
            }
            TimeControl::PerMove { limit } => format!("{} s a move", limit.0 / 1000),
            TimeControl::Days { days: 1 } => "1 day a move".into(),
            TimeControl::Days { days } => format!("{days} days a move"),
        }
    }

    fn language_set(&self) -> String {
        "Language: English.".into()
    }

    fn choose_language(&self) -> String {
        "Choose a language:".into()
    }

    fn btn_play_program(&self) -> String {
        "🤖 Play the program".into()
    }
    fn btn_training(&self) -> String {
        "🎯 Training room".into()
    }
    fn btn_white(&self) -> String {
        "⚪ White".into()
    }
    fn btn_black(&self) -> String {
        "⚫ Black".into()
    }
    fn btn_random(&self) -> String {
        "🎲 Random".into()
    }
    fn btn_accept(&self) -> String {
        "✅ Accept".into()
    }
    fn btn_decline(&self) -> String {
        "✖ Decline".into()
    }
    fn btn_withdraw(&self) -> String {
        "✖ Withdraw".into()
    }
    fn btn_play_anyway(&self) -> String {
        "⚠ Play it (I lose)".into()
    }
    fn btn_cancel(&self) -> String {
        "↩ Cancel".into()
    }
    fn btn_resign_yes(&self) -> String {
        "🏳 Yes, resign".into()
    }
    fn btn_keep_playing(&self) -> String {
        "↩ Keep playing".into()
    }
    fn btn_open_board(&self) -> String {
        "♟ Open board".into()
    }
    fn btn_my_games(&self) -> String {
        "My games".into()
    }
    fn btn_rematch(&self) -> String {
        "🔁 Rematch".into()
    }
    fn btn_record(&self) -> String {
        "📄 Record".into()
    }
    fn btn_replay(&self) -> String {
        "🎞 Replay".into()
    }
    fn due_by(&self, when: &str, left: &str) -> String {
        format!("Move by {when} ({left} left)")
    }
    fn when(&self, ms: u64) -> String {
        const MONTHS: [&str; 12] = [
            "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
        ];
        let (_, m, d, hh, mm) = super::civil(ms);
        format!("{d} {} {hh:02}:{mm:02} UTC", MONTHS[(m - 1) as usize])
    }
    fn left(&self, ms: u64) -> String {
        match super::span(ms) {
            (0, 0, m) => format!("{m} min"),
            (0, h, m) => format!("{h} h {m} min"),
            (d, h, _) => format!("{d} d {h} h"),
        }
    }
    fn days_notice(
        &self,
        opponent: &str,
        variant: &str,
        left: &str,
        when: &str,
        place: &BoardPlace,
    ) -> String {
        format!(
            "⏳ Your move against {opponent} ({variant}): {left} left, until {when}. {}",
            self.board_at(place)
        )
    }
    fn days_line(&self, who: &str, left: &str, when: &str) -> String {
        format!("⏳ {who}, {left} left for your move (until {when}).")
    }
    fn time_up(&self, late: &str, opponent: &str) -> String {
        format!(
            "⌛ {late} has run out of time. {opponent}, claim the win, or keep waiting for the move?"
        )
    }
    fn kept_waiting(&self, who: &str, late: &str) -> String {
        format!(
            "⏳ {who} keeps waiting for {late}'s move; the win can still be claimed until then."
        )
    }
    fn btn_claim_win(&self) -> String {
        "🏆 Claim the win".into()
    }
    fn btn_keep_waiting(&self) -> String {
        "⏳ Keep waiting".into()
    }
    fn time_not_up(&self) -> String {
        "Your opponent's time is not up.".into()
    }
    fn claim_own_time(&self) -> String {
        "It is your own time that is up: these buttons are for your opponent. Move now, \
         and the game goes on."
            .into()
    }
    fn btn_resign(&self) -> String {
        "🏳 Resign".into()
    }
    fn btn_offer_draw(&self) -> String {
        "🤝 Offer a draw".into()
    }
    fn btn_abort(&self) -> String {
        "✖ Abort".into()
    }
    fn btn_accept_draw(&self) -> String {
        "🤝 Accept the draw".into()
    }
    fn btn_decline_draw(&self) -> String {
        "✖ Decline the draw".into()
    }
    fn btn_challenge_friend(&self) -> String {
        "⚔ Challenge a friend".into()
    }
    fn inline_result_title(&self, v: &str, tc: &str) -> String {
        format!("{v}, {tc}")
    }
    fn inline_result_for(&self, to: Option<&str>) -> String {
        match to {
            Some(to) => format!("A challenge for {to}"),
            None => "The first to tap Accept plays you".into(),
        }
    }
    fn inline_challenge(&self, from: &str, to: Option<&str>, v: &str, tc: &str) -> String {
        match to {
            Some(to) => format!("{from} challenges {to} to <b>{v}</b> ({tc}) in Ugolki."),
            None => format!("{from} wants to play <b>{v}</b> ({tc}) in Ugolki. Who is in?"),
        }
    }
    fn inline_no_pictures(&self) -> String {
        "<i>The buttons are the board: tap a piece, then where it goes.</i>".into()
    }
    fn inline_nothing_found(&self) -> String {
        "No such game: try classic, diagonal, 5+3, 60s".into()
    }
    fn level_label(&self, level: u8) -> String {
        match level {
            1 => "1 · beginner".into(),
            2 => "2 · easy".into(),
            3 => "3 · medium".into(),
            4 => "4 · strong".into(),
            _ => "5 · strongest".into(),
        }
    }

    fn choose_colour(&self, v: VariantId) -> String {
        format!("{}: choose your colour.", self.variant_name(v))
    }

    fn choose_level(&self, v: VariantId, colour: &str) -> String {
        format!(
            "{}, you play {colour}. Choose my level:",
            self.variant_name(v)
        )
    }

    fn private_only(&self, bot_username: &str) -> String {
        format!("This works in a private chat with me: @{bot_username}")
    }

    fn group_only(&self) -> String {
        "This works in a group. Here, /play starts a game against me.".into()
    }

    fn open_challenge(&self, from: &str, v: &str, tc: &str) -> String {
        format!("{from} wants to play <b>{v}</b> ({tc}). Anyone may accept.")
    }

    fn targeted_challenge(&self, from: &str, to: &str, v: &str, tc: &str) -> String {
        format!("{from} challenges {to} to <b>{v}</b> ({tc}).")
    }

    fn challenge_link(&self, v: &str, tc: &str, link: &str) -> String {
        format!("Send this link to a friend to play <b>{v}</b> ({tc}) with you:\n{link}")
    }

    fn link_challenge(&self, from: &str, v: &str, tc: &str) -> String {
        format!("{from} invites you to play <b>{v}</b> ({tc}).")
    }

    fn challenge_accepted(&self, from: &str, by: &str) -> String {
        format!("{by} accepted {from}'s challenge. The board is below.")
    }

    fn challenge_declined(&self, from: &str, by: &str) -> String {
        format!("{by} declined {from}'s challenge.")
    }

    fn challenge_withdrawn(&self, from: &str) -> String {
        format!("{from} withdrew the challenge.")
    }

    fn challenge_expired(&self, from: &str) -> String {
        format!("{from}'s challenge expired: nobody accepted it in time.")
    }

    fn challenge_usage(&self) -> String {
        "Whom to challenge? Reply to their message with /challenge, or write /challenge @username."
            .into()
    }

    fn not_for_you(&self) -> String {
        "This challenge is for someone else.".into()
    }

    fn own_challenge(&self) -> String {
        "You cannot accept your own challenge.".into()
    }

    fn challenge_closed(&self) -> String {
        "This challenge is already closed.".into()
    }

    fn bad_link(&self) -> String {
        "This challenge link is not valid any more: it was used, withdrawn or has lapsed. Ask your friend for a new one.".into()
    }

    fn btn_share(&self) -> String {
        "📤 Share".into()
    }

    fn share_text(&self, v: &str, tc: &str) -> String {
        format!("Play Ugolki with me: {v} ({tc})")
    }

    fn no_games(&self, private: bool) -> String {
        if private {
            "You have no games in play. /play starts one against me.".into()
        } else {
            "No games are being played here. /new opens a challenge.".into()
        }
    }

    fn games(&self, lines: &[String], more: usize) -> String {
        let mut s = format!("<b>Games in play</b>\n\n{}", lines.join("\n\n"));
        if more > 0 {
            s.push_str(&format!("\n\n…and {more} more."));
        }
        s
    }

    fn game_line(&self, l: &GameLine) -> String {
        let players = match (l.solo, l.players.first()) {
            (true, Some((_, p))) => format!("🎯 {p}"),
            _ => l
                .players
                .iter()
                .map(|(s, p)| format!("{} {p}", seat_mark(*s)))
                .collect::<Vec<_>>()
                .join(" — "),
        };
        let mut turn = if l.lobby {
            "🎲 waiting for players".to_string()
        } else if l.asker_to_move {
            "👉 your move".to_string()
        } else {
            format!("{} to move", l.to_move)
        };
        if l.paused {
            turn = format!("⏸ {}\n{turn}", self.paused());
        }
        let left = l
            .left
            .as_ref()
            .map_or(String::new(), |t| format!(" · ⏱ {t} left"));
        let place = match &l.place {
            BoardPlace::Here => "the board is in this chat".to_string(),
            BoardPlace::Link(url) => format!("<a href=\"{url}\">to the board</a>"),
            BoardPlace::Private => "in a private chat with me".into(),
            BoardPlace::Group => "in a group".into(),
            BoardPlace::Inline => "in an inline message".into(),
        };
        format!(
            "{players}\n{} · {}\n{turn}{left} · {place}",
            l.variant,
            self.time_control(&l.time_control)
        )
    }

    fn house_rules(&self) -> String {
        " (house rules)".into()
    }

    fn last_move(&self, m: &str) -> String {
        format!("Last move: {m}")
    }

    fn moves_made(&self, n: u16) -> String {
        format!("moves made: {n}")
    }

    fn move_number(&self, n: u16) -> String {
        format!("move {n}")
    }

    fn to_move(&self, white: bool, who: &str) -> String {
        let side = if white { "White" } else { "Black" };
        format!("{side} to move: {who}")
    }

    fn exit_check(&self, d: u16, left: u16) -> String {
        let s = if left == 1 { "" } else { "s" };
        format!("Home-exit check after move {d}: {left} move{s} left")
    }

    fn move_limit(&self, l: u16) -> String {
        format!("Move limit: {l}")
    }

    fn per_move(&self, secs: u64) -> String {
        format!("{secs} s a move")
    }

    fn draw_offer_by(&self, by: &str) -> String {
        format!("{by} offers a draw")
    }

    fn paused(&self) -> String {
        "paused: I can no longer write to a chat of this game (I was removed, or blocked). \
         It resumes where it stopped when I can."
            .into()
    }

    fn result(&self, o: Outcome, ctx: &ResultContext) -> String {
        if ctx.solo {
            return match o.reason {
                Reason::Goal => format!("Done in {} moves!", ctx.moves),
                Reason::Resignation => "Training abandoned.".into(),
                _ => "Training over.".into(),
            };
        }
        let head = match o.result.winner() {
            Some(c) => format!("{} wins", side(c)),
            None => "Draw".into(),
        };
        let loser = o.result.winner().map(|c| side(!c)).unwrap_or("");
        let winner = o.result.winner().map(side).unwrap_or("");
        let d = ctx.deadline.unwrap_or(0);
        let l = ctx.move_limit.unwrap_or(0);
        let why = match o.reason {
            Reason::Goal => format!("{winner} filled the opponent's home"),
            Reason::GoalBoth => {
                "both filled the opponent's home in the same number of moves".into()
            }
            Reason::ExitDeadline => match o.result.winner() {
                Some(_) => format!("{loser} still had a piece at home after move {d}"),
                None => format!("both still had pieces at home after move {d}"),
            },
            Reason::ReturnHome => format!("{loser} moved a piece back home after move {d}"),
            Reason::MoveLimit => {
                let how = if ctx.by_tempo {
                    "by tempo (distance left)"
                } else {
                    "by pieces in the opponent's home"
                };
                format!("move {l} reached, judged {how}")
            }
            Reason::NoMoves => "the side to move had no legal move".into(),
            Reason::Repetition => "the same position occurred three times".into(),
            Reason::Timeout => format!("{loser} ran out of time"),
            Reason::Resignation => format!("{loser} resigned"),
            Reason::Agreement => "agreed".into(),
            Reason::Abandoned => format!("{loser} abandoned the game"),
        };
        format!("{head}: {why}.")
    }

    fn rating_line(&self, name: &str, before: i32, after: i32) -> String {
        format!("{name}: {before} → {after} ({:+})", after - before)
    }

    fn board_moved(&self) -> String {
        "The board moved down ↓".into()
    }

    fn auto_moved(&self, who: &str, path: &str) -> String {
        format!(
            "⏱ {who} did not move in time: the program played {path} instead. A second miss in a row loses."
        )
    }

    fn clock_reminder(&self, who: &str, secs: u64) -> String {
        format!("⏱ {who}, {secs} seconds left on your clock!")
    }

    fn abandon_warning(&self, who: &str, hours: u64) -> String {
        format!(
            "⏳ {who}, nobody has moved for a long time: if you do not move within {hours} h, the game counts as abandoned."
        )
    }

    fn confirm_return_home(&self, path: &str, deadline: u16) -> String {
        format!(
            "⚠ {path} puts a piece back into your home after move {deadline}: that loses the game at once. Play it anyway?"
        )
    }

    fn confirm_resign(&self) -> String {
        "Resign this game?".into()
    }

    fn draw_offered(&self, who: &str) -> String {
        format!("🤝 {who} offers a draw.")
    }

    fn draw_declined(&self, who: &str) -> String {
        format!("{who} declined the draw.")
    }

    fn takeback_requested(&self, who: &str) -> String {
        format!("↩ {who} asks to take back their last move.")
    }

    fn takeback_accepted(&self, who: &str) -> String {
        format!("↩ {who} agreed: the move was taken back.")
    }

    fn takeback_declined(&self, who: &str) -> String {
        format!("{who} declined the takeback.")
    }

    fn no_takebacks(&self) -> String {
        "Takebacks are only for unrated games between two people (open one with /new classic casual), where the chat's /settings allow them.".into()
    }

    fn nothing_to_take_back(&self) -> String {
        "You have not moved yet: there is nothing to take back.".into()
    }

    fn no_takeback_request(&self) -> String {
        "There is no takeback request to answer (a move since voids it).".into()
    }

    fn takeback_pending(&self) -> String {
        "Your takeback request is still waiting for an answer.".into()
    }

    fn takebacks_setting(&self, on: bool) -> String {
        if on {
            "↩ Takebacks allowed".into()
        } else {
            "No takebacks".into()
        }
    }

    fn casual(&self) -> String {
        "casual".into()
    }

    fn turn_notice(&self, opponent: &str, variant: &str, place: &BoardPlace) -> String {
        format!(
            "🔔 Your move against {opponent} ({variant}). {}",
            self.board_at(place)
        )
    }

    fn board_at(&self, place: &BoardPlace) -> String {
        match place {
            BoardPlace::Link(url) => format!("<a href=\"{url}\">To the board</a>"),
            BoardPlace::Here => "The board is here.".into(),
            BoardPlace::Private => "The board is in a private chat with me.".into(),
            BoardPlace::Group => "The board is in your group.".into(),
            BoardPlace::Inline => "The board is in the chat where the challenge was posted.".into(),
        }
    }

    fn notify_setting(&self, on: bool) -> String {
        if on {
            "🔔 Tell me when it's my move".into()
        } else {
            "🔕 No turn messages".into()
        }
    }

    fn notice_delay_button(&self, pace: Pace, d: NoticeDelay) -> String {
        let icon = match pace {
            Pace::Slow => "⏳",
            Pace::Clock => "⏱",
        };
        let when = match d {
            NoticeDelay::Never => "never".into(),
            NoticeDelay::After { minutes: 0 } => "at once".into(),
            NoticeDelay::After { minutes } => minutes_en(minutes),
        };
        format!("{icon} {when}")
    }

    fn notice_delays(&self, n: &TurnNotices) -> String {
        let when = |d: NoticeDelay| match d {
            NoticeDelay::Never => "never".to_string(),
            NoticeDelay::After { minutes: 0 } => "at once".into(),
            NoticeDelay::After { minutes } => format!("after {}", minutes_en(minutes)),
        };
        format!(
            "🔔 Your move in a game elsewhere, if you have not looked at it:\n\
             ⏳ untimed or days a move: {}\n\
             ⏱ on a clock: {}",
            when(n.slow),
            when(n.clock)
        )
    }

    fn draw_expired(&self) -> String {
        "The draw offer lapsed.".into()
    }

    fn training_done(&self, moves: u16, optimum: Option<u16>) -> String {
        match optimum {
            Some(o) if moves < o => {
                format!("🏆 Done in {moves} moves: better than the best line I know ({o} moves)!")
            }
            Some(o) if moves == o => format!("🏆 Done in {moves} moves: that is the optimum!"),
            Some(o) => format!(
                "Done in {moves} moves. The optimum is {o}: {} to spare. Watch the best line below.",
                moves - o
            ),
            None => format!("Done in {moves} moves."),
        }
    }

    fn training_optimal_line(&self, optimum: u16) -> String {
        format!("An optimal line: {optimum} moves.")
    }

    fn not_your_game(&self) -> String {
        "This is not your game.".into()
    }
    fn not_your_turn(&self) -> String {
        "Not your turn.".into()
    }
    fn stale_button(&self) -> String {
        "This board is out of date; here is the current one.".into()
    }
    fn bad_button(&self) -> String {
        "This button is not valid.".into()
    }
    fn game_over(&self) -> String {
        "The game is over.".into()
    }
    fn no_active_game(&self) -> String {
        "There is no game of yours here. /play starts one against me; in a group, /new.".into()
    }
    fn several_games(&self) -> String {
        "You have several games here: reply to the board of the one you mean.".into()
    }
    fn try_again(&self) -> String {
        "Could not save that just now. Nothing was lost; please try again.".into()
    }
    fn damaged_game(&self) -> String {
        "This game's record is damaged and was set aside; the operator has been told.".into()
    }
    fn setup_error(&self, e: &SetupError) -> String {
        match e {
            SetupError::OwnChallenge => "You cannot challenge yourself.".into(),
            SetupError::TrainingAlone => "The training room is for one player.".into(),
            SetupError::EmptySeat => "Every seat needs a player.".into(),
            SetupError::NoPerson => "At least one player must be a person.".into(),
            SetupError::SeatCount(n) => format!("This variant seats {n} players."),
            SetupError::Start(e) => format!("That start position does not fit: {e}."),
            SetupError::Decided => "That position is already decided.".into(),
            SetupError::EmptyUsername => "Name the person to challenge, as in @ann.".into(),
            SetupError::NoLobby => "Lobbies are for games of three or four.".into(),
        }
    }
    fn admins_only(&self) -> String {
        "Only the group's admins can change its settings.".into()
    }
    fn anonymous_admin(&self) -> String {
        "You are writing as the group (anonymous admin): that works for /settings and /lang. To play, send the command as yourself.".into()
    }
    fn too_late_to_abort(&self) -> String {
        "Both sides have moved: the game can no longer be aborted (use /resign).".into()
    }
    fn aborted(&self, by: &str) -> String {
        format!("Game aborted by {by}.")
    }
    fn no_draw_offers(&self) -> String {
        "Draw offers are not possible in this game.".into()
    }
    fn no_draw_offer(&self) -> String {
        "There is no draw offer to answer.".into()
    }
    fn already_offered(&self) -> String {
        "Your draw offer is still pending.".into()
    }

    fn illegal(&self, e: &IllegalMove) -> String {
        match e {
            IllegalMove::GameOver => "The game is over.".into(),
            IllegalMove::NoSquares => "Type a move such as c3-e5.".into(),
            IllegalMove::OffBoard { square, board } => {
                format!("{square} is not on the {board} board.")
            }
            IllegalMove::NoPiece(s) => format!("There is no piece on {s}."),
            IllegalMove::NotYourPiece(s) => format!("The piece on {s} is not yours."),
            IllegalMove::SameSquare(s) => format!("A move must leave {s}."),
            IllegalMove::Occupied(s) => format!("{s} is occupied."),
            IllegalMove::Unreachable { from, to } => format!("{from} cannot reach {to}."),
            IllegalMove::NotAJump { from, to } => {
                format!(
                    "{from}-{to} is not a jump: a jump goes over one piece to the square right behind it."
                )
            }
            IllegalMove::NothingToJump { from, to } => {
                format!("{from}-{to}: there is no piece to jump over.")
            }
            IllegalMove::LandingOccupied(s) => {
                format!("The chain lands on {s}, which is occupied.")
            }
            IllegalMove::Revisit(s) => format!("The chain visits {s} twice."),
            IllegalMove::WouldLock { piece } => {
                format!("That move would lock the piece on {piece}: locking is not allowed.")
            }
            IllegalMove::MirrorLimit { limit, window } => format!(
                "That would be mirrored move number {}: only {limit} of the first {window} may mirror White's.",
                limit + 1
            ),
            IllegalMove::ForcedExit => "You must move a piece that is still in your home.".into(),
            IllegalMove::MustPass => "No piece can move: this turn is a pass (--).".into(),
            IllegalMove::NoPass => "You may pass only when no piece can move.".into(),
        }
    }

    fn input_error(&self, e: &InputError) -> String {
        match e {
            InputError::Empty => "Type a move such as c3-e5 or c3-e3-e5.".into(),
            InputError::UnexpectedChar { ch, .. } => {
                format!("I do not understand '{ch}'. Type a move such as c3-e5.")
            }
            InputError::MissingRank { letter, .. } => {
                format!("'{letter}' needs a rank number after it, e.g. c3-e5.")
            }
            InputError::BadSquare { text, .. } => format!("'{text}' is not a square."),
            InputError::OneSquare(s) => format!("A move needs two squares: from {s} to where?"),
            InputError::OffBoard { square, board } => {
                format!("{square} is not on the {board} board.")
            }
        }
    }

    fn bad_arguments(&self, usage: &str) -> String {
        format!("Usage: {usage}")
    }

    fn unknown_variant(&self, name: &str) -> String {
        format!("I do not know the variant '{name}'. /variants lists them all.")
    }

    fn slow_down(&self) -> String {
        "Not so fast, please.".into()
    }

    // ---- stats, history, training ----
    fn stats(&self, s: &StatsView) -> String {
        let mut out = format!("📊 <b>{}</b>\n", s.name);
        if s.variants.is_empty() {
            out.push_str("No finished games yet.\n");
        }
        let mut provisional = false;
        for v in &s.variants {
            let n = v.wins + v.draws + v.losses;
            out.push_str(&format!(
                "\n<b>{}</b>: {n} game{}, +{} ={} −{}\n",
                self.variant_name(v.variant),
                plural(n),
                v.wins,
                v.draws,
                v.losses
            ));
            if let Some(r) = v.rating {
                provisional |= r.provisional;
                out.push_str(&format!(
                    "Rating <b>{}{}</b> ({} rated) · best {} · last {:+}\n",
                    r.rating,
                    if r.provisional { "?" } else { "" },
                    r.rated_games,
                    r.best,
                    r.last_change
                ));
            }
            match v.streak {
                0 => {}
                k if k > 0 => {
                    out.push_str(&format!("Streak: {k} win{} in a row\n", plural(k as u32)))
                }
                k => out.push_str(&format!(
                    "Streak: {} loss{} in a row\n",
                    -k,
                    if k == -1 { "" } else { "es" }
                )),
            }
        }
        if let Some(h) = &s.head_to_head {
            out.push_str(&format!(
                "\n⚔ {} vs {}: +{} ={} −{}\n",
                h.me, h.other, h.wins, h.draws, h.losses
            ));
        }
        if provisional {
            out.push_str("\n<i>? provisional: fewer than 30 rated games</i>");
        }
        out.trim_end().to_string()
    }

    fn unknown_user(&self, name: &str) -> String {
        format!("I do not know @{name} yet: they have to play or write to me first.")
    }

    fn chart_title(&self, name: &str) -> String {
        format!("Rating · {name}")
    }

    fn chart_x_label(&self) -> String {
        "rated games".into()
    }

    fn chart_legend(&self, v: VariantId, rating: i32, provisional: bool) -> String {
        format!(
            "{} {rating}{}",
            self.variant_name(v),
            if provisional { "?" } else { "" }
        )
    }

    fn top(&self, variant: &str, scope: TopScope, rows: &[TopRow], more: bool) -> String {
        let whose = match scope {
            TopScope::Chat => "this chat",
            TopScope::Everyone => "everyone",
        };
        let mut out = format!("🏆 <b>{}</b> — {whose}\n", variant);
        if rows.is_empty() {
            out.push_str("No rated games yet. Ratings come from games between two people.");
            return out;
        }
        let mut provisional = false;
        let mut last_rank = 0;
        for r in rows {
            if more && r.me && r.rank > last_rank + 1 {
                out.push_str("…\n");
            }
            last_rank = r.rank;
            provisional |= r.provisional;
            let line = format!(
                "{}. {} — {}{} · {} game{}",
                r.rank,
                r.name,
                r.rating,
                if r.provisional { "?" } else { "" },
                r.rated_games,
                plural(r.rated_games)
            );
            if r.me {
                out.push_str(&format!("<b>{line}</b>\n"));
            } else {
                out.push_str(&format!("{line}\n"));
            }
        }
        if provisional {
            out.push_str("\n<i>? provisional: fewer than 30 rated games</i>");
        }
        out.trim_end().to_string()
    }

    fn not_rated_variant(&self, v: VariantId) -> String {
        let rated: Vec<String> = VariantId::ALL
            .into_iter()
            .filter(|x| x.rated())
            .map(|x| format!("<code>{}</code>", x.id()))
            .collect();
        format!(
            "{} has no ratings. Rated variants: {}.",
            self.variant_name(v),
            rated.join(", ")
        )
    }

    fn history(&self, rows: &[HistoryRow]) -> String {
        if rows.is_empty() {
            return "No finished games yet. /play starts one.".into();
        }
        let mut out = String::from("🕘 <b>Your last games</b>\n");
        for r in rows {
            let icon = match r.result {
                PlayerResult::Won => "✅",
                PlayerResult::Drew => "🤝",
                PlayerResult::Lost => "❌",
                PlayerResult::Placed { place: 1, .. } => "🥇",
                PlayerResult::Placed { .. } => "🏁",
                PlayerResult::Aborted | PlayerResult::Playing => "✖",
            };
            let opp = match &r.opponent {
                Opponent::Person(n) => format!("vs {n}"),
                Opponent::Program(l) => format!("vs 🤖 level {l}"),
                Opponent::Nobody => "🎯 training".into(),
                Opponent::Table(n) => format!("🎲 table of {n}"),
            };
            let result = match (r.result, &r.opponent) {
                (PlayerResult::Won, Opponent::Nobody) => {
                    format!("done in {} move{}", r.moves, plural(r.moves))
                }
                (PlayerResult::Won, _) => "won".into(),
                (PlayerResult::Drew, _) => "draw".into(),
                (PlayerResult::Lost, _) => "lost".into(),
                (PlayerResult::Placed { place, of }, _) => format!("place {place} of {of}"),
                (PlayerResult::Aborted, _) => "aborted".into(),
                (PlayerResult::Playing, _) => "in progress".into(),
            };
            let why = match (r.reason, &r.opponent) {
                (Some(x), Opponent::Person(_) | Opponent::Program(_) | Opponent::Table(_)) => {
                    format!(" ({})", reason_short(x))
                }
                _ => String::new(),
            };
            let rating = r
                .rating
                .map(|(after, d)| format!(" · {after} ({d:+})"))
                .unwrap_or_default();
            out.push_str(&format!(
                "\n{icon} <b>#{}</b> {} · {opp} · {} · {result}{why}{rating}",
                r.game, r.date, r.variant
            ));
        }
        out
    }

    fn btn_record_of(&self, game: GameId) -> String {
        format!("📄 #{game}")
    }

    fn btn_replay_of(&self, game: GameId) -> String {
        format!("🎞 #{game}")
    }

    fn export_nothing(&self) -> String {
        "No finished game to export: reply /export to a finished game's board, or finish a game here first. /history lists all your games.".into()
    }

    fn export_not_finished(&self) -> String {
        "This game is still being played: its record comes when it ends.".into()
    }
}

/// `s` for counts other than one.
fn plural(n: u32) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// Why a game ended, in a few words for `/history`.
fn reason_short(r: Reason) -> &'static str {
    match r {
        Reason::Goal => "home filled",
        Reason::GoalBoth => "both homes filled",
        Reason::ExitDeadline => "home-exit rule",
        Reason::ReturnHome => "returned home",
        Reason::MoveLimit => "move limit",
        Reason::NoMoves => "no moves",
        Reason::Repetition => "repetition",
        Reason::Timeout => "on time",
        Reason::Resignation => "resignation",
        Reason::Agreement => "agreed",
        Reason::Abandoned => "abandoned",
    }
}

/// "15 min", "1 h", "1 h 30 min".
fn minutes_en(m: u16) -> String {
    match (m / 60, m % 60) {
        (0, m) => format!("{m} min"),
        (h, 0) => format!("{h} h"),
        (h, m) => format!("{h} h {m} min"),
    }
}

impl TableTexts for En {
    fn table_page_turn(&self, s: Seat, name: &str, round: u16) -> String {
        format!(
            "{} {} to move: {name} · round {round}",
            seat_mark(s),
            self.seat_name(s)
        )
    }

    fn table_page_lobby(&self, v: MultiVariant) -> String {
        format!(
            "{}: waiting for the seats to be taken",
            self.table_variant(v)
        )
    }

    fn seat_name(&self, s: Seat) -> String {
        match s {
            Seat::White => "White",
            Seat::Green => "Green",
            Seat::Black => "Black",
            Seat::Red => "Red",
        }
        .into()
    }

    fn table_variant(&self, v: MultiVariant) -> String {
        match v {
            MultiVariant::Halma4 => "Halma for four",
            MultiVariant::Halma3 => "Halma for three",
            MultiVariant::Halma4Teams => "Halma for two teams",
        }
        .into()
    }

    fn lobby(&self, v: &TableView, host: &str, minutes: u64) -> String {
        let mut s = format!(
            "🎲 <b>{}</b> (16×16, 13 pieces each)\nHost: {host}\n\n",
            self.table_variant(v.variant)
        );
        for l in &v.seats {
            s.push_str(&en_seat_line(self, l));
            s.push('\n');
        }
        if let Some(tc) = Some(v.time).filter(|t| *t != TimeControl::Untimed) {
            s.push_str(&format!("\n⏱ {}", self.time_control(&tc)));
        }
        s.push_str(&format!(
            "\nJoin takes the next free seat; the host may seat the program and starts once every seat is taken. The lobby closes in {minutes} min."
        ));
        if v.variant.teams() {
            s.push_str("\nTeams: White with Black, Green with Red.");
        }
        s
    }

    fn lobby_closed(&self, v: MultiVariant) -> String {
        format!("🎲 {}: the lobby is closed.", self.table_variant(v))
    }

    fn btn_join(&self) -> String {
        "🙋 Join".into()
    }

    fn btn_leave(&self) -> String {
        "🚪 Leave".into()
    }

    fn btn_program(&self, level: u8) -> String {
        format!("🤖 + Program (level {level})")
    }

    fn btn_start(&self) -> String {
        "▶️ Start".into()
    }

    fn btn_leave_game(&self) -> String {
        "🏳 Leave the game".into()
    }

    fn table_caption(&self, v: &TableView) -> String {
        let mut s = format!("{} · round {}\n", self.table_variant(v.variant), v.round);
        for l in &v.seats {
            s.push_str(&en_seat_line(self, l));
            s.push('\n');
        }
        if let Some((seat, t)) = &v.last {
            s.push_str(&format!("Last: {} {t}\n", seat_mark(*seat)));
        }
        if let Some(to) = v.seats.iter().find(|l| l.to_move)
            && let Some(seat) = to.seat
        {
            s.push_str(&format!(
                "➡️ {} {} to move (type a move such as <code>c3-e5</code>, or reply to the board)",
                seat_mark(seat),
                en_who(to)
            ));
            if let Some(tc) = v.limit() {
                s.push_str(&format!(", ⏱ {}", self.time_control(&tc)));
            }
        }
        if let Some((until, left)) = v.move_by {
            s.push('\n');
            s.push_str(&self.move_by(until, left));
        }
        if v.paused {
            s.push_str(&format!("\n⏸ {}", self.paused()));
        }
        s
    }

    fn table_end(&self, v: &TableView) -> String {
        let teams = v.variant.teams();
        let why = match v.over {
            Some(Reason::MoveLimit) => "the round limit was reached",
            Some(Reason::Resignation) if teams => "a team's player resigned",
            Some(Reason::Timeout) if teams => "a team's player ran out of time",
            Some(Reason::Resignation | Reason::Timeout) => "every other player has left",
            _ => "every place is decided",
        };
        let mut seats = v.seats.clone();
        seats.sort_by_key(|l| l.place.unwrap_or(9));
        let mut s = format!(
            "🏁 <b>{}</b>: the game is over ({why}), after {} rounds.\n",
            self.table_variant(v.variant),
            v.round
        );
        for l in &seats {
            if let (Some(p), Some(seat)) = (l.place, l.seat) {
                s.push_str(&format!("{p}. {} {}\n", seat_mark(seat), en_who(l)));
            }
        }
        if !v.ratings.is_empty() {
            s.push_str("\nRatings:\n");
            s.push_str(&v.ratings.join("\n"));
        }
        s
    }

    fn table_left(&self, name: &str, s: Seat, how: Leave) -> String {
        let how = match how {
            Leave::Resignation => "resigned",
            Leave::Timeout => "missed two move limits in a row",
        };
        format!(
            "🚪 {name} ({} {}) {how} and has left the game; the program plays the seat to the end.",
            seat_mark(s),
            self.seat_name(s)
        )
    }

    fn table_auto_moved(&self, name: &str, s: Seat) -> String {
        format!(
            "⏱ {name} ({} {}) missed the move limit: the program moved for them. A second miss in a row means leaving the game.",
            seat_mark(s),
            self.seat_name(s)
        )
    }

    fn not_your_seat(&self, name: &str, s: Seat) -> String {
        format!(
            "It is {name}'s move ({} {}).",
            seat_mark(s),
            self.seat_name(s)
        )
    }

    fn lobby_refusal(&self, r: &LobbyRefusal) -> String {
        match r {
            LobbyRefusal::AlreadyOpen => {
                "A game for three or four is already open in this chat: finish it first.".into()
            }
            LobbyRefusal::Closed => "This lobby is closed.".into(),
            LobbyRefusal::Full => "Every seat is taken.".into(),
            LobbyRefusal::AlreadySeated => "You already have a seat.".into(),
            LobbyRefusal::NotSeated => "You have no seat at this table.".into(),
            LobbyRefusal::NotHost => "Only the host may do that.".into(),
            LobbyRefusal::SeatsOpen => "Not every seat is taken yet.".into(),
        }
    }

    fn confirm_leave_game(&self) -> String {
        "Leave the game? The program plays your seat to the end, and your place is the last still open.".into()
    }

    fn table_time_up(&self, late: &str, others: &str) -> String {
        format!(
            "⌛ {late} has run out of time. {others}: take their seat out of the game (the program plays it on), or keep waiting for the move?"
        )
    }

    fn btn_table_claim(&self) -> String {
        "⌛ Take the seat out".into()
    }

    fn seat_done(&self) -> String {
        "Your seat moves no more (finished or left).".into()
    }

    fn seated(&self, s: Seat) -> String {
        format!("You play {} {}.", seat_mark(s), self.seat_name(s))
    }

    fn unseated(&self) -> String {
        "You gave up your seat.".into()
    }

    fn table_turn_notice(&self, v: MultiVariant, s: Seat, board: &str) -> String {
        format!(
            "🔔 Your move in {} ({} {}). {board}",
            self.table_variant(v),
            seat_mark(s),
            self.seat_name(s)
        )
    }

    fn multi_stats(&self, s: &MultiStats) -> String {
        let mut line = format!(
            "{}: {} games, places 1st {} · 2nd {} · 3rd {} · 4th {}",
            self.table_variant(s.variant),
            s.games(),
            s.places[0],
            s.places[1],
            s.places[2],
            s.places[3]
        );
        if s.rated_games > 0 {
            line.push_str(&format!(", rating {}", s.rating));
        }
        line
    }
}

/// Who sits at a seat, in English.
fn en_who(l: &SeatLine) -> String {
    match (&l.person, l.program) {
        (Some(p), _) if l.left => format!("{p} (left; the program plays on)"),
        (Some(p), _) => p.clone(),
        (None, Some(level)) => format!("🤖 program, level {level}"),
        (None, None) => "<i>free seat</i>".into(),
    }
}

fn en_seat_line(t: &En, l: &SeatLine) -> String {
    let Some(seat) = l.seat else {
        return String::new();
    };
    let mut s = format!("{} {}: {}", seat_mark(seat), t.seat_name(seat), en_who(l));
    if let Some(c) = &l.clock {
        s.push_str(&format!(" ⏱ {c}"));
    }
    if let Some(p) = l.place {
        s.push_str(&format!(" — 🏁 place {p}"));
    }
    if l.to_move {
        s.push_str(" ⬅️");
    }
    s
}

impl AnalysisTexts for En {
    fn btn_analysis(&self) -> String {
        "📈 Analysis".into()
    }

    fn btn_analysis_page(&self) -> String {
        "Step through the game".into()
    }

    fn analysis(&self, v: &AnalysisView) -> String {
        let mut s = format!("📈 <b>Analysis of game #{}</b>\n", v.game);
        for c in Color::ALL {
            let [_, _, i, m, b] = v.counts[c.index()];
            s += &format!(
                "{} {}: accuracy {:.1}% · {i} inaccurac{}, {m} mistake{}, {b} blunder{}\n",
                side_mark(c),
                v.names[c.index()],
                v.accuracy[c.index()],
                if i == 1 { "y" } else { "ies" },
                plural(m),
                plural(b),
            );
        }
        if v.worst.is_empty() {
            s += "No move lost a tempo.\n";
        } else {
            s += "\nThe worst moves (amber: played, green: better):\n";
            for (k, w) in v.worst.iter().enumerate() {
                s += &format!(
                    "{}. {} {} — {}{}; better {}\n",
                    k + 1,
                    move_number(w.ply, w.side),
                    w.played,
                    self.class_name(w.class),
                    why_or_loss_en(w),
                    w.better
                );
            }
        }
        s += "\nThe chart: the balance in tempi after each move (above zero, White is ahead).";
        s
    }

    fn class_name(&self, c: MoveClass) -> String {
        match c {
            MoveClass::Best => "best",
            MoveClass::Good => "good",
            MoveClass::Inaccuracy => "inaccuracy",
            MoveClass::Mistake => "mistake",
            MoveClass::Blunder => "blunder",
        }
        .into()
    }

    fn analysis_board_caption(&self, m: &WorstMove) -> String {
        format!(
            "{} {} {} → {}",
            move_number(m.ply, m.side),
            m.played,
            class_mark(m.class),
            m.better
        )
    }

    fn analysis_chart_title(&self) -> String {
        "Balance in tempi (White ahead above 0)".into()
    }

    fn analysis_chart_axis(&self) -> String {
        "moves played".into()
    }

    fn analysis_started(&self) -> String {
        "Analysing the game: the analysis comes here in a few seconds.".into()
    }

    fn analysis_queued(&self, ahead: usize) -> String {
        format!(
            "Your analysis is in the queue: {ahead} ahead of it. It comes here when it is done."
        )
    }

    fn analysis_joined(&self) -> String {
        "This game is being analysed already: the analysis comes here too.".into()
    }

    fn analysis_full(&self, limit: usize) -> String {
        format!("You are waiting for {limit} analyses already: ask again once they have come.")
    }

    fn analysis_busy(&self) -> String {
        "Too many analyses are waiting: please ask again in a minute.".into()
    }

    fn analysis_nothing(&self) -> String {
        "No finished game to analyse: finish a game first, or name one from /history: /analyze 123."
            .into()
    }

    fn analysis_usage(&self) -> String {
        "Name a game by its number from /history: /analyze 123 (or /analyze alone for your last game).".into()
    }

    fn analysis_in_play(&self) -> String {
        "This game is still being played: it can be analysed when it ends.".into()
    }

    fn analysis_aborted(&self) -> String {
        "This game was called off: there is nothing to analyse.".into()
    }

    fn analysis_not_yours(&self) -> String {
        "That is someone else's game, or not this chat's: a group's games are analysed in the group, your own games also in your private chat with me.".into()
    }

    fn analysis_two_players_only(&self) -> String {
        "Only games between two sides are analysed (not training runs or games of three or four)."
            .into()
    }

    fn analysis_failed(&self) -> String {
        "The analysis could not be made. Please try again later.".into()
    }
}

/// `, −3 tempi` or `, a losing return home`.
fn why_or_loss_en(w: &WorstMove) -> String {
    let loss = match w.loss {
        0 => String::new(),
        1 => ", −1 tempo".to_string(),
        n => format!(", −{n} tempi"),
    };
    match w.why {
        None => loss,
        Some(BlunderReason::Result) => format!("{loss}, gives the result away"),
        Some(BlunderReason::ReturnHome) => ", a losing return home".into(),
        Some(BlunderReason::ExitDeadline) => ", a piece left home at the exit deadline".into(),
        Some(BlunderReason::Rule(r)) => format!(", lost by rule ({})", reason_short(r)),
    }
}

impl super::tournament::TournamentTexts for En {
    fn tournament_usage(&self) -> String {
        "<b>Tournaments</b> (group admins open them):\n\
         /tournament swiss 5 classic 5+3 — a Swiss of 5 rounds\n\
         /tournament roundrobin [double] classic 3d — everyone plays everyone\n\
         /tournament arena 60 classic 3+2 — an arena of 60 minutes\n\
         /tournament arena 60 halma4 — an arena of Halma tables of four (or <code>halma3</code>), scored by place\n\
         Add <code>casual</code> for unrated games, <code>in 30m</code> (or <code>2h</code>, \
         <code>1d</code>) to start by itself, <code>first 2m</code> for the time to make a \
         first move before a forfeit.\n/tournaments — this group's tournaments."
            .into()
    }

    fn tournament_format(&self, f: Format) -> String {
        match f {
            Format::Swiss { rounds } => format!("Swiss, {rounds} rounds"),
            Format::RoundRobin { cycles: 2 } => "Double round-robin".into(),
            Format::RoundRobin { .. } => "Round-robin".into(),
            Format::Arena { minutes } => format!("Arena, {minutes} min"),
        }
    }

    fn tournament_entry(&self, v: &EntryView) -> String {
        let mut s = format!(
            "🏆 <b>{}</b> · {} · {} · {}\n",
            self.tournament_format(v.format),
            v.variant,
            v.time,
            if v.rated { "rated" } else { "casual" }
        );
        match v.stage {
            Stage::Draft => {
                s.push_str("Entries are open: tap Join. An admin starts it");
                if let Some(at) = &v.starts_at {
                    s.push_str(&format!(", or it starts by itself at {at}"));
                }
                s.push_str(".\n");
            }
            Stage::Running | Stage::Paused => {
                match v.round {
                    (r, Some(n)) => s.push_str(&format!("Round {r} of {n}")),
                    (_, None) => s.push_str("Under way"),
                }
                if let Some(end) = &v.ends_at {
                    s.push_str(&format!(", until {end}"));
                }
                if v.stage == Stage::Paused {
                    s.push_str(" · ⏸ paused");
                }
                s.push_str(". Join to enter late where the format allows; Leave withdraws.\n");
            }
            Stage::Finished => s.push_str("Finished.\n"),
            Stage::Cancelled => s.push_str("Called off.\n"),
        }
        s.push_str(&format!(
            "A first move not made within {} loses by forfeit.\n",
            v.first_move
        ));
        s.push_str(&format!("\n<b>Players ({})</b>:", v.entrants.len()));
        if v.entrants.is_empty() {
            s.push_str(" none yet");
        }
        for (i, (name, out)) in v.entrants.iter().enumerate() {
            s.push_str(&format!(
                "\n{}. {name}{}",
                i + 1,
                if *out { " (withdrew)" } else { "" }
            ));
        }
        s
    }

    fn btn_enter(&self) -> String {
        "✋ Join".into()
    }
    fn btn_leave_event(&self) -> String {
        "🚪 Leave".into()
    }
    fn btn_begin(&self) -> String {
        "▶ Start".into()
    }
    fn btn_tournament_page(&self) -> String {
        "🏆 Standings and games".into()
    }
    fn btn_call_off(&self) -> String {
        "✖ Cancel".into()
    }
    fn btn_pause(&self) -> String {
        "⏸ Pause".into()
    }
    fn btn_resume(&self) -> String {
        "▶ Resume".into()
    }

    fn tournament_refusal(&self, r: &TournamentRefusal) -> String {
        match r {
            TournamentRefusal::AlreadyOpen => {
                "This group already has a tournament open: finish or cancel it first.".into()
            }
            TournamentRefusal::NoSuchTournament => "There is no such tournament.".into(),
            TournamentRefusal::Over => "This tournament is over.".into(),
            TournamentRefusal::Started => {
                "This tournament has started, and a round-robin takes no late entries.".into()
            }
            TournamentRefusal::NotStarted => "This tournament has not started.".into(),
            TournamentRefusal::AlreadyEntered => "You have entered already.".into(),
            TournamentRefusal::NotEntered => "You are not playing in this tournament.".into(),
            TournamentRefusal::Full => "The tournament is full.".into(),
            TournamentRefusal::TooFew => {
                "Too few players to start (a round-robin needs 3, an arena of tables one table, the others 2).".into()
            }
            TournamentRefusal::NotThatState => "The tournament is not in that state.".into(),
            TournamentRefusal::TablesArenaOnly => {
                "Halma for three or four is played as an arena only: <code>/tournament arena 60 halma4</code>.".into()
            }
        }
    }

    fn event_admins_only(&self) -> String {
        "Only the group's admins may do that.".into()
    }
    fn entered(&self) -> String {
        "You are in. Good luck!".into()
    }
    fn withdrawn(&self, running: bool) -> String {
        if running {
            "You withdrew: you will not be paired again.".into()
        } else {
            "Your entry is taken back.".into()
        }
    }
    fn tournament_done(&self, what: Stage) -> String {
        match what {
            Stage::Running => "Started.",
            Stage::Paused => "Paused: no new round until it resumes.",
            Stage::Cancelled => "Called off.",
            Stage::Draft | Stage::Finished => "Done.",
        }
        .into()
    }

    fn round_pairings(
        &self,
        round: u32,
        total: Option<u32>,
        lines: &[PairLine],
        bye: Option<&str>,
        private: bool,
    ) -> String {
        let mut s = match total {
            Some(n) => format!("🏆 <b>Round {round} of {n}</b>: pairings\n"),
            None => format!("🏆 <b>Games {round}</b>\n"),
        };
        for (i, l) in lines.iter().enumerate() {
            s.push_str(&format!(
                "\n{}. {} ({}) – {} ({})",
                i + 1,
                l.white.0,
                l.white.1,
                l.black.0,
                l.black.1
            ));
            match (l.result, &l.link) {
                (Some(r), _) => s.push_str(&format!(" · {}", r.notation())),
                (None, Some(link)) => s.push_str(&format!(" · <a href=\"{link}\">board</a>")),
                (None, None) => {}
            }
        }
        if let Some(b) = bye {
            s.push_str(&format!("\n\nBye (a point without playing): {b}"));
        }
        s.push_str(if private {
            "\n\nThe boards are in each player's private chat with me (White's and Black's)."
        } else {
            "\n\nThe boards follow here. White moves first."
        });
        s
    }

    fn round_results(&self, round: u32, total: Option<u32>, lines: &[PairLine]) -> String {
        let mut s = match total {
            Some(n) => format!("🏆 <b>Round {round} of {n}</b>: results\n"),
            None => format!("🏆 <b>Results {round}</b>\n"),
        };
        for l in lines {
            s.push_str(&format!(
                "\n{} – {}: {}",
                l.white.0,
                l.black.0,
                l.result.map_or("*", GameResult::notation)
            ));
        }
        s
    }

    fn forfeit(&self, loser: &str, winner: &str) -> String {
        format!("⏱ {loser} did not make a first move in time and loses by forfeit; {winner} wins.")
    }
    fn table_forfeit(&self, loser: &str) -> String {
        format!(
            "⏱ {loser} did not make a first move in time and is out of the table: the program plays the seat on, and they take the last place."
        )
    }
    fn withdrew(&self, who: &str) -> String {
        format!("🚪 {who} withdrew from the tournament.")
    }
    fn tournament_won(&self, winners: &[String]) -> String {
        match winners {
            [one] => format!("🏆 <b>{one} wins the tournament!</b> Final standings:"),
            many => format!(
                "🏆 <b>Shared first place: {}!</b> Final standings:",
                many.join(", ")
            ),
        }
    }
    fn tournament_cancelled(&self) -> String {
        "✖ The tournament was called off by an admin. Games in play go on, unscored.".into()
    }

    fn tournaments_list(&self, lines: &[ListLine]) -> String {
        if lines.is_empty() {
            return "No tournaments in this group yet. An admin opens one with /tournament.".into();
        }
        let mut s = "🏆 <b>Tournaments</b>\n".to_string();
        for l in lines {
            let stage = match l.stage {
                Stage::Draft => "entries open".to_string(),
                Stage::Running | Stage::Paused => match l.round {
                    (r, Some(n)) => format!("round {r} of {n}"),
                    _ => "under way".into(),
                },
                Stage::Finished if !l.winners.is_empty() => {
                    format!("won by {}", l.winners.join(", "))
                }
                Stage::Finished => "finished".into(),
                Stage::Cancelled => "called off".into(),
            };
            s.push_str(&format!(
                "\n{} · {} · {} · {} players · {stage}",
                l.date,
                self.tournament_format(l.format),
                l.variant,
                l.players
            ));
        }
        s
    }

    fn standings_title(&self, round: u32, total: Option<u32>, last: bool) -> String {
        match (last, total) {
            (true, _) => "Final standings".into(),
            (false, Some(n)) => format!("Standings after round {round} of {n}"),
            (false, None) => "Standings".into(),
        }
    }
    fn standings_live(&self, round: u32, total: Option<u32>) -> String {
        match total {
            Some(n) => format!("Standings · round {round} of {n} in play"),
            None => "Standings".into(),
        }
    }
    fn standings_columns(&self) -> [String; 4] {
        ["#".into(), "Player".into(), "Pts".into(), "Games".into()]
    }
    fn pairings_columns(&self) -> [String; 4] {
        ["Board".into(), "White".into(), "Black".into(), "Pts".into()]
    }
    fn pairings_title(&self, round: u32, total: Option<u32>) -> String {
        match total {
            Some(n) => format!("Round {round} of {n}: pairings"),
            None => format!("Games {round}"),
        }
    }
    fn tie_break(&self, tb: TieBreak) -> String {
        tb.label().into()
    }
}
