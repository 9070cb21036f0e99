//! Fits that turn simulation results into table entries: α from A̅_p/A_0 = α·β·p/E*
//! (seed 000 Eq. 23), α(v) by the exponential saturation law (Fig. 15), the nucleation
//! asymptote of d̄_c (App. E).

pub mod alpha;
pub mod linear;
pub mod saturation;

pub use linear::{LineFit, OriginFit, fit_line, fit_through_origin};
pub use saturation::{SaturationFit, fit_saturation};
