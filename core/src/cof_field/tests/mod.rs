//! Tests of the COF model choice and the f32 closed forms (seed 004 Eq. 16–17).

use super::*;
use proptest::prelude::*;

/// f64 reference of the printed Eq. 16 bracket (direct, accurate for t ≤ 5 where the
/// cancellation loses at most ~t⁴ ≈ 600× of 1e-16).
fn eq16_printed(t: f64) -> f64 {
    let e = (-4.0 / (t * t)).exp();
    let erf = libm::erf(2.0 / t);
    let pi = core::f64::consts::PI;
    let br = 4.0 * pi * erf * erf * t * t
        + 4.0 * pi.sqrt() * erf * (e - 1.0) * t.powi(3)
        + (1.0 - 2.0 * e + e * e) * t.powi(4);
    0.25 * br.sqrt()
}

/// f64 reference of the printed Eq. 17 bracket.
fn eq17_printed(t: f64) -> f64 {
    let e = (-4.0 / (t * t)).exp();
    let erf = libm::erf(2.0 / t);
    let pi = core::f64::consts::PI;
    let sp = pi.sqrt();
    let br = 4.0 * pi / 3.0 * erf * erf * t * t
        + 4.0 * sp / 3.0 * erf * (e - 2.0) * t.powi(3)
        + (1.0 - 4.0 / 3.0 * e + e * e / 3.0) * t.powi(4)
        + sp / 3.0 * erf * (1.0 - e) * t.powi(5)
        + (e / 3.0 - e * e / 6.0 - 1.0 / 6.0) * t.powi(6);
    core::f64::consts::SQRT_2 / 4.0 * br.sqrt()
}

/// f32 evaluation of O(1) special functions, compared with an f64 reference.
const F32_REL_TOL: f32 = 2e-4;

#[test]
fn closed_forms_match_printed_equations_where_these_are_accurate() {
    for k in 0..=60 {
        let t = 10f64.powf(-2.0 + 2.7 * k as f64 / 60.0); // 0.01 … 5
        let f = cv_force_translation(t as f32, 1.0).unwrap();
        let m = cv_torque_translation(t as f32, 1.0).unwrap();
        let (rf, rm) = (eq16_printed(t) as f32, eq17_printed(t) as f32);
        assert!((f - rf).abs() <= F32_REL_TOL * rf, "t={t}: {f} vs {rf}");
        assert!((m - rm).abs() <= F32_REL_TOL * rm, "t={t}: {m} vs {rm}");
    }
}

/// Values from a 40-digit mpmath evaluation of ∫∫ρ (checked by quadrature) at t = 10, 100:
/// the printed forms cannot be evaluated there in f32 (nor accurately in f64 at 100).
#[test]
fn closed_forms_stable_at_large_t_and_limits() {
    let cases = [
        (10.0f32, 0.993_386_3, 0.066_049_38),
        (100.0, 0.999_933_34, 0.006_666_044),
        (1.0, 0.636_660_3, 0.331_794_23),
    ];
    for (t, f_ref, m_ref) in cases {
        let f = cv_force_translation(t, 1.0).unwrap();
        let m = cv_torque_translation(t, 1.0).unwrap();
        assert!((f - f_ref).abs() <= F32_REL_TOL * f_ref, "t={t}: {f}");
        assert!((m - m_ref).abs() <= F32_REL_TOL * m_ref, "t={t}: {m}");
    }
    // Eq. 19: limits.
    assert_eq!(cv_force_translation(f32::INFINITY, 0.2), Ok(0.2));
    assert_eq!(cv_torque_translation(f32::INFINITY, 0.2), Ok(0.0));
    assert!(cv_force_translation(1e-6, 0.2).unwrap() < 1e-5);
    assert!(cv_torque_translation(1e-6, 0.2).unwrap() < 1e-5);
    assert!((cv_force_translation(1e6, 0.2).unwrap() - 0.2).abs() < 1e-6);
    // Series switch is continuous.
    let below = cv_torque_translation(SERIES_FROM_T * (1.0 - 1e-6), 1.0).unwrap();
    let above = cv_torque_translation(SERIES_FROM_T, 1.0).unwrap();
    assert!((below - above).abs() < F32_REL_TOL * above);
}

#[test]
fn closed_forms_reject_bad_input() {
    assert_eq!(
        cv_force_translation(f32::NAN, 0.2),
        Err(Error::NonFiniteInput)
    );
    assert_eq!(
        cv_force_translation(1.0, f32::INFINITY),
        Err(Error::NonFiniteInput)
    );
    assert_eq!(cv_torque_translation(-1.0, 0.2), Err(Error::OutOfDomain));
    assert_eq!(cv_torque_translation(0.0, 0.2), Err(Error::OutOfDomain));
    assert_eq!(cv_force_translation(1.0, -0.1), Err(Error::OutOfDomain));
}

/// A section whose translation curves are the closed forms at the grid points.
fn closed_form_section() -> CofSection {
    CofSection::filled_example()
}

