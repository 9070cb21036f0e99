//! Inspection of a calibration table file (`tribo inspect`): validate, describe as text or
//! JSON, and optionally write the table's report.

use std::path::Path;

use super::error::{PipelineError, Result, io_at};
use crate::table::{describe::describe, io, json::table_json, report};

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
    // The file's own format (a format-2 file says 2), not the one this core writes.
    let version = tribo_core::table::Table::file_format_version(&bytes).ok();
    if let Some(dir) = report_dir {
        report::write_report(&table, file, bytes.len(), dir).map_err(|source| {
            PipelineError::TableReport {
                dir: dir.to_path_buf(),
                source,
            }
        })?;
    }
    match format {
        InspectFormat::Json => table_json(&table, version).map_err(|source| PipelineError::Table {
            stage: "writing the table as JSON",
            source: crate::table::TableError::Json(source),
        }),
        InspectFormat::Text => {
            let current = tribo_core::table::FORMAT_VERSION;
            let read_as = match version {
                Some(v) if v < current => format!(" (read as format {current})"),
                _ => String::new(),
            };
            Ok(format!(
                "{}: valid tribo table, {} bytes, format version {}{read_as}\n\n{}",
                file.display(),
                bytes.len(),
                version.map_or("?".to_owned(), |v| v.to_string()),
                describe(&table)
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The checked-in goldens of every format (`core/tests/golden/`).
    fn golden(name: &str) -> std::path::PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../core/tests/golden")
            .join(name)
    }

    #[test]
    fn inspect_prints_the_files_format_and_what_an_old_table_does_at_saturation() {
        let text = inspect(&golden("format2-filled.bin"), InspectFormat::Text, None).unwrap();
        assert!(
            text.contains("format version 2 (read as format 4)"),
            "{text}"
        );
        assert!(
            text.contains(crate::table::describe::MU_REACHES_ZERO),
            "{text}"
        );
        assert!(text.contains("systematic budget: none"), "{text}");
        let text = inspect(&golden("format3-filled.bin"), InspectFormat::Text, None).unwrap();
        assert!(
            text.contains("format version 3 (read as format 4)"),
            "{text}"
        );
        let text = inspect(&golden("format4-filled.bin"), InspectFormat::Text, None).unwrap();
        assert!(text.contains("format version 4\n"), "{text}");
        assert!(text.contains("dominant systematic term"), "{text}");
        let json = inspect(&golden("format2-filled.bin"), InspectFormat::Json, None).unwrap();
        assert!(json.contains("\"file_format_version\": 2"), "{json}");
    }
}
