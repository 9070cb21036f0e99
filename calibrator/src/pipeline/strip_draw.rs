//! The strip-draw studies with the core's bar (seed 000 §2, §7; the same
//! [`tribo_core::bar::StripDraw`] code the firmware runs), behind `tribo strip-draw`.
//!
//! For a calibration table (without one the **documented seed-000 defaults**, not a
//! calibration — said on stderr and in the log), the sweeps of [`crate::strip_draw::cases`]:
//! μ̄ vs P_N per tool length, per ζ, per Archard K, and multi-pass runs with β persisting plus a
//! cleaned pass; the report of [`crate::studies::strip_draw::report`]. μ̄ is F_S/F_N averaged over the
//! last `window` of the `slide` ([`crate::strip_draw::extract`]). Inputs are SI (Pa, m, s),
//! as every command line flag parses them (`30MPa`, `35mm` or `0.035`).
//! `check_refinement` reruns the tool cases at the map pressure with l_e/2 and with Δt/2 and
//! reports the changes of β and μ̄ (`refinement.csv`).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

use super::error::{PipelineError, Result, write_csv};

use crate::report::CsvTable;
use crate::strip_draw::cases::{
    StripCaseResult, Study, SweepSpec, list_strip_cases, run_strip_cases,
};
use crate::strip_draw::model::{NumericSettings, StripModel};
use crate::strip_draw::refine::{mesh_check, step_check};
use crate::studies::strip_draw::fidelity::{
    Fidelity, FidelityBand, fidelity, summary_lines, write_fidelity,
};
use crate::studies::strip_draw::report::write_sweep_report;
use crate::table::describe::DEFAULTS_BANNER;
use crate::table::io::read_table;
use crate::validate::rules::{ELEMENT_SIZE_M, PRESSURE, SLIDE_M, TOOL_LENGTH_M};
use tribo_core::bar::BarParams;
use tribo_core::transport::SourceRule;

/// Inputs of the strip-draw studies (SI): the table, the sweep ([`SweepSpec`], the one spec) and
/// the bar's numerics.
#[derive(Debug, Clone)]
pub struct StripDrawConfig {
    /// Calibration table (None: the documented seed-000 defaults — NOT a calibration).
    pub table: Option<PathBuf>,
    /// Output folder for the CSV files and plots.
    pub out: PathBuf,
    /// What to sweep (ζ, K None: the table's; map pressure None: the highest).
    pub sweep: SweepSpec,
    /// Slide, averaging window, element size and time step.
    pub numerics: BarNumerics,
    /// Also rerun the tool cases at the map pressure with l_e/2 and Δt/2 (refinement.csv).
    pub check_refinement: bool,
    /// Friction μ_p of the particle-borne area \[-\] (None: the table's; 0: seed 000's Eq. 7).
    pub particle_friction: Option<f64>,
    /// Which part of the contact creates particles (None: the table's).
    pub source_rule: Option<SourceRule>,
    /// The same fidelity cases on the tables at the two ends of an interval (α's total interval:
    /// `pipeline/alpha_ends.rs`), drawn as bands in `fidelity.png` and `reductions.csv`.
    pub fidelity_band: Option<FidelityBand>,
}

impl StripDrawConfig {
    /// The fidelity studies of issue 30 on the table at `table`, into `out`: μ̄ against seed
    /// 000's pressures for the tools of Fig. 2a (35, 70, 140 mm) and three passes plus a cleaned
    /// one with the 35 mm tool (Fig. 2b), with the table's ζ, K and μ_p, 1 mm elements (as the
    /// saturation solve: `--check-refinement` puts the mesh effect below 1 %).
    pub fn fidelity(table: &Path, out: &Path) -> Self {
        Self {
            table: Some(table.to_path_buf()),
            out: out.to_path_buf(),
            sweep: Self::fidelity_sweep(),
            numerics: Self::fidelity_numerics(),
            check_refinement: false,
            particle_friction: None,
            source_rule: None,
            fidelity_band: None,
        }
    }

