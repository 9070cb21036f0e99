//! Incline oracle: a block on a 15° slope sticks for μ ≥ tan 15° and slides with
//! a = g(sin θ − μ cos θ) otherwise. The slope is modelled by tilting gravity over a
//! horizontal floor (the same physics in the slope's frame).

use crate::nscd::body::{Body, Dof};
use crate::nscd::local_law::ContactLawParams;
use crate::nscd::nsgs::SolverParams;
use crate::nscd::system::{RigidAssembly, StepParams};

const G: f64 = 9.81;
const SLOPE_DEG: f64 = 15.0;
const RADIUS: f64 = 1e-3;
const H: f64 = 1e-3;
/// Creep allowed strictly inside the cone (μ > tan 15°): none at all, the exact 2×2 solve
/// returns u_t⁺ = 0 to round-off and x does not move (relative to the radius).
const ROUND_OFF_CREEP: f64 = 1e-14;
/// At μ = tan 15° exactly the cone limit is met to one ulp: an acceleration of ~10 ulp·g
/// gives x = ½·(1e-15·g)·t² ≈ 5e-13 m over t = 10 s.
const LIMIT_CREEP: f64 = 5e-13;
/// NSGS tolerance used for the two-contact clump.
const SOLVER_TOL: f64 = 1e-13;

fn params(mu: f64) -> StepParams {
    let s = SLOPE_DEG.to_radians();
    StepParams {
        h: H,
        theta: 0.5,
        gravity: [G * s.sin(), -G * s.cos()],
        period: None,
        alert: 0.1 * RADIUS,
        law: ContactLawParams::dry(mu, 0.0),
        solver: SolverParams {
            tolerance: SOLVER_TOL,
            max_iterations: 10_000,
            ..SolverParams::default()
        },
    }
}

fn floor() -> Body {
    super::fixed_half_plane(true)
}

/// A block with one contact: a disk whose rotation is held (a flat-bottomed block's contact).
fn block() -> Body {
    let mut b = Body::disk([0.0, RADIUS], RADIUS, 2500.0);
    b.dofs[2] = Dof::Driven;
    b
}

/// A free-rotating two-disk clump resting on both disks.
fn clump() -> Body {
    Body::clump(
        [0.0, RADIUS],
        &[([-RADIUS, 0.0], RADIUS), ([RADIUS, 0.0], RADIUS)],
        2500.0,
    )
}

fn run(body: Body, mu: f64, steps: usize) -> (RigidAssembly, f64) {
    let mut sys = RigidAssembly::new(vec![floor(), body], params(mu));
    for _ in 0..steps {
        let r = sys.step();
        assert!(r.solve.converged, "NSGS did not converge: {:?}", r.solve);
    }
    let t = steps as f64 * H;
    (sys, t)
}

#[test]
fn block_sticks_for_mu_at_or_above_tan15() {
    let steps = 10_000;
    for mu in [SLOPE_DEG.to_radians().tan(), 0.3, 0.6] {
        let (sys, _) = run(block(), mu, steps);
        let b = &sys.bodies[1];
        let creep = b.q[0].abs();
        let allowed = if mu == SLOPE_DEG.to_radians().tan() {
            LIMIT_CREEP
        } else {
            ROUND_OFF_CREEP * RADIUS
        };
        println!("μ = {mu}: creep {creep:e} m over {steps} steps");
        assert!(creep <= allowed, "μ = {mu}: creep {creep} m");
        assert!(
            (b.q[1] - RADIUS).abs() <= ROUND_OFF_CREEP * RADIUS,
            "sank: {}",
            b.q[1]
        );
    }
}

#[test]
fn block_slides_with_the_coulomb_acceleration() {
    let s = SLOPE_DEG.to_radians();
    for mu in [0.0, 0.1, 0.2, 0.26] {
        let (sys, t) = run(block(), mu, 1000);
        let a_exact = G * (s.sin() - mu * s.cos());
        let a = sys.bodies[1].v[0] / t;
        assert!(
            (a - a_exact).abs() <= 1e-12 * G,
            "μ = {mu}: a = {a}, exact {a_exact}"
        );
        // θ = ½ integrates the constant acceleration exactly: x = a t²/2.
        let x = sys.bodies[1].q[0];
        assert!((x - 0.5 * a_exact * t * t).abs() <= 1e-12 * x.abs().max(RADIUS));
    }
}

#[test]
fn two_disk_clump_sticks_and_slides_to_solver_tolerance() {
    let s = SLOPE_DEG.to_radians();
    let (sys, t) = run(clump(), 0.3, 2000);
    let b = &sys.bodies[1];
    // Per-step velocity error ≲ tolerance × g h; creep over the run ≲ steps·h·that.
    let creep_bound = SOLVER_TOL * G * t * t * 10.0;
    assert!(
        b.q[0].abs() <= creep_bound,
        "creep {} > {creep_bound}",
        b.q[0]
    );
    assert!(b.q[2].abs() <= 1e-9, "clump rotated by {}", b.q[2]);
    let mu = 0.1;
    let (sys, t) = run(clump(), mu, 1000);
    let a = sys.bodies[1].v[0] / t;
    let a_exact = G * (s.sin() - mu * s.cos());
    assert!((a - a_exact).abs() <= 1e-8 * G, "a = {a}, exact {a_exact}");
}
