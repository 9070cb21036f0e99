//! FFT half-space contact (seed 000 §5 Steps 2–3, App. D–F): the periodic influence kernel,
//! the Polonsky–Keer conjugate gradient with imposed mean pressure and plastic saturation,
//! contact clusters and the κ / nucleation fits.

pub mod clusters;
pub mod kappa;
pub mod kernel;
pub mod polonsky_keer;
pub mod projection;
pub mod saturation;
pub mod sweep;

pub use clusters::{Clusters, Connectivity};
pub use kernel::{HalfSpaceKernel, PeriodicFft2};
pub use polonsky_keer::{
    BemError, ContactSolver, Material, SolveReport, SolverOptions, gap_from_surfaces,
};
pub use saturation::{deform_plastically, impose_mean_pressure};

#[cfg(test)]
mod tests;
