//! Bounded Levenberg–Marquardt least squares with finite-difference Jacobians and
//! confidence intervals from the covariance σ²·(JᵀJ)⁻¹ (a handful of parameters, each model
//! evaluation expensive: a set of strip-draw runs).
//!
//! Minimises S(x) = Σ (y_i − f_i(x))² over lo ≤ x ≤ hi. Each iteration builds J by central
//! differences (one-sided at a bound), solves (JᵀJ + λ·diag(JᵀJ))·δ = Jᵀr (Marquardt's
//! scaling) with [`super::cholesky`] — parameters on a bound that the step would push outwards
//! are held for that step — projects x + δ onto the bounds and accepts the step if S falls
//! (λ ÷ 3) or retries with λ × 4. Converged when every |δ_j| ≤ `x_tol`·(|x_j| + 1) or
//! S falls by less than `f_tol`·S.
//!
//! At the solution, σ² = S/(n − p), cov = σ²·(JᵀJ)⁻¹ and the 95 % interval of x_j is
//! x_j ± t_{0.975, n−p}·√cov_jj ([`super::student`]). This is the linearised interval: exact
//! for a model linear in x with Gaussian noise, approximate otherwise. Parameters should be
//! scaled to O(1) by the caller (the finite-difference steps are `fd_step`·(|x_j| + 1)).

use thiserror::Error;

use super::cholesky::{cholesky, cholesky_solve, spd_inverse};
use super::student::t_quantile;

/// Why a fit failed.
///
/// `E` is the model's own error type ([`fit`] hands it back in [`LsqError::Model`]).
#[derive(Debug, Error)]
pub enum LsqError<E: std::error::Error + 'static> {
    /// Not enough data to estimate the parameters and the noise.
    #[error(
        "{points} data points cannot determine {parameters} parameters and the noise: need at \
         least {} points",
        parameters + 1
    )]
    TooFewPoints {
        /// Data points.
        points: usize,
        /// Parameters.
        parameters: usize,
    },
    /// The model gave a non-finite prediction.
    #[error("the model gave a non-finite prediction at parameters {x:?}")]
    NonFinite {
        /// Parameters (internal units).
        x: Vec<f64>,
    },
    /// JᵀJ is singular: the data do not constrain every parameter.
    #[error(
        "the data do not constrain every parameter (JᵀJ is singular at {x:?}); vary the tool \
         length and the pressure, or fix a parameter"
    )]
    Singular {
        /// Parameters (internal units).
        x: Vec<f64>,
    },
    /// No convergence within the iteration budget.
    #[error(
        "no convergence after {iterations} iterations: residual RMS {rms:.4e} at parameters \
         {x:?}"
    )]
    NoConvergence {
        /// Iterations done.
        iterations: usize,
        /// RMS residual at the last accepted parameters.
        rms: f64,
        /// Last accepted parameters (internal units).
        x: Vec<f64>,
    },
    /// The model itself failed.
    #[error("model evaluation failed")]
    Model(#[source] E),
}

/// Settings of [`fit`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LsqOptions {
    /// Largest number of accepted or rejected steps.
    pub max_iterations: usize,
    /// Step tolerance (relative to |x| + 1).
    pub x_tol: f64,
    /// Relative decrease of S below which the fit has converged.
    pub f_tol: f64,
    /// Finite-difference step (relative to |x| + 1).
    pub fd_step: f64,
    /// Confidence level of the intervals (0.95).
    pub confidence: f64,
}

impl Default for LsqOptions {
    fn default() -> Self {
        Self {
            max_iterations: 60,
            x_tol: 1e-6,
            f_tol: 1e-10,
            fd_step: 1e-3,
            confidence: 0.95,
        }
    }
}

/// The result of [`fit`].
#[derive(Clone, Debug, PartialEq)]
pub struct LsqFit {
    /// Best parameters.
    pub x: Vec<f64>,
    /// Standard errors √cov_jj.
    pub std_error: Vec<f64>,
    /// Half-widths of the confidence intervals (t·√cov_jj).
    pub ci_half_width: Vec<f64>,
    /// Covariance σ²·(JᵀJ)⁻¹, row-major p×p.
    pub covariance: Vec<f64>,
    /// Predictions f(x) at the best parameters.
    pub predicted: Vec<f64>,
    /// Residual sum of squares S.
    pub ssr: f64,
    /// √(S/n).
    pub rms: f64,
    /// Degrees of freedom n − p.
    pub dof: usize,
    /// Model evaluations (including the Jacobians').
    pub evaluations: usize,
    /// Iterations (accepted and rejected steps).
    pub iterations: usize,
}

