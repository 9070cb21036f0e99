//! Sided penetration depth of a height-map node into a flake (seed 000 §5 Step 1, Eq. 15–16:
//! f^(surface), τ^(surface) of the penalty contact with h_Def below and h_Tool above).
//!
//! **Why sided.** The two height maps are rigid in the DEM, but where they touch (the BEM
//! deforms them, the DEM does not) their gap is smaller than the flake thickness h_p = 2c, or
//! zero. A flake squeezed there has nodes of *both* surfaces deeper than c. The symmetric
//! depth of [`super::flake::penetration`] has scaled copies of the ellipsoid as level sets:
//! past about c/2 below a face it grows towards a − r with a radial gradient, and past the
//! midplane it flips sign, so a squeezed node expels the flake sideways or through the wrong
//! surface. It also ignores a node above the flake's top, so a flake driven sideways into a
//! slope steeper than h_p/δx slips under it between two nodes. Here each surface sees only
//! the face that looks at it, along the world vertical (the direction in which both surfaces
//! are height maps).
//!
//! **Model.** For a node q (offset p = q − x_c from the centre) the vertical line through q
//! crosses the flake where (p + s·e_z)ᵀM⁻¹(p + s·e_z) = 1 (M the shape matrix of
//! [`super::flake::FlakeFrame`]): with A = M⁻¹_zz, β = M⁻¹e_z, B = β·p,
//! C = pᵀM⁻¹p − 1 and Δ = B² − A·C, the chord is s = (−B ± √Δ)/A. The *vertical depth*
//! of a node of h_Def below the flake is the height of the node above the flake's lower
//! surface, d = (B + √Δ)/A; of a tool node, its depth below the upper surface,
//! d = (√Δ − B)/A. The penalty depth is
//!
//! ```text
//! t = σ·d·g(Δ/A),   g(x) = 3(x/w)² − 2(x/w)³ for x < w,  1 beyond,   w = RIM_TAPER,
//! σ = c·√A = c / L₀   (L₀ = 1/√A: half the vertical chord through the centre)
//! ```
//!
//! where x = Δ/A = (half chord / half chord at the centre)² is 1 on the axis and 0 on the
//! footprint's edge (x = 1 − r²/a² for a flat flake). Properties:
//! - **Sided and monotone.** Moving the node up by δ leaves Δ unchanged and raises d by δ
//!   (h_Def) or lowers it (tool): ∂t/∂h = ±σg, so a node of h_Def only pushes the flake up and a
//!   tool node only down, and the depth keeps growing as the node goes through the flake and
//!   beyond — no flip, no cap. The solid of h_Def is the flake's lower surface extruded
//!   upwards (h_Def above a flake means the flake is under the surface), the tool's the upper
//!   surface extruded downwards; at rest, with both surfaces height maps, no node is inside.
//! - **Normal depth on the faces.** Over the face (x ≥ w: outside the outer 10 % of the
//!   radius of a flat flake) d is the vertical distance to the face, i.e. δ/cos θ for a
//!   normal depth δ under a face tilted by θ, and σ = √(cos²θ + (c/a)² sin²θ) (n_z = cos θ)
//!   turns it back into δ·√(1 + (c/a)² tan²θ): the normal depth, with F = k·δ·n — exact on
//!   the axis of a flat flake (σ = 1), 1 + 7·10⁻⁶ at 5° of tilt, 0.26 % stiffer at 60°.
//! - **Bounded stiffness at every orientation (the edge-on fix).** Unscaled, the vertical
//!   depth's gradient is 1/cos θ on a tilted face and, on the sliver footprint of a flake
//!   standing on its rim (n_z → 0: the footprint is ≈ b = c wide while d reaches L₀ ≈ a),
//!   ≈ (L₀/b)·(w/b)/√x across it (L₀/b ≈ a/c = 24; ≈ 200 measured in quick meso case 33):
//!   the node's effective stiffness k|∇d|² reached ~10⁴ k and the Verlet step sized for k
//!   went unstable (a tumbling flake passing edge-on jumped from 3·10² to 1.6·10⁵ m/s).
//!   Since L₀ = ac/b, σ·L₀/b = c/b ≤ 1 on the sliver, and σ/cos θ = √(1 + (c/a)² tan²θ) on
//!   a face (≤ 1.6 up to 88°): |∇t| stays of order 1–2 for every orientation, as for a flat
//!   flake's rim band, and the design time step holds.
//! - **Edge-on flakes are thickened.** Scaled to normal depth, the true shape would hold an
//!   edge-on rim up with only k·σ² = k(c/a)² = k/576 per node (a frictionless knife edge on
//!   a point; measured: standing flakes sank through h_Def in 2 of the 36 quick meso
//!   cases). The frames of the surface contacts
//!   ([`super::flake::FlakeFrame::for_surface_contacts`]) therefore blend the half-thickness
//!   up to c_e = a/4 for |n_z| < 0.3: the rim is held with k/16, the footprint of a 12 µm
//!   flake is 3 µm wide (it covers grid nodes; the true 0.5 µm sliver slipped between
//!   them), and c_e(n_z) enters the torque through ∂t/∂c_e·dc_e/dn_z (∇_e n_z = n).
//! - **C¹.** In the rim band x < w the depth is tapered to 0 at the footprint's edge, where
//!   the vertical depth itself has an infinite slope (t ~ Δ² there while √Δ ~ Δ^½, so t is C¹).
//!   U = ½kt² is C¹ and F = k·t·∇_p t its exact gradient.
//! - **Rim contacts** are soft: a node entering the footprint sideways at mid-height has a
//!   depth growing quadratically with its penetration (the taper), and is pushed inwards and
//!   up (h_Def) or down (tool) by k·t·∇t — a flake driven into a slope of h_Def rides up it.
//!
//! **Torque.** t depends on the flake's orientation through M⁻¹ and, because the vertical is
//! fixed in the world, not only through the body coordinates of p (also through σ, a
//! function of A = e_zᵀM⁻¹e_z with ∇_e σ = (σ/A)·M⁻¹e_z): with t = T(Rᵀp, Rᵀe_z),
//! the torque about the centre is τ = p × F + k·t·(e_z × ∇_e t) (∇_e the gradient with
//! respect to the vertical direction, rotated to the world), the exact −∂U/∂θ.
//!
//! **Error against a normal-distance penalty.** Face contacts: √(1 + (c/a)² tan²θ). Rim band
//! (outer 10 % of the radius): the taper softens the contact (depth × g < 1), which lets a
//! rim that is pushed sideways into a node overlap it by more than the 5 % design value
//! before the force builds up. Conversely a node that is *high* above the lower surface
//! while still in the band (beside a tilted rim, or through it) sees its depth ramp up
//! over the band's width: |∇t| reaches ~10–30 there for tilted flakes (sampled: 13 at
//! n_z = 0.9, 25–30 at n_z ≤ 0.5; 1.1 flat), against ≤ 2.25 outside the band. σ does not
//! change that term's order (it was as large before); it is left as it is (no blow-up in
//! the 36 quick meso cases).

