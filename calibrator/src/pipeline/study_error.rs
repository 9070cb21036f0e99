//! Why `tribo study sensitivity` fails ([`StudyError`]): one enum for the run
//! ([`super::study_sensitivity`]) and every output writer (`study_outputs`, `study_table`,
//! `study_budget`, `study_fig15`, `study_mechanism`), in a file of its own so that the writers
//! do not import the runner that calls them.

use super::error::PipelineError;
use crate::studies::sensitivity::paired::PairError;
use crate::studies::sensitivity::plan::PlanError;

/// Why a study fails.
#[derive(Debug, thiserror::Error)]
pub enum StudyError {
    /// The plan is refused.
    #[error(transparent)]
    Plan(#[from] PlanError),
    /// A case, a case file or an output failed.
    #[error(transparent)]
    Pipeline(#[from] PipelineError),
    /// `--case` beyond the list.
    #[error("--case {index} is beyond the study's {cases} cases (0 … {})", cases.saturating_sub(1))]
    CaseOutOfRange {
        /// The index asked for.
        index: usize,
        /// Cases in the study.
        cases: usize,
    },
    /// Two levels cannot be compared.
    #[error("{what}: {source}")]
    Pair {
        /// The comparison (`factor=level at v m/s`).
        what: String,
        /// Why.
        source: PairError,
    },
}
