//! Golden bytes of every table format (`tests/golden/`): formats 1, 2 and 3 still decode to the
//! law they evaluated to (bit for bit, against μ printed by the cores of commits 36a92bb and
//! 366aaea), format 4 round-trips byte-exactly. Regenerate the format-4 file after a deliberate
//! change of the filled example with
//! `cargo test -p tribo-core --test format -- --ignored write_format4_golden`; the files of
//! formats 1–3 are frozen.

use tribo_core::Error;
use tribo_core::law::{AlphaPolicy, SampleOrigin};
use tribo_core::table::{
    FORMAT_VERSION, FORMAT_VERSION_1, FORMAT_VERSION_2, FORMAT_VERSION_3, MAX_TABLE_BYTES,
    MaterialIdentity, Table,
};

const V1_DEFAULTS: &[u8] = include_bytes!("golden/format1-defaults.bin");
const V1_FILLED: &[u8] = include_bytes!("golden/format1-filled.bin");
const V2_FILLED: &[u8] = include_bytes!("golden/format2-filled.bin");
const V3_FILLED: &[u8] = include_bytes!("golden/format3-filled.bin");
const V4_FILLED: &[u8] = include_bytes!("golden/format4-filled.bin");

/// (v \[m/s\], β, bits of μ(v, β)) as the core of commit 366aaea (format 3, libm backend)
/// evaluated the format-3 golden table, at the grid of [`OLD_MU_BITS`]: μ falls from μ0 to
/// the table's μ_p = 0.046 (0x3d3c6a7f) at β_thres and stays there.
const V3_MU_BITS: MuBits = [
    (0.0, 0.0, 0x3e19999a),
    (0.0, 0.17869261, 0x3dfdf3b7),
    (0.0, 0.35738522, 0x3dc8b43a),
    (0.0, 0.6432934, 0x3d6703b1),
    (0.0, 0.71477044, 0x3d3c6a7f),
    (0.0, 1.0721557, 0x3d3c6a7f),
    (0.08, 0.0, 0x3e19999a),
    (0.08, 0.18758309, 0x3dfdf3b7),
    (0.08, 0.37516618, 0x3dc8b43a),
    (0.08, 0.6752991, 0x3d6703b1),
    (0.08, 0.75033236, 0x3d3c6a7f),
    (0.08, 1.1254985, 0x3d3c6a7f),
    (1.0, 0.0, 0x3e19999a),
    (1.0, 0.20841876, 0x3dfdf3b7),
    (1.0, 0.4168375, 0x3dc8b43a),
    (1.0, 0.7503075, 0x3d6703b1),
    (1.0, 0.833675, 0x3d3c6a7f),
    (1.0, 1.2505126, 0x3d3c6a7f),
    (30.0, 0.0, 0x3e19999a),
    (30.0, 0.50283176, 0x3dfdf3b7),
    (30.0, 1.0056635, 0x3dc8b43a),
    (30.0, 1.8101943, 0x3d6703b1),
    (30.0, 2.011327, 0x3d3c6a7f),
    (30.0, 3.0169907, 0x3d3c6a7f),
];

/// (v \[m/s\], β, bits of μ(v, β)) as the core of commit 36a92bb (format 2, libm backend)
/// evaluated the three old golden tables: β at 0, ¼, ½, 0.9, 1 and 1.5 × β_thres(v) (0–1.5 where
/// β_thres is infinite), so the saturated μ = 0 is included.
type MuBits = [(f32, f32, u32); 24];

