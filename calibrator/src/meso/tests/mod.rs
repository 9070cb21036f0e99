//! Oracle tests of the BEM–DEM loop: the particle-free limit against a BEM-alone replay of
//! the same gap sequence, a hand-placed blocked flake on a known contact patch, A_p ≤ A_c and
//! bit-identical reruns.

mod lifted_placement;

use super::setup::{bem_material, bem_options, case_surfaces, slide_steps};
use super::*;
use crate::bem::{ContactSolver, Material, SolverOptions, deform_plastically};
use crate::config::CalibrationConfig;
use crate::dem::{DemParams, Flake, FlakeShape, Quat};
use crate::meso::cases::MesoCase;
use crate::presets::Preset;
use crate::surface::HeightMap;

/// A 32×32 grid at the quick preset's spacing (1.5625 µm), 8 slide steps, every seed index
/// on the one surface pair (realisation 0).
fn tiny_config() -> CalibrationConfig {
    CalibrationConfig::from_preset_and_toml(
        Preset::Quick,
        "[surface]\ngrid = 32\nlength = 50e-6\nk_s = 8.0\n[sweep]\nslide_lengths = 0.25\nsurfaces = 1\n",
    )
    .unwrap()
}

fn case(pressure: f64, beta: f64, velocity: f64) -> MesoCase {
    MesoCase {
        index: 0,
        pressure,
        beta,
        velocity,
        simulated_velocity: velocity,
        seed_index: 0,
    }
}

#[test]
fn without_particles_ap_is_zero_and_ac_is_the_bem_alone_on_the_same_gaps() {
    let cfg = tiny_config();
    let (p, seed) = (20e6, 3);
    let mut history = Vec::new();
    let r = run_case(&cfg, &case(p, 0.0, 50.0), seed, Some(&mut history)).unwrap();
    assert_eq!(r.flakes, 0);
    assert_eq!(history.len(), slide_steps(&cfg));
    assert!(history.iter().all(|h| h.a_p == 0.0 && h.blocked == 0));
    assert_eq!(r.mean_ap, 0.0);

    // BEM alone: load, then slide the tool one pixel at a time over the plastically
    // flattened surface, the tool riding at its loaded height.
    let (mut def, tool) = case_surfaces(&cfg, seed).unwrap();
    let mut solver = ContactSolver::for_map(&def, bem_material(&cfg), bem_options(&cfg)).unwrap();
    let gap: Vec<f64> = tool
        .heights()
        .iter()
        .zip(def.heights())
        .map(|(t, d)| t - d)
        .collect();
    let first = solver.solve(&gap, p).unwrap();
    deform_plastically(&mut def, solver.plastic_displacement());
    let mut offset = -first.approach;
    for h in &history {
        let shifted = tool.shifted(h.step as isize, 0);
        let gap: Vec<f64> = shifted
            .heights()
            .iter()
            .zip(def.heights())
            .map(|(t, d)| (t + offset) - d)
            .collect();
        let rep = if h.cold_restart {
            solver.solve(&gap, p).unwrap()
        } else {
            solver.solve_warm(&gap, p).unwrap()
        };
        deform_plastically(&mut def, solver.plastic_displacement());
        offset -= rep.approach;
        // Same arithmetic in the same order: bit-identical.
        assert_eq!(h.a_c, rep.contact_fraction, "step {}", h.step);
        assert_eq!(h.approach, rep.approach, "step {}", h.step);
        assert_eq!(h.tool_offset, offset, "step {}", h.step);
    }
}

#[test]
fn ap_never_exceeds_ac_and_reruns_are_bit_identical() {
    let cfg = tiny_config();
    let c = case(30e6, 0.3, 50.0);
    let (mut h1, mut h2) = (Vec::new(), Vec::new());
    let r1 = run_case(&cfg, &c, 11, Some(&mut h1)).unwrap();
    let r2 = run_case(&cfg, &c, 11, Some(&mut h2)).unwrap();
    assert!(r1.flakes > 0);
    assert_eq!(h1, h2);
    let strip = |mut r: super::cases::CaseResult| {
        r.seconds_dem = 0.0;
        r.seconds_bem = 0.0;
        r
    };
    assert_eq!(strip(r1.clone()), strip(r2));
    // Load balance: Σt = p·N with t ≤ p_crit needs at least p/p_crit of the nodes in contact.
    let floor = c.pressure / cfg.material.p_crit;
    for h in &h1 {
        assert!(
            h.a_p <= h.a_c,
            "step {}: A_p {} > A_c {}",
            h.step,
            h.a_p,
            h.a_c
        );
        assert!(h.a_c >= floor, "step {}: A_c {} < p/p_crit", h.step, h.a_c);
    }
    // With one surface pair, a different placement seed index moves the flakes but not the
    // surfaces; the same one reproduces them.
    let other = MesoCase { seed_index: 1, ..c };
    let a = CaseRun::prepare(&cfg, &c, 11).unwrap();
    let b = CaseRun::prepare(&cfg, &other, 11).unwrap();
    let again = CaseRun::prepare(&cfg, &c, 11).unwrap();
    assert_eq!(a.sim.deformable(), b.sim.deformable());
    assert_ne!(a.sim.dem().flakes(), b.sim.dem().flakes());
    assert_eq!(a.sim.dem().flakes(), again.sim.dem().flakes());
}

