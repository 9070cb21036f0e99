//! `tribo asperity` (not implemented yet: issue 5).

/// Arguments of `tribo asperity`.
#[derive(Debug, clap::Args)]
pub struct Args {}

/// Runs `tribo asperity`.
pub fn run(_args: Args) -> anyhow::Result<()> {
    anyhow::bail!("`tribo asperity` is not implemented yet (issue 5)")
}
