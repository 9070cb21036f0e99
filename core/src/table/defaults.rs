//! Tables that are not calibrations: the documented seed-000 defaults, and a table with every
//! section filled to capacity for size and round-trip tests.

use heapless::{String, Vec};

use super::{
    AlphaLawForm, AlphaSection, BetaThresRule, BetaThresSection, ClusterSection, MaterialIdentity,
    ParticleShearOrigin, ParticleShearSection, Provenance, SectionProvenance, Table,
    ThirdBodySection, TransportSection, ValueOrigin, WearForm, WearSection,
};
use crate::alpha::{ALPHA_SAMPLES, AlphaCurve, AlphaLaw, AlphaSample, SampleOrigin};
use crate::cof_field::CofSection;
use crate::error::Error;
use crate::presliding::PreslidingSection;
use crate::seed000;

/// Target μ0 of the defaults (see [`crate::seed000::MU0_TARGET`]).
pub const SEED000_MU0_TARGET: f32 = seed000::MU0_TARGET;
/// τ0 of the defaults \[Pa\] (see [`crate::seed000::TAU0`]).
pub const SEED000_TAU0: f32 = seed000::TAU0;
/// Hardness H of the defaults \[Pa\] (see [`crate::seed000::HARDNESS`]).
pub const SEED000_HARDNESS: f32 = seed000::HARDNESS;
/// b of the defaults' α(v) law (see [`crate::seed000::ALPHA_B`]).
pub const SEED000_ALPHA_B: f32 = seed000::ALPHA_B;
/// v_ref of the defaults' α(v) law \[m/s\] (see [`crate::seed000::ALPHA_V_REF`]).
pub const SEED000_ALPHA_V_REF: f32 = seed000::ALPHA_V_REF;

fn text<const N: usize>(s: &str) -> String<N> {
    let mut out = String::new();
    for c in s.chars() {
        if out.push(c).is_err() {
            break;
        }
    }
    out
}

impl Table {
    /// A table of documented default parameters, flagged [`ValueOrigin::DocumentedDefaults`]:
    /// **not a calibration.**
    ///
    /// The values of [`crate::seed000`] (each documented there with its source in seed 000
    /// or the reason for the choice).
    /// α(v) is the law alone (no samples: nothing was simulated); no cluster, CV or
    /// pre-sliding data. Provenance: this crate's version, preset `"defaults"`, seed 0.
    pub fn seed000_defaults() -> Table {
        Table {
            provenance: Provenance {
                calibrator_version: text(env!("CARGO_PKG_VERSION")),
                preset: text("defaults"),
                seed: 0,
                origin: ValueOrigin::DocumentedDefaults,
                config_hash: 0,
            },
            law: seed000::LAW_PARAMS,
            transport: TransportSection {
                hardness: seed000::HARDNESS,
                particle_thickness: seed000::PARTICLE_THICKNESS,
                archard_k: seed000::ARCHARD_K,
                zeta: seed000::ZETA,
            },
            alpha: AlphaSection {
                form: AlphaLawForm::ExpSaturation,
                curve: AlphaCurve::from_law(seed000::alpha_law()),
            },
            beta_thres: BetaThresSection {
                rule: BetaThresRule::ContactAreaBound,
                at_alpha_samples: Vec::new(),
                ci95_lo: Vec::new(),
                ci95_hi: Vec::new(),
            },
            clusters: None,
            cof: CofSection::default(),
            presliding: PreslidingSection::default(),
            wear: None,
            third_body: None,
            material: MaterialIdentity::new(seed000::MATERIAL_PAIR, seed000::CONDITIONS),
            particle_shear: Some(Self::default_particle_shear(
                seed000::LAW_PARAMS.mu0(),
                "defaults",
                0,
            )),
            uncertainty: None,
        }
    }

