//! Halma for three or four (RULES.md §14): perft by two independent methods, and replays
//! of the endings the rules name.

use crate::common::reference_multi::RefMulti;
use ugolki_bot::engine::multi::{Leave, MultiGame, MultiPos, MultiVariant, Seat, Turn};
use ugolki_bot::engine::{Reason, Record, Square};

/// Start-position perft (RULES §14; the table in docs/RULES.md).
const START_PERFT: [(MultiVariant, [u64; 3]); 3] = [
    (MultiVariant::Halma4, [32, 1024, 32768]),
    (MultiVariant::Halma3, [32, 1024, 32768]),
    (MultiVariant::Halma4Teams, [32, 1024, 32768]),
];

fn sq(s: &str) -> Square {
    Square::parse(s).expect("square")
}

/// A small deterministic generator for playouts.
struct Lcg(u64);
impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n
    }
}

fn check_both(v: MultiVariant, p: &MultiPos, depth: u32) -> u64 {
    let r = RefMulti::from_text(v.id(), &p.to_text());
    let e = p.perft(depth);
    assert_eq!(
        e,
        r.perft(depth),
        "{} depth {depth}: {}",
        v.id(),
        p.to_text()
    );
    e
}

#[test]
fn start_perft_agrees_with_the_reference_and_the_rules_table() {
    for (v, counts) in START_PERFT {
        let p = MultiPos::start(v);
        for (d, want) in (1..=3).zip(counts) {
            let got = check_both(v, &p, d);
            assert_eq!(got, want, "{} depth {d}", v.id());
        }
    }
}

#[test]
fn perft_from_playout_positions_agrees_with_the_reference() {
    let mut rng = Lcg(7);
    let mut checked = 0;
    for v in MultiVariant::ALL {
        for game in 0..3 {
            let mut p = MultiPos::start(v);
            for ply in 0..400 {
                if p.is_over() {
                    break;
                }
                if [40, 120, 250, 399].contains(&ply) {
                    let depth = if ply < 200 { 2 } else { 3 };
                    check_both(v, &p, depth);
                    checked += 1;
                }
                // Mostly forward moves, so playouts reach crowded middles and targets.
                let turns = p.legal_turns();
                let best = |t: &Turn| {
                    let n = p.play(*t);
                    n.tempo(p.to_move())
                };
                let t = if rng.below(3) == 0 {
                    turns[rng.below(turns.len())]
                } else {
                    *turns
                        .iter()
                        .min_by_key(|t| (best(t), rng.below(4)))
                        .expect("a turn")
                };
                p = p.play(t);
            }
            let _ = game;
        }
    }
    assert!(checked >= 24, "{checked}");
}

/// Pieces of four seats, the seat to move and the round, as position text.
fn text(seats: [&[&str]; 4], to_move: char, round: u16) -> String {
    let field = |l: char, s: &[&str]| format!("{l}:{}", s.join(","));
    format!(
        "{} {} {} {} {to_move} {round}",
        field('W', seats[0]),
        field('G', seats[1]),
        field('B', seats[2]),
        field('R', seats[3])
    )
}

fn camp(seat: Seat) -> Vec<String> {
    MultiPos::start(MultiVariant::Halma4)
        .pieces(seat)
        .iter()
        .map(Square::to_string)
        .collect()
}

fn strs(v: &[String]) -> Vec<&str> {
    v.iter().map(String::as_str).collect()
}

