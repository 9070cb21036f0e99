//! Benchmarks of the core kernels (DESIGN.md "Numbers to beat": one node ≲ 20 ns, a 256-node
//! tick ≲ 5 µs). Run briefly with
//! `cargo bench -p tribo-benches --bench core -- --warm-up-time 1 --measurement-time 3`.
//!
//! - `mu_eval`: μ(v, β) with α(v) (one exp) — the friction law alone.
//! - `node_update`: one node's α(v), Archard source + clamp, μ(α, β), Coulomb update.
//! - `tick_256`: a 256-node interface tick (α, β-transport with advection, μ, Coulomb).
//! - `tick_256_wear_section`: the same tick with K(p) = K·(p/p_ref)^0.4 from a table's wear
//!   section (issue 16: "at no measurable cost per node"); its ratio to `tick_256` is the cost.
//! - `tick_256_particle_shear`: the same tick with the law's shear on the particle-borne area
//!   (μ_p = 0.25·μ0, issue 30; it replaced the third-body floor's bench): its ratio to
//!   `tick_256` is the cost of the bounded law.
//! - `coulomb_256_constant_mu`: 256 Coulomb updates with a constant μ — the baseline, so the
//!   third-body overhead is the ratio tick_256 / coulomb_256_constant_mu.
//! - `bar_step_256`: one explicit strip-draw bar step at 256 nodes (transport sub-cycled
//!   every 32 steps, so amortised).

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use tribo_core::bar::{BarParams, BarStorage, InterfaceLine, StripDraw, seed_000_law};
use tribo_core::coulomb::{self, CoulombSpring};
use tribo_core::table::{Table, WearForm};
use tribo_core::transport::TransportParams;

const N: usize = 256;
const K_S: f32 = 7.3e13; // E*/h_B, Pa/m
const DT: f32 = 1.0e-3; // s, a 1 kHz control tick

/// One 256-node interface tick of `law` and `tp` per iteration, β reset before it passes 0.3
/// (the unsaturated regime).
fn tick_bench(
    c: &mut Criterion,
    name: &str,
    law: &tribo_core::law::FrictionLaw,
    tp: &TransportParams,
    pressure: &[f32; N],
    velocity: &[f32; N],
) {
    let mut line = InterfaceLine::<N>::new();
    c.bench_function(name, |b| {
        b.iter(|| {
            if line.beta.iter().any(|&x| x > 0.3) {
                line.beta = [0.0; N];
            }
            line.tick(law, tp, K_S, DT, black_box(pressure), black_box(velocity))
                .map(|t| t[128])
        })
    });
}

fn bench_core(c: &mut Criterion) {
    let law = seed_000_law().expect("constant law parameters are valid");
    let tp = TransportParams::seed_000(0.5e-3);

    c.bench_function("mu_eval", |b| {
        b.iter(|| law.mu(black_box(0.08), black_box(0.1)))
    });

    let mut spring = CoulombSpring::new();
    let mut beta = 0.05f32;
    c.bench_function("node_update", |b| {
        b.iter(|| {
            let (p, v) = (black_box(30.0e6f32), black_box(0.08f32));
            let alpha = law.alpha(v);
            let thres = law.beta_thres_for_alpha(alpha);
            beta = (beta + tp.source_rate(p, v) * DT).clamp(0.0, thres);
            if beta >= thres {
                beta = 0.0; // keep the benchmark in the unsaturated regime
            }
            let mu = law.mu_for_alpha(alpha, beta);
            spring.update(v * DT, K_S, p, mu)
        })
    });

    // A line with the tool over its middle half and a velocity profile, as a controller sees.
    let pressure: [f32; N] =
        core::array::from_fn(|i| if (64..192).contains(&i) { 30.0e6 } else { 0.0 });
    let velocity: [f32; N] = core::array::from_fn(|i| 0.08 + 1.0e-4 * i as f32);
    tick_bench(c, "tick_256", &law, &tp, &pressure, &velocity);

    // The filled example's n = 0.4, as a shape referred to the tool pressure: K(30 MPa) is
    // seed 000's K, so β evolves as in `tick_256` and only the code path differs.
    let mut section = Table::filled_example()
        .wear
        .expect("the filled example has a wear section");
    assert!(
        section.exponent != 0.0,
        "the bench needs a pressure-dependent K"
    );
    section.form = WearForm::ShapeOnly;
    section.p_ref = 30.0e6;
    let tp_wear = tp.with_wear_section(Some(&section));
    tick_bench(
        c,
        "tick_256_wear_section",
        &law,
        &tp_wear,
        &pressure,
        &velocity,
    );

    let law_p = law
        .clone()
        .with_particle_friction(0.25 * law.mu0())
        .expect("μ_p in [0, μ0]");
    tick_bench(
        c,
        "tick_256_particle_shear",
        &law_p,
        &tp,
        &pressure,
        &velocity,
    );

    let mut springs = [CoulombSpring::new(); N];
    let du: [f32; N] = core::array::from_fn(|i| velocity[i] * DT);
    let mu = [law.mu0(); N];
    let mut traction = [0.0f32; N];
    c.bench_function("coulomb_256_constant_mu", |b| {
        b.iter(|| {
            coulomb::update_line(
                &mut springs,
                K_S,
                black_box(&du),
                black_box(&pressure),
                &mu,
                &mut traction,
            )
            .map(|()| traction[128])
        })
    });

    let mut params = BarParams::seed_000(0.035, 30.0e6, 0.08);
    params.element_length = 0.5e-3;
    let nodes = params.nodes_needed();
    assert!(nodes <= N, "bench bar needs {nodes} nodes");
    // Fill the 256 nodes: extend the free length behind the tool.
    params.tool_entry += (N - nodes) as f64 * params.element_length;
    let mut storage = BarStorage::<N>::new();
    c.bench_function("bar_step_256", |b| {
        // A fresh bar per sample: a sample's few thousand steps stay within the 80 mm slide.
        let mut sim = StripDraw::new(&params, &law, storage.buffers()).expect("valid bench bar");
        b.iter(|| sim.step().map(|f| f.pull_force))
    });
}

criterion_group!(benches, bench_core);
criterion_main!(benches);
