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

/// The core's optional floor μ = max(μ_law, μ_3b(T)) per node (256-node tick, 8 μ_3b(T)
/// samples, temperatures spread over and beyond the samples).
fn floor(c: &mut Criterion) {
    use tribo_core::table::{SectionProvenance, ThirdBodySection};
    use tribo_core::third_body_floor::ThirdBodyFloor;
    let temps: heapless::Vec<f32, 16> = (0..8).map(|i| 700.0 + 25.0 * i as f32).collect();
    let mus: heapless::Vec<f32, 16> = (0..8).map(|i| 0.6 - 0.05 * i as f32).collect();
    let section = ThirdBodySection {
        mu: 0.6,
        mu_ci95: [0.55, 0.65],
        reference_temperature: 700.0,
        inertial_number: 0.1,
        ci95_lo: mus.iter().map(|m| m - 0.05).collect(),
        ci95_hi: mus.iter().map(|m| m + 0.05).collect(),
        temperature: temps,
        mu_at_temperature: mus,
        material: heapless::String::new(),
        provenance: SectionProvenance {
            calibrator_version: heapless::String::new(),
            preset: heapless::String::new(),
            seed: 0,
            config_hash: 0,
            cases: 1,
        },
    };
    let f = ThirdBodyFloor::from_section(Some(&section));
    let nodes: Vec<(f32, f32)> = (0..256)
        .map(|i| (0.002 * i as f32, 650.0 + 1.2 * i as f32))
        .collect();
    let mut g = c.benchmark_group("third_body_floor");
    g.throughput(Throughput::Elements(nodes.len() as u64));
    g.bench_function("256 nodes (per node)", |b| {
        b.iter(|| {
            nodes
                .iter()
                .map(|&(m, t)| f.apply(std::hint::black_box(m), t))
                .sum::<f32>()
        })
    });
    g.finish();
}

criterion_group!(benches, floor, bench);
criterion_main!(benches);
