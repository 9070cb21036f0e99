//! Friction-coefficient random field: model choice from the table's CV curves (seed 004).
//!
//! Seed 004 (Hu, Batou, Ouyang 2021) models the COF over a contact patch of half-size `a` as a
//! homogeneous lognormal random field with correlation length `l`. The coefficients of
//! variation of the global friction force and torque depend on `l/a` only; from them:
//!
//! * **deterministic** COF when the CVs are below a tolerance (translation: `l/a ≲ 0.3` at
//!   σ/μ = 0.2 and a 5 % tolerance),
//! * **random variable** (one random COF for the whole patch) when the CVs are within a
//!   relative tolerance of σ/μ (field nearly uniform: `l/a ≳ 10`),
//! * **random field** in between.
//!
//! The calibration table carries dimensionless curves CV/(σ/μ) against l/a on a logarithmic
//! grid ([`CofSection`]), and [`choose_model`] decides at run time, allocation- and panic-free.
//! The closed forms of the square plate in translation (Eq. 16–17) are also here, in f32
//! ([`cv_force_translation`], [`cv_torque_translation`]), in a cancellation-free form.
//! The model choice is not on the tick path: it always uses libm, whatever the backend
//! feature (micromath's approximations would move the thresholds).
//!
//! ```
//! use tribo_core::cof_field::{CofModel, CofSection, cv_force_translation};
//! // CV_F at l/a = 0.1 for σ/μ = 0.2 is ≈ 1.7 %: well below a 5 % tolerance.
//! let cv = cv_force_translation(0.1, 0.2).unwrap();
//! assert!((cv - 0.01722).abs() < 1e-4);
//! ```

use heapless::Vec;
use serde::{Deserialize, Serialize};

use crate::error::Error;
use crate::{interp, math};

/// Number of l/a grid points of each CV curve in the table.
pub const CV_POINTS: usize = 25;
/// Number of ρ*/a values with planar-motion curves.
pub const PLANAR_RADII: usize = 5;
/// Capacity of the flattened planar curves (`PLANAR_RADII × CV_POINTS`).
pub const PLANAR_POINTS: usize = PLANAR_RADII * CV_POINTS;

/// The table section written by `tribo random-field`: CV curves and model thresholds.
///
/// All curves are normalised by σ_H/μ_H (they are independent of it, seed 004 §2.1.4) and
/// sampled at l/a = 10^(`log10_la_min` + i·`log10_la_step`), i = 0‥[`CV_POINTS`).
/// An empty section (all vectors empty) means "not calibrated".
/// Encoded size (postcard, filled): 1 459 bytes.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct CofSection {
    /// log10 of the first l/a grid point (−2 for l/a = 0.01).
    pub log10_la_min: f32,
    /// Step of the l/a grid in log10 units (> 0).
    pub log10_la_step: f32,
    /// Pure translation: CV_‖F‖/(σ/μ) (seed 004 Eq. 14, closed form Eq. 16).
    pub translation_cv_f: Vec<f32, CV_POINTS>,
    /// Pure translation: CV_T/(σ/μ) (Eq. 15, closed form Eq. 17).
    pub translation_cv_t: Vec<f32, CV_POINTS>,
    /// Pure rotation: CV_‖F̂‖/(σ/μ) (Eq. 26).
    pub rotation_cv_f: Vec<f32, CV_POINTS>,
    /// Pure rotation: CV_T̂/(σ/μ) (Eq. 27).
    pub rotation_cv_t: Vec<f32, CV_POINTS>,
    /// ρ*/a of each planar curve (strictly increasing, > 0).
    pub planar_rho_over_a: Vec<f32, PLANAR_RADII>,
    /// Planar motion: CV_‖F̃‖/(σ/μ) (Eq. 30), flattened `[radius][point]`.
    pub planar_cv_f: Vec<f32, PLANAR_POINTS>,
    /// Planar motion: CV_T̃/(σ/μ) (Eq. 30), flattened `[radius][point]`.
    pub planar_cv_t: Vec<f32, PLANAR_POINTS>,
    /// σ/μ at which the thresholds below were computed.
    pub threshold_sigma_over_mu: f32,
    /// Absolute CV tolerance of the deterministic threshold (default 0.05).
    pub threshold_tolerance: f32,
    /// Relative tolerance |CV/(σ/μ) − 1| of the random-variable threshold (default 0.01).
    pub plateau_tolerance: f32,
    /// Translation: l/a below which CV_F < `threshold_tolerance` (seed: ≈ 0.3).
    pub la_deterministic: f32,
    /// Translation: l/a above which CV_F is within `plateau_tolerance` of σ/μ (seed: ≈ 10).
    pub la_random_variable: f32,
}

