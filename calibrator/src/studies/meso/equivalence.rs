//! Paired comparison of two integrators of the flakes on the same BEM–DEM cases (issue 31):
//! the explicit velocity Verlet (the reference) against the overdamped integrator, case by
//! case on the same surfaces, placements and loads, so every difference is the integrator's.
//!
//! Statistics (each case is one paired unit; 95 % percentile intervals from the project's
//! bootstrap draws, [`resample_counts`], over the cases, the same draws for every statistic):
//! - the summed ⟨A_p⟩ ratio Σ⟨A_p⟩_new / Σ⟨A_p⟩_ref;
//! - α of Eq. 23 (least squares through the origin over the (p, β) groups, [`Clustered`]) of
//!   each integrator and their ratio, each case its own cluster;
//! - the blocked-flake count of every slide step, equal or not, with the differing steps
//!   listed;
//! - the DEM cost (CPU seconds and integrator steps) per case.
//!
//! The study that uses it: `calibrator/examples/integrator_equivalence.rs`.

use serde::{Deserialize, Serialize};

use crate::config::CalibrationConfig;
use crate::fit::bootstrap::{Clustered, percentile_interval, resample_counts};

use crate::meso::MesoError;
use crate::meso::cases::{CaseResult, MesoCase};
use crate::meso::run::{CaseRun, StepRecord};

/// One case run with one integrator, with its history and cost.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CaseRecord {
    /// The case's result.
    pub result: CaseResult,
    /// Its slide history.
    pub history: Vec<StepRecord>,
    /// `"explicit"` or `"overdamped"`.
    pub integrator: String,
    /// CPU time of the thread that ran the DEM and BEM of the slide \[s\] (the setup excluded).
    pub cpu_seconds: f64,
    /// Integrator steps over the slide.
    pub dem_steps: u64,
    /// Flake evaluations of the overdamped integrator (0 for the explicit one, which
    /// evaluates each flake once per step).
    pub evaluations: u64,
}

/// Runs `case` of `cfg` under `seed` with its history; `cpu_seconds` from `cpu_clock`
/// (seconds of CPU of the calling thread, e.g. from `/proc/thread-self/schedstat`).
///
/// # Errors
///
/// Those of [`CaseRun::prepare`] and [`CaseRun::run`]: [`MesoError::Pressure`], [`MesoError::Beta`]
/// or [`MesoError::Velocity`] for a case outside its bounds, surface, BEM, placement and DEM set-up
/// errors, and [`MesoError::Step`] for a failed slide step.
pub fn run_recorded(
    cfg: &CalibrationConfig,
    case: &MesoCase,
    seed: u64,
    cpu_clock: impl Fn() -> f64,
) -> Result<CaseRecord, MesoError> {
    let mut run = CaseRun::prepare(cfg, case, seed)?;
    let mut history = Vec::with_capacity(run.steps);
    let t0 = cpu_clock();
    let result = run.run(Some(&mut history), |_, _| {})?;
    let cpu_seconds = cpu_clock() - t0;
    let dem = run.sim.dem();
    let stats = dem.overdamped_stats();
    Ok(CaseRecord {
        integrator: dem.params().integrator.name().to_owned(),
        cpu_seconds,
        dem_steps: history.iter().map(|r| r.dem_steps as u64).sum(),
        evaluations: stats.map_or(0, |s| s.flake_evaluations),
        result,
        history,
    })
}

/// A value with its 95 % interval.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Estimate {
    /// Point estimate.
    pub value: f64,
    /// 95 % percentile interval.
    pub ci95: [f64; 2],
}

/// A slide step whose blocked-flake count differs.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Mismatch {
    /// Position of the case in the compared lists.
    pub case: usize,
    /// Slide step (1 …).
    pub step: usize,
    /// Blocked flakes with the reference integrator.
    pub reference: usize,
    /// Blocked flakes with the new integrator.
    pub new: usize,
}

