//! The TR-BDF2 step of the inertial integrator ([`super::inertial`], `dem.inertial_scheme =
//! "tr-bdf2"`): seed 000 Eq. 15–16 with inertia, second order and L-stable, one step from
//! (x₀, v₀, q₀, L₀) over h in two implicit stages, each the proximal objective of
//! [`super::proximal_metric::Stage`] solved by the one Newton kernel of
//! [`super::backward_euler`] (Bank et al., *IEEE Trans. CAD* 4 (1985) 436; Hosea & Shampine,
//! *Appl. Numer. Math.* 20 (1996) 21):
//!
//! ```text
//! trapezoidal to t + γ·h:  x_γ = x₀ + (γ·h/2)·(v₀ + v_γ),
//!                          m·(v_γ − v₀) = (γ·h/2)·(F₀ + F_γ − η·(v₀ + v_γ − 2·u))
//! BDF2 to t + h:           x₁ = c₁·x_γ − c₀·x₀ + d·h·v₁,
//!                          m·(v₁ − c₁·v_γ + c₀·v₀) = d·h·(F₁ − η·(v₁ − u))
//! γ = 2 − √2,  c₁ = 1/(γ·(2 − γ)),  c₀ = (1 − γ)²/(γ·(2 − γ)),  d = (1 − γ)/(2 − γ)
//! ```
//!
//! and the same for the rotation with L = J₀·ω, τ and η_rot (J₀ the inertia tensor at the
//! step's start, as in the backward-Euler step). γ = 2 − √2 makes both stages' Newton
//! matrices equal up to the drag (τ = γ·h/2 = d·h), and the BDF2 stage makes the step
//! L-stable: an unresolved penalty oscillation is damped within the step, as by backward
//! Euler, while a resolved one (ω·h < 1, the contact transients the tool's advance bounds
//! the step to) loses O((ω·h)³) of its amplitude per radian instead of backward Euler's
//! O(ω·h) — the impacts that deactivate flakes keep their rebound.
//!
//! **Error estimate.** The local error is C·h³·x‴ with C = (−3γ² + 4γ − 2)/(12·(2 − γ))
//! (Hosea & Shampine, Eq. 3.1); x‴ = v″ is the second divided difference of the three stage
//! velocities, so ê = 2·C·h·(v₀/γ − v_γ/(γ·(1 − γ)) + v₁/(1 − γ)), filtered through the
//! BDF2 stage's Newton matrix like the backward-Euler estimate ([`super::backward_euler`]),
//! plus the rotation's kinematic error. The step follows h ∝ (tol/ê)^⅓.
//!
//! **Releases.** The trapezoidal stage applies F₀ over γ·h/2 even when the contact that
//! carries it releases early in the step: the step then adds impulse the error estimate
//! cannot see. [`super::event`] cuts such steps (`ClusterStepper::contact_release`).
//!
//! **F₀** of the trapezoidal stage is the previous step's F₁, taken from its stationarity
//! condition F₁ = D·(δ − s) (the scheme's own force, equal to the evaluated one within the
//! Newton tolerance), and evaluated afresh at each interval's start (the surfaces change
//! between intervals).

use super::backward_euler::{
    ClusterStepper, ErrorModel, Six, StepInputs, inertial_step, momentum_with_start_inertia,
    state_velocity, target_of,
};
use super::proximal_metric::{InertialStep, Stage};
use super::quaternion::Vec3;
use super::rigid_body::Flake;

/// γ = 2 − √2: the trapezoidal stage's share of the step.
pub const GAMMA: f64 = 2.0 - std::f64::consts::SQRT_2;
/// c₁ = 1/(γ·(2 − γ)), the weight of x_γ in the BDF2 stage.
const C1: f64 = 1.0 / (GAMMA * (2.0 - GAMMA));
/// c₀ = (1 − γ)²/(γ·(2 − γ)), the weight of x₀ in the BDF2 stage (c₁ − c₀ = 1).
const C0: f64 = (1.0 - GAMMA) * (1.0 - GAMMA) / (GAMMA * (2.0 - GAMMA));
/// d = (1 − γ)/(2 − γ): the BDF2 stage's effective step τ = d·h.
const D: f64 = (1.0 - GAMMA) / (2.0 - GAMMA);
/// The local truncation error constant C = (−3γ² + 4γ − 2)/(12·(2 − γ)) ≈ −0.0404.
pub const LTE: f64 = (-3.0 * GAMMA * GAMMA + 4.0 * GAMMA - 2.0) / (12.0 * (2.0 - GAMMA));
/// Step-size exponent for a local error O(h³).
const EXPONENT: f64 = 1.0 / 3.0;

