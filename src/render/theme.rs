//! The colours of the picture. Chosen for a phone screen after JPEG re-compression:
//! the two piece colours are far apart in lightness from each other and from every
//! square colour, and each home carries a clear hue of its own.

use crate::engine::{Color, Square};
use image::Rgb;

/// Wooden frame around the board (the coordinate band).
pub const FRAME: Rgb<u8> = Rgb([46, 33, 24]);
/// A thin darker line between the frame and the squares.
pub const FRAME_EDGE: Rgb<u8> = Rgb([24, 16, 11]);
/// Coordinate labels on the frame.
pub const LABEL: Rgb<u8> = Rgb([236, 216, 178]);

/// Light square outside both homes.
pub const LIGHT: Rgb<u8> = Rgb([238, 216, 178]);
/// Dark square outside both homes.
pub const DARK: Rgb<u8> = Rgb([181, 136, 99]);

/// Light square of White's home (a1 corner): cool blue, so it never reads as grey.
pub const WHITE_HOME_LIGHT: Rgb<u8> = Rgb([184, 208, 234]);
/// Dark square of White's home.
pub const WHITE_HOME_DARK: Rgb<u8> = Rgb([112, 148, 196]);
/// Light square of Black's home: warm rose.
pub const BLACK_HOME_LIGHT: Rgb<u8> = Rgb([238, 178, 160]);
/// Dark square of Black's home.
pub const BLACK_HOME_DARK: Rgb<u8> = Rgb([198, 112, 94]);

/// Square tint of the last move's origin and destination.
pub const LAST_MOVE_TINT: Rgb<u8> = Rgb([250, 214, 40]);
/// Square tint of the selected piece.
pub const SELECT_TINT: Rgb<u8> = Rgb([70, 200, 110]);
/// Square tint under the error mark.
pub const ERROR_TINT: Rgb<u8> = Rgb([235, 45, 40]);
/// How much of a mark's tint goes into its square.
pub const MARK_TINT_ALPHA: f32 = 0.55;

/// The last-move line and arrowhead.
pub const PATH: Rgb<u8> = Rgb([255, 176, 20]);
/// Dark edge around the last-move line, so it reads on every square and piece.
pub const PATH_EDGE: Rgb<u8> = Rgb([70, 36, 0]);
/// Selection ring and destination dots.
pub const SELECT: Rgb<u8> = Rgb([24, 160, 80]);
/// Dark edge around the selection marks.
pub const SELECT_EDGE: Rgb<u8> = Rgb([8, 52, 26]);
/// The error cross.
pub const ERROR: Rgb<u8> = Rgb([220, 30, 30]);
/// Light edge around the error cross.
pub const ERROR_EDGE: Rgb<u8> = Rgb([255, 246, 240]);

/// The flat top face of a White piece (the colour at its centre).
pub const WHITE_FACE: Rgb<u8> = Rgb([244, 240, 230]);
/// The flat top face of a Black piece (the colour at its centre).
pub const BLACK_FACE: Rgb<u8> = Rgb([40, 40, 46]);

/// Whether a square is a light or a dark one (a1 is dark, as in draughts).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Shade {
    /// Light square.
    Light,
    /// Dark square.
    Dark,
}

impl Shade {
    /// The shade of `sq`: dark when file + rank is even.
    pub fn of(sq: Square) -> Shade {
        if (sq.file + sq.rank).is_multiple_of(2) {
            Shade::Dark
        } else {
            Shade::Light
        }
    }
}

/// Which home, if any, a square belongs to (homes are tinted).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Zone {
    /// Neither home.
    Plain,
    /// The starting home of this side (the other side's target).
    Home(Color),
}

/// A whole-square tint that marks a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Tint {
    /// No mark.
    None,
    /// Origin or destination of the last move.
    LastMove,
    /// The selected piece's square.
    Selected,
    /// The square under the error cross.
    Error,
}

impl Tint {
    /// Every tint, in tile-table order.
    pub const ALL: [Tint; 4] = [Tint::None, Tint::LastMove, Tint::Selected, Tint::Error];
}

/// Mix `top` over `base` with opacity `alpha` (0..=1), rounding to the nearest value.
pub fn mix(base: Rgb<u8>, top: Rgb<u8>, alpha: f32) -> Rgb<u8> {
    let a = alpha.clamp(0.0, 1.0);
    let ch = |i: usize| {
        let v = base.0[i] as f32 * (1.0 - a) + top.0[i] as f32 * a;
        v.round().clamp(0.0, 255.0) as u8
    };
    Rgb([ch(0), ch(1), ch(2)])
}

/// The exact colour of an empty square of this shade, zone and tint.
pub fn square_color(shade: Shade, zone: Zone, tint: Tint) -> Rgb<u8> {
    let zoned = match (zone, shade) {
        (Zone::Plain, Shade::Light) => LIGHT,
        (Zone::Plain, Shade::Dark) => DARK,
        (Zone::Home(Color::White), Shade::Light) => WHITE_HOME_LIGHT,
        (Zone::Home(Color::White), Shade::Dark) => WHITE_HOME_DARK,
        (Zone::Home(Color::Black), Shade::Light) => BLACK_HOME_LIGHT,
        (Zone::Home(Color::Black), Shade::Dark) => BLACK_HOME_DARK,
    };
    match tint {
        Tint::None => zoned,
        Tint::LastMove => mix(zoned, LAST_MOVE_TINT, MARK_TINT_ALPHA),
        Tint::Selected => mix(zoned, SELECT_TINT, MARK_TINT_ALPHA),
        Tint::Error => mix(zoned, ERROR_TINT, MARK_TINT_ALPHA),
    }
}

/// The face colour of a piece of colour `c`.
pub fn face(c: Color) -> Rgb<u8> {
    match c {
        Color::White => WHITE_FACE,
        Color::Black => BLACK_FACE,
    }
}
