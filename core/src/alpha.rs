//! α(v): the velocity dependence of the particle-borne area, A̅_p/A_0 = α(v)·β·p/E*
//! (seed 000 Eq. 23, Fig. 15), as the table carries it since format 2.
//!
//! **Samples first.** The calibrator simulates α at every velocity it stores — the sweep's and
//! the process velocities (directly, or through the validated v0/γ similarity) — each with its
//! 95 % confidence interval and the number of cases behind it. Evaluation
//! ([`AlphaCurve::eval`], policy [`AlphaPolicy::SamplesHeld`]):
//! - inside [v_min, v_max]: the monotone cubic interpolant of the samples in ln v (the samples
//!   span decades, 0.08 → 50 m/s; in ln v the interpolant neither overshoots nor bends the
//!   low-velocity samples into the high-velocity ones);
//! - below v_min: α(v_min), a stated limit rather than an extrapolation: at the process
//!   velocity the flakes are already overdamped (flight length v0/γ ≈ 1 nm at 0.08 m/s and
//!   γ = 10⁸ 1/s, against a 0.5 µm flake), the quasi-static regime in which they follow the
//!   lubricant and the surfaces. Not verified below the lowest sample: calibrate at the lowest
//!   speed the process reaches;
//! - above v_max: α(v_max) (the fitted law's saturation α∞ is reported beside it; no simulation
//!   supports a value beyond the samples);
//! - a single sample holds everywhere; with no samples the fitted law alone is used.
//!
//! **The law** ([`AlphaLaw`]) α(v) = α∞ + (α0 − α∞)·e^(−v/v_ref) summarises the samples (seed
//! 000's b·(1 − e^(−v/v_ref)) is α0 = 0, α∞ = b); it is evaluated only when there are no samples.
//!
//! Format-1 tables carry [`AlphaPolicy::FormatOne`]: inside the samples the monotone cubic in
//! v, outside them the law rescaled to the end sample, exactly as format 1 evaluated them.

use heapless::Vec;
use serde::{Deserialize, Serialize};

use crate::error::Error;
use crate::interp;
use crate::math;

/// Capacity of the α(v) samples in the table.
pub const ALPHA_SAMPLES: usize = 16;

/// α(v) = α∞ + (α0 − α∞)·e^(−|v|/v_ref), evaluated as α∞·(1 − e^(−x)) + α0·e^(−x) with
/// x = |v|/v_ref ([`math::one_minus_exp_neg`], so it follows the math backend and α0 = 0 is
/// bit-identical to the seed's b·(1 − e^(−x))).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct AlphaLaw {
    /// α at high velocity, α∞ \[-\].
    pub alpha_inf: f32,
    /// α at rest, α0 \[-\] (seed 000's form: 0).
    pub alpha_0: f32,
    /// Reference velocity v_ref \[m/s\].
    pub v_ref: f32,
}

impl AlphaLaw {
    /// Seed 000's saturation law b·(1 − e^(−v/v_ref)) (Fig. 15): α0 = 0, α∞ = b.
    pub fn saturation(b: f32, v_ref: f32) -> Self {
        Self {
            alpha_inf: b,
            alpha_0: 0.0,
            v_ref,
        }
    }

    /// α at speed `v` (sign ignored) \[-\].
    #[inline]
    pub fn eval(&self, v: f32) -> f32 {
        let x = math::abs(v) / self.v_ref;
        let rising = self.alpha_inf * math::one_minus_exp_neg(x);
        if self.alpha_0 == 0.0 {
            rising
        } else {
            rising + self.alpha_0 * math::exp(-x)
        }
    }

    /// Finite, α∞ and α0 ≥ 0 and not both 0, v_ref > 0.
    ///
    /// # Errors
    ///
    /// [`Error::InvalidParameter`] when α∞ or α0 is NaN, infinite or negative, both are 0, or v_ref
    /// is not finite and > 0.
    pub fn validate(&self) -> Result<(), Error> {
        let nonneg = |x: f32| x.is_finite() && x >= 0.0;
        if nonneg(self.alpha_inf)
            && nonneg(self.alpha_0)
            && (self.alpha_inf > 0.0 || self.alpha_0 > 0.0)
            && self.v_ref.is_finite()
            && self.v_ref > 0.0
        {
            Ok(())
        } else {
            Err(Error::InvalidParameter)
        }
    }
}

