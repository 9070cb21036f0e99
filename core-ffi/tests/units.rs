//! Units chosen once at model creation, converted at the boundary, and refused when they are
//! wrong.
//!
//! **What is proved.** (1) For a stroke whose every input is exactly representable in `f32`
//! in all three systems (pressures 3.90625, 7.8125, 15.625 MPa; slip rates 78.125 and
//! −31.25 mm/s; Δt = 2⁻¹⁰ s), the boundary's conversion is exact (asserted: the test's own
//! `f64` conversion reproduces the SI value without rounding), and the three models give the
//! same μ, β, elastic slip and contact state bit for bit, and tractions that are the SI
//! traction converted once (`f64` quotient by 10⁶ or 10⁹, one rounding). (2) For any stroke
//! (the 50-step ramp, whose GPa values are not exact), a model in mm-tonne-s or mm-ms-kg gives
//! bit for bit what the SI model gives on the inputs converted as documented (`f64` product by
//! the exact power of ten, one rounding to `f32`), computed here independently of the library.
//! (3) Values in the wrong units, NaN, ±∞ and negative pressures, bad Δt, slip rates and
//! areas are refused with their named status and write nothing. (4) A stale storage size or
//! ABI version is refused at init.

mod common;

use common::{DYADIC_DT, FILLED, K_S, defaults_bytes, init, init_in, init_raw, schedule};
use tribo_core_ffi::*;

/// The test's own conversion of a model value to SI: x·10^k in f64, one rounding.
fn to_si(x: f32, exponent: i32) -> f32 {
    (f64::from(x) * 10f64.powi(exponent)) as f32
}

/// (units, stress exponent, length exponent, time exponent) of the three systems.
const SYSTEMS: [(u32, i32, i32, i32); 3] = [
    (TRIBO_UNITS_SI, 0, 0, 0),
    (TRIBO_UNITS_MM_TONNE_S, 6, -3, 0),
    (TRIBO_UNITS_MM_MS_KG, 9, -3, -3),
];

/// k_s of 64 GPa/mm (E*/h_B for a 1.7 mm sheet) in each system; all three convert to the same
/// SI f32 (asserted).
fn shear_stiffness(stress: i32, length: i32) -> f32 {
    (64.0e12 / 10f64.powi(stress - length)) as f32
}

/// The exact stroke in SI (p \[Pa\], v \[m/s\]): three closing steps, draw, dwell, reversal,
/// release. Every value times 10^−k of every system is exact in f32.
fn exact_stroke(i: u32) -> (f32, f32) {
    match i {
        0..=9 => (3.90625e6, 0.078125),
        10..=19 => (7.8125e6, 0.078125),
        20..=399 => (15.625e6, 0.078125),
        400..=429 => (15.625e6, 0.0),
        430..=469 => (15.625e6, -0.03125),
        _ => (0.0, 0.078125),
    }
}

/// The value of `si` in the system with exponent `k`, asserting that it is exact both ways.
fn exact_in(si: f32, k: i32) -> f32 {
    let x = (f64::from(si) / 10f64.powi(k)) as f32;
    assert_eq!(
        f64::from(x) * 10f64.powi(k),
        f64::from(si),
        "{si} is not exact at 10^{k}"
    );
    assert_eq!(to_si(x, k), si);
    x
}

/// The scalar and the VFRIC-shaped input of one increment (the point call forms its rate
/// from the slip increment).
fn inputs(dt: f32, p: f32, v: f32, ds: f32, area: f32) -> (TriboNodeInput, TriboPointInput) {
    (
        TriboNodeInput {
            dt,
            slip_increment: ds,
            pressure: p,
            slip_rate: v,
        },
        TriboPointInput {
            dt,
            slip_increment: [ds, 0.0],
            pressure: p,
            area,
        },
    )
}

/// One increment through both calls of `model`, from the SI numbers converted to its units.
struct Both {
    node: (TriboNodeState, TriboNodeOutput),
    point: (TriboPointState, TriboPointOutput),
}

