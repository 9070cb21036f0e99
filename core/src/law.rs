//! Local friction law of seed 000 (Eq. 6–9, 23–24), with shear on the particle-borne area.
//!
//! Bowden–Tabor friction with the contact area of Eq. 8, A_c/A_0 = κ/h'_rms · p/E*, reduced by
//! the area A_p carried by blocked third-body flakes (Eq. 7, 9), with the mesoscale result of
//! Eq. 23, A̅_p/A_0 = α(v)·β·p/E*:
//!
//! ```text
//! μ(v, β) = τ0 · ( κ/(E*·h'_rms) − α(v)·β/E* ) = μ0 · (1 − β/β_thres(v))
//! μ0 = τ0·κ/(E*·h'_rms),   β_thres(v) = κ/(α(v)·h'_rms)          (Eq. 24)
//! ```
//!
//! Note that with Eq. 23 the pressure cancels: μ does not depend on p. The pressure enters
//! the macroscale model only through the Archard source of the β-transport
//! ([`crate::transport`]) and the Coulomb limit P·μ ([`crate::coulomb`]).
//!
//! # Shear on the particle-borne area (extension of Eq. 7; issue 30)
//!
//! Eq. 7 lets the particle-borne area A_p carry no shear ("activated as lubricant"), so μ
//! reaches exactly 0 at β_thres, where A_p = A_c: a frictionless contact exactly where
//! particles accumulate (long tools, repeated passes, high pressure). Flakes in a lubricated
//! contact do carry shear. With a shear stress τ_p on A_p, Eq. 7 becomes
//!
//! ```text
//! μ = [(A_c − A_p)·τ0 + A_p·τ_p] / (P·A_0)
//!   = μ0·(1 − x) + (A_p/(P·A_0))·τ_p,          x = A_p/A_c = β/β_thres(v)  (Eq. 23, 24)
//! ```
//!
//! and the second term can be written in two equivalent ways:
//!
//! - **ratio form** r = τ_p/τ0: A_p·τ_p/(P·A_0) = x·(A_c·τ0/(P·A_0))·r = μ0·r·x, so
//!   μ = μ0·[1 − (1 − r)·x];
//! - **friction form** τ_p = μ_p·p_c, with p_c the mean pressure on the real contact. By Eq. 8
//!   p_c = P·A_0/A_c = E*·h'_rms/κ whatever P, so A_p·τ_p/(P·A_0) = x·μ_p and
//!   μ = μ0·(1 − x) + μ_p·x, i.e. μ_p = r·μ0, τ_p = μ_p·E*·h'_rms/κ.
//!
//! Both say that μ moves linearly from μ0 (no particle) to μ_p (A_p = A_c); μ_p is the floor
//! of μ at saturation. **The table stores μ_p** (the friction form): it is the one number both
//! sources of τ_p measure directly (a fitted strip-draw floor, and seed 002's shear cell, whose
//! μ_3b is a shear-to-normal stress ratio of the particle layer), it bounds μ at saturation
//! without reference to τ0, and it does not inherit τ0's factor: τ0 is an effective strength
//! that absorbs Eq. 8's elastic under-estimate of the plastically flattened aluminium contact
//! area ([`crate::seed000::TAU0`]), which has nothing to do with the particle layer's shear.
//! The assumption behind it: the flakes bear their area at the same mean contact pressure
//! p_c as the metal junctions (Eq. 8 applied to the whole real contact area).
//!
//! **Without μ_p the law is seed 000's, bit for bit:** [`FrictionLaw::new`] has μ_p = 0, and
//! μ0·(1 − x) + 0·x rounds to μ0·(1 − x) exactly (0·x = +0 for finite x ≥ 0, and a + 0 = a);
//! at and beyond β_thres μ is μ_p = 0 as before.
//!
//! **Saturation policy (no panics, no NaN).** β is clamped to [0, β_thres(v)] so that μ lies
//! between μ_p and μ0; a NaN β counts as 0 (μ = μ0, the particle-free value), +∞ as β_thres.
//! The velocity enters through |v|; a non-finite v counts as 0 (α = 0: no lubrication, μ = μ0).
//!
//! ```
//! use tribo_core::law::{AlphaCurve, AlphaLaw, FrictionLaw, LawParams};
//! let params = LawParams { tau0: 1.0e9, kappa: 2.0, e_star: 55.0e9, slope_rms: 0.34 };
//! let alpha = AlphaCurve::from_law(AlphaLaw::saturation(20.0, 10.0));
//! let law = FrictionLaw::new(params, alpha)?;
//! let v = 0.08; // m/s
//! assert!((law.mu(v, 0.0) - law.mu0()).abs() < 1e-7);
//! assert_eq!(law.mu(v, law.beta_thres(v)), 0.0); // seed 000: frictionless at saturation
//! // With shear on the particle-borne area the floor is μ_p.
//! let bounded = law.clone().with_particle_friction(0.04)?;
//! assert_eq!(bounded.mu(v, law.beta_thres(v)), 0.04);
//! let half = bounded.mu(v, 0.5 * law.beta_thres(v));
//! assert!((half - 0.5 * (law.mu0() + 0.04)).abs() < 1e-6);
//! # Ok::<(), tribo_core::Error>(())
//! ```

