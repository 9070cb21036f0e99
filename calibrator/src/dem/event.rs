//! Event location of the inertial steps at contact onsets and releases (issue 43 item 1): a
//! step that opens a surface contact far past its onset, or (TR-BDF2) releases one while its
//! trapezoidal stage still applies the start force, is cut back toward the event, so that
//! between contact changes the step follows the error estimate and the tool's advance, and a
//! contact is entered as the flake's free motion reaches it.
//!
//! **Why the error estimate is not enough.** The force k·t of a penalty node is continuous at
//! t = 0 but its rate jumps there, and the estimate of a stiff step is filtered through the
//! Newton matrix ([`super::step_control`]), which presumes that a contact mode much stiffer
//! than m/h² is at its damped equilibrium after the step. Without enough drag it is not: a
//! flake falling onto a node without drag, in one 1 µs TR-BDF2 step, lands at rest 0.2 nm
//! deep with a filtered error below a 0.25 nm tolerance, and its bounce is lost
//! (`dem::tests::events`).
//!
//! **The onset.** A flake side (h_Def below, the tool above) with no node in contact at the
//! step's start opened a contact inside the step if some node is in contact at its end, or if
//! its free motion (below) ends in contact: a rebound that opens and closes within one step
//! ends open, and its free motion is the only trace of it. The onset is located on the
//! flake's *free* motion over the step — the drag relaxation with the contact forces left
//! out, exact for a flake in flight:
//!
//! ```text
//! x(h) = x₀ + u·h + (v₀ − u)·(1 − e^{−γh})/γ,      θ(h) = ω*·h + (ω₀ − ω*)·(1 − e^{−γ_r h})/γ_r
//! ```
//!
//! (u, ω* the drag's target at the step's start, γ = η/m, γ_r = η_rot/I₁; ballistic flight
//! when γ = 0), with the tool at the step's end. Its depth t_p into the newly touched surface
//! is how far past the onset the step ends, as a distance along the approach: if
//! t_p > `event_depth` the step is rejected and retried with
//!
//! ```text
//! h' = h · ½·event_depth / t_p
//! ```
//!
//! (the onset lies in (0, h) and t_p grows about linearly after it, so h' ends at most
//! ½·event_depth past the onset; if the onset lies after h', the retried step ends before it
//! and the next step locates it again from closer). So every accepted step that opens a contact
//! ends at most `event_depth` of free approach past the onset: the documented tolerance
//! (`dem.event_depth`, a fraction of the design overlap 0.05·h_p).
//!
//! **The release (TR-BDF2).** A side in contact at the step's start and open at its end
//! released inside the step. The trapezoidal stage applies the start force F₀ over
//! τ₁ = γ·h/2 whether or not the contact still holds, so the step may add up to τ₁·F₀ of
//! impulse after the release; the error estimate, built on smooth stage velocities, does not
//! see it. Its excursion is the displacement that impulse makes over the flake's whole free
//! flight under the drag, which ends it after a few 1/γ:
//!
//! ```text
//! e = τ₁ · max(|F₀|/(γ·m),  a·|T₀|/(γ_r·I_min))
//! ```
//!
//! with the side's force and torque at the step's start. Without drag (γ = 0) the flight has
//! no end and the horizon is the longest step H instead (`max_step`, one interval; H = h when
//! the tool is still and `max_step` is unbounded): |F₀|·H/m, a·|T₀|·H/I_min. An earlier
//! version bounded every horizon by `max_step`, which tied the release test to the tool's
//! advance bound (`dem.inertial_advance`): halving the bound halved the excursion it saw, and
//! at 10 m/s the quarter overlap's first differences against the explicit reference flipped
//! sign (docs/studies/integrator §13). If e > `event_depth` the step is retried with
//! h' = h·½·event_depth/e (e ∝ h). Measured on a flake dropped onto one node under the
//! presets' drag (`dem::tests::restitution`): without it one step may span the
//! whole contact and the rebound rises up to 12 nm too high; with onsets and releases
//! located every case lies within 2.9 nm of the closed form, under the 5 nm tolerance.
//!
//! **Not located:** a side already in contact whose contact spreads to other nodes or
//! releases some of them (the motion is then the contact's, which the error estimate
//! controls), and flake–flake contacts, whose relative speeds are the drag's, not the tool's.
//! Steps at the step floor are accepted whatever their overshoot, as for the error estimate.