/// How the friction coefficient of a contact patch should be modelled (seed 004 §2.1.4, §4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CofModel {
    /// Spatial fluctuations homogenise: a constant COF equal to the mean is enough.
    Deterministic,
    /// Fluctuations at the scale of the patch: the COF must be a random field.
    RandomField,
    /// The field is nearly uniform over the patch: one random COF for the patch.
    RandomVariable,
}

impl CofSection {
    /// A fully populated section with plausible values, for size and round-trip tests of the
    /// table format. Not a calibration result (the translation curves are the closed forms).
    pub fn filled_example() -> Self {
        let mut s = CofSection {
            log10_la_min: -2.0,
            log10_la_step: 4.0 / (CV_POINTS as f32 - 1.0),
            threshold_sigma_over_mu: 0.2,
            threshold_tolerance: 0.05,
            plateau_tolerance: 0.01,
            la_deterministic: 0.3,
            la_random_variable: 10.0,
            ..Default::default()
        };
        for i in 0..CV_POINTS {
            let t = libm::powf(10.0, s.log10_la_min + s.log10_la_step * i as f32);
            let f = cv_force_translation(t, 1.0).unwrap_or(0.0);
            let m = cv_torque_translation(t, 1.0).unwrap_or(0.0);
            let _ = s.translation_cv_f.push(f);
            let _ = s.translation_cv_t.push(m);
            let _ = s.rotation_cv_f.push(m);
            let _ = s.rotation_cv_t.push(f);
        }
        let radii = [0.1, 0.5, 1.0, 2.0, 5.0];
        for r in radii {
            let _ = s.planar_rho_over_a.push(r);
            for i in 0..CV_POINTS {
                let f = s.translation_cv_f.get(i).copied().unwrap_or(0.0);
                let _ = s.planar_cv_f.push(f);
                let _ = s.planar_cv_t.push(f);
            }
        }
        s
    }

    /// True when the section holds curves (a calibrated section).
    pub fn is_calibrated(&self) -> bool {
        !self.translation_cv_f.is_empty()
    }

    /// Checks the section's structure (lengths, finite positive grid, increasing radii).
    ///
    /// # Errors
    ///
    /// [`Error::MissingSection`] when the section holds no curves; [`Error::InvalidTable`] when the
    /// l/a grid is non-finite, its step ≤ 0 or it has fewer than 2 points, the curves differ in
    /// length from the grid (the planar ones from radii × grid), the radii are not strictly
    /// increasing and > 0, or a CV value is negative or non-finite.
    pub fn validate(&self) -> Result<(), Error> {
        if !self.is_calibrated() {
            return Err(Error::MissingSection);
        }
        let n = self.translation_cv_f.len();
        let np = self.planar_rho_over_a.len();
        let ok_grid = self.log10_la_min.is_finite()
            && self.log10_la_step.is_finite()
            && self.log10_la_step > 0.0
            && n >= 2;
        let ok_lengths = self.translation_cv_t.len() == n
            && self.rotation_cv_f.len() == n
            && self.rotation_cv_t.len() == n
            && self.planar_cv_f.len() == np * n
            && self.planar_cv_t.len() == np * n;
        let ok_radii = np == 0
            || (interp::is_strictly_increasing(&self.planar_rho_over_a)
                && self.planar_rho_over_a.iter().all(|&r| r > 0.0));
        let curves = [
            &self.translation_cv_f[..],
            &self.translation_cv_t[..],
            &self.rotation_cv_f[..],
            &self.rotation_cv_t[..],
            &self.planar_cv_f[..],
            &self.planar_cv_t[..],
        ];
        let ok_values = curves
            .iter()
            .all(|c| c.iter().all(|v| v.is_finite() && *v >= 0.0));
        if ok_grid && ok_lengths && ok_radii && ok_values {
            Ok(())
        } else {
            Err(Error::InvalidTable)
        }
    }

