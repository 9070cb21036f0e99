//! The core's f32 closed-form CVs (seed 004 Eq. 16–17, evaluated on the device) agree with
//! the calibrator's f64 ones (which build the table's CV curves) over l/a ∈ [1e-2, 1e3].

use tribo_calibrator::random_field::closed_form::{cv_force, cv_torque};
use tribo_core::cof_field::{cv_force_translation, cv_torque_translation};

/// Relative agreement of f32 and f64: f32 round-off (ε ≈ 1.2e-7) amplified by the mild
/// cancellation of J0 = 2√π·t·erf(2/t) + t²·expm1(−4/t²) and of J2 near the series switch
/// (t ≈ 2), where the terms are within a factor ~10 of their sum: 1e-5 ≈ 80 ε.
const F32_VS_F64_REL: f64 = 1e-5;

/// Points per decade of l/a.
const PER_DECADE: usize = 40;

#[test]
fn core_f32_cv_agrees_with_calibrator_f64_over_five_decades() {
    let sigma_over_mu = 0.2;
    let n = 5 * PER_DECADE;
    let mut worst: (f64, f64) = (0.0, 0.0);
    for i in 0..=n {
        let t = 10f64.powf(-2.0 + 5.0 * i as f64 / n as f64);
        let t32 = t as f32;
        // Compare at the f32 argument, so only the evaluation differs.
        let t = f64::from(t32);
        let f64_f = cv_force(t, sigma_over_mu);
        let f32_f = f64::from(cv_force_translation(t32, sigma_over_mu as f32).unwrap());
        let f64_t = cv_torque(t, sigma_over_mu);
        let f32_t = f64::from(cv_torque_translation(t32, sigma_over_mu as f32).unwrap());
        for (a, b) in [(f32_f, f64_f), (f32_t, f64_t)] {
            let rel = (a / b - 1.0).abs();
            assert!(
                rel <= F32_VS_F64_REL,
                "l/a = {t}: f32 {a}, f64 {b}, rel {rel:e}"
            );
            if rel > worst.1 {
                worst = (t, rel);
            }
        }
    }
    // σ/μ = 0.2 is the f32 product's only input rounding: the worst case is reported.
    eprintln!(
        "largest relative f32/f64 difference {:.2e} at l/a = {:.3}",
        worst.1, worst.0
    );
}
