//! `tribo`: the calibrator's command-line entry point. The command line ([`cli`]) and the
//! subcommands ([`commands`]: parse arguments, call a pipeline or physics function of the
//! library, print) belong to this binary only; the library's API is the physics and
//! `pipeline`.

#![forbid(unsafe_code)]

use std::process::ExitCode;

mod cli;
mod commands;
mod examples;
#[cfg(test)]
mod inputs_doc;
mod renamed_flags;
#[cfg(test)]
mod vocabulary;

// The commands name the library's modules as `crate::…` (as they did when they lived in the
// library): the binary's root re-exports them.
#[allow(unused_imports)]
use tribo_calibrator::*;

fn main() -> ExitCode {
    restore_default_sigpipe();
    let args: Vec<String> = std::env::args_os()
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    if let Err(e) = renamed_flags::check(&args) {
        tribo_calibrator::console::clap_exit(&e);
    }
    for warning in renamed_flags::warnings(&args) {
        tribo_calibrator::errln!("warning: {warning}");
    }
    // `--help`, `--version` and usage errors through the console, which reports a write
    // error (`tribo --help > /dev/full`) instead of exiting 0 with nothing written.
    let cli = match cli::parse() {
        Ok(cli) => cli,
        Err(e) => tribo_calibrator::console::clap_exit(&e),
    };
    match cli::run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            tribo_calibrator::errln!("error: {err:#}");
            ExitCode::FAILURE
        }
    }
}

/// A closed stdout (`tribo inspect t.bin | head -1`) ends the process quietly with the
/// conventional status 128 + SIGPIPE = 141, as for any Unix filter. Rust ignores SIGPIPE by
/// default, which turns the closed pipe into a panic in `println!` (exit 101). The reset is
/// one libc call; the `sigpipe` crate holds it, so the C ABI crate stays the workspace's only
/// `unsafe` code (a no-op off Unix).
fn restore_default_sigpipe() {
    sigpipe::reset();
}
