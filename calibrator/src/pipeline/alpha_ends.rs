//! What α's total interval means downstream (issue 42 item 4): the law at saturation re-solved
//! and the fidelity studies rerun with every α sample moved to an end of its **total** interval
//! (statistical and systematic combined by the table's rule, `tribo_core::table::uncertainty`).
//!
//! ζ and μ_p are solved from seed 000 §2.1's one- and three-pass reductions on the law of the
//! table ([`crate::strip_draw::saturation::solve_seed000_passes`]); α enters that law through the
//! β-transport (seed 000 Eq. 22–23: a larger α deactivates particles faster). So a table whose α
//! is uncertain by ×[0.5, 2] has a ζ and a μ_p uncertain by what this stage measures, and the
//! 70 and 140 mm tools and the three-pass curve — which the solve did not see — move with them.
//!
//! At each end (`alpha_lo`, `alpha_hi`): every sample's α is set to its total interval's end,
//! β_thres is refilled by Eq. 24, ζ and μ_p are re-solved (starting from the centre's solution),
//! and the fidelity cases of [`StripDrawConfig::fidelity`] run on that table. Where no ζ ∈ [0, 1],
//! μ_p ∈ [0, μ0] reaches seed 000's reductions (a large α already reduces μ̄ by more than 35 % in
//! one pass at ζ = 0), the end keeps where the solve stopped — on the bound, the closest the
//! law gets — and says so in the log, `summary.md` and `alpha_ends.csv` (`converged` = 0); that
//! is a finding about the table, not an error: the centre table is what is written.

use std::io::Write;
use std::path::Path;

use tribo_core::table::{ParticleShearOrigin, ParticleShearSection, Table};
use tribo_core::transport::SourceRule;

use super::error::{PipelineError, Result, write_csv};
use super::strip_draw::StripDrawConfig;
use crate::report::CsvTable;
use crate::report::csv::Cell;
use crate::strip_draw::StripDrawError;
use crate::strip_draw::cases::{StripCaseResult, list_strip_cases, run_strip_cases};
use crate::strip_draw::model::StripModel;
use crate::strip_draw::saturation::{SaturationSolve, solve_seed000_passes};

/// An end of α's total interval.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AlphaEnd {
    /// Every sample at the lower end of its total interval.
    Low,
    /// Every sample at the upper end.
    High,
}

impl AlphaEnd {
    /// Both ends, low first.
    pub const BOTH: [AlphaEnd; 2] = [AlphaEnd::Low, AlphaEnd::High];

    /// The name in CSVs and logs.
    pub fn name(self) -> &'static str {
        match self {
            AlphaEnd::Low => "alpha_lo",
            AlphaEnd::High => "alpha_hi",
        }
    }
}

/// ζ and μ_p at one end and the reductions they reach.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EndLaw {
    /// Tool fraction ζ \[-\].
    pub zeta: f64,
    /// Friction of the particle-borne area μ_p \[-\].
    pub mu_p: f64,
    /// One-pass reduction 1 → 25 MPa reached \[-\].
    pub one_pass: f64,
    /// Three-pass reduction reached \[-\].
    pub three_pass: f64,
}

/// The law at one end of α's total interval.
#[derive(Clone, Debug)]
pub struct EndOutcome {
    /// Which end.
    pub end: AlphaEnd,
    /// α at each sample of the table at this end \[-\].
    pub alpha: Vec<f32>,
    /// ζ and μ_p: the solution, or where the solve stopped (on a bound of ζ ∈ \[0, 1\],
    /// μ_p ∈ \[0, μ0\]: the closest this law gets to seed 000's reductions).
    pub law: EndLaw,
    /// `Err(why)` when the solve did not reach seed 000's reductions.
    pub converged: std::result::Result<(), String>,
    /// The fidelity cases (tool lengths, three passes) on this end's table.
    pub fidelity: Vec<StripCaseResult>,
}

