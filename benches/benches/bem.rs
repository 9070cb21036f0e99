//! BEM benchmarks (issue 3). For 256² and 512² grids (p/E* = 0.01, tol 1e-10):
//! - the cost of one solver iteration as a ratio to one r2c + c2r FFT pair: a whole cold solve
//!   (initial and confirming transforms included) divided by its iterations, alternated with
//!   blocks of FFT pairs so both see the same machine load (median ratio);
//! - the starting residual ε0, iterations and wall time of a cold solve, of a warm solve after a
//!   one-pixel tool shift (previous traction as is) and of a warm solve from the previous
//!   traction shifted with the tool;
//! - a saturated solve (p_crit = 0.1·E*, tol 1e-8).
//!
//! Figures are printed (stderr) next to the criterion timings; run with
//! `cargo bench -p tribo-benches --bench bem -- --warm-up-time 1 --measurement-time 3`.
//! `BEM_FIGURES` (comma-separated subset of `warm,saturated,ratio`; default all) and
//! `BEM_SIZES` (e.g. `256`; default `256,512`) restrict the printed figures for quick checks.

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use std::time::Instant;
use tribo_calibrator::bem::{
    BemError, ContactSolver, HalfSpaceKernel, Material, SolveReport, SolverOptions,
    gap_from_surfaces,
};
use tribo_calibrator::rng::stream_rng;
use tribo_calibrator::surface::{HeightMap, Rescale, SelfAffine, SlopeDefinition};

const E_STAR: f64 = 55e9;
const LENGTH: f64 = 100e-6;
/// Repetitions of the alternated timings (median taken).
const REPS: usize = 7;
/// Shortest block timed with [`CpuClock`] \[s\]: two stale readings of ≤ 4 ms each are ≤ 4 %.
const CPU_BLOCK: f64 = 0.2;

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

/// On-CPU time of the calling thread \[s\] (Linux `/proc/thread-self/schedstat`, first field in
/// ns): unlike wall time it does not count the time the shared machine gives to other
/// processes, so ratios of two timings measured this way are load-robust. The counter is only
/// brought up to date at scheduler events (ticks of 4 ms measured here: short blocks come out
/// quantised), so every block timed with it lasts at least [`CPU_BLOCK`]. Falls back to the
/// wall clock elsewhere.
struct CpuClock(Option<f64>, Instant);

impl CpuClock {
    fn now() -> Self {
        let cpu = std::fs::read_to_string("/proc/thread-self/schedstat")
            .ok()
            .and_then(|s| s.split_whitespace().next()?.parse::<f64>().ok())
            .map(|ns| ns * 1e-9);
        Self(cpu, Instant::now())
    }
    fn elapsed(&self) -> f64 {
        match (self.0, Self::now().0) {
            (Some(a), Some(b)) => b - a,
            _ => self.1.elapsed().as_secs_f64(),
        }
    }
}

/// Wall time \[s\] and report of `f` (single solves are too short for [`CpuClock`]).
fn timed(
    s: &mut ContactSolver,
    f: impl FnOnce(&mut ContactSolver) -> Result<SolveReport, BemError>,
) -> (f64, SolveReport) {
    let start = Instant::now();
    let r = f(s).expect("solve");
    (start.elapsed().as_secs_f64(), r)
}

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

/// Cold / warm / warm-shifted solves of the gap after a one-pixel tool step: ε0, iterations,
/// wall time (median of [`REPS`]).
fn report_warm_starts(s: &mut ContactSolver, g0: &[f64], g1: &[f64], p: f64, n: usize) {
    let mode = if s.is_preconditioned() {
        "preconditioned (default)"
    } else {
        "plain"
    };
    let (mut cold_t, mut warm_t, mut shift_t) = (Vec::new(), Vec::new(), Vec::new());
    let (mut cold, mut warm, mut shifted) = (None, None, None);
    for _ in 0..REPS {
        let (t, r) = timed(s, |s| s.solve(g1, p));
        cold_t.push(t);
        cold = Some(r);
        s.solve(g0, p).expect("cold");
        let (t, r) = timed(s, |s| s.solve_warm(g1, p));
        warm_t.push(t);
        warm = Some(r);
        s.solve(g0, p).expect("cold");
        let (t, r) = timed(s, |s| s.solve_warm_shifted(g1, p, 1, 0));
        shift_t.push(t);
        shifted = Some(r);
    }
    let (cold, warm, shifted) = (cold.unwrap(), warm.unwrap(), shifted.unwrap());
    let eps_cold = initial_residual(s, |s| s.solve(g1, p));
    s.solve(g0, p).expect("cold");
    let eps_warm = initial_residual(s, |s| s.solve_warm(g1, p));
    s.solve(g0, p).expect("cold");
    let eps_shift = initial_residual(s, |s| s.solve_warm_shifted(g1, p, 1, 0));
    let ct = median(&mut cold_t);
    let row = |name: &str, r: &SolveReport, eps: f64, t: f64| {
        eprintln!(
            "[bem {n}²]   {name:<13} ε0 {eps:.2e}: {:>4} it ({:>4} FFT pairs, {:>3.0} % of cold), {:8.2} ms ({:>3.0} % of cold)",
            r.iterations,
            r.fft_pairs,
            100.0 * r.iterations as f64 / cold.iterations as f64,
            t * 1e3,
            100.0 * t / ct
        );
    };
    eprintln!(
        "[bem {n}² {mode}] p/E*=0.01 tol 1e-10, gap after a 1-pixel tool step (A/A0 = {:.4}):",
        cold.contact_fraction
    );
    row("cold", &cold, eps_cold, ct);
    row("warm", &warm, eps_warm, median(&mut warm_t));
    row("warm shifted", &shifted, eps_shift, median(&mut shift_t));
}

