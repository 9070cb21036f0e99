//! One oracle harness for every integrator (issue 43 item 2; RustFFT's single
//! `check_fft_algorithm` is the model): [`check_integrator`] runs an integrator through
//!
//! - **damped oscillation** at several damping ratios ζ = γ/(2ω₀) (the Stokes ratio of a
//!   contact mode is 1/(2ζ)): a flake on one floor node under a constant load, whose pole
//!   depth obeys m·ü + η·u̇ + k·u = 0 exactly (the node under the pole: the depth is linear in
//!   z, no torque), against the closed form;
//! - **overdamped relaxation**: the same at ζ = 20, against the inertia-free flow
//!   u₀·e^{−kt/η};
//! - **ballistic flight** (γ = 0, no contact): x₀ + v·t and the exact torque-free top;
//! - **energy balance of a frictionless bounce** (γ = 0): a flake dropped on a node leaves
//!   with the kinetic energy it came with;
//! - **a flake pressed by a moving wedge** (frictionless plane of slope s sliding at v0 over a
//!   flat floor, sheet frame): the closed-form force split N_f = η·v0/s, N_w = N_f·√(1 + s²);
//! - **a convergence order** in the integrator's accuracy control (explicit: the step,
//!   second order; overdamped and inertial: the local tolerance, h ∝ √tol so the global error
//!   ∝ √tol).
//!
//! The inertial integrator (backward Euler with inertia) runs every oracle; being first order
//! and L-stable it is held to bounds derived from its numerical damping ω·h/2 per radian at
//! the step its tolerance sets ([`inertial_oscillation_bound`], the bounce's energy loss
//! ≈ π·ω₀·h), and to the free top's rotation within its summed local tolerances.
//!
//! Each integrator declares the model it solves ([`Under`]): the inertia-free overdamped
//! integrator is held to the damped oscillator only where its model error (ω₀/γ)² is small,
//! and is not run on the oracles that need inertia without drag (flight, bounce).

use crate::surface::HeightMap;

use super::super::overdamped::{NewtonMatrix, OverdampedOptions};
use super::super::penalty::{DEFAULT_SAFETY, slowest_rate, stable_time_step_damped};
use super::super::proximal_metric::InertialScheme;
use super::super::quaternion::{Quat, norm, sub};
use super::super::regime::Scheme;
use super::super::rigid_body::{Damping, Flake, free_rotation};
use super::super::system::DemSystem;
use super::{mean_contact_forces, params, shape};

/// Penalty stiffness of one node \[N/m\] (the presets' Hertz k at 0.1 m/s).
const K: f64 = 165.0;
/// Equilibrium depth of the loaded flake on its node \[m\] (a fifth of the 25 nm design
/// overlap).
const T_EQ: f64 = 5e-9;

/// An integrator under test and the model it solves.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Under {
    /// Damped velocity Verlet; `refine` divides its step (1 = the harness' step).
    Explicit { refine: f64 },
    /// Backward Euler of the inertia-free flow; `tolerance` is its local error per step as a
    /// fraction of the oscillation amplitude (or of the design overlap in the wedge).
    Overdamped { tolerance: f64 },
    /// The inertial integrator in `scheme`; `tolerance` as for `Overdamped`.
    Inertial {
        tolerance: f64,
        scheme: InertialScheme,
    },
}

impl Under {
    fn has_inertia(self) -> bool {
        matches!(self, Under::Explicit { .. } | Under::Inertial { .. })
    }

    /// The scheme for a problem whose length scale is `scale` \[m\] and whose longest
    /// reasonable step is `max_step` \[s\].
    fn scheme(self, scale: f64, max_step: f64) -> Scheme {
        match self {
            Under::Explicit { .. } => Scheme::Explicit,
            Under::Overdamped { tolerance } => Scheme::Overdamped(OverdampedOptions {
                tolerance: tolerance * scale,
                max_step,
                newton: NewtonMatrix::GaussNewton,
                event_depth: f64::INFINITY,
            }),
            Under::Inertial { tolerance, scheme } => Scheme::Inertial(
                OverdampedOptions {
                    tolerance: tolerance * scale,
                    max_step,
                    newton: NewtonMatrix::GaussNewton,
                    event_depth: f64::INFINITY,
                },
                scheme,
            ),
        }
    }

