//! `tribo meso`: one case of the mesoscale BEM–DEM sweep (seed 000 §5–6, Fig. 7, 10).
//!
//! The case is the config's (preset + optional TOML) surfaces, flakes and solver with one
//! pressure, β, velocity and placement seed index (defaults: the first of each sweep list and
//! seed index 0). Outputs in `--out`:
//! - `history.csv`: one row per slide step (`StepRecord`);
//! - `ap_ac.{svg,png}`: A_p/A_0 and A_c/A_0 \[%\] vs Δx/L with ⟨A_p⟩ dashed (Fig. 10);
//! - `blocked.{svg,png}`: blocked flakes vs Δx/L; `iterations.{svg,png}`: BEM iterations;
//! - `snapshot_final` (and `snapshot_max_ap` if A_p was ever > 0): h_Def \[µm\] with the
//!   blocked footprints burnt in as NaN (drawn magenta), and `contact_final` /
//!   `contact_max_ap`: 0 = open, 1 = contact, NaN = contact under a blocked flake (A_p);
//! - `result.json` (the `CaseResult`) and `summary.txt`.
//!
//! `--case I` runs case I of the config's sweep list instead (`list_cases`: one task of a
//! job array; writes the same outputs). `--sweep` runs every case of the list on rayon's pool
//! (no per-case histories) and writes `cases.csv`, `cases.json` and a summary with the wall
//! time and the α fit per velocity — a measurement aid for sizing presets; `tribo calibrate`
//! is the pipeline.

use std::path::PathBuf;

use anyhow::Result;

use super::calibrate::PresetArg;
use crate::config::CalibrationConfig;
use crate::pipeline::meso_case::{SingleCaseConfig, run_single_case};

/// Arguments of `tribo meso`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Worker threads.
    #[command(flatten)]
    pub threads: super::run_options::Threads,
    /// Figures on or off.
    #[command(flatten)]
    pub plots: super::run_options::Plots,
    /// Preset the configuration starts from.
    #[arg(long, value_enum, default_value_t = PresetArg::Quick)]
    pub preset: PresetArg,
    /// TOML file overriding any subset of the preset's keys.
    #[arg(long)]
    pub config: Option<PathBuf>,
    /// Nominal pressure p [Pa], SI or with a unit (`30e6`, `30MPa`; it was a bare number of
    /// MPa: values below 1 kPa are refused as a probable missing unit). Default: the first of
    /// sweep.pressures.
    #[arg(long, value_parser = crate::validate::units::pascals)]
    pub pressure: Option<f64>,
    /// Particle area fraction β [-] (default: the first of sweep.betas).
    #[arg(long)]
    pub beta: Option<f64>,
    /// Sliding velocity v0 [m/s] (SI or with a unit: `80mm/s`; default: the first of
    /// sweep.velocities).
    #[arg(long, value_parser = crate::validate::units::metres_per_second)]
    pub velocity: Option<f64>,
    /// Run seed (surfaces; with --seed-index, the placement).
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Placement index (0 … sweep.seeds − 1 in a sweep; any value here); it also picks the
    /// surface pair, realisation seed_index mod sweep.surfaces.
    #[arg(long, default_value_t = 0)]
    pub seed_index: usize,
    /// Run case I of the config's sweep list (overrides --pressure, --beta, --velocity,
    /// --seed-index).
    #[arg(long, value_name = "I", conflicts_with = "sweep")]
    pub case: Option<usize>,
    /// Run the config's whole sweep in parallel and write a table of case results.
    #[arg(long)]
    pub sweep: bool,
    /// Output folder.
    #[arg(long, default_value = "out/meso")]
    pub out: PathBuf,
}

/// Runs `tribo meso`.
pub fn run(args: Args) -> Result<()> {
    let cfg = match &args.config {
        Some(p) => CalibrationConfig::from_preset_and_file(args.preset.into(), p)?,
        None => CalibrationConfig::from_preset_and_toml(args.preset.into(), "")?,
    };
    if args.sweep {
        tribo_calibrator::out!(
            "{}",
            crate::pipeline::meso_sweep::run_sweep(&cfg, args.seed, &args.out)?
        );
        return Ok(());
    }
    let done = run_single_case(
        &cfg,
        &SingleCaseConfig {
            pressure: args.pressure,
            beta: args.beta,
            velocity: args.velocity,
            seed: args.seed,
            seed_index: args.seed_index,
            case: args.case,
            out: args.out,
        },
    )?;
    tribo_calibrator::out!("{}", done.summary);
    tribo_calibrator::outln!("wrote {}", done.out.display());
    Ok(())
}
