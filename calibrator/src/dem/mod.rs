//! DEM of rigid thin oblate wear flakes between two rough height maps (seed 000 §5 Step 1,
//! Eq. 15–19, Fig. 7–9).
//!
//! - [`flake`]: spheroid geometry, mass, inertia, support function, point penetration depth;
//! - [`quaternion`]: vectors and orientation quaternions;
//! - [`rigid_body`]: a flake's state and the damped rigid-body velocity-Verlet kernels
//!   (Eq. 15–16: exact relaxation sub-steps, free flight, free rotation);
//! - [`integrator`]: the [`Integrator`] trait every integrator implements, and its interval;
//! - [`explicit`]: the damped velocity Verlet at its stable step, the reference;
//! - [`overdamped`]: backward-Euler steps of the overdamped flow (Eq. 15–16 without inertia),
//!   step set by the tool's advance and an error estimate, cluster by cluster, with its
//!   settings in [`overdamped_options`] and its clusters from [`union_find`];
//! - [`backward_euler`]: one cluster's step (Newton on the proximal objective, error estimate);
//! - [`newton`]: Newton's method on the proximal objective every implicit stage solves;
//! - [`event`]: the inertial steps' event location at contact onsets;
//! - [`regime`]: which integrator ([`Scheme`]), from the Stokes ratio v0/(γ·δx) or the config;
//! - [`state`]: [`DemState`], what the integrators advance (flakes, surfaces, tool, loads);
//! - [`loads`]: the contact forces, torques and energies of a state (all integrators);
//! - [`drag`]: the frame of the drag (sheet at rest, or the lubricant's Couette flow);
//! - [`penalty`]: Hertz-based penalty stiffness (5 % overlap) and time step;
//! - [`sided`]: the sided penetration depth of a surface node (h_Def pushes up only, the
//!   tool down only; monotone through a squeezed flake; scaled to the normal depth, with
//!   edge-on flakes thickened, so the contact stiffness is bounded at every orientation);
//! - [`contact_surface`]: flake vs periodic height map (tool above, deformable surface below);
//! - [`contact_pair`]: flake vs flake (sampled-surface approximation);
//! - [`neighbours`]: periodic cell list;
//! - [`blocked`]: blocked detection (Fig. 8) and h*_Tool (Eq. 18);
//! - [`placement`]: random or file placement, area fraction (Eq. 10);
//! - [`params`]: [`DemParams`], the physical and numerical parameters and the seed's choices;
//! - [`error`]: [`DemError`], what the DEM refuses;
//! - [`system`]: [`DemSystem`], the stepping API used by the BEM–DEM loop.
//!
//! ```
//! use tribo_calibrator::dem::{DemParams, DemSystem, FlakeShape, RandomPlacement, place_random};
//! use tribo_calibrator::surface::HeightMap;
//! let n = 32;
//! let dx = 2e-6;
//! let def = HeightMap::from_fn(n, n, dx, dx, |x, _| 0.3e-6 * (x / 64e-6 * 6.283).sin());
//! let tool = HeightMap::flat(n, n, dx, dx, 0.0);
//! let shape = FlakeShape::aluminium(12e-6);
//! let frame = tribo_calibrator::dem::DragFrame::Sheet;
//! let params = DemParams::from_physics(shape, 1e-7, 5.0, 55e9, dx, dx, frame);
//! let tool_offset = 2e-6;
//! let tool_world = HeightMap::flat(n, n, dx, dx, tool_offset);
//! let flakes = place_random(&shape, &def, &tool_world, &RandomPlacement::new(3), 7)?;
//! let mut dem = DemSystem::new(params, def, tool, tool_offset, flakes)?;
//! let steps = dem.advance_one_pixel()?;
//! assert!(steps > 0 && dem.pixels_moved() == 1);
//! let h_star = dem.modified_tool(); // h*_Tool for the BEM (Eq. 18)
//! assert_eq!(h_star.nx(), n);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod backward_euler;
pub mod blocked;
pub mod contact_pair;
pub mod contact_surface;
pub mod drag;
pub mod error;
pub mod event;
pub mod explicit;
pub mod flake;
pub mod group_solve;
pub mod inertial;
pub mod integrator;
pub mod loads;
pub mod neighbours;
pub mod newton;
pub mod overdamped;
pub mod overdamped_options;
pub mod params;
pub mod penalty;
pub mod placement;
pub mod proximal_metric;
pub mod quaternion;
pub mod regime;
pub mod rigid_body;
pub mod sided;
pub mod state;
pub mod step_control;
pub mod system;
pub mod tr_bdf2;
pub mod union_find;

pub use crate::io::flake_file::FlakeFileError;
pub use blocked::{Footprint, MIN_CLUSTERS_BLOCKED};
pub use drag::DragFrame;
pub use error::DemError;
pub use flake::{ALUMINIUM_DENSITY, FlakeShape, SEED_THICKNESS};
pub use integrator::{Integrator, Interval};
pub use overdamped::{OverdampedOptions, OverdampedStats};
pub use params::DemParams;
pub use placement::area_fraction;
pub use placement::{
    LiftedPlacement, RandomPlacement, place_random, place_random_lifting, read_csv, touching_offset,
};
pub use quaternion::{Quat, Vec3};
pub use regime::{IntegratorChoice, Scheme};
pub use rigid_body::{Damping, Flake};
pub use state::DemState;
pub use system::{DemSystem, Energy};

#[cfg(test)]
mod tests;
