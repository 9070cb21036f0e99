//! Report files of the strip-draw studies and fits: every curve as CSV and as a plot
//! (SVG + PNG), the β(x, t) maps as heat maps, all written atomically ([`crate::report`]).
//!
//! Sweep (`tribo strip-draw`), in the output folder:
//! - `mu_bar.csv`: one row per case and pass (study, tool, P_N, ζ, K, pass, μ̄ = F_S/F_N,
//!   F_pull/F_N, the sampled window mean and its drift, steps, Δt, max β).
//! - `mu_bar_vs_pressure_<study>.{svg,png}`: μ̄(P_N) per tool length (Fig. 19b), per ζ
//!   (Fig. 17b), per K (Fig. 18b), per pass (Fig. 2b).
//! - `mu_t_<study>.csv` (all cases) and `mu_t_<study>.{svg,png}` (the map-pressure cases).
//! - `beta_final_<study>.csv`: the final β field of every case and pass.
//! - `beta_map_<study>_<case>_pass<k>.{csv,svg,png}`: β(X, slide) for the map-pressure cases
//!   (Fig. 17a–19a: the "V").
//!
//! Fit (`tribo fit strip-draw`): `fit_parameters.csv`, `fit_points.csv`,
//! `fit_measured_vs_predicted.{svg,png}`, `fit_mu_bar_vs_pressure.{svg,png}`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::report::csv::Cell;
use crate::report::{CsvTable, Heatmap, LinePlot, ReportError, Series, write_caption};
use crate::strip_draw::cases::{StripCaseResult, Study};
use crate::strip_draw::fit::{Measurement, StripFit};

fn stem(out: &Path, name: &str) -> PathBuf {
    out.join(name)
}

fn both(stem: &Path) -> [PathBuf; 2] {
    [stem.with_extension("svg"), stem.with_extension("png")]
}

/// A file-name-safe label of a case within its study, which the file name already names
/// (`beta_map_tool_140mm_pass1`, not `beta_map_tool_tool140mm_pass1`).
fn case_tag(r: &StripCaseResult) -> String {
    let c = &r.case;
    match c.study {
        Study::ToolLength | Study::MultiPass => format!("{:.0}mm", c.tool_length * 1e3),
        Study::Zeta => format!("{}", c.zeta),
        Study::Archard => format!("K{:e}", c.archard_k),
    }
}

/// Label of pass `k` (0-based) of a case.
fn pass_label(r: &StripCaseResult, k: usize) -> String {
    if is_cleaned(r, k) {
        "cleaned".to_owned()
    } else {
        format!("pass {}", k + 1)
    }
}

/// Whether pass `k` of `r` starts on a cleaned strip (β = 0): it reproduces pass 1, so its
/// curves are drawn dashed to leave pass 1 visible.
fn is_cleaned(r: &StripCaseResult, k: usize) -> bool {
    matches!(
        r.case.passes.get(k),
        Some(crate::strip_draw::multipass::Pass::Cleaned)
    )
}

/// Writes the sweep report into `out`; returns the files written.
///
/// # Errors
///
/// [`ReportError::Io`] when `out`, a CSV or a figure's CSV cannot be written.
pub fn write_sweep_report(
    results: &[StripCaseResult],
    out: &Path,
) -> Result<Vec<PathBuf>, ReportError> {
    std::fs::create_dir_all(out).map_err(|e| ReportError::io("creating", out, e))?;
    let mut files = Vec::new();
    let mut summary = CsvTable::new(&[
        "study",
        "case",
        "tool_mm",
        "pressure_MPa",
        "zeta",
        "archard_k",
        "pass",
        "pass_kind",
        "mu_bar",
        "mu_bar_pull",
        "mu_bar_sampled",
        "drift",
        "steps",
        "dt_s",
        "beta_max",
    ]);
    for r in results {
        let c = &r.case;
        for (k, p) in r.passes.iter().enumerate() {
            let beta_max = p.final_beta.iter().copied().fold(0.0f32, f32::max);
            summary.push_cells(&[
                Cell::Text(c.study.name()),
                Cell::Int(c.index as i64),
                Cell::Num(c.tool_length * 1e3),
                Cell::Num(c.pressure * 1e-6),
                Cell::Num(f64::from(c.zeta)),
                Cell::Num(f64::from(c.archard_k)),
                Cell::Int(k as i64 + 1),
                Cell::Text(c.passes.get(k).map_or("?", |p| p.label())),
                Cell::Num(p.mu_bar),
                Cell::Num(p.mu_bar_pull),
                Cell::Num(p.steady.mean),
                Cell::Num(p.steady.drift),
                Cell::Int(p.steps as i64),
                Cell::Num(p.dt),
                Cell::Num(f64::from(beta_max)),
            ]);
        }
    }
    let path = out.join("mu_bar.csv");
    summary
        .write(&path)
        .map_err(|e| ReportError::io("writing", &path, e))?;
    files.push(path);

    let studies: Vec<Study> = {
        let mut s: Vec<Study> = results.iter().map(|r| r.case.study).collect();
        s.dedup();
        s
    };
    for study in studies {
        let rs: Vec<&StripCaseResult> = results.iter().filter(|r| r.case.study == study).collect();
        files.extend(write_study(study, &rs, out)?);
    }
    Ok(files)
}

