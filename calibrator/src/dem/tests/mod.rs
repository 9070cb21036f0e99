//! System-level tests of the DEM against closed forms and conservation laws (issue 6,
//! "must be true").

mod blocked_cases;
mod drag;
mod dynamics;
mod edge_on;
mod events;
mod oracles;
mod overdamped;
mod periodic;
mod placement;
mod restitution;
mod squeeze;

use crate::surface::HeightMap;

use super::contact_surface::{PlacedSurface, Side, surface_contact};
use super::flake::{FlakeFrame, FlakeShape};
use super::params::DemParams;
use super::rigid_body::Damping;
use super::system::DemSystem;

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

/// A flat flake whose lower pole is `gap` above the single floor node under it, falling at
/// `v` with `damping`, run by TR-BDF2 at the local error `tolerance`, with steps up to
/// `max_step` and contact events located `event_depth` deep (∞: not at all), each interval
/// `interval` long; or the system's refusal. The oracle of `events` and `restitution`.
#[allow(clippy::too_many_arguments)] // the closed form's parameters, named at the call sites
fn try_flake_falling_onto_a_node(
    k: f64,
    damping: Damping,
    gap: f64,
    v: f64,
    tolerance: f64,
    event_depth: f64,
    max_step: f64,
    interval: f64,
) -> Result<DemSystem, super::error::DemError> {
    use super::overdamped::{NewtonMatrix, OverdampedOptions};
    use super::proximal_metric::InertialScheme;
    use super::quaternion::Quat;
    use super::rigid_body::Flake;
    let s = shape();
    let floor = HeightMap::flat(2, 2, 20e-6, 20e-6, 0.0);
    let mut p = params(k, interval, damping, 0.0);
    p.integrator = super::regime::Scheme::Inertial(
        OverdampedOptions {
            tolerance,
            max_step,
            newton: NewtonMatrix::GaussNewton,
            event_depth,
        },
        InertialScheme::TrBdf2,
    );
    let mut f = Flake::at_rest([0.0, 0.0, s.c + gap], Quat::IDENTITY);
    f.velocity = [0.0, 0.0, -v];
    DemSystem::new(p, floor.clone(), floor, 1e-3, vec![f])
}

/// A smooth periodic bumpy map of amplitude `amp` on an n×n grid.
fn bumpy(n: usize, dx: f64, amp: f64, phase: f64) -> HeightMap {
    let l = n as f64 * dx;
    let w = std::f64::consts::TAU / l;
    HeightMap::from_fn(n, n, dx, dx, |x, y| {
        amp * ((2.0 * w * x + phase).sin() * (3.0 * w * y).cos() + 0.5 * (w * (x + 2.0 * y)).sin())
    })
}

/// Flake 0's penalty forces \[N\] from the floor `floor` (at rest, no offset) and from the
/// sliding `tool` (at the system's displacement, raised by `offset` \[m\]), each averaged
/// over the next `window` pixels of slide at node stiffness `k` \[N/m\]: the wedge tests' measure
/// of the steady forces, whose sums ripple as nodes pass under the flake.
fn mean_contact_forces(
    sys: &mut DemSystem,
    floor: &HeightMap,
    tool: &HeightMap,
    offset: f64,
    k: f64,
    window: usize,
) -> ([f64; 3], [f64; 3]) {
    let (mut floor_force, mut tool_force) = ([0.0; 3], [0.0; 3]);
    for _ in 0..window {
        sys.advance_one_pixel().unwrap();
        let f = sys.flakes()[0];
        let frame =
            FlakeFrame::for_surface_contacts(&sys.params().shape, f.orientation.to_matrix());
        let lower = PlacedSurface::of(floor, 0.0, 0.0);
        let upper = PlacedSurface::of(tool, sys.tool_displacement(), offset);
        let below = surface_contact(&lower, Side::Below, &frame, f.position, k);
        let above = surface_contact(&upper, Side::Above, &frame, f.position, k);
        for c in 0..3 {
            floor_force[c] += below.force[c] / window as f64;
            tool_force[c] += above.force[c] / window as f64;
        }
    }
    (floor_force, tool_force)
}
