//! Sided penetration depth of a height-map node into a flake (seed 000 §5 Step 1, Eq. 15–16:
//! f^(surface), τ^(surface) of the penalty contact with h_Def below and h_Tool above).
//!
//! **Why sided.** The two height maps are rigid in the DEM, but where they touch (the BEM
//! deforms them, the DEM does not) their gap is smaller than the flake thickness h_p = 2c, or
//! zero. A flake squeezed there has nodes of *both* surfaces deeper than c. The symmetric
//! depth of [`super::flake::penetration`] has scaled copies of the ellipsoid as level sets:
//! past about c/2 below a face it grows towards a − r with a radial gradient, and past the
//! midplane it flips sign, so a squeezed node expels the flake sideways or through the wrong
//! surface. Here each surface sees only the half of the flake that faces it, and the depth
//! keeps growing when the node goes past the midplane.
//!
//! **Model.** Side coordinates of a node: body (x, y) and z_s = ±(body z), signed so the
//! flake's own face on that side is z_s = −c√(1 − r²/a²) (r² = x² + y²): for a node of h_Def
//! z_s grows upwards, for a tool node downwards. The depth t > 0 of a node is the parameter
//! of the nested family of surfaces
//!
//! ```text
//! S_t:  r²/(a − t)² + (z_s − t)²/c² = 1,   z_s ≤ t      (the own half-ellipsoid, shifted
//!       r = a − t,                           z_s ≥ t      by t towards the other side and
//!                                                          shrunk laterally by t, plus the
//!                                                          vertical wall over its rim)
//! ```
//!
//! so t is the vertical depth under the pole (exact: t = z_s + c on the axis), the radial
//! depth a − r at the rim's equator (to first order: for a − r ≪ c²/a = 10 nm, the rim's
//! curvature radius; 4 % low at 1 nm), and within a factor √2 of the first-order normal
//! depth in between (worst on the rim's shoulder, where S_t's normal is at 45°). The
//! two pieces of S_t meet with a common vertical tangent, so t is C¹ (C^∞ inside each piece);
//! U = ½k t² is C¹ across t = 0, and the force on the flake F = k·t·∇t (∇t in side
//! coordinates, rotated to the world) applied at the node, with torque (q − x_c) × F, is
//! the exact gradient of U (energy is conserved by the symplectic integrator).
//!
//! Properties used by the DEM:
//! - ∂t/∂z_s = 2(t − z_s)/(c²·F_t) ≥ 0 everywhere: a node of h_Def never pushes the flake
//!   down (in its body frame), a tool node never up; the depth grows monotonically as the
//!   node goes through the flake, so a squeeze cannot flip the push.
//! - The solid {t > 0} is the own half-ellipsoid extruded along the symmetry axis, cut at
//!   z_s = [`SIDED_CAP`]·c (the plane of the opposite pole). A node beyond it is ignored:
//!   the potential jumps there by ½kt² (t = 2c on the axis: 400× the energy at the design
//!   overlap 0.1c), which only a node that has crossed the whole flake can reach. The cut
//!   keeps the extrusion from reaching nodes beyond the rim of a tilted flake: its lateral
//!   overreach is ≤ c·tan(tilt) (22 nm at 5°).
//! - Which face is "own" is the sign of the symmetry axis' world z (σ = sign R₃₃): it flips
//!   only for a flake standing on edge, impossible in a gap narrower than d_p/√2.
//!
//! **Error against the symmetric model.** For contacts shallower than ~c/3 (the penalty
//! design overlap is 0.1c) both depths agree to first order in the depth (same surface, same
//! normal); deeper, the symmetric one is wrong and this one is the shift of the face.
//!
//! **Cost.** t solves a quartic; Newton from t₀ = z_s + c√(1 − r²/a²) (an upper bound:
//! F is convex and increasing in t on the branch) converges monotonically, 2–4 iterations
//! to round-off for face nodes. Only nodes inside the solid get there.

/// The solid is cut at z_s = SIDED_CAP·c, i.e. at the opposite face on the axis.
pub const SIDED_CAP: f64 = 1.0;

/// Relative step (of c) at which Newton stops: the next step would be below round-off.
const NEWTON_TOL: f64 = 1e-13;

