//! The crank-slider application of seed 004 §3 (Fig. 12–15, Table 1, App. B): energy
//! dissipated by the slider's bottom and side friction with a random COF field on the
//! slider's bottom face, against the deterministic model (COF = μ_H).
//!
//! **Model.** One degree of freedom θ (crank angle); the rod angle follows from the
//! constraint R·sinθ = L·sinφ (Eq. B.3) and the slider sits at x₃ = R·cosθ + L·cosφ
//! (Eq. 34). Lagrange's equation (B.6) with generalised force κ + (f_b + f_s)·∂x₃/∂θ (B.4):
//! M(θ)·θ̈ + ½M'(θ)·θ̇² + m₂g·∂y_C/∂θ = κ + f·∂x₃/∂θ, where M = J₁ + m₂|∂r_C/∂θ|² +
//! I_C·φ'² + m₃·x₃'², J₁ = ½m₁R² (disc crank), I_C = m₂L²/12 (uniform rod about its centre).
//! Deviation from App. B: its kinetic energy (B.1) takes the rod's inertia about its end,
//! m₂L²/3, *and* the translational energy of its centre, counting the rod's rotation
//! twice; here the rod is a consistent rigid body. The trends of Fig. 14–15 do not depend
//! on it; absolute energies differ.
//!
//! The COF field is attached to the slider, so per realisation the bottom friction is
//! f_b = −s·N·H̄ (H̄ the area mean of H, Eq. 4 with P = N/S, S = 4a²) and the friction
//! torque T = −s·N·Ȳ (Ȳ = ∫H·y dS/S, Eq. 5). The torque presses the slider on the side
//! walls with two forces F_NS = |T|/(2a) (Eq. 32), which carry side friction with the mean
//! COF μ_H: f_s = −s·2μ_H·F_NS. s = tanh(ẋ₃/v_reg) regularises sign(ẋ₃). The normal force N
//! (Eq. B.5) comes from Newton–Euler equations of the rod and the slider's vertical balance,
//! solved by fixed-point iteration with the friction it carries. Energies (Eq. 35):
//! E_b = ∫|f_b·ẋ₃|dt, E_s = ∫|f_s·ẋ₃|dt, integrated with the motion by RK4.

use indicatif::ProgressBar;
use rayon::prelude::*;

use super::field::{Correlation, FieldError, LognormalField, PlateGrid};
use super::monte_carlo::Moments;
use super::sampler::{AnySampler, GaussianSampler, SamplerKind};
use crate::rng::stream_rng;

/// Parameters of the crank-slider (Table 1 and §3 defaults).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CrankSlider {
    /// Crank mass m₁ (kg).
    pub m1: f64,
    /// Rod mass m₂ (kg).
    pub m2: f64,
    /// Slider mass m₃ (kg).
    pub m3: f64,
    /// Crank radius R (m).
    pub crank: f64,
    /// Rod length L (m).
    pub rod: f64,
    /// Half length a of the slider's bottom face (m).
    pub half_side: f64,
    /// Driving torque κ (N·m).
    pub kappa: f64,
    /// Gravity (m/s²).
    pub gravity: f64,
    /// Initial crank angle θ₀ (rad).
    pub theta0: f64,
    /// Initial crank speed θ̇₀ (rad/s).
    pub omega0: f64,
    /// Simulated time (s).
    pub duration: f64,
    /// RK4 time step (s).
    pub dt: f64,
    /// Velocity scale of the regularised sign (m/s).
    pub v_reg: f64,
}

impl Default for CrankSlider {
    fn default() -> Self {
        Self {
            m1: 0.3,
            m2: 0.3,
            m3: 0.3,
            crank: 0.3,
            rod: 0.5,
            half_side: 0.3,
            kappa: 0.5,
            gravity: 9.81,
            // −1.0472 rad in the seed, i.e. −π/3.
            theta0: -std::f64::consts::FRAC_PI_3,
            omega0: 10.0,
            duration: 2.0,
            dt: 1e-4,
            v_reg: 1e-3,
        }
    }
}

