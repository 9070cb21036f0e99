//! `tribo study`: studies that run many calibrate configurations. `tribo study sensitivity`
//! runs a plan of factors and levels (issue 42; `pipeline::study_sensitivity`).

use std::path::PathBuf;

use anyhow::bail;

use crate::pipeline::slurm::{self, CaseArray};
use crate::pipeline::study_sensitivity::{self, StudyMode, StudyOptions};

/// Arguments of `tribo study`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The study.
    #[command(subcommand)]
    pub study: Study,
}

/// The studies.
#[derive(Debug, clap::Subcommand)]
pub enum Study {
    /// Sensitivity of α and β_thres to the model's choices: one factor at a time around a
    /// reference, paired on the same surface pairs (docs/studies/sensitivity/).
    #[command(after_help = crate::examples::STUDY_SENSITIVITY)]
    Sensitivity(SensitivityArgs),
}

/// Arguments of `tribo study sensitivity`.
#[derive(Debug, clap::Args)]
pub struct SensitivityArgs {
    /// Worker threads.
    #[command(flatten)]
    pub threads: super::run_options::Threads,
    /// Figures on or off.
    #[command(flatten)]
    pub plots: super::run_options::Plots,
    /// The plan (TOML: base, shared cases, factors and levels).
    #[arg(long)]
    pub plan: PathBuf,
    /// Study folder: `configs/<hash>/cases/`, the CSV files and figures.
    #[arg(long)]
    pub out: PathBuf,
    /// RNG seed (surfaces, placements and the bootstrap; results are reproducible for a seed).
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Write the study's case list (`cases.json`) and stop.
    #[arg(long, conflicts_with_all = ["case", "merge"])]
    pub list_cases: bool,
    /// Run only study case I (one task of a job array).
    #[arg(long, value_name = "I", conflicts_with = "merge")]
    pub case: Option<usize>,
    /// Write a Slurm job array of the study's cases plus a dependent merge into
    /// `<out>/slurm/` and stop.
    #[arg(long, conflicts_with_all = ["list_cases", "case", "merge"])]
    pub emit_slurm: bool,
    /// Write the outputs from the case files (every case must have its file).
    #[arg(long)]
    pub merge: bool,
}

/// Runs `tribo study`.
pub fn run(args: Args) -> anyhow::Result<()> {
    match args.study {
        Study::Sensitivity(a) => sensitivity(&a),
    }
}

fn sensitivity(args: &SensitivityArgs) -> anyhow::Result<()> {
    // Runs that write the outputs hold the folder (Slurm tasks `--case I` share it).
    let writes_outputs = !(args.list_cases || args.emit_slurm) && args.case.is_none();
    let _lock = writes_outputs
        .then(|| crate::validate::out_dir::lock_and_sweep(&args.out))
        .transpose()?;
    let mode = match (args.list_cases || args.emit_slurm, args.case, args.merge) {
        (true, None, false) => StudyMode::ListCases,
        (false, Some(i), false) => StudyMode::RunCase(i),
        (false, None, true) => StudyMode::Merge,
        (false, None, false) => StudyMode::Full,
        _ => bail!("--list-cases, --case and --merge exclude each other"),
    };
    let opts = StudyOptions {
        plan: args.plan.clone(),
        out: args.out.clone(),
        seed: args.seed,
        mode,
    };
    let started = std::time::Instant::now();
    let summary = study_sensitivity::run(&opts)?;
    if args.emit_slurm {
        let array = CaseArray {
            command: "study".into(),
            cases: study_sensitivity::case_count(&opts)?,
            run_dir: args.out.clone(),
        };
        let recipe = slurm::emit(&array, std::env::args_os())?;
        tribo_calibrator::outln!("submit with: {} [SBATCH OPTIONS]", recipe.submit.display());
    }
    if let Some(s) = summary {
        tribo_calibrator::out!("{s}");
        tribo_calibrator::outln!(
            "study written to {} in {:.1} s",
            args.out.display(),
            started.elapsed().as_secs_f64()
        );
    }
    Ok(())
}
