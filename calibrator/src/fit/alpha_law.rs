//! α(v) = α∞ + (α0 − α∞)·e^(−v/v_ref): the law of table format 2, fitted by weighted least
//! squares. Seed 000's saturation b·(1 − e^(−v/v_ref)) (Fig. 15) is the special case α0 = 0,
//! α∞ = b ([`LawForm::SeedSaturation`]); the free form also describes a falling α(v).
//!
//! For a fixed v_ref the model is linear in (α∞, α0) with the basis (1 − e^(−v/v_ref),
//! e^(−v/v_ref)), so both have a closed form (2×2 weighted normal equations; one unknown for
//! the seed's form). The one-dimensional problem in ln v_ref is scanned on a log grid over
//! [v_min/100, 100·v_max] and refined by golden section. **An optimum on a search bound is an
//! error** ([`FitError::OnBound`]): there the data only say that v_ref is below (or above) every
//! sampled velocity, i.e. the law degenerates to a constant or a straight line, and no v_ref
//! would be a measurement. So is a fit no better than a constant α
//! ([`FitError::Undetermined`]) and one with a negative α0 or α∞ ([`FitError::NonPhysical`]).

use crate::numerics::line_fit::FitError;

/// Which form of the law to fit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LawForm {
    /// α∞, α0 and v_ref free.
    Free,
    /// Seed 000's form: α0 = 0, α∞ and v_ref free.
    SeedSaturation,
}

/// Result of [`fit_alpha_law`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AlphaLawFit {
    /// α at high velocity α∞ \[-\].
    pub alpha_inf: f64,
    /// α at rest α0 \[-\].
    pub alpha_0: f64,
    /// Reference velocity v_ref (unit of v).
    pub v_ref: f64,
    /// Weighted residual sum of squares Σ w (y − model)².
    pub weighted_ss_res: f64,
    /// Unweighted R² about the mean of y (1 for a perfect fit; may be negative).
    pub r_squared: f64,
}

/// The law's value α∞ + (α0 − α∞)·e^(−v/v_ref).
pub fn alpha_law(alpha_inf: f64, alpha_0: f64, v_ref: f64, v: f64) -> f64 {
    let decay = (-v / v_ref).exp();
    alpha_inf * (1.0 - decay) + alpha_0 * decay
}

/// Grid points of the ln v_ref scan.
const SCAN: usize = 400;
/// Smallest relative reduction of the weighted residual, against a constant α, that counts as
/// a velocity dependence (below it the exponential only refits round-off).
const UNDETERMINED_GAIN: f64 = 1e-9;
/// Decades beyond the sampled velocities that the v_ref search covers on each side (100×).
const SEARCH_FACTOR: f64 = 100.0;

