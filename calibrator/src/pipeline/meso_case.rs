//! One case of the mesoscale BEM–DEM sweep with its histories, plots and summary (the single
//! run of `tribo meso`; seed 000 §5–6, Fig. 7, 10). Outputs in `out`:
//! - `history.csv`: one row per slide step ([`StepRecord`]);
//! - `ap_ac.{svg,png}`: A_p/A_0 and A_c/A_0 \[%\] vs Δx/L with ⟨A_p⟩ dashed (Fig. 10);
//! - `blocked.{svg,png}`: blocked flakes vs Δx/L; `iterations.{svg,png}`: BEM iterations;
//! - `snapshot_final` (and `snapshot_max_ap` if A_p was ever > 0): h_Def \[µm\] with the
//!   blocked footprints burnt in as NaN (drawn magenta), and `contact_final` /
//!   `contact_max_ap`: 0 = open, 1 = contact, NaN = contact under a blocked flake (A_p);
//! - `result.json` (the [`CaseResult`]) and `summary.txt`.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use super::error::{PipelineError, Result, io_at, write_csv, write_file, write_json};

use super::surface_report::on_map;
use crate::config::CalibrationConfig;
use crate::dem::Footprint;
use crate::meso::cases::{CaseResult, MesoCase, list_cases};
use crate::meso::{CaseRun, MesoLoop, StepRecord};
use crate::report::{CsvTable, Heatmap, LinePlot, Series, SeriesStyle};

/// Which case of a configuration to run.
#[derive(Clone, Debug)]
pub struct SingleCaseConfig {
    /// Nominal pressure p \[Pa\] (default: the first of sweep.pressures).
    pub pressure: Option<f64>,
    /// Particle area fraction β (default: the first of sweep.betas).
    pub beta: Option<f64>,
    /// Sliding velocity v0 [m/s] (default: the first of sweep.velocities).
    pub velocity: Option<f64>,
    /// Run seed (surfaces; with `seed_index`, the placement).
    pub seed: u64,
    /// Placement index; it also picks the surface pair, realisation seed_index mod
    /// sweep.surfaces.
    pub seed_index: usize,
    /// Run case N of the config's sweep list (overrides pressure, β, velocity, seed index).
    pub case: Option<usize>,
    /// Output folder.
    pub out: PathBuf,
}

/// What a single case wrote.
#[derive(Clone, Debug)]
pub struct SingleCaseOutcome {
    /// The case's result (also `result.json`).
    pub result: CaseResult,
    /// The summary (the text of `summary.txt`).
    pub summary: String,
    /// The output folder.
    pub out: PathBuf,
}

/// Runs one case of `cfg` chosen by `args` and writes its report into `args.out`.
///
/// # Errors
///
/// [`PipelineError::CaseOutOfRange`] for a `--case` beyond the case list; [`PipelineError::Config`]
/// for a `--pressure`, `--velocity` or `--beta` outside its rule; [`PipelineError::Meso`] when the
/// case cannot be prepared or a slide step fails; [`PipelineError::Io`], [`PipelineError::Json`] or
/// [`PipelineError::Report`] when an output cannot be written.
pub fn run_single_case(
    cfg: &CalibrationConfig,
    args: &SingleCaseConfig,
) -> Result<SingleCaseOutcome> {
    let w = &cfg.sweep;
    let case = match args.case {
        Some(i) => {
            let cases = list_cases(cfg);
            *cases.get(i).ok_or(PipelineError::CaseOutOfRange {
                index: i,
                cases: cases.len(),
            })?
        }
        None => MesoCase {
            index: 0,
            pressure: args.pressure.unwrap_or(w.pressures[0]),
            beta: args.beta.unwrap_or(w.betas[0]),
            velocity: args.velocity.unwrap_or(w.velocities[0]),
            simulated_velocity: cfg
                .process
                .simulated_velocity(args.velocity.unwrap_or(w.velocities[0])),
            seed_index: args.seed_index,
        },
    };
    if let Some(p) = args.pressure {
        crate::validate::rules::PRESSURE.check("--pressure", p)?;
    }
    if let Some(v) = args.velocity {
        crate::validate::rules::SLIDING_SPEED.check("--velocity", v)?;
    }
    if let Some(b) = args.beta {
        crate::validate::rules::BETA_LEVEL.check("--beta", b)?;
    }
    let mut run =
        CaseRun::prepare(cfg, &case, args.seed).map_err(|source| PipelineError::Meso {
            stage: "preparing the case",
            source: Box::new(source),
        })?;
    std::fs::create_dir_all(&args.out).map_err(io_at("creating output folder", &args.out))?;
    let bar = crate::progress::bar(run.steps as u64, "meso steps");
    let mut history = Vec::with_capacity(run.steps);
    // The state at the largest A_p, for the snapshot (copied when a new maximum appears).
    let mut best: Option<(StepRecord, CaseSnapshot)> = None;
    let result = run
        .run(Some(&mut history), |r, sim| {
            bar.inc(1);
            if r.a_p > best.as_ref().map_or(0.0, |(b, _)| b.a_p) {
                best = Some((*r, CaseSnapshot::of(sim)));
            }
        })
        .map_err(|source| PipelineError::Meso {
            stage: "sliding the case",
            source: Box::new(source),
        })?;
    crate::progress::finish(&bar);
    let summary = write_outputs(
        cfg,
        &run,
        &result,
        &history,
        best.as_ref(),
        &args.out,
        args.seed,
    )?;
    Ok(SingleCaseOutcome {
        result,
        summary,
        out: args.out.clone(),
    })
}

