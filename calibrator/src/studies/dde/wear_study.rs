//! The wear sweep (issue 16 items 3–4, 6): sliding-wear cases over normal pressures ×
//! surface realisations (paired: every pressure sees the same realisations), K per pressure
//! with a 95 % bootstrap CI over realisations, the fit K = K0·(p/p_ref)^n with a paired
//! bootstrap CI, and the table's wear section.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use tribo_core::table::{SectionProvenance, WearForm, WearSection};

use crate::dde::mesh::MeshError;
use crate::dde::sliding::{SlidingWearCase, SlidingWearResult, run};
use crate::numerics::bootstrap::{mean_of_pick, percentile_interval, resample};
use crate::numerics::line_fit::fit_line;

/// The material pair of the wear section: seed 001's brittle bodies (zirconia on zirconia).
pub const WEAR_PAIR: &str = "zirconia/zirconia";
/// The conditions of the wear section: seed 001's dry fretting of 2D deformable elements.
pub const WEAR_CONDITIONS: &str = "dry fretting, 2D DDE";

/// The sweep definition.
#[derive(Debug, Clone, PartialEq)]
pub struct WearSweep {
    /// Nominal pressures \[Pa\].
    pub pressures: Vec<f64>,
    /// Surface realisations per pressure.
    pub realisations: u64,
    /// Master seed.
    pub seed: u64,
    /// The case template; its pressure, seed and realisation are set per case.
    pub template: SlidingWearCase,
}

/// K at one pressure.
#[derive(Debug, Clone, PartialEq)]
pub struct KAtPressure {
    /// Pressure \[Pa\].
    pub pressure: f64,
    /// Mean K over realisations.
    pub k_mean: f64,
    /// 95 % bootstrap CI of the mean.
    pub k_ci95: [f64; 2],
    /// Mean energy wear [m³/J].
    pub energy_wear: f64,
    /// Mean friction coefficient.
    pub mu: f64,
    /// The individual runs (one per realisation).
    pub runs: Vec<SlidingWearResult>,
}

/// The power-law fit of K(p).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PowerLawFit {
    /// K0 = K(p_ref).
    pub k0: f64,
    /// 95 % CI of K0.
    pub k0_ci95: [f64; 2],
    /// Exponent n.
    pub exponent: f64,
    /// 95 % CI of n.
    pub exponent_ci95: [f64; 2],
    /// p_ref: geometric mean of the pressures \[Pa\].
    pub p_ref: f64,
}

/// Runs every case (rayon over cases; each case's own RNG stream, so the result does not
/// depend on the thread count).
///
/// # Errors
///
/// The first error, in case order, of a case's build ([`crate::dde::sliding::run`]): a [`MeshError`].
pub fn run_sweep(sweep: &WearSweep) -> Result<Vec<KAtPressure>, MeshError> {
    let cases: Vec<(usize, u64)> = (0..sweep.pressures.len())
        .flat_map(|i| (0..sweep.realisations).map(move |r| (i, r)))
        .collect();
    let results: Result<Vec<SlidingWearResult>, MeshError> = cases
        .par_iter()
        .map(|&(i, r)| {
            run(&SlidingWearCase {
                pressure: sweep.pressures[i],
                seed: sweep.seed,
                realisation: r,
                ..sweep.template
            })
        })
        .collect();
    let results = results?;
    let n = sweep.realisations as usize;
    let mut rng = ChaCha8Rng::seed_from_u64(sweep.seed ^ 0x5eed_0001);
    Ok(sweep
        .pressures
        .iter()
        .enumerate()
        .map(|(i, &p)| {
            let runs = results[i * n..(i + 1) * n].to_vec();
            let k: Vec<f64> = runs.iter().map(|r| r.k).collect();
            let mean = |v: &[f64]| v.iter().sum::<f64>() / v.len() as f64;
            KAtPressure {
                pressure: p,
                k_mean: mean(&k),
                k_ci95: bootstrap_mean_ci(&k, &mut rng),
                energy_wear: mean(&runs.iter().map(|r| r.energy_wear).collect::<Vec<_>>()),
                mu: mean(&runs.iter().map(|r| r.mean_mu).collect::<Vec<_>>()),
                runs,
            }
        })
        .collect())
}

/// A percentile bootstrap over runs (the unit of resampling: fragments or pressures of one
/// run are not independent): `stat` sees the resampled run indices of each replicate of the
/// one bootstrap ([`crate::numerics::bootstrap`]); replicates where it is undefined (`None`,
/// non-finite) are left out. `[NaN, NaN]` for no runs.
pub fn bootstrap_runs(
    n: usize,
    rng: &mut impl Rng,
    stat: impl Fn(&[usize]) -> Option<f64>,
) -> [f64; 2] {
    let values = resample(rng, n, |pick| stat(pick).filter(|v| v.is_finite()));
    percentile_interval(values.into_iter().flatten())
}

/// Percentile bootstrap 95 % CI of the mean of `x` (`[NaN, NaN]` when `x` is empty).
pub fn bootstrap_mean_ci(x: &[f64], rng: &mut impl Rng) -> [f64; 2] {
    bootstrap_runs(x.len(), rng, |pick| mean_of_pick(x, pick))
}

/// Log-log least squares of mean K against p/p_ref over the pressures.
fn fit_means(pressures: &[f64], k: &[f64], p_ref: f64) -> Option<(f64, f64)> {
    if k.iter().any(|&v| v.is_nan() || v <= 0.0) {
        return None;
    }
    let x: Vec<f64> = pressures.iter().map(|p| (p / p_ref).ln()).collect();
    let y: Vec<f64> = k.iter().map(|v| v.ln()).collect();
    let f = fit_line(&x, &y).ok()?;
    Some((f.intercept.exp(), f.slope))
}

