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
    /// Step h \[s\].
    pub h: f64,
}

impl InertialStep {
    /// The metric D and target velocity w (in (m/s, a·rad/s)) of flake `start` with the drag
    /// target (u, ω*) (module doc).
    pub fn metric(&self, start: &Flake, target: (Vec3, Vec3)) -> (Metric, Six) {
        let (m, h, a) = (self.mass, self.h, self.a);
        let (u, omega_star) = target;
        let dx = m / (h * h) + self.eta / h;
        let wx: [f64; 3] = std::array::from_fn(|c| {
            (m * start.velocity[c] / h + self.eta * u[c]) / (m / h + self.eta)
        });
        let r = start.orientation.to_matrix();
        let inv_a2 = 1.0 / (a * a);
        let mut block = [[0.0; 3]; 3];
        for (i, row) in block.iter_mut().enumerate() {
            for (j, v) in row.iter_mut().enumerate() {
                let j0: f64 = (0..3).map(|k| r[i][k] * self.inertia[k] * r[j][k]).sum();
                let drag = if i == j { self.eta_rot / h } else { 0.0 };
                *v = (j0 / (h * h) + drag) * inv_a2;
            }
        }
        let l0 = start.angular_momentum;
        let b: [f64; 3] = std::array::from_fn(|c| (l0[c] / h + self.eta_rot * omega_star[c]) / a);
        // J₀ is positive definite, so the block is; `solve` fails only on a degenerate shape.
        let c = solve::<3>(block, b).unwrap_or([0.0; 3]);
        let metric = Metric {
            diag: [dx, dx, dx, block[0][0], block[1][1], block[2][2]],
            rotation: Some(block),
        };
        (metric, [wx[0], wx[1], wx[2], c[0] / h, c[1] / h, c[2] / h])
    }
}
