//! Tests of the table format: round trip, corruption (every flip, every truncation), size,
//! validation, random bytes.

extern crate std;

use proptest::prelude::*;

use super::crc32::{Crc32, POLY_REFLECTED, crc32};
use super::frame::frame_payload_in_place;
use super::*;

/// Relative tolerance of single f32 products/quotients of O(1)-scaled factors (a few ulps).
const F32_REL_TOL: f32 = 1e-6;

fn encode(t: &Table) -> ([u8; MAX_TABLE_BYTES], usize) {
    let mut buf = [0u8; MAX_TABLE_BYTES];
    let n = t.encode(&mut buf).expect("valid table encodes");
    (buf, n)
}

/// Frames an arbitrary payload with a correct header and CRC (bypasses `encode`'s checks).
fn frame_raw(payload: &[u8]) -> ([u8; MAX_TABLE_BYTES], usize) {
    let mut buf = [0u8; MAX_TABLE_BYTES];
    buf[HEADER_BYTES..HEADER_BYTES + payload.len()].copy_from_slice(payload);
    let n = frame_payload_in_place(&mut buf, payload.len()).unwrap();
    (buf, n)
}

/// Format-4 payload (head and section list) of a table without validation.
fn raw_payload(t: &Table) -> ([u8; MAX_TABLE_BYTES], usize) {
    let mut buf = [0u8; MAX_TABLE_BYTES];
    let n = super::list::encode_payload(t, &mut buf).unwrap();
    (buf, n)
}

mod section_list;
mod systematic;

/// Bit-by-bit CRC-32/ISO-HDLC, straight from the definition: the oracle of the table-driven
/// implementation.
fn crc32_bitwise(bytes: &[u8]) -> u32 {
    let mut c = 0xFFFF_FFFFu32;
    for &b in bytes {
        c ^= u32::from(b);
        for _ in 0..8 {
            c = if c & 1 == 1 {
                (c >> 1) ^ POLY_REFLECTED
            } else {
                c >> 1
            };
        }
    }
    !c
}

#[test]
fn crc32_matches_catalogue_check_value_and_bitwise_reference() {
    assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
    assert_eq!(crc32(b""), 0);
    let data: [u8; 300] = core::array::from_fn(|i| (i * 31 + 7) as u8);
    assert_eq!(crc32(&data), crc32_bitwise(&data));
    // Incremental equals one-shot.
    let mut d = Crc32::new();
    d.update(&data[..123]);
    d.update(&data[123..]);
    assert_eq!(d.finish(), crc32(&data));
}

#[test]
fn round_trip_is_byte_exact() {
    for t in [Table::seed000_defaults(), Table::filled_example()] {
        let (buf, n) = encode(&t);
        let back = Table::from_bytes(&buf[..n]).unwrap();
        assert_eq!(back, t);
        let (buf2, n2) = encode(&back);
        assert_eq!(&buf[..n], &buf2[..n2]);
        assert_eq!(&buf[..4], b"TRBO");
        assert_eq!(u16::from_le_bytes([buf[4], buf[5]]), FORMAT_VERSION);
        let len = u32::from_le_bytes([buf[6], buf[7], buf[8], buf[9]]) as usize;
        assert_eq!(n, HEADER_BYTES + len + TRAILER_BYTES);
        // The trailer is the CRC-32 of everything before it.
        let stored = u32::from_le_bytes([buf[n - 4], buf[n - 3], buf[n - 2], buf[n - 1]]);
        assert_eq!(stored, crc32(&buf[..n - 4]));
    }
}

#[test]
fn full_table_fits_in_4_kib() {
    let (_, full) = encode(&Table::filled_example());
    let (_, defaults) = encode(&Table::seed000_defaults());
    std::println!("encoded table sizes: full {full} B, seed-000 defaults {defaults} B");
    assert!(full <= MAX_TABLE_BYTES, "full table is {full} bytes");
    assert!(defaults < full);
}

#[test]
fn every_single_byte_flip_is_rejected_with_the_right_error() {
    let (buf, n) = encode(&Table::filled_example());
    let mut bad = buf;
    for i in 0..n {
        for mask in 1..=255u8 {
            bad[i] = buf[i] ^ mask;
            let got = Table::from_bytes(&bad[..n]);
            let ok = match i {
                0..4 => got == Err(Error::BadMagic),
                // Flipped to format 1, 2 or 3, the header is readable but the CRC covers it.
                4..6 => match got {
                    Err(Error::UnsupportedVersion { found }) => ![
                        FORMAT_VERSION,
                        FORMAT_VERSION_3,
                        FORMAT_VERSION_2,
                        FORMAT_VERSION_1,
                    ]
                    .contains(&found),
                    Err(Error::CrcMismatch) => (1..=3).contains(&bad[4]) && bad[5] == 0,
                    _ => false,
                },
                6..10 => matches!(got, Err(Error::Truncated | Error::Malformed)),
                _ => got == Err(Error::CrcMismatch),
            };
            assert!(ok, "byte {i} ^ {mask:#04x}: {got:?}");
        }
        bad[i] = buf[i];
    }
}

