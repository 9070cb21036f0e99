//! The staggered BEM–DEM loop (issue 7) at the quick preset's grid of issues 7–43 (64²,
//! L = 100 µm, δx = 1.5625 µm; pinned by `CalibrationConfig::quick_before_issue_42` since
//! issue 42 moved the preset to 256², so the figures in docs/performance.md stay comparable),
//! case p = 15 MPa, β = 0.1 (9 flakes of 12 µm), v0 = 50 m/s, seed 0:
//!
//! - `meso_step/dem`: wall time of the DEM part of one slide step (one pixel of sliding);
//! - `meso_step/bem_warm`: the BEM part (blocked detection, h*_Tool, warm solve, updates);
//! - `meso_step/bem_cold`: a cold solve of the same gap g* on a second solver;
//! - `meso_case/quick`: one whole case of the quick preset (setup + slide);
//! - `meso_case/v10_lubricant` and `meso_case/v0.08_lubricant`: the same case at the quick
//!   preset's 10 m/s and at strip drawing's 0.08 m/s, simulated directly as the presets do, in
//!   the presets' lubricant drag frame, with the integrator the presets choose (`dem.integrator
//!   = "auto"`: overdamped at 0.08 m/s, Stokes ratio 5·10⁻⁴; inertial TR-BDF2 at 10 m/s, 0.064,
//!   since issue 43 — explicit before) — the ratio is the price of the process velocity;
//! - `meso_case/v10_lubricant_explicit` and `meso_case/v0.08_lubricant_explicit`: the same with
//!   `dem.integrator = "explicit"` (the damped velocity Verlet at its stable step, the
//!   reference and the presets' integrator before issue 31), so before/after sit in one run;
//! - `meso_case_dem/v0.08_lubricant{,_explicit}`: the DEM part of those 0.08 m/s cases alone;
//! - `meso_case_dem/v{10,50}_lubricant_{explicit,inertial}` (issue 43): the DEM part of the
//!   10 and 50 m/s cases with the explicit reference and the inertial integrator
//!   (`dem.integrator = "inertial"`, its default TR-BDF2 scheme and tolerance), and
//!   `meso_case/v10_lubricant_inertial`, the whole 10 m/s case with it (against
//!   `meso_case/v0.08_lubricant`: the price of the velocity).
//!
//! - `meso_paper/v{0.08,1,10,50}_{dem,bem}` (issue 43 item 5): a case on seed 000's grid (the
//!   `paper` preset, 512², 500 µm), p = 15 MPa, β = 0.1, 16 slide steps, with the presets'
//!   `auto` integrator: its DEM and BEM parts per velocity. The explicit reference at this
//!   grid (minutes per case) is measured by `tribo meso` instead (`docs/performance.md`).
//!
//! Only the issue 43 figures: `cargo bench -p tribo-benches --bench meso -- 'inertial|v0.08_lubricant$|v10_lubricant_explicit|v50_lubricant_explicit' --warm-up-time 1 --measurement-time 3`.
//!
//! Before timing it prints the mean Polonsky–Keer iterations per step, warm-started in the
//! loop vs cold on the same gaps (32 steps after the first pixel).
//!
//! Run: `cargo bench -p tribo-benches --bench meso -- --warm-up-time 1 --measurement-time 3`.

use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use tribo_calibrator::bem::ContactSolver;
use tribo_calibrator::config::CalibrationConfig;
use tribo_calibrator::meso::cases::MesoCase;
use tribo_calibrator::meso::setup::{bem_material, bem_options};
use tribo_calibrator::meso::{CaseRun, run_case};
use tribo_calibrator::presets::Preset;

fn quick_case() -> (CalibrationConfig, MesoCase) {
    let cfg = CalibrationConfig::quick_before_issue_42("").expect("quick config");
    let case = MesoCase {
        index: 0,
        pressure: 15e6,
        beta: 0.1,
        velocity: 50.0,
        simulated_velocity: 50.0,
        seed_index: 0,
    };
    (cfg, case)
}

fn warm_vs_cold_iterations() {
    let (cfg, case) = quick_case();
    let mut run = CaseRun::prepare(&cfg, &case, 0).expect("quick case");
    let mut cold =
        ContactSolver::for_map(run.sim.deformable(), bem_material(&cfg), bem_options(&cfg))
            .expect("solver");
    run.sim.step().expect("first step");
    let (mut warm_it, mut cold_it, mut restarts, mut stalled, mut n) = (0, 0, 0, 0, 0usize);
    let steps = 32;
    for _ in 0..steps {
        let (_, u, _, _) = run.sim.step().expect("step");
        restarts += usize::from(u.cold_restart.is_some());
        // Steps where either start stalled are counted apart, not averaged.
        match cold.solve(run.sim.last_gap(), case.pressure) {
            Ok(r) if u.cold_restart.is_none() => {
                warm_it += u.report.iterations;
                cold_it += r.iterations;
                n += 1;
            }
            Ok(_) => {}
            Err(_) => stalled += 1,
        }
    }
    eprintln!(
        "meso BEM iterations per step over {n} of {steps} steps: warm (in the loop) {:.1}, cold (same gaps) {:.1}, ratio {:.3}; warm restarts {restarts}, stalled cold solves {stalled}",
        warm_it as f64 / n as f64,
        cold_it as f64 / n as f64,
        warm_it as f64 / cold_it as f64
    );
}

