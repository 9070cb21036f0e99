//! Issue 42, flake diameter: flakes wider than the loaded gap are placed under a raised tool
//! (`dem::placement`, "Flakes wider than the gap") and the slide's first load solve brings
//! the tool back down; every case that placed before places the same flakes, untouched.

use rand::Rng;

use super::case;
use crate::bem::ContactSolver;
use crate::config::CalibrationConfig;
use crate::dem::flake::FlakeFrame;
use crate::dem::neighbours::min_image;
use crate::dem::penalty::OVERLAP_FRACTION;
use crate::dem::placement::PLACEMENT_STREAM;
use crate::dem::{
    DemError, DemSystem, Flake, FlakeShape, Quat, RandomPlacement, place_random,
    place_random_lifting,
};
use crate::meso::setup::{
    bem_material, bem_options, dem_params, flake_count, flake_shape, placement_seed,
    realised_surfaces,
};
use crate::meso::{CaseRun, Loaded, MesoLoop, load_particle_free};
use crate::presets::Preset;
use crate::surface::HeightMap;

/// The sensitivity study's pressure (docs/studies/sensitivity/plan.toml) \[Pa\].
const PRESSURE: f64 = 30e6;

/// The quick preset with `overrides`, the surfaces of (seed 0, pair 0) loaded without flakes at
/// [`PRESSURE`], and the solver that loaded them.
fn loaded(overrides: &str) -> (CalibrationConfig, Loaded, ContactSolver) {
    let cfg = CalibrationConfig::from_preset_and_toml(Preset::Quick, overrides).unwrap();
    let (def, tool) = realised_surfaces(&cfg, 0, 0).unwrap();
    let mut solver = ContactSolver::for_map(&def, bem_material(&cfg), bem_options(&cfg)).unwrap();
    let loaded = load_particle_free(&mut solver, def, tool, PRESSURE).unwrap();
    (cfg, loaded, solver)
}

/// The rule before issue 42's lift, written out naively: the same draws, a flake resting on
/// h_Def (highest footprint node + clearance), accepted when every tool node under it is above
/// its upper surface and its centre is ≥ 2a from every earlier flake. Returns the flakes (or
/// `None` when one finds no room) and the attempts the tool rejected.
fn old_rule(
    shape: &FlakeShape,
    def: &HeightMap,
    tool: &HeightMap,
    spec: &RandomPlacement,
    seed: u64,
) -> (Option<Vec<Flake>>, usize) {
    let mut rng = crate::rng::stream_rng(seed, PLACEMENT_STREAM);
    let (lx, ly, dx, dy) = (def.lx(), def.ly(), def.dx(), def.dy());
    let (mut flakes, mut rejected) = (Vec::<Flake>::new(), 0);
    for _ in 0..spec.count {
        let mut placed = None;
        for _ in 0..spec.max_attempts {
            let x = rng.random_range(0.0..lx);
            let y = rng.random_range(0.0..ly);
            let yaw = rng.random_range(0.0..std::f64::consts::TAU);
            let axis_angle = rng.random_range(0.0..std::f64::consts::TAU);
            let tilt = rng.random::<f64>() * spec.max_tilt;
            let q = Quat::from_axis_angle([axis_angle.cos(), axis_angle.sin(), 0.0], tilt)
                .compose(Quat::from_axis_angle([0.0, 0.0, 1.0], yaw));
            let frame = FlakeFrame::new(shape, q.to_matrix());
            let [ex, ey, _] = frame.extent;
            let mut chords = Vec::new();
            let mut z = f64::NEG_INFINITY;
            for j in ((y - ey) / dy).ceil() as isize..=((y + ey) / dy).floor() as isize {
                for i in ((x - ex) / dx).ceil() as isize..=((x + ex) / dx).floor() as isize {
                    if let Some((lo, up)) =
                        frame.vertical_extent(i as f64 * dx - x, j as f64 * dy - y)
                    {
                        z = z.max(def.at(i, j) - lo);
                        chords.push((i, j, up));
                    }
                }
            }
            if !z.is_finite() {
                continue;
            }
            let z = z + spec.clearance;
            if !chords.iter().all(|&(i, j, up)| tool.at(i, j) > z + up) {
                rejected += 1;
                continue;
            }
            let clear = flakes.iter().all(|f| {
                let d = [
                    min_image(f.position[0] - x, lx),
                    min_image(f.position[1] - y, ly),
                    f.position[2] - z,
                ];
                d[0] * d[0] + d[1] * d[1] + d[2] * d[2] >= 4.0 * shape.a * shape.a
            });
            if clear {
                placed = Some(Flake::at_rest([x, y, z], q));
                break;
            }
        }
        match placed {
            Some(f) => flakes.push(f),
            None => return (None, rejected),
        }
    }
    (Some(flakes), rejected)
}

