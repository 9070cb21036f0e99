//! Seed-ensemble statistics: mean with a 95 % percentile-bootstrap CI over realisations
//! (resampling seeds; ChaCha8 for a reproducible bootstrap). The loop, the replicate count
//! and the interval rule are the calibrator's one bootstrap, [`crate::numerics::bootstrap`].

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::numerics::bootstrap::{mean_of_pick, percentile_interval, resample};

/// Mean and 95 % CI of a sample.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MeanCi {
    /// Sample mean.
    pub mean: f64,
    /// 2.5 % bootstrap percentile of the mean.
    pub lo: f64,
    /// 97.5 % bootstrap percentile of the mean.
    pub hi: f64,
    /// Number of realisations.
    pub n: usize,
}

impl MeanCi {
    /// Whether the CI excludes zero (a trend may be claimed).
    pub fn excludes_zero(&self) -> bool {
        self.lo > 0.0 || self.hi < 0.0
    }
}

/// Mean and percentile-bootstrap 95 % CI of `x` (NaN bounds for an empty sample).
pub fn bootstrap_mean(x: &[f64], seed: u64) -> MeanCi {
    let n = x.len();
    if n == 0 {
        return MeanCi {
            mean: f64::NAN,
            lo: f64::NAN,
            hi: f64::NAN,
            n,
        };
    }
    let mean = x.iter().sum::<f64>() / n as f64;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let means = resample(&mut rng, n, |pick| {
        mean_of_pick(x, pick).unwrap_or(f64::NAN)
    });
    let [lo, hi] = percentile_interval(means);
    MeanCi { mean, lo, hi, n }
}

/// Paired difference b − a by realisation, with its bootstrap CI.
pub fn paired_difference(a: &[f64], b: &[f64], seed: u64) -> MeanCi {
    let d: Vec<f64> = a.iter().zip(b).map(|(x, y)| y - x).collect();
    bootstrap_mean(&d, seed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bootstrap_brackets_the_mean_and_shrinks_with_n() {
        let x: Vec<f64> = (0..50).map(|i| (i % 7) as f64).collect();
        let ci = bootstrap_mean(&x, 1);
        assert!(ci.lo < ci.mean && ci.mean < ci.hi);
        // Normal theory: half-width ≈ 1.96 σ/√n; σ of 0..6 cycling ≈ 2.0, √50 ≈ 7.1 → ≈ 0.55.
        let half = 0.5 * (ci.hi - ci.lo);
        assert!((0.4..0.7).contains(&half), "half-width {half}");
        let c = bootstrap_mean(&[3.0; 5], 1);
        assert_eq!((c.lo, c.hi), (3.0, 3.0));
    }
}
