//! One case of the sweep, end to end: surfaces from the config, particle-free loading, flake
//! placement, the slide of `sweep.slide_lengths`·L in one-pixel steps ([`MesoLoop`]), and the
//! slide averages of A_p and A_c (seed 000 Eq. 22).
//!
//! Reproducibility: the surfaces depend only on the run's seed and the placement only on
//! (seed, seed_index) (stream table in [`super::setup`]); the DEM and the BEM are
//! deterministic, so a rerun with the same seed and thread count gives bit-identical
//! histories and results (wall times aside).

use std::time::Instant;

use serde::{Deserialize, Serialize};

use crate::bem::ContactSolver;
use crate::config::CalibrationConfig;
use crate::dem::{LiftedPlacement, RandomPlacement, area_fraction, place_random_lifting};

use super::MesoError;
use super::blocked_events::EventTracker;
use super::cases::{CaseResult, MesoCase};
use super::setup::{
    bem_material, bem_options, check_case, dem_params, flake_count, flake_shape, placement_seed,
    realised_surfaces, slide_steps, surface_realisation,
};
use super::sliding::{ContactUpdate, MesoLoop, load_particle_free};

/// One slide step of a case's history (Fig. 10).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct StepRecord {
    /// Step number, 1 … steps.
    pub step: usize,
    /// Sliding distance Δx \[m\].
    pub slide: f64,
    /// A_c/A_0: fraction of nodes with t > 0 \[-\].
    pub a_c: f64,
    /// A_p/A_0: fraction of nodes with t > 0 under a blocked flake \[-\].
    pub a_p: f64,
    /// Blocked flakes.
    pub blocked: usize,
    /// Polonsky–Keer iterations of the step (warm solve; with a cold restart, the stalled
    /// warm attempt's plus the cold solve's).
    pub bem_iterations: usize,
    /// Whether the warm start stalled and the step was solved cold.
    pub cold_restart: bool,
    /// DEM time steps of the pixel.
    pub dem_steps: usize,
    /// Flakes whose centre has left the gap by more than half a thickness (below the
    /// deformable surface or above the tool) — lost through a surface in the DEM.
    pub lost: usize,
    /// Approach δ of the solve, i.e. the tool's descent this step \[m\].
    pub approach: f64,
    /// Tool offset z_T after the step \[m\].
    pub tool_offset: f64,
    /// Fraction of nodes at p_crit \[-\].
    pub saturated: f64,
    /// Mean gap between the loaded surfaces (with blocked flakes in the tool) \[m\].
    pub mean_gap: f64,
}

impl StepRecord {
    /// CSV header matching [`StepRecord::row`].
    pub const HEADER: [&'static str; 13] = [
        "step",
        "slide_m",
        "a_c",
        "a_p",
        "blocked",
        "bem_iterations",
        "cold_restart",
        "dem_steps",
        "lost",
        "approach_m",
        "tool_offset_m",
        "saturated",
        "mean_gap_m",
    ];

    /// The record as a CSV row.
    pub fn row(&self) -> [f64; 13] {
        [
            self.step as f64,
            self.slide,
            self.a_c,
            self.a_p,
            self.blocked as f64,
            self.bem_iterations as f64,
            f64::from(u8::from(self.cold_restart)),
            self.dem_steps as f64,
            self.lost as f64,
            self.approach,
            self.tool_offset,
            self.saturated,
            self.mean_gap,
        ]
    }
}

/// A prepared case: the loop at the start of the slide plus what the result needs.
#[derive(Debug)]
pub struct CaseRun {
    /// The case.
    pub case: MesoCase,
    /// The loop (surfaces loaded, flakes placed).
    pub sim: MesoLoop,
    /// Slide steps to run.
    pub steps: usize,
    /// Flakes placed N_p.
    pub flakes: usize,
    /// Realised β = N_p·a_p/A_0.
    pub beta_realised: f64,
    /// A_c/A_0 of the particle-free loading.
    pub initial_contact: f64,
    /// Lift ΔZ of the tool above its particle-free loaded height at the start of the slide
    /// \[m\]: 0 unless flakes wider than the loaded gap were placed
    /// ([`crate::dem::place_random_lifting`]).
    pub tool_lift: f64,
    /// Flakes placed by the lifting rule (none fitted under the tool raised so far).
    pub lifted_flakes: usize,
    /// Wall time of the setup (surfaces, loading, placement) \[s\].
    pub seconds_setup: f64,
}