use super::backward_euler::{ClusterStepper, Six, StepInputs, target_of};
use super::contact_surface::{Side, surface_contact};
use super::flake::FlakeFrame;
use super::loads::SideContact;
use super::quaternion::{Quat, Vec3};
use super::rigid_body::Flake;

/// Fraction of `event_depth` the retried step aims the overshoot at.
pub const ONSET_TARGET: f64 = 0.5;

/// (1 − e^{−γh})/γ, the time over which a velocity relaxing at γ \[1/s\] keeps its start
/// value \[s\] (h at γ = 0; `exp_m1` keeps it exact as γh → 0).
fn relaxed_time(gamma: f64, h: f64) -> f64 {
    if gamma == 0.0 {
        h
    } else {
        -(-gamma * h).exp_m1() / gamma
    }
}

/// The time \[s\] over which a velocity kick keeps its start value in the release test
/// (module doc, "The release"): its whole free flight under drag γ \[1/s\], 1/γ, whatever the
/// step bound; `without_drag` when γ = 0, where the flight has no end.
fn free_flight_time(gamma: f64, without_drag: f64) -> f64 {
    if gamma > 0.0 {
        relaxed_time(gamma, f64::INFINITY)
    } else {
        without_drag
    }
}

impl ClusterStepper {
    /// Whether this stepper locates contact onsets (a finite `event_depth`).
    pub(super) fn locates_events(&self) -> bool {
        self.options.event_depth.is_finite()
    }

    /// Records the side contacts of the last evaluation of [`Self::loads`] as the state's (call
    /// after an evaluation at the state, or on accepting a step whose loads are the trial's).
    pub(super) fn record_sides(&mut self) {
        let n = self.loads.force.len();
        let mut depths = self.start_sides.take().unwrap_or_default();
        depths.clear();
        depths.extend((0..n).map(|i| self.loads.side_contact(i)));
        self.start_sides = Some(depths);
    }

    /// Flake i's state after a free step of `h` from its start (module doc), with the state
    /// velocity `v` = (v₀, a·ω₀) of the step's start.
    fn free_motion(&self, i: usize, v: &Six, h: f64, inputs: &StepInputs<'_>, mass: f64) -> Flake {
        let f = &self.start[i];
        let a = inputs.scene.shape.a;
        let (u, w) = target_of(inputs.targets, i);
        let t = relaxed_time(inputs.eta / mass, h);
        let tr = relaxed_time(inputs.eta_rot / inputs.inertia[0], h);
        let x: Vec3 = std::array::from_fn(|c| f.position[c] + u[c] * h + (v[c] - u[c]) * t);
        let th: Vec3 = std::array::from_fn(|c| w[c] * h + (v[c + 3] / a - w[c]) * tr);
        let angle = (th[0] * th[0] + th[1] * th[1] + th[2] * th[2]).sqrt();
        Flake {
            position: x,
            orientation: Quat::from_axis_angle(th, angle)
                .compose(f.orientation)
                .normalized(),
            ..*f
        }
    }

    /// The side contacts at the step's start, when this stepper locates events and has them.
    fn located_start(&self) -> Option<&[SideContact]> {
        if self.locates_events() {
            self.start_sides.as_deref()
        } else {
            None
        }
    }

    /// The factor θ = ½·event_depth/`past` on a step that ended `past` beyond an event \[m\],
    /// when that is more than `event_depth`; `None` when the step may stand.
    fn cut_factor(&self, past: f64) -> Option<f64> {
        let event = self.options.event_depth;
        (past > event).then(|| ONSET_TARGET * event / past)
    }

