//! # tribo-core-ffi
//!
//! A C ABI over `tribo-core` for the user friction routines of FE forming codes (Abaqus
//! VFRIC/FRIC, LS-DYNA user friction): validate a calibration table into caller-owned storage,
//! evaluate μ(p, v, β) and β_thres(v), and advance one contact point by one increment
//! (β-transport source and saturation, μ, Coulomb law) with β and the elastic slip as the
//! routine's state variables. The header is `include/tribo.h` (cbindgen, checked in and
//! verified fresh by `tests/header.rs`), the Fortran 2003 module `include/tribo.f90` (kept in
//! step with it by `tests/fortran.rs`); the worked examples are `examples/c/vfric_stroke.c`
//! and `examples/fortran/vfric_stroke.f90`.
//!
//! **Call sequence** (one model per table and process, one state per contact point):
//!
//! ```text
//! TriboModel model;                                 // caller-owned, no allocation
//! tribo_model_init(&model, sizeof model, TRIBO_ABI_VERSION, bytes, len,
//!                  TRIBO_UNITS_MM_TONNE_S, k_s);    // once: handshake, table, units, bounds
//! TriboPointState s = {0};                          // per contact point: the state variables
//! per increment: TriboPointInput in = {dt, {ds1, ds2}, p, area};
//!                tribo_point_step(&model, &s, &in, &out);   // out.mu, out.force; s.beta
//! ```
//!
//! **Units** are chosen once, at init (`units`: SI, mm-tonne-s, mm-ms-kg, the systems `tribo
//! export --units` names); the boundary converts, the core stays SI, the state stays SI.
//! **Every input is checked** for plausibility after the conversion (`plausible`): a value in
//! the wrong units is refused with a named status instead of being evaluated.
//!
//! **No allocation, never aborts across the boundary.** Every entry point checks its pointers
//! for null and alignment, the model for initialisation, and returns a [`TriboStatus`]; the
//! arithmetic is the core's, which is panic-free on any input. This crate denies the
//! panicking shortcuts (`unwrap`, `expect`, `panic!`, indexing), and `tests/abi.rs` drives
//! every entry point with arbitrary floats, bit patterns, null and misaligned pointers, and
//! every single-byte corruption of a table: a panic there would abort the test process
//! (Rust aborts on a panic that reaches an `extern "C"` frame), so the suite passing is the
//! proof that none occurs on those inputs. No `catch_unwind`: it would cost a landing pad per
//! call on the hot path to guard against something the lints and tests exclude.
//!
//! **Why this crate links `std`.** The code uses only `core` (it is written `no_std`-style and
//! allocates nothing), but a `staticlib`/`cdylib` needs a panic runtime: a `#![no_std]` crate
//! would have to define its own `#[panic_handler]`, which then clashes (E0152) with std's
//! in every std user of the `rlib` (the tests, the `ffi_node` bench). So the crate is
//! `#![no_std]` with `extern crate std` for the panic runtime alone; the firmware (`#![no_std]`,
//! no std anywhere) keeps using `tribo-core` directly.
//!
//! **Unsafe.** The only `unsafe` is at the boundary: reading and writing through the caller's
//! pointers after the null/alignment checks, and borrowing the model inside its storage; each
//! block carries its `// SAFETY:` reason.
#![no_std]
#![deny(unsafe_op_in_unsafe_fn)]
#![deny(missing_docs)]
#![deny(clippy::undocumented_unsafe_blocks)]
#![cfg_attr(
    not(test),
    deny(
        clippy::unwrap_used,
        clippy::expect_used,
        clippy::panic,
        clippy::indexing_slicing
    )
)]

// The panic runtime of the staticlib/cdylib (see the crate docs); nothing here uses std.
extern crate std;

pub mod model;
pub mod node;
pub mod plausible;
pub mod point;
pub mod status;
pub mod units;

pub use model::{
    TRIBO_ABI_VERSION, TRIBO_ALPHA_SAMPLES, TRIBO_MAX_SLIP_INCREMENT_SI, TRIBO_MAX_SLIP_RATE_SI,
    TRIBO_MAX_TABLE_BYTES, TRIBO_MODEL_WORDS, TRIBO_MU_P_DOCUMENTED_DEFAULT,
    TRIBO_MU_P_FITTED_SEED000_PASSES, TRIBO_MU_P_FITTED_STRIP_DRAW, TRIBO_MU_P_NONE,
    TRIBO_MU_P_SIMULATED_SHEAR_CELL, TRIBO_NAME_BYTES, TriboAlphaSample, TriboModel,
    TriboModelInfo, tribo_abi_version, tribo_beta_thres, tribo_model_alpha_sample,
    tribo_model_info, tribo_model_init, tribo_mu,
};
pub use node::{
    TRIBO_CONTACT_OPEN, TRIBO_CONTACT_SLIP, TRIBO_CONTACT_STICK, TriboNodeInput, TriboNodeOutput,
    TriboNodeState, tribo_node_reset, tribo_node_step,
};
pub use point::{
    TriboPointInput, TriboPointOutput, TriboPointState, tribo_point_reset, tribo_point_step,
};
pub use status::{TriboStatus, tribo_status_name};
pub use units::{TRIBO_UNITS_MM_MS_KG, TRIBO_UNITS_MM_TONNE_S, TRIBO_UNITS_SI};
