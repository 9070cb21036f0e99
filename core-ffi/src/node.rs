//! One contact point's increment, as an FE user friction routine (Abaqus VFRIC/FRIC, LS-DYNA
//! user friction) calls it: the β-transport step (seed 000 Eq. 12, 14) and the
//! elastic–perfectly-plastic Coulomb update (Eq. 4–5) with μ(v, β) (Eq. 9, 23–24), with the
//! state the routine carries between increments in caller-owned memory. This is the scalar
//! (1D) call; `crate::point` is the VFRIC-shaped one with two tangential directions.
//!
//! **State variables** (three per contact point, [`TriboNodeState`]): β, the elastic part of
//! the tangential slip e = U − U^p, and the contact state. The accumulated irreversible slip
//! is U^p = U − e with U the total tangential slip the FE code tracks (in double precision);
//! the core keeps e rather than U^p because U^p and U grow to the whole draw while e stays
//! ~10⁻⁷ m, which f32 would lose in U − U^p (see the core's `coulomb` module). The state is
//! SI (β \[-\], e \[m\]) whatever the model's units (`crate::units`).
//!
//! **A point knows no neighbours.** The tool-drift term (ζ/l_e)·(U̇_{i+1}β_{i+1} − U̇_iβ_i) of
//! Eq. 14 is a difference between neighbouring nodes; a user friction routine is called per
//! contact point without the mesh topology, so the node step takes the term as zero (ζ = 0:
//! locally uniform β, where inflow and outflow cancel). What is lost is the transport of
//! tool-carried particles along the draw: the accumulation zone at the tool's leading edge
//! (seed 000 Fig. 17a). The source (Eq. 12, with K(p) of the table's wear section when present)
//! and the saturation β ≤ β_thres(v) under the tool (Eq. 24) are kept; off the tool (P ≤ 0) β
//! is frozen and not clamped (particles left on the sheet).
//!
//! The step is exactly the core's interface tick (`tribo_core::bar::tick`) on a one-node line
//! with ζ = 0 when `slip_increment` = `slip_rate`·`dt` (tested bit for bit; the C and Fortran
//! examples in CI check the VFRIC-shaped call against the same tick).
//!
//! **Inputs are checked** (`crate::plausible`) after the conversion to SI and before the core
//! sees them: Δt, the pressure, the slip rate, the slip increment; each failure has its named
//! status and writes nothing.

use tribo_core::coulomb::{ContactState, CoulombSpring};
use tribo_core::table::law_gate::MU_MAX;
use tribo_core::table::plausible::BETA_THRES_MAX;
use tribo_core::transport;

use crate::model::{Model, TriboModel, step_through, write_out};
use crate::plausible;
use crate::status::{TriboStatus, status_of};

/// Contact state value: open (no contact, spring unloaded).
pub const TRIBO_CONTACT_OPEN: u32 = 0;
/// Contact state value: elastic stick, |k_s e| <= p mu.
pub const TRIBO_CONTACT_STICK: u32 = 1;
/// Contact state value: plastic slip at |T| = p mu.
pub const TRIBO_CONTACT_SLIP: u32 = 2;

/// The state one contact point carries between increments (the FE routine's state
/// variables), always SI whatever the model's units. All zero is a fresh, particle-free,
/// open point.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct TriboNodeState {
    /// Third-body area fraction beta (Eq. 10), dimensionless.
    pub beta: f32,
    /// Elastic tangential slip e = U - U^p (Eq. 4), in m (SI); U^p = U - e.
    pub elastic_slip: f32,
    /// TRIBO_CONTACT_OPEN, TRIBO_CONTACT_STICK or TRIBO_CONTACT_SLIP.
    pub contact: u32,
}

