//! Bitboards: one bit per square, a u64 on 8×8, u128 on 10×10 and a four-word integer on 16×16.
//!
//! The rules code is generic over [`Geometry`], so 8×8 compiles to plain u64 arithmetic and
//! never pays for the wider boards.

use std::fmt::Debug;
use std::hash::Hash;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// A set of squares as a fixed-width bit set.
pub trait Bits:
    Copy
    + Eq
    + Hash
    + Debug
    + Default
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
{
    /// The empty set.
    const EMPTY: Self;
    /// The set holding only square index `i`.
    fn single(i: u8) -> Self;
    /// Whether index `i` is in the set.
    fn has(self, i: u8) -> bool;
    /// Whether the set is empty.
    fn is_empty(self) -> bool;
    /// Number of squares in the set.
    fn count(self) -> u32;
    /// Lowest index in a non-empty set.
    fn first(self) -> u8;
    /// Shift towards higher indices.
    fn shl(self, n: u32) -> Self;
    /// Shift towards lower indices.
    fn shr(self, n: u32) -> Self;

    /// Iterate over the indices in increasing order.
    #[inline]
    fn iter(self) -> BitIter<Self> {
        BitIter(self)
    }
    /// Whether the two sets share a square.
    #[inline]
    fn intersects(self, other: Self) -> bool {
        !(self & other).is_empty()
    }
}

/// Iterator over the set bits of a [`Bits`] value, lowest first.
#[derive(Clone, Copy, Debug)]
pub struct BitIter<B: Bits>(B);

impl<B: Bits> Iterator for BitIter<B> {
    type Item = u8;
    #[inline]
    fn next(&mut self) -> Option<u8> {
        if self.0.is_empty() {
            None
        } else {
            let i = self.0.first();
            self.0 ^= B::single(i);
            Some(i)
        }
    }
}

macro_rules! prim_bits {
    ($t:ty) => {
        impl Bits for $t {
            const EMPTY: Self = 0;
            #[inline]
            fn single(i: u8) -> Self {
                1 << i
            }
            #[inline]
            fn has(self, i: u8) -> bool {
                (self >> i) & 1 != 0
            }
            #[inline]
            fn is_empty(self) -> bool {
                self == 0
            }
            #[inline]
            fn count(self) -> u32 {
                self.count_ones()
            }
            #[inline]
            fn first(self) -> u8 {
                self.trailing_zeros() as u8
            }
            #[inline]
            fn shl(self, n: u32) -> Self {
                self << n
            }
            #[inline]
            fn shr(self, n: u32) -> Self {
                self >> n
            }
        }
    };
}
prim_bits!(u64);
prim_bits!(u128);

/// A 256-bit set for the 16×16 board (word 0 holds indices 0–63).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct U256(pub [u64; 4]);

impl BitAnd for U256 {
    type Output = U256;
    #[inline]
    fn bitand(self, o: U256) -> U256 {
        U256([
            self.0[0] & o.0[0],
            self.0[1] & o.0[1],
            self.0[2] & o.0[2],
            self.0[3] & o.0[3],
        ])
    }
}
impl BitOr for U256 {
    type Output = U256;
    #[inline]
    fn bitor(self, o: U256) -> U256 {
        U256([
            self.0[0] | o.0[0],
            self.0[1] | o.0[1],
            self.0[2] | o.0[2],
            self.0[3] | o.0[3],
        ])
    }
}
impl BitXor for U256 {
    type Output = U256;
    #[inline]
    fn bitxor(self, o: U256) -> U256 {
        U256([
            self.0[0] ^ o.0[0],
            self.0[1] ^ o.0[1],
            self.0[2] ^ o.0[2],
            self.0[3] ^ o.0[3],
        ])
    }
}
impl Not for U256 {
    type Output = U256;
    #[inline]
    fn not(self) -> U256 {
        U256([!self.0[0], !self.0[1], !self.0[2], !self.0[3]])
    }
}
impl BitAndAssign for U256 {
    #[inline]
    fn bitand_assign(&mut self, o: U256) {
        *self = *self & o;
    }
}
impl BitOrAssign for U256 {
    #[inline]
    fn bitor_assign(&mut self, o: U256) {
        *self = *self | o;
    }
}
impl BitXorAssign for U256 {
    #[inline]
    fn bitxor_assign(&mut self, o: U256) {
        *self = *self ^ o;
    }
}

