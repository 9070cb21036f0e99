//! An energy-regularised fracture law for interior joints (issue 16 item 4): cohesive
//! softening by scalar damage with crack-band scaling, so that every broken joint dissipates
//! G_c × its crack length whatever the element size.
//!
//! **Onset.** A joint starts to soften when its maximum principal Cauchy stress (Eq. 14, of the
//! undamaged response) reaches the tensile strength σ_t: Eq. 16's test with a material
//! strength instead of a flaw tied to the mesh.
//!
//! **Softening.** The joint's energy becomes (1 − d)·A₀U₀ (U₀ the SVK density of Eq. 11), so
//! its forces and stress scale by (1 − d) and the energy released by damage is A₀U₀ḋ. The
//! damage is driven by the energy-equivalent strain κ = √(2U₀/E') (E' = E/(1 − ν²)), growing
//! only while the joint is in tension (σ₁ > 0, a closed crack does not grow) and never healing.
//! With κ₀ the value at onset and the linear softening law of the uniaxial equivalent,
//! σ = E'κ(1 − d) falling from s₀ = E'κ₀ to 0 at κ_f,
//!
//!   d(κ) = 1 − (κ₀/κ)·(κ_f − κ)/(κ_f − κ₀),
//!
//! the energy dissipated from onset to κ is D(κ) = ∫U₀ dd = ½E'κ₀κ_f(κ − κ₀)/(κ_f − κ₀) per
//! unit reference area (U₀ = ½E'κ² by the definition of κ, so this holds in every stress
//! state), and D(κ_f) = ½s₀κ_f. **Crack band:** κ_f = 2g_f/s₀ with g_f = G_c/w, w the joint's
//! width along the principal direction at onset, so a broken joint has dissipated
//! A₀·G_c/w = G_c·l_c with crack length l_c = A₀/w (h/2 for a right-angled cell half crossed
//! along its rows). The joint is removed when κ reaches κ_f (d = 1: no energy left in it).
//!
//! **Snap-back.** If the elastic energy at onset already exceeds g_f (w > 2E'G_c/s₀² = 2 l_pz,
//! l_pz = E'G_c/σ_t² Irwin's process-zone length) the joint cannot soften: it breaks at onset
//! and dissipates its strain energy (counted in [`super::fracture::FracturePass::snap_back`]).

use super::joint::{JointReference, JointResponse, deformation_gradient};
use super::material::BrittleSolid;
use super::vec2::{M2, V2};

/// Tensile strength σ_t of the seed's zirconia for the cohesive law \[Pa\]: not in seed 001;
/// the flexural strength of transformation-toughened zirconia is ≈ 0.7–1.2 GPa. With K_Ic =
/// 13 MPa·√m it gives Irwin's process zone l_pz = K_Ic²/σ_t² = 169 µm.
pub const ZIRCONIA_TENSILE_STRENGTH: f64 = 1.0e9;

/// The softening state of one interior joint.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Cohesive {
    /// Critical energy release rate G_c [J/m²].
    pub fracture_energy: f64,
    /// Damage d ∈ [0, 1] (0 intact).
    pub damage: f64,
    /// The softening branch, once the onset stress was reached.
    pub onset: Option<SofteningBranch>,
}

/// The linear softening branch fixed at onset.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SofteningBranch {
    /// κ₀: energy-equivalent strain at onset [-].
    pub kappa_onset: f64,
    /// κ_f: energy-equivalent strain at full damage [-].
    pub kappa_final: f64,
    /// Largest κ reached so far [-].
    pub kappa_max: f64,
    /// Crack length l_c = A₀/w the joint stands for \[m\].
    pub crack_length: f64,
    /// Energy dissipated so far [J/m].
    pub dissipated: f64,
}

impl Cohesive {
    /// An intact joint of a material with critical energy release rate `g_c` [J/m²].
    pub fn intact(g_c: f64) -> Self {
        Self {
            fracture_energy: g_c,
            damage: 0.0,
            onset: None,
        }
    }
}

/// Irwin's process-zone length l_pz = E'G_c/σ_t² = K_Ic²/σ_t² \[m\] for a tensile strength
/// `strength` \[Pa\].
pub fn process_zone_length(material: &BrittleSolid, strength: f64) -> f64 {
    material.plane_strain_modulus() * material.fracture_energy() / (strength * strength)
}

