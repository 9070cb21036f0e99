//! The Polonsky–Keer iteration of [`ContactSolver`] (parent module docs: problem, criterion,
//! cost).

use super::{BemError, ContactSolver, EXACT_REFRESH_EVERY, SolveReport, UpdateStats};
use crate::bem::saturation::{
    Scaling, impose_mean_pressure, impose_mean_pressure_by, plastic_displacement,
};

/// |λ − 1| of the mean-pressure rescaling below which it is skipped (a few ulps: ⟨t⟩ = p̄ then
/// holds to ~1e-15 relative, issue 3 asks 1e-10).
const UNIT_SCALE: f64 = 4.0 * f64::EPSILON;

/// Independent accumulators of the O(N) reductions (breaks the serial FP-add chain).
pub(in crate::bem) const LANES: usize = 8;

/// `list` ← {i : 0 < t_i < p_crit}, ascending.
fn rebuild_free_list(t: &[f64], pc: f64, list: &mut Vec<usize>) {
    list.clear();
    list.extend(
        t.iter()
            .enumerate()
            .filter(|&(_, &v)| v > 0.0 && v < pc)
            .map(|(i, _)| i),
    );
}

/// The dense pass of an iteration: elastic gap G = u + g − δ into `gap`, and Σπ² of the
/// projected gradient (module docs). The indices of the points violating their bound (G < 0
/// at t = 0, G > 0 at t = p_crit) go to `violators`, ascending. Written over fixed LANES-wide
/// chunks without branches so that it vectorises; violators are looked up only in the chunks
/// flagged as holding one.
fn gap_pass(
    gap: &mut [f64],
    t: &[f64],
    u: &[f64],
    g: &[f64],
    delta: f64,
    pc: f64,
    violators: &mut Vec<usize>,
) -> f64 {
    violators.clear();
    let n = gap.len();
    let main = n - n % LANES;
    let mut acc = [0.0; LANES];
    for (k, (((gc, tc), uc), hc)) in gap[..main]
        .chunks_exact_mut(LANES)
        .zip(t.chunks_exact(LANES))
        .zip(u.chunks_exact(LANES))
        .zip(g.chunks_exact(LANES))
        .enumerate()
    {
        let mut flagged = false;
        for l in 0..LANES {
            let ge = uc[l] + hc[l] - delta;
            gc[l] = ge;
            let (lo, hi) = (tc[l] <= 0.0, tc[l] >= pc);
            let pi = if lo {
                ge.min(0.0)
            } else if hi {
                ge.max(0.0)
            } else {
                ge
            };
            acc[l] += pi * pi;
            flagged |= (lo || hi) & (pi != 0.0);
        }
        if flagged {
            violators.push(k * LANES);
        }
    }
    let mut tail = 0.0;
    for i in main..n {
        let ge = u[i] + g[i] - delta;
        gap[i] = ge;
        let pi = if t[i] <= 0.0 {
            ge.min(0.0)
        } else if t[i] >= pc {
            ge.max(0.0)
        } else {
            ge
        };
        tail += pi * pi;
    }
    if main < n {
        violators.push(main);
    }
    // Expand the flagged chunk starts into point indices (appended, then the starts dropped).
    let chunks = violators.len();
    for c in 0..chunks {
        let start = violators[c];
        for i in start..(start + LANES).min(n) {
            let violates = (t[i] <= 0.0 && gap[i] < 0.0) || (t[i] >= pc && gap[i] > 0.0);
            if violates {
                violators.push(i);
            }
        }
    }
    violators.drain(..chunks);
    lane_sum(&acc) + tail
}

/// Σ of a dense field over LANES accumulators.
fn dense_sum(x: &[f64]) -> f64 {
    let mut acc = [0.0; LANES];
    for (k, v) in x.iter().enumerate() {
        acc[k % LANES] += v;
    }
    lane_sum(&acc)
}

/// Σ of the lane accumulators, in a fixed order.
pub(in crate::bem) fn lane_sum(acc: &[f64; LANES]) -> f64 {
    acc.iter().sum()
}

impl ContactSolver {
    fn validate(&self, g: &[f64], p: f64, pc: f64) -> Result<(), BemError> {
        if g.len() != self.traction.len() {
            return Err(BemError::Input(format!(
                "gap has {} values for a {}×{} grid",
                g.len(),
                self.nx,
                self.ny
            )));
        }
        if let Some(k) = g.iter().position(|v| !v.is_finite()) {
            return Err(BemError::Input(format!(
                "gap at column {}, row {} is not finite ({})",
                k % self.nx,
                k / self.nx,
                g[k]
            )));
        }
        if !(p.is_finite() && p > 0.0) {
            return Err(BemError::Input(format!(
                "mean pressure must be finite and positive, got {p}"
            )));
        }
        if p >= pc {
            return Err(BemError::Input(format!(
                "mean pressure {p} Pa must stay below p_crit = {pc} Pa (full plastic flow)"
            )));
        }
        Ok(())
    }