fn write_study(
    study: Study,
    rs: &[&StripCaseResult],
    out: &Path,
) -> Result<Vec<PathBuf>, ReportError> {
    let name = study.name();
    let mut files = Vec::new();
    // μ̄(P_N): one series per parameter value (or per pass for the multi-pass study).
    let mut series: BTreeMap<(usize, String), Vec<(f64, f64)>> = BTreeMap::new();
    let mut order: Vec<String> = Vec::new();
    for r in rs {
        for (k, p) in r.passes.iter().enumerate() {
            let label = if study == Study::MultiPass {
                pass_label(r, k)
            } else {
                r.case.series_label()
            };
            let pos = order.iter().position(|l| *l == label).unwrap_or_else(|| {
                order.push(label.clone());
                order.len() - 1
            });
            series
                .entry((pos, label))
                .or_default()
                .push((r.case.pressure * 1e-6, p.mu_bar));
        }
    }
    let (title, caption) = match study {
        Study::ToolLength => (
            "Mean friction coefficient against pressure, per tool length",
            "Seed 000 Fig. 19b: ⟨μ⟩ = F_S/F_N averaged over the draw, one line per tool length.",
        ),
        Study::Zeta => (
            "Mean friction coefficient against pressure, per particle-transport ζ",
            "Seed 000 Fig. 17b: ⟨μ⟩ averaged over the draw, one line per ζ (the fraction of \
             particles carried by the sheet, Eq. 10–11).",
        ),
        Study::Archard => (
            "Mean friction coefficient against pressure, per Archard coefficient K",
            "Seed 000 Fig. 18b: ⟨μ⟩ averaged over the draw, one line per wear coefficient K \
             of the particle source (Eq. 12).",
        ),
        Study::MultiPass => (
            "Mean friction coefficient against pressure, pass after pass",
            "Seed 000 Fig. 2b and §2.1: ⟨μ⟩ per pass with the particle coverage β kept from \
             pass to pass; \"cleaned\" is a pass on a cleaned strip (β = 0), drawn dashed \
             because it reproduces pass 1.",
        ),
    };
    let mut plot = LinePlot::new(title, "P_N [MPa]", "⟨μ⟩ = F_S/F_N [-]");
    for ((_, label), mut pts) in series {
        pts.sort_by(|a, b| a.0.total_cmp(&b.0));
        // The cleaned pass reproduces pass 1: dashed, so that pass 1 stays visible under it.
        let style = if label == "cleaned" {
            crate::report::SeriesStyle::Dashed
        } else {
            crate::report::SeriesStyle::LinePoints
        };
        plot = plot.series(Series::line(label, pts).with_style(style));
    }
    let s = stem(out, &format!("mu_bar_vs_pressure_{name}"));
    plot.write(&s)?;
    write_caption(&s, caption)?;
    files.extend(both(&s));

    // μ(t) of every case (CSV) and of the map cases (plot); final β fields.
    let mut mu_t = CsvTable::new(&[
        "case",
        "pass",
        "tool_mm",
        "pressure_MPa",
        "zeta",
        "archard_k",
        "slide_mm",
        "mu_friction",
        "mu_pull",
    ]);
    let mut beta = CsvTable::new(&["case", "pass", "X_mm", "beta"]);
    let mut mu_plot = LinePlot::new(
        format!("Friction coefficient along the draw, {name} study, at the map pressure"),
        "slide [mm]",
        "μ [-]",
    );
    let mut any_map = false;
    for r in rs {
        let c = &r.case;
        for (k, p) in r.passes.iter().enumerate() {
            for m in &p.mu_t {
                mu_t.push(&[
                    c.index as f64,
                    (k + 1) as f64,
                    c.tool_length * 1e3,
                    c.pressure * 1e-6,
                    f64::from(c.zeta),
                    f64::from(c.archard_k),
                    m.slide * 1e3,
                    m.mu_friction,
                    m.mu_pull,
                ]);
            }
            for (i, &b) in p.final_beta.iter().enumerate() {
                beta.push(&[
                    c.index as f64,
                    (k + 1) as f64,
                    i as f64 * p.element_length * 1e3,
                    f64::from(b),
                ]);
            }
            if let Some(map) = &p.map {
                any_map = true;
                let label = format!("{}, {}", c.series_label(), pass_label(r, k));
                let pts = p
                    .mu_t
                    .iter()
                    .map(|m| (m.slide * 1e3, m.mu_friction))
                    .collect();
                // A cleaned pass reproduces pass 1: dashed, so that pass 1 stays visible.
                let style = if is_cleaned(r, k) {
                    crate::report::SeriesStyle::Dashed
                } else {
                    crate::report::SeriesStyle::Line
                };
                mu_plot = mu_plot.series(Series::line(label, pts).with_style(style));
                let tag = format!("beta_map_{name}_{}_pass{}", case_tag(r), k + 1);
                files.extend(write_map(
                    map,
                    c.pressure,
                    &tag,
                    &format!("{}, {}", r.case.series_label(), pass_label(r, k)),
                    out,
                )?);
            }
        }
    }
    let path = out.join(format!("mu_t_{name}.csv"));
    mu_t.write(&path)
        .map_err(|e| ReportError::io("writing", &path, e))?;
    files.push(path);
    let path = out.join(format!("beta_final_{name}.csv"));
    beta.write(&path)
        .map_err(|e| ReportError::io("writing", &path, e))?;
    files.push(path);
    if any_map {
        let s = stem(out, &format!("mu_t_{name}"));
        mu_plot.write(&s)?;
        write_caption(
            &s,
            "Seed 000 Eq. 1: μ(t) = F_S/F_N of the strip-draw bar (Eq. 2–3 with the local law \
             of Eq. 4–9), at the pressure of the β maps. A cleaned pass (β = 0) is drawn dashed.",
        )?;
        files.extend(both(&s));
    }
    Ok(files)
}

