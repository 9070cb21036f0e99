//! `tribo inspect FILE [--json] [--report DIR]`: validates a calibration table and prints it
//! as text or JSON, optionally with the report plots.

use std::path::PathBuf;

use anyhow::Context;

use crate::table::{describe::describe, io, report};

/// Arguments of `tribo inspect`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The table file (`tables.bin`).
    pub file: PathBuf,
    /// Print the table as JSON instead of text.
    #[arg(long)]
    pub json: bool,
    /// Also write the report (CSV, plots, summary) of the table into this folder.
    #[arg(long, value_name = "DIR")]
    pub report: Option<PathBuf>,
}

/// The text (or JSON) `tribo inspect` prints for `args.file`; writes the report if asked.
pub fn inspect(args: &Args) -> anyhow::Result<String> {
    let bytes =
        std::fs::read(&args.file).with_context(|| format!("reading {}", args.file.display()))?;
    let table = io::decode_table(&bytes, &args.file)?;
    if let Some(dir) = &args.report {
        report::write_report(&table, &args.file, bytes.len(), dir)
            .with_context(|| format!("writing the report into {}", dir.display()))?;
    }
    if args.json {
        let mut s = serde_json::to_string_pretty(&table).context("table as JSON")?;
        s.push('\n');
        Ok(s)
    } else {
        Ok(format!(
            "{}: valid tribo table, {} bytes, format version {}\n\n{}",
            args.file.display(),
            bytes.len(),
            tribo_core::table::FORMAT_VERSION,
            describe(&table)
        ))
    }
}

/// Runs `tribo inspect`.
pub fn run(args: Args) -> anyhow::Result<()> {
    print!("{}", inspect(&args)?);
    Ok(())
}
