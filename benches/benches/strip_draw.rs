//! Benchmarks of the strip-draw studies (issue 8). Run briefly with
//! `cargo bench -p tribo-benches --bench strip_draw -- --warm-up-time 1 --measurement-time 3`.
//!
//! - `strip_draw/pass_10mm_tool_20mm_slide`: one pass of the core's bar through the
//!   calibrator's runner (μ(t) recording, no map) at the default 0.5 mm mesh.
//! - `strip_draw/sweep_3x8_short`: the tool study's shape — 3 tools × 8 pressures — scaled
//!   down (tools 5/10/20 mm, 20 mm slide) and run with rayon on all cores; the cost of the
//!   paper-scale sweep (35/70/140 mm, 140 mm slide) follows from the node-steps ratio, and is
//!   measured end to end by the `#[ignore]`d `paper_scale_tool_sweep` test:
//!   `cargo test -p tribo-calibrator --release --lib paper_scale_tool_sweep -- --ignored --nocapture`.
//! - `strip_draw/node_step`: the bar's cost per node and step on the 35 mm tool at
//!   paper scale, from a 10 mm slide (reported in ns per node-step through `iter_custom`).

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use tribo_calibrator::strip_draw::cases::{Study, SweepSpec, list_strip_cases, run_strip_cases};
use tribo_calibrator::strip_draw::model::{NumericSettings, StripModel};
use tribo_calibrator::strip_draw::run::run_pass;

fn bench_strip_draw(c: &mut Criterion) {
    let model = StripModel::seed_000_defaults().expect("defaults are valid");
    let short = NumericSettings {
        element_length: 0.5e-3,
        ..NumericSettings::short(0.020)
    };
    let params = model
        .bar_params(0.010, 30.0e6, 0.2, 1.0e-4, &short)
        .expect("valid parameters");
    c.bench_function("strip_draw/pass_10mm_tool_20mm_slide", |b| {
        b.iter(|| run_pass(black_box(&params), &model.law, None, &short, false).expect("runs"))
    });

    let mut spec = SweepSpec::seed_000();
    spec.studies = vec![Study::ToolLength];
    spec.tools = vec![0.005, 0.010, 0.020];
    let cases = list_strip_cases(&spec, &model);
    assert_eq!(cases.len(), 24);
    let mut group = c.benchmark_group("strip_draw");
    group.sample_size(10);
    group.bench_function("sweep_3x8_short", |b| {
        b.iter(|| run_strip_cases(&cases, &model, &short, || {}).expect("runs"))
    });
    group.finish();

    // Cost per node-step at paper scale (35 mm tool, 140 mm bar geometry, 10 mm of slide).
    let paper = NumericSettings::seed_000();
    let p = model
        .bar_params(0.035, 30.0e6, 0.2, 1.0e-4, &paper)
        .expect("valid parameters");
    let slice = NumericSettings {
        slide: 0.010,
        window: 0.002,
        ..paper
    };
    c.bench_function("strip_draw/node_step", |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            for _ in 0..iters {
                let t = Instant::now();
                let r = run_pass(&p, &model.law, None, &slice, false).expect("runs");
                let node_steps = r.steps as f64 * r.final_beta.len() as f64;
                total += t.elapsed().div_f64(node_steps);
            }
            total
        })
    });
}

criterion_group!(benches, bench_strip_draw);
criterion_main!(benches);
