//! Profile-likelihood confidence intervals of a least-squares fit ([`super::least_squares`]).
//!
//! For Gaussian noise of unknown variance, the profile residual sum of squares of parameter j,
//! S_j(θ) = min over the other parameters of S(x) with x_j = θ, gives the interval
//!
//! ```text
//! { θ : (S_j(θ) − S_min) / (S_min/(n − p)) ≤ t²_{(1+c)/2, n−p} }
//! ```
//!
//! (the F test of one constraint, F(1, n − p) = t², Bates & Watts 1988 §6.1; Venzon & Moolgavkar
//! 1988). Unlike the linearised interval x_j ± t·√cov_jj it follows the model's curvature, so
//! it stays honest where the model saturates (a parameter that only a few saturated points
//! determine) and it is cut at the parameter's bounds, where it says so.
//!
//! Each end is found by stepping out from x̂_j (first step: the linearised half-width) until
//! the criterion is crossed or the bound is reached, then by bisection to `tolerance` of the
//! half-width. Every S_j(θ) refits the other parameters with [`lsq::fit`], warm-started from the
//! previous profile point.

use super::least_squares::{self as lsq, LsqError, LsqFit, LsqOptions};
use super::student::t_quantile;

/// Largest number of step-outs per end (each doubles the step).
pub const MAX_STEP_OUTS: usize = 8;
/// Bisection steps per end: the end is located to 2⁻¹⁰ of the bracket.
pub const BISECTIONS: usize = 10;

/// A profile-likelihood interval of one parameter (internal units of the fit).
#[derive(Clone, Debug, PartialEq)]
pub struct ProfileInterval {
    /// Lower end.
    pub lo: f64,
    /// Upper end.
    pub hi: f64,
    /// The lower end is the parameter's lower bound (the data do not exclude it).
    pub lo_at_bound: bool,
    /// The upper end is the parameter's upper bound.
    pub hi_at_bound: bool,
    /// S at which the interval is cut, S_min·(1 + t²/(n − p)).
    pub s_crit: f64,
    /// Model evaluations spent.
    pub evaluations: usize,
}

/// The profile-likelihood interval of parameter `j` of the fit `best` of `model` to `y` within
/// \[`lo`, `hi`\], at `best`'s confidence level (`options.confidence`).
///
/// # Errors
///
/// [`LsqError::TooFewPoints`] when `best` has no degrees of freedom for the t quantile; the errors
/// of the constrained re-fits ([`fit`](super::least_squares::fit)): [`LsqError::Model`],
/// [`LsqError::NonFinite`], [`LsqError::Singular`], [`LsqError::NoConvergence`].
pub fn profile_interval<F, E>(
    model: &F,
    y: &[f64],
    best: &LsqFit,
    j: usize,
    lo: &[f64],
    hi: &[f64],
    options: &LsqOptions,
) -> Result<ProfileInterval, LsqError<E>>
where
    F: Fn(&[f64]) -> Result<Vec<f64>, E>,
    E: std::error::Error + 'static,
{
    let (n, p) = (y.len(), best.x.len());
    let t = t_quantile(options.confidence, best.dof as u32).ok_or(LsqError::TooFewPoints {
        points: n,
        parameters: p,
    })?;
    let s_crit = best.ssr * (1.0 + t * t / best.dof as f64);
    let mut evaluations = 0usize;
    let mut side = |direction: f64| -> Result<(f64, bool), LsqError<E>> {
        let bound = if direction > 0.0 { hi[j] } else { lo[j] };
        let centre = best.x[j];
        let mut others = best.x.clone();
        let mut profile = |theta: f64, others: &mut Vec<f64>| -> Result<f64, LsqError<E>> {
            let point = profile_point(model, y, others, j, theta, lo, hi, options)?;
            evaluations += point.evaluations;
            *others = point.x;
            Ok(point.s)
        };
        let mut step = best.ci_half_width[j].max(1e-3 * (centre.abs() + 1.0));
        let mut inside = centre;
        let mut outside = None;
        for _ in 0..MAX_STEP_OUTS {
            let theta = centre + direction * step;
            let theta = if direction > 0.0 {
                theta.min(bound)
            } else {
                theta.max(bound)
            };
            let s = profile(theta, &mut others)?;
            if s > s_crit {
                outside = Some(theta);
                break;
            }
            inside = theta;
            if theta == bound {
                return Ok((bound, true));
            }
            step *= 2.0;
        }
        let Some(mut out) = outside else {
            // Never crossed within the step-outs: report the farthest admissible point.
            return Ok((inside, false));
        };
        for _ in 0..BISECTIONS {
            let mid = 0.5 * (inside + out);
            if profile(mid, &mut others)? > s_crit {
                out = mid;
            } else {
                inside = mid;
            }
        }
        Ok((0.5 * (inside + out), false))
    };
    let (lo_end, lo_at_bound) = side(-1.0)?;
    let (hi_end, hi_at_bound) = side(1.0)?;
    Ok(ProfileInterval {
        lo: lo_end,
        hi: hi_end,
        lo_at_bound,
        hi_at_bound,
        s_crit,
        evaluations,
    })
}

/// A profile point: S, the full parameter vector at the profile minimum, and the model
/// evaluations it took.
struct ProfilePoint {
    s: f64,
    x: Vec<f64>,
    evaluations: usize,
}

