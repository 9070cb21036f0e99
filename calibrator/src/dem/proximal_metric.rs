//! The quadratic term of the proximal objective Φ(δ) = U(x_n + δ) + ½·(δ − h·w)ᵀ·D·(δ − h·w)
//! that both implicit integrators minimise per step ([`super::backward_euler`]): its metric D
//! and target velocity w per flake, in the step's length coordinates δ = (Δx, a·θ).
//!
//! - **Overdamped** ([`super::overdamped`]): D = diag(η, η, η, η_rot/a², η_rot/a², η_rot/a²)/h,
//!   w = (u, a·ω*): backward Euler of the inertia-free flow.
//! - **Inertial** ([`super::inertial`]): backward Euler of Eq. 15–16 with inertia,
//!   m·(v₁ − v₀)/h = F(x₁) − η·(v₁ − u), x₁ = x₀ + h·v₁, and for the rotation
//!   (L₁ − L₀)/h = τ(x₁) − η_rot·(ω₁ − ω*), θ = h·ω₁, L₁ = J₀·ω₁ with J₀ = R₀·diag(I)·R₀ᵀ the
//!   inertia tensor at the step's start (the body-frame anisotropy I₃ = 2·I₁ kept). Its
//!   stationarity conditions are those of Φ with
//!
//!   ```text
//!   D_x = m/h² + η/h,                      w_x = (m·v₀/h + η·u) / (m/h + η)
//!   D_θ = (J₀/h² + η_rot/h)/a²  (3×3),    h·w_θ = D_θ⁻¹·(L₀/h + η_rot·ω*)/a
//!   ```
//!
//!   It is the overdamped metric for m, J₀ → 0 and ballistic flight x₁ = x₀ + h·v₀,
//!   L₁ = L₀ for F = 0, η = 0.

use crate::numerics::dense::solve;

use super::quaternion::{Vec3, mat_vec};
use super::rigid_body::Flake;

/// Per-flake 6-vectors in the step's length coordinates (x, a·θ).
pub type Six = [f64; 6];

/// The metric D of one flake's quadratic term: diagonal, or with a full symmetric 3×3
/// rotational block (the inertial step's J₀/h²).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Metric {
    /// The diagonal \[kg/s² per unit of δ², i.e. N/m\] (of the rotational block too, for
    /// scaling a gradient step when the Newton matrix is not positive definite).
    pub diag: Six,
    /// The full rotational block, if not diagonal \[N/m\].
    pub rotation: Option<[[f64; 3]; 3]>,
}

impl Metric {
    /// A diagonal metric.
    pub fn diagonal(diag: Six) -> Self {
        Self {
            diag,
            rotation: None,
        }
    }

    /// D·r.
    pub fn apply(&self, r: &Six) -> Six {
        match &self.rotation {
            None => std::array::from_fn(|c| self.diag[c] * r[c]),
            Some(m) => {
                let rot = mat_vec(m, [r[3], r[4], r[5]]);
                [
                    self.diag[0] * r[0],
                    self.diag[1] * r[1],
                    self.diag[2] * r[2],
                    rot[0],
                    rot[1],
                    rot[2],
                ]
            }
        }
    }

    /// Adds D to a 6×6 block through `add(row, column, value)`.
    pub fn add_to(&self, mut add: impl FnMut(usize, usize, f64)) {
        match &self.rotation {
            None => (0..6).for_each(|r| add(r, r, self.diag[r])),
            Some(m) => {
                (0..3).for_each(|r| add(r, r, self.diag[r]));
                for (r, row) in m.iter().enumerate() {
                    for (c, &v) in row.iter().enumerate() {
                        add(3 + r, 3 + c, v);
                    }
                }
            }
        }
    }
}

/// The overdamped metric for a step h \[s\] (module doc).
pub fn overdamped(eta: f64, eta_rot: f64, a: f64, h: f64) -> Metric {
    let (t, r) = (eta / h, eta_rot / (a * a * h));
    Metric::diagonal([t, t, t, r, r, r])
}

/// The scheme of the inertial integrator's steps (`dem.inertial_scheme`,
/// [`super::inertial`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum InertialScheme {
    /// Backward Euler: one implicit stage, first order, L-stable.
    BackwardEuler,
    /// TR-BDF2 (Bank et al. 1985; Hosea & Shampine 1996): a trapezoidal stage to t + γ·h and
    /// a BDF2 stage to t + h, γ = 2 − √2; second order, L-stable, no history across steps.
    #[default]
    TrBdf2,
}

