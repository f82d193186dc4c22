//! Adjudication (RULES.md §4, §8, §13): every reason id and every option, with the exact
//! move-number semantics.

use ugolki_bot::engine::{
    Color, Game, GameResult, IllegalMove, MoveError, Outcome, Position, Reason, Square, Variant,
};

fn v(spec: &str) -> Variant {
    Variant::parse(spec).unwrap()
}

fn game(spec: &str, text: &str) -> Game {
    Game::from_position(Position::from_text(&v(spec), text).unwrap())
}

fn play(g: &mut Game, m: &str) -> Option<Outcome> {
    g.play_text(m)
        .unwrap_or_else(|e| panic!("{m}: {e} in {}", g.position()))
        .outcome
}

fn sq(s: &str) -> Square {
    Square::parse(s).unwrap()
}

const WIN_W: GameResult = GameResult::WhiteWins;
const WIN_B: GameResult = GameResult::BlackWins;
const DRAW: GameResult = GameResult::Draw;

fn out(result: GameResult, reason: Reason) -> Option<Outcome> {
    Some(Outcome { result, reason })
}

// ---- goal and the last move (§4.1, §4.2) ----

#[test]
fn black_completing_first_wins_at_once() {
    let mut g = game(
        "classic",
        "W:d4,e4,d5,e5,c4,c5,d6,e6,b4 B:a1,b1,c1,a2,b2,c2,a3,b3,d3 b 30",
    );
    assert_eq!(play(&mut g, "d3-c3"), out(WIN_B, Reason::Goal));
}

#[test]
fn white_completing_first_wins_if_black_cannot_equalise() {
    let mut g = game(
        "classic",
        "W:e6,g6,h6,f7,g7,h7,f8,g8,h8 B:a1,b1,c1,a2,b2,c2,a3,b3,d4 w 30",
    );
    assert_eq!(play(&mut g, "e6-f6"), None, "Black still plays move 30");
    assert_eq!(g.side_to_move(), Color::Black);
    assert_eq!(play(&mut g, "d4-c4"), out(WIN_W, Reason::Goal));
}

#[test]
fn black_equalising_with_the_last_move_is_a_draw() {
    let mut g = game(
        "classic",
        "W:e6,g6,h6,f7,g7,h7,f8,g8,h8 B:a1,b1,c1,a2,b2,c2,a3,b3,d3 w 30",
    );
    assert_eq!(play(&mut g, "e6-f6"), None);
    assert_eq!(play(&mut g, "d3-c3"), out(DRAW, Reason::GoalBoth));
}

#[test]
fn without_black_last_move_the_first_to_complete_wins() {
    let mut g = game(
        "duelio",
        "W:e6,g6,h6,f7,g7,h7,f8,g8,h8 B:a1,b1,c1,a2,b2,c2,a3,b3,d3 w 30",
    );
    assert_eq!(play(&mut g, "e6-f6"), out(WIN_W, Reason::Goal));
    let mut g = game(
        "classic,black_last_move=false",
        "W:e6,g6,h6,f7,g7,h7,f8,g8,h8 B:a1,b1,c1,a2,b2,c2,a3,b3,d3 w 30",
    );
    assert_eq!(play(&mut g, "e6-f6"), out(WIN_W, Reason::Goal));
}

#[test]
fn loaded_positions_are_adjudicated_as_after_their_last_move() {
    // `w N`: after Black's move N-1; both complete = Black equalised.
    let g = game(
        "classic",
        "W:f6,g6,h6,f7,g7,h7,f8,g8,h8 B:a1,b1,c1,a2,b2,c2,a3,b3,c3 w 31",
    );
    assert_eq!(g.outcome(), out(DRAW, Reason::GoalBoth));
    // `b N` with White complete: Black still has the last move.
    let g = game(
        "classic",
        "W:f6,g6,h6,f7,g7,h7,f8,g8,h8 B:a1,b1,c1,a2,b2,c2,a3,b3,d3 b 30",
    );
    assert_eq!(g.outcome(), None);
    assert!(!g.legal_moves().is_empty());
}

