//! Seed 001 §4.1, two circles in contact (Fig. 3): the bottom half of the lower circle is
//! clamped, the top half of the upper circle is driven down into contact, then sideways with
//! friction until the circles pull apart. Recorded against closed forms: during the
//! compression the contact strip's moment half-width against Hertz's b = √(4PR/(πE*)) for
//! two equal cylinders (R/2 and E*/2, the same b as [`hertz_half_width`] with R and E*);
//! during the slide the tangential force against μN.
//!
//! The compression is slow (0.1 % of c_S) with light mass-proportional damping
//! (ξ = 0.05 c_P/R) so that it is quasi-static; the damping acts on absolute velocities, so
//! it drags the moving circle by M·ξ·v (reported, < 1 % of the normal force). The slide is
//! faster (1 % of c_S) and undamped, as the seed's.

use super::build::{Strength, add_body};
use super::hertz::{contact_pressure_on, hertz_half_width, strip_of};
use super::integrate::{Events, Scheme, Stepper, stable_dt};
use super::material::BrittleSolid;
use super::mesh::{MeshError, circle};
use super::system::{ContactLaw, ElementAssembly, Support};
use super::vec2::V2;

/// Body tag of the lower (clamped) circle.
pub const LOWER: u32 = 0;
/// Body tag of the upper (driven) circle.
pub const UPPER: u32 = 1;

/// The case.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CirclesCase {
    /// Radius R of both circles \[m\].
    pub radius: f64,
    /// Element spacing h \[m\].
    pub spacing: f64,
    /// Approach δ of the drive during compression, after the start gap closes \[m\].
    pub approach: f64,
    /// Horizontal drive distance of the slide \[m\].
    pub slide: f64,
    /// Drive speed of the compression [m/s].
    pub press_speed: f64,
    /// Drive speed of the slide [m/s].
    pub speed: f64,
    /// Friction coefficient μ_s = μ_k.
    pub mu: f64,
}

impl CirclesCase {
    /// R = 10 µm, h = R/`cells`, δ = 0.04R, slide 0.6R (past separation at √(4Rδ) = 0.4R),
    /// pressed at 0.1 % and slid at 1 % of c_S, μ = 0.3 (zirconia, §4).
    pub fn seed(cells: f64) -> Self {
        let radius = 10e-6;
        Self {
            radius,
            spacing: radius / cells,
            approach: 0.04 * radius,
            slide: 0.6 * radius,
            press_speed: 0.001 * BrittleSolid::ZIRCONIA.s_wave_speed(),
            speed: 0.01 * BrittleSolid::ZIRCONIA.s_wave_speed(),
            mu: 0.3,
        }
    }
}

/// One sample of the run.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CirclesSample {
    /// Time \[s\].
    pub time: f64,
    /// Drive displacement (x, y) \[m\].
    pub drive: V2,
    /// Normal force N on the driven half along the line of centres (compression positive)
    /// [N/m].
    pub normal: f64,
    /// Tangential force T resisting the slide, across the line of centres [N/m].
    pub tangential: f64,
    /// Moment half-width of the contact forces on the lower circle \[m\].
    pub half_width: f64,
    /// Hertz's b for the contact load \[m\].
    pub hertz_half_width: f64,
    /// Contact joints.
    pub joints: usize,
}

/// The history and size of a run.
#[derive(Debug, Clone, PartialEq)]
pub struct CirclesRun {
    /// Samples.
    pub samples: Vec<CirclesSample>,
    /// Index of the first slide sample.
    pub slide_start: usize,
    /// Damping drag on the driven circle at the compression speed [N/m].
    pub damping_drag: f64,
    /// Elements.
    pub elements: usize,
    /// Steps.
    pub steps: u64,
}

/// Gap between the circles at the start, in spacings: beyond the ≈ 0.8h at which contact
/// joints form (§3.3.1), so that they form one by one as the gap closes (a start inside it
/// formed 10 stress-free joints over ±1.7 µm at once: a flat punch, not Hertz).
const START_GAP: f64 = 1.5;

