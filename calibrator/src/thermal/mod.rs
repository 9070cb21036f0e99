//! Heat in the third-body layer, seed 002 §3 (Eq. 5–13): contact conductance ([`conductance`](mod@conductance),
//! Eq. 5–7), per-particle temperature with the θ = ½ scheme ([`scheme`], Eq. 12–13) fed by the
//! contact dissipation that [`crate::nscd::RigidAssembly::step`] computes (Eq. 8–11).
//!
//! Boundaries: the seed gives the walls their own 2D heat equation (Eq. 16) with thicknesses
//! "several orders larger" than the sample: [`wall`] discretises it as finite-volume nodes that
//! join the particles' network. The older alternative, a wall held at a fixed temperature
//! (a reservoir: the limit of an infinitely conductive boundary), stays available.

pub mod conductance;
pub mod scheme;
pub mod wall;

#[cfg(test)]
mod tests;

pub use conductance::{ConductanceModel, ThermalMaterial, conductance};
pub use scheme::{Link, ThermalState};
pub use wall::{WallGrid, WallSlab};
