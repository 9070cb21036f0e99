//! Translational and rotational velocity-Verlet with viscous damping (seed 000 Eq. 15–16):
//!
//! ```text
//! m·r̈ = f^(DEM) + f^(surface) − η·(v − u),        I·ω̇ = τ^(DEM) + τ^(surface) − η_rot·(ω − ω*)
//! ```
//!
//! (u, ω* the drag's target: zero in the sheet frame, the lubricant's flow in the lubricant frame
//! of [`super::drag`]). One step of length Δt is the symmetric splitting
//! `E(Δt/2) T(Δt) [forces] E(Δt/2)`:
//! - **E**, the exact solution of the velocity equations above over τ = Δt/2 with the force,
//!   the torque and the target held at their values at the ends of the step (exponential time
//!   differencing, [`RigidBody::relax`]): v ← v + ((u − v)·γ + F/m)·τ·φ(γτ), φ(x) = (1 − e^{−x})/x,
//!   γ = η/m; in the body frame each angular-momentum component relaxes the same way at the
//!   rate η_rot/I_k toward I_k·ω*_k + I_k·T_k/η_rot;
//! - **T**, free flight: r ← r + Δt·v and the *exact* torque-free rotation of the symmetric top
//!   (I₁ = I₂): q ← q_L(|L|Δt/I₁ about L) ⊗ q ⊗ q_z((1/I₃ − 1/I₁)L₃Δt about body z).
//!
//! Without damping E is the kick v ← v + τF/m, so the step is the kick–drift–kick velocity
//! Verlet of the rigid body, symplectic and time-reversible (energy error bounded, no drift).
//! With damping only, velocities decay exactly as e^{−ηt/m} and e^{−η_rot t/I_k}. Under a
//! constant force the velocity relaxes exactly to the terminal u + F/η, whatever γΔt: the
//! mobility carries no step-size error (the earlier split D(Δt/2)K(Δt/2)D... moved a flake at
//! F/η·x·coth x, x = γΔt/2, and needed γΔt ≤ 0.2). The step's stability limit with damping is
//! derived in [`super::penalty::stable_time_step_damped`].
//!
//! **Units of η_rot.** Eq. 16 writes the same η for both; in SI the rotational coefficient
//! needs units of N·m·s. [`Damping::uniform_relaxation`] takes η_rot = η·I₁/m, so in-plane
//! rotation relaxes on the same time m/η as translation (spin about the symmetry axis on
//! m·I₃/(η·I₁) ≈ 2m/η).

use super::flake::FlakeShape;
use super::quaternion::{Quat, Vec3, add, dot, mat_t_vec, mat_vec, norm, scale, sub};

/// The state of one flake.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Flake {
    /// Centre \[m\] (x, y wrapped into the periodic domain).
    pub position: Vec3,
    /// Velocity \[m/s\].
    pub velocity: Vec3,
    /// Orientation (world ← body), unit quaternion; body z is the symmetry axis.
    pub orientation: Quat,
    /// Angular momentum in the world frame \[kg·m²/s\].
    pub angular_momentum: Vec3,
}

impl Flake {
    /// A flake at rest.
    pub fn at_rest(position: Vec3, orientation: Quat) -> Self {
        Self {
            position,
            velocity: [0.0; 3],
            orientation,
            angular_momentum: [0.0; 3],
        }
    }

    /// Angular velocity ω = R·I⁻¹·Rᵀ·L in the world frame \[rad/s\].
    pub fn angular_velocity(&self, inertia: [f64; 3]) -> Vec3 {
        let r = self.orientation.to_matrix();
        let lb = mat_t_vec(&r, self.angular_momentum);
        mat_vec(
            &r,
            [lb[0] / inertia[0], lb[1] / inertia[1], lb[2] / inertia[2]],
        )
    }

    /// Sets the angular momentum from a world angular velocity ω.
    pub fn set_angular_velocity(&mut self, omega: Vec3, inertia: [f64; 3]) {
        let r = self.orientation.to_matrix();
        let wb = mat_t_vec(&r, omega);
        self.angular_momentum = mat_vec(
            &r,
            [wb[0] * inertia[0], wb[1] * inertia[1], wb[2] * inertia[2]],
        );
    }

    /// Kinetic energy ½mv² + ½Σ L_k²/I_k \[J\].
    pub fn kinetic_energy(&self, mass: f64, inertia: [f64; 3]) -> f64 {
        let r = self.orientation.to_matrix();
        let lb = mat_t_vec(&r, self.angular_momentum);
        0.5 * mass * dot(self.velocity, self.velocity)
            + 0.5
                * (lb[0] * lb[0] / inertia[0]
                    + lb[1] * lb[1] / inertia[1]
                    + lb[2] * lb[2] / inertia[2])
    }
}