/// How [`AlphaCurve::eval`] reads the samples (module doc). Append-only.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum AlphaPolicy {
    /// Format 1: monotone cubic in v inside, the law rescaled to the end sample outside.
    FormatOne,
    /// Format 2: monotone cubic in ln v inside, the end samples held outside.
    SamplesHeld,
}

/// How a sample was simulated. Append-only.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SampleOrigin {
    /// The BEM–DEM cases ran at this velocity.
    Direct,
    /// The cases ran faster with the damping scaled to the same flight length v0/γ.
    Similarity,
    /// Converted from a format-1 table (origin and interval not recorded).
    FormatOne,
}

/// α(v): samples with their confidence intervals, and the law fitted to them.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AlphaCurve {
    /// The fitted law; `None` when the fit failed (its optimum sat on a search bound).
    pub law: Option<AlphaLaw>,
    /// Evaluation policy.
    pub policy: AlphaPolicy,
    /// Sliding velocities of the samples, strictly increasing, > 0 \[m/s\].
    pub v: Vec<f32, ALPHA_SAMPLES>,
    /// α at each velocity (ensemble fit of Eq. 23) \[-\].
    pub alpha: Vec<f32, ALPHA_SAMPLES>,
    /// Lower end of the 95 % confidence interval of α \[-\].
    pub ci95_lo: Vec<f32, ALPHA_SAMPLES>,
    /// Upper end of the 95 % confidence interval of α \[-\].
    pub ci95_hi: Vec<f32, ALPHA_SAMPLES>,
    /// Standard deviation of the per-seed α over seed indices (surface pairs) \[-\].
    pub spread: Vec<f32, ALPHA_SAMPLES>,
    /// Number of BEM–DEM cases behind each sample.
    pub cases: Vec<u16, ALPHA_SAMPLES>,
    /// How each sample was simulated.
    pub origin: Vec<SampleOrigin, ALPHA_SAMPLES>,
}

impl AlphaCurve {
    /// A curve given by the law alone (no samples), evaluated with the format-2 policy.
    pub fn from_law(law: AlphaLaw) -> Self {
        Self {
            law: Some(law),
            policy: AlphaPolicy::SamplesHeld,
            v: Vec::new(),
            alpha: Vec::new(),
            ci95_lo: Vec::new(),
            ci95_hi: Vec::new(),
            spread: Vec::new(),
            cases: Vec::new(),
            origin: Vec::new(),
        }
    }

    /// Appends a sample.
    ///
    /// # Errors
    ///
    /// [`Error::InvalidTable`] when the curve already holds [`ALPHA_SAMPLES`] samples (the curve is
    /// then unchanged).
    pub fn push_sample(&mut self, sample: AlphaSample) -> Result<(), Error> {
        if self.v.is_full() {
            return Err(Error::InvalidTable);
        }
        let full = |_| Error::InvalidTable;
        self.v.push(sample.v).map_err(full)?;
        self.alpha.push(sample.alpha).map_err(full)?;
        self.ci95_lo.push(sample.ci95[0]).map_err(full)?;
        self.ci95_hi.push(sample.ci95[1]).map_err(full)?;
        self.spread.push(sample.spread).map_err(full)?;
        self.cases
            .push(sample.cases)
            .map_err(|_| Error::InvalidTable)?;
        self.origin
            .push(sample.origin)
            .map_err(|_| Error::InvalidTable)
    }