use serde::{Deserialize, Serialize};

pub use crate::alpha::{
    ALPHA_SAMPLES, AlphaCurve, AlphaLaw, AlphaPolicy, AlphaSample, SampleOrigin,
};
use crate::error::Error;

/// Material and interface parameters of the friction law (SI units, `f32`).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct LawParams {
    /// Interfacial shear strength τ0 of Eq. 6 \[Pa\].
    pub tau0: f32,
    /// Contact-area proportionality constant κ of Eq. 8 \[-\] (≈ 2 for self-affine surfaces).
    pub kappa: f32,
    /// Effective elastic modulus E* \[Pa\] (seed 000: 55 GPa for aluminium on cast iron).
    pub e_star: f32,
    /// RMS slope h'_rms of the combined roughness \[-\] (seed 000: 0.34 for the aluminium sheet).
    pub slope_rms: f32,
}

impl LawParams {
    /// Checks that every parameter is finite and strictly positive.
    ///
    /// # Errors
    ///
    /// [`Error::InvalidParameter`] when τ0, κ, E* or h'_rms is NaN, infinite or ≤ 0.
    pub fn validate(&self) -> Result<(), Error> {
        let ok = |x: f32| x.is_finite() && x > 0.0;
        if ok(self.tau0) && ok(self.kappa) && ok(self.e_star) && ok(self.slope_rms) {
            Ok(())
        } else {
            Err(Error::InvalidParameter)
        }
    }

    /// Particle-free friction coefficient μ0 = τ0·κ/(E*·h'_rms) (Eq. 9 at A_p = 0) \[-\].
    pub fn mu0(&self) -> f32 {
        self.tau0 * self.kappa / (self.e_star * self.slope_rms)
    }
}

/// Upper bound of μ_p accepted by [`FrictionLaw::with_particle_friction`] \[-\]: the
/// plausibility bound of a particle layer's friction coefficient (seed 002's dry layers reach
/// 0.9; nothing sheared through a granular layer reaches 10).
pub const PARTICLE_FRICTION_MAX: f32 = 10.0;

/// A validated friction law: parameters, α(v), the precomputed μ0 and the friction μ_p of the
/// particle-borne area (module docs; 0 for seed 000's law).
#[derive(Clone, Debug, PartialEq)]
pub struct FrictionLaw {
    params: LawParams,
    alpha: AlphaCurve,
    mu0: f32,
    /// h'_rms/κ, so that β/β_thres = α·β·h'_rms/κ costs one multiply.
    slope_over_kappa: f32,
    /// μ_p = τ_p·κ/(E*·h'_rms) (module docs); 0 without shear on the particle-borne area.
    mu_p: f32,
    /// Whether μ_p was set (a law with μ_p = 0 set explicitly still reports it).
    has_particle_friction: bool,
}

impl FrictionLaw {
    /// Validates the parameters and the α curve.
    ///
    /// # Errors
    ///
    /// [`Error::InvalidParameter`] when a parameter fails [`LawParams::validate`] (not finite
    /// and > 0), the α law fails [`AlphaLaw::validate`], or μ0 = τ0·κ/(E*·h'_rms) overflows;
    /// [`Error::InvalidTable`] when the α samples fail [`AlphaCurve::validate`].
    pub fn new(params: LawParams, alpha: AlphaCurve) -> Result<Self, Error> {
        params.validate()?;
        alpha.validate()?;
        let mu0 = params.mu0();
        if !mu0.is_finite() {
            return Err(Error::InvalidParameter);
        }
        Ok(Self {
            slope_over_kappa: params.slope_rms / params.kappa,
            params,
            alpha,
            mu0,
            mu_p: 0.0,
            has_particle_friction: false,
        })
    }

