//! Geometry, mass and inertia of a thin rigid oblate spheroid (a wear flake, seed 000 §2.2 and
//! §6.1: lateral diameter d_p = 6–100 µm, thickness h_p = 0.5 µm), and its penetration depth
//! by a point.
//!
//! Body frame: the symmetry axis is body z; semi-axes (a, a, c) with a = d_p/2, c = h_p/2.
//! With R the rotation world ← body, the shape matrix is M = R·diag(a², a², c²)·Rᵀ and the
//! support function (half-width of the flake along a unit direction n) is h(n) = √(nᵀMn)
//! (DESIGN.md, known traps).

use super::quaternion::{Mat3, Vec3, mat_t_vec, mat_vec};

/// Density of aluminium \[kg/m³\]: the flakes of seed 000 §2.2 are mostly aluminium and its
/// oxide (EDS, Table 2); alumina would be 3950 kg/m³. Only the time scales depend on it.
pub const ALUMINIUM_DENSITY: f64 = 2700.0;

/// Flake thickness used by seed 000 §2.2 \[m\].
pub const SEED_THICKNESS: f64 = 0.5e-6;

/// Shape and material of the flakes (all flakes of a system share it).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FlakeShape {
    /// In-plane semi-axis a = d_p/2 \[m\].
    pub a: f64,
    /// Half-thickness c = h_p/2 \[m\].
    pub c: f64,
    /// Density ρ \[kg/m³\].
    pub density: f64,
}

impl FlakeShape {
    /// A flake of diameter `d_p` and thickness `h_p` \[m\] of density `density` \[kg/m³\].
    pub fn new(d_p: f64, h_p: f64, density: f64) -> Self {
        Self {
            a: 0.5 * d_p,
            c: 0.5 * h_p,
            density,
        }
    }

    /// A seed-000 aluminium flake of diameter `d_p` \[m\] (h_p = 0.5 µm).
    pub fn aluminium(d_p: f64) -> Self {
        Self::new(d_p, SEED_THICKNESS, ALUMINIUM_DENSITY)
    }

    /// True when a ≥ c > 0 (oblate) and the density is positive, all finite.
    pub fn is_valid(&self) -> bool {
        self.c > 0.0
            && self.a >= self.c
            && self.density > 0.0
            && self.a.is_finite()
            && self.density.is_finite()
    }

    /// Projected (cross-section) area a_p = π a² \[m²\] (seed 000 Eq. 10).
    pub fn projected_area(&self) -> f64 {
        std::f64::consts::PI * self.a * self.a
    }

    /// Volume (4/3)π a² c \[m³\].
    pub fn volume(&self) -> f64 {
        4.0 / 3.0 * std::f64::consts::PI * self.a * self.a * self.c
    }

    /// Mass m = ρ·V \[kg\].
    pub fn mass(&self) -> f64 {
        self.density * self.volume()
    }

    /// Principal moments of inertia (I₁ = I₂ about in-plane axes, I₃ about the symmetry axis)
    /// \[kg·m²\]: I₁ = m(a² + c²)/5, I₃ = 2ma²/5 (solid ellipsoid).
    pub fn inertia(&self) -> [f64; 3] {
        let m = self.mass();
        let i1 = m * (self.a * self.a + self.c * self.c) / 5.0;
        [i1, i1, 2.0 * m * self.a * self.a / 5.0]
    }

    /// Points on the flake surface in body coordinates, used as intruders in flake–flake
    /// contacts (see `contact_pair`): 12 on the rim (z = 0, r = a) and, on each face, the
    /// pole and 6 points at r = 0.6a.
    pub fn surface_samples(&self) -> Vec<Vec3> {
        let mut s = Vec::with_capacity(26);
        for k in 0..12 {
            let t = k as f64 * std::f64::consts::TAU / 12.0;
            s.push([self.a * t.cos(), self.a * t.sin(), 0.0]);
        }
        for sign in [1.0, -1.0] {
            s.push([0.0, 0.0, sign * self.c]);
            let r = 0.6 * self.a;
            let z = sign * self.c * (1.0f64 - 0.36).sqrt();
            for k in 0..6 {
                let t = (k as f64 + 0.5 * (1.0 - sign)) * std::f64::consts::TAU / 6.0;
                s.push([r * t.cos(), r * t.sin(), z]);
            }
        }
        s
    }
}

