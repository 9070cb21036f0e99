//! The outputs of `tribo study sensitivity` (CSV first, then figures; every file atomic):
//!
//! - `sensitivity.csv` ([`super::study_table`]): one row per (factor, level, velocity), the
//!   paired ratio α_level/α_ref with its interval, α, β_thres of Eq. 24 and its ratio to the
//!   reference's, the case count and the velocity. β_thres =
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
use super::study_error::StudyError;
use super::study_table::{sensitivity_rows, sensitivity_table};
use crate::meso::cases::CaseResult;
use crate::provenance::{fnv1a, hash_text};
use crate::report::write_atomic;
use crate::studies::sensitivity::paired;

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