#[allow(clippy::too_many_arguments)]
fn step_both(
    model: &TriboModel,
    node: &mut TriboNodeState,
    point: &mut TriboPointState,
    dt: f32,
    p: f32,
    v: f32,
    ds: f32,
) -> Both {
    let mut no = TriboNodeOutput::default();
    let mut po = TriboPointOutput::default();
    let (ni, pi) = inputs(dt, p, v, ds, 0.25);
    // SAFETY: valid pointers to live values.
    unsafe {
        assert_eq!(tribo_node_step(model, node, &ni, &mut no), TriboStatus::Ok);
        assert_eq!(
            tribo_point_step(model, point, &pi, &mut po),
            TriboStatus::Ok
        );
    }
    Both {
        node: (*node, no),
        point: (*point, po),
    }
}

#[test]
fn an_exact_stroke_is_bit_identical_in_the_three_unit_systems() {
    let k_si = shear_stiffness(0, 0);
    for (_, stress, length, _) in SYSTEMS {
        assert_eq!(
            to_si(shear_stiffness(stress, length), stress - length),
            k_si
        );
    }
    for bytes in [FILLED.to_vec(), defaults_bytes()] {
        let mut runs: Vec<Vec<Both>> = Vec::new();
        for (units, stress, length, time) in SYSTEMS {
            let (model, s) = init_in(&bytes, units, shear_stiffness(stress, length));
            assert!(common::built(s), "{s:?}");
            let (mut ns, mut ps) = (TriboNodeState::default(), TriboPointState::default());
            let run = (0..600)
                .map(|i| {
                    let (p, v) = exact_stroke(i);
                    step_both(
                        &model,
                        &mut ns,
                        &mut ps,
                        exact_in(DYADIC_DT, time),
                        exact_in(p, stress),
                        exact_in(v, length - time),
                        exact_in(v * DYADIC_DT, length),
                    )
                })
                .collect();
            runs.push(run);
        }
        let (si, others) = runs.split_first().unwrap();
        for (other, (_, stress, ..)) in others.iter().zip(&SYSTEMS[1..]) {
            for (i, (a, b)) in si.iter().zip(other).enumerate() {
                // μ, β, state: bit for bit.
                assert_eq!(a.node.0, b.node.0, "node state, increment {i}");
                assert_eq!(a.node.1.mu.to_bits(), b.node.1.mu.to_bits(), "mu {i}");
                assert_eq!(a.point.0, b.point.0, "point state, increment {i}");
                assert_eq!(a.point.1.mu.to_bits(), b.point.1.mu.to_bits(), "mu {i}");
                // Tractions: the SI one converted once.
                let back = |t: f32| (f64::from(t) / 10f64.powi(*stress)) as f32;
                assert_eq!(b.node.1.shear_stress, back(a.node.1.shear_stress), "T {i}");
                assert_eq!(b.point.1.traction[0], back(a.point.1.traction[0]), "T {i}");
                assert_eq!(b.point.1.force[0], b.point.1.traction[0] * 0.25);
            }
        }
        // The stroke loaded the point and made particles.
        let last = si.last().unwrap();
        assert!(si[399].node.0.beta > 0.01, "beta {}", si[399].node.0.beta);
        assert_eq!(last.node.0.contact, TRIBO_CONTACT_OPEN);
    }
}

