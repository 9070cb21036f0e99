//! The report folder of a table: CSV and plots (SVG + PNG) of α(v) and β_thres(v) over a
//! log velocity grid, μ(β) at a few velocities, a JSON dump and a one-page `summary.md`.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use plotters::style::RGBColor;
use tribo_core::law::{FrictionLaw, SampleOrigin};
use tribo_core::table::Table;

use super::TableError;
use super::describe::{
    DEFAULTS_BANNER, STATISTICAL_IS_NOT_ACCURACY, STRIP_DRAW_V0, describe, intervals_text,
    sample_at, saturation_text, systematic_text,
};
use super::json::table_json;
use crate::report::{CsvTable, LinePlot, ReportError, Series, write_atomic, write_caption};

/// Velocities of the μ(β) curves \[m/s\]: around seed 000's strip-draw speed
/// ([`STRIP_DRAW_V0`]) and one fast enough to show the saturated α.
pub const MU_BETA_VELOCITIES: [f64; 4] = [0.01, 0.03, 0.08, 1.0];

/// Log velocity grid of the α(v) curve: 10^-3 … 10^2 m/s, 61 points.
pub fn velocity_grid() -> Vec<f64> {
    (0..=60)
        .map(|i| 10f64.powf(-3.0 + 5.0 * f64::from(i) / 60.0))
        .collect()
}

/// Shade of the velocity range where α(v) is interpolated between simulated samples
/// (Okabe–Ito sky blue).
const INTERPOLATED_SHADE: RGBColor = RGBColor(86, 180, 233);
/// Shade of the ranges where α(v) is held at the end samples (grey).
const HELD_SHADE: RGBColor = RGBColor(150, 150, 150);

/// Points of β per μ(β) curve.
const BETA_POINTS: usize = 101;

