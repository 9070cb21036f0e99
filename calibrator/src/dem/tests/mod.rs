//! System-level tests of the DEM against closed forms and conservation laws (issue 6,
//! "must be true").

mod blocked_cases;
mod drag;
mod dynamics;
mod edge_on;
mod oracles;
mod overdamped;
mod periodic;
mod placement;
mod squeeze;

use crate::surface::HeightMap;

use super::flake::FlakeShape;
use super::params::DemParams;
use super::rigid_body::Damping;

/// 12 µm aluminium flake, seed 000 §6.1.
fn shape() -> FlakeShape {
    FlakeShape::aluminium(12e-6)
}

/// Parameters with an explicit node stiffness, time step and damping.
fn params(k: f64, dt: f64, damping: Damping, v0: f64) -> DemParams {
    DemParams {
        shape: shape(),
        damping,
        stiffness: k,
        dt,
        tool_velocity: v0,
        drag_frame: super::drag::DragFrame::Sheet,
        integrator: super::regime::Scheme::Explicit,
        rotational_damping: super::drag::RotationalDamping::EqualRelaxation,
    }
}

/// A smooth periodic bumpy map of amplitude `amp` on an n×n grid.
fn bumpy(n: usize, dx: f64, amp: f64, phase: f64) -> HeightMap {
    let l = n as f64 * dx;
    let w = std::f64::consts::TAU / l;
    HeightMap::from_fn(n, n, dx, dx, |x, y| {
        amp * ((2.0 * w * x + phase).sin() * (3.0 * w * y).cos() + 0.5 * (w * (x + 2.0 * y)).sin())
    })
}
