//! The inertial integrator: implicit steps of seed 000 Eq. 15–16 *with* inertia, sized by a
//! local error estimate and the tool's advance, not by the penalty contacts' frequency
//! (issue 43 item 1; selection in [`super::regime`]), in one of two schemes
//! (`dem.inertial_scheme`, [`InertialScheme`]):
//!
//! - **TR-BDF2** (the default, [`super::tr_bdf2`]): a trapezoidal and a BDF2 stage per step,
//!   second order and L-stable;
//! - **backward Euler** (below): one stage, first order and L-stable, the scheme of issue 43's
//!   first inertial step. Its numerical damping (ω·h per radian) absorbs the rebound of the
//!   contact transients that the tool's advance bounds the step to resolve (ω·h ≈ 0.1–1), and
//!   over 72 paired quick cases at 10 m/s it blocked ×1.091 [1.005, 1.183] the explicit
//!   reference's area; TR-BDF2 keeps the rebound (`docs/studies/integrator/` §8).
//!
//! Both stages of TR-BDF2 and the backward-Euler step are the same proximal problem
//! ([`super::proximal_metric::Stage`]) solved by one Newton kernel.
//!
//! **The backward-Euler step** from (x₀, v₀, q₀, L₀) over h, with the tool at its position at
//! t₀ + h and the drag's target (u, ω*) frozen at the step's start:
//!
//! ```text
//! m·(v₁ − v₀)/h = F(x₁, q₁) − η·(v₁ − u),            x₁ = x₀ + h·v₁            [N]
//! (L₁ − L₀)/h  = τ(x₁, q₁) − η_rot·(ω₁ − ω*),        q₁ = exp(h·ω₁)·q₀,  L₁ = J₀·ω₁  [N·m]
//! ```
//!
//! (J₀ = R₀·diag(I₁, I₁, I₃)·R₀ᵀ the inertia tensor at the step's start \[kg·m²\], m \[kg\],
//! η \[kg/s\], η_rot \[N·m·s\]). With δ = (x₁ − x₀, a·θ) it is the stationary point of the
//! proximal objective of the overdamped step with an inertial metric
//! ([`super::proximal_metric`]):
//!
//! ```text
//! Φ(δ) = U(x₀ + δ) + ½·(δ − h·w̃)ᵀ·D·(δ − h·w̃),   D_x = m/h² + η/h,
//! w̃_x = (m·v₀/h + η·u)/(m/h + η),                 D_θ = (J₀/h² + η_rot/h)/a²
//! ```
//!
//! (the incremental-potential, contact-implicit variational step), solved by the same
//! clustered, multirate, block-sparse Newton with Armijo backtracking as the overdamped step
//! ([`super::backward_euler`], [`super::overdamped`]): one copy of the kernel, two metrics.
//! As m, J₀ → 0 it is the overdamped step; for F = 0, η = 0 it is ballistic flight
//! x₁ = x₀ + h·v₀ and L₁ = L₀ exactly (the rotation q₁ = exp(h·J₀⁻¹L₀)·q₀ is the first-order
//! Lie–Euler step of the free top, its error controlled like any other).
//!
//! **Stability.** Backward Euler is L-stable: an unresolved penalty oscillation (ω₀·h ≫ 1) is
//! damped within a step instead of limiting h, which is the point — the explicit scheme
//! resolves it only because it must. The price is numerical damping of the resolved motion of
//! order ω·h per radian: a contact bounce without drag keeps a fraction ≈ 1 − π·ω₀·h of its
//! energy (measured in the oracle harness, `dem::tests::oracles`).
//!
//! **Step size.** The local position error of the step is −h²/2·ẍ; it is estimated as
//! ê = ½·(δ − h·v₀) (v₀ the state's velocity, a·ω₀ for the rim) and filtered through the
//! Newton matrix, e = (D + K)⁻¹·D·ê, exactly as the overdamped step
//! (Hairer & Wanner, *Solving ODEs II*, §IV.8): a contact mode with k ≫ m/h² is at its
//! quasi-static equilibrium after the step in the exact flow (up to its damped ringing) and in
//! backward Euler alike, and its share of ê is divided by 1 + k·h²/m. The step control, its
//! constants, `tolerance` and `max_step` are the overdamped integrator's
//! ([`super::overdamped_options::OverdampedOptions`]); `max_step` is the time of
//! `dem.inertial_advance` design overlaps of tool advance (default ½, 12.5 nm: the error
//! estimate does not see what a longer step of a flake the tool carries gets wrong, see
//! [`super::params::DEFAULT_INERTIAL_ADVANCE_FRACTION`]); the inertial step also locates
//! contact onsets and releases ([`super::event`], `dem.event_depth`): a step that opens a
//! contact further past its onset than the event depth is redone shorter. The filter's premise
//! (the contact's ringing damped within the step) fails without drag, and so does the estimate
//! there; the event location is what keeps such a step from jumping over an impact.
//!
//! **Not resolved** (by construction): the ringing of the penalty contacts, which the drag of
//! the presets damps within 1/γ anyway, and the part of an impact's kinetic energy that
//! backward Euler dissipates at steps longer than the contact time.

use super::integrator::{Integrator, Interval};
use super::overdamped::{Overdamped, OverdampedOptions, OverdampedStats};
pub use super::proximal_metric::InertialScheme;
use super::state::DemState;

/// The inertial integrator (module doc): the overdamped integrator's clusters and Newton with
/// the inertial metric; the flakes' velocities and angular momenta are its state.
#[derive(Debug)]
pub struct Inertial(Overdamped, InertialScheme);

impl Inertial {
    /// A fresh integrator of `scheme` (first steps: `max_step`, cut by the error estimate).
    pub fn new(options: OverdampedOptions, scheme: InertialScheme) -> Self {
        Self(Overdamped::new(options), scheme)
    }
}

impl Integrator for Inertial {
    fn name(&self) -> &'static str {
        "inertial"
    }

    /// Integrates over `interval.duration` with steps of its own; the drag's target of each
    /// step is evaluated at its start.
    fn advance(&mut self, state: &mut DemState, interval: Interval) -> usize {
        self.0.advance_with(state, interval, Some(self.1))
    }

    fn overdamped_stats(&self) -> Option<OverdampedStats> {
        Some(self.0.stats())
    }
}
