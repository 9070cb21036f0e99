//! The third-body layer of seed 002 behind `tribo third-body`: NSCD shear cell with heat and
//! cohesion. `Validate` runs a small sheared cell and checks the energy balance of Eq. 8–11 per
//! step; `Shear` runs one cell (dry, constant γ, or the Eq. 17 heating transition) and writes
//! its history and profiles; `Sweep` runs μ_3b against cohesion, temperature or normal force
//! (at a fixed inertial number) over seeds, with 95 % bootstrap CIs. Units: see
//! [`crate::third_body::study`].

use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

use crate::nscd::SweepOrder;
use crate::nscd::system::SolverStats;
use crate::progress;
use crate::studies::third_body::error::{Result, ThirdBodyError};
use crate::studies::third_body::report::write_paired;
use crate::studies::third_body::report::{write_run, write_sweep};
use crate::third_body::localisation::run_localisation;
use crate::third_body::lubricated::lubricated_cases;
use crate::third_body::paired::paired_cases;
use crate::third_body::run::{ShearOutcome, ShearRun, run_shear};
use crate::third_body::shear_cell::CellParams;
use crate::third_body::shear_cell::ShearCell;
use crate::third_body::stats::paired_difference;
use crate::third_body::study::{
    ShearCase, ShearCaseResult, cohesion_cases, cohesive_law, default_cell, default_run,
    inertial_cases, normal_force_cases, run_shear_cases, temperature_cases, transition_case,
};
pub use crate::third_body::thermal_constants::ThermalConstants;
use crate::third_body::thermo_cell::{ThermalSetup, ThermoCell, WallModel};

/// The material of seed 002's dry layer (the μ_3b(T) section): rigid disks with sapphire-like
/// or scaled constants, not a material pair of seed 000.
pub const DRY_LAYER_PAIR: &str = "seed-002 layer (sapphire-like)";
/// The conditions of seed 002's shear cell.
pub const DRY_LAYER_CONDITIONS: &str = "dry 2D NSCD shear cell";

/// One scalar of a run's outcome.
type Metric = fn(&ShearOutcome) -> f64;

/// What to do (`tribo third-body <ACTION>`, named by `commands::third_body::ActionArg`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ThirdBodyAction {
    /// The energy check of Eq. 8–11 on a small sheared cell.
    Validate,
    /// One run.
    Shear,
    /// Cases × seeds.
    Sweep,
}

/// Which sweep (`tribo third-body sweep --kind`, named by `commands::third_body::SweepArg`,
/// whose doc lines are the command's help).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ThirdBodySweep {
    /// Constant cohesion γ.
    Cohesion,
    /// Temperature, Eq. 17's η(T).
    Temperature,
    /// Normal force at a fixed inertial number.
    Force,
    /// Inertial number.
    Inertial,
    /// Heated band against matched constant-γ cells.
    Localisation,
    /// Seed 000's lubricated flakes (μ_p).
    Lubricated,
}

