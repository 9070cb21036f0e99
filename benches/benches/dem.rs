//! DEM throughput (issue 6): flake-steps per second of `DemSystem::step`, including the
//! height-map contacts of both surfaces and the flake–flake cell list, on one core.
//!
//! - `dem_step/flakes/{20,200}`: 12 µm flakes on 256² self-affine surfaces of 500 µm
//!   (δx = 1.95 µm, seed 000 §6.1); goal ≥ 1e6 flake-steps/s per core.
//! - `dem_step/diameter_um/{6,12,25,50,100}`: 8 flakes, cost vs d_p/δx (the swept window
//!   grows as (d_p/δx)²).
//!
//! - `dem_pixel/v0.08_{overdamped,explicit}`: wall time of the DEM per slid pixel at strip
//!   drawing's 0.08 m/s (issue 31), in the BEM–DEM loop of the quick preset's case p = 15 MPa,
//!   β = 0.2 (18 flakes), seed 0 (lubricant frame; the loop's contact updates between pixels
//!   are not timed). Before timing it prints the integrator steps and flake evaluations per
//!   pixel over the first 32 pixels.
//!
//! Run: `cargo bench -p tribo-benches --bench dem -- --warm-up-time 1 --measurement-time 3`.

use std::time::Duration;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use tribo_calibrator::config::CalibrationConfig;
use tribo_calibrator::dem::touching_offset;
use tribo_calibrator::dem::{DemParams, DemSystem, FlakeShape, RandomPlacement, place_random};
use tribo_calibrator::meso::CaseRun;
use tribo_calibrator::meso::cases::MesoCase;
use tribo_calibrator::surface::{HeightMap, Rescale, SelfAffine};

const STEPS_PER_ITER: usize = 50;

fn system(n_flakes: usize, d_p: f64) -> DemSystem {
    let sa = SelfAffine {
        hurst: 0.8,
        k_l: 2.0,
        k_r: 2.0,
        k_s: 64.0,
    };
    let mut r1 = tribo_calibrator::rng::stream_rng(1, 1);
    let mut r2 = tribo_calibrator::rng::stream_rng(1, 2);
    let def = sa
        .generate(256, 500e-6, Rescale::RmsHeight(1.4e-6), &mut r1)
        .unwrap();
    let tool = sa
        .generate(256, 500e-6, Rescale::RmsHeight(0.6e-6), &mut r2)
        .unwrap();
    let offset = touching_offset(&def, &tool);
    let tool_world = HeightMap::new(
        256,
        256,
        tool.dx(),
        tool.dy(),
        tool.heights().iter().map(|h| h + offset).collect(),
    )
    .unwrap();
    let shape = FlakeShape::aluminium(d_p);
    let mut flakes = place_random(
        &shape,
        &def,
        &tool_world,
        &RandomPlacement::new(n_flakes),
        1,
    )
    .unwrap();
    // Flakes moving down into the surface, so contacts are active during the bench.
    for (i, f) in flakes.iter_mut().enumerate() {
        let u = |k: u64| {
            let z = tribo_calibrator::rng::splitmix64(i as u64 * 3 + k);
            (z >> 11) as f64 / (1u64 << 53) as f64 * 2.0 - 1.0
        };
        f.velocity = [u(0), u(1), -0.5];
    }
    let frame = tribo_calibrator::dem::DragFrame::Sheet;
    let params = DemParams::from_physics(shape, 1e-7, 10.0, 55e9, def.dx(), def.dy(), frame);
    let mut sys = DemSystem::new(params, def, tool, offset, flakes).unwrap();
    sys.set_parallel(false); // one core
    sys
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("dem_step");
    for n in [20usize, 200] {
        let mut sys = system(n, 12e-6);
        g.throughput(Throughput::Elements((n * STEPS_PER_ITER) as u64));
        g.bench_with_input(BenchmarkId::new("flakes", n), &n, |b, _| {
            b.iter(|| sys.run_steps(STEPS_PER_ITER))
        });
    }
    for d_um in [6.0f64, 12.0, 25.0, 50.0, 100.0] {
        let n = 8;
        let mut sys = system(n, d_um * 1e-6);
        g.throughput(Throughput::Elements((n * STEPS_PER_ITER) as u64));
        g.bench_with_input(
            BenchmarkId::new("diameter_um", d_um as u64),
            &d_um,
            |b, _| b.iter(|| sys.run_steps(STEPS_PER_ITER)),
        );
    }
    g.finish();
}

/// The quick preset's 0.08 m/s case (15 MPa, β = 0.2, seed 0) with `dem.integrator` set.
fn process_case(integrator: &str) -> CaseRun {
    // The 64² grid of issues 31–43 (the preset moved to 256² in issue 42).
    let cfg = CalibrationConfig::quick_before_issue_42(&format!(
        "[dem]\nintegrator = \"{integrator}\"\n"
    ))
    .expect("quick config");
    let case = MesoCase {
        index: 0,
        pressure: 15e6,
        beta: 0.2,
        velocity: 0.08,
        simulated_velocity: 0.08,
        seed_index: 0,
    };
    CaseRun::prepare(&cfg, &case, 0).expect("quick case")
}

fn bench_pixel(c: &mut Criterion) {
    let mut g = c.benchmark_group("dem_pixel");
    g.sample_size(10);
    for integrator in ["overdamped", "explicit"] {
        let mut run = process_case(integrator);
        let pixels = 32;
        let (mut steps, mut seconds) = (0, 0.0);
        for _ in 0..pixels {
            let (s, _, t, _) = run.sim.step().expect("slide step");
            steps += s;
            seconds += t;
        }
        let evaluations = run
            .sim
            .dem()
            .overdamped_stats()
            .map_or(steps as u64 * run.flakes as u64, |o| o.flake_evaluations);
        eprintln!(
            "dem_pixel {integrator}: {:.0} steps and {:.0} flake evaluations per pixel, \
             {:.2} ms per pixel (first {pixels} pixels, {} flakes)",
            steps as f64 / pixels as f64,
            evaluations as f64 / pixels as f64,
            1e3 * seconds / pixels as f64,
            run.flakes
        );
        let mut run = process_case(integrator);
        g.bench_function(format!("v0.08_{integrator}"), |b| {
            b.iter_custom(|iters| {
                let mut t = Duration::ZERO;
                for _ in 0..iters {
                    t += Duration::from_secs_f64(run.sim.step().expect("slide step").2);
                }
                t
            })
        });
    }
    g.finish();
}

criterion_group!(benches, bench, bench_pixel);
criterion_main!(benches);
