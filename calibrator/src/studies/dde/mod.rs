//! Studies of the deformable discrete elements (seed 001, issue 16): the wear sweep
//! ([`wear_study`]: K per pressure with 95 % bootstrap CIs, the power law, the table's wear
//! section), the mesh dependence of K ([`k_mesh_study`], [`debris_scale`]), and the report
//! folders ([`report`], [`report_demos`], [`snapshot`]). Their one error type is
//! [`DdeError`]; the engines they drive are in [`crate::dde`].

pub mod debris_scale;
pub mod error;
pub mod k_mesh_study;
pub mod report;
pub mod report_demos;
pub mod snapshot;
pub mod wear_study;

pub use error::DdeError;

#[cfg(test)]
mod tests;
