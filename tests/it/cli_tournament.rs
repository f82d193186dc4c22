//! `ugolki tournament`: an arbiter pairs and scores a tournament file round by round, and
//! the numbers are the bot's own.

use crate::cli::ugolki;
use serde_json::{Value, json};

/// Who won each game of a four-player round-robin, by the players' file indices: Anna
/// beats everyone, Boris beats Clara and Dmitri, Clara and Dmitri draw.
fn result_of(white: u64, black: u64) -> &'static str {
    let (a, b) = (white.min(black), white.max(black));
    let first_wins = match (a, b) {
        (2, 3) => return "draw",
        _ => true,
    };
    if first_wins == (white == a) {
        "white"
    } else {
        "black"
    }
}

/// Fill in every missing result of the file.
fn play_out(path: &std::path::Path) {
    let mut d: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    for r in d["rounds"].as_array_mut().unwrap() {
        for p in r["pairings"].as_array_mut().unwrap() {
            if p["result"].is_null() {
                let (w, b) = (p["white"].as_u64().unwrap(), p["black"].as_u64().unwrap());
                p["result"] = json!(result_of(w, b));
            }
        }
    }
    std::fs::write(path, d.to_string()).unwrap();
}

#[test]
fn a_round_robin_is_paired_by_bergers_table_and_scored_by_hand() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("club.json");
    std::fs::write(
        &file,
        json!({
            "format": {"round_robin": {"cycles": 1}},
            "players": [
                {"name": "Anna", "rating": 1600}, {"name": "Boris", "rating": 1500},
                {"name": "Clara", "rating": 1400}, {"name": "Dmitri", "rating": 1300}
            ],
            "rounds": []
        })
        .to_string(),
    )
    .unwrap();
    let f = file.to_str().unwrap();
    // FIDE's Berger table for four: 1-4 2-3 / 4-3 1-2 / 2-4 3-1 (1-based, White first).
    let berger = [[(1, 4), (2, 3)], [(4, 3), (1, 2)], [(2, 4), (3, 1)]];
    for (k, round) in berger.iter().enumerate() {
        let (code, out, err) = ugolki(&["tournament", "pair", f, "--json", "--write"], None);
        assert_eq!(code, 0, "{err}");
        let v: Value = serde_json::from_str(&out).unwrap();
        assert_eq!(v["round"], k as u64 + 1);
        let pairs: Vec<(u64, u64)> = v["pairings"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| {
                (
                    p["white"].as_u64().unwrap() + 1,
                    p["black"].as_u64().unwrap() + 1,
                )
            })
            .collect();
        assert_eq!(pairs, round.to_vec(), "round {}", k + 1);
        assert!(v["bye"].is_null());
        // The round is not finished: nothing more to pair until its results are in.
        let (code, _, err) = ugolki(&["tournament", "pair", f], None);
        assert_eq!(code, 1, "{err}");
        assert!(err.contains("not finished"), "{err}");
        play_out(&file);
    }
    let (code, _, err) = ugolki(&["tournament", "pair", f], None);
    assert_eq!(code, 3, "every round played: {err}");
    // By hand: Anna 3, Boris 2, Clara and Dmitri ½ each. Sonneborn-Berger: Anna beat
    // players of 2 + ½ + ½ = 3; Boris beat 1 (½ + ½); Clara and Dmitri drew each other:
    // ½ × ½ = ¼. They share third place: their direct encounter is a draw.
    let (code, out, err) = ugolki(&["tournament", "standings", f, "--json"], None);
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    let rows: Vec<(String, u64, f64, f64, f64)> = v
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["name"].as_str().unwrap().to_string(),
                r["rank"].as_u64().unwrap(),
                r["points"].as_f64().unwrap(),
                r["tie_breaks"]["SB"].as_f64().unwrap(),
                r["tie_breaks"]["DE"].as_f64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        rows,
        vec![
            ("Anna".into(), 1, 3.0, 3.0, 0.0),
            ("Boris".into(), 2, 2.0, 1.0, 0.0),
            ("Clara".into(), 3, 0.5, 0.25, 0.5),
            ("Dmitri".into(), 3, 0.5, 0.25, 0.5),
        ]
    );
    // The same as text, and as the picture the group sees.
    let png = dir.path().join("standings.png");
    let (code, out, err) = ugolki(
        &["tournament", "standings", f, "--png", png.to_str().unwrap()],
        None,
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        out.lines().any(|l| l.contains("Anna") && l.contains('3')),
        "{out}"
    );
    let bytes = std::fs::read(&png).unwrap();
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
}

#[test]
fn a_swiss_from_stdin_pairs_its_first_round_and_gives_the_bye() {
    let players: Vec<Value> = (0..5)
        .map(|i| json!({"name": format!("P{}", i + 1), "rating": 2000 - 100 * i}))
        .collect();
    let file = json!({"format": {"swiss": {"rounds": 3}}, "players": players, "rounds": []});
    let (code, out, err) = ugolki(
        &["tournament", "pair", "-", "--json"],
        Some(&file.to_string()),
    );
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    // Five: the lowest-rated sits out; 1 meets 3 and 4 meets 2 (the top half against the
    // bottom half, colours alternating down the boards).
    assert_eq!(v["bye"], 4);
    let pairs: Vec<(u64, u64)> = v["pairings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p["white"].as_u64().unwrap(), p["black"].as_u64().unwrap()))
        .collect();
    assert_eq!(pairs, vec![(0, 2), (3, 1)]);
}

#[test]
fn a_file_that_is_no_tournament_is_refused() {
    let (code, _, err) = ugolki(&["tournament", "standings", "-"], Some("{\"x\": 1}"));
    assert_eq!(code, 2);
    assert!(err.contains("not a tournament file"), "{err}");
    let bad = json!({
        "format": {"swiss": {"rounds": 3}},
        "players": [{"name": "A", "rating": 1500}, {"name": "B", "rating": 1500}],
        "rounds": [{"pairings": [{"white": 0, "black": 7, "result": "white"}], "bye": null}]
    });
    let (code, _, err) = ugolki(&["tournament", "pair", "-"], Some(&bad.to_string()));
    assert_eq!(code, 2, "a player outside the field: {err}");
}
