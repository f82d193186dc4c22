//! Indexed PNG encoding in bands of rows, with a cache of compressed bands.
//!
//! A board picture changes in a few ranks per move, and boards of different games share
//! whole ranks (empty ranks, the frame), yet deflating the full picture would take a fifth
//! of the bot's CPU per move under load. So the picture is cut into bands of rows (for a
//! board, one per rank and one per frame edge), each filtered and compressed on its own into a
//! raw deflate stream ended by a sync flush (byte aligned, no back-references into other
//! bands). Concatenated, with the zlib header, a final empty block and the combined
//! Adler-32, they are one valid zlib stream. A band's first row is filtered against its
//! left neighbour ("sub") rather than the row above ("up"), so its bytes depend on its
//! own rows alone, and a band whose key was seen recently is neither drawn nor
//! compressed again: the caller keys a band by what it shows (the squares and marks of a
//! rank), or [`encode`] by a hash of its pixels. A band's bytes depend only on its
//! pixels, so a picture's bytes are the same whether its bands came from the cache or not.

use super::RenderError;
use flate2::{Compress, Compression, FlushCompress, Status};
use std::collections::HashMap;
use std::ops::Range;
use std::sync::{Arc, Mutex};

/// Rows per band in [`encode`] (pictures given as pixels).
#[cfg(test)]
pub const BAND_ROWS: usize = 45;

/// Default bytes of compressed bands kept (in two generations; see [`BandCache`]).
pub const DEFAULT_BUDGET: usize = 8 << 20;

/// PNG filter type "up": each byte minus the byte above it. Repeated rows become runs of
/// zeros, which level 1 compresses well.
const FILTER_UP: u8 = 2;

/// PNG filter type "sub": each byte minus the byte to its left (one byte per pixel), for
/// a band's first row, so that the band does not depend on the row above it.
const FILTER_SUB: u8 = 1;

/// One band of a picture to encode.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BandPlan {
    /// Its rows.
    pub rows: Range<usize>,
    /// What it shows, as a [`content_key`]: two bands with the same key must have the same
    /// pixels (and the same width).
    pub key: u128,
}

/// One compressed band.
struct Band {
    /// Raw deflate data ending with a sync flush.
    deflate: Vec<u8>,
    /// Adler-32 of the filtered bytes.
    adler: u32,
    /// Number of filtered bytes.
    len: u64,
}

/// Hit and miss counts, for the bench and the logs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BandStats {
    /// Bands taken from the cache.
    pub hits: u64,
    /// Bands compressed.
    pub misses: u64,
}

/// Recently compressed bands by content hash, bounded in bytes: new bands go to the hot
/// generation; when it holds half the budget it becomes the cold one (the old cold one is
/// dropped), and a hit in the cold generation moves the band back. A cheap LRU.
pub struct BandCache {
    budget: usize,
    inner: Mutex<Generations>,
}

#[derive(Default)]
struct Generations {
    hot: HashMap<u128, Arc<Band>>,
    cold: HashMap<u128, Arc<Band>>,
    hot_bytes: usize,
    stats: BandStats,
}

impl Default for BandCache {
    fn default() -> Self {
        BandCache::new(DEFAULT_BUDGET)
    }
}

impl std::fmt::Debug for BandCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BandCache")
            .field("budget", &self.budget)
            .field("stats", &self.stats())
            .finish()
    }
}

impl BandCache {
    /// A cache keeping about `budget` bytes of compressed bands (0 keeps none).
    pub fn new(budget: usize) -> BandCache {
        BandCache {
            budget,
            inner: Mutex::new(Generations::default()),
        }
    }