    /// The sweep of [`Self::fidelity`]: the tool-length study over Fig. 2a's tools and the
    /// multi-pass study, at seed 000's pressures, with the table's ζ and K.
    pub fn fidelity_sweep() -> SweepSpec {
        SweepSpec {
            studies: vec![Study::ToolLength, Study::MultiPass],
            tools: crate::strip_draw::saturation::FIG2A_TOOLS.to_vec(),
            zetas: Vec::new(),
            archard_ks: Vec::new(),
            ..SweepSpec::seed_000()
        }
    }

    /// The numerics of [`Self::fidelity`]: seed 000's 140 mm slide and 20 mm window on the
    /// saturation solve's 1 mm elements.
    pub fn fidelity_numerics() -> BarNumerics {
        BarNumerics {
            slide: 0.140,
            window: 0.020,
            element_size: crate::pipeline::saturation::SOLVE_ELEMENT,
            time_step: None,
            courant: 0.9,
        }
    }
}

/// What the strip-draw studies produced.
#[derive(Debug, Clone)]
pub struct StripDrawOutcome {
    /// One result per case, in case order.
    pub results: Vec<StripCaseResult>,
    /// The report files written.
    pub files: Vec<PathBuf>,
    /// `refinement.csv`, when the refinement checks ran.
    pub refinement: Option<PathBuf>,
    /// Whether the model was the documented defaults (no table given).
    pub defaults: bool,
    /// Seed 000 §2.1's reductions and Fig. 2a's ordering (when the tool or multi-pass study ran).
    pub fidelity: Option<Fidelity>,
}

/// Mesh and step of the bar (SI), shared by the strip-draw studies and the strip-draw fit.
#[derive(Debug, Clone)]
pub struct BarNumerics {
    /// Slide of each pass \[m\] (seed 000: 0.140).
    pub slide: f64,
    /// μ̄ averaging window at the end of the slide \[m\].
    pub window: f64,
    /// Element size l_e \[m\].
    pub element_size: f64,
    /// Explicit time step \[s\] (default: CFL-derived, `courant` × the stability limit).
    pub time_step: Option<f64>,
    /// Courant factor of the CFL-derived time step, in (0, 1].
    pub courant: f64,
}

impl BarNumerics {
    /// The validated numeric settings: the flags' plausibility rules (a bare number is SI),
    /// then the bar's own consistency checks.
    ///
    /// # Errors
    ///
    /// [`PipelineError::Config`] naming the flag when `--slide`, `--window` or `--element-size`
    /// is outside its rule; [`PipelineError::StripDraw`] (a `StripDrawError::Setting`) when the
    /// settings are inconsistent (a window longer than the slide, a Courant factor or time step
    /// out of range).
    pub fn settings(&self) -> Result<NumericSettings> {
        SLIDE_M.check("--slide (m, or with a unit: 140mm)", self.slide)?;
        SLIDE_M.check("--window (m, or with a unit: 20mm)", self.window)?;
        ELEMENT_SIZE_M.check(
            "--element-size (m, or with a unit: 0.5mm)",
            self.element_size,
        )?;
        if let Some(dt) = self.time_step {
            crate::validate::Rule::POSITIVE.check("--time-step (s, or with a unit: 2us)", dt)?;
        }
        crate::validate::Rule::Real {
            lo: crate::validate::Bound::Open(0.0),
            hi: crate::validate::Bound::Closed(1.0),
        }
        .check("--courant", self.courant)?;
        let settings = NumericSettings {
            slide: self.slide,
            window: self.window,
            element_length: self.element_size,
            time_step: self.time_step,
            courant: self.courant,
            ..NumericSettings::seed_000()
        };
        settings.validate()?;
        Ok(settings)
    }
}

