//! The BEM–DEM sweep as a list of independent cases (DESIGN.md, Scale): list them, run any
//! one by index (on this machine with rayon, or as one task of a Slurm job array), and merge
//! the case results into the fits. The three steps share nothing but these types.

use serde::{Deserialize, Serialize};

use crate::config::CalibrationConfig;

/// One mesoscale simulation: a pressure, a particle fraction, a velocity and a seed.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct MesoCase {
    /// Position in [`list_cases`]'s order (stable for a given config).
    pub index: usize,
    /// Nominal pressure p \[Pa\].
    pub pressure: f64,
    /// Requested particle area fraction β \[-\].
    pub beta: f64,
    /// Physical sliding velocity v0 \[m/s\]: the α this case measures is α(v0).
    pub velocity: f64,
    /// Speed the DEM runs at \[m/s\]: `velocity` itself, or (below
    /// `process.similarity_velocity`) a faster speed with the damping scaled by
    /// `simulated_velocity/velocity`, so the flight length v0/γ is the physical one.
    pub simulated_velocity: f64,
    /// Which initial placement (0 … seeds−1); the RNG stream is derived from the user's seed
    /// and this index, so it does not depend on the other cases.
    pub seed_index: usize,
}

/// What one case produced (everything the fits and the report need; histories are written
/// separately by the runner).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CaseResult {
    /// The case.
    pub case: MesoCase,
    /// Number of flakes placed.
    pub flakes: usize,
    /// Realised β = N_p·a_p/A_0 (whole flakes) \[-\].
    pub beta_realised: f64,
    /// ⟨A_p⟩/A_0 over the slide (seed 000 Eq. 22) \[-\].
    pub mean_ap: f64,
    /// ⟨A_c⟩/A_0 over the slide \[-\].
    pub mean_ac: f64,
    /// Mean number of blocked flakes per step.
    pub mean_blocked: f64,
    /// Slide steps (one pixel each).
    pub steps: usize,
    /// Total BEM iterations over the slide.
    pub bem_iterations: usize,
    /// Wall time of DEM and BEM parts \[s\] (for the benches and the report; not part of the
    /// physics, so excluded from reproducibility comparisons).
    pub seconds_dem: f64,
    /// See `seconds_dem`.
    pub seconds_bem: f64,
    /// The integrator that moved the flakes, `"explicit"` or `"overdamped"`
    /// (`dem.integrator` resolved for this case; `crate::dem::regime`). The configuration
    /// hash already separates runs with different `dem.*` keys; this records what `auto`
    /// chose (empty in case files written before it existed).
    #[serde(default)]
    pub integrator: String,
    /// The case's blocking events, their dwell and deactivation paths (issue 42;
    /// [`super::blocked_events`]; zero with `tracked` false in older case files).
    #[serde(default)]
    pub events: super::blocked_events::BlockedEvents,
}

/// The cases of a calibration in a fixed order: the sweep's velocities, then the process
/// velocities (outer), pressure, β, seed (inner). Appending process velocities keeps the
/// sweep's case indices. The sweep's velocities have `sweep.pressures` and `sweep.seeds` seed
/// indices each, the process velocities `process.pressures` and `process.seeds` (default: the
/// sweep's).
pub fn list_cases(cfg: &CalibrationConfig) -> Vec<MesoCase> {
    let sweep = &cfg.sweep;
    let process_seeds = cfg.process.seeds_or(sweep.seeds);
    let process_pressures = cfg.process.pressures_or(&sweep.pressures);
    let velocities: Vec<(f64, &[f64], usize)> = sweep
        .velocities
        .iter()
        .map(|&v| (v, sweep.pressures.as_slice(), sweep.seeds))
        .chain(
            cfg.process
                .velocities
                .iter()
                .map(|&v| (v, process_pressures, process_seeds)),
        )
        .collect();
    let mut out = Vec::with_capacity(
        velocities
            .iter()
            .map(|&(_, pressures, seeds)| pressures.len() * sweep.betas.len() * seeds)
            .sum(),
    );
    for &(velocity, pressures, seeds) in &velocities {
        let simulated_velocity = cfg.process.simulated_velocity(velocity);
        for &pressure in pressures {
            for &beta in &sweep.betas {
                for seed_index in 0..seeds {
                    out.push(MesoCase {
                        index: out.len(),
                        pressure,
                        beta,
                        velocity,
                        simulated_velocity,
                        seed_index,
                    });
                }
            }
        }
    }
    out
}

/// Why case results cannot be merged.
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum CaseMergeError {
    /// A case of the list has no result.
    #[error("case {0} has no result (rerun it with --case {0})")]
    Missing(usize),
    /// Two results claim the same case.
    #[error("case {0} appears twice")]
    Duplicate(usize),
    /// A result does not belong to this sweep (other config).
    #[error("result for case {0} does not match this configuration's case list")]
    Foreign(usize),
}

