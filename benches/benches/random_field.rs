//! Benchmarks of the random-field kernels (seed 004).
//!
//! * one 256×256 Gaussian-kernel sample (l = 0.1a): separable L·Z·Lᵀ and circulant
//!   embedding (per field; one FFT gives two), against the dense Cholesky reference at the
//!   largest grid it accepts (64×64 = 4096 nodes) — DESIGN.md goal ≲ 1 ms;
//! * wall time of a 5000-realisation CV estimate (a = 1, l = 1, all motions, 5 planar ρ*/a).

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use tribo_calibrator::random_field::field::{Correlation, LognormalField, PlateGrid};
use tribo_calibrator::random_field::integrals::MotionWeights;
use tribo_calibrator::random_field::monte_carlo::estimate;
use tribo_calibrator::random_field::sampler::{AnySampler, GaussianSampler, SamplerKind};
use tribo_calibrator::rng::stream_rng;

fn sample_bench(c: &mut Criterion, name: &str, kind: SamplerKind, m: usize, l: f64) {
    let grid = PlateGrid::with_nodes(1.0, m);
    let s = AnySampler::new(kind, grid, Correlation::gaussian(l)).expect("sampler");
    let mut scratch = s.scratch();
    let mut out = vec![0.0; s.per_draw() * grid.nodes()];
    let mut rng = stream_rng(1, 0);
    // Reported per draw; the circulant draw yields 2 fields (halve its time per field).
    c.bench_function(&format!("{name} draw ({} field(s))", s.per_draw()), |b| {
        b.iter(|| {
            s.draw(&mut rng, &mut scratch, &mut out);
            black_box(&out);
        })
    });
}

fn samplers(c: &mut Criterion) {
    sample_bench(
        c,
        "separable 256x256 l=0.1a",
        SamplerKind::Separable,
        256,
        0.1,
    );
    sample_bench(
        c,
        "circulant 256x256 l=0.1a",
        SamplerKind::Circulant,
        256,
        0.1,
    );
    sample_bench(c, "separable 64x64 l=0.1a", SamplerKind::Separable, 64, 0.1);
    sample_bench(c, "cholesky 64x64 l=0.1a", SamplerKind::Cholesky, 64, 0.1);
}

fn cv_estimate(c: &mut Criterion) {
    let field = LognormalField {
        mean: 0.5,
        std: 0.1,
        correlation: Correlation::gaussian(1.0),
    };
    let grid = PlateGrid::seed_mesh(1.0, 1.0, 256);
    let w = MotionWeights::new(grid, 1.0, &[0.1, 0.5, 1.0, 2.0, 5.0]);
    let s = AnySampler::new(SamplerKind::Auto, grid, field.correlation).expect("sampler");
    let mut g = c.benchmark_group("cv estimate");
    g.sample_size(10);
    g.bench_function("5000 realisations, a=1 l=1 (20x20 mesh)", |b| {
        b.iter(|| black_box(estimate(&s, &field, &w, 5000, 7, None)))
    });
    g.finish();
}

criterion_group!(benches, samplers, cv_estimate);
criterion_main!(benches);
