//! The one error type of the mesoscale BEM–DEM loop (seed 000 §5–6, Fig. 7): every way a case
//! can fail, each variant naming the step that failed; the BEM's, DEM's and surface
//! generator's own errors are its sources.

use crate::bem::BemError;
use crate::dem::DemError;
use crate::surface::{MeasuredError, SurfaceError};

/// Why a mesoscale case could not be set up or run.
#[derive(Debug, thiserror::Error)]
pub enum MesoError {
    /// A surface of the pair could not be generated from the config's `surface.*`.
    #[error("generating the {which} surface (surface.*)")]
    Surface {
        /// `deformable` or `tool`.
        which: &'static str,
        /// The generator's error.
        #[source]
        source: SurfaceError,
    },
    /// A measured map (`surface.deformable_file` / `surface.tool_file`) could not be read or
    /// put onto the calibration's domain (the key and the file are named in it).
    #[error(transparent)]
    MeasuredSurface(#[from] MeasuredError),
    /// The case's pressure is outside (0, p_crit).
    #[error("case pressure {pressure} Pa must be in (0, material.p_crit = {p_crit} Pa)")]
    Pressure {
        /// The case's nominal pressure \[Pa\].
        pressure: f64,
        /// The saturation pressure of the material \[Pa\].
        p_crit: f64,
    },
    /// The case's particle area fraction is outside [0, 1).
    #[error("case β = {beta} must be in [0, 1)")]
    Beta {
        /// The case's β \[-\].
        beta: f64,
    },
    /// The case's velocity is not finite and positive.
    #[error("case velocity {velocity} m/s must be finite and > 0")]
    Velocity {
        /// The case's velocity \[m/s\].
        velocity: f64,
    },
    /// The BEM solver (set-up, gap or a solve).
    #[error(transparent)]
    Bem(#[from] BemError),
    /// The particle-free loading of the surfaces did not converge.
    #[error("BEM loading of the particle-free surfaces")]
    Loading(#[source] BemError),
    /// A slide step's BEM solve stalled from every start.
    #[error(
        "BEM solve stalled from the warm start, from the uniform traction and from the stalled cold state"
    )]
    Stalled(#[source] BemError),
    /// The DEM (surfaces or tool moved into an invalid state, a step).
    #[error(transparent)]
    Dem(#[from] DemError),
    /// The DEM could not be set up from the loaded surfaces and the flakes.
    #[error("setting up the DEM")]
    DemSetup(#[source] DemError),
    /// The flakes could not be placed between the loaded surfaces.
    #[error("placing {flakes} flakes (β = {beta})")]
    Placement {
        /// Number of flakes asked for.
        flakes: usize,
        /// The case's β \[-\].
        beta: f64,
        /// The placement's error.
        #[source]
        source: DemError,
    },
    /// A slide step of a case failed.
    #[error(
        "case {index} (p = {pressure} Pa, β = {beta}, v0 = {velocity} m/s, seed index {seed_index}), slide step {step}"
    )]
    Step {
        /// The case's index.
        index: usize,
        /// Its nominal pressure \[Pa\].
        pressure: f64,
        /// Its β \[-\].
        beta: f64,
        /// Its velocity \[m/s\].
        velocity: f64,
        /// Its placement index.
        seed_index: usize,
        /// The slide step (from 1).
        step: usize,
        /// What failed.
        #[source]
        source: Box<MesoError>,
    },
    /// A case could not be prepared.
    #[error("preparing meso case {index}")]
    Prepare {
        /// The case's index.
        index: usize,
        /// What failed.
        #[source]
        source: Box<MesoError>,
    },
}
