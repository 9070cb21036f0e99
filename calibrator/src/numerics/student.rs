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