/// K = K0·(p/p_ref)^n with a paired bootstrap over realisations (each resample draws
/// realisation indices once and uses them at every pressure). `None` when some pressure had
/// no wear at all (K = 0 has no logarithm).
pub fn fit_power_law(points: &[KAtPressure], seed: u64) -> Option<PowerLawFit> {
    let pressures: Vec<f64> = points.iter().map(|p| p.pressure).collect();
    let p_ref = (pressures.iter().map(|p| p.ln()).sum::<f64>() / pressures.len() as f64).exp();
    let means: Vec<f64> = points.iter().map(|p| p.k_mean).collect();
    let (k0, exponent) = fit_means(&pressures, &means, p_ref)?;
    let n = points.first()?.runs.len();
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed_0002);
    let fits: Vec<(f64, f64)> = resample(&mut rng, n, |pick| {
        let m: Vec<f64> = points
            .iter()
            .map(|p| pick.iter().map(|&r| p.runs[r].k).sum::<f64>() / n as f64)
            .collect();
        fit_means(&pressures, &m, p_ref)
    })
    .into_iter()
    .flatten()
    .collect();
    let (k0s, ns): (Vec<f64>, Vec<f64>) = fits.into_iter().unzip();
    if k0s.is_empty() {
        return None;
    }
    let mut k0_ci95 = percentile_interval(k0s);
    let mut exponent_ci95 = percentile_interval(ns);
    // The percentile interval of a skewed statistic can miss the point estimate by a hair.
    k0_ci95 = [k0_ci95[0].min(k0), k0_ci95[1].max(k0)];
    exponent_ci95 = [
        exponent_ci95[0].min(exponent),
        exponent_ci95[1].max(exponent),
    ];
    Some(PowerLawFit {
        k0,
        k0_ci95,
        exponent,
        exponent_ci95,
        p_ref,
    })
}

/// The table's wear section from a fit. `form` is `ShapeOnly` unless a mesh study showed K
/// converging (issue 16 item 4): then K0 is stored as 1 and the CI relative to K0. When the
/// exponent's CI contains 0 the scalar is kept (n = 0, issue 16 item 3).
pub fn wear_section(
    fit: &PowerLawFit,
    points: &[KAtPressure],
    form: WearForm,
    provenance: SectionProvenance,
) -> WearSection {
    let scale = if form == WearForm::ShapeOnly {
        1.0 / fit.k0
    } else {
        1.0
    };
    let (exponent, exponent_ci95) = if fit.exponent_ci95[0] <= 0.0 && fit.exponent_ci95[1] >= 0.0 {
        (0.0, fit.exponent_ci95)
    } else {
        (fit.exponent, fit.exponent_ci95)
    };
    let p_min = points
        .iter()
        .map(|p| p.pressure)
        .fold(f64::INFINITY, f64::min);
    let p_max = points.iter().map(|p| p.pressure).fold(0.0, f64::max);
    let ew = points.iter().map(|p| p.energy_wear).sum::<f64>() / points.len() as f64;
    let material = tribo_core::table::MaterialIdentity::new(WEAR_PAIR, WEAR_CONDITIONS);
    WearSection {
        form,
        k0: (fit.k0 * scale) as f32,
        k0_ci95: [
            (fit.k0_ci95[0] * scale) as f32,
            (fit.k0_ci95[1] * scale) as f32,
        ],
        p_ref: fit.p_ref as f32,
        exponent: exponent as f32,
        exponent_ci95: exponent_ci95.map(|v| v as f32),
        pressure_range: [p_min as f32, p_max as f32],
        energy_wear: ew.max(0.0) as f32,
        material,
        provenance,
    }
}

/// Puts `section` into the table at `path` (format 3's `Table.wear`), validates and writes it
/// back atomically; returns the encoded size \[bytes\]. A table of another material pair than
/// the section's zirconia is refused unless `allow_foreign` ([`crate::table::merge`]).
///
/// # Errors
///
/// [`DdeError::Merge`] when the table cannot be read or written
/// ([`MergeError::Io`](crate::table::merge::MergeError::Io)), its material pair is not the
/// section's and `allow_foreign` is false, or the table with the section does not validate.
///
/// [`DdeError::Merge`]: crate::studies::dde::error::DdeError::Merge
pub fn write_into_table(
    path: &std::path::Path,
    section: WearSection,
    allow_foreign: bool,
) -> super::error::Result<usize> {
    use crate::table::merge::{Section, put_section_into_file};
    Ok(put_section_into_file(
        path,
        Section::Wear(section),
        allow_foreign,
    )?)
}

/// Checks the table at `path` before the sweep ([`crate::table::merge::check_into_table`]):
/// readable, passing the gate, of the wear section's material pair (or `allow_foreign`),
/// writable.
///
/// # Errors
/// [`super::error::DdeError`] from the merge check, naming the file.
pub fn check_into_table(path: &std::path::Path, allow_foreign: bool) -> super::error::Result<()> {
    let material = tribo_core::table::MaterialIdentity::new(WEAR_PAIR, WEAR_CONDITIONS);
    Ok(crate::table::merge::check_into_table(
        path,
        "wear",
        &material,
        allow_foreign,
    )?)
}

/// A stable hash of the sweep definition (the provenance's `config_hash` of a wear section):
/// the one provenance hash ([`crate::provenance::fnv1a`]) over its parameters' text.
pub fn sweep_hash(sweep: &WearSweep) -> u64 {
    let text = format!(
        "{:?}|{:?}|{}|{}",
        sweep.pressures, sweep.template, sweep.realisations, sweep.seed
    );
    crate::provenance::fnv1a(text.as_bytes())
}
