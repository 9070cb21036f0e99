//! The sensitivity study of α and β_thres (issue 42; `tribo study sensitivity`): a plan of
//! factors and levels over shared cases ([`plan`]), and the paired statistics of the levels
//! against each factor's reference ([`paired`]). The runner, its case files and its outputs
//! are `pipeline::study_sensitivity`.

pub mod paired;
pub mod plan;