/// The paired comparison (module doc).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PairedComparison {
    /// Cases compared.
    pub cases: usize,
    /// Σ⟨A_p⟩_new / Σ⟨A_p⟩_ref.
    pub summed_ap_ratio: Estimate,
    /// α of the reference.
    pub alpha_reference: Estimate,
    /// α of the new integrator.
    pub alpha_new: Estimate,
    /// α_new / α_ref.
    pub alpha_ratio: Estimate,
    /// Slide steps compared (all cases).
    pub steps: usize,
    /// Of which with equal blocked counts.
    pub steps_equal: usize,
    /// The others.
    pub mismatches: Vec<Mismatch>,
    /// Σ CPU seconds new / Σ CPU seconds reference.
    pub cpu_ratio: f64,
    /// Σ integrator steps new / Σ reference.
    pub step_ratio: f64,
}

/// Why two lists of records cannot be compared.
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum CompareError {
    /// Different lengths, cases or histories.
    #[error("record {0} is not the same case (or history length) in both lists")]
    Unpaired(usize),
    /// No case.
    #[error("no cases to compare")]
    Empty,
}

/// Compares `new` with `reference`, record i with record i (same case), with the bootstrap
/// stream of `seed`; `e_star` \[Pa\] scales Eq. 23's abscissa.
///
/// # Errors
///
/// [`CompareError::Empty`] for no reference record; [`CompareError::Unpaired`] (the index) when the
/// two lists differ in length, or record i is not the same case in both or its history differs
/// in length.
pub fn compare(
    reference: &[CaseRecord],
    new: &[CaseRecord],
    e_star: f64,
    seed: u64,
) -> Result<PairedComparison, CompareError> {
    if reference.is_empty() {
        return Err(CompareError::Empty);
    }
    if reference.len() != new.len() {
        return Err(CompareError::Unpaired(reference.len().min(new.len())));
    }
    for (i, (r, n)) in reference.iter().zip(new).enumerate() {
        if r.result.case != n.result.case || r.history.len() != n.history.len() {
            return Err(CompareError::Unpaired(i));
        }
    }
    let cases = reference.len();
    let draws = resample_counts(seed, cases);
    let ap = |recs: &[CaseRecord], w: &[u32]| -> f64 {
        recs.iter()
            .zip(w)
            .map(|(r, &c)| f64::from(c) * r.result.mean_ap)
            .sum()
    };
    let ones = vec![1u32; cases];
    let ratio_of = |w: &[u32]| ap(new, w) / ap(reference, w);
    let summed_ap_ratio = Estimate {
        value: ratio_of(&ones),
        ci95: percentile_interval(draws.iter().map(|w| ratio_of(w))),
    };
    // Each case its own cluster: seed indices relabelled by position.
    let clustered = |recs: &[CaseRecord]| {
        let results: Vec<CaseResult> = recs
            .iter()
            .enumerate()
            .map(|(i, r)| {
                let mut c = r.result.clone();
                c.case.seed_index = i;
                c.case.velocity = 0.0;
                c
            })
            .collect();
        Clustered::new(&results, &[0.0], e_star)
    };
    let (cr, cn) = (clustered(reference), clustered(new));
    let alpha_r: Vec<f64> = draws.iter().map(|w| cr.alpha_of_draw(0, w)).collect();
    let alpha_n: Vec<f64> = draws.iter().map(|w| cn.alpha_of_draw(0, w)).collect();
    let (ar, an) = (cr.alpha(0, &ones), cn.alpha(0, &ones));
    let alpha_ratio = Estimate {
        value: an / ar,
        ci95: percentile_interval(alpha_r.iter().zip(&alpha_n).map(|(r, n)| n / r)),
    };
    let mut mismatches = Vec::new();
    let mut steps = 0;
    for (i, (r, n)) in reference.iter().zip(new).enumerate() {
        for (a, b) in r.history.iter().zip(&n.history) {
            steps += 1;
            if a.blocked != b.blocked {
                mismatches.push(Mismatch {
                    case: i,
                    step: a.step,
                    reference: a.blocked,
                    new: b.blocked,
                });
            }
        }
    }
    let total = |recs: &[CaseRecord], f: fn(&CaseRecord) -> f64| recs.iter().map(f).sum::<f64>();
    Ok(PairedComparison {
        cases,
        summed_ap_ratio,
        alpha_reference: Estimate {
            value: ar,
            ci95: percentile_interval(alpha_r),
        },
        alpha_new: Estimate {
            value: an,
            ci95: percentile_interval(alpha_n),
        },
        alpha_ratio,
        steps,
        steps_equal: steps - mismatches.len(),
        mismatches,
        cpu_ratio: total(new, |r| r.cpu_seconds) / total(reference, |r| r.cpu_seconds),
        step_ratio: total(new, |r| r.dem_steps as f64) / total(reference, |r| r.dem_steps as f64),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(i: usize, p: f64, beta: f64, ap: f64, blocked: &[usize]) -> CaseRecord {
        let case = MesoCase {
            index: i,
            pressure: p,
            beta,
            velocity: 0.08,
            simulated_velocity: 0.08,
            seed_index: i % 3,
        };
        let history = blocked
            .iter()
            .enumerate()
            .map(|(k, &b)| StepRecord {
                step: k + 1,
                slide: 0.0,
                a_c: 0.0,
                a_p: 0.0,
                blocked: b,
                bem_iterations: 0,
                cold_restart: false,
                dem_steps: 10,
                lost: 0,
                approach: 0.0,
                tool_offset: 0.0,
                saturated: 0.0,
                mean_gap: 0.0,
            })
            .collect();
        CaseRecord {
            result: CaseResult {
                case,
                flakes: 1,
                beta_realised: beta,
                mean_ap: ap,
                mean_ac: 0.0,
                mean_blocked: 0.0,
                steps: blocked.len(),
                bem_iterations: 0,
                seconds_dem: 0.0,
                seconds_bem: 0.0,
                integrator: "explicit".into(),
                events: Default::default(),
            },
            history,
            integrator: "explicit".into(),
            cpu_seconds: 2.0,
            dem_steps: 10 * blocked.len() as u64,
            evaluations: 0,
        }
    }

    #[test]
    fn a_uniform_scaling_of_ap_is_the_ratio_of_both_statistics_with_a_point_interval() {
        // New A_p = 1.1 × reference in every case: both ratios are 1.1 in every draw (round-off
        // of the sums only), and α follows A_p.
        const ROUND_OFF: f64 = 1e-12;
        let reference: Vec<CaseRecord> = (0..6)
            .map(|i| {
                record(
                    i,
                    1e7 * (1 + i % 2) as f64,
                    0.1,
                    1e-3 * (i + 1) as f64,
                    &[0, 1],
                )
            })
            .collect();
        let mut new = reference.clone();
        for r in &mut new {
            r.result.mean_ap *= 1.1;
            r.cpu_seconds = 0.1;
            r.dem_steps = 1;
        }
        new[2].history[1].blocked = 2;
        let c = compare(&reference, &new, 55e9, 0).unwrap();
        for e in [c.summed_ap_ratio, c.alpha_ratio] {
            assert!((e.value - 1.1).abs() < ROUND_OFF, "{e:?}");
            assert!((e.ci95[0] - 1.1).abs() < ROUND_OFF && (e.ci95[1] - 1.1).abs() < ROUND_OFF);
        }
        assert_eq!((c.steps, c.steps_equal), (12, 11));
        assert_eq!(
            c.mismatches,
            vec![Mismatch {
                case: 2,
                step: 2,
                reference: 1,
                new: 2
            }]
        );
        assert!((c.cpu_ratio - 0.05).abs() < ROUND_OFF);
        assert!((c.step_ratio - 0.05).abs() < ROUND_OFF);
        // Unpaired lists are refused.
        assert_eq!(
            compare(&reference, &new[..5], 55e9, 0),
            Err(CompareError::Unpaired(5))
        );
    }
}
