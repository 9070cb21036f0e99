//! The validation layer at the edge (issue 21): every config key, command flag and input file
//! is checked here — finite, in range, sizes within a documented memory budget — before any
//! work or allocation, with an error naming the key or flag, the value and the rule.
//!
//! - [`rule`]: a rule as data (open/closed real bounds, whole counts) and its message;
//! - [`rules`]: the shared rule objects, one per quantity, whichever command takes it;
//! - [`budget`]: the memory budget (4 GiB, `TRIBO_MEMORY_BUDGET`) and per-item byte costs;
//! - [`work`]: the work budget (24 h of one core, `TRIBO_WORK_BUDGET`) and per-update costs;
//! - [`config`]: the calibration config; [`flags`]: the commands' flags; [`units`]: SI numbers
//!   or unit suffixes on the command line (loaded height maps are checked where they are read,
//!   by [`crate::surface::check_measured_map`]);
//! - [`out_dir`]: the output folder of a run (lock, sweep of stale temporary files);
//! - [`error`]: the typed [`ConfigError`].
//!
//! The readers of input files live below, in [`crate::io`].

pub mod budget;
pub mod config;
pub mod error;
pub mod flags;
pub mod out_dir;
pub mod print;
pub mod rule;
pub mod rules;
pub mod units;
pub mod work;

pub use error::ConfigError;
pub use rule::{Bound, Rule};
