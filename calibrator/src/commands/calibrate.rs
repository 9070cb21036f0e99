//! `tribo calibrate`: the main job — surfaces, BEM, the BEM–DEM sweep, fits, random fields,
//! asperities → `tables.bin` and a report folder (see [`crate::pipeline`]). `--defaults`
//! writes a table of documented default parameters instead, flagged as such.

use std::path::PathBuf;

use anyhow::{Context, bail};

use crate::config::CalibrationConfig;
use crate::meso::cases::list_cases;
use crate::pipeline::slurm::{self, CaseArray};
use crate::pipeline::{self, Mode, Options, Outcome};
use crate::presets::Preset;
use crate::table::describe::DEFAULTS_BANNER;

/// `--preset` of `tribo calibrate` and `tribo meso`: the CLI names of [`Preset`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum PresetArg {
    /// Small grid, few cases and seeds: a full table in a few minutes on 2 cores.
    Quick,
    /// Finer grid and more cases.
    Standard,
    /// Seed 000's domain (500 µm) and sweeps.
    Paper,
}

impl From<PresetArg> for Preset {
    fn from(p: PresetArg) -> Self {
        match p {
            PresetArg::Quick => Self::Quick,
            PresetArg::Standard => Self::Standard,
            PresetArg::Paper => Self::Paper,
        }
    }
}

/// Arguments of `tribo calibrate`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Worker threads.
    #[command(flatten)]
    pub threads: super::run_options::Threads,
    /// Figures on or off.
    #[command(flatten)]
    pub plots: super::run_options::Plots,
    /// Output folder: `tables.bin`, `report/` and `cases/` go there.
    #[arg(long, default_value = "out")]
    pub out: PathBuf,
    /// Calibration preset (resolution and cost).
    #[arg(long, value_enum, default_value_t = PresetArg::Quick)]
    pub preset: PresetArg,
    /// TOML file overriding any subset of the preset's parameters.
    #[arg(long)]
    pub config: Option<PathBuf>,
    /// RNG seed (results are reproducible for a seed and thread count).
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Write the BEM–DEM case list (`cases.json`) and stop (for a cluster job array).
    #[arg(long, conflicts_with_all = ["case", "merge", "defaults"])]
    pub list_cases: bool,
    /// Run only case I of the list into `cases/` (one task of a job array).
    #[arg(long, value_name = "I", conflicts_with_all = ["merge", "defaults"])]
    pub case: Option<usize>,
    /// Write a Slurm job array of the cases plus a dependent merge into `<out>/slurm/` (this
    /// command line, forwarded) and stop; submit with `<out>/slurm/submit.sh`.
    #[arg(long, conflicts_with_all = ["list_cases", "case", "merge", "defaults"])]
    pub emit_slurm: bool,
    /// Finish a calibration from the case files in `cases/`.
    #[arg(long, conflicts_with = "defaults")]
    pub merge: bool,
    /// Write the documented seed-000 defaults instead of calibrating (no simulation).
    #[arg(long)]
    pub defaults: bool,
    /// Print the resolved configuration as TOML and stop.
    #[arg(long)]
    pub print_config: bool,
}

impl Args {
    /// The preset's configuration with the `--config` overrides.
    fn resolved_config(&self) -> anyhow::Result<CalibrationConfig> {
        Ok(match &self.config {
            Some(p) => CalibrationConfig::from_preset_and_file(self.preset.into(), p)?,
            None => CalibrationConfig::from_preset_and_toml(self.preset.into(), "")?,
        })
    }
}

/// Runs the calibration the arguments ask for. `None` for the partial modes
/// (`--list-cases`, `--emit-slurm`, `--case`, `--print-config`).
fn calibrate(args: &Args) -> anyhow::Result<Option<Outcome>> {
    // Runs that write the table hold the output folder (a Slurm task `--case I` shares it).
    let writes_table =
        !(args.print_config || args.list_cases || args.emit_slurm) && args.case.is_none();
    let _lock = writes_table
        .then(|| crate::validate::out_dir::lock_and_sweep(&args.out))
        .transpose()?;
    if args.defaults {
        return Ok(Some(pipeline::write_defaults(
            &args.out,
            Preset::from(args.preset),
            args.seed,
        )?));
    }
    let config = args.resolved_config()?;
    if args.print_config {
        tribo_calibrator::out!(
            "{}",
            crate::validate::print::config_toml(&config).context("printing the configuration")?
        );
        return Ok(None);
    }
    let mode = match (args.list_cases || args.emit_slurm, args.case, args.merge) {
        (true, None, false) => Mode::ListCases,
        (false, Some(i), false) => Mode::RunCase(i),
        (false, None, true) => Mode::Merge,
        (false, None, false) => Mode::Full,
        _ => bail!("--list-cases, --case and --merge exclude each other"),
    };
    let opts = Options {
        out: args.out.clone(),
        preset: args.preset.into(),
        config,
        seed: args.seed,
        mode,
    };
    let outcome = pipeline::run(&opts)?;
    if args.emit_slurm {
        let array = CaseArray {
            command: "calibrate".into(),
            cases: list_cases(&opts.config).len(),
            run_dir: args.out.clone(),
        };
        let recipe = slurm::emit(&array, std::env::args_os())?;
        tribo_calibrator::outln!("submit with: {} [SBATCH OPTIONS]", recipe.submit.display());
    }
    Ok(outcome)
}

/// Runs `tribo calibrate`.
pub fn run(args: Args) -> anyhow::Result<()> {
    if args.defaults {
        tribo_calibrator::errln!("WARNING: {DEFAULTS_BANNER}");
    }
    let started = std::time::Instant::now();
    if let Some(out) = calibrate(&args)? {
        tribo_calibrator::outln!(
            "wrote {} ({} bytes, preset {}, seed {}){} in {:.1} s; report in {}",
            out.table_path.display(),
            out.table_bytes,
            Preset::from(args.preset).name(),
            args.seed,
            if args.defaults {
                " — DOCUMENTED DEFAULTS, NOT A CALIBRATION"
            } else {
                ""
            },
            started.elapsed().as_secs_f64(),
            out.report_dir.display()
        );
    }
    Ok(())
}