    /// Interpolates the curve `ys` (length `n`, on this section's grid) at log10(l/a), with
    /// monotone cubic interpolation in log10(l/a), clamped to the grid ends.
    fn curve_at(&self, ys: &[f32], log_la: f32) -> Result<f32, Error> {
        let mut xs = [0.0f32; CV_POINTS];
        let n = ys.len().min(CV_POINTS);
        for (i, x) in xs.iter_mut().enumerate().take(n) {
            *x = self.log10_la_min + self.log10_la_step * i as f32;
        }
        let ys = ys.get(..n).ok_or(Error::InvalidTable)?;
        let xs = xs.get(..n).ok_or(Error::InvalidTable)?;
        interp::monotone_cubic(xs, ys, log_la).ok_or(Error::InvalidTable)
    }

    /// Planar curve of radius index `r` from a flattened `[radius][point]` array.
    fn planar_curve<'a>(&self, flat: &'a [f32], r: usize) -> Result<&'a [f32], Error> {
        let n = self.translation_cv_f.len();
        flat.get(r * n..(r + 1) * n).ok_or(Error::InvalidTable)
    }

    /// Planar CVs (force, torque)/(σ/μ) at log10(l/a), interpolated linearly in ln(ρ*/a)
    /// between the table's radii (clamped to the first and last radius).
    fn planar_at(&self, log_la: f32, rho_over_a: f32) -> Result<(f32, f32), Error> {
        let radii = &self.planar_rho_over_a[..];
        let np = radii.len();
        if np == 0 {
            return Err(Error::MissingSection);
        }
        let eval = |r: usize| -> Result<(f32, f32), Error> {
            Ok((
                self.curve_at(self.planar_curve(&self.planar_cv_f, r)?, log_la)?,
                self.curve_at(self.planar_curve(&self.planar_cv_t, r)?, log_la)?,
            ))
        };
        let first = radii.first().copied().ok_or(Error::InvalidTable)?;
        let last = radii.last().copied().ok_or(Error::InvalidTable)?;
        if rho_over_a <= first {
            return eval(0);
        }
        if rho_over_a >= last {
            return eval(np - 1);
        }
        let (k, r0, r1) = radii
            .windows(2)
            .enumerate()
            .find_map(|(k, w)| match *w {
                [r0, r1] if rho_over_a < r1 => Some((k, r0, r1)),
                _ => None,
            })
            .ok_or(Error::InvalidTable)?;
        let w = (libm::logf(rho_over_a) - libm::logf(r0)) / (libm::logf(r1) - libm::logf(r0));
        let (f0, t0) = eval(k)?;
        let (f1, t1) = eval(k + 1)?;
        Ok((f0 + w * (f1 - f0), t0 + w * (t1 - t0)))
    }
}

/// The CVs/(σ/μ) that decide the model at one motion state, from the table.
///
/// `rho_over_a = +∞`: pure translation (only CV_F decides, as in seed 004 §2.1.4);
/// `rho_over_a = 0`: pure rotation (only CV_T̂ decides, the dual); otherwise planar motion
/// with both CV_‖F̃‖ and CV_T̃ (Eq. 30). Returns `(cv_a, cv_b)`, equal when one CV decides.
fn deciding_cvs(section: &CofSection, log_la: f32, rho_over_a: f32) -> Result<(f32, f32), Error> {
    if rho_over_a == f32::INFINITY {
        let f = section.curve_at(&section.translation_cv_f, log_la)?;
        Ok((f, f))
    } else if rho_over_a == 0.0 {
        let t = section.curve_at(&section.rotation_cv_t, log_la)?;
        Ok((t, t))
    } else {
        section.planar_at(log_la, rho_over_a)
    }
}