/// Energies dissipated by friction (J).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Energies {
    /// Bottom friction E_b.
    pub bottom: f64,
    /// Side friction E_s.
    pub side: f64,
}

/// Kinematic coefficients at θ: first and second θ-derivatives of x₃, r_C and φ.
struct Kin {
    phi: f64,
    dphi: f64,
    ddphi: f64,
    dx3: f64,
    ddx3: f64,
    dxc: f64,
    ddxc: f64,
    dyc: f64,
    ddyc: f64,
}

/// Fixed-point iterations for N (converge to round-off in a few for |COF·tanφ| < 1).
const N_ITERATIONS: usize = 12;

impl CrankSlider {
    fn kin(&self, th: f64) -> Kin {
        let (r, l) = (self.crank, self.rod);
        let (s, c) = th.sin_cos();
        let phi = (r * s / l).clamp(-1.0, 1.0).asin();
        let (sp, cp) = phi.sin_cos();
        let dphi = r * c / (l * cp);
        let ddphi = (l * sp * dphi * dphi - r * s) / (l * cp);
        Kin {
            phi,
            dphi,
            ddphi,
            dx3: -r * s - l * sp * dphi,
            ddx3: -r * c - l * cp * dphi * dphi - l * sp * ddphi,
            dxc: -r * s - 0.5 * l * sp * dphi,
            ddxc: -r * c - 0.5 * l * (cp * dphi * dphi + sp * ddphi),
            dyc: 0.5 * l * cp * dphi,
            ddyc: 0.5 * l * (-sp * dphi * dphi + cp * ddphi),
        }
    }

    /// θ̈, bottom and side friction forces at state (θ, θ̇) for a slider with mean COF
    /// `h_mean` and first moment `y_moment` = ∫H·y dS/S (m).
    fn dynamics(
        &self,
        th: f64,
        om: f64,
        h_mean: f64,
        y_moment: f64,
        mu_side: f64,
    ) -> (f64, f64, f64) {
        let k = self.kin(th);
        let (m2, m3, l) = (self.m2, self.m3, self.rod);
        let ic = m2 * l * l / 12.0;
        let j1 = 0.5 * self.m1 * self.crank * self.crank;
        let mass =
            j1 + m2 * (k.dxc * k.dxc + k.dyc * k.dyc) + ic * k.dphi * k.dphi + m3 * k.dx3 * k.dx3;
        let dmass = 2.0
            * (m2 * (k.dxc * k.ddxc + k.dyc * k.ddyc)
                + ic * k.dphi * k.ddphi
                + m3 * k.dx3 * k.ddx3);
        let v3 = k.dx3 * om;
        let s = (v3 / self.v_reg).tanh();
        let coef_b = h_mean;
        let coef_s = mu_side * y_moment.abs() / self.half_side;
        let (sp, cp) = k.phi.sin_cos();
        let mut n = m3 * self.gravity;
        let mut acc = 0.0;
        for _ in 0..N_ITERATIONS {
            let f = -s * (coef_b + coef_s) * n;
            acc =
                (self.kappa + f * k.dx3 - 0.5 * dmass * om * om - m2 * self.gravity * k.dyc) / mass;
            // Newton–Euler of the rod (forces F_A at the crank pin, F_B at the slider pin).
            let phi_dd = k.dphi * acc + k.ddphi * om * om;
            let ax_c = k.dxc * acc + k.ddxc * om * om;
            let ay_c = k.dyc * acc + k.ddyc * om * om;
            let x3_dd = k.dx3 * acc + k.ddx3 * om * om;
            let fbx = f - m3 * x3_dd;
            // e = (L/2)(cosφ, −sinφ); e × F_B = ½[I_C·ψ̈ + e × (m₂a_C + m₂g ŷ)], ψ = −φ.
            let (ex, ey) = (0.5 * l * cp, -0.5 * l * sp);
            let e_cross_ma = ex * m2 * (ay_c + self.gravity) - ey * m2 * ax_c;
            let e_cross_fb = 0.5 * (-ic * phi_dd + e_cross_ma);
            // e × F_B = e_x F_By − e_y F_Bx.
            let fby = (e_cross_fb + ey * fbx) / ex;
            let n_new = (m3 * self.gravity + fby).max(0.0);
            let converged = (n_new - n).abs() <= 1e-13 * n.abs().max(1.0);
            n = n_new;
            if converged {
                break;
            }
        }
        let fb = -s * coef_b * n;
        let fs = -s * coef_s * n;
        let _ = acc;
        let f = fb + fs;
        let acc =
            (self.kappa + f * k.dx3 - 0.5 * dmass * om * om - m2 * self.gravity * k.dyc) / mass;
        (acc, fb * v3, fs * v3)
    }

