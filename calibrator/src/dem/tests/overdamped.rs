//! The overdamped integrator ([`super::super::overdamped`]) against oracles: backward Euler's
//! closed form and first order on a penalty relaxation, the closed-form force split of a flake
//! pushed along by a moving frictionless wedge, convergence in the step tolerance, the flow of
//! a free flake, bit-identical reruns.

use crate::surface::HeightMap;

use super::super::drag::DragFrame;
use super::super::overdamped::{NewtonMatrix, OverdampedOptions};
use super::super::params::DemParams;
use super::super::quaternion::{Quat, norm, sub};
use super::super::regime::Scheme;
use super::super::rigid_body::{Damping, Flake};
use super::super::system::DemSystem;
use super::{bumpy, mean_contact_forces, params, shape};

/// Presets' drag rate γ = η/m \[1/s\].
const GAMMA: f64 = 1e8;
/// Penalty stiffness of the presets at 0.08 m/s (Hertz at 0.1 m/s) \[N/m\].
const K: f64 = 165.0;

fn overdamped(tolerance: f64, max_step: f64) -> Scheme {
    Scheme::Overdamped(OverdampedOptions {
        tolerance,
        max_step,
        newton: NewtonMatrix::GaussNewton,
        event_depth: f64::INFINITY,
    })
}

/// A flat flake whose lower pole sits `depth` below the single floor node under it (one node
/// per 20 µm: no other node under the flake; tool 1 mm above), tool at rest, sheet frame.
fn relaxing_flake(depth: f64, h: f64, duration: f64) -> DemSystem {
    let s = shape();
    let (n, big) = (2, 20e-6);
    let def = HeightMap::flat(n, n, big, big, 0.0);
    let tool = HeightMap::flat(n, n, big, big, 0.0);
    let mut p = params(
        K,
        duration,
        Damping::uniform_relaxation(GAMMA * s.mass(), &s),
        0.0,
    );
    // Tolerance far above every local error: the steps are exactly h.
    p.integrator = overdamped(1.0, h);
    let f = Flake::at_rest([0.0, 0.0, s.c - depth], Quat::IDENTITY);
    DemSystem::new(p, def, tool, 1e-3, vec![f]).unwrap()
}

#[test]
fn a_penalty_relaxation_is_backward_euler_exactly_and_first_order_in_the_step() {
    // η·ṫ = −k·t for the depth t of the node under the pole (the sided depth is exact there
    // and linear in z, so each Newton solve is exact): t(T) = t₀·e^{−kT/η}; backward Euler
    // gives t₀·(1 + k·h/η)^{−T/h}, whose error is first order in h.
    /// Round-off of a few hundred steps on depths of 10 nm.
    const EXACT_TOL: f64 = 1e-9;
    let s = shape();
    let eta = GAMMA * s.mass();
    let rate = K / eta;
    let (t0, duration) = (10e-9, 3.0 / rate);
    let mut errors = Vec::new();
    for steps in [25usize, 50, 100, 200] {
        let h = duration / steps as f64;
        let mut sys = relaxing_flake(t0, h, duration);
        let taken = sys.advance_by_steps(1);
        assert_eq!(taken, steps);
        let depth = s.c - sys.flakes()[0].position[2];
        let euler = t0 * (1.0 + rate * h).powi(-(steps as i32));
        assert!(
            (depth - euler).abs() < EXACT_TOL * t0,
            "{steps} steps: {depth:e} vs backward Euler {euler:e}"
        );
        let exact = t0 * (-rate * duration).exp();
        errors.push(depth - exact);
        // No lateral motion or rotation from a node under the pole.
        let f = sys.flakes()[0];
        assert!(f.position[0].abs() < 1e-18 && f.orientation == Quat::IDENTITY);
    }
    // First order: halving h halves the error (the O(h²) remainder is 1–6 % at these steps).
    for w in errors.windows(2) {
        let ratio = w[0] / w[1];
        assert!(
            (1.9..2.1).contains(&ratio),
            "error ratio {ratio} ({errors:?})"
        );
    }
}