// ---- exit deadline (§4.3) ----

const DEADLINE_W_HOME: &str = "W:a1,c4,d4,e4,c5,d5,e5,d6,e6 B:a5,b5,a6,b6,a7,b7,a8,b8,c8";

#[test]
fn deadline_is_checked_after_blacks_move_not_whites() {
    let mut g = game("classic", &format!("{DEADLINE_W_HOME} w 40"));
    assert_eq!(
        play(&mut g, "e6-f6"),
        None,
        "White's move 40 is not the check"
    );
    assert_eq!(play(&mut g, "c8-d8"), out(WIN_B, Reason::ExitDeadline));
}

#[test]
fn deadline_both_at_home_is_a_draw_and_black_alone_loses() {
    let mut g = game(
        "classic",
        "W:a1,c4,d4,e4,c5,d5,e5,d6,e6 B:a5,b5,a6,b6,a7,b7,a8,b8,h8 w 40",
    );
    play(&mut g, "e6-f6");
    assert_eq!(play(&mut g, "b8-c8"), out(DRAW, Reason::ExitDeadline));
    let mut g = game(
        "classic",
        "W:f4,c4,d4,e4,c5,d5,e5,d6,e6 B:a5,b5,a6,b6,a7,b7,a8,b8,h8 w 40",
    );
    play(&mut g, "e6-f6");
    assert_eq!(play(&mut g, "b8-c8"), out(WIN_W, Reason::ExitDeadline));
}

#[test]
fn deadline_is_checked_once_and_respects_the_option() {
    // Loaded just after Black's move 40: decided on load.
    assert_eq!(
        game("classic", &format!("{DEADLINE_W_HOME} w 41")).outcome(),
        out(WIN_B, Reason::ExitDeadline)
    );
    // Any later move number: the check has passed.
    assert_eq!(
        game("classic", &format!("{DEADLINE_W_HOME} w 42")).outcome(),
        None
    );
    // Diagonal variants check after move 30; an option moves it.
    assert_eq!(
        game("diagonal", &format!("{DEADLINE_W_HOME} w 31")).outcome(),
        out(WIN_B, Reason::ExitDeadline)
    );
    assert_eq!(
        game("diagonal", &format!("{DEADLINE_W_HOME} w 41")).outcome(),
        None
    );
    assert_eq!(
        game(
            "classic,exit_deadline=50",
            &format!("{DEADLINE_W_HOME} w 41")
        )
        .outcome(),
        None
    );
    assert_eq!(
        game(
            "classic,exit_deadline=none",
            &format!("{DEADLINE_W_HOME} w 41")
        )
        .outcome(),
        None
    );
}

#[test]
fn diagonal_locked_home_piece_with_an_opponent_blocker_is_excused() {
    // h8 (Black's home) is locked by White pieces on all of its ring.
    let text = "W:g8,h7,g7,f8,h6,f6,d4,e4,c4 B:h8,a5,b5,a6,b6,a7,b7,a8,b8";
    let mut g = game("diagonal", &format!("{text} w 30"));
    play(&mut g, "d4-d3");
    assert_eq!(play(&mut g, "b8-c8"), None, "excused: the game goes on");
    // The same piece locked only by its own pieces is not excused.
    let own = "W:a1,b1,c1,d1,e1,f1,g1,h1,c4 B:h8,g8,h7,g7,f8,h6,f6,a5,b5";
    let mut g = game("diagonal", &format!("{own} w 30"));
    play(&mut g, "c4-c5");
    // White has a1, b1, c1 at home, Black has its home pieces: both fail.
    assert_eq!(play(&mut g, "a5-a4"), out(DRAW, Reason::ExitDeadline));
    // In orthogonal variants there is no exception.
    let mut g = game("classic", &format!("{text} w 40"));
    play(&mut g, "d4-d3");
    assert_eq!(play(&mut g, "b8-c8"), out(WIN_W, Reason::ExitDeadline));
}

// ---- no return home (§4.3) ----