impl CaseRun {
    /// Generates the surfaces, loads them without particles, places N_p = round(β·A_0/a_p)
    /// flakes in the loaded gap — raising the tool just enough for flakes that fit nowhere
    /// under it ([`crate::dem::place_random_lifting`]; the slide's first load solve brings it
    /// back down onto the surface and the blocked flakes).
    ///
    /// # Errors
    ///
    /// [`MesoError::Pressure`], [`MesoError::Beta`], [`MesoError::Velocity`] when the case (or its
    /// simulated velocity) lies outside (0, p_crit), \[0, 1), (0, ∞); [`MesoError::Surface`] or
    /// [`MesoError::MeasuredSurface`] when a surface cannot be generated or read;
    /// [`MesoError::Bem`] for a solver set-up error, [`MesoError::Loading`] when the particle-free
    /// loading does not converge; [`MesoError::Placement`] when the flakes cannot be placed;
    /// [`MesoError::DemSetup`] when the DEM refuses the loaded surfaces and flakes.
    pub fn prepare(cfg: &CalibrationConfig, case: &MesoCase, seed: u64) -> Result<Self, MesoError> {
        let t0 = Instant::now();
        check_case(cfg, case.pressure, case.beta, case.velocity)?;
        check_case(cfg, case.pressure, case.beta, case.simulated_velocity)?;
        let realisation = surface_realisation(cfg, case.seed_index);
        let (def, tool) = realised_surfaces(cfg, seed, realisation)?;
        let mut solver = ContactSolver::for_map(&def, bem_material(cfg), bem_options(cfg))?;
        let loaded = load_particle_free(&mut solver, def, tool, case.pressure)?;
        let initial_contact = loaded.report.contact_fraction;
        let shape = flake_shape(cfg);
        let n_p = flake_count(case.beta, &shape, &loaded.deformable);
        let placed = if n_p == 0 {
            LiftedPlacement {
                flakes: Vec::new(),
                lift: 0.0,
                lifted: 0,
            }
        } else {
            place_random_lifting(
                &shape,
                &loaded.loaded_deformable,
                &loaded.tool_world(),
                &RandomPlacement::new(n_p),
                placement_seed(seed, case.seed_index),
            )
            .map_err(|source| MesoError::Placement {
                flakes: n_p,
                beta: case.beta,
                source,
            })?
        };
        // Flakes wider than the loaded gap (dem::placement, "Flakes wider than the gap"): the
        // slide starts from the tool raised over them, and its first contact update solves the
        // load on the surface and the blocked flakes. ΔZ = 0 leaves the loaded state untouched.
        let loaded = if placed.lift > 0.0 {
            loaded.raised(placed.lift)
        } else {
            loaded
        };
        let beta_realised = area_fraction(&shape, n_p, &loaded.deformable);
        let params = dem_params(cfg, shape, case, &loaded.deformable);
        let sim = MesoLoop::new(solver, loaded, params, placed.flakes, case.pressure)?;
        Ok(Self {
            case: *case,
            sim,
            steps: slide_steps(cfg),
            flakes: n_p,
            beta_realised,
            initial_contact,
            tool_lift: placed.lift,
            lifted_flakes: placed.lifted,
            seconds_setup: t0.elapsed().as_secs_f64(),
        })
    }

