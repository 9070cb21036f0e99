//! Benchmarks of the firmware path (issue 9): one tick of the blank-holder controller
//! (`tribo_firmware_example::controller::Controller`) at 64, 256 and 1024 nodes against a
//! plain Coulomb line of the same size (the baseline: the ratio is the overhead of the
//! third-body law), the per-node-α interface tick it replaced, μ evaluation and table decode.
//!
//! Every benchmark id carries the math backend, so both appear side by side in
//! `target/criterion` and in the output. Run both:
//!
//! ```sh
//! cargo bench -p tribo-benches --bench firmware -- --warm-up-time 1 --measurement-time 3
//! cargo bench -p tribo-benches --bench firmware --no-default-features --features micromath -- --warm-up-time 1 --measurement-time 3
//! ```
//!
//! - `controller_tick/{backend}/{n}`: window fill, α(v) once, β-transport with advection and
//!   sub-step check, μ and Coulomb per node, force sums, PI — mid-stroke at 0.08 m/s on a
//!   line already loaded with particles.
//! - `coulomb_plain/{backend}/{n}`: n Coulomb updates with a constant μ (`coulomb::update_line`).
//! - `interface_tick_alpha_per_node/{backend}/256`: `InterfaceLine::tick` (α(v) per node),
//!   the path before `tick_uniform`.
//! - `mu_eval/{backend}`: `FrictionLaw::mu(v, β)` (with α(v)) and `mu_for_alpha`, per call.
//! - `table_decode/{backend}`: `Table::from_bytes` + `friction_law()` of the embedded defaults.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use tribo_core::bar::InterfaceLine;
use tribo_core::coulomb::{self, CoulombSpring};
use tribo_core::table::{MAX_TABLE_BYTES, Table};
use tribo_firmware_example::controller::{AxisConfig, Controller, Inputs};

const BACKEND: &str = if cfg!(feature = "micromath") {
    "micromath"
} else {
    "libm"
};

/// Draw velocity \[m/s\] and holder force \[N\] of the benchmarked ticks.
const V: f32 = 0.08;
const HOLDER: f32 = 3000.0;

fn setup<const N: usize>() -> (Controller<N>, AxisConfig) {
    let table = Table::seed000_defaults();
    let axis = AxisConfig::strip_draw(table.law.e_star);
    let law = table.friction_law().expect("valid law");
    let ctrl = Controller::<N>::new(law, &table.transport, axis).expect("valid controller");
    (ctrl, axis)
}

/// Ticks of one draw: the bench walks the draw position through it and starts over, so the
/// tool window, the transport faces and the PI see a real stroke.
fn draw_inputs(axis: &AxisConfig, k: u32) -> Inputs {
    let ticks = (axis.stroke / (V * axis.tick)) as u32;
    Inputs {
        normal_force: HOLDER,
        draw_velocity: V,
        draw_position: (k % ticks) as f32 * V * axis.tick,
        drawing: true,
    }
}

fn controller_tick_n<const N: usize>(c: &mut Criterion) {
    let (mut ctrl, axis) = setup::<N>();
    // Load the line with particles first: two full draws.
    let ticks = (axis.stroke / (V * axis.tick)) as u32;
    for k in 0..2 * ticks {
        ctrl.tick(&draw_inputs(&axis, k)).expect("tick");
    }
    let mut k = 0u32;
    let mut g = c.benchmark_group(format!("controller_tick/{BACKEND}"));
    g.bench_function(BenchmarkId::from_parameter(N), |b| {
        b.iter(|| {
            k = k.wrapping_add(1);
            ctrl.tick(black_box(&draw_inputs(&axis, k)))
                .map(|o| o.friction_force)
        })
    });
    g.finish();

    // Baseline: a plain Coulomb line of N nodes with a constant μ and the same tool window.
    let mut springs = [CoulombSpring::new(); N];
    let l_e = axis.element_length(N);
    let pressure: [f32; N] = core::array::from_fn(|i| {
        let x = (i as f32 + 0.5) * l_e;
        if (axis.tool_start - 0.04..axis.tool_start - 0.04 + axis.tool_length).contains(&x) {
            HOLDER / (axis.tool_length * axis.tool_width)
        } else {
            0.0
        }
    });
    let du = [V * axis.tick; N];
    let mu = [0.15f32; N];
    let mut traction = [0.0f32; N];
    let mut g = c.benchmark_group(format!("coulomb_plain/{BACKEND}"));
    g.bench_function(BenchmarkId::from_parameter(N), |b| {
        b.iter(|| {
            coulomb::update_line(
                &mut springs,
                axis.shear_stiffness,
                black_box(&du),
                black_box(&pressure),
                &mu,
                &mut traction,
            )
            .map(|()| traction[N / 2])
        })
    });
    g.finish();
}

