//! Flakes standing on their rim (axis n horizontal, |n_z| ≪ 1) between two surfaces: the
//! contact stays stable at the design time step. Without damping the total energy, kinetic
//! plus penalty, stays at its initial value plus the work the moving tool does, and no
//! flake gets faster than that energy allows.
//!
//! Regression: before the vertical depth was scaled by σ = c·√(M⁻¹_zz) and edge-on flakes
//! thickened ([`super::super::sided`]), a node in an edge-on flake's sliver footprint
//! (≈ h_p wide, up to ≈ a deep) had a lateral depth gradient up to ~200 and an effective
//! stiffness up to ~10⁴ k, far above what the time step was sized for. With that depth
//! (commit f5e64bd) these tests failed: the floor spike with 0.7–20 % energy error (20 % at
//! 1000 m/s), the tumbling flake 0.2–0.4 %, the sliding tip 0.7–0.9 %; now all stay below
//! 2·10⁻⁴. In the quick meso case 33 such kicks on an already fast tumbling flake
//! (flake 13, ~10⁸ rad/s) compounded into a runaway (3·10² → 1.6·10⁵ m/s in one slide step).

use crate::surface::HeightMap;

use super::super::contact_surface::{PlacedSurface, Side, surface_contact};
use super::super::flake::FlakeFrame;
use super::super::params::DemParams;
use super::super::quaternion::{Quat, cross, norm};
use super::super::rigid_body::{Damping, Flake};
use super::super::system::DemSystem;
use super::shape;

/// Relative energy error allowed, |E − E₀ − W| / max(E₀ + W): issue 6's criterion for the
/// undamped system (drift < 10⁻³), here over each whole run.
const ENERGY_TOL: f64 = 1e-3;

/// Grid spacing of the quick preset (100 µm / 64) \[m\].
const DX: f64 = 100e-6 / 64.0;

/// The rotation that takes body z to the unit vector `n`.
fn axis_to(n: [f64; 3]) -> Quat {
    let z = [0.0, 0.0, 1.0];
    let axis = cross(z, n);
    let s = norm(axis);
    Quat::from_axis_angle(axis, s.atan2(n[2]))
}

/// Unit vector at azimuth `phi` in the horizontal plane, lifted by `nz`.
fn edge_on_axis(phi: f64, nz: f64) -> [f64; 3] {
    let h = (1.0 - nz * nz).sqrt();
    [h * phi.cos(), h * phi.sin(), nz]
}

/// Force of the placed tool on flake 0 (for the work the sliding tool does).
fn tool_force(sys: &DemSystem) -> [f64; 3] {
    let tool = sys.tool_roughness();
    let placed = PlacedSurface::of(tool, sys.tool_displacement(), sys.tool_offset());
    let f = sys.flakes()[0];
    let frame = FlakeFrame::for_surface_contacts(&sys.params().shape, f.orientation.to_matrix());
    surface_contact(
        &placed,
        Side::Above,
        &frame,
        f.position,
        sys.params().stiffness,
    )
    .force
}

/// Runs `steps` undamped steps; returns (worst |E − E₀ − W|/E_ref, largest speed, largest
/// speed the energy allows √(2·max(E₀ + W)/m)). E_ref = max(E₀ + W) over the run.
fn energy_balance(sys: &mut DemSystem, steps: usize) -> (f64, f64, f64) {
    let m = sys.rigid_body().mass;
    let v0 = sys.params().tool_velocity;
    let e0 = sys.energy().total();
    let mut work = 0.0;
    let mut fx = tool_force(sys)[0];
    let mut history = Vec::with_capacity(steps);
    let (mut e_ref, mut v_max): (f64, f64) = (e0, 0.0);
    for _ in 0..steps {
        let t0 = sys.time();
        sys.step();
        let dt = sys.time() - t0;
        // The tool's nodes all move at v0·x̂: power F_tool·v0 (trapezoid in time).
        let fx1 = tool_force(sys)[0];
        work += 0.5 * (fx + fx1) * v0 * dt;
        fx = fx1;
        let e = sys.energy().total();
        history.push(e - e0 - work);
        e_ref = e_ref.max(e0 + work);
        v_max = v_max.max(norm(sys.flakes()[0].velocity));
        assert!(v_max.is_finite());
    }
    let worst = history.iter().fold(0.0f64, |w, d| w.max(d.abs())) / e_ref;
    (worst, v_max, (2.0 * e_ref / m).sqrt())
}

