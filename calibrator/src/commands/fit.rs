//! `tribo fit` (not implemented yet: issue 8).

/// Arguments of `tribo fit`.
#[derive(Debug, clap::Args)]
pub struct Args {}

/// Runs `tribo fit`.
pub fn run(_args: Args) -> anyhow::Result<()> {
    anyhow::bail!("`tribo fit` is not implemented yet (issue 8)")
}
