//! The elastic response of one triangular joint (seed 001 §3.1, Eq. 1 and 11–15).
//!
//! A joint has three member elements e₁, e₂, e₃ in counter-clockwise order; sᵢ is the directed
//! edge opposite eᵢ (s₁ = p₃ − p₂, s₂ = p₁ − p₃, s₃ = p₂ − p₁). Its reference configuration is
//! the pair {w₁, w₂} of those edges in the stress-free state. The joint carries one deformation
//! gradient F = [s₁ s₂][w₁ w₂]⁻¹ (Eq. 1) and the Saint Venant–Kirchhoff energy density
//! U = ½λ(tr E)² + μ tr(E²) with E = ½(FᵀF − I) (Eq. 11–12), integrated over the reference
//! area A₀ (energy per unit depth, J/m).
//!
//! **Sign of Eq. 13.** With R_{π/2} rotating counter-clockwise as the seed defines it, the
//! force that is exactly −∂(A₀U)/∂pᵢ (Eq. 2, 7) is fᵢ = −½ σ R_{π/2} sᵢ: for a counter-clockwise
//! triangle −R_{π/2}sᵢ is the outward normal (times length) of the edge opposite eᵢ, so a
//! stretched joint pulls its members inward. The printed Eq. 13 carries the opposite sign;
//! the finite-difference test of the energy gradient decides (see `tests_joint`).

use super::material::Lame;
use super::vec2::{M2, V2};

/// The reference configuration {w₁, w₂} of a joint, with its inverse edge matrix cached.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct JointReference {
    /// w₁: reference of s₁ = p₃ − p₂ \[m\].
    pub w1: V2,
    /// w₂: reference of s₂ = p₁ − p₃ \[m\].
    pub w2: V2,
    /// [w₁ w₂]⁻¹ [1/m].
    w_inv: M2,
    /// Reference area A₀ = ½ det[w₁ w₂] \[m²\] (positive for a counter-clockwise joint).
    area: f64,
}

impl JointReference {
    /// A reference configuration from its two edges; `None` when degenerate or clockwise.
    pub fn try_new(w1: V2, w2: V2) -> Option<Self> {
        let w = M2::from_columns(w1, w2);
        let area = 0.5 * w.det();
        if area.is_nan() || area <= 0.0 {
            return None;
        }
        Some(Self {
            w1,
            w2,
            w_inv: w.inverse()?,
            area,
        })
    }

    /// The stress-free reference of a joint whose members are now at `p` (counter-clockwise).
    pub fn try_from_positions(p: [V2; 3]) -> Option<Self> {
        Self::try_new(p[2] - p[1], p[0] - p[2])
    }

    /// Reference area A₀ \[m²\].
    pub fn area(&self) -> f64 {
        self.area
    }
}

/// The current edges s₁, s₂, s₃ of a joint whose members are at `p`.
pub fn edges(p: [V2; 3]) -> [V2; 3] {
    [p[2] - p[1], p[0] - p[2], p[1] - p[0]]
}

/// Eq. 1: F = [s₁ s₂][w₁ w₂]⁻¹.
pub fn deformation_gradient(p: [V2; 3], r: &JointReference) -> M2 {
    let s = edges(p);
    M2::from_columns(s[0], s[1]).mul(&r.w_inv)
}

/// Eq. 12: Lagrangian Green strain E = ½(FᵀF − I).
pub fn green_strain(f: &M2) -> M2 {
    f.t().mul(f).lin(0.5, &M2::IDENTITY, -0.5)
}

/// Eq. 15: second Piola–Kirchhoff stress S = λ(tr E)I + 2μE \[Pa\].
pub fn second_piola(e: &M2, lame: &Lame) -> M2 {
    e.lin(2.0 * lame.mu, &M2::IDENTITY, lame.lambda * e.trace())
}

/// Eq. 11: SVK strain energy density U = ½λ(tr E)² + μ tr(E²) [J/m³].
pub fn energy_density(e: &M2, lame: &Lame) -> f64 {
    let tr = e.trace();
    0.5 * lame.lambda * tr * tr + lame.mu * e.ddot(e)
}

/// Everything the force loop needs from one joint.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct JointResponse {
    /// Elastic forces on e₁, e₂, e₃ [N/m] (Eq. 13 with the sign of Eq. 2).
    pub forces: [V2; 3],
    /// Cauchy stress σ = FSFᵀ/det F \[Pa\] (Eq. 14).
    pub cauchy: M2,
    /// Strain energy A₀U [J/m].
    pub energy: f64,
}

/// The elastic response of a joint whose members are at `p` (Eq. 1, 11–15). An inverted joint
/// (det F ≤ 0) still gets finite forces from the SVK energy; its Cauchy stress is reported as
/// the Kirchhoff stress FSFᵀ (det F taken as 1) so no NaN enters the state.
pub fn respond(p: [V2; 3], r: &JointReference, lame: &Lame) -> JointResponse {
    let s = edges(p);
    let f = M2::from_columns(s[0], s[1]).mul(&r.w_inv);
    let e = green_strain(&f);
    let sp = second_piola(&e, lame);
    let tau = f.mul(&sp).mul(&f.t());
    let j = f.det();
    let cauchy = if j > 0.0 {
        tau.lin(1.0 / j, &tau, 0.0)
    } else {
        tau
    };
    // Forces from the first Piola stress P = FS: exact −∂(A₀U)/∂p even for an inverted joint.
    let forces = nodal_forces_from_first_piola(&f.mul(&sp), r);
    JointResponse {
        forces,
        cauchy,
        energy: r.area * energy_density(&e, lame),
    }
}

/// fᵢ = −A₀ P : ∂F/∂pᵢ for P = FS. With F = [s₁ s₂]W⁻¹, ∂F/∂p moves the columns of [s₁ s₂]:
/// p₁ enters s₂ (+), p₂ enters s₁ (−), p₃ enters s₁ (+) and s₂ (−). Writing G = A₀ P W⁻ᵀ with
/// columns g₁, g₂: f₁ = −g₂, f₂ = g₁, f₃ = g₂ − g₁. In the current configuration this equals
/// −½ σ R_{π/2} sᵢ (Eq. 13 up to its sign).
fn nodal_forces_from_first_piola(p1k: &M2, r: &JointReference) -> [V2; 3] {
    let g = p1k.mul(&r.w_inv.t());
    let g1 = V2::new(g.0[0][0] * r.area, g.0[1][0] * r.area);
    let g2 = V2::new(g.0[0][1] * r.area, g.0[1][1] * r.area);
    [-g2, g1, g2 - g1]
}

/// Eq. 13 as the seed writes it in the current configuration, with our sign: fᵢ = −½ σ R sᵢ.
/// Equal to [`respond`]'s forces whenever det F > 0 (tested); kept as the seed's formula.
pub fn forces_from_cauchy(p: [V2; 3], cauchy: &M2) -> [V2; 3] {
    let s = edges(p);
    s.map(|si| -cauchy.apply(si.perp()) * 0.5)
}