const OLD_MU_BITS: [(&[u8], MuBits); 3] = [
    (
        V1_DEFAULTS,
        [
            (0.0, 0.0, 0x3e19999a),
            (0.0, 0.25, 0x3e19999a),
            (0.0, 0.5, 0x3e19999a),
            (0.0, 0.9, 0x3e19999a),
            (0.0, 1.0, 0x3e19999a),
            (0.0, 1.5, 0x3e19999a),
            (0.08, 0.0, 0x3e19999a),
            (0.08, 0.13352692, 0x3de66667),
            (0.08, 0.26705384, 0x3d99999a),
            (0.08, 0.48069692, 0x3c75c294),
            (0.08, 0.5341077, 0x00000000),
            (0.08, 0.8011615, 0x00000000),
            (1.0, 0.0, 0x3e19999a),
            (1.0, 0.07353275, 0x3de66667),
            (1.0, 0.1470655, 0x3d99999a),
            (1.0, 0.2647179, 0x3c75c294),
            (1.0, 0.294131, 0x00000000),
            (1.0, 0.4411965, 0x00000000),
            (30.0, 0.0, 0x3e19999a),
            (30.0, 0.07352941, 0x3de66667),
            (30.0, 0.14705881, 0x3d99999a),
            (30.0, 0.26470587, 0x3c75c294),
            (30.0, 0.29411763, 0x00000000),
            (30.0, 0.44117644, 0x00000000),
        ],
    ),
    (
        V1_FILLED,
        [
            (0.0, 0.0, 0x3e19999a),
            (0.0, 0.25, 0x3e19999a),
            (0.0, 0.5, 0x3e19999a),
            (0.0, 0.9, 0x3e19999a),
            (0.0, 1.0, 0x3e19999a),
            (0.0, 1.5, 0x3e19999a),
            (0.08, 0.0, 0x3e19999a),
            (0.08, 0.13475366, 0x3de66667),
            (0.08, 0.26950732, 0x3d99999a),
            (0.08, 0.48511317, 0x3c75c294),
            (0.08, 0.53901464, 0x00000000),
            (0.08, 0.808522, 0x00000000),
            (1.0, 0.0, 0x3e19999a),
            (1.0, 0.074061275, 0x3de66667),
            (1.0, 0.14812255, 0x3d99999a),
            (1.0, 0.26662058, 0x3c75c294),
            (1.0, 0.2962451, 0x00000000),
            (1.0, 0.44436765, 0x00000000),
            (30.0, 0.0, 0x3e19999a),
            (30.0, 0.07579213, 0x3de66667),
            (30.0, 0.15158425, 0x3d99999a),
            (30.0, 0.27285165, 0x3c75c294),
            (30.0, 0.3031685, 0x00000000),
            (30.0, 0.45475274, 0x00000000),
        ],
    ),
    (
        V2_FILLED,
        [
            (0.0, 0.0, 0x3e19999a),
            (0.0, 0.17869261, 0x3de66667),
            (0.0, 0.35738522, 0x3d99999a),
            (0.0, 0.6432934, 0x3c75c294),
            (0.0, 0.71477044, 0x00000000),
            (0.0, 1.0721557, 0x00000000),
            (0.08, 0.0, 0x3e19999a),
            (0.08, 0.18758309, 0x3de66667),
            (0.08, 0.37516618, 0x3d99999a),
            (0.08, 0.6752991, 0x3c75c294),
            (0.08, 0.75033236, 0x00000000),
            (0.08, 1.1254985, 0x00000000),
            (1.0, 0.0, 0x3e19999a),
            (1.0, 0.20841876, 0x3de66667),
            (1.0, 0.4168375, 0x3d99999a),
            (1.0, 0.7503075, 0x3c75c294),
            (1.0, 0.833675, 0x00000000),
            (1.0, 1.2505126, 0x00000000),
            (30.0, 0.0, 0x3e19999a),
            (30.0, 0.50283176, 0x3de66667),
            (30.0, 1.0056635, 0x3d99999a),
            (30.0, 1.8101943, 0x3c75c294),
            (30.0, 2.011327, 0x00000000),
            (30.0, 3.0169907, 0x00000000),
        ],
    ),
];

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
        assert!(t.wear.is_none() && t.third_body.is_none() && t.particle_shear.is_none());
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
    // A format-1 table is written back as format 4 and reads back equal.
    let mut buf = [0u8; MAX_TABLE_BYTES];
    let n = t.encode(&mut buf).unwrap();
    assert_eq!(version(&buf[..n]), FORMAT_VERSION);
    assert_eq!(Table::from_bytes(&buf[..n]).unwrap(), t);
}

/// Formats 1 and 2 have no particle shear: they decode to seed 000's Eq. 7, μ = 0 at β_thres,
/// the very bits the format-2 core computed.
#[test]
fn old_formats_decode_to_exactly_the_law_they_evaluated_to() {
    for (bytes, expected) in OLD_MU_BITS {
        let t = Table::from_bytes(bytes).expect("old golden decodes");
        assert!(t.particle_shear.is_none());
        assert_eq!(t.material, MaterialIdentity::unrecorded());
        assert!(t.uncertainty.is_none());
        assert_eq!(t.friction_law().unwrap().particle_friction(), None);
        assert_mu_bits(&t, &expected);
    }
}

#[test]
fn format2_golden_decodes_its_sections_and_is_written_back_as_format4() {
    assert_eq!(version(V2_FILLED), FORMAT_VERSION_2);
    let t = Table::from_bytes(V2_FILLED).expect("golden decodes");
    let example = Table::filled_example();
    // Every format-2 value as it was; the sections' material text becomes their pair.
    #[cfg(not(feature = "micromath"))]
    {
        assert_eq!(t.alpha, example.alpha);
        assert_eq!(t.cof, example.cof);
    }
    assert_eq!((t.law, t.transport), (example.law, example.transport));
    let (w, tb) = (t.wear.as_ref().unwrap(), t.third_body.as_ref().unwrap());
    assert_eq!(w.material.pair.as_str(), "zirconia/zirconia (example data)");
    assert_eq!(w.material.conditions.as_str(), "");
    assert_eq!(tb.material.pair.as_str(), "Al2O3 debris layer (example)");
    assert_eq!(w.k0, example.wear.as_ref().unwrap().k0);
    let mut buf = [0u8; MAX_TABLE_BYTES];
    let n = t.encode(&mut buf).unwrap();
    assert_eq!(version(&buf[..n]), FORMAT_VERSION);
    assert_eq!(Table::from_bytes(&buf[..n]).unwrap(), t);
}

