//! Penalty stiffness and time step (seed 000 §5 Step 1: "penalty stiffness chosen so that the
//! maximum overlap is 5 % of the particles' thickness, the maximum contact force estimated by
//! Hertzian contact theory"; "dt satisfying CFL stability conditions").
//!
//! **Force estimate.** A flake hits a surface asperity at the impact speed v (default: the
//! tool's sliding speed v0, the largest relative speed in the system). Hertz impact of the
//! flake face — a sphere of radius R = a²/c, the polar radius of curvature of the spheroid —
//! of mass m on an elastic flat of reduced modulus E* (seed 000: 55 GPa):
//!
//! ```text
//! δ_H = (15·m·v² / (16·E*·√R))^{2/5},   F_max = (4/3)·E*·√R·δ_H^{3/2}
//! ```
//!
//! and the linear penalty stiffness per contact node is k = F_max / (0.05·h_p).
//!
//! **Time step.** One node gives ω₀ = √(k/m). With N nodes inside a flake at once, the
//! highest eigenfrequency of the mass-weighted contact stiffness is bounded by
//! Σ_i k(1/m + |r_i × n_i|²/I₁) ≤ 6·N·k/m (|r_i| ≤ a, I₁ ≥ m·a²/5). N is taken as the nodes
//! of one surface under the central 36 % of the footprint (the contact patch of an
//! ellipsoid pressed 10 % of h_p into a plane) plus one. The step is Δt = safety·2/ω_max
//! (velocity-Verlet is stable for ω·Δt < 2).
//!
//! **With damping** ([`stable_time_step_damped`]): the integrator's step
//! E(Δt/2) T(Δt) E(Δt/2) ([`super::rigid_body`]) applied to x'' = −γx' − ω²x has the
//! amplification matrix M with det M = e^{−γΔt} and tr M = 1 + e^{−γΔt} −
//! (ωΔt)²·(1 − e^{−γΔt})/(γΔt); |eigenvalues| < 1 iff |tr M| < 1 + det M, i.e.
//!
//! ```text
//! (ω·Δt)² < 2·z·coth(z/2),   z = γ·Δt
//! ```
//!
//! which is ωΔt < 2 without damping and Δt < 2γ/ω² when overdamped (the explicit gradient
//! flow ẋ = F/η). Since 2z·coth(z/2) ≥ max(4, 2z), Δt = safety·max(2/ω, 2γ/ω²) is stable for
//! every γ (checked on the integrator itself in the tests).

use super::flake::FlakeShape;
use super::rigid_body::Damping;

/// Largest overlap allowed under the estimated maximum force, as a fraction of h_p.
pub const OVERLAP_FRACTION: f64 = 0.05;

/// Default safety factor on the Verlet stability limit ω_max·Δt < 2: ω_max·Δt = 0.15, i.e.
/// ≥ 40 steps per period of the stiffest contact mode. Verlet's energy error per contact
/// scales as (ω·Δt)²: with 0.25 the bouncing-flake test drifted by 2 % over 10⁵ steps, with
/// 0.1 by 0.09 %, with 0.0625 by 0.01 %.
pub const DEFAULT_SAFETY: f64 = 0.075;

/// Reduced modulus of aluminium against cast iron in seed 000 §5 \[Pa\].
pub const SEED_E_STAR: f64 = 55e9;

/// Hertz estimate of the largest contact force \[N\] for an impact at `v_impact` \[m/s\].
pub fn hertz_max_force(shape: &FlakeShape, e_star: f64, v_impact: f64) -> f64 {
    let m = shape.mass();
    let r = shape.a * shape.a / shape.c;
    let sr = r.sqrt();
    let delta = (15.0 * m * v_impact * v_impact / (16.0 * e_star * sr)).powf(0.4);
    4.0 / 3.0 * e_star * sr * delta.powf(1.5)
}

/// Node stiffness k \[N/m\] such that the Hertz force gives an overlap of 5 % of h_p.
pub fn penalty_stiffness(shape: &FlakeShape, e_star: f64, v_impact: f64) -> f64 {
    hertz_max_force(shape, e_star, v_impact) / (OVERLAP_FRACTION * 2.0 * shape.c)
}

/// How the penalty stiffness of the Hertz rule is chosen (config `dem.stiffness_scale`,
/// `dem.stiffness_velocity`; issue 42's sensitivity factors). The seed's rule ([`Self::SEED`])
/// sizes k by the Hertz impact at the tool's speed v0 (so k ∝ v0^1.2, [`hertz_max_force`]);
/// this can fix the impact speed for every case ("fixed across v") and scale the result.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StiffnessRule {
    /// Factor on the stiffness of the rule \[-\] (1: the rule itself). It multiplies the final
    /// k (the Hertz estimate, or the drag-force floor where that wins), so the overlap under a
    /// given force scales as 1/scale; the explicit stable step follows from the scaled k.
    pub scale: f64,
    /// Hertz impact speed \[m/s\]: 0 uses the case's (simulated) sliding speed v0, as seed 000;
    /// > 0 uses this speed for every case.
    pub velocity: f64,
}

