//! The one-page `summary.md` of a calibration: what was computed, at which resolution, the
//! numbers that went into the table, and what the table does *not* calibrate.

use std::fmt::Write as _;
use std::path::Path;

use tribo_core::table::Table;

use super::Options;
use super::alpha_ends::EndOutcome;
use super::error::{Result, write_file};
use super::saturation::SaturationOutcome;
use super::stages::ContactStage;
use crate::fit::alpha::{AlphaSweep, Trend};
use crate::fit::bootstrap::REPLICATES;
use crate::meso::cases::CaseResult;
use crate::table::describe::{
    STATISTICAL_IS_NOT_ACCURACY, describe, intervals_text, systematic_text,
};

/// Writes `summary.md` into `dir`.
///
/// # Errors
///
/// [`PipelineError::Meso`] when a measured surface cannot be re-read for its conditioning warnings;
/// [`PipelineError::Io`] when `summary.md` cannot be written.
///
/// [`PipelineError::Meso`]: crate::pipeline::error::PipelineError::Meso
/// [`PipelineError::Io`]: crate::pipeline::error::PipelineError::Io
#[allow(clippy::too_many_arguments)]
pub fn write(
    opts: &Options,
    results: &[CaseResult],
    contact: &ContactStage,
    alpha: &AlphaSweep,
    saturation: &std::result::Result<SaturationOutcome, String>,
    ends: &[EndOutcome],
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
    for (name, file) in [("deformable", &s.deformable_file), ("tool", &s.tool_file)] {
        let _ = match file {
            Some(f) => writeln!(
                m,
                "- The {name} surface is the measured map `{}` (levelled, windowed, tapered, \
                 periodised: `surface/surfaces.csv` compares its fitted PSD with the generator's).",
                f.path.display()
            ),
            None => writeln!(
                m,
                "- The {name} surface is generated (self-affine, H = {}).",
                s.hurst
            ),
        };
    }
    let warnings = super::surface_report::measured_warnings(cfg)?;
    if !warnings.is_empty() {
        let _ = writeln!(
            m,
            "\n**Warning — the measured surfaces were changed by their conditioning** (each \
             step that moved Sq or Sdq by more than 2 %; `surface/surfaces.csv` gives the files' \
             own ISO 25178-2 Sq and Sdq):\n"
        );
        for (name, w) in &warnings {
            let _ = writeln!(m, "- {name}: {w}");
        }
        let _ = writeln!(m);
    }
    let w = &cfg.sweep;
    let process_seeds = cfg.process.seeds_or(w.seeds);
    let process_pressures = cfg.process.pressures_or(&w.pressures).len();
    let _ = writeln!(
        m,
        "- BEM–DEM sweep: {} cases = {} β × ({} pressures × {} sweep velocities × {} seeds + {} pressures × {} process \
         velocities × {} seeds), on {} surface pairs, each sliding {} domain lengths ({} one-pixel steps). Blocked flakes are rare events \
         (seed 000 §6.2): with few seeds and short slides α carries the interval shown below; \
         `meso/alpha_events_by_velocity.csv` splits α into how often a blocked flake carries load and how much.",
        results.len(),
        w.betas.len(),
        w.pressures.len(),
        w.velocities.len(),
        w.seeds,
        process_pressures,
        cfg.process.velocities.len(),
        process_seeds,
        w.surfaces.min(w.seeds.max(process_seeds)),
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
    alpha_section(&mut m, opts, alpha, table);
    match saturation {
        Ok(s) => saturation_section(&mut m, s, ends, cfg.material.zeta),
        Err(why) => {
            let _ = writeln!(
                m,
                "## The law at saturation (issue 30; seed 000 §2.1, Fig. 2)\n\n- **Not solved**: {why}. \
                 The table keeps ζ = {} and the documented μ_p = {}·μ0 \
                 (`tribo_core::seed000::PARTICLE_SHEAR_RATIO`).\n",
                cfg.material.zeta,
                tribo_core::seed000::PARTICLE_SHEAR_RATIO
            );
        }
    }
    let _ = writeln!(m, "## Not calibrated by this run\n");
    let _ = writeln!(
        m,
        "τ0 = {:.4e} Pa, H = {:.3e} Pa, K = {:e} come from the configuration (documented seed-000 choices); \
         ζ and μ_p were solved from seed 000 §2.1 (above), not from measurements of your pair: \
         fit τ0, ζ and μ_p to strip-draw measurements with `tribo fit strip-draw --fit-particle-friction`.\n",
        cfg.material.tau0, cfg.material.hardness, cfg.material.archard_k
    );
    let _ = writeln!(
        m,
        "## The table ({table_bytes} bytes)\n\n```text\n{}\n```",
        describe(table)
    );
    write_file(&dir.join("summary.md"), m.as_bytes())
}

/// The law at saturation: the solve of ζ and μ_p and its check (`saturation/saturation.csv`,
/// `strip_draw/`).
fn saturation_section(
    m: &mut String,
    sat: &SaturationOutcome,
    ends: &[EndOutcome],
    config_zeta: f64,
) {
    use crate::strip_draw::saturation::{
        REDUCTION_PRECISION, SEED000_ONE_PASS_REDUCTION, SEED000_THREE_PASS_REDUCTION,
    };
    let s = &sat.solve;
    let _ = writeln!(
        m,
        "## The law at saturation (issue 30; seed 000 §2.1, Fig. 2)\n"
    );
    let _ = writeln!(
        m,
        "- Seed 000's Eq. 7 lets the particle-borne area carry no shear, so μ → 0 where particles \
         accumulate. The table's law gives that area the friction μ_p: μ = μ0·(1 − β/β_thres) + \
         μ_p·β/β_thres ≥ μ_p."
    );
    let _ = writeln!(
        m,
        "- Solved on this table from the published 35 mm-tool reductions 1 → 25 MPa (one pass \
         ~{:.0} %, three passes {:.0} %): ζ = {:.3} [{:.3}, {:.3}] (configuration: {config_zeta}), \
         μ_p = {:.4} [{:.4}, {:.4}]; the intervals propagate ±{:.0} points on the published numbers, \
         they are not statistical. Reached: one pass {:.1} %, three passes {:.1} % (1 mm elements).",
        100.0 * SEED000_ONE_PASS_REDUCTION,
        100.0 * SEED000_THREE_PASS_REDUCTION,
        s.zeta,
        s.zeta_interval[0],
        s.zeta_interval[1],
        s.mu_p,
        s.mu_p_interval[0],
        s.mu_p_interval[1],
        100.0 * REDUCTION_PRECISION,
        100.0 * s.reductions.one_pass,
        100.0 * s.reductions.three_pass
    );
    let _ = writeln!(
        m,
        "- Check the solve did not see, Fig. 2a (μ̄ falls with the tool length): {}. \
         `strip_draw/` holds the tool and multi-pass studies with this table \
         (`reductions.csv`, `fidelity.png`).",
        match &sat.ordering {
            Ok(()) => "holds at 1, 10 and 25 MPa".to_owned(),
            Err(why) => format!("**fails**: {why}"),
        }
    );
    if ends.is_empty() {
        let _ = writeln!(m);
        return;
    }
    // Issue 42 item 4: what α's total interval does to ζ and μ_p.
    let solved = |f: fn(&super::alpha_ends::EndLaw) -> f64| {
        ends.iter()
            .map(|e| format!("{:.4}", f(&e.law)))
            .collect::<Vec<_>>()
            .join(" … ")
    };
    let unreached: Vec<String> = ends
        .iter()
        .filter(|e| e.converged.is_err())
        .map(|e| {
            format!(
                " At the {} end no ζ ∈ [0, 1], μ_p ∈ [0, μ0] reaches the published reductions: \
                 the values given are where the solve stopped (one pass {:.1} %, three passes \
                 {:.1} %).",
                e.end.name(),
                100.0 * e.law.one_pass,
                100.0 * e.law.three_pass
            )
        })
        .collect();
    let alphas = ends
        .iter()
        .map(|e| e.alpha.first().map_or("n/a".into(), |a| format!("{a:.2}")))
        .collect::<Vec<_>>()
        .join(" … ");
    let _ = writeln!(
        m,
        "- **At the ends of α's total interval** (first sample α = {alphas}; every sample moved to \
         its end, β_thres by Eq. 24), re-solved: ζ = {}, μ_p = {}.{} The fidelity curves carry \
         this band (`strip_draw/fidelity.png`, `reductions.csv` columns `band_model_lo/hi`, \
         with the 70 and 140 mm one-pass reductions the solve did not see); \
         `saturation/alpha_ends.csv`.\n",
        solved(|l| l.zeta),
        solved(|l| l.mu_p),
        unreached.concat()
    );
}

fn pct(half: f64, of: f64) -> String {
    if of > 0.0 && half.is_finite() {
        format!("±{:.0} %", 100.0 * half / of)
    } else {
        "n/a".into()
    }
}

/// The α and α(v) section: per-velocity α with its interval, the process velocities with
/// β_thres, what it takes to halve the interval, the laws and the paired trend.
fn alpha_section(m: &mut String, opts: &Options, alpha: &AlphaSweep, table: &Table) {
    let cfg = &opts.config;
    let frame = cfg.flakes.drag_frame.name();
    let _ = writeln!(m, "## α (Eq. 23) and α(v) (Fig. 15)\n");
    let _ = writeln!(
        m,
        "Flake drag toward the **{frame}** frame (`flakes.drag_frame`), γ = {:.2e} 1/s. Intervals: 95 % percentile \
         intervals of a cluster bootstrap over seed indices (surface pairs), {REPLICATES} replicates, paired across \
         velocities. `process.similarity_velocity` = {} m/s (0: every velocity simulated directly; otherwise slower \
         velocities ran at it with γ scaled to the same flight length v0/γ — a similarity that failed its check in \
         the lubricant frame, issue 14).\n",
        cfg.flakes.damping, cfg.process.similarity_velocity
    );
    let _ = writeln!(
        m,
        "| v [m/s] | ran at [m/s] | α | statistical 95 % CI | half-width | cases (seed indices) | R² (linear in β·p) | α per β |"
    );
    let _ = writeln!(m, "|---|---|---|---|---|---|---|---|");
    for x in &alpha.per_velocity {
        let per_beta: Vec<String> = x
            .betas
            .iter()
            .zip(&x.alpha_per_beta)
            .map(|(b, v)| format!("β={b}: {v:.3}"))
            .collect();
        let _ = writeln!(
            m,
            "| {} | {} | {:.3} | [{:.3}, {:.3}] | {} | {} ({}) | {:.3} | {} |",
            x.velocity,
            x.simulated_velocity,
            x.alpha,
            x.ci95[0],
            x.ci95[1],
            pct(0.5 * (x.ci95[1] - x.ci95[0]), x.alpha),
            x.cases,
            x.seeds,
            x.r_squared,
            per_beta.join(", ")
        );
    }
    let _ = writeln!(m, "\n### At the process velocities\n");
    let _ = writeln!(
        m,
        "The 95 % CI below is **statistical**: {STATISTICAL_IS_NOT_ACCURACY}. The systematic interval \
         spans the admissible range of the model choices a user cannot pin down (`[[systematic.terms]]`); \
         the total combines both. {}.\n",
        systematic_text(table)
    );
    let curve = &table.alpha.curve;
    for &v in &cfg.process.velocities {
        let Some(x) = alpha.at(v) else { continue };
        let i = curve
            .v
            .iter()
            .position(|&s| f64::from(s) == f64::from(v as f32));
        let both = |u: Option<tribo_core::table::Uncertain>| {
            u.map_or("n/a".to_owned(), |u| intervals_text(&u, 4))
        };
        let alpha_text = both(i.and_then(|i| table.alpha_uncertainty(i)));
        let beta = both(i.and_then(|i| table.beta_thres_uncertainty(i)));
        let half = 0.5 * (x.ci95[1] - x.ci95[0]);
        let _ = writeln!(
            m,
            "- **v = {v} m/s: α = {alpha_text}; β_thres = {beta}** — statistical half-width {}, from {} \
             cases on {} seed indices, simulated at {} m/s. The statistical interval shrinks as \
             1/√(seed indices), the spread being between surface realisations: halving it takes about 4× \
             the seed indices (`process.seeds = {}`, and `sweep.surfaces` at least as many), i.e. 4× this \
             velocity's CPU time; the systematic interval does not shrink with more cases.",
            pct(half, x.alpha),
            x.cases,
            x.seeds,
            x.simulated_velocity,
            4 * x.seeds
        );
    }
    let _ = writeln!(
        m,
        "\nThe table's α(v) is these samples: between them the monotone cubic in ln v, below the lowest the \
         lowest sample's value (a stated limit: the flakes are overdamped there; not verified below the lowest \
         sample, so include the slowest process speed), above the highest the highest's. No law is extrapolated.\n"
    );
    match &alpha.law {
        Ok(l) => {
            let _ = writeln!(
                m,
                "Fitted α(v) = α∞ + (α0 − α∞)·exp(−v/v_ref): α∞ = {:.3}, α0 = {:.3}, v_ref = {:.3} m/s (R² {:.3}).",
                l.alpha_inf, l.alpha_0, l.v_ref, l.r_squared
            );
        }
        Err(e) => {
            let _ = writeln!(
                m,
                "α(v) = α∞ + (α0 − α∞)·exp(−v/v_ref) **not fitted**: {e}."
            );
        }
    }
    match &alpha.seed_law {
        Ok(l) => {
            let _ = writeln!(
                m,
                "Seed 000's form b·(1 − exp(−v/v_ref)): b = {:.3}, v_ref = {:.3} m/s (R² {:.3}).",
                l.alpha_inf, l.v_ref, l.r_squared
            );
        }
        Err(e) => {
            let _ = writeln!(
                m,
                "Seed 000's form b·(1 − exp(−v/v_ref)) **not fitted**: {e}."
            );
        }
    }
    let n = alpha.per_velocity.len();
    if let Some(c) = alpha.paired(0, n.saturating_sub(1)).filter(|_| n >= 2) {
        let verdict = match c.trend {
            Trend::Increasing => "α **rises** with v0, as in seed 000 Fig. 15",
            Trend::Decreasing => "α **falls** with v0, against seed 000 Fig. 15",
            Trend::Unresolved => {
                "the paired interval contains no change: **no trend can be claimed**"
            }
        };
        let _ = writeln!(
            m,
            "\nPaired trend from {} to {} m/s: {c}: {verdict}.",
            c.v_lo, c.v_hi
        );
    }
    let _ = writeln!(
        m,
        "Where the α per β drift apart, Eq. 23's linearity in β breaks (seed 000 §6.4: high β).\n"
    );
}