/// What the inertial step of one flake needs besides its start state.
#[derive(Clone, Copy, Debug)]
pub struct InertialStep {
    /// Mass m \[kg\].
    pub mass: f64,
    /// Principal moments (I₁, I₁, I₃) \[kg·m²\].
    pub inertia: [f64; 3],
    /// Translational drag η \[kg/s\].
    pub eta: f64,
    /// Rotational drag η_rot \[N·m·s\].
    pub eta_rot: f64,
    /// Flake radius a \[m\].
    pub a: f64,
}

/// One implicit stage of an inertial step, in the form common to backward Euler and both
/// stages of TR-BDF2: with w = (δ − offset)/τ the stage solves
///
/// ```text
/// m·(w − c·v_ref)/τ = F(x₀ + δ) + extra − η·(w − c·u),      δ = offset + τ·w
/// ```
///
/// which is D·(δ − s) = F(x₀ + δ) with D = m/τ² + η/τ and
/// s = offset + (c·m·v_ref/τ + c·η·u + extra)/D (and the 3×3 analogue with J₀, η_rot, ω*, τ for
/// the rotation in the length coordinates a·θ):
///
/// - backward Euler: τ = h, c = 1, v_ref = v₀, offset = extra = 0;
/// - TR-BDF2's trapezoidal stage to t + γ·h: τ = γ·h/2, c = 2, v_ref = v₀, extra = F(x₀)
///   (x_γ = x₀ + τ·(v₀ + v_γ), m·(v_γ − v₀) = τ·(F₀ + F_γ) − η·τ·(v₀ + v_γ − 2·u));
/// - its BDF2 stage to t + h: τ = d·h, c = 1, v_ref = v̂ = c₁·v_γ − c₀·v₀,
///   offset = c₁·(x_γ − x₀), extra = 0 (x₁ = x̂ + τ·v₁, m·(v₁ − v̂) = τ·(F₁ − η·(v₁ − u))).
///
/// The velocities are in the step's length coordinates (v, a·ω); the angular momentum of a
/// velocity is J₀·ω with J₀ the inertia tensor at the step's start.
#[derive(Clone, Copy, Debug)]
pub struct Stage {
    /// The stage's effective step τ \[s\].
    pub tau: f64,
    /// c: 1 for backward-Euler and BDF2 stages, 2 for the trapezoidal one.
    pub weight: f64,
    /// v_ref (v, a·ω) \[m/s\].
    pub velocity: Six,
    /// The part of δ fixed by the history, (Δx, a·θ) \[m\].
    pub offset: Six,
    /// An explicit generalised force (F, τ/a) at the stage's start \[N\].
    pub extra: Six,
}

impl InertialStep {
    /// The metric D and shift s (in δ's length coordinates \[m\]) of flake `start` for a
    /// `stage`, with the drag target (u, ω*) ([`Stage`]).
    pub fn metric(&self, start: &Flake, target: (Vec3, Vec3), stage: &Stage) -> (Metric, Six) {
        let (m, tau, a, c) = (self.mass, stage.tau, self.a, stage.weight);
        let (u, omega_star) = target;
        let dx = m / (tau * tau) + self.eta / tau;
        let sx: [f64; 3] = std::array::from_fn(|k| {
            stage.offset[k]
                + (c * m * stage.velocity[k] / tau + c * self.eta * u[k] + stage.extra[k]) / dx
        });
        let r = start.orientation.to_matrix();
        let inv_a2 = 1.0 / (a * a);
        let mut j0 = [[0.0; 3]; 3];
        let mut block = [[0.0; 3]; 3];
        for i in 0..3 {
            for j in 0..3 {
                j0[i][j] = (0..3).map(|k| r[i][k] * self.inertia[k] * r[j][k]).sum();
                let drag = if i == j { self.eta_rot / tau } else { 0.0 };
                block[i][j] = (j0[i][j] / (tau * tau) + drag) * inv_a2;
            }
        }
        let omega_ref = [
            stage.velocity[3] / a,
            stage.velocity[4] / a,
            stage.velocity[5] / a,
        ];
        let l_ref = mat_vec(&j0, omega_ref);
        let b: [f64; 3] = std::array::from_fn(|k| {
            (c * l_ref[k] / tau + c * self.eta_rot * omega_star[k]) / a + stage.extra[3 + k]
        });
        // J₀ is positive definite, so the block is; `solve` fails only on a degenerate shape.
        let rot = solve::<3>(block, b).unwrap_or([0.0; 3]);
        let metric = Metric {
            diag: [dx, dx, dx, block[0][0], block[1][1], block[2][2]],
            rotation: Some(block),
        };
        let shift = [
            sx[0],
            sx[1],
            sx[2],
            stage.offset[3] + rot[0],
            stage.offset[4] + rot[1],
            stage.offset[5] + rot[2],
        ];
        (metric, shift)
    }
}
