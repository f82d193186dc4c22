//! Perft vectors from tests/data/perft.txt (shakmaty-style), checked against the engine and,
//! for every count small enough, against the independent naive generator.

use crate::common::reference::RefRules;
use ugolki_bot::engine::{Position, Variant, split_option};

struct Entry {
    id: String,
    variant: Variant,
    position: Position,
    counts: Vec<(u32, u64)>,
}

fn entries() -> Vec<Entry> {
    let text = include_str!("../data/perft.txt");
    let mut out = Vec::new();
    for block in text.split("\n\n") {
        let mut id = None;
        let mut variant: Option<Variant> = None;
        let mut position = None;
        let mut counts = Vec::new();
        for line in block.lines().map(str::trim) {
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let (key, rest) = line.split_once(' ').expect("key value");
            match key {
                "id" => id = Some(rest.to_string()),
                "variant" => variant = Some(Variant::parse(rest).expect("variant")),
                "option" => {
                    let (n, v) = split_option(rest).expect("option");
                    variant = Some(
                        variant
                            .expect("variant first")
                            .with_option(n, v)
                            .expect("valid option"),
                    );
                }
                "position" => {
                    let v = variant.as_ref().expect("variant before position");
                    position = Some(if rest == "startpos" {
                        v.start()
                    } else {
                        Position::from_text(v, rest).unwrap_or_else(|e| panic!("{rest}: {e}"))
                    });
                }
                "perft" => {
                    let (d, n) = rest.split_once(' ').expect("depth count");
                    counts.push((d.parse().expect("depth"), n.parse().expect("count")));
                }
                other => panic!("unknown key {other}"),
            }
        }
        if let Some(id) = id {
            out.push(Entry {
                id,
                variant: variant.expect("variant"),
                position: position.expect("position"),
                counts,
            });
        }
    }
    out
}

#[test]
fn data_file_has_the_required_coverage() {
    let e = entries();
    assert!(e.len() >= 40, "{} entries", e.len());
    let crafted = e.iter().filter(|e| !e.id.ends_with("-start")).count();
    assert!(crafted >= 20, "{crafted} crafted positions");
}

#[test]
fn start_positions_match_rules_table() {
    // RULES.md §12, copied here so that a regenerated data file cannot silently drift.
    let table: &[(&str, &[u64])] = &[
        ("classic", &[12, 144, 2784, 53824]),
        ("classic-3x4", &[14, 196, 4412, 99569]),
        ("diagonal", &[26, 677, 23547, 828210]),
        ("diagonal-3x4", &[33, 1107, 49318, 2248422]),
        ("triangle", &[24, 576, 20050, 700034]),
        ("square4", &[16, 260, 6524, 164590]),
        ("gambiter", &[12, 144, 2784, 53824]),
        ("halma10", &[32, 1024, 46016]),
        ("halma16", &[40, 1600, 85440]),
        ("duelio", &[26, 677, 23547, 828210]),
    ];
    for (id, counts) in table {
        let start = Variant::parse(id).unwrap().start();
        for (d, n) in counts.iter().enumerate() {
            assert_eq!(start.perft(d as u32 + 1), *n, "{id} depth {}", d + 1);
        }
    }
}

#[test]
fn engine_matches_every_vector() {
    for e in entries() {
        for &(d, n) in &e.counts {
            assert_eq!(e.position.perft(d), n, "{} depth {d}", e.id);
        }
    }
}

#[test]
fn divide_sums_to_perft() {
    for e in entries() {
        if let Some(&(d, n)) = e
            .counts
            .iter()
            .filter(|(_, n)| *n < 200_000)
            .max_by_key(|(d, _)| *d)
        {
            let sum: u64 = e.position.divide(d).iter().map(|(_, k)| k).sum();
            assert_eq!(sum, n, "{} divide {d}", e.id);
        }
    }
}

#[test]
fn independent_generator_agrees_on_small_counts() {
    let mut checked = 0;
    for e in entries() {
        let r = RefRules::new(&e.variant);
        let p = r.load(&e.position);
        for &(d, n) in &e.counts {
            if n > 150_000 {
                continue;
            }
            assert_eq!(r.perft(&p, d), n, "reference: {} depth {d}", e.id);
            checked += 1;
        }
    }
    assert!(checked >= 100, "only {checked} vectors cross-checked");
}