/// Fits the law to points (v_i, y_i) with standard deviations `sigma` (None: unweighted; a
/// zero or non-finite σ is replaced by the smallest positive one). Needs as many points as
/// parameters (3 free, 2 for the seed's form) with v > 0.
///
/// # Errors
///
/// [`FitError::TooFewPoints`] for fewer points than parameters or `v`, `y`, `sigma` of different
/// lengths; [`FitError::NonFinite`] for a v ≤ 0 or a non-finite v or y; [`FitError::OnBound`] when
/// the optimum v_ref sits on its search bound (the samples do not determine it);
/// [`FitError::Undetermined`] when the velocity term does not reduce the residual;
/// [`FitError::NonPhysical`] for a fitted α0 or α∞ < 0.
pub fn fit_alpha_law(
    v: &[f64],
    y: &[f64],
    sigma: Option<&[f64]>,
    form: LawForm,
) -> Result<AlphaLawFit, FitError> {
    let need = match form {
        LawForm::Free => 3,
        LawForm::SeedSaturation => 2,
    };
    if v.len() != y.len() || v.len() < need || sigma.is_some_and(|s| s.len() != v.len()) {
        return Err(FitError::TooFewPoints {
            need,
            x: v.len(),
            y: y.len(),
        });
    }
    if let Some(i) = (0..v.len()).find(|&i| !(v[i].is_finite() && v[i] > 0.0 && y[i].is_finite())) {
        return Err(FitError::NonFinite(i));
    }
    let w = weights(v.len(), sigma);
    let eval = |ln_vref: f64| coefficients(v, y, &w, ln_vref.exp(), form);
    let vmin = v.iter().copied().fold(f64::INFINITY, f64::min);
    let vmax = v.iter().copied().fold(0.0, f64::max);
    let (lo, hi) = ((vmin / SEARCH_FACTOR).ln(), (vmax * SEARCH_FACTOR).ln());
    let step = (hi - lo) / SCAN as f64;
    let (mut best_ss, mut best_k) = (f64::INFINITY, 0);
    for k in 0..=SCAN {
        let (ss, _, _) = eval(lo + step * k as f64);
        if ss < best_ss {
            (best_ss, best_k) = (ss, k);
        }
    }
    if best_k == 0 || best_k == SCAN {
        let v_ref = (lo + step * best_k as f64).exp();
        return Err(FitError::OnBound { v_ref });
    }
    let center = lo + step * best_k as f64;
    let (mut a, mut c) = (center - step, center + step);
    let g = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..100 {
        let (x1, x2) = (c - g * (c - a), a + g * (c - a));
        if eval(x1).0 < eval(x2).0 {
            c = x2
        } else {
            a = x1
        }
    }
    let ln_vref = 0.5 * (a + c);
    let (weighted_ss_res, alpha_inf, alpha_0) = eval(ln_vref);
    let total: f64 = w.iter().sum();
    let mean_w = (0..v.len()).map(|i| w[i] * y[i]).sum::<f64>() / total;
    let ss_const: f64 = (0..v.len()).map(|i| w[i] * (y[i] - mean_w).powi(2)).sum();
    if ss_const - weighted_ss_res <= UNDETERMINED_GAIN * ss_const || ss_const == 0.0 {
        return Err(FitError::Undetermined);
    }
    if alpha_inf < 0.0 || alpha_0 < 0.0 {
        return Err(FitError::NonPhysical { alpha_inf, alpha_0 });
    }
    let v_ref = ln_vref.exp();
    let mean = y.iter().sum::<f64>() / y.len() as f64;
    let ss_tot: f64 = y.iter().map(|x| (x - mean).powi(2)).sum();
    let ss_res: f64 = (0..v.len())
        .map(|i| (y[i] - alpha_law(alpha_inf, alpha_0, v_ref, v[i])).powi(2))
        .sum();
    let r_squared = if ss_tot > 0.0 {
        1.0 - ss_res / ss_tot
    } else {
        1.0
    };
    Ok(AlphaLawFit {
        alpha_inf,
        alpha_0,
        v_ref,
        weighted_ss_res,
        r_squared,
    })
}

fn weights(n: usize, sigma: Option<&[f64]>) -> Vec<f64> {
    let ok = |x: f64| x.is_finite() && x > 0.0;
    let min_sigma = sigma
        .map(|s| {
            s.iter()
                .copied()
                .filter(|&x| ok(x))
                .fold(f64::INFINITY, f64::min)
        })
        .unwrap_or(f64::INFINITY);
    match sigma {
        Some(s) if min_sigma.is_finite() => s
            .iter()
            .map(|&x| {
                let x = if ok(x) { x } else { min_sigma };
                1.0 / (x * x)
            })
            .collect(),
        _ => vec![1.0; n],
    }
}

