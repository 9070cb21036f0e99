//! Matrix-free non-smooth Gauss–Seidel (NSGS, seed 002 §2.2 after Eq. 4, Jean 1999) over the
//! contacts of one step. Body velocities are kept consistent with the impulses,
//! q̇ = q̇_free + 𝕄⁻¹𝐇P, so one contact-iteration costs O(1): read u_α = 𝐇_α*q̇, remove the
//! contact's own contribution 𝕎_ααP_α, solve the 2×2 law exactly ([`solve_local`]), push the
//! impulse change back to the two bodies.
//!
//! **Convergence norms** ([`ConvergenceNorm`]), evaluated after every sweep k:
//! * `ImpulseChange`: ε_k = ‖P^k − P^{k−1}‖₂ / ‖P^k‖₂ over all contacts (ε = 0 when nothing
//!   moved, ∞ when the norm of P is zero but its change is not);
//! * `Velocity { reference }`: the quadratic mean over contacts of the velocity correction the
//!   sweep applied at each contact, δu_α = 𝕎_αα(P_α^k − P_α^{k−1}) (m/s), divided by a
//!   caller-supplied velocity scale (the wall speed V of a shear cell): ε_k = √(Σ|δu_α|²/N)/V.
//!   It is LMGC90's "Quad" idea in velocity units, and it ignores impulse changes that move no
//!   velocity (the statically indeterminate part of a rigid packing's forces).
//!
//! The step converged when ε ≤ `tolerance`; otherwise the sweep stops at `max_iterations` and the
//! step is reported as not converged (never silently).
//!
//! **Sweep order** ([`SweepOrder`]): `Forward` visits contacts in detection order every sweep;
//! `Alternating` reverses the order on every other sweep (symmetric Gauss–Seidel), so an impulse
//! change travels through a force chain in both directions within two sweeps; `Layered` is the
//! same alternation over contacts the caller has sorted by the height of their contact point
//! ([`super::system::RigidAssembly::step`] does), so one sweep carries a load change from the
//! bottom wall through every layer to the top and the next one back down, instead of one
//! layer per sweep in detection (particle index) order, which shear scrambles with respect to
//! height. **Relaxation** ω:
//! P ← (1−ω)P_old + ω·P_local, then projected back onto the law's admissible set (P_n ≥ −s,
//! |P_t| ≤ μ(P_n + s)); ω = 1 is plain NSGS.

use super::body::Body;
use super::contact::{Rows, delassus_block, local_velocity};
use super::local_law::solve_local;

/// How ε is measured after each sweep (module doc).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum ConvergenceNorm {
    /// ‖ΔP‖₂/‖P‖₂ over all contacts (dimensionless).
    ImpulseChange,
    /// Quadratic mean of the per-contact velocity corrections 𝕎_ααΔP_α over `reference` (m/s).
    Velocity {
        /// Velocity scale (m/s) the corrections are compared with.
        reference: f64,
    },
}

/// In which order a sweep visits the contacts (module doc).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SweepOrder {
    /// Detection order every sweep.
    Forward,
    /// Detection order, then reversed, alternately (symmetric Gauss–Seidel).
    Alternating,
    /// Contacts sorted by the height of their contact point, swept bottom → top, then
    /// top → bottom, alternately (symmetric Gauss–Seidel along the load path).
    Layered,
}

/// Solver settings.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SolverParams {
    /// Tolerance on ε of the convergence norm (module doc).
    pub tolerance: f64,
    /// Largest number of Gauss–Seidel sweeps per step.
    pub max_iterations: usize,
    /// The convergence norm.
    pub norm: ConvergenceNorm,
    /// The sweep order.
    pub order: SweepOrder,
    /// Relaxation ω in (0, 2) (1: plain NSGS).
    pub relaxation: f64,
}