/// Penetration of a point into the flake, from its body coordinates p.
///
/// Depth δ = ρ(1 − ρ)/|Dp| with ρ = √(pᵀDp), D = diag(1/a², 1/a², 1/c²): ρ < 1 inside. This is
/// the first-order (Newton) normal distance to the surface; it is exact on the faces' poles and
/// on the rim's equator, first-order accurate elsewhere, linear along rays from the centre and
/// bounded (≤ a) inside. The potential ½kδ² is C¹ across the surface, so the contact force
/// kδ∇δ is exactly conservative.
///
/// Returns `Some((δ, ∇δ))` (gradient in body coordinates, pointing into the flake) when the
/// point is inside, `None` outside or exactly at the centre (a point that has crossed half the
/// thickness: outside the model, no force).
#[inline]
pub fn penetration(inv_a2: f64, inv_c2: f64, p: Vec3) -> Option<(f64, Vec3)> {
    let rho2 = (p[0] * p[0] + p[1] * p[1]) * inv_a2 + p[2] * p[2] * inv_c2;
    if rho2 >= 1.0 || rho2 <= 1e-24 {
        return None;
    }
    let rho = rho2.sqrt();
    let dp = [p[0] * inv_a2, p[1] * inv_a2, p[2] * inv_c2];
    let g2 = dp[0] * dp[0] + dp[1] * dp[1] + dp[2] * dp[2];
    let g = g2.sqrt();
    let depth = rho * (1.0 - rho) / g;
    // ∇δ = (1 − 2ρ)·Dp/(ρ|Dp|) − ρ(1 − ρ)·D²p/|Dp|³
    let t1 = (1.0 - 2.0 * rho) / (rho * g);
    let t2 = rho * (1.0 - rho) / (g2 * g);
    let grad = [
        t1 * dp[0] - t2 * dp[0] * inv_a2,
        t1 * dp[1] - t2 * dp[1] * inv_a2,
        t1 * dp[2] - t2 * dp[2] * inv_c2,
    ];
    Some((depth, grad))
}

/// Half-thickness an edge-on flake has in its surface contacts, as a fraction of a (see
/// [`FlakeFrame::for_surface_contacts`]): a/4, so the vertical chord through an edge-on
/// flake (a) is 4× its footprint's half-width and its rim is held up with k/16 per node.
pub const EDGE_ON_CONTACT_THICKNESS: f64 = 0.25;

/// |n_z| below which the contact half-thickness grows from c towards
/// [`EDGE_ON_CONTACT_THICKNESS`]·a (tilt > 72.5°).
pub const EDGE_ON_BLEND: f64 = 0.3;

/// Per-step geometry of one flake: rotation, shape matrix and its inverse, extents.
#[derive(Clone, Copy, Debug)]
pub struct FlakeFrame {
    /// Rotation world ← body.
    pub r: Mat3,
    /// Shape matrix M = R·diag(a², a², c²)·Rᵀ \[m²\].
    pub m: Mat3,
    /// M⁻¹ = R·diag(1/a², 1/a², 1/c²)·Rᵀ \[1/m²\].
    pub m_inv: Mat3,
    /// Half-extents of the bounding box along world x, y, z: √M_xx, √M_yy, √M_zz \[m\].
    pub extent: Vec3,
    /// Inverse of the projected (x, y) block of M, (q_xx, q_xy, q_yy) \[1/m²\]: the vertical
    /// line at lateral offset w from the centre crosses the flake iff wᵀP⁻¹w < 1.
    pub proj_inv: [f64; 3],
    /// Depth scale of the sided contact s = c·√(M⁻¹_zz) = c / (half vertical chord at the
    /// centre): |n_z| for a tilted flake, c/a edge-on (see [`super::sided`]).
    pub vertical_scale: f64,
    /// Half-thickness the shape matrices were built with \[m\] (c, or the thickened
    /// contact half-thickness of [`FlakeFrame::for_surface_contacts`]).
    pub contact_c: f64,
    /// d(contact_c)/d(n_z) \[m\] (0 for the true shape).
    pub dc_dnz: f64,
    /// Symmetry axis n in the world.
    pub axis: Vec3,
}

impl FlakeFrame {
    /// The frame of a flake of `shape` with rotation `r` (world ← body).
    pub fn new(shape: &FlakeShape, r: Mat3) -> Self {
        Self::with_half_thickness(shape.a, shape.c, 0.0, r)
    }