    /// The explicit step for a problem whose fastest rate is `rate` \[1/s\]: 0.02/rate
    /// (phase error (ω·Δt)²/24 ≈ 2·10⁻⁵ per radian), divided by `refine`. The other
    /// integrators see it only as the length of the intervals they are handed.
    fn explicit_step(self, rate: f64) -> f64 {
        let refine = match self {
            Under::Explicit { refine } => refine,
            Under::Overdamped { .. } | Under::Inertial { .. } => 1.0,
        };
        0.02 / rate / refine
    }
}

/// The pole depth u(t) − T_EQ of m·ü + η·u̇ + k·u = 0 from rest at u₀ (ω₀ = √(k/m),
/// γ = η/m), the closed form in every regime.
fn oscillator(u0: f64, omega0: f64, gamma: f64, t: f64) -> f64 {
    let half = 0.5 * gamma;
    let disc = half * half - omega0 * omega0;
    if disc < 0.0 {
        let wd = (-disc).sqrt();
        u0 * (-half * t).exp() * ((wd * t).cos() + half / wd * (wd * t).sin())
    } else {
        let s = disc.sqrt();
        let (r1, r2) = (-half + s, -half - s);
        if s == 0.0 {
            u0 * (-half * t).exp() * (1.0 + half * t)
        } else {
            u0 * (r1 * (r2 * t).exp() - r2 * (r1 * t).exp()) / (r1 - r2)
        }
    }
}

/// A flat flake on one floor node (20 µm grid: no other node under it; tool 1 mm above) with
/// its pole `depth` below the node, loaded by −k·T_EQ along z, damping rate γ, run by `under`
/// with explicit intervals of `dt` \[s\] and overdamped steps of at most `max_step`.
fn node_flake(under: Under, depth: f64, gamma: f64, dt: f64, max_step: f64) -> DemSystem {
    let s = shape();
    let (n, big) = (2, 20e-6);
    let floor = HeightMap::flat(n, n, big, big, 0.0);
    let mut p = params(
        K,
        dt,
        Damping::uniform_relaxation(gamma * s.mass(), &s),
        0.0,
    );
    p.integrator = under.scheme(depth - T_EQ, max_step);
    let f = Flake::at_rest([0.0, 0.0, s.c - depth], Quat::IDENTITY);
    let mut sys = DemSystem::new(p, floor.clone(), floor, 1e-3, vec![f]).unwrap();
    sys.set_external_force([0.0, 0.0, -K * T_EQ]);
    sys
}

/// Largest |u_sim − u_want(t)| over `samples` equal intervals of `duration`, relative to u₀.
fn oscillation_error(
    under: Under,
    zeta: f64,
    duration_periods: f64,
    want: impl Fn(f64, f64, f64, f64) -> f64,
) -> f64 {
    const SAMPLES: usize = 20;
    let s = shape();
    let omega0 = (K / s.mass()).sqrt();
    let gamma = 2.0 * zeta * omega0;
    let u0 = T_EQ;
    // Time scale: the slower of the oscillation and the slow relaxation ω₀²/γ.
    let slow = if zeta > 1.0 {
        0.5 * gamma - (0.25 * gamma * gamma - omega0 * omega0).sqrt()
    } else {
        zeta * omega0
    };
    let duration = duration_periods / slow;
    let dt = under.explicit_step(omega0.max(gamma));
    let per_sample = ((duration / SAMPLES as f64) / dt).ceil() as usize;
    let mut sys = node_flake(under, T_EQ + u0, gamma, dt, duration / 50.0);
    let mut worst: f64 = 0.0;
    for _ in 0..SAMPLES {
        sys.advance_by_steps(per_sample);
        let u = s.c - sys.flakes()[0].position[2] - T_EQ;
        let w = want(u0, omega0, gamma, sys.time());
        worst = worst.max((u - w).abs() / u0);
    }
    worst
}

