//! The outputs of `tribo study sensitivity` (CSV first, then figures; every file atomic):
//!
//! - `sensitivity.csv`: one row per (factor, level, velocity): the paired ratio α_level/α_ref
//!   with its 95 % cluster-bootstrap interval and pair count
//!   ([`crate::studies::sensitivity::paired`]), then α with its own interval, β_thres of
//!   Eq. 24 and its ratio to the reference's, the case count and the velocity. β_thres =
//!   κ/(α·h'_rms) with κ and h'_rms of the level's surfaces (the particle-free elastic BEM
//!   sweep of `tribo calibrate`, [`super::stages::contact`]): deterministic for a
//!   configuration, so the ratio's interval is the α ratio's, inverted and scaled by the
//!   surfaces' κ/h'_rms ratio.
//! - `fig15.csv` and `fig15_summary.csv` when the plan has several velocities
//!   ([`super::study_fig15`]).
//! - `budget.csv` and the tornado figure ([`super::study_budget`]).
//! - `mechanism.csv` ([`super::study_mechanism`]).

use std::fmt::Write as _;
use std::path::Path;

use serde::{Deserialize, Serialize};

use super::error::{PipelineError, io_at, json_at, write_csv};
use super::run_record::BUILD;
use super::study_design::Design;
use super::study_sensitivity::StudyError;
use crate::meso::cases::CaseResult;
use crate::provenance::{fnv1a, hash_text};
use crate::report::CsvTable;
use crate::report::csv::Cell;
use crate::report::write_atomic;
use crate::studies::sensitivity::paired::{self, Ratio, Sample};

/// One row of `sensitivity.csv`.
#[derive(Clone, Debug)]
pub struct SensitivityRow {
    /// Factor name.
    pub factor: String,
    /// Level name.
    pub level: String,
    /// Whether this is the factor's reference level.
    pub reference: bool,
    /// Whether the level is admissible (budget).
    pub admissible: bool,
    /// Whether the factor enters the systematic budget.
    pub systematic: bool,
    /// Velocity \[m/s\].
    pub velocity: f64,
    /// The paired ratio against the reference.
    pub ratio: Ratio,
    /// β_thres of Eq. 24 \[-\] (NaN without κ).
    pub beta_thres: f64,
    /// β_thres/β_thres,ref and its interval \[-\].
    pub beta_thres_ratio: [f64; 3],
}

/// κ and h'_rms of a configuration's surfaces (Eq. 8, 24).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
struct SurfaceNumbers {
    kappa: Option<f64>,
    slope_rms: f64,
}

impl SurfaceNumbers {
    /// κ/h'_rms, the numerator of β_thres = κ/(α·h'_rms); NaN without κ.
    fn factor(&self) -> f64 {
        self.kappa.map_or(f64::NAN, |k| k / self.slope_rms)
    }
}

/// κ and h'_rms of every configuration, each surface set computed once and cached under
/// `out/contact/<key>/` (the key hashes the surface, material and BEM sections, the contact
/// pressures, the seed and the build).
fn surface_numbers(design: &Design, out: &Path) -> Result<Vec<SurfaceNumbers>, StudyError> {
    let mut computed: Vec<(u64, SurfaceNumbers)> = Vec::new();
    let mut all = Vec::new();
    for c in &design.configs {
        let cfg = &c.config;
        let key_json = serde_json::to_vec(&(
            &cfg.surface,
            &cfg.material,
            &cfg.bem,
            &cfg.sweep.contact_pressures,
            design.seed,
            BUILD,
        ))
        .map_err(PipelineError::HashJson)?;
        let key = fnv1a(&key_json);
        if let Some(&(_, n)) = computed.iter().find(|(k, _)| *k == key) {
            all.push(n);
            continue;
        }
        let dir = out.join("contact").join(hash_text(key));
        let cache = dir.join("kappa.json");
        let cached = std::fs::read_to_string(&cache)
            .ok()
            .and_then(|t| serde_json::from_str::<SurfaceNumbers>(&t).ok());
        let n = match cached {
            Some(n) => n,
            None => {
                crate::progress::stage(&format!(
                    "κ and h'_rms of the surfaces of {} (elastic BEM sweep)",
                    c.labels.join(", ")
                ));
                let stage = super::stages::contact(cfg, design.seed, &dir)?;
                let n = SurfaceNumbers {
                    kappa: stage.analysis.kappa,
                    slope_rms: stage.analysis.slope_spectral,
                };
                let json = serde_json::to_string_pretty(&n).map_err(json_at("encoding", &cache))?;
                write_atomic(&cache, json.as_bytes()).map_err(io_at("writing", &cache))?;
                n
            }
        };
        computed.push((key, n));
        all.push(n);
    }
    Ok(all)
}

