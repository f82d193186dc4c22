//! The post-game analysis in tempi (docs/ANALYSIS.md) on games with known errors: a
//! backward step in a separated race (its tempi, the plan's better move), a race played
//! by the solver (nothing to find), a game lost on the exit deadline (the move that
//! sealed it named), level-5 games kept steady where a first look misjudged their ends,
//! determinism, and the CLI's JSON and refusals.

use crate::cli::ugolki;
use ugolki_bot::ai::analysis::{Class, Why, analyze};
use ugolki_bot::ai::{Limits, best_move};
use ugolki_bot::engine::{Color, Game, Path, Record, Variant};

/// The engine's move at a fixed effort (the same every run).
fn engine_move(g: &Game) -> Path {
    let limits = Limits {
        nodes: Some(4_000),
        ..Limits::default()
    };
    best_move(g, &limits).expect("a move")
}

/// A classic game both sides play with the engine, to its end.
fn engine_game() -> Game {
    let mut g = Game::new(&Variant::parse("classic").expect("classic"));
    while !g.is_over() && g.plies() < 300 {
        let p = engine_move(&g);
        g.play_squares(p.squares()).expect("legal");
    }
    g
}

/// How far a square is along White's way (file + rank).
fn progress(p: &Path, c: Color) -> i32 {
    let f = |s: ugolki_bot::engine::Square| i32::from(s.file) + i32::from(s.rank);
    let d = f(p.to()) - f(p.from());
    if c == Color::White { d } else { -d }
}

/// A separated race in `classic` (past the exit deadline): White's pieces beyond the
/// middle, Black's in its own half, at least three diagonals apart.
const RACE: &str = "W:e4,f4,g4,h4,e5,f5,g5,h5,f6 B:a1,b1,a2,a4,b4,a5,d1,d2,e1 w 41";

/// A game from `start` (position text) with `first` played, then the engine to the end
/// (with budget enough to play a race by its exact plan).
fn race_game(first: Option<&str>) -> Game {
    let v = Variant::parse("classic").expect("classic");
    let start = ugolki_bot::engine::Position::from_text(&v, RACE).expect("the race");
    let mut g = Game::from_position(start);
    if let Some(m) = first {
        g.play_text(m).expect("legal");
    }
    let limits = Limits {
        nodes: Some(200_000),
        ..Limits::default()
    };
    while !g.is_over() {
        let p = best_move(&g, &limits).expect("a move");
        g.play_squares(p.squares()).expect("legal");
    }
    g
}

#[test]
fn a_race_played_by_the_solver_has_nothing_to_find() {
    let g = race_game(None);
    // The record, for the benchmark of a solved race tail (docs/BENCHMARKS.md).
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("analysis");
    std::fs::create_dir_all(&dir).expect("dir");
    std::fs::write(dir.join("race.txt"), g.to_record(&[])).expect("write");
    let a = analyze(&g, 4_000);
    assert_eq!(a.moves.len(), g.plies());
    assert!(a.moves.len() >= 10, "{} moves", a.moves.len());
    for m in &a.moves {
        assert!(m.exact, "{m:?}");
        assert_eq!((m.loss, m.class, m.why), (0, Class::Best, None), "{m:?}");
    }
    // Perfect play keeps an exact race's balance where it is: each move takes a tempo
    // off its side's count and hands the move over.
    for w in a.moves.windows(2) {
        assert_eq!(w[0].balance, w[1].balance, "{w:?}");
    }
    assert_eq!(a.accuracy, [100.0, 100.0]);
    assert_eq!(a.counts[0][0] + a.counts[1][0], g.plies() as u32);
}

/// A classic game both sides play at the program's full strength on a node budget.
fn strong_game(nodes: u64) -> Game {
    let mut g = Game::new(&Variant::parse("classic").expect("classic"));
    let limits = Limits {
        nodes: Some(nodes),
        ..Limits::default()
    };
    while !g.is_over() && g.plies() < 300 {
        let p = best_move(&g, &limits).expect("a move");
        g.play_squares(p.squares()).expect("legal");
    }
    g
}

