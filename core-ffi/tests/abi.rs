//! The C ABI called from Rust (the same `extern "C"` functions a C caller links): the node step
//! against the core's own interface tick bit for bit, rejected tables never evaluated, and
//! every entry point on null, misaligned and arbitrary inputs returning a status — a panic
//! here would abort the test process, since Rust aborts on a panic reaching an `extern "C"`
//! frame.

mod common;

use common::{FILLED, K_S, any_f32, defaults_bytes, init, init_raw, schedule};
use proptest::prelude::*;
use tribo_core::bar::tick;
use tribo_core::coulomb::{ContactState, CoulombSpring};
use tribo_core::table::{MAX_TABLE_BYTES, Table};
use tribo_core::transport::TransportParams;
use tribo_core::wear_law::WearPressureLaw;
use tribo_core_ffi::*;

/// The core's interface tick on a one-node line with ζ = 0, the reference of the node step.
/// Its element length differs from the library's on purpose: with ζ = 0 it enters nothing.
fn reference_transport(table: &Table) -> TransportParams {
    let t = &table.transport;
    TransportParams {
        archard_k: t.archard_k,
        hardness: t.hardness,
        particle_thickness: t.particle_thickness,
        zeta: 0.0,
        element_length: 0.5e-3,
        k_law: WearPressureLaw::SCALAR,
    }
    .with_wear_section(table.wear.as_ref())
}

#[test]
fn node_step_is_the_core_tick_bit_for_bit_over_a_stroke() {
    const DT: f32 = 1.0e-3;
    for bytes in [FILLED.to_vec(), defaults_bytes()] {
        let table = Table::from_bytes(&bytes).unwrap();
        let law = table.friction_law().unwrap();
        let tp = reference_transport(&table);
        let (model, s) = init(&bytes);
        assert!(common::built(s), "{s:?}");

        let mut state = TriboNodeState::default();
        let (mut beta, mut springs, mut traction) = ([0.0f32], [CoulombSpring::new()], [0.0f32]);
        let mut seen = [false; 3];
        for i in 0..600 {
            let (p, v) = schedule(i);
            let input = TriboNodeInput {
                dt: DT,
                slip_increment: v * DT,
                pressure: p,
                slip_rate: v,
            };
            let mut out = TriboNodeOutput::default();
            // SAFETY: valid pointers to live values.
            let s = unsafe { tribo_node_step(&*model, &mut state, &input, &mut out) };
            assert_eq!(s, TriboStatus::Ok, "increment {i}");
            tick(
                &law,
                &tp,
                K_S,
                DT,
                &[p],
                &[v],
                &mut beta,
                &mut springs,
                &mut traction,
            )
            .unwrap();
            let mu = law.mu(v, beta[0]);
            assert_eq!(
                state.beta.to_bits(),
                beta[0].to_bits(),
                "beta, increment {i}"
            );
            assert_eq!(out.mu.to_bits(), mu.to_bits(), "mu, increment {i}");
            assert_eq!(
                out.shear_stress.to_bits(),
                traction[0].to_bits(),
                "T, increment {i}"
            );
            assert_eq!(
                state.elastic_slip.to_bits(),
                springs[0].elastic_slip().to_bits()
            );
            let contact = match springs[0].state() {
                ContactState::Open => TRIBO_CONTACT_OPEN,
                ContactState::Stick => TRIBO_CONTACT_STICK,
                ContactState::Slip => TRIBO_CONTACT_SLIP,
            };
            assert_eq!(state.contact, contact);
            seen[contact as usize] = true;
        }
        // The comparison covered open, stick and slip, and particles were made.
        assert_eq!(seen, [true; 3]);
        assert!(state.beta > 0.05, "beta = {}", state.beta);
    }
}

