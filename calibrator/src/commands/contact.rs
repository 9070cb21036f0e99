//! `tribo contact` (not implemented yet: issue 3).

/// Arguments of `tribo contact`.
#[derive(Debug, clap::Args)]
pub struct Args {}

/// Runs `tribo contact`.
pub fn run(_args: Args) -> anyhow::Result<()> {
    anyhow::bail!("`tribo contact` is not implemented yet (issue 3)")
}