/// Inputs of `tribo third-body` (units as named).
#[derive(Debug, Clone)]
pub struct ThirdBodyConfig {
    /// validate | shear | sweep.
    pub action: ThirdBodyAction,
    /// Output folder.
    pub out: PathBuf,
    /// Master seed (seeds of a sweep are seed, seed+1, …).
    pub seed: u64,
    /// Seeds per sweep case.
    pub seeds: u64,
    /// Sweep kind.
    pub sweep: ThirdBodySweep,
    /// Constant cohesion γ (N/m) of `shear` (ignored with --eq17).
    pub gamma: f64,
    /// `shear`: the §5.3 heating transition with Eq. 17 instead of a constant γ.
    pub eq17: bool,
    /// `shear`: hold both walls at the initial temperature (reservoirs) instead of integrating
    /// their own heat equation (Eq. 16, the default).
    pub reservoir_walls: bool,
    /// `shear --eq17`: steps sheared with temperatures held before heating starts.
    pub preshear: usize,
    /// `sweep --kind temperature`: also put the third-body section into this table
    /// (read, set `third_body`, validate, written back atomically).
    pub table: Option<PathBuf>,
    /// Put the section into a `table` of another material pair.
    pub allow_foreign_material: bool,
    /// Free particles.
    pub particles: usize,
    /// Columns of the cell's period (units of 2·r_max); default √particles (a square layer).
    pub columns: Option<usize>,
    /// Normal force F on the top wall (N/m); the seed's 1 N/m by default. At fixed V, I ∝ 1/√F.
    pub normal_force: f64,
    /// NSGS relaxation ω (1: plain Gauss–Seidel, the solver before over-relaxation).
    pub relaxation: f64,
    /// NSGS sweep order.
    pub sweep_order: SweepOrder,
    /// NSGS sweep cap per step.
    pub max_sweeps: usize,
    /// NSGS sweep cap during the preparation (compaction, held pre-shear); `None`: `max_sweeps`.
    pub preparation_sweeps: Option<usize>,
    /// `sweep --kind cohesion`: the γ values (N/m), comma-separated.
    pub gammas: Vec<f64>,
    /// Shear steps (compaction is a quarter of it).
    pub steps: usize,
    /// Bottom-wall velocity V (m/s); the seed's 5 m/s by default.
    pub wall_velocity: f64,
    /// Time step h (s); 8 ns by default. (F, V, h) and (k²F, kV, h/k) are the same motion.
    pub time_step: f64,
    /// Initial temperature of the heated runs (`shear`, `sweep --kind localisation`), K.
    pub temperature: f64,
    /// Thermal constants of the heated runs: scaled (default) or sapphire.
    pub thermal: ThermalConstants,
    /// `sweep`: rerun the same cases and seeds with this NSGS relaxation ω and report the
    /// paired difference (this sweep − baseline) per case.
    pub baseline_relaxation: Option<f64>,
}

