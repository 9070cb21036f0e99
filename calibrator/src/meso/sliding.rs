//! The staggered BEM–DEM loop of seed 000 Fig. 7 (§5 Steps 1–3, Eq. 17–21).
//!
//! # State
//! - h_Def: the *unloaded* deformable surface, i.e. the initial one minus the cumulated plastic
//!   displacement (h_Def ← h_Def − Δu_p after every solve);
//! - the tool roughness h_Tool and its vertical offset z_T: the tool's world heights at slide
//!   s = k·δx are h_Tool(x − s, y) + z_T (what [`DemSystem::tool_surface`] returns);
//! - the flakes (in the [`DemSystem`]) and the BEM solver with its last traction.
//!
//! # Loading (before the slide)
//! The particle-free gap g = h_Tool − h_Def (Eq. 17) is solved at the nominal pressure p
//! (cold start). The solver's approach δ positions the loaded tool: z_T = −δ. The plastic
//! flow of this first loading is kept in h_Def. Flakes wider than this loaded gap are placed
//! under the tool raised by ΔZ ([`Loaded::raised`], `dem::placement`, "Flakes wider than the
//! gap"); the first step's solve brings it back down, as it sets z_T every step.
//!
//! # One step (one pixel of sliding)
//! 1. **DEM** (Step 1): the flakes move between the rigid surfaces while the tool slides one
//!    pixel at v0 ([`DemSystem::advance_one_pixel`]).
//! 2. **Blocked** flakes (≥ 3 tool-contact clusters, Fig. 8) are merged into the tool:
//!    h*_Tool = min(h_Tool + z_T, z_low) under their footprints (Eq. 18; the flake's lower
//!    surface, see `dem::blocked`). A blocked flake counts only where its lower surface is
//!    under the tool ([`super::accounting::under_tool`]); a flake wholly above the tool is
//!    not in the gap and is not counted as blocked.
//! 3. **BEM** (Steps 2–3): g* = h*_Tool − h_Def (Eq. 19) is solved at p, warm-started from
//!    the previous traction (Eq. 20–21, E*, p_crit). If the warm start stalls (runs out of
//!    iterations — seen with nearly every contact node at p_crit), the step is solved again
//!    from the uniform traction, and if that stalls too, warm from where it stopped
//!    (recorded as a cold restart; if all three stall, the case fails with the error).
//! 4. **Update**: h_Def ← h_Def − Δu_p; z_T ← z_T − δ (the solve's approach is relative to the
//!    tool position it was given, so z_T tracks the loaded tool); A_c = nodes with t > 0,
//!    A_p = those under a blocked footprint ([`super::accounting`]).
//!
//! # What the flakes see
//! The DEM is given the *loaded* deformable surface h_Def − u_e (with the tool at its loaded
//! height): seed 000 §5 attributes u_e and u_p to the deformable surface, and with the unloaded
//! h_Def the tool at its loaded height would interpenetrate h_Def by u_e at every contact spot
//! (and a blocked flake, pressed into its elastic dent by the BEM, would be squeezed between
//! overlapping surfaces at the next DEM step). u_e is recomputed every step; only u_p is
//! permanent. The BEM gap always uses the unloaded h_Def.

use std::time::Instant;

use crate::bem::{BemError, ContactSolver, SolveReport, deform_plastically};
use crate::dem::blocked::apply_blocked;
use crate::dem::{DemParams, DemSystem, Flake, Footprint};
use crate::surface::HeightMap;

use super::MesoError;
use super::accounting::{particle_contact_nodes, under_tool};

/// The surfaces after the particle-free loading at the nominal pressure.
#[derive(Clone, Debug)]
pub struct Loaded {
    /// h_Def with the plastic flow of the loading \[m\] (unloaded shape).
    pub deformable: HeightMap,
    /// The loaded deformable surface h_Def − u_e seen by the flakes \[m\].
    pub loaded_deformable: HeightMap,
    /// The tool roughness h_Tool (zero slide, no offset) \[m\].
    pub tool: HeightMap,
    /// Tool offset z_T = −δ of the loaded tool \[m\].
    pub tool_offset: f64,
    /// The loading solve.
    pub report: SolveReport,
}

impl Loaded {
    /// World heights of the loaded tool h_Tool + z_T (e.g. for placing flakes under it).
    pub fn tool_world(&self) -> HeightMap {
        let mut t = self.tool.clone();
        t.heights_mut()
            .iter_mut()
            .for_each(|h| *h += self.tool_offset);
        t
    }