/// Whether the figure set `name` is asked for (`BEM_FIGURES`, default all).
fn wanted(name: &str) -> bool {
    std::env::var("BEM_FIGURES").map_or(true, |v| v.split(',').any(|f| f.trim() == name))
}

/// Grid sizes (`BEM_SIZES`, default 256 and 512).
fn sizes() -> Vec<usize> {
    std::env::var("BEM_SIZES")
        .ok()
        .map(|v| v.split(',').filter_map(|f| f.trim().parse().ok()).collect())
        .unwrap_or_else(|| vec![256, 512])
}

fn bench(c: &mut Criterion) {
    for n in sizes() {
        let (tool, def) = surfaces(n);
        let g = gap_from_surfaces(&tool, &def).expect("gap");
        let g1 = gap_from_surfaces(&tool.shifted(1, 0), &def).expect("gap");
        let p = 0.01 * E_STAR;
        let mut s =
            ContactSolver::for_map(&def, Material::elastic(E_STAR), SolverOptions::default())
                .expect("solver");
        for pre in [false, true] {
            if !wanted("warm") {
                break;
            }
            s.set_preconditioned(pre);
            report_warm_starts(&mut s, &g, &g1, p, n);
        }
        s.set_preconditioned(false);

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
        for pre in [false, true] {
            if !wanted("saturated") {
                break;
            }
            sat.set_preconditioned(pre);
            let start = Instant::now();
            let r = sat.solve(&g, p).expect("saturated");
            eprintln!(
                "[bem {n}²] saturated p_crit=0.1E* tol 1e-8, preconditioned {pre}: {} iterations \
                 ({} FFT pairs, saturated {:.4}), {:.1} ms",
                r.iterations,
                r.fft_pairs,
                r.saturated_fraction,
                start.elapsed().as_secs_f64() * 1e3
            );
        }

        let mut kernel = HalfSpaceKernel::new(n, n, LENGTH, LENGTH, E_STAR);
        let x: Vec<f64> = g.clone();
        let mut y = vec![0.0; n * n];
        c.bench_function(&format!("fft_pair_{n}"), |b| {
            b.iter(|| kernel.fft_round_trip(black_box(&x), &mut y))
        });
        s.set_preconditioned(true);
        c.bench_function(&format!("cold_solve_default_{n}"), |b| {
            b.iter(|| black_box(s.solve(black_box(&g), p).expect("cold")))
        });
        if wanted("ratio") {
            // The kernel application alone (one sweep of the spectrum, as in the solver) in FFT
            // pairs: the floor of the per-iteration ratio.
            let start = Instant::now();
            kernel.fft_round_trip(&x, &mut y);
            let count = (CPU_BLOCK / start.elapsed().as_secs_f64()).ceil() as usize;
            let mut fused = Vec::new();
            for _ in 0..REPS {
                let start = CpuClock::now();
                for _ in 0..count {
                    kernel.fft_round_trip(&x, &mut y);
                }
                let t_pairs = start.elapsed();
                let start = CpuClock::now();
                for _ in 0..count {
                    black_box(kernel.apply_fused(
                        |iy, row| row.copy_from_slice(&x[iy * n..(iy + 1) * n]),
                        |_, iy, row| y[iy * n..(iy + 1) * n].copy_from_slice(row),
                    ));
                }
                fused.push(start.elapsed() / t_pairs);
            }
            eprintln!(
                "[bem {n}²] kernel application u = K x in one spectrum sweep = {:.2} FFT pairs (on-CPU times, median of {REPS})",
                median(&mut fused)
            );
        }
        for pre in [false, true] {
            if !wanted("ratio") {
                break;
            }
            s.set_preconditioned(pre);
            let start = Instant::now();
            let iterations = s.solve(&g, p).expect("cold").iterations;
            // Blocks of `solves` cold solves vs `solves · iterations` FFT pairs, alternated.
            let solves = (CPU_BLOCK / start.elapsed().as_secs_f64()).ceil() as usize;
            let (mut ratios, mut pair, mut solve) = (Vec::new(), Vec::new(), Vec::new());
            for _ in 0..REPS {
                let start = CpuClock::now();
                for _ in 0..solves * iterations {
                    kernel.fft_round_trip(&x, &mut y);
                }
                let t_pairs = start.elapsed() / solves as f64;
                let start = CpuClock::now();
                for _ in 0..solves {
                    s.solve(&g, p).expect("cold");
                }
                let t_solve = start.elapsed() / solves as f64;
                ratios.push(t_solve / t_pairs);
                pair.push(t_pairs / iterations as f64);
                solve.push(t_solve);
            }
            // The fastest of each series too (least disturbed by the other processes).
            let min = |v: &[f64]| v.iter().copied().fold(f64::INFINITY, f64::min);
            let best = min(&solve) / iterations as f64 / min(&pair);
            let (pair, solve) = (median(&mut pair), median(&mut solve));
            eprintln!(
                "[bem {n}²] preconditioned {pre}: FFT pair {:.3} ms; cold solve {:.1} ms / {iterations} it \
                 = {:.3} ms per iteration = {:.2} FFT pairs (on-CPU times, median of {REPS} alternated ratios; \
                 fastest solve / fastest pair: {best:.2})",
                pair * 1e3,
                solve * 1e3,
                solve / iterations as f64 * 1e3,
                median(&mut ratios)
            );
        }
        s.set_preconditioned(false);
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = bench
}
criterion_main!(benches);
