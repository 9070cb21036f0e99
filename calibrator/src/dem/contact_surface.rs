//! Penalty contact between a flake and a periodic height map (the tool h_Tool above or the
//! deformable surface h_Def below; seed 000 §5 Step 1, Eq. 15–16, f^(surface) and
//! τ^(surface)).
//!
//! **Model.** Every grid node q of the height map is a point of the rigid surface. A node of
//! the surface on [`Side`] s that lies inside the flake's sided solid exerts the frictionless
//! penalty force F = k·t·∇t with t the *sided* depth of [`super::sided`] (the vertical
//! depth below/above the flake's face on that side, tapered at the rim, growing
//! monotonically through the flake: a node of h_Def only pushes the flake up, towards the
//! tool, a tool node only down, towards h_Def), applied at q; the torque is
//! (q − x_c) × F plus the orientation term of the vertical chord (see [`super::sided`]).
//! The potential U = Σ_q ½k t_q² is C¹ and the forces and torques are its exact gradients
//! (energy is conserved by a symplectic integrator). Nodes are swept only inside the
//! flake's bounding box; h_Def nodes below the flake's lowest point (tool nodes above its
//! highest) are skipped before any geometry, then nodes outside the footprint
//! (wᵀP⁻¹w ≥ 1, [`FlakeFrame::proj_inv`]) or beyond the face (without a square root), and
//! only nodes in contact reach [`node_depth`]. Every node skipped contributes exactly zero,
//! so the sweep window changing between steps introduces no discontinuity.
//!
//! **Choice and error.** The surface is seen by the flake at its nodes only: between nodes
//! the flake's rim can dip below the bilinear surface by at most ≈ (δx/2)·tan θ for a flake
//! tilted by θ against the local surface (0.35 µm for δx = 2 µm, θ = 20°; 0 for a flake
//! parallel to the surface). The alternative of the design notes (support function
//! h(n) = √(nᵀMn) against the tangent plane of each facet) misses node-on-face contacts —
//! a flat flake lying across two summits — which are the common case for flakes much wider
//! than δx, so it is not used for the dynamics; `FlakeFrame::support` remains available.
//! The depth model's own error (sided vs normal distance) is in [`super::sided`].
//!
//! Periodicity: a node's world position is built from its *unwrapped* index near the flake
//! (x = i·δx + shift, y = j·δy) and only the height lookup wraps, so a flake crossing the
//! domain boundary sees the same surface without seams.

use super::flake::FlakeFrame;
use super::quaternion::{Vec3, add, cross, norm, scale};
pub use super::sided::Side;
use super::sided::node_depth;
use crate::surface::HeightMap;

/// A height map placed in the world: node (i, j) is at (i·δx + x_shift, j·δy,
/// h\[j mod ny\]\[i mod nx\] + z_offset).
#[derive(Clone, Copy, Debug)]
pub struct PlacedSurface<'a> {
    /// Row-major heights \[m\].
    pub heights: &'a [f64],
    /// Columns.
    pub nx: usize,
    /// Rows.
    pub ny: usize,
    /// x spacing \[m\].
    pub dx: f64,
    /// y spacing \[m\].
    pub dy: f64,
    /// World x of node (0, 0) \[m\] (the tool's sliding displacement).
    pub x_shift: f64,
    /// Added to every height \[m\] (the tool's vertical position).
    pub z_offset: f64,
}

impl<'a> PlacedSurface<'a> {
    /// `map` placed with its node (0, 0) at world x = `x_shift` and every height raised by
    /// `z_offset` \[m\].
    pub fn of(map: &'a HeightMap, x_shift: f64, z_offset: f64) -> Self {
        Self {
            heights: map.heights(),
            nx: map.nx(),
            ny: map.ny(),
            dx: map.dx(),
            dy: map.dy(),
            x_shift,
            z_offset,
        }
    }
}

