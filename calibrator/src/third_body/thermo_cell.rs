//! The shear cell with heat and temperature-dependent cohesion (seed 002 §5.2–5.3): after each
//! NSCD step, the contacts' heat (Eq. 10–11) and conduction over the step's contact network
//! (Eq. 5, 7) advance the particles' temperatures (Eq. 12–13); then each particle's surface
//! energy follows Eq. 15 and the next step's cohesion Eq. 14. Walls ([`WallModel`]) are either
//! fixed-temperature reservoirs or slabs under their own heat equation (Eq. 16,
//! [`crate::thermal::wall`]) whose cells join the particles' network after the bodies.

use crate::nscd::Shape;
use crate::thermal::{
    ConductanceModel, Link, ThermalMaterial, ThermalState, WallGrid, WallSlab, conductance,
};

use super::physchem::SurfaceEnergyLaw;
use super::shear_cell::{BOTTOM, FIRST_PARTICLE, ShearCell, TOP};
use crate::nscd::StepReport;

/// The walls' thermal boundary condition.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum WallModel {
    /// Both walls held at the setup's temperature.
    Reservoir,
    /// Both walls are slabs under Eq. 16 with adiabatic back faces; the slab's `columns` and
    /// `first_layer` are replaced by the wall row's disk count and diameter (surface cell k is
    /// wall disk k, see [`crate::thermal::wall`]).
    HeatEquation(WallSlab),
}

/// Thermal and physico-chemical settings of a cell.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ThermalSetup {
    /// Particle material.
    pub material: ThermalMaterial,
    /// Conductance law.
    pub model: ConductanceModel,
    /// Initial particle temperature and the walls' (reservoir) temperature (K).
    pub temperature: f64,
    /// η(T) (Eq. 15); `None` keeps the law's constant cohesion.
    pub surface_energy: Option<SurfaceEnergyLaw>,
    /// The walls' boundary condition.
    pub walls: WallModel,
}

/// A shear cell with temperatures.
#[derive(Debug, Clone)]
pub struct ThermoCell {
    /// The mechanical cell.
    pub cell: ShearCell,
    /// Temperatures (one per body; walls are fixed).
    pub thermal: ThermalState,
    /// The settings.
    pub setup: ThermalSetup,
    /// Whether contacts heat the particles and heat is conducted (off: temperatures held).
    pub heating: bool,
    /// Eq. 16 grids of the bottom and top walls (with [`WallModel::HeatEquation`]).
    pub wall_grids: Option<[WallGrid; 2]>,
    radius: Vec<f64>,
    links: Vec<Link>,
    wall_links: Vec<Link>,
    heat: Vec<f64>,
}

impl ThermoCell {
    /// Couples `cell` with `setup` (all bodies and wall cells start at `setup.temperature`).
    pub fn new(cell: ShearCell, setup: ThermalSetup) -> Self {
        let bodies = &cell.system.bodies;
        let radius: Vec<f64> = bodies.iter().map(|b| b.max_disk_radius()).collect();
        let mut capacity: Vec<f64> = bodies
            .iter()
            .enumerate()
            .map(|(i, b)| {
                if i < FIRST_PARTICLE {
                    f64::INFINITY
                } else {
                    b.mass * setup.material.specific_heat
                }
            })
            .collect();
        debug_assert!(
            bodies
                .iter()
                .all(|b| b.shapes.iter().all(|s| matches!(s, Shape::Disk { .. })))
        );
        let mut wall_links = Vec::new();
        let wall_grids = match setup.walls {
            WallModel::Reservoir => None,
            WallModel::HeatEquation(slab) => {
                let period = cell.params.period();
                let grid = |wall: usize, capacity: &mut Vec<f64>, links: &mut Vec<Link>| {
                    let row = bodies[wall].shapes.len();
                    let slab = WallSlab {
                        columns: row,
                        first_layer: period / row as f64,
                        ..slab
                    };
                    WallGrid::build(&slab, period, capacity, links)
                };
                let bottom = grid(BOTTOM, &mut capacity, &mut wall_links);
                let top = grid(TOP, &mut capacity, &mut wall_links);
                Some([bottom, top])
            }
        };
        let thermal = ThermalState::new(vec![setup.temperature; capacity.len()], capacity);
        let mut tc = Self {
            cell,
            thermal,
            setup,
            heating: true,
            wall_grids,
            radius,
            links: Vec::new(),
            wall_links,
            heat: Vec::new(),
        };
        tc.update_cohesion();
        tc
    }

