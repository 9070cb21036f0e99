//! Blocked-flake detection (seed 000 Fig. 8) and the modified tool surface h*_Tool
//! (Eq. 18–19).
//!
//! **Footprint.** The grid nodes (x_i, y_j) whose vertical line crosses the flake; at each the
//! flake occupies z ∈ [z_low, z_up] (exact ellipsoid chord).
//!
//! **Blocked.** Footprint nodes where the tool touches the flake — the tool node has a
//! positive sided depth and pushes the flake down in the DEM ([`super::sided`]), i.e. the
//! flake's upper surface exceeds the tool, z_up(x, y) > h_Tool(x, y), however deep the tool
//! has gone through the flake — are grouped into 8-connected clusters (diagonal neighbours are
//! the same contact area) in the flake's local, unwrapped window, so clusters are not split
//! by the periodic boundary. A flake is blocked when it has at least
//! [`MIN_CLUSTERS_BLOCKED`] = 3 clusters — §5 Step 1 ("at least three distinct areas of
//! contact"; the Fig. 8 caption says "more than three", contradicting the text and the 2-D
//! analogy it gives, so the text is followed).
//!
//! **Modified tool (Eq. 18).** Blocked flakes become part of the tool: under each blocked
//! footprint h*_Tool = min(h_Tool, z_low). Seed 000 writes min(h_Tool, z_p) with z_p the
//! particle's "surface profile"; the solid that the deformable surface meets is the flake's
//! *lower* surface, so z_low is used (with z_up the BEM gap g* would keep a spurious h_p
//! clearance under a flake resting on h_Def).

use crate::numerics::labelling::{Boundary, Components, Connectivity};

use super::contact_surface::node_range;
use super::flake::FlakeFrame;
use super::quaternion::Vec3;
use super::sided::{Side, node_depth};

/// Clusters of tool contact needed for a flake to be blocked (seed 000 §5 Step 1).
pub const MIN_CLUSTERS_BLOCKED: usize = 3;

/// The grid under one flake.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Footprint {
    /// Row-major indices (iy·nx + ix, wrapped) of the nodes under the flake.
    pub pixels: Vec<usize>,
    /// World height of the flake's lower surface at each pixel \[m\].
    pub z_low: Vec<f64>,
    /// World height of the flake's upper surface at each pixel \[m\].
    pub z_up: Vec<f64>,
    /// Whether the tool node at each pixel is in contact (positive sided depth).
    pub touches_tool: Vec<bool>,
    /// Number of 8-connected clusters of tool-touching pixels.
    pub clusters: usize,
}

impl Footprint {
    /// True when the flake meets the tool in ≥ 3 distinct clusters.
    pub fn is_blocked(&self) -> bool {
        self.clusters >= MIN_CLUSTERS_BLOCKED
    }
}

/// The footprint of a flake (centre `center`, geometry `frame`) on an `nx × ny` grid of
/// spacing (dx, dy), with the tool's world heights `tool` at the grid nodes.
#[allow(clippy::too_many_arguments)]
pub fn footprint(
    frame: &FlakeFrame,
    center: Vec3,
    nx: usize,
    ny: usize,
    dx: f64,
    dy: f64,
    tool: &[f64],
) -> Footprint {
    let [ex, ey, _] = frame.extent;
    let (i0, i1) = node_range(center[0] - ex, center[0] + ex, 0.0, dx);
    let (j0, j1) = node_range(center[1] - ey, center[1] + ey, 0.0, dy);
    let mut fp = Footprint::default();
    if i1 < i0 || j1 < j0 {
        return fp;
    }
    let w = (i1 - i0 + 1) as usize;
    let h = (j1 - j0 + 1) as usize;
    // Local window: touch flag per cell.
    let mut touch = vec![false; w * h];
    for (lj, j) in (j0..=j1).enumerate() {
        let row = j.rem_euclid(ny as i64) as usize * nx;
        let v = j as f64 * dy - center[1];
        for (li, i) in (i0..=i1).enumerate() {
            let u = i as f64 * dx - center[0];
            if let Some((lo, up)) = frame.vertical_extent(u, v) {
                let p = row + i.rem_euclid(nx as i64) as usize;
                let (zl, zu) = (center[2] + lo, center[2] + up);
                // The DEM's tool-contact test (equal to zu > tool[p] up to round-off).
                let t = node_depth(Side::Above, frame, [u, v, tool[p] - center[2]]).is_some();
                fp.pixels.push(p);
                fp.z_low.push(zl);
                fp.z_up.push(zu);
                fp.touches_tool.push(t);
                touch[lj * w + li] = t;
            }
        }
    }
    fp.clusters = count_clusters(&touch, w, h);
    fp
}

/// Number of 8-connected components of `true` cells in a bounded `w × h` window
/// ([`crate::numerics::labelling`]).
pub fn count_clusters(cells: &[bool], w: usize, h: usize) -> usize {
    Components::label(cells, w, h, Connectivity::Eight, Boundary::Bounded).count()
}

/// Eq. 18: lowers `tool` (world heights at the grid nodes) to the lower surface of every
/// blocked footprint.
pub fn apply_blocked(tool: &mut [f64], blocked: &[&Footprint]) {
    for fp in blocked {
        for (&p, &zl) in fp.pixels.iter().zip(&fp.z_low) {
            tool[p] = tool[p].min(zl);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clusters_are_eight_connected() {
        // Two diagonal cells form one cluster; a separated cell forms another.
        let c = vec![
            true, false, false, false, //
            false, true, false, true, //
            false, false, false, true,
        ];
        assert_eq!(count_clusters(&c, 4, 3), 2);
    }
}
