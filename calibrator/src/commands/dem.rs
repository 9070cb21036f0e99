//! `tribo dem` (not implemented yet: issue 6).

/// Arguments of `tribo dem`.
#[derive(Debug, clap::Args)]
pub struct Args {}

/// Runs `tribo dem`.
pub fn run(_args: Args) -> anyhow::Result<()> {
    anyhow::bail!("`tribo dem` is not implemented yet (issue 6)")
}
