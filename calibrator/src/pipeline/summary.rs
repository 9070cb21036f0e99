//! The one-page `summary.md` of a calibration: what was computed, at which resolution, the
//! numbers that went into the table, and what the table does *not* calibrate.

use std::fmt::Write as _;
use std::path::Path;

use anyhow::Result;
use tribo_core::table::Table;

use super::Options;
use super::stages::ContactStage;
use crate::fit::alpha::{AlphaSweep, Trend};
use crate::meso::cases::CaseResult;
use crate::report::write_atomic;
use crate::table::describe::describe;

/// Writes `summary.md` into `dir`.
#[allow(clippy::too_many_arguments)]
pub fn write(
    opts: &Options,
    results: &[CaseResult],
    contact: &ContactStage,
    alpha: &AlphaSweep,
    table: &Table,
    table_bytes: usize,
    dir: &Path,
    finish_seconds: f64,
) -> Result<()> {
    let cfg = &opts.config;
    let s = &cfg.surface;
    let pixel = s.length / s.grid as f64;
    let mut m = String::new();
    let _ = writeln!(
        m,
        "# tribo calibration — preset `{}`, seed {}\n",
        opts.preset.name(),
        opts.seed
    );
    let _ = writeln!(m, "## Resolution (read this first)\n");
    let _ = writeln!(
        m,
        "- Domain {:.0} µm on a {}² grid: pixel {:.2} µm; flakes of {:.1} µm span {:.1} pixels \
         (seed 000: 500 µm domain; the `paper` preset reproduces it).",
        s.length * 1e6,
        s.grid,
        pixel * 1e6,
        cfg.flakes.diameter * 1e6,
        cfg.flakes.diameter / pixel
    );
    let w = &cfg.sweep;
    let _ = writeln!(
        m,
        "- BEM–DEM sweep: {} cases = {} velocities × {} pressures × {} β × {} seeds (on {} surface pairs), each sliding \
         {} domain lengths ({} one-pixel steps). Blocked flakes are rare events (seed 000 §6.2): with few seeds and short \
         slides α carries the spread shown below; `meso/alpha_events_by_velocity.csv` splits α into how often a blocked \
         flake carries load and how much.",
        results.len(),
        w.velocities.len(),
        w.pressures.len(),
        w.betas.len(),
        w.seeds,
        w.surfaces.min(w.seeds),
        w.slide_lengths,
        results.first().map_or(0, |r| r.steps)
    );
    let dem: f64 = results.iter().map(|r| r.seconds_dem).sum();
    let bem: f64 = results.iter().map(|r| r.seconds_bem).sum();
    let _ = writeln!(
        m,
        "- CPU time in the sweep: DEM {dem:.1} s, BEM {bem:.1} s; later stages {finish_seconds:.1} s wall."
    );
    let _ = writeln!(
        m,
        "- Random fields: {} Monte-Carlo realisations per l/a point; asperities: {} loads at {} steps per period.\n",
        cfg.random_field.samples,
        cfg.asperity.added_masses.len(),
        cfg.asperity.steps_per_period
    );
    let a = &contact.analysis;
    let _ = writeln!(m, "## Contact (Eq. 8, App. D–F)\n");
    let _ = writeln!(
        m,
        "- h'_rms (spectral) = {:.4}, finite-difference {:.4}; κ = {} (R² {}), literature band 1.6–2.6.",
        a.slope_spectral,
        a.slope_fd,
        a.kappa.map_or("n/a".into(), |k| format!("{k:.3}")),
        a.kappa_r2.map_or("n/a".into(), |r| format!("{r:.4}"))
    );
    let _ = writeln!(
        m,
        "- N_s = {}, d̄ = {:.2} µm; see `contact/` for N_c, d̄_c vs p (Fig. 14).\n",
        a.summits,
        a.summit_spacing * 1e6
    );
    let _ = writeln!(m, "## α (Eq. 23) and α(v) (Fig. 15)\n");
    let _ = writeln!(
        m,
        "| v [m/s] | α | spread over seeds | R² (linear in β·p) | α per β |"
    );
    let _ = writeln!(m, "|---|---|---|---|---|");
    for x in &alpha.per_velocity {
        let per_beta: Vec<String> = x
            .betas
            .iter()
            .zip(&x.alpha_per_beta)
            .map(|(b, v)| format!("β={b}: {v:.3}"))
            .collect();
        let _ = writeln!(
            m,
            "| {} | {:.4} | {:.4} | {:.3} | {} |",
            x.velocity,
            x.alpha,
            x.spread,
            x.r_squared,
            per_beta.join(", ")
        );
    }
    if let Some((b, v_ref, r2)) = alpha.law {
        let _ = writeln!(
            m,
            "\nFitted α(v) = b·(1 − exp(−v/v_ref)): b = {b:.4}, v_ref = {v_ref:.4} m/s (R² {r2:.3})."
        );
    }
    let verdict = match alpha.trend() {
        Some(Trend::Increasing) => {
            Some("α rises with v0 beyond two standard errors, as in seed 000 Fig. 15.")
        }
        Some(Trend::Decreasing) => Some(
            "**α falls with v0** beyond two standard errors — against seed 000 Fig. 15, where it rises and \
             saturates; the saturation law is then a poor description (see its R²). In this DEM the flakes' \
             ballistic flight v0/η helps them leave the load-bearing spots (issue 7 notes).",
        ),
        Some(Trend::Unresolved) => Some(
            "The change of α between the lowest and the highest v0 is within two standard errors: the sweep \
             does not resolve a trend.",
        ),
        None => None,
    };
    if let Some(v) = verdict {
        let _ = writeln!(m, "{v}");
    }
    let _ = writeln!(
        m,
        "Where the α per β drift apart, Eq. 23's linearity in β breaks (seed 000 §6.4: high β). \
         The strip-draw speed (0.08 m/s) lies below the sampled velocities: α there comes from the \
         fitted law, scaled for continuity (core `AlphaCurve` policy).\n"
    );
    let _ = writeln!(m, "## Not calibrated by this run\n");
    let _ = writeln!(
        m,
        "τ0 = {:.4e} Pa, H = {:.3e} Pa, K = {:e}, ζ = {} come from the configuration (documented seed-000 choices); \
         fit τ0 and ζ to strip-draw measurements with `tribo fit strip-draw`.\n",
        cfg.material.tau0,
        cfg.material.hardness,
        cfg.material.wear_coefficient,
        cfg.material.tool_fraction
    );
    let _ = writeln!(
        m,
        "## The table ({table_bytes} bytes)\n\n```text\n{}\n```",
        describe(table)
    );
    write_atomic(&dir.join("summary.md"), m.as_bytes())?;
    Ok(())
}
