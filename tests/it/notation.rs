//! Typed moves, illegal-move reasons, position text and records; RULES.md §10 examples.

use ugolki_bot::engine::{
    Color, Game, IllegalMove, InputError, Move, MoveError, Position, PositionError, Record, Square,
    Variant, parse_move,
};

fn v(spec: &str) -> Variant {
    Variant::parse(spec).unwrap()
}

fn sq(s: &str) -> Square {
    Square::parse(s).unwrap()
}

fn path_of(p: &Position, text: &str) -> Result<String, MoveError> {
    parse_move(p, text).map(|p| p.to_string())
}

// ---- RULES.md §10 worked examples ----

#[test]
fn classic_start_has_exactly_the_twelve_listed_moves() {
    let start = v("classic").start();
    let mut got: Vec<String> = start
        .legal_moves()
        .into_iter()
        .map(|m| start.path(m).unwrap().to_string())
        .collect();
    got.sort();
    let mut want = vec![
        "a3-a4", "b3-b4", "c3-c4", "c3-d3", "c2-d2", "c1-d1", "a2-a4", "b2-b4", "c2-c4", "b3-d3",
        "b2-d2", "b1-d1",
    ];
    want.sort();
    assert_eq!(got, want);
    // None of the jumps can continue: a typed continuation back is a revisit.
    assert_eq!(
        path_of(&start, "a2-a4-a2"),
        Err(MoveError::Illegal(IllegalMove::Revisit(sq("a2"))))
    );
}

#[test]
fn chain_example_may_stop_on_e3_or_e5() {
    let p = Position::from_text(
        &v("classic"),
        "W:c3,d3,e4,a1,b1,a2,h1,h2,h3 B:f6,g6,h6,f7,g7,h7,f8,g8,h8 w 3",
    )
    .unwrap();
    assert_eq!(path_of(&p, "c3-e3").unwrap(), "c3-e3");
    assert_eq!(path_of(&p, "c3-e3-e5").unwrap(), "c3-e3-e5");
    assert_eq!(path_of(&p, "c3-e5").unwrap(), "c3-e3-e5", "shortest chain");
    let dests = p.destinations(sq("c3"));
    assert!(dests.contains(&sq("e3")) && dests.contains(&sq("e5")));
    // A chain may not come back to its start square.
    assert_eq!(
        path_of(&p, "c3-e3-c3"),
        Err(MoveError::Illegal(IllegalMove::Revisit(sq("c3"))))
    );
}

#[test]
fn shortest_chain_tie_break_is_first_in_file_rank_order() {
    // From a1 to e3 there are two two-jump chains: a1-c1-c3... no: a1-c1-e1? Build a square
    // of stones so that a1->c3 can go via c1 or via a3 (both two jumps); (file, rank) order
    // prefers a3 (file a) over c1 (file c).
    let p = Position::from_text(
        &v("classic"),
        "W:a1,b1,a2,c2,b3,h1,h2,h3,g1 B:f6,g6,h6,f7,g7,h7,f8,g8,h8 w 5",
    )
    .unwrap();
    assert_eq!(path_of(&p, "a1-c3").unwrap(), "a1-a3-c3");
    // Both full paths are legal as typed.
    assert_eq!(path_of(&p, "a1-c1-c3").unwrap(), "a1-c1-c3");
}

// ---- forgiving input ----

#[test]
fn every_typed_form_reads_the_same_move() {
    let p = Position::from_text(
        &v("classic"),
        "W:c3,d3,e4,a1,b1,a2,h1,h2,h3 B:f6,g6,h6,f7,g7,h7,f8,g8,h8 w 3",
    )
    .unwrap();
    for text in [
        "c3-e3-e5",
        "c3-e5",
        "C3 E5",
        "c3e5",
        "c3:e5",
        "c3–e5",
        "c3—e5",
        "  c3 -  e5 ",
        "c3 e3 e5",
        "C3-E3-E5",
        "c3xe5",
        "c3 → e5",
        "с3-е5",
        "с3-у5",
        "С3 У3 У5",
    ] {
        assert_eq!(path_of(&p, text).unwrap(), "c3-e3-e5", "{text:?}");
    }
    assert_eq!(
        path_of(&p, "с3-у3").unwrap(),
        "c3-e3",
        "Russian layout: с=c, у=e"
    );
}