/// Bytes per bar node of one pass: displacement, velocity, acceleration, mark (f64), α, β
/// (f32) and the node's Coulomb spring (≈ 2 f64): ≈ 56 B, rounded up.
const BYTES_PER_BAR_NODE: f64 = 64.0;

/// The memory and work budgets of a strip-draw sweep of `cases` cases of bar `p` (each at
/// least one pass of `settings.slide`): nodes × steps element-steps per case, with the
/// element size named (l_e sets both the nodes and, through the CFL step, the steps:
/// `--element-size 1e-9m` ran without bound).
fn check_bar_budgets(p: &BarParams, settings: &NumericSettings, cases: usize) -> Result<()> {
    const FLAG: &str = "--element-size";
    // A given --time-step sets the steps itself: the work is named after it
    // (`--time-step 1e-300s` blamed --element-size).
    let (step_flag, step_value) = match settings.time_step {
        Some(dt) => ("--time-step", dt),
        None => (FLAG, p.element_length),
    };
    let length = p.tool_entry + p.tool_length + tribo_core::bar::RIGHT_MARGIN;
    let nodes = length / p.element_length + 2.0;
    crate::validate::budget::check(
        FLAG,
        crate::validate::rule::show(p.element_length),
        "the bar's nodes",
        nodes * BYTES_PER_BAR_NODE,
    )?;
    let steps = settings.slide / (p.pull_velocity * p.time_step());
    crate::validate::work::check(
        step_flag,
        step_value,
        "bar element-steps",
        nodes * steps * cases as f64,
        crate::validate::work::SECONDS_PER_BAR_ELEMENT_STEP,
    )?;
    Ok(())
}

/// The flag names of the strip-draw inputs in messages, with their SI unit and a suffixed
/// example (a bare number is SI: `--pressures 30` is 30 Pa and refused by [`PRESSURE`]).
const PRESSURES_FLAG: &str = "--pressures (Pa, or with a unit: 30MPa)";
const TOOLS_FLAG: &str = "--tools (m, or with a unit: 35mm)";

/// The model, numerical settings and sweep `args` ask for (and whether the model is the
/// documented defaults).
///
/// # Errors
///
/// [`PipelineError::TableIo`] when `--table` cannot be read; [`PipelineError::StripDraw`] when the
/// model refuses the table or μ_p; [`PipelineError::Config`] for a pressure, tool length or map
/// pressure outside its rule; [`PipelineError::Zeta`] for ζ outside \[0, 1\];
/// [`PipelineError::ArchardK`] for a negative or non-finite K; the errors of
/// [`BarNumerics::settings`].
pub fn setup(args: &StripDrawConfig) -> Result<(StripModel, NumericSettings, SweepSpec, bool)> {
    let (table, defaults) = match &args.table {
        Some(path) => (read_table(path)?, false),
        None => (tribo_core::table::Table::seed000_defaults(), true),
    };
    let mut model = StripModel::from_table(&table)?;
    if let Some(mu_p) = args.particle_friction {
        crate::validate::rules::FRICTION_COEFFICIENT.check("--particle-friction", mu_p)?;
        model = model.with_particle_friction(Some(mu_p))?;
    }
    if let Some(rule) = args.source_rule {
        model = model.with_source_rule(rule);
    }
    let spec = &args.sweep;
    PRESSURE.check_each(PRESSURES_FLAG, &spec.pressures)?;
    TOOL_LENGTH_M.check_each(TOOLS_FLAG, &spec.tools)?;
    if let Some(p) = spec.map_pressure {
        PRESSURE.check("--map-pressure (Pa, or with a unit: 30MPa)", p)?;
    }
    // A nominal pressure at or above the table's hardness is a fully plastic contact, outside
    // the law's domain p < H (`strip-draw --pressures 2GPa` ran on a 600 MPa sheet).
    let hardness = f64::from(table.transport.hardness);
    for (flag, p) in spec
        .pressures
        .iter()
        .map(|p| (PRESSURES_FLAG, *p))
        .chain(spec.map_pressure.map(|p| ("--map-pressure", p)))
    {
        crate::validate::Rule::Real {
            lo: crate::validate::Bound::Closed(1e3),
            hi: crate::validate::Bound::Open(hardness),
        }
        .check(
            &format!("{flag} (below the table's hardness H = {hardness:e} Pa)"),
            p,
        )?;
    }
    if let Some(&zeta) = spec
        .zetas
        .iter()
        .chain(spec.zeta.iter())
        // −0 (a −1e-300 read as f32) is refused with the negatives.
        .find(|z| !(0.0..=1.0).contains(*z) || z.is_sign_negative())
    {
        return Err(PipelineError::Zeta { zeta });
    }
    if let Some(&archard_k) = spec
        .archard_ks
        .iter()
        .chain(spec.archard_k.iter())
        .find(|k| !crate::validate::rules::ARCHARD_K.admits(f64::from(**k)) || k.is_sign_negative())
    {
        return Err(PipelineError::ArchardK { archard_k });
    }
    let settings = args.numerics.settings()?;
    let spec = spec.clone();
    Ok((model, settings, spec, defaults))
}

