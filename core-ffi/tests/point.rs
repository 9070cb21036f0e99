//! The VFRIC-shaped call `tribo_point_step`: along one direction it is the scalar call and the
//! core's tick bit for bit; in the plane it is the isotropic Coulomb law (oracles: the 1D
//! stroke rotated, the f64 radial return, the Coulomb limit); on arbitrary bits it returns a
//! status and never writes a non-finite number.

mod common;

use common::{DYADIC_DT, FILLED, K_S, any_f32, defaults_bytes, init};
use proptest::prelude::*;
use tribo_core::bar::tick;
use tribo_core::coulomb::{ContactState, CoulombSpring};
use tribo_core::table::Table;
use tribo_core::transport::TransportParams;
use tribo_core_ffi::*;

/// The dyadic stroke in SI (p \[Pa\], v \[m/s\]): v·Δt and |v·Δt|/Δt are exact, so the point
/// call's rate |Δs|/Δt is the given v.
fn stroke(i: u32) -> (f32, f32) {
    let (p, v) = common::dyadic_schedule(i);
    (p * 1.0e6, v * 1.0e-3)
}

fn point(model: &TriboModel, s: &mut TriboPointState, ds: [f32; 2], p: f32) -> TriboPointOutput {
    let mut o = TriboPointOutput::default();
    let i = TriboPointInput {
        dt: DYADIC_DT,
        slip_increment: ds,
        pressure: p,
        area: 1.0,
    };
    // SAFETY: valid pointers.
    let st = unsafe { tribo_point_step(model, s, &i, &mut o) };
    assert_eq!(st, TriboStatus::Ok, "{i:?}");
    o
}

#[test]
fn along_one_direction_it_is_the_scalar_call_and_the_core_tick_bit_for_bit() {
    for bytes in [FILLED.to_vec(), defaults_bytes()] {
        let (model, _) = init(&bytes);
        let table = Table::from_bytes(&bytes).unwrap();
        let law = table.friction_law().unwrap();
        let tp = TransportParams::point_from_table(&table.transport, table.wear.as_ref());
        let (mut ns, mut ps) = (TriboNodeState::default(), TriboPointState::default());
        let (mut beta, mut spring, mut traction) = ([0.0f32], [CoulombSpring::new()], [0.0f32]);
        let mut seen = [false; 3];
        for i in 0..600 {
            let (p, v) = stroke(i);
            let ds = v * DYADIC_DT;
            assert_eq!(ds.abs() / DYADIC_DT, v.abs(), "the stroke is exact");
            let mut no = TriboNodeOutput::default();
            let ni = TriboNodeInput {
                dt: DYADIC_DT,
                slip_increment: ds,
                pressure: p,
                slip_rate: v,
            };
            // SAFETY: valid pointers.
            assert_eq!(
                unsafe { tribo_node_step(&*model, &mut ns, &ni, &mut no) },
                TriboStatus::Ok
            );
            let po = point(&model, &mut ps, [ds, 0.0], p);
            tick(
                &law,
                &tp,
                K_S,
                DYADIC_DT,
                &[p],
                &[v],
                &mut beta,
                &mut spring,
                &mut traction,
            )
            .unwrap();
            assert_eq!(ps.beta.to_bits(), ns.beta.to_bits(), "beta {i}");
            assert_eq!(ps.beta.to_bits(), beta[0].to_bits(), "beta vs tick {i}");
            assert_eq!(ps.elastic_slip[0].to_bits(), ns.elastic_slip.to_bits());
            assert_eq!(ps.elastic_slip[0], spring[0].elastic_slip());
            assert_eq!(ps.elastic_slip[1], 0.0);
            assert_eq!(ps.contact, ns.contact);
            assert_eq!(po.mu.to_bits(), no.mu.to_bits(), "mu {i}");
            assert_eq!(po.traction[0].to_bits(), no.shear_stress.to_bits(), "T {i}");
            assert_eq!(
                po.traction[0].to_bits(),
                traction[0].to_bits(),
                "T vs tick {i}"
            );
            assert_eq!(po.traction[1], 0.0);
            assert_eq!(po.slip_rate, v.abs());
            let c = match spring[0].state() {
                ContactState::Open => 0,
                ContactState::Stick => 1,
                ContactState::Slip => 2,
            };
            assert_eq!(ps.contact, c);
            seen[c as usize] = true;
        }
        assert_eq!(seen, [true; 3]);
    }
}

/// Rounding of the rotated components (cos θ, sin θ each one f32 rounding) and of the
/// magnitude, accumulated over the ≤ 30 stick increments of a dwell: 30 · 2 · 6e-8 ≈ 4e-6.
const ROTATION_REL_TOL: f32 = 1e-5;

#[test]
fn a_rotated_stroke_gives_the_same_magnitudes_along_the_rotated_direction() {
    let (model, _) = init(FILLED);
    for theta in [0.3f32, 1.0, 2.5, -2.0] {
        let (c, s) = (theta.cos(), theta.sin());
        let (mut a, mut b) = (TriboPointState::default(), TriboPointState::default());
        for i in 0..600 {
            let (p, v) = stroke(i);
            let ds = v * DYADIC_DT;
            let x = point(&model, &mut a, [ds, 0.0], p);
            let y = point(&model, &mut b, [ds * c, ds * s], p);
            let t = x.traction[0];
            let tol = ROTATION_REL_TOL * t.abs().max(1.0);
            assert!(
                (y.traction[0] - t * c).abs() <= tol,
                "θ {theta}, {i}: {y:?} vs {t}"
            );
            assert!((y.traction[1] - t * s).abs() <= tol, "θ {theta}, {i}");
            assert!((y.mu - x.mu).abs() <= ROTATION_REL_TOL * x.mu, "mu {i}");
            assert!((b.beta - a.beta).abs() <= ROTATION_REL_TOL * a.beta.max(1e-6));
            // Stick and slip are told apart by |k_s·e*| ≤ p·μ: at the limit (a dwell right
            // after slip) the rounding of the rotation may tip either way.
            let at_limit = (t.abs() - p * x.mu).abs() <= tol;
            if !at_limit {
                assert_eq!(a.contact, b.contact, "contact {i}");
            }
        }
    }
}

