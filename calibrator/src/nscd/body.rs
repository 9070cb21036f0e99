//! Rigid bodies of the 2D NSCD model (seed 002 §2.2): a body is a rigid clump of disks and/or
//! horizontal half-planes with three degrees of freedom (x, y, φ) per unit depth. Each degree of
//! freedom is either free (integrated by the θ-scheme, Eq. 3) or driven at an imposed velocity
//! (infinite inertia: the bottom wall of the shear cell, a fixed floor).

/// One shape of a rigid body, placed in the body frame.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Shape {
    /// A disk of `radius` (m) centred at `offset` (m, body frame, rotated by φ).
    Disk {
        /// Centre in the body frame (m).
        offset: [f64; 2],
        /// Radius (m).
        radius: f64,
    },
    /// An infinite horizontal line at body height + `y_offset` (m), periodic in x. With
    /// `solid_below` the body's matter lies below the line (a floor, outward normal +y);
    /// otherwise above it (a ceiling, outward normal −y). Only for bodies whose rotation is
    /// driven (the line does not rotate).
    HalfPlane {
        /// Height of the line relative to the body's y (m).
        y_offset: f64,
        /// Matter below the line (floor) or above it (ceiling).
        solid_below: bool,
    },
}

/// How one degree of freedom evolves.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Dof {
    /// Integrated by the θ-scheme under external and contact forces.
    Free,
    /// Driven at the body's current velocity for this degree of freedom, whatever the contact
    /// forces (infinite inertia); its velocity is only changed by the caller.
    Driven,
}

/// A rigid body per unit depth: mass in kg/m, inertia in kg·m²/m, forces in N/m, torque in N.
#[derive(Debug, Clone, PartialEq)]
pub struct Body {
    /// Configuration (x, y, φ) in (m, m, rad).
    pub q: [f64; 3],
    /// Velocity (vx, vy, ω) in (m/s, m/s, rad/s).
    pub v: [f64; 3],
    /// Mass per unit depth (kg/m).
    pub mass: f64,
    /// Moment of inertia about the centre per unit depth (kg·m).
    pub inertia: f64,
    /// Which degrees of freedom are free or driven.
    pub dofs: [Dof; 3],
    /// Constant applied force (N/m, N/m) and torque (N) besides gravity.
    pub force: [f64; 3],
    /// Whether gravity acts on the body's free translational degrees of freedom.
    pub gravity: bool,
    /// The body's shapes.
    pub shapes: Vec<Shape>,
}

impl Body {
    /// A free disk of `radius` (m) and areal density `density` (kg/m³ times unit depth) at
    /// `centre`: mass ρπr², inertia ½mr².
    pub fn disk(centre: [f64; 2], radius: f64, density: f64) -> Self {
        let mass = density * core::f64::consts::PI * radius * radius;
        Self {
            q: [centre[0], centre[1], 0.0],
            v: [0.0; 3],
            mass,
            inertia: 0.5 * mass * radius * radius,
            dofs: [Dof::Free; 3],
            force: [0.0; 3],
            gravity: true,
            shapes: vec![Shape::Disk {
                offset: [0.0, 0.0],
                radius,
            }],
        }
    }

    /// A rigid clump of disks `(offset, radius)` of density `density` (kg/m³ times unit depth)
    /// whose reference point is `centre` (offsets are relative to it; put it at the clump's
    /// centre of mass for the usual dynamics). Inertia: Σ(½m_k r_k² + m_k|d_k|²) (overlaps are
    /// counted twice; callers keep the disks disjoint or accept that).
    pub fn clump(centre: [f64; 2], disks: &[([f64; 2], f64)], density: f64) -> Self {
        let mut mass = 0.0;
        let mut inertia = 0.0;
        for &(d, r) in disks {
            let m = density * core::f64::consts::PI * r * r;
            mass += m;
            inertia += 0.5 * m * r * r + m * (d[0] * d[0] + d[1] * d[1]);
        }
        Self {
            q: [centre[0], centre[1], 0.0],
            v: [0.0; 3],
            mass,
            inertia,
            dofs: [Dof::Free; 3],
            force: [0.0; 3],
            gravity: true,
            shapes: disks
                .iter()
                .map(|&(offset, radius)| Shape::Disk { offset, radius })
                .collect(),
        }
    }

    /// A driven body (all three degrees of freedom driven at `velocity`) made of `shapes`.
    pub fn driven(centre: [f64; 2], velocity: [f64; 2], shapes: Vec<Shape>) -> Self {
        Self {
            q: [centre[0], centre[1], 0.0],
            v: [velocity[0], velocity[1], 0.0],
            mass: f64::INFINITY,
            inertia: f64::INFINITY,
            dofs: [Dof::Driven; 3],
            force: [0.0; 3],
            gravity: false,
            shapes,
        }
    }

    /// Inverse generalised mass of degree of freedom `k` (0 when driven).
    pub fn inv_mass(&self, k: usize) -> f64 {
        match self.dofs[k] {
            Dof::Driven => 0.0,
            Dof::Free if k == 2 => 1.0 / self.inertia,
            Dof::Free => 1.0 / self.mass,
        }
    }

    /// Kinetic energy of the free degrees of freedom (J/m).
    pub fn free_kinetic_energy(&self) -> f64 {
        (0..3)
            .filter(|&k| self.dofs[k] == Dof::Free)
            .map(|k| {
                let m = if k == 2 { self.inertia } else { self.mass };
                0.5 * m * self.v[k] * self.v[k]
            })
            .sum()
    }

    /// Largest disk radius of the body (0 without disks).
    pub fn max_disk_radius(&self) -> f64 {
        self.shapes
            .iter()
            .map(|s| match *s {
                Shape::Disk { radius, .. } => radius,
                Shape::HalfPlane { .. } => 0.0,
            })
            .fold(0.0, f64::max)
    }
}

/// A disk shape's centre offset rotated to the world frame for body angle `phi`.
pub fn rotate(offset: [f64; 2], phi: f64) -> [f64; 2] {
    if phi == 0.0 {
        return offset;
    }
    let (s, c) = phi.sin_cos();
    [c * offset[0] - s * offset[1], s * offset[0] + c * offset[1]]
}