/// h_Def, blocked footprints and contact of one state.
#[derive(Clone, Debug, Default)]
struct CaseSnapshot {
    heights_um: Vec<f64>,
    contact: Vec<f64>,
}

impl CaseSnapshot {
    fn of(sim: &MesoLoop) -> Self {
        let mut heights_um: Vec<f64> = sim.deformable().heights().iter().map(|h| h * 1e6).collect();
        let mut contact: Vec<f64> = sim
            .solver()
            .traction()
            .iter()
            .map(|&t| if t > 0.0 { 1.0 } else { 0.0 })
            .collect();
        let fps: Vec<&Footprint> = sim.blocked().iter().map(|(_, fp)| fp).collect();
        for fp in fps {
            for &p in &fp.pixels {
                heights_um[p] = f64::NAN;
                if contact[p] > 0.0 {
                    contact[p] = f64::NAN;
                }
            }
        }
        Self {
            heights_um,
            contact,
        }
    }

    fn write(&self, sim: &MesoLoop, out: &Path, tag: &str, what: &str) -> Result<()> {
        let d = sim.deformable();
        let title = format!("Deformable surface ({what}; magenta: blocked flakes)");
        on_map(d, title, "h_Def [µm]", &self.heights_um)
            .write(&out.join(format!("snapshot_{tag}")))?;
        let title = format!("Contact map ({what}; 1 = contact, magenta = under a blocked flake)");
        Heatmap {
            value_range: Some((0.0, 1.0)),
            ..on_map(d, title, "contact indicator [-]", &self.contact)
        }
        .write(&out.join(format!("contact_{tag}")))?;
        Ok(())
    }
}