    /// The same state with the tool raised by `lift` ≥ 0 \[m\] (z_T + ΔZ): the start of a slide
    /// over flakes wider than the loaded gap (`dem::placement`, "Flakes wider than the gap").
    /// The surfaces, the loading solve and the solver's traction (the warm start of the first
    /// step) are those of the loading; the first contact update solves g* at the nominal
    /// pressure from the raised tool, so z_T comes back down by the solve's approach.
    pub fn raised(self, lift: f64) -> Self {
        Self {
            tool_offset: self.tool_offset + lift,
            ..self
        }
    }
}

/// Loads the particle-free surfaces at `pressure` \[Pa\] with a cold solve of g = h_Tool −
/// h_Def (Eq. 17); `solver` keeps the traction as the warm start of the first slide step.
///
/// # Errors
///
/// [`MesoError::Bem`] when the two maps differ in grid; [`MesoError::Loading`] when the cold
/// solve fails (a non-finite gap, a pressure ≥ p_crit, no convergence).
pub fn load_particle_free(
    solver: &mut ContactSolver,
    mut deformable: HeightMap,
    tool: HeightMap,
    pressure: f64,
) -> Result<Loaded, MesoError> {
    let gap = crate::bem::gap_from_surfaces(&tool, &deformable)?;
    let report = solver.solve(&gap, pressure).map_err(MesoError::Loading)?;
    deform_plastically(&mut deformable, solver.plastic_displacement());
    let loaded_deformable = loaded_surface(&deformable, solver.elastic_displacement());
    Ok(Loaded {
        deformable,
        loaded_deformable,
        tool,
        tool_offset: -report.approach,
        report,
    })
}

/// h_Def − u_e.
fn loaded_surface(deformable: &HeightMap, elastic: &[f64]) -> HeightMap {
    let mut out = deformable.clone();
    for (h, u) in out.heights_mut().iter_mut().zip(elastic) {
        *h -= u;
    }
    out
}

/// The deformable surface the flakes see during the next pixel: the loaded surface lowered
/// to the tool wherever the tool, at its start (`pixels` moved) or end position (one more)
/// and at height `offset`, would be below it. The tool between two pixels is the linear
/// interpolation of the two (`DemSystem::tool_surface`), so the flakes never meet
/// interpenetrating surfaces; at the end of the pixel the BEM makes the deformable surface
/// conform to the tool at the contacts anyway.
pub fn swept_floor(mut loaded: HeightMap, tool: &HeightMap, pixels: i64, offset: f64) -> HeightMap {
    let nx = loaded.nx();
    let k = pixels as isize;
    for (p, h) in loaded.heights_mut().iter_mut().enumerate() {
        let (ix, iy) = ((p % nx) as isize, (p / nx) as isize);
        let lowest = tool.at(ix - k, iy).min(tool.at(ix - k - 1, iy)) + offset;
        *h = h.min(lowest);
    }
    loaded
}

/// What one contact update (steps 2–4 of the module doc) produced.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ContactUpdate {
    /// The BEM solve on g*.
    pub report: SolveReport,
    /// `Some(iterations spent)` when the warm start stalled (ran out of iterations) and the
    /// step was solved again from the uniform traction; `report` is then the cold solve.
    pub cold_restart: Option<usize>,
    /// Blocked flakes in the gap (≥ 3 tool clusters, some of the flake under the tool).
    pub blocked: usize,
    /// Nodes in contact.
    pub contact_nodes: usize,
    /// Nodes in contact under a blocked flake (A_p in nodes).
    pub particle_nodes: usize,
}

/// The BEM–DEM loop (see the module doc).
#[derive(Debug)]
pub struct MesoLoop {
    solver: ContactSolver,
    dem: DemSystem,
    deformable: HeightMap,
    pressure: f64,
    gap: Vec<f64>,
    marks: Vec<bool>,
    blocked: Vec<(usize, Footprint)>,
    pixels: usize,
    /// Tool offset z_T of the loaded tool (the DEM reaches it during the next pixel).
    tool_offset: f64,
    /// Tool offset and flake floor for the next pixel (see [`MesoLoop::advance_dem`]).
    pending: Option<(f64, HeightMap)>,
}

/// Iteration cap of a warm-started solve before it is declared stalled and redone cold.
/// Warm starts in the quick preset converge in 5–15 iterations and cold solves in 10–40; a
/// stalled one (seen near full saturation) creeps for thousands.
pub const WARM_ATTEMPT_ITERATIONS: usize = 200;

/// Stages over which a contact update's surfaces are blended into the DEM.
pub const RAMP_STAGES: usize = 32;