/// Writes the report of `table` (encoded in `encoded_len` bytes, at `table_path`) into
/// `dir`; returns the files written.
///
/// # Errors
///
/// [`TableError::Law`] when the table's friction law does not build; [`TableError::Report`] when a
/// CSV, figure or page cannot be written (the file named); [`TableError::Json`] if the table does
/// not serialise to JSON.
pub fn write_report(
    table: &Table,
    table_path: &Path,
    encoded_len: usize,
    dir: &Path,
) -> Result<Vec<PathBuf>, TableError> {
    let law = table.friction_law().map_err(TableError::Law)?;
    let writing = |path: &Path| {
        let path = path.to_path_buf();
        move |e| ReportError::io("writing", path, e)
    };
    let mut files = Vec::new();

    // α(v) and β_thres(v) on the grid, plus the samples.
    let vs = velocity_grid();
    let alpha: Vec<f64> = vs.iter().map(|&v| f64::from(law.alpha(v as f32))).collect();
    let bthres: Vec<f64> = vs
        .iter()
        .map(|&v| f64::from(law.beta_thres(v as f32)))
        .collect();
    let path = dir.join("alpha_v.csv");
    CsvTable::from_columns(
        &["v_m_per_s", "alpha", "beta_thres"],
        &[&vs, &alpha, &bthres],
    )
    .write(&path)
    .map_err(writing(&path))?;
    files.push(path);
    let curve = &table.alpha.curve;
    let mut plot = LinePlot::new("α against sliding speed", "v [m/s]", "α [-]")
        .log_x()
        .y_bounds(0.0, f64::INFINITY)
        .series(Series::line(
            "α(v) as evaluated by the core",
            vs.iter().copied().zip(alpha.iter().copied()).collect(),
        ));
    if let Some(law) = curve.law {
        let law_only: Vec<(f64, f64)> = vs
            .iter()
            .map(|&v| (v, f64::from(law.eval(v as f32))))
            .collect();
        plot = plot.series(Series::dashed(
            "fitted law (not used between samples)",
            law_only,
        ));
    }
    // The core interpolates between the simulated samples and holds the end values beyond
    // them (below the lowest: the stated overdamped limit, not simulated).
    let sampled = curve
        .v
        .iter()
        .map(|&v| f64::from(v))
        .filter(|v| v.is_finite() && *v > 0.0)
        .fold(None, |r: Option<(f64, f64)>, v| {
            Some(r.map_or((v, v), |(lo, hi)| (lo.min(v), hi.max(v))))
        });
    if let Some((lo, hi)) = sampled {
        let (grid_lo, grid_hi) = (vs[0], vs[vs.len() - 1]);
        if hi > lo {
            plot = plot.shade_x(
                "interpolated between simulated samples (PCHIP in ln v)",
                lo,
                hi,
                INTERPOLATED_SHADE,
            );
        }
        plot = plot
            .shade_x(
                "held at the end samples (not simulated)",
                grid_lo,
                lo,
                HELD_SHADE,
            )
            .shade_x("", hi, grid_hi, HELD_SHADE);
    }
    let sample = |i: usize| (f64::from(curve.v[i]), f64::from(curve.alpha[i]));
    let interval = |i: usize| [f64::from(curve.ci95_lo[i]), f64::from(curve.ci95_hi[i])];
    for (origin, label) in [
        (SampleOrigin::Direct, "simulated at v0, 95 % CI"),
        (
            SampleOrigin::Similarity,
            "simulated via v0/γ similarity, 95 % CI",
        ),
        (SampleOrigin::FormatOne, "format-1 samples"),
    ] {
        let idx: Vec<usize> = (0..curve.v.len())
            .filter(|&i| curve.origin[i] == origin)
            .collect();
        if !idx.is_empty() {
            let pts = idx.iter().map(|&i| sample(i)).collect();
            let bounds = idx.iter().map(|&i| interval(i)).collect();
            plot = plot.series(Series::points(label, pts).with_interval(bounds));
        }
    }
    let stem = dir.join("alpha_v");
    plot.write(&stem)?;
    let fitted = if curve.law.is_some() {
        "The dashed line is the law α(v) fitted to the samples; the core interpolates between \
         the samples instead."
    } else {
        "No law α(v) was fitted: the core interpolates between the simulated samples."
    };
    write_caption(
        &stem,
        &format!(
            "α is the proportionality of seed 000's Eq. 23, ⟨A_p⟩/A_0 = α·β·p/E* (its Fig. 15 \
             plots α against v). Points: α fitted at each simulated speed, bars its 95 % CI \
             over surface pairs and seeds. {fitted}"
        ),
    )?;
    files.extend([stem.with_extension("svg"), stem.with_extension("png")]);
    let stem = dir.join("beta_thres_v");
    LinePlot::new(
        "Flake fraction at full separation against sliding speed",
        "v [m/s]",
        "β_thres [-]",
    )
    .log_x()
    .log_y()
    .series(Series::line(
        "β_thres",
        vs.iter().copied().zip(bthres.iter().copied()).collect(),
    ))
    .write(&stem)?;
    write_caption(
        &stem,
        "β_thres = κ/(α(v)·h'_rms) (seed 000 Eq. 24): the area fraction of flakes above which \
         the blocked flakes carry the whole load and μ has fallen to μ_p, the friction of the \
         flakes' own shear (0 in seed 000).",
    )?;
    files.extend([stem.with_extension("svg"), stem.with_extension("png")]);

    // μ(β) at a few velocities.
    let (betas, mus) = mu_beta_curves(&law);
    let mut header = vec!["beta".to_owned()];
    header.extend(MU_BETA_VELOCITIES.iter().map(|v| format!("mu_at_v_{v}")));
    let mut cols: Vec<&[f64]> = vec![&betas];
    cols.extend(mus.iter().map(Vec::as_slice));
    let path = dir.join("mu_beta.csv");
    CsvTable::from_columns(&header, &cols)
        .write(&path)
        .map_err(writing(&path))?;
    files.push(path);
    let mut plot = LinePlot::new(
        "Friction coefficient against flake fraction",
        "β [-]",
        "μ [-]",
    );
    // One line (and legend entry) per distinct curve: speeds where α is held at the same
    // value give the same μ(β) and share an entry instead of hiding under each other.
    for (speeds, mu) in coinciding(&MU_BETA_VELOCITIES, &mus) {
        let list: Vec<String> = speeds.iter().map(f64::to_string).collect();
        plot = plot.series(Series::line(
            format!("v = {} m/s", list.join(", ")),
            betas.iter().copied().zip(mu.iter().copied()).collect(),
        ));
    }
    let stem = dir.join("mu_beta");
    plot.write(&stem)?;
    write_caption(
        &stem,
        "μ = μ0·(1 − x) + μ_p·x with x = β/β_thres(v) up to β_thres and μ_p beyond (seed 000 \
         Eq. 9 with α(v) of Eq. 23, plus the flakes' own shear μ_p, which seed 000 sets to 0; \
         the curves' floor is this table's μ_p), at fixed sliding speeds. Speeds whose curves \
         coincide (α held below the lowest simulated speed) share one line.",
    )?;
    files.extend([stem.with_extension("svg"), stem.with_extension("png")]);
    // The tornado of α's uncertainty budget (issue 42 item 4).
    files.extend(super::report_budget::write_budget_tornado(table, dir)?);

    // The file's own format version (an old file read by this core says its own).
    let file_format = std::fs::read(table_path)
        .ok()
        .and_then(|b| Table::file_format_version(&b).ok());
    let path = dir.join("table.json");
    let json = table_json(table, file_format).map_err(TableError::Json)?;
    write_atomic(&path, json.as_bytes()).map_err(writing(&path))?;
    files.push(path);

    let path = dir.join("summary.md");
    write_atomic(
        &path,
        summary(table, &law, table_path, encoded_len, file_format).as_bytes(),
    )
    .map_err(writing(&path))?;
    files.push(path);
    Ok(files)
}

