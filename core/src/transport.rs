//! β-transport of third-body particles along a 1D node line (seed 000 Eq. 12–14, App. C).
//!
//! β is the area fraction of the sheet covered by flake particles (Eq. 10). It obeys the
//! conservation law (Eq. 12–13)
//!
//! ```text
//! ∂β/∂t + ∂j/∂x = K·P·|U̇|/(H·h_p),      j = −ζ·U̇·β
//! ```
//!
//! in the material frame of the sheet: the Archard source (Eq. 37, App. C) creates particles
//! where the tool presses (P > 0) and slides (U̇ ≠ 0); a fraction ζ of them sticks to the tool
//! and so drifts at −ζ·U̇ relative to the sheet. The upwind scheme of Eq. 14,
//!
//! ```text
//! β_i ← β_i + Δt·[ K·P_i·|U̇_i|/(H·h_p) + (ζ/l_e)·(U̇_{i+1}β_{i+1} − U̇_iβ_i) ],  β_i ∈ [0, β_thres(v_i)]
//! ```
//!
//! is implemented in conservative donor-cell form: the amount crossing the face between
//! nodes i and i+1 during Δt is `(Δt·ζ/l_e)·(max(−U̇_i,0)·β_i − max(U̇_{i+1},0)·β_{i+1})`
//! (rightward positive), which is Eq. 14 for U̇ ≥ 0 and its upwind mirror for U̇ < 0 (stroke
//! reversal). Each face amount is computed once and given to one node and taken from the
//! other, so Σβ·l_e changes only by the source, the boundary outflows and the clamp, all
//! reported in [`Fluxes`] (accumulated in f64).
//!
//! **Stability.** The update is monotone (and keeps β ≥ 0) iff the CFL number
//! ν_i = Δt·ζ·|U̇_i|/l_e ≤ 1 on every node in contact. [`step`] refuses a step with ν > 1
//! ([`Error::CflViolation`], β untouched); [`step_substepped`] splits it into ⌈ν_max⌉ equal
//! sub-steps (at most [`MAX_SUBSTEPS`], else the same error). Never a silent blow-up.
//!
//! # Modelling decisions at the tool's edges (§4, §7, Fig. 17a)
//!
//! A node is **under the tool** when its pressure P_i > 0 (the caller decides; the strip-draw
//! bar passes the tool pressure times the fraction of the node's tributary length covered by
//! the tool, so a node is under the tool when its current position overlaps the tool). The
//! tool carries particles only where it touches the sheet, hence:
//!
//! 1. **Interior faces** carry the ζ-flux only when *both* nodes are under the tool.
//! 2. **Leading (entry) edge** — where fresh sheet comes under the tool. Tool-carried
//!    particles drift towards it at ζ·U̇ relative to the sheet, but they are attached to the
//!    tool, which advances over fresh sheet at the full U̇ ≥ ζ·U̇: they cannot be deposited
//!    ahead of the tool. The face between the first node under the tool and the fresh node
//!    ahead of it carries nothing; the particles pile up on the first nodes under the tool
//!    and are handed over to fresh nodes as these come under the tool. This is the
//!    accumulation zone of Fig. 17a (ζ > 0): tool-carried particles meet the freshly
//!    generated ones at the leading edge.
//! 3. **Trailing (exit) edge** — where the sheet leaves the tool. A node that leaves the tool
//!    keeps all the β it carries: those are the particles *left on the sheet* (the region
//!    between the two lines of the "V" in Fig. 17a). Its particles are no longer touched by
//!    the tool, so no flux comes back from it (j = 0 off the tool), no source acts on it,
//!    and its β is frozen (it is still clamped to its β_thres, which the caller may set to
//!    +∞ for nodes off the tool).
//! 4. **Ends of the line** (node 0, node N−1) are open: if the end node is under the tool and
//!    its particles drift outwards, they leave the modelled line — reported as
//!    [`Fluxes::outflow_left`] / [`Fluxes::outflow_right`]. Nothing enters from beyond.
//!
//! **Input policy.** P ≤ 0 or NaN: not under the tool; P = +∞ under it (its source saturates
//! the node if it slides, creates nothing at rest). A non-finite velocity is an error
//! ([`Error::NonFiniteInput`], β untouched); so are a non-finite or negative Δt, a Δt whose
//! source or drift rate Δt·K/(H·h_p), Δt·ζ/l_e overflows, and invalid parameters
//! ([`Error::InvalidParameter`]). β_thres NaN counts as no saturation (clamp at `f32::MAX`), a
//! negative one as 0. A NaN β already in storage counts as 0, ±∞ as ±`f32::MAX`. So no NaN
//! leaves a step and β stays finite in [0, β_thres] (the kernel, `transport/advance.rs`).
//!
//! ```
//! use tribo_core::transport::{BetaLine, TransportParams};
//! let params = TransportParams::seed_000(1.0e-3); // K = 1e-4, H = 700 MPa, h_p = 0.5 µm, ζ = 0.2
//! let mut line = BetaLine::<8>::new();
//! let pressure = [30.0e6_f32; 8]; // Pa: the whole line under the tool
//! let velocity = [0.08_f32; 8]; // m/s
//! let beta_thres = [0.4_f32; 8];
//! let fluxes = line.step(&params, 1.0e-3, &pressure, &velocity, &beta_thres)?;
//! // Archard source K·P·|U̇|·Δt/(H·h_p) ≈ 6.9e-4 per node and step (Σβ·l_e: × 8 × 1 mm).
//! let per_step = 1.0e-4 * 30.0e6 * 0.08 * 1.0e-3 / (params.hardness * 0.5e-6);
//! assert!((fluxes.source - 8.0 * f64::from(per_step) * 1.0e-3).abs() < 1e-9);
//! assert!((line.beta[3] - per_step).abs() < 1e-9);
//! // Next step: the tool drift carries part of node 0's particles out of the left end.
//! let fluxes = line.step(&params, 1.0e-3, &pressure, &velocity, &beta_thres)?;
//! assert!(fluxes.outflow_left > 0.0);
//! # Ok::<(), tribo_core::Error>(())
//! ```

