//! The press controller of `tribo-firmware-example`, as a `#![no_std]` library so that the
//! criterion benches and the tests run the same code as the firmware binary (`src/main.rs`).
//!
//! - [`controller`]: the blank-holder force controller of a strip-draw axis — per tick it
//!   advances the β-transport and the Coulomb law on a fixed-size node line under the tool
//!   (`tribo_core::bar::InterfaceLine`), predicts the draw-in friction force and adjusts the
//!   holder force with a PI law.
//! - [`window`]: which nodes of the line the tool covers (pressure per node).
//! - [`plant`]: the simulated press (stroke sequencer, holder actuator, the true interface)
//!   and its sensors; [`prng`]: the tiny deterministic noise source.
//! - [`log`]: fixed-capacity log lines with allocation-free number formatting.
//! - [`stats`]: per-stroke figures of the log and the run's self-check.
//! - [`session`]: the control loop over strokes (sensors → timed controller tick → press).
//!
//! No heap, fixed-capacity state, `f32` on the tick path.
#![cfg_attr(not(test), no_std)]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod controller;
pub mod log;
pub mod plant;
pub mod prng;
pub mod session;
pub mod stats;
pub mod window;

#[cfg(test)]
mod tests;
