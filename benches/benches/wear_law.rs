//! Per-node cost of K(p) from the wear section in the β-transport (issue 16 item 6): a
//! 256-node transport step with seed 000's scalar K, with a wear section of exponent 0 (the
//! scalar kept when n is indistinguishable from 0) and with n = 0.4, under a uniform tool
//! pressure over the middle half (as the bar and the firmware see it: the law is evaluated
//! once per step) and, as the worst case, a different pressure on every node. Run with
//! `cargo bench -p tribo-benches --bench wear_law -- --warm-up-time 1 --measurement-time 3`.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use tribo_core::table::Table;
use tribo_core::transport::{TransportParams, step};

const N: usize = 256;

fn bench_wear_law(c: &mut Criterion) {
    let scalar = TransportParams::seed_000(0.5e-3);
    let section = Table::filled_example()
        .wear
        .expect("the filled example has a wear section");
    let mut flat = section.clone();
    flat.exponent = 0.0;
    let power = scalar.with_wear_section(Some(&section));
    let zero = scalar.with_wear_section(Some(&flat));
    // Worst case: the whole line under the tool, a different pressure on every node.
    let ramp: [f32; N] = core::array::from_fn(|i| 2.0e6 + 1.0e5 * i as f32);
    // Usual case: a uniform tool pressure over the middle half.
    let tool: [f32; N] =
        core::array::from_fn(|i| if (64..192).contains(&i) { 10.0e6 } else { 0.0 });
    let velocity: [f32; N] = core::array::from_fn(|i| 0.08 + 1.0e-4 * i as f32);
    let thres = [0.4f32; N];
    for (name, tp, pressure) in [
        ("transport_256_tool_scalar_k", scalar, &tool),
        ("transport_256_tool_section_n0", zero, &tool),
        ("transport_256_tool_section_n0.4", power, &tool),
        ("transport_256_ramp_scalar_k", scalar, &ramp),
        ("transport_256_ramp_section_n0.4", power, &ramp),
    ] {
        let mut beta = [0.0f32; N];
        c.bench_function(name, |b| {
            b.iter(|| {
                if beta[128] > 0.3 {
                    beta = [0.0; N];
                }
                step(
                    &tp,
                    1.0e-3,
                    black_box(pressure),
                    black_box(&velocity),
                    &thres,
                    &mut beta,
                )
                .map(|f| f.source)
            })
        });
    }
}

criterion_group!(benches, bench_wear_law);
criterion_main!(benches);