#[test]
fn mu_and_beta_thres_are_the_laws_and_mu_ignores_pressure() {
    let (model, _) = init(FILLED);
    let law = Table::from_bytes(FILLED).unwrap().friction_law().unwrap();
    for v in [0.0f32, 0.01, 0.08, 1.0, 30.0, -0.5] {
        for beta in [0.0f32, 0.1, 0.5, 5.0] {
            let mut mu = [f32::NAN; 2];
            for (k, p) in [1.0e6f32, 30.0e6].into_iter().enumerate() {
                // SAFETY: valid pointers.
                let s = unsafe { tribo_mu(&*model, p, v, beta, &mut mu[k]) };
                assert_eq!(s, TriboStatus::Ok);
            }
            assert_eq!(mu[0].to_bits(), law.mu(v, beta).to_bits());
            assert_eq!(mu[0].to_bits(), mu[1].to_bits());
        }
        let mut bt = 0.0;
        // SAFETY: valid pointers.
        assert_eq!(
            unsafe { tribo_beta_thres(&*model, v, &mut bt) },
            TriboStatus::Ok
        );
        assert_eq!(bt.to_bits(), law.beta_thres(v).to_bits());
    }
    // Every input is checked, as in a step; nothing is written on refusal.
    let mut mu = -7.0f32;
    for (p, v, beta, status) in [
        (1.0e6, f32::NAN, 0.1, TriboStatus::SlipRateInvalid),
        (1.0e6, 150.0, 0.1, TriboStatus::SlipRateAbovePlausible),
        (1.0e6, 0.08, f32::NAN, TriboStatus::BetaInvalid),
        (1.0e6, 0.08, -0.1, TriboStatus::BetaInvalid),
        (20.0, 0.08, 0.1, TriboStatus::PressureBelowPlausible),
        (f32::INFINITY, 0.08, 0.1, TriboStatus::PressureInvalid),
    ] {
        // SAFETY: valid pointers.
        assert_eq!(unsafe { tribo_mu(&*model, p, v, beta, &mut mu) }, status);
        assert_eq!(mu, -7.0);
    }
    let mut info = TriboModelInfo::default();
    // SAFETY: valid pointers.
    assert_eq!(
        unsafe { tribo_model_info(&*model, &mut info) },
        TriboStatus::Ok
    );
    let table = Table::from_bytes(FILLED).unwrap();
    assert_eq!(info.mu0, law.mu0());
    assert_eq!(info.seed, table.provenance.seed);
    assert_eq!(info.config_hash, table.provenance.config_hash);
    assert_eq!(info.calibrated, 0);
    assert_eq!(info.shear_stiffness, K_S);
}

/// Every call on the model of a rejected table fails and writes nothing.
fn assert_never_evaluated(model: &TriboModel) {
    let sentinel = -7.0f32;
    let mut mu = sentinel;
    let mut state = TriboNodeState {
        beta: 0.25,
        elastic_slip: 1e-7,
        contact: TRIBO_CONTACT_STICK,
    };
    let before = state;
    let input = TriboNodeInput {
        dt: 1e-3,
        slip_increment: 8e-5,
        pressure: 20e6,
        slip_rate: 0.08,
    };
    let mut out = TriboNodeOutput {
        mu: sentinel,
        shear_stress: sentinel,
        beta_thres: sentinel,
    };
    // SAFETY: valid pointers.
    unsafe {
        assert_eq!(
            tribo_mu(model, 1e6, 0.08, 0.1, &mut mu),
            TriboStatus::NotInitialized
        );
        assert_eq!(
            tribo_node_step(model, &mut state, &input, &mut out),
            TriboStatus::NotInitialized
        );
    }
    assert_eq!(
        (mu, out.mu, out.shear_stress),
        (sentinel, sentinel, sentinel)
    );
    assert_eq!(state, before);
}

#[test]
fn every_single_byte_corruption_is_rejected_and_never_evaluated() {
    let mut bytes = FILLED.to_vec();
    let (mut good, s) = init(&bytes);
    assert!(common::built(s), "{s:?}");
    for i in 0..bytes.len() {
        bytes[i] ^= 0xA5;
        // Re-initialising the same storage from a corrupt table must also invalidate it.
        // SAFETY: valid storage and slice.
        let s = unsafe { init_raw(&mut *good, bytes.as_ptr(), bytes.len(), TRIBO_UNITS_SI, K_S) };
        assert!(!common::built(s), "byte {i}");
        assert_never_evaluated(&good);
        bytes[i] ^= 0xA5;
        // SAFETY: as above, with the intact table.
        let s = unsafe { init_raw(&mut *good, bytes.as_ptr(), bytes.len(), TRIBO_UNITS_SI, K_S) };
        assert!(common::built(s), "{s:?}");
    }
    // Every truncation is rejected too (Truncated, or the CRC of a shortened frame).
    for n in 0..bytes.len() {
        let (m, s) = init(&bytes[..n]);
        assert!(!common::built(s), "length {n}");
        assert_never_evaluated(&m);
    }
    // A flipped payload byte is the CRC's to catch.
    bytes[40] ^= 0x01;
    assert_eq!(init(&bytes).1, TriboStatus::CrcMismatch);
}

