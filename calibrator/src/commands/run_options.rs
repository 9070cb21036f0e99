//! The two run options that act on more than one command — worker threads and figures — as
//! clap argument groups flattened into exactly the commands where they act (issue 33: no
//! global flag that a command ignores; `export` takes neither, `contact` and `inspect` only
//! `--no-plots`; of `fretting`'s studies, only `wear` and `mesh-study` run in parallel).
//! `global = true` inside a command with subcommands (`fit`, `fretting`) lets the flag follow
//! the subcommand's name.

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

/// `--threads` of a command whose work runs on one thread, where an older version offered it
/// (`tribo fretting incline|circles|asperity|plate`): hidden, accepted with a warning
/// ([`crate::renamed_flags`]) and ignored, so an old script keeps running.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct SerialThreads {
    /// Ignored: this work runs on one thread.
    #[arg(long = "threads", id = "serial_threads", value_name = "N", hide = true)]
    pub serial_threads: Option<usize>,
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
