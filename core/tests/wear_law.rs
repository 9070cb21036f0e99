//! The β-transport's Archard source with K(p) from the table's wear section (seed 001):
//! closed-form source per step, the scalar law bit-identical to seed 000's constant K,
//! ShapeOnly keeping the transport's K at p_ref, clamping to the calibrated range, the
//! per-node and the uniform-pressure paths agreeing bit for bit, and an invalid law refused
//! without a panic.

use tribo_core::Error;
use tribo_core::table::{Table, WearForm, WearSection};
use tribo_core::transport::{TransportParams, step};
use tribo_core::wear_law::WearPressureLaw;

/// f32 evaluation of K·(p/p_ref)^n·P·|U̇|·Δt/(H·h_p) against f64: a few ulps.
const F32_RELATIVE: f64 = 1e-5;

/// The filled example's section: Absolute, K0 = 2e-4, p_ref = 10 MPa, n = 0.4, 2–30 MPa.
fn example_section() -> WearSection {
    Table::filled_example()
        .wear
        .expect("the filled example has a wear section")
}

/// β after one step from 0 on a 4-node line at pressure `p` and 0.08 m/s, ζ = 0 (no drift).
fn one_step(params: &TransportParams, p: f32) -> f32 {
    let tp = TransportParams {
        zeta: 0.0,
        ..*params
    };
    let mut beta = [0.0f32; 4];
    step(&tp, 1e-3, &[p; 4], &[0.08; 4], &[f32::NAN; 4], &mut beta).unwrap();
    beta[1]
}

fn closed_form(k0: f64, p_ref: f64, n: f64, p: f64, params: &TransportParams) -> f64 {
    k0 * (p / p_ref).powf(n) * p * 0.08 * 1e-3
        / (f64::from(params.hardness) * f64::from(params.particle_thickness))
}

#[test]
fn absolute_section_gives_the_power_law_source() {
    let s = example_section();
    let tp = TransportParams::seed_000(1e-3).with_wear_section(Some(&s));
    assert_eq!(tp.archard_k, s.k0);
    for p in [5e6f32, 10e6, 20e6] {
        let got = f64::from(one_step(&tp, p));
        let want = closed_form(2e-4, 10e6, 0.4, f64::from(p), &tp);
        assert!(
            (got / want - 1.0).abs() < F32_RELATIVE,
            "p {p}: {got} vs {want}"
        );
    }
    // Outside the calibrated 2–30 MPa, K is K(30 MPa) (the pressure itself is not clamped).
    let got = f64::from(one_step(&tp, 60e6));
    let want = closed_form(2e-4 * 3f64.powf(0.4), 10e6, 0.0, 60e6, &tp);
    assert!((got / want - 1.0).abs() < F32_RELATIVE);
}

/// A line with different pressures takes the per-node path of the transport, a uniform line
/// the one-factor-per-step path: node by node they give the same β bit for bit, and the
/// closed form; nodes off the tool create nothing.
#[test]
fn per_node_pressures_agree_with_the_uniform_path_bit_for_bit() {
    let tp = TransportParams {
        zeta: 0.0,
        ..TransportParams::seed_000(1e-3).with_wear_section(Some(&example_section()))
    };
    let pressure = [5e6f32, 10e6, 10e6, 0.0, 20e6, 60e6, 1e6, 5e6];
    let mut beta = [0.0f32; 8];
    step(&tp, 1e-3, &pressure, &[0.08; 8], &[f32::NAN; 8], &mut beta).unwrap();
    for (&p, &b) in pressure.iter().zip(&beta) {
        if p > 0.0 {
            assert_eq!(b.to_bits(), one_step(&tp, p).to_bits(), "p {p}");
            let want = closed_form(2e-4, 10e6, 0.4, f64::from(p.clamp(2e6, 30e6)), &tp)
                * f64::from(p)
                / f64::from(p.clamp(2e6, 30e6));
            assert!((f64::from(b) / want - 1.0).abs() < F32_RELATIVE, "p {p}");
        } else {
            assert_eq!(b, 0.0);
        }
    }
}

#[test]
fn shape_only_keeps_the_transport_k_at_p_ref() {
    let mut s = example_section();
    s.form = WearForm::ShapeOnly;
    s.k0 = 1.0;
    s.k0_ci95 = [0.6, 1.5];
    s.validate().unwrap();
    let scalar = TransportParams::seed_000(1e-3);
    let tp = scalar.with_wear_section(Some(&s));
    assert_eq!(tp.archard_k, scalar.archard_k);
    assert_eq!(one_step(&tp, 10e6), one_step(&scalar, 10e6));
    let got = f64::from(one_step(&tp, 20e6));
    let want = closed_form(1e-4, 10e6, 0.4, 20e6, &tp);
    assert!((got / want - 1.0).abs() < F32_RELATIVE);
}

#[test]
fn no_section_or_zero_exponent_is_the_scalar_bit_for_bit() {
    let scalar = TransportParams::seed_000(1e-3);
    assert_eq!(scalar.with_wear_section(None), scalar);
    let mut s = example_section();
    s.exponent = 0.0;
    s.exponent_ci95 = [-0.1, 0.2];
    s.k0 = scalar.archard_k;
    s.k0_ci95 = [0.5 * s.k0, 2.0 * s.k0];
    let tp = scalar.with_wear_section(Some(&s));
    for p in [1e6f32, 10e6, 1e9] {
        assert_eq!(one_step(&tp, p).to_bits(), one_step(&scalar, p).to_bits());
    }
}

#[test]
fn invalid_pressure_law_is_refused_not_a_panic() {
    let mut tp = TransportParams::seed_000(1e-3);
    for law in [
        WearPressureLaw {
            p_ref: f32::NAN,
            ..WearPressureLaw::SCALAR
        },
        WearPressureLaw {
            exponent: f32::INFINITY,
            ..WearPressureLaw::SCALAR
        },
        WearPressureLaw {
            pressure_range: [2.0, 1.0],
            ..WearPressureLaw::SCALAR
        },
    ] {
        tp.k_law = law;
        let mut beta = [0.0f32; 4];
        let r = step(&tp, 1e-3, &[1e7; 4], &[0.1; 4], &[1.0; 4], &mut beta);
        assert_eq!(r, Err(Error::InvalidParameter));
        assert_eq!(beta, [0.0; 4]);
        // The factor itself never panics on an invalid law.
        let _ = law.factor(5e6);
    }
}

/// The polynomial x^y against f64 over pressure ratios 1e-3…1e3 and exponents −2…2.
#[test]
fn fast_powf_matches_f64_powf() {
    use tribo_core::wear_law::fast_powf;
    let mut worst = 0.0f64;
    for i in 0..=600 {
        let x = 10f64.powf(-3.0 + 6.0 * f64::from(i) / 600.0) as f32;
        for j in 0..=40 {
            let y = -2.0 + 4.0 * j as f32 / 40.0;
            let want = f64::from(x).powf(f64::from(y));
            let got = f64::from(fast_powf(x, y));
            worst = worst.max((got / want - 1.0).abs());
        }
    }
    assert!(worst < F32_RELATIVE, "worst relative error {worst:e}");
    // Outside the fast path: the libm fallback.
    assert_eq!(fast_powf(0.0, 0.5), 0.0);
    assert!(fast_powf(f32::NAN, 0.5).is_nan());
    assert_eq!(fast_powf(f32::INFINITY, 0.5), f32::INFINITY);
}