/// Chooses the COF model for a patch of half-size `a` (m) under a field of correlation
/// length `l` (m), COF variability `sigma_over_mu` = σ_H/μ_H, motion ratio `rho_over_a` =
/// ρ*/a = v/(ω a) (`f32::INFINITY` for pure translation, 0 for pure rotation; the sign is
/// irrelevant by symmetry) and absolute CV tolerance `tolerance`.
///
/// * [`CofModel::Deterministic`] if every deciding CV is below `tolerance`;
/// * [`CofModel::RandomVariable`] if every deciding CV is within the section's
///   `plateau_tolerance` (relative) of σ/μ;
/// * [`CofModel::RandomField`] otherwise.
///
/// l/a outside the table's grid is clamped to the grid ends (where the curves have reached
/// their limits). Never panics, never allocates.
///
/// # Errors
///
/// [`Error::NonFiniteInput`] for NaN or infinite `l`, `a`, `sigma_over_mu`, `tolerance` (or NaN
/// `rho_over_a`); [`Error::OutOfDomain`] for `l ≤ 0`, `a ≤ 0`, `sigma_over_mu < 0`, `tolerance ≤ 0`
/// or an l/a whose log10 is not finite; [`Error::MissingSection`] and [`Error::InvalidTable`] from
/// [`CofSection::validate`].
pub fn choose_model(
    section: &CofSection,
    l: f32,
    a: f32,
    sigma_over_mu: f32,
    rho_over_a: f32,
    tolerance: f32,
) -> Result<CofModel, Error> {
    if !(l.is_finite() && a.is_finite() && sigma_over_mu.is_finite() && tolerance.is_finite())
        || rho_over_a.is_nan()
    {
        return Err(Error::NonFiniteInput);
    }
    if l <= 0.0 || a <= 0.0 || sigma_over_mu < 0.0 || tolerance <= 0.0 {
        return Err(Error::OutOfDomain);
    }
    section.validate()?;
    let log_la = libm::log10f(l / a);
    if !log_la.is_finite() {
        return Err(Error::OutOfDomain);
    }
    let (cv_a, cv_b) = deciding_cvs(section, log_la, math::abs(rho_over_a))?;
    if cv_a * sigma_over_mu < tolerance && cv_b * sigma_over_mu < tolerance {
        return Ok(CofModel::Deterministic);
    }
    let plateau = section.plateau_tolerance;
    if math::abs(cv_a - 1.0) <= plateau && math::abs(cv_b - 1.0) <= plateau {
        return Ok(CofModel::RandomVariable);
    }
    Ok(CofModel::RandomField)
}

/// Below this t = l/a the direct formulas are used; above, the series in (a/l)² (no
/// cancellation: the direct J2 loses ~t⁴ relative digits).
const SERIES_FROM_T: f32 = 2.0;
/// Terms of the series: with 4/t² ≤ 1 the k-th term is below 1/k!, so 12 terms reach f32
/// (and f64) round-off.
const SERIES_TERMS: u32 = 12;

