//! The state of a deformable-discrete-element simulation (seed 001 §3): elements with mass,
//! position, velocity and effective size; interior joints (triangles of bonded matter) and
//! contact joints (triangles spanning two touching surfaces); supports and gravity.
//!
//! Units: SI per unit depth (2D): masses kg/m, forces N/m, energies J/m.

use super::cohesive::Cohesive;
use super::joint::{JointReference, JointResponse, respond};
use super::material::BrittleSolid;
use super::vec2::V2;

/// How an element's motion is constrained (§3.6): each velocity component is either free or
/// prescribed (rollers, clamps and driven boundaries).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Support {
    /// x velocity free (integrated) when true, else held at `drive.x`.
    pub free_x: bool,
    /// y velocity free (integrated) when true, else held at `drive.y`.
    pub free_y: bool,
    /// Prescribed velocity of the constrained components [m/s].
    pub drive: V2,
}

impl Support {
    /// An unconstrained element.
    pub const FREE: Support = Support {
        free_x: true,
        free_y: true,
        drive: V2::ZERO,
    };
    /// A clamped element.
    pub const FIXED: Support = Support {
        free_x: false,
        free_y: false,
        drive: V2::ZERO,
    };
    /// An element held horizontally and free vertically (a loaded top row, §3.6).
    pub const VERTICAL_ROLLER: Support = Support {
        free_x: false,
        free_y: true,
        drive: V2::ZERO,
    };
    /// An element moved rigidly at velocity `v`.
    pub fn driven(v: V2) -> Support {
        Support {
            free_x: false,
            free_y: false,
            drive: v,
        }
    }
    /// Applies the constraint to a velocity.
    pub fn constrain(&self, v: V2) -> V2 {
        V2::new(
            if self.free_x { v.x } else { self.drive.x },
            if self.free_y { v.y } else { self.drive.y },
        )
    }
    /// Zeroes the constrained components of an acceleration.
    pub fn mask(&self, a: V2) -> V2 {
        V2::new(
            if self.free_x { a.x } else { 0.0 },
            if self.free_y { a.y } else { 0.0 },
        )
    }
}

/// The discrete elements, one entry per element in each vector (structure of arrays).
#[derive(Debug, Clone, Default)]
pub struct Elements {
    /// Mass mₑ [kg/m] (Eq. 10).
    pub mass: Vec<f64>,
    /// Position pₑ \[m\].
    pub pos: Vec<V2>,
    /// Velocity vₑ [m/s].
    pub vel: Vec<V2>,
    /// Effective size rₑ \[m\] (Eq. 17–18).
    pub radius: Vec<f64>,
    /// The body the element was meshed in (bodies are tags: fracture does not renumber them).
    pub body: Vec<u32>,
    /// Surface element: member of a boundary edge (§3.3.1).
    pub surface: Vec<bool>,
    /// Motion constraint.
    pub support: Vec<Support>,
    /// Constant external force [N/m] (tractions as element loads, §3.6).
    pub load: Vec<V2>,
}

impl Elements {
    /// Number of elements.
    pub fn len(&self) -> usize {
        self.pos.len()
    }
    /// True when there are none.
    pub fn is_empty(&self) -> bool {
        self.pos.is_empty()
    }
    /// The positions of three members.
    pub fn triangle(&self, m: [u32; 3]) -> [V2; 3] {
        [
            self.pos[m[0] as usize],
            self.pos[m[1] as usize],
            self.pos[m[2] as usize],
        ]
    }
}

/// An interior joint: bonded matter shared by three elements (§3.1), breakable (§3.2).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct InteriorJoint {
    /// Members e₁, e₂, e₃, counter-clockwise.
    pub members: [u32; 3],
    /// Stress-free reference edges.
    pub reference: JointReference,
    /// Eq. 16 threshold σ_ft on the maximum principal Cauchy stress \[Pa\] (∞: unbreakable);
    /// with a cohesive law, the onset of softening (the tensile strength σ_t).
    pub strength: f64,
    /// Cohesive softening state (`None`: Eq. 16 removes the joint at its threshold).
    pub cohesive: Option<Cohesive>,
}

