//! Euclidean projection onto the admissible tractions of the contact problem,
//! Ω = {0 ≤ t_i ≤ p_crit, Σ t_i = N·p̄} (box ∩ hyperplane of seed 000 Eq. 20).
//!
//! The projection of y is t_i = clamp(y_i + μ, 0, p_crit) with the scalar μ chosen so that the
//! sum is met (the KKT conditions of min ½‖t − y‖² over Ω; μ is the multiplier of the sum).
//! S(μ) = Σ clamp(y_i + μ, 0, p_crit) is continuous, non-decreasing and piecewise linear, so
//! its root is found by safeguarded Newton steps (exact once the step crosses no breakpoint)
//! inside a bisection bracket. Unlike a rescaling t ← λ·t, the projection moves every
//! coordinate by the same amount, leaves a point at a bound only when the shift pulls it off,
//! and is non-expansive: the property the gradient-projection steps of the solver rely on.

/// Newton/bisection evaluations of S(μ) before giving up refining μ (each is one pass; the
/// bracket halves at least every other step, so 200 steps reach the f64 resolution of μ).
const MAX_SHIFT_STEPS: usize = 200;

/// Relative defect |S(μ) − total|/total accepted as exact: a few ulps of a sum of N ≤ 2²⁰
/// terms (round-off of S itself is ≈ √N·ε).
const SUM_TOLERANCE: f64 = 1e-13;

/// S(μ) at μ = 0 and the range of `y`, gathered by the caller in the pass that builds `y`
/// (saves the first passes of [`capped_sum_shift`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ShiftStart {
    /// Σ clamp(y_i, 0, cap).
    pub sum: f64,
    /// Number of 0 < y_i < cap.
    pub free: usize,
    /// min y_i.
    pub y_min: f64,
    /// max y_i.
    pub y_max: f64,
}

impl ShiftStart {
    /// The statistics of `y` (one pass).
    pub fn of(y: &[f64], cap: f64) -> Self {
        let mut st = Self::empty();
        y.iter().for_each(|&v| st.add(v, cap));
        st
    }

    /// Nothing gathered yet.
    pub fn empty() -> Self {
        Self {
            sum: 0.0,
            free: 0,
            y_min: f64::INFINITY,
            y_max: f64::NEG_INFINITY,
        }
    }

    /// Adds one value.
    #[inline(always)]
    pub fn add(&mut self, v: f64, cap: f64) {
        self.y_min = self.y_min.min(v);
        self.y_max = self.y_max.max(v);
        if v >= cap {
            self.sum += cap;
        } else if v > 0.0 {
            self.sum += v;
            self.free += 1;
        }
    }
}

/// The shift μ of the projection of `y` onto {0 ≤ t_i ≤ `cap`, Σ t_i = `total`}:
/// t_i = clamp(y_i + μ, 0, cap). `start` holds S(0) and the range of `y`. Requires
/// 0 < total < N·cap and finite `y`.
pub fn capped_sum_shift(y: &[f64], cap: f64, total: f64, start: ShiftStart) -> f64 {
    let n = y.len();
    // S(lo) = 0 ≤ total ≤ S(hi).
    let mut lo = -start.y_max;
    let mut hi = if cap.is_finite() {
        cap - start.y_min
    } else {
        total / n as f64 - start.y_min
    };
    let sum_at = |mu: f64| -> (f64, usize) {
        let (mut s, mut free) = (0.0, 0usize);
        for &v in y.iter() {
            let x = v + mu;
            if x >= cap {
                s += cap;
            } else if x > 0.0 {
                s += x;
                free += 1;
            }
        }
        (s, free)
    };
    let mut mu = 0.0f64.clamp(lo, hi);
    let (mut s, mut free) = if mu == 0.0 {
        (start.sum, start.free)
    } else {
        sum_at(mu)
    };
    for _ in 0..MAX_SHIFT_STEPS {
        let defect = total - s;
        if defect.abs() <= SUM_TOLERANCE * total {
            break;
        }
        if defect > 0.0 {
            lo = mu;
        } else {
            hi = mu;
        }
        let newton = if free > 0 {
            mu + defect / free as f64
        } else {
            f64::NAN
        };
        mu = if newton > lo && newton < hi {
            newton
        } else {
            0.5 * (lo + hi)
        };
        if hi - lo <= f64::EPSILON * (lo.abs() + hi.abs()) {
            break;
        }
        (s, free) = sum_at(mu);
    }
    mu
}

