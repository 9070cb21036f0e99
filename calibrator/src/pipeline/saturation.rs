//! The law at saturation (issue 30), as a stage of `tribo calibrate` and as `tribo fit
//! saturation`: ζ and the friction μ_p of the particle-borne area solved from seed 000 §2.1's
//! one- and three-pass reductions on a table's law ([`crate::strip_draw::saturation`]), written
//! into the table (ζ, and the particle-shear section with origin
//! [`ParticleShearOrigin::FittedSeed000Passes`]), with the check the solve did not see: the
//! tool-length ordering of seed 000 Fig. 2a.

use std::io::Write;
use std::path::{Path, PathBuf};

use tribo_core::table::{ParticleShearOrigin, ParticleShearSection, SectionProvenance, Table};
use tribo_core::transport::SourceRule;

use super::error::{PipelineError, Result, write_csv};
use crate::report::CsvTable;
use crate::report::csv::Cell;
use crate::strip_draw::NumericSettings;
use crate::strip_draw::model::StripModel;
use crate::strip_draw::saturation::{
    FIG2A_TOOLS, REDUCTION_PRECISION, SEED000_ONE_PASS_REDUCTION, SEED000_THREE_PASS_REDUCTION,
    SaturationSolve, solve_seed000_passes, tool_ordering, tool_study,
};
use crate::table::assemble::CALIBRATOR_VERSION;
use crate::table::io::{read_table, write_table};

/// Pressures of the tool-length check \[Pa\].
pub const CHECK_PRESSURES: [f64; 3] = [1.0e6, 10.0e6, 25.0e6];

/// Element size of the solve's runs \[m\]: 1 mm (4× cheaper than the 0.5 mm of the studies; seed
/// 000 §4 and `tribo strip-draw --check-refinement` put the mesh effect on μ̄ below 1 %).
pub const SOLVE_ELEMENT: f64 = 1.0e-3;

/// The numerical settings of the solve: seed 000's 140 mm slide and 20 mm window, 1 mm elements.
pub fn solve_settings() -> NumericSettings {
    NumericSettings {
        element_length: SOLVE_ELEMENT,
        ..NumericSettings::seed_000()
    }
}

/// What the stage found.
#[derive(Clone, Debug)]
pub struct SaturationOutcome {
    /// The solve.
    pub solve: SaturationSolve,
    /// μ̄\[tool\]\[pressure\] of the tool-length check (tools 35, 70, 140 mm; [`CHECK_PRESSURES`]).
    pub tools: Vec<Vec<f64>>,
    /// Fig. 2a's ordering holds (else the first violation).
    pub ordering: std::result::Result<(), String>,
}

/// Solves ζ and μ_p on `table` (starting from its ζ and μ_p, or the documented ratio) with the
/// particle source `source_rule` (seed 000's [`SourceRule::Archard`] for tables), writes
/// them into it (validated), runs the tool-length check, writes `saturation.csv` into
/// `report` and logs the figures. `provenance` becomes the section's (its `cases` is set to
/// the runs of the solve).
///
/// # Errors
///
/// [`PipelineError::StripDraw`] when the strip-draw model refuses the table or the ζ/μ_p solve or
/// the tool-length runs fail; [`PipelineError::InvalidTable`] when the table with the solved values
/// does not validate (`table` is then unchanged); [`PipelineError::Log`], [`PipelineError::Io`] or
/// [`PipelineError::Report`] when the log or report cannot be written.
pub fn solve_into_table(
    table: &mut Table,
    mut provenance: SectionProvenance,
    source_rule: SourceRule,
    report: &Path,
    log: &mut dyn Write,
) -> Result<SaturationOutcome> {
    let settings = solve_settings();
    let model = StripModel::from_table(table)?.with_source_rule(source_rule);
    let mu0 = f64::from(model.law.mu0());
    let start_mu_p = model.law.particle_friction().map_or(
        f64::from(tribo_core::seed000::PARTICLE_SHEAR_RATIO) * mu0,
        f64::from,
    );
    let solve = solve_seed000_passes(
        &model,
        [f64::from(table.transport.zeta), start_mu_p],
        &settings,
    )?;
    let mut next = table.clone();
    next.transport.zeta = solve.zeta as f32;
    provenance.cases = (2 * solve.evaluations) as u32;
    next.particle_shear = Some(ParticleShearSection {
        particle_friction: solve.mu_p as f32,
        ci95: solve.mu_p_interval.map(|x| x as f32),
        origin: ParticleShearOrigin::FittedSeed000Passes,
        material: table.material.clone(),
        provenance,
    });
    next.validate().map_err(PipelineError::InvalidTable)?;
    let checked = StripModel::from_table(&next)?.with_source_rule(source_rule);
    let tools = tool_study(&checked, &CHECK_PRESSURES, &settings)?;
    let ordering = tool_ordering(&tools, &CHECK_PRESSURES);
    *table = next;
    let r = &solve.reductions;
    writeln!(
        log,
        "law at saturation (seed 000 §2.1, 35 mm tool, 1 → 25 MPa): ζ = {:.4} [{:.4}, {:.4}], μ_p = {:.4} [{:.4}, {:.4}] (= {:.3}·μ0, τ_p = {:.3e} Pa; intervals: ±{:.0} points on the published reductions); one pass {:.1} % (seed ~{:.0} %), three passes {:.1} % (seed {:.0} %); {} Newton steps, {} evaluations",
        solve.zeta,
        solve.zeta_interval[0],
        solve.zeta_interval[1],
        solve.mu_p,
        solve.mu_p_interval[0],
        solve.mu_p_interval[1],
        solve.mu_p / mu0,
        checked.law.particle_shear_strength().map_or(f64::NAN, f64::from),
        100.0 * REDUCTION_PRECISION,
        100.0 * r.one_pass,
        100.0 * SEED000_ONE_PASS_REDUCTION,
        100.0 * r.three_pass,
        100.0 * SEED000_THREE_PASS_REDUCTION,
        solve.iterations,
        solve.evaluations
    )
    .map_err(PipelineError::Log)?;
    let check = match &ordering {
        Ok(()) => "holds".to_owned(),
        Err(why) => format!("FAILS: {why}"),
    };
    writeln!(
        log,
        "  check not seen by the solve, Fig. 2a's tool-length ordering at {} MPa: {check}",
        CHECK_PRESSURES
            .iter()
            .map(|p| format!("{:.0}", p * 1e-6))
            .collect::<Vec<_>>()
            .join(", ")
    )
    .map_err(PipelineError::Log)?;
    write_outcome_csv(&solve, &tools, report)?;
    Ok(SaturationOutcome {
        solve,
        tools,
        ordering,
    })
}

