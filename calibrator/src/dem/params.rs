//! [`DemParams`]: the DEM's physical and numerical parameters — flake shape, the drag of
//! seed 000 Eq. 15–16, the penalty stiffness of §5 Step 1 (Hertz impact at 5 % overlap), the
//! explicit step and the integrator ([`super::regime::Scheme`]) — with the seed's choices
//! ([`DemParams::from_physics`]) and their checks.

use super::drag::{DragFrame, RotationalDamping};
use super::error::DemError;
use super::flake::FlakeShape;
use super::overdamped_options::{NewtonMatrix, OverdampedOptions};
use super::penalty::{
    DEFAULT_SAFETY, OVERLAP_FRACTION, StiffnessRule, penalty_stiffness, slowest_rate,
    stable_time_step_damped,
};
use super::proximal_metric::InertialScheme;
use super::regime::{IntegratorChoice, Scheme};
use super::rigid_body::Damping;

/// Physical and numerical parameters.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DemParams {
    /// Flake shape and density.
    pub shape: FlakeShape,
    /// Viscous damping (Eq. 15–16).
    pub damping: Damping,
    /// Penalty stiffness per contact node \[N/m\].
    pub stiffness: f64,
    /// Largest time step \[s\] (a pixel of sliding is split into equal steps ≤ this).
    pub dt: f64,
    /// Tool sliding speed v0 along +x \[m/s\].
    pub tool_velocity: f64,
    /// Frame the drag pulls toward ([`super::drag`]).
    pub drag_frame: DragFrame,
    /// What moves the flakes ([`super::regime`]): the explicit velocity Verlet with the step
    /// `dt`, or the overdamped integrator of [`super::overdamped`] (which uses `dt` only to
    /// time the BEM–DEM loop's ramp stages, so both integrators see the surfaces change at the
    /// same instants).
    pub integrator: Scheme,
    /// How η_rot follows from η ([`super::drag::RotationalDamping`]); kept when the inertia
    /// is scaled ([`DemParams::with_inertia_scale`]).
    pub rotational_damping: RotationalDamping,
}

/// Default local error per overdamped step, as a fraction of the design overlap 0.05·h_p
/// (`dem.tolerance`): 1.25 nm for the seed's flakes. Chosen by the equivalence and
/// convergence measurements of `docs/studies/integrator/`.
pub const DEFAULT_TOLERANCE_FRACTION: f64 = 0.05;

/// Default local error per inertial step ([`super::inertial`], TR-BDF2), as a fraction of the
/// design overlap (`dem.inertial_tolerance`): 5 nm for the seed's flakes. Chosen by the paired
/// equivalence study against the explicit reference (`docs/studies/integrator/` §8): at 0.2
/// TR-BDF2's summed A_p over 72 quick cases was ×0.993 [0.923, 1.071] of the reference's at
/// 10 m/s and ×0.959 [0.823, 1.112] at 50 m/s, with the reference's own case-level scatter,
/// at ≈ 30 % less work than at 0.05.
pub const DEFAULT_INERTIAL_TOLERANCE_FRACTION: f64 = 0.2;

/// The implicit integrators' settings as `dem.*` gives them (lengths as fractions of the
/// design overlap; [`DemParams::with_integrator`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ImplicitSettings {
    /// Local error per overdamped step (`dem.tolerance`).
    pub tolerance: f64,
    /// Local error per inertial step (`dem.inertial_tolerance`).
    pub inertial_tolerance: f64,
    /// Largest tool advance per overdamped step (`dem.max_advance`).
    pub advance: f64,
    /// Largest tool advance per inertial step (`dem.inertial_advance`).
    pub inertial_advance: f64,
    /// Deepest a surface contact may open within one inertial step, and the largest
    /// excursion a TR-BDF2 step may give a released contact's start force (`dem.event_depth`;
    /// [`super::event`]).
    pub event_depth: f64,
    /// The inertial integrator's scheme (`dem.inertial_scheme`).
    pub scheme: InertialScheme,
}

impl ImplicitSettings {
    /// The defaults of the presets.
    pub const DEFAULT: Self = Self {
        tolerance: DEFAULT_TOLERANCE_FRACTION,
        inertial_tolerance: DEFAULT_INERTIAL_TOLERANCE_FRACTION,
        advance: DEFAULT_ADVANCE_FRACTION,
        inertial_advance: DEFAULT_INERTIAL_ADVANCE_FRACTION,
        event_depth: DEFAULT_EVENT_DEPTH_FRACTION,
        scheme: InertialScheme::TrBdf2,
    };
}