/// Runs the action of `args`, writing its report into `args.out` and its log into `log`.
///
/// # Errors
///
/// [`ThirdBodyError::BadArgument`] naming the flag for seeds, particles, steps, relaxation or
/// another argument outside its rule; [`ThirdBodyError::EnergyBalance`] when the energy balance of
/// a validation run fails; [`ThirdBodyError::TooManySamples`], [`ThirdBodyError::Section`],
/// [`ThirdBodyError::Table`] or [`ThirdBodyError::Merge`] when the section cannot be built or put
/// into the table; [`ThirdBodyError::Report`], [`ThirdBodyError::Io`], [`ThirdBodyError::Json`] or
/// [`ThirdBodyError::Log`] when an output cannot be written.
pub fn run_third_body(args: &ThirdBodyConfig, log: &mut dyn Write) -> Result<()> {
    check_arguments(args)?;
    let mut cell = default_cell();
    cell.solver.relaxation = args.relaxation;
    cell.solver.order = args.sweep_order;
    cell.solver.max_iterations = args.max_sweeps;
    cell.normal_force = args.normal_force;
    cell.wall_velocity = args.wall_velocity;
    cell.h = args.time_step;
    cell.particles = args.particles;
    cell.columns = args
        .columns
        .unwrap_or_else(|| ((args.particles as f64).sqrt().round() as usize).max(4));
    let mut run = ShearRun {
        compaction_steps: args.steps / 4,
        shear_steps: args.steps,
        ..default_run()
    };
    run.preparation_sweeps = args.preparation_sweeps;
    if (args.action == ThirdBodyAction::Shear && args.eq17)
        || (args.action == ThirdBodyAction::Sweep && args.sweep == ThirdBodySweep::Localisation)
    {
        run.preshear_steps = args.preshear;
    }
    let heating = args.thermal.heating_setup(&cell, args.temperature);
    let start = Instant::now();
    match args.action {
        ThirdBodyAction::Validate => validate(args, log),
        ThirdBodyAction::Shear => {
            let case = if args.eq17 {
                transition_case(&cell, heating)
            } else {
                cohesion_cases(&cell, &[args.gamma]).remove(0)
            };
            let bar = progress::bar(
                (run.compaction_steps + run.preshear_steps + run.shear_steps) as u64,
                "third-body shear",
            );
            let mut thermal = case.thermal.unwrap_or(ThermalSetup {
                surface_energy: None,
                ..heating
            });
            if args.reservoir_walls {
                thermal.walls = WallModel::Reservoir;
            }
            let mut tc = ThermoCell::new(ShearCell::build(case.cell, args.seed), thermal);
            let o = run_shear(&mut tc, &run, Some(&bar));
            crate::progress::finish(&bar);
            write_run(&args.out, &case.label, &o)?;
            if let Some(g) = &tc.wall_grids {
                writeln!(
                    log,
                    "Eq. 16 walls: surface rows at {:.1} K (bottom, moving) and {:.1} K (top)",
                    g[0].surface_mean(&tc.thermal.temperature),
                    g[1].surface_mean(&tc.thermal.temperature)
                )?;
            }
            writeln!(
                log,
                "{} ({} thermal constants): μ = {:.4} (steady from window {:?} of {}), band {:.2} d, \
                 z(V/2) {:.3}, I = {:.3}, mean η {:.4} J/m², T_max {:.4} K, \
                 {:.1} s; NSGS {}",
                case.label,
                args.thermal.label(),
                o.mu,
                o.steady_from,
                o.history.len(),
                o.band_width,
                o.half_speed_height,
                o.inertial_number,
                o.mean_surface_energy,
                o.history.last().map_or(f64::NAN, |r| r.t_max),
                start.elapsed().as_secs_f64(),
                o.stats.summary()
            )?;
            // Without a steady state the μ above is the mean of the second half of a transient
            // (`third_body::run`), not a friction coefficient of the layer: a short run of a
            // large cell was seen to give μ = −0.08 there. Say so instead of letting it pass as one.
            if o.steady_from.is_none() || o.mu <= 0.0 {
                writeln!(
                    log,
                    "warning: {}: no steady state within {} windows{}; the μ above is a transient \
                     mean, not the layer's friction coefficient — raise --steps",
                    case.label,
                    o.history.len(),
                    if o.mu <= 0.0 { " and μ ≤ 0" } else { "" },
                )?;
            }
            Ok(())
        }
        ThirdBodyAction::Sweep => {
            let seeds: Vec<u64> = (0..args.seeds).map(|k| args.seed.wrapping_add(k)).collect();
            let results = if args.sweep == ThirdBodySweep::Localisation {
                let case = transition_case(&cell, heating);
                let bar = progress::bar(2 * seeds.len() as u64, "third-body localisation");
                let study = run_localisation(&case, &run, &seeds, &|| bar.inc(1));
                crate::progress::finish(&bar);
                writeln!(
                    log,
                    "matched constant γ per seed (heating runs' steady mean η): {:?} N/m",
                    study.gammas
                )?;
                let results = vec![study.heating, study.matched];
                write_sweep(&args.out, "localisation", "case", &results)?;
                results
            } else {
                let (cases, stem, x_label) = sweep_cases(args.sweep, &cell, &args.gammas);
                let bar = progress::bar((cases.len() * seeds.len()) as u64, "third-body sweep");
                let results = run_shear_cases(&cases, &run, &seeds, &|| bar.inc(1));
                crate::progress::finish(&bar);
                writeln!(
                    log,
                    "sweep ω = {}: {:.1} s wall time",
                    args.relaxation,
                    start.elapsed().as_secs_f64()
                )?;
                write_sweep(&args.out, stem, x_label, &results)?;
                if args.sweep == ThirdBodySweep::Temperature {
                    write_section(args, &results, log)?;
                }
                if args.sweep == ThirdBodySweep::Lubricated {
                    write_particle_shear(args, &results[0], log)?;
                }
                if let Some(w0) = args.baseline_relaxation {
                    baseline(args, &cell, w0, &run, &seeds, &results, log)?;
                }
                results
            };
            for r in &results {
                let mean = |f: fn(&ShearOutcome) -> f64| r.mean_of(f);
                let [mu, mu_lo, mu_hi, band, band_lo, band_hi] = r.intervals();
                writeln!(
                    log,
                    "{:>14}: μ_3b = {mu:.4} [{mu_lo:.4}, {mu_hi:.4}] band {band:.2} d \
                     [{band_lo:.2}, {band_hi:.2}] z(V/2) {:.3} I {:.3} I_bulk {:.3} mean η {:.4} \
                     (n = {} seeds)",
                    r.case.label,
                    mean(|o| o.half_speed_height),
                    mean(|o| o.inertial_number),
                    mean(|o| o.bulk_inertial_number),
                    mean(|o| o.mean_surface_energy),
                    r.mu.n
                )?;
            }
            if results.len() >= 2 {
                let metrics: [(&str, Metric); 3] = [
                    ("μ", |o| o.mu),
                    ("band width [d]", |o| o.band_width),
                    ("z(v = V/2)", |o| o.half_speed_height),
                ];
                for (name, metric) in metrics {
                    let a: Vec<f64> = results[0].outcomes.iter().map(metric).collect();
                    let b: Vec<f64> = results[results.len() - 1]
                        .outcomes
                        .iter()
                        .map(metric)
                        .collect();
                    let d = paired_difference(&a, &b, 7);
                    writeln!(
                        log,
                        "paired Δ{name} (last − first case) = {:.4} [{:.4}, {:.4}]: {}",
                        d.mean,
                        d.lo,
                        d.hi,
                        if d.excludes_zero() {
                            "trend (CI excludes 0)"
                        } else {
                            "no trend claimed (CI includes 0)"
                        }
                    )?;
                }
            }
            let mut solver = SolverStats::default();
            for o in results.iter().flat_map(|r| &r.outcomes) {
                solver.add(&o.stats);
            }
            writeln!(log, "NSGS over all runs: {}", solver.summary())?;
            for r in &results {
                let mut s = SolverStats::default();
                let mut m = SolverStats::default();
                for o in &r.outcomes {
                    s.add(&o.stats);
                    m.add(&o.sheared_stats);
                }
                writeln!(log, "NSGS {:>14}: whole runs {}", r.case.label, s.summary())?;
                writeln!(
                    log,
                    "NSGS {:>14}: measured shear {}",
                    r.case.label,
                    m.summary()
                )?;
            }
            writeln!(log, "{:.1} s", start.elapsed().as_secs_f64())?;
            Ok(())
        }
    }
}