/// Runs the strip-draw studies of `args`, writes their report into `args.out` and the log (the
/// step, one line per case, the refinement checks) into `log`.
///
/// # Errors
///
/// Those of [`setup`]; [`PipelineError::NoStudy`] when no study is selected;
/// [`PipelineError::StripDraw`] when a case or the refinement check fails;
/// [`PipelineError::ReportIn`], [`PipelineError::Io`] or [`PipelineError::Log`] when the report or
/// the log cannot be written.
pub fn run_studies(args: &StripDrawConfig, log: &mut dyn Write) -> Result<StripDrawOutcome> {
    let (model, settings, spec, defaults) = setup(args)?;
    if defaults {
        crate::errln!("WARNING: no --table given: using the {DEFAULTS_BANNER}");
    }
    let cases = list_strip_cases(&spec, &model);
    if cases.is_empty() {
        return Err(PipelineError::NoStudy);
    }
    // The step of the first case, for the log (the stability limit depends on l_e only).
    let first = &cases[0];
    let p = model.bar_params(
        first.tool_length,
        first.pressure,
        first.zeta,
        first.archard_k,
        &settings,
    )?;
    check_bar_budgets(&p, &settings, cases.len())?;
    writeln!(
        log,
        "strip-draw: {} cases, l_e = {} mm, Δt = {:.3e} s (stability limit {:.3e} s), slide {} mm, μ̄ over the last {} mm",
        cases.len(),
        args.numerics.element_size * 1e3,
        p.time_step(),
        p.critical_time_step(),
        args.numerics.slide * 1e3,
        args.numerics.window * 1e3
    ).map_err(PipelineError::Log)?;
    let start = Instant::now();
    let pb = crate::progress::bar(cases.len() as u64, "strip draw");
    let results = run_strip_cases(&cases, &model, &settings, || pb.inc(1))?;
    crate::progress::finish(&pb);
    let elapsed = start.elapsed().as_secs_f64();
    let mut files =
        write_sweep_report(&results, &args.out).map_err(|source| PipelineError::ReportIn {
            stage: "writing the report",
            source,
        })?;
    print_summary(&results, log).map_err(PipelineError::Log)?;
    // Seed 000 §2.1's reductions and Fig. 2a's ordering, when the tool or multi-pass study ran.
    let fidelity = (spec.studies.contains(&Study::ToolLength)
        || spec.studies.contains(&Study::MultiPass))
    .then(|| fidelity(&results));
    if let Some(f) = &fidelity {
        for line in summary_lines(f) {
            writeln!(log, "{line}").map_err(PipelineError::Log)?;
        }
        files.extend(
            write_fidelity(&results, args.fidelity_band.as_ref(), &args.out).map_err(|source| {
                PipelineError::ReportIn {
                    stage: "writing the fidelity report",
                    source,
                }
            })?,
        );
    }
    let refinement = if args.check_refinement {
        let path = refinement(&model, &settings, &spec, &args.out, log)?;
        writeln!(log, "refinement checks: {}", path.display()).map_err(PipelineError::Log)?;
        Some(path)
    } else {
        None
    };
    writeln!(
        log,
        "{} cases in {elapsed:.1} s; {} files in {}{}",
        results.len(),
        files.len(),
        args.out.display(),
        if defaults {
            " — DOCUMENTED DEFAULTS, NOT A CALIBRATION"
        } else {
            ""
        }
    )
    .map_err(PipelineError::Log)?;
    Ok(StripDrawOutcome {
        results,
        files,
        refinement,
        defaults,
        fidelity,
    })
}

