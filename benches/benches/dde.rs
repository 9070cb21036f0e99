//! Benchmarks of seed 001's deformable discrete elements: ns per element-step of elastic
//! dynamics (Verlet, no events, and with contact + fracture events), steps per second of the
//! sliding block, and the wall time of one sliding-wear case (a K(p) curve is
//! pressures × realisations of these, spread over the cores).
//!
//! Run: `cargo bench -p tribo-benches --bench dde -- --warm-up-time 1 --measurement-time 5`

use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};
use tribo_calibrator::dde::build::{Strength, add_body};
use tribo_calibrator::dde::incline::{InclineCase, run as run_incline};
use tribo_calibrator::dde::integrate::{Events, Scheme, Stepper, stable_dt};
use tribo_calibrator::dde::material::BrittleSolid;
use tribo_calibrator::dde::mesh::rectangle;
use tribo_calibrator::dde::sliding::{SlidingWearCase, run as run_sliding};
use tribo_calibrator::dde::system::{ElementAssembly, Support};
use tribo_calibrator::dde::vec2::V2;

/// Steps per measured batch.
const STEPS: u64 = 100;

fn vibrating_plate(cells: usize) -> ElementAssembly {
    let mesh = rectangle(V2::ZERO, V2::new(1e-5, 1e-5), cells, cells).expect("mesh");
    let mut sys = ElementAssembly::new(BrittleSolid::ZIRCONIA);
    add_body(&mut sys, &mesh, 0, Strength::FlawFraction(0.5), |p| {
        if p.y < 1e-12 {
            Support::FIXED
        } else {
            Support::FREE
        }
    })
    .expect("body");
    for (v, p) in sys.elements.vel.iter_mut().zip(&sys.elements.pos) {
        *v = V2::new((p.y * 3e5).sin(), (p.x * 2e5).cos());
    }
    sys
}

fn element_steps(c: &mut Criterion) {
    let mut g = c.benchmark_group("dde_element_step");
    for (name, scheme, events) in [
        ("verlet_elastic", Scheme::VelocityVerlet, Events::NONE),
        (
            "verlet_contact_fracture",
            Scheme::VelocityVerlet,
            Events::ALL,
        ),
        ("ab4_elastic", Scheme::AdamsBashforth4, Events::NONE),
    ] {
        let sys = vibrating_plate(64);
        g.throughput(Throughput::Elements(sys.elements.len() as u64 * STEPS));
        g.bench_function(name, |b| {
            b.iter_batched(
                || {
                    let dt = stable_dt(&sys, 0.1);
                    let mut st = Stepper::new(scheme, dt, events);
                    let mut s = sys.clone();
                    // Past the AB4 start-up steps.
                    for _ in 0..4 {
                        st.step(&mut s);
                    }
                    (s, st)
                },
                |(mut s, mut st)| {
                    for _ in 0..STEPS {
                        st.step(&mut s);
                    }
                    s
                },
                BatchSize::LargeInput,
            )
        });
    }
    g.finish();
}

fn sliding_block(c: &mut Criterion) {
    let mut g = c.benchmark_group("dde_incline");
    g.sample_size(10);
    let case = InclineCase::seed(0.25, 0.20);
    let steps = run_incline(&case).expect("incline").steps;
    g.throughput(Throughput::Elements(steps));
    g.bench_function("sliding_block_run", |b| {
        b.iter(|| run_incline(&case).expect("incline"))
    });
    g.finish();
}

fn wear_case(c: &mut Criterion) {
    let mut g = c.benchmark_group("dde_wear");
    g.sample_size(10);
    let case = SlidingWearCase::quick(2e8, 1, 0);
    g.bench_function("quick_sliding_case", |b| {
        b.iter(|| run_sliding(&case).expect("case"))
    });
    g.finish();
}

criterion_group!(benches, element_steps, sliding_block, wear_case);
criterion_main!(benches);
