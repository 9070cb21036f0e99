//! Contact conductance H of seed 002 Eq. 5–7 (Q_ij = H(T_i − T_j)), in three forms.
//!
//! * [`ConductanceModel::Hertz3D`] — Eq. 6, H = 2k_th·a with the Hertz circle radius
//!   a = (3r_nR'/(4E'))^{1/3} (spheres; r_n in N, H in W/K).
//! * [`ConductanceModel::SeedEq7`] — Eq. 7's first printed form H = 2k_th√(2aL) with a the Hertz
//!   half-width of two cylinders pressed by r_n over length L, a = √(8r_nR'/(πLE')) (E' the
//!   plane-strain modulus E/(1−ν²) of identical bodies, for which 1/E* = 2/E'), L = 1 m. Its
//!   second printed form, 2k_th(8r_nR'/(πLE'))^{1/4}, drops the factor √(2L) and is not a
//!   conductance dimensionally; the first form is. Per unit depth it gives H/L, which depends on
//!   the arbitrary L: a 3D "equivalent circle" reading, not a 2D result.
//! * [`ConductanceModel::Strip2D`] (default) — the 2D lumped conductance per unit depth of two
//!   disks touching over a strip of half-width b: with heat entering disk i uniformly over the
//!   arc |θ| < φ_i = asin(b/R_i) and drawn uniformly from its area (the lumped, quasi-steady
//!   regime of Eq. 13), the Fourier solution of Poisson's equation in the disk gives the
//!   arc-mean minus disk-mean temperature ΔT = Q/(πk)·[1/8 + Σ_n sin²(nφ)/(n³φ²)], and
//!   Σ_n sin²(nφ)/(n³φ²) = 3/2 − ln 2φ + O(φ²). Hence
//!   1/H = Σ_i (13/8 − ln 2φ_i)/(πk) per unit depth (W/(m·K)), with b from 2D Hertz,
//!   b = √(4F'R*/(πE*)), F' the force per unit depth. [`strip_resistance_series`] is the series
//!   itself, the exact reference the closed form is tested against.

use core::f64::consts::PI;

/// Which conductance law is used.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ConductanceModel {
    /// Eq. 6 (spheres).
    Hertz3D,
    /// Eq. 7 as printed (first form), L = 1 m.
    SeedEq7,
    /// 2D strip contact between disks, lumped (the default; module doc).
    #[default]
    Strip2D,
}

/// Thermo-elastic properties of the particles.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ThermalMaterial {
    /// Thermal conductivity k_th (W/(m·K)).
    pub conductivity: f64,
    /// Young's modulus E (Pa).
    pub young: f64,
    /// Poisson's ratio ν.
    pub poisson: f64,
    /// Specific heat c (J/(kg·K)).
    pub specific_heat: f64,
}

impl ThermalMaterial {
    /// Plane-strain modulus E' = E/(1−ν²) of one body.
    pub fn plane_strain_modulus(&self) -> f64 {
        self.young / (1.0 - self.poisson * self.poisson)
    }
}

/// Effective radius R' = R1R2/(R1+R2) (a flat wall: pass `f64::INFINITY` for it).
pub fn effective_radius(r1: f64, r2: f64) -> f64 {
    if r2.is_infinite() {
        r1
    } else if r1.is_infinite() {
        r2
    } else {
        r1 * r2 / (r1 + r2)
    }
}

/// 2D Hertz half-width b = √(4F'R*/(πE*)) of two identical-material cylinders pressed by
/// F' (N/m), with E* = E'/2.
pub fn hertz_half_width(force_per_depth: f64, r_eff: f64, mat: &ThermalMaterial) -> f64 {
    let e_star = 0.5 * mat.plane_strain_modulus();
    (4.0 * force_per_depth.max(0.0) * r_eff / (PI * e_star)).sqrt()
}

/// One disk's strip constriction resistance ×πk, 13/8 − ln 2φ with sin φ = b/R (closed form).
pub fn strip_resistance_closed(b: f64, radius: f64) -> f64 {
    let phi = (b / radius).clamp(0.0, 1.0).asin();
    13.0 / 8.0 - (2.0 * phi).ln()
}

/// The same quantity from the Fourier series, 1/8 + Σ_{n≤terms} sin²(nφ)/(n³φ²) plus the
/// tail bound Σ_{n>N} 1/(2n³φ²) ≈ 1/(4N²φ²): the exact reference (computed once in tests).
pub fn strip_resistance_series(b: f64, radius: f64, terms: usize) -> f64 {
    let phi = (b / radius).clamp(0.0, 1.0).asin();
    let mut s = 0.0;
    for n in 1..=terms {
        let nf = n as f64;
        s += (nf * phi).sin().powi(2) / (nf * nf * nf);
    }
    let tail = 1.0 / (4.0 * (terms as f64).powi(2));
    0.125 + (s + tail) / (phi * phi)
}

/// Conductance of a contact pressed by `force` (N per unit depth in 2D) between bodies of radii
/// `r1`, `r2` (`f64::INFINITY` for a flat wall): W/(m·K) per unit depth (2D forms) or W/K
/// (Eq. 6 with the force read as N). Zero for a non-compressive contact.
pub fn conductance(
    model: ConductanceModel,
    force: f64,
    r1: f64,
    r2: f64,
    mat: &ThermalMaterial,
) -> f64 {
    if force <= 0.0 {
        return 0.0;
    }
    let k = mat.conductivity;
    let r_eff = effective_radius(r1, r2);
    match model {
        ConductanceModel::Hertz3D => {
            2.0 * k * (3.0 * force * r_eff / (4.0 * mat.plane_strain_modulus())).cbrt()
        }
        ConductanceModel::SeedEq7 => {
            let depth = 1.0;
            let a = (8.0 * force * r_eff / (PI * depth * mat.plane_strain_modulus())).sqrt();
            2.0 * k * (2.0 * a * depth).sqrt()
        }
        ConductanceModel::Strip2D => {
            let b = hertz_half_width(force, r_eff, mat);
            let mut resistance = 0.0;
            for r in [r1, r2] {
                if r.is_finite() {
                    resistance += strip_resistance_closed(b, r);
                }
            }
            if resistance <= 0.0 {
                0.0
            } else {
                PI * k / resistance
            }
        }
    }
}