    /// This law with shear on the particle-borne area: μ_p = τ_p·κ/(E*·h'_rms), the friction
    /// coefficient of the particle-borne contact (module docs) \[-\]. μ then moves linearly
    /// from μ0 at β = 0 to μ_p at β_thres.
    ///
    /// # Errors
    ///
    /// [`Error::InvalidParameter`] unless 0 ≤ μ_p ≤ [`PARTICLE_FRICTION_MAX`].
    pub fn with_particle_friction(self, mu_p: f32) -> Result<Self, Error> {
        if !(0.0..=PARTICLE_FRICTION_MAX).contains(&mu_p) {
            return Err(Error::InvalidParameter);
        }
        Ok(Self {
            mu_p,
            has_particle_friction: true,
            ..self
        })
    }

    /// μ_p, the friction of the particle-borne area \[-\]; `None` for seed 000's law (μ_p = 0,
    /// A_p carries no shear).
    pub fn particle_friction(&self) -> Option<f32> {
        self.has_particle_friction.then_some(self.mu_p)
    }

    /// τ_p = μ_p·E*·h'_rms/κ, the shear stress on the particle-borne area \[Pa\] (module docs:
    /// μ_p times the mean contact pressure of Eq. 8); `None` for seed 000's law.
    pub fn particle_shear_strength(&self) -> Option<f32> {
        self.particle_friction()
            .map(|mu_p| mu_p * self.params.e_star * self.params.slope_rms / self.params.kappa)
    }

    /// The floor of μ, reached at β ≥ β_thres: μ_p, or 0 for seed 000's law \[-\].
    pub fn mu_saturated(&self) -> f32 {
        self.mu_p
    }

    /// The parameters.
    pub fn params(&self) -> &LawParams {
        &self.params
    }

    /// The α(v) curve.
    pub fn alpha_curve(&self) -> &AlphaCurve {
        &self.alpha
    }

    /// Particle-free friction coefficient μ0 = τ0·κ/(E*·h'_rms) \[-\].
    pub fn mu0(&self) -> f32 {
        self.mu0
    }

    /// α(v) \[-\] (see [`AlphaCurve::eval`] for the policy).
    pub fn alpha(&self, v: f32) -> f32 {
        self.alpha.eval(v)
    }

    /// β_thres = κ/(α·h'_rms) for a given α (Eq. 24) \[-\]; +∞ when α = 0 (no particle can
    /// carry load at rest, so no saturation).
    #[inline]
    pub fn beta_thres_for_alpha(&self, alpha: f32) -> f32 {
        if alpha > 0.0 {
            1.0 / (alpha * self.slope_over_kappa)
        } else {
            f32::INFINITY
        }
    }

    /// β_thres(v) (Eq. 24) \[-\].
    pub fn beta_thres(&self, v: f32) -> f32 {
        self.beta_thres_for_alpha(self.alpha(v))
    }

    /// μ for a precomputed α (the hot path: α(v) evaluated once per node and tick),
    /// μ = μ0·(1 − x) + μ_p·x with x = β/β_thres = α·β·h'_rms/κ and β clamped to
    /// [0, β_thres] \[-\]. Between μ_p and μ0 (in [0, μ0] for seed 000's law), never NaN.
    #[inline]
    pub fn mu_for_alpha(&self, alpha: f32, beta: f32) -> f32 {
        // α ≤ 0, NaN: no particle can carry load; β ≤ 0, NaN: no particles. Both give μ0.
        if !(alpha > 0.0 && alpha.is_finite() && beta > 0.0) {
            return self.mu0;
        }
        let beta_thres = self.beta_thres_for_alpha(alpha);
        // Compared, not computed, so that μ is exactly μ_p at and beyond β_thres.
        if beta >= beta_thres {
            return self.mu_p;
        }
        let x = beta / beta_thres;
        // Seed 000's expression first, then + μ_p·x: with μ_p = 0 the sum adds +0 and the
        // result is seed 000's bit for bit (module docs).
        self.mu0 * (1.0 - x) + self.mu_p * x
    }