fn write_outputs(
    cfg: &CalibrationConfig,
    run: &CaseRun,
    result: &CaseResult,
    history: &[StepRecord],
    best: Option<&(StepRecord, CaseSnapshot)>,
    out: &Path,
    seed: u64,
) -> Result<String> {
    let mut table = CsvTable::new(&StepRecord::HEADER);
    for r in history {
        table.push(&r.row());
    }
    write_csv(&table, &out.join("history.csv"))?;
    let l = cfg.surface.length;
    let pts = |f: &dyn Fn(&StepRecord) -> f64| -> Vec<(f64, f64)> {
        history.iter().map(|r| (r.slide / l, f(r))).collect()
    };
    let x_end = history.last().map_or(1.0, |r| r.slide / l);
    LinePlot::new(
        format!(
            "A_p and A_c (p = {} MPa, β = {}, v0 = {} m/s; Fig. 10)",
            result.case.pressure * 1e-6,
            result.case.beta,
            result.case.velocity
        ),
        "Δx/L",
        "area / A_0 [%]",
    )
    .series(Series::points("A_p/A_0", pts(&|r| 100.0 * r.a_p)))
    .series(Series::line("A_c/A_0", pts(&|r| 100.0 * r.a_c)))
    .series(Series::dashed(
        "⟨A_p⟩/A_0",
        vec![
            (0.0, 100.0 * result.mean_ap),
            (x_end, 100.0 * result.mean_ap),
        ],
    ))
    .write(&out.join("ap_ac"))?;
    LinePlot::new(
        "Blocked flakes (≥ 3 tool-contact clusters)",
        "Δx/L",
        "blocked flakes",
    )
    .series(Series::line("blocked", pts(&|r| r.blocked as f64)).with_style(SeriesStyle::LinePoints))
    .write(&out.join("blocked"))?;
    LinePlot::new("BEM iterations per step (warm start)", "Δx/L", "iterations")
        .series(Series::line(
            "iterations",
            pts(&|r| r.bem_iterations as f64),
        ))
        .write(&out.join("iterations"))?;
    CaseSnapshot::of(&run.sim).write(&run.sim, out, "final", "end of the slide")?;
    if let Some((rec, snap)) = best {
        snap.write(
            &run.sim,
            out,
            "max_ap",
            &format!("step {}, A_p/A_0 = {:.3} %", rec.step, 100.0 * rec.a_p),
        )?;
    }
    write_json(&out.join("result.json"), result)?;

    let d = run.sim.deformable();
    let mut s = String::new();
    let _ = writeln!(s, "tribo meso — seed 000 §5–6 (Fig. 7, Eq. 17–22)");
    let _ = writeln!(s, "seed = {seed}, seed index = {}", result.case.seed_index);
    let _ = writeln!(
        s,
        "grid = {}×{}, dx = {:.4e} m, L = {:.4e} m",
        d.nx(),
        d.ny(),
        d.dx(),
        d.lx()
    );
    let _ = writeln!(
        s,
        "p = {:.4e} Pa, beta = {} (realised {:.5}, N_p = {}), v0 = {} m/s",
        result.case.pressure,
        result.case.beta,
        result.beta_realised,
        result.flakes,
        result.case.velocity
    );
    let _ = writeln!(
        s,
        "particle-free loading: A_c/A_0 = {:.5}",
        run.initial_contact
    );
    if run.tool_lift > 0.0 {
        // Only for flakes wider than the loaded gap, so every other summary is unchanged.
        let _ = writeln!(
            s,
            "tool raised by {:.4e} m at the start for {} flake(s) wider than the loaded gap \
             (dem::placement); the first load solve brings it back down",
            run.tool_lift, run.lifted_flakes
        );
    }
    let _ = writeln!(
        s,
        "steps = {} (slide {:.3} L)",
        result.steps,
        result.steps as f64 / d.nx() as f64
    );
    let _ = writeln!(s, "<A_p>/A_0 = {:.6e} (Eq. 22)", result.mean_ap);
    let _ = writeln!(s, "<A_c>/A_0 = {:.6e}", result.mean_ac);
    let nonzero = history.iter().filter(|r| r.a_p > 0.0).count();
    let _ = writeln!(
        s,
        "steps with A_p > 0 = {nonzero} of {}; mean blocked = {:.4}",
        result.steps, result.mean_blocked
    );
    let _ = writeln!(
        s,
        "BEM iterations = {} ({:.1} per step); DEM time steps = {}",
        result.bem_iterations,
        result.bem_iterations as f64 / result.steps as f64,
        history.iter().map(|r| r.dem_steps).sum::<usize>()
    );
    let dem = run.sim.dem();
    let integrator = dem.params().integrator.name();
    let _ = writeln!(s, "DEM integrator = {integrator}");
    if let Some(o) = dem.overdamped_stats() {
        // The implicit integrators' (overdamped and inertial) shared work counters.
        let _ = writeln!(
            s,
            "{integrator}: {} time steps, {} cluster steps, {} rejected, {} Newton iterations, \
             {} flake evaluations, {} merged intervals",
            o.steps,
            o.cluster_steps,
            o.rejected,
            o.newton_iterations,
            o.flake_evaluations,
            o.merges
        );
        if o.events > 0 || o.onsets > 0 || o.releases > 0 {
            let _ = writeln!(
                s,
                "{integrator}: {} surface contacts opened and {} released, {} attempts cut at an \
                 onset or a release, largest free-motion overshoot past an onset {:.2} nm, \
                 largest start-force excursion of a release {:.2} nm",
                o.onsets,
                o.releases,
                o.events,
                o.onset_overshoot * 1e9,
                o.release_excursion * 1e9
            );
        }
    }
    let _ = writeln!(
        s,
        "wall time: setup {:.3} s, DEM {:.3} s, BEM {:.3} s",
        run.seconds_setup, result.seconds_dem, result.seconds_bem
    );
    write_file(&out.join("summary.txt"), s.as_bytes())?;
    Ok(s)
}
