//! The `inspect` fuzz of issue 21 kept as a test: truncations and byte flips of a real table,
//! and random payloads framed with a valid CRC, through `tribo inspect`. Every input exits 0
//! (a valid table) or 1 with "not a valid tribo table" — never a panic. The default run takes a
//! stride through the positions (each case is a process); the full fuzz is `#[ignore]`d:
//! `cargo test -p tribo-calibrator --test reliability fuzz -- --ignored`.
//! (The core's own tests flip every byte and cut at every length in-process.)

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tribo_core::table::Table;
use tribo_core::table::crc32::Crc32;

use super::tribo_in;

/// Frames a postcard payload as format 2 with a correct CRC (layout: `TRBO`, version u16 LE,
/// length u32 LE, payload, CRC-32 LE over header and payload).
pub fn frame_with_valid_crc(payload: &[u8]) -> Vec<u8> {
    let mut out = b"TRBO".to_vec();
    out.extend_from_slice(&2u16.to_le_bytes());
    out.extend_from_slice(&(payload.len() as u32).to_le_bytes());
    out.extend_from_slice(payload);
    let mut crc = Crc32::new();
    crc.update(&out);
    out.extend_from_slice(&crc.finish().to_le_bytes());
    out
}

fn table_bytes() -> Vec<u8> {
    tribo_calibrator::table::io::encode_to_vec(&Table::filled_example()).unwrap()
}

/// Runs `tribo inspect` on each input; returns how many were accepted.
fn inspect_all(inputs: &[Vec<u8>]) -> usize {
    let dir = tempfile::tempdir().unwrap();
    let mut accepted = 0;
    for (i, bytes) in inputs.iter().enumerate() {
        let path = dir.path().join("t.bin");
        std::fs::write(&path, bytes).unwrap();
        let out = tribo_in(dir.path(), &["inspect", "t.bin"]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        match out.status.code() {
            Some(0) => accepted += 1,
            Some(1) => assert!(
                stderr.contains("not a valid tribo table"),
                "input {i}: {stderr}"
            ),
            other => panic!("input {i}: status {other:?}, stderr {stderr}"),
        }
    }
    accepted
}

fn cases(stride: usize, random: usize) -> (Vec<Vec<u8>>, Vec<Vec<u8>>) {
    let good = table_bytes();
    let mut corrupt = Vec::new();
    for n in (0..good.len()).step_by(stride) {
        corrupt.push(good[..n].to_vec());
    }
    for i in (0..good.len()).step_by(stride) {
        let mut b = good.clone();
        b[i] ^= 0x01 << (i % 8);
        corrupt.push(b);
    }
    let mut rng = ChaCha8Rng::seed_from_u64(21);
    let payload_len = good.len() - 14;
    let framed = (0..random)
        .map(|_| {
            let mut p = good[10..10 + payload_len].to_vec();
            // Mutate a few payload bytes, then frame with a valid CRC.
            for _ in 0..rng.random_range(1..4) {
                let k = rng.random_range(0..p.len());
                p[k] = rng.random();
            }
            frame_with_valid_crc(&p)
        })
        .collect();
    (corrupt, framed)
}

#[test]
fn inspect_refuses_every_sampled_truncation_and_flip_and_never_panics() {
    let (corrupt, framed) = cases(97, 12);
    assert_eq!(inspect_all(&corrupt), 0, "a corrupt table was accepted");
    // Random payloads with a valid CRC decode to a valid table or are refused: no panic.
    inspect_all(&framed);
}

#[test]
#[ignore = "the full fuzz: every truncation and flip plus 500 framed payloads (minutes)"]
fn inspect_full_fuzz() {
    let (corrupt, framed) = cases(1, 500);
    assert_eq!(inspect_all(&corrupt), 0, "a corrupt table was accepted");
    inspect_all(&framed);
}
