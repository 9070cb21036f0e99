//! The frame the viscous drag of seed 000 Eq. 15–16 pulls a flake toward.
//!
//! Seed 000 writes the damping as −η·v and −η·ω and says it "mimics viscosity effects acting
//! on particles" (§5 Step 1) without saying whose velocity v is measured against. Two frames:
//!
//! - [`DragFrame::Sheet`]: v and ω relative to the deformable sheet, which is at rest (the
//!   damping of Eq. 15–16 read literally). A flake is dragged to a stop on the sheet.
//! - [`DragFrame::Lubricant`]: relative to the lubricant sheared in the gap between the sheet
//!   (at rest) and the tool (at v0 along +x). At the flake's centre (x, y, z) the Couette flow is
//!
//!   ```text
//!   u = v0·ξ·e_x,   ξ = clamp((z − h_Def)/g, 0, 1),   g = max(h_Tool − h_Def, h_p)
//!   ```
//!
//!   with h_Def(x, y) and h_Tool(x, y) the two surfaces bilinearly interpolated under the centre
//!   and h_p the flake thickness. **Where the gap closes** (h_Tool − h_Def < h_p, including a
//!   contact spot where it is ≤ 0) the Couette gap is floored at h_p: the flow stays finite and
//!   continuous, with shear rate γ̇ = v0/g ≤ v0/h_p, and ξ still runs from 0 on the sheet to 1 on
//!   the tool. **Rotation** relaxes toward Jeffery's (1922) angular velocity of a spheroid of
//!   aspect ratio r = c/a in the local simple shear (vorticity Ω = ½γ̇·e_y, strain rate
//!   E = ½γ̇(e_x e_zᵀ + e_z e_xᵀ)): the symmetry axis n turns as
//!   ṅ = Ω×n + λ(E·n − (nᵀE n)·n), λ = (r² − 1)/(r² + 1), and the flake spins about n with Ω·n,
//!   so ω_J = n×ṅ + (Ω·n)·n. A thin flake lying in the shear plane (n = e_z) turns at only
//!   γ̇·r²/(1 + r²) (0.16 % of γ̇ for r = 0.04); a sphere (r = 1) turns with Ω.
//!
//! Both frames are exact exponential relaxations in the integrator
//! ([`super::rigid_body::RigidBody::relax`]); the sheet frame is the special case of a target
//! at rest.
//!
//! **Similarity.** In either frame the flake dynamics at a sliding speed v0 and a drag rate γ
//! depend on them through the flight length v0/γ (the Couette flow scales with v0): measured
//! for the sheet frame in issue 14 (stiffness and flake inertia do not matter at fixed v0/γ).
//! The calibrator uses this to simulate slow process speeds at the cost of a fast case
//! ([`crate::meso::cases::MesoCase::simulated_velocity`]).

use serde::{Deserialize, Serialize};

use super::quaternion::{Vec3, cross, dot, scale, sub};

/// Whose velocity the viscous drag of Eq. 15–16 is measured against (module doc).
///
/// **The default is [`DragFrame::Lubricant`]**, defined here once for the presets
/// (`flakes.drag_frame`) and `tribo dem --drag-frame`: seed 000's damping "mimics viscosity"
/// of the lubricated strip, and the lubricant is sheared between the sheet (at rest) and the
/// tool (at v0), so the drag pulls a flake toward the local flow, not toward the sheet (issue
/// 14; the report compares both frames).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum DragFrame {
    /// Toward rest in the deformable sheet's frame (Eq. 15–16 read literally).
    Sheet,
    /// Toward the local Couette flow of the lubricant in the gap, and Jeffery's rotation.
    #[default]
    Lubricant,
}

impl DragFrame {
    /// Name as written in configs and reports.
    pub fn name(self) -> &'static str {
        match self {
            DragFrame::Sheet => "sheet",
            DragFrame::Lubricant => "lubricant",
        }
    }
}