/// The cases, output stem and x label of a sweep kind (not [`ThirdBodySweep::Localisation`],
/// whose second arm depends on the first).
fn sweep_cases(
    kind: ThirdBodySweep,
    cell: &CellParams,
    gammas: &[f64],
) -> (Vec<ShearCase>, &'static str, &'static str) {
    match kind {
        ThirdBodySweep::Cohesion | ThirdBodySweep::Localisation => {
            (cohesion_cases(cell, gammas), "mu_vs_cohesion", "γ [N/m]")
        }
        ThirdBodySweep::Temperature => (
            temperature_cases(cell, &[700.0, 795.0, 800.0, 805.0, 900.0]),
            "mu_vs_temperature",
            "T [K]",
        ),
        ThirdBodySweep::Force => (
            normal_force_cases(cell, &[1.0, 2.0]),
            "mu_vs_normal_force",
            "F [N/m]",
        ),
        ThirdBodySweep::Inertial => (
            inertial_cases(cell, &[0.25, 0.5, 1.0, 2.0]),
            "mu_vs_inertial_number",
            "I / I(F = 1 N/m)",
        ),
        ThirdBodySweep::Lubricated => (
            lubricated_cases(cell),
            "mu_lubricated",
            "inter-particle μ_s [-]",
        ),
    }
}