use super::flake::FlakeFrame;
use super::quaternion::{Vec3, cross, mat_vec};

/// Width of the rim taper in x = Δ/A (1 − 0.9²: the outer 10 % of a flat flake's radius).
pub const RIM_TAPER: f64 = 0.19;

/// Which side of the gap a height map bounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// The deformable surface h_Def, below the flakes: pushes them up only.
    Below,
    /// The tool h_Tool, above the flakes: pushes them down only.
    Above,
}

impl Side {
    /// 0 below, 1 above (the order of [`super::contact_surface::ContactSum::side_depth`]).
    #[inline]
    pub fn index(self) -> usize {
        match self {
            Side::Below => 0,
            Side::Above => 1,
        }
    }

    #[inline]
    fn sign(self) -> f64 {
        match self {
            Side::Below => 1.0,
            Side::Above => -1.0,
        }
    }
}

/// Depth of one node and what its force and torque need.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct NodeDepth {
    /// Penalty depth t \[m\].
    pub depth: f64,
    /// ∇_p t (world; p = node − centre): the force on the flake is k·t·∇_p t.
    pub grad: Vec3,
    /// e_z × ∇_e t (world) \[m\]: the orientation part of the torque is k·t times this.
    pub vertical_torque_arm: Vec3,
}

/// The taper g(x) and g'(x).
#[inline]
fn taper(x: f64) -> (f64, f64) {
    if x >= RIM_TAPER {
        return (1.0, 0.0);
    }
    let u = x / RIM_TAPER;
    (u * u * (3.0 - 2.0 * u), 6.0 * u * (1.0 - u) / RIM_TAPER)
}