    /// Checks the law, the sample lengths, ordering, finiteness, positivity and that each
    /// interval contains its estimate.
    ///
    /// # Errors
    ///
    /// [`Error::InvalidParameter`] when the law fails [`AlphaLaw::validate`];
    /// [`Error::InvalidTable`] when the sample vectors differ in length, the curve has neither
    /// samples nor a law, a format-1 curve has no law, the velocities are not strictly increasing,
    /// finite and > 0, an α is not finite and > 0, a spread is negative or non-finite, or an
    /// interval does not contain its estimate.
    pub fn validate(&self) -> Result<(), Error> {
        if let Some(law) = &self.law {
            law.validate()?;
        }
        let n = self.v.len();
        let lengths = [
            self.alpha.len(),
            self.ci95_lo.len(),
            self.ci95_hi.len(),
            self.spread.len(),
            self.cases.len(),
            self.origin.len(),
        ];
        if lengths.iter().any(|&l| l != n) {
            return Err(Error::InvalidTable);
        }
        if n == 0 {
            return if self.law.is_some() {
                Ok(())
            } else {
                Err(Error::InvalidTable)
            };
        }
        if self.policy == AlphaPolicy::FormatOne && self.law.is_none() {
            return Err(Error::InvalidTable);
        }
        let finite_pos = |x: &f32| x.is_finite() && *x > 0.0;
        let nonneg = |x: f32| x.is_finite() && x >= 0.0;
        if !interp::is_strictly_increasing(&self.v)
            || !self.v.iter().all(finite_pos)
            || !self.alpha.iter().all(finite_pos)
            || !self.spread.iter().all(|&s| nonneg(s))
        {
            return Err(Error::InvalidTable);
        }
        let intervals = self.ci95_lo.iter().zip(&self.alpha).zip(&self.ci95_hi);
        for ((&lo, &a), &hi) in intervals {
            if !(nonneg(lo) && lo <= a && a <= hi && hi.is_finite()) {
                return Err(Error::InvalidTable);
            }
        }
        Ok(())
    }

    /// α at sliding speed `v` (sign ignored; non-finite counts as 0) \[-\], by the curve's
    /// policy (module doc). Never NaN for a validated curve.
    pub fn eval(&self, v: f32) -> f32 {
        let v = if v.is_finite() { math::abs(v) } else { 0.0 };
        let n = self.v.len();
        let (Some(&first), Some(&last), Some(&a_first), Some(&a_last)) = (
            self.v.first(),
            self.v.last(),
            self.alpha.first(),
            self.alpha.last(),
        ) else {
            return self.law.map_or(0.0, |l| l.eval(v));
        };
        match self.policy {
            AlphaPolicy::SamplesHeld => {
                if n == 1 || v <= first {
                    a_first
                } else if v >= last {
                    a_last
                } else {
                    self.log_interpolate(v).unwrap_or(a_first)
                }
            }
            AlphaPolicy::FormatOne => {
                let Some(law) = self.law else { return a_first };
                if n < 2 {
                    law.eval(v)
                } else if v < first {
                    law.eval(v) * (a_first / law.eval(first))
                } else if v > last {
                    law.eval(v) * (a_last / law.eval(last))
                } else {
                    interp::monotone_cubic(&self.v, &self.alpha, v).unwrap_or(0.0)
                }
            }
        }
    }

    /// The monotone cubic through (ln v_i, α_i) at ln v, for v strictly inside the samples.
    /// The PCHIP interpolant on interval k depends only on nodes k − 1 … k + 2 (tangents from
    /// the adjacent secants, one-sided at the true ends), so only that window's ≤ 4 logarithms
    /// are taken: the same value as over all samples, at 5 `ln` instead of up to 17.
    fn log_interpolate(&self, v: f32) -> Option<f32> {
        let n = self.v.len();
        let k = self.v.iter().rposition(|&x| x <= v)?.min(n.checked_sub(2)?);
        let (lo, hi) = (k.saturating_sub(1), (k + 2).min(n - 1));
        let mut ln_v = [0.0f32; 4];
        for (slot, &x) in ln_v.iter_mut().zip(self.v.get(lo..=hi)?) {
            *slot = math::ln(x);
        }
        interp::monotone_cubic(ln_v.get(..=hi - lo)?, self.alpha.get(lo..=hi)?, math::ln(v))
    }
}

