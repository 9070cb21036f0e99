//! The one provenance hash (issue 35): FNV-1a, 64 bit, over bytes — a configuration's
//! canonical JSON ([`crate::pipeline::run_record::config_hash`]), a measured data file, a
//! wear sweep's definition. FNV-1a is specified by its two constants (Fowler, Noll and Vo;
//! IETF draft-eastlake-fnv), so a hash written into a table or a case file can be recomputed
//! by anyone, on any platform, from the same bytes. It is no cryptographic hash: it tells
//! inputs apart, it does not resist forgery.
//!
//! ```
//! use tribo_calibrator::provenance::{fnv1a, hash_text};
//! assert_eq!(hash_text(fnv1a(b"a")), "af63dc4c8601ec8c");
//! ```

/// FNV-1a 64-bit offset basis.
const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
/// FNV-1a 64-bit prime.
const FNV_PRIME: u64 = 0x0000_0100_0000_01b3;

/// FNV-1a (64 bit) of `bytes`: the hash of configurations, of measured data files and of
/// study definitions.
pub fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(FNV_OFFSET, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(FNV_PRIME)
    })
}

/// A hash as written in files: 16 lowercase hex digits.
pub fn hash_text(hash: u64) -> String {
    format!("{hash:016x}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fnv1a_matches_its_published_test_vectors() {
        // From the FNV reference test suite (64-bit FNV-1a).
        assert_eq!(fnv1a(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a(b"a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(fnv1a(b"foobar"), 0x8594_4171_f739_67e8);
    }
}
