//! Remeshing (§3.5): forces on every element and the strain energy are unchanged.

use crate::dde::incline::{BLOCK, InclineCase, build};
use crate::dde::remesh::REMESH_TOLERANCE;
use crate::dde::remesh_exact::remesh_contacts;
use crate::dde::vec2::V2;

#[test]
fn remeshing_keeps_forces_and_strain_energy() {
    check_remeshing(0.0, 3);
}

#[test]
fn remeshing_under_non_uniform_strain_keeps_the_invariants() {
    // The seed's shared-diagonal form solved none of these pairs; with independent
    // references (`remesh_exact`) all 10 admissible pairs are solved (measured).
    check_remeshing(0.03, 10);
}

/// Slides the block back so the interface's diagonals are the long ones, perturbs every
/// element by `noise`·h, remeshes, and checks the invariants; at least `min_pairs` pairs.
fn check_remeshing(noise: f64, min_pairs: usize) {
    let case = InclineCase::seed(0.3, 0.3);
    let mut sys = build(&case).unwrap();
    let h = case.spacing;
    // Shear the interface by sliding the block 0.9 h back (its nodes started half a spacing
    // ahead of the plane's) and pressing it 0.05 h down: the current diagonals become the long
    // ones of their quadrilaterals.
    for i in 0..sys.elements.len() {
        if sys.elements.body[i] == BLOCK {
            sys.elements.pos[i] += V2::new(-0.9 * h, -0.05 * h);
        }
        let k = i as f64;
        sys.elements.pos[i] += V2::new((7.0 * k).sin(), (11.0 * k).cos()) * (noise * h);
    }
    let mut before = Vec::new();
    let u0 = sys.forces(&mut before);
    let joints = sys.contact.len();
    let n = remesh_contacts(&mut sys);
    let mut after = Vec::new();
    let u1 = sys.forces(&mut after);
    println!("remeshed {n} pairs of {joints} joints; U {u0:e} → {u1:e}");
    assert!(n >= min_pairs, "only {n} pairs remeshed");
    assert_eq!(sys.contact.len(), joints);
    let scale = before.iter().map(|f| f.norm()).fold(0.0, f64::max);
    // The solve meets each pair's residual to REMESH_TOLERANCE relative to its own scales;
    // summed over pairs the system stays within 100× of it.
    for (a, b) in before.iter().zip(&after) {
        assert!(
            (*a - *b).norm() < 100.0 * REMESH_TOLERANCE * scale,
            "{a:?} vs {b:?}"
        );
    }
    assert!(((u1 - u0) / u0).abs() < 100.0 * REMESH_TOLERANCE);
}

/// Why §3.5.3's six equations have no solution in general (see `remesh`): forces and strain
/// energy of a joint do not change when its reference edges are rotated together (objectivity
/// of the reference: F → FQᵀ leaves FᵀF… up to QᵀEQ, the same σ and U). The two new joints
/// share their diagonal's reference, so a common rotation of w₃₁, w₃₂, w₄₁ leaves all six
/// residuals unchanged: only 5 of the 6 unknowns act on 6 independent equations.
#[test]
fn a_common_rotation_of_the_references_changes_neither_forces_nor_energy() {
    use crate::dde::joint::{JointReference, respond};
    use crate::dde::material::BrittleSolid;
    let lame = BrittleSolid::ZIRCONIA.lame();
    let p = [
        V2::new(0.0, 0.0),
        V2::new(1.1e-6, 0.05e-6),
        V2::new(0.2e-6, 0.9e-6),
    ];
    let r = JointReference::try_new(V2::new(-1.0e-6, 1.0e-6), V2::new(0.0, -1.0e-6)).unwrap();
    let rot = |v: V2, t: f64| V2::new(t.cos() * v.x - t.sin() * v.y, t.sin() * v.x + t.cos() * v.y);
    let a = respond(p, &r, &lame);
    for t in [1e-3, 0.3, 2.0] {
        let rr = JointReference::try_new(rot(r.w1, t), rot(r.w2, t)).unwrap();
        let b = respond(p, &rr, &lame);
        let scale = a.forces.iter().map(|f| f.norm()).fold(0.0, f64::max);
        for k in 0..3 {
            // Round-off of the 2×2 products.
            assert!((a.forces[k] - b.forces[k]).norm() < 1e-10 * scale);
        }
        assert!((a.energy - b.energy).abs() < 1e-10 * a.energy);
    }
}