/// Force, torque and penalty energy on one flake from one surface.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct ContactSum {
    /// Force on the flake \[N\].
    pub force: Vec3,
    /// Torque about the flake's centre \[N·m\].
    pub torque: Vec3,
    /// Penalty energy Σ ½kδ² \[J\].
    pub energy: f64,
    /// Largest depth δ \[m\].
    pub max_depth: f64,
    /// Largest depth per side, h_Def below then the tool above \[m\] (the event location
    /// of the inertial steps, [`super::event`]).
    pub side_depth: [f64; 2],
    /// Magnitude of the force per side, h_Def below then the tool above \[N\] (the release
    /// location of the TR-BDF2 step, [`super::event`]); accumulated sums add magnitudes, an
    /// upper bound.
    pub side_force: [f64; 2],
    /// Magnitude of the torque per side \[N·m\] (as `side_force`).
    pub side_torque: [f64; 2],
    /// Nodes inside the flake.
    pub nodes: usize,
}

impl ContactSum {
    /// Adds another sum.
    pub fn accumulate(&mut self, o: &ContactSum) {
        self.force = add(self.force, o.force);
        self.torque = add(self.torque, o.torque);
        self.energy += o.energy;
        self.max_depth = self.max_depth.max(o.max_depth);
        self.side_depth = [
            self.side_depth[0].max(o.side_depth[0]),
            self.side_depth[1].max(o.side_depth[1]),
        ];
        self.side_force = [
            self.side_force[0] + o.side_force[0],
            self.side_force[1] + o.side_force[1],
        ];
        self.side_torque = [
            self.side_torque[0] + o.side_torque[0],
            self.side_torque[1] + o.side_torque[1],
        ];
        self.nodes += o.nodes;
    }
}

/// Inclusive range of node indices whose coordinate i·step + shift lies in [lo, hi].
#[inline]
pub fn node_range(lo: f64, hi: f64, shift: f64, step: f64) -> (i64, i64) {
    (
        ((lo - shift) / step).ceil() as i64,
        ((hi - shift) / step).floor() as i64,
    )
}

/// Gauss–Newton stiffness of a flake's penalty energy in its six coordinates (translation
/// \[m\], then rotation \[rad\] about world axes at the centre): Σ_nodes k·J·Jᵀ with
/// J = (∇_p t, p × ∇_p t + e_z × ∇_e t), the node's depth derivative (the generalised force of a
/// node is k·t·J, so ∂²U/∂q² = k·J·Jᵀ + k·t·∂²t/∂q² and this keeps the first term) \[N/m, N,
/// N·m\].
pub type Stiffness6 = [[f64; 6]; 6];

/// Penalty contact of the flake (centre `center`, geometry `frame`) with `surface` on
/// `side`, node stiffness `k` \[N/m\].
pub fn surface_contact(
    surface: &PlacedSurface<'_>,
    side: Side,
    frame: &FlakeFrame,
    center: Vec3,
    k: f64,
) -> ContactSum {
    let mut unused = [[0.0; 6]; 6];
    surface_contact_with::<false>(surface, side, frame, center, k, &mut unused)
}

/// [`surface_contact`] that also adds the Gauss–Newton stiffness of every node in contact to
/// `stiffness` ([`Stiffness6`], upper triangle and diagonal only; the overdamped integrator of
/// [`super::overdamped`] mirrors it). Forces, torques and energy are bit-identical to
/// [`surface_contact`]'s.
pub fn surface_contact_stiffness(
    surface: &PlacedSurface<'_>,
    side: Side,
    frame: &FlakeFrame,
    center: Vec3,
    k: f64,
    stiffness: &mut Stiffness6,
) -> ContactSum {
    surface_contact_with::<true>(surface, side, frame, center, k, stiffness)
}

