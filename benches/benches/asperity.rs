//! Benchmarks of the asperity model (seed 003): junction-steps per second of a 1000-junction
//! slider, with Eq. 11 solved by the tabulated inverse (production) and by the per-step
//! dichotomy of App. A (reference), during the incipient loading where every junction is
//! still "virgin" (the expensive state), and after the static peak (stick–slip regime).
//!
//! Run: `cargo bench -p tribo-benches --bench asperity -- --warm-up-time 1 --measurement-time 3`

use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};
use rand_like::lognormal_areas;
use tribo_calibrator::asperity::slider::{Eq11Solver, ModelParams, Simulation};

/// Junctions in the benchmarked population.
const JUNCTIONS: usize = 1000;
/// Steps per measured batch.
const STEPS: usize = 200;

mod rand_like {
    /// Deterministic lognormal-like areas (median 1e-8 m², σ_ln ≈ 0.1) without a RNG
    /// dependency: a fixed quasi-random sequence through an approximate normal quantile.
    pub fn lognormal_areas(n: usize) -> Vec<f64> {
        (0..n)
            .map(|i| {
                let u = ((i as f64 + 0.5) * 0.618_033_988_749_895).fract();
                // Logistic approximation of the normal quantile (|error| < 0.02σ), enough here.
                let z = (u / (1.0 - u)).ln() / 1.702;
                1e-8 * (0.1 * z).exp()
            })
            .collect()
    }
}

fn sim(solver: Eq11Solver) -> Simulation {
    let areas = lognormal_areas(JUNCTIONS);
    let load: f64 = areas.iter().sum::<f64>() / 4e-6;
    let params = ModelParams {
        solver,
        ..ModelParams::seed003_for_load(load)
    };
    Simulation::new(params, &areas).expect("valid benchmark population")
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("asperity_1000_junctions");
    g.throughput(Throughput::Elements((JUNCTIONS * STEPS) as u64));
    for (name, solver) in [
        ("loading_table", Eq11Solver::Table),
        ("loading_dichotomy", Eq11Solver::Dichotomy),
    ] {
        let start = sim(solver);
        g.bench_function(name, |b| {
            b.iter_batched(
                || start.clone(),
                |mut s| {
                    for _ in 0..STEPS {
                        s.step();
                    }
                    s.spring_force()
                },
                BatchSize::LargeInput,
            )
        });
    }
    // After the static peak: advance once (outside the measurement) to 1.2× the peak time.
    let mut slid = sim(Eq11Solver::Table);
    let p = *slid.params();
    let t_peak = p.sigma_exp * slid.initial_area() / (p.drive_velocity * p.spring_stiffness);
    while slid.time() < 1.2 * t_peak {
        slid.step();
    }
    g.bench_function("stick_slip_table", |b| {
        b.iter_batched(
            || slid.clone(),
            |mut s| {
                for _ in 0..STEPS {
                    s.step();
                }
                s.spring_force()
            },
            BatchSize::LargeInput,
        )
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