impl StiffnessRule {
    /// Seed 000's rule: Hertz at the sliding speed, unscaled.
    pub const SEED: Self = Self {
        scale: 1.0,
        velocity: 0.0,
    };

    /// The Hertz impact speed \[m/s\] for a case sliding at `v` \[m/s\] (already floored by the
    /// caller): `velocity` when set, else `v`.
    pub fn impact_speed(&self, v: f64) -> f64 {
        if self.velocity > 0.0 {
            self.velocity
        } else {
            v
        }
    }

    /// The rule's stiffness \[N/m\] from the seed rule's `k` \[N/m\]: `k` itself (bit for bit) at
    /// scale 1.
    pub fn scaled(&self, k: f64) -> f64 {
        if self.scale == 1.0 { k } else { k * self.scale }
    }
}

/// Nodes of one surface assumed inside a flake at once (see the module doc).
pub fn simultaneous_nodes(shape: &FlakeShape, dx: f64, dy: f64) -> f64 {
    1.0 + (0.36 * shape.projected_area() / (dx * dy)).floor()
}

/// Time step Δt = safety·2/ω_max \[s\], ω_max² = 6·N·k/m.
pub fn stable_time_step(shape: &FlakeShape, k: f64, dx: f64, dy: f64, safety: f64) -> f64 {
    stable_time_step_damped(shape, k, dx, dy, 0.0, safety)
}

/// Δt = safety·max(2/ω_max, 2·γ/ω_max²) (module doc), with γ the slowest relaxation rate of
/// the flake's modes ([`slowest_rate`]; 0 without damping, which gives [`stable_time_step`]).
pub fn stable_time_step_damped(
    shape: &FlakeShape,
    k: f64,
    dx: f64,
    dy: f64,
    rate: f64,
    safety: f64,
) -> f64 {
    let omega = (6.0 * simultaneous_nodes(shape, dx, dy) * k / shape.mass()).sqrt();
    safety * (2.0 / omega).max(2.0 * rate / (omega * omega))
}

