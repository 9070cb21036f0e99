//! BEM benchmarks (issue 3): time of one Polonsky–Keer iteration against one r2c + c2r FFT pair
//! at 256² and 512², and the iteration counts of a cold solve (p/E* = 0.01, tol 1e-10), a
//! warm-started solve after a one-pixel tool shift, and a saturated solve (p_crit = 0.1·E*,
//! tol 1e-8). Counts are printed once before the timings.

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use tribo_calibrator::bem::{
    ContactSolver, HalfSpaceKernel, Material, SolverOptions, gap_from_surfaces,
};
use tribo_calibrator::rng::stream_rng;
use tribo_calibrator::surface::{HeightMap, Rescale, SelfAffine, SlopeDefinition};

const E_STAR: f64 = 55e9;
const LENGTH: f64 = 100e-6;

fn surfaces(n: usize) -> (HeightMap, HeightMap) {
    let spec = SelfAffine {
        hurst: 0.8,
        k_l: 1.0,
        k_r: 4.0,
        k_s: (n / 8) as f64,
    };
    let tool = spec
        .generate(
            n,
            LENGTH,
            Rescale::RmsSlope(0.1, SlopeDefinition::Spectral),
            &mut stream_rng(1, 1),
        )
        .expect("tool");
    let def = spec
        .generate(
            n,
            LENGTH,
            Rescale::RmsSlope(0.34, SlopeDefinition::Spectral),
            &mut stream_rng(1, 2),
        )
        .expect("deformable");
    (tool, def)
}

fn report_iterations(n: usize) {
    let (tool, def) = surfaces(n);
    let g = gap_from_surfaces(&tool, &def).expect("gap");
    let p = 0.01 * E_STAR;
    let mut s = ContactSolver::for_map(&def, Material::elastic(E_STAR), SolverOptions::default())
        .expect("solver");
    let cold = s.solve(&g, p).expect("cold");
    let g1 = gap_from_surfaces(&tool.shifted(1, 0), &def).expect("gap");
    let warm = s.solve_warm(&g1, p).expect("warm");
    let cold1 = s.solve(&g1, p).expect("cold shifted");
    let mut sat = ContactSolver::for_map(
        &def,
        Material {
            e_star: E_STAR,
            p_crit: Some(0.1 * E_STAR),
        },
        SolverOptions {
            tolerance: 1e-8,
            ..SolverOptions::default()
        },
    )
    .expect("solver");
    let r = sat.solve(&g, p).expect("saturated");
    eprintln!(
        "[bem {n}²] cold p/E*=0.01 tol 1e-10: {} iterations ({} FFT pairs, A/A0 = {:.4}); \
         warm after 1-pixel shift: {} iterations ({:.0} % of the cold solve of the shifted gap, {} iterations); \
         saturated p_crit=0.1E* tol 1e-8: {} iterations ({} FFT pairs, saturated {:.4})",
        cold.iterations,
        cold.fft_pairs,
        cold.contact_fraction,
        warm.iterations,
        100.0 * warm.iterations as f64 / cold1.iterations as f64,
        cold1.iterations,
        r.iterations,
        r.fft_pairs,
        r.saturated_fraction
    );
}

fn bench(c: &mut Criterion) {
    for n in [256usize, 512] {
        report_iterations(n);
        let (tool, def) = surfaces(n);
        let g = gap_from_surfaces(&tool, &def).expect("gap");
        let mut kernel = HalfSpaceKernel::new(n, n, LENGTH, LENGTH, E_STAR);
        let x: Vec<f64> = g.clone();
        let mut y = vec![0.0; n * n];
        c.bench_function(&format!("fft_pair_{n}"), |b| {
            b.iter(|| kernel.fft_round_trip(black_box(&x), &mut y))
        });
        // Per-iteration cost: a full cold solve divided by its iterations is measured by
        // timing fixed-iteration solves (the error return is expected).
        let iters = 20;
        let mut s = ContactSolver::for_map(
            &def,
            Material::elastic(E_STAR),
            SolverOptions {
                tolerance: 1e-300,
                max_iterations: iters,
            },
        )
        .expect("solver");
        c.bench_function(&format!("pk_{iters}_iterations_{n}"), |b| {
            b.iter(|| {
                let _ = black_box(s.solve(black_box(&g), 0.01 * E_STAR));
            })
        });
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = bench
}
criterion_main!(benches);
