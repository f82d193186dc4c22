//! Inline keyboards: the board as buttons (8×8), the two-step piece/destination picker
//! (10×10, 16×16, and every table of three or four seats), a lobby's seats, confirmations
//! and menus.

use crate::bot::controls::callback::{Act, Callback, LobbyAct, TournamentAct};
use crate::bot::texts::Texts;
use crate::engine::{AnyGame, Color, Position, Seat, Square, VariantId};
use crate::game::{ChallengeId, GameId, GameRecord, LinkToken};
use teloxide::types::{InlineKeyboardButton, InlineKeyboardMarkup};

/// Telegram clients show at most 8 buttons in a row.
pub const MAX_ROW: usize = 8;

/// Button labels for the board keyboard.
const WHITE: &str = "⚪";
const BLACK: &str = "⚫";
const SELECTED: &str = "🟢";
const TARGET: &str = "•";
const EMPTY: &str = "·";

fn button(text: impl Into<String>, cb: &Callback) -> InlineKeyboardButton {
    InlineKeyboardButton::callback(text.into(), cb.encode())
}

/// The tap state of a board keyboard.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Selection {
    /// The selected piece.
    pub piece: Option<Square>,
    /// Its legal destinations.
    pub targets: Vec<Square>,
}

/// The board keyboard for game `id` at `ply`, seen from `view`.
///
/// 8×8 boards get an 8×8 grid shaped like the picture. Larger boards get the two-step
/// picker: the movable pieces by name, then (after a tap) the chosen piece's destinations;
/// a seat with no move gets the pass.
pub fn board(
    id: GameId,
    ply: u32,
    game: &AnyGame,
    view: Seat,
    sel: &Selection,
    t: &dyn Texts,
) -> InlineKeyboardMarkup {
    match game {
        AnyGame::Two(g) if g.variant().board().n() as usize <= MAX_ROW => grid(
            id,
            ply,
            g.position(),
            view.color().unwrap_or(Color::White),
            sel,
        ),
        _ => picker(id, ply, game, sel, t),
    }
}

fn grid(
    game: GameId,
    ply: u32,
    pos: &Position,
    view: Color,
    sel: &Selection,
) -> InlineKeyboardMarkup {
    let n = pos.variant().board().n();
    let mut rows = Vec::with_capacity(n as usize);
    for r in 0..n {
        let mut row = Vec::with_capacity(n as usize);
        for c in 0..n {
            // Row 0 is the top of the picture.
            let square = match view {
                Color::White => Square::new(c, n - 1 - r),
                Color::Black => Square::new(n - 1 - c, r),
            };
            let (label, cb) = if sel.piece == Some(square) {
                (SELECTED, Callback::Reset { game, ply })
            } else if let (Some(from), true) = (sel.piece, sel.targets.contains(&square)) {
                (
                    TARGET,
                    Callback::Move {
                        game,
                        ply,
                        from,
                        to: square,
                        confirmed: false,
                    },
                )
            } else {
                let label = match pos.piece_at(square) {
                    Some(Color::White) => WHITE,
                    Some(Color::Black) => BLACK,
                    None => EMPTY,
                };
                (label, Callback::Tap { game, ply, square })
            };
            row.push(button(label, &cb));
        }
        rows.push(row);
    }
    InlineKeyboardMarkup::new(rows)
}

fn picker(
    game: GameId,
    ply: u32,
    any: &AnyGame,
    sel: &Selection,
    t: &dyn Texts,
) -> InlineKeyboardMarkup {
    let mut buttons = Vec::new();
    match sel.piece {
        None if any.must_pass() => {
            buttons.push(button("--", &Callback::Pass { game, ply }));
        }
        None => {
            for sq in any.movable() {
                buttons.push(button(
                    format!("{sq}"),
                    &Callback::Tap {
                        game,
                        ply,
                        square: sq,
                    },
                ));
            }
        }
        Some(from) => {
            for &to in &sel.targets {
                buttons.push(button(
                    format!("{from}→{to}"),
                    &Callback::Move {
                        game,
                        ply,
                        from,
                        to,
                        confirmed: false,
                    },
                ));
            }
        }
    }
    let per_row = if sel.piece.is_some() { 4 } else { 6 };
    let mut rows: Vec<Vec<InlineKeyboardButton>> =
        buttons.chunks(per_row).map(|c| c.to_vec()).collect();
    // Keep within the ~100-button client limit.
    rows.truncate(90 / per_row);
    if sel.piece.is_some() {
        rows.push(vec![button(t.btn_cancel(), &Callback::Reset { game, ply })]);
    }
    InlineKeyboardMarkup::new(rows)
}