#[test]
fn any_stroke_in_other_units_is_the_si_call_on_the_converted_values() {
    for bytes in [FILLED.to_vec(), defaults_bytes()] {
        for (units, stress, length, time) in &SYSTEMS[1..] {
            let k_u = (f64::from(K_S) / 10f64.powi(stress - length)) as f32;
            let (um, s) = init_in(&bytes, *units, k_u);
            assert!(common::built(s), "{s:?}");
            // The SI model gets the converted k_s, so both share one SI stiffness.
            let (si_k, _) = init_in(&bytes, TRIBO_UNITS_SI, to_si(k_u, stress - length));
            let dt_u = (1.0e-3 / 10f64.powi(*time)) as f32;
            let (mut a, mut b) = (TriboNodeState::default(), TriboNodeState::default());
            let (mut pa, mut pb) = (TriboPointState::default(), TriboPointState::default());
            for i in 0..600 {
                let (p, v) = schedule(i);
                // The stroke as the FE model in `units` would hand it over ...
                let (p_u, v_u) = (
                    (f64::from(p) / 10f64.powi(*stress)) as f32,
                    (f64::from(v) / 10f64.powi(length - time)) as f32,
                );
                let ds_u = v_u * dt_u;
                let x = step_both(&um, &mut b, &mut pb, dt_u, p_u, v_u, ds_u);
                // ... and the SI call on its documented conversion.
                let y = step_both(
                    &si_k,
                    &mut a,
                    &mut pa,
                    to_si(dt_u, *time),
                    to_si(p_u, *stress),
                    to_si(v_u, length - time),
                    to_si(ds_u, *length),
                );
                assert_eq!(x.node.0, y.node.0, "units {units}, increment {i}");
                assert_eq!(x.node.1.mu.to_bits(), y.node.1.mu.to_bits());
                assert_eq!(x.point.0, y.point.0, "units {units}, increment {i}");
                assert_eq!(x.point.1.mu.to_bits(), y.point.1.mu.to_bits());
                let back = |t: f32| (f64::from(t) / 10f64.powi(*stress)) as f32;
                assert_eq!(x.node.1.shear_stress, back(y.node.1.shear_stress));
                assert_eq!(x.point.1.traction, y.point.1.traction.map(back));
            }
            assert!(a.beta > 0.05);
        }
    }
}

/// Calls both steps with one input and asserts `status` and that nothing was written. The
/// point call takes no slip rate (it forms |Δs|/Δt): a rate-only refusal is the node's.
fn assert_refused(model: &TriboModel, dt: f32, p: f32, v: f32, ds: f32, status: TriboStatus) {
    let rate_only = matches!(
        status,
        TriboStatus::SlipRateInvalid | TriboStatus::SlipRateAbovePlausible
    ) && (ds / dt).abs() <= TRIBO_MAX_SLIP_RATE_SI;
    let point_status = if rate_only { TriboStatus::Ok } else { status };
    check_refused(model, dt, p, v, ds, status, point_status);
}

fn check_refused(
    model: &TriboModel,
    dt: f32,
    p: f32,
    v: f32,
    ds: f32,
    status: TriboStatus,
    point_status: TriboStatus,
) {
    let state = TriboNodeState {
        beta: 0.125,
        elastic_slip: 1.0e-7,
        contact: TRIBO_CONTACT_STICK,
    };
    let pstate = TriboPointState {
        beta: 0.125,
        elastic_slip: [1.0e-7, -2.0e-8],
        contact: TRIBO_CONTACT_STICK,
    };
    let sentinel = TriboNodeOutput {
        mu: -7.0,
        shear_stress: -7.0,
        beta_thres: -7.0,
    };
    let psentinel = TriboPointOutput {
        mu: -7.0,
        ..Default::default()
    };
    let (mut s, mut ps, mut o, mut po) = (state, pstate, sentinel, psentinel);
    let (ni, pi) = inputs(dt, p, v, ds, 1.0);
    // SAFETY: valid pointers to live values.
    unsafe {
        assert_eq!(
            tribo_node_step(model, &mut s, &ni, &mut o),
            status,
            "{ni:?}"
        );
        let got = tribo_point_step(model, &mut ps, &pi, &mut po);
        assert_eq!(got, point_status, "{pi:?}");
        if got != TriboStatus::Ok {
            assert_eq!((ps, po), (pstate, psentinel));
        }
    }
    assert_eq!((s, o), (state, sentinel));
}

