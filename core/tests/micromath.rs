//! Accuracy of the friction law μ(v, β) with the active math backend, against an f64
//! reference of the same formula (seed 000 Eq. 9, 23–24):
//!
//! ```text
//! α(v) = b·(1 − e^(−|v|/v_ref)),   μ = μ0·(1 − α·β·h'_rms/κ),   μ0 = τ0·κ/(E*·h'_rms)
//! ```
//!
//! over a grid of velocities spanning both branches of the micromath path (x = v/v_ref from
//! 1e-4 to 40: Taylor polynomial below 1/2, micromath `exp` above, the exact-1 cut above 20)
//! and particle loads β = r·β_thres(v) with r ∈ [0, R_MAX].
//!
//! Run both: `cargo test -p tribo-core --test micromath` (libm) and
//! `cargo test -p tribo-core --no-default-features --features micromath --test micromath`.
//!
//! Why r ≤ R_MAX: with β = r·β_thres, dμ/μ = −r/(1 − r)·dα/α, so any relative error of α is
//! amplified by r/(1 − r) and μ → 0 at β_thres; beyond r = 0.9 a *relative* bound of μ says
//! little (the absolute error, ≤ μ0·dα/α, stays small and is checked separately).

use tribo_core::law::{AlphaCurve, AlphaLaw, FrictionLaw, LawParams};

/// Largest β/β_thres on the grid (see the module docs).
const R_MAX: f64 = 0.9;

/// Bound on the relative error of 1 − e^(−x) (the shape of α): micromath's `exp` (a 4-term
/// series on the range-reduced argument) has a relative error up to 2.39e-3 (measured on
/// x ∈ [1e-4, 40], largest near x = ln 2 and x = 4 ln 2); where 1 − e^(−x) does not cancel
/// (x > 1/2, the Taylor branch covers the rest to 3.2e-6) that error is multiplied by
/// e^(−x)/(1 − e^(−x)) ≤ 1.54, and the measured maximum is again 2.39e-3 at x ≈ ln 2.
#[cfg(feature = "micromath")]
const ALPHA_REL_ERR_BOUND: f64 = 2.5e-3;

/// libm's `expm1f`: < 1 ulp, plus the rounding of the f32 result (2 × 6e-8).
#[cfg(not(feature = "micromath"))]
const ALPHA_REL_ERR_BOUND: f64 = 2.0e-7;

/// Bound on the relative error of μ: r/(1 − r) ≤ 9 times [`ALPHA_REL_ERR_BOUND`], plus a few
/// f32 roundings (≈ 6e-8 each, also amplified by 9) in β/β_thres and μ0·(1 − ·).
const MU_REL_ERR_BOUND: f64 = 9.0 * ALPHA_REL_ERR_BOUND + 9.0 * 4.0 * 6.0e-8;

/// Absolute error of μ relative to μ0 for any β ≤ β_thres: the relative error of α times
/// α·β·h'_rms/κ = β/β_thres ≤ 1, plus roundings.
const MU_ABS_ERR_BOUND_OVER_MU0: f64 = ALPHA_REL_ERR_BOUND + 4.0 * 6.0e-8;

fn params() -> LawParams {
    LawParams {
        tau0: 1.4025e9,
        kappa: 2.0,
        e_star: 55.0e9,
        slope_rms: 0.34,
    }
}

/// f64 reference: (μ, β_thres) at (v, β).
fn reference(p: &LawParams, law: &AlphaLaw, v: f64, beta: f64) -> (f64, f64) {
    let (tau0, kappa, e_star, h) = (
        f64::from(p.tau0),
        f64::from(p.kappa),
        f64::from(p.e_star),
        f64::from(p.slope_rms),
    );
    let decay = (-v.abs() / f64::from(law.v_ref)).exp();
    let alpha = f64::from(law.alpha_inf) * (1.0 - decay) + f64::from(law.alpha_0) * decay;
    let mu0 = tau0 * kappa / (e_star * h);
    let beta_thres = kappa / (alpha * h);
    (mu0 * (1.0 - beta / beta_thres), beta_thres)
}