/// The curves of `mus` (one per speed of `speeds`) grouped where they are equal, with the
/// speeds of each group, in order of first appearance.
fn coinciding<'a>(speeds: &[f64], mus: &'a [Vec<f64>]) -> Vec<(Vec<f64>, &'a [f64])> {
    let mut groups: Vec<(Vec<f64>, &[f64])> = Vec::new();
    for (&v, mu) in speeds.iter().zip(mus) {
        match groups.iter_mut().find(|(_, m)| *m == mu.as_slice()) {
            Some((vs, _)) => vs.push(v),
            None => groups.push((vec![v], mu)),
        }
    }
    groups
}

/// β grid (0 … 1.2·max β_thres over [`MU_BETA_VELOCITIES`]) and μ on it at each velocity.
pub fn mu_beta_curves(law: &FrictionLaw) -> (Vec<f64>, Vec<Vec<f64>>) {
    let beta_max = MU_BETA_VELOCITIES
        .iter()
        .map(|&v| f64::from(law.beta_thres(v as f32)))
        .filter(|b| b.is_finite())
        .fold(0.0f64, f64::max);
    let beta_max = if beta_max > 0.0 { 1.2 * beta_max } else { 1.0 };
    let betas: Vec<f64> = (0..BETA_POINTS)
        .map(|i| beta_max * i as f64 / (BETA_POINTS - 1) as f64)
        .collect();
    let mus = MU_BETA_VELOCITIES
        .iter()
        .map(|&v| {
            betas
                .iter()
                .map(|&b| f64::from(law.mu(v as f32, b as f32)))
                .collect()
        })
        .collect();
    (betas, mus)
}

fn summary(
    table: &Table,
    law: &FrictionLaw,
    table_path: &Path,
    encoded_len: usize,
    file_format: Option<u16>,
) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "# tribo calibration table — summary\n");
    if table.is_defaults_only() {
        let _ = writeln!(s, "> **{DEFAULTS_BANNER}**\n");
        let _ = writeln!(
            s,
            "Not stated numerically in seed 000 and chosen here (see `tribo_core::table` docs): \
             τ0 = {:.4e} Pa so that μ0 = {:.3} (a realistic strip-draw friction coefficient, 0.1–0.2); \
             H = {:.2e} Pa (≈ 70 HV for AA5182-O); α(v) = b(1 − e^(−v/v_ref)) with b = {}, v_ref = {} m/s \
             (α(0.08 m/s) ≈ {:.1}). κ = {} is a literature value; K, h_p, ζ, E*, h'_rms are seed 000's.\n",
            table.law.tau0,
            law.mu0(),
            table.transport.hardness,
            table.alpha.curve.law.map_or(f32::NAN, |l| l.alpha_inf),
            table.alpha.curve.law.map_or(f32::NAN, |l| l.v_ref),
            law.alpha(STRIP_DRAW_V0),
            table.law.kappa,
        );
    }
    let _ = writeln!(
        s,
        "Table: `{}` ({encoded_len} bytes, format version {}).\n",
        table_path.display(),
        file_format.map_or("?".to_owned(), |f| f.to_string())
    );
    let v = STRIP_DRAW_V0;
    let _ = writeln!(s, "| quantity | value |\n|---|---|");
    let _ = writeln!(s, "| μ0 = τ0κ/(E*h'_rms) | {:.4} |", law.mu0());
    let at = sample_at(table, v).and_then(|i| {
        Some((
            table.alpha_uncertainty(i)?,
            table.beta_thres_uncertainty(i)?,
        ))
    });
    match at {
        Some((a, b)) => {
            let _ = writeln!(s, "| α({v} m/s) | {} |", intervals_text(&a, 4));
            let _ = writeln!(s, "| β_thres({v} m/s) | {} |", intervals_text(&b, 4));
        }
        None => {
            let _ = writeln!(
                s,
                "| α({v} m/s) | {:.4} (no sample: no interval) |",
                law.alpha(v)
            );
            let _ = writeln!(s, "| β_thres({v} m/s) | {:.4} |", law.beta_thres(v));
        }
    }
    let _ = writeln!(s, "| at saturation | {} |", saturation_text(table));
    let _ = writeln!(
        s,
        "| μ({v} m/s, β = β_thres/2) | {:.4} |",
        law.mu(v, 0.5 * law.beta_thres(v))
    );
    let _ = writeln!(
        s,
        "\nFiles: `alpha_v.csv` + `alpha_v.svg/png` (α and β_thres over 10⁻³…10² m/s), \
         `beta_thres_v.svg/png`, `mu_beta.csv` + `mu_beta.svg/png` (μ(β) at v = {MU_BETA_VELOCITIES:?} m/s), \
         `table.json` (the whole table).\n"
    );
    let _ = writeln!(
        s,
        "Uncertainty of α: {STATISTICAL_IS_NOT_ACCURACY}. {}.\n",
        systematic_text(table)
    );
    let _ = writeln!(
        s,
        "## Table contents (as `tribo inspect` prints them)\n\n```text\n{}```",
        describe(table)
    );
    s
}
