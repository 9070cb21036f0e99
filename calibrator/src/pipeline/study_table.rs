//! `sensitivity.csv` of `tribo study sensitivity`: one row per (factor, level, velocity) with
//! the paired ratio α_level/α_ref and its 95 % cluster-bootstrap interval
//! ([`crate::studies::sensitivity::paired`]), α with its own interval, β_thres of Eq. 24 and
//! its ratio to the reference's. The rows feed the CSV, the summary and the budget
//! ([`super::study_budget`]); [`super::study_outputs`] writes them.

use super::study_design::Design;
use super::study_error::StudyError;
use crate::meso::cases::CaseResult;
use crate::report::CsvTable;
use crate::report::csv::Cell;
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
