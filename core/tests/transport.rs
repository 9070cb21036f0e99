//! Oracle tests of the β-transport (seed 000 Eq. 12–14): closed-form growth, conservation
//! with the documented boundary fluxes, exact advection at CFL 1 and at speed ζ·U̇, CFL
//! refusal and sub-stepping, and the tool-edge rules.

use proptest::prelude::*;
use tribo_core::Error;
use tribo_core::transport::{
    self, BetaLine, Fluxes, NodeInput, TransportParams, step, step_substepped, step_with,
    total_amount,
};

/// Conservation tolerance of the issue: Σβ·l_e budget closes to 1e-6 relative.
const CONSERVATION_TOL: f64 = 1e-6;

fn params(zeta: f32, k: f32, l_e: f32) -> TransportParams {
    TransportParams {
        archard_k: k,
        hardness: 750.0e6,
        particle_thickness: 0.5e-6,
        zeta,
        element_length: l_e,
        k_law: tribo_core::wear_law::WearPressureLaw::SCALAR,
    }
}

#[test]
fn zeta_zero_grows_as_archard_until_the_clamp() {
    const N: usize = 6;
    let p = params(0.0, 1.0e-4, 1.0e-3);
    // Different pressures per node: with ζ = 0 every node grows on its own.
    let pressure = [5.0e6, 10.0e6, 20.0e6, 30.0e6, 0.0, 25.0e6];
    let velocity = [0.08f32; N];
    let beta_thres = [0.05f32; N];
    let dt = 1.0e-3f32;
    let mut line = BetaLine::<N>::new();
    let steps = 400u32;
    for n in 1..=steps {
        line.step(&p, dt, &pressure, &velocity, &beta_thres)
            .unwrap();
        let t = f64::from(n) * f64::from(dt);
        for (i, &p_i) in pressure.iter().enumerate() {
            // Closed form K·P·|U̇|·t/(H·h_p) in f64, clamped at β_thres.
            let exact = 1.0e-4 * f64::from(p_i) * 0.08 * t / (750.0e6 * 0.5e-6);
            let expected = exact.min(0.05);
            // f32: a few roundings in each increment (≤ 4 ε relative, systematic) plus at
            // most one half-ulp of the running sum per step.
            let tol = f64::from(n + 4) * f64::from(f32::EPSILON) * expected + 1e-12;
            let got = f64::from(line.beta[i]);
            assert!(
                (got - expected).abs() <= tol,
                "node {i} step {n}: {got} vs {expected}"
            );
        }
    }
    // The 30 MPa node reached the clamp (0.64/s · 0.4 s = 0.256 > 0.05) and the clamp is
    // accounted for in the budget.
    assert_eq!(line.beta[3], 0.05);
    assert!(line.totals.clamped_high > 0.0);
    let budget = line.totals.net_change();
    let total = line.total_amount(1.0e-3);
    assert!((total - budget).abs() <= CONSERVATION_TOL * total);
}

#[test]
fn step_profile_moves_exactly_one_node_per_step_at_cfl_one() {
    const N: usize = 32;
    // ν = Δt·ζ·|U̇|/l_e = 1·0.5·1/0.5 = 1, every factor a power of two: exact.
    let p = params(0.5, 0.0, 0.5);
    assert_eq!(p.cfl_number(1.0, 1.0), 1.0);
    let pressure = [1.0e6f32; N];
    let velocity = [1.0f32; N];
    let thres = [f32::INFINITY; N];
    let mut line = BetaLine::<N>::new();
    for i in 20..N {
        line.beta[i] = 0.25;
    }
    for s in 1..=15 {
        let before = line.beta;
        let f = line.step(&p, 1.0, &pressure, &velocity, &thres).unwrap();
        // Shift by exactly one node towards −x (j = −ζ·U̇·β): β_i ← β_{i+1}, nothing enters.
        for i in 0..N - 1 {
            assert_eq!(line.beta[i], before[i + 1], "step {s} node {i}");
        }
        assert_eq!(line.beta[N - 1], 0.0);
        assert_eq!(f.outflow_left, f64::from(before[0]) * 0.5);
        let front = line.beta.iter().position(|&b| b > 0.0).unwrap();
        assert_eq!(front, 20 - s);
    }
}

fn centroid(beta: &[f32]) -> f64 {
    let m: f64 = beta.iter().map(|&b| f64::from(b)).sum();
    beta.iter()
        .enumerate()
        .map(|(i, &b)| i as f64 * f64::from(b))
        .sum::<f64>()
        / m
}