/// The closed form of the model `under` solves: the damped oscillator, or the inertia-free
/// relaxation u₀·e^{−ω₀²t/γ}.
fn model_solution(under: Under) -> fn(f64, f64, f64, f64) -> f64 {
    if under.has_inertia() {
        oscillator
    } else {
        |u0, omega0, gamma, t| u0 * (-omega0 * omega0 / gamma * t).exp()
    }
}

/// Damped oscillation at ζ = 0.3, 1, 3, 10 against the closed form; the overdamped
/// integrator only at ζ ≥ 3, where its model error is ≤ (ω₀/γ)² = 1/(4ζ²) of u₀ (the slow
/// mode's amplitude 1 + ε and rate (1 + ε)·ω₀²/γ, ε = (ω₀/γ)², against 1 and ω₀²/γ).
fn check_damped_oscillation(under: Under) {
    /// The explicit step's error: phase error (ω·Δt)²/24 over ≤ 20 radians, ×10 margin.
    const EXPLICIT_TOL: f64 = 1e-3;
    /// Backward Euler's global error at a local tolerance of 10⁻⁴·u₀ (measured ≤ 12× the
    /// local tolerance in `overdamped::the_solution_converges_as_the_step_tolerance_shrinks`),
    /// ×4 margin.
    const OVERDAMPED_DISCRETISATION: f64 = 5e-3;
    for zeta in [0.3, 1.0, 3.0, 10.0] {
        let model_error = 1.0 / (4.0 * zeta * zeta);
        let tol = match under {
            Under::Explicit { .. } => EXPLICIT_TOL,
            Under::Overdamped { .. } if zeta < 3.0 => continue,
            Under::Overdamped { .. } => model_error + OVERDAMPED_DISCRETISATION,
            Under::Inertial { tolerance, scheme } => {
                inertial_oscillation_bound(tolerance, zeta, scheme)
            }
        };
        let e = oscillation_error(under, zeta, 4.0, oscillator);
        eprintln!(
            "oracle {under:?} damped oscillation ζ {zeta}: max |u − closed form| {e:.3e} u₀ (allowed {tol:.1e})"
        );
        assert!(
            e < tol,
            "{under:?}, ζ {zeta}: error {e:e} of u₀ (allowed {tol:e})"
        );
    }
}

/// The inertial integrator's global error on the damped oscillator, as a fraction of u₀, at a
/// local tolerance `tol`·u₀ and damping ratio ζ.
///
/// - Backward Euler damps a resolved oscillation by ω·h/2 per radian; the step control holds
///   ½·h²·|ẍ| ≤ tol·u₀ with |ẍ| ≤ ω₀²·u₀, so ω₀·h ≈ √(2·tol) at the largest accelerations and
///   the error after Θ radians is ≈ Θ·√(tol/2)·e^{−ζΘ}·u₀, largest at Θ = 1/ζ: √(tol/2)/(e·ζ)
///   (measured 0.86, 0.77, 0.39, 0.59 of it at ζ = 0.3, 1, 3, 10 and tol = 10⁻⁴).
/// - TR-BDF2's step control holds |C|·h³·|x‴| ≤ tol·u₀ with |x‴| ≤ ω₀³·u₀ (C ≈ −0.0404,
///   [`super::super::tr_bdf2`]), so ω₀·h ≈ (tol/|C|)^⅓; each step adds at most tol, i.e.
///   tol/(ω₀·h) = tol^⅔·|C|^⅓ per radian, and the error peaks likewise at Θ = 1/ζ:
///   tol^⅔·|C|^⅓/(e·ζ).
///
/// ×[`INERTIAL_MARGIN`].
fn inertial_oscillation_bound(tol: f64, zeta: f64, scheme: InertialScheme) -> f64 {
    let per_radian = match scheme {
        InertialScheme::BackwardEuler => (0.5 * tol).sqrt(),
        InertialScheme::TrBdf2 => tol.powf(2.0 / 3.0) * TR_BDF2_LTE.cbrt(),
    };
    INERTIAL_MARGIN * per_radian / (std::f64::consts::E * zeta)
}