/// The unfiltered local error (module doc) of one flake from its [v₀, v_γ, offset] (δ's
/// length coordinates, offset = c₁·δ_γ), its BDF2 iterate δ, the BDF2 stage's τ and h \[s\]:
/// 2·C·h·(v₀/γ − v_γ/(γ·(1 − γ)) + v₁/(1 − γ)) with v₁ = (δ − offset)/τ \[m\].
pub fn raw_error(stages: &[Six; 3], delta: &Six, tau: f64, h: f64) -> Six {
    let [v0, vg, offset] = stages;
    std::array::from_fn(|c| {
        let v1 = (delta[c] - offset[c]) / tau;
        2.0 * LTE * h * (v0[c] / GAMMA - vg[c] / (GAMMA * (1.0 - GAMMA)) + v1 / (1.0 - GAMMA))
    })
}

impl ClusterStepper {
    /// One TR-BDF2 attempt (module doc), with the contract of the backward-Euler attempt:
    /// on acceptance `flakes` hold the new states (unwrapped) and the velocities, angular
    /// momenta and F₁ are kept for the next step; on rejection nothing changes but the
    /// proposal.
    pub(super) fn attempt_tr_bdf2(
        &mut self,
        flakes: &mut [Flake],
        h: f64,
        truncated: bool,
        floor: f64,
        inputs: &StepInputs<'_>,
        mass: f64,
    ) -> bool {
        let a = inputs.scene.shape.a;
        let velocity = self
            .velocity
            .take()
            .expect("state velocities are set before a step");
        let force = self
            .start_force
            .take()
            .expect("the start force is set before a TR-BDF2 step");
        self.start.clear();
        self.start.extend_from_slice(flakes);
        let step = inertial_step(inputs, mass);

        // Trapezoidal stage to t + γ·h, the tool at its position then.
        let tau1 = 0.5 * GAMMA * h;
        let mut first = *inputs;
        first.scene.upper.x_shift -= inputs.tool_velocity * (1.0 - GAMMA) * h;
        self.load_stages(&step, inputs, h, |i| Stage {
            tau: tau1,
            weight: 2.0,
            velocity: velocity[i],
            offset: [0.0; 6],
            extra: force[i],
        });
        self.delta.clear();
        self.delta
            .extend(velocity.iter().map(|v| v.map(|c| c * GAMMA * h)));
        if self.newton_solve(h, &ErrorModel::Inner, &first).is_none() {
            return self.reject(velocity, force, h, truncated, floor);
        }

        // BDF2 stage to t + h from x₀ and x_γ.
        let tau2 = D * h;
        let mut record = std::mem::take(&mut self.stage);
        record.clear();
        record.extend(self.delta.iter().zip(&velocity).map(|(d1, v0)| {
            let vg: Six = std::array::from_fn(|c| d1[c] / tau1 - v0[c]);
            [*v0, vg, d1.map(|c| C1 * c)]
        }));
        self.load_stages(&step, inputs, h, |i| {
            let [v0, vg, offset] = &record[i];
            Stage {
                tau: tau2,
                weight: 1.0,
                velocity: std::array::from_fn(|c| C1 * vg[c] - C0 * v0[c]),
                offset: *offset,
                extra: [0.0; 6],
            }
        });
        self.delta
            .iter_mut()
            .for_each(|d| *d = d.map(|c| c / GAMMA));
        let model = ErrorModel::TrBdf2 {
            stages: &record,
            tau: tau2,
        };
        let solved = self.newton_solve(h, &model, inputs);
        let converged = solved.is_some();
        let mut error = solved.unwrap_or(f64::INFINITY);
        // The step's end velocity (v₁, a·ω₁) = (δ − offset)/τ of flake i.
        let end = |delta: &[Six], i: usize| -> Six {
            let offset = record[i][2];
            std::array::from_fn(|c| (delta[i][c] - offset[c]) / tau2)
        };
        let omega = |delta: &[Six], i: usize| -> Vec3 {
            let v = end(delta, i);
            [v[3] / a, v[4] / a, v[5] / a]
        };
        if converged {
            let e = self.kinematic_error(h, a, inputs.inertia, |i| omega(&self.delta, i));
            error = error.max(e);
        }
        let accept = converged && (error <= self.options.tolerance || h <= floor);
        let onset = self
            .onset_if(accept, h, floor, &velocity, inputs)
            .or_else(|| self.release_if(accept, h, floor, inputs));
        if !accept || onset.is_some() {
            self.stage = record;
            self.velocity = Some(velocity);
            self.start_force = Some(force);
            match onset {
                Some(theta) => self.reject_at_onset(h, theta, floor),
                None => self.resize(h, error, converged, false, truncated, floor, EXPONENT),
            }
            return false;
        }
        self.accept_sides();
        flakes.copy_from_slice(&self.trial);
        let mut next = velocity;
        let mut f1 = force;
        for (i, f) in flakes.iter_mut().enumerate() {
            let v1 = end(&self.delta, i);
            f.velocity = [v1[0], v1[1], v1[2]];
            // L₁ = J₀·ω₁, as in the backward-Euler step.
            f.angular_momentum =
                momentum_with_start_inertia(&self.start[i], omega(&self.delta, i), inputs.inertia);
            next[i] = state_velocity(f, a, inputs.inertia);
            let r: Six = std::array::from_fn(|c| self.delta[i][c] - h * self.target[i][c]);
            f1[i] = self.metrics[i].apply(&r);
        }
        self.stage = record;
        self.velocity = Some(next);
        self.start_force = Some(f1);
        self.resize(h, error, true, true, truncated, floor, EXPONENT);
        true
    }