#[test]
fn profile_moves_at_speed_zeta_times_velocity() {
    const N: usize = 200;
    let l_e = 1.0e-3f32;
    let zeta = 0.2f32;
    let dt = 0.02f32;
    for v in [0.08f32, -0.05] {
        let p = params(zeta, 0.0, l_e);
        let nu = p.cfl_number(dt, v);
        assert!(nu < 1.0 && nu > 0.1, "ν = {nu}");
        let mut beta = [0.0f32; N];
        for b in &mut beta[90..110] {
            *b = 0.1;
        }
        let c0 = centroid(&beta);
        let steps = 60;
        for _ in 0..steps {
            step(&p, dt, &[20.0e6; N], &[v; N], &[1.0; N], &mut beta).unwrap();
        }
        // Upwind moves the first moment exactly ν nodes per step: speed −ζ·U̇.
        let speed = (centroid(&beta) - c0) * f64::from(l_e) / (f64::from(dt) * steps as f64);
        let expected = -f64::from(zeta) * f64::from(v);
        // f32 rounding of ν and of the profile values.
        assert!(
            (speed - expected).abs() <= 1e-5 * expected.abs(),
            "v = {v}: {speed} vs {expected}"
        );
    }
}

#[test]
fn over_cfl_step_is_refused_or_substepped() {
    const N: usize = 50;
    let p = params(1.0, 0.0, 1.0e-3);
    let dt = 0.035f32; // ν = 0.035·1·0.1/1e-3 = 3.5
    let v = [0.1f32; N];
    let pr = [10.0e6f32; N];
    let th = [1.0f32; N];
    let mut beta = [0.0f32; N];
    for (i, b) in beta.iter_mut().enumerate() {
        *b = if (20..30).contains(&i) { 0.3 } else { 0.0 };
    }
    let original = beta;
    assert_eq!(
        step(&p, dt, &pr, &v, &th, &mut beta),
        Err(Error::CflViolation)
    );
    assert_eq!(beta, original, "a refused step must not touch β");

    let (fluxes, n) = step_substepped(&p, dt, &pr, &v, &th, &mut beta).unwrap();
    assert_eq!(n, 4);
    // Same as four manual sub-steps of Δt/4.
    let mut manual = original;
    for _ in 0..4 {
        step(&p, dt / 4.0, &pr, &v, &th, &mut manual).unwrap();
    }
    assert_eq!(beta, manual);
    // Maximum principle: no overshoot, no negative values (no blow-up).
    assert!(beta.iter().all(|&b| (0.0..=0.3).contains(&b)));
    let before = total_amount(&original, 1.0e-3);
    let after = total_amount(&beta, 1.0e-3);
    assert!((after - before - fluxes.net_change()).abs() <= CONSERVATION_TOL * before);

    // Absurd velocities: too many sub-steps is refused, not looped on.
    let fast = [1.0e30f32; N];
    assert_eq!(
        step_substepped(&p, dt, &pr, &fast, &th, &mut beta).map(|r| r.1),
        Err(Error::CflViolation)
    );
}

#[test]
fn tool_edges_hold_carried_particles_and_freeze_left_ones() {
    const N: usize = 40;
    let p = params(1.0, 0.0, 1.0e-3);
    // Tool over nodes 10..20; the sheet moves +x, so node 10 is the leading (entry) edge.
    let pressure: [f32; N] =
        core::array::from_fn(|i| if (10..20).contains(&i) { 1.0e7 } else { 0.0 });
    let velocity = [0.1f32; N];
    let thres = [10.0f32; N];
    let mut beta = [0.0f32; N];
    beta[15] = 0.2;
    beta[17] = 0.1;
    beta[30] = 0.3; // left on the sheet earlier, behind the trailing edge
    beta[5] = 0.05; // fresh sheet ahead of the tool
    let total0 = total_amount(&beta, 1.0e-3);
    let mut flux = Fluxes::default();
    for _ in 0..400 {
        let f = step(&p, 0.005, &pressure, &velocity, &thres, &mut beta).unwrap();
        flux.accumulate(&f);
    }
    // Closed tool: nothing crosses its edges or the line ends.
    assert_eq!(flux.net_change(), 0.0);
    let total = total_amount(&beta, 1.0e-3);
    assert!((total - total0).abs() <= CONSERVATION_TOL * total0);
    // Tool-carried particles (ζ = 1) piled up on the first node under the tool.
    assert!(
        (beta[10] - 0.3).abs() < 1e-4,
        "β at leading edge {}",
        beta[10]
    );
    assert_eq!(beta[9], 0.0, "nothing deposited ahead of the tool");
    assert_eq!(beta[5], 0.05, "fresh sheet untouched");
    assert_eq!(beta[30], 0.3, "particles left on the sheet are frozen");
}

