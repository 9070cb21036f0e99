//! Hertz line contact (issue 16, "must be true"): an elastic cylinder of radius R pressed by a
//! load P per unit depth onto a rigid flat, frictionless. Hertz's half-width of the contact
//! strip is b = √(4PR/(πE*)) with E* = E/(1 − ν²) (plane strain), and the pressure is
//! elliptic, p(x) = p₀√(1 − x²/b²), whose second moment gives b back:
//! ∫x²p dx / ∫p dx = b²/4. The simulated b is that moment of the contact forces on the flat,
//! b = 2√(Σfₓ(x − x̄)²/Σf), which uses every loaded node rather than the position of the last
//! one (a resolution of h).
//!
//! **Geometry.** Only a cap of the cylinder is meshed: |x| ≤ `extent`·b, up to `extent`·b
//! above its lowest point (the Hertz field decays as b/r; the measured finite-size effect is
//! in the test). The cap's top row is held horizontally, free vertically and carries the
//! load, ramped up with damping to a static state. The flat is two rows of clamped elements.
//!
//! **Measured (not yet the 3 %).** The moment half-width exceeds Hertz's by a
//! mesh-independent amount: b/b_H = 1.108 / 1.156 / 1.169 at b/h = 3 / 6 / 12 frictionless,
//! 1.064 / 1.084 / 1.088 with sticking joints (μ = 1; Hertz's stick and slip widths differ by
//! a few % only). Not a finite-size effect (a cap twice as large: 1.177 at b/h = 6) nor a
//! loading-rate one (3× slower ramp: 1.160). The pressure inside |x| < 0.8b follows Hertz's
//! ellipse within ≈ 15 % but the strip reaches ≈ 1.2b: the contact is more compliant than the
//! continuum, and the slip of Eq. 19 at μ = 0 adds to it. Open (see the README).
//!
//! **Contact formation.** Contact joints form stress-free when the effective sizes overlap
//! (§3.3.1), at a gap that depends on how the two surfaces' nodes are aligned (between ≈ 0.66h
//! and 1.1h) and on the effective sizes (Eq. 17, from the adjacent joints' areas). A Hertz
//! profile is only b²/2R = b/50 deep across the strip, less than that spread: on an
//! unstructured cap, nodes with larger neighbouring triangles formed joints early at ±1.3b and
//! carried a third of the load (measured: moment half-width 1.5–1.7 b). So the cap is a
//! structured mesh sheared onto the arc with its nodes at the flat's abscissae (one formation
//! gap for every joint); it starts beyond the formation distance and is lowered by the load.

use super::build::{Strength, add_body};
use super::integrate::{Events, Scheme, Stepper, stable_dt};
use super::joint::respond;
use super::material::Material;
use super::mesh::{MeshError, rectangle};
use super::system::{ContactLaw, Support, System};
use super::vec2::V2;

/// Body tag of the rigid flat.
pub const FLAT: u32 = 0;
/// Body tag of the cylinder cap.
pub const CAP: u32 = 1;

/// Hertz's half-width b = √(4PR/(πE*)) \[m\] of a line contact under load P [N/m] between a
/// cylinder of radius R \[m\] and a flat, with the contact modulus E* \[Pa\] (E/(1 − ν²) for an
/// elastic cylinder on a rigid flat; for two equal elastic cylinders R/2 and E*/2 give the
/// same b).
pub fn hertz_half_width(load: f64, radius: f64, contact_modulus: f64) -> f64 {
    (4.0 * load * radius / (std::f64::consts::PI * contact_modulus)).sqrt()
}

/// The load P = πE*b²/(4R) [N/m] that gives the half-width b (inverse of
/// [`hertz_half_width`]).
pub fn hertz_load(half_width: f64, radius: f64, contact_modulus: f64) -> f64 {
    std::f64::consts::PI * contact_modulus * half_width * half_width / (4.0 * radius)
}

/// A distribution of normal contact forces along a line: its resultant and the half-width of
/// the elliptic (Hertz) distribution with the same second moment.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ContactStrip {
    /// Resultant compressive force P [N/m].
    pub load: f64,
    /// Centre x̄ of the forces \[m\].
    pub centre: f64,
    /// Moment half-width 2√(Σf(x − x̄)²/Σf) \[m\].
    pub half_width: f64,
    /// Nodes carrying compression.
    pub nodes: usize,
}

/// The compressive forces of the contact joints on the elements of `body` (along −`normal`,
/// `normal` pointing out of `body` into the contact), as (abscissa along the contact line,
/// force) per element, summed over joints; elements with no compression are left out.
pub fn contact_pressure_on(sys: &System, body: u32, normal: V2) -> Vec<(f64, f64)> {
    let lame = sys.material.lame();
    let el = &sys.elements;
    let mut force = vec![0.0; el.len()];
    for j in &sys.contact {
        let r = respond(el.triangle(j.members), &j.reference, &lame);
        for k in 0..3 {
            let m = j.members[k] as usize;
            if el.body[m] == body {
                force[m] -= r.forces[k].dot(normal);
            }
        }
    }
    let tangent = -normal.perp();
    (0..el.len())
        .filter(|&i| force[i] > 0.0)
        .map(|i| (el.pos[i].dot(tangent), force[i]))
        .collect()
}

/// The strip of a set of (abscissa, compressive force) pairs.
pub fn strip_of(forces: &[(f64, f64)]) -> ContactStrip {
    let load: f64 = forces.iter().map(|f| f.1).sum();
    if load <= 0.0 {
        return ContactStrip {
            load: 0.0,
            centre: 0.0,
            half_width: 0.0,
            nodes: 0,
        };
    }
    let centre = forces.iter().map(|(x, f)| x * f).sum::<f64>() / load;
    let m2 = forces
        .iter()
        .map(|(x, f)| f * (x - centre).powi(2))
        .sum::<f64>()
        / load;
    ContactStrip {
        load,
        centre,
        half_width: 2.0 * m2.sqrt(),
        nodes: forces.len(),
    }
}