#[test]
fn wrong_units_and_impossible_inputs_are_refused_with_their_status() {
    use TriboStatus::*;
    let (si, _) = init(FILLED);
    let (mts, _) = init_in(FILLED, TRIBO_UNITS_MM_TONNE_S, 73_333.0);
    let (mmk, _) = init_in(FILLED, TRIBO_UNITS_MM_MS_KG, 73.333);
    // Accepted in their own units.
    assert_refused_not(&si, 1e-3, 20.0e6, 0.08, 8e-5);
    assert_refused_not(&mts, 1e-3, 20.0, 80.0, 0.08);
    assert_refused_not(&mmk, 1.0, 0.02, 0.08, 0.08);
    // 20 meaning MPa handed to an SI model (20 Pa), 20 GPa-meant-MPa, Pa handed to MPa/GPa.
    assert_refused(&si, 1e-3, 20.0, 0.08, 8e-5, PressureBelowPlausible);
    assert_refused(&si, 1e-3, 0.02, 0.08, 8e-5, PressureBelowPlausible);
    assert_refused(&mts, 1e-3, 20.0e6, 80.0, 0.08, PressureAbovePlausible);
    assert_refused(&mmk, 1.0, 20.0, 0.08, 0.08, PressureAbovePlausible);
    assert_refused(&mmk, 1.0, 20.0e6, 0.08, 0.08, PressureAbovePlausible);
    // mm/s handed over as m/s; a slip increment in mm as m (0.2 m per ms).
    assert_refused(&si, 1e-3, 20.0e6, 150.0, 8e-5, SlipRateAbovePlausible);
    assert_refused(&si, 1e-3, 20.0e6, 0.08, 0.2, SlipRateAbovePlausible);
    for model in [&si, &mts, &mmk] {
        for p in [f32::INFINITY, f32::NEG_INFINITY, f32::NAN, -1.0, -1.0e6] {
            assert_refused(model, 1e-3, p, 0.08, 8e-5, PressureInvalid);
        }
        for dt in [0.0, -1e-3, f32::NAN, f32::INFINITY] {
            assert_refused(model, dt, 20.0, 0.08, 8e-5, TimeStepInvalid);
        }
        for v in [f32::NAN, f32::INFINITY] {
            assert_refused(model, 1e-3, 0.0, v, 0.0, SlipRateInvalid);
        }
        for ds in [f32::NAN, f32::NEG_INFINITY, 1.0e6] {
            assert_refused(model, 1e6, 0.0, 0.0, ds, SlipIncrementInvalid);
        }
        let mut o = TriboPointOutput::default();
        let mut s = TriboPointState::default();
        for area in [f32::NAN, -1.0, f32::INFINITY] {
            let pi = TriboPointInput {
                dt: 1e-3,
                slip_increment: [0.0; 2],
                pressure: 0.0,
                area,
            };
            // SAFETY: valid pointers.
            let st = unsafe { tribo_point_step(&**model, &mut s, &pi, &mut o) };
            assert_eq!(st, AreaInvalid);
        }
    }
    // The case: an mm-tonne-s stroke (MPa, mm, s) fed to an SI model is refused at
    // its first loaded increment and never evaluated under load.
    let mut s = TriboNodeState::default();
    let mut refused = 0;
    for i in 0..600 {
        let (p, v) = common::dyadic_schedule(i);
        let input = TriboNodeInput {
            dt: DYADIC_DT,
            slip_increment: v * DYADIC_DT,
            pressure: p,
            slip_rate: v,
        };
        let mut o = TriboNodeOutput::default();
        // SAFETY: valid pointers.
        let st = unsafe { tribo_node_step(&*si, &mut s, &input, &mut o) };
        if p > 0.0 {
            assert_ne!(st, Ok, "increment {i}: p = {p} accepted as Pa");
            refused += 1;
        }
    }
    assert!(refused > 500);
    // k_s given in another system than the model's, and an unknown system.
    assert_eq!(
        init_in(FILLED, TRIBO_UNITS_MM_TONNE_S, K_S).1,
        ShearStiffnessImplausible
    );
    assert_eq!(
        init_in(FILLED, TRIBO_UNITS_MM_MS_KG, 73_333.0).1,
        ShearStiffnessImplausible
    );
    assert_eq!(init_in(FILLED, 3, K_S).1, UnknownUnits);
}