/// Default tool advance per overdamped step, as a fraction of the design overlap
/// (`dem.max_advance`): 25 nm, i.e. 62.5 steps per 1.5625 µm pixel at most.
pub const DEFAULT_ADVANCE_FRACTION: f64 = 1.0;

/// Default tool advance per inertial step, as a fraction of the design overlap
/// (`dem.inertial_advance`): 12.5 nm for the seed's 0.5 µm flakes.
///
/// The error estimate does not bind the steps of flakes the tool carries (median error 2–4 %
/// of the tolerance, `docs/studies/integrator/` §11): without this bound their step is the
/// BEM–DEM loop's ramp stage (`meso::sliding::RAMP_STAGES`, 1/33 of a pixel: 47 nm on a
/// 1.56 µm grid, 30 nm on seed 000's, 12 nm on the presets' 0.39 µm), so the integrator's
/// accuracy followed the grid. Against the explicit reference the summed ⟨A_p⟩ at 50 m/s
/// moves with that advance (§12, the pre-declared 1440 cases): ×1.050 [1.015, 1.086] at
/// 47 nm, ×1.019 [0.987, 1.055] at 12.5 nm, and the shorter advance agrees better with the
/// reference at 1 and 10 m/s too (first-difference sign test, equal counts). The reference
/// itself moves ×0.996 [0.938, 1.064] under a half step (288 cases). The presets' 0.39 µm stage is
/// 11.8 nm already (≈ 3 % more steps there); on seed 000's grid a case costs ×1.4–1.5
/// (`docs/performance.md`). 4 overlaps (100 nm, the value before stop 55) bound no step on
/// these grids: only a pixel above 3.3 µm has stages that long. A quarter (6.25 nm) passes the
/// declared test at all three speeds (§13; at 50 m/s by the bootstrap's generator alone) but
/// costs ×1.30 a paper case, ≈ 110 CPU-hours for the paper run, over issue 43's 100.
pub const DEFAULT_INERTIAL_ADVANCE_FRACTION: f64 = 0.5;

/// Default deepest opening of a surface contact within one inertial step, as a fraction of the
/// design overlap (`dem.event_depth`; [`super::event`]): 5 nm for the seed's flakes, set a
/// priori to the inertial step's own position tolerance, not tuned; its equivalence is
/// `docs/studies/integrator/` §9.
pub const DEFAULT_EVENT_DEPTH_FRACTION: f64 = 0.2;

/// Safety factor on the explicit integrator's step when the flake cannot coast into a contact
/// (the overdamped branch of [`DemParams::from_physics`]; [`super::overdamped`] is the
/// integrator without inertia that replaces it there since issue 31): ω_max·Δt = 0.3 instead of
/// [`DEFAULT_SAFETY`]'s 0.15. [`DEFAULT_SAFETY`] was chosen for the energy error of undamped
/// impacts, which the drag removes here: the motion is quasi-static (a flake moves 0.1 nm per
/// step at 0.08 m/s against the 25 nm design overlap) and the exponential integrator's force
/// balance is exact at any step. Measured on the quick preset's 0.08 m/s case (p = 15 MPa,
/// β = 0.2, seed 0; issue 14), first with a drag-sized k = 41 N/m: Δt ×2 reproduced the
/// blocked-flake count of all 128 slide steps and the mean A_p exactly, Δt ×4 departed from
/// step 62 on; with the Hertz k = 165 N/m the presets use, the test below. Test:
/// `meso::tests::overdamped_step_reproduces_the_reference_history` (ignored, release).
pub const OVERDAMPED_SAFETY: f64 = 2.0 * DEFAULT_SAFETY;

/// Lowest impact speed used for the stiffness estimate \[m/s\] (a tool at rest still needs a
/// finite stiffness; 0.1 m/s is the low end of seed 000's velocity range).
pub const MIN_IMPACT_SPEED: f64 = 0.1;

/// The explicit integrator's step for a flake `shape` with `damping`, penalty stiffness `k`
/// \[N/m\] and impact speed `v` \[m/s\] on a grid (dx, dy) \[m\]: [`DEFAULT_SAFETY`] when the
/// flake can coast into a contact (flight length v/γ above the design overlap), else
/// [`OVERDAMPED_SAFETY`] ([`DemParams::from_physics`]).
fn explicit_step(shape: &FlakeShape, damping: &Damping, k: f64, v: f64, dx: f64, dy: f64) -> f64 {
    let design_overlap = OVERLAP_FRACTION * 2.0 * shape.c;
    let relaxation_rate = damping.eta / shape.mass();
    let coasts = relaxation_rate == 0.0 || v / relaxation_rate > design_overlap;
    let safety = if coasts {
        DEFAULT_SAFETY
    } else {
        OVERDAMPED_SAFETY
    };
    stable_time_step_damped(shape, k, dx, dy, slowest_rate(damping, shape), safety)
}

