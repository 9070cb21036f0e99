//! Pressure dependence of the Archard coefficient in the β-transport source (seed 000 Eq. 12)
//! from the table's wear section (seed 001): K(p) = K·(p/p_ref)^n with p clamped to the
//! range the calibration covered. The scalar law (n = 0) costs one predictable branch per
//! node; see the `transport` bench for the measured ratio.

use crate::real;
use crate::table::{WearForm, WearSection};

/// The factor K(p)/K(p_ref) = (clamp(p)/p_ref)^n applied to the transport's K.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WearPressureLaw {
    /// Reference pressure p_ref \[Pa\].
    pub p_ref: f32,
    /// Pressure exponent n \[-\] (0: scalar K).
    pub exponent: f32,
    /// Pressures are clamped to `[lo, hi]` \[Pa\] (the calibrated range).
    pub pressure_range: [f32; 2],
}

impl WearPressureLaw {
    /// A pressure-independent K (seed 000's scalar).
    pub const SCALAR: WearPressureLaw = WearPressureLaw {
        p_ref: 1.0,
        exponent: 0.0,
        pressure_range: [0.0, f32::INFINITY],
    };

    /// The law of a wear section.
    pub fn from_section(section: &WearSection) -> Self {
        Self {
            p_ref: section.p_ref,
            exponent: section.exponent,
            pressure_range: section.pressure_range,
        }
    }

    /// The factor (clamp(p)/p_ref)^n \[-\] at a pressure p > 0; exactly 1 when n = 0.
    #[inline]
    pub fn factor(&self, pressure: f32) -> f32 {
        if self.exponent == 0.0 {
            1.0
        } else {
            let [lo, hi] = self.pressure_range;
            // max/min, not clamp: clamp panics on an invalid range.
            real::powf(pressure.max(lo).min(hi) / self.p_ref, self.exponent)
        }
    }

    /// Checks: p_ref > 0, n finite, 0 ≤ lo < hi (hi may be +∞), all not NaN.
    pub fn is_valid(&self) -> bool {
        let [lo, hi] = self.pressure_range;
        self.p_ref.is_finite()
            && self.p_ref > 0.0
            && self.exponent.is_finite()
            && lo.is_finite()
            && lo >= 0.0
            && hi > lo
    }
}

/// The Archard coefficient at p_ref and the pressure law a wear section gives the transport:
/// `Absolute` replaces the transport's K by K0; `ShapeOnly` keeps the transport's K
/// (`scalar_k`, read as K at p_ref) and scales it with the shape. `None`: the scalar K.
pub fn archard_from_section(
    scalar_k: f32,
    section: Option<&WearSection>,
) -> (f32, WearPressureLaw) {
    match section {
        None => (scalar_k, WearPressureLaw::SCALAR),
        Some(s) => {
            let k = match s.form {
                WearForm::Absolute => s.k0,
                WearForm::ShapeOnly => scalar_k,
            };
            (k, WearPressureLaw::from_section(s))
        }
    }
}
