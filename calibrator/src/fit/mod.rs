//! Fits that turn simulation results into table entries: α from A̅_p/A_0 = α·β·p/E*
//! (seed 000 Eq. 23) with its bootstrap interval, α(v) by the law of table format 2 (and seed
//! 000's saturation form, Fig. 15), the nucleation asymptote of d̄_c (App. E), and α's
//! systematic budget with the rule that combines it with the statistical interval
//! ([`systematic`]).

pub mod alpha;
pub mod alpha_law;
pub mod bootstrap;
pub mod systematic;

/// The line fits live in [`crate::numerics::line_fit`]; this path stays for `dde/` (owned
/// elsewhere this session) until it imports them from there.
pub use crate::numerics::line_fit as linear;

pub use alpha_law::{AlphaLawFit, LawForm, fit_alpha_law};
