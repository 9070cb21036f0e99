//! Local friction law of seed 000 (Eq. 6–9, 23–24).
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
//! **Saturation policy (no panics, no NaN).** β is clamped to [0, β_thres(v)] so that
//! 0 ≤ μ ≤ μ0; a NaN β counts as 0 (μ = μ0, the particle-free upper bound), +∞ as β_thres.
//! The velocity enters through |v|; a non-finite v counts as 0 (α = 0: no lubrication, μ = μ0).
//!
//! ```
//! use tribo_core::law::{AlphaCurve, AlphaLaw, FrictionLaw, LawParams};
//! let params = LawParams { tau0: 1.0e9, kappa: 2.0, e_star: 55.0e9, slope_rms: 0.34 };
//! let alpha = AlphaCurve::from_law(AlphaLaw::saturation(20.0, 10.0));
//! let law = FrictionLaw::new(params, alpha)?;
//! let v = 0.08; // m/s
//! assert!((law.mu(v, 0.0) - law.mu0()).abs() < 1e-7);
//! assert_eq!(law.mu(v, law.beta_thres(v)), 0.0);
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

/// A validated friction law: parameters, α(v), and the precomputed μ0.
#[derive(Clone, Debug, PartialEq)]
pub struct FrictionLaw {
    params: LawParams,
    alpha: AlphaCurve,
    mu0: f32,
    /// h'_rms/κ, so that β/β_thres = α·β·h'_rms/κ costs one multiply.
    slope_over_kappa: f32,
}

impl FrictionLaw {
    /// Validates the parameters and the α curve.
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
        })
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
    /// μ = μ0·(1 − α·β·h'_rms/κ), with β clamped to [0, β_thres] \[-\]. In [0, μ0], never NaN.
    #[inline]
    pub fn mu_for_alpha(&self, alpha: f32, beta: f32) -> f32 {
        // α ≤ 0, NaN: no particle can carry load; β ≤ 0, NaN: no particles. Both give μ0.
        if !(alpha > 0.0 && alpha.is_finite() && beta > 0.0) {
            return self.mu0;
        }
        let beta_thres = self.beta_thres_for_alpha(alpha);
        // Compared, not computed, so that μ is exactly 0 at and beyond β_thres.
        if beta >= beta_thres {
            return 0.0;
        }
        self.mu0 * (1.0 - beta / beta_thres)
    }

    /// μ(v, β) (Eq. 9 with Eq. 23) \[-\]. In [0, μ0], never NaN.
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
    }
}
