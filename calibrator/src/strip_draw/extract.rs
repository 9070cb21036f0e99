//! The steady-state μ̄ of a strip draw, extracted as seed 000 does (§2.1, §7, Eq. 28):
//! μ̄ = F_S/F_N averaged over the steady region near the end of the μ–sliding-distance
//! curve, with the total slide fixed at 140 mm for all runs.
//!
//! **Window (a documented choice).** The seed does not give the window's length. We average
//! over the last `window` of slide, 20 mm by default ([`NumericSettings::seed_000`]: slide
//! 120–140 mm). The core's [`RunSummary`](tribo_core::bar::RunSummary) accumulates the
//! same mean at every step (ΣF_S/ΣF_N); this module computes it from the recorded μ(t)
//! samples and adds the **drift**, the relative change of μ between the second and the
//! first half of the window: a steady curve has |drift| ≪ 1 %, a curve still falling (a
//! 140 mm tool on a 140 mm slide never reaches steady state: the sheet entering last has
//! seen the tool for the whole slide) has a clearly negative drift, which the report prints
//! next to μ̄ instead of hiding.
//!
//! [`NumericSettings::seed_000`]: crate::strip_draw::NumericSettings::seed_000

/// The steady-state average of a μ(t) curve.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SteadyMu {
    /// Mean μ over the window \[-\].
    pub mean: f64,
    /// (mean of the second half − mean of the first half)/mean \[-\].
    pub drift: f64,
    /// Samples in the window.
    pub samples: usize,
    /// Window start (slide) \[m\].
    pub from: f64,
    /// Window end (last slide) \[m\].
    pub to: f64,
}

/// μ̄ over the last `window` \[m\] of slide of `curve` = (slide \[m\], μ) samples, uniformly
/// spaced and in increasing slide order (what [`run_pass`](super::run_pass) records).
/// Non-finite samples are skipped. `None` if no finite sample lies in the window.
///
/// ```
/// use tribo_calibrator::strip_draw::steady_mu;
/// let curve: Vec<(f64, f64)> = (0..=140).map(|i| (i as f64 * 1e-3, 0.1)).collect();
/// let s = steady_mu(&curve, 0.0205).unwrap(); // the last 20.5 mm: samples at 120…140 mm
/// assert!((s.mean - 0.1).abs() < 1e-15 && s.drift.abs() < 1e-12 && s.samples == 21);
/// ```
pub fn steady_mu(curve: &[(f64, f64)], window: f64) -> Option<SteadyMu> {
    let to = curve
        .iter()
        .rev()
        .find(|(s, m)| s.is_finite() && m.is_finite())?
        .0;
    let from = to - window.max(0.0);
    let mid = 0.5 * (from + to);
    let in_window = |&&(s, m): &&(f64, f64)| s.is_finite() && m.is_finite() && s >= from;
    let (mut sum, mut n) = (0.0, 0usize);
    let (mut sum_a, mut n_a, mut sum_b, mut n_b) = (0.0, 0usize, 0.0, 0usize);
    for &(s, m) in curve.iter().filter(in_window) {
        sum += m;
        n += 1;
        if s < mid {
            sum_a += m;
            n_a += 1;
        } else {
            sum_b += m;
            n_b += 1;
        }
    }
    if n == 0 {
        return None;
    }
    let mean = sum / n as f64;
    let drift = if n_a > 0 && n_b > 0 && mean != 0.0 {
        (sum_b / n_b as f64 - sum_a / n_a as f64) / mean
    } else {
        0.0
    };
    Some(SteadyMu {
        mean,
        drift,
        samples: n,
        from,
        to,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Midpoint sampling of a smooth curve with 4001 samples over the window: the discrete
    /// mean matches the integral mean to O(h²) ≈ 1e-8 relative.
    const QUADRATURE_TOL: f64 = 1e-6;

    #[test]
    fn relaxing_curve_mean_and_drift_match_the_closed_form() {
        // μ(s) = a + b·exp(−s/λ): the integral mean over [s0, s1] and the half-window means
        // have closed forms.
        let (a, b, lambda) = (0.1, 0.05, 0.03);
        let mu = |s: f64| a + b * (-s / lambda).exp();
        let h = 1e-5;
        let curve: Vec<(f64, f64)> = (0..=14_000)
            .map(|i| (i as f64 * h, mu(i as f64 * h)))
            .collect();
        let window = 0.040;
        let got = steady_mu(&curve, window).unwrap();
        let mean_over = |s0: f64, s1: f64| {
            a + b * lambda * ((-s0 / lambda).exp() - (-s1 / lambda).exp()) / (s1 - s0)
        };
        let (s0, s1) = (0.140 - window, 0.140);
        let want = mean_over(s0, s1);
        assert!(
            (got.mean - want).abs() <= QUADRATURE_TOL * want,
            "{} vs {want}",
            got.mean
        );
        let mid = 0.5 * (s0 + s1);
        let drift = (mean_over(mid, s1) - mean_over(s0, mid)) / want;
        assert!(drift < 0.0);
        assert!(
            (got.drift - drift).abs() <= 1e-3 * drift.abs(),
            "{} vs {drift}",
            got.drift
        );
        assert_eq!(got.samples, 4001);
    }

    #[test]
    fn empty_or_non_finite_curves_give_none_and_nan_samples_are_skipped() {
        assert!(steady_mu(&[], 0.01).is_none());
        assert!(steady_mu(&[(0.0, f64::NAN)], 0.01).is_none());
        let s = steady_mu(&[(0.0, 1.0), (0.001, f64::NAN), (0.002, 3.0)], 0.01).unwrap();
        assert_eq!((s.mean, s.samples), (2.0, 2));
    }
}