    /// Simulates the motion and returns the dissipated energies for a slider whose COF
    /// field has area mean `h_mean` and first moment `y_moment` (m); side COF `mu_side`.
    pub fn simulate(&self, h_mean: f64, y_moment: f64, mu_side: f64) -> Energies {
        let rhs = |s: [f64; 4]| -> [f64; 4] {
            let (acc, pb, ps) = self.dynamics(s[0], s[1], h_mean, y_moment, mu_side);
            [s[1], acc, pb.abs(), ps.abs()]
        };
        let mut s = [self.theta0, self.omega0, 0.0, 0.0];
        let steps = (self.duration / self.dt).round() as usize;
        let h = self.dt;
        for _ in 0..steps {
            let k1 = rhs(s);
            let k2 = rhs(std::array::from_fn(|i| s[i] + 0.5 * h * k1[i]));
            let k3 = rhs(std::array::from_fn(|i| s[i] + 0.5 * h * k2[i]));
            let k4 = rhs(std::array::from_fn(|i| s[i] + h * k3[i]));
            for i in 0..4 {
                s[i] += h / 6.0 * (k1[i] + 2.0 * k2[i] + 2.0 * k3[i] + k4[i]);
            }
        }
        Energies {
            bottom: s[2],
            side: s[3],
        }
    }
}

/// Mean ± std of the energies at one l/a.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct EnergyStats {
    /// l/a.
    pub la: f64,
    /// E_b moments.
    pub bottom: Moments,
    /// E_s moments.
    pub side: Moments,
}

