//! The AI's command-line tools: `engine` go, `match`, `play`, `solve`, `bench`.

use ugolki_bot::ai::{Level, Player};
use ugolki_bot::cli::protocol::{Session, parse_go};
use ugolki_bot::cli::{VariantArgs, arena, bench, play, solve};
use ugolki_bot::engine::{Game, Variant, parse_move};

fn run_session(lines: &[&str]) -> String {
    let mut s = Session::new(Variant::parse("classic").expect("variant"));
    let mut out = Vec::new();
    for l in lines {
        s.handle(l, &mut out).expect("write");
    }
    String::from_utf8(out).expect("utf8")
}

#[test]
fn go_searches_and_answers_a_legal_move_with_info() {
    let out = run_session(&["position startpos moves c3-d3 f6-e6", "go depth 4"]);
    let info = out
        .lines()
        .find(|l| l.starts_with("info "))
        .expect("info line");
    assert!(
        info.contains("depth 4") && info.contains(" nodes ") && info.contains(" pv "),
        "{info}"
    );
    let best = out
        .lines()
        .find_map(|l| l.strip_prefix("bestmove "))
        .expect("bestmove");
    let mut g = Game::new(&Variant::parse("classic").expect("variant"));
    g.play_text("c3-d3").expect("legal");
    g.play_text("f6-e6").expect("legal");
    parse_move(g.position(), best).expect("bestmove is legal");
}

#[test]
fn go_parameters_are_checked() {
    let (l, seed) = parse_go("movetime 50 nodes 1000 level 2 seed 9").expect("parsed");
    assert_eq!(l.movetime, Some(std::time::Duration::from_millis(50)));
    assert_eq!(l.nodes, Some(1000));
    assert_eq!(l.level, Level::new(2));
    assert_eq!(seed, 9);
    assert!(parse_go("level 6").is_err());
    assert!(parse_go("depth x").is_err());
    assert!(parse_go("speed 3").is_err());
    let out = run_session(&["go level 9"]);
    assert!(out.starts_with("error "), "{out}");
}

#[test]
fn go_on_a_finished_game_says_none() {
    let out = run_session(&[
        "position text \"W:f6,g6,h6,f7,g7,h7,f8,g8,h8 B:a1,b1,c1,a2,b2,c2,a3,b3,c3 w 30\"",
        "go nodes 100",
    ]);
    assert!(out.contains("bestmove (none)"), "{out}");
}

#[test]
fn match_prints_results_elo_and_ends() {
    let args = arena::MatchArgs {
        a: Player::Ai(Level::new(2).expect("level")),
        b: Player::Greedy,
        games: 2,
        from: 1,
        v: VariantArgs {
            variant: Some("diagonal".into()),
            options: vec![],
            position: None,
        },
        movetime: None,
        nodes: Some(1_000),
        nps: None,
        seed: 5,
        threads: 1,
        openings: 2,
        records: None,
        quiet: true,
    };
    let mut out = Vec::new();
    arena::run(&args, &mut out).expect("match");
    let text = String::from_utf8(out).expect("utf8");
    assert!(
        text.contains("A = level 2, B = greedy, variant diagonal, 2 games"),
        "{text}"
    );
    let wdl = text
        .lines()
        .find(|l| l.starts_with("A: W "))
        .expect("W/D/L line");
    assert!(wdl.contains("/2 = "), "{wdl}");
    assert!(text.contains("Elo difference A-B: "), "{text}");
    assert!(text.lines().any(|l| l.starts_with("ends: ")), "{text}");
}

#[test]
fn match_with_level_budgets_as_nodes_is_reproducible() {
    let args = arena::MatchArgs {
        a: Player::Ai(Level::new(2).expect("level")),
        b: Player::Ai(Level::MIN),
        games: 2,
        from: 1,
        v: VariantArgs {
            variant: Some("classic".into()),
            options: vec![],
            position: None,
        },
        movetime: None,
        nodes: None,
        nps: Some(10_000),
        seed: 9,
        threads: 2,
        openings: 2,
        records: None,
        quiet: true,
    };
    let run = || {
        let mut out = Vec::new();
        arena::run(&args, &mut out).expect("match");
        let text = String::from_utf8(out).expect("utf8");
        // Everything but the wall-clock line.
        text.lines()
            .filter(|l| !l.starts_with("time: "))
            .collect::<Vec<_>>()
            .join("\n")
    };
    let first = run();
    assert!(
        first.contains("level time as nodes at 10000/s (A 2000 nodes, B 2000 nodes)"),
        "{first}"
    );
    assert_eq!(first, run());
}

