//! `tribo random-field` (not implemented yet: issue 4).

/// Arguments of `tribo random-field`.
#[derive(Debug, clap::Args)]
pub struct Args {}

/// Runs `tribo random-field`.
pub fn run(_args: Args) -> anyhow::Result<()> {
    anyhow::bail!("`tribo random-field` is not implemented yet (issue 4)")
}
