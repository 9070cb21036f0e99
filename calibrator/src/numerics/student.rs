//! Quantiles of Student's t distribution for the confidence intervals of the fits.
//!
//! For integer ν the two-sided probability A(t|ν) = P(|T| < t) has a finite closed form
//! (Abramowitz & Stegun 26.7.3–26.7.4), with θ = atan(t/√ν):
//!
//! ```text
//! ν odd:  A = (2/π)·[θ + sinθ·(cosθ + (2/3)cos³θ + … + (2·4…(ν−3))/(1·3…(ν−2))·cos^(ν−2)θ)]   (ν = 1: 2θ/π)
//! ν even: A = sinθ·[1 + (1/2)cos²θ + (1·3)/(2·4)cos⁴θ + … + (1·3…(ν−3))/(2·4…(ν−2))·cos^(ν−2)θ]
//! ```
//!
//! The quantile is found by bisection on θ ∈ (0, π/2) (A is increasing in θ).
//!
//! Why ours stays instead of `statrs` (issue 33): the fits need integer ν only, for which this
//! is exact up to round-off — it matches a 40-digit reference (mpmath, regularised incomplete
//! beta) to a relative 10⁻¹² over ν = 1 … 1000 and three confidences (see the
//! tests) — in 80 lines without a dependency; `statrs` would bring `nalgebra` and an
//! iterative inverse of the incomplete beta function for the same numbers.

use std::f64::consts::FRAC_PI_2;

/// A(t|ν) = P(|T| < t) as a function of θ = atan(t/√ν), ν ≥ 1.
fn two_sided_in_theta(theta: f64, nu: u32) -> f64 {
    let (s, c) = theta.sin_cos();
    if nu % 2 == 1 {
        let mut sum = 0.0;
        let mut term = c; // cosθ
        let mut k = 1u32; // term holds (2·4…(2k−2))/(1·3…(2k−1))·cos^(2k−1)θ
        while 2 * k < nu {
            sum += term;
            term *= c * c * (2 * k) as f64 / (2 * k + 1) as f64;
            k += 1;
        }
        (2.0 / std::f64::consts::PI) * (theta + s * sum)
    } else {
        let mut sum = 0.0;
        let mut term = 1.0;
        let mut k = 0u32; // term holds (1·3…(2k−1))/(2·4…2k)·cos^(2k)θ
        while 2 * k + 1 < nu {
            sum += term;
            term *= c * c * (2 * k + 1) as f64 / (2 * k + 2) as f64;
            k += 1;
        }
        s * sum
    }
}

/// The two-sided quantile t with P(|T| < t) = `confidence` for ν = `dof` ≥ 1 degrees of
/// freedom (e.g. 0.95 → t_{0.975, ν}). `None` for dof = 0 or confidence outside (0, 1).
///
/// ```
/// use tribo_calibrator::numerics::student::t_quantile;
/// assert!((t_quantile(0.95, 10).unwrap() - 2.228_139).abs() < 1e-6);
/// ```
pub fn t_quantile(confidence: f64, dof: u32) -> Option<f64> {
    if dof == 0 || !(confidence > 0.0 && confidence < 1.0) {
        return None;
    }
    let (mut lo, mut hi) = (0.0f64, FRAC_PI_2);
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if two_sided_in_theta(mid, dof) < confidence {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    Some((0.5 * (lo + hi)).tan() * f64::from(dof).sqrt())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Agreement with the 40-digit reference: the closed form sums ≤ ν/2 positive terms and
    /// the bisection resolves θ to f64, so a few ulps of t for ν ≤ 1000.
    const REFERENCE_REL_TOL: f64 = 1e-12;

    /// t with P(|T| < t) = confidence, computed with mpmath 1.3 at 40 digits by bisection on
    /// 1 − I_{ν/(ν+t²)}(ν/2, 1/2), printed to 17 digits (more than f64 holds: as printed).
    #[allow(clippy::excessive_precision)]
    const REFERENCE: [(f64, u32, f64); 36] = [
        (0.9, 1, 6.3137515146750431),
        (0.9, 2, 2.9199855803537257),
        (0.9, 3, 2.3533634348018239),
        (0.9, 4, 2.1318467863266503),
        (0.9, 5, 2.0150483733330242),
        (0.9, 7, 1.8945786050900074),
        (0.9, 10, 1.8124611228116764),
        (0.9, 20, 1.7247182429207873),
        (0.9, 30, 1.6972608865939578),
        (0.9, 60, 1.6706488649046365),
        (0.9, 120, 1.6576508993552356),
        (0.9, 1000, 1.6463788172854647),
        (0.95, 1, 12.706204736174705),
        (0.95, 2, 4.3026527297494639),
        (0.95, 3, 3.1824463052837096),
        (0.95, 4, 2.7764451051977944),
        (0.95, 5, 2.5705818356363155),
        (0.95, 7, 2.3646242515927853),
        (0.95, 10, 2.2281388519862747),
        (0.95, 20, 2.0859634472658648),
        (0.95, 30, 2.0422724563012383),
        (0.95, 60, 2.0002978220142605),
        (0.95, 120, 1.9799304050824408),
        (0.95, 1000, 1.9623390808264085),
        (0.99, 1, 63.656741162871581),
        (0.99, 2, 9.9248432009182931),
        (0.99, 3, 5.8409093097333573),
        (0.99, 4, 4.6040948713499932),
        (0.99, 5, 4.0321429835552281),
        (0.99, 7, 3.4994832973504939),
        (0.99, 10, 3.1692726726169512),
        (0.99, 20, 2.8453397097861085),
        (0.99, 30, 2.7499956535672253),
        (0.99, 60, 2.6602830288550372),
        (0.99, 120, 2.617421145106866),
        (0.99, 1000, 2.5807546980659511),
    ];

    #[test]
    fn matches_a_40_digit_reference() {
        for (conf, nu, want) in REFERENCE {
            let got = t_quantile(conf, nu).unwrap();
            let rel = (got - want).abs() / want;
            assert!(
                rel < REFERENCE_REL_TOL,
                "ν = {nu}, {conf}: {got} vs {want} ({rel:e})"
            );
        }
    }

    /// The tabled values have 3–4 decimals (printed tables round to 1e-3).
    const TABLE_TOL: f64 = 1e-3;

    #[test]
    fn matches_tabled_quantiles() {
        // t_{0.975, ν} and t_{0.95, ν} from standard tables; ν = 1 is exact (tan(0.95·π/2)).
        for (conf, nu, want) in [
            (0.95, 1, 12.706),
            (0.95, 2, 4.303),
            (0.95, 3, 3.182),
            (0.95, 5, 2.571),
            (0.95, 10, 2.228),
            (0.95, 30, 2.042),
            (0.90, 4, 2.132),
            (0.99, 20, 2.845),
        ] {
            let got = t_quantile(conf, nu).unwrap();
            assert!(
                (got - want).abs() < TABLE_TOL * want.max(1.0),
                "ν = {nu}: {got} vs {want}"
            );
        }
        // ν = 1 (Cauchy) closed form; large ν → normal quantile 1.959964.
        let cauchy = (0.95 * FRAC_PI_2).tan();
        assert!((t_quantile(0.95, 1).unwrap() - cauchy).abs() < 1e-9);
        assert!((t_quantile(0.95, 2000).unwrap() - 1.959964).abs() < 2e-3);
        assert!(t_quantile(0.95, 0).is_none());
        assert!(t_quantile(1.0, 3).is_none());
    }
}
