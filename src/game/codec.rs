//! Serde adapters for engine types inside records.
//!
//! Binary encodings (postcard) write enums by declaration index, so an engine enum
//! reordered later would silently change stored games. Engine values are therefore
//! written by their stable text ids (`classic`, `1-0`, `goal`), which also keeps the JSON
//! export readable. Paths are packed to one byte per square in binary (a 16×16 board
//! fits in 4 + 4 bits) and written as `c3-e3-e5` in JSON.

use crate::engine::multi::{MultiOutcome, MultiVariant, Seat};
use crate::engine::{
    AnyOutcome, AnyVariant, GameResult, Outcome, Path, Ply, Reason, Square, Variant, VariantId,
};
use serde::de::{self, Deserializer, SeqAccess, Visitor};
use serde::ser::Serializer;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::fmt;
use std::sync::{Mutex, OnceLock};

/// Parse a variant spec, reusing an already built variant (building one computes the
/// board tables, which would otherwise happen on every record decode).
pub fn variant_from_spec(spec: &str) -> Result<Variant, String> {
    static CACHE: OnceLock<Mutex<HashMap<String, Variant>>> = OnceLock::new();
    let cache = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
    if let Some(v) = cache.lock().unwrap_or_else(|e| e.into_inner()).get(spec) {
        return Ok(v.clone());
    }
    let v = Variant::parse(spec).map_err(|e| e.to_string())?;
    let mut c = cache.lock().unwrap_or_else(|e| e.into_inner());
    if c.len() < 256 {
        c.insert(spec.to_string(), v.clone());
    }
    Ok(v)
}

/// `Variant` as its spec string (`classic`, `classic,forced_exit=true`).
pub mod variant {
    use super::*;

    /// Write the spec.
    pub fn serialize<S: Serializer>(v: &Variant, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&v.spec())
    }

    /// Read a spec.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Variant, D::Error> {
        let spec = String::deserialize(d)?;
        variant_from_spec(&spec).map_err(de::Error::custom)
    }
}

/// `AnyVariant` as its spec string (`halma4`, `classic`, `classic,forced_exit=true`).
pub mod any_variant {
    use super::*;

    /// Write the spec.
    pub fn serialize<S: Serializer>(v: &AnyVariant, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&v.spec())
    }

    /// Read a spec.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<AnyVariant, D::Error> {
        let spec = String::deserialize(d)?;
        if let Ok(m) = spec.parse::<MultiVariant>() {
            return Ok(AnyVariant::Multi(m));
        }
        variant_from_spec(&spec)
            .map(AnyVariant::Two)
            .map_err(de::Error::custom)
    }
}

/// `VariantId` as its id string.
pub mod variant_id {
    use super::*;

    /// Write the id.
    pub fn serialize<S: Serializer>(v: &VariantId, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(v.id())
    }

    /// Read an id.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<VariantId, D::Error> {
        let id = String::deserialize(d)?;
        id.parse().map_err(de::Error::custom)
    }
}

#[derive(Serialize, Deserialize)]
struct OutcomeText {
    result: String,
    reason: String,
}

/// `Outcome` as `{result: "1-0", reason: "goal"}`.
pub mod outcome {
    use super::*;

    /// Write result and reason ids.
    pub fn serialize<S: Serializer>(o: &Outcome, s: S) -> Result<S::Ok, S::Error> {
        OutcomeText {
            result: o.result.as_str().to_string(),
            reason: o.reason.id().to_string(),
        }
        .serialize(s)
    }

    /// Read result and reason ids.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Outcome, D::Error> {
        let t = OutcomeText::deserialize(d)?;
        let result: GameResult = t
            .result
            .parse()
            .map_err(|_| de::Error::custom(format!("bad result '{}'", t.result)))?;
        let reason: Reason = t
            .reason
            .parse()
            .map_err(|_| de::Error::custom(format!("bad reason '{}'", t.reason)))?;
        Ok(Outcome { result, reason })
    }
}

/// `AnyOutcome` as `{result, reason}` like [`outcome`]: a two-sided result (`1-0`), or a
/// table's places (`w1 g3 b2 r4`, RULES §14 "Records").
pub mod any_outcome {
    use super::*;

    /// Write result (or places) and reason ids.
    pub fn serialize<S: Serializer>(o: &AnyOutcome, s: S) -> Result<S::Ok, S::Error> {
        let result = match o {
            AnyOutcome::Two(o) => o.result.as_str().to_string(),
            AnyOutcome::Places(o) => o.places_text(),
        };
        OutcomeText {
            result,
            reason: o.reason().id().to_string(),
        }
        .serialize(s)
    }

    /// Read result (or places) and reason ids.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<AnyOutcome, D::Error> {
        let t = OutcomeText::deserialize(d)?;
        let reason: Reason = t
            .reason
            .parse()
            .map_err(|_| de::Error::custom(format!("bad reason '{}'", t.reason)))?;
        if let Ok(result) = t.result.parse::<GameResult>() {
            return Ok(AnyOutcome::Two(Outcome { result, reason }));
        }
        let places = parse_places(&t.result)
            .ok_or_else(|| de::Error::custom(format!("bad result '{}'", t.result)))?;
        Ok(AnyOutcome::Places(MultiOutcome { places, reason }))
    }
}