impl DemParams {
    /// Seed-000 choices (seed 000 §5 Step 1: "penalty stiffness chosen so that the maximum
    /// overlap is 5 % of the particles' thickness, the maximum contact force estimated by
    /// Hertzian contact theory"), with v = max(|v0|, 0.1 m/s) the largest relative speed:
    /// - k holds the Hertz impact at v on E* to 5 % of h_p, and also the drag force η·v (a
    ///   flake held by an obstacle in the lubricant's flow; it wins only for the strongly
    ///   damped cases of the v0/γ similarity);
    /// - Δt from the contact frequency and the damping ([`stable_time_step_damped`]) with
    ///   the default safety factor when the flake can coast into a contact (flight length
    ///   v/γ, γ = η/m, above the design overlap 0.05·h_p: impacts, where the safety buys
    ///   energy accuracy), and [`OVERDAMPED_SAFETY`] when it cannot (at the presets'
    ///   γ = 10⁸ 1/s: v ≤ 2.5 m/s, so the process speed 0.08 m/s);
    /// - η_rot = η·I₁/m.
    ///
    /// **The stiffness is not a free numerical choice here** (issue 14): a blocked flake's
    /// lower surface enters the BEM gap (Eq. 18–19) with whatever penalty overlap it has with
    /// h_Def, so a softer k raises A_p. Sizing k by the drag force alone at 0.08 m/s (41
    /// instead of the Hertz 165 N/m, overlaps up to 25 instead of ≈ 6 nm) raised the quick
    /// preset's summed A_p by ×1.54 (cluster bootstrap over 3 seed indices [1.09, 2.26], 18
    /// paired cases) and α(0.08 m/s) from 12.6 [10.2, 14.6] to 22.9 [17.6, 30.8] (18 cases
    /// each). The seed's Hertz rule is kept, and it is stiff enough: 4× the Hertz k changed
    /// α(0.08 m/s) by a paired ×1.029 [0.929, 1.128] (same 18 cases; 13.39 [10.42, 15.16] →
    /// 13.77 [10.66, 17.10]).
    pub fn from_physics(
        shape: FlakeShape,
        eta: f64,
        v0: f64,
        e_star: f64,
        dx: f64,
        dy: f64,
        drag_frame: DragFrame,
    ) -> Self {
        Self::from_physics_with(
            shape,
            eta,
            v0,
            e_star,
            (dx, dy),
            drag_frame,
            StiffnessRule::SEED,
            RotationalDamping::EqualRelaxation,
        )
    }

    /// [`Self::from_physics`] under another stiffness rule (`dem.stiffness_scale`,
    /// `dem.stiffness_velocity`: the Hertz impact speed and a factor on k; the explicit step
    /// follows from the resulting k) and rotational drag (`flakes.rotational_damping`, seed 000
    /// Eq. 16); grid spacing `(dx, dy)` \[m\]. [`StiffnessRule::SEED`] with
    /// [`RotationalDamping::EqualRelaxation`] is [`Self::from_physics`] bit for bit. The drag
    /// floor of k stays at the sliding speed: it is the force of the flow on a held flake.
    #[allow(clippy::too_many_arguments)]
    pub fn from_physics_with(
        shape: FlakeShape,
        eta: f64,
        v0: f64,
        e_star: f64,
        (dx, dy): (f64, f64),
        drag_frame: DragFrame,
        stiffness: StiffnessRule,
        rotational_damping: RotationalDamping,
    ) -> Self {
        let v = v0.abs().max(MIN_IMPACT_SPEED);
        let design_overlap = OVERLAP_FRACTION * 2.0 * shape.c;
        let hertz = penalty_stiffness(&shape, e_star, stiffness.impact_speed(v));
        let k = stiffness.scaled(hertz.max(eta * v / design_overlap));
        let damping = rotational_damping.damping(eta, &shape);
        Self {
            shape,
            damping,
            stiffness: k,
            dt: explicit_step(&shape, &damping, k, v, dx, dy),
            tool_velocity: v0,
            drag_frame,
            integrator: Scheme::Explicit,
            rotational_damping,
        }
    }