#[test]
fn an_edge_on_flake_spinning_in_a_tight_gap_conserves_energy() {
    // Flat floor at 0 and flat tool at rest 2a − 0.1 µm above it: a flake standing on its
    // rim (n_z = 0.01) is squeezed 0.05 µm at each end and spins about the vertical at
    // 10⁷ rad/s (rim speed 60 m/s), so the floor and tool nodes sweep across its sliver
    // footprint; it also tumbles towards flat.
    let s = shape();
    let n = 32;
    let def = HeightMap::flat(n, n, DX, DX, 0.0);
    let tool = HeightMap::flat(n, n, DX, DX, 0.0);
    let gap = 2.0 * s.a - 0.1e-6;
    let mut p = DemParams::from_physics(s, 0.0, 50.0, 55e9, DX, DX, crate::dem::DragFrame::Sheet);
    p.damping = Damping::NONE;
    p.tool_velocity = 0.0;
    let mut f = Flake::at_rest(
        [25e-6 + 0.3 * DX, 25e-6 + 0.1 * DX, 0.5 * gap],
        axis_to(edge_on_axis(0.4, 0.01)),
    );
    f.set_angular_velocity([0.0, 0.0, 1e7], s.inertia());
    f.velocity = [3.0, -2.0, 0.0];
    let mut sys = DemSystem::new(p, def, tool, gap, vec![f]).unwrap();
    let (err, v_max, v_energy) = energy_balance(&mut sys, 40_000);
    let nz = sys.flakes()[0].orientation.rotate([0.0, 0.0, 1.0])[2];
    eprintln!(
        "edge-on spin: energy error {err:e}, max |v| {v_max:e} (energy allows {v_energy:e}), final n_z {nz:.3}"
    );
    assert!(err < ENERGY_TOL, "energy error {err:e}");
    assert!(
        v_max <= v_energy * (1.0 + ENERGY_TOL),
        "speed {v_max:e} beyond the energy's {v_energy:e}"
    );
}

#[test]
fn a_flake_tumbling_through_edge_on_onto_the_floor_conserves_energy() {
    // Quick meso case 33, flake 13: a flake tumbling about an in-plane horizontal axis at
    // ~10⁸ rad/s (rim speed ~600 m/s) passes through edge-on while its rim dips into h_Def,
    // so the rim sweeps *across* its sliver footprint through the floor nodes. The tool is
    // at rest far above: the energy must stay the initial one.
    let s = shape();
    let n = 32;
    let def = HeightMap::flat(n, n, DX, DX, 0.0);
    let tool = HeightMap::flat(n, n, DX, DX, 0.0);
    for (spin, dip, phi) in [
        (1e8, 0.2e-6, 0.0),
        (-6e7, 0.4e-6, 0.5),
        (1.5e8, 0.1e-6, 1.1),
    ] {
        let mut p =
            DemParams::from_physics(s, 0.0, 50.0, 55e9, DX, DX, crate::dem::DragFrame::Sheet);
        p.damping = Damping::NONE;
        p.tool_velocity = 0.0;
        // Axis in the vertical plane at azimuth φ, 0.3 rad from horizontal; the spin axis is
        // horizontal and perpendicular to it, so n passes through n_z = 0.
        let n0 = edge_on_axis(phi, 0.3);
        let spin_axis = [-phi.sin(), phi.cos(), 0.0];
        let mut f = Flake::at_rest([25e-6 + 0.3 * DX, 25e-6 + 0.1 * DX, s.a - dip], axis_to(n0));
        f.set_angular_velocity([spin * spin_axis[0], spin * spin_axis[1], 0.0], s.inertia());
        f.velocity = [20.0, -10.0, 0.0];
        let mut sys = DemSystem::new(p, def.clone(), tool.clone(), 4.0 * s.a, vec![f]).unwrap();
        let (err, v_max, v_energy) = energy_balance(&mut sys, 20_000);
        let g = sys.flakes()[0];
        eprintln!(
            "tumbling through edge-on (ω = {spin:e}, dip {dip:e}): energy error {err:e}, max |v| {v_max:e} (energy allows {v_energy:e}), final z {:.3e}, n_z {:.3}",
            g.position[2],
            g.orientation.rotate([0.0, 0.0, 1.0])[2]
        );
        assert!(err < ENERGY_TOL, "ω = {spin:e}: energy error {err:e}");
        assert!(
            v_max <= v_energy * (1.0 + ENERGY_TOL),
            "ω = {spin:e}: speed {v_max:e} > {v_energy:e}"
        );
    }
}