fn bench_step(c: &mut Criterion) {
    warm_vs_cold_iterations();
    let (cfg, case) = quick_case();
    let mut g = c.benchmark_group("meso_step");
    let mut run = CaseRun::prepare(&cfg, &case, 0).expect("quick case");
    g.bench_function("dem", |b| {
        b.iter_custom(|iters| {
            let mut t = Duration::ZERO;
            for _ in 0..iters {
                t += Duration::from_secs_f64(run.sim.step().expect("step").2);
            }
            t
        })
    });
    let mut run = CaseRun::prepare(&cfg, &case, 0).expect("quick case");
    g.bench_function("bem_warm", |b| {
        b.iter_custom(|iters| {
            let mut t = Duration::ZERO;
            for _ in 0..iters {
                t += Duration::from_secs_f64(run.sim.step().expect("step").3);
            }
            t
        })
    });
    let mut run = CaseRun::prepare(&cfg, &case, 0).expect("quick case");
    let mut cold =
        ContactSolver::for_map(run.sim.deformable(), bem_material(&cfg), bem_options(&cfg))
            .expect("solver");
    g.bench_function("bem_cold", |b| {
        b.iter_custom(|iters| {
            let mut t = Duration::ZERO;
            for _ in 0..iters {
                run.sim.step().expect("step");
                let t0 = Instant::now();
                // A stalled cold solve still costs its iterations: timed either way.
                let _ = cold.solve(run.sim.last_gap(), case.pressure);
                t += t0.elapsed();
            }
            t
        })
    });
    g.finish();
}

fn bench_case(c: &mut Criterion) {
    let (cfg, case) = quick_case();
    let explicit = CalibrationConfig::quick_before_issue_42("[dem]\nintegrator = \"explicit\"\n")
        .expect("explicit config");
    let inertial = CalibrationConfig::quick_before_issue_42("[dem]\nintegrator = \"inertial\"\n")
        .expect("inertial config");
    let mut g = c.benchmark_group("meso_case");
    g.sample_size(10);
    g.bench_function("quick", |b| {
        b.iter(|| run_case(&cfg, &case, 0, None).expect("quick case"))
    });
    for v in [10.0, 0.08] {
        let slow = MesoCase {
            velocity: v,
            simulated_velocity: cfg.process.simulated_velocity(v),
            ..case
        };
        for (suffix, c) in [("", &cfg), ("_explicit", &explicit)] {
            g.bench_function(format!("v{v}_lubricant{suffix}"), |b| {
                b.iter(|| run_case(c, &slow, 0, None).expect("process-velocity case"))
            });
        }
    }
    let fast = MesoCase {
        velocity: 10.0,
        simulated_velocity: cfg.process.simulated_velocity(10.0),
        ..case
    };
    g.bench_function("v10_lubricant_inertial", |b| {
        b.iter(|| run_case(&inertial, &fast, 0, None).expect("10 m/s case"))
    });
    g.finish();
    // The DEM part alone (its wall time as the case reports it), the figure issue 31's
    // "≥ 20× lower DEM time" is about.
    let mut g = c.benchmark_group("meso_case_dem");
    g.sample_size(10);
    let slow = MesoCase {
        velocity: 0.08,
        simulated_velocity: 0.08,
        ..case
    };
    for (suffix, c) in [("", &cfg), ("_explicit", &explicit)] {
        g.bench_function(format!("v0.08_lubricant{suffix}"), |b| {
            b.iter_custom(|iters| {
                let mut t = Duration::ZERO;
                for _ in 0..iters {
                    let r = run_case(c, &slow, 0, None).expect("process-velocity case");
                    t += Duration::from_secs_f64(r.seconds_dem);
                }
                t
            })
        });
    }
    for v in [10.0, 50.0] {
        let fast = MesoCase {
            velocity: v,
            simulated_velocity: cfg.process.simulated_velocity(v),
            ..case
        };
        for (suffix, c) in [("_explicit", &explicit), ("_inertial", &inertial)] {
            g.bench_function(format!("v{v}_lubricant{suffix}"), |b| {
                b.iter_custom(|iters| {
                    let mut t = Duration::ZERO;
                    for _ in 0..iters {
                        let r = run_case(c, &fast, 0, None).expect("fast case");
                        t += Duration::from_secs_f64(r.seconds_dem);
                    }
                    t
                })
            });
        }
    }
    g.finish();
}

/// Seed 000's grid (the `paper` preset: 512², 500 µm, δx = 0.98 µm), case p = 15 MPa,
/// β = 0.1 (221 flakes), seed 0, 16 of the 2048 slide steps of a 2 L case
/// (`sweep.slide_lengths = 0.03125`, one pixel per slide step), with the presets' integrator
/// choice (`auto`): the DEM part and the BEM part per velocity, as the case reports them.
fn bench_paper(c: &mut Criterion) {
    let cfg = CalibrationConfig::from_preset_and_toml(
        Preset::Paper,
        "[sweep]\nslide_lengths = 0.03125\n",
    )
    .expect("paper config");
    let mut g = c.benchmark_group("meso_paper");
    g.sample_size(10);
    for v in [0.08, 1.0, 10.0, 50.0] {
        let case = MesoCase {
            index: 0,
            pressure: 15e6,
            beta: 0.1,
            velocity: v,
            simulated_velocity: cfg.process.simulated_velocity(v),
            seed_index: 0,
        };
        for (part, dem) in [("dem", true), ("bem", false)] {
            g.bench_function(format!("v{v}_{part}"), |b| {
                b.iter_custom(|iters| {
                    let mut t = Duration::ZERO;
                    for _ in 0..iters {
                        let r = run_case(&cfg, &case, 0, None).expect("paper case");
                        let s = if dem { r.seconds_dem } else { r.seconds_bem };
                        t += Duration::from_secs_f64(s);
                    }
                    t
                })
            });
        }
    }
    g.finish();
}

criterion_group!(benches, bench_step, bench_case, bench_paper);
criterion_main!(benches);