/// The unit eigenvector of the largest eigenvalue of a symmetric 2×2 matrix ((1, 0) when
/// both eigenvalues are equal).
pub fn principal_direction(s: &M2) -> V2 {
    let [[a, b], [_, d]] = s.0;
    let l1 = s.max_principal();
    let v = if a >= d {
        V2::new(l1 - d, b)
    } else {
        V2::new(b, l1 - a)
    };
    let n = v.norm();
    if n > 0.0 && n.is_finite() {
        v * (1.0 / n)
    } else {
        V2::new(1.0, 0.0)
    }
}

/// The width of the triangle `p` along the unit direction `n` \[m\].
pub fn width_along(p: [V2; 3], n: V2) -> f64 {
    let s = p.map(|q| q.dot(n));
    s.iter().fold(f64::NEG_INFINITY, |m, &v| m.max(v))
        - s.iter().fold(f64::INFINITY, |m, &v| m.min(v))
}

/// The crack-band width w of a joint at `p` whose stress opens a crack normal to the current
/// unit direction `n`: the width of the stress-free reference triangle along the material
/// normal N ∝ Fᵀn (normals map with Fᵀ), so neither a rigid rotation nor the strain at onset
/// changes it \[m\].
pub fn band_width(p: [V2; 3], reference: &JointReference, n: V2) -> f64 {
    let f = deformation_gradient(p, reference);
    let m = f.t().apply(n);
    let norm = m.norm();
    let normal = if norm > 0.0 && norm.is_finite() {
        m * (1.0 / norm)
    } else {
        n
    };
    // Reference vertices with e₃ at the origin: s₁ = p₃ − p₂ = w₁, s₂ = p₁ − p₃ = w₂.
    width_along([reference.w2, -reference.w1, V2::ZERO], normal)
}

/// What one update of a joint did.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum CohesiveStep {
    /// Still intact or softening; energy dissipated this update [J/m].
    Holding(f64),
    /// Fully damaged: remove it; energy dissipated this update [J/m], and whether it broke at
    /// onset without a softening branch (snap-back).
    Broken {
        /// Energy dissipated this update [J/m].
        energy: f64,
        /// Broke at onset (element wider than 2 l_pz).
        snap_back: bool,
    },
}

/// Advances the softening state `c` of a joint at `p` (reference `reference`) with undamaged
/// response `r` and onset strength `strength` \[Pa\] (Eq. 16's test on σ₁).
pub fn update(
    c: &mut Cohesive,
    p: [V2; 3],
    reference: &JointReference,
    r: &JointResponse,
    strength: f64,
    material: &BrittleSolid,
) -> CohesiveStep {
    let area = reference.area();
    let e_prime = material.plane_strain_modulus();
    let sigma1 = r.cauchy.max_principal();
    let kappa = (2.0 * (r.energy / area).max(0.0) / e_prime).sqrt();
    let branch = match c.onset {
        Some(b) => b,
        None => {
            if sigma1.is_nan() || sigma1 <= strength {
                return CohesiveStep::Holding(0.0);
            }
            let w = band_width(p, reference, principal_direction(&r.cauchy));
            let s0 = e_prime * kappa;
            let g_f = c.fracture_energy / w;
            let kappa_final = 2.0 * g_f / s0;
            if kappa_final.is_nan() || kappa_final <= kappa {
                c.damage = 1.0;
                return CohesiveStep::Broken {
                    energy: r.energy,
                    snap_back: true,
                };
            }
            let b = SofteningBranch {
                kappa_onset: kappa,
                kappa_final,
                kappa_max: kappa,
                crack_length: area / w,
                dissipated: 0.0,
            };
            c.onset = Some(b);
            b
        }
    };
    let mut b = branch;
    if !(sigma1 > 0.0 && kappa > b.kappa_max) {
        return CohesiveStep::Holding(0.0);
    }
    let (k0, kf) = (b.kappa_onset, b.kappa_final);
    let dissipated_to = |k: f64| area * 0.5 * e_prime * k0 * kf * (k - k0) / (kf - k0);
    if kappa >= kf {
        let energy = dissipated_to(kf) - b.dissipated;
        b.dissipated += energy;
        b.kappa_max = kf;
        c.damage = 1.0;
        c.onset = Some(b);
        return CohesiveStep::Broken {
            energy,
            snap_back: false,
        };
    }
    let energy = dissipated_to(kappa) - b.dissipated;
    b.dissipated += energy;
    b.kappa_max = kappa;
    c.damage = 1.0 - (k0 / kappa) * (kf - kappa) / (kf - k0);
    c.onset = Some(b);
    CohesiveStep::Holding(energy)
}