use crate::error::Error;
use crate::math;
use crate::wear_law::WearPressureLaw;

mod advance;
mod coverage;
mod k_factor;
use advance::advance;
pub use coverage::SourceRule;
use k_factor::{KChoice, scan_for};

/// Accepted excess of the CFL number over 1: rounding of Δt·ζ·|U̇|/l_e for an intended ν = 1.
pub const CFL_TOLERANCE: f32 = 4.0 * f32::EPSILON;

/// Largest number of sub-steps [`step_substepped`] will take before refusing the step.
pub const MAX_SUBSTEPS: u32 = 1 << 16;

/// Parameters of the β-transport (SI units).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TransportParams {
    /// Archard wear coefficient K \[-\] (Eq. 12, 33; seed 000 §7: 1e-4).
    pub archard_k: f32,
    /// Hardness H of the softer material \[Pa\] (Eq. 33).
    pub hardness: f32,
    /// Particle (flake) thickness h_p \[m\] (seed 000: 0.5 µm).
    pub particle_thickness: f32,
    /// Fraction ζ ∈ \[0, 1\] of the particles sticking to the tool (Eq. 13; seed 000 §7: 0.2).
    pub zeta: f32,
    /// Element length l_e between nodes \[m\].
    pub element_length: f32,
    /// Pressure dependence of K (seed 001's wear section): the source uses
    /// K·(p/p_ref)^n; [`WearPressureLaw::SCALAR`] for seed 000's constant K.
    pub k_law: WearPressureLaw,
}

impl TransportParams {
    /// Hardness used by default \[Pa\]: the documented choice of the seed-000 defaults
    /// ([`crate::seed000::HARDNESS`], AA5182-O ≈ 71 HV). The seed does not
    /// state H.
    pub const DEFAULT_HARDNESS: f32 = crate::seed000::HARDNESS;

    /// Seed 000 §7 values (K = 1e-4, h_p = 0.5 µm, ζ = 0.2) with
    /// [`DEFAULT_HARDNESS`](Self::DEFAULT_HARDNESS) and the given element length \[m\].
    pub fn seed_000(element_length: f32) -> Self {
        Self {
            archard_k: 1.0e-4,
            hardness: Self::DEFAULT_HARDNESS,
            particle_thickness: 0.5e-6,
            zeta: 0.2,
            element_length,
            k_law: WearPressureLaw::SCALAR,
        }
    }

    /// Checks: K ≥ 0, H > 0, h_p > 0, l_e > 0, all finite, ζ ∈ \[0, 1\].
    ///
    /// # Errors
    ///
    /// [`Error::InvalidParameter`] when K < 0, H, h_p or l_e ≤ 0, any of them non-finite, ζ outside
    /// \[0, 1\], the wear law invalid, or K/(H·h_p) overflows.
    pub fn validate(&self) -> Result<(), Error> {
        let pos = |x: f32| x.is_finite() && x > 0.0;
        let ok = self.archard_k.is_finite()
            && self.archard_k >= 0.0
            && pos(self.hardness)
            && pos(self.particle_thickness)
            && pos(self.element_length)
            && (0.0..=1.0).contains(&self.zeta)
            && self.k_law.is_valid();
        if ok && self.source_coefficient().is_finite() {
            Ok(())
        } else {
            Err(Error::InvalidParameter)
        }
    }

