//! The constrained conjugate-gradient iteration of [`ContactSolver`]: Polonsky–Keer conjugate
//! directions on the free set, made monotone and robust on saturated contacts after the
//! MPRGP scheme of Dostál & Schöberl (2005, "Minimizing quadratic functions subject to bound
//! constraints with the rate of convergence and finite termination", Comput. Optim. Appl. 30).
//!
//! # Why not plain Polonsky–Keer
//! PK restores ⟨t⟩ = p̄ after each clipped step by rescaling t ← λ·t. On a nearly fully
//! saturated contact (98–99 % of the loaded points at p_crit, the common case of the meso
//! runs) the saturated points alone can exceed the load; the rescaling then pulls *every*
//! point off p_crit, the next conjugate step clips them back and the rescaling multiplies by
//! ~30: an exact 2-cycle (measured on a 32² grid at 60 MPa, residual stuck at 0.18; the
//! regression test `tests_stall` rebuilds it). The objective is never checked, so nothing
//! breaks the cycle.
//!
//! # This iteration
//! The objective f(t) = ½ tᵀK t + tᵀg (Eq. 20) is minimised over Ω = {0 ≤ t ≤ p_crit,
//! Σt = N p̄}. Every iteration picks a direction D with Σ D = 0 that keeps t − s·D in Ω for
//! s ∈ [0, s_max], applies the kernel once (K D and, by Parseval, DᵀK D), and takes the exact
//! minimiser s = min(DᵀG / DᵀK D, s_max) of f along it (G = g + u_e, the gradient). So f
//! decreases at every step, w = g + u_e is updated linearly (u_e ← u_e − s·K D) and one
//! iteration costs one FFT pair plus a few fused O(N) passes. The directions:
//!
//! - **conjugate step** (free set F = {0 < t < p_crit} unchanged): D = φ + γ D_prev on F, zero
//!   elsewhere, with φ = G − δ on F (δ = mean of G over F, so Σ_F φ = 0) and the
//!   Hestenes–Stiefel γ = −φᵀK D_prev / D_prevᵀK D_prev. Taken while the bound violations β
//!   (points at 0 with G − δ < 0, at p_crit with G − δ > 0) are small, ‖β‖ ≤ Γ‖φ‖, and the
//!   step predicted from the previous one hits no bound;
//! - **projected step** otherwise (the active set must change): y = t − s₀·v with v the
//!   conjugate direction on F and G − δ on the bounds (the PK step; pure G − δ, a gradient
//!   projection, when the violations dominate or the PK step is not a descent), t⁺ = P_Ω(y)
//!   the exact Euclidean projection ([`crate::bem::projection`]), D = t − t⁺, s_max = 1. Many
//!   points enter and leave the bounds at once; s₀ is the last conjugate step length, shrunk
//!   when the line search finds the projected point too far.
//!
//! After a projected or truncated step the conjugation restarts. This is MPRGP with a
//! PK-length expansion step and the sum constraint kept by the projection; f is strictly
//! convex on Ω (K is positive definite on Σt = 0), so the monotone iteration converges to the
//! unique solution.
//!
//! # Preconditioner
//! While the free set covers ≥ 1 % of the grid the conjugate directions are preconditioned
//! with the inverse kernel restricted to the free set, z = Π K⁺ Π φ (K⁺: û ↦ E*|q|/2·û, Π: zero
//! off F and mean-free on F), the FFT preconditioner of Vollebregt (2014, J. Comput. Phys.,
//! "A new solver for the elastic normal contact problem using conjugate gradients, deflation,
//! and an FFT-based preconditioner"; here without its deflation). Π K⁺ Π is symmetric positive
//! definite on the face, so this is preconditioned CG with γ = zᵀφ/(zᵀφ)_prev. It is exact
//! when F is the whole grid and degrades at the edges of the contact islands (K⁺ is local, K
//! is not): measured 3–4× fewer iterations on elastic rough contacts at 256²–512² for one more
//! FFT pair per iteration, no gain on nearly saturated contacts (free set ~0.1 % of the grid),
//! hence the threshold.
//!
//! Vollebregt's deflation was tried with one coarse mode per cluster of the free set and the
//! exact Galerkin matrix (commits 5e83421, d7c065d): the additive two-level form took more
//! iterations (256² bench problem: cold 23 → 29), the balancing form fewer (cold 23 → 21, warm
//! after a one-pixel step 20 → 15) but 17–30× the time, since the free set changes at nearly
//! every projected step and each change costs one kernel application per cluster (76 at 256²)
//! plus O(clusters·N) per iteration. Not kept.
//!
//! # Warm starts
//! After a one-pixel tool step the previous traction starts at ε0 ≈ 1e-2, which a cold solve
//! reaches in 4–5 iterations; from there both converge at the same rate (~0.5 decade per
//! preconditioned iteration between 1e-4 and 1e-10; measured by the
//! example `bem_warm_start_study counts`), so a warm start saves ~3–7 iterations of 23–34.

