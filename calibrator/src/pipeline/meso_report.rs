//! Report of the BEM–DEM sweep: every case (CSV), the A_p history of Fig. 10, A̅_p/A_0 against
//! p per β with the fitted lines of Eq. 23 (Fig. 11), the α fit per velocity, and model against
//! simulation (Fig. 16). α(v) itself (Fig. 15) is plotted by the table report.

use std::path::Path;

use super::error::{Result, io_at, write_csv};
use crate::config::CalibrationConfig;
use crate::fit::alpha::AlphaSweep;
use crate::io::delimited::TextTable;
use crate::meso::StepRecord;
use crate::meso::cases::CaseResult;
use crate::numerics::distinct::distinct;
use crate::report::style::tick_label;
use crate::report::{CsvTable, LinePlot, Series, write_caption};

/// A case history as CSV (columns of [`StepRecord::HEADER`]; slide in column 1, A_p/A_0 in
/// column 3).
pub fn history_table(history: &[StepRecord]) -> CsvTable {
    let mut t = CsvTable::new(&StepRecord::HEADER);
    for r in history {
        t.push(&r.row());
    }
    t
}

/// Reads the numeric rows of a history file back (the one table reader,
/// [`crate::io::delimited`]; errors name the file, line and column).
pub(super) fn read_history(path: &Path) -> Result<Vec<Vec<f64>>> {
    let table = TextTable::read(path)?;
    Ok(table.numeric_rows(1, &StepRecord::HEADER)?)
}

pub(super) fn mean_std(x: &[f64]) -> (f64, f64) {
    let n = x.len() as f64;
    let m = x.iter().sum::<f64>() / n;
    let s = if x.len() > 1 {
        (x.iter().map(|v| (v - m).powi(2)).sum::<f64>() / (n - 1.0)).sqrt()
    } else {
        0.0
    };
    (m, s)
}

/// The one table of BEM–DEM case results (`cases.csv` of `tribo calibrate` and of
/// `tribo meso --sweep`): the case's p, β, v and seed index, then its slide averages
/// ⟨A_p⟩/A_0, ⟨A_c⟩/A_0 (Eq. 22) and costs.
pub fn cases_table(results: &[CaseResult]) -> CsvTable {
    let mut cases = CsvTable::new(&[
        "case",
        "p_Pa",
        "beta",
        "beta_realised",
        "v_m_per_s",
        "seed_index",
        "flakes",
        "mean_Ap_over_A0",
        "mean_Ac_over_A0",
        "mean_blocked",
        "steps",
        "bem_iterations",
        "seconds_dem",
        "seconds_bem",
    ]);
    for r in results {
        let c = &r.case;
        cases.push(&[
            c.index as f64,
            c.pressure,
            c.beta,
            r.beta_realised,
            c.velocity,
            c.seed_index as f64,
            r.flakes as f64,
            r.mean_ap,
            r.mean_ac,
            r.mean_blocked,
            r.steps as f64,
            r.bem_iterations as f64,
            r.seconds_dem,
            r.seconds_bem,
        ]);
    }
    cases
}

