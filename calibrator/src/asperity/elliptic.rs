//! Complete elliptic integrals of the first and second kind by the arithmetic–geometric mean
//! (AGM), for the Mindlin stiffness of elliptic microjunctions (seed 003 Eq. 2).
//!
//! **Convention: the argument is the parameter m = k² = e²**, not the modulus k. Seed 003
//! writes K(e), E(e) with the eccentricity e as the *modulus*, so the junction code calls these
//! with `m = e * e` (DESIGN.md, known traps).
//!
//! ```text
//! K(m) = ∫₀^{π/2} dθ / √(1 − m sin²θ),   E(m) = ∫₀^{π/2} √(1 − m sin²θ) dθ
//! a₀ = 1, b₀ = √(1−m), c₀² = m;  a_{n+1} = (a_n+b_n)/2, b_{n+1} = √(a_n b_n),
//! c_{n+1} = c_n²/(4 a_{n+1});   K = π/(2 a_∞),   K − E = K · Σ_{n≥0} 2^{n−1} c_n²
//! ```
//!
//! The c_n are computed by the cancellation-free recurrence c_{n+1} = c_n²/(4a_{n+1}), so the
//! difference D(m) = (K − E)/m is accurate to a few ulps even for m → 0, where K and E both tend
//! to π/2 (the limit D(0) = π/4 is what makes Eq. 2 reduce to the circular Mindlin stiffness).
//!
//! ```
//! use tribo_calibrator::asperity::elliptic::complete_elliptic;
//! let c = complete_elliptic(0.5).unwrap();
//! assert!((c.k - 1.8540746773013719).abs() < 1e-14);
//! assert!((c.e - 1.3506438810476755).abs() < 1e-14);
//! ```

use std::f64::consts::FRAC_PI_2;

/// K(m), E(m) and D(m) = (K(m) − E(m))/m for one parameter m.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CompleteElliptic {
    /// Complete elliptic integral of the first kind K(m).
    pub k: f64,
    /// Complete elliptic integral of the second kind E(m).
    pub e: f64,
    /// (K(m) − E(m))/m, evaluated without cancellation; π/4 at m = 0.
    pub d: f64,
}

/// Largest number of AGM steps (the iteration converges quadratically: 6–8 steps reach 1 ulp
/// for m ≤ 1 − 1e-12).
const MAX_AGM_STEPS: usize = 40;

/// K, E and D = (K − E)/m at parameter `m` ∈ [0, 1) (m = k² = e²).
///
/// Returns `None` for m outside [0, 1) or NaN (K diverges at m = 1).
pub fn complete_elliptic(m: f64) -> Option<CompleteElliptic> {
    if !(0.0..1.0).contains(&m) {
        return None;
    }
    let mut a = 1.0f64;
    let mut b = (1.0 - m).sqrt();
    // Σ 2^{n−1} c_n² / m: the n = 0 term is c₀²/(2m) = 1/2 exactly.
    let mut sum_over_m = 0.5;
    // c_n / √m, kept scaled so that m = 0 needs no special case.
    let mut c_scaled = 1.0f64;
    let mut c = m.sqrt();
    let mut pow2 = 0.5f64;
    for _ in 0..MAX_AGM_STEPS {
        let a_next = 0.5 * (a + b);
        let b_next = (a * b).sqrt();
        // c_{n+1} = c_n² / (4 a_{n+1}); scaled: c_{n+1}/√m = (c_n/√m)·c_n/(4 a_{n+1}).
        c_scaled = c_scaled * c / (4.0 * a_next);
        c = c * c / (4.0 * a_next);
        pow2 *= 2.0;
        let term = pow2 * c_scaled * c_scaled;
        sum_over_m += term;
        a = a_next;
        b = b_next;
        if term <= f64::EPSILON * 1e-3 * sum_over_m && (a - b).abs() <= f64::EPSILON * a {
            break;
        }
    }
    let k = FRAC_PI_2 / a;
    let d = k * sum_over_m;
    Some(CompleteElliptic { k, e: k - m * d, d })
}

/// K(m), parameter convention m = k²; `None` outside [0, 1).
pub fn ellip_k(m: f64) -> Option<f64> {
    complete_elliptic(m).map(|c| c.k)
}

