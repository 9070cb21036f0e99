//! Newton's method on the proximal objective Φ that every implicit stage solves (the
//! overdamped step, the inertial backward-Euler step and both stages of TR-BDF2;
//! [`super::overdamped`]'s module doc has the formulas): group by group over the touching
//! pairs, with the block-sparse Newton matrix of [`super::group_solve`], an Armijo backtracking
//! per group, and each converged group's filtered error ([`super::step_control`]).

use super::backward_euler::{
    ARMIJO, ClusterStepper, ENERGY_ROUND_OFF, ErrorModel, MAX_HALVINGS, MAX_NEWTON,
    NEWTON_FRACTION, StepInputs, dot6, norm6,
};
use super::loads::{Loads, StiffnessKind};
use super::overdamped_options::NewtonMatrix;
use super::proximal_metric::{Metric, Six};
use super::quaternion::Quat;
use super::rigid_body::Flake;
use super::union_find::{components, union};

impl ClusterStepper {
    /// Newton's method on Φ for the step h from `self.start` (module doc), group by group:
    /// the iterate is `self.delta`; a group whose Newton correction is below
    /// [`NEWTON_FRACTION`] of the tolerance for every member takes it without another
    /// evaluation, records its filtered error ([`Self::group_error`]) and is not evaluated
    /// again unless a flake of an unconverged group comes to touch it. Returns the step's
    /// error (the largest over flakes), or `None` when Newton did not converge in
    /// [`MAX_NEWTON`] iterations.
    pub(super) fn newton_solve(
        &mut self,
        h: f64,
        model: &ErrorModel<'_>,
        inputs: &StepInputs<'_>,
    ) -> Option<f64> {
        let d = std::mem::take(&mut self.metrics);
        let solved = self.newton_iterate(h, model, inputs, &d);
        self.metrics = d;
        solved
    }

    /// [`Self::newton_solve`] with the step's metrics `d`.
    fn newton_iterate(
        &mut self,
        h: f64,
        model: &ErrorModel<'_>,
        inputs: &StepInputs<'_>,
        d: &[Metric],
    ) -> Option<f64> {
        let n = self.start.len();
        let a = inputs.scene.shape.a;
        let tol = NEWTON_FRACTION * self.options.tolerance;
        self.newton.clear();
        self.newton.resize(n, [0.0; 6]);
        self.loads.forget_pair_stiffness();
        let start_kind = match self.options.newton {
            NewtonMatrix::Difference => StiffnessKind::Difference,
            NewtonMatrix::GaussNewton => StiffnessKind::GaussNewton,
        };
        // Per flake: None once its group has converged, else the stiffness to evaluate.
        let mut mode = vec![Some(start_kind); n];
        let mut error = vec![0.0; n];
        let mut first = true;
        let mut pending: Option<LineSearch> = None;
        let mut iterations = 0;
        loop {
            self.apply_delta(a);
            let refresh = (!first).then_some(mode.as_slice());
            self.loads
                .evaluate_refresh(&inputs.scene, &self.trial, start_kind, refresh);
            first = false;
            self.stats.flake_evaluations += if refresh.is_some() {
                mode.iter().filter(|m| m.is_some()).count() as u64
            } else {
                n as u64
            };
            self.objective(d, h, a);
            if let Some(LineSearch {
                groups,
                phi0,
                slope,
                halvings,
            }) = pending.as_mut()
            {
                let phi1 = group_sums(groups, &self.phi, &self.loads);
                let mut retry = false;
                for g in 0..phi0.len() {
                    let slack = ENERGY_ROUND_OFF * phi0[g].abs();
                    if phi1[g] > phi0[g] + ARMIJO * slope[g] + slack && halvings[g] < MAX_HALVINGS {
                        halvings[g] += 1;
                        slope[g] *= 0.5;
                        for i in (0..n).filter(|&i| groups[i] == g) {
                            for c in 0..6 {
                                self.newton[i][c] *= 0.5;
                                self.delta[i][c] -= self.newton[i][c];
                            }
                        }
                        retry = true;
                    }
                }
                if retry {
                    continue;
                }
            }
            if iterations == MAX_NEWTON {
                return None;
            }
            iterations += 1;
            self.stats.newton_iterations += 1;
            let groups = self.groups();
            let count = groups.iter().copied().max().map_or(0, |g| g + 1);
            let mut members: Vec<Vec<usize>> = vec![Vec::new(); count];
            for (i, &g) in groups.iter().enumerate() {
                members[g].push(i);
            }
            // A group that a moving flake has just joined holds flakes whose stiffness was
            // not refreshed: evaluate it whole first.
            let stale: Vec<usize> = (0..count)
                .filter(|&g| {
                    let m = &members[g];
                    m.iter().any(|&i| mode[i].is_some()) && m.iter().any(|&i| mode[i].is_none())
                })
                .collect();
            if !stale.is_empty() {
                for g in stale {
                    members[g].iter().for_each(|&i| mode[i] = Some(start_kind));
                }
                pending = None;
                continue;
            }
            let mut phi0 = vec![0.0; count];
            let mut slope = vec![0.0; count];
            let sums = group_sums(&groups, &self.phi, &self.loads);
            let mut open = false;
            for g in 0..count {
                let list = &members[g];
                if !list.iter().any(|&i| mode[i].is_some()) {
                    continue;
                }
                let matrix = self.solve_group(list, d, a);
                let largest = list
                    .iter()
                    .map(|&i| norm6(self.newton[i]))
                    .fold(0.0, f64::max);
                if !largest.is_finite() {
                    return None;
                }
                for &i in list {
                    slope[g] += dot6(self.gradient[i], self.newton[i]);
                    for c in 0..6 {
                        self.delta[i][c] += self.newton[i][c];
                    }
                }
                phi0[g] = sums[g];
                if largest <= tol {
                    let e = self.group_error(list, &matrix, model, d, h);
                    for (&i, e) in list.iter().zip(e) {
                        error[i] = e;
                        mode[i] = None;
                    }
                } else {
                    open = true;
                }
            }
            if !open {
                self.apply_delta(a);
                return Some(error.iter().copied().fold(0.0, f64::max));
            }
            // Converged groups take no part in the line search (slope 0, never halved).
            for g in 0..count {
                if !members[g].iter().any(|&i| mode[i].is_some()) {
                    slope[g] = 0.0;
                    phi0[g] = f64::INFINITY;
                }
            }
            pending = Some(LineSearch {
                groups,
                phi0,
                slope,
                halvings: vec![0; count],
            });
        }
    }