/// Sided depth of a node at world offset `p` from the centre of a flake (`frame`), for a
/// node of the surface on `side`, or `None` outside the sided solid (t = 0).
#[inline]
pub fn node_depth(side: Side, frame: &FlakeFrame, p: Vec3) -> Option<NodeDepth> {
    let mi = &frame.m_inv;
    let a = mi[2][2];
    // Δ/A = 1 − wᵀP⁻¹w (w the lateral offset; independent of p_z), cheaper than B² − A·C.
    let [qxx, qxy, qyy] = frame.proj_inv;
    let x = 1.0 - (qxx * p[0] * p[0] + 2.0 * qxy * p[0] * p[1] + qyy * p[1] * p[1]);
    if x <= 0.0 {
        return None;
    }
    let beta = [mi[0][2], mi[1][2], mi[2][2]];
    let b = beta[0] * p[0] + beta[1] * p[1] + beta[2] * p[2];
    let s = side.sign();
    let disc = a * x;
    let root = disc.sqrt();
    let lever = s * b + root; // A·d
    if lever <= 0.0 {
        return None;
    }
    let mu = mat_vec(mi, p);
    let c0 = (b * b - disc) / a;
    let inv_a = 1.0 / a;
    let (g, dg) = taper(x);
    // Vertical depth T = (sB + √Δ)·g(Δ/A)/A; the penalty depth is t = σ·T, σ = c√A.
    let sigma = frame.vertical_scale;
    let vertical = lever * inv_a * g;
    // K = ∂T/∂Δ.
    let k_disc = g * inv_a / (2.0 * root) + lever * dg * inv_a * inv_a;
    let sg = s * g * inv_a;
    // σ∇_p T, ∇_p Δ = 2Bβ − 2Aμ.
    let grad = [
        sigma * (sg * beta[0] + k_disc * (2.0 * b * beta[0] - 2.0 * a * mu[0])),
        sigma * (sg * beta[1] + k_disc * (2.0 * b * beta[1] - 2.0 * a * mu[1])),
        sigma * (sg * beta[2] + k_disc * (2.0 * b * beta[2] - 2.0 * a * mu[2])),
    ];
    // ∇_e t = σ∇_e T + T∇_e σ (world): ∇_e B → μ, ∇_e Δ → 2Bμ − 2Cβ, ∇_e A → 2β, so
    // ∇_e σ = (σ/A)·β and the A terms of both combine into k_a·β.
    let k_a =
        sigma * (-2.0 * lever * inv_a * inv_a * (dg * disc * inv_a + g)) + vertical * sigma * inv_a;
    let mut ge = [
        sigma * (sg * mu[0] + k_disc * (2.0 * b * mu[0] - 2.0 * c0 * beta[0])) + k_a * beta[0],
        sigma * (sg * mu[1] + k_disc * (2.0 * b * mu[1] - 2.0 * c0 * beta[1])) + k_a * beta[1],
        sigma * (sg * mu[2] + k_disc * (2.0 * b * mu[2] - 2.0 * c0 * beta[2])) + k_a * beta[2],
    ];
    if frame.dc_dnz != 0.0 {
        // The contact half-thickness c_e(n_z) of a nearly edge-on flake: with
        // M⁻¹ = (I − nnᵀ)/a² + nnᵀ/c_e², ∂M⁻¹/∂c_e = −κnnᵀ (κ = 2/c_e³), so with q = n·p:
        // ∂A = −κn_z², ∂B = −κqn_z, ∂C = −κq², ∂Δ = 2B∂B − C∂A − A∂C, ∂x = (∂Δ − x∂A)/A,
        // ∂σ = σ/c_e + σ∂A/(2A); t = σ·lever·g/A. ∇_e n_z = n.
        let n = frame.axis;
        let c = frame.contact_c;
        let kappa = 2.0 / (c * c * c);
        let nz = n[2];
        let q = n[0] * p[0] + n[1] * p[1] + n[2] * p[2];
        let d_a = -kappa * nz * nz;
        let d_b = -kappa * q * nz;
        let d_c = -kappa * q * q;
        let d_disc = 2.0 * b * d_b - c0 * d_a - a * d_c;
        let d_x = (d_disc - x * d_a) * inv_a;
        let d_sigma = sigma / c + 0.5 * sigma * d_a * inv_a;
        let d_lever = s * d_b + d_disc / (2.0 * root);
        let d_t = d_sigma * vertical + sigma * inv_a * (d_lever * g + lever * dg * d_x)
            - sigma * vertical * d_a * inv_a;
        let w = d_t * frame.dc_dnz;
        ge = [ge[0] + w * n[0], ge[1] + w * n[1], ge[2] + w * n[2]];
    }
    Some(NodeDepth {
        depth: sigma * vertical,
        grad,
        vertical_torque_arm: cross([0.0, 0.0, 1.0], ge),
    })
}

