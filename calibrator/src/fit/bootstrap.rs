//! Cluster bootstrap of α over seed indices (surface pairs), paired across velocities.
//!
//! The cases of one seed index share its surface pair and its placement stream at every
//! pressure, β and velocity, so they are not independent draws: the unit of resampling is the
//! seed index (a cluster of cases), as in seed 000 §6.1's ensemble over initial
//! configurations. One replicate draws n seed indices with replacement out of the n present
//! and refits the ensemble α of Eq. 23 (seed-averaged A̅_p and β·p/E* per (p, β), least squares
//! through the origin) at **every** velocity from the same draw, so differences and ratios
//! between velocities are paired. Intervals are percentile intervals of the replicates. The
//! loop, the replicate count and the interval rule are the calibrator's one bootstrap,
//! [`crate::numerics::bootstrap`] (re-exported here); this file holds what is α's own: the
//! clusters, the weighted refit and α's value on a degenerate draw.
//!
//! The generator is the calibrator's [`crate::rng::stream_rng`] on a fixed stream under the
//! run's seed, so the interval is reproducible bit for bit.

use crate::meso::cases::CaseResult;
use crate::numerics::bootstrap::resample;
pub use crate::numerics::bootstrap::{CONFIDENCE, REPLICATES, percentile_interval};
use crate::rng::stream_rng;

/// Random stream of the bootstrap under the run's seed (apart from the case streams of
/// `meso::setup`).
pub const BOOTSTRAP_STREAM: u64 = 0xB007_5742_0000_0000;
/// One (p, β) group at one velocity: per seed index, the case's x = β_realised·p/E* and
/// y = ⟨A_p⟩/A_0 (`None` where the case is missing).
type Group = Vec<Option<(f64, f64)>>;

/// The cases arranged by velocity, (p, β) group and seed index.
#[derive(Clone, Debug)]
pub struct Clustered {
    /// `groups[v][g]`.
    groups: Vec<Vec<Group>>,
    /// Number of distinct seed indices.
    pub seeds: usize,
}

impl Clustered {
    /// Arranges `results` by `velocities` (each case's `velocity` must be one of them), (p, β)
    /// and seed index.
    pub fn new(results: &[CaseResult], velocities: &[f64], e_star: f64) -> Self {
        let mut seeds: Vec<usize> = results.iter().map(|r| r.case.seed_index).collect();
        seeds.sort_unstable();
        seeds.dedup();
        let mut groups = Vec::with_capacity(velocities.len());
        for &v in velocities {
            let at_v: Vec<&CaseResult> = results.iter().filter(|r| r.case.velocity == v).collect();
            let mut keys: Vec<(f64, f64)> = at_v
                .iter()
                .map(|r| (r.case.pressure, r.case.beta))
                .collect();
            keys.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.total_cmp(&b.1)));
            keys.dedup();
            let per_group = keys
                .iter()
                .map(|&(p, b)| {
                    seeds
                        .iter()
                        .map(|&s| {
                            at_v.iter()
                                .find(|r| {
                                    r.case.pressure == p
                                        && r.case.beta == b
                                        && r.case.seed_index == s
                                })
                                .map(|r| (r.beta_realised * p / e_star, r.mean_ap))
                        })
                        .collect()
                })
                .collect();
            groups.push(per_group);
        }
        Self {
            groups,
            seeds: seeds.len(),
        }
    }

    /// Ensemble α at velocity `v` with seed index s weighted by `counts[s]` (all ones: the
    /// plain ensemble fit). NaN when no weighted point has x > 0.
    pub fn alpha(&self, v: usize, counts: &[u32]) -> f64 {
        let (mut sxy, mut sxx) = (0.0, 0.0);
        for group in &self.groups[v] {
            let (mut wx, mut wy, mut w) = (0.0, 0.0, 0.0);
            for (cell, &c) in group.iter().zip(counts) {
                if let (Some((x, y)), true) = (cell, c > 0) {
                    let c = f64::from(c);
                    wx += c * x;
                    wy += c * y;
                    w += c;
                }
            }
            if w > 0.0 {
                let (x, y) = (wx / w, wy / w);
                sxy += x * y;
                sxx += x * x;
            }
        }
        if sxx > 0.0 { sxy / sxx } else { f64::NAN }
    }

    /// α of one bootstrap draw: [`Self::alpha`], with 0 where it is undefined (a draw with no
    /// weighted point of x > 0 has no particle-borne area to attribute: α = 0, not a missing
    /// replicate, so the interval's NaN rule never sees it).
    pub fn alpha_of_draw(&self, v: usize, counts: &[u32]) -> f64 {
        let a = self.alpha(v, counts);
        if a.is_nan() { 0.0 } else { a }
    }

    /// `REPLICATES` bootstrap replicates: `out[b][v]` is velocity v's α under draw b
    /// ([`resample_counts`], [`Self::alpha_of_draw`]).
    pub fn replicates(&self, seed: u64) -> Vec<Vec<f64>> {
        resample_counts(seed, self.seeds)
            .iter()
            .map(|counts| {
                (0..self.groups.len())
                    .map(|v| self.alpha_of_draw(v, counts))
                    .collect()
            })
            .collect()
    }
}

/// The `REPLICATES` draws of the bootstrap over `n` clusters under `seed`
/// ([`crate::numerics::bootstrap::resample`] on the stream [`BOOTSTRAP_STREAM`]): how often each
/// cluster is drawn. Any two statistics computed from the same draws are paired.
pub fn resample_counts(seed: u64, n: usize) -> Vec<Vec<u32>> {
    let mut rng = stream_rng(seed, BOOTSTRAP_STREAM);
    resample(&mut rng, n, |pick| {
        let mut counts = vec![0u32; n];
        for &i in pick {
            counts[i] += 1;
        }
        counts
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bootstrap_interval_of_a_mean_matches_the_normal_theory() {
        // One velocity, one (p, β) group with x = 1 for every seed: α is the mean of the
        // seeds' y. For 40 seeds with y = ±1 alternating, the bootstrap standard error of the
        // mean is σ/√n·√((n−1)/n) ≈ 0.156, so the 95 % interval half-width is ≈ 1.96·0.156
        // = 0.306; allow the Monte-Carlo error of 2000 replicates (≈ 5 %) and the lattice of
        // the resampled means.
        let n = 40;
        let group: Vec<Option<(f64, f64)>> = (0..n)
            .map(|s| Some((1.0, if s % 2 == 0 { 1.0 } else { -1.0 })))
            .collect();
        let c = Clustered {
            groups: vec![vec![group]],
            seeds: n,
        };
        assert_eq!(c.alpha(0, &vec![1; n]), 0.0);
        let reps = c.replicates(3);
        let [lo, hi] = percentile_interval(reps.iter().map(|r| r[0]));
        let half = 0.5 * (hi - lo);
        let expected = 1.96 * (1.0 / (n as f64).sqrt()) * ((n - 1) as f64 / n as f64).sqrt();
        assert!((half / expected - 1.0).abs() < 0.1, "{half} vs {expected}");
        assert_eq!(reps, c.replicates(3), "reproducible");
    }
}