/// The rows of `sensitivity.csv`: every level of every factor at every velocity, against
/// the factor's reference on the same draws.
///
/// # Errors
///
/// [`StudyError::Pair`] when a level and its reference do not share their surface pairs or
/// have no case at a velocity.
pub fn sensitivity_rows(
    design: &Design,
    results: &[Vec<CaseResult>],
    draws: &[Vec<u32>],
    surfaces: &[f64],
) -> Result<Vec<SensitivityRow>, StudyError> {
    let mut rows = Vec::new();
    for &v in &design.plan.cases.velocities {
        for (f, row) in design.plan.factors.iter().zip(&design.level_config) {
            let k_ref = row[f.reference];
            let sample = |k: usize| Sample {
                results: &results[k],
                e_star: design.configs[k].config.material.e_star,
                velocity: v,
            };
            for (j, (l, &k)) in f.levels.iter().zip(row).enumerate() {
                let ratio = paired::ratio(sample(k), sample(k_ref), draws).map_err(|source| {
                    StudyError::Pair {
                        what: format!("{}={} against {} at {v} m/s", f.name, l.name, f.reference),
                        source,
                    }
                })?;
                let g = surfaces[k] / surfaces[k_ref];
                rows.push(SensitivityRow {
                    factor: f.name.clone(),
                    level: l.name.clone(),
                    reference: j == f.reference,
                    admissible: l.admissible,
                    systematic: f.systematic,
                    velocity: v,
                    beta_thres: surfaces[k] / ratio.num.alpha,
                    beta_thres_ratio: [g / ratio.ratio, g / ratio.ci[1], g / ratio.ci[0]],
                    ratio,
                });
            }
        }
    }
    Ok(rows)
}

/// `sensitivity.csv` of `rows`.
pub fn sensitivity_table(rows: &[SensitivityRow]) -> CsvTable {
    let mut t = CsvTable::new(&[
        "factor",
        "level",
        "ratio",
        "lo",
        "hi",
        "pairs",
        "alpha",
        "alpha_lo",
        "alpha_hi",
        "beta_thres",
        "beta_thres_ratio",
        "beta_thres_ratio_lo",
        "beta_thres_ratio_hi",
        "cases",
        "velocity_m_s",
        "reference",
    ]);
    for r in rows {
        let q = &r.ratio;
        t.push_cells(&[
            Cell::Text(&r.factor),
            Cell::Text(&r.level),
            Cell::Num(q.ratio),
            Cell::Num(q.ci[0]),
            Cell::Num(q.ci[1]),
            Cell::Int(q.num.pairs as i64),
            Cell::Num(q.num.alpha),
            Cell::Num(q.num.ci[0]),
            Cell::Num(q.num.ci[1]),
            Cell::Num(r.beta_thres),
            Cell::Num(r.beta_thres_ratio[0]),
            Cell::Num(r.beta_thres_ratio[1]),
            Cell::Num(r.beta_thres_ratio[2]),
            Cell::Int(q.num.cases as i64),
            Cell::Num(r.velocity),
            Cell::Int(i64::from(r.reference)),
        ]);
    }
    t
}

/// Writes every output of the study into `out` and returns the summary text (also written
/// to `summary.txt`).
///
/// # Errors
///
/// [`StudyError::Pair`] for levels that cannot be compared; [`StudyError::Pipeline`] when the
/// surfaces' κ cannot be computed or an output cannot be written.
pub fn write(
    design: &Design,
    results: &[Vec<CaseResult>],
    out: &Path,
) -> Result<String, StudyError> {
    let draws = paired::draws(design.seed, design.plan.cases.pairs);
    let surfaces: Vec<f64> = surface_numbers(design, out)?
        .iter()
        .map(SurfaceNumbers::factor)
        .collect();
    let rows = sensitivity_rows(design, results, &draws, &surfaces)?;
    write_csv(&sensitivity_table(&rows), &out.join("sensitivity.csv"))?;
    let mut s = String::new();
    let _ = writeln!(
        s,
        "sensitivity of α (seed 000 Eq. 23) and β_thres (Eq. 24): paired ratios against each \
         factor's reference, 95 % cluster bootstrap over {} pairs ({} replicates, seed {})",
        design.plan.cases.pairs,
        draws.len(),
        design.seed
    );
    for r in &rows {
        let q = &r.ratio;
        let _ = writeln!(
            s,
            "v0 = {} m/s  {}={}{}: α = {:.4} [{:.4}, {:.4}], ratio {:.4} [{:.4}, {:.4}], \
             β_thres = {:.4} ({} cases, {} pairs)",
            r.velocity,
            r.factor,
            r.level,
            if r.reference { " (reference)" } else { "" },
            q.num.alpha,
            q.num.ci[0],
            q.num.ci[1],
            q.ratio,
            q.ci[0],
            q.ci[1],
            r.beta_thres,
            q.num.cases,
            q.num.pairs
        );
    }
    if design.plan.cases.velocities.len() > 1 {
        s.push_str(&super::study_fig15::write(design, results, &draws, out)?);
    }
    s.push_str(&super::study_budget::write(design, &rows, out)?);
    s.push_str(&super::study_mechanism::write(design, results, out)?);
    let path = out.join("summary.txt");
    write_atomic(&path, s.as_bytes()).map_err(io_at("writing", &path))?;
    Ok(s)
}