/// The node sweep of [`surface_contact`], with the stiffness accumulated when `STIFF`.
fn surface_contact_with<const STIFF: bool>(
    surface: &PlacedSurface<'_>,
    side: Side,
    frame: &FlakeFrame,
    center: Vec3,
    k: f64,
    stiffness: &mut Stiffness6,
) -> ContactSum {
    let mut sum = ContactSum::default();
    let [ex, ey, ez] = frame.extent;
    // Nodes of h_Def below the ellipsoid, or tool nodes above it, are outside the solid.
    let (z_lo, z_hi) = match side {
        Side::Below => (-ez, f64::INFINITY),
        Side::Above => (f64::NEG_INFINITY, ez),
    };
    let (j0, j1) = node_range(center[1] - ey, center[1] + ey, 0.0, surface.dy);
    if j1 < j0 {
        return sum;
    }
    let nx = surface.nx as i64;
    let ny = surface.ny as i64;
    let z_base = surface.z_offset - center[2];
    let (i0, i1) = node_range(center[0] - ex, center[0] + ex, surface.x_shift, surface.dx);
    if i1 < i0 {
        return sum;
    }
    let i_start = i0.rem_euclid(nx) as usize;
    // Per flake: the footprint x = 1 − wᵀP⁻¹w and the chord's midpoint height z_mid (linear in
    // w) decide contact without a square root: h_Def node inside iff
    // (p_z − z_mid) > −L₀√x, tool node iff (z_mid − p_z) > −L₀√x, L₀² = 1/M⁻¹_zz.
    let [qxx, qxy, qyy] = frame.proj_inv;
    let mi = &frame.m_inv;
    let (zm_x, zm_y) = (-mi[0][2] / mi[2][2], -mi[1][2] / mi[2][2]);
    let l0_sq = 1.0 / mi[2][2];
    let sign = match side {
        Side::Below => 1.0,
        Side::Above => -1.0,
    };
    let x_base = surface.x_shift - center[0];
    for j in j0..=j1 {
        let py = j as f64 * surface.dy - center[1];
        let x_row = 1.0 - qyy * py * py;
        let x_lin = -2.0 * qxy * py;
        let zm_row = zm_y * py;
        let row = j.rem_euclid(ny) as usize * surface.nx;
        let heights = &surface.heights[row..row + surface.nx];
        let mut iw = i_start;
        for i in i0..=i1 {
            let h = heights[iw];
            iw += 1;
            if iw == surface.nx {
                iw = 0;
            }
            let pz = h + z_base;
            if pz < z_lo || pz > z_hi {
                continue;
            }
            let px = i as f64 * surface.dx + x_base;
            let x = x_row + px * (x_lin - qxx * px);
            if x <= 0.0 {
                continue;
            }
            let above_mid = sign * (pz - (zm_row + zm_x * px));
            if above_mid < 0.0 && above_mid * above_mid >= l0_sq * x {
                continue;
            }
            if let Some(n) = node_depth(side, frame, [px, py, pz]) {
                let depth = n.depth;
                let kt = k * depth;
                let f = scale(n.grad, kt);
                sum.force = add(sum.force, f);
                sum.torque = add(
                    sum.torque,
                    add(cross([px, py, pz], f), scale(n.vertical_torque_arm, kt)),
                );
                if STIFF {
                    let arm = add(cross([px, py, pz], n.grad), n.vertical_torque_arm);
                    let j = [n.grad[0], n.grad[1], n.grad[2], arm[0], arm[1], arm[2]];
                    for a in 0..6 {
                        let kj = k * j[a];
                        for b in a..6 {
                            stiffness[a][b] += kj * j[b];
                        }
                    }
                }
                sum.energy += 0.5 * k * depth * depth;
                sum.max_depth = sum.max_depth.max(depth);
                sum.nodes += 1;
            }
        }
    }
    sum.side_depth[side.index()] = sum.max_depth;
    sum.side_force[side.index()] = norm(sum.force);
    sum.side_torque[side.index()] = norm(sum.torque);
    sum
}

#[cfg(test)]
mod tests {
    use super::super::flake::FlakeShape;
    use super::super::quaternion::Quat;
    use super::*;

    /// Round-off bound relative to the force scale.
    const TOL: f64 = 1e-9;

    #[test]
    fn a_single_node_under_the_pole_pushes_the_flake_up_by_k_delta() {
        let s = FlakeShape::aluminium(12e-6);
        let frame = FlakeFrame::new(&s, Quat::IDENTITY.to_matrix());
        // One node per 40 µm period: only the node at the origin is under the flake.
        let h = vec![0.0; 4];
        let surf = PlacedSurface {
            heights: &h,
            nx: 2,
            ny: 2,
            dx: 20e-6,
            dy: 20e-6,
            x_shift: 0.0,
            z_offset: 0.0,
        };
        let d = 0.01e-6;
        let k = 1e5;
        let c = [0.0, 0.0, s.c - d];
        let sum = surface_contact(&surf, Side::Below, &frame, c, k);
        assert_eq!(sum.nodes, 1);
        assert!((sum.force[2] - k * d).abs() < TOL * k * d);
        assert!(sum.force[0].abs() < TOL * k * d && sum.torque.iter().all(|t| t.abs() < 1e-20));
        assert!((sum.energy - 0.5 * k * d * d).abs() < TOL * k * d * d);
    }
}
