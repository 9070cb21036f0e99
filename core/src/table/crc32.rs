//! CRC-32/ISO-HDLC (the zlib, PNG and Ethernet CRC): reflected polynomial 0x04C11DB7
//! (0xEDB88320 bit-reversed), initial value and final xor 0xFFFFFFFF — the `crc` crate's
//! catalogued [`crc::CRC_32_ISO_HDLC`] (no_std, table built at compile time, no allocation).
//! It replaced a hand-written table-driven loop (issue 33); the checksum of every table is
//! unchanged (the golden files decode bit for bit, and the tests compare against a bit-by-bit
//! reference from the definition).
//!
//! ```
//! use tribo_core::table::crc32::crc32;
//! assert_eq!(crc32(b"123456789"), 0xCBF4_3926); // the catalogued check value
//! ```

/// The bit-reversed generator polynomial.
pub const POLY_REFLECTED: u32 = 0xEDB8_8320;

/// The algorithm with its 256-entry table, built at compile time.
static ISO_HDLC: crc::Crc<u32> = crc::Crc::<u32>::new(&crc::CRC_32_ISO_HDLC);

/// Incremental CRC-32 state.
#[derive(Clone)]
pub struct Crc32 {
    digest: crc::Digest<'static, u32>,
}

impl core::fmt::Debug for Crc32 {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Crc32").finish_non_exhaustive()
    }
}

impl Default for Crc32 {
    fn default() -> Self {
        Self::new()
    }
}

impl Crc32 {
    /// A fresh digest.
    pub fn new() -> Self {
        Self {
            digest: ISO_HDLC.digest(),
        }
    }

    /// Feeds `bytes`.
    pub fn update(&mut self, bytes: &[u8]) {
        self.digest.update(bytes);
    }

    /// The CRC of everything fed so far.
    pub fn finish(&self) -> u32 {
        self.digest.clone().finalize()
    }
}

/// CRC-32/ISO-HDLC of `bytes`.
pub fn crc32(bytes: &[u8]) -> u32 {
    ISO_HDLC.checksum(bytes)
}