#[test]
fn an_edge_on_flake_thrown_face_first_at_a_floor_spike_conserves_energy() {
    // The blow-up of quick meso case 33 (flake 13) in its simplest form: a flake standing on
    // its rim, 10 nm above a flat floor, moves along its own axis (face first) at several
    // times the tool speed towards a single node of h_Def that sticks up `spike` above the
    // rim's lowest point. The node crosses the ≈ h_p wide sliver footprint sideways, deep
    // inside the flake's vertical extent. The tool is at rest far above.
    let s = shape();
    let n = 32;
    let (xs, ys) = (16, 16);
    for (speed, spike, phi) in [
        (300.0, 0.7e-6, 0.0),
        (600.0, 0.7e-6, 0.2),
        (600.0, 2e-6, 0.0),
        (1000.0, 3e-6, 0.0),
    ] {
        let def = HeightMap::from_fn(n, n, DX, DX, |x, y| {
            let on = (x - xs as f64 * DX).abs() < 0.1 * DX && (y - ys as f64 * DX).abs() < 0.1 * DX;
            if on { spike } else { 0.0 }
        });
        let tool = HeightMap::flat(n, n, DX, DX, 0.0);
        let mut p =
            DemParams::from_physics(s, 0.0, 50.0, 55e9, DX, DX, crate::dem::DragFrame::Sheet);
        p.damping = Damping::NONE;
        p.tool_velocity = 0.0;
        let axis = edge_on_axis(phi, 0.01);
        // Start 2 µm before the spike along the axis, the rim 10 nm above the floor.
        let half_height = FlakeFrame::new(&s, axis_to(axis).to_matrix()).extent[2];
        let start = [
            xs as f64 * DX - 2e-6 * axis[0],
            ys as f64 * DX - 2e-6 * axis[1],
            half_height + 0.01e-6,
        ];
        let mut f = Flake::at_rest(start, axis_to(axis));
        f.velocity = [speed * axis[0], speed * axis[1], 0.0];
        let mut sys = DemSystem::new(p, def, tool, 4.0 * s.a, vec![f]).unwrap();
        let steps = (4e-6 / (speed * p.dt)) as usize;
        let (err, v_max, v_energy) = energy_balance(&mut sys, steps);
        let g = sys.flakes()[0];
        eprintln!(
            "edge-on at a spike ({speed} m/s, spike {spike:e}): energy error {err:e}, max |v| {v_max:e} (energy allows {v_energy:e}), final n_z {:.3}",
            g.orientation.rotate([0.0, 0.0, 1.0])[2]
        );
        assert!(err < ENERGY_TOL, "{speed} m/s: energy error {err:e}");
        assert!(
            v_max <= v_energy * (1.0 + ENERGY_TOL),
            "{speed} m/s: speed {v_max:e} > {v_energy:e}"
        );
    }
}

