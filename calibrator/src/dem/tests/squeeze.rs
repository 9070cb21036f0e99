//! Flakes squeezed between surfaces closer than the flake thickness (the sided contact of
//! `dem::sided`): the penalty force is k·depth measured from the face on each side, a
//! squeezed flake centres itself, and a rigid tool never pushes a flake through h_Def.

use crate::surface::HeightMap;

use super::super::contact_surface::{PlacedSurface, Side, surface_contact};
use super::super::flake::FlakeFrame;
use super::super::params::DemParams;
use super::super::penalty::{DEFAULT_SAFETY, stable_time_step};
use super::super::quaternion::Quat;
use super::super::rigid_body::{Damping, Flake};
use super::super::sided::RIM_TAPER;
use super::super::system::DemSystem;
use super::{params, shape};

/// Round-off relative to the force scale.
const ROUNDOFF: f64 = 1e-9;

/// Floor at 0 and tool at `gap` (both flat), a flat flake at (x, y) = (0, 0), height `z`.
fn squeeze_system(n: usize, dx: f64, gap: f64, z: f64, k: f64, eta: f64) -> DemSystem {
    let s = shape();
    let def = HeightMap::flat(n, n, dx, dx, 0.0);
    let tool = HeightMap::flat(n, n, dx, dx, 0.0);
    let dt = stable_time_step(&s, k, dx, dx, DEFAULT_SAFETY);
    let d = Damping::uniform_relaxation(eta, &s);
    let f = Flake::at_rest([0.0, 0.0, z], Quat::IDENTITY);
    DemSystem::new(params(k, dt, d, 0.0), def, tool, gap, vec![f]).unwrap()
}

#[test]
fn single_node_squeeze_gives_k_times_the_depth_from_each_face_and_centres_the_flake() {
    // One node per 20 µm: only the node under the pole touches, from each side.
    let s = shape();
    let (n, dx, k) = (2, 20e-6, 1e4);
    let frame = FlakeFrame::new(&s, Quat::IDENTITY.to_matrix());
    let flat = HeightMap::flat(n, n, dx, dx, 0.0);
    for gap_fraction in [0.8, 0.4, 0.05] {
        let gap = gap_fraction * 2.0 * s.c;
        // At the midplane the depth from either face is (h_p − gap)/2; off it, from the
        // lower face c − z and from the upper face c − (gap − z): the push from each side
        // keeps its sign even when the surface is past the flake's midplane.
        // Heights where both surfaces are inside the flake, centre in the gap.
        let swing = (0.5 * gap).min(s.c - 0.5 * gap);
        for z in [0.5 * gap, 0.5 * gap - 0.8 * swing, 0.5 * gap + 0.8 * swing] {
            let c = [0.0, 0.0, z];
            let low = surface_contact(
                &PlacedSurface::of(&flat, 0.0, 0.0),
                Side::Below,
                &frame,
                c,
                k,
            );
            let up = surface_contact(
                &PlacedSurface::of(&flat, 0.0, gap),
                Side::Above,
                &frame,
                c,
                k,
            );
            // On the axis the depth is the node's height above the lower pole z − c (floor)
            // or below the upper pole z + c (tool).
            let (d_low, d_up) = (s.c - z, s.c - (gap - z));
            assert!(
                (low.force[2] - k * d_low).abs() < ROUNDOFF * k * s.c,
                "{gap} {z}"
            );
            assert!(
                (up.force[2] + k * d_up).abs() < ROUNDOFF * k * s.c,
                "{gap} {z}"
            );
            assert!((low.energy - 0.5 * k * d_low * d_low).abs() < ROUNDOFF * k * s.c * s.c);
            assert!(low.force[2] > 0.0 && up.force[2] < 0.0);
        }
        // Dynamics: started near the floor, the damped flake settles at the midplane; its
        // centre never leaves the gap.
        let mut sys = squeeze_system(n, dx, gap, 0.5 * gap - 0.8 * swing, k, 3e-5);
        for _ in 0..20_000 {
            sys.step();
            let z = sys.flakes()[0].position[2];
            assert!(
                z > 0.0 && z < gap,
                "centre left the gap: z = {z:e}, gap {gap:e}"
            );
        }
        let z = sys.flakes()[0].position[2];
        // Settled: the residual is the damped transient, far below the gap.
        assert!((z - 0.5 * gap).abs() < 1e-3 * gap, "z = {z:e}, gap {gap:e}");
        let (force, _) = sys.contact_force(0);
        assert!(force[2].abs() < 1e-3 * k * (s.c - 0.5 * gap));
    }
}