/// A free flake mid-gap in the lubricant's Couette flow moves with it exactly (no contact, the
/// target is frozen over a step and constant here: backward Euler is exact).
#[test]
fn a_free_flake_is_carried_by_the_couette_flow_at_its_height() {
    const ROUND_OFF: f64 = 1e-12;
    let s = shape();
    let (n, dx, gap, v0) = (32, 2e-6, 8e-6, 0.08);
    let mut p = params(
        K,
        1e-6,
        Damping::uniform_relaxation(GAMMA * s.mass(), &s),
        v0,
    );
    p.drag_frame = DragFrame::Lubricant;
    p.integrator = overdamped(1e-9, 2e-7);
    let z = 2e-6;
    let f = Flake::at_rest([30e-6, 30e-6, z], Quat::IDENTITY);
    let flat = HeightMap::flat(n, n, dx, dx, 0.0);
    let mut sys = DemSystem::new(p, flat.clone(), flat, gap, vec![f]).unwrap();
    sys.advance_one_pixel().unwrap();
    let moved = sys.flakes()[0].position[0] - 30e-6;
    let want = v0 * z / gap * sys.time();
    assert!(
        (moved - want).abs() < ROUND_OFF * want,
        "{moved:e} vs {want:e}"
    );
    // Steps of the longest allowed size only (the flow is smooth).
    let st = sys.overdamped_stats().unwrap();
    assert_eq!(st.rejected, 0);
    assert_eq!(st.steps as f64, (dx / v0 / 2e-7).ceil());
}

/// Sawtooth tool: within a period of L, h = s·(x − L/2) (a frictionless plane of slope s
/// rising along +x, dropping back at x = 0), flat floor at 0, on an n×n grid of spacing dx.
fn wedge(n: usize, dx: f64, slope: f64) -> (HeightMap, HeightMap) {
    let l = n as f64 * dx;
    let tool = HeightMap::from_fn(n, n, dx, dx, |x, _| slope * (x - 0.5 * l));
    (HeightMap::flat(n, n, dx, dx, 0.0), tool)
}

