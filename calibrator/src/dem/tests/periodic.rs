//! Periodic wrapping: a flake straddling the domain boundary feels exactly the surface it
//! would feel in the middle of a half-period-rolled copy of the same maps.

use crate::surface::{HeightMap, Rescale, SelfAffine};

use super::super::flake::FlakeFrame;
use super::super::params::DemParams;
use super::super::placement::resting_height;
use super::super::quaternion::{Quat, norm, sub};
use super::super::rigid_body::{Damping, Flake};
use super::super::system::DemSystem;
use super::shape;

/// Round-off between the two placements (coordinates differ by L/2 in magnitude).
const ROUNDOFF: f64 = 1e-9;

fn maps(n: usize, dx: f64) -> (HeightMap, HeightMap) {
    let sa = SelfAffine {
        hurst: 0.8,
        k_l: 1.0,
        k_r: 2.0,
        k_s: 8.0,
    };
    let mut r = crate::rng::stream_rng(99, 0);
    let def = sa
        .generate(n, n as f64 * dx, Rescale::RmsHeight(0.4e-6), &mut r)
        .unwrap();
    let tool = sa
        .generate(n, n as f64 * dx, Rescale::RmsHeight(0.3e-6), &mut r)
        .unwrap();
    (def, tool)
}

fn system(def: HeightMap, tool: HeightMap, offset: f64, f: Flake) -> DemSystem {
    let s = shape();
    let p = DemParams::from_physics(
        s,
        1e-8,
        10.0,
        55e9,
        def.dx(),
        def.dy(),
        crate::dem::DragFrame::Sheet,
    );
    let mut p = p;
    p.damping = Damping::uniform_relaxation(1e-8, &s);
    DemSystem::new(p, def, tool, offset, vec![f]).unwrap()
}

#[test]
fn a_flake_crossing_the_boundary_feels_the_same_surface() {
    let (n, dx) = (32, 2e-6);
    let l = n as f64 * dx;
    let (def, tool) = maps(n, dx);
    let offset = 2.5e-6;
    let q = Quat::from_axis_angle([0.3, 1.0, 0.0], 0.08);
    let frame = FlakeFrame::new(&shape(), q.to_matrix());
    let tool_world = HeightMap::flat(n, n, dx, dx, 1.0); // far above: only the floor matters here
    // Straddles x = 0 and y = L: centre at (1 µm, L − 2 µm), pressed 10 nm into the floor.
    let (x, y) = (1e-6, l - 2e-6);
    let z = resting_height(&frame, x, y, &def, &tool_world, 0.0).unwrap() - 10e-9;
    let mut f = Flake::at_rest([x, y, z], q);
    f.velocity = [-3.0, 2.0, 0.0]; // keeps crossing the corner
    let mut a = system(def.clone(), tool.clone(), offset, f);
    // Reference: every map rolled by half a period, the flake in the middle of the domain.
    let h = (n / 2) as isize;
    let mut g = f;
    g.position = [x + l / 2.0, y - l / 2.0, z];
    let mut b = system(def.shifted(h, h), tool.shifted(h, h), offset, g);
    let (fa, ta) = a.contact_force(0);
    let (fb, tb) = b.contact_force(0);
    assert!(norm(fa) > 0.0, "flake must touch the floor");
    assert!(norm(sub(fa, fb)) < ROUNDOFF * norm(fa), "{fa:?} vs {fb:?}");
    assert!(norm(sub(ta, tb)) < ROUNDOFF * norm(ta), "{ta:?} vs {tb:?}");
    // And along a trajectory with the tool sliding: same motion, up to the half-period shift.
    for _ in 0..3 {
        a.advance_one_pixel().unwrap();
        b.advance_one_pixel().unwrap();
    }
    let (pa, pb) = (a.flakes()[0].position, b.flakes()[0].position);
    let wrap = |d: f64| d - l * (d / l).round();
    let dxy = [
        wrap(pa[0] + l / 2.0 - pb[0]),
        wrap(pa[1] + l / 2.0 - pb[1]),
        pa[2] - pb[2],
    ];
    assert!(
        norm(dxy) < 1e-6 * shape().a,
        "trajectories diverge by {dxy:?}"
    );
    assert!(a.energy().kinetic > 0.0);
}