/// Read `w1 g3 b2 r4` (each seat at most once, places 1 to 4).
pub fn parse_places(text: &str) -> Option<[Option<u8>; 4]> {
    let mut places = [None; 4];
    for w in text.split_whitespace() {
        let mut chars = w.chars();
        let seat = Seat::from_letter(chars.next()?)?;
        let place: u8 = chars
            .as_str()
            .parse()
            .ok()
            .filter(|p| (1..=4).contains(p))?;
        if places[seat.index()].replace(place).is_some() {
            return None;
        }
    }
    places.iter().any(Option::is_some).then_some(places)
}

/// Pack paths: per path one length byte, then one byte per square (`file << 4 | rank`).
pub fn pack_paths(paths: &[Path]) -> Vec<u8> {
    let mut out = Vec::with_capacity(paths.len() * 3);
    for p in paths {
        let sq = p.squares();
        out.push(sq.len() as u8);
        out.extend(sq.iter().map(|s| (s.file << 4) | (s.rank & 15)));
    }
    out
}

/// Inverse of [`pack_paths`].
pub fn unpack_paths(bytes: &[u8]) -> Result<Vec<Path>, String> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let n = bytes[i] as usize;
        i += 1;
        let end = i + n;
        if end > bytes.len() {
            return Err(format!("packed path {} runs past the end", out.len()));
        }
        let squares = bytes[i..end]
            .iter()
            .map(|b| Square::new(b >> 4, b & 15))
            .collect();
        out.push(
            Path::new(squares).ok_or_else(|| format!("packed path {} is too short", out.len()))?,
        );
        i = end;
    }
    Ok(out)
}

/// `Vec<Path>`: packed bytes in binary encodings, `["c3-d3", ...]` in JSON.
pub mod paths {
    use super::*;

    /// Write the paths.
    pub fn serialize<S: Serializer>(v: &[Path], s: S) -> Result<S::Ok, S::Error> {
        if s.is_human_readable() {
            v.serialize(s)
        } else {
            s.serialize_bytes(&pack_paths(v))
        }
    }

    struct Packed;

    impl<'de> Visitor<'de> for Packed {
        type Value = Vec<Path>;
        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("packed paths")
        }
        fn visit_bytes<E: de::Error>(self, b: &[u8]) -> Result<Vec<Path>, E> {
            unpack_paths(b).map_err(E::custom)
        }
        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<Path>, A::Error> {
            let mut b = Vec::new();
            while let Some(x) = seq.next_element::<u8>()? {
                b.push(x);
            }
            unpack_paths(&b).map_err(de::Error::custom)
        }
    }

    /// Read the paths.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Path>, D::Error> {
        if d.is_human_readable() {
            Vec::<Path>::deserialize(d)
        } else {
            d.deserialize_bytes(Packed)
        }
    }
}

/// `Vec<Ply>`: packed bytes in binary encodings as [`paths`] (a pass is a path of no
/// squares), `["c3-d3", "--", ...]` in JSON. A two-sided game's plies are stored exactly
/// as its paths always were.
pub mod plies {
    use super::*;

    /// Pack plies: per ply one length byte (0 for a pass), then its squares.
    pub fn pack(plies: &[Ply]) -> Vec<u8> {
        let mut out = Vec::with_capacity(plies.len() * 3);
        for p in plies {
            match p {
                Ply::Move(path) => {
                    let sq = path.squares();
                    out.push(sq.len() as u8);
                    out.extend(sq.iter().map(|s| (s.file << 4) | (s.rank & 15)));
                }
                Ply::Pass => out.push(0),
            }
        }
        out
    }

    /// Inverse of [`pack`].
    pub fn unpack(bytes: &[u8]) -> Result<Vec<Ply>, String> {
        let mut out = Vec::new();
        let mut i = 0;
        while i < bytes.len() {
            let n = bytes[i] as usize;
            i += 1;
            if n == 0 {
                out.push(Ply::Pass);
                continue;
            }
            let end = i + n;
            if end > bytes.len() {
                return Err(format!("packed ply {} runs past the end", out.len()));
            }
            let squares = bytes[i..end]
                .iter()
                .map(|b| Square::new(b >> 4, b & 15))
                .collect();
            out.push(Ply::Move(Path::new(squares).ok_or_else(|| {
                format!("packed ply {} is too short", out.len())
            })?));
            i = end;
        }
        Ok(out)
    }

    /// Write the plies.
    pub fn serialize<S: Serializer>(v: &[Ply], s: S) -> Result<S::Ok, S::Error> {
        if s.is_human_readable() {
            s.collect_seq(v.iter().map(|p| p.to_string()))
        } else {
            s.serialize_bytes(&pack(v))
        }
    }