/// `table` with every α sample at `end` of its total interval (its statistical interval moved by
/// the same ratio), β_thres refilled (Eq. 24) and the budget kept.
///
/// # Errors
///
/// [`PipelineError::InvalidTable`] when the moved table does not validate.
pub fn table_at_alpha_end(table: &Table, end: AlphaEnd) -> Result<Table> {
    let mut next = table.clone();
    let ends: Vec<f32> = (0..table.alpha.curve.alpha.len())
        .filter_map(|i| table.alpha_uncertainty(i))
        .map(|u| match end {
            AlphaEnd::Low => u.total[0],
            AlphaEnd::High => u.total[1],
        })
        .collect();
    // The statistical interval moves with the sample (same ratio), so α stays inside it.
    let c = &mut next.alpha.curve;
    for (((a, lo), hi), e) in c
        .alpha
        .iter_mut()
        .zip(c.ci95_lo.iter_mut())
        .zip(c.ci95_hi.iter_mut())
        .zip(&ends)
    {
        let ratio = *e / *a;
        (*a, *lo, *hi) = (*e, *lo * ratio, *hi * ratio);
    }
    next.fill_beta_thres_samples()
        .map_err(PipelineError::InvalidTable)?;
    if let Some(u) = &table.uncertainty {
        next.fill_uncertainty(&u.terms)
            .map_err(PipelineError::InvalidTable)?;
    }
    next.validate().map_err(PipelineError::InvalidTable)?;
    Ok(next)
}

/// `table` with ζ and μ_p of `law` (origin: fitted to seed 000's passes).
fn with_law(table: &Table, law: &EndLaw, mu_p_interval: [f64; 2]) -> Result<Table> {
    let mut next = table.clone();
    next.transport.zeta = law.zeta as f32;
    if let Some(section) = &table.particle_shear {
        next.particle_shear = Some(ParticleShearSection {
            particle_friction: law.mu_p as f32,
            ci95: mu_p_interval.map(|x| x as f32),
            origin: ParticleShearOrigin::FittedSeed000Passes,
            ..section.clone()
        });
    }
    next.validate().map_err(PipelineError::InvalidTable)?;
    Ok(next)
}

/// Re-solves ζ and μ_p and reruns the fidelity cases at both ends of α's total interval of
/// `table` (the centre table, ζ and μ_p already solved), with `source_rule`; writes
/// `alpha_ends.csv` into `report` and one log line per end.
///
/// # Errors
///
/// [`PipelineError::InvalidTable`] when an end's table does not validate;
/// [`PipelineError::StripDraw`] when a fidelity case fails (a solve that does not converge is
/// not an error: module doc); [`PipelineError::Io`] or [`PipelineError::Log`] when the CSV or the
/// log cannot be written.
pub fn solve_at_alpha_ends(
    table: &Table,
    source_rule: SourceRule,
    report: &Path,
    log: &mut dyn Write,
) -> Result<Vec<EndOutcome>> {
    // The solve's settings and the fidelity studies' own (`tribo calibrate` runs both).
    let solve_settings = super::saturation::solve_settings();
    let fidelity_sweep = StripDrawConfig::fidelity_sweep();
    let fidelity_settings = StripDrawConfig::fidelity_numerics().settings()?;
    let start = [
        f64::from(table.transport.zeta),
        table
            .particle_shear
            .as_ref()
            .map_or(0.0, |s| f64::from(s.particle_friction)),
    ];
    let mut outcomes = Vec::new();
    for end in AlphaEnd::BOTH {
        let moved = table_at_alpha_end(table, end)?;
        let model = StripModel::from_table(&moved)?.with_source_rule(source_rule);
        let (law, interval, converged) = match solve_seed000_passes(&model, start, &solve_settings)
        {
            Ok(s) => (law_of(&s), s.mu_p_interval, Ok(())),
            Err(e) => match &e {
                &StripDrawError::SaturationSolve {
                    zeta,
                    mu_p,
                    one_pass,
                    three_pass,
                    ..
                } => (
                    EndLaw {
                        zeta,
                        mu_p,
                        one_pass,
                        three_pass,
                    },
                    [mu_p, mu_p],
                    Err(e.to_string()),
                ),
                _ => return Err(e.into()),
            },
        };
        let solved = with_law(&moved, &law, interval)?;
        let model = StripModel::from_table(&solved)?.with_source_rule(source_rule);
        let cases = list_strip_cases(&fidelity_sweep, &model);
        let results = run_strip_cases(&cases, &model, &fidelity_settings, || {})?;
        let side = if end == AlphaEnd::Low {
            "lower"
        } else {
            "upper"
        };
        match &converged {
            Ok(()) => writeln!(
                log,
                "  at α's total {side} end (α(v) = {}): ζ = {:.4}, μ_p = {:.4}",
                join(&moved.alpha.curve.alpha),
                law.zeta,
                law.mu_p
            ),
            Err(_) => writeln!(
                log,
                "  at α's total {side} end (α(v) = {}) no ζ ∈ [0, 1], μ_p ∈ [0, μ0] reaches seed 000's reductions: the closest is ζ = {:.4}, μ_p = {:.4} with one pass {:.1} %, three passes {:.1} % (used for the fidelity band)",
                join(&moved.alpha.curve.alpha),
                law.zeta,
                law.mu_p,
                100.0 * law.one_pass,
                100.0 * law.three_pass
            ),
        }
        .map_err(PipelineError::Log)?;
        outcomes.push(EndOutcome {
            end,
            alpha: moved.alpha.curve.alpha.to_vec(),
            law,
            converged,
            fidelity: results,
        });
    }
    write_ends_csv(table, &outcomes, report)?;
    Ok(outcomes)
}

