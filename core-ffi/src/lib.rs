//! # tribo-core-ffi
//!
//! A C ABI over `tribo-core` for the user friction routines of FE forming codes (Abaqus
//! VFRIC/FRIC, LS-DYNA user friction): validate a calibration table into caller-owned storage,
//! evaluate μ(p, v, β) and β_thres(v), and advance one contact point by one increment
//! (β-transport source and saturation, μ, Coulomb law) with β and the elastic slip as the
//! routine's state variables. The header is `include/tribo.h` (cbindgen, checked in and
//! verified fresh by `tests/header.rs`); the worked example is `examples/c/vfric_stroke.c`.
//!
//! **Call sequence** (one model per table, one state per contact point):
//!
//! ```text
//! TriboModel model;                        // caller-owned, no allocation
//! tribo_model_init(&model, bytes, len, k_s);   // once: full table validation
//! TriboNodeState s = {0};                  // per contact point: the state variables
//! per increment: TriboNodeInput in = {dt, dslip, p, slip_rate};
//!                tribo_node_step(&model, &s, &in, &out);   // out.mu, out.shear_stress; s.beta
//! ```
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
pub mod status;

pub use model::{
    TRIBO_MAX_TABLE_BYTES, TRIBO_MODEL_WORDS, TriboModel, TriboModelInfo, tribo_beta_thres,
    tribo_model_info, tribo_model_init, tribo_mu,
};
pub use node::{
    TRIBO_CONTACT_OPEN, TRIBO_CONTACT_SLIP, TRIBO_CONTACT_STICK, TriboNodeInput, TriboNodeOutput,
    TriboNodeState, tribo_node_reset, tribo_node_step,
};
pub use status::{TriboStatus, tribo_status_name};
