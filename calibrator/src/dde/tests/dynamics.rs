//! Elastodynamic oracles: plane-strain P and S wave speeds, energy conservation to the
//! integrator's order, momentum conservation.

use crate::dde::build::{Strength, add_body};
use crate::dde::integrate::{Events, Scheme, Stepper, stable_dt};
use crate::dde::material::BrittleSolid;
use crate::dde::mesh::rectangle;
use crate::dde::system::{ElementAssembly, Support};
use crate::dde::tests::joint::{irregular_pentagon, zirconia_system};
use crate::dde::vec2::V2;

/// Issue 16's tolerance on the recovered wave speeds.
const WAVE_SPEED_TOLERANCE: f64 = 0.02;

/// A bar of length `len` with a standing half-wave; `longitudinal` picks the P mode (motion
/// along x, y held) or the S mode (motion along y, x held). Returns the measured speed
/// L/(2 t₀) from the first zero t₀ of the modal amplitude.
#[allow(clippy::needless_range_loop)] // parallel per-element arrays indexed together
fn standing_wave_speed(longitudinal: bool) -> (f64, f64) {
    let mat = BrittleSolid::ZIRCONIA;
    let (len, height, nx, ny) = (4e-6, 0.2e-6, 80, 4);
    let mesh = rectangle(V2::ZERO, V2::new(len, height), nx, ny).unwrap();
    let mut sys = ElementAssembly::new(mat);
    let support = |p: V2| {
        let end = p.x < 1e-3 * len || p.x > len * (1.0 - 1e-3);
        Support {
            free_x: longitudinal && !end,
            free_y: !longitudinal && !end,
            drive: V2::ZERO,
        }
    };
    add_body(&mut sys, &mesh, 0, Strength::Unbreakable, support).unwrap();
    let k = std::f64::consts::PI / len;
    // Strain amplitude 1e-6: the SVK law is linear to 1e-6 relative.
    let amp = 1e-6 / k;
    let x0: Vec<V2> = sys.elements.pos.clone();
    for (p, x) in sys.elements.pos.iter_mut().zip(&x0) {
        let u = amp * (k * x.x).sin();
        if longitudinal {
            p.x += u;
        } else {
            p.y += u;
        }
    }
    let modal = |sys: &ElementAssembly| -> f64 {
        let (mut num, mut den) = (0.0, 0.0);
        for i in 0..sys.elements.len() {
            let s = (k * x0[i].x).sin();
            let u = sys.elements.pos[i] - x0[i];
            num += sys.elements.mass[i] * s * if longitudinal { u.x } else { u.y };
            den += sys.elements.mass[i] * s * s;
        }
        num / den
    };
    let dt = stable_dt(&sys, 0.05);
    let mut st = Stepper::new(Scheme::VelocityVerlet, dt, Events::NONE);
    let mut prev = modal(&sys);
    loop {
        st.step(&mut sys);
        let a = modal(&sys);
        if a <= 0.0 {
            let t0 = st.time - dt * a / (a - prev);
            let expected = if longitudinal {
                mat.p_wave_speed()
            } else {
                mat.s_wave_speed()
            };
            return (len / (2.0 * t0), expected);
        }
        prev = a;
        assert!(st.steps < 100_000, "no zero crossing");
    }
}

#[test]
#[allow(clippy::needless_range_loop)] // parallel per-element arrays indexed together
fn plane_strain_p_wave_speed() {
    let (c, expected) = standing_wave_speed(true);
    println!("c_P = {c} m/s, expected {expected} m/s");
    assert!(
        ((c - expected) / expected).abs() < WAVE_SPEED_TOLERANCE,
        "c_P = {c}, expected {expected}"
    );
}

#[test]
#[allow(clippy::needless_range_loop)] // parallel per-element arrays indexed together
fn shear_wave_speed() {
    let (c, expected) = standing_wave_speed(false);
    println!("c_S = {c} m/s, expected {expected} m/s");
    assert!(
        ((c - expected) / expected).abs() < WAVE_SPEED_TOLERANCE,
        "c_S = {c}, expected {expected}"
    );
}

/// A free irregular body with a smooth initial velocity field (strains ~1e-4).
fn vibrating_body() -> ElementAssembly {
    let mut sys = zirconia_system(&irregular_pentagon(0.2e-6));
    for (v, p) in sys.elements.vel.iter_mut().zip(&sys.elements.pos) {
        *v = V2::new((p.y * 7e6).sin(), (p.x * 5e6).cos()) * 0.5;
    }
    sys
}

/// Largest |E(t) − E(0)| over a fixed duration with step `fraction`·(stable scale).
fn energy_error(scheme: Scheme, fraction: f64) -> (f64, f64) {
    let mut sys = vibrating_body();
    let e0 = sys.mechanical_energy();
    let p0 = sys.momentum();
    let dt = stable_dt(&sys, fraction);
    let duration = 2000.0 * stable_dt(&sys, 0.1);
    let mut st = Stepper::new(scheme, dt, Events::NONE);
    let mut worst: f64 = 0.0;
    while st.time < duration {
        st.step(&mut sys);
        worst = worst.max((sys.mechanical_energy() - e0).abs());
    }
    // Internal forces cancel pairwise: momentum is conserved to round-off.
    let dp = (sys.momentum() - p0).norm();
    assert!(
        dp < 1e-9 * sys.elements.mass.iter().sum::<f64>(),
        "Δp = {dp}"
    );
    (worst / e0, e0)
}

#[test]
#[allow(clippy::needless_range_loop)] // parallel per-element arrays indexed together
fn verlet_energy_error_is_second_order() {
    let (coarse, _) = energy_error(Scheme::VelocityVerlet, 0.2);
    let (fine, _) = energy_error(Scheme::VelocityVerlet, 0.1);
    let ratio = coarse / fine;
    // Halving Δt divides a second-order error by 4 (window 3–5 for the asymptotic regime).
    println!("Verlet energy error {coarse:e} → {fine:e}, ratio {ratio}");
    assert!(coarse < 1e-2, "relative energy error {coarse}");
    assert!((3.0..5.0).contains(&ratio), "ratio {ratio}");
}

#[test]
#[allow(clippy::needless_range_loop)] // parallel per-element arrays indexed together
fn adams_bashforth_energy_error_is_fifth_order_on_oscillations() {
    let (coarse, _) = energy_error(Scheme::AdamsBashforth4, 0.04);
    let (fine, _) = energy_error(Scheme::AdamsBashforth4, 0.02);
    let ratio = coarse / fine;
    // AB4 is fourth order in the state, but on undamped oscillations (z = iωΔt) its O(z⁵)
    // local error is a pure phase error; the amplitude (energy) error comes from the O(z⁶)
    // term, so over a fixed time it scales as Δt⁵: halving Δt divides it by 32 (window 20–45).
    println!("AB4 energy error {coarse:e} → {fine:e}, ratio {ratio}");
    assert!(
        (20.0..45.0).contains(&ratio),
        "ratio {ratio}, coarse {coarse}"
    );
}