#[test]
fn null_misaligned_and_bad_arguments_return_a_status() {
    let (model, _) = init(FILLED);
    let null_model: *const TriboModel = std::ptr::null();
    let mut state = TriboNodeState::default();
    let input = TriboNodeInput {
        dt: 1e-3,
        slip_increment: 1e-5,
        pressure: 1e7,
        slip_rate: 0.01,
    };
    let mut out = TriboNodeOutput::default();
    let mut x = 0.0f32;
    let mut info = TriboModelInfo::default();
    // An 8-aligned buffer seen through a pointer one byte off.
    let mut raw = vec![0u64; TRIBO_MODEL_WORDS + 1];
    let off = unsafe { raw.as_mut_ptr().cast::<u8>().add(1) };
    // SAFETY: each call gets valid pointers except the one under test, which the library
    // checks before any access.
    unsafe {
        let mut m = TriboModel::zeroed();
        assert_eq!(
            init_raw(
                std::ptr::null_mut(),
                FILLED.as_ptr(),
                FILLED.len(),
                TRIBO_UNITS_SI,
                K_S
            ),
            TriboStatus::NullPointer
        );
        assert_eq!(
            init_raw(&mut m, std::ptr::null(), 10, TRIBO_UNITS_SI, K_S),
            TriboStatus::NullPointer
        );
        assert_eq!(
            init_raw(
                off.cast(),
                FILLED.as_ptr(),
                FILLED.len(),
                TRIBO_UNITS_SI,
                K_S
            ),
            TriboStatus::Misaligned
        );
        assert_eq!(
            init_raw(
                &mut m,
                FILLED.as_ptr(),
                MAX_TABLE_BYTES + 1,
                TRIBO_UNITS_SI,
                K_S
            ),
            TriboStatus::TableTooLarge
        );
        // Non-physical k_s, and k_s in MPa/mm (E*/h_B = 73 333) given to an SI model.
        for k_s in [0.0, -1.0, f32::NAN, f32::INFINITY, 73_333.3] {
            assert_eq!(
                init_raw(&mut m, FILLED.as_ptr(), FILLED.len(), TRIBO_UNITS_SI, k_s),
                TriboStatus::ShearStiffnessImplausible
            );
            assert_never_evaluated(&m);
        }
        assert_never_evaluated(&TriboModel::zeroed());
        assert_eq!(
            tribo_mu(null_model, 1e6, 0.1, 0.1, &mut x),
            TriboStatus::NullPointer
        );
        assert_eq!(
            tribo_mu(&*model, 1e6, 0.1, 0.1, std::ptr::null_mut()),
            TriboStatus::NullPointer
        );
        assert_eq!(
            tribo_mu(off.cast(), 1e6, 0.1, 0.1, &mut x),
            TriboStatus::Misaligned
        );
        assert_eq!(
            tribo_mu(&*model, 1e6, 0.1, 0.1, off.cast()),
            TriboStatus::Misaligned
        );
        assert_eq!(
            tribo_beta_thres(null_model, 0.1, &mut x),
            TriboStatus::NullPointer
        );
        assert_eq!(
            tribo_beta_thres(&*model, 0.1, std::ptr::null_mut()),
            TriboStatus::NullPointer
        );
        assert_eq!(
            tribo_model_info(null_model, &mut info),
            TriboStatus::NullPointer
        );
        assert_eq!(
            tribo_model_info(&*model, std::ptr::null_mut()),
            TriboStatus::NullPointer
        );
        assert_eq!(
            tribo_node_reset(std::ptr::null_mut()),
            TriboStatus::NullPointer
        );
        assert_eq!(
            tribo_node_step(null_model, &mut state, &input, &mut out),
            TriboStatus::NullPointer
        );
        assert_eq!(
            tribo_node_step(&*model, std::ptr::null_mut(), &input, &mut out),
            TriboStatus::NullPointer
        );
        assert_eq!(
            tribo_node_step(&*model, &mut state, std::ptr::null(), &mut out),
            TriboStatus::NullPointer
        );
        assert_eq!(
            tribo_node_step(&*model, &mut state, &input, std::ptr::null_mut()),
            TriboStatus::NullPointer
        );
        assert_eq!(
            tribo_node_step(&*model, off.cast(), &input, &mut out),
            TriboStatus::Misaligned
        );
        assert_eq!(
            tribo_node_step(&*model, &mut state, off.cast(), &mut out),
            TriboStatus::Misaligned
        );
        assert_eq!(
            tribo_node_step(&*model, &mut state, &input, off.cast()),
            TriboStatus::Misaligned
        );
        // Nothing was written by any failed step.
        assert_eq!(
            (state, out),
            (TriboNodeState::default(), TriboNodeOutput::default())
        );

        // An unknown contact value, a negative Δt, a NaN slip rate: errors, state untouched.
        // (Every other refused input: tests/units.rs.)
        let mut bad = TriboNodeState {
            beta: 0.3,
            elastic_slip: 0.0,
            contact: 3,
        };
        assert_eq!(
            tribo_node_step(&*model, &mut bad, &input, &mut out),
            TriboStatus::InvalidState
        );
        assert_eq!(bad.contact, 3);
        // States no step can write (issue 46): β above β_max, or an elastic slip far
        // beyond the largest stick traction's, while sticking; and the largest valid ones.
        for (beta, elastic_slip) in [(1e30, 0.0), (1.01e6, 0.0), (0.3, 1e30), (0.3, -1.0)] {
            let mut bad = TriboNodeState {
                beta,
                elastic_slip,
                contact: 1,
            };
            assert_eq!(
                tribo_node_step(&*model, &mut bad, &input, &mut out),
                TriboStatus::InvalidState,
                "β = {beta}, e = {elastic_slip}"
            );
            assert_eq!((bad.beta, bad.elastic_slip), (beta, elastic_slip));
        }
        let mut edge = TriboNodeState {
            beta: 1e6,
            elastic_slip: 0.0,
            contact: 1,
        };
        assert_eq!(
            tribo_node_step(&*model, &mut edge, &input, &mut out),
            TriboStatus::Ok
        );
        let before = state;
        let neg_dt = TriboNodeInput { dt: -1e-3, ..input };
        assert_eq!(
            tribo_node_step(&*model, &mut state, &neg_dt, &mut out),
            TriboStatus::TimeStepInvalid
        );
        let nan_v = TriboNodeInput {
            slip_rate: f32::NAN,
            ..input
        };
        assert_eq!(
            tribo_node_step(&*model, &mut state, &nan_v, &mut out),
            TriboStatus::SlipRateInvalid
        );
        assert_eq!(state, before);
        // Reset gives the all-zero fresh point.
        state.beta = 0.4;
        assert_eq!(tribo_node_reset(&mut state), TriboStatus::Ok);
        assert_eq!(state, TriboNodeState::default());
    }
}

