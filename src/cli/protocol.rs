//! `ugolki engine`: a line protocol on stdin/stdout so any program can drive the engine.
//!
//! Commands (one per line): `variant SPEC`, `option NAME=VALUE`,
//! `position startpos [moves M1 M2 ...]`, `position text "TEXT" [moves ...]`,
//! `go [movetime MS] [depth D] [nodes N] [level L] [seed S]`, `moves`, `d`, `perft D`, `isready`, `quit`.
//! Answers: `info depth D score S nodes N time MS nps X [race] pv ...` then `bestmove PATH` (or `bestmove (none)` when the game is over), `readyok`,
//! `moves ...`, `perft D N`, `position TEXT` / `status ...`, and `error MESSAGE` for bad input
//! (the state is left as it was).

use super::CliError;
use crate::ai::multi::{MultiLimits, choose_multi};
use crate::ai::{self, Limits};
use crate::engine::multi::{MultiGame, MultiPos};
use crate::engine::{Game, Position, Variant};
use std::io::{BufRead, Write};
use std::time::Duration;

/// The protocol state: the variant and the game set up by the last `position` command.
pub struct Session {
    variant: Variant,
    game: Game,
    /// Set while the variant is a three- or four-seat one (RULES.md §14).
    multi: Option<MultiGame>,
}

/// What a command asks the caller to do after printing its reply.
#[derive(Debug, PartialEq, Eq)]
pub enum Flow {
    /// Read the next line.
    Continue,
    /// Stop (`quit`).
    Quit,
}

impl Session {
    /// A session on `variant`'s start position.
    pub fn new(variant: Variant) -> Session {
        let game = Game::new(&variant);
        Session {
            variant,
            game,
            multi: None,
        }
    }

