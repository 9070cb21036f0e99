//! One file per `tribo` subcommand: its clap arguments and its `run`.

pub mod asperity;
pub mod calibrate;
pub mod contact;
pub mod dem;
pub mod export;
pub mod fit;
pub mod fretting;
pub mod inspect;
pub mod meso;
pub mod outputs;
pub mod random_field;
pub mod run_options;
pub mod strip_draw;
pub mod study;
pub mod third_body;

#[cfg(test)]
mod tests;