fn ssr(y: &[f64], f: &[f64]) -> f64 {
    y.iter().zip(f).map(|(a, b)| (a - b) * (a - b)).sum()
}

/// Fits `model` (parameters → predictions, one per `y`) to `y` from `x0` within
/// \[`lo`, `hi`\].
///
/// # Errors
///
/// [`LsqError::TooFewPoints`] when `y` has no more points than parameters; [`LsqError::Model`] when
/// `model` fails; [`LsqError::NonFinite`] when it predicts a non-finite value or the wrong number
/// of values; [`LsqError::Singular`] when JᵀJ is singular (a parameter the data do not constrain);
/// [`LsqError::NoConvergence`] after `options`' iteration budget.
pub fn fit<F, E>(
    model: F,
    y: &[f64],
    x0: &[f64],
    lo: &[f64],
    hi: &[f64],
    options: &LsqOptions,
) -> Result<LsqFit, LsqError<E>>
where
    F: Fn(&[f64]) -> Result<Vec<f64>, E>,
    E: std::error::Error + 'static,
{
    let (n, p) = (y.len(), x0.len());
    if n <= p {
        return Err(LsqError::TooFewPoints {
            points: n,
            parameters: p,
        });
    }
    let mut evaluations = 0usize;
    let mut eval = |x: &[f64]| -> Result<Vec<f64>, LsqError<E>> {
        evaluations += 1;
        let f = model(x).map_err(LsqError::Model)?;
        if f.len() != n || !f.iter().all(|v| v.is_finite()) {
            return Err(LsqError::NonFinite { x: x.to_vec() });
        }
        Ok(f)
    };
    let clamp = |x: &mut [f64]| {
        for j in 0..p {
            x[j] = x[j].clamp(lo[j], hi[j]);
        }
    };
    let mut x = x0.to_vec();
    clamp(&mut x);
    let mut f = eval(&x)?;
    let mut s = ssr(y, &f);
    let mut lambda = 1e-3;
    let mut iterations = 0usize;
    let mut jac = vec![0.0; n * p];
    let mut need_jacobian = true;
    let mut converged = false;
    while iterations < options.max_iterations {
        if need_jacobian {
            for j in 0..p {
                let h = options.fd_step * (x[j].abs() + 1.0);
                let (mut xp, mut xm) = (x.clone(), x.clone());
                xp[j] = (x[j] + h).min(hi[j]);
                xm[j] = (x[j] - h).max(lo[j]);
                let fp = if xp[j] > x[j] { eval(&xp)? } else { f.clone() };
                let fm = if xm[j] < x[j] { eval(&xm)? } else { f.clone() };
                let span = xp[j] - xm[j];
                for i in 0..n {
                    jac[i * p + j] = if span > 0.0 {
                        (fp[i] - fm[i]) / span
                    } else {
                        0.0
                    };
                }
            }
            need_jacobian = false;
        }
        let (jtj, jtr) = normal_equations(&jac, y, &f, n, p);
        let mut a = jtj.clone();
        for j in 0..p {
            a[j * p + j] += lambda * jtj[j * p + j].max(1e-30);
        }
        let Some(l) = cholesky(&a, p) else {
            return Err(LsqError::Singular { x });
        };
        let mut delta = cholesky_solve(&l, p, &jtr);
        // Projected step: a parameter sitting on a bound that the step pushes outwards is
        // held there (removed from this step's system), so the others move freely.
        let active: Vec<usize> = (0..p)
            .filter(|&j| (x[j] <= lo[j] && delta[j] < 0.0) || (x[j] >= hi[j] && delta[j] > 0.0))
            .collect();
        if !active.is_empty() {
            let (mut a_red, mut g_red) = (a.clone(), jtr.clone());
            for &j in &active {
                for k in 0..p {
                    a_red[j * p + k] = 0.0;
                    a_red[k * p + j] = 0.0;
                }
                a_red[j * p + j] = 1.0;
                g_red[j] = 0.0;
            }
            let Some(l) = cholesky(&a_red, p) else {
                return Err(LsqError::Singular { x });
            };
            delta = cholesky_solve(&l, p, &g_red);
        }
        let mut x_new: Vec<f64> = x.iter().zip(&delta).map(|(a, d)| a + d).collect();
        clamp(&mut x_new);
        iterations += 1;
        let small_step = x_new
            .iter()
            .zip(&x)
            .all(|(a, b)| (a - b).abs() <= options.x_tol * (b.abs() + 1.0));
        if small_step {
            converged = true;
            break;
        }
        let f_new = eval(&x_new)?;
        let s_new = ssr(y, &f_new);
        if s_new < s {
            let rel = (s - s_new) / s.max(f64::MIN_POSITIVE);
            x = x_new;
            f = f_new;
            s = s_new;
            lambda = (lambda / 3.0).max(1e-12);
            need_jacobian = true;
            if rel < options.f_tol {
                converged = true;
                break;
            }
        } else {
            lambda *= 4.0;
            if lambda > 1e12 {
                // No descent direction left at this λ: the gradient is below the noise of
                // the model, i.e. we sit at the minimum.
                converged = true;
                break;
            }
        }
    }
    if !converged {
        return Err(LsqError::NoConvergence {
            iterations,
            rms: (s / n as f64).sqrt(),
            x,
        });
    }
    let (jtj, _) = normal_equations(&jac, y, &f, n, p);
    let inv = spd_inverse(&jtj, p).ok_or_else(|| LsqError::Singular { x: x.clone() })?;
    let dof = n - p;
    let sigma2 = s / dof as f64;
    let covariance: Vec<f64> = inv.iter().map(|v| v * sigma2).collect();
    let std_error: Vec<f64> = (0..p)
        .map(|j| covariance[j * p + j].max(0.0).sqrt())
        .collect();
    let t = t_quantile(options.confidence, dof as u32).unwrap_or(f64::INFINITY);
    Ok(LsqFit {
        ci_half_width: std_error.iter().map(|e| t * e).collect(),
        std_error,
        covariance,
        rms: (s / n as f64).sqrt(),
        predicted: f,
        ssr: s,
        dof,
        evaluations,
        iterations,
        x,
    })
}

