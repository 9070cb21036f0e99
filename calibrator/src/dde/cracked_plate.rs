//! A centre-cracked plate pulled in mode I (issue 16 item 4): at what far-field stress does
//! Eq. 16's criterion let the crack run, against LEFM's σ√(πa)·√(sec(πa/W)) = K_Ic
//! (Feddersen's width correction), and how much energy does fracture dissipate per unit new
//! crack length against G_c = K_Ic²(1 − ν²)/E?
//!
//! The crack is a slot one cell high (joints of one row of cells removed over |x| < a). The
//! top and bottom rows are pulled apart at a constant slow speed with light damping; the
//! far-field stress is the reaction of the top row per unit width.

use super::build::{Strength, add_body};
use super::fracture::fracture_overstressed_into;
use super::integrate::{Events, Scheme, Stepper, stable_dt};
use super::material::BrittleSolid;
use super::mesh::{MeshError, rectangle};
use super::system::{ElementAssembly, Support};
use super::vec2::V2;

/// The plate case.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CrackedPlate {
    /// Plate width W = height \[m\].
    pub width: f64,
    /// Cells across the width (h = W/cells).
    pub cells: usize,
    /// Crack half-length a as a fraction of W.
    pub crack_fraction: f64,
    /// Fracture threshold of the joints (Eq. 16 with a flaw fraction, or the crack band).
    pub strength: Strength,
    /// Crack growth per tip at which the run stops \[cells\].
    pub growth_cells: f64,
    /// Ramp duration to the LEFM failure strain, in P-wave transits of the plate (≫ 1 keeps
    /// the loading quasi-static).
    pub transits_to_failure: f64,
}

impl CrackedPlate {
    /// A 200 µm zirconia plate (failure strain ≈ 0.7 %: small strain), a = W/8, flaw
    /// fraction ½.
    pub fn new(cells: usize) -> Self {
        Self {
            width: 200e-6,
            cells,
            crack_fraction: 0.125,
            strength: Strength::FlawFraction(0.5),
            growth_cells: 4.0,
            transits_to_failure: 30.0,
        }
    }
}

/// What the plate did.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CrackedPlateResult {
    /// Element spacing h \[m\].
    pub spacing: f64,
    /// Far-field stress at the first fracture \[Pa\].
    pub stress_at_initiation: f64,
    /// σ√(πa)·√(sec(πa/W)) at the first fracture, over K_Ic.
    pub k_ratio: f64,
    /// Largest far-field stress of the run \[Pa\] (the failure load of a softening law).
    pub peak_stress: f64,
    /// σ_peak√(πa)·√(sec(πa/W)) over K_Ic.
    pub k_ratio_peak: f64,
    /// Strain energy of the removed joints per unit new crack length [J/m²].
    pub joint_energy_per_length: f64,
    /// Critical energy release rate G_c of the material [J/m²].
    pub g_c: f64,
    /// Joints broken.
    pub broken: usize,
}

/// Runs the plate until each tip has grown by `growth_cells`, or the plate separates.
///
/// # Errors
///
/// [`MeshError::Invalid`] for a non-positive plate size or cell count, or a degenerate triangle.
pub fn run(case: &CrackedPlate) -> Result<CrackedPlateResult, MeshError> {
    let mat = BrittleSolid::ZIRCONIA;
    let w = case.width;
    let n = case.cells;
    let h = w / n as f64;
    let mesh = rectangle(V2::new(-w / 2.0, -w / 2.0), V2::new(w, w), n, n)?;
    let mut sys = ElementAssembly::new(mat);
    let a = case.crack_fraction * w;
    let lefm_strain = mat.fracture_threshold(a) / mat.plane_strain_modulus();
    let strain_rate = lefm_strain / (case.transits_to_failure * w / mat.p_wave_speed());
    let v_edge = 0.5 * strain_rate * w;
    add_body(&mut sys, &mesh, 0, case.strength, |p| {
        if p.y > w / 2.0 - 1e-3 * h {
            Support::driven(V2::new(0.0, v_edge))
        } else if p.y < -w / 2.0 + 1e-3 * h {
            Support::driven(V2::new(0.0, -v_edge))
        } else {
            Support::FREE
        }
    })?;
    // The slot: joints of the row of cells just above y = 0 over |x| < a.
    let el = &sys.elements;
    sys.interior.retain(|j| {
        let c = el.triangle(j.members);
        let centroid = (c[0] + c[1] + c[2]) * (1.0 / 3.0);
        !(centroid.y > 0.0 && centroid.y < h && centroid.x.abs() < a)
    });
    super::build::refresh_surface(&mut sys);
    let dt = stable_dt(&sys, 0.4);
    let mut st = Stepper::new(Scheme::VelocityVerlet, dt, Events::NONE);
    // Light damping (a tenth of the plate's fundamental rate) keeps the ramp quasi-static.
    st.damping = 0.1 * mat.p_wave_speed() / w;
    let top_reaction = |sys: &ElementAssembly, forces: &[V2]| -> f64 {
        let el = &sys.elements;
        (0..el.len())
            .filter(|&i| el.pos[i].y > 0.0 && !el.support[i].free_y)
            .map(|i| -forces[i].y)
            .sum::<f64>()
            / w
    };
    let sec = 1.0 / (std::f64::consts::PI * a / w).cos();
    let mut initiation = None;
    let mut peak: f64 = 0.0;
    let mut broken = 0;
    let mut tip = a;
    let mut removed = Vec::new();
    let stop = a + case.growth_cells * h;
    let max_steps = (3.0 * case.transits_to_failure * w / mat.p_wave_speed() / dt) as u64;
    while tip < stop && st.steps < max_steps {
        st.step(&mut sys);
        let stress = top_reaction(&sys, st.forces());
        peak = peak.max(stress);
        removed.clear();
        let pass = fracture_overstressed_into(&mut sys, &mut removed);
        if pass.broken > 0 {
            initiation.get_or_insert(stress);
            broken += pass.broken;
            for j in &removed {
                let c = sys.elements.triangle(j.members);
                tip = tip.max(((c[0] + c[1] + c[2]) * (1.0 / 3.0)).x.abs());
            }
            st.reset();
        }
    }
    let sigma = initiation.unwrap_or(f64::NAN);
    let growth = 2.0 * (tip - a).max(h);
    Ok(CrackedPlateResult {
        spacing: h,
        stress_at_initiation: sigma,
        k_ratio: sigma * (std::f64::consts::PI * a * sec).sqrt() / mat.k_ic,
        peak_stress: peak,
        k_ratio_peak: peak * (std::f64::consts::PI * a * sec).sqrt() / mat.k_ic,
        joint_energy_per_length: sys.dissipation.fracture / growth,
        g_c: mat.fracture_energy(),
        broken,
    })
}
