//! The explicit integrator, the reference: the damped rigid-body velocity Verlet of
//! [`super::rigid_body`] (seed 000 Eq. 15–16, inertia and the penalty contacts' frequency
//! resolved) at equal steps no longer than the stable step `DemParams::dt`
//! ([`super::penalty::stable_time_step_damped`]).

use super::integrator::{Integrator, Interval};
use super::state::{DemState, drive_of};

/// The explicit damped velocity Verlet; it has no state of its own between intervals (the
/// loads of the current state are the [`DemState`]'s).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Explicit;

impl Integrator for Explicit {
    fn name(&self) -> &'static str {
        "explicit"
    }

    /// `interval.steps` steps of `interval.step`.
    fn advance(&mut self, state: &mut DemState, interval: Interval) -> usize {
        for _ in 0..interval.steps {
            step(state, interval.step);
        }
        interval.steps
    }
}

/// One step of length `dt` \[s\]: E(Δt/2) T(Δt) [forces] E(Δt/2) ([`super::rigid_body`]), the
/// tool moved by v0·Δt before the forces are evaluated.
pub(super) fn step(state: &mut DemState, dt: f64) {
    state.ensure_forces();
    let weights = state.body.relax_weights(&state.params.damping, 0.5 * dt);
    for (i, f) in state.flakes.iter_mut().enumerate() {
        let drive = drive_of(&state.loads, &state.drag_targets, i);
        state.body.relax_with(f, &weights, &drive);
        state.body.drift(f, dt);
    }
    state.wrap_positions();
    state.advance_tool(dt);
    state.compute_forces();
    for (i, f) in state.flakes.iter_mut().enumerate() {
        let drive = drive_of(&state.loads, &state.drag_targets, i);
        state.body.relax_with(f, &weights, &drive);
    }
    state.time += dt;
    state.steps += 1;
}
