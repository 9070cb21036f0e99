//! Which integrator moves the flakes ([`Scheme`], built by [`super::system::build_integrator`]): the
//! explicit damped velocity Verlet of [`super::explicit`] (the reference, resolving inertia and
//! the penalty contacts' frequency), the overdamped implicit integrator of
//! [`super::overdamped`] (inertia dropped, the step set by the tool's advance and an error
//! estimate) or the inertial implicit integrator of [`super::inertial`] (backward Euler with
//! inertia, the step set likewise); chosen from the Stokes ratio or the config
//! ([`IntegratorChoice`]).
//!
//! **The Stokes ratio.** With the drag rate γ = η/m of Eq. 15–16, a flake forgets its velocity
//! in 1/γ; the tool crosses a pixel in δx/v0. Their ratio
//!
//! ```text
//! St = (1/γ) / (δx/v0) = v0 / (γ·δx)
//! ```
//!
//! is also a flake's coasting length v0/γ in pixels. When it is small the motion is an
//! overdamped gradient flow, m·r̈ ≪ η·(v − u): v = u + F/η and ω = ω* + τ/η_rot, with
//! corrections of order St on the slow motion and transients of duration 1/γ after contact
//! events. At the presets' γ = 10⁸ 1/s and δx = 1.5625 µm: St = 5.1·10⁻⁴ at strip drawing's
//! 0.08 m/s, 6.4·10⁻³ at 1 m/s, 0.064 at 10 m/s, 0.32 at 50 m/s.
//!
//! `auto` selects, with a positive drag, the overdamped integrator for St ≤
//! [`AUTO_STOKES_LIMIT`] and the inertial one (TR-BDF2, [`super::tr_bdf2`]) above; without
//! drag the explicit one. `explicit`, `overdamped` and `inertial` force one; the explicit
//! integrator stays the reference. The inertial integrator was admitted to `auto` by the
//! paired study of `docs/studies/integrator/` §8: over 72 quick cases against the explicit
//! reference its summed A_p ratio was ×0.993 [0.923, 1.071] at 10 m/s (St 0.064) and ×0.959
//! [0.823, 1.112] at 50 m/s (St 0.32), and the share of slide steps with equal blocked counts
//! (80.5 %, 75.1 %) was no lower than the reference's own under inertia ×0.9. Its first,
//! backward-Euler form was not: ×1.091 [1.005, 1.183] at 10 m/s.

use serde::{Deserialize, Serialize};

use super::overdamped_options::OverdampedOptions;
use super::proximal_metric::InertialScheme;

/// Stokes ratio up to which `auto` picks the overdamped integrator: a flake coasts at most 1 %
/// of a pixel. The paired study against the explicit integrator (`docs/studies/integrator/`)
/// found equal means at 0.08 and 1 m/s (St 5·10⁻⁴, 6.4·10⁻³) and case-level scatter at
/// both (82.5 %, 77.2 % equal blocked counts), and a larger mean shift at 10 m/s (St 0.064,
/// summed A_p ×1.15 [0.96, 1.38]), where the inertial integrator takes over.
pub const AUTO_STOKES_LIMIT: f64 = 0.01;

/// The integrator a configuration asks for (`dem.integrator`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum IntegratorChoice {
    /// With drag: overdamped where the Stokes ratio is at most [`AUTO_STOKES_LIMIT`], else
    /// inertial (TR-BDF2); without drag: explicit.
    Auto,
    /// Always the explicit damped velocity Verlet (the reference).
    Explicit,
    /// Always the overdamped implicit integrator (needs a positive drag).
    Overdamped,
    /// Always the inertial implicit integrator ([`super::inertial`]).
    Inertial,
}

