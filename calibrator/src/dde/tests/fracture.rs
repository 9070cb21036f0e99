//! Fracture (Eq. 16): momentum conservation through fracture, and the centre-cracked plate.

use crate::dde::build::{CRACK_BAND_WIDTH, Strength, add_body};
use crate::dde::cracked_plate::{CrackedPlate, run};
use crate::dde::integrate::{Events, Scheme, Stepper, stable_dt};
use crate::dde::material::BrittleSolid;
use crate::dde::mesh::rectangle;
use crate::dde::system::{ElementAssembly, Support};
use crate::dde::vec2::V2;

#[test]
fn fracture_conserves_linear_and_angular_momentum() {
    // A free bar spun and stretched hard enough to break into pieces.
    let mesh = rectangle(V2::new(-1e-6, -0.1e-6), V2::new(2e-6, 0.2e-6), 20, 2).unwrap();
    let mut sys = ElementAssembly::new(BrittleSolid::ZIRCONIA);
    add_body(&mut sys, &mesh, 0, Strength::FlawFraction(0.5), |_| {
        Support::FREE
    })
    .unwrap();
    for (v, p) in sys.elements.vel.iter_mut().zip(&sys.elements.pos) {
        // Stretch (x-velocity ∝ x: strain rate 1e9/s) + spin + drift.
        *v = V2::new(1e9 * p.x + 3.0, 4e8 * p.x - 2.0);
    }
    let p0 = sys.momentum();
    let l0 = sys.angular_momentum();
    let dt = stable_dt(&sys, 0.4);
    let mut st = Stepper::new(Scheme::VelocityVerlet, dt, Events::ALL);
    let (mut max_dp, mut max_dl) = (0.0f64, 0.0f64);
    for _ in 0..3000 {
        st.step(&mut sys);
        max_dp = max_dp.max((sys.momentum() - p0).norm());
        max_dl = max_dl.max((sys.angular_momentum() - l0).abs());
    }
    let m: f64 = sys.elements.mass.iter().sum();
    assert!(sys.dissipation.fracture > 0.0, "nothing broke");
    println!(
        "broken {} joints of {}, |Δp| {max_dp:e}, |ΔL| {max_dl:e}",
        80 - sys.interior.len(),
        80
    );
    // Round-off of sums of ~100 terms of magnitude m·v (v ≤ 1e3 m/s): 1e-12 relative.
    assert!(max_dp < 1e-12 * m * 1e3, "Δp = {max_dp:e}");
    assert!(max_dl < 1e-12 * m * 1e3 * 1e-6, "ΔL = {max_dl:e}");
}

/// Eq. 16 with a = c·√A_j: the threshold scales as h^(−1/2), and so does the tip stress of a
/// slot resolved by joints of size h, so the apparent toughness σ√(πa sec(πa/W)) is
/// mesh-independent; the constant depends on c (0.82 K_Ic at c = ½ on 24–96 cells, see the
/// mesh study below).
const MESH_INDEPENDENCE: f64 = 0.05;
/// LEFM oracle band at c = ½ (an uncalibrated flaw fraction: the seed says "some fraction").
const LEFM_BAND: f64 = 0.25;

#[test]
fn centre_cracked_plate_breaks_near_k_ic_independently_of_the_mesh() {
    let coarse = run(&CrackedPlate::new(24)).unwrap();
    let fine = run(&CrackedPlate::new(48)).unwrap();
    println!("{coarse:?}\n{fine:?}");
    assert!(coarse.broken > 0 && fine.broken > 0);
    assert!(((coarse.k_ratio - fine.k_ratio) / fine.k_ratio).abs() < MESH_INDEPENDENCE);
    assert!((fine.k_ratio - 1.0).abs() < LEFM_BAND);
    // Fracture dissipation per unit crack length is mesh-independent too, below G_c (only the
    // broken joint's own energy is booked; the rest of the release goes to waves).
    let ratio = coarse.joint_energy_per_length / fine.joint_energy_per_length;
    assert!(
        (ratio - 1.0).abs() < 2.0 * MESH_INDEPENDENCE,
        "ratio {ratio}"
    );
    assert!(fine.joint_energy_per_length < fine.g_c);
}

/// The crack band's width came from the Eq. 16 plates' booked energy (337 J/m² at β = π) by
/// the σ_ft² scaling; this checks that scaling on a run it was not read from (the 96-cell
/// plate booked 314, so ≈ 7 % spread is the mesh's own).
const CRACK_BAND_ENERGY: f64 = 0.10;

#[test]
fn crack_band_plate_books_g_c_per_unit_crack_length() {
    let r = run(&CrackedPlate {
        strength: Strength::CrackBand(CRACK_BAND_WIDTH),
        ..CrackedPlate::new(24)
    })
    .unwrap();
    println!("{r:?}");
    assert!(r.broken > 0);
    let ratio = r.joint_energy_per_length / r.g_c;
    assert!(
        (ratio - 1.0).abs() < CRACK_BAND_ENERGY,
        "E/Δl / G_c = {ratio}"
    );
}

/// Mesh convergence of the cracked plate (issue 16 item 4). Run with
/// `cargo test --release -p tribo-calibrator --lib dde::tests::fracture::cracked_plate_mesh_study -- --ignored --nocapture`.
#[test]
#[ignore = "mesh study: ~25 s in release"]
fn cracked_plate_mesh_study() {
    for (cells, strength) in [24, 48, 96].into_iter().flat_map(|c| {
        [
            (c, Strength::FlawFraction(0.5)),
            (c, Strength::CrackBand(CRACK_BAND_WIDTH)),
        ]
    }) {
        let r = run(&CrackedPlate {
            strength,
            ..CrackedPlate::new(cells)
        })
        .unwrap();
        println!(
            "{strength:?} cells {cells}: h = {:.3e} m, σ_init = {:.4e} Pa, K/K_Ic = {:.4}, E_frac/Δl = {:.1} J/m² (G_c {:.0}), broken {}",
            r.spacing,
            r.stress_at_initiation,
            r.k_ratio,
            r.joint_energy_per_length,
            r.g_c,
            r.broken
        );
    }
}
