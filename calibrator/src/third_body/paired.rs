//! Paired comparisons of two studies over the same seeds (case by case, seed by seed): the
//! difference b − a of μ, band width and z(v_x = V/2) with 95 % bootstrap CIs
//! ([`super::stats::paired_difference`]). Pairing removes the packing's seed-to-seed spread,
//! which the two arms share.

use super::run::ShearOutcome;
use super::stats::{MeanCi, paired_difference};
use super::study::ShearCaseResult;

/// One case's paired differences (b − a).
#[derive(Debug, Clone, PartialEq)]
pub struct PairedCase {
    /// Case label of arm a.
    pub label: String,
    /// The varied quantity of arm a and of arm b.
    pub x: [f64; 2],
    /// Δμ.
    pub mu: MeanCi,
    /// Δ band width (mean diameters).
    pub band: MeanCi,
    /// Δ z(v_x = V/2) (fraction of the thickness).
    pub half_speed_height: MeanCi,
}

/// Pairs case k of `a` with case k of `b` over the seeds both ran (in `a`'s seed order).
pub fn paired_cases(a: &[ShearCaseResult], b: &[ShearCaseResult]) -> Vec<PairedCase> {
    a.iter()
        .zip(b)
        .enumerate()
        .map(|(k, (ra, rb))| {
            let pairs: Vec<(&ShearOutcome, &ShearOutcome)> = ra
                .seeds
                .iter()
                .zip(&ra.outcomes)
                .filter_map(|(s, oa)| {
                    rb.seeds
                        .iter()
                        .position(|t| t == s)
                        .map(|j| (oa, &rb.outcomes[j]))
                })
                .collect();
            let diff = |f: fn(&ShearOutcome) -> f64, stream: u64| {
                let xa: Vec<f64> = pairs.iter().map(|(oa, _)| f(oa)).collect();
                let xb: Vec<f64> = pairs.iter().map(|(_, ob)| f(ob)).collect();
                paired_difference(&xa, &xb, 100 * k as u64 + stream)
            };
            PairedCase {
                label: ra.case.label.clone(),
                x: [ra.case.x, rb.case.x],
                mu: diff(|o| o.mu, 1),
                band: diff(|o| o.band_width, 2),
                half_speed_height: diff(|o| o.half_speed_height, 3),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::third_body::study::{case_result, cohesion_cases, default_cell};

    fn outcome(mu: f64) -> ShearOutcome {
        ShearOutcome {
            history: Vec::new(),
            steady_from: None,
            mu,
            profiles: Default::default(),
            band_width: 2.0 * mu,
            half_speed_height: 0.5,
            inertial_number: 0.1,
            bulk_inertial_number: 0.1,
            mean_surface_energy: f64::NAN,
            stats: Default::default(),
            sheared_stats: Default::default(),
        }
    }

    #[test]
    fn pairs_by_seed_and_differences_are_exact_for_a_constant_shift() {
        let case = cohesion_cases(&default_cell(), &[0.0]).remove(0);
        let a = case_result(
            case.clone(),
            &[1, 2, 3],
            vec![outcome(0.3), outcome(0.5), outcome(0.4)],
            0,
        );
        // Arm b ran the seeds in another order and one more; each seed is +0.1 on a.
        let b = case_result(
            case,
            &[3, 9, 1, 2],
            vec![outcome(0.5), outcome(7.0), outcome(0.4), outcome(0.6)],
            0,
        );
        let p = paired_cases(&[a], &[b]).remove(0);
        // A constant paired shift has a degenerate bootstrap: mean = lo = hi (round-off).
        for (d, want) in [(p.mu, 0.1), (p.band, 0.2), (p.half_speed_height, 0.0)] {
            assert_eq!(d.n, 3);
            assert!((d.mean - want).abs() < 1e-12 && (d.hi - d.lo).abs() < 1e-12);
        }
    }
}