    /// The network node of contact end `body` (the surface cell under `lever`'s x for a wall
    /// with an Eq. 16 grid, else the body itself).
    fn node(&self, body: usize, lever: [f64; 2]) -> usize {
        match (&self.wall_grids, body) {
            (Some(g), BOTTOM | TOP) => g[body].surface_cell(lever[0]),
            _ => body,
        }
    }

    /// Per-body cohesion g_i = r̄·η(T_i)/r_i (Eq. 14–15; see [`super::physchem`]).
    fn update_cohesion(&mut self) {
        let Some(law) = self.setup.surface_energy else {
            return;
        };
        let r_mean = 0.5 * self.cell.params.mean_diameter();
        let g: Vec<f64> = self
            .thermal
            .temperature
            .iter()
            .zip(&self.radius)
            .map(|(&t, &r)| r_mean * law.eta(t) / r)
            .collect();
        self.cell.system.body_cohesion = g;
    }

    /// One coupled step: mechanics, heat, surface energy.
    pub fn step(&mut self) -> StepReport {
        let report = self.cell.step();
        if !self.heating {
            return report;
        }
        let sys = &self.cell.system;
        self.links.clear();
        self.links.extend_from_slice(&self.wall_links);
        self.heat.clear();
        self.heat.extend_from_slice(&sys.heat);
        self.heat.resize(self.thermal.temperature.len(), 0.0);
        for (k, c) in sys.contacts.iter().enumerate() {
            let (i, j) = (self.node(c.a, c.lever_a), self.node(c.b, c.lever_b));
            if self.wall_grids.is_some() {
                // The wall's half of the contact's heat goes into the cell it touches.
                for (body, node) in [(c.a, i), (c.b, j)] {
                    if node != body {
                        self.heat[body] -= 0.5 * sys.contact_heat[k];
                        self.heat[node] += 0.5 * sys.contact_heat[k];
                    }
                }
            }
            let f = sys.compressive_force(k);
            if f > 0.0 {
                let h = conductance(
                    self.setup.model,
                    f,
                    self.radius[c.a],
                    self.radius[c.b],
                    &self.setup.material,
                );
                self.links.push(Link { i, j, h });
            }
        }
        self.thermal.step(&self.links, &self.heat, sys.params.h);
        if let Some(grids) = &self.wall_grids {
            // A wall body's own temperature (fixed node, no links) only sets its cohesion:
            // the mean of its surface row.
            for (wall, g) in [(BOTTOM, &grids[0]), (TOP, &grids[1])] {
                self.thermal.temperature[wall] = g.surface_mean(&self.thermal.temperature);
            }
        }
        self.update_cohesion();
        report
    }

    /// Heat content Σ C_i T_i of the particles and, with Eq. 16 walls, the wall cells (J/m).
    pub fn heat_content(&self) -> f64 {
        self.thermal.heat_content()
    }

    /// Sets every body back to the setup's temperature (and the cohesion with it).
    pub fn reset_temperature(&mut self) {
        self.thermal
            .temperature
            .iter_mut()
            .for_each(|t| *t = self.setup.temperature);
        self.update_cohesion();
    }

    /// Highest particle temperature (K).
    pub fn max_temperature(&self) -> f64 {
        self.thermal.temperature[self.cell.particles()]
            .iter()
            .copied()
            .fold(f64::NEG_INFINITY, f64::max)
    }

    /// Surface energy of body `i` now (J/m²; `None` without an η law).
    pub fn surface_energy(&self, i: usize) -> Option<f64> {
        self.setup
            .surface_energy
            .map(|l| l.eta(self.thermal.temperature[i]))
    }

    /// Radius of body `i`'s largest disk (m).
    pub fn radius(&self, i: usize) -> f64 {
        self.radius[i]
    }
}