impl MesoLoop {
    /// A loop from the loaded surfaces, the DEM parameters and the flakes (placed in the
    /// loaded gap, e.g. with `place_random(.., &loaded.loaded_deformable,
    /// &loaded.tool_world(), ..)`). `solver` is the one that did the loading.
    ///
    /// # Errors
    ///
    /// [`MesoError::DemSetup`] when the DEM refuses the parameters, the loaded surfaces or the
    /// flakes ([`DemSystem::new`]).
    pub fn new(
        solver: ContactSolver,
        loaded: Loaded,
        params: DemParams,
        flakes: Vec<Flake>,
        pressure: f64,
    ) -> Result<Self, MesoError> {
        let n = loaded.deformable.heights().len();
        let tool_offset = loaded.tool_offset;
        let floor = swept_floor(
            loaded.loaded_deformable,
            &loaded.tool,
            0,
            loaded.tool_offset,
        );
        let dem = DemSystem::new(params, floor, loaded.tool, loaded.tool_offset, flakes)
            .map_err(MesoError::DemSetup)?;
        Ok(Self {
            solver,
            dem,
            deformable: loaded.deformable,
            pressure,
            gap: vec![0.0; n],
            marks: vec![false; n],
            blocked: Vec::new(),
            pixels: n,
            tool_offset,
            pending: None,
        })
    }

    /// Step 1: the DEM until the tool has moved one more pixel; returns the DEM time steps.
    ///
    /// The surfaces the last contact update produced (tool height, loaded deformable surface)
    /// are blended in linearly over the first [`RAMP_STAGES`] of `RAMP_STAGES + 1` equal parts
    /// of the pixel, so the flakes never see the tool jump by the update's approach (up to a
    /// few 100 nm while the tool ploughs in, against a flake of 0.5 µm designed for 25 nm of
    /// penalty overlap — jumps that size launched flakes through the surfaces). The pixel's
    /// last part and its exact landing are [`DemSystem::advance_one_pixel`]'s. The stages are
    /// timed in units of the explicit step `dt` whatever the integrator
    /// ([`DemSystem::advance_by_steps`]), so both integrators see the surfaces change at the
    /// same instants; the count returned is the integrator's own steps.
    ///
    /// # Errors
    ///
    /// [`MesoError::Dem`] when the blended tool offset is not finite, a blended surface does not
    /// share the grid, or v0 ≤ 0 ([`DemSystem::advance_one_pixel`]).
    pub fn advance_dem(&mut self) -> Result<usize, MesoError> {
        let mut steps = 0;
        if let Some((offset, floor)) = self.pending.take() {
            let p = *self.dem.params();
            let dx = self.dem.deformable().dx();
            let per_pixel = (dx / (p.tool_velocity * p.dt)).ceil() as usize;
            let per_stage = per_pixel / (RAMP_STAGES + 1);
            let (z0, h0) = (self.dem.tool_offset(), self.dem.deformable().clone());
            for stage in 1..=RAMP_STAGES {
                if per_stage == 0 || stage == RAMP_STAGES {
                    // The exact targets (a + 1·(b − a) need not round to b).
                    self.dem.set_tool_offset(offset)?;
                    self.dem.replace_deformable(floor)?;
                    steps += self.dem.advance_by_steps(per_stage);
                    break;
                }
                let f = stage as f64 / RAMP_STAGES as f64;
                self.dem.set_tool_offset(z0 + f * (offset - z0))?;
                let mut h = floor.clone();
                for (v, a) in h.heights_mut().iter_mut().zip(h0.heights()) {
                    *v = a + f * (*v - a);
                }
                self.dem.replace_deformable(h)?;
                steps += self.dem.advance_by_steps(per_stage);
            }
        }
        Ok(steps + self.dem.advance_one_pixel()?)
    }

