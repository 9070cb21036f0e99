//! `tribo calibrate` (not implemented yet: issue 7).

/// Arguments of `tribo calibrate`.
#[derive(Debug, clap::Args)]
pub struct Args {}

/// Runs `tribo calibrate`.
pub fn run(_args: Args) -> anyhow::Result<()> {
    anyhow::bail!("`tribo calibrate` is not implemented yet (issue 7)")
}
