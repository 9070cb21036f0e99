//! Wall time of `tribo calibrate --preset quick` (issue 7: "the quick preset's wall time"),
//! run in-process exactly as the CLI runs it: surfaces → BEM sweep and κ → the 36-case
//! BEM–DEM sweep (rayon, all cores) → fits → random-field curves → asperity sweep →
//! `tables.bin` + report. Every sample starts from an empty output folder (the pipeline
//! resumes from existing case files, which would otherwise make later samples free).
//!
//! One sample is one whole calibration (≈ 1 min on 2 cores), so criterion's minimum of ten
//! samples makes this a ~12-minute bench: it is not part of CI.
//!
//! Run: `cargo bench -p tribo-benches --bench calibrate -- --warm-up-time 1`.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use tribo_calibrator::pipeline::{self, Mode, Options};
use tribo_calibrator::presets::Preset;

/// A fresh, empty output folder for one sample.
fn fresh_out(sample: u64) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "tribo-bench-calibrate-{}-{sample}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn bench_quick(c: &mut Criterion) {
    let mut g = c.benchmark_group("calibrate");
    g.sample_size(10);
    g.measurement_time(Duration::from_secs(60));
    let mut sample = 0u64;
    g.bench_function("quick", |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            for _ in 0..iters {
                sample += 1;
                let out = fresh_out(sample);
                let opts = Options {
                    out: out.clone(),
                    preset: Preset::Quick,
                    config: Preset::Quick.config(),
                    seed: 0,
                    mode: Mode::Full,
                };
                let t0 = Instant::now();
                let outcome = pipeline::run(&opts).expect("quick calibration");
                total += t0.elapsed();
                assert!(outcome.is_some(), "a full run writes a table");
                let _ = std::fs::remove_dir_all(&out);
            }
            total
        })
    });
    g.finish();
}

criterion_group!(benches, bench_quick);
criterion_main!(benches);
