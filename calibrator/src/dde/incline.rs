//! Seed 001 §4.3: a block on a plane inclined at θ under gravity, with static and kinetic
//! friction. The plane is meshed horizontally and gravity tilted by θ, which is the same
//! mechanics. Phase 1 relaxes the block under gravity with a friction coefficient that cannot
//! slip and velocity damping (the seed relaxes by steepest descent); phase 2 switches to the
//! studied μ_s, μ_k without damping and records the block's centre of mass and the contact
//! forces. Oracle: stick for μ_s > tan θ; else a = g(sin θ − μ_k cos θ).

use super::build::{Strength, add_body};
use super::contact::{self, ContactScratch};
use super::integrate::{Events, Scheme, Stepper, stable_dt};
use super::joint::respond;
use super::material::BrittleSolid;
use super::mesh::{MeshError, rectangle};
use super::system::{ContactLaw, ElementAssembly, Support};
use super::vec2::V2;

/// Body tag of the plane.
pub const PLANE: u32 = 0;
/// Body tag of the block.
pub const BLOCK: u32 = 1;

/// Friction coefficient of the relaxation phase (high enough that nothing slips).
const RELAX_MU: f64 = 10.0;

/// The incline case.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct InclineCase {
    /// Incline angle θ \[rad\].
    pub angle: f64,
    /// Gravity g [m/s²] (the seed uses 98 nm/ns² = 9.8e10 m/s²).
    pub gravity: f64,
    /// Static friction μ_s of the dynamic phase.
    pub mu_static: f64,
    /// Kinetic friction μ_k of the dynamic phase.
    pub mu_kinetic: f64,
    /// Element spacing h \[m\].
    pub spacing: f64,
    /// Block width and height \[m\].
    pub block: V2,
    /// Relaxation duration \[s\].
    pub relax_time: f64,
    /// Dynamic-phase duration \[s\].
    pub run_time: f64,
    /// Time integration scheme.
    pub scheme: Scheme,
    /// Step as a fraction of the stable scale (altitude/c_P).
    pub dt_fraction: f64,
}

impl InclineCase {
    /// The seed's case: 15°, g = 9.8e10 m/s², zirconia, a 1 × 0.5 µm block, h = 0.1 µm.
    pub fn seed(mu_static: f64, mu_kinetic: f64) -> Self {
        Self {
            angle: 15f64.to_radians(),
            gravity: 9.8e10,
            mu_static,
            mu_kinetic,
            spacing: 0.1e-6,
            block: V2::new(1.0e-6, 0.5e-6),
            relax_time: 4e-9,
            run_time: 6e-9,
            scheme: Scheme::VelocityVerlet,
            dt_fraction: 0.4,
        }
    }
    /// a = g(sin θ − μ_k cos θ) of the rigid sliding block (0 when it sticks) [m/s²].
    pub fn rigid_acceleration(&self) -> f64 {
        if self.mu_static >= self.angle.tan() {
            0.0
        } else {
            self.gravity * (self.angle.sin() - self.mu_kinetic * self.angle.cos())
        }
    }
}

/// One sample of the dynamic phase.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct InclineSample {
    /// Time since the start of the dynamic phase \[s\].
    pub time: f64,
    /// Down-slope displacement of the block's centre of mass \[m\].
    pub displacement: f64,
    /// Down-slope velocity of the centre of mass [m/s].
    pub velocity: f64,
    /// Tangential force of the contact joints on the block (up-slope positive) [N/m].
    pub tangential: f64,
    /// Normal force of the contact joints on the block [N/m].
    pub normal: f64,
    /// Contact joints.
    pub joints: usize,
    /// Mechanical energy plus all booked dissipation [J/m] (conserved to the integrator's
    /// order: friction slip, broken joints and new stress-free joints are all accounted).
    pub energy_balance: f64,
    /// Dissipation booked so far in the dynamic phase [J/m].
    pub dissipated: f64,
}

/// The dynamic-phase history and the block's weight.
#[derive(Debug, Clone, PartialEq)]
pub struct InclineRun {
    /// Samples, one per step.
    pub samples: Vec<InclineSample>,
    /// Block weight m·g [N/m].
    pub weight: f64,
    /// Elements and steps of the dynamic phase (for the benches' figures).
    pub elements: usize,
    /// Steps of the dynamic phase.
    pub steps: u64,
}