#[test]
fn match_refuses_the_training_room_and_zero_games() {
    let mut args = arena::MatchArgs {
        a: Player::Greedy,
        b: Player::Greedy,
        games: 2,
        from: 1,
        v: VariantArgs {
            variant: Some("training".into()),
            options: vec![],
            position: None,
        },
        movetime: None,
        nodes: None,
        nps: None,
        seed: 1,
        threads: 1,
        openings: 0,
        records: None,
        quiet: true,
    };
    assert!(arena::run(&args, &mut Vec::new()).is_err());
    args.v.variant = Some("classic".into());
    args.games = 0;
    assert!(arena::run(&args, &mut Vec::new()).is_err());
    args.games = 2;
    for from in [0, 3] {
        args.from = from;
        let e = arena::run(&args, &mut Vec::new()).expect_err("bad --from");
        assert!(e.to_string().contains("--from"), "{e}");
    }
}

#[test]
fn match_slices_from_a_game_number_repeat_the_full_match_exactly() {
    let dir = std::env::temp_dir().join(format!("ugolki-from-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let args = |from: u32, file: &str| arena::MatchArgs {
        a: Player::Ai(Level::new(3).expect("level")),
        b: Player::Ai(Level::new(2).expect("level")),
        games: 5,
        from,
        v: VariantArgs {
            variant: Some("classic".into()),
            options: vec![],
            position: None,
        },
        movetime: None,
        nodes: None,
        nps: Some(20_000),
        seed: 4,
        threads: 2,
        openings: 4,
        records: Some(dir.join(file)),
        quiet: true,
    };
    let run = |a: &arena::MatchArgs| {
        let mut out = Vec::new();
        arena::run(a, &mut out).expect("match");
        let text = String::from_utf8(out).expect("utf8");
        let games: Vec<String> = std::fs::read_to_string(a.records.as_ref().expect("file"))
            .expect("records")
            .split("\n\n\n")
            .map(|r| r.trim().to_string())
            .filter(|r| !r.is_empty())
            .collect();
        (text, games)
    };
    let (full_text, full) = run(&args(1, "full.txt"));
    let (head_text, head) = run(&args(1, "head.txt"));
    let (tail_text, tail) = run(&args(4, "tail.txt"));
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(full.len(), 5, "{full_text}");
    assert_eq!(full, head, "the same match twice");
    assert_eq!(tail.len(), 2, "{tail_text}");
    assert_eq!(
        &full[3..],
        &tail[..],
        "games 4-5 of 5 are the full match's last two"
    );
    assert!(tail_text.contains("games 4-5 of 5"), "{tail_text}");
    assert!(tail_text.contains("/2 = "), "{tail_text}");
    assert!(head_text.contains("5 games"), "{head_text}");
}

/// `ugolki play` as White against level 1 in classic (from `position`, if given), with
/// `input` typed: what it printed.
fn play_white(position: Option<&str>, mut input: &[u8]) -> String {
    let args = play::PlayArgs {
        v: VariantArgs {
            variant: Some("classic".into()),
            options: vec![],
            position: position.map(Into::into),
        },
        level: Level::new(1).expect("level"),
        color: "white".into(),
        seed: 3,
    };
    let mut out = Vec::new();
    play::run(&args, &mut input, &mut out).expect("play");
    String::from_utf8(out).expect("utf8")
}

#[test]
fn play_takes_typed_moves_rejects_bad_ones_and_the_ai_answers() {
    let text = play_white(None, b"c3-c9\na1-a2\nc3-d3\nquit\n");
    assert!(text.contains("  8  . . . . . B B B  8"), "{text}");
    assert!(text.matches("not played:").count() >= 2, "{text}");
    assert!(text.contains("AI plays "), "{text}");
    assert!(text.trim_end().ends_with("bye"), "{text}");
}

#[test]
fn play_asks_before_a_losing_return_home() {
    let text = play_white(
        Some("W:c4,d5,e5,f5,g5,e6,f6,g6,h6 B:a1,b1,c1,a2,b2,d2,a3,b3,d3 w 50"),
        b"c4-c3\nno\nquit\n",
    );
    assert!(text.contains("loses the game. Play it?"), "{text}");
    assert!(text.contains("not played"), "{text}");
    assert!(!text.contains("game over"), "{text}");
}

#[test]
fn solve_refuses_two_player_variants() {
    let args = solve::SolveArgs {
        variant: "classic".into(),
        options: vec![],
        json: true,
        quiet: true,
    };
    let err = solve::run(&args, &mut Vec::new()).expect_err("not a training variant");
    assert!(
        err.message.contains("not the one-player training room"),
        "{}",
        err.message
    );
}

#[test]
fn bench_reports_nodes_per_second() {
    let args = bench::BenchArgs {
        v: VariantArgs {
            variant: Some("classic".into()),
            options: vec![],
            position: None,
        },
        nodes: 20_000,
    };
    let mut out = Vec::new();
    bench::run(&args, &mut out).expect("bench");
    let text = String::from_utf8(out).expect("utf8");
    assert_eq!(text.lines().count(), 5, "{text}");
    let total = text.lines().last().expect("total line");
    assert!(
        total.starts_with("total: ") && total.contains("M nodes/s per CPU second"),
        "{text}"
    );
}
