//! Oracles of the walls' heat equation (Eq. 16, [`crate::thermal::wall`]): a slab under a constant surface
//! flux against the semi-infinite closed form and against exact heat conservation; a cosine
//! across the period decaying with the grid's exact discrete eigenvalue under θ = ½.

use crate::thermal::scheme::{Link, ThermalState};
use crate::thermal::wall::{WallGrid, WallSlab};

fn unit_slab(columns: usize, dz: f64, thickness: f64) -> WallSlab {
    WallSlab {
        conductivity: 1.0,
        density: 1.0,
        specific_heat: 1.0,
        columns,
        first_layer: dz,
        growth: 1.0,
        thickness,
    }
}

/// Semi-infinite solid, constant flux q'' into its surface from t = 0 (Carslaw & Jaeger §2.9):
/// T(z, t) − T0 = (2q''/k)[√(αt/π)·exp(−z²/4αt) − (z/2)·erfc(z/(2√(αt)))].
fn semi_infinite_rise(q: f64, k: f64, alpha: f64, z: f64, t: f64) -> f64 {
    let s = (alpha * t).sqrt();
    2.0 * q / k
        * (s / core::f64::consts::PI.sqrt() * (-z * z / (4.0 * s * s)).exp()
            - 0.5 * z * libm::erfc(z / (2.0 * s)))
}

#[test]
fn slab_under_a_constant_flux_follows_the_semi_infinite_solution_and_conserves_heat() {
    // α = 1 m²/s, Δz = 0.01 m, t_end = 0.05 s: diffusion length √(αt) = 0.22 m ≪ 2 m slab
    // (adiabatic back face never reached: the closed form's rise there is < 1e-20).
    // Temperatures start at 0 K (the problem is linear): the heat content is the heat put in, so
    // the CG residual is relative to it.
    let (dz, dt, steps, q, t0) = (0.01, 1e-4, 500, 1.0, 0.0);
    let slab = unit_slab(4, dz, 2.0);
    let (mut capacity, mut links) = (Vec::new(), Vec::<Link>::new());
    let grid = WallGrid::build(&slab, 4.0 * dz, &mut capacity, &mut links);
    assert_eq!(grid.layers.len(), 200);
    let mut s = ThermalState::new(vec![t0; grid.cells()], capacity);
    let mut heat = vec![0.0; grid.cells()];
    for c in 0..grid.columns {
        heat[grid.cell(c, 0)] = q * grid.dx * dt;
    }
    let e0 = s.heat_content();
    for _ in 0..steps {
        s.step(&links, &heat, dt);
    }
    let t = steps as f64 * dt;
    let put_in = q * grid.dx * grid.columns as f64 * t;
    // Conservation: the CG solve's relative residual 1e-13 per step, over 500 steps.
    const CONSERVATION: f64 = 1e-9;
    assert!(
        (s.heat_content() - e0 - put_in).abs() <= CONSERVATION * put_in,
        "{} vs {put_in}",
        s.heat_content() - e0
    );
    // Profile at the cell centres: finite volumes are second order in Δz/√(αt) = 0.045 and the
    // θ = ½ scheme second order in dt/t = 0.002; the flux switched on at t = 0 costs a little
    // more near the surface. Bound: 0.1 % of the surface rise (measured: ≈ 1e-6 at the surface).
    const PROFILE: f64 = 1e-3;
    let surface = semi_infinite_rise(q, 1.0, 1.0, 0.5 * dz, t);
    for layer in [0, 1, 5, 10, 20, 40] {
        let z = (layer as f64 + 0.5) * dz;
        let exact = semi_infinite_rise(q, 1.0, 1.0, z, t);
        for c in 0..grid.columns {
            let rise = s.temperature[grid.cell(c, layer)] - t0;
            assert!(
                (rise - exact).abs() <= PROFILE * surface,
                "layer {layer}: {rise} vs {exact}"
            );
        }
    }
    println!(
        "surface rise {:.6} K vs closed form {surface:.6} K",
        s.temperature[grid.cell(0, 0)] - t0
    );
}

#[test]
fn a_cosine_across_the_period_decays_with_the_discrete_eigenvalue() {
    // One layer of n cells: the mode cos(2πc/n) is an eigenvector of the periodic ring with
    // λ = (G_x/C)·4sin²(π/n) = 4α sin²(π/n)/Δx², and θ = ½ multiplies it by
    // ρ = (1 − λdt/2)/(1 + λdt/2) per step, exactly.
    let (n, dx, dt, amplitude, t0) = (16usize, 0.01, 2e-5, 5.0, 400.0);
    let slab = unit_slab(n, 0.01, 0.01);
    let (mut capacity, mut links) = (Vec::new(), Vec::<Link>::new());
    let grid = WallGrid::build(&slab, n as f64 * dx, &mut capacity, &mut links);
    assert_eq!(grid.layers.len(), 1);
    let mode = |c: usize| (2.0 * core::f64::consts::PI * c as f64 / n as f64).cos();
    let temps = (0..n).map(|c| t0 + amplitude * mode(c)).collect();
    let mut s = ThermalState::new(temps, capacity);
    let alpha = slab.diffusivity();
    let lambda = 4.0 * alpha * (core::f64::consts::PI / n as f64).sin().powi(2) / (dx * dx);
    let rho = (1.0 - 0.5 * lambda * dt) / (1.0 + 0.5 * lambda * dt);
    let zero = vec![0.0; n];
    // Round-off of the CG solve relative to the amplitude.
    const ROUND_OFF: f64 = 1e-9;
    for step in 1..=200 {
        s.step(&links, &zero, dt);
        let a = amplitude * rho.powi(step);
        for c in 0..n {
            let expected = t0 + a * mode(c);
            assert!(
                (s.temperature[c] - expected).abs() <= ROUND_OFF * amplitude,
                "step {step} cell {c}: {} vs {expected}",
                s.temperature[c]
            );
        }
    }
    // And the grid's rate is the continuum's α(2π/L)² to O((π/n)²): sin²x/x² ≥ 1 − x²/3.
    let continuum = alpha * (2.0 * core::f64::consts::PI / (n as f64 * dx)).powi(2);
    let x = core::f64::consts::PI / n as f64;
    assert!((lambda / continuum - 1.0).abs() <= x * x / 3.0);
}

#[test]
fn surface_cells_follow_the_wall_frame_periodically() {
    let slab = unit_slab(5, 1.0, 3.0);
    let (mut capacity, mut links) = (vec![1.0, 1.0], Vec::<Link>::new());
    let grid = WallGrid::build(&slab, 5.0, &mut capacity, &mut links);
    assert_eq!(grid.first, 2);
    assert_eq!(grid.cells(), 15);
    assert_eq!(capacity.len(), 17);
    // 3 layers × 5 x-links + 2 interfaces × 5 z-links.
    assert_eq!(links.len(), 25);
    assert_eq!(grid.surface_cell(0.5), 2);
    assert_eq!(grid.surface_cell(4.99), 6);
    assert_eq!(grid.surface_cell(5.2), 2);
    assert_eq!(grid.surface_cell(-0.5), 6);
}
