//! Property tests from random legal playouts: the engine and the independent naive generator
//! agree on every legal move and on every ending; paths replay to their destination;
//! position text and record text round-trip.

use crate::common::reference::{RefRules, to_squares};
use proptest::prelude::*;
use std::collections::BTreeSet;
use ugolki_bot::engine::{Color, Game, Move, Position, Record, Variant, VariantId};

const SPECS: &[&str] = &[
    "classic",
    "classic-3x4",
    "diagonal",
    "diagonal-3x4",
    "triangle",
    "square4",
    "gambiter",
    "halma10",
    "halma16",
    "duelio",
    "training",
    "training,directions=all",
    "classic,forced_exit=true",
    "diagonal,forced_exit=true,no_locking=true",
    "gambiter,mirror_limit=1",
    "classic,exit_deadline=6,move_limit=14",
    "diagonal,exit_deadline=5,move_limit=12,limit_rule=tempo",
];

fn rng(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

fn check_playout(spec: &str, seed: u64, plies: usize) -> Result<(), TestCaseError> {
    let variant = Variant::parse(spec).unwrap();
    let rr = RefRules::new(&variant);
    let mut s = seed | 1;
    let first = if variant.id() == VariantId::Duelio && rng(&mut s).is_multiple_of(2) {
        Color::Black
    } else {
        Color::White
    };
    let mut game = Game::from_position(variant.start_with(first));
    let mut rp = rr.load(game.position());
    for _ in 0..plies {
        let pos = game.position().clone();
        // Position text round trip.
        let text = pos.to_text();
        let back = Position::from_text(&variant, &text).unwrap();
        prop_assert_eq!(back.to_text(), text.clone());
        prop_assert_eq!(back.hash(), pos.hash());
        // Endings agree (repetition and return home are history rules the reference skips).
        let ref_end = rr.end(&rp).map(|e| e.describe());
        let eng_end = pos
            .terminal()
            .map(|o| (o.result.as_str().to_string(), o.reason.id()));
        prop_assert_eq!(&eng_end, &ref_end, "ending at {}", text);
        if game.is_over() {
            break;
        }
        // Move sets agree.
        let eng: BTreeSet<Move> = game.legal_moves().into_iter().collect();
        let reference: BTreeSet<Move> = rr
            .legal_moves(&rp)
            .into_iter()
            .map(|m| {
                let (from, to) = to_squares(m);
                Move { from, to }
            })
            .collect();
        prop_assert_eq!(&eng, &reference, "moves at {} ({})", text, spec);
        // Every path is a legal chain by the naive rules and ends on its destination.
        for m in &eng {
            let path = pos.path(*m).unwrap();
            prop_assert_eq!(path.from(), m.from);
            prop_assert_eq!(path.to(), m.to);
            prop_assert!(
                rr.path_is_legal(&rp, path.squares()),
                "path {} at {}",
                path,
                text
            );
            // The full path typed back is accepted as written.
            prop_assert_eq!(pos.check_squares(path.squares()).unwrap(), path.clone());
        }
        let moves: Vec<Move> = eng.into_iter().collect();
        let m = moves[(rng(&mut s) % moves.len() as u64) as usize];
        game.play(m).unwrap();
        let (f, t) = (m.from, m.to);
        rp = rr.apply(
            &rp,
            (
                (f.file as i32, f.rank as i32),
                (t.file as i32, t.rank as i32),
            ),
        );
        prop_assert_eq!(rp.mirror_count, game.position().mirror_count() as u32);
    }
    // Record round trip.
    let rec = game.to_record(&[("White", "w"), ("Black", "b")]);
    let parsed = Record::parse(&rec).unwrap();
    let back = Game::from_record(&parsed, None, None).unwrap();
    prop_assert_eq!(back.position().to_text(), game.position().to_text());
    prop_assert_eq!(back.moves(), game.moves());
    prop_assert_eq!(back.outcome(), game.outcome());
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, .. ProptestConfig::default() })]

    #[test]
    fn engine_agrees_with_naive_rules_on_random_playouts(
        idx in 0..SPECS.len(),
        seed in any::<u64>(),
        plies in 1usize..140,
    ) {
        check_playout(SPECS[idx], seed, plies)?;
    }
}

#[test]
fn every_spec_played_deep_at_least_once() {
    for (i, spec) in SPECS.iter().enumerate() {
        check_playout(spec, 0x9E37_79B9 + i as u64, 200).unwrap();
    }
}