fn assert_refused_not(model: &TriboModel, dt: f32, p: f32, v: f32, ds: f32) {
    let mut s = TriboNodeState::default();
    let mut o = TriboNodeOutput::default();
    let i = TriboNodeInput {
        dt,
        slip_increment: ds,
        pressure: p,
        slip_rate: v,
    };
    // SAFETY: valid pointers.
    assert_eq!(
        unsafe { tribo_node_step(model, &mut s, &i, &mut o) },
        TriboStatus::Ok
    );
}

#[test]
fn info_reports_the_bounds_in_the_models_units() {
    for (units, stress, length, time) in SYSTEMS {
        let k = (f64::from(K_S) / 10f64.powi(stress - length)) as f32;
        let (m, _) = init_in(FILLED, units, k);
        let mut info = TriboModelInfo::default();
        // SAFETY: valid pointers.
        assert_eq!(unsafe { tribo_model_info(&*m, &mut info) }, TriboStatus::Ok);
        assert_eq!(info.units, units);
        assert_eq!(info.shear_stiffness, k);
        let to_units = |si: f64, k: i32| (si / 10f64.powi(k)) as f32;
        assert_eq!(info.pressure_min, to_units(2.0e3, stress));
        assert_eq!(info.pressure_max, to_units(1.4e9, stress));
        assert_eq!(info.slip_rate_max, to_units(100.0, length - time));
    }
}

#[test]
fn a_stale_storage_size_or_abi_version_is_refused_at_init() {
    assert_eq!(tribo_abi_version(), TRIBO_ABI_VERSION);
    let size = std::mem::size_of::<TriboModel>();
    assert_eq!(size, 8 * TRIBO_MODEL_WORDS);
    // A good model first: a failed re-init must leave it uninitialised (version) or untouched
    // (size: nothing is written).
    let (mut model, s) = init(FILLED);
    assert!(common::built(s), "{s:?}");
    let before = model.opaque;
    for stale in [size - 8, size + 8, 160 * 8, 0] {
        // SAFETY: `model` has `size` bytes; a stale size is refused before any access.
        let st = unsafe {
            tribo_model_init(
                &mut *model,
                stale,
                TRIBO_ABI_VERSION,
                FILLED.as_ptr(),
                FILLED.len(),
                TRIBO_UNITS_SI,
                K_S,
            )
        };
        assert_eq!(st, TriboStatus::ModelSizeMismatch, "size {stale}");
        assert_eq!(model.opaque, before, "nothing written");
    }
    for version in [0, 1, TRIBO_ABI_VERSION + 1, u32::MAX] {
        // SAFETY: valid storage of `size` bytes and a valid table.
        let st = unsafe {
            tribo_model_init(
                &mut *model,
                size,
                version,
                FILLED.as_ptr(),
                FILLED.len(),
                TRIBO_UNITS_SI,
                K_S,
            )
        };
        assert_eq!(st, TriboStatus::AbiVersionMismatch, "version {version}");
        let mut mu = -1.0f32;
        // SAFETY: valid pointers.
        let st = unsafe { tribo_mu(&*model, 1e6, 0.08, 0.0, &mut mu) };
        assert_eq!((st, mu), (TriboStatus::NotInitialized, -1.0));
    }
    // SAFETY: as above, the current header's size and version.
    let st = unsafe {
        init_raw(
            &mut *model,
            FILLED.as_ptr(),
            FILLED.len(),
            TRIBO_UNITS_SI,
            K_S,
        )
    };
    assert!(common::built(st), "{st:?}");
}