/// A table's Leave the game (the program plays the seat on): it asks first, on the board.
pub fn leave_game(game: GameId, ply: u32, t: &dyn Texts) -> Vec<InlineKeyboardButton> {
    vec![button(
        t.btn_leave_game(),
        &Callback::Act {
            game,
            ply,
            act: Act::Resign,
        },
    )]
}

/// A lobby's buttons: take or give up a seat, seat the program (the host), start.
pub fn lobby(game: GameId, t: &dyn Texts) -> InlineKeyboardMarkup {
    let b = |label: String, act: LobbyAct| button(label, &Callback::Lobby { game, act });
    InlineKeyboardMarkup::new(vec![
        vec![
            b(t.btn_join(), LobbyAct::Join),
            b(t.btn_leave(), LobbyAct::Leave),
        ],
        vec![
            b(t.btn_program(2), LobbyAct::Program(2)),
            b(t.btn_program(4), LobbyAct::Program(4)),
        ],
        vec![b(t.btn_start(), LobbyAct::Start)],
    ])
}

/// A tournament's entry buttons: Join and Leave for everyone, Start (a draft), Pause or
/// Resume (running), and Cancel for the group's admins (the tap is checked).
pub fn tournament(
    id: crate::game::TournamentId,
    status: crate::game::TournamentStatus,
    t: &dyn Texts,
) -> Option<InlineKeyboardMarkup> {
    use crate::game::TournamentStatus as S;
    let b = |label: String, act: TournamentAct| button(label, &Callback::Tournament { id, act });
    let admin = match status {
        S::Draft => b(t.btn_begin(), TournamentAct::Start),
        S::Running => b(t.btn_pause(), TournamentAct::Pause),
        S::Paused => b(t.btn_resume(), TournamentAct::Resume),
        S::Finished { .. } | S::Cancelled { .. } => return None,
    };
    Some(InlineKeyboardMarkup::new(vec![
        vec![
            b(t.btn_enter(), TournamentAct::Join),
            b(t.btn_leave_event(), TournamentAct::Leave),
        ],
        vec![admin, b(t.btn_call_off(), TournamentAct::Cancel)],
    ]))
}

/// Confirm (or cancel) a move that returns a piece home after the deadline.
pub fn confirm_return_home(
    game: GameId,
    ply: u32,
    from: Square,
    to: Square,
    t: &dyn Texts,
) -> InlineKeyboardMarkup {
    InlineKeyboardMarkup::new(vec![vec![
        button(
            t.btn_play_anyway(),
            &Callback::Move {
                game,
                ply,
                from,
                to,
                confirmed: true,
            },
        ),
        button(t.btn_cancel(), &Callback::Reset { game, ply }),
    ]])
}

/// Confirm resignation.
pub fn confirm_resign(game: GameId, t: &dyn Texts) -> InlineKeyboardMarkup {
    InlineKeyboardMarkup::new(vec![vec![
        button(t.btn_resign_yes(), &Callback::Resign { game }),
        button(t.btn_keep_playing(), &Callback::Noop),
    ]])
}

/// "Resign?" on an inline board: Yes resigns, No returns to the board.
pub fn confirm_resign_on_board(game: GameId, ply: u32, t: &dyn Texts) -> InlineKeyboardMarkup {
    InlineKeyboardMarkup::new(vec![vec![
        button(t.btn_resign_yes(), &Callback::Resign { game }),
        button(t.btn_keep_playing(), &Callback::Reset { game, ply }),
    ]])
}