    /// K/(H·h_p) \[1/(Pa·m)\]: the Archard source per unit pressure and sliding distance.
    #[inline]
    pub fn source_coefficient(&self) -> f32 {
        self.archard_k / (self.hardness * self.particle_thickness)
    }

    /// Archard source rate dβ/dt = K(P)·P·|U̇|/(H·h_p) (Eq. 12, 37) \[1/s\]; 0 off the tool
    /// (P ≤ 0 or NaN) or for a non-finite velocity.
    #[inline]
    pub fn source_rate(&self, pressure: f32, velocity: f32) -> f32 {
        if pressure > 0.0 && velocity.is_finite() {
            self.source_coefficient() * self.k_law.factor(pressure) * pressure * math::abs(velocity)
        } else {
            0.0
        }
    }

    /// CFL number ν = Δt·ζ·|U̇|/l_e \[-\].
    #[inline]
    pub fn cfl_number(&self, dt: f32, velocity: f32) -> f32 {
        dt * self.zeta / self.element_length * math::abs(velocity)
    }
}

/// Amounts of particles (Σβ·l_e, \[m\] per unit width) that entered or left a line during
/// one or more steps. For any step,
/// `Σβ'·l_e − Σβ·l_e = source − outflow_left − outflow_right − clamped_high + clamped_low`
/// (see [`Fluxes::net_change`]).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Fluxes {
    /// Created by the Archard source.
    pub source: f64,
    /// Left through the left end of the line (node 0 under the tool, drifting leftwards).
    pub outflow_left: f64,
    /// Left through the right end of the line.
    pub outflow_right: f64,
    /// Removed by the upper clamp β ≤ β_thres (saturation, §7).
    pub clamped_high: f64,
    /// Added by the lower clamp β ≥ 0 (only on invalid storage; 0 under the CFL limit).
    pub clamped_low: f64,
}

impl Fluxes {
    /// Net change of Σβ·l_e these fluxes account for \[m\].
    pub fn net_change(&self) -> f64 {
        self.source - self.outflow_left - self.outflow_right - self.clamped_high + self.clamped_low
    }

    /// Adds another step's fluxes.
    pub fn accumulate(&mut self, other: &Fluxes) {
        self.source += other.source;
        self.outflow_left += other.outflow_left;
        self.outflow_right += other.outflow_right;
        self.clamped_high += other.clamped_high;
        self.clamped_low += other.clamped_low;
    }
}

/// Per-node inputs of one transport step.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct NodeInput {
    /// Contact pressure P_i \[Pa\]; ≤ 0 or NaN means "not under the tool".
    pub pressure: f32,
    /// Sliding velocity U̇_i of the sheet relative to the tool \[m/s\].
    pub velocity: f32,
    /// Saturation β_thres(v_i) (Eq. 24) \[-\]; NaN counts as +∞.
    pub beta_thres: f32,
}

/// Δt against the parameters: finite and ≥ 0, and with the step's two rates finite —
/// Δt·K/(H·h_p) (the source per unit pressure and sliding distance, Eq. 12) and Δt·ζ/l_e (the
/// drift per unit velocity, Eq. 14). An absurd Δt·K overflowed the source to ∞ and turned
/// ∞·0 (a node at rest) into a NaN flux; it is refused here, before any node is touched.
fn check_dt(params: &TransportParams, dt: f32) -> Result<(), Error> {
    params.validate()?;
    let rates_finite = (dt * params.source_coefficient()).is_finite()
        && (dt * params.zeta / params.element_length).is_finite();
    if dt.is_finite() && dt >= 0.0 && rates_finite {
        Ok(())
    } else {
        Err(Error::InvalidParameter)
    }
}

