//! The least-squares fit of τ0 and ζ (and optionally the Archard K) to measured steady
//! strip-draw μ̄ (seed 000 §7), behind `tribo fit strip-draw`: 95 % confidence intervals, a
//! measured-vs-predicted plot, and the fitted values written into a table (from `table_in`,
//! default the documented seed-000 defaults). Data format:
//! [`crate::strip_draw::fit::data`].

use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};

use super::error::{PipelineError, Result, io_at};

use crate::numerics::least_squares::LsqOptions;
use crate::pipeline::strip_draw::BarNumerics;
use crate::strip_draw::fit::{
    FitOptions, StripFit, StripParams, apply_to_table, data, fit_strip_draw_observed,
};
use crate::strip_draw::model::StripModel;
use crate::studies::strip_draw::report::write_fit_report;
use crate::table::describe::{DEFAULTS_BANNER, fitted_banner};
use crate::table::io::{read_table, write_table};
use tribo_core::table::ValueOrigin;

/// Inputs of the strip-draw fit.
#[derive(Debug, Clone)]
pub struct FitStripDrawConfig {
    /// Measured data: CSV with columns tool_length_m, pressure_pa, mu_bar \[, pass\] (or the
    /// unit in the column name: tool_length_mm, pressure_MPa).
    pub data: PathBuf,
    /// Table whose other values (κ, E*, h'_rms, α(v), H, h_p) the model uses (None: the
    /// documented seed-000 defaults — NOT a calibration).
    pub table_in: Option<PathBuf>,
    /// Where to write the table with the fitted values (None: `<out>/tables.bin`).
    pub table_out: Option<PathBuf>,
    /// Report folder.
    pub out: PathBuf,
    /// Fit the Archard coefficient K too.
    pub fit_k: bool,
    /// Fit the friction μ_p of the particle-borne area too.
    pub fit_particle_friction: bool,
    /// Start (or fixed) value of μ_p (None: the table's).
    pub particle_friction: Option<f64>,
    /// Profile-likelihood intervals.
    pub profile: bool,
    /// Start value of τ0 \[Pa\] (None: the table's).
    pub tau0: Option<f64>,
    /// Start value of ζ (None: the table's).
    pub zeta: Option<f64>,
    /// Start (or fixed) value of K (None: the table's).
    pub archard_k: Option<f64>,
    /// Slide, averaging window, element size and time step of the predicted passes.
    pub numerics: BarNumerics,
    /// Largest number of Levenberg–Marquardt iterations.
    pub max_iterations: usize,
}

/// What the strip-draw fit produced.
#[derive(Debug, Clone)]
pub struct FitStripDrawOutcome {
    /// The fit (values, CIs, residual).
    pub fit: StripFit,
    /// The table with the fitted values.
    pub table_out: PathBuf,
    /// Its size \[bytes\].
    pub table_bytes: usize,
    /// The report files written.
    pub files: Vec<PathBuf>,
}