/// The rows under an inline board in play for what players elsewhere do by command: the
/// answer to a pending draw offer, then resign, offer a draw, and abort while the game
/// can still be called off.
pub fn inline_actions(g: &GameRecord, t: &dyn Texts) -> Vec<Vec<InlineKeyboardButton>> {
    let (game, ply) = (g.id, g.ply());
    let mut rows = Vec::new();
    if g.draw_offer.is_some() {
        rows.push(vec![
            button(t.btn_accept_draw(), &Callback::Draw { game, accept: true }),
            button(
                t.btn_decline_draw(),
                &Callback::Draw {
                    game,
                    accept: false,
                },
            ),
        ]);
    }
    if g.time_is_up() {
        rows.push(claim_row(game, ply, false, t));
    }
    let act = |act| Callback::Act { game, ply, act };
    let mut row = vec![button(t.btn_resign(), &act(Act::Resign))];
    if g.draw_offer.is_none() {
        row.push(button(t.btn_offer_draw(), &act(Act::Draw)));
    }
    if ply < 2 {
        row.push(button(t.btn_abort(), &act(Act::Abort)));
    }
    rows.push(row);
    rows
}

/// Claim the win (at a table: take the late seat out), or keep waiting.
fn claim_row(game: GameId, ply: u32, table: bool, t: &dyn Texts) -> Vec<InlineKeyboardButton> {
    let cb = |claim| Callback::Claim { game, ply, claim };
    let claim = match table {
        true => t.btn_table_claim(),
        false => t.btn_claim_win(),
    };
    vec![
        button(claim, &cb(true)),
        button(t.btn_keep_waiting(), &cb(false)),
    ]
}

/// Under "the time is up": claim or keep waiting; once waiting, claiming alone.
pub fn time_up(
    game: GameId,
    ply: u32,
    table: bool,
    waiting: bool,
    t: &dyn Texts,
) -> InlineKeyboardMarkup {
    let mut row = claim_row(game, ply, table, t);
    if waiting {
        row.truncate(1);
    }
    InlineKeyboardMarkup::new(vec![row])
}

/// Answer a draw offer.
pub fn draw_offer(game: GameId, t: &dyn Texts) -> InlineKeyboardMarkup {
    InlineKeyboardMarkup::new(vec![vec![
        button(t.btn_accept(), &Callback::Draw { game, accept: true }),
        button(
            t.btn_decline(),
            &Callback::Draw {
                game,
                accept: false,
            },
        ),
    ]])
}

/// Accept or decline a takeback request.
pub fn takeback_request(game: GameId, t: &dyn Texts) -> InlineKeyboardMarkup {
    InlineKeyboardMarkup::new(vec![vec![
        button(t.btn_accept(), &Callback::Takeback { game, accept: true }),
        button(
            t.btn_decline(),
            &Callback::Takeback {
                game,
                accept: false,
            },
        ),
    ]])
}

/// Under a finished game: rematch, record and replay, and its analysis below them.
pub fn finished(
    game: GameId,
    rematch: bool,
    analysis: bool,
    t: &dyn Texts,
) -> InlineKeyboardMarkup {
    let mut row = Vec::new();
    if rematch {
        row.push(button(t.btn_rematch(), &Callback::Rematch { game }));
    }
    row.push(button(
        t.btn_record(),
        &Callback::Export { game, gif: false },
    ));
    row.push(button(
        t.btn_replay(),
        &Callback::Export { game, gif: true },
    ));
    let mut rows = vec![row];
    if analysis {
        rows.push(vec![button(t.btn_analysis(), &Callback::Analyze { game })]);
    }
    InlineKeyboardMarkup::new(rows)
}

/// Under a challenge: accept, and decline (or withdraw for the challenger).
pub fn challenge(id: ChallengeId, targeted: bool, t: &dyn Texts) -> InlineKeyboardMarkup {
    challenge_with(id, None, targeted, t)
}

