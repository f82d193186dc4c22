//! The multi-player arena: the program in one seat against greedy one-ply seats in all
//! the others, game after game, with the places and any illegal move counted.

use super::Level;
use super::multi::{MultiLimits, choose_multi, greedy_multi};
use super::rng::{Rng, mix};
use crate::engine::Reason;
use crate::engine::multi::{MultiPos, MultiVariant, Seat};
use std::time::Duration;

/// What to play.
#[derive(Clone, Copy, Debug)]
pub struct ArenaSpec {
    /// The variant (its seats take turns being the program's).
    pub variant: MultiVariant,
    /// Number of games.
    pub games: u32,
    /// The program's level.
    pub level: Level,
    /// Seed of the greedy seats' tie-breaks and the program's.
    pub seed: u64,
    /// Worker threads.
    pub threads: usize,
}

/// One game's result.
#[derive(Clone, Copy, Debug)]
pub struct ArenaGame {
    /// 0-based game number.
    pub index: u32,
    /// The program's seat.
    pub seat: Seat,
    /// Places of every seat.
    pub places: [Option<u8>; 4],
    /// Why the game ended.
    pub reason: Reason,
    /// Rounds played.
    pub rounds: u16,
    /// Turns the program played.
    pub program_turns: u32,
    /// Turns the program chose that were not legal (must stay 0).
    pub illegal: u32,
    /// The program's thinking time over the game.
    pub program_time: Duration,
}

impl ArenaGame {
    /// The program's place.
    pub fn place(&self) -> u8 {
        self.places[self.seat.index()].unwrap_or(u8::MAX)
    }
}

/// Play game `index` of `spec`.
pub fn play_game(spec: &ArenaSpec, index: u32) -> ArenaGame {
    let seats: Vec<Seat> = spec.variant.seats().iter().collect();
    let seat = seats[index as usize % seats.len()];
    let limits = MultiLimits::level(spec.level).reproducible();
    let mut rng = Rng::new(mix(spec.seed ^ mix(index as u64)));
    let mut pos = MultiPos::start(spec.variant);
    let (mut turns, mut illegal, mut time) = (0, 0, Duration::ZERO);
    while !pos.is_over() {
        let t = if pos.to_move() == seat {
            let r = choose_multi(&pos, &limits, rng.next_u64()).expect("a turn in play");
            turns += 1;
            time += r.elapsed;
            if !pos.is_legal(r.turn) {
                illegal += 1;
                // An illegal choice is counted and replaced, so the game still ends.
                pos.legal_turns()[0]
            } else {
                r.turn
            }
        } else {
            greedy_multi(&pos, &mut rng).expect("a turn in play")
        };
        pos = pos.play(t);
    }
    let o = pos.outcome().expect("the game is over");
    ArenaGame {
        index,
        seat,
        places: o.places,
        reason: o.reason,
        rounds: pos.round() - 1,
        program_turns: turns,
        illegal,
        program_time: time,
    }
}

/// Play every game of `spec` on its threads, calling `progress` after each.
pub fn run(spec: &ArenaSpec, progress: &(dyn Fn(&ArenaGame) + Sync)) -> Vec<ArenaGame> {
    let next = std::sync::atomic::AtomicU32::new(0);
    let results = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..spec.threads.max(1) {
            s.spawn(|| {
                loop {
                    let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    if i >= spec.games {
                        break;
                    }
                    let g = play_game(spec, i);
                    progress(&g);
                    if let Ok(mut r) = results.lock() {
                        r.push(g);
                    }
                }
            });
        }
    });
    let mut v = results.into_inner().unwrap_or_default();
    v.sort_by_key(|g| g.index);
    v
}