/// Remeshing during a slide (§3.5 in the time loop): the quick sliding case on a 20-cell mesh,
/// unbreakable joints (remeshing alone changes the contact joints), slid L/8, pairs tried when
/// a joint has an obtuse angle. With the default policy (exact solve with independent
/// references; a pair without an exact remesh is kept) every event keeps its pair's forces and
/// energy to the solver tolerance; with the least-squares shared-diagonal fallback on, every
/// exact event keeps its pair's
/// forces and energy to the solver tolerance; every failure of the exact solve is a pair with
/// no solution (old energy below the force-keeping family's minimum), never a Newton failure.
/// Measured figures in docs/fretting.md ("Remeshing in the time loop").
#[test]
fn exact_remeshing_during_a_slide() {
    use crate::dde::build::Strength;
    use crate::dde::remesh_in_loop::RemeshPolicy;
    use crate::dde::sliding::{SlidingWearCase, run, run_with_remeshing};
    let mut case = SlidingWearCase::quick(2e8, 1, 0);
    case.spacing = case.length / 20.0;
    case.sliding = case.length / 8.0;
    case.strength = Strength::Unbreakable;
    let exact_only = RemeshPolicy::default();
    let (r_exact, log_exact) = run_with_remeshing(&case, Some(exact_only)).unwrap();
    let policy = RemeshPolicy {
        fallback: true,
        ..exact_only
    };
    let (r, log) = run_with_remeshing(&case, Some(policy)).unwrap();
    let least_squares = RemeshPolicy {
        exact: false,
        ..policy
    };
    let (r_ls, log_ls) = run_with_remeshing(&case, Some(least_squares)).unwrap();
    let plain = run(&case).unwrap();
    println!(
        "exact only (default): {log_exact:?}\nexact + fallback: {log:?}\nleast squares only: \
         {log_ls:?}\nsteps {}, mean μ {:.4} (exact only {:.4}, least squares only {:.4}, \
         without remeshing {:.4})",
        r.steps, r.mean_mu, r_exact.mean_mu, r_ls.mean_mu, plain.mean_mu
    );
    // The default keeps a pair it cannot remesh exactly: every event to the solver tolerance.
    assert!(
        log_exact.events > 0 && log_exact.fallbacks == 0,
        "{log_exact:?}"
    );
    assert!(log_exact.max_force_residual < REMESH_TOLERANCE);
    assert!(log_exact.max_energy_residual < REMESH_TOLERANCE);
    assert!((r_exact.mean_mu / plain.mean_mu - 1.0).abs() < 0.01);
    // Exact events on loaded pairs, not only flips of pairs at rest.
    assert!(log.events > log.fallbacks + log.at_rest, "{log:?}");
    // Exact events: forces and energy of the pair unchanged to the solver tolerance.
    assert!(log.max_force_residual < REMESH_TOLERANCE);
    assert!(log.max_energy_residual < REMESH_TOLERANCE);
    // Fallback events: bounded by the least-squares acceptance.
    assert!(log.max_fallback_force_residual <= policy.accept);
    assert!(log.max_fallback_energy_residual <= policy.accept);
    // The exact solve fails only where no solution exists (energy or forces).
    assert_eq!(
        log.exact_failures,
        log.below_family_minimum + log.forces_unmatched,
        "{log:?}"
    );
    // The seed's shared diagonal alone: no exact solution, its accepted residuals far above
    // the solver tolerance.
    assert!(log_ls.events > 0 && log_ls.max_force_residual > 1e3 * REMESH_TOLERANCE);
    // Remeshing must not change the friction the slide measures: within 1 % (the drive
    // force is sampled every step, its noise is ≈ 0.1 %; the contact network differs).
    assert!((r.mean_mu / plain.mean_mu - 1.0).abs() < 0.01);
}