impl Bits for U256 {
    const EMPTY: Self = U256([0; 4]);
    #[inline]
    fn single(i: u8) -> Self {
        let mut w = [0u64; 4];
        w[(i >> 6) as usize] = 1 << (i & 63);
        U256(w)
    }
    #[inline]
    fn has(self, i: u8) -> bool {
        (self.0[(i >> 6) as usize] >> (i & 63)) & 1 != 0
    }
    #[inline]
    fn is_empty(self) -> bool {
        (self.0[0] | self.0[1] | self.0[2] | self.0[3]) == 0
    }
    #[inline]
    fn count(self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }
    #[inline]
    fn first(self) -> u8 {
        for (k, w) in self.0.iter().enumerate() {
            if *w != 0 {
                return (k as u32 * 64 + w.trailing_zeros()) as u8;
            }
        }
        0
    }
    fn shl(self, n: u32) -> Self {
        let words = (n / 64) as usize;
        let bits = n % 64;
        let mut out = [0u64; 4];
        for i in (words..4).rev() {
            let src = i - words;
            let mut v = self.0[src] << bits;
            if bits > 0 && src > 0 {
                v |= self.0[src - 1] >> (64 - bits);
            }
            out[i] = v;
        }
        U256(out)
    }
    fn shr(self, n: u32) -> Self {
        let words = (n / 64) as usize;
        let bits = n % 64;
        let mut out = [0u64; 4];
        for (i, o) in out
            .iter_mut()
            .enumerate()
            .take(4usize.saturating_sub(words))
        {
            let src = i + words;
            let mut v = self.0[src] >> bits;
            if bits > 0 && src < 3 {
                v |= self.0[src + 1] << (64 - bits);
            }
            *o = v;
        }
        U256(out)
    }
}

/// A board size as a type: fixes the bitboard type and side length at compile time.
pub trait Geometry: Copy + Debug + Default + Send + Sync + 'static {
    /// The bit set wide enough for N×N squares.
    type B: Bits;
    /// Side length.
    const N: u8;
}

/// The 8×8 board (u64 bitboards).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct G8;
/// The 10×10 board (u128 bitboards).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct G10;
/// The 16×16 board (256-bit bitboards).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct G16;

impl Geometry for G8 {
    type B = u64;
    const N: u8 = 8;
}
impl Geometry for G10 {
    type B = u128;
    const N: u8 = 10;
}
impl Geometry for G16 {
    type B = U256;
    const N: u8 = 16;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn u256_shifts_match_bit_positions() {
        for i in [0u8, 1, 63, 64, 100, 127, 128, 200, 239] {
            for n in [1u32, 15, 16, 17, 32, 34, 64, 70] {
                let b = U256::single(i);
                let up = b.shl(n);
                if (i as u32 + n) < 256 {
                    assert_eq!(up, U256::single((i as u32 + n) as u8), "{i} << {n}");
                } else {
                    assert!(up.is_empty());
                }
                let down = b.shr(n);
                if i as u32 >= n {
                    assert_eq!(down, U256::single((i as u32 - n) as u8), "{i} >> {n}");
                } else {
                    assert!(down.is_empty());
                }
            }
        }
        let s = U256::single(3) | U256::single(70) | U256::single(255);
        assert_eq!(s.iter().collect::<Vec<_>>(), vec![3, 70, 255]);
        assert_eq!(s.count(), 3);
    }
}