#[test]
fn a_flake_pushed_by_a_moving_frictionless_wedge_reaches_the_closed_form_force_split() {
    // The tool (a plane of slope s, sliding at v0 along +x) squeezes a flake against the flat
    // floor in the sheet frame. In the steady state the flake moves with the wedge, so the
    // drag is η·v0 backwards and the contact forces balance it: frictionless planes push along
    // their normals, e_z (floor) and n = (s, 0, −1)/√(1 + s²) (wedge), so
    //   floor: N_f = η·v0/s (vertical),   wedge: N_w·n with N_w = η·v0·√(1 + s²)/s.
    // The penalty forces are normal to the flake's faces at the nodes, which agree with the
    // planes' normals to the spread of normals over the contact patches (patch radius ≈ 1 µm
    // on the faces' 144 µm curvature radius: < 1 %), and the nodes passing under the flake
    // make the sums ripple: checked as means over 40 pixels, to 0.5 % (measured: speed
    // 1.0000·v0, floor 0.15 % below N_f with a horizontal part of 2·10⁻⁵ N_f, wedge 0.1 %).
    const SPLIT_TOL: f64 = 0.005;
    let s = shape();
    let (n, dx, slope, v0) = (128, 0.25e-6, 0.05, 0.08);
    let (floor, tool) = wedge(n, dx, slope);
    let eta = GAMMA * s.mass();
    let mut p = params(K, 1e-6, Damping::uniform_relaxation(eta, &s), v0);
    p.integrator = overdamped(0.05 * 25e-9, 25e-9 / v0);
    // The flake on the floor mid-facet, the wedge lowered until it touches the trailing part
    // of the upper face.
    let x0 = 16e-6;
    let f = Flake::at_rest([x0, 16e-6, s.c], Quat::IDENTITY);
    let offset = 2.0 * s.c - slope * (x0 - 0.8 * s.a - 16e-6);
    let mut sys = DemSystem::new(p, floor.clone(), tool.clone(), offset, vec![f]).unwrap();
    let settle = 40;
    for _ in 0..settle {
        sys.advance_one_pixel().unwrap();
    }
    let x_start = sys.flakes()[0].position[0];
    let t_start = sys.time();
    let (floor_force, wedge_force) = mean_contact_forces(&mut sys, &floor, &tool, offset, K, 40);
    // Mean velocity: the wedge's (x unwrapped by the number of periods crossed is not needed:
    // 40 pixels are 10 µm < L).
    let mut dxf = sys.flakes()[0].position[0] - x_start;
    if dxf < 0.0 {
        dxf += n as f64 * dx;
    }
    let v = dxf / (sys.time() - t_start);
    assert!((v / v0 - 1.0).abs() < SPLIT_TOL, "flake speed {v} vs {v0}");
    let n_f = eta * v0 / slope;
    let n_w = eta * v0 * (1.0 + slope * slope).sqrt() / slope;
    let unit = 1.0 / (1.0 + slope * slope).sqrt();
    let want_wedge = [n_w * slope * unit, 0.0, -n_w * unit];
    eprintln!(
        "wedge: v/v0 {:.4}, floor {:?} (N_f {n_f:.3e}), wedge {:?} (want {want_wedge:?})",
        v / v0,
        floor_force,
        wedge_force
    );
    assert!(
        (floor_force[2] / n_f - 1.0).abs() < SPLIT_TOL,
        "floor {floor_force:?} vs N_f {n_f:e}"
    );
    assert!(floor_force[0].abs() < SPLIT_TOL * n_f, "{floor_force:?}");
    for k in [0, 2] {
        assert!(
            (wedge_force[k] - want_wedge[k]).abs() < SPLIT_TOL * n_w,
            "wedge {wedge_force:?} vs {want_wedge:?}"
        );
    }
}

/// Twelve flakes between bumpy surfaces sliding at 0.08 m/s for 4 pixels (lubricant frame),
/// integrated with local tolerance `tol` \[m\]; their final states.
fn sliding_states(tol: f64) -> (Vec<Flake>, u64) {
    sliding_states_capped(tol, 25e-9 / 0.08)
}

fn sliding_states_capped(tol: f64, max_step: f64) -> (Vec<Flake>, u64) {
    let s = shape();
    let (n, dx) = (32, 1.5625e-6);
    let def = bumpy(n, dx, 0.4e-6, 0.0);
    let tool = bumpy(n, dx, 0.3e-6, 2.0);
    let mut p = DemParams::from_physics(
        s,
        GAMMA * s.mass(),
        0.08,
        55e9,
        dx,
        dx,
        crate::dem::DragFrame::Sheet,
    );
    p.drag_frame = DragFrame::Lubricant;
    p.integrator = overdamped(tol, max_step);
    let offset = 0.75e-6;
    let mut flakes = Vec::new();
    for i in 0..12 {
        let (x, y) = (
            (i % 4) as f64 * 12.5e-6 + 3e-6,
            (i / 4) as f64 * 16.7e-6 + 5e-6,
        );
        let z = def.bilinear(x, y) + s.c + 0.02e-6;
        let q = Quat::from_axis_angle([1.0, 0.5 * i as f64, 0.0], 0.05);
        flakes.push(Flake::at_rest([x, y, z], q));
    }
    let mut sys = DemSystem::new(p, def, tool, offset, flakes).unwrap();
    for _ in 0..4 {
        sys.advance_one_pixel().unwrap();
    }
    (sys.flakes().to_vec(), sys.overdamped_stats().unwrap().steps)
}