fn controller_tick(c: &mut Criterion) {
    controller_tick_n::<64>(c);
    controller_tick_n::<256>(c);
    controller_tick_n::<1024>(c);
}

fn interface_tick_alpha_per_node(c: &mut Criterion) {
    const N: usize = 256;
    let (ctrl, axis) = setup::<N>();
    let law = ctrl.law().clone();
    let tp = axis.transport(&Table::seed000_defaults().transport, N);
    let pressure: [f32; N] =
        core::array::from_fn(|i| if (64..134).contains(&i) { 2.4e6 } else { 0.0 });
    let velocity = [V; N];
    let mut line = InterfaceLine::<N>::new();
    let mut g = c.benchmark_group(format!("interface_tick/{BACKEND}"));
    g.bench_function("alpha_per_node_256", |b| {
        b.iter(|| {
            if line.beta.iter().any(|&x| x > 0.3) {
                line.beta = [0.0; N];
            }
            line.tick(
                &law,
                &tp,
                axis.shear_stiffness,
                axis.tick,
                black_box(&pressure),
                black_box(&velocity),
            )
            .map(|t| t[100])
        })
    });
    let mut line = InterfaceLine::<N>::new();
    g.bench_function("alpha_once_256", |b| {
        b.iter(|| {
            if line.beta.iter().any(|&x| x > 0.3) {
                line.beta = [0.0; N];
            }
            line.tick_uniform(
                &law,
                &tp,
                axis.shear_stiffness,
                axis.tick,
                black_box(&pressure),
                black_box(V),
            )
            .map(|t| t[100])
        })
    });
    g.finish();
}

fn mu_eval(c: &mut Criterion) {
    let law = Table::seed000_defaults().friction_law().expect("valid law");
    // 64 (v, β) pairs over 1 mm/s … 1 m/s and β up to β_thres: no trivially predicted branch.
    let pts: Vec<(f32, f32)> = (0..64)
        .map(|i| {
            let v = 1.0e-3 * 1000f32.powf(i as f32 / 63.0);
            (v, law.beta_thres(v) * (i % 11) as f32 / 10.0)
        })
        .collect();
    let alphas: Vec<f32> = pts.iter().map(|&(v, _)| law.alpha(v)).collect();
    let mut g = c.benchmark_group(format!("mu_eval/{BACKEND}"));
    g.throughput(criterion::Throughput::Elements(64));
    g.bench_function("mu_x64", |b| {
        b.iter(|| {
            black_box(&pts)
                .iter()
                .map(|&(v, beta)| law.mu(v, beta))
                .sum::<f32>()
        })
    });
    g.bench_function("mu_for_alpha_x64", |b| {
        b.iter(|| {
            black_box(&pts)
                .iter()
                .zip(black_box(&alphas))
                .map(|(&(_, beta), &a)| law.mu_for_alpha(a, beta))
                .sum::<f32>()
        })
    });
    g.finish();
}

fn table_decode(c: &mut Criterion) {
    let mut buf = [0u8; MAX_TABLE_BYTES];
    let n = Table::seed000_defaults().encode(&mut buf).expect("encodes");
    let bytes = buf[..n].to_vec();
    let mut g = c.benchmark_group(format!("table_decode/{BACKEND}"));
    g.bench_function(format!("defaults_{n}B_and_law"), |b| {
        b.iter(|| Table::from_bytes(black_box(&bytes)).and_then(|t| t.friction_law()))
    });
    g.finish();
}

criterion_group!(
    benches,
    controller_tick,
    interface_tick_alpha_per_node,
    mu_eval,
    table_decode
);
criterion_main!(benches);
