//! `tribo meso` (not implemented yet: issue 7).

/// Arguments of `tribo meso`.
#[derive(Debug, clap::Args)]
pub struct Args {}

/// Runs `tribo meso`.
pub fn run(_args: Args) -> anyhow::Result<()> {
    anyhow::bail!("`tribo meso` is not implemented yet (issue 7)")
}