/// One β-transport step of length `dt` \[s\] on the line `beta` (β per node, updated in
/// place), with the inputs of node i given by `inputs(i)` (called twice per node).
///
/// # Errors
///
/// β untouched in every case: [`Error::InvalidParameter`] when `params` fail
/// [`TransportParams::validate`] or `dt` is NaN, infinite, < 0 or
/// makes Δt·K/(H·h_p) or Δt·ζ/l_e overflow; [`Error::NonFiniteInput`] for a
/// non-finite node velocity; [`Error::CflViolation`] when ν_max > 1 + [`CFL_TOLERANCE`].
pub fn step_with<F: FnMut(usize) -> NodeInput>(
    params: &TransportParams,
    dt: f32,
    beta: &mut [f32],
    mut inputs: F,
) -> Result<Fluxes, Error> {
    check_dt(params, dt)?;
    let scan = scan_for(params, dt, beta.len(), &mut inputs)?;
    // A NaN CFL number (∞·0) is a violation, not a pass.
    if scan.cfl.is_nan() || scan.cfl > 1.0 + CFL_TOLERANCE {
        return Err(Error::CflViolation);
    }
    let k = KChoice::for_step(params, &scan);
    Ok(advance(
        params,
        dt,
        beta,
        &mut inputs,
        k,
        SourceRule::Archard,
    ))
}

/// As [`step_with`], but a step over the CFL limit is split into n = ⌈ν_max⌉ equal sub-steps
/// (inputs held constant). Returns the summed fluxes and n. Refuses
/// ([`Error::CflViolation`]) only if n would exceed [`MAX_SUBSTEPS`].
///
/// # Errors
///
/// β untouched in every case: [`Error::InvalidParameter`] for invalid `params` or `dt` (as
/// [`step_with`]); [`Error::NonFiniteInput`] for a non-finite node velocity;
/// [`Error::CflViolation`] when ν_max > [`MAX_SUBSTEPS`].
pub fn step_substepped_with<F: FnMut(usize) -> NodeInput>(
    params: &TransportParams,
    dt: f32,
    beta: &mut [f32],
    inputs: F,
) -> Result<(Fluxes, u32), Error> {
    step_substepped_with_rule(params, SourceRule::Archard, dt, beta, inputs)
}

/// [`step_substepped_with`] with the Archard source of `rule` ([`SourceRule`]):
/// [`SourceRule::Archard`] is seed 000's Eq. 12 (the same code, bit for bit),
/// [`SourceRule::UncoveredArchard`] creates particles only on the uncovered part of the real
/// contact.
///
/// # Errors
///
/// As [`step_substepped_with`].
pub fn step_substepped_with_rule<F: FnMut(usize) -> NodeInput>(
    params: &TransportParams,
    rule: SourceRule,
    dt: f32,
    beta: &mut [f32],
    mut inputs: F,
) -> Result<(Fluxes, u32), Error> {
    check_dt(params, dt)?;
    let scan = scan_for(params, dt, beta.len(), &mut inputs)?;
    let nu = scan.cfl;
    let substeps = if nu <= 1.0 + CFL_TOLERANCE {
        1
    } else if nu <= MAX_SUBSTEPS as f32 {
        // ceil without std: ν ≤ 2^16, so the cast is exact.
        let whole = nu as u32;
        if (whole as f32) < nu {
            whole + 1
        } else {
            whole
        }
    } else {
        return Err(Error::CflViolation);
    };
    let sub_dt = dt / substeps as f32;
    let k = KChoice::for_step(params, &scan);
    let mut total = Fluxes::default();
    for _ in 0..substeps {
        total.accumulate(&advance(params, sub_dt, beta, &mut inputs, k, rule));
    }
    Ok((total, substeps))
}

fn slice_inputs<'s>(
    n: usize,
    pressure: &'s [f32],
    velocity: &'s [f32],
    beta_thres: &'s [f32],
) -> Result<impl FnMut(usize) -> NodeInput + 's, Error> {
    if pressure.len() != n || velocity.len() != n || beta_thres.len() != n {
        return Err(Error::InvalidParameter);
    }
    Ok(move |i: usize| NodeInput {
        pressure: pressure.get(i).copied().unwrap_or(0.0),
        velocity: velocity.get(i).copied().unwrap_or(0.0),
        beta_thres: beta_thres.get(i).copied().unwrap_or(0.0),
    })
}

/// [`step_with`] on caller-supplied slices (all of `beta`'s length, else
/// [`Error::InvalidParameter`]): pressure P_i \[Pa\], velocity U̇_i \[m/s\], β_thres_i \[-\].
///
/// # Errors
///
/// [`Error::InvalidParameter`] when a slice differs in length from `beta`; otherwise those of
/// [`step_with`].
pub fn step(
    params: &TransportParams,
    dt: f32,
    pressure: &[f32],
    velocity: &[f32],
    beta_thres: &[f32],
    beta: &mut [f32],
) -> Result<Fluxes, Error> {
    let inputs = slice_inputs(beta.len(), pressure, velocity, beta_thres)?;
    step_with(params, dt, beta, inputs)
}