#[test]
fn a_seat_walled_in_passes_and_the_record_says_so() {
    // White in its camp; a wall two squares thick around it from the others' pieces.
    let white = camp(Seat::White);
    let occupied: Vec<Square> = white.iter().map(|s| sq(s)).collect();
    let near = |set: &[Square]| -> Vec<Square> {
        let mut out: Vec<Square> = Vec::new();
        for s in set {
            for df in -1i32..=1 {
                for dr in -1i32..=1 {
                    let (f, r) = (s.file as i32 + df, s.rank as i32 + dr);
                    if (0..16).contains(&f) && (0..16).contains(&r) {
                        let n = Square::new(f as u8, r as u8);
                        if !set.contains(&n) && !out.contains(&n) {
                            out.push(n);
                        }
                    }
                }
            }
        }
        out
    };
    let layer1 = near(&occupied);
    let mut inner = occupied.clone();
    inner.extend(&layer1);
    let layer2 = near(&inner);
    let mut wall: Vec<Square> = layer1.into_iter().chain(layer2).collect();
    assert!(wall.len() <= 39, "{}", wall.len());
    // Fill the rest of the others' pieces from their own camps.
    let mut others: Vec<Vec<String>> = Vec::new();
    for seat in [Seat::Green, Seat::Black, Seat::Red] {
        let mut mine: Vec<String> = Vec::new();
        while mine.len() < 13 && !wall.is_empty() {
            mine.push(wall.remove(0).to_string());
        }
        for c in camp(seat) {
            if mine.len() < 13 {
                mine.push(c);
            }
        }
        others.push(mine);
    }
    let t = text(
        [
            &strs(&white),
            &strs(&others[0]),
            &strs(&others[1]),
            &strs(&others[2]),
        ],
        'w',
        5,
    );
    let p = MultiPos::from_text(MultiVariant::Halma4, &t).expect("position");
    assert_eq!(p.legal_turns(), vec![Turn::Pass]);
    assert_eq!(check_both(MultiVariant::Halma4, &p, 1), 1);
    check_both(MultiVariant::Halma4, &p, 2);
    let mut g = MultiGame::from_position(p);
    let err = g
        .play_text("c3-e5")
        .expect_err("a move where a pass is due");
    assert!(err.to_string().contains("pass"), "{err}");
    g.play_text("--").expect("pass");
    assert_eq!(g.position().to_move(), Seat::Green);
    // A pass where a move exists is refused, and names the rule.
    let err = g.play_text("--").expect_err("Green can move");
    assert!(
        err.to_string().contains("only when no piece can move"),
        "{err}"
    );
    let rec = g.write_record(&[]);
    assert!(rec.contains("5. --"), "{rec}");
    let back =
        MultiGame::from_record(&Record::parse(&rec).expect("record"), None, None).expect("replays");
    assert_eq!(back.position(), g.position());
}

/// `seat`'s camp without the `except` squares, plus `extra`.
fn camp_with(seat: Seat, except: &[&str], extra: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = camp(seat)
        .into_iter()
        .filter(|s| !except.contains(&s.as_str()))
        .collect();
    v.extend(extra.iter().map(|s| s.to_string()));
    v
}

fn list(s: &str) -> Vec<String> {
    s.split(',').map(str::to_string).collect()
}

fn game_at(v: MultiVariant, seats: [&Vec<String>; 4], to_move: char, round: u16) -> MultiGame {
    let t = text(
        [
            &strs(seats[0]),
            &strs(seats[1]),
            &strs(seats[2]),
            &strs(seats[3]),
        ],
        to_move,
        round,
    );
    let p = v.position_from(&t);
    // Near an ending both generators must agree on finishing, rounds and the end.
    check_both(v, &p, 2);
    MultiGame::from_position(p)
}

trait FromText {
    fn position_from(self, t: &str) -> MultiPos;
}
impl FromText for MultiVariant {
    fn position_from(self, t: &str) -> MultiPos {
        MultiPos::from_text(self, t).unwrap_or_else(|e| panic!("{t}: {e}"))
    }
}

// White's target is Black's camp (entrance o13 from n12), Green's is Red's (o4 from n5),
// Black's is White's (b4 from c5), Red's is Green's (b13 from c12).

#[test]
fn a_spoiler_left_in_a_camp_does_not_stop_its_owner_finishing() {
    let white = camp_with(Seat::Black, &["o13", "p13"], &["n12", "h8"]);
    let black = camp_with(Seat::White, &["b4"], &["p13"]);
    let mut g = game_at(
        MultiVariant::Halma4,
        [&white, &camp(Seat::Green), &black, &camp(Seat::Red)],
        'w',
        30,
    );
    assert!(g.position().finished().is_empty());
    g.play_text("n12-o13").expect("fills the target");
    assert!(
        g.position().finished().has(Seat::White),
        "anti-spoiling finish"
    );
    assert_eq!(g.position().places_now()[0], Some(1));
    // White no longer moves: Green, Black, Red, then Green again.
    for s in [Seat::Green, Seat::Black, Seat::Red] {
        assert_eq!(g.position().to_move(), s);
        let t = g.position().legal_turns()[0];
        g.play(t).expect("legal");
    }
    assert_eq!(g.position().to_move(), Seat::Green);
    assert_eq!(g.position().round(), 31);
    let e = g.play_text("h8-h9").expect_err("a finished seat's piece");
    assert!(e.to_string().contains("not yours"), "{e}");
    let rec = g.write_record(&[]);
    assert!(rec.contains("[Places \"w1\"]"), "{rec}");
}

