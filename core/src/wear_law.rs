//! Pressure dependence of the Archard coefficient in the β-transport source (seed 000 Eq. 12)
//! from the table's wear section (seed 001; read by [`crate::table::physics`]): K(p) = K·(p/p_ref)^n with p clamped to the
//! range the calibration covered. The transport picks the factor once per step: the scalar
//! law (n = 0) runs seed 000's loop unchanged; a power law under one contact pressure (a tool)
//! costs one [`fast_powf`] per step and two integer operations per contact node in the
//! CFL pass; only different pressures on the nodes take the per-node loop, memoised on the
//! last pressure. With libm's `powf` on every node a 256-node step was 7.6× slower than the
//! scalar K (76.6 against 10.0 ns per node, loaded machine); see the `core` and `wear_law`
//! benches for the figures now.

use crate::math;

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

    /// The factor (clamp(p)/p_ref)^n \[-\] at a pressure p > 0; exactly 1 when n = 0.
    #[inline]
    pub fn factor(&self, pressure: f32) -> f32 {
        if self.exponent == 0.0 {
            1.0
        } else {
            let [lo, hi] = self.pressure_range;
            // max/min, not clamp: clamp panics on an invalid range.
            fast_powf(pressure.max(lo).min(hi) / self.p_ref, self.exponent)
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

/// ln 2 reciprocal times 2: log₂ m = (2/ln 2)·atanh t with t = (m − 1)/(m + 1).
const TWO_OVER_LN2: f32 = 2.885_39;
/// ln 2.
const LN2: f32 = core::f32::consts::LN_2;

/// x^y for a positive normal finite x, as 2^(y·log₂ x) with polynomial log₂ and exp2 (relative
/// error ≲ 2e-6 over the exponents and pressure ratios of a wear law; the `wear_law` tests
/// check 1e-5 against f64). Anything else (x ≤ 0, subnormal, ∞, NaN, a non-finite product)
/// falls back to [`math::powf`].
pub fn fast_powf(x: f32, y: f32) -> f32 {
    if !(x >= f32::MIN_POSITIVE && x.is_finite()) {
        return math::powf(x, y);
    }
    // log₂ x = e + log₂ m with m ∈ [1, 2): atanh series in t ∈ [0, 1/3] to t⁹.
    let bits = x.to_bits();
    let e = ((bits >> 23) & 0xff) as i32 - 127;
    let m = f32::from_bits((bits & 0x007f_ffff) | 0x3f80_0000);
    let t = (m - 1.0) / (m + 1.0);
    let t2 = t * t;
    let series = t * (1.0 + t2 * (1.0 / 3.0 + t2 * (0.2 + t2 * (1.0 / 7.0 + t2 * (1.0 / 9.0)))));
    let l = y * (e as f32 + TWO_OVER_LN2 * series);
    if !(l > -126.0 && l < 127.0) {
        return math::powf(x, y);
    }
    // 2^l = 2^i · e^(f ln 2) with i = round(l), f ∈ [−½, ½]: Taylor to degree 6.
    let i = if l >= 0.0 {
        (l + 0.5) as i32
    } else {
        (l - 0.5) as i32
    };
    let z = (l - i as f32) * LN2;
    let p = 1.0
        + z * (1.0
            + z * (0.5
                + z * (1.0 / 6.0 + z * (1.0 / 24.0 + z * (1.0 / 120.0 + z * (1.0 / 720.0))))));
    f32::from_bits(((i + 127) as u32) << 23) * p
}