/// Newton iterations cap (never reached for a > 4c: convergence is monotone and quadratic).
const NEWTON_MAX: usize = 40;

/// Flakes thinner than this ratio a/c are required, so that t < a on the whole solid.
pub const MIN_ASPECT: f64 = 4.0;

/// Geometry constants of the sided depth.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SidedShape {
    /// Semi-axis a \[m\].
    pub a: f64,
    /// Half-thickness c \[m\].
    pub c: f64,
    /// 1/a² \[1/m²\].
    pub inv_a2: f64,
    /// 1/c² \[1/m²\].
    pub inv_c2: f64,
    /// Largest z_s of the solid, SIDED_CAP·c \[m\].
    pub cap: f64,
}

impl SidedShape {
    /// From the semi-axes (requires a ≥ [`MIN_ASPECT`]·c, checked by `DemParams`).
    pub fn new(a: f64, c: f64) -> Self {
        Self {
            a,
            c,
            inv_a2: 1.0 / (a * a),
            inv_c2: 1.0 / (c * c),
            cap: SIDED_CAP * c,
        }
    }

    /// Depth t \[m\] and its gradient ∇t (in side coordinates (x, y, z_s)) of a node at
    /// side coordinates (x, y, z_s), or `None` outside the solid.
    #[inline]
    pub fn depth(&self, x: f64, y: f64, zs: f64) -> Option<(f64, [f64; 3])> {
        let r2 = x * x + y * y;
        if r2 >= self.a * self.a || zs > self.cap {
            return None;
        }
        if zs <= 0.0 {
            if r2 * self.inv_a2 + zs * zs * self.inv_c2 >= 1.0 {
                return None;
            }
        } else {
            let r = r2.sqrt();
            if r >= self.a - zs {
                // The wall over the rim: t = a − r, radial.
                return Some((self.a - r, [-x / r, -y / r, 0.0]));
            }
        }
        Some(self.branch(r2, x, y, zs))
    }

