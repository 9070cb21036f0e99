//! The lubricant drag frame (`dem::drag`): a flake away from both surfaces relaxes exactly to
//! the local Couette velocity, and the sheet frame is the special case of a flow at rest.

use super::super::drag::DragFrame;
use super::super::quaternion::Quat;
use super::super::rigid_body::{Damping, Flake};
use super::super::system::DemSystem;
use super::{params, shape};
use crate::surface::HeightMap;

/// The damping sub-steps are exact exponentials and no force acts: only f64 rounding over a
/// few thousand steps.
const RELAXATION_TOL: f64 = 1e-9;

fn free_flake(frame: DragFrame, z: f64) -> (DemSystem, f64, f64) {
    let (n, dx) = (32, 2e-6);
    let (gap, v0, gamma) = (8e-6, 10.0, 1e8);
    let s = shape();
    let mut p = params(
        1e3,
        1e-10,
        Damping::uniform_relaxation(gamma * s.mass(), &s),
        v0,
    );
    p.drag_frame = frame;
    let def = HeightMap::flat(n, n, dx, dx, 0.0);
    let tool = HeightMap::flat(n, n, dx, dx, 0.0);
    let mut f = Flake::at_rest(
        [30e-6, 30e-6, z],
        Quat::from_axis_angle([1.0, 0.0, 0.0], 0.0),
    );
    f.velocity = [-3.0, 2.0, 0.0];
    let sys = DemSystem::new(p, def, tool, gap, vec![f]).unwrap();
    (sys, v0 * z / gap, gamma)
}

#[test]
fn a_free_flake_relaxes_to_the_couette_velocity_at_its_height() {
    let (mut sys, u, gamma) = free_flake(DragFrame::Lubricant, 2e-6);
    assert!((u - 2.5).abs() < 1e-12, "a quarter of the gap: u = v0/4");
    let steps = 2000;
    sys.run_steps(steps);
    let t = sys.time();
    let decay = (-gamma * t).exp();
    let v = sys.flakes()[0].velocity;
    let want = [u + (-3.0 - u) * decay, 2.0 * decay, 0.0];
    for k in 0..3 {
        assert!(
            (v[k] - want[k]).abs() < RELAXATION_TOL * 10.0,
            "{v:?} vs {want:?}"
        );
    }
    // After 20 relaxation times it moves with the lubricant, not with the sheet.
    assert!(gamma * t > 19.0 && (v[0] - u).abs() < 1e-6 * u);
}

#[test]
fn in_the_sheet_frame_the_same_flake_comes_to_rest() {
    let (mut sys, _, gamma) = free_flake(DragFrame::Sheet, 2e-6);
    sys.run_steps(2000);
    let decay = (-gamma * sys.time()).exp();
    let v = sys.flakes()[0].velocity;
    assert!(
        (v[0] + 3.0 * decay).abs() < RELAXATION_TOL && (v[1] - 2.0 * decay).abs() < RELAXATION_TOL
    );
}

#[test]
fn a_flat_flake_in_the_shear_turns_at_jeffery_s_slow_rate() {
    // Lying in the shear plane the flake's target spin is γ̇·r²/(1 + r²) about +y (0.16 % of
    // γ̇ for r = 0.04); from rest it spins up toward it and never toward the fluid's γ̇/2.
    let (mut sys, _, _) = free_flake(DragFrame::Lubricant, 4e-6);
    sys.run_steps(2000);
    let s = shape();
    let r = s.c / s.a;
    let shear = 10.0 / 8e-6;
    let w = sys.flakes()[0].angular_velocity(s.inertia());
    let jeffery = shear * r * r / (1.0 + r * r);
    assert!(
        w[1] > 0.0 && w[1] < 1.01 * jeffery,
        "ω_y = {} vs {jeffery}",
        w[1]
    );
    assert!(w[1] < 0.01 * 0.5 * shear);
}
