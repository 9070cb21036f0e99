//! Fast stream of standard normal deviates for the field samplers.
//!
//! A 256² separable sample at small l/h needs 65 536 deviates; rand_distr's Ziggurat on the
//! per-draw `StreamRng` (ChaCha12) costs ≈ 8 ns each (see the `random_field` bench), more than
//! the banded products. A draw therefore takes four words from its `StreamRng` to seed a
//! xoshiro256++ generator (Blackman & Vigna, "Scrambled linear pseudorandom number
//! generators", ACM TOMS 2021; period 2²⁵⁶ − 1, passes BigCrush), and feeds that to the same
//! Ziggurat. The stream stays a pure function of the draw's `StreamRng` state, so samples remain
//! bit-reproducible for a seed and any thread count. The dense Cholesky reference keeps
//! drawing from `StreamRng` directly, so the variogram oracles compare both sources.

use crate::rng::StreamRng;
use rand::{Rng, RngCore};
use rand_distr::StandardNormal;

/// xoshiro256++ 1.0 (Blackman & Vigna's public-domain reference algorithm; constants 23, 17,
/// 45), from `rand_xoshiro`. Its `next_u64` stream is the reference algorithm's (tested below
/// against the reference written out), which the calibrator carried by hand before issue 33:
/// random fields stay bit-identical for a seed.
pub use rand_xoshiro::Xoshiro256PlusPlus;

/// Seeds xoshiro256++ from four words of `rng` (little-endian, the crate's seed layout; the
/// crate replaces the all-zero state, a fixed point, by a non-zero one).
fn xoshiro_from(rng: &mut StreamRng) -> Xoshiro256PlusPlus {
    use rand::SeedableRng;
    let mut seed = [0u8; 32];
    for chunk in seed.chunks_exact_mut(8) {
        chunk.copy_from_slice(&rng.next_u64().to_le_bytes());
    }
    Xoshiro256PlusPlus::from_seed(seed)
}

/// Standard normal deviates of one draw (Ziggurat on xoshiro256++ seeded from the draw's
/// `StreamRng`).
#[derive(Debug, Clone)]
pub struct NormalStream {
    rng: Xoshiro256PlusPlus,
}

impl NormalStream {
    /// The stream of the draw whose generator is `rng` (consumes four words of it).
    pub fn new(rng: &mut StreamRng) -> Self {
        Self {
            rng: xoshiro_from(rng),
        }
    }

    /// Next deviate.
    #[inline]
    pub fn deviate(&mut self) -> f64 {
        self.rng.sample(StandardNormal)
    }

    /// Fills `out` with deviates, in order.
    pub fn fill(&mut self, out: &mut [f64]) {
        for v in out {
            *v = self.rng.sample(StandardNormal);
        }
    }
}

