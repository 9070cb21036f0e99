//! α(v) = b·(1 − exp(−v/v_ref)): the exponential saturation law of seed 000 Fig. 15,
//! fitted by weighted least squares.
//!
//! For a fixed v_ref the model is linear in b, so b has a closed form; the remaining
//! one-dimensional problem in ln v_ref is solved by a log-spaced scan followed by a
//! golden-section refinement (the weighted residual is smooth and, in practice, unimodal
//! in ln v_ref).

use super::linear::FitError;

/// Result of [`fit_saturation`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SaturationFit {
    /// Saturation value b.
    pub b: f64,
    /// Reference velocity v_ref (same unit as v).
    pub v_ref: f64,
    /// Weighted residual sum of squares Σ w (y − model)².
    pub weighted_ss_res: f64,
    /// Unweighted R² about the mean of y.
    pub r_squared: f64,
}

/// The model value b·(1 − exp(−v/v_ref)).
pub fn saturation(b: f64, v_ref: f64, v: f64) -> f64 {
    -b * (-v / v_ref).exp_m1()
}

/// Fits b and v_ref to points (v_i, y_i) with standard deviations `sigma` (None or zeros:
/// unweighted; a zero σ among non-zero ones is replaced by the smallest non-zero σ, so one
/// exact-looking point cannot take all the weight). Needs ≥ 2 points with v > 0.
pub fn fit_saturation(
    v: &[f64],
    y: &[f64],
    sigma: Option<&[f64]>,
) -> Result<SaturationFit, FitError> {
    if v.len() != y.len() || v.len() < 2 || sigma.is_some_and(|s| s.len() != v.len()) {
        return Err(FitError::TooFewPoints {
            need: 2,
            x: v.len(),
            y: y.len(),
        });
    }
    if let Some(i) = (0..v.len()).find(|&i| !(v[i].is_finite() && v[i] > 0.0 && y[i].is_finite())) {
        return Err(FitError::NonFinite(i));
    }
    let min_sigma = sigma
        .map(|s| {
            s.iter()
                .copied()
                .filter(|x| x.is_finite() && *x > 0.0)
                .fold(f64::INFINITY, f64::min)
        })
        .unwrap_or(f64::INFINITY);
    let w: Vec<f64> = match sigma {
        Some(s) if min_sigma.is_finite() => s
            .iter()
            .map(|&x| {
                let x = if x.is_finite() && x > 0.0 {
                    x
                } else {
                    min_sigma
                };
                1.0 / (x * x)
            })
            .collect(),
        _ => vec![1.0; v.len()],
    };
    // For fixed v_ref: b = Σ w y f / Σ w f², f = 1 − exp(−v/v_ref).
    let eval = |ln_vref: f64| -> (f64, f64) {
        let vref = ln_vref.exp();
        let (mut syf, mut sff) = (0.0, 0.0);
        for i in 0..v.len() {
            let f = saturation(1.0, vref, v[i]);
            syf += w[i] * y[i] * f;
            sff += w[i] * f * f;
        }
        let b = if sff > 0.0 { syf / sff } else { 0.0 };
        let ss: f64 = (0..v.len())
            .map(|i| w[i] * (y[i] - saturation(b, vref, v[i])).powi(2))
            .sum();
        (ss, b)
    };
    let vmin = v.iter().copied().fold(f64::INFINITY, f64::min);
    let vmax = v.iter().copied().fold(0.0, f64::max);
    let (lo, hi) = ((vmin / 100.0).ln(), (vmax * 100.0).ln());
    const SCAN: usize = 200;
    let mut best = (f64::INFINITY, lo);
    for k in 0..=SCAN {
        let t = lo + (hi - lo) * k as f64 / SCAN as f64;
        let (ss, _) = eval(t);
        if ss < best.0 {
            best = (ss, t);
        }
    }
    let step = (hi - lo) / SCAN as f64;
    let (mut a, mut c) = (best.1 - step, best.1 + step);
    let g = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..100 {
        let (x1, x2) = (c - g * (c - a), a + g * (c - a));
        if eval(x1).0 < eval(x2).0 {
            c = x2
        } else {
            a = x1
        }
    }
    let t = 0.5 * (a + c);
    let (weighted_ss_res, b) = eval(t);
    let v_ref = t.exp();
    let mean = y.iter().sum::<f64>() / y.len() as f64;
    let ss_tot: f64 = y.iter().map(|x| (x - mean).powi(2)).sum();
    let ss_res: f64 = (0..v.len())
        .map(|i| (y[i] - saturation(b, v_ref, v[i])).powi(2))
        .sum();
    let r_squared = if ss_tot > 0.0 {
        1.0 - ss_res / ss_tot
    } else {
        1.0
    };
    Ok(SaturationFit {
        b,
        v_ref,
        weighted_ss_res,
        r_squared,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Golden-section refinement to 100 steps: far below 1e-8 relative in ln v_ref.
    const EXACT_TOL: f64 = 1e-6;

    #[test]
    fn recovers_exact_parameters() {
        let v = [1.0, 5.0, 10.0, 20.0, 50.0, 100.0];
        let y: Vec<f64> = v.iter().map(|&x| saturation(22.0, 12.0, x)).collect();
        let f = fit_saturation(&v, &y, None).unwrap();
        assert!((f.b / 22.0 - 1.0).abs() < EXACT_TOL, "{f:?}");
        assert!((f.v_ref / 12.0 - 1.0).abs() < EXACT_TOL, "{f:?}");
        assert!(f.r_squared > 1.0 - 1e-12);
    }

    #[test]
    fn weights_follow_sigma() {
        // Two consistent points and one outlier with a huge σ: the fit follows the two.
        let v = [2.0, 10.0, 40.0];
        let mut y: Vec<f64> = v.iter().map(|&x| saturation(5.0, 8.0, x)).collect();
        y[2] += 3.0;
        let s = [0.01, 0.01, 1e3];
        let f = fit_saturation(&v, &y, Some(&s)).unwrap();
        assert!((saturation(f.b, f.v_ref, 2.0) - y[0]).abs() < 1e-3);
        assert!((saturation(f.b, f.v_ref, 10.0) - y[1]).abs() < 1e-3);
    }

    #[test]
    fn rejects_bad_input() {
        assert!(fit_saturation(&[1.0], &[1.0], None).is_err());
        assert!(fit_saturation(&[1.0, -2.0], &[1.0, 2.0], None).is_err());
        assert!(fit_saturation(&[1.0, 2.0], &[1.0, 2.0], Some(&[1.0])).is_err());
    }
}
