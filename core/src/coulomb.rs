//! Elastic–perfectly-plastic Coulomb law with residual slip (seed 000 Eq. 4–5).
//!
//! ```text
//! T_f = k_s·(U − U^p)                       if |k_s·(U − U^p)| ≤ T_max      (Eq. 4, stick)
//! T_f = sgn(k_s·(U − U^p))·T_max, U^p updated so that k_s·(U − U^p) = ±T_max   (slip)
//! T_max = P·μ                                                              (Eq. 5)
//! ```
//!
//! U is the tangential displacement of the sheet relative to the tool, U^p the accumulated
//! irreversible slip, k_s ∝ E*/h_B the interface penalty stiffness.
//!
//! **Incremental, f32-safe form.** U grows to the whole sliding distance (0.14 m in seed 000
//! §7) while the elastic part U − U^p stays ~10⁻⁷ m: in `f32`, U − U^p computed from U and U^p
//! would lose every significant digit. [`CoulombSpring`] therefore stores the elastic part
//! e = U − U^p itself and is driven by displacement *increments* ΔU (small, accurate in f32):
//! trial e* = e + ΔU, then the radial return of Eq. 4. This is algebraically identical to
//! Eq. 4–5 with U^p = U − e (recover it with [`CoulombSpring::plastic_slip`]).
//!
//! **Units.** The law is unit-agnostic as long as they match: with P a pressure \[Pa\] and k_s
//! a stiffness per area \[Pa/m\] the traction is a stress \[Pa\] (the bar); with P a normal
//! force \[N\] and k_s a stiffness \[N/m\] it is a force \[N\] (a rigid block).
//!
//! **Input policy (saturating, never panics, never returns NaN or ∞):**
//! - P ≤ 0 or NaN: no contact — traction 0, state [`ContactState::Open`], the spring is
//!   unloaded (U^p ← U). P = +∞ gives T_max = `f32::MAX`.
//! - μ < 0 or NaN counts as 0 (frictionless); μ = +∞ gives T_max = `f32::MAX`.
//! - k_s ≤ 0, NaN or ∞: no tangential stiffness — behaves as no contact.
//! - non-finite ΔU counts as 0.
//!
//! ```
//! use tribo_core::coulomb::{ContactState, CoulombSpring};
//! let (k_s, p, mu) = (1.0e12_f32, 10.0e6_f32, 0.1_f32); // Pa/m, Pa, -
//! let mut s = CoulombSpring::new();
//! // 0.5 µm of displacement: the elastic limit P·μ/k_s = 1 µm is not reached — stick.
//! let t = s.update(0.5e-6, k_s, p, mu);
//! assert_eq!(s.state(), ContactState::Stick);
//! assert!((t - 0.5e6).abs() < 1.0);
//! // 2 µm more: slip at T = P·μ, 1.5 µm of residual slip.
//! let t = s.update(2.0e-6, k_s, p, mu);
//! assert_eq!((s.state(), t), (ContactState::Slip, 1.0e6));
//! assert!((s.plastic_slip(2.5e-6) - 1.5e-6).abs() < 1e-12);
//! ```

use crate::error::Error;
use crate::math;

/// Contact state of one interface spring.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ContactState {
    /// No contact (P ≤ 0): zero traction, spring unloaded.
    #[default]
    Open,
    /// Elastic stick: |k_s·(U − U^p)| ≤ P·μ, T = k_s·(U − U^p).
    Stick,
    /// Plastic slip: T = ±P·μ, U^p updated.
    Slip,
}

/// One elastic–perfectly-plastic Coulomb interface spring (Eq. 4–5), stored as its elastic
/// displacement e = U − U^p \[m\] and its state.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct CoulombSpring {
    elastic: f32,
    state: ContactState,
}

impl CoulombSpring {
    /// An unloaded spring out of contact (U^p = U).
    pub const fn new() -> Self {
        Self {
            elastic: 0.0,
            state: ContactState::Open,
        }
    }

    /// A spring in stick with a given elastic displacement e = U − U^p \[m\] (e.g. a
    /// relaxed static equilibrium). A non-finite `elastic` counts as 0.
    pub fn preloaded(elastic: f32) -> Self {
        Self {
            elastic: if elastic.is_finite() { elastic } else { 0.0 },
            state: ContactState::Stick,
        }
    }

    /// Elastic displacement e = U − U^p \[m\].
    #[inline]
    pub fn elastic_slip(&self) -> f32 {
        self.elastic
    }