    /// The frame used by the sided surface contacts ([`super::sided`]): the true shape for
    /// |n_z| ≥ [`EDGE_ON_BLEND`], thickened towards a flake standing on its rim to a
    /// half-thickness c_e = max(c, [`EDGE_ON_CONTACT_THICKNESS`]·a) at n_z = 0, with the
    /// smoothstep weight 1 − S(|n_z|/EDGE_ON_BLEND) (C¹ in the orientation; its derivative
    /// enters the torque). Why: seen along the vertical, an edge-on flake of the true shape
    /// is a knife ≈ c wide and a deep. Its sided depth either has a lateral stiffness
    /// ~(a/c)² k (unstable at the design Δt) or, scaled to normal depth, holds the rim up
    /// with only k·(c/a)² = k/576 per node (measured: standing flakes sank through h_Def in
    /// 2 of the 36 quick meso cases). Thickened to a/4, the rim is held with k/16 and the
    /// lateral gradient stays bounded; the 3 µm wide footprint of a 12 µm flake always
    /// covers grid nodes (δx ≈ 1.6 µm), where the true 0.5 µm sliver slipped between them.
    pub fn for_surface_contacts(shape: &FlakeShape, r: Mat3) -> Self {
        let nz = r[2][2];
        let c_edge = (EDGE_ON_CONTACT_THICKNESS * shape.a).max(shape.c);
        let v = nz.abs() / EDGE_ON_BLEND;
        if v >= 1.0 || c_edge == shape.c {
            return Self::new(shape, r);
        }
        let (sm, dsm) = (v * v * (3.0 - 2.0 * v), 6.0 * v * (1.0 - v));
        let c = shape.c + (c_edge - shape.c) * (1.0 - sm);
        let dc_dnz = -(c_edge - shape.c) * dsm / EDGE_ON_BLEND * nz.signum();
        Self::with_half_thickness(shape.a, c, dc_dnz, r)
    }

    fn with_half_thickness(a: f64, c: f64, dc_dnz: f64, r: Mat3) -> Self {
        let d = [a * a, a * a, c * c];
        let mut m = [[0.0; 3]; 3];
        let mut m_inv = [[0.0; 3]; 3];
        for i in 0..3 {
            for j in 0..3 {
                let mut s = 0.0;
                let mut si = 0.0;
                for k in 0..3 {
                    s += r[i][k] * d[k] * r[j][k];
                    si += r[i][k] * r[j][k] / d[k];
                }
                m[i][j] = s;
                m_inv[i][j] = si;
            }
        }
        let extent = [m[0][0].sqrt(), m[1][1].sqrt(), m[2][2].sqrt()];
        let det = m[0][0] * m[1][1] - m[0][1] * m[0][1];
        let proj_inv = [m[1][1] / det, -m[0][1] / det, m[0][0] / det];
        Self {
            r,
            m,
            m_inv,
            extent,
            proj_inv,
            vertical_scale: c * m_inv[2][2].sqrt(),
            contact_c: c,
            dc_dnz,
            axis: [r[0][2], r[1][2], r[2][2]],
        }
    }

    /// Support function h(n) = √(nᵀMn) \[m\] for a unit direction n.
    pub fn support(&self, n: Vec3) -> f64 {
        let mn = mat_vec(&self.m, n);
        (n[0] * mn[0] + n[1] * mn[1] + n[2] * mn[2]).sqrt()
    }

    /// Body coordinates of a world offset from the centre.
    #[inline]
    pub fn to_body(&self, d: Vec3) -> Vec3 {
        mat_t_vec(&self.r, d)
    }

    /// World vector of a body vector.
    #[inline]
    pub fn to_world(&self, v: Vec3) -> Vec3 {
        mat_vec(&self.r, v)
    }

    /// Where the vertical line at lateral offset (u, v) \[m\] from the centre crosses the
    /// flake: `Some((z_low, z_up))` relative to the centre's height, `None` if it misses.
    #[inline]
    pub fn vertical_extent(&self, u: f64, v: f64) -> Option<(f64, f64)> {
        let a = &self.m_inv;
        let qa = a[2][2];
        let b = a[0][2] * u + a[1][2] * v;
        let c0 = a[0][0] * u * u + 2.0 * a[0][1] * u * v + a[1][1] * v * v - 1.0;
        let disc = b * b - qa * c0;
        if disc < 0.0 {
            return None;
        }
        let s = disc.sqrt();
        Some(((-b - s) / qa, (-b + s) / qa))
    }

