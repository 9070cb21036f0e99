//! Lognormal random fields of the friction coefficient, force/torque CVs and thresholds
//! (seed 004, Hu–Batou–Ouyang 2021).
//!
//! * [`field`]: the lognormal field (Eq. 1–3, 31) and the plate mesh h = min(l, 0.1a); which
//!   field carries the target correlation (the Gaussian generator; see its docs).
//! * Samplers of the Gaussian generator ([`gaussian::GaussianSampler`]): [`separable`]
//!   (Kronecker, n = 2, exact; factors: banded Cholesky, [`kernel_quadrature`], low rank;
//!   product kernel [`banded`]), [`circulant`] (FFT embedding, any n, PSD check + padding +
//!   clipping fallback), [`cholesky`] (dense reference).
//! * [`integrals`]: force/torque weights (Eq. 4–5, 20–21, 28–29); [`monte_carlo`]: CVs
//!   (Eq. 14–15, 26–27, 30); [`closed_form`]: Eq. 7, 9, 16, 17 and App. A.
//! * [`curves`] and [`thresholds`]: CV/(σ/μ) vs l/a and the model thresholds, filling the
//!   table's [`tribo_core::cof_field::CofSection`]; [`crank_slider`]: §3 application.

pub mod banded;
pub mod cholesky;
pub mod circulant;
pub mod closed_form;
pub mod crank_slider;
pub mod curves;
pub mod field;
pub mod gaussian;
pub mod integrals;
pub mod kernel_quadrature;
pub mod monte_carlo;
pub mod normals;
pub mod sampler;
pub mod separable;
pub mod thresholds;

#[cfg(test)]
mod tests;