/// Writes the meso report into `dir` (history files are read from `out/cases`).
///
/// # Errors
///
/// [`PipelineError::Io`] or [`PipelineError::Report`] (the file named) when `dir`, a CSV or a
/// figure's CSV cannot be written.
///
/// [`PipelineError::Io`]: crate::pipeline::error::PipelineError::Io
/// [`PipelineError::Report`]: crate::pipeline::error::PipelineError::Report
/// [`PipelineError::Fit`]: crate::pipeline::error::PipelineError::Fit
pub fn write(
    cfg: &CalibrationConfig,
    results: &[CaseResult],
    alpha: &AlphaSweep,
    out: &Path,
    dir: &Path,
) -> Result<()> {
    std::fs::create_dir_all(dir).map_err(io_at("creating", dir))?;
    let e = cfg.material.e_star;
    write_csv(&cases_table(results), &dir.join("cases.csv"))?;

    let mut fit = CsvTable::new(&[
        "v_m_per_s",
        "simulated_v_m_per_s",
        "alpha",
        "alpha_ci95_lo",
        "alpha_ci95_hi",
        "alpha_spread",
        "alpha_std_err",
        "r_squared",
        "points",
        "cases",
        "seed_indices",
    ]);
    for a in &alpha.per_velocity {
        fit.push(&[
            a.velocity,
            a.simulated_velocity,
            a.alpha,
            a.ci95[0],
            a.ci95[1],
            a.spread,
            a.std_err,
            a.r_squared,
            a.points as f64,
            a.cases as f64,
            a.seeds as f64,
        ]);
    }
    write_csv(&fit, &dir.join("alpha_fit.csv"))?;
    let mut per_beta = CsvTable::new(&["v_m_per_s", "beta", "alpha_at_beta"]);
    for a in &alpha.per_velocity {
        for (b, x) in a.betas.iter().zip(&a.alpha_per_beta) {
            per_beta.push(&[a.velocity, *b, *x]);
        }
    }
    write_csv(&per_beta, &dir.join("alpha_per_beta.csv"))?;

    // Fig. 10: A_p history of the highest pressure and β at the highest velocity, every seed,
    // with each seed's mean ⟨A_p⟩ dashed in its colour. The paper's Fig. 10 compares three
    // particle diameters; a calibration has one (`[flakes] diameter`), which the title says.
    let v_max = results.iter().map(|r| r.case.velocity).fold(0.0, f64::max);
    let p_max = results.iter().map(|r| r.case.pressure).fold(0.0, f64::max);
    let b_max = results.iter().map(|r| r.case.beta).fold(0.0, f64::max);
    let length = cfg.surface.length;
    let fig10_caption = format!(
        "Load-bearing area A_p of blocked flakes along the slide (seed 000 Fig. 10, which \
         compares three flake diameters; a calibration has one, d_p = {} µm) at p = {} MPa, \
         β = {b_max}, v = {v_max} m/s: points per slide step, one colour per seed; dashed: \
         each seed's mean ⟨A_p⟩.",
        tick_label(cfg.flakes.diameter * 1e6),
        p_max / 1e6
    );
    let mut fig10 = LinePlot::new(
        format!(
            "Blocked-flake area during sliding, p = {} MPa, v = {v_max} m/s",
            p_max / 1e6
        ),
        "Δx/L [-]",
        "A_p/A_0 [%]",
    );
    for r in results
        .iter()
        .filter(|r| r.case.velocity == v_max && r.case.pressure == p_max && r.case.beta == b_max)
    {
        let path = out
            .join("cases")
            .join(format!("case-{:05}-history.csv", r.case.index));
        if let Ok(rows) = read_history(&path) {
            let pts: Vec<(f64, f64)> = rows
                .iter()
                .map(|row| (row[1] / length, 100.0 * row[3]))
                .collect();
            let ends = pts
                .iter()
                .fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), p| {
                    (a.min(p.0), b.max(p.0))
                });
            let k = fig10.series.len();
            let mean = 100.0 * r.mean_ap;
            fig10 = fig10
                .series(Series::points(
                    format!("seed {}, ⟨A_p⟩ = {mean:.3} %", r.case.seed_index),
                    pts,
                ))
                .series(Series::dashed("", vec![(ends.0, mean), (ends.1, mean)]).with_color_of(k));
        }
    }
    if !fig10.series.is_empty() {
        fig10.write(&dir.join("fig10_ap_history"))?;
        write_caption(&dir.join("fig10_ap_history"), &fig10_caption)?;
    }

    // Fig. 11: A̅_p/A_0 vs p per β, one plot per velocity, with α·β·p/E*.
    for a in &alpha.per_velocity {
        let v = a.velocity;
        let mut plot = LinePlot::new(
            format!("Blocked-flake area against pressure at v = {v} m/s"),
            "p [MPa]",
            "⟨A_p⟩/A_0 [%]",
        )
        // A_p ≥ 0: the ±std whiskers of a low-pressure point stop at 0.
        .y_bounds(0.0, f64::INFINITY);
        for &b in &a.betas {
            let grp: Vec<&CaseResult> = results
                .iter()
                .filter(|r| r.case.velocity == v && r.case.beta == b)
                .collect();
            let ps = distinct(grp.iter().map(|r| r.case.pressure).collect());
            let mut pts = Vec::new();
            let mut err = Vec::new();
            let mut line = Vec::new();
            for &p in &ps {
                let ys: Vec<f64> = grp
                    .iter()
                    .filter(|r| r.case.pressure == p)
                    .map(|r| 100.0 * r.mean_ap)
                    .collect();
                let br: Vec<f64> = grp
                    .iter()
                    .filter(|r| r.case.pressure == p)
                    .map(|r| r.beta_realised)
                    .collect();
                let (m, s) = mean_std(&ys);
                pts.push((p / 1e6, m));
                err.push(s);
                line.push((p / 1e6, 100.0 * a.alpha * mean_std(&br).0 * p / e));
            }
            let k = plot.series.len();
            plot = plot
                .series(Series::points(format!("β = {b}"), pts).with_error(err))
                .series(Series::dashed(format!("α·β·p/E*, β = {b}"), line).with_color_of(k));
        }
        let stem = dir.join(format!("fig11_ap_vs_p_v{v}"));
        plot.write(&stem)?;
        write_caption(
            &stem,
            &format!(
                "Mean load-bearing area of blocked flakes ⟨A_p⟩/A_0 against nominal pressure \
                 (seed 000 Fig. 11): points with ±1 standard deviation over surface pairs and \
                 seeds; dashed, in the same colour: seed 000 Eq. 23, ⟨A_p⟩/A_0 = α·β·p/E*, with \
                 α = {:.3} fitted through the origin to all points at this speed.",
                a.alpha
            ),
        )?;
    }

    // Fig. 16: model (Eq. 23 with α at the case's velocity) vs simulation, every case.
    {
        // One colour per nominal β, as in the paper's figure.
        let mut betas: Vec<f64> = results.iter().map(|r| r.case.beta).collect();
        betas.sort_by(f64::total_cmp);
        betas.dedup();
        let mut plot = LinePlot::new(
            "Blocked-flake area: simulated against Eq. 23",
            "model ⟨A_p⟩/A_0 [%]",
            "simulated ⟨A_p⟩/A_0 [%]",
        );
        let mut hi = 1e-9f64;
        for &b in &betas {
            let pts: Vec<(f64, f64)> = results
                .iter()
                .filter(|r| r.case.beta == b)
                .filter_map(|r| {
                    let a = alpha.at(r.case.velocity)?.alpha;
                    let model = a * r.beta_realised * r.case.pressure / e;
                    Some((100.0 * model, 100.0 * r.mean_ap))
                })
                .collect();
            hi = pts.iter().map(|p| p.0.max(p.1)).fold(hi, f64::max);
            plot = plot.series(Series::points(format!("cases at β = {b}"), pts));
        }
        let stem = dir.join("fig16_model_vs_simulation");
        plot.series(Series::dashed("identity", vec![(0.0, 0.0), (hi, hi)]))
            .write(&stem)?;
        write_caption(
            &stem,
            "Every BEM–DEM case (seed 000 Fig. 16): its simulated ⟨A_p⟩/A_0 against Eq. 23's \
             α·β·p/E* with the case's realised β and the α fitted at the case's speed (one \
             least-squares slope through the origin per simulated speed; no law α(v) is fitted \
             here). Points on the dashed identity line: Eq. 23 holds.",
        )?;
    }
    Ok(())
}
