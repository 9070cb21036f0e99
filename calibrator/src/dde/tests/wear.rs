//! Wear measurement: debris detection against constructed states, and the sliding case.

use crate::dde::build::{Strength, add_body};
use crate::dde::fracture::fracture_overstressed;
use crate::dde::material::BrittleSolid;
use crate::dde::mesh::rectangle;
use crate::dde::sliding::{SlidingWearCase, run};
use crate::dde::system::{ElementAssembly, Support};
use crate::dde::vec2::V2;
use crate::dde::wear::{archard_k, debris};

/// Relative round-off of summed element masses.
const ROUND_OFF: f64 = 1e-12;

#[test]
fn debris_are_the_detached_components() {
    let mut sys = ElementAssembly::new(BrittleSolid::ZIRCONIA);
    // An anchored plate and a free flake: only the flake is debris.
    let plate = rectangle(V2::ZERO, V2::new(4e-6, 1e-6), 8, 2).unwrap();
    add_body(&mut sys, &plate, 0, Strength::Unbreakable, |p| {
        if p.y < 1e-9 {
            Support::FIXED
        } else {
            Support::FREE
        }
    })
    .unwrap();
    let flake = rectangle(V2::new(0.0, 2e-6), V2::new(1e-6, 0.5e-6), 2, 1).unwrap();
    add_body(&mut sys, &flake, 1, Strength::Unbreakable, |_| {
        Support::FREE
    })
    .unwrap();
    let d = debris(&sys);
    assert_eq!(d.areas.len(), 1);
    assert_eq!(d.sizes, vec![6]);
    assert!((d.total_area() - 0.5e-12).abs() < ROUND_OFF * 0.5e-12);
    // Cutting the plate's top-right cell free (all joints touching its elements broken)
    // makes its lone free element(s) debris, each with its Eq. 10 mass share.
    let corner = sys
        .elements
        .pos
        .iter()
        .position(|p| (p.x - 4e-6).abs() < 1e-12 && (p.y - 1e-6).abs() < 1e-12)
        .unwrap() as u32;
    for j in sys.interior.iter_mut() {
        if j.members.contains(&corner) {
            j.strength = 0.0;
        }
    }
    // Stress it so the zero-strength joints exceed their threshold.
    sys.elements.pos[corner as usize] += V2::new(1e-9, 1e-9);
    let pass = fracture_overstressed(&mut sys);
    assert!(pass.broken >= 1);
    let d = debris(&sys);
    let lone = sys.elements.mass[corner as usize] / sys.material.density;
    assert_eq!(d.areas.len(), 2);
    assert!((d.total_area() - 0.5e-12 - lone).abs() < ROUND_OFF * 0.5e-12);
}

#[test]
fn archard_k_is_dimensionless_ratio() {
    // W·H/(F_N·s): 1 µm² of wear at H = 10 GPa under 1 kN/m over 1 mm gives 1e-2.
    assert!((archard_k(1e-12, 1e10, 1e3, 1e-3) - 1e-2).abs() < 1e-15);
}

/// One sliding-wear case. `cargo test --release -p tribo-calibrator --lib
/// dde::tests::wear::sliding_case -- --ignored --nocapture`
#[test]
#[ignore = "physics run: seconds in release"]
fn sliding_case() {
    for p in [0.5e9, 1e9, 2e9] {
        let r = run(&SlidingWearCase::quick(p, 1, 0)).unwrap();
        println!(
            "p {p:e}: K {:.3e}, W {:.3e} m², friction work {:.3e} J/m, μ {:.3}, broken {}, elements {}, steps {}, last {:?}",
            r.k,
            r.worn_area,
            r.friction_work,
            r.mean_mu,
            r.broken,
            r.elements,
            r.steps,
            r.history.last()
        );
    }
}
