//! The board as text, for terminals and for messages that cannot carry a picture.

use crate::engine::{Color, Position, Square};

/// The board as text: ranks top to bottom, files left to right, with coordinates.
/// `W`/`B` are pieces; `+` marks the squares of the last move.
pub fn board_text(pos: &Position, last: Option<&[Square]>) -> String {
    let n = pos.variant().board().n();
    let mut s = String::new();
    let files: String = (0..n).map(|f| format!(" {}", (b'a' + f) as char)).collect();
    s.push_str(&format!("    {files}\n"));
    for r in (0..n).rev() {
        s.push_str(&format!("{:>3} ", r + 1));
        for f in 0..n {
            let sq = Square::new(f, r);
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