/// Fits τ0 and ζ (with `fit_k` also K) to the measured μ̄ of `args.data`, writes the table with
/// the fitted values and the fit report, and the log (start line, fitted values, residual)
/// into `log`.
pub fn fit_strip_draw(
    args: &FitStripDrawConfig,
    log: &mut dyn Write,
) -> Result<FitStripDrawOutcome> {
    let measured = data::read(&args.data)?;
    let conditions = |m: &data::Measurement| (m.tool_length.to_bits(), m.pressure.to_bits());
    crate::validate::flags::check_fit_data(&args.data, measured.iter().map(conditions))?;
    let (mut table, defaults) = match &args.table_in {
        Some(p) => (read_table(p)?, false),
        None => (tribo_core::table::Table::seed000_defaults(), true),
    };
    if defaults {
        crate::errln!(
            "WARNING: no --table: the fit starts from documented defaults; κ, E*, h'_rms, α(v), H \
             and h_p stay the {DEFAULTS_BANNER}"
        );
    }
    let model = StripModel::from_table(&table)?;
    let settings = args.numerics.settings()?;
    let options = FitOptions {
        start: StripParams {
            tau0: args.tau0.unwrap_or(f64::from(table.law.tau0)),
            zeta: args.zeta.unwrap_or(f64::from(table.transport.zeta)),
            archard_k: args
                .archard_k
                .unwrap_or(f64::from(table.transport.archard_k)),
            particle_friction: args
                .particle_friction
                .or(model.law.particle_friction().map(f64::from)),
        },
        fit_k: args.fit_k,
        fit_particle_friction: args.fit_particle_friction,
        profile: args.profile,
        settings,
        lsq: LsqOptions {
            max_iterations: args.max_iterations,
            ..LsqOptions::default()
        },
    };
    let groups = {
        let mut g: Vec<(u64, u64)> = measured
            .iter()
            .map(|m| (m.tool_length.to_bits(), m.pressure.to_bits()))
            .collect();
        g.sort_unstable();
        g.dedup();
        g.len()
    };
    let fitted = [
        Some("τ0"),
        Some("ζ"),
        args.fit_k.then_some("K"),
        args.fit_particle_friction.then_some("μ_p"),
    ];
    let fitted: Vec<&str> = fitted.into_iter().flatten().collect();
    writeln!(
        log,
        "fitting {} to {} points ({groups} tool/pressure runs per model evaluation{})",
        fitted.join(", "),
        measured.len(),
        if args.profile {
            "; profile-likelihood intervals"
        } else {
            ""
        }
    )
    .map_err(PipelineError::Log)?;
    let p = fitted.len();
    let pb = crate::progress::bar((args.max_iterations * (2 * p + 1)) as u64, "model runs");
    let counter = AtomicUsize::new(0);
    let fit = fit_strip_draw_observed(&model, &measured, &options, || {
        counter.fetch_add(1, Ordering::Relaxed);
        pb.inc(1);
    });
    crate::progress::finish(&pb);
    let fit = fit?;
    for v in &fit.values {
        writeln!(
            log,
            "{:>17} = {:.5e} ± {:.2e} (95 % {} CI [{:.5e}{}, {:.5e}{}]; linearised [{:.5e}, {:.5e}])",
            v.name,
            v.value,
            v.std_error,
            v.ci_method,
            v.ci_low,
            if v.at_bound[0] { " (bound)" } else { "" },
            v.ci_high,
            if v.at_bound[1] { " (bound)" } else { "" },
            v.linear_ci[0],
            v.linear_ci[1]
        )
        .map_err(PipelineError::Log)?;
    }
    writeln!(
        log,
        "residual RMS {:.3e} over {} points ({} dof), {} iterations, {} model evaluations",
        fit.rms,
        measured.len(),
        fit.dof,
        fit.iterations,
        counter.load(Ordering::Relaxed)
    )
    .map_err(PipelineError::Log)?;
    apply_to_table(&mut table, &fit, args.fit_k, measured.len())?;
    // Provenance: what the table now is, and which data file it was fitted to.
    let data_bytes = std::fs::read(&args.data).map_err(|source| PipelineError::HashInput {
        key: "--data",
        path: args.data.clone(),
        source,
    })?;
    let data_hash = crate::pipeline::run_record::fnv1a(&data_bytes);
    table.provenance.origin = match table.provenance.origin {
        ValueOrigin::Calibrated | ValueOrigin::FittedOnCalibrated => {
            ValueOrigin::FittedOnCalibrated
        }
        ValueOrigin::DocumentedDefaults | ValueOrigin::FittedOnDefaults => {
            ValueOrigin::FittedOnDefaults
        }
    };
    table.provenance.config_hash = data_hash;
    if args.fit_particle_friction
        && let Some(section) = table.particle_shear.as_mut()
    {
        section.provenance.config_hash = data_hash;
    }
    if let Some(banner) = fitted_banner(table.provenance.origin, data_hash) {
        crate::errln!("{banner}");
    }
    let table_out = args
        .table_out
        .clone()
        .unwrap_or_else(|| args.out.join("tables.bin"));
    if let Some(dir) = table_out.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(io_at("creating", dir))?;
    }
    let bytes = write_table(&table_out, &table)?;
    let files =
        write_fit_report(&measured, &fit, &args.out).map_err(|source| PipelineError::ReportIn {
            stage: "writing the fit report",
            source,
        })?;
    writeln!(
        log,
        "wrote {} ({bytes} bytes) and {} report files in {}",
        table_out.display(),
        files.len(),
        args.out.display()
    )
    .map_err(PipelineError::Log)?;
    Ok(FitStripDrawOutcome {
        fit,
        table_out,
        table_bytes: bytes,
        files,
    })
}