#[test]
fn an_edge_on_flake_driven_sideways_into_a_ridge_conserves_energy() {
    // A flake standing on its rim (n_z = 0.02) slides at 100 m/s (2·v0 of the quick preset's
    // fast case) along its axis, face first, into a smooth ridge of h_Def 1 µm high; the tool
    // is at rest far above. The ridge's nodes enter the sliver footprint from the side, up
    // to 1 µm above the flake's rim: the sided contact must lift or turn the flake (or send
    // it back) with the energy it has.
    let s = shape();
    let n = 32;
    let ridge_x = 34e-6;
    let def = HeightMap::from_fn(n, n, DX, DX, |x, _| {
        1e-6 * (-(x - ridge_x).powi(2) / (2.0f64 * 2e-6 * 2e-6)).exp()
    });
    let tool = HeightMap::flat(n, n, DX, DX, 0.0);
    for (phi, speed) in [(0.0, 100.0), (0.3, 100.0), (0.0, 300.0)] {
        let mut p =
            DemParams::from_physics(s, 0.0, 50.0, 55e9, DX, DX, crate::dem::DragFrame::Sheet);
        p.damping = Damping::NONE;
        p.tool_velocity = 0.0;
        let axis = edge_on_axis(phi, 0.02);
        let mut f = Flake::at_rest(
            [22e-6 + 0.3 * DX, 25e-6 + 0.1 * DX, s.a + 0.02e-6],
            axis_to(axis),
        );
        f.velocity = [speed, 0.0, 0.0];
        let mut sys = DemSystem::new(p, def.clone(), tool.clone(), 3.0 * s.a, vec![f]).unwrap();
        // Long enough to reach the ridge (8 µm away) and interact with it.
        let steps = (16e-6 / (speed * p.dt)) as usize;
        let (err, v_max, v_energy) = energy_balance(&mut sys, steps);
        let g = sys.flakes()[0];
        eprintln!(
            "edge-on into a ridge (φ = {phi}, {speed} m/s): energy error {err:e}, max |v| {v_max:e} (energy allows {v_energy:e}), final x {:.3e}, n_z {:.3}",
            g.position[0],
            g.orientation.rotate([0.0, 0.0, 1.0])[2]
        );
        assert!(err < ENERGY_TOL, "φ = {phi}: energy error {err:e}");
        assert!(
            v_max <= v_energy * (1.0 + ENERGY_TOL),
            "φ = {phi}: speed {v_max:e} > {v_energy:e}"
        );
    }
}

#[test]
fn a_sliding_tool_asperity_pressing_on_an_edge_on_flake_only_does_its_work() {
    // A flake standing on its rim on a flat floor; a tool asperity reaching 0.5 µm below the
    // flake's top slides over it at 50 m/s (the quick preset's fast case) without damping.
    // Oracle: E − E₀ equals the work of the tool, ∫F_tool·v0 dt, and the flake's speed is
    // bounded by that energy.
    let s = shape();
    let n = 32;
    let def = HeightMap::flat(n, n, DX, DX, 0.0);
    let offset = 2.0 * s.a + 1e-6;
    let (xc, yc) = (25e-6 + 0.37 * DX, 25e-6 + 0.21 * DX);
    let tip = 1.5e-6;
    let tool = HeightMap::from_fn(n, n, DX, DX, |x, y| {
        let r2 = (x - (xc - 15e-6)).powi(2) + (y - yc).powi(2);
        -tip * (-r2 / (2.0f64 * 2e-6 * 2e-6)).exp()
    });
    for phi in [0.0, 0.7, 1.3] {
        let mut p =
            DemParams::from_physics(s, 0.0, 50.0, 55e9, DX, DX, crate::dem::DragFrame::Sheet);
        p.damping = Damping::NONE;
        let f = Flake::at_rest([xc, yc, s.a - 0.01e-6], axis_to(edge_on_axis(phi, 0.02)));
        let mut sys = DemSystem::new(p, def.clone(), tool.clone(), offset, vec![f]).unwrap();
        // 30 µm of sliding: the tip passes over the flake.
        let steps = (30e-6 / (50.0 * p.dt)) as usize;
        let (err, v_max, v_energy) = energy_balance(&mut sys, steps);
        eprintln!(
            "edge-on under a sliding tip (φ = {phi}): energy error {err:e}, max |v| {v_max:e} (energy allows {v_energy:e})"
        );
        assert!(err < ENERGY_TOL, "φ = {phi}: energy error {err:e}");
        assert!(
            v_max <= v_energy * (1.0 + ENERGY_TOL),
            "φ = {phi}: speed {v_max:e} > {v_energy:e}"
        );
    }
}