    /// Accumulated irreversible slip U^p = U − e \[m\] for the current total displacement `u`
    /// (kept by the caller in f64).
    #[inline]
    pub fn plastic_slip(&self, u: f64) -> f64 {
        u - f64::from(self.elastic)
    }

    /// Current state.
    #[inline]
    pub fn state(&self) -> ContactState {
        self.state
    }

    /// Applies the displacement increment `du` = ΔU \[m\] with a single friction coefficient
    /// `mu` (Eq. 4–5) and returns the traction T_f (units of `pressure`, see module docs).
    #[inline]
    pub fn update(&mut self, du: f32, k_s: f32, pressure: f32, mu: f32) -> f32 {
        self.update_static_kinetic(du, k_s, pressure, mu, mu)
    }

    /// As [`update`](Self::update) with distinct static and kinetic coefficients: a spring in
    /// stick (or just closed) breaks loose when its trial force exceeds P·μ_s and then slides
    /// at P·μ_k; a slipping spring returns to stick as soon as its trial force falls within
    /// P·μ_k.
    pub fn update_static_kinetic(
        &mut self,
        du: f32,
        k_s: f32,
        pressure: f32,
        mu_static: f32,
        mu_kinetic: f32,
    ) -> f32 {
        // NaN fails both comparisons: no contact.
        let in_contact = pressure > 0.0 && k_s > 0.0 && k_s.is_finite();
        if !in_contact {
            *self = Self::new();
            return 0.0;
        }
        let du = if du.is_finite() { du } else { 0.0 };
        let limit_static = Self::limit(pressure, mu_static);
        let limit_kinetic = Self::limit(pressure, mu_kinetic);
        let limit = if self.state == ContactState::Slip {
            limit_kinetic
        } else {
            limit_static
        };
        let trial_e = self.elastic + du;
        let trial = k_s * trial_e;
        if trial.is_finite() && math::abs(trial) <= limit {
            self.elastic = trial_e;
            self.state = ContactState::Stick;
            trial
        } else {
            // Radial return onto the kinetic limit: U^p absorbs the excess, e = ±P·μ_k/k_s.
            let sign = if trial_e < 0.0 { -1.0 } else { 1.0 };
            let e = limit_kinetic / k_s;
            self.elastic = sign * if e.is_finite() { e } else { f32::MAX };
            self.state = ContactState::Slip;
            sign * limit_kinetic
        }
    }

    /// T_max = P·μ (Eq. 5) for P > 0: μ ≤ 0 or NaN gives 0, an overflow `f32::MAX`.
    #[inline]
    fn limit(pressure: f32, mu: f32) -> f32 {
        if mu > 0.0 {
            let l = pressure * mu;
            if l.is_finite() { l } else { f32::MAX }
        } else {
            0.0
        }
    }
}