/// A challenge through inline mode: the buttons carry its token; one named person may
/// decline, anyone else's challenge is withdrawn by its challenger.
pub fn inline_challenge(
    id: ChallengeId,
    token: LinkToken,
    personal: bool,
    t: &dyn Texts,
) -> InlineKeyboardMarkup {
    challenge_with(id, Some(token), personal, t)
}

/// A challenge by link, shown to whoever opened the link: the buttons carry its token.
pub fn link_challenge(id: ChallengeId, token: LinkToken, t: &dyn Texts) -> InlineKeyboardMarkup {
    challenge_with(id, Some(token), true, t)
}

fn challenge_with(
    id: ChallengeId,
    link: Option<LinkToken>,
    targeted: bool,
    t: &dyn Texts,
) -> InlineKeyboardMarkup {
    let cb = |accept| Callback::Challenge { id, accept, link };
    InlineKeyboardMarkup::new(vec![vec![
        button(t.btn_accept(), &cb(true)),
        button(
            if targeted {
                t.btn_decline()
            } else {
                t.btn_withdraw()
            },
            &cb(false),
        ),
    ]])
}

/// Under a challenge link in the challenger's chat: forward it in one tap (Telegram's
/// share page), or withdraw the challenge.
///
/// Beside it, the same game through inline mode: pick a chat, and the bot's name and
/// `inline_query` (the game's terms) are typed there, so the challenge is posted in the
/// chat with the friend.
pub fn share_link(
    id: ChallengeId,
    link: &url::Url,
    text: &str,
    inline_query: &str,
    t: &dyn Texts,
) -> InlineKeyboardMarkup {
    let mut share = url::Url::parse("https://t.me/share/url").expect("a constant URL");
    share
        .query_pairs_mut()
        .append_pair("url", link.as_str())
        .append_pair("text", text);
    InlineKeyboardMarkup::new(vec![
        vec![
            InlineKeyboardButton::url(t.btn_share(), share),
            button(
                t.btn_withdraw(),
                &Callback::Challenge {
                    id,
                    accept: false,
                    link: None,
                },
            ),
        ],
        vec![InlineKeyboardButton::switch_inline_query(
            t.btn_challenge_friend(),
            inline_query,
        )],
    ])
}

/// Colour choice for a game against the program.
pub fn play_colour(variant: VariantId, level: Option<u8>, t: &dyn Texts) -> InlineKeyboardMarkup {
    let cb = |c: Option<Color>| Callback::Play {
        variant,
        colour: Some(c),
        level,
    };
    InlineKeyboardMarkup::new(vec![vec![
        button(t.btn_white(), &cb(Some(Color::White))),
        button(t.btn_black(), &cb(Some(Color::Black))),
        button(t.btn_random(), &cb(None)),
    ]])
}

/// Level choice for a game against the program.
pub fn play_level(
    variant: VariantId,
    colour: Option<Color>,
    t: &dyn Texts,
) -> InlineKeyboardMarkup {
    let rows = (1..=5u8)
        .map(|l| {
            vec![button(
                t.level_label(l),
                &Callback::Play {
                    variant,
                    colour: Some(colour),
                    level: Some(l),
                },
            )]
        })
        .collect::<Vec<_>>();
    InlineKeyboardMarkup::new(rows)
}

/// The query a "Challenge a friend" button fills in after the bot's name: the choice of
/// games opens at once, and typing narrows it.
pub const INLINE_QUERY: &str = "";

/// The private-chat start menu.
pub fn start_menu(t: &dyn Texts) -> InlineKeyboardMarkup {
    InlineKeyboardMarkup::new(vec![
        vec![button(
            t.btn_play_program(),
            &Callback::Play {
                variant: VariantId::Classic,
                colour: None,
                level: None,
            },
        )],
        vec![InlineKeyboardButton::switch_inline_query(
            t.btn_challenge_friend(),
            INLINE_QUERY,
        )],
        vec![button(
            t.btn_training(),
            &Callback::Play {
                variant: VariantId::Training,
                colour: Some(Some(Color::White)),
                level: Some(1),
            },
        )],
        vec![
            button("🇬🇧 English", &Callback::Lang(crate::game::Language::En)),
            button("🇷🇺 Русский", &Callback::Lang(crate::game::Language::Ru)),
        ],
    ])
}

