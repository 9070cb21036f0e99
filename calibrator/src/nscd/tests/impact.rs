//! Impact oracles: Newton's law u⁺ = −e·u⁻ at one contact, and the three-ball chain.
//!
//! The chain (three equal disks in contact, the first hitting at v0, e = 1) under Moreau's
//! velocity-level law is one simultaneous impact: both contacts are active in the same step and
//! the impulses solve one complementarity problem, whose unique solution is
//! (−⅓, ⅔, ⅔)·v0 with kinetic energy conserved (1/9 + 4/9 + 4/9 = 1). This is not the Newton's
//! cradle result (0, 0, 1)·v0, which needs the impulse to travel contact by contact (a
//! sequential impact, or elastic waves in deformable balls); a rigid-body simultaneous impact
//! law cannot produce it — the price of the time-stepping scheme treating all shocks of one
//! step at once.

use crate::nscd::body::Body;
use crate::nscd::local_law::ContactLawParams;
use crate::nscd::nsgs::SolverParams;
use crate::nscd::system::{RigidAssembly, StepParams};

const R: f64 = 1e-3;
const V0: f64 = 0.5;
/// NSGS tolerance of the chain (relative impulse change).
const SOLVER_TOL: f64 = 1e-14;
/// Velocity error allowed: a few times the tolerance, relative to v0.
const VEL_TOL: f64 = 1e-11;

fn params(e: f64) -> StepParams {
    StepParams {
        h: 1e-5,
        theta: 0.5,
        gravity: [0.0, 0.0],
        period: None,
        alert: 0.1 * R,
        law: ContactLawParams::dry(0.0, e),
        solver: SolverParams {
            tolerance: SOLVER_TOL,
            max_iterations: 100_000,
            ..SolverParams::default()
        },
    }
}

#[test]
fn newton_impact_on_a_floor_is_exact() {
    for e in [0.0, 0.3, 0.7, 1.0] {
        let floor = super::fixed_half_plane(true);
        let mut ball = Body::disk([0.0, R], R, 7800.0);
        ball.v = [0.0, -V0, 0.0];
        let mut sys = RigidAssembly::new(vec![floor, ball], params(e));
        let r = sys.step();
        assert_eq!(r.contacts, 1);
        let v = sys.bodies[1].v[1];
        assert!((v - e * V0).abs() <= 1e-15 * V0, "e = {e}: u⁺ = {v}");
        // Kinetic energy lost = ½m(1 − e²)v0², all of it heat (Eq. 10).
        let m = sys.bodies[1].mass;
        let lost = 0.5 * m * (1.0 - e * e) * V0 * V0;
        assert!(
            (r.heat - lost).abs() <= 1e-12 * 0.5 * m * V0 * V0,
            "heat {} vs {lost}",
            r.heat
        );
    }
}

#[test]
fn three_ball_chain_gives_the_simultaneous_impact_solution() {
    let bodies: Vec<Body> = (0..3)
        .map(|i| {
            let mut b = Body::disk([2.0 * R * i as f64, 0.0], R, 7800.0);
            if i == 0 {
                b.v[0] = V0;
            }
            b
        })
        .collect();
    let ke0: f64 = bodies.iter().map(Body::free_kinetic_energy).sum();
    let mut sys = RigidAssembly::new(bodies, params(1.0));
    let r = sys.step();
    assert!(r.solve.converged);
    let expected = [-V0 / 3.0, 2.0 * V0 / 3.0, 2.0 * V0 / 3.0];
    for (b, want) in sys.bodies.iter().zip(expected) {
        assert!(
            (b.v[0] - want).abs() <= VEL_TOL * V0,
            "{} vs {want}",
            b.v[0]
        );
        assert!(b.v[1].abs() <= VEL_TOL * V0);
    }
    let ke1: f64 = sys.bodies.iter().map(Body::free_kinetic_energy).sum();
    assert!((ke1 - ke0).abs() <= 2.0 * VEL_TOL * ke0, "KE {ke0} → {ke1}");
    // Later steps: balls 2 and 3 travel together, no further impulses.
    for _ in 0..20 {
        sys.step();
    }
    for (b, want) in sys.bodies.iter().zip(expected) {
        assert!((b.v[0] - want).abs() <= VEL_TOL * V0);
    }
}
