//! CSV files and plots of the third-body studies (every curve as CSV, then its plot).

use std::path::Path;

use crate::report::{CsvTable, LinePlot, Series};

use super::error::{Result, ThirdBodyError};
use crate::third_body::paired::PairedCase;
use crate::third_body::run::ShearOutcome;
use crate::third_body::study::ShearCaseResult;

/// Writes `stem.csv` + plots of one run's history and steady profiles.
///
/// # Errors
///
/// [`ThirdBodyError::Io`] when `dir` or a CSV cannot be written; [`ThirdBodyError::Report`] when a
/// figure's CSV cannot be written.
pub fn write_run(dir: &Path, stem: &str, o: &ShearOutcome) -> Result<()> {
    create_dir(dir)?;
    let mut h = CsvTable::new(&["time_s", "mu", "top_m", "t_max_K", "sweeps_per_step"]);
    for r in &o.history {
        h.push(&[r.time, r.mu, r.top, r.t_max, r.sweeps]);
    }
    write_csv(&h, &dir.join(format!("{stem}_history.csv")))?;
    let mut p = CsvTable::new(&["z", "vx_over_V", "temperature_K", "eta_J_m2"]);
    for k in 0..o.profiles.z.len() {
        p.push(&[
            o.profiles.z[k],
            o.profiles.velocity[k],
            o.profiles.temperature[k],
            o.profiles.eta[k],
        ]);
    }
    write_csv(&p, &dir.join(format!("{stem}_profiles.csv")))?;
    let pts = |f: &dyn Fn(&crate::third_body::run::HistoryRow) -> f64| -> Vec<(f64, f64)> {
        o.history.iter().map(|r| (r.time * 1e6, f(r))).collect()
    };
    LinePlot::new(
        format!("{stem}: μ = F_t/F_n (top wall)"),
        "time since shear start [µs]",
        "μ",
    )
    .series(Series::line("window mean", pts(&|r| r.mu)))
    .write(&dir.join(format!("{stem}_mu")))?;
    LinePlot::new(
        format!("{stem}: T_max"),
        "time since shear start [µs]",
        "T_max [K]",
    )
    .series(Series::line("T_max", pts(&|r| r.t_max)))
    .write(&dir.join(format!("{stem}_tmax")))?;
    LinePlot::new(
        format!("{stem}: top wall height (steady state, Fig. 7)"),
        "time [µs]",
        "top [µm]",
    )
    .series(Series::line("top", pts(&|r| r.top * 1e6)))
    .write(&dir.join(format!("{stem}_top")))?;
    let prof = |v: &[f64]| -> Vec<(f64, f64)> {
        v.iter().zip(&o.profiles.z).map(|(&x, &z)| (x, z)).collect()
    };
    LinePlot::new(
        format!("{stem}: steady velocity profile"),
        "v_x / V",
        "z = y / thickness",
    )
    .series(Series::line("v_x/V", prof(&o.profiles.velocity)))
    .write(&dir.join(format!("{stem}_velocity_profile")))?;
    LinePlot::new(
        format!("{stem}: steady temperature profile"),
        "T [K]",
        "z = y / thickness",
    )
    .series(Series::line("T", prof(&o.profiles.temperature)))
    .write(&dir.join(format!("{stem}_temperature_profile")))?;
    Ok(())
}

