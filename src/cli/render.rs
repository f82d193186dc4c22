//! `ugolki render`: a position or a record to a PNG picture, or a record to a GIF replay.

use super::{CliError, VariantArgs, io, read_record_arg};
use crate::engine::multi::{MultiGame, MultiPos, MultiVariant, Seat};
use crate::engine::{Color, Game, Position, Record, RecordError, Square};
use crate::render::{self, GifOptions, RenderOptions, Renderer, Selection};
use clap::{Args, ValueEnum};
use std::io::Write;
use std::path::PathBuf;

/// Which side the board is seen from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ViewArg {
    /// White's home at the bottom left.
    White,
    /// Black's home at the bottom left (the board turned 180°).
    Black,
    /// Green's camp at the bottom left (three- and four-seat variants).
    Green,
    /// Red's camp at the bottom left (four-seat variants).
    Red,
}

impl ViewArg {
    /// The side of a two-player board.
    fn color(self) -> Result<Color, CliError> {
        match self {
            ViewArg::White => Ok(Color::White),
            ViewArg::Black => Ok(Color::Black),
            ViewArg::Green | ViewArg::Red => Err(CliError::usage(
                "--view green or red needs a three- or four-seat variant",
            )),
        }
    }

    /// The seat of a multi-player board.
    fn seat(self) -> Seat {
        match self {
            ViewArg::White => Seat::White,
            ViewArg::Green => Seat::Green,
            ViewArg::Black => Seat::Black,
            ViewArg::Red => Seat::Red,
        }
    }
}

/// `render` arguments.
#[derive(Args, Debug)]
pub struct RenderArgs {
    /// Variant, options and a position (`--position` and `--record` exclude each other).
    #[command(flatten)]
    pub v: VariantArgs,
    /// A game record (`-` for stdin, a file, or the move text); its last move is drawn.
    #[arg(long, conflicts_with = "position")]
    pub record: Option<String>,
    /// Which side is at the bottom.
    #[arg(long, value_enum, default_value = "white")]
    pub view: ViewArg,
    /// Select the piece on this square and dot every square it can reach.
    #[arg(long, value_name = "SQUARE", conflicts_with = "gif")]
    pub select: Option<String>,
    /// Cross out this square (as the bot does for a refused tap).
    #[arg(long, value_name = "SQUARE", conflicts_with = "gif")]
    pub error_mark: Option<String>,
    /// Picture side in pixels (default 720 for PNG, 560 for GIF).
    #[arg(long, value_name = "PX")]
    pub size: Option<u32>,
    /// Write an animated GIF of the whole record instead of a PNG of its end.
    #[arg(long, requires = "record")]
    pub gif: bool,
    /// Milliseconds per move in a GIF.
    #[arg(long, value_name = "MS", default_value_t = GifOptions::default().ply_ms, requires = "gif")]
    pub ply_ms: u32,
    /// Milliseconds the final position of a GIF is held.
    #[arg(long, value_name = "MS", default_value_t = GifOptions::default().final_ms, requires = "gif")]
    pub final_ms: u32,
    /// Output file.
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
}

/// Read a `--select`-style square and check it is on the board.
fn square_arg(flag: &str, text: &str, pos: &Position) -> Result<Square, CliError> {
    let board = pos.variant().board();
    Square::parse(text.trim())
        .filter(|s| board.contains(*s))
        .ok_or_else(|| {
            CliError::usage(format!(
                "{flag}: '{text}' is not a square of the {board} board"
            ))
        })
}

/// Replay `--record` (with the record's own `Variant` tag unless `--variant` is given).
fn game_from(args: &RenderArgs, record: &str) -> Result<Game, CliError> {
    let text = read_record_arg(record)?;
    let record = Record::parse(&text).map_err(|e| CliError {
        message: format!("--record: {e}"),
        code: 1,
    })?;
    let fallback = record.tag("Variant").unwrap_or("classic").to_string();
    let variant = args.v.variant_or(&fallback)?;
    Game::from_record(&record, Some(&variant), None).map_err(|e| CliError {
        message: match &e {
            RecordError::Move { ply, text, error } => {
                format!("--record: move {} ({text}): {error}", ply + 1)
            }
            other => format!("--record: {other}"),
        },
        code: 1,
    })
}

fn render_err(e: render::RenderError) -> CliError {
    CliError {
        message: format!("render: {e}"),
        code: 1,
    }
}