fn write_map(
    map: &crate::strip_draw::run::BetaMap,
    pressure: f64,
    tag: &str,
    label: &str,
    out: &Path,
) -> Result<Vec<PathBuf>, ReportError> {
    let mut csv = CsvTable::new(&["slide_mm", "X_mm", "beta"]);
    let nx = map.x.len();
    for (row, &s) in map.slide.iter().enumerate() {
        for (col, &x) in map.x.iter().enumerate() {
            csv.push(&[s * 1e3, x * 1e3, map.values[row * nx + col]]);
        }
    }
    let path = out.join(format!("{tag}.csv"));
    csv.write(&path)
        .map_err(|e| ReportError::io("writing", &path, e))?;
    let x_hi = map.x.last().copied().unwrap_or(0.0) * 1e3;
    let y_hi = map.slide.last().copied().unwrap_or(0.0) * 1e3;
    let heat = Heatmap {
        title: format!(
            "Particle coverage along the strip during the draw, {label}, P_N = {:.0} MPa",
            pressure * 1e-6
        ),
        quantity: "β [-]".into(),
        x_label: "material coordinate X [mm]".to_owned(),
        y_label: "slide [mm]".to_owned(),
        values: &map.values,
        nx,
        ny: map.slide.len(),
        x_range: (0.0, x_hi.max(1e-9)),
        y_range: (0.0, y_hi.max(1e-9)),
        value_range: None,
    };
    let s = stem(out, tag);
    heat.write(&s)?;
    write_caption(
        &s,
        "Seed 000 Fig. 17a–19a: β(X, slide) of the material points of the strip (X) as the \
         tool slides; the tool's footprint moves across the strip as a diagonal band (the \"V\").",
    )?;
    let [svg, png] = both(&s);
    Ok(vec![path, svg, png])
}