    /// The half-ellipsoid piece: root of F(t) = r²/(a − t)² + (z_s − t)²/c² − 1 with t ≥ z_s.
    #[inline]
    fn branch(&self, r2: f64, x: f64, y: f64, zs: f64) -> (f64, [f64; 3]) {
        let (a, c) = (self.a, self.c);
        // Upper bound: F(t₀) ≥ 0 since r²/(a − t₀)² ≥ r²/a².
        let mut t = zs + c * (1.0 - r2 * self.inv_a2).max(0.0).sqrt();
        for _ in 0..NEWTON_MAX {
            let w = 1.0 / (a - t);
            let dz = zs - t;
            let f = r2 * w * w + dz * dz * self.inv_c2 - 1.0;
            let ft = 2.0 * r2 * w * w * w - 2.0 * dz * self.inv_c2;
            let step = f / ft;
            t -= step;
            if step.abs() <= NEWTON_TOL * c {
                break;
            }
        }
        // Gradient by implicit differentiation at the converged root: ∇t = −∇F/F_t, F_t > 0.
        let w = 1.0 / (a - t);
        let ft = 2.0 * r2 * w * w * w + 2.0 * (t - zs) * self.inv_c2;
        let gxy = -2.0 * w * w / ft;
        (t, [gxy * x, gxy * y, 2.0 * (t - zs) * self.inv_c2 / ft])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const A: f64 = 6e-6;
    const C: f64 = 0.25e-6;
    /// Round-off of closed-form depths relative to c.
    const TOL: f64 = 1e-9;

    fn shape() -> SidedShape {
        SidedShape::new(A, C)
    }

    #[test]
    fn depth_is_exact_under_the_pole_and_keeps_growing_past_the_midplane() {
        let s = shape();
        for d in [0.01e-6, 0.1e-6, 0.25e-6, 0.4e-6] {
            let (t, g) = s.depth(0.0, 0.0, -C + d).unwrap();
            assert!((t - d).abs() < TOL * C, "d = {d}: t = {t}");
            assert!((g[2] - 1.0).abs() < 1e-9 && g[0] == 0.0 && g[1] == 0.0);
        }
        assert!(s.depth(0.0, 0.0, -C - 1e-9).is_none());
        assert!(s.depth(0.0, 0.0, SIDED_CAP * C + 1e-9).is_none());
    }

    #[test]
    fn depth_is_the_radial_depth_at_the_rim_equator_and_on_the_wall() {
        let s = shape();
        // At the equator S_t passes the node below its own rim, on the rim's curvature
        // radius ρ_c = c²/a = 10 nm: t solves t²a/(2c²) + t = d to second order, so t → d
        // for d ≪ ρ_c (4.4 % low at 1 nm, 26 % at 10 nm).
        for (d, rel) in [(1e-11, 0.001), (1e-9, 0.05), (1e-8, 0.27)] {
            let (t, g) = s.depth(A - d, 0.0, 0.0).unwrap();
            let q = A / (2.0 * C * C);
            let second_order = ((1.0 + 4.0 * q * d).sqrt() - 1.0) / (2.0 * q);
            assert!((t - d).abs() < rel * d, "d = {d}: t = {t}");
            assert!((t - second_order).abs() < 0.01 * t, "{t} vs {second_order}");
            // The node is on S_t just below its rim: ∇t is radial up to O(t/ρ_c), pushes
            // the flake inwards and up, and |∇t| ≤ √2 (S_t moves along (−1, 1) at its rim).
            let t_over_rho = t * A / (C * C);
            assert!(g[2] >= 0.0 && g[2] < t_over_rho && g[0] < 0.0, "{g:?}");
            assert!(g[0] * g[0] + g[2] * g[2] <= 2.0 + 1e-12);
        }
        let d = 0.01e-6;
        let (t, g) = s.depth(0.0, A - d, 0.1e-6).unwrap();
        assert!((t - d).abs() < TOL * C && (g[1] + 1.0).abs() < 1e-12);
        assert!(s.depth(A + d, 0.0, 0.0).is_none());
    }

    #[test]
    fn node_lies_on_the_shifted_shrunk_face_and_the_gradient_matches_finite_differences() {
        let s = shape();
        let pts = [
            [2.1e-6, -1.3e-6, -0.17e-6],
            [4.0e-6, 3.0e-6, -0.05e-6],
            [3.0e-6, 0.0, 0.1e-6],
            [5.5e-6, 0.2e-6, 0.2e-6], // near the wall–half junction
            [5.8e-6, 0.0, -0.02e-6],
        ];
        for p in pts {
            let (t, g) = s.depth(p[0], p[1], p[2]).unwrap();
            let r2 = p[0] * p[0] + p[1] * p[1];
            if p[2] <= t {
                let f = r2 / (A - t).powi(2) + (p[2] - t).powi(2) / (C * C) - 1.0;
                assert!(f.abs() < 1e-10, "{p:?}: F = {f}");
            }
            for k in 0..3 {
                let h = 1e-13;
                let (mut pp, mut pm) = (p, p);
                pp[k] += h;
                pm[k] -= h;
                let tp = s.depth(pp[0], pp[1], pp[2]).unwrap().0;
                let tm = s.depth(pm[0], pm[1], pm[2]).unwrap().0;
                let fd = (tp - tm) / (2.0 * h);
                assert!((fd - g[k]).abs() < 1e-5 * (1.0 + g[k].abs()), "{p:?} k={k}");
            }
            assert!(g[2] >= 0.0, "monotone in z_s");
        }
    }

    #[test]
    fn depth_is_continuous_with_a_continuous_gradient_across_the_junction() {
        // Walk along z_s at fixed r through the junction r = a − z_s.
        // The gradient turns over the rim's curvature radius c²/(a − t) ≈ 10 nm, so its jump
        // over ±h is ≲ h·a/c² (≈ 1e8 /m): it must vanish linearly with h.
        const GRAD_LIP: f64 = 1e9;
        let s = shape();
        let r = 5.9e-6;
        let z_j = A - r;
        for h in [1e-12, 1e-13, 1e-14] {
            let below = s.depth(r, 0.0, z_j - h).unwrap();
            let above = s.depth(r, 0.0, z_j + h).unwrap();
            assert!((below.0 - above.0).abs() < 2.0 * h, "h = {h}");
            for k in 0..3 {
                assert!((below.1[k] - above.1[k]).abs() < GRAD_LIP * h, "h = {h}, k={k}");
            }
        }
    }
}
