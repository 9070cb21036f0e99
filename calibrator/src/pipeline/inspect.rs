//! Inspection of a calibration table file (`tribo inspect`): validate, describe as text or
//! JSON, and optionally write the table's report.

use std::path::Path;

use super::error::{PipelineError, Result, io_at};
use crate::table::{describe::describe, io, report};

/// How [`inspect`] prints a table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InspectFormat {
    /// The text description ([`describe`]) after a validity line.
    Text,
    /// The whole table as pretty JSON.
    Json,
}

/// Reads and validates the table in `file` and returns its description in `format`; writes the
/// table's report into `report_dir` if given. A corrupt, truncated or wrong-version file is an
/// error naming the file.
///
/// # Errors
///
/// [`PipelineError::Io`] when `file` cannot be read; [`PipelineError::TableIo`] when its bytes are
/// not a valid table (with the core's reason); [`PipelineError::TableReport`] when the report
/// cannot be written; [`PipelineError::Table`] if the JSON form fails.
pub fn inspect(file: &Path, format: InspectFormat, report_dir: Option<&Path>) -> Result<String> {
    let bytes = std::fs::read(file).map_err(io_at("reading", file))?;
    let table = io::decode_table(&bytes, file)?;
    if let Some(dir) = report_dir {
        report::write_report(&table, file, bytes.len(), dir).map_err(|source| {
            PipelineError::TableReport {
                dir: dir.to_path_buf(),
                source,
            }
        })?;
    }
    match format {
        InspectFormat::Json => {
            let mut s =
                serde_json::to_string_pretty(&table).map_err(|source| PipelineError::Table {
                    stage: "writing the table as JSON",
                    source: crate::table::TableError::Json(source),
                })?;
            s.push('\n');
            Ok(s)
        }
        InspectFormat::Text => Ok(format!(
            "{}: valid tribo table, {} bytes, format version {}\n\n{}",
            file.display(),
            bytes.len(),
            tribo_core::table::FORMAT_VERSION,
            describe(&table)
        )),
    }
}