/// Viscous damping coefficients of Eq. 15–16.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Damping {
    /// Translational η \[kg/s\].
    pub eta: f64,
    /// Rotational η_rot \[N·m·s\].
    pub eta_rot: f64,
}

impl Damping {
    /// No damping.
    pub const NONE: Damping = Damping {
        eta: 0.0,
        eta_rot: 0.0,
    };

    /// η for translation and η_rot = η·I₁/m (same relaxation time m/η for in-plane rotation).
    pub fn uniform_relaxation(eta: f64, shape: &FlakeShape) -> Self {
        Self {
            eta,
            eta_rot: eta * shape.inertia()[0] / shape.mass(),
        }
    }
}

/// What drives one [`RigidBody::relax`] sub-step: the contact force and torque and the drag's
/// target motion (all in the world frame; zero targets are the sheet frame).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Drive {
    /// Force on the flake \[N\].
    pub force: Vec3,
    /// Torque about its centre \[N·m\].
    pub torque: Vec3,
    /// Velocity the drag pulls toward \[m/s\].
    pub velocity: Vec3,
    /// Angular velocity the drag pulls toward \[rad/s\].
    pub angular_velocity: Vec3,
}

/// Per-step constants of [`RigidBody::relax`] for one damping and sub-step length.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RelaxWeights {
    /// Sub-step τ \[s\].
    pub tau: f64,
    /// Translational relaxation rate η/m \[1/s\].
    pub rate: f64,
    /// τ·φ(τ·η/m), or `None` without translational damping (a plain kick).
    pub translation: Option<f64>,
    /// Rotational rates η_rot/I_k per body axis \[1/s\].
    pub rot_rate: [f64; 3],
    /// φ(τ·η_rot/I_k) per body axis, or `None` without rotational damping.
    pub rotation: Option<[f64; 3]>,
}

/// φ(x) = (1 − e^{−x})/x for x ≥ 0, φ(0) = 1, without cancellation at small x (`exp_m1`).
#[inline]
pub fn phi(x: f64) -> f64 {
    if x == 0.0 { 1.0 } else { -(-x).exp_m1() / x }
}

/// Constants of one flake shape used every step.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RigidBody {
    /// Mass \[kg\].
    pub mass: f64,
    /// Principal moments (I₁, I₁, I₃) \[kg·m²\].
    pub inertia: [f64; 3],
}

impl RigidBody {
    /// The constants of `shape`.
    pub fn of(shape: &FlakeShape) -> Self {
        Self {
            mass: shape.mass(),
            inertia: shape.inertia(),
        }
    }

    /// Damping alone over τ, exact: v ← v·e^{−ητ/m}, L_k ← L_k·e^{−η_rot τ/I_k} (body frame).
    pub fn damp(&self, f: &mut Flake, d: &Damping, tau: f64) {
        self.relax(f, d, tau, &Drive::default());
    }

    /// Kick alone over τ: v ← v + τF/m, L ← L + τ·T (world frame), i.e. [`Self::relax`]
    /// without damping.
    pub fn kick(&self, f: &mut Flake, force: Vec3, torque: Vec3, tau: f64) {
        f.velocity = add(f.velocity, scale(force, tau / self.mass));
        f.angular_momentum = add(f.angular_momentum, scale(torque, tau));
    }

    /// The sub-step E(τ) of the module doc: the exact solution over τ of
    /// m·v̇ = F − η(v − u) and, per body axis, L̇_k = T_k − (η_rot/I_k)(L_k − I_k·ω*_k), with the
    /// drive's force, torque and targets held fixed. Without damping it is [`Self::kick`]
    /// bit for bit.
    pub fn relax(&self, f: &mut Flake, d: &Damping, tau: f64, drive: &Drive) {
        self.relax_with(f, &self.relax_weights(d, tau), drive);
    }

    /// The decay weights of [`Self::relax`] over τ, the same for every flake of a step:
    /// computed once per step instead of four `exp_m1` per flake and sub-step.
    pub fn relax_weights(&self, d: &Damping, tau: f64) -> RelaxWeights {
        let rate = d.eta / self.mass;
        let rot_rate = self.inertia.map(|i| d.eta_rot / i);
        RelaxWeights {
            tau,
            rate,
            translation: if d.eta == 0.0 {
                None
            } else {
                Some(tau * phi(rate * tau))
            },
            rot_rate,
            rotation: if d.eta_rot == 0.0 {
                None
            } else {
                Some(rot_rate.map(|r| phi(r * tau)))
            },
        }
    }