#[test]
fn a_strong_game_keeps_a_steady_balance_and_its_opening_is_not_called_a_mistake() {
    let (mut sound, mut steady) = (0, 0);
    for nodes in [60_000, 90_000] {
        let g = strong_game(nodes);
        let a = analyze(&g, ugolki_bot::ai::analysis::DEFAULT_EFFORT);
        assert_eq!(a.moves.len(), g.plies());
        // The start is balanced: White finishes first and Black's last move draws.
        let mut before = 0;
        for m in &a.moves {
            if matches!(m.class, Class::Best | Class::Good) {
                sound += 1;
                if (m.balance - before).abs() <= 2 {
                    steady += 1;
                }
            }
            before = m.balance;
        }
        for m in a.moves.iter().take(10) {
            assert!(m.class <= Class::Inaccuracy, "{nodes}: {m:?}");
        }
        let errors = a.moves.iter().filter(|m| m.class >= Class::Mistake).count();
        assert!(errors <= 4, "{nodes}: {errors} mistakes or blunders");
    }
    assert!(sound > 20, "{sound} sound moves");
    assert!(
        steady * 100 >= sound * 90,
        "{steady} of {sound} sound moves kept the balance within two tempi"
    );
}

/// Level-5 self-play games (`ugolki bench analysis`'s) whose ends a first look misjudged
/// (the 2-ply deeper look proved its best move lost, the move played won, or preferred the
/// move played): every sound move keeps the balance within two tempi and none is called a
/// blunder. Game 0 opens `1. c2-d2`, once called a blunder of 6 tempi.
#[test]
fn level_5_games_whose_ends_a_first_look_misjudged_stay_steady() {
    for name in ["level5-0", "level5-1", "level5-4"] {
        let path = format!(
            "{}/tests/data/analysis/{name}.pgn",
            env!("CARGO_MANIFEST_DIR")
        );
        let text = std::fs::read_to_string(&path).expect("the record");
        let record = Record::parse(&text).expect("a record");
        let g = Game::from_record(&record, None, None).expect("a legal game");
        let a = analyze(&g, ugolki_bot::ai::analysis::DEFAULT_EFFORT);
        assert_eq!(a.moves.len(), g.plies(), "{name}");
        let mut before = 0;
        for (ply, m) in a.moves.iter().enumerate() {
            if matches!(m.class, Class::Best | Class::Good) {
                assert!(
                    (m.balance - before).abs() <= 2,
                    "{name} ply {ply}: {before} then {m:?}"
                );
            }
            assert!(m.class < Class::Blunder, "{name} ply {ply}: {m:?}");
            before = m.balance;
        }
    }
}

#[test]
fn a_step_back_out_of_the_target_loses_two_tempi_and_the_plan_is_the_better_move() {
    let g = race_game(Some("f6-e6"));
    let a = analyze(&g, 4_000);
    let m = &a.moves[0];
    assert_eq!(m.played.to_string(), "f6-e6");
    assert!(m.loss >= 2, "{m:?}");
    assert!(m.exact, "{m:?}");
    assert!(m.class >= Class::Mistake, "{m:?}");
    assert!(m.why.is_none() || m.why == Some(Why::Result), "{m:?}");
    assert!(
        progress(&m.best, Color::White) > 0,
        "the better move goes on: {m:?}"
    );
    // The better move is the one the solved race plays.
    let solved = race_game(None);
    assert_eq!(m.best, solved.moves()[0]);
    // White's accuracy suffers for it; Black's moves lose nothing.
    assert!(
        a.accuracy[0] < 100.0 && a.accuracy[1] == 100.0,
        "{:?}",
        a.accuracy
    );
    // Deterministic: the same game, the same analysis.
    assert_eq!(analyze(&g, 4_000), a);
}

