//! Seed 001 §4.1, two circles in contact (Fig. 3): the bottom half of the lower circle is
//! clamped, the top half of the upper circle is driven down into contact, then sideways with
//! friction until the circles pull apart. Recorded against closed forms: during the
//! compression the contact strip's moment half-width against Hertz's b = √(4PR/(πE*)) for
//! two equal cylinders (R/2 and E*/2, the same b as [`hertz_half_width`] with R and E*);
//! during the slide the tangential force against μN.
//!
//! Light mass-proportional damping (ξ = ¼c_P/R) keeps the drive quasi-static; its drag on
//! the driven body, M·ξ·v, is reported (≈ 10⁻³ of the normal force).

use super::build::{Strength, add_body};
use super::hertz::{contact_pressure_on, hertz_half_width, strip_of};
use super::integrate::{Events, Scheme, Stepper, stable_dt};
use super::material::Material;
use super::mesh::{MeshError, polygon};
use super::system::{ContactLaw, Support, System};
use super::vec2::V2;

/// Body tag of the lower (clamped) circle.
pub const LOWER: u32 = 0;
/// Body tag of the upper (driven) circle.
pub const UPPER: u32 = 1;

/// The case.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CirclesCase {
    /// Radius R of both circles [m].
    pub radius: f64,
    /// Element spacing h [m].
    pub spacing: f64,
    /// Approach δ of the drive during compression [m].
    pub approach: f64,
    /// Horizontal drive distance of the slide [m].
    pub slide: f64,
    /// Drive speed [m/s].
    pub speed: f64,
    /// Friction coefficient μ_s = μ_k.
    pub mu: f64,
}

impl CirclesCase {
    /// R = 10 µm, h = R/`cells`, δ = 0.04R, slide 0.6R (past separation at √(4Rδ) = 0.4R),
    /// drive at 1 % of c_S, μ = 0.3 (zirconia, §4).
    pub fn seed(cells: f64) -> Self {
        let radius = 10e-6;
        Self {
            radius,
            spacing: radius / cells,
            approach: 0.04 * radius,
            slide: 0.6 * radius,
            speed: 0.01 * Material::ZIRCONIA.s_wave_speed(),
            mu: 0.3,
        }
    }
}

/// One sample of the run.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CirclesSample {
    /// Time [s].
    pub time: f64,
    /// Drive displacement (x, y) [m].
    pub drive: V2,
    /// Normal force N on the driven half (upward positive) [N/m].
    pub normal: f64,
    /// Tangential force T resisting the slide [N/m].
    pub tangential: f64,
    /// Moment half-width of the contact forces on the lower circle [m].
    pub half_width: f64,
    /// Hertz's b for the contact load [m].
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
    /// Damping drag on the driven circle at the drive speed [N/m].
    pub damping_drag: f64,
    /// Elements.
    pub elements: usize,
    /// Steps.
    pub steps: u64,
}

fn circle(centre: V2, r: f64, h: f64) -> Result<super::mesh::Mesh, MeshError> {
    let n = ((std::f64::consts::TAU * r / h).round() as usize).max(8);
    let v: Vec<V2> = (0..n)
        .map(|k| {
            let a = std::f64::consts::TAU * k as f64 / n as f64;
            centre + V2::new(r * a.cos(), r * a.sin())
        })
        .collect();
    polygon(&v, h)
}

/// Builds the two circles, the upper one a quarter spacing above the lower one.
pub fn build(case: &CirclesCase) -> Result<System, MeshError> {
    let (r, h) = (case.radius, case.spacing);
    let mut sys = System::new(Material::ZIRCONIA);
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
    let gap = 0.25 * h;
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
pub fn run(case: &CirclesCase) -> Result<CirclesRun, MeshError> {
    let mut sys = build(case)?;
    let mat = sys.material;
    let driven: Vec<usize> = (0..sys.elements.len())
        .filter(|&i| sys.elements.body[i] == UPPER && !sys.elements.support[i].free_x)
        .collect();
    let upper_centre0 = V2::new(0.0, case.radius + 0.25 * case.spacing);
    let dt = stable_dt(&sys, 0.4);
    let mut st = Stepper::new(
        Scheme::VelocityVerlet,
        dt,
        Events {
            contacts: true,
            fracture: false,
        },
    );
    st.damping = 0.25 * mat.p_wave_speed() / case.radius;
    let upper_mass: f64 = (0..sys.elements.len())
        .filter(|&i| sys.elements.body[i] == UPPER)
        .map(|i| sys.elements.mass[i])
        .sum();
    let t_press = case.approach / case.speed;
    let t_slide = case.slide / case.speed;
    let every = (((t_press + t_slide) / dt) as u64 / 400).max(1);
    let mut drive = V2::ZERO;
    let mut samples = Vec::new();
    let mut slide_start = None;
    while st.time < t_press + t_slide {
        let v = if st.time < t_press {
            V2::new(0.0, -case.speed)
        } else {
            slide_start.get_or_insert(samples.len());
            V2::new(case.speed, 0.0)
        };
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
            let strip = strip_of(&contact_pressure_on(&sys, LOWER, normal));
            samples.push(CirclesSample {
                time: st.time,
                drive,
                normal: net.y,
                tangential: -net.x,
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
        damping_drag: upper_mass * st.damping * case.speed,
        samples,
        elements: sys.elements.len(),
        steps: st.steps,
    })
}
