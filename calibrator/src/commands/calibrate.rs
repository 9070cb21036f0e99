//! `tribo calibrate`: the main job. Until the calibration pipeline lands (issue 7) it writes
//! `tables.bin` from the documented seed-000 defaults (`Table::seed000_defaults`), flagged as
//! such in the table, in the output and in the report's summary.

use std::path::PathBuf;

use anyhow::Context;

use crate::table::{assemble, describe::DEFAULTS_BANNER, io, report};

pub use crate::presets::Preset;

/// Arguments of `tribo calibrate`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Output folder: `tables.bin` and `report/` go there.
    #[arg(long, default_value = "out")]
    pub out: PathBuf,
    /// Calibration preset.
    #[arg(long, value_enum, default_value_t = Preset::Quick)]
    pub preset: Preset,
    /// RNG seed (results are reproducible for a seed and thread count).
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
}

/// What `tribo calibrate` wrote.
#[derive(Debug, Clone)]
pub struct Outcome {
    /// The table file.
    pub table_path: PathBuf,
    /// Its size in bytes.
    pub table_bytes: usize,
    /// The report files.
    pub report_files: Vec<PathBuf>,
}

/// Runs `tribo calibrate` and returns what it wrote (the library entry point).
pub fn calibrate(args: &Args) -> anyhow::Result<Outcome> {
    let table = assemble::defaults_table(args.preset.name(), args.seed)
        .context("assembling the default table")?;
    let table_path = args.out.join("tables.bin");
    let table_bytes = io::write_table(&table_path, &table)?;
    let report_files =
        report::write_report(&table, &table_path, table_bytes, &args.out.join("report"))
            .context("writing the report")?;
    Ok(Outcome {
        table_path,
        table_bytes,
        report_files,
    })
}

/// Runs `tribo calibrate`.
pub fn run(args: Args) -> anyhow::Result<()> {
    eprintln!("WARNING: {DEFAULTS_BANNER}");
    let out = calibrate(&args)?;
    println!(
        "wrote {} ({} bytes, preset {}, seed {}) — DOCUMENTED DEFAULTS, NOT A CALIBRATION",
        out.table_path.display(),
        out.table_bytes,
        args.preset.name(),
        args.seed
    );
    println!(
        "report: {} files in {}",
        out.report_files.len(),
        args.out.join("report").display()
    );
    eprintln!("WARNING: tables.bin holds documented default parameters, not calibrated values.");
    Ok(())
}
