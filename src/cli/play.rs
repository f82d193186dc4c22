//! `ugolki play`: a game against the AI in the terminal (or alone in the training room).

use super::{CliError, VariantArgs, io};
use crate::ai::{self, Level, Limits, Score};
use crate::engine::{Color, Game, Position, parse_move};
use clap::Args;
use std::io::{BufRead, Write};

/// `play` arguments.
#[derive(Args, Debug)]
pub struct PlayArgs {
    /// Variant, options and start position.
    #[command(flatten)]
    pub v: VariantArgs,
    /// The AI's level, 1–5.
    #[arg(long, default_value = "3")]
    pub level: Level,
    /// Your colour.
    #[arg(long, default_value = "white", value_parser = ["white", "black"])]
    pub color: String,
    /// Seed for the AI's choices at the low levels.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

/// The board as text: ranks top to bottom, files left to right, with coordinates.
/// `W`/`B` are pieces; `+` marks the squares of the last move.
pub fn board_text(pos: &Position, last: Option<&[crate::engine::Square]>) -> String {
    let n = pos.variant().board().n();
    let mut s = String::new();
    let files: String = (0..n).map(|f| format!(" {}", (b'a' + f) as char)).collect();
    s.push_str(&format!("    {files}\n"));
    for r in (0..n).rev() {
        s.push_str(&format!("{:>3} ", r + 1));
        for f in 0..n {
            let sq = crate::engine::Square::new(f, r);
            let mark = last.is_some_and(|l| l.contains(&sq));
            let c = match pos.piece_at(sq) {
                Some(Color::White) => 'W',
                Some(Color::Black) => 'B',
                None if mark => '+',
                None => '.',
            };
            s.push(' ');
            s.push(c);
        }
        s.push_str(&format!("  {}\n", r + 1));
    }
    s.push_str(&format!("    {files}\n"));
    s
}

fn describe(score: Score) -> String {
    match score {
        Score::Eval(cp) => format!("{:+.1}", cp as f64 / 100.0),
        Score::Win(n) => format!("wins in {n} plies"),
        Score::Loss(n) => format!("loses in {n} plies"),
    }
}

/// Run a terminal game reading moves from `input`.
pub fn run(args: &PlayArgs, input: &mut dyn BufRead, out: &mut dyn Write) -> Result<(), CliError> {
    let start = args.v.position()?;
    let variant = start.variant().clone();
    let solo = variant.rules().solo;
    let human = if args.color == "black" && !solo {
        Color::Black
    } else {
        Color::White
    };
    let mut game = Game::from_position(start);
    let mut last: Option<Vec<crate::engine::Square>> = None;
    writeln!(
        out,
        "Ugolki, variant {}. You play {}{}. Type moves as in chat (c3-d3, c3-e5, c3-e3-e5);\n\
         'moves' lists legal moves, 'hint' asks the AI, 'board' redraws, 'quit' ends.",
        variant.spec(),
        human,
        if solo {
            String::new()
        } else {
            format!(" against level {}", args.level)
        }
    )
    .map_err(io)?;
    if let Some(best) = solo
        .then(|| ai::training::known_optimum(&variant))
        .flatten()
    {
        writeln!(out, "Training room: the minimum is {best} moves.").map_err(io)?;
    }
    let mut show = true;
    while !game.is_over() {
        let pos = game.position().clone();
        if show {
            writeln!(out, "\n{}", board_text(&pos, last.as_deref())).map_err(io)?;
            if !solo {
                writeln!(
                    out,
                    "move {}, {} to play; tempo White {} Black {}",
                    pos.move_number(),
                    pos.side_to_move(),
                    pos.tempo(Color::White),
                    pos.tempo(Color::Black)
                )
                .map_err(io)?;
            } else {
                writeln!(
                    out,
                    "moves so far: {}; tempo {}",
                    game.plies(),
                    pos.tempo(Color::White)
                )
                .map_err(io)?;
            }
        }
        show = true;
        if pos.side_to_move() != human {
            let seed = args.seed ^ game.plies() as u64;
            let Some(r) = ai::search(&game, &Limits::level(args.level), seed) else {
                break;
            };
            writeln!(out, "AI plays {} ({})", r.path, describe(r.score)).map_err(io)?;
            last = Some(r.path.squares().to_vec());
            game.play_squares(r.path.squares())
                .map_err(|e| CliError::usage(format!("internal: AI move rejected: {e}")))?;
            continue;
        }
        write!(out, "your move> ").map_err(io)?;
        out.flush().map_err(io)?;
        let mut line = String::new();
        if input.read_line(&mut line).map_err(io)? == 0 {
            writeln!(out, "\n(end of input)").map_err(io)?;
            return Ok(());
        }
        let text = line.trim();
        show = false;
        match text {
            "" => continue,
            "quit" | "exit" | "q" => {
                writeln!(out, "bye").map_err(io)?;
                return Ok(());
            }
            "board" => {
                show = true;
                continue;
            }
            "moves" => {
                let mut v: Vec<String> = game
                    .legal_moves()
                    .into_iter()
                    .filter_map(|m| pos.path(m).ok())
                    .map(|p| p.to_string())
                    .collect();
                v.sort();
                writeln!(out, "{}", v.join(" ")).map_err(io)?;
                continue;
            }
            "hint" => {
                if let Some(r) = ai::search(&game, &Limits::level(Level::MAX), 0) {
                    writeln!(out, "hint: {} ({})", r.path, describe(r.score)).map_err(io)?;
                }
                continue;
            }
            _ => {}
        }
        let path = match parse_move(&pos, text) {
            Ok(p) => p,
            Err(e) => {
                writeln!(out, "not played: {e}").map_err(io)?;
                continue;
            }
        };
        if pos.is_return_home(path.as_move()) {
            write!(
                out,
                "{path} ends on your own home after the exit deadline and loses the game. Play it? (yes/no) "
            )
            .map_err(io)?;
            out.flush().map_err(io)?;
            let mut ans = String::new();
            input.read_line(&mut ans).map_err(io)?;
            if !ans.trim().eq_ignore_ascii_case("yes") {
                writeln!(out, "not played").map_err(io)?;
                continue;
            }
        }
        match game.play_squares(path.squares()) {
            Ok(_) => {
                last = Some(path.squares().to_vec());
                show = true;
            }
            Err(e) => writeln!(out, "not played: {e}").map_err(io)?,
        }
    }
    writeln!(out, "\n{}", board_text(game.position(), last.as_deref())).map_err(io)?;
    if let Some(o) = game.outcome() {
        writeln!(out, "game over: {} ({})", o.result, o.reason).map_err(io)?;
        if solo {
            let best = ai::training::known_optimum(&variant)
                .map_or(String::new(), |b| format!("; the minimum is {b}"));
            writeln!(out, "you needed {} moves{best}", game.plies()).map_err(io)?;
        } else if let Some(w) = o.result.winner() {
            writeln!(
                out,
                "{}",
                if w == human { "you win" } else { "the AI wins" }
            )
            .map_err(io)?;
        }
    }
    Ok(())
}
