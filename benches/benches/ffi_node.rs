//! One contact point's increment through the C ABI (`tribo_node_step`, and the VFRIC-shaped
//! `tribo_point_step`: the `extern "C"` functions a C or Fortran FE routine links, called
//! here from Rust — the same code path without a C compiler) against the direct Rust call of
//! the same physics (the core's interface tick on a one-node line, ζ = 0). Goal (DESIGN.md):
//! within 10 %. The ABI's extra work is the pointer, alignment and initialisation checks, the
//! unit conversion (none for an SI model: one predictable branch) and the plausibility
//! checks of every input; the point step adds the slip magnitude (an `f64` square root) and
//! the direction of the radial return.
//!
//! `cargo bench -p tribo-benches --bench ffi_node -- --warm-up-time 1 --measurement-time 3`
//!
//! Each iteration advances 256 independent contact points by one 1 ms increment (an FE
//! block), half of them under the tool at 30 MPa, sliding at 0.08 m/s; β is reset when it
//! nears saturation so both stay in the same regime. Criterion reports time per 256 nodes.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use tribo_core::bar::tick;
use tribo_core::coulomb::CoulombSpring;
use tribo_core::table::{MAX_TABLE_BYTES, Table};
use tribo_core_ffi::{
    TRIBO_ABI_VERSION, TRIBO_UNITS_SI, TriboModel, TriboNodeInput, TriboNodeOutput, TriboNodeState,
    TriboPointInput, TriboPointOutput, TriboPointState, TriboStatus, tribo_model_init,
    tribo_node_step, tribo_point_step,
};

const N: usize = 256;
const K_S: f32 = 55.0e9 / 0.75e-3; // E*/h_B, Pa/m
const DT: f32 = 1.0e-3; // s
const V: f32 = 0.08; // m/s

fn pressure(i: usize) -> f32 {
    if i.is_multiple_of(2) { 30.0e6 } else { 0.0 }
}

fn bench_ffi_node(c: &mut Criterion) {
    let table = Table::seed000_defaults();
    let mut bytes = [0u8; MAX_TABLE_BYTES];
    let n = table.encode(&mut bytes).expect("defaults encode");
    let mut model = Box::new(TriboModel::zeroed());
    // SAFETY: valid storage and table slice.
    let status = unsafe {
        tribo_model_init(
            &mut *model,
            std::mem::size_of::<TriboModel>(),
            TRIBO_ABI_VERSION,
            bytes.as_ptr(),
            n,
            TRIBO_UNITS_SI,
            K_S,
        )
    };
    assert_eq!(status, TriboStatus::Ok);
    let law = table.friction_law().expect("valid law");
    let tp = tribo_core::transport::TransportParams::point_from_table(&table.transport, None);
    let reset_above = 0.5 * law.beta_thres(V);

    let mut group = c.benchmark_group("ffi_node");
    group.throughput(Throughput::Elements(N as u64));

    let mut states = vec![TriboNodeState::default(); N];
    group.bench_function("c_abi_node_step_x256", |b| {
        b.iter(|| {
            let mut sum = 0.0f32;
            for (i, s) in states.iter_mut().enumerate() {
                if s.beta > reset_above {
                    *s = TriboNodeState::default();
                }
                let input = TriboNodeInput {
                    dt: DT,
                    slip_increment: V * DT,
                    pressure: black_box(pressure(i)),
                    slip_rate: black_box(V),
                };
                let mut out = TriboNodeOutput::default();
                // SAFETY: valid pointers to live values.
                let st = unsafe { tribo_node_step(&*model, s, &input, &mut out) };
                debug_assert_eq!(st, TriboStatus::Ok);
                sum += out.shear_stress;
            }
            sum
        })
    });

    let mut points = vec![TriboPointState::default(); N];
    group.bench_function("c_abi_point_step_x256", |b| {
        b.iter(|| {
            let mut sum = 0.0f32;
            for (i, s) in points.iter_mut().enumerate() {
                if s.beta > reset_above {
                    *s = TriboPointState::default();
                }
                let input = TriboPointInput {
                    dt: DT,
                    slip_increment: [black_box(V) * DT, 0.0],
                    pressure: black_box(pressure(i)),
                    area: 1.0,
                };
                let mut out = TriboPointOutput::default();
                // SAFETY: valid pointers to live values.
                let st = unsafe { tribo_point_step(&*model, s, &input, &mut out) };
                debug_assert_eq!(st, TriboStatus::Ok);
                sum += out.traction[0];
            }
            sum
        })
    });

    let mut nodes = vec![([0.0f32], [CoulombSpring::new()], [0.0f32]); N];
    group.bench_function("rust_tick_one_node_x256", |b| {
        b.iter(|| {
            let mut sum = 0.0f32;
            for (i, (beta, spring, traction)) in nodes.iter_mut().enumerate() {
                if beta[0] > reset_above {
                    *beta = [0.0];
                    *spring = [CoulombSpring::new()];
                }
                let p = [black_box(pressure(i))];
                let v = [black_box(V)];
                let r = tick(&law, &tp, K_S, DT, &p, &v, beta, spring, traction);
                debug_assert!(r.is_ok());
                sum += traction[0];
            }
            sum
        })
    });
    group.finish();
}

criterion_group!(benches, bench_ffi_node);
criterion_main!(benches);