/// Egg-crate tool: tips (lowest points) on a λ = 4 µm lattice of nodes at height 0, rising by
/// 0.3 µm one node away; flat deformable surface; 32 × 32 nodes of 1 µm.
fn egg_crate() -> (HeightMap, HeightMap) {
    let (n, dx, a) = (32, 1e-6, 0.3e-6);
    let k = std::f64::consts::TAU / 4e-6;
    let tool = HeightMap::from_fn(n, n, dx, dx, |x, y| {
        a * (2.0 - (k * x).cos() - (k * y).cos())
    });
    (HeightMap::flat(n, n, dx, dx, 0.0), tool)
}

/// A flat 12 µm flake centred between four tips, its upper surface `rise` above the loaded
/// tips there, in a loop loaded at `p`.
fn loop_with_flake(p: f64, rise: f64) -> MesoLoop {
    let (def, tool) = egg_crate();
    let material = Material::ALUMINIUM_ON_CAST_IRON;
    let options = SolverOptions {
        tolerance: 1e-8,
        max_iterations: 2000,
    };
    let mut solver = ContactSolver::for_map(&def, material, options).unwrap();
    let loaded = load_particle_free(&mut solver, def, tool, p).unwrap();
    let shape = FlakeShape::aluminium(12e-6);
    // The four nearest tips are 2√2 µm from the centre (18 µm, 18 µm); the next ones lie
    // outside the 6 µm radius.
    let r2 = 8e-12 / (shape.a * shape.a);
    let z = loaded.tool_offset + rise - shape.c * (1.0 - r2).sqrt();
    let flake = Flake::at_rest([18e-6, 18e-6, z], Quat::IDENTITY);
    let params = DemParams::from_physics(
        shape,
        1e-7,
        10.0,
        material.e_star,
        1e-6,
        1e-6,
        crate::dem::DragFrame::Sheet,
    );
    MesoLoop::new(solver, loaded, params, vec![flake], p).unwrap()
}

#[test]
fn a_blocked_flake_protruding_below_the_tool_carries_the_whole_contact() {
    let p = 5e6;
    let mut sim = loop_with_flake(p, 20e-9);
    let u = sim.update_contact().unwrap();
    // Exactly the four tips under the flake touch its upper surface: four clusters.
    assert_eq!(u.blocked, 1);
    assert_eq!(sim.blocked()[0].1.clusters, 4);
    // Its lower surface is ≈ 0.45 µm below the tips, far more than its indentation, so the
    // contact is all under it: A_p = A_c, and the load needs ≥ p/p_crit of the nodes.
    let t = sim.solver().traction();
    let fp = &sim.blocked()[0].1;
    let outside = (0..t.len())
        .filter(|i| !fp.pixels.contains(i))
        .map(|i| t[i])
        .fold(0.0, f64::max);
    assert_eq!(outside, 0.0);
    assert!(u.contact_nodes > 0);
    assert_eq!(u.particle_nodes, u.contact_nodes);
    let floor = (p / 340e6 * t.len() as f64).ceil() as usize;
    assert!(u.contact_nodes >= floor, "{} < {floor}", u.contact_nodes);
    /// The solver imposes the mean pressure to round-off.
    const LOAD_TOL: f64 = 1e-9;
    let mean = t.iter().sum::<f64>() / t.len() as f64;
    assert!((mean / p - 1.0).abs() < LOAD_TOL);
}

#[test]
fn a_free_flake_carries_nothing() {
    // The same flake 40 nm lower no longer reaches the tips: free, so the BEM ignores it and
    // the tips carry the load (Fig. 8: only blocked flakes transfer stress).
    let p = 5e6;
    let mut sim = loop_with_flake(p, -20e-9);
    let u = sim.update_contact().unwrap();
    assert_eq!(u.blocked, 0);
    assert_eq!(u.particle_nodes, 0);
    assert!(u.contact_nodes > 0);
    // Contact only at tips (lattice nodes, multiples of 4 in both directions).
    let t = sim.solver().traction();
    assert!(
        t.iter()
            .enumerate()
            .filter(|(_, v)| **v > 0.0)
            .all(|(i, _)| (i % 32) % 4 == 0 && (i / 32) % 4 == 0)
    );
}

/// Relative tolerance on the rescaled RMS height of a realisation: the generator rescales
/// to the target exactly, up to round-off of the sum of squares.
const RMS_RESCALE_TOL: f64 = 1e-12;

