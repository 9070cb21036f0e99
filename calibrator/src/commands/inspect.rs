//! `tribo inspect --table FILE [--json] [--out DIR]`: validates a calibration table and prints it
//! as text or JSON, optionally with the report plots.

use std::path::PathBuf;

use crate::pipeline::inspect::{InspectFormat, inspect};

/// Arguments of `tribo inspect`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Figures on or off.
    #[command(flatten)]
    pub plots: super::run_options::Plots,
    /// The table file (`tables.bin`), as on every command that reads one.
    #[arg(long, value_name = "FILE", required_unless_present = "file")]
    pub table: Option<PathBuf>,
    /// The table file, positional (the spelling before `--table`; still accepted, with a
    /// warning).
    #[arg(value_name = "FILE", conflicts_with = "table", hide = true)]
    pub file: Option<PathBuf>,
    /// Print the table as JSON instead of text.
    #[arg(long)]
    pub json: bool,
    /// Also write the report (CSV, plots, summary) of the table into this folder (`--report`
    /// before issue 45).
    #[arg(long, value_name = "DIR", alias = "report")]
    pub out: Option<PathBuf>,
}

/// Runs `tribo inspect`.
pub fn run(args: Args) -> anyhow::Result<()> {
    let format = if args.json {
        InspectFormat::Json
    } else {
        InspectFormat::Text
    };
    let Some(table) = args.table.as_deref().or(args.file.as_deref()) else {
        anyhow::bail!("name the table: tribo inspect --table FILE");
    };
    if let Some(file) = &args.file {
        // The old spelling (a positional table), still accepted with a warning, as every
        // accepted old flag (`crate::renamed_flags`).
        tribo_calibrator::errln!(
            "warning: `tribo inspect {}` is an old spelling (still accepted): use `tribo inspect --table {}`",
            file.display(),
            file.display()
        );
    }
    tribo_calibrator::out!("{}", inspect(table, format, args.out.as_deref())?);
    Ok(())
}