    /// [`Self::relax`] with weights from [`Self::relax_weights`] (bit-identical).
    pub fn relax_with(&self, f: &mut Flake, w: &RelaxWeights, drive: &Drive) {
        let tau = w.tau;
        match w.translation {
            None => f.velocity = add(f.velocity, scale(drive.force, tau / self.mass)),
            Some(weight) => {
                let pull = sub(drive.velocity, f.velocity);
                for ((v, p), force) in f.velocity.iter_mut().zip(pull).zip(drive.force) {
                    *v += (p * w.rate + force / self.mass) * weight;
                }
            }
        }
        match w.rotation {
            None => f.angular_momentum = add(f.angular_momentum, scale(drive.torque, tau)),
            Some(phis) => {
                let r = f.orientation.to_matrix();
                let lb = mat_t_vec(&r, f.angular_momentum);
                let tb = mat_t_vec(&r, drive.torque);
                let wb = mat_t_vec(&r, drive.angular_velocity);
                let mut out = [0.0; 3];
                for k in 0..3 {
                    let rate = w.rot_rate[k];
                    let pull = self.inertia[k] * wb[k] - lb[k];
                    out[k] = lb[k] + (pull * rate + tb[k]) * tau * phis[k];
                }
                f.angular_momentum = mat_vec(&r, out);
            }
        }
    }

    /// Free-flight sub-step T(Δt): straight translation and the exact symmetric-top rotation.
    pub fn drift(&self, f: &mut Flake, dt: f64) {
        f.position = add(f.position, scale(f.velocity, dt));
        f.orientation = free_rotation(f.orientation, f.angular_momentum, self.inertia, dt);
    }
}

/// Exact torque-free rotation of an axisymmetric body (I₁ = I₂ ≠ I₃) over `dt`: with
/// L constant in the world frame and e₃ = R·ẑ, ω = L/I₁ + (1/I₃ − 1/I₁)(L·e₃)e₃, whose flow is
/// a rotation about the fixed L at rate |L|/I₁ composed with a body-frame spin about z at
/// rate (1/I₃ − 1/I₁)·L₃.
pub fn free_rotation(q: Quat, l: Vec3, inertia: [f64; 3], dt: f64) -> Quat {
    let (i1, i3) = (inertia[0], inertia[2]);
    let l_norm = norm(l);
    if l_norm == 0.0 {
        return q;
    }
    let e3 = q.rotate([0.0, 0.0, 1.0]);
    let l3 = dot(l, e3);
    let q_l = Quat::from_axis_angle(l, l_norm * dt / i1);
    let q_z = Quat::from_axis_angle([0.0, 0.0, 1.0], (1.0 / i3 - 1.0 / i1) * l3 * dt);
    (q_l * q * q_z).normalized()
}

#[cfg(test)]
mod tests {
    use super::super::quaternion::sub;
    use super::*;

    /// Tolerance of the decay laws (the issue's "to 1 %").
    const DECAY_TOL: f64 = 0.01;

    fn body() -> (FlakeShape, RigidBody) {
        let s = FlakeShape::aluminium(12e-6);
        (s, RigidBody::of(&s))
    }

    fn free_step(b: &RigidBody, f: &mut Flake, d: &Damping, dt: f64) {
        b.damp(f, d, 0.5 * dt);
        b.drift(f, dt);
        b.damp(f, d, 0.5 * dt);
    }

    #[test]
    fn damping_alone_decays_velocity_and_spin_exponentially() {
        let (s, b) = body();
        let d = Damping::uniform_relaxation(1e-7, &s);
        let tau_t = b.mass / d.eta;
        let dt = tau_t / 200.0;
        // In-plane spin (about body x) and spin about the symmetry axis, separately.
        for (axis, ik) in [
            ([1.0, 0.0, 0.0], b.inertia[0]),
            ([0.0, 0.0, 1.0], b.inertia[2]),
        ] {
            let mut f = Flake::at_rest([0.0; 3], Quat::IDENTITY);
            f.velocity = [3.0, -1.0, 0.5];
            f.set_angular_velocity(scale(axis, 1e5), b.inertia);
            let v0 = norm(f.velocity);
            let w0 = norm(f.angular_velocity(b.inertia));
            let steps = 600;
            for _ in 0..steps {
                free_step(&b, &mut f, &d, dt);
            }
            let t = steps as f64 * dt;
            let v_ratio = norm(f.velocity) / v0 / (-d.eta * t / b.mass).exp();
            let w_ratio = norm(f.angular_velocity(b.inertia)) / w0 / (-d.eta_rot * t / ik).exp();
            assert!((v_ratio - 1.0).abs() < DECAY_TOL, "v ratio {v_ratio}");
            assert!((w_ratio - 1.0).abs() < DECAY_TOL, "ω ratio {w_ratio}");
        }
    }