#[cfg(test)]
mod tests {
    use super::super::flake::FlakeShape;
    use super::super::quaternion::Quat;
    use super::*;

    const A: f64 = 6e-6;
    const C: f64 = 0.25e-6;
    /// Round-off of closed-form depths relative to c.
    const TOL: f64 = 1e-9;
    /// Largest |∇t| outside the rim band: the sliver's c/b·0.9/√0.19 ≈ 2.06 plus the face
    /// slope term, with margin (2.25 measured).
    const FACE_GRADIENT_BOUND: f64 = 2.5;

    fn frame(q: Quat) -> FlakeFrame {
        FlakeFrame::new(&FlakeShape::aluminium(2.0 * A), q.to_matrix())
    }

    #[test]
    fn depth_is_exact_under_the_pole_and_keeps_growing_through_the_flake() {
        let f = frame(Quat::IDENTITY);
        for d in [0.01e-6, 0.1e-6, 0.25e-6, 0.5e-6, 3e-6] {
            let n = node_depth(Side::Below, &f, [0.0, 0.0, -C + d]).unwrap();
            assert!((n.depth - d).abs() < TOL * C, "d = {d}: t = {}", n.depth);
            assert!((n.grad[2] - 1.0).abs() < 1e-9 && n.grad[0].abs() < 1e-12);
            let n = node_depth(Side::Above, &f, [0.0, 0.0, C - d]).unwrap();
            assert!((n.depth - d).abs() < TOL * C && (n.grad[2] + 1.0).abs() < 1e-9);
        }
        assert!(node_depth(Side::Below, &f, [0.0, 0.0, -C - 1e-9]).is_none());
        assert!(node_depth(Side::Above, &f, [0.0, 0.0, C + 1e-9]).is_none());
        // Outside the footprint nothing, however high.
        assert!(node_depth(Side::Below, &f, [A + 1e-9, 0.0, 1e-6]).is_none());
    }

    #[test]
    fn face_depth_is_the_vertical_distance_and_the_rim_is_tapered() {
        let f = frame(Quat::IDENTITY);
        let d = 0.02e-6;
        for u in [0.3, 0.8, 0.95] {
            let face = -C * (1.0f64 - u * u).sqrt();
            let n = node_depth(Side::Below, &f, [u * A, 0.0, face + d]).unwrap();
            let x: f64 = 1.0 - u * u;
            let g = if x >= RIM_TAPER {
                1.0
            } else {
                let v = x / RIM_TAPER;
                v * v * (3.0 - 2.0 * v)
            };
            assert!((n.depth - d * g).abs() < TOL * C, "u = {u}: {}", n.depth);
            // Pushes up and (in the taper) inwards: the flake moves away from the node.
            assert!(n.grad[2] > 0.0 && n.grad[0] <= 1e-12);
        }
    }

