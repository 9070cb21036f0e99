//! Benchmarks of the NSCD kernel of seed 002: ns per contact-iteration of the non-smooth
//! Gauss–Seidel (one step of a sheared, compacted cell, detection included, throughput in
//! contact-iterations of that step), and the cost and sweeps per step of a sheared 3000-disk
//! cell (the seed's §5.2 size). Both cells use the study's default settings (seed's F, V;
//! tolerance 1e-4, ω = 1.4, at most 2000 sweeps since issue 15's step 1), dry law μ = 0.4.
//! The preparation's solver statistics (sweeps per step, steps at the cap, the histogram of
//! sweeps) are printed to stderr.
//!
//! Run: `cargo bench -p tribo-benches --bench nscd -- --warm-up-time 1 --measurement-time 5`

use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};
use tribo_calibrator::third_body::shear_cell::ShearCell;
use tribo_calibrator::third_body::study::default_cell;

/// A compacted cell of `particles` disks, sheared for `shear` steps.
fn sheared(particles: usize, compaction: usize, shear: usize) -> ShearCell {
    let mut p = default_cell();
    p.particles = particles;
    p.columns = (particles as f64).sqrt().round() as usize;
    let mut cell = ShearCell::build(p, 1);
    for _ in 0..compaction {
        cell.step();
    }
    cell.set_wall_velocity(p.wall_velocity);
    for _ in 0..shear {
        cell.step();
    }
    cell
}

fn bench(c: &mut Criterion) {
    for (particles, compaction, shear) in [(400, 1500, 500), (3000, 1500, 300)] {
        let cell = sheared(particles, compaction, shear);
        let mut probe = cell.clone();
        let before = probe.system.stats;
        let r = probe.step();
        let ci = probe.system.stats.contact_iterations - before.contact_iterations;
        let stats = cell.system.stats;
        eprintln!(
            "{particles} disks: probe step {} contacts × {} sweeps = {ci} contact-iterations; over the \
             {} preparation + shear steps: {}",
            r.contacts,
            r.solve.iterations,
            stats.steps,
            stats.summary()
        );
        let mut g = c.benchmark_group(format!("nscd_{particles}_disks"));
        g.sample_size(10);
        g.throughput(Throughput::Elements(ci));
        g.bench_function("step (per contact-iteration)", |b| {
            b.iter_batched(|| cell.clone(), |mut s| s.step(), BatchSize::LargeInput)
        });
        g.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