#[test]
fn seed_indices_cycle_through_independent_surface_pairs_at_the_same_statistics() {
    use super::setup::{realised_surfaces, surface_realisation};
    use crate::surface::stats::rms_height;
    let cfg = CalibrationConfig::from_preset_and_toml(
        Preset::Quick,
        "[surface]\ngrid = 32\nlength = 50e-6\nk_s = 8.0\n[sweep]\nseeds = 5\nsurfaces = 2\n",
    )
    .unwrap();
    // Seed index i slides on pair i mod 2; realisation 0 is the contact stage's pair.
    let r: Vec<u64> = (0..5).map(|i| surface_realisation(&cfg, i)).collect();
    assert_eq!(r, [0, 1, 0, 1, 0]);
    let (d0, t0) = case_surfaces(&cfg, 7).unwrap();
    let (d0b, t0b) = realised_surfaces(&cfg, 7, 0).unwrap();
    assert_eq!(d0.heights(), d0b.heights());
    assert_eq!(t0.heights(), t0b.heights());
    let (d1, t1) = realised_surfaces(&cfg, 7, 1).unwrap();
    // A different draw: no height in common, but the same target RMS heights.
    let same = |a: &HeightMap, b: &HeightMap| {
        a.heights()
            .iter()
            .zip(b.heights())
            .filter(|(x, y)| x == y)
            .count()
    };
    assert_eq!(same(&d0, &d1), 0);
    assert_eq!(same(&t0, &t1), 0);
    for (m, target) in [
        (&d1, cfg.surface.rms_height_deformable),
        (&t1, cfg.surface.rms_height_tool),
    ] {
        assert!((rms_height(m) / target - 1.0).abs() < RMS_RESCALE_TOL);
    }
    // One pair for every case when sweep.surfaces = 1.
    let one =
        CalibrationConfig::from_preset_and_toml(Preset::Quick, "[sweep]\nsurfaces = 1\n").unwrap();
    assert!((0..4).all(|i| surface_realisation(&one, i) == 0));
}

/// Blocked flakes and A_p/A_0 per slide step of the quick preset's 0.08 m/s case (p = 15 MPa,
/// β = 0.2, seed 0, seed index 0) over `steps` pixels, with the explicit integrator's step
/// scaled by `scale`.
fn process_speed_history(scale: f64, steps: usize) -> Vec<(usize, f64)> {
    use super::setup::{dem_params, flake_count, flake_shape, placement_seed, realised_surfaces};
    use crate::dem::{RandomPlacement, place_random};
    let cfg = CalibrationConfig::from_preset_and_toml(
        Preset::Quick,
        "[dem]\nintegrator = \"explicit\"\n",
    )
    .unwrap();
    let c = case(15e6, 0.2, 0.08);
    let seed = 0;
    let (def, tool) = realised_surfaces(&cfg, seed, 0).unwrap();
    let mut solver = ContactSolver::for_map(&def, bem_material(&cfg), bem_options(&cfg)).unwrap();
    let loaded = load_particle_free(&mut solver, def, tool, c.pressure).unwrap();
    let shape = flake_shape(&cfg);
    let n_p = flake_count(c.beta, &shape, &loaded.deformable);
    let flakes = place_random(
        &shape,
        &loaded.loaded_deformable,
        &loaded.tool_world(),
        &RandomPlacement::new(n_p),
        placement_seed(seed, 0),
    )
    .unwrap();
    let mut params = dem_params(&cfg, shape, &c, &loaded.deformable);
    params.dt *= scale;
    let mut sim = MesoLoop::new(solver, loaded, params, flakes, c.pressure).unwrap();
    let nodes = sim.nodes() as f64;
    (0..steps)
        .map(|_| {
            let (_, u, _, _) = sim.step().unwrap();
            (u.blocked, u.particle_nodes as f64 / nodes)
        })
        .collect()
}

/// The explicit integrator's overdamped-branch step (`dem::params::OVERDAMPED_SAFETY`, twice
/// the impact-accurate default) against the default's step on the process-speed case: the
/// same blocked flakes at every slide step and the same A_p to 0.1 % (measured: identical over
/// all 128 steps, while a step ×4 departs from step 62). About 35 s in release:
/// `cargo test --release -p tribo-calibrator --lib overdamped_step -- --ignored`.
#[test]
#[ignore = "physics check, ~35 s in release"]
fn overdamped_step_reproduces_the_reference_history() {
    /// A_p agreement: the blocked footprints are the same flakes, so only round-off of their
    /// positions can move a node in or out.
    const AP_REL: f64 = 1e-3;
    let steps = 64;
    let reference = process_speed_history(0.5, steps);
    let used = process_speed_history(1.0, steps);
    let blocked: usize = reference.iter().map(|r| r.0).sum();
    assert!(
        blocked > 10,
        "the window must contain blocked flakes: {blocked}"
    );
    for (k, (r, u)) in reference.iter().zip(&used).enumerate() {
        assert_eq!(r.0, u.0, "blocked flakes at step {}", k + 1);
    }
    let mean = |h: &[(usize, f64)]| h.iter().map(|r| r.1).sum::<f64>() / h.len() as f64;
    let (a, b) = (mean(&reference), mean(&used));
    assert!((a - b).abs() <= AP_REL * a, "mean A_p {a} vs {b}");
}
