//! Matrix-free non-smooth Gauss–Seidel (NSGS, seed 002 §2.2 after Eq. 4, Jean 1999) over the
//! contacts of one step. Body velocities are kept consistent with the impulses,
//! q̇ = q̇_free + 𝕄⁻¹𝐇P, so one contact-iteration costs O(1): read u_α = 𝐇_α*q̇, remove the
//! contact's own contribution 𝕎_ααP_α, solve the 2×2 law exactly ([`solve_local`]), push the
//! impulse change back to the two bodies.
//!
//! **Convergence norm** (LMGC90's "QUAD" style): after sweep k,
//! ε_k = ‖P^k − P^{k−1}‖₂ / ‖P^k‖₂ over all contacts (ε = 0 when nothing moved, ∞ when the norm
//! of P is zero but its change is not). The step converged when ε ≤ `tolerance`; otherwise the
//! sweep stops at `max_iterations` and the step is reported as not converged (never silently).

use super::body::Body;
use super::contact::{Rows, delassus_block, local_velocity};
use super::local_law::solve_local;

/// Solver settings.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SolverParams {
    /// Relative impulse-change tolerance ε of the convergence norm (module doc).
    pub tolerance: f64,
    /// Largest number of Gauss–Seidel sweeps per step.
    pub max_iterations: usize,
}

impl Default for SolverParams {
    fn default() -> Self {
        Self {
            tolerance: 1e-8,
            max_iterations: 2000,
        }
    }
}

/// One contact as the solver sees it.
#[derive(Debug, Clone, Copy)]
pub struct LocalProblem {
    /// Antagonist and candidate body indices.
    pub a: usize,
    /// Candidate body index.
    pub b: usize,
    /// Rows of 𝐇* for a and b.
    pub rows: (Rows, Rows),
    /// Delassus block 𝕎_αα.
    pub w: [[f64; 2]; 2],
    /// Normal target offset b (U_n = u_n⁺ + b).
    pub bias: f64,
    /// Cohesive impulse shift s = hγ (0 without cohesion).
    pub shift: f64,
    /// Friction coefficient.
    pub mu: f64,
}

impl LocalProblem {
    /// Builds the problem of a contact with rows `rows` between `bodies[a]` and `bodies[b]`.
    pub fn new(
        bodies: &[Body],
        a: usize,
        b: usize,
        rows: (Rows, Rows),
        bias: f64,
        shift: f64,
        mu: f64,
    ) -> Self {
        let w = delassus_block(&rows, &bodies[a], &bodies[b]);
        Self {
            a,
            b,
            rows,
            w,
            bias,
            shift,
            mu,
        }
    }
}

/// What one solve did.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct SolveReport {
    /// Gauss–Seidel sweeps performed.
    pub iterations: usize,
    /// Final convergence norm ε.
    pub residual: f64,
    /// ε ≤ tolerance reached.
    pub converged: bool,
}

/// Adds 𝕄⁻¹𝐇_α ΔP of one contact to the velocities.
pub fn apply_impulse(p: &LocalProblem, dp: [f64; 2], inv_mass: &[[f64; 3]], v: &mut [[f64; 3]]) {
    for (body, rows) in [(p.a, &p.rows.0), (p.b, &p.rows.1)] {
        for k in 0..3 {
            v[body][k] += inv_mass[body][k] * (rows[0][k] * dp[0] + rows[1][k] * dp[1]);
        }
    }
}

/// Runs NSGS on `problems` with impulses `impulses` (warm start in, solution out) and body
/// velocities `v` that must equal q̇_free + 𝕄⁻¹𝐇P on entry (they do on exit).
pub fn solve(
    problems: &[LocalProblem],
    impulses: &mut [[f64; 2]],
    inv_mass: &[[f64; 3]],
    v: &mut [[f64; 3]],
    params: &SolverParams,
) -> SolveReport {
    let mut report = SolveReport::default();
    if problems.is_empty() {
        report.converged = true;
        return report;
    }
    for it in 1..=params.max_iterations.max(1) {
        let (mut change, mut size) = (0.0, 0.0);
        for (p, imp) in problems.iter().zip(impulses.iter_mut()) {
            let u = local_velocity(&p.rows, &v[p.a], &v[p.b]);
            let old = *imp;
            let c = [
                u[0] - p.w[0][0] * old[0] - p.w[0][1] * old[1] - p.shift * p.w[0][0] + p.bias,
                u[1] - p.w[1][0] * old[0] - p.w[1][1] * old[1] - p.shift * p.w[1][0],
            ];
            let shifted = solve_local(&p.w, c, p.mu);
            let new = [shifted[0] - p.shift, shifted[1]];
            let dp = [new[0] - old[0], new[1] - old[1]];
            apply_impulse(p, dp, inv_mass, v);
            *imp = new;
            change += dp[0] * dp[0] + dp[1] * dp[1];
            size += new[0] * new[0] + new[1] * new[1];
        }
        report.iterations = it;
        report.residual = if change == 0.0 {
            0.0
        } else if size == 0.0 {
            f64::INFINITY
        } else {
            (change / size).sqrt()
        };
        if report.residual <= params.tolerance {
            report.converged = true;
            break;
        }
    }
    report
}