#[test]
fn two_seats_finishing_in_one_round_share_a_place_and_the_last_seat_ends_it() {
    let white = camp_with(Seat::Black, &["o13"], &["n12"]);
    let green = camp_with(Seat::Red, &["o4"], &["n5"]);
    let black = camp_with(Seat::White, &["b4"], &["c5"]);
    let red = list("e10,f10,g10,h10,i10,j10,k10,e11,f11,g11,h11,i11,j11");
    let mut g = game_at(
        MultiVariant::Halma4,
        [&white, &green, &black, &red],
        'w',
        40,
    );
    for m in ["n12-o13", "n5-o4", "c5-c6", "k10-l10"] {
        g.play_text(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    assert!(!g.is_over(), "Black and Red still race");
    assert_eq!(g.position().places_now()[..2], [Some(1), Some(1)]);
    assert_eq!(g.position().to_move(), Seat::Black);
    assert_eq!(g.position().round(), 41);
    for m in ["c6-c5", "l10-k10", "c5-b4"] {
        g.play_text(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    assert!(!g.is_over(), "Red still has its turn this round");
    g.play_text("k10-l10").expect("red");
    let o = g.outcome().expect("over");
    assert_eq!(o.places, [Some(1), Some(1), Some(3), Some(4)]);
    assert_eq!(o.reason, Reason::Goal);
    let rec = g.write_record(&[]);
    assert!(rec.contains("[Places \"w1 g1 b3 r4\"]"), "{rec}");
    assert!(rec.contains("[Termination \"goal\"]"), "{rec}");
    assert!(
        rec.contains("40. n12-o13 n5-o4 c5-c6 k10-l10 41. c6-c5 l10-k10 42. c5-b4 k10-l10"),
        "{rec}"
    );
    let back =
        MultiGame::from_record(&Record::parse(&rec).expect("parse"), None, None).expect("replays");
    assert_eq!(back.outcome(), Some(o));
}

#[test]
fn the_round_limit_ranks_the_seats_still_playing() {
    let white = camp_with(Seat::Black, &["o13"], &["n12"]);
    let black = list("e7,f7,g7,h7,i7,j7,k7,e8,f8,g8,h8,i8,j8");
    let mut g = game_at(
        MultiVariant::Halma4,
        [&white, &camp(Seat::Green), &black, &camp(Seat::Red)],
        'w',
        200,
    );
    for m in ["n12-n11", "a13-a12", "e7-e6"] {
        g.play_text(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    assert!(!g.is_over());
    g.play_text("p4-p5").expect("red");
    let o = g.outcome().expect("round 200 ended the game");
    assert_eq!(o.reason, Reason::MoveLimit);
    // White: 12 on target. Black: nearer its target than Green and Red, who tie.
    assert_eq!(o.places, [Some(1), Some(3), Some(2), Some(3)]);
}

#[test]
fn teams_win_together_or_draw_together() {
    let white = camp_with(Seat::Black, &["o13"], &["n12"]);
    let black = camp_with(Seat::White, &["b4"], &["c5"]);
    let mut g = game_at(
        MultiVariant::Halma4Teams,
        [&white, &camp(Seat::Green), &black, &camp(Seat::Red)],
        'w',
        50,
    );
    g.play_text("n12-o13").expect("white done");
    g.play_text("a13-a12").expect("green");
    assert!(!g.is_over());
    g.play_text("c5-b4").expect("black done");
    assert!(!g.is_over(), "Red's turn ends the round");
    g.play_text("p4-p5").expect("red");
    let o = g.outcome().expect("a team finished");
    assert_eq!(o.places, [Some(1), Some(3), Some(1), Some(3)]);
    assert_eq!(o.reason, Reason::Goal);

    // Both teams finish in the same round: all share first.
    let green = camp_with(Seat::Red, &["o4"], &["n5"]);
    let red = camp_with(Seat::Green, &["b13"], &["c12"]);
    let mut g = game_at(
        MultiVariant::Halma4Teams,
        [&white, &green, &black, &red],
        'w',
        50,
    );
    for m in ["n12-o13", "n5-o4", "c5-b4", "c12-b13"] {
        g.play_text(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    let o = g.outcome().expect("both teams finished");
    assert_eq!(o.places, [Some(1); 4]);
    assert_eq!(o.reason, Reason::GoalBoth);
    let rec = g.write_record(&[]);
    assert!(rec.contains("[Termination \"goal_both\"]"), "{rec}");
}

#[test]
fn a_player_who_leaves_takes_the_last_place_and_the_seat_plays_on() {
    let mut g = MultiGame::new(MultiVariant::Halma4);
    g.play_text("a3-c5").expect("w");
    g.leave(Seat::Green, Leave::Timeout);
    assert_eq!(g.position().to_move(), Seat::Green, "the seat still moves");
    assert_eq!(g.position().places_now()[1], Some(4));
    let t = g.position().legal_turns()[0];
    g.play(t).expect("the program's move for Green");
    g.leave(Seat::Black, Leave::Resignation);
    g.leave(Seat::Red, Leave::Resignation);
    assert!(!g.is_over(), "ends are judged at the end of a round");
    for _ in 0..2 {
        let t = g.position().legal_turns()[0];
        g.play(t).expect("b, r");
    }
    let o = g.outcome().expect("one seat left");
    assert_eq!(o.places, [Some(1), Some(4), Some(3), Some(2)]);
    assert_eq!(o.reason, Reason::Resignation);
    let rec = g.write_record(&[]);
    assert!(
        rec.contains("[Left \"g timeout 1; b resignation 2; r resignation 2\"]"),
        "{rec}"
    );
    let back =
        MultiGame::from_record(&Record::parse(&rec).expect("parse"), None, None).expect("replays");
    assert_eq!(back.outcome(), Some(o));
}

#[test]
fn position_text_round_trips_and_bad_text_is_refused_clearly() {
    let start = MultiPos::start(MultiVariant::Halma4);
    assert_eq!(
        start.to_text(),
        "W:a1,b1,c1,d1,a2,b2,c2,d2,a3,b3,c3,a4,b4 G:a16,b16,c16,d16,a15,b15,c15,d15,a14,b14,c14,a13,b13 B:p16,o16,n16,m16,p15,o15,n15,m15,p14,o14,n14,p13,o13 R:p1,o1,n1,m1,p2,o2,n2,m2,p3,o3,n3,p4,o4 w 1"
    );
    let h3 = MultiPos::start(MultiVariant::Halma3);
    assert!(h3.to_text().contains(" R: w 1"), "{}", h3.to_text());
    assert_eq!(
        MultiPos::from_text(MultiVariant::Halma3, &h3.to_text()),
        Ok(h3)
    );
    for (bad, says) in [
        ("W:a1 w 1", "6 space-separated"),
        (&start.to_text().replace("a1,", ""), "White has 12 pieces"),
        (&start.to_text().replace(" w 1", " x 1"), "not a seat"),
        (&start.to_text().replace(" w 1", " w 0"), "round"),
        (
            &start.to_text().replace("b1,", "a1,"),
            "a1 holds two pieces",
        ),
        (
            &start.to_text().replace("a1,", "q1,"),
            "'q1' is not a square",
        ),
    ] {
        let e = MultiPos::from_text(MultiVariant::Halma4, bad).expect_err(bad);
        assert!(e.to_string().contains(says), "{bad}: {e}");
    }
    let e = MultiPos::from_text(MultiVariant::Halma3, &start.to_text()).expect_err("red in halma3");
    assert!(e.to_string().contains("Red has 13 pieces"), "{e}");
}

#[test]
fn typed_moves_for_another_seats_piece_or_bad_chains_are_refused_and_change_nothing() {
    let mut g = MultiGame::new(MultiVariant::Halma4);
    let before = g.clone();
    let e = g
        .play_text("a16-a14")
        .expect_err("Green's piece on White's turn");
    assert!(e.to_string().contains("not yours"), "{e}");
    let e = g.play_text("c3-e5-e7").expect_err("no chain");
    assert!(
        e.to_string().contains("nothing to jump") || e.to_string().contains("no piece to jump"),
        "{e}"
    );
    assert_eq!(g, before);
    // The record replays to an illegal move with its ply.
    let rec = Record::parse("[Variant \"halma4\"]\n1. a3-c5 b14-b12 p14-n12 c3-c5").expect("parse");
    let e = MultiGame::from_record(&rec, None, None).expect_err("Red cannot move c3");
    assert_eq!(e.ply(), Some(3));
}

// The command-line tools on these variants.

use crate::cli::ugolki;
use ugolki_bot::ai::Level;
use ugolki_bot::ai::multi::{MultiLimits, choose_multi};

/// A whole four-seat game, every seat played by the program at level 3.
fn program_game(v: MultiVariant) -> MultiGame {
    let limits = MultiLimits::level(Level::new(3).expect("level")).reproducible();
    let mut g = MultiGame::new(v);
    let mut seed = 1;
    while !g.is_over() {
        let r = choose_multi(g.position(), &limits, seed).expect("a turn");
        g.play(r.turn).expect("the program's turn is legal");
        seed += 1;
    }
    g
}

#[test]
fn a_whole_game_replays_through_the_cli_with_its_places() {
    let g = program_game(MultiVariant::Halma4);
    let o = g.outcome().expect("over");
    assert_eq!(o.reason, Reason::Goal);
    let rec = g.write_record(&[("Event", "test")]);
    let (code, out, err) = ugolki(&["replay", "--json", "-"], Some(&rec));
    assert_eq!(code, 0, "{err}");
    let j: serde_json::Value = serde_json::from_str(out.trim()).expect("json");
    assert_eq!(j["termination"], "goal");
    assert_eq!(j["plies"], g.plies());
    for s in Seat::ALL {
        assert_eq!(
            j["places"][s.letter().to_string()].as_u64(),
            o.places[s.index()].map(u64::from),
            "{s}"
        );
    }
    // An illegal turn: the error and its ply (passes count), nothing else.
    let bad = "[Variant \"halma4\"]\n1. a3-c5 b14-b12 p14-n12 c3-c5";
    let (code, out, _) = ugolki(&["replay", "--json", bad], None);
    assert_eq!(code, 1);
    let j: serde_json::Value = serde_json::from_str(out.trim()).expect("json");
    assert_eq!(j["ply"], 3);
    assert!(
        j["error"].as_str().unwrap_or("").contains("not yours"),
        "{j}"
    );
}

#[test]
fn perft_moves_and_variants_take_the_multi_player_variants() {
    let (code, out, _) = ugolki(&["perft", "--variant", "halma3", "--depth", "3"], None);
    assert_eq!(code, 0);
    assert_eq!(out.lines().last(), Some("32768"));
    let (_, out, _) = ugolki(
        &["perft", "--variant", "halma4", "--depth", "2", "--divide"],
        None,
    );
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 33);
    let sum: u64 = lines[..32]
        .iter()
        .map(|l| {
            l.rsplit(' ')
                .next()
                .and_then(|n| n.parse::<u64>().ok())
                .expect("count")
        })
        .sum();
    assert_eq!(sum, 1024);
    let (_, out, _) = ugolki(&["moves", "--variant", "halma4"], None);
    let moves: Vec<&str> = out.lines().collect();
    assert_eq!(moves.len(), 32);
    assert!(
        moves.contains(&"a3-c5") && moves.contains(&"b2-d4"),
        "{out}"
    );
    let mut sorted = moves.clone();
    sorted.sort();
    assert_eq!(moves, sorted);
    let (code, _, err) = ugolki(
        &[
            "perft",
            "--variant",
            "halma4",
            "--option",
            "no_locking=true",
            "--depth",
            "1",
        ],
        None,
    );
    assert_eq!(code, 2);
    assert!(err.contains("no --option"), "{err}");
    let (_, out, _) = ugolki(&["variants"], None);
    for v in MultiVariant::ALL {
        assert!(out.contains(v.id()), "{}", v.id());
    }
}

#[test]
fn the_engine_protocol_plays_a_four_seat_game() {
    let script = "variant halma4\nposition startpos moves a3-c5 b14-b12\nmoves\ngo nodes 5000 depth 2\nd\nposition startpos moves a3-c5 a3-c5\nd\nquit\n";
    let (code, out, _) = ugolki(&["engine"], Some(script));
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert!(
        lines[0].starts_with("moves ") && lines[0].contains("p14-n12"),
        "{out}"
    );
    let best = lines
        .iter()
        .find_map(|l| l.strip_prefix("bestmove "))
        .expect("bestmove");
    let black = MultiPos::from_text(
        MultiVariant::Halma4,
        lines
            .iter()
            .find_map(|l| l.strip_prefix("position "))
            .expect("position"),
    )
    .expect("position text");
    assert_eq!(black.to_move(), Seat::Black);
    assert!(
        lines[0].split_whitespace().any(|m| m == best),
        "{best} is one of Black's moves"
    );
    assert!(lines.contains(&"status * b to move round 1"), "{out}");
    assert!(
        lines.iter().any(|l| l.starts_with("error move 2 (a3-c5)")),
        "the same move twice is refused: {out}"
    );
}

#[test]
fn the_arena_program_finishes_first_against_greedy_seats_and_never_plays_illegally() {
    let (code, out, err) = ugolki(
        &["arena", "--variant", "halma4", "--games", "40", "--json"],
        None,
    );
    assert_eq!(code, 0, "{err}");
    let summary: serde_json::Value =
        serde_json::from_str(out.lines().last().expect("summary")).expect("json");
    assert_eq!(summary["games"], 40);
    assert_eq!(summary["illegal"], 0);
    let share = summary["first_share"].as_f64().expect("share");
    assert!(share >= 0.8, "first in {share} of games");
    // In teams the program's partner is greedy, so the team wins less often; a program
    // that plays its own seat well still carries the team in most games.
    let (_, out_teams, _) = ugolki(
        &[
            "arena",
            "--variant",
            "halma4-teams",
            "--games",
            "40",
            "--json",
        ],
        None,
    );
    let teams: serde_json::Value =
        serde_json::from_str(out_teams.lines().last().expect("summary")).expect("json");
    assert_eq!(teams["illegal"], 0);
    let share = teams["first_share"].as_f64().expect("share");
    assert!(share >= 0.7, "teams: first in {share} of games");
    // Every seat took its turn as the program.
    for s in ["w", "g", "b", "r"] {
        let n = out
            .lines()
            .filter(|l| l.contains(&format!("\"seat\":\"{s}\"")))
            .count();
        assert_eq!(n, 10, "{s}");
    }
}

#[test]
fn pictures_are_small_turn_to_the_viewer_and_mark_the_last_move() {
    use ugolki_bot::render::{RenderOptions, Renderer, table_pixels as draw};
    let renderer = Renderer::new();
    let g = program_game(MultiVariant::Halma4);
    let positions = g.positions();
    let mid = positions[120];
    let last = mid.path(g.turns()[120]);
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("halma4");
    std::fs::create_dir_all(&dir).expect("dir");
    for view in Seat::ALL {
        let opts = RenderOptions {
            view,
            size_px: 640,
            last_move: last.clone(),
            ..RenderOptions::default()
        };
        let png = renderer.render_png(&positions[121], &opts).expect("png");
        assert!(png.len() < 60_000, "{view}: {} bytes", png.len());
        assert_eq!(&png[1..4], b"PNG");
        std::fs::write(dir.join(format!("mid-{}.png", view.letter())), &png).expect("write");
        // The viewer's camp corner is at the bottom left: a pixel there has its tint.
        let img = draw(&MultiPos::start(MultiVariant::Halma4), &opts).expect("draw");
        let n = img.width();
        let corner = img
            .get_pixel((n as f32 * 0.06) as u32, (n as f32 * 0.94) as u32)
            .0;
        let start_img = draw(
            &MultiPos::start(MultiVariant::Halma4),
            &RenderOptions {
                view: Seat::White,
                size_px: 640,
                ..RenderOptions::default()
            },
        )
        .expect("draw");
        let same = start_img
            .get_pixel((n as f32 * 0.06) as u32, (n as f32 * 0.94) as u32)
            .0;
        assert_eq!(
            corner == same,
            view == Seat::White,
            "{view}: {corner:?} vs {same:?}"
        );
    }
    // The CLI draws a record's end from a seat.
    let rec = dir.join("game.txt");
    std::fs::write(&rec, g.write_record(&[])).expect("record");
    let out_png = dir.join("end-g.png");
    let (code, out, err) = ugolki(
        &[
            "render",
            "--record",
            rec.to_str().expect("path"),
            "--view",
            "green",
            "--out",
            out_png.to_str().expect("path"),
        ],
        None,
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("640x640 PNG"), "{out}");
    // The replay: one frame a round, from Red's side.
    let gif = dir.join("game.gif");
    let (code, out, err) = ugolki(
        &[
            "render",
            "--record",
            rec.to_str().expect("path"),
            "--view",
            "red",
            "--gif",
            "--out",
            gif.to_str().expect("path"),
        ],
        None,
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("480x480 GIF"), "{out}");
    let bytes = std::fs::read(&gif).expect("gif");
    assert_eq!(&bytes[..6], b"GIF89a");
    // Frames are the changed parts only: far less than a full picture a round.
    let rounds = g.position().round() as usize;
    assert!(
        bytes.len() < 20_000 * rounds,
        "{} bytes for {rounds} rounds",
        bytes.len()
    );
}

#[test]
fn depth_four_from_the_start_tells_the_variants_apart() {
    for (v, want) in [
        (MultiVariant::Halma4, 1_048_576),
        (MultiVariant::Halma3, 1_421_312),
        (MultiVariant::Halma4Teams, 1_048_576),
    ] {
        assert_eq!(MultiPos::start(v).perft(4), want, "{}", v.id());
    }
}

#[test]
fn in_teams_a_leave_decides_the_game_even_if_a_seat_finishes_that_round() {
    let white = camp_with(Seat::Black, &["o13"], &["n12"]);
    let mut g = game_at(
        MultiVariant::Halma4Teams,
        [
            &white,
            &camp(Seat::Green),
            &camp(Seat::White)
                .iter()
                .map(|s| {
                    // Black's pieces in the middle, out of everyone's way.
                    let q = sq(s);
                    Square::new(q.file + 6, q.rank + 6).to_string()
                })
                .collect(),
            &camp(Seat::Red),
        ],
        'w',
        60,
    );
    g.leave(Seat::Green, Leave::Timeout);
    g.play_text("n12-o13")
        .expect("white finishes after Green left");
    for _ in 0..3 {
        let t = g.position().legal_turns()[0];
        g.play(t).expect("g, b, r");
    }
    let o = g
        .outcome()
        .expect("Green's leave ends it at the round's end");
    assert_eq!(o.places, [Some(1), Some(3), Some(1), Some(3)]);
    assert_eq!(o.reason, Reason::Timeout);
}

#[test]
fn finishing_in_round_two_hundred_ends_by_goal() {
    // White, Green and Black one step from done; all three finish in round 200.
    let white = camp_with(Seat::Black, &["o13"], &["n12"]);
    let green = camp_with(Seat::Red, &["o4"], &["n5"]);
    let black = camp_with(Seat::White, &["b4"], &["c5"]);
    let red = list("e10,f10,g10,h10,i10,j10,k10,e11,f11,g11,h11,i11,j11");
    let mut g = game_at(
        MultiVariant::Halma4,
        [&white, &green, &black, &red],
        'w',
        200,
    );
    for m in ["n12-o13", "n5-o4", "c5-b4", "k10-l10"] {
        g.play_text(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    let o = g.outcome().expect("over");
    assert_eq!(o.reason, Reason::Goal, "both apply after round 200: goal");
    assert_eq!(o.places, [Some(1), Some(1), Some(1), Some(4)]);
}

#[test]
fn a_left_tag_naming_a_seat_that_cannot_leave_is_refused() {
    for (tag, why) in [
        ("r timeout 0", "Red has no seat in halma3"),
        ("g timeout 0; g resignation 1", "Green left already"),
        ("g timeout 9", "after the last turn"),
        ("g sulked 1", "not a way to leave"),
    ] {
        let rec = format!("[Variant \"halma3\"]\n[Left \"{tag}\"]\n1. a3-c5 b14-b12 p14-n12");
        let e = MultiGame::from_record(&Record::parse(&rec).expect("parse"), None, None)
            .expect_err(why);
        assert!(e.to_string().contains("Left tag"), "{why}: {e}");
    }
}
