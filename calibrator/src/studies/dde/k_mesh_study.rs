//! Mesh dependence of the wear coefficient, faced (issue 16 item 4): K at one pressure on
//! several element sizes, the same surface realisations on every mesh (paired), each mesh's
//! mean K with a 95 % bootstrap CI over realisations, and the paired ratio of the two finest
//! meshes' means with its bootstrap CI. K counts as converged when the two finest meshes'
//! CIs overlap **and** the paired ratio's CI contains 1 (overlap alone is a weak test: with
//! the crack band the CIs overlapped while the paired ratio was 0.317 [0.147, 0.510], a clear
//! trend) **and** the finest mesh's debris is not dominated by one fragment (the cohesive law
//! met the first two with K set by the top body being cut off whole: see
//! [`DOMINANT_FRAGMENT_SHARE`]); only then may the table's wear section carry K0 rather than
//! the shape.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;

use super::debris_scale::{
    DebrisScale, WithCi, largest_fragment_share, mean_fragment_area, mean_fragments,
    paired_pooled_ratio,
};
use super::wear_study::{bootstrap_mean_ci, bootstrap_runs};
use crate::dde::build::Strength;
use crate::dde::mesh::MeshError;
use crate::dde::sliding::{SlidingWearCase, run};

/// The study definition.
#[derive(Debug, Clone, PartialEq)]
pub struct KMeshStudy {
    /// Cells along the top body, coarse to fine (h = L/cells).
    pub cells: Vec<usize>,
    /// Realisations of the rough faces (the same on every mesh).
    pub realisations: u64,
    /// The case template: pressure, seed and fracture threshold; spacing and realisation are
    /// set per case.
    pub template: SlidingWearCase,
}

/// K on one mesh.
#[derive(Debug, Clone, PartialEq)]
pub struct KAtMesh {
    /// Cells along the top body.
    pub cells: usize,
    /// Element spacing h \[m\].
    pub spacing: f64,
    /// K of each realisation, in realisation order.
    pub k: Vec<f64>,
    /// Mean K.
    pub k_mean: f64,
    /// 95 % bootstrap CI of the mean.
    pub k_ci95: [f64; 2],
    /// Mean interior joints broken per run.
    pub broken_mean: f64,
    /// Elements of the first realisation's system.
    pub elements: usize,
    /// The debris in units of h² and of the asperity, per unit slide.
    pub debris: DebrisScale,
    /// Every fragment at the end of each run: (area \[m²\], elements), by realisation.
    pub fragments: Vec<Vec<(f64, usize)>>,
}

/// The outcome of the study.
#[derive(Debug, Clone, PartialEq)]
pub struct KMeshOutcome {
    /// One row per mesh, coarse to fine.
    pub meshes: Vec<KAtMesh>,
    /// Paired ratio mean K(finest)/mean K(second finest) with its 95 % bootstrap CI.
    pub finest_ratio: (f64, [f64; 2]),
    /// The two finest meshes' CIs overlap and the paired ratio's CI contains 1.
    pub converged: bool,
    /// Paired ratio finest/second finest of the mean fragment area \[m²\] (4⁻¹ = 0.25 if
    /// fragments scale with h², 1 if with the asperity).
    pub finest_fragment_area_ratio: WithCi,
    /// Paired ratio finest/second finest of the fragments made per run.
    pub finest_fragment_count_ratio: WithCi,
    /// The asperity scale A_asp of the faces \[m²\].
    pub asperity_area: f64,
    /// Per mesh (coarse to fine): the largest fragment's share of each run's debris area,
    /// mean over runs with its 95 % CI.
    pub largest_fragment_share: Vec<WithCi>,
}

/// Largest mean share of the debris area one fragment may hold on the finest mesh for K to
/// count as converged: above one half, W is one body-scale piece per run (the cohesive law at
/// σ_t = 1 GPa: 0.83 of W at 5 µm, a top body cut off from its drive), whose size is the
/// body's and does not grow with the slide — not an Archard wear volume.
pub const DOMINANT_FRAGMENT_SHARE: f64 = 0.5;

