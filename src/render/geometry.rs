//! Where each square lands in the picture, for either orientation.

use super::RenderError;
use crate::engine::{BoardSize, Color, Square};

/// Smallest picture side accepted, in pixels (a 16×16 board is still legible).
pub const MIN_SIZE_PX: u32 = 240;
/// Largest picture side accepted, in pixels (bounds memory for user-chosen sizes).
pub const MAX_SIZE_PX: u32 = 2048;
/// The default picture side: legible on a phone, small after compression.
pub const DEFAULT_SIZE_PX: u32 = 720;

/// The layout of one picture: a square image, a coordinate band on every edge and
/// `n × n` equal square cells inside it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Geometry {
    /// Board size.
    pub board: BoardSize,
    /// Picture side in pixels.
    pub size_px: u32,
    /// Whose side the board is seen from (that side's home is at the bottom left).
    pub view: Color,
    /// Side of one square cell in pixels.
    pub cell: u32,
    /// Left (and top) pixel of the board area; the labels live outside it.
    pub origin: u32,
}

impl Geometry {
    /// The layout for a board of `board` squares drawn `size_px` wide from `view`'s side.
    pub fn new(board: BoardSize, size_px: u32, view: Color) -> Result<Geometry, RenderError> {
        if !(MIN_SIZE_PX..=MAX_SIZE_PX).contains(&size_px) {
            return Err(RenderError::Size {
                size: size_px,
                min: MIN_SIZE_PX,
                max: MAX_SIZE_PX,
            });
        }
        let n = board.n() as u32;
        let band = ((size_px as f32 * 0.05).round() as u32).max(12);
        let cell = (size_px - 2 * band) / n;
        let origin = (size_px - cell * n) / 2;
        Ok(Geometry {
            board,
            size_px,
            view,
            cell,
            origin,
        })
    }

    /// Width of the coordinate band between the picture edge and the board.
    pub fn band(&self) -> u32 {
        self.origin
    }

    /// Side of the whole board area (all cells) in pixels.
    pub fn board_px(&self) -> u32 {
        self.cell * self.board.n() as u32
    }

    /// (column from the left, row from the top) of `sq` on screen.
    pub fn screen(&self, sq: Square) -> (u32, u32) {
        let n = self.board.n() as u32;
        let (f, r) = (sq.file as u32, sq.rank as u32);
        match self.view {
            Color::White => (f, n - 1 - r),
            Color::Black => (n - 1 - f, r),
        }
    }

    /// The square shown at (column, row) on screen.
    pub fn square_at_cell(&self, col: u32, row: u32) -> Square {
        let n = self.board.n() as u32;
        let (f, r) = match self.view {
            Color::White => (col, n - 1 - row),
            Color::Black => (n - 1 - col, row),
        };
        Square::new(f as u8, r as u8)
    }

    /// Top-left pixel of `sq`'s cell.
    pub fn square_origin(&self, sq: Square) -> (u32, u32) {
        let (c, r) = self.screen(sq);
        (self.origin + c * self.cell, self.origin + r * self.cell)
    }

    /// The pixel at the centre of `sq`'s cell.
    pub fn square_center(&self, sq: Square) -> (u32, u32) {
        let (x, y) = self.square_origin(sq);
        (x + self.cell / 2, y + self.cell / 2)
    }

    /// The exact centre of `sq`'s cell in continuous pixel coordinates (for drawing).
    pub fn center_f(&self, sq: Square) -> (f32, f32) {
        let (x, y) = self.square_origin(sq);
        let h = self.cell as f32 / 2.0;
        (x as f32 + h, y as f32 + h)
    }
}

/// The centre pixel of `sq` in a picture of `size_px` showing `board` from `view`'s side.
pub fn square_center(
    board: BoardSize,
    size_px: u32,
    view: Color,
    sq: Square,
) -> Result<(u32, u32), RenderError> {
    Ok(Geometry::new(board, size_px, view)?.square_center(sq))
}