/// How the rotational drag η_rot of Eq. 16 (I·ω̇ = τ − η_rot·ω) follows from the translational
/// η \[kg/s\] of Eq. 15 (config `flakes.rotational_damping`; issue 42).
///
/// Seed 000 writes the same symbol η in Eq. 15 (m·r̈ = f − η·v) and Eq. 16 (I·ω̇ = τ − η·ω) and
/// gives its unit as kg/s. Taken literally Eq. 16 does not balance: η·ω is kg/s², a torque is
/// kg·m²/s². "The same η" on ω needs a length² ℓ², η_rot = η·ℓ² \[N·m·s\], and the only length
/// that does not depend on the unit system is one of the flake's own. [`Self::Eq16`] takes the
/// flake radius, ℓ = a = d_p/2: it is also what viscous drag gives a thin disk (radius a,
/// viscosity μ) in Stokes flow, whose edgewise translation drag (32/3)·μ·a and rotation drag
/// about a diameter or its axis (32/3)·μ·a³ are in the ratio a² exactly (Happel & Brenner,
/// *Low Reynolds number hydrodynamics*, 1965, §5.11, §5.3). (A code that passes the number η in
/// SI units to Eq. 16 uses ℓ = 1 m, which freezes rotation ≈ 10¹¹ times faster than
/// translation for the seed's 12 µm flakes, and would change with the unit of length.)
///
/// [`Self::EqualRelaxation`] is the calibrator's rule since issue 14: η_rot = η·I₁/m, the
/// rotation about an in-plane axis relaxes at the same rate γ = η/m as the translation. With
/// I₁ = m(a² + c²)/5, Eq. 16's η·a² is 5a²/(a² + c²) ≈ 5 times stronger (4.99 for 12 × 0.5 µm
/// flakes): rotation relaxes at ≈ 5γ about an in-plane axis and 2.5γ about the symmetry axis.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RotationalDamping {
    /// η_rot = η·I₁/m: equal relaxation times of translation and in-plane rotation.
    #[default]
    EqualRelaxation,
    /// η_rot = η·a² (seed 000 Eq. 16 with "the same η", the flake radius as its length).
    Eq16,
}

impl RotationalDamping {
    /// Name as written in configs and reports.
    pub fn name(self) -> &'static str {
        match self {
            RotationalDamping::EqualRelaxation => "equal_relaxation",
            RotationalDamping::Eq16 => "eq16",
        }
    }

    /// The drag coefficients for translational `eta` \[kg/s\] on a flake `shape`.
    pub fn damping(self, eta: f64, shape: &super::flake::FlakeShape) -> super::rigid_body::Damping {
        match self {
            RotationalDamping::EqualRelaxation => {
                super::rigid_body::Damping::uniform_relaxation(eta, shape)
            }
            RotationalDamping::Eq16 => super::rigid_body::Damping {
                eta,
                eta_rot: eta * shape.a * shape.a,
            },
        }
    }
}

/// The lubricant's motion at one point of the gap.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LocalFlow {
    /// Flow velocity u \[m/s\].
    pub velocity: Vec3,
    /// Shear rate γ̇ = ∂u_x/∂z \[1/s\].
    pub shear_rate: f64,
}

/// The Couette flow at height `z` between the sheet at `h_def` (at rest) and the tool at
/// `h_tool` (moving at `v0` along +x), with the gap floored at `min_gap` (the flake
/// thickness; module doc) \[m, m/s\].
pub fn couette_flow(z: f64, h_def: f64, h_tool: f64, v0: f64, min_gap: f64) -> LocalFlow {
    let gap = (h_tool - h_def).max(min_gap);
    let xi = ((z - h_def) / gap).clamp(0.0, 1.0);
    LocalFlow {
        velocity: [v0 * xi, 0.0, 0.0],
        shear_rate: v0 / gap,
    }
}