/// Orders `results` by case index and checks that they are exactly the cases of `sweep`.
///
/// # Errors
///
/// [`CaseMergeError::Duplicate`] for a case index given twice, [`CaseMergeError::Foreign`] for an index the
/// sweep does not have, [`CaseMergeError::Missing`] (how many) when cases of the sweep are absent.
pub fn merge(
    cfg: &CalibrationConfig,
    mut results: Vec<CaseResult>,
) -> Result<Vec<CaseResult>, CaseMergeError> {
    let cases = list_cases(cfg);
    results.sort_by_key(|r| r.case.index);
    for w in results.windows(2) {
        if w[0].case.index == w[1].case.index {
            return Err(CaseMergeError::Duplicate(w[0].case.index));
        }
    }
    for r in &results {
        if cases.get(r.case.index) != Some(&r.case) {
            return Err(CaseMergeError::Foreign(r.case.index));
        }
    }
    if let Some(missing) =
        (0..cases.len()).find(|&i| results.get(i).map(|r| r.case.index) != Some(i))
    {
        return Err(CaseMergeError::Missing(missing));
    }
    Ok(results)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::presets::Preset;

    fn result(case: MesoCase) -> CaseResult {
        CaseResult {
            case,
            flakes: 1,
            beta_realised: case.beta,
            mean_ap: 0.0,
            mean_ac: 0.0,
            mean_blocked: 0.0,
            steps: 1,
            bem_iterations: 1,
            seconds_dem: 0.0,
            seconds_bem: 0.0,
            integrator: "explicit".into(),
            events: Default::default(),
        }
    }

    #[test]
    fn case_list_is_the_full_product_in_order() {
        let cfg = Preset::Quick.config();
        let s = &cfg.sweep;
        let cases = list_cases(&cfg);
        let velocities = s.velocities.len() + cfg.process.velocities.len();
        assert_eq!(
            cases.len(),
            velocities * s.pressures.len() * s.betas.len() * s.seeds
        );
        assert!(cases.iter().enumerate().all(|(i, c)| c.index == i));
        assert_eq!(cases[1].seed_index, 1);
        assert_eq!(cases[0].velocity, s.velocities[0]);
        // Process velocities come last, simulated directly by default; with a similarity
        // velocity, slower cases run at it.
        let last = cases.last().unwrap();
        assert_eq!(last.velocity, *cfg.process.velocities.last().unwrap());
        assert_eq!(last.simulated_velocity, last.velocity);
        let mut sim = cfg.clone();
        sim.process.similarity_velocity = 10.0;
        assert_eq!(list_cases(&sim).last().unwrap().simulated_velocity, 10.0);
        let fast = cases.iter().find(|c| c.velocity == 50.0).unwrap();
        assert_eq!(fast.simulated_velocity, 50.0);
    }

    #[test]
    fn process_velocities_take_their_own_seed_count_and_pressures() {
        // The standard preset's process velocity has its own seeds; since issue 42 its sweep
        // runs at the process pressure too, so a second sweep pressure makes them differ here.
        let mut cfg = Preset::Standard.config();
        cfg.sweep.pressures = vec![5e6, 30e6];
        let (s, p) = (&cfg.sweep, &cfg.process);
        let process_seeds = p.seeds.expect("the standard preset sets process.seeds");
        let process_pressures = p.pressures.as_deref().expect("and process.pressures");
        assert_ne!(process_seeds, s.seeds);
        assert_ne!(process_pressures, s.pressures.as_slice());
        let cases = list_cases(&cfg);
        let conditions = s.pressures.len() * s.betas.len();
        let process_conditions = process_pressures.len() * s.betas.len();
        assert_eq!(
            cases.len(),
            conditions * s.velocities.len() * s.seeds
                + process_conditions * p.velocities.len() * process_seeds
        );
        assert!(cases.iter().enumerate().all(|(i, c)| c.index == i));
        for c in &cases {
            let seeds = if p.velocities.contains(&c.velocity) {
                process_seeds
            } else {
                s.seeds
            };
            assert!(c.seed_index < seeds);
            let pressures = if p.velocities.contains(&c.velocity) {
                process_pressures
            } else {
                s.pressures.as_slice()
            };
            assert!(pressures.contains(&c.pressure), "{c:?}");
        }
        // Every seed index of the process velocity appears at every (p, β) of its own.
        let at_process = cases.iter().filter(|c| c.velocity == p.velocities[0]);
        assert_eq!(
            at_process.clone().count(),
            process_conditions * process_seeds
        );
        assert_eq!(
            at_process.map(|c| c.seed_index).max(),
            Some(process_seeds - 1)
        );
    }

    #[test]
    fn merge_accepts_any_order_and_rejects_gaps_duplicates_and_strangers() {
        let s = Preset::Quick.config();
        let cases = list_cases(&s);
        let mut all: Vec<CaseResult> = cases.iter().copied().map(result).collect();
        all.reverse();
        let merged = merge(&s, all.clone()).unwrap();
        assert!(merged.iter().enumerate().all(|(i, r)| r.case.index == i));
        let mut gap = all.clone();
        gap.retain(|r| r.case.index != 3);
        assert_eq!(merge(&s, gap), Err(CaseMergeError::Missing(3)));
        let mut dup = all.clone();
        dup.push(result(cases[5]));
        assert_eq!(merge(&s, dup), Err(CaseMergeError::Duplicate(5)));
        let mut foreign = all;
        foreign[0].case.pressure *= 2.0;
        assert!(matches!(
            merge(&s, foreign),
            Err(CaseMergeError::Foreign(_))
        ));
    }
}