/// Writes a sweep's summary CSV (one row per case, CI over seeds) and its plot of μ vs x.
///
/// # Errors
///
/// [`ThirdBodyError::Io`] when `dir` or a CSV cannot be written; [`ThirdBodyError::Report`] when a
/// figure's CSV cannot be written.
pub fn write_sweep(
    dir: &Path,
    stem: &str,
    x_label: &str,
    results: &[ShearCaseResult],
) -> Result<()> {
    create_dir(dir)?;
    let mut t = CsvTable::new(&[
        "x",
        "mu_mean",
        "mu_ci_lo",
        "mu_ci_hi",
        "band_width_d",
        "band_ci_lo",
        "band_ci_hi",
        "inertial_number",
        "bulk_inertial_number",
        "half_speed_height",
        "seeds",
        "not_converged_steps",
        "mean_sweeps",
    ]);
    for r in results {
        let nc: u64 = r.outcomes.iter().map(|o| o.stats.not_converged).sum();
        let sweeps = r
            .outcomes
            .iter()
            .map(|o| o.stats.mean_iterations())
            .sum::<f64>()
            / r.outcomes.len() as f64;
        let mean = |f: fn(&ShearOutcome) -> f64| r.mean_of(f);
        let inertial = mean(|o| o.inertial_number);
        let [mu, mu_lo, mu_hi, band, band_lo, band_hi] = r.intervals();
        t.push(&[
            r.case.x,
            mu,
            mu_lo,
            mu_hi,
            band,
            band_lo,
            band_hi,
            inertial,
            mean(|o| o.bulk_inertial_number),
            mean(|o| o.half_speed_height),
            r.mu.n as f64,
            nc as f64,
            sweeps,
        ]);
    }
    write_csv(&t, &dir.join(format!("{stem}.csv")))?;
    write_seeds(dir, stem, results)?;
    // Seed-mean steady velocity, temperature and surface-energy profiles per case (Fig. 8).
    let mut prof = CsvTable::new(&["case_x", "z", "vx_over_V", "temperature_K", "eta_J_m2"]);
    let mut vel = LinePlot::new(
        format!("steady v_x/V profiles ({x_label})"),
        "v_x / V",
        "z = y / thickness",
    );
    let mut tem = LinePlot::new(
        format!("steady temperature profiles ({x_label})"),
        "T [K]",
        "z = y / thickness",
    );
    // η profiles only for cases with an η(T) law (constant-γ cases have NaN η).
    let eta_axes = || {
        LinePlot::new(
            format!("steady surface energy η profiles ({x_label})"),
            "η [J/m²]",
            "z = y / thickness",
        )
    };
    let mut eta_plot: Option<LinePlot> = None;
    for r in results {
        let n = r.outcomes.len() as f64;
        let bins = r.outcomes[0].profiles.z.len();
        let mean = |f: &dyn Fn(&ShearOutcome, usize) -> f64, k: usize| {
            r.outcomes.iter().map(|o| f(o, k)).sum::<f64>() / n
        };
        let z = &r.outcomes[0].profiles.z;
        let v: Vec<f64> = (0..bins)
            .map(|k| mean(&|o, k| o.profiles.velocity[k], k))
            .collect();
        let t: Vec<f64> = (0..bins)
            .map(|k| mean(&|o, k| o.profiles.temperature[k], k))
            .collect();
        let eta: Vec<f64> = (0..bins)
            .map(|k| mean(&|o, k| o.profiles.eta[k], k))
            .collect();
        for k in 0..bins {
            prof.push(&[r.case.x, z[k], v[k], t[k], eta[k]]);
        }
        vel = vel.series(Series::line(
            r.case.label.clone(),
            v.iter().copied().zip(z.iter().copied()).collect(),
        ));
        tem = tem.series(Series::line(
            r.case.label.clone(),
            t.iter().copied().zip(z.iter().copied()).collect(),
        ));
        if eta.iter().all(|e| e.is_finite()) {
            eta_plot = Some(eta_plot.unwrap_or_else(eta_axes).series(Series::line(
                r.case.label.clone(),
                eta.iter().copied().zip(z.iter().copied()).collect(),
            )));
        }
    }
    write_csv(&prof, &dir.join(format!("{stem}_profiles.csv")))?;
    let pts: Vec<(f64, f64)> = results.iter().map(|r| (r.case.x, r.mu.mean)).collect();
    let ci: Vec<[f64; 2]> = results.iter().map(|r| [r.mu.lo, r.mu.hi]).collect();
    LinePlot::new(
        format!("μ_3b vs {x_label} (bars: 95 % CI over seeds)"),
        x_label,
        "μ_3b",
    )
    // A friction coefficient is ≥ 0.
    .y_bounds(0.0, f64::INFINITY)
    .series(Series::points("μ_3b", pts).with_interval(ci))
    .write(&dir.join(stem))?;
    vel.write(&dir.join(format!("{stem}_velocity_profiles")))?;
    tem.write(&dir.join(format!("{stem}_temperature_profiles")))?;
    if let Some(p) = eta_plot {
        p.write(&dir.join(format!("{stem}_eta_profiles")))?;
    }
    Ok(())
}

/// Writes `stem_seeds.csv`: one row per case and seed (the realisations behind every CI, for
/// pairing and re-analysis).
fn write_seeds(dir: &Path, stem: &str, results: &[ShearCaseResult]) -> Result<()> {
    let mut t = CsvTable::new(&[
        "case",
        "x",
        "seed",
        "mu",
        "band_width_d",
        "half_speed_height",
        "inertial_number",
        "bulk_inertial_number",
        "mean_eta_J_m2",
        "t_max_end_K",
        "mean_sweeps",
        "not_converged_steps",
    ]);
    for (k, r) in results.iter().enumerate() {
        for (seed, o) in r.seeds.iter().zip(&r.outcomes) {
            t.push(&[
                k as f64,
                r.case.x,
                *seed as f64,
                o.mu,
                o.band_width,
                o.half_speed_height,
                o.inertial_number,
                o.bulk_inertial_number,
                o.mean_surface_energy,
                o.history.last().map_or(f64::NAN, |h| h.t_max),
                o.stats.mean_iterations(),
                o.stats.not_converged as f64,
            ]);
        }
    }
    write_csv(&t, &dir.join(format!("{stem}_seeds.csv")))?;
    Ok(())
}

/// Writes `stem.csv` with the paired differences of two studies (one row per case).
///
/// # Errors
///
/// [`ThirdBodyError::Io`] when `dir` or the CSV cannot be written.
pub fn write_paired(dir: &Path, stem: &str, paired: &[PairedCase]) -> Result<()> {
    create_dir(dir)?;
    let mut t = CsvTable::new(&[
        "x_a",
        "x_b",
        "pairs",
        "d_mu",
        "d_mu_lo",
        "d_mu_hi",
        "d_band_d",
        "d_band_lo",
        "d_band_hi",
        "d_half_speed_height",
        "d_half_speed_lo",
        "d_half_speed_hi",
    ]);
    for p in paired {
        let (m, b, z) = (p.mu, p.band, p.half_speed_height);
        t.push(&[
            p.x[0], p.x[1], m.n as f64, m.mean, m.lo, m.hi, b.mean, b.lo, b.hi, z.mean, z.lo, z.hi,
        ]);
    }
    write_csv(&t, &dir.join(format!("{stem}.csv")))?;
    Ok(())
}

/// Creates the output folder `dir` (and its parents).
fn create_dir(dir: &Path) -> Result<()> {
    std::fs::create_dir_all(dir).map_err(|e| ThirdBodyError::io("creating", dir, e))
}

/// Writes `table` atomically to `path`.
fn write_csv(table: &CsvTable, path: &Path) -> Result<()> {
    table
        .write(path)
        .map_err(|e| ThirdBodyError::io("writing", path, e))
}
