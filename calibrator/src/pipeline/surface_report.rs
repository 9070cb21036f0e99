//! `report/surface/`: the two surfaces of realisation 0 (generated or measured), their radial
//! PSDs with the power law fitted to each, and a table putting the statistics fitted from the
//! maps next to the generator's parameters (issue 20: a measured map's PSD parameters are
//! reported next to the generated ones). For a measured map, `surfaces.csv` also gives the
//! file's own ISO 25178-2 Sq and Sdq ([`crate::surface::iso`]) next to the conditioned map's
//! spectral and finite-difference values, and [`measured_warnings`] lists every conditioning
//! step that changed Sq or Sdq by more than 2 % (in the log and `summary.md`).

use std::path::Path;

use super::error::{PipelineError, Result, write_csv};
use crate::config::CalibrationConfig;
use crate::report::csv::Cell;
use crate::report::label::qualified;
use crate::report::{CsvTable, Heatmap, LinePlot, Series, write_caption};
use crate::surface::iso::iso_parameters;
use crate::surface::measured::{MeasuredStats, heuristic_band, stats_in_band};
use crate::surface::stats::rms_slope_spectral;
use crate::surface::{HeightMap, radial_psd};

/// Writes `surfaces.csv`, `psd.csv` and the figures of the run's surfaces into `out`.
///
/// # Errors
///
/// [`PipelineError::Meso`] when the surfaces cannot be generated or read, or a measured one
/// re-read; [`PipelineError::Io`] or [`PipelineError::Report`] when a CSV or figure cannot be
/// written.
pub fn write(cfg: &CalibrationConfig, seed: u64, out: &Path) -> Result<()> {
    let (def, tool) =
        crate::meso::setup::case_surfaces(cfg, seed).map_err(|source| PipelineError::Meso {
            stage: "building the run's surfaces",
            source: Box::new(source),
        })?;
    let s = &cfg.surface;
    let rows = [
        (
            "deformable",
            &def,
            s.deformable_file.as_ref(),
            s.rms_height_deformable,
        ),
        ("tool", &tool, s.tool_file.as_ref(), s.rms_height_tool),
    ];
    let mut table = CsvTable::new(&[
        "surface",
        "source",
        "file_iso_sq_m",
        "file_iso_sdq",
        "file_invalid_points_filled",
        "fill_rule",
        "rms_height_m",
        "rms_slope",
        "rms_slope_spectral",
        "hurst_fitted",
        "generator_hurst",
        "generator_rms_height_m",
    ]);
    for (name, warning) in measured_warnings(cfg)? {
        crate::errln!("warning: the measured {name} surface: {warning}");
    }
    let mut psd = CsvTable::new(&["surface", "mode", "q_rad_per_m", "C_m4"]);
    let mut plot = LinePlot::new(
        "Power spectrum of the run's surfaces",
        "q [rad/m]",
        "C(q) [m⁴]",
    )
    .log_x()
    .log_y();
    for (name, map, file, generator_rms) in rows {
        // A generated surface is fitted over its generator's power-law band k_r … k_s; a
        // measured one over the heuristic band of `stats_of`.
        let band = match file {
            Some(_) => heuristic_band(map),
            None => (s.k_r, s.k_s),
        };
        let st: MeasuredStats = stats_in_band(map, band.0, band.1);
        let source = file.map_or_else(
            || "generated (self-affine)".to_string(),
            |f| format!("measured: {} (conditioned)", f.path.display()),
        );
        // The file's own ISO values and filled points; empty for a generated surface (it has
        // no file), as the generator's columns are for a measured one.
        let loaded = match file {
            Some(f) => Some(f.load(key_of(name)).map_err(measured)?),
            None => None,
        };
        let iso = loaded.as_ref().map(|l| iso_parameters(&l.map));
        let filled = loaded.as_ref().map(|l| l.invalid_points as i64);
        let generated = |v: f64| {
            if file.is_some() {
                Cell::Text("")
            } else {
                Cell::Num(v)
            }
        };
        table.push_cells(&[
            Cell::Text(name),
            Cell::Text(&source),
            iso.map_or(Cell::Text(""), |p| Cell::Num(p.sq)),
            iso.map_or(Cell::Text(""), |p| Cell::Num(p.sdq)),
            filled.map_or(Cell::Text(""), Cell::Int),
            Cell::Text(if file.is_some() { FILL_RULE } else { "" }),
            Cell::Num(st.rms_height),
            Cell::Num(st.rms_slope),
            Cell::Num(rms_slope_spectral(map)),
            Cell::Num(st.hurst),
            generated(s.hurst),
            generated(generator_rms),
        ]);
        let bins = radial_psd(map);
        for b in &bins {
            psd.push_cells(&[
                Cell::Text(name),
                Cell::Num(b.mode),
                Cell::Num(b.q),
                Cell::Num(b.psd),
            ]);
        }
        // The CSV keeps every bin; the plot leaves out the rounding noise of modes a
        // band-limited map does not have (≈ 1e-33 of the peak for generated maps), which
        // otherwise stretched the log axis over 30 decades below the data.
        let peak = bins.iter().map(|b| b.psd).fold(0.0, f64::max);
        let pts: Vec<(f64, f64)> = bins
            .iter()
            .filter(|b| b.psd > PSD_PLOT_FLOOR * peak)
            .map(|b| (b.q, b.psd))
            .collect();
        let data_index = plot.series.len();
        plot = plot.series(Series::points(qualified(name, &source), pts));
        if let Some(fit) = power_law_through(&bins, st.hurst, band) {
            plot = plot.series(
                Series::dashed(format!("{name}: fitted H = {:.2}", st.hurst), fit)
                    .with_color_of(data_index),
            );
        }
        heatmap(map, name, &source, &out.join(format!("{name}_height")))?;
    }
    write_csv(&table, &out.join("surfaces.csv"))?;
    write_csv(&psd, &out.join("psd.csv"))?;
    plot.write(&out.join("psd"))?;
    write_caption(
        &out.join("psd"),
        "Radially averaged power spectral density C(q) of the deformable and tool surfaces \
         (seed 000 §6.1: self-affine between the roll-off and the short cut-off, slope \
         −2(1+H) on log axes).",
    )?;
    Ok(())
}