fn write_outcome_csv(solve: &SaturationSolve, tools: &[Vec<f64>], report: &Path) -> Result<()> {
    std::fs::create_dir_all(report).map_err(super::error::io_at("creating", report))?;
    let mut csv = CsvTable::new(&["quantity", "tool_mm", "pressure_MPa", "pass", "value"]);
    let r = &solve.reductions;
    let scalar = |csv: &mut CsvTable, name: &'static str, v: f64| {
        csv.push_cells(&[
            Cell::Text(name),
            Cell::Num(35.0),
            Cell::Num(f64::NAN),
            Cell::Num(f64::NAN),
            Cell::Num(v),
        ]);
    };
    for (name, v) in [
        ("zeta", solve.zeta),
        ("zeta_lo", solve.zeta_interval[0]),
        ("zeta_hi", solve.zeta_interval[1]),
        ("mu_p", solve.mu_p),
        ("mu_p_lo", solve.mu_p_interval[0]),
        ("mu_p_hi", solve.mu_p_interval[1]),
        ("one_pass_reduction", r.one_pass),
        ("three_pass_reduction", r.three_pass),
        ("seed000_one_pass_reduction", SEED000_ONE_PASS_REDUCTION),
        ("seed000_three_pass_reduction", SEED000_THREE_PASS_REDUCTION),
    ] {
        scalar(&mut csv, name, v);
    }
    for (k, p) in crate::strip_draw::saturation::PASS_PRESSURES
        .iter()
        .enumerate()
    {
        for pass in 0..3 {
            csv.push_cells(&[
                Cell::Text("mu_bar_passes"),
                Cell::Num(35.0),
                Cell::Num(p * 1e-6),
                Cell::Num((pass + 1) as f64),
                Cell::Num(r.mu[k][pass]),
            ]);
        }
    }
    for (t, row) in tools.iter().enumerate() {
        for (k, mu) in row.iter().enumerate() {
            csv.push_cells(&[
                Cell::Text("mu_bar_tool_check"),
                Cell::Num(FIG2A_TOOLS[t] * 1e3),
                Cell::Num(CHECK_PRESSURES[k] * 1e-6),
                Cell::Num(1.0),
                Cell::Num(*mu),
            ]);
        }
    }
    write_csv(&csv, &report.join("saturation.csv"))
}

/// Inputs of `tribo fit saturation`.
#[derive(Debug, Clone)]
pub struct FitSaturationConfig {
    /// The table whose law is solved on.
    pub table_in: PathBuf,
    /// Where the table with ζ and μ_p goes.
    pub table_out: PathBuf,
    /// Report folder (`saturation.csv`).
    pub out: PathBuf,
    /// Particle source of the solve's runs (a mechanism study; the table does not record it).
    pub source_rule: SourceRule,
}

/// `tribo fit saturation`: [`solve_into_table`] on a table file, written to another.
///
/// # Errors
///
/// [`PipelineError::TableIo`] when the input table cannot be read or the output table written;
/// those of [`solve_into_table`]; [`PipelineError::Io`] or [`PipelineError::Log`] when the report
/// folder or the log cannot be written.
pub fn fit_saturation(
    args: &FitSaturationConfig,
    log: &mut dyn Write,
) -> Result<SaturationOutcome> {
    let mut table = read_table(&args.table_in)?;
    let provenance = section_provenance(&table, "fit saturation");
    let outcome = solve_into_table(&mut table, provenance, args.source_rule, &args.out, log)?;
    if let Some(dir) = args
        .table_out
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
    {
        std::fs::create_dir_all(dir).map_err(super::error::io_at("creating", dir))?;
    }
    let bytes = write_table(&args.table_out, &table)?;
    writeln!(log, "wrote {} ({bytes} bytes)", args.table_out.display())
        .map_err(PipelineError::Log)?;
    Ok(outcome)
}

/// The provenance of a section computed on `table` by this calibrator under `preset`.
pub fn section_provenance(table: &Table, preset: &str) -> SectionProvenance {
    let mut p = SectionProvenance {
        calibrator_version: heapless::String::new(),
        preset: heapless::String::new(),
        seed: table.provenance.seed,
        config_hash: table.provenance.config_hash,
        cases: 0,
    };
    let _ = p.calibrator_version.push_str(CALIBRATOR_VERSION);
    for c in preset.chars() {
        if p.preset.push(c).is_err() {
            break;
        }
    }
    p
}