fn law_of(s: &SaturationSolve) -> EndLaw {
    EndLaw {
        zeta: s.zeta,
        mu_p: s.mu_p,
        one_pass: s.reductions.one_pass,
        three_pass: s.reductions.three_pass,
    }
}

fn join(xs: &[f32]) -> String {
    xs.iter()
        .map(|x| format!("{x:.3}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// `alpha_ends.csv`: one row per end (and the centre), α at the first sample, ζ, μ_p and the
/// reductions they reach.
fn write_ends_csv(table: &Table, outcomes: &[EndOutcome], report: &Path) -> Result<()> {
    std::fs::create_dir_all(report).map_err(super::error::io_at("creating", report))?;
    let mut csv = CsvTable::new(&[
        "end",
        "velocity_m_s",
        "alpha",
        "zeta",
        "mu_p",
        "one_pass_reduction",
        "three_pass_reduction",
        "converged",
    ]);
    let v0 = table.alpha.curve.v.first().copied().unwrap_or(f32::NAN);
    let centre_mu_p = table
        .particle_shear
        .as_ref()
        .map_or(f64::NAN, |s| f64::from(s.particle_friction));
    csv.push_cells(&[
        Cell::Text("centre"),
        Cell::Num(f64::from(v0)),
        Cell::Num(
            table
                .alpha
                .curve
                .alpha
                .first()
                .map_or(f64::NAN, |a| f64::from(*a)),
        ),
        Cell::Num(f64::from(table.transport.zeta)),
        Cell::Num(centre_mu_p),
        Cell::Num(f64::NAN),
        Cell::Num(f64::NAN),
        Cell::Int(1),
    ]);
    for o in outcomes {
        let EndLaw {
            zeta,
            mu_p,
            one_pass: r1,
            three_pass: r3,
        } = o.law;
        let ok = i64::from(o.converged.is_ok());
        csv.push_cells(&[
            Cell::Text(o.end.name()),
            Cell::Num(f64::from(v0)),
            Cell::Num(o.alpha.first().map_or(f64::NAN, |a| f64::from(*a))),
            Cell::Num(zeta),
            Cell::Num(mu_p),
            Cell::Num(r1),
            Cell::Num(r3),
            Cell::Int(ok),
        ]);
    }
    write_csv(&csv, &report.join("alpha_ends.csv"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::assemble::{defaults_table, set_alpha, set_systematic};
    use tribo_core::law::{AlphaSample, SampleOrigin};

    /// The moved table's α equals the total interval's ends (the core's rule), and β_thres at
    /// each end is Eq. 24 of that α: κ/(α·h'_rms), so it falls where α rises.
    #[test]
    fn an_end_table_carries_alpha_at_its_total_interval_and_eq24_beta_thres() {
        let mut t = defaults_table("quick", 7).unwrap();
        let s = AlphaSample {
            v: 0.08,
            alpha: 15.0,
            ci95: [14.0, 16.5],
            spread: 1.0,
            cases: 24,
            origin: SampleOrigin::Direct,
        };
        set_alpha(&mut t, None, &[s]).unwrap();
        set_systematic(&mut t, &crate::presets::systematic_budget().terms()).unwrap();
        let total = t.alpha_uncertainty(0).unwrap().total;
        assert!(total[0] < 14.0 && total[1] > 16.5, "{total:?}");
        let lo = table_at_alpha_end(&t, AlphaEnd::Low).unwrap();
        let hi = table_at_alpha_end(&t, AlphaEnd::High).unwrap();
        assert_eq!(lo.alpha.curve.alpha[0], total[0]);
        assert_eq!(hi.alpha.curve.alpha[0], total[1]);
        let eq24 = |a: f32| t.law.kappa / (a * t.law.slope_rms);
        const F32_ROUNDING: f32 = 1e-6; // relative: one division and one product in f32
        for (m, a) in [(&lo, total[0]), (&hi, total[1])] {
            let b = m.beta_thres.at_alpha_samples[0];
            assert!((b - eq24(a)).abs() <= F32_ROUNDING * b, "{b} {}", eq24(a));
        }
        assert!(hi.beta_thres.at_alpha_samples[0] < lo.beta_thres.at_alpha_samples[0]);
    }
}
