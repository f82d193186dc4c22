//! The transposition table: one entry per slot, depth-preferred with ageing, so a table
//! owned by the caller can be reused from move to move.

use crate::engine::core::RawMove;

/// How a stored score bounds the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The score is exact.
    Exact,
    /// The true value is at least the score (a cut-off).
    Lower,
    /// The true value is at most the score (no move raised alpha).
    Upper,
}

/// One stored search result (16 bytes).
#[derive(Clone, Copy, Debug, Default)]
struct Slot {
    key: u64,
    score: i32,
    from: u8,
    to: u8,
    depth: u8,
    /// bits 0-1: bound (1 exact, 2 lower, 3 upper; 0 empty), bits 2-7: age.
    meta: u8,
}

/// What a probe found.
#[derive(Clone, Copy, Debug)]
pub struct Hit {
    /// The best or refuting move stored (may be absent).
    pub mv: Option<RawMove>,
    /// Stored score (mate-style scores are relative to the stored node).
    pub score: i32,
    /// Remaining depth the score was searched to.
    pub depth: u8,
    /// How the score bounds the value.
    pub bound: Bound,
}

/// A fixed-size transposition table keyed by the engine's Zobrist hash (plus move number).
pub struct Tt {
    slots: Vec<Slot>,
    mask: usize,
    age: u8,
}

impl Tt {
    /// A table of about `mb` megabytes (rounded down to a power of two entries, at least 1024).
    pub fn new(mb: usize) -> Tt {
        let want = (mb.max(1) << 20) / std::mem::size_of::<Slot>();
        let mut n = 1024usize;
        while n * 2 <= want {
            n *= 2;
        }
        Tt {
            slots: vec![Slot::default(); n],
            mask: n - 1,
            age: 0,
        }
    }

    /// Number of slots.
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// Whether the table has no slots (never: kept for the `len` convention).
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// Start a new search: older entries become preferred victims.
    pub fn new_search(&mut self) {
        self.age = (self.age + 1) & 63;
    }

    /// Forget everything.
    pub fn clear(&mut self) {
        self.slots.iter_mut().for_each(|s| *s = Slot::default());
    }

    /// Look up `key`.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Hit> {
        let s = &self.slots[key as usize & self.mask];
        if s.key != key || s.meta & 3 == 0 {
            return None;
        }
        let bound = match s.meta & 3 {
            1 => Bound::Exact,
            2 => Bound::Lower,
            _ => Bound::Upper,
        };
        Some(Hit {
            mv: (s.from != s.to).then_some(RawMove {
                from: s.from,
                to: s.to,
            }),
            score: s.score,
            depth: s.depth,
            bound,
        })
    }

    /// Store a result; a deeper entry of the current search for another key is kept.
    #[inline]
    pub fn store(&mut self, key: u64, depth: u8, score: i32, bound: Bound, mv: Option<RawMove>) {
        let age = self.age;
        let s = &mut self.slots[key as usize & self.mask];
        let same = s.key == key;
        if !same && s.meta & 3 != 0 && (s.meta >> 2) == age && s.depth > depth {
            return;
        }
        let (from, to) = match mv {
            Some(m) => (m.from, m.to),
            None if same => (s.from, s.to),
            None => (0, 0),
        };
        let b = match bound {
            Bound::Exact => 1,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        *s = Slot {
            key,
            score,
            from,
            to,
            depth,
            meta: b | (age << 2),
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn store_probe_and_replacement() {
        let mut tt = Tt::new(1);
        assert!(tt.len() >= 1024);
        let m = RawMove { from: 3, to: 11 };
        tt.store(42, 5, -17, Bound::Lower, Some(m));
        let h = tt.probe(42).expect("stored");
        assert_eq!(
            (h.score, h.depth, h.bound, h.mv),
            (-17, 5, Bound::Lower, Some(m))
        );
        assert!(tt.probe(43).is_none());
        // Same slot, other key, shallower: the deeper entry of this search stays.
        let other = 42 + tt.len() as u64;
        tt.store(other, 2, 1, Bound::Exact, None);
        assert!(tt.probe(other).is_none());
        assert!(tt.probe(42).is_some());
        // After a new search the old entry may be replaced.
        tt.new_search();
        tt.store(other, 2, 1, Bound::Exact, None);
        assert_eq!(tt.probe(other).map(|h| h.score), Some(1));
        assert!(tt.probe(42).is_none());
    }
}
