//! One elliptic microjunction of seed 003 (§2): Mindlin stiffness (Eq. 2), shear-induced area
//! reduction (Eq. 3), slip threshold f_s = σ·A_s, and the solution of the implicit Eq. 11
//! f = k[A(f)]·(X − x_i) for a junction that has never slipped.
//!
//! Geometry: ℓ_⊥ = ℓ₀ = √(4A₀/π) stays fixed, ℓ_∥ = 4A/(πℓ₀), so the aspect ratio is the area
//! ratio a = A/A₀ = ℓ_∥/ℓ₀ and the eccentricity is e² = 1 − a². Eq. 2 then reads
//! k = E·ℓ₀·φ(a) with the universal shape factor
//!
//! ```text
//! φ(a) = (π/2) / ((1+ν)·[K(m) − ν·(K(m) − E(m))/m]),   m = e² = 1 − a²
//! ```
//!
//! (elliptic integrals with parameter m = e², see [`super::elliptic`]); φ(1) = 2/((1+ν)(2−ν)),
//! the circular Mindlin stiffness 8Ga/(2−ν) with a = ℓ₀/2 and G = E/(2(1+ν)).
//!
//! **Dimensionless Eq. 11.** With the force scale f_ref = √(A₀^{p+1}/α_b) Eq. 3 becomes
//! a = 1 − f̂², f̂ = f/f_ref, and Eq. 11 becomes f̂ = y·φ(1 − f̂²) with y = (X − x_i)/x_ref,
//! x_ref = f_ref/(E ℓ₀). The map y ↦ f̂ is the same for every junction (it depends on ν only),
//! which is what [`InverseTable`] exploits: Eq. 11 is solved by the dichotomy of App. A once
//! per table node, and interpolated per time step.
//!
//! **Slip.** f − σA(f) increases with f, so the junction first slips at the unique root of
//! A_s = A₀ − α_b σ² A_s²/A₀^p: a_s = A_s/A₀ = 2/(1 + √(1 + 4c)), c = α_b σ² A₀^{1−p}. Then
//! f_s = σA_s exactly and f̂_s = √(1 − a_s); a junction slips when y ≥ y_s = f̂_s/φ(a_s).

use super::elliptic::complete_elliptic;

/// Shape factor φ(a) = k/(E·ℓ₀) of Eq. 2 for area ratio a = A/A₀ = ℓ_∥/ℓ_⊥ ∈ (0, 1] and
/// Poisson ratio ν. `None` outside (0, 1].
pub fn shape_factor(a: f64, poisson: f64) -> Option<f64> {
    if !(a > 0.0 && a <= 1.0) {
        return None;
    }
    // m = 1 − a², computed as (1−a)(1+a) to keep relative accuracy for a → 1.
    let m = (1.0 - a) * (1.0 + a);
    let c = complete_elliptic(m)?;
    Some(std::f64::consts::FRAC_PI_2 / ((1.0 + poisson) * (c.k - poisson * c.d)))
}

/// Tangential stiffness of an elliptic junction, seed 003 Eq. 2 \[N/m\]:
/// k = (π/2)·ℓ_⊥·E / ((1+ν)[K(e) − (ν/e²)(K(e) − E(e))]), e² = 1 − ℓ_∥²/ℓ_⊥², shear along ℓ_∥.
///
/// `None` unless 0 < ℓ_∥ ≤ ℓ_⊥ (the seed's junctions only shrink along the shear).
///
/// ```
/// use tribo_calibrator::asperity::junction::mindlin_stiffness;
/// let (ell, e, nu) = (1e-4, 1.6e6, 0.5);
/// let circular = 2.0 * e * ell / ((1.0 + nu) * (2.0 - nu));
/// assert!((mindlin_stiffness(ell, ell, e, nu).unwrap() - circular).abs() < 1e-9 * circular);
/// ```
pub fn mindlin_stiffness(ell_perp: f64, ell_par: f64, young: f64, poisson: f64) -> Option<f64> {
    if !(ell_perp > 0.0 && ell_par > 0.0 && ell_par <= ell_perp) {
        return None;
    }
    Some(young * ell_perp * shape_factor(ell_par / ell_perp, poisson)?)
}