    /// Sets each flake's metric and target (shift/h, so that the objective's h·target is the
    /// stage's shift) for flake i's `stage(i)`.
    fn load_stages(
        &mut self,
        step: &InertialStep,
        inputs: &StepInputs<'_>,
        h: f64,
        stage: impl Fn(usize) -> Stage,
    ) {
        self.metrics.clear();
        self.target.clear();
        for (i, f) in self.start.iter().enumerate() {
            let (d, shift) = step.metric(f, target_of(inputs.targets, i), &stage(i));
            self.metrics.push(d);
            self.target.push(shift.map(|c| c / h));
        }
    }

    /// A rejection after a failed Newton solve of the trapezoidal stage.
    fn reject(
        &mut self,
        velocity: Vec<Six>,
        force: Vec<Six>,
        h: f64,
        truncated: bool,
        floor: f64,
    ) -> bool {
        self.resize(h, f64::INFINITY, false, false, truncated, floor, EXPONENT);
        self.velocity = Some(velocity);
        self.start_force = Some(force);
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Round-off of the divided difference on velocities of order 1 and h = 1.
    const ROUND_OFF: f64 = 1e-12;

    #[test]
    fn the_error_estimate_is_the_local_truncation_error_of_a_cubic() {
        // x(t) = t³: v = 3t², x‴ = 6, so the velocities' second divided difference is exact
        // and the estimate must equal C·h³·x‴ = 6·C·h³ in every component, for any h.
        for h in [1.0, 0.25, 3.0] {
            let v = |t: f64| 3.0 * t * t;
            let (v0, vg, v1) = (v(0.0), v(GAMMA * h), v(h));
            let tau = D * h;
            let offset = [0.7; 6];
            let delta: Six = std::array::from_fn(|c| offset[c] + tau * v1);
            let e = raw_error(&[[v0; 6], [vg; 6], offset], &delta, tau, h);
            let want = 6.0 * LTE * h * h * h;
            for c in e {
                assert!(
                    (c - want).abs() <= ROUND_OFF * want.abs().max(1.0),
                    "{c} vs {want}"
                );
            }
        }
    }

    #[test]
    fn a_motion_of_constant_acceleration_has_no_estimated_error() {
        // TR-BDF2 is exact to second order: v linear in t leaves nothing to estimate.
        let h = 0.5;
        let v = |t: f64| 2.0 - 4.0 * t;
        let tau = D * h;
        let delta: Six = [tau * v(h); 6];
        let e = raw_error(&[[v(0.0); 6], [v(GAMMA * h); 6], [0.0; 6]], &delta, tau, h);
        assert!(e.iter().all(|c| c.abs() <= ROUND_OFF), "{e:?}");
    }

    #[test]
    fn the_constants_are_those_of_tr_bdf2() {
        // c₁ − c₀ = 1 (a constant is kept), the two stages' Newton matrices agree (γ/2 = d),
        // and C = (−3γ² + 4γ − 2)/(12(2 − γ)) ≈ −0.0404 (Hosea & Shampine).
        assert!((C1 - C0 - 1.0).abs() < ROUND_OFF);
        assert!((0.5 * GAMMA - D).abs() < ROUND_OFF);
        // Hosea & Shampine print C to six digits.
        const PRINTED: f64 = 1e-6;
        assert!((LTE + 0.040440).abs() < PRINTED);
    }
}