#[test]
fn invalid_inputs_are_errors_not_panics() {
    let p = params(0.2, 1.0e-4, 1.0e-3);
    let mut beta = [0.1f32; 4];
    assert_eq!(
        step(&p, 1e-3, &[1e6; 3], &[0.1; 4], &[1.0; 4], &mut beta),
        Err(Error::InvalidParameter)
    );
    assert_eq!(
        step(
            &p,
            1e-3,
            &[1e6; 4],
            &[0.1, f32::NAN, 0.1, 0.1],
            &[1.0; 4],
            &mut beta
        ),
        Err(Error::NonFiniteInput)
    );
    assert_eq!(
        step(&p, -1e-3, &[1e6; 4], &[0.1; 4], &[1.0; 4], &mut beta),
        Err(Error::InvalidParameter)
    );
    let bad = TransportParams { zeta: 1.5, ..p };
    assert_eq!(
        step(&bad, 1e-3, &[1e6; 4], &[0.1; 4], &[1.0; 4], &mut beta),
        Err(Error::InvalidParameter)
    );
    assert_eq!(beta, [0.1; 4]);
    // Empty line: nothing to do.
    assert_eq!(
        step_with(&p, 1e-3, &mut [], |_| NodeInput::default()),
        Ok(Fluxes::default())
    );
}

fn value() -> impl Strategy<Value = f32> {
    prop_oneof![
        3 => 0.0f32..0.5,
        1 => Just(0.0f32),
    ]
}

proptest! {
    /// No source: Σβ·l_e changes only by the documented boundary fluxes and the clamp, for
    /// arbitrary profiles, mixed-sign velocities, partial tool coverage.
    #[test]
    fn conservation_without_source(
        beta0 in prop::collection::vec(value(), 2..64),
        seed_v in prop::collection::vec(-0.1f32..0.1, 64),
        contact in prop::collection::vec(prop::bool::weighted(0.8), 64),
        thres in prop::collection::vec(0.2f32..1.0, 64),
        steps in 1usize..40,
    ) {
        let n = beta0.len();
        let p = params(0.7, 0.0, 2.0e-3);
        let mut beta = beta0.clone();
        let pressure: Vec<f32> = contact[..n].iter().map(|&c| if c { 1.0e7 } else { 0.0 }).collect();
        let total0 = total_amount(&beta, 2.0e-3);
        let mut flux = Fluxes::default();
        for _ in 0..steps {
            let f = step(&p, 0.02, &pressure, &seed_v[..n], &thres[..n], &mut beta).unwrap();
            flux.accumulate(&f);
        }
        let total = total_amount(&beta, 2.0e-3);
        let scale = total0.max(1e-9);
        prop_assert!((total - total0 - flux.net_change()).abs() <= CONSERVATION_TOL * scale,
            "{} vs {}", total - total0, flux.net_change());
        prop_assert!(beta.iter().all(|b| b.is_finite() && *b >= 0.0));
    }

    /// Any input at all: no panic, β stays finite and non-negative.
    #[test]
    fn no_panic_no_nan(
        beta0 in prop::collection::vec(any::<f32>(), 0..16),
        pr in prop::collection::vec(any::<f32>(), 16),
        v in prop::collection::vec(any::<f32>(), 16),
        th in prop::collection::vec(any::<f32>(), 16),
        dt in any::<f32>(),
        zeta in any::<f32>(),
        k in any::<f32>(),
    ) {
        let n = beta0.len();
        let p = TransportParams { archard_k: k, hardness: 1e9, particle_thickness: 1e-6, zeta, element_length: 1e-3, k_law: tribo_core::wear_law::WearPressureLaw::SCALAR };
        let mut beta = beta0.clone();
        let r = transport::step_substepped(&p, dt, &pr[..n], &v[..n], &th[..n], &mut beta);
        if r.is_ok() {
            prop_assert!(beta.iter().all(|b| !b.is_nan() && *b >= 0.0));
        } else {
            prop_assert!(beta.iter().zip(&beta0).all(|(a, b)| a.to_bits() == b.to_bits()));
        }
    }
}