#[test]
fn ambiguous_cyrillic_letters_take_the_legal_reading() {
    let start = v("classic").start();
    // 'а' is a look-alike of a and the F key: a3-a4 is legal, f3-f4 is not.
    assert_eq!(path_of(&start, "а3-а4").unwrap(), "a3-a4");
    // 'в' looks like B and is the D key: c1-b1 is occupied, c1-d1 is legal.
    assert_eq!(path_of(&start, "с1-в1").unwrap(), "c1-d1");
    assert_eq!(path_of(&start, "в3-в4").unwrap(), "b3-b4");
    // 'р' looks like p (off an 8x8 board) and is the H key.
    let mut g = Game::new(&v("classic"));
    g.play_text("c3-d3").unwrap();
    assert_eq!(path_of(g.position(), "р6-р5").unwrap(), "h6-h5");
}

#[test]
fn garbled_input_gets_a_specific_reason() {
    let start = v("classic").start();
    let input = |t: &str| match parse_move(&start, t) {
        Err(MoveError::Input(e)) => e,
        other => panic!("{t}: {other:?}"),
    };
    assert_eq!(input(""), InputError::Empty);
    assert_eq!(input("  -- "), InputError::Empty);
    assert_eq!(
        input("hello"),
        InputError::MissingRank {
            letter: 'h',
            column: 1
        }
    );
    assert!(matches!(
        input("c3-e5 please"),
        InputError::MissingRank { .. } | InputError::UnexpectedChar { .. }
    ));
    assert_eq!(input("c3"), InputError::OneSquare(sq("c3")));
    assert_eq!(
        input("c3-e0"),
        InputError::BadSquare {
            text: "e0".into(),
            column: 4
        }
    );
    assert_eq!(
        input("3-4"),
        InputError::BadSquare {
            text: "3".into(),
            column: 1
        }
    );
    assert_eq!(
        input("c3 ♞ e5"),
        InputError::UnexpectedChar {
            ch: '♞', column: 4
        }
    );
    assert_eq!(
        input("c3-i9"),
        InputError::OffBoard {
            square: Square::new(8, 8),
            board: ugolki_bot::engine::BoardSize::N8
        }
    );
    assert_eq!(input("c3-i9").to_string(), "i9 is not on the 8x8 board");
}

#[test]
fn illegal_moves_say_exactly_why() {
    let start = v("classic").start();
    let illegal = |p: &Position, t: &str| match parse_move(p, t) {
        Err(MoveError::Illegal(e)) => e,
        other => panic!("{t}: {other:?}"),
    };
    assert_eq!(illegal(&start, "e4-e5"), IllegalMove::NoPiece(sq("e4")));
    assert_eq!(
        illegal(&start, "e4-e5").to_string(),
        "there is no piece on e4"
    );
    assert_eq!(
        illegal(&start, "f6-e6"),
        IllegalMove::NotYourPiece(sq("f6"))
    );
    assert_eq!(illegal(&start, "b2-c2"), IllegalMove::Occupied(sq("c2")));
    assert_eq!(
        illegal(&start, "c3-e5"),
        IllegalMove::Unreachable {
            from: sq("c3"),
            to: sq("e5")
        }
    );
    assert_eq!(illegal(&start, "c3-e5").to_string(), "c3 cannot reach e5");
    assert_eq!(
        illegal(&start, "c3-d3-e3"),
        IllegalMove::NotAJump {
            from: sq("c3"),
            to: sq("d3")
        }
    );
    assert_eq!(
        illegal(&start, "b3-d3-f3"),
        IllegalMove::NothingToJump {
            from: sq("d3"),
            to: sq("f3")
        }
    );
    assert_eq!(
        illegal(&start, "a1-a3-a5"),
        IllegalMove::LandingOccupied(sq("a3"))
    );
    assert_eq!(illegal(&start, "c3-c3"), IllegalMove::SameSquare(sq("c3")));
    // Diagonal moves are not allowed in classic but are in diagonal.
    assert!(matches!(
        illegal(&start, "c3-d4"),
        IllegalMove::Unreachable { .. }
    ));
    assert_eq!(path_of(&v("diagonal").start(), "c3-d4").unwrap(), "c3-d4");
    let mut g = Game::new(&v("classic"));
    g.resign(Color::White);
    assert_eq!(
        g.play_text("c3-d3").unwrap_err(),
        MoveError::Illegal(IllegalMove::GameOver)
    );
    assert_eq!(IllegalMove::GameOver.to_string(), "the game is over");
    assert_eq!(
        IllegalMove::MirrorLimit {
            limit: 10,
            window: 12
        }
        .to_string(),
        "that would be mirrored move number 11, and only 10 of the first 12 may mirror White's"
    );
}