    /// Runs the slide; pushes every step into `history` if given and calls `on_step` with the
    /// record and the loop's state after each step (progress, snapshots).
    ///
    /// # Errors
    ///
    /// [`MesoError::Step`] (with the step index) wrapping the error of a slide step
    /// ([`MesoLoop::step`]): a DEM error, a BEM input error or a solve stalled from every start.
    pub fn run(
        &mut self,
        mut history: Option<&mut Vec<StepRecord>>,
        mut on_step: impl FnMut(&StepRecord, &MesoLoop),
    ) -> Result<CaseResult, MesoError> {
        let nodes = self.sim.nodes() as f64;
        let dx = self.sim.deformable().dx();
        let (mut sum_ap, mut sum_ac, mut sum_blocked) = (0.0, 0.0, 0.0);
        let (mut iterations, mut seconds_dem, mut seconds_bem) = (0, 0.0, 0.0);
        for k in 1..=self.steps {
            let (dem_steps, u, t_dem, t_bem) =
                self.sim.step().map_err(|source| MesoError::Step {
                    index: self.case.index,
                    pressure: self.case.pressure,
                    beta: self.case.beta,
                    velocity: self.case.velocity,
                    seed_index: self.case.seed_index,
                    step: k,
                    source: Box::new(source),
                })?;
            let ContactUpdate {
                report,
                cold_restart,
                blocked,
                contact_nodes,
                particle_nodes,
            } = u;
            let rec = StepRecord {
                step: k,
                slide: k as f64 * dx,
                a_c: contact_nodes as f64 / nodes,
                a_p: particle_nodes as f64 / nodes,
                blocked,
                bem_iterations: report.iterations + cold_restart.unwrap_or(0),
                cold_restart: cold_restart.is_some(),
                dem_steps,
                lost: self.sim.lost_flakes(),
                approach: report.approach,
                tool_offset: self.sim.tool_offset(),
                saturated: report.saturated_fraction,
                mean_gap: report.mean_gap,
            };
            sum_ap += rec.a_p;
            sum_ac += rec.a_c;
            sum_blocked += blocked as f64;
            iterations += rec.bem_iterations;
            seconds_dem += t_dem;
            seconds_bem += t_bem;
            if let Some(h) = history.as_deref_mut() {
                h.push(rec);
            }
            on_step(&rec, &self.sim);
        }
        let n = self.steps as f64;
        Ok(CaseResult {
            case: self.case,
            flakes: self.flakes,
            beta_realised: self.beta_realised,
            mean_ap: sum_ap / n,
            mean_ac: sum_ac / n,
            mean_blocked: sum_blocked / n,
            steps: self.steps,
            bem_iterations: iterations,
            seconds_dem,
            seconds_bem,
            integrator: self.sim.dem().params().integrator.name().to_owned(),
            events: Default::default(),
        })
    }
}

/// Runs one case of the sweep (seed 000 Fig. 7 and Eq. 22): the surface pair of realisation
/// `case.seed_index` mod `sweep.surfaces` under `seed` (the same pair at every p, β, v0), the
/// placement from (`seed`, `case.seed_index`), a slide of
/// `sweep.slide_lengths`·L. Per-step records go to `history` if given.
///
/// ```no_run
/// use tribo_calibrator::{config::CalibrationConfig, presets::Preset};
/// use tribo_calibrator::meso::{cases::list_cases, run_case};
/// let cfg = Preset::Quick.config();
/// let case = list_cases(&cfg)[0];
/// let mut history = Vec::new();
/// let r = run_case(&cfg, &case, 1, Some(&mut history))?;
/// assert_eq!(history.len(), r.steps);
/// assert!(r.mean_ap <= r.mean_ac);
/// # Ok::<(), tribo_calibrator::meso::MesoError>(())
/// ```
///
/// # Errors
///
/// [`MesoError::Prepare`] wrapping an error of [`CaseRun::prepare`] (case out of bounds, surface,
/// BEM, placement, DEM set-up); the errors of [`CaseRun::run`] ([`MesoError::Step`]).
pub fn run_case(
    cfg: &CalibrationConfig,
    case: &MesoCase,
    seed: u64,
    history: Option<&mut Vec<StepRecord>>,
) -> Result<CaseResult, MesoError> {
    let mut run = CaseRun::prepare(cfg, case, seed).map_err(|source| MesoError::Prepare {
        index: case.index,
        source: Box::new(source),
    })?;
    // The blocking events (issue 42) are counted from the loop's state after each step; they
    // read it only, so A_p and every other result are those of a run without them.
    let mut tracker = EventTracker::default();
    let mut result = run.run(history, |_, sim| tracker.observe(sim))?;
    result.events = tracker.finish();
    Ok(result)
}
