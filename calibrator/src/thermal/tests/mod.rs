//! Thermal oracles: two-disk decay against the exact exponential and the θ = ½ scheme's exact
//! discrete amplification; a chain's linear steady profile; the strip conductance's closed form
//! against its Fourier series; the seed's Eq. 7 against it (printed, not asserted equal).

use super::conductance::*;
use super::scheme::{Link, ThermalState};

/// Round-off of a CG solve at [`super::scheme::CG_TOLERANCE`], relative to ΔT0.
const ROUND_OFF: f64 = 1e-11;

#[test]
fn two_disks_decay_with_the_crank_nicolson_factor_and_near_the_exponential() {
    let (c1, c2, h) = (2.0, 3.0, 0.5);
    let lambda = h * (1.0 / c1 + 1.0 / c2);
    let (t1, t2) = (400.0, 300.0);
    for dt in [0.05, 0.5, 2.0] {
        let mut s = ThermalState::new(vec![t1, t2], vec![c1, c2]);
        let links = [Link { i: 0, j: 1, h }];
        let e0 = s.heat_content();
        let steps = (20.0 / dt) as usize;
        let rho = (1.0 - 0.5 * lambda * dt) / (1.0 + 0.5 * lambda * dt);
        for n in 1..=steps {
            s.step(&links, &[0.0, 0.0], dt);
            let dtemp = s.temperature[0] - s.temperature[1];
            let discrete = (t1 - t2) * rho.powi(n as i32);
            assert!(
                (dtemp - discrete).abs() <= ROUND_OFF * (t1 - t2),
                "dt {dt} n {n}: {dtemp} vs {discrete}"
            );
            // Exact solution ΔT0·exp(−λt); the scheme differs by n·|ρ − e^{−λdt}|·max factor,
            // and |ρ − e^{−λdt}| ≤ (λdt)³/12 per step (the scheme's local error).
            let exact = (t1 - t2) * (-lambda * dt * n as f64).exp();
            let bound = (t1 - t2) * n as f64 * (lambda * dt).powi(3) / 12.0 + ROUND_OFF * (t1 - t2);
            assert!(
                (dtemp - exact).abs() <= bound,
                "dt {dt} n {n}: {dtemp} vs exact {exact}"
            );
        }
        assert!(
            (s.heat_content() - e0).abs() <= 1e-12 * e0,
            "heat not conserved"
        );
    }
}

#[test]
fn a_chain_between_two_reservoirs_reaches_the_linear_profile() {
    let n = 12;
    let (hot, cold) = (500.0, 300.0);
    let mut capacity = vec![1.0; n];
    capacity[0] = f64::INFINITY;
    capacity[n - 1] = f64::INFINITY;
    let mut temperature = vec![cold; n];
    temperature[0] = hot;
    let mut s = ThermalState::new(temperature, capacity);
    let links: Vec<Link> = (0..n - 1)
        .map(|i| Link {
            i,
            j: i + 1,
            h: 1.0,
        })
        .collect();
    // Slowest mode decays as exp(−4 sin²(π/(2(n−1)))·t) ≈ exp(−0.02 t): 2000 time units is e^-40.
    for _ in 0..4000 {
        s.step(&links, &vec![0.0; n], 0.5);
    }
    for (i, t) in s.temperature.iter().enumerate() {
        let linear = hot + (cold - hot) * i as f64 / (n - 1) as f64;
        assert!(
            (t - linear).abs() <= 1e-9 * hot,
            "node {i}: {t} vs {linear}"
        );
    }
}

#[test]
fn strip_closed_form_matches_its_fourier_series() {
    // The closed form drops O(φ²) terms; at φ = 0.1 that is ~1e-4 relative (measured 9e-5).
    for (b_over_r, tol) in [(0.3, 2e-3), (0.1, 2e-4), (0.01, 1e-6), (0.001, 1e-8)] {
        let series = strip_resistance_series(b_over_r, 1.0, 400_000);
        let closed = strip_resistance_closed(b_over_r, 1.0);
        assert!(
            (closed - series).abs() <= tol * series,
            "b/R {b_over_r}: {closed} vs {series}"
        );
    }
}

#[test]
fn seed_eq7_against_the_2d_strip_conductance() {
    // A 1 µm disk pair of a ceramic-like third body under 1e-3 … 1 N/m.
    let mat = ThermalMaterial {
        conductivity: 10.0,
        young: 200e9,
        poisson: 0.3,
        specific_heat: 800.0,
    };
    let r = 1e-6;
    for f in [1e-3, 1e-2, 1e-1, 1.0] {
        let strip = conductance(ConductanceModel::Strip2D, f, r, r, &mat);
        let eq7 = conductance(ConductanceModel::SeedEq7, f, r, r, &mat);
        let eq6 = conductance(ConductanceModel::Hertz3D, f, r, r, &mat);
        println!(
            "F' = {f:e} N/m: strip 2D {strip:.4e}, Eq. 7 (L = 1 m) {eq7:.4e}, Eq. 6 {eq6:.4e}"
        );
        // The strip law is a weak (logarithmic) function of load and of order k.
        assert!(strip > 0.1 * mat.conductivity && strip < mat.conductivity * core::f64::consts::PI);
    }
    // Against the Fourier series (the exact lumped two-disk conduction), load by load.
    for f in [1e-3, 1.0] {
        let b = hertz_half_width(f, 0.5 * r, &mat);
        let exact = core::f64::consts::PI * mat.conductivity
            / (2.0 * strip_resistance_series(b, r, 400_000));
        let strip = conductance(ConductanceModel::Strip2D, f, r, r, &mat);
        assert!(
            (strip - exact).abs() <= 1e-6 * exact,
            "F' {f}: {strip} vs series {exact}"
        );
    }
}

mod wall;
