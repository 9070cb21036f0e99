//! Heat in the third-body layer, seed 002 §3 (Eq. 5–13): contact conductance ([`conductance`],
//! Eq. 5–7), per-particle temperature with the θ = ½ scheme ([`scheme`], Eq. 12–13) fed by the
//! contact dissipation that [`crate::nscd::System::step`] computes (Eq. 8–11).
//!
//! Boundaries: the seed gives the walls their own 2D heat equation (Eq. 16) with thicknesses
//! "several orders larger" than the sample. Here a wall is a fixed-temperature reservoir (the
//! limit of an infinitely thick, infinitely conductive boundary); Eq. 16 itself is not
//! implemented.

pub mod conductance;
pub mod scheme;

#[cfg(test)]
mod tests;

pub use conductance::{ConductanceModel, ThermalMaterial, conductance};
pub use scheme::{Link, ThermalState};
