//! Why K moves with the mesh (issue 16 Deliver 4): the debris of the runs on one mesh measured
//! in units of the element (h²) and of the asperity (A_asp = λ_s·h_rms, see
//! [`SlidingWearCase::asperity_area`]), per unit slide, with 95 % bootstrap CIs over
//! realisations (fragments of one run are not independent: the bootstrap resamples runs).
//!
//! If debris are chipped at the element scale, the mean fragment area in units of h² and the
//! fragments per unit slide stay put under refinement while the area in units of A_asp falls
//! as h²: then K = W·H/(F_N·s) ∝ h².

use rand::Rng;

use super::wear_study::bootstrap_runs;
use crate::dde::sliding::{SlidingWearCase, SlidingWearResult};
use crate::numerics::bootstrap::mean_of_pick;

/// Upper edges of the fragment-area histogram bins in units of h² (the last bin is open).
pub const AREA_BINS_H2: [f64; 4] = [1.0, 2.0, 4.0, 8.0];

/// A statistic with its 95 % bootstrap CI.
pub type WithCi = (f64, [f64; 2]);

/// The debris of one mesh's runs.
#[derive(Debug, Clone, PartialEq)]
pub struct DebrisScale {
    /// Fragments made per metre of slide \[1/m\] (mean over runs; it was `fragments_per_mm`).
    pub fragments_per_m: WithCi,
    /// Interior joints broken per metre of slide \[1/m\] (mean over runs; it was
    /// `broken_per_mm`).
    pub broken_per_m: WithCi,
    /// Mean fragment area over h² (all fragments of all runs: Σ area / Σ count).
    pub area_over_h2: WithCi,
    /// Mean fragment area over the asperity scale A_asp.
    pub area_over_asperity: WithCi,
    /// Share of fragments that are a single element.
    pub single_element_share: f64,
    /// Fragments with area/h² in [0, 1), [1, 2), [2, 4), [4, 8), [8, ∞).
    pub area_histogram: [usize; 5],
    /// Fragments over all runs.
    pub fragments: usize,
    /// Fragments already present when sliding started, over all runs.
    pub fragments_at_start: usize,
}

fn with_ci(n: usize, rng: &mut impl Rng, stat: impl Fn(&[usize]) -> Option<f64>) -> WithCi {
    let all: Vec<usize> = (0..n).collect();
    (stat(&all).unwrap_or(f64::NAN), bootstrap_runs(n, rng, stat))
}

/// Pooled mean fragment area of the picked runs over `unit`.
fn pooled_area(runs: &[SlidingWearResult], pick: &[usize], unit: f64) -> Option<f64> {
    let (area, count) = pick.iter().fold((0.0, 0usize), |(a, c), &i| {
        (
            a + runs[i].fragment_areas.iter().sum::<f64>(),
            c + runs[i].fragment_areas.len(),
        )
    });
    (count > 0).then(|| area / count as f64 / unit)
}

impl DebrisScale {
    /// The statistics of `runs` (one per realisation) of `case` (its spacing and slide).
    pub fn of(runs: &[SlidingWearResult], case: &SlidingWearCase, rng: &mut impl Rng) -> Self {
        let n = runs.len();
        let h2 = case.spacing * case.spacing;
        let per_m = 1.0 / case.sliding;
        let made: Vec<f64> = runs
            .iter()
            .map(|r| {
                (r.fragment_areas.len() - r.fragments_at_start.min(r.fragment_areas.len())) as f64
                    * per_m
            })
            .collect();
        let broken: Vec<f64> = runs.iter().map(|r| r.broken as f64 * per_m).collect();
        let mut area_histogram = [0; 5];
        let (mut fragments, mut single) = (0, 0);
        for r in runs {
            for (&a, &e) in r.fragment_areas.iter().zip(&r.fragment_elements) {
                let bin = AREA_BINS_H2
                    .iter()
                    .take_while(|&&edge| a / h2 >= edge)
                    .count();
                area_histogram[bin] += 1;
                fragments += 1;
                single += usize::from(e == 1);
            }
        }
        Self {
            fragments_per_m: with_ci(n, rng, |p| mean_of_pick(&made, p)),
            broken_per_m: with_ci(n, rng, |p| mean_of_pick(&broken, p)),
            area_over_h2: with_ci(n, rng, |p| pooled_area(runs, p, h2)),
            area_over_asperity: with_ci(n, rng, |p| pooled_area(runs, p, case.asperity_area())),
            single_element_share: single as f64 / fragments.max(1) as f64,
            area_histogram,
            fragments,
            fragments_at_start: runs.iter().map(|r| r.fragments_at_start).sum(),
        }
    }
}

/// Paired ratio fine/coarse of a per-run statistic pooled over the picked runs (the same
/// realisation indices for both meshes in every resample), with its 95 % bootstrap CI.
pub fn paired_pooled_ratio(
    fine: &[SlidingWearResult],
    coarse: &[SlidingWearResult],
    rng: &mut impl Rng,
    stat: impl Fn(&[SlidingWearResult], &[usize]) -> Option<f64>,
) -> WithCi {
    let n = fine.len().min(coarse.len());
    with_ci(n, rng, |p| Some(stat(fine, p)? / stat(coarse, p)?))
}

/// Pooled mean fragment area \[m²\] of the picked runs (for [`paired_pooled_ratio`]).
pub fn mean_fragment_area(runs: &[SlidingWearResult], pick: &[usize]) -> Option<f64> {
    pooled_area(runs, pick, 1.0)
}

/// Mean fragments made per run of the picked runs (for [`paired_pooled_ratio`]).
pub fn mean_fragments(runs: &[SlidingWearResult], pick: &[usize]) -> Option<f64> {
    let made = |r: &SlidingWearResult| r.fragment_areas.len().saturating_sub(r.fragments_at_start);
    mean_of_pick(
        &runs.iter().map(|r| made(r) as f64).collect::<Vec<_>>(),
        pick,
    )
}

/// Share of the debris area held by the largest fragment of each run, averaged over the runs
/// that made debris, with its 95 % bootstrap CI over runs (1 when a run's debris is one piece:
/// a body-scale break, not wear; → 0 when it is many small fragments).
pub fn largest_fragment_share(runs: &[SlidingWearResult], rng: &mut impl Rng) -> WithCi {
    let share: Vec<f64> = runs
        .iter()
        .filter_map(|r| {
            let total: f64 = r.fragment_areas.iter().sum();
            let largest = r.fragment_areas.iter().fold(0.0f64, |m, &a| m.max(a));
            (total > 0.0).then(|| largest / total)
        })
        .collect();
    with_ci(share.len(), rng, |p| mean_of_pick(&share, p))
}