/// Interface constants shared by all junctions.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct JunctionLaw {
    /// Young's modulus E of the elastomer \[Pa\].
    pub young: f64,
    /// Poisson's ratio ν \[-\].
    pub poisson: f64,
    /// Junction shear strength σ = σ_exp/ε (Eq. 6) \[Pa\].
    pub sigma: f64,
    /// Area-reduction prefactor α_b of Eq. 3 \[m^(2+2p)/N²\] (m⁵/N² for p = 3/2).
    pub alpha_b: f64,
    /// Area-reduction exponent p of Eq. 3 \[-\].
    pub p: f64,
}

/// Per-junction constants derived from its initial area A₀ (everything the time loop needs).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct JunctionConsts {
    /// Initial area A₀ \[m²\].
    pub area0: f64,
    /// Initial diameter ℓ₀ = √(4A₀/π) = ℓ_⊥ \[m\].
    pub ell0: f64,
    /// Force scale f_ref = √(A₀^{p+1}/α_b) \[N\].
    pub f_ref: f64,
    /// Displacement scale x_ref = f_ref/(E ℓ₀) \[m\].
    pub x_ref: f64,
    /// Initial (circular) stiffness k(A₀) \[N/m\].
    pub k0: f64,
    /// Area at first slip A_s (Eq. 3 at f = σA_s) \[m²\].
    pub area_slip: f64,
    /// Slip threshold f_s = σ·A_s \[N\].
    pub f_slip: f64,
    /// Dimensionless force at first slip f̂_s = f_s/f_ref.
    pub fhat_slip: f64,
    /// Dimensionless displacement at first slip y_s = f̂_s/φ(a_s).
    pub y_slip: f64,
    /// Stiffness frozen after first slip, k(A_s) \[N/m\].
    pub k_slip: f64,
}

/// Why a junction cannot be built.
#[derive(Clone, Copy, Debug, PartialEq, thiserror::Error)]
pub enum JunctionError {
    /// The initial area is not finite and positive.
    #[error("junction area {0} m² is not finite and positive")]
    BadArea(f64),
    /// The interface constants are not physical.
    #[error("interface constants are not physical (E, σ, α_b > 0, 0 ≤ ν < 1, p finite)")]
    BadLaw,
}

impl JunctionLaw {
    /// Checks that the constants are finite and physical.
    ///
    /// # Errors
    ///
    /// [`JunctionError::BadLaw`] when a constant is non-finite or out of its physical range.
    pub fn validate(&self) -> Result<(), JunctionError> {
        let pos = |x: f64| x.is_finite() && x > 0.0;
        if pos(self.young)
            && pos(self.sigma)
            && pos(self.alpha_b)
            && self.p.is_finite()
            && (0.0..1.0).contains(&self.poisson)
        {
            Ok(())
        } else {
            Err(JunctionError::BadLaw)
        }
    }

    /// Area after shear-induced reduction, Eq. 3: A = A₀ − α_b f²/A₀^p \[m²\].
    pub fn area(&self, area0: f64, force: f64) -> f64 {
        area0 - self.alpha_b * force * force / area0.powf(self.p)
    }

    /// Area ratio at first slip a_s = A_s/A₀, the positive root of a = 1 − c·a²,
    /// c = α_b σ² A₀^{1−p}, written cancellation-free.
    pub fn slip_area_ratio(&self, area0: f64) -> f64 {
        let c = self.alpha_b * self.sigma * self.sigma * area0.powf(1.0 - self.p);
        2.0 / (1.0 + (1.0 + 4.0 * c).sqrt())
    }