    /// The outline of the flake's vertical projection (an ellipse): `n` points relative to the
    /// centre \[m\].
    pub fn outline(&self, n: usize) -> Vec<(f64, f64)> {
        // Projected ellipse {w : wᵀ P⁻¹ w = 1}, P = top-left 2×2 block of M; w = L·(cos, sin).
        let (pxx, pxy, pyy) = (self.m[0][0], self.m[0][1], self.m[1][1]);
        let l11 = pxx.sqrt();
        let l21 = pxy / l11;
        let l22 = (pyy - l21 * l21).max(0.0).sqrt();
        (0..=n)
            .map(|k| {
                let t = k as f64 * std::f64::consts::TAU / n as f64;
                let (s, c) = t.sin_cos();
                (l11 * c, l21 * c + l22 * s)
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::super::quaternion::{Quat, norm, sub};
    use super::*;

    /// Round-off bound for closed-form geometry.
    const TOL: f64 = 1e-10;

    fn shape() -> FlakeShape {
        FlakeShape::aluminium(12e-6)
    }

    #[test]
    fn mass_and_inertia_match_the_solid_ellipsoid() {
        let s = shape();
        let m = s.mass();
        // ρ·(4/3)π·(6 µm)²·0.25 µm
        let expected = 2700.0 * 4.0 / 3.0 * std::f64::consts::PI * 36e-12 * 0.25e-6;
        assert!((m - expected).abs() < TOL * expected);
        let i = s.inertia();
        assert!((i[0] - m * (36e-12 + 0.0625e-12) / 5.0).abs() < TOL * i[0]);
        assert!((i[2] - 2.0 * m * 36e-12 / 5.0).abs() < TOL * i[2]);
        // Oblate: the symmetry axis has the largest moment; perpendicular-axis theorem for a
        // thin body, I₃ ≈ I₁ + I₂.
        assert!(i[2] > i[0] && (i[2] - 2.0 * i[0]).abs() < 0.01 * i[2]);
    }

    #[test]
    fn depth_is_exact_at_poles_and_rim_and_gradient_matches_finite_differences() {
        let s = shape();
        let (ia, ic) = (1.0 / (s.a * s.a), 1.0 / (s.c * s.c));
        let d = 0.02e-6;
        let (dep, g) = penetration(ia, ic, [0.0, 0.0, s.c - d]).unwrap();
        assert!((dep - d).abs() < 1e-9 * d, "pole depth {dep}");
        assert!((g[2] + 1.0).abs() < 1e-9);
        let (dep, _) = penetration(ia, ic, [0.0, s.a - d, 0.0]).unwrap();
        assert!((dep - d).abs() < 1e-9 * d, "rim depth {dep}");
        assert!(penetration(ia, ic, [0.0, 0.0, s.c + d]).is_none());
        // Finite-difference check of the gradient at a generic interior point.
        let p = [2.1e-6, -1.3e-6, 0.17e-6];
        let (_, g) = penetration(ia, ic, p).unwrap();
        for k in 0..3 {
            let h = 1e-12;
            let mut pp = p;
            pp[k] += h;
            let mut pm = p;
            pm[k] -= h;
            let fd = (penetration(ia, ic, pp).unwrap().0 - penetration(ia, ic, pm).unwrap().0)
                / (2.0 * h);
            assert!((fd - g[k]).abs() < 1e-5 * (1.0 + g[k].abs()), "k={k}");
        }
    }

    #[test]
    fn depth_is_first_order_normal_distance_on_the_face() {
        // At r = 0.5a on the top face, a point d below the surface along the true normal.
        let s = shape();
        let (ia, ic) = (1.0 / (s.a * s.a), 1.0 / (s.c * s.c));
        let x = 0.5 * s.a;
        let z = s.c * (1.0f64 - 0.25).sqrt();
        let n = [x * ia, 0.0, z * ic];
        let nn = norm(n);
        let d = 0.01e-6; // 2 % of h_p
        let p = sub([x, 0.0, z], [n[0] / nn * d, 0.0, n[2] / nn * d]);
        let (dep, _) = penetration(ia, ic, p).unwrap();
        // First-order estimate: relative error O(d/c) = 4 %.
        assert!((dep - d).abs() < 0.05 * d, "depth {dep} vs {d}");
    }

    #[test]
    fn support_function_and_vertical_extent_agree_with_the_tilted_ellipse() {
        let s = shape();
        let tilt = 0.3;
        let f = FlakeFrame::new(&s, Quat::from_axis_angle([1.0, 0.0, 0.0], tilt).to_matrix());
        // Half-height along z of a disc tilted about x: √(a² sin² + c² cos²).
        let expected = (s.a * s.a * tilt.sin().powi(2) + s.c * s.c * tilt.cos().powi(2)).sqrt();
        assert!((f.support([0.0, 0.0, 1.0]) - expected).abs() < TOL * expected);
        assert!((f.extent[2] - expected).abs() < TOL * expected);
        // At the centre the vertical chord is 2/√(cos²/c² + sin²/a²).
        let (lo, up) = f.vertical_extent(0.0, 0.0).unwrap();
        let chord =
            2.0 / (tilt.cos().powi(2) / (s.c * s.c) + tilt.sin().powi(2) / (s.a * s.a)).sqrt();
        assert!((up - lo - chord).abs() < 1e-9 * s.c);
        assert!((up + lo).abs() < 1e-9 * s.c);
        assert!(f.vertical_extent(1.01 * s.a, 0.0).is_none());
        // The outline points lie on the projected boundary (discriminant zero).
        for (u, v) in f.outline(16) {
            let (lo, up) = f
                .vertical_extent(u * (1.0 - 1e-9), v * (1.0 - 1e-9))
                .unwrap();
            assert!((up - lo).abs() < 1e-3 * s.c);
        }
    }
}
