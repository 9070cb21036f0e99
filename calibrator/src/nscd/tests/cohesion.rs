//! Cohesive-law oracles (Fig. 1): a disk hanging under a ceiling stays iff its weight ≤ γ;
//! attraction acts only within d_w.

use crate::nscd::body::Body;
use crate::nscd::local_law::ContactLawParams;
use crate::nscd::nsgs::SolverParams;
use crate::nscd::system::{RigidAssembly, StepParams};

const R: f64 = 1e-3;
const G: f64 = 9.81;
const H: f64 = 1e-4;
const DENSITY: f64 = 2500.0;
/// Round-off allowed on positions over the run (m).
const POS_TOL: f64 = 1e-15;

fn weight() -> f64 {
    DENSITY * core::f64::consts::PI * R * R * G
}

fn system(gamma: f64, d_w: f64, gap0: f64) -> RigidAssembly {
    let ceiling = super::fixed_half_plane(false);
    let ball = Body::disk([0.0, -R - gap0], R, DENSITY);
    let law = ContactLawParams {
        mu: 0.3,
        restitution: 0.0,
        cohesion: gamma,
        range: d_w,
    };
    RigidAssembly::new(
        vec![ceiling, ball],
        StepParams {
            h: H,
            theta: 0.5,
            gravity: [0.0, -G],
            period: None,
            alert: 2.0 * d_w.max(0.01 * R),
            law,
            solver: SolverParams::default(),
        },
    )
}

#[test]
fn hanging_disk_stays_iff_weight_at_most_gamma() {
    let w = weight();
    for (ratio, stays) in [(1.0, true), (1.5, true), (0.999, false), (0.5, false)] {
        let mut sys = system(ratio * w, 0.05 * R, 0.0);
        for _ in 0..2000 {
            sys.step();
        }
        let drop = -R - sys.bodies[1].q[1];
        if stays {
            assert!(drop.abs() <= POS_TOL, "γ/W = {ratio}: dropped {drop}");
        } else {
            assert!(
                drop > 0.05 * R,
                "γ/W = {ratio}: still attached, drop {drop}"
            );
        }
    }
}

#[test]
fn attraction_acts_only_within_dw() {
    let w = weight();
    let d_w = 0.05 * R;
    let m = w / G;
    // γ = ½W: while g ≤ d_w the disk falls at (W − γ)/m = g/2, beyond it at g. One step at a
    // time from rest: Δv = h(W − γ)/m when attracted, hg when not.
    for (gap0, attracted) in [(0.5 * d_w, true), (2.0 * d_w, false)] {
        let mut sys = system(0.5 * w, d_w, gap0);
        sys.step();
        let dv = -sys.bodies[1].v[1];
        let want = if attracted { H * 0.5 * w / m } else { H * G };
        assert!(
            (dv - want).abs() <= 1e-12 * H * G,
            "gap {gap0}: Δv {dv} vs {want}"
        );
    }
    // γ = 2W within range: the disk is pulled up to the ceiling and held there.
    let mut sys = system(2.0 * w, d_w, 0.5 * d_w);
    for _ in 0..2000 {
        sys.step();
    }
    let gap = -sys.bodies[1].q[1] - R;
    // The θ-scheme activates the Newton law one step after the anticipated closure, so the
    // disk overshoots by h(1−θ)·u at the arrival speed u ≤ √(2·(γ−W)/m·g0) (here θ = ½);
    // after that the contact holds (u⁺ = 0) and the gap no longer changes.
    let arrival = (2.0 * (2.0 * w - w) / m * 0.5 * d_w).sqrt();
    let overshoot = H * 0.5 * arrival;
    println!("captured: gap {gap:e} m, θ-scheme overshoot bound {overshoot:e} m");
    assert!(gap <= 0.0 && -gap <= overshoot, "not captured: gap {gap}");
    let held = sys.bodies[1].q[1];
    for _ in 0..100 {
        sys.step();
    }
    assert!(
        (sys.bodies[1].q[1] - held).abs() <= POS_TOL,
        "captured disk moves"
    );
}
