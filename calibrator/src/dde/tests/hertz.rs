//! Hertz line contact: the moment half-width against the closed form b = √(4PR/(πE*)).

use crate::dde::hertz::{Counterface, HertzCase, hertz_half_width, hertz_load, run, strip_of};
use crate::dde::material::BrittleSolid;

/// The second moment of an elliptic distribution sampled at n nodes over ±b (midpoint rule)
/// converges as O(1/n²): 400 nodes give b to 1e-4.
const SAMPLED_MOMENT: f64 = 1e-4;

#[test]
fn moment_half_width_of_an_elliptic_pressure_is_b() {
    let (b, x0, n) = (3e-6, 1e-6, 400);
    let dx = 2.0 * b / n as f64;
    let forces: Vec<(f64, f64)> = (0..n)
        .map(|i| {
            let x = -b + (i as f64 + 0.5) * dx;
            (x0 + x, (1.0 - (x / b).powi(2)).sqrt() * dx)
        })
        .collect();
    let s = strip_of(&forces);
    assert!((s.half_width / b - 1.0).abs() < SAMPLED_MOMENT, "{s:?}");
    assert!((s.centre - x0).abs() < SAMPLED_MOMENT * b);
    // P = π b p₀ / 2 with p₀ = 1.
    assert!((s.load / (std::f64::consts::PI * b / 2.0) - 1.0).abs() < SAMPLED_MOMENT);
    let e = BrittleSolid::ZIRCONIA.plane_strain_modulus();
    assert!((hertz_half_width(hertz_load(b, 1e-3, e), 1e-3, e) / b - 1.0).abs() < 1e-12);
}

/// At h = b/3 the strip holds 7 loaded nodes: the penalty plane (no contact joints) gives
/// b/b_H = 1.070 there, the O(h) discretisation error of the cap; the mirror cap's contact
/// joints add ≈ 3 % (1.101 measured). The band says "Hertz's b at 7 nodes": 15 %.
const COARSE_BAND: f64 = 0.15;
/// Static equilibrium: the counterface's reaction equals the applied load after the hold
/// (clamped flat and penalty plane: 1e-4 measured).
const EQUILIBRIUM: f64 = 0.01;
/// The mirror cap ends its hold with the upper cap still creeping down: the mass-proportional
/// damping's drag ξMv takes 0.8–1.3 % of P (measured at b/h = 12 … 3); b_H uses the load the
/// strip carries, so b/b_H is unaffected.
const MIRROR_EQUILIBRIUM: f64 = 0.015;

#[test]
fn hertz_half_width_on_a_coarse_mesh() {
    let r = run(&HertzCase {
        counterface: Counterface::MirrorCap,
        ..HertzCase::new(3.0)
    })
    .unwrap();
    println!("{r:?}");
    assert!((r.strip.load / r.applied_load - 1.0).abs() < MIRROR_EQUILIBRIUM);
    let ratio = r.strip.half_width / r.hertz_half_width;
    assert!((ratio - 1.0).abs() < COARSE_BAND, "b/b_H = {ratio}");
}

/// Issue 16: within 3 % at the finest mesh.
const FINEST_TOLERANCE: f64 = 0.03;

/// Mesh study of the Hertz half-width against the requirement, on the two
/// counterfaces that are a frictionless rigid plane for the cap: the mirror cap (contact
/// joints, §3.3) and the penalty plane (no contact joints). Measured b/b_H at b/h = 3 / 6 /
/// 12: mirror 1.101 / 1.020 / 1.018, penalty 1.070 / 1.039 / 1.022. (A clamped flat gives
/// 1.108 / 1.156 / 1.169: its nodes cannot follow the cap's inward slip, see `hertz`.) Run
/// with `cargo test --release -p tribo-calibrator --lib dde::tests::hertz::hertz_mesh_study --
/// --ignored --nocapture` (≈ 35 s alone).
#[test]
#[ignore = "≈ 35 s in release"]
fn hertz_mesh_study() {
    for (counterface, equilibrium) in [
        (Counterface::MirrorCap, MIRROR_EQUILIBRIUM),
        (Counterface::PenaltyPlane, EQUILIBRIUM),
    ] {
        let mut errors = Vec::new();
        for cells in [3.0, 6.0, 12.0] {
            let r = run(&HertzCase {
                counterface,
                ..HertzCase::new(cells)
            })
            .unwrap();
            let ratio = r.strip.half_width / r.hertz_half_width;
            println!(
                "{counterface:?} b/h = {cells}: elements {}, steps {}, P/P_applied = {:.4}, loaded nodes {}, b = {:.4e} m, b_Hertz = {:.4e} m, ratio {ratio:.4}",
                r.elements,
                r.steps,
                r.strip.load / r.applied_load,
                r.strip.nodes,
                r.strip.half_width,
                r.hertz_half_width
            );
            assert!((r.strip.load / r.applied_load - 1.0).abs() < equilibrium);
            errors.push((ratio - 1.0).abs());
        }
        assert!(errors[2] < FINEST_TOLERANCE, "finest error {}", errors[2]);
        assert!(errors[2] < errors[0], "no convergence: {errors:?}");
    }
}

/// Probe (prints only): the half-width against each counterface at
/// b/h = 3 / 6 / 12, and at `PROBE_CELLS` the pressure profile, the cap surface's
/// displacement and the contact joints' formation gaps. `cargo test --release -p
/// tribo-calibrator --lib dde::tests::hertz::hertz_probe -- --ignored --nocapture`.
#[test]
#[ignore = "probe, ≈ 1 min in release"]
fn hertz_probe() {
    use crate::dde::hertz::run_to_state;
    use crate::dde::hertz_probe::{joint_gaps, pressure_profile, surface_displacement};
    let probe_cells: f64 = std::env::var("PROBE_CELLS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(12.0);
    for counterface in [
        Counterface::PenaltyPlane,
        Counterface::MirrorCap,
        Counterface::ClampedFlat,
    ] {
        for cells in [3.0, 6.0, 12.0] {
            let case = HertzCase {
                counterface,
                ..HertzCase::new(cells)
            };
            let (r, st) = run_to_state(&case).unwrap();
            println!(
                "{counterface:?} b/h = {cells}: P/P_applied = {:.4}, nodes {}, b/b_H = {:.4}, top descent {:.4e} m",
                r.strip.load / r.applied_load,
                r.strip.nodes,
                r.strip.half_width / r.hertz_half_width,
                r.top_descent
            );
            if cells != probe_cells {
                continue;
            }
            let (h, b) = (case.spacing, r.hertz_half_width);
            for s in pressure_profile(&st, h, b) {
                println!(
                    "  p: x/b {:+.3} p/p0 {:.3} hertz {:.3}",
                    s.x_over_b, s.pressure, s.hertz
                );
            }
            for (x, u) in surface_displacement(&st, h, b, 2.0) {
                println!("  u: x0/b {x:+.3} ux/h {:+.4} uy/h {:+.4}", u.x, u.y);
            }
            for g in joint_gaps(&st, h, b) {
                println!(
                    "  j: x/b {:+.3} formed/h {:.4} now/h {:.4} along {:+.3} edge_on_cap {}",
                    g.x_over_b, g.formed_gap, g.gap, g.along, g.edge_on_cap
                );
            }
        }
    }
}