    /// All constants of a junction of initial area `area0`.
    ///
    /// # Errors
    ///
    /// [`JunctionError::BadLaw`] when the law fails [`validate`](Self::validate);
    /// [`JunctionError::BadArea`] when `area0` is not finite and > 0 or its slip-area ratio has no
    /// shape factor.
    pub fn consts(&self, area0: f64) -> Result<JunctionConsts, JunctionError> {
        self.validate()?;
        if !(area0.is_finite() && area0 > 0.0) {
            return Err(JunctionError::BadArea(area0));
        }
        let nu = self.poisson;
        let ell0 = (4.0 * area0 / std::f64::consts::PI).sqrt();
        let f_ref = (area0.powf(self.p + 1.0) / self.alpha_b).sqrt();
        let x_ref = f_ref / (self.young * ell0);
        let a_s = self.slip_area_ratio(area0);
        let phi_s = shape_factor(a_s, nu).ok_or(JunctionError::BadArea(area0))?;
        let phi_0 = shape_factor(1.0, nu).ok_or(JunctionError::BadLaw)?;
        // f̂_s² = 1 − a_s, but 1 − a_s = c·a_s² avoids cancellation for tiny c.
        let c = self.alpha_b * self.sigma * self.sigma * area0.powf(1.0 - self.p);
        let fhat_slip = c.sqrt() * a_s;
        Ok(JunctionConsts {
            area0,
            ell0,
            f_ref,
            x_ref,
            k0: self.young * ell0 * phi_0,
            area_slip: a_s * area0,
            f_slip: self.sigma * a_s * area0,
            fhat_slip,
            y_slip: fhat_slip / phi_s,
            k_slip: self.young * ell0 * phi_s,
        })
    }
}

/// Residual of dimensionless Eq. 11, g(f̂) = f̂ − y·φ(1 − f̂²): increasing in f̂ ∈ [0, 1).
fn eq11_residual(fhat: f64, y: f64, poisson: f64) -> f64 {
    let a = (1.0 - fhat) * (1.0 + fhat);
    match shape_factor(a, poisson) {
        Some(phi) => fhat - y * phi,
        None => f64::INFINITY,
    }
}

