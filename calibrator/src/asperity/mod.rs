//! Independent-asperity onset-of-sliding model (seed 003, Scheibert, Sahli & Peyrard).
//!
//! A slider of mass M, pulled at velocity v through a spring k_L and damped by η (Eq. 1), rests
//! on N independent elliptic microjunctions. Each junction is an elastic Mindlin spring
//! (Eq. 2, [`junction`]) whose area shrinks under shear (Eq. 3) until it first slips at
//! f_s = σ·A_s (σ = σ_exp/ε, Eq. 6); it then slides at ε·f_s and re-pins when the slider is
//! slower than c_min·v (App. A). The slider is integrated by the leapfrog of Eq. 9–10 with
//! dt = T0/10⁴ ([`slider`]). Populations of initial areas come from a CSV file or a documented
//! generator ([`population`]); [`analysis`] extracts Q_s, A_s, stick–slip and the A(Q) shape;
//! [`sweep`] runs several normal loads in parallel and fills the core's pre-sliding table.

pub mod analysis;
pub mod bimodal;
pub mod elliptic;
pub mod junction;
pub mod population;
pub mod quasistatic;
pub mod run;
pub mod slider;

pub mod sweep;
#[cfg(test)]
mod tests;
pub mod unimodal;
