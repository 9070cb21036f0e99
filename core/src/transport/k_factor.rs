//! The factor K(p)/K(p_ref) of the β-transport's Archard source (seed 000 Eq. 12 with seed
//! 001's wear section), chosen once per step from the CFL pass over the inputs: one factor for
//! the whole step (constant K, or one contact pressure under a tool) or one per node.

use super::{NodeInput, TransportParams};
use crate::error::Error;
use crate::math;
use crate::wear_law::WearPressureLaw;

/// What one pass over the inputs tells before a step: the CFL number and, when the source
/// depends on pressure, whether every node under the tool has the same pressure.
pub(super) struct InputScan {
    /// Largest CFL number over the nodes under the tool \[-\].
    pub(super) cfl: f32,
    /// The one pressure of every node under the tool \[Pa\], if they share it (tracked only
    /// for a pressure-dependent K; `None` otherwise).
    uniform_pressure: Option<f32>,
}

/// The CFL number (and with `PRESSURES` the shared contact pressure), or an error for a
/// non-finite velocity. Constant K scans no pressure: its pass is the CFL pass alone.
fn scan_inputs<const PRESSURES: bool, F: FnMut(usize) -> NodeInput>(
    params: &TransportParams,
    dt: f32,
    n: usize,
    inputs: &mut F,
) -> Result<InputScan, Error> {
    let mut v_max = 0.0f32;
    // Bitwise OR and AND of the contact pressures: equal iff all share one bit pattern (two
    // one-cycle integer operations per node, no branch).
    let (mut any_bits, mut all_bits) = (0u32, u32::MAX);
    for i in 0..n {
        let input = inputs(i);
        if !input.velocity.is_finite() {
            return Err(Error::NonFiniteInput);
        }
        if input.pressure > 0.0 {
            v_max = v_max.max(math::abs(input.velocity));
            if PRESSURES {
                any_bits |= input.pressure.to_bits();
                all_bits &= input.pressure.to_bits();
            }
        }
    }
    Ok(InputScan {
        cfl: params.cfl_number(dt, v_max),
        // No contact leaves (0, MAX): not equal, so no uniform pressure.
        uniform_pressure: (PRESSURES && any_bits == all_bits).then(|| f32::from_bits(any_bits)),
    })
}

/// [`scan_inputs`] tracking pressures only if the source's K depends on them.
pub(super) fn scan_for<F: FnMut(usize) -> NodeInput>(
    params: &TransportParams,
    dt: f32,
    n: usize,
    inputs: &mut F,
) -> Result<InputScan, Error> {
    if params.k_law.exponent == 0.0 {
        scan_inputs::<false, F>(params, dt, n, inputs)
    } else {
        scan_inputs::<true, F>(params, dt, n, inputs)
    }
}

/// How the step's Archard source gets K(p)/K(p_ref): one factor for the whole step (seed
/// 000's constant K, or a wear law under a uniform tool pressure) or per node.
#[derive(Clone, Copy)]
pub(super) enum KChoice {
    /// The same factor on every node \[-\] (1 for a constant K).
    Uniform(f32),
    /// The wear law evaluated per node, memoised on the last pressure.
    PerNode(WearPressureLaw),
}

impl KChoice {
    pub(super) fn for_step(params: &TransportParams, scan: &InputScan) -> Self {
        if params.k_law.exponent == 0.0 {
            KChoice::Uniform(1.0)
        } else if let Some(p) = scan.uniform_pressure {
            // One contact pressure (a tool): the law once per step.
            KChoice::Uniform(params.k_law.factor(p))
        } else {
            KChoice::PerNode(params.k_law)
        }
    }
}

/// The factor K(p)/K(p_ref) of the Archard source at one node, chosen once per step so the
/// node loop carries no branch for it: seed 000's constant K multiplies by nothing.
pub(super) trait SourceFactor {
    /// K(p)/K(p_ref) \[-\] at the node pressure p > 0 \[Pa\].
    fn at(&mut self, pressure: f32) -> f32;
}

/// One factor for every node of the step (a constant K, or a wear law under a uniform
/// pressure): the loop multiplies by a register, as fast as seed 000's scalar K (bench
/// `core`, `tick_256_wear_section`) and bit-identical to it for a factor of 1.
pub(super) struct UniformK(pub(super) f32);

impl SourceFactor for UniformK {
    #[inline(always)]
    fn at(&mut self, _pressure: f32) -> f32 {
        self.0
    }
}

/// K(p) from the wear section, memoised on the last pressure: under a tool the pressure is
/// uniform but for the edge nodes, so the power law is evaluated a few times a step.
pub(super) struct MemoisedPowerLaw {
    pub(super) law: WearPressureLaw,
    pub(super) last: (f32, f32),
}

impl SourceFactor for MemoisedPowerLaw {
    #[inline(always)]
    fn at(&mut self, pressure: f32) -> f32 {
        if pressure.to_bits() != self.last.0.to_bits() {
            self.last = (pressure, self.law.factor(pressure));
        }
        self.last.1
    }
}