#[test]
fn typed_moves_on_large_boards() {
    let h16 = v("halma16").start();
    assert_eq!(path_of(&h16, "b5-c6").unwrap(), "b5-c6");
    let mut g = Game::new(&v("halma16"));
    g.play_text("b5-c6").unwrap();
    assert_eq!(path_of(g.position(), "o12-n11").unwrap(), "o12-n11");
    assert_eq!(path_of(g.position(), "O12 N11").unwrap(), "o12-n11");
    let h10 = v("halma10").start();
    assert!(matches!(
        parse_move(&h10, "k1-k2"),
        Err(MoveError::Input(InputError::OffBoard { .. }))
    ));
}

// ---- position text ----

#[test]
fn position_text_round_trips_and_matches_rules_example() {
    let start = v("classic").start();
    assert_eq!(
        start.to_text(),
        "W:a1,b1,c1,a2,b2,c2,a3,b3,c3 B:f6,g6,h6,f7,g7,h7,f8,g8,h8 w 1"
    );
    let parsed = Position::from_text(
        &v("classic"),
        "  W:c3,b3,a3,c2,b2,a2,c1,b1,a1   B:h8,g8,f8,h7,g7,f7,h6,g6,f6 w 1 ",
    )
    .unwrap();
    assert_eq!(parsed, start);
    let h16 = v("halma16").start();
    assert_eq!(
        Position::from_text(&v("halma16"), &h16.to_text()).unwrap(),
        h16
    );
}

#[test]
fn position_text_errors_say_what_and_where() {
    let c = v("classic");
    let err = |t: &str| Position::from_text(&c, t).unwrap_err();
    assert_eq!(err("W:a1 B:h8 w"), PositionError::FieldCount(3));
    assert!(matches!(
        err("X:a1 B:h8 w 1"),
        PositionError::Prefix { field: 1, .. }
    ));
    let e = err("W:a1,b1,zz,a2,b2,c2,a3,b3,c3 B:f6,g6,h6,f7,g7,h7,f8,g8,h8 w 1");
    assert_eq!(
        e,
        PositionError::BadSquare {
            field: 1,
            column: 9,
            text: "zz".into()
        }
    );
    assert_eq!(e.to_string(), "field 1, column 9: 'zz' is not a square");
    assert!(matches!(
        err("W:a1,b1,c1,a2,b2,c2,a3,b3,i3 B:f6,g6,h6,f7,g7,h7,f8,g8,h8 w 1"),
        PositionError::OffBoard { field: 1, .. }
    ));
    assert!(matches!(
        err("W:a1,b1,c1,a2,b2,c2,a3,b3,c3 B:c3,g6,h6,f7,g7,h7,f8,g8,h8 w 1"),
        PositionError::Duplicate {
            field: 2,
            column: 32,
            ..
        }
    ));
    assert_eq!(
        err("W:a1,b1,c1,a2,b2,c2,a3,b3,c3 B:f6,g6,h6,f7,g7,h7,f8,g8,h8 x 1"),
        PositionError::Side("x".into())
    );
    assert_eq!(
        err("W:a1,b1,c1,a2,b2,c2,a3,b3,c3 B:f6,g6,h6,f7,g7,h7,f8,g8,h8 w 0"),
        PositionError::Number("0".into())
    );
    assert_eq!(
        err("W:a1,b1 B:f6,g6,h6,f7,g7,h7,f8,g8,h8 w 1"),
        PositionError::PieceCount {
            color: Color::White,
            found: 2,
            expected: 9
        }
    );
}

