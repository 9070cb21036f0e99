//! The [`Integrator`] trait: what moves the flakes of a [`DemState`] through an interval of
//! the BEM–DEM loop (seed 000 Eq. 15–16), as lumol's `Integrator` moves its system. Each
//! integrator owns its state between intervals (the overdamped one its step proposals and
//! predictor velocities); the [`DemState`] holds what they share (flakes, surfaces, tool,
//! loads). [`super::system::build_integrator`] makes the integrator a scheme names.
//!
//! - [`super::explicit::Explicit`]: the damped velocity Verlet at its stable step, the
//!   reference;
//! - [`super::overdamped::Overdamped`]: backward-Euler steps of the inertia-free flow with
//!   error control;
//! - [`super::inertial::Inertial`]: backward-Euler steps with inertia, the same Newton on the
//!   proximal objective with an inertial metric, error control.
//!
//! Every integrator is run through one oracle harness (`dem::tests::oracles`).

use super::overdamped_options::OverdampedStats;
use super::state::DemState;

/// An interval of the BEM–DEM loop to integrate over: the surfaces do not change inside it.
/// The loop times its intervals in explicit steps (so every integrator sees the surfaces change
/// at the same instants): `steps` steps of `step` \[s\], `duration` = steps·step up to
/// round-off. The explicit integrator takes exactly those steps; the others integrate over
/// `duration` with steps of their own.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Interval {
    /// Length \[s\].
    pub duration: f64,
    /// Explicit steps it is made of.
    pub steps: usize,
    /// Their length \[s\].
    pub step: f64,
}

/// Moves the flakes of a [`DemState`] (see the module doc).
pub trait Integrator: std::fmt::Debug + Send + Sync {
    /// Name as written in configs and reports.
    fn name(&self) -> &'static str;

    /// Advances `state` over `interval`: flakes, tool, time and step count. Positions come
    /// back wrapped into the periodic domain; the state's loads may be stale (they are
    /// evaluated when next needed). Returns the steps taken.
    fn advance(&mut self, state: &mut DemState, interval: Interval) -> usize;

    /// The flakes or the force on them were changed from outside: forget what was learned
    /// from their past motion.
    fn reset(&mut self) {}

    /// Work counters of the implicit integrators (`None` for the explicit one).
    fn overdamped_stats(&self) -> Option<OverdampedStats> {
        None
    }
}