    /// The documented default shear on the particle-borne area for a law of particle-free
    /// friction `mu0`: μ_p = r·μ0 with r = [`seed000::PARTICLE_SHEAR_RATIO`], origin
    /// [`ParticleShearOrigin::DocumentedDefault`], interval [μ_p, μ_p] (no run behind it), the
    /// seed-000 pair; provenance: this crate, `preset`, `seed`, 0 cases.
    pub fn default_particle_shear(mu0: f32, preset: &str, seed: u64) -> ParticleShearSection {
        let mu_p = seed000::PARTICLE_SHEAR_RATIO * mu0;
        ParticleShearSection {
            particle_friction: mu_p,
            ci95: [mu_p, mu_p],
            origin: ParticleShearOrigin::DocumentedDefault,
            material: MaterialIdentity::new(seed000::MATERIAL_PAIR, seed000::CONDITIONS),
            provenance: SectionProvenance {
                calibrator_version: text(env!("CARGO_PKG_VERSION")),
                preset: text(preset),
                seed,
                config_hash: 0,
                cases: 0,
            },
        }
    }

    /// A table with every section filled to capacity (maximum-length strings, all α samples,
    /// cluster data, the other sections' `filled_example`s), for size and round-trip tests.
    /// Plausible numbers, **not a calibration**; flagged as defaults.
    pub fn filled_example() -> Table {
        let mut t = Table::seed000_defaults();
        t.provenance.calibrator_version = text("0.1.0+example.16");
        t.provenance.preset = text("filled-example-x");
        t.provenance.seed = u64::MAX;
        t.provenance.config_hash = u64::MAX;
        let law = AlphaLaw {
            alpha_inf: 3.0,
            alpha_0: 8.0,
            v_ref: 5.0,
        };
        t.alpha.form = AlphaLawForm::ExpRelaxation;
        let mut curve = AlphaCurve::from_law(law);
        for i in 0..ALPHA_SAMPLES {
            let v = 1e-2 * crate::math::powf(10.0, 4.0 * i as f32 / (ALPHA_SAMPLES - 1) as f32);
            let wiggle = 1.0 + 0.03 * if i % 2 == 0 { 1.0 } else { -1.0 };
            let alpha = law.eval(v) * wiggle;
            let _ = curve.push_sample(AlphaSample {
                v,
                alpha,
                ci95: [0.8 * alpha, 1.25 * alpha],
                spread: 0.1 * alpha,
                cases: 36,
                origin: if v < 10.0 {
                    SampleOrigin::Similarity
                } else {
                    SampleOrigin::Direct
                },
            });
        }
        t.alpha.curve = curve;
        // Cannot fail: the α samples above are positive and κ, h'_rms are the defaults.
        let _ = t.fill_beta_thres_samples();
        t.clusters = Some(ClusterSection {
            kappa_fit_r2: 0.998,
            pressure_range: [2.0e6, 30.0e6],
            dc_nucleation: 0.012,
            dc_growth: [0.9, 15.0],
            nc_over_ns_slope: 450.0,
        });
        t.cof = CofSection::filled_example();
        t.presliding = PreslidingSection::filled_example();
        let provenance = SectionProvenance {
            calibrator_version: text("0.1.0+example.16"),
            preset: text("filled-example-x"),
            seed: u64::MAX,
            config_hash: u64::MAX,
            cases: 120,
        };
        t.wear = Some(WearSection {
            form: WearForm::Absolute,
            k0: 2.0e-4,
            k0_ci95: [1.2e-4, 3.1e-4],
            p_ref: 10.0e6,
            exponent: 0.4,
            exponent_ci95: [0.1, 0.7],
            pressure_range: [2.0e6, 30.0e6],
            energy_wear: 1.0e-13,
            material: MaterialIdentity::new(
                "zirconia/zirconia (example data)",
                "dry fretting, 2D DDE (example)",
            ),
            provenance: provenance.clone(),
        });
        let mut tb = ThirdBodySection {
            mu: 0.31,
            mu_ci95: [0.29, 0.33],
            reference_temperature: 293.0,
            inertial_number: 1.0e-3,
            temperature: Vec::new(),
            mu_at_temperature: Vec::new(),
            ci95_lo: Vec::new(),
            ci95_hi: Vec::new(),
            material: MaterialIdentity::new(
                "Al2O3 debris layer (example)",
                "dry 2D NSCD shear cell (example)",
            ),
            provenance: provenance.clone(),
        };
        for i in 0..super::THIRD_BODY_SAMPLES {
            let temp = 293.0 + 50.0 * i as f32;
            let mu = 0.31 - 0.009 * i as f32;
            let _ = tb.temperature.push(temp);
            let _ = tb.mu_at_temperature.push(mu);
            let _ = tb.ci95_lo.push(mu - 0.02);
            let _ = tb.ci95_hi.push(mu + 0.02);
        }
        t.third_body = Some(tb);
        t.material = MaterialIdentity::new(
            "AA5182-O/cast iron EN-JS2070 (x)",
            "lubricated strip draw (example)",
        );
        t.particle_shear = Some(ParticleShearSection {
            particle_friction: 0.046,
            ci95: [0.031, 0.061],
            origin: ParticleShearOrigin::FittedStripDraw,
            material: t.material.clone(),
            provenance,
        });
        // A budget at capacity: names of the full length (multi-byte characters included).
        let mut terms: Vec<super::SystematicTerm, { super::SYSTEMATIC_TERMS }> = Vec::new();
        for i in 0..super::SYSTEMATIC_TERMS {
            let name = if i == 0 {
                "drag γ (forming oil 20–80 °C), example x"
            } else {
                "systematic term of the example, xxxxxxxx"
            };
            let spread = 0.02 * (i + 1) as f32;
            let _ = terms.push(super::SystematicTerm::new(name, 1.0 - spread, 1.0 + spread));
        }
        // Cannot fail: valid terms, positive α samples, default κ and h'_rms.
        let _ = t.fill_uncertainty(&terms);
        t
    }