    #[test]
    fn free_rotation_matches_a_fine_rk4_of_eulers_equations() {
        // Torque-free symmetric top, generic ω: compare the exact flow with RK4 on q̇ = ½ω⊗q,
        // ω = R I⁻¹ Rᵀ L, L constant.
        let (_, b) = body();
        let q0 = Quat::from_axis_angle([0.2, 1.0, -0.4], 0.9);
        let mut f = Flake::at_rest([0.0; 3], q0);
        f.set_angular_velocity([3e4, -1e4, 5e4], b.inertia);
        let l = f.angular_momentum;
        let t_end = 1e-4;
        let exact = free_rotation(q0, l, b.inertia, t_end);
        let omega = |q: Quat| {
            Flake {
                orientation: q,
                ..f
            }
            .angular_velocity(b.inertia)
        };
        let deriv = |q: Quat| {
            let w = omega(q.normalized());
            let p = Quat {
                w: 0.0,
                x: w[0],
                y: w[1],
                z: w[2],
            }
            .compose(q);
            [0.5 * p.w, 0.5 * p.x, 0.5 * p.y, 0.5 * p.z]
        };
        let n = 20_000;
        let h = t_end / n as f64;
        let mut q = q0;
        let addq = |q: Quat, k: [f64; 4], s: f64| Quat {
            w: q.w + s * k[0],
            x: q.x + s * k[1],
            y: q.y + s * k[2],
            z: q.z + s * k[3],
        };
        for _ in 0..n {
            let k1 = deriv(q);
            let k2 = deriv(addq(q, k1, h / 2.0));
            let k3 = deriv(addq(q, k2, h / 2.0));
            let k4 = deriv(addq(q, k3, h));
            let mut k = [0.0; 4];
            for i in 0..4 {
                k[i] = (k1[i] + 2.0 * k2[i] + 2.0 * k3[i] + k4[i]) / 6.0;
            }
            q = addq(q, k, h).normalized();
        }
        // Compare rotated test vectors (q and −q are the same rotation).
        for v in [[1.0, 0.0, 0.0], [0.0, 0.0, 1.0]] {
            let e = sub(exact.rotate(v), q.rotate(v));
            assert!(norm(e) < 1e-8, "{e:?}");
        }
    }

    #[test]
    fn relax_without_damping_is_the_kick_bit_for_bit() {
        let (_, b) = body();
        let mut f = Flake::at_rest(
            [1e-6, 0.0, 0.0],
            Quat::from_axis_angle([0.3, 1.0, 0.2], 0.7),
        );
        f.velocity = [0.3, -0.2, 0.1];
        f.angular_momentum = [1e-20, -3e-20, 2e-20];
        let mut g = f;
        let (force, torque) = ([1e-9, 2e-9, -3e-9], [4e-15, -1e-15, 2e-15]);
        b.kick(&mut f, force, torque, 1e-9);
        let drive = Drive {
            force,
            torque,
            ..Drive::default()
        };
        b.relax(&mut g, &Damping::NONE, 1e-9, &drive);
        assert_eq!(f, g);
    }

    #[test]
    fn relax_follows_the_damped_closed_form_at_any_step_and_reaches_the_terminal_velocity() {
        // m·v̇ = F − η(v − u) from v = 0: v(t) = (u + F/η)(1 − e^{−γt}), whatever γ·τ.
        const REL: f64 = 1e-12; // round-off of e^{−x} products over the sub-steps
        let (s, b) = body();
        let eta = 1e8 * s.mass();
        let d = Damping::uniform_relaxation(eta, &s);
        let drive = Drive {
            force: [2e-7, 0.0, -1e-7],
            velocity: [0.08, 0.0, 0.0],
            ..Drive::default()
        };
        let terminal = [0.08 + 2e-7 / eta, 0.0, -1e-7 / eta];
        for gamma_tau in [1e-3, 0.2, 1.0, 50.0] {
            let tau = gamma_tau / 1e8;
            let mut f = Flake::at_rest([0.0; 3], Quat::IDENTITY);
            for n in 1..=20 {
                b.relax(&mut f, &d, tau, &drive);
                let decay = -(-1e8 * tau * n as f64).exp_m1();
                for k in [0, 2] {
                    let want = terminal[k] * decay;
                    assert!(
                        (f.velocity[k] - want).abs() <= REL * terminal[k].abs(),
                        "γτ {gamma_tau}, step {n}: {} vs {want}",
                        f.velocity[k]
                    );
                }
            }
        }
    }
}
