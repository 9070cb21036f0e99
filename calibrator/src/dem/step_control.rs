//! The step control of the implicit integrators' cluster step ([`super::backward_euler`]):
//! each flake's local error estimate (the backward-Euler predictor distance or TR-BDF2's
//! stage-velocity difference, [`super::tr_bdf2`]), its filter through the Newton matrix, the
//! inertial step's kinematic rotation error, and the next step's proposal.

use crate::numerics::cholesky::cholesky_solve;
use crate::numerics::dense::solve;

use super::backward_euler::{ClusterStepper, GroupMatrix, Six, momentum_with_start_inertia, norm6};
use super::proximal_metric::Metric;
use super::quaternion::Vec3;
use super::rigid_body::Flake;

/// Largest growth of the step between two accepted steps.
pub const MAX_GROWTH: f64 = 2.0;
/// Smallest factor a rejected or accepted step is multiplied by.
pub const MIN_SHRINK: f64 = 0.2;
/// Safety factor on the step from the error estimate.
pub const SAFETY: f64 = 0.9;
/// How a converged Newton solve estimates each flake's local error before the filter of
/// [`ClusterStepper::group_error`].
#[derive(Clone, Copy, Debug)]
pub(super) enum ErrorModel<'a> {
    /// Backward Euler: the predictor distance ½·(δ − h·v) with the predictor velocities v.
    Predictor(&'a [Six]),
    /// An inner stage, whose error is not estimated (0).
    Inner,
    /// TR-BDF2's second stage ([`super::tr_bdf2::raw_error`]) from each flake's
    /// [v₀, v_γ, offset] and the BDF2 stage's τ \[s\].
    TrBdf2 { stages: &'a [[Six; 3]], tau: f64 },
}

impl ClusterStepper {
    /// Counts the attempt and sets the next proposal from its error \[m\]: the factor
    /// SAFETY·(tol/error)^exponent (exponent 1/(p + 1) for a local error O(h^(p+1))), clamped
    /// to [MIN_SHRINK, MAX_GROWTH] after an accepted step and to [MIN_SHRINK, 1] after a
    /// rejected one; a Newton failure divides the step by 4.
    #[allow(clippy::too_many_arguments)] // one step's outcome, named at the call sites
    pub(super) fn resize(
        &mut self,
        h: f64,
        error: f64,
        converged: bool,
        accepted: bool,
        truncated: bool,
        floor: f64,
        exponent: f64,
    ) {
        let tol = self.options.tolerance;
        if accepted {
            self.stats.steps += 1;
            let factor = if error > 0.0 {
                (SAFETY * (tol / error).powf(exponent)).clamp(MIN_SHRINK, MAX_GROWTH)
            } else {
                MAX_GROWTH
            };
            let proposal = h * factor;
            self.h = if truncated {
                proposal.max(self.h)
            } else {
                proposal
            }
            .min(self.options.max_step);
        } else {
            self.stats.rejected += 1;
            let factor = if converged {
                (SAFETY * (tol / error).powf(exponent)).clamp(MIN_SHRINK, 1.0)
            } else {
                0.25
            };
            self.h = (h * factor).max(floor);
        }
    }

    /// The local error of each flake of a converged group (module doc): the predictor
    /// distance ê = ½·(δ − h·v_n), filtered through the Newton matrix,
    /// e = (diag(D) + K)⁻¹·D·ê; |e| per member \[m\]. The filter is the standard one for
    /// stiff backward-Euler steps (Hairer & Wanner, *Solving ODEs II*, §IV.8): a contact mode
    /// relaxing at rate λ = k/η ≫ 1/h is at its equilibrium after the step in the exact flow
    /// and in backward Euler alike, and its part of ê (the explicit predictor's overshoot, up
    /// to h·λ times the true error) is divided by 1 + h·λ; in free directions (K = 0) e = ê.
    pub(super) fn group_error(
        &self,
        members: &[usize],
        matrix: &GroupMatrix,
        model: &ErrorModel<'_>,
        d: &[Metric],
        h: f64,
    ) -> Vec<f64> {
        let raw = |i: usize| -> Six {
            match *model {
                ErrorModel::Predictor(velocity) => {
                    std::array::from_fn(|c| 0.5 * (self.delta[i][c] - h * velocity[i][c]))
                }
                ErrorModel::Inner => [0.0; 6],
                ErrorModel::TrBdf2 { stages, tau } => {
                    super::tr_bdf2::raw_error(&stages[i], &self.delta[i], tau, h)
                }
            }
        };
        match matrix {
            GroupMatrix::Single(am) => {
                let i = members[0];
                let r = raw(i);
                let e = solve::<6>(*am, d[i].apply(&r)).unwrap_or(r);
                vec![norm6(e)]
            }
            GroupMatrix::Factor(factor) => {
                let rhs: Vec<f64> = members.iter().flat_map(|&i| d[i].apply(&raw(i))).collect();
                cholesky_solve(factor, rhs.len(), &rhs)
                    .chunks(6)
                    .map(|c| norm6(std::array::from_fn(|k| c[k])))
                    .collect()
            }
            GroupMatrix::Drag => members.iter().map(|&i| norm6(raw(i))).collect(),
        }
    }

    /// The inertial step's rotation error that the predictor distance cannot see
    /// ([`super::inertial`]): the step turns the flake at the constant ω₁ = θ/h, while the
    /// exact motion's ω = J⁻¹·L changes as the inertia tensor J turns with the flake, even
    /// without torque (the free top's precession). Its local rim error is
    /// ½·h·a·|ω_end − ω₁|, ω_end = J₁⁻¹·L₁ at the step's end, L₁ = J₀·ω₁ with `omega(i)` the
    /// step's ω₁ of flake i; the largest over the cluster \[m\]. `self.trial` must hold the
    /// step's result.
    pub(super) fn kinematic_error(
        &self,
        h: f64,
        a: f64,
        inertia: [f64; 3],
        omega: impl Fn(usize) -> Vec3,
    ) -> f64 {
        self.start
            .iter()
            .zip(&self.trial)
            .enumerate()
            .map(|(i, (s, t))| {
                let omega = omega(i);
                let end = Flake {
                    angular_momentum: momentum_with_start_inertia(s, omega, inertia),
                    ..*t
                }
                .angular_velocity(inertia);
                let e: Vec3 = std::array::from_fn(|c| 0.5 * h * a * (end[c] - omega[c]));
                (e[0] * e[0] + e[1] * e[1] + e[2] * e[2]).sqrt()
            })
            .fold(0.0, f64::max)
    }
}