/// One α sample as the calibrator hands it over ([`AlphaCurve::push_sample`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AlphaSample {
    /// Sliding velocity \[m/s\].
    pub v: f32,
    /// α \[-\].
    pub alpha: f32,
    /// 95 % confidence interval `[lo, hi]` \[-\].
    pub ci95: [f32; 2],
    /// Standard deviation over seed indices \[-\].
    pub spread: f32,
    /// Cases behind the sample.
    pub cases: u16,
    /// How it was simulated.
    pub origin: SampleOrigin,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn curve() -> AlphaCurve {
        let mut c = AlphaCurve::from_law(AlphaLaw {
            alpha_inf: 3.0,
            alpha_0: 8.0,
            v_ref: 5.0,
        });
        for (v, a) in [(0.08, 8.0), (1.0, 7.0), (10.0, 4.5), (50.0, 3.0)] {
            c.push_sample(AlphaSample {
                v,
                alpha: a,
                ci95: [0.8 * a, 1.2 * a],
                spread: 0.1 * a,
                cases: 36,
                origin: SampleOrigin::Direct,
            })
            .unwrap();
        }
        c
    }

    #[test]
    fn samples_are_hit_exactly_and_held_outside() {
        let c = curve();
        c.validate().unwrap();
        for (v, a) in c.v.iter().zip(&c.alpha) {
            assert!((c.eval(*v) - a).abs() <= 1e-6 * a, "v = {v}");
        }
        assert_eq!(c.eval(0.01), 8.0);
        assert_eq!(c.eval(0.0), 8.0);
        assert_eq!(c.eval(f32::NAN), 8.0);
        assert_eq!(c.eval(1e4), 3.0);
        assert_eq!(c.eval(-10.0), c.eval(10.0));
    }

    #[test]
    fn the_four_node_window_equals_the_interpolant_over_all_samples() {
        let mut c = curve();
        for (v, a) in [(100.0, 2.5), (300.0, 2.4)] {
            c.push_sample(AlphaSample {
                v,
                alpha: a,
                ci95: [a, a],
                spread: 0.0,
                cases: 1,
                origin: SampleOrigin::Direct,
            })
            .unwrap();
        }
        let ln_all: Vec<f32, ALPHA_SAMPLES> = c.v.iter().map(|&x| math::ln(x)).collect();
        for i in 1..400 {
            let v = 0.08 * math::powf(300.0 / 0.08, i as f32 / 400.0);
            let full = interp::monotone_cubic(&ln_all, &c.alpha, math::ln(v)).unwrap();
            assert_eq!(c.eval(v), full, "v = {v}");
        }
    }

    #[test]
    fn log_interpolation_is_monotone_between_falling_samples() {
        let c = curve();
        let mut prev = f32::INFINITY;
        for i in 0..=400 {
            let v = 0.08 * math::powf(50.0 / 0.08, i as f32 / 400.0);
            let a = c.eval(v);
            assert!(a <= prev + 1e-6 && (3.0..=8.0).contains(&a), "v = {v}: {a}");
            prev = a;
        }
    }

    #[test]
    fn the_seed_form_is_the_law_with_alpha0_zero() {
        let law = AlphaLaw::saturation(20.0, 0.1);
        for v in [0.0, 0.05, 0.1, 1.0, 100.0] {
            let seed = 20.0 * math::one_minus_exp_neg(v / 0.1);
            assert_eq!(law.eval(v), seed);
        }
        let falling = AlphaLaw {
            alpha_inf: 3.0,
            alpha_0: 8.0,
            v_ref: 5.0,
        };
        assert!((falling.eval(0.0) - 8.0).abs() < 1e-6);
        assert!((falling.eval(5.0) - (3.0 + 5.0 * math::exp(-1.0))).abs() < 1e-5);
    }

    #[test]
    fn inconsistent_curves_are_rejected() {
        let mut c = curve();
        c.ci95_lo[1] = 7.5; // above the estimate
        assert_eq!(c.validate(), Err(Error::InvalidTable));
        let mut c = curve();
        let _ = c.origin.pop();
        assert_eq!(c.validate(), Err(Error::InvalidTable));
        let mut c = AlphaCurve::from_law(AlphaLaw::saturation(1.0, 1.0));
        c.law = None;
        assert_eq!(c.validate(), Err(Error::InvalidTable));
        let bad = AlphaLaw {
            alpha_inf: 0.0,
            alpha_0: 0.0,
            v_ref: 1.0,
        };
        assert_eq!(bad.validate(), Err(Error::InvalidParameter));
    }
}
