//! Sliding wear between two rough brittle bodies (issue 16 item 3): a short top body with a
//! rough lower face, pressed by a nominal pressure p on its top row (tractions as element
//! loads, §3.6) and driven sideways at speed v, over a longer rough bottom body clamped at its
//! base. The rough faces are 1D cuts of the project's self-affine surfaces. Fracture (Eq. 16
//! with the calibrated flaw fraction) makes debris; K = W·H/(F_N·s).

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::build::{Strength, add_body};
use super::integrate::{Events, Scheme, Stepper, stable_dt};
use super::material::BrittleSolid;
use super::mesh::{MeshError, polygon, profile_polygon, profile_polygon_above};
use super::remesh_in_loop::{RemeshLog, RemeshPolicy};
use super::system::{ContactLaw, ElementAssembly, Support};
use super::vec2::V2;
use super::wear::{archard_k, debris, energy_wear};
use crate::surface::{Rescale, SelfAffine};

/// Flaw fraction c of Eq. 16 (a = c·√A_j) that makes the centre-cracked plate break at
/// K_Ic: the plate gives K_app = 0.819 K_Ic at c = ½ on 96 cells and K_app ∝ c^(−1/2), so
/// c = ½·0.819² (see `tests_fracture`).
pub const CALIBRATED_FLAW_FRACTION: f64 = 0.335;

/// A material flaw half-size a \[m\] for [`Strength::MaterialFlaw`]: the calibrated Eq. 16
/// flaw of the quick mesh (c·√A_j with equilateral joints of side h = 10 µm, √A_j = 6.58 µm),
/// so the quick case keeps its threshold σ_ft = K_Ic/√(πa) = 4.94 GPa, now on every mesh (a
/// flaw of a few grains: zirconia's grains are ≈ 0.3–1 µm).
pub const MATERIAL_FLAW_HALF_SIZE: f64 = 2.2e-6;

/// Body tag of the bottom (clamped) body.
pub const BOTTOM: u32 = 0;
/// Body tag of the top (driven) body.
pub const TOP: u32 = 1;

/// One sliding-wear case.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SlidingWearCase {
    /// Element spacing h \[m\].
    pub spacing: f64,
    /// Top body length L \[m\] (the bottom is 2L).
    pub length: f64,
    /// Thickness of each body \[m\].
    pub depth: f64,
    /// RMS height of each rough face \[m\].
    pub rms_height: f64,
    /// Nominal pressure p \[Pa\].
    pub pressure: f64,
    /// Sliding distance s \[m\].
    pub sliding: f64,
    /// Sliding speed v [m/s] (≪ c_S keeps it quasi-static).
    pub velocity: f64,
    /// Fretting slip amplitude δ \[m\]: the drive's displacement is δ sin(ωt) with peak speed
    /// δω = v, run until its path length reaches s; 0 for unidirectional sliding. (A drive
    /// reversing instantly at ±δ sends a stress wave ρc_P·2v ≈ 5.6 GPa at v = 70 m/s through
    /// the body — above Eq. 16's threshold — and shatters it.)
    pub amplitude: f64,
    /// Friction coefficient μ_s = μ_k of the contact joints.
    pub mu: f64,
    /// Fracture threshold of the joints (calibrated Eq. 16 or the crack band).
    pub strength: Strength,
    /// Hardness H of the worn material \[Pa\] (zirconia ≈ 12 GPa, Vickers; not in seed 001).
    pub hardness: f64,
    /// Master seed and realisation index of the rough faces.
    pub seed: u64,
    /// Realisation index.
    pub realisation: u64,
}

impl SlidingWearCase {
    /// The quick case: L = 400 µm, h = L/40 = 10 µm (Eq. 16 threshold ≈ 4.7 GPa), depth L/4,
    /// RMS height h/4 (RMS slope ≈ 0.3), v = 2 % of c_S, μ = 0.3.
    pub fn quick(pressure: f64, seed: u64, realisation: u64) -> Self {
        let length = 400e-6;
        Self {
            spacing: length / 40.0,
            length,
            depth: length / 4.0,
            rms_height: length / 160.0,
            pressure,
            sliding: length / 2.0,
            velocity: 0.02 * BrittleSolid::ZIRCONIA.s_wave_speed(),
            amplitude: 0.0,
            mu: 0.3,
            strength: Strength::FlawFraction(CALIBRATED_FLAW_FRACTION),
            hardness: 12e9,
            seed,
            realisation,
        }
    }
}