use super::{BemError, ContactSolver};
use crate::bem::kernel::HalfSpaceKernel;
use crate::bem::projection::{ShiftStart, capped_sum_shift};

/// Γ of MPRGP: conjugate steps continue while ‖β‖ ≤ Γ‖φ‖ (Dostál & Schöberl recommend 1).
const PROPORTIONING: f64 = 1.0;
/// Smallest free set, as a fraction of the grid, on which the preconditioner is applied: on
/// nearly saturated contacts (free set ~0.1 % of the grid) it costs an FFT pair per iteration
/// for no fewer iterations (measured on 64²–256² saturated slides: 108–129 iterations either
/// way, 1.4–1.6× the FFT pairs), on elastic ones (free set ≈ A_c/A_0 ≈ 6 %) it saves 3–4× the
/// iterations.
const PRECONDITION_MIN_FREE: f64 = 0.01;
/// Bounds of the factor that rescales the projected step s₀ after a line search (keeps one
/// unlucky step from collapsing or blowing up s₀).
const STEP_FACTOR_RANGE: (f64, f64) = (0.1, 2.0);

/// What a converged iteration hands back.
pub(super) struct IterationOutcome {
    pub iterations: usize,
    pub fft_pairs: usize,
    pub residual: f64,
    /// Rigid-body approach δ \[m\].
    pub delta: f64,
}

/// Sums over the state (t, w = g + u_e) that give δ and the conjugation factor, gathered in
/// the update pass. Sums of w are taken about `shift` (the previous δ) so that the small
/// differences that matter near convergence do not cancel.
struct FreeSums {
    shift: f64,
    count: usize,
    /// Σ_F (w − shift).
    sum: f64,
    /// Σ_F (w − shift)·(K D)_i.
    cross: f64,
    /// Σ_F (K D)_i.
    kd_sum: f64,
    /// max w over saturated points, min w over unloaded points (δ when F is empty).
    max_w_saturated: f64,
    min_w_unloaded: f64,
}

impl FreeSums {
    fn new(shift: f64) -> Self {
        Self {
            shift,
            count: 0,
            sum: 0.0,
            cross: 0.0,
            kd_sum: 0.0,
            max_w_saturated: f64::NEG_INFINITY,
            min_w_unloaded: f64::INFINITY,
        }
    }

    #[inline(always)]
    fn add(&mut self, t: f64, w: f64, kd: f64, pc: f64) {
        if t <= 0.0 {
            self.min_w_unloaded = self.min_w_unloaded.min(w);
        } else if t >= pc {
            self.max_w_saturated = self.max_w_saturated.max(w);
        } else {
            let e = w - self.shift;
            self.count += 1;
            self.sum += e;
            self.cross += e * kd;
            self.kd_sum += kd;
        }
    }

    /// δ = mean of w over F; without free point, the middle of the interval of multipliers
    /// allowed by the bounds, [max w over t = p_crit, min w over t = 0].
    fn delta(&self) -> f64 {
        if self.count > 0 {
            return self.shift + self.sum / self.count as f64;
        }
        match (
            self.max_w_saturated.is_finite(),
            self.min_w_unloaded.is_finite(),
        ) {
            (true, true) => 0.5 * (self.max_w_saturated + self.min_w_unloaded),
            (true, false) => self.max_w_saturated,
            (false, true) => self.min_w_unloaded,
            (false, false) => self.shift,
        }
    }
}

/// w = g + K t (one FFT pair) and the sums of the new state.
fn refresh(kernel: &mut HalfSpaceKernel, t: &[f64], w: &mut [f64], g: &[f64], pc: f64) -> FreeSums {
    kernel.apply(t, w);
    let mut sums = FreeSums::new(0.0);
    // Shift by a representative value so the sums stay well conditioned.
    let mut first = true;
    for i in 0..t.len() {
        w[i] += g[i];
        if first && t[i] > 0.0 && t[i] < pc {
            sums.shift = w[i];
            first = false;
        }
    }
    for i in 0..t.len() {
        sums.add(t[i], w[i], 0.0, pc);
    }
    sums
}

