//! # tribo-core
//!
//! The real-time half of tribo: evaluates, every control tick and without a heap, the local
//! friction coefficient of seed 000 (Alavi et al.) with the β-transport of third-body wear
//! particles and an elastic–perfectly-plastic Coulomb law, from a calibration table written by
//! the `tribo` calibrator.
//!
//! Every function is allocation-free and panic-free on any input (NaN, ∞, negative loads,
//! arbitrary table bytes): it returns a [`Result`] with [`Error`] or saturates, as documented.
#![no_std]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod alpha;
pub mod bar;
pub mod cof_field;
pub mod coulomb;
pub mod error;
pub mod interp;
pub mod law;
pub mod presliding;
pub mod real;
pub mod table;
pub mod third_body_floor;
pub mod transport;
pub mod wear_law;

pub use error::Error;
pub use table::{MAX_TABLE_BYTES, Table};