/// J0(t) = ∫∫ρ dx dx'/a² over [−1,1]² of one axis: 2√π·t·erf(2/t) + t²·expm1(−4/t²), and
/// J2(t) = ∫∫ y y' ρ dy dy'/a⁴ = (2√π/3)·t·erf(2/t) + (e − 3)/3·t² − expm1(−4/t²)·t⁴/6 with
/// e = exp(−4/t²). Var[F_x] = P²σ²a⁴·J0², Var[T_G] = P²σ²a⁶·J0·J2 (Eq. 7, 9 factored).
fn j0_j2(t: f32) -> (f32, f32) {
    const SQRT_PI: f32 = 1.772_453_9;
    if t < SERIES_FROM_T {
        let em1 = math::expm1(-4.0 / (t * t));
        let erf = math::erf(2.0 / t);
        let t2 = t * t;
        let j0 = 2.0 * SQRT_PI * t * erf + t2 * em1;
        let j2 = (2.0 * SQRT_PI / 3.0) * t * erf + (em1 - 2.0) / 3.0 * t2 - em1 * t2 * t2 / 6.0;
        (j0, j2)
    } else {
        // J0 = 4 Σ_{k≥0} (−4/t²)^k / (k!(k+1)(2k+1)),
        // J2 = −Σ_{k≥1} (−4/t²)^k · 4k / (k!(2k+1)(k+1)(k+2)).
        let x = -4.0 / (t * t);
        let (mut j0, mut j2) = (4.0f32, 0.0f32);
        let mut p = 1.0f32; // x^k / k!
        for k in 1..=SERIES_TERMS {
            let kf = k as f32;
            p *= x / kf;
            j0 += 4.0 * p / ((kf + 1.0) * (2.0 * kf + 1.0));
            j2 -= p * 4.0 * kf / ((2.0 * kf + 1.0) * (kf + 1.0) * (kf + 2.0));
        }
        (j0, j2)
    }
}

/// Checks (t, σ/μ) for the closed forms.
fn check_t(t: f32, sigma_over_mu: f32) -> Result<(), Error> {
    if t.is_nan() || !sigma_over_mu.is_finite() {
        return Err(Error::NonFiniteInput);
    }
    if t <= 0.0 || sigma_over_mu < 0.0 {
        return Err(Error::OutOfDomain);
    }
    Ok(())
}

/// CV_‖F‖ of the square plate in pure translation (seed 004 Eq. 16) at t = l/a, in the
/// factored form CV_F = σ/(4μ)·[2√π·t·erf(2/t) + t²·expm1(−4/t²)] (the printed form
/// cancels catastrophically for t ≳ 30), with a series for t ≥ 2. `t = +∞` gives the limit
/// σ/μ (Eq. 19).
///
/// # Errors
///
/// [`Error::NonFiniteInput`] for NaN `t` or non-finite `sigma_over_mu`; [`Error::OutOfDomain`] for
/// `t ≤ 0` or `sigma_over_mu < 0`.
pub fn cv_force_translation(t: f32, sigma_over_mu: f32) -> Result<f32, Error> {
    check_t(t, sigma_over_mu)?;
    if t == f32::INFINITY {
        return Ok(sigma_over_mu);
    }
    let (j0, _) = j0_j2(t);
    Ok(sigma_over_mu * 0.25 * j0)
}

/// CV_T of the square plate in pure translation (seed 004 Eq. 17, denominator |μ_F|·a/√2,
/// Eq. 15) at t = l/a: √2σ/(4μ)·√(J0·J2) with J0, J2 the factors of Eq. 7 and 9 (see
/// source); series for t ≥ 2, 0 at t = +∞ (Eq. 19).
///
/// # Errors
///
/// As [`cv_force_translation`]: [`Error::NonFiniteInput`] for NaN `t` or non-finite
/// `sigma_over_mu`; [`Error::OutOfDomain`] for `t ≤ 0` or `sigma_over_mu < 0`.
pub fn cv_torque_translation(t: f32, sigma_over_mu: f32) -> Result<f32, Error> {
    check_t(t, sigma_over_mu)?;
    if t == f32::INFINITY {
        return Ok(0.0);
    }
    let (j0, j2) = j0_j2(t);
    let prod = j0 * j2;
    let root = if prod > 0.0 { libm::sqrtf(prod) } else { 0.0 };
    Ok(sigma_over_mu * core::f32::consts::SQRT_2 * 0.25 * root)
}

#[cfg(test)]
mod tests;
