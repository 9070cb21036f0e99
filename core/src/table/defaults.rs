//! Tables that are not calibrations: the documented seed-000 defaults, and a table with every
//! section filled to capacity for size and round-trip tests.

use heapless::{String, Vec};

use super::{
    AlphaLawForm, AlphaSection, BetaThresRule, BetaThresSection, ClusterSection, Provenance,
    SectionProvenance, Table, ThirdBodySection, TransportSection, ValueOrigin, WearForm,
    WearSection,
};
use crate::alpha::{ALPHA_SAMPLES, AlphaCurve, AlphaLaw, AlphaSample, SampleOrigin};
use crate::cof_field::CofSection;
use crate::error::Error;
use crate::law::LawParams;
use crate::presliding::PreslidingSection;

/// Target particle-free friction coefficient μ0 of the defaults \[-\]: the middle of the
/// 0.1–0.2 band of lubricated aluminium strip-draw friction (seed 000 Fig. 2a, 19b, whose
/// μ̄ falls from its low-pressure value as particles accumulate). A choice, not a seed number.
pub const SEED000_MU0_TARGET: f32 = 0.15;

/// Effective interfacial shear strength τ0 of the defaults \[Pa\], **not stated in seed 000**:
/// chosen so that μ0 = τ0·κ/(E*·h'_rms) (Eq. 9 at A_p = 0) equals [`SEED000_MU0_TARGET`]
/// with E* = 55 GPa, h'_rms = 0.34, κ = 2: τ0 = 0.15 · 55e9 · 0.34 / 2 = 1.4025 GPa. It is
/// an *effective* value, far above the bulk shear strength of AA5182-O (≈ 0.15 GPa), because
/// the purely elastic contact area of Eq. 8 underestimates the real area of plastically
/// flattened aluminium asperities (at 10 MPa, A_c/A_0 = 0.1 %); τ0 absorbs that factor.
pub const SEED000_TAU0: f32 = 1.4025e9;

/// Hardness H of the aluminium sheet in the Archard source (Eq. 12) \[Pa\], **not stated in
/// seed 000**: 0.7 GPa ≈ 71 HV (× 9.807 MPa/HV), the handbook range of AA5182-O being
/// roughly 60–75 HV. With K = 1e-4 and h_p = 0.5 µm the source is K·P/(H·h_p) ≈ 8.6 per
/// metre of sliding at 30 MPa, i.e. β ≈ 0.3 after the 35 mm tool.
pub const SEED000_HARDNESS: f32 = 0.7e9;

/// Saturation value b of α(v) = b·(1 − exp(−|v|/v_ref)) \[-\], **not stated numerically in
/// seed 000** (Fig. 15 gives the fit only graphically). With [`SEED000_ALPHA_V_REF`],
/// α(0.08 m/s) ≈ 11.0, so β_thres(0.08 m/s) = κ/(α·h'_rms) ≈ 0.53 (Eq. 24): the β ≈ 0.3
/// reached under the 35 mm tool at 30 MPa then lowers the local μ by up to ~55 % and μ̄ by
/// roughly a quarter to a third — the size of the first-pass drop of Fig. 2 (35 % at
/// 25 MPa) — while the 140 mm tool reaches saturation (the regime of Fig. 18).
pub const SEED000_ALPHA_B: f32 = 20.0;

/// Reference velocity v_ref of the α(v) law \[m/s\]; see [`SEED000_ALPHA_B`].
pub const SEED000_ALPHA_V_REF: f32 = 0.1;

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
    /// From seed 000: E* = 55 GPa (§5), h'_rms = 0.34 (§2.4, §6.1), K = 1e-4 and ζ = 0.2
    /// (§7, Fig. 19), h_p = 0.5 µm (§5, flake thickness). κ = 2 from the literature band of
    /// Eq. 8 (Bush–Gibson / Persson, κ ≈ 1.6–2.5 for self-affine surfaces). Choices for what
    /// the seed does not state numerically: τ0 = [`SEED000_TAU0`] (μ0 = 0.15),
    /// H = [`SEED000_HARDNESS`], b = [`SEED000_ALPHA_B`], v_ref = [`SEED000_ALPHA_V_REF`].
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
            law: LawParams {
                tau0: SEED000_TAU0,
                kappa: 2.0,
                e_star: 55.0e9,
                slope_rms: 0.34,
            },
            transport: TransportSection {
                hardness: SEED000_HARDNESS,
                particle_thickness: 0.5e-6,
                archard_k: 1.0e-4,
                tool_fraction: 0.2,
            },
            alpha: AlphaSection {
                form: AlphaLawForm::ExpSaturation,
                curve: AlphaCurve::from_law(AlphaLaw::saturation(
                    SEED000_ALPHA_B,
                    SEED000_ALPHA_V_REF,
                )),
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
            let v = 1e-2 * crate::real::powf(10.0, 4.0 * i as f32 / (ALPHA_SAMPLES - 1) as f32);
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
            material: text("zirconia/zirconia (example data)"),
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
            material: text("Al2O3 debris layer (example)"),
            provenance,
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
        t
    }

    /// Recomputes `beta_thres.at_alpha_samples` and its 95 % interval from the rule and the α
    /// samples with their intervals
    /// (β_thres = κ/(α·h'_rms), Eq. 24). [`Error::InvalidTable`] if a sample gives a
    /// non-finite or non-positive value.
    pub fn fill_beta_thres_samples(&mut self) -> Result<(), Error> {
        let (mut at, mut lo, mut hi) = (Vec::new(), Vec::new(), Vec::new());
        match self.beta_thres.rule {
            BetaThresRule::ContactAreaBound => {
                let rule = |alpha: f32| self.law.kappa / (alpha * self.law.slope_rms);
                let curve = &self.alpha.curve;
                for i in 0..curve.alpha.len() {
                    let b = rule(curve.alpha[i]);
                    let b_lo = rule(curve.ci95_hi[i]);
                    let b_hi = if curve.ci95_lo[i] > 0.0 {
                        rule(curve.ci95_lo[i])
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
