//! The run's `report/index.html` ([`crate::report::html`]): summary, table and figures on one
//! page, written last (after the figures it links).

use std::path::{Path, PathBuf};

use tribo_core::table::Table;

use super::error::Result;
use crate::report::figures;
use crate::report::html::{IndexPage, write_index};
use crate::table::describe::describe;

/// Writes `report/index.html` for `table` with the report folder's `summary.md`.
///
/// # Errors
///
/// [`PipelineError::Report`] when `report` cannot be listed or `index.html` cannot be written.
///
/// [`PipelineError::Report`]: crate::pipeline::error::PipelineError::Report
pub fn write(report: &Path, title: &str, table: &Table) -> Result<PathBuf> {
    let summary = std::fs::read_to_string(report.join("summary.md")).ok();
    let table_text = describe(table);
    Ok(write_index(
        report,
        &IndexPage {
            title,
            summary_markdown: summary.as_deref(),
            // summary.md holds the table's description already: shown once (issue 33).
            table_text: summary.is_none().then_some(table_text.as_str()),
            figures_disabled: !figures::enabled(),
        },
    )?)
}