    /// The event test of a converged trial of `h` whose loads are in [`Self::loads`], from
    /// the start velocities `velocity`: `Some((θ, t_p))` when a flake side opened a contact
    /// whose free-motion overshoot t_p exceeds `event_depth` (θ the factor on the step,
    /// module doc), `None` otherwise; also `None` when the stepper does not locate events.
    /// The deepest overshoot of an accepted opening is kept in the stats.
    pub(super) fn contact_onset(
        &mut self,
        h: f64,
        velocity: &[Six],
        inputs: &StepInputs<'_>,
        mass: f64,
    ) -> Option<f64> {
        let start = self.located_start()?;
        let k = inputs.scene.stiffness;
        let shape = inputs.scene.shape;
        let mut overshoot: f64 = 0.0;
        let (mut opened, mut evaluations) = (0, 0);
        for (i, s0) in start.iter().enumerate() {
            let d0 = s0.depth;
            let d1 = self.loads.side_depth(i);
            let sides = [Side::Below, Side::Above]
                .into_iter()
                .filter(|s| d0[s.index()] == 0.0);
            let mut free = None;
            for side in sides {
                let f =
                    *free.get_or_insert_with(|| self.free_motion(i, &velocity[i], h, inputs, mass));
                let frame = FlakeFrame::for_surface_contacts(&shape, f.orientation.to_matrix());
                let surface = match side {
                    Side::Below => &inputs.scene.lower,
                    Side::Above => &inputs.scene.upper,
                };
                let t = surface_contact(surface, side, &frame, f.position, k).max_depth;
                if d1[side.index()] > 0.0 || t > 0.0 {
                    opened += 1;
                }
                overshoot = overshoot.max(t);
            }
            if free.is_some() {
                evaluations += 1;
            }
        }
        self.stats.flake_evaluations += evaluations;
        if let Some(theta) = self.cut_factor(overshoot) {
            return Some(theta);
        }
        self.stats.onsets += opened;
        self.stats.onset_overshoot = self.stats.onset_overshoot.max(overshoot);
        None
    }

    /// The release test of a converged TR-BDF2 trial of `h` whose loads are in
    /// [`Self::loads`] (module doc, "The release"): `Some(θ)` when a flake side in contact at the
    /// step's start is open at its end and the start force's impulse over the trapezoidal
    /// stage, τ₁·F₀ with τ₁ = γ·h/2, would move the flake more than `event_depth` (θ the
    /// factor on the step); `None` otherwise, and when the stepper does not locate events.
    /// The largest excursion of an accepted release is kept in the stats.
    pub(super) fn contact_release(
        &mut self,
        h: f64,
        inputs: &StepInputs<'_>,
        mass: f64,
    ) -> Option<f64> {
        let start = self.located_start()?;
        // Without drag: one interval, or the step itself when the tool is still (max_step = ∞).
        let without_drag = if self.options.max_step.is_finite() {
            self.options.max_step
        } else {
            h
        };
        let i_min = inputs.inertia.iter().copied().fold(f64::INFINITY, f64::min);
        // Displacement per unit impulse: translation, and the rim's a·Δω.
        let per_force = free_flight_time(inputs.eta / mass, without_drag) / mass;
        let per_torque = inputs.scene.shape.a
            * free_flight_time(inputs.eta_rot / inputs.inertia[0], without_drag)
            / i_min;
        let tau1 = 0.5 * super::tr_bdf2::GAMMA * h;
        let mut excursion: f64 = 0.0;
        let mut released = 0;
        for (i, s0) in start.iter().enumerate() {
            let d1 = self.loads.side_depth(i);
            for (side, end) in d1.iter().enumerate() {
                if s0.depth[side] > 0.0 && *end == 0.0 {
                    released += 1;
                    let x = tau1 * (s0.force[side] * per_force).max(s0.torque[side] * per_torque);
                    excursion = excursion.max(x);
                }
            }
        }
        if let Some(theta) = self.cut_factor(excursion) {
            return Some(theta);
        }
        self.stats.releases += released;
        self.stats.release_excursion = self.stats.release_excursion.max(excursion);
        None
    }

