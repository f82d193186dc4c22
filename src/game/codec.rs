//! Serde adapters for engine types inside records.
//!
//! Binary encodings (postcard) write enums by declaration index, so an engine enum
//! reordered later would silently change stored games. Engine values are therefore
//! written by their stable text ids (`classic`, `1-0`, `goal`), which also keeps the JSON
//! export readable. Paths are packed to one byte per square in binary (a 16×16 board
//! fits in 4 + 4 bits) and written as `c3-e3-e5` in JSON.

use crate::engine::{GameResult, Outcome, Path, Reason, Square, Variant, VariantId};
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
    }
}
