//! The two run options that act on more than one command — worker threads and figures — as
//! clap argument groups flattened into exactly the commands where they act (issue 33: no
//! global flag that a command ignores; `export` takes neither, `contact` and `inspect` only
//! `--no-plots`). `global = true` inside a command with subcommands (`fit`, `fretting`) lets
//! the flag follow the subcommand's name.

/// `--threads`, for the commands that run parallel sweeps.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct Threads {
    /// Worker threads for parallel sweeps (default: all cores). Results are bit-identical for
    /// a given seed and thread count.
    #[arg(long, global = true, value_name = "N")]
    pub threads: Option<usize>,
}

impl Threads {
    /// Starts rayon's global pool with the requested number of threads.
    pub fn apply(&self) -> anyhow::Result<()> {
        if let Some(threads) = self.threads {
            tribo_calibrator::validate::rules::THREADS.check_count("--threads", threads as u64)?;
            rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build_global()
                .map_err(|e| anyhow::anyhow!("cannot start {threads} worker threads: {e}"))?;
        }
        Ok(())
    }
}

/// `--no-plots`, for the commands that draw figures.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct Plots {
    /// Write no figures (SVG/PNG); tables, CSV files and summaries are written as usual.
    #[arg(long, global = true)]
    pub no_plots: bool,
}

impl Plots {
    /// Switches figure writing on or off for the process.
    pub fn apply(&self) {
        tribo_calibrator::report::figures::set_enabled(!self.no_plots);
    }
}
