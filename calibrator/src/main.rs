//! `tribo`: the calibrator's command-line entry point.

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let cli = tribo_calibrator::cli::Cli::parse();
    match tribo_calibrator::cli::run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("error: {err:#}");
            ExitCode::FAILURE
        }
    }
}