// ---- records ----

#[test]
fn record_round_trip_with_tags_and_result() {
    let mut g = Game::new(&v("classic"));
    for m in [
        "c3-d3", "f6-e6", "b3-b4", "e6-e5", "d3-d4", "g6-f6", "b2-d2",
    ] {
        g.play_text(m).unwrap();
    }
    g.resign(Color::Black);
    let text = g.to_record(&[
        ("White", "Alice \"A\""),
        ("Black", "Борис"),
        ("Date", "2026.11.29"),
    ]);
    assert!(text.contains("[White \"Alice \\\"A\\\"\"]"));
    assert!(text.contains("1. c3-d3 f6-e6 2. b3-b4 e6-e5"), "{text}");
    assert!(text.contains("[Termination \"resignation\"]"));
    let rec = Record::parse(&text).unwrap();
    assert_eq!(rec.tag("White"), Some("Alice \"A\""));
    assert_eq!(rec.tag("Black"), Some("Борис"));
    let back = Game::from_record(&rec, None, None).unwrap();
    assert_eq!(back.moves(), g.moves());
    assert_eq!(back.outcome(), g.outcome());
    assert_eq!(
        back.to_record(&[
            ("White", "Alice \"A\""),
            ("Black", "Борис"),
            ("Date", "2026.11.29")
        ]),
        text
    );
}

#[test]
fn records_from_other_positions_and_black_first() {
    let start = Position::from_text(
        &v("duelio"),
        "W:a1,b1,c1,a2,b2,c2,a3,b3,c3 B:f6,g6,h6,f7,g7,h7,f8,g8,h8 b 1",
    )
    .unwrap();
    let mut g = Game::from_position(start);
    for m in ["f6-e5", "c3-d4", "g7-e7"] {
        g.play_text(m).unwrap();
    }
    let text = g.to_record(&[]);
    assert!(
        text.contains(
            "[Position \"W:a1,b1,c1,a2,b2,c2,a3,b3,c3 B:f6,g6,h6,f7,g7,h7,f8,g8,h8 b 1\"]"
        )
    );
    assert!(text.contains("1... f6-e5 2. c3-d4 g7-e7 *"), "{text}");
    let back = Game::from_record(&Record::parse(&text).unwrap(), None, None).unwrap();
    assert_eq!(back.position(), g.position());
}

#[test]
fn record_parser_accepts_plain_lists_comments_and_shorthand() {
    let rec = Record::parse("{opening} 1.c3-d3 f6-e6, 2... b2-d2 {jump} e6-e5 1/2-1/2").unwrap();
    assert_eq!(rec.moves, ["c3-d3", "f6-e6", "b2-d2", "e6-e5"]);
    assert_eq!(rec.result.as_deref(), Some("1/2-1/2"));
    let g = Game::from_record(&rec, Some(&v("classic")), None).unwrap();
    assert_eq!(g.plies(), 4);
    assert!(Record::parse("[Variant \"classic\"").is_err());
    assert!(Record::parse("1. c3-d3 {never closed").is_err());
    let bad =
        Game::from_record(&Record::parse("c3-d3 f6-e6 c3-c4").unwrap(), None, None).unwrap_err();
    assert_eq!(bad.ply(), Some(2));
}

#[test]
fn variant_spec_and_serde_round_trip() {
    let var = v("classic,forced_exit=true,exit_deadline=50");
    assert_eq!(var.spec(), "classic,exit_deadline=50,forced_exit=true");
    assert_eq!(Variant::parse(&var.spec()).unwrap(), var);
    let json = serde_json::to_string(&var).unwrap();
    let back: Variant = serde_json::from_str(&json).unwrap();
    assert_eq!(back, var);
    assert!(Variant::parse("classic,nonsense=1").is_err());
    assert!(Variant::parse("chess").is_err());
    assert!(
        Variant::parse("classic,home=halma19").is_err(),
        "19-piece home does not fit 8x8"
    );
    let m = Move {
        from: sq("c3"),
        to: sq("e5"),
    };
    assert_eq!(m.to_string(), "c3-e5");
}