/// The study of Fig. 14–15: `realisations` random slider faces per l/a (field mean μ_H,
/// std σ_H, Gaussian kernel), each simulated; realisation k of point p uses stream
/// p·realisations + k of `seed`.
///
/// # Errors
///
/// [`FieldError::BadParameter`] when `mean` ≤ 0, `std` < 0 (or either non-finite) or an l/a gives a
/// correlation length not finite and > 0; the sampler errors of [`AnySampler::new`].
pub fn energy_study(
    model: &CrankSlider,
    mean: f64,
    std: f64,
    las: &[f64],
    realisations: usize,
    seed: u64,
    progress: Option<&ProgressBar>,
) -> Result<Vec<EnergyStats>, FieldError> {
    let a = model.half_side;
    let mut out = Vec::with_capacity(las.len());
    for (p, &la) in las.iter().enumerate() {
        let field = LognormalField {
            mean,
            std,
            correlation: Correlation::gaussian(la * a),
        };
        field.validate()?;
        let grid = PlateGrid::seed_mesh(a, la * a, 256);
        let sampler = AnySampler::new(SamplerKind::Auto, grid, field.correlation)?;
        let per = sampler.per_draw();
        let draws = realisations.div_ceil(per);
        let energies: Vec<Energies> = (0..draws)
            .into_par_iter()
            .map_init(
                || (sampler.scratch(), vec![0.0; per * grid.nodes()]),
                |(scratch, buf), d| {
                    let stream = (p * realisations + d) as u64;
                    sampler.draw(&mut stream_rng(seed, stream), scratch, buf);
                    let res: Vec<Energies> = buf
                        .chunks_mut(grid.nodes())
                        .map(|h| {
                            field.to_cof(h);
                            let n = h.len() as f64;
                            let h_mean = h.iter().sum::<f64>() / n;
                            let y_moment = h
                                .iter()
                                .enumerate()
                                .map(|(i, v)| v * grid.coord(i / grid.m))
                                .sum::<f64>()
                                / n;
                            model.simulate(h_mean, y_moment, mean)
                        })
                        .collect();
                    if let Some(pb) = progress {
                        pb.inc(1);
                    }
                    res
                },
            )
            .collect::<Vec<_>>()
            .into_iter()
            .flatten()
            .take(realisations)
            .collect();
        out.push(EnergyStats {
            la,
            bottom: Moments::of(energies.iter().map(|e| e.bottom)),
            side: Moments::of(energies.iter().map(|e| e.side)),
        });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frictionless_motion_conserves_energy() {
        // Oracle: with no friction the mechanical energy ½Mθ̇² + V changes only by κ·Δθ.
        let m = CrankSlider {
            duration: 0.5,
            ..CrankSlider::default()
        };
        let energy = |th: f64, om: f64| {
            let k = m.kin(th);
            let ic = m.m2 * m.rod * m.rod / 12.0;
            let mass = 0.5 * m.m1 * m.crank * m.crank
                + m.m2 * (k.dxc * k.dxc + k.dyc * k.dyc)
                + ic * k.dphi * k.dphi
                + m.m3 * k.dx3 * k.dx3;
            0.5 * mass * om * om + m.m2 * m.gravity * 0.5 * m.crank * th.sin() - m.kappa * th
        };
        let mut s = [m.theta0, m.omega0];
        let e0 = energy(s[0], s[1]);
        for _ in 0..5000 {
            let f = |s: [f64; 2]| [s[1], m.dynamics(s[0], s[1], 0.0, 0.0, 0.0).0];
            let k1 = f(s);
            let k2 = f([s[0] + 0.5 * m.dt * k1[0], s[1] + 0.5 * m.dt * k1[1]]);
            let k3 = f([s[0] + 0.5 * m.dt * k2[0], s[1] + 0.5 * m.dt * k2[1]]);
            let k4 = f([s[0] + m.dt * k3[0], s[1] + m.dt * k3[1]]);
            for i in 0..2 {
                s[i] += m.dt / 6.0 * (k1[i] + 2.0 * k2[i] + 2.0 * k3[i] + k4[i]);
            }
        }
        let e1 = energy(s[0], s[1]);
        assert!((e1 - e0).abs() < 1e-8 * e0.abs().max(1.0), "{e0} → {e1}");
    }

    #[test]
    fn deterministic_model_dissipates_no_side_energy() {
        let m = CrankSlider::default();
        let e = m.simulate(0.5, 0.0, 0.5);
        assert!(e.bottom > 0.0 && e.side == 0.0);
    }

    /// Realisations per l/a in the default test (mean E_s known to ~8 %).
    const REALISATIONS: usize = 100;

    #[test]
    fn bottom_energy_matches_deterministic_below_03_and_side_energy_peaks_near_1() {
        let m = CrankSlider {
            duration: 1.0,
            dt: 2e-4,
            ..CrankSlider::default()
        };
        let det = m.simulate(0.5, 0.0, 0.5).bottom;
        let las = [0.1, 0.3, 1.0, 3.0, 10.0];
        let st = energy_study(&m, 0.5, 0.1, &las, REALISATIONS, 3, None).unwrap();
        for s in st.iter().filter(|s| s.la < 0.3 + 1e-9) {
            let se = (s.bottom.var / REALISATIONS as f64).sqrt();
            assert!(
                (s.bottom.mean - det).abs() <= 4.0 * se + 1e-3 * det,
                "l/a={}: {} vs {det}",
                s.la,
                s.bottom.mean
            );
            assert!(s.bottom.std() < 0.05 * det);
        }
        let kmax = (0..st.len())
            .max_by(|&i, &j| st[i].side.mean.total_cmp(&st[j].side.mean))
            .unwrap();
        assert!(
            (0.3..=3.0).contains(&las[kmax]),
            "E_s peak at l/a = {}",
            las[kmax]
        );
        assert!(st[0].side.mean < st[kmax].side.mean && st[4].side.mean < st[kmax].side.mean);
    }
}
