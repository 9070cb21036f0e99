//! `tribo inspect` (not implemented yet: issue 2).

/// Arguments of `tribo inspect`.
#[derive(Debug, clap::Args)]
pub struct Args {}

/// Runs `tribo inspect`.
pub fn run(_args: Args) -> anyhow::Result<()> {
    anyhow::bail!("`tribo inspect` is not implemented yet (issue 2)")
}