#[test]
fn returning_home_after_the_deadline_loses_at_once() {
    let text = "W:c4,d4,b4,d5,e5,f5,d6,e6,f4 B:a5,a6,a7,a8,b8,c8,b6,c6,h1";
    let mut g = game("classic", &format!("{text} w 45"));
    assert!(g.position().is_return_home(ugolki_bot::engine::Move {
        from: sq("c4"),
        to: sq("c3")
    }));
    assert_eq!(play(&mut g, "c4-c3"), out(WIN_B, Reason::ReturnHome));
    // Black returning home loses too.
    let mut g = game("classic", &format!("{text} b 45"));
    assert_eq!(play(&mut g, "h1-h2"), None);
    let mut g = game(
        "classic",
        "W:c4,d4,b4,d5,e5,f5,d6,e6,f4 B:a5,a6,a7,a8,b8,c8,b6,c6,g5 b 45",
    );
    assert_eq!(play(&mut g, "g5-g6"), out(WIN_W, Reason::ReturnHome));
}

#[test]
fn a_chain_may_pass_through_home_and_stop_outside() {
    let text = "W:e3,d3,c4,f4,f5,g5,g4,e5,e6 B:a6,a7,a8,b7,b8,c8,h1,h2,g1";
    let mut g = game("classic", &format!("{text} w 45"));
    assert_eq!(play(&mut g, "e3-c3-c5"), None);
    let mut g = game("classic", &format!("{text} w 45"));
    assert_eq!(play(&mut g, "e3-c3"), out(WIN_B, Reason::ReturnHome));
}

#[test]
fn returning_home_at_move_d_itself_is_allowed() {
    let text = "W:c4,d4,b4,d5,e5,f5,d6,e6,f4 B:a5,a6,a7,a8,b8,c8,b6,c6,h1";
    let mut g = game("classic", &format!("{text} w 40"));
    assert_eq!(
        play(&mut g, "c4-c3"),
        None,
        "move 40 is not after the deadline"
    );
    // ...but the piece is then at home when the deadline is checked.
    assert_eq!(play(&mut g, "h1-g1"), out(WIN_B, Reason::ExitDeadline));
}

// ---- move limit (§4.4) ----

#[test]
fn move_limit_by_pieces_in_target() {
    // White has 3 pieces on f6-h8, Black 1 on a1-c3.
    let text = "W:f6,g7,h8,d4,e4,d5,e5,a5,b5 B:a1,h1,g1,h2,g2,a8,b8,a7,d8";
    let mut g = game("classic", &format!("{text} w 80"));
    assert_eq!(
        play(&mut g, "d5-d6"),
        None,
        "White's move 80 does not end it"
    );
    assert_eq!(play(&mut g, "d8-c8"), out(WIN_W, Reason::MoveLimit));
    // Equal counts draw.
    let text = "W:f6,d3,h4,d4,e4,d5,e5,a5,b5 B:a1,h1,g1,h2,g2,a8,b8,a7,d8";
    let mut g = game("classic", &format!("{text} w 80"));
    play(&mut g, "d5-d6");
    assert_eq!(play(&mut g, "d8-c8"), out(DRAW, Reason::MoveLimit));
    // Loaded after the limit: decided at once; the option moves it.
    assert_eq!(
        game("classic", &format!("{text} w 81")).outcome(),
        out(DRAW, Reason::MoveLimit)
    );
    assert_eq!(
        game("classic,move_limit=100", &format!("{text} w 81")).outcome(),
        None
    );
}

#[test]
fn move_limit_by_tempo() {
    // gambiter adjudicates by tempo: lower is better.
    let text = "W:a1,b1,e1,d2,c3,c4,d4,e4,e6 B:f5,h5,d6,g6,h6,e7,f7,g7,h8";
    let pos = Position::from_text(&v("gambiter"), &format!("{text} w 81")).unwrap();
    let (tw, tb) = (pos.tempo(Color::White), pos.tempo(Color::Black));
    assert_ne!(tw, tb);
    let expect = if tw < tb { WIN_W } else { WIN_B };
    assert_eq!(
        Game::from_position(pos).outcome(),
        out(expect, Reason::MoveLimit)
    );
    // The same placement under pieces_in_target (neither side has a piece in target) draws.
    assert_eq!(
        game("classic", &format!("{text} w 81")).outcome(),
        out(DRAW, Reason::MoveLimit)
    );
    assert_eq!(
        game("classic,limit_rule=tempo", &format!("{text} w 81")).outcome(),
        out(expect, Reason::MoveLimit)
    );
}

