//! Staggered BEM–DEM loop, A_p history and ensembles (seed 000 §5–6, Fig. 7, Eq. 17–22).
//!
//! - [`setup`]: surfaces, flakes, DEM/BEM parameters and random streams of a case;
//! - [`sliding`]: [`MesoLoop`], the loop of Fig. 7 (DEM one pixel → blocked → BEM on g* →
//!   plastic flow and tool position);
//! - [`accounting`]: A_p, contact nodes under blocked flakes (§6.2);
//! - [`run`]: [`run_case`], one case end to end with its [`StepRecord`] history;
//! - [`cases`]: the sweep as independent cases (list, run one, merge);
//! - [`blocked_events`]: blocking events, their dwell and deactivation paths (issue 42);

pub mod accounting;
pub mod blocked_events;
pub mod cases;
pub mod error;
pub mod run;
pub mod setup;
pub mod sliding;

#[cfg(test)]
mod tests;

pub use error::MesoError;
pub use run::{CaseRun, StepRecord, run_case};
pub use sliding::{ContactUpdate, Loaded, MesoLoop, load_particle_free};