    #[test]
    fn gradients_match_finite_differences_of_position_and_orientation() {
        let f0 = Quat::from_axis_angle([0.3, 1.0, 0.2], 0.12);
        let pts = [
            (Side::Below, [2.1e-6, -1.3e-6, -0.3e-6]),
            (Side::Below, [5.6e-6, 0.9e-6, 0.4e-6]), // rim band, above the flake
            (Side::Above, [-3.0e-6, 2.0e-6, 0.1e-6]),
            (Side::Above, [0.5e-6, -5.7e-6, -0.3e-6]),
        ];
        for (side, p) in pts {
            let fr = frame(f0);
            let n = node_depth(side, &fr, p).unwrap();
            let h = 1e-13;
            for k in 0..3 {
                let (mut pp, mut pm) = (p, p);
                pp[k] += h;
                pm[k] -= h;
                let tp = node_depth(side, &fr, pp).unwrap().depth;
                let tm = node_depth(side, &fr, pm).unwrap().depth;
                let fd = (tp - tm) / (2.0 * h);
                assert!(
                    (fd - n.grad[k]).abs() < 1e-5 * (1.0 + n.grad[k].abs()),
                    "{p:?} {k}"
                );
            }
            assert_torque_is_minus_depth_rotation_derivative(side, frame, f0, p, C);
        }
    }

    #[test]
    fn depth_and_force_vanish_continuously_at_the_footprint_edge() {
        let f = frame(Quat::from_axis_angle([1.0, 0.0, 0.0], 0.1));
        // Walk outwards along x at a height above the flake (a slope of h_Def): t and t·∇t
        // go to 0 at the edge of the vertical projection.
        let mut last = f64::INFINITY;
        for k in 0..400 {
            let x = 5.0e-6 + k as f64 * 5e-9;
            match node_depth(Side::Below, &f, [x, 0.0, 1e-6]) {
                Some(n) => {
                    assert!(n.depth <= last + 1e-18);
                    last = n.depth;
                    let force = n.depth * n.grad.iter().map(|g| g * g).sum::<f64>().sqrt();
                    assert!(force.is_finite());
                }
                None => {
                    assert!(last < 1e-3 * C, "jump at the edge: {last}");
                    return;
                }
            }
        }
        panic!("never left the footprint");
    }

    #[test]
    fn depth_gradient_outside_the_rim_band_is_bounded_at_every_orientation() {
        // Outside the rim band the scaled depth's gradient is σ/cos θ = √(1 + (c/a)²tan²θ)
        // on a face and at most c/b·0.9/√0.19 + σ·tan θ ≈ 2 + … on an edge-on sliver; the
        // unscaled vertical depth (t/σ) reaches ≈ 2a/c there. Nodes sampled uniformly in the
        // bounding box, at depths from 0 through the whole flake.
        let shape = FlakeShape::aluminium(2.0 * A);
        let mut state = 12345u64;
        let mut u = || {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (state >> 11) as f64 / (1u64 << 53) as f64
        };
        for nz in [1.0, 0.9, 0.5, 0.1, 0.01, 0.0] {
            let (mut scaled, mut unscaled): (f64, f64) = (0.0, 0.0);
            for _ in 0..20_000 {
                let phi = u() * std::f64::consts::TAU;
                let h = (1.0f64 - nz * nz).sqrt();
                let axis = cross([0.0, 0.0, 1.0], [h * phi.cos(), h * phi.sin(), nz]);
                let s = (axis[0] * axis[0] + axis[1] * axis[1]).sqrt();
                let q = if s < 1e-12 {
                    Quat::IDENTITY
                } else {
                    Quat::from_axis_angle(axis, s.atan2(nz))
                };
                let f = FlakeFrame::new(&shape, q.to_matrix());
                let p = [
                    (2.0 * u() - 1.0) * f.extent[0],
                    (2.0 * u() - 1.0) * f.extent[1],
                    (2.0 * u() - 1.0) * f.extent[2],
                ];
                let [qxx, qxy, qyy] = f.proj_inv;
                let x = 1.0 - (qxx * p[0] * p[0] + 2.0 * qxy * p[0] * p[1] + qyy * p[1] * p[1]);
                if x < RIM_TAPER {
                    continue;
                }
                for side in [Side::Below, Side::Above] {
                    if let Some(n) = node_depth(side, &f, p) {
                        let g = n.grad.iter().map(|v| v * v).sum::<f64>().sqrt();
                        scaled = scaled.max(g);
                        unscaled = unscaled.max(g / f.vertical_scale);
                    }
                }
            }
            assert!(
                scaled < FACE_GRADIENT_BOUND,
                "n_z = {nz}: |∇t| up to {scaled}"
            );
            if nz <= 0.01 {
                // The singularity the scale removes: ≈ 2a/c = 48 unscaled.
                assert!(
                    unscaled > 10.0 * FACE_GRADIENT_BOUND,
                    "n_z = {nz}: {unscaled}"
                );
            }
        }
    }

