//! A_p, the contact area carried by blocked flakes (seed 000 §6.2): "the sub-areas where
//! traction is positive (i.e., in contact) and a blocked particle is located underneath".
//!
//! On the BEM grid this is the number of nodes with t > 0 that lie in the footprint of at
//! least one blocked flake (the union: two stacked flakes over one node count it once),
//! divided by the number of nodes for A_p/A_0. ⟨A_p⟩ over a slide is the plain mean of the
//! per-step values (Eq. 22, equal steps δx).
//!
//! "Underneath" the tool: only footprint nodes where the flake's lower surface is below the
//! tool count ([`under_tool`]). Elsewhere the flake does not change h*_Tool (Eq. 18 takes the
//! minimum) and a contact there is the tool's own. This matters for a flake that the DEM lets
//! pass through the tool (seen at v0 = 50 m/s in the quick preset: a flake ending above the
//! tool has z_up > h_Tool on its whole footprint and passes the cluster test of Fig. 8).

use crate::dem::Footprint;

/// Nodes in contact (`traction` > 0) under at least one of `footprints`. `marks` is
/// caller-owned scratch (resized to the grid and left all `false`).
///
/// ```
/// use tribo_calibrator::dem::Footprint;
/// use tribo_calibrator::meso::accounting::particle_contact_nodes;
/// let t = [0.0, 5.0, 5.0, 0.0];
/// let fp = Footprint { pixels: vec![0, 1, 3], ..Default::default() };
/// let mut marks = Vec::new();
/// assert_eq!(particle_contact_nodes(&t, [&fp], &mut marks), 1);
/// ```
pub fn particle_contact_nodes<'a>(
    traction: &[f64],
    footprints: impl IntoIterator<Item = &'a Footprint>,
    marks: &mut Vec<bool>,
) -> usize {
    marks.clear();
    marks.resize(traction.len(), false);
    let mut count = 0;
    for fp in footprints {
        for &p in &fp.pixels {
            if let Some(m) = marks.get_mut(p)
                && !*m
            {
                *m = true;
                if traction[p] > 0.0 {
                    count += 1;
                }
            }
        }
    }
    marks.iter_mut().for_each(|m| *m = false);
    count
}

/// The part of a blocked flake's footprint that lies under the tool — nodes where its lower
/// surface z_low is below the tool's world height `tool` — or `None` if there is none (the
/// flake is entirely above the tool and not in the gap).
pub fn under_tool(fp: &Footprint, tool: &[f64]) -> Option<Footprint> {
    let mut out = Footprint {
        clusters: fp.clusters,
        ..Default::default()
    };
    for (k, &p) in fp.pixels.iter().enumerate() {
        if fp.z_low[k] < tool[p] {
            out.pixels.push(p);
            out.z_low.push(fp.z_low[k]);
            out.z_up.push(fp.z_up[k]);
            out.touches_tool.push(fp.touches_tool[k]);
        }
    }
    (!out.pixels.is_empty()).then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_nodes_with_the_flake_below_the_tool_are_underneath() {
        let tool = [1.0, 1.0, 1.0, 1.0];
        let fp = Footprint {
            pixels: vec![1, 2, 3],
            z_low: vec![0.5, 1.5, 0.9],
            z_up: vec![1.2, 2.0, 1.1],
            touches_tool: vec![true, true, true],
            clusters: 3,
        };
        let u = under_tool(&fp, &tool).unwrap();
        assert_eq!(u.pixels, vec![1, 3]);
        assert_eq!(u.z_low, vec![0.5, 0.9]);
        assert_eq!(u.clusters, 3);
        let above = Footprint {
            z_low: vec![2.0, 2.0, 2.0],
            ..fp
        };
        assert!(under_tool(&above, &tool).is_none());
    }

    #[test]
    fn union_of_footprints_counts_each_contact_node_once() {
        // 4×4 grid, contact patch = the 2×2 block at (1..3, 1..3) plus node 15.
        let mut t = vec![0.0; 16];
        for p in [5, 6, 9, 10, 15] {
            t[p] = 1e6;
        }
        // Flake A covers row 1 (4..8): contacts 5, 6. Flake B covers column 1 (1, 5, 9, 13):
        // contacts 5 (shared), 9. Union: 5, 6, 9.
        let a = Footprint {
            pixels: vec![4, 5, 6, 7],
            ..Default::default()
        };
        let b = Footprint {
            pixels: vec![1, 5, 9, 13],
            ..Default::default()
        };
        let mut marks = Vec::new();
        assert_eq!(particle_contact_nodes(&t, [&a, &b], &mut marks), 3);
        assert!(marks.iter().all(|m| !m));
        assert_eq!(particle_contact_nodes(&t, [&b], &mut marks), 2);
        assert_eq!(particle_contact_nodes(&t, [], &mut marks), 0);
        // A footprint over the whole grid sees the whole contact area.
        let all = Footprint {
            pixels: (0..16).collect(),
            ..Default::default()
        };
        assert_eq!(particle_contact_nodes(&t, [&all, &a], &mut marks), 5);
    }
}