/// The provenance of a section computed by this run from `cases` simulations.
fn section_provenance(args: &ThirdBodyConfig, cases: u32) -> tribo_core::table::SectionProvenance {
    tribo_core::table::SectionProvenance {
        calibrator_version: heapless::String::try_from(env!("CARGO_PKG_VERSION"))
            .unwrap_or_default(),
        preset: heapless::String::try_from("third-body").unwrap_or_default(),
        seed: args.seed,
        config_hash: 0,
        cases,
    }
}

/// The table's particle-shear section from the lubricated layer's reference case: μ_p = μ_3b
/// with its CI over seeds (origin [`ParticleShearOrigin::SimulatedShearCell`]), written as
/// `particle_shear_section.json` and, with `--table`, into the table (refused for another
/// material pair unless `--allow-foreign-material`). Logs τ_p = μ_p·E*·h'_rms/κ of the table
/// (the documented defaults without one).
fn write_particle_shear(
    args: &ThirdBodyConfig,
    reference: &ShearCaseResult,
    log: &mut dyn Write,
) -> Result<()> {
    use tribo_core::seed000::{CONDITIONS, MATERIAL_PAIR};
    use tribo_core::table::{MaterialIdentity, ParticleShearOrigin, ParticleShearSection};
    let mu = reference.mu;
    let provenance = section_provenance(args, mu.n as u32);
    let section = ParticleShearSection {
        particle_friction: mu.mean as f32,
        ci95: [mu.lo.max(0.0) as f32, mu.hi as f32],
        origin: ParticleShearOrigin::SimulatedShearCell,
        material: MaterialIdentity::new(MATERIAL_PAIR, &format!("{CONDITIONS}, 2D NSCD")),
        provenance,
    };
    section
        .validate()
        .map_err(|source| ThirdBodyError::Section {
            what: "the particle-shear section",
            source,
        })?;
    let table = match &args.table {
        Some(path) => crate::table::io::read_table(path)?,
        None => tribo_core::table::Table::seed000_defaults(),
    };
    let p = table.law;
    let tau_p = |m: f64| m * f64::from(p.e_star) * f64::from(p.slope_rms) / f64::from(p.kappa);
    writeln!(
        log,
        "lubricated layer ({}): μ_p = μ_3b = {:.4} [{:.4}, {:.4}] (n = {} seeds), τ_p = μ_p·E*·h'_rms/κ = {:.3e} [{:.3e}, {:.3e}] Pa with the {} table's E*, h'_rms, κ",
        reference.case.label,
        mu.mean,
        mu.lo,
        mu.hi,
        mu.n,
        tau_p(mu.mean),
        tau_p(mu.lo),
        tau_p(mu.hi),
        if args.table.is_some() {
            "given"
        } else {
            "defaults"
        }
    )?;
    let json = serde_json::to_string_pretty(&section)?;
    let json_path = args.out.join("particle_shear_section.json");
    crate::report::write_atomic(&json_path, json.as_bytes())
        .map_err(|e| ThirdBodyError::io("writing", &json_path, e))?;
    if let Some(path) = &args.table {
        use crate::table::merge::{Section, put_section_into_file};
        let bytes = put_section_into_file(
            path,
            Section::ParticleShear(section),
            args.allow_foreign_material,
        )?;
        writeln!(
            log,
            "particle-shear section written into {} ({bytes} bytes)",
            path.display()
        )?;
    }
    Ok(())
}