#[test]
fn stick_adds_slip_vectors_and_slip_returns_radially_onto_the_coulomb_limit() {
    let (model, _) = init(FILLED);
    let p = 10.0e6f32;
    // Stick: two small increments along x then y; T = k_s·(e_x, e_y) (f64 oracle).
    let mut s = TriboPointState::default();
    point(&model, &mut s, [2.0e-9, 0.0], p);
    let o = point(&model, &mut s, [0.0, 4.0e-9], p);
    assert_eq!(s.contact, TRIBO_CONTACT_STICK);
    assert_eq!(s.elastic_slip, [2.0e-9, 4.0e-9]);
    for (t, e) in o
        .traction
        .iter()
        .zip([f64::from(2.0e-9f32), f64::from(4.0e-9f32)])
    {
        assert!((f64::from(*t) - f64::from(K_S) * e).abs() <= 1e-6 * f64::from(K_S) * e);
    }
    // Slip along x, then turn to y: the traction follows the trial direction (radial
    // return) and its magnitude is exactly the limit p·μ.
    let mut s = TriboPointState::default();
    let ds = 0.078125 * DYADIC_DT;
    for _ in 0..20 {
        point(&model, &mut s, [ds, 0.0], p);
    }
    assert_eq!(s.contact, TRIBO_CONTACT_SLIP);
    let e_prev = f64::from(s.elastic_slip[0]);
    let o = point(&model, &mut s, [0.0, ds], p);
    assert_eq!(s.contact, TRIBO_CONTACT_SLIP);
    let limit = f64::from(p) * f64::from(o.mu);
    let mag = f64::from(o.traction[0]).hypot(f64::from(o.traction[1]));
    assert!((mag - limit).abs() <= 1e-6 * limit, "{mag} vs {limit}");
    // The trial e* = (e_prev, Δs) with e_prev = p·μ/k_s ≪ Δs: the traction is almost along y.
    let expected_x = limit * e_prev / e_prev.hypot(f64::from(ds));
    assert!((f64::from(o.traction[0]) - expected_x).abs() <= 1e-5 * expected_x);
    assert!(o.traction[1] > 0.0);
    // |e| = limit/k_s, along the traction.
    let e_mag = f64::from(s.elastic_slip[0]).hypot(f64::from(s.elastic_slip[1]));
    assert!((e_mag - limit / f64::from(K_S)).abs() <= 1e-6 * e_mag);
    // Force = traction × area.
    let mut s2 = s;
    let mut o2 = TriboPointOutput::default();
    let input = TriboPointInput {
        dt: DYADIC_DT,
        slip_increment: [0.0, ds],
        pressure: p,
        area: 0.5,
    };
    // SAFETY: valid pointers.
    unsafe { tribo_point_step(&*model, &mut s2, &input, &mut o2) };
    assert_eq!(o2.force, o2.traction.map(|t| t * 0.5));
}

proptest! {
    /// Arbitrary state and input bits: a status with nothing written, or finite outputs
    /// within the Coulomb limit and the law's bounds; never a panic.
    #[test]
    fn point_step_on_arbitrary_bits_returns_a_status(
        beta in any_f32(), e1 in any_f32(), e2 in any_f32(), contact in 0u32..5,
        dt in any_f32(), d1 in any_f32(), d2 in any_f32(), p in any_f32(), area in any_f32(),
    ) {
        let (model, _) = init(FILLED);
        let mu0 = Table::from_bytes(FILLED).unwrap().law.mu0();
        let mut state = TriboPointState { beta, elastic_slip: [e1, e2], contact };
        let before = state;
        let input = TriboPointInput { dt, slip_increment: [d1, d2], pressure: p, area };
        let sentinel = TriboPointOutput { mu: -1.0, ..Default::default() };
        let mut out = sentinel;
        // SAFETY: valid pointers.
        let s = unsafe { tribo_point_step(&*model, &mut state, &input, &mut out) };
        if s == TriboStatus::Ok {
            prop_assert!(out.mu >= 0.0 && out.mu <= mu0);
            prop_assert!(out.traction.iter().chain(&out.force).all(|x| x.is_finite()));
            let t = f64::from(out.traction[0]).hypot(f64::from(out.traction[1]));
            prop_assert!(t <= f64::from(p) * f64::from(out.mu) * (1.0 + 1e-6) + 1e-30);
            prop_assert!(state.beta.is_finite() && state.beta >= 0.0);
            prop_assert!(state.elastic_slip.iter().all(|x| x.is_finite()));
            prop_assert!(state.contact <= TRIBO_CONTACT_SLIP);
        } else {
            prop_assert_eq!(state.beta.to_bits(), before.beta.to_bits());
            prop_assert_eq!(state.elastic_slip.map(f32::to_bits), before.elastic_slip.map(f32::to_bits));
            prop_assert_eq!(out.mu, -1.0);
        }
    }
}