    struct Packed;

    impl<'de> Visitor<'de> for Packed {
        type Value = Vec<Ply>;
        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("packed plies")
        }
        fn visit_bytes<E: de::Error>(self, b: &[u8]) -> Result<Vec<Ply>, E> {
            unpack(b).map_err(E::custom)
        }
        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<Ply>, A::Error> {
            let mut b = Vec::new();
            while let Some(x) = seq.next_element::<u8>()? {
                b.push(x);
            }
            unpack(&b).map_err(de::Error::custom)
        }
    }

    /// Read the plies.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Ply>, D::Error> {
        if d.is_human_readable() {
            Vec::<String>::deserialize(d)?
                .iter()
                .map(|t| Ply::parse(t).ok_or_else(|| de::Error::custom(format!("bad ply '{t}'"))))
                .collect()
        } else {
            d.deserialize_bytes(Packed)
        }
    }
}

/// Per-seat arrays (`[T; 4]`): exactly four in binary encodings; in JSON also the two of
/// an export from before games had more seats (the rest then default).
pub mod seats4 {
    use super::*;

    /// Write the four values.
    pub fn serialize<S: Serializer, T: Serialize>(v: &[T; 4], s: S) -> Result<S::Ok, S::Error> {
        v.serialize(s)
    }

    struct UpTo4<T>(std::marker::PhantomData<T>);

    impl<'de, T: Deserialize<'de> + Default + Copy> Visitor<'de> for UpTo4<T> {
        type Value = [T; 4];
        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("two to four per-seat values")
        }
        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<[T; 4], A::Error> {
            let mut out = [T::default(); 4];
            let mut n = 0;
            while let Some(x) = seq.next_element::<T>()? {
                if n == 4 {
                    return Err(de::Error::invalid_length(5, &self));
                }
                out[n] = x;
                n += 1;
            }
            if n < 2 {
                return Err(de::Error::invalid_length(n, &self));
            }
            Ok(out)
        }
    }

    /// Read the values.
    pub fn deserialize<'de, D, T>(d: D) -> Result<[T; 4], D::Error>
    where
        D: Deserializer<'de>,
        T: Deserialize<'de> + Default + Copy,
    {
        if d.is_human_readable() {
            d.deserialize_seq(UpTo4(std::marker::PhantomData))
        } else {
            <[T; 4]>::deserialize(d)
        }
    }
}

/// A game's rating changes: one per seat of a person; in JSON also an export's older
/// `[white, black]` pair (or `null`).
pub mod seat_ratings {
    use super::*;
    use crate::game::rating::{RatingChange, SeatRating};

    /// Write the changes.
    pub fn serialize<S: Serializer>(v: &[SeatRating], s: S) -> Result<S::Ok, S::Error> {
        v.serialize(s)
    }

    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Either {
        Seats(Vec<SeatRating>),
        Pair([RatingChange; 2]),
        None(()),
    }

    /// Read the changes.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<SeatRating>, D::Error> {
        if !d.is_human_readable() {
            return Vec::<SeatRating>::deserialize(d);
        }
        Ok(match Either::deserialize(d)? {
            Either::Seats(v) => v,
            Either::Pair([w, b]) => vec![
                SeatRating {
                    seat: Seat::White,
                    change: w,
                },
                SeatRating {
                    seat: Seat::Black,
                    change: b,
                },
            ],
            Either::None(()) => Vec::new(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packed_paths_round_trip_on_every_board() {
        let paths: Vec<Path> = ["c3-d3", "c3-e3-e5", "a1-p16", "p1-a16-c14-e12"]
            .iter()
            .map(|t| Path::new(t.split('-').map(|s| Square::parse(s).unwrap()).collect()).unwrap())
            .collect();
        let b = pack_paths(&paths);
        assert_eq!(b.len(), 4 + 2 + 3 + 2 + 4);
        assert_eq!(unpack_paths(&b).unwrap(), paths);
        assert!(unpack_paths(&b[..b.len() - 1]).is_err());
        assert!(unpack_paths(&[1, 0x22]).is_err());
        // Plies pack as paths did, a pass as a path of no squares.
        let plies: Vec<Ply> = paths.iter().cloned().map(Ply::Move).collect();
        assert_eq!(plies::pack(&plies), b);
        let mut with_pass = plies.clone();
        with_pass.insert(1, Ply::Pass);
        assert_eq!(plies::unpack(&plies::pack(&with_pass)).unwrap(), with_pass);
    }

    #[test]
    fn places_read_back() {
        assert_eq!(
            parse_places("w1 g3 b2 r4"),
            Some([Some(1), Some(3), Some(2), Some(4)])
        );
        assert_eq!(parse_places("w1 b2"), Some([Some(1), None, Some(2), None]));
        for bad in ["", "w1 w2", "x1", "w5", "w"] {
            assert_eq!(parse_places(bad), None, "{bad}");
        }
    }
}