/// Solves dimensionless Eq. 11, f̂ = y·φ(1 − f̂²), for y ∈ [0, y_s) by dichotomy (App. A),
/// starting from the previous solution `fhat_prev`: the bracket is grown geometrically from
/// the warm start, then bisected to full f64 resolution. `fhat_max` (< 1) caps the bracket
/// (use the junction's f̂_s; for y ≥ y_s the result is f̂_max: the junction slips).
pub fn solve_eq11_dichotomy(y: f64, fhat_prev: f64, fhat_max: f64, poisson: f64) -> f64 {
    if y <= 0.0 || y.is_nan() {
        return 0.0;
    }
    let g = |f: f64| eq11_residual(f, y, poisson);
    if g(fhat_max) <= 0.0 {
        return fhat_max;
    }
    let start = fhat_prev.clamp(0.0, fhat_max);
    let (mut lo, mut hi);
    let mut step = 1e-6 * fhat_max.max(1e-300);
    if g(start) < 0.0 {
        lo = start;
        loop {
            hi = (lo + step).min(fhat_max);
            if hi >= fhat_max || g(hi) >= 0.0 {
                break;
            }
            lo = hi;
            step *= 4.0;
        }
    } else {
        hi = start;
        loop {
            lo = (hi - step).max(0.0);
            if lo <= 0.0 || g(lo) < 0.0 {
                break;
            }
            hi = lo;
            step *= 4.0;
        }
    }
    // Bisection until the midpoint is no longer distinct from the bracket ends.
    loop {
        let mid = 0.5 * (lo + hi);
        if mid <= lo || mid >= hi {
            return if -g(lo) < g(hi) { lo } else { hi };
        }
        if g(mid) < 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
}

/// The universal inverse y ↦ f̂ of dimensionless Eq. 11 on [0, y_max], tabulated on a uniform
/// grid by [`solve_eq11_dichotomy`] and evaluated by cubic Hermite interpolation with the exact
/// slope df̂/dy = 1/G'(f̂), G(f̂) = f̂/φ(1 − f̂²) (error O(h⁴), checked against the dichotomy).
#[derive(Clone, Debug)]
pub struct InverseTable {
    fhat: Vec<f64>,
    slope: Vec<f64>,
    dy: f64,
    inv_dy: f64,
    y_max: f64,
}

/// Default number of table intervals (interpolation error ≲ 1e-12, see tests).
pub const INVERSE_TABLE_INTERVALS: usize = 2048;

impl InverseTable {
    /// Builds the table for Poisson ratio `poisson` on [0, y_max] with `intervals` intervals.
    /// `y_max` must correspond to f̂ < 1 (it is the largest y_s of the population).
    pub fn new(y_max: f64, poisson: f64, intervals: usize) -> Self {
        let n = intervals.max(2);
        let y_max = if y_max.is_finite() && y_max > 0.0 {
            y_max
        } else {
            1.0
        };
        let dy = y_max / n as f64;
        let g_of = |f: f64| f / shape_factor((1.0 - f) * (1.0 + f), poisson).unwrap_or(f64::NAN);
        let mut fhat = Vec::with_capacity(n + 1);
        let mut slope = Vec::with_capacity(n + 1);
        let mut prev = 0.0;
        // Cap just below f̂ = 1 (zero area); y_max ≤ y_s(max) keeps the roots below it.
        let cap = 1.0 - 1e-12;
        for j in 0..=n {
            let y = j as f64 * dy;
            let f = solve_eq11_dichotomy(y, prev, cap, poisson);
            // G'(f̂) by a central difference (step 1e-5: truncation ~1e-10 relative).
            let h = 1e-5;
            let (fl, fr) = ((f - h).max(-cap), (f + h).min(cap));
            let g_prime = (g_of(fr) - g_of(fl)) / (fr - fl);
            fhat.push(f);
            slope.push(1.0 / g_prime);
            prev = f;
        }
        Self {
            fhat,
            slope,
            dy,
            inv_dy: 1.0 / dy,
            y_max,
        }
    }

    /// Upper end of the tabulated range.
    pub fn y_max(&self) -> f64 {
        self.y_max
    }

    /// f̂(y) for y ≥ 0 (clamped to the table's range; odd symmetry is the caller's job).
    #[inline]
    pub fn eval(&self, y: f64) -> f64 {
        let s = (y * self.inv_dy).max(0.0);
        let last = self.fhat.len() - 2;
        let j = (s as usize).min(last);
        let t = (s - j as f64).min(1.0);
        let (f0, f1) = (self.fhat[j], self.fhat[j + 1]);
        let (m0, m1) = (self.slope[j] * self.dy, self.slope[j + 1] * self.dy);
        let t2 = t * t;
        let t3 = t2 * t;
        (2.0 * t3 - 3.0 * t2 + 1.0) * f0
            + (t3 - 2.0 * t2 + t) * m0
            + (-2.0 * t3 + 3.0 * t2) * f1
            + (t3 - t2) * m1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Eq. 2 must reduce to the circular Mindlin stiffness to this relative accuracy (issue 5).
    const CIRCULAR_TOL: f64 = 1e-9;
    /// Interpolated Eq. 11 vs the dichotomy: far below the 0.1 % dt-convergence budget.
    const TABLE_TOL: f64 = 1e-10;

    fn law() -> JunctionLaw {
        JunctionLaw {
            young: 1.6e6,
            poisson: 0.5,
            sigma: 0.23e6 / 0.9,
            alpha_b: 0.725e-15,
            p: 1.5,
        }
    }

    #[test]
    fn eq2_reduces_to_circular_mindlin() {
        let (young, ell): (f64, f64) = (1.6e6, 80e-6);
        for &nu in &[0.0f64, 0.3, 0.5] {
            let circular = 2.0 * young * ell / ((1.0 + nu) * (2.0 - nu));
            // Mindlin's 8Ga/(2−ν) with a = ℓ/2, G = E/(2(1+ν)).
            let g = young / (2.0 * (1.0 + nu));
            assert!((8.0 * g * ell / 2.0 / (2.0 - nu) - circular).abs() < 1e-12 * circular);
            // The physical correction is O(e²) (≈ 0.25 e² relative): e ≤ 3e-5 is inside 1e-9.
            for &e in &[0.0, 1e-8, 1e-6, 3e-5] {
                let ell_par = ell * (1.0f64 - e * e).sqrt();
                let k = mindlin_stiffness(ell, ell_par, young, nu).unwrap();
                assert!(
                    (k - circular).abs() < CIRCULAR_TOL * circular,
                    "ν = {nu}, e = {e}: {k} vs {circular}"
                );
            }
        }
    }

    #[test]
    fn modulus_convention_is_the_one_that_has_the_circular_limit() {
        // Had Eq. 2 used K(m = e) instead of K(m = e²), (K − E)/e² ~ π/(4e) would diverge.
        let (young, ell, nu) = (1.6e6, 80e-6, 0.5);
        let circular = 2.0 * young * ell / ((1.0 + nu) * (2.0 - nu));
        let e: f64 = 1e-3;
        let wrong = complete_elliptic(e).unwrap();
        let k_wrong = std::f64::consts::FRAC_PI_2 * ell * young
            / ((1.0 + nu) * (wrong.k - nu / (e * e) * (wrong.k - wrong.e)));
        assert!((k_wrong - circular).abs() > 0.1 * circular);
    }

    #[test]
    fn stiffness_decreases_as_the_junction_elongates() {
        let mut prev = f64::INFINITY;
        for i in 0..=20 {
            let a = 1.0 - i as f64 * 0.049;
            let phi = shape_factor(a, 0.5).unwrap();
            assert!(phi < prev);
            prev = phi;
        }
        assert_eq!(shape_factor(0.0, 0.5), None);
        assert_eq!(shape_factor(1.1, 0.5), None);
    }

    #[test]
    fn slip_point_satisfies_eq3_and_threshold() {
        let l = law();
        for &a0 in &[1e-11, 1e-9, 5e-9, 1e-7] {
            let j = l.consts(a0).unwrap();
            // A_s = A0 − α_b f_s²/A0^p with f_s = σ A_s.
            let a_s = l.area(a0, j.f_slip);
            assert!((a_s - j.area_slip).abs() < 1e-12 * a0);
            assert!((j.f_slip - l.sigma * j.area_slip).abs() < 1e-12 * j.f_slip);
            // f̂_s consistent with f_ref, and y_s consistent with Eq. 11 at the slip point.
            assert!((j.fhat_slip * j.f_ref - j.f_slip).abs() < 1e-12 * j.f_slip);
            let x_s = j.y_slip * j.x_ref;
            assert!((j.k_slip * x_s - j.f_slip).abs() < 1e-12 * j.f_slip);
            assert!(j.area_slip > 0.0 && j.area_slip < a0);
        }
    }

    #[test]
    fn dichotomy_solves_eq11_in_physical_units() {
        let l = law();
        let j = l.consts(5e-9).unwrap();
        let mut prev = 0.0;
        for i in 1..20 {
            let x = j.y_slip * j.x_ref * i as f64 / 20.0;
            let fhat = solve_eq11_dichotomy(x / j.x_ref, prev, j.fhat_slip, l.poisson);
            prev = fhat;
            let f = fhat * j.f_ref;
            let area = l.area(j.area0, f);
            let k = mindlin_stiffness(
                j.ell0,
                4.0 * area / (std::f64::consts::PI * j.ell0),
                l.young,
                l.poisson,
            )
            .unwrap();
            assert!(
                (f - k * x).abs() < 1e-13 * j.f_slip,
                "Eq. 11 residual at step {i}"
            );
            assert!(f < l.sigma * area, "below threshold before y_s");
        }
    }

    #[test]
    fn table_matches_dichotomy() {
        let l = law();
        let j = l.consts(1e-10).unwrap(); // a small junction: the largest y_s, the worst case
        let table = InverseTable::new(j.y_slip, l.poisson, INVERSE_TABLE_INTERVALS);
        let mut worst: f64 = 0.0;
        for i in 0..=997 {
            let y = j.y_slip * i as f64 / 997.0;
            let exact = solve_eq11_dichotomy(y, 0.5, 1.0 - 1e-12, l.poisson);
            worst = worst.max((table.eval(y) - exact).abs());
        }
        assert!(worst < TABLE_TOL, "table error {worst}");
    }
}
