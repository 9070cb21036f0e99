//! `tribo strip-draw` (not implemented yet: issue 8).

/// Arguments of `tribo strip-draw`.
#[derive(Debug, clap::Args)]
pub struct Args {}

/// Runs `tribo strip-draw`.
pub fn run(_args: Args) -> anyhow::Result<()> {
    anyhow::bail!("`tribo strip-draw` is not implemented yet (issue 8)")
}
