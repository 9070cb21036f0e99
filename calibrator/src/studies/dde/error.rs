//! The one error type of `dde/` and of the fretting pipeline: a mesh that cannot be built, a
//! report that cannot be written, a file that cannot be created, a table that refuses the wear
//! section, or an argument outside its rule (with the value and the rule).

use std::path::PathBuf;

use crate::dde::mesh::MeshError;
use crate::report::ReportError;
use crate::table::io::TableIoError;

/// Why a seed 001 study could not run or report.
#[derive(Debug, thiserror::Error)]
pub enum DdeError {
    /// A body could not be meshed (polygon, spacing, triangulation).
    #[error("mesh: {0}")]
    Mesh(#[from] MeshError),
    /// A figure or report file failed (plotting, atomic write).
    #[error(transparent)]
    Report(#[from] ReportError),
    /// A file or folder that could not be created, read or written (the one file error).
    #[error(transparent)]
    Io(#[from] crate::io::FileError),
    /// A numeric argument outside its rule.
    #[error("{name} = {value} is invalid: {rule}")]
    InvalidValue {
        /// The argument (CLI flag or field).
        name: &'static str,
        /// Its value.
        value: f64,
        /// The rule it breaks.
        rule: &'static str,
    },
    /// A fracture threshold name that is not one of the known laws.
    #[error("--threshold `{name}` is unknown: it must be one of {known}")]
    UnknownThreshold {
        /// The name given.
        name: String,
        /// The accepted names.
        known: &'static str,
    },
    /// The wear section (or the table holding it) does not validate.
    #[error("{what} does not validate: {source}")]
    InvalidTable {
        /// "wear section" or "table with the wear section".
        what: &'static str,
        /// The core's reason.
        source: tribo_core::Error,
    },
    /// A provenance text does not fit its fixed-capacity field.
    #[error("provenance field {field} `{value}` is longer than its capacity")]
    ProvenanceTooLong {
        /// The field.
        field: &'static str,
        /// Its text.
        value: &'static str,
    },
    /// Reading or writing the calibration table failed.
    #[error(transparent)]
    Table(#[from] TableIoError),
    /// The wear section was not put into the table (another material pair, invalid, I/O).
    #[error(transparent)]
    Merge(#[from] crate::table::merge::MergeError),
    /// A flag outside its rule or past the work budget ([`crate::validate`]).
    #[error(transparent)]
    Config(Box<crate::validate::ConfigError>),
    /// The wear section could not be serialised to JSON.
    #[error("wear section to JSON: {0}")]
    Json(#[from] serde_json::Error),
    /// Writing the study's text log failed.
    #[error("writing the study log: {0}")]
    Log(#[source] std::io::Error),
}

impl DdeError {
    /// An I/O error while `action` on `path`.
    pub fn io(action: &'static str, path: impl Into<PathBuf>, source: std::io::Error) -> Self {
        Self::Io(crate::io::FileError::new(action, path, source))
    }

    /// `name = value` breaks `rule`.
    pub fn invalid(name: &'static str, value: f64, rule: &'static str) -> Self {
        Self::InvalidValue { name, value, rule }
    }
}

/// Result of `dde/` and `pipeline/dde.rs`.
pub type Result<T, E = DdeError> = std::result::Result<T, E>;

/// Writes a CSV table atomically, the path in the error.
pub(crate) fn write_csv(csv: &crate::report::CsvTable, path: &std::path::Path) -> Result<()> {
    csv.write(path)
        .map_err(|e| DdeError::io("writing", path.to_path_buf(), e))
}

/// Writes bytes atomically, the path in the error.
pub(crate) fn write_file(path: &std::path::Path, bytes: &[u8]) -> Result<()> {
    crate::report::write_atomic(path, bytes).map_err(|e| DdeError::io("writing", path, e))
}

/// Creates a report folder, the path in the error.
pub(crate) fn create_dir(out: &std::path::Path) -> Result<()> {
    std::fs::create_dir_all(out).map_err(|e| DdeError::io("creating", out, e))
}
