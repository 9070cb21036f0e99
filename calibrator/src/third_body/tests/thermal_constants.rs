//! The scale implied by the thermal constants ([`crate::third_body::thermal_constants`]), against closed forms: two
//! equal disks of the study's mean size pressed by the cell's mean contact force P·d exchange
//! heat as ΔT0·exp(−t/τ) with τ = C/(2H), C = ρcπr² and H the exact lumped two-disk
//! conductance (the strip law's Fourier series); and the θ = ½ scheme's factor per step for
//! that pair, (1 − λh/2)/(1 + λh/2) with λ = 2H/C, which the scaled constants make negative.

use core::f64::consts::PI;

use crate::thermal::conductance::{hertz_half_width, strip_resistance_series};
use crate::thermal::{ConductanceModel, Link, ThermalState, conductance};
use crate::third_body::study::{default_cell, default_thermal};
use crate::third_body::thermal_constants::ThermalConstants;

/// The pair's capacity C (J/(m·K)), exact conductance (series) and the model's conductance
/// (closed form), both W/(m·K), for `constants`.
fn pair(constants: ThermalConstants) -> (f64, f64, f64) {
    let cell = default_cell();
    let m = constants.material();
    let r = 0.5 * cell.mean_diameter();
    let force = cell.pressure() * cell.mean_diameter();
    let capacity = cell.density * m.specific_heat * PI * r * r;
    let b = hertz_half_width(force, 0.5 * r, &m);
    let exact = PI * m.conductivity / (2.0 * strip_resistance_series(b, r, 400_000));
    let model = conductance(ConductanceModel::Strip2D, force, r, r, &m);
    (capacity, exact, model)
}

/// Relative agreement of the simulated 1/e time with τ: the closed form drops O(φ²) ≈ 1e-7 of
/// the series, the θ = ½ scheme's decay rate errs by (λh)²/12 ≈ 7e-7 at λh ≈ 3e-3, the log-linear
/// interpolation between steps is exact for an exponential, CG round-off is ~1e-13 K.
const TAU_TOL: f64 = 1e-5;

#[test]
fn sapphire_pair_decays_with_the_closed_form_time_constant_of_hundreds_of_steps() {
    let (capacity, exact, model) = pair(ThermalConstants::Sapphire);
    let tau = capacity / (2.0 * exact);
    let h = default_cell().h;
    let mut s = ThermalState::new(vec![701.0, 700.0], vec![capacity; 2]);
    let links = [Link {
        i: 0,
        j: 1,
        h: model,
    }];
    let (mut prev, mut n) = (1.0f64, 0usize);
    let t_e = loop {
        s.step(&links, &[0.0, 0.0], h);
        n += 1;
        let d = s.temperature[0] - s.temperature[1];
        if d <= (-1.0f64).exp() {
            // ln ΔT is linear in t for an exponential: interpolate the 1/e crossing.
            let frac = (prev.ln() + 1.0) / (prev.ln() - d.ln());
            break (n as f64 - 1.0 + frac) * h;
        }
        prev = d;
        assert!(n < 100_000, "no decay");
    };
    println!(
        "sapphire pair: C = {capacity:.4e} J/(m·K), H = {exact:.4e} W/(m·K), τ = {:.4} µs = {:.1} \
         steps of {h:e} s; simulated 1/e time {:.4} µs",
        tau * 1e6,
        tau / h,
        t_e * 1e6
    );
    assert!((t_e - tau).abs() <= TAU_TOL * tau, "{t_e} vs τ = {tau}");
    // The scale by hand: r = 1 µm, F' = P·d = (1 N/m / 48 µm)·2 µm = 0.0417 N/m,
    // E* = 345 GPa/(1 − 0.25²)/2 = 184 GPa, b = √(4F'R*/(πE*)) = 3.8e-10 m, φ = b/r,
    // 1/H = 2(13/8 − ln 2φ)/(πk) → H = 2.24 W/(m·K); C = 4000·1000·π·(1 µm)² = 1.26e-5 J/(m·K);
    // τ = C/(2H) = 2.8 µs = 350 steps of 8 ns. Bound: ±10 % (the hand rounding).
    assert!((tau / h - 350.0).abs() <= 35.0, "τ/h = {}", tau / h);
}

#[test]
fn scaled_pair_time_constant_is_below_one_step_and_the_scheme_factor_is_negative() {
    let (capacity, exact, model) = pair(ThermalConstants::Scaled);
    let h = default_cell().h;
    let lambda_h = 2.0 * model / capacity * h;
    let factor = (1.0 - 0.5 * lambda_h) / (1.0 + 0.5 * lambda_h);
    let mut s = ThermalState::new(vec![701.0, 700.0], vec![capacity; 2]);
    let links = [Link {
        i: 0,
        j: 1,
        h: model,
    }];
    s.step(&links, &[0.0, 0.0], h);
    let d = s.temperature[0] - s.temperature[1];
    println!(
        "scaled pair: τ = {:.3} ns = {:.3} steps, λh = {lambda_h:.3}, factor per step {factor:.4}",
        capacity / (2.0 * exact) * 1e9,
        capacity / (2.0 * exact) / h
    );
    // The step's factor is the scheme's exact amplification (round-off of CG on 700 K values).
    assert!((d - factor).abs() <= 1e-9, "{d} vs {factor}");
    assert!(lambda_h > 2.0 && d < 0.0, "λh = {lambda_h}, factor {d}");
}

#[test]
fn scaled_constants_are_the_studies_default_setup() {
    let cell = default_cell();
    assert_eq!(
        ThermalConstants::Scaled.heating_setup(&cell, default_thermal().temperature),
        default_thermal()
    );
}
