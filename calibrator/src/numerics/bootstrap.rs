//! The one percentile bootstrap of the calibrator: the resampling loop, the replicate count and
//! the interval rule, written once for every stochastic figure (α's cluster bootstrap in
//! `fit::bootstrap`, the third-body μ ensembles in `third_body::stats`, the wear coefficient K
//! and the debris statistics in `studies::dde`).
//!
//! - **Resampling** ([`resample`]): one replicate draws `n` unit indices with replacement out
//!   of `0..n` (`rng.random_range(0..n)`, n times, in order) and hands them to the statistic;
//!   [`REPLICATES`] replicates. The unit (a seed index, a realisation, a run) is the caller's:
//!   the generator is the caller's too, so each figure keeps its own reproducible stream.
//! - **Interval** ([`percentile_interval`]): the [`CONFIDENCE`] two-sided percentile interval
//!   of the replicates by the one quantile rule of [`super::percentile`] (Hyndman & Fan
//!   definition 7).
//! - **NaN rule**: a NaN replicate is one on which the statistic is undefined (a resample with
//!   no usable unit); it says nothing about the statistic's spread and is **left out**. ±∞ are
//!   kept (sorted to the ends). No replicate left: `[NaN, NaN]`. A statistic with a physical
//!   value for the degenerate draw maps it itself before the interval (α: a draw with no
//!   particle-borne area has α = 0, `fit::bootstrap::Clustered::alpha_of_draw`).

use rand::Rng;

use super::percentile::quantile_sorted;

/// Bootstrap replicates of every interval (the percentile interval's Monte-Carlo error on a
/// 2.5 % quantile is about √(0.025·0.975/2000) ≈ 0.35 % in probability).
pub const REPLICATES: usize = 2000;

/// Two-sided confidence level of the intervals.
pub const CONFIDENCE: f64 = 0.95;

/// The [`REPLICATES`] resamples of `n` units drawn from `rng`: `stat` sees each replicate's
/// drawn indices (n of them, with replacement, in draw order) and its value is collected.
/// With `n = 0` no index is drawn and `stat` sees an empty slice.
pub fn resample<T>(rng: &mut impl Rng, n: usize, mut stat: impl FnMut(&[usize]) -> T) -> Vec<T> {
    let mut pick = vec![0; n];
    (0..REPLICATES)
        .map(|_| {
            for p in pick.iter_mut() {
                *p = rng.random_range(0..n);
            }
            stat(&pick)
        })
        .collect()
}

/// The mean of `x` over the drawn indices `pick` (summed in draw order); `None` for no index.
pub fn mean_of_pick(x: &[f64], pick: &[usize]) -> Option<f64> {
    (!pick.is_empty()).then(|| pick.iter().map(|&i| x[i]).sum::<f64>() / pick.len() as f64)
}

/// The [`CONFIDENCE`] percentile interval of `values` (bootstrap replicates) by the one
/// quantile rule, under the module's NaN rule (NaN left out, `[NaN, NaN]` when none is left).
pub fn percentile_interval(values: impl IntoIterator<Item = f64>) -> [f64; 2] {
    let mut v: Vec<f64> = values.into_iter().filter(|x| !x.is_nan()).collect();
    if v.is_empty() {
        return [f64::NAN; 2];
    }
    v.sort_by(f64::total_cmp);
    let tail = 0.5 * (1.0 - CONFIDENCE);
    [quantile_sorted(&v, tail), quantile_sorted(&v, 1.0 - tail)]
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn percentile_interval_of_a_uniform_grid_and_the_nan_rule() {
        // 0, 1, …, 1000: the 2.5 % and 97.5 % quantiles are 25 and 975 (position 0.025·1000,
        // exact up to one rounding of the product).
        let [lo, hi] = percentile_interval((0..=1000).map(f64::from));
        assert!(
            (lo - 25.0).abs() < 1e-9 && (hi - 975.0).abs() < 1e-9,
            "{lo} {hi}"
        );
        // NaN left out: the interval of {NaN, 1, 2, 3} is that of {1, 2, 3} (definition 7:
        // positions 0.05 and 1.95 → 1.05 and 2.95).
        let [lo, hi] = percentile_interval([f64::NAN, 3.0, 1.0, 2.0]);
        assert!(
            (lo - 1.05).abs() < 1e-12 && (hi - 2.95).abs() < 1e-12,
            "{lo} {hi}"
        );
        assert!(percentile_interval([f64::NAN]).iter().all(|x| x.is_nan()));
        assert!(percentile_interval([]).iter().all(|x| x.is_nan()));
        // ±∞ kept at the ends.
        assert_eq!(percentile_interval([f64::INFINITY; 3]), [f64::INFINITY; 2]);
    }

    #[test]
    fn resample_is_the_textbook_loop() {
        // Oracle: draw n indices, apply the statistic, repeat REPLICATES times, same stream.
        let x = [0.02, 0.5, 0.07, 0.11, 1.9, 0.04, 0.3];
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(9);
        let naive: Vec<f64> = (0..REPLICATES)
            .map(|_| {
                (0..x.len())
                    .map(|_| x[rng.random_range(0..x.len())])
                    .sum::<f64>()
                    / x.len() as f64
            })
            .collect();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(9);
        let ours = resample(&mut rng, x.len(), |p| mean_of_pick(&x, p).unwrap());
        assert_eq!(ours, naive);
        // No unit: nothing drawn, no panic.
        let empty = resample(&mut rng, 0, |p| mean_of_pick(&[], p));
        assert!(empty.len() == REPLICATES && empty.iter().all(Option::is_none));
    }

    #[test]
    fn interval_of_a_mean_matches_the_normal_theory() {
        // 40 values ±1: bootstrap SE of the mean σ/√n·√((n−1)/n) ≈ 0.156, 95 % half-width
        // ≈ 1.96·0.156 = 0.306; 10 % covers the Monte-Carlo error of 2000 replicates (≈ 5 %)
        // and the lattice of resampled means.
        let x: Vec<f64> = (0..40)
            .map(|i| if i % 2 == 0 { 1.0 } else { -1.0 })
            .collect();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        let [lo, hi] = percentile_interval(resample(&mut rng, x.len(), |p| {
            mean_of_pick(&x, p).unwrap()
        }));
        let n = x.len() as f64;
        let expected = 1.96 / n.sqrt() * ((n - 1.0) / n).sqrt();
        assert!((0.5 * (hi - lo) / expected - 1.0).abs() < 0.1, "{lo} {hi}");
    }
}