    /// [`Self::contact_onset`] of a trial that its error would accept (`accepted`) and that
    /// is longer than the step floor; `None` otherwise.
    pub(super) fn onset_if(
        &mut self,
        accepted: bool,
        h: f64,
        floor: f64,
        velocity: &[Six],
        inputs: &StepInputs<'_>,
    ) -> Option<f64> {
        match inputs.mass {
            Some(mass) if accepted && h > floor => self.contact_onset(h, velocity, inputs, mass),
            _ => None,
        }
    }

    /// [`Self::contact_release`] of a TR-BDF2 trial that its error would accept
    /// (`accepted`) and that is longer than the step floor; `None` otherwise.
    pub(super) fn release_if(
        &mut self,
        accepted: bool,
        h: f64,
        floor: f64,
        inputs: &StepInputs<'_>,
    ) -> Option<f64> {
        match inputs.mass {
            Some(mass) if accepted && h > floor => self.contact_release(h, inputs, mass),
            _ => None,
        }
    }

    /// Rejects the attempt h at an onset: the next attempt is h·θ, at least `floor`.
    pub(super) fn reject_at_onset(&mut self, h: f64, theta: f64, floor: f64) {
        self.stats.rejected += 1;
        self.stats.events += 1;
        self.h = (h * theta).max(floor);
    }

    /// An accepted inertial step's end side contacts become the next step's start ones.
    pub(super) fn accept_sides(&mut self) {
        if self.locates_events() {
            self.record_sides();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Relative round-off of exp_m1 and of the two references where they are used (the
    /// naive form loses 10⁻¹⁶/x to cancellation: 10⁻¹³ at x = 10⁻³).
    const ROUND_OFF: f64 = 1e-12;

    #[test]
    fn a_kick_under_drag_flies_one_over_gamma_whatever_the_step_bound() {
        // Naive reference: the distance flown by a unit velocity that relaxes as e^{−γt},
        // midpoint rule over 40 relaxation times in steps of 10⁻³/γ; the rule's error is
        // (γ·dt)²/24 ≈ 4·10⁻⁸ relative and the cut tail e^{−40} ≈ 4·10⁻¹⁸.
        const QUADRATURE: f64 = 1e-6;
        for gamma in [1e6_f64, 1e8, 3e9] {
            let dt = 1e-3 / gamma;
            let x: f64 = (0..40_000)
                .map(|k| (-gamma * (k as f64 + 0.5) * dt).exp() * dt)
                .sum();
            for bound in [1e-9, 31e-9, 1e-6, f64::INFINITY] {
                let t = free_flight_time(gamma, bound);
                assert!(
                    (t / x - 1.0).abs() < QUADRATURE,
                    "γ {gamma}, bound {bound}: {t} vs {x}"
                );
            }
        }
        // No drag: the flight is the bound.
        assert_eq!(free_flight_time(0.0, 31e-9), 31e-9);
    }

    #[test]
    fn the_relaxed_time_is_h_without_drag_and_one_over_gamma_after_many_relaxation_times() {
        assert_eq!(relaxed_time(0.0, 3e-9), 3e-9);
        assert!((relaxed_time(1e8, 1.0) - 1e-8).abs() < ROUND_OFF * 1e-8);
        // Against the series h·(1 − x/2 + x²/6) where it is exact to round-off (x ≤ 10⁻⁵:
        // the x³ term is 10⁻¹⁶ relative), and the naive (1 − e^{−x})/γ where it is (x ≥ 10⁻³).
        for x in [1e-12_f64, 1e-8, 1e-5] {
            let (gamma, h) = (1e8, x / 1e8);
            let want = h * (1.0 - x / 2.0 + x * x / 6.0);
            assert!(
                (relaxed_time(gamma, h) / want - 1.0).abs() < ROUND_OFF,
                "{x}"
            );
        }
        for x in [1e-3_f64, 1.0, 30.0] {
            let (gamma, h) = (1e8, x / 1e8);
            let want = (1.0 - (-x).exp()) / gamma;
            assert!(
                (relaxed_time(gamma, h) / want - 1.0).abs() < ROUND_OFF,
                "{x}"
            );
        }
    }
}
