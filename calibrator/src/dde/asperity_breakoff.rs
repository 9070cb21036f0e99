//! Seed 001 §4.2, asperity contact and break-off (Fig. 4): a body with one trapezoidal
//! asperity on its lower face is driven sideways into a clamped circular obstacle; the
//! asperity's interior joints fracture (Eq. 16, calibrated flaw fraction) until it breaks off
//! and becomes third-body debris that the contact joints keep tracking.
//!
//! Recorded: the drive's resisting force, joints broken, and the debris (count and area,
//! [`super::wear::debris`]) against the drive displacement.

use super::build::{Strength, add_body};
use super::integrate::{Events, Scheme, Stepper, stable_dt};
use super::material::BrittleSolid;
use super::mesh::{MeshError, circle, polygon};
use super::sliding::CALIBRATED_FLAW_FRACTION;
use super::system::{ContactLaw, ElementAssembly, Support};
use super::vec2::V2;
use super::wear::debris;

/// Body tag of the clamped obstacle.
pub const OBSTACLE: u32 = 0;
/// Body tag of the driven body with the asperity.
pub const BODY: u32 = 1;

/// The case (lengths in m).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct AsperityCase {
    /// Element spacing h.
    pub spacing: f64,
    /// Body length and thickness.
    pub body: V2,
    /// Asperity base width, tip width and height.
    pub asperity: (f64, f64, f64),
    /// Obstacle radius.
    pub obstacle_radius: f64,
    /// Height of the obstacle's top above the asperity tip, as a fraction of the asperity
    /// height.
    pub reach: f64,
    /// Drive speed [m/s].
    pub speed: f64,
    /// Drive distance.
    pub travel: f64,
    /// Friction coefficient μ_s = μ_k.
    pub mu: f64,
}

impl AsperityCase {
    /// A 40 × 20 µm body, an asperity 8 µm wide at its base, 4 µm at its tip, 5 µm high, an
    /// obstacle of radius 3 µm reaching a quarter of the way up the asperity (`reach`),
    /// h = 0.5 µm, drive at 1 % of
    /// c_S (36 m/s: the impact wave ρc_P·v ≈ 1.4 GPa stays well below the Eq. 16 threshold of
    /// ≈ 22 GPa at this h) over 16 µm, μ = 0.3.
    pub fn seed() -> Self {
        Self {
            spacing: 0.5e-6,
            body: V2::new(40e-6, 20e-6),
            reach: 0.25,
            asperity: (8e-6, 4e-6, 5e-6),
            obstacle_radius: 3e-6,
            speed: 0.01 * BrittleSolid::ZIRCONIA.s_wave_speed(),
            travel: 16e-6,
            mu: 0.3,
        }
    }
}

/// One sample of the run.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct AsperitySample {
    /// Drive displacement \[m\].
    pub displacement: f64,
    /// Force resisting the drive (−Σ fₓ on the driven row) [N/m].
    pub drive_force: f64,
    /// Interior joints broken so far.
    pub broken: usize,
    /// Debris particles.
    pub particles: usize,
    /// Debris area \[m²\].
    pub debris_area: f64,
}

/// The history and the states to draw.
#[derive(Debug, Clone)]
pub struct AsperityRun {
    /// Samples.
    pub samples: Vec<AsperitySample>,
    /// States at the start, at the first fracture, half-way and at the end.
    pub snapshots: Vec<(String, ElementAssembly)>,
    /// Elements.
    pub elements: usize,
    /// Steps.
    pub steps: u64,
}

/// Builds the obstacle and the body just left of it.
///
/// # Errors
///
/// [`MeshError::Invalid`] for a non-positive spacing or size of the case, a degenerate triangle or
/// a point in no triangle; [`MeshError::Triangulation`] or [`MeshError::SelfIntersecting`] when the
/// body's outline cannot be meshed.
pub fn build(case: &AsperityCase) -> Result<ElementAssembly, MeshError> {
    let h = case.spacing;
    let (wb, wt, d) = case.asperity;
    let (l, t) = (case.body.x, case.body.y);
    let mut sys = ElementAssembly::new(BrittleSolid::ZIRCONIA);
    sys.contact_law = ContactLaw {
        mu_static: case.mu,
        mu_kinetic: case.mu,
        ..ContactLaw::default()
    };
    let r = case.obstacle_radius;
    // Obstacle top at `reach`·d above the tip; its left edge 0.5 h right of the asperity.
    let x1 = -wb / 2.0;
    let centre = V2::new(x1 + wb + 0.5 * h + r, -d * (1.0 - case.reach) - r);
    add_body(
        &mut sys,
        &circle(centre, r, h)?,
        OBSTACLE,
        Strength::Unbreakable,
        |_| Support::FIXED,
    )?;
    let outline = [
        V2::new(-l / 2.0, 0.0),
        V2::new(x1, 0.0),
        V2::new(x1 + 0.5 * (wb - wt), -d),
        V2::new(x1 + 0.5 * (wb + wt), -d),
        V2::new(x1 + wb, 0.0),
        V2::new(l / 2.0, 0.0),
        V2::new(l / 2.0, t),
        V2::new(-l / 2.0, t),
    ];
    let strength = Strength::FlawFraction(CALIBRATED_FLAW_FRACTION);
    add_body(&mut sys, &polygon(&outline, h)?, BODY, strength, |p| {
        if p.y > t - 1e-3 * h {
            Support::driven(V2::new(case.speed, 0.0))
        } else {
            Support::FREE
        }
    })?;
    Ok(sys)
}

/// Drives the body over `travel`, sampling about 300 times.
///
/// # Errors
///
/// Those of [`build`].
pub fn run(case: &AsperityCase) -> Result<AsperityRun, MeshError> {
    let mut sys = build(case)?;
    let joints0 = sys.interior.len();
    let driven: Vec<usize> = (0..sys.elements.len())
        .filter(|&i| !sys.elements.support[i].free_x && sys.elements.body[i] == BODY)
        .collect();
    let dt = stable_dt(&sys, 0.4);
    let mut st = Stepper::new(Scheme::VelocityVerlet, dt, Events::ALL);
    let duration = case.travel / case.speed;
    let every = ((duration / dt) as u64 / 300).max(1);
    let mut snapshots = vec![("start".to_string(), sys.clone())];
    let mut samples = Vec::new();
    let mut first_fracture = false;
    let mut half = false;
    while st.time < duration {
        st.step(&mut sys);
        let broken = joints0 - sys.interior.len();
        if broken > 0 && !first_fracture {
            first_fracture = true;
            snapshots.push(("first fracture".to_string(), sys.clone()));
        }
        if st.time >= 0.5 * duration && !half {
            half = true;
            snapshots.push(("half-way".to_string(), sys.clone()));
        }
        if st.steps.is_multiple_of(every) {
            let f = st.forces();
            let d = debris(&sys);
            samples.push(AsperitySample {
                displacement: st.time * case.speed,
                drive_force: -driven.iter().map(|&i| f[i].x).sum::<f64>(),
                broken,
                particles: d.areas.len(),
                debris_area: d.total_area(),
            });
        }
    }
    snapshots.push(("end".to_string(), sys.clone()));
    Ok(AsperityRun {
        samples,
        snapshots,
        elements: sys.elements.len(),
        steps: st.steps,
    })
}
