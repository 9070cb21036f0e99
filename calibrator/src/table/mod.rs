//! Assembling, writing, reading and reporting the tribo-core calibration table
//! ([`tribo_core::table::Table`]).
//!
//! - [`assemble`]: a table from results (provenance, α samples with β_thres filled in, α's
//!   systematic budget as the uncertainty section).
//! - [`io`]: encode (with a decode-back check), atomic write, read with clear errors.
//! - [`merge`]: a separately computed section into a table file, refused for another material
//!   pair unless `--allow-foreign-material`.
//! - [`describe`]: a human-readable text description (used by `tribo inspect` and the
//!   report's summary), with α's statistical, systematic and total intervals.
//! - [`json`]: the table as JSON with those intervals (`inspect --json`, `table.json`).
//! - [`report`]: the report folder of a table: CSV + plots of α(v), β_thres(v) and μ(β) at a
//!   few velocities, and a one-page `summary.md`.

pub mod assemble;
pub mod describe;
pub mod io;
pub mod json;
pub mod merge;
pub mod report;
pub mod report_budget;

/// Errors of the table tools: assembling, encoding and reporting a table (reading and writing
/// its file: [`io::TableIoError`]).
#[derive(Debug, thiserror::Error)]
pub enum TableError {
    /// The core rejected the table or its bytes.
    #[error(transparent)]
    Core(#[from] tribo_core::Error),
    /// More samples than the table's capacity.
    #[error("{what}: {given} samples exceed the table's capacity of {capacity}")]
    TooManySamples {
        /// Which samples.
        what: &'static str,
        /// How many were given.
        given: usize,
        /// The capacity.
        capacity: usize,
    },
    /// α's systematic budget cannot go into the table.
    #[error(transparent)]
    Budget(#[from] crate::fit::systematic::BudgetError),
    /// Sample arrays of different lengths.
    #[error("{what}: sample arrays have different lengths")]
    LengthMismatch {
        /// Which samples.
        what: &'static str,
    },
    /// A text field longer than its capacity.
    #[error("{what} '{text}' is longer than {capacity} bytes")]
    TextTooLong {
        /// Which field.
        what: &'static str,
        /// The text.
        text: String,
        /// The capacity in bytes.
        capacity: usize,
    },
    /// The encoded bytes did not decode back to the same table (a format bug).
    #[error("the encoded table does not decode back to the same values")]
    RoundTrip,
    /// The table's friction law is not valid (its report cannot evaluate it).
    #[error("the table's friction law")]
    Law(#[source] tribo_core::Error),
    /// The table could not be dumped as JSON.
    #[error("table as JSON")]
    Json(#[source] serde_json::Error),
    /// A file or figure of the table's report (the message names it).
    #[error(transparent)]
    Report(#[from] crate::report::ReportError),
}
