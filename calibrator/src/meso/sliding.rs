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
//! flow of this first loading is kept in h_Def.
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
//!    from the uniform traction (recorded as a cold restart; a failing cold solve is an error).
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

use anyhow::{Context, Result};

use crate::bem::{BemError, ContactSolver, SolveReport, deform_plastically};
use crate::dem::blocked::apply_blocked;
use crate::dem::{DemParams, DemSystem, Flake, Footprint};
use crate::surface::HeightMap;

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
        t.heights_mut().iter_mut().for_each(|h| *h += self.tool_offset);
        t
    }
}

/// Loads the particle-free surfaces at `pressure` \[Pa\] with a cold solve of g = h_Tool −
/// h_Def (Eq. 17); `solver` keeps the traction as the warm start of the first slide step.
pub fn load_particle_free(
    solver: &mut ContactSolver,
    mut deformable: HeightMap,
    tool: HeightMap,
    pressure: f64,
) -> Result<Loaded> {
    let gap = crate::bem::gap_from_surfaces(&tool, &deformable)?;
    let report = solver
        .solve(&gap, pressure)
        .context("BEM loading of the particle-free surfaces")?;
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
}

impl MesoLoop {
    /// A loop from the loaded surfaces, the DEM parameters and the flakes (placed in the
    /// loaded gap, e.g. with `place_random(.., &loaded.loaded_deformable,
    /// &loaded.tool_world(), ..)`). `solver` is the one that did the loading.
    pub fn new(
        solver: ContactSolver,
        loaded: Loaded,
        params: DemParams,
        flakes: Vec<Flake>,
        pressure: f64,
    ) -> Result<Self> {
        let n = loaded.deformable.heights().len();
        let dem = DemSystem::new(
            params,
            loaded.loaded_deformable,
            loaded.tool,
            loaded.tool_offset,
            flakes,
        )
        .context("setting up the DEM")?;
        Ok(Self {
            solver,
            dem,
            deformable: loaded.deformable,
            pressure,
            gap: vec![0.0; n],
            marks: vec![false; n],
            blocked: Vec::new(),
            pixels: n,
        })
    }

    /// Step 1: the DEM until the tool has moved one more pixel; returns the DEM time steps.
    pub fn advance_dem(&mut self) -> Result<usize> {
        Ok(self.dem.advance_one_pixel()?)
    }

    /// Steps 2–4: blocked flakes into h*_Tool, warm BEM solve of g*, plastic flow into h_Def,
    /// tool offset from the approach, A_c and A_p.
    pub fn update_contact(&mut self) -> Result<ContactUpdate> {
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
        let (report, cold_restart) = match self.solver.solve_warm(&self.gap, self.pressure) {
            Ok(r) => (r, None),
            Err(BemError::NotConverged { iterations, .. }) => {
                let r = self
                    .solver
                    .solve(&self.gap, self.pressure)
                    .context("cold BEM solve after a stalled warm start")?;
                (r, Some(iterations))
            }
            Err(e) => return Err(e.into()),
        };
        let particle_nodes =
            particle_contact_nodes(self.solver.traction(), refs.iter().copied(), &mut self.marks);
        let contact_nodes = self.solver.traction().iter().filter(|&&t| t > 0.0).count();
        deform_plastically(&mut self.deformable, self.solver.plastic_displacement());
        self.dem
            .set_tool_offset(self.dem.tool_offset() - report.approach)?;
        self.dem.replace_deformable(loaded_surface(
            &self.deformable,
            self.solver.elastic_displacement(),
        ))?;
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
    pub fn step(&mut self) -> Result<(usize, ContactUpdate, f64, f64)> {
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
    /// Mutable DEM (e.g. to switch its rayon use off).
    pub fn dem_mut(&mut self) -> &mut DemSystem {
        &mut self.dem
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
    /// Grid nodes (A_0 in nodes).
    pub fn nodes(&self) -> usize {
        self.pixels
    }
    /// Nominal pressure p \[Pa\].
    pub fn pressure(&self) -> f64 {
        self.pressure
    }
}