/// (P_N \[MPa\], measured μ̄, predicted μ̄) of one data point.
type PressurePoint = (f64, f64, f64);

/// Writes the fit report into `out`; returns the files written.
///
/// # Errors
///
/// [`ReportError::Io`] when `out`, a CSV or a figure's CSV cannot be written.
pub fn write_fit_report(
    data: &[Measurement],
    fit: &StripFit,
    out: &Path,
) -> Result<Vec<PathBuf>, ReportError> {
    std::fs::create_dir_all(out).map_err(|e| ReportError::io("creating", out, e))?;
    let mut files = Vec::new();
    let mut params = CsvTable::new(&["parameter", "value", "std_error", "ci95_low", "ci95_high"]);
    for v in &fit.values {
        params.push_cells(&[
            Cell::Text(v.name),
            Cell::Num(v.value),
            Cell::Num(v.std_error),
            Cell::Num(v.ci_low),
            Cell::Num(v.ci_high),
        ]);
    }
    let path = out.join("fit_parameters.csv");
    params
        .write(&path)
        .map_err(|e| ReportError::io("writing", &path, e))?;
    files.push(path);
    let mut points = CsvTable::new(&[
        "line",
        "tool_mm",
        "pressure_MPa",
        "pass",
        "mu_bar_measured",
        "mu_bar_predicted",
        "residual",
    ]);
    for (m, &p) in data.iter().zip(&fit.predicted) {
        points.push(&[
            m.line as f64,
            m.tool_length * 1e3,
            m.pressure * 1e-6,
            m.pass as f64,
            m.mu_bar,
            p,
            m.mu_bar - p,
        ]);
    }
    let path = out.join("fit_points.csv");
    points
        .write(&path)
        .map_err(|e| ReportError::io("writing", &path, e))?;
    files.push(path);

    let pairs: Vec<(f64, f64)> = data
        .iter()
        .zip(&fit.predicted)
        .map(|(m, &p)| (p, m.mu_bar))
        .collect();
    let lo = pairs
        .iter()
        .flat_map(|&(a, b)| [a, b])
        .fold(f64::INFINITY, f64::min);
    let hi = pairs
        .iter()
        .flat_map(|&(a, b)| [a, b])
        .fold(f64::NEG_INFINITY, f64::max);
    let s = stem(out, "fit_measured_vs_predicted");
    LinePlot::new(
        format!("measured vs predicted ⟨μ⟩ (rms {:.2e})", fit.rms),
        "predicted ⟨μ⟩ [-]",
        "measured ⟨μ⟩ [-]",
    )
    .series(Series::points("data", pairs))
    .series(Series::dashed(
        "measured = predicted",
        vec![(lo, lo), (hi, hi)],
    ))
    .write(&s)?;
    files.extend(both(&s));

    // μ̄(P_N) per tool length and pass: data as points, the fitted model as lines.
    let mut groups: BTreeMap<(u64, usize), Vec<PressurePoint>> = BTreeMap::new();
    for (m, &p) in data.iter().zip(&fit.predicted) {
        groups
            .entry((m.tool_length.to_bits(), m.pass))
            .or_default()
            .push((m.pressure * 1e-6, m.mu_bar, p));
    }
    let mut plot = LinePlot::new(
        format!(
            "fit: τ0 = {:.4e} Pa, ζ = {:.3}, K = {:.3e}",
            fit.params.tau0, fit.params.zeta, fit.params.archard_k
        ),
        "P_N [MPa]",
        "⟨μ⟩ [-]",
    );
    for ((tool, pass), mut pts) in groups {
        pts.sort_by(|a, b| a.0.total_cmp(&b.0));
        let label = format!("tool {:.0} mm, pass {pass}", f64::from_bits(tool) * 1e3);
        plot = plot
            .series(Series::points(
                format!("{label} (data)"),
                pts.iter().map(|p| (p.0, p.1)).collect(),
            ))
            .series(Series::line(
                format!("{label} (model)"),
                pts.iter().map(|p| (p.0, p.2)).collect(),
            ));
    }
    let s = stem(out, "fit_mu_bar_vs_pressure");
    plot.write(&s)?;
    files.extend(both(&s));
    Ok(files)
}
