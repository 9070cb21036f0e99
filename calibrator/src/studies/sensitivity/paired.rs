//! Paired ratios of α between two samples of cases on the same surface pairs (two levels of a
//! factor, or two velocities of one cell), with the 95 % interval of the paired cluster
//! bootstrap over pairs.
//!
//! Both samples hold the same seed indices (= surface pairs, the clusters). One replicate
//! draws the pairs once ([`resample_counts`]: n draws with replacement out of n) and refits
//! both samples' ensemble α of seed 000 Eq. 23 (seed-averaged A̅_p against β·p/E* per (p, β),
//! least squares through the origin: [`Clustered::alpha`]) on that same draw; the ratio's
//! interval is the percentile interval of the replicates' ratios ([`percentile_interval`]).
//! The draws come from [`resample_counts`] under the study's `--seed`, so a rerun gives the
//! same intervals bit for bit. The resampling is `fit::bootstrap`'s, not a copy.

use crate::fit::bootstrap::{Clustered, percentile_interval, resample_counts};
use crate::meso::cases::CaseResult;

/// One sample: the cases of a level at one velocity and the E* that scales x = β·p/E*.
#[derive(Clone, Copy, Debug)]
pub struct Sample<'a> {
    /// Case results (any velocities; only `velocity`'s are used).
    pub results: &'a [CaseResult],
    /// E* of the sample's configuration \[Pa\].
    pub e_star: f64,
    /// The velocity \[m/s\].
    pub velocity: f64,
}

/// A sample's α with its own bootstrap interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Alpha {
    /// Ensemble α of Eq. 23 (every pair once) \[-\].
    pub alpha: f64,
    /// 95 % percentile interval over the replicates, widened to contain `alpha` \[-\].
    pub ci: [f64; 2],
    /// Cases behind α.
    pub cases: usize,
    /// Pairs (clusters).
    pub pairs: usize,
}

/// A paired ratio α_num/α_den.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Ratio {
    /// α of the numerator sample.
    pub num: Alpha,
    /// α of the denominator (reference) sample.
    pub den: Alpha,
    /// α_num/α_den of the plain fits.
    pub ratio: f64,
    /// 95 % percentile interval of the paired replicates' ratios (replicates with α_den ≤ 0
    /// left out) \[-\].
    pub ci: [f64; 2],
}

/// Why two samples cannot be paired.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum PairError {
    /// A sample has no case at its velocity.
    #[error("no case at {velocity} m/s")]
    Empty {
        /// The velocity.
        velocity: f64,
    },
    /// The samples' surface pairs differ.
    #[error("the samples hold different surface pairs ({num:?} against {den:?}): not paired")]
    Unpaired {
        /// Seed indices of the numerator.
        num: Vec<usize>,
        /// Seed indices of the denominator.
        den: Vec<usize>,
    },
}

/// The distinct seed indices of `results` at `velocity`, sorted.
fn pairs_of(s: &Sample<'_>) -> Vec<usize> {
    let mut p: Vec<usize> = s
        .results
        .iter()
        .filter(|r| r.case.velocity == s.velocity)
        .map(|r| r.case.seed_index)
        .collect();
    p.sort_unstable();
    p.dedup();
    p
}

/// The sample's clusters and case count.
fn clustered(s: &Sample<'_>) -> Result<(Clustered, usize), PairError> {
    let at_v: Vec<CaseResult> = s
        .results
        .iter()
        .filter(|r| r.case.velocity == s.velocity)
        .cloned()
        .collect();
    if at_v.is_empty() {
        return Err(PairError::Empty {
            velocity: s.velocity,
        });
    }
    Ok((Clustered::new(&at_v, &[s.velocity], s.e_star), at_v.len()))
}

/// The bootstrap draws of a study under `seed` for `pairs` clusters (the same for every
/// comparison of the study, so all its intervals come from one set of draws).
pub fn draws(seed: u64, pairs: usize) -> Vec<Vec<u32>> {
    resample_counts(seed, pairs)
}

fn alpha_of(c: &Clustered, cases: usize, draws: &[Vec<u32>]) -> (Alpha, Vec<f64>) {
    let ones = vec![1; c.seeds];
    let alpha = c.alpha(0, &ones);
    let reps: Vec<f64> = draws.iter().map(|d| c.alpha(0, d)).collect();
    let ci = percentile_interval(reps.iter().copied());
    (
        Alpha {
            alpha,
            ci: [ci[0].min(alpha), ci[1].max(alpha)],
            cases,
            pairs: c.seeds,
        },
        reps,
    )
}

/// α of one sample with its interval under `draws` ([`draws`]).
///
/// # Errors
///
/// [`PairError::Empty`] when the sample has no case at its velocity.
pub fn alpha(s: Sample<'_>, draws: &[Vec<u32>]) -> Result<Alpha, PairError> {
    let (c, n) = clustered(&s)?;
    Ok(alpha_of(&c, n, draws).0)
}