    /// μ(v, β) (Eq. 9 with Eq. 23, Eq. 7 with shear τ_p on A_p) \[-\]. Between μ_p and μ0,
    /// never NaN.
    pub fn mu(&self, v: f32, beta: f32) -> f32 {
        self.mu_for_alpha(self.alpha(v), beta)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// f32 evaluation of a product of four O(1)-scaled factors: a few ulps.
    const REL_TOL: f32 = 1e-6;

    fn params() -> LawParams {
        LawParams {
            tau0: 1.2e9,
            kappa: 2.0,
            e_star: 55.0e9,
            slope_rms: 0.34,
        }
    }

    /// A format-1 curve (law-shaped extrapolation), as decoded from a format-1 table.
    fn sampled() -> AlphaCurve {
        let mut c = AlphaCurve::from_law(AlphaLaw::saturation(20.0, 5.0));
        c.policy = AlphaPolicy::FormatOne;
        for (v, a) in [(1.0, 4.0), (5.0, 13.0), (20.0, 19.0), (50.0, 20.5)] {
            c.push_sample(AlphaSample {
                v,
                alpha: a,
                ci95: [a, a],
                spread: 1.0,
                cases: 0,
                origin: SampleOrigin::FormatOne,
            })
            .unwrap();
        }
        c
    }

    #[test]
    fn mu_at_zero_beta_is_bowden_tabor() {
        let law = FrictionLaw::new(params(), sampled()).unwrap();
        let p = params();
        let expected = p.tau0 * p.kappa / (p.e_star * p.slope_rms);
        for v in [0.0, 0.08, 3.0, 100.0] {
            assert!((law.mu(v, 0.0) - expected).abs() <= REL_TOL * expected);
        }
    }

    #[test]
    fn mu_vanishes_exactly_at_threshold() {
        let law = FrictionLaw::new(params(), sampled()).unwrap();
        for v in [0.08, 1.0, 7.0, 49.0, 80.0] {
            let bt = law.beta_thres(v);
            assert_eq!(law.mu(v, bt), 0.0, "v = {v}");
            assert_eq!(law.mu(v, 2.0 * bt), 0.0);
            // Eq. 9 form against the factored form, half-way.
            let p = params();
            let a = law.alpha(v);
            let eq9 = p.tau0 * (p.kappa / (p.e_star * p.slope_rms) - a * 0.5 * bt / p.e_star);
            assert!((law.mu(v, 0.5 * bt) - eq9).abs() <= 1e-5 * law.mu0());
        }
    }

    #[test]
    fn alpha_policy_is_continuous_and_interpolates_samples() {
        let c = sampled();
        for (v, a) in c.v.iter().zip(&c.alpha) {
            assert_eq!(c.eval(*v), *a);
        }
        // Continuity at both ends of the sampled range.
        assert!((c.eval(1.0 - 1e-4) - 4.0).abs() < 1e-3);
        assert!((c.eval(50.0 + 1e-3) - 20.5).abs() < 1e-3);
        // Extrapolation keeps the law's shape: α(0) = 0 and saturation above.
        assert_eq!(c.eval(0.0), 0.0);
        let sat = 20.5 / AlphaLaw::saturation(20.0, 5.0).eval(50.0) * 20.0;
        assert!((c.eval(1e6) - sat).abs() < 1e-3 * sat);
        assert_eq!(c.eval(-5.0), c.eval(5.0));
        assert_eq!(c.eval(f32::NAN), 0.0);
    }

    #[test]
    fn invalid_parameters_are_rejected() {
        let mut p = params();
        p.kappa = -1.0;
        assert_eq!(FrictionLaw::new(p, sampled()), Err(Error::InvalidParameter));
        let mut c = sampled();
        c.v[2] = 0.5;
        assert_eq!(FrictionLaw::new(params(), c), Err(Error::InvalidTable));
        let c = AlphaCurve::from_law(AlphaLaw::saturation(f32::NAN, 1.0));
        assert_eq!(FrictionLaw::new(params(), c), Err(Error::InvalidParameter));
    }

    fn any_f32() -> impl Strategy<Value = f32> {
        prop_oneof![
            any::<f32>(),
            Just(f32::NAN),
            Just(f32::INFINITY),
            Just(f32::NEG_INFINITY),
            -1e3f32..1e3,
        ]
    }

    /// Eq. 7 with τ_p on A_p, evaluated from the areas in f64, against the law's friction form
    /// μ0·(1 − x) + μ_p·x; and the ratio form μ0·[1 − (1 − r)·x] with r = τ_p/τ0.
    #[test]
    fn particle_shear_is_eq7_with_tau_p_on_the_particle_area() {
        let p = params();
        for mu_p in [0.0f32, 0.02, 0.05, 0.2] {
            let law = FrictionLaw::new(p, sampled())
                .unwrap()
                .with_particle_friction(mu_p)
                .unwrap();
            let (kappa, e, s, tau0) = (
                f64::from(p.kappa),
                f64::from(p.e_star),
                f64::from(p.slope_rms),
                f64::from(p.tau0),
            );
            let tau_p = f64::from(law.particle_shear_strength().unwrap());
            for v in [0.08f32, 3.0, 40.0] {
                let alpha = f64::from(law.alpha(v));
                for frac in [0.0, 0.1, 0.5, 0.9, 0.999] {
                    let beta = frac * f64::from(law.beta_thres(v));
                    for pressure in [1.0e6, 30.0e6] {
                        // Per unit nominal area A_0 = 1.
                        let a_c = kappa / s * pressure / e; // Eq. 8
                        let a_p = alpha * beta * pressure / e; // Eq. 23
                        let eq7 = ((a_c - a_p) * tau0 + a_p * tau_p) / pressure;
                        let got = f64::from(law.mu(v, beta as f32));
                        assert!((got - eq7).abs() <= 1e-5 * eq7.max(1e-3), "{got} vs {eq7}");
                        let r = tau_p / tau0;
                        let ratio_form = f64::from(law.mu0()) * (1.0 - (1.0 - r) * frac);
                        assert!((got - ratio_form).abs() <= 1e-5 * ratio_form.max(1e-3));
                    }
                }
                // At and beyond β_thres the floor μ_p, exactly.
                assert_eq!(law.mu(v, law.beta_thres(v)), mu_p);
                assert_eq!(law.mu(v, f32::INFINITY), mu_p);
            }
        }
    }

    /// A law without μ_p and one with μ_p = 0 set explicitly give seed 000's μ bit for bit.
    #[test]
    fn zero_particle_friction_is_seed_000_bit_for_bit() {
        let a = FrictionLaw::new(params(), sampled()).unwrap();
        let b = a.clone().with_particle_friction(0.0).unwrap();
        assert_eq!(a.particle_friction(), None);
        assert_eq!(b.particle_friction(), Some(0.0));
        for v in [0.0f32, 0.08, 1.0, 20.0, 70.0] {
            let bt = a.beta_thres(v);
            for k in 0..=200 {
                let beta = bt * k as f32 / 160.0;
                // Today's expression (commit 36a92bb), branch for branch.
                let old = if !(a.alpha(v) > 0.0 && beta > 0.0) {
                    a.mu0()
                } else if beta >= bt {
                    0.0
                } else {
                    a.mu0() * (1.0 - beta / bt)
                };
                assert_eq!(a.mu(v, beta).to_bits(), old.to_bits());
                assert_eq!(b.mu(v, beta).to_bits(), old.to_bits());
            }
        }
        let law = FrictionLaw::new(params(), sampled()).unwrap();
        for bad in [-1e-6, f32::NAN, f32::INFINITY, PARTICLE_FRICTION_MAX * 1.01] {
            assert_eq!(
                law.clone().with_particle_friction(bad),
                Err(Error::InvalidParameter)
            );
        }
    }

    proptest! {
        #[test]
        fn mu_is_never_negative_or_nan(v in any_f32(), beta in any_f32(), alpha in any_f32()) {
            let law = FrictionLaw::new(params(), sampled()).unwrap();
            for mu in [law.mu(v, beta), law.mu_for_alpha(alpha, beta)] {
                prop_assert!(mu.is_finite());
                prop_assert!(mu >= 0.0 && mu <= law.mu0());
            }
            prop_assert!(!law.alpha(v).is_nan());
            prop_assert!(!law.beta_thres(v).is_nan());
        }

        /// μ ≥ 0, finite and between μ_p and μ0 for every input, μ_p at its bounds (0 and
        /// [`PARTICLE_FRICTION_MAX`]), at μ0 and anywhere between.
        #[test]
        fn mu_with_particle_friction_is_bounded(
            v in any_f32(),
            beta in any_f32(),
            alpha in any_f32(),
            mu_p in prop_oneof![
                Just(0.0f32),
                Just(PARTICLE_FRICTION_MAX),
                Just(f32::MIN_POSITIVE),
                Just(0.1764),
                0.0f32..=PARTICLE_FRICTION_MAX,
            ],
        ) {
            let law = FrictionLaw::new(params(), sampled())
                .unwrap()
                .with_particle_friction(mu_p)
                .unwrap();
            let (lo, hi) = (law.mu0().min(mu_p), law.mu0().max(mu_p));
            for mu in [law.mu(v, beta), law.mu_for_alpha(alpha, beta)] {
                prop_assert!(mu.is_finite());
                prop_assert!(mu >= 0.0);
                // One rounding of each product: a few ulps of the larger end.
                prop_assert!(mu >= lo * (1.0 - REL_TOL) && mu <= hi * (1.0 + REL_TOL), "{mu} not in [{lo}, {hi}]");
            }
        }
    }
}
