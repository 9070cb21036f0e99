//! Command-line interface of the `tribo` binary (clap). Each subcommand's arguments and entry
//! point live in [`crate::commands`].

use clap::{Parser, Subcommand};

use crate::commands;

/// tribo — calibrate a friction law with third-body particles for real-time use.
#[derive(Debug, Parser)]
#[command(name = "tribo", version, about, long_about = None)]
pub struct Cli {
    /// Worker threads for parallel sweeps (default: all cores). Results are bit-identical for
    /// a given seed and thread count.
    #[arg(long, global = true)]
    pub threads: Option<usize>,
    /// Write no figures (SVG/PNG); tables, CSV files and summaries are written as usual.
    #[arg(long, global = true)]
    pub no_plots: bool,
    /// The command to run.
    #[command(subcommand)]
    pub command: Command,
}

/// The calibrator's commands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Full calibration: surfaces → BEM → BEM–DEM sweep → fits → random fields → asperities →
    /// tables.bin + report.
    Calibrate(commands::calibrate::Args),
    /// Rough-surface contact: generate or load a surface, sweep pressures with the FFT-BEM.
    Contact(commands::contact::Args),
    /// DEM of wear flakes between a sliding rough tool and a rough surface.
    Dem(commands::dem::Args),
    /// One staggered BEM–DEM case (seed 000 Fig. 7) with its histories.
    Meso(commands::meso::Args),
    /// Friction-coefficient random fields: CV curves, thresholds, crank-slider study.
    RandomField(commands::random_field::Args),
    /// Independent-asperity onset-of-sliding model (seed 003).
    Asperity(commands::asperity::Args),
    /// Strip-draw studies with the core's bar.
    StripDraw(commands::strip_draw::Args),
    /// Fit model parameters to measured data.
    Fit(commands::fit::Args),
    /// Deformable discrete elements with fracture (seed 001): incline, circles, asperity, cracked plate, wear K(p), mesh study.
    Fretting(commands::fretting::Args),
    /// Validate a calibration table and print or dump it.
    Inspect(commands::inspect::Args),
    /// Friction input for FE forming codes (LS-DYNA, Abaqus, CSV, JSON) from a table.
    Export(commands::export::Args),
    /// Third-body layer under NSCD with heat and cohesion (seed 002): validate, shear, sweep.
    ThirdBody(commands::third_body::Args),
}

/// Runs the parsed command line.
pub fn run(cli: Cli) -> anyhow::Result<()> {
    tribo_calibrator::report::figures::set_enabled(!cli.no_plots);
    if let Some(threads) = cli.threads {
        tribo_calibrator::validate::rules::THREADS.check_count("--threads", threads as u64)?;
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build_global()
            .map_err(|e| anyhow::anyhow!("cannot start {threads} worker threads: {e}"))?;
    }
    match cli.command {
        Command::Calibrate(args) => commands::calibrate::run(args),
        Command::Contact(args) => commands::contact::run(args),
        Command::Dem(args) => commands::dem::run(args),
        Command::Meso(args) => commands::meso::run(args),
        Command::RandomField(args) => commands::random_field::run(args),
        Command::Asperity(args) => commands::asperity::run(args),
        Command::StripDraw(args) => commands::strip_draw::run(args),
        Command::Fit(args) => commands::fit::run(args),
        Command::Fretting(args) => commands::fretting::run(args),
        Command::Inspect(args) => commands::inspect::run(args),
        Command::ThirdBody(args) => commands::third_body::run(args),
        Command::Export(args) => commands::export::run(args),
    }
}