#[test]
fn every_status_has_a_distinct_name() {
    let names: Vec<String> = TriboStatus::all()
        .iter()
        .map(|s| {
            // SAFETY: the library returns a static NUL-terminated string.
            unsafe { std::ffi::CStr::from_ptr(tribo_status_name(*s as i32)) }
                .to_str()
                .unwrap()
                .to_owned()
        })
        .collect();
    let mut sorted = names.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(sorted.len(), names.len());
    assert!(!names.contains(&"unknown status code".to_owned()));
    for code in [-1, 9, 23, 29, 40, 98, 100, i32::MAX, i32::MIN] {
        // SAFETY: as above.
        let s = unsafe { std::ffi::CStr::from_ptr(tribo_status_name(code)) };
        assert_eq!(s.to_str().unwrap(), "unknown status code");
    }
}

proptest! {
    /// Arbitrary state and input bits: either a status error with nothing written, or a
    /// result inside the law's bounds; never a panic (that would abort the process).
    #[test]
    fn node_step_on_arbitrary_bits_returns_a_status(
        beta in any_f32(), e in any_f32(), contact in 0u32..5,
        dt in any_f32(), du in any_f32(), p in any_f32(), v in any_f32(),
    ) {
        let (model, _) = init(FILLED);
        let mu0 = Table::from_bytes(FILLED).unwrap().law.mu0();
        let mut state = TriboNodeState { beta, elastic_slip: e, contact };
        let before = state;
        let input = TriboNodeInput { dt, slip_increment: du, pressure: p, slip_rate: v };
        let mut out = TriboNodeOutput { mu: -1.0, shear_stress: -1.0, beta_thres: -1.0 };
        // SAFETY: valid pointers.
        let s = unsafe { tribo_node_step(&*model, &mut state, &input, &mut out) };
        if s == TriboStatus::Ok {
            prop_assert!(out.mu >= 0.0 && out.mu <= mu0);
            prop_assert!(out.shear_stress.is_finite());
            prop_assert!(!state.beta.is_nan() && state.beta >= 0.0);
            prop_assert!(state.elastic_slip.is_finite());
            prop_assert!(state.contact <= TRIBO_CONTACT_SLIP);
        } else {
            prop_assert_eq!(state.beta.to_bits(), before.beta.to_bits());
            prop_assert_eq!(state.elastic_slip.to_bits(), before.elastic_slip.to_bits());
            prop_assert_eq!(out.mu, -1.0);
        }
    }
}

/// A table whose fields are each within their bounds but whose law is absurd as a whole
/// (τ0 = 1e11 Pa over E* = 1e5 Pa: μ0 ≈ 6·10⁶) is refused at init with its own status, and
/// never evaluated (issue 32).
#[test]
fn an_implausible_law_is_refused_at_init_with_a_named_status() {
    let mut t = Table::seed000_defaults();
    (t.law.tau0, t.law.e_star) = (1.0e11, 1.0e5);
    let mut buf = [0u8; tribo_core::MAX_TABLE_BYTES];
    let n = t.encode_unvalidated(&mut buf).unwrap();
    let (model, s) = init(&buf[..n]);
    assert_eq!(s, TriboStatus::ImplausibleLaw);
    assert_never_evaluated(&model);
    // SAFETY: the library returns a static NUL-terminated string.
    let name = unsafe { std::ffi::CStr::from_ptr(tribo_status_name(22)) };
    assert!(name.to_str().unwrap().contains("friction law"), "{name:?}");
}