/// Language choice.
pub fn languages() -> InlineKeyboardMarkup {
    InlineKeyboardMarkup::new(vec![vec![
        button("🇬🇧 English", &Callback::Lang(crate::game::Language::En)),
        button("🇷🇺 Русский", &Callback::Lang(crate::game::Language::Ru)),
    ]])
}

/// Every callback in a keyboard, for tests and checks.
pub fn callbacks(k: &InlineKeyboardMarkup) -> Vec<String> {
    k.inline_keyboard
        .iter()
        .flatten()
        .filter_map(|b| match &b.kind {
            teloxide::types::InlineKeyboardButtonKind::CallbackData(d) => Some(d.clone()),
            _ => None,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::texts::texts;
    use crate::engine::Variant;
    use crate::game::Language;

    #[test]
    fn eight_by_eight_grid_is_shaped_like_the_board() {
        let v = Variant::new(VariantId::Classic);
        let game = AnyGame::Two(crate::engine::Game::new(&v));
        let t = texts(Language::En);
        let k = board(GameId(5), 0, &game, Seat::White, &Selection::default(), t);
        assert_eq!(k.inline_keyboard.len(), 8);
        assert!(k.inline_keyboard.iter().all(|r| r.len() == 8));
        // Top-left is a8 from White's side, h1 from Black's.
        assert_eq!(callbacks(&k)[0], "t:5:0:a8");
        let kb = board(GameId(5), 0, &game, Seat::Black, &Selection::default(), t);
        assert_eq!(callbacks(&kb)[0], "t:5:0:h1");
        // Bottom-left from White's side is a1, a White piece.
        assert_eq!(k.inline_keyboard[7][0].text, WHITE);
        assert_eq!(k.inline_keyboard[0][7].text, BLACK);
        for d in callbacks(&k) {
            assert!(d.len() <= crate::bot::controls::callback::MAX_LEN);
        }
    }

    #[test]
    fn selection_marks_targets_and_the_piece() {
        let v = Variant::new(VariantId::Classic);
        let pos = v.start();
        let game = AnyGame::Two(crate::engine::Game::new(&v));
        let t = texts(Language::En);
        let c3 = Square::parse("c3").unwrap();
        let sel = Selection {
            piece: Some(c3),
            targets: pos.destinations(c3),
        };
        let k = board(GameId(1), 0, &game, Seat::White, &sel, t);
        let cbs = callbacks(&k);
        assert!(cbs.contains(&"m:1:0:c3:c4".to_string()));
        assert!(cbs.contains(&"m:1:0:c3:d3".to_string()));
        assert!(cbs.contains(&"u:1:0".to_string()));
        assert_eq!(
            k.inline_keyboard[5][2].text, SELECTED,
            "c3 is row 6 from the top"
        );
    }

    #[test]
    fn large_boards_use_the_picker() {
        let v = Variant::new(VariantId::Halma16);
        let pos = v.start();
        let game = AnyGame::Two(crate::engine::Game::new(&v));
        let t = texts(Language::En);
        let k = board(GameId(1), 0, &game, Seat::White, &Selection::default(), t);
        assert!(k.inline_keyboard.iter().all(|r| r.len() <= MAX_ROW));
        let n: usize = k.inline_keyboard.iter().map(Vec::len).sum();
        assert!(n <= 100 && n > 0);
        let e5 = Square::parse("e5").unwrap();
        let b5 = Square::parse("b5").unwrap();
        let sel = Selection {
            piece: Some(b5),
            targets: pos.destinations(b5),
        };
        let k = board(GameId(1), 0, &game, Seat::White, &sel, t);
        assert!(callbacks(&k).contains(&"u:1:0".to_string()));
        assert!(
            !callbacks(&k)
                .iter()
                .any(|c| c.contains(&e5.to_string()) && c.starts_with('t'))
        );
    }
}