    #[test]
    fn thickened_edge_on_frames_have_exact_orientation_gradients() {
        // Inside the edge-on blend the contact half-thickness depends on n_z: the torque
        // must include ∂t/∂c_e·dc_e/dn_z (finite differences of the depth under rotation).
        let shape = FlakeShape::aluminium(2.0 * A);
        let fr = |q: Quat| FlakeFrame::for_surface_contacts(&shape, q.to_matrix());
        for (tilt, p, side) in [
            (1.45, [0.4e-6, 0.3e-6, -4.0e-6], Side::Below),
            (1.52, [-0.2e-6, 1.0e-6, 3.5e-6], Side::Above),
            (1.3, [0.9e-6, -0.5e-6, -3.0e-6], Side::Below),
        ] {
            let f0 = Quat::from_axis_angle([0.2, 1.0, 0.0], tilt);
            let f = fr(f0);
            assert!(
                f.dc_dnz != 0.0 && f.contact_c > shape.c,
                "tilt {tilt} not in the blend"
            );
            let n = node_depth(side, &f, p).expect("node inside");
            assert_torque_is_minus_depth_rotation_derivative(side, fr, f0, p, n.depth);
        }
    }

    /// Torque: −dU/dθ about each world axis = k·t·(p × ∇_p t + arm); per unit k·t,
    /// −dt/dθ = (p × ∇t + arm)_axis, checked by central differences of the depth under
    /// rotations of ±1e-7 rad of the frame `frame_of(q)` about `f0`, to 1e-5 relative to
    /// `scale` + |dt/dθ| (the O(ε²) truncation and round-off of the difference).
    fn assert_torque_is_minus_depth_rotation_derivative(
        side: Side,
        frame_of: impl Fn(Quat) -> FlakeFrame,
        f0: Quat,
        p: [f64; 3],
        scale: f64,
    ) {
        let n = node_depth(side, &frame_of(f0), p).expect("node inside");
        let eps = 1e-7;
        for (k, axis) in [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]]
            .into_iter()
            .enumerate()
        {
            let t_at = |th: f64| {
                let q = Quat::from_axis_angle(axis, th).compose(f0);
                node_depth(side, &frame_of(q), p).unwrap().depth
            };
            let dt = (t_at(eps) - t_at(-eps)) / (2.0 * eps);
            let tq = cross(p, n.grad)[k] + n.vertical_torque_arm[k];
            assert!(
                (tq + dt).abs() < 1e-5 * (scale + dt.abs()),
                "{p:?} axis {k}: {tq} vs {}",
                -dt
            );
        }
    }

    #[test]
    fn an_edge_on_rim_is_held_up_with_a_sixteenth_of_k() {
        // n = x̂ (standing on its rim): contact half-thickness c_e = a/4, vertical chord a,
        // σ = c_e/a = 1/4. A node under the rim's lowest point, d above it, has depth d/4
        // and pushes up with k·d/16 — the true 0.25 µm thick shape scaled to normal depth
        // would give k·d·(c/a)² = k·d/576.
        let shape = FlakeShape::aluminium(2.0 * A);
        let q = Quat::from_axis_angle([0.0, 1.0, 0.0], std::f64::consts::FRAC_PI_2);
        let f = FlakeFrame::for_surface_contacts(&shape, q.to_matrix());
        assert!((f.contact_c - 0.25 * A).abs() < TOL * A);
        for d in [0.01e-6, 0.1e-6, 1e-6] {
            let n = node_depth(Side::Below, &f, [0.0, 0.0, -A + d]).unwrap();
            let force = n.depth * n.grad[2];
            assert!((force - d / 16.0).abs() < 1e-6 * d, "d = {d}: {force}");
            assert!(n.grad[0].abs() < 1e-9 && n.grad[1].abs() < 1e-9);
        }
    }
}
