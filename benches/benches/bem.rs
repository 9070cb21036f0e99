//! BEM benchmarks (issue 3): time of one Polonsky–Keer iteration (a whole cold solve over its
//! iterations) against one r2c + c2r FFT pair at 256² and 512², and the iteration counts of a
//! cold solve (p/E* = 0.01, tol 1e-10 and 1e-8), of warm starts after a one-pixel tool shift
//! (previous traction as is, and shifted with the tool), with the starting residuals ε0, and of
//! a saturated solve (p_crit = 0.1·E*, tol 1e-8). Counts and ratios are printed (stderr) next to
//! the criterion timings; run with
//! `cargo bench -p tribo-benches --bench bem -- --warm-up-time 1 --measurement-time 3`.

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use std::time::Instant;
use tribo_calibrator::bem::{
    BemError, Complex64, ContactSolver, HalfSpaceKernel, Material, SolveReport, SolverOptions,
    gap_from_surfaces,
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

/// ε of the starting point: a zero-iteration solve reports its residual in the error.
fn initial_residual(
    s: &mut ContactSolver,
    start: impl FnOnce(&mut ContactSolver) -> Result<SolveReport, BemError>,
) -> f64 {
    let saved = *s.options_mut();
    s.options_mut().max_iterations = 0;
    let r = match start(s) {
        Err(BemError::NotConverged { residual, .. }) => residual,
        Ok(r) => r.residual,
        Err(e) => panic!("{e}"),
    };
    *s.options_mut() = saved;
    r
}

fn report_iterations(n: usize) {
    let (tool, def) = surfaces(n);
    let g = gap_from_surfaces(&tool, &def).expect("gap");
    let g1 = gap_from_surfaces(&tool.shifted(1, 0), &def).expect("gap");
    let p = 0.01 * E_STAR;
    let mut s = ContactSolver::for_map(&def, Material::elastic(E_STAR), SolverOptions::default())
        .expect("solver");
    for tol in [1e-10, 1e-8] {
        s.options_mut().tolerance = tol;
        let cold = s.solve(&g1, p).expect("cold");
        s.solve(&g, p).expect("cold");
        let warm = s.solve_warm(&g1, p).expect("warm");
        s.solve(&g, p).expect("cold");
        let shifted = s.solve_warm_shifted(&g1, p, 1, 0).expect("warm shifted");
        s.solve(&g, p).expect("cold");
        let eps_warm = initial_residual(&mut s, |s| s.solve_warm(&g1, p));
        s.solve(&g, p).expect("cold");
        let eps_shift = initial_residual(&mut s, |s| s.solve_warm_shifted(&g1, p, 1, 0));
        let eps_cold = initial_residual(&mut s, |s| s.solve(&g1, p));
        eprintln!(
            "[bem {n}²] p/E*=0.01 tol {tol:.0e}: cold {} it ({} FFT pairs, A/A0 = {:.4}, ε0 = {eps_cold:.2e}); \
             after a 1-pixel tool shift: warm {} it ({:.0} % of cold, ε0 = {eps_warm:.2e}), \
             warm shifted with the tool {} it ({:.0} % of cold, ε0 = {eps_shift:.2e})",
            cold.iterations,
            cold.fft_pairs,
            cold.contact_fraction,
            warm.iterations,
            100.0 * warm.iterations as f64 / cold.iterations as f64,
            shifted.iterations,
            100.0 * shifted.iterations as f64 / cold.iterations as f64,
        );
    }
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
        "[bem {n}²] saturated p_crit=0.1E* tol 1e-8: {} iterations ({} FFT pairs, saturated {:.4})",
        r.iterations, r.fft_pairs, r.saturated_fraction
    );
}

/// Median of `reps` wall-clock timings of `f` \[s\].
fn median_seconds(reps: usize, mut f: impl FnMut()) -> f64 {
    let mut t: Vec<f64> = (0..reps)
        .map(|_| {
            let start = Instant::now();
            f();
            start.elapsed().as_secs_f64()
        })
        .collect();
    t.sort_by(f64::total_cmp);
    t[reps / 2]
}

fn bench(c: &mut Criterion) {
    for n in [256usize, 512] {
        report_iterations(n);
        let (tool, def) = surfaces(n);
        let g = gap_from_surfaces(&tool, &def).expect("gap");
        let p = 0.01 * E_STAR;
        let mut kernel = HalfSpaceKernel::new(n, n, LENGTH, LENGTH, E_STAR);
        let x: Vec<f64> = g.clone();
        let mut y = vec![0.0; n * n];
        let mut spec = vec![Complex64::new(0.0, 0.0); kernel.spectrum_len()];
        c.bench_function(&format!("fft_pair_{n}"), |b| {
            b.iter(|| kernel.fft_round_trip(black_box(&x), &mut y))
        });
        // The point-update budget of the solver: one point correction of t̂ vs one forward
        // transform.
        c.bench_function(&format!("forward_{n}"), |b| {
            b.iter(|| kernel.transform(black_box(&x), &mut spec))
        });
        c.bench_function(&format!("point_update_{n}"), |b| {
            b.iter(|| kernel.add_point(&mut spec, black_box(n * n / 2 + 3), 1.0))
        });
        // Per-iteration cost: a whole cold solve (initial and confirming transforms included)
        // divided by its iterations.
        let mut s =
            ContactSolver::for_map(&def, Material::elastic(E_STAR), SolverOptions::default())
                .expect("solver");
        let iterations = s.solve(&g, p).expect("cold").iterations;
        c.bench_function(&format!("pk_cold_solve_{n}"), |b| {
            b.iter(|| black_box(s.solve(black_box(&g), p).expect("cold")))
        });
        // Load-robust ratio: `iterations` FFT pairs in a row vs one cold solve, alternated so
        // both see the same machine load; the median of the ratios.
        let reps = 9;
        let mut ratios = Vec::with_capacity(reps);
        let (mut pair_block, mut solve) = (Vec::new(), Vec::new());
        for _ in 0..reps {
            let start = Instant::now();
            for _ in 0..iterations {
                kernel.fft_round_trip(&x, &mut y);
            }
            let t_pairs = start.elapsed().as_secs_f64();
            let start = Instant::now();
            s.solve(&g, p).expect("cold");
            let t_solve = start.elapsed().as_secs_f64();
            ratios.push(t_solve / t_pairs);
            pair_block.push(t_pairs / iterations as f64);
            solve.push(t_solve);
        }
        for v in [&mut ratios, &mut pair_block, &mut solve] {
            v.sort_by(f64::total_cmp);
        }
        let forward = median_seconds(reps * 10, || kernel.transform(&x, &mut spec));
        let point = median_seconds(reps * 10, || {
            kernel.add_point(&mut spec, n * n / 2 + 3, 1.0)
        });
        let st = s.update_stats();
        eprintln!(
            "[bem {n}²] FFT pair {:.3} ms, forward {:.3} ms, point update {:.4} ms ({:.1} points per forward); \
             cold solve {:.1} ms / {iterations} it = {:.3} ms per iteration = {:.2} FFT pairs \
             (median of {reps} alternated ratios); {st:?}",
            pair_block[reps / 2] * 1e3,
            forward * 1e3,
            point * 1e3,
            forward / point,
            solve[reps / 2] * 1e3,
            solve[reps / 2] / iterations as f64 * 1e3,
            ratios[reps / 2]
        );
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = bench
}
criterion_main!(benches);
