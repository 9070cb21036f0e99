//! One contact point's increment, as an FE user friction routine (Abaqus VFRIC/FRIC, LS-DYNA
//! user friction) calls it: the β-transport step (seed 000 Eq. 12, 14) and the
//! elastic–perfectly-plastic Coulomb update (Eq. 4–5) with μ(v, β) (Eq. 9, 23–24), with the
//! state the routine carries between increments in caller-owned memory.
//!
//! **State variables** (three per contact point, [`TriboNodeState`]): β, the elastic part of
//! the tangential slip e = U − U^p, and the contact state. The accumulated irreversible slip
//! is U^p = U − e with U the total tangential slip the FE code tracks (in double precision);
//! the core keeps e rather than U^p because U^p and U grow to the whole draw while e stays
//! ~10⁻⁷ m, which f32 would lose in U − U^p (see the core's `coulomb` module).
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
//! with ζ = 0 when `slip_increment` = `slip_rate`·`dt` (tested bit for bit, and by the C
//! example in CI).

use tribo_core::coulomb::{ContactState, CoulombSpring};
use tribo_core::transport::{self, NodeInput};

use crate::model::{TriboModel, model_ref, read_in, write_out};
use crate::status::{TriboStatus, status_of};

/// Contact state value: open (no contact, spring unloaded).
pub const TRIBO_CONTACT_OPEN: u32 = 0;
/// Contact state value: elastic stick, |k_s·e| ≤ P·μ.
pub const TRIBO_CONTACT_STICK: u32 = 1;
/// Contact state value: plastic slip at |T| = P·μ.
pub const TRIBO_CONTACT_SLIP: u32 = 2;

/// The state one contact point carries between increments (the FE routine's state
/// variables). All zero is a fresh, particle-free, open point.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct TriboNodeState {
    /// Third-body area fraction β (Eq. 10) \[-\].
    pub beta: f32,
    /// Elastic tangential slip e = U − U^p (Eq. 4) \[m\]; U^p = U − e.
    pub elastic_slip: f32,
    /// `TRIBO_CONTACT_OPEN`, `TRIBO_CONTACT_STICK` or `TRIBO_CONTACT_SLIP`.
    pub contact: u32,
}

/// What the FE code gives the routine for one increment.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct TriboNodeInput {
    /// Time increment Δt \[s\], finite and ≥ 0.
    pub dt: f32,
    /// Tangential slip increment ΔU of the sheet relative to the tool \[m\] (non-finite
    /// counts as 0).
    pub slip_increment: f32,
    /// Contact pressure P \[Pa\]; ≤ 0 or NaN: the point is not under the tool.
    pub pressure: f32,
    /// Slip rate U̇ \[m/s\] (the α(v) argument and the Archard source), finite.
    pub slip_rate: f32,
}

/// What the routine returns for one increment.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct TriboNodeOutput {
    /// Friction coefficient μ(v, β) after the transport step \[-\].
    pub mu: f32,
    /// Tangential traction T_f (Eq. 4–5), signed like the elastic slip \[Pa\].
    pub shear_stress: f32,
    /// β_thres(v) used for the clamp \[-\]; +∞ off the tool.
    pub beta_thres: f32,
}

fn spring_of(state: &TriboNodeState) -> Result<CoulombSpring, TriboStatus> {
    // With one friction coefficient (`CoulombSpring::update`) the stick and slip limits are
    // the same P·μ, so the update depends on e alone; an open spring always has e = 0.
    match state.contact {
        TRIBO_CONTACT_OPEN => Ok(CoulombSpring::new()),
        TRIBO_CONTACT_STICK | TRIBO_CONTACT_SLIP => {
            Ok(CoulombSpring::preloaded(state.elastic_slip))
        }
        _ => Err(TriboStatus::InvalidState),
    }
}

fn contact_code(state: ContactState) -> u32 {
    match state {
        ContactState::Open => TRIBO_CONTACT_OPEN,
        ContactState::Stick => TRIBO_CONTACT_STICK,
        ContactState::Slip => TRIBO_CONTACT_SLIP,
    }
}

/// One increment of one contact point: transport step, μ, Coulomb update. Returns the new
/// state and the output, or an error with nothing computed.
fn step(
    model: &crate::model::Model,
    state: &TriboNodeState,
    input: &TriboNodeInput,
) -> Result<(TriboNodeState, TriboNodeOutput), TriboStatus> {
    let mut spring = spring_of(state)?;
    let law = &model.law;
    let alpha = law.alpha(input.slip_rate);
    // Off the tool nothing carries load, so nothing saturates (the core tick's rule).
    let beta_thres = if input.pressure > 0.0 {
        law.beta_thres_for_alpha(alpha)
    } else {
        f32::INFINITY
    };
    let mut beta = [state.beta];
    transport::step_substepped_with(&model.transport, input.dt, &mut beta, |_| NodeInput {
        pressure: input.pressure,
        velocity: input.slip_rate,
        beta_thres,
    })?;
    let [beta] = beta;
    let mu = law.mu_for_alpha(alpha, beta);
    let shear_stress = spring.update(
        input.slip_increment,
        model.shear_stiffness,
        input.pressure,
        mu,
    );
    Ok((
        TriboNodeState {
            beta,
            elastic_slip: spring.elastic_slip(),
            contact: contact_code(spring.state()),
        },
        TriboNodeOutput {
            mu,
            shear_stress,
            beta_thres,
        },
    ))
}

/// One increment of one contact point (module docs): reads `*state` and `*input`, writes the
/// new `*state` and `*output`. On any error (null or misaligned pointer, uninitialised model,
/// unknown contact value, non-finite slip rate, negative or non-finite Δt) neither `*state`
/// nor `*output` is written.
///
/// # Safety
/// `model` must be null or point to `sizeof(TriboModel)` readable bytes that no thread writes
/// during the call (read-only sharing between threads is fine). `state`, `input`, `output`
/// must each be null or valid for their type (read/write, read, write); `state` and
/// `output` must not overlap.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn tribo_node_step(
    model: *const TriboModel,
    state: *mut TriboNodeState,
    input: *const TriboNodeInput,
    output: *mut TriboNodeOutput,
) -> TriboStatus {
    // SAFETY: caller's contract on `model`.
    let m = match unsafe { model_ref(model) } {
        Ok(m) => m,
        Err(s) => return s,
    };
    if output.is_null() {
        return TriboStatus::NullPointer;
    }
    if !output.is_aligned() {
        return TriboStatus::Misaligned;
    }
    // SAFETY: caller's contract on `state` and `input`; both are plain f32/u32 structs.
    let r = unsafe { read_in(state.cast_const()) }.and_then(|s| {
        // SAFETY: as above.
        let i = unsafe { read_in(input) }?;
        step(m, &s, &i)
    });
    status_of(r.and_then(|(s, o)| {
        // SAFETY: `state` was read through the same checks; `output` checked above; the
        // caller's contract makes both writable.
        unsafe {
            write_out(state, s)?;
            write_out(output, o)
        }
    }))
}

/// Resets `*state` to a fresh, particle-free, open point (all zero).
///
/// # Safety
/// `state` must be null or valid for a write of `TriboNodeState`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn tribo_node_reset(state: *mut TriboNodeState) -> TriboStatus {
    // SAFETY: caller's contract on `state`.
    status_of(unsafe { write_out(state, TriboNodeState::default()) })
}
