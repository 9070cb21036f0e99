//! `tribo fit`: fits of model parameters to measured data. Subcommands:
//!
//! - `tribo fit strip-draw --data measured.csv`: least-squares fit of τ0 and ζ (and with
//!   `--fit-k` the Archard K) to measured steady strip-draw μ̄ (seed 000 §7), with 95 %
//!   confidence intervals, a measured-vs-predicted plot, and the fitted values written into
//!   a table (`--table-in`, default the documented seed-000 defaults; `--table-out`). Data
//!   format (columns tool_length_mm, pressure_MPa, mu_bar, optional pass; units mm, MPa, -):
//!   [`crate::strip_draw::fit::data`]. Each model evaluation runs the core's bar for every
//!   (tool, pressure) of the data, so a paper-scale fit (140 mm slide) takes minutes;
//!   `--slide`, `--element-size` trade accuracy for time.

use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};

use anyhow::Context;

use crate::numerics::least_squares::LsqOptions;
use crate::strip_draw::fit::{
    FitOptions, StripParams, apply_to_table, data, fit_strip_draw_observed,
};
use crate::strip_draw::model::StripModel;
use crate::strip_draw::report::write_fit_report;
use crate::table::describe::{DEFAULTS_BANNER, fitted_banner};
use crate::table::io::{read_table, write_table};
use tribo_core::table::ValueOrigin;

/// Arguments of `tribo fit`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// What to fit.
    #[command(subcommand)]
    pub command: FitCommand,
}

/// The fits.
#[derive(Debug, clap::Subcommand)]
pub enum FitCommand {
    /// Fit τ0 and ζ (optionally K) to measured strip-draw μ̄.
    StripDraw(StripDrawArgs),
}

/// Arguments of `tribo fit strip-draw`.
#[derive(Debug, clap::Args)]
pub struct StripDrawArgs {
    /// Measured data: CSV with columns tool_length_mm, pressure_MPa, mu_bar [, pass].
    #[arg(long)]
    pub data: PathBuf,
    /// Table whose other values (κ, E*, h'_rms, α(v), H, h_p) the model uses (default: the
    /// documented seed-000 defaults — NOT a calibration).
    #[arg(long)]
    pub table_in: Option<PathBuf>,
    /// Where to write the table with the fitted values (default: <out>/tables.bin).
    #[arg(long)]
    pub table_out: Option<PathBuf>,
    /// Report folder.
    #[arg(long, default_value = "out/fit-strip-draw")]
    pub out: PathBuf,
    /// Fit the Archard coefficient K too.
    #[arg(long)]
    pub fit_k: bool,
    /// Start value of τ0 [Pa] (default: the table's).
    #[arg(long)]
    pub tau0: Option<f64>,
    /// Start value of ζ (default: the table's).
    #[arg(long)]
    pub zeta: Option<f64>,
    /// Start (or fixed) value of K (default: the table's).
    #[arg(long)]
    pub archard_k: Option<f64>,
    /// Slide, averaging window, element size and time step of the predicted passes.
    #[command(flatten)]
    pub numerics: super::strip_draw::BarNumerics,
    /// Largest number of Levenberg–Marquardt iterations.
    #[arg(long, default_value_t = 60)]
    pub max_iterations: usize,
}

/// Runs `tribo fit`.
pub fn run(args: Args) -> anyhow::Result<()> {
    match args.command {
        FitCommand::StripDraw(a) => strip_draw(a),
    }
}

