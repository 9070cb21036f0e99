//! One control tick of a tool–sheet interface line without the bar's dynamics: the firmware
//! path (a press controller measures or estimates per-node pressure and sliding velocity and
//! asks for the friction tractions).
//!
//! Per tick, for N nodes: α_i = α(v_i) (once per node), the β-transport step (Eq. 12–14, with
//! sub-stepping over the CFL limit), μ_i = μ(α_i, β_i) (Eq. 9, 23–24) and the Coulomb law
//! with the displacement increment ΔU_i = v_i·Δt (Eq. 4–5).
//!
//! [`tick_uniform`] is the same tick when every node slides at the same velocity (a rigid
//! sheet drawn through a fixed tool, the press controller's case): α(v) and β_thres(v) are then
//! evaluated once per tick instead of once per node. α(v) costs an `expm1` (and, with
//! samples, a monotone cubic interpolation), which dominated the per-node tick; the results
//! are bit-identical to [`tick`] with `velocity = [v; N]` (tested).
//!
//! In both, nodes off the tool (P ≤ 0 or NaN) are not clamped to β_thres(v): nothing carries
//! load there, so nothing saturates, and the particles left on the sheet must survive a fast
//! return stroke whose β_thres(v) is lower (β_thres = +∞ off the tool, the transport's
//! trailing-edge rule).

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
///
/// # Errors
///
/// [`Error::InvalidParameter`] when `pressure`, `velocity`, `springs` or `traction` differs in
/// length from `beta`, or the transport parameters or `dt` are invalid
/// ([`TransportParams::validate`], `dt` NaN, infinite or < 0); [`Error::NonFiniteInput`] for a
/// non-finite velocity; [`Error::CflViolation`] when the step would need more than
/// [`transport::MAX_SUBSTEPS`] sub-steps. β and the springs are then untouched.
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
    // Off the tool (P ≤ 0) nothing carries load, so nothing saturates: the particles left on
    // the sheet keep their β (no clamp), as in `tick_uniform`.
    let inputs = |i: usize| {
        let p = pressure.get(i).copied().unwrap_or(0.0);
        NodeInput {
            pressure: p,
            velocity: velocity.get(i).copied().unwrap_or(0.0),
            beta_thres: if p > 0.0 {
                law.beta_thres_for_alpha(alpha.get(i).copied().unwrap_or(0.0))
            } else {
                f32::INFINITY
            },
        }
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

/// [`tick`] with one sliding velocity `velocity` \[m/s\] shared by all nodes: α(v) and
/// β_thres(v) are evaluated once, not per node. `pressure`, `springs` and `traction` must have
/// `beta`'s length, else [`Error::InvalidParameter`].
///
/// Bit-identical to [`tick`] with a velocity slice
/// filled with `velocity` (tested), errors included (a non-finite velocity is
/// [`Error::NonFiniteInput`], β and the springs untouched).
#[allow(clippy::too_many_arguments)]
pub fn tick_uniform(
    law: &FrictionLaw,
    transport_params: &TransportParams,
    k_s: f32,
    dt: f32,
    pressure: &[f32],
    velocity: f32,
    beta: &mut [f32],
    springs: &mut [CoulombSpring],
    traction: &mut [f32],
) -> Result<Fluxes, Error> {
    let n = beta.len();
    if pressure.len() != n || springs.len() != n || traction.len() != n {
        return Err(Error::InvalidParameter);
    }
    let alpha = law.alpha(velocity);
    let beta_thres = law.beta_thres_for_alpha(alpha);
    let inputs = |i: usize| {
        let p = pressure.get(i).copied().unwrap_or(0.0);
        NodeInput {
            pressure: p,
            velocity,
            // Off the tool the particles are left on the sheet, frozen and unclamped (the
            // transport's trailing-edge rule): the saturation bound A_p ≤ A_c (Eq. 24) holds
            // only where the tool presses.
            beta_thres: if p > 0.0 { beta_thres } else { f32::INFINITY },
        }
    };
    let (fluxes, _) = transport::step_substepped_with(transport_params, dt, beta, inputs)?;
    let du = velocity * dt;
    for (((t, s), &b), &p) in traction
        .iter_mut()
        .zip(springs.iter_mut())
        .zip(beta.iter())
        .zip(pressure)
    {
        let mu = law.mu_for_alpha(alpha, b);
        *t = s.update(du, k_s, p, mu);
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
    ///
    /// # Errors
    ///
    /// Those of [`tick`]: [`Error::InvalidParameter`] for invalid transport parameters or `dt`,
    /// [`Error::NonFiniteInput`] for a non-finite velocity, [`Error::CflViolation`] beyond
    /// [`transport::MAX_SUBSTEPS`] sub-steps.
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

    /// One tick with a sliding velocity `velocity` \[m/s\] shared by all nodes: α(v) and
    /// β_thres(v) are evaluated once per tick, not per node. Same as [`tick`](Self::tick)
    /// with `[velocity; N]`, errors included. Returns the tractions.
    ///
    /// # Errors
    ///
    /// As [`tick`]: [`Error::InvalidParameter`] for slices of different lengths, invalid transport
    /// parameters or `dt`; [`Error::NonFiniteInput`] for a non-finite `velocity`;
    /// [`Error::CflViolation`] beyond [`transport::MAX_SUBSTEPS`] sub-steps. β and the springs are
    /// then untouched.
    pub fn tick_uniform(
        &mut self,
        law: &FrictionLaw,
        transport_params: &TransportParams,
        k_s: f32,
        dt: f32,
        pressure: &[f32; N],
        velocity: f32,
    ) -> Result<&[f32; N], Error> {
        tick_uniform(
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bar::seed_000_law;
    use crate::table::Table;

    const N: usize = 48;
    const K_S: f32 = 7.3e13; // E*/h_B, Pa/m
    const DT: f32 = 1.0e-3; // s

    /// A tool window over nodes 10..30 with partially covered end nodes (the controller's
    /// pressure pattern), ramped in time.
    fn pressure(step: usize) -> [f32; N] {
        core::array::from_fn(|i| match i {
            10 | 29 => 0.4 * 20.0e6,
            11..=28 => 20.0e6 + 1.0e5 * step as f32,
            _ => 0.0,
        })
    }

    /// The uniform-velocity tick against the per-node tick with a constant velocity slice:
    /// the same floating-point operations in the same order, so bit-identical (β, springs,
    /// tractions and fluxes), for the law alone and for a law with 16 α samples, and across
    /// a velocity sweep that includes stroke reversal and rest.
    #[test]
    fn uniform_tick_is_bit_identical_to_per_node_tick() {
        let tp = TransportParams::seed_000(0.5e-3);
        let laws = [
            seed_000_law().unwrap(),
            Table::filled_example().friction_law().unwrap(),
        ];
        for law in &laws {
            let mut a = InterfaceLine::<N>::new();
            let mut b = InterfaceLine::<N>::new();
            for step in 0..200 {
                let v = match step {
                    0..=99 => 0.08 * (step as f32 / 50.0).min(1.0),
                    100..=119 => 0.0,
                    _ => -0.05,
                };
                let p = pressure(step);
                let fa = tick(
                    law,
                    &tp,
                    K_S,
                    DT,
                    &p,
                    &[v; N],
                    &mut a.beta,
                    &mut a.springs,
                    &mut a.traction,
                )
                .unwrap();
                let fb = tick_uniform(
                    law,
                    &tp,
                    K_S,
                    DT,
                    &p,
                    v,
                    &mut b.beta,
                    &mut b.springs,
                    &mut b.traction,
                )
                .unwrap();
                assert_eq!(fa, fb, "step {step}");
                assert_eq!(a.beta.map(f32::to_bits), b.beta.map(f32::to_bits));
                assert_eq!(a.traction.map(f32::to_bits), b.traction.map(f32::to_bits));
                assert_eq!(a.springs, b.springs);
            }
            // β did grow: the comparison was not between two empty lines.
            assert!(a.beta.iter().any(|&x| x > 0.01));
        }
    }

    /// Off the tool β is frozen, not clamped: a fast return (β_thres(0.32 m/s) ≈ 0.31 with the
    /// seed-000 law) keeps the 0.45 left on the sheet, in both ticks. Under the tool both
    /// clamp alike.
    #[test]
    fn off_tool_particles_survive_a_fast_return() {
        let law = seed_000_law().unwrap();
        let tp = TransportParams::seed_000(0.5e-3);
        let v = -0.32;
        let thres = law.beta_thres(v);
        assert!(thres < 0.45);
        let pressure: [f32; N] = core::array::from_fn(|i| if i < 10 { 20.0e6 } else { 0.0 });
        let mut a = InterfaceLine::<N>::new();
        a.beta = [0.45; N];
        let mut b = a.clone();
        let fa = tick(
            &law,
            &tp,
            K_S,
            DT,
            &pressure,
            &[v; N],
            &mut a.beta,
            &mut a.springs,
            &mut a.traction,
        )
        .unwrap();
        b.tick_uniform(&law, &tp, K_S, DT, &pressure, v).unwrap();
        assert!(a.beta[10..].iter().all(|&x| x == 0.45));
        assert!(b.beta[10..].iter().all(|&x| x == 0.45));
        assert_eq!(a.beta, b.beta);
        assert!(b.beta[..10].iter().all(|&x| x <= thres));
        assert!(fa.clamped_high > 0.0);
    }

    #[test]
    fn uniform_tick_rejects_what_the_per_node_tick_rejects() {
        let law = seed_000_law().unwrap();
        let tp = TransportParams::seed_000(0.5e-3);
        let mut line = InterfaceLine::<N>::new();
        line.tick_uniform(&law, &tp, K_S, DT, &pressure(0), 0.08)
            .unwrap();
        let before = line.clone();
        for v in [f32::NAN, f32::INFINITY] {
            assert_eq!(
                line.tick_uniform(&law, &tp, K_S, DT, &pressure(0), v).err(),
                Some(Error::NonFiniteInput)
            );
            assert_eq!(line.beta, before.beta);
            assert_eq!(line.springs, before.springs);
        }
        let mut springs = [CoulombSpring::new(); N - 1];
        let mut beta = [0.0; N];
        let mut traction = [0.0; N];
        assert_eq!(
            tick_uniform(
                &law,
                &tp,
                K_S,
                DT,
                &pressure(0),
                0.08,
                &mut beta,
                &mut springs,
                &mut traction
            ),
            Err(Error::InvalidParameter)
        );
    }
}