/// Updates a line of springs with one friction coefficient per node and writes the
/// tractions: `traction[i] = springs[i].update(du[i], k_s, pressure[i], mu[i])`.
///
/// # Errors
///
/// [`Error::InvalidParameter`] when `du`, `pressure`, `mu` or `traction` differs in length from
/// `springs`; nothing is touched then.
pub fn update_line(
    springs: &mut [CoulombSpring],
    k_s: f32,
    du: &[f32],
    pressure: &[f32],
    mu: &[f32],
    traction: &mut [f32],
) -> Result<(), Error> {
    let n = springs.len();
    if du.len() != n || pressure.len() != n || mu.len() != n || traction.len() != n {
        return Err(Error::InvalidParameter);
    }
    for ((((s, &d), &p), &m), t) in springs
        .iter_mut()
        .zip(du)
        .zip(pressure)
        .zip(mu)
        .zip(traction.iter_mut())
    {
        *t = s.update(d, k_s, p, m);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One f32 rounding of a product of O(1)-relative factors.
    const REL_TOL: f32 = 1e-6;

    const K_S: f32 = 2.0e12; // Pa/m
    const P: f32 = 20.0e6; // Pa
    const MU: f32 = 0.12;

    fn limit() -> f32 {
        P * MU
    }

    #[test]
    fn stick_below_the_limit_is_linear_elastic() {
        let mut s = CoulombSpring::new();
        let e_lim = limit() / K_S;
        let mut u = 0.0f64;
        for k in 1..=9 {
            let du = 0.1 * e_lim;
            u += f64::from(du);
            let t = s.update(du, K_S, P, MU);
            assert_eq!(s.state(), ContactState::Stick);
            let expected = K_S * (k as f32) * du;
            assert!((t - expected).abs() <= REL_TOL * limit(), "k = {k}");
            assert!(s.plastic_slip(u).abs() < 1e-12);
        }
    }

    #[test]
    fn slip_at_the_limit_updates_residual_slip() {
        let mut s = CoulombSpring::new();
        let e_lim = limit() / K_S;
        // Overshoot by 3 elastic limits: T = P·μ and U^p = U − e_lim = 3·e_lim.
        let u = 4.0 * e_lim;
        let t = s.update(u, K_S, P, MU);
        assert_eq!(s.state(), ContactState::Slip);
        assert_eq!(t, limit());
        let up = s.plastic_slip(f64::from(u));
        assert!((up - 3.0 * f64::from(e_lim)).abs() <= 1e-6 * f64::from(e_lim));
        // Further forward sliding: traction stays at the limit, U^p grows by the increment.
        let t = s.update(e_lim, K_S, P, MU);
        assert_eq!(t, limit());
        let up2 = s.plastic_slip(f64::from(u + e_lim));
        assert!((up2 - up - f64::from(e_lim)).abs() <= 1e-6 * f64::from(e_lim));
    }

    #[test]
    fn reversal_unloads_elastically_then_slips_backwards() {
        let mut s = CoulombSpring::new();
        let e_lim = limit() / K_S;
        s.update(5.0 * e_lim, K_S, P, MU);
        assert_eq!(s.state(), ContactState::Slip);
        // Back by one elastic limit: elastic unloading to zero traction, no new slip.
        let t = s.update(-e_lim, K_S, P, MU);
        assert_eq!(s.state(), ContactState::Stick);
        assert!(t.abs() <= REL_TOL * limit());
        // Back by one more: traction −P·μ reached exactly at the elastic limit (stick) ...
        let t = s.update(-0.999 * e_lim, K_S, P, MU);
        assert_eq!(s.state(), ContactState::Stick);
        assert!((t + 0.999 * limit()).abs() <= 1e-5 * limit());
        // ... and beyond it, reverse slip at −P·μ.
        let t = s.update(-e_lim, K_S, P, MU);
        assert_eq!((s.state(), t), (ContactState::Slip, -limit()));
    }

    #[test]
    fn static_and_kinetic_limits_apply_by_state() {
        let (mu_s, mu_k) = (0.3, 0.2);
        let e_s = P * mu_s / K_S;
        let mut s = CoulombSpring::new();
        // Below the static limit but above the kinetic one: still stick.
        let t = s.update_static_kinetic(0.9 * e_s, K_S, P, mu_s, mu_k);
        assert_eq!(s.state(), ContactState::Stick);
        assert!(t > P * mu_k);
        // Beyond the static limit: slip at the kinetic limit.
        let t = s.update_static_kinetic(0.2 * e_s, K_S, P, mu_s, mu_k);
        assert_eq!((s.state(), t), (ContactState::Slip, P * mu_k));
    }

    #[test]
    fn no_contact_policy() {
        let mut s = CoulombSpring::new();
        s.update(1e-6, K_S, P, MU);
        for p in [0.0, -1.0e6, f32::NAN, f32::NEG_INFINITY] {
            let mut s2 = s;
            assert_eq!(s2.update(1e-6, K_S, p, MU), 0.0);
            assert_eq!(s2, CoulombSpring::new());
        }
        let mut s2 = s;
        assert_eq!(s2.update(1e-6, K_S, P, f32::NAN), 0.0);
        assert_eq!(s2.state(), ContactState::Slip);
    }

    #[test]
    fn line_update_checks_lengths() {
        let mut springs = [CoulombSpring::new(); 3];
        let mut t = [0.0; 3];
        assert_eq!(
            update_line(&mut springs, K_S, &[1e-9; 2], &[P; 3], &[MU; 3], &mut t),
            Err(Error::InvalidParameter)
        );
        update_line(
            &mut springs,
            K_S,
            &[1e-9; 3],
            &[P, 0.0, P],
            &[MU; 3],
            &mut t,
        )
        .unwrap();
        assert_eq!(t[1], 0.0);
        assert!((t[0] - K_S * 1e-9).abs() <= REL_TOL * t[0]);
    }
}
