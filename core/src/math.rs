//! Math backend for `f32` on the hot path.
//!
//! Exactly one backend feature is enabled (the crate's "Feature flags"): `libm` (default) gives
//! libm's functions; `micromath` switches `exp`, `ln`, `sqrt` and `powf` to micromath's fast
//! approximations (called through
//! the `F32Ext` trait explicitly, so that on the host std's inherent methods do not shadow
//! them). Special functions off the hot path (`erf`, `expm1`) always use libm.
//!
//! [`one_minus_exp_neg`], the saturation shape 1 − e^(−x) of α(v) (seed 000 Fig. 15), follows
//! the backend: libm's `expm1f` by default; with `micromath`, which has no `expm1`, a
//! degree-6 Taylor polynomial where 1 − e^(−x) would cancel (|x| ≤ 1/2) and micromath's `exp`
//! elsewhere. `core/tests/micromath.rs` bounds the resulting error of μ.

/// e^x.
#[inline]
pub fn exp(x: f32) -> f32 {
    #[cfg(feature = "micromath")]
    {
        micromath::F32Ext::exp(x)
    }
    #[cfg(not(feature = "micromath"))]
    {
        libm::expf(x)
    }
}

/// Natural logarithm.
#[inline]
pub fn ln(x: f32) -> f32 {
    #[cfg(feature = "micromath")]
    {
        micromath::F32Ext::ln(x)
    }
    #[cfg(not(feature = "micromath"))]
    {
        libm::logf(x)
    }
}

/// Square root.
#[inline]
pub fn sqrt(x: f32) -> f32 {
    #[cfg(feature = "micromath")]
    {
        micromath::F32Ext::sqrt(x)
    }
    #[cfg(not(feature = "micromath"))]
    {
        libm::sqrtf(x)
    }
}

/// x^y. Under `micromath` the IEEE special values (NaN, x = 0, x = +∞) are returned
/// exactly, as libm does; micromath's approximation gives 0^½ ≈ 7.7e-20 and no NaN for NaN^½.
#[inline]
pub fn powf(x: f32, y: f32) -> f32 {
    #[cfg(feature = "micromath")]
    {
        if x.is_nan() || y.is_nan() {
            return f32::NAN;
        }
        if y == 0.0 {
            return 1.0;
        }
        if x == 0.0 || x == f32::INFINITY {
            return if (x == 0.0) == (y > 0.0) {
                0.0
            } else {
                f32::INFINITY
            };
        }
        micromath::F32Ext::powf(x, y)
    }
    #[cfg(not(feature = "micromath"))]
    {
        libm::powf(x, y)
    }
}

/// e^x − 1, accurate for small x (always libm).
#[inline]
pub fn expm1(x: f32) -> f32 {
    libm::expm1f(x)
}

/// Below this |x|, the micromath backend of [`one_minus_exp_neg`] uses its Taylor
/// polynomial (relative truncation error ≤ x⁶/5040 ≤ 3.2e-6 there).
pub const MICROMATH_SERIES_LIMIT: f32 = 0.5;

/// 1 − e^(−x), accurate for small |x| (no cancellation); 1 for x → +∞, NaN for NaN.
///
/// libm (default): −expm1f(−x). micromath: for |x| ≤ [`MICROMATH_SERIES_LIMIT`] the Taylor
/// polynomial x·(1 − x/2·(1 − x/3·(1 − x/4·(1 − x/5·(1 − x/6))))), otherwise
/// 1 − micromath's exp(−x) (exactly 1 for x > 20, where e^(−x) < f32::EPSILON/2).
#[inline]
pub fn one_minus_exp_neg(x: f32) -> f32 {
    #[cfg(feature = "micromath")]
    {
        if abs(x) <= MICROMATH_SERIES_LIMIT {
            const C6: f32 = 1.0 / 6.0;
            const C5: f32 = 1.0 / 5.0;
            const C4: f32 = 1.0 / 4.0;
            const C3: f32 = 1.0 / 3.0;
            const C2: f32 = 1.0 / 2.0;
            let p = 1.0 - x * C6;
            let p = 1.0 - x * C5 * p;
            let p = 1.0 - x * C4 * p;
            let p = 1.0 - x * C3 * p;
            let p = 1.0 - x * C2 * p;
            x * p
        } else if x > 20.0 {
            1.0
        } else if x.is_nan() {
            x
        } else {
            1.0 - micromath::F32Ext::exp(-x)
        }
    }
    #[cfg(not(feature = "micromath"))]
    {
        -libm::expm1f(-x)
    }
}

/// Error function (always libm).
#[inline]
pub fn erf(x: f32) -> f32 {
    libm::erff(x)
}

/// |x|, exact (bit operation).
#[inline]
pub fn abs(x: f32) -> f32 {
    f32::from_bits(x.to_bits() & 0x7fff_ffff)
}

#[cfg(test)]
mod tests {
    use super::powf;

    #[test]
    fn powf_special_values_are_exact_under_either_backend() {
        assert_eq!(powf(0.0, 0.5), 0.0);
        assert_eq!(powf(0.0, -0.5), f32::INFINITY);
        assert_eq!(powf(f32::INFINITY, 0.5), f32::INFINITY);
        assert_eq!(powf(f32::INFINITY, -0.5), 0.0);
        assert_eq!(powf(3.0, 0.0), 1.0);
        assert!(powf(f32::NAN, 0.5).is_nan());
        assert!(powf(2.0, f32::NAN).is_nan());
    }
}