/// Projects `y` in place onto {0 ≤ t_i ≤ `cap`, Σ t_i = `total`} (`cap` may be +∞) and returns
/// the shift μ with t_i = clamp(y_i + μ, 0, cap). Requires 0 < total < N·cap and finite `y`.
///
/// ```
/// use tribo_calibrator::bem::projection::project_capped_sum;
/// let mut y = vec![3.0, -1.0, 0.5, 9.0];
/// let mu = project_capped_sum(&mut y, 4.0, 6.0);
/// // μ = −1: clamp([2, −2, −0.5, 8], 0, 4) = [2, 0, 0, 4], which sums to 6.
/// assert!((mu + 1.0).abs() < 1e-12);
/// assert_eq!(y, vec![2.0, 0.0, 0.0, 4.0]);
/// ```
pub fn project_capped_sum(y: &mut [f64], cap: f64, total: f64) -> f64 {
    let mu = capped_sum_shift(y, cap, total, ShiftStart::of(y, cap));
    for v in y.iter_mut() {
        *v = (*v + mu).clamp(0.0, cap);
    }
    mu
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Sums of ≤ 1000 O(1) terms.
    const TOL: f64 = 1e-12;

    /// Oracle: the projection is the minimiser of ½‖t − y‖² over Ω, so for any other admissible
    /// z, (y − t)·(z − t) ≤ 0 (variational inequality of a convex projection).
    fn check_variational_inequality(y: &[f64], t: &[f64], cap: f64, total: f64) {
        let n = y.len();
        let mut rng = 12345u64;
        for _ in 0..50 {
            // A random admissible z: random box point then projected (admissible by construction).
            let mut z: Vec<f64> = (0..n)
                .map(|_| {
                    rng = rng
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    (rng >> 11) as f64 / (1u64 << 53) as f64 * cap.min(10.0)
                })
                .collect();
            project_capped_sum(&mut z, cap, total);
            let vi: f64 = (0..n).map(|i| (y[i] - t[i]) * (z[i] - t[i])).sum();
            let magnitude: f64 = (0..n).map(|i| ((y[i] - t[i]) * (z[i] - t[i])).abs()).sum();
            assert!(
                vi <= TOL * magnitude,
                "variational inequality {vi} of {magnitude}"
            );
        }
    }

    #[test]
    fn projection_meets_the_sum_and_the_bounds_and_is_the_closest_point() {
        for (cap, total) in [(4.0, 6.0), (1.0, 99.5), (f64::INFINITY, 20.0), (2.0, 0.01)] {
            let y: Vec<f64> = (0..100)
                .map(|i| ((i * 37) % 23) as f64 * 0.3 - 3.0)
                .collect();
            let mut t = y.clone();
            let mu = project_capped_sum(&mut t, cap, total);
            assert!(
                (t.iter().sum::<f64>() / total - 1.0).abs() < TOL,
                "{cap} {total}"
            );
            for (a, b) in t.iter().zip(&y) {
                assert!(*a >= 0.0 && *a <= cap);
                assert!((a - (b + mu).clamp(0.0, cap)).abs() < TOL * (1.0 + b.abs()));
            }
            check_variational_inequality(&y, &t, cap, total);
        }
    }

    #[test]
    fn admissible_point_is_its_own_projection() {
        let t0: Vec<f64> = vec![0.0, 5.0, 2.5, 0.0, 5.0, 1.0];
        let total = t0.iter().sum();
        let mut t = t0.clone();
        let mu = project_capped_sum(&mut t, 5.0, total);
        assert!(mu.abs() < TOL);
        assert_eq!(t, t0);
    }
}