/// |C| of TR-BDF2's local truncation error C·h³·x‴ (the scheme's own constant, pinned to its
/// closed form by `tr_bdf2::tests`).
const TR_BDF2_LTE: f64 = -super::super::tr_bdf2::LTE;

/// Margin of [`inertial_oscillation_bound`] over the leading-order estimate (the step control
/// keeps the error below tol, not at it; 4× like the overdamped bound).
const INERTIAL_MARGIN: f64 = 4.0;

/// Overdamped relaxation (ζ = 20) against the inertia-free flow u₀·e^{−kt/η}.
fn check_overdamped_relaxation(under: Under) {
    /// ζ = 20: model error of the inertia-free flow (ω₀/γ)² = 6.25·10⁻⁴ of u₀, plus the
    /// discretisation of either integrator (see [`check_damped_oscillation`]).
    const TOL: f64 = 6e-3;
    let e = oscillation_error(under, 20.0, 4.0, |u0, omega0, gamma, t| {
        u0 * (-omega0 * omega0 / gamma * t).exp()
    });
    eprintln!(
        "oracle {under:?} overdamped relaxation ζ 20: max |u − u₀·e^(−kt/η)| {e:.3e} u₀ (allowed {TOL:.1e})"
    );
    assert!(e < TOL, "{under:?}: relaxation error {e:e} of u₀");
}

/// Length scale of the ballistic and bounce oracles' tolerances \[m\].
const BALLISTIC_SCALE: f64 = 1e-9;

/// Ballistic flight: no drag, no contact; position x₀ + v·t, orientation the exact
/// torque-free symmetric top ([`free_rotation`]), after 200 intervals.
fn check_ballistic_flight(under: Under) {
    /// Round-off of 200 steps on positions of 10⁻⁵ m and unit vectors.
    const ROUND_OFF: f64 = 1e-12;
    let s = shape();
    let (n, dx) = (16, 4e-6);
    let floor = HeightMap::flat(n, n, dx, dx, 0.0);
    let dt = 1e-9;
    let mut p = params(K, dt, Damping::NONE, 0.0);
    p.integrator = under.scheme(BALLISTIC_SCALE, dt);
    let q0 = Quat::from_axis_angle([0.3, 1.0, -0.2], 0.4);
    let mut f = Flake::at_rest([20e-6, 30e-6, 100e-6], q0);
    f.velocity = [1.5, -0.7, 0.4];
    f.set_angular_velocity([2e5, -1e5, 4e6], s.inertia());
    let mut sys = DemSystem::new(p, floor.clone(), floor, 1e-3, vec![f]).unwrap();
    let steps = 200;
    sys.advance_by_steps(steps);
    let g = sys.flakes()[0];
    let t = sys.time();
    let l = 64e-6;
    for k in 0..3 {
        let mut want = f.position[k] + f.velocity[k] * t;
        if k < 2 {
            want = want.rem_euclid(l);
        }
        assert!(
            (g.position[k] - want).abs() < ROUND_OFF * l,
            "{under:?}: axis {k}: {} vs {want}",
            g.position[k]
        );
    }
    let worst_position = (0..3)
        .map(|k| {
            let w = f.position[k] + f.velocity[k] * t;
            (g.position[k] - if k < 2 { w.rem_euclid(l) } else { w }).abs()
        })
        .fold(0.0, f64::max);
    let q = free_rotation(q0, f.angular_momentum, s.inertia(), t);
    // The explicit step rotates the free top exactly (round-off); the inertial one by
    // first-order Lie–Euler steps, each within the tolerance as a rim displacement
    // (tolerance/a radians): their sum over the steps taken, ×INERTIAL_MARGIN.
    let axis_tol = match under {
        Under::Inertial { tolerance, .. } => {
            INERTIAL_MARGIN * sys.steps() as f64 * tolerance * BALLISTIC_SCALE / s.a
        }
        _ => ROUND_OFF * 1e3,
    };
    let mut worst_axis: f64 = 0.0;
    for v in [[1.0, 0.0, 0.0], [0.0, 0.0, 1.0]] {
        let e = norm(sub(q.rotate(v), g.orientation.rotate(v)));
        worst_axis = worst_axis.max(e);
        assert!(e < axis_tol, "{under:?}: orientation off by {e:e}");
    }
    eprintln!(
        "oracle {under:?} ballistic flight: position off by {worst_position:.3e} m (allowed {:.1e}), body axes off by {worst_axis:.3e} (allowed {axis_tol:.1e}) after {} steps",
        ROUND_OFF * l,
        sys.steps()
    );
}