/// D = t − P_Ω(y) into `d`, y = t − s_free·v on the free set, t − s_bound·(G − δ) on the
/// bounds, with v the conjugate direction already in `d` if `conjugate_on_free` (else
/// v = G − δ and s_free is not used: a gradient projection with step s_bound). `y` is
/// scratch and ends as P_Ω(y). Returns DᵀG.
#[allow(clippy::too_many_arguments)]
fn projected_direction(
    t: &[f64],
    w: &[f64],
    d: &mut [f64],
    y: &mut [f64],
    delta: f64,
    (s_free, s_bound): (f64, f64),
    conjugate_on_free: bool,
    pc: f64,
    total: f64,
) -> f64 {
    let mut start = ShiftStart::empty();
    for i in 0..t.len() {
        let ti = t[i];
        let yi = if conjugate_on_free && ti > 0.0 && ti < pc {
            ti - s_free * d[i]
        } else {
            ti - s_bound * (w[i] - delta)
        };
        y[i] = yi;
        start.add(yi, pc);
    }
    let mu = capped_sum_shift(y, pc, total, start);
    let mut dw = 0.0;
    for i in 0..t.len() {
        let projected = (y[i] + mu).clamp(0.0, pc);
        y[i] = projected;
        let di = t[i] - projected;
        d[i] = di;
        dw += di * (w[i] - delta);
    }
    dw
}

/// Whether t − α·d leaves [0, p_crit] before α = `alpha` (no division: the test runs on
/// every free point of every iteration, the division only on a new minimum).
#[inline(always)]
fn reaches_bound_before(t: f64, d: f64, pc: f64, alpha: f64) -> bool {
    (d > 0.0 && t < alpha * d) || (d < 0.0 && t - pc > alpha * d)
}

/// x > 0 (false for NaN).
#[inline(always)]
fn positive(x: f64) -> bool {
    x > 0.0
}

/// Step bound of a free point: the largest α with 0 ≤ t − α·d ≤ p_crit.
#[inline(always)]
fn step_to_bound(t: f64, d: f64, pc: f64) -> f64 {
    if d > 0.0 {
        t / d
    } else if d < 0.0 {
        (t - pc) / d
    } else {
        f64::INFINITY
    }
}