#[test]
fn a_case_that_places_under_the_loaded_tool_places_the_same_flakes_and_no_lift() {
    // The quick preset's 12 µm flakes at β = 0.2 and 30 MPa: the tool rejects attempts (its
    // contact spots), yet every flake finds room.
    let (cfg, loaded, _) = loaded("");
    let shape = flake_shape(&cfg);
    let spec = RandomPlacement::new(flake_count(0.2, &shape, &loaded.deformable));
    let (def, tool) = (&loaded.loaded_deformable, &loaded.tool_world());
    let seed = placement_seed(0, 0);
    let (reference, rejected) = old_rule(&shape, def, tool, &spec, seed);
    let reference = reference.expect("the old rule places this case");
    assert!(rejected > 0, "the case must exercise the tool's rejections");
    let lifted = place_random_lifting(&shape, def, tool, &spec, seed).unwrap();
    // Bit for bit (Flake's PartialEq compares the f64s exactly), and the tool stays put.
    assert_eq!(lifted.flakes, reference);
    assert_eq!(lifted.lift.to_bits(), 0f64.to_bits());
    assert_eq!(lifted.lifted, 0);
    assert_eq!(
        place_random(&shape, def, tool, &spec, seed).unwrap(),
        reference
    );
}

/// The sensitivity plan's 50 µm level (plan_diameter50.toml): 400 µm, 256², physical cut-offs.
const DIAMETER_50: &str = "[surface]\nlength = 400e-6\ngrid = 256\nk_l = 4.0\nk_r = 8.0\n\
    k_s = 64.0\n[flakes]\ndiameter = 50e-6\n[sweep]\nslide_lengths = 0.5\nbetas = [0.1]\n\
    pressures = [30e6]\nvelocities = [0.08]\n[process]\nvelocities = []\n";

#[test]
fn fifty_micrometre_flakes_that_fit_nowhere_are_placed_under_a_raised_tool() {
    let (cfg, loaded, solver) = loaded(DIAMETER_50);
    let shape = flake_shape(&cfg);
    let n_p = flake_count(0.1, &shape, &loaded.deformable);
    assert_eq!(n_p, 8);
    let spec = RandomPlacement::new(n_p);
    let (def, tool) = (&loaded.loaded_deformable, &loaded.tool_world());
    let seed = placement_seed(0, 0);
    // Before: no room (issue 42).
    let Err(DemError::Placement(msg)) = place_random(&shape, def, tool, &spec, seed) else {
        panic!("the old rule should fail here");
    };
    assert!(msg.contains("could not place flake"), "{msg}");
    let placed = place_random_lifting(&shape, def, tool, &spec, seed).unwrap();
    assert_eq!(placed.flakes.len(), n_p);
    assert!(placed.lift > 0.0 && placed.lifted > 0);
    // No two flakes overlap (centres ≥ 2a apart, the placement's exclusion).
    let (lx, ly) = (def.lx(), def.ly());
    for (k, a) in placed.flakes.iter().enumerate() {
        for b in &placed.flakes[..k] {
            let d = [
                min_image(a.position[0] - b.position[0], lx),
                min_image(a.position[1] - b.position[1], ly),
                a.position[2] - b.position[2],
            ];
            assert!((d[0] * d[0] + d[1] * d[1] + d[2] * d[2]).sqrt() >= 2.0 * shape.a);
        }
    }
    // The loop's start as the DEM sees it (its own contact model, both surfaces and the pairs):
    // no node deeper than the penalty's design overlap, 5 % of h_p (in fact none inside).
    let case = case(PRESSURE, 0.1, 0.08);
    let params = dem_params(&cfg, shape, &case, &loaded.deformable);
    let sim = MesoLoop::new(
        solver,
        loaded.raised(placed.lift),
        params,
        placed.flakes,
        PRESSURE,
    )
    .unwrap();
    let d = sim.dem();
    let mut start = DemSystem::new(
        params,
        d.deformable().clone(),
        d.tool_roughness().clone(),
        d.tool_offset(),
        d.flakes().to_vec(),
    )
    .unwrap();
    let depth = start.max_overlap();
    assert!(
        depth <= OVERLAP_FRACTION * 2.0 * shape.c,
        "a flake starts {depth:.3e} m inside a surface"
    );
    assert_eq!(sim.lost_flakes(), 0);
}