#[test]
fn tempo_number_is_zero_when_complete_and_sums_manhattan_distances() {
    let start = v("classic").start();
    // White's start: distances to h8 are 14+13+12+13+12+11+12+11+10 = 108; complete sum
    // (f6..h8 to h8) is 4+3+2+3+2+1+2+1+0 = 18.
    assert_eq!(start.tempo(Color::White), 90);
    assert_eq!(start.tempo(Color::Black), 90);
    let done = Position::from_text(
        &v("classic"),
        "W:f6,g6,h6,f7,g7,h7,f8,g8,h8 B:a1,b1,c1,a2,b2,c2,a3,b3,c3 w 31",
    )
    .unwrap();
    assert_eq!(done.tempo(Color::White), 0);
    assert_eq!(done.tempo(Color::Black), 0);
}

// ---- repetition (§4.6) ----

#[test]
fn threefold_repetition_draws_on_the_third_occurrence() {
    let mut g = Game::new(&v("classic"));
    for m in ["c3-d3", "f6-e6", "d3-c3", "e6-f6"] {
        assert_eq!(play(&mut g, m), None);
    }
    assert_eq!(g.repetitions(), 2, "start position seen twice");
    for m in ["c3-d3", "f6-e6", "d3-c3"] {
        assert_eq!(play(&mut g, m), None);
    }
    assert_eq!(play(&mut g, "e6-f6"), out(DRAW, Reason::Repetition));
}

#[test]
fn repetition_option_none_never_draws() {
    let mut g = Game::new(&v("classic,repetition=none"));
    for _ in 0..4 {
        for m in ["c3-d3", "f6-e6", "d3-c3", "e6-f6"] {
            assert_eq!(play(&mut g, m), None);
        }
    }
}

#[test]
fn threefold_if_homes_equal_only_when_both_or_neither_are_home() {
    // Both sides at home at the start: gambiter draws like threefold.
    let mut g = Game::new(&v("gambiter"));
    for _ in 0..2 {
        for m in ["c3-d3", "f6-e6", "d3-c3", "e6-f6"] {
            play(&mut g, m);
        }
    }
    assert_eq!(g.outcome(), out(DRAW, Reason::Repetition));
    // White has left home, Black has not: repetition does not end the game.
    let text = "W:d4,e4,d5,e5,c4,c5,d6,e6,b4 B:f6,g6,h6,f7,g7,h7,f8,g8,h8 w 20";
    let mut g = game("gambiter", text);
    for _ in 0..3 {
        for m in ["b4-a4", "f6-f5", "a4-b4", "f5-f6"] {
            assert_eq!(play(&mut g, m), None);
        }
    }
    // Neither side at home: it draws again.
    let text = "W:d4,e4,d5,e5,c4,c5,d6,e6,b4 B:a6,a7,a8,b6,b7,b8,h3,h2,h1 w 20";
    let mut g = game("gambiter", text);
    for m in [
        "b4-a4", "h3-g3", "a4-b4", "g3-h3", "b4-a4", "h3-g3", "a4-b4",
    ] {
        assert_eq!(play(&mut g, m), None);
    }
    assert_eq!(play(&mut g, "g3-h3"), out(DRAW, Reason::Repetition));
}

// ---- no legal move (§4.5) and the locking rule (§5) ----

const BLOCKADE: &str = "W:a1,b1,c1,d1,a2,b2,c2,d2,a3,b3,c3,d3,a4,b4,c4,d4 B:a5,b5,c5,d5,a6,b6,c6,d6,e1,e2,e3,e4,f1,f2,f3,g4";