/// The same μ grid through micromath: α(v) through its exp moves μ by at most
/// `core/tests/micromath.rs`'s bound (9 × 2.5e-3 relative of μ0 = 0.15, these tables' μ0).
#[cfg(feature = "micromath")]
const MICROMATH_MU_ABS: f32 = 9.0 * 2.5e-3 * 0.15;

fn assert_mu_bits(t: &Table, expected: &MuBits) {
    let law = t.friction_law().unwrap();
    for &(v, beta, bits) in expected {
        let mu = law.mu(v, beta);
        #[cfg(not(feature = "micromath"))]
        assert_eq!(mu.to_bits(), bits, "v = {v}, β = {beta}");
        #[cfg(feature = "micromath")]
        assert!((mu - f32::from_bits(bits)).abs() <= MICROMATH_MU_ABS);
    }
}

#[test]
fn format3_golden_decodes_to_the_same_law_bit_for_bit_with_no_systematic_interval() {
    assert_eq!(version(V3_FILLED), FORMAT_VERSION_3);
    assert_eq!(Table::file_format_version(V3_FILLED), Ok(FORMAT_VERSION_3));
    let t = Table::from_bytes(V3_FILLED).expect("format-3 golden decodes");
    assert_mu_bits(&t, &V3_MU_BITS);
    assert!(t.uncertainty.is_none() && t.dominant_systematic().is_none());
    // Format 3 is the filled example without its uncertainty section.
    let mut example = Table::filled_example();
    example.uncertainty = None;
    #[cfg(not(feature = "micromath"))]
    assert_eq!(t, example);
    assert!(t.wear.is_some() && t.third_body.is_some() && t.particle_shear.is_some());
    // Written back as format 4, it reads back equal.
    let mut buf = [0u8; MAX_TABLE_BYTES];
    let n = t.encode(&mut buf).unwrap();
    assert_eq!(version(&buf[..n]), FORMAT_VERSION);
    assert_eq!(Table::from_bytes(&buf[..n]).unwrap(), t);
}

#[test]
fn every_golden_reports_its_own_format_version() {
    for (bytes, want) in [
        (V1_DEFAULTS, FORMAT_VERSION_1),
        (V1_FILLED, FORMAT_VERSION_1),
        (V2_FILLED, FORMAT_VERSION_2),
        (V3_FILLED, FORMAT_VERSION_3),
        (V4_FILLED, FORMAT_VERSION),
    ] {
        assert_eq!(Table::file_format_version(bytes), Ok(want));
    }
    assert_eq!(FORMAT_VERSION, 4);
}

#[test]
fn format4_golden_round_trips_byte_exactly() {
    assert_eq!(version(V4_FILLED), FORMAT_VERSION);
    let t = Table::from_bytes(V4_FILLED).expect("golden decodes");
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
    assert_eq!(&buf[..n], V4_FILLED, "re-encoding changes no byte");
    assert!(n <= MAX_TABLE_BYTES);
    assert!(t.wear.is_some() && t.third_body.is_some() && t.particle_shear.is_some());
    assert!(t.uncertainty.is_some());
    // The law is format 3's: the uncertainty section changes no μ.
    assert_mu_bits(&t, &V3_MU_BITS);
    let law = t.friction_law().unwrap();
    let mu_p = t.particle_shear.as_ref().unwrap().particle_friction;
    assert_eq!(law.mu(0.08, 2.0 * law.beta_thres(0.08)), mu_p);
}

/// Writes `golden/format4-filled.bin` from the filled example (libm backend).
#[test]
#[ignore = "regenerates a golden file"]
fn write_format4_golden() {
    let mut buf = [0u8; MAX_TABLE_BYTES];
    let n = Table::filled_example().encode(&mut buf).unwrap();
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/golden/format4-filled.bin"
    );
    std::fs::write(path, &buf[..n]).unwrap();
}

#[test]
fn a_payload_under_another_format_header_is_rejected() {
    // Same payload, header says another format, CRC recomputed: the layouts differ, so it
    // cannot decode.
    for (golden, other) in [
        (V2_FILLED, FORMAT_VERSION_1),
        (V3_FILLED, FORMAT_VERSION_2),
        (V3_FILLED, FORMAT_VERSION_1),
        (V2_FILLED, FORMAT_VERSION_3),
        (V4_FILLED, FORMAT_VERSION_3),
        (V4_FILLED, FORMAT_VERSION_2),
        (V2_FILLED, FORMAT_VERSION),
        (V3_FILLED, FORMAT_VERSION),
    ] {
        let mut bytes = golden.to_vec();
        bytes[4..6].copy_from_slice(&other.to_le_bytes());
        let body = bytes.len() - 4;
        let crc = tribo_core::table::crc32::crc32(&bytes[..body]);
        bytes[body..].copy_from_slice(&crc.to_le_bytes());
        assert!(
            matches!(
                Table::from_bytes(&bytes),
                Err(Error::Malformed | Error::InvalidTable)
            ),
            "format {other}"
        );
    }
}
