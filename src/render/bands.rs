//! Indexed PNG encoding in bands of rows, with a cache of compressed bands.
//!
//! A board picture changes in a few squares per move, and boards of different games share
//! whole ranks (empty squares, coordinates), yet deflating the full picture was a fifth of
//! the bot's CPU per move (issue 9). So the picture is cut into bands of [`BAND_ROWS`]
//! rows, each compressed on its own into a raw deflate stream ended by a sync flush (byte
//! aligned, no back-references into other bands). Concatenated, with the zlib header, a
//! final empty block and the combined Adler-32, they are one valid zlib stream; a band
//! seen recently (same pixels and same row above it, which the "up" filter reads) is not
//! compressed again. A band's bytes depend only on its content, so a picture's bytes are
//! the same whether its bands came from the cache or not.

use super::RenderError;
use flate2::{Compress, Compression, FlushCompress, Status};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// Rows per band: 16 bands on a 720 px board, two per rank of an 8×8 board.
pub const BAND_ROWS: usize = 45;

/// Default bytes of compressed bands kept (in two generations; see [`BandCache`]).
pub const DEFAULT_BUDGET: usize = 8 << 20;

/// PNG filter type "up": each byte minus the byte above it (the row above the first row
/// is zero). Repeated rows become runs of zeros, which level 1 compresses well.
const FILTER_UP: u8 = 2;

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

/// PNG bytes of a `width`×`height` picture of palette indices (8 bits per pixel).
pub fn encode(
    width: u32,
    height: u32,
    palette: &[u8],
    pixels: &[u8],
    cache: &BandCache,
) -> Result<Vec<u8>, RenderError> {
    let w = width as usize;
    let h = height as usize;
    if w == 0 || h == 0 || pixels.len() != w * h || palette.is_empty() || palette.len() > 768 {
        return Err(RenderError::Encode(format!(
            "a {width}×{height} picture with {} pixels and {} palette bytes",
            pixels.len(),
            palette.len()
        )));
    }
    let mut zlib = Vec::with_capacity(48 * 1024);
    // CMF: deflate, 32 KB window; FLG: fastest level, no dictionary, check bits.
    zlib.extend_from_slice(&[0x78, 0x01]);
    let mut adler = 1u32;
    let mut filtered = Vec::new();
    // One compressor per thread, reset for each band it compresses (so a band's bytes
    // still depend on the band alone): making one allocates and zeroes about 300 KB (zlib-rs's
    // window, hash chains and 128 KB hash table).
    thread_local! {
        static COMPRESSOR: std::cell::RefCell<Option<Compress>> =
            const { std::cell::RefCell::new(None) };
    }
    for top in (0..h).step_by(BAND_ROWS) {
        let bottom = (top + BAND_ROWS).min(h);
        let above = (top > 0).then(|| &pixels[(top - 1) * w..top * w]);
        let rows = &pixels[top * w..bottom * w];
        let key = band_key(w, above, rows);
        let band = match cache.get(key) {
            Some(b) => b,
            None => {
                filter_up(w, above, rows, &mut filtered);
                let band = COMPRESSOR.with_borrow_mut(|c| {
                    let c = c.get_or_insert_with(|| Compress::new(Compression::new(1), false));
                    compress_band(c, &filtered)
                })?;
                let band = Arc::new(band);
                cache.put(key, &band);
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

/// Append a PNG chunk: length, type, data, CRC of type and data.
fn chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    out.extend_from_slice(&(data.len() as u32).to_be_bytes());
    out.extend_from_slice(kind);
    out.extend_from_slice(data);
    let crc = zlib_rs::crc32::crc32(zlib_rs::crc32::crc32(0, kind), data);
    out.extend_from_slice(&crc.to_be_bytes());
}

/// The filtered bytes of `rows` (each row a filter byte, then the row minus the one above).
fn filter_up(w: usize, above: Option<&[u8]>, rows: &[u8], out: &mut Vec<u8>) {
    out.clear();
    out.reserve(rows.len() + rows.len() / w);
    let mut prev = above;
    for row in rows.chunks_exact(w) {
        out.push(FILTER_UP);
        match prev {
            Some(p) => out.extend(row.iter().zip(p).map(|(a, b)| a.wrapping_sub(*b))),
            None => out.extend_from_slice(row),
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

/// A 128-bit hash of a band and the row above it (four lanes over 64-bit words, so the
/// multiplications overlap): a few tens of microseconds for a 720 px picture.
fn band_key(w: usize, above: Option<&[u8]>, rows: &[u8]) -> u128 {
    const K: [u64; 4] = [
        0x9E37_79B9_7F4A_7C15,
        0xC2B2_AE3D_27D4_EB4F,
        0x1656_67B1_9E37_79F9,
        0xD6E8_FEB8_6659_FD93,
    ];
    let mut lanes = [
        K[1] ^ w as u64,
        K[2] ^ rows.len() as u64,
        K[3] ^ u64::from(above.is_some()),
        K[0],
    ];
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
    if let Some(a) = above {
        eat(a);
    }
    eat(rows);
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
        // Only band 2 changed (band 3 reads band 2's last row, row 134, which did not).
        let s = cache.stats();
        assert_eq!((s.hits, s.misses), (16 + 15, 16 + 1));
        assert_eq!(decode(&changed).3, b);
        // Without a cache the bytes are the same.
        let fresh = encode(720, 720, &palette, &b, &BandCache::new(0)).unwrap();
        assert_eq!(fresh, changed);
    }

    #[test]
    fn a_change_in_the_last_row_of_a_band_recompresses_the_band_below() {
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
                hits: 1,
                misses: 3 + 2
            }
        );
        assert_eq!(decode(&bytes).3, b);
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