#[test]
fn a_move_that_locks_an_opponent_piece_is_illegal_with_no_locking() {
    let mut g = game("square4", &format!("{BLOCKADE} b 10"));
    let err = g.play_text("g4-f4").unwrap_err();
    assert_eq!(
        err,
        MoveError::Illegal(IllegalMove::WouldLock { piece: sq("d4") })
    );
    assert_eq!(err.to_string(), "that move would lock the piece on d4");
    // The piece on e4 is a blocker itself: moving it to f4 frees e4, so nothing is locked.
    assert!(g.play_text("e4-f4").is_ok());
}

#[test]
fn no_legal_move_is_a_draw() {
    let mut g = game("square4,no_locking=false", &format!("{BLOCKADE} b 10"));
    assert_eq!(play(&mut g, "g4-f4"), out(DRAW, Reason::NoMoves));
    // Loaded directly: decided on load.
    let g = game(
        "square4",
        "W:a1,b1,c1,d1,a2,b2,c2,d2,a3,b3,c3,d3,a4,b4,c4,d4 B:a5,b5,c5,d5,a6,b6,c6,d6,e1,e2,e3,e4,f1,f2,f3,f4 w 10",
    );
    assert_eq!(g.outcome(), out(DRAW, Reason::NoMoves));
    assert!(g.legal_moves().is_empty());
}

#[test]
fn locking_is_allowed_in_diagonal_variants() {
    let text = "W:h1,g1,h2,a1,a2,a3,b1,b2,b3 B:h3,e1,e2,f7,g7,h7,f8,g8,h8 b 20";
    let mut g = game("classic", text);
    assert_eq!(
        g.play_text("e1-f1").unwrap_err(),
        MoveError::Illegal(IllegalMove::WouldLock { piece: sq("h1") })
    );
    let mut g = game("diagonal", text);
    assert!(g.play_text("e1-f1").is_ok());
}

// ---- mirror rule (§8) ----

#[test]
fn the_eleventh_mirrored_move_is_illegal() {
    let mut g = Game::new(&v("gambiter"));
    let rot = |s: Square| Square::new(7 - s.file, 7 - s.rank);
    let mut mirrored = 0;
    for n in 1..=12 {
        // White plays its most forward legal move whose mirror image is legal for Black.
        let mut moves = g.legal_moves();
        let gain = |m: &ugolki_bot::engine::Move| {
            (m.to.file + m.to.rank) as i32 - (m.from.file + m.from.rank) as i32
        };
        moves.sort_by_key(|m| -gain(m));
        let mut chosen = None;
        for m in moves {
            let mut trial = g.clone();
            trial.play(m).unwrap();
            let mirror = [rot(m.from), rot(m.to)];
            if trial.check(&mirror).is_ok() || (mirrored == 10 && n <= 12) {
                chosen = Some((m, mirror));
                break;
            }
        }
        let (m, mirror) =
            chosen.unwrap_or_else(|| panic!("no mirrorable move at {n}: {}", g.to_record(&[])));
        g.play(m).unwrap();
        if n <= 10 {
            g.play_squares(&mirror).unwrap();
            mirrored += 1;
            assert_eq!(g.position().mirror_count(), mirrored);
        } else if n == 11 {
            let err = g.play_squares(&mirror).unwrap_err();
            assert_eq!(
                err,
                IllegalMove::MirrorLimit {
                    limit: 10,
                    window: 12
                }
            );
            assert!(!g.legal_moves().iter().any(|x| [x.from, x.to] == mirror));
            // Black plays something else.
            let other = g.legal_moves()[0];
            g.play(other).unwrap();
        } else {
            break;
        }
    }
    assert_eq!(g.position().mirror_count(), 10);
}