/// Runs every (mesh, realisation) case in parallel (each case has its own RNG stream: the
/// result does not depend on the thread count) and summarises.
pub fn run_study(study: &KMeshStudy) -> Result<KMeshOutcome, MeshError> {
    if study.cells.len() < 2 || study.realisations < 2 {
        return Err(MeshError::Invalid(
            "a mesh study needs ≥ 2 meshes and ≥ 2 realisations",
        ));
    }
    let n = study.realisations as usize;
    let cases: Vec<(usize, u64)> = study
        .cells
        .iter()
        .flat_map(|&c| (0..study.realisations).map(move |r| (c, r)))
        .collect();
    let runs: Result<Vec<_>, MeshError> = cases
        .par_iter()
        .map(|&(c, r)| {
            run(&SlidingWearCase {
                spacing: study.template.length / c as f64,
                realisation: r,
                ..study.template
            })
        })
        .collect();
    let runs = runs?;
    let mut rng = ChaCha8Rng::seed_from_u64(study.template.seed ^ 0x5eed_0003);
    let meshes: Vec<KAtMesh> = study
        .cells
        .iter()
        .enumerate()
        .map(|(m, &c)| {
            let rs = &runs[m * n..(m + 1) * n];
            let k: Vec<f64> = rs.iter().map(|r| r.k).collect();
            let case = SlidingWearCase {
                spacing: study.template.length / c as f64,
                ..study.template
            };
            KAtMesh {
                cells: c,
                spacing: case.spacing,
                k_mean: k.iter().sum::<f64>() / n as f64,
                k_ci95: bootstrap_mean_ci(&k, &mut rng),
                k,
                broken_mean: rs.iter().map(|r| r.broken as f64).sum::<f64>() / n as f64,
                elements: rs.first().map_or(0, |r| r.elements),
                debris: DebrisScale::of(rs, &case, &mut rng),
                fragments: rs
                    .iter()
                    .map(|r| {
                        r.fragment_areas
                            .iter()
                            .copied()
                            .zip(r.fragment_elements.iter().copied())
                            .collect()
                    })
                    .collect(),
            }
        })
        .collect();
    let (a, b) = (&meshes[meshes.len() - 2], &meshes[meshes.len() - 1]);
    let finest_ratio = paired_ratio_ci(&b.k, &a.k, &mut rng);
    let m = study.cells.len();
    let (coarse, fine) = (&runs[(m - 2) * n..(m - 1) * n], &runs[(m - 1) * n..]);
    let finest_fragment_area_ratio =
        paired_pooled_ratio(fine, coarse, &mut rng, mean_fragment_area);
    let finest_fragment_count_ratio = paired_pooled_ratio(fine, coarse, &mut rng, mean_fragments);
    let overlap = a.k_ci95[0] <= b.k_ci95[1] && b.k_ci95[0] <= a.k_ci95[1];
    // Drawn after every other statistic so that their bootstrap draws are unchanged.
    let largest_fragment_share: Vec<WithCi> = (0..m)
        .map(|k| largest_fragment_share(&runs[k * n..(k + 1) * n], &mut rng))
        .collect();
    let many_fragments = largest_fragment_share
        .last()
        .is_some_and(|s| s.0 < DOMINANT_FRAGMENT_SHARE);
    let converged =
        overlap && finest_ratio.1[0] <= 1.0 && finest_ratio.1[1] >= 1.0 && many_fragments;
    Ok(KMeshOutcome {
        meshes,
        finest_ratio,
        converged,
        finest_fragment_area_ratio,
        finest_fragment_count_ratio,
        asperity_area: study.template.asperity_area(),
        largest_fragment_share,
    })
}

/// Ratio of means Σa/Σb of paired samples with a percentile bootstrap CI (each resample draws
/// pair indices once for both).
pub fn paired_ratio_ci(a: &[f64], b: &[f64], rng: &mut impl Rng) -> (f64, [f64; 2]) {
    let n = a.len().min(b.len());
    let ratio = |pick: &[usize]| {
        let (sa, sb) = pick
            .iter()
            .fold((0.0, 0.0), |(sa, sb), &i| (sa + a[i], sb + b[i]));
        sa / sb
    };
    let all: Vec<usize> = (0..n).collect();
    (
        ratio(&all),
        bootstrap_runs(n, rng, |pick| Some(ratio(pick))),
    )
}

/// The names [`strength_by_name`] accepts.
pub const THRESHOLD_NAMES: &str = "`eq16`, `crack-band`, `material-flaw`, `cohesive`";

/// The fracture thresholds a study can compare.
pub fn strength_by_name(name: &str) -> Option<Strength> {
    match name {
        "eq16" => Some(Strength::FlawFraction(
            crate::dde::sliding::CALIBRATED_FLAW_FRACTION,
        )),
        "crack-band" => Some(Strength::CrackBand(crate::dde::build::CRACK_BAND_WIDTH)),
        "material-flaw" => Some(Strength::MaterialFlaw(
            crate::dde::sliding::MATERIAL_FLAW_HALF_SIZE,
        )),
        "cohesive" => Some(Strength::Cohesive(
            crate::dde::cohesive::ZIRCONIA_TENSILE_STRENGTH,
        )),
        _ => None,
    }
}