impl ContactSolver {
    /// Runs the iteration from the admissible traction in `self.traction`. On success
    /// `self.elastic` holds w = g + u_e (u_e = K t exactly) for the caller to finish.
    // The hot loops walk several parallel arrays by index; iterator zips of 4–5 slices read worse.
    #[allow(clippy::needless_range_loop)]
    pub(super) fn iterate(
        &mut self,
        g: &[f64],
        p: f64,
        pc: f64,
        scale: f64,
    ) -> Result<IterationOutcome, BemError> {
        let n = g.len();
        let total = p * n as f64;
        let tol = self.options.tolerance;
        let max_iterations = self.options.max_iterations;
        let fallback_step = self.fallback_step;
        let preconditioned = self.preconditioned;
        let nx = self.nx;
        let Self {
            kernel,
            traction: t,
            elastic: w,
            gap: y,
            direction: d,
            free_gradient: r,
            preconditioned_gradient: z,
            ..
        } = self;

        let mut sums = refresh(kernel, t, w, g, pc);
        let mut fft_pairs = 1;
        let mut exact = true;
        let mut conjugate = false;
        // Predicted conjugate step of each kind of direction [plain (Pa/m, unknown until the
        // first conjugate step), preconditioned (dimensionless: K⁺ makes the natural step 1,
        // exact for a free set covering the grid)] and the gradient-projection step (Pa/m).
        // Carrying them over from the previous solve measured 23 → 26–29 iterations (256²).
        let mut s_cg_of = [0.0, 1.0];
        let mut s_grad = fallback_step;
        let (mut dkd_prev, mut rho_prev) = (1.0f64, 1.0f64);
        let mut iterations = 0;
        let mut pre_prev = false;
        loop {
            let delta = sums.delta();
            // Precondition while the free set is large enough to pay for the extra FFT pair;
            // a change of kind restarts the conjugation.
            let pre = preconditioned && sums.count as f64 >= PRECONDITION_MIN_FREE * n as f64;
            if pre != pre_prev {
                conjugate = false;
                pre_prev = pre;
            }
            let mode = usize::from(pre);
            let mut s_cg = s_cg_of[mode];
            // Residual, violations and (without preconditioner) the conjugate direction in one
            // pass; with it, the free gradient φ into `r`.
            let gamma = if conjugate && !pre {
                -(sums.cross - (delta - sums.shift) * sums.kd_sum) / dkd_prev
            } else {
                0.0
            };
            let (mut phi2, mut beta2, mut dw) = (0.0, 0.0, 0.0);
            let (mut alpha_f, mut limit) = (f64::INFINITY, usize::MAX);
            for i in 0..n {
                let ti = t[i];
                let e = w[i] - delta;
                if ti > 0.0 && ti < pc {
                    phi2 += e * e;
                    if pre {
                        r[i] = e;
                    } else {
                        let di = e + gamma * d[i];
                        d[i] = di;
                        dw += di * e;
                        if reaches_bound_before(ti, di, pc, alpha_f) {
                            alpha_f = step_to_bound(ti, di, pc);
                            limit = i;
                        }
                    }
                } else {
                    if pre {
                        r[i] = 0.0;
                    } else {
                        d[i] = 0.0;
                    }
                    let v = if ti <= 0.0 { e.min(0.0) } else { e.max(0.0) };
                    beta2 += v * v;
                }
            }
            let residual = ((phi2 + beta2) / n as f64).sqrt() / scale;
            if residual <= tol {
                if exact {
                    return Ok(IterationOutcome {
                        iterations,
                        fft_pairs,
                        residual,
                        delta,
                    });
                }
                sums = refresh(kernel, t, w, g, pc);
                fft_pairs += 1;
                exact = true;
                conjugate = false;
                continue;
            }
            if iterations >= max_iterations {
                return Err(BemError::NotConverged {
                    iterations,
                    residual,
                    tolerance: tol,
                });
            }
            iterations += 1;
            let proportional = beta2 <= PROPORTIONING * PROPORTIONING * phi2;

            if pre && proportional && sums.count > 0 {
                // z = Π K⁺ φ (Π: restriction to F minus its mean), D = z + γ D_prev with the
                // Fletcher–Reeves γ = zᵀφ / (zᵀφ)_prev of preconditioned CG.
                kernel.apply_inverse(r, z);
                fft_pairs += 1;
                let (mut z_sum, mut rho) = (0.0, 0.0);
                for i in 0..n {
                    if t[i] > 0.0 && t[i] < pc {
                        z_sum += z[i];
                        rho += z[i] * r[i];
                    }
                }
                let z_mean = z_sum / sums.count as f64;
                let gamma = if conjugate { rho / rho_prev } else { 0.0 };
                rho_prev = rho;
                for i in 0..n {
                    let ti = t[i];
                    if ti > 0.0 && ti < pc {
                        let di = z[i] - z_mean + gamma * d[i];
                        d[i] = di;
                        dw += di * r[i];
                        if reaches_bound_before(ti, di, pc, alpha_f) {
                            alpha_f = step_to_bound(ti, di, pc);
                            limit = i;
                        }
                    } else {
                        d[i] = 0.0;
                    }
                }
            }
            let conjugate_step = proportional && dw > 0.0 && alpha_f >= s_cg;
            let mut pk = false;
            if !conjugate_step {
                if !positive(s_cg) {
                    s_cg = if pre { 1.0 } else { fallback_step };
                }
                let steps = if pre { (s_cg, s_grad) } else { (s_cg, s_cg) };
                pk = proportional && dw > 0.0;
                dw = projected_direction(t, w, d, y, delta, steps, pk, pc, total);
                if pk && !positive(dw) {
                    pk = false;
                    dw = projected_direction(t, w, d, y, delta, steps, false, pc, total);
                }
            }
            let dkd = kernel.load_with_energy(d);
            fft_pairs += 1;
            if !(dkd > 0.0 && dw > 0.0) {
                // No descent direction: a fixed point of the projected gradient up to round-off.
                if exact {
                    return Err(BemError::NotConverged {
                        iterations,
                        residual,
                        tolerance: tol,
                    });
                }
                sums = refresh(kernel, t, w, g, pc);
                fft_pairs += 1;
                exact = true;
                conjugate = false;
                continue;
            }
            let s_star = dw / dkd;
            let (s, snap) = if conjugate_step {
                if s_star <= alpha_f {
                    (s_star, usize::MAX)
                } else {
                    (alpha_f, limit)
                }
            } else {
                (s_star.min(1.0), usize::MAX)
            };
            let take_projection = !conjugate_step && s_star >= 1.0;

            // Step, fused with the inverse transform of K D (row by row, in cache) and with the
            // sums of the new state.
            let mut next = FreeSums::new(delta);
            kernel.displacement_rows(|iy, kd_row| {
                let base = iy * nx;
                for (j, &k) in kd_row.iter().enumerate() {
                    let i = base + j;
                    let ti = if take_projection {
                        y[i]
                    } else if i == snap {
                        if d[i] > 0.0 { 0.0 } else { pc }
                    } else {
                        (t[i] - s * d[i]).clamp(0.0, pc)
                    };
                    t[i] = ti;
                    let wi = w[i] - s * k;
                    w[i] = wi;
                    next.add(ti, wi, k, pc);
                }
            });
            sums = next;
            exact = false;
            conjugate = conjugate_step && snap == usize::MAX;
            dkd_prev = dkd;
            if conjugate_step {
                s_cg = s_star;
            } else {
                let factor = s_star.clamp(STEP_FACTOR_RANGE.0, STEP_FACTOR_RANGE.1);
                if pk || !pre {
                    s_cg *= factor;
                }
                if pre {
                    // Plain projected steps use s_cg for the bounds too (same units).
                    s_grad *= factor;
                }
            }
            s_cg_of[mode] = s_cg;
        }
    }
}