impl InteriorJoint {
    /// 1 − d: the fraction of the undamaged energy, forces and stress the joint carries.
    pub fn intact_fraction(&self) -> f64 {
        self.cohesive.map_or(1.0, |c| 1.0 - c.damage)
    }
}

/// A contact joint (§3.3): e₁, e₂ from a boundary edge (directed e₂ → e₁ in an interior joint),
/// e₃ a surface element across the contact plane (parallel to e₁e₂).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ContactJoint {
    /// Members e₁, e₂, e₃, counter-clockwise.
    pub members: [u32; 3],
    /// Reference edges; slip moves e₃'s reference point along the contact plane (§3.4).
    pub reference: JointReference,
    /// Slipping in the last step (kinetic coefficient applies) or sticking (static).
    pub slipping: bool,
}

/// Contact parameters (§3.3–3.4).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ContactLaw {
    /// Static friction coefficient μ_s.
    pub mu_static: f64,
    /// Kinetic friction coefficient μ_k.
    pub mu_kinetic: f64,
    /// Adhesion: the joint is pulled apart when the normal stress exceeds σ_at \[Pa\] (§3.3.2).
    pub adhesion: f64,
    /// Slide-off threshold on the projection of e₃ beyond the edge (§3.3.2: 0.50).
    pub slide_off: f64,
}

impl Default for ContactLaw {
    fn default() -> Self {
        Self {
            mu_static: 0.3,
            mu_kinetic: 0.3,
            adhesion: 0.0,
            slide_off: 0.5,
        }
    }
}

/// A frictionless rigid plane y = 0 pushing the elements of one body up by a penalty
/// f = k·(−y) when below it (a reference counterface for contact tests, not part of seed 001).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PenaltyPlane {
    /// The body it acts on.
    pub body: u32,
    /// Stiffness k per element per unit depth [N/m²].
    pub stiffness: f64,
}

impl PenaltyPlane {
    /// The plane's force [N/m] (upward) on an element at height `y`.
    pub fn force(&self, y: f64) -> f64 {
        self.stiffness * (-y).max(0.0)
    }
    /// The penalty energy ½k·y² [J/m] below the plane.
    pub fn energy(&self, y: f64) -> f64 {
        0.5 * self.stiffness * (-y).max(0.0).powi(2)
    }
}

/// Energy removed from the elastic field by irreversible events [J/m], kept so that the energy
/// balance closes (§3.2, §3.3.2, §3.4).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Dissipation {
    /// Strain energy of fractured interior joints.
    pub fracture: f64,
    /// Strain energy released by slip of contact joints (frictional work).
    pub friction: f64,
    /// Strain energy of contact joints removed (pull-apart, slide-off).
    pub contact_break: f64,
    /// Work of the velocity damping used in relaxation phases.
    pub damping: f64,
}

impl Dissipation {
    /// Sum of all channels.
    pub fn total(&self) -> f64 {
        self.fracture + self.friction + self.contact_break + self.damping
    }
}

/// A whole simulation state.
#[derive(Debug, Clone)]
pub struct ElementAssembly {
    /// The elements.
    pub elements: Elements,
    /// Interior joints.
    pub interior: Vec<InteriorJoint>,
    /// Contact joints.
    pub contact: Vec<ContactJoint>,
    /// The (single) material of all joints.
    pub material: BrittleSolid,
    /// Contact law of all contact joints.
    pub contact_law: ContactLaw,
    /// Gravity (body acceleration) g [m/s²] (Eq. 9–10: fᵇᵒᵈʸ = mₑg).
    pub gravity: V2,
    /// Irreversible energy so far.
    pub dissipation: Dissipation,
    /// An optional rigid penalty plane (none in seed 001's cases).
    pub plane: Option<PenaltyPlane>,
}

