//! Closed forms of the square plate [−a, a]² in pure translation (seed 004 Eq. 6–9, 16–17)
//! and the probability approximations of Appendix A, in f64.
//!
//! Eq. 7 and 9 factor: with J0(t) = 2√π·t·erf(2/t) + t²·expm1(−4/t²) (the 1-D integral
//! ∫∫ρ dx dx'/a²) and J2(t) = (2√π/3)·t·erf(2/t) + (e − 3)/3·t² − expm1(−4/t²)·t⁴/6
//! (∫∫ y y' ρ dy dy'/a⁴, e = exp(−4/t²)), t = l/a:
//!
//! ```text
//! Var[F_x] = P²σ²a⁴·J0²,   Var[T_G] = P²σ²a⁶·J0·J2,
//! CV_F = σ/(4μ)·J0,        CV_T = √2σ/(4μ)·√(J0·J2).
//! ```
//!
//! Expanding the products gives the printed Eq. 7, 9, 16, 17 term by term. The printed
//! forms cancel catastrophically for large t (1 − 2e^{−4/t²} + e^{−8/t²} at t ≳ 30); J0 is
//! evaluated with expm1, and for t ≥ 2 both J0 and J2 by their series in 4/t² (J2 → 8/(9t²)
//! from terms of size t², a t⁴ loss otherwise).
//!
//! ```
//! use tribo_calibrator::random_field::closed_form::{cv_force, var_force};
//! assert!((cv_force(1e6, 0.2) - 0.2).abs() < 1e-12); // Eq. 19: CV_F → σ/μ
//! // Var[F_x] → (4a²Pσ)² as l → ∞ (a uniform random COF over the plate).
//! assert!((var_force(1.0, 1e6, 1.0, 0.1) / 0.16 - 1.0).abs() < 1e-9);
//! ```

use std::f64::consts::PI;

/// Below this t the direct (expm1) formulas are used, above the series.
const SERIES_FROM_T: f64 = 2.0;
/// Series terms: with 4/t² ≤ 1 the k-th term is below 1/k!; 22 terms reach f64 round-off.
const SERIES_TERMS: u32 = 22;

/// (J0(t), J2(t)), see the module docs.
pub fn j0_j2(t: f64) -> (f64, f64) {
    if t < SERIES_FROM_T {
        let em1 = (-4.0 / (t * t)).exp_m1();
        let erf = libm::erf(2.0 / t);
        let t2 = t * t;
        let sp = PI.sqrt();
        let j0 = 2.0 * sp * t * erf + t2 * em1;
        let j2 = (2.0 * sp / 3.0) * t * erf + (em1 - 2.0) / 3.0 * t2 - em1 * t2 * t2 / 6.0;
        (j0, j2)
    } else {
        let x = -4.0 / (t * t);
        let (mut j0, mut j2) = (4.0, 0.0);
        let mut p = 1.0;
        for k in 1..=SERIES_TERMS {
            let kf = f64::from(k);
            p *= x / kf;
            j0 += 4.0 * p / ((kf + 1.0) * (2.0 * kf + 1.0));
            j2 -= p * 4.0 * kf / ((2.0 * kf + 1.0) * (kf + 1.0) * (kf + 2.0));
        }
        (j0, j2)
    }
}

/// E\[F_x\] = −4Pa²μ_H (Eq. 6).
pub fn mean_force(a: f64, p: f64, mu: f64) -> f64 {
    -4.0 * p * a * a * mu
}

/// Var\[F_x\] (Eq. 7) for half side `a`, correlation length `l`, pressure `p`, COF std σ_H.
pub fn var_force(a: f64, l: f64, p: f64, sigma: f64) -> f64 {
    let (j0, _) = j0_j2(l / a);
    (p * sigma * a * a * j0).powi(2)
}

/// Var\[T_G\] (Eq. 9).
pub fn var_torque(a: f64, l: f64, p: f64, sigma: f64) -> f64 {
    let (j0, j2) = j0_j2(l / a);
    (p * sigma).powi(2) * a.powi(6) * j0 * j2
}

/// CV_‖F‖ in translation (Eq. 16) at t = l/a.
pub fn cv_force(t: f64, sigma_over_mu: f64) -> f64 {
    sigma_over_mu * 0.25 * j0_j2(t).0
}

/// CV_T in translation (Eq. 17, denominator |μ_F|·a/√2) at t = l/a.
pub fn cv_torque(t: f64, sigma_over_mu: f64) -> f64 {
    let (j0, j2) = j0_j2(t);
    sigma_over_mu * std::f64::consts::SQRT_2 * 0.25 * (j0 * j2).max(0.0).sqrt()
}

/// Appendix A, Eq. A.3–A.4: a positive-weight sum of correlated lognormals (F_x up to its
/// sign) approximated by one lognormal with the same mean and variance.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LognormalApprox {
    /// μ_S (log-mean).
    pub log_mean: f64,
    /// σ_S (log-std).
    pub log_std: f64,
}

impl LognormalApprox {
    /// From the mean (> 0) and variance of the sum.
    pub fn from_moments(mean: f64, var: f64) -> Self {
        let s2 = (var / (mean * mean)).ln_1p();
        Self {
            log_mean: mean.ln() - 0.5 * s2,
            log_std: s2.sqrt(),
        }
    }

    /// Probability density at s > 0 (Eq. A.3).
    pub fn pdf(&self, s: f64) -> f64 {
        if s <= 0.0 {
            return 0.0;
        }
        let z = (s.ln() - self.log_mean) / self.log_std;
        (-0.5 * z * z).exp() / (s * self.log_std * (2.0 * PI).sqrt())
    }