    /// Steps 2–4: blocked flakes into h*_Tool, warm BEM solve of g*, plastic flow into h_Def,
    /// tool offset from the approach, A_c and A_p.
    ///
    /// # Errors
    ///
    /// [`MesoError::Stalled`] when the warm BEM solve of g* does not converge from any start;
    /// [`MesoError::Bem`] for any other solver error; [`MesoError::Dem`] when the new tool offset
    /// is not finite or the deformed surface does not share the grid.
    pub fn update_contact(&mut self) -> Result<ContactUpdate, MesoError> {
        if let Some((z, h)) = self.pending.take() {
            // Two updates without a pixel in between: the surfaces jump to the last one's.
            self.dem.set_tool_offset(z)?;
            self.dem.replace_deformable(h)?;
        }
        let mut tool = self.dem.tool_surface();
        let th = tool.heights();
        self.blocked = self
            .dem
            .blocked()
            .into_iter()
            .filter_map(|(i, fp)| under_tool(&fp, th).map(|u| (i, u)))
            .collect();
        let refs: Vec<&Footprint> = self.blocked.iter().map(|(_, fp)| fp).collect();
        apply_blocked(tool.heights_mut(), &refs);
        for ((g, t), d) in self
            .gap
            .iter_mut()
            .zip(tool.heights())
            .zip(self.deformable.heights())
        {
            *g = t - d;
        }
        let cap = self.solver.options_mut().max_iterations;
        self.solver.options_mut().max_iterations = cap.min(WARM_ATTEMPT_ITERATIONS);
        let warm = self.solver.solve_warm(&self.gap, self.pressure);
        self.solver.options_mut().max_iterations = cap;
        let (report, cold_restart) = match warm {
            Ok(r) => (r, None),
            Err(BemError::NotConverged { iterations, .. }) => {
                let r = match self.solver.solve(&self.gap, self.pressure) {
                    Ok(r) => r,
                    // A cold start can stall too; its end state is a new warm start.
                    Err(BemError::NotConverged { .. }) => self
                        .solver
                        .solve_warm(&self.gap, self.pressure)
                        .map_err(MesoError::Stalled)?,
                    Err(e) => return Err(e.into()),
                };
                (r, Some(iterations))
            }
            Err(e) => return Err(e.into()),
        };
        let particle_nodes = particle_contact_nodes(
            self.solver.traction(),
            refs.iter().copied(),
            &mut self.marks,
        );
        let contact_nodes = self.solver.traction().iter().filter(|&&t| t > 0.0).count();
        deform_plastically(&mut self.deformable, self.solver.plastic_displacement());
        let old = self.dem.tool_offset();
        let offset = old - report.approach;
        let loaded = loaded_surface(&self.deformable, self.solver.elastic_displacement());
        let floor = swept_floor(
            loaded,
            self.dem.tool_roughness(),
            self.dem.pixels_moved(),
            offset.min(old),
        );
        self.pending = Some((offset, floor));
        self.tool_offset = offset;
        Ok(ContactUpdate {
            report,
            cold_restart,
            blocked: self.blocked.len(),
            contact_nodes,
            particle_nodes,
        })
    }

    /// One slide step: [`Self::advance_dem`] then [`Self::update_contact`], with their wall
    /// times \[s\].
    ///
    /// # Errors
    ///
    /// Those of [`advance_dem`](Self::advance_dem) and [`update_contact`](Self::update_contact).
    pub fn step(&mut self) -> Result<(usize, ContactUpdate, f64, f64), MesoError> {
        let t0 = Instant::now();
        let dem_steps = self.advance_dem()?;
        let t1 = Instant::now();
        let update = self.update_contact()?;
        let t2 = Instant::now();
        Ok((
            dem_steps,
            update,
            (t1 - t0).as_secs_f64(),
            (t2 - t1).as_secs_f64(),
        ))
    }

    /// The unloaded deformable surface h_Def (initial minus cumulated plastic flow).
    pub fn deformable(&self) -> &HeightMap {
        &self.deformable
    }
    /// The DEM (flakes, tool position, loaded surface).
    pub fn dem(&self) -> &DemSystem {
        &self.dem
    }
    /// The gap g* = h*_Tool − h_Def of the last contact update \[m\] (Eq. 19).
    pub fn last_gap(&self) -> &[f64] {
        &self.gap
    }
    /// The BEM solver (traction, displacements of the last solve).
    pub fn solver(&self) -> &ContactSolver {
        &self.solver
    }
    /// Blocked flakes of the last contact update with the part of their footprint under the
    /// tool.
    pub fn blocked(&self) -> &[(usize, Footprint)] {
        &self.blocked
    }
    /// Tool offset z_T of the loaded tool after the last contact update \[m\].
    pub fn tool_offset(&self) -> f64 {
        self.tool_offset
    }
    /// Flakes whose centre lies more than half a flake thickness below the deformable surface
    /// the DEM sees or above the tool, at their (x, y): pushed through a surface.
    pub fn lost_flakes(&self) -> usize {
        let c = self.dem.params().shape.c;
        let tool = self.dem.tool_surface();
        let floor = self.dem.deformable();
        self.dem
            .flakes()
            .iter()
            .filter(|f| {
                let [x, y, z] = f.position;
                z < floor.bilinear(x, y) - c || z > tool.bilinear(x, y) + c
            })
            .count()
    }
    /// Grid nodes (A_0 in nodes).
    pub fn nodes(&self) -> usize {
        self.pixels
    }
    /// Nominal pressure p \[Pa\].
    pub fn pressure(&self) -> f64 {
        self.pressure
    }
}