/// Reruns the sweep's cases and seeds with NSGS relaxation `w0` and writes/prints the paired
/// difference (main − baseline) per case: `stem_baseline*` and `stem_vs_baseline.csv`.
fn baseline(
    args: &ThirdBodyConfig,
    cell: &CellParams,
    w0: f64,
    run: &ShearRun,
    seeds: &[u64],
    main: &[ShearCaseResult],
    log: &mut dyn Write,
) -> Result<()> {
    let mut cell0 = *cell;
    cell0.solver.relaxation = w0;
    let (cases, stem, x_label) = sweep_cases(args.sweep, &cell0, &args.gammas);
    let bar = progress::bar((cases.len() * seeds.len()) as u64, "baseline sweep");
    let started = Instant::now();
    let base = run_shear_cases(&cases, run, seeds, &|| bar.inc(1));
    crate::progress::finish(&bar);
    writeln!(
        log,
        "baseline ω = {w0}: {:.1} s wall time",
        started.elapsed().as_secs_f64()
    )?;
    write_sweep(&args.out, &format!("{stem}_baseline"), x_label, &base)?;
    let paired = paired_cases(&base, main);
    write_paired(&args.out, &format!("{stem}_vs_baseline"), &paired)?;
    for (p, (b, m)) in paired.iter().zip(base.iter().zip(main)) {
        let solver = |r: &ShearCaseResult| {
            let (steps, sweeps, nc) = r.outcomes.iter().fold((0u64, 0u64, 0u64), |a, o| {
                (
                    a.0 + o.stats.steps,
                    a.1 + o.stats.iterations,
                    a.2 + o.stats.not_converged,
                )
            });
            (sweeps as f64 / steps.max(1) as f64, nc, steps)
        };
        let (sb, nb, tb) = solver(b);
        let (sm, nm, tm) = solver(m);
        writeln!(
            log,
            "{:>14}: μ ω = {w0}: {:.4} [{:.4}, {:.4}], ω = {}: {:.4} [{:.4}, {:.4}]; paired Δμ = \
             {:.4} [{:.4}, {:.4}] (n = {}); sweeps/step {sb:.1} → {sm:.1}, at the cap {nb} of {tb} → \
             {nm} of {tm}",
            p.label,
            b.mu.mean,
            b.mu.lo,
            b.mu.hi,
            args.relaxation,
            m.mu.mean,
            m.mu.lo,
            m.mu.hi,
            p.mu.mean,
            p.mu.lo,
            p.mu.hi,
            p.mu.n
        )?;
    }
    Ok(())
}

/// The table's third-body section from a μ_3b(T) sweep, written as JSON for the table
/// assembly (reference: the coolest sample).
fn write_section(
    args: &ThirdBodyConfig,
    results: &[crate::third_body::study::ShearCaseResult],
    log: &mut dyn Write,
) -> Result<()> {
    use crate::studies::third_body::table_section::{TemperatureSample, third_body_section};
    let samples: Vec<TemperatureSample> = results
        .iter()
        .map(|r| TemperatureSample {
            temperature: r.case.x,
            mu: r.mu,
        })
        .collect();
    let inertial = results[0]
        .outcomes
        .iter()
        .map(|o| o.inertial_number)
        .sum::<f64>()
        / results[0].outcomes.len() as f64;
    let provenance = section_provenance(args, (results.len() as u64 * args.seeds) as u32);
    let section = third_body_section(
        samples[0],
        &samples,
        inertial,
        &tribo_core::table::MaterialIdentity::new(DRY_LAYER_PAIR, DRY_LAYER_CONDITIONS),
        provenance,
    )?;
    if let Some(path) = &args.table {
        use crate::table::merge::{Section, put_section_into_file};
        let bytes = put_section_into_file(
            path,
            Section::ThirdBody(Box::new(section.clone())),
            args.allow_foreign_material,
        )?;
        writeln!(
            log,
            "third-body section written into {} ({bytes} bytes)",
            path.display()
        )?;
    }
    let json = serde_json::to_string_pretty(&section)?;
    let json_path = args.out.join("third_body_section.json");
    crate::report::write_atomic(&json_path, json.as_bytes())
        .map_err(|e| ThirdBodyError::io("writing", &json_path, e))?;
    writeln!(
        log,
        "table section: μ_3b = {:.4} at {} K, {} samples → third_body_section.json",
        section.mu,
        section.reference_temperature,
        section.temperature.len()
    )?;
    Ok(())
}

/// Relative per-step energy imbalance `validate` accepts: the balance holds for any impulses
/// (Eq. 8–11 by construction), so only round-off of sums over ≈ 10³ contacts remains.
const ENERGY_BALANCE_BOUND: f64 = 1e-9;

