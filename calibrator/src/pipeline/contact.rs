//! The stage of `tribo contact`: the particle-free FFT-BEM pressure sweep of one surface
//! (warm-started from one pressure to the next, [`crate::bem::sweep::pressure_sweep`]) and its
//! report ([`super::contact_report::write_report`]). The command realises the surface and
//! converts its flags into a [`ContactConfig`]; the pressures' rules are checked here.

use std::path::PathBuf;

use super::error::{PipelineError, Result};
use crate::bem::sweep::pressure_sweep;
use crate::bem::{Connectivity, Material, SolverOptions};
use crate::surface::HeightMap;
use crate::validate::{Bound, Rule};

/// The sweep of `tribo contact`.
#[derive(Clone, Debug)]
pub struct ContactConfig {
    /// Report folder.
    pub out: PathBuf,
    /// E* and the saturation pressure (`None`: elastic).
    pub material: Material,
    /// Lowest mean pressure \[Pa\].
    pub p_min: f64,
    /// Highest mean pressure \[Pa\], below p_crit.
    pub p_max: f64,
    /// Number of pressures, log-spaced from `p_min` to `p_max`.
    pub steps: usize,
    /// Convergence tolerance of the BEM (relative projected gradient).
    pub tolerance: f64,
    /// Cluster connectivity.
    pub connectivity: Connectivity,
    /// Largest p/E* of the κ fit (Eq. 8).
    pub kappa_max_p_over_e: f64,
}

impl ContactConfig {
    /// The log-spaced pressures p_min·r^i, i < steps, r = (p_max/p_min)^(1/(steps − 1)) \[Pa\].
    ///
    /// # Errors
    ///
    /// [`PipelineError::Config`] naming `--p-min` unless 0 < p_min ≤ p_max, `--p-max` unless
    /// it is finite and below p_crit, `--steps` when it is 0.
    pub fn pressures(&self) -> Result<Vec<f64>> {
        Rule::Real {
            lo: Bound::Open(0.0),
            hi: Bound::Closed(self.p_max),
        }
        .check("--p-min (Pa; 0 < --p-min ≤ --p-max)", self.p_min)?;
        Rule::Real {
            lo: Bound::Unbounded,
            hi: Bound::Open(self.material.p_crit.unwrap_or(f64::INFINITY)),
        }
        .check("--p-max (Pa; below p_crit)", self.p_max)?;
        Rule::count(1, u64::MAX).check_count("--steps", self.steps as u64)?;
        let r = if self.steps == 1 {
            1.0
        } else {
            (self.p_max / self.p_min).powf(1.0 / (self.steps - 1) as f64)
        };
        Ok((0..self.steps)
            .map(|i| self.p_min * r.powi(i as i32))
            .collect())
    }
}

/// Sweeps the pressures of `cfg` on `map` and writes the report into `cfg.out`.
///
/// # Errors
///
/// [`PipelineError::Config`] when the pressures break their rules ([`ContactConfig::pressures`]);
/// [`PipelineError::Bem`] when the solver fails; [`PipelineError::Io`], [`PipelineError::Json`]
/// or [`PipelineError::Report`] (the file named) when the report cannot be written.
pub fn run_contact(cfg: &ContactConfig, map: &HeightMap) -> Result<()> {
    let ps = cfg.pressures()?;
    let options = SolverOptions {
        tolerance: cfg.tolerance,
        ..SolverOptions::default()
    };
    let (points, last_traction) = pressure_sweep(map, cfg.material, options, &ps, cfg.connectivity)
        .map_err(|source| PipelineError::Bem {
            stage: "BEM pressure sweep",
            source,
        })?;
    super::contact_report::write_report(
        &cfg.out,
        map,
        cfg.material,
        &points,
        &last_traction,
        cfg.kappa_max_p_over_e,
    )
}