fn print_summary(results: &[StripCaseResult], log: &mut dyn Write) -> std::io::Result<()> {
    for r in results {
        let c = &r.case;
        let mus: Vec<String> = r
            .passes
            .iter()
            .map(|p| format!("{:.4} (drift {:+.2} %)", p.mu_bar, 100.0 * p.steady.drift))
            .collect();
        // The study's name only where the label does not start with it ("tool 5 mm", not
        // "tool tool 5 mm"; issue 45).
        let label = c.series_label();
        let study = if label.starts_with(c.study.name()) {
            ""
        } else {
            c.study.name()
        };
        writeln!(
            log,
            "{study:>9} {label:<14} P_N {:>5.1} MPa: μ̄ = {}",
            c.pressure * 1e-6,
            mus.join(", ")
        )?;
    }
    Ok(())
}

fn refinement(
    model: &StripModel,
    settings: &NumericSettings,
    spec: &SweepSpec,
    out: &std::path::Path,
    log: &mut dyn Write,
) -> Result<PathBuf> {
    let mut csv = CsvTable::new(&[
        "check",
        "tool_mm",
        "pressure_MPa",
        "zeta",
        "archard_k",
        "mu_base",
        "mu_refined",
        "mu_change",
        "beta_change_l2",
        "beta_change_max",
    ]);
    for &tool in &spec.tools {
        let (map_pressure, zeta, archard_k) = (
            spec.map_pressure(),
            spec.zeta_of(model),
            spec.archard_k_of(model),
        );
        let case = (tool, map_pressure, zeta, archard_k);
        for (name, r) in [
            ("mesh_half_le", mesh_check(model, case, settings)?),
            ("step_half_dt", step_check(model, case, settings)?),
        ] {
            writeln!(
                log,
                "{name}: tool {:.0} mm, P_N {:.0} MPa: β change {:.3} % (L2), {:.3} % (max); μ̄ {:.5} → {:.5} ({:.4} %)",
                tool * 1e3,
                map_pressure * 1e-6,
                100.0 * r.beta_change_l2,
                100.0 * r.beta_change_max,
                r.mu_base,
                r.mu_refined,
                100.0 * r.mu_change
            ).map_err(PipelineError::Log)?;
            csv.push_cells(&[
                crate::report::csv::Cell::Text(name),
                crate::report::csv::Cell::Num(tool * 1e3),
                crate::report::csv::Cell::Num(map_pressure * 1e-6),
                crate::report::csv::Cell::Num(f64::from(zeta)),
                crate::report::csv::Cell::Num(f64::from(archard_k)),
                crate::report::csv::Cell::Num(r.mu_base),
                crate::report::csv::Cell::Num(r.mu_refined),
                crate::report::csv::Cell::Num(r.mu_change),
                crate::report::csv::Cell::Num(r.beta_change_l2),
                crate::report::csv::Cell::Num(r.beta_change_max),
            ]);
        }
    }
    let path = out.join("refinement.csv");
    write_csv(&csv, &path)?;
    Ok(path)
}