/// S_j(θ): the fit of the other parameters with x_j = θ, from `start`.
#[allow(clippy::too_many_arguments)]
fn profile_point<F, E>(
    model: &F,
    y: &[f64],
    start: &[f64],
    j: usize,
    theta: f64,
    lo: &[f64],
    hi: &[f64],
    options: &LsqOptions,
) -> Result<ProfilePoint, LsqError<E>>
where
    F: Fn(&[f64]) -> Result<Vec<f64>, E>,
    E: std::error::Error + 'static,
{
    let p = start.len();
    let full = |reduced: &[f64]| -> Vec<f64> {
        let mut x = Vec::with_capacity(p);
        x.extend_from_slice(&reduced[..j]);
        x.push(theta);
        x.extend_from_slice(&reduced[j..]);
        x
    };
    if p == 1 {
        let f = model(&[theta]).map_err(LsqError::Model)?;
        let s = y.iter().zip(&f).map(|(a, b)| (a - b) * (a - b)).sum();
        return Ok(ProfilePoint {
            s,
            x: vec![theta],
            evaluations: 1,
        });
    }
    let drop = |v: &[f64]| -> Vec<f64> {
        v.iter()
            .enumerate()
            .filter(|&(k, _)| k != j)
            .map(|(_, &x)| x)
            .collect()
    };
    let sub = |reduced: &[f64]| model(&full(reduced));
    let r = lsq::fit(sub, y, &drop(start), &drop(lo), &drop(hi), options)?;
    Ok(ProfilePoint {
        s: r.ssr,
        x: full(&r.x),
        evaluations: r.evaluations,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, thiserror::Error)]
    #[error("never")]
    struct Never;

    /// A model linear in its parameters: the profile interval equals the linearised one
    /// (exactly, up to the bisection's 2⁻¹⁰ of the bracket).
    #[test]
    fn linear_model_profile_equals_the_linearised_interval() {
        let xs: Vec<f64> = (0..12).map(|i| i as f64 * 0.5).collect();
        // y = 1.5 + 0.8 x + deterministic "noise".
        let y: Vec<f64> = xs
            .iter()
            .enumerate()
            .map(|(i, x)| 1.5 + 0.8 * x + 0.05 * ((i * 7 % 5) as f64 - 2.0))
            .collect();
        let model = |p: &[f64]| -> Result<Vec<f64>, Never> {
            Ok(xs.iter().map(|x| p[0] + p[1] * x).collect())
        };
        let (lo, hi) = ([-10.0, -10.0], [10.0, 10.0]);
        let opts = LsqOptions::default();
        let best = lsq::fit(model, &y, &[0.0, 0.0], &lo, &hi, &opts).unwrap();
        for j in 0..2 {
            let pi = profile_interval(&model, &y, &best, j, &lo, &hi, &opts).unwrap();
            let (wl, wh) = (
                best.x[j] - best.ci_half_width[j],
                best.x[j] + best.ci_half_width[j],
            );
            let tol = 2e-3 * best.ci_half_width[j];
            assert!(
                (pi.lo - wl).abs() < tol && (pi.hi - wh).abs() < tol,
                "{pi:?} vs [{wl}, {wh}]"
            );
            assert!(!pi.lo_at_bound && !pi.hi_at_bound);
        }
    }

    /// A saturating model y = a·(1 − e^(−b·x)): at each end of b's interval the profile S_b
    /// (refitting a) equals the criterion S_crit; with only saturated points (x ≥ 4) b is
    /// bounded below only, and the interval is cut at the bound and says so.
    #[test]
    fn saturating_model_interval_ends_meet_the_criterion_or_the_bound() {
        let xs: Vec<f64> = (1..=8).map(f64::from).collect();
        let y: Vec<f64> = xs
            .iter()
            .enumerate()
            .map(|(i, x)| 2.0 * (1.0 - (-1.5 * x).exp()) + 0.01 * ((i * 3 % 4) as f64 - 1.5))
            .collect();
        let model = |p: &[f64]| -> Result<Vec<f64>, Never> {
            Ok(xs
                .iter()
                .map(|x| p[0] * (1.0 - (-p[1] * x).exp()))
                .collect())
        };
        let (lo, hi) = ([0.0, 0.01], [10.0, 4.0]);
        let opts = LsqOptions::default();
        let best = lsq::fit(model, &y, &[1.0, 0.5], &lo, &hi, &opts).unwrap();
        let pi = profile_interval(&model, &y, &best, 1, &lo, &hi, &opts).unwrap();
        assert!(pi.lo < best.x[1] && best.x[1] < pi.hi);
        for end in [pi.lo, pi.hi] {
            let s = profile_point(&model, &y, &best.x, 1, end, &lo, &hi, &opts)
                .unwrap()
                .s;
            // The bisection brackets the crossing to 2⁻¹⁰ of the last step: S within 1 %.
            assert!(
                (s / pi.s_crit - 1.0).abs() < 0.01,
                "S_b({end}) = {s}, S_crit {}",
                pi.s_crit
            );
        }
        // A bound inside the interval: the end is the bound, flagged.
        let hi_tight = [10.0, 0.5 * (best.x[1] + pi.hi)];
        let pi4 = profile_interval(&model, &y, &best, 1, &lo, &hi_tight, &opts).unwrap();
        assert!(
            pi4.hi_at_bound && pi4.hi == hi_tight[1] && !pi4.lo_at_bound,
            "{pi4:?}"
        );
        assert!((pi4.lo - pi.lo).abs() < 1e-3 * pi.lo);
    }
}
