//! `ugolki play`: a game against the AI in the terminal (or alone in the training room).

use super::{CliError, VariantArgs, io};
use crate::ai::{self, Level, Limits, Score};
use crate::engine::{Color, Game, parse_move};
use crate::render::board_text;
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
    let solo = start.variant().rules().solo;
    let human = if args.color == "black" && !solo {
        Color::Black
    } else {
        Color::White
    };
    let mut t = Terminal {
        args,
        human,
        solo,
        game: Game::from_position(start),
        last: None,
        input,
        out,
    };
    t.greet()?;
    let mut show = true;
    while !t.game.is_over() {
        if show {
            t.show_position()?;
        }
        show = true;
        if t.game.position().side_to_move() != human {
            if !t.ai_move()? {
                break;
            }
            continue;
        }
        match t.human_turn()? {
            Turn::Played => {}
            Turn::Quiet => show = false,
            Turn::Quit => return Ok(()),
        }
    }
    t.finish()
}

/// A terminal game in progress.
struct Terminal<'a> {
    args: &'a PlayArgs,
    human: Color,
    solo: bool,
    game: Game,
    /// The last move's squares (highlighted).
    last: Option<Vec<crate::engine::Square>>,
    input: &'a mut dyn BufRead,
    out: &'a mut dyn Write,
}

/// What the player's line did.
enum Turn {
    /// A move was played (or the board asked for): show the position.
    Played,
    /// Something else was answered: ask again without the board.
    Quiet,
    /// The player left (or the input ended).
    Quit,
}

impl Terminal<'_> {
    fn greet(&mut self) -> Result<(), CliError> {
        let variant = self.game.position().variant().clone();
        let against = if self.solo {
            String::new()
        } else {
            format!(" against level {}", self.args.level)
        };
        writeln!(
            self.out,
            "Ugolki, variant {}. You play {}{against}. Type moves as in chat (c3-d3, c3-e5, c3-e3-e5);\n\
             'moves' lists legal moves, 'hint' asks the AI, 'board' redraws, 'quit' ends.",
            variant.spec(),
            self.human,
        )
        .map_err(io)?;
        if let Some(best) = self
            .solo
            .then(|| ai::training::known_optimum(&variant))
            .flatten()
        {
            writeln!(self.out, "Training room: the minimum is {best} moves.").map_err(io)?;
        }
        Ok(())
    }

    fn show_position(&mut self) -> Result<(), CliError> {
        let pos = self.game.position();
        writeln!(self.out, "\n{}", board_text(pos, self.last.as_deref())).map_err(io)?;
        if self.solo {
            let (n, tempo) = (self.game.plies(), pos.tempo(Color::White));
            writeln!(self.out, "moves so far: {n}; tempo {tempo}").map_err(io)
        } else {
            writeln!(
                self.out,
                "move {}, {} to play; tempo White {} Black {}",
                pos.move_number(),
                pos.side_to_move(),
                pos.tempo(Color::White),
                pos.tempo(Color::Black)
            )
            .map_err(io)
        }
    }

    /// The program's move; false when it has none.
    fn ai_move(&mut self) -> Result<bool, CliError> {
        let seed = self.args.seed ^ self.game.plies() as u64;
        let Some(r) = ai::search(&self.game, &Limits::level(self.args.level), seed) else {
            return Ok(false);
        };
        writeln!(self.out, "AI plays {} ({})", r.path, describe(r.score)).map_err(io)?;
        self.last = Some(r.path.squares().to_vec());
        self.game
            .play_squares(r.path.squares())
            .map_err(|e| CliError::usage(format!("internal: AI move rejected: {e}")))?;
        Ok(true)
    }

    fn read_line(&mut self, prompt: &str) -> Result<Option<String>, CliError> {
        write!(self.out, "{prompt}").map_err(io)?;
        self.out.flush().map_err(io)?;
        let mut line = String::new();
        if self.input.read_line(&mut line).map_err(io)? == 0 {
            return Ok(None);
        }
        Ok(Some(line.trim().to_string()))
    }

    /// Read and carry out one line of the player's.
    fn human_turn(&mut self) -> Result<Turn, CliError> {
        let Some(text) = self.read_line("your move> ")? else {
            writeln!(self.out, "\n(end of input)").map_err(io)?;
            return Ok(Turn::Quit);
        };
        let pos = self.game.position().clone();
        match text.as_str() {
            "" => return Ok(Turn::Quiet),
            "quit" | "exit" | "q" => {
                writeln!(self.out, "bye").map_err(io)?;
                return Ok(Turn::Quit);
            }
            "board" => return Ok(Turn::Played),
            "moves" => {
                let mut v = super::legal_paths(&self.game);
                v.sort();
                writeln!(self.out, "{}", v.join(" ")).map_err(io)?;
                return Ok(Turn::Quiet);
            }
            "hint" => {
                if let Some(r) = ai::search(&self.game, &Limits::level(Level::MAX), 0) {
                    writeln!(self.out, "hint: {} ({})", r.path, describe(r.score)).map_err(io)?;
                }
                return Ok(Turn::Quiet);
            }
            _ => {}
        }
        let path = match parse_move(&pos, &text) {
            Ok(p) => p,
            Err(e) => {
                writeln!(self.out, "not played: {e}").map_err(io)?;
                return Ok(Turn::Quiet);
            }
        };
        if pos.is_return_home(path.as_move()) && !self.confirm_return_home(&path)? {
            writeln!(self.out, "not played").map_err(io)?;
            return Ok(Turn::Quiet);
        }
        match self.game.play_squares(path.squares()) {
            Ok(_) => {
                self.last = Some(path.squares().to_vec());
                Ok(Turn::Played)
            }
            Err(e) => {
                writeln!(self.out, "not played: {e}").map_err(io)?;
                Ok(Turn::Quiet)
            }
        }
    }

    fn confirm_return_home(&mut self, path: &crate::engine::Path) -> Result<bool, CliError> {
        let prompt = format!(
            "{path} ends on your own home after the exit deadline and loses the game. Play it? (yes/no) "
        );
        let ans = self.read_line(&prompt)?.unwrap_or_default();
        Ok(ans.eq_ignore_ascii_case("yes"))
    }

    fn finish(&mut self) -> Result<(), CliError> {
        let pos = self.game.position();
        writeln!(self.out, "\n{}", board_text(pos, self.last.as_deref())).map_err(io)?;
        let Some(o) = self.game.outcome() else {
            return Ok(());
        };
        writeln!(self.out, "game over: {} ({})", o.result, o.reason).map_err(io)?;
        if self.solo {
            let best = ai::training::known_optimum(pos.variant())
                .map_or(String::new(), |b| format!("; the minimum is {b}"));
            writeln!(self.out, "you needed {} moves{best}", self.game.plies()).map_err(io)?;
        } else if let Some(w) = o.result.winner() {
            let who = if w == self.human {
                "you win"
            } else {
                "the AI wins"
            };
            writeln!(self.out, "{who}").map_err(io)?;
        }
        Ok(())
    }
}
