//! Calibration-table benches: decode (frame + CRC + postcard + validation) of the seed-000
//! defaults and of a full table, and the friction law's μ evaluation (`FrictionLaw::mu`)
//! with α from the law alone and from 16 samples (monotone cubic), against the hot-path
//! `mu_for_alpha` with α precomputed.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use tribo_core::table::{MAX_TABLE_BYTES, Table};

fn encoded(t: &Table) -> Vec<u8> {
    let mut buf = [0u8; MAX_TABLE_BYTES];
    let n = t.encode(&mut buf).expect("valid table");
    buf[..n].to_vec()
}

fn decode(c: &mut Criterion) {
    let mut g = c.benchmark_group("table_decode");
    for (name, t) in [
        ("defaults", Table::seed000_defaults()),
        ("full", Table::filled_example()),
    ] {
        let bytes = encoded(&t);
        g.bench_function(format!("{name}_{}B", bytes.len()), |b| {
            b.iter(|| Table::from_bytes(black_box(&bytes)))
        });
    }
    let full = encoded(&Table::filled_example());
    g.bench_function("crc32_only_full", |b| {
        b.iter(|| tribo_core::table::crc32::crc32(black_box(&full)))
    });
    g.finish();
}

fn mu_eval(c: &mut Criterion) {
    let mut g = c.benchmark_group("mu_eval");
    // 64 (v, β) pairs over the sampled range, so the branch pattern is not trivially predicted.
    let pts: Vec<(f32, f32)> = (0..64)
        .map(|i| (0.02 + 1.5 * i as f32, 0.004 * (i % 17) as f32))
        .collect();
    for (name, t) in [
        ("law_only", Table::seed000_defaults()),
        ("16_samples", Table::filled_example()),
    ] {
        let law = t.friction_law().expect("valid law");
        g.bench_function(format!("mu_{name}_x64"), |b| {
            b.iter(|| {
                let mut s = 0.0f32;
                for &(v, beta) in black_box(&pts) {
                    s += law.mu(v, beta);
                }
                s
            })
        });
        let alphas: Vec<f32> = pts.iter().map(|&(v, _)| law.alpha(v)).collect();
        g.bench_function(format!("mu_for_alpha_{name}_x64"), |b| {
            b.iter(|| {
                let mut s = 0.0f32;
                for (&(_, beta), &a) in black_box(&pts).iter().zip(black_box(&alphas)) {
                    s += law.mu_for_alpha(a, beta);
                }
                s
            })
        });
    }
    g.finish();
}

criterion_group!(benches, decode, mu_eval);
criterion_main!(benches);