proptest! {
    /// The one-point step (the FE routines' per-point transport) is the slice step on a line
    /// of one node, bit for bit, errors included, for any input.
    #[test]
    fn point_step_is_the_one_node_line_step(
        beta0 in any::<f32>(),
        pr in any::<f32>(),
        v in any::<f32>(),
        th in any::<f32>(),
        dt in prop_oneof![any::<f32>(), 1.0e-6f32..1.0e-2],
        zeta in prop_oneof![any::<f32>(), 0.0f32..1.0],
        k in prop_oneof![any::<f32>(), 0.0f32..1.0e-3],
    ) {
        let p = TransportParams { archard_k: k, hardness: 1e9, particle_thickness: 1e-6, zeta, element_length: 1e-3, k_law: tribo_core::wear_law::WearPressureLaw::SCALAR };
        let mut line = [beta0];
        let a = transport::step_substepped(&p, dt, &[pr], &[v], &[th], &mut line);
        let mut point = beta0;
        let input = NodeInput { pressure: pr, velocity: v, beta_thres: th };
        let b = transport::step_point_substepped(&p, dt, input, &mut point);
        // Bits, not `==`: an accepted step with absurd dt·K can report a NaN flux.
        let bits = |r: Result<(Fluxes, u32), Error>| r.map(|(f, n)| {
            ([f.source, f.outflow_left, f.outflow_right, f.clamped_high, f.clamped_low].map(f64::to_bits), n)
        });
        prop_assert_eq!(bits(a), bits(b));
        prop_assert_eq!(line[0].to_bits(), point.to_bits());
    }
}

/// The source on the uncovered contact only (issue 30, `SourceRule::UncoveredArchard`):
/// with ζ = 0 each node obeys dβ/ds = S·(1 − β/β_t), so β(s) = β_t·(1 − e^(−S·s/β_t)) —
/// explicit Euler in steps of S·Δs/β_t = 2e-3 stays within 1e-3·β_t of it; β never reaches
/// β_t, so nothing is clamped; the budget closes on the (reduced) source; and seed 000's rule
/// through the same entry point is the plain step bit for bit.
#[test]
fn uncovered_source_approaches_beta_thres_exponentially() {
    use tribo_core::transport::{SourceRule, step_substepped_with_rule};
    const N: usize = 4;
    /// Explicit Euler against the exponential: a relative error of order S·Δs/(2β_t) = 1e-3.
    const EULER_TOL: f64 = 1.5e-3;
    let p = params(0.0, 1.0e-4, 1.0e-3);
    let (pressure, v, beta_t) = (20.0e6f32, 0.08f32, 0.4f32);
    let s_rate = f64::from(p.source_rate(pressure, v)); // dβ/dt at β = 0 [1/s]
    let dt = (2.0e-3 * f64::from(beta_t) / s_rate) as f32;
    let inputs = |_: usize| NodeInput {
        pressure,
        velocity: v,
        beta_thres: beta_t,
    };
    let (mut a, mut b) = ([0.0f32; N], [0.0f32; N]);
    let mut total = Fluxes::default();
    for n in 1..=2000u32 {
        let (f, _) =
            step_substepped_with_rule(&p, SourceRule::UncoveredArchard, dt, &mut a, inputs)
                .unwrap();
        total.accumulate(&f);
        step_substepped_with_rule(&p, SourceRule::Archard, dt, &mut b, inputs).unwrap();
        let t = f64::from(n) * f64::from(dt);
        let exact = f64::from(beta_t) * (1.0 - (-s_rate * t / f64::from(beta_t)).exp());
        assert!(
            (f64::from(a[0]) - exact).abs() <= EULER_TOL * f64::from(beta_t),
            "step {n}: {} vs {exact}",
            a[0]
        );
    }
    assert!(a.iter().all(|&x| x < beta_t && x > 0.98 * beta_t));
    assert_eq!(total.clamped_high, 0.0);
    // f32 β rounded at each of the 2000 steps (≤ 2⁻²⁴ relative each) against the f64 budget.
    const F32_STEPS_TOL: f64 = 2000.0 / 16_777_216.0;
    let change = total_amount(&a, p.element_length);
    let gap = (change - total.net_change()).abs() / change;
    assert!(gap <= F32_STEPS_TOL, "budget gap {gap:e}");
    // Seed 000's rule saturated long ago (clamped at β_t), through the same entry point.
    let mut c = [0.0f32; N];
    for _ in 0..2000 {
        let pr = [pressure; N];
        let ve = [v; N];
        let bt = [beta_t; N];
        step_substepped(&p, dt, &pr, &ve, &bt, &mut c).unwrap();
    }
    assert_eq!(b.map(f32::to_bits), c.map(f32::to_bits));
    assert!(b.iter().all(|&x| x == beta_t));
}

