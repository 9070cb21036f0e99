//! The third-body layer of seed 002 (§4–5): the 2D shear cell under NSCD with heat and
//! temperature-dependent cohesion, giving the layer's own friction μ_3b and μ_3b(T), and
//! ([`lubricated`]) the friction μ_p of seed 000's lubricated flake layer (issue 30).

pub mod localisation;
pub mod lubricated;
pub mod paired;
pub mod physchem;
pub mod run;
pub mod shear_cell;
pub mod stats;
pub mod study;
pub mod thermal_constants;
pub mod thermo_cell;

#[cfg(test)]
mod tests;