#[test]
fn every_truncation_is_rejected_and_trailing_bytes_too() {
    let (buf, n) = encode(&Table::filled_example());
    for len in 0..n {
        assert_eq!(
            Table::from_bytes(&buf[..len]),
            Err(Error::Truncated),
            "len {len}"
        );
    }
    // One byte more than the frame (the buffer is zero-padded).
    assert_eq!(Table::from_bytes(&buf[..n + 1]), Err(Error::Malformed));
}

#[test]
fn wrong_magic_and_wrong_version_are_distinct_errors() {
    let (buf, n) = encode(&Table::seed000_defaults());
    let mut m = buf;
    m[..4].copy_from_slice(b"TRBP");
    assert_eq!(Table::from_bytes(&m[..n]), Err(Error::BadMagic));
    let mut v = buf;
    v[4..6].copy_from_slice(&5u16.to_le_bytes());
    assert_eq!(
        Table::from_bytes(&v[..n]),
        Err(Error::UnsupportedVersion { found: 5 })
    );
    assert_ne!(Error::BadMagic, Error::UnsupportedVersion { found: 5 });
}

#[test]
fn malformed_payloads_with_valid_crc_are_malformed() {
    let (payload, n) = raw_payload(&Table::seed000_defaults());
    // Payload one byte short, or one byte long, under a correct CRC.
    let (b, m) = frame_raw(&payload[..n - 1]);
    assert_eq!(Table::from_bytes(&b[..m]), Err(Error::Malformed));
    let (b, m) = frame_raw(&payload[..n + 1]);
    assert_eq!(Table::from_bytes(&b[..m]), Err(Error::Malformed));
    // An enum tag (the provenance's origin) out of range.
    let t = Table::seed000_defaults();
    let at = 1 + t.provenance.calibrator_version.len() + 1 + t.provenance.preset.len() + 1;
    assert_eq!(payload[at], 0, "origin tag of the defaults");
    let mut p = payload;
    p[at] = 7;
    let (b, m) = frame_raw(&p[..n]);
    assert_eq!(Table::from_bytes(&b[..m]), Err(Error::Malformed));
    // A heapless length beyond capacity (the version string announces 200 bytes).
    let mut p = payload;
    p[0] = 100;
    let (b, m) = frame_raw(&p[..n]);
    assert_eq!(Table::from_bytes(&b[..m]), Err(Error::Malformed));
}

/// Each mutation makes the table non-physical; both `encode` and a raw-framed decode must
/// refuse it with `InvalidTable`.
#[test]
fn non_physical_tables_are_invalid() {
    type Mutation = fn(&mut Table);
    let mutations: [(&str, Mutation); 17] = [
        ("NaN tau0", |t| t.law.tau0 = f32::NAN),
        ("negative E*", |t| t.law.e_star = -55e9),
        ("infinite slope", |t| t.law.slope_rms = f32::INFINITY),
        ("zero hardness", |t| t.transport.hardness = 0.0),
        ("negative K", |t| t.transport.archard_k = -1e-4),
        ("zeta > 1", |t| t.transport.zeta = 1.5),
        ("alpha not increasing", |t| t.alpha.curve.v[3] = 0.0),
        ("beta_thres inconsistent", |t| {
            t.beta_thres.at_alpha_samples[2] *= 1.01
        }),
        ("beta_thres count", |t| {
            t.beta_thres.at_alpha_samples.pop();
        }),
        ("cluster R2 > 1", |t| {
            if let Some(c) = t.clusters.as_mut() {
                c.kappa_fit_r2 = 1.5
            }
        }),
        ("negative CV", |t| t.cof.translation_cv_f[4] = -0.1),
        ("presliding lengths", |t| {
            t.presliding.static_area.pop();
        }),
        ("systematic interval misses α", |t| {
            let u = t.uncertainty.as_mut().unwrap();
            u.alpha_sys_lo[3] = 1.01 * t.alpha.curve.alpha[3];
        }),
        ("systematic β_thres not Eq. 24's", |t| {
            t.uncertainty.as_mut().unwrap().beta_thres_sys_hi[5] *= 1.01
        }),
        ("systematic interval NaN", |t| {
            t.uncertainty.as_mut().unwrap().alpha_sys_hi[0] = f32::NAN
        }),
        ("dominant term out of range", |t| {
            t.uncertainty.as_mut().unwrap().dominant = SYSTEMATIC_TERMS as u8
        }),
        ("term ratio_lo above 1", |t| {
            t.uncertainty.as_mut().unwrap().terms[2].ratio[0] = 1.1
        }),
    ];
    for (what, mutate) in mutations {
        let mut t = Table::filled_example();
        mutate(&mut t);
        assert_eq!(t.validate(), Err(Error::InvalidTable), "{what}");
        let mut buf = [0u8; MAX_TABLE_BYTES];
        assert_eq!(t.encode(&mut buf), Err(Error::InvalidTable), "{what}");
        let (p, n) = raw_payload(&t);
        let (b, m) = frame_raw(&p[..n]);
        assert_eq!(
            Table::from_bytes(&b[..m]),
            Err(Error::InvalidTable),
            "{what}"
        );
    }
}

