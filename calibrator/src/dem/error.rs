//! [`DemError`]: what the DEM refuses (parameters, grids, placement).

use thiserror::Error;

/// Errors of the DEM.
#[derive(Debug, Error, PartialEq)]
pub enum DemError {
    /// Inconsistent or non-physical parameters.
    #[error("invalid DEM parameters: {0}")]
    Parameters(String),
    /// The two height maps do not share a grid.
    #[error(
        "tool grid {0}×{1} does not match the deformable surface grid {2}×{3} (or spacings differ)"
    )]
    GridMismatch(usize, usize, usize, usize),
    /// Placement failed.
    #[error("placement: {0}")]
    Placement(String),
}
