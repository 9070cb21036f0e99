//! Math backend for `f32` on the hot path.
//!
//! Feature `libm` (default) gives correctly-rounded-ish libm functions; feature `micromath`
//! switches `exp`, `ln`, `sqrt` and `powf` to micromath's fast approximations (called through
//! the `F32Ext` trait explicitly, so that on the host std's inherent methods do not shadow
//! them). Special functions off the hot path (`erf`, `expm1`) always use libm.

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

/// x^y.
#[inline]
pub fn powf(x: f32, y: f32) -> f32 {
    #[cfg(feature = "micromath")]
    {
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
