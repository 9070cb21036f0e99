//! Blocked detection (seed 000 Fig. 8) on synthetic geometries, and h*_Tool (Eq. 18).

use crate::surface::HeightMap;

use super::super::quaternion::Quat;
use super::super::rigid_body::{Damping, Flake};
use super::super::system::DemSystem;
use super::{params, shape};

const N: usize = 32;
const DX: f64 = 1e-6;
/// Tool datum far above the flake \[m\].
const TOOL_HIGH: f64 = 1.0e-6;
/// Width of a tool tip \[m\]: neighbouring nodes (1 µm away) stay 0.8 µm higher.
const TIP_SIGMA: f64 = 0.4e-6;

/// Tool roughness (to be raised by TOOL_HIGH) with downward Gaussian tips at `tips` reaching
/// down to `tip_z` (world).
fn tool_with_tips(tips: &[(f64, f64)], tip_z: f64) -> HeightMap {
    HeightMap::from_fn(N, N, DX, DX, |x, y| {
        let dip: f64 = tips
            .iter()
            .map(|&(tx, ty)| {
                let r2 = (x - tx).powi(2) + (y - ty).powi(2);
                (TOOL_HIGH - tip_z) * (-r2 / (2.0 * TIP_SIGMA * TIP_SIGMA)).exp()
            })
            .sum();
        -dip
    })
}

/// A flat flake centred at (16, 16) µm, z = 0, on a floor just below it.
fn system_with(def: HeightMap, tool: HeightMap) -> DemSystem {
    let f = Flake::at_rest([16e-6, 16e-6, 0.0], Quat::IDENTITY);
    DemSystem::new(
        params(1e4, 1e-12, Damping::NONE, 0.0),
        def,
        tool,
        TOOL_HIGH,
        vec![f],
    )
    .unwrap()
}

fn floor() -> HeightMap {
    HeightMap::flat(N, N, DX, DX, -shape().c - 0.05e-6)
}

/// Tips on nodes at r ≈ 3–3.6 µm from the centre, where the flake top is at ≈ 0.2 µm; the
/// tips reach 0.15 µm, i.e. each touches the flake at a single node.
const TIPS: [(f64, f64); 3] = [(19e-6, 16e-6), (14e-6, 19e-6), (14e-6, 13e-6)];
const TIP_Z: f64 = 0.15e-6;

#[test]
fn flake_wedged_by_three_tool_asperities_is_blocked() {
    let sys = system_with(floor(), tool_with_tips(&TIPS, TIP_Z));
    let fps = sys.footprints();
    assert_eq!(fps[0].clusters, 3);
    let blocked = sys.blocked();
    assert_eq!(blocked.len(), 1);
    // The footprint covers the nodes within the 6 µm radius: π·36 ≈ 113 nodes of 1 µm².
    let fp = &blocked[0].1;
    assert!(
        (fp.pixels.len() as f64 - 113.1).abs() < 10.0,
        "{}",
        fp.pixels.len()
    );
    // Eq. 18: under the footprint h* = min(h_Tool, z_low) (the flake's lower surface);
    // elsewhere the tool is unchanged.
    let tool = sys.tool_surface();
    let h_star = sys.modified_tool();
    for (k, &p) in fp.pixels.iter().enumerate() {
        assert_eq!(h_star.heights()[p], tool.heights()[p].min(fp.z_low[k]));
        assert!(h_star.heights()[p] <= 0.0);
    }
    let centre = 16 * N + 16;
    assert!((h_star.heights()[centre] + shape().c).abs() < 1e-15);
    let corner = 0;
    assert_eq!(h_star.heights()[corner], tool.heights()[corner]);
}

#[test]
fn flake_touching_in_two_clusters_only_is_free() {
    let sys = system_with(floor(), tool_with_tips(&TIPS[..2], TIP_Z));
    assert_eq!(sys.footprints()[0].clusters, 2);
    assert!(sys.blocked().is_empty());
    assert_eq!(sys.modified_tool(), sys.tool_surface());
}

#[test]
fn three_touching_nodes_in_one_contact_area_are_one_cluster() {
    // Three adjacent tips merge into a single contact area: free.
    let tips = [(19e-6, 16e-6), (19e-6, 17e-6), (20e-6, 18e-6)];
    let sys = system_with(floor(), tool_with_tips(&tips, 0.1e-6));
    let fp = &sys.footprints()[0];
    assert!(fp.touches_tool.iter().filter(|&&t| t).count() >= 3);
    assert_eq!(fp.clusters, 1);
    assert!(sys.blocked().is_empty());
}

#[test]
fn flake_resting_in_a_valley_is_free() {
    // A 3 µm deep valley; the flake rests in it; the tool's tips sit above the flake top.
    let valley = HeightMap::from_fn(N, N, DX, DX, |x, y| {
        let r2 = (x - 16e-6).powi(2) + (y - 16e-6).powi(2);
        -3e-6 * (-r2 / (2.0 * (8e-6f64).powi(2))).exp()
    });
    let z = super::super::placement::resting_height(
        &super::super::flake::FlakeFrame::new(&shape(), Quat::IDENTITY.to_matrix()),
        16e-6,
        16e-6,
        &valley,
        &HeightMap::flat(N, N, DX, DX, 1.0),
        1e-9,
    )
    .unwrap();
    assert!(z < -2e-6, "flake should sit in the valley, z = {z}");
    let f = Flake::at_rest([16e-6, 16e-6, z], Quat::IDENTITY);
    let tool = tool_with_tips(&TIPS, TIP_Z);
    let sys = DemSystem::new(
        params(1e4, 1e-12, Damping::NONE, 0.0),
        valley,
        tool,
        TOOL_HIGH,
        vec![f],
    )
    .unwrap();
    let fp = &sys.footprints()[0];
    assert_eq!(fp.clusters, 0);
    assert!(!fp.is_blocked());
    assert!(sys.blocked().is_empty());
}
