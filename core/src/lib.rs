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
#![deny(clippy::std_instead_of_core)]
// No panicking shortcuts outside tests. `clippy::indexing_slicing` (issue 18) is not denied
// yet: 94 index sites remain, most in the bar's explicit loop (`bar.rs`) and `interp.rs`.
#![cfg_attr(
    not(test),
    deny(clippy::unwrap_used, clippy::expect_used, clippy::panic)
)]

pub mod alpha;
pub mod bar;
pub mod cof_field;
pub mod coulomb;
pub mod error;
pub mod interp;
pub mod law;
pub mod presliding;
pub mod real;
pub mod seed000;
pub mod table;
pub mod third_body_floor;
pub mod transport;
pub mod wear_law;

pub use error::Error;
pub use table::{MAX_TABLE_BYTES, Table};
