//! Remeshing (§3.5): forces on every element and the strain energy are unchanged.

use super::incline::{BLOCK, InclineCase, build};
use super::remesh::{REMESH_TOLERANCE, remesh_contacts};
use super::vec2::V2;

#[test]
fn remeshing_keeps_forces_and_strain_energy() {
    check_remeshing(0.0, 3);
}

#[test]
fn remeshing_under_non_uniform_strain_never_breaks_the_invariants() {
    // Pairs whose six equations have no solution are kept: whatever is remeshed must still
    // keep forces and energy (the count may be 0, see remesh.rs).
    check_remeshing(0.03, 0);
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