fn validate(args: &ThirdBodyConfig, log: &mut dyn Write) -> Result<()> {
    let mut cell = default_cell();
    cell.solver.relaxation = args.relaxation;
    cell.particles = 100;
    cell.columns = 10;
    cell.law = cohesive_law(&cell, 0.05);
    let mut c = ShearCell::build(cell, args.seed);
    for _ in 0..500 {
        c.step();
    }
    c.set_wall_velocity(cell.wall_velocity);
    let (mut worst, mut heat) = (0.0f64, 0.0);
    for _ in 0..1000 {
        let r = c.step();
        let scale = r
            .driver_work
            .abs()
            .max(r.delta_kinetic.abs())
            .max(r.external_work.abs());
        worst = worst.max(
            (r.heat - (r.external_work + r.driver_work - r.delta_kinetic)).abs()
                / scale.max(1e-300),
        );
        heat += r.heat;
    }
    let s = c.system.stats;
    writeln!(
        log,
        "energy balance (Eq. 10 heat vs W_ext + W_walls − ΔKE): worst relative imbalance {worst:.2e} over 1000 steps; \
         heat {heat:.3e} J/m; NSGS {:.1} sweeps/step, {} of {} steps not converged, worst ε {:.2e}",
        s.mean_iterations(),
        s.not_converged,
        s.steps,
        s.worst_residual
    )?;
    if worst > ENERGY_BALANCE_BOUND {
        return Err(ThirdBodyError::EnergyBalance {
            worst,
            bound: ENERGY_BALANCE_BOUND,
        });
    }
    Ok(())
}

/// `--into-table`, before any simulation ([`crate::table::merge::check_into_table`]): only
/// the temperature sweep (third-body section) and the lubricated sweep (particle-shear section)
/// put a section into a table; for them the table must read, pass the gate, be of the section's
/// material pair (or `--allow-foreign-material`) and be writable.
fn check_into_table(args: &ThirdBodyConfig) -> Result<()> {
    use tribo_core::table::MaterialIdentity;
    let Some(path) = &args.table else {
        return Ok(());
    };
    let (name, material) = match (args.action, args.sweep) {
        (ThirdBodyAction::Sweep, ThirdBodySweep::Temperature) => (
            "third-body",
            MaterialIdentity::new(DRY_LAYER_PAIR, DRY_LAYER_CONDITIONS),
        ),
        (ThirdBodyAction::Sweep, ThirdBodySweep::Lubricated) => {
            use tribo_core::seed000::{CONDITIONS, MATERIAL_PAIR};
            (
                "particle-shear",
                MaterialIdentity::new(MATERIAL_PAIR, &format!("{CONDITIONS}, 2D NSCD")),
            )
        }
        _ => return Err(ThirdBodyError::IntoTableUnused { path: path.clone() }),
    };
    crate::table::merge::check_into_table(path, name, &material, args.allow_foreign_material)?;
    Ok(())
}

/// Refuses arguments outside their domain, naming the value and the rule, before any
/// simulation: the argument checks of [`crate::validate::third_body`] with this cell's
/// constants, then `--into-table`.
fn check_arguments(args: &ThirdBodyConfig) -> Result<()> {
    let cell = crate::third_body::study::default_cell();
    crate::validate::third_body::check(&crate::validate::third_body::ThirdBodyFlags {
        seeds: args.seeds,
        sweep: args.action == ThirdBodyAction::Sweep,
        temperature: args.temperature,
        gamma: args.gamma,
        gammas: &args.gammas,
        max_sweeps: args.max_sweeps,
        preparation_sweeps: args.preparation_sweeps,
        columns: args.columns,
        particles: args.particles,
        steps: args.steps,
        preshear: args.preshear,
        relaxation: args.relaxation,
        baseline_relaxation: args.baseline_relaxation,
        wall_velocity: args.wall_velocity,
        time_step: args.time_step,
        normal_force: args.normal_force,
        r_min: cell.r_min,
        density: cell.density,
    })?;
    check_into_table(args)
}