#[test]
fn dense_squeeze_centres_the_flake_with_the_vertical_face_depths() {
    // Flat floor and tool 0.2·h_p apart on a 1 µm grid (≈ 110 nodes under each face); the
    // flake starts at 10 % of the gap above the floor, i.e. the floor is 0.23 µm deep in it,
    // nearly at its midplane.
    let s = shape();
    let (n, dx, k) = (32, 1e-6, 1e4);
    let gap = 0.2 * 2.0 * s.c;
    let mut sys = squeeze_system(n, dx, gap, 0.1 * gap, k, 2e-5);
    for _ in 0..20_000 {
        sys.step();
        let z = sys.flakes()[0].position[2];
        assert!(z > 0.0 && z < gap, "centre left the gap: z = {z:e}");
    }
    let g = sys.flakes()[0];
    // Symmetry: equilibrium at the midplane, flat.
    assert!(
        (g.position[2] - 0.5 * gap).abs() < 1e-3 * gap,
        "{:?}",
        g.position
    );
    let axis = g.orientation.rotate([0.0, 0.0, 1.0]);
    assert!(axis[2] > 1.0 - 1e-9, "tilted: {axis:?}");
    // Each face stores ½k·Σt² and pushes with k·Σt·∂t/∂z. Oracle: for a flat flake the
    // depth of a node at radius r is the vertical distance to the face,
    // d = c√(1 − r²/a²) − gap/2, times the rim taper g(1 − r²/a²), and ∂t/∂z = g.
    let flat = HeightMap::flat(n, n, dx, dx, 0.0);
    let frame = FlakeFrame::new(&s, g.orientation.to_matrix());
    let low = surface_contact(
        &PlacedSurface::of(&flat, 0.0, 0.0),
        Side::Below,
        &frame,
        g.position,
        k,
    );
    let up = surface_contact(
        &PlacedSurface::of(&flat, 0.0, gap),
        Side::Above,
        &frame,
        g.position,
        k,
    );
    let (mut energy, mut force) = (0.0, 0.0);
    for j in -8i32..=8 {
        for i in -8i32..=8 {
            let (x, y) = (i as f64 * dx - g.position[0], j as f64 * dx - g.position[1]);
            let w = 1.0 - (x * x + y * y) / (s.a * s.a);
            let d = s.c * w.max(0.0).sqrt() - g.position[2];
            if w <= 0.0 || d <= 0.0 {
                continue;
            }
            let v = (w / RIM_TAPER).min(1.0);
            let taper = v * v * (3.0 - 2.0 * v);
            energy += 0.5 * k * (d * taper).powi(2);
            force += k * d * taper * taper;
        }
    }
    assert!(
        (low.energy - energy).abs() < ROUNDOFF * energy,
        "{} vs {energy}",
        low.energy
    );
    assert!(
        (low.force[2] - force).abs() < ROUNDOFF * force,
        "{} vs {force}",
        low.force[2]
    );
    let oracle = force;
    assert!((low.force[2] + up.force[2]).abs() < 1e-6 * oracle);
}

/// Tool roughness: flat, with one downward Gaussian tip at (x_tip, y_tip) reaching `depth`
/// below the tool datum.
fn tool_with_tip(n: usize, dx: f64, x_tip: f64, y_tip: f64, depth: f64, width: f64) -> HeightMap {
    HeightMap::from_fn(n, n, dx, dx, |x, y| {
        let r2 = (x - x_tip).powi(2) + (y - y_tip).powi(2);
        -depth * (-r2 / (2.0 * width * width)).exp()
    })
}

/// Vertical reach of the flake below its centre \[m\] (√M_zz).
fn half_height(f: &Flake) -> f64 {
    FlakeFrame::new(&shape(), f.orientation.to_matrix()).extent[2]
}

#[test]
fn a_tool_asperity_sliding_over_a_flake_never_pushes_it_through_the_floor() {
    // A flake resting on a flat h_Def; the tool, 2 µm above, has one tip reaching down to
    // 0.3 µm above the floor (clearance 0.6·h_p) that slides at 10 m/s straight over the
    // flake's centre, from 12 µm before it to 12 µm past it. Rigid and kinematically driven,
    // the tip imposes up to h_p − 0.3 µm = 0.2 µm of overlap in total.
    let s = shape();
    let (n, dx) = (32, 1e-6);
    let offset = 2e-6;
    let tip_z = 0.3e-6;
    let tool = tool_with_tip(n, dx, 4e-6, 16e-6, offset - tip_z, 1.5e-6);
    let def = HeightMap::flat(n, n, dx, dx, 0.0);
    let mut p = DemParams::from_physics(s, 1e-7, 10.0, 55e9, dx, dx, crate::dem::DragFrame::Sheet);
    p.damping = Damping::uniform_relaxation(1e-7, &s);
    let f = Flake::at_rest([16e-6, 16e-6, s.c + 1e-9], Quat::IDENTITY);
    let mut sys = DemSystem::new(p, def, tool, offset, vec![f]).unwrap();
    // Tolerance on the flake's lowest point: the rigid geometry imposes h_p − clearance of
    // interpenetration in total; a flake that is squeezed (not pushed through) takes at most
    // that much on its floor side.
    let imposed = 2.0 * s.c - tip_z;
    let tool_at = |x: f64, y: f64, slide: f64| {
        let r2 = (x - 4e-6 - slide).powi(2) + (y - 16e-6).powi(2);
        offset - (offset - tip_z) * (-r2 / (2.0f64 * 1.5e-6 * 1.5e-6)).exp()
    };
    let mut deepest: f64 = 0.0;
    let mut lowest_centre = f64::INFINITY;
    let mut touched = false;
    while sys.tool_displacement() < 24e-6 {
        sys.step();
        let g = sys.flakes()[0];
        let [x, y, z] = g.position;
        let tool_here = tool_at(x, y, sys.tool_displacement());
        assert!(z > 0.0, "centre below h_Def: {z:e}");
        assert!(
            z < tool_here,
            "centre above the tool: {z:e} vs {tool_here:e}"
        );
        deepest = deepest.max(half_height(&g) - z);
        lowest_centre = lowest_centre.min(z);
        touched |= sys.max_overlap() > 0.0;
    }
    assert!(touched, "the tip must pass over the flake");
    assert!(
        deepest < imposed,
        "flake bottom {deepest:e} below h_Def (imposed {imposed:e})"
    );
    eprintln!(
        "tip pass: lowest centre {lowest_centre:e} m, deepest bottom {deepest:e} m, final {:?}",
        sys.flakes()[0].position
    );
}
