//! The VFRIC-shaped call: one contact point with two tangential directions, as Abaqus
//! VFRIC/FRIC and LS-DYNA's user friction hand it over — two slip increments in, a
//! two-component traction and the force on the point's contact area out — with isotropic
//! friction and the state per point (β, the elastic slip vector, the contact state).
//!
//! **Isotropic Coulomb law in the tangent plane** (seed 000 Eq. 4–5 with the vector slip):
//! trial elastic slip e* = e + Δs; if k_s·|e*| ≤ P·μ the point sticks, T = k_s·e*; else it
//! slips, T = P·μ·e*/|e*| and e = (P·μ/k_s)·e*/|e*| (radial return). The magnitude decision
//! is the core's one-dimensional spring (`CoulombSpring::update` on |e*|), the direction is
//! e*/|e*|, so one kernel decides stick and slip for the scalar and the vector call. |e*| is
//! formed in `f64` (√ of the exact squares, correctly rounded, then one rounding to `f32`):
//! with a zero second component it is |e*₁| exactly, and the call then gives the scalar call's
//! (and the core tick's) numbers bit for bit (`tests/point.rs`; the C and Fortran examples
//! diff 600 increments against the tick in CI).
//!
//! **Slip rate** v = |Δs|/Δt (in SI, `f32`): the α(v) argument and the Archard source, so
//! the routine passes no rate of its own.
//!
//! **Frame.** The two slip increments and the elastic slip must be in the same tangent frame
//! from one increment to the next. VFRIC's local frame turns with the incremental slip (its
//! 1-direction is Δs/|Δs|): store the elastic slip in global components, project it on the
//! increment's t₁, t₂ before the call and map the result back (e = e₁·t₁ + e₂·t₂).

use tribo_core::coulomb::{ContactState, CoulombSpring};

use crate::model::{Model, TriboModel, step_through, write_out};
use crate::node::{SiIncrement, TRIBO_CONTACT_OPEN, check_state, contact_code, transport_and_mu};
use crate::plausible;
use crate::status::{TriboStatus, status_of};

/// The state of a contact point of the VFRIC-shaped call (four state variables), always SI
/// whatever the model's units. All zero is a fresh, particle-free, open point.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct TriboPointState {
    /// Third-body area fraction beta (Eq. 10), dimensionless.
    pub beta: f32,
    /// Elastic tangential slip vector e = U - U^p (Eq. 4) in the frame of the slip
    /// increments, in m (SI).
    pub elastic_slip: [f32; 2],
    /// TRIBO_CONTACT_OPEN, TRIBO_CONTACT_STICK or TRIBO_CONTACT_SLIP.
    pub contact: u32,
}

/// What the FE code gives the VFRIC-shaped routine for one increment, in the model's units.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct TriboPointInput {
    /// Time increment (time unit), finite and > 0.
    pub dt: f32,
    /// Slip increments of the sheet relative to the tool along the two tangential directions
    /// (length unit), finite; |slip_increment|/dt is the slip rate and must be within its
    /// bound.
    pub slip_increment: [f32; 2],
    /// Contact pressure (stress unit; Abaqus VFRIC: fNormal/areaCont): 0 = not under the tool
    /// (open); otherwise within [pressure_min, pressure_max] of tribo_model_info.
    pub pressure: f32,
    /// Contact area of the point (length squared unit; VFRIC: areaCont), finite and >= 0:
    /// the force output is traction times area (0 gives a zero force).
    pub area: f32,
}

/// What the VFRIC-shaped routine returns for one increment, in the model's units.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct TriboPointOutput {
    /// Friction coefficient mu(v, beta) after the transport step.
    pub mu: f32,
    /// Tangential traction k_s e (Eq. 4-5, stress unit) along the elastic slip; the friction
    /// stress on the sheet is -traction.
    pub traction: [f32; 2],
    /// traction times area (force unit: N, N, kN for SI, mm-tonne-s, mm-ms-kg); VFRIC:
    /// fTangential = -force (limited to the stick force in kinematic contact).
    pub force: [f32; 2],
    /// Slip rate |slip_increment|/dt (velocity unit), the one mu and beta used.
    pub slip_rate: f32,
    /// beta_thres(v) used for the clamp; +infinity off the tool.
    pub beta_thres: f32,
}

