//! # tribo-core
//!
//! The real-time half of tribo: evaluates, every control tick and without a heap, the local
//! friction coefficient of seed 000 (Alavi et al.) with the β-transport of third-body wear
//! particles and an elastic–perfectly-plastic Coulomb law, from a calibration table written by
//! the `tribo` calibrator.
//!
//! Every function is allocation-free and panic-free on any input (NaN, ∞, negative loads,
//! arbitrary table bytes): it returns a [`Result`] with [`Error`] or saturates, as documented.
//!
//! ## Feature flags
//!
//! The math backend of the hot path (`exp`, `ln`, `sqrt`, `powf` and the α(v) shape
//! 1 − e^(−x), see [`math`]) is chosen by exactly one of two features; enabling none or both
//! is a `compile_error!`:
//!
//! - **`libm`** (default): the libm crate's functions, accurate to about an ulp.
//! - **`micromath`**: micromath's fast approximations (`core/tests/micromath.rs` bounds the
//!   relative error of μ by 9 × 2.5e-3 for β ≤ 0.9·β_thres). Select it with `default-features = false,
//!   features = ["micromath"]`.
//!
//! The libm crate is linked under either backend for the special functions off the hot path
//! (`erf`, `expm1`).
//!
//! - **`defmt`** (optional): derives `defmt::Format` on [`Error`], so firmware logging with
//!   defmt can print it.
#![no_std]
#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![deny(clippy::std_instead_of_core)]
// No panicking shortcuts outside tests: no unwrap/expect/panic, and no `x[i]` or `x[a..b]`
// (bounds-checked `get`, iterators, `split_first`, fixed-size arrays instead).
#![cfg_attr(
    not(test),
    deny(
        clippy::unwrap_used,
        clippy::expect_used,
        clippy::panic,
        clippy::indexing_slicing
    )
)]
// Docs as a contract (issue 35): every public function that returns `Result` says which
// `Error` variants it returns and when; `# Panics` wherever one could remain.
#![warn(clippy::missing_errors_doc, clippy::missing_panics_doc)]

#[cfg(all(feature = "libm", feature = "micromath"))]
compile_error!(
    "tribo-core: the features `libm` and `micromath` are exclusive math backends; enable exactly \
     one (`micromath` needs `default-features = false`, and no dependent may enable `libm`)"
);
#[cfg(not(any(feature = "libm", feature = "micromath")))]
compile_error!(
    "tribo-core: no math backend; enable exactly one of the features `libm` (accurate, the \
     default) and `micromath` (fast approximations)"
);

pub mod alpha;
pub mod bar;
pub mod cof_field;
pub mod coulomb;
pub mod error;
pub mod interp;
pub mod law;
pub mod math;
pub mod presliding;
pub mod seed000;
pub mod table;
pub mod transport;
pub mod wear_law;

pub use error::Error;
pub use table::{MAX_TABLE_BYTES, Table};