    /// Cumulative distribution at s.
    pub fn cdf(&self, s: f64) -> f64 {
        if s <= 0.0 {
            return 0.0;
        }
        normal_cdf((s.ln() - self.log_mean) / self.log_std)
    }
}

/// Standard normal CDF.
pub fn normal_cdf(z: f64) -> f64 {
    0.5 * libm::erfc(-z / std::f64::consts::SQRT_2)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Printed Eq. 7 bracket, accurate in f64 for l/a ≤ 5.
    fn eq7_printed(a: f64, l: f64) -> f64 {
        let e = (-4.0 * a * a / (l * l)).exp();
        let erf = libm::erf(2.0 * a / l);
        4.0 * PI * erf * erf * a * a * l * l
            + 4.0 * PI.sqrt() * erf * (e - 1.0) * a * l.powi(3)
            + (1.0 - 2.0 * e + e * e) * l.powi(4)
    }

    /// Printed Eq. 9 bracket.
    fn eq9_printed(a: f64, l: f64) -> f64 {
        let e = (-4.0 * a * a / (l * l)).exp();
        let erf = libm::erf(2.0 * a / l);
        let sp = PI.sqrt();
        4.0 * PI / 3.0 * erf * erf * a.powi(4) * l * l
            + 4.0 * sp / 3.0 * erf * (e - 2.0) * a.powi(3) * l.powi(3)
            + (1.0 - 4.0 / 3.0 * e + e * e / 3.0) * a * a * l.powi(4)
            + sp / 3.0 * erf * (1.0 - e) * a * l.powi(5)
            + (e / 3.0 - e * e / 6.0 - 1.0 / 6.0) * l.powi(6)
    }

    /// Quadrature of ∫∫ w(y)w(y')ρ(y−y') over [−a, a]² (Gauss–Legendre by midpoint with many
    /// points: the integrand is smooth, 4000² midpoints give ~1e-7 relative).
    fn quad(a: f64, l: f64, moment: i32) -> f64 {
        let n = 2000;
        let h = 2.0 * a / n as f64;
        let ys: Vec<f64> = (0..n).map(|i| -a + (i as f64 + 0.5) * h).collect();
        let mut s = 0.0;
        for &y in &ys {
            for &z in &ys {
                s += y.powi(moment) * z.powi(moment) * (-(y - z).powi(2) / (l * l)).exp();
            }
        }
        s * h * h
    }

    /// f64 rounding of the printed forms for moderate l/a.
    const REL_TOL: f64 = 1e-10;
    /// 2000-point midpoint quadrature of a smooth integrand.
    const QUAD_TOL: f64 = 1e-5;

    #[test]
    fn factored_forms_equal_printed_equations() {
        for &(a, l) in &[(0.5, 0.1), (1.0, 1.0), (2.5, 0.3), (0.5, 1.0), (1.0, 4.0)] {
            let v7 = var_force(a, l, 1.0, 1.0);
            let v9 = var_torque(a, l, 1.0, 1.0);
            assert!(
                (v7 / eq7_printed(a, l) - 1.0).abs() < REL_TOL,
                "a={a} l={l}"
            );
            assert!(
                (v9 / eq9_printed(a, l) - 1.0).abs() < REL_TOL,
                "a={a} l={l}"
            );
        }
    }

    #[test]
    fn factors_equal_quadrature() {
        for &(a, l) in &[(1.0, 0.3), (1.0, 1.0), (1.0, 3.0), (1.0, 10.0)] {
            let (j0, j2) = j0_j2(l / a);
            assert!((j0 / quad(a, l, 0) - 1.0).abs() < QUAD_TOL, "J0 l={l}");
            assert!((j2 / quad(a, l, 1) - 1.0).abs() < QUAD_TOL, "J2 l={l}");
        }
    }

    #[test]
    fn limits_of_eq_19_and_single_torque_maximum() {
        assert!(cv_force(1e-3, 0.2) < 1e-3);
        assert!((cv_force(1e5, 0.2) - 0.2).abs() < 1e-10);
        assert!(cv_torque(1e-3, 0.2) < 1e-3 && cv_torque(1e4, 0.2) < 1e-4);
        let ts: Vec<f64> = (0..=400)
            .map(|k| 10f64.powf(-2.0 + k as f64 / 100.0))
            .collect();
        let cvt: Vec<f64> = ts.iter().map(|&t| cv_torque(t, 1.0)).collect();
        let cvf: Vec<f64> = ts.iter().map(|&t| cv_force(t, 1.0)).collect();
        assert!(cvf.windows(2).all(|w| w[1] > w[0]), "CV_F monotone");
        let kmax = (0..cvt.len())
            .max_by(|&i, &j| cvt[i].total_cmp(&cvt[j]))
            .unwrap();
        assert!((0.7..1.5).contains(&ts[kmax]), "max at {}", ts[kmax]);
        assert!(cvt[..=kmax].windows(2).all(|w| w[1] > w[0]));
        assert!(cvt[kmax..].windows(2).all(|w| w[1] < w[0]));
    }

    #[test]
    fn lognormal_approx_has_the_given_moments() {
        let d = LognormalApprox::from_moments(2.0, 0.09);
        let (mut m0, mut m1, mut m2) = (0.0, 0.0, 0.0);
        let h = 1e-4;
        for k in 1..100_000 {
            let s = k as f64 * h;
            let p = d.pdf(s) * h;
            m0 += p;
            m1 += p * s;
            m2 += p * s * s;
        }
        assert!((m0 - 1.0).abs() < 1e-6);
        assert!((m1 - 2.0).abs() < 1e-6);
        assert!((m2 - m1 * m1 - 0.09).abs() < 1e-6);
        assert!((d.cdf(d.log_mean.exp()) - 0.5).abs() < 1e-12);
    }
}
