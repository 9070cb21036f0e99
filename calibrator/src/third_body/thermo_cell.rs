//! The shear cell with heat and temperature-dependent cohesion (seed 002 §5.2–5.3): after each
//! NSCD step, the contacts' heat (Eq. 10–11) and conduction over the step's contact network
//! (Eq. 5, 7) advance the particles' temperatures (Eq. 12–13); then each particle's surface
//! energy follows Eq. 15 and the next step's cohesion Eq. 14. Walls are fixed-temperature
//! reservoirs (see [`crate::thermal`]).

use crate::nscd::Shape;
use crate::thermal::{ConductanceModel, Link, ThermalMaterial, ThermalState, conductance};

use super::physchem::SurfaceEnergyLaw;
use super::shear_cell::{FIRST_PARTICLE, ShearCell};
use crate::nscd::StepReport;

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
    radius: Vec<f64>,
    links: Vec<Link>,
}

impl ThermoCell {
    /// Couples `cell` with `setup` (all bodies start at `setup.temperature`).
    pub fn new(cell: ShearCell, setup: ThermalSetup) -> Self {
        let bodies = &cell.system.bodies;
        let radius: Vec<f64> = bodies.iter().map(|b| b.max_disk_radius()).collect();
        let capacity = bodies
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
        let thermal = ThermalState::new(vec![setup.temperature; bodies.len()], capacity);
        debug_assert!(
            bodies
                .iter()
                .all(|b| b.shapes.iter().all(|s| matches!(s, Shape::Disk { .. })))
        );
        let mut tc = Self {
            cell,
            thermal,
            setup,
            heating: true,
            radius,
            links: Vec::new(),
        };
        tc.update_cohesion();
        tc
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
        for (k, c) in sys.contacts.iter().enumerate() {
            let f = sys.compressive_force(k);
            if f > 0.0 {
                let h = conductance(
                    self.setup.model,
                    f,
                    self.radius[c.a],
                    self.radius[c.b],
                    &self.setup.material,
                );
                self.links.push(Link { i: c.a, j: c.b, h });
            }
        }
        self.thermal.step(&self.links, &sys.heat, sys.params.h);
        self.update_cohesion();
        report
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
        self.thermal.temperature[FIRST_PARTICLE..]
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