/// Frictionless, undamped bounce on one node: the flake leaves with the kinetic energy it came
/// with, and while in contact kinetic + penalty energy stays within the step's bounded error.
fn check_bounce_energy(under: Under) {
    /// Energy error of velocity Verlet on a linear spring at ω·Δt = 0.02: (ω·Δt)²/8 = 5·10⁻⁵;
    /// ×4 margin.
    const ENERGY_TOL: f64 = 2e-4;
    /// Margin of the inertial integrator's bounce loss over its leading-order estimate.
    const BOUNCE_LOSS_MARGIN: f64 = 2.0;
    let s = shape();
    let omega0 = (K / s.mass()).sqrt();
    let dt = under.explicit_step(omega0);
    let v = 0.1;
    // Backward Euler keeps 1/(1 + (ω₀h)²) of a resolved oscillation's energy per step, so
    // over the π/(ω₀h) steps of a half period it loses ≈ π·ω₀·h; the step control holds
    // ½·h²·ω₀²·A ≤ tol (A = v/ω₀ the largest depth), ω₀·h ≈ √(2·tol/A). TR-BDF2's steps
    // (ω₀·h ≈ (tol/(|C|·A))^⅓) each change the amplitude by at most tol, the energy by
    // 2·tol/A: over π/(ω₀·h) steps 2·π·(tol/A)^⅔·|C|^⅓.
    let energy_tol = match under {
        Under::Inertial {
            tolerance,
            scheme: InertialScheme::BackwardEuler,
        } => {
            let amplitude = v / omega0;
            BOUNCE_LOSS_MARGIN
                * std::f64::consts::PI
                * (2.0 * tolerance * BALLISTIC_SCALE / amplitude).sqrt()
        }
        Under::Inertial {
            tolerance,
            scheme: InertialScheme::TrBdf2,
        } => {
            let amplitude = v / omega0;
            BOUNCE_LOSS_MARGIN
                * 2.0
                * std::f64::consts::PI
                * (tolerance * BALLISTIC_SCALE / amplitude).powf(2.0 / 3.0)
                * TR_BDF2_LTE.cbrt()
        }
        _ => ENERGY_TOL,
    };
    let (n, big) = (2, 20e-6);
    let floor = HeightMap::flat(n, n, big, big, 0.0);
    let mut p = params(K, dt, Damping::NONE, 0.0);
    p.integrator = under.scheme(BALLISTIC_SCALE, dt);
    // Pole 1 nm above the node, falling at v: in contact after 10 ns, for π/ω₀ ≈ 78 ns.
    let mut f = Flake::at_rest([0.0, 0.0, s.c + 1e-9], Quat::IDENTITY);
    f.velocity = [0.0, 0.0, -v];
    let mut sys = DemSystem::new(p, floor.clone(), floor, 1e-3, vec![f]).unwrap();
    let e0 = sys.energy().total();
    let mut touched = false;
    let mut worst: f64 = 0.0;
    for _ in 0..((200e-9 / dt) as usize) {
        sys.advance_by_steps(1);
        let e = sys.energy();
        touched |= e.penalty > 0.0;
        worst = worst.max((e.total() - e0).abs() / e0);
    }
    let out = sys.energy();
    eprintln!(
        "oracle {under:?} frictionless bounce: kinetic out/in {:.6}, worst |E − E₀|/E₀ in contact {worst:.3e} (allowed {energy_tol:.1e})",
        out.kinetic / e0
    );
    assert!(touched && out.penalty == 0.0, "{under:?}: no bounce");
    assert!(
        sys.flakes()[0].velocity[2] > 0.0,
        "{under:?}: not rebounding"
    );
    assert!(
        (out.kinetic / e0 - 1.0).abs() < energy_tol
            && worst < energy_tol
            && out.kinetic / e0 < 1.0 + ENERGY_TOL,
        "{under:?}: kinetic out/in {}, worst energy error {worst:e}",
        out.kinetic / e0
    );
}