/// Builds the two circles, the upper one `START_GAP` (1.5) spacings above the lower one.
///
/// # Errors
///
/// [`MeshError::Invalid`] for a radius or spacing that is not finite and > 0 (or a degenerate
/// triangle); [`MeshError::Triangulation`] when a disc cannot be meshed.
pub fn build(case: &CirclesCase) -> Result<ElementAssembly, MeshError> {
    let (r, h) = (case.radius, case.spacing);
    let mut sys = ElementAssembly::new(BrittleSolid::ZIRCONIA);
    sys.contact_law = ContactLaw {
        mu_static: case.mu,
        mu_kinetic: case.mu,
        ..ContactLaw::default()
    };
    let lower = circle(V2::new(0.0, -r), r, h)?;
    add_body(&mut sys, &lower, LOWER, Strength::Unbreakable, |p| {
        if p.y < -r {
            Support::FIXED
        } else {
            Support::FREE
        }
    })?;
    let gap = START_GAP * h;
    let upper = circle(V2::new(0.0, r + gap), r, h)?;
    add_body(&mut sys, &upper, UPPER, Strength::Unbreakable, |p| {
        if p.y > r + gap {
            Support::driven(V2::ZERO)
        } else {
            Support::FREE
        }
    })?;
    Ok(sys)
}

/// Runs the compression and the slide, sampling about 400 times.
///
/// # Errors
///
/// Those of [`build`].
pub fn run(case: &CirclesCase) -> Result<CirclesRun, MeshError> {
    let mut sys = build(case)?;
    let mat = sys.material;
    let driven: Vec<usize> = (0..sys.elements.len())
        .filter(|&i| sys.elements.body[i] == UPPER && !sys.elements.support[i].free_x)
        .collect();
    let upper_centre0 = V2::new(0.0, case.radius + START_GAP * case.spacing);
    let dt = stable_dt(&sys, 0.4);
    let mut st = Stepper::new(Scheme::VelocityVerlet, dt, Events::CONTACTS);
    st.damping = 0.05 * mat.p_wave_speed() / case.radius;
    let damping = st.damping;
    let upper_mass: f64 = (0..sys.elements.len())
        .filter(|&i| sys.elements.body[i] == UPPER)
        .map(|i| sys.elements.mass[i])
        .sum();
    let t_press = (case.approach + START_GAP * case.spacing) / case.press_speed;
    let t_slide = case.slide / case.speed;
    let every_press = ((t_press / dt) as u64 / 200).max(1);
    let every_slide = ((t_slide / dt) as u64 / 200).max(1);
    let mut drive = V2::ZERO;
    let mut samples = Vec::new();
    let mut slide_start = None;
    while st.time < t_press + t_slide {
        let pressing = st.time < t_press;
        let v = if pressing {
            V2::new(0.0, -case.press_speed)
        } else {
            if slide_start.is_none() {
                slide_start = Some(samples.len());
                st.damping = 0.0;
            }
            V2::new(case.speed, 0.0)
        };
        let every = if pressing { every_press } else { every_slide };
        for &i in &driven {
            sys.elements.support[i].drive = v;
        }
        drive += v * dt;
        st.step(&mut sys);
        if st.steps.is_multiple_of(every) {
            let f = st.forces();
            let net = driven.iter().fold(V2::ZERO, |a, &i| a + f[i]);
            let c = upper_centre0 + drive - V2::new(0.0, -case.radius);
            let normal = c * (1.0 / c.norm());
            let tangent = V2::new(normal.y, -normal.x);
            let strip = strip_of(&contact_pressure_on(&sys, LOWER, normal));
            samples.push(CirclesSample {
                time: st.time,
                drive,
                normal: net.dot(normal),
                tangential: -net.dot(tangent),
                half_width: strip.half_width,
                hertz_half_width: hertz_half_width(
                    strip.load,
                    case.radius,
                    mat.plane_strain_modulus(),
                ),
                joints: sys.contact.len(),
            });
        }
    }
    Ok(CirclesRun {
        slide_start: slide_start.unwrap_or(samples.len()),
        damping_drag: upper_mass * damping * case.press_speed,
        samples,
        elements: sys.elements.len(),
        steps: st.steps,
    })
}
