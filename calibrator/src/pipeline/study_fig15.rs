//! The velocity factorial of a sensitivity study (issue 42 item 5, seed 000 Fig. 15): a plan
//! with several `cases.velocities` runs every cell (each distinct configuration of its
//! levels) at each velocity on the same pairs, so α(v)/α(v_ref) is paired across velocities.
//!
//! - `fig15.csv`: one row per cell × velocity: the cell's damping γ, stiffness rule, β regime
//!   and drag frame, α with its interval, α/α(v_ref) with its paired interval, pairs.
//! - `fig15_summary.csv`: per cell, α at the highest velocity over α at v_ref with its paired
//!   interval and whether it excludes 1 (`rises`, `falls`, `unresolved`).

use std::fmt::Write as _;
use std::path::Path;

use super::error::write_csv;
use super::study_design::Design;
use super::study_error::StudyError;
use crate::config::CalibrationConfig;
use crate::meso::cases::CaseResult;
use crate::report::CsvTable;
use crate::report::csv::Cell;
use crate::studies::sensitivity::paired::{self, Ratio, Sample};

/// The stiffness rule of a configuration as written in `fig15.csv`: `hertz_v0` (seed 000:
/// Hertz at each case's speed) or `hertz_fixed_<v>` (one impact speed for every velocity),
/// with `_x<scale>` when scaled.
pub fn stiffness_rule(cfg: &CalibrationConfig) -> String {
    let d = &cfg.dem;
    let mut s = if d.stiffness_velocity > 0.0 {
        format!("hertz_fixed_{}", d.stiffness_velocity)
    } else {
        "hertz_v0".to_owned()
    };
    if d.stiffness_scale != 1.0 {
        let _ = write!(s, "_x{}", d.stiffness_scale);
    }
    s
}

/// The β levels of a configuration joined by `;`.
fn beta_regime(cfg: &CalibrationConfig) -> String {
    let b: Vec<String> = cfg.sweep.betas.iter().map(ToString::to_string).collect();
    b.join(";")
}

/// Writes `fig15.csv` and `fig15_summary.csv`; returns the summary lines.
///
/// # Errors
///
/// [`StudyError::Pair`] when a cell lacks a velocity; [`StudyError::Pipeline`] when a file
/// cannot be written.
pub fn write(
    design: &Design,
    results: &[Vec<CaseResult>],
    draws: &[Vec<u32>],
    out: &Path,
) -> Result<String, StudyError> {
    let plan = &design.plan;
    let v_ref = plan.ratio_velocity();
    let v_top = plan
        .cases
        .velocities
        .iter()
        .copied()
        .fold(f64::NEG_INFINITY, f64::max);
    let mut table = CsvTable::new(&[
        "cell",
        "gamma_per_s",
        "velocity_m_s",
        "stiffness_rule",
        "beta_regime",
        "drag_frame",
        "alpha",
        "alpha_lo",
        "alpha_hi",
        "ratio_to_v1",
        "ratio_lo",
        "ratio_hi",
        "pairs",
        "rotational_damping",
        "cases",
    ]);
    let mut summary = CsvTable::new(&[
        "cell",
        "v_ref_m_s",
        "v_top_m_s",
        "ratio_top_over_ref",
        "lo",
        "hi",
        "trend",
        "pairs",
    ]);
    let mut s = format!(
        "velocity factorial (seed 000 Fig. 15): α(v)/α({v_ref} m/s) paired across velocities\n"
    );
    for (k, c) in design.configs.iter().enumerate() {
        let cell = c.labels.join(";");
        let cfg = &c.config;
        let sample = |v: f64| Sample {
            results: &results[k],
            e_star: cfg.material.e_star,
            velocity: v,
        };
        let pair = |v: f64| -> Result<Ratio, StudyError> {
            paired::ratio(sample(v), sample(v_ref), draws).map_err(|source| StudyError::Pair {
                what: format!("cell {cell}: {v} against {v_ref} m/s"),
                source,
            })
        };
        let (rule, betas) = (stiffness_rule(cfg), beta_regime(cfg));
        for &v in &plan.cases.velocities {
            let q = pair(v)?;
            table.push_cells(&[
                Cell::Text(&cell),
                Cell::Num(cfg.flakes.damping),
                Cell::Num(v),
                Cell::Text(&rule),
                Cell::Text(&betas),
                Cell::Text(cfg.flakes.drag_frame.name()),
                Cell::Num(q.num.alpha),
                Cell::Num(q.num.ci[0]),
                Cell::Num(q.num.ci[1]),
                Cell::Num(q.ratio),
                Cell::Num(q.ci[0]),
                Cell::Num(q.ci[1]),
                Cell::Int(q.num.pairs as i64),
                Cell::Text(cfg.flakes.rotational_damping.name()),
                Cell::Int(q.num.cases as i64),
            ]);
        }
        let q = pair(v_top)?;
        let trend = if q.ci[0] > 1.0 {
            "rises"
        } else if q.ci[1] < 1.0 {
            "falls"
        } else {
            "unresolved"
        };
        summary.push_cells(&[
            Cell::Text(&cell),
            Cell::Num(v_ref),
            Cell::Num(v_top),
            Cell::Num(q.ratio),
            Cell::Num(q.ci[0]),
            Cell::Num(q.ci[1]),
            Cell::Text(trend),
            Cell::Int(q.num.pairs as i64),
        ]);
        let _ = writeln!(
            s,
            "  {cell}: α({v_top})/α({v_ref}) = {:.4} [{:.4}, {:.4}] ({trend}, {} pairs)",
            q.ratio, q.ci[0], q.ci[1], q.num.pairs
        );
    }
    write_csv(&table, &out.join("fig15.csv"))?;
    write_csv(&summary, &out.join("fig15_summary.csv"))?;
    Ok(s)
}
