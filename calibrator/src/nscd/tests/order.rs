//! Sweep orders and solver statistics. Oracle: a column of disks resting on a floor, created
//! top first, carries at the contact under the k-th disk from the top the weight of k disks,
//! P_n = k·m·g·h, whatever order NSGS visits the contacts in; the layered order visits them
//! by height. The statistics count what they are given.

use crate::nscd::body::Body;
use crate::nscd::local_law::ContactLawParams;
use crate::nscd::nsgs::{NsgsReport, SolverParams, SweepOrder};
use crate::nscd::system::{RigidAssembly, SWEEP_CLASS_EDGES, SolverStats, StepParams};

const G: f64 = 9.81;
const RADIUS: f64 = 1e-3;
const H: f64 = 1e-3;
const DISKS: usize = 8;
/// NSGS tolerance; the impulses are compared with the closed form to a few times it.
const SOLVER_TOL: f64 = 1e-12;

fn column(order: SweepOrder) -> RigidAssembly {
    let floor = super::fixed_half_plane(true);
    let mut bodies = vec![floor];
    // Top first: body index grows downwards, against the load path.
    for k in (0..DISKS).rev() {
        bodies.push(Body::disk(
            [0.0, RADIUS * (1.0 + 2.0 * k as f64)],
            RADIUS,
            2500.0,
        ));
    }
    let params = StepParams {
        h: H,
        theta: 0.5,
        gravity: [0.0, -G],
        period: None,
        alert: 0.1 * RADIUS,
        law: ContactLawParams::dry(0.5, 0.0),
        solver: SolverParams {
            tolerance: SOLVER_TOL,
            max_iterations: 100_000,
            order,
            ..SolverParams::default()
        },
    };
    RigidAssembly::new(bodies, params)
}

#[test]
fn a_resting_column_carries_the_weight_above_each_contact_in_every_sweep_order() {
    for order in [
        SweepOrder::Forward,
        SweepOrder::Alternating,
        SweepOrder::Layered,
    ] {
        let mut sys = column(order);
        let r = sys.step();
        assert!(r.solve.converged, "{order:?}: {:?}", r.solve);
        assert_eq!(r.contacts, DISKS);
        let m = sys.bodies[1].mass;
        for (c, p) in sys.contacts.iter().zip(&sys.impulses) {
            // Disks whose centre is above the contact point.
            let y = sys.bodies[c.a].q[1] + c.lever_a[1];
            let above = sys.bodies[1..].iter().filter(|b| b.q[1] > y).count();
            let want = above as f64 * m * G * H;
            assert!(
                (p[0] - want).abs() <= 10.0 * SOLVER_TOL * want * DISKS as f64,
                "{order:?}: P_n {} vs {want}",
                p[0]
            );
            assert!(p[1].abs() <= 1e-12 * want, "no friction at rest");
        }
        println!("{order:?}: {} sweeps", r.solve.iterations);
        if order == SweepOrder::Layered {
            let height = |c: &crate::nscd::contact::Contact| sys.bodies[c.a].q[1] + c.lever_a[1];
            assert!(
                sys.contacts
                    .windows(2)
                    .all(|w| height(&w[0]) <= height(&w[1])),
                "layered contacts are sorted bottom to top"
            );
        }
    }
}

#[test]
fn solver_statistics_count_classes_and_the_excess_at_the_cap() {
    let mut s = SolverStats::default();
    let tol = 1e-4;
    for (iterations, residual, converged) in [
        (1, 0.0, true),
        (25, 1e-5, true),
        (26, 1e-5, true),
        (1600, 1e-5, true),
        (2000, 3e-4, false),
        (2000, 5e-4, false),
    ] {
        let r = NsgsReport {
            iterations,
            residual,
            converged,
        };
        s.record(&r, 10, tol);
    }
    assert_eq!(s.steps, 6);
    assert_eq!(s.not_converged, 2);
    assert_eq!(s.iterations, 1 + 25 + 26 + 1600 + 4000);
    assert_eq!(s.contact_iterations, 10 * s.iterations);
    assert_eq!(s.sweep_histogram, [2, 1, 0, 0, 0, 0, 1, 2]);
    assert_eq!(s.sweep_histogram.len(), SWEEP_CLASS_EDGES.len() + 1);
    assert!((s.mean_capped_excess() - 4.0).abs() < 1e-12);
    let mut t = s;
    t.add(&s);
    assert_eq!(t.steps, 12);
    assert_eq!(t.sweep_histogram, [4, 2, 0, 0, 0, 0, 2, 4]);
    assert!((t.not_converged_fraction() - 1.0 / 3.0).abs() < 1e-15);
}