/// What the FE code gives the scalar routine for one increment, in the model's units.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct TriboNodeInput {
    /// Time increment (time unit), finite and > 0.
    pub dt: f32,
    /// Tangential slip increment of the sheet relative to the tool (length unit), finite,
    /// |slip_increment|/dt within the slip-rate bound.
    pub slip_increment: f32,
    /// Contact pressure (stress unit): 0 = the point is not under the tool (open); otherwise
    /// within [pressure_min, pressure_max] of tribo_model_info.
    pub pressure: f32,
    /// Slip rate (velocity unit; the alpha(v) argument and the Archard source), finite,
    /// |slip_rate| within the bound.
    pub slip_rate: f32,
}

/// What the scalar routine returns for one increment, in the model's units.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct TriboNodeOutput {
    /// Friction coefficient mu(v, beta) after the transport step.
    pub mu: f32,
    /// Tangential traction T_f (Eq. 4-5, stress unit), signed like the elastic slip: the
    /// friction stress on the sheet is -shear_stress.
    pub shear_stress: f32,
    /// beta_thres(v) used for the clamp; +infinity off the tool.
    pub beta_thres: f32,
}

/// The validated inputs of one increment in SI, shared by the scalar and the VFRIC-shaped
/// steps.
#[derive(Clone, Copy, Debug)]
pub(crate) struct SiIncrement {
    /// Δt \[s\].
    pub(crate) dt: f32,
    /// P \[Pa\].
    pub(crate) pressure: f32,
    /// U̇ \[m/s\].
    pub(crate) slip_rate: f32,
}

/// β and μ after the transport step of one point (the first half of a step).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Transported {
    pub(crate) beta: f32,
    pub(crate) mu: f32,
    pub(crate) beta_thres: f32,
}

/// The transport step of one point from β (Eq. 12, 14 with ζ = 0, Eq. 24 clamp under the
/// tool) and μ(α(v), β) after it (Eq. 9, 23–24): what the core's tick does per node before
/// its Coulomb pass, in the same operations.
#[inline(always)]
pub(crate) fn transport_and_mu(
    model: &Model,
    beta: f32,
    inc: &SiIncrement,
) -> Result<Transported, TriboStatus> {
    let law = &model.law;
    let alpha = law.alpha(inc.slip_rate);
    // Off the tool nothing carries load, so nothing saturates (the core tick's rule).
    let beta_thres = if inc.pressure > 0.0 {
        law.beta_thres_for_alpha(alpha)
    } else {
        f32::INFINITY
    };
    // The one-point form of the core's step: compiled whole inside tribo-core, as the core's
    // own tick is (the slice form cost the ABI its length checks and an out-of-line advance
    // per point; bench `ffi_node`).
    let mut beta = beta;
    transport::step_point_substepped(
        &model.transport,
        inc.dt,
        transport::NodeInput {
            pressure: inc.pressure,
            velocity: inc.slip_rate,
            beta_thres,
        },
        &mut beta,
    )?;
    Ok(Transported {
        beta,
        mu: law.mu_for_alpha(alpha, beta),
        beta_thres,
    })
}

/// Relative slack of the elastic-slip bound of [`check_state`] over f32 rounding of the
/// Coulomb update (|k_s·e| ≤ P·μ holds to a few ulps for every state a step writes).
const ELASTIC_SLIP_SLACK: f32 = 1.0e-3;

/// Checks a state against what a step of `model` could have written: a known contact value;
/// β finite in [0, β_max] with β_max = [`BETA_THRES_MAX`] (the law gate's β domain: a step
/// never carries β above the largest saturation the table may hold); each elastic slip e (the
/// magnitude of the components for the point call) finite with k_s·|e| ≤ p_max·μ_max, the
/// largest traction a stick can hold at the model's largest plausible pressure p_max and the
/// law gate's μ_max (so the bound follows the model's units through k_s and p_max). A state
/// with β = 1e30 or e = 1e30 m while sticking returned status 0 before (issue 46).
pub(crate) fn check_state(
    model: &Model,
    beta: f32,
    elastic: &[f32],
    contact: u32,
) -> Result<(), TriboStatus> {
    // The contact values are 0, 1, 2; NaN fails the comparisons.
    let known = contact <= TRIBO_CONTACT_SLIP;
    let e2: f32 = elastic.iter().map(|e| e * e).sum();
    let traction_max = model.bounds.pressure_max * MU_MAX * (1.0 + ELASTIC_SLIP_SLACK);
    let slip_ok = e2.is_finite() && e2.sqrt() * model.shear_stiffness <= traction_max;
    if known && plausible::beta(beta) && beta <= BETA_THRES_MAX && slip_ok {
        Ok(())
    } else {
        Err(TriboStatus::InvalidState)
    }
}