#[test]
fn a_game_lost_on_the_exit_deadline_names_the_move_that_sealed_it() {
    // White never moves its corner piece; Black plays the engine.
    let mut g = Game::new(&Variant::parse("classic").expect("classic"));
    let corner = ugolki_bot::engine::Square::parse("a1").expect("a1");
    while !g.is_over() && g.plies() < 200 {
        let p = if g.position().side_to_move() == Color::White {
            let pos = g.position().clone();
            let mut moves: Vec<Path> = g
                .legal_moves()
                .into_iter()
                .filter(|m| m.from != corner)
                .filter_map(|m| pos.path(m).ok())
                .collect();
            moves.sort_by_key(|p| (-progress(p, Color::White), p.to_string()));
            moves.into_iter().next().unwrap_or_else(|| engine_move(&g))
        } else {
            engine_move(&g)
        };
        g.play_squares(p.squares()).expect("legal");
    }
    let o = g.outcome().expect("over");
    assert_eq!(o.result.winner(), Some(Color::Black), "{o:?}");
    let a = analyze(&g, 4_000);
    let sealed: Vec<_> = a
        .moves
        .iter()
        .filter(|m| m.why == Some(Why::ExitDeadline))
        .collect();
    assert_eq!(
        sealed.len(),
        1,
        "one move sealed it: {o:?} {} plies, last White moves {:?}",
        g.plies(),
        a.moves.iter().rev().take(6).collect::<Vec<_>>()
    );
    assert!(
        sealed
            .iter()
            .all(|m| m.side == Color::White && m.class == Class::Blunder)
    );
    // Its better move takes the corner piece out.
    assert_eq!(sealed[0].best.from(), corner, "{:?}", sealed[0]);
    assert!(a.accuracy[0] < a.accuracy[1], "{:?}", a.accuracy);
}

#[test]
fn the_cli_prints_a_move_a_line_and_refuses_a_bad_record_naming_its_ply() {
    let g = engine_game();
    let record = g.to_record(&[]);
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("analysis");
    std::fs::create_dir_all(&dir).expect("dir");
    let file = dir.join("game.txt");
    std::fs::write(&file, &record).expect("write");
    let path = file.to_str().expect("path");
    let (code, out, err) = ugolki(
        &["analyze", "--record", path, "--json", "--effort", "4000"],
        None,
    );
    assert_eq!(code, 0, "{err}");
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect();
    assert_eq!(lines.len(), g.plies() + 1);
    assert_eq!(lines[0]["ply"], 0);
    assert_eq!(lines[0]["side"], "w");
    for k in ["move", "best", "loss", "class", "balance"] {
        assert!(!lines[0][k].is_null(), "{k}: {}", lines[0]);
    }
    let summary = &lines[g.plies()];
    let total: u64 = ["best", "good", "inaccuracy", "mistake", "blunder"]
        .iter()
        .map(|c| summary["counts"]["w"][c].as_u64().expect("a count"))
        .sum();
    assert_eq!(total as usize, g.plies().div_ceil(2));
    assert!(summary["accuracy"]["b"].as_f64().is_some());
    // The same record twice: the same output.
    let (_, again, _) = ugolki(
        &["analyze", "--record", path, "--json", "--effort", "4000"],
        None,
    );
    assert_eq!(again, out);
    // An illegal move: the error names its ply, and nothing else is printed.
    let (code, out, _) = ugolki(
        &["analyze", "--record", "1. c3-d3 f6-e6 2. a1-h8", "--json"],
        None,
    );
    assert_eq!(code, 1);
    let j: serde_json::Value = serde_json::from_str(out.trim()).expect("one JSON line");
    assert_eq!(j["ply"], 2, "{j}");
    // A game of three or four is refused.
    let (code, _, err) = ugolki(
        &["analyze", "--record", "1. --", "--variant", "halma4"],
        None,
    );
    assert_eq!(code, 2, "{err}");
}

/// The store keeps analyses under the game service's measure version, which must follow
/// the engine's: a new measure there makes every stored analysis be made again.
#[test]
fn the_stored_measure_version_is_the_engines() {
    assert_eq!(
        ugolki_bot::game::ANALYSIS_MEASURE,
        ugolki_bot::ai::analysis::MEASURE
    );
}
