//! A tiny deterministic noise source for the simulated sensors: Marsaglia's xorshift32
//! (period 2³² − 1) and an approximately Gaussian variate from the sum of three uniforms
//! (Irwin–Hall, unit variance, bounded by ±3).

/// xorshift32 state (never zero).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct XorShift32(u32);

impl XorShift32 {
    /// A generator from a seed (0 is replaced by a fixed non-zero constant).
    pub const fn new(seed: u32) -> Self {
        Self(if seed == 0 { 0x9E37_79B9 } else { seed })
    }

    /// Next 32 random bits (xorshift 13, 17, 5).
    pub fn next_u32(&mut self) -> u32 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        self.0 = x;
        x
    }

    /// Uniform in [−1, 1) with 24-bit resolution.
    pub fn uniform(&mut self) -> f32 {
        (self.next_u32() >> 8) as f32 * (2.0 / 16_777_216.0) - 1.0
    }

    /// Approximately standard normal: (u₁ + u₂ + u₃) with u uniform on [−1, 1) has mean 0 and
    /// variance 3·(1/3) = 1; bounded by ±3.
    pub fn normal(&mut self) -> f32 {
        self.uniform() + self.uniform() + self.uniform()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Sample size of the moment checks.
    const SAMPLES: usize = 200_000;
    /// 5 standard errors of a mean (σ = 1) over SAMPLES, and of a variance (σ ≈ √(2 − 0.4)).
    const MEAN_TOL: f64 = 5.0 / 447.2;
    const VAR_TOL: f64 = 5.0 * 1.27 / 447.2;

    #[test]
    fn xorshift_matches_its_published_recurrence_and_is_deterministic() {
        // First outputs of xorshift32 (Marsaglia 2003, shifts 13/17/5) from seed 1, computed
        // independently with 32-bit masked integer arithmetic in Python.
        let mut r = XorShift32::new(1);
        assert_eq!(r.next_u32(), 270_369);
        assert_eq!(r.next_u32(), 67_634_689);
        assert_eq!(r.next_u32(), 2_647_435_461);
        let (mut a, mut b) = (XorShift32::new(7), XorShift32::new(7));
        for _ in 0..1000 {
            assert_eq!(a.next_u32(), b.next_u32());
        }
    }

    #[test]
    fn normal_has_zero_mean_and_unit_variance() {
        let mut r = XorShift32::new(12345);
        let (mut s, mut s2) = (0.0f64, 0.0f64);
        for _ in 0..SAMPLES {
            let x = f64::from(r.normal());
            assert!(x.abs() <= 3.0);
            s += x;
            s2 += x * x;
        }
        let mean = s / SAMPLES as f64;
        let var = s2 / SAMPLES as f64 - mean * mean;
        assert!(mean.abs() < MEAN_TOL, "mean {mean}");
        assert!((var - 1.0).abs() < VAR_TOL, "var {var}");
    }
}