#[test]
fn encode_reports_small_buffers() {
    let t = Table::filled_example();
    let (_, n) = encode(&t);
    let mut buf = [0u8; MAX_TABLE_BYTES];
    for len in [0, 5, HEADER_BYTES, n / 2, n - 1] {
        assert_eq!(
            t.encode(&mut buf[..len]),
            Err(Error::BufferTooSmall),
            "len {len}"
        );
    }
    assert_eq!(t.encode(&mut buf[..n]), Ok(n));
}

#[test]
fn seed000_defaults_are_flagged_and_give_the_documented_law() {
    let t = Table::seed000_defaults();
    assert!(t.is_defaults_only());
    let law = t.friction_law().unwrap();
    // μ0 = τ0·κ/(E*·h'_rms) (Eq. 9), the documented target.
    let mu0 = 1.4025e9f32 * 2.0 / (55.0e9 * 0.34);
    assert!((law.mu0() - mu0).abs() <= F32_REL_TOL * mu0);
    assert!((law.mu0() - SEED000_MU0_TARGET).abs() <= F32_REL_TOL * SEED000_MU0_TARGET);
    assert!((0.1..=0.2).contains(&law.mu0()));
    // α at the strip-draw speed from the closed form of the saturation law.
    let v = 0.08f32;
    let alpha = 20.0 * (1.0 - (-v / 0.1f32).exp());
    assert!((law.alpha(v) - alpha).abs() <= 10.0 * F32_REL_TOL * alpha);
    let bt = 2.0 / (alpha * 0.34);
    assert!((law.beta_thres(v) - bt).abs() <= 10.0 * F32_REL_TOL * bt);
    assert!(t.clusters.is_none() && t.presliding.normal_load.is_empty());
}

#[test]
fn decoded_full_table_evaluates_mu_consistently_with_its_beta_thres_samples() {
    let (buf, n) = encode(&Table::filled_example());
    let t = Table::from_bytes(&buf[..n]).unwrap();
    let law = t.friction_law().unwrap();
    let curve = &t.alpha.curve;
    for ((&v, &a), &bt) in curve
        .v
        .iter()
        .zip(curve.alpha.iter())
        .zip(t.beta_thres.at_alpha_samples.iter())
    {
        assert_eq!(law.alpha(v), a, "α interpolates its samples");
        // μ = μ0·(1 − x) + μ_p·x at half the stored threshold, μ_p beyond it.
        let mu_p = t.particle_shear.as_ref().unwrap().particle_friction;
        let mu = law.mu(v, 0.5 * bt);
        assert!(
            (mu - 0.5 * (law.mu0() + mu_p)).abs() <= 1e-4 * law.mu0(),
            "v {v}: μ {mu}"
        );
        assert_eq!(law.mu(v, bt * (1.0 + 1e-4)), mu_p);
    }
}

fn assert_decoded_is_usable(bytes: &[u8]) -> Result<(), TestCaseError> {
    if let Ok(t) = Table::from_bytes(bytes) {
        prop_assert!(t.validate().is_ok());
        let law = t.friction_law();
        prop_assert!(law.is_ok());
        if let Ok(law) = law {
            for v in [0.0, 0.08, 1.0, 1e3] {
                let mu = law.mu(v, 0.1);
                let (lo, hi) = (
                    law.mu_saturated().min(law.mu0()),
                    law.mu_saturated().max(law.mu0()),
                );
                prop_assert!(mu.is_finite() && mu >= 0.0 && (lo..=hi).contains(&mu));
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..600)) {
        assert_decoded_is_usable(&bytes)?;
    }

    /// Random payloads under a valid header and CRC reach postcard and the validator.
    #[test]
    fn random_framed_payloads_never_panic(payload in proptest::collection::vec(any::<u8>(), 0..1500)) {
        let (b, m) = frame_raw(&payload);
        assert_decoded_is_usable(&b[..m])?;
    }

    /// A valid payload with a few bytes overwritten, re-framed with a valid CRC: decodes to
    /// a valid table or fails, never panics, never yields a non-physical value.
    #[test]
    fn mutated_payloads_decode_valid_or_fail(
        edits in proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..6)
    ) {
        let (mut p, n) = raw_payload(&Table::filled_example());
        for (at, byte) in edits {
            p[at.index(n)] = byte;
        }
        let (b, m) = frame_raw(&p[..n]);
        assert_decoded_is_usable(&b[..m])?;
    }
}
