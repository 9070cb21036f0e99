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
//! - [`inputs`] (with [`inputs_keys`], [`inputs_options`] and [`inputs_options_process`]): the
//!   rule table of every input — unit, domain,
//!   relations, reason — from which `docs/inputs.md` is generated and against which the tests
//!   check clap's command tree, the config schema and the binary's refusals;
//! - [`env`](mod@env): the numeric `TRIBO_*` variables, checked at the start of every command;
//! - [`out_dir`]: the output folder of a run (lock, sweep of stale temporary files);
//! - [`output`]: the checks of the paths a run reads and writes (a folder or device as an
//!   input, an output that is an input, a FIFO or device as an output);
//! - [`error`]: the typed [`ConfigError`].
//!
//! The readers of input files live below, in [`crate::io`].

pub mod budget;
pub mod config;
pub mod env;
pub mod error;
pub mod flags;
pub mod inputs;
pub mod inputs_entry;
pub mod inputs_keys;
pub mod inputs_options;
pub mod inputs_options_process;
pub mod out_dir;
pub mod output;
pub mod print;
pub mod rule;
pub mod rules;
pub mod third_body;
pub mod units;
pub mod work;

pub use error::ConfigError;
pub use rule::{Bound, Rule};