/// Fills `out` with Ziggurat deviates drawn from `rng` itself (ChaCha12): the slower source
/// the dense Cholesky reference uses, independent of xoshiro256++.
pub fn fill_from_stream_rng(rng: &mut StreamRng, out: &mut [f64]) {
    for v in out {
        *v = rng.sample(StandardNormal);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::stream_rng;
    use libm::erf;

    /// Statistical checks accept this many standard errors (fixed seed).
    const N_SE: f64 = 4.0;

    #[test]
    fn xoshiro_matches_reference_output() {
        // Test vector of the reference algorithm (xoshiro256plusplus.c) from state
        // {1, 2, 3, 4}, as in the rand_xoshiro crate's tests (recomputed independently with
        // Python integers): 41943041, 58720359, 3588806011781223, …
        use rand::SeedableRng;
        let mut seed = [0u8; 32];
        for (chunk, w) in seed.chunks_exact_mut(8).zip([1u64, 2, 3, 4]) {
            chunk.copy_from_slice(&w.to_le_bytes());
        }
        let mut x = Xoshiro256PlusPlus::from_seed(seed);
        assert_eq!(x.next_u64(), 41_943_041);
        assert_eq!(x.next_u64(), 58_720_359);
        assert_eq!(x.next_u64(), 3_588_806_011_781_223);
    }

    /// The reference algorithm (xoshiro256plusplus.c) written out, as the calibrator carried
    /// it before issue 33: the oracle that the crate's stream, seeded as `NormalStream` seeds
    /// it, is the same stream (bit-identical fields for a seed).
    fn reference_next(s: &mut [u64; 4]) -> u64 {
        let result = s[0].wrapping_add(s[3]).rotate_left(23).wrapping_add(s[0]);
        let t = s[1] << 17;
        s[2] ^= s[0];
        s[3] ^= s[1];
        s[1] ^= s[2];
        s[0] ^= s[3];
        s[2] ^= t;
        s[3] = s[3].rotate_left(45);
        result
    }

    #[test]
    fn crate_stream_equals_the_reference_stream_of_a_seed() {
        for (seed, stream) in [(0, 0), (7, 3), (u64::MAX, 12)] {
            let mut a = stream_rng(seed, stream);
            let mut b = stream_rng(seed, stream);
            let mut ours = xoshiro_from(&mut a);
            let mut state = [0u64; 4];
            for w in &mut state {
                *w = b.next_u64();
            }
            for _ in 0..10_000 {
                assert_eq!(ours.next_u64(), reference_next(&mut state));
            }
        }
    }

    #[test]
    fn deviates_have_standard_normal_moments_cdf_and_no_serial_correlation() {
        let n = 400_000;
        let mut out = vec![0.0; n];
        NormalStream::new(&mut stream_rng(42, 0)).fill(&mut out);
        let nf = n as f64;
        let mean = out.iter().sum::<f64>() / nf;
        let m2 = out.iter().map(|x| x * x).sum::<f64>() / nf;
        let m4 = out.iter().map(|x| x.powi(4)).sum::<f64>() / nf;
        // SEs under N(0, 1): mean 1/√n, E[x²] √2/√n, E[x⁴] √96/√n.
        assert!(mean.abs() < N_SE / nf.sqrt(), "mean {mean}");
        assert!(
            (m2 - 1.0).abs() < N_SE * 2f64.sqrt() / nf.sqrt(),
            "E x² {m2}"
        );
        assert!(
            (m4 - 3.0).abs() < N_SE * 96f64.sqrt() / nf.sqrt(),
            "E x⁴ {m4}"
        );
        // Lag-1 and lag-2 products: mean 0, SE 1/√n.
        for lag in [1, 2] {
            let c = out.windows(lag + 1).map(|w| w[0] * w[lag]).sum::<f64>() / nf;
            assert!(c.abs() < N_SE / nf.sqrt(), "lag {lag}: {c}");
        }
        // Kolmogorov–Smirnov against Φ(x) = ½·(1 + erf(x/√2)).
        out.sort_by(f64::total_cmp);
        let phi = |x: f64| 0.5 * (1.0 + erf(x / std::f64::consts::SQRT_2));
        let d = out
            .iter()
            .enumerate()
            .map(|(i, &x)| {
                let f = phi(x);
                (f - i as f64 / nf)
                    .abs()
                    .max(((i + 1) as f64 / nf - f).abs())
            })
            .fold(0.0, f64::max);
        // KS critical value at α = 1e-4: √(ln(2/α)/2)/√n = 2.23/√n.
        assert!(d < 2.23 / nf.sqrt(), "KS distance {d}");
    }

    #[test]
    fn streams_are_reproducible_and_distinct_per_draw() {
        let draw = |s: u64| {
            let mut v = vec![0.0; 8];
            NormalStream::new(&mut stream_rng(1, s)).fill(&mut v);
            v
        };
        assert_eq!(draw(3), draw(3));
        assert_ne!(draw(3), draw(4));
    }
}
