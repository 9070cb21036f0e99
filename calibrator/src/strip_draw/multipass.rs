//! Multi-pass strip draws (seed 000 §2.1, Fig. 2b): the same sheet drawn again without
//! cleaning (β persists) or after cleaning and re-lubricating (β reset).
//!
//! **Modelling decisions.** Each pass redraws the same stretch of sheet from the same start
//! position: the bar is unloaded between passes (displacements, velocities and the interface
//! springs restart from zero) and only the particle field β, which lives on the sheet in
//! material coordinates X_i = i·l_e, carries over ([`StripDraw::with_initial_beta`]). The
//! sheet that enters the tool during a later pass therefore brings the particles it picked
//! up before. The particles riding on the tool at the end of a pass (the ζ-carried
//! accumulation zone) stay on the sheet nodes where the pass ended — the core's β lives on
//! the sheet only — so a later pass sees them ahead of the tool rather than on it: a small
//! under-estimate of the multi-pass lubrication for ζ > 0. A **cleaned** pass starts from
//! β = 0, the state of the first pass, so it reproduces the first pass exactly (Fig. 2b:
//! "little difference compared to the 1-pass sample").
//!
//! [`StripDraw::with_initial_beta`]: tribo_core::bar::StripDraw::with_initial_beta

use tribo_core::bar::BarParams;
use tribo_core::law::FrictionLaw;

use super::StripDrawError;
use super::model::NumericSettings;
use super::run::{PassResult, run_pass};

/// How a pass starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pass {
    /// Clean sheet (β = 0): the first pass.
    Fresh,
    /// The β field left by the previous pass (not cleaned).
    Continued,
    /// Cleaned and re-lubricated surface: β reset to 0.
    Cleaned,
}

impl Pass {
    /// Short label for reports.
    pub fn label(self) -> &'static str {
        match self {
            Pass::Fresh => "fresh",
            Pass::Continued => "continued",
            Pass::Cleaned => "cleaned",
        }
    }
}

/// The usual sequence: a fresh pass, `passes − 1` continued passes, then (if `cleaned`) a
/// cleaned pass.
pub fn sequence(passes: usize, cleaned: bool) -> Vec<Pass> {
    let mut out = Vec::with_capacity(passes + 1);
    for k in 0..passes {
        out.push(if k == 0 { Pass::Fresh } else { Pass::Continued });
    }
    if cleaned {
        out.push(Pass::Cleaned);
    }
    out
}

/// Runs `passes` in order on the same sheet (see the module docs); records β(x, t) maps if
/// `record_map`.
///
/// # Errors
///
/// The first error of [`run_pass`]: [`StripDrawError::InitialBeta`], [`StripDrawError::BarParams`],
/// [`StripDrawError::Bar`], [`StripDrawError::NoSteadySample`].
pub fn run_passes(
    params: &BarParams,
    law: &FrictionLaw,
    passes: &[Pass],
    settings: &NumericSettings,
    record_map: bool,
) -> Result<Vec<PassResult>, StripDrawError> {
    let mut out: Vec<PassResult> = Vec::with_capacity(passes.len());
    for &pass in passes {
        let initial = match pass {
            Pass::Fresh | Pass::Cleaned => None,
            Pass::Continued => out.last().map(|r| r.final_beta.as_slice()),
        };
        let r = run_pass(params, law, initial, settings, record_map)?;
        out.push(r);
    }
    Ok(out)
}