/// E(m), parameter convention m = k²; `None` outside [0, 1]. E(1) = 1.
pub fn ellip_e(m: f64) -> Option<f64> {
    if m == 1.0 {
        return Some(1.0);
    }
    complete_elliptic(m).map(|c| c.e)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::f64::consts::PI;

    /// Required accuracy of K and E against reference values (issue 5).
    const REF_TOL: f64 = 1e-12;

    /// Reference values (parameter m): DLMF / Abramowitz–Stegun Table 17.1, 16+ digits.
    const REFERENCE: [(f64, f64, f64); 3] = [
        (0.5, 1.8540746773013719, 1.3506438810476755),
        (0.1, 1.6124413487202194, 1.5307576368977633),
        (0.9, 2.5780921133481733, 1.1047747327040733),
    ];

    #[test]
    fn matches_reference_values() {
        for &(m, k, e) in &REFERENCE {
            let c = complete_elliptic(m).unwrap();
            assert!((c.k - k).abs() < REF_TOL, "K({m}) = {} vs {k}", c.k);
            assert!((c.e - e).abs() < REF_TOL, "E({m}) = {} vs {e}", c.e);
        }
        let c0 = complete_elliptic(0.0).unwrap();
        assert_eq!(c0.k, FRAC_PI_2);
        assert_eq!(c0.e, FRAC_PI_2);
        assert!((c0.d - PI / 4.0).abs() < 1e-16);
        assert_eq!(ellip_e(1.0), Some(1.0));
        assert_eq!(ellip_k(1.0), None);
        assert_eq!(ellip_k(-0.1), None);
        assert_eq!(ellip_k(f64::NAN), None);
    }

    /// Naive reference: composite Gauss–Legendre (5 points) on 400 panels of [0, π/2]. The
    /// integrands are analytic for m < 1, so this is exact to rounding for m ≤ 0.99.
    fn quadrature(m: f64) -> (f64, f64) {
        const X: [f64; 5] = [
            0.0,
            -0.538_469_310_105_683_1,
            0.538_469_310_105_683_1,
            -0.906_179_845_938_664,
            0.906_179_845_938_664,
        ];
        const W: [f64; 5] = [
            0.568_888_888_888_888_9,
            0.478_628_670_499_366_47,
            0.478_628_670_499_366_47,
            0.236_926_885_056_189_08,
            0.236_926_885_056_189_08,
        ];
        let panels = 400;
        let h = FRAC_PI_2 / panels as f64;
        let (mut k, mut e) = (0.0, 0.0);
        for p in 0..panels {
            let mid = (p as f64 + 0.5) * h;
            for (x, w) in X.iter().zip(W) {
                let s = (mid + 0.5 * h * x).sin();
                let r = (1.0 - m * s * s).sqrt();
                k += 0.5 * h * w / r;
                e += 0.5 * h * w * r;
            }
        }
        (k, e)
    }

    #[test]
    fn matches_quadrature_over_the_range() {
        for i in 0..=99 {
            let m = i as f64 / 100.0;
            let (kq, eq) = quadrature(m);
            let c = complete_elliptic(m).unwrap();
            assert!((c.k - kq).abs() < REF_TOL * kq, "K({m})");
            assert!((c.e - eq).abs() < REF_TOL * eq, "E({m})");
        }
    }

    #[test]
    fn legendre_relation_holds() {
        // E(m)K(1−m) + E(1−m)K(m) − K(m)K(1−m) = π/2 (DLMF 19.7.1).
        for i in 1..100 {
            let m = i as f64 / 100.0;
            let a = complete_elliptic(m).unwrap();
            let b = complete_elliptic(1.0 - m).unwrap();
            let lhs = a.e * b.k + b.e * a.k - a.k * b.k;
            assert!((lhs - FRAC_PI_2).abs() < 4.0 * REF_TOL, "m = {m}: {lhs}");
        }
    }

    #[test]
    fn difference_is_accurate_for_tiny_m() {
        // Series: (K − E)/m = π/4 · (1 + 3m/8 + 15m²/64 + 175m³/1024 + …) (DLMF 19.5.1–2).
        for &m in &[1e-14, 1e-10, 1e-6, 1e-4] {
            let c = complete_elliptic(m).unwrap();
            let series =
                PI / 4.0 * (1.0 + 3.0 * m / 8.0 + 15.0 * m * m / 64.0 + 175.0 * m * m * m / 1024.0);
            assert!((c.d - series).abs() < 1e-14, "m = {m}: {} vs {series}", c.d);
        }
        // Near m = 1: K ~ ln(4/√(1−m)) (DLMF 19.12.1), relative error O((1−m) ln).
        let m = 1.0 - 1e-12;
        let k = ellip_k(m).unwrap();
        let asym = (4.0 / (1.0 - m).sqrt()).ln();
        assert!((k - asym).abs() < 1e-9, "{k} vs {asym}");
    }
}