/// What one case measured.
#[derive(Debug, Clone, PartialEq)]
pub struct SlidingWearResult {
    /// Archard K = W·H/(F_N·s) [-].
    pub k: f64,
    /// Worn area W (debris) \[m²\].
    pub worn_area: f64,
    /// Frictional work during sliding [J/m].
    pub friction_work: f64,
    /// Energy wear W/E_friction [m³/J].
    pub energy_wear: f64,
    /// Mean friction coefficient (tangential/normal drive force) during sliding.
    pub mean_mu: f64,
    /// Debris history: (sliding distance \[m\], debris area \[m²\], particles).
    pub history: Vec<(f64, f64, usize)>,
    /// Interior joints broken.
    pub broken: usize,
    /// Area of each debris fragment at the end \[m²\] (those present after loading included;
    /// `fragments_at_start` of them).
    pub fragment_areas: Vec<f64>,
    /// Elements in each of those fragments.
    pub fragment_elements: Vec<usize>,
    /// Debris fragments present when the sliding started (after loading).
    pub fragments_at_start: usize,
    /// Elements and steps (bench figures).
    pub elements: usize,
    /// Steps of the sliding phase.
    pub steps: u64,
}

/// Shortest wavelength of the rough faces: the map over 2L holds modes up to k_s = 16.
const MODES_OVER_2L: f64 = 16.0;

impl SlidingWearCase {
    /// The asperity scale A_asp = λ_s·h_rms \[m²\]: the shortest wavelength of the faces
    /// (λ_s = 2L/16 = L/8) times their RMS height, the cross-section of the smallest asperity
    /// (125 µm² for the quick case, whatever the mesh).
    pub fn asperity_area(&self) -> f64 {
        2.0 * self.length / MODES_OVER_2L * self.rms_height
    }
}

/// The two rough faces (bottom over 2L, top over L) sampled at the spacing h.
fn profiles(case: &SlidingWearCase) -> Result<(Vec<f64>, Vec<f64>), MeshError> {
    let n = 128;
    let spectrum = SelfAffine {
        hurst: 0.8,
        k_l: 1.0,
        k_r: 2.0,
        k_s: MODES_OVER_2L,
    };
    let mut rng = ChaCha8Rng::seed_from_u64(crate::rng::splitmix64(
        case.seed ^ crate::rng::splitmix64(case.realisation),
    ));
    let map = spectrum
        .generate(n, 2.0 * case.length, Rescale::None, &mut rng)
        .map_err(|_| MeshError::Invalid("surface generation failed"))?;
    let h = map.heights();
    let dx = 2.0 * case.length / n as f64;
    let cut = |row: usize, len: f64| -> Vec<f64> {
        let m = (len / case.spacing).round() as usize + 1;
        let mut z: Vec<f64> = (0..m)
            .map(|i| {
                let x = i as f64 * case.spacing / dx;
                let (i0, t) = (x.floor() as usize, x.fract());
                let a = h[row * n + i0 % n];
                let b = h[row * n + (i0 + 1) % n];
                a + (b - a) * t
            })
            .collect();
        let mean = z.iter().sum::<f64>() / m as f64;
        let rms = (z.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / m as f64).sqrt();
        for v in z.iter_mut() {
            *v = (*v - mean) * case.rms_height / rms;
        }
        z
    };
    Ok((cut(0, 2.0 * case.length), cut(n / 2, case.length)))
}

/// Builds the two bodies, the top one just clear of the bottom one.
///
/// # Errors
///
/// [`MeshError::Invalid`] when the surface profiles cannot be generated (a non-positive length or
/// spacing), a profile is not above its base (below its top), or a triangle is degenerate;
/// [`MeshError::Triangulation`] or [`MeshError::SelfIntersecting`] when a body cannot be meshed.
pub fn build(case: &SlidingWearCase) -> Result<ElementAssembly, MeshError> {
    let h = case.spacing;
    let l = case.length;
    let (zb, zt) = profiles(case)?;
    let mut sys = ElementAssembly::new(BrittleSolid::ZIRCONIA);
    sys.contact_law = ContactLaw {
        mu_static: case.mu,
        mu_kinetic: case.mu,
        ..ContactLaw::default()
    };
    let strength = case.strength;
    let base = -case.depth;
    let bottom = polygon(&profile_polygon(&zb, -l, h, base)?, h)?;
    add_body(&mut sys, &bottom, BOTTOM, strength, |p| {
        if p.y < base + 1e-3 * h {
            Support::FIXED
        } else {
            Support::FREE
        }
    })?;
    // Lift the top face to clear the bottom one by 0.3 h where they overlap.
    let x0 = -l / 2.0;
    let lift = zt
        .iter()
        .enumerate()
        .map(|(i, z)| {
            let x = x0 + i as f64 * h;
            let j = ((x + l) / h).round() as usize;
            zb[j.min(zb.len() - 1)] - z
        })
        .fold(f64::NEG_INFINITY, f64::max)
        + 0.3 * h;
    let zt: Vec<f64> = zt.iter().map(|z| z + lift).collect();
    let top_y = lift + case.depth;
    let top = polygon(&profile_polygon_above(&zt, x0, h, top_y)?, h)?;
    let range = add_body(&mut sys, &top, TOP, strength, |p| {
        if p.y > top_y - 1e-3 * h {
            Support::VERTICAL_ROLLER
        } else {
            Support::FREE
        }
    })?;
    // Nominal pressure as loads on the top row: p·L shared in proportion to spacing.
    let row: Vec<usize> = range
        .filter(|&i| sys.elements.pos[i].y > top_y - 1e-3 * h)
        .collect();
    let per = case.pressure * l / row.len() as f64;
    for i in row {
        sys.elements.load[i] = V2::new(0.0, -per);
    }
    Ok(sys)
}

