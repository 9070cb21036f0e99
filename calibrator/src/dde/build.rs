//! Turning a [`Mesh`] into a body of the [`ElementAssembly`]: element masses (Eq. 10), effective sizes
//! (Eq. 17–18, c = 0.9), stress-free interior joints with the Eq. 16 fracture threshold, and
//! the surface flags of §3.3.1.

use std::collections::HashSet;

use super::cohesive::Cohesive;
use super::joint::JointReference;
use super::mesh::{Mesh, MeshError};
use super::system::{ElementAssembly, InteriorJoint, Support};
use super::vec2::V2;

/// Eq. 17's constant c scaling the effective sizes (the seed's value).
pub const EFFECTIVE_SIZE_FACTOR: f64 = 0.9;

/// How the Eq. 16 threshold of an interior joint is set.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Strength {
    /// Unbreakable joints (elastic tests, rigid-ish supports).
    Unbreakable,
    /// σ_ft = K_Ic/√(πa) with flaw half-size a = fraction · √A_j (the joint's length scale).
    FlawFraction(f64),
    /// Crack band (energy-regularised Eq. 16): a joint breaking at σ_ft stores
    /// σ_ft²/(2E*) per unit area; a crack advancing Δl through a band of width β√A_j then
    /// dissipates G_c·Δl when σ_ft = √(2E*G_c/(β√A_j)) = K_Ic·√(2/(β√A_j)), for every element
    /// size. The same h^(−½) scaling as Eq. 16 (β = 2π·fraction); β is calibrated on the
    /// cracked plate's booked fracture energy ([`CRACK_BAND_WIDTH`]).
    CrackBand(f64),
    /// Eq. 16 with a flaw half-size `a` \[m\] that is a material length, not the element's:
    /// σ_ft = K_Ic/√(πa) on every joint whatever the mesh.
    MaterialFlaw(f64),
    /// Cohesive softening ([`super::cohesive`]): onset at the tensile strength σ_t \[Pa\]
    /// (Eq. 16's test on σ₁), then damage with crack-band scaling so each broken joint
    /// dissipates G_c × its crack length.
    Cohesive(f64),
}

/// Band width β (in units of √A_j) that makes the centre-cracked plate book G_c per unit new
/// crack length: the plate booked 337 J/m² at Eq. 16 with a = ½√A_j (β = π) on 24 and 48
/// cells, and the booked energy scales as σ_ft² ∝ 1/β, so β = π·337/769.
pub const CRACK_BAND_WIDTH: f64 = std::f64::consts::PI * 337.0 / 769.0;

impl Strength {
    /// The threshold σ_ft \[Pa\] of a joint of reference area `area` \[m²\].
    pub fn threshold(&self, material: &super::material::BrittleSolid, area: f64) -> f64 {
        match *self {
            Strength::Unbreakable => f64::INFINITY,
            Strength::FlawFraction(f) => material.fracture_threshold(f * area.sqrt()),
            Strength::CrackBand(beta) => material.k_ic * (2.0 / (beta * area.sqrt())).sqrt(),
            Strength::MaterialFlaw(a) => material.fracture_threshold(a),
            Strength::Cohesive(sigma_t) => sigma_t,
        }
    }

    /// The softening state a new joint starts with (`None` unless cohesive).
    pub fn cohesive(&self, material: &super::material::BrittleSolid) -> Option<Cohesive> {
        matches!(self, Strength::Cohesive(_)).then(|| Cohesive::intact(material.fracture_energy()))
    }
}

/// Appends a body meshed by `mesh` to `sys`, tagged `body`, with supports from `support(p)`.
/// Returns the range of the new element indices.
///
/// # Errors
///
/// [`MeshError::Invalid`] for a degenerate or clockwise triangle, or a mesh point in no triangle.
pub fn add_body(
    sys: &mut ElementAssembly,
    mesh: &Mesh,
    body: u32,
    strength: Strength,
    support: impl Fn(V2) -> Support,
) -> Result<std::ops::Range<usize>, MeshError> {
    let first = sys.elements.len();
    let n = mesh.points.len();
    let rho = sys.material.density;
    let mut mass = vec![0.0; n];
    let mut area_sum = vec![0.0; n];
    let mut size_sum = vec![0.0; n];
    let mut joints = Vec::with_capacity(mesh.triangles.len());
    for t in &mesh.triangles {
        let p = t.map(|i| mesh.points[i as usize]);
        let reference = JointReference::try_from_positions(p)
            .ok_or(MeshError::Invalid("degenerate or clockwise triangle"))?;
        let a = reference.area();
        for &i in t {
            mass[i as usize] += rho * a / 3.0;
            area_sum[i as usize] += a;
            // Eq. 17–18: r_e = c Σ_j (A_j / Σ A) √A_j.
            size_sum[i as usize] += a * a.sqrt();
        }
        joints.push(InteriorJoint {
            members: t.map(|i| i + first as u32),
            reference,
            strength: strength.threshold(&sys.material, a),
            cohesive: strength.cohesive(&sys.material),
        });
    }
    if mass.iter().any(|&m| m <= 0.0) {
        return Err(MeshError::Invalid("mesh has a point in no triangle"));
    }
    let el = &mut sys.elements;
    for i in 0..n {
        el.mass.push(mass[i]);
        el.pos.push(mesh.points[i]);
        el.vel.push(V2::ZERO);
        el.radius
            .push(EFFECTIVE_SIZE_FACTOR * size_sum[i] / area_sum[i]);
        el.body.push(body);
        el.surface.push(false);
        el.support.push(support(mesh.points[i]));
        el.load.push(V2::ZERO);
    }
    sys.interior.extend(joints);
    refresh_surface(sys);
    Ok(first..first + n)
}

/// Directed edges a → b of interior joints whose reverse b → a belongs to no interior joint:
/// the boundary edges of §3.3.1, in a deterministic order.
pub fn boundary_edges(sys: &ElementAssembly) -> Vec<(u32, u32)> {
    let mut set = HashSet::with_capacity(3 * sys.interior.len());
    for j in &sys.interior {
        let m = j.members;
        for k in 0..3 {
            set.insert((m[k], m[(k + 1) % 3]));
        }
    }
    let mut out = Vec::new();
    for j in &sys.interior {
        let m = j.members;
        for k in 0..3 {
            let (a, b) = (m[k], m[(k + 1) % 3]);
            if !set.contains(&(b, a)) {
                out.push((a, b));
            }
        }
    }
    out
}

/// Recomputes which elements are surface elements (members of a boundary edge, or of no
/// interior joint at all: a lone element freed by fracture).
pub fn refresh_surface(sys: &mut ElementAssembly) {
    let n = sys.elements.len();
    let mut surface = vec![true; n];
    let mut in_joint = vec![false; n];
    for j in &sys.interior {
        for &m in &j.members {
            in_joint[m as usize] = true;
        }
    }
    for i in 0..n {
        surface[i] = !in_joint[i];
    }
    for (a, b) in boundary_edges(sys) {
        surface[a as usize] = true;
        surface[b as usize] = true;
    }
    sys.elements.surface = surface;
}