    /// Hits and misses so far.
    pub fn stats(&self) -> BandStats {
        self.lock().stats
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Generations> {
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn get(&self, key: u128) -> Option<Arc<Band>> {
        let mut g = self.lock();
        if let Some(b) = g.hot.get(&key) {
            let b = Arc::clone(b);
            g.stats.hits += 1;
            return Some(b);
        }
        let b = g.cold.remove(&key)?;
        g.stats.hits += 1;
        g.hot_bytes += b.deflate.len();
        g.hot.insert(key, Arc::clone(&b));
        Some(b)
    }

    fn put(&self, key: u128, band: &Arc<Band>) {
        let mut g = self.lock();
        g.stats.misses += 1;
        if self.budget == 0 {
            return;
        }
        if g.hot_bytes + band.deflate.len() > self.budget / 2 {
            g.cold = std::mem::take(&mut g.hot);
            g.hot_bytes = 0;
        }
        g.hot_bytes += band.deflate.len();
        g.hot.insert(key, Arc::clone(band));
    }
}

/// PNG bytes of a `width`×`height` picture of palette indices (8 bits per pixel), in
/// bands of [`BAND_ROWS`] rows keyed by their pixels: the straightforward form the tests
/// hold [`encode_planned`] to.
#[cfg(test)]
pub fn encode(
    width: u32,
    height: u32,
    palette: &[u8],
    pixels: &[u8],
    cache: &BandCache,
) -> Result<Vec<u8>, RenderError> {
    let (w, h) = (width as usize, height as usize);
    if pixels.len() != w * h {
        return Err(bad_picture(width, height, pixels.len(), palette.len()));
    }
    let plan: Vec<BandPlan> = (0..h)
        .step_by(BAND_ROWS)
        .map(|top| {
            let rows = top..(top + BAND_ROWS).min(h);
            let key = hash128(PIXELS, &[&pixels[rows.start * w..rows.end * w]]);
            BandPlan { rows, key }
        })
        .collect();
    encode_planned(width, height, palette, &plan, cache, |rows, out| {
        out.copy_from_slice(&pixels[rows.start * w..rows.end * w]);
        Ok(())
    })
}

/// PNG bytes of a `width`×`height` indexed picture given band by band: `plan` covers the
/// rows in order, and `draw(rows, out)` fills `out` (`rows.len() × width` indices) for
/// each band whose key is not in `cache`, so a cached band costs neither drawing nor
/// compression.
pub fn encode_planned(
    width: u32,
    height: u32,
    palette: &[u8],
    plan: &[BandPlan],
    cache: &BandCache,
    mut draw: impl FnMut(Range<usize>, &mut [u8]) -> Result<(), RenderError>,
) -> Result<Vec<u8>, RenderError> {
    let w = width as usize;
    let h = height as usize;
    if w == 0 || h == 0 || palette.is_empty() || palette.len() > 768 {
        return Err(bad_picture(width, height, w * h, palette.len()));
    }
    let mut next = 0;
    for b in plan {
        if b.rows.start != next || b.rows.end <= b.rows.start {
            return Err(RenderError::Encode(format!(
                "bands must cover rows 0..{h} in order; got {:?} after row {next}",
                b.rows
            )));
        }
        next = b.rows.end;
    }
    if next != h {
        return Err(RenderError::Encode(format!(
            "bands cover rows 0..{next} of 0..{h}"
        )));
    }
    let mut zlib = Vec::with_capacity(48 * 1024);
    // CMF: deflate, 32 KB window; FLG: fastest level, no dictionary, check bits.
    zlib.extend_from_slice(&[0x78, 0x01]);
    let mut adler = 1u32;
    let mut pixels = Vec::new();
    let mut filtered = Vec::new();
    // One compressor per thread, reset for each band it compresses (so a band's bytes
    // still depend on the band alone): making one allocates and zeroes about 300 KB (zlib-rs's
    // window, hash chains and 128 KB hash table).
    thread_local! {
        static COMPRESSOR: std::cell::RefCell<Option<Compress>> =
            const { std::cell::RefCell::new(None) };
    }
    for b in plan {
        let band = match cache.get(b.key) {
            Some(band) => band,
            None => {
                pixels.clear();
                pixels.resize(b.rows.len() * w, 0);
                draw(b.rows.clone(), &mut pixels)?;
                filter(w, &pixels, &mut filtered);
                let band = COMPRESSOR.with_borrow_mut(|c| {
                    let c = c.get_or_insert_with(|| Compress::new(Compression::new(1), false));
                    compress_band(c, &filtered)
                })?;
                let band = Arc::new(band);
                cache.put(b.key, &band);
                band
            }
        };
        zlib.extend_from_slice(&band.deflate);
        adler = zlib_rs::adler32::adler32_combine(adler, band.adler, band.len);
    }
    // The final block: fixed Huffman codes, nothing but its end-of-block code.
    zlib.extend_from_slice(&[0x03, 0x00]);
    zlib.extend_from_slice(&adler.to_be_bytes());

    let mut out = Vec::with_capacity(zlib.len() + palette.len() + 128);
    out.extend_from_slice(b"\x89PNG\r\n\x1a\n");
    let mut ihdr = [0u8; 13];
    ihdr[0..4].copy_from_slice(&width.to_be_bytes());
    ihdr[4..8].copy_from_slice(&height.to_be_bytes());
    ihdr[8] = 8; // bit depth
    ihdr[9] = 3; // indexed colour
    // compression 0, filter method 0, no interlace
    chunk(&mut out, b"IHDR", &ihdr);
    chunk(&mut out, b"PLTE", palette);
    chunk(&mut out, b"IDAT", &zlib);
    chunk(&mut out, b"IEND", &[]);
    Ok(out)
}

fn bad_picture(width: u32, height: u32, pixels: usize, palette: usize) -> RenderError {
    RenderError::Encode(format!(
        "a {width}×{height} picture with {pixels} pixels and {palette} palette bytes"
    ))
}

/// Append a PNG chunk: length, type, data, CRC of type and data.
fn chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    out.extend_from_slice(&(data.len() as u32).to_be_bytes());
    out.extend_from_slice(kind);
    out.extend_from_slice(data);
    let crc = zlib_rs::crc32::crc32(zlib_rs::crc32::crc32(0, kind), data);
    out.extend_from_slice(&crc.to_be_bytes());
}

/// The filtered bytes of a band's `rows`: each row a filter byte, then the first row
/// minus its left neighbours ("sub") and every other row minus the one above ("up").
fn filter(w: usize, rows: &[u8], out: &mut Vec<u8>) {
    out.clear();
    out.reserve(rows.len() + rows.len() / w);
    let mut prev: Option<&[u8]> = None;
    for row in rows.chunks_exact(w) {
        match prev {
            Some(p) => {
                out.push(FILTER_UP);
                out.extend(row.iter().zip(p).map(|(a, b)| a.wrapping_sub(*b)));
            }
            None => {
                out.push(FILTER_SUB);
                out.push(row[0]);
                out.extend(row.windows(2).map(|p| p[1].wrapping_sub(p[0])));
            }
        }
        prev = Some(row);
    }
}

/// Raw deflate of `data` at level 1 (`c` is reset first, so the bytes depend on `data`
/// alone), ended by a sync flush so that bands concatenate.
fn compress_band(c: &mut Compress, data: &[u8]) -> Result<Band, RenderError> {
    c.reset();
    let mut deflate = Vec::with_capacity(data.len() / 8 + 64);
    loop {
        let consumed = c.total_in() as usize;
        deflate.reserve(data.len() / 8 + 64);
        let status = c
            .compress_vec(&data[consumed..], &mut deflate, FlushCompress::Sync)
            .map_err(|e| RenderError::Encode(e.to_string()))?;
        // Done once all input is in and the flush fitted (output space was left over).
        if c.total_in() as usize == data.len() && deflate.len() < deflate.capacity() {
            break;
        }
        if status == Status::BufError && deflate.len() < deflate.capacity() {
            return Err(RenderError::Encode(
                "the compressor made no progress".into(),
            ));
        }
    }
    Ok(Band {
        deflate,
        adler: zlib_rs::adler32::adler32(1, data),
        len: data.len() as u64,
    })
}

/// Hash domain of [`encode`]'s keys (a band's pixels).
#[cfg(test)]
const PIXELS: u64 = 0x0000_5049_5845_4C53;

/// Hash domain of [`content_key`].
const CONTENT: u64 = 0x0043_4F4E_5445_4E54;

/// The key of a band described by `description` (e.g. a rank's squares and marks, in
/// bytes that differ whenever its pixels would): a 128-bit hash, in a domain apart from
/// [`encode`]'s pixel keys.
pub fn content_key(description: &[u8]) -> u128 {
    hash128(CONTENT, &[description])
}

/// A 128-bit hash of `parts` in `domain` (four lanes over 64-bit words, so the
/// multiplications overlap): a few tens of microseconds for a 720 px picture.
fn hash128(domain: u64, parts: &[&[u8]]) -> u128 {
    const K: [u64; 4] = [
        0x9E37_79B9_7F4A_7C15,
        0xC2B2_AE3D_27D4_EB4F,
        0x1656_67B1_9E37_79F9,
        0xD6E8_FEB8_6659_FD93,
    ];
    let total: usize = parts.iter().map(|p| p.len()).sum();
    let mut lanes = [K[1] ^ domain, K[2] ^ total as u64, K[3], K[0]];
    let mut eat = |bytes: &[u8]| {
        let mut words = bytes.chunks_exact(32);
        for block in &mut words {
            for (i, lane) in lanes.iter_mut().enumerate() {
                let mut b = [0u8; 8];
                b.copy_from_slice(&block[i * 8..i * 8 + 8]);
                let x = u64::from_le_bytes(b);
                *lane = (*lane ^ x).wrapping_mul(K[i]).rotate_left(29);
            }
        }
        let rest = words.remainder();
        for (j, piece) in rest.chunks(8).enumerate() {
            let mut b = [0u8; 8];
            b[..piece.len()].copy_from_slice(piece);
            let x = u64::from_le_bytes(b) ^ ((piece.len() as u64) << 56);
            let lane = &mut lanes[j % 4];
            *lane = (*lane ^ x).wrapping_mul(K[j % 4]).rotate_left(29);
        }
    };
    for p in parts {
        eat(p);
    }
    let mix = |a: u64, b: u64, k: u64| {
        let x = (a ^ b.rotate_left(32)).wrapping_mul(k);
        x ^ (x >> 31)
    };
    let hi = mix(lanes[0], lanes[1], K[3]) ^ mix(lanes[2], lanes[3], K[0]);
    let lo = mix(lanes[1], lanes[2], K[2]) ^ mix(lanes[3], lanes[0], K[1]);
    (u128::from(hi) << 64) | u128::from(lo)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A picture with flat areas, repeated rows and noise, like a board with pieces.
    fn picture(w: usize, h: usize, seed: u64) -> Vec<u8> {
        let mut s = seed | 1;
        (0..w * h)
            .map(|i| {
                let (x, y) = (i % w, i / w);
                if (x / 30 + y / 30) % 3 == 0 {
                    s ^= s << 13;
                    s ^= s >> 7;
                    s ^= s << 17;
                    (s % 7) as u8
                } else {
                    ((x / 90 + y / 90) % 2) as u8 + 10
                }
            })
            .collect()
    }

    fn decode(png_bytes: &[u8]) -> (u32, u32, Vec<u8>, Vec<u8>) {
        let mut d = png::Decoder::new(std::io::Cursor::new(png_bytes));
        d.set_transformations(png::Transformations::IDENTITY);
        let mut r = d.read_info().expect("a PNG header");
        let palette = r.info().palette.as_ref().expect("a palette").to_vec();
        let mut buf = vec![0; r.output_buffer_size().expect("a size")];
        let info = r.next_frame(&mut buf).expect("the image data");
        buf.truncate(info.buffer_size());
        (info.width, info.height, palette, buf)
    }

    #[test]
    fn banded_pictures_decode_to_their_pixels() {
        let palette: Vec<u8> = (0..16 * 3).map(|i| (i * 5) as u8).collect();
        // Sizes with a short last band, a single band, and one row.
        for (w, h) in [(720, 720), (101, 47), (64, 45), (33, 1)] {
            let px = picture(w, h, w as u64 * 31 + h as u64);
            let cache = BandCache::default();
            let bytes = encode(w as u32, h as u32, &palette, &px, &cache).unwrap();
            let (dw, dh, dp, dpx) = decode(&bytes);
            assert_eq!((dw, dh), (w as u32, h as u32));
            assert_eq!(dp, palette);
            assert_eq!(dpx, px, "{w}×{h}");
        }
    }

    #[test]
    fn cached_bands_give_the_same_bytes_and_only_changed_bands_are_compressed() {
        let palette: Vec<u8> = (0..16 * 3).map(|i| (i * 7) as u8).collect();
        let a = picture(720, 720, 5);
        let mut b = a.clone();
        // Change a few pixels in one band (rows 100..110 lie in band 2 of 16).
        for y in 100..110 {
            b[y * 720 + 300] ^= 1;
        }
        let cache = BandCache::default();
        let first = encode(720, 720, &palette, &a, &cache).unwrap();
        assert_eq!(
            cache.stats(),
            BandStats {
                hits: 0,
                misses: 16
            }
        );
        let again = encode(720, 720, &palette, &a, &cache).unwrap();
        assert_eq!(
            again, first,
            "a picture from cached bands is byte-identical"
        );
        assert_eq!(
            cache.stats(),
            BandStats {
                hits: 16,
                misses: 16
            }
        );
        let changed = encode(720, 720, &palette, &b, &cache).unwrap();
        // Only band 2 changed.
        let s = cache.stats();
        assert_eq!((s.hits, s.misses), (16 + 15, 16 + 1));
        assert_eq!(decode(&changed).3, b);
        // Without a cache the bytes are the same.
        let fresh = encode(720, 720, &palette, &b, &BandCache::new(0)).unwrap();
        assert_eq!(fresh, changed);
    }

    #[test]
    fn a_change_in_the_last_row_of_a_band_does_not_recompress_the_band_below() {
        let palette: Vec<u8> = (0..16 * 3).map(|i| i as u8).collect();
        let a = picture(90, 135, 9);
        let mut b = a.clone();
        b[44 * 90 + 10] ^= 3; // the last row of band 0
        let cache = BandCache::default();
        encode(90, 135, &palette, &a, &cache).unwrap();
        let bytes = encode(90, 135, &palette, &b, &cache).unwrap();
        assert_eq!(
            cache.stats(),
            BandStats {
                hits: 2,
                misses: 3 + 1
            }
        );
        assert_eq!(decode(&bytes).3, b);
    }

    #[test]
    fn planned_bands_are_drawn_only_when_their_key_is_new() {
        let palette: Vec<u8> = (0..16 * 3).map(|i| (i * 3) as u8).collect();
        let px = picture(200, 120, 4);
        let plan = |keys: [u128; 3]| {
            vec![
                BandPlan {
                    rows: 0..17,
                    key: keys[0],
                },
                BandPlan {
                    rows: 17..90,
                    key: keys[1],
                },
                BandPlan {
                    rows: 90..120,
                    key: keys[2],
                },
            ]
        };
        let cache = BandCache::default();
        let drawn = std::cell::RefCell::new(Vec::new());
        let mut draw = |rows: Range<usize>, out: &mut [u8]| {
            drawn.borrow_mut().push(rows.clone());
            out.copy_from_slice(&px[rows.start * 200..rows.end * 200]);
            Ok(())
        };
        let keys = [content_key(b"a"), content_key(b"b"), content_key(b"c")];
        let first = encode_planned(200, 120, &palette, &plan(keys), &cache, &mut draw).unwrap();
        assert_eq!(decode(&first).3, px);
        let again = encode_planned(200, 120, &palette, &plan(keys), &cache, &mut draw).unwrap();
        assert_eq!(again, first, "cached bands give the same bytes");
        assert_eq!(
            *drawn.borrow(),
            vec![0..17, 17..90, 90..120],
            "nothing drawn the second time"
        );
        // Bands in other places, or of pixels given whole, come out the same.
        assert_eq!(
            encode(200, 120, &palette, &px, &BandCache::new(0))
                .map(|b| decode(&b).3)
                .unwrap(),
            px
        );
        // A plan that skips or overlaps rows is refused before anything is drawn.
        drawn.borrow_mut().clear();
        for bad in [
            vec![
                BandPlan {
                    rows: 0..60,
                    key: 1,
                },
                BandPlan {
                    rows: 61..120,
                    key: 2,
                },
            ],
            vec![
                BandPlan {
                    rows: 0..60,
                    key: 1,
                },
                BandPlan {
                    rows: 50..120,
                    key: 2,
                },
            ],
            vec![BandPlan {
                rows: 0..60,
                key: 1,
            }],
            vec![
                BandPlan { rows: 0..0, key: 1 },
                BandPlan {
                    rows: 0..120,
                    key: 2,
                },
            ],
        ] {
            assert!(encode_planned(200, 120, &palette, &bad, &cache, &mut draw).is_err());
        }
        assert!(drawn.borrow().is_empty());
    }

    #[test]
    fn the_cache_stays_within_its_budget() {
        let palette: Vec<u8> = (0..16 * 3).map(|i| i as u8).collect();
        let cache = BandCache::new(64 * 1024);
        for seed in 0..40 {
            encode(720, 720, &palette, &picture(720, 720, seed), &cache).unwrap();
            let g = cache.lock();
            let bytes: usize = g
                .hot
                .values()
                .chain(g.cold.values())
                .map(|b| b.deflate.len())
                .sum();
            assert!(bytes <= 64 * 1024 + 32 * 1024, "{bytes} bytes kept");
        }
    }

    #[test]
    fn bad_dimensions_are_refused() {
        let cache = BandCache::default();
        assert!(encode(10, 10, &[0, 0, 0], &[0; 99], &cache).is_err());
        assert!(encode(0, 10, &[0, 0, 0], &[], &cache).is_err());
        assert!(encode(1, 1, &[], &[0], &cache).is_err());
    }
}