/// The slowest relaxation rate of the drag over the flake's modes \[1/s\]: η/m for
/// translation, η_rot/I_k for rotation about each body axis.
pub fn slowest_rate(d: &Damping, shape: &FlakeShape) -> f64 {
    let i = shape.inertia();
    (d.eta / shape.mass())
        .min(d.eta_rot / i[0])
        .min(d.eta_rot / i[2])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hertz_force_does_the_impact_work() {
        // Energy check of the closed form: ∫F dδ = (2/5)·F_max·δ_H = ½mv².
        let s = FlakeShape::aluminium(12e-6);
        let v = 10.0;
        let f = hertz_max_force(&s, SEED_E_STAR, v);
        let r = s.a * s.a / s.c;
        let delta = (f / (4.0 / 3.0 * SEED_E_STAR * r.sqrt())).powf(2.0 / 3.0);
        let work = 0.4 * f * delta;
        let ke = 0.5 * s.mass() * v * v;
        assert!((work - ke).abs() < 1e-9 * ke, "{work} vs {ke}");
        let k = penalty_stiffness(&s, SEED_E_STAR, v);
        assert!((f / k - 0.05 * 0.5e-6).abs() < 1e-12 * 0.5e-6);
    }

    #[test]
    fn the_stiffness_rule_scales_k_fixes_the_impact_speed_and_keeps_the_step_consistent() {
        use super::super::drag::{DragFrame, RotationalDamping};
        use super::super::params::DemParams;
        let s = FlakeShape::aluminium(12e-6);
        let (dx, eta) = (1.5625e-6, 1e-12);
        let make = |v0: f64, rule: StiffnessRule, rot| {
            DemParams::from_physics_with(
                s,
                eta,
                v0,
                SEED_E_STAR,
                (dx, dx),
                DragFrame::Lubricant,
                rule,
                rot,
            )
        };
        let seed = make(
            10.0,
            StiffnessRule::SEED,
            RotationalDamping::EqualRelaxation,
        );
        assert_eq!(
            seed,
            DemParams::from_physics(s, eta, 10.0, SEED_E_STAR, dx, dx, DragFrame::Lubricant)
        );
        // ×4: k ×4, and the (undamped-bound) explicit step shrinks as 1/√k.
        let four = make(
            10.0,
            StiffnessRule {
                scale: 4.0,
                velocity: 0.0,
            },
            RotationalDamping::EqualRelaxation,
        );
        assert!((four.stiffness / seed.stiffness - 4.0).abs() < 1e-12);
        assert!(
            (four.dt / seed.dt - 0.5).abs() < 1e-12,
            "{} {}",
            four.dt,
            seed.dt
        );
        // A fixed impact speed: the k of the seed rule at that speed, whatever v0.
        let fixed = StiffnessRule {
            scale: 1.0,
            velocity: 10.0,
        };
        let slow = make(0.5, fixed, RotationalDamping::EqualRelaxation);
        assert_eq!(slow.stiffness, seed.stiffness);
        assert_eq!(slow.tool_velocity, 0.5);
        // Eq. 16's rotational drag survives an inertia scaling (η and η_rot are kept).
        let lit = make(10.0, StiffnessRule::SEED, RotationalDamping::Eq16);
        assert_eq!(lit.damping.eta_rot, eta * s.a * s.a);
        let light = lit.with_inertia_scale(0.1, dx, dx);
        assert_eq!(light.damping, lit.damping);
    }

    /// The integrator's step on x'' = −γx' − ω²x (unit mass, ω = 1): its amplification
    /// matrix, columns from the unit initial states.
    fn amplification(gamma: f64, h: f64) -> [[f64; 2]; 2] {
        use super::super::quaternion::Quat;
        use super::super::rigid_body::{Drive, Flake, RigidBody};
        let body = RigidBody {
            mass: 1.0,
            inertia: [1.0; 3],
        };
        let d = Damping {
            eta: gamma,
            eta_rot: 0.0,
        };
        let spring = |x: f64| Drive {
            force: [-x, 0.0, 0.0],
            ..Drive::default()
        };
        let column = |x0: f64, v0: f64| {
            let mut f = Flake::at_rest([x0, 0.0, 0.0], Quat::IDENTITY);
            f.velocity = [v0, 0.0, 0.0];
            let pull = spring(f.position[0]);
            body.relax(&mut f, &d, 0.5 * h, &pull);
            body.drift(&mut f, h);
            let pull = spring(f.position[0]);
            body.relax(&mut f, &d, 0.5 * h, &pull);
            [f.position[0], f.velocity[0]]
        };
        let (a, b) = (column(1.0, 0.0), column(0.0, 1.0));
        [[a[0], b[0]], [a[1], b[1]]]
    }

    /// Spectral radius of a real 2×2 matrix.
    fn spectral_radius(m: [[f64; 2]; 2]) -> f64 {
        let tr = m[0][0] + m[1][1];
        let det = m[0][0] * m[1][1] - m[0][1] * m[1][0];
        let disc = tr * tr / 4.0 - det;
        if disc >= 0.0 {
            (tr / 2.0).abs() + disc.sqrt()
        } else {
            det.sqrt()
        }
    }

    #[test]
    fn the_damped_step_is_stable_exactly_inside_the_derived_bound() {
        // Round-off of the 2×2 products.
        const TOL: f64 = 1e-12;
        for gamma in [0.0, 0.1, 0.5, 1.0, 2.0, 5.0, 20.0, 100.0] {
            // The closed forms of det M and tr M (module doc) at a few step sizes.
            for h in [0.1, 1.0, 1.9] {
                let m = amplification(gamma, h);
                let z = gamma * h;
                let det = m[0][0] * m[1][1] - m[0][1] * m[1][0];
                let shrink = if z == 0.0 { 1.0 } else { -(-z).exp_m1() / z };
                let tr = 1.0 + (-z).exp() - h * h * shrink;
                assert!((det - (-z).exp()).abs() < TOL, "γ {gamma} h {h}: det {det}");
                assert!((m[0][0] + m[1][1] - tr).abs() < TOL, "γ {gamma} h {h}: tr");
            }
            // The rule's step is stable; the exact boundary (ωΔt)² = 2z·coth(z/2) is sharp.
            let rule = stable_time_step_rule(gamma);
            assert!(spectral_radius(amplification(gamma, rule)) <= 1.0 + TOL);
            let boundary = bisect_boundary(gamma);
            assert!(
                rule <= boundary * (1.0 + TOL),
                "γ {gamma}: rule {rule} beyond {boundary}"
            );
            assert!(spectral_radius(amplification(gamma, 0.999 * boundary)) <= 1.0 + TOL);
            assert!(
                spectral_radius(amplification(gamma, 1.001 * boundary)) > 1.0,
                "γ {gamma}: stable past the boundary {boundary}"
            );
        }
    }

    /// max(2/ω, 2γ/ω²) at ω = 1 (safety 1).
    fn stable_time_step_rule(gamma: f64) -> f64 {
        2.0f64.max(2.0 * gamma)
    }

    /// The h where h² = 2γh·coth(γh/2) (h = 2 at γ = 0), by bisection.
    fn bisect_boundary(gamma: f64) -> f64 {
        let excess = |h: f64| {
            let z = gamma * h;
            let bound = if z == 0.0 {
                4.0
            } else {
                2.0 * z / (z / 2.0).tanh()
            };
            h * h - bound
        };
        let (mut lo, mut hi) = (1.0, 4.0 + 4.0 * gamma);
        for _ in 0..200 {
            let mid = 0.5 * (lo + hi);
            if excess(mid) < 0.0 {
                lo = mid
            } else {
                hi = mid
            }
        }
        lo
    }
}