/// One Hertz case.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct HertzCase {
    /// Cylinder radius R \[m\].
    pub radius: f64,
    /// Target half-width b \[m\]; the load is Hertz's for it.
    pub half_width: f64,
    /// Element spacing h \[m\].
    pub spacing: f64,
    /// Cap half-width and height in units of b.
    pub extent: f64,
    /// Load ramp and hold, each in P-wave transits of the cap height.
    pub transits: f64,
    /// Friction coefficient of the contact joints (0: Hertz's frictionless contact).
    pub mu: f64,
}

impl HertzCase {
    /// R = 1 mm, b = R/25 (peak strain ≈ p₀/E ≈ 2 %: SVK is linear there to ≈ 1 %),
    /// h = b/`cells`, cap 6b × 6b.
    pub fn new(cells: f64) -> Self {
        let radius = 1e-3;
        let half_width = radius / 25.0;
        Self {
            radius,
            half_width,
            spacing: half_width / cells,
            extent: 6.0,
            transits: 20.0,
            mu: 0.0,
        }
    }

    /// The load P [N/m] (Hertz's for the target half-width on a rigid flat).
    pub fn load(&self) -> f64 {
        hertz_load(
            self.half_width,
            self.radius,
            Material::ZIRCONIA.plane_strain_modulus(),
        )
    }
}

/// What a Hertz case measured.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct HertzResult {
    /// The strip on the flat at the end.
    pub strip: ContactStrip,
    /// Hertz's b for the measured load \[m\].
    pub hertz_half_width: f64,
    /// Applied load [N/m].
    pub applied_load: f64,
    /// Element spacing \[m\].
    pub spacing: f64,
    /// Elements.
    pub elements: usize,
    /// Steps.
    pub steps: u64,
}

/// Builds the flat and the cap one spacing above it (beyond the formation distance ≈ 0.79h
/// of aligned nodes with equal effective sizes 0.64h).
pub fn build(case: &HertzCase) -> Result<System, MeshError> {
    let (r, h) = (case.radius, case.spacing);
    let half = (case.extent * case.half_width / h).round() as i64;
    let w = half as f64 * h;
    let mut sys = System::new(Material::ZIRCONIA);
    sys.contact_law = ContactLaw {
        mu_static: case.mu,
        mu_kinetic: case.mu,
        ..ContactLaw::default()
    };
    let nf = (2 * half + 4) as usize;
    let flat = rectangle(
        V2::new(-(half + 2) as f64 * h, -2.0 * h),
        V2::new(nf as f64 * h, 2.0 * h),
        nf,
        2,
    )?;
    add_body(&mut sys, &flat, FLAT, Strength::Unbreakable, |_| {
        Support::FIXED
    })?;
    // The cap: a structured mesh sheared vertically onto the arc, at the flat's abscissae.
    // Shear keeps every triangle's area (h²/2), so every surface element has the same
    // effective size (Eq. 17) and contact joints form at one gap everywhere.
    let gap = h;
    let height = case.extent * case.half_width;
    let ny = (height / h).round().max(1.0) as usize;
    let sag = |x: f64| r - (r * r - x * x).sqrt();
    let mut cap = rectangle(
        V2::new(-w, gap),
        V2::new(2.0 * w, ny as f64 * h),
        2 * half as usize,
        ny,
    )?;
    for p in cap.points.iter_mut() {
        p.y += sag(p.x);
    }
    let top = gap + ny as f64 * h;
    add_body(&mut sys, &cap, CAP, Strength::Unbreakable, |p| {
        if p.y - sag(p.x) > top - 1e-3 * h {
            Support::VERTICAL_ROLLER
        } else {
            Support::FREE
        }
    })?;
    Ok(sys)
}

/// Ramps the load up over `transits` P-wave transits of the cap with near-critical damping,
/// holds it as long again, and measures the strip on the flat.
pub fn run(case: &HertzCase) -> Result<HertzResult, MeshError> {
    let mut sys = build(case)?;
    let mat = sys.material;
    let load = case.load();
    let top_row: Vec<usize> = (0..sys.elements.len())
        .filter(|&i| sys.elements.body[i] == CAP && !sys.elements.support[i].free_x)
        .collect();
    let per = load / top_row.len() as f64;
    let dt = stable_dt(&sys, 0.4);
    let mut st = Stepper::new(Scheme::VelocityVerlet, dt, Events::CONTACTS);
    let height = case.extent * case.half_width;
    let transit = height / mat.p_wave_speed();
    // Near-critical for the cap's fundamental mode (period ≈ 4H/c_P).
    st.damping = 1.0 / transit;
    let ramp = case.transits * transit;
    while st.time < 2.0 * ramp {
        let f = per * (st.time / ramp).min(1.0);
        for &i in &top_row {
            sys.elements.load[i] = V2::new(0.0, -f);
        }
        st.step(&mut sys);
    }
    let forces = contact_pressure_on(&sys, FLAT, V2::new(0.0, 1.0));
    let strip = strip_of(&forces);
    Ok(HertzResult {
        strip,
        hertz_half_width: hertz_half_width(strip.load, case.radius, mat.plane_strain_modulus()),
        applied_load: load,
        spacing: case.spacing,
        elements: sys.elements.len(),
        steps: st.steps,
    })
}