impl Default for SolverParams {
    fn default() -> Self {
        Self {
            tolerance: 1e-8,
            max_iterations: 2000,
            norm: ConvergenceNorm::ImpulseChange,
            order: SweepOrder::Forward,
            relaxation: 1.0,
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
pub struct NsgsReport {
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

/// Projects a relaxed impulse back onto the admissible set of the law: P'_n = P_n + s ≥ 0 and
/// |P_t| ≤ μP'_n (a relaxed combination of two admissible impulses is admissible for ω ≤ 1;
/// over-relaxation can leave the set, hence the projection).
fn project(p: [f64; 2], shift: f64, mu: f64) -> [f64; 2] {
    let pn = (p[0] + shift).max(0.0);
    let bound = mu * pn;
    [pn - shift, p[1].clamp(-bound, bound)]
}

/// One local update of contact `p` with impulse `imp`; returns the impulse change applied.
fn update(
    p: &LocalProblem,
    imp: &mut [f64; 2],
    inv_mass: &[[f64; 3]],
    v: &mut [[f64; 3]],
    relaxation: f64,
) -> [f64; 2] {
    let u = local_velocity(&p.rows, &v[p.a], &v[p.b]);
    let old = *imp;
    let c = [
        u[0] - p.w[0][0] * old[0] - p.w[0][1] * old[1] - p.shift * p.w[0][0] + p.bias,
        u[1] - p.w[1][0] * old[0] - p.w[1][1] * old[1] - p.shift * p.w[1][0],
    ];
    let shifted = solve_local(&p.w, c, p.mu);
    let mut new = [shifted[0] - p.shift, shifted[1]];
    if relaxation != 1.0 {
        new = project(
            [
                old[0] + relaxation * (new[0] - old[0]),
                old[1] + relaxation * (new[1] - old[1]),
            ],
            p.shift,
            p.mu,
        );
    }
    let dp = [new[0] - old[0], new[1] - old[1]];
    apply_impulse(p, dp, inv_mass, v);
    *imp = new;
    dp
}

/// Runs NSGS on `problems` with impulses `impulses` (warm start in, solution out) and body
/// velocities `v` that must equal q̇_free + 𝕄⁻¹𝐇P on entry (they do on exit).
pub fn solve(
    problems: &[LocalProblem],
    impulses: &mut [[f64; 2]],
    inv_mass: &[[f64; 3]],
    v: &mut [[f64; 3]],
    params: &SolverParams,
) -> NsgsReport {
    let mut report = NsgsReport::default();
    if problems.is_empty() {
        report.converged = true;
        return report;
    }
    let n = problems.len();
    for it in 1..=params.max_iterations.max(1) {
        let (mut change, mut size) = (0.0, 0.0);
        let backward = params.order != SweepOrder::Forward && it % 2 == 0;
        for k in 0..n {
            let i = if backward { n - 1 - k } else { k };
            let (p, imp) = (&problems[i], &mut impulses[i]);
            let dp = update(p, imp, inv_mass, v, params.relaxation);
            match params.norm {
                ConvergenceNorm::ImpulseChange => {
                    change += dp[0] * dp[0] + dp[1] * dp[1];
                    size += imp[0] * imp[0] + imp[1] * imp[1];
                }
                ConvergenceNorm::Velocity { .. } => {
                    let du = [
                        p.w[0][0] * dp[0] + p.w[0][1] * dp[1],
                        p.w[1][0] * dp[0] + p.w[1][1] * dp[1],
                    ];
                    change += du[0] * du[0] + du[1] * du[1];
                }
            }
        }
        report.iterations = it;
        report.residual = match params.norm {
            ConvergenceNorm::ImpulseChange => {
                if change == 0.0 {
                    0.0
                } else if size == 0.0 {
                    f64::INFINITY
                } else {
                    (change / size).sqrt()
                }
            }
            ConvergenceNorm::Velocity { reference } => (change / n as f64).sqrt() / reference,
        };
        if report.residual <= params.tolerance {
            report.converged = true;
            break;
        }
    }
    report
}