/// The tool heights the loop and a flake-free loop reach after the first slide step agree to
/// this \[m\]: the solve meets the KKT conditions to `bem.tolerance` (1e-8) × the gap's RMS
/// (~2 µm), 2e-14 m; the lifted solve starts from a gap shifted by ΔZ (~0.4 µm), whose
/// round-off (1e-22 m per node) stays far below.
const SAME_HEIGHT: f64 = 1e-12;

#[test]
fn the_first_load_solve_brings_a_raised_tool_back_down_to_the_load() {
    // 40 µm flakes on the quick preset's 100 µm surfaces at β = 0.2: 2 flakes, both wider than
    // the loaded gap on pair 0 (a small, fast analogue of the 50 µm level).
    let overrides = "[flakes]\ndiameter = 40e-6\n[sweep]\nbetas = [0.2]\npressures = [30e6]\n\
                     velocities = [0.08]\n[process]\nvelocities = []\n";
    let cfg = CalibrationConfig::from_preset_and_toml(Preset::Quick, overrides).unwrap();
    let c = case(PRESSURE, 0.2, 0.08);
    let mut run = CaseRun::prepare(&cfg, &c, 0).unwrap();
    assert!(run.tool_lift > 0.0 && run.lifted_flakes > 0);
    let (_, free_loaded, solver) = loaded(overrides);
    let raised = free_loaded.tool_offset + run.tool_lift;
    assert_eq!(run.sim.tool_offset(), raised);
    let params = dem_params(&cfg, flake_shape(&cfg), &c, &free_loaded.deformable);
    let mut free = MesoLoop::new(solver, free_loaded, params, Vec::new(), PRESSURE).unwrap();
    let (_, first, _, _) = run.sim.step().unwrap();
    let (_, free_first, _, _) = free.step().unwrap();
    // No flake is blocked yet (they rest clear of the tool), so g* is the flake-free gap raised
    // by ΔZ: the solve at p drops the tool by ΔZ more than the flake-free loop's, to the same
    // height, at the same load.
    assert_eq!(first.blocked, 0);
    assert!(
        (run.sim.tool_offset() - free.tool_offset()).abs() <= SAME_HEIGHT,
        "{:.6e} vs {:.6e}",
        run.sim.tool_offset(),
        free.tool_offset()
    );
    assert!(
        (first.report.approach - free_first.report.approach - run.tool_lift).abs() <= SAME_HEIGHT
    );
    let mean = |t: &[f64]| t.iter().sum::<f64>() / t.len() as f64;
    let load = mean(run.sim.solver().traction());
    assert!(
        (load - PRESSURE).abs() <= cfg.bem.tolerance * PRESSURE,
        "mean traction {load} Pa"
    );
    // The next pixel lowers the tool onto the flakes: they are blocked (carry load) and none
    // is pushed through a surface.
    let (_, second, _, _) = run.sim.step().unwrap();
    assert!(second.blocked > 0);
    assert_eq!(run.sim.lost_flakes(), 0);
}