/// The paired ratio α(num)/α(den) under `draws` (the study's [`draws`] for its pair count).
///
/// # Errors
///
/// [`PairError::Empty`] for a sample without cases at its velocity, [`PairError::Unpaired`]
/// when the two samples do not hold the same surface pairs.
pub fn ratio(num: Sample<'_>, den: Sample<'_>, draws: &[Vec<u32>]) -> Result<Ratio, PairError> {
    let (pn, pd) = (pairs_of(&num), pairs_of(&den));
    if pn != pd {
        return Err(PairError::Unpaired { num: pn, den: pd });
    }
    let (cn, nn) = clustered(&num)?;
    let (cd, nd) = clustered(&den)?;
    let (a_num, r_num) = alpha_of(&cn, nn, draws);
    let (a_den, r_den) = alpha_of(&cd, nd, draws);
    let zero_nan = |x: f64| if x.is_nan() { 0.0 } else { x };
    let ratios = r_num
        .iter()
        .zip(&r_den)
        .filter(|&(_, &d)| zero_nan(d) > 0.0)
        .map(|(&n, &d)| zero_nan(n) / d);
    Ok(Ratio {
        num: a_num,
        den: a_den,
        ratio: a_num.alpha / a_den.alpha,
        ci: percentile_interval(ratios),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::meso::cases::MesoCase;

    const E: f64 = 1e10;

    fn case(p: f64, beta: f64, v: f64, seed: usize, ap: f64) -> CaseResult {
        CaseResult {
            case: MesoCase {
                index: 0,
                pressure: p,
                beta,
                velocity: v,
                simulated_velocity: v,
                seed_index: seed,
            },
            flakes: 1,
            beta_realised: beta,
            mean_ap: ap,
            mean_ac: 0.0,
            mean_blocked: 0.0,
            steps: 1,
            bem_iterations: 1,
            seconds_dem: 0.0,
            seconds_bem: 0.0,
            integrator: String::new(),
            events: Default::default(),
        }
    }

    /// Synthetic level: 3 pairs, p ∈ {1e8, 2e8}, β ∈ {0.1, 0.2}, A_p = scale·(pair-dependent)·x.
    fn level(scale: f64) -> Vec<CaseResult> {
        let mut out = Vec::new();
        for (s, k) in [1.0, 2.0, 4.0].into_iter().enumerate() {
            for p in [1e8, 2e8] {
                for b in [0.1, 0.2] {
                    let x = b * p / E;
                    // A pair-dependent slope plus a p-dependent curvature, so the fit's
                    // weighting matters.
                    out.push(case(p, b, 1.0, s, scale * k * x * (1.0 + 0.1 * (p / 1e8))));
                }
            }
        }
        out
    }

    /// The ensemble α by hand for one draw: per (p, β) the draw-weighted means of x and y over
    /// pairs, then Σxy/Σxx.
    fn naive(results: &[CaseResult], counts: &[u32]) -> f64 {
        let (mut sxy, mut sxx) = (0.0, 0.0);
        for p in [1e8, 2e8] {
            for b in [0.1, 0.2] {
                let (mut wx, mut wy, mut w) = (0.0, 0.0, 0.0);
                for r in results {
                    if r.case.pressure == p && r.case.beta == b {
                        let c = f64::from(counts[r.case.seed_index]);
                        wx += c * b * p / E;
                        wy += c * r.mean_ap;
                        w += c;
                    }
                }
                if w > 0.0 {
                    sxy += (wx / w) * (wy / w);
                    sxx += (wx / w) * (wx / w);
                }
            }
        }
        sxy / sxx
    }

    /// Sums over a dozen products of O(1e-2) numbers.
    const ROUND_OFF: f64 = 1e-12;

    #[test]
    fn the_paired_bootstrap_matches_a_naive_computation() {
        let (a, b) = (level(2.0), level(1.0));
        // A second level whose pairs respond differently: not a constant ratio.
        let mut c = level(1.0);
        for r in &mut c {
            if r.case.seed_index == 2 {
                r.mean_ap *= 3.0;
            }
        }
        let draws = draws(11, 3);
        fn s(r: &[CaseResult]) -> Sample<'_> {
            Sample {
                results: r,
                e_star: E,
                velocity: 1.0,
            }
        }
        // A constant factor between levels: every replicate's ratio is that factor.
        let q = ratio(s(&a), s(&b), &draws).unwrap();
        assert!((q.ratio - 2.0).abs() < ROUND_OFF);
        assert!((q.ci[0] - 2.0).abs() < ROUND_OFF && (q.ci[1] - 2.0).abs() < ROUND_OFF);
        // Against the hand computation, replicate by replicate, then the percentile interval.
        let q = ratio(s(&c), s(&b), &draws).unwrap();
        assert!((q.num.alpha / naive(&c, &[1, 1, 1]) - 1.0).abs() < ROUND_OFF);
        let hand: Vec<f64> = draws.iter().map(|d| naive(&c, d) / naive(&b, d)).collect();
        let ci = percentile_interval(hand);
        assert!(
            (q.ci[0] / ci[0] - 1.0).abs() < ROUND_OFF,
            "{:?} {ci:?}",
            q.ci
        );
        assert!(
            (q.ci[1] / ci[1] - 1.0).abs() < ROUND_OFF,
            "{:?} {ci:?}",
            q.ci
        );
        assert!(q.ci[0] <= q.ratio && q.ratio <= q.ci[1] && q.ci[0] < q.ci[1]);
        assert_eq!((q.num.pairs, q.num.cases), (3, 12));
        // Unpaired samples are refused.
        let fewer: Vec<CaseResult> = b
            .iter()
            .filter(|r| r.case.seed_index < 2)
            .cloned()
            .collect();
        assert!(matches!(
            ratio(s(&c), s(&fewer), &draws),
            Err(PairError::Unpaired { .. })
        ));
    }
}