/// The contact code of a spring state.
pub(crate) fn contact_code(state: ContactState) -> u32 {
    match state {
        ContactState::Open => TRIBO_CONTACT_OPEN,
        ContactState::Stick => TRIBO_CONTACT_STICK,
        ContactState::Slip => TRIBO_CONTACT_SLIP,
    }
}

/// One increment of one contact point: checks, transport step, μ, Coulomb update. Returns
/// the new state and the output, or an error with nothing computed.
fn step<const SI: bool>(
    model: &Model,
    state: &TriboNodeState,
    input: &TriboNodeInput,
) -> Result<(TriboNodeState, TriboNodeOutput), TriboStatus> {
    check_state(model, state.beta, &[state.elastic_slip], state.contact)?;
    let dt = model.time_step_si::<SI>(input.dt)?;
    let inc = SiIncrement {
        dt,
        pressure: model.pressure_si::<SI>(input.pressure)?,
        slip_rate: model.slip_rate_si::<SI>(input.slip_rate)?,
    };
    let du = model.length_si::<SI>(input.slip_increment);
    plausible::slip_increment(du.abs(), dt)?;
    let t = transport_and_mu(model, state.beta, &inc)?;
    // With one friction coefficient (`CoulombSpring::update`) the stick and slip limits are
    // the same P·μ, so the update depends on e alone; an open spring always has e = 0.
    let mut spring = if state.contact == TRIBO_CONTACT_OPEN {
        CoulombSpring::new()
    } else {
        CoulombSpring::preloaded(state.elastic_slip)
    };
    let shear_stress = spring.update(du, model.shear_stiffness, inc.pressure, t.mu);
    Ok((
        TriboNodeState {
            beta: t.beta,
            elastic_slip: spring.elastic_slip(),
            contact: contact_code(spring.state()),
        },
        TriboNodeOutput {
            mu: t.mu,
            shear_stress: model.stress_out::<SI>(shear_stress),
            beta_thres: t.beta_thres,
        },
    ))
}

/// One increment of one contact point along one tangential direction (the scalar call, for
/// 1D models): reads *state and *input (model units), writes the new *state (SI) and *output
/// (model units). The transport step (seed 000 Eq. 12, 14; zeta = 0: a point knows no
/// neighbours, so the tool drift of Eq. 14 and the accumulation zone at the tool's leading
/// edge, Fig. 17a, are lost), mu(v, beta) (Eq. 9, 23-24) and the Coulomb update (Eq. 4-5).
/// On any error (see TriboStatus) neither *state nor *output is written.
///
/// # Safety
/// model must be null or point to sizeof(TriboModel) readable bytes that no thread writes
/// during the call (read-only sharing between threads is fine). state, input, output must
/// each be null or valid for their type (read/write, read, write); state and output must not
/// overlap.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn tribo_node_step(
    model: *const TriboModel,
    state: *mut TriboNodeState,
    input: *const TriboNodeInput,
    output: *mut TriboNodeOutput,
) -> TriboStatus {
    // SAFETY: the caller's contract of this function is `step_through`'s.
    unsafe { step_through(model, state, input, output, step::<true>, step::<false>) }
}

/// Resets *state to a fresh, particle-free, open point (all zero).
///
/// # Safety
/// state must be null or valid for a write of TriboNodeState.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn tribo_node_reset(state: *mut TriboNodeState) -> TriboStatus {
    // SAFETY: caller's contract on `state`.
    status_of(unsafe { write_out(state, TriboNodeState::default()) })
}