/// The largest distance of a flake's centre or rim between two final states \[m\].
fn largest_difference(a: &[Flake], b: &[Flake]) -> f64 {
    let s = shape();
    a.iter()
        .zip(b)
        .map(|(f, g)| {
            let rim = |q: Quat| q.rotate([s.a, 0.0, 0.0]);
            let rim2 = |q: Quat| q.rotate([0.0, s.a, 0.0]);
            norm(sub(f.position, g.position))
                .max(norm(sub(rim(f.orientation), rim(g.orientation))))
                .max(norm(sub(rim2(f.orientation), rim2(g.orientation))))
        })
        .fold(0.0, f64::max)
}

#[test]
fn the_solution_converges_as_the_step_tolerance_shrinks() {
    // Steps set by the tolerance alone (no cap on the tool's advance), against a reference at
    // 1/1024 of the loosest tolerance. Backward Euler with the error per step held at tol
    // takes h ∝ √tol, so its global error ∝ √tol: a quarter of the tolerance doubles the
    // steps and halves the error. Measured: worst flake 65 / 38 / 15 nm at 5 / 1.25 /
    // 0.31 nm, steps 87 / 168 / 333.
    /// Range around the expected factor 2 of the error and the step count per ×1/4 of the
    /// tolerance (the √ law holds asymptotically; the first refinements deviate by ~30 %).
    const RATIO: std::ops::Range<f64> = 1.5..3.0;
    let loose = 0.2 * 25e-9;
    let uncapped = 1e-3;
    let (reference, ref_steps) = sliding_states_capped(loose / 1024.0, uncapped);
    let mut last: Option<(f64, u64)> = None;
    for div in [1.0, 4.0, 16.0] {
        let (states, steps) = sliding_states_capped(loose / div, uncapped);
        let err = largest_difference(&states, &reference);
        eprintln!(
            "tolerance {:.3e} m: {steps} steps, error {err:.3e} m",
            loose / div
        );
        if let Some((e0, s0)) = last {
            assert!(RATIO.contains(&(e0 / err)), "error {e0:e} → {err:e}");
            assert!(
                RATIO.contains(&(steps as f64 / s0 as f64)),
                "steps {s0} → {steps}"
            );
        }
        assert!(steps < ref_steps);
        last = Some((err, steps));
    }
}

#[test]
fn reruns_and_serial_or_parallel_loads_are_bit_identical() {
    let a = sliding_states(0.05 * 25e-9);
    let b = sliding_states(0.05 * 25e-9);
    assert_eq!(a, b);
}

#[test]
fn a_lighter_explicit_flake_keeps_its_drag_and_stiffness_and_steps_with_its_frequency() {
    // The explicit step in the ω branch is safety·2/ω, ω² = 6·N·k/m (`dem::penalty`): at the
    // same k a mass ×s gives a step ×√s; the drag η, η_rot and k are unchanged, so the
    // overdamped flow v = u + F/η is the same.
    /// Round-off of a square root and a few products.
    const ROUND_OFF: f64 = 1e-12;
    let s = shape();
    let (dx, scale) = (1.5625e-6, 0.1);
    let p = DemParams::from_physics(
        s,
        GAMMA * s.mass(),
        0.08,
        55e9,
        dx,
        dx,
        crate::dem::DragFrame::Sheet,
    );
    let light = p.with_inertia_scale(scale, dx, dx);
    assert_eq!(light.stiffness, p.stiffness);
    assert_eq!(light.damping.eta, p.damping.eta);
    assert!((light.damping.eta_rot / p.damping.eta_rot - 1.0).abs() < ROUND_OFF);
    assert!((light.shape.mass() / p.shape.mass() - scale).abs() < ROUND_OFF);
    assert!((light.dt / p.dt - scale.sqrt()).abs() < ROUND_OFF);
    assert_eq!(p.with_inertia_scale(1.0, dx, dx), p);
}