    /// Trial states from the start and δ (rotation exp(θ)·q_n, θ = δ_rot/a).
    fn apply_delta(&mut self, a: f64) {
        self.trial.clear();
        self.trial
            .extend(self.start.iter().zip(&self.delta).map(|(f, d)| {
                let th = [d[3] / a, d[4] / a, d[5] / a];
                let angle = (th[0] * th[0] + th[1] * th[1] + th[2] * th[2]).sqrt();
                Flake {
                    position: [
                        f.position[0] + d[0],
                        f.position[1] + d[1],
                        f.position[2] + d[2],
                    ],
                    orientation: Quat::from_axis_angle(th, angle)
                        .compose(f.orientation)
                        .normalized(),
                    ..*f
                }
            }));
    }

    /// Per flake: Φ's own part (surface energy + drag term) and Φ's gradient
    /// D∘(δ − h·w) − Q, Q = (F, τ/a).
    fn objective(&mut self, d: &[Metric], h: f64, a: f64) {
        let n = self.start.len();
        self.phi.resize(n, 0.0);
        self.gradient.resize(n, [0.0; 6]);
        for i in 0..n {
            let (f, t) = (self.loads.force[i], self.loads.torque[i]);
            let q = [f[0], f[1], f[2], t[0] / a, t[1] / a, t[2] / a];
            let mut drag = 0.0;
            match d[i].rotation {
                None => {
                    let d = d[i].diag;
                    for c in 0..6 {
                        let r = self.delta[i][c] - h * self.target[i][c];
                        drag += 0.5 * d[c] * r * r;
                        self.gradient[i][c] = d[c] * r - q[c];
                    }
                }
                Some(_) => {
                    let r: Six = std::array::from_fn(|c| self.delta[i][c] - h * self.target[i][c]);
                    let dr = d[i].apply(&r);
                    for c in 0..6 {
                        drag += 0.5 * r[c] * dr[c];
                        self.gradient[i][c] = dr[c] - q[c];
                    }
                }
            }
            self.phi[i] = self.loads.surface_energy[i] + drag;
        }
    }

    /// Groups of flakes joined by touching pairs (union–find), numbered in order of their
    /// lowest flake.
    fn groups(&self) -> Vec<usize> {
        let n = self.start.len();
        let mut parent: Vec<usize> = (0..n).collect();
        for pair in &self.loads.pairs {
            union(&mut parent, pair.i, pair.j);
        }
        let mut out = vec![0; n];
        for (g, members) in components(&mut parent).iter().enumerate() {
            members.iter().for_each(|&i| out[i] = g);
        }
        out
    }
}

/// The Armijo backtracking of the last Newton step, per group of that step (only unconverged
/// groups take part: the others have Φ = ∞ and slope 0).
#[derive(Debug)]
struct LineSearch {
    /// Group of each flake.
    groups: Vec<usize>,
    /// Φ per group before the step.
    phi0: Vec<f64>,
    /// Φ's slope along the step, per group.
    slope: Vec<f64>,
    /// Halvings so far, per group.
    halvings: Vec<usize>,
}

/// Φ per group: its flakes' own parts plus the energy of every touching pair with a flake in
/// it.
fn group_sums(groups: &[usize], phi: &[f64], loads: &Loads) -> Vec<f64> {
    let count = groups.iter().copied().max().map_or(0, |g| g + 1);
    let mut out = vec![0.0; count];
    for (i, &g) in groups.iter().enumerate() {
        out[g] += phi[i];
    }
    for p in &loads.pairs {
        let (gi, gj) = (groups[p.i], groups[p.j]);
        out[gi] += p.energy;
        if gj != gi {
            out[gj] += p.energy;
        }
    }
    out
}
