//! `tribo inspect FILE [--json] [--report DIR]`: validates a calibration table and prints it
//! as text or JSON, optionally with the report plots.

use std::path::PathBuf;

use crate::pipeline::inspect::{InspectFormat, inspect};

/// Arguments of `tribo inspect`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Figures on or off.
    #[command(flatten)]
    pub plots: super::run_options::Plots,
    /// The table file (`tables.bin`).
    pub file: PathBuf,
    /// Print the table as JSON instead of text.
    #[arg(long)]
    pub json: bool,
    /// Also write the report (CSV, plots, summary) of the table into this folder.
    #[arg(long, value_name = "DIR")]
    pub report: Option<PathBuf>,
}

/// Runs `tribo inspect`.
pub fn run(args: Args) -> anyhow::Result<()> {
    let format = if args.json {
        InspectFormat::Json
    } else {
        InspectFormat::Text
    };
    tribo_calibrator::out!("{}", inspect(&args.file, format, args.report.as_deref())?);
    Ok(())
}