/// The config key of the measured `name` (`deformable` or `tool`) surface.
fn key_of(name: &str) -> &'static str {
    if name == "tool" {
        "surface.tool_file"
    } else {
        "surface.deformable_file"
    }
}

fn measured(source: crate::surface::MeasuredError) -> PipelineError {
    PipelineError::Meso {
        stage: "reading a measured surface",
        source: Box::new(source.into()),
    }
}

/// Every conditioning step of the run's measured surfaces that changed Sq or Sdq by more than
/// [`crate::surface::conditioning::WARN_FRACTION`], as (surface, warning).
///
/// # Errors
///
/// [`PipelineError::Meso`] when a measured surface cannot be read or conditioned.
pub fn measured_warnings(cfg: &CalibrationConfig) -> Result<Vec<(&'static str, String)>> {
    let s = &cfg.surface;
    let mut out = Vec::new();
    for (name, file) in [("deformable", &s.deformable_file), ("tool", &s.tool_file)] {
        if let Some(f) = file {
            // The one reader path (`MeasuredSurface::load`): the fill of invalid points is
            // reported wherever the conditioning is (the log and summary.md).
            let loaded = f.load(key_of(name)).map_err(measured)?;
            if let Some(w) = fill_warning(f, &loaded) {
                out.push((name, w));
            }
            let c = f
                .condition_loaded(key_of(name), &loaded.map, s.grid, s.length)
                .map_err(measured)?;
            out.extend(c.warnings().into_iter().map(|w| (name, w)));
        }
    }
    Ok(out)
}

