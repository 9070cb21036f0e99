//! Where the shear band forms with heat (seed 002 Fig. 8–9): the Eq. 17 heating runs (Eq. 16
//! walls) against cells of **constant** cohesion matched to each heating run's mean cohesion,
//! seed by seed.
//!
//! The hypothesis under test: with walls that warm by their own heat equation, the moving wall
//! and the sheared region next to it run hotter, so Eq. 17 gives them the lowest cohesion and
//! the band should sit at the moving wall; a constant-γ cell has no such asymmetry (up to which
//! wall is free in y, its two walls differ by a Galilean boost). So each heating run (seed s)
//! is paired with a constant-γ run of the same seed whose γ is the heating run's mean surface
//! energy over its steady windows ([`super::run::ShearOutcome::mean_surface_energy`]; γ = η
//! for equal radii), and the paired differences of z(v_x = V/2) and of the band width say
//! whether heat moved the band.

use super::run::ShearRun;
use super::study::{
    ShearCase, ShearCaseResult, case_result, cohesion_cases, run_jobs, run_shear_cases,
};

/// The two arms of the study, outcomes in seed order.
#[derive(Debug, Clone)]
pub struct LocalisationStudy {
    /// The Eq. 17 heating runs.
    pub heating: ShearCaseResult,
    /// Constant-γ runs, γ per seed = that seed's heating mean η (`case.x`: the seeds' mean γ).
    pub matched: ShearCaseResult,
    /// The matched γ per seed (N/m).
    pub gammas: Vec<f64>,
}

/// Runs `heating` (a case with an η(T) law) over `seeds`, then the matched constant-γ cells;
/// `run` applies to both (the pre-shear steps are plain shear steps for constant γ, so both
/// arms shear the same number of steps from the same preparation protocol).
pub fn run_localisation(
    heating: &ShearCase,
    run: &ShearRun,
    seeds: &[u64],
    tick: &(dyn Fn() + Sync),
) -> LocalisationStudy {
    let heated = run_shear_cases(std::slice::from_ref(heating), run, seeds, tick).remove(0);
    let gammas: Vec<f64> = heated
        .outcomes
        .iter()
        .map(|o| o.mean_surface_energy.max(0.0)) // NaN (no η law) → γ = 0
        .collect();
    let cases: Vec<ShearCase> = gammas
        .iter()
        .map(|&g| cohesion_cases(&heating.cell, &[g]).remove(0))
        .collect();
    let jobs: Vec<(&ShearCase, u64)> = cases.iter().zip(seeds.iter().copied()).collect();
    let outcomes = run_jobs(&jobs, run, tick);
    let mean_gamma = gammas.iter().sum::<f64>() / gammas.len().max(1) as f64;
    let mut summary = cohesion_cases(&heating.cell, &[mean_gamma]).remove(0);
    summary.label = "constant γ (matched)".into();
    LocalisationStudy {
        matched: case_result(summary, seeds, outcomes, 1),
        heating: heated,
        gammas,
    }
}