/// Energy conservation with remeshing on (issue 16: "energy is conserved without fracture or
/// friction to the integrator's order"): the incline interface slid 0.9 h back so its
/// diagonals are the long ones, contact joints re-referenced at rest there with their w₁ edge
/// (the diagonal of the pairs remeshing looks at) lengthened by `prestress` in joints with two
/// members on the block and shortened by it in the others (a self-stress along the
/// diagonals), every element displaced by a non-uniform `noise`·h, released under gravity;
/// velocity Verlet without contact events (contact joints are permanent elastic bonds: no
/// friction, no fracture, no joint formed or broken), the skewed pairs remeshed (exact, with
/// the least-squares fallback) after every step. Returns the largest |E(t) − E(0)| over a fixed duration relative
/// to the largest kinetic energy of the run, and the remeshing log.
fn energy_error_with_remeshing(
    fraction: f64,
    remesh: bool,
    prestress: f64,
    noise: f64,
) -> (f64, crate::dde::remesh_in_loop::RemeshLog) {
    use crate::dde::integrate::{Events, Scheme, Stepper, stable_dt};
    use crate::dde::joint::JointReference;
    use crate::dde::remesh_in_loop::{RemeshLog, RemeshPolicy, remesh_skewed};
    let case = InclineCase::seed(0.3, 0.3);
    let mut sys = build(&case).unwrap();
    let h = case.spacing;
    for i in 0..sys.elements.len() {
        if sys.elements.body[i] == BLOCK {
            sys.elements.pos[i] += V2::new(-0.9 * h, 0.0);
        }
    }
    for j in 0..sys.contact.len() {
        let p = sys.elements.triangle(sys.contact[j].members);
        let r = JointReference::try_from_positions(p).unwrap();
        let in_block = sys.contact[j]
            .members
            .iter()
            .filter(|&&m| sys.elements.body[m as usize] == BLOCK)
            .count();
        let sign = if in_block == 2 { 1.0 } else { -1.0 };
        sys.contact[j].reference =
            JointReference::try_new(r.w1 * (1.0 + sign * prestress), r.w2).unwrap();
    }
    for i in 0..sys.elements.len() {
        let k = i as f64;
        sys.elements.pos[i] += V2::new((7.0 * k).sin(), (11.0 * k).cos()) * (noise * h);
    }
    // With the fallback: without pre-stress no exact remesh exists, and the events are the
    // least-squares ones (with the default, exact only, there would be none to test).
    let policy = RemeshPolicy {
        fallback: true,
        ..RemeshPolicy::default()
    };
    let mut log = RemeshLog::default();
    let e0 = sys.mechanical_energy();
    let dt = stable_dt(&sys, fraction);
    let duration = 400.0 * stable_dt(&sys, 0.1);
    let mut st = Stepper::new(Scheme::VelocityVerlet, dt, Events::NONE);
    let (mut worst, mut kinetic): (f64, f64) = (0.0, 0.0);
    while st.time < duration {
        st.step(&mut sys);
        if remesh {
            remesh_skewed(&mut sys, &policy, &mut log);
        }
        worst = worst.max((sys.mechanical_energy() - e0).abs());
        kinetic = kinetic.max(sys.kinetic_energy());
    }
    (worst / kinetic, log)
}

/// Without pre-stress the exact solve finds no solution (old energy below the family's
/// minimum) and the events are least-squares fallbacks; with a 1 % self-stress along the
/// diagonals every event is exact. Either way the energy error is Verlet's.
#[test]
fn remeshing_keeps_energy_conserved_to_the_integrators_order() {
    for (prestress, all_exact) in [(0.0, false), (0.01, true)] {
        let (off, _) = energy_error_with_remeshing(0.2, false, prestress, 0.01);
        let (coarse, log_coarse) = energy_error_with_remeshing(0.2, true, prestress, 0.01);
        let (fine, log_fine) = energy_error_with_remeshing(0.1, true, prestress, 0.01);
        println!(
            "pre-stress {prestress}: energy error / max kinetic without remeshing {off:.3e}; \
             with {coarse:.3e} (Δt) → {fine:.3e} (Δt/2), ratio {:.2}\n{log_coarse:?}\n\
             {log_fine:?}",
            coarse / fine
        );
        assert!(log_coarse.events > 0 && log_fine.events > 0);
        if all_exact {
            assert_eq!(log_coarse.fallbacks + log_fine.fallbacks, 0);
        }
        // Velocity Verlet: energy error O(Δt²), ×4 per halved step (measured 4.18 and 4.01).
        assert!((3.0..5.3).contains(&(coarse / fine)), "{}", coarse / fine);
        // Remeshing adds nothing the integrator would notice: within 5 % of the run without
        // it (measured 0.7 % and 2.5 %; the runs differ by their contact network after the
        // first event).
        assert!((coarse / off - 1.0).abs() < 0.05, "{coarse} vs {off}");
    }
}