/// |(x, y)| formed in `f64` from the exact squares and rounded once to `f32` (module docs):
/// |x| exactly when y = 0.
#[inline]
fn magnitude(x: f32, y: f32) -> f32 {
    let (x, y) = (f64::from(x), f64::from(y));
    (x * x + y * y).sqrt() as f32
}

/// One increment of one point: checks, transport step, μ, isotropic Coulomb update.
fn step<const SI: bool>(
    model: &Model,
    state: &TriboPointState,
    input: &TriboPointInput,
) -> Result<(TriboPointState, TriboPointOutput), TriboStatus> {
    check_state(model, state.beta, &state.elastic_slip, state.contact)?;
    let dt = model.time_step_si::<SI>(input.dt)?;
    let pressure = model.pressure_si::<SI>(input.pressure)?;
    if !(input.area.is_finite() && input.area >= 0.0) {
        return Err(TriboStatus::AreaInvalid);
    }
    let [d1, d2] = input.slip_increment.map(|d| model.length_si::<SI>(d));
    if !(d1.is_finite() && d2.is_finite()) {
        return Err(TriboStatus::SlipIncrementInvalid);
    }
    let slip = magnitude(d1, d2);
    plausible::slip_increment(slip, dt)?;
    let slip_rate = slip / dt;
    plausible::slip_rate(slip_rate)?;
    let inc = SiIncrement {
        dt,
        pressure,
        slip_rate,
    };
    let t = transport_and_mu(model, state.beta, &inc)?;

    // Isotropic Coulomb law (module docs): the core's spring decides on |e*|.
    let [e1, e2] = if state.contact == TRIBO_CONTACT_OPEN {
        [0.0, 0.0]
    } else {
        state.elastic_slip
    };
    let trial = [e1 + d1, e2 + d2];
    let trial_norm = magnitude(trial[0], trial[1]);
    let mut spring = CoulombSpring::preloaded(0.0);
    let limit_or_stick = spring.update(trial_norm, model.shear_stiffness, pressure, t.mu);
    let k_s = model.shear_stiffness;
    let (elastic, traction) = match spring.state() {
        ContactState::Open => ([0.0; 2], [0.0; 2]),
        ContactState::Stick => (trial, trial.map(|e| k_s * e)),
        ContactState::Slip => {
            // Slip needs k_s·|e*| > P·μ ≥ 0, so |e*| > 0.
            let dir = trial.map(|e| e / trial_norm);
            let e_norm = spring.elastic_slip();
            (dir.map(|d| e_norm * d), dir.map(|d| limit_or_stick * d))
        }
    };
    let traction = traction.map(|x| model.stress_out::<SI>(x));
    Ok((
        TriboPointState {
            beta: t.beta,
            elastic_slip: elastic,
            contact: contact_code(spring.state()),
        },
        TriboPointOutput {
            mu: t.mu,
            traction,
            force: traction.map(|x| x * input.area),
            slip_rate: model.velocity_out::<SI>(slip_rate),
            beta_thres: t.beta_thres,
        },
    ))
}

/// One increment of one contact point with two tangential directions (the VFRIC-shaped
/// call): reads *state and *input (model units), writes the new *state (SI) and *output
/// (model units). The transport step (seed 000 Eq. 12, 14 with zeta = 0), mu(v, beta)
/// (Eq. 9, 23-24) at v = |slip_increment|/dt, and the isotropic Coulomb law in the tangent
/// plane (Eq. 4-5: stick while k_s |e| <= p mu, else radial return onto p mu). Along one
/// direction (second slip increment and second elastic slip zero) it gives tribo_node_step's
/// numbers bit for bit. On any error (see TriboStatus) neither *state nor *output is
/// written.
///
/// # Safety
/// As tribo_node_step: model null or sizeof(TriboModel) readable bytes no thread writes;
/// state, input, output null or valid for their type; state and output not overlapping.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn tribo_point_step(
    model: *const TriboModel,
    state: *mut TriboPointState,
    input: *const TriboPointInput,
    output: *mut TriboPointOutput,
) -> TriboStatus {
    // SAFETY: the caller's contract of this function is `step_through`'s.
    unsafe { step_through(model, state, input, output, step::<true>, step::<false>) }
}

/// Resets *state to a fresh, particle-free, open point (all zero).
///
/// # Safety
/// state must be null or valid for a write of TriboPointState.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn tribo_point_reset(state: *mut TriboPointState) -> TriboStatus {
    // SAFETY: caller's contract on `state`.
    status_of(unsafe { write_out(state, TriboPointState::default()) })
}
