//! One control tick of a tool–sheet interface line without the bar's dynamics: the firmware
//! path (a press controller measures or estimates per-node pressure and sliding velocity and
//! asks for the friction tractions).
//!
//! Per tick, for N nodes: α_i = α(v_i) (once per node), the β-transport step (Eq. 12–14, with
//! sub-stepping over the CFL limit), μ_i = μ(α_i, β_i) (Eq. 9, 23–24) and the Coulomb law
//! with the displacement increment ΔU_i = v_i·Δt (Eq. 4–5).

use crate::coulomb::CoulombSpring;
use crate::error::Error;
use crate::law::FrictionLaw;
use crate::transport::{self, Fluxes, NodeInput, TransportParams};

/// One interface tick on caller-supplied slices (all of `beta`'s length, else
/// [`Error::InvalidParameter`]): `pressure` P_i \[Pa\], `velocity` v_i \[m/s\] (sheet
/// relative to tool), `k_s` \[Pa/m\], `dt` \[s\]. Updates `beta` and `springs` and writes
/// the tractions T_i \[Pa\] into `traction`, which also serves as scratch for α_i during
/// the tick. Errors of [`transport::step_substepped_with`] leave β and the springs untouched
/// (`traction` then holds scratch).
#[allow(clippy::too_many_arguments)]
pub fn tick(
    law: &FrictionLaw,
    transport_params: &TransportParams,
    k_s: f32,
    dt: f32,
    pressure: &[f32],
    velocity: &[f32],
    beta: &mut [f32],
    springs: &mut [CoulombSpring],
    traction: &mut [f32],
) -> Result<Fluxes, Error> {
    let n = beta.len();
    if pressure.len() != n || velocity.len() != n || springs.len() != n || traction.len() != n {
        return Err(Error::InvalidParameter);
    }
    // α_i once per node, kept in the traction buffer until the Coulomb pass.
    for (t, &v) in traction.iter_mut().zip(velocity) {
        *t = law.alpha(v);
    }
    let alpha = &*traction;
    let inputs = |i: usize| NodeInput {
        pressure: pressure.get(i).copied().unwrap_or(0.0),
        velocity: velocity.get(i).copied().unwrap_or(0.0),
        beta_thres: law.beta_thres_for_alpha(alpha.get(i).copied().unwrap_or(0.0)),
    };
    let (fluxes, _) = transport::step_substepped_with(transport_params, dt, beta, inputs)?;
    for ((((t, s), &b), &p), &v) in traction
        .iter_mut()
        .zip(springs.iter_mut())
        .zip(beta.iter())
        .zip(pressure)
        .zip(velocity)
    {
        let mu = law.mu_for_alpha(*t, b);
        *t = s.update(v * dt, k_s, p, mu);
    }
    Ok(fluxes)
}

/// A fixed-size interface line of N nodes (firmware convenience) with its β field, its
/// Coulomb springs and the tractions of the last tick.
///
/// ```
/// use tribo_core::bar::{InterfaceLine, seed_000_law};
/// use tribo_core::transport::TransportParams;
/// let law = seed_000_law()?;
/// let tp = TransportParams::seed_000(1.0e-3);
/// let mut line = InterfaceLine::<16>::new();
/// let pressure = [30.0e6_f32; 16];
/// let velocity = [0.08_f32; 16];
/// let traction = line.tick(&law, &tp, 7.3e13, 1.0e-3, &pressure, &velocity)?;
/// // Sliding at 80 µm per tick ≫ the elastic limit: every node slips at P·μ(β).
/// assert!(traction.iter().all(|&t| t > 0.0 && t <= 30.0e6 * law.mu0()));
/// # Ok::<(), tribo_core::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct InterfaceLine<const N: usize> {
    /// β per node \[-\].
    pub beta: [f32; N],
    /// Coulomb springs.
    pub springs: [CoulombSpring; N],
    /// Tractions of the last tick \[Pa\].
    pub traction: [f32; N],
}

impl<const N: usize> Default for InterfaceLine<N> {
    fn default() -> Self {
        Self::new()
    }
}

impl<const N: usize> InterfaceLine<N> {
    /// Particle-free, unloaded line.
    pub const fn new() -> Self {
        Self {
            beta: [0.0; N],
            springs: [CoulombSpring::new(); N],
            traction: [0.0; N],
        }
    }

    /// One tick ([`tick`]); returns the tractions.
    pub fn tick(
        &mut self,
        law: &FrictionLaw,
        transport_params: &TransportParams,
        k_s: f32,
        dt: f32,
        pressure: &[f32; N],
        velocity: &[f32; N],
    ) -> Result<&[f32; N], Error> {
        tick(
            law,
            transport_params,
            k_s,
            dt,
            pressure,
            velocity,
            &mut self.beta,
            &mut self.springs,
            &mut self.traction,
        )?;
        Ok(&self.traction)
    }
}
