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
//! Two groups with the same three functions: `ffi_node` in wall time (criterion's default),
//! `ffi_node_cpu` in the thread's CPU time (`CLOCK_THREAD_CPUTIME_ID`), which leaves out the
//! time the thread waits for a core: on the shared 2-core host at a load of 5–8 the wall-time
//! ratios of one run moved by ±20 % between runs, because the functions run one after the
//! other while the load changes.
//!
//! Each iteration advances 256 independent contact points by one 1 ms increment (an FE
//! block), half of them under the tool at 30 MPa, sliding at 0.08 m/s; β is reset when it
//! nears saturation so both stay in the same regime. Criterion reports time per 256 nodes.

use std::hint::black_box;

use std::time::Duration;

use criterion::measurement::{Measurement, ValueFormatter, WallTime};
use criterion::{BenchmarkGroup, Criterion, Throughput, criterion_group, criterion_main};
use tribo_core::bar::tick;
use tribo_core::coulomb::CoulombSpring;
use tribo_core::law::FrictionLaw;
use tribo_core::table::{MAX_TABLE_BYTES, Table};
use tribo_core::transport::TransportParams;
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

/// The CPU time of the calling thread (`CLOCK_THREAD_CPUTIME_ID`).
fn thread_cpu_time() -> Duration {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: a valid pointer to a timespec; the clock id is a constant of this platform.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    assert_eq!(rc, 0, "clock_gettime(CLOCK_THREAD_CPUTIME_ID)");
    Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32)
}

/// Criterion measurement in thread CPU time (module docs).
struct ThreadCpuTime;

/// Values in ns, throughputs in elements per CPU second.
struct Nanoseconds;

impl ValueFormatter for Nanoseconds {
    fn scale_values(&self, _typical: f64, _values: &mut [f64]) -> &'static str {
        "ns"
    }

    fn scale_throughputs(
        &self,
        _typical: f64,
        throughput: &Throughput,
        values: &mut [f64],
    ) -> &'static str {
        let n = match throughput {
            Throughput::Elements(n) | Throughput::Bytes(n) | Throughput::BytesDecimal(n) => *n,
        };
        for v in values {
            *v = n as f64 * 1e9 / *v;
        }
        "elem/s"
    }

    fn scale_for_machines(&self, _values: &mut [f64]) -> &'static str {
        "ns"
    }
}

impl Measurement for ThreadCpuTime {
    type Intermediate = Duration;
    type Value = Duration;

    fn start(&self) -> Duration {
        thread_cpu_time()
    }

    fn end(&self, start: Duration) -> Duration {
        thread_cpu_time().saturating_sub(start)
    }

    fn add(&self, a: &Duration, b: &Duration) -> Duration {
        *a + *b
    }

    fn zero(&self) -> Duration {
        Duration::ZERO
    }

    fn to_f64(&self, value: &Duration) -> f64 {
        value.as_nanos() as f64
    }

    fn formatter(&self) -> &dyn ValueFormatter {
        &Nanoseconds
    }
}

/// The model (SI, seed-000 defaults) and the Rust call's law and transport.
fn setup() -> (Box<TriboModel>, FrictionLaw, TransportParams, f32) {
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
    let tp = TransportParams::point_from_table(&table.transport, None);
    let reset_above = 0.5 * law.beta_thres(V);

    (model, law, tp, reset_above)
}

/// The three functions in one group (module docs).
fn bench_group<M: Measurement>(group: &mut BenchmarkGroup<'_, M>) {
    let (model, law, tp, reset_above) = setup();
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
}

fn bench_ffi_node(c: &mut Criterion) {
    let mut wall: BenchmarkGroup<'_, WallTime> = c.benchmark_group("ffi_node");
    bench_group(&mut wall);
    wall.finish();
}

fn bench_ffi_node_cpu(c: &mut Criterion<ThreadCpuTime>) {
    let mut cpu = c.benchmark_group("ffi_node_cpu");
    bench_group(&mut cpu);
    cpu.finish();
}

criterion_group!(benches, bench_ffi_node);
criterion_group! {
    name = cpu_benches;
    config = Criterion::default().with_measurement(ThreadCpuTime);
    targets = bench_ffi_node_cpu
}
criterion_main!(benches, cpu_benches);
