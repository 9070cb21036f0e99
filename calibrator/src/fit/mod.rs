//! Fits that turn simulation results into table entries: α from A̅_p/A_0 = α·β·p/E*
//! (seed 000 Eq. 23) with its bootstrap interval, α(v) by the law of table format 2 (and seed
//! 000's saturation form, Fig. 15), the nucleation asymptote of d̄_c (App. E).

pub mod alpha;
pub mod alpha_law;
pub mod bootstrap;
pub mod linear;

pub use alpha_law::{AlphaLawFit, LawForm, fit_alpha_law};
pub use linear::{LineFit, OriginFit, fit_line, fit_through_origin};