/// Adds the joint's forces to `forces` and returns its response.
fn scatter(forces: &mut [V2], members: [u32; 3], r: &JointResponse) {
    for (k, &m) in members.iter().enumerate() {
        forces[m as usize] += r.forces[k];
    }
}

impl ElementAssembly {
    /// An empty system of one material with the default contact law and no gravity.
    pub fn new(material: BrittleSolid) -> Self {
        Self {
            elements: Elements::default(),
            interior: Vec::new(),
            contact: Vec::new(),
            material,
            contact_law: ContactLaw::default(),
            gravity: V2::ZERO,
            dissipation: Dissipation::default(),
            plane: None,
        }
    }

    /// Net forces (Eq. 6: elastic of interior and contact joints + body forces mₑg) into
    /// `forces` (resized); returns the strain energy [J/m].
    pub fn forces(&self, forces: &mut Vec<V2>) -> f64 {
        let lame = self.material.lame();
        let el = &self.elements;
        forces.clear();
        forces.extend(
            el.mass
                .iter()
                .zip(&el.load)
                .map(|(&m, &l)| self.gravity * m + l),
        );
        let mut energy = 0.0;
        for j in &self.interior {
            let mut r = respond(el.triangle(j.members), &j.reference, &lame);
            if j.cohesive.is_some() {
                let s = j.intact_fraction();
                r.forces = r.forces.map(|f| f * s);
                r.energy *= s;
            }
            scatter(forces, j.members, &r);
            energy += r.energy;
        }
        for j in &self.contact {
            let r = respond(el.triangle(j.members), &j.reference, &lame);
            scatter(forces, j.members, &r);
            energy += r.energy;
        }
        if let Some(plane) = self.plane {
            for i in (0..el.len()).filter(|&i| el.body[i] == plane.body) {
                forces[i].y += plane.force(el.pos[i].y);
                energy += plane.energy(el.pos[i].y);
            }
        }
        energy
    }

    /// Strain energy of all joints (and of the penalty plane, if any) [J/m].
    pub fn strain_energy(&self) -> f64 {
        let lame = self.material.lame();
        let el = &self.elements;
        let joints = self
            .interior
            .iter()
            .map(|j| (j.members, j.reference, j.intact_fraction()))
            .chain(self.contact.iter().map(|j| (j.members, j.reference, 1.0)));
        let plane = self.plane.map_or(0.0, |p| {
            (0..el.len())
                .filter(|&i| el.body[i] == p.body)
                .map(|i| p.energy(el.pos[i].y))
                .sum()
        });
        joints
            .map(|(m, r, s)| s * respond(el.triangle(m), &r, &lame).energy)
            .sum::<f64>()
            + plane
    }

    /// Kinetic energy ½Σmv² [J/m].
    pub fn kinetic_energy(&self) -> f64 {
        let el = &self.elements;
        el.mass
            .iter()
            .zip(&el.vel)
            .map(|(m, v)| 0.5 * m * v.norm2())
            .sum()
    }

    /// Potential of gravity and the constant loads −Σ (m g + l)·p [J/m].
    pub fn gravity_potential(&self) -> f64 {
        let el = &self.elements;
        (0..el.len())
            .map(|i| -(self.gravity * el.mass[i] + el.load[i]).dot(el.pos[i]))
            .sum()
    }

    /// Kinetic + strain + gravitational energy [J/m] (conserved without dissipation).
    pub fn mechanical_energy(&self) -> f64 {
        self.kinetic_energy() + self.strain_energy() + self.gravity_potential()
    }

    /// Linear momentum Σ m v [kg/s per m].
    pub fn momentum(&self) -> V2 {
        let el = &self.elements;
        el.mass
            .iter()
            .zip(&el.vel)
            .fold(V2::ZERO, |acc, (m, v)| acc + *v * *m)
    }

    /// Angular momentum about the origin Σ m p × v [kg·m/s per m].
    pub fn angular_momentum(&self) -> f64 {
        let el = &self.elements;
        (0..el.len())
            .map(|i| el.mass[i] * el.pos[i].cross(el.vel[i]))
            .sum()
    }
}