/// A flake pressed by a moving frictionless wedge reaches the closed-form force split
/// (the setup of `overdamped::a_flake_pushed_by_a_moving_frictionless_wedge_...` on a grid
/// coarse enough for the explicit step: 0.5 µm, v0 = 0.5 m/s, St = v0/(γ·δx) = 0.01).
fn check_wedge(under: Under) {
    /// The sums of the penalty forces ripple as nodes pass under the flake, and the patches'
    /// normals spread by ≈ 1 % on the 0.5 µm grid: means over 10 pixels, to 2 %.
    const SPLIT_TOL: f64 = 0.02;
    let s = shape();
    let (n, dx, slope, v0, gamma) = (64, 0.5e-6, 0.05, 0.5, 1e8);
    let l = n as f64 * dx;
    let floor = HeightMap::flat(n, n, dx, dx, 0.0);
    let tool = HeightMap::from_fn(n, n, dx, dx, |x, _| slope * (x - 0.5 * l));
    let eta = gamma * s.mass();
    // 4× the Hertz k keeps the floor's depth near 9 nm under N_f (18 nm with k).
    let k = 4.0 * K;
    let damping = Damping::uniform_relaxation(eta, &s);
    let rate = slowest_rate(&damping, &s);
    let dt = stable_time_step_damped(&s, k, dx, dx, rate, DEFAULT_SAFETY);
    let mut p = params(k, dt, damping, v0);
    // A steady state: the overdamped integrator at the presets' tolerance (5 % of the design
    // overlap) and advance (the design overlap per step).
    let under = match under {
        Under::Overdamped { .. } => Under::Overdamped { tolerance: 0.05 },
        Under::Inertial { scheme, .. } => Under::Inertial {
            tolerance: 0.05,
            scheme,
        },
        explicit => explicit,
    };
    p.integrator = under.scheme(25e-9, 25e-9 / v0);
    let x0 = 12e-6;
    let f = Flake::at_rest([x0, 16e-6, s.c], Quat::IDENTITY);
    let offset = 2.0 * s.c - slope * (x0 - 0.8 * s.a - 0.5 * l);
    let mut sys = DemSystem::new(p, floor.clone(), tool.clone(), offset, vec![f]).unwrap();
    for _ in 0..10 {
        sys.advance_one_pixel().unwrap();
    }
    let (floor_force, wedge_force) = mean_contact_forces(&mut sys, &floor, &tool, offset, k, 10);
    let n_f = eta * v0 / slope;
    let n_w = n_f * (1.0 + slope * slope).sqrt();
    let unit = 1.0 / (1.0 + slope * slope).sqrt();
    let want_wedge = [n_w * slope * unit, 0.0, -n_w * unit];
    eprintln!(
        "oracle {under:?} wedge: floor N {:.4e} vs η·v0/s {n_f:.4e} (ratio {:.4}), floor Fx {:.2e} N_f; wedge (Fx, Fz) ({:.4e}, {:.4e}) vs ({:.4e}, {:.4e}) (allowed {SPLIT_TOL} of N)",
        floor_force[2],
        floor_force[2] / n_f,
        floor_force[0] / n_f,
        wedge_force[0],
        wedge_force[2],
        want_wedge[0],
        want_wedge[2]
    );
    assert!(
        (floor_force[2] / n_f - 1.0).abs() < SPLIT_TOL && floor_force[0].abs() < SPLIT_TOL * n_f,
        "{under:?}: floor {floor_force:?} vs N_f {n_f:e}"
    );
    for c in [0, 2] {
        assert!(
            (wedge_force[c] - want_wedge[c]).abs() < SPLIT_TOL * n_w,
            "{under:?}: wedge {wedge_force:?} vs {want_wedge:?}"
        );
    }
}