fn strip_draw(args: StripDrawArgs) -> anyhow::Result<()> {
    let measured = data::read(&args.data)?;
    let (mut table, defaults) = match &args.table_in {
        Some(p) => (read_table(p)?, false),
        None => (tribo_core::table::Table::seed000_defaults(), true),
    };
    if defaults {
        eprintln!(
            "WARNING: no --table-in: the fit starts from documented defaults; κ, E*, h'_rms, α(v), H \
             and h_p stay the {DEFAULTS_BANNER}"
        );
    }
    let model = StripModel::from_table(&table)?;
    let settings = args.numerics.settings()?;
    let options = FitOptions {
        start: StripParams {
            tau0: args.tau0.unwrap_or(f64::from(table.law.tau0)),
            zeta: args
                .zeta
                .unwrap_or(f64::from(table.transport.tool_fraction)),
            archard_k: args
                .archard_k
                .unwrap_or(f64::from(table.transport.archard_k)),
        },
        fit_k: args.fit_k,
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
    println!(
        "fitting {} to {} points ({groups} tool/pressure runs per model evaluation)",
        if args.fit_k { "τ0, ζ, K" } else { "τ0, ζ" },
        measured.len()
    );
    let p = if args.fit_k { 3 } else { 2 };
    let pb = crate::progress::bar((args.max_iterations * (2 * p + 1)) as u64, "model runs");
    let counter = AtomicUsize::new(0);
    let fit = fit_strip_draw_observed(&model, &measured, &options, || {
        counter.fetch_add(1, Ordering::Relaxed);
        pb.inc(1);
    });
    pb.finish_and_clear();
    let fit = fit?;
    for v in &fit.values {
        println!(
            "{:>10} = {:.5e} ± {:.2e} (95 % CI [{:.5e}, {:.5e}])",
            v.name, v.value, v.std_error, v.ci_low, v.ci_high
        );
    }
    println!(
        "residual RMS {:.3e} over {} points ({} dof), {} iterations, {} model evaluations",
        fit.rms,
        measured.len(),
        fit.dof,
        fit.iterations,
        counter.load(Ordering::Relaxed)
    );
    apply_to_table(&mut table, &fit, args.fit_k)?;
    // Provenance: what the table now is, and which data file it was fitted to.
    let data_bytes = std::fs::read(&args.data)
        .with_context(|| format!("reading {} for its hash", args.data.display()))?;
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
    if let Some(banner) = fitted_banner(table.provenance.origin, data_hash) {
        eprintln!("{banner}");
    }
    let table_out = args
        .table_out
        .clone()
        .unwrap_or_else(|| args.out.join("tables.bin"));
    if let Some(dir) = table_out.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    }
    let bytes = write_table(&table_out, &table)?;
    let files = write_fit_report(&measured, &fit, &args.out).context("writing the fit report")?;
    println!(
        "wrote {} ({bytes} bytes) and {} report files in {}",
        table_out.display(),
        files.len(),
        args.out.display()
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::strip_draw::NumericSettings;
    use crate::strip_draw::fit::{Measurement, predict};
    use clap::Parser;

    #[derive(Debug, Parser)]
    struct Cli {
        #[command(flatten)]
        args: Args,
    }

    /// `tribo fit strip-draw` end to end on noise-free synthetic data (τ0 = 1.3 GPa,
    /// ζ = 0.3, K the table's): the written table carries the values back.
    #[test]
    fn fit_command_writes_a_table_with_the_fitted_values_and_the_report() {
        let dir = tempfile::tempdir().unwrap();
        let model = StripModel::seed_000_defaults().unwrap();
        let settings = NumericSettings {
            slide: 0.010,
            window: 0.003,
            element_length: 1.0e-3,
            ..NumericSettings::seed_000()
        };
        let truth = StripParams {
            tau0: 1.3e9,
            zeta: 0.3,
            archard_k: 1.0e-4,
        };
        let mut data = Vec::new();
        for tool in [5.0, 10.0] {
            for p in [10.0, 20.0, 30.0] {
                data.push(Measurement {
                    tool_length: tool * 1e-3,
                    pressure: p * 1e6,
                    mu_bar: 0.0,
                    pass: 1,
                    line: 0,
                });
            }
        }
        let mu = predict(&model, &truth, &data, &settings).unwrap();
        let mut csv = String::from("# synthetic\ntool_length_mm,pressure_MPa,mu_bar\n");
        for (m, mu) in data.iter().zip(mu) {
            csv += &format!("{},{},{mu}\n", m.tool_length * 1e3, m.pressure * 1e-6);
        }
        let data_path = dir.path().join("measured.csv");
        std::fs::write(&data_path, csv).unwrap();
        let out = dir.path().join("fit");
        let table_out = dir.path().join("fitted.bin");
        let argv = [
            "fit",
            "strip-draw",
            "--data",
            data_path.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
            "--table-out",
            table_out.to_str().unwrap(),
            "--slide",
            "10",
            "--window",
            "3",
            "--element-size",
            "1",
        ];
        run(Cli::try_parse_from(argv).unwrap().args).unwrap();
        let t = read_table(&table_out).unwrap();
        assert!(
            (f64::from(t.law.tau0) - 1.3e9).abs() < 1e-4 * 1.3e9,
            "{}",
            t.law.tau0
        );
        assert!((f64::from(t.transport.tool_fraction) - 0.3).abs() < 1e-3);
        for f in [
            "fit_parameters.csv",
            "fit_points.csv",
            "fit_measured_vs_predicted.png",
        ] {
            assert!(out.join(f).exists(), "{f} missing");
        }
        // A malformed file is refused with its name, line and column.
        std::fs::write(&data_path, "tool_length_mm,pressure_MPa,mu_bar\n35,x,0.1\n").unwrap();
        let e = run(Cli::try_parse_from(argv).unwrap().args).unwrap_err();
        let msg = format!("{e:#}");
        assert!(
            msg.contains("measured.csv") && msg.contains("line 2, column 2"),
            "{msg}"
        );
    }
}