/// [`step_substepped_with`] on caller-supplied slices (see [`step`]).
///
/// # Errors
///
/// [`Error::InvalidParameter`] when a slice differs in length from `beta`; otherwise those of
/// [`step_substepped_with`].
pub fn step_substepped(
    params: &TransportParams,
    dt: f32,
    pressure: &[f32],
    velocity: &[f32],
    beta_thres: &[f32],
    beta: &mut [f32],
) -> Result<(Fluxes, u32), Error> {
    let inputs = slice_inputs(beta.len(), pressure, velocity, beta_thres)?;
    step_substepped_with(params, dt, beta, inputs)
}

/// [`step_substepped_with`] for one isolated point (a line of one node: no neighbours, so
/// the drift of Eq. 14 only carries particles out): β \[-\] advanced in place, inputs as in
/// [`NodeInput`]. The FE user routines' per-point step (`tribo-core-ffi`). Compiled here
/// whole, like the interface tick, so a caller in another crate pays one call, not the
/// slice form's argument checks and an out-of-line advance per point (bench `ffi_node`).
///
/// # Errors
///
/// Those of [`step_substepped_with`]: invalid `params` or `dt` ([`Error::InvalidParameter`]), a
/// non-finite velocity ([`Error::NonFiniteInput`]), ν > [`MAX_SUBSTEPS`] ([`Error::CflViolation`]).
pub fn step_point_substepped(
    params: &TransportParams,
    dt: f32,
    input: NodeInput,
    beta: &mut f32,
) -> Result<(Fluxes, u32), Error> {
    step_substepped_with(params, dt, core::slice::from_mut(beta), |_| input)
}

/// Total amount Σβ_i·l_e \[m\] of a line, summed in f64.
pub fn total_amount(beta: &[f32], element_length: f32) -> f64 {
    beta.iter().map(|&b| f64::from(b)).sum::<f64>() * f64::from(element_length)
}

/// A line of N nodes with its own `[f32; N]` storage (firmware convenience) and the fluxes
/// accumulated since its creation.
#[derive(Clone, Debug, PartialEq)]
pub struct BetaLine<const N: usize> {
    /// β per node \[-\].
    pub beta: [f32; N],
    /// Fluxes accumulated over all steps taken (f64).
    pub totals: Fluxes,
}

impl<const N: usize> Default for BetaLine<N> {
    fn default() -> Self {
        Self::new()
    }
}

impl<const N: usize> BetaLine<N> {
    /// A particle-free line.
    pub const fn new() -> Self {
        Self {
            beta: [0.0; N],
            totals: Fluxes {
                source: 0.0,
                outflow_left: 0.0,
                outflow_right: 0.0,
                clamped_high: 0.0,
                clamped_low: 0.0,
            },
        }
    }

    /// One checked step ([`step`]); refuses an over-CFL step.
    ///
    /// # Errors
    ///
    /// Those of [`step`](fn@step): invalid `params` or `dt`, a non-finite velocity, ν_max over the
    /// CFL limit; the line and its totals are then unchanged.
    pub fn step(
        &mut self,
        params: &TransportParams,
        dt: f32,
        pressure: &[f32; N],
        velocity: &[f32; N],
        beta_thres: &[f32; N],
    ) -> Result<Fluxes, Error> {
        let f = step(params, dt, pressure, velocity, beta_thres, &mut self.beta)?;
        self.totals.accumulate(&f);
        Ok(f)
    }

    /// One step, sub-stepped if over the CFL limit ([`step_substepped`]).
    ///
    /// # Errors
    ///
    /// Those of [`step_substepped`](fn@step_substepped); the line and its totals are then
    /// unchanged.
    pub fn step_substepped(
        &mut self,
        params: &TransportParams,
        dt: f32,
        pressure: &[f32; N],
        velocity: &[f32; N],
        beta_thres: &[f32; N],
    ) -> Result<(Fluxes, u32), Error> {
        let r = step_substepped(params, dt, pressure, velocity, beta_thres, &mut self.beta)?;
        self.totals.accumulate(&r.0);
        Ok(r)
    }

    /// Σβ·l_e \[m\] (f64).
    pub fn total_amount(&self, element_length: f32) -> f64 {
        total_amount(&self.beta, element_length)
    }
}