    /// Recomputes `beta_thres.at_alpha_samples` and its 95 % interval from the rule and the α
    /// samples with their intervals
    /// (β_thres = κ/(α·h'_rms), Eq. 24). [`Error::InvalidTable`] if a sample gives a
    /// non-finite or non-positive value.
    ///
    /// # Errors
    ///
    /// [`Error::InvalidTable`] when the α vectors differ in length, or a sample or an interval end
    /// gives a non-finite or non-positive β_thres.
    pub fn fill_beta_thres_samples(&mut self) -> Result<(), Error> {
        let (mut at, mut lo, mut hi) = (Vec::new(), Vec::new(), Vec::new());
        match self.beta_thres.rule {
            BetaThresRule::ContactAreaBound => {
                let rule = |alpha: f32| self.law.kappa / (alpha * self.law.slope_rms);
                let curve = &self.alpha.curve;
                let n = curve.alpha.len();
                if curve.ci95_lo.len() != n || curve.ci95_hi.len() != n {
                    return Err(Error::InvalidTable);
                }
                let samples = curve.alpha.iter().zip(&curve.ci95_lo).zip(&curve.ci95_hi);
                for ((&alpha, &alpha_lo), &alpha_hi) in samples {
                    let b = rule(alpha);
                    let b_lo = rule(alpha_hi);
                    let b_hi = if alpha_lo > 0.0 {
                        rule(alpha_lo)
                    } else {
                        f32::INFINITY
                    };
                    let ok = |x: f32| x.is_finite() && x > 0.0;
                    if !(ok(b) && ok(b_lo) && b_hi > 0.0) {
                        return Err(Error::InvalidTable);
                    }
                    at.push(b).map_err(|_| Error::InvalidTable)?;
                    lo.push(b_lo).map_err(|_| Error::InvalidTable)?;
                    hi.push(b_hi).map_err(|_| Error::InvalidTable)?;
                }
            }
        }
        self.beta_thres.at_alpha_samples = at;
        self.beta_thres.ci95_lo = lo;
        self.beta_thres.ci95_hi = hi;
        Ok(())
    }
}