    /// t̂ = F t and u_e = K t afresh (one FFT pair).
    fn refresh(&mut self) {
        self.kernel.transform(&self.traction, &mut self.t_hat);
        self.kernel.displacement_of(&self.t_hat, &mut self.elastic);
        self.stats.refreshes += 1;
    }

    /// [`Self::refresh`] that also records how far the incremental u_e had drifted from K t.
    /// `gap` is scratch here (the caller recomputes it).
    fn refresh_measuring_drift(&mut self) {
        self.kernel.transform(&self.traction, &mut self.t_hat);
        self.kernel.displacement_of(&self.t_hat, &mut self.gap);
        let (mut diff, mut size) = (0.0f64, 0.0f64);
        for (a, b) in self.elastic.iter().zip(&self.gap) {
            diff = diff.max((a - b).abs());
            size = size.max(b.abs());
        }
        if size > 0.0 {
            self.stats.max_drift = self.stats.max_drift.max(diff / size);
        }
        std::mem::swap(&mut self.elastic, &mut self.gap);
        self.stats.refreshes += 1;
    }

    pub(super) fn run(&mut self, g: &[f64], p: f64) -> Result<SolveReport, BemError> {
        let pc = self.material.p_crit.unwrap_or(f64::INFINITY);
        self.validate(g, p, pc)?;
        self.has_solution = false;
        self.stats = UpdateStats::default();
        let n = g.len();
        let nf = n as f64;
        let mean_g = g.iter().sum::<f64>() / nf;
        let rms_g = (g.iter().map(|v| (v - mean_g).powi(2)).sum::<f64>() / nf).sqrt();
        let scale = if rms_g > 0.0 {
            rms_g
        } else {
            p * self.lx / self.material.e_star
        };
        let tol = self.options.tolerance;

        self.traction
            .iter_mut()
            .for_each(|t| *t = if t.is_finite() { t.clamp(0.0, pc) } else { 0.0 });
        impose_mean_pressure(&mut self.traction, p, pc);
        self.direction.iter_mut().for_each(|d| *d = 0.0);
        // d is non-zero only on `old_free` (empty: d = 0); `free_list` is {i: 0 < t_i < p_crit}.
        self.old_free.clear();
        rebuild_free_list(&self.traction, pc, &mut self.free_list);
        self.refresh();
        let mut sum_t = dense_sum(&self.traction);
        let mut transforms = 2usize;
        let mut since_refresh = 0usize;
        let (mut g_old, mut conjugate) = (1.0, false);
        let mut iterations = 0;
        let (mut residual, mut delta);
        let free = |t: f64| t > 0.0 && t < pc;
        // One dense pass per iteration (the gap) besides the transforms; everything else runs
        // on the index lists of the free set and of the points violating their bound.
        loop {
            debug_assert_eq!(
                self.free_list.len(),
                self.traction.iter().filter(|&&t| free(t)).count(),
                "free list out of step with the traction"
            );
            // Approach δ from the free set (the loaded set if every loaded point is saturated).
            // Sums run over LANES accumulators: a single one is a serial chain of FP additions
            // slower than the memory stream (measured).
            let mut s = [0.0; LANES];
            for (k, &i) in self.free_list.iter().enumerate() {
                s[k % LANES] += self.elastic[i] + g[i];
            }
            let free_count = self.free_list.len();
            let mut c = free_count;
            if c == 0 {
                for ((&t, &u), &gi) in self.traction.iter().zip(&self.elastic).zip(g) {
                    if t > 0.0 {
                        s[0] += u + gi;
                        c += 1;
                    }
                }
            }
            delta = lane_sum(&s) / c.max(1) as f64;

            // Elastic gap everywhere, projected gradient, points violating their bound.
            let pi2 = gap_pass(
                &mut self.gap,
                &self.traction,
                &self.elastic,
                g,
                delta,
                pc,
                &mut self.violators,
            );
            residual = (pi2 / nf).sqrt() / scale;
            if residual <= tol {
                if since_refresh == 0 {
                    break;
                }
                self.refresh_measuring_drift();
                sum_t = dense_sum(&self.traction);
                transforms += 2;
                since_refresh = 0;
                continue;
            }
            if iterations >= self.options.max_iterations {
                return Err(BemError::NotConverged {
                    iterations,
                    residual,
                    tolerance: tol,
                });
            }
            iterations += 1;

            // Conjugate direction on the free set, projected to zero mean there (the tangent
            // space of ⟨t⟩ = p̄), so that dᵀK d is the whole denominator of the step.
            let (mut g_norm, mut g_free, mut d_free) = ([0.0; LANES], [0.0; LANES], [0.0; LANES]);
            for (k, &i) in self.free_list.iter().enumerate() {
                let ge = self.gap[i];
                g_norm[k % LANES] += ge * ge;
                g_free[k % LANES] += ge;
                d_free[k % LANES] += self.direction[i];
            }
            let g_norm = lane_sum(&g_norm);
            let beta = if conjugate { g_norm / g_old } else { 0.0 };
            g_old = g_norm;
            let d_mean = if free_count > 0 {
                (lane_sum(&g_free) + beta * lane_sum(&d_free)) / free_count as f64
            } else {
                0.0
            };
            for &i in &self.old_free {
                if !free(self.traction[i]) {
                    self.direction[i] = 0.0;
                }
            }
            let mut num = [0.0; LANES];
            for (k, &i) in self.free_list.iter().enumerate() {
                let ge = self.gap[i];
                let d = ge + beta * self.direction[i] - d_mean;
                self.direction[i] = d;
                num[k % LANES] += ge * d;
            }
            let num = lane_sum(&num);
            self.kernel.transform(&self.direction, &mut self.d_hat);
            transforms += 1;
            let den = self.kernel.quadratic_form(&self.d_hat);
            let tau = if den > 0.0 && num > 0.0 {
                num / den
            } else {
                0.0
            };
            let tau_bound = if tau > 0.0 { tau } else { self.fallback_step };

            // Step, projection on [0, p_crit], re-entry of the violators; every point that
            // leaves the linear step is recorded as a correction Δt_i of t̂.
            self.corrections.clear();
            let (mut overflow, mut entered) = (false, false);
            let budget = self.point_budget;
            let mut record = |corr: &mut Vec<(usize, f64)>, i: usize, dt: f64| {
                if corr.len() < budget {
                    corr.push((i, dt));
                } else {
                    overflow = true;
                }
            };
            let mut change = [0.0; LANES];
            self.next_free.clear();
            for (k, &i) in self.free_list.iter().enumerate() {
                let t = self.traction[i];
                let linear = t - tau * self.direction[i];
                let nt = linear.clamp(0.0, pc);
                if nt != linear {
                    record(&mut self.corrections, i, nt - linear);
                }
                if free(nt) {
                    self.next_free.push(i);
                }
                self.traction[i] = nt;
                change[k % LANES] += nt - t;
            }
            for &i in &self.violators {
                let (t, ge) = (self.traction[i], self.gap[i]);
                let nt = if t <= 0.0 {
                    (-tau_bound * ge).min(pc)
                } else {
                    (pc - tau_bound * ge).max(0.0)
                };
                record(&mut self.corrections, i, nt - t);
                if free(nt) {
                    self.next_free.push(i);
                }
                self.traction[i] = nt;
                change[0] += nt - t;
                entered = true;
            }
            conjugate = !entered;
            sum_t += lane_sum(&change);
            let sc = if pc.is_infinite() && sum_t > 0.0 {
                // Elastic: ⟨t⟩ = p̄ is the plain rescaling, skipped when it is 1 to round-off
                // (a step without projection keeps Σt, d having zero mean on the free set).
                let lambda = nf * p / sum_t;
                if (lambda - 1.0).abs() > UNIT_SCALE {
                    self.traction.iter_mut().for_each(|t| *t *= lambda);
                    sum_t *= lambda;
                    Scaling {
                        lambda,
                        linear: true,
                    }
                } else {
                    Scaling {
                        lambda: 1.0,
                        linear: true,
                    }
                }
            } else {
                let sc = impose_mean_pressure_by(&mut self.traction, p, pc, Some(&self.gap));
                sum_t = dense_sum(&self.traction);
                // The capped rescaling can saturate points: the free set is rebuilt.
                rebuild_free_list(&self.traction, pc, &mut self.next_free);
                sc
            };
            // d lives on the old free set until the next direction is formed.
            std::mem::swap(&mut self.old_free, &mut self.free_list);
            std::mem::swap(&mut self.free_list, &mut self.next_free);

            // t̂ and u_e = K t: incrementally (one inverse transform) or afresh (a pair).
            if sc.linear && !overflow && since_refresh < EXACT_REFRESH_EVERY {
                for k in 0..self.corrections.len() {
                    let (i, dt) = self.corrections[k];
                    self.kernel.add_point(&mut self.t_hat, i, dt);
                }
                self.stats.point_updates += self.corrections.len();
                self.stats.incremental += 1;
                self.kernel.step_and_displace(
                    &mut self.t_hat,
                    &self.d_hat,
                    tau,
                    sc.lambda,
                    &mut self.elastic,
                );
                transforms += 1;
                since_refresh += 1;
            } else {
                self.refresh();
                sum_t = dense_sum(&self.traction);
                transforms += 2;
                since_refresh = 0;
            }
        }

        plastic_displacement(&self.traction, &self.gap, pc, &mut self.plastic);
        for (gp, up) in self.gap.iter_mut().zip(&self.plastic) {
            *gp += up;
        }
        self.has_solution = true;
        Ok(SolveReport {
            iterations,
            fft_pairs: transforms.div_ceil(2),
            residual,
            approach: delta,
            mean_gap: self.gap.iter().sum::<f64>() / nf,
            contact_fraction: self.traction.iter().filter(|&&t| t > 0.0).count() as f64 / nf,
            saturated_fraction: self.traction.iter().filter(|&&t| t >= pc).count() as f64 / nf,
        })
    }
}