/// Builds the plane (clamped at its base) and the block a small gap above it, with contact
/// joints formed in the gap.
///
/// # Errors
///
/// [`MeshError::Invalid`] for a size or spacing that is not positive (or a degenerate triangle);
/// [`MeshError::Triangulation`] when a body cannot be meshed.
pub fn build(case: &InclineCase) -> Result<ElementAssembly, MeshError> {
    let h = case.spacing;
    let mut sys = ElementAssembly::new(BrittleSolid::ZIRCONIA);
    let plane_w = case.block.x + 8.0 * h;
    let plane_h = 4.0 * h;
    let nx = (plane_w / h).round() as usize;
    let plane = rectangle(
        V2::new(-plane_w / 2.0, -plane_h),
        V2::new(plane_w, plane_h),
        nx,
        4,
    )?;
    add_body(&mut sys, &plane, PLANE, Strength::Unbreakable, |p| {
        if p.y < -plane_h + 1e-3 * h {
            Support::FIXED
        } else {
            Support::FREE
        }
    })?;
    let bx = (case.block.x / h).round() as usize;
    let by = (case.block.y / h).round() as usize;
    // Offset by h/2 so block and plane nodes interleave; gap 0.3 h.
    let block = rectangle(
        V2::new(-case.block.x / 2.0 + 0.5 * h, 0.3 * h),
        case.block,
        bx,
        by,
    )?;
    add_body(&mut sys, &block, BLOCK, Strength::Unbreakable, |_| {
        Support::FREE
    })?;
    let mut scratch = ContactScratch::default();
    contact::form(&mut sys, &mut scratch);
    Ok(sys)
}

fn block_state(sys: &ElementAssembly) -> (V2, V2, f64) {
    let el = &sys.elements;
    let (mut m, mut x, mut v) = (0.0, V2::ZERO, V2::ZERO);
    for i in 0..el.len() {
        if el.body[i] == BLOCK {
            m += el.mass[i];
            x += el.pos[i] * el.mass[i];
            v += el.vel[i] * el.mass[i];
        }
    }
    (x * (1.0 / m), v * (1.0 / m), m)
}

/// Net force of the contact joints on the block's elements [N/m].
pub fn contact_force_on(sys: &ElementAssembly, body: u32) -> V2 {
    let lame = sys.material.lame();
    let el = &sys.elements;
    let mut f = V2::ZERO;
    for j in &sys.contact {
        let r = respond(el.triangle(j.members), &j.reference, &lame);
        for k in 0..3 {
            if el.body[j.members[k] as usize] == body {
                f += r.forces[k];
            }
        }
    }
    f
}

/// Runs the two phases and returns the dynamic history.
///
/// # Errors
///
/// Those of [`build`].
pub fn run(case: &InclineCase) -> Result<InclineRun, MeshError> {
    let mut sys = build(case)?;
    let (s, c) = case.angle.sin_cos();
    // Down-slope is +x.
    sys.gravity = V2::new(case.gravity * s, -case.gravity * c);
    sys.contact_law = ContactLaw {
        mu_static: RELAX_MU,
        mu_kinetic: RELAX_MU,
        ..ContactLaw::default()
    };
    let dt = stable_dt(&sys, case.dt_fraction);
    let mut st = Stepper::new(case.scheme, dt, Events::CONTACTS);
    // Damping near critical for the block's fundamental mode (period ≈ 4H/c_P).
    st.damping = sys.material.p_wave_speed() / case.block.y;
    while st.time < case.relax_time {
        st.step(&mut sys);
    }
    for v in sys.elements.vel.iter_mut() {
        *v = V2::ZERO;
    }
    sys.contact_law.mu_static = case.mu_static;
    sys.contact_law.mu_kinetic = case.mu_kinetic;
    for j in sys.contact.iter_mut() {
        j.slipping = false;
    }
    let mut st = Stepper::new(case.scheme, dt, st.events);
    let (x0, _, mass) = block_state(&sys);
    let d0 = sys.dissipation.total();
    let mut samples = Vec::new();
    while st.time < case.run_time {
        st.step(&mut sys);
        let (x, v, _) = block_state(&sys);
        let f = contact_force_on(&sys, BLOCK);
        samples.push(InclineSample {
            time: st.time,
            displacement: x.x - x0.x,
            velocity: v.x,
            tangential: -f.x,
            normal: f.y,
            joints: sys.contact.len(),
            energy_balance: sys.mechanical_energy() + sys.dissipation.total(),
            dissipated: sys.dissipation.total() - d0,
        });
    }
    Ok(InclineRun {
        samples,
        weight: mass * case.gravity,
        elements: sys.elements.len(),
        steps: st.steps,
    })
}

/// Least-squares slope of velocity against time over the samples with t ≥ `from`: the
/// block's acceleration [m/s²].
pub fn fitted_acceleration(run: &InclineRun, from: f64) -> f64 {
    let pts: Vec<(f64, f64)> = run
        .samples
        .iter()
        .filter(|s| s.time >= from)
        .map(|s| (s.time, s.velocity))
        .collect();
    let n = pts.len() as f64;
    let (mx, my) = pts
        .iter()
        .fold((0.0, 0.0), |(a, b), (x, y)| (a + x / n, b + y / n));
    let (sxy, sxx) = pts.iter().fold((0.0, 0.0), |(a, b), (x, y)| {
        (a + (x - mx) * (y - my), b + (x - mx) * (x - mx))
    });
    sxy / sxx
}
