//! The one error type of the third-body studies (issue 18: typed errors in library code,
//! `anyhow` only in the binary): the NSCD shear cell's arguments, its report files, the table
//! section and the energy check of `tribo third-body validate`.

use std::io;
use std::path::PathBuf;

use thiserror::Error;

use crate::report::ReportError;
use crate::table::io::TableIoError;

/// What can go wrong in a third-body study.
#[derive(Debug, Error)]
pub enum ThirdBodyError {
    /// An argument outside its domain: its name, the value given and the rule it breaks.
    #[error("{name} = {value} is not allowed: {rule}")]
    BadArgument {
        /// The argument (`--seeds`, `--relaxation`, …).
        name: &'static str,
        /// The value given (counts are exact in an f64).
        value: f64,
        /// The rule it breaks.
        rule: &'static str,
    },
    /// A run past the work or memory budget ([`crate::validate::work`],
    /// [`crate::validate::budget`]; the message names the flag, its value and the budget).
    #[error(transparent)]
    Work(#[from] crate::validate::ConfigError),
    /// `--into-table` given to an action or sweep that puts no section into a table.
    #[error(
        "--into-table {}: this action puts no section into a table (only `sweep --kind \
         temperature` and `sweep --kind lubricated` do)",
        path.display()
    )]
    IntoTableUnused {
        /// The table given.
        path: std::path::PathBuf,
    },
    /// A figure or CSV of the report.
    #[error(transparent)]
    Report(#[from] ReportError),
    /// A file or folder that could not be created, read or written (the one file error).
    #[error(transparent)]
    Io(#[from] crate::io::FileError),
    /// The progress log (standard output) could not be written.
    #[error("writing the third-body log: {0}")]
    Log(#[source] io::Error),
    /// Reading or writing the calibration table that receives the section.
    #[error(transparent)]
    Table(#[from] TableIoError),
    /// The section was not put into the table (another material pair, invalid, I/O).
    #[error(transparent)]
    Merge(#[from] crate::table::merge::MergeError),
    /// More μ_3b(T) samples than the table's section holds.
    #[error("{count} μ_3b(T) samples exceed the table's {capacity}")]
    TooManySamples {
        /// Samples given.
        count: usize,
        /// The section's capacity.
        capacity: usize,
    },
    /// The section or the table with it fails the core's validation.
    #[error("{what} does not validate: {source}")]
    Section {
        /// "the third-body section" or "the table with the third-body section".
        what: &'static str,
        /// The core's reason.
        #[source]
        source: tribo_core::Error,
    },
    /// The section could not be serialised to JSON.
    #[error("serialising the third-body section: {0}")]
    Json(#[from] serde_json::Error),
    /// The per-step energy balance of Eq. 8–11 failed in `validate`.
    #[error(
        "energy balance violated: worst relative imbalance {worst:e} exceeds the bound {bound:e}"
    )]
    EnergyBalance {
        /// Worst |heat − (W_ext + W_walls − ΔKE)| / scale over the steps.
        worst: f64,
        /// The allowed relative imbalance (round-off).
        bound: f64,
    },
}

impl ThirdBodyError {
    /// An I/O error while `action` on `path`.
    pub fn io(action: &'static str, path: impl Into<PathBuf>, source: io::Error) -> Self {
        Self::Io(crate::io::FileError::new(action, path, source))
    }

    /// `name` = `value` breaks `rule`.
    pub fn bad(name: &'static str, value: f64, rule: &'static str) -> Self {
        Self::BadArgument { name, value, rule }
    }
}

impl From<io::Error> for ThirdBodyError {
    /// A bare I/O error in this module is the log's (files carry their path through
    /// [`ThirdBodyError::io`]).
    fn from(e: io::Error) -> Self {
        Self::Log(e)
    }
}

/// Result of the third-body studies.
pub type Result<T, E = ThirdBodyError> = std::result::Result<T, E>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_name_the_argument_value_and_rule_and_the_path() {
        let e = ThirdBodyError::bad("--relaxation", 2.5, "ω must lie in (0, 2)");
        assert_eq!(
            e.to_string(),
            "--relaxation = 2.5 is not allowed: ω must lie in (0, 2)"
        );
        let e = ThirdBodyError::io("creating", "/x/out", io::Error::other("read-only"));
        assert_eq!(e.to_string(), "creating /x/out");
        assert_eq!(
            crate::error_chain::chain(&e),
            "creating /x/out: read-only",
            "the OS error is the source, printed once by the chain"
        );
    }
}
