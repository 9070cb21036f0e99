//! `tribo`: the calibrator's command-line entry point. The command line ([`cli`]) and the
//! subcommands ([`commands`]: parse arguments, call a pipeline or physics function of the
//! library, print) belong to this binary only; the library's API is the physics and
//! `pipeline`.

use std::process::ExitCode;

use clap::Parser;

mod cli;
mod commands;

// The commands name the library's modules as `crate::…` (as they did when they lived in the
// library): the binary's root re-exports them.
#[allow(unused_imports)]
use tribo_calibrator::*;

fn main() -> ExitCode {
    let cli = cli::Cli::parse();
    match cli::run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("error: {err:#}");
            ExitCode::FAILURE
        }
    }
}