/// The upper clamp a node's β_thres stands for (module docs of `transport`): NaN is no
/// saturation (held at `f32::MAX`), a negative one is 0.
fn clamp_of(thres: f32) -> f32 {
    if thres.is_nan() {
        f32::MAX
    } else {
        thres.clamp(0.0, f32::MAX)
    }
}

/// Issue 32: an absurd Δt·K (or K, P, U̇, a stored ∞) made the source ∞ and ∞·0 a NaN flux.
/// Over a grid of NaN/∞/1e30 inputs, a step either refuses with β untouched (bit for bit) or
/// leaves every β finite in [0, β_max] and every flux finite — the bound the kernel
/// promises, checked against its definition, not against a rerun.
#[test]
fn absurd_inputs_leave_no_nan_and_keep_beta_in_its_bounds() {
    let dts = [1.0e-3f32, 1.0e30, f32::MAX, f32::INFINITY, f32::NAN, -1.0];
    let ks = [1.0e-4f32, 1.0e30, f32::MAX];
    let pressures = [30.0e6f32, 1.0e30, f32::INFINITY, f32::NAN, 0.0];
    let velocities = [0.0f32, 0.08, -0.08, 1.0e30, f32::NAN];
    let thresholds = [0.4f32, f32::NAN, f32::INFINITY, -1.0];
    let stored = [
        0.0f32,
        0.2,
        f32::INFINITY,
        f32::NAN,
        f32::NEG_INFINITY,
        1.0e38,
    ];
    let mut oks = 0u32;
    for &dt in &dts {
        for &k in &ks {
            let p = params(0.2, k, 1.0e-3);
            for &pr in &pressures {
                for &v in &velocities {
                    for &th in &thresholds {
                        for &b in &stored {
                            // Three nodes: the probed one between two ordinary ones, so both
                            // faces and both neighbours see it.
                            let pressure = [30.0e6, pr, 30.0e6];
                            let velocity = [0.08, v, 0.08];
                            let beta_thres = [0.4, th, 0.4];
                            for sub in [false, true] {
                                let before = [0.1f32, b, 0.1];
                                let mut beta = before;
                                let r = if sub {
                                    step_substepped(
                                        &p,
                                        dt,
                                        &pressure,
                                        &velocity,
                                        &beta_thres,
                                        &mut beta,
                                    )
                                    .map(|(f, _)| f)
                                } else {
                                    step(&p, dt, &pressure, &velocity, &beta_thres, &mut beta)
                                };
                                let case = format!(
                                    "dt={dt} K={k} P={pr} v={v} thres={th} beta={b} sub={sub}"
                                );
                                match r {
                                    Err(_) => {
                                        let same = beta
                                            .iter()
                                            .zip(&before)
                                            .all(|(a, b)| a.to_bits() == b.to_bits());
                                        assert!(same, "refused but β changed: {case}");
                                    }
                                    Ok(f) => {
                                        oks += 1;
                                        for (i, &x) in beta.iter().enumerate() {
                                            let hi = clamp_of(beta_thres[i]);
                                            assert!(
                                                x.is_finite() && (0.0..=hi).contains(&x),
                                                "β[{i}] = {x} outside [0, {hi}]: {case}"
                                            );
                                        }
                                        for flux in [
                                            f.source,
                                            f.outflow_left,
                                            f.outflow_right,
                                            f.clamped_high,
                                            f.clamped_low,
                                        ] {
                                            assert!(flux.is_finite(), "flux {f:?}: {case}");
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    // The grid is not all refusals: the ordinary and saturating cases ran.
    assert!(oks > 1000, "only {oks} steps ran");
}

/// A node at rest under an infinite pressure creates nothing (∞·0 is no wear, not NaN): its
/// β is unchanged by the source, and the absurd Δt·K that overflowed the source is refused.
#[test]
fn infinite_pressure_at_rest_creates_nothing_and_overflowing_dt_k_is_refused() {
    let p = params(0.0, 1.0e-4, 1.0e-3);
    let mut beta = [0.1f32];
    let f = step(&p, 1.0e-3, &[f32::INFINITY], &[0.0], &[0.4], &mut beta).unwrap();
    assert_eq!(beta[0], 0.1);
    assert_eq!(f.source, 0.0);
    // K/(H·h_p) = 1e30/(750e6·0.5e-6) ≈ 2.7e27 1/(Pa·m); × Δt = 1e15 s overflows f32.
    let huge = params(0.0, 1.0e30, 1.0e-3);
    let r = step(&huge, 1.0e15, &[30.0e6], &[0.0], &[0.4], &mut beta);
    assert_eq!(r, Err(Error::InvalidParameter));
    assert_eq!(beta[0], 0.1);
}