/// Runs: load with damping until settled, then slide a distance s at speed v.
///
/// # Errors
///
/// Those of [`build`].
pub fn run(case: &SlidingWearCase) -> Result<SlidingWearResult, MeshError> {
    Ok(run_with_remeshing(case, None)?.0)
}

/// As [`run`], with least-squares remeshing of skewed contact joints during the slide
/// (`remesh`, §3.5) and its log.
///
/// # Errors
///
/// Those of [`build`].
pub fn run_with_remeshing(
    case: &SlidingWearCase,
    remesh: Option<RemeshPolicy>,
) -> Result<(SlidingWearResult, RemeshLog), MeshError> {
    let mut sys = build(case)?;
    let mat = sys.material;
    let dt = stable_dt(&sys, 0.4);
    let mut st = Stepper::new(Scheme::VelocityVerlet, dt, Events::ALL);
    let transit = case.depth / mat.p_wave_speed();
    st.damping = 1.0 / transit;
    while st.time < 30.0 * transit {
        st.step(&mut sys);
    }
    let broken_before = sys.interior.len();
    let driven: Vec<usize> = (0..sys.elements.len())
        .filter(|&i| sys.elements.body[i] == TOP && !sys.elements.support[i].free_x)
        .collect();
    let omega = if case.amplitude > 0.0 {
        case.velocity / case.amplitude
    } else {
        0.0
    };
    let mut path = 0.0;
    let mut direction;
    let mut st = Stepper::new(Scheme::VelocityVerlet, dt, Events::ALL);
    st.remesh = remesh;
    let w0 = sys.dissipation.friction;
    let (debris0, fragments_at_start) = {
        let d = debris(&sys);
        (d.total_area(), d.areas.len())
    };
    let normal = case.pressure * case.length;
    let mut history = Vec::new();
    let mut drive_work = 0.0;
    // Unidirectional: s/v; fretting: the path of δ sin(ωt) grows by 4δ per period 2π/ω.
    let duration = if omega > 0.0 {
        case.sliding / (4.0 * case.amplitude) * std::f64::consts::TAU / omega
    } else {
        case.sliding / case.velocity
    };
    let every = ((duration / dt) as u64 / 50).max(1);
    while st.time < duration {
        // Drive speed at the middle of the step (signed, as a fraction of v).
        direction = if omega > 0.0 {
            (omega * (st.time + 0.5 * dt)).cos()
        } else {
            1.0
        };
        for &i in &driven {
            sys.elements.support[i].drive = V2::new(direction * case.velocity, 0.0);
        }
        path += direction.abs() * case.velocity * dt;
        st.step(&mut sys);
        let f = st.forces();
        let el = &sys.elements;
        // The drive holds the top row: its reaction is minus the net force on those elements.
        let fx: f64 = (0..el.len())
            .filter(|&i| el.body[i] == TOP && !el.support[i].free_x)
            .map(|i| -f[i].x)
            .sum();
        drive_work += fx * direction * case.velocity * dt;
        if st.steps.is_multiple_of(every) {
            let d = debris(&sys);
            history.push((path, d.total_area() - debris0, d.areas.len()));
        }
    }
    let end = debris(&sys);
    let worn = end.total_area() - debris0;
    let friction_work = sys.dissipation.friction - w0;
    let result = SlidingWearResult {
        k: archard_k(worn, case.hardness, normal, case.sliding),
        worn_area: worn,
        friction_work,
        energy_wear: energy_wear(worn, friction_work),
        mean_mu: drive_work / (normal * case.sliding),
        history,
        broken: broken_before - sys.interior.len(),
        fragment_areas: end.areas,
        fragment_elements: end.sizes,
        fragments_at_start,
        elements: sys.elements.len(),
        steps: st.steps,
    };
    Ok((result, st.remesh_log))
}