/// (weighted SS, α∞, α0) of the best linear coefficients at a fixed v_ref.
fn coefficients(v: &[f64], y: &[f64], w: &[f64], v_ref: f64, form: LawForm) -> (f64, f64, f64) {
    // Basis f1 = 1 − e^(−v/v_ref) (for α∞), f2 = e^(−v/v_ref) (for α0).
    let (mut s11, mut s12, mut s22, mut s1y, mut s2y) = (0.0, 0.0, 0.0, 0.0, 0.0);
    for i in 0..v.len() {
        let e = (-v[i] / v_ref).exp();
        let f1 = -(-v[i] / v_ref).exp_m1();
        s11 += w[i] * f1 * f1;
        s12 += w[i] * f1 * e;
        s22 += w[i] * e * e;
        s1y += w[i] * f1 * y[i];
        s2y += w[i] * e * y[i];
    }
    let (a_inf, a_0) = match form {
        LawForm::SeedSaturation => (if s11 > 0.0 { s1y / s11 } else { 0.0 }, 0.0),
        LawForm::Free => {
            let det = s11 * s22 - s12 * s12;
            if det.abs() <= 1e-14 * s11 * s22 || det == 0.0 {
                // Collinear bases (v_ref far outside the data): the constant-α limit.
                let total: f64 = w.iter().sum();
                let mean = (0..v.len()).map(|i| w[i] * y[i]).sum::<f64>() / total;
                (mean, mean)
            } else {
                ((s1y * s22 - s2y * s12) / det, (s2y * s11 - s1y * s12) / det)
            }
        }
    };
    let ss = (0..v.len())
        .map(|i| w[i] * (y[i] - alpha_law(a_inf, a_0, v_ref, v[i])).powi(2))
        .sum();
    (ss, a_inf, a_0)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Golden-section refinement over 100 steps: far below 1e-8 relative in ln v_ref; the
    /// linear coefficients follow to the same order.
    const EXACT_TOL: f64 = 1e-6;

    const V: [f64; 6] = [0.08, 1.0, 5.0, 10.0, 25.0, 50.0];

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() <= EXACT_TOL * b.abs().max(1.0)
    }

    #[test]
    fn recovers_a_falling_and_a_rising_law() {
        for (a_inf, a_0, v_ref) in [(3.0, 8.0, 6.0), (20.0, 2.0, 4.0)] {
            let y: Vec<f64> = V.iter().map(|&v| alpha_law(a_inf, a_0, v_ref, v)).collect();
            let f = fit_alpha_law(&V, &y, None, LawForm::Free).unwrap();
            assert!(close(f.alpha_inf, a_inf), "{f:?}");
            assert!(close(f.alpha_0, a_0), "{f:?}");
            assert!(close(f.v_ref, v_ref), "{f:?}");
            assert!(f.r_squared > 1.0 - 1e-10);
        }
    }

    #[test]
    fn the_seed_form_is_recovered_as_alpha0_zero() {
        let (b, v_ref) = (22.0, 12.0);
        let y: Vec<f64> = V.iter().map(|&v| alpha_law(b, 0.0, v_ref, v)).collect();
        let free = fit_alpha_law(&V, &y, None, LawForm::Free).unwrap();
        assert!(free.alpha_0.abs() < EXACT_TOL * b, "{free:?}");
        assert!(close(free.alpha_inf, b) && close(free.v_ref, v_ref));
        let seed = fit_alpha_law(&V, &y, None, LawForm::SeedSaturation).unwrap();
        assert_eq!(seed.alpha_0, 0.0);
        assert!(close(seed.alpha_inf, b) && close(seed.v_ref, v_ref));
    }

    #[test]
    fn an_optimum_on_a_search_bound_is_an_error() {
        // Straight falling data: the seed's saturation form can only push v_ref to its upper
        // bound (a linear rise is its best attempt at a fall: none), and a constant has no v_ref.
        let y: Vec<f64> = V.iter().map(|&v| 8.0 - 0.1 * v).collect();
        assert!(matches!(
            fit_alpha_law(&V, &y, None, LawForm::SeedSaturation),
            Err(FitError::OnBound { .. })
        ));
        let flat = [5.0; 6];
        assert!(matches!(
            fit_alpha_law(&V, &flat, None, LawForm::Free),
            Err(FitError::Undetermined)
        ));
        // A rise then a fall cannot be an exponential relaxation with α ≥ 0 everywhere.
        let bump = [1.0, 6.0, 9.0, 6.0, 3.0, 0.5];
        assert!(fit_alpha_law(&V, &bump, None, LawForm::Free).is_err());
    }

    #[test]
    fn weights_follow_sigma_and_bad_input_is_rejected() {
        let v = [0.5, 2.0, 10.0, 40.0];
        let mut y: Vec<f64> = v.iter().map(|&x| alpha_law(5.0, 1.0, 8.0, x)).collect();
        y[3] += 3.0;
        let s = [0.01, 0.01, 0.01, 1e4];
        let f = fit_alpha_law(&v, &y, Some(&s), LawForm::Free).unwrap();
        for i in 0..3 {
            assert!((alpha_law(f.alpha_inf, f.alpha_0, f.v_ref, v[i]) - y[i]).abs() < 1e-3);
        }
        assert!(fit_alpha_law(&v[..2], &y[..2], None, LawForm::Free).is_err());
        assert!(fit_alpha_law(&[1.0, -2.0, 3.0], &[1.0, 2.0, 3.0], None, LawForm::Free).is_err());
    }
}
