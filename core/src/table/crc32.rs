//! CRC-32/ISO-HDLC (the zlib, PNG and Ethernet CRC): reflected polynomial 0x04C11DB7
//! (0xEDB88320 bit-reversed), initial value and final xor 0xFFFFFFFF. Byte-wise with a
//! 256-entry table built at compile time; no allocation, no panic.
//!
//! ```
//! use tribo_core::table::crc32::crc32;
//! assert_eq!(crc32(b"123456789"), 0xCBF4_3926); // the catalogued check value
//! ```

/// The bit-reversed generator polynomial.
pub const POLY_REFLECTED: u32 = 0xEDB8_8320;

// Evaluated at compile time: an index out of bounds there is a compile error, not a panic.
#[allow(clippy::indexing_slicing)]
const fn make_table() -> [u32; 256] {
    let mut table = [0u32; 256];
    let mut i = 0;
    while i < 256 {
        let mut c = i as u32;
        let mut k = 0;
        while k < 8 {
            c = if c & 1 != 0 {
                POLY_REFLECTED ^ (c >> 1)
            } else {
                c >> 1
            };
            k += 1;
        }
        table[i] = c;
        i += 1;
    }
    table
}

static TABLE: [u32; 256] = make_table();

/// Incremental CRC-32 state.
#[derive(Clone, Copy, Debug)]
pub struct Crc32 {
    state: u32,
}

impl Default for Crc32 {
    fn default() -> Self {
        Self::new()
    }
}

impl Crc32 {
    /// A fresh digest.
    pub const fn new() -> Self {
        Self { state: 0xFFFF_FFFF }
    }

    /// Feeds `bytes`.
    pub fn update(&mut self, bytes: &[u8]) {
        let mut c = self.state;
        for &b in bytes {
            // The index is a u8, always < 256.
            let entry = TABLE.get(usize::from((c as u8) ^ b)).copied().unwrap_or(0);
            c = entry ^ (c >> 8);
        }
        self.state = c;
    }

    /// The CRC of everything fed so far.
    pub const fn finish(&self) -> u32 {
        self.state ^ 0xFFFF_FFFF
    }
}

/// CRC-32/ISO-HDLC of `bytes`.
pub fn crc32(bytes: &[u8]) -> u32 {
    let mut d = Crc32::new();
    d.update(bytes);
    d.finish()
}