impl IntegratorChoice {
    /// Name as written in configs and reports.
    pub fn name(self) -> &'static str {
        match self {
            IntegratorChoice::Auto => "auto",
            IntegratorChoice::Explicit => "explicit",
            IntegratorChoice::Overdamped => "overdamped",
            IntegratorChoice::Inertial => "inertial",
        }
    }

    /// The integrator for a drag rate `gamma` = η/m \[1/s\], a tool speed `v0` \[m/s\] and a
    /// pixel `dx` \[m\]; `options` are the overdamped integrator's if it is chosen,
    /// `inertial` the inertial integrator's settings and scheme. Without drag (γ = 0) `auto`
    /// is explicit; `overdamped` is kept and refused by [`super::DemSystem::new`].
    pub fn resolve(
        self,
        gamma: f64,
        v0: f64,
        dx: f64,
        options: OverdampedOptions,
        inertial: (OverdampedOptions, InertialScheme),
    ) -> Scheme {
        let inertial = Scheme::Inertial(inertial.0, inertial.1);
        match self {
            IntegratorChoice::Explicit => Scheme::Explicit,
            IntegratorChoice::Overdamped => Scheme::Overdamped(options),
            IntegratorChoice::Inertial => inertial,
            IntegratorChoice::Auto if gamma > 0.0 => {
                if stokes_ratio(gamma, v0, dx) <= AUTO_STOKES_LIMIT {
                    Scheme::Overdamped(options)
                } else {
                    inertial
                }
            }
            IntegratorChoice::Auto => Scheme::Explicit,
        }
    }
}

/// The integrator a [`super::DemSystem`] runs, with its settings (`DemParams::integrator`;
/// [`super::system::build_integrator`] makes it).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Scheme {
    /// Damped velocity Verlet with the stable step `DemParams::dt` ([`super::explicit`]).
    Explicit,
    /// Backward-Euler steps of the overdamped motion with error control ([`super::overdamped`]).
    Overdamped(OverdampedOptions),
    /// Implicit steps with inertia and error control ([`super::inertial`]) in a scheme, with
    /// the overdamped integrator's step control settings.
    Inertial(OverdampedOptions, InertialScheme),
}

impl Scheme {
    /// `"explicit"`, `"overdamped"` or `"inertial"`.
    pub fn name(&self) -> &'static str {
        match self {
            Scheme::Explicit => "explicit",
            Scheme::Overdamped(_) => "overdamped",
            Scheme::Inertial(..) => "inertial",
        }
    }
}

/// St = v0/(γ·δx) (module doc); ∞ without drag.
pub fn stokes_ratio(gamma: f64, v0: f64, dx: f64) -> f64 {
    if gamma > 0.0 {
        v0.abs() / (gamma * dx)
    } else {
        f64::INFINITY
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn auto_is_overdamped_at_the_process_speed_and_inertial_where_flakes_coast() {
        let (gamma, dx) = (1e8, 1.5625e-6);
        let o = OverdampedOptions {
            tolerance: 1e-9,
            max_step: 1e-7,
            newton: super::super::overdamped::NewtonMatrix::GaussNewton,
            event_depth: f64::INFINITY,
        };
        // The figures of the module doc, to f64 rounding of St = v/(γ·δx) (a few ulps).
        const ST_REL: f64 = 1e-12;
        assert!((stokes_ratio(gamma, 0.08, dx) / 5.12e-4 - 1.0).abs() < ST_REL);
        assert!((stokes_ratio(gamma, 50.0, dx) / 0.32 - 1.0).abs() < ST_REL);
        let auto = IntegratorChoice::Auto;
        assert_eq!(
            auto.resolve(gamma, 0.08, dx, o, (o, InertialScheme::TrBdf2)),
            Scheme::Overdamped(o)
        );
        assert_eq!(
            auto.resolve(gamma, 50.0, dx, o, (o, InertialScheme::TrBdf2)),
            Scheme::Inertial(o, InertialScheme::TrBdf2)
        );
        assert_eq!(
            auto.resolve(0.0, 0.08, dx, o, (o, InertialScheme::TrBdf2)),
            Scheme::Explicit
        );
        assert_eq!(
            IntegratorChoice::Explicit.resolve(gamma, 0.08, dx, o, (o, InertialScheme::TrBdf2)),
            Scheme::Explicit
        );
        assert_eq!(
            IntegratorChoice::Overdamped.resolve(gamma, 50.0, dx, o, (o, InertialScheme::TrBdf2)),
            Scheme::Overdamped(o)
        );
    }
}
