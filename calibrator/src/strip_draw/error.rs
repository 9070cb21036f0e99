//! Why a strip-draw study, run or fit failed: one typed error for the subsystem.
//!
//! Each variant's message says what failed in the user's terms (settings, the table's law,
//! a case's conditions) and leaves the underlying error to [`std::error::Error::source`], so
//! the binary's `{:#}` chain prints each cause once.

use std::path::PathBuf;

use thiserror::Error;

use super::fit::data::DataError;
use crate::numerics::least_squares::LsqError;

/// A strip-draw failure.
#[derive(Debug, Error)]
pub enum StripDrawError {
    /// A numerical setting outside its admissible range (`NumericSettings::validate`).
    #[error("{setting} must be {rule}, got {value}")]
    Setting {
        /// Which setting, with its unit.
        setting: &'static str,
        /// The value given.
        value: f64,
        /// The admissible range.
        rule: &'static str,
    },
    /// The table's friction law (μ0, α(v), β_thres) is not a valid law.
    #[error("the table's friction law is invalid")]
    TableLaw(#[source] tribo_core::Error),
    /// A τ0 that makes no valid law (fit iterates, sweeps).
    #[error("τ0 = {tau0} Pa is not a valid shear strength")]
    Tau0 {
        /// The shear strength tried \[Pa\].
        tau0: f64,
        /// The core's reason.
        #[source]
        source: tribo_core::Error,
    },
    /// The solve of ζ and μ_p from seed 000 §2.1's pass reductions did not converge.
    #[error(
        "solving ζ and μ_p from seed 000 §2.1's reductions (35 %, 72 %) stopped after \
         {iterations} Newton steps at ζ = {zeta:.4}, μ_p = {mu_p:.4}: one pass {one_pass:.4}, \
         three passes {three_pass:.4} (outside ζ ∈ [0, 1], μ_p ∈ [0, μ0] or a singular \
         Jacobian)"
    )]
    SaturationSolve {
        /// Newton steps taken.
        iterations: usize,
        /// ζ reached.
        zeta: f64,
        /// μ_p reached.
        mu_p: f64,
        /// One-pass reduction there.
        one_pass: f64,
        /// Three-pass reduction there.
        three_pass: f64,
    },
    /// A friction μ_p of the particle-borne area the core refuses.
    #[error("μ_p = {mu_p} (friction of the particle-borne area) must be in [0, 10]")]
    ParticleFriction {
        /// The value tried \[-\].
        mu_p: f64,
        /// The core's reason.
        #[source]
        source: tribo_core::Error,
    },
    /// An explicit time step (`--time-step`, the only source of one) above the bar's
    /// stability limit: the CFL step l_e/c of the explicit central difference (c the bar's
    /// elastic wave speed), the physics' own bound (a step of 1e300 s was refused unnamed).
    #[error(
        "--time-step {dt:.3e} s exceeds the stability limit {limit:.3e} s of the bar (the CFL \
         step l_e/c of its elastic wave, element size {element_mm} mm)"
    )]
    TimeStep {
        /// The time step asked for \[s\].
        dt: f64,
        /// The bar's critical time step \[s\].
        limit: f64,
        /// Element size \[mm\].
        element_mm: f64,
    },
    /// A continued pass on a bar of another size than the one that left the β field.
    #[error(
        "initial β field has {given} nodes, the bar {nodes} (same tool, slide and mesh needed)"
    )]
    InitialBeta {
        /// Nodes of the β field handed over.
        given: usize,
        /// Nodes of this bar.
        nodes: usize,
    },
    /// The core refused the bar's parameters.
    #[error("the strip-draw parameters are invalid")]
    BarParams(#[source] tribo_core::Error),
    /// The core's bar failed while running.
    #[error("the strip-draw bar failed")]
    Bar(#[source] tribo_core::Error),
    /// The averaging window caught no μ(t) sample.
    #[error("no μ(t) sample in the averaging window")]
    NoSteadySample,
    /// One case of a sweep failed; the conditions say which.
    #[error(
        "case {index} ({study} study, tool {tool_mm} mm, P_N {pressure_mpa} MPa, ζ {zeta}, \
         K {archard_k:e})"
    )]
    Case {
        /// Case index in the sweep.
        index: usize,
        /// The study's name.
        study: &'static str,
        /// Tool length \[mm\].
        tool_mm: f64,
        /// Nominal pressure \[MPa\].
        pressure_mpa: f64,
        /// Tool-carried fraction ζ \[-\].
        zeta: f32,
        /// Archard coefficient K \[-\].
        archard_k: f32,
        /// What failed.
        #[source]
        source: Box<StripDrawError>,
    },
    /// The measured-data file could not be read (the one file error).
    #[error(transparent)]
    Io(#[from] crate::io::FileError),
    /// The measured-data file is malformed (line and column in the source).
    #[error("{}", path.display())]
    Data {
        /// The file.
        path: PathBuf,
        /// What is wrong, where.
        #[source]
        source: DataError,
    },
    /// A measurement whose (tool, pressure, pass) the predicting runs did not cover (an
    /// inconsistency of the fit's bookkeeping, never of the data).
    #[error("no prediction for the measurement on line {line}")]
    MissingPrediction {
        /// The measurement's line in its file.
        line: usize,
    },
    /// The least-squares fit did not converge.
    #[error(
        "the strip-draw model did not converge to the data after {iterations} iterations: \
         residual RMS {rms:.4} at τ0 = {tau0:.4e} Pa, ζ = {zeta:.4}, K = {archard_k:.3e}"
    )]
    NoConvergence {
        /// Iterations made.
        iterations: usize,
        /// Residual RMS of μ̄ at the last iterate.
        rms: f64,
        /// τ0 at the last iterate \[Pa\].
        tau0: f64,
        /// ζ at the last iterate.
        zeta: f64,
        /// K at the last iterate.
        archard_k: f64,
    },
    /// The least-squares fit failed otherwise (too few points, singular, non-finite).
    #[error("the strip-draw model cannot fit these data")]
    Fit(#[source] Box<LsqError<StripDrawError>>),
    /// The fitted values do not make a valid table.
    #[error("the fitted values do not make a valid table")]
    FittedTable(#[source] tribo_core::Error),
}
