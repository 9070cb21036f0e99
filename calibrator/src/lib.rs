//! # tribo-calibrator
//!
//! The std half of tribo: runs the expensive physics (rough surfaces, FFT-BEM contact, DEM of
//! wear flakes, the staggered BEM–DEM loop, the independent-asperity model, random fields of the
//! friction coefficient, strip-draw studies) and distils it into a `tribo-core` calibration
//! table plus a report folder of CSV files and plots.
#![forbid(unsafe_code)]

pub mod asperity;
pub mod bem;
pub mod config;
pub mod console;
pub mod dde;
pub mod dem;
pub mod error_chain;
pub mod export;
pub mod fit;
pub mod meso;
pub mod nscd;
pub mod numerics;
pub mod pipeline;
pub mod presets;
pub mod progress;
pub mod random_field;
pub mod report;
pub mod rng;
pub mod strip_draw;
pub mod studies;
pub mod surface;
pub mod table;
pub mod thermal;
pub mod third_body;
pub mod validate;

/// This calibrator's version, written into every table's provenance (and the sections the
/// physics fills, such as a fitted μ_p): at the crate root, below every layer.
pub const CALIBRATOR_VERSION: &str = env!("CARGO_PKG_VERSION");