/// Largest (relative error over the grid with r ≤ R_MAX, absolute error / μ0 for r ≤ 1).
fn max_errors(sat: AlphaLaw) -> (f64, f64) {
    let p = params();
    let law = FrictionLaw::new(p, AlphaCurve::from_law(sat)).expect("valid law");
    let mu0 = f64::from(law.mu0());
    let (mut rel, mut abs) = (0.0f64, 0.0f64);
    for i in 0..=400 {
        // x = v/v_ref from 1e-4 to 40, log-spaced.
        let x = 1.0e-4 * (4.0e5f64).powf(f64::from(i) / 400.0);
        let v = x * f64::from(sat.v_ref);
        let v32 = v as f32;
        let v = f64::from(v32);
        for k in 0..=20 {
            let r = f64::from(k) / 20.0;
            let (_, beta_thres) = reference(&p, &sat, v, 0.0);
            let beta32 = (r * beta_thres) as f32;
            let (mu_ref, _) = reference(&p, &sat, v, f64::from(beta32));
            let mu = f64::from(law.mu(v32, beta32));
            abs = abs.max((mu - mu_ref.max(0.0)).abs() / mu0);
            if r <= R_MAX {
                rel = rel.max((mu - mu_ref).abs() / mu_ref);
            }
        }
    }
    (rel, abs)
}

#[test]
fn mu_error_of_the_math_backend_is_bounded() {
    // The seed-000 defaults (v_ref = 0.1 m/s) and a slow law (v_ref = 5 m/s): the grid in x
    // is the same, the f32 inputs differ.
    for sat in [
        AlphaLaw::saturation(20.0, 0.1),
        AlphaLaw::saturation(8.0, 5.0),
        // Format 2's falling law (α0 > α∞), as the lubricated model can give.
        AlphaLaw {
            alpha_inf: 3.0,
            alpha_0: 8.0,
            v_ref: 5.0,
        },
    ] {
        let (rel, abs) = max_errors(sat);
        println!(
            "backend {}: {sat:?}: max relative error of mu {rel:.3e} (r <= {R_MAX}), max |error|/mu0 {abs:.3e}",
            if cfg!(feature = "micromath") {
                "micromath"
            } else {
                "libm"
            }
        );
        assert!(
            rel <= MU_REL_ERR_BOUND,
            "{sat:?}: {rel:e} > {MU_REL_ERR_BOUND:e}"
        );
        assert!(
            abs <= MU_ABS_ERR_BOUND_OVER_MU0,
            "{sat:?}: {abs:e} > {MU_ABS_ERR_BOUND_OVER_MU0:e}"
        );
    }
}

#[test]
fn saturation_shape_error_of_the_math_backend_is_bounded() {
    let mut worst = (0.0f64, 0.0f64);
    for i in 0..=20_000 {
        let x = (1.0e-4 * (4.0e5f64).powf(f64::from(i) / 20_000.0)) as f32;
        let reference = -(-f64::from(x)).exp_m1();
        let got = f64::from(tribo_core::math::one_minus_exp_neg(x));
        let rel = (got - reference).abs() / reference;
        if rel > worst.0 {
            worst = (rel, f64::from(x));
        }
    }
    println!(
        "max relative error of 1 - exp(-x): {:.3e} at x = {:.4}",
        worst.0, worst.1
    );
    assert!(worst.0 <= ALPHA_REL_ERR_BOUND, "{worst:?}");
    assert_eq!(tribo_core::math::one_minus_exp_neg(f32::INFINITY), 1.0);
    assert!(tribo_core::math::one_minus_exp_neg(f32::NAN).is_nan());
    assert_eq!(tribo_core::math::one_minus_exp_neg(0.0), 0.0);
}

/// The micromath path is a different approximation: it must not be bit-identical to libm
/// everywhere (else this test file would check libm twice).
#[cfg(feature = "micromath")]
#[test]
fn micromath_backend_is_really_active() {
    let x = 0.8f32;
    let fast = tribo_core::math::one_minus_exp_neg(x);
    let accurate = -libm_expm1(-x);
    assert_ne!(fast.to_bits(), accurate.to_bits());
    assert!((fast - accurate).abs() / accurate < 3.0e-3);
}

#[cfg(feature = "micromath")]
fn libm_expm1(x: f32) -> f32 {
    // f64 reference of expm1, rounded: the test does not depend on libm directly.
    (f64::from(x).exp_m1()) as f32
}