    /// These parameters with the flakes' mass and moments of inertia scaled by `scale`
    /// (density ×scale) at the same drag η, η_rot and penalty stiffness k, and the explicit
    /// step recomputed for the lighter flake (grid spacing dx, dy \[m\]). The overdamped flow
    /// of Eq. 15–16 (m·r̈ dropped) does not change; inertia → 0 as scale → 0. This is how the
    /// explicit reference is brought to the overdamped limit (issue 31,
    /// `docs/studies/integrator/`): with the presets' k and γ the stiffest penalty contact mode
    /// of a flake lying on a surface rings (ω ≈ 1.7·10⁸ 1/s against γ = 10⁸ 1/s, damping
    /// ratio γ/2ω ≈ 0.3) even where the Stokes ratio of the sliding is 5·10⁻⁴; at scale 0.1 it
    /// is ≈ 0.9. The integrator choice is not changed (resolve it first, with the real mass).
    pub fn with_inertia_scale(self, scale: f64, dx: f64, dy: f64) -> Self {
        if scale == 1.0 {
            return self;
        }
        let shape = FlakeShape {
            density: self.shape.density * scale,
            ..self.shape
        };
        let damping = self.rotational_damping.damping(self.damping.eta, &shape);
        let v = self.tool_velocity.abs().max(MIN_IMPACT_SPEED);
        Self {
            shape,
            damping,
            dt: explicit_step(&shape, &damping, self.stiffness, v, dx, dy),
            ..self
        }
    }

    /// The design overlap 0.05·h_p \[m\] the penalty stiffness is sized for
    /// ([`super::penalty`]); the overdamped integrator's lengths are fractions of it.
    pub fn design_overlap(&self) -> f64 {
        OVERLAP_FRACTION * 2.0 * self.shape.c
    }

    /// These parameters with the integrator `choice` resolved for a pixel `dx` \[m\]
    /// ([`IntegratorChoice::resolve`]; Stokes ratio v0/(γ·δx) with γ = η/m), the implicit
    /// integrators' settings `implicit` (tolerances and largest tool advance per step as
    /// fractions of the design overlap). Without tool motion the step is bounded by the
    /// tolerance alone.
    pub fn with_integrator(
        self,
        choice: IntegratorChoice,
        implicit: ImplicitSettings,
        dx: f64,
    ) -> Self {
        let ImplicitSettings {
            tolerance,
            inertial_tolerance,
            advance,
            inertial_advance,
            event_depth,
            scheme,
        } = implicit;
        let overlap = self.design_overlap();
        let v = self.tool_velocity.abs();
        let max_step = |advance: f64| {
            if v > 0.0 {
                advance * overlap / v
            } else {
                f64::INFINITY
            }
        };
        let options = OverdampedOptions {
            newton: NewtonMatrix::GaussNewton,
            tolerance: tolerance * overlap,
            max_step: max_step(advance),
            event_depth: f64::INFINITY,
        };
        let gamma = self.damping.eta / self.shape.mass();
        let inertial = OverdampedOptions {
            tolerance: inertial_tolerance * overlap,
            max_step: max_step(inertial_advance),
            event_depth: event_depth * overlap,
            ..options
        };
        Self {
            integrator: choice.resolve(gamma, self.tool_velocity, dx, options, (inertial, scheme)),
            ..self
        }
    }

    pub(super) fn validate(&self) -> Result<(), DemError> {
        let bad = |m: String| Err(DemError::Parameters(m));
        if !self.shape.is_valid() {
            return bad(format!(
                "flake shape {:?} must be oblate with c > 0",
                self.shape
            ));
        }
        if !(self.stiffness.is_finite() && self.stiffness > 0.0) {
            return bad(format!("stiffness must be > 0, got {}", self.stiffness));
        }
        if !(self.dt.is_finite() && self.dt > 0.0) {
            return bad(format!("time step must be > 0, got {}", self.dt));
        }
        let (e, er) = (self.damping.eta, self.damping.eta_rot);
        if !(e >= 0.0 && er >= 0.0 && e.is_finite() && er.is_finite()) {
            return bad(format!(
                "damping must be finite and ≥ 0, got {:?}",
                self.damping
            ));
        }
        if !self.tool_velocity.is_finite() {
            return bad("tool velocity must be finite".into());
        }
        if let Scheme::Inertial(o, _) = self.integrator
            && !(o.tolerance.is_finite()
                && o.tolerance > 0.0
                && o.max_step > 0.0
                && o.event_depth > 0.0)
        {
            return bad(format!(
                "inertial tolerance, longest step and event depth must be > 0, got {o:?}"
            ));
        }
        if let Scheme::Overdamped(o) = self.integrator {
            if !(e > 0.0 && er > 0.0) {
                return bad(format!(
                    "the overdamped integrator needs a positive drag, got {:?}",
                    self.damping
                ));
            }
            if !(o.tolerance.is_finite() && o.tolerance > 0.0 && o.max_step > 0.0) {
                return bad(format!(
                    "overdamped tolerance and longest step must be > 0, got {o:?}"
                ));
            }
        }
        Ok(())
    }
}