/// Run `render`: write the picture to `--out` and a one-line summary to `out`.
pub fn run(args: &RenderArgs, out: &mut dyn Write) -> Result<(), CliError> {
    if let Some(px) = args.size
        && !(render::MIN_SIZE_PX..=render::MAX_SIZE_PX).contains(&px)
    {
        return Err(CliError::usage(format!(
            "--size: {px} px is outside {}..={} px",
            render::MIN_SIZE_PX,
            render::MAX_SIZE_PX
        )));
    }
    let named = match (&args.v.variant, &args.record) {
        (Some(v), _) => Some(v.clone()),
        (None, Some(r)) => Record::parse(&read_record_arg(r)?)
            .ok()
            .and_then(|rec| rec.tag("Variant").map(str::to_string)),
        (None, None) => None,
    };
    if let Some(v) = named.as_deref().and_then(super::multi::variant_named) {
        return run_multi(args, v, out);
    }
    let renderer = Renderer::new();
    let game = args
        .record
        .as_deref()
        .map(|r| game_from(args, r))
        .transpose()?;
    let (bytes, what) = if args.gif {
        let Some(game) = &game else {
            return Err(CliError::usage("--gif needs --record"));
        };
        let defaults = GifOptions::default();
        let opts = GifOptions {
            size_px: args.size.unwrap_or(defaults.size_px),
            view: args.view.color()?.into(),
            ply_ms: args.ply_ms,
            final_ms: args.final_ms,
        };
        let bytes = renderer.render_game_gif(game, &opts).map_err(render_err)?;
        let what = format!("GIF, {} frames", game.plies() + 1);
        (bytes, (opts.size_px, what))
    } else {
        let (pos, last_move) = match &game {
            Some(g) => (g.position().clone(), g.moves().last().cloned()),
            None => (args.v.position()?, None),
        };
        let selection = match &args.select {
            Some(t) => {
                let sq = square_arg("--select", t, &pos)?;
                if pos.piece_at(sq).is_none() {
                    return Err(CliError::usage(format!(
                        "--select: there is no piece on {sq}"
                    )));
                }
                Some(Selection::of(&pos, sq))
            }
            None => None,
        };
        let error_mark = args
            .error_mark
            .as_deref()
            .map(|t| square_arg("--error-mark", t, &pos))
            .transpose()?;
        let opts = RenderOptions {
            size_px: args.size.unwrap_or(render::DEFAULT_SIZE_PX),
            view: args.view.color()?.into(),
            last_move,
            better: None,
            selection,
            error_mark,
        };
        let bytes = renderer.render_png(&pos, &opts).map_err(render_err)?;
        (bytes, (opts.size_px, "PNG".to_string()))
    };
    std::fs::write(&args.out, &bytes).map_err(|e| CliError {
        message: format!("writing {}: {e}", args.out.display()),
        code: 1,
    })?;
    let (px, kind) = what;
    writeln!(
        out,
        "{}: {px}x{px} {kind}, {} bytes",
        args.out.display(),
        bytes.len()
    )
    .map_err(io)?;
    Ok(())
}

/// A table's picture side unless `--size` says otherwise.
const TABLE_PX: u32 = 640;

/// `render` for a three- or four-seat variant: a PNG of the position (or a record's
/// end, its last move drawn) from `--view`'s seat.
fn run_multi(args: &RenderArgs, v: MultiVariant, out: &mut dyn Write) -> Result<(), CliError> {
    let renderer = Renderer::new();
    if args.error_mark.is_some() {
        return Err(CliError::usage(format!(
            "--error-mark is not drawn for {v}"
        )));
    }
    let game = match &args.record {
        Some(r) => {
            let text = read_record_arg(r)?;
            let rec =
                Record::parse(&text).map_err(|e| CliError::usage(format!("--record: {e}")))?;
            Some(
                MultiGame::from_record(&rec, Some(v), None).map_err(|e| CliError {
                    message: format!("--record: {e}"),
                    code: 1,
                })?,
            )
        }
        None => None,
    };
    if args.gif {
        let Some(g) = &game else {
            return Err(CliError::usage("--gif needs --record"));
        };
        let px = args.size.unwrap_or(480);
        let opts = GifOptions {
            size_px: px,
            view: args.view.seat(),
            ply_ms: args.ply_ms,
            final_ms: args.final_ms,
        };
        let bytes = renderer.render_game_gif(g, &opts).map_err(render_err)?;
        std::fs::write(&args.out, &bytes).map_err(|e| CliError {
            message: format!("writing {}: {e}", args.out.display()),
            code: 1,
        })?;
        writeln!(
            out,
            "{}: {px}x{px} GIF, one frame a round, {} bytes",
            args.out.display(),
            bytes.len()
        )
        .map_err(io)?;
        return Ok(());
    }
    let (pos, last) = match &game {
        Some(g) => {
            let positions = g.positions();
            let last = g
                .turns()
                .iter()
                .zip(&positions)
                .rev()
                .find_map(|(t, p)| p.path(*t));
            (*g.position(), last)
        }
        None => (args.v.multi_position(v)?, None),
    };
    let selected = match &args.select {
        Some(t) => {
            let sq = Square::parse(t.trim())
                .ok_or_else(|| CliError::usage(format!("--select: '{t}' is not a square")))?;
            if pos.seat_at(sq).is_none() {
                return Err(CliError::usage(format!(
                    "--select: there is no piece on {sq}"
                )));
            }
            Some(Selection {
                piece: sq,
                targets: MultiPos::destinations(&pos, sq),
            })
        }
        None => None,
    };
    let opts = RenderOptions {
        view: args.view.seat(),
        size_px: args.size.unwrap_or(TABLE_PX),
        last_move: last,
        selection: selected,
        ..RenderOptions::default()
    };
    let bytes = renderer.render_png(&pos, &opts).map_err(render_err)?;
    std::fs::write(&args.out, &bytes).map_err(|e| CliError {
        message: format!("writing {}: {e}", args.out.display()),
        code: 1,
    })?;
    writeln!(
        out,
        "{}: {px}x{px} PNG, {} bytes",
        args.out.display(),
        bytes.len(),
        px = opts.size_px
    )
    .map_err(io)?;
    Ok(())
}