/// JᵀJ and Jᵀr with r = y − f.
fn normal_equations(jac: &[f64], y: &[f64], f: &[f64], n: usize, p: usize) -> (Vec<f64>, Vec<f64>) {
    let mut jtj = vec![0.0; p * p];
    let mut jtr = vec![0.0; p];
    for i in 0..n {
        let r = y[i] - f[i];
        for a in 0..p {
            jtr[a] += jac[i * p + a] * r;
            for b in 0..p {
                jtj[a * p + b] += jac[i * p + a] * jac[i * p + b];
            }
        }
    }
    (jtj, jtr)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::StreamRng;
    use rand::SeedableRng;
    use rand_distr::{Distribution, Normal};
    use std::convert::Infallible;

    /// LM on a linear model converges to the normal-equation solution up to the
    /// finite-difference and stopping tolerances.
    const LINEAR_TOL: f64 = 1e-6;

    #[test]
    fn linear_model_matches_ordinary_least_squares_and_its_covariance() {
        // y = a + b·t + noise: closed-form OLS and cov = σ²(XᵀX)⁻¹.
        let mut rng = StreamRng::seed_from_u64(3);
        let noise = Normal::new(0.0, 0.05).unwrap();
        let t: Vec<f64> = (0..12).map(|i| i as f64 * 0.5).collect();
        let y: Vec<f64> = t
            .iter()
            .map(|&t| 1.5 - 0.7 * t + noise.sample(&mut rng))
            .collect();
        let model =
            |x: &[f64]| Ok::<_, Infallible>(t.iter().map(|&t| x[0] + x[1] * t).collect::<Vec<_>>());
        let inf = f64::INFINITY;
        let got = fit(
            model,
            &y,
            &[0.0, 0.0],
            &[-inf, -inf],
            &[inf, inf],
            &LsqOptions::default(),
        )
        .unwrap();
        let n = t.len() as f64;
        let (st, sy) = (t.iter().sum::<f64>(), y.iter().sum::<f64>());
        let stt: f64 = t.iter().map(|t| t * t).sum();
        let sty: f64 = t.iter().zip(&y).map(|(t, y)| t * y).sum();
        let det = n * stt - st * st;
        let b = (n * sty - st * sy) / det;
        let a = (sy - b * st) / n;
        assert!((got.x[0] - a).abs() < LINEAR_TOL && (got.x[1] - b).abs() < LINEAR_TOL);
        let s: f64 = t.iter().zip(&y).map(|(t, y)| (y - a - b * t).powi(2)).sum();
        let sigma2 = s / (n - 2.0);
        let var_b = sigma2 * n / det;
        let var_a = sigma2 * stt / det;
        assert!((got.std_error[0] - var_a.sqrt()).abs() < 1e-6 * var_a.sqrt());
        assert!((got.std_error[1] - var_b.sqrt()).abs() < 1e-6 * var_b.sqrt());
        // t_{0.975, 10} = 2.228.
        assert!((got.ci_half_width[1] / got.std_error[1] - 2.228).abs() < 1e-3);
        assert_eq!(got.dof, 10);
    }

    #[test]
    fn nonlinear_decay_is_recovered_and_bounds_hold() {
        // y = A·exp(−t/τ) without noise from a poor start.
        let t: Vec<f64> = (0..20).map(|i| i as f64 * 0.25).collect();
        let y: Vec<f64> = t.iter().map(|&t| 2.0 * (-t / 1.3f64).exp()).collect();
        let model =
            |x: &[f64]| Ok::<_, Infallible>(t.iter().map(|&t| x[0] * (-t / x[1]).exp()).collect());
        let got = fit(
            model,
            &y,
            &[1.0, 0.5],
            &[0.0, 0.1],
            &[10.0, 10.0],
            &LsqOptions::default(),
        )
        .unwrap();
        assert!(
            (got.x[0] - 2.0).abs() < 1e-5 && (got.x[1] - 1.3).abs() < 1e-5,
            "{:?}",
            got.x
        );
        // With the true τ outside the bounds, the fit stops at the bound.
        let got = fit(
            model,
            &y,
            &[1.0, 0.5],
            &[0.0, 0.1],
            &[10.0, 1.0],
            &LsqOptions::default(),
        )
        .unwrap();
        assert!((got.x[1] - 1.0).abs() < 1e-12, "{:?}", got.x);
    }

    #[test]
    fn too_few_points_non_convergence_and_unconstrained_parameters_are_errors() {
        let model = |x: &[f64]| Ok::<_, Infallible>(vec![x[0], x[0] + x[1]]);
        let e = fit(
            model,
            &[1.0, 2.0],
            &[0.0, 0.0],
            &[-1e9; 2],
            &[1e9; 2],
            &LsqOptions::default(),
        )
        .unwrap_err();
        assert!(matches!(
            e,
            LsqError::TooFewPoints {
                points: 2,
                parameters: 2
            }
        ));
        let t = [0.0, 1.0, 2.0, 3.0];
        let y = [1.0, 0.5, 0.2, 0.1];
        let decay =
            |x: &[f64]| Ok::<_, Infallible>(t.iter().map(|&t| x[0] * (-t * x[1]).exp()).collect());
        let once = LsqOptions {
            max_iterations: 1,
            ..LsqOptions::default()
        };
        let e = fit(decay, &y, &[5.0, 5.0], &[0.0, 0.0], &[10.0, 10.0], &once).unwrap_err();
        let msg = e.to_string();
        assert!(
            matches!(e, LsqError::NoConvergence { iterations: 1, .. }),
            "{msg}"
        );
        assert!(msg.contains("residual RMS"), "{msg}");
        // x[1] does not enter the model: JᵀJ singular.
        let blind = |x: &[f64]| Ok::<_, Infallible>(t.iter().map(|&t| x[0] * t).collect());
        let e = fit(
            blind,
            &y,
            &[1.0, 1.0],
            &[-9.0; 2],
            &[9.0; 2],
            &LsqOptions::default(),
        )
        .unwrap_err();
        assert!(matches!(e, LsqError::Singular { .. }), "{e}");
    }
}
