//! The CLI's output formats are a contract other tools rely on.

use std::io::Write;
use std::process::{Command, Stdio};

pub(crate) fn ugolki(args: &[&str], stdin: Option<&str>) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ugolki"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run ugolki");
    if let Some(s) = stdin {
        child.stdin.take().unwrap().write_all(s.as_bytes()).unwrap();
    } else {
        drop(child.stdin.take());
    }
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn perft_last_line_is_the_count() {
    let (code, out, _) = ugolki(&["perft", "--variant", "classic", "--depth", "3"], None);
    assert_eq!(code, 0);
    assert_eq!(out.lines().last(), Some("2784"));
    let (_, out, _) = ugolki(
        &["perft", "--variant", "classic", "--depth", "2", "--divide"],
        None,
    );
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 13);
    assert_eq!(lines[12], "144");
    assert!(lines.contains(&"b2-b4 12"));
    let sum: u64 = lines[..12]
        .iter()
        .map(|l| l.split(' ').nth(1).unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(sum, 144);
}

#[test]
fn perft_takes_positions_and_options() {
    let pos = "W:a1,b1,c1,d4,e4,d5,e5,c5,d6 B:a5,b5,a6,b6,a7,b7,e3,f3,g3 w 12";
    let (_, plain, _) = ugolki(
        &[
            "perft",
            "--variant",
            "classic",
            "--position",
            pos,
            "--depth",
            "1",
        ],
        None,
    );
    let (_, forced, _) = ugolki(
        &[
            "perft",
            "--variant",
            "classic",
            "--position",
            pos,
            "--option",
            "forced_exit=true",
            "--depth",
            "1",
        ],
        None,
    );
    let n = |s: &str| s.lines().last().unwrap().parse::<u64>().unwrap();
    assert!(
        n(&forced) < n(&plain),
        "forced exit removes moves: {forced} vs {plain}"
    );
    let (code, _, err) = ugolki(
        &[
            "perft",
            "--variant",
            "classic",
            "--option",
            "bogus=1",
            "--depth",
            "1",
        ],
        None,
    );
    assert_eq!(code, 2);
    assert!(err.contains("unknown option 'bogus'"), "{err}");
    let (code, _, err) = ugolki(
        &[
            "perft",
            "--variant",
            "classic",
            "--position",
            "W:a1 B:h8 w 1",
            "--depth",
            "1",
        ],
        None,
    );
    assert_eq!(code, 2);
    assert!(err.contains("--position"), "{err}");
}

#[test]
fn moves_are_sorted_shortest_paths() {
    let (code, out, _) = ugolki(&["moves", "--variant", "classic"], None);
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines,
        [
            "a2-a4", "a3-a4", "b1-d1", "b2-b4", "b2-d2", "b3-b4", "b3-d3", "c1-d1", "c2-c4",
            "c2-d2", "c3-c4", "c3-d3"
        ]
    );
}

#[test]
fn replay_prints_result_reason_plies_position() {
    let rec = "1. c3-d3 f6-e6 2. d3-c3 e6-f6 3. c3-d3 f6-e6 4. d3-c3 e6-f6";
    let (code, out, _) = ugolki(&["replay", "--variant", "classic", "--json", rec], None);
    assert_eq!(code, 0);
    let j: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(j["result"], "1/2-1/2");
    assert_eq!(j["termination"], "repetition");
    assert_eq!(j["plies"], 8);
    assert_eq!(
        j["position"],
        "W:a1,b1,c1,a2,b2,c2,a3,b3,c3 B:f6,g6,h6,f7,g7,h7,f8,g8,h8 w 5"
    );
    let (_, out, _) = ugolki(&["replay", "--json", "-"], Some("c3-d3 f6-e6"));
    let j: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(j["result"], "*");
    assert!(j["termination"].is_null());
    let (_, out, _) = ugolki(&["replay", "c3-d3 f6-e6"], None);
    assert_eq!(
        out,
        "result: *\ntermination: none\nplies: 2\nposition: W:a1,b1,c1,a2,b2,c2,a3,b3,d3 B:e6,g6,h6,f7,g7,h7,f8,g8,h8 w 2\n"
    );
}

#[test]
fn replay_reports_the_bad_ply() {
    let (code, out, _) = ugolki(&["replay", "--json", "1. c3-d3 f6-e6 2. c3-c4"], None);
    assert_ne!(code, 0);
    let j: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(j["ply"], 2);
    assert_eq!(j["error"], "there is no piece on c3");
}

#[test]
fn replay_reads_files_and_record_tags() {
    let dir = std::env::temp_dir().join(format!("ugolki-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("game.txt");
    std::fs::write(
        &f,
        "[Variant \"diagonal\"]\n[White \"a\"]\n\n1. c3-d4 f6-e5 *\n",
    )
    .unwrap();
    let (code, out, _) = ugolki(&["replay", "--json", f.to_str().unwrap()], None);
    assert_eq!(code, 0, "{out}");
    let j: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(j["plies"], 2);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn variants_lists_every_variant() {
    let (code, out, _) = ugolki(&["variants"], None);
    assert_eq!(code, 0);
    for id in ugolki_bot::engine::VariantId::ALL.map(|v| v.id()) {
        assert!(
            out.lines().any(|l| l.starts_with(&format!("{id} "))),
            "{id} missing"
        );
    }
    assert!(out.contains("forced_exit"));
}

#[test]
fn engine_protocol_session() {
    let script = "isready\n\
        position startpos moves c3-d3 f6-e6\n\
        d\n\
        moves\n\
        go depth 1\n\
        position text \"W:e6,g6,h6,f7,g7,h7,f8,g8,h8 B:a1,b1,c1,a2,b2,c2,a3,b3,c3 w 31\"\n\
        go movetime 10\n\
        position startpos moves c3-c5\n\
        frobnicate\n\
        perft 2\n\
        variant diagonal\n\
        perft 1\n\
        option forced_exit=maybe\n\
        quit\n\
        isready\n";
    let (code, out, _) = ugolki(&["engine"], Some(script));
    assert_eq!(code, 0);
    // `go` prints `info` lines (search progress) before its `bestmove`.
    let lines: Vec<&str> = out.lines().filter(|l| !l.starts_with("info ")).collect();
    assert!(out.lines().any(|l| l.starts_with("info depth 1 ")), "{out}");
    assert_eq!(lines[0], "readyok");
    assert_eq!(
        lines[1],
        "position W:a1,b1,c1,a2,b2,c2,a3,b3,d3 B:e6,g6,h6,f7,g7,h7,f8,g8,h8 w 2"
    );
    assert_eq!(lines[2], "status * white to move");
    assert!(lines[3].starts_with("moves ") && lines[3].contains("d3-d4"));
    let best = lines[4].strip_prefix("bestmove ").expect("bestmove");
    assert!(lines[3].split(' ').any(|m| m == best), "{best} is listed");
    assert_eq!(
        lines[5], "bestmove (none)",
        "a decided position has no move"
    );
    assert!(lines[6].starts_with("error move 1 (c3-c5)"), "{}", lines[6]);
    assert_eq!(lines[7], "error unknown command 'frobnicate'");
    assert_eq!(
        lines[8], "perft 2 0",
        "the bad position command left the decided position in place"
    );
    assert_eq!(lines[9], "perft 1 26");
    assert!(lines[10].starts_with("error bad value 'maybe'"));
    assert_eq!(lines.len(), 11, "nothing after quit");
}