    /// The current game.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Handle one line; replies are written to `out`.
    pub fn handle(&mut self, line: &str, out: &mut dyn Write) -> std::io::Result<Flow> {
        let line = line.trim();
        let (cmd, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        if cmd == "variant"
            && let Some(v) = super::multi::variant_named(rest)
        {
            self.multi = Some(MultiGame::new(v));
            out.flush()?;
            return Ok(Flow::Continue);
        }
        if let Some(game) = &mut self.multi
            && matches!(cmd, "position" | "go" | "moves" | "perft" | "d" | "option")
        {
            multi_command(game, cmd, rest, out)?;
            out.flush()?;
            return Ok(Flow::Continue);
        }
        match cmd {
            "" => {}
            "quit" => return Ok(Flow::Quit),
            "isready" => writeln!(out, "readyok")?,
            "variant" => match Variant::parse(rest) {
                Ok(v) => {
                    self.game = Game::new(&v);
                    self.variant = v;
                    self.multi = None;
                }
                Err(e) => writeln!(out, "error {e}")?,
            },
            "option" => {
                let r = crate::engine::split_option(rest)
                    .and_then(|(n, v)| self.variant.with_option(n, v));
                match r {
                    Ok(v) => {
                        self.game = Game::new(&v);
                        self.variant = v;
                    }
                    Err(e) => writeln!(out, "error {e}")?,
                }
            }
            "position" => match self.position(rest) {
                Ok(g) => self.game = g,
                Err(e) => writeln!(out, "error {e}")?,
            },
            "go" => match parse_go(rest) {
                Ok((limits, seed)) => match ai::search(&self.game, &limits, seed) {
                    Some(r) => {
                        let ms = r.elapsed.as_millis();
                        let nps = (r.nodes as f64 / r.elapsed.as_secs_f64().max(1e-6)) as u64;
                        let pv: Vec<String> = r.pv.iter().map(|p| p.to_string()).collect();
                        writeln!(
                            out,
                            "info depth {} score {} nodes {} time {ms} nps {nps}{} pv {}",
                            r.depth,
                            r.score,
                            r.nodes,
                            if r.race { " race" } else { "" },
                            pv.join(" ")
                        )?;
                        writeln!(out, "bestmove {}", r.path)?
                    }
                    None => writeln!(out, "bestmove (none)")?,
                },
                Err(e) => writeln!(out, "error {e}")?,
            },
            "moves" => {
                let paths = super::legal_paths(&self.game);
                writeln!(out, "moves {}", paths.join(" "))?;
            }
            "perft" => match rest.parse::<u32>() {
                Ok(d) => writeln!(out, "perft {d} {}", self.game.position().perft(d))?,
                Err(_) => writeln!(out, "error perft needs a depth")?,
            },
            "d" => {
                writeln!(out, "position {}", self.game.position().to_text())?;
                match self.game.outcome() {
                    Some(o) => writeln!(out, "status {} {}", o.result, o.reason)?,
                    None => writeln!(out, "status * {} to move", self.game.side_to_move())?,
                }
            }
            other => writeln!(out, "error unknown command '{other}'")?,
        }
        out.flush()?;
        Ok(Flow::Continue)
    }

    fn position(&self, rest: &str) -> Result<Game, String> {
        let (start, moves) = if let Some(r) = rest.strip_prefix("startpos") {
            (self.variant.start(), r.trim())
        } else if let Some(r) = rest.strip_prefix("text") {
            let r = r.trim_start();
            let (text, after) = if let Some(q) = r.strip_prefix('"') {
                let end = q.find('"').ok_or("unclosed quote in position text")?;
                (&q[..end], &q[end + 1..])
            } else {
                // Unquoted: the four fields of position text.
                let mut idx = 0;
                let mut fields = 0;
                for (i, c) in r.char_indices() {
                    if c.is_whitespace() && i > 0 && !r[..i].ends_with(char::is_whitespace) {
                        fields += 1;
                        if fields == 4 {
                            idx = i;
                            break;
                        }
                    }
                    idx = r.len();
                }
                (&r[..idx], &r[idx..])
            };
            let pos = Position::from_text(&self.variant, text).map_err(|e| e.to_string())?;
            (pos, after.trim())
        } else {
            return Err("position needs 'startpos' or 'text \"...\"'".into());
        };
        let mut game = Game::from_position(start);
        if !moves.is_empty() {
            let list = moves
                .strip_prefix("moves")
                .ok_or("expected 'moves' after the position")?;
            for (i, m) in list.split_whitespace().enumerate() {
                game.play_text(m)
                    .map_err(|e| format!("move {} ({m}): {e}", i + 1))?;
            }
        }
        Ok(game)
    }
}

/// One command on a three- or four-seat game: `position`, `go`, `moves`, `perft`, `d`.
fn multi_command(
    game: &mut MultiGame,
    cmd: &str,
    rest: &str,
    out: &mut dyn Write,
) -> std::io::Result<()> {
    match cmd {
        "option" => writeln!(out, "error {} has no options", game.variant())?,
        "position" => match multi_position(game, rest) {
            Ok(g) => *game = g,
            Err(e) => writeln!(out, "error {e}")?,
        },
        "go" => match parse_go(rest) {
            Ok((l, seed)) => {
                let base = MultiLimits::level(
                    l.level
                        .unwrap_or(ai::Level::new(3).unwrap_or(ai::Level::MIN)),
                );
                let limits = MultiLimits {
                    depth: l.depth.unwrap_or(base.depth),
                    nodes: l.nodes.unwrap_or(base.nodes),
                    movetime: l.movetime.or(base.movetime),
                    noise: if l.depth.is_some() || l.nodes.is_some() {
                        0
                    } else {
                        base.noise
                    },
                };
                let pos = *game.position();
                match choose_multi(&pos, &limits, seed) {
                    Some(r) => {
                        let text = pos.turn_text(r.turn);
                        let ms = r.elapsed.as_millis();
                        writeln!(
                            out,
                            "info depth {} score {} nodes {} time {ms} pv {text}",
                            r.depth, r.score, r.nodes
                        )?;
                        writeln!(out, "bestmove {text}")?;
                    }
                    None => writeln!(out, "bestmove (none)")?,
                }
            }
            Err(e) => writeln!(out, "error {e}")?,
        },
        "moves" => writeln!(
            out,
            "moves {}",
            super::multi::turn_texts(game.position()).join(" ")
        )?,
        "perft" => match rest.parse::<u32>() {
            Ok(d) => writeln!(out, "perft {d} {}", game.position().perft(d))?,
            Err(_) => writeln!(out, "error perft needs a depth")?,
        },
        _ => {
            let p = game.position();
            writeln!(out, "position {}", p.to_text())?;
            match game.outcome() {
                Some(o) => writeln!(out, "status {} {}", o.places_text(), o.reason)?,
                None => writeln!(out, "status * {} to move round {}", p.to_move(), p.round())?,
            }
        }
    }
    Ok(())
}

/// `position startpos|text "..." [moves ...]` for a three- or four-seat game.
fn multi_position(game: &MultiGame, rest: &str) -> Result<MultiGame, String> {
    let v = game.variant();
    let (start, moves) = if let Some(r) = rest.strip_prefix("startpos") {
        (MultiPos::start(v), r.trim())
    } else if let Some(r) = rest.strip_prefix("text") {
        let r = r.trim_start();
        let q = r
            .strip_prefix('"')
            .ok_or("position text for this variant must be quoted")?;
        let end = q.find('"').ok_or("unclosed quote in position text")?;
        let pos = MultiPos::from_text(v, &q[..end]).map_err(|e| e.to_string())?;
        (pos, q[end + 1..].trim())
    } else {
        return Err("position needs 'startpos' or 'text \"...\"'".into());
    };
    let mut g = MultiGame::from_position(start);
    if !moves.is_empty() {
        let list = moves
            .strip_prefix("moves")
            .ok_or("expected 'moves' after the position")?;
        for (i, m) in list.split_whitespace().enumerate() {
            g.play_text(m)
                .map_err(|e| format!("move {} ({m}): {e}", i + 1))?;
        }
    }
    Ok(g)
}

/// Parse the arguments of `go`: the limits and the seed (`seed S`, default 0).
pub fn parse_go(rest: &str) -> Result<(Limits, u64), String> {
    let mut limits = Limits::default();
    let mut seed = 0;
    let mut it = rest.split_whitespace();
    while let Some(k) = it.next() {
        let v = it.next().ok_or_else(|| format!("go {k} needs a value"))?;
        let n: u64 = v
            .parse()
            .map_err(|_| format!("go {k}: '{v}' is not a number"))?;
        match k {
            "movetime" => limits.movetime = Some(Duration::from_millis(n)),
            "depth" => limits.depth = Some(n.min(u32::MAX as u64) as u32),
            "nodes" => limits.nodes = Some(n),
            "seed" => seed = n,
            "level" => {
                limits.level = Some(
                    u8::try_from(n)
                        .ok()
                        .and_then(ai::Level::new)
                        .ok_or("go level must be 1 to 5")?,
                )
            }
            _ => return Err(format!("unknown go parameter '{k}'")),
        }
    }
    Ok((limits, seed))
}

/// Run the protocol until `quit` or end of input.
pub fn run(variant: &str, input: impl BufRead, out: &mut dyn Write) -> Result<(), CliError> {
    let mut s = match super::multi::variant_named(variant) {
        Some(m) => {
            let mut s = Session::new(
                Variant::parse("classic").map_err(|e| CliError::usage(e.to_string()))?,
            );
            s.multi = Some(MultiGame::new(m));
            s
        }
        None => Session::new(Variant::parse(variant).map_err(|e| CliError::usage(e.to_string()))?),
    };
    let io = |e: std::io::Error| CliError {
        message: e.to_string(),
        code: 1,
    };
    for line in input.lines() {
        let line = line.map_err(io)?;
        if s.handle(&line, out).map_err(io)? == Flow::Quit {
            break;
        }
    }
    Ok(())
}
