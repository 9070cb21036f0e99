//! Model thresholds on l/a (seed 004 §2.1.4): below `la_deterministic` CV_F < tolerance
//! (seed: 0.3 at σ/μ = 0.2, 5 %), above `la_random_variable` CV_F is within a relative
//! `plateau_tolerance` of its limit σ/μ (seed: ≈ 10; 8.1 at 1 %, the grid point 10 of a
//! 1/6-decade grid lies within one step of it).

use super::closed_form;

/// The two thresholds and the criteria that produced them.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Thresholds {
    /// σ_H/μ_H.
    pub sigma_over_mu: f64,
    /// Absolute CV tolerance of the deterministic threshold.
    pub tolerance: f64,
    /// Relative tolerance of the random-variable threshold.
    pub plateau_tolerance: f64,
    /// l/a below which CV_F < tolerance.
    pub la_deterministic: f64,
    /// l/a above which |CV_F/(σ/μ) − 1| ≤ plateau_tolerance.
    pub la_random_variable: f64,
}

/// Root of a function increasing in log t on [1e-4, 1e4] by bisection (60 halvings of the
/// log interval: far below any grid resolution). Returns the clamped end if no sign change.
fn bisect_log(f: impl Fn(f64) -> f64) -> f64 {
    let (mut lo, mut hi) = (-4.0f64, 4.0f64);
    if f(10f64.powf(lo)) >= 0.0 {
        return 10f64.powf(lo);
    }
    if f(10f64.powf(hi)) < 0.0 {
        return 10f64.powf(hi);
    }
    for _ in 0..60 {
        let mid = 0.5 * (lo + hi);
        if f(10f64.powf(mid)) >= 0.0 {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    10f64.powf(0.5 * (lo + hi))
}

/// Thresholds from the closed form Eq. 16 (exact for the square in translation).
pub fn closed_form_thresholds(
    sigma_over_mu: f64,
    tolerance: f64,
    plateau_tolerance: f64,
) -> Thresholds {
    Thresholds {
        sigma_over_mu,
        tolerance,
        plateau_tolerance,
        la_deterministic: bisect_log(|t| closed_form::cv_force(t, sigma_over_mu) - tolerance),
        la_random_variable: bisect_log(|t| {
            closed_form::cv_force(t, 1.0) - (1.0 - plateau_tolerance)
        }),
    }
}

/// Linear interpolation in log(l/a) of where the curve reaches `target` between k−1 and k.
fn crossing(la: &[f64], cv: &[f64], k: usize, target: f64) -> f64 {
    let (x0, x1) = (la[k - 1].ln(), la[k].ln());
    let (y0, y1) = (cv[k - 1], cv[k]);
    let w = if y1 != y0 {
        (target - y0) / (y1 - y0)
    } else {
        0.5
    };
    (x0 + w.clamp(0.0, 1.0) * (x1 - x0)).exp()
}

/// From a sampled curve CV_F/(σ/μ) at increasing `la`: the first l/a where CV_F reaches
/// `tolerance`, interpolated in log(l/a). `None` if it is never crossed.
pub fn deterministic_threshold_from_curve(
    la: &[f64],
    cv_over_smu: &[f64],
    sigma_over_mu: f64,
    tolerance: f64,
) -> Option<f64> {
    let n = la.len().min(cv_over_smu.len());
    let target = tolerance / sigma_over_mu;
    let k = (1..n).find(|&k| cv_over_smu[k] >= target && cv_over_smu[k - 1] < target)?;
    Some(crossing(la, cv_over_smu, k, target))
}

/// From a sampled curve: the l/a after the last point outside the band
/// |CV/(σ/μ) − 1| ≤ `plateau_tolerance`, interpolated in log(l/a). `None` if the curve
/// never settles (e.g. Monte-Carlo noise above the band: resolving a 1 % band needs
/// N ≳ 2·(3/0.01)² ≈ 2·10⁵ realisations, so use the closed form for translation).
pub fn plateau_threshold_from_curve(
    la: &[f64],
    cv_over_smu: &[f64],
    plateau_tolerance: f64,
) -> Option<f64> {
    let n = la.len().min(cv_over_smu.len());
    let last_out = (0..n)
        .rev()
        .find(|&k| (cv_over_smu[k] - 1.0).abs() > plateau_tolerance)?;
    if last_out + 1 >= n {
        return None;
    }
    Some(crossing(
        la,
        cv_over_smu,
        last_out + 1,
        1.0 - plateau_tolerance,
    ))
}

/// Both thresholds from a sampled curve (see the two functions above).
pub fn thresholds_from_curve(
    la: &[f64],
    cv_over_smu: &[f64],
    sigma_over_mu: f64,
    tolerance: f64,
    plateau_tolerance: f64,
) -> Option<Thresholds> {
    Some(Thresholds {
        sigma_over_mu,
        tolerance,
        plateau_tolerance,
        la_deterministic: deterministic_threshold_from_curve(
            la,
            cv_over_smu,
            sigma_over_mu,
            tolerance,
        )?,
        la_random_variable: plateau_threshold_from_curve(la, cv_over_smu, plateau_tolerance)?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn closed_form_thresholds_reproduce_seed_values() {
        let t = closed_form_thresholds(0.2, 0.05, 0.01);
        // 40-digit references (mpmath roots of Eq. 16).
        assert!((t.la_deterministic - 0.309_035_71).abs() < 1e-6, "{t:?}");
        assert!((t.la_random_variable - 8.115_764_7).abs() < 1e-5, "{t:?}");
        // The seed's 0.3 and 10 within one grid step (1/6 decade) of the 25-point grid.
        let step = 1.0 / 6.0;
        assert!((t.la_deterministic.log10() - 0.3f64.log10()).abs() < step);
        assert!((t.la_random_variable.log10() - 1.0).abs() < step);
        // The same from the closed-form curve sampled on the table's 25-point grid.
        let la: Vec<f64> = (0..25).map(|k| 10f64.powf(-2.0 + k as f64 / 6.0)).collect();
        let cv: Vec<f64> = la.iter().map(|&t| closed_form::cv_force(t, 1.0)).collect();
        let g = thresholds_from_curve(&la, &cv, 0.2, 0.05, 0.01).unwrap();
        assert!(
            (g.la_deterministic.log10() - 0.3f64.log10()).abs() < step,
            "{g:?}"
        );
        assert!((g.la_random_variable.log10() - 1.0).abs() < step, "{g:?}");
        assert!((g.la_deterministic / t.la_deterministic - 1.0).abs() < 0.02);
        assert!((g.la_random_variable / t.la_random_variable - 1.0).abs() < 0.05);
    }
}