/// Jeffery's angular velocity \[rad/s\] of a spheroid with symmetry axis `axis` (unit, world
/// frame) and aspect ratio `aspect` = c/a in the simple shear u = γ̇·z·e_x (module doc).
pub fn jeffery_angular_velocity(axis: Vec3, aspect: f64, shear_rate: f64) -> Vec3 {
    let half = 0.5 * shear_rate;
    let vorticity = [0.0, half, 0.0];
    let strain_n = [half * axis[2], 0.0, half * axis[0]];
    let r2 = aspect * aspect;
    let lambda = (r2 - 1.0) / (r2 + 1.0);
    let n_dot = {
        let stretch = sub(strain_n, scale(axis, dot(axis, strain_n)));
        let rot = cross(vorticity, axis);
        [
            rot[0] + lambda * stretch[0],
            rot[1] + lambda * stretch[1],
            rot[2] + lambda * stretch[2],
        ]
    };
    let tumble = cross(axis, n_dot);
    let spin = dot(vorticity, axis);
    [
        tumble[0] + spin * axis[0],
        tumble[1] + spin * axis[1],
        tumble[2] + spin * axis[2],
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Sums of a few products of O(1) numbers.
    const ROUND_OFF: f64 = 1e-12;

    fn close(a: Vec3, b: Vec3) -> bool {
        (0..3).all(|k| (a[k] - b[k]).abs() <= ROUND_OFF * (1.0 + b[k].abs()))
    }

    #[test]
    fn couette_profile_is_linear_between_the_walls_and_clamped_outside() {
        let (h_def, h_tool, v0) = (1e-6, 3e-6, 10.0);
        for (z, xi) in [
            (1e-6, 0.0),
            (2e-6, 0.5),
            (3e-6, 1.0),
            (0.0, 0.0),
            (5e-6, 1.0),
        ] {
            let f = couette_flow(z, h_def, h_tool, v0, 0.5e-6);
            assert!((f.velocity[0] - v0 * xi).abs() < ROUND_OFF * v0, "z = {z}");
            assert!((f.shear_rate - v0 / 2e-6).abs() < ROUND_OFF * f.shear_rate);
        }
        // A closed gap (contact spot) is floored at the flake thickness: finite, continuous.
        let closed = couette_flow(1.1e-6, 1e-6, 0.8e-6, v0, 0.5e-6);
        assert!((closed.shear_rate - v0 / 0.5e-6).abs() < ROUND_OFF * closed.shear_rate);
        assert!((closed.velocity[0] - v0 * 0.2).abs() < ROUND_OFF * v0);
    }

    #[test]
    fn eq16_puts_the_same_eta_on_omega_with_the_flake_radius_squared() {
        let s = crate::dem::FlakeShape::aluminium(12e-6);
        let eta = 3e-5;
        let lit = RotationalDamping::Eq16.damping(eta, &s);
        assert_eq!(lit.eta, eta);
        // η·a², a = 6 µm.
        assert!((lit.eta_rot / (eta * 36e-12) - 1.0).abs() < ROUND_OFF);
        let equal = RotationalDamping::EqualRelaxation.damping(eta, &s);
        assert_eq!(equal, crate::dem::Damping::uniform_relaxation(eta, &s));
        // The in-plane rotational rate η_rot/I₁ is 5a²/(a² + c²) times γ under Eq. 16, γ under
        // the equal relaxation times (module doc).
        let (i1, m) = (s.inertia()[0], s.mass());
        let ratio = (lit.eta_rot / i1) / (eta / m);
        let expected = 5.0 * s.a * s.a / (s.a * s.a + s.c * s.c);
        assert!(
            (ratio / expected - 1.0).abs() < ROUND_OFF,
            "{ratio} vs {expected}"
        );
        assert!(((equal.eta_rot / i1) / (eta / m) - 1.0).abs() < ROUND_OFF);
    }

    #[test]
    fn a_sphere_turns_with_half_the_vorticity() {
        // r = 1: λ = 0, ω_J = Ω for any axis.
        for axis in [[0.0, 0.0, 1.0], [0.6, 0.0, 0.8], [0.0, 1.0, 0.0]] {
            assert!(close(
                jeffery_angular_velocity(axis, 1.0, 4.0),
                [0.0, 2.0, 0.0]
            ));
        }
    }

    #[test]
    fn a_flat_thin_disk_barely_turns_and_an_upright_one_turns_at_the_full_shear_rate() {
        let (r, g) = (0.04_f64, 1.0);
        // Lying in the shear plane: Jeffery's rate γ̇·r²/(1 + r²) about e_y.
        let flat = jeffery_angular_velocity([0.0, 0.0, 1.0], r, g);
        assert!(close(flat, [0.0, g * r * r / (1.0 + r * r), 0.0]));
        // Standing with its axis along the flow: γ̇/(1 + r²) (the fast part of the orbit).
        let upright = jeffery_angular_velocity([1.0, 0.0, 0.0], r, g);
        assert!(close(upright, [0.0, g / (1.0 + r * r), 0.0]));
        // Axis along the vorticity: the disk spins with Ω and does not tumble.
        let spin = jeffery_angular_velocity([0.0, 1.0, 0.0], r, g);
        assert!(close(spin, [0.0, 0.5 * g, 0.0]));
    }
}
