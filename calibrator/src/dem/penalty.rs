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

use super::flake::FlakeShape;

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

/// Nodes of one surface assumed inside a flake at once (see the module doc).
pub fn simultaneous_nodes(shape: &FlakeShape, dx: f64, dy: f64) -> f64 {
    1.0 + (0.36 * shape.projected_area() / (dx * dy)).floor()
}

/// Time step Δt = safety·2/ω_max \[s\], ω_max² = 6·N·k/m.
pub fn stable_time_step(shape: &FlakeShape, k: f64, dx: f64, dy: f64, safety: f64) -> f64 {
    let omega = (6.0 * simultaneous_nodes(shape, dx, dy) * k / shape.mass()).sqrt();
    safety * 2.0 / omega
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
}
