//! Golden bytes of both table formats (`tests/golden/`): format 1 still decodes to the law it
//! evaluated to under format 1 (bit for bit), format 2 round-trips byte-exactly.

use tribo_core::Error;
use tribo_core::law::{AlphaPolicy, SampleOrigin};
use tribo_core::table::{FORMAT_VERSION, FORMAT_VERSION_1, MAX_TABLE_BYTES, Table};

const V1_DEFAULTS: &[u8] = include_bytes!("golden/format1-defaults.bin");
const V1_FILLED: &[u8] = include_bytes!("golden/format1-filled.bin");
const V2_FILLED: &[u8] = include_bytes!("golden/format2-filled.bin");

/// α(v) of the two format-1 tables as the format-1 core evaluated them (libm backend; the
/// bits of `law.alpha(v)` printed by the core of commit f3283b4).
/// (v \[m/s\], bits of α(v)) at eight velocities.
type AlphaBits = [(f32, u32); 8];

const V1_ALPHA_BITS: [(&[u8], AlphaBits); 2] = [
    (
        V1_DEFAULTS,
        [
            (0.0, 0x0000_0000),
            (0.005, 0x3f79_b491),
            (0.01, 0x3ff3_9dbf),
            (0.08, 0x4130_36f9),
            (1.0, 0x419f_fe24),
            (10.0, 0x41a0_0000),
            (100.0, 0x41a0_0000),
            (1e4, 0x41a0_0000),
        ],
    ),
    (
        V1_FILLED,
        [
            (0.0, 0x0000_0000),
            (0.005, 0x3f80_9927),
            (0.01, 0x3ffa_ecb7),
            (0.08, 0x412e_9c4e),
            (1.0, 0x419e_d9da),
            (10.0, 0x419c_28b4),
            (100.0, 0x419b_3334),
            (1e4, 0x419b_3334),
        ],
    ),
];

fn version(bytes: &[u8]) -> u16 {
    u16::from_le_bytes([bytes[4], bytes[5]])
}

#[test]
fn format1_tables_decode_to_the_same_law_bit_for_bit() {
    for (bytes, expected) in V1_ALPHA_BITS {
        assert_eq!(version(bytes), FORMAT_VERSION_1);
        let t = Table::from_bytes(bytes).expect("format 1 decodes");
        let law = t.friction_law().unwrap();
        assert_eq!(t.alpha.curve.policy, AlphaPolicy::FormatOne);
        assert!(t.wear.is_none() && t.third_body.is_none());
        for (v, bits) in expected {
            // The bits are libm's; micromath's exp moves α by at most its documented bound
            // (`core/tests/micromath.rs`: 2.5e-3 relative).
            #[cfg(not(feature = "micromath"))]
            assert_eq!(law.alpha(v).to_bits(), bits, "v = {v}");
            #[cfg(feature = "micromath")]
            {
                const MICROMATH_ALPHA_REL: f32 = 2.5e-3;
                let want = f32::from_bits(bits);
                let got = law.alpha(v);
                assert!(
                    (got - want).abs() <= MICROMATH_ALPHA_REL * want.abs(),
                    "v = {v}: {got} vs {want}"
                );
            }
        }
    }
}

#[test]
fn format1_samples_keep_their_values_and_say_what_they_lack() {
    let t = Table::from_bytes(V1_FILLED).unwrap();
    let c = &t.alpha.curve;
    assert_eq!(c.v.len(), 16);
    for i in 0..c.v.len() {
        // Format 1 had no interval: [α, α], no case count, origin recorded as format 1.
        assert_eq!((c.ci95_lo[i], c.ci95_hi[i]), (c.alpha[i], c.alpha[i]));
        assert_eq!((c.cases[i], c.origin[i]), (0, SampleOrigin::FormatOne));
    }
    // A format-1 table is written back as format 2 and reads back equal.
    let mut buf = [0u8; MAX_TABLE_BYTES];
    let n = t.encode(&mut buf).unwrap();
    assert_eq!(version(&buf[..n]), FORMAT_VERSION);
    assert_eq!(Table::from_bytes(&buf[..n]).unwrap(), t);
}

#[test]
fn format2_golden_round_trips_byte_exactly() {
    assert_eq!(version(V2_FILLED), FORMAT_VERSION);
    let t = Table::from_bytes(V2_FILLED).expect("golden decodes");
    // The example's α samples come from the math backend (powf, exp): the golden bytes are
    // libm's. Decoding and re-encoding them is byte-exact under either backend.
    #[cfg(not(feature = "micromath"))]
    assert_eq!(
        t,
        Table::filled_example(),
        "the golden bytes are the filled example"
    );
    let mut buf = [0u8; MAX_TABLE_BYTES];
    let n = t.encode(&mut buf).unwrap();
    assert_eq!(&buf[..n], V2_FILLED, "re-encoding changes no byte");
    assert!(n <= MAX_TABLE_BYTES);
    assert!(t.wear.is_some() && t.third_body.is_some());
}

#[test]
fn a_format2_payload_under_a_format1_header_is_rejected() {
    // Same payload, header says 1, CRC recomputed: the layouts differ, so it cannot decode.
    let mut bytes = V2_FILLED.to_vec();
    bytes[4..6].copy_from_slice(&FORMAT_VERSION_1.to_le_bytes());
    let body = bytes.len() - 4;
    let crc = tribo_core::table::crc32::crc32(&bytes[..body]);
    bytes[body..].copy_from_slice(&crc.to_le_bytes());
    assert!(matches!(
        Table::from_bytes(&bytes),
        Err(Error::Malformed | Error::InvalidTable)
    ));
}
