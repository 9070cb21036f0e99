//! Non-smooth contact dynamics (NSCD) of 2D rigid disks, seed 002 §2 (Renouf, Cao, Nhu 2011):
//! the Moreau–Jean θ-scheme (Eq. 1–3), the Delassus operator and a matrix-free non-smooth
//! Gauss–Seidel (Eq. 4) with an exact local 2×2 Signorini–Coulomb solve and the cohesive law
//! (γ, d_w) of Fig. 1. Units are per unit depth (2D): masses kg/m, forces N/m, energies J/m.
//!
//! Layout: [`body`] (rigid clumps and half-planes, free or driven degrees of freedom),
//! [`contact`] (local frames, 𝐇 and 𝕎 blocks), [`detect`] (cell grid at the predicted
//! configuration, periodic in x), [`local_law`] (the law and its 2×2 solve), [`nsgs`] (the
//! Gauss–Seidel and its convergence norm), [`system`] (the time step and its energy balance).

pub mod body;
pub mod contact;
pub mod detect;
pub mod local_law;
pub mod nsgs;
pub mod system;

pub use body::{Body, Dof, Shape};
pub use local_law::ContactLawParams;
pub use nsgs::{ConvergenceNorm, SolverParams, SweepOrder};
pub use system::{RigidAssembly, StepParams, StepReport};

#[cfg(test)]
mod tests;