/// The rule the X3P reader fills invalid points with (`io::x3p`).
pub const FILL_RULE: &str = "mean of the valid heights";

/// The warning for a map whose invalid points were filled, if any were.
fn fill_warning(
    f: &crate::surface::measured::MeasuredSurface,
    loaded: &crate::surface::measured::LoadedMap,
) -> Option<String> {
    let n = loaded.invalid_points;
    (n > 0).then(|| {
        let total = loaded.map.nx() * loaded.map.ny();
        format!(
            "{n} of {total} points of {} ({:.2} %) were invalid (X3P mask or NaN) and filled \
             with the {FILL_RULE}",
            f.path.display(),
            100.0 * n as f64 / total as f64
        )
    })
}

/// Bins below this fraction of the PSD's peak are not plotted: f64 rounding of a band-limited
/// map leaves ≈ 1e-33 of the peak in its empty modes, while a physical band (k_s/k_r ≤ 10⁵,
/// exponent ≥ −4) spans at most 1e-20.
const PSD_PLOT_FLOOR: f64 = 1e-20;

/// The fitted C ∝ q^(−2(1+H)) through the geometric mean of the bins of the fitted `band` of
/// modes (the same band as the fit).
fn power_law_through(
    bins: &[crate::surface::PsdBin],
    hurst: f64,
    (lo, hi): (f64, f64),
) -> Option<Vec<(f64, f64)>> {
    let used: Vec<_> = bins
        .iter()
        .filter(|b| b.mode >= lo && b.mode <= hi && b.psd > 0.0)
        .collect();
    if used.len() < 2 || !hurst.is_finite() {
        return None;
    }
    let e = -2.0 * (1.0 + hurst);
    let n = used.len() as f64;
    let lq = used.iter().map(|b| b.q.ln()).sum::<f64>() / n;
    let lc = used.iter().map(|b| b.psd.ln()).sum::<f64>() / n;
    let (q0, q1) = (used[0].q, used[used.len() - 1].q);
    Some(
        [q0, q1]
            .iter()
            .map(|&q| (q, (lc + e * (q.ln() - lq)).exp()))
            .collect(),
    )
}

fn heatmap(map: &HeightMap, name: &str, source: &str, stem: &Path) -> Result<()> {
    let um: Vec<f64> = map.heights().iter().map(|h| h * 1e6).collect();
    let mut title: String = name.chars().take(1).flat_map(char::to_uppercase).collect();
    title.push_str(&name[name.chars().next().map_or(0, char::len_utf8)..]);
    on_map(
        map,
        format!("{title} surface: height map"),
        "height [µm]",
        &um,
    )
    .write(stem)?;
    write_caption(
        stem,
        &format!(
            "Height of the {name} surface ({source}) over the periodic {:.0} × {:.0} µm \
             domain of the simulations, mean plane at 0 (seed 000 §6.1).",
            map.lx() * 1e6,
            map.ly() * 1e6
        ),
    )?;
    Ok(())
}

/// The one figure of a field on a height map's grid (its heights, a contact or traction
/// map, blocked pixels marked NaN): `values` row-major on `map`'s nx × ny pixels, axes x and y
/// in µm over the map's side, the colour bar named by `quantity` (with its unit), the colour
/// range from the values. Used by the surfaces here, the h_Def snapshots of `dem_run` and
/// `meso_case` and the contact map of `contact_report`.
pub(crate) fn on_map<'a>(
    map: &HeightMap,
    title: String,
    quantity: &str,
    values: &'a [f64],
) -> Heatmap<'a> {
    Heatmap {
        title,
        quantity: quantity.into(),
        x_label: "x [µm]".into(),
        y_label: "y [µm]".into(),
        values,
        nx: map.nx(),
        ny: map.ny(),
        x_range: (0.0, map.lx() * 1e6),
        y_range: (0.0, map.ly() * 1e6),
        value_range: None,
    }
}
