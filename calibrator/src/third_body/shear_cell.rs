//! The 2D simple-shear cell of seed 002 §5.1–5.2 (Fig. 6): polydisperse rigid disks between a
//! rough bottom wall driven at V in x and a rough top wall free in y under a normal force F
//! (per unit depth), periodic in x. Walls are rigid rows of touching disks (the seed's
//! "boundaries composed of rigid particles"). No gravity (micrometre particles).
//!
//! Preparation: disks on a loose lattice with random radii (`rand_chacha::ChaCha8Rng` from the
//! seed), compacted by the top wall with the bottom wall at rest; then shear.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::nscd::{
    Body, ContactLawParams, Dof, RigidAssembly, Shape, SolverParams, StepParams, StepReport,
};

/// Index of the bottom (driven) wall in the system's bodies.
pub const BOTTOM: usize = 0;
/// Index of the top (loaded) wall.
pub const TOP: usize = 1;
/// Index of the first free particle.
pub const FIRST_PARTICLE: usize = 2;

/// Geometry, loading and numerics of a shear cell (SI, per unit depth).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CellParams {
    /// Number of free disks.
    pub particles: usize,
    /// Smallest radius (m).
    pub r_min: f64,
    /// Largest radius (m).
    pub r_max: f64,
    /// Density (kg/m³; masses are per unit depth).
    pub density: f64,
    /// Period Lx in units of 2·r_max (lattice columns).
    pub columns: usize,
    /// Bottom-wall velocity V (m/s).
    pub wall_velocity: f64,
    /// Normal force F on the top wall per unit depth (N/m), pressure P = F/Lx.
    pub normal_force: f64,
    /// Contact law between all bodies.
    pub law: ContactLawParams,
    /// Time step (s).
    pub h: f64,
    /// θ of the scheme.
    pub theta: f64,
    /// NSGS settings.
    pub solver: SolverParams,
}

impl CellParams {
    /// Period of the cell (m).
    pub fn period(&self) -> f64 {
        self.columns as f64 * 2.0 * self.r_max
    }

    /// Mean particle diameter (m).
    pub fn mean_diameter(&self) -> f64 {
        self.r_min + self.r_max
    }

    /// Confining pressure P = F/Lx (Pa per unit depth in 2D: N/m²).
    pub fn pressure(&self) -> f64 {
        self.normal_force / self.period()
    }
}

/// A shear cell: the NSCD system plus its layout.
#[derive(Debug, Clone)]
pub struct ShearCell {
    /// The bodies under NSCD (walls first, see [`BOTTOM`], [`TOP`], [`FIRST_PARTICLE`]).
    pub system: RigidAssembly,
    /// The parameters it was built with.
    pub params: CellParams,
}

fn wall_disks(period: f64, r_target: f64) -> (f64, Vec<Shape>) {
    let count = ((period / (2.0 * r_target)).round() as usize).max(3);
    let r = period / (2.0 * count as f64);
    let shapes = (0..count)
        .map(|k| Shape::Disk {
            offset: [(2 * k + 1) as f64 * r, 0.0],
            radius: r,
        })
        .collect();
    (r, shapes)
}

impl ShearCell {
    /// Builds an uncompacted cell for `seed`.
    pub fn build(params: CellParams, seed: u64) -> Self {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let period = params.period();
        let r_mean = 0.5 * params.mean_diameter();
        let (r_wall, bottom_shapes) = wall_disks(period, r_mean);
        let bottom = Body::driven([0.0, 0.0], [0.0, 0.0], bottom_shapes);
        let spacing = 2.0 * params.r_max * 1.05;
        let rows = params.particles.div_ceil(params.columns);
        let mut bodies = vec![bottom];
        let y0 = r_wall + params.r_max * 1.05;
        let mut particles = Vec::with_capacity(params.particles);
        for i in 0..params.particles {
            let (col, row) = (i % params.columns, i / params.columns);
            let r = rng.random_range(params.r_min..=params.r_max);
            let jitter = rng.random_range(-0.02..0.02) * params.r_max;
            let x = (col as f64 + 0.5) * 2.0 * params.r_max + jitter;
            particles.push(Body::disk(
                [x, y0 + row as f64 * spacing],
                r,
                params.density,
            ));
        }
        let (_, top_shapes) = wall_disks(period, r_mean);
        let y_top = y0 + (rows as f64 - 1.0) * spacing + params.r_max * 1.05 + r_wall;
        let mut top = Body::driven([0.0, y_top], [0.0, 0.0], top_shapes);
        // Free in y only, loaded by −F; its mass is one lattice row of mean particles.
        top.dofs[1] = Dof::Free;
        top.mass = params.columns as f64 * params.density * core::f64::consts::PI * r_mean * r_mean;
        top.force = [0.0, -params.normal_force, 0.0];
        bodies.push(top);
        for mut p in particles {
            p.gravity = false;
            bodies.push(p);
        }
        let step = StepParams {
            h: params.h,
            theta: params.theta,
            gravity: [0.0, 0.0],
            period: Some(period),
            alert: 0.1 * params.r_min + params.law.range,
            law: params.law,
            solver: params.solver,
        };
        Self {
            system: RigidAssembly::new(bodies, step),
            params,
        }
    }

    /// Sets the bottom wall's velocity (0 during compaction, V during shear).
    pub fn set_wall_velocity(&mut self, v: f64) {
        self.system.bodies[BOTTOM].v[0] = v;
    }

    /// One NSCD step.
    pub fn step(&mut self) -> StepReport {
        self.system.step()
    }

    /// Height of the top wall's centre line (m).
    pub fn top_height(&self) -> f64 {
        self.system.bodies[TOP].q[1]
    }

    /// Friction μ = F_t/F_n on the top wall over the last step (F_t: contact force along the
    /// shear direction, F_n: the applied normal force).
    pub fn friction(&self) -> f64 {
        self.system.contact_force_on(TOP)[0] / self.params.normal_force
    }

    /// Free particles' index range in `system.bodies`.
    pub fn particles(&self) -> core::ops::Range<usize> {
        FIRST_PARTICLE..self.system.bodies.len()
    }
}