/// The error against the integrator's own model (ζ = 3, 2 slow time constants) falls with
/// its accuracy control at its order: explicit step ÷4 → error ÷16 (second order);
/// overdamped and backward-Euler tolerance ÷16 → error ÷4 (first order in h, h ∝ √tol);
/// TR-BDF2 tolerance ÷16 → error ÷16^⅔ = 6.35 (second order in h, h ∝ tol^⅓).
fn check_convergence_order(under: Under) {
    /// Observed order within ±30 % of the expected one (the leading error term dominates at
    /// these steps, but not exactly).
    const ORDER_SLACK: f64 = 0.3;
    let (coarse, fine, expected_ratio): (Under, Under, f64) = match under {
        Under::Explicit { refine } => (
            Under::Explicit {
                refine: refine / 4.0,
            },
            Under::Explicit { refine },
            16.0,
        ),
        Under::Inertial { tolerance, scheme } => (
            Under::Inertial {
                tolerance: tolerance * 16.0,
                scheme,
            },
            Under::Inertial { tolerance, scheme },
            match scheme {
                InertialScheme::BackwardEuler => 4.0,
                InertialScheme::TrBdf2 => 16f64.powf(2.0 / 3.0),
            },
        ),
        Under::Overdamped { tolerance } => (
            Under::Overdamped {
                tolerance: tolerance * 16.0,
            },
            Under::Overdamped { tolerance },
            4.0,
        ),
    };
    let e_coarse = oscillation_error(coarse, 3.0, 2.0, model_solution(under));
    let e_fine = oscillation_error(fine, 3.0, 2.0, model_solution(under));
    let order = (e_coarse / e_fine).ln() / expected_ratio.ln();
    eprintln!(
        "oracle {under:?} convergence: errors {e_coarse:.3e} → {e_fine:.3e}, ratio {:.2} (expected {expected_ratio}), order/expected {order:.3} (allowed 1 ± {ORDER_SLACK})",
        e_coarse / e_fine
    );
    assert!(
        (order - 1.0).abs() < ORDER_SLACK,
        "{under:?}: errors {e_coarse:e} → {e_fine:e}, ratio {} (expected {expected_ratio})",
        e_coarse / e_fine
    );
}

/// Every oracle the model of `under` contains (see the module doc).
fn check_integrator(under: Under) {
    check_damped_oscillation(under);
    check_overdamped_relaxation(under);
    check_wedge(under);
    check_convergence_order(under);
    if under.has_inertia() {
        check_ballistic_flight(under);
        check_bounce_energy(under);
    }
}

#[test]
fn the_explicit_integrator_passes_every_oracle() {
    check_integrator(Under::Explicit { refine: 1.0 });
}

#[test]
fn the_inertial_integrator_passes_every_oracle() {
    check_integrator(Under::Inertial {
        tolerance: 1e-4,
        scheme: InertialScheme::BackwardEuler,
    });
}

#[test]
fn the_tr_bdf2_inertial_integrator_passes_every_oracle() {
    check_integrator(Under::Inertial {
        tolerance: 1e-4,
        scheme: InertialScheme::TrBdf2,
    });
}

#[test]
fn the_overdamped_integrator_passes_every_oracle() {
    check_integrator(Under::Overdamped { tolerance: 1e-4 });
}
