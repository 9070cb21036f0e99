//! Benchmarks of the random-field kernels (seed 004). Goal (issue 4, DESIGN.md): one 256×256
//! Gaussian-kernel sample ≲ 1 ms.
//!
//! * `separable 256x256 l/a=…`: one sample by the automatically chosen factor (the name
//!   gives it and its column count r) at l/a = 0.01, 0.1, 1, 10 on a fixed 256² grid (a = 1);
//!   at l/a = 0.1 also each forced factor, to show why it was chosen;
//! * `normals …`: 65 536 standard normal deviates alone (one r = 256 sample): Ziggurat on
//!   xoshiro256++ as the samplers draw them, and on StreamRng (ChaCha12) as before;
//! * `circulant 256x256`: one FFT draw, which yields 2 fields (halve for the per-field time);
//! * the dense Cholesky reference at the largest grid it accepts (64×64 = 4096 nodes) and the
//!   separable sampler on the same grid (the ratio);
//! * wall time of a 5000-realisation CV estimate (all motions, 5 planar ρ*/a) on the seed mesh
//!   at l = a (20×20) and at l = 0.02a (100×100).

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use tribo_calibrator::random_field::field::{Correlation, LognormalField, PlateGrid};
use tribo_calibrator::random_field::integrals::MotionWeights;
use tribo_calibrator::random_field::monte_carlo::estimate;
use tribo_calibrator::random_field::normals::fill_from_stream_rng;
use tribo_calibrator::random_field::sampler::{
    AnySampler, GaussianSampler, SamplerKind, fill_standard_normals,
};
use tribo_calibrator::random_field::separable::{FactorKind, SeparableSampler};
use tribo_calibrator::rng::stream_rng;

fn draw_bench<S: GaussianSampler>(c: &mut Criterion, name: &str, s: &S) {
    let grid = s.grid();
    let mut scratch = s.scratch();
    let mut out = vec![0.0; s.per_draw() * grid.nodes()];
    let mut rng = stream_rng(1, 0);
    c.bench_function(name, |b| {
        b.iter(|| {
            s.draw(&mut rng, &mut scratch, &mut out);
            black_box(&out);
        })
    });
}

fn separable(c: &mut Criterion) {
    let grid = PlateGrid::with_nodes(1.0, 256);
    for la in [0.01, 0.1, 1.0, 10.0] {
        let s = SeparableSampler::new(grid, Correlation::gaussian(la)).expect("sampler");
        let name = format!(
            "separable 256x256 l/a={la} ({:?}, r={})",
            s.factor_kind(),
            s.rank()
        );
        draw_bench(c, &name, &s);
    }
    for kind in [FactorKind::Quadrature, FactorKind::LowRank] {
        let s =
            SeparableSampler::with_factor(grid, Correlation::gaussian(0.1), kind).expect("sampler");
        let name = format!("separable 256x256 l/a=0.1 forced {kind:?} (r={})", s.rank());
        draw_bench(c, &name, &s);
    }
}

fn normals(c: &mut Criterion) {
    let mut buf = vec![0.0f64; 256 * 256];
    let mut rng = stream_rng(1, 0);
    c.bench_function("normals 65536 (Ziggurat on xoshiro256++, samplers)", |b| {
        b.iter(|| {
            fill_standard_normals(&mut rng, &mut buf);
            black_box(&buf);
        })
    });
    c.bench_function("normals 65536 (Ziggurat on StreamRng, reference)", |b| {
        b.iter(|| {
            fill_from_stream_rng(&mut rng, &mut buf);
            black_box(&buf);
        })
    });
}

fn circulant_and_reference(c: &mut Criterion) {
    let corr = Correlation::gaussian(0.1);
    let big = PlateGrid::with_nodes(1.0, 256);
    let circ = AnySampler::new(SamplerKind::Circulant, big, corr).expect("circulant");
    draw_bench(c, "circulant 256x256 l/a=0.1 (2 fields per draw)", &circ);
    // The dense reference's largest grid (CHOLESKY_MAX_NODES = 4096) and the separable
    // sampler on it: the ratio of the two lines is the speed-up over the oracle.
    let small = PlateGrid::with_nodes(1.0, 64);
    let chol = AnySampler::new(SamplerKind::Cholesky, small, corr).expect("cholesky");
    draw_bench(c, "cholesky reference 64x64 l/a=0.1", &chol);
    let sep = AnySampler::new(SamplerKind::Separable, small, corr).expect("separable");
    draw_bench(c, "separable 64x64 l/a=0.1", &sep);
}

fn cv_estimate(c: &mut Criterion) {
    let mut g = c.benchmark_group("cv estimate");
    g.sample_size(10);
    for l in [1.0, 0.02] {
        let field = LognormalField {
            mean: 0.5,
            std: 0.1,
            correlation: Correlation::gaussian(l),
        };
        let grid = PlateGrid::seed_mesh(1.0, l, 256);
        let w = MotionWeights::new(grid, 1.0, &[0.1, 0.5, 1.0, 2.0, 5.0]);
        let s = AnySampler::new(SamplerKind::Auto, grid, field.correlation).expect("sampler");
        let name = format!("5000 realisations, a=1 l={l} ({0}x{0} mesh)", grid.m);
        g.bench_function(name, |b| {
            b.iter(|| black_box(estimate(&s, &field, &w, 5000, 7, None)))
        });
    }
    g.finish();
}

criterion_group!(
    benches,
    separable,
    normals,
    circulant_and_reference,
    cv_estimate
);
criterion_main!(benches);