#[test]
fn mirror_rule_only_counts_the_first_twelve_moves() {
    // After move 12 a mirrored reply is legal again even with 10 already counted.
    let mut g = Game::new(&v("gambiter,mirror_limit=0"));
    let err = {
        g.play_text("c3-d3").unwrap();
        g.play_text("f6-e6").unwrap_err()
    };
    assert_eq!(
        err,
        MoveError::Illegal(IllegalMove::MirrorLimit {
            limit: 0,
            window: 12
        })
    );
    let text = "W:a1,b1,c1,a2,b2,c2,a3,b3,c3 B:f6,g6,h6,f7,g7,h7,f8,g8,h8 w 13";
    let mut g = game("gambiter,mirror_limit=0", text);
    play(&mut g, "c3-d3");
    assert_eq!(play(&mut g, "f6-e6"), None, "move 13 is outside the window");
    // Classic has no mirror rule at all.
    let mut g = Game::new(&v("classic"));
    play(&mut g, "c3-d3");
    assert_eq!(play(&mut g, "f6-e6"), None);
}

// ---- forced exit (§8) ----

#[test]
fn forced_exit_allows_only_home_pieces() {
    let text = "W:a1,b1,c1,d4,e4,d5,e5,c5,d6 B:a5,b5,a6,b6,a7,b7,e3,f3,g3 w 12";
    let g = game("classic,forced_exit=true", text);
    let home = v("classic").home(Color::White);
    let moves = g.legal_moves();
    assert!(!moves.is_empty());
    assert!(moves.iter().all(|m| home.contains(&m.from)));
    let mut g2 = g.clone();
    assert_eq!(
        g2.play_text("d6-d7").unwrap_err(),
        MoveError::Illegal(IllegalMove::ForcedExit)
    );
    // Without the option any piece may move.
    let g = game("classic", text);
    assert!(g.legal_moves().iter().any(|m| !home.contains(&m.from)));
}

#[test]
fn forced_exit_with_no_movable_home_piece_means_no_legal_move() {
    let text = "W:a1,d4,e4,d5,e5,c5,d6,e6,f4 B:a2,b1,a3,c1,a6,b6,a7,b7,h1 w 12";
    assert_eq!(
        game("classic,forced_exit=true", text).outcome(),
        out(DRAW, Reason::NoMoves)
    );
    assert_eq!(game("classic", text).outcome(), None);
}

// ---- off-board endings (§4.7, §4.8) ----

#[test]
fn resignation_timeout_agreement_and_abandonment_end_once() {
    let mut g = Game::new(&v("classic"));
    assert!(g.resign(Color::White));
    assert_eq!(g.outcome(), out(WIN_B, Reason::Resignation));
    assert!(!g.timeout(Color::Black), "a finished game cannot end again");
    assert_eq!(
        g.play_text("c3-d3").unwrap_err(),
        MoveError::Illegal(IllegalMove::GameOver)
    );
    let mut g = Game::new(&v("classic"));
    assert!(g.timeout(Color::Black));
    assert_eq!(g.outcome(), out(WIN_W, Reason::Timeout));
    let mut g = Game::new(&v("classic"));
    assert!(g.end(Outcome::draw(Reason::Agreement)));
    assert_eq!(g.outcome(), out(DRAW, Reason::Agreement));
    let mut g = Game::new(&v("classic"));
    assert!(g.end(Outcome::win(Color::White, Reason::Abandoned)));
    assert_eq!(g.outcome().unwrap().reason.id(), "abandoned");
}

#[test]
fn every_reason_id_is_spelled_as_in_rules() {
    let ids: Vec<&str> = Reason::ALL.iter().map(|r| r.id()).collect();
    assert_eq!(
        ids,
        [
            "goal",
            "goal_both",
            "exit_deadline",
            "return_home",
            "move_limit",
            "no_moves",
            "repetition",
            "timeout",
            "resignation",
            "agreement",
            "abandoned"
        ]
    );
}

// ---- training (§9) ----

#[test]
fn training_is_one_player_to_the_goal() {
    let mut g = Game::new(&v("training"));
    assert!(g.position().pieces(Color::Black).is_empty());
    play(&mut g, "c3-d3");
    assert_eq!(g.side_to_move(), Color::White, "White moves every turn");
    assert_eq!(g.position().move_number(), 2);
    let mut g = game("training", "W:e6,g6,h6,f7,g7,h7,f8,g8,h8 B: w 40");
    assert_eq!(play(&mut g, "e6-f6"), out(WIN_W, Reason::Goal));
}