/// Monotone cubic interpolation of the closed form on a 1/6-decade grid: a few 1e-3 of
/// CV/(σ/μ) at most (checked by the sweep below).
const INTERP_BAND: f32 = 5e-3;

#[test]
fn decision_agrees_with_closed_form_in_translation() {
    let s = closed_form_section();
    let a = 0.3f32;
    let mut checked = 0;
    for &(smu, tol) in &[(0.2f32, 0.05f32), (0.1, 0.05), (0.3, 0.02), (0.2, 0.1)] {
        for k in 0..=400 {
            let la = libm::powf(10.0, -2.5 + 5.0 * k as f32 / 400.0);
            let got = choose_model(&s, la * a, a, smu, f32::INFINITY, tol).unwrap();
            let t = la.clamp(0.01, 100.0); // the table clamps to its grid
            let cv = cv_force_translation(t, 1.0).unwrap();
            let expect = if cv * smu < tol {
                CofModel::Deterministic
            } else if (cv - 1.0).abs() <= s.plateau_tolerance {
                CofModel::RandomVariable
            } else {
                CofModel::RandomField
            };
            let near_boundary = ((cv * smu - tol).abs() < INTERP_BAND * smu)
                || ((1.0 - cv) - s.plateau_tolerance).abs() < INTERP_BAND;
            if !near_boundary {
                assert_eq!(got, expect, "l/a={la} σ/μ={smu} tol={tol} cv={cv}");
                checked += 1;
            }
        }
    }
    assert!(checked > 1500);
    // The seed's thresholds at σ/μ = 0.2, 5 %: 0.3 and ≈ 10 (8.1 at a 1 % plateau).
    let d = |la: f32| choose_model(&s, la, 1.0, 0.2, f32::INFINITY, 0.05).unwrap();
    assert_eq!(d(0.25), CofModel::Deterministic);
    assert_eq!(d(0.4), CofModel::RandomField);
    assert_eq!(d(5.0), CofModel::RandomField);
    assert_eq!(d(12.0), CofModel::RandomVariable);
}

#[test]
fn decision_rejects_bad_input_and_sections() {
    let s = closed_form_section();
    let inf = f32::INFINITY;
    assert_eq!(
        choose_model(&s, f32::NAN, 1.0, 0.2, inf, 0.05),
        Err(Error::NonFiniteInput)
    );
    assert_eq!(
        choose_model(&s, 1.0, 1.0, 0.2, f32::NAN, 0.05),
        Err(Error::NonFiniteInput)
    );
    assert_eq!(
        choose_model(&s, -1.0, 1.0, 0.2, inf, 0.05),
        Err(Error::OutOfDomain)
    );
    assert_eq!(
        choose_model(&s, 1.0, 0.0, 0.2, inf, 0.05),
        Err(Error::OutOfDomain)
    );
    assert_eq!(
        choose_model(&s, 1.0, 1.0, 0.2, inf, 0.0),
        Err(Error::OutOfDomain)
    );
    assert_eq!(
        choose_model(&CofSection::default(), 1.0, 1.0, 0.2, inf, 0.05),
        Err(Error::MissingSection)
    );
    let mut bad = s.clone();
    bad.rotation_cv_t.pop();
    assert_eq!(
        choose_model(&bad, 1.0, 1.0, 0.2, 0.0, 0.05),
        Err(Error::InvalidTable)
    );
    let mut bad = s.clone();
    bad.log10_la_step = f32::NAN;
    assert_eq!(
        choose_model(&bad, 1.0, 1.0, 0.2, 1.0, 0.05),
        Err(Error::InvalidTable)
    );
    let mut bad = s;
    bad.planar_rho_over_a[1] = 0.05;
    assert_eq!(
        choose_model(&bad, 1.0, 1.0, 0.2, 1.0, 0.05),
        Err(Error::InvalidTable)
    );
}

#[test]
fn encoded_size_within_budget() {
    /// The table budget allots ~1.6 KiB to this section.
    const MAX_BYTES: usize = 1640;
    let s = CofSection::filled_example();
    let mut buf = [0u8; 4096];
    let used = postcard::to_slice(&s, &mut buf).unwrap();
    assert!(used.len() <= MAX_BYTES, "{} bytes", used.len());
    let back: CofSection = postcard::from_bytes(used).unwrap();
    assert_eq!(back, s);
}

proptest! {
    #[test]
    fn never_panics(l in any::<f32>(), a in any::<f32>(), smu in any::<f32>(),
                    rho in any::<f32>(), tol in any::<f32>()) {
        let s = closed_form_section();
        let _ = choose_model(&s, l, a, smu, rho, tol);
        let _ = cv_force_translation(l, smu);
        let _ = cv_torque_translation(a, smu);
    }

    #[test]
    fn planar_decision_is_finite_for_valid_input(la in -3.0f32..3.0, rho in 0.0f32..20.0) {
        let s = closed_form_section();
        let m = choose_model(&s, libm::powf(10.0, la), 1.0, 0.2, rho, 0.05);
        prop_assert!(m.is_ok());
    }
}
