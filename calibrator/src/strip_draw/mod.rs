//! Strip-draw studies driving the core's bar (seed 000 §2, §7, App. B–C): the same
//! [`tribo_core::bar::StripDraw`] code the firmware runs, fed with a calibration table.
//!
//! - [`model`]: the physics taken from a table (friction law, Archard source, ζ) and the
//!   numerical settings (slide, averaging window, element size, time step) → bar parameters.
//! - [`run`]: one pass of the bar: μ(t), the steady μ̄, the final β field and the β(x, t)
//!   space–time map.
//! - [`multipass`]: passes in sequence where β persists (seed 000 Fig. 2b) or is reset
//!   (cleaned surface).
//! - [`saturation`]: seed 000 §2.1's one- and three-pass reductions and the tool-length
//!   ordering of Fig. 2a; the solve of ζ and μ_p (the friction of the particle-borne area) that
//!   reproduces the reductions.
//! - [`extract`]: the steady-state μ̄ from a μ(t) curve (end-of-slide window) and its drift.
//! - [`cases`]: the sweeps of `tribo strip-draw` (tool length, ζ, K, multi-pass) as a list
//!   of independent cases, run with rayon in a deterministic order.
//! - [`refine`]: the mesh (h) and time-step refinement checks.
//! - [`fit`]: least-squares fit of τ0, ζ (and optionally K) to measured μ̄ with confidence
//!   intervals ([`crate::numerics::least_squares`] is the small Levenberg–Marquardt solver, [`fit::data`] the
//!   measured-data CSV reader).
//! - [`error`]: [`StripDrawError`], the subsystem's one error type.
//!
//! The report files (CSV and plots, Fig. 17–19 and 2b analogues) and the fidelity of a sweep
//! against seed 000 §2.1 are studies above this engine: [`crate::studies::strip_draw`].

pub mod cases;
pub mod error;
pub mod extract;
pub mod fit;
pub mod model;
pub mod multipass;
pub mod refine;
pub mod run;
pub mod saturation;

pub use cases::{StripCase, Study, SweepSpec, list_strip_cases, run_strip_cases};
pub use error::StripDrawError;
pub use extract::{SteadyMu, steady_mu};
pub use model::{NumericSettings, StripModel};
pub use multipass::{Pass, run_passes};
pub use run::{BetaMap, MuSample, PassResult, run_pass};

#[cfg(test)]
mod tests;
